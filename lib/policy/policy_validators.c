/* SPDX-License-Identifier: MIT */
/*
 * Per-command validators: what a command's option declaration cannot say.
 * Wrappers (env, timeout, nice, nohup, stdbuf, setsid, xargs) find the
 * command they run the way their own getopt does and send it back through
 * every check; shells have their -c string parsed and checked as a script;
 * find has its expression read primary by primary; builtins that assign,
 * evaluate or change directory are looked at here.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "policy-internal.h"

static bool
streq(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

static bool
in_list(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; s && i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return true;
	return false;
}

static const char *
fix_allow(struct walk *w, const char *name)
{
	return arena_printf(w->a, "lite-sandbox config commands allow %s", name);
}

/* ---- wrappers -------------------------------------------------------------------- */

static int
push_repl(struct walk *w, const char *s, bool find)
{
	if (w->n_repl == ARRAY_SIZE(w->repl))
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.too-deep", NULL, false,
				  "too many nested replace strings to check");
	w->repl_find[w->n_repl] = find;
	w->repl[w->n_repl++] = s;
	return 0;
}

static bool
word_holds_repl(const struct walk *w, const char *s, size_t len)
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
				if (r >= 0 && w->n_repl && word_holds_repl(w, nm, strlen(nm)))
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
			if (word_holds_repl(w, s, strlen(s)))
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
			if ((r = push_repl(w, repl, false)) < 0)
				return r;
		} else {
			ck |= CK_XARGS_NOREPL;
		}
	}
	r = check_wrapped(w, cl->args + cmdi, cl->argc - cmdi, ck, name);
	w->n_repl = saved;
	return r;
}

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
		w->depth++;
		char what[64];
		snprintf(what, sizeof(what), "%s -c", name);
		int r = walk_script(w, script->s, strlen(script->s), what);
		w->depth--;
		w->cwd = saved;
		w->n_funcs = nf; /* the child shell's functions die with it */
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
	for (; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		const char *s = a->s ? a->s : a->prefix;
		if ((s[0] == '-' && s[1]) || streq(s, "(") || streq(s, "!") ||
		    (a->s && (streq(s, ")") || streq(s, ","))))
			break;
		if (under_repl && word_holds_repl(w, a->src, strlen(a->src))) {
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
	if (n_starts == 0 && starts_known)
		starts[n_starts++] = "."; /* find with no start path searches . */

	for (; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		if (!a->s)
			continue; /* checked again once expanded */
		const char *s = a->s;
		if (under_repl && word_holds_repl(w, s, strlen(s)))
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
		if (in_list(s, find_blocked, ARRAY_SIZE(find_blocked)))
			return report_add(w, POLICY_LAYER_ARGS, "args.find-action",
					  fix_allow(w, "find"), false,
					  "find %s deletes or writes files the path checks do not see",
					  s);
		if (streq(s, "-files0-from"))
			return report_add(w, POLICY_LAYER_ARGS, "args.find-action",
					  fix_allow(w, "find"), false,
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
			if ((r = push_repl(w, "{}", true)) < 0)
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
		return report_add(w, POLICY_LAYER_ARGS, "args.find-unknown", fix_allow(w, "find"),
				  false, "find: '%s' is not a primary the policy knows", a->src);
	}
	return 0;
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
			if (!cl->args[i].s && !strchr(s, '='))
				continue; /* the runtime layer sees the assignment */
			if (s[0] == '-' || s[0] == '+') {
				if (strchr(s, 'n') && s[0] == '-')
					nameref = true;
				continue;
			}
			const char *nm = assign_name(w, s);
			if (nm)
				r = check_assignment_name(w, nm, n);
			if (r >= 0 && nameref) {
				const char *target = strchr(s, '=');
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
		for (size_t i = 1; i < argc && r >= 0; i++)
			if (cl->args[i].s) {
				const char *nm = assign_name(w, cl->args[i].s);
				if (nm)
					r = check_assignment_name(w, nm, "let setting");
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
	if (streq(n, "read") || streq(n, "mapfile") || streq(n, "readarray") ||
	    streq(n, "getopts")) {
		for (size_t i = streq(n, "getopts") ? 2 : 1; i < argc && r >= 0; i++) {
			const char *s = cl->args[i].s;
			if (s && s[0] != '-')
				r = check_assignment_name(w, s, n);
		}
		return r;
	}
	if (streq(n, "eval")) {
		size_t len = 0;
		for (size_t i = 1; i < argc; i++) {
			if (!cl->args[i].s)
				return 0; /* the runtime layer checks what it evaluates */
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
			r = report_add(w, POLICY_LAYER_ARGS, "args.sed-script", fix_allow(w, "sed"),
				       false, "sed -f reads its script from a file the checks "
				       "do not see");
		else if (e->kind == OPT_EV_OPTION && e->id == 'e') {
			have_e = true;
			const char *why = e->value ? sed_script_problem(e->value) : NULL;
			if (why)
				r = report_add(w, POLICY_LAYER_ARGS, "args.sed-script",
					       fix_allow(w, "sed"), false, "sed: %s", why);
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
					  fix_allow(w, "sed"), false, "sed: %s", why);
	}
	if (in_place)
		for (size_t i = 1; i < cl->argc; i++)
			if (roles[i] == ROLE_READ)
				roles[i] = ROLE_WRITE;
	return 0;
}

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

/* ---- git (a first classification; the full validator is its own issue) ----------------------------------- */

static const char *const git_read[] = {
	"annotate", "archive", "blame", "bundle", "format-patch", "branch", "cat-file", "check-attr", "check-ignore", "cherry",
	"count-objects", "describe", "diff", "diff-files", "diff-index", "diff-tree",
	"for-each-ref", "grep", "help", "log", "ls-files", "ls-tree", "merge-base",
	"name-rev", "reflog", "remote", "rev-list", "rev-parse", "shortlog", "show",
	"show-branch", "show-ref", "stash", "status", "tag", "var", "version",
	"whatchanged", "worktree",
};
static const char *const git_local_write[] = {
	"add", "am", "apply", "checkout", "cherry-pick", "clean", "commit", "gc", "init",
	"merge", "mv", "notes", "rebase", "reset", "restore", "revert", "rm", "switch",
};
static const char *const git_remote_read[] = { "clone", "fetch", "ls-remote", "pull" };
static const char *const git_remote_write[] = { "push", "send-email", "request-pull" };
static const char *const git_bad_config[] = {
	"alias.", "core.askpass", "core.editor", "core.fsmonitor", "core.gitproxy",
	"core.hookspath", "core.pager", "core.sshcommand", "core.worktree", "credential.",
	"diff.external", "filter.", "gpg.program", "include.", "includeif.",
	"sequence.editor", "uploadpack.", "receive.", "remote.", "url.",
};

static int
git_config_key_check(struct walk *w, const char *kv)
{
	char key[128];
	size_t n = 0;
	for (; kv[n] && kv[n] != '=' && n + 1 < sizeof(key); n++)
		key[n] = (char)tolower((unsigned char)kv[n]);
	key[n] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(git_bad_config); i++) {
		size_t l = strlen(git_bad_config[i]);
		bool prefix = git_bad_config[i][l - 1] == '.';
		if (prefix ? strncmp(key, git_bad_config[i], l) == 0
			   : strcmp(key, git_bad_config[i]) == 0)
			return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
					  "git: the config key '%s' names a program or "
					  "redirects git, and git later runs on the host", key);
		if (!prefix && strncmp(key, "diff.", 5) == 0 && strstr(key, ".textconv"))
			break;
	}
	if (strstr(key, ".textconv") || strstr(key, ".driver") || strstr(key, ".command"))
		return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
				  "git: the config key '%s' names a program", key);
	return 0;
}

static int validate_git_inner(struct walk *w, struct cmdline *cl, enum arg_role *roles,
			      const char **ret_cdir);

/*
 * git -C DIR runs as if started in DIR: the paths after it are resolved from
 * there. They are checked here, from DIR, instead of by the caller.
 */
int
validate_git(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *cdir = NULL;
	int r = validate_git_inner(w, cl, roles, &cdir);
	if (r < 0 || !cdir)
		return r;
	struct cwdset saved = w->cwd, moved = { 0 };
	if (cdir[0] == '/') {
		moved.dir[moved.n++] = cdir;
	} else if (w->cwd.unknown) {
		moved.unknown = true;
	} else {
		for (size_t k = 0; k < w->cwd.n; k++) {
			const char *d = arena_printf(w->a, "%s/%s", w->cwd.dir[k], cdir);
			if (!d)
				return -ENOMEM;
			moved.dir[moved.n++] = d;
		}
	}
	w->cwd = moved;
	size_t start = 1;
	/* the -C value itself was resolved from the shell's directory */
	for (; start < cl->argc; start++)
		if (cl->args[start].s && cl->args[start].s[0] != '-' &&
		    !(start > 1 && cl->args[start - 1].s && streq(cl->args[start - 1].s, "-C")))
			break;
	for (size_t k = start; k < cl->argc && r >= 0; k++) {
		if (roles[k] == ROLE_NONE)
			continue;
		r = check_path(w, "git", &cl->args[k], roles[k], 0);
		roles[k] = ROLE_NONE;
	}
	w->cwd = saved;
	return r;
}

static int
validate_git_inner(struct walk *w, struct cmdline *cl, enum arg_role *roles,
		   const char **ret_cdir)
{
	size_t i = 1, argc = cl->argc;
	int r;
	for (; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		if (!a->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL, false,
					  "git: the option '%s' is only known at runtime", a->src);
		const char *s = a->s;
		if (s[0] != '-')
			break;
		if (streq(s, "-C") || streq(s, "--git-dir") || streq(s, "--work-tree")) {
			if (i + 1 < argc)
				roles[i + 1] = ROLE_READ;
			if (streq(s, "-C") && i + 1 < argc) {
				const char *d = cl->args[i + 1].s;
				if (!d)
					return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL,
							  false, "git -C: the directory is only known at runtime");
				*ret_cdir = *ret_cdir && d[0] != '/'
						    ? arena_printf(w->a, "%s/%s", *ret_cdir, d)
						    : d;
				if (!*ret_cdir)
					return -ENOMEM;
			}
			i++;
		} else if (strncmp(s, "--git-dir=", 10) == 0 || strncmp(s, "--work-tree=", 12) == 0) {
			if ((r = check_path_str(w, "git", strchr(s, '=') + 1, ROLE_READ, 0)) < 0)
				return r;
		} else if (streq(s, "-c")) {
			if (i + 1 < argc && cl->args[i + 1].s &&
			    (r = git_config_key_check(w, cl->args[i + 1].s)) < 0)
				return r;
			i++;
		} else if (strncmp(s, "--exec-path", 11) == 0 || streq(s, "--config-env") ||
			   strncmp(s, "--config-env=", 13) == 0 || strncmp(s, "--template", 10) == 0) {
			return report_add(w, POLICY_LAYER_ARGS, "args.git-option", NULL, false,
					  "git %s chooses programs git runs", s);
		} else if (streq(s, "--namespace") || streq(s, "--super-prefix")) {
			i++;
		}
	}
	if (i >= argc)
		return 0;
	const char *sub = cl->args[i].s;
	if (!sub)
		return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL, false,
				  "git: the subcommand is only known at runtime");
	for (size_t k = i + 1; k < argc; k++) {
		const char *s = cl->args[k].s;
		if (s && (strncmp(s, "--template", 10) == 0 || strncmp(s, "--upload-pack", 13) == 0 ||
			  strncmp(s, "--receive-pack", 14) == 0 || streq(s, "--exec") ||
			  strncmp(s, "--exec=", 7) == 0 || streq(s, "-x") ||
			  strncmp(s, "--extcmd", 8) == 0))
			return report_add(w, POLICY_LAYER_ARGS, "args.git-option", NULL, false,
					  "git %s %s runs a program named on the command line", sub, s);
		if (s && streq(sub, "clone") && streq(s, "-c") && k + 1 < argc && cl->args[k + 1].s &&
		    (r = git_config_key_check(w, cl->args[k + 1].s)) < 0)
			return r;
		/* operands that look like paths are read */
		if (s && s[0] != '-')
			roles[k] = ROLE_LOOSE;
		if (s && (strncmp(s, "--output=", 9) == 0 ||
			  strncmp(s, "--output-directory=", 19) == 0) &&
		    (r = check_path_str(w, "git", strchr(s, '=') + 1, ROLE_WRITE, 0)) < 0)
			return r;
		/* -o FILE/DIR of archive, format-patch, bugreport, diagnose */
		if (s && (streq(s, "-o") || streq(s, "--output") ||
			  streq(s, "--output-directory")) && k + 1 < argc &&
		    (streq(sub, "archive") || streq(sub, "format-patch") ||
		     streq(sub, "bugreport") || streq(sub, "diagnose"))) {
			roles[k + 1] = ROLE_WRITE;
			k++;
		}
	}
	/* The files git's writing subcommands are pointed at are written:
	 * git rm .claude/settings.json, git checkout -- .mcp.json. */
	if (streq(sub, "mv") || streq(sub, "rm") || streq(sub, "checkout") ||
	    streq(sub, "restore") || streq(sub, "checkout-index")) {
		for (size_t k = i + 1; k < argc; k++)
			if (roles[k] == ROLE_LOOSE)
				roles[k] = ROLE_WRITE;
	} else if (streq(sub, "init") || streq(sub, "clone") || streq(sub, "worktree")) {
		/* the directory it creates: init DIR, clone URL DIR, worktree add DIR */
		size_t nth = 0, want = streq(sub, "clone") ? 2 : streq(sub, "worktree") ? 2 : 1;
		for (size_t k = i + 1; k < argc; k++) {
			if (roles[k] != ROLE_LOOSE)
				continue;
			if (++nth == want) {
				roles[k] = ROLE_WRITE;
				break;
			}
		}
		if (streq(sub, "clone") && nth < want) {
			/* clone without a directory creates one here */
			if ((r = check_path_str(w, "git", ".", ROLE_WRITE, 0)) < 0)
				return r;
		}
	} else if (streq(sub, "bundle")) {
		for (size_t k = i + 1; k + 1 < argc; k++)
			if (cl->args[k].s && streq(cl->args[k].s, "create")) {
				roles[k + 1] = ROLE_WRITE;
				break;
			}
	}
	if (streq(sub, "config")) {
		bool reading = false;
		for (size_t k = i + 1; k < argc; k++) {
			const char *s = cl->args[k].s;
			if (s && (streq(s, "--get") || streq(s, "--get-all") || streq(s, "-l") ||
				  streq(s, "--list") || streq(s, "--get-regexp") || streq(s, "get") ||
				  streq(s, "list")))
				reading = true;
			if (s && (streq(s, "edit") || streq(s, "-e") || streq(s, "--edit")))
				return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
						  "git config --edit runs an editor");
		}
		if (reading)
			return 0;
		for (size_t k = i + 1; k < argc; k++) {
			const char *s = cl->args[k].s;
			if (!s)
				return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
						  "git config: a key only known at runtime");
			if (s[0] != '-' && !streq(s, "set"))
				return git_config_key_check(w, s);
		}
		return 0;
	}
	bool ok_level;
	const char *level;
	if (in_list(sub, git_read, ARRAY_SIZE(git_read))) {
		ok_level = w->p->git.local_read;
		level = "local_read";
	} else if (in_list(sub, git_local_write, ARRAY_SIZE(git_local_write))) {
		ok_level = w->p->git.local_write;
		level = "local_write";
	} else if (in_list(sub, git_remote_read, ARRAY_SIZE(git_remote_read))) {
		ok_level = w->p->git.remote_read;
		level = "remote_read";
	} else if (in_list(sub, git_remote_write, ARRAY_SIZE(git_remote_write))) {
		ok_level = w->p->git.remote_write;
		level = "remote_write";
	} else {
		return report_add(w, POLICY_LAYER_ARGS, "args.git-subcommand", NULL, false,
				  "git %s is not a subcommand the policy allows (it runs "
				  "programs, starts servers or handles credentials, or is not "
				  "classified yet)", sub);
	}
	if (!ok_level) {
		char fix[128];
		snprintf(fix, sizeof(fix), "lite-sandbox config git %s allow", level);
		return report_add(w, POLICY_LAYER_ARGS, "args.git-level", fix, false,
				  "git %s is a %s operation, which the config does not allow",
				  sub, level);
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
						  fix_allow(w, "sort"), false,
						  "sort --compress-program runs a program");
			if (strncmp(s, "--files0", 8) == 0)
				return report_add(w, POLICY_LAYER_ARGS, "args.sort-files0",
						  fix_allow(w, "sort"), false,
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
				return report_add(w, POLICY_LAYER_ARGS, "args.runs-program", fix_allow(w, n),
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
						  fix_allow(w, "less"), false,
						  "less %s loads a lesskey file or writes a log file", s);
			if (s[0] == '+' && strpbrk(s, "!|"))
				return report_add(w, POLICY_LAYER_ARGS, "args.less-option",
						  fix_allow(w, "less"), false,
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

/* ---- ssh (a first version; the full rules are their own piece of work) ---------------------- */

static bool
ssh_host_listed(const struct policy *p, const char *dest)
{
	/* [user@]host, ssh://[user@]host[:port] */
	const char *h = dest;
	if (strncmp(h, "ssh://", 6) == 0)
		h += 6;
	const char *at = strrchr(h, '@');
	if (at)
		h = at + 1;
	size_t len = strlen(h);
	if (dest != h && strncmp(dest, "ssh://", 6) == 0) {
		const char *colon = strchr(h, ':');
		if (colon)
			len = (size_t)(colon - h);
	}
	for (size_t i = 0; i < p->n_ssh_hosts; i++)
		if (strlen(p->ssh_hosts[i]) == len && strncmp(p->ssh_hosts[i], h, len) == 0)
			return true;
	return false;
}

int
validate_ssh(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	if (w->p->n_ssh_hosts == 0)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "%s: the config's ssh section lists no hosts, so %s is not allowed",
				  n, n);
	if (!streq(n, "ssh"))
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-unsupported", NULL, false,
				  "%s is not supported yet; ssh to a listed host is", n);

	char **argv = arena_alloc(w->a, (cl->argc + 1) * sizeof(char *));
	if (!argv)
		return -ENOMEM;
	for (size_t i = 0; i < cl->argc; i++)
		argv[i] = (char *)cl->args[i].opt;
	struct opt_event *ev = NULL;
	int cnt = opt_parse(cl->spec->decl, OPT_ORDER_REQUIRE, (int)cl->argc, argv, &ev);
	if (cnt < 0)
		return cnt;
	int r = 0;
	bool has_n = false;
	size_t dest = 0;
	for (int k = 0; k < cnt && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		if (e->kind == OPT_EV_OPERAND) {
			if (!dest)
				dest = (size_t)e->argi;
			continue;
		}
		if (e->kind != OPT_EV_OPTION)
			continue;
		switch (e->id) {
		case 'n':
			has_n = true;
			break;
		case 'i':
		case 'E':
			if (e->value && e->value_argi != e->argi)
				roles[e->value_argi] = e->id == 'E' ? ROLE_WRITE : ROLE_READ;
			else if (e->value)
				r = check_path_str(w, n, e->value, e->id == 'E' ? ROLE_WRITE : ROLE_READ, 0);
			break;
		case 'J': {
			/* every jump host, as typed, must be listed */
			const char *v = e->value ? e->value : "";
			char *copy = arena_strdup(w->a, v), *save = NULL;
			if (!copy) {
				r = -ENOMEM;
				break;
			}
			for (char *t = strtok_r(copy, ",", &save); t && r >= 0; t = strtok_r(NULL, ",", &save))
				if (!ssh_host_listed(w->p, t))
					r = report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
						       "ssh: the jump host '%s' is not listed in the config's "
						       "ssh section", t);
			break;
		}
		case 'W': case 'w': case 'g': case 'A': case 'X': case 'Y': case 'F': case 'I':
		case 'M': case 'S': case 'O': case 'L': case 'R': case 'D': case 't': case 's':
		case 'o':
			r = report_add(w, POLICY_LAYER_ARGS, "args.ssh-option", NULL, false,
				       "ssh -%c is not allowed (forwarding, connection sharing, "
				       "config files and -o options are not supported yet)", e->id);
			break;
		default:
			break;
		}
	}
	free(ev);
	if (r < 0)
		return r;
	if (!dest)
		return 0; /* ssh prints its usage */
	const struct parg *d = &cl->args[dest];
	if (!d->s)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "ssh: the destination '%s' is only known at runtime", d->src);
	if (!ssh_host_listed(w->p, d->s))
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "ssh: '%s' is not listed in the config's ssh section", d->s);
	if (dest + 1 >= cl->argc) {
		if (!has_n)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-login", NULL, false,
					  "ssh %s with no command starts a login shell reading its "
					  "input; give the command (or -n)", d->s);
		return 0;
	}
	/* The remote command is a shell command line: written out, and checked
	 * as one. */
	size_t len = 0;
	for (size_t i = dest + 1; i < cl->argc; i++) {
		if (!cl->args[i].s)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-dynamic", NULL, false,
					  "ssh: the remote command must be written out ('%s' is only "
					  "known at runtime)", cl->args[i].src);
		len += strlen(cl->args[i].s) + 1;
	}
	char *src = arena_alloc(w->a, len + 1);
	if (!src)
		return -ENOMEM;
	size_t o = 0;
	for (size_t i = dest + 1; i < cl->argc; i++) {
		size_t l = strlen(cl->args[i].s);
		memcpy(src + o, cl->args[i].s, l);
		o += l;
		src[o++] = ' ';
	}
	src[o] = '\0';
	struct cwdset saved = w->cwd;
	size_t nf = w->n_funcs;
	w->depth++;
	r = walk_script(w, src, o, "ssh remote command");
	w->depth--;
	w->cwd = saved;
	w->n_funcs = nf;
	return r;
}
