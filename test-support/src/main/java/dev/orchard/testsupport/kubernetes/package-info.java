/**
 * fabric8's kubernetes-server-mock made to answer as a real API server does where Orchard's tests and benchmarks
 * need it. Test and benchmark code may depend on it; no bundle may.
 */
package dev.orchard.testsupport.kubernetes;
