# Variables bash sets for itself
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo "$BASH|$OSTYPE|$HOSTTYPE|$MACHTYPE|$OPTIND|$OPTERR"
echo "$BASH|$OSTYPE|$HOSTTYPE|$MACHTYPE|$OPTIND|$OPTERR"
## stdout: /usr/bin/bash|linux-gnu|x86_64|x86_64-pc-linux-gnu|1|1

#### echo ${BASH_VERSINFO[0]} ${#BASH_VERSINFO[@]}
echo ${BASH_VERSINFO[0]} ${#BASH_VERSINFO[@]}
## stdout: 5 6

#### [ -n "$HOSTNAME" ] && echo has-hostname
[ -n "$HOSTNAME" ] && echo has-hostname
## stdout: has-hostname

#### echo $BASHPID | grep -c '^[0-9]'; (echo $(( BASHPID != $$...
echo $BASHPID | grep -c '^[0-9]'; (echo $(( BASHPID != $$ )))
## STDOUT:
1
1
## END

#### case $OSTYPE in linux*) echo linux;; esac
case $OSTYPE in linux*) echo linux;; esac
## stdout: linux

#### echo ${TERM-unset}
echo ${TERM-unset}
## stdout: dumb

