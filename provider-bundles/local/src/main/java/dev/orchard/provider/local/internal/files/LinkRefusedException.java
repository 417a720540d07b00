package dev.orchard.provider.local.internal.files;

import java.nio.file.FileSystemException;
import java.nio.file.Path;

/** A symbolic link met under one of the provider's roots, where it never follows one. */
public final class LinkRefusedException extends FileSystemException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param link the link
     */
    public LinkRefusedException(Path link) {
        super(link.toString(), null, "a symbolic link; the local provider never follows links under its roots");
    }
}
