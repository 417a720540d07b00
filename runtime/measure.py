#!/usr/bin/env python3
"""Measures the runtime as the runtime issue asks: cold start to the first answer of orchard:providers,
jar drop into deploy/ to visible, and the jar size. Medians of 5 runs; run after `mvn -B -q install -DskipTests`.

    python3 runtime/measure.py
"""
import os, shutil, statistics, subprocess, sys, tempfile, time, glob

here = os.path.dirname(os.path.abspath(__file__))
jar = os.path.join(here, "target", "orchard.jar")
example = glob.glob(os.path.join(here, "..", "provider-bundles", "example", "target", "orchard-provider-example-*.jar"))[0]
RUNS = 5

def read_until(proc, marker, timeout=30):
    buf, deadline = b"", time.time() + timeout
    while marker not in buf:
        if time.time() > deadline:
            raise SystemExit("timed out waiting for %r; got %r" % (marker, buf[-500:]))
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            raise SystemExit("orchard exited; got %r" % buf[-500:])
        buf += chunk
    return buf

cold, deploy = [], []
for i in range(RUNS):
    d = tempfile.mkdtemp(prefix="orchard-measure-")
    t0 = time.monotonic()
    p = subprocess.Popen(["java", "-jar", jar], cwd=d, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    p.stdin.write(b"orchard:providers\n"); p.stdin.flush()
    read_until(p, b"CANDIDATES")
    cold.append((time.monotonic() - t0) * 1000)
    tmp = os.path.join(d, "deploy", "example.tmp")
    shutil.copy(example, tmp)
    t1 = time.monotonic()
    os.rename(tmp, os.path.join(d, "deploy", "example.jar"))
    n = 0
    while True:
        n += 1
        marker = ("__m%d__" % n).encode()
        p.stdin.write(b"orchard:providers\necho " + marker + b"\n"); p.stdin.flush()
        out = read_until(p, marker + b"\n")
        if b"hello " in out:
            break
        time.sleep(0.01)
    deploy.append((time.monotonic() - t1) * 1000)
    p.stdin.write(b"stop 0\n"); p.stdin.flush(); p.wait(30)
    shutil.rmtree(d)

print("cold start to first orchard:providers answer: median %.0f ms (runs: %s)"
      % (statistics.median(cold), ", ".join("%.0f" % c for c in cold)))
print("jar dropped into deploy/ to visible:          median %.0f ms (runs: %s)"
      % (statistics.median(deploy), ", ".join("%.0f" % c for c in deploy)))
print("orchard.jar size: %.2f MiB" % (os.path.getsize(jar) / 1048576.0))
