#!/usr/bin/env bash
# TAP: the registrar's decisions reach journald with their LITE_SANDBOX_*
# fields. journald is started by hand in a private mount namespace (tmpfs
# over its runtime and log directories), the registrar is started there
# bound to a private runtime directory, svc_tool asks it, and journalctl -o
# json reads the records back. Skipped, with the reason, where journald
# cannot start (not root, no unshare, no systemd-journald).
#   journald_test.sh SVC_TOOL REGISTRAR
set -u
tool=$1 registrar=$2
journald=/lib/systemd/systemd-journald
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null || [ ! -x "$journald" ] ||
   ! command -v journalctl >/dev/null; then
  echo "1..0 # SKIP needs root, unshare, journalctl and $journald"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/rt" "$tmp/home" "$tmp/proj" && chmod 700 "$tmp/rt"
printf 'mode: allowlist\ncommands:\n  - name: make\n    ask: true\n' > "$tmp/config.yaml"

out=$(unshare -m --propagation private bash -s "$tool" "$registrar" "$journald" "$tmp" <<'INNER'
set -u
tool=$1 registrar=$2 journald=$3 tmp=$4
mount -t tmpfs tmpfs /run/systemd 2>/dev/null || { mkdir -p /run/systemd && mount -t tmpfs tmpfs /run/systemd; }
mkdir -p /run/log && mount -t tmpfs tmpfs /run/log
[ -d /var/log/journal ] && mount -t tmpfs tmpfs /var/log/journal
mkdir -p /run/systemd/journal
"$journald" >/dev/null 2>&1 &
jpid=$!
for _ in $(seq 300); do [ -S /run/systemd/journal/socket ] && break; sleep 0.01; done
if [ ! -S /run/systemd/journal/socket ]; then echo "nojournald"; exit 0; fi
export HOME=$tmp/home XDG_RUNTIME_DIR=$tmp/rt XDG_CACHE_HOME=$tmp/cache
export LITE_SANDBOX_CONFIG=$tmp/config.yaml LITE_SANDBOX_REGISTRAR=$registrar SVC_NO_SPAWN=1
read -r name path < <("$tool" path registrar)
mkdir -p "$tmp/rt/lite-sandbox" && chmod 700 "$tmp/rt/lite-sandbox"
"$registrar" --service "$name" --config "$tmp/config.yaml" --idle-ms 5000 2>"$tmp/registrar.err" &
rpid=$!
for _ in $(seq 300); do [ -S "$path" ] && break; sleep 0.01; done
sid=$("$tool" register "$tmp/proj")
# an ask records its ticket only for an agent that can put it to the user
asid=$(SVC_AGENT=claude "$tool" register "$tmp/proj")
"$tool" check "$sid" "$tmp/proj" "cat /etc/shadow" >/dev/null
"$tool" check "$asid" "$tmp/proj" "API_TOKEN=s3cr3t-value make all" >/dev/null
echo "sid=$sid"
sleep 0.5
journalctl --no-pager -t lite-sandbox -o json 2>&1
kill "$rpid" "$jpid"; wait "$rpid" "$jpid" 2>/dev/null
INNER
)
if printf '%s\n' "$out" | grep -q '^nojournald$'; then
  echo "1..0 # SKIP systemd-journald did not start here"
  exit 0
fi
echo "1..3"
sid=$(printf '%s\n' "$out" | sed -n 's/^sid=//p')
printf '%s\n' "$out" | grep '^{' > "$tmp/records.json"
check() { # NAME PYTHON-ASSERTIONS
  if SID=$sid python3 -c "
import json, os
recs = [json.loads(l) for l in open('$tmp/records.json')]
sid = os.environ['SID']
$2
" 2>"$tmp/py.err"; then
    echo "ok - $1"
  else
    echo "not ok - $1"; sed 's/^/# /' "$tmp/py.err" | tail -5
    printf '%s\n' "$out" | head -20 | sed 's/^/# /'
  fi
}
check "a deny reaches journald with session, agent, decision, layer, rule, mode, cwd" '
d = [r for r in recs if r.get("LITE_SANDBOX_DECISION") == "deny"][0]
assert d["SYSLOG_IDENTIFIER"] == "lite-sandbox", d
assert d["LITE_SANDBOX_SESSION"] == sid, d
assert d["LITE_SANDBOX_AGENT"] == "cli", d
assert d["LITE_SANDBOX_LAYER"] == "paths", d
assert d["LITE_SANDBOX_RULE"].startswith("paths."), d
assert d["LITE_SANDBOX_MODE"] == "allowlist", d
assert d["LITE_SANDBOX_COMMAND"] == "cat /etc/shadow", d
assert d["LITE_SANDBOX_CWD"].endswith("/proj"), d'
check "an ask reaches journald with its ticket" '
a = [r for r in recs if r.get("LITE_SANDBOX_DECISION") == "ask"][0]
assert len(a["LITE_SANDBOX_TICKET"]) == 64, a'
check "the secret in the command is masked in the journal" '
a = [r for r in recs if r.get("LITE_SANDBOX_DECISION") == "ask"][0]
assert a["LITE_SANDBOX_COMMAND"] == "API_TOKEN=*** make all", a
assert not any("s3cr3t" in json.dumps(r) for r in recs)'
