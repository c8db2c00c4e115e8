# Expansion and assignment errors: which end the shell, which abandon the line
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo $((1/0)); echo same-line
echo $((1/0)); echo same-line
echo next-line
## stdout: next-line

#### v=ab; echo ${v::-5}; echo same
v=ab; echo ${v::-5}; echo same
echo next
## stdout: next

#### echo ${x?unset}; echo same
echo ${x?unset}; echo same
echo next
## stdout-json: ""
## status: 127

#### for i in 1 2; do
for i in 1 2; do
 echo $((1/0))
 echo in-loop
done
echo after
## stdout: after

#### f() {
f() {
 echo ${v:1:-5}
 echo in-f
}
v=ab
f
echo after
## stdout: after

#### x=${v/[/}
x=${v/[/}
echo ${!x}; echo same
echo next
## stdout: next

#### readonly r=1; r=2; echo same
readonly r=1; r=2; echo same
echo next
## stdout: next

#### shopt -s failglob; echo *.nomatch; echo same
shopt -s failglob; echo *.nomatch; echo same
echo next
## stdout: next

#### set -e; echo $((1/0)); echo same
set -e; echo $((1/0)); echo same
echo next
## stdout: next

#### echo $((1/0)); echo same
echo $((1/0)); echo same
echo $?
## stdout: 1

#### eval "echo \$((1/0)); echo in-eval"; echo same
eval "echo \$((1/0)); echo in-eval"; echo same
echo next
## STDOUT:
same
next
## END

#### x=$((1/0)) y=2; echo same
x=$((1/0)) y=2; echo same
echo next $y
## stdout: next

