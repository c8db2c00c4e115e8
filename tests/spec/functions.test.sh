# Functions, local, return, recursion
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### f() { echo in f; }; f
f() { echo in f; }; f
## stdout: in f

#### function g { echo in g; }; g
function g { echo in g; }; g
## stdout: in g

#### function h() { echo in h; }; h
function h() { echo in h; }; h
## stdout: in h

#### f() { echo "$1-$2-$#"; }; f a b
f() { echo "$1-$2-$#"; }; f a b
## stdout: a-b-2

#### f() { echo "$@"; }; f 1 '2 3'
f() { echo "$@"; }; f 1 '2 3'
## stdout: 1 2 3

#### f() { return 3; }; f; echo $?
f() { return 3; }; f; echo $?
## stdout: 3

#### f() { false; }; f; echo $?
f() { false; }; f; echo $?
## stdout: 1

#### f() { return; }; false; f; echo $?
f() { return; }; false; f; echo $?
## stdout: 1

#### x=g; f() { x=changed; }; f; echo $x
x=g; f() { x=changed; }; f; echo $x
## stdout: changed

#### x=g; f() { local x=l; echo $x; }; f; echo $x
x=g; f() { local x=l; echo $x; }; f; echo $x
## STDOUT:
l
g
## END

#### f() { local x; x=1; g; }; g() { echo g sees $x; }; f
f() { local x; x=1; g; }; g() { echo g sees $x; }; f
## stdout: g sees 1

#### f() { local x=1; local x=2; echo $x; }; f
f() { local x=1; local x=2; echo $x; }; f
## stdout: 2

#### x=0; f() { local x; echo "[${x-unset}]"; }; f
x=0; f() { local x; echo "[${x-unset}]"; }; f
## stdout: [unset]

#### f() { local -i n=2+3; echo $n; }; f
f() { local -i n=2+3; echo $n; }; f
## stdout: 5

#### f() { local a=(1 2); echo ${a[1]}; }; f
f() { local a=(1 2); echo ${a[1]}; }; f
## stdout: 2

#### fact() { if [ $1 -le 1 ]; then echo 1; else echo $(( $1 *...
fact() { if [ $1 -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 6
## stdout: 720

#### fib() { local n=$1; if ((n<2)); then echo $n; return; fi;...
fib() { local n=$1; if ((n<2)); then echo $n; return; fi; echo $(( $(fib $((n-1))) + $(fib $((n-2))) )); }; fib 10
## stdout: 55

#### f() { echo $FUNCNAME; }; f
f() { echo $FUNCNAME; }; f
## stdout: f

#### set -- outer; f() { set -- inner; echo $1; }; f; echo $1
set -- outer; f() { set -- inner; echo $1; }; f; echo $1
## STDOUT:
inner
outer
## END

#### f() { shift; echo $@; }; f a b c
f() { shift; echo $@; }; f a b c
## stdout: b c

#### f() { echo redefined1; }; f() { echo redefined2; }; f
f() { echo redefined1; }; f() { echo redefined2; }; f
## stdout: redefined2

#### f() { echo x; }; unset -f f; f 2>/dev/null; echo $?
f() { echo x; }; unset -f f; f 2>/dev/null; echo $?
## stdout: 127

#### echo() { builtin echo wrapped: "$@"; }; echo hi
echo() { builtin echo wrapped: "$@"; }; echo hi
## stdout: wrapped: hi

#### ls() { echo fake ls; }; ls; command ls /dev/null
ls() { echo fake ls; }; ls; command ls /dev/null
## STDOUT:
fake ls
/dev/null
## END

#### f() { x=$1; }; f first; echo $x
f() { x=$1; }; f first; echo $x
## stdout: first

#### X=tmp f() { echo $X; }; f; echo "[$X]"
X=tmp f() { echo $X; }; f; echo "[$X]"
## stdout-json: ""
## status: 2

#### f() { echo $X; }; X=prefix f; echo "[$X]"
f() { echo $X; }; X=prefix f; echo "[$X]"
## STDOUT:
prefix
[]
## END

#### f() { local v=inner; g; }; g() { v=modified; }; v=outer; ...
f() { local v=inner; g; }; g() { v=modified; }; v=outer; f; echo $v
## stdout: outer

#### f() { (exit 4); }; f; echo $?
f() { (exit 4); }; f; echo $?
## stdout: 4

#### f() { echo body; } > /dev/null; f; echo end
f() { echo body; } > /dev/null; f; echo end
## stdout: end

#### f() { cat; }; echo piped | f
f() { cat; }; echo piped | f
## stdout: piped

#### f() { return 300; }; f; echo $?
f() { return 300; }; f; echo $?
## stdout: 44

#### r() { [ $1 -gt 0 ] && r $(($1-1)); echo $1; }; r 3
r() { [ $1 -gt 0 ] && r $(($1-1)); echo $1; }; r 3
## STDOUT:
0
1
2
3
## END

#### f() { local IFS=,; echo "$*"; }; f a b c
f() { local IFS=,; echo "$*"; }; f a b c
## stdout: a,b,c

#### f() { declare x=local; }; f; echo "[${x-unset}]"
f() { declare x=local; }; f; echo "[${x-unset}]"
## stdout: [unset]

#### f() { declare -g x=global; }; f; echo "[$x]"
f() { declare -g x=global; }; f; echo "[$x]"
## stdout: [global]

#### f() { typeset y=loc; echo $y; }; f; echo "[${y-unset}]"
f() { typeset y=loc; echo $y; }; f; echo "[${y-unset}]"
## STDOUT:
loc
[unset]
## END

#### f(){ echo compact; }; f
f(){ echo compact; }; f
## stdout: compact

#### f() {
f() {
  echo multi
  echo line
}
f
## STDOUT:
multi
line
## END

#### f() { echo $0; }; f
f() { echo $0; }; f
## stdout: lite-sandbox

#### f() { return 1; echo no; }; f || echo failed
f() { return 1; echo no; }; f || echo failed
## stdout: failed

#### deep() { if [ $1 -lt 200 ]; then deep $(($1+1)); else ech...
deep() { if [ $1 -lt 200 ]; then deep $(($1+1)); else echo reached $1; fi; }; deep 0
## stdout: reached 200

