package dev.orchard.http.api;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The volume endpoints of an orchestrator: list (namespace and label filters), create, read and delete. */
final class VolumeEndpoints {
    private static final String BASE = "/orchestrators/{name}/volumes";

    private final ProviderCalls calls;
    private final DefaultName names;

    VolumeEndpoints(ProviderCalls calls, DefaultName names) {
        this.calls = calls;
        this.names = names;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", BASE, this::list),
                new Route("POST", BASE, this::create),
                new Route("GET", BASE + "/{namespace}/{volume}", this::read),
                new Route("DELETE", BASE + "/{namespace}/{volume}", this::delete));
    }

    private void list(Exchange ex) throws IOException {
        ex.allowQuery(List.of("namespace", "label"));
        String orchestrator = names.resolve(ex.path("name"));
        VolumeProfile.Builder filter =
                VolumeProfile.builder().namespace(ex.query("namespace").orElse(null));
        for (String label : ex.queryAll("label")) {
            int eq = label.indexOf('=');
            if (eq <= 0) {
                throw new InvalidInputException("query parameter label " + Names.quote(label)
                        + " is not key=value; give one label=key=value per label");
            }
            filter.label(label.substring(0, eq), label.substring(eq + 1));
        }
        VolumeProfile profile = filter.build();
        List<VolumeJson> items = storage(
                        orchestrator,
                        "listStorage",
                        ops -> ops.listStorage(profile).items())
                .stream()
                .map(VolumeJson::of)
                .toList();
        ex.send(200, Map.of("items", items));
    }

    private void create(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String orchestrator = names.resolve(ex.path("name"));
        VolumeProfile profile = ex.body(VolumeRequest.class).toProfile(orchestrator);
        Volume created = storage(orchestrator, "addStorage", ops -> ops.addStorage(profile));
        ex.created(
                "/orchestrators/" + ex.path("name") + "/volumes/" + created.namespace() + "/" + created.name(),
                VolumeJson.of(created));
    }

    private void read(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String orchestrator = names.resolve(ex.path("name"));
        VolumeProfile profile = one(ex, orchestrator);
        Optional<Volume> volume = storage(orchestrator, "readStorage", ops -> ops.readStorage(profile));
        ex.send(200, VolumeJson.of(volume.orElseThrow(() -> missing(profile, orchestrator))));
    }

    private void delete(Exchange ex) throws IOException {
        ex.allowQuery(List.of());
        String orchestrator = names.resolve(ex.path("name"));
        VolumeProfile profile = one(ex, orchestrator);
        if (!storage(orchestrator, "deleteStorage", ops -> ops.deleteStorage(profile))) {
            throw missing(profile, orchestrator);
        }
        ex.noContent();
    }

    private static VolumeProfile one(Exchange ex, String orchestrator) {
        return VolumeProfile.builder()
                .namespace(ex.path("namespace"))
                .name(ex.path("volume"))
                .orchestrator(orchestrator)
                .build();
    }

    private static NotFoundException missing(VolumeProfile profile, String orchestrator) {
        return new NotFoundException("volume " + profile.namespace() + "/" + profile.requireName() + " does not exist"
                + " in orchestrator " + Names.quote(orchestrator));
    }

    private <R> R storage(String orchestrator, String operation, Function<StorageOps, R> call) {
        return calls.storage(orchestrator, operation, call);
    }
}
