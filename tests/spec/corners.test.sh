# Corner cases of splitting, globbing, scoping and control flow
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### IFS=' ,'; x='  ,a'; printf '[%s]\n' $x
IFS=' ,'; x='  ,a'; printf '[%s]\n' $x
## STDOUT:
[]
[a]
## END

#### IFS=' ,'; x='a, ,b'; printf '[%s]\n' $x
IFS=' ,'; x='a, ,b'; printf '[%s]\n' $x
## STDOUT:
[a]
[]
[b]
## END

#### IFS=' ,'; x='a,  '; printf '[%s]\n' $x
IFS=' ,'; x='a,  '; printf '[%s]\n' $x
## stdout: [a]

#### IFS=:; set -- $(echo 'a::b'); echo $#
IFS=:; set -- $(echo 'a::b'); echo $#
## stdout: 3

#### IFS=; set -- a b; printf '[%s]\n' $*
IFS=; set -- a b; printf '[%s]\n' $*
## STDOUT:
[a]
[b]
## END

#### IFS=; set -- a b; printf '[%s]\n' "$*"
IFS=; set -- a b; printf '[%s]\n' "$*"
## stdout: [ab]

#### IFS=; a=(x y); printf '[%s]\n' ${a[*]}
IFS=; a=(x y); printf '[%s]\n' ${a[*]}
## STDOUT:
[x]
[y]
## END

#### mkdir 'd i r'; touch 'd i r/a.c'; d='d i r'; echo "$d"/*.c
mkdir 'd i r'; touch 'd i r/a.c'; d='d i r'; echo "$d"/*.c
## stdout: d i r/a.c

#### mkdir 'd*'; touch 'd*/x'; d='d*'; echo "$d"/*
mkdir 'd*'; touch 'd*/x'; d='d*'; echo "$d"/*
## stdout: d*/x

#### touch ab; p='a*'; [[ ab == $p ]] && echo pat; [[ ab == "$...
touch ab; p='a*'; [[ ab == $p ]] && echo pat; [[ ab == "$p" ]] || echo lit
## STDOUT:
pat
lit
## END

#### x='\*'; touch a; echo $x
x='\*'; touch a; echo $x
## stdout: \*

#### x=g; f() { local x=l; unset x; echo "[${x-unset}]"; }; f;...
x=g; f() { local x=l; unset x; echo "[${x-unset}]"; }; f; echo $x
## STDOUT:
[unset]
g
## END

#### x=g; f() { local x=l; g; }; g() { unset x; echo "[${x-uns...
x=g; f() { local x=l; g; }; g() { unset x; echo "[${x-unset}]"; }; f; echo $x
## STDOUT:
[g]
g
## END

#### f() { local x; echo "[${x-unset}]"; x=1; }; f
f() { local x; echo "[${x-unset}]"; x=1; }; f
## stdout: [unset]

#### f() { for i in 1 2 3; do return $i; done; }; f; echo $?
f() { for i in 1 2 3; do return $i; done; }; f; echo $?
## stdout: 1

#### f() { while true; do break; done; echo after-break; }; f
f() { while true; do break; done; echo after-break; }; f
## stdout: after-break

#### for i in 1 2; do f() { continue; }; f; echo $i; done 2>/d...
for i in 1 2; do f() { continue; }; f; echo $i; done 2>/dev/null
## STDOUT:
1
2
## END

#### x=$(f() { exit 3; }; f; echo no); echo "[$x] $?"
x=$(f() { exit 3; }; f; echo no); echo "[$x] $?"
## stdout: [] 3

#### f() { echo $1; shift; [ $# -gt 0 ] && f "$@"; }; f a b c
f() { echo $1; shift; [ $# -gt 0 ] && f "$@"; }; f a b c
## STDOUT:
a
b
c
## END
## status: 1

#### x='a"b$c'; declare -p x
x='a"b$c'; declare -p x
## stdout: declare -- x="a\"b\$c"

#### declare -i n=1; n+=4; n+=n; echo $n
declare -i n=1; n+=4; n+=n; echo $n
## stdout: 10

#### a=([5]=x [10]=y); echo ${#a[@]} ${!a[*]}
a=([5]=x [10]=y); echo ${#a[@]} ${!a[*]}
## stdout: 2 5 10

#### declare -A m=([a]=1); echo $(( m[a] + 1 ))
declare -A m=([a]=1); echo $(( m[a] + 1 ))
## stdout: 2

#### let 'a[1]=5' 'b=a[1]*2'; echo ${a[1]} $b
let 'a[1]=5' 'b=a[1]*2'; echo ${a[1]} $b
## stdout: 5 10

#### echo $'don\'t'
echo $'don\'t'
## stdout: don't

#### echo $(echo $(case a in (a) echo paren-case;; esac))
echo $(echo $(case a in (a) echo paren-case;; esac))
## stdout: paren-case

#### case ' ' in [[:space:]]) echo space;; esac
case ' ' in [[:space:]]) echo space;; esac
## stdout: space

#### x=5; case $x in [0-9]) echo digit;; *) echo other;; esac
x=5; case $x in [0-9]) echo digit;; *) echo other;; esac
## stdout: digit

#### set -e; (false; echo no) | cat; echo survived
set -e; (false; echo no) | cat; echo survived
## stdout: survived

#### set -e; f() { return 1; }; if f; then :; fi; echo ok
set -e; f() { return 1; }; if f; then :; fi; echo ok
## stdout: ok

#### set -e; f() { false; echo inside; }; f && echo and
set -e; f() { false; echo inside; }; f && echo and
## STDOUT:
inside
and
## END

#### set -e; x=1; false || x=2; echo $x
set -e; x=1; false || x=2; echo $x
## stdout: 2

#### set -e; ! false; echo negated-ok
set -e; ! false; echo negated-ok
## stdout: negated-ok

#### set -e; for x in a; do false; done || echo caught
set -e; for x in a; do false; done || echo caught
## stdout: caught

#### cat <<EOF
cat <<EOF
$(echo "quoted 'stuff'")
EOF
## stdout: quoted 'stuff'

#### cat <<EOF (2)
cat <<EOF
A${x:-default}B
EOF
## stdout: AdefaultB

#### cat <<EOF (3)
cat <<EOF
\$HOME stays
EOF
## stdout: $HOME stays

#### echo ${#a[@]}; a[3]=x; a[7]=y; echo ${#a[@]}
echo ${#a[@]}; a[3]=x; a[7]=y; echo ${#a[@]}
## STDOUT:
0
2
## END

#### s=abc; echo ${s:1:1}${s: -1}${s:0:-1}
s=abc; echo ${s:1:1}${s: -1}${s:0:-1}
## stdout: bcab

#### echo ${x:-a\ b}
echo ${x:-a\ b}
## stdout: a b

#### v='x y'; a=($v z); echo ${#a[@]}
v='x y'; a=($v z); echo ${#a[@]}
## stdout: 3

#### a=("$@"); echo ${#a[@]}
a=("$@"); echo ${#a[@]}
## stdout: 0

#### set -- a b; a=("$@"); echo ${a[1]}
set -- a b; a=("$@"); echo ${a[1]}
## stdout: b

#### printf '%s|' ${undefined_xyz-} after; echo
printf '%s|' ${undefined_xyz-} after; echo
## stdout: after|

#### x=abc; echo ${x:0:1}${x:1}
x=abc; echo ${x:0:1}${x:1}
## stdout: abc

#### echo $((1 + $(echo 2) * 3))
echo $((1 + $(echo 2) * 3))
## stdout: 7

#### echo $(( $RANDOM < 0 ))
echo $(( $RANDOM < 0 ))
## stdout: 0

#### f() { echo "${FUNCNAME[0]}"; }; f
f() { echo "${FUNCNAME[0]}"; }; f
## stdout: f

#### echo "${@:-empty}"
echo "${@:-empty}"
## stdout: empty

#### a=x; a+=(y); echo ${a[@]}
a=x; a+=(y); echo ${a[@]}
## stdout: x y

#### unset a; a+=x; echo $a
unset a; a+=x; echo $a
## stdout: x

#### declare -u u; u+=abc; echo $u
declare -u u; u+=abc; echo $u
## stdout: ABC

#### x=1; readonly x; x=2 2>/dev/null; echo $x; (x=3) 2>/dev/n...
x=1; readonly x; x=2 2>/dev/null; echo $x; (x=3) 2>/dev/null || echo cannot
## stdout-json: ""
## status: 1

#### echo a > f; exec < f; read l; echo $l
echo a > f; exec < f; read l; echo $l
## stdout: a

#### exec 3>&1; (echo via3 >&3)
exec 3>&1; (echo via3 >&3)
## stdout: via3

#### { echo a >&3; } 3>&1
{ echo a >&3; } 3>&1
## stdout: a

#### echo x | { read v; echo "[$v]"; } | cat
echo x | { read v; echo "[$v]"; } | cat
## stdout: [x]

#### (( 3 > 2 )) && echo gt || echo le
(( 3 > 2 )) && echo gt || echo le
## stdout: gt

#### [[ -n "" ]] || [[ -z "" ]] && echo combined
[[ -n "" ]] || [[ -z "" ]] && echo combined
## stdout: combined

#### i=0; for x in a b c; do ((i++)); done; echo $i
i=0; for x in a b c; do ((i++)); done; echo $i
## stdout: 3

#### i=0; ((i++)); echo $?; ((i++)); echo $?
i=0; ((i++)); echo $?; ((i++)); echo $?
## STDOUT:
1
0
## END

#### echo $(( -(3) )) $(( +4 )) $(( !!5 ))
echo $(( -(3) )) $(( +4 )) $(( !!5 ))
## stdout: -3 4 1

#### x=07; echo $(( 10#$x + 1 ))
x=07; echo $(( 10#$x + 1 ))
## stdout: 8

#### echo $(( 1 ? 0 ? 5 : 6 : 7 ))
echo $(( 1 ? 0 ? 5 : 6 : 7 ))
## stdout: 6

#### a=1; b=$(( a == 1 ? 10 : 20 )); echo $b
a=1; b=$(( a == 1 ? 10 : 20 )); echo $b
## stdout: 10

#### set -- $'a\nb' c; echo $#
set -- $'a\nb' c; echo $#
## stdout: 2

#### echo 'single'"double"$'ansi'
echo 'single'"double"$'ansi'
## stdout: singledoubleansi

#### printf '%s\n' "${x-"$(echo nested)"}"
printf '%s\n' "${x-"$(echo nested)"}"
## stdout: nested

#### echo "$(echo "$(echo "$(echo triple)")")"
echo "$(echo "$(echo "$(echo triple)")")"
## stdout: triple

#### x="a'b"; echo "${x//\'/Q}"
x="a'b"; echo "${x//\'/Q}"
## stdout: aQb

#### x=aaa; echo ${x/#a/b} ${x/%a/b}
x=aaa; echo ${x/#a/b} ${x/%a/b}
## stdout: baa aab

#### arr=(a b c); echo "${arr[@]/b}"
arr=(a b c); echo "${arr[@]/b}"
## stdout: a  c

#### x=ab; echo ${x/b/\/}
x=ab; echo ${x/b/\/}
## stdout: a/

#### echo ${UNSET_XYZ:+set}unset
echo ${UNSET_XYZ:+set}unset
## stdout: unset

#### f() { local -n r=x 2>/dev/null; echo status=$?; }; f
f() { local -n r=x 2>/dev/null; echo status=$?; }; f
## stdout: status=0

