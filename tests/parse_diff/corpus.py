#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reading and writing the parse corpus (tests/corpus/parse/*.tsv).

Each line of a .tsv file is one case with five tab-separated fields:

    id  verdict  flags  input  bash-message

- id: unique name, "<file>-<n>"
- verdict: "ok" (bash -n exits 0) or "error" (bash -n exits non-zero)
- flags: comma-separated, "-" for none; "extglob" means the case is parsed
  with extglob on (bash -O extglob, lite-sandbox parse --extglob)
- input: the command line, C-style escaped (see escape())
- bash-message: bash's first diagnostic line (escaped), "-" if none

Lines starting with '#' are comments. Fields are escaped so that a case is
always one line: backslash, tab, newline, CR and every other control byte
(and any byte that is not valid UTF-8) are written as \\\\ \\t \\n \\r \\xHH.
"""
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS_DIR = os.path.normpath(os.path.join(HERE, "..", "corpus", "parse"))


def escape(data: bytes) -> str:
    out = []
    text = data.decode("utf-8", errors="surrogateescape")
    for ch in text:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif 0xDC80 <= o <= 0xDCFF:  # undecodable byte
            out.append("\\x%02x" % (o - 0xDC00))
        elif o < 0x20 or o == 0x7F:
            out.append("\\x%02x" % o)
        else:
            out.append(ch)
    return "".join(out)


_ESC = re.compile(rb"\\(x[0-9a-fA-F]{2}|.)", re.S)


def unescape(field: str) -> bytes:
    raw = field.encode("utf-8", errors="surrogateescape")

    def rep(m):
        s = m.group(1)
        if s.startswith(b"x") and len(s) == 3:
            return bytes([int(s[1:], 16)])
        return {b"n": b"\n", b"t": b"\t", b"r": b"\r", b"\\": b"\\"}.get(s, b"\\" + s)

    return _ESC.sub(rep, raw)


class Case:
    __slots__ = ("id", "verdict", "flags", "input", "bash_msg", "file")

    def __init__(self, id, verdict, flags, input, bash_msg="", file=""):
        self.id = id
        self.verdict = verdict
        self.flags = flags
        self.input = input
        self.bash_msg = bash_msg
        self.file = file

    @property
    def extglob(self):
        return "extglob" in self.flags

    def tsv(self):
        return "\t".join([
            self.id, self.verdict, ",".join(self.flags) or "-",
            escape(self.input), escape(self.bash_msg.encode()) or "-"])


def load(corpus_dir=CORPUS_DIR):
    """All cases of all .tsv files in corpus_dir, in file order."""
    cases = []
    for name in sorted(os.listdir(corpus_dir)):
        if not name.endswith(".tsv"):
            continue
        with open(os.path.join(corpus_dir, name), encoding="utf-8",
                  errors="surrogateescape") as f:
            for lineno, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                fields = line.split("\t")
                if len(fields) != 5 or fields[1] not in ("ok", "error"):
                    raise ValueError("%s:%d: malformed case" % (name, lineno))
                flags = [] if fields[2] == "-" else fields[2].split(",")
                msg = "" if fields[4] == "-" else unescape(fields[4]).decode(
                    "utf-8", errors="replace")
                cases.append(Case(fields[0], fields[1], flags,
                                  unescape(fields[3]), msg, name))
    return cases


def bash_env():
    # A fixed, minimal environment: no BASH_ENV, no aliases (bash -c is not
    # interactive), the C locale so that name characters are ASCII only.
    return {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "HOME": "/nonexistent"}


def bash_verdict(data: bytes, extglob: bool, bash="bash"):
    """Run bash -n -c on data: returns ("ok"|"error", first message line)."""
    status, lines = _bash_n(data, extglob, bash)
    # bash 5.2 reports syntax errors inside [[ ]] ("conditional binary
    # operator expected", ...) and runs nothing, yet exits 0. A diagnostic
    # that is not a warning is therefore a rejection whatever the status.
    errors = [x for x in lines if not x.startswith("warning:")]
    if status == 0 and not lines:
        # Some errors inside [[ ]] (`[[ ]]`, `[[ a && ]]`) are silent: bash
        # prints nothing, runs nothing and exits 0. Append a line that is a
        # syntax error: if bash never complains about it, it stopped before.
        _, probe = _bash_n(data + b"\n)", extglob, bash)
        if not [x for x in probe if not x.startswith("warning:")]:
            return "error", "(silent) bash stops here without running anything, exit status 0"
    msg = errors[0] if errors else (lines[0] if lines else "")
    return ("ok" if status == 0 and not errors else "error"), msg


def _bash_n(data, extglob, bash):
    argv = [bash, "--norc", "--noprofile"]
    if extglob:
        argv += ["-O", "extglob"]
    # "--": an input such as "-d x" is a program, not an option.
    argv += ["-n", "-c", "--", data, "bash"]
    p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, env=bash_env(), timeout=30)
    lines = [re.sub(r"^bash: (-c: )?(line \d+: )?", "", x)
             for x in p.stderr.decode("utf-8", errors="replace").split("\n") if x]
    return p.returncode, lines


def shorten(data: bytes, n=60) -> str:
    s = escape(data)
    return s if len(s) <= n else s[: n - 3] + "..."
