# Process substitution numbering, traps in pipeline stages
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo <(true) <(true)
echo <(true) <(true)

#### echo x | { trap 'echo stage-exit' EXIT; cat; }
echo x | { trap 'echo stage-exit' EXIT; cat; }

#### true | { trap 'echo t2' EXIT; /bin/echo last; }
true | { trap 'echo t2' EXIT; /bin/echo last; }

#### (trap 'echo sub-trap' EXIT; /bin/echo in-sub)
(trap 'echo sub-trap' EXIT; /bin/echo in-sub)

