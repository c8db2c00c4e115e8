# Associative arrays
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### declare -A m; m[a]=1; m[b]=2; echo ${m[a]} ${m[b]} ${#m[@]}
declare -A m; m[a]=1; m[b]=2; echo ${m[a]} ${m[b]} ${#m[@]}

#### declare -A m=([x]=1 [y]=2); echo ${m[x]}${m[y]}
declare -A m=([x]=1 [y]=2); echo ${m[x]}${m[y]}

#### declare -A m; m[k]=v; unset 'm[k]'; echo ${#m[@]}
declare -A m; m[k]=v; unset 'm[k]'; echo ${#m[@]}

#### declare -A m; m['a b']=spaced; echo "${m['a b']}" "${m[a ...
declare -A m; m['a b']=spaced; echo "${m['a b']}" "${m[a b]}"

#### declare -A m; k=key; m[$k]=val; echo ${m[key]} ${m[$k]}
declare -A m; k=key; m[$k]=val; echo ${m[key]} ${m[$k]}

#### declare -A m; m[x]=1; m[x]+=2; echo ${m[x]}
declare -A m; m[x]=1; m[x]+=2; echo ${m[x]}

#### declare -A m=([one]=1); m+=([two]=2); echo ${#m[@]} ${m[t...
declare -A m=([one]=1); m+=([two]=2); echo ${#m[@]} ${m[two]}

#### declare -A m; echo "[${m[none]}]" ${#m[@]}
declare -A m; echo "[${m[none]}]" ${#m[@]}

#### declare -A m=([k]=v); [[ -v m[k] ]] && echo has; [[ -v m[...
declare -A m=([k]=v); [[ -v m[k] ]] && echo has; [[ -v m[z] ]] || echo hasnt

#### declare -A m=([a]=1); for k in "${!m[@]}"; do echo $k=${m...
declare -A m=([a]=1); for k in "${!m[@]}"; do echo $k=${m[$k]}; done

#### declare -A m=([a]=1); echo ${m[@]}
declare -A m=([a]=1); echo ${m[@]}

#### declare -A m; m[1+1]=expr; echo ${m[1+1]} "${m[2]-none}"
declare -A m; m[1+1]=expr; echo ${m[1+1]} "${m[2]-none}"

#### declare -A m=([k]=v); declare -p m
declare -A m=([k]=v); declare -p m

#### declare -A m; m[k]=v; unset m; echo "[${m[k]}]"
declare -A m; m[k]=v; unset m; echo "[${m[k]}]"

#### declare -a a; declare -A a 2>/dev/null; echo $?
declare -a a; declare -A a 2>/dev/null; echo $?

#### f() { local -A lm=([k]=local); echo ${lm[k]}; }; f; echo ...
f() { local -A lm=([k]=local); echo ${lm[k]}; }; f; echo "[${lm[k]}]"

#### declare -A m=([k]=v); echo ${m[k]^^} ${#m[k]}
declare -A m=([k]=v); echo ${m[k]^^} ${#m[k]}

#### declare -A m=([x]=1); m[y]=2; echo $(( m[x] + m[y] ))
declare -A m=([x]=1); m[y]=2; echo $(( m[x] + m[y] ))

