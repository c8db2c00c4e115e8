# read and mapfile
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo 'a b c' | { read x y; echo "[$x][$y]"; }
echo 'a b c' | { read x y; echo "[$x][$y]"; }

#### echo 'a b c' | { read x; echo "[$x]"; }
echo 'a b c' | { read x; echo "[$x]"; }

#### echo '  lead  trail  ' | { read x; echo "[$x]"; }
echo '  lead  trail  ' | { read x; echo "[$x]"; }

#### echo '  lead  trail  ' | { read; echo "[$REPLY]"; }
echo '  lead  trail  ' | { read; echo "[$REPLY]"; }

#### echo 'a\b' | { read x; echo "[$x]"; }
echo 'a\b' | { read x; echo "[$x]"; }

#### echo 'a\b' | { read -r x; echo "[$x]"; }
echo 'a\b' | { read -r x; echo "[$x]"; }

#### printf 'a\\\nb\n' | { read x; echo "[$x]"; }
printf 'a\\\nb\n' | { read x; echo "[$x]"; }

#### echo 'a:b:c' | { IFS=: read x y z; echo $z $y $x; }
echo 'a:b:c' | { IFS=: read x y z; echo $z $y $x; }

#### echo 'a:b:c:d' | { IFS=: read x y; echo "[$x][$y]"; }
echo 'a:b:c:d' | { IFS=: read x y; echo "[$x][$y]"; }

#### echo 'a,b,' | { IFS=, read x y z; echo "[$x][$y][$z]"; }
echo 'a,b,' | { IFS=, read x y z; echo "[$x][$y][$z]"; }

#### echo 'a b' | { read -a arr; echo ${#arr[@]} ${arr[1]}; }
echo 'a b' | { read -a arr; echo ${#arr[@]} ${arr[1]}; }

#### printf 'x;y' | { read -d ';' v; echo $v; }
printf 'x;y' | { read -d ';' v; echo $v; }

#### printf 'abcdef' | { read -n 3 v; echo $v; }
printf 'abcdef' | { read -n 3 v; echo $v; }

#### printf 'ab\ncd' | { read -N 4 v; echo "[$v]"; }
printf 'ab\ncd' | { read -N 4 v; echo "[$v]"; }

#### printf 'no newline' | { read v; echo "$? [$v]"; }
printf 'no newline' | { read v; echo "$? [$v]"; }

#### read v < /dev/null; echo $?
read v < /dev/null; echo $?

#### printf '1\n2\n3\n' | { while read n; do s=$((s+n)); done;...
printf '1\n2\n3\n' | { while read n; do s=$((s+n)); done; echo $s; }

#### read -r -p 'prompt: ' v <<< input; echo $v
read -r -p 'prompt: ' v <<< input; echo $v

#### read -t 1 v <<< timed; echo $v
read -t 1 v <<< timed; echo $v

#### read a b <<< 'only'; echo "[$a][$b]"
read a b <<< 'only'; echo "[$a][$b]"

#### IFS= read -r v <<< '  keep  '; echo "[$v]"
IFS= read -r v <<< '  keep  '; echo "[$v]"

#### printf 'a\nb\nc\n' | { mapfile -t lines; echo ${#lines[@]...
printf 'a\nb\nc\n' | { mapfile -t lines; echo ${#lines[@]} ${lines[2]}; }

#### printf 'a\nb\n' | { mapfile lines; printf '[%s]' "${lines...
printf 'a\nb\n' | { mapfile lines; printf '[%s]' "${lines[@]}"; echo; }

#### printf 'a\nb\nc\n' | { readarray -t -n 2 l; echo ${l[@]}; }
printf 'a\nb\nc\n' | { readarray -t -n 2 l; echo ${l[@]}; }

#### printf 'a\nb\nc\n' | { mapfile -t -s 1 l; echo ${l[@]}; }
printf 'a\nb\nc\n' | { mapfile -t -s 1 l; echo ${l[@]}; }

#### printf 'a,b,c' | { mapfile -t -d , l; echo ${l[@]}; }
printf 'a,b,c' | { mapfile -t -d , l; echo ${l[@]}; }

#### mapfile -t l < <(printf 'x\ny\n'); echo ${l[1]}
mapfile -t l < <(printf 'x\ny\n'); echo ${l[1]}

#### printf 'q\n' | { mapfile; echo $MAPFILE; }
printf 'q\n' | { mapfile; echo $MAPFILE; }

#### echo 'x y' | { read -r; echo "[$REPLY]"; }
echo 'x y' | { read -r; echo "[$REPLY]"; }

#### echo abc > f; read -r line < f; echo $line
echo abc > f; read -r line < f; echo $line

#### exec 3<<< 'fd3 data'; read -u 3 v; echo $v
exec 3<<< 'fd3 data'; read -u 3 v; echo $v

