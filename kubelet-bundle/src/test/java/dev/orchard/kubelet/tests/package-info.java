/**
 * The kubelet API's framework tests: a bridge instance inside Felix, its HTTPS server on Felix HTTP Jetty 12, called
 * with java.net.http as a real client; kubernetes-server-mock as its cluster, in a JVM of its own. Nothing depends on
 * it.
 */
package dev.orchard.kubelet.tests;
