/* SPDX-License-Identifier: MIT */
/*
 * policy: decides whether a command line may run, and says why not.
 *
 * A `struct policy` is built once from a config and a context (working and
 * project directory, home, starting environment) and is read-only afterwards,
 * so one policy can check many commands, from several threads.
 *
 * Every check produces a `struct policy_report`: a verdict (allow, ask, deny)
 * and the findings that led to it. Each finding names the layer that made it,
 * a stable rule id ("whitelist.unknown-command"), a message a person (or an
 * agent) can act on, the config change that would lift it (or none, when the
 * refusal is on purpose), the modes that enforce it, and whether the current
 * mode does. Every layer runs in every mode; without `audit: true` the
 * findings the mode does not enforce are dropped from the report.
 *
 * The same checks run statically on a syntax tree (before anything runs) and
 * at runtime, after expansion, on an argv, a redirect target or an exec, so
 * that the interpreter can call them with the values it is about to use.
 */
#ifndef LITE_SANDBOX_POLICY_H
#define LITE_SANDBOX_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "pathcheck.h"
#include "shell.h"

struct policy;

enum policy_layer {
	POLICY_LAYER_DENYLIST,  /* command deny list (incl. self-protection) */
	POLICY_LAYER_WHITELIST, /* command whitelist */
	POLICY_LAYER_PATH,      /* path boundary */
	POLICY_LAYER_ARGS,      /* per-command argument validators */
	POLICY_LAYER_STRUCTURE, /* structural checks */
	POLICY_LAYER_MAX,
};

enum policy_verdict {
	POLICY_ALLOW,
	POLICY_ASK,  /* a commands entry with ask: true matched */
	POLICY_DENY,
	POLICY_VERDICT_MAX,
};

/* Bit (1u << mode) for each enum policy_mode that enforces a finding. */
typedef unsigned policy_modes;

struct policy_finding {
	enum policy_layer layer;
	const char *rule;    /* stable id, e.g. "denylist.self-protection" */
	const char *message; /* what was refused and why */
	const char *fix;     /* the config command that lifts it, or NULL */
	policy_modes modes;  /* which modes enforce it */
	bool enforced;       /* whether the policy's mode does */
	bool ask;            /* an ask entry: asks rather than denies */
};

/* The inputs beside the config. All strings are copied. */
struct policy_context {
	const char *cwd;          /* absolute; required */
	const char *project_dir;  /* absolute; NULL: cwd */
	/* absolute. A project that is home, holds it, or is / makes every check
	 * refuse (paths.project-too-wide), and so does NULL (unknown home):
	 * the project could be anything. */
	const char *home;
	char *const *envp;        /* the environment commands start from; may be NULL */
	/* What every front end protects (lite-sandbox's config and cache, the
	 * binary, the PATH directories ahead of it, the runtime directory), as
	 * pathcheck.h's path_boundary_apply_env takes it; NULL: none. */
	const struct path_boundary_env *path_env;
};

/*
 * A report: the verdict and the findings of one or more checks. Reusable:
 * policy_report_reset() empties it and keeps its memory.
 */
struct policy_report {
	enum policy_verdict verdict;
	const struct policy_finding *findings;
	size_t n_findings;
	struct policy_report_priv *priv; /* storage; not for callers */
};

/*
 * Build a policy. cfg is not kept (what is needed is copied). Returns 0, or
 * -EINVAL (no cwd, a relative directory), -ENOMEM.
 */
int policy_new(const struct config *cfg, const struct policy_context *ctx,
	       struct policy **ret);
struct policy *policy_free(struct policy *p); /* accepts NULL, returns NULL */

enum policy_mode policy_get_mode(const struct policy *p);

int policy_report_new(struct policy_report **ret);
void policy_report_reset(struct policy_report *r);
struct policy_report *policy_report_free(struct policy_report *r);

/*
 * Static check of a parsed program (tree may be NULL: an empty program).
 * Findings are appended to r and r->verdict is updated. Returns 0, or a
 * negative errno when the check itself could not run (-ENOMEM); a command
 * that cannot be classified is a finding, never an error.
 */
int policy_check_tree(const struct policy *p, const struct sh_node *tree,
		      struct policy_report *r);

/*
 * Parse src as bash and check it. A syntax error is a finding (rule
 * "structure.syntax-error") that every mode enforces: what cannot be parsed
 * cannot be checked.
 */
int policy_check_source(const struct policy *p, const char *src, size_t len,
			struct policy_report *r);

/*
 * Runtime checks, on values after expansion. cwd is the shell's current
 * directory at that point (NULL: the policy's cwd).
 *  - argv: a command about to be run (builtin, function or external): deny
 *    list, whitelist, validators, path boundary, wrappers; argv[0] is the
 *    name as the shell will look it up.
 *  - open: a redirect target about to be opened with open(2) flags.
 *  - assignment: a variable about to be set (exported or not).
 */
int policy_check_argv(const struct policy *p, const char *cwd,
		      char *const *argv, size_t argc, struct policy_report *r);
int policy_check_open(const struct policy *p, const char *cwd,
		      const char *path, int flags, struct policy_report *r);
int policy_check_assignment(const struct policy *p, const char *name,
			    bool exported, struct policy_report *r);

/*
 * An external command about to be executed with environment envp (what it
 * will inherit): the argv checks, told when HOME differs from its starting
 * value (rsync reads ~/.popt from it), plus the protected variables. PATH must
 * hold the value it had in the starting environment (policy_context.envp),
 * set or not; every other protected variable must either be absent or hold
 * its starting value, since one set where the static check could not name
 * it (export "$n=...", read -r PATH) would reach the program here. A policy
 * built without a starting environment has no PATH to compare with, so
 * every exec is refused (fail closed).
 */
int policy_check_exec(const struct policy *p, const char *cwd, char *const *argv,
		      size_t argc, char *const *envp, struct policy_report *r);

/*
 * The prompted invocations a static check (policy_check_tree, _source) saw
 * in the command line itself: the simple-command nodes of the tree that run
 * an ask entry by a literal name, directly (not under a wrapper) and not
 * inside program text the line only carries (bash -c, eval, trap, alias, a
 * script run or sourced: an ask entry there is a denial, "denylist.ask-unseen").
 * `command`/`exec` NAME counts as NAME. Valid until the report is reset;
 * the nodes point into the checked tree. The approval of a line (its
 * ticket) covers exactly these: a runner compares the node the interpreter
 * is executing when a runtime check answers ASK (docs/policy.md).
 */
size_t policy_report_prompts(const struct policy_report *r, const struct sh_node *const **ret);

/* Whether a variable is one the policy protects (PATH, LD_PRELOAD, ...). */
bool policy_env_protected(const char *name);

const char *policy_layer_name(enum policy_layer l);     /* "deny list", ... */
const char *policy_layer_id(enum policy_layer l);       /* "denylist", ... */
const char *policy_verdict_name(enum policy_verdict v); /* "allow", ... */
const char *policy_mode_id(enum policy_mode m);         /* "open", ... */
/* The modes that enforce a layer, from the spec's table. */
policy_modes policy_layer_modes(enum policy_layer l);

#endif
