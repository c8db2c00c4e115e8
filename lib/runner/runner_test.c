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
#include "tmpdir.h"

extern char **environ;

static char root[PATH_MAX], proj[PATH_MAX + 16], home[PATH_MAX + 16];

/* Run src with stderr captured into err (NUL-terminated); approved: the
 * executor's check took the user's ticket for it. */
static int
run_approved(struct runner *r, const char *src, bool approved, char *err, size_t errsz)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof(path), "%s/stderr", root);
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int saved = dup(2);
	fflush(stderr);
	dup2(fd, 2);
	struct runner_request q = { .cwd = proj, .src = src, .len = strlen(src),
				    .prompts_approved = approved };
	int st = runner_run(r, &q);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	ssize_t n = pread(fd, err, errsz - 1, 0);
	err[n > 0 ? n : 0] = '\0';
	close(fd);
	return st;
}

static int
run_captured(struct runner *r, const char *src, char *err, size_t errsz)
{
	return run_approved(r, src, false, err, errsz);
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

/* Allowlist mode: a function the line defines runs (its name is on no
 * whitelist; the static check allows it), and what its body runs is
 * checked as it runs, with the words the call gave it. */
TEST(functions_run_and_their_bodies_are_checked)
{
	struct runner *r = new_runner();
	ASSERT_NOT_NULL(r);
	char err[4096];
	ASSERT_EQ(run_captured(r, "f() { true; }; f", err, sizeof(err)), 0);
	ASSERT_STREQ(err, "");
	ASSERT_EQ(run_captured(r, "f() { cat \"$1\" > copy2; }; f file", err, sizeof(err)), 0);
	ASSERT_STREQ(err, "");
	ASSERT_EQ(run_captured(r, "f() { cat \"$1\"; }; f $HOME/.ssh/id_rsa", err, sizeof(err)),
		  RUNNER_EXIT_REFUSED);
	ASSERT_TRUE(strstr(err, ".ssh") != NULL);
	ASSERT_EQ(run_captured(r, "f() { c=curl; $c x; }; f", err, sizeof(err)),
		  RUNNER_EXIT_REFUSED);
	ASSERT_TRUE(strstr(err, "curl") != NULL);
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

/* A runner whose config has `touch` as an ask entry (denylist mode: the
 * interpreter's runtime check refuses a function's name in allowlist mode). */
static struct runner *
new_ask_runner(void)
{
	struct config *c = NULL;
	if (config_new_default(&c) < 0)
		return NULL;
	c->mode = POLICY_MODE_DENYLIST;
	struct config_command *cmds = calloc(1 + c->n_commands, sizeof(*cmds));
	if (!cmds)
		return NULL;
	if (c->n_commands)
		memcpy(cmds, c->commands, c->n_commands * sizeof(*cmds));
	free(c->commands);
	c->commands = cmds;
	cmds[c->n_commands].name = strdup("touch");
	cmds[c->n_commands].ask = true;
	c->n_commands++;
	struct runner_options o = { .prog = "test", .project_dir = proj, .home = home,
				    .envp = environ };
	struct runner *r = NULL;
	if (runner_new(c, &o, &r) < 0)
		return NULL;
	return r;
}

static bool
exists(const char *name)
{
	char p[PATH_MAX * 2];
	snprintf(p, sizeof(p), "%s/%s", proj, name);
	return access(p, F_OK) == 0;
}

TEST(prompts_run_only_when_approved_and_in_sight)
{
	struct runner *r = new_ask_runner();
	ASSERT_NOT_NULL(r);
	char err[4096];
	/* no approval: refused before anything runs */
	ASSERT_EQ(run_approved(r, "touch p-none", false, err, sizeof(err)), RUNNER_EXIT_REFUSED);
	ASSERT_FALSE(exists("p-none"));
	ASSERT_TRUE(strstr(err, "asks first") != NULL);
	/* approved: the prompted commands the line shows run, in a function
	 * it defines and behind `command` too */
	ASSERT_EQ(run_approved(r, "touch p-a && f() { touch p-f; }; f; command touch p-c", true,
			       err, sizeof(err)), 0);
	ASSERT_STREQ(err, "");
	ASSERT_TRUE(exists("p-a") && exists("p-f") && exists("p-c"));
	/* approved, but a name built at runtime is not what the prompt showed */
	ASSERT_EQ(run_approved(r, "touch p-b; X=touch; $X p-dyn", true, err, sizeof(err)),
		  RUNNER_EXIT_REFUSED);
	ASSERT_TRUE(exists("p-b"));
	ASSERT_FALSE(exists("p-dyn"));
	ASSERT_TRUE(strstr(err, "not one the approved command line shows") != NULL);
	/* nor is program text parsed while running */
	ASSERT_EQ(run_approved(r, "touch p-e; s='touch p-eval'; eval \"$s\"", true, err,
			       sizeof(err)), RUNNER_EXIT_REFUSED);
	ASSERT_FALSE(exists("p-eval"));
	ASSERT_TRUE(strstr(err, "runs from eval") != NULL); /* eval's own check, at runtime */
	ASSERT_EQ(run_approved(r, "touch p-g; s='g() { $T p-gf; }'; eval \"$s\"; T=touch g", true,
			       err, sizeof(err)), RUNNER_EXIT_REFUSED);
	ASSERT_FALSE(exists("p-gf"));
	/* statically unseen or wrapped: refused even with an approval */
	ASSERT_EQ(run_approved(r, "bash -c 'touch p-bash'", true, err, sizeof(err)),
		  RUNNER_EXIT_REFUSED);
	ASSERT_FALSE(exists("p-bash"));
	ASSERT_EQ(run_approved(r, "timeout 5 touch p-wrapped", true, err, sizeof(err)),
		  RUNNER_EXIT_REFUSED);
	ASSERT_FALSE(exists("p-wrapped"));
	/* without an approval a runtime name is refused, saying why */
	ASSERT_EQ(run_approved(r, "X=touch; $X p-dyn2", false, err, sizeof(err)),
		  RUNNER_EXIT_REFUSED);
	ASSERT_FALSE(exists("p-dyn2"));
	ASSERT_TRUE(strstr(err, "has no approval") != NULL);
	/* the benign neighbour: a line with no ask entry runs either way */
	ASSERT_EQ(run_approved(r, "echo hi > p-echo", false, err, sizeof(err)), 0);
	ASSERT_TRUE(exists("p-echo"));
	runner_free(r);
}

/* Every place a command line shows a command runs it once approved: the
 * nodes are the line's own, however the interpreter reaches them. */
TEST(prompts_in_sight_run_in_every_form)
{
	struct runner *r = new_ask_runner();
	ASSERT_NOT_NULL(r);
	char err[4096];
	static const char *const forms[][2] = {
		{ "echo $(touch s-cs)", "s-cs" },
		{ "echo `touch s-bt`", "s-bt" },
		{ "cat <(touch s-ps)", "s-ps" },
		{ "g() { touch s-sub; }; (g)", "s-sub" },
		{ "touch s-pipe | cat", "s-pipe" },
		{ "cat <<EOF\n$(touch s-hd)\nEOF", "s-hd" },
		{ "for i in 1 2; do touch s-loop$i; done", "s-loop2" },
		{ "x=$(touch s-as)", "s-as" },
		{ "if touch s-if; then :; fi", "s-if" },
		{ "command touch s-cmd", "s-cmd" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(forms); i++) {
		int st = run_approved(r, forms[i][0], true, err, sizeof(err));
		if (st != 0 || !exists(forms[i][1]))
			TAP_FAIL_("%s: status %d: %s", forms[i][0], st, err);
	}
	/* and none of them without the approval */
	for (size_t i = 0; i < ARRAY_SIZE(forms); i++) {
		char name[64];
		snprintf(name, sizeof(name), "%s", forms[i][1]);
		char p[PATH_MAX * 2];
		snprintf(p, sizeof(p), "%s/%s", proj, name);
		unlink(p);
		ASSERT_EQ(run_approved(r, forms[i][0], false, err, sizeof(err)), RUNNER_EXIT_REFUSED);
		ASSERT_FALSE(exists(name));
	}
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
	ASSERT_EQ(runner_prepare(r, proj), 1); /* built now */
	ASSERT_EQ(runner_prepare(r, proj), 0); /* found */
	runner_free(r);
}

static void
setup(void)
{
	/* removed at exit, whatever the tests did */
	if (!realpath(test_tmpdir_fresh("runner-test"), root))
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
	return main_tests();
}

#define main main_tests
TAP_MAIN(refused_after_expansion_and_benign_neighbour, functions_run_and_their_bodies_are_checked,
	 static_refusal_and_syntax_error,
	 redirect_outside_write_set, bad_arguments, prompts_run_only_when_approved_and_in_sight,
	 prompts_in_sight_run_in_every_form)
