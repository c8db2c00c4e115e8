#!/usr/bin/env python3
"""TAP: the LaunchAgent plists are well-formed and socket-activated.

plist_test.py LAUNCHD_DIR
"""
import glob
import os
import plistlib
import sys

d = sys.argv[1]
files = sorted(glob.glob(os.path.join(d, "*.plist.in")))
print(f"1..{len(files) + 1}")
n = 0
failed = False


def result(ok, name, why=""):
    global n, failed
    n += 1
    print(f"{'ok' if ok else 'not ok'} {n} - {name}")
    if not ok:
        failed = True
        print(f"# {why}")


result(len(files) == 2, "two agents (registrar, executor)", f"found {files}")
for f in files:
    name = os.path.basename(f)
    service = name.split(".")[2]
    try:
        with open(f, "rb") as fh:
            p = plistlib.load(fh, fmt=plistlib.FMT_XML)
        sock = p["Sockets"]["Listener"]
        checks = [
            (p["Label"] == f"org.lite-sandbox.{service}", "Label"),
            (p["ProgramArguments"][0] == f"@LIBEXECDIR@/lite-sandbox-{service}",
             "ProgramArguments"),
            (sock["SockFamily"] == "Unix" and sock["SockType"] == "stream",
             "a unix stream socket"),
            (sock["SockPathName"] == f"@RUNTIME_DIR@/{service}.sock",
             "socket path in the runtime directory"),
            (sock["SockPathMode"] == 0o600, "socket mode 0600"),
            (p.get("RunAtLoad") is False and p.get("KeepAlive") is False,
             "started on demand only"),
        ]
        bad = [what for ok, what in checks if not ok]
        result(not bad, f"{name} parses and is socket-activated",
               "wrong: " + ", ".join(bad))
    except Exception as e:  # a parse error is the failure we look for
        result(False, f"{name} parses", repr(e))
sys.exit(1 if failed else 0)
