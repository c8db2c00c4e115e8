# Agent-style scripts and corner cases
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### nosuch_cmd_xyz 2>/dev/null; echo $?
nosuch_cmd_xyz 2>/dev/null; echo $?

#### touch f; chmod -x f; ./f 2>/dev/null; echo $?
touch f; chmod -x f; ./f 2>/dev/null; echo $?

#### printf 'echo from-script $1\n' > s; chmod +x s; ./s arg
printf 'echo from-script $1\n' > s; chmod +x s; ./s arg

#### printf '#!/bin/sh\necho shebang $1\n' > s; chmod +x s; ./...
printf '#!/bin/sh\necho shebang $1\n' > s; chmod +x s; ./s arg

#### printf 'exit 5\n' > s; chmod +x s; ./s; echo $?
printf 'exit 5\n' > s; chmod +x s; ./s; echo $?

#### exec echo replaced; echo never
exec echo replaced; echo never

#### exec > out.txt; echo to-file; exec >&2; cat out.txt >&2; ...
exec > out.txt; echo to-file; exec >&2; cat out.txt >&2; echo done >&2

#### (exec > o; echo inside); cat o
(exec > o; echo inside); cat o

#### mkdir -p src && cd src && touch a.py b.py && for f in *.p...
mkdir -p src && cd src && touch a.py b.py && for f in *.py; do echo "file: $f"; done

#### set -euo pipefail; x=$(echo ok); echo $x
set -euo pipefail; x=$(echo ok); echo $x

#### set -euo pipefail; arr=(a b); for i in "${arr[@]}"; do ec...
set -euo pipefail; arr=(a b); for i in "${arr[@]}"; do echo $i; done

#### cleanup() { echo cleaning; }; trap cleanup EXIT; echo wor...
cleanup() { echo cleaning; }; trap cleanup EXIT; echo working

#### f() { local rc=0; false || rc=$?; echo rc=$rc; }; f
f() { local rc=0; false || rc=$?; echo rc=$rc; }; f

#### while IFS= read -r line; do echo "[$line]"; done <<'EOF'
while IFS= read -r line; do echo "[$line]"; done <<'EOF'
  a b  
	c
EOF

#### count=0; for f in $(seq 1 10); do count=$((count + f)); d...
count=0; for f in $(seq 1 10); do count=$((count + f)); done; echo $count

#### x="$(cat <<EOF
x="$(cat <<EOF
heredoc in cmdsub
EOF
)"; echo "$x"

#### if [[ -f nonexist ]]; then echo yes; else echo no; fi
if [[ -f nonexist ]]; then echo yes; else echo no; fi

#### [ -d /tmp ] || { echo missing; exit 1; }; echo present
[ -d /tmp ] || { echo missing; exit 1; }; echo present

#### v=${1:-default}; echo $v
v=${1:-default}; echo $v

#### echo "${HOME%/}" | grep -c /
echo "${HOME%/}" | grep -c /

#### ver=1.2.3; IFS=. read -r ma mi pa <<< "$ver"; echo $ma-$m...
ver=1.2.3; IFS=. read -r ma mi pa <<< "$ver"; echo $ma-$mi-$pa

#### s='hello world'; echo ${s^} ${s^^} ${#s}
s='hello world'; echo ${s^} ${s^^} ${#s}

#### str=abc; for ((i=${#str}-1; i>=0; i--)); do printf %s "${...
str=abc; for ((i=${#str}-1; i>=0; i--)); do printf %s "${str:i:1}"; done; echo

#### a=(3 1 2); for ((i=0;i<${#a[@]};i++)); do echo ${a[i]}; done
a=(3 1 2); for ((i=0;i<${#a[@]};i++)); do echo ${a[i]}; done

#### declare -A count; for w in a b a c a; do count[$w]=$(( ${...
declare -A count; for w in a b a c a; do count[$w]=$(( ${count[$w]:-0} + 1 )); done; echo ${count[a]} ${count[b]}

#### f() { echo "args: $#"; for a in "$@"; do echo "- $a"; don...
f() { echo "args: $#"; for a in "$@"; do echo "- $a"; done; }; f 'x y' z

#### json='{"k": 1}'; echo "$json"
json='{"k": 1}'; echo "$json"

#### echo 'a"b' "c'd"
echo 'a"b' "c'd"

#### x=5; y=$((x > 3 ? 1 : 0)); echo $y
x=5; y=$((x > 3 ? 1 : 0)); echo $y

#### out=$(printf '%s,' a b c); echo ${out%,}
out=$(printf '%s,' a b c); echo ${out%,}

#### path=/a/b/c.txt; echo dir=${path%/*} base=${path##*/} ext...
path=/a/b/c.txt; echo dir=${path%/*} base=${path##*/} ext=${path##*.}

#### files=(); for f in none*; do [ -e "$f" ] && files+=("$f")...
files=(); for f in none*; do [ -e "$f" ] && files+=("$f"); done; echo ${#files[@]}

#### printf '%s\n' b a c | sort | tr '\n' ' '; echo
printf '%s\n' b a c | sort | tr '\n' ' '; echo

#### echo $(( $(printf '%d' 7) + 1 ))
echo $(( $(printf '%d' 7) + 1 ))

#### case "$(uname -s)" in Linux) echo linux;; *) echo other;;...
case "$(uname -s)" in Linux) echo linux;; *) echo other;; esac

#### git_branch=${GIT_BRANCH:-main}; echo $git_branch
git_branch=${GIT_BRANCH:-main}; echo $git_branch

#### n=0; until (( n >= 3 )); do n=$((n+1)); done; echo $n
n=0; until (( n >= 3 )); do n=$((n+1)); done; echo $n

#### x=a; [[ $x == a ]] && { echo matched; true; } || echo not
x=a; [[ $x == a ]] && { echo matched; true; } || echo not

#### f() { [[ $1 ]] || return 1; echo got $1; }; f && echo ok ...
f() { [[ $1 ]] || return 1; echo got $1; }; f && echo ok || echo empty

#### a=1; { a=2; echo $a; } | cat; echo $a
a=1; { a=2; echo $a; } | cat; echo $a

#### echo start; { echo grouped-out; } > g.txt; cat g.txt
echo start; { echo grouped-out; } > g.txt; cat g.txt

#### echo $((16#1F)) $((8#17)) $((2#11))
echo $((16#1F)) $((8#17)) $((2#11))

#### x=abc; [[ $x =~ ^a ]] && echo starts
x=abc; [[ $x =~ ^a ]] && echo starts

#### for i in {1..3}; do echo -n "$i "; done; echo
for i in {1..3}; do echo -n "$i "; done; echo

#### IFS=, read -ra f <<< 'a,b,,d'; echo ${#f[@]} "[${f[2]}]"
IFS=, read -ra f <<< 'a,b,,d'; echo ${#f[@]} "[${f[2]}]"

#### declare -a stack=(); stack+=(1); stack+=(2); unset 'stack...
declare -a stack=(); stack+=(1); stack+=(2); unset 'stack[${#stack[@]}-1]'; echo ${stack[@]}

#### trap 'echo "error on line $LINENO"' ERR; false; echo cont...
trap 'echo "error on line $LINENO"' ERR; false; echo continued

#### f() { trap 'echo ret' RETURN; }; f; echo after 2>/dev/null
f() { trap 'echo ret' RETURN; }; f; echo after 2>/dev/null

#### echo "multi
echo "multi
line" | while read -r l; do echo ">$l"; done

#### printf '%s\n' "${PATH%%:*}" | grep -c /
printf '%s\n' "${PATH%%:*}" | grep -c /

#### tmp=$(mktemp -d); [ -d "$tmp" ] && echo made; rm -rf "$tmp"
tmp=$(mktemp -d); [ -d "$tmp" ] && echo made; rm -rf "$tmp"

#### echo abc | sed 's/b/B/'
echo abc | sed 's/b/B/'

#### echo 'x=1' > cfg; . ./cfg; echo $x
echo 'x=1' > cfg; . ./cfg; echo $x

#### f() { echo $(( $1 + 1 )); }; r=$(f 41); echo $r
f() { echo $(( $1 + 1 )); }; r=$(f 41); echo $r

#### [ "$(echo a)" = a ] && echo cmdsub-in-test
[ "$(echo a)" = a ] && echo cmdsub-in-test

#### x=; echo ${x:-unset-or-empty} ${x-set}
x=; echo ${x:-unset-or-empty} ${x-set}

#### echo ${#}
echo ${#}

#### set -- 'a b'; for x in $1; do echo $x; done
set -- 'a b'; for x in $1; do echo $x; done

#### echo -e 'col1\tcol2' | cut -f2
echo -e 'col1\tcol2' | cut -f2

#### head -c 5 /dev/zero | wc -c
head -c 5 /dev/zero | wc -c

#### printf 'line\n%.0s' 1 2 3 | wc -l
printf 'line\n%.0s' 1 2 3 | wc -l

#### seq 3 | paste -sd+ | bc 2>/dev/null || echo nobc
seq 3 | paste -sd+ | bc 2>/dev/null || echo nobc

#### echo $(( (1 << 62) * 2 ))
echo $(( (1 << 62) * 2 ))

#### v=$'\x01'; echo ${#v}
v=$'\x01'; echo ${#v}

#### f() { local -a arr=("$@"); echo ${#arr[@]}; }; f a b c
f() { local -a arr=("$@"); echo ${#arr[@]}; }; f a b c

#### x=10; f() { local x=$((x+1)); echo $x; }; f; echo $x
x=10; f() { local x=$((x+1)); echo $x; }; f; echo $x

#### echo $HOME | grep -c '^/'
echo $HOME | grep -c '^/'

#### cd /; cd tmp; pwd
cd /; cd tmp; pwd

#### cd; pwd
cd; pwd

#### wait -n 2>/dev/null; echo $?
wait -n 2>/dev/null; echo $?

#### sleep 0.1 & p=$!; wait $p; echo waited
sleep 0.1 & p=$!; wait $p; echo waited

#### { sleep 0.1; echo a; } & { echo b; }; wait
{ sleep 0.1; echo a; } & { echo b; }; wait

#### echo $(( 10 / 3 )) $(( -10 / 3 ))
echo $(( 10 / 3 )) $(( -10 / 3 ))

#### x=(a b c); echo ${x[@]: -2:1}
x=(a b c); echo ${x[@]: -2:1}

#### x='a-b-c'; echo ${x//-/ }
x='a-b-c'; echo ${x//-/ }

#### set -- 1 2 3; echo $(( $1 + $2 + $3 ))
set -- 1 2 3; echo $(( $1 + $2 + $3 ))

#### echo ${PWD##*/} | grep -c spec
echo ${PWD##*/} | grep -c spec

#### readarray -t lines <<< $'l1\nl2'; echo ${#lines[@]}
readarray -t lines <<< $'l1\nl2'; echo ${#lines[@]}

#### printf '%s\0' a b | xargs -0 echo
printf '%s\0' a b | xargs -0 echo

#### echo a b c | xargs -n1 echo
echo a b c | xargs -n1 echo

#### find . -maxdepth 0 -type d | head -1
find . -maxdepth 0 -type d | head -1

#### echo "$(basename /a/b/c.sh .sh)" "$(dirname /a/b/c.sh)"
echo "$(basename /a/b/c.sh .sh)" "$(dirname /a/b/c.sh)"

#### test -z "${UNSET_XYZ-}" && echo empty-or-unset
test -z "${UNSET_XYZ-}" && echo empty-or-unset

#### true && { echo then-branch; } || { echo else-branch; }
true && { echo then-branch; } || { echo else-branch; }

#### eval "$(echo 'x=from-eval-cmdsub')"; echo $x
eval "$(echo 'x=from-eval-cmdsub')"; echo $x

#### for x in a b; do eval "v_$x=$x$x"; done; echo $v_a $v_b
for x in a b; do eval "v_$x=$x$x"; done; echo $v_a $v_b

#### name=dyn; declare "$name=value"; echo $dyn
name=dyn; declare "$name=value"; echo $dyn

#### name=arr; declare -a "$name=(1 2 3)"; echo ${arr[2]}
name=arr; declare -a "$name=(1 2 3)"; echo ${arr[2]}

#### printf -v "var_%s" 7 2>/dev/null; echo $?
printf -v "var_%s" 7 2>/dev/null; echo $?

#### key=k; declare -A m; m[$key]=v; echo ${m[$key]}
key=k; declare -A m; m[$key]=v; echo ${m[$key]}

#### i=0; while :; do ((i++ >= 2)) && break; done; echo $i
i=0; while :; do ((i++ >= 2)) && break; done; echo $i

#### echo $((i=3)) $i
echo $((i=3)) $i

#### shopt -s nullglob; a=(*.nomatch); echo ${#a[@]}
shopt -s nullglob; a=(*.nomatch); echo ${#a[@]}

#### x='a b'; [ "$x" = 'a b' ] && echo quoted-test
x='a b'; [ "$x" = 'a b' ] && echo quoted-test

#### unset x; [ -z "$x" ] && echo unset-test
unset x; [ -z "$x" ] && echo unset-test

#### echo "a" >&2 2>/dev/null; echo ok
echo "a" >&2 2>/dev/null; echo ok

#### echo 1 2 3 > f; read a b c < f; echo $c$b$a
echo 1 2 3 > f; read a b c < f; echo $c$b$a

