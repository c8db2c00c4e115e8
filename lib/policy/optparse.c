/* SPDX-License-Identifier: MIT */
/*
 * A reentrant reading of a command line the way glibc 2.36's getopt_long
 * (posix/getopt.c) reads it. Written from the behaviour, not the code, and
 * checked against the real getopt_long by optparse_diff.c; the places where
 * glibc does something surprising are marked "glibc:".
 *
 * glibc permutes argv in place as it goes. We never touch argv: permutation
 * only moves the skipped operands behind the options, keeping both groups in
 * their original order, so it is enough to walk the words once, left to
 * right, and to report the operands we skipped after the options.
 */
#include "optparse.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

struct parser {
	const struct opt_decl *decl;
	const char *shorts;
	int argc;
	char *const *argv;
	struct opt_event *ev;
	size_t n, cap;
};

static int
push(struct parser *p, struct opt_event e)
{
	if (p->n == p->cap) {
		/* Rare: only clusters of several short options per word get
		 * here, as the first allocation has room for one event per
		 * word. */
		size_t ncap = p->cap * 2;
		struct opt_event *nev;

		if (ncap > SIZE_MAX / sizeof(*nev))
			return -ENOMEM;
		nev = realloc(p->ev, ncap * sizeof(*nev));
		if (!nev)
			return -ENOMEM;
		p->ev = nev;
		p->cap = ncap;
	}
	p->ev[p->n++] = e;
	return 0;
}

static struct opt_event
ev_new(enum opt_event_kind kind, int argi)
{
	return (struct opt_event){
		.kind = kind,
		.argi = argi,
		.value_argi = -1,
		.error = OPT_ERR_NONE,
	};
}

static int
push_error(struct parser *p, int argi, enum opt_error_kind err, int opt,
	   bool is_long, const char *long_name)
{
	struct opt_event e = ev_new(OPT_EV_ERROR, argi);

	e.error = err;
	e.error_opt = opt;
	e.is_long = is_long;
	e.long_name = long_name;
	return push(p, e);
}

/* getopt's strchr(optstring, c): any occurrence, including the ':' and ';'
 * that are not options themselves (the callers reject those where glibc
 * does). */
static bool
in_shorts(const struct parser *p, char c)
{
	return c != '\0' && strchr(p->shorts, c) != NULL;
}

enum { LONG_FALLBACK = 1 };

/*
 * The word argv[*argi] holds a long option whose name starts at name (after
 * "--", "-" under long_only, or anything when reached through "-W name",
 * where word_argi is the "-W" word). Consumes the word (and the next one for
 * a separate required value) and pushes one event, except that under
 * long_only a name that matches no long option and whose first character
 * is a short option returns LONG_FALLBACK, having consumed nothing.
 */
static int
parse_long(struct parser *p, int *argi, int word_argi, const char *name,
	   bool long_only)
{
	const struct opt_long *found = NULL, *exact = NULL, *l;
	const char *end = strchrnul(name, '=');
	size_t len = (size_t)(end - name);
	bool ambiguous = false;
	struct opt_event e;

	/* One pass: an exact match wins wherever it is; otherwise the first
	 * prefix match, unless a later one makes it ambiguous. The first
	 * character is compared inline as most names differ there. */
	for (l = p->decl->longs; l->name; l++) {
		if (len > 0 && l->name[0] != name[0])
			continue;
		if (strncmp(l->name, name, len) != 0)
			continue;
		if (l->name[len] == '\0') {
			exact = l;
			break;
		}
		if (!found)
			found = l;
		/* glibc: prefixes of options that would be reported the
		 * same way (has_arg, flag, val) are not ambiguous, except
		 * under long_only, where any second prefix match is. */
		else if (long_only || l->arg != found->arg || l->id != found->id)
			ambiguous = true;
	}
	if (exact)
		found = exact;
	else if (ambiguous) {
		(*argi)++;
		return push_error(p, word_argi, OPT_ERR_AMBIGUOUS, 0, true,
				  NULL);
	}

	if (!found) {
		/* glibc: under long_only, "-xyz" falls back to short options
		 * only when it was written with one dash and its first
		 * character appears anywhere in the optstring. */
		if (!long_only || p->argv[*argi][1] == '-' ||
		    !in_shorts(p, name[0])) {
			(*argi)++;
			return push_error(p, word_argi, OPT_ERR_UNKNOWN, 0,
					  true, NULL);
		}
		return LONG_FALLBACK;
	}

	(*argi)++;
	e = ev_new(OPT_EV_OPTION, word_argi);
	e.id = found->id;
	e.is_long = true;
	e.long_name = found->name;
	if (*end == '=') {
		if (found->arg == OPT_ARG_NONE)
			return push_error(p, word_argi,
					  OPT_ERR_UNEXPECTED_VALUE, found->id,
					  true, found->name);
		e.value = end + 1;
		e.value_argi = *argi - 1;
	} else if (found->arg == OPT_ARG_REQUIRED) {
		/* The next word is the value whatever it looks like ("--",
		 * "-x", ""): glibc does not look at it. */
		if (*argi >= p->argc)
			return push_error(p, word_argi, OPT_ERR_MISSING_VALUE,
					  found->id, true, found->name);
		e.value = p->argv[*argi];
		e.value_argi = *argi;
		(*argi)++;
	}
	return push(p, e);
}

/* One option word, argv[*argi] ("-..." but not "-" or "--"): pushes its
 * events and moves *argi past it and any value it took. */
static int
parse_option_word(struct parser *p, int *argi)
{
	const char *word = p->argv[*argi], *next;
	int wi = *argi;
	int r;

	if (p->decl->longs) {
		if (word[1] == '-')
			return parse_long(p, argi, wi, word + 2,
					  p->decl->long_only);
		/* glibc: under long_only, a two-character "-x" whose x is a
		 * short option is always that short option, so that it can
		 * still be given; anything else is tried as a long one. */
		if (p->decl->long_only && (word[2] || !in_shorts(p, word[1]))) {
			r = parse_long(p, argi, wi, word + 1, true);
			if (r != LONG_FALLBACK)
				return r;
		}
	}

	next = word + 1;
	for (;;) {
		char c = *next++;
		const char *decl = strchr(p->shorts, c);
		bool last = *next == '\0';
		struct opt_event e;

		if (!decl || c == ':' || c == ';') {
			r = push_error(p, wi, OPT_ERR_UNKNOWN, (unsigned char)c,
				       false, NULL);
			if (r < 0)
				return r;
			if (last) {
				(*argi)++;
				return 0;
			}
			continue;
		}

		if (decl[0] == 'W' && decl[1] == ';' && p->decl->longs) {
			/* "-Wname" or "-W name" is "--name" (never long_only,
			 * whatever the declaration says). */
			if (!last) {
				return parse_long(p, argi, wi, next, false);
			}
			(*argi)++;
			if (*argi >= p->argc)
				return push_error(p, wi, OPT_ERR_MISSING_VALUE,
						  (unsigned char)c, false, NULL);
			return parse_long(p, argi, wi, p->argv[*argi], false);
		}

		e = ev_new(OPT_EV_OPTION, wi);
		e.id = (unsigned char)c;
		if (decl[1] == ':' && decl[2] == ':') {
			/* Optional: only an attached value. */
			if (!last) {
				e.value = next;
				e.value_argi = wi;
			}
			(*argi)++;
			return push(p, e);
		}
		if (decl[1] == ':') {
			if (!last) {
				e.value = next;
				e.value_argi = wi;
				(*argi)++;
			} else if (wi + 1 >= p->argc) {
				(*argi)++;
				return push_error(p, wi, OPT_ERR_MISSING_VALUE,
						  (unsigned char)c, false,
						  NULL);
			} else {
				e.value = p->argv[wi + 1];
				e.value_argi = wi + 1;
				*argi += 2;
			}
			return push(p, e);
		}

		r = push(p, e);
		if (r < 0)
			return r;
		if (last) {
			(*argi)++;
			return 0;
		}
	}
}

static int
check_decl(const struct opt_decl *decl)
{
	const char *s = decl->shorts ? decl->shorts : "";
	size_t n = 0;

	if (s[0] == '+' || s[0] == '-' || strnlen(s, OPT_MAX_SHORTS + 1) > OPT_MAX_SHORTS)
		return -EINVAL;
	while (*s) {
		char c = *s++;

		if (c < '!' || c > '~' || c == ':' || c == ';' || c == '?')
			return -EINVAL;
		if (c == 'W' && *s == ';') {
			s++;
			continue;
		}
		if (*s == ':') {
			s++;
			if (*s == ':')
				s++;
		}
	}

	if (!decl->longs)
		return 0;
	for (const struct opt_long *l = decl->longs; l->name; l++) {
		size_t len = strnlen(l->name, OPT_MAX_NAME + 1);

		if (++n > OPT_MAX_LONGS || len == 0 || len > OPT_MAX_NAME ||
		    memchr(l->name, '=', len) || l->id <= 0)
			return -EINVAL;
		switch (l->arg) {
		case OPT_ARG_NONE:
		case OPT_ARG_REQUIRED:
		case OPT_ARG_OPTIONAL:
			break;
		default:
			return -EINVAL;
		}
	}
	return 0;
}

static int
push_operand(struct parser *p, int argi, int id)
{
	struct opt_event e = ev_new(OPT_EV_OPERAND, argi);

	e.id = id;
	e.value = p->argv[argi];
	return push(p, e);
}

int
opt_parse(const struct opt_decl *decl, enum opt_order order, int argc,
	  char *const *argv, struct opt_event **ret_events)
{
	struct parser p = { .decl = decl, .argc = argc, .argv = argv };
	/* The operands PERMUTE skips, reported after the options; on the
	 * stack for the usual command line. */
	int skipped_stack[64];
	_cleanup_free_ int *skipped_heap = NULL;
	int *skipped = skipped_stack;
	int n_skipped = 0, argi = 1, rest = argc, r;

	if (!decl || !ret_events || argc < 0 || (argc > 0 && !argv))
		return -EINVAL;
	if (order != OPT_ORDER_PERMUTE && order != OPT_ORDER_REQUIRE &&
	    order != OPT_ORDER_RETURN_IN_ORDER)
		return -EINVAL;
	r = check_decl(decl);
	if (r < 0)
		return r;
	if (argc > OPT_MAX_ARGC)
		return -E2BIG;
	for (int i = 0; i < argc; i++)
		if (!argv[i])
			return -EINVAL;

	if (order == OPT_ORDER_PERMUTE && (size_t)argc > ARRAY_SIZE(skipped_stack)) {
		skipped_heap = malloc((size_t)argc * sizeof(*skipped_heap));
		if (!skipped_heap)
			return -ENOMEM;
		skipped = skipped_heap;
	}
	p.shorts = decl->shorts ? decl->shorts : "";
	p.cap = (size_t)argc + 4;
	p.ev = malloc(p.cap * sizeof(*p.ev));
	if (!p.ev)
		return -ENOMEM;

	while (argi < argc) {
		const char *w = argv[argi];

		/* glibc: "-" and "" are operands, like any word not
		 * starting with '-'. */
		if (w[0] != '-' || w[1] == '\0') {
			if (order == OPT_ORDER_REQUIRE) {
				rest = argi;
				break;
			}
			if (order == OPT_ORDER_RETURN_IN_ORDER)
				r = push_operand(&p, argi, 1);
			else {
				skipped[n_skipped++] = argi;
				r = 0;
			}
			if (r < 0)
				goto fail;
			argi++;
			continue;
		}
		if (strcmp(w, "--") == 0) {
			r = push(&p, ev_new(OPT_EV_END_MARK, argi));
			if (r < 0)
				goto fail;
			rest = argi + 1;
			break;
		}
		r = parse_option_word(&p, &argi);
		if (r < 0)
			goto fail;
	}

	for (int i = 0; i < n_skipped; i++) {
		r = push_operand(&p, skipped[i], 0);
		if (r < 0)
			goto fail;
	}
	for (int i = rest; i < argc; i++) {
		r = push_operand(&p, i, 0);
		if (r < 0)
			goto fail;
	}
	*ret_events = p.ev;
	return (int)p.n;
fail:
	free(p.ev);
	return r;
}
