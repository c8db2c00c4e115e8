# lastpipe, errtrace and options that are refused
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### shopt -s lastpipe; echo x | read v; echo $v
shopt -s lastpipe; echo x | read v; echo $v
## stdout: x

#### shopt -s lastpipe; printf '1\n2\n' | while read n; do s=$...
shopt -s lastpipe; printf '1\n2\n' | while read n; do s=$((s+n)); done; echo $s; echo ${PIPESTATUS[@]}
## STDOUT:
3
0
## END

#### shopt -s lastpipe; true | false; echo $? ${PIPESTATUS[@]}
shopt -s lastpipe; true | false; echo $? ${PIPESTATUS[@]}
## stdout: 1 0 1

#### shopt -s lastpipe; echo a | cat | { read x; y=$x; }; echo $y
shopt -s lastpipe; echo a | cat | { read x; y=$x; }; echo $y
## stdout: a

#### trap 'echo ERR' ERR; f() { false; echo in-f; }; f; echo a...
trap 'echo ERR' ERR; f() { false; echo in-f; }; f; echo after
## STDOUT:
in-f
after
## END

#### set -E; trap 'echo ERR' ERR; f() { false; echo in-f; }; f...
set -E; trap 'echo ERR' ERR; f() { false; echo in-f; }; f; echo after
## STDOUT:
ERR
in-f
after
## END

#### trap 'echo ERR' ERR; (false); echo after
trap 'echo ERR' ERR; (false); echo after
## STDOUT:
ERR
after
## END

#### trap 'echo ERR' ERR; x=$(false); echo after
trap 'echo ERR' ERR; x=$(false); echo after
## STDOUT:
ERR
after
## END

#### f() { trap 'echo E2' ERR; }; f; false; echo x
f() { trap 'echo E2' ERR; }; f; false; echo x
## STDOUT:
E2
x
## END

#### set -o errtrace; trap 'echo T' ERR; g() { false; }; g; ec...
set -o errtrace; trap 'echo T' ERR; g() { false; }; g; echo done
## STDOUT:
T
T
done
## END

#### set +B; echo {a,b}
set +B; echo {a,b}
## stdout: {a,b}

#### set -n; echo not-run
set -n; echo not-run
## stdout-json: ""

#### set -m; echo m
set -m; echo m
## stdout: m

