# SPDX-License-Identifier: MIT
# Sourced through BASH_ENV before every program words_diff.py runs (inside
# bwrap, in a scratch directory). It replaces every command with a stub that
# records its argv, so running a program shows exactly which words bash
# passed to each command, and nothing real runs:
#  - PATH points nowhere, so every external command lands in
#    command_not_found_handle, which records it;
#  - every builtin except the few below is shadowed by a function of the
#    same name that records its arguments and does nothing else;
#  - : true false test [ echo printf are recorded and then run (they have no
#    side effects outside the scratch directory, and loops need their status);
#  - break continue return exit builtin are left alone (a function cannot
#    stand in for them without changing control flow).
# A record is NUL-separated: "REC", argc, argv..., the stdin the stub read.
# Each process appends to a log of its own ($__STUB_LOG is a directory, the
# log is named by $BASHPID): printf writes a long record in several write()
# calls, and stubs of one pipeline run at the same time, so one shared log
# could interleave their records.
# Stubs read their stdin (with a timeout, for coprocesses) so that heredoc
# and here-string bodies are compared too. read/getopts/mapfile return 1 so
# that `while read` loops end.

__stub_log=${__STUB_LOG:?}
__stub_n=0

__stub_rec() {
	# Bound the run: a loop whose condition is a stub never ends otherwise.
	if (( ++__stub_n > 5000 )); then builtin exit 99; fi
	__stub_in=
	if [[ ! -t 0 ]]; then
		# 3 s: on a loaded machine an earlier pipeline stage may still be
		# writing after 1 s, and a cut-short stdin reads as a difference.
		IFS= builtin read -r -d '' -t 3 __stub_in
	fi
	builtin printf '%s\0' REC "$#" "$@" "$__stub_in" >>"$__stub_log/$BASHPID"
}
__stub_rec_noin() {
	if (( ++__stub_n > 5000 )); then builtin exit 99; fi
	builtin printf '%s\0' REC "$#" "$@" "" >>"$__stub_log/$BASHPID"
}

# A fixed environment for the words to expand in.
x='a b'
y='*.c'
file='dir/name.tar.gz'
empty=
arr=(one 'two three' '*')
declare -A map=([k]=v ['a b']=c)
IFS=$' \t\n'

command_not_found_handle() { __stub_rec "$@"; return 0; }

builtin trap 'builtin wait' EXIT

for __stub_b in $(builtin compgen -b); do
	case $__stub_b in
	break|continue|return|exit|builtin) ;;
	:|true|false|test|\[|echo|printf)
		builtin eval "function $__stub_b { __stub_rec_noin $__stub_b \"\$@\"; builtin $__stub_b \"\$@\"; }" ;;
	read|getopts|mapfile|readarray)
		builtin eval "function $__stub_b { __stub_rec $__stub_b \"\$@\"; return 1; }" ;;
	*)
		builtin eval "function $__stub_b { __stub_rec $__stub_b \"\$@\"; return 0; }" ;;
	esac
done
builtin unset __stub_b

