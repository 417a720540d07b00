/**
 * The local provider's roots and the file helpers its volumes and pods share: a root's mark (a root holding what
 * the provider did not make is refused), its ownership (an OS lock, one instance per root across processes),
 * paths and removals inside it that never follow a link, the one Jackson mapper, atomic replacement of a file,
 * and the reading of stored fields back into values.
 * Plain Java on the API's error types; the other packages of the local provider may depend on it.
 */
package dev.orchard.provider.local.internal.files;
