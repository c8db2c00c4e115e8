# bash and sh run in the interpreter
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### bash -c 'echo inner'
bash -c 'echo inner'

#### bash -c 'echo $0 $1 $2' zero one two
bash -c 'echo $0 $1 $2' zero one two

#### bash -c 'echo $#' x a b c
bash -c 'echo $#' x a b c

#### x=notexported; bash -c 'echo [$x]'
x=notexported; bash -c 'echo [$x]'

#### export y=exported; bash -c 'echo [$y]'
export y=exported; bash -c 'echo [$y]'

#### z=prefix bash -c 'echo [$z]'
z=prefix bash -c 'echo [$z]'

#### f() { :; }; bash -c 'type -t f || echo nofunc'
f() { :; }; bash -c 'type -t f || echo nofunc'

#### bash -c 'exit 4'; echo $?
bash -c 'exit 4'; echo $?

#### bash -c 'set -e; false; echo never'; echo $?
bash -c 'set -e; false; echo never'; echo $?

#### bash -ec 'false; echo never'; echo $?
bash -ec 'false; echo never'; echo $?

#### bash -euc 'echo $undefined_xyz'; echo $?
bash -euc 'echo $undefined_xyz'; echo $?

#### bash -o pipefail -c 'false | true'; echo $?
bash -o pipefail -c 'false | true'; echo $?

#### echo 'echo from stdin; echo $((1+1))' | bash
echo 'echo from stdin; echo $((1+1))' | bash

#### printf 'echo script $1 $#\n' > s.sh; bash s.sh a b
printf 'echo script $1 $#\n' > s.sh; bash s.sh a b

#### printf 'echo sh-script\nexit 3\n' > s.sh; sh s.sh; echo $?
printf 'echo sh-script\nexit 3\n' > s.sh; sh s.sh; echo $?

#### bash -c 'cd /; pwd'; pwd | grep -c spec
bash -c 'cd /; pwd'; pwd | grep -c spec

#### bash -c 'v=inner'; echo "[${v-unset}]"
bash -c 'v=inner'; echo "[${v-unset}]"

#### bash -c 'bash -c "echo nested twice"'
bash -c 'bash -c "echo nested twice"'

#### out=$(bash -c 'echo captured'); echo $out
out=$(bash -c 'echo captured'); echo $out

#### bash -c 'echo "$@"' _ 'a b' c
bash -c 'echo "$@"' _ 'a b' c

#### set -e; bash -c 'exit 0'; echo fine
set -e; bash -c 'exit 0'; echo fine

#### bash -c 'trap "echo inner-exit" EXIT; echo body'
bash -c 'trap "echo inner-exit" EXIT; echo body'

#### trap 'echo outer-exit' EXIT; bash -c 'echo child'
trap 'echo outer-exit' EXIT; bash -c 'echo child'

#### sh -c 'echo via sh'
sh -c 'echo via sh'

#### bash -c 'read x; echo got $x' <<< input
bash -c 'read x; echo got $x' <<< input

#### bash -xc 'echo traced' 2>/dev/null
bash -xc 'echo traced' 2>/dev/null

#### bash --norc -c 'echo norc'
bash --norc -c 'echo norc'

