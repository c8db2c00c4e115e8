#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run `lite-sandbox hook` over the event fixtures in cases.tsv; print TAP.

Usage: run.py LITE_SANDBOX_BINARY

Each case builds the same small world in a temporary directory (a home, a
git project inside it with agent configuration and symlinks, a sibling
directory outside the project), fills the placeholders in the event and the
config, runs the hook with that HOME, and checks that it exited 0, printed
exactly one JSON object of the right shape, and decided as expected. Three
inputs are generated here rather than stored: empty stdin, an event over the
size limit, and stdin closed.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MUTATIONS = 300
CORPUS_STRIDE = 4


def build_world(tmp):
    home = os.path.join(tmp, "home")
    proj = os.path.join(home, "proj")
    other = os.path.join(home, "other")
    for d in (proj + "/src", proj + "/.claude/worktrees/feature/src", proj + "/.codex",
              other, home + "/.ssh", home + "/.config/lite-sandbox"):
        os.makedirs(d, exist_ok=True)
    files = {
        proj + "/README.md": "# demo\n",
        proj + "/src/main.c": "int main(void) { return 0; }\n",
        proj + "/.claude/settings.json": "{}\n",
        proj + "/.mcp.json": "{}\n",
        proj + "/.codex/config.toml": "a\n",
        proj + "/analysis.ipynb": "{}\n",
        other + "/notes.md": "notes\n",
        home + "/.ssh/id_ed25519": "key\n",
        home + "/.config/lite-sandbox/config.yaml": "",
    }
    for p, text in files.items():
        with open(p, "w") as f:
            f.write(text)
    os.makedirs(home + "/bin")
    os.symlink("/bin/true", home + "/bin/lite-sandbox")
    os.symlink("../other", proj + "/link-out")
    os.symlink(".claude/settings.json", proj + "/innocent.json")
    subprocess.run(["git", "init", "-q", proj], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return home, proj


def fill(data, tmp, home, proj):
    return (data.replace(b"@PROJECT@", proj.encode()).replace(b"@HOME@", home.encode())
            .replace(b"@TMP@", tmp.encode()))


def decision_of(out, event_name):
    """(decision, reason) from the hook's answer, or raise ValueError."""
    if not isinstance(out, dict):
        raise ValueError("the answer is not a JSON object")
    if out == {}:
        return "none", ""
    hso = out.get("hookSpecificOutput")
    if not isinstance(hso, dict) or set(out) != {"hookSpecificOutput"}:
        raise ValueError("unexpected answer shape")
    if event_name is None:  # either shape will do
        event_name = hso.get("hookEventName")
    if event_name == "PermissionRequest":
        if hso.get("hookEventName") != "PermissionRequest":
            raise ValueError("wrong hookEventName")
        dec = hso.get("decision")
        if not isinstance(dec, dict) or dec.get("behavior") not in ("allow", "deny"):
            raise ValueError("bad PermissionRequest decision")
        return dec["behavior"], dec.get("message", "")
    if hso.get("hookEventName") != "PreToolUse":
        raise ValueError("wrong hookEventName")
    d = hso.get("permissionDecision")
    if d not in ("allow", "ask", "deny"):
        raise ValueError("bad permissionDecision %r" % (d,))
    reason = hso.get("permissionDecisionReason")
    if not isinstance(reason, str) or (d != "allow" and not reason.strip()):
        raise ValueError("missing permissionDecisionReason")
    return d, reason


def run_case(binary, event_bytes, options, config, tmp, home, proj):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("XDG_") and k != "LITE_SANDBOX_CONFIG"}
    env["HOME"] = home
    # a lite-sandbox on PATH in ~/bin: no fix may name that directory
    env["PATH"] = os.path.join(home, "bin") + ":" + os.environ.get("PATH", "/usr/bin:/bin")
    cfgpath = os.path.join(tmp, "config.yaml")
    if os.path.exists(cfgpath):
        os.unlink(cfgpath)
    if config != "-":
        with open(os.path.join(HERE, "configs", config + ".yaml"), "rb") as f:
            data = fill(f.read(), tmp, home, proj)
        with open(cfgpath, "wb") as f:
            f.write(data)
    env["LITE_SANDBOX_CONFIG"] = cfgpath
    args = [binary, "hook"]
    if options != "-":
        args += [fill(o.encode(), tmp, home, proj).decode() for o in options.split()]
    p = subprocess.run(args, input=event_bytes, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, cwd=proj, timeout=60)
    return p


def corpus_lines():
    """The command lines of tests/corpus/parse/*.tsv, or None without them."""
    root = os.path.join(HERE, "..", "corpus", "parse")
    try:
        sys.path.insert(0, os.path.join(HERE, "..", "parse_diff"))
        from corpus import unescape
        names = sorted(f for f in os.listdir(root) if f.endswith(".tsv"))
    except (ImportError, OSError):
        return None
    out = []
    for name in names:
        with open(os.path.join(root, name), encoding="utf-8", errors="surrogateescape") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if line.startswith("#") or len(fields) < 4:
                    continue
                out.append(unescape(fields[3]).decode("utf-8", "surrogateescape"))
    return out or None


def main():
    binary = os.path.abspath(sys.argv[1])
    cases = []
    with open(os.path.join(HERE, "cases.tsv")) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 5:
                raise SystemExit("cases.tsv: bad line: %r" % line)
            cases.append(fields)
    generated = [
        ("empty stdin", b"", "deny", "no event"),
        ("only whitespace", b" \n\t\n", "deny", "not valid JSON"),
        ("nested 100000 deep", b'{"session_id":' + b"[" * 100000 + b"]" * 100000 + b"}",
         "deny", "not valid JSON"),
        ("a 70 KiB here-document message",
         json.dumps({"session_id": "s", "cwd": "@PROJECT@", "hook_event_name": "PreToolUse",
                     "tool_name": "Bash", "tool_input": {
                         "command": "git commit -m \"$(cat <<'EOF'\n" + "x" * 70000 +
                                    "\nEOF\n)\""}}).encode(),
         "deny", "only known when the line runs"),
        ("over the size limit", b'{"pad":"' + b"a" * (17 * 1024 * 1024) + b'"}', "deny",
         "larger than"),
    ]
    total = len(cases) + len(generated) + 5
    print("1..%d" % total)
    failures = 0
    n = 0
    with tempfile.TemporaryDirectory(prefix="hook-test-") as tmp:
        tmp = os.path.realpath(tmp)
        home, proj = build_world(tmp)

        def report(name, err):
            nonlocal n, failures
            n += 1
            if err:
                failures += 1
                print("not ok %d - %s" % (n, name))
                for l in str(err).splitlines():
                    print("# " + l)
            else:
                print("ok %d - %s" % (n, name))
            sys.stdout.flush()

        def check(name, p, event_name, expect, substring):
            if p.returncode != 0:
                return "exit status %d, stderr: %s" % (p.returncode, p.stderr.decode(errors="replace")[-2000:])
            try:
                out = json.loads(p.stdout.decode("utf-8"))
                got, reason = decision_of(out, event_name)
            except (ValueError, UnicodeDecodeError) as e:
                return "bad answer (%s): %r" % (e, p.stdout[:500])
            if expect is None:
                return None
            if got != expect:
                return "expected %s, got %s: %s" % (expect, got, reason)
            if substring != "-":
                want = fill(substring.encode(), tmp, home, proj).decode()
                if want not in reason:
                    return "reason lacks %r: %s" % (want, reason)
            return None

        for event, options, config, expect, substring in cases:
            with open(os.path.join(HERE, "events", event + ".json"), "rb") as f:
                data = fill(f.read(), tmp, home, proj)
            try:
                event_name = json.loads(data).get("hook_event_name", "PreToolUse")
            except (ValueError, AttributeError):
                event_name = "PreToolUse"
            if event_name != "PermissionRequest":
                event_name = "PreToolUse"
            p = run_case(binary, data, options, config, tmp, home, proj)
            name = "%s%s%s -> %s" % (event, "" if options == "-" else " " + options,
                                    "" if config == "-" else " [" + config + "]", expect)
            report(name, check(name, p, event_name, expect, substring))
        for name, data, expect, substring in generated:
            p = run_case(binary, fill(data, tmp, home, proj), "-", "-", tmp, home, proj)
            report(name + " -> " + expect, check(name, p, "PreToolUse", expect, substring))
        # stdin closed outright
        env = dict(os.environ, HOME=home, LITE_SANDBOX_CONFIG=os.path.join(tmp, "none.yaml"))
        p = subprocess.run([binary, "hook"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=env, timeout=60)
        report("stdin from /dev/null -> deny", check("devnull", p, "PreToolUse", "deny", "no event"))
        # seeded mutations of every fixture: whatever the bytes, the hook
        # exits 0 with one well-formed answer (what it decides is not checked)
        rng = random.Random(1234)
        fixtures = sorted({c[0] for c in cases})
        bad = None
        for i in range(MUTATIONS):
            with open(os.path.join(HERE, "events", rng.choice(fixtures) + ".json"), "rb") as f:
                data = bytearray(fill(f.read(), tmp, home, proj))
            for _ in range(rng.randint(1, 4)):
                op = rng.randrange(4)
                pos = rng.randrange(len(data) + 1)
                if op == 0 and data:
                    del data[min(pos, len(data) - 1)]
                elif op == 1:
                    data[pos:pos] = bytes([rng.choice(b'{}[]",:\\\x00\xff/.~ ae0')])
                elif op == 2 and data:
                    data[min(pos, len(data) - 1)] = rng.randrange(256)
                else:
                    data = data[:pos]
            p = run_case(binary, bytes(data), "-", "-", tmp, home, proj)
            err = check("mutation", p, None, None, "-")
            if err and not err.startswith("expected"):
                bad = "mutation %d of %r: %s" % (i, bytes(data)[:300], err)
                break
        report("%d mutated events -> exit 0 and a well-formed answer" % MUTATIONS, bad)
        # the parser's corpus of command lines (every CORPUS_STRIDE-th), as
        # Claude Code Bash events: exit 0 and a well-formed answer for each
        lines = corpus_lines()
        if lines is None:
            n += 1
            print("ok %d - parse corpus through Bash # SKIP no corpus" % n)
        else:
            bad = None
            for i, cmd in enumerate(lines[::CORPUS_STRIDE]):
                ev = {"session_id": "corpus", "transcript_path": None, "cwd": proj,
                      "permission_mode": "default", "hook_event_name": "PreToolUse",
                      "tool_name": "Bash", "tool_input": {"command": cmd},
                      "tool_use_id": "toolu_corpus"}
                data = json.dumps(ev).encode("utf-8", "surrogateescape")
                p = run_case(binary, data, "-", "-", tmp, home, proj)
                err = check("corpus", p, "PreToolUse", None, "-")
                if err:
                    bad = "corpus line %r: %s" % (cmd[:200], err)
                    break
            report("parse corpus through Bash: %d command lines -> exit 0 and a "
                   "well-formed answer" % len(lines[::CORPUS_STRIDE]), bad)
        # --help prints the usage and exits 0
        p = subprocess.run([binary, "hook", "--help"], stdin=subprocess.DEVNULL,
                           capture_output=True, env=env, timeout=60)
        report("hook --help", None if p.returncode == 0 and b"Usage: lite-sandbox hook" in p.stdout
               else "exit %d: %r" % (p.returncode, p.stdout[:200]))
        # a misconfigured hook exits 2 with a message on stderr, which both
        # agents read as "block", never as "no objection"
        p = subprocess.run([binary, "hook", "--agent", "nobody"], input=b"{}",
                           capture_output=True, env=env, timeout=60)
        report("hook --agent nobody -> exit 2", None if p.returncode == 2 and p.stderr
               else "exit %d, stderr %r" % (p.returncode, p.stderr[:200]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
