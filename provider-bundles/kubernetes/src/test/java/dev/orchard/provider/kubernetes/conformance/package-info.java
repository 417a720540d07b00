/**
 * The conformance kit's command ({@code orchard-tck.jar}) against a kubernetes instance over fabric8's mock API
 * server: the run, and the node and kubelet the mock server lacks. Test code only; nothing depends on it.
 */
package dev.orchard.provider.kubernetes.conformance;
