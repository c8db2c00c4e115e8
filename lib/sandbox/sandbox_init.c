/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox-init: the first program bwrap runs inside the sandbox.
 *
 *   lite-sandbox-init [--read P]... [--write P]... [--scope-signals]
 *                     [--scope-abstract-unix] [--landlock-optional]
 *                     [--worker FD] -- PROGRAM [ARGS...]
 *   lite-sandbox-init --probe-userns
 *
 * It closes every inherited fd but stdio (and the worker socket), confines
 * itself (rlimits, no_new_privs, Landlock, seccomp; sandbox_confine_self)
 * and then either execs PROGRAM or serves as a long-lived worker. It is a
 * separate tiny binary so that nothing of the server (nng, threads) is
 * ever forked without exec. Exit status 125 means the sandbox refused to
 * start; 126/127 are the shell's "cannot execute"/"not found".
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"

#ifndef CLOSE_RANGE_UNSHARE
#include <linux/close_range.h>
#endif
#include <sys/syscall.h>

#define MAX_RULES 4096

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

	/* Nothing of the server's may reach the target but stdio (and the
	 * worker's socket). */
	if (worker < 0) {
		close_from(3, ~0U);
	} else {
		close_from(3, (unsigned)worker - 1);
		close_from((unsigned)worker + 1, ~0U);
	}

	struct sandbox_error err = { { 0 } };
	if (sandbox_confine_self(&c, &err) < 0)
		return die("%s", err.message);

	if (worker >= 0)
		return sandbox_worker_serve(worker) < 0 ? SANDBOX_EXIT_SETUP : 0;

	execvp(argv[i], argv + i);
	int e = errno;
	fprintf(stderr, "lite-sandbox-init: %s: %s\n", argv[i], strerror(e));
	return e == ENOENT ? 127 : 126;
}
