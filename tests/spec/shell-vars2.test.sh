# BASH_SUBSHELL, EPOCHSECONDS, EPOCHREALTIME, SRANDOM
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL; (echo $BASH_SU...
echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL)); echo $(echo $BASH_SUBSHELL); echo x | { echo $BASH_SUBSHELL; }
## STDOUT:
0
1
2
1
1
## END

#### echo $(( EPOCHSECONDS > 1700000000 )) ${#EPOCHREALTIME} $...
echo $(( EPOCHSECONDS > 1700000000 )) ${#EPOCHREALTIME} $(( SRANDOM >= 0 ))
## stdout: 1 17 1

#### bash -c 'echo $BASH_SUBSHELL'
bash -c 'echo $BASH_SUBSHELL'
## stdout: 0

