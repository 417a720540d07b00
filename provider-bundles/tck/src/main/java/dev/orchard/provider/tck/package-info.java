/**
 * The Orchard provider conformance kit: JUnit 5 tests run by osgi-test inside a framework against the provider
 * named by the framework property {@code orchard.tck.provider}. Not an API: nothing here is exported, and nothing
 * may depend on it but the framework's tester. It depends on the API bundle, JUnit and osgi-test, never on a
 * provider.
 */
package dev.orchard.provider.tck;
