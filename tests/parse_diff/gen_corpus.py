#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Regenerate (or check) the parse corpus in tests/corpus/parse/.

    gen_corpus.py            rewrite tests/corpus/parse/*.tsv
    gen_corpus.py --check    re-run bash -n on every committed case and report
                             cases whose committed verdict no longer matches

Sources: the hand-written tests/corpus/parse/src/*.cases files, plus two
generators with a fixed seed (so the output is stable): "mix" combines
command fragments into larger programs, "mut" deletes, inserts, duplicates or
swaps one token of a valid hand-written case (most results are invalid).
The verdict of every case is bash -n's exit status (see corpus.bash_verdict).

.cases format: one case per line; a line "<<<" starts a multi-line case that
runs to a line ">>>" (lines joined with "\\n", no final newline); "@esc TEXT"
is one case written with C escapes; "@flags a,b" sets the flags of the cases
that follow ("@flags" alone clears them); lines starting with "##" and empty
lines are ignored.
"""
import argparse
import os
import random
import re
import sys
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

SRC_DIR = os.path.join(corpus.CORPUS_DIR, "src")
SEED = 20261202
N_MIX = 800
N_MUT = 1100
MUT_INVALID_SHARE = 0.7


def read_cases_file(path):
    out = []  # (input bytes, flags)
    flags = []
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line == "<<<":
            block = []
            while i < len(lines) and lines[i] != ">>>":
                block.append(lines[i])
                i += 1
            if i >= len(lines):
                raise ValueError("%s: unterminated <<< block" % path)
            i += 1
            out.append(("\n".join(block).encode("utf-8", "surrogateescape"),
                        list(flags)))
        elif line.startswith("##") or line == "":
            continue
        elif line.startswith("@flags"):
            flags = line[len("@flags"):].split(",") if line.strip() != "@flags" else []
            flags = [x.strip() for x in flags if x.strip()]
        elif line.startswith("@esc "):
            out.append((corpus.unescape(line[5:]), list(flags)))
        else:
            out.append((line.encode("utf-8", "surrogateescape"), list(flags)))
    return out


# ---- the "mix" generator ---------------------------------------------------

WORDS = [
    "x", "file.txt", '"a b"', "'c d'", "$x", '"$x"', "${x:-d}", '"${x#*/}"',
    "$(echo a)", "`echo b`", '"$(echo "c d")"', "$((1+2))", "*.c", "{a,b}",
    "~/x", "a\\ b", "$'\\t'", "--flag=val", "-n", '"$@"', "${arr[@]}",
    "'it'\\''s'", '"q\\"q"', "a=b", "--", "${#x}", "${x/a/b}", "$1", "'*'",
    "x{1..3}", '"$(ls | wc -l)"', "$(( x * 2 ))", "<(echo p)",
]
CMDS = ["echo", "printf", "ls", "grep", "cat", "git", "make", "sed", "wc",
        "sort", "cd", "test", "true", "cmd"]
REDIRS = ["> out", "2>&1", "< in.txt", ">> log", "2>/dev/null", "<<< s",
          "&> all", "1>&2", "3> f3", ">| out2", "<<< \"$x\""]


def gen_simple(rng):
    parts = []
    if rng.random() < 0.12:
        parts.append(rng.choice(["X=1", "Y='a b'", "Z=$x"]))
    parts.append(rng.choice(CMDS))
    parts += [rng.choice(WORDS) for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.25:
        parts.insert(rng.randint(1, len(parts)), rng.choice(REDIRS))
    return " ".join(parts)


def gen_cmd(rng, depth):
    if depth <= 0 or rng.random() < 0.35:
        return gen_simple(rng)
    a = gen_cmd(rng, depth - 1)
    b = gen_cmd(rng, depth - 1)
    forms = [
        lambda: "%s | %s" % (a, b),
        lambda: "%s |& %s" % (a, b),
        lambda: "%s && %s" % (a, b),
        lambda: "%s || %s" % (a, b),
        lambda: "%s; %s" % (a, b),
        lambda: "%s & %s" % (a, b),
        lambda: "%s\n%s" % (a, b),
        lambda: "{ %s; }" % a,
        lambda: "( %s )" % a,
        lambda: "{ %s; } > grp.out" % a,
        lambda: "! %s" % a,
        lambda: "time %s" % a,
        lambda: "if %s; then %s; fi" % (a, b),
        lambda: "if %s; then %s; else %s; fi" % (a, b, gen_simple(rng)),
        lambda: "while %s; do %s; break; done" % (a, b),
        lambda: "until %s; do %s; break; done" % (a, b),
        lambda: "for v in a 'b c' $x; do %s; done" % a,
        lambda: "for ((i=0; i<2; i++)); do %s; done" % a,
        lambda: "case $x in a|b) %s;; *) %s;; esac" % (a, b),
        lambda: "f() { %s; }; f 1 2" % a,
        lambda: "function g { %s; }; g" % a,
        lambda: "echo \"$(%s)\"" % a,
        lambda: "echo $(%s)" % a,
        lambda: "[[ -n $x && $x == a* ]] && %s" % a,
        lambda: "(( x > 1 )) || %s" % a,
        lambda: "x=$(%s); echo \"$x\"" % a,
        lambda: "cat <<EOF\nline $x\nEOF\n%s" % a,
        lambda: "%s <<'EOF'\nraw $x `y`\nEOF" % a,
    ]
    return rng.choice(forms)()


def gen_mix(rng, n):
    seen = set()
    out = []
    while len(out) < n:
        s = gen_cmd(rng, rng.randint(1, 3)).encode()
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


# ---- the "mut" generator ---------------------------------------------------

TOKEN_RE = re.compile(
    r"\$\(\(|\$\(|\$\{|\(\(|\)\)|;;&|;;|;&|&&|\|\||\|&|<<<|<<-|<<|>>|&>>|&>|"
    r">&|<&|>\||<>|[|&;()<>{}\n]|'[^']*'|\"(?:\\.|[^\"\\])*\"|\\.|`[^`]*`|"
    r"[^\s|&;()<>{}'\"\\$`]+|[$`'\"\\]|[ \t]+", re.S)
INSERTS = [";", "|", "&&", "||", "&", "(", ")", "{", "}", "fi", "done",
           "then", "do", "esac", "in", "'", '"', "`", "$(", "${", "$((", "))",
           ";;", "<<", ">", "<", "\n", "!", "[[", "]]", "\\", "#", "if", "}}",
           "((", "2>&", "|&", "case", "for", "function", "=", "-"]


def mutate(rng, src: bytes):
    text = src.decode("utf-8", "surrogateescape")
    toks = TOKEN_RE.findall(text)
    if "".join(toks) != text or not toks:
        return None
    sig = [i for i, t in enumerate(toks) if not t.isspace()]
    if not sig:
        return None
    op = rng.choice(["del", "del", "ins", "ins", "dup", "swap"])
    i = rng.choice(sig)
    if op == "del":
        toks[i] = ""
    elif op == "ins":
        tok = rng.choice(INSERTS)
        toks.insert(rng.randint(0, len(toks)), rng.choice(["", " "]) + tok + rng.choice(["", " "]))
    elif op == "dup":
        toks.insert(i, toks[i] + " ")
    else:
        j = sig[(sig.index(i) + 1) % len(sig)]
        toks[i], toks[j] = toks[j], toks[i]
    return "".join(toks).encode("utf-8", "surrogateescape")


# ---- main ------------------------------------------------------------------

def verdicts(items, jobs):
    """items: list of (input, flags) -> list of (verdict, message)."""
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        return list(ex.map(lambda it: corpus.bash_verdict(it[0], "extglob" in it[1]),
                           items))


def write_tsv(name, header, cases):
    path = os.path.join(corpus.CORPUS_DIR, name + ".tsv")
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("# %s\n" % header)
        f.write("# Generated by tests/parse_diff/gen_corpus.py from bash -n "
                "(GNU bash 5.2.15); do not edit by hand.\n")
        f.write("# id\tverdict\tflags\tinput\tbash-message\n")
        for c in cases:
            f.write(c.tsv() + "\n")


def regenerate(jobs):
    seen = set()
    files = {}
    for name in sorted(os.listdir(SRC_DIR)):
        if not name.endswith(".cases"):
            continue
        items = []
        for inp, flags in read_cases_file(os.path.join(SRC_DIR, name)):
            if b"\0" in inp:
                raise ValueError("%s: NUL bytes cannot reach bash through argv" % name)
            key = (inp, tuple(flags))
            if key in seen:
                continue
            seen.add(key)
            items.append((inp, flags))
        files[name[:-len(".cases")]] = items

    rng = random.Random(SEED)
    mix = []
    for s in gen_mix(rng, N_MIX):
        if (s, ()) not in seen:
            seen.add((s, ()))
            mix.append((s, []))

    results = {}
    for stem, items in files.items():
        results[stem] = list(zip(items, verdicts(items, jobs)))

    # Mutate only hand-written cases that bash accepts, without flags.
    # found.cases holds odd inputs from explore.py; mutating them would
    # only add more of the same.
    valid = [it[0] for stem in sorted(results) if stem != "found"
             for it, v in results[stem] if v[0] == "ok" and not it[1]]
    # Draw three times as many mutants as needed, then keep the rejected
    # ones first (up to MUT_INVALID_SHARE) so the corpus has many invalid
    # inputs near valid ones; the rest are mutants bash still accepts.
    cand = []
    tries = 0
    while len(cand) < 3 * N_MUT and tries < N_MUT * 60:
        tries += 1
        m = mutate(rng, rng.choice(valid))
        if m is None or b"\0" in m or (m, ()) in seen:
            continue
        seen.add((m, ()))
        cand.append((m, []))
    cand_v = verdicts(cand, jobs)
    bad = [i for i, v in enumerate(cand_v) if v[0] == "error"]
    good = [i for i, v in enumerate(cand_v) if v[0] == "ok"]
    n_bad = min(len(bad), int(N_MUT * MUT_INVALID_SHARE))
    keep = sorted(bad[:n_bad] + good[:N_MUT - n_bad])
    results["mix"] = list(zip(mix, verdicts(mix, jobs)))
    results["mut"] = [(cand[i], cand_v[i]) for i in keep]

    headers = {
        "mix": "Generated: command fragments combined (gen_mix).",
        "mut": "Generated: one-token mutations of valid hand-written cases.",
    }
    total = ok = 0
    for stem, rows in results.items():
        cases = []
        for n, ((inp, flags), (v, msg)) in enumerate(rows, 1):
            cases.append(corpus.Case("%s-%04d" % (stem, n), v, flags, inp, msg))
            total += 1
            ok += v == "ok"
        write_tsv(stem, headers.get(stem, "Hand-written: src/%s.cases." % stem),
                  cases)
    print("wrote %d cases (%d accepted by bash, %d rejected)" % (total, ok, total - ok))


def check(jobs):
    cases = corpus.load()
    got = verdicts([(c.input, c.flags) for c in cases], jobs)
    bad = 0
    for c, (v, msg) in zip(cases, got):
        if v != c.verdict:
            bad += 1
            print("%s: committed %s, bash now says %s (%s): %s" % (
                c.id, c.verdict, v, msg, corpus.shorten(c.input)))
    print("%d cases, %d changed verdicts" % (len(cases), bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare the committed verdicts with bash -n now")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    if args.check:
        return check(args.jobs)
    regenerate(args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
