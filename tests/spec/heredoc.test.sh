# Here-documents
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### cat <<EOF
cat <<EOF
hello
EOF

#### x=val; cat <<EOF
x=val; cat <<EOF
x=$x $(echo cmd) $((1+1))
EOF

#### x=val; cat <<'EOF'
x=val; cat <<'EOF'
x=$x $(echo cmd)
EOF

#### x=val; cat <<"EOF"
x=val; cat <<"EOF"
x=$x
EOF

#### cat <<-EOF
cat <<-EOF
	indented
		more
	EOF

#### cat <<EOF | tr a-z A-Z
cat <<EOF | tr a-z A-Z
lower
EOF

#### cat <<A; cat <<B
cat <<A; cat <<B
one
A
two
B

#### cat <<EOF (2)
cat <<EOF
back\\slash \$x \`y\`
EOF

#### cat <<EOF (3)
cat <<EOF
line1

line3
EOF

#### f() { cat <<EOF
f() { cat <<EOF
in function $1
EOF
}; f arg

#### while read l; do echo "<$l>"; done <<EOF
while read l; do echo "<$l>"; done <<EOF
a
b
EOF

#### cat <<EOF > f
cat <<EOF > f
to file
EOF
cat f

#### cat << EOF
cat << EOF
spaced delimiter
EOF

#### cat <<EOF (4)
cat <<EOF
"quotes" 'kept'
EOF

#### cat <<EOF (5)
cat <<EOF
${HOME:+home set}
EOF

#### a=(1 2); cat <<EOF
a=(1 2); cat <<EOF
${a[1]} ${#a[@]}
EOF

#### cat <<EOF (6)
cat <<EOF
EOF
echo empty-doc

#### x=1; cat <<EOF; echo after
x=1; cat <<EOF; echo after
$x
EOF

#### cat <<'E O'
cat <<'E O'
weird
E O

#### read -r a <<EOF
read -r a <<EOF
first line
second
EOF
echo $a

#### cat <<EOF (7)
cat <<EOF
  leading spaces kept
EOF

#### for i in 1 2; do cat <<EOF
for i in 1 2; do cat <<EOF
iter $i
EOF
done

