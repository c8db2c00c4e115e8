# bash and sh run in the interpreter
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### bash -c 'echo inner'
bash -c 'echo inner'
## stdout: inner

#### bash -c 'echo $0 $1 $2' zero one two
bash -c 'echo $0 $1 $2' zero one two
## stdout: zero one two

#### bash -c 'echo $#' x a b c
bash -c 'echo $#' x a b c
## stdout: 3

#### x=notexported; bash -c 'echo [$x]'
x=notexported; bash -c 'echo [$x]'
## stdout: []

#### export y=exported; bash -c 'echo [$y]'
export y=exported; bash -c 'echo [$y]'
## stdout: [exported]

#### z=prefix bash -c 'echo [$z]'
z=prefix bash -c 'echo [$z]'
## stdout: [prefix]

#### f() { :; }; bash -c 'type -t f || echo nofunc'
f() { :; }; bash -c 'type -t f || echo nofunc'
## stdout: nofunc

#### bash -c 'exit 4'; echo $?
bash -c 'exit 4'; echo $?
## stdout: 4

#### bash -c 'set -e; false; echo never'; echo $?
bash -c 'set -e; false; echo never'; echo $?
## stdout: 1

#### bash -ec 'false; echo never'; echo $?
bash -ec 'false; echo never'; echo $?
## stdout: 1

#### bash -euc 'echo $undefined_xyz'; echo $?
bash -euc 'echo $undefined_xyz'; echo $?
## stdout: 1

#### bash -o pipefail -c 'false | true'; echo $?
bash -o pipefail -c 'false | true'; echo $?
## stdout: 1

#### echo 'echo from stdin; echo $((1+1))' | bash
echo 'echo from stdin; echo $((1+1))' | bash
## STDOUT:
from stdin
2
## END

#### printf 'echo script $1 $#\n' > s.sh; bash s.sh a b
printf 'echo script $1 $#\n' > s.sh; bash s.sh a b
## stdout: script a 2

#### printf 'echo sh-script\nexit 3\n' > s.sh; sh s.sh; echo $?
printf 'echo sh-script\nexit 3\n' > s.sh; sh s.sh; echo $?
## STDOUT:
sh-script
3
## END

#### bash -c 'cd /; pwd'; pwd | grep -c spec
bash -c 'cd /; pwd'; pwd | grep -c spec
## STDOUT:
/
1
## END

#### bash -c 'v=inner'; echo "[${v-unset}]"
bash -c 'v=inner'; echo "[${v-unset}]"
## stdout: [unset]

#### bash -c 'bash -c "echo nested twice"'
bash -c 'bash -c "echo nested twice"'
## stdout: nested twice

#### out=$(bash -c 'echo captured'); echo $out
out=$(bash -c 'echo captured'); echo $out
## stdout: captured

#### bash -c 'echo "$@"' _ 'a b' c
bash -c 'echo "$@"' _ 'a b' c
## stdout: a b c

#### set -e; bash -c 'exit 0'; echo fine
set -e; bash -c 'exit 0'; echo fine
## stdout: fine

#### bash -c 'trap "echo inner-exit" EXIT; echo body'
bash -c 'trap "echo inner-exit" EXIT; echo body'
## STDOUT:
body
inner-exit
## END

#### trap 'echo outer-exit' EXIT; bash -c 'echo child'
trap 'echo outer-exit' EXIT; bash -c 'echo child'
## STDOUT:
child
outer-exit
## END

#### sh -c 'echo via sh'
sh -c 'echo via sh'
## stdout: via sh

#### bash -c 'read x; echo got $x' <<< input
bash -c 'read x; echo got $x' <<< input
## stdout: got input

#### bash -xc 'echo traced' 2>/dev/null
bash -xc 'echo traced' 2>/dev/null
## stdout: traced

#### bash --norc -c 'echo norc'
bash --norc -c 'echo norc'
## stdout: norc

