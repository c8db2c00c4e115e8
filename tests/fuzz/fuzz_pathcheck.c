/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the path boundary: arbitrary path bytes, resolved
 * from a directory of a small tree with symlinks (in, out, dangling, a loop,
 * one to /etc, one through .claude), checked for read and write. Asserts the
 * properties everything else relies on rather than just "no crash":
 *
 *  - a resolved or written path is absolute and clean (no "//", "." or "..");
 *  - an allowed path ("paths.inside") really is under the project, after
 *    following symlinks, and is neither in .git nor, for writes, agent
 *    configuration;
 *  - a fix, when given, is the one command form and holds no control bytes.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "pathcheck.h"
#include "tmpdir.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[PATH_MAX], home[PATH_MAX], proj[PATH_MAX];
static struct path_boundary *pb;

static void
must(int ok)
{
	if (!ok)
		abort();
}

static void
at(char *out, const char *rel)
{
	must((size_t)snprintf(out, PATH_MAX, "%s/%s", root, rel) < PATH_MAX);
}

/* Runs before tests/tmpdir.h removes the tree (atexit order is reversed). */
static void
cleanup(void)
{
	pb = path_boundary_free(pb);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* under $TMPDIR, removed when the fuzzer stops on its own */
	char p[PATH_MAX];
	must(realpath(test_tmpdir_fresh("fuzz-pathcheck"), root) != NULL);
	static const char *const dirs[] = {
		"home", "home/proj", "home/proj/src", "home/proj/.claude",
		"home/proj/.git", "home/other", "home/other/sub",
	};
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		at(p, dirs[i]);
		must(mkdir(p, 0755) == 0);
	}
	static const char *const links[][2] = {
		{ "../other", "home/proj/out" },
		{ "../other/sub/new", "home/proj/dangling" },
		{ "src", "home/proj/in" },
		{ "loop-b", "home/proj/loop-a" },
		{ "loop-a", "home/proj/loop-b" },
		{ "/etc", "home/proj/etc" },
		{ ".claude", "home/proj/cfg" },
		{ "..", "home/proj/src/up" },
	};
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
		at(p, links[i][1]);
		must(symlink(links[i][0], p) == 0);
	}
	at(home, "home");
	at(proj, "home/proj");
	must(path_boundary_new(NULL, proj, home, &pb) == 0);
	atexit(cleanup);
	return 0;
}

static bool
clean_absolute(const char *p)
{
	if (p[0] != '/')
		return false;
	if (strcmp(p, "/") == 0)
		return true;
	if (p[strlen(p) - 1] == '/' || strstr(p, "//") || strstr(p, "/./") ||
	    strstr(p, "/../"))
		return false;
	size_t n = strlen(p);
	return !(n >= 2 && strcmp(p + n - 2, "/.") == 0) &&
	       !(n >= 3 && strcmp(p + n - 3, "/..") == 0);
}

static bool
under(const char *p, const char *dir)
{
	size_t n = strlen(dir);
	return strncmp(p, dir, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[PATH_MAX + 64], w[PATH_MAX], r[PATH_MAX];
	if (size == 0 || size >= sizeof(path))
		return 0;
	/* the first byte picks the directory and the access */
	uint8_t sel = data[0];
	memcpy(path, data + 1, size - 1);
	path[size - 1] = '\0';
	if (path[0] == '\0')
		return 0;
	const char *cwd = (sel & 1) ? proj : home;

	if (path_resolve(cwd, path, w, r) == 0) {
		must(clean_absolute(w));
		must(clean_absolute(r));
	}
	for (int a = 0; a < 2; a++) {
		struct path_verdict v;
		enum path_access acc = a ? PATH_ACCESS_WRITE : PATH_ACCESS_READ;
		must(path_boundary_check_cmd(pb, cwd, path, acc, NULL, (sel >> 1) & 3, &v) == 0);
		must(v.rule != NULL);
		must(memchr(v.message, '\0', sizeof(v.message)) != NULL);
		must(memchr(v.fix, '\0', sizeof(v.fix)) != NULL);
		if (v.ok && strcmp(v.rule, "paths.inside") == 0) {
			must(under(v.resolved, proj));
			must(!path_has_git_component(v.resolved));
			if (acc == PATH_ACCESS_WRITE)
				must(!path_is_agent_config(v.resolved));
		}
		if (!v.ok && v.fix[0]) {
			must(strncmp(v.fix, "lite-sandbox config paths allow ", 32) == 0);
			for (const char *c = v.fix; *c; c++)
				must((unsigned char)*c >= 0x20 && *c != 0x7f);
			must(strcmp(v.rule, "paths.outside-read-set") == 0 ||
			     strcmp(v.rule, "paths.outside-write-set") == 0);
		}
	}
	return 0;
}
