# Redirections are expanded before prefix assignments
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### set -- f2 'fa b' x; IFS=, read -r -a R <<< $*; echo ${#R[@]}
set -- f2 'fa b' x; IFS=, read -r -a R <<< $*; echo ${#R[@]}
## stdout: 1

#### x=1; x=2 cat <<< $x
x=1; x=2 cat <<< $x
## stdout: 1

#### IFS=: read a b <<< 'p:q'; echo $a$b
IFS=: read a b <<< 'p:q'; echo $a$b
## stdout: pq

#### f() { cat; }; v=old; v=new f <<< $v; echo $v
f() { cat; }; v=old; v=new f <<< $v; echo $v
## STDOUT:
old
old
## END

