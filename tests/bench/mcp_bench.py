#!/usr/bin/env python3
"""Round trip of the MCP `bash` tool running `true`, beside its baselines.

    tests/bench/mcp_bench.py BUILD/cli/lite-sandbox [CALLS]
    (or: meson test -C BUILD --benchmark --suite mcp)

Measured in the same run, in a fresh project directory with its own config:
  - mcp:   one tools/call of `true` on a running `serve-mcp --no-os-sandbox`,
           from writing the request to reading the reply (sequential calls);
  - exec:  `lite-sandbox exec --no-os-sandbox -- true` as a whole process
           (what the server does per call, plus exec'ing the binary);
  - check: `lite-sandbox check -- true`, the static check alone in a process;
  - the in-process check of typical commands (lib/policy/policy_bench, 1 s),
    when it is built next to the binary.
The goal for mcp is a median under 3 ms.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

BIN = os.path.abspath(sys.argv[1])
CALLS = int(sys.argv[2]) if len(sys.argv) > 2 else 300
GOAL_MS = 3.0


def summary(name, xs):
    xs = sorted(xs)
    p90 = xs[int(len(xs) * 0.9) - 1]
    return (f"{name:6s} median {statistics.median(xs):7.3f} ms  p90 {p90:7.3f} ms  "
            f"min {xs[0]:7.3f} ms  ({len(xs)} runs)")


with tempfile.TemporaryDirectory() as d:
    cfg = os.path.join(d, "config.yaml")
    with open(cfg, "w") as f:
        f.write("mode: allowlist\n")

    p = subprocess.Popen([BIN, "serve-mcp", "--no-os-sandbox", "--config", cfg, "--dir", d],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def call(i, method, params):
        p.stdin.write(json.dumps({"jsonrpc": "2.0", "id": i, "method": method,
                                  "params": params}).encode() + b"\n")
        p.stdin.flush()
        return json.loads(p.stdout.readline())

    call(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "bench", "version": "0"}})
    mcp = []
    for i in range(1, CALLS + 11):
        t0 = time.perf_counter()
        r = call(i, "tools/call", {"name": "bash", "arguments": {"command": "true"}})
        dt = (time.perf_counter() - t0) * 1000
        assert r["result"]["content"][0]["text"] == "exit status: 0", r
        if i > 10:  # warm-up
            mcp.append(dt)
    p.stdin.close()
    p.wait()

    def spawn_times(argv, n):
        xs = []
        for _ in range(n):
            t0 = time.perf_counter()
            subprocess.run(argv, cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=True)
            xs.append((time.perf_counter() - t0) * 1000)
        return xs

    n = max(50, CALLS // 3)
    exe = spawn_times([BIN, "exec", "--no-os-sandbox", "--config", cfg, "--dir", d, "--", "true"], n)
    chk = spawn_times([BIN, "check", "--config", cfg, "--dir", d, "--", "true"], n)

print(summary("mcp", mcp))
print(summary("exec", exe))
print(summary("check", chk))
bench = os.path.join(os.path.dirname(os.path.dirname(BIN)), "lib", "policy", "policy_bench")
if os.access(bench, os.X_OK):
    out = subprocess.run([bench, "1"], capture_output=True, text=True).stdout.splitlines()
    if out:
        print("in-process check: " + out[0].split(":", 1)[1].strip())
med = statistics.median(mcp)
print(f"mcp / check process: {med / statistics.median(chk):.2f}x; "
      f"goal: median under {GOAL_MS} ms: {'met' if med < GOAL_MS else 'NOT met'}")
