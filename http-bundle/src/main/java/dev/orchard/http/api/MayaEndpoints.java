package dev.orchard.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.registry.OrchestratorRegistry;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * maya's volume paths, as its API server served them under {@code /latest/volumes/} and its CLI and clients call
 * them, on the default orchestrator ({@code detectDefault()}): {@code GET /} lists, {@code POST /} creates from a
 * CASVolume, {@code GET /<name>} reads and {@code DELETE /<name>} deletes; the namespace comes from the
 * {@code namespace} header (or the CASVolume's metadata), {@code default} without one. Success is 200 with a
 * CASVolume or CASVolumeList, as maya answered. maya 0.5's {@code GET /info/<name>} and {@code GET /delete/<name>}
 * are served too.
 */
public final class MayaEndpoints {
    private static final String NAMESPACE_HEADER = "namespace";

    private final OrchestratorRegistry orchestrators;
    private final ProviderCalls calls;

    /**
     * Serves maya's paths over an orchestrator registry.
     *
     * @param orchestrators the registry; its detected default serves every call
     * @param calls how the orchestrator is called, with the API's deadline
     */
    public MayaEndpoints(OrchestratorRegistry orchestrators, ProviderCalls calls) {
        this.orchestrators = orchestrators;
        this.calls = calls;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/", this::list),
                new Route("POST", "/", this::create),
                new Route("GET", "/{volume}", this::read),
                new Route("DELETE", "/{volume}", this::delete),
                // maya 0.5's paths, which its API server kept serving beside the ones above.
                new Route("GET", "/info/{volume}", this::read),
                new Route("GET", "/delete/{volume}", this::deleteByGet, true));
    }

    private void list(Exchange ex) throws IOException {
        String orchestrator = orchestrators.detectDefault();
        VolumeProfile filter =
                VolumeProfile.builder().namespace(ex.header(NAMESPACE_HEADER)).build();
        List<Map<String, Object>> items =
                storage(
                                orchestrator,
                                "listStorage",
                                ops -> ops.listStorage(filter).items())
                        .stream()
                        .map(MayaEndpoints::casVolume)
                        .toList();
        Map<String, Object> list = new HashMap<>();
        list.put("metadata", Map.of());
        list.put("metalist", Map.of());
        list.put("items", items);
        ex.send(200, list);
    }

    private void create(Exchange ex) throws IOException {
        String orchestrator = orchestrators.detectDefault();
        JsonNode body = ex.body(JsonNode.class);
        JsonNode metadata = body.path("metadata");
        JsonNode spec = body.path("spec");
        String name = text(metadata, "name");
        if (name == null) {
            throw new InvalidInputException("failed to create volume: missing volume name (metadata.name)");
        }
        String namespace = text(metadata, "namespace");
        VolumeProfile.Builder profile = VolumeProfile.builder()
                .name(name)
                .namespace(namespace != null ? namespace : ex.header(NAMESPACE_HEADER))
                .orchestrator(orchestrator);
        String capacity = text(spec, "capacity");
        if (capacity == null) {
            throw new InvalidInputException("failed to create volume: missing capacity (spec.capacity), e.g. 5G");
        }
        profile.capacity(capacity);
        String replicas = text(spec, "replicas");
        if (replicas != null) {
            try {
                profile.replicas(Integer.parseInt(replicas));
            } catch (NumberFormatException e) {
                throw new InvalidInputException(
                        "spec.replicas " + Names.quote(replicas) + " is not a whole number of replicas");
            }
        }
        String casType = text(spec, "casType");
        if (casType != null) {
            profile.storageClass(casType);
        }
        if (metadata.path("labels").isObject()) {
            metadata.path("labels")
                    .fields()
                    .forEachRemaining(
                            e -> profile.label(e.getKey(), e.getValue().asText()));
        }
        VolumeProfile built = profile.build();
        ex.send(200, casVolume(storage(orchestrator, "addStorage", ops -> ops.addStorage(built))));
    }

    private void read(Exchange ex) throws IOException {
        String orchestrator = orchestrators.detectDefault();
        VolumeProfile profile = one(ex, orchestrator);
        Volume volume = storage(orchestrator, "readStorage", ops -> ops.readStorage(profile))
                .orElseThrow(() -> missing("read", profile));
        ex.send(200, casVolume(volume));
    }

    private void delete(Exchange ex) throws IOException {
        String orchestrator = orchestrators.detectDefault();
        VolumeProfile profile = one(ex, orchestrator);
        Volume deleted = storage(orchestrator, "deleteStorage", ops -> {
            Volume volume = ops.readStorage(profile).orElseThrow(() -> missing("delete", profile));
            if (!ops.deleteStorage(profile)) {
                throw missing("delete", profile);
            }
            return volume;
        });
        ex.send(200, casVolume(deleted));
    }

    /** maya 0.5's delete: a GET that answers a JSON string, or 404 {@code Volume '<name>' not found}. */
    private void deleteByGet(Exchange ex) throws IOException {
        String orchestrator = orchestrators.detectDefault();
        VolumeProfile profile = one(ex, orchestrator);
        if (!storage(orchestrator, "deleteStorage", ops -> ops.deleteStorage(profile))) {
            throw new NotFoundException("Volume '" + profile.requireName() + "' not found");
        }
        ex.send(200, "Volume '" + profile.requireName() + "' deleted successfully");
    }

    private static VolumeProfile one(Exchange ex, String orchestrator) {
        return VolumeProfile.builder()
                .name(ex.path("volume"))
                .namespace(ex.header(NAMESPACE_HEADER))
                .orchestrator(orchestrator)
                .build();
    }

    private static NotFoundException missing(String what, VolumeProfile profile) {
        return new NotFoundException("failed to " + what + " volume: volume {" + profile.requireName()
                + "} not found in namespace {" + profile.namespace() + "}");
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.asText().isEmpty() ? value.asText() : null;
    }

    /** A volume as maya's CASVolume: metadata, spec and status, with maya's own field names. */
    private static Map<String, Object> casVolume(Volume v) {
        Map<String, Object> metadata = new HashMap<>();
        metadata.put("name", v.name());
        metadata.put("namespace", v.namespace());
        metadata.put("uid", v.uid());
        metadata.put("labels", v.labels());
        metadata.put("annotations", v.annotations());
        metadata.put("creationTimestamp", v.creationTime());
        Map<String, Object> spec = new HashMap<>();
        spec.put("capacity", dev.orchard.api.quantity.Quantity.formatBytes(v.capacityBytes()));
        spec.put("replicas", String.valueOf(v.replicas()));
        spec.put("casType", v.storageClass());
        spec.put("iqn", "");
        spec.put("targetPortal", "");
        spec.put("targetIP", "");
        spec.put("targetPort", "");
        spec.put("fsType", "");
        spec.put("lun", 0);
        spec.put("accessMode", "");
        Map<String, Object> status = new HashMap<>();
        // maya's phases are Pending, Available and Failed, capitalised as words.
        String phase = v.phase().name();
        status.put("Phase", phase.charAt(0) + phase.substring(1).toLowerCase(java.util.Locale.ROOT));
        status.put("Message", v.message());
        status.put("Reason", "");
        Map<String, Object> cas = new HashMap<>();
        cas.put("metadata", metadata);
        cas.put("spec", spec);
        cas.put("status", status);
        return cas;
    }

    private <R> R storage(String orchestrator, String operation, Function<StorageOps, R> call) {
        return calls.storage(orchestrator, operation, call);
    }
}
