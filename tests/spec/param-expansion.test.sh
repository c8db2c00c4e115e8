# Parameter expansion: every operator
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### x=abc; echo ${x} $x ${#x}
x=abc; echo ${x} $x ${#x}

#### unset x; echo "[${x-def}]" "[${x:-def}]"
unset x; echo "[${x-def}]" "[${x:-def}]"

#### x=; echo "[${x-def}]" "[${x:-def}]"
x=; echo "[${x-def}]" "[${x:-def}]"

#### x=v; echo "[${x-def}]" "[${x:-def}]"
x=v; echo "[${x-def}]" "[${x:-def}]"

#### unset x; echo "[${x+alt}]" "[${x:+alt}]"
unset x; echo "[${x+alt}]" "[${x:+alt}]"

#### x=; echo "[${x+alt}]" "[${x:+alt}]"
x=; echo "[${x+alt}]" "[${x:+alt}]"

#### x=v; echo "[${x+alt}]" "[${x:+alt}]"
x=v; echo "[${x+alt}]" "[${x:+alt}]"

#### unset x; echo ${x=new}; echo $x
unset x; echo ${x=new}; echo $x

#### x=; echo "[${x=new}]" "[${x:=new2}]"; echo $x
x=; echo "[${x=new}]" "[${x:=new2}]"; echo $x

#### unset x; (echo ${x?is unset}); echo status=$?
unset x; (echo ${x?is unset}); echo status=$?

#### x=; (echo ${x:?empty}); echo status=$?
x=; (echo ${x:?empty}); echo status=$?

#### x=ok; echo ${x:?no}
x=ok; echo ${x:?no}

#### unset x; (: ${x?}); echo $?
unset x; (: ${x?}); echo $?

#### p=/usr/local/lib/file.tar.gz; echo ${p#*/} ${p##*/}
p=/usr/local/lib/file.tar.gz; echo ${p#*/} ${p##*/}

#### p=/usr/local/lib/file.tar.gz; echo ${p%.*} ${p%%.*}
p=/usr/local/lib/file.tar.gz; echo ${p%.*} ${p%%.*}

#### p=file.txt; echo ${p%.txt}.md ${p#file}
p=file.txt; echo ${p%.txt}.md ${p#file}

#### x=aaa; echo ${x#a} ${x##a} ${x#*} ${x##*}
x=aaa; echo ${x#a} ${x##a} ${x#*} ${x##*}

#### x=abcabc; echo ${x%b*} ${x%%b*}
x=abcabc; echo ${x%b*} ${x%%b*}

#### x='a*b'; echo ${x#a\*} ${x#'a*'}
x='a*b'; echo ${x#a\*} ${x#'a*'}

#### x=hello; pat='l*'; echo ${x%$pat} ${x%"$pat"}
x=hello; pat='l*'; echo ${x%$pat} ${x%"$pat"}

#### x=hello; echo ${x/l/L} ${x//l/L} ${x/#h/H} ${x/%o/O}
x=hello; echo ${x/l/L} ${x//l/L} ${x/#h/H} ${x/%o/O}

#### x=hello; echo ${x/x/y} ${x//} ${x/l}
x=hello; echo ${x/x/y} ${x//} ${x/l}

#### x=a.b.c; echo ${x//./-}
x=a.b.c; echo ${x//./-}

#### x='a b c'; echo ${x// /_}
x='a b c'; echo ${x// /_}

#### x=abc; echo ${x/b/&&}
x=abc; echo ${x/b/&&}

#### x=abc; echo ${x/b/\&}
x=abc; echo ${x/b/\&}

#### x=path/to/file; echo ${x//\//:}
x=path/to/file; echo ${x//\//:}

#### x=aaa; echo ${x//a/bb}
x=aaa; echo ${x//a/bb}

#### x=abc; echo ${x/*/X} ${x/#/P} ${x/%/S}
x=abc; echo ${x/*/X} ${x/#/P} ${x/%/S}

#### x=hello; echo ${x^} ${x^^} ${x,}
x=hello; echo ${x^} ${x^^} ${x,} 

#### x=HELLO; echo ${x,} ${x,,} ${x^}
x=HELLO; echo ${x,} ${x,,} ${x^}

#### x=hello; echo ${x^^[lo]} ${x^[h]}
x=hello; echo ${x^^[lo]} ${x^[h]}

#### x=abcdef; echo ${x:2} ${x:2:2} ${x: -2} ${x: -3:2}
x=abcdef; echo ${x:2} ${x:2:2} ${x: -2} ${x: -3:2}

#### x=abcdef; echo ${x:1:-1} ${x:0:0}x ${x:10}y
x=abcdef; echo ${x:1:-1} ${x:0:0}x ${x:10}y

#### x=abcdef; n=2; echo ${x:n:n+1} ${x:$n}
x=abcdef; n=2; echo ${x:n:n+1} ${x:$n}

#### set -- a b c d e; echo ${@:2} ${@:2:2} ${*:1:1}
set -- a b c d e; echo ${@:2} ${@:2:2} ${*:1:1}

#### set -- a b c; echo ${@:0:1}
set -- a b c; echo ${@:0:1}

#### a=(a b c d); echo ${a[@]:1:2} ${a[@]: -1}
a=(a b c d); echo ${a[@]:1:2} ${a[@]: -1}

#### x=abc; echo ${#x} ${#nosuch}
x=abc; echo ${#x} ${#nosuch}

#### set -- a b c; echo ${#@} ${#*}
set -- a b c; echo ${#@} ${#*}

#### a=(x yy zzz); echo ${#a[@]} ${#a[1]} ${#a}
a=(x yy zzz); echo ${#a[@]} ${#a[1]} ${#a}

#### x=v; n=x; echo ${!n}
x=v; n=x; echo ${!n}

#### a=(p q r); n='a[1]'; echo ${!n}
a=(p q r); n='a[1]'; echo ${!n}

#### set -- one two; n=2; echo ${!n}
set -- one two; n=2; echo ${!n}

#### xa=1 xb=2 xc=3; echo ${!x*}; echo "${!x@}"
xa=1 xb=2 xc=3; echo ${!x*}; echo "${!x@}"

#### a=(p q r); echo ${!a[@]}
a=(p q r); echo ${!a[@]}

#### declare -A m=([k]=v); echo ${!m[@]}
declare -A m=([k]=v); echo ${!m[@]}

#### x="it's"; echo ${x@Q}
x="it's"; echo ${x@Q}

#### x='a b'; echo ${x@Q}
x='a b'; echo ${x@Q}

#### x=$'a\nb'; echo ${x@Q}
x=$'a\nb'; echo ${x@Q}

#### x=abc; echo ${x@U} ${x@u} ${x@L}
x=abc; echo ${x@U} ${x@u} ${x@L}

#### x='a\tb'; echo "${x@E}"
x='a\tb'; echo "${x@E}"

#### declare -i n=3; echo ${n@a}
declare -i n=3; echo ${n@a}

#### x=v; echo ${x@A}
x=v; echo ${x@A}

#### a=(1 2); echo ${a@a}
a=(1 2); echo ${a@a}

#### set -- a1 b1 c1; echo ${@%1} ${@/#/x}
set -- a1 b1 c1; echo ${@%1} ${@/#/x}

#### a=(x.c y.c); echo ${a[@]%.c} ${a[@]/#/src/}
a=(x.c y.c); echo ${a[@]%.c} ${a[@]/#/src/}

#### a=(ab cd); echo ${a[@]^^}
a=(ab cd); echo ${a[@]^^}

#### unset x; echo ${x:-${y:-inner}}
unset x; echo ${x:-${y:-inner}}

#### x=1; echo ${x:+"a b"} | wc -w
x=1; echo ${x:+"a b"} | wc -w

#### unset x; printf '[%s]\n' ${x:-a b}
unset x; printf '[%s]\n' ${x:-a b}

#### unset x; printf '[%s]\n' "${x:-a b}"
unset x; printf '[%s]\n' "${x:-a b}"

#### set -- p q; unset x; printf '[%s]\n' ${x:-"$@"}
set -- p q; unset x; printf '[%s]\n' ${x:-"$@"}

#### x=abc; echo "${x:1}" "${x::2}"
x=abc; echo "${x:1}" "${x::2}"

#### x='/a/b/'; echo ${x%/} ${x%%/*}x
x='/a/b/'; echo ${x%/} ${x%%/*}x

#### x=file; echo ${x:-$(echo sub)}; unset x; echo ${x:-$(echo...
x=file; echo ${x:-$(echo sub)}; unset x; echo ${x:-$(echo sub)}

#### x=5; echo ${x:-$((1+1))}
x=5; echo ${x:-$((1+1))}

#### echo ${UNSET_VAR_XYZ:-default}
echo ${UNSET_VAR_XYZ:-default}

#### x=abc; echo ${x:$((1)):1}
x=abc; echo ${x:$((1)):1}

#### i=0; x=abc; echo ${x:i++:1}$i
i=0; x=abc; echo ${x:i++:1}$i

#### x=hello; echo ${x//[aeiou]/}
x=hello; echo ${x//[aeiou]/}

#### x=hello; echo ${x##*(l)}
x=hello; echo ${x##*(l)}

#### shopt -s extglob
shopt -s extglob
x=aaabbb; echo ${x##+(a)}

#### x=ab; echo ${x/?/Z} ${x//?/Z}
x=ab; echo ${x/?/Z} ${x//?/Z}

#### x='[x]'; echo ${x//[][]/-}
x='[x]'; echo ${x//[][]/-}

#### x=aXbXc; IFS=X; echo ${x}; echo "${x}"
x=aXbXc; IFS=X; echo ${x}; echo "${x}"

#### a=(); echo ${a[@]:-empty} ${a[*]:-e2}
a=(); echo ${a[@]:-empty} ${a[*]:-e2}

#### a=(''); echo "[${a[@]:-empty}]"
a=(''); echo "[${a[@]:-empty}]"

#### set --; echo "${@:-none}"
set --; echo "${@:-none}"

#### x=abc; echo ${x:1:1}${x:0:1}
x=abc; echo ${x:1:1}${x:0:1}

