# Process substitution numbering, traps in pipeline stages
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo <(true) <(true)
echo <(true) <(true)
## stdout: /dev/fd/63 /dev/fd/62

#### echo x | { trap 'echo stage-exit' EXIT; cat; }
echo x | { trap 'echo stage-exit' EXIT; cat; }
## STDOUT:
x
stage-exit
## END

#### true | { trap 'echo t2' EXIT; /bin/echo last; }
true | { trap 'echo t2' EXIT; /bin/echo last; }
## STDOUT:
last
t2
## END

#### (trap 'echo sub-trap' EXIT; /bin/echo in-sub)
(trap 'echo sub-trap' EXIT; /bin/echo in-sub)
## STDOUT:
in-sub
sub-trap
## END

