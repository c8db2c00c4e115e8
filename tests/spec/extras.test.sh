# FUNCNAME, printf %(...)T, CDPATH, declare -f, type of functions
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### f() { echo "${FUNCNAME[@]}"; g; }; g() { echo "${FUNCNAME...
f() { echo "${FUNCNAME[@]}"; g; }; g() { echo "${FUNCNAME[@]}" ${#FUNCNAME[@]}; }; f; echo "[${FUNCNAME[@]}]"
## STDOUT:
f
g f 2
[]
## END

#### f() { echo ${FUNCNAME[0]}-${FUNCNAME[1]:-none}; }; f
f() { echo ${FUNCNAME[0]}-${FUNCNAME[1]:-none}; }; f
## stdout: f-none

#### printf '%(%Y-%m-%d)T\n' 0
printf '%(%Y-%m-%d)T\n' 0
## stdout: 1970-01-01

#### printf '%(%H:%M:%S)T|%(%%)T\n' 3661 0
printf '%(%H:%M:%S)T|%(%%)T\n' 3661 0
## stdout: 01:01:01|%

#### printf '%10(%Y)T|\n' 0
printf '%10(%Y)T|\n' 0
## stdout:       1970|

#### printf '%(%Y)T\n' -1 | grep -c '^20'
printf '%(%Y)T\n' -1 | grep -c '^20'
## stdout: 1

#### mkdir -p c/sub; CDPATH=$PWD/c; cd sub >/dev/null; pwd | s...
mkdir -p c/sub; CDPATH=$PWD/c; cd sub >/dev/null; pwd | sed 's#.*/c/#c/#'
## stdout: c/sub

#### mkdir -p c/sub sub; CDPATH=$PWD/c; cd ./sub; pwd | sed 's...
mkdir -p c/sub sub; CDPATH=$PWD/c; cd ./sub; pwd | sed 's#.*/##'
## stdout: sub

#### f() { echo body; }; declare -f f
f() { echo body; }; declare -f f
## STDOUT:
f () 
{ 
    echo body
}
## END

#### f() { if true; then echo x; fi; }; type f
f() { if true; then echo x; fi; }; type f
## STDOUT:
f is a function
f () 
{ 
    if true; then
        echo x;
    fi
}
## END

#### f() { echo a; }; declare -F
f() { echo a; }; declare -F
## stdout: declare -f f

#### g() { :; }; declare -F g; declare -F nosuch; echo $?
g() { :; }; declare -F g; declare -F nosuch; echo $?
## STDOUT:
g
1
## END

