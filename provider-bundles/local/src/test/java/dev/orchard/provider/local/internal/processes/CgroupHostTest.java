package dev.orchard.provider.local.internal.processes;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The provider's own cgroup folders, on this host's real cgroup file system: an instance that leaves removes them
 * once no pod is in them, keeps them while one is, and an instance of the same root whose shared folder another
 * removed makes it again at its next pod. Skipped where the host lets the provider make no cgroup.
 */
class CgroupHostTest {
    private static CgroupHost host(String name) {
        CgroupHost host = CgroupHost.discover(name);
        assumeTrue(host.available(), "this host lets the provider make no cgroup: " + host);
        return host;
    }

    private static boolean exists(Path dir) {
        return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void aFolderHoldingAPodStaysAndAnEmptyOneIsRemoved() throws IOException {
        CgroupHost host = host("host-test-" + Long.toHexString(System.nanoTime()));
        List<Path> folders = host.folders();
        folders.forEach(f -> assertTrue(exists(f), f + " is made when the provider opens"));
        PodBoundary pod = host.boundary("pod-a", "token-a");
        pod.make();
        host.removeIfEmpty();
        folders.forEach(f -> assertTrue(exists(f), f + " holds a pod's group, so it stays"));
        pod.remove();
        host.removeIfEmpty();
        folders.forEach(f -> assertFalse(exists(f), f + " is empty, so it is removed"));
    }

    @Test
    void anInstanceWhoseSharedFolderAnotherRemovedMakesItAgainForItsNextPod() throws IOException {
        String name = "host-test-" + Long.toHexString(System.nanoTime());
        CgroupHost staying = host(name);
        CgroupHost leaving = CgroupHost.discover(name); // the same root: the same folders
        leaving.removeIfEmpty();
        staying.folders().forEach(f -> assertFalse(exists(f), f + " was removed by the instance that left"));
        PodBoundary pod = staying.boundary("pod-b", "token-b");
        pod.make();
        try {
            staying.folders().forEach(f -> assertTrue(exists(f.resolve("pod-b")), "the pod's group is made"));
        } finally {
            pod.remove();
            staying.removeIfEmpty();
        }
        staying.folders().forEach(f -> assertFalse(exists(f), f + " is left behind"));
    }
}
