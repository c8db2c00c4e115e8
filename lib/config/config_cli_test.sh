#!/bin/bash
# TAP tests for `lite-sandbox config`.
# Usage: config_cli_test.sh PATH-TO-lite-sandbox [PATH-TO-docs/config.md]
set -u
LITE_SANDBOX=$(realpath "$1")
T=$(mktemp -d -t cfgcli.XXXXXX)
trap 'rm -rf "$T"' EXIT
# "$BIN ARGS" stands for "lite-sandbox config ARGS" (also under env).
BIN=$T/lite-sandbox-config
printf '#!/bin/sh\nexec "%s" config "$@"\n' "$LITE_SANDBOX" >"$BIN"
chmod +x "$BIN"
export HOME=$T/home XDG_CONFIG_HOME=$T/xdg GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e
unset LITE_SANDBOX_CONFIG LITE_SANDBOX_CONFIG_REQUEST_DIR LITE_SANDBOX_CONFIG_REQUEST_GLOBAL
mkdir -p "$HOME" "$T/plain/sub"
CFG=$T/xdg/lite-sandbox/config.yaml

n=0 failed=0
ok() { n=$((n+1)); echo "ok $n - $1"; }
not_ok() { n=$((n+1)); failed=$((failed+1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
# run NAME WANT_RC CMD...: runs CMD, keeps stdout in $out, stderr in $err
run() {
	local name=$1 want=$2; shift 2
	out=$("$@" 2>"$T/err"); rc=$?; err=$(cat "$T/err")
	if [ "$rc" = "$want" ]; then ok "$name"; else not_ok "$name" "exit $rc, want $want" "stdout: $out" "stderr: $err"; fi
}
check() { # NAME CONDITION...
	local name=$1; shift
	if "$@"; then ok "$name"; else not_ok "$name" "failed: $*" "stdout: $out" "stderr: ${err:-}"; fi
}

( cd "$T" && git init -q repo && mkdir -p repo/src && touch repo/f && git -C repo add f &&
  git -C repo commit -qm i && git -C repo worktree add -q ../wt ) >/dev/null 2>&1

# --- where the file is ---
run "path: default location" 0 "$BIN" path
check "path is under XDG_CONFIG_HOME" [ "$out" = "$CFG" ]
run "path: LITE_SANDBOX_CONFIG" 0 env LITE_SANDBOX_CONFIG=/x/c.yaml "$BIN" path
check "path follows LITE_SANDBOX_CONFIG" [ "$out" = "/x/c.yaml" ]
run "path: --config wins" 0 env LITE_SANDBOX_CONFIG=/x/c.yaml "$BIN" --config /y/d.yaml path
check "path follows --config" [ "$out" = "/y/d.yaml" ]

# --- missing file: defaults, nothing created by reads ---
run "show with no file" 0 "$BIN" show --global
check "defaults: allowlist" grep -q '^mode: allowlist$' <<<"$out"
check "reads create no file" [ ! -e "$CFG" ]

# --- scopes ---
cd "$T/repo/src"
run "mode set in a repo subdirectory" 0 "$BIN" mode set denylist
check "the override is keyed by the git root" grep -q "^  $T/repo:$" "$CFG"
run "mode show in the repo" 0 "$BIN" mode show
check "repo mode is denylist" [ "$out" = denylist ]
cd "$T/wt"
run "mode show in a linked worktree" 0 "$BIN" mode show
check "worktree inherits the main worktree's override" [ "$out" = denylist ]
cd "$T/plain/sub"
run "mode show in a plain directory" 0 "$BIN" mode show
check "plain dir: base default" [ "$out" = allowlist ]
run "mode set --global" 0 "$BIN" mode set open --global
run "mode show --global" 0 "$BIN" mode show --global
check "base is open" [ "$out" = open ]
run "mode show --dir repo" 0 "$BIN" mode show --dir "$T/repo/src"
check "--dir reads as if run there" [ "$out" = denylist ]
run "paths allow --dir (relative)" 0 "$BIN" --dir ../../repo paths allow ~/cache --write --internal --commands gh,git
check "grant landed in the repo override" grep -q "path: $HOME/cache" "$CFG"
run "paths allow .. resolved by realpath" 0 "$BIN" paths allow ..
check "grant of the parent" grep -q "path: $T/plain$" "$CFG"
run "paths list in the repo" 0 "$BIN" paths list --dir "$T/repo"
check "list shows the grant" grep -q "^$HOME/cache	write internal commands=gh,git$" <<<"$out"

# --- commands ---
cd "$T/repo"
run "commands allow with args" 0 "$BIN" commands allow go test -- -run
run "commands deny --global" 0 "$BIN" commands deny curl --global
run "commands ask --no-sandbox" 0 "$BIN" commands ask ./deploy.sh --no-sandbox
run "commands list" 0 "$BIN" commands list
check "list has allow go test -run" grep -q "^allow	go test -run$" <<<"$out"
check "list has the global deny" grep -q "^deny	curl$" <<<"$out"
check "list has the ask entry" grep -q "^ask	./deploy.sh	no-sandbox$" <<<"$out"
run "commands deny --no-sandbox is a usage error" 2 "$BIN" commands deny x --no-sandbox
run "commands remove missing" 1 "$BIN" commands remove nothing
run "commands remove exact args" 0 "$BIN" commands remove go test -- -run
run "commands remove again" 1 "$BIN" commands remove go test -- -run
run "paths remove missing" 1 "$BIN" paths remove /nope
run "paths remove" 0 "$BIN" paths remove ~/cache
check "grant gone" bash -c "! grep -q 'path: $HOME/cache' '$CFG'"

# --- read-only commands leave the file byte for byte ---
chmod 0644 "$CFG"
cp -p "$CFG" "$T/before"
for args in "path" "show" "show --global" "show --dir $T/wt" "mode show" "mode show --global" \
	"paths list" "paths list --global" "commands list" "commands list --dir $T/plain" \
	"--help" "mode --help" "paths allow --help" "commands allow --help"; do
	# shellcheck disable=SC2086
	run "read-only: $args" 0 "$BIN" $args
done
check "file unchanged by reads" cmp -s "$CFG" "$T/before"
check "mtime unchanged by reads" [ "$(stat -c %Y.%y "$CFG")" = "$(stat -c %Y.%y "$T/before")" ]
run "a write keeps the file mode" 0 "$BIN" mode set allowlist
check "mode 0644 kept" [ "$(stat -c %a "$CFG")" = 644 ]

# --- usage errors ---
run "no command" 2 "$BIN"
run "unknown command" 2 "$BIN" frobnicate
run "unknown verb" 2 "$BIN" mode toggle
run "unknown option" 2 "$BIN" mode show --verbose
run "bad mode" 2 "$BIN" mode set strict
run "--dir and --global" 2 "$BIN" mode show --dir /tmp --global
run "path takes no scope" 2 "$BIN" path --global
run "--write outside paths allow" 2 "$BIN" mode set open --write
run "control character refused" 2 "$BIN" commands allow "$(printf 'a\033[2Jb')"
run "bidi override refused" 2 "$BIN" paths allow "$(printf '/tmp/\xe2\x80\xaeabc')"
run "empty --commands item" 2 "$BIN" paths allow /x --commands a,,b
run "name with a space" 2 "$BIN" commands allow "go test"

mkdir -p "$T/$(printf 'bad\nname')"
cd "$T/$(printf 'bad\nname')"
run "a working directory named with a newline is refused" 1 "$BIN" mode show
cd "$T/repo"

# --- approved scope (the server's second check) ---
cd "$T/plain"
run "approved dir is the default scope" 0 env LITE_SANDBOX_CONFIG_REQUEST_DIR="$T/repo" \
	LITE_SANDBOX_CONFIG_REQUEST_GLOBAL=0 "$BIN" commands allow make
check "approved dir got the entry" grep -q "^  $T/repo:$" "$CFG"
run "approved dir, --global given: refused" 1 env LITE_SANDBOX_CONFIG_REQUEST_DIR="$T/repo" \
	LITE_SANDBOX_CONFIG_REQUEST_GLOBAL=0 "$BIN" mode set open --global
run "approved dir, --dir given: refused" 1 env LITE_SANDBOX_CONFIG_REQUEST_DIR="$T/repo" \
	"$BIN" mode set open --dir "$T/repo"
run "approved global, no --global: refused" 1 env LITE_SANDBOX_CONFIG_REQUEST_GLOBAL=1 \
	"$BIN" mode set open
run "approved global with --global" 0 env LITE_SANDBOX_CONFIG_REQUEST_GLOBAL=1 \
	"$BIN" mode set denylist --global

# --- a broken file is an error, never a looser policy ---
cp "$CFG" "$T/good"
printf 'mode: open\npaths:\n  - path: relative\n' > "$CFG"
cp "$CFG" "$T/broken"
run "broken file: show fails" 2 "$BIN" show
check "error names file:line:col" grep -q "^lite-sandbox config: $CFG:3:11: path: 'relative' is not an absolute path" <<<"$err"
run "broken file: writes refused" 2 "$BIN" mode set denylist
check "broken file left as it was" cmp -s "$CFG" "$T/broken"
printf 'mode: open\nmode: open\n' > "$CFG"
run "duplicate key: exit 2" 2 "$BIN" mode show
check "duplicate key position" grep -q "config.yaml:2:1: config: duplicate key 'mode'" <<<"$err"
printf 'a: &x 1\n' > "$CFG"
run "anchor: exit 2" 2 "$BIN" mode show
cp "$T/good" "$CFG"

# --- atomic: no temporaries left, symlinked config written through ---
check "no temporary files left" [ "$(ls "$(dirname "$CFG")" | wc -l)" = 1 ]
mv "$CFG" "$T/real.yaml" && ln -s "$T/real.yaml" "$CFG"
run "write through a symlinked config" 0 "$BIN" mode set open --global
check "symlink kept" [ -L "$CFG" ]
check "target updated" grep -q '^mode: open$' "$T/real.yaml"

# --- an approved config request: the scope the server approved, or nothing ---
A=$T/approved.yaml
run "approved dir, --global given: refused" 1 env LITE_SANDBOX_CONFIG_REQUEST_DIR="$T/plain" "$BIN" --config "$A" mode set open --global
check "names the approved scope" grep -q 'not the approved one' <<<"$err"
run "approved --global, no scope given: refused" 1 env LITE_SANDBOX_CONFIG_REQUEST_GLOBAL=1 "$BIN" --config "$A" mode set open
check "refused approved requests wrote nothing" [ ! -e "$A" ]
run "approved dir is the default scope" 0 env LITE_SANDBOX_CONFIG_REQUEST_DIR="$T/plain" "$BIN" --config "$A" mode set open
check "written for the approved dir" grep -q "$T/plain" "$A"
run "approved --global with --global" 0 env LITE_SANDBOX_CONFIG_REQUEST_GLOBAL=1 "$BIN" --config "$A" mode set denylist --global
check "written to the base" grep -q '^mode: denylist$' "$A"

# --- git levels: the fix a git-level refusal names ---
G=$T/git.yaml
run "git allow remote_write" 0 "$BIN" --config "$G" git allow remote_write --global
check "git allow wrote the level" grep -q '^  remote_write: true$' "$G"
run "git allow in an override" 0 "$BIN" --config "$G" git allow remote_write --dir "$T/plain"
run "git deny local_write" 0 "$BIN" --config "$G" git deny local_write --global
check "git deny wrote the level" grep -q '^  local_write: false$' "$G"
run "git show after allow" 0 "$BIN" --config "$G" show --global
check "git levels kept" grep -q '^  remote_write: true$' <<<"$out"
cp "$G" "$T/git.before"
run "git allow: unknown level refused" 2 "$BIN" --config "$G" git allow pushing --global
check "git allow: unknown level names the levels" grep -q 'local_read, local_write' <<<"$err"
run "git allow: no level" 2 "$BIN" --config "$G" git allow --global
run "git allow_worktree_parent is not a level here" 2 "$BIN" --config "$G" git allow allow_worktree_parent --global
check "refused git requests wrote nothing" cmp -s "$G" "$T/git.before"
fix=$(cd "$T/plain" && "$LITE_SANDBOX" check --config "$T/none.yaml" -- 'git push' 2>&1 | sed -n 's/^ *fix: //p')
check "the git-level refusal names a command that exists" [ "$fix" = "lite-sandbox config git allow remote_write" ]

# --- os-sandbox: check, enable, and denylist turning it on ---
OS=$T/os.yaml
if "$BIN" os-sandbox check >/dev/null 2>&1; then sandbox_ok=1; else sandbox_ok=0; fi
run "os-sandbox: --force only with enable" 2 "$BIN" --config "$OS" os-sandbox check --force
run "os-sandbox show reads the given config" 0 "$BIN" --config "$OS" os-sandbox show
check "os-sandbox show: names the working directory" grep -q '^working directory: ' <<<"$out"
check "os-sandbox show wrote nothing" [ ! -e "$OS" ]
if [ $sandbox_ok = 1 ]; then
	run "os-sandbox enable" 0 "$BIN" --config "$OS" os-sandbox enable --global
	check "enable wrote os_sandbox: true" grep -q '^os_sandbox: true$' "$OS"
	rm -f "$OS"
	run "mode set denylist" 0 "$BIN" --config "$OS" mode set denylist --global
	check "denylist turned the sandbox on" grep -q '^os_sandbox: true$' "$OS"
	printf 'mode: allowlist\nos_sandbox: false\n' >"$OS"
	run "mode set denylist, os_sandbox chosen" 0 "$BIN" --config "$OS" mode set denylist --global
	check "an explicit os_sandbox: false is kept" grep -q '^os_sandbox: false$' "$OS"
else
	run "os-sandbox enable refused where the check fails" 1 "$BIN" --config "$OS" os-sandbox enable --global
	check "refused enable wrote nothing" [ ! -e "$OS" ]
	run "os-sandbox enable --force" 0 "$BIN" --config "$OS" os-sandbox enable --global --force
	check "forced enable wrote os_sandbox: true" grep -q '^os_sandbox: true$' "$OS"
fi

# --- the example in docs/config.md loads and means what it says ---
if [ -n "${2:-}" ] && [ -f "$2" ]; then
	awk '/^## A complete example/{f=1} f&&/^```yaml/{p=1;next} p&&/^```/{exit} p' "$2" > "$T/doc.yaml"
	run "docs example loads" 0 "$BIN" --config "$T/doc.yaml" show --global
	check "docs example: mode" grep -q '^mode: allowlist$' <<<"$out"
	run "docs example: override applies" 0 "$BIN" --config "$T/doc.yaml" mode show --dir "$T/plain"
	check "docs example: plain dir gets base mode" [ "$out" = allowlist ]
fi

echo "1..$n"
[ "$failed" = 0 ]
