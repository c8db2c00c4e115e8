# Parameter expansion: every operator
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### x=abc; echo ${x} $x ${#x}
x=abc; echo ${x} $x ${#x}
## stdout: abc abc 3

#### unset x; echo "[${x-def}]" "[${x:-def}]"
unset x; echo "[${x-def}]" "[${x:-def}]"
## stdout: [def] [def]

#### x=; echo "[${x-def}]" "[${x:-def}]"
x=; echo "[${x-def}]" "[${x:-def}]"
## stdout: [] [def]

#### x=v; echo "[${x-def}]" "[${x:-def}]"
x=v; echo "[${x-def}]" "[${x:-def}]"
## stdout: [v] [v]

#### unset x; echo "[${x+alt}]" "[${x:+alt}]"
unset x; echo "[${x+alt}]" "[${x:+alt}]"
## stdout: [] []

#### x=; echo "[${x+alt}]" "[${x:+alt}]"
x=; echo "[${x+alt}]" "[${x:+alt}]"
## stdout: [alt] []

#### x=v; echo "[${x+alt}]" "[${x:+alt}]"
x=v; echo "[${x+alt}]" "[${x:+alt}]"
## stdout: [alt] [alt]

#### unset x; echo ${x=new}; echo $x
unset x; echo ${x=new}; echo $x
## STDOUT:
new
new
## END

#### x=; echo "[${x=new}]" "[${x:=new2}]"; echo $x
x=; echo "[${x=new}]" "[${x:=new2}]"; echo $x
## STDOUT:
[] [new2]
new2
## END

#### unset x; (echo ${x?is unset}); echo status=$?
unset x; (echo ${x?is unset}); echo status=$?
## stdout: status=1

#### x=; (echo ${x:?empty}); echo status=$?
x=; (echo ${x:?empty}); echo status=$?
## stdout: status=1

#### x=ok; echo ${x:?no}
x=ok; echo ${x:?no}
## stdout: ok

#### unset x; (: ${x?}); echo $?
unset x; (: ${x?}); echo $?
## stdout: 1

#### p=/usr/local/lib/file.tar.gz; echo ${p#*/} ${p##*/}
p=/usr/local/lib/file.tar.gz; echo ${p#*/} ${p##*/}
## stdout: usr/local/lib/file.tar.gz file.tar.gz

#### p=/usr/local/lib/file.tar.gz; echo ${p%.*} ${p%%.*}
p=/usr/local/lib/file.tar.gz; echo ${p%.*} ${p%%.*}
## stdout: /usr/local/lib/file.tar /usr/local/lib/file

#### p=file.txt; echo ${p%.txt}.md ${p#file}
p=file.txt; echo ${p%.txt}.md ${p#file}
## stdout: file.md .txt

#### x=aaa; echo ${x#a} ${x##a} ${x#*} ${x##*}
x=aaa; echo ${x#a} ${x##a} ${x#*} ${x##*}
## stdout: aa aa aaa

#### x=abcabc; echo ${x%b*} ${x%%b*}
x=abcabc; echo ${x%b*} ${x%%b*}
## stdout: abca a

#### x='a*b'; echo ${x#a\*} ${x#'a*'}
x='a*b'; echo ${x#a\*} ${x#'a*'}
## stdout: b b

#### x=hello; pat='l*'; echo ${x%$pat} ${x%"$pat"}
x=hello; pat='l*'; echo ${x%$pat} ${x%"$pat"}
## stdout: hel hello

#### x=hello; echo ${x/l/L} ${x//l/L} ${x/#h/H} ${x/%o/O}
x=hello; echo ${x/l/L} ${x//l/L} ${x/#h/H} ${x/%o/O}
## stdout: heLlo heLLo Hello hellO

#### x=hello; echo ${x/x/y} ${x//} ${x/l}
x=hello; echo ${x/x/y} ${x//} ${x/l}
## stdout: hello hello helo

#### x=a.b.c; echo ${x//./-}
x=a.b.c; echo ${x//./-}
## stdout: a-b-c

#### x='a b c'; echo ${x// /_}
x='a b c'; echo ${x// /_}
## stdout: a_b_c

#### x=abc; echo ${x/b/&&}
x=abc; echo ${x/b/&&}
## stdout: abbc

#### x=abc; echo ${x/b/\&}
x=abc; echo ${x/b/\&}
## stdout: a&c

#### x=path/to/file; echo ${x//\//:}
x=path/to/file; echo ${x//\//:}
## stdout: path:to:file

#### x=aaa; echo ${x//a/bb}
x=aaa; echo ${x//a/bb}
## stdout: bbbbbb

#### x=abc; echo ${x/*/X} ${x/#/P} ${x/%/S}
x=abc; echo ${x/*/X} ${x/#/P} ${x/%/S}
## stdout: X Pabc abcS

#### x=hello; echo ${x^} ${x^^} ${x,}
x=hello; echo ${x^} ${x^^} ${x,} 
## stdout: Hello HELLO hello

#### x=HELLO; echo ${x,} ${x,,} ${x^}
x=HELLO; echo ${x,} ${x,,} ${x^}
## stdout: hELLO hello HELLO

#### x=hello; echo ${x^^[lo]} ${x^[h]}
x=hello; echo ${x^^[lo]} ${x^[h]}
## stdout: heLLO Hello

#### x=abcdef; echo ${x:2} ${x:2:2} ${x: -2} ${x: -3:2}
x=abcdef; echo ${x:2} ${x:2:2} ${x: -2} ${x: -3:2}
## stdout: cdef cd ef de

#### x=abcdef; echo ${x:1:-1} ${x:0:0}x ${x:10}y
x=abcdef; echo ${x:1:-1} ${x:0:0}x ${x:10}y
## stdout: bcde x y

#### x=abcdef; n=2; echo ${x:n:n+1} ${x:$n}
x=abcdef; n=2; echo ${x:n:n+1} ${x:$n}
## stdout: cde cdef

#### set -- a b c d e; echo ${@:2} ${@:2:2} ${*:1:1}
set -- a b c d e; echo ${@:2} ${@:2:2} ${*:1:1}
## stdout: b c d e b c a

#### set -- a b c; echo ${@:0:1}
set -- a b c; echo ${@:0:1}
## stdout: lite-sandbox

#### a=(a b c d); echo ${a[@]:1:2} ${a[@]: -1}
a=(a b c d); echo ${a[@]:1:2} ${a[@]: -1}
## stdout: b c d

#### x=abc; echo ${#x} ${#nosuch}
x=abc; echo ${#x} ${#nosuch}
## stdout: 3 0

#### set -- a b c; echo ${#@} ${#*}
set -- a b c; echo ${#@} ${#*}
## stdout: 3 3

#### a=(x yy zzz); echo ${#a[@]} ${#a[1]} ${#a}
a=(x yy zzz); echo ${#a[@]} ${#a[1]} ${#a}
## stdout: 3 2 1

#### x=v; n=x; echo ${!n}
x=v; n=x; echo ${!n}
## stdout: v

#### a=(p q r); n='a[1]'; echo ${!n}
a=(p q r); n='a[1]'; echo ${!n}
## stdout: q

#### set -- one two; n=2; echo ${!n}
set -- one two; n=2; echo ${!n}
## stdout: two

#### xa=1 xb=2 xc=3; echo ${!x*}; echo "${!x@}"
xa=1 xb=2 xc=3; echo ${!x*}; echo "${!x@}"
## STDOUT:
xa xb xc
xa xb xc
## END

#### a=(p q r); echo ${!a[@]}
a=(p q r); echo ${!a[@]}
## stdout: 0 1 2

#### declare -A m=([k]=v); echo ${!m[@]}
declare -A m=([k]=v); echo ${!m[@]}
## stdout: k

#### x="it's"; echo ${x@Q}
x="it's"; echo ${x@Q}
## stdout: 'it'\''s'

#### x='a b'; echo ${x@Q}
x='a b'; echo ${x@Q}
## stdout: 'a b'

#### x=$'a\nb'; echo ${x@Q}
x=$'a\nb'; echo ${x@Q}
## stdout: $'a\nb'

#### x=abc; echo ${x@U} ${x@u} ${x@L}
x=abc; echo ${x@U} ${x@u} ${x@L}
## stdout: ABC Abc abc

#### x='a\tb'; echo "${x@E}"
x='a\tb'; echo "${x@E}"
## stdout: a	b

#### declare -i n=3; echo ${n@a}
declare -i n=3; echo ${n@a}
## stdout: i

#### x=v; echo ${x@A}
x=v; echo ${x@A}
## stdout: x='v'

#### a=(1 2); echo ${a@a}
a=(1 2); echo ${a@a}
## stdout: a

#### set -- a1 b1 c1; echo ${@%1} ${@/#/x}
set -- a1 b1 c1; echo ${@%1} ${@/#/x}
## stdout: a b c xa1 xb1 xc1

#### a=(x.c y.c); echo ${a[@]%.c} ${a[@]/#/src/}
a=(x.c y.c); echo ${a[@]%.c} ${a[@]/#/src/}
## stdout: x y src/x.c src/y.c

#### a=(ab cd); echo ${a[@]^^}
a=(ab cd); echo ${a[@]^^}
## stdout: AB CD

#### unset x; echo ${x:-${y:-inner}}
unset x; echo ${x:-${y:-inner}}
## stdout: inner

#### x=1; echo ${x:+"a b"} | wc -w
x=1; echo ${x:+"a b"} | wc -w
## stdout: 2

#### unset x; printf '[%s]\n' ${x:-a b}
unset x; printf '[%s]\n' ${x:-a b}
## STDOUT:
[a]
[b]
## END

#### unset x; printf '[%s]\n' "${x:-a b}"
unset x; printf '[%s]\n' "${x:-a b}"
## stdout: [a b]

#### set -- p q; unset x; printf '[%s]\n' ${x:-"$@"}
set -- p q; unset x; printf '[%s]\n' ${x:-"$@"}
## STDOUT:
[p]
[q]
## END

#### x=abc; echo "${x:1}" "${x::2}"
x=abc; echo "${x:1}" "${x::2}"
## stdout: bc ab

#### x='/a/b/'; echo ${x%/} ${x%%/*}x
x='/a/b/'; echo ${x%/} ${x%%/*}x
## stdout: /a/b x

#### x=file; echo ${x:-$(echo sub)}; unset x; echo ${x:-$(echo...
x=file; echo ${x:-$(echo sub)}; unset x; echo ${x:-$(echo sub)}
## STDOUT:
file
sub
## END

#### x=5; echo ${x:-$((1+1))}
x=5; echo ${x:-$((1+1))}
## stdout: 5

#### echo ${UNSET_VAR_XYZ:-default}
echo ${UNSET_VAR_XYZ:-default}
## stdout: default

#### x=abc; echo ${x:$((1)):1}
x=abc; echo ${x:$((1)):1}
## stdout: b

#### i=0; x=abc; echo ${x:i++:1}$i
i=0; x=abc; echo ${x:i++:1}$i
## stdout: a1

#### x=hello; echo ${x//[aeiou]/}
x=hello; echo ${x//[aeiou]/}
## stdout: hll

#### x=hello; echo ${x##*(l)}
x=hello; echo ${x##*(l)}
## stdout: hello

#### shopt -s extglob
shopt -s extglob
x=aaabbb; echo ${x##+(a)}
## stdout: bbb

#### x=ab; echo ${x/?/Z} ${x//?/Z}
x=ab; echo ${x/?/Z} ${x//?/Z}
## stdout: Zb ZZ

#### x='[x]'; echo ${x//[][]/-}
x='[x]'; echo ${x//[][]/-}
## stdout: -x-

#### x=aXbXc; IFS=X; echo ${x}; echo "${x}"
x=aXbXc; IFS=X; echo ${x}; echo "${x}"
## STDOUT:
a b c
aXbXc
## END

#### a=(); echo ${a[@]:-empty} ${a[*]:-e2}
a=(); echo ${a[@]:-empty} ${a[*]:-e2}
## stdout: empty e2

#### a=(''); echo "[${a[@]:-empty}]"
a=(''); echo "[${a[@]:-empty}]"
## stdout: [empty]

#### set --; echo "${@:-none}"
set --; echo "${@:-none}"
## stdout: none

#### x=abc; echo ${x:1:1}${x:0:1}
x=abc; echo ${x:1:1}${x:0:1}
## stdout: ba

