# declare, export, unset, shift, getopts, eval, source, type, command, cd, trap, misc
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### declare x=1; echo $x
declare x=1; echo $x

#### declare -i n=5+5; echo $n
declare -i n=5+5; echo $n

#### declare -l lo=ABC; declare -u up=abc; echo $lo $up
declare -l lo=ABC; declare -u up=abc; echo $lo $up

#### declare -r ro=1; ro=2; echo status=$? $ro
declare -r ro=1; ro=2; echo status=$? $ro

#### readonly r=1; (r=2) 2>/dev/null; echo $?
readonly r=1; (r=2) 2>/dev/null; echo $?

#### readonly r=1; unset r; echo $? $r
readonly r=1; unset r; echo $? $r

#### declare -x ex=1; env | grep '^ex='
declare -x ex=1; env | grep '^ex='

#### export E1=v1; env | grep '^E1='
export E1=v1; env | grep '^E1='

#### E2=v2; export E2; env | grep '^E2='
E2=v2; export E2; env | grep '^E2='

#### export E3=v; export -n E3; env | grep -c '^E3='
export E3=v; export -n E3; env | grep -c '^E3='

#### E4=inline env | grep '^E4='; echo "[$E4]"
E4=inline env | grep '^E4='; echo "[$E4]"

#### x=1; declare -p x
x=1; declare -p x

#### declare -i i=1; declare -p i
declare -i i=1; declare -p i

#### export -p | grep -c 'declare -x HOME'
export -p | grep -c 'declare -x HOME'

#### unset nosuchvar_xyz; echo $?
unset nosuchvar_xyz; echo $?

#### x=1; unset x; echo "[${x-unset}]"
x=1; unset x; echo "[${x-unset}]"

#### f() { :; }; unset -f f; type f 2>/dev/null || echo gone
f() { :; }; unset -f f; type f 2>/dev/null || echo gone

#### x=1; unset -v x; echo "[${x-unset}]"
x=1; unset -v x; echo "[${x-unset}]"

#### set -- a b c d; shift 2; echo $@
set -- a b c d; shift 2; echo $@

#### set -- a; shift 3; echo $? $#
set -- a; shift 3; echo $? $#

#### set -- -a -b val arg; while getopts ab: o; do echo "$o ${...
set -- -a -b val arg; while getopts ab: o; do echo "$o ${OPTARG-}"; done; echo $OPTIND

#### set -- -ab val; while getopts ab: o; do echo "$o ${OPTARG...
set -- -ab val; while getopts ab: o; do echo "$o ${OPTARG-}"; done

#### set -- -x; while getopts ab o 2>/dev/null; do echo "$o"; ...
set -- -x; while getopts ab o 2>/dev/null; do echo "$o"; done

#### set -- -x; while getopts :ab o; do echo "$o $OPTARG"; done
set -- -x; while getopts :ab o; do echo "$o $OPTARG"; done

#### set -- -b; while getopts :b: o; do echo "$o $OPTARG"; done
set -- -b; while getopts :b: o; do echo "$o $OPTARG"; done

#### getopts a o -a; echo $o $OPTIND
getopts a o -a; echo $o $OPTIND

#### eval 'echo evaluated'
eval 'echo evaluated'

#### x='echo a; echo b'; eval "$x"
x='echo a; echo b'; eval "$x"

#### eval x=5; echo $x
eval x=5; echo $x

#### cmd='y=7'; eval $cmd; echo $y
cmd='y=7'; eval $cmd; echo $y

#### eval 'f() { echo from-eval; }'; f
eval 'f() { echo from-eval; }'; f

#### eval 'exit 4'; echo never
eval 'exit 4'; echo never

#### eval 'if'; echo status=$?
eval 'if'; echo status=$?

#### echo 'echo sourced $1' > s.sh; . ./s.sh arg
echo 'echo sourced $1' > s.sh; . ./s.sh arg

#### echo 'x=fromsrc' > s.sh; source ./s.sh; echo $x
echo 'x=fromsrc' > s.sh; source ./s.sh; echo $x

#### echo 'return 3; echo no' > s.sh; . ./s.sh; echo $?
echo 'return 3; echo no' > s.sh; . ./s.sh; echo $?

#### echo 'echo $# $1' > s.sh; set -- outer; . ./s.sh; . ./s.s...
echo 'echo $# $1' > s.sh; set -- outer; . ./s.sh; . ./s.sh inner

#### type echo; type -t echo; type -t if; type -t ls
type echo; type -t echo; type -t if; type -t ls

#### f() { :; }; type -t f
f() { :; }; type -t f

#### command -v echo; command -v cd; command -v nosuch_xyz; ec...
command -v echo; command -v cd; command -v nosuch_xyz; echo $?

#### command -v ls | grep -c /ls
command -v ls | grep -c /ls

#### echo() { printf 'fn\n'; }; command echo builtin-echo
echo() { printf 'fn\n'; }; command echo builtin-echo

#### builtin echo via-builtin
builtin echo via-builtin

#### builtin nosuch_xyz 2>/dev/null; echo $?
builtin nosuch_xyz 2>/dev/null; echo $?

#### cd /; pwd; cd - >/dev/null; pwd | grep -c spec
cd /; pwd; cd - >/dev/null; pwd | grep -c spec

#### cd /tmp && cd .. && pwd
cd /tmp && cd .. && pwd

#### mkdir -p a/b; cd a/b; pwd | sed 's#.*/##'; cd ../..; pwd ...
mkdir -p a/b; cd a/b; pwd | sed 's#.*/##'; cd ../..; pwd | grep -c spec

#### cd /nonexistent_xyz; echo $?
cd /nonexistent_xyz; echo $?

#### HOME=/; cd; pwd
HOME=/; cd; pwd

#### cd /; echo $PWD $OLDPWD | grep -c spec
cd /; echo $PWD $OLDPWD | grep -c spec

#### mkdir d; ln -s d l; cd l; pwd | sed 's#.*/##'; pwd -P | s...
mkdir d; ln -s d l; cd l; pwd | sed 's#.*/##'; pwd -P | sed 's#.*/##'

#### trap 'echo bye' EXIT; echo hi
trap 'echo bye' EXIT; echo hi

#### trap 'echo one' EXIT; trap 'echo two' EXIT; echo body
trap 'echo one' EXIT; trap 'echo two' EXIT; echo body

#### trap 'echo x' EXIT; trap - EXIT; echo body
trap 'echo x' EXIT; trap - EXIT; echo body

#### f() { trap 'echo in-exit' EXIT; }; f; echo after
f() { trap 'echo in-exit' EXIT; }; f; echo after

#### trap 'echo code=$?' EXIT; exit 3
trap 'echo code=$?' EXIT; exit 3

#### (trap 'echo sub-exit' EXIT; echo in-sub); echo after
(trap 'echo sub-exit' EXIT; echo in-sub); echo after

#### trap 'echo main' EXIT; (echo sub); echo after
trap 'echo main' EXIT; (echo sub); echo after

#### trap -p; trap 'echo t' EXIT; trap -p | grep -c EXIT
trap -p; trap 'echo t' EXIT; trap -p | grep -c EXIT

#### true; echo $?; false; echo $?
true; echo $?; false; echo $?

#### : arguments ignored; echo $?
: arguments ignored; echo $?

#### let a=1+2; echo $a
let a=1+2; echo $a

#### umask 022; umask; umask -S
umask 022; umask; umask -S

#### umask 077; touch f; ls -l f | cut -c1-10
umask 077; touch f; ls -l f | cut -c1-10

#### hash ls; echo $?; hash nosuch_xyz 2>/dev/null; echo $?
hash ls; echo $?; hash nosuch_xyz 2>/dev/null; echo $?

#### type -a true | head -1
type -a true | head -1

#### local x=1 2>/dev/null; echo $?
local x=1 2>/dev/null; echo $?

#### exit 7
exit 7

#### exit
exit

#### false; exit
false; exit

#### (exit 300); echo $?
(exit 300); echo $?

#### alias ll='ls -l' 2>/dev/null; echo $?
alias ll='ls -l' 2>/dev/null; echo $?

#### x=1; declare +x x; echo $x
x=1; declare +x x; echo $x

#### declare -A m; declare -p m
declare -A m; declare -p m

#### declare -a arr=(1 2); declare -p arr
declare -a arr=(1 2); declare -p arr

#### f() { echo $1; }; declare -F f
f() { echo $1; }; declare -F f

#### kill -0 $$; echo $?
kill -0 $$; echo $?

#### sleep 5 & kill $!; wait $!; echo $?
sleep 5 & kill $!; wait $!; echo $?

#### wait; echo $?
wait; echo $?

#### printf '%s\n' $PPID | grep -c '^[0-9]'
printf '%s\n' $PPID | grep -c '^[0-9]'

#### pwd -P | grep -c spec
pwd -P | grep -c spec

