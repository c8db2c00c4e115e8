/* SPDX-License-Identifier: MIT */
/*
 * find's expression, read primary by primary: actions that write are
 * refused, -exec's command is a wrapped command. Under an allow entry
 * (CK_TRUSTED) nothing of find's own is refused, but the expression is
 * still read: -exec's command is checked (the deny list applies inside
 * it), and the files the actions read or write keep their roles.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- find ---------------------------------------------------------------------------------- */

static const char *const find_value_tests[] = {
	"-amin", "-atime", "-cmin", "-context", "-ctime", "-fstype", "-gid", "-group",
	"-ilname", "-iname", "-inum", "-ipath", "-iregex", "-iwholename", "-links",
	"-lname", "-maxdepth", "-mindepth", "-mmin", "-mtime", "-name", "-path", "-perm",
	"-printf", "-regex", "-regextype", "-size", "-type", "-uid", "-used", "-user",
	"-wholename", "-xtype",
};
static const char *const find_path_tests[] = { "-anewer", "-cnewer", "-newer", "-samefile" };
static const char *const find_plain[] = {
	"!", "(", ")", ",", "-a", "-and", "-d", "-daystart", "-depth", "-empty",
	"-executable", "-false", "-follow", "-help", "-ignore_readdir_race", "-ls",
	"-mount", "-noignore_readdir_race", "-noleaf", "-nogroup", "-not", "-nouser",
	"-nowarn", "-o", "-or", "-print", "-print0", "-prune", "-quit", "-readable",
	"-true", "-version", "-warn", "-writable", "-xdev", "--help", "--version",
};
static const char *const find_blocked[] = { "-delete", "-fls", "-fprint", "-fprint0",
					    "-fprintf" };
static const char *const find_exec[] = { "-exec", "-execdir", "-ok", "-okdir" };

int
validate_find(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	size_t i = 1, argc = cl->argc;
	int r;
	bool under_repl = w->n_repl > 0;
	bool trusted = cl->ck & CK_TRUSTED;
	size_t first_start = 0, end_starts = 0;

	/* find's own options come first: -H -L -P -D LIST -O LEVEL */
	while (i < argc && cl->args[i].s) {
		const char *s = cl->args[i].s;
		if (streq(s, "-H") || streq(s, "-L") || streq(s, "-P") ||
		    (s[0] == '-' && s[1] == 'O' && isdigit((unsigned char)s[2])))
			i++;
		else if (streq(s, "-D"))
			i += 2;
		else
			break;
	}
	/* Start paths: up to the first word that starts an expression. */
	const char **starts = arena_alloc(w->a, (argc + 1) * sizeof(*starts));
	size_t n_starts = 0;
	bool starts_known = true;
	if (!starts)
		return -ENOMEM;
	for (first_start = i; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		const char *s = a->s ? a->s : a->prefix;
		if ((s[0] == '-' && s[1]) || streq(s, "(") || streq(s, "!") ||
		    (a->s && (streq(s, ")") || streq(s, ","))))
			break;
		if (under_repl && val_word_holds_repl(w, a->src, strlen(a->src))) {
			/* Literal text must keep it a start path (./%). */
			const char *t = a->s ? a->s : a->src;
			bool keeps = false;
			for (size_t k = 0; k < w->n_repl; k++)
				if (strncmp(t, w->repl[k], strlen(w->repl[k])) != 0 &&
				    (t[0] == '.' || t[0] == '/'))
					keeps = true;
			if (!keeps)
				return report_add(w, POLICY_LAYER_ARGS, "args.replace-string", NULL,
						  false,
						  "find: the start path '%s' would be the input itself, "
						  "which could turn it into an action such as -delete",
						  a->src);
		}
		roles[i] = ROLE_READ;
		if (a->s)
			starts[n_starts++] = a->s;
		else
			starts_known = false;
	}
	end_starts = i;
	if (n_starts == 0 && starts_known)
		starts[n_starts++] = "."; /* find with no start path searches . */

	for (; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		if (!a->s)
			continue; /* checked again once expanded */
		const char *s = a->s;
		if (under_repl && val_word_holds_repl(w, s, strlen(s)))
			return report_add(w, POLICY_LAYER_ARGS, "args.replace-string", NULL,
					  false,
					  "find: the primary '%s' holds the replace string, so the "
					  "input would choose what find does", a->src);
		if (in_list(s, find_value_tests, ARRAY_SIZE(find_value_tests))) {
			i++;
			continue;
		}
		if (in_list(s, find_path_tests, ARRAY_SIZE(find_path_tests)) ||
		    (strncmp(s, "-newer", 6) == 0 && strlen(s) == 8)) {
			i++;
			/* -newerXt takes a time, not a file */
			if (i < argc && !(strlen(s) == 8 && s[7] == 't'))
				roles[i] = ROLE_READ;
			continue;
		}
		if (in_list(s, find_plain, ARRAY_SIZE(find_plain)))
			continue;
		if (trusted && streq(s, "-delete")) {
			/* it removes what it finds under the start paths (., when
			 * none is given) */
			for (size_t k = first_start; k < end_starts; k++)
				if (roles[k] == ROLE_READ)
					roles[k] = ROLE_WRITE;
			if (first_start == end_starts &&
			    (r = check_path_str(w, "find", ".", ROLE_WRITE, 0)) < 0)
				return r;
			continue;
		}
		if (trusted && in_list(s, find_blocked, ARRAY_SIZE(find_blocked))) {
			/* -fls FILE, -fprint FILE, -fprint0 FILE, -fprintf FILE FORMAT */
			if (i + 1 < argc)
				roles[i + 1] = ROLE_WRITE;
			i += streq(s, "-fprintf") ? 2 : 1;
			continue;
		}
		if (trusted && streq(s, "-files0-from")) {
			if (i + 1 < argc)
				roles[i + 1] = ROLE_READ;
			i++;
			continue;
		}
		if (in_list(s, find_blocked, ARRAY_SIZE(find_blocked)))
			return report_add(w, POLICY_LAYER_ARGS, "args.find-action",
					  val_fix_allow(w, "find"), false,
					  "find %s deletes or writes files the path checks do not see",
					  s);
		if (streq(s, "-files0-from"))
			return report_add(w, POLICY_LAYER_ARGS, "args.find-action",
					  val_fix_allow(w, "find"), false,
					  "find -files0-from reads its start paths from a file the "
					  "checks do not see");
		if (in_list(s, find_exec, ARRAY_SIZE(find_exec))) {
			size_t b = i + 1, e = b;
			while (e < argc && !(cl->args[e].s && (streq(cl->args[e].s, ";") ||
							       (streq(cl->args[e].s, "+") &&
								e > b && cl->args[e - 1].s &&
								streq(cl->args[e - 1].s, "{}")))))
				e++;
			if (e == b)
				return 0; /* find refuses an empty command */
			size_t saved = w->n_repl;
			if ((r = val_push_repl(w, "{}", true)) < 0)
				return r;
			const char **saved_starts = w->find_starts;
			size_t saved_n = w->n_find_starts;
			if (starts_known) {
				w->find_starts = starts;
				w->n_find_starts = n_starts;
			}
			r = check_wrapped(w, cl->args + b, e - b, cl->ck & CK_REPLACE, "find -exec");
			w->find_starts = saved_starts;
			w->n_find_starts = saved_n;
			w->n_repl = saved;
			if (r < 0)
				return r;
			i = e;
			continue;
		}
		if (trusted)
			continue; /* (a word it takes that reads as -exec is checked as one) */
		return report_add(w, POLICY_LAYER_ARGS, "args.find-unknown", val_fix_allow(w, "find"),
				  false, "find: '%s' is not a primary the policy knows", a->src);
	}
	return 0;
}


int
val_find_primary(const char *s)
{
	if (in_list(s, find_value_tests, ARRAY_SIZE(find_value_tests)) ||
	    in_list(s, find_path_tests, ARRAY_SIZE(find_path_tests)) ||
	    (strncmp(s, "-newer", 6) == 0 && strlen(s) == 8))
		return 2;
	if (in_list(s, find_plain, ARRAY_SIZE(find_plain)))
		return 1;
	if (in_list(s, find_blocked, ARRAY_SIZE(find_blocked)) ||
	    in_list(s, find_exec, ARRAY_SIZE(find_exec)) || strcmp(s, "-files0-from") == 0)
		return 3;
	return 0;
}
