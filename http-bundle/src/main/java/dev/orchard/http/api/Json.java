package dev.orchard.http.api;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.pod.ClaimSource;
import dev.orchard.api.pod.ConfigMapSource;
import dev.orchard.api.pod.EmptyDirSource;
import dev.orchard.api.pod.ExecAction;
import dev.orchard.api.pod.HttpGetAction;
import dev.orchard.api.pod.ProbeAction;
import dev.orchard.api.pod.SecretSource;
import dev.orchard.api.pod.TcpSocketAction;
import dev.orchard.api.pod.VolumeSource;
import java.io.IOException;
import java.io.OutputStream;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.function.UnaryOperator;

/**
 * Reads and writes the API's JSON: the API records with their own field names, instants as RFC 3339 text, and the
 * sealed volume sources and probe actions with a {@code type} field. A body that does not map is an
 * {@link InvalidInputException} that names the field.
 */
final class Json {
    /** The deepest nesting a body may have; deeper is refused before it is built. */
    static final int MAX_NESTING = 64;

    private final ObjectMapper mapper;

    Json() {
        SimpleModule module = new SimpleModule("orchard");
        module.addSerializer(Instant.class, ToStringSerializer.instance);
        module.addDeserializer(Instant.class, new InstantText());
        module.setMixInAnnotation(VolumeSource.class, VolumeSourceTypes.class);
        module.setMixInAnnotation(ProbeAction.class, ProbeActionTypes.class);
        mapper = new ObjectMapper()
                .registerModule(module)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.getFactory()
                .setStreamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_NESTING)
                        .build());
    }

    /**
     * Writes a value as JSON.
     *
     * @param out where to
     * @param value the value
     * @throws IOException if the stream fails
     */
    void write(OutputStream out, Object value) throws IOException {
        mapper.writeValue(out, value);
    }

    /**
     * Reads a value.
     *
     * @param <T> its type
     * @param body the JSON
     * @param type its type
     * @return the value
     * @throws InvalidInputException if the body is not JSON, or a field is unknown, of the wrong type or invalid
     */
    <T> T read(byte[] body, Class<T> type) {
        return read(body, type, UnaryOperator.identity());
    }

    /**
     * Reads a value, after filling in defaults that its record cannot give (a missing number of a record is 0).
     *
     * @param <T> its type
     * @param body the JSON
     * @param type its type
     * @param defaults fills in what is absent from the parsed tree
     * @return the value
     * @throws InvalidInputException if the body is not JSON, or a field is unknown, of the wrong type or invalid
     */
    <T> T read(byte[] body, Class<T> type, UnaryOperator<JsonNode> defaults) {
        if (body.length == 0) {
            throw new InvalidInputException("the request has no body; send a JSON object");
        }
        try {
            JsonNode tree = mapper.readTree(body);
            if (tree == null || !tree.isObject()) {
                throw new InvalidInputException(
                        "the body is " + (tree == null ? "empty" : "JSON " + kind(tree)) + "; send a JSON object");
            }
            return mapper.treeToValue(defaults.apply(tree), type);
        } catch (ValueInstantiationException e) {
            String where = where(e);
            if (e.getCause() instanceof OrchardException cause) {
                throw new InvalidInputException(
                        where.isEmpty() ? cause.getMessage() : where + ": " + cause.getMessage());
            }
            throw new InvalidInputException("field " + orRoot(where) + " is invalid: " + e.getOriginalMessage());
        } catch (UnrecognizedPropertyException e) {
            throw new InvalidInputException(
                    "field " + orRoot(where(e)) + " is unknown; the fields there are " + e.getKnownPropertyIds());
        } catch (JsonMappingException e) {
            throw new InvalidInputException("field " + orRoot(where(e)) + ": " + firstLine(e.getOriginalMessage()));
        } catch (StreamConstraintsException e) {
            // Thrown without a location, for a body nested or sized beyond the parser's limits.
            throw new InvalidInputException("the body is beyond the JSON parser's limits (at most " + MAX_NESTING
                    + " levels of nesting): " + firstLine(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new InvalidInputException("the body is not valid JSON"
                    + (e.getLocation() == null
                            ? ""
                            : " at line " + e.getLocation().getLineNr() + ", column "
                                    + e.getLocation().getColumnNr())
                    + ": " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new InvalidInputException("the body cannot be read: " + e.getMessage());
        }
    }

    private static String kind(JsonNode tree) {
        return tree.isNull()
                ? "null"
                : tree.isArray() ? "an array" : "a " + tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The path of the field a mapping failed at, as {@code spec.containers[0].name}. */
    private static String where(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static String orRoot(String where) {
        return where.isEmpty() ? "(the body)" : where;
    }

    private static String firstLine(String message) {
        int end = message == null ? -1 : message.indexOf('\n');
        return end < 0 ? String.valueOf(message) : message.substring(0, end);
    }

    /** Instants as RFC 3339 text, e.g. {@code 2026-12-03T10:15:30Z}. */
    private static final class InstantText extends FromStringDeserializer<Instant> {
        private static final long serialVersionUID = 1L;

        InstantText() {
            super(Instant.class);
        }

        @Override
        protected Instant _deserialize(String value, com.fasterxml.jackson.databind.DeserializationContext ctxt) {
            try {
                return Instant.parse(value);
            } catch (DateTimeException e) {
                throw new InvalidInputException(
                        "time " + value + " is not an RFC 3339 instant such as 2026-12-03T10:15:30Z");
            }
        }
    }

    /** The volume sources by {@code type}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = EmptyDirSource.class, name = "emptyDir"),
        @JsonSubTypes.Type(value = ClaimSource.class, name = "persistentVolumeClaim"),
        @JsonSubTypes.Type(value = ConfigMapSource.class, name = "configMap"),
        @JsonSubTypes.Type(value = SecretSource.class, name = "secret")
    })
    private interface VolumeSourceTypes {}

    /** The probe actions by {@code type}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = ExecAction.class, name = "exec"),
        @JsonSubTypes.Type(value = HttpGetAction.class, name = "httpGet"),
        @JsonSubTypes.Type(value = TcpSocketAction.class, name = "tcpSocket")
    })
    private interface ProbeActionTypes {}
}
