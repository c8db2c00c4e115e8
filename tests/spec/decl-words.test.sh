# Assignment arguments of declaration builtins; arithmetic assignment targets; printf %q
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### f() { local y=$(echo "x y  z"); echo "[$y]"; }; f
f() { local y=$(echo "x y  z"); echo "[$y]"; }; f
## stdout: [x y  z]

#### x='a b'; export E=$x; echo "[$E]"; declare D=$x*; echo "[...
x='a b'; export E=$x; echo "[$E]"; declare D=$x*; echo "[$D]"
## STDOUT:
[a b]
[a b*]
## END

#### f() { local a b=1 c=$((2+3)); echo $b $c; }; f
f() { local a b=1 c=$((2+3)); echo $b $c; }; f
## stdout: 1 5

#### v='1 2'; readonly R=$v; echo "$R"
v='1 2'; readonly R=$v; echo "$R"
## stdout: 1 2

#### declare -a arr=(1 2); declare arr[1]=$(echo 'a b'); echo ...
declare -a arr=(1 2); declare arr[1]=$(echo 'a b'); echo "${arr[1]}"
## stdout: a b

#### f() { local y={a,b}$x; echo "[$y]"; }; x=1; f
f() { local y={a,b}$x; echo "[$y]"; }; x=1; f
## stdout: [b1]

#### touch a1 a2; declare g=a*; echo "$g"
touch a1 a2; declare g=a*; echo "$g"
## stdout: a*

#### x=$'t\tu'; (( x = 5 && 3 )); echo $? $x
x=$'t\tu'; (( x = 5 && 3 )); echo $? $x
## stdout: 0 1

#### z='[x]'; (( z = 4 || 8 )); echo $z
z='[x]'; (( z = 4 || 8 )); echo $z
## stdout: 1

#### (( y = z = 3 )); echo $y $z
(( y = z = 3 )); echo $y $z
## stdout: 3 3

#### a=(1 2); (( a[1] = 7 )); echo ${a[@]}
a=(1 2); (( a[1] = 7 )); echo ${a[@]}
## stdout: 1 7

#### printf '%q\n' 'a,b^c=d%e+f@g:h.i/j-k_l~m' '~x' 'a~' '#a' ...
printf '%q\n' 'a,b^c=d%e+f@g:h.i/j-k_l~m' '~x' 'a~' '#a' 'a#' 'x=1'
## STDOUT:
a\,b\^c=d%e+f@g:h.i/j-k_l~m
\~x
a~
\#a
a#
x=1
## END

