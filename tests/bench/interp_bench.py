#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Interpreter figures against bash, in the same run (on demand, not in CI):

  tests/bench/interp_bench.py BUILD_DIR [RUNS]

For each workload: the median wall time of RUNS runs of
  bash -c CMD
  BUILD_DIR/tests/spec/interp-run CMD            (the interpreter alone)
  BUILD_DIR/cli/lite-sandbox exec --no-os-sandbox -- CMD
                                                 (plus config, policy, checks)
The goals: in-process work within 1.5x of bash; process start overhead under
1 ms over bash's (the `true` row).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

WORKLOADS = [
    ('true', 'true'),
    ('loop 1000', 'for i in $(seq 1000); do x=$((x+i)); done; echo $x'),
    ('pipeline x20', ' | '.join(['cat'] * 20) + ' < /dev/null'),
    ('loop 100k (in-process)', 'for ((i=0;i<100000;i++)); do x=$((x+i)); done; echo $x'),
    ('strings 20k', 's=; for ((i=0;i<20000;i++)); do s+=x; done; echo ${#s}'),
]


def median_ms(argv, runs, cwd):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append((time.perf_counter() - t0) * 1000)
        if p.returncode != 0:
            return None, p.stderr.decode(errors='replace').strip()[:200]
    return statistics.median(times), None


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    build = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    interp = os.path.join(build, 'tests/spec/interp-run')
    cli = os.path.join(build, 'cli/lite-sandbox')
    with tempfile.TemporaryDirectory() as d:
        print('%-24s %10s %12s %8s %14s %8s' % ('workload', 'bash ms', 'interp ms', 'ratio',
                                              'exec ms', 'ratio'))
        for name, cmd in WORKLOADS:
            b, err = median_ms(['bash', '-c', cmd], runs, d)
            i, ierr = median_ms([interp, cmd], runs, d)
            e, eerr = median_ms([cli, 'exec', '--no-os-sandbox', '--', cmd], runs, d)
            def fmt(v):
                return '%.2f' % v if v is not None else 'error'
            def ratio(v):
                return '%.2fx' % (v / b) if v is not None and b else '-'
            print('%-24s %10s %12s %8s %14s %8s' % (name, fmt(b), fmt(i), ratio(i), fmt(e),
                                                  ratio(e)))
            for what, msg in (('interp', ierr), ('exec', eerr)):
                if msg:
                    print('    %s failed: %s' % (what, msg))
    return 0


if __name__ == '__main__':
    sys.exit(main())
