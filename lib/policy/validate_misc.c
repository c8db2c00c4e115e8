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

int
validate_misc(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	if (streq(n, "sort")) {
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s)
				continue;
			if (strncmp(s, "--com", 5) == 0)
				return report_add(w, POLICY_LAYER_ARGS, "args.sort-program",
						  val_fix_allow(w, "sort"), false,
						  "sort --compress-program runs a program");
			if (strncmp(s, "--files0", 8) == 0)
				return report_add(w, POLICY_LAYER_ARGS, "args.sort-files0",
						  val_fix_allow(w, "sort"), false,
						  "sort --files0-from reads file names the checks do not see");
		}
		return 0;
	}
	if (streq(n, "printf")) {
		/* printf -v NAME assigns */
		for (size_t i = 1; i + 1 < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s || s[0] != '-' || streq(s, "--"))
				break;
			if (streq(s, "-v") && cl->args[i + 1].s)
				return check_assignment_name(w, cl->args[i + 1].s, "printf -v");
			if (strncmp(s, "-v", 2) == 0)
				return check_assignment_name(w, s + 2, "printf -v");
		}
		return 0;
	}
	if (streq(n, "install") || streq(n, "split") || streq(n, "diff3") || streq(n, "sdiff")) {
		/* Options that run another program. */
		bool inst = streq(n, "install"), sd = streq(n, "sdiff");
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s)
				continue;
			if (streq(s, "--"))
				break;
			bool bad = strncmp(s, "--diff-prog", 11) == 0 || strncmp(s, "--filter", 8) == 0 ||
				   strncmp(s, "--strip", 7) == 0 ||
				   (inst && s[0] == '-' && s[1] != '-' && strchr(s, 's')) ||
				   (sd && (streq(s, "-o") || strncmp(s, "--output", 8) == 0 ||
					   (s[0] == '-' && s[1] == 'o')));
			if (bad)
				return report_add(w, POLICY_LAYER_ARGS, "args.runs-program", val_fix_allow(w, n),
						  false, "%s %s runs another program the checks do not see",
						  n, s);
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
	if (streq(n, "less")) {
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			if (!s || streq(s, "--"))
				break;
			if ((s[0] == '-' && s[1] != '-' && strpbrk(s + 1, "koO")) ||
			    strncmp(s, "--lesskey", 9) == 0 || strncmp(s, "--log-file", 10) == 0 ||
			    strncmp(s, "--LOG-FILE", 10) == 0)
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

