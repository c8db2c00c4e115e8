/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox-init: the first program bwrap runs inside the sandbox.
 *
 *   lite-sandbox-init [--read P]... [--write P]... [--scope-signals]
 *                     [--scope-abstract-unix] [--landlock-optional]
 *                     [--worker FD] -- PROGRAM [ARGS...]
 *   lite-sandbox-init --unconfined --worker FD
 *   lite-sandbox-init --probe-userns
 *
 * It closes every inherited fd but stdio (and the worker socket), confines
 * itself (rlimits, no_new_privs, Landlock, seccomp; sandbox_confine_self)
 * and then either execs PROGRAM or serves as a long-lived worker. It is a
 * separate binary so that nothing of the server (nng, threads) is ever
 * forked without exec. Exit status 125 means the sandbox refused to start;
 * 126/127 are the shell's "cannot execute"/"not found".
 *
 * As a worker it also runs command lines itself (script requests): it links
 * lib/runner, the static check and the interpreter with the policy's
 * runtime checks, and forks per command line, so that a command costs a
 * fork rather than the start of the lite-sandbox binary and a config load.
 * The policy arrives once, in the worker's policy message, after the
 * confinement: the config file as a descriptor the executor opened (the
 * sandbox may hide the file itself) and these words:
 *
 *   0 the config file's path (messages, and the path boundary protects it)
 *   1 the project directory (absolute)
 *   2 $HOME ("" none)
 *   3 the lite-sandbox binary ("" none; the path boundary protects it)
 *
 * --unconfined (only with --worker) skips bubblewrap's part and the
 * confinement: the executor runs commands this way when the config says no
 * OS sandbox, so that both cases share one mechanism.
 */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "pathcheck.h"
#include "runner.h"
#include "sandbox.h"

extern char **environ;

#ifndef CLOSE_RANGE_UNSHARE
#include <linux/close_range.h>
#endif
#include <sys/prctl.h>
#include <sys/syscall.h>

#define MAX_RULES 4096
#define POLICY_WORDS 4

/* ---- the worker's interpreter (struct sandbox_worker_ops) ----------------- */

struct loader {
	struct runner *runner;
};

static int
worker_load(void *ctx, const char *const *words, size_t n, int fd, char *why, size_t why_size)
{
	struct loader *ld = ctx;
	if (n != POLICY_WORDS || words[0][0] != '/' || words[1][0] != '/' ||
	    (words[2][0] && words[2][0] != '/') || (words[3][0] && words[3][0] != '/')) {
		snprintf(why, why_size, "the executor sent a malformed policy message");
		return -EINVAL;
	}
	struct config_doc *d = NULL;
	struct config_error cerr = { 0 };
	int r = config_doc_load_fd(fd, words[0], &d, &cerr);
	struct config *cfg = NULL;
	if (r >= 0)
		r = config_doc_effective(d, words[1], &cfg);
	config_doc_free(d);
	if (r < 0) {
		if (cerr.line)
			snprintf(why, why_size, "the config is broken (%s:%u:%u: %s)", cerr.file,
				 cerr.line, cerr.col, cerr.message);
		else
			snprintf(why, why_size, "the config cannot be loaded (%s: %s)", words[0],
				 cerr.message[0] ? cerr.message : strerror(-r));
		return r;
	}
	/* lite-sandbox's own files, protected as the registrar protects them */
	struct path_boundary_env penv = {
		.xdg_config_home = getenv("XDG_CONFIG_HOME"),
		.xdg_cache_home = getenv("XDG_CACHE_HOME"),
		.config_file = words[0],
		.self_exe = words[3][0] ? words[3] : NULL,
		.path = getenv("PATH"),
		.runtime_dir = getenv("XDG_RUNTIME_DIR"),
	};
	struct runner_options o = {
		.prog = "lite-sandbox exec",
		.project_dir = words[1],
		.home = words[2][0] ? words[2] : NULL,
		.envp = environ,
		.path_env = &penv,
	};
	r = runner_new(cfg, &o, &ld->runner); /* takes cfg */
	if (r < 0)
		snprintf(why, why_size, "cannot build the policy: %s", strerror(-r));
	return r;
}

static int
worker_prepare(void *ctx, const char *cwd)
{
	struct loader *ld = ctx;
	/* a failure here is the child's to report, when it tries again */
	return runner_prepare(ld->runner, cwd);
}

static int
worker_run(void *ctx, const char *cwd, const char *src, size_t len, unsigned flags)
{
	struct loader *ld = ctx;
	struct runner_request q = { .cwd = cwd, .src = src, .len = len,
				    .prompts_approved = (flags & SANDBOX_SCRIPT_PROMPTS_APPROVED) != 0 };
	return runner_run(ld->runner, &q);
}

static int
close_from(unsigned lo, unsigned hi)
{
	if (lo > hi)
		return 0;
	return (int)syscall(SYS_close_range, lo, hi, 0);
}

static int __attribute__((format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "lite-sandbox-init: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return SANDBOX_EXIT_SETUP;
}

int
main(int argc, char **argv)
{
	static const char *read_[MAX_RULES], *write_[MAX_RULES];
	struct sandbox_confine c = { .read = read_, .write = write_, .landlock_required = true };
	int worker = -1;
	bool unconfined = false;
	int i;

	if (argc == 2 && strcmp(argv[1], "--probe-userns") == 0)
		return unshare(CLONE_NEWUSER) == 0 ? 0 : 1;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			i++;
			break;
		}
		if ((strcmp(a, "--read") == 0 || strcmp(a, "--write") == 0) && i + 1 < argc) {
			bool w = a[2] == 'w';
			size_t *n = w ? &c.n_write : &c.n_read;
			if (*n >= MAX_RULES)
				return die("too many %s paths", a);
			(w ? write_ : read_)[(*n)++] = argv[++i];
		} else if (strcmp(a, "--scope-signals") == 0) {
			c.scope_signals = true;
		} else if (strcmp(a, "--scope-abstract-unix") == 0) {
			c.scope_abstract_unix = true;
		} else if (strcmp(a, "--landlock-optional") == 0) {
			c.landlock_required = false;
		} else if (strcmp(a, "--unconfined") == 0) {
			unconfined = true;
		} else if (strcmp(a, "--worker") == 0 && i + 1 < argc) {
			char *end;
			long v = strtol(argv[++i], &end, 10);
			if (*end || v < 3 || v > 65535)
				return die("bad worker fd '%s'", argv[i]);
			worker = (int)v;
		} else {
			return die("unknown argument '%s'", a);
		}
	}
	if (worker < 0 && i >= argc)
		return die("%s", "no program to run");
	if (unconfined && (worker < 0 || i < argc || c.n_read || c.n_write))
		return die("%s", "--unconfined is only for a worker without rules");

	/* Nothing of the server's may reach the target but stdio (and the
	 * worker's socket). */
	if (worker < 0) {
		close_from(3, ~0U);
	} else {
		close_from(3, (unsigned)worker - 1);
		close_from((unsigned)worker + 1, ~0U);
	}

	struct sandbox_error err = { { 0 } };
	if (unconfined) {
		/* no bubblewrap to die with its parent: do it ourselves */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() == 1)
			return die("%s", "the executor is gone");
	} else if (sandbox_confine_self(&c, &err) < 0) {
		return die("%s", err.message);
	}

	if (worker >= 0) {
		struct loader ld = { 0 };
		struct sandbox_worker_ops ops = { .load = worker_load, .prepare = worker_prepare,
						  .run = worker_run, .ctx = &ld };
		int r = sandbox_worker_serve_ops(worker, &ops);
		runner_free(ld.runner);
		return r < 0 ? SANDBOX_EXIT_SETUP : 0;
	}

	execvp(argv[i], argv + i);
	int e = errno;
	fprintf(stderr, "lite-sandbox-init: %s: %s\n", argv[i], strerror(e));
	return e == ENOENT ? 127 : 126;
}
