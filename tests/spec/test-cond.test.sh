# test, [ and [[ ]]
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### test a = a && echo eq; test a = b || echo ne
test a = a && echo eq; test a = b || echo ne
## STDOUT:
eq
ne
## END

#### [ a != b ] && echo ne
[ a != b ] && echo ne
## stdout: ne

#### [ -z '' ] && echo z; [ -n x ] && echo n
[ -z '' ] && echo z; [ -n x ] && echo n
## STDOUT:
z
n
## END

#### [ 3 -eq 3 ] && [ 3 -ne 4 ] && [ 2 -lt 3 ] && [ 3 -le 3 ] ...
[ 3 -eq 3 ] && [ 3 -ne 4 ] && [ 2 -lt 3 ] && [ 3 -le 3 ] && [ 4 -gt 3 ] && [ 3 -ge 3 ] && echo nums
## stdout: nums

#### [ abc ] && echo nonempty; [ '' ] || echo empty
[ abc ] && echo nonempty; [ '' ] || echo empty
## STDOUT:
nonempty
empty
## END

#### [ ] ; echo $?
[ ] ; echo $?
## stdout: 1

#### [ ! -z x ] && echo notz
[ ! -z x ] && echo notz
## stdout: notz

#### [ a = a -a b = b ] && echo and; [ a = b -o b = b ] && ech...
[ a = a -a b = b ] && echo and; [ a = b -o b = b ] && echo or
## STDOUT:
and
or
## END

#### [ \( a = a \) ] && echo paren
[ \( a = a \) ] && echo paren
## stdout: paren

#### touch f; [ -f f ] && echo file; [ -d . ] && echo dir; [ -...
touch f; [ -f f ] && echo file; [ -d . ] && echo dir; [ -e nope ] || echo noexist
## STDOUT:
file
dir
noexist
## END

#### touch f; [ -r f ] && [ -w f ] && echo rw; [ -x f ] || ech...
touch f; [ -r f ] && [ -w f ] && echo rw; [ -x f ] || echo notx
## STDOUT:
rw
notx
## END

#### echo x > f; [ -s f ] && echo size; : > g; [ -s g ] || ech...
echo x > f; [ -s f ] && echo size; : > g; [ -s g ] || echo empty
## STDOUT:
size
empty
## END

#### ln -s f l; [ -L l ] && [ -h l ] && echo link
ln -s f l; [ -L l ] && [ -h l ] && echo link
## stdout: link

#### [ 1 -eq x ]; echo $?
[ 1 -eq x ]; echo $?
## stdout: 2

#### [ a = ]; echo $?
[ a = ]; echo $?
## stdout: 2

#### [ a b c ]; echo $?
[ a b c ]; echo $?
## stdout: 2

#### [ -t 0 ] || echo notty
[ -t 0 ] || echo notty
## stdout: notty

#### test; echo $?
test; echo $?
## stdout: 1

#### test -n; echo $?
test -n; echo $?
## stdout: 0

#### [ x -a ]; echo $?
[ x -a ]; echo $?
## stdout: 2

#### [ a \< b ] && echo lt
[ a \< b ] && echo lt
## stdout: lt

#### [ 010 -eq 10 ] && echo decimal
[ 010 -eq 10 ] && echo decimal
## stdout: decimal

#### [ ' 5 ' -eq 5 ] && echo spaces-ok
[ ' 5 ' -eq 5 ] && echo spaces-ok
## stdout: spaces-ok

#### [ -v HOME ] && echo hasHOME; [ -v NOPE_XYZ ] || echo noNOPE
[ -v HOME ] && echo hasHOME; [ -v NOPE_XYZ ] || echo noNOPE
## STDOUT:
hasHOME
noNOPE
## END

#### touch -d '2001-01-01' old; touch new; [ new -nt old ] && ...
touch -d '2001-01-01' old; touch new; [ new -nt old ] && echo newer; [ old -ot new ] && echo older
## STDOUT:
newer
older
## END

#### touch f; [ f -ef f ] && echo same
touch f; [ f -ef f ] && echo same
## stdout: same

#### [[ a == a ]] && echo eq
[[ a == a ]] && echo eq
## stdout: eq

#### [[ -n $unset_xyz ]] || echo unset-empty
[[ -n $unset_xyz ]] || echo unset-empty
## stdout: unset-empty

#### x='a b'; [[ $x == 'a b' ]] && echo nosplit
x='a b'; [[ $x == 'a b' ]] && echo nosplit
## stdout: nosplit

#### [[ abc =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[0]} ${BASH_RE...
[[ abc =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[0]} ${BASH_REMATCH[1]}
## stdout: abc b

#### [[ abc =~ x ]] || echo nomatch
[[ abc =~ x ]] || echo nomatch
## stdout: nomatch

#### re='^[0-9]+$'; [[ 123 =~ $re ]] && echo digits
re='^[0-9]+$'; [[ 123 =~ $re ]] && echo digits
## stdout: digits

#### [[ 'a.c' =~ a\.c ]] && echo escaped-dot
[[ 'a.c' =~ a\.c ]] && echo escaped-dot
## stdout: escaped-dot

#### [[ 'a+c' =~ 'a+c' ]] && echo quoted-literal
[[ 'a+c' =~ 'a+c' ]] && echo quoted-literal
## stdout: quoted-literal

#### [[ aXc =~ a.c ]] && echo dot
[[ aXc =~ a.c ]] && echo dot
## stdout: dot

#### [[ 2 -lt 10 ]] && echo numeric; [[ 2 < 10 ]] || echo lexical
[[ 2 -lt 10 ]] && echo numeric; [[ 2 < 10 ]] || echo lexical
## STDOUT:
numeric
lexical
## END

#### [[ 1+1 -eq 2 ]] && echo arith-operands
[[ 1+1 -eq 2 ]] && echo arith-operands
## stdout: arith-operands

#### [[ a < b ]] && echo lt
[[ a < b ]] && echo lt
## stdout: lt

#### [[ ! a == b ]] && echo not
[[ ! a == b ]] && echo not
## stdout: not

#### [[ a == a && b == b ]] && echo and
[[ a == a && b == b ]] && echo and
## stdout: and

#### [[ a == b || b == b ]] && echo or
[[ a == b || b == b ]] && echo or
## stdout: or

#### [[ ( a == a ) && ! ( b == c ) ]] && echo grouped
[[ ( a == a ) && ! ( b == c ) ]] && echo grouped
## stdout: grouped

#### [[ -z '' && -n x ]] && echo zn
[[ -z '' && -n x ]] && echo zn
## stdout: zn

#### [[ -d / ]] && echo root
[[ -d / ]] && echo root
## stdout: root

#### [[ x ]] && echo word; [[ '' ]] || echo emptyword
[[ x ]] && echo word; [[ '' ]] || echo emptyword
## STDOUT:
word
emptyword
## END

#### [[ -o errexit ]] || echo noerrexit; set -e; [[ -o errexit...
[[ -o errexit ]] || echo noerrexit; set -e; [[ -o errexit ]] && echo errexit
## STDOUT:
noerrexit
errexit
## END

#### x=5; [[ $x -gt 3 ]] && echo gt
x=5; [[ $x -gt 3 ]] && echo gt
## stdout: gt

#### [[ abc == *b* ]] && echo contains
[[ abc == *b* ]] && echo contains
## stdout: contains

#### [[ a =~ ( ]]; echo $?
[[ a =~ ( ]]; echo $?
## stdout-json: ""
## status: 2

#### [[ abc =~ (a)(x)? ]] && echo "${#BASH_REMATCH[@]}[${BASH_...
[[ abc =~ (a)(x)? ]] && echo "${#BASH_REMATCH[@]}[${BASH_REMATCH[2]}]"
## stdout: 3[]

