# Associative arrays
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### declare -A m; m[a]=1; m[b]=2; echo ${m[a]} ${m[b]} ${#m[@]}
declare -A m; m[a]=1; m[b]=2; echo ${m[a]} ${m[b]} ${#m[@]}
## stdout: 1 2 2

#### declare -A m=([x]=1 [y]=2); echo ${m[x]}${m[y]}
declare -A m=([x]=1 [y]=2); echo ${m[x]}${m[y]}
## stdout: 12

#### declare -A m; m[k]=v; unset 'm[k]'; echo ${#m[@]}
declare -A m; m[k]=v; unset 'm[k]'; echo ${#m[@]}
## stdout: 0

#### declare -A m; m['a b']=spaced; echo "${m['a b']}" "${m[a ...
declare -A m; m['a b']=spaced; echo "${m['a b']}" "${m[a b]}"
## stdout: spaced spaced

#### declare -A m; k=key; m[$k]=val; echo ${m[key]} ${m[$k]}
declare -A m; k=key; m[$k]=val; echo ${m[key]} ${m[$k]}
## stdout: val val

#### declare -A m; m[x]=1; m[x]+=2; echo ${m[x]}
declare -A m; m[x]=1; m[x]+=2; echo ${m[x]}
## stdout: 12

#### declare -A m=([one]=1); m+=([two]=2); echo ${#m[@]} ${m[t...
declare -A m=([one]=1); m+=([two]=2); echo ${#m[@]} ${m[two]}
## stdout: 2 2

#### declare -A m; echo "[${m[none]}]" ${#m[@]}
declare -A m; echo "[${m[none]}]" ${#m[@]}
## stdout: [] 0

#### declare -A m=([k]=v); [[ -v m[k] ]] && echo has; [[ -v m[...
declare -A m=([k]=v); [[ -v m[k] ]] && echo has; [[ -v m[z] ]] || echo hasnt
## STDOUT:
has
hasnt
## END

#### declare -A m=([a]=1); for k in "${!m[@]}"; do echo $k=${m...
declare -A m=([a]=1); for k in "${!m[@]}"; do echo $k=${m[$k]}; done
## stdout: a=1

#### declare -A m=([a]=1); echo ${m[@]}
declare -A m=([a]=1); echo ${m[@]}
## stdout: 1

#### declare -A m; m[1+1]=expr; echo ${m[1+1]} "${m[2]-none}"
declare -A m; m[1+1]=expr; echo ${m[1+1]} "${m[2]-none}"
## stdout: expr none

#### declare -A m=([k]=v); declare -p m
declare -A m=([k]=v); declare -p m
## stdout: declare -A m=([k]="v" )

#### declare -A m; m[k]=v; unset m; echo "[${m[k]}]"
declare -A m; m[k]=v; unset m; echo "[${m[k]}]"
## stdout: []

#### declare -a a; declare -A a 2>/dev/null; echo $?
declare -a a; declare -A a 2>/dev/null; echo $?
## stdout: 1

#### f() { local -A lm=([k]=local); echo ${lm[k]}; }; f; echo ...
f() { local -A lm=([k]=local); echo ${lm[k]}; }; f; echo "[${lm[k]}]"
## STDOUT:
local
[]
## END

#### declare -A m=([k]=v); echo ${m[k]^^} ${#m[k]}
declare -A m=([k]=v); echo ${m[k]^^} ${#m[k]}
## stdout: V 1

#### declare -A m=([x]=1); m[y]=2; echo $(( m[x] + m[y] ))
declare -A m=([x]=1); m[y]=2; echo $(( m[x] + m[y] ))
## stdout: 3

