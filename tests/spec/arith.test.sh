# Arithmetic expansion, (( )), let
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo $((1+2*3)) $(( (1+2)*3 )) $((7/2)) $((7%3)) $((-7/2)...
echo $((1+2*3)) $(( (1+2)*3 )) $((7/2)) $((7%3)) $((-7/2)) $((-7%3))
## stdout: 7 9 3 1 -3 -1

#### echo $((2**10)) $((2**0)) $((3**2**2))
echo $((2**10)) $((2**0)) $((3**2**2))
## stdout: 1024 1 81

#### echo $((1<<4)) $((256>>2)) $((5&3)) $((5|3)) $((5^3)) $((...
echo $((1<<4)) $((256>>2)) $((5&3)) $((5|3)) $((5^3)) $((~5))
## stdout: 16 64 1 7 6 -6

#### echo $((1<2)) $((2<=2)) $((3>4)) $((4>=4)) $((1==1)) $((1...
echo $((1<2)) $((2<=2)) $((3>4)) $((4>=4)) $((1==1)) $((1!=1))
## stdout: 1 1 0 1 1 0

#### echo $((1&&0)) $((1||0)) $((!0)) $((!3))
echo $((1&&0)) $((1||0)) $((!0)) $((!3))
## stdout: 0 1 1 0

#### echo $((1?2:3)) $((0?2:3)) $((0?1:0?2:3))
echo $((1?2:3)) $((0?2:3)) $((0?1:0?2:3))
## stdout: 2 3 3

#### echo $((16#ff)) $((0xff)) $((0XFF)) $((010)) $((2#1010)) ...
echo $((16#ff)) $((0xff)) $((0XFF)) $((010)) $((2#1010)) $((36#z)) $((64#_))
## stdout: 255 255 255 8 10 35 63

#### x=5; echo $((x)) $(($x)) $((x+1)) $((x*x))
x=5; echo $((x)) $(($x)) $((x+1)) $((x*x))
## stdout: 5 5 6 25

#### x=3; ((x++)); echo $x; ((x--)); echo $x; ((++x)); echo $x
x=3; ((x++)); echo $x; ((x--)); echo $x; ((++x)); echo $x
## STDOUT:
4
3
4
## END

#### x=3; echo $((x++)) $x $((++x)) $x $((x--)) $((--x))
x=3; echo $((x++)) $x $((++x)) $x $((x--)) $((--x))
## stdout: 3 4 5 5 5 3

#### x=10; ((x+=5)); ((x-=3)); ((x*=2)); ((x/=4)); ((x%=4)); e...
x=10; ((x+=5)); ((x-=3)); ((x*=2)); ((x/=4)); ((x%=4)); echo $x
## stdout: 2

#### x=1; ((x<<=3)); ((x|=1)); ((x&=13)); ((x^=4)); ((x>>=1));...
x=1; ((x<<=3)); ((x|=1)); ((x&=13)); ((x^=4)); ((x>>=1)); echo $x
## stdout: 6

#### x=2; ((x**=3)); echo $x
x=2; ((x**=3)); echo $x
## stdout: 2

#### ((y=5, z=y*2)); echo $y $z
((y=5, z=y*2)); echo $y $z
## stdout: 5 10

#### echo $((a=3, a+1)) $a
echo $((a=3, a+1)) $a
## stdout: 4 3

#### unset u; echo $((u+1)) $((u))
unset u; echo $((u+1)) $((u))
## stdout: 1 0

#### x=''; echo $((x+1))
x=''; echo $((x+1))
## stdout: 1

#### y=7; x=y; echo $((x+1))
y=7; x=y; echo $((x+1))
## stdout: 8

#### x='1+2'; echo $((x*3)) $(($x*3))
x='1+2'; echo $((x*3)) $(($x*3))
## stdout: 9 7

#### a=(10 20 30); echo $((a[1]+a[2])) $((a[0]))
a=(10 20 30); echo $((a[1]+a[2])) $((a[0]))
## stdout: 50 10

#### a=(10 20 30); i=2; echo $((a[i]*2)) $((a[i-1]))
a=(10 20 30); i=2; echo $((a[i]*2)) $((a[i-1]))
## stdout: 60 20

#### ((a[3]=7)); echo ${a[3]}
((a[3]=7)); echo ${a[3]}
## stdout: 7

#### declare -A m; m[k]=4; echo $((m[k]*2))
declare -A m; m[k]=4; echo $((m[k]*2))
## stdout: 8

#### (( 0 )); echo $?; (( 5 )); echo $?; (( -1 )); echo $?
(( 0 )); echo $?; (( 5 )); echo $?; (( -1 )); echo $?
## STDOUT:
1
0
0
## END

#### (( x = 0 )); echo $? $x
(( x = 0 )); echo $? $x
## stdout: 1 0

#### let x=2+3 y=x*2; echo $x $y; let 0; echo $?
let x=2+3 y=x*2; echo $x $y; let 0; echo $?
## STDOUT:
5 10
1
## END

#### let 'z = 1 << 2'; echo $z
let 'z = 1 << 2'; echo $z
## stdout: 4

#### echo $(( 1 +  2 ))
echo $(( 1 +  2 ))
## stdout: 3

#### echo $((9223372036854775807 + 1))
echo $((9223372036854775807 + 1))
## stdout: -9223372036854775808

#### echo $((-9223372036854775807 - 1)) $(( 922337203685477580...
echo $((-9223372036854775807 - 1)) $(( 9223372036854775807 * 2 ))
## stdout: -9223372036854775808 -2

#### echo $(( (1+2) * (3+4) ))
echo $(( (1+2) * (3+4) ))
## stdout: 21

#### echo $((1/0)); echo after
echo $((1/0)); echo after
## stdout-json: ""
## status: 1

#### (( 1/0 )); echo status=$?
(( 1/0 )); echo status=$?
## stdout: status=1

#### echo $((08)); echo after
echo $((08)); echo after
## stdout-json: ""
## status: 1

#### x=abc; echo $((x)); echo after
x=abc; echo $((x)); echo after
## STDOUT:
0
after
## END

#### echo $(( 2 ** -1 )); echo after
echo $(( 2 ** -1 )); echo after
## stdout-json: ""
## status: 1

#### echo $((1 + )); echo after
echo $((1 + )); echo after
## stdout-json: ""
## status: 1

#### let 1/0; echo status=$?
let 1/0; echo status=$?
## stdout: status=1

#### for ((i=0; i<3; i++)); do echo $i; done
for ((i=0; i<3; i++)); do echo $i; done
## STDOUT:
0
1
2
## END

#### for ((i=10; i>0; i-=4)); do echo $i; done
for ((i=10; i>0; i-=4)); do echo $i; done
## STDOUT:
10
6
2
## END

#### for ((;;)); do echo once; break; done
for ((;;)); do echo once; break; done
## stdout: once

#### for (( i=0, j=5; i<j; i++, j-- )); do echo $i$j; done
for (( i=0, j=5; i<j; i++, j-- )); do echo $i$j; done
## STDOUT:
05
14
23
## END

#### n=0; while (( n < 3 )); do ((n++)); done; echo $n
n=0; while (( n < 3 )); do ((n++)); done; echo $n
## stdout: 3

#### echo $[1+1]
echo $[1+1]
## stdout: 2

#### x=3; echo $(( x > 2 ? x * 10 : 0 ))
x=3; echo $(( x > 2 ? x * 10 : 0 ))
## stdout: 30

#### echo $(( 5 - - 3 )) $(( 5 - -3 )) $(( - - 2 ))
echo $(( 5 - - 3 )) $(( 5 - -3 )) $(( - - 2 ))
## stdout: 8 8 2

#### x=4; echo $(( x-- - --x )) $x
x=4; echo $(( x-- - --x )) $x
## stdout: 2 2

#### echo $(( 0x10 + 010 + 10 ))
echo $(( 0x10 + 010 + 10 ))
## stdout: 34

#### i=5; echo $(( i++ + i++ )) $i
i=5; echo $(( i++ + i++ )) $i
## stdout: 11 7

#### echo $(( 3 , 4 ))
echo $(( 3 , 4 ))
## stdout: 4

#### echo $(( 1 == 1 && 2 != 3 || 0 ))
echo $(( 1 == 1 && 2 != 3 || 0 ))
## stdout: 1

#### x=1; (( x == 1 )) && echo yes
x=1; (( x == 1 )) && echo yes
## stdout: yes

#### echo $((10 % -3)) $((-10 % 3))
echo $((10 % -3)) $((-10 % 3))
## stdout: 1 -1

#### echo $(( 7 & ~3 ))
echo $(( 7 & ~3 ))
## stdout: 4

#### declare -i i=5; i+=3; echo $i; i='i*2'; echo $i
declare -i i=5; i+=3; echo $i; i='i*2'; echo $i
## STDOUT:
8
16
## END

#### declare -i n; n=abc; echo $n
declare -i n; n=abc; echo $n
## stdout: 0

#### x=$((1+1)); echo $x$((x))
x=$((1+1)); echo $x$((x))
## stdout: 22

#### echo $(( $(echo 3) * 2 ))
echo $(( $(echo 3) * 2 ))
## stdout: 6

#### v=2; echo $(( v ** v ** v ))
v=2; echo $(( v ** v ** v ))
## stdout: 16

#### echo $(( 1 < 2 < 3 )) $(( 3 > 2 > 1 ))
echo $(( 1 < 2 < 3 )) $(( 3 > 2 > 1 ))
## stdout: 1 0

#### echo $(( 6 / 4 * 4 )) $(( 6 * 4 / 4 ))
echo $(( 6 / 4 * 4 )) $(( 6 * 4 / 4 ))
## stdout: 4 6

