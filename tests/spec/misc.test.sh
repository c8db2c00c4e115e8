# Agent-style scripts and corner cases
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### nosuch_cmd_xyz 2>/dev/null; echo $?
nosuch_cmd_xyz 2>/dev/null; echo $?
## stdout: 127

#### touch f; chmod -x f; ./f 2>/dev/null; echo $?
touch f; chmod -x f; ./f 2>/dev/null; echo $?
## stdout: 126

#### printf 'echo from-script $1\n' > s; chmod +x s; ./s arg
printf 'echo from-script $1\n' > s; chmod +x s; ./s arg
## stdout: from-script arg

#### printf '#!/bin/sh\necho shebang $1\n' > s; chmod +x s; ./...
printf '#!/bin/sh\necho shebang $1\n' > s; chmod +x s; ./s arg
## stdout: shebang arg

#### printf 'exit 5\n' > s; chmod +x s; ./s; echo $?
printf 'exit 5\n' > s; chmod +x s; ./s; echo $?
## stdout: 5

#### exec echo replaced; echo never
exec echo replaced; echo never
## stdout: replaced

#### exec > out.txt; echo to-file; exec >&2; cat out.txt >&2; ...
exec > out.txt; echo to-file; exec >&2; cat out.txt >&2; echo done >&2
## stdout-json: ""

#### (exec > o; echo inside); cat o
(exec > o; echo inside); cat o
## stdout: inside

#### mkdir -p src && cd src && touch a.py b.py && for f in *.p...
mkdir -p src && cd src && touch a.py b.py && for f in *.py; do echo "file: $f"; done
## STDOUT:
file: a.py
file: b.py
## END

#### set -euo pipefail; x=$(echo ok); echo $x
set -euo pipefail; x=$(echo ok); echo $x
## stdout: ok

#### set -euo pipefail; arr=(a b); for i in "${arr[@]}"; do ec...
set -euo pipefail; arr=(a b); for i in "${arr[@]}"; do echo $i; done
## STDOUT:
a
b
## END

#### cleanup() { echo cleaning; }; trap cleanup EXIT; echo wor...
cleanup() { echo cleaning; }; trap cleanup EXIT; echo working
## STDOUT:
working
cleaning
## END

#### f() { local rc=0; false || rc=$?; echo rc=$rc; }; f
f() { local rc=0; false || rc=$?; echo rc=$rc; }; f
## stdout: rc=1

#### while IFS= read -r line; do echo "[$line]"; done <<'EOF'
while IFS= read -r line; do echo "[$line]"; done <<'EOF'
  a b  
	c
EOF
## STDOUT:
[  a b  ]
[	c]
## END

#### count=0; for f in $(seq 1 10); do count=$((count + f)); d...
count=0; for f in $(seq 1 10); do count=$((count + f)); done; echo $count
## stdout: 55

#### x="$(cat <<EOF
x="$(cat <<EOF
heredoc in cmdsub
EOF
)"; echo "$x"
## stdout: heredoc in cmdsub

#### if [[ -f nonexist ]]; then echo yes; else echo no; fi
if [[ -f nonexist ]]; then echo yes; else echo no; fi
## stdout: no

#### [ -d /tmp ] || { echo missing; exit 1; }; echo present
[ -d /tmp ] || { echo missing; exit 1; }; echo present
## stdout: present

#### v=${1:-default}; echo $v
v=${1:-default}; echo $v
## stdout: default

#### echo "${HOME%/}" | grep -c /
echo "${HOME%/}" | grep -c /
## stdout: 1

#### ver=1.2.3; IFS=. read -r ma mi pa <<< "$ver"; echo $ma-$m...
ver=1.2.3; IFS=. read -r ma mi pa <<< "$ver"; echo $ma-$mi-$pa
## stdout: 1-2-3

#### s='hello world'; echo ${s^} ${s^^} ${#s}
s='hello world'; echo ${s^} ${s^^} ${#s}
## stdout: Hello world HELLO WORLD 11

#### str=abc; for ((i=${#str}-1; i>=0; i--)); do printf %s "${...
str=abc; for ((i=${#str}-1; i>=0; i--)); do printf %s "${str:i:1}"; done; echo
## stdout: cba

#### a=(3 1 2); for ((i=0;i<${#a[@]};i++)); do echo ${a[i]}; done
a=(3 1 2); for ((i=0;i<${#a[@]};i++)); do echo ${a[i]}; done
## STDOUT:
3
1
2
## END

#### declare -A count; for w in a b a c a; do count[$w]=$(( ${...
declare -A count; for w in a b a c a; do count[$w]=$(( ${count[$w]:-0} + 1 )); done; echo ${count[a]} ${count[b]}
## stdout: 3 1

#### f() { echo "args: $#"; for a in "$@"; do echo "- $a"; don...
f() { echo "args: $#"; for a in "$@"; do echo "- $a"; done; }; f 'x y' z
## STDOUT:
args: 2
- x y
- z
## END

#### json='{"k": 1}'; echo "$json"
json='{"k": 1}'; echo "$json"
## stdout: {"k": 1}

#### echo 'a"b' "c'd"
echo 'a"b' "c'd"
## stdout: a"b c'd

#### x=5; y=$((x > 3 ? 1 : 0)); echo $y
x=5; y=$((x > 3 ? 1 : 0)); echo $y
## stdout: 1

#### out=$(printf '%s,' a b c); echo ${out%,}
out=$(printf '%s,' a b c); echo ${out%,}
## stdout: a,b,c

#### path=/a/b/c.txt; echo dir=${path%/*} base=${path##*/} ext...
path=/a/b/c.txt; echo dir=${path%/*} base=${path##*/} ext=${path##*.}
## stdout: dir=/a/b base=c.txt ext=txt

#### files=(); for f in none*; do [ -e "$f" ] && files+=("$f")...
files=(); for f in none*; do [ -e "$f" ] && files+=("$f"); done; echo ${#files[@]}
## stdout: 0

#### printf '%s\n' b a c | sort | tr '\n' ' '; echo
printf '%s\n' b a c | sort | tr '\n' ' '; echo
## stdout: a b c 

#### echo $(( $(printf '%d' 7) + 1 ))
echo $(( $(printf '%d' 7) + 1 ))
## stdout: 8

#### case "$(uname -s)" in Linux) echo linux;; *) echo other;;...
case "$(uname -s)" in Linux) echo linux;; *) echo other;; esac
## stdout: linux

#### git_branch=${GIT_BRANCH:-main}; echo $git_branch
git_branch=${GIT_BRANCH:-main}; echo $git_branch
## stdout: main

#### n=0; until (( n >= 3 )); do n=$((n+1)); done; echo $n
n=0; until (( n >= 3 )); do n=$((n+1)); done; echo $n
## stdout: 3

#### x=a; [[ $x == a ]] && { echo matched; true; } || echo not
x=a; [[ $x == a ]] && { echo matched; true; } || echo not
## stdout: matched

#### f() { [[ $1 ]] || return 1; echo got $1; }; f && echo ok ...
f() { [[ $1 ]] || return 1; echo got $1; }; f && echo ok || echo empty
## stdout: empty

#### a=1; { a=2; echo $a; } | cat; echo $a
a=1; { a=2; echo $a; } | cat; echo $a
## STDOUT:
2
1
## END

#### echo start; { echo grouped-out; } > g.txt; cat g.txt
echo start; { echo grouped-out; } > g.txt; cat g.txt
## STDOUT:
start
grouped-out
## END

#### echo $((16#1F)) $((8#17)) $((2#11))
echo $((16#1F)) $((8#17)) $((2#11))
## stdout: 31 15 3

#### x=abc; [[ $x =~ ^a ]] && echo starts
x=abc; [[ $x =~ ^a ]] && echo starts
## stdout: starts

#### for i in {1..3}; do echo -n "$i "; done; echo
for i in {1..3}; do echo -n "$i "; done; echo
## stdout: 1 2 3 

#### IFS=, read -ra f <<< 'a,b,,d'; echo ${#f[@]} "[${f[2]}]"
IFS=, read -ra f <<< 'a,b,,d'; echo ${#f[@]} "[${f[2]}]"
## stdout: 4 []

#### declare -a stack=(); stack+=(1); stack+=(2); unset 'stack...
declare -a stack=(); stack+=(1); stack+=(2); unset 'stack[${#stack[@]}-1]'; echo ${stack[@]}
## stdout: 1

#### trap 'echo "error on line $LINENO"' ERR; false; echo cont...
trap 'echo "error on line $LINENO"' ERR; false; echo continued
## STDOUT:
error on line 1
continued
## END

#### f() { trap 'echo ret' RETURN; }; f; echo after 2>/dev/null
f() { trap 'echo ret' RETURN; }; f; echo after 2>/dev/null
## STDOUT:
ret
after
## END

#### echo "multi
echo "multi
line" | while read -r l; do echo ">$l"; done
## STDOUT:
>multi
>line
## END

#### printf '%s\n' "${PATH%%:*}" | grep -c /
printf '%s\n' "${PATH%%:*}" | grep -c /
## stdout: 1

#### tmp=$(mktemp -d); [ -d "$tmp" ] && echo made; rm -rf "$tmp"
tmp=$(mktemp -d); [ -d "$tmp" ] && echo made; rm -rf "$tmp"
## stdout: made

#### echo abc | sed 's/b/B/'
echo abc | sed 's/b/B/'
## stdout: aBc

#### echo 'x=1' > cfg; . ./cfg; echo $x
echo 'x=1' > cfg; . ./cfg; echo $x
## stdout: 1

#### f() { echo $(( $1 + 1 )); }; r=$(f 41); echo $r
f() { echo $(( $1 + 1 )); }; r=$(f 41); echo $r
## stdout: 42

#### [ "$(echo a)" = a ] && echo cmdsub-in-test
[ "$(echo a)" = a ] && echo cmdsub-in-test
## stdout: cmdsub-in-test

#### x=; echo ${x:-unset-or-empty} ${x-set}
x=; echo ${x:-unset-or-empty} ${x-set}
## stdout: unset-or-empty

#### echo ${#}
echo ${#}
## stdout: 0

#### set -- 'a b'; for x in $1; do echo $x; done
set -- 'a b'; for x in $1; do echo $x; done
## STDOUT:
a
b
## END

#### echo -e 'col1\tcol2' | cut -f2
echo -e 'col1\tcol2' | cut -f2
## stdout: col2

#### head -c 5 /dev/zero | wc -c
head -c 5 /dev/zero | wc -c
## stdout: 5

#### printf 'line\n%.0s' 1 2 3 | wc -l
printf 'line\n%.0s' 1 2 3 | wc -l
## stdout: 3

#### seq 3 | paste -sd+ | bc 2>/dev/null || echo nobc
seq 3 | paste -sd+ | bc 2>/dev/null || echo nobc
## stdout: 6

#### echo $(( (1 << 62) * 2 ))
echo $(( (1 << 62) * 2 ))
## stdout: -9223372036854775808

#### v=$'\x01'; echo ${#v}
v=$'\x01'; echo ${#v}
## stdout: 1

#### f() { local -a arr=("$@"); echo ${#arr[@]}; }; f a b c
f() { local -a arr=("$@"); echo ${#arr[@]}; }; f a b c
## stdout: 3

#### x=10; f() { local x=$((x+1)); echo $x; }; f; echo $x
x=10; f() { local x=$((x+1)); echo $x; }; f; echo $x
## STDOUT:
11
10
## END

#### echo $HOME | grep -c '^/'
echo $HOME | grep -c '^/'
## stdout: 1

#### cd /; cd tmp; pwd
cd /; cd tmp; pwd
## stdout: /tmp

#### cd; pwd
cd; pwd
## stdout: /tmp

#### wait -n 2>/dev/null; echo $?
wait -n 2>/dev/null; echo $?
## stdout: 127

#### sleep 0.1 & p=$!; wait $p; echo waited
sleep 0.1 & p=$!; wait $p; echo waited
## stdout: waited

#### { sleep 0.5; echo a; } & { echo b; }; wait
{ sleep 0.5; echo a; } & { echo b; }; wait
## STDOUT:
b
a
## END

#### echo $(( 10 / 3 )) $(( -10 / 3 ))
echo $(( 10 / 3 )) $(( -10 / 3 ))
## stdout: 3 -3

#### x=(a b c); echo ${x[@]: -2:1}
x=(a b c); echo ${x[@]: -2:1}
## stdout: b

#### x='a-b-c'; echo ${x//-/ }
x='a-b-c'; echo ${x//-/ }
## stdout: a b c

#### set -- 1 2 3; echo $(( $1 + $2 + $3 ))
set -- 1 2 3; echo $(( $1 + $2 + $3 ))
## stdout: 6

#### echo ${PWD##*/} | grep -c spec
echo ${PWD##*/} | grep -c spec
## stdout: 0
## status: 1

#### readarray -t lines <<< $'l1\nl2'; echo ${#lines[@]}
readarray -t lines <<< $'l1\nl2'; echo ${#lines[@]}
## stdout: 2

#### printf '%s\0' a b | xargs -0 echo
printf '%s\0' a b | xargs -0 echo
## stdout: a b

#### echo a b c | xargs -n1 echo
echo a b c | xargs -n1 echo
## STDOUT:
a
b
c
## END

#### find . -maxdepth 0 -type d | head -1
find . -maxdepth 0 -type d | head -1
## stdout: .

#### echo "$(basename /a/b/c.sh .sh)" "$(dirname /a/b/c.sh)"
echo "$(basename /a/b/c.sh .sh)" "$(dirname /a/b/c.sh)"
## stdout: c /a/b

#### test -z "${UNSET_XYZ-}" && echo empty-or-unset
test -z "${UNSET_XYZ-}" && echo empty-or-unset
## stdout: empty-or-unset

#### true && { echo then-branch; } || { echo else-branch; }
true && { echo then-branch; } || { echo else-branch; }
## stdout: then-branch

#### eval "$(echo 'x=from-eval-cmdsub')"; echo $x
eval "$(echo 'x=from-eval-cmdsub')"; echo $x
## stdout: from-eval-cmdsub

#### for x in a b; do eval "v_$x=$x$x"; done; echo $v_a $v_b
for x in a b; do eval "v_$x=$x$x"; done; echo $v_a $v_b
## stdout: aa bb

#### name=dyn; declare "$name=value"; echo $dyn
name=dyn; declare "$name=value"; echo $dyn
## stdout: value

#### name=arr; declare -a "$name=(1 2 3)"; echo ${arr[2]}
name=arr; declare -a "$name=(1 2 3)"; echo ${arr[2]}
## stdout: 3

#### printf -v "var_%s" 7 2>/dev/null; echo $?
printf -v "var_%s" 7 2>/dev/null; echo $?
## stdout: 2

#### key=k; declare -A m; m[$key]=v; echo ${m[$key]}
key=k; declare -A m; m[$key]=v; echo ${m[$key]}
## stdout: v

#### i=0; while :; do ((i++ >= 2)) && break; done; echo $i
i=0; while :; do ((i++ >= 2)) && break; done; echo $i
## stdout: 3

#### echo $((i=3)) $i
echo $((i=3)) $i
## stdout: 3 3

#### shopt -s nullglob; a=(*.nomatch); echo ${#a[@]}
shopt -s nullglob; a=(*.nomatch); echo ${#a[@]}
## stdout: 0

#### x='a b'; [ "$x" = 'a b' ] && echo quoted-test
x='a b'; [ "$x" = 'a b' ] && echo quoted-test
## stdout: quoted-test

#### unset x; [ -z "$x" ] && echo unset-test
unset x; [ -z "$x" ] && echo unset-test
## stdout: unset-test

#### echo "a" >&2 2>/dev/null; echo ok
echo "a" >&2 2>/dev/null; echo ok
## stdout: ok

#### echo 1 2 3 > f; read a b c < f; echo $c$b$a
echo 1 2 3 > f; read a b c < f; echo $c$b$a
## stdout: 321

