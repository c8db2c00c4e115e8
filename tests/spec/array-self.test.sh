# Array assignments that read the array they assign
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### a=(1 2); a=(x "${a[@]}"); echo ${#a[@]} ${a[@]}
a=(1 2); a=(x "${a[@]}"); echo ${#a[@]} ${a[@]}
## stdout: 3 x 1 2

#### a=(1 2); a=(${a[*]} ${a[*]}); echo ${a[@]}
a=(1 2); a=(${a[*]} ${a[*]}); echo ${a[@]}
## stdout: 1 2 1 2

#### a=(p q); a+=("${a[@]}"); echo ${a[@]}
a=(p q); a+=("${a[@]}"); echo ${a[@]}
## stdout: p q p q

#### a=(1 2 3); a=([${#a[@]}]=last); echo ${!a[@]} ${a[@]}
a=(1 2 3); a=([${#a[@]}]=last); echo ${!a[@]} ${a[@]}
## stdout: 3 last

#### f() { local a=(in "${a[@]}"); echo ${a[@]}; }; a=(out); f
f() { local a=(in "${a[@]}"); echo ${a[@]}; }; a=(out); f
## stdout: in out

