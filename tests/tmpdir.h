/* SPDX-License-Identifier: MIT */
/*
 * A fresh temporary directory for unit tests that work on files: each
 * test_tmpdir_fresh() removes the previous one and makes a new
 * /tmp/PREFIX.XXXXXX; the last one goes at exit. Header-only, like tap.h.
 *
 *   const char *dir = test_tmpdir_fresh("cfgtest");
 */
#ifndef LITE_SANDBOX_TEST_TMPDIR_H
#define LITE_SANDBOX_TEST_TMPDIR_H

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* The current directory's path, "" when there is none. */
static inline char *
test_tmpdir(void)
{
	static char dir[256];
	return dir;
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
	char *dir = test_tmpdir();
	if (!dir[0])
		return;
	/* physical walk: a symlink a test planted is removed, never followed */
	(void)nftw(dir, test_tmpdir_rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	dir[0] = '\0';
}

/* Aborts when no directory can be made: no test can run then. */
static inline const char *
test_tmpdir_fresh(const char *prefix)
{
	static bool registered;
	if (!registered) {
		atexit(test_tmpdir_remove);
		registered = true;
	}
	test_tmpdir_remove();
	char *dir = test_tmpdir();
	snprintf(dir, 256, "/tmp/%s.XXXXXX", prefix);
	if (!mkdtemp(dir))
		abort();
	return dir;
}

#endif
