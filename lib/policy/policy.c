/* SPDX-License-Identifier: MIT */
/*
 * The policy object, reports and findings, and the public entry points.
 * The walk over the syntax tree is in policy_walk.c, the per-command checks
 * in policy_check.c, the command table in commands.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "policy-internal.h"

/* The spec's table: which mode enforces which layer. */
#define M_OPEN (1u << POLICY_MODE_OPEN)
#define M_DENY (1u << POLICY_MODE_DENYLIST)
#define M_ALLOW (1u << POLICY_MODE_ALLOWLIST)

policy_modes
policy_layer_modes(enum policy_layer l)
{
	switch (l) {
	case POLICY_LAYER_WHITELIST:
		return M_ALLOW;
	case POLICY_LAYER_DENYLIST:
	case POLICY_LAYER_PATH:
	case POLICY_LAYER_ARGS:
	case POLICY_LAYER_STRUCTURE:
		return M_DENY | M_ALLOW;
	case POLICY_LAYER_MAX:
	default:
		return 0;
	}
}

const char *
policy_layer_name(enum policy_layer l)
{
	static const char *const names[POLICY_LAYER_MAX] = {
		[POLICY_LAYER_DENYLIST] = "deny list",
		[POLICY_LAYER_WHITELIST] = "whitelist",
		[POLICY_LAYER_PATH] = "path boundary",
		[POLICY_LAYER_ARGS] = "argument validator",
		[POLICY_LAYER_STRUCTURE] = "structure",
	};
	return (unsigned)l < POLICY_LAYER_MAX ? names[l] : "?";
}

const char *
policy_layer_id(enum policy_layer l)
{
	static const char *const ids[POLICY_LAYER_MAX] = {
		[POLICY_LAYER_DENYLIST] = "denylist",
		[POLICY_LAYER_WHITELIST] = "whitelist",
		[POLICY_LAYER_PATH] = "paths",
		[POLICY_LAYER_ARGS] = "args",
		[POLICY_LAYER_STRUCTURE] = "structure",
	};
	return (unsigned)l < POLICY_LAYER_MAX ? ids[l] : "?";
}

const char *
policy_verdict_name(enum policy_verdict v)
{
	switch (v) {
	case POLICY_ALLOW:
		return "allow";
	case POLICY_ASK:
		return "ask";
	case POLICY_DENY:
		return "deny";
	case POLICY_VERDICT_MAX:
	default:
		return "?";
	}
}

const char *
policy_mode_id(enum policy_mode m)
{
	switch (m) {
	case POLICY_MODE_OPEN:
		return "open";
	case POLICY_MODE_DENYLIST:
		return "denylist";
	case POLICY_MODE_ALLOWLIST:
		return "allowlist";
	case POLICY_MODE_MAX:
	default:
		return "?";
	}
}

enum policy_mode
policy_get_mode(const struct policy *p)
{
	return p->mode;
}

static char **
strv_dup(char *const *v, size_t n)
{
	char **c = calloc(n + 1, sizeof(char *));
	if (!c)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		c[i] = strdup(v[i] ? v[i] : "");
		if (!c[i]) {
			for (size_t j = 0; j < i; j++)
				free(c[j]);
			free(c);
			return NULL;
		}
	}
	return c;
}

struct policy *
policy_free(struct policy *p)
{
	if (!p)
		return NULL;
	for (size_t i = 0; i < p->n_entries; i++) {
		free(p->entries[i].name);
		for (size_t j = 0; j < p->entries[i].n_args; j++)
			free(p->entries[i].args[j]);
		free(p->entries[i].args);
	}
	free(p->entries);
	for (size_t i = 0; i < p->n_ssh_hosts; i++) {
		free(p->ssh_hosts[i]);
		for (size_t j = 0; p->ssh_cmds && j < p->n_ssh_cmds[i]; j++)
			free(p->ssh_cmds[i][j]);
		if (p->ssh_cmds)
			free(p->ssh_cmds[i]);
	}
	free(p->ssh_hosts);
	free(p->ssh_write);
	free(p->ssh_cmds);
	free(p->n_ssh_cmds);
	for (size_t i = 0; i < p->n_start_env; i++)
		free(p->start_env[i]);
	free(p->start_env);
	path_boundary_free(p->pb);
	free(p->too_wide);
	free(p->cwd);
	free(p->project_dir);
	free(p->home);
	free(p);
	return NULL;
}

static inline void
policy_freep(struct policy **p)
{
	policy_free(*p);
}

int
policy_new(const struct config *cfg, const struct policy_context *ctx,
	   struct policy **ret)
{
	if (!cfg || !ctx || !ctx->cwd || ctx->cwd[0] != '/' || !ret)
		return -EINVAL;
	if ((ctx->project_dir && ctx->project_dir[0] != '/') ||
	    (ctx->home && ctx->home[0] != '/'))
		return -EINVAL;

	_cleanup_(policy_freep) struct policy *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->mode = cfg->mode < POLICY_MODE_MAX ? cfg->mode : POLICY_MODE_ALLOWLIST;
	p->audit = cfg->audit;
	p->git.local_read = cfg->git.local_read;
	p->git.local_write = cfg->git.local_write;
	p->git.remote_read = cfg->git.remote_read;
	p->git.remote_write = cfg->git.remote_write;
	p->cwd = strdup(ctx->cwd);
	p->project_dir = strdup(ctx->project_dir ? ctx->project_dir : ctx->cwd);
	if (!p->cwd || !p->project_dir)
		return -ENOMEM;
	if (ctx->home && !(p->home = strdup(ctx->home)))
		return -ENOMEM;

	if (cfg->n_commands > 0) {
		p->entries = calloc(cfg->n_commands, sizeof(*p->entries));
		if (!p->entries)
			return -ENOMEM;
		for (size_t i = 0; i < cfg->n_commands; i++) {
			const struct config_command *c = &cfg->commands[i];
			struct policy_entry *e = &p->entries[p->n_entries];
			if (!c->name || !c->name[0])
				continue;
			e->name = strdup(c->name);
			e->args = strv_dup(c->args, c->n_args);
			if (!e->name || !e->args) {
				free(e->name);
				free(e->args);
				return -ENOMEM;
			}
			e->n_args = c->n_args;
			e->allow = c->allow;
			e->ask = c->ask;
			e->no_sandbox = c->no_sandbox;
			p->n_entries++;
		}
	}

	if (cfg->n_ssh_hosts) {
		p->ssh_hosts = calloc(cfg->n_ssh_hosts, sizeof(char *));
		p->ssh_write = calloc(cfg->n_ssh_hosts, sizeof(bool));
		p->ssh_cmds = calloc(cfg->n_ssh_hosts, sizeof(char **));
		p->n_ssh_cmds = calloc(cfg->n_ssh_hosts, sizeof(size_t));
		if (!p->ssh_hosts || !p->ssh_write || !p->ssh_cmds || !p->n_ssh_cmds)
			return -ENOMEM;
		for (size_t i = 0; i < cfg->n_ssh_hosts; i++) {
			if (!cfg->ssh_hosts[i].host)
				continue;
			p->ssh_hosts[p->n_ssh_hosts] = strdup(cfg->ssh_hosts[i].host);
			if (!p->ssh_hosts[p->n_ssh_hosts])
				return -ENOMEM;
			size_t h = p->n_ssh_hosts;
			p->ssh_write[p->n_ssh_hosts++] = cfg->ssh_hosts[i].write;
			if (cfg->ssh_hosts[i].n_commands) {
				p->ssh_cmds[h] = calloc(cfg->ssh_hosts[i].n_commands, sizeof(char *));
				if (!p->ssh_cmds[h])
					return -ENOMEM;
				for (size_t j = 0; j < cfg->ssh_hosts[i].n_commands; j++) {
					if (!cfg->ssh_hosts[i].commands[j])
						continue;
					char *c = strdup(cfg->ssh_hosts[i].commands[j]);
					if (!c)
						return -ENOMEM;
					p->ssh_cmds[h][p->n_ssh_cmds[h]++] = c;
				}
			}
		}
	}

	/* Only the protected variables (and HOME) of the starting environment matter. */
	size_t ne = 0;
	for (char *const *e = ctx->envp; e && *e; e++)
		ne++;
	if (ne) {
		p->start_env = calloc(ne, sizeof(char *));
		if (!p->start_env)
			return -ENOMEM;
		for (char *const *e = ctx->envp; *e; e++) {
			const char *eq = strchr(*e, '=');
			if (!eq)
				continue;
			char name[256];
			size_t nl = (size_t)(eq - *e);
			if (nl >= sizeof(name))
				continue;
			memcpy(name, *e, nl);
			name[nl] = '\0';
			/* and HOME, which rsync's popt reads (policy_check_exec) */
			if (!policy_env_protected(name) && strcmp(name, "HOME") != 0)
				continue;
			if (!(p->start_env[p->n_start_env] = strdup(*e)))
				return -ENOMEM;
			p->n_start_env++;
		}
	}

	/* The boundary needs a home; without one, the project directory stands
	 * in (nothing is then "home", and no fix can name it). */
	int r = path_boundary_new(cfg, p->project_dir,
				  p->home ? p->home : p->project_dir, &p->pb);
	if (r < 0)
		return r;
	if (ctx->path_env && (r = path_boundary_apply_env(p->pb, ctx->path_env)) < 0)
		return r;
	/* A session started in ~ or / would make all of it the boundary: the
	 * rule the hook applies, here for every front end that decides with a
	 * policy (check, exec, the registrar and the executor behind it). */
	char why[700];
	if (!p->home)
		(void)snprintf(why, sizeof(why), "the home directory is not known, so the project "
			       "%.200s cannot be told apart from it or a directory holding it; "
			       "the sandbox does not take that as a boundary", p->project_dir);
	if ((!p->home || path_boundary_project_refusal(p->pb, p->cwd, why, sizeof(why)) < 0) &&
	    !(p->too_wide = strdup(why)))
		return -ENOMEM;
	*ret = TAKE_PTR(p);
	return 0;
}

/* ---- reports ------------------------------------------------------------ */

int
policy_report_new(struct policy_report **ret)
{
	struct policy_report *r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->priv = calloc(1, sizeof(*r->priv));
	if (!r->priv) {
		free(r);
		return -ENOMEM;
	}
	/* Findings and the scratch of one check live here; 64 MiB is far above
	 * what any command line that fits SH_MAX_INPUT needs. */
	r->priv->arena = arena_new(64u * 1024u * 1024u);
	if (!r->priv->arena || !arena_alloc(r->priv->arena, 16)) {
		arena_free(r->priv->arena);
		free(r->priv);
		free(r);
		return -ENOMEM;
	}
	r->priv->base = arena_mark(r->priv->arena);
	*ret = r;
	return 0;
}

void
policy_report_reset(struct policy_report *r)
{
	if (!r)
		return;
	arena_reset(r->priv->arena, r->priv->base);
	r->priv->arr = NULL;
	r->priv->cap = 0;
	r->priv->prompts = NULL;
	r->priv->n_prompts = r->priv->cap_prompts = 0;
	r->findings = NULL;
	r->n_findings = 0;
	r->verdict = POLICY_ALLOW;
}

size_t
policy_report_prompts(const struct policy_report *r, const struct sh_node *const **ret)
{
	*ret = r->priv->prompts;
	return r->priv->n_prompts;
}

int
report_add_prompt(struct policy_report *r, const struct sh_node *n)
{
	struct policy_report_priv *pv = r->priv;
	for (size_t i = 0; i < pv->n_prompts; i++)
		if (pv->prompts[i] == n)
			return 0; /* checked from several candidate directories */
	if (pv->n_prompts == pv->cap_prompts) {
		size_t ncap = pv->cap_prompts ? pv->cap_prompts * 2 : 8;
		if (ncap > 100000)
			return -E2BIG;
		const struct sh_node **a = arena_alloc(pv->arena, ncap * sizeof(*a));
		if (!a)
			return -ENOMEM;
		if (pv->n_prompts)
			memcpy(a, pv->prompts, pv->n_prompts * sizeof(*a));
		pv->prompts = a;
		pv->cap_prompts = ncap;
	}
	pv->prompts[pv->n_prompts++] = n;
	return 0;
}

struct policy_report *
policy_report_free(struct policy_report *r)
{
	if (!r)
		return NULL;
	arena_free(r->priv->arena);
	free(r->priv);
	free(r);
	return NULL;
}

int
report_add_modes(struct policy_report *r, const struct policy *p,
		 enum policy_layer layer, policy_modes modes, const char *rule,
		 const char *message, const char *fix, bool ask)
{
	bool enforced = (modes & (1u << p->mode)) != 0;
	if (!enforced && !p->audit)
		return 0;
	/* The same finding from another candidate directory or branch is
	 * reported once. */
	for (size_t i = 0; i < r->n_findings; i++) {
		const struct policy_finding *f = &r->findings[i];
		if (f->layer == layer && strcmp(f->rule, rule) == 0 &&
		    strcmp(f->message, message) == 0)
			return 0;
	}
	struct policy_report_priv *pv = r->priv;
	if (r->n_findings == pv->cap) {
		size_t ncap = pv->cap ? pv->cap * 2 : 8;
		if (ncap > 100000)
			return -E2BIG;
		struct policy_finding *n = arena_alloc(pv->arena, ncap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		if (r->n_findings)
			memcpy(n, pv->arr, r->n_findings * sizeof(*n));
		pv->arr = n;
		pv->cap = ncap;
		r->findings = n;
	}
	struct policy_finding *f = &pv->arr[r->n_findings];
	f->layer = layer;
	f->rule = arena_strdup(pv->arena, rule);
	f->message = arena_strdup(pv->arena, message);
	f->fix = fix && fix[0] ? arena_strdup(pv->arena, fix) : NULL;
	if (!f->rule || !f->message || (fix && fix[0] && !f->fix))
		return -ENOMEM;
	f->modes = modes;
	f->enforced = enforced;
	f->ask = ask;
	r->n_findings++;
	if (enforced) {
		if (!ask)
			r->verdict = POLICY_DENY;
		else if (r->verdict == POLICY_ALLOW)
			r->verdict = POLICY_ASK;
	}
	return 0;
}

int
report_add(struct walk *w, enum policy_layer layer, const char *rule,
	   const char *fix, bool ask, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return report_add_modes(w->r, w->p, layer, policy_layer_modes(layer), rule,
				msg, fix, ask);
}

/* ---- entry points ---------------------------------------------------------- */

static int
walk_init(struct walk *w, const struct policy *p, struct policy_report *r,
	  const char *cwd)
{
	memset(w, 0, sizeof(*w));
	w->p = p;
	w->r = r;
	w->a = r->priv->arena;
	w->cwd.dir[0] = cwd ? cwd : p->cwd;
	w->cwd.n = 1;
	if (!p->too_wide)
		return 0;
	/* every mode: there is no boundary to enforce anything else with */
	return report_add_modes(r, p, POLICY_LAYER_PATH,
				(1u << POLICY_MODE_OPEN) | (1u << POLICY_MODE_DENYLIST) |
					(1u << POLICY_MODE_ALLOWLIST),
				"paths.project-too-wide", p->too_wide, NULL, false);
}

int
policy_check_tree(const struct policy *p, const struct sh_node *tree,
		  struct policy_report *r)
{
	struct walk w;
	int e = walk_init(&w, p, r, NULL);
	if (e < 0)
		return e;
	if (!tree)
		return 0;
	return walk_node(&w, tree);
}

int
policy_check_source(const struct policy *p, const char *src, size_t len,
		    struct policy_report *r)
{
	struct walk w;
	int e = walk_init(&w, p, r, NULL);
	if (e < 0)
		return e;
	return walk_script(&w, src, len, NULL);
}

/* home_moved: the command runs with a HOME other than the starting one. */
static int
check_argv(const struct policy *p, const char *cwd, char *const *argv, size_t argc,
	   bool home_moved, struct policy_report *r)
{
	if (argc == 0 || !argv || !argv[0])
		return -EINVAL;
	if (argc > POLICY_MAX_ARGS)
		return report_add_modes(r, p, POLICY_LAYER_STRUCTURE,
					policy_layer_modes(POLICY_LAYER_STRUCTURE),
					"structure.too-many-words",
					"the command has too many words to check", NULL,
					false);
	struct walk w;
	int e = walk_init(&w, p, r, cwd);
	if (e < 0)
		return e;
	struct parg *args = arena_alloc(w.a, argc * sizeof(*args));
	if (!args)
		return -ENOMEM;
	for (size_t i = 0; i < argc; i++)
		parg_from_string(&args[i], argv[i]);
	struct cmdline cl = { .name = argv[0], .argc = argc, .args = args };
	w.home_set = home_moved;
	return check_command(&w, &cl);
}

int
policy_check_argv(const struct policy *p, const char *cwd, char *const *argv,
		  size_t argc, struct policy_report *r)
{
	return check_argv(p, cwd, argv, argc, false, r);
}

int
policy_check_open(const struct policy *p, const char *cwd, const char *path,
		  int flags, struct policy_report *r)
{
	struct walk w;
	int e = walk_init(&w, p, r, cwd);
	if (e < 0)
		return e;
	if ((flags & O_ACCMODE) == O_RDWR)
		return report_add(&w, POLICY_LAYER_STRUCTURE, "structure.read-write-redirect",
				  NULL, false,
				  "opening '%s' for reading and writing (<>) is not allowed",
				  path);
	bool write = (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC));
	/* A redirect is opened by the shell itself: its standard streams are
	 * the server's, so they get no exemption. */
	return check_path_str(&w, NULL, path, write ? ROLE_WRITE : ROLE_READ,
			      PATH_CHECK_IN_PROCESS);
}

/* NAME=value of name in env, or NULL. */
static const char *
env_entry(char *const *env, size_t n, const char *name)
{
	size_t nl = strlen(name);
	for (size_t i = 0; env && (n == SIZE_MAX ? env[i] != NULL : i < n); i++)
		if (strncmp(env[i], name, nl) == 0 && env[i][nl] == '=')
			return env[i];
	return NULL;
}

int
policy_check_exec(const struct policy *p, const char *cwd, char *const *argv,
		  size_t argc, char *const *envp, struct policy_report *r)
{
	/* HOME however it was set (read, for, printf -v, arithmetic, a sourced
	 * file ...): what reads $HOME (rsync's ~/.popt) is told, as it is for
	 * HOME=x cmd statically. Unset is the starting value's absence only. */
	const char *home_now = env_entry(envp, SIZE_MAX, "HOME");
	const char *home_then = env_entry(p->start_env, p->n_start_env, "HOME");
	bool home_moved = home_now && (!home_then || strcmp(home_now, home_then) != 0);
	int ret = check_argv(p, cwd, argv, argc, home_moved, r);
	if (ret < 0)
		return ret;
	struct walk w;
	if ((ret = walk_init(&w, p, r, cwd)) < 0)
		return ret;
	/* PATH is held to its starting value, unset included. */
	const char *now = env_entry(envp, SIZE_MAX, "PATH");
	const char *then = env_entry(p->start_env, p->n_start_env, "PATH");
	if (!now || !then || strcmp(now, then) != 0) {
		ret = report_add(&w, POLICY_LAYER_STRUCTURE, "structure.protected-env", NULL,
				 false,
				 "%s would run with PATH %s: PATH is held to its starting value",
				 argv[0], now ? "changed" : "unset");
		if (ret < 0)
			return ret;
	}
	for (char *const *e = envp; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		if (!eq || (size_t)(eq - *e) >= 256)
			continue;
		char name[256];
		memcpy(name, *e, (size_t)(eq - *e));
		name[eq - *e] = '\0';
		if (strcmp(name, "PATH") == 0 || !policy_env_protected(name))
			continue;
		then = env_entry(p->start_env, p->n_start_env, name);
		if (then && strcmp(then, *e) == 0)
			continue;
		ret = report_add(&w, POLICY_LAYER_STRUCTURE, "structure.protected-env", NULL, false,
				 "%s would inherit %s %s: it changes which programs run or "
				 "what they load", argv[0], then ? "a changed" : "a newly set", name);
		if (ret < 0)
			return ret;
	}
	return 0;
}

int
policy_check_assignment(const struct policy *p, const char *name, bool exported,
			struct policy_report *r)
{
	struct walk w;
	int e = walk_init(&w, p, r, NULL);
	if (e < 0)
		return e;
	(void)exported; /* the caller decides when an unexported one matters */
	return check_assignment_name(&w, name, "setting");
}
