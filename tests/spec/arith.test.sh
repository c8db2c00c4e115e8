# Arithmetic expansion, (( )), let
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo $((1+2*3)) $(( (1+2)*3 )) $((7/2)) $((7%3)) $((-7/2)...
echo $((1+2*3)) $(( (1+2)*3 )) $((7/2)) $((7%3)) $((-7/2)) $((-7%3))

#### echo $((2**10)) $((2**0)) $((3**2**2))
echo $((2**10)) $((2**0)) $((3**2**2))

#### echo $((1<<4)) $((256>>2)) $((5&3)) $((5|3)) $((5^3)) $((...
echo $((1<<4)) $((256>>2)) $((5&3)) $((5|3)) $((5^3)) $((~5))

#### echo $((1<2)) $((2<=2)) $((3>4)) $((4>=4)) $((1==1)) $((1...
echo $((1<2)) $((2<=2)) $((3>4)) $((4>=4)) $((1==1)) $((1!=1))

#### echo $((1&&0)) $((1||0)) $((!0)) $((!3))
echo $((1&&0)) $((1||0)) $((!0)) $((!3))

#### echo $((1?2:3)) $((0?2:3)) $((0?1:0?2:3))
echo $((1?2:3)) $((0?2:3)) $((0?1:0?2:3))

#### echo $((16#ff)) $((0xff)) $((0XFF)) $((010)) $((2#1010)) ...
echo $((16#ff)) $((0xff)) $((0XFF)) $((010)) $((2#1010)) $((36#z)) $((64#_))

#### x=5; echo $((x)) $(($x)) $((x+1)) $((x*x))
x=5; echo $((x)) $(($x)) $((x+1)) $((x*x))

#### x=3; ((x++)); echo $x; ((x--)); echo $x; ((++x)); echo $x
x=3; ((x++)); echo $x; ((x--)); echo $x; ((++x)); echo $x

#### x=3; echo $((x++)) $x $((++x)) $x $((x--)) $((--x))
x=3; echo $((x++)) $x $((++x)) $x $((x--)) $((--x))

#### x=10; ((x+=5)); ((x-=3)); ((x*=2)); ((x/=4)); ((x%=4)); e...
x=10; ((x+=5)); ((x-=3)); ((x*=2)); ((x/=4)); ((x%=4)); echo $x

#### x=1; ((x<<=3)); ((x|=1)); ((x&=13)); ((x^=4)); ((x>>=1));...
x=1; ((x<<=3)); ((x|=1)); ((x&=13)); ((x^=4)); ((x>>=1)); echo $x

#### x=2; ((x**=3)); echo $x
x=2; ((x**=3)); echo $x

#### ((y=5, z=y*2)); echo $y $z
((y=5, z=y*2)); echo $y $z

#### echo $((a=3, a+1)) $a
echo $((a=3, a+1)) $a

#### unset u; echo $((u+1)) $((u))
unset u; echo $((u+1)) $((u))

#### x=''; echo $((x+1))
x=''; echo $((x+1))

#### y=7; x=y; echo $((x+1))
y=7; x=y; echo $((x+1))

#### x='1+2'; echo $((x*3)) $(($x*3))
x='1+2'; echo $((x*3)) $(($x*3))

#### a=(10 20 30); echo $((a[1]+a[2])) $((a[0]))
a=(10 20 30); echo $((a[1]+a[2])) $((a[0]))

#### a=(10 20 30); i=2; echo $((a[i]*2)) $((a[i-1]))
a=(10 20 30); i=2; echo $((a[i]*2)) $((a[i-1]))

#### ((a[3]=7)); echo ${a[3]}
((a[3]=7)); echo ${a[3]}

#### declare -A m; m[k]=4; echo $((m[k]*2))
declare -A m; m[k]=4; echo $((m[k]*2))

#### (( 0 )); echo $?; (( 5 )); echo $?; (( -1 )); echo $?
(( 0 )); echo $?; (( 5 )); echo $?; (( -1 )); echo $?

#### (( x = 0 )); echo $? $x
(( x = 0 )); echo $? $x

#### let x=2+3 y=x*2; echo $x $y; let 0; echo $?
let x=2+3 y=x*2; echo $x $y; let 0; echo $?

#### let 'z = 1 << 2'; echo $z
let 'z = 1 << 2'; echo $z

#### echo $(( 1 +  2 ))
echo $(( 1 +  2 ))

#### echo $((9223372036854775807 + 1))
echo $((9223372036854775807 + 1))

#### echo $((-9223372036854775807 - 1)) $(( 922337203685477580...
echo $((-9223372036854775807 - 1)) $(( 9223372036854775807 * 2 ))

#### echo $(( (1+2) * (3+4) ))
echo $(( (1+2) * (3+4) ))

#### echo $((1/0)); echo after
echo $((1/0)); echo after

#### (( 1/0 )); echo status=$?
(( 1/0 )); echo status=$?

#### echo $((08)); echo after
echo $((08)); echo after

#### x=abc; echo $((x)); echo after
x=abc; echo $((x)); echo after

#### echo $(( 2 ** -1 )); echo after
echo $(( 2 ** -1 )); echo after

#### echo $((1 + )); echo after
echo $((1 + )); echo after

#### let 1/0; echo status=$?
let 1/0; echo status=$?

#### for ((i=0; i<3; i++)); do echo $i; done
for ((i=0; i<3; i++)); do echo $i; done

#### for ((i=10; i>0; i-=4)); do echo $i; done
for ((i=10; i>0; i-=4)); do echo $i; done

#### for ((;;)); do echo once; break; done
for ((;;)); do echo once; break; done

#### for (( i=0, j=5; i<j; i++, j-- )); do echo $i$j; done
for (( i=0, j=5; i<j; i++, j-- )); do echo $i$j; done

#### n=0; while (( n < 3 )); do ((n++)); done; echo $n
n=0; while (( n < 3 )); do ((n++)); done; echo $n

#### echo $[1+1]
echo $[1+1]

#### x=3; echo $(( x > 2 ? x * 10 : 0 ))
x=3; echo $(( x > 2 ? x * 10 : 0 ))

#### echo $(( 5 - - 3 )) $(( 5 - -3 )) $(( - - 2 ))
echo $(( 5 - - 3 )) $(( 5 - -3 )) $(( - - 2 ))

#### x=4; echo $(( x-- - --x )) $x
x=4; echo $(( x-- - --x )) $x

#### echo $(( 0x10 + 010 + 10 ))
echo $(( 0x10 + 010 + 10 ))

#### i=5; echo $(( i++ + i++ )) $i
i=5; echo $(( i++ + i++ )) $i

#### echo $(( 3 , 4 ))
echo $(( 3 , 4 ))

#### echo $(( 1 == 1 && 2 != 3 || 0 ))
echo $(( 1 == 1 && 2 != 3 || 0 ))

#### x=1; (( x == 1 )) && echo yes
x=1; (( x == 1 )) && echo yes

#### echo $((10 % -3)) $((-10 % 3))
echo $((10 % -3)) $((-10 % 3))

#### echo $(( 7 & ~3 ))
echo $(( 7 & ~3 ))

#### declare -i i=5; i+=3; echo $i; i='i*2'; echo $i
declare -i i=5; i+=3; echo $i; i='i*2'; echo $i

#### declare -i n; n=abc; echo $n
declare -i n; n=abc; echo $n

#### x=$((1+1)); echo $x$((x))
x=$((1+1)); echo $x$((x))

#### echo $(( $(echo 3) * 2 ))
echo $(( $(echo 3) * 2 ))

#### v=2; echo $(( v ** v ** v ))
v=2; echo $(( v ** v ** v ))

#### echo $(( 1 < 2 < 3 )) $(( 3 > 2 > 1 ))
echo $(( 1 < 2 < 3 )) $(( 3 > 2 > 1 ))

#### echo $(( 6 / 4 * 4 )) $(( 6 * 4 / 4 ))
echo $(( 6 / 4 * 4 )) $(( 6 * 4 / 4 ))

