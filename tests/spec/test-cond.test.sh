# test, [ and [[ ]]
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### test a = a && echo eq; test a = b || echo ne
test a = a && echo eq; test a = b || echo ne

#### [ a != b ] && echo ne
[ a != b ] && echo ne

#### [ -z '' ] && echo z; [ -n x ] && echo n
[ -z '' ] && echo z; [ -n x ] && echo n

#### [ 3 -eq 3 ] && [ 3 -ne 4 ] && [ 2 -lt 3 ] && [ 3 -le 3 ] ...
[ 3 -eq 3 ] && [ 3 -ne 4 ] && [ 2 -lt 3 ] && [ 3 -le 3 ] && [ 4 -gt 3 ] && [ 3 -ge 3 ] && echo nums

#### [ abc ] && echo nonempty; [ '' ] || echo empty
[ abc ] && echo nonempty; [ '' ] || echo empty

#### [ ] ; echo $?
[ ] ; echo $?

#### [ ! -z x ] && echo notz
[ ! -z x ] && echo notz

#### [ a = a -a b = b ] && echo and; [ a = b -o b = b ] && ech...
[ a = a -a b = b ] && echo and; [ a = b -o b = b ] && echo or

#### [ \( a = a \) ] && echo paren
[ \( a = a \) ] && echo paren

#### touch f; [ -f f ] && echo file; [ -d . ] && echo dir; [ -...
touch f; [ -f f ] && echo file; [ -d . ] && echo dir; [ -e nope ] || echo noexist

#### touch f; [ -r f ] && [ -w f ] && echo rw; [ -x f ] || ech...
touch f; [ -r f ] && [ -w f ] && echo rw; [ -x f ] || echo notx

#### echo x > f; [ -s f ] && echo size; : > g; [ -s g ] || ech...
echo x > f; [ -s f ] && echo size; : > g; [ -s g ] || echo empty

#### ln -s f l; [ -L l ] && [ -h l ] && echo link
ln -s f l; [ -L l ] && [ -h l ] && echo link

#### [ 1 -eq x ]; echo $?
[ 1 -eq x ]; echo $?

#### [ a = ]; echo $?
[ a = ]; echo $?

#### [ a b c ]; echo $?
[ a b c ]; echo $?

#### [ -t 0 ] || echo notty
[ -t 0 ] || echo notty

#### test; echo $?
test; echo $?

#### test -n; echo $?
test -n; echo $?

#### [ x -a ]; echo $?
[ x -a ]; echo $?

#### [ a \< b ] && echo lt
[ a \< b ] && echo lt

#### [ 010 -eq 10 ] && echo decimal
[ 010 -eq 10 ] && echo decimal

#### [ ' 5 ' -eq 5 ] && echo spaces-ok
[ ' 5 ' -eq 5 ] && echo spaces-ok

#### [ -v HOME ] && echo hasHOME; [ -v NOPE_XYZ ] || echo noNOPE
[ -v HOME ] && echo hasHOME; [ -v NOPE_XYZ ] || echo noNOPE

#### touch -d '2001-01-01' old; touch new; [ new -nt old ] && ...
touch -d '2001-01-01' old; touch new; [ new -nt old ] && echo newer; [ old -ot new ] && echo older

#### touch f; [ f -ef f ] && echo same
touch f; [ f -ef f ] && echo same

#### [[ a == a ]] && echo eq
[[ a == a ]] && echo eq

#### [[ -n $unset_xyz ]] || echo unset-empty
[[ -n $unset_xyz ]] || echo unset-empty

#### x='a b'; [[ $x == 'a b' ]] && echo nosplit
x='a b'; [[ $x == 'a b' ]] && echo nosplit

#### [[ abc =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[0]} ${BASH_RE...
[[ abc =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[0]} ${BASH_REMATCH[1]}

#### [[ abc =~ x ]] || echo nomatch
[[ abc =~ x ]] || echo nomatch

#### re='^[0-9]+$'; [[ 123 =~ $re ]] && echo digits
re='^[0-9]+$'; [[ 123 =~ $re ]] && echo digits

#### [[ 'a.c' =~ a\.c ]] && echo escaped-dot
[[ 'a.c' =~ a\.c ]] && echo escaped-dot

#### [[ 'a+c' =~ 'a+c' ]] && echo quoted-literal
[[ 'a+c' =~ 'a+c' ]] && echo quoted-literal

#### [[ aXc =~ a.c ]] && echo dot
[[ aXc =~ a.c ]] && echo dot

#### [[ 2 -lt 10 ]] && echo numeric; [[ 2 < 10 ]] || echo lexical
[[ 2 -lt 10 ]] && echo numeric; [[ 2 < 10 ]] || echo lexical

#### [[ 1+1 -eq 2 ]] && echo arith-operands
[[ 1+1 -eq 2 ]] && echo arith-operands

#### [[ a < b ]] && echo lt
[[ a < b ]] && echo lt

#### [[ ! a == b ]] && echo not
[[ ! a == b ]] && echo not

#### [[ a == a && b == b ]] && echo and
[[ a == a && b == b ]] && echo and

#### [[ a == b || b == b ]] && echo or
[[ a == b || b == b ]] && echo or

#### [[ ( a == a ) && ! ( b == c ) ]] && echo grouped
[[ ( a == a ) && ! ( b == c ) ]] && echo grouped

#### [[ -z '' && -n x ]] && echo zn
[[ -z '' && -n x ]] && echo zn

#### [[ -d / ]] && echo root
[[ -d / ]] && echo root

#### [[ x ]] && echo word; [[ '' ]] || echo emptyword
[[ x ]] && echo word; [[ '' ]] || echo emptyword

#### [[ -o errexit ]] || echo noerrexit; set -e; [[ -o errexit...
[[ -o errexit ]] || echo noerrexit; set -e; [[ -o errexit ]] && echo errexit

#### x=5; [[ $x -gt 3 ]] && echo gt
x=5; [[ $x -gt 3 ]] && echo gt

#### [[ abc == *b* ]] && echo contains
[[ abc == *b* ]] && echo contains

#### [[ a =~ ( ]]; echo $?
[[ a =~ ( ]]; echo $?

#### [[ abc =~ (a)(x)? ]] && echo "${#BASH_REMATCH[@]}[${BASH_...
[[ abc =~ (a)(x)? ]] && echo "${#BASH_REMATCH[@]}[${BASH_REMATCH[2]}]"

