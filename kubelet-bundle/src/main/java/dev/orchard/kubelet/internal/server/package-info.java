/**
 * One bridge's kubelet API server: its settings ({@code kubelet.*} keys), its TLS material (a configured PEM pair or
 * a self-signed one made with BouncyCastle, written with the client CA into the instance's owner-only folder), the
 * factory configuration of Felix HTTP that makes its HTTPS server, and the whiteboard registrations of the API for
 * that server alone.
 *
 * <p>It depends on the API bundle, OSGi (framework, ConfigurationAdmin), BouncyCastle and the kubelet API package.
 * Only the bridge's component uses it; it is not exported.
 */
package dev.orchard.kubelet.internal.server;
