/* SPDX-License-Identifier: MIT */
/*
 * runner: run one command line under the policy, in this process.
 *
 * What `lite-sandbox exec --no-os-sandbox` and the sandbox worker share: the
 * static check of the line (policy_check_source), then lib/interp with the
 * policy's runtime handlers (every command after expansion, every file a
 * redirection opens, every program text parsed while running). A runner is
 * built once from a loaded config and the session (project, home,
 * environment) and runs many lines; the policy for a working directory is
 * built on first use and kept, so a long-lived process (the worker) pays for
 * it once per directory, and a process forked from it after
 * runner_prepare() pays nothing.
 *
 * Messages go to stderr (fd 2) prefixed with the options' prog name, as the
 * CLI always printed them; the return value is the exit status.
 */
#ifndef LITE_SANDBOX_RUNNER_H
#define LITE_SANDBOX_RUNNER_H

#include <stdbool.h>
#include <stddef.h>

struct config;
struct path_boundary_env;

/* Exit statuses, as bash reports them. */
#define RUNNER_EXIT_REFUSED 126
#define RUNNER_EXIT_USAGE 2

struct runner;

struct runner_options {
	const char *prog;             /* message prefix; default "lite-sandbox exec" */
	const char *project_dir;      /* absolute; NULL: each cwd is its own project */
	const char *home;             /* absolute or NULL */
	char *const *envp;            /* the environment commands start from */
	/* lite-sandbox's own files protected as the front ends protect them
	 * (pathcheck.h); NULL: none. Copied. */
	const struct path_boundary_env *path_env;
};

/*
 * Takes cfg (freed by runner_free, also when this fails). Strings in o are
 * copied; envp is borrowed and must outlive the runner.
 */
int runner_new(struct config *cfg, const struct runner_options *o, struct runner **ret);
struct runner *runner_free(struct runner *r); /* accepts NULL, returns NULL */

/* One command line. Fields may be added; zero-initialise. */
struct runner_request {
	const char *cwd;   /* absolute; the caller has already chdir()ed there */
	const char *src;
	size_t len;
	/*
	 * The registrar took the user's ticket for this exact line (the
	 * executor's check answered prompts_approved): the ask entries the line
	 * runs in sight may run (policy_report_prompts), and no other. false:
	 * every ask-entry invocation is refused, statically or at runtime.
	 * Only the executor may set it, from its check's reply.
	 */
	bool prompts_approved;
};

/*
 * Build (or find) the policy for cwd: 0 when it was already built, 1 when
 * built now (a process forked before this call lacks it), or a negative
 * errno (-ENOMEM, -EINVAL for a relative cwd).
 */
int runner_prepare(struct runner *r, const char *cwd);

/*
 * Check q->src statically and run it in the interpreter with the runtime
 * checks. Returns the exit status: the command's own, 126 refused (the
 * reason and the fix on stderr), 2 a syntax error or a failure of the
 * runner itself (said on stderr).
 */
int runner_run(struct runner *r, const struct runner_request *q);

#endif
