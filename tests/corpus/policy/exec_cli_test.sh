#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `lite-sandbox exec --in-process --no-os-sandbox`: the rules every front end
# shares with the hook, checked on the in-process path (the services path is
# in tests/services/e2e.py): a session whose project is home, holds it, or is
# / is refused; rsync is refused once HOME moved, however it was set, also
# where only the runtime gate can see it. TAP.
set -u
bin=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home/work/src" "$tmp/bin"
cat > "$tmp/cfg.yaml" <<'YAML'
mode: allowlist
ssh:
  hosts:
    - host: bastion
      write: true
YAML
# rsync itself need not be installed: a stand-in on PATH says it ran
printf '#!/bin/sh\necho stand-in rsync ran\n' > "$tmp/bin/rsync"
chmod +x "$tmp/bin/rsync"

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; printf '# %s\n' "${@:2}"; }

# run NAME DIR WANT_RC PATTERN COMMAND
run() {
	local name=$1 dir=$2 want=$3 pat=$4 cmd=$5 out rc
	out=$(cd "$dir" && HOME="$tmp/home" PATH="$tmp/bin:$PATH" "$bin" exec --in-process \
		--no-os-sandbox --config "$tmp/cfg.yaml" -- "$cmd" 2>&1)
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		fail "$name" "exit $rc, want $want" "$out"
	elif ! grep -qE -- "$pat" <<<"$out"; then
		fail "$name" "output lacks /$pat/" "$out"
	else
		ok "$name"
	fi
}

run "a session in home is refused" "$tmp/home" 126 'paths\.project-too-wide' 'echo hi'
run "a session in / is refused" / 126 'paths\.project-too-wide' 'echo hi'
run "a session in a directory holding home is refused" "$tmp" 126 'paths\.project-too-wide' 'echo hi'
run "a project inside home runs" "$tmp/home/work" 0 '^hi$' 'echo hi'

# HOME moved for a command whose name is only known at run time: the static
# check leaves the command to the runtime layer, and only the exec gate
# (policy_check_exec, with the environment rsync inherits) sees HOME
run "rsync with a moved HOME behind a dynamic name is refused at run time" "$tmp/home/work" 126 \
	'popt' 'r=rsync; HOME=/tmp/h $r -a src bastion:x'
run "and under a wrapper" "$tmp/home/work" 126 'popt' \
	'w=timeout; export HOME=/tmp/h; $w 5 rsync -a src bastion:x'
run "rsync behind a dynamic name with HOME as started runs" "$tmp/home/work" 0 'stand-in rsync ran' \
	'r=rsync; $r -a src bastion:x'
run "another program with HOME moved runs" "$tmp/home/work" 0 '^/tmp/h$' \
	'p=printenv; HOME=/tmp/h $p HOME'
# the static check refuses before anything runs, whatever form moved HOME
run "arithmetic that assigns HOME through a value is refused before anything runs" \
	"$tmp/home/work" 126 'args\.rsync-home' 'echo ran; x="HOME=5"; (( x )); rsync -a src bastion:x'
run "read HOME is refused before anything runs" "$tmp/home/work" 126 'args\.rsync-home' \
	'read HOME <<< /tmp/h; echo ran; rsync -a src bastion:x'

echo "1..$n"
[ "$failed" -eq 0 ]
