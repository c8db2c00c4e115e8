/* SPDX-License-Identifier: MIT */
/*
 * optparse unit tests: the readings a validator must not get wrong, each
 * written out. optparse_diff.c checks the same code against glibc itself on
 * random input; these pin down the named cases and the fields glibc does
 * not report (argv indices, the "--").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "optparse.h"
#include "tap.h"

/* A subset of GNU grep 3.8's declaration. */
static const struct opt_long grep_longs[] = {
	{ "basic-regexp", OPT_ARG_NONE, 'G' },
	{ "extended-regexp", OPT_ARG_NONE, 'E' },
	{ "fixed-strings", OPT_ARG_NONE, 'F' },
	{ "after-context", OPT_ARG_REQUIRED, 'A' },
	{ "color", OPT_ARG_OPTIONAL, 300 },
	{ "colour", OPT_ARG_OPTIONAL, 300 },
	{ "count", OPT_ARG_NONE, 'c' },
	{ "file", OPT_ARG_REQUIRED, 'f' },
	{ "files-with-matches", OPT_ARG_NONE, 'l' },
	{ "ignore-case", OPT_ARG_NONE, 'i' },
	{ "include", OPT_ARG_REQUIRED, 301 },
	{ "recursive", OPT_ARG_NONE, 'r' },
	{ "regexp", OPT_ARG_REQUIRED, 'e' },
	{ NULL, 0, 0 },
};
static const struct opt_decl grep = {
	.shorts = "0123456789A:B:C:D:EFGHIPTUVX:abcd:e:f:hiLlm:noqRrsuvwxyZz",
	.longs = grep_longs,
};

/*
 * Parses the words (argv[0] = "prog" is added) and renders the events:
 * "-c", "-c=value", "--name", "--name=value", "op:word" (an operand after the
 * options), "io:word" (an operand in place), "--" (the end mark),
 * "err:KIND(opt)". Returns a static string, or "EINVAL" etc. on failure.
 */
static const char *
run(const struct opt_decl *d, enum opt_order order, const char *const *words)
{
	static char out[1024];
	char *argv[32] = { (char *)"prog" };
	int argc = 1, n;
	_cleanup_free_ struct opt_event *ev = NULL;
	struct buf b = BUF_INIT(sizeof(out) - 1);

	for (; words[argc - 1]; argc++)
		argv[argc] = (char *)words[argc - 1];
	n = opt_parse(d, order, argc, argv, &ev);
	if (n < 0) {
		snprintf(out, sizeof(out), "%s", n == -EINVAL ? "EINVAL" :
			 n == -E2BIG ? "E2BIG" : "ENOMEM");
		return out;
	}
	for (int i = 0; i < n; i++) {
		const struct opt_event *e = &ev[i];
		static const char *const err[] = { "none", "unknown",
			"missing", "ambiguous", "unexpected" };

		if (i)
			(void)buf_putc(&b, ' ');
		switch (e->kind) {
		case OPT_EV_OPTION:
			if (e->is_long)
				(void)buf_printf(&b, "--%s", e->long_name);
			else
				(void)buf_printf(&b, "-%c", e->id);
			if (e->value)
				(void)buf_printf(&b, "=%s", e->value);
			break;
		case OPT_EV_OPERAND:
			(void)buf_printf(&b, "%s:%s", e->id == 1 ? "io" : "op",
					 e->value);
			break;
		case OPT_EV_END_MARK:
			(void)buf_puts(&b, "--");
			break;
		case OPT_EV_ERROR:
			(void)buf_printf(&b, "err:%s(%d)", err[e->error],
					 e->error_opt);
			break;
		default:
			(void)buf_puts(&b, "?");
			break;
		}
	}
	snprintf(out, sizeof(out), "%s", b.data ? b.data : "");
	buf_done(&b);
	return out;
}

#define W(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define NONE ((const char *const[]){ NULL })

TEST(grep_abbreviated_regexp)
{
	/* --reg is --regexp: "root" is a pattern, "file" the operand. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--reg=root", "file")),
		     "--regexp=root op:file");
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--reg", "root", "file")),
		     "--regexp=root op:file");
	/* --re is both --recursive and --regexp. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--re", "x")),
		     "err:ambiguous(0) op:x");
	/* A unique prefix of a no-argument option takes no value. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--rec", "x")),
		     "--recursive op:x");
}

TEST(grep_clustered_value)
{
	_cleanup_free_ struct opt_event *ev = NULL;
	char *argv[] = { (char *)"grep", (char *)"-ieroot", (char *)"f" };

	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("-ieroot", "f")),
		     "-i -e=root op:f");
	ASSERT_EQ(opt_parse(&grep, OPT_ORDER_PERMUTE, 3, argv, &ev), 3);
	ASSERT_EQ(ev[1].argi, 1);
	ASSERT_EQ(ev[1].value_argi, 1);
	ASSERT_TRUE(ev[1].value == argv[1] + 3); /* points into the word */
	ASSERT_EQ(ev[2].kind, OPT_EV_OPERAND);
	ASSERT_EQ(ev[2].argi, 2);
	/* A required value swallows the next word whatever it looks like. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("-ie", "-v", "f")),
		     "-i -e=-v op:f");
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("-e", "--", "f")),
		     "-e=-- op:f");
}

TEST(grep_option_after_operand)
{
	_cleanup_free_ struct opt_event *ev = NULL;
	char *argv[] = { (char *)"grep", (char *)"FILE", (char *)"-e",
			 (char *)"root", (char *)"OTHER" };

	/* GNU permutation: options anywhere, operands after, in order. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("FILE", "-e", "root", "OTHER")),
		     "-e=root op:FILE op:OTHER");
	/* POSIXLY_CORRECT / BSD: everything from the first operand on. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_REQUIRE, W("FILE", "-e", "root", "OTHER")),
		     "op:FILE op:-e op:root op:OTHER");
	ASSERT_EQ(opt_parse(&grep, OPT_ORDER_PERMUTE, 5, argv, &ev), 3);
	ASSERT_EQ(ev[0].argi, 2);
	ASSERT_EQ(ev[0].value_argi, 3);
	ASSERT_EQ(ev[1].argi, 1);
	ASSERT_EQ(ev[2].argi, 4);
}

TEST(double_dash)
{
	_cleanup_free_ struct opt_event *ev = NULL;
	char *argv[] = { (char *)"grep", (char *)"a", (char *)"-i",
			 (char *)"--", (char *)"-e", (char *)"--" };

	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("a", "-i", "--", "-e", "--")),
		     "-i -- op:a op:-e op:--");
	ASSERT_EQ(opt_parse(&grep, OPT_ORDER_PERMUTE, 6, argv, &ev), 5);
	ASSERT_EQ(ev[1].kind, OPT_EV_END_MARK);
	ASSERT_EQ(ev[1].argi, 3);
	/* Under REQUIRE the first operand stops before the "--". */
	ASSERT_STREQ(run(&grep, OPT_ORDER_REQUIRE, W("-i", "--", "-e")),
		     "-i -- op:-e");
	ASSERT_STREQ(run(&grep, OPT_ORDER_REQUIRE, W("a", "--", "-e")),
		     "op:a op:-- op:-e");
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--")), "--");
	/* "---x" is a long option named "-x", not an end mark. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("---x")), "err:unknown(0)");
}

TEST(dash_and_empty_are_operands)
{
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("-", "-i", "", "x")),
		     "-i op:- op: op:x");
	ASSERT_STREQ(run(&grep, OPT_ORDER_REQUIRE, W("-", "-i")),
		     "op:- op:-i");
}

TEST(optional_values)
{
	static const struct opt_long longs[] = {
		{ "color", OPT_ARG_OPTIONAL, 300 },
		{ NULL, 0, 0 },
	};
	static const struct opt_decl d = { .shorts = "c::v", .longs = longs };

	/* Attached only: the next word is an operand. */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-c", "x")), "-c op:x");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-cx")), "-c=x");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-vcv")), "-v -c=v");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--color", "x")),
		     "--color op:x");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--col=always")),
		     "--color=always");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--color=")), "--color=");
}

TEST(ambiguity_follows_glibc)
{
	static const struct opt_long same[] = {
		{ "color", OPT_ARG_OPTIONAL, 300 },
		{ "colour", OPT_ARG_OPTIONAL, 300 },
		{ NULL, 0, 0 },
	};
	static const struct opt_long differ[] = {
		{ "color", OPT_ARG_OPTIONAL, 300 },
		{ "colour", OPT_ARG_REQUIRED, 300 },
		{ NULL, 0, 0 },
	};
	struct opt_decl d = { .shorts = "", .longs = same };

	/* Two prefixes reported the same way are not ambiguous; the first
	 * declared is the one matched. */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--col=x")), "--color=x");
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--colo")), "--color");
	d.longs = differ;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--col=x", "f")),
		     "err:ambiguous(0) op:f");
	/* Under long_only any two prefixes are ambiguous (glibc). */
	d.longs = same;
	d.long_only = true;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--col")), "err:ambiguous(0)");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-col")), "err:ambiguous(0)");
}

TEST(exact_match_beats_prefix)
{
	static const struct opt_long longs[] = {
		{ "verbose", OPT_ARG_NONE, 'v' },
		{ "version", OPT_ARG_NONE, 'V' },
		{ "ver", OPT_ARG_REQUIRED, 301 },
		{ NULL, 0, 0 },
	};
	static const struct opt_decl d = { .longs = longs };

	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--ver", "x")), "--ver=x");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--verb")), "--verbose");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--ve")), "err:ambiguous(0)");
	/* "--=x": the empty name is a prefix of every option. */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--=x")), "err:ambiguous(0)");
}

TEST(long_only_and_short_fallback)
{
	static const struct opt_long longs[] = {
		{ "all", OPT_ARG_NONE, 300 },
		{ "bar", OPT_ARG_REQUIRED, 301 },
		{ NULL, 0, 0 },
	};
	static const struct opt_decl d = {
		.shorts = "ab:x", .longs = longs, .long_only = true,
	};

	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-all")), "--all");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-al")), "--all");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-ba", "v")), "--bar=v");
	/* "-a" is the short option a, not an abbreviation of -all. */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "-a");
	/* No long option "bxyz": falls back to -b with the value "xyz". */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-bxyz")), "-b=xyz");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-xa")), "-x -a");
	/* Not a short option, no long one: a long-style error. */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-qa")), "err:unknown(0)");
	/* "--" forms never fall back. */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--xa")), "err:unknown(0)");
}

TEST(errors)
{
	_cleanup_free_ struct opt_event *ev = NULL;
	char *argv[] = { (char *)"grep", (char *)"--count=3" };

	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("-iQ", "x")),
		     "-i err:unknown(81) op:x");
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("x", "-e")),
		     "err:missing(101) op:x");
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--regexp")),
		     "err:missing(101)");
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("--nope", "x")),
		     "err:unknown(0) op:x");
	/* ':' and ';' are never options, even though in the optstring. */
	ASSERT_STREQ(run(&grep, OPT_ORDER_PERMUTE, W("-:")), "err:unknown(58)");
	ASSERT_EQ(opt_parse(&grep, OPT_ORDER_PERMUTE, 2, argv, &ev), 1);
	ASSERT_EQ(ev[0].kind, OPT_EV_ERROR);
	ASSERT_EQ(ev[0].error, OPT_ERR_UNEXPECTED_VALUE);
	ASSERT_EQ(ev[0].error_opt, 'c');
	ASSERT_TRUE(ev[0].is_long);
	ASSERT_STREQ(ev[0].long_name, "count");
}

TEST(return_in_order)
{
	ASSERT_STREQ(run(&grep, OPT_ORDER_RETURN_IN_ORDER,
			 W("a", "-i", "b", "--", "-c", "d")),
		     "io:a -i io:b -- op:-c op:d");
}

TEST(w_semicolon)
{
	static const struct opt_long longs[] = {
		{ "foo", OPT_ARG_REQUIRED, 300 },
		{ "flag", OPT_ARG_NONE, 301 },
		{ NULL, 0, 0 },
	};
	struct opt_decl d = { .shorts = "aW;", .longs = longs };
	_cleanup_free_ struct opt_event *ev = NULL;
	char *argv[] = { (char *)"p", (char *)"-aW", (char *)"fo",
			 (char *)"bar", (char *)"x" };

	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-W", "foo", "bar", "x")),
		     "--foo=bar op:x");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-Wfoo=bar")), "--foo=bar");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-Wfl", "x")), "--flag op:x");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-W")), "err:missing(87)");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-Wf")), "err:ambiguous(0)");
	ASSERT_EQ(opt_parse(&d, OPT_ORDER_PERMUTE, 5, argv, &ev), 3);
	ASSERT_EQ(ev[1].argi, 1);
	ASSERT_EQ(ev[1].value_argi, 3);
	ASSERT_EQ(ev[2].argi, 4);
	/* Without a long table, W; is a plain flag (as in glibc). */
	d.longs = NULL;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-Wa", "x")), "-W -a op:x");
}

TEST(no_long_table)
{
	static const struct opt_long empty[] = { { NULL, 0, 0 } };
	struct opt_decl d = { .shorts = "fo" };

	/* glibc: without a table, "--fo" is the cluster '-', 'f', 'o'. */
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--fo")),
		     "err:unknown(45) -f -o");
	d.longs = empty;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("--fo")), "err:unknown(0)");
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, NONE), "");
}

TEST(bad_declarations)
{
	static const struct opt_long empty_name[] = { { "", OPT_ARG_NONE, 300 }, { NULL, 0, 0 } };
	static const struct opt_long eq_name[] = { { "a=b", OPT_ARG_NONE, 300 }, { NULL, 0, 0 } };
	static const struct opt_long zero_id[] = { { "a", OPT_ARG_NONE, 0 }, { NULL, 0, 0 } };
	static const struct opt_long bad_arg[] = { { "a", (enum opt_arg)7, 300 }, { NULL, 0, 0 } };
	static const char *const bad_shorts[] = { "+a", "-a", ":a", "a:::",
		"?", "a;", " ", "a\x80" };
	_cleanup_free_ struct opt_event *ev = NULL;
	char *argv[] = { (char *)"p", NULL };
	struct opt_decl d = { .shorts = "a" };

	for (size_t i = 0; i < ARRAY_SIZE(bad_shorts); i++) {
		d.shorts = bad_shorts[i];
		ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "EINVAL");
	}
	{
		static char too_long[OPT_MAX_SHORTS + 2];

		memset(too_long, 'a', sizeof(too_long) - 1);
		d.shorts = too_long;
		ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "EINVAL");
		too_long[OPT_MAX_SHORTS] = '\0';
		ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "-a");
	}
	d.shorts = "a";
	d.longs = empty_name;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "EINVAL");
	d.longs = eq_name;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "EINVAL");
	d.longs = zero_id;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "EINVAL");
	d.longs = bad_arg;
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a")), "EINVAL");
	d.longs = NULL;
	ASSERT_STREQ(run(&d, (enum opt_order)9, W("-a")), "EINVAL");
	ASSERT_EQ(opt_parse(NULL, OPT_ORDER_PERMUTE, 1, argv, &ev), -EINVAL);
	ASSERT_EQ(opt_parse(&d, OPT_ORDER_PERMUTE, 2, argv, &ev), -EINVAL);
	ASSERT_EQ(opt_parse(&d, OPT_ORDER_PERMUTE, -1, argv, &ev), -EINVAL);
	ASSERT_EQ(opt_parse(&d, OPT_ORDER_PERMUTE, OPT_MAX_ARGC + 1, argv, &ev),
		  -E2BIG);
	/* A repeated short option: the first declaration wins, as in glibc. */
	d.shorts = "aa:";
	ASSERT_STREQ(run(&d, OPT_ORDER_PERMUTE, W("-a", "x")), "-a op:x");
	ASSERT_EQ(opt_parse(&d, OPT_ORDER_PERMUTE, 0, argv, &ev), 0);
}

TEST(many_words_and_long_clusters)
{
	/* More words than the on-stack operand list, and a cluster longer
	 * than the first allocation: both grow. */
	enum { N = 300 };
	static char *argv[N + 2];
	static char cluster[200];
	_cleanup_free_ struct opt_event *ev = NULL;
	int n;

	argv[0] = (char *)"grep";
	for (int i = 1; i <= N; i++)
		argv[i] = (char *)(i % 2 ? "file" : "-i");
	cluster[0] = '-';
	memset(cluster + 1, 'i', sizeof(cluster) - 2);
	argv[N + 1] = cluster;
	n = opt_parse(&grep, OPT_ORDER_PERMUTE, N + 2, argv, &ev);
	ASSERT_EQ(n, N / 2 + (int)sizeof(cluster) - 2 + N / 2);
	for (int i = 0; i < N / 2 + (int)sizeof(cluster) - 2; i++)
		ASSERT_EQ(ev[i].id, 'i');
	for (int i = n - N / 2; i < n; i++) {
		ASSERT_EQ(ev[i].kind, OPT_EV_OPERAND);
		ASSERT_STREQ(ev[i].value, "file");
		ASSERT_EQ(ev[i].argi % 2, 1);
	}
}

TAP_MAIN(grep_abbreviated_regexp, grep_clustered_value,
	 grep_option_after_operand, double_dash, dash_and_empty_are_operands,
	 optional_values, ambiguity_follows_glibc, exact_match_beats_prefix,
	 long_only_and_short_fallback, errors, return_in_order, w_semicolon,
	 no_long_table, bad_declarations, many_words_and_long_clusters)
