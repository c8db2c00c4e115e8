/* SPDX-License-Identifier: MIT */
/*
 * Differential test: opt_parse against the real glibc getopt_long and
 * getopt_long_only, on random option declarations and random command lines.
 * Every option, value (by pointer: both point into the same argv strings),
 * long option matched, error kind, optopt, "--" and operand (after glibc's
 * permutation) must agree.
 *
 *   optparse_diff [SEED [CASES]]      run CASES cases (default 120000)
 *   optparse_diff --case SEED N       replay case N of SEED, printing both
 *                                     traces
 *
 * glibc's error kind is read from the message it prints: stderr is pointed
 * at a memory stream while getopt runs (glibc prints through the stderr
 * variable, in the C locale here). A quarter of the cases run with
 * opterr = 0 instead (glibc takes a slightly different path for an
 * ambiguous option then); those compare everything but the error kind.
 *
 * tests/fuzz/fuzz_optparse.c includes this file with OPTPARSE_DIFF_NO_MAIN
 * defined, to drive the same comparison from libFuzzer's inputs.
 *
 * Each case draws from its own generator, seeded from (SEED, N), so that one
 * failing case can be replayed alone. Output is TAP: one result per
 * (ordering, long_only) pair.
 */
#include <ctype.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "optparse.h"

#define MAX_LONGS 10
#define MAX_ARGC 24
#define WORD_MAX 32
#define MAX_CALLS (MAX_ARGC * WORD_MAX + 1) /* one per byte, at most */

struct gcase {
	enum opt_order order;
	bool long_only;
	bool longs_null;
	bool posixly_correct; /* REQUIRE by the environment, not '+' */
	bool silent;          /* opterr = 0: glibc prints nothing, so the
			       * error kinds are not compared */
	char shorts[64];
	int n_longs;
	char names[MAX_LONGS][WORD_MAX];
	struct opt_long longs[MAX_LONGS + 1];
	int argc;
	/* One buffer per word, so that a pointer names the word it is in. */
	char words[MAX_ARGC][WORD_MAX];
	char *argv[MAX_ARGC + 1];
};

#ifndef OPTPARSE_DIFF_NO_MAIN
/* ---- the generator ---------------------------------------------------- */

struct rng {
	uint64_t s;
};

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned
rnd(struct rng *r, unsigned n)
{
	return (unsigned)(splitmix(&r->s) % n);
}

static bool
chance(struct rng *r, unsigned percent)
{
	return rnd(r, 100) < percent;
}

/* Names with shared prefixes, so that abbreviations are often ambiguous,
 * often unique, and sometimes exact matches of a longer name's prefix. */
static const char *const name_pool[] = {
	"a", "ab", "abc", "abd", "b", "ba", "bar", "baz", "col", "color",
	"colour", "verbose", "version", "ver", "reg", "regexp", "recursive",
	"x-y", "x", "file", "files", "W", "e", "w",
};

/* Short option characters tried; some rarely declared ('-', '#', '1'). */
static const char short_pool[] = "abcdefWxe-1#";

static const char *const value_pool[] = {
	"", "v", "root", "-x", "--", "-", "=", "a=b", "--abc",
};

static void
gen_decl(struct rng *r, struct gcase *c)
{
	size_t n = 0;
	int k = (int)rnd(r, 7);

	for (int i = 0; i < k && n + 4 < sizeof(c->shorts); i++) {
		char ch = short_pool[rnd(r, sizeof(short_pool) - 1)];

		if (ch == '-' && n == 0)
			ch = 'z'; /* a leading '-' would be the ordering */
		c->shorts[n++] = ch;
		if (ch == 'W' && chance(r, 50)) {
			c->shorts[n++] = ';';
			continue;
		}
		switch (rnd(r, 4)) {
		case 1:
			c->shorts[n++] = ':';
			break;
		case 2:
			c->shorts[n++] = ':';
			c->shorts[n++] = ':';
			break;
		default:
			break;
		}
	}
	c->shorts[n] = '\0';

	c->longs_null = chance(r, 12);
	c->n_longs = c->longs_null ? 0 : (int)rnd(r, MAX_LONGS + 1);
	for (int i = 0; i < c->n_longs; i++) {
		struct opt_long *l = &c->longs[i];

		snprintf(c->names[i], WORD_MAX, "%s",
			 name_pool[rnd(r, ARRAY_SIZE(name_pool))]);
		l->name = c->names[i];
		l->arg = (enum opt_arg)rnd(r, 3);
		if (i > 0 && chance(r, 25)) {
			/* Same report as an earlier option: glibc does not
			 * call such prefixes ambiguous (except long_only). */
			const struct opt_long *o = &c->longs[rnd(r, (unsigned)i)];
			l->id = o->id;
			if (chance(r, 70))
				l->arg = o->arg;
		} else if (chance(r, 30)) {
			l->id = "abcdexW"[rnd(r, 7)];
		} else {
			l->id = 256 + (int)rnd(r, 1000);
		}
	}
	c->longs[c->n_longs] = (struct opt_long){ 0 };
}

static void
gen_word(struct rng *r, const struct gcase *c, char *w)
{
	const char *name = c->n_longs > 0 ?
		c->names[rnd(r, (unsigned)c->n_longs)] :
		name_pool[rnd(r, ARRAY_SIZE(name_pool))];
	size_t nl = strlen(name);
	size_t cut = 1 + rnd(r, (unsigned)nl); /* a prefix, maybe all */
	const char *val = value_pool[rnd(r, ARRAY_SIZE(value_pool))];
	char cl[8];
	size_t k = 1 + rnd(r, 4);

	/* Mostly declared characters, so that clusters go on past the first
	 * one; sometimes anything, ':' and ';' included. */
	for (size_t i = 0; i < k; i++) {
		char d = c->shorts[rnd(r, (unsigned)strlen(c->shorts) + 1)];

		cl[i] = d && d != ';' && chance(r, 75) ? d :
			"abcdefWxe-1#:;?=\xe9\xff"[rnd(r, 18)];
	}
	cl[k] = '\0';

	switch (rnd(r, 16)) {
	case 0:
		snprintf(w, WORD_MAX, "%s", (const char *[]){ "file", "x", "", "-", "FILE" }[rnd(r, 5)]);
		break;
	case 1:
		snprintf(w, WORD_MAX, "--");
		break;
	case 2:
	case 3:
	case 4:
		snprintf(w, WORD_MAX, "-%s", cl);
		break;
	case 5:
		snprintf(w, WORD_MAX, "-%s%s", cl, val);
		break;
	case 6:
	case 7:
		snprintf(w, WORD_MAX, "--%.*s", (int)cut, name);
		break;
	case 8:
		snprintf(w, WORD_MAX, "--%.*s=%s", (int)cut, name, val);
		break;
	case 9:
		snprintf(w, WORD_MAX, "-%.*s", (int)cut, name);
		break;
	case 10:
		snprintf(w, WORD_MAX, "-%.*s=%s", (int)cut, name, val);
		break;
	case 11:
		snprintf(w, WORD_MAX, chance(r, 50) ? "-W" : "-W%.*s", (int)cut, name);
		break;
	case 12:
		snprintf(w, WORD_MAX, "%s", val);
		break;
	case 13:
		snprintf(w, WORD_MAX, "%.*s", (int)cut, name);
		break;
	case 14:
		snprintf(w, WORD_MAX, "%s", (const char *[]){ "--=", "--=x", "-=", "---", "-:", "-;", "-?" }[rnd(r, 7)]);
		break;
	default:
		snprintf(w, WORD_MAX, "-%c", "abcdefWxe"[rnd(r, 9)]);
		break;
	}
}

static void
gen_case(uint64_t seed, uint64_t idx, struct gcase *c)
{
	struct rng r = { .s = seed ^ (idx * 0xd1342543de82ef95ULL) };

	(void)splitmix(&r.s);
	memset(c, 0, sizeof(*c));
	c->order = (enum opt_order)(idx % 3);
	c->long_only = (idx / 3) % 2;
	c->posixly_correct = (idx / 6) % 2;
	gen_decl(&r, c);
	c->silent = (idx / 12) % 4 == 3;
	/* Mostly short command lines; some long ones, for permutation. */
	c->argc = 1 + (int)rnd(&r, chance(&r, 85) ? 10 : MAX_ARGC);
	snprintf(c->words[0], WORD_MAX, "prog");
	for (int i = 1; i < c->argc; i++)
		gen_word(&r, c, c->words[i]);
	for (int i = 0; i < c->argc; i++)
		c->argv[i] = c->words[i];
	c->argv[c->argc] = NULL;
}

#endif /* OPTPARSE_DIFF_NO_MAIN */

/* ---- the glibc side ---------------------------------------------------- */

struct gret {
	int ret;
	char *optarg;
	int optopt;
	int longind;
	char msg[1024];
};

struct gtrace {
	struct gret r[MAX_CALLS];
	int n;
	char *av[MAX_ARGC + 1]; /* as glibc left it */
	int optind;
};

static char errbuf[1024];
static FILE *errmem;

static void
run_glibc(const struct gcase *c, struct gtrace *t)
{
	static const char *const prefix[] = { "", "+", "-" };
	struct option lo[MAX_LONGS + 1];
	char optstring[80];
	const char *prefix_used;
	FILE *saved = stderr;

	/* REQUIRE is asked for by a '+', or (every other case) by
	 * POSIXLY_CORRECT in the environment, which glibc reads when it
	 * initialises. */
	if (c->order == OPT_ORDER_REQUIRE && c->posixly_correct) {
		setenv("POSIXLY_CORRECT", "1", 1);
		prefix_used = "";
	} else {
		prefix_used = prefix[c->order];
	}
	snprintf(optstring, sizeof(optstring), "%s%s", prefix_used,
		 c->shorts);
	for (int i = 0; i <= c->n_longs; i++)
		lo[i] = (struct option){ c->longs[i].name, (int)c->longs[i].arg,
					 NULL, c->longs[i].id };
	memcpy(t->av, c->argv, sizeof(t->av));
	t->n = 0;

	stderr = errmem;
	optind = 0; /* glibc: 0 re-initialises everything */
	opterr = !c->silent; /* printed into errmem: it names the error */
	for (;;) {
		struct gret *g = &t->r[t->n];
		long len;

		rewind(errmem);
		g->longind = -1;
		optopt = 0;
		if (c->long_only)
			g->ret = getopt_long_only(c->argc, t->av, optstring,
						  c->longs_null ? NULL : lo,
						  &g->longind);
		else
			g->ret = getopt_long(c->argc, t->av, optstring,
					     c->longs_null ? NULL : lo,
					     &g->longind);
		fflush(errmem);
		len = ftell(errmem);
		if (len < 0)
			len = 0;
		if ((size_t)len >= sizeof(g->msg))
			len = sizeof(g->msg) - 1;
		memcpy(g->msg, errbuf, (size_t)len);
		g->msg[len] = '\0';
		g->optarg = optarg;
		g->optopt = optopt;
		if (g->ret == -1 || ++t->n == MAX_CALLS)
			break;
	}
	t->optind = optind;
	stderr = saved;
	unsetenv("POSIXLY_CORRECT");
}

static bool
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool
ends(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/*
 * The error glibc reported, from its message (argv[0] is "prog"). A long
 * option's message quotes what was typed, which may contain any of the
 * phrases, so the kind is read from the parts the user does not write: the
 * short templates whole, the start, then the end (an unwanted or missing
 * value quotes the declared name, which has no spaces; an ambiguous one
 * ends with the list of declared names).
 */
static enum opt_error_kind
msg_kind(const char *m, bool *ret_long)
{
	*ret_long = false;
	if (starts(m, "prog: invalid option -- '") &&
	    strlen(m) == strlen("prog: invalid option -- 'x'\n"))
		return OPT_ERR_UNKNOWN;
	if (starts(m, "prog: option requires an argument -- '") &&
	    strlen(m) == strlen("prog: option requires an argument -- 'x'\n"))
		return OPT_ERR_MISSING_VALUE;
	*ret_long = true;
	if (starts(m, "prog: unrecognized option '") && ends(m, "'\n"))
		return OPT_ERR_UNKNOWN;
	if (!starts(m, "prog: option '"))
		return OPT_ERR_NONE;
	if (ends(m, "' doesn't allow an argument\n"))
		return OPT_ERR_UNEXPECTED_VALUE;
	if (ends(m, "' requires an argument\n"))
		return OPT_ERR_MISSING_VALUE;
	if (ends(m, "' is ambiguous\n") || strstr(m, "' is ambiguous; possibilities: '"))
		return OPT_ERR_AMBIGUOUS;
	return OPT_ERR_NONE;
}

/* ---- printing a case --------------------------------------------------- */

static void
put_c_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if (isprint((unsigned char)*s))
			putchar(*s);
		else
			printf("\\x%02x", (unsigned char)*s);
	}
	putchar('"');
}

static const char *const order_name[] = { "PERMUTE", "REQUIRE", "RETURN_IN_ORDER" };
static const char *const kind_name[] = { "OPTION", "OPERAND", "ERROR", "END_MARK" };
static const char *const err_name[] = { "NONE", "UNKNOWN", "MISSING_VALUE",
					"AMBIGUOUS", "UNEXPECTED_VALUE" };

static int
word_of(const struct gcase *c, const char *p)
{
	for (int i = 0; i < c->argc; i++)
		if (p >= c->words[i] && p < c->words[i] + WORD_MAX)
			return i;
	return -1;
}

static void
print_case(uint64_t seed, uint64_t idx, const struct gcase *c,
	   const struct gtrace *t, const struct opt_event *ev, int n)
{
	printf("# case: seed %" PRIu64 " n %" PRIu64
	       " (replay: optparse_diff --case %" PRIu64 " %" PRIu64 ")\n",
	       seed, idx, seed, idx);
	printf("#   order %s%s, long_only %d, opterr %d, shorts ",
	       order_name[c->order],
	       c->order == OPT_ORDER_REQUIRE && c->posixly_correct ?
	       " (by POSIXLY_CORRECT)" : "", c->long_only, !c->silent);
	put_c_string(c->shorts);
	printf("\n#   longs%s:", c->longs_null ? " NULL" : "");
	for (int i = 0; i < c->n_longs; i++)
		printf(" {%s, %d, %d}", c->longs[i].name, (int)c->longs[i].arg,
		       c->longs[i].id);
	printf("\n#   argv:");
	for (int i = 0; i < c->argc; i++) {
		putchar(' ');
		put_c_string(c->words[i]);
	}
	printf("\n#   glibc:");
	for (int i = 0; i < t->n; i++) {
		const struct gret *g = &t->r[i];
		printf(" [ret %d optarg %s%s@%d optopt %d longind %d%s%.*s]",
		       g->ret, g->optarg ? "" : "NULL",
		       g->optarg ? g->optarg : "", g->optarg ?
		       word_of(c, g->optarg) : -1, g->optopt, g->longind,
		       g->msg[0] ? " msg " : "", (int)strcspn(g->msg, "\n"),
		       g->msg);
	}
	printf(" -1; optind %d, operands:", t->optind);
	for (int i = t->optind; i < c->argc; i++)
		printf(" %d", word_of(c, t->av[i]));
	printf("\n#   ours:");
	if (n < 0)
		printf(" error %d", n);
	for (int i = 0; i < n; i++) {
		const struct opt_event *e = &ev[i];
		printf(" [%s id %d argi %d", kind_name[e->kind], e->id, e->argi);
		if (e->value)
			printf(" value %s@%d", e->value, e->value_argi);
		if (e->is_long)
			printf(" long %s", e->long_name ? e->long_name : "(null)");
		if (e->kind == OPT_EV_ERROR)
			printf(" %s opt %d", err_name[e->error], e->error_opt);
		printf("]");
	}
	printf("\n");
}

/* ---- comparison -------------------------------------------------------- */

static int
norm_optopt(int o)
{
	/* glibc stores the option character as a (signed) char. */
	return o < 0 ? (o & 0xff) : o;
}

/* NULL when they agree, else what differs first. */
static const char *
compare(const struct gcase *c, const struct gtrace *t,
	const struct opt_event *ev, int n)
{
	int k = 0;

	if (n < 0)
		return "opt_parse failed";
	if (t->n == MAX_CALLS)
		return "glibc did not finish";
	for (int i = 0; i < t->n; i++) {
		const struct gret *g = &t->r[i];
		const struct opt_event *e;

		if (g->ret == -1)
			break;
		if (k >= n)
			return "fewer events than glibc returns";
		e = &ev[k++];
		if (g->ret == 1) {
			if (e->kind != OPT_EV_OPERAND || e->id != 1)
				return "glibc returned an operand in order";
			if (e->value != g->optarg ||
			    c->argv[e->argi] != g->optarg)
				return "in-order operand differs";
			continue;
		}
		if (g->ret == '?' || g->ret == ':') {
			bool is_long;
			enum opt_error_kind kind = msg_kind(g->msg, &is_long);

			if (e->kind != OPT_EV_ERROR)
				return "glibc reported an error";
			if (e->error_opt != norm_optopt(g->optopt))
				return "optopt differs";
			if (c->silent) {
				if (g->msg[0])
					return "glibc printed with opterr 0";
				continue;
			}
			if (kind == OPT_ERR_NONE)
				return "glibc message not understood";
			if (e->error != kind)
				return "error kind differs";
			if (e->is_long != is_long)
				return "error short/long differs";
			continue;
		}
		if (e->kind != OPT_EV_OPTION)
			return "glibc returned an option";
		if (e->id != g->ret)
			return "option id differs";
		if (e->value != g->optarg)
			return "option value differs";
		if (e->is_long != (g->longind >= 0))
			return "short/long differs";
		if (e->is_long && e->long_name != c->longs[g->longind].name)
			return "long option matched differs";
		if (e->value && (e->value_argi < 1 ||
				 word_of(c, e->value) != e->value_argi))
			return "value_argi wrong";
		if (e->argi < 1 || e->argi >= c->argc || c->words[e->argi][0] != '-')
			return "argi wrong";
	}
	if (k < n && ev[k].kind == OPT_EV_END_MARK) {
		/* glibc leaves the "--" it ended on just before optind. */
		if (t->optind < 2 || t->av[t->optind - 1] != c->argv[ev[k].argi] ||
		    strcmp(c->argv[ev[k].argi], "--") != 0)
			return "end mark differs";
		k++;
	}
	for (int i = t->optind; i < c->argc; i++, k++) {
		if (k >= n)
			return "fewer operands than glibc";
		if (ev[k].kind != OPT_EV_OPERAND || ev[k].id != 0)
			return "expected an operand";
		if (c->argv[ev[k].argi] != t->av[i] || ev[k].value != t->av[i])
			return "operand differs";
	}
	if (k != n)
		return "more events than glibc";
	return NULL;
}

#ifndef OPTPARSE_DIFF_NO_MAIN
/* ---- the driver ------------------------------------------------------- */

struct stats {
	uint64_t options, longs, via_w, values, operands, end_marks;
	uint64_t errors[5];
};

static void
count(struct stats *st, const struct gcase *c, const struct opt_event *ev,
      int n)
{
	for (int i = 0; i < n; i++) {
		switch (ev[i].kind) {
		case OPT_EV_OPTION:
			st->options++;
			st->longs += ev[i].is_long;
			st->values += ev[i].value != NULL;
			st->via_w += ev[i].is_long && !c->long_only &&
				     c->argv[ev[i].argi][1] == 'W';
			break;
		case OPT_EV_OPERAND:
			st->operands++;
			break;
		case OPT_EV_END_MARK:
			st->end_marks++;
			break;
		case OPT_EV_ERROR:
			st->errors[ev[i].error]++;
			break;
		default:
			break;
		}
	}
}

/* Runs case idx; prints it when it disagrees (if print) or when verbose. */
static int
run_one(uint64_t seed, uint64_t idx, bool print, bool verbose,
	struct stats *st)
{
	static struct gtrace t;
	struct gcase c;
	struct opt_decl decl;
	_cleanup_free_ struct opt_event *ev = NULL;
	const char *why;
	int n;

	gen_case(seed, idx, &c);
	decl = (struct opt_decl){
		.shorts = c.shorts,
		.longs = c.longs_null ? NULL : c.longs,
		.long_only = c.long_only,
	};
	n = opt_parse(&decl, c.order, c.argc, c.argv, &ev);
	run_glibc(&c, &t);
	why = compare(&c, &t, ev, n);
	if ((why && print) || verbose) {
		printf("# %s\n", why ? why : "agree");
		print_case(seed, idx, &c, &t, ev, n);
	}
	if (!why && st)
		count(st, &c, ev, n);
	return why ? -1 : 0;
}

int
main(int argc, char **argv)
{
	uint64_t seed = 20261202, cases = 120000;
	uint64_t fails[6] = { 0 }, runs[6] = { 0 };
	struct stats st = { 0 };
	int printed = 0, status = 0;

	/* glibc would read it in PERMUTE mode. */
	unsetenv("POSIXLY_CORRECT");
	errmem = fmemopen(errbuf, sizeof(errbuf), "w");
	if (!errmem) {
		printf("Bail out! fmemopen failed\n");
		return 1;
	}

	if (argc == 4 && strcmp(argv[1], "--case") == 0) {
		seed = strtoull(argv[2], NULL, 0);
		return run_one(seed, strtoull(argv[3], NULL, 0), true, true,
			       NULL) < 0;
	}
	if (argc > 1)
		seed = strtoull(argv[1], NULL, 0);
	if (argc > 2)
		cases = strtoull(argv[2], NULL, 0);

	printf("1..6\n# seed %" PRIu64 ", %" PRIu64 " cases\n", seed, cases);
	fflush(stdout);
	for (uint64_t i = 0; i < cases; i++) {
		int group = (int)(i % 6);

		runs[group]++;
		/* Print the first few disagreements in full; count the rest. */
		if (run_one(seed, i, printed < 5, false, &st) < 0) {
			fails[group]++;
			printed++;
		}
	}
	printf("# agreed on: %" PRIu64 " options (%" PRIu64 " long, %" PRIu64
	       " through -W under getopt_long, %" PRIu64 " with a value), %" PRIu64
	       " operands, %" PRIu64 " \"--\"; errors: %" PRIu64
	       " unknown, %" PRIu64 " missing value, %" PRIu64
	       " ambiguous, %" PRIu64 " unexpected value\n",
	       st.options, st.longs, st.via_w, st.values, st.operands,
	       st.end_marks, st.errors[OPT_ERR_UNKNOWN],
	       st.errors[OPT_ERR_MISSING_VALUE], st.errors[OPT_ERR_AMBIGUOUS],
	       st.errors[OPT_ERR_UNEXPECTED_VALUE]);
	for (int g = 0; g < 6; g++) {
		printf("%s %d - %s, long_only %d: %" PRIu64 " cases, %" PRIu64
		       " disagree\n", fails[g] ? "not ok" : "ok", g + 1,
		       order_name[g % 3], g / 3, runs[g], fails[g]);
		if (fails[g])
			status = 1;
	}
	return status;
}
#endif /* OPTPARSE_DIFF_NO_MAIN */
