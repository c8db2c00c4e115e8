# set -e and substitutions
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### set -e; x=$(false; echo after); echo "[$x]"
set -e; x=$(false; echo after); echo "[$x]"
## stdout: [after]

#### set -e; shopt -s inherit_errexit; x=$(false; echo after);...
set -e; shopt -s inherit_errexit; x=$(false; echo after); echo "[$x]"
## stdout-json: ""
## status: 1

#### set -e; cat <(false; echo ps)
set -e; cat <(false; echo ps)
## stdout-json: ""

#### set -e; echo $(false; echo cs) end
set -e; echo $(false; echo cs) end
## stdout: cs end

#### set -e; x=$(exit 3); echo never
set -e; x=$(exit 3); echo never
## stdout-json: ""
## status: 3

#### set -e; echo $(exit 3); echo printed
set -e; echo $(exit 3); echo printed
## STDOUT:

printed
## END

#### set -e; f() { echo $(false); echo in-f; }; f
set -e; f() { echo $(false); echo in-f; }; f
## STDOUT:

in-f
## END

