/**
 * The kit's self-check: it runs the conformance tests against a deliberately broken provider and checks that they
 * fail, with messages a person can read. Built into its own test bundle; nothing may depend on it, and it depends
 * on the kit, the API bundle, JUnit and osgi-test.
 */
package dev.orchard.provider.tck.selfcheck;
