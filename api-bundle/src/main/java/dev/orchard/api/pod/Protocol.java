package dev.orchard.api.pod;

/** The protocol of a container port, as in Kubernetes. */
public enum Protocol {
    /** TCP, the default. */
    TCP,
    /** UDP. */
    UDP,
    /** SCTP. */
    SCTP
}
