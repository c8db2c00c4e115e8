#!/usr/bin/env python3
"""Sum TAP subtest results from meson's testlog.json: prints "PASSED FAILED".

meson counts a TAP test program as one test; CI wants every case counted, so
we read each program's TAP output. A program that crashed or printed no TAP
plan counts as one failure.
"""
import json
import re
import sys

passed = failed = 0
with open(sys.argv[1]) as f:
    for line in f:
        entry = json.loads(line)
        out = entry.get("stdout", "") or ""
        ok = len(re.findall(r"^ok \d+", out, re.M))
        bad = len(re.findall(r"^not ok \d+", out, re.M))
        if ok + bad == 0:
            # Not a TAP program (or it died before its plan): judge by result.
            if entry.get("result") in ("OK", "EXPECTEDFAIL", "SKIP"):
                ok = 1
            else:
                bad = 1
        elif entry.get("result") not in ("OK", "EXPECTEDFAIL", "SKIP") and bad == 0:
            bad = 1  # a crash after some "ok" lines
        passed += ok
        failed += bad
print(passed, failed)
