# Corner cases of splitting, globbing, scoping and control flow
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### IFS=' ,'; x='  ,a'; printf '[%s]\n' $x
IFS=' ,'; x='  ,a'; printf '[%s]\n' $x

#### IFS=' ,'; x='a, ,b'; printf '[%s]\n' $x
IFS=' ,'; x='a, ,b'; printf '[%s]\n' $x

#### IFS=' ,'; x='a,  '; printf '[%s]\n' $x
IFS=' ,'; x='a,  '; printf '[%s]\n' $x

#### IFS=:; set -- $(echo 'a::b'); echo $#
IFS=:; set -- $(echo 'a::b'); echo $#

#### IFS=; set -- a b; printf '[%s]\n' $*
IFS=; set -- a b; printf '[%s]\n' $*

#### IFS=; set -- a b; printf '[%s]\n' "$*"
IFS=; set -- a b; printf '[%s]\n' "$*"

#### IFS=; a=(x y); printf '[%s]\n' ${a[*]}
IFS=; a=(x y); printf '[%s]\n' ${a[*]}

#### mkdir 'd i r'; touch 'd i r/a.c'; d='d i r'; echo "$d"/*.c
mkdir 'd i r'; touch 'd i r/a.c'; d='d i r'; echo "$d"/*.c

#### mkdir 'd*'; touch 'd*/x'; d='d*'; echo "$d"/*
mkdir 'd*'; touch 'd*/x'; d='d*'; echo "$d"/*

#### touch ab; p='a*'; [[ ab == $p ]] && echo pat; [[ ab == "$...
touch ab; p='a*'; [[ ab == $p ]] && echo pat; [[ ab == "$p" ]] || echo lit

#### x='\*'; touch a; echo $x
x='\*'; touch a; echo $x

#### x=g; f() { local x=l; unset x; echo "[${x-unset}]"; }; f;...
x=g; f() { local x=l; unset x; echo "[${x-unset}]"; }; f; echo $x

#### x=g; f() { local x=l; g; }; g() { unset x; echo "[${x-uns...
x=g; f() { local x=l; g; }; g() { unset x; echo "[${x-unset}]"; }; f; echo $x

#### f() { local x; echo "[${x-unset}]"; x=1; }; f
f() { local x; echo "[${x-unset}]"; x=1; }; f

#### f() { for i in 1 2 3; do return $i; done; }; f; echo $?
f() { for i in 1 2 3; do return $i; done; }; f; echo $?

#### f() { while true; do break; done; echo after-break; }; f
f() { while true; do break; done; echo after-break; }; f

#### for i in 1 2; do f() { continue; }; f; echo $i; done 2>/d...
for i in 1 2; do f() { continue; }; f; echo $i; done 2>/dev/null

#### x=$(f() { exit 3; }; f; echo no); echo "[$x] $?"
x=$(f() { exit 3; }; f; echo no); echo "[$x] $?"

#### f() { echo $1; shift; [ $# -gt 0 ] && f "$@"; }; f a b c
f() { echo $1; shift; [ $# -gt 0 ] && f "$@"; }; f a b c

#### x='a"b$c'; declare -p x
x='a"b$c'; declare -p x

#### declare -i n=1; n+=4; n+=n; echo $n
declare -i n=1; n+=4; n+=n; echo $n

#### a=([5]=x [10]=y); echo ${#a[@]} ${!a[*]}
a=([5]=x [10]=y); echo ${#a[@]} ${!a[*]}

#### declare -A m=([a]=1); echo $(( m[a] + 1 ))
declare -A m=([a]=1); echo $(( m[a] + 1 ))

#### let 'a[1]=5' 'b=a[1]*2'; echo ${a[1]} $b
let 'a[1]=5' 'b=a[1]*2'; echo ${a[1]} $b

#### echo $'don\'t'
echo $'don\'t'

#### echo $(echo $(case a in (a) echo paren-case;; esac))
echo $(echo $(case a in (a) echo paren-case;; esac))

#### case ' ' in [[:space:]]) echo space;; esac
case ' ' in [[:space:]]) echo space;; esac

#### x=5; case $x in [0-9]) echo digit;; *) echo other;; esac
x=5; case $x in [0-9]) echo digit;; *) echo other;; esac

#### set -e; (false; echo no) | cat; echo survived
set -e; (false; echo no) | cat; echo survived

#### set -e; f() { return 1; }; if f; then :; fi; echo ok
set -e; f() { return 1; }; if f; then :; fi; echo ok

#### set -e; f() { false; echo inside; }; f && echo and
set -e; f() { false; echo inside; }; f && echo and

#### set -e; x=1; false || x=2; echo $x
set -e; x=1; false || x=2; echo $x

#### set -e; ! false; echo negated-ok
set -e; ! false; echo negated-ok

#### set -e; for x in a; do false; done || echo caught
set -e; for x in a; do false; done || echo caught

#### cat <<EOF
cat <<EOF
$(echo "quoted 'stuff'")
EOF

#### cat <<EOF (2)
cat <<EOF
A${x:-default}B
EOF

#### cat <<EOF (3)
cat <<EOF
\$HOME stays
EOF

#### echo ${#a[@]}; a[3]=x; a[7]=y; echo ${#a[@]}
echo ${#a[@]}; a[3]=x; a[7]=y; echo ${#a[@]}

#### s=abc; echo ${s:1:1}${s: -1}${s:0:-1}
s=abc; echo ${s:1:1}${s: -1}${s:0:-1}

#### echo ${x:-a\ b}
echo ${x:-a\ b}

#### v='x y'; a=($v z); echo ${#a[@]}
v='x y'; a=($v z); echo ${#a[@]}

#### a=("$@"); echo ${#a[@]}
a=("$@"); echo ${#a[@]}

#### set -- a b; a=("$@"); echo ${a[1]}
set -- a b; a=("$@"); echo ${a[1]}

#### printf '%s|' ${undefined_xyz-} after; echo
printf '%s|' ${undefined_xyz-} after; echo

#### x=abc; echo ${x:0:1}${x:1}
x=abc; echo ${x:0:1}${x:1}

#### echo $((1 + $(echo 2) * 3))
echo $((1 + $(echo 2) * 3))

#### echo $(( $RANDOM < 0 ))
echo $(( $RANDOM < 0 ))

#### f() { echo "${FUNCNAME[0]}"; }; f
f() { echo "${FUNCNAME[0]}"; }; f

#### echo "${@:-empty}"
echo "${@:-empty}"

#### a=x; a+=(y); echo ${a[@]}
a=x; a+=(y); echo ${a[@]}

#### unset a; a+=x; echo $a
unset a; a+=x; echo $a

#### declare -u u; u+=abc; echo $u
declare -u u; u+=abc; echo $u

#### x=1; readonly x; x=2 2>/dev/null; echo $x; (x=3) 2>/dev/n...
x=1; readonly x; x=2 2>/dev/null; echo $x; (x=3) 2>/dev/null || echo cannot

#### echo a > f; exec < f; read l; echo $l
echo a > f; exec < f; read l; echo $l

#### exec 3>&1; (echo via3 >&3)
exec 3>&1; (echo via3 >&3)

#### { echo a >&3; } 3>&1
{ echo a >&3; } 3>&1

#### echo x | { read v; echo "[$v]"; } | cat
echo x | { read v; echo "[$v]"; } | cat

#### (( 3 > 2 )) && echo gt || echo le
(( 3 > 2 )) && echo gt || echo le

#### [[ -n "" ]] || [[ -z "" ]] && echo combined
[[ -n "" ]] || [[ -z "" ]] && echo combined

#### i=0; for x in a b c; do ((i++)); done; echo $i
i=0; for x in a b c; do ((i++)); done; echo $i

#### i=0; ((i++)); echo $?; ((i++)); echo $?
i=0; ((i++)); echo $?; ((i++)); echo $?

#### echo $(( -(3) )) $(( +4 )) $(( !!5 ))
echo $(( -(3) )) $(( +4 )) $(( !!5 ))

#### x=07; echo $(( 10#$x + 1 ))
x=07; echo $(( 10#$x + 1 ))

#### echo $(( 1 ? 0 ? 5 : 6 : 7 ))
echo $(( 1 ? 0 ? 5 : 6 : 7 ))

#### a=1; b=$(( a == 1 ? 10 : 20 )); echo $b
a=1; b=$(( a == 1 ? 10 : 20 )); echo $b

#### set -- $'a\nb' c; echo $#
set -- $'a\nb' c; echo $#

#### echo 'single'"double"$'ansi'
echo 'single'"double"$'ansi'

#### printf '%s\n' "${x-"$(echo nested)"}"
printf '%s\n' "${x-"$(echo nested)"}"

#### echo "$(echo "$(echo "$(echo triple)")")"
echo "$(echo "$(echo "$(echo triple)")")"

#### x="a'b"; echo "${x//\'/Q}"
x="a'b"; echo "${x//\'/Q}"

#### x=aaa; echo ${x/#a/b} ${x/%a/b}
x=aaa; echo ${x/#a/b} ${x/%a/b}

#### arr=(a b c); echo "${arr[@]/b}"
arr=(a b c); echo "${arr[@]/b}"

#### x=ab; echo ${x/b/\/}
x=ab; echo ${x/b/\/}

#### echo ${UNSET_XYZ:+set}unset
echo ${UNSET_XYZ:+set}unset

#### f() { local -n r=x 2>/dev/null; echo status=$?; }; f
f() { local -n r=x 2>/dev/null; echo status=$?; }; f

