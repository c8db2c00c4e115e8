#!/usr/bin/env bash
# TAP: log_audit() records reach journald with their LITE_SANDBOX_* fields
# and the lite-sandbox identifier. journald is started by hand in a private
# mount namespace (tmpfs over its runtime and log directories), so the test
# needs neither systemd as PID 1 nor the host's journal. Needs root.
#   journald_test.sh LOG_SEND_BINARY
set -u
bin=$1
journald=/lib/systemd/systemd-journald
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null || [ ! -x "$journald" ]; then
  echo "1..0 # SKIP needs root, unshare and $journald"
  exit 0
fi
echo "1..3"
out=$(unshare -m --propagation private bash -s "$bin" "$journald" <<'INNER'
set -u
bin=$1 journald=$2
mount -t tmpfs tmpfs /run/systemd 2>/dev/null || { mkdir -p /run/systemd && mount -t tmpfs tmpfs /run/systemd; }
mkdir -p /run/log && mount -t tmpfs tmpfs /run/log
[ -d /var/log/journal ] && mount -t tmpfs tmpfs /var/log/journal
mkdir -p /run/systemd/journal
"$journald" >/dev/null 2>&1 &
jpid=$!
for _ in $(seq 200); do [ -S /run/systemd/journal/socket ] && break; sleep 0.01; done
where=$("$bin" "audit test" DECISION=deny "CMD=rm -rf \"/\"
second line" RULE=denylist.x)
echo "where=$where"
sleep 0.3
journalctl --no-pager -t lite-sandbox -o json 2>&1
kill "$jpid"; wait "$jpid" 2>/dev/null
INNER
)
if printf '%s\n' "$out" | grep -q '^where=journald$'; then
  echo "ok 1 - journald's socket detected"
else
  echo "not ok 1 - journald's socket detected"; printf '%s\n' "$out" | sed 's/^/# /'
fi
json=$(printf '%s\n' "$out" | grep '^{' | head -1)
if printf '%s' "$json" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
assert r["MESSAGE"] == "audit test", r
assert r["SYSLOG_IDENTIFIER"] == "lite-sandbox", r
assert r["LITE_SANDBOX_DECISION"] == "deny", r
assert r["LITE_SANDBOX_RULE"] == "denylist.x", r
assert r["LITE_SANDBOX_CMD"] == "rm -rf \"/\"\nsecond line", r
' 2>/dev/null; then
  echo "ok 2 - journalctl -t lite-sandbox shows the record and its fields"
else
  echo "not ok 2 - journalctl -t lite-sandbox shows the record and its fields"
  printf '%s\n' "$out" | sed 's/^/# /' | head -20
fi
# Without journald: one line on stderr.
line=$(unshare -m --propagation private bash -c 'mount -t tmpfs tmpfs /run/systemd 2>/dev/null || mount -t tmpfs tmpfs /run; "$0" "no journald" DECISION=allow 2>&1 >/dev/null' "$bin")
case $line in
  "lite-sandbox["*"]: MESSAGE=\"no journald\" LITE_SANDBOX_DECISION=allow") echo "ok 3 - without journald, one key=value line on stderr" ;;
  *) echo "not ok 3 - without journald, one key=value line on stderr"; echo "# got: $line" ;;
esac
