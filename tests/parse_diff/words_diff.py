#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Do the words in our tree match the words bash passes to each command?

    words_diff.py LITE_SANDBOX [--corpus DIR] [--match REGEX] [-j N]

For every corpus case that bash accepts and that is deterministic, run

  (a) the original input, twice, and
  (b) `LITE_SANDBOX parse --print` of it (the program re-printed from our tree)

under bash with every command replaced by a stub that records its argv and
the stdin it was given (stub_prelude.bash), in a fresh scratch directory with
fixed files and variables, inside bwrap (read-only root, no network, tmpfs
/tmp). The records, stdout, exit status and the files left in the scratch
directory must be identical between (a) and (b): if our parser split, joined,
unquoted, dropped or reordered anything, some command sees different words.
Cases whose two runs of (a) differ are skipped as nondeterministic. The
re-print must also be stable (printing the re-parsed print gives it back).

Two checks on the tree itself (`parse --json --no-pos`, what the policy
walks), independent of our printer:
  parts    bash source rebuilt in Python from the JSON parts (Emitter below)
           must behave like the original under the same stubs;
  literal  for programs of simple commands joined by ; && | and newlines,
           whose words are all literal, the argv lists computed from the
           JSON (quote removal applied) must equal those bash's run recorded.

One TAP line per case ("words"), plus one per case in scope of each of the
two checks ("parts", "literal"). Prints "1..0 # SKIP"
when bwrap cannot create a sandbox here.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PRELUDE = os.path.join(HERE, "stub_prelude.bash")
RUN_TIMEOUT = 10
MAX_INPUT = 4096
# Inputs whose result depends on the process, the clock or line numbers
# (the canonical print may lay lines out differently).
NONDET = re.compile(
    r"RANDOM|\$\$|\$\{\$\}|\$!|\$\{!\}|BASHPID|PPID|SECONDS|EPOCH|LINENO|"
    r"BASH_EXECUTION_STRING|BASH_COMMAND|/dev/u?random|\bcoproc\b|\bhistory\b|"
    r"\bfc\b|\bcaller\b|\bsleep\b|\bwait\b|FUNCNAME|BASH_SOURCE|\\!")

FIXTURES = {
    "a.txt": b"alpha\n", "b.txt": b"beta\n", "main.c": b"int main;\n",
    "util.c": b"", "util.h": b"", "sp ace.txt": b"s\n", ".hidden": b"",
    "in.txt": b"line1\nline2\n", "file.txt": b"f\n", "dir/x.h": b"",
    "dir/sub/y.py": b"print(1)\n", "Makefile": b"all:\n",
}


# ---- inside the sandbox ----------------------------------------------------

def make_fixtures(scratch):
    if os.path.exists(scratch):
        shutil.rmtree(scratch)
    os.makedirs(scratch)
    for rel, data in FIXTURES.items():
        p = os.path.join(scratch, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)


def snapshot(scratch):
    out = []
    for root, dirs, files in os.walk(scratch):
        dirs.sort()
        for name in sorted(dirs + files):
            p = os.path.join(root, name)
            rel = os.path.relpath(p, scratch)
            if os.path.islink(p):
                out.append([rel, "link", os.readlink(p)])
            elif os.path.isdir(p):
                out.append([rel, "dir", ""])
            elif os.path.isfile(p):
                with open(p, "rb") as f:
                    out.append([rel, "file", f.read(8192).hex()])
            else:
                out.append([rel, "other", ""])
    return out


def parse_log(data, recs):
    """Appends the stub records of one process's log to recs."""
    fields = data.split(b"\0")
    i = 0
    while i + 1 < len(fields) and fields[i] == b"REC":
        try:
            n = int(fields[i + 1])
        except ValueError:
            break
        argv = fields[i + 2:i + 2 + n]
        stdin = fields[i + 2 + n] if i + 2 + n < len(fields) else b""
        recs.append([[a.hex() for a in argv], stdin.hex()])
        i += 3 + n
    if i < len(fields) - 1:
        recs.append([["<garbled log>"], data[-200:].hex()])


def read_logs(logdir):
    """The records of every process, sorted (pipelines run their commands
    in parallel, so only the set of records is comparable)."""
    recs, budget = [], 1 << 20
    for name in sorted(os.listdir(logdir)):
        with open(os.path.join(logdir, name), "rb") as f:
            data = f.read(budget)
        budget -= len(data)
        parse_log(data, recs)
        if budget <= 0:
            break
    recs.sort()
    return recs


def run_one(workdir, program, extglob):
    scratch = os.path.join(workdir, "s")
    log = os.path.join(workdir, "stub.log")
    make_fixtures(scratch)
    shutil.rmtree(log, ignore_errors=True)
    os.mkdir(log)
    env = {"PATH": "/nonexistent/stub-path", "HOME": "/tmp/home", "USER": "agent",
           "LC_ALL": "C", "BASH_ENV": PRELUDE, "__STUB_LOG": log, "TERM": "dumb"}
    argv = ["/bin/bash", "--norc", "--noprofile"]
    if extglob:
        argv += ["-O", "extglob"]
    argv += ["-c", "--", program, "prog", "p1", "p 2", ""]
    p = subprocess.Popen(argv, cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=RUN_TIMEOUT)
        status = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        status = "timeout"
    out = out[:65536]
    # Process substitutions and background jobs of subshells may outlive
    # bash; wait for the whole process group before reading the log.
    for _ in range(400):
        try:
            os.killpg(p.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.005)
    else:
        os.killpg(p.pid, signal.SIGKILL)
        status = "timeout"
    recs = read_logs(log)
    return {"status": status, "stdout": out.hex(), "recs": recs,
            "files": snapshot(scratch)}


def inner(jobfile, resultfile, jobs):
    with open(jobfile) as f:
        work = json.load(f)
    free = list(range(jobs))
    lock = threading.Lock()

    def do(job):
        with lock:
            slot = free.pop()
        try:
            wd = "/tmp/w%d" % slot
            os.makedirs(wd, exist_ok=True)
            res = {}
            for key, prog in job["programs"].items():
                res[key] = run_one(wd, bytes.fromhex(prog), job["extglob"])
            return res
        finally:
            with lock:
                free.append(slot)

    with ThreadPoolExecutor(max_workers=jobs) as ex:
        results = list(ex.map(do, work))
    with open(resultfile, "w") as f:
        json.dump(results, f)
    return 0


# ---- outside: the parser side ----------------------------------------------

def lite(binary, mode, data, extglob):
    # "-" as the argument means "read stdin", so the program "-" goes there.
    argv = [binary, "parse"] + mode + (["--extglob"] if extglob else []) + [
        "--", "-" if data == b"-" else data]
    try:
        p = subprocess.run(argv, input=data if data == b"-" else b"",
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
    except subprocess.TimeoutExpired:
        return None, "hang"
    if p.returncode != 0:
        return None, p.stderr.decode("utf-8", "replace").strip().split("\n")[0]
    return p.stdout, ""


def strip_final_newline(b):
    # The CLI ends its print with a newline; a trailing newline does not
    # change what a -c program means.
    return b[:-1] if b.endswith(b"\n") else b


# Literal-subset check: argv lists straight from the JSON tree.
SPECIAL_NAMES = {"exit", "return", "break", "continue", "builtin", "false",
                 "read", "getopts", "mapfile", "readarray", "eval", "source",
                 ".", "exec", "command", "trap", "set", "shopt", "enable",
                 "alias", "unalias", "cd", "pushd", "popd", "wait",
                 # run for real after the record: their status can end an && chain
                 "test", "[", "printf"}
GLOB_CHARS = set("*?[")


def static_word(w):
    """The value of a fully literal word (a JSON word), or None."""
    if "parts" not in w:  # e.g. an assignment argument of declare
        return None
    out = b""
    for p in w["parts"]:
        k = p.get("kind")
        t = part_text(p)
        if k in ("lit",):
            if t is None or GLOB_CHARS & set(t):
                return None
            out += t.encode("utf-8", "surrogateescape")
        elif k in ("escaped", "squote"):
            if t is None:
                return None
            out += t.encode("utf-8", "surrogateescape")
        elif k == "dquote":
            for q in p.get("parts", []):
                if q.get("kind") not in ("lit", "escaped") or q.get("text") is None:
                    return None
                out += part_text(q).encode("utf-8", "surrogateescape")
        else:
            return None
    return out


def part_text(p):
    """A part's text as a str whose utf-8/surrogateescape encoding gives back
    its bytes: the parser marks text that is not UTF-8 with "bytes": true and
    shows each byte as the code point of the same value."""
    t = p.get("text")
    if t is not None and p.get("bytes"):
        return t.encode("latin-1").decode("utf-8", "surrogateescape")
    return t


def literal_argvs(tree):
    """argv lists of a flat program of literal simple commands, or None."""
    cmds = []

    def walk(n, in_and):
        k = n.get("kind")
        if k == "list":
            for item, sep in zip(n.get("items", []), n.get("seps", [])):
                if sep not in ("semi", "newline", ";", "\n"):
                    return False
                if not walk(item, in_and):
                    return False
            return True
        if k == "and":
            return walk(n["left"], True) and walk(n["right"], True)
        if k == "pipeline":
            if n.get("negated") or n.get("timed"):
                return False
            return all(walk(c, in_and) for c in n.get("cmds", []))
        if k == "simple":
            if n.get("redirs") or n.get("assigns"):
                return False
            words = [static_word(w) for w in n.get("words", [])]
            if not words or any(w is None for w in words):
                return False
            name = words[0].decode("utf-8", "replace")
            # A name with a slash is run directly, not through the stubs.
            if name in SPECIAL_NAMES or "/" in name:
                return False
            cmds.append(words)
            return True
        return False

    if tree is None or not isinstance(tree, dict) or not walk(tree, False):
        return None
    return sorted([w.hex() for w in c] for c in cmds)


BWRAP_BASE = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
              "--tmpfs", "/tmp", "--tmpfs", "/home", "--unshare-all",
              "--die-with-parent", "--new-session", "--chdir", "/tmp"]


def bwrap_unusable():
    try:
        probe = subprocess.run(BWRAP_BASE + ["/bin/true"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    except FileNotFoundError:
        return "bwrap is not installed"
    if probe.returncode != 0:
        return "bwrap cannot create a sandbox here: %s" % probe.stderr.decode(
            "utf-8", "replace").strip()
    return None


# ---- re-emitting words from the JSON parts ----------------------------------
#
# An independent check of the tree the policy walks: rebuild bash source from
# the JSON parts (not from our printer) and run it under the same stubs. Each
# part is written back in the form its kind stands for, so any part with the
# wrong kind, text or boundary changes what the commands receive.

class Unsupported(Exception):
    pass


SAFE_UNQUOTED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789/._,:=+@%-*?[]!^")


def _esc(text, special):
    return "".join("\\" + ch if ch in special else ch for ch in text)


class Emitter:
    """Bash source rebuilt from the JSON tree. Contexts of emit_parts:
    word (unquoted), brace (a brace item), dq (inside "..."), arg (operand
    of an unquoted ${..}), dqarg (operand inside "${..}"), pat / dqpat
    (pattern of ${x/p/r}), raw (arithmetic, subscripts, regexes), heredoc
    (an unquoted here-document body)."""

    def __init__(self):
        self.pending = []  # here-document bodies waiting for the next newline
        self.n_heredoc = 0

    # -- words --
    def emit_parts(self, parts, ctx):
        out = []
        for i, p in enumerate(parts):
            out.append(self.emit_part(p, ctx, i))
        return "".join(out)

    def emit_part(self, p, ctx, i):
        k = p.get("kind")
        t = part_text(p)
        quoted = ctx in ("dq", "dqarg", "dqpat", "heredoc")
        if k == "lit":
            if ctx in ("word", "brace"):
                return "".join(ch if ch in SAFE_UNQUOTED and not (ctx == "brace" and ch == ",")
                               else "\\" + ch for ch in t)
            if ctx == "dq":
                return _esc(t, "$`\"\\")
            if ctx == "heredoc":
                return _esc(t, "$`\\")
            if ctx in ("arg", "pat"):
                e = _esc(t, "}$`\\\"'" + ("/" if ctx == "pat" else ""))
                if ctx == "pat" and i == 0 and e[:1] in ("#", "%"):
                    e = "\\" + e
                return e
            if ctx == "dqpat":
                # A backslash in a quoted pattern both quotes for the
                # pattern and hides a '/': no faithful way to write it back.
                if "\\" in t:
                    raise Unsupported("backslash in a quoted pattern")
                return _esc(t, "}$`\"/")
            if ctx == "dqarg":
                return _esc(t, "}$`\\\"")
            if ctx == "raw":
                return t
            raise Unsupported(ctx)
        if k == "escaped":
            if "\n" in t or t == "":
                raise Unsupported("escaped newline")
            # one part may hold several escaped characters
            return "".join("\\" + ch for ch in t)
        if k == "squote":
            if quoted:
                raise Unsupported("squote inside quotes")
            return "'" + t + "'"
        if k == "ansi_c":
            if quoted or "\0" in t:
                raise Unsupported("ansi_c here")
            return "'" + t.replace("'", "'\\''") + "'"
        if k in ("dquote", "locale"):
            if quoted:
                raise Unsupported("nested dquote")
            return '"' + self.emit_parts(p.get("parts", []), "dq") + '"'
        if k == "param":
            return self.emit_param(p["param"], quoted)
        if k == "arith":
            return "$((" + self.emit_parts(p["expr"]["parts"], "raw") + "))"
        if k in ("cmdsub", "procsub"):
            inner = Emitter()
            inner.n_heredoc = self.n_heredoc + 1000
            body = "" if p.get("body") is None else inner.emit_node(p["body"])
            body += inner.flush()
            head = "$(" if k == "cmdsub" else p.get("dir", "<") + "("
            # a space keeps "$( (" from reading as "$((", and ends a comment
            return head + " " + body + "\n)"
        if k == "tilde":
            if ctx != "word":
                raise Unsupported("tilde here")
            return "~" + t
        if k == "brace":
            if ctx not in ("word", "brace"):
                raise Unsupported("brace here")
            seq = p.get("sequence")
            if seq:
                return "{%s..%s%s}" % (seq["start"], seq["end"],
                                       ".." + seq["step"] if seq.get("step") else "")
            return "{" + ",".join(self.emit_parts(w["parts"], "brace")
                                  for w in p["items"]) + "}"
        raise Unsupported(k)

    def word(self, w, ctx="word"):
        if w is None or "parts" not in w:
            raise Unsupported("not a plain word")
        return self.emit_parts(w["parts"], ctx)

    def emit_param(self, pm, in_dq):
        argctx = "dqarg" if in_dq else "arg"
        name = pm["name"]
        op = pm["op"]
        if not pm.get("braced") and op == "plain" and not pm.get("index"):
            return "${" + name + "}"
        s = "${"
        if op == "length":
            s += "#"
        if pm.get("indirect") or op in ("prefix_names", "keys"):
            s += "!"
        s += name
        if pm.get("index") is not None:
            s += "[" + self.word(pm["index"], "raw") + "]"

        def arg(key, ctx=argctx):
            w = pm.get(key)
            return "" if w is None else self.word(w, ctx)

        colon = ":" if pm.get("colon") else ""
        if op in ("plain", "length", "keys"):
            pass
        elif op == "prefix_names":
            s += "@" if pm.get("at") else "*"
        elif op in ("default", "assign", "error", "alternate"):
            s += colon + {"default": "-", "assign": "=", "error": "?",
                          "alternate": "+"}[op] + arg("arg")
        elif op in ("trim_prefix", "trim_suffix"):
            c = "#" if op == "trim_prefix" else "%"
            s += c * (2 if pm.get("longest") else 1) + arg("arg")
        elif op == "replace":
            s += {"first": "/", "all": "//", "prefix": "/#",
                  "suffix": "/%"}[pm.get("anchor", "first")]
            s += arg("arg", "dqpat" if in_dq else "pat")
            if pm.get("arg2") is not None:
                s += "/" + arg("arg2")
        elif op in ("upper", "lower"):
            c = "^" if op == "upper" else ","
            s += c * (2 if pm.get("longest") else 1) + arg("arg")
        elif op == "substring":
            s += ": " + arg("arg", "raw")
            if pm.get("arg2") is not None:
                s += ":" + arg("arg2", "raw")
        elif op == "transform":
            s += "@" + pm["transform"]
        else:
            raise Unsupported(op)
        return s + "}"

    # -- commands --
    def flush(self):
        """The pending here-document bodies, to put after a newline."""
        if not self.pending:
            return ""
        out = "\n" + "".join(self.pending)
        self.pending = []
        return out

    def emit_list(self, n):
        if n is None:
            raise Unsupported("empty body")
        if n.get("kind") != "list":
            return self.emit_node(n)
        out = []
        items = n["items"]
        for i, (item, sep) in enumerate(zip(items, n["seps"])):
            sep = {"newline": "\n", "semi": ";", "amp": "&"}.get(sep, sep)
            if sep not in (";", "&", "\n"):
                raise Unsupported("separator " + sep)
            out.append(self.emit_node(item) + (" &" if sep == "&" else ""))
            if i + 1 < len(items):
                if sep == "\n" or self.pending:
                    out.append((";" if sep == ";" else "") + self.flush() + "\n"
                               if self.pending else "\n")
                else:
                    out.append("; " if sep == ";" else " ")
        return "".join(out)

    def body(self, n):
        """A list as the body of a compound command, ended for a keyword."""
        b = self.emit_list(n)
        if self.pending:
            return b + (" " if b.endswith("&") else ";") + self.flush() + "\n"
        return b + (" " if b.endswith("&") else "; ")

    def emit_node(self, n):
        k = n.get("kind")
        if k == "list":
            return self.emit_list(n)
        if k in ("and", "or"):
            return "%s %s %s" % (self.emit_node(n["left"]), "&&" if k == "and" else "||",
                                 self.emit_node(n["right"]))
        if k == "pipeline":
            out = ("time " + ("-p " if n.get("time_posix") else "")) if n.get("timed") else ""
            out += "! " if n.get("negated") else ""
            cmds = n["cmds"]
            seps = n.get("pipe_stderr") or [False] * len(cmds)
            for i, c in enumerate(cmds):
                out += self.emit_node(c)
                if i + 1 < len(cmds):
                    out += " |& " if seps[i] else " | "
            return out
        if k == "simple":
            return self.emit_simple(n)
        if k == "subshell":
            return "( " + self.emit_list(n["body"]) + self.flush() + "\n)" + self.redirs(n)
        if k == "group":
            return "{ " + self.body(n["body"]) + "}" + self.redirs(n)
        if k == "if":
            s = "if " + self.body(n["cond"]) + "then " + self.body(n["then"])
            e = n.get("else")
            while e is not None and e.get("kind") == "if" and e.get("elif"):
                s += "elif " + self.body(e["cond"]) + "then " + self.body(e["then"])
                e = e.get("else")
            if e is not None:
                s += "else " + self.body(e)
            return s + "fi" + self.redirs(n)
        if k in ("while", "until"):
            return (k + " " + self.body(n["cond"]) + "do " + self.body(n["body"]) +
                    "done" + self.redirs(n))
        if k in ("for", "select"):
            s = k + " " + n["var"]
            if n.get("words") is not None:
                s += " in " + " ".join(self.word(w) for w in n["words"])
            return s + "; do " + self.body(n["body"]) + "done" + self.redirs(n)
        if k == "arith_for":
            parts = [self.word(n[x], "raw") if n.get(x) else "" for x in ("init", "test", "step")]
            return ("for ((%s; %s; %s)); do " % tuple(parts) + self.body(n["body"]) +
                    "done" + self.redirs(n))
        if k == "case":
            s = "case " + self.word(n["subject"]) + " in "
            for it in n["items"]:
                s += "(" + " | ".join(self.word(w) for w in it["patterns"]) + ") "
                if it.get("body") is not None:
                    s += self.body(it["body"])
                s += it["term"] + " "
                if self.pending:
                    s += self.flush() + "\n"
            return s + "esac" + self.redirs(n)
        if k == "arith":
            return "((" + self.word(n["expr"], "raw") + "))" + self.redirs(n)
        if k == "cond":
            return "[[ " + self.cond(n["expr"]) + " ]]" + self.redirs(n)
        if k == "function":
            return n["name"] + " () " + self.emit_node(n["body"])
        raise Unsupported(k)

    def cond(self, c):
        k = c["kind"]
        if k in ("and", "or"):
            return "%s %s %s" % (self.cond(c["left"]), "&&" if k == "and" else "||",
                                 self.cond(c["right"]))
        if k == "not":
            return "! " + self.cond(c["left"])
        if k == "group":
            return "( " + self.cond(c["left"]) + " )"
        if k == "unary":
            return c["op"] + " " + self.word(c["a"])
        if k == "binary":
            if c["op"] == "=~":
                rhs = self.word(c["b"], "raw")
                if any(ch in rhs for ch in " \t\n"):
                    raise Unsupported("regex with blanks")
            else:
                rhs = self.word(c["b"])
            return "%s %s %s" % (self.word(c["a"]), c["op"], rhs)
        if k == "word":
            return self.word(c["a"])
        raise Unsupported(k)

    def emit_simple(self, n):
        out = []
        for a in n.get("assigns") or []:
            s = a["name"]
            if a.get("index") is not None:
                s += "[" + self.word(a["index"], "raw") + "]"
            s += "+=" if a.get("append") else "="
            if a.get("array") is not None:
                elems = []
                for e in a["array"]:
                    x = ""
                    if e.get("key") is not None:
                        x = "[" + self.word(e["key"], "raw") + "]" + ("+=" if e.get("append") else "=")
                    if e.get("value") is not None:
                        x += self.word(e["value"])
                    if x == "":
                        raise Unsupported("empty array element")
                    elems.append(x)
                s += "(" + " ".join(elems) + ")"
            elif a.get("value") is not None:
                s += self.word(a["value"])
            out.append(s)
        for w in n.get("words") or []:
            e = self.word(w)
            if e == "":
                raise Unsupported("empty word")
            out.append(e)
        r = self.redirs(n)
        if not out and not r:
            raise Unsupported("empty command")
        return " ".join(out) + r

    def redirs(self, n):
        out = ""
        for r in n.get("redirs") or []:
            op = r["op"]
            fd = ""
            if r.get("fd_var"):
                fd = "{" + r["fd_var"] + "}"
            elif r.get("fd") is not None and r["fd"] >= 0:
                fd = str(r["fd"])
            if op in ("<<", "<<-"):
                self.n_heredoc += 1
                delim = "__HD%d__" % self.n_heredoc
                body = r.get("body") or {"parts": []}
                if r.get("quoted"):
                    text = self.word(body, "raw")
                    out += " %s<<'%s'" % (fd, delim)
                else:
                    text = self.word(body, "heredoc")
                    out += " %s<<%s" % (fd, delim)
                if text and not text.endswith("\n"):
                    raise Unsupported("here-document ended by end of input")
                self.pending.append(text + delim + "\n")
                continue
            if op not in REDIR_OPS:
                raise Unsupported("redirection " + op)
            target = self.word(r["target"])
            if op in (">&", "<&") and target.startswith("-") and target != "-":
                # bash reads ">&-x" as "close, then the word x": a target
                # the tree holds whole must not start with the '-'.
                target = "''" + target
            out += " %s%s %s" % (fd, op, target)
        return out


REDIR_OPS = {">", ">>", "<", "<>", ">|", "&>", "&>>", ">&", "<&", "<<<"}


def emit_program(tree):
    """bash source rebuilt from the JSON tree, or None if out of scope."""
    if not isinstance(tree, dict):
        return None
    try:
        em = Emitter()
        return em.emit_list(tree) + em.flush()
    except (Unsupported, KeyError, TypeError, AttributeError):
        return None


def tap_text(s):
    return s.replace("#", "\\#")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary", nargs="?")
    ap.add_argument("--corpus", default=corpus.CORPUS_DIR)
    ap.add_argument("--match", help="only cases whose id matches this regex")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--inner", nargs=2, metavar=("JOBS", "RESULTS"),
                    help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        return inner(args.inner[0], args.inner[1], args.jobs)
    if not args.binary:
        ap.error("LITE_SANDBOX is required")

    cases = [c for c in corpus.load(args.corpus)
             if c.verdict == "ok" and len(c.input) <= MAX_INPUT
             and not NONDET.search(c.input.decode("utf-8", "replace"))]
    if args.match:
        cases = [c for c in cases if re.search(args.match, c.id)]

    why = bwrap_unusable()
    if why:
        print("1..0 # SKIP %s" % why)
        return 0

    def prepare(c):
        printed, err = lite(args.binary, ["--print"], c.input, c.extglob)
        if printed is None:
            return {"skip": "parser rejects: %s" % err}
        printed = strip_final_newline(printed)
        again, err = lite(args.binary, ["--print"], printed, c.extglob)
        js, _ = lite(args.binary, ["--json", "--no-pos"], c.input, c.extglob)
        tree = None
        if js is not None:
            try:
                tree = json.loads(js)
            except ValueError:
                tree = None
        emitted = emit_program(tree)
        return {"printed": printed,
                "reprint": None if again is None else strip_final_newline(again),
                "reprint_err": err, "literal": literal_argvs(tree),
                "emitted": None if emitted is None else emitted.encode(
                    "utf-8", "surrogateescape")}

    with ThreadPoolExecutor(max_workers=2 * args.jobs) as ex:
        prep = list(ex.map(prepare, cases))

    work, idx = [], []
    for i, (c, p) in enumerate(zip(cases, prep)):
        if "skip" in p:
            continue
        idx.append(i)
        progs = {"orig": c.input.hex(), "orig2": c.input.hex(),
                 "printed": p["printed"].hex()}
        if p["emitted"] is not None:
            progs["emitted"] = p["emitted"].hex()
        work.append({"extglob": c.extglob, "programs": progs})

    tmp = tempfile.mkdtemp(prefix="words-diff-")
    try:
        jobfile = os.path.join(tmp, "jobs.json")
        resfile = os.path.join(tmp, "results.json")
        with open(jobfile, "w") as f:
            json.dump(work, f)
        here = os.path.dirname(os.path.abspath(__file__))
        # The sandbox puts a tmpfs on /tmp and /home; a source tree that
        # lives there (a CI clone under /tmp) is bound back in, read-only.
        keep = []
        if here.startswith(("/tmp/", "/home/")):
            keep = ["--ro-bind", here, here]
        bw = BWRAP_BASE + keep + ["--bind", tmp, "/tmp/out", sys.executable, os.path.abspath(__file__),
              "-j", str(args.jobs), "--inner", "/tmp/out/jobs.json", "/tmp/out/results.json"]
        subprocess.run(bw, check=True)
        with open(resfile) as f:
            results = json.load(f)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    res_of = dict(zip(idx, results))
    lines = []
    counts = {"agree": 0, "differ": 0, "skip": 0, "lit_ok": 0, "lit_bad": 0,
              "parts_ok": 0, "parts_bad": 0}
    for i, (c, p) in enumerate(zip(cases, prep)):
        desc = "%s %s" % (c.id, corpus.shorten(c.input))
        if i not in res_of:
            lines.append(("ok", "words " + desc + " # SKIP " + p["skip"], []))
            counts["skip"] += 1
            continue
        r = res_of[i]
        # A run cut off by the timeout says nothing about the words: a
        # program that loops for ever (mut-0349: `while read ...; echo`)
        # may end some runs early on a loaded machine (a stub's status)
        # and time out in others, whichever text ran.
        if r["orig"] != r["orig2"] or any(
                r[k]["status"] == "timeout" for k in ("orig", "orig2", "printed", "emitted")
                if k in r):
            lines.append(("ok", "words " + desc + " # SKIP nondeterministic under stubs", []))
            counts["skip"] += 1
            continue
        diffs = []
        for key in ("recs", "stdout", "status", "files"):
            if r["orig"][key] != r["printed"][key]:
                diffs.append(describe_diff(key, r["orig"][key], r["printed"][key]))
        if p["reprint"] != p["printed"]:
            diffs.append("re-print not stable: %s" % (
                p["reprint_err"] or corpus.escape(p["reprint"] or b"")))
        if diffs:
            diffs.append("printed: %s" % corpus.escape(p["printed"]))
            counts["differ"] += 1
        else:
            counts["agree"] += 1
        lines.append(("not ok" if diffs else "ok", "words " + desc, diffs))
        if "emitted" in r:
            d = []
            for key in ("recs", "stdout", "status", "files"):
                if r["orig"][key] != r["emitted"][key]:
                    d.append(describe_diff(key, r["orig"][key], r["emitted"][key]))
            if d:
                d.append("from JSON: %s" % corpus.escape(p["emitted"]))
            counts["parts_ok" if not d else "parts_bad"] += 1
            lines.append(("not ok" if d else "ok", "parts " + desc, d))
        if p["literal"] is not None:
            got = sorted(rec[0] for rec in r["orig"]["recs"])
            ok = got == p["literal"]
            counts["lit_ok" if ok else "lit_bad"] += 1
            d = [] if ok else ["json argv: %s" % fmt_argvs(p["literal"]),
                               "bash argv: %s" % fmt_argvs(got)]
            lines.append(("ok" if ok else "not ok", "literal " + desc, d))

    print("1..%d" % len(lines))
    for n, (st, desc, diags) in enumerate(lines, 1):
        if " # SKIP " in desc:
            head, _, why = desc.partition(" # SKIP ")
            print("%s %d - %s # SKIP %s" % (st, n, tap_text(head), tap_text(why)))
        else:
            print("%s %d - %s" % (st, n, tap_text(desc)))
        for d in diags:
            print("#   " + d.replace("\n", "\\n"))
    print("# words: %(agree)d agree, %(differ)d differ, %(skip)d skipped; "
          "from JSON parts: %(parts_ok)d agree, %(parts_bad)d differ; "
          "literal subset: %(lit_ok)d agree, %(lit_bad)d differ" % counts)
    return 0


def unhex(a):
    """A recorded word: hex, or a marker such as "<garbled log>" as it is."""
    try:
        return bytes.fromhex(a)
    except ValueError:
        return a.encode()


def fmt_argvs(argvs):
    return " ; ".join(" ".join(repr(unhex(a).decode("utf-8", "replace"))
                               for a in argv) for argv in argvs)


def describe_diff(key, a, b):
    if key == "recs":
        sa = [(fmt_argvs([x[0]]), unhex(x[1])) for x in a]
        sb = [(fmt_argvs([x[0]]), unhex(x[1])) for x in b]
        only_a = [x for x in sa if x not in sb]
        only_b = [x for x in sb if x not in sa]
        return "argv differ: bash ran %s; our print ran %s" % (
            "; ".join("%s <%s" % (x[0], corpus.escape(x[1])) for x in only_a[:5]) or "-",
            "; ".join("%s <%s" % (x[0], corpus.escape(x[1])) for x in only_b[:5]) or "-")
    if key == "stdout":
        return "stdout differs: %s vs %s" % (
            corpus.shorten(bytes.fromhex(a), 100), corpus.shorten(bytes.fromhex(b), 100))
    if key == "files":
        return "files differ: %s vs %s" % (
            [x for x in a if x not in b][:5], [x for x in b if x not in a][:5])
    return "%s differs: %s vs %s" % (key, a, b)


if __name__ == "__main__":
    sys.exit(main())
