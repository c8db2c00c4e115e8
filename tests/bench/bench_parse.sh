#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Parser benchmark (on demand, not in CI): gathers real shell scripts from
# this machine and one-line commands from the parse corpus (agent.tsv and
# words.tsv, one set each), then runs bench_parse, which times sh_parse()
# against bash -n in the same run.
#
#   tests/bench/bench_parse.sh BENCH_PARSE [LITE_SANDBOX] [MIN_MB]
#
# Through meson: ninja -C BUILD bench-parse (or meson test -C BUILD --benchmark).
# BENCH_PARSE_CALLGRIND=1 ninja -C BUILD bench-parse prints instruction
# counts (callgrind) instead of times.
set -euo pipefail
bench=${1:?usage: bench_parse.sh BENCH_PARSE [LITE_SANDBOX] [MIN_MB]}
cli=${2:-}
min_mb=${3:-6}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Shell scripts: files starting with a sh/bash #! line, and bash-completion
# files (bash syntax without a #! line), until MIN_MB megabytes are listed.
python3 - "$min_mb" > "$work/scripts" <<'PY'
import os, sys
limit = int(sys.argv[1]) * 1000000
total = 0
seen = set()
SHEBANGS = (b"#!/bin/sh", b"#!/bin/bash", b"#! /bin/sh", b"#! /bin/bash",
            b"#!/usr/bin/env bash", b"#!/usr/bin/env sh", b"#!/usr/bin/bash")
roots = [("/usr/share/bash-completion", False), ("/etc/bash_completion.d", False),
         ("/usr/bin", True), ("/usr/sbin", True), ("/etc", True),
         ("/usr/lib/git-core", True), ("/usr/share", True), ("/usr/lib", True),
         ("/usr/libexec", True)]
for root, need_shebang in roots:
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            p = os.path.join(d, name)
            try:
                real = os.path.realpath(p)
                if real in seen or not os.path.isfile(real):
                    continue
                size = os.path.getsize(real)
                if size == 0 or size > 2000000:
                    continue
                if need_shebang:
                    with open(real, "rb") as f:
                        if not f.read(32).startswith(SHEBANGS):
                            continue
            except OSError:
                continue
            seen.add(real)
            print(real)
            total += size
            if total >= limit:
                sys.exit(0)
PY

# One-line commands: the cases of agent.tsv (typical agent command lines)
# and of words.tsv (word-expansion stress lines, written for fidelity) that
# bash accepts, one file per set. bench_parse times the two together (the
# per-command goal is judged on that) and each one alone.
python3 - "$here/../parse_diff" "$work" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
import corpus
out = {name: open(os.path.join(sys.argv[2], name), "w", encoding="utf-8",
                  errors="surrogateescape")
       for name in ("agent.tsv", "words.tsv")}
for c in corpus.load():
    if c.file in out and c.verdict == "ok" and b"\n" not in c.input:
        out[c.file].write(c.input.decode("utf-8", "surrogateescape") + "\n")
for f in out.values():
    f.close()
PY

echo "bench_parse: $(wc -l < "$work/scripts") script files, $(cat "$work/agent.tsv" "$work/words.tsv" | wc -l) commands ($(wc -l < "$work/agent.tsv") agent.tsv, $(wc -l < "$work/words.tsv") words.tsv); $(bash --version | head -n 1)"
# BENCH_PARSE_CALLGRIND=1: instruction counts instead of times, which hold
# still on a shared machine where times swing by tens of percent. Each
# figure is a run of `bench_parse --passes N` under callgrind minus one
# with --passes 0 (the loading), divided by what was parsed.
if [ -n "${BENCH_PARSE_CALLGRIND:-}" ]; then
  command -v valgrind >/dev/null ||
    { echo "bench_parse: BENCH_PARSE_CALLGRIND needs valgrind (apt-get install valgrind)" >&2; exit 2; }
  instr() {
    local out
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" --passes "$@" 2>&1) ||
      { echo "$out" >&2; echo "bench_parse: the run under callgrind failed" >&2; exit 1; }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<<"$out"
  }
  passes=10
  cat "$work/agent.tsv" "$work/words.tsv" > "$work/all.tsv"
  for set in agent.tsv words.tsv all.tsv; do
    n=$(wc -l < "$work/$set")
    none=$(instr 0 --commands "$work/$set")
    some=$(instr "$passes" --commands "$work/$set")
    echo "   $set: $(( (some - none) / (passes * n) )) instructions per command ($n commands)"
  done
  bytes=$(xargs -d '\n' cat < "$work/scripts" | wc -c)
  none=$(instr 0 --scripts "$work/scripts")
  some=$(instr 1 --scripts "$work/scripts")
  awk -v d=$((some - none)) -v b="$bytes" -v f="$(wc -l < "$work/scripts")" \
    'BEGIN { printf "   scripts: %.1f instructions per byte (%d files, %d bytes)\n", d / b, f, b }'
  exit 0
fi

args=(--scripts "$work/scripts"
      --commands "typical agent commands (agent.tsv)=$work/agent.tsv"
      --commands "word-expansion stress lines (words.tsv)=$work/words.tsv")
[ -n "$cli" ] && args+=(--cli "$cli")
"$bench" "${args[@]}" ${BENCH_PARSE_ARGS:-}
