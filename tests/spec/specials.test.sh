# Special parameters, background jobs, LINENO
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo $0
echo $0
## stdout: lite-sandbox

#### true; echo $?; (exit 9); echo $?
true; echo $?; (exit 9); echo $?
## STDOUT:
0
9
## END

#### set -- a b; echo $# $1 $2 "$*"
set -- a b; echo $# $1 $2 "$*"
## stdout: 2 a b a b

#### echo $$ | grep -c '^[0-9][0-9]*$'
echo $$ | grep -c '^[0-9][0-9]*$'
## stdout: 1

#### sleep 0 & echo $! | grep -c '^[0-9]'; wait
sleep 0 & echo $! | grep -c '^[0-9]'; wait
## stdout: 1

#### echo $! | wc -c
echo $! | wc -c
## stdout: 1

#### echo a & wait; echo b
echo a & wait; echo b
## STDOUT:
a
b
## END

#### (sleep 0.5; echo late) & echo early; wait
(sleep 0.5; echo late) & echo early; wait
## STDOUT:
early
late
## END

#### f() { sleep 0.1; echo bg-f; }; f & wait $!; echo done
f() { sleep 0.1; echo bg-f; }; f & wait $!; echo done
## STDOUT:
bg-f
done
## END

#### (exit 3) & wait $!; echo $?
(exit 3) & wait $!; echo $?
## stdout: 3

#### { for i in 1 2 3; do (echo $i) & done; wait; } | sort
{ for i in 1 2 3; do (echo $i) & done; wait; } | sort
## STDOUT:
1
2
3
## END

#### echo $LINENO
echo $LINENO
## stdout: 1

#### echo a
echo a
echo $LINENO
## STDOUT:
a
2
## END

#### f() {
f() {
  echo $LINENO
}
f
## stdout: 2

#### x=$((RANDOM >= 0 && RANDOM < 32768)); echo $x
x=$((RANDOM >= 0 && RANDOM < 32768)); echo $x
## stdout: 1

#### echo $SECONDS
echo $SECONDS
## stdout: 0

#### echo ${#PWD} | grep -c '[0-9]'
echo ${#PWD} | grep -c '[0-9]'
## stdout: 1

#### echo $_ >/dev/null; true last; echo $_
echo $_ >/dev/null; true last; echo $_
## stdout: last

#### set -- a b c; echo ${!#}
set -- a b c; echo ${!#}
## stdout: c

#### echo "$@" end
echo "$@" end
## stdout: end

#### echo $- | grep -c h
echo $- | grep -c h
## stdout: 1

#### IFS=-; set -- a b; echo "$*"
IFS=-; set -- a b; echo "$*"
## stdout: a-b

#### echo ${#}
echo ${#}
## stdout: 0

#### x=1; x+=2; echo $x
x=1; x+=2; echo $x
## stdout: 12

#### a=1 b=2; echo $a$b
a=1 b=2; echo $a$b
## stdout: 12

#### x=1 y=$x; echo $y
x=1 y=$x; echo $y
## stdout: 1

#### x=a; x+=b; x+=c; echo $x
x=a; x+=b; x+=c; echo $x
## stdout: abc

#### v=1; v= ; echo "[$v]"
v=1; v= ; echo "[$v]"
## stdout: []

#### echo $UID | grep -c '^[0-9]' || echo no-UID
echo $UID | grep -c '^[0-9]' || echo no-UID
## stdout: 1

