package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.provider.local.internal.processes.HostUsage;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The local node's conditions, from real checks of the host against the kubelet's default eviction thresholds:
 * memory ({@code memory.available < 100Mi}), disk (less than 10% free on a data root's file system, as
 * {@code nodefs.available < 10%}) and PIDs (fewer than 10% of the kernel's tasks left). Ready says the provider
 * can start processes.
 */
final class NodeConditions {
    /** Less memory available than this is pressure. */
    static final long MEMORY_AVAILABLE_MIN = 100L << 20;
    /** Less than this share of a data root's file system free is pressure. */
    static final double DISK_FREE_MIN = 0.10;
    /** Less than this share of the kernel's tasks left is pressure. */
    static final double PIDS_FREE_MIN = 0.10;

    private final List<Path> dataRoots;

    /**
     * The conditions of a node whose data is in these folders.
     *
     * @param dataRoots the volume and sandbox roots
     */
    NodeConditions(List<Path> dataRoots) {
        this.dataRoots = List.copyOf(dataRoots);
    }

    /**
     * Checks the host now.
     *
     * @return Ready, MemoryPressure, DiskPressure and PIDPressure, each with its reason and figures
     */
    List<NodeCondition> now() {
        List<NodeCondition> out = new ArrayList<>();
        out.add(new NodeCondition("Ready", true, "KubeletReady", "the local provider runs processes"));
        HostUsage.Memory m = HostUsage.memory();
        boolean memory = m.availableBytes() < MEMORY_AVAILABLE_MIN;
        out.add(new NodeCondition(
                "MemoryPressure",
                memory,
                memory ? "KubeletHasInsufficientMemory" : "KubeletHasSufficientMemory",
                Quantity.formatBytes(m.availableBytes()) + " of " + Quantity.formatBytes(m.totalBytes())
                        + " available; pressure below " + Quantity.formatBytes(MEMORY_AVAILABLE_MIN)));
        out.add(disk());
        HostUsage.Pids p = HostUsage.pids();
        boolean pids = p.max() > 0 && p.max() - p.inUse() < p.max() * PIDS_FREE_MIN;
        out.add(new NodeCondition(
                "PIDPressure",
                pids,
                pids ? "KubeletHasInsufficientPID" : "KubeletHasSufficientPID",
                p.inUse() + " of " + p.max() + " tasks in use; pressure with less than 10% left"));
        return out;
    }

    private NodeCondition disk() {
        StringBuilder figures = new StringBuilder();
        boolean pressure = false;
        for (Path root : dataRoots) {
            try {
                FileStore store = Files.getFileStore(root);
                long total = store.getTotalSpace();
                long free = store.getUsableSpace();
                pressure |= total > 0 && free < total * DISK_FREE_MIN;
                figures.append(figures.length() == 0 ? "" : "; ")
                        .append(root)
                        .append(": ")
                        .append(Quantity.formatBytes(free))
                        .append(" of ")
                        .append(Quantity.formatBytes(total))
                        .append(" free");
            } catch (IOException e) {
                pressure = true;
                figures.append(figures.length() == 0 ? "" : "; ").append(root).append(": cannot be read");
            }
        }
        return new NodeCondition(
                "DiskPressure",
                pressure,
                pressure ? "KubeletHasDiskPressure" : "KubeletHasNoDiskPressure",
                figures + "; pressure with less than 10% free");
    }
}
