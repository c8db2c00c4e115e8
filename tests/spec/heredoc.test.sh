# Here-documents
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### cat <<EOF
cat <<EOF
hello
EOF
## stdout: hello

#### x=val; cat <<EOF
x=val; cat <<EOF
x=$x $(echo cmd) $((1+1))
EOF
## stdout: x=val cmd 2

#### x=val; cat <<'EOF'
x=val; cat <<'EOF'
x=$x $(echo cmd)
EOF
## stdout: x=$x $(echo cmd)

#### x=val; cat <<"EOF"
x=val; cat <<"EOF"
x=$x
EOF
## stdout: x=$x

#### cat <<-EOF
cat <<-EOF
	indented
		more
	EOF
## STDOUT:
indented
more
## END

#### cat <<EOF | tr a-z A-Z
cat <<EOF | tr a-z A-Z
lower
EOF
## stdout: LOWER

#### cat <<A; cat <<B
cat <<A; cat <<B
one
A
two
B
## STDOUT:
one
two
## END

#### cat <<EOF (2)
cat <<EOF
back\\slash \$x \`y\`
EOF
## stdout: back\slash $x `y`

#### cat <<EOF (3)
cat <<EOF
line1

line3
EOF
## STDOUT:
line1

line3
## END

#### f() { cat <<EOF
f() { cat <<EOF
in function $1
EOF
}; f arg
## stdout: in function arg

#### while read l; do echo "<$l>"; done <<EOF
while read l; do echo "<$l>"; done <<EOF
a
b
EOF
## STDOUT:
<a>
<b>
## END

#### cat <<EOF > f
cat <<EOF > f
to file
EOF
cat f
## stdout: to file

#### cat << EOF
cat << EOF
spaced delimiter
EOF
## stdout: spaced delimiter

#### cat <<EOF (4)
cat <<EOF
"quotes" 'kept'
EOF
## stdout: "quotes" 'kept'

#### cat <<EOF (5)
cat <<EOF
${HOME:+home set}
EOF
## stdout: home set

#### a=(1 2); cat <<EOF
a=(1 2); cat <<EOF
${a[1]} ${#a[@]}
EOF
## stdout: 2 2

#### cat <<EOF (6)
cat <<EOF
EOF
echo empty-doc
## stdout: empty-doc

#### x=1; cat <<EOF; echo after
x=1; cat <<EOF; echo after
$x
EOF
## STDOUT:
1
after
## END

#### cat <<'E O'
cat <<'E O'
weird
E O
## stdout: weird

#### read -r a <<EOF
read -r a <<EOF
first line
second
EOF
echo $a
## stdout: first line

#### cat <<EOF (7)
cat <<EOF
  leading spaces kept
EOF
## stdout:   leading spaces kept

#### for i in 1 2; do cat <<EOF
for i in 1 2; do cat <<EOF
iter $i
EOF
done
## STDOUT:
iter 1
iter 2
## END

