/* SPDX-License-Identifier: MIT */
/*
 * optparse: glibc getopt_long semantics, reentrant, driven by a command's
 * option declaration, returning every option, value and operand with the
 * argv index it came from. The policy uses it to decide which words of a
 * command line are paths, programs or scripts, exactly as the command's own
 * getopt would: clustered short options (-ieroot), attached and separate
 * values, optional arguments (-c[arg], --x[=arg]), abbreviated long options
 * (--reg=root) with glibc's ambiguity rules, "--", long_only ("-foo" as a
 * long option, as find-like and some BSD tools are not, but e.g. X tools
 * are), GNU permutation, and the stop-at-first-operand reading
 * (POSIXLY_CORRECT, a leading '+', or a BSD tool).
 *
 * The parser never prints and never fails on user input: an unknown option,
 * a missing value or an ambiguous abbreviation is returned as an event of
 * kind OPT_EV_ERROR (as getopt_long returns '?'), so that the caller can
 * decide. Only misuse of the API (bad declarations) returns -EINVAL.
 */
#ifndef LITE_SANDBOX_OPTPARSE_H
#define LITE_SANDBOX_OPTPARSE_H

#include <stdbool.h>
#include <stddef.h>

enum opt_arg {
	OPT_ARG_NONE,     /* no_argument */
	OPT_ARG_REQUIRED, /* required_argument */
	OPT_ARG_OPTIONAL, /* optional_argument: attached only (-c[arg], --x=arg) */
};

struct opt_long {
	const char *name;  /* without the leading dashes */
	enum opt_arg arg;
	int id;            /* what the event reports (a short option char, or any int > 255);
			    * two options with the same id and arg are one option to
			    * glibc's ambiguity check (its has_arg, flag and val), so
			    * give them one id only where the command's table does */
};

struct opt_decl {
	/* getopt's optstring, without the leading '+' / '-' / ':' (those are
	 * the ordering below): "ab:c::" */
	const char *shorts;
	const struct opt_long *longs; /* terminated by a NULL name; may be NULL */
	bool long_only;               /* getopt_long_only */
};

enum opt_order {
	OPT_ORDER_PERMUTE,     /* GNU default: options anywhere, until "--" */
	OPT_ORDER_REQUIRE,     /* POSIXLY_CORRECT / '+': stop at the first operand */
	OPT_ORDER_RETURN_IN_ORDER, /* '-': operands reported in place as id 1 */
};

enum opt_event_kind {
	OPT_EV_OPTION,   /* an option; id set, value set when it took one */
	OPT_EV_OPERAND,  /* a non-option word (after permutation, in argv order) */
	OPT_EV_ERROR,    /* what getopt reports as '?' (or ':' for a missing value) */
	OPT_EV_END_MARK, /* the "--" that ended option parsing */
};

enum opt_error_kind {
	OPT_ERR_NONE,
	OPT_ERR_UNKNOWN,       /* unrecognized option */
	OPT_ERR_MISSING_VALUE, /* requires an argument */
	OPT_ERR_AMBIGUOUS,     /* ambiguous abbreviation */
	OPT_ERR_UNEXPECTED_VALUE, /* --flag=value on a no_argument long option */
};

struct opt_event {
	enum opt_event_kind kind;
	int id;               /* OPTION: the short char or the long option's id;
			       * OPERAND: 1 when reported in place under
			       * RETURN_IN_ORDER (getopt's return value 1), else 0 */
	const char *value;    /* OPTION: its value (points into argv or past '='),
			       * NULL when it took none; OPERAND: the word */
	int argi;             /* index in argv of the word the option (or operand,
			       * error, "--") is in; for "-W name" the "-W" word */
	int value_argi;       /* index of the word holding the value (== argi when
			       * attached), -1 when there is no value */
	bool is_long;         /* written as a long option (also "-W name", and a
			       * long_only "-name") */
	const char *long_name;/* the declared long name matched (not the
			       * abbreviation); NULL for short options and for
			       * unknown or ambiguous long ones */
	enum opt_error_kind error;
	int error_opt;        /* ERROR: what getopt leaves in optopt: the short
			       * char (as unsigned char) for a short option, the
			       * long option's id for a missing or unexpected
			       * value, 0 for an unknown or ambiguous long one */
};

/*
 * Parse argv[1..argc) (argv[0] is the command name, as for getopt) under one
 * ordering. Fills ret_events (allocated with malloc; caller frees) in the
 * order getopt_long would return them (an OPT_EV_END_MARK where "--" ended the
 * options), followed by the operands in the order getopt leaves them in argv
 * after permutation. argv is not modified. Returns the number of events
 * (>= 0) or -EINVAL (bad declaration, see below), -E2BIG (argc over
 * OPT_MAX_ARGC) or -ENOMEM.
 *
 * Declarations are checked: shorts may be NULL (none); each short option is
 * a graphic ASCII character (! to ~) other than ':', ';' and '?', optionally
 * followed by ':' or '::', or is "W;" (glibc's "-W name" means "--name",
 * active only when longs is not NULL, as in glibc); shorts may not start
 * with '+', '-' or ':' (the ordering is a parameter) and have at most
 * OPT_MAX_SHORTS bytes. A repeated short character is allowed and, as with
 * glibc's strchr, its first declaration wins. Long names are non-empty, contain no '=', at most OPT_MAX_NAME
 * bytes, at most OPT_MAX_LONGS of them; ids are > 0. longs == NULL and an
 * empty table differ, as in glibc: without a table, "--foo" is a cluster of
 * short options '-', 'f', 'o', 'o'.
 */
#define OPT_MAX_ARGC (1 << 20)
#define OPT_MAX_LONGS 4096
#define OPT_MAX_NAME 256
#define OPT_MAX_SHORTS 512 /* bytes of shorts */

int opt_parse(const struct opt_decl *decl, enum opt_order order, int argc,
	      char *const *argv, struct opt_event **ret_events);

#endif
