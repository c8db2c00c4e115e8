/* SPDX-License-Identifier: MIT */
/*
 * Project-directory pinning against real repositories made with git, and
 * against fakes planted as plain files the way a sandboxed agent could.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sched.h>
#include <sys/wait.h>

#include "base.h"
#include "config.h"
#include "tap.h"
#include "tmpdir.h"

static char root[TEST_TMPDIR_MAX];

static void
sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Run a shell line (test set-up only), aborting the test run on failure. */
static void
sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	char full[8192];
	snprintf(full, sizeof(full),
		 "cd '%s' && export GIT_CONFIG_NOSYSTEM=1 HOME='%s/home' "
		 "GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t "
		 "GIT_COMMITTER_EMAIL=t@e && { %s ; } >/dev/null 2>&1",
		 root, root, cmd);
	int st = system(full);
	if (st != 0) {
		printf("# set-up failed: %s\n", cmd);
		abort();
	}
}

/* The previous test's tree goes; the last one at exit. */
static void
fresh(void)
{
	snprintf(root, sizeof(root), "%s", test_tmpdir_fresh("projtest"));
	sh("mkdir -p home");
}

static char *
project(const char *rel)
{
	char cwd[1024], home[512];
	snprintf(cwd, sizeof(cwd), "%s%s%s", root, *rel ? "/" : "", rel);
	snprintf(home, sizeof(home), "%s/home", root);
	char *dir = NULL;
	int r = config_project_dir(cwd, home, &dir);
	if (r < 0)
		return NULL;
	return dir;
}

#define ASSERT_PROJECT(rel, want_rel)                                          \
	do {                                                                   \
		char *got_ = project(rel);                                     \
		char want_[1024];                                              \
		snprintf(want_, sizeof(want_), "%s%s%s", root,                 \
			 *(want_rel) ? "/" : "", want_rel);                    \
		ASSERT_NOT_NULL(got_);                                         \
		if (strcmp(got_, want_) != 0) {                                \
			free(got_);                                            \
			TAP_FAIL_("project(%s) = wrong dir, want %s", rel,    \
				  want_);                                      \
		}                                                              \
		free(got_);                                                    \
	} while (0)

TEST(plain_dir_is_its_own_project)
{
	fresh();
	sh("mkdir -p a/b");
	ASSERT_PROJECT("a/b", "a/b");
	ASSERT_PROJECT("a", "a");
}

TEST(real_repo_root)
{
	fresh();
	sh("git init -q repo && mkdir -p repo/src/deep && touch repo/f && "
	   "git -C repo add f && git -C repo commit -qm init");
	ASSERT_PROJECT("repo", "repo");
	ASSERT_PROJECT("repo/src", "repo");
	ASSERT_PROJECT("repo/src/deep", "repo");
	/* Inside .git itself git has no worktree: nothing counts. */
	ASSERT_PROJECT("repo/.git/objects", "repo/.git/objects");
}

TEST(linked_worktree_resolves_to_main)
{
	fresh();
	sh("git init -q main && touch main/f && git -C main add f && "
	   "git -C main commit -qm init && git -C main worktree add -q ../wt && "
	   "mkdir -p wt/sub");
	ASSERT_PROJECT("wt", "main");
	ASSERT_PROJECT("wt/sub", "main");
	/* A worktree nested inside the main worktree too. */
	sh("git -C main worktree add -q inner && mkdir -p main/inner/x");
	ASSERT_PROJECT("main/inner/x", "main");
}

/* config_boundary_dir(root/rel): its directory and main worktree, each
 * relative to root ("" for root itself, NULL for none) */
static bool
boundary_is(const char *rel, const char *want_dir, const char *want_main)
{
	char cwd[1024], home[512], want[1024];
	snprintf(cwd, sizeof(cwd), "%s%s%s", root, *rel ? "/" : "", rel);
	snprintf(home, sizeof(home), "%s/home", root);
	char *dir = NULL, *main_wt = NULL;
	if (config_boundary_dir(cwd, home, &dir, &main_wt) < 0)
		return false;
	snprintf(want, sizeof(want), "%s/%s", root, want_dir);
	bool ok = strcmp(dir, want) == 0;
	if (want_main) {
		snprintf(want, sizeof(want), "%s/%s", root, want_main);
		ok = ok && main_wt && strcmp(main_wt, want) == 0;
	} else
		ok = ok && !main_wt;
	free(dir);
	free(main_wt);
	return ok;
}

/* The path boundary of a linked worktree is the worktree itself (its
 * files are there), while its project, for the config override, stays the
 * main worktree. */
TEST(linked_worktree_is_its_own_boundary)
{
	fresh();
	sh("git init -q main && touch main/f && git -C main add f && "
	   "git -C main commit -qm init && git -C main worktree add -q ../wt && "
	   "mkdir -p wt/sub main/sub");
	ASSERT_TRUE(boundary_is("wt", "wt", "main"));
	ASSERT_TRUE(boundary_is("wt/sub", "wt", "main"));
	ASSERT_PROJECT("wt/sub", "main");
	ASSERT_TRUE(boundary_is("main/sub", "main", NULL));
	/* a planted .git file is no worktree: nothing counts, no main */
	sh("mkdir -p agent/sub && printf 'gitdir: %s/main/.git/worktrees/wt\\n' > agent/.git",
	   root);
	ASSERT_TRUE(boundary_is("agent/sub", "agent/sub", NULL));
}

TEST(planted_bare_repo_ignored)
{
	fresh();
	/* A real repository, and inside it a bare one planted as plain files
	 * whose config points its worktree elsewhere. */
	sh("git init -q repo && mkdir -p repo/evil/sub repo/elsewhere && "
	   "git init -q --bare repo/evil/planted && "
	   "git -C repo/evil/planted config core.worktree ../../elsewhere && "
	   "cp -r repo/evil/planted/. repo/evil/sub/ && mkdir -p repo/evil/sub/work");
	/* git would use the planted git dir for repo/evil/sub: nothing counts. */
	ASSERT_PROJECT("repo/evil/sub", "repo/evil/sub");
	ASSERT_PROJECT("repo/evil/sub/work", "repo/evil/sub/work");
	/* Outside the plant, the real repository still counts. */
	ASSERT_PROJECT("repo/elsewhere", "repo");
	/* A bare repository alone, no real one around it. */
	sh("git init -q --bare bare.git && mkdir -p bare.git/refs/x");
	ASSERT_PROJECT("bare.git", "bare.git");
	ASSERT_PROJECT("bare.git/refs/x", "bare.git/refs/x");
}

TEST(planted_gitfile_ignored)
{
	fresh();
	sh("git init -q victim && touch victim/f && git -C victim add f && "
	   "git -C victim commit -qm init && git -C victim worktree add -q ../realwt");
	/* A .git file naming the victim's worktree entry: its gitdir file names
	 * realwt/.git, not this one, so it does not count. */
	sh("mkdir -p agent/sub && printf 'gitdir: %s/victim/.git/worktrees/realwt\\n' > agent/.git",
	   root);
	ASSERT_PROJECT("agent/sub", "agent/sub");
	/* A .git file naming a directory that is not <main>/.git/worktrees/<n>. */
	sh("mkdir -p fake/gd/objects fake/gd/refs fake/w && echo 'ref: refs/heads/x' > fake/gd/HEAD &&"
	   " printf 'gitdir: ../gd\\n' > fake/w/.git");
	ASSERT_PROJECT("fake/w", "fake/w");
	/* A planted worktree entry whose commondir names another repository:
	 * the shape rule pins the main worktree to the entry's own location. */
	sh("git init -q other && mkdir -p mine/.git/worktrees/x mine/.git/objects mine/.git/refs "
	   "mine/wt && echo 'ref: refs/heads/m' > mine/.git/HEAD && "
	   "echo 'ref: refs/heads/m' > mine/.git/worktrees/x/HEAD && "
	   "printf '%s/other/.git\\n' > mine/.git/worktrees/x/commondir && "
	   "printf '%s/mine/wt/.git\\n' > mine/.git/worktrees/x/gitdir && "
	   "printf 'gitdir: %s/mine/.git/worktrees/x\\n' > mine/wt/.git",
	   root, root, root);
	ASSERT_PROJECT("mine/wt", "mine");
	/* A submodule's .git file is not a linked worktree: cwd. */
	sh("mkdir -p sup/.git/modules/m/objects sup/.git/modules/m/refs sup/m && "
	   "echo 'ref: refs/heads/x' > sup/.git/modules/m/HEAD && "
	   "printf 'gitdir: ../.git/modules/m\\n' > sup/m/.git");
	ASSERT_PROJECT("sup/m", "sup/m");
	/* A worktree entry whose gitdir file names a different .git file. */
	sh("git init -q m2 && touch m2/f && git -C m2 add f && git -C m2 commit -qm i && "
	   "git -C m2 worktree add -q ../w2 && mkdir -p w3 && cp w2/.git w3/.git");
	ASSERT_PROJECT("w2", "m2");
	ASSERT_PROJECT("w3", "w3");
}

TEST(home_and_root_never_count)
{
	fresh();
	/* A dotfiles checkout at $HOME. */
	sh("git init -q home && mkdir -p home/code/x home/code/y && git init -q home/code/y");
	ASSERT_PROJECT("home/code/x", "home/code/x");
	ASSERT_PROJECT("home", "home");
	/* A real repository below home still counts. */
	sh("mkdir -p home/code/y/z");
	ASSERT_PROJECT("home/code/y/z", "home/code/y");
	/* A worktree whose main worktree is $HOME. */
	sh("touch home/f && git -C home add f && git -C home commit -qm i && "
	   "git -C home worktree add -q ../hw");
	ASSERT_PROJECT("hw", "hw");

	/* /: the root directory itself, never its repository. */
	char *d = NULL;
	ASSERT_OK(config_project_dir("/", "/nonexistent-home", &d));
	ASSERT_STREQ(d, "/");
	free(d);
	ASSERT_ERRNO(config_project_dir("relative", NULL, &d), -EINVAL);
	ASSERT_TRUE(config_project_dir("/nonexistent/dir", NULL, &d) < 0);
}

/*
 * A repository rooted at / : chroot into a directory that holds one (in a
 * child; an unprivileged run gets the right from a user namespace).
 */
TEST(repo_at_root_never_counts)
{
	fresh();
	sh("mkdir -p chroot/sub/deeper && git init -q chroot && git init -q chroot/sub/inner && "
	   "mkdir -p chroot/sub/inner/x");
	char dir[600];
	snprintf(dir, sizeof(dir), "%s/chroot", root);
	pid_t pid = fork();
	ASSERT_TRUE(pid >= 0);
	if (pid == 0) {
		if (geteuid() != 0 && unshare(CLONE_NEWUSER) < 0)
			_exit(20);
		if (chroot(dir) < 0 || chdir("/") < 0)
			_exit(21);
		char *d = NULL;
		if (config_project_dir("/sub/deeper", "/nohome", &d) < 0 ||
		    strcmp(d, "/sub/deeper") != 0)
			_exit(1);
		free(d);
		if (config_project_dir("/", "/nohome", &d) < 0 || strcmp(d, "/") != 0)
			_exit(2);
		free(d);
		/* A real repository below / still counts. */
		if (config_project_dir("/sub/inner/x", "/nohome", &d) < 0 ||
		    strcmp(d, "/sub/inner") != 0)
			_exit(3);
		free(d);
		_exit(0);
	}
	int st = 0;
	ASSERT_EQ(waitpid(pid, &st, 0), pid);
	ASSERT_TRUE(WIFEXITED(st));
	ASSERT_EQ(WEXITSTATUS(st), 0);
}

/* git's own answer for cwd: the main worktree of the repository in use. */
static bool
git_main_worktree(const char *cwd, char *out, size_t n)
{
	char cmd[2048];
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && GIT_CONFIG_NOSYSTEM=1 HOME='%s/home' "
		 "git rev-parse --path-format=absolute --git-common-dir 2>/dev/null",
		 cwd, root);
	FILE *f = popen(cmd, "r");
	if (!f)
		return false;
	bool ok = fgets(out, (int)n, f) != NULL;
	pclose(f);
	if (!ok)
		return false;
	out[strcspn(out, "\n")] = '\0';
	/* <main>/.git -> <main> */
	char *slash = strrchr(out, '/');
	if (!slash || strcmp(slash, "/.git") != 0)
		return false;
	*slash = '\0';
	return true;
}

/* On real repositories (no plants) we agree with git. */
TEST(agrees_with_git)
{
	fresh();
	sh("git init -q a && mkdir -p a/x/y && git init -q a/x/nested && mkdir -p a/x/nested/z && "
	   "touch a/f && git -C a add f && git -C a commit -qm i && "
	   "git -C a worktree add -q ../w1 && mkdir -p w1/q && "
	   "git -C a worktree add -q inside && mkdir -p a/inside/r");
	static const char *const dirs[] = { "a", "a/x", "a/x/y", "a/x/nested", "a/x/nested/z",
					    "w1", "w1/q", "a/inside", "a/inside/r" };
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		char cwd[1024], want[1024];
		snprintf(cwd, sizeof(cwd), "%s/%s", root, dirs[i]);
		ASSERT_TRUE(git_main_worktree(cwd, want, sizeof(want)));
		char *got = NULL;
		ASSERT_OK(config_project_dir(cwd, NULL, &got));
		if (strcmp(got, want) != 0) {
			printf("# %s: ours %s, git %s\n", dirs[i], got, want);
			free(got);
			ASSERT_TRUE(false);
		}
		free(got);
	}
}

TEST(cwd_spelled_untidily)
{
	fresh();
	sh("git init -q r && mkdir -p r/a");
	char cwd[1024], *d = NULL;
	snprintf(cwd, sizeof(cwd), "%s//r/./a/", root);
	ASSERT_OK(config_project_dir(cwd, NULL, &d));
	char want[1024];
	snprintf(want, sizeof(want), "%s/r", root);
	ASSERT_STREQ(d, want);
	free(d);
	/* Through a symlink: the resolved project, as git would report it. */
	sh("ln -s r/a link && mkdir -p plain && ln -s plain plink");
	snprintf(cwd, sizeof(cwd), "%s/link", root);
	ASSERT_OK(config_project_dir(cwd, NULL, &d));
	ASSERT_STREQ(d, want);
	free(d);
	snprintf(cwd, sizeof(cwd), "%s/plink", root);
	snprintf(want, sizeof(want), "%s/plain", root);
	ASSERT_OK(config_project_dir(cwd, NULL, &d));
	ASSERT_STREQ(d, want);
	free(d);
}

TAP_MAIN(plain_dir_is_its_own_project, real_repo_root, linked_worktree_resolves_to_main,
	 linked_worktree_is_its_own_boundary,
	 planted_bare_repo_ignored, planted_gitfile_ignored, home_and_root_never_count,
	 repo_at_root_never_counts, agrees_with_git, cwd_spelled_untidily)
