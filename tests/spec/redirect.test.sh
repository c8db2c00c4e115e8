# Redirections, fd duplication, here-strings
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo hi > f; cat f
echo hi > f; cat f

#### echo a > f; echo b >> f; cat f
echo a > f; echo b >> f; cat f

#### echo a > f; echo b > f; cat f
echo a > f; echo b > f; cat f

#### echo err 2> f >&2; cat f
echo err 2> f >&2; cat f

#### { echo out; echo err >&2; } > f 2>&1; sort f
{ echo out; echo err >&2; } > f 2>&1; sort f

#### { echo out; echo err >&2; } &> f; sort f
{ echo out; echo err >&2; } &> f; sort f

#### { echo out; echo err >&2; } &>> f; { echo o2; } &>> f; so...
{ echo out; echo err >&2; } &>> f; { echo o2; } &>> f; sort f

#### { echo err >&2; } 2>&1 | cat
{ echo err >&2; } 2>&1 | cat

#### echo x 1>&2 2>/dev/null | cat; echo end
echo x 1>&2 2>/dev/null | cat; echo end

#### cat < /dev/null; echo $?
cat < /dev/null; echo $?

#### printf 'l1\nl2\n' > f; while read -r l; do echo "[$l]"; d...
printf 'l1\nl2\n' > f; while read -r l; do echo "[$l]"; done < f

#### exec 3> f; echo via3 >&3; exec 3>&-; cat f
exec 3> f; echo via3 >&3; exec 3>&-; cat f

#### exec 4< /dev/null; cat <&4; exec 4<&-; echo closed
exec 4< /dev/null; cat <&4; exec 4<&-; echo closed

#### echo hi >&-; echo status=$?
echo hi >&-; echo status=$?

#### cat <<< 'here string'
cat <<< 'here string'

#### cat <<< "$HOME" | wc -l
cat <<< "$HOME" | wc -l

#### x='a b'; cat <<< $x
x='a b'; cat <<< $x

#### read -r a b <<< 'one two three'; echo $a / $b
read -r a b <<< 'one two three'; echo $a / $b

#### echo > f; wc -c < f
echo > f; wc -c < f

#### echo a >| f; cat f
echo a >| f; cat f

#### set -C; echo a > f; echo b > f; echo status=$?; cat f
set -C; echo a > f; echo b > f; echo status=$?; cat f

#### set -C; echo a > f; echo b >| f; cat f
set -C; echo a > f; echo b >| f; cat f

#### echo x > /dev/null; echo ok
echo x > /dev/null; echo ok

#### echo data > f; cat 0< f
echo data > f; cat 0< f

#### echo x >&2 2>&1 | cat
echo x >&2 2>&1 | cat

#### exec {fd}> f; echo named >&$fd; exec {fd}>&-; cat f
exec {fd}> f; echo named >&$fd; exec {fd}>&-; cat f

#### { echo a; echo b; } > f; cat f
{ echo a; echo b; } > f; cat f

#### for i in 1 2; do echo $i; done > f; cat f
for i in 1 2; do echo $i; done > f; cat f

#### if true; then echo in-if; fi > f; cat f
if true; then echo in-if; fi > f; cat f

#### f() { echo in-f; }; f > f.out; cat f.out
f() { echo in-f; }; f > f.out; cat f.out

#### f() { echo in-f; } > fo; f; cat fo
f() { echo in-f; } > fo; f; cat fo

#### (echo sub; echo sub2) > f; cat f
(echo sub; echo sub2) > f; cat f

#### echo a > f; cat < f > g; cat g
echo a > f; cat < f > g; cat g

#### cat nonexistent_file_xyz 2>/dev/null; echo $?
cat nonexistent_file_xyz 2>/dev/null; echo $?

#### echo x > /nonexistent/dir/f; echo status=$?
echo x > /nonexistent/dir/f; echo status=$?

#### echo abc > f; exec 5<f; read -u 5 x; echo $x
echo abc > f; exec 5<f; read -u 5 x; echo $x

#### echo hi > /dev/stdout
echo hi > /dev/stdout

#### echo hi 2>/dev/stdout >/dev/null | cat
echo hi 2>/dev/stdout >/dev/null | cat

#### echo err > /dev/stderr 2>/dev/null; echo next
echo err > /dev/stderr 2>/dev/null; echo next

#### n=f; echo dyn > $n; cat f
n=f; echo dyn > $n; cat f

#### echo 1 > a; echo 2 > b; cat a b > c; cat c
echo 1 > a; echo 2 > b; cat a b > c; cat c

#### echo x 3>&1 1>&2 2>&3 | cat; echo swapped
echo x 3>&1 1>&2 2>&3 | cat; echo swapped

#### echo move >&3 3>&1; echo status=$?
echo move >&3 3>&1; echo status=$?

#### echo test > f; [ -s f ] && echo nonempty
echo test > f; [ -s f ] && echo nonempty

#### echo a b | { read x y; echo $y $x; }
echo a b | { read x y; echo $y $x; }

#### exec 3>&1; echo to3 >&3
exec 3>&1; echo to3 >&3

#### echo x 2>&1 >/dev/null
echo x 2>&1 >/dev/null

