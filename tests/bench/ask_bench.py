#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What an approved ask entry costs the registrar (on demand, not a test).

Usage: ask_bench.py BUILD_DIR [N] [ROUNDS]

Each round times, in one running registrar, N pairs of checks as a session
of Claude Code's hook makes them: the hook's check (origin HOOK) and the
executor's (origin EXECUTOR), of
  baseline  `ls -la` (allowed: no ticket),
  ask       `make all` under an `ask: true` entry (the hook's check records
            a ticket file, the executor's takes it: HMAC, write, rename,
            read, unlink).
Prints per-round microseconds per pair, then the medians and their ratio,
with the load average (the machine is shared).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

build = os.path.abspath(sys.argv[1])
n = int(sys.argv[2]) if len(sys.argv) > 2 else 500
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
TOOL = f"{build}/tests/services/svc_tool"
REG = f"{build}/services/registrar/lite-sandbox-registrar"

tmp = tempfile.mkdtemp(prefix="ask-bench-")
try:
    proj = os.path.join(tmp, "proj")
    os.makedirs(proj)
    os.makedirs(os.path.join(tmp, "home"))
    rt = os.path.join(tmp, "rt")
    os.makedirs(rt, 0o700)
    cfg = os.path.join(tmp, "config.yaml")
    with open(cfg, "w") as f:
        f.write("mode: allowlist\ncommands:\n  - name: make\n    ask: true\n")
    env = dict(os.environ, HOME=os.path.join(tmp, "home"), XDG_RUNTIME_DIR=rt,
               XDG_CACHE_HOME=os.path.join(tmp, "cache"), LITE_SANDBOX_CONFIG=cfg,
               LITE_SANDBOX_REGISTRAR=REG)

    def pair_us(command):
        p = subprocess.run([TOOL, "bench-ask", str(n), proj, command], env=env,
                           capture_output=True, text=True, timeout=600)
        if p.returncode:
            sys.exit(f"svc_tool: {p.stderr.strip()}")
        return float(p.stdout)

    pair_us("true")  # starts the registrar (spawned on demand), warms its cache
    base, ask = [], []
    for _ in range(rounds):
        base.append(pair_us("ls -la"))
        ask.append(pair_us("make all"))
        print(f"round: baseline {base[-1]:.1f} us/pair, ask {ask[-1]:.1f} us/pair", flush=True)
    mb, ma = statistics.median(base), statistics.median(ask)
    print(f"median: baseline {mb:.1f} us, ask (ticket recorded and taken) {ma:.1f} us, "
          f"ratio {ma / mb:.2f}")
    print("load average: " + open("/proc/loadavg").read().strip())
finally:

    for d in os.listdir("/proc"):
        try:
            if d.isdigit() and cfg.encode() in open(f"/proc/{d}/cmdline", "rb").read():
                os.kill(int(d), 15)
        except OSError:
            pass
    shutil.rmtree(tmp, ignore_errors=True)
