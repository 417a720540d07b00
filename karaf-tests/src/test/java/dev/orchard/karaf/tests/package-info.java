/**
 * The Karaf tests: the {@code orchard} and {@code orchard-provider-kubernetes} features installed into a real Apache
 * Karaf 4.4 with pax-exam, and what a Karaf user would check there. Nothing depends on this package; it is tests only.
 */
package dev.orchard.karaf.tests;
