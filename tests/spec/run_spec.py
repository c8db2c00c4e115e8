#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Conformance runner: every case of tests/spec/*.test.sh (the oils spec
format) runs in bash, the oracle, and in our interpreter; stdout and exit
status must be identical. TAP output, one line per case.

  run_spec.py INTERP_RUN [FILE...]     (default: every *.test.sh here)

A case listed in deviations.txt ("file.test.sh: case name: why") is
reported as "ok ... # SKIP deviation: why" when it differs and as a
failure if it starts to agree (so the list stays honest). Expected output
written in the file (## stdout:, ## STDOUT: ... ## END, ## status:) is
checked against bash too, so a wrong expectation is caught.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 10


def parse(path):
    cases = []
    cur = None
    in_block = None
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        lines = f.read().split('\n')
    for line in lines:
        if line.startswith('#### '):
            cur = {'name': line[5:].strip(), 'code': [], 'stdout': None, 'status': None}
            cases.append(cur)
            in_block = None
            continue
        if cur is None:
            continue
        if in_block is not None:
            if line == '## END':
                cur['stdout'] = '\n'.join(in_block) + ('\n' if in_block else '')
                in_block = None
            else:
                in_block.append(line)
            continue
        m = re.match(r'^## (stdout|STDOUT|status|stdout-json):\s?(.*)$', line)
        if m:
            key, val = m.group(1), m.group(2)
            if key == 'STDOUT':
                in_block = []
            elif key == 'stdout':
                cur['stdout'] = val + '\n'
            elif key == 'stdout-json':
                import json
                cur['stdout'] = json.loads(val)
            elif key == 'status':
                cur['status'] = int(val)
            continue
        if line.startswith('## '):
            continue  # other oils annotations (N-I, OK, BUG ...) are ignored
        cur['code'].append(line)
    for c in cases:
        while c['code'] and c['code'][-1] == '':
            c['code'].pop()
        c['code'] = '\n'.join(c['code']) + '\n'
    return cases


def default_signals():
    """In the child before exec: every catchable signal at its default.
    A shell keeps signals ignored on entry ignored (trap can neither catch
    nor reset them, and trap -p lists them), so a suite started under nohup
    or in the background of a script (SIGHUP, SIGINT, SIGQUIT ignored) would
    otherwise see bash disagree with the expectations written for a plain
    start. Both shells start alike; interp_test covers the ignored case."""
    for sig in range(1, signal.NSIG):
        if sig in (signal.SIGKILL, signal.SIGSTOP):
            continue
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (OSError, ValueError):
            pass


def run(argv, workdir, env):
    try:
        p = subprocess.run(argv, cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT, preexec_fn=default_signals)
        return p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        return (e.stdout or b'') + b'<TIMEOUT>', -1


def load_deviations():
    dev = {}
    path = os.path.join(HERE, 'deviations.txt')
    if os.path.exists(path):
        for line in open(path, encoding='utf-8'):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            f, name, why = line.split(': ', 2)
            dev[(f, name)] = why
    return dev


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    ours = os.path.abspath(sys.argv[1])
    files = sys.argv[2:] or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith('.test.sh'))
    dev = load_deviations()
    env = {
        'PATH': '/usr/local/bin:/usr/bin:/bin',
        'HOME': '/tmp',
        'LC_ALL': 'C',
        'TZ': 'UTC',
        'SH_TEST': '1',
    }
    all_cases = []
    for f in files:
        for c in parse(f):
            all_cases.append((os.path.basename(f), c))
    print('1..%d' % len(all_cases))
    failed = 0
    n = 0
    for fname, c in all_cases:
        n += 1
        label = '%s: %s' % (fname, c['name'])
        with tempfile.TemporaryDirectory(prefix='spec-') as d:
            wb = os.path.join(d, 'bash')
            wo = os.path.join(d, 'ours')
            os.mkdir(wb)
            os.mkdir(wo)
            e1 = dict(env, TMP=wb, PWD=wb)
            e2 = dict(env, TMP=wo, PWD=wo)
            bout, bst = run(['bash', '-c', c['code'], 'lite-sandbox'], wb, e1)
            oout, ost = run([ours, c['code']], wo, e2)
        problems = []
        exp = c['stdout']
        if exp is not None and exp.encode('utf-8', 'surrogateescape') != bout:
            problems.append('the expectation in the file disagrees with bash: %r' % bout)
        if c['status'] is not None and c['status'] != bst:
            problems.append('the expected status %d disagrees with bash: %d' % (c['status'], bst))
        differs = bout != oout or bst != ost
        key = (fname, c['name'])
        if key in dev:
            if differs and not problems:
                print('ok %d - %s # SKIP deviation: %s' % (n, label, dev[key]))
            else:
                failed += 1
                print('not ok %d - %s (listed as a deviation but agrees with bash)' % (n, label))
            continue
        if differs:
            problems.append('bash: status %d stdout %r' % (bst, bout[:400]))
            problems.append('ours: status %d stdout %r' % (ost, oout[:400]))
        if problems:
            failed += 1
            print('not ok %d - %s' % (n, label))
            for p in problems:
                print('#   ' + p)
        else:
            print('ok %d - %s' % (n, label))
        sys.stdout.flush()
    print('# %d passed, %d failed' % (n - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
