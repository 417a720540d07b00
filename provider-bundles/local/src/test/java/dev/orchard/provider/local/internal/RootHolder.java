package dev.orchard.provider.local.internal;

import dev.orchard.provider.local.internal.files.RootLock;
import java.nio.file.Path;

/**
 * A second process that owns a root, for {@link LocalProviderOwnershipTest}: takes the root's lock, says so on
 * its output, and holds it until its input closes or it is killed.
 */
final class RootHolder {
    private RootHolder() {}

    /**
     * Holds the roots given.
     *
     * @param args the roots' folders
     * @throws Exception if a root cannot be taken
     */
    public static void main(String[] args) throws Exception {
        java.util.List<RootLock> held = new java.util.ArrayList<>();
        for (String a : args) {
            held.add(RootLock.tryTake(Path.of(a)).orElseThrow(() -> new IllegalStateException(a + " is owned")));
        }
        System.out.println("held");
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold until the test closes the input
        }
        held.forEach(RootLock::close);
    }
}
