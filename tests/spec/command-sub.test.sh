# Command and process substitution
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo $(echo hi)
echo $(echo hi)
## stdout: hi

#### echo `echo hi`
echo `echo hi`
## stdout: hi

#### x=$(echo a; echo b); echo "$x"
x=$(echo a; echo b); echo "$x"
## STDOUT:
a
b
## END

#### echo "$(printf 'a\n\n\n')"end
echo "$(printf 'a\n\n\n')"end
## stdout: aend

#### echo $(echo $(echo nested))
echo $(echo $(echo nested))
## stdout: nested

#### echo "$(echo "$(echo deep)")"
echo "$(echo "$(echo deep)")"
## stdout: deep

#### x=$(exit 3); echo $?
x=$(exit 3); echo $?
## stdout: 3

#### x=$(false) || echo failed
x=$(false) || echo failed
## stdout: failed

#### echo $(true)x
echo $(true)x
## stdout: x

#### echo a$(echo)b
echo a$(echo)b
## stdout: ab

#### v=out; f() { v=in; echo sub; }; x=$(f); echo $x $v
v=out; f() { v=in; echo sub; }; x=$(f); echo $x $v
## stdout: sub out

#### echo $(cd /; pwd); pwd | grep -c spec
echo $(cd /; pwd); pwd | grep -c spec
## STDOUT:
/
1
## END

#### echo $( echo ')' )
echo $( echo ')' )
## stdout: )

#### echo $(case x in x) echo matched;; esac)
echo $(case x in x) echo matched;; esac)
## stdout: matched

#### echo $(< /dev/null)x
echo $(< /dev/null)x
## stdout: x

#### printf 'file\n' > f; echo $(< f)
printf 'file\n' > f; echo $(< f)
## stdout: file

#### echo `echo \`echo inner\``
echo `echo \`echo inner\``
## stdout: inner

#### echo $(echo a\ b)
echo $(echo a\ b)
## stdout: a b

#### n=$(printf '%s' 3); echo $((n+1))
n=$(printf '%s' 3); echo $((n+1))
## stdout: 4

#### cat <(echo procsub)
cat <(echo procsub)
## stdout: procsub

#### diff <(echo a) <(echo a) && echo same
diff <(echo a) <(echo a) && echo same
## stdout: same

#### while read l; do echo got $l; done < <(printf '1\n2\n')
while read l; do echo got $l; done < <(printf '1\n2\n')
## STDOUT:
got 1
got 2
## END

#### echo hi > >(cat); wait; sleep 0.1
echo hi > >(cat); wait; sleep 0.1
## stdout: hi

#### x=$(echo $$); [ "$x" = "$$" ] && echo same-pid
x=$(echo $$); [ "$x" = "$$" ] && echo same-pid
## stdout: same-pid

#### echo $(printf 'a\0b')
echo $(printf 'a\0b')
## stdout: ab

#### a=($(echo 1 2 3)); echo ${#a[@]}
a=($(echo 1 2 3)); echo ${#a[@]}
## stdout: 3

#### echo $(for i in 1 2; do echo $i; done)
echo $(for i in 1 2; do echo $i; done)
## stdout: 1 2

#### echo "$(echo 'multi
echo "$(echo 'multi
line')"
## STDOUT:
multi
line
## END

#### x=$(echo err >&2; echo out) 2>/dev/null; echo $x
x=$(echo err >&2; echo out) 2>/dev/null; echo $x
## stdout: out

#### echo $(exit 1) $?
echo $(exit 1) $?
## stdout: 1

#### f() { return 4; }; x=$(f); echo $?
f() { return 4; }; x=$(f); echo $?
## stdout: 4

