# declare, export, unset, shift, getopts, eval, source, type, command, cd, trap, misc
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### declare x=1; echo $x
declare x=1; echo $x
## stdout: 1

#### declare -i n=5+5; echo $n
declare -i n=5+5; echo $n
## stdout: 10

#### declare -l lo=ABC; declare -u up=abc; echo $lo $up
declare -l lo=ABC; declare -u up=abc; echo $lo $up
## stdout: abc ABC

#### declare -r ro=1; ro=2; echo status=$? $ro
declare -r ro=1; ro=2; echo status=$? $ro
## stdout-json: ""
## status: 1

#### readonly r=1; (r=2) 2>/dev/null; echo $?
readonly r=1; (r=2) 2>/dev/null; echo $?
## stdout: 1

#### readonly r=1; unset r; echo $? $r
readonly r=1; unset r; echo $? $r
## stdout: 1 1

#### declare -x ex=1; env | grep '^ex='
declare -x ex=1; env | grep '^ex='
## stdout: ex=1

#### export E1=v1; env | grep '^E1='
export E1=v1; env | grep '^E1='
## stdout: E1=v1

#### E2=v2; export E2; env | grep '^E2='
E2=v2; export E2; env | grep '^E2='
## stdout: E2=v2

#### export E3=v; export -n E3; env | grep -c '^E3='
export E3=v; export -n E3; env | grep -c '^E3='
## stdout: 0
## status: 1

#### E4=inline env | grep '^E4='; echo "[$E4]"
E4=inline env | grep '^E4='; echo "[$E4]"
## STDOUT:
E4=inline
[]
## END

#### x=1; declare -p x
x=1; declare -p x
## stdout: declare -- x="1"

#### declare -i i=1; declare -p i
declare -i i=1; declare -p i
## stdout: declare -i i="1"

#### export -p | grep -c 'declare -x HOME'
export -p | grep -c 'declare -x HOME'
## stdout: 1

#### unset nosuchvar_xyz; echo $?
unset nosuchvar_xyz; echo $?
## stdout: 0

#### x=1; unset x; echo "[${x-unset}]"
x=1; unset x; echo "[${x-unset}]"
## stdout: [unset]

#### f() { :; }; unset -f f; type f 2>/dev/null || echo gone
f() { :; }; unset -f f; type f 2>/dev/null || echo gone
## stdout: gone

#### x=1; unset -v x; echo "[${x-unset}]"
x=1; unset -v x; echo "[${x-unset}]"
## stdout: [unset]

#### set -- a b c d; shift 2; echo $@
set -- a b c d; shift 2; echo $@
## stdout: c d

#### set -- a; shift 3; echo $? $#
set -- a; shift 3; echo $? $#
## stdout: 1 1

#### set -- -a -b val arg; while getopts ab: o; do echo "$o ${...
set -- -a -b val arg; while getopts ab: o; do echo "$o ${OPTARG-}"; done; echo $OPTIND
## STDOUT:
a 
b val
4
## END

#### set -- -ab val; while getopts ab: o; do echo "$o ${OPTARG...
set -- -ab val; while getopts ab: o; do echo "$o ${OPTARG-}"; done
## STDOUT:
a 
b val
## END

#### set -- -x; while getopts ab o 2>/dev/null; do echo "$o"; ...
set -- -x; while getopts ab o 2>/dev/null; do echo "$o"; done
## stdout: ?

#### set -- -x; while getopts :ab o; do echo "$o $OPTARG"; done
set -- -x; while getopts :ab o; do echo "$o $OPTARG"; done
## stdout: ? x

#### set -- -b; while getopts :b: o; do echo "$o $OPTARG"; done
set -- -b; while getopts :b: o; do echo "$o $OPTARG"; done
## stdout: : b

#### getopts a o -a; echo $o $OPTIND
getopts a o -a; echo $o $OPTIND
## stdout: a 2

#### eval 'echo evaluated'
eval 'echo evaluated'
## stdout: evaluated

#### x='echo a; echo b'; eval "$x"
x='echo a; echo b'; eval "$x"
## STDOUT:
a
b
## END

#### eval x=5; echo $x
eval x=5; echo $x
## stdout: 5

#### cmd='y=7'; eval $cmd; echo $y
cmd='y=7'; eval $cmd; echo $y
## stdout: 7

#### eval 'f() { echo from-eval; }'; f
eval 'f() { echo from-eval; }'; f
## stdout: from-eval

#### eval 'exit 4'; echo never
eval 'exit 4'; echo never
## stdout-json: ""
## status: 4

#### eval 'if'; echo status=$?
eval 'if'; echo status=$?
## stdout: status=2

#### echo 'echo sourced $1' > s.sh; . ./s.sh arg
echo 'echo sourced $1' > s.sh; . ./s.sh arg
## stdout: sourced arg

#### echo 'x=fromsrc' > s.sh; source ./s.sh; echo $x
echo 'x=fromsrc' > s.sh; source ./s.sh; echo $x
## stdout: fromsrc

#### echo 'return 3; echo no' > s.sh; . ./s.sh; echo $?
echo 'return 3; echo no' > s.sh; . ./s.sh; echo $?
## stdout: 3

#### echo 'echo $# $1' > s.sh; set -- outer; . ./s.sh; . ./s.s...
echo 'echo $# $1' > s.sh; set -- outer; . ./s.sh; . ./s.sh inner
## STDOUT:
1 outer
1 inner
## END

#### type echo; type -t echo; type -t if; type -t ls
type echo; type -t echo; type -t if; type -t ls
## STDOUT:
echo is a shell builtin
builtin
keyword
file
## END

#### f() { :; }; type -t f
f() { :; }; type -t f
## stdout: function

#### command -v echo; command -v cd; command -v nosuch_xyz; ec...
command -v echo; command -v cd; command -v nosuch_xyz; echo $?
## STDOUT:
echo
cd
1
## END

#### command -v ls | grep -c /ls
command -v ls | grep -c /ls
## stdout: 1

#### echo() { printf 'fn\n'; }; command echo builtin-echo
echo() { printf 'fn\n'; }; command echo builtin-echo
## stdout: builtin-echo

#### builtin echo via-builtin
builtin echo via-builtin
## stdout: via-builtin

#### builtin nosuch_xyz 2>/dev/null; echo $?
builtin nosuch_xyz 2>/dev/null; echo $?
## stdout: 1

#### cd /; pwd; cd - >/dev/null; pwd | grep -c spec
cd /; pwd; cd - >/dev/null; pwd | grep -c spec
## STDOUT:
/
1
## END

#### cd /tmp && cd .. && pwd
cd /tmp && cd .. && pwd
## stdout: /

#### mkdir -p a/b; cd a/b; pwd | sed 's#.*/##'; cd ../..; pwd ...
mkdir -p a/b; cd a/b; pwd | sed 's#.*/##'; cd ../..; pwd | grep -c spec
## STDOUT:
b
1
## END

#### cd /nonexistent_xyz; echo $?
cd /nonexistent_xyz; echo $?
## stdout: 1

#### HOME=/; cd; pwd
HOME=/; cd; pwd
## stdout: /

#### cd /; echo $PWD $OLDPWD | grep -c spec
cd /; echo $PWD $OLDPWD | grep -c spec
## stdout: 1

#### mkdir d; ln -s d l; cd l; pwd | sed 's#.*/##'; pwd -P | s...
mkdir d; ln -s d l; cd l; pwd | sed 's#.*/##'; pwd -P | sed 's#.*/##'
## STDOUT:
l
d
## END

#### trap 'echo bye' EXIT; echo hi
trap 'echo bye' EXIT; echo hi
## STDOUT:
hi
bye
## END

#### trap 'echo one' EXIT; trap 'echo two' EXIT; echo body
trap 'echo one' EXIT; trap 'echo two' EXIT; echo body
## STDOUT:
body
two
## END

#### trap 'echo x' EXIT; trap - EXIT; echo body
trap 'echo x' EXIT; trap - EXIT; echo body
## stdout: body

#### f() { trap 'echo in-exit' EXIT; }; f; echo after
f() { trap 'echo in-exit' EXIT; }; f; echo after
## STDOUT:
after
in-exit
## END

#### trap 'echo code=$?' EXIT; exit 3
trap 'echo code=$?' EXIT; exit 3
## stdout: code=3
## status: 3

#### (trap 'echo sub-exit' EXIT; echo in-sub); echo after
(trap 'echo sub-exit' EXIT; echo in-sub); echo after
## STDOUT:
in-sub
sub-exit
after
## END

#### trap 'echo main' EXIT; (echo sub); echo after
trap 'echo main' EXIT; (echo sub); echo after
## STDOUT:
sub
after
main
## END

#### trap -p; trap 'echo t' EXIT; trap -p | grep -c EXIT
trap -p; trap 'echo t' EXIT; trap -p | grep -c EXIT
## STDOUT:
1
t
## END

#### true; echo $?; false; echo $?
true; echo $?; false; echo $?
## STDOUT:
0
1
## END

#### : arguments ignored; echo $?
: arguments ignored; echo $?
## stdout: 0

#### let a=1+2; echo $a
let a=1+2; echo $a
## stdout: 3

#### umask 022; umask; umask -S
umask 022; umask; umask -S
## STDOUT:
0022
u=rwx,g=rx,o=rx
## END

#### umask 077; touch f; ls -l f | cut -c1-10
umask 077; touch f; ls -l f | cut -c1-10
## stdout: -rw-------

#### hash ls; echo $?; hash nosuch_xyz 2>/dev/null; echo $?
hash ls; echo $?; hash nosuch_xyz 2>/dev/null; echo $?
## STDOUT:
0
1
## END

#### type -a true | head -1
type -a true | head -1
## stdout: true is a shell builtin

#### local x=1 2>/dev/null; echo $?
local x=1 2>/dev/null; echo $?
## stdout: 1

#### exit 7
exit 7
## stdout-json: ""
## status: 7

#### exit
exit
## stdout-json: ""

#### false; exit
false; exit
## stdout-json: ""
## status: 1

#### (exit 300); echo $?
(exit 300); echo $?
## stdout: 44

#### alias ll='ls -l' 2>/dev/null; echo $?
alias ll='ls -l' 2>/dev/null; echo $?
## stdout: 0

#### x=1; declare +x x; echo $x
x=1; declare +x x; echo $x
## stdout: 1

#### declare -A m; declare -p m
declare -A m; declare -p m
## stdout: declare -A m

#### declare -a arr=(1 2); declare -p arr
declare -a arr=(1 2); declare -p arr
## stdout: declare -a arr=([0]="1" [1]="2")

#### f() { echo $1; }; declare -F f
f() { echo $1; }; declare -F f
## stdout: f

#### kill -0 $$; echo $?
kill -0 $$; echo $?
## stdout: 0

#### sleep 5 & kill $!; wait $!; echo $?
sleep 5 & kill $!; wait $!; echo $?
## stdout: 143

#### wait; echo $?
wait; echo $?
## stdout: 0

#### printf '%s\n' $PPID | grep -c '^[0-9]'
printf '%s\n' $PPID | grep -c '^[0-9]'
## stdout: 1

#### pwd -P | grep -c spec
pwd -P | grep -c spec
## stdout: 1

