#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The registrar and the executor, timed (on demand, not part of the tests).

Usage: services_bench.py BUILD_DIR [RUNS]

  hook, warm      `lite-sandbox hook` end to end (process start, registrar
                  round trips, the local checks, exit) with the registrar
                  running, beside `hook --in-process` and /bin/true
  registrar       one check round trip in a running client (svc_tool
                  bench-check), the registrar's own share of the above
  cold start      systemd-socket-activate holds the socket, nothing runs; a
                  client's first check (registrar exec, config load, policy,
                  answer), the client's own start included, beside the same
                  client against a warm registrar
  exec `true`     one Exec round trip in a running client (svc_tool
                  bench-exec): registrar check, `lite-sandbox exec` spawned,
                  output returned; beside `lite-sandbox check -- true` (the
                  in-process check, a process per call)

Goals (docs/services.md): warm hook decision < 2 ms end to end, cold start
to first decision < 20 ms, exec round trip < 3 ms. Prints medians (and p90)
in milliseconds.
"""
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

build = os.path.abspath(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
CLI = f"{build}/cli/lite-sandbox"
TOOL = f"{build}/tests/services/svc_tool"
REG = f"{build}/services/registrar/lite-sandbox-registrar"
EXE = f"{build}/services/executor/lite-sandbox-executor"
SSA = shutil.which("systemd-socket-activate")

tmp = tempfile.mkdtemp(prefix="svc-bench-")
rt = os.path.join(tmp, "rt")
os.mkdir(rt, 0o700)
home = os.path.join(tmp, "home")
os.makedirs(home)
proj = os.path.join(tmp, "proj")
os.makedirs(proj)
subprocess.run(["git", "init", "-q", proj], check=True)
cfg = os.path.join(tmp, "config.yaml")
with open(cfg, "w") as f:
    f.write(f"mode: allowlist\npaths:\n  - path: {tmp}/data\n    write: true\n")
env = {
    "PATH": "/usr/bin:/bin", "HOME": home, "XDG_RUNTIME_DIR": rt,
    "XDG_CACHE_HOME": os.path.join(tmp, "cache"), "LITE_SANDBOX_CONFIG": cfg,
    "LITE_SANDBOX_BIN": CLI, "LITE_SANDBOX_REGISTRAR": REG, "LITE_SANDBOX_EXECUTOR": EXE,
}
event = os.path.join(tmp, "event.json")
with open(event, "w") as f:
    json.dump({"hook_event_name": "PreToolUse", "tool_name": "Bash", "session_id": "bench",
               "cwd": proj, "tool_input": {"command": "ls -la && git status --short"}}, f)


def spawn_ms(argv, stdin_path=os.devnull, extra=None):
    e = dict(env, **(extra or {}))
    fd = os.open(stdin_path, os.O_RDONLY | os.O_CLOEXEC)
    null = os.open(os.devnull, os.O_WRONLY | os.O_CLOEXEC)
    try:
        t0 = time.perf_counter_ns()
        pid = os.posix_spawn(argv[0], argv, e, file_actions=[
            (os.POSIX_SPAWN_DUP2, fd, 0), (os.POSIX_SPAWN_DUP2, null, 1)])
        _, st = os.waitpid(pid, 0)
        t1 = time.perf_counter_ns()
    finally:
        os.close(fd)
        os.close(null)
    if os.waitstatus_to_exitcode(st) != 0:
        raise SystemExit(f"{argv} exited with {st}")
    return (t1 - t0) / 1e6


def stats(xs):
    xs = sorted(xs)
    return statistics.median(xs), xs[int(len(xs) * 0.9) - 1 if len(xs) > 1 else 0]


def line(what, xs, goal=None):
    m, p90 = stats(xs)
    g = f"   goal < {goal} ms: {'met' if m < goal else 'NOT met'}" if goal else ""
    print(f"{what:44s} median {m:7.3f} ms  p90 {p90:7.3f} ms{g}", flush=True)


def tool_out(*args):
    return subprocess.run([TOOL, *args], env=env, capture_output=True, text=True,
                          check=True, cwd=proj).stdout.strip()


def kill_instances():
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            argv = open(f"/proc/{d}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].decode(errors="replace") in (REG, EXE):
            if any(tmp.encode() in a for a in argv) or b"--service" in argv:
                try:
                    os.kill(int(d), signal.SIGKILL)
                except OSError:
                    pass


try:
    print(f"# {runs} runs each; build {build}")
    base = [spawn_ms(["/bin/true"]) for _ in range(runs)]
    line("/bin/true (process start)", base)

    # warm: the first call starts the services
    spawn_ms([CLI, "hook"], event)
    # interleaved, so that the machine's load falls on both alike
    warm, local = [], []
    for _ in range(runs):
        warm.append(spawn_ms([CLI, "hook"], event))
        local.append(spawn_ms([CLI, "hook", "--in-process"], event))
    line("hook, registrar warm", warm, 2)
    line("hook --in-process", local)
    us = float(tool_out("bench-check", str(runs * 5), proj, "ls -la && git status --short"))
    print(f"{'registrar check round trip (in a client)':44s} median {us / 1000:7.3f} ms  (mean)")

    # cold: the registrar started by the connection, as systemd does
    reg_name, reg_path = tool_out("path", "registrar").split()
    cold, warm_client = [], []
    setenv = [a for k, v in env.items() for a in ("-E", f"{k}={v}")]
    for i in range(min(runs, 50)):
        kill_instances()
        time.sleep(0.05)
        if os.path.exists(reg_path):
            os.unlink(reg_path)
        p = subprocess.Popen([SSA, "-l", reg_path, *setenv, REG, "--service", reg_name,
                              "--config", cfg, "--idle-ms", "60000"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while not os.path.exists(reg_path):
            time.sleep(0.001)
        time.sleep(0.02)
        cold.append(spawn_ms([TOOL, "check", "-", proj, "ls -la"], extra={"SVC_NO_SPAWN": "1"}))
        warm_client.append(spawn_ms([TOOL, "check", "-", proj, "ls -la"],
                                    extra={"SVC_NO_SPAWN": "1"}))
        p.kill()
        p.wait()
    line("cold start to first decision (client incl.)", cold, 20)
    line("same client, registrar warm", warm_client)

    kill_instances()
    time.sleep(0.1)
    us = float(tool_out("bench-exec", str(runs), proj, "true"))
    print(f"{'exec round trip of true (in a client)':44s} median {us / 1000:7.3f} ms  (mean)"
          f"   goal < 3 ms: {'met' if us / 1000 < 3 else 'NOT met'}")
    line("lite-sandbox check -- true (in-process)", [spawn_ms([CLI, "check", "--", "true"])
                                                      for _ in range(runs)])
finally:
    kill_instances()
    shutil.rmtree(tmp, ignore_errors=True)
