package dev.orchard.provider.local.internal.files;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The provider's one Jackson mapper, made on first use: a runtime that starts with no volume or pod to read does
 * not load Jackson's few hundred classes at start-up. A mapper is thread-safe once configured.
 */
public final class Json {
    private Json() {}

    private static final class Holder {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /**
     * The mapper.
     *
     * @return the one mapper, configured to indent what it writes
     */
    public static ObjectMapper mapper() {
        return Holder.MAPPER;
    }
}
