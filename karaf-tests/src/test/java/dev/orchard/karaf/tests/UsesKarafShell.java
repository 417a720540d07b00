package dev.orchard.karaf.tests;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a Karaf test that goes through Karaf's shell (a shell session, or {@code bin/client}): {@link KarafExam}
 * reports it skipped, with the reason, on a Java whose Karaf shell cannot run.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface UsesKarafShell {}
