#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `lite-sandbox check`: verdicts, exit statuses, text and JSON output, stdin,
# --mode, --audit, --dir, --config, and usage/config errors. TAP.
set -u
bin=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/proj/src" "$tmp/home"
echo hi > "$tmp/proj/README.md"
cat > "$tmp/cfg.yaml" <<'EOF'
mode: allowlist
commands:
  - name: npm
    ask: true
    allow: true
  - name: git
    args: [push]
    allow: false
EOF
echo 'mode: [broken' > "$tmp/bad.yaml"

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; printf '# %s\n' "${@:2}"; }

# run NAME WANT_RC [grep-pattern] -- ARGS...
run() {
	local name=$1 want=$2 pat=$3; shift 4
	local out rc
	out=$(cd "$tmp/proj" && HOME="$tmp/home" "$bin" check --config "$tmp/cfg.yaml" "$@" 2>&1)
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		fail "$name" "exit $rc, want $want" "$out"
	elif [ -n "$pat" ] && ! grep -qE -- "$pat" <<<"$out"; then
		fail "$name" "output lacks /$pat/" "$out"
	else
		ok "$name"
	fi
}

# json NAME PYTHON-EXPR -- ARGS...: the expression over j (the parsed object) must hold
json() {
	local name=$1 expr=$2; shift 3
	local out
	out=$(cd "$tmp/proj" && HOME="$tmp/home" "$bin" check --config "$tmp/cfg.yaml" --json "$@" 2>&1)
	if python3 -c "import json,sys; j=json.loads(sys.argv[1]); sys.exit(0 if ($expr) else 1)" "$out" 2>/dev/null; then
		ok "$name"
	else
		fail "$name" "$expr" "$out"
	fi
}

run "allowed command exits 0" 0 '^allow' -- -- 'ls -la src'
run "refused command exits 1 with its fix" 1 'fix: lite-sandbox config commands allow curl' -- -- 'curl x'
run "a path refusal names the rule" 1 'paths\.outside-read-set' -- --mode denylist -- 'cat /etc/shadow'
run "on-purpose refusal says there is no fix" 1 'fix: none' -- -- 'lite-sandbox config mode set open'
run "syntax error is refused" 1 'structure\.syntax-error' -- -- 'ls ('
run "syntax error is refused in open mode too" 1 'structure\.syntax-error' -- --mode open -- 'echo $('
run "open mode runs what allowlist refuses" 0 '^allow' -- --mode open -- 'curl x'
run "denylist mode drops the whitelist" 0 '^allow' -- --mode denylist -- 'make test'
run "--audit lists what the mode does not enforce" 0 'audit \[whitelist' -- --mode denylist --audit -- 'make test'
run "an ask entry answers ask and exits 1" 1 '^ask' -- -- 'npm test'
run "a config denial" 1 'denylist\.config' -- -- 'git -C . push'
run "cd is followed" 1 'paths\.agent-config' -- -- 'cd .claude && touch x'
run "--dir checks from another directory" 1 'paths\.' -- --dir "$tmp/proj/src" -- 'touch ../../x'
run "stdin" 0 '^allow' -- - <<<'echo hi | wc -c'
run "the config file is protected" 1 'paths\.protected' -- --mode denylist -- "echo x > $tmp/cfg.yaml"
run "no command is a usage error" 2 'expected exactly one COMMAND' --
run "unknown mode is a usage error" 2 'unknown mode' -- --mode strict -- ls
run "unknown option is a usage error" 2 'unknown option' -- --frob -- ls
run "missing --dir is a usage error" 2 'no-such' -- --dir "$tmp/no-such" -- ls
out=$(cd "$tmp/proj" && "$bin" check --config "$tmp/bad.yaml" -- ls 2>&1); rc=$?
if [ "$rc" -eq 2 ] && grep -q 'bad.yaml' <<<"$out"; then ok "a broken config is exit 2 naming the file"; else fail "a broken config is exit 2 naming the file" "exit $rc" "$out"; fi
json "json: verdict and finding fields" \
	"j['verdict']=='deny' and j['findings'][0]['rule']=='whitelist.network' and j['findings'][0]['layer']=='whitelist' and j['findings'][0]['fix']=='lite-sandbox config commands allow curl' and j['findings'][0]['modes']==['allowlist'] and j['findings'][0]['enforced'] is True" \
	-- -- 'curl x'
json "json: allow has no findings" "j=={'verdict':'allow','findings':[]}" -- -- 'ls'
json "json: audit finding not enforced" \
	"j['verdict']=='allow' and j['findings'][0]['enforced'] is False" -- --mode denylist --audit -- 'make'
json "json: on-purpose refusal has fix null" \
	"j['findings'][0]['fix'] is None and j['findings'][0]['modes']==['denylist','allowlist']" -- -- 'PATH=. ls'
json "json: ask" "j['verdict']=='ask' and j['findings'][0]['rule']=='denylist.ask'" -- -- 'npm test'

# A session in home, a directory holding it, or /: no boundary, refused in
# every mode (the hook's rule); a project inside home is the neighbour.
mkdir -p "$tmp/home/work"
run "--dir home is refused" 1 'paths\.project-too-wide.*Start the agent in a project' -- --dir "$tmp/home" -- 'ls'
run "--dir / is refused, in open mode too" 1 'paths\.project-too-wide' -- --dir / --mode open -- 'ls'
run "--dir of a directory holding home is refused" 1 'paths\.project-too-wide' -- --dir "$tmp" -- 'ls'
run "a project inside home is checked as usual" 0 '^allow' -- --dir "$tmp/home/work" -- 'ls'
out=$(cd "$tmp/home" && HOME="$tmp/home" "$bin" check --config "$tmp/cfg.yaml" -- ls 2>&1); rc=$?
if [ "$rc" -eq 1 ] && grep -q 'project-too-wide' <<<"$out"; then ok "check run from home is refused"; else fail "check run from home is refused" "exit $rc" "$out"; fi
out=$(cd "$tmp/proj" && env -u HOME "$bin" check --config "$tmp/cfg.yaml" -- ls 2>&1); rc=$?
if [ "$rc" -eq 0 ]; then ok "without HOME, the password database's home is used"; else fail "without HOME, the password database's home is used" "exit $rc" "$out"; fi

# A deny entry is named with all its words.
printf 'commands:\n  - name: git\n    args: [push, origin]\n    allow: false\n' > "$tmp/deny2.yaml"
run "a deny entry is named whole" 1 'git push origin is on the deny list' -- --config "$tmp/deny2.yaml" -- 'git push origin main'

# A linked worktree: its own files are its boundary (its config override is
# the main worktree's); the main worktree only with git.allow_worktree_parent.
if ( cd "$tmp" && git init -q main && echo hi > main/README.md && git -C main add README.md &&
     git -C main -c user.name=t -c user.email=t@e commit -qm i &&
     git -C main worktree add -q ../wt ) >/dev/null 2>&1; then
	printf 'git:\n  allow_worktree_parent: true\n' > "$tmp/wtp.yaml"
	run "a linked worktree reads its own files" 0 '^allow' -- --dir "$tmp/wt" -- 'cat README.md'
	run "a linked worktree writes its own files" 0 '^allow' -- --dir "$tmp/wt" -- 'touch new'
	run "a linked worktree does not write its main worktree" 1 'paths\.outside-write-set' -- --dir "$tmp/wt" -- 'touch ../main/x'
	run "allow_worktree_parent: it may" 0 '^allow' -- --dir "$tmp/wt" --config "$tmp/wtp.yaml" -- 'touch ../main/x'
	run "allow_worktree_parent grants nothing to the main worktree itself" 1 'paths\.outside-write-set' -- --dir "$tmp/main" --config "$tmp/wtp.yaml" -- 'touch ../wt/x'
else
	fail "git worktree set-up" "git init or worktree add failed"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
