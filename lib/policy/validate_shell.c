/* SPDX-License-Identifier: MIT */
/*
 * Shells (bash -c strings and script files, read with bash's own option
 * rules) and the builtins that assign, evaluate or change directory.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- bash and sh ------------------------------------------------------------------------ */

static const char *const bash_longs_ok[] = {
	"debug", "debugger", "dump-po-strings", "dump-strings", "help", "noediting",
	"noprofile", "norc", "posix", "pretty-print", "protected", "restricted",
	"verbose", "version", "wordexp",
};
static const char *const bash_longs_refused[] = { "init-file", "login", "rcfile" };

int
validate_shell(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *name = cl->name;
	size_t i = 1, argc = cl->argc;

	/* bash reads its long options first, with one or two dashes. */
	for (; i < argc; i++) {
		const char *s = cl->args[i].s;
		if (!s)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.shell-options",
					  NULL, false,
					  "%s: the option '%s' is only known at runtime", name,
					  cl->args[i].src);
		if (s[0] != '-' || streq(s, "-") || streq(s, "--"))
			break;
		bool dashdash = s[1] == '-';
		const char *ln = s + 1 + dashdash;
		bool ok = in_list(ln, bash_longs_ok, ARRAY_SIZE(bash_longs_ok));
		bool bad = in_list(ln, bash_longs_refused, ARRAY_SIZE(bash_longs_refused));
		if (!ok && !bad) {
			if (dashdash)
				return report_add(w, POLICY_LAYER_STRUCTURE,
						  "structure.shell-options", NULL, false,
						  "%s: unknown long option '%s'", name, s);
			break; /* short options */
		}
		if (!dashdash)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.shell-options",
					  NULL, false,
					  "%s: '%s' is a long option spelled with one dash, which "
					  "bash and sh read differently", name, s);
		if (bad)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.shell-options",
					  NULL, false,
					  "%s %s reads startup files or runs as a login shell",
					  name, s);
	}

	bool want_c = false;
	for (; i < argc; i++) {
		const char *s = cl->args[i].s;
		const char *pre = cl->args[i].prefix;
		if (!s && pre[0] != '-' && pre[0] != '+')
			break; /* an operand, known at runtime */
		if (!s)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.shell-options",
					  NULL, false,
					  "%s: the option '%s' is only known at runtime", name,
					  cl->args[i].src);
		if (s[0] != '-' && s[0] != '+')
			break;
		if (streq(s, "-") || streq(s, "--")) {
			i++;
			break;
		}
		if (s[1] == '-')
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.shell-options",
					  NULL, false, "%s: unknown option '%s'", name, s);
		bool takes_next = false;
		for (const char *c = s + 1; *c; c++) {
			switch (*c) {
			case 'c':
				want_c = true;
				break;
			case 's':
				return report_add(w, POLICY_LAYER_STRUCTURE, "structure.shell-stdin",
						  NULL, false,
						  "%s -s reads commands from its input, which the "
						  "checks never see", name);
			case 'i':
				return report_add(w, POLICY_LAYER_STRUCTURE,
						  "structure.shell-options", NULL, false,
						  "%s -i runs an interactive shell", name);
			case 'l':
				return report_add(w, POLICY_LAYER_STRUCTURE,
						  "structure.shell-options", NULL, false,
						  "%s -l runs a login shell, which reads startup files",
						  name);
			case 'o':
			case 'O':
				takes_next = true;
				break;
			default:
				if (!strchr("abefhkmnprtuvxBCDEHPT", *c))
					return report_add(w, POLICY_LAYER_STRUCTURE,
							  "structure.shell-options", NULL, false,
							  "%s: unknown option '%c' in '%s'", name, *c, s);
				break;
			}
		}
		if (takes_next) {
			i++;
			if (i < argc && !cl->args[i].s)
				return report_add(w, POLICY_LAYER_STRUCTURE,
						  "structure.shell-options", NULL, false,
						  "%s: an option value only known at runtime", name);
		}
	}

	if (want_c) {
		/* -c takes the first operand, wherever the options put it. */
		if (i >= argc)
			return 0; /* bash refuses to start */
		const struct parg *script = &cl->args[i];
		if (!script->s)
			return 0; /* the runtime layer parses what it expands to */
		struct cwdset saved = w->cwd;
		size_t nf = w->n_funcs;
		const struct dirstack *ds = w->dirstack;
		size_t nds = w->n_dirstack;
		w->depth++;
		char what[64];
		snprintf(what, sizeof(what), "%s -c", name);
		int r = walk_script(w, script->s, strlen(script->s), what);
		w->depth--;
		w->cwd = saved;
		w->n_funcs = nf; /* the child shell's functions die with it */
		w->dirstack = ds;
		w->n_dirstack = nds;
		return r;
	}
	if (i >= argc)
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.shell-stdin", NULL,
				  false,
				  "%s with no command string reads commands from its input, "
				  "which the checks never see", name);
	/* A script file: read, and its commands checked. */
	roles[i] = ROLE_READ;
	return walk_script_file(w, name, &cl->args[i]);
}

/* ---- builtins ------------------------------------------------------------------------------- */

/* The NAME of NAME=value (NULL without '='), from a static word. */
static const char *
assign_name(struct walk *w, const char *s)
{
	const char *eq = strchr(s, '=');
	if (!eq || eq == s)
		return NULL;
	size_t n = (size_t)(eq - s);
	if (n > 1 && s[n - 1] == '+')
		n--; /* NAME+=value */
	const char *br = memchr(s, '[', n);
	if (br)
		n = (size_t)(br - s);
	return arena_strndup(w->a, s, n);
}

/*
 * mapfile -C CALLBACK evaluates CALLBACK as code every -c lines, which bash
 * runs but no check sees as a command (our interpreter does not have -C).
 * Options are read as bash's builtin getopt reads them ("d:u:n:O:tC:c:s:",
 * up to the first operand); a word only known at run time there could
 * spell -C.
 */
static int
mapfile_callback(struct walk *w, struct cmdline *cl)
{
	for (size_t i = 1; i < cl->argc; i++) {
		const char *s = cl->args[i].s;
		if (!s)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.mapfile-callback",
					  NULL, false,
					  "%s: the option word '%s' is only known at run time and "
					  "could be -C, which runs its value as code", cl->name,
					  cl->args[i].src);
		if (s[0] != '-' || !s[1] || streq(s, "--"))
			break;
		for (size_t k = 1; s[k]; k++) {
			if (s[k] == 'C')
				return report_add(w, POLICY_LAYER_STRUCTURE,
						  "structure.mapfile-callback", NULL, false,
						  "%s -C runs its value as code for every -c lines "
						  "read, which no check sees as a command (refused on "
						  "purpose)", cl->name);
			if (strchr("dunOcs", s[k])) {
				if (!s[k + 1])
					i++; /* the value is the next word */
				break;
			}
		}
	}
	return 0;
}

static int
recheck_rest(struct walk *w, struct cmdline *cl, size_t from)
{
	if (from >= cl->argc)
		return 0;
	if (!cl->args[from].s)
		return 0; /* a dynamic name: runtime */
	struct cmdline sub = { .name = cl->args[from].s, .argc = cl->argc - from,
			       .args = cl->args + from, .ck = cl->ck };
	w->depth++;
	int r = check_command(w, &sub);
	w->depth--;
	return r;
}

int
validate_builtin(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->name;
	size_t argc = cl->argc;
	int r = 0;

	if ((streq(n, "source") || streq(n, ".")) && argc > 1) {
		size_t i = 1;
		if (streq(cl->args[i].s, "--"))
			i++;
		/* what it sets lands in this shell, HOME too, whether or not
		 * the file can be read here */
		if ((r = check_assignment_name(w, NULL, n)) < 0)
			return r;
		if (i < argc)
			return walk_script_file(w, n, &cl->args[i]);
		return 0;
	}
	if (streq(n, "cd") || streq(n, "pushd")) {
		size_t i = 1;
		while (i < argc && cl->args[i].s && cl->args[i].s[0] == '-' &&
		       cl->args[i].s[1] && !streq(cl->args[i].s, "--"))
			i++;
		if (i < argc && streq(cl->args[i].s, "--"))
			i++;
		if (i < argc) {
			if (!streq(cl->args[i].s, "-") && !(cl->args[i].s && cl->args[i].s[0] == '+'))
				roles[i] = ROLE_READ;
		} else if (streq(n, "cd") && w->p->home) {
			r = check_path_str(w, "cd", w->p->home, ROLE_READ, 0);
		}
		return r;
	}
	if (streq(n, "export") || streq(n, "declare") || streq(n, "typeset") ||
	    streq(n, "local") || streq(n, "readonly")) {
		bool nameref = false;
		for (size_t i = 1; i < argc && r >= 0; i++) {
			/* "PATH=$x:..." names PATH in its static prefix */
			const char *s = cl->args[i].s ? cl->args[i].s : cl->args[i].prefix;
			if (!cl->args[i].s && !strchr(s, '=')) {
				/* the runtime layer sees the assignment; its name
				 * may be HOME ("$v" holding HOME=x) */
				r = check_assignment_name(w, NULL, n);
				continue;
			}
			if (s[0] == '-' || s[0] == '+') {
				if (strchr(s, 'n') && s[0] == '-')
					nameref = true;
				/* -i: what is assigned to it from now on is
				 * evaluated as arithmetic, which may assign HOME */
				if (strchr(s, 'i') && s[0] == '-')
					r = check_assignment_name(w, NULL, "an integer variable");
				continue;
			}
			const char *nm = assign_name(w, s);
			if (nm)
				r = check_assignment_name(w, nm, n);
			if (nm && streq(nm, "HOME"))
				w->home_changed = true;
			if (r >= 0 && nameref) {
				const char *target = strchr(s, '=');
				/* declare -n r=HOME; r=x assigns HOME */
				if (target && (!cl->args[i].s || streq(target + 1, "HOME")))
					r = check_assignment_name(w, NULL, "a name reference to");
				if (target && policy_env_protected(target + 1))
					r = check_assignment_name(w, target + 1,
								  "a name reference to");
			}
		}
		return r;
	}
	if (streq(n, "alias")) {
		/* With expand_aliases on, the value runs where the name is used. */
		for (size_t i = 1; i < argc && r >= 0; i++) {
			const char *s = cl->args[i].s;
			const char *eq = s ? strchr(s, '=') : NULL;
			if (!eq)
				continue;
			w->depth++;
			r = walk_script(w, eq + 1, strlen(eq + 1), "alias");
			w->depth--;
		}
		return r;
	}
	if (streq(n, "let")) {
		for (size_t i = 1; i < argc && r >= 0; i++) {
			if (cl->args[i].s) {
				const char *nm = assign_name(w, cl->args[i].s);
				if (nm)
					r = check_assignment_name(w, nm, "let setting");
			}
			/* each argument is arithmetic: HOME++, x=HOME=1, "$e" */
			const char *t = cl->args[i].s;
			if (r >= 0)
				r = check_arith_assigns(w, t, t ? strlen(t) : 0, !t, "let setting");
		}
		return r;
	}
	if (streq(n, "unset")) {
		bool functions = false;
		for (size_t i = 1; i < argc && r >= 0; i++) {
			const char *s = cl->args[i].s;
			if (s && s[0] == '-') {
				functions = strchr(s, 'f') != NULL;
				continue;
			}
			if (!functions && streq(s, "PATH"))
				r = report_add(w, POLICY_LAYER_STRUCTURE, "structure.protected-env",
					       NULL, false,
					       "unset PATH is not allowed: with no PATH the shell "
					       "runs commands from the current directory");
		}
		return r;
	}
	if ((streq(n, "mapfile") || streq(n, "readarray")) && (r = mapfile_callback(w, cl)) < 0)
		return r;
	if (streq(n, "wait")) {
		/* wait -p NAME assigns the pid (bash 5.1) */
		for (size_t i = 1; i < argc && r >= 0; i++) {
			const char *s = cl->args[i].s;
			if (s && (s[0] != '-' || streq(s, "--")))
				break;
			if (!s || strchr(s, 'p'))
				r = check_assignment_name(w, NULL, "wait -p");
		}
		return r;
	}
	if (streq(n, "read") || streq(n, "mapfile") || streq(n, "readarray") ||
	    streq(n, "getopts")) {
		for (size_t i = streq(n, "getopts") ? 2 : 1; i < argc && r >= 0; i++) {
			const char *s = cl->args[i].s;
			if (!s || s[0] != '-')
				r = check_assignment_name(w, s, n); /* NULL: read "$v" */
		}
		return r;
	}
	if (streq(n, "eval")) {
		size_t len = 0;
		for (size_t i = 1; i < argc; i++) {
			if (!cl->args[i].s) /* the runtime layer checks what it evaluates */
				return check_assignment_name(w, NULL, n);
			len += strlen(cl->args[i].s) + 1;
		}
		char *src = arena_alloc(w->a, len + 1);
		if (!src)
			return -ENOMEM;
		size_t o = 0;
		for (size_t i = 1; i < argc; i++) {
			size_t l = strlen(cl->args[i].s);
			memcpy(src + o, cl->args[i].s, l);
			o += l;
			src[o++] = ' ';
		}
		src[o] = '\0';
		w->depth++;
		r = walk_script(w, src, o, "eval");
		w->depth--;
		return r;
	}
	if (streq(n, "trap")) {
		size_t i = 1;
		if (i < argc && streq(cl->args[i].s, "--"))
			i++;
		if (i >= argc || !cl->args[i].s)
			return 0;
		const char *s = cl->args[i].s;
		if (s[0] == '-' && s[1])
			return 0; /* -p, -l */
		if (argc - i == 1 || streq(s, "-") || s[0] == '\0')
			return 0; /* printing, resetting or ignoring */
		w->depth++;
		r = walk_script(w, s, strlen(s), "trap");
		w->depth--;
		return r;
	}
	if (streq(n, "exec")) {
		size_t i = 1;
		while (i < argc && cl->args[i].s && cl->args[i].s[0] == '-') {
			if (streq(cl->args[i].s, "--")) {
				i++;
				break;
			}
			if (strchr(cl->args[i].s, 'a'))
				i++;
			i++;
		}
		return recheck_rest(w, cl, i);
	}
	if (streq(n, "command") || streq(n, "builtin")) {
		size_t i = 1;
		while (i < argc && cl->args[i].s && cl->args[i].s[0] == '-') {
			if (streq(cl->args[i].s, "--")) {
				i++;
				break;
			}
			if (strchr(cl->args[i].s, 'v') || strchr(cl->args[i].s, 'V'))
				return 0; /* only looks the name up */
			i++;
		}
		return recheck_rest(w, cl, i);
	}
	if (streq(n, "hash")) {
		for (size_t i = 1; i < argc; i++)
			if (cl->args[i].s && cl->args[i].s[0] == '-' && strchr(cl->args[i].s, 'p'))
				return report_add(w, POLICY_LAYER_STRUCTURE, "structure.hash-path",
						  NULL, false,
						  "hash -p makes a name run another program than "
						  "the one the checks look up");
		return 0;
	}
	if (streq(n, "enable")) {
		for (size_t i = 1; i < argc; i++)
			if (!cl->args[i].s ||
			    (cl->args[i].s[0] == '-' && strchr(cl->args[i].s, 'f')))
				return report_add(w, POLICY_LAYER_STRUCTURE, "structure.enable-load",
						  NULL, false,
						  "enable -f loads a builtin from a shared object");
		return 0;
	}
	if (streq(n, "fc"))
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.fc", NULL, false,
				  "fc runs an editor and re-runs commands from the history");
	return 0;
}

