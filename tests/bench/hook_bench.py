#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end cost of one `lite-sandbox hook` call (process start, config
load, decision, exit), printed beside /bin/true and `bash -c true` measured
in the same run, so the figures can be compared across machines as ratios.

Usage: hook_bench.py LITE_SANDBOX_BINARY [RUNS]

Each program is started with posix_spawn and waited for; stdin is an event
file (the hook reads it; the others ignore it). The world is a temporary
home with a git project and a small config file with one grant, so the
config is really parsed. Prints the median, p10 and p90 in milliseconds.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def spawn_time(argv, stdin_path, env):
    fd = os.open(stdin_path, os.O_RDONLY | os.O_CLOEXEC)
    null = os.open(os.devnull, os.O_WRONLY | os.O_CLOEXEC)
    try:
        t0 = time.perf_counter_ns()
        pid = os.posix_spawn(argv[0], argv, env,
                             file_actions=[(os.POSIX_SPAWN_DUP2, fd, 0),
                                           (os.POSIX_SPAWN_DUP2, null, 1)])
        _, status = os.waitpid(pid, 0)
        t1 = time.perf_counter_ns()
    finally:
        os.close(fd)
        os.close(null)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("%s exited with %d" % (argv, status))
    return (t1 - t0) / 1e6


def main():
    binary = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    with tempfile.TemporaryDirectory(prefix="hook-bench-") as tmp:
        home = os.path.join(tmp, "home")
        proj = os.path.join(home, "proj")
        os.makedirs(proj + "/src")
        subprocess.run(["git", "init", "-q", proj], check=True)
        cfg = os.path.join(tmp, "config.yaml")
        with open(cfg, "w") as f:
            f.write("paths:\n  - path: %s/shared\n    write: true\n" % home)
        events = {
            "Read": {"tool_name": "Read", "tool_input": {"file_path": proj + "/src/main.c"}},
            "Write (agent config)": {"tool_name": "Write",
                                     "tool_input": {"file_path": proj + "/.claude/settings.json",
                                                    "content": "{}"}},
            "Bash": {"tool_name": "Bash", "tool_input": {"command": "ls -la src | head -5"}},
        }
        paths = {}
        for name, ev in events.items():
            ev.update({"session_id": "bench", "transcript_path": None, "cwd": proj,
                       "permission_mode": "default", "hook_event_name": "PreToolUse",
                       "tool_use_id": "toolu_bench"})
            p = os.path.join(tmp, name.split()[0] + ".json")
            with open(p, "w") as f:
                json.dump(ev, f)
            paths[name] = p
        env = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "LITE_SANDBOX_CONFIG": cfg}
        bash = subprocess.run(["sh", "-c", "command -v bash"], capture_output=True,
                              text=True).stdout.strip()
        progs = [("/bin/true", ["/bin/true"], paths["Read"]),
                 ("bash -c true", [bash, "-c", "true"], paths["Read"])]
        progs += [("lite-sandbox hook: " + n, [binary, "hook"], p) for n, p in paths.items()]
        samples = {name: [] for name, _, _ in progs}
        for _ in range(10):  # warm the page cache
            for name, argv, stdin in progs:
                spawn_time(argv, stdin, env)
        for _ in range(runs):  # interleaved, so drift hits every program alike
            for name, argv, stdin in progs:
                samples[name].append(spawn_time(argv, stdin, env))
    base = statistics.median(samples["/bin/true"])
    print("%-36s %8s %8s %8s %8s" % ("program", "median", "p10", "p90", "x true"))
    for name, _, _ in progs:
        s = sorted(samples[name])
        med = statistics.median(s)
        print("%-36s %6.3fms %6.3fms %6.3fms %7.1fx" % (
            name, med, s[len(s) // 10], s[len(s) * 9 // 10], med / base))
    print("(%d runs each, interleaved)" % runs)


if __name__ == "__main__":
    main()
