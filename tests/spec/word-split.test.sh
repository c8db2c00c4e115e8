# Word splitting on IFS, "$@" and "$*", empty words
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### x='a b  c'; printf '[%s]\n' $x
x='a b  c'; printf '[%s]\n' $x

#### x='a b  c'; printf '[%s]\n' "$x"
x='a b  c'; printf '[%s]\n' "$x"

#### x='  lead trail  '; printf '[%s]\n' $x
x='  lead trail  '; printf '[%s]\n' $x

#### IFS=,; x='a,b,,c'; printf '[%s]\n' $x
IFS=,; x='a,b,,c'; printf '[%s]\n' $x

#### IFS=,; x=',a,b,'; printf '[%s]\n' $x
IFS=,; x=',a,b,'; printf '[%s]\n' $x

#### IFS=', '; x='a , b,c ,,d'; printf '[%s]\n' $x
IFS=', '; x='a , b,c ,,d'; printf '[%s]\n' $x

#### IFS=; x='a b c'; printf '[%s]\n' $x
IFS=; x='a b c'; printf '[%s]\n' $x

#### unset IFS; x=$'a\tb\nc d'; printf '[%s]\n' $x
unset IFS; x=$'a\tb\nc d'; printf '[%s]\n' $x

#### IFS=:; x='a:b'; y=c:d; printf '[%s]\n' $x$y
IFS=:; x='a:b'; y=c:d; printf '[%s]\n' $x$y

#### x=''; printf '[%s]\n' $x; echo end
x=''; printf '[%s]\n' $x; echo end

#### x=''; printf '[%s]\n' "$x"
x=''; printf '[%s]\n' "$x"

#### printf '[%s]\n' '' "" x
printf '[%s]\n' '' "" x

#### x='a b'; printf '[%s]\n' pre${x}post
x='a b'; printf '[%s]\n' pre${x}post

#### x=' a b '; printf '[%s]\n' pre${x}post
x=' a b '; printf '[%s]\n' pre${x}post

#### set -- a 'b c' d; printf '[%s]\n' "$@"
set -- a 'b c' d; printf '[%s]\n' "$@"

#### set -- a 'b c' d; printf '[%s]\n' $@
set -- a 'b c' d; printf '[%s]\n' $@

#### set -- a 'b c' d; printf '[%s]\n' "$*"
set -- a 'b c' d; printf '[%s]\n' "$*"

#### set -- a 'b c' d; printf '[%s]\n' $*
set -- a 'b c' d; printf '[%s]\n' $*

#### set -- a 'b c' d; IFS=-; printf '[%s]\n' "$*"
set -- a 'b c' d; IFS=-; printf '[%s]\n' "$*"

#### set -- a 'b c' d; IFS=; printf '[%s]\n' "$*"
set -- a 'b c' d; IFS=; printf '[%s]\n' "$*"

#### set --; printf '[%s]\n' "$@"; echo end
set --; printf '[%s]\n' "$@"; echo end

#### set --; printf '[%s]\n' x"$@"y
set --; printf '[%s]\n' x"$@"y

#### set -- a b; printf '[%s]\n' x"$@"y
set -- a b; printf '[%s]\n' x"$@"y

#### set -- 'a b' c; printf '[%s]\n' "x$@y"
set -- 'a b' c; printf '[%s]\n' "x$@y"

#### set -- '' ''; printf '[%s]\n' "$@"
set -- '' ''; printf '[%s]\n' "$@"

#### set -- '' ''; printf '[%s]\n' $@; echo end
set -- '' ''; printf '[%s]\n' $@; echo end

#### set -- a b c; echo $#; shift; echo $# $1
set -- a b c; echo $#; shift; echo $# $1

#### set -- 1 2 3 4 5 6 7 8 9 10 11; echo ${10} ${11} $10
set -- 1 2 3 4 5 6 7 8 9 10 11; echo ${10} ${11} $10

#### x='*'; touch a b; echo $x; echo "$x"
x='*'; touch a b; echo $x; echo "$x"

#### x='a   b'; y=$x; printf '[%s]\n' "$y"
x='a   b'; y=$x; printf '[%s]\n' "$y"

#### x=$'a\nb'; for w in $x; do echo "<$w>"; done
x=$'a\nb'; for w in $x; do echo "<$w>"; done

#### IFS=x; v=axbxxc; set -- $v; echo $#
IFS=x; v=axbxxc; set -- $v; echo $#

#### IFS=' x'; v=' a x b '; set -- $v; echo $# "$1" "$2"
IFS=' x'; v=' a x b '; set -- $v; echo $# "$1" "$2"

#### a=(1 '2 3' 4); printf '[%s]\n' "${a[@]}"
a=(1 '2 3' 4); printf '[%s]\n' "${a[@]}"

#### a=(1 '2 3' 4); printf '[%s]\n' ${a[@]}
a=(1 '2 3' 4); printf '[%s]\n' ${a[@]}

#### a=(1 '2 3' 4); printf '[%s]\n' "${a[*]}"
a=(1 '2 3' 4); printf '[%s]\n' "${a[*]}"

#### a=(); printf '[%s]\n' "${a[@]}"; echo end
a=(); printf '[%s]\n' "${a[@]}"; echo end

#### e=; printf '[%s]\n' $e$e; echo done
e=; printf '[%s]\n' $e$e; echo done

#### x='a b'; printf '[%s]\n' "$x"$x
x='a b'; printf '[%s]\n' "$x"$x

#### printf '[%s]\n' $(echo 'a  b')
printf '[%s]\n' $(echo 'a  b')

#### printf '[%s]\n' "$(echo 'a  b')"
printf '[%s]\n' "$(echo 'a  b')"

#### printf '[%s]\n' $(printf 'x\ny\n\n')
printf '[%s]\n' $(printf 'x\ny\n\n')

#### IFS=,; printf '[%s]\n' $(echo 1,2,3)
IFS=,; printf '[%s]\n' $(echo 1,2,3)

#### x=abc; IFS=b; printf '[%s]\n' $x "$x"
x=abc; IFS=b; printf '[%s]\n' $x "$x"

#### IFS=' '; read -r a b <<< '  x   y  '; echo "[$a][$b]"
IFS=' '; read -r a b <<< '  x   y  '; echo "[$a][$b]"

#### set -- x y; for a; do echo $a; done
set -- x y; for a; do echo $a; done

#### f() { echo $#; }; f "$@"; set -- a ''; f "$@"; f $@
f() { echo $#; }; f "$@"; set -- a ''; f "$@"; f $@

#### v='a b'; set -- $v 'c d'; echo $#
v='a b'; set -- $v 'c d'; echo $#

#### x='a\ b'; printf '[%s]\n' $x
x='a\ b'; printf '[%s]\n' $x

#### x="it's"; printf '[%s]\n' $x
x="it's"; printf '[%s]\n' $x

