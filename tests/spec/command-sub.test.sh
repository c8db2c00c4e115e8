# Command and process substitution
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo $(echo hi)
echo $(echo hi)

#### echo `echo hi`
echo `echo hi`

#### x=$(echo a; echo b); echo "$x"
x=$(echo a; echo b); echo "$x"

#### echo "$(printf 'a\n\n\n')"end
echo "$(printf 'a\n\n\n')"end

#### echo $(echo $(echo nested))
echo $(echo $(echo nested))

#### echo "$(echo "$(echo deep)")"
echo "$(echo "$(echo deep)")"

#### x=$(exit 3); echo $?
x=$(exit 3); echo $?

#### x=$(false) || echo failed
x=$(false) || echo failed

#### echo $(true)x
echo $(true)x

#### echo a$(echo)b
echo a$(echo)b

#### v=out; f() { v=in; echo sub; }; x=$(f); echo $x $v
v=out; f() { v=in; echo sub; }; x=$(f); echo $x $v

#### echo $(cd /; pwd); pwd | grep -c spec
echo $(cd /; pwd); pwd | grep -c spec

#### echo $( echo ')' )
echo $( echo ')' )

#### echo $(case x in x) echo matched;; esac)
echo $(case x in x) echo matched;; esac)

#### echo $(< /dev/null)x
echo $(< /dev/null)x

#### printf 'file\n' > f; echo $(< f)
printf 'file\n' > f; echo $(< f)

#### echo `echo \`echo inner\``
echo `echo \`echo inner\``

#### echo $(echo a\ b)
echo $(echo a\ b)

#### n=$(printf '%s' 3); echo $((n+1))
n=$(printf '%s' 3); echo $((n+1))

#### cat <(echo procsub)
cat <(echo procsub)

#### diff <(echo a) <(echo a) && echo same
diff <(echo a) <(echo a) && echo same

#### while read l; do echo got $l; done < <(printf '1\n2\n')
while read l; do echo got $l; done < <(printf '1\n2\n')

#### echo hi > >(cat); wait; sleep 0.1
echo hi > >(cat); wait; sleep 0.1

#### x=$(echo $$); [ "$x" = "$$" ] && echo same-pid
x=$(echo $$); [ "$x" = "$$" ] && echo same-pid

#### echo $(printf 'a\0b')
echo $(printf 'a\0b')

#### a=($(echo 1 2 3)); echo ${#a[@]}
a=($(echo 1 2 3)); echo ${#a[@]}

#### echo $(for i in 1 2; do echo $i; done)
echo $(for i in 1 2; do echo $i; done)

#### echo "$(echo 'multi
echo "$(echo 'multi
line')"

#### x=$(echo err >&2; echo out) 2>/dev/null; echo $x
x=$(echo err >&2; echo out) 2>/dev/null; echo $x

#### echo $(exit 1) $?
echo $(exit 1) $?

#### f() { return 4; }; x=$(f); echo $?
f() { return 4; }; x=$(f); echo $?

