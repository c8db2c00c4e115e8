/* SPDX-License-Identifier: MIT */
/*
 * sed: the script is read for the commands and flags that run a program or
 * open a file the path checks never see.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- sed --------------------------------------------------------------------------------------- */

/*
 * A reading of a sed script that finds the commands and flags that run a
 * program or open a file the path checks never see: e, r, R, w, W and the
 * s command's e and w flags. What it cannot read is refused.
 */
static const char *
sed_script_problem(const char *p)
{
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ';' || *p == '}')
			p++;
		if (!*p)
			break;
		if (*p == '#') {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		/* addresses */
		for (int k = 0; k < 2; k++) {
			if (isdigit((unsigned char)*p)) {
				while (isdigit((unsigned char)*p) || *p == '~')
					p++;
			} else if (*p == '$') {
				p++;
			} else if (*p == '/' || *p == '\\') {
				char d = *p == '\\' ? p[1] : '/';
				p += *p == '\\' ? 2 : 1;
				while (*p && *p != d) {
					if (*p == '\\' && p[1])
						p++;
					p++;
				}
				if (!*p)
					return "an unterminated address";
				p++;
				while (*p == 'I' || *p == 'M')
					p++;
			} else if (k == 1 && (*p == '+' || *p == '~')) {
				p++;
				while (isdigit((unsigned char)*p))
					p++;
			}
			while (*p == ' ')
				p++;
			if (k == 0 && *p == ',') {
				p++;
				while (*p == ' ')
					p++;
				continue;
			}
			break;
		}
		while (*p == ' ' || *p == '!')
			p++;
		char c = *p;
		if (!c)
			return "an address without a command";
		p++;
		switch (c) {
		case '{':
			break;
		case 'e':
			return "the e command runs a shell command";
		case 'r':
		case 'R':
		case 'w':
		case 'W':
			return "r, R, w and W open files the path checks do not see";
		case 's':
		case 'y': {
			char d = *p;
			if (!d || d == '\n' || d == '\\')
				return "a malformed s or y command";
			p++;
			for (int part = 0; part < 2; part++) {
				while (*p && *p != d) {
					if (*p == '\\' && p[1])
						p++;
					p++;
				}
				if (!*p)
					return "an unterminated s or y command";
				p++;
			}
			if (c == 's') {
				while (*p && strchr("gpiImMe0123456789w", *p)) {
					if (*p == 'e')
						return "the s command's e flag runs the pattern space as a command";
					if (*p == 'w')
						return "the s command's w flag writes a file the path checks do not see";
					p++;
				}
			}
			break;
		}
		case 'a':
		case 'i':
		case 'c':
			/* text to the end of the line (a\ continuation included) */
			while (*p && *p != '\n') {
				if (*p == '\\' && p[1])
					p++;
				p++;
			}
			break;
		case ':':
		case 'b':
		case 't':
		case 'T':
			while (*p && *p != '\n' && *p != ';')
				p++;
			break;
		case 'q':
		case 'Q':
		case 'l':
		case 'L':
			while (*p == ' ' || isdigit((unsigned char)*p))
				p++;
			break;
		case '=':
		case 'd':
		case 'D':
		case 'g':
		case 'G':
		case 'h':
		case 'H':
		case 'n':
		case 'N':
		case 'p':
		case 'P':
		case 'x':
		case 'z':
		case 'F':
			break;
		default:
			return "a command the policy cannot read";
		}
	}
	return NULL;
}

int
validate_sed(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	char **argv = arena_alloc(w->a, (cl->argc + 1) * sizeof(char *));
	if (!argv)
		return -ENOMEM;
	for (size_t i = 0; i < cl->argc; i++)
		argv[i] = (char *)cl->args[i].opt;
	struct opt_event *ev = NULL;
	int n = opt_parse(cl->spec->decl, OPT_ORDER_PERMUTE, (int)cl->argc, argv, &ev);
	if (n < 0)
		return n;
	bool in_place = false, have_e = false;
	int r = 0;
	size_t first_operand = 0;
	for (int k = 0; k < n && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		if (e->kind == OPT_EV_OPTION && e->id == 'i')
			in_place = true;
		else if (e->kind == OPT_EV_OPTION && e->id == 'f')
			r = report_add(w, POLICY_LAYER_ARGS, "args.sed-script", val_fix_allow(w, "sed"),
				       false, "sed -f reads its script from a file the checks "
				       "do not see");
		else if (e->kind == OPT_EV_OPTION && e->id == 'e') {
			have_e = true;
			const char *why = e->value ? sed_script_problem(e->value) : NULL;
			if (why)
				r = report_add(w, POLICY_LAYER_ARGS, "args.sed-script",
					       val_fix_allow(w, "sed"), false, "sed: %s", why);
		} else if (e->kind == OPT_EV_OPERAND && !first_operand)
			first_operand = (size_t)e->argi;
	}
	free(ev);
	if (r < 0)
		return r;
	if (!have_e && first_operand) {
		const struct parg *s = &cl->args[first_operand];
		const char *why = s->s ? sed_script_problem(s->s) : NULL;
		if (why)
			return report_add(w, POLICY_LAYER_ARGS, "args.sed-script",
					  val_fix_allow(w, "sed"), false, "sed: %s", why);
	}
	if (in_place)
		for (size_t i = 1; i < cl->argc; i++)
			if (roles[i] == ROLE_READ)
				roles[i] = ROLE_WRITE;
	return 0;
}


const char *
val_sed_script_problem(const char *script)
{
	return sed_script_problem(script);
}
