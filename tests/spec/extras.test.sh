# FUNCNAME, printf %(...)T, CDPATH, declare -f, type of functions
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### f() { echo "${FUNCNAME[@]}"; g; }; g() { echo "${FUNCNAME...
f() { echo "${FUNCNAME[@]}"; g; }; g() { echo "${FUNCNAME[@]}" ${#FUNCNAME[@]}; }; f; echo "[${FUNCNAME[@]}]"

#### f() { echo ${FUNCNAME[0]}-${FUNCNAME[1]:-none}; }; f
f() { echo ${FUNCNAME[0]}-${FUNCNAME[1]:-none}; }; f

#### printf '%(%Y-%m-%d)T\n' 0
printf '%(%Y-%m-%d)T\n' 0

#### printf '%(%H:%M:%S)T|%(%%)T\n' 3661 0
printf '%(%H:%M:%S)T|%(%%)T\n' 3661 0

#### printf '%10(%Y)T|\n' 0
printf '%10(%Y)T|\n' 0

#### printf '%(%Y)T\n' -1 | grep -c '^20'
printf '%(%Y)T\n' -1 | grep -c '^20'

#### mkdir -p c/sub; CDPATH=$PWD/c; cd sub >/dev/null; pwd | s...
mkdir -p c/sub; CDPATH=$PWD/c; cd sub >/dev/null; pwd | sed 's#.*/c/#c/#'

#### mkdir -p c/sub sub; CDPATH=$PWD/c; cd ./sub; pwd | sed 's...
mkdir -p c/sub sub; CDPATH=$PWD/c; cd ./sub; pwd | sed 's#.*/##'

#### f() { echo body; }; declare -f f
f() { echo body; }; declare -f f

#### f() { if true; then echo x; fi; }; type f
f() { if true; then echo x; fi; }; type f

#### f() { echo a; }; declare -F
f() { echo a; }; declare -F

#### g() { :; }; declare -F g; declare -F nosuch; echo $?
g() { :; }; declare -F g; declare -F nosuch; echo $?

