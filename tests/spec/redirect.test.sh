# Redirections, fd duplication, here-strings
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo hi > f; cat f
echo hi > f; cat f
## stdout: hi

#### echo a > f; echo b >> f; cat f
echo a > f; echo b >> f; cat f
## STDOUT:
a
b
## END

#### echo a > f; echo b > f; cat f
echo a > f; echo b > f; cat f
## stdout: b

#### echo err 2> f >&2; cat f
echo err 2> f >&2; cat f
## stdout: err

#### { echo out; echo err >&2; } > f 2>&1; sort f
{ echo out; echo err >&2; } > f 2>&1; sort f
## STDOUT:
err
out
## END

#### { echo out; echo err >&2; } &> f; sort f
{ echo out; echo err >&2; } &> f; sort f
## STDOUT:
err
out
## END

#### { echo out; echo err >&2; } &>> f; { echo o2; } &>> f; so...
{ echo out; echo err >&2; } &>> f; { echo o2; } &>> f; sort f
## STDOUT:
err
o2
out
## END

#### { echo err >&2; } 2>&1 | cat
{ echo err >&2; } 2>&1 | cat
## stdout: err

#### echo x 1>&2 2>/dev/null | cat; echo end
echo x 1>&2 2>/dev/null | cat; echo end
## stdout: end

#### cat < /dev/null; echo $?
cat < /dev/null; echo $?
## stdout: 0

#### printf 'l1\nl2\n' > f; while read -r l; do echo "[$l]"; d...
printf 'l1\nl2\n' > f; while read -r l; do echo "[$l]"; done < f
## STDOUT:
[l1]
[l2]
## END

#### exec 3> f; echo via3 >&3; exec 3>&-; cat f
exec 3> f; echo via3 >&3; exec 3>&-; cat f
## stdout: via3

#### exec 4< /dev/null; cat <&4; exec 4<&-; echo closed
exec 4< /dev/null; cat <&4; exec 4<&-; echo closed
## stdout: closed

#### echo hi >&-; echo status=$?
echo hi >&-; echo status=$?
## stdout: status=1

#### cat <<< 'here string'
cat <<< 'here string'
## stdout: here string

#### cat <<< "$HOME" | wc -l
cat <<< "$HOME" | wc -l
## stdout: 1

#### x='a b'; cat <<< $x
x='a b'; cat <<< $x
## stdout: a b

#### read -r a b <<< 'one two three'; echo $a / $b
read -r a b <<< 'one two three'; echo $a / $b
## stdout: one / two three

#### echo > f; wc -c < f
echo > f; wc -c < f
## stdout: 1

#### echo a >| f; cat f
echo a >| f; cat f
## stdout: a

#### set -C; echo a > f; echo b > f; echo status=$?; cat f
set -C; echo a > f; echo b > f; echo status=$?; cat f
## STDOUT:
status=1
a
## END

#### set -C; echo a > f; echo b >| f; cat f
set -C; echo a > f; echo b >| f; cat f
## stdout: b

#### echo x > /dev/null; echo ok
echo x > /dev/null; echo ok
## stdout: ok

#### echo data > f; cat 0< f
echo data > f; cat 0< f
## stdout: data

#### echo x >&2 2>&1 | cat
echo x >&2 2>&1 | cat
## stdout-json: ""

#### exec {fd}> f; echo named >&$fd; exec {fd}>&-; cat f
exec {fd}> f; echo named >&$fd; exec {fd}>&-; cat f
## stdout: named

#### { echo a; echo b; } > f; cat f
{ echo a; echo b; } > f; cat f
## STDOUT:
a
b
## END

#### for i in 1 2; do echo $i; done > f; cat f
for i in 1 2; do echo $i; done > f; cat f
## STDOUT:
1
2
## END

#### if true; then echo in-if; fi > f; cat f
if true; then echo in-if; fi > f; cat f
## stdout: in-if

#### f() { echo in-f; }; f > f.out; cat f.out
f() { echo in-f; }; f > f.out; cat f.out
## stdout: in-f

#### f() { echo in-f; } > fo; f; cat fo
f() { echo in-f; } > fo; f; cat fo
## stdout: in-f

#### (echo sub; echo sub2) > f; cat f
(echo sub; echo sub2) > f; cat f
## STDOUT:
sub
sub2
## END

#### echo a > f; cat < f > g; cat g
echo a > f; cat < f > g; cat g
## stdout: a

#### cat nonexistent_file_xyz 2>/dev/null; echo $?
cat nonexistent_file_xyz 2>/dev/null; echo $?
## stdout: 1

#### echo x > /nonexistent/dir/f; echo status=$?
echo x > /nonexistent/dir/f; echo status=$?
## stdout: status=1

#### echo abc > f; exec 5<f; read -u 5 x; echo $x
echo abc > f; exec 5<f; read -u 5 x; echo $x
## stdout: abc

#### echo hi > /dev/stdout
echo hi > /dev/stdout
## stdout: hi

#### echo hi 2>/dev/stdout >/dev/null | cat
echo hi 2>/dev/stdout >/dev/null | cat
## stdout-json: ""

#### echo err > /dev/stderr 2>/dev/null; echo next
echo err > /dev/stderr 2>/dev/null; echo next
## stdout: next

#### n=f; echo dyn > $n; cat f
n=f; echo dyn > $n; cat f
## stdout: dyn

#### echo 1 > a; echo 2 > b; cat a b > c; cat c
echo 1 > a; echo 2 > b; cat a b > c; cat c
## STDOUT:
1
2
## END

#### echo x 3>&1 1>&2 2>&3 | cat; echo swapped
echo x 3>&1 1>&2 2>&3 | cat; echo swapped
## stdout: swapped

#### echo move >&3 3>&1; echo status=$?
echo move >&3 3>&1; echo status=$?
## stdout: status=1

#### echo test > f; [ -s f ] && echo nonempty
echo test > f; [ -s f ] && echo nonempty
## stdout: nonempty

#### echo a b | { read x y; echo $y $x; }
echo a b | { read x y; echo $y $x; }
## stdout: b a

#### exec 3>&1; echo to3 >&3
exec 3>&1; echo to3 >&3
## stdout: to3

#### echo x 2>&1 >/dev/null
echo x 2>&1 >/dev/null
## stdout-json: ""

