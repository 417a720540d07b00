/**
 * The HTTP API's tests inside Felix, with Jetty on an ephemeral port and java.net.http as the client: every
 * endpoint, each error category, authentication on and off, the binding guard, oversized bodies, a follow whose
 * client goes, concurrent creates, and the OpenAPI document against the real endpoints.
 */
package dev.orchard.http.tests;
