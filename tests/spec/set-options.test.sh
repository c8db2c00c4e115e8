# set -e -u -f -C -a -o pipefail, shopt
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### set -e; false; echo never
set -e; false; echo never

#### set -e; false || true; echo survived
set -e; false || true; echo survived

#### set -e; if false; then :; fi; echo survived
set -e; if false; then :; fi; echo survived

#### set -e; ! true; echo survived
set -e; ! true; echo survived

#### set -e; false && true; echo survived
set -e; false && true; echo survived

#### set -e; true && false; echo never
set -e; true && false; echo never

#### set -e; (false); echo never
set -e; (false); echo never

#### set -e; f() { false; echo in-f; }; f; echo never
set -e; f() { false; echo in-f; }; f; echo never

#### set -e; f() { false; echo in-f; }; f || echo caught
set -e; f() { false; echo in-f; }; f || echo caught

#### set -e; x=$(false); echo never
set -e; x=$(false); echo never

#### set -e; while false; do :; done; echo survived
set -e; while false; do :; done; echo survived

#### set -e; false | true; echo survived
set -e; false | true; echo survived

#### set -eo pipefail; false | true; echo never
set -eo pipefail; false | true; echo never

#### set -e; { false; }; echo never
set -e; { false; }; echo never

#### set -e; for i in 1; do false; done; echo never
set -e; for i in 1; do false; done; echo never

#### set -e; [ 1 = 2 ]; echo never
set -e; [ 1 = 2 ]; echo never

#### set -e; [[ 1 == 2 ]]; echo never
set -e; [[ 1 == 2 ]]; echo never

#### set -e; (( 0 )); echo never
set -e; (( 0 )); echo never

#### set -e; set +e; false; echo resumed
set -e; set +e; false; echo resumed

#### set -u; echo ${unset_xyz:-ok}
set -u; echo ${unset_xyz:-ok}

#### set -u; echo $unset_xyz; echo never
set -u; echo $unset_xyz; echo never

#### set -u; echo "$@"; echo ok
set -u; echo "$@"; echo ok

#### set -u; a=(); echo ${#a[@]}
set -u; a=(); echo ${#a[@]}

#### set -u; x=1; echo $x
set -u; x=1; echo $x

#### set -u; echo ${unset_xyz+alt}ok
set -u; echo ${unset_xyz+alt}ok

#### set -f; touch a; echo *
set -f; touch a; echo *

#### set -o noglob; echo *
set -o noglob; echo *

#### set -a; v=exported; env | grep '^v='
set -a; v=exported; env | grep '^v='

#### set -- a b c; echo $#; set --; echo $#
set -- a b c; echo $#; set --; echo $#

#### set -- -x; echo $1
set -- -x; echo $1

#### set x y; echo $1$2
set x y; echo $1$2

#### set -o | grep -E '^(errexit|nounset)' | tr -s ' \t' ' '
set -o | grep -E '^(errexit|nounset)' | tr -s ' \t' ' '

#### set -e; set -o | grep errexit | tr -s ' \t' ' '
set -e; set -o | grep errexit | tr -s ' \t' ' '

#### shopt -s extglob; shopt extglob
shopt -s extglob; shopt extglob

#### shopt -q nullglob; echo $?; shopt -s nullglob; shopt -q n...
shopt -q nullglob; echo $?; shopt -s nullglob; shopt -q nullglob; echo $?

#### shopt -u dotglob; shopt -p dotglob
shopt -u dotglob; shopt -p dotglob

#### shopt -s nosuchopt_xyz; echo $?
shopt -s nosuchopt_xyz; echo $?

#### echo $- | grep -c e; set -e; echo $- | grep -c e
echo $- | grep -c e; set -e; echo $- | grep -c e

#### set -x; echo traced 2>/dev/null
set -x; echo traced 2>/dev/null

#### set -e; trap 'echo trapped' EXIT; false
set -e; trap 'echo trapped' EXIT; false

#### trap 'echo err-trap' ERR; false; echo after
trap 'echo err-trap' ERR; false; echo after

#### set -e; trap 'echo err-trap' ERR; false; echo never
set -e; trap 'echo err-trap' ERR; false; echo never

#### set -e; x=1; echo $x; false; echo never
set -e; x=1; echo $x; false; echo never

#### set -e; cmd_not_found_xyz 2>/dev/null; echo never
set -e; cmd_not_found_xyz 2>/dev/null; echo never

#### set -o errexit; false; echo never
set -o errexit; false; echo never

#### set -e; false; true
set -e; false; true

