/* SPDX-License-Identifier: MIT */
/*
 * The smaller validators: dd, sort, printf, install/split/diff3/sdiff,
 * ln, rg --pre, less, /usr/bin/time.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- dd ------------------------------------------------------------------------------------------------- */

int
validate_dd(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	int r;
	(void)roles;
	for (size_t i = 1; i < cl->argc; i++) {
		const struct parg *a = &cl->args[i];
		const char *s = a->s ? a->s : a->prefix;
		bool in = strncmp(s, "if=", 3) == 0, out = strncmp(s, "of=", 3) == 0;
		if (!in && !out)
			continue;
		struct parg v = { .s = a->s ? a->s + 3 : NULL, .prefix = a->prefix + 3,
				  .src = a->src };
		if ((r = check_path(w, "dd", &v, out ? ROLE_WRITE : ROLE_READ,
				    in ? PATH_CHECK_RANDOM_SOURCES : 0)) < 0)
			return r;
	}
	return 0;
}

/* ---- the rest ------------------------------------------------------------------------------------------------- */

/* Whether s is --X where X abbreviates (is a prefix of) one of names. */
static bool
long_prefix_of(const char *s, const char *const *names, size_t n)
{
	if (!s || s[0] != '-' || s[1] != '-' || !s[2])
		return false;
	size_t l = strcspn(s + 2, "=");
	for (size_t i = 0; i < n; i++)
		if (l <= strlen(names[i]) && strncmp(s + 2, names[i], l) == 0)
			return true;
	return false;
}

/*
 * sort, split and install, read with their declarations (so that clusters
 * and abbreviations count): the options that run a program are refused, and
 * where split writes without a prefix operand is checked.
 */
static int
misc_by_events(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	char **argv = val_argv(w, cl);
	if (!argv)
		return -ENOMEM;
	int r = 0;
	for (int pass = 0; pass < 2 && r >= 0; pass++) {
		struct opt_event *ev = NULL;
		int cnt = opt_parse(cl->spec->decl, pass ? OPT_ORDER_PERMUTE : OPT_ORDER_REQUIRE,
				    (int)cl->argc, argv, &ev);
		if (cnt < 0)
			return cnt;
		size_t n_ops = 0;
		for (int k = 0; k < cnt && r >= 0; k++) {
			const struct opt_event *e = &ev[k];
			if (e->kind == OPT_EV_OPERAND)
				n_ops++;
			if (e->kind != OPT_EV_OPTION)
				continue;
			const char *ln = e->long_name;
			if (ln && (streq(ln, "compress-program") || streq(ln, "filter") ||
				   streq(ln, "strip-program")))
				r = report_add(w, POLICY_LAYER_ARGS,
					       streq(n, "sort") ? "args.sort-program" : "args.runs-program",
					       val_fix_allow(w, n), false,
					       "%s --%s runs a program the checks do not see", n, ln);
			else if (streq(n, "install") && e->id == 's')
				r = report_add(w, POLICY_LAYER_ARGS, "args.runs-program",
					       val_fix_allow(w, n), false,
					       "install -s runs strip, a program the checks do not see");
			else if (streq(n, "sort") && ln && streq(ln, "files0-from"))
				r = report_add(w, POLICY_LAYER_ARGS, "args.sort-files0",
					       val_fix_allow(w, n), false,
					       "sort --files0-from reads file names the checks do not see");
		}
		free(ev);
		/* split with at most an input operand writes xaa, xab, ... here */
		if (r >= 0 && pass == 1 && streq(n, "split") && n_ops < 2)
			r = check_path_str(w, n, "xaa", ROLE_WRITE, 0);
	}
	(void)roles;
	return r;
}

/* csplit without -f writes xx00, xx01, ... here. */
static int
csplit_prefix(struct walk *w, struct cmdline *cl)
{
	for (size_t i = 1; i < cl->argc; i++) {
		const char *s = cl->args[i].s;
		if (!s)
			return 0; /* the runtime check sees it */
		if (streq(s, "--"))
			break;
		if (starts_with(s, "-f") || long_prefix_of(s, (const char *const[]){ "prefix" }, 1))
			return 0;
		if (s[0] == '-' && s[1] != '-' && strchr(s, 'f'))
			return 0;
	}
	return check_path_str(w, "csplit", "xx00", ROLE_WRITE, 0);
}

/* yq -i / --inplace rewrites its file operands. */
static int
yq_in_place(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	bool in_place = false;
	for (size_t i = 1; i < cl->argc; i++) {
		const char *s = cl->args[i].s;
		if (!s)
			continue;
		if (streq(s, "--"))
			break;
		if (streq(s, "--inplace") || starts_with(s, "--inplace=") ||
		    (s[0] == '-' && s[1] != '-' && strchr(s, 'i')))
			in_place = true;
	}
	if (in_place)
		for (size_t i = 1; i < cl->argc; i++)
			if (roles[i] == ROLE_READ)
				roles[i] = ROLE_WRITE;
	(void)w;
	return 0;
}

int
validate_misc(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	if (cl->spec->decl && (streq(n, "sort") || streq(n, "split") || streq(n, "install")))
		return misc_by_events(w, cl, roles);
	if (streq(n, "csplit"))
		return csplit_prefix(w, cl);
	if (streq(n, "yq"))
		return yq_in_place(w, cl, roles);
	if (streq(n, "printf")) {
		/* printf -v NAME assigns */
		for (size_t i = 1; i + 1 < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s || s[0] != '-' || streq(s, "--"))
				break;
			if (streq(s, "-v")) /* NULL: printf -v "$v" */
				return check_assignment_name(w, cl->args[i + 1].s, "printf -v");
			if (strncmp(s, "-v", 2) == 0)
				return check_assignment_name(w, s + 2, "printf -v");
		}
		return 0;
	}
	if (streq(n, "diff3") || streq(n, "sdiff")) {
		/* --diff-program runs another program; sdiff -o merges
		 * interactively, which can start $EDITOR */
		static const char *const bad_long[] = { "diff-program", "output" };
		bool sd = streq(n, "sdiff");
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s)
				continue;
			if (streq(s, "--"))
				break;
			bool bad = long_prefix_of(s, bad_long, sd ? 2 : 1) ||
				   (sd && s[0] == '-' && s[1] != '-' && strchr(s, 'o'));
			if (bad)
				return report_add(w, POLICY_LAYER_ARGS, "args.runs-program",
						  val_fix_allow(w, n), false,
						  "%s %s runs another program the checks do not see", n, s);
		}
		return 0;
	}
	if (streq(n, "ln")) {
		/* A symbolic link's target is a string stored in the link, not
		 * opened; a hard link's source is. */
		bool sym = false;
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s || streq(s, "--"))
				break;
			if (streq(s, "--symbolic") || (s[0] == '-' && s[1] != '-' && strchr(s, 's')))
				sym = true;
		}
		if (sym)
			for (size_t i = 1; i < cl->argc; i++)
				if (roles[i] == ROLE_READ)
					roles[i] = ROLE_NONE;
		return 0;
	}
	if (streq(n, "rg")) {
		/* --pre runs a program on every file: a wrapped command. */
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			int r;
			if (!s)
				continue;
			if (streq(s, "--"))
				break;
			struct parg *prog = NULL, tmp;
			if (streq(s, "--pre") && i + 1 < cl->argc) {
				prog = &cl->args[++i];
				roles[i] = ROLE_NONE;
			} else if (strncmp(s, "--pre=", 6) == 0) {
				parg_from_string(&tmp, s + 6);
				prog = &tmp;
			}
			if (prog && (r = check_wrapped(w, prog, 1, cl->ck & CK_REPLACE, "rg --pre")) < 0)
				return r;
		}
		return 0;
	}
	if (streq(n, "less") || streq(n, "zless") || streq(n, "bzless") || streq(n, "xzless")) {
		static const char *const bad_long[] = { "lesskey-file", "lesskey-src",
							"lesskey-content", "log-file", "LOG-FILE" };
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s || streq(s, "--"))
				break;
			if ((s[0] == '-' && s[1] != '-' && strpbrk(s + 1, "koO")) ||
			    long_prefix_of(s, bad_long, ARRAY_SIZE(bad_long)))
				return report_add(w, POLICY_LAYER_ARGS, "args.less-option",
						  val_fix_allow(w, "less"), false,
						  "less %s loads a lesskey file or writes a log file", s);
			if (s[0] == '+' && strpbrk(s, "!|"))
				return report_add(w, POLICY_LAYER_ARGS, "args.less-option",
						  val_fix_allow(w, "less"), false,
						  "less %s runs a shell command", s);
		}
		return 0;
	}
	if (streq(n, "time")) {
		/* /usr/bin/time runs its operand: a wrapper. */
		size_t i = 1;
		int r;
		while (i < cl->argc && cl->args[i].s && cl->args[i].s[0] == '-') {
			const char *s = cl->args[i].s;
			if (streq(s, "--")) {
				i++;
				break;
			}
			if (streq(s, "-o") || streq(s, "-f") || streq(s, "--output") ||
			    streq(s, "--format")) {
				if ((s[1] == 'o' || s[2] == 'o') && i + 1 < cl->argc)
					roles[i + 1] = ROLE_WRITE;
				i += 2;
				continue;
			}
			if (strncmp(s, "--output=", 9) == 0 &&
			    (r = check_path_str(w, "time", s + 9, ROLE_WRITE, 0)) < 0)
				return r;
			i++;
		}
		if (i >= cl->argc)
			return 0;
		return check_wrapped(w, cl->args + i, cl->argc - i, cl->ck & CK_REPLACE, "time");
	}
	return 0;
}

