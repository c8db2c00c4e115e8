# read and mapfile
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo 'a b c' | { read x y; echo "[$x][$y]"; }
echo 'a b c' | { read x y; echo "[$x][$y]"; }
## stdout: [a][b c]

#### echo 'a b c' | { read x; echo "[$x]"; }
echo 'a b c' | { read x; echo "[$x]"; }
## stdout: [a b c]

#### echo '  lead  trail  ' | { read x; echo "[$x]"; }
echo '  lead  trail  ' | { read x; echo "[$x]"; }
## stdout: [lead  trail]

#### echo '  lead  trail  ' | { read; echo "[$REPLY]"; }
echo '  lead  trail  ' | { read; echo "[$REPLY]"; }
## stdout: [  lead  trail  ]

#### echo 'a\b' | { read x; echo "[$x]"; }
echo 'a\b' | { read x; echo "[$x]"; }
## stdout: [ab]

#### echo 'a\b' | { read -r x; echo "[$x]"; }
echo 'a\b' | { read -r x; echo "[$x]"; }
## stdout: [a\b]

#### printf 'a\\\nb\n' | { read x; echo "[$x]"; }
printf 'a\\\nb\n' | { read x; echo "[$x]"; }
## stdout: [ab]

#### echo 'a:b:c' | { IFS=: read x y z; echo $z $y $x; }
echo 'a:b:c' | { IFS=: read x y z; echo $z $y $x; }
## stdout: c b a

#### echo 'a:b:c:d' | { IFS=: read x y; echo "[$x][$y]"; }
echo 'a:b:c:d' | { IFS=: read x y; echo "[$x][$y]"; }
## stdout: [a][b:c:d]

#### echo 'a,b,' | { IFS=, read x y z; echo "[$x][$y][$z]"; }
echo 'a,b,' | { IFS=, read x y z; echo "[$x][$y][$z]"; }
## stdout: [a][b][]

#### echo 'a b' | { read -a arr; echo ${#arr[@]} ${arr[1]}; }
echo 'a b' | { read -a arr; echo ${#arr[@]} ${arr[1]}; }
## stdout: 2 b

#### printf 'x;y' | { read -d ';' v; echo $v; }
printf 'x;y' | { read -d ';' v; echo $v; }
## stdout: x

#### printf 'abcdef' | { read -n 3 v; echo $v; }
printf 'abcdef' | { read -n 3 v; echo $v; }
## stdout: abc

#### printf 'ab\ncd' | { read -N 4 v; echo "[$v]"; }
printf 'ab\ncd' | { read -N 4 v; echo "[$v]"; }
## STDOUT:
[ab
c]
## END

#### printf 'no newline' | { read v; echo "$? [$v]"; }
printf 'no newline' | { read v; echo "$? [$v]"; }
## stdout: 1 [no newline]

#### read v < /dev/null; echo $?
read v < /dev/null; echo $?
## stdout: 1

#### printf '1\n2\n3\n' | { while read n; do s=$((s+n)); done;...
printf '1\n2\n3\n' | { while read n; do s=$((s+n)); done; echo $s; }
## stdout: 6

#### read -r -p 'prompt: ' v <<< input; echo $v
read -r -p 'prompt: ' v <<< input; echo $v
## stdout: input

#### read -t 1 v <<< timed; echo $v
read -t 1 v <<< timed; echo $v
## stdout: timed

#### read a b <<< 'only'; echo "[$a][$b]"
read a b <<< 'only'; echo "[$a][$b]"
## stdout: [only][]

#### IFS= read -r v <<< '  keep  '; echo "[$v]"
IFS= read -r v <<< '  keep  '; echo "[$v]"
## stdout: [  keep  ]

#### printf 'a\nb\nc\n' | { mapfile -t lines; echo ${#lines[@]...
printf 'a\nb\nc\n' | { mapfile -t lines; echo ${#lines[@]} ${lines[2]}; }
## stdout: 3 c

#### printf 'a\nb\n' | { mapfile lines; printf '[%s]' "${lines...
printf 'a\nb\n' | { mapfile lines; printf '[%s]' "${lines[@]}"; echo; }
## STDOUT:
[a
][b
]
## END

#### printf 'a\nb\nc\n' | { readarray -t -n 2 l; echo ${l[@]}; }
printf 'a\nb\nc\n' | { readarray -t -n 2 l; echo ${l[@]}; }
## stdout: a b

#### printf 'a\nb\nc\n' | { mapfile -t -s 1 l; echo ${l[@]}; }
printf 'a\nb\nc\n' | { mapfile -t -s 1 l; echo ${l[@]}; }
## stdout: b c

#### printf 'a,b,c' | { mapfile -t -d , l; echo ${l[@]}; }
printf 'a,b,c' | { mapfile -t -d , l; echo ${l[@]}; }
## stdout: a b c

#### mapfile -t l < <(printf 'x\ny\n'); echo ${l[1]}
mapfile -t l < <(printf 'x\ny\n'); echo ${l[1]}
## stdout: y

#### printf 'q\n' | { mapfile; echo $MAPFILE; }
printf 'q\n' | { mapfile; echo $MAPFILE; }
## stdout: q

#### echo 'x y' | { read -r; echo "[$REPLY]"; }
echo 'x y' | { read -r; echo "[$REPLY]"; }
## stdout: [x y]

#### echo abc > f; read -r line < f; echo $line
echo abc > f; read -r line < f; echo $line
## stdout: abc

#### exec 3<<< 'fd3 data'; read -u 3 v; echo $v
exec 3<<< 'fd3 data'; read -u 3 v; echo $v
## stdout: fd3 data

