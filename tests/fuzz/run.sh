#!/usr/bin/env bash
# Run every libFuzzer target in BUILD_DIR for SECONDS each (a bounded smoke
# run for CI; run longer by hand). Prints "PASSED FAILED" for the counter.
set -u
dir=$1 secs=${2:-30}
passed=0 failed=0
corpus_root=$(cd "$(dirname "$0")" && pwd)/corpus
# Targets live under tests/fuzz/ and beside the module they fuzz (lib/ipc).
while IFS= read -r bin; do
  name=$(basename "$bin")
  work=$(mktemp -d)
  seeds=()
  [ -d "$corpus_root/$name" ] && seeds=("$corpus_root/$name")
  echo "== fuzzing $name for ${secs}s" >&2
  # A fixed seed (FUZZ_SEED, default 1) keeps CI runs repeatable; run by
  # hand with another seed, or longer, to explore.
  # A crashing input goes to BUILD_DIR/fuzz-artifacts, not into the
  # current directory (the checkout, when setup.sh runs this).
  mkdir -p "$dir/fuzz-artifacts"
  if "$bin" -seed="${FUZZ_SEED:-1}" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
       -artifact_prefix="$dir/fuzz-artifacts/$name-" \
       -print_final_stats=1 "$work" "${seeds[@]}" >"$work.log" 2>&1; then
    passed=$((passed + 1))
    tail -n 3 "$work.log" >&2
  else
    failed=$((failed + 1))
    tail -n 60 "$work.log" >&2
    echo "== $name: the failing input is kept in $dir/fuzz-artifacts/" >&2
  fi
  rm -rf "$work" "$work.log"
done < <(find "$dir" -path '*.p' -prune -o -type f -executable -name 'fuzz_*' -print | sort)
echo "$passed $failed"
[ "$failed" -eq 0 ]
