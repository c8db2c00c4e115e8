# Indexed arrays
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### a=(1 2 3); echo ${a[0]} ${a[2]} ${a[@]} ${#a[@]}
a=(1 2 3); echo ${a[0]} ${a[2]} ${a[@]} ${#a[@]}
## stdout: 1 3 1 2 3 3

#### a=(x y z); echo ${a[-1]} ${a[-2]}
a=(x y z); echo ${a[-1]} ${a[-2]}
## stdout: z y

#### a=(); a[5]=five; a[2]=two; echo ${a[@]} ${!a[@]} ${#a[@]}
a=(); a[5]=five; a[2]=two; echo ${a[@]} ${!a[@]} ${#a[@]}
## stdout: two five 2 5 2

#### a=(1 2 3); unset 'a[1]'; echo ${a[@]} ${!a[@]}
a=(1 2 3); unset 'a[1]'; echo ${a[@]} ${!a[@]}
## stdout: 1 3 0 2

#### a=(1 2 3); unset a; echo "[${a[@]}]"
a=(1 2 3); unset a; echo "[${a[@]}]"
## stdout: []

#### a=(1 2); a+=(3 4); echo ${a[@]}
a=(1 2); a+=(3 4); echo ${a[@]}
## stdout: 1 2 3 4

#### a=(1 2); a[1]+=x; echo ${a[@]}
a=(1 2); a[1]+=x; echo ${a[@]}
## stdout: 1 2x

#### a=([3]=c [1]=a b); echo ${a[@]} ${!a[@]}
a=([3]=c [1]=a b); echo ${a[@]} ${!a[@]}
## stdout: a b c 1 2 3

#### a=(one two); echo $a ${a}
a=(one two); echo $a ${a}
## stdout: one one

#### a=one; a[1]=two; echo ${a[@]}
a=one; a[1]=two; echo ${a[@]}
## stdout: one two

#### a=(1 2 3); b=("${a[@]}"); echo ${#b[@]} ${b[2]}
a=(1 2 3); b=("${a[@]}"); echo ${#b[@]} ${b[2]}
## stdout: 3 3

#### a=('a b' c); for x in "${a[@]}"; do echo "<$x>"; done
a=('a b' c); for x in "${a[@]}"; do echo "<$x>"; done
## STDOUT:
<a b>
<c>
## END

#### a=(1 2 3); echo ${a[@]:1} ${a[*]:0:2}
a=(1 2 3); echo ${a[@]:1} ${a[*]:0:2}
## stdout: 2 3 1 2

#### a=(a b c); i=1; echo ${a[i]} ${a[i+1]} ${a[$i]}
a=(a b c); i=1; echo ${a[i]} ${a[i+1]} ${a[$i]}
## stdout: b c b

#### a=(z y x); echo ${a[@]/y/Y}
a=(z y x); echo ${a[@]/y/Y}
## stdout: z Y x

#### a=(1 2 3); a=(); echo ${#a[@]}
a=(1 2 3); a=(); echo ${#a[@]}
## stdout: 0

#### declare -a a=(p q); echo ${a[1]}
declare -a a=(p q); echo ${a[1]}
## stdout: q

#### a[0]=x; echo ${a}
a[0]=x; echo ${a}
## stdout: x

#### a=(1 2 3); echo "${a[*]}"; IFS=,; echo "${a[*]}"
a=(1 2 3); echo "${a[*]}"; IFS=,; echo "${a[*]}"
## STDOUT:
1 2 3
1,2,3
## END

#### a=(*); echo ${#a[@]}
a=(*); echo ${#a[@]}
## stdout: 1

#### touch f1 f2; a=(f*); echo ${a[@]}
touch f1 f2; a=(f*); echo ${a[@]}
## stdout: f1 f2

#### a=($(echo 'x y')); echo ${#a[@]}
a=($(echo 'x y')); echo ${#a[@]}
## stdout: 2

#### a=(1 2 3); echo ${#a}
a=(1 2 3); echo ${#a}
## stdout: 1

#### a=(10 20); a[a[0]/10]=new; echo ${a[@]}
a=(10 20); a[a[0]/10]=new; echo ${a[@]}
## stdout: 10 new

#### a=(1 2 3); a[-1]=last; echo ${a[@]}
a=(1 2 3); a[-1]=last; echo ${a[@]}
## stdout: 1 2 last

#### a=(x); a[10]=y; a+=(z); echo ${!a[@]}
a=(x); a[10]=y; a+=(z); echo ${!a[@]}
## stdout: 0 10 11

#### IFS=: read -ra parts <<< 'a:b:c'; echo ${#parts[@]} ${par...
IFS=: read -ra parts <<< 'a:b:c'; echo ${#parts[@]} ${parts[1]}
## stdout: 3 b

#### a=(a b); set -- "${a[@]}"; echo $#
a=(a b); set -- "${a[@]}"; echo $#
## stdout: 2

#### a=(3 1 2); IFS=$'\n' sorted=($(sort <<<"${a[*]}")); echo ...
a=(3 1 2); IFS=$'\n' sorted=($(sort <<<"${a[*]}")); echo ${sorted[@]}
## stdout: 1 2 3

#### a=(x y); echo ${a[@]@Q}
a=(x y); echo ${a[@]@Q}
## stdout: 'x' 'y'

#### unset a; a[1]=x; declare -p a
unset a; a[1]=x; declare -p a
## stdout: declare -a a=([1]="x")

#### a=(1 'two words' 3); declare -p a
a=(1 'two words' 3); declare -p a
## stdout: declare -a a=([0]="1" [1]="two words" [2]="3")

#### a=(a b c); unset 'a[-1]'; echo ${a[@]}
a=(a b c); unset 'a[-1]'; echo ${a[@]}
## stdout: a b

#### arr=(); arr+=(one); arr+=(two); echo ${arr[@]} ${#arr[@]}
arr=(); arr+=(one); arr+=(two); echo ${arr[@]} ${#arr[@]}
## stdout: one two 2

#### a=(1 2 3); for i in "${!a[@]}"; do echo $i=${a[i]}; done
a=(1 2 3); for i in "${!a[@]}"; do echo $i=${a[i]}; done
## STDOUT:
0=1
1=2
2=3
## END

#### a=(x y); echo ${a[5]-unset} ${a[1]-unset}
a=(x y); echo ${a[5]-unset} ${a[1]-unset}
## stdout: unset y

#### a=(1 2); [[ -v a[1] ]] && echo set1; [[ -v a[7] ]] || ech...
a=(1 2); [[ -v a[1] ]] && echo set1; [[ -v a[7] ]] || echo unset7
## STDOUT:
set1
unset7
## END

#### a=(5 6); echo $(( ${#a[@]} * 2 ))
a=(5 6); echo $(( ${#a[@]} * 2 ))
## stdout: 4

