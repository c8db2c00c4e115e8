# Pipelines, PIPESTATUS, pipefail, negation, lists
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo a | cat
echo a | cat
## stdout: a

#### printf '3\n1\n2\n' | sort | head -2
printf '3\n1\n2\n' | sort | head -2
## STDOUT:
1
2
## END

#### true | false; echo $?
true | false; echo $?
## stdout: 1

#### false | true; echo $?
false | true; echo $?
## stdout: 0

#### false | true; echo ${PIPESTATUS[@]}
false | true; echo ${PIPESTATUS[@]}
## stdout: 1 0

#### (exit 2) | (exit 3) | true; echo ${PIPESTATUS[*]}
(exit 2) | (exit 3) | true; echo ${PIPESTATUS[*]}
## stdout: 2 3 0

#### set -o pipefail; false | true; echo $?
set -o pipefail; false | true; echo $?
## stdout: 1

#### set -o pipefail; (exit 2) | (exit 3) | true; echo $?
set -o pipefail; (exit 2) | (exit 3) | true; echo $?
## stdout: 3

#### set -o pipefail; true | true; echo $?
set -o pipefail; true | true; echo $?
## stdout: 0

#### ! true; echo $?
! true; echo $?
## stdout: 1

#### ! false; echo $?
! false; echo $?
## stdout: 0

#### ! false | false; echo $?
! false | false; echo $?
## stdout: 0

#### x=1; echo $x | { read y; echo y=$y; }; echo x=$x
x=1; echo $x | { read y; echo y=$y; }; echo x=$x
## STDOUT:
y=1
x=1
## END

#### y=0; echo 5 | read y; echo y=$y
y=0; echo 5 | read y; echo y=$y
## stdout: y=0

#### echo out | { cat; echo more; }
echo out | { cat; echo more; }
## STDOUT:
out
more
## END

#### echo err |& cat
echo err |& cat
## stdout: err

#### { echo err >&2; } |& tr a-z A-Z
{ echo err >&2; } |& tr a-z A-Z
## stdout: ERR

#### true && echo and1; false && echo and2; echo end
true && echo and1; false && echo and2; echo end
## STDOUT:
and1
end
## END

#### false || echo or1; true || echo or2; echo end
false || echo or1; true || echo or2; echo end
## STDOUT:
or1
end
## END

#### false && echo a || echo b
false && echo a || echo b
## stdout: b

#### true || false && echo c
true || false && echo c
## stdout: c

#### echo a; echo b; echo c
echo a; echo b; echo c
## STDOUT:
a
b
c
## END

#### echo a && false; echo $?
echo a && false; echo $?
## STDOUT:
a
1
## END

#### seq 1 5 | while read n; do echo $((n*n)); done
seq 1 5 | while read n; do echo $((n*n)); done
## STDOUT:
1
4
9
16
25
## END

#### for i in 1 2 3; do echo $i; done | tac
for i in 1 2 3; do echo $i; done | tac
## STDOUT:
3
2
1
## END

#### yes | head -3
yes | head -3
## STDOUT:
y
y
y
## END

#### echo abc | tr b x | tr a y | tr c z
echo abc | tr b x | tr a y | tr c z
## stdout: yxz

#### echo 1 | (read x; echo $((x+1)))
echo 1 | (read x; echo $((x+1)))
## stdout: 2

#### printf 'a\nb\n' | { while read l; do echo "$l!"; done; }
printf 'a\nb\n' | { while read l; do echo "$l!"; done; }
## STDOUT:
a!
b!
## END

#### echo | true; echo ${#PIPESTATUS[@]}
echo | true; echo ${#PIPESTATUS[@]}
## stdout: 2

#### true; echo ${PIPESTATUS[0]}
true; echo ${PIPESTATUS[0]}
## stdout: 0

#### false; echo ${PIPESTATUS[0]}
false; echo ${PIPESTATUS[0]}
## stdout: 1

#### echo start; exit 3; echo never
echo start; exit 3; echo never
## stdout: start
## status: 3

#### (exit 5); echo $?
(exit 5); echo $?
## stdout: 5

#### (echo in sub; exit 2); echo $?
(echo in sub; exit 2); echo $?
## STDOUT:
in sub
2
## END

#### x=out; (x=in; echo $x); echo $x
x=out; (x=in; echo $x); echo $x
## STDOUT:
in
out
## END

#### (cd /; pwd); pwd | grep -c spec
(cd /; pwd); pwd | grep -c spec
## STDOUT:
/
1
## END

#### { echo grouped; }
{ echo grouped; }
## stdout: grouped

#### { x=ingroup; }; echo $x
{ x=ingroup; }; echo $x
## stdout: ingroup

#### echo $BASH_SUBSHELL_UNUSED_XYZ; (echo sub)
echo $BASH_SUBSHELL_UNUSED_XYZ; (echo sub)
## STDOUT:

sub
## END

#### cat /dev/null | wc -l
cat /dev/null | wc -l
## stdout: 0

#### a=$(echo 1 | cat | cat | cat); echo $a
a=$(echo 1 | cat | cat | cat); echo $a
## stdout: 1

