/* SPDX-License-Identifier: MIT */
/*
 * The runner: a refusal after expansion and its benign neighbour, a syntax
 * error, a redirect outside the write set, and the policy kept per
 * directory. Runs in a temporary project directory with a fake home.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"
#include "config.h"
#include "runner.h"
#include "tap.h"

extern char **environ;

static char root[PATH_MAX], proj[PATH_MAX + 16], home[PATH_MAX + 16];

/* Run src with stderr captured into err (NUL-terminated). */
static int
run_captured(struct runner *r, const char *src, char *err, size_t errsz)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof(path), "%s/stderr", root);
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int saved = dup(2);
	fflush(stderr);
	dup2(fd, 2);
	struct runner_request q = { .cwd = proj, .src = src, .len = strlen(src) };
	int st = runner_run(r, &q);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	ssize_t n = pread(fd, err, errsz - 1, 0);
	err[n > 0 ? n : 0] = '\0';
	close(fd);
	return st;
}

static struct runner *
new_runner(void)
{
	struct config *c = NULL;
	if (config_new_default(&c) < 0)
		return NULL;
	c->mode = POLICY_MODE_ALLOWLIST;
	struct runner_options o = { .prog = "test", .project_dir = proj, .home = home,
				    .envp = environ };
	struct runner *r = NULL;
	if (runner_new(c, &o, &r) < 0)
		return NULL;
	return r;
}

TEST(refused_after_expansion_and_benign_neighbour)
{
	struct runner *r = new_runner();
	ASSERT_NOT_NULL(r);
	char err[4096];
	/* the static check cannot see the path: the runtime check refuses */
	int st = run_captured(r, "X=$HOME; cat $X/.ssh/id_rsa", err, sizeof(err));
	ASSERT_EQ(st, RUNNER_EXIT_REFUSED);
	ASSERT_TRUE(strstr(err, "test: refused:") != NULL);
	ASSERT_TRUE(strstr(err, ".ssh") != NULL);
	/* the neighbour inside the project runs */
	st = run_captured(r, "X=.; cat $X/file > copy", err, sizeof(err));
	ASSERT_EQ(st, 0);
	ASSERT_STREQ(err, "");
	runner_free(r);
}

TEST(static_refusal_and_syntax_error)
{
	struct runner *r = new_runner();
	ASSERT_NOT_NULL(r);
	char err[4096];
	ASSERT_EQ(run_captured(r, "cat /etc/shadow", err, sizeof(err)), RUNNER_EXIT_REFUSED);
	ASSERT_TRUE(strstr(err, "test: refused:") != NULL);
	ASSERT_EQ(run_captured(r, "echo (", err, sizeof(err)), RUNNER_EXIT_USAGE);
	ASSERT_TRUE(strstr(err, "cannot run") != NULL);
	ASSERT_EQ(run_captured(r, "exit 7", err, sizeof(err)), 7);
	runner_free(r);
}

TEST(redirect_outside_write_set)
{
	struct runner *r = new_runner();
	ASSERT_NOT_NULL(r);
	char err[4096], src[PATH_MAX * 2], path[PATH_MAX + 32];
	snprintf(path, sizeof(path), "%s/outside", root);
	snprintf(src, sizeof(src), "d=%s; echo x > $d/outside", root);
	ASSERT_EQ(run_captured(r, src, err, sizeof(err)), RUNNER_EXIT_REFUSED);
	ASSERT_TRUE(access(path, F_OK) < 0);
	ASSERT_EQ(run_captured(r, "d=.; echo x > $d/inside", err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/inside", proj);
	ASSERT_EQ(access(path, F_OK), 0);
	runner_free(r);
}

TEST(bad_arguments)
{
	struct config *c = NULL;
	ASSERT_OK(config_new_default(&c));
	struct runner_options o = { .project_dir = "relative" };
	struct runner *r = NULL;
	ASSERT_EQ(runner_new(c, &o, &r), -EINVAL); /* c is freed either way */
	r = new_runner();
	ASSERT_NOT_NULL(r);
	ASSERT_EQ(runner_prepare(r, "not/absolute"), -EINVAL);
	ASSERT_OK(runner_prepare(r, proj));
	runner_free(r);
}

static void
setup(void)
{
	char tmpl[] = "/tmp/runner-test-XXXXXX";
	if (!mkdtemp(tmpl) || !realpath(tmpl, root))
		abort();
	snprintf(proj, sizeof(proj), "%s/proj", root);
	snprintf(home, sizeof(home), "%s/home", root);
	char ssh[PATH_MAX + 32], f[PATH_MAX + 32];
	snprintf(ssh, sizeof(ssh), "%s/.ssh", home);
	snprintf(f, sizeof(f), "%s/file", proj);
	if (mkdir(proj, 0700) < 0 || mkdir(home, 0700) < 0 || mkdir(ssh, 0700) < 0 ||
	    chdir(proj) < 0 || setenv("HOME", home, 1) < 0)
		abort();
	FILE *fp = fopen(f, "w");
	if (!fp)
		abort();
	fputs("hello\n", fp);
	fclose(fp);
}

int main_tests(void);

int
main(void)
{
	setup();
	int r = main_tests();
	char cmd[PATH_MAX + 32];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		return 1;
	return r;
}

#define main main_tests
TAP_MAIN(refused_after_expansion_and_benign_neighbour, static_refusal_and_syntax_error,
	 redirect_outside_write_set, bad_arguments)
