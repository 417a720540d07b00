/**
 * Streaming a provider's output to an HTTP client: the copy that Orchard's API and the kubelet API both answer logs
 * with, which ends as soon as its client goes (output or not), and the bound on how many streams (logs, exec
 * sessions) one server answers at once.
 *
 * <p>It runs on the servlet API and Felix HTTP Jetty 12 (it watches the client's connection through Jetty, which
 * reads none while a request is answered). Exported so that the kubelet bridge streams logs exactly as the HTTP API
 * does; a support bundle may take it over later.
 */
@Export
@Version("3.0.0")
package dev.orchard.http.streaming;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
