/**
 * The Orchard provider conformance kit: JUnit 5 tests run by osgi-test inside a framework against the provider
 * named by the framework property {@code orchard.tck.provider}. Not an API: nothing here is exported.
 */
package dev.orchard.provider.tck;
