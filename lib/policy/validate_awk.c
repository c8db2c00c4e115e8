/* SPDX-License-Identifier: MIT */
/*
 * awk: the program is read for what runs a command or opens a file.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- awk ------------------------------------------------------------------------------------------ */

static const char *
awk_program_problem(const char *p)
{
	bool in_print = false;
	int depth = 0;
	for (; *p; p++) {
		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				break;
			continue;
		}
		if (strncmp(p, "system", 6) == 0 && !isalnum((unsigned char)p[6]) && p[6] != '_')
			return "system() runs a shell command";
		if (strncmp(p, "getline", 7) == 0)
			return "getline reads from files or commands the checks do not see";
		if ((strncmp(p, "printf", 6) == 0) || strncmp(p, "print", 5) == 0) {
			in_print = true;
			depth = 0;
		}
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (*p == ';' || *p == '\n' || *p == '{' || *p == '}')
			in_print = false;
		else if (*p == '|' && p[1] != '|' && (p == 0 || p[-1] != '|'))
			return "a pipe runs a shell command";
		else if (*p == '>' && in_print && depth <= 0)
			return "print > writes a file the path checks do not see";
	}
	return NULL;
}

int
validate_awk(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	char **argv = arena_alloc(w->a, (cl->argc + 1) * sizeof(char *));
	if (!argv)
		return -ENOMEM;
	for (size_t i = 0; i < cl->argc; i++)
		argv[i] = (char *)cl->args[i].opt;
	struct opt_event *ev = NULL;
	int n = opt_parse(cl->spec->decl, OPT_ORDER_REQUIRE, (int)cl->argc, argv, &ev);
	if (n < 0)
		return n;
	int r = 0;
	bool have_prog = false;
	size_t first = 0;
	for (int k = 0; k < n && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		if (e->kind == OPT_EV_OPTION && (e->id == 'f' || e->id == 'E' || e->id == 'i' ||
						 e->id == 'l'))
			r = report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
				       "%s: a program read from a file is not checked", cl->name);
		else if (e->kind == OPT_EV_OPTION && e->id == 'e') {
			have_prog = true;
			const char *why = e->value ? awk_program_problem(e->value) : NULL;
			if (why)
				r = report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
					       "%s: %s", cl->name, why);
		} else if (e->kind == OPT_EV_OPERAND && !first)
			first = (size_t)e->argi;
	}
	free(ev);
	if (r < 0)
		return r;
	if (!have_prog && first) {
		const struct parg *prog = &cl->args[first];
		if (!prog->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
					  "%s: the program is only known at runtime", cl->name);
		const char *why = awk_program_problem(prog->s);
		if (why)
			return report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
					  "%s: %s", cl->name, why);
	}
	/* var=value operands are assignments, not files */
	for (size_t i = 1; i < cl->argc; i++)
		if (cl->args[i].s && roles[i] != ROLE_NONE) {
			const char *eq = strchr(cl->args[i].s, '=');
			if (eq && eq != cl->args[i].s && !strchr(cl->args[i].s, '/'))
				roles[i] = ROLE_NONE;
		}
	return 0;
}

