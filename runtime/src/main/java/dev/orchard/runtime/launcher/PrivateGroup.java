package dev.orchard.runtime.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether a directory's group write bit lets only its user write: Debian and Ubuntu give each user a group of the
 * same name and, for such users, a umask of 002, so every folder they make is group-writable. That is safe only where
 * the group has no other member and no POSIX ACL grants anyone else (with an ACL the group bits are its mask, so a
 * {@code user:bob:rwx} entry shows only there). Java reads neither the group's members nor an ACL, so both are asked
 * of the system ({@code getent group}, and the {@code +} that {@code ls -ld} prints after the mode); whatever cannot
 * be told counts as others'.
 */
final class PrivateGroup {
    private PrivateGroup() {}

    /**
     * Tells whether a directory's group is the user's alone.
     *
     * @param dir the directory, as the process reaches it
     * @param group its group's name
     * @param user this user's name
     * @return true if the group is named like the user, has no other member, and the directory has no ACL
     */
    static boolean isUsersAlone(Path dir, String group, String user) {
        if (!group.equals(user)) {
            return false;
        }
        String entry = run("getent", "group", group);
        if (entry == null) {
            return false;
        }
        String[] fields = entry.strip().split(":", -1);
        if (fields.length < 4 || !fields[0].equals(group)) {
            return false;
        }
        List<String> members =
                Arrays.stream(fields[3].split(",")).filter(m -> !m.isBlank()).toList();
        if (members.stream().anyMatch(m -> !m.equals(user))) {
            return false;
        }
        String listed = run("ls", "-ld", "--", dir.toString().isEmpty() ? "." : dir.toString());
        return listed != null && listed.length() > 10 && listed.charAt(10) != '+' && listed.charAt(10) != '@';
    }

    // The first line a command prints, or null if it failed or did not answer within 5 s.
    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readNBytes(4096);
            }
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0
                    ? new String(out, StandardCharsets.UTF_8)
                            .lines()
                            .findFirst()
                            .orElse("")
                    : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
