# Pipelines, PIPESTATUS, pipefail, negation, lists
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo a | cat
echo a | cat

#### printf '3\n1\n2\n' | sort | head -2
printf '3\n1\n2\n' | sort | head -2

#### true | false; echo $?
true | false; echo $?

#### false | true; echo $?
false | true; echo $?

#### false | true; echo ${PIPESTATUS[@]}
false | true; echo ${PIPESTATUS[@]}

#### (exit 2) | (exit 3) | true; echo ${PIPESTATUS[*]}
(exit 2) | (exit 3) | true; echo ${PIPESTATUS[*]}

#### set -o pipefail; false | true; echo $?
set -o pipefail; false | true; echo $?

#### set -o pipefail; (exit 2) | (exit 3) | true; echo $?
set -o pipefail; (exit 2) | (exit 3) | true; echo $?

#### set -o pipefail; true | true; echo $?
set -o pipefail; true | true; echo $?

#### ! true; echo $?
! true; echo $?

#### ! false; echo $?
! false; echo $?

#### ! false | false; echo $?
! false | false; echo $?

#### x=1; echo $x | { read y; echo y=$y; }; echo x=$x
x=1; echo $x | { read y; echo y=$y; }; echo x=$x

#### y=0; echo 5 | read y; echo y=$y
y=0; echo 5 | read y; echo y=$y

#### echo out | { cat; echo more; }
echo out | { cat; echo more; }

#### echo err |& cat
echo err |& cat

#### { echo err >&2; } |& tr a-z A-Z
{ echo err >&2; } |& tr a-z A-Z

#### true && echo and1; false && echo and2; echo end
true && echo and1; false && echo and2; echo end

#### false || echo or1; true || echo or2; echo end
false || echo or1; true || echo or2; echo end

#### false && echo a || echo b
false && echo a || echo b

#### true || false && echo c
true || false && echo c

#### echo a; echo b; echo c
echo a; echo b; echo c

#### echo a && false; echo $?
echo a && false; echo $?

#### seq 1 5 | while read n; do echo $((n*n)); done
seq 1 5 | while read n; do echo $((n*n)); done

#### for i in 1 2 3; do echo $i; done | tac
for i in 1 2 3; do echo $i; done | tac

#### yes | head -3
yes | head -3

#### echo abc | tr b x | tr a y | tr c z
echo abc | tr b x | tr a y | tr c z

#### echo 1 | (read x; echo $((x+1)))
echo 1 | (read x; echo $((x+1)))

#### printf 'a\nb\n' | { while read l; do echo "$l!"; done; }
printf 'a\nb\n' | { while read l; do echo "$l!"; done; }

#### echo | true; echo ${#PIPESTATUS[@]}
echo | true; echo ${#PIPESTATUS[@]}

#### true; echo ${PIPESTATUS[0]}
true; echo ${PIPESTATUS[0]}

#### false; echo ${PIPESTATUS[0]}
false; echo ${PIPESTATUS[0]}

#### echo start; exit 3; echo never
echo start; exit 3; echo never

#### (exit 5); echo $?
(exit 5); echo $?

#### (echo in sub; exit 2); echo $?
(echo in sub; exit 2); echo $?

#### x=out; (x=in; echo $x); echo $x
x=out; (x=in; echo $x); echo $x

#### (cd /; pwd); pwd | grep -c spec
(cd /; pwd); pwd | grep -c spec

#### { echo grouped; }
{ echo grouped; }

#### { x=ingroup; }; echo $x
{ x=ingroup; }; echo $x

#### echo $BASH_SUBSHELL_UNUSED_XYZ; (echo sub)
echo $BASH_SUBSHELL_UNUSED_XYZ; (echo sub)

#### cat /dev/null | wc -l
cat /dev/null | wc -l

#### a=$(echo 1 | cat | cat | cat); echo $a
a=$(echo 1 | cat | cat | cat); echo $a

