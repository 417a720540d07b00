package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;
import org.apache.felix.service.command.JobListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ctrl-C against a real Gogo session, at the moments a person cannot aim at from a terminal: between two statements
 * of a line, as a statement starts, while one runs, and at random. Where the moment matters, the Ctrl-C is sent from
 * the job listener as the job changes state, so it is exact.
 */
class CommandRunTest {
    private final Commands commands = new Commands();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private ThreadIOImpl threadIO;
    private CommandProcessorImpl processor;
    private CommandSession session;

    /** What the lines run: one command that returns at once, one that takes a while and counts its ends. */
    public static final class Commands {
        final AtomicInteger quickCalls = new AtomicInteger();
        final AtomicInteger markCalls = new AtomicInteger();
        final AtomicInteger slowBegun = new AtomicInteger();
        final AtomicInteger slowEnded = new AtomicInteger();
        volatile CountDownLatch slowStarted = new CountDownLatch(1);

        /**
         * Returns at once.
         *
         * @return "quick"
         */
        public String quick() {
            quickCalls.incrementAndGet();
            return "quick";
        }

        /**
         * Leaves a mark at once, like a command with an effect ({@code stop}, {@code orchard:pod-rm}).
         *
         * @return "mark"
         */
        public String mark() {
            markCalls.incrementAndGet();
            return "mark";
        }

        /**
         * Sleeps for a second, unless interrupted.
         *
         * @return "slow"
         * @throws InterruptedException if interrupted
         */
        public String slow() throws InterruptedException {
            slowBegun.incrementAndGet();
            slowStarted.countDown();
            Thread.sleep(1000);
            slowEnded.incrementAndGet();
            return "slow";
        }
    }

    @BeforeEach
    void startGogo() {
        threadIO = new ThreadIOImpl();
        threadIO.start();
        processor = new CommandProcessorImpl(threadIO);
        processor.addCommand("t", commands, "quick");
        processor.addCommand("t", commands, "slow");
        processor.addCommand("t", commands, "mark");
        PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8);
        session = processor.createSession(
                new ByteArrayInputStream(new byte[0]),
                new SessionOutput(print).stream(),
                new SessionOutput(print).stream());
    }

    @AfterEach
    void stopGogo() {
        session.close();
        processor.stop();
        threadIO.stop();
    }

    @ParameterizedTest
    @ValueSource(strings = {"t:quick; t:mark", "t:quick; t:mark &", "t:quick; t:mark | t:mark"})
    void aCtrlCBetweenTwoStatementsEndsTheRestOfTheLine(String line) throws Exception {
        for (int round = 0; round < 100; round++) {
            int before = commands.quickCalls.get();
            AtomicReference<CommandRun> run = new AtomicReference<>();
            run.set(new CommandRun(
                    hooked((j, now) -> {
                        if (now == Job.Status.Done && commands.quickCalls.get() == before + 1) {
                            run.get().interrupt(); // the first statement is done, the second not begun
                        }
                    }),
                    line));
            runIgnoringTheInterrupt(run.get());
            assertTrue(run.get().interrupted());
            assertFalse(run.get().interrupt(), "a second Ctrl-C finds the line over");
            assertEquals("quick", session.execute("t:quick"), "round " + round + ": the session takes commands");
        }
        Thread.sleep(200); // a statement handed to Gogo's pool would have run by now
        assertEquals(0, commands.markCalls.get(), "no statement after the Ctrl-C ever ran");
    }

    @Test
    void aCtrlCAsAStatementStartsEndsItAndTheRestOfTheLine() throws Exception {
        for (int round = 0; round < 20; round++) {
            int before = commands.quickCalls.get();
            AtomicReference<CommandRun> run = new AtomicReference<>();
            run.set(new CommandRun(
                    hooked((j, now) -> {
                        if (now == Job.Status.Foreground && commands.quickCalls.get() == before) {
                            run.get().interrupt(); // the first statement's job is starting: its task may not exist yet
                        }
                    }),
                    "t:quick; t:slow"));
            runIgnoringTheInterrupt(run.get());
            assertEquals(0, commands.slowBegun.get(), "round " + round + ": the second statement never began");
            assertEquals("quick", session.execute("t:quick"), "round " + round + ": the session takes commands");
        }
    }

    @Test
    void aCtrlCWhileACommandRunsEndsItAtOnce() throws Exception {
        CommandRun run = new CommandRun(session, "t:slow; t:quick");
        Thread ctrlC = new Thread(() -> {
            try {
                commands.slowStarted.await();
            } catch (InterruptedException e) {
                return;
            }
            run.interrupt();
        });
        ctrlC.start();
        runIgnoringTheInterrupt(run);
        ctrlC.join();
        Thread.sleep(1500);
        assertEquals(1, commands.slowBegun.get());
        assertEquals(0, commands.slowEnded.get(), "the running command was interrupted");
        assertEquals(0, commands.quickCalls.get(), "the statement after it never ran");
        assertEquals("quick", session.execute("t:quick"));
    }

    @Test
    void aCtrlCAtAnyMomentLeavesNoInterruptOnTheThreadAndNoJobInTheForeground() throws Exception {
        for (int round = 0; round < 100; round++) {
            CommandRun run = new CommandRun(session, "t:quick; t:quick; t:quick");
            long delayNanos = ThreadLocalRandom.current().nextLong(TimeUnit.MILLISECONDS.toNanos(3));
            Thread ctrlC = new Thread(() -> {
                long until = System.nanoTime() + delayNanos;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                run.interrupt();
            });
            ctrlC.start();
            runIgnoringTheInterrupt(run);
            ctrlC.join();
            assertFalse(Thread.currentThread().isInterrupted(), "round " + round + ": the interrupt stayed behind");
            if (run.leftJobRunning()) {
                stopGogo(); // as the console does: the session of a job left running is replaced
                startGogo();
            }
            assertEquals("quick", session.execute("t:quick"), "round " + round + ": the session takes commands");
        }
    }

    private static void runIgnoringTheInterrupt(CommandRun run) {
        try {
            run.execute();
        } catch (Exception interruptedOrCancelled) {
            // what an interrupted line throws is the caller's to show or not
        }
    }

    // The session, with a hook called after CommandRun's own job listener for each of the line's top-level jobs.
    private CommandSession hooked(BiConsumer<Job, Job.Status> hook) {
        return (CommandSession) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {CommandSession.class}, (proxy, method, args) -> {
                    Object[] passed = args;
                    if (method.getName().equals("setJobListener") && args[0] instanceof JobListener inner) {
                        passed = new Object[] {
                            (JobListener) (j, before, now) -> {
                                inner.jobChanged(j, before, now);
                                if (j.parent() == null) {
                                    hook.accept(j, now);
                                }
                            }
                        };
                    }
                    try {
                        return method.invoke(session, passed);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
