/* SPDX-License-Identifier: MIT */
/*
 * Wrappers (env, timeout, nice, nohup, stdbuf, setsid, xargs) find the
 * command they run the way their own getopt does and send it back through
 * every check, with the replace-string rules of xargs -I and find -exec.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- wrappers -------------------------------------------------------------------- */

const char *
val_fix_allow(struct walk *w, const char *name)
{
	return arena_printf(w->a, "lite-sandbox config commands allow %s", name);
}

char **
val_argv(struct walk *w, const struct cmdline *cl)
{
	char **argv = arena_alloc(w->a, (cl->argc + 1) * sizeof(char *));
	if (!argv)
		return NULL;
	for (size_t i = 0; i < cl->argc; i++)
		argv[i] = (char *)cl->args[i].opt;
	argv[cl->argc] = NULL;
	return argv;
}

int
val_push_repl(struct walk *w, const char *s, bool find)
{
	if (w->n_repl == ARRAY_SIZE(w->repl))
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.too-deep", NULL, false,
				  "too many nested replace strings to check");
	w->repl_find[w->n_repl] = find;
	w->repl[w->n_repl++] = s;
	return 0;
}

bool
val_word_holds_repl(const struct walk *w, const char *s, size_t len)
{
	for (size_t i = 0; i < w->n_repl; i++) {
		size_t rl = strlen(w->repl[i]);
		if (!rl || rl > len)
			continue;
		for (size_t k = 0; k + rl <= len; k++)
			if (memcmp(s + k, w->repl[i], rl) == 0)
				return true;
	}
	return false;
}

int
validate_wrapper(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const struct cmd_spec *sp = cl->spec;
	const char *name = sp->name;
	size_t start = 1;
	int r;

	/* nice's obsolete "-N" / "--N" / "-+N" adjustment comes first. */
	if (streq(name, "nice") && cl->argc > 1 && cl->args[1].s) {
		const char *s = cl->args[1].s;
		if (s[0] == '-') {
			const char *d = s + 1;
			if (*d == '-' || *d == '+')
				d++;
			if (isdigit((unsigned char)*d))
				start = 2;
		}
	}

	size_t argc = cl->argc - (start - 1);
	char **argv = arena_alloc(w->a, (argc + 1) * sizeof(char *));
	if (!argv)
		return -ENOMEM;
	argv[0] = (char *)cl->args[0].opt;
	for (size_t i = 1; i < argc; i++)
		argv[i] = (char *)cl->args[i + start - 1].opt;

	struct opt_event *ev = NULL;
	int n = opt_parse(sp->decl, OPT_ORDER_REQUIRE, (int)argc, argv, &ev);
	if (n < 0)
		return n;

	const char *repl = NULL;
	bool xargs = streq(name, "xargs"), env = streq(name, "env"),
	     timeout = streq(name, "timeout");
	size_t cmdi = 0; /* index in cl->args of the wrapped command; 0: none */
	size_t n_operands = 0;
	bool sets_home = false;
	r = 0;
	for (int k = 0; k < n && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		size_t ai = (size_t)e->argi + start - 1;
		if (e->kind == OPT_EV_OPTION) {
			if (env && e->id == 'S')
				r = report_add(w, POLICY_LAYER_ARGS, "args.env-split-string", NULL,
					       false,
					       "env -S/--split-string builds a command line from one "
					       "string that the checks cannot see");
			else if (env && e->id == 'C')
				r = report_add(w, POLICY_LAYER_ARGS, "args.env-chdir", NULL, false,
					       "env -C/--chdir runs the command from another "
					       "directory than the one it was checked in (cd first "
					       "instead)");
			else if (env && e->id == 'P')
				r = report_add(w, POLICY_LAYER_ARGS, "args.env-path", NULL, false,
					       "env -P looks the command up in other directories "
					       "than the ones it was checked against");
			else if (env && e->id == 'i')
				r = report_add(w, POLICY_LAYER_STRUCTURE, "structure.protected-env",
					       NULL, false,
					       "env -i unsets PATH, which is held to its "
					       "starting value");
			else if (env && e->id == 'u' && streq(e->value, "PATH"))
				r = report_add(w, POLICY_LAYER_STRUCTURE, "structure.protected-env",
					       NULL, false,
					       "unsetting PATH is not allowed: an empty PATH "
					       "finds commands in the current directory");
			else if (xargs && (e->id == 'I' || e->id == 'J'))
				repl = e->value;
			else if (xargs && e->id == 'i')
				repl = e->value ? e->value : "{}";
			else if (xargs && e->id == 'a' && e->value) {
				if (e->value_argi == e->argi)
					r = check_path_str(w, name, e->value, ROLE_READ, 0);
				else
					roles[(size_t)e->value_argi + start - 1] = ROLE_READ;
			}
		} else if (e->kind == OPT_EV_OPERAND && !cmdi) {
			const char *s = cl->args[ai].s;
			n_operands++;
			if (timeout && n_operands == 1)
				continue; /* the duration */
			if (env && s && strchr(s, '=')) {
				char *nm = arena_strndup(w->a, s, (size_t)(strchr(s, '=') - s));
				if (!nm) {
					r = -ENOMEM;
					break;
				}
				r = check_assignment_name(w, nm, "env setting");
				if (streq(nm, "HOME"))
					sets_home = true;
				if (r >= 0 && w->n_repl && val_word_holds_repl(w, nm, strlen(nm)))
					r = report_add(w, POLICY_LAYER_STRUCTURE,
						       "structure.replace-in-wrapper", NULL, false,
						       "env: the variable name '%s' holds a replace "
						       "string, so the input would choose it", nm);
				continue;
			}
			if (env && !s && strchr(cl->args[ai].prefix, '=')) {
				const char *pre = cl->args[ai].prefix;
				char *nm = arena_strndup(w->a, pre, (size_t)(strchr(pre, '=') - pre));
				if (!nm) {
					r = -ENOMEM;
					break;
				}
				r = check_assignment_name(w, nm, "env setting");
				continue;
			}
			cmdi = ai;
		}
	}
	free(ev);
	if (r < 0)
		return r;

	/* A wrapper may not hold an outer replace string in its own words:
	 * the input would become one of its options (xargs -I{} env -{} ...). */
	size_t end = cmdi ? cmdi : cl->argc;
	if (w->n_repl) {
		for (size_t i = 1; i < end; i++) {
			const char *s = cl->args[i].s ? cl->args[i].s : cl->args[i].src;
			if (env && strchr(s, '=') && s[0] != '-')
				continue; /* an assignment's value may hold it */
			if (val_word_holds_repl(w, s, strlen(s)))
				return report_add(w, POLICY_LAYER_STRUCTURE,
						  "structure.replace-in-wrapper", NULL, false,
						  "%s: the word '%s' holds a replace string, so "
						  "the input would become one of %s's own options",
						  name, cl->args[i].src, name);
		}
	}
	if (!cmdi) {
		if (cl->ck & CK_XARGS_NOREPL)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.xargs-command",
					  NULL, false,
					  "%s has no command of its own under xargs: xargs's "
					  "input would become the command it runs",
					  name);
		return 0;
	}

	unsigned ck = cl->ck & CK_REPLACE;
	size_t saved = w->n_repl;
	if (xargs) {
		if (repl && repl[0]) {
			ck |= CK_REPLACE;
			if ((r = val_push_repl(w, repl, false)) < 0)
				return r;
		} else {
			ck |= CK_XARGS_NOREPL;
		}
	}
	bool home_was = w->home_set;
	w->home_set = home_was || sets_home;
	w->under_xargs += xargs;
	r = check_wrapped(w, cl->args + cmdi, cl->argc - cmdi, ck, name);
	w->under_xargs -= xargs;
	w->home_set = home_was;
	w->n_repl = saved;
	return r;
}

