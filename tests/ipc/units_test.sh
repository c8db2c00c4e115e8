#!/usr/bin/env bash
# TAP: the systemd units parse cleanly and score as hardened.
#   units_test.sh SRC_UNITS_DIR BUILD_UNITS_DIR SERVICE_BINARY
# `systemd-analyze verify` exits 0 even on parse errors ("Unknown key ...,
# ignoring"), so any output on stderr is a failure. ExecStart points at the
# install path, which verify checks for an executable: the test points it at
# a built binary instead (a copy of the unit, nothing else changed).
set -u
src=$1 build=$2 bin=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); fail=1; echo "not ok $n - $1"; }

if ! command -v systemd-analyze >/dev/null; then
  echo "1..0 # SKIP systemd-analyze missing (package systemd)"
  exit 0
fi
echo "1..10"
mkdir -p "$tmp/bin" "$tmp/xdg"
chmod 700 "$tmp/xdg"
ln -s "$bin" "$tmp/bin/lite-sandbox-registrar"
ln -s "$bin" "$tmp/bin/lite-sandbox-executor"

# Registrar: everything a parser-only service can give up. Executor: less,
# on purpose (namespaces, network, W+X for commands: see its unit).
declare -A limit=([registrar]=1.5 [executor]=4.5)

for mode in user system; do
  d="$tmp/$mode"
  mkdir -p "$d"
  cp "$src/$mode/"*.socket "$d/"
  for f in "$build/$mode/"*.service; do
    sed "s|^ExecStart=[^ ]*/\(lite-sandbox-[a-z]*\)|ExecStart=$tmp/bin/\1|" "$f" >"$d/$(basename "$f")"
  done
  if [ "$mode" = user ]; then
    analyze=(env XDG_RUNTIME_DIR="$tmp/xdg" systemd-analyze --user)
  else
    analyze=(systemd-analyze)
  fi
  for s in registrar executor; do
    err=$("${analyze[@]}" verify "$d/lite-sandbox-$s.socket" "$d/lite-sandbox-$s.service" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 0 ] && [ -z "$err" ]; then
      ok "$mode $s: systemd-analyze verify is silent"
    else
      notok "$mode $s: systemd-analyze verify (rc=$rc)"
      printf '%s\n' "$err" | sed 's/^/# /'
    fi
    out=$(systemd-analyze security --offline=yes "$d/lite-sandbox-$s.service" 2>&1)
    level=$(printf '%s\n' "$out" | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
    if [ -n "$level" ] && awk -v l="$level" -v m="${limit[$s]}" 'BEGIN { exit !(l <= m) }'; then
      ok "$mode $s: exposure $level (limit ${limit[$s]})"
    else
      notok "$mode $s: exposure '${level:-?}' over ${limit[$s]}"
      printf '%s\n' "$out" | grep -v '^  ✓' | sed 's/^/# /' | tail -40
    fi
  done
done

# The sockets: the paths the services and the client helper agree on.
grep -q '^ListenStream=%t/lite-sandbox/registrar.sock$' "$src/user/lite-sandbox-registrar.socket" &&
  grep -q '^ListenStream=/run/lite-sandbox/executor.sock$' "$src/system/lite-sandbox-executor.socket" &&
  ok "socket paths match lib/ipc's runtime directory" || notok "socket paths"
# The executor must be able to create user namespaces.
if grep -q '^RestrictNamespaces=' "$src"/*/lite-sandbox-executor.service.in; then
  notok "executor units leave namespaces unrestricted"
else
  ok "executor units leave namespaces unrestricted"
fi
exit $fail
