/* SPDX-License-Identifier: MIT */
/*
 * opt_parse on a 20-option grep command line, against glibc's getopt_long on
 * the same words (which also has to be given a fresh copy of argv, since it
 * permutes it). Not run in CI: `meson test --benchmark --suite ...` or run
 * the binary: optparse_bench [ITERATIONS]. Thread CPU time, best of 10 rounds,
 * so that a busy machine inflates the figures less.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "optparse.h"

static const struct opt_long longs[] = {
	{ "after-context", OPT_ARG_REQUIRED, 'A' },
	{ "basic-regexp", OPT_ARG_NONE, 'G' },
	{ "before-context", OPT_ARG_REQUIRED, 'B' },
	{ "binary-files", OPT_ARG_REQUIRED, 256 },
	{ "byte-offset", OPT_ARG_NONE, 'b' },
	{ "context", OPT_ARG_REQUIRED, 'C' },
	{ "color", OPT_ARG_OPTIONAL, 257 },
	{ "colour", OPT_ARG_OPTIONAL, 257 },
	{ "count", OPT_ARG_NONE, 'c' },
	{ "devices", OPT_ARG_REQUIRED, 'D' },
	{ "directories", OPT_ARG_REQUIRED, 'd' },
	{ "exclude", OPT_ARG_REQUIRED, 258 },
	{ "exclude-from", OPT_ARG_REQUIRED, 259 },
	{ "exclude-dir", OPT_ARG_REQUIRED, 260 },
	{ "extended-regexp", OPT_ARG_NONE, 'E' },
	{ "file", OPT_ARG_REQUIRED, 'f' },
	{ "files-with-matches", OPT_ARG_NONE, 'l' },
	{ "files-without-match", OPT_ARG_NONE, 'L' },
	{ "fixed-strings", OPT_ARG_NONE, 'F' },
	{ "help", OPT_ARG_NONE, 261 },
	{ "include", OPT_ARG_REQUIRED, 262 },
	{ "ignore-case", OPT_ARG_NONE, 'i' },
	{ "no-ignore-case", OPT_ARG_NONE, 263 },
	{ "label", OPT_ARG_REQUIRED, 264 },
	{ "line-buffered", OPT_ARG_NONE, 265 },
	{ "line-number", OPT_ARG_NONE, 'n' },
	{ "line-regexp", OPT_ARG_NONE, 'x' },
	{ "max-count", OPT_ARG_REQUIRED, 'm' },
	{ "no-filename", OPT_ARG_NONE, 'h' },
	{ "no-messages", OPT_ARG_NONE, 's' },
	{ "null", OPT_ARG_NONE, 'Z' },
	{ "null-data", OPT_ARG_NONE, 'z' },
	{ "only-matching", OPT_ARG_NONE, 'o' },
	{ "perl-regexp", OPT_ARG_NONE, 'P' },
	{ "quiet", OPT_ARG_NONE, 'q' },
	{ "recursive", OPT_ARG_NONE, 'r' },
	{ "dereference-recursive", OPT_ARG_NONE, 'R' },
	{ "regexp", OPT_ARG_REQUIRED, 'e' },
	{ "invert-match", OPT_ARG_NONE, 'v' },
	{ "silent", OPT_ARG_NONE, 'q' },
	{ "text", OPT_ARG_NONE, 'a' },
	{ "version", OPT_ARG_NONE, 'V' },
	{ "with-filename", OPT_ARG_NONE, 'H' },
	{ "word-regexp", OPT_ARG_NONE, 'w' },
	{ NULL, 0, 0 },
};
static const char shorts[] =
	"0123456789A:B:C:D:EFGHIPTUVX:abcd:e:f:hiLlm:noqRrsuvwxyZz";

/* 20 options: clustered, abbreviated, attached and separate values, and
 * operands among them (permuted). */
static char *words[] = {
	"grep", "-i", "-n", "--reg=foo", "src", "-e", "bar", "-rw",
	"--include=*.c", "-A", "3", "-B2", "--exclude-dir", ".git", "-H",
	"--max-c=10", "--colo=auto", "-s", "lib", "--invert", "-ieroot",
	"--fixed", "-Z", "-c", "--", "-notanoption",
};
#define N_WORDS ((int)(sizeof(words) / sizeof(words[0])))

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int
main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 1000000;
	struct opt_decl decl = { .shorts = shorts, .longs = longs };
	struct option lo[sizeof(longs) / sizeof(longs[0])];
	volatile long sink = 0;
	int n_opts = 0, n = 0;
	double t0, ours, theirs;

	for (size_t i = 0; i < sizeof(longs) / sizeof(longs[0]); i++)
		lo[i] = (struct option){ longs[i].name, (int)longs[i].arg, NULL,
					 longs[i].id };
	{
		struct opt_event *ev = NULL;

		n = opt_parse(&decl, OPT_ORDER_PERMUTE, N_WORDS, words, &ev);
		for (int i = 0; i < n; i++)
			n_opts += ev[i].kind == OPT_EV_OPTION;
		free(ev);
	}

	unsetenv("POSIXLY_CORRECT");
	opterr = 0;
	ours = theirs = 1e30;
	for (int round = 0; round < 10; round++) {
		double t;

		t0 = now();
		for (long it = 0; it < iters / 10; it++) {
			struct opt_event *ev = NULL;

			sink += opt_parse(&decl, OPT_ORDER_PERMUTE, N_WORDS,
					  words, &ev);
			free(ev);
		}
		t = (now() - t0) / (double)(iters / 10);
		ours = t < ours ? t : ours;

		t0 = now();
		for (long it = 0; it < iters / 10; it++) {
			char *av[N_WORDS + 1];

			memcpy(av, words, sizeof(words));
			av[N_WORDS] = NULL;
			optind = 0;
			while (getopt_long(N_WORDS, av, shorts, lo, NULL) != -1)
				sink++;
		}
		t = (now() - t0) / (double)(iters / 10);
		theirs = t < theirs ? t : theirs;
	}

	printf("argv of %d words, %d options, %d events\n", N_WORDS - 1,
	       n_opts, n);
	printf("opt_parse:   %.0f ns per command line (one malloc included)\n",
	       ours);
	printf("getopt_long: %.0f ns per command line\n", theirs);
	return sink < 0;
}
