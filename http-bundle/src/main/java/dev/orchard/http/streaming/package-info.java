/**
 * Streaming a provider's output to an HTTP client, in plain Java: the copy loop that Orchard's API and the kubelet
 * API both answer logs with.
 *
 * <p>It depends on the JDK only. Exported so that the kubelet bridge streams logs exactly as the HTTP API does.
 */
@Export
@Version("1.0.0")
package dev.orchard.http.streaming;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
