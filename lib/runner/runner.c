/* SPDX-License-Identifier: MIT */
/*
 * The in-process run of one command line under the policy (runner.h). The
 * handlers are the ones `lite-sandbox exec` always had; they moved here so
 * that the sandbox worker runs the interpreter itself rather than starting
 * the lite-sandbox binary for every command.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "interp.h"
#include "pathcheck.h"
#include "policy.h"
#include "runner.h"

#define RUNNER_POLICIES 8 /* working directories whose policy is kept */

struct runner_policy {
	char *cwd;
	struct policy *pol;
	unsigned long used;
};

struct runner {
	struct config *cfg;
	char *prog;
	char *project_dir;
	char *home;
	char *const *envp;
	bool has_path_env;
	char *penv_str[6]; /* the path_env strings, copied */
	struct path_boundary_env penv;
	struct runner_policy pols[RUNNER_POLICIES];
	unsigned long clock;
	struct policy_report *rep;
	char login_shell[PATH_MAX]; /* looked up once, not per command */
};

/* What the handlers see: the policy of this run and the interpreter. */
struct run_ctx {
	const struct policy *pol;
	struct policy_report *rep;
	struct interp *it;
	/* the line's approval (runner_request.prompts_approved) and the nodes
	 * of its tree that run an ask entry in sight (policy_report_prompts) */
	bool approved;
	const struct sh_node **prompts;
	size_t n_prompts;
};

static int
dup_opt(const char *s, char **ret)
{
	*ret = NULL;
	if (!s)
		return 0;
	*ret = strdup(s);
	return *ret ? 0 : -ENOMEM;
}

int
runner_new(struct config *cfg, const struct runner_options *o, struct runner **ret)
{
	if (!cfg || !o || !ret) {
		config_free(cfg);
		return -EINVAL;
	}
	if ((o->project_dir && o->project_dir[0] != '/') || (o->home && o->home[0] != '/')) {
		config_free(cfg);
		return -EINVAL;
	}
	struct runner *r = calloc(1, sizeof(*r));
	if (!r) {
		config_free(cfg);
		return -ENOMEM;
	}
	r->cfg = cfg;
	r->envp = o->envp;
	interp_login_shell(r->login_shell, sizeof(r->login_shell));
	int e = dup_opt(o->prog ? o->prog : "lite-sandbox exec", &r->prog);
	if (e >= 0)
		e = dup_opt(o->project_dir, &r->project_dir);
	if (e >= 0)
		e = dup_opt(o->home, &r->home);
	if (e >= 0 && o->path_env) {
		const struct path_boundary_env *p = o->path_env;
		const char *in[6] = { p->xdg_config_home, p->xdg_cache_home, p->config_file,
				      p->self_exe, p->path, p->runtime_dir };
		for (size_t i = 0; e >= 0 && i < 6; i++)
			e = dup_opt(in[i], &r->penv_str[i]);
		r->penv = (struct path_boundary_env){
			.xdg_config_home = r->penv_str[0], .xdg_cache_home = r->penv_str[1],
			.config_file = r->penv_str[2], .self_exe = r->penv_str[3],
			.path = r->penv_str[4], .runtime_dir = r->penv_str[5],
		};
		r->has_path_env = true;
	}
	if (e >= 0)
		e = policy_report_new(&r->rep);
	if (e < 0) {
		runner_free(r);
		return e;
	}
	*ret = r;
	return 0;
}

struct runner *
runner_free(struct runner *r)
{
	if (!r)
		return NULL;
	for (size_t i = 0; i < RUNNER_POLICIES; i++) {
		free(r->pols[i].cwd);
		policy_free(r->pols[i].pol);
	}
	for (size_t i = 0; i < ARRAY_SIZE(r->penv_str); i++)
		free(r->penv_str[i]);
	policy_report_free(r->rep);
	config_free(r->cfg);
	free(r->prog);
	free(r->project_dir);
	free(r->home);
	free(r);
	return NULL;
}

/* The policy for cwd from the cache, else built and cached: 0 when found,
 * 1 when built now, or a negative errno. */
static int
policy_for(struct runner *r, const char *cwd, struct policy **ret)
{
	if (!cwd || cwd[0] != '/')
		return -EINVAL;
	struct runner_policy *victim = &r->pols[0];
	r->clock++;
	for (size_t i = 0; i < RUNNER_POLICIES; i++) {
		struct runner_policy *p = &r->pols[i];
		if (p->cwd && strcmp(p->cwd, cwd) == 0) {
			p->used = r->clock;
			*ret = p->pol;
			return 0;
		}
		if (!p->cwd || p->used < victim->used)
			victim = p;
	}
	free(victim->cwd);
	victim->cwd = NULL;
	victim->pol = policy_free(victim->pol);
	struct policy_context pctx = { .cwd = cwd, .project_dir = r->project_dir, .home = r->home,
				       .envp = r->envp,
				       .path_env = r->has_path_env ? &r->penv : NULL };
	int e = policy_new(r->cfg, &pctx, &victim->pol);
	if (e < 0)
		return e;
	victim->cwd = strdup(cwd);
	if (!victim->cwd) {
		victim->pol = policy_free(victim->pol);
		return -ENOMEM;
	}
	victim->used = r->clock;
	*ret = victim->pol;
	return 1;
}

int
runner_prepare(struct runner *r, const char *cwd)
{
	struct policy *p;
	return policy_for(r, cwd, &p);
}

/* ---- the interpreter's handlers -------------------------------------------- */

/* The first enforced finding as "message (fix: ...)". */
static int
report_refusal(const struct policy_report *rep, char *msg, size_t msz)
{
	if (rep->verdict == POLICY_ALLOW)
		return 0;
	for (size_t i = 0; i < rep->n_findings; i++) {
		const struct policy_finding *f = &rep->findings[i];
		if (!f->enforced)
			continue;
		if (f->ask)
			snprintf(msg, msz, "%s (this needs the user's approval, which exec cannot ask for)%s%s",
				 f->message, f->fix ? "; fix: " : "", f->fix ? f->fix : "");
		else
			snprintf(msg, msz, "%s%s%s", f->message, f->fix ? "; fix: " : "",
				 f->fix ? f->fix : "");
		return -EPERM;
	}
	snprintf(msg, msz, "refused by the policy");
	return -EPERM;
}

/*
 * A command about to run that an ask entry matches, and nothing refuses
 * (the verdict is ASK). It runs only when the user approved this line (the
 * ticket the executor's check took) and the interpreter is executing a
 * simple command of the line's own tree that the static check saw run an
 * ask entry in sight: by a literal name, not under a wrapper, not in a
 * string or file the line carries. A name built at runtime, a function
 * defined by an eval or a sourced file, a script run by name: their nodes
 * are not the line's, and the user never saw them as commands.
 */
static int
prompt_gate(struct run_ctx *c, const char *name, char *msg, size_t msz)
{
	if (!c->approved) {
		snprintf(msg, msz, "%s asks first (a commands entry with ask: true), and this run "
			 "has no approval: a command that asks first runs only through the "
			 "lite-sandbox services (the MCP bash tool), after the user approved this "
			 "exact command line when the PreToolUse hook asked", name);
		return -EPERM;
	}
	const struct sh_node *n = c->it ? interp_current_command(c->it) : NULL;
	for (size_t i = 0; n && i < c->n_prompts; i++)
		if (c->prompts[i] == n)
			return 0;
	snprintf(msg, msz, "%s asks first (a commands entry with ask: true), and this invocation "
		 "is not one the approved command line shows: its name was only known at run "
		 "time, or it runs from eval, source, a script, bash -c or a trap. The approval "
		 "covers the commands written literally in the line: run it directly there", name);
	return -EPERM;
}

static int
h_call(void *ctx, char *const *argv, size_t argc, char *msg, size_t msz)
{
	struct run_ctx *c = ctx;
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd))) {
		snprintf(msg, msz, "cannot read the current directory: %s", strerror(errno));
		return -errno;
	}
	/* The /dev/fd/N of a process substitution is a pipe to commands that
	 * are checked on their own (the spec allows <(...)); the path check
	 * sees it as /dev/null, which it always allows. */
	char **av = calloc(argc + 1, sizeof(char *));
	if (!av) {
		snprintf(msg, msz, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < argc; i++)
		av[i] = c->it && interp_is_procsub_path(c->it, argv[i]) ? (char *)"/dev/null" : argv[i];
	policy_report_reset(c->rep);
	int r = policy_check_argv(c->pol, cwd, av, argc, c->rep);
	free(av);
	if (r < 0) {
		snprintf(msg, msz, "%s: the policy check failed: %s", argv[0], strerror(-r));
		return r;
	}
	if (c->rep->verdict == POLICY_ASK)
		return prompt_gate(c, argv[0], msg, msz);
	return report_refusal(c->rep, msg, msz);
}

/*
 * An external program with the environment it inherits: policy_check_exec
 * sees what the call check could not, a HOME moved by any form of
 * assignment under rsync (its popt reads ~/.popt). Its ask findings were
 * the call check's to answer (prompt_gate); any other enforced one refuses.
 */
static int
h_exec(void *ctx, const char *path, char *const *argv, char *const *envp, char *msg,
       size_t msz)
{
	struct run_ctx *c = ctx;
	(void)path;
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd))) {
		snprintf(msg, msz, "cannot read the current directory: %s", strerror(errno));
		return -errno;
	}
	size_t argc = 0;
	while (argv[argc])
		argc++;
	char **av = calloc(argc + 1, sizeof(char *));
	if (!av) {
		snprintf(msg, msz, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < argc; i++) /* as h_call does */
		av[i] = c->it && interp_is_procsub_path(c->it, argv[i]) ? (char *)"/dev/null" : argv[i];
	policy_report_reset(c->rep);
	int r = argc ? policy_check_exec(c->pol, cwd, av, argc, envp, c->rep) : -EINVAL;
	free(av);
	if (r < 0) {
		snprintf(msg, msz, "%s: the policy check failed: %s", argc ? argv[0] : "?",
			 strerror(-r));
		return r;
	}
	for (size_t i = 0; i < c->rep->n_findings; i++) {
		const struct policy_finding *f = &c->rep->findings[i];
		if (f->enforced && !f->ask) {
			snprintf(msg, msz, "%s%s%s", f->message, f->fix ? "; fix: " : "",
				 f->fix ? f->fix : "");
			return -EPERM;
		}
	}
	return 0;
}

static int
h_open(void *ctx, const char *path, int flags, char *msg, size_t msz)
{
	struct run_ctx *c = ctx;
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd))) {
		snprintf(msg, msz, "cannot read the current directory: %s", strerror(errno));
		return -errno;
	}
	policy_report_reset(c->rep);
	int r = policy_check_open(c->pol, cwd, path, flags, c->rep);
	if (r < 0) {
		snprintf(msg, msz, "%s: the policy check failed: %s", path, strerror(-r));
		return r;
	}
	return report_refusal(c->rep, msg, msz);
}

static int
h_tree(void *ctx, const struct sh_node *tree, char *msg, size_t msz)
{
	struct run_ctx *c = ctx;
	policy_report_reset(c->rep);
	int r = policy_check_tree(c->pol, tree, c->rep);
	if (r < 0) {
		snprintf(msg, msz, "the policy check failed: %s", strerror(-r));
		return r;
	}
	if (c->rep->verdict == POLICY_ASK) {
		/* program text parsed while running: no approval covers it */
		for (size_t i = 0; i < c->rep->n_findings; i++) {
			const struct policy_finding *f = &c->rep->findings[i];
			if (!f->enforced || !f->ask)
				continue;
			snprintf(msg, msz, "%s, and here it runs from program text parsed while "
				 "running (eval, source, a script, bash -c, a trap), which an "
				 "approval never covers: run it directly in the command line",
				 f->message);
			return -EPERM;
		}
	}
	return report_refusal(c->rep, msg, msz);
}

/* ---- one run ------------------------------------------------------------------ */

static void
print_static_refusal(const char *prog, const struct policy_report *rep, bool syntax)
{
	fprintf(stderr, "%s: %s:\n", prog, syntax ? "cannot run" : "refused");
	for (size_t i = 0; i < rep->n_findings; i++) {
		const struct policy_finding *f = &rep->findings[i];
		if (!f->enforced)
			continue;
		fprintf(stderr, "  %s [%s, %s]: %s\n", f->ask ? "ask" : "refused",
			policy_layer_name(f->layer), f->rule, f->message);
		if (f->ask)
			fprintf(stderr, "    exec cannot ask for approval; run it where the user is asked\n");
		if (f->fix)
			fprintf(stderr, "    fix: %s\n", f->fix);
	}
}

/* A line that does not parse is bash's status 2, not a refusal. */
static bool
only_syntax_errors(const struct policy_report *rep)
{
	bool any = false;
	for (size_t i = 0; i < rep->n_findings; i++) {
		const struct policy_finding *f = &rep->findings[i];
		if (!f->enforced)
			continue;
		if (strcmp(f->rule, "structure.syntax-error") != 0)
			return false;
		any = true;
	}
	return any;
}

/* tree: the line parsed once, the tree the static check saw (NULL: parse src) */
static int
interpret(struct runner *r, struct run_ctx *c, const struct sh_node *tree, const char *src,
	  size_t len)
{
	struct interp_options o = {
		.envp = r->envp,
		.argv0 = "lite-sandbox",
		.is_protected_env = policy_env_protected,
		.handlers = { .call = h_call, .open = h_open, .exec = h_exec, .tree = h_tree,
			      .ctx = c },
		.login_shell = r->login_shell,
	};
	struct interp *it = NULL;
	int e = interp_new(&o, &it);
	if (e < 0) {
		fprintf(stderr, "%s: %s\n", r->prog, strerror(-e));
		return RUNNER_EXIT_USAGE;
	}
	c->it = it;
	int st = tree ? interp_run_tree(it, tree) : interp_run_string(it, src, len);
	if (st < 0) {
		fprintf(stderr, "%s: %s\n", r->prog,
			interp_error(it)[0] ? interp_error(it) : strerror(-st));
		st = RUNNER_EXIT_USAGE;
	} else if (interp_refused(it)) {
		fprintf(stderr, "%s: refused: %s\n", r->prog, interp_refusal(it));
		st = RUNNER_EXIT_REFUSED;
	}
	c->it = NULL;
	interp_free(it);
	return st;
}

int
runner_run(struct runner *r, const struct runner_request *q)
{
	struct policy *pol = NULL;
	int e = policy_for(r, q->cwd, &pol);
	if (e < 0) {
		fprintf(stderr, "%s: building the policy: %s\n", r->prog, strerror(-e));
		return RUNNER_EXIT_USAGE;
	}
	/*
	 * The line is parsed once, and the interpreter runs the very tree the
	 * static check saw: an approval covers the nodes that check found run
	 * an ask entry in sight, and the runtime gate compares node identity.
	 * A line that does not parse goes the way it always went (the check
	 * reports the syntax error).
	 */
	_cleanup_arena_ struct arena *ta = arena_new(256u * 1024u * 1024u);
	struct sh_node *tree = NULL;
	struct sh_error perr = { 0 };
	bool parsed = ta && sh_parse(ta, q->src, q->len, NULL, &tree, &perr) >= 0;
	policy_report_reset(r->rep);
	e = parsed ? policy_check_tree(pol, tree, r->rep)
		   : policy_check_source(pol, q->src, q->len, r->rep);
	if (e < 0) {
		fprintf(stderr, "%s: %s\n", r->prog, strerror(-e));
		return e == -E2BIG ? RUNNER_EXIT_REFUSED : RUNNER_EXIT_USAGE;
	}
	bool approved = parsed && q->prompts_approved && r->rep->verdict == POLICY_ASK;
	if (r->rep->verdict != POLICY_ALLOW && !approved) {
		bool syntax = only_syntax_errors(r->rep);
		print_static_refusal(r->prog, r->rep, syntax);
		return syntax ? RUNNER_EXIT_USAGE : RUNNER_EXIT_REFUSED;
	}
	struct run_ctx c = { .pol = pol, .rep = r->rep, .approved = parsed && q->prompts_approved };
	/* the handlers reset the report: keep the static check's list */
	_cleanup_free_ const struct sh_node **prompts = NULL;
	const struct sh_node *const *seen = NULL;
	size_t n = policy_report_prompts(r->rep, &seen);
	if (c.approved && n) {
		prompts = malloc(n * sizeof(*prompts));
		if (!prompts) {
			fprintf(stderr, "%s: %s\n", r->prog, strerror(ENOMEM));
			return RUNNER_EXIT_USAGE;
		}
		memcpy(prompts, seen, n * sizeof(*prompts));
		c.prompts = prompts;
		c.n_prompts = n;
	}
	/* function bodies point into ta: it outlives the interpreter */
	return interpret(r, &c, parsed ? tree : NULL, q->src, q->len);
}
