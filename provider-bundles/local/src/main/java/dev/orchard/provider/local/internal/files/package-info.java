/**
 * File helpers that the local provider's volumes and pods share: the one Jackson mapper, atomic replacement of a
 * file, removal of folder trees that never follows a link, and the reading of stored fields back into values.
 * Plain Java on the API's error types; the other packages of the local provider may depend on it.
 */
package dev.orchard.provider.local.internal.files;
