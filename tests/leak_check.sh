#!/usr/bin/env bash
# Run `meson test -C BUILD_DIR [ARGS...]` with TMPDIR set to a fresh empty
# directory and fail if the tests leave anything in it. Every test makes its
# temporary files under $TMPDIR (C unit tests through tests/tmpdir.h, Python
# through tempfile, shell through mktemp) and removes them, also when it
# fails; a leftover ticket key would be a secret left on disk.
#
#   tests/leak_check.sh build --print-errorlogs --suite ipc
#   tests/leak_check.sh -- tests/fuzz/run.sh build-fuzz 30   (any command)
#
# Exit status: 0 when the tests passed and left nothing, 1 when meson test
# (or the command) failed, 2 when files were left (setup.sh counts that as
# one more failed test), 3 for both. The directory is removed either way.
set -u
[ $# -ge 1 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
if [ "$1" = -- ]; then
  shift
  cmd=("$@")
else
  dir=$1; shift
  cmd=(meson test -C "$dir" "$@")
fi
base=${TMPDIR:-/tmp}
tmp=$(mktemp -d "$base/lite-tests.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
# Like /tmp: ipc_activation's foreign_uid_refused runs a client as nobody,
# which must reach a socket in there.
chmod 1777 "$tmp"
status=0
TMPDIR=$tmp "${cmd[@]}" || status=1
leftovers() { find "$tmp" -mindepth 1 -maxdepth 1 | head -n 1; }
# A service a test started may still be on its way out: give it a moment.
[ -z "$(leftovers)" ] || sleep 1
if [ -n "$(leftovers)" ]; then
  echo "leak_check: the tests left these in \$TMPDIR ($tmp):" >&2
  (cd "$tmp" && find . -mindepth 1 -maxdepth 1 -printf '  %f\n' | sort | head -n 40) >&2
  echo "leak_check: $(find "$tmp" -mindepth 1 | wc -l) files and directories in all" >&2
  status=$((status | 2))
fi
exit "$status"
