# Word splitting on IFS, "$@" and "$*", empty words
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### x='a b  c'; printf '[%s]\n' $x
x='a b  c'; printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[c]
## END

#### x='a b  c'; printf '[%s]\n' "$x"
x='a b  c'; printf '[%s]\n' "$x"
## stdout: [a b  c]

#### x='  lead trail  '; printf '[%s]\n' $x
x='  lead trail  '; printf '[%s]\n' $x
## STDOUT:
[lead]
[trail]
## END

#### IFS=,; x='a,b,,c'; printf '[%s]\n' $x
IFS=,; x='a,b,,c'; printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[]
[c]
## END

#### IFS=,; x=',a,b,'; printf '[%s]\n' $x
IFS=,; x=',a,b,'; printf '[%s]\n' $x
## STDOUT:
[]
[a]
[b]
## END

#### IFS=', '; x='a , b,c ,,d'; printf '[%s]\n' $x
IFS=', '; x='a , b,c ,,d'; printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[c]
[]
[d]
## END

#### IFS=; x='a b c'; printf '[%s]\n' $x
IFS=; x='a b c'; printf '[%s]\n' $x
## stdout: [a b c]

#### unset IFS; x=$'a\tb\nc d'; printf '[%s]\n' $x
unset IFS; x=$'a\tb\nc d'; printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[c]
[d]
## END

#### IFS=:; x='a:b'; y=c:d; printf '[%s]\n' $x$y
IFS=:; x='a:b'; y=c:d; printf '[%s]\n' $x$y
## STDOUT:
[a]
[bc]
[d]
## END

#### x=''; printf '[%s]\n' $x; echo end
x=''; printf '[%s]\n' $x; echo end
## STDOUT:
[]
end
## END

#### x=''; printf '[%s]\n' "$x"
x=''; printf '[%s]\n' "$x"
## stdout: []

#### printf '[%s]\n' '' "" x
printf '[%s]\n' '' "" x
## STDOUT:
[]
[]
[x]
## END

#### x='a b'; printf '[%s]\n' pre${x}post
x='a b'; printf '[%s]\n' pre${x}post
## STDOUT:
[prea]
[bpost]
## END

#### x=' a b '; printf '[%s]\n' pre${x}post
x=' a b '; printf '[%s]\n' pre${x}post
## STDOUT:
[pre]
[a]
[b]
[post]
## END

#### set -- a 'b c' d; printf '[%s]\n' "$@"
set -- a 'b c' d; printf '[%s]\n' "$@"
## STDOUT:
[a]
[b c]
[d]
## END

#### set -- a 'b c' d; printf '[%s]\n' $@
set -- a 'b c' d; printf '[%s]\n' $@
## STDOUT:
[a]
[b]
[c]
[d]
## END

#### set -- a 'b c' d; printf '[%s]\n' "$*"
set -- a 'b c' d; printf '[%s]\n' "$*"
## stdout: [a b c d]

#### set -- a 'b c' d; printf '[%s]\n' $*
set -- a 'b c' d; printf '[%s]\n' $*
## STDOUT:
[a]
[b]
[c]
[d]
## END

#### set -- a 'b c' d; IFS=-; printf '[%s]\n' "$*"
set -- a 'b c' d; IFS=-; printf '[%s]\n' "$*"
## stdout: [a-b c-d]

#### set -- a 'b c' d; IFS=; printf '[%s]\n' "$*"
set -- a 'b c' d; IFS=; printf '[%s]\n' "$*"
## stdout: [ab cd]

#### set --; printf '[%s]\n' "$@"; echo end
set --; printf '[%s]\n' "$@"; echo end
## STDOUT:
[]
end
## END

#### set --; printf '[%s]\n' x"$@"y
set --; printf '[%s]\n' x"$@"y
## stdout: [xy]

#### set -- a b; printf '[%s]\n' x"$@"y
set -- a b; printf '[%s]\n' x"$@"y
## STDOUT:
[xa]
[by]
## END

#### set -- 'a b' c; printf '[%s]\n' "x$@y"
set -- 'a b' c; printf '[%s]\n' "x$@y"
## STDOUT:
[xa b]
[cy]
## END

#### set -- '' ''; printf '[%s]\n' "$@"
set -- '' ''; printf '[%s]\n' "$@"
## STDOUT:
[]
[]
## END

#### set -- '' ''; printf '[%s]\n' $@; echo end
set -- '' ''; printf '[%s]\n' $@; echo end
## STDOUT:
[]
end
## END

#### set -- a b c; echo $#; shift; echo $# $1
set -- a b c; echo $#; shift; echo $# $1
## STDOUT:
3
2 b
## END

#### set -- 1 2 3 4 5 6 7 8 9 10 11; echo ${10} ${11} $10
set -- 1 2 3 4 5 6 7 8 9 10 11; echo ${10} ${11} $10
## stdout: 10 11 10

#### x='*'; touch a b; echo $x; echo "$x"
x='*'; touch a b; echo $x; echo "$x"
## STDOUT:
a b
*
## END

#### x='a   b'; y=$x; printf '[%s]\n' "$y"
x='a   b'; y=$x; printf '[%s]\n' "$y"
## stdout: [a   b]

#### x=$'a\nb'; for w in $x; do echo "<$w>"; done
x=$'a\nb'; for w in $x; do echo "<$w>"; done
## STDOUT:
<a>
<b>
## END

#### IFS=x; v=axbxxc; set -- $v; echo $#
IFS=x; v=axbxxc; set -- $v; echo $#
## stdout: 4

#### IFS=' x'; v=' a x b '; set -- $v; echo $# "$1" "$2"
IFS=' x'; v=' a x b '; set -- $v; echo $# "$1" "$2"
## stdout: 2 a b

#### a=(1 '2 3' 4); printf '[%s]\n' "${a[@]}"
a=(1 '2 3' 4); printf '[%s]\n' "${a[@]}"
## STDOUT:
[1]
[2 3]
[4]
## END

#### a=(1 '2 3' 4); printf '[%s]\n' ${a[@]}
a=(1 '2 3' 4); printf '[%s]\n' ${a[@]}
## STDOUT:
[1]
[2]
[3]
[4]
## END

#### a=(1 '2 3' 4); printf '[%s]\n' "${a[*]}"
a=(1 '2 3' 4); printf '[%s]\n' "${a[*]}"
## stdout: [1 2 3 4]

#### a=(); printf '[%s]\n' "${a[@]}"; echo end
a=(); printf '[%s]\n' "${a[@]}"; echo end
## STDOUT:
[]
end
## END

#### e=; printf '[%s]\n' $e$e; echo done
e=; printf '[%s]\n' $e$e; echo done
## STDOUT:
[]
done
## END

#### x='a b'; printf '[%s]\n' "$x"$x
x='a b'; printf '[%s]\n' "$x"$x
## STDOUT:
[a ba]
[b]
## END

#### printf '[%s]\n' $(echo 'a  b')
printf '[%s]\n' $(echo 'a  b')
## STDOUT:
[a]
[b]
## END

#### printf '[%s]\n' "$(echo 'a  b')"
printf '[%s]\n' "$(echo 'a  b')"
## stdout: [a  b]

#### printf '[%s]\n' $(printf 'x\ny\n\n')
printf '[%s]\n' $(printf 'x\ny\n\n')
## STDOUT:
[x]
[y]
## END

#### IFS=,; printf '[%s]\n' $(echo 1,2,3)
IFS=,; printf '[%s]\n' $(echo 1,2,3)
## STDOUT:
[1]
[2]
[3]
## END

#### x=abc; IFS=b; printf '[%s]\n' $x "$x"
x=abc; IFS=b; printf '[%s]\n' $x "$x"
## STDOUT:
[a]
[c]
[abc]
## END

#### IFS=' '; read -r a b <<< '  x   y  '; echo "[$a][$b]"
IFS=' '; read -r a b <<< '  x   y  '; echo "[$a][$b]"
## stdout: [x][y]

#### set -- x y; for a; do echo $a; done
set -- x y; for a; do echo $a; done
## STDOUT:
x
y
## END

#### f() { echo $#; }; f "$@"; set -- a ''; f "$@"; f $@
f() { echo $#; }; f "$@"; set -- a ''; f "$@"; f $@
## STDOUT:
0
2
1
## END

#### v='a b'; set -- $v 'c d'; echo $#
v='a b'; set -- $v 'c d'; echo $#
## stdout: 3

#### x='a\ b'; printf '[%s]\n' $x
x='a\ b'; printf '[%s]\n' $x
## STDOUT:
[a\]
[b]
## END

#### x="it's"; printf '[%s]\n' $x
x="it's"; printf '[%s]\n' $x
## stdout: [it's]

