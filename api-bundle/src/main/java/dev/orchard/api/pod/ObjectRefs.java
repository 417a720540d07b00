package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.util.regex.Pattern;

/** Checks the names by which a pod refers to other objects of its namespace: config maps, secrets and their keys. */
final class ObjectRefs {
    private static final Pattern KEY = Pattern.compile("[-._a-zA-Z0-9]+");

    private ObjectRefs() {}

    /** A config map's or secret's name: a DNS subdomain of at most 253 characters. */
    static String requireObjectName(String field, String name) {
        if (name == null || name.isEmpty() || name.length() > 253 || !Checks.isDnsSubdomain(name)) {
            throw new InvalidInputException(field + " " + Names.quote(name)
                    + " must be a DNS subdomain: at most 253 lower case letters, digits, '-' and '.'");
        }
        return name;
    }

    /** A key of a config map or secret: at most 253 letters, digits, '-', '_' and '.'. */
    static String requireKey(String field, String key) {
        if (key == null || key.length() > 253 || !KEY.matcher(key).matches() || key.equals(".") || key.equals("..")) {
            throw new InvalidInputException(
                    field + " " + Names.quote(key) + " must be at most 253 letters, digits, '-', '_' and '.'");
        }
        return key;
    }
}
