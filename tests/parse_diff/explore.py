#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Look for new disagreements with bash beyond the committed corpus.

    explore.py LITE_SANDBOX [-n COUNT] [--seed N] [--mutations K]

Draws COUNT fresh inputs by applying up to K token mutations (the "mut"
generator of gen_corpus.py) to corpus cases bash accepts, asks bash -n and
`LITE_SANDBOX parse` about each, and prints the inputs they disagree on in
the .cases format (one per line, or a <<< >>> block), ready to be pasted
into tests/corpus/parse/src/found.cases so that they become committed,
failing cases. Not run by meson: it is a tool for finding cases.
"""
import argparse
import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import gen_corpus  # noqa: E402
import parse_diff  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("-n", "--count", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mutations", type=int, default=2)
    ap.add_argument("-j", "--jobs", type=int, default=2 * (os.cpu_count() or 2))
    args = ap.parse_args()

    rng = random.Random(args.seed)
    known = corpus.load()
    seen = {c.input for c in known}
    pool = [c.input for c in known if c.verdict == "ok" and not c.flags]
    cands = []
    while len(cands) < args.count:
        s = rng.choice(pool)
        for _ in range(rng.randint(1, args.mutations)):
            s = gen_corpus.mutate(rng, s) or s
        if s not in seen and b"\0" not in s:
            seen.add(s)
            cands.append(s)

    def judge(s):
        v, msg = corpus.bash_verdict(s, False)
        got, err = parse_diff.run_case(args.binary, corpus.Case("x", v, [], s))
        return v, msg, got, err

    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        res = list(ex.map(judge, cands))
    n_bad = 0
    for s, (v, msg, got, err) in zip(cands, res):
        if got == v:
            continue
        n_bad += 1
        why = ("ACCEPTED, bash: " + msg) if got == "ok" else (
            "%s: %s" % (got, err.strip().split("\n")[0]))
        print("## bash %s; ours %s" % (v, why.replace("\n", " ")))
        text = s.decode("utf-8", "surrogateescape")
        if any(ch in text for ch in "\t\r") or any(ord(ch) < 32 and ch != "\n" for ch in text):
            print("@esc " + corpus.escape(s))
        elif "\n" in text or text in ("<<<", ">>>") or text.startswith(("##", "@")) or not text.strip():
            print("<<<\n" + text + "\n>>>")
        else:
            print(text)
    print("## %d inputs, %d disagreements" % (len(cands), n_bad), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
