# set -e -u -f -C -a -o pipefail, shopt
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### set -e; false; echo never
set -e; false; echo never
## stdout-json: ""
## status: 1

#### set -e; false || true; echo survived
set -e; false || true; echo survived
## stdout: survived

#### set -e; if false; then :; fi; echo survived
set -e; if false; then :; fi; echo survived
## stdout: survived

#### set -e; ! true; echo survived
set -e; ! true; echo survived
## stdout: survived

#### set -e; false && true; echo survived
set -e; false && true; echo survived
## stdout: survived

#### set -e; true && false; echo never
set -e; true && false; echo never
## stdout-json: ""
## status: 1

#### set -e; (false); echo never
set -e; (false); echo never
## stdout-json: ""
## status: 1

#### set -e; f() { false; echo in-f; }; f; echo never
set -e; f() { false; echo in-f; }; f; echo never
## stdout-json: ""
## status: 1

#### set -e; f() { false; echo in-f; }; f || echo caught
set -e; f() { false; echo in-f; }; f || echo caught
## stdout: in-f

#### set -e; x=$(false); echo never
set -e; x=$(false); echo never
## stdout-json: ""
## status: 1

#### set -e; while false; do :; done; echo survived
set -e; while false; do :; done; echo survived
## stdout: survived

#### set -e; false | true; echo survived
set -e; false | true; echo survived
## stdout: survived

#### set -eo pipefail; false | true; echo never
set -eo pipefail; false | true; echo never
## stdout-json: ""
## status: 1

#### set -e; { false; }; echo never
set -e; { false; }; echo never
## stdout-json: ""
## status: 1

#### set -e; for i in 1; do false; done; echo never
set -e; for i in 1; do false; done; echo never
## stdout-json: ""
## status: 1

#### set -e; [ 1 = 2 ]; echo never
set -e; [ 1 = 2 ]; echo never
## stdout-json: ""
## status: 1

#### set -e; [[ 1 == 2 ]]; echo never
set -e; [[ 1 == 2 ]]; echo never
## stdout-json: ""
## status: 1

#### set -e; (( 0 )); echo never
set -e; (( 0 )); echo never
## stdout-json: ""
## status: 1

#### set -e; set +e; false; echo resumed
set -e; set +e; false; echo resumed
## stdout: resumed

#### set -u; echo ${unset_xyz:-ok}
set -u; echo ${unset_xyz:-ok}
## stdout: ok

#### set -u; echo $unset_xyz; echo never
set -u; echo $unset_xyz; echo never
## stdout-json: ""
## status: 127

#### set -u; echo "$@"; echo ok
set -u; echo "$@"; echo ok
## STDOUT:

ok
## END

#### set -u; a=(); echo ${#a[@]}
set -u; a=(); echo ${#a[@]}
## stdout: 0

#### set -u; x=1; echo $x
set -u; x=1; echo $x
## stdout: 1

#### set -u; echo ${unset_xyz+alt}ok
set -u; echo ${unset_xyz+alt}ok
## stdout: ok

#### set -f; touch a; echo *
set -f; touch a; echo *
## stdout: *

#### set -o noglob; echo *
set -o noglob; echo *
## stdout: *

#### set -a; v=exported; env | grep '^v='
set -a; v=exported; env | grep '^v='
## stdout: v=exported

#### set -- a b c; echo $#; set --; echo $#
set -- a b c; echo $#; set --; echo $#
## STDOUT:
3
0
## END

#### set -- -x; echo $1
set -- -x; echo $1
## stdout: -x

#### set x y; echo $1$2
set x y; echo $1$2
## stdout: xy

#### set -o | grep -E '^(errexit|nounset)' | tr -s ' \t' ' '
set -o | grep -E '^(errexit|nounset)' | tr -s ' \t' ' '
## STDOUT:
errexit off
nounset off
## END

#### set -e; set -o | grep errexit | tr -s ' \t' ' '
set -e; set -o | grep errexit | tr -s ' \t' ' '
## stdout: errexit on

#### shopt -s extglob; shopt extglob
shopt -s extglob; shopt extglob
## stdout: extglob        	on

#### shopt -q nullglob; echo $?; shopt -s nullglob; shopt -q n...
shopt -q nullglob; echo $?; shopt -s nullglob; shopt -q nullglob; echo $?
## STDOUT:
1
0
## END

#### shopt -u dotglob; shopt -p dotglob
shopt -u dotglob; shopt -p dotglob
## stdout: shopt -u dotglob
## status: 1

#### shopt -s nosuchopt_xyz; echo $?
shopt -s nosuchopt_xyz; echo $?
## stdout: 1

#### echo $- | grep -c e; set -e; echo $- | grep -c e
echo $- | grep -c e; set -e; echo $- | grep -c e
## STDOUT:
0
1
## END

#### set -x; echo traced 2>/dev/null
set -x; echo traced 2>/dev/null
## stdout: traced

#### set -e; trap 'echo trapped' EXIT; false
set -e; trap 'echo trapped' EXIT; false
## stdout: trapped
## status: 1

#### trap 'echo err-trap' ERR; false; echo after
trap 'echo err-trap' ERR; false; echo after
## STDOUT:
err-trap
after
## END

#### set -e; trap 'echo err-trap' ERR; false; echo never
set -e; trap 'echo err-trap' ERR; false; echo never
## stdout: err-trap
## status: 1

#### set -e; x=1; echo $x; false; echo never
set -e; x=1; echo $x; false; echo never
## stdout: 1
## status: 1

#### set -e; cmd_not_found_xyz 2>/dev/null; echo never
set -e; cmd_not_found_xyz 2>/dev/null; echo never
## stdout-json: ""
## status: 127

#### set -o errexit; false; echo never
set -o errexit; false; echo never
## stdout-json: ""
## status: 1

#### set -e; false; true
set -e; false; true
## stdout-json: ""
## status: 1

