/* SPDX-License-Identifier: MIT */
/*
 * A fresh temporary directory for unit tests that work on files: each
 * test_tmpdir_fresh() removes the previous one and makes a new
 * $TMPDIR/PREFIX.XXXXXX (/tmp when TMPDIR is unset or relative); the last
 * one goes at exit, so a test that fails half-way (tap.h longjmps out of it)
 * leaves nothing behind either. `setup.sh test` runs the suites with TMPDIR
 * set to an empty directory and fails when anything is left in it.
 * Header-only, like tap.h.
 *
 *   const char *dir = test_tmpdir_fresh("cfgtest");
 */
#ifndef LITE_SANDBOX_TEST_TMPDIR_H
#define LITE_SANDBOX_TEST_TMPDIR_H

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Long enough for any $TMPDIR a unit test sensibly runs under; the tests
 * put unix sockets in it, and sun_path holds 108 bytes anyway. */
#define TEST_TMPDIR_MAX 256

struct test_tmpdir_state {
	char dir[TEST_TMPDIR_MAX]; /* the current directory, "" when none */
	pid_t owner;               /* the process that made it */
	bool registered;
};

static inline struct test_tmpdir_state *
test_tmpdir_state(void)
{
	static struct test_tmpdir_state s;
	return &s;
}

/* The current directory's path, "" when there is none. */
static inline char *
test_tmpdir(void)
{
	return test_tmpdir_state()->dir;
}

static inline int
test_tmpdir_rm_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

static inline void
test_tmpdir_remove(void)
{
	struct test_tmpdir_state *s = test_tmpdir_state();
	/* a forked child that calls exit() runs this too: only the process
	 * that made the directory removes it, never a child under its feet */
	if (!s->dir[0] || s->owner != getpid())
		return;
	/* physical walk: a symlink a test planted is removed, never followed */
	(void)nftw(s->dir, test_tmpdir_rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	s->dir[0] = '\0';
}

/* Aborts when no directory can be made: no test can run then. */
static inline const char *
test_tmpdir_fresh(const char *prefix)
{
	struct test_tmpdir_state *s = test_tmpdir_state();
	if (!s->registered) {
		atexit(test_tmpdir_remove);
		s->registered = true;
	}
	test_tmpdir_remove();
	const char *base = getenv("TMPDIR");
	if (!base || base[0] != '/')
		base = "/tmp";
	size_t len = strlen(base);
	while (len > 0 && base[len - 1] == '/')
		len--;
	int n = snprintf(s->dir, sizeof(s->dir), "%.*s/%s.XXXXXX", (int)len, base, prefix);
	if (n < 0 || (size_t)n >= sizeof(s->dir) || !mkdtemp(s->dir)) {
		fprintf(stderr, "test_tmpdir_fresh: cannot make %s/%s.XXXXXX\n", base, prefix);
		abort();
	}
	s->owner = getpid();
	return s->dir;
}

#endif
