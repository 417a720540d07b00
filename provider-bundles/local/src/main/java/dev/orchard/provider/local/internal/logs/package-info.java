/**
 * The local provider's container logs: the format the wrapper's log loop writes (lines cut into parts of at most
 * 16 KiB, as the kubelet's CRI logging cuts them), and the streaming reader that joins the parts and applies the
 * kubelet's options with a bounded amount of memory. Plain Java on the API; the local provider's pods and
 * processes depend on it, and it depends on nothing of the provider.
 */
package dev.orchard.provider.local.internal.logs;
