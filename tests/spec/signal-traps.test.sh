# Signal traps
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### trap 'echo got-usr1' USR1; kill -USR1 $$; echo after
trap 'echo got-usr1' USR1; kill -USR1 $$; echo after
## STDOUT:
got-usr1
after
## END

#### trap 'echo INT-trap; exit 3' INT; kill -INT $$; echo never
trap 'echo INT-trap; exit 3' INT; kill -INT $$; echo never
## stdout: INT-trap
## status: 3

#### trap '' TERM; kill -TERM $$; echo survived
trap '' TERM; kill -TERM $$; echo survived
## stdout: survived

#### trap 'echo c' TERM; trap - TERM; trap -p; echo x
trap 'echo c' TERM; trap - TERM; trap -p; echo x
## stdout: x

#### trap 'echo t' USR1; (kill -USR1 $$); sleep 0.1; echo after
trap 'echo t' USR1; (kill -USR1 $$); sleep 0.1; echo after
## STDOUT:
t
after
## END

#### cleanup() { echo cleanup; }; trap cleanup EXIT INT TERM; ...
cleanup() { echo cleanup; }; trap cleanup EXIT INT TERM; echo working
## STDOUT:
working
cleanup
## END

#### trap 'echo hup' HUP; sh -c 'kill -HUP $PPID'; echo after-...
trap 'echo hup' HUP; sh -c 'kill -HUP $PPID'; echo after-child
## STDOUT:
hup
after-child
## END

#### trap 'echo a' USR1; kill -USR1 $$; trap 'echo b' USR1; ki...
trap 'echo a' USR1; kill -USR1 $$; trap 'echo b' USR1; kill -USR1 $$; echo end
## STDOUT:
a
b
end
## END

#### trap 'echo term' TERM; sleep 5 & p=$!; kill $p; wait $p; ...
trap 'echo term' TERM; sleep 5 & p=$!; kill $p; wait $p; echo status=$?
## stdout: status=143

#### trap 'echo usr2' USR2; /bin/sh -c 'kill -USR2 $$'; echo c...
trap 'echo usr2' USR2; /bin/sh -c 'kill -USR2 $$'; echo child-got-default=$?
## stdout: child-got-default=140

#### trap 'echo x' KILL; echo $?
trap 'echo x' KILL; echo $?
## stdout: 0

