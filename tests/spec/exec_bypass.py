#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runtime bypass cases through the real front end and policy: every command
here hides a read of a file outside the path boundary (or a change of a
protected variable) from the static check, through variables, command
substitution, eval, arrays, indirect expansion, printf -v, declare, functions
shadowing builtins, command, builtin, here-doc generated scripts, sourced
files and nested shells. `lite-sandbox exec` must refuse each with 126 and
must not print the file. The control cases must run.

  exec_bypass.py LITE_SANDBOX      (TAP output)
"""
import os
import subprocess
import sys
import tempfile

SECRET = '/etc/hostname'

REFUSED = [
    'x=/etc/hostname; cat $x',
    'cat $(echo /etc/hostname)',
    'cat `echo /etc/hostname`',
    'eval "cat /etc/host""name"',
    'e=eval; $e "cat /etc/hostname"',
    'a=(cat /etc/hostname); "${a[@]}"',
    'n=x; x=/etc/hostname; cat ${!n}',
    "printf -v p '/etc/%s' hostname; cat $p",
    'declare p=/etc/hostname; cat "$p"',
    'f=/etc/hostname; cat() { command cat "$@"; }; cat $f',
    'f=/etc/hostname; echo() { cat "$@"; }; echo $f',
    'command cat $(printf /etc/hostname)',
    "builtin eval 'cat /e''tc/hostname'",
    'cat > s.sh <<EOF\ncat /etc/$(echo hostname)\nEOF\nsource ./s.sh',
    "echo 'cat /etc/host''name' > s.sh; . ./s.sh",
    "printf 'cat /etc/host%s\\n' name > s.sh; chmod +x s.sh; ./s.sh",
    'bash -c "cat \\$0" /etc/hostname',
    'x=/etc/hostname; sh -c "cat $x"',
    'echo "cat /etc/host$(echo name)" | bash',
    'x=/etc/hostname; cat < "$x"',
    'x=/etc; exec 3< $x/hostname; cat <&3',
    'f=/etc/hostname; while read l; do echo "$l"; done < $f',
    'f=/etc/hostname; echo "$(< $f)"',
    'x=/etc/hostname; cat <(cat $x)',
    'x=/etc/hostname; cat $x | cat',
    'x=/etc/hostname; (cat $x)',
    'x=/etc/hostname; { cat $x; }',
    'x=/etc/hostname; for f in $x; do cat $f; done',
    'x=/etc/hostname; if true; then cat $x; fi',
    'x=/etc/hostname; f() { cat $1; }; f $x',
    'x=/etc/hostname; trap "cat $x" EXIT; true',
    'x=/etc/hostname; cat $x &\nwait',
    'p=/tmp; export "PATH=$p:$PATH"; ls',
    'for PATH in /tmp; do ls; done',
    'set -a; read -r PATH <<< /tmp; ls',
    'unset PATH; ls',
    'v=LD_PRELOAD; export "$v=/tmp/x.so"; ls',
    'v=PATH; eval "$v=/tmp"; ls',
    'x="cat <> f"; eval "$x"',
]

ALLOWED = [
    ('echo ok', b'ok\n'),
    ('x=inside.txt; echo hi > $x; cat $x', b'hi\n'),
    ('for i in 1 2; do echo $i; done | wc -l', b'2\n'),
    ('bash -c "echo nested"', b'nested\n'),
    ('diff <(echo a) <(echo a) && echo same', b'same\n'),
    ('cat <(echo procsub)', b'procsub\n'),
]


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    cli = os.path.abspath(sys.argv[1])
    try:
        secret = open(SECRET, 'rb').read().strip()
    except OSError:
        secret = None
    n = len(REFUSED) + len(ALLOWED)
    print('1..%d' % n)
    failed = 0
    k = 0
    with tempfile.TemporaryDirectory() as home:
        cfgdir = os.path.join(home, 'config')
        os.mkdir(cfgdir)
        work = os.path.join(home, 'work')
        os.mkdir(work)
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=cfgdir,
                   XDG_CACHE_HOME=os.path.join(home, 'cache'))
        for cmd in REFUSED:
            k += 1
            p = subprocess.run([cli, 'exec', '--no-os-sandbox', '--', cmd], cwd=work, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
            leaked = bool(secret) and secret in p.stdout
            if p.returncode == 126 and not leaked:
                print('ok %d - refused: %r' % (k, cmd))
            else:
                failed += 1
                print('not ok %d - refused: %r' % (k, cmd))
                print('#   status %d, leaked %s, stderr %r' % (p.returncode, leaked,
                                                             p.stderr[:300]))
        for cmd, want in ALLOWED:
            k += 1
            p = subprocess.run([cli, 'exec', '--no-os-sandbox', '--', cmd], cwd=work, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
            if p.returncode == 0 and p.stdout == want:
                print('ok %d - runs: %r' % (k, cmd))
            else:
                failed += 1
                print('not ok %d - runs: %r' % (k, cmd))
                print('#   status %d, stdout %r, stderr %r' % (p.returncode, p.stdout,
                                                             p.stderr[:300]))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
