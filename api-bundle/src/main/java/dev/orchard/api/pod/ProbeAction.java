package dev.orchard.api.pod;

/**
 * What a probe does to check a container: run a command in it, GET a URL from it, or open a TCP connection to it.
 *
 * @since 1.1
 */
public sealed interface ProbeAction permits ExecAction, HttpGetAction, TcpSocketAction {}
