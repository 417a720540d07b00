package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Which part of a container's log to return, validated as the kubelet validates its log options. Immutable.
 *
 * <p>Rules: tail is at least 0, limitBytes at least 1, sinceSeconds at least 1, and sinceSeconds and sinceTime
 * are not both given. Build with {@link #builder()}; {@link #DEFAULT} returns the whole log.
 */
public final class LogOptions {
    /** The whole current log, without timestamps, not following. */
    public static final LogOptions DEFAULT = builder().build();

    private final int tail;
    private final long limitBytes;
    private final boolean timestamps;
    private final boolean follow;
    private final boolean previous;
    private final long sinceSeconds;
    private final Instant sinceTime;

    private LogOptions(Builder b) {
        if (b.tail != null && b.tail < 0) {
            throw new InvalidInputException("tail " + b.tail + " must be 0 or more lines");
        }
        if (b.limitBytes != null && b.limitBytes < 1) {
            throw new InvalidInputException("limitBytes " + b.limitBytes + " must be at least 1");
        }
        if (b.sinceSeconds != null && b.sinceSeconds < 1) {
            throw new InvalidInputException("sinceSeconds " + b.sinceSeconds + " must be at least 1");
        }
        if (b.sinceSeconds != null && b.sinceTime != null) {
            throw new InvalidInputException("sinceSeconds and sinceTime must not both be given; choose one");
        }
        this.tail = b.tail == null ? -1 : b.tail;
        this.limitBytes = b.limitBytes == null ? -1 : b.limitBytes;
        this.timestamps = b.timestamps;
        this.follow = b.follow;
        this.previous = b.previous;
        this.sinceSeconds = b.sinceSeconds == null ? -1 : b.sinceSeconds;
        this.sinceTime = b.sinceTime;
    }

    /**
     * Starts new options.
     *
     * @return a builder for the whole log
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The number of lines to return from the end of the log.
     *
     * @return the count, or empty for all lines
     */
    public OptionalInt tail() {
        return tail < 0 ? OptionalInt.empty() : OptionalInt.of(tail);
    }

    /**
     * The most bytes to return.
     *
     * @return the limit, or empty for no limit
     */
    public OptionalLong limitBytes() {
        return limitBytes < 0 ? OptionalLong.empty() : OptionalLong.of(limitBytes);
    }

    /**
     * Whether each line starts with its RFC 3339 timestamp and a space.
     *
     * @return true for timestamps
     */
    public boolean timestamps() {
        return timestamps;
    }

    /**
     * Whether the stream goes on with new lines until the container exits or the stream is closed.
     *
     * @return true to follow
     */
    public boolean follow() {
        return follow;
    }

    /**
     * Whether to return the log of the previous run of the container instead of the current one.
     *
     * @return true for the previous run
     */
    public boolean previous() {
        return previous;
    }

    /**
     * Only lines written in the last so many seconds.
     *
     * @return the seconds, or empty
     */
    public OptionalLong sinceSeconds() {
        return sinceSeconds < 0 ? OptionalLong.empty() : OptionalLong.of(sinceSeconds);
    }

    /**
     * Only lines written at or after this time.
     *
     * @return the time, or empty
     */
    public Optional<Instant> sinceTime() {
        return Optional.ofNullable(sinceTime);
    }

    /**
     * The earliest time of a line to return, from sinceSeconds or sinceTime.
     *
     * @param now the current time
     * @return the cut-off, or empty if neither is set
     */
    public Optional<Instant> since(Instant now) {
        if (sinceTime != null) {
            return Optional.of(sinceTime);
        }
        if (sinceSeconds < 0) {
            return Optional.empty();
        }
        // More seconds than lie between Instant.MIN and now mean the whole log.
        long available = now.getEpochSecond() - Instant.MIN.getEpochSecond();
        return Optional.of(sinceSeconds > available ? Instant.MIN : now.minusSeconds(sinceSeconds));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LogOptions l
                && tail == l.tail
                && limitBytes == l.limitBytes
                && timestamps == l.timestamps
                && follow == l.follow
                && previous == l.previous
                && sinceSeconds == l.sinceSeconds
                && Objects.equals(sinceTime, l.sinceTime);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tail, limitBytes, timestamps, follow, previous, sinceSeconds, sinceTime);
    }

    @Override
    public String toString() {
        return "LogOptions[tail=" + tail + ", limitBytes=" + limitBytes + ", timestamps=" + timestamps
                + ", follow=" + follow + ", previous=" + previous + ", sinceSeconds=" + sinceSeconds
                + ", sinceTime=" + sinceTime + "]";
    }

    /** Collects log options; {@link #build()} validates them. Not thread-safe. */
    public static final class Builder {
        private Integer tail;
        private Long limitBytes;
        private boolean timestamps;
        private boolean follow;
        private boolean previous;
        private Long sinceSeconds;
        private Instant sinceTime;

        private Builder() {}

        /**
         * Returns only the last lines.
         *
         * @param lines 0 or more
         * @return this builder
         */
        public Builder tail(int lines) {
            this.tail = lines;
            return this;
        }

        /**
         * Returns at most this many bytes.
         *
         * @param bytes 1 or more
         * @return this builder
         */
        public Builder limitBytes(long bytes) {
            this.limitBytes = bytes;
            return this;
        }

        /**
         * Prefixes each line with its timestamp.
         *
         * @param on true for timestamps
         * @return this builder
         */
        public Builder timestamps(boolean on) {
            this.timestamps = on;
            return this;
        }

        /**
         * Follows the log.
         *
         * @param on true to follow
         * @return this builder
         */
        public Builder follow(boolean on) {
            this.follow = on;
            return this;
        }

        /**
         * Reads the previous run's log.
         *
         * @param on true for the previous run
         * @return this builder
         */
        public Builder previous(boolean on) {
            this.previous = on;
            return this;
        }

        /**
         * Returns only lines of the last so many seconds.
         *
         * @param seconds 1 or more
         * @return this builder
         */
        public Builder sinceSeconds(long seconds) {
            this.sinceSeconds = seconds;
            return this;
        }

        /**
         * Returns only lines written at or after a time.
         *
         * @param time the time; null clears it
         * @return this builder
         */
        public Builder sinceTime(Instant time) {
            this.sinceTime = time;
            return this;
        }

        /**
         * Validates and builds the options.
         *
         * @return the options
         * @throws InvalidInputException naming the option that breaks a rule
         */
        public LogOptions build() {
            return new LogOptions(this);
        }
    }
}
