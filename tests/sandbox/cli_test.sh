#!/bin/sh
# `lite-sandbox sandbox-check`: the report, its exit status, usage errors.
# TAP; usage: cli_test.sh LITE_SANDBOX_BINARY
bin=$1
echo "1..3"
out=$("$bin" sandbox-check 2>&1); rc=$?
if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '^the OS sandbox can run here$' &&
   printf '%s\n' "$out" | grep -q '^landlock: ABI'; then
  echo "ok 1 - check passes here and reports each mechanism"
elif [ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q 'cannot run here'; then
  echo "ok 1 - check reports this host as unusable # SKIP $(printf '%s' "$out" | tr '\n' ';')"
else
  echo "not ok 1 - check: exit $rc"; printf '%s\n' "$out" | sed 's/^/# /'
fi
"$bin" sandbox-check extra >/dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then echo "ok 2 - an extra argument is a usage error"; else echo "not ok 2 - exit $rc"; fi
if "$bin" help sandbox-check | grep -q 'Landlock ABI (6 or later'; then
  echo "ok 3 - help"
else
  echo "not ok 3 - help"
fi
