/**
 * The conformance kit against a kubernetes instance inside a real Felix framework, over fabric8's mock API server:
 * the framework, the node and kubelet the mock server lacks, and the run. Test code only; nothing depends on it.
 */
package dev.orchard.provider.kubernetes.conformance;
