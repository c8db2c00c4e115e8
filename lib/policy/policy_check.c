/* SPDX-License-Identifier: MIT */
/*
 * The check of one command (an argv, static or expanded): deny list, ask
 * entries, allow entries, the whitelist, which words are paths (from the
 * command table and the option parser), the command's validator, and the
 * path boundary on every path word. Wrapped commands come back here with
 * CK_WRAPPED set.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "policy-internal.h"

/* ---- protected variables ------------------------------------------------------- */

static const char *const protected_exact[] = {
	"BASHOPTS", "BASH_ENV", "BASH_XTRACEFD", "CDPATH", "ENV", "GIT_ASKPASS",
	"GIT_DIR", "GIT_EDITOR", "GIT_EXEC_PATH", "GIT_EXTERNAL_DIFF", "GIT_PAGER",
	"GIT_PROXY_COMMAND", "GIT_SEQUENCE_EDITOR", "GIT_SSH", "GIT_SSH_COMMAND",
	"GIT_TEMPLATE_DIR", "GIT_WORK_TREE", "GZIP", "LESS", "LESSCLOSE", "LESSOPEN",
	"PATH", "PS4", "RSYNC_CONNECT_PROG", "RSYNC_RSH", "SHELLOPTS", "TAPE",
	"TAR_OPTIONS", "UNZIP", "UNZIPOPT", "XZ_DEFAULTS", "XZ_OPT", "ZDOTDIR", "ZIP",
	"ZIPOPT",
};
/* Families: the dynamic loader's, bash's exported functions, lesskey files,
 * git's config injection. */
static const char *const protected_prefix[] = {
	"BASH_FUNC_", "DYLD_", "GIT_CONFIG", "LD_", "LESSKEY",
};

bool
policy_env_protected(const char *name)
{
	if (!name)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(protected_exact); i++)
		if (strcmp(name, protected_exact[i]) == 0)
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(protected_prefix); i++)
		if (strncmp(name, protected_prefix[i], strlen(protected_prefix[i])) == 0)
			return true;
	return false;
}

int
check_assignment_name(struct walk *w, const char *name, const char *how)
{
	/* HOME itself is not protected, but rsync reads ~/.popt from it:
	 * validate_rsync refuses once it may have moved. HOME[0] is $HOME. */
	if (!name || (strncmp(name, "HOME", 4) == 0 && (name[4] == '\0' || name[4] == '[')))
		w->home_changed = true;
	/* read 'a[HOME=1]', printf -v 'a[i]': the subscript is arithmetic */
	const char *br = name ? strchr(name, '[') : NULL;
	if (br) {
		const char *end = strrchr(br, ']');
		int r = check_arith_assigns(w, br + 1, end && end > br ? (size_t)(end - br - 1)
								 : strlen(br + 1), false, how);
		if (r < 0)
			return r;
	}
	if (!name || !policy_env_protected(name))
		return 0;
	return report_add(w, POLICY_LAYER_STRUCTURE, "structure.protected-env", NULL,
			  false,
			  "%s %s is not allowed: it changes which programs run or what "
			  "they load", how, name);
}

int
check_arith_assigns(struct walk *w, const char *s, size_t n, bool dynamic, const char *how)
{
	if (dynamic || !s)
		return check_assignment_name(w, NULL, how); /* $v may expand to HOME=... */
	/* Any name: HOME=1 and HOME++ assign it, and a variable's value is
	 * evaluated as an expression in turn (x='HOME=5'; (( x )) assigns
	 * HOME), whatever put it there. Numbers in any base are no names:
	 * 0x1f, 16#ff, 64#@_. */
	for (size_t i = 0; i < n;) {
		unsigned char ch = (unsigned char)s[i];
		if (isdigit(ch)) {
			while (i < n && (isalnum((unsigned char)s[i]) || strchr("#@_", s[i])))
				i++;
			continue;
		}
		if (isalpha(ch) || ch == '_')
			return check_assignment_name(w, NULL, how);
		i++;
	}
	return 0;
}

/* ---- paths ---------------------------------------------------------------------- */

int
check_path_str(struct walk *w, const char *cmd, const char *path,
	       enum arg_role role, unsigned pflags)
{
	if (!path || !path[0] || role == ROLE_NONE)
		return 0;
	if (role == ROLE_LOOSE) {
		if (!path_word_looks_like_path(path))
			return 0;
		role = ROLE_READ;
	}
	enum path_access acc = role == ROLE_WRITE ? PATH_ACCESS_WRITE : PATH_ACCESS_READ;
	bool rel = path[0] != '/';
	if (rel && w->cwd.unknown)
		return 0; /* the runtime layer knows the directory */
	for (size_t i = 0; i < w->cwd.n; i++) {
		struct path_verdict v;
		int r = path_boundary_check_cmd(w->p->pb, w->cwd.dir[i], path, acc, cmd,
						pflags, &v);
		if (r < 0 && r != -EINVAL && r != -ENAMETOOLONG)
			return r;
		if (!v.ok) {
			char msg[1200];
			if (v.message[0])
				snprintf(msg, sizeof(msg), "%s%s%s", cmd ? cmd : "",
					 cmd ? ": " : "", v.message);
			else
				snprintf(msg, sizeof(msg), "%s%s%s '%s' is outside the boundary",
					 cmd ? cmd : "", cmd ? ": " : "",
					 acc == PATH_ACCESS_WRITE ? "writing" : "reading", path);
			r = report_add_modes(w->r, w->p, POLICY_LAYER_PATH,
					     policy_layer_modes(POLICY_LAYER_PATH),
					     v.rule ? v.rule : "paths.refused", msg, v.fix, false);
			if (r < 0)
				return r;
		}
		if (!rel)
			break;
	}
	return 0;
}

int
check_path(struct walk *w, const char *cmd, const struct parg *pa,
	   enum arg_role role, unsigned pflags)
{
	if (role == ROLE_NONE)
		return 0;
	if (pa->s && w->n_find_starts && strstr(pa->s, "{}")) {
		/* find -exec's {} is a path found under one of find's start
		 * paths: check the word with each start path in its place. */
		for (size_t i = 0; i < w->n_find_starts; i++) {
			const char *st = w->find_starts[i];
			size_t n = 0, sl = strlen(st);
			for (const char *q = pa->s; (q = strstr(q, "{}")); q += 2)
				n++;
			char *out = arena_alloc(w->a, strlen(pa->s) + n * sl + 1);
			if (!out)
				return -ENOMEM;
			size_t o = 0;
			for (const char *q = pa->s; *q;) {
				if (q[0] == '{' && q[1] == '}') {
					memcpy(out + o, st, sl);
					o += sl;
					q += 2;
				} else {
					out[o++] = *q++;
				}
			}
			out[o] = '\0';
			int r = check_path_str(w, cmd, out, role, pflags);
			if (r < 0)
				return r;
		}
		return 0;
	}
	if (pa->s)
		return check_path_str(w, cmd, pa->s, role, pflags);
	/* Not static: check the directory its static prefix names, when it
	 * names one: "~/.aws/$f" is read under ~/.aws, and a glob such as
	 * "src/x*.c" under src. */
	const char *slash = strrchr(pa->prefix, '/');
	if (!slash)
		return 0;
	char *dir = arena_strndup(w->a, pa->prefix, (size_t)(slash - pa->prefix) + 1);
	if (!dir)
		return -ENOMEM;
	if (role == ROLE_LOOSE)
		role = ROLE_READ;
	return check_path_str(w, cmd, dir, role, pflags);
}

/* ---- names ----------------------------------------------------------------------- */

static const char *
base_name(const char *s)
{
	const char *b = strrchr(s, '/');
	return b ? b + 1 : s;
}

/* /bin/ls and /usr/bin/ls are ls; any other path is a program of its own. */
static const char *
table_name(const char *name)
{
	static const char *const dirs[] = { "/bin/", "/usr/bin/", "/usr/local/bin/",
					    "/sbin/", "/usr/sbin/" };
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		size_t n = strlen(dirs[i]);
		if (strncmp(name, dirs[i], n) == 0 && !strchr(name + n, '/') && name[n])
			return name + n;
	}
	return name;
}

static bool
entry_name_matches(const struct policy_entry *e, const char *name)
{
	if (strcmp(e->name, name) == 0)
		return true;
	if (!strchr(e->name, '/') && strcmp(e->name, table_name(name)) == 0)
		return true;
	return false;
}

/* ---- deny list ---------------------------------------------------------------------- */

static const char *const self_denied[] = { "config", "hook", "install", "uninstall",
					   "update" };

static int
check_denylist(struct walk *w, struct cmdline *cl, bool *ret_denied)
{
	*ret_denied = false;
	if (strcmp(base_name(cl->name), "lite-sandbox") == 0) {
		for (size_t i = 1; i < cl->argc; i++) {
			const char *s = cl->args[i].s;
			bool hit = !s;
			for (size_t k = 0; s && k < ARRAY_SIZE(self_denied); k++)
				if (strcmp(s, self_denied[k]) == 0)
					hit = true;
			if (!hit)
				continue;
			*ret_denied = true;
			return report_add(w, POLICY_LAYER_DENYLIST, "denylist.self-protection",
					  NULL, false,
					  "lite-sandbox %s changes the sandbox's own policy: the "
					  "agent may not run it (a config change goes to the user "
					  "as a config request)",
					  s ? s : "(a word only known at runtime)");
		}
	}
	for (size_t i = 0; i < w->p->n_entries; i++) {
		const struct policy_entry *e = &w->p->entries[i];
		if (e->allow || e->ask || !entry_name_matches(e, cl->name))
			continue;
		/* The entry's words anywhere in the command line, in a row:
		 * `git -C x push` is still a git push. */
		bool hit = e->n_args == 0;
		for (size_t s = 1; !hit && s + e->n_args <= cl->argc; s++) {
			size_t k = 0;
			while (k < e->n_args && cl->args[s + k].s &&
			       strcmp(cl->args[s + k].s, e->args[k]) == 0)
				k++;
			hit = k == e->n_args;
		}
		if (!hit)
			continue;
		*ret_denied = true;
		/* the entry as written, every word of it (git push origin) */
		const char *words = "";
		for (size_t k = 0; k < e->n_args; k++)
			if (!(words = arena_printf(w->a, "%s %s", words, e->args[k])))
				return -ENOMEM;
		return report_add(w, POLICY_LAYER_DENYLIST, "denylist.config", NULL, false,
				  "%s%s is on the deny list (a commands entry with allow: "
				  "false)", e->name, words);
	}
	return 0;
}

/* An allow or ask entry whose name and leading words match. */
static const struct policy_entry *
find_entry(const struct policy *p, struct cmdline *cl, bool want_ask)
{
	for (size_t i = 0; i < p->n_entries; i++) {
		const struct policy_entry *e = &p->entries[i];
		if (want_ask ? !e->ask : (!e->allow || e->ask))
			continue;
		if (!entry_name_matches(e, cl->name) || e->n_args + 1 > cl->argc)
			continue;
		size_t k = 0;
		while (k < e->n_args && cl->args[k + 1].s &&
		       strcmp(cl->args[k + 1].s, e->args[k]) == 0)
			k++;
		if (k == e->n_args)
			return e;
	}
	return NULL;
}

/* ---- which words are paths -------------------------------------------------------------- */

static enum arg_role
role_max(enum arg_role a, enum arg_role b)
{
	static const int rank[] = { [ROLE_NONE] = 0, [ROLE_LOOSE] = 1,
				    [ROLE_READ] = 2, [ROLE_WRITE] = 3 };
	return rank[a] >= rank[b] ? a : b;
}

static enum arg_role
opt_role_of(const struct cmd_spec *sp, int id)
{
	if (!sp->opt_roles)
		return ROLE_NONE;
	for (const struct opt_role *o = sp->opt_roles; o->id; o++)
		if (o->id == id)
			return o->role;
	return ROLE_NONE;
}

static bool
id_in(const int *ids, int id)
{
	for (; ids && *ids; ids++)
		if (*ids == id)
			return true;
	return false;
}

/* Give the operands (argv indexes, in order) their roles by layout. */
static void
layout_roles(const struct cmd_spec *sp, const int *ops, size_t n, bool pattern_given,
	     bool target_given, enum arg_role *roles)
{
	for (size_t k = 0; k < n; k++) {
		enum arg_role r = ROLE_NONE;
		switch (sp ? sp->ops : OPS_LOOSE) {
		case OPS_NONE:
			break;
		case OPS_READ:
			r = ROLE_READ;
			break;
		case OPS_WRITE:
			r = ROLE_WRITE;
			break;
		case OPS_LOOSE:
			r = ROLE_LOOSE;
			break;
		case OPS_PATTERN:
			r = (k == 0 && !pattern_given) ? ROLE_NONE : ROLE_READ;
			break;
		case OPS_SKIP1_WRITE:
			r = (k == 0 && !target_given) ? ROLE_NONE : ROLE_WRITE;
			break;
		case OPS_LAST_WRITE:
			r = (k == n - 1 && !target_given) ? ROLE_WRITE : ROLE_READ;
			break;
		case OPS_IN_OUT:
			r = k == 0 ? ROLE_READ : k == 1 ? ROLE_WRITE : ROLE_NONE;
			break;
		case OPS_SKIP1_READ:
			r = k == 0 ? ROLE_NONE : ROLE_READ;
			break;
		default:
			r = ROLE_LOOSE;
			break;
		}
		roles[ops[k]] = role_max(roles[ops[k]], r);
	}
}

/* An option word's attached value: "--file=/x" gives "/x", "-f/x" gives "/x". */
static const char *
attached_value(const char *s)
{
	if (s[0] != '-' || s[1] == '\0')
		return NULL;
	const char *eq = strchr(s, '=');
	if (s[1] == '-')
		return eq ? eq + 1 : NULL;
	return s[2] ? s + 2 : NULL;
}

static int
check_attached(struct walk *w, struct cmdline *cl, size_t i, const char *value,
	       enum arg_role role, unsigned pflags)
{
	if (!cl->args[i].s) {
		/* "-f$x": check what is static of the value */
		const char *pre = cl->args[i].prefix;
		size_t off = (size_t)(value - cl->args[i].opt);
		if (off > strlen(pre))
			return 0;
		struct parg pa = { .prefix = pre + off, .src = cl->args[i].src };
		return check_path(w, cl->name, &pa, role, pflags);
	}
	size_t off = (size_t)(value - cl->args[i].opt);
	return check_path_str(w, cl->name, cl->args[i].s + off, role, pflags);
}

/*
 * Work out the role of every word from the option declaration, under GNU
 * permutation and stopping at the first operand: a word is left unchecked
 * only if neither reading makes it a path. Attached path values are checked
 * here; the rest is left in roles[] for the caller.
 */
static int
assign_roles(struct walk *w, struct cmdline *cl, enum arg_role *roles,
	     unsigned pflags, bool strict)
{
	const struct cmd_spec *sp = cl->spec;
	size_t argc = cl->argc;
	int r;

	if (!sp || !sp->decl) {
		/* No declaration: options are words with a dash, everything
		 * after "--" is an operand; attached values that look like paths
		 * are read. */
		int *ops = arena_alloc(w->a, argc * sizeof(int));
		if (!ops)
			return -ENOMEM;
		size_t n = 0;
		bool dd = false, pattern_given = false;
		for (size_t i = 1; i < argc; i++) {
			const char *o = cl->args[i].opt;
			if (!dd && strcmp(o, "--") == 0) {
				dd = true;
				continue;
			}
			if (!dd && o[0] == '-' && o[1]) {
				if (strcmp(o, "-e") == 0 || strcmp(o, "-f") == 0 ||
				    strncmp(o, "--regexp", 8) == 0 || strncmp(o, "--file", 6) == 0)
					pattern_given = true;
				const char *v = attached_value(o);
				if (v && (r = check_attached(w, cl, i, v, ROLE_LOOSE, pflags)) < 0)
					return r;
				continue;
			}
			ops[n++] = (int)i;
		}
		layout_roles(sp, ops, n, pattern_given, false, roles);
		return 0;
	}

	char **argv = arena_alloc(w->a, (argc + 1) * sizeof(char *));
	int *ops = arena_alloc(w->a, argc * sizeof(int));
	if (!argv || !ops)
		return -ENOMEM;
	for (size_t i = 0; i < argc; i++)
		argv[i] = (char *)cl->args[i].opt;

	for (int pass = 0; pass < 2; pass++) {
		enum opt_order order = pass == 0 ? OPT_ORDER_REQUIRE : OPT_ORDER_PERMUTE;
		if (pass == 1 && (sp->flags & CMDF_NO_PERMUTE))
			break;
		struct opt_event *ev = NULL;
		int n = opt_parse(sp->decl, order, (int)argc, argv, &ev);
		if (n < 0)
			return n;
		size_t nops = 0;
		bool pattern_given = false, target_given = false;
		for (int k = 0; k < n; k++) {
			const struct opt_event *e = &ev[k];
			switch (e->kind) {
			case OPT_EV_OPTION: {
				if (id_in(sp->pattern_ids, e->id))
					pattern_given = true;
				if (e->id == 't')
					target_given = true;
				enum arg_role ro = opt_role_of(sp, e->id);
				if (ro == ROLE_NONE || !e->value)
					break;
				unsigned of = pflags;
				if (e->long_name && strcmp(e->long_name, "random-source") == 0)
					of |= PATH_CHECK_RANDOM_SOURCES;
				if (e->value_argi == e->argi) {
					r = check_attached(w, cl, (size_t)e->argi, e->value, ro, of);
					if (r < 0) {
						free(ev);
						return r;
					}
				} else if (of != pflags) {
					/* checked here, with its own flags */
					r = check_path(w, cl->name, &cl->args[e->value_argi], ro, of);
					if (r < 0) {
						free(ev);
						return r;
					}
				} else if (e->value_argi > 0 && (size_t)e->value_argi < argc) {
					roles[e->value_argi] = role_max(roles[e->value_argi], ro);
				}
				break;
			}
			case OPT_EV_OPERAND:
				ops[nops++] = e->argi;
				break;
			case OPT_EV_ERROR:
				if (strict && pass == 0 &&
				    (e->error == OPT_ERR_UNKNOWN || e->error == OPT_ERR_AMBIGUOUS)) {
					const char *word = cl->args[e->argi].src;
					r = report_add(w, POLICY_LAYER_ARGS, "args.unknown-option",
						       NULL, false,
						       "%s: %s option in '%s': only the options "
						       "the policy knows are accepted",
						       cl->name,
						       e->error == OPT_ERR_AMBIGUOUS ? "ambiguous"
										    : "unknown",
						       word);
					if (r < 0) {
						free(ev);
						return r;
					}
				}
				break;
			case OPT_EV_END_MARK:
			default:
				break;
			}
		}
		free(ev);
		/* chmod --reference=F: no mode operand */
		if (sp->ops == OPS_SKIP1_WRITE && sp->opt_roles) {
			for (size_t i = 1; i < argc; i++)
				if (cl->args[i].s && strncmp(cl->args[i].s, "--ref", 5) == 0)
					target_given = true;
		}
		layout_roles(sp, ops, nops, pattern_given, target_given, roles);
	}
	return 0;
}

/* ---- the whitelist ------------------------------------------------------------------------ */

static int
whitelist_refuse(struct walk *w, struct cmdline *cl, const struct cmd_spec *sp)
{
	const char *rule = "whitelist.unknown-command", *why = "is not on the whitelist";
	if (sp) {
		switch (sp->kind) {
		case CMD_TOOLCHAIN:
			rule = "whitelist.toolchain";
			why = "runs code (a toolchain or interpreter)";
			break;
		case CMD_NETWORK:
			rule = "whitelist.network";
			why = "is a network tool";
			break;
		case CMD_PKG:
			rule = "whitelist.package-manager";
			why = "is a package manager";
			break;
		case CMD_ESCAPE:
			rule = "whitelist.shell-escape";
			why = "runs other commands outside the checks";
			break;
		case CMD_DESTRUCTIVE:
			rule = "whitelist.no-validator";
			why = "has no argument validator yet";
			break;
		case CMD_ALLOWED:
		case CMD_BUILTIN:
		default:
			break;
		}
	} else if (strchr(cl->name, '/')) {
		rule = "whitelist.script";
		why = "is a program or script run by its path";
	}
	char fix[600];
	snprintf(fix, sizeof(fix), "lite-sandbox config commands allow %s", cl->name);
	return report_add(w, POLICY_LAYER_WHITELIST, rule, fix, false, "%s %s", cl->name,
			  why);
}

/* ---- the replace strings of xargs -I and find -exec --------------------------------------------- */

static bool
holds_repl(const struct walk *w, const struct parg *pa, bool xargs_only)
{
	const char *s = pa->s ? pa->s : pa->src;
	for (size_t i = 0; i < w->n_repl; i++) {
		if (xargs_only && strcmp(w->repl[i], "{}") == 0 && w->repl_find[i])
			continue;
		if (w->repl[i][0] && strstr(s, w->repl[i]))
			return true;
	}
	return false;
}

/* ---- the command check ------------------------------------------------------------------------------ */

int
check_command(struct walk *w, struct cmdline *cl)
{
	int r;
	bool denied;

	if (w->depth > POLICY_MAX_DEPTH)
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.too-deep", NULL,
				  false, "the command nests too deeply to be checked");
	/* The deny list first; the other layers still run, so that an audit
	 * shows everything a command would meet. */
	if ((r = check_denylist(w, cl, &denied)) < 0)
		return r;

	bool wrapped = cl->ck & CK_WRAPPED;
	/* A function defined earlier in the same shell: its body was checked
	 * where it was defined (a wrapper cannot run a function). One that
	 * shadows a command the table knows is checked as that command, since
	 * its definition may not have run (if false; then curl() { :; }; fi). */
	if (!wrapped && !strchr(cl->name, '/') && !cmd_lookup(table_name(cl->name)))
		for (size_t i = 0; i < w->n_funcs; i++)
			if (strcmp(w->funcs[i], cl->name) == 0)
				return 0;
	const struct policy_entry *ask = find_entry(w->p, cl, true);
	if (ask) {
		if (wrapped)
			return report_add(w, POLICY_LAYER_DENYLIST, "denylist.ask-wrapped", NULL,
					  false,
					  "%s asks first (an ask entry), and a wrapper's child "
					  "cannot be tied to the approval: run it directly",
					  cl->name);
		/* The user approves the line the prompt shows; a command inside
		 * a string or a file it names is not shown as one. */
		if (w->unseen)
			return report_add(w, POLICY_LAYER_DENYLIST, "denylist.ask-unseen", NULL,
					  false,
					  "%s asks first (an ask entry), and here it runs from %s, "
					  "which the approval prompt shows only as text: run it "
					  "directly in the command line",
					  cl->name, w->unseen);
		if ((r = report_add(w, POLICY_LAYER_DENYLIST, "denylist.ask", NULL, true,
				    "%s asks first (a commands entry with ask: true)",
				    cl->name)) < 0)
			return r;
		if (w->node && (r = report_add_prompt(w->r, w->node)) < 0)
			return r;
	}

	/* An ask entry admits the command once the user approves it. */
	const struct policy_entry *allow = ask ? ask : find_entry(w->p, cl, false);
	const char *tname = table_name(cl->name);
	const struct cmd_spec *sp = strchr(tname, '/') ? NULL : cmd_lookup(tname);
	cl->spec = sp;
	unsigned pflags = sp && (sp->flags & CMDF_IN_PROCESS) ? PATH_CHECK_IN_PROCESS : 0;
	if (sp && (sp->flags & CMDF_WRITE_IN_READ_SET))
		pflags |= PATH_CHECK_WRITE_IN_READ_SET;

	/* A script run by its path is read (and, once allowed, trusted). */
	if (strchr(cl->name, '/') && !sp) {
		struct parg self;
		parg_from_string(&self, cl->name);
		if ((r = check_path(w, NULL, &self, ROLE_READ, 0)) < 0)
			return r;
	}

	if (wrapped && sp && (sp->flags & CMDF_NOT_WRAPPABLE)) {
		/* A bare allow of python trusts the host interpreter anyway. */
		bool lifted = allow && allow->n_args == 0 && sp->kind == CMD_TOOLCHAIN;
		if (!lifted)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.not-wrappable",
					  NULL, false,
					  "%s may not run under a wrapper: its checks depend "
					  "on the sandbox's shell running it directly",
					  cl->name);
	}

	/* Under xargs -I, a command with a validator may not hold the replace
	 * string: its checks saw the word as written, not the input. find
	 * sorts out its own words. */
	if ((cl->ck & CK_REPLACE) && !allow && sp && sp->validate &&
	    sp->validate != validate_wrapper &&
	    !(sp->flags & CMDF_FIND_LIKE)) {
		for (size_t i = 1; i < cl->argc; i++)
			if (holds_repl(w, &cl->args[i], true))
				return report_add(w, POLICY_LAYER_ARGS, "args.replace-string",
						  NULL, false,
						  "%s: the word '%s' holds xargs's replace "
						  "string, so its checks cannot see what runs",
						  cl->name, cl->args[i].src);
	}

	bool listed = sp && (sp->kind == CMD_ALLOWED || sp->kind == CMD_BUILTIN);
	if (!listed && !allow) {
		if ((r = whitelist_refuse(w, cl, sp)) < 0)
			return r;
	}

	enum arg_role *roles = arena_alloc(w->a, cl->argc * sizeof(*roles));
	if (!roles)
		return -ENOMEM;
	if ((r = assign_roles(w, cl, roles, pflags, listed && !allow &&
					  sp && (sp->flags & CMDF_STRICT))) < 0)
		return r;

	/* Wrapped builtins are looked up on PATH (and mostly do not exist
	 * there); the shell's own rules for them do not apply. */
	/* An allow entry lifts a command's validator, but a wrapper's or a
	 * shell's is what finds the command it runs, which is checked on its
	 * own terms. Another command that runs one it names keeps the part of
	 * its validator that finds it (CK_TRUSTED): no allowed command lifts
	 * the deny list inside it, nor the boundary on the paths it names. */
	bool finds_child = sp && (sp->validate == validate_wrapper ||
				  sp->validate == validate_shell);
	bool trusted_scan = allow && !finds_child && sp && (sp->flags & CMDF_TRUSTED_SCAN);
	bool run_validator = sp && listed && sp->validate && (!allow || finds_child || trusted_scan) &&
			     !(wrapped && sp->kind == CMD_BUILTIN);
	if (run_validator) {
		unsigned saved_ck = cl->ck;
		if (trusted_scan)
			cl->ck |= CK_TRUSTED;
		r = sp->validate(w, cl, roles);
		cl->ck = saved_ck;
		if (r < 0)
			return r;
	}

	/* Commands not on the whitelist (or allowed by an entry, which lifts
	 * the validators but not the boundary) still have their path-like
	 * words checked. */
	for (size_t i = 1; i < cl->argc; i++) {
		enum arg_role ro = roles[i];
		if (!listed && ro == ROLE_NONE && !sp)
			ro = ROLE_LOOSE;
		if (ro == ROLE_NONE)
			continue;
		if (ro == ROLE_LOOSE && !cl->args[i].s && cl->args[i].prefix[0] != '/' &&
		    cl->args[i].prefix[0] != '.')
			continue;
		if ((r = check_path(w, cl->name, &cl->args[i], ro, pflags)) < 0)
			return r;
	}
	return 0;
}

int
check_wrapped(struct walk *w, struct parg *args, size_t argc, unsigned ck,
	      const char *wrapper)
{
	if (argc == 0)
		return 0;
	if (!args[0].s)
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.dynamic-wrapped",
				  NULL, false,
				  "%s runs '%s', a command name only known at runtime: a "
				  "wrapper starts it itself, past the runtime checks",
				  wrapper, args[0].src);
	for (size_t i = 0; i < w->n_repl; i++) {
		if (w->repl[i][0] && strstr(args[0].s, w->repl[i]))
			return report_add(w, POLICY_LAYER_STRUCTURE,
					  "structure.replace-in-command-name", NULL, false,
					  "%s would run a program named by its input ('%s')",
					  wrapper, args[0].src);
	}
	struct cmdline cl = { .name = args[0].s, .argc = argc, .args = args, .ck = ck | CK_WRAPPED };
	w->depth++;
	int r = check_command(w, &cl);
	w->depth--;
	return r;
}
