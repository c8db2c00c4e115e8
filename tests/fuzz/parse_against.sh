#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Differential fuzzing of the shell parser against an earlier revision (on
# demand, not in CI): builds lib/shell of REV with its functions renamed
# old_*, and this tree's lib/shell, into one libFuzzer target
# (tests/fuzz/parse_against.c) that aborts on any input the two read
# differently: result, error position and message, or tree with positions.
# Use it when a change means to make the parser faster, not different.
#
#   tests/fuzz/parse_against.sh REV [SECONDS] [WORKDIR]
#
# Seeds: the fuzz_shell_parse corpus and every input of tests/corpus/parse.
# REV's lib/shell/shell.h must equal this tree's (both trees are dumped
# by this tree's code). Needs clang with libFuzzer, like tests/fuzz/run.sh.
set -euo pipefail
usage() { echo "usage: parse_against.sh REV [SECONDS] [WORKDIR]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 3 ] || usage
case $1 in -h|--help) sed -n '3,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0;; esac
rev=$1 secs=${2:-120}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# A WORKDIR given is kept; a temporary one is removed unless the run found
# a difference or failed (its crash-* input and logs are in there then).
if [ $# -ge 3 ]; then
  work=$3
else
  work=$(mktemp -d -t parse-against.XXXXXX)
  trap 'st=$?; if [ "$st" -eq 1 ]; then echo "parse_against: work directory kept: $work" >&2;
        else rm -rf "$work"; fi' EXIT
fi
mkdir -p "$work/old" "$work/new" "$work/seeds" "$work/corpus"
cc=${CC_FUZZ:-clang}

git -C "$root" rev-parse --verify -q "$rev^{commit}" >/dev/null ||
  { echo "parse_against: no such revision: $rev" >&2; exit 2; }
if ! git -C "$root" show "$rev:lib/shell/shell.h" | cmp -s - "$root/lib/shell/shell.h"; then
  echo "parse_against: lib/shell/shell.h differs between $rev and this tree:" \
       "the two trees could not be compared" >&2
  exit 2
fi

san=(-fsanitize=address,undefined -g -O1)
inc=(-I"$root/lib/base" $(pkg-config --cflags jansson) -D_GNU_SOURCE)
srcs=$(git -C "$root" ls-tree --name-only "$rev" lib/shell/ | grep -E '/sh_[a-z_]*\.[ch]$|/shell\.h$')
for f in $srcs; do git -C "$root" show "$rev:$f" > "$work/old/$(basename "$f")"; done
# First pass: which global symbols REV's parser defines; second: the same
# sources with each of them renamed old_*.
for f in "$work"/old/sh_*.c; do "$cc" "${san[@]}" "${inc[@]}" -I"$work/old" -c "$f" -o "${f%.c}.o"; done
nm --defined-only -g "$work"/old/sh_*.o | awk 'NF == 3 { print "#define " $3 " old_" $3 }' |
  sort -u > "$work/old/rename.h"
for f in "$work"/old/sh_*.c; do
  "$cc" "${san[@]}" "${inc[@]}" -include "$work/old/rename.h" -I"$work/old" -c "$f" -o "${f%.c}.o"
done
for f in "$root"/lib/shell/sh_*.c; do
  "$cc" "${san[@]}" -fsanitize=fuzzer-no-link "${inc[@]}" -I"$root/lib/shell" -c "$f" \
    -o "$work/new/$(basename "${f%.c}").o"
done
base=$(ls "$root"/lib/base/*.c | grep -v '_test\.c$')
"$cc" "${san[@]}" -fsanitize=fuzzer "${inc[@]}" -I"$root/lib/shell" -I"$root/tests" \
  "$here/parse_against.c" "$work"/new/*.o "$work"/old/sh_*.o $base \
  $(pkg-config --libs jansson) -o "$work/parse_against"

cp "$here"/corpus/fuzz_shell_parse/* "$work/seeds/"
python3 - "$root/tests/parse_diff" "$work/seeds" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
import corpus
for i, c in enumerate(corpus.load()):
    with open(os.path.join(sys.argv[2], "corpus-%05d" % i), "wb") as f:
        f.write(c.input)
PY
cat > "$work/words.dict" <<'DICT'
"if"
"then"
"else"
"elif"
"fi"
"do"
"done"
"case"
"esac"
"for"
"select"
"while"
"until"
"time"
"function"
"coproc"
"in"
"[["
"]]"
"$("
"${"
"$'"
"<<"
"\x0a"
"\\\x0a"
DICT
echo "parse_against: $rev against this tree, $(ls "$work/seeds" | wc -l) seeds, ${secs}s" >&2
"$work/parse_against" -artifact_prefix="$work/" -runs=0 -max_len=16384 "$work/seeds" > "$work/seeds.log" 2>&1 ||
  { tail -n 40 "$work/seeds.log" >&2; exit 1; }
"$work/parse_against" -artifact_prefix="$work/" -seed="${FUZZ_SEED:-1}" -max_total_time="$secs" -max_len=4096 -timeout=10 \
  -rss_limit_mb=4096 -dict="$work/words.dict" -print_final_stats=1 "$work/corpus" "$work/seeds" \
  > "$work/fuzz.log" 2>&1 || { tail -n 40 "$work/fuzz.log" >&2; exit 1; }
tail -n 12 "$work/fuzz.log" | grep -E 'stat::number_of_executed_units|Done' >&2 || true
echo "parse_against: no input read differently"
