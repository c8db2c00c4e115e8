# Special parameters, background jobs, LINENO
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo $0
echo $0

#### true; echo $?; (exit 9); echo $?
true; echo $?; (exit 9); echo $?

#### set -- a b; echo $# $1 $2 "$*"
set -- a b; echo $# $1 $2 "$*"

#### echo $$ | grep -c '^[0-9][0-9]*$'
echo $$ | grep -c '^[0-9][0-9]*$'

#### sleep 0 & echo $! | grep -c '^[0-9]'; wait
sleep 0 & echo $! | grep -c '^[0-9]'; wait

#### echo $! | wc -c
echo $! | wc -c

#### echo a & wait; echo b
echo a & wait; echo b

#### (sleep 0.2; echo late) & echo early; wait
(sleep 0.2; echo late) & echo early; wait

#### f() { sleep 0.1; echo bg-f; }; f & wait $!; echo done
f() { sleep 0.1; echo bg-f; }; f & wait $!; echo done

#### (exit 3) & wait $!; echo $?
(exit 3) & wait $!; echo $?

#### { for i in 1 2 3; do (echo $i) & done; wait; } | sort
{ for i in 1 2 3; do (echo $i) & done; wait; } | sort

#### echo $LINENO
echo $LINENO

#### echo a
echo a
echo $LINENO

#### f() {
f() {
  echo $LINENO
}
f

#### x=$((RANDOM >= 0 && RANDOM < 32768)); echo $x
x=$((RANDOM >= 0 && RANDOM < 32768)); echo $x

#### echo $SECONDS
echo $SECONDS

#### echo ${#PWD} | grep -c '[0-9]'
echo ${#PWD} | grep -c '[0-9]'

#### echo $_ >/dev/null; true last; echo $_
echo $_ >/dev/null; true last; echo $_

#### set -- a b c; echo ${!#}
set -- a b c; echo ${!#}

#### echo "$@" end
echo "$@" end

#### echo $- | grep -c h
echo $- | grep -c h

#### IFS=-; set -- a b; echo "$*"
IFS=-; set -- a b; echo "$*"

#### echo ${#}
echo ${#}

#### x=1; x+=2; echo $x
x=1; x+=2; echo $x

#### a=1 b=2; echo $a$b
a=1 b=2; echo $a$b

#### x=1 y=$x; echo $y
x=1 y=$x; echo $y

#### x=a; x+=b; x+=c; echo $x
x=a; x+=b; x+=c; echo $x

#### v=1; v= ; echo "[$v]"
v=1; v= ; echo "[$v]"

#### echo $UID | grep -c '^[0-9]' || echo no-UID
echo $UID | grep -c '^[0-9]' || echo no-UID

