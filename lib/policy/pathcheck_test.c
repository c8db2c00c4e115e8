/* SPDX-License-Identifier: MIT */
/*
 * The path boundary against a real tree of directories and symlinks in a
 * temporary directory:
 *
 *   T/home/                   home
 *   T/home/proj/              the project
 *   T/home/proj/link-out  ->  ../other            (a symlink pointing out)
 *   T/home/proj/dangling  ->  ../other/newfile    (dangling, pointing out)
 *   T/home/proj/deep      ->  ../other/sub        (`..` after it is other/)
 *   T/home/proj/innocent  ->  .claude/settings.json
 *   T/home/proj/.claude/settings.json
 *   T/home/proj/.git/config
 *   T/home/other/sub/
 *   T/home/.ssh/{id_ed25519,known_hosts,id_ed25519.pub}
 *   T/data/ro, T/data/rw, T/data/int, T/data/tool   (grants)
 *   T/loop1 -> loop2 -> loop1
 */
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"
#include "config.h"
#include "pathcheck.h"
#include "tap.h"
#include "tmpdir.h"

static char T[PATH_MAX];
static char HOME_[PATH_MAX], PROJ[PATH_MAX];

static void fmt(char *b, size_t n, const char *f, ...) __attribute__((format(printf, 3, 4)));

/* snprintf that refuses to truncate (a test path never should) */
static void
fmt(char *b, size_t n, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	int k = vsnprintf(b, n, f, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= n)
		abort();
}

static const char *
p(const char *rel)
{
	static char bufs[8][PATH_MAX];
	static unsigned i;
	char *b = bufs[i++ % 8];
	fmt(b, PATH_MAX, "%s/%s", T, rel);
	return b;
}

static void
mkd(const char *rel)
{
	if (mkdir(p(rel), 0755) < 0 && errno != EEXIST)
		abort();
}

static void
mkf(const char *rel)
{
	int fd = open(p(rel), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		abort();
	close(fd);
}

static void
mkl(const char *target, const char *rel)
{
	if (symlink(target, p(rel)) < 0)
		abort();
}

static void
setup_tree(void)
{
	if (T[0])
		return;
	if (!realpath(test_tmpdir_fresh("pathcheck"), T))
		abort();
	mkd("home");
	mkd("home/proj");
	mkd("home/other");
	mkd("home/other/sub");
	mkd("home/proj/src");
	mkd("home/proj/.claude");
	mkf("home/proj/.claude/settings.json");
	mkd("home/proj/.claude/worktrees");
	mkd("home/proj/.claude/worktrees/x");
	mkd("home/proj/.git");
	mkf("home/proj/.git/config");
	mkf("home/proj/README");
	mkl("../other", "home/proj/link-out");
	mkl("../other/newfile", "home/proj/dangling");
	mkl("../other/sub", "home/proj/deep");
	mkl(".claude/settings.json", "home/proj/innocent");
	mkl("/dev/null", "home/proj/null-link");
	mkd("home/.ssh");
	mkf("home/.ssh/id_ed25519");
	mkf("home/.ssh/id_ed25519.pub");
	mkf("home/.ssh/known_hosts");
	mkd("data");
	mkd("data/ro");
	mkd("data/rw");
	mkd("data/int");
	mkd("data/tool");
	mkd("data/with space");
	mkl("loop2", "loop1");
	mkl("loop1", "loop2");
	mkl("home/proj", "proj-alias");
	fmt(HOME_, sizeof(HOME_), "%s/home", T);
	fmt(PROJ, sizeof(PROJ), "%s/home/proj", T);
}

/* A boundary with the grants used throughout. */
static struct path_boundary *
boundary(bool with_home_grant, bool with_ssh_grant)
{
	static char *tool_cmds[] = { "make" };
	struct config_path paths[6];
	size_t n = 0;
	paths[n++] = (struct config_path){ .path = (char *)p("data/ro") };
	paths[n++] = (struct config_path){ .path = (char *)p("data/rw"), .write = true };
	paths[n++] = (struct config_path){ .path = (char *)p("data/int"), .write = true,
					   .internal = true };
	paths[n++] = (struct config_path){ .path = (char *)p("data/tool"), .write = true,
					   .commands = tool_cmds, .n_commands = 1 };
	if (with_home_grant)
		paths[n++] = (struct config_path){ .path = HOME_, .write = true };
	if (with_ssh_grant)
		paths[n++] = (struct config_path){ .path = (char *)p("home/.ssh") };
	struct config cfg = { .paths = paths, .n_paths = n };
	struct path_boundary *pb = NULL;
	if (path_boundary_new(&cfg, PROJ, HOME_, &pb) < 0)
		abort();
	return pb;
}

static struct path_verdict V;

static bool
check_cmd(struct path_boundary *pb, const char *cwd, const char *path,
	  enum path_access a, const char *cmd, unsigned flags)
{
	memset(&V, 0x5a, sizeof(V)); /* stale data must not leak through */
	int r = path_boundary_check_cmd(pb, cwd, path, a, cmd, flags, &V);
	if (r < 0)
		return false;
	return V.ok;
}

static bool
check(struct path_boundary *pb, const char *path, enum path_access a)
{
	return check_cmd(pb, PROJ, path, a, NULL, 0);
}

#define R PATH_ACCESS_READ
#define W PATH_ACCESS_WRITE

static char fixbuf[PATH_MAX + 128];
static const char *
want_fix(const char *rel, bool write)
{
	fmt(fixbuf, sizeof(fixbuf), "lite-sandbox config paths allow %s/%s%s", T, rel,
		 write ? " --write" : "");
	return fixbuf;
}

TEST(resolve_lexical_and_symlinks)
{
	char w[PATH_MAX], r[PATH_MAX];
	setup_tree();
	ASSERT_OK(path_resolve("/", "/a//b/./c/../d/", w, r));
	ASSERT_STREQ(w, "/a/b/d");
	ASSERT_STREQ(r, "/a/b/d");
	ASSERT_OK(path_resolve("/", "/../..", w, r));
	ASSERT_STREQ(w, "/");
	ASSERT_STREQ(r, "/");
	/* relative to cwd, cwd itself through a symlink */
	ASSERT_OK(path_resolve(p("proj-alias"), "src/x.c", w, r));
	ASSERT_STREQ(w, p("proj-alias/src/x.c"));
	ASSERT_STREQ(r, p("home/proj/src/x.c"));
	/* a non-existent file under a symlinked directory */
	ASSERT_OK(path_resolve(PROJ, "link-out/sub/new/file", w, r));
	ASSERT_STREQ(r, p("home/other/sub/new/file"));
	/* `..` after a symlink is the parent of the target, not of the link */
	ASSERT_OK(path_resolve(PROJ, "deep/../x", w, r));
	ASSERT_STREQ(w, p("home/proj/x"));
	ASSERT_STREQ(r, p("home/other/x"));
	/* a dangling symlink resolves to its target */
	ASSERT_OK(path_resolve(PROJ, "dangling", w, r));
	ASSERT_STREQ(r, p("home/other/newfile"));
	/* `..` out of missing components comes back to real ones and follows
	 * symlinks there again */
	ASSERT_OK(path_resolve(PROJ, "nope/more/../../link-out/f", w, r));
	ASSERT_STREQ(r, p("home/other/f"));
	/* a cwd that is itself a symlink: `..` is taken from its target */
	ASSERT_OK(path_resolve(p("home/proj/link-out"), "../proj/README", w, r));
	ASSERT_STREQ(w, p("home/proj/proj/README"));
	ASSERT_STREQ(r, p("home/proj/README"));
	/* an absolute target restarts from / */
	ASSERT_OK(path_resolve(PROJ, "null-link", w, r));
	ASSERT_STREQ(r, "/dev/null");
	ASSERT_ERRNO(path_resolve(T, "loop1/x", w, r), -ELOOP);
	ASSERT_ERRNO(path_resolve("relative", "x", w, r), -EINVAL);
	ASSERT_ERRNO(path_resolve("/", "", w, r), -EINVAL);
}

TEST(inside_project_allowed)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(false, false);
	ASSERT_TRUE(check(pb, "README", R));
	ASSERT_STREQ(V.rule, "paths.inside");
	ASSERT_TRUE(V.in_boundary);
	ASSERT_STREQ(V.message, "");
	ASSERT_TRUE(check(pb, "src/new.c", W));
	ASSERT_TRUE(check(pb, ".", W));
	ASSERT_TRUE(check(pb, p("home/proj/src/../README"), R));
	/* reached through a symlinked alias of the project */
	ASSERT_TRUE(check(pb, p("proj-alias/README"), W));
	ASSERT_STREQ(V.resolved, p("home/proj/README"));
	/* a path that leaves and comes back lexically */
	ASSERT_TRUE(check(pb, "../proj/src", W));
	ASSERT_STREQ(path_boundary_project_dir(pb), PROJ);
}

TEST(outside_refused_with_fix)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(false, false);
	ASSERT_FALSE(check(pb, "../other/sub/file", W));
	ASSERT_STREQ(V.rule, "paths.outside-write-set");
	ASSERT_FALSE(V.in_boundary);
	ASSERT_STREQ(V.fix, want_fix("home/other/sub", true));
	ASSERT_TRUE(strstr(V.message, "outside") != NULL);
	/* an existing directory is named itself */
	ASSERT_FALSE(check(pb, "../other/sub", R));
	ASSERT_STREQ(V.rule, "paths.outside-read-set");
	ASSERT_STREQ(V.fix, want_fix("home/other/sub", false));
	/* the symlink inside the project pointing out */
	ASSERT_FALSE(check(pb, "link-out/sub/x", R));
	ASSERT_STREQ(V.resolved, p("home/other/sub/x"));
	ASSERT_TRUE(strstr(V.message, "resolves to") != NULL);
	ASSERT_STREQ(V.fix, want_fix("home/other/sub", false));
	/* a dangling symlink pointing out: creating through it is a write there */
	ASSERT_FALSE(check(pb, "dangling", W));
	ASSERT_STREQ(V.fix, want_fix("home/other", true));
	/* a missing file under a symlinked dir */
	ASSERT_FALSE(check(pb, "link-out/new/deeper/file", W));
	ASSERT_STREQ(V.resolved, p("home/other/new/deeper/file"));
	/* `..` through a symlink: lexically inside, really outside */
	ASSERT_FALSE(check(pb, "deep/../README2", W));
	ASSERT_STREQ(V.resolved, p("home/other/README2"));
	ASSERT_STREQ(V.fix, want_fix("home/other", true));
	/* a directory that needs quoting is quoted */
	ASSERT_FALSE(check(pb, p("data/with space/f"), R));
	fmt(fixbuf, sizeof(fixbuf), "lite-sandbox config paths allow '%s/data/with space'", T);
	ASSERT_STREQ(V.fix, fixbuf);
}

TEST(fix_never_reaches_what_is_refused_on_purpose)
{
	char buf[PATH_MAX + 64];
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(false, false);
	/* a file directly in home: the grant would be home itself */
	ASSERT_FALSE(check(pb, "../notes.txt", R));
	ASSERT_STREQ(V.rule, "paths.outside-read-set");
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(strstr(V.message, "home directory") != NULL);
	ASSERT_TRUE(strstr(V.message, "on purpose") != NULL);
	/* ancestors of home, and / */
	ASSERT_FALSE(check(pb, p("x"), R));
	ASSERT_STREQ(V.fix, "");
	ASSERT_FALSE(check(pb, "/", R));
	ASSERT_STREQ(V.fix, "");
	/* system directories */
	ASSERT_FALSE(check(pb, "/etc/passwd", R));
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(strstr(V.message, "system directory") != NULL);
	ASSERT_FALSE(check(pb, "/usr/local/bin/tool", W));
	ASSERT_STREQ(V.fix, "");
	ASSERT_FALSE(check(pb, "/proc/self/environ", R));
	ASSERT_STREQ(V.fix, "");
	ASSERT_FALSE(check(pb, "/run/user/1000/bus", R));
	ASSERT_STREQ(V.fix, "");
	/* /var/tmp, /var/www, /usr/src are where people keep their own work */
	ASSERT_FALSE(check(pb, "/var/tmp/pathcheck-no-such/f", W));
	ASSERT_STREQ(V.fix, "lite-sandbox config paths allow /var/tmp/pathcheck-no-such --write");
	ASSERT_EQ(path_boundary_fix_for(pb, "/var/www/site", R, buf, sizeof(buf)), 1);
	ASSERT_EQ(path_boundary_fix_for(pb, "/usr/src/linux", R, buf, sizeof(buf)), 1);
	ASSERT_EQ(path_boundary_fix_for(pb, "/var/lib/docker", R, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, "/var", R, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, "/usr/lib", R, buf, sizeof(buf)), 0);
	/* credential masks: the directory, a directory holding it, a path under it */
	ASSERT_FALSE(check(pb, "../.ssh/known_hosts", R));
	ASSERT_STREQ(V.fix, "");
	ASSERT_FALSE(check(pb, "../.ssh/id_ed25519", R));
	ASSERT_STREQ(V.rule, "paths.outside-read-set"); /* no grant: plainly outside */
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(strstr(V.message, "credentials") != NULL);
	ASSERT_FALSE(check(pb, "../.aws/config", R));
	ASSERT_STREQ(V.fix, "");
	ASSERT_EQ(path_boundary_fix_for(pb, p("home/.cargo"), R, buf, sizeof(buf)), 0);
	ASSERT_STREQ(buf, "");
	ASSERT_EQ(path_boundary_fix_for(pb, p("home/.ssh/sub"), R, buf, sizeof(buf)), 0);
	/* lite-sandbox's own state */
	ASSERT_EQ(path_boundary_fix_for(pb, p("home/.config"), W, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, p("home/.config/other-tool"), W, buf, sizeof(buf)), 1);
	ASSERT_STREQ(buf, want_fix("home/.config/other-tool", true));
	/* an internal grant is not reachable by a fix, nor counted */
	ASSERT_FALSE(check(pb, p("data/int/f"), W));
	ASSERT_STREQ(V.rule, "paths.outside-write-set");
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(strstr(V.message, "internal") != NULL);
	/* .git and agent configuration are never named */
	ASSERT_EQ(path_boundary_fix_for(pb, p("home/other/.git"), R, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, p("home/other/.codex"), R, buf, sizeof(buf)), 0);
	/* names that could fool a prompt */
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/a\nb", R, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/a\xe2\x80\xae" "b", R, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/caf\xc3\xa9", R, buf, sizeof(buf)), 1);
	/* the runtime directory, once set */
	ASSERT_OK(path_boundary_set_runtime_dir(pb, "/opt/rt"));
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/rt/bus", R, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt", R, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/other", R, buf, sizeof(buf)), 1);
	ASSERT_STREQ(buf, "lite-sandbox config paths allow /opt/other");
	/* no-fix paths: never offered, but not refused by themselves */
	ASSERT_OK(path_boundary_add_no_fix(pb, "/opt/bin-ahead"));
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/bin-ahead", W, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/bin-ahead/sub", W, buf, sizeof(buf)), 0);
	ASSERT_FALSE(check(pb, "/opt/bin-ahead/tool", W));
	ASSERT_STREQ(V.rule, "paths.outside-write-set");
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(strstr(V.message, "OS sandbox") != NULL);
	ASSERT_ERRNO(path_boundary_add_no_fix(pb, "relative"), -EINVAL);
	/* protected paths added by the caller */
	ASSERT_OK(path_boundary_add_protected(pb, "/opt/lite-sandbox-bin/lite-sandbox"));
	ASSERT_EQ(path_boundary_fix_for(pb, "/opt/lite-sandbox-bin", W, buf, sizeof(buf)), 0);
	ASSERT_FALSE(check(pb, "/opt/lite-sandbox-bin/lite-sandbox", R));
	ASSERT_STREQ(V.rule, "paths.protected");
}

TEST(grants)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(false, false);
	/* read-only grant */
	ASSERT_TRUE(check(pb, p("data/ro/f"), R));
	ASSERT_FALSE(check(pb, p("data/ro/f"), W));
	ASSERT_STREQ(V.rule, "paths.outside-write-set");
	ASSERT_STREQ(V.fix, want_fix("data/ro", true));
	/* write grant: both */
	ASSERT_TRUE(check(pb, p("data/rw/new"), W));
	ASSERT_TRUE(check(pb, p("data/rw/new"), R));
	/* internal grant: not here */
	ASSERT_FALSE(check(pb, p("data/int/f"), R));
	/* command-scoped grant */
	ASSERT_FALSE(check(pb, p("data/tool/f"), W));
	ASSERT_TRUE(check_cmd(pb, PROJ, p("data/tool/f"), W, "make", 0));
	ASSERT_TRUE(check_cmd(pb, PROJ, p("data/tool/f"), R, "/usr/bin/make", 0));
	ASSERT_FALSE(check_cmd(pb, PROJ, p("data/tool/f"), W, "cat", 0));
	/* no config at all: the project only */
	struct path_boundary *bare = NULL;
	ASSERT_OK(path_boundary_new(NULL, PROJ, HOME_, &bare));
	ASSERT_TRUE(check(bare, "README", W));
	ASSERT_FALSE(check(bare, p("data/rw/x"), W));
	path_boundary_free(bare);
	/* a grant reached through a symlink counts by its target */
	ASSERT_OK(symlink(p("data/rw"), p("rw-alias")));
	struct config_path alias = { .path = (char *)p("rw-alias"), .write = true };
	struct config acfg = { .paths = &alias, .n_paths = 1 };
	ASSERT_OK(path_boundary_new(&acfg, PROJ, HOME_, &bare));
	ASSERT_TRUE(check(bare, p("data/rw/x"), W));
	ASSERT_TRUE(check(bare, p("rw-alias/x"), W));
	path_boundary_free(bare);
	ASSERT_OK(unlink(p("rw-alias")));
	/* relative grants grant nothing */
	struct config_path rel = { .path = (char *)"data/rw", .write = true };
	struct config cfg = { .paths = &rel, .n_paths = 1 };
	ASSERT_OK(path_boundary_new(&cfg, PROJ, HOME_, &bare));
	ASSERT_FALSE(check_cmd(bare, T, "data/rw/x", W, NULL, 0));
	path_boundary_free(bare);
	ASSERT_ERRNO(path_boundary_new(NULL, "rel", HOME_, &bare), -EINVAL);
}

TEST(devices_and_streams)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(false, false);
	ASSERT_TRUE(check(pb, "/dev/null", W));
	ASSERT_STREQ(V.rule, "paths.dev-null");
	ASSERT_TRUE(check(pb, "/dev/null", R));
	ASSERT_TRUE(check(pb, "null-link", W));
	ASSERT_TRUE(check(pb, "/dev/stdout", W));
	ASSERT_STREQ(V.rule, "paths.std-stream");
	ASSERT_TRUE(check(pb, "/dev/fd/2", W));
	ASSERT_TRUE(check(pb, "/dev/stdin", R));
	ASSERT_FALSE(check(pb, "/dev/fd/3", W));
	ASSERT_FALSE(check_cmd(pb, PROJ, "/dev/stdout", W, "awk", PATH_CHECK_IN_PROCESS));
	ASSERT_STREQ(V.rule, "paths.std-stream-in-process");
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(check_cmd(pb, PROJ, "/dev/null", W, "awk", PATH_CHECK_IN_PROCESS));
	ASSERT_FALSE(check(pb, "/dev/zero", R));
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(check_cmd(pb, PROJ, "/dev/urandom", R, "dd", PATH_CHECK_RANDOM_SOURCES));
	ASSERT_FALSE(check_cmd(pb, PROJ, "/dev/urandom", W, "dd", PATH_CHECK_RANDOM_SOURCES));
	ASSERT_FALSE(check(pb, "/dev/sda", W));
}

TEST(git_dir_blocked)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(true, false);
	ASSERT_FALSE(check(pb, ".git/config", R));
	ASSERT_STREQ(V.rule, "paths.git-dir");
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(V.in_boundary);
	ASSERT_FALSE(check(pb, ".git", W));
	ASSERT_FALSE(check(pb, "src/sub/.git/hooks/pre-commit", W));
	ASSERT_FALSE(check(pb, ".GIT/config", R));
	ASSERT_FALSE(check_cmd(pb, p("home/proj/.git"), "config", R, NULL, 0));
	/* through a symlink that does not say .git */
	ASSERT_OK(symlink(".git/config", p("home/proj/gitcfg")));
	ASSERT_FALSE(check(pb, "gitcfg", R));
	ASSERT_STREQ(V.rule, "paths.git-dir");
	ASSERT_OK(unlink(p("home/proj/gitcfg")));
	/* names that merely start with .git are ordinary */
	ASSERT_TRUE(check(pb, ".gitignore", W));
	ASSERT_TRUE(check(pb, ".github/workflows/ci.yml", W));
}

TEST(agent_config_read_only)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(false, false);
	ASSERT_TRUE(check(pb, ".claude/settings.json", R));
	ASSERT_FALSE(check(pb, ".claude/settings.json", W));
	ASSERT_STREQ(V.rule, "paths.agent-config");
	ASSERT_TRUE(V.in_boundary);
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(strstr(V.message, "on purpose") != NULL);
	ASSERT_FALSE(check(pb, ".claude", W));
	ASSERT_FALSE(check(pb, ".Claude/settings.json", W));
	ASSERT_FALSE(check(pb, ".CODEX/config.toml", W));
	ASSERT_FALSE(check(pb, "sub/dir/.agents/skills/x/SKILL.md", W));
	ASSERT_FALSE(check(pb, ".opencode/plugin/x.js", W));
	ASSERT_FALSE(check(pb, ".crush/x", W));
	ASSERT_FALSE(check(pb, ".grok/x", W));
	ASSERT_FALSE(check(pb, ".pi/extensions/x.ts", W));
	static const char *const files[] = {
		".mcp.json", "opencode.json", "opencode.jsonc", "tui.json", "tui.jsonc",
		"crushrc", ".crushrc", "crush.json", ".crush.json", "sub/OpenCode.JSON",
		"CRUSH.json",
	};
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		if (check(pb, files[i], W))
			TAP_FAIL_("write to %s allowed", files[i]);
		ASSERT_STREQ(V.rule, "paths.agent-config");
		ASSERT_TRUE(check(pb, files[i], R));
	}
	/* instruction files and look-alikes are ordinary */
	ASSERT_TRUE(check(pb, "CLAUDE.md", W));
	ASSERT_TRUE(check(pb, "AGENTS.md", W));
	ASSERT_TRUE(check(pb, ".claudeignore", W));
	ASSERT_TRUE(check(pb, "x.mcp.json", W));
	ASSERT_TRUE(check(pb, ".pie/x", W));
	/* worktrees are excluded, their own config is not */
	ASSERT_TRUE(check(pb, ".claude/worktrees/x/file", W));
	ASSERT_TRUE(check(pb, ".claude/worktrees", W));
	ASSERT_FALSE(check(pb, ".claude/worktrees/x/.claude/settings.json", W));
	ASSERT_FALSE(check(pb, ".claude/worktrees/x/.mcp.json", W));
	ASSERT_TRUE(check(pb, ".codex/worktrees/y/src/a.c", W));
	ASSERT_FALSE(check(pb, ".codex/worktrees/y/.codex/hooks.json", W));
	ASSERT_FALSE(check(pb, ".agents/worktrees/y", W)); /* only .claude, .codex */
	/* after following symlinks, and from a cwd inside the config dir */
	ASSERT_FALSE(check(pb, "innocent", W));
	ASSERT_STREQ(V.rule, "paths.agent-config");
	ASSERT_TRUE(check(pb, "innocent", R));
	ASSERT_FALSE(check_cmd(pb, p("home/proj/.claude"), "x", W, "touch", 0));
	/* outside the boundary: refused, and not in_boundary (the hook denies) */
	ASSERT_FALSE(check(pb, "../.claude/settings.json", W));
	ASSERT_STREQ(V.rule, "paths.agent-config");
	ASSERT_FALSE(V.in_boundary);
	ASSERT_FALSE(path_is_agent_config("/a/.claude/worktrees/b/c"));
	ASSERT_TRUE(path_is_agent_config("/a/.claude/worktrees/b/.pi/x"));
	ASSERT_TRUE(path_is_agent_config("/a/.claude/settings.json"));
	ASSERT_FALSE(path_is_agent_config("/a/.claude/worktrees"));
	ASSERT_FALSE(path_is_agent_config("/a/.claude/worktrees/b"));
}

TEST(credentials_and_own_state)
{
	setup_tree();
	/* home granted writable: the ssh keys stay masked, the rest opens */
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(true, false);
	ASSERT_TRUE(check(pb, "../other/x", W));
	ASSERT_FALSE(check(pb, "../.ssh/id_ed25519", R));
	ASSERT_STREQ(V.rule, "paths.credential");
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(check(pb, "../.ssh/known_hosts", R));
	ASSERT_TRUE(check(pb, "../.ssh/id_ed25519.pub", R));
	/* lite-sandbox's config and cache stay out whatever the grants */
	ASSERT_FALSE(check(pb, "../.config/lite-sandbox/config.yaml", W));
	ASSERT_STREQ(V.rule, "paths.protected");
	ASSERT_FALSE(V.in_boundary);
	ASSERT_FALSE(check(pb, "../.cache/lite-sandbox/tickets/x", R));
	ASSERT_STREQ(V.rule, "paths.protected");
	ASSERT_FALSE(check(pb, "../Library/Application Support/lite-sandbox/config.yaml", W));
	ASSERT_STREQ(V.rule, "paths.protected");
	/* an explicit grant on ~/.ssh is the visible opt-out */
	_cleanup_path_boundary_ struct path_boundary *pb2 = boundary(false, true);
	ASSERT_TRUE(check(pb2, "../.ssh/id_ed25519", R));
	ASSERT_FALSE(check(pb2, "../.ssh/id_ed25519", W));
}

TEST(unresolvable_and_bad_arguments)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(false, false);
	ASSERT_FALSE(check_cmd(pb, T, "loop1/x", R, NULL, 0));
	ASSERT_STREQ(V.rule, "paths.unresolvable");
	ASSERT_STREQ(V.fix, "");
	ASSERT_TRUE(strstr(V.message, "symbolic links") != NULL);
	char longp[PATH_MAX + 10];
	memset(longp, 'a', sizeof(longp) - 1);
	longp[sizeof(longp) - 1] = '\0';
	ASSERT_FALSE(check(pb, longp, R));
	ASSERT_STREQ(V.rule, "paths.unresolvable");
	/* invalid arguments: an error, and the verdict still says no */
	memset(&V, 0x5a, sizeof(V));
	ASSERT_ERRNO(path_boundary_check(pb, "relative", "x", R, &V), -EINVAL);
	ASSERT_FALSE(V.ok);
	ASSERT_ERRNO(path_boundary_check(pb, PROJ, "", R, &V), -EINVAL);
	ASSERT_FALSE(V.ok);
	ASSERT_ERRNO(path_boundary_check(NULL, PROJ, "x", R, &V), -EINVAL);
	ASSERT_FALSE(V.ok);
	ASSERT_ERRNO(path_boundary_check(pb, PROJ, "x", (enum path_access)7, &V), -EINVAL);
	ASSERT_FALSE(V.ok);
}

TEST(environment_protections)
{
	setup_tree();
	_cleanup_path_boundary_ struct path_boundary *pb = boundary(true, false);
	char buf[PATH_MAX + 64];
	/* a PATH whose second directory holds lite-sandbox */
	mkd("bin1");
	mkd("bin2");
	mkd("bin3");
	mkf("bin2/lite-sandbox");
	ASSERT_OK(chmod(p("bin2/lite-sandbox"), 0755));
	char path[3 * PATH_MAX];
	fmt(path, sizeof(path), "relative:%s:%s:%s", p("bin1"), p("bin2"), p("bin3"));
	struct path_boundary_env env = {
		.xdg_config_home = p("xdg-config"),
		.xdg_cache_home = "relative/cache", /* ignored, as XDG says */
		.config_file = p("etc/ls.yaml"),
		.self_exe = p("bin2/lite-sandbox"),
		.path = path,
		.runtime_dir = p("run-user"),
	};
	ASSERT_OK(path_boundary_apply_env(pb, &env));
	ASSERT_FALSE(check_cmd(pb, T, "xdg-config/lite-sandbox/config.yaml", R, NULL, 0));
	ASSERT_STREQ(V.rule, "paths.protected");
	ASSERT_FALSE(check_cmd(pb, T, "etc/ls.yaml", W, NULL, 0));
	ASSERT_STREQ(V.rule, "paths.protected");
	ASSERT_FALSE(check_cmd(pb, T, "bin2/lite-sandbox", W, NULL, 0));
	ASSERT_STREQ(V.rule, "paths.protected");
	ASSERT_EQ(path_boundary_fix_for(pb, p("bin1"), W, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, p("bin2"), W, buf, sizeof(buf)), 0);
	ASSERT_EQ(path_boundary_fix_for(pb, p("bin3"), W, buf, sizeof(buf)), 1);
	ASSERT_EQ(path_boundary_fix_for(pb, p("run-user/bus"), R, buf, sizeof(buf)), 0);
	ASSERT_ERRNO(path_boundary_apply_env(pb, NULL), -EINVAL);
	/* with no lite-sandbox on PATH, no PATH directory is concerned */
	_cleanup_path_boundary_ struct path_boundary *pb2 = boundary(false, false);
	fmt(path, sizeof(path), "%s:%s", p("bin1"), p("bin3"));
	struct path_boundary_env env2 = { .path = path };
	ASSERT_OK(path_boundary_apply_env(pb2, &env2));
	ASSERT_EQ(path_boundary_fix_for(pb2, p("bin1"), W, buf, sizeof(buf)), 1);
}

TEST(project_too_wide)
{
	setup_tree();
	struct path_boundary *pb = NULL;
	ASSERT_OK(path_boundary_new(NULL, PROJ, HOME_, &pb));
	ASSERT_FALSE(path_boundary_project_too_wide(pb));
	pb = path_boundary_free(pb);
	ASSERT_OK(path_boundary_new(NULL, HOME_, HOME_, &pb));
	ASSERT_TRUE(path_boundary_project_too_wide(pb));
	pb = path_boundary_free(pb);
	ASSERT_OK(path_boundary_new(NULL, T, HOME_, &pb));
	ASSERT_TRUE(path_boundary_project_too_wide(pb));
	pb = path_boundary_free(pb);
	ASSERT_OK(path_boundary_new(NULL, "/", HOME_, &pb));
	ASSERT_TRUE(path_boundary_project_too_wide(pb));
	pb = path_boundary_free(pb);
	/* home reached through a symlinked alias of its parent */
	ASSERT_OK(symlink(HOME_, p("home-alias")));
	ASSERT_OK(path_boundary_new(NULL, p("home-alias"), HOME_, &pb));
	ASSERT_TRUE(path_boundary_project_too_wide(pb));
	pb = path_boundary_free(pb);
	ASSERT_OK(unlink(p("home-alias")));
	ASSERT_TRUE(path_boundary_project_too_wide(NULL));
}

TEST(looks_like_path)
{
	ASSERT_TRUE(path_word_looks_like_path("/etc/passwd"));
	ASSERT_TRUE(path_word_looks_like_path("a/b"));
	ASSERT_TRUE(path_word_looks_like_path("."));
	ASSERT_TRUE(path_word_looks_like_path(".."));
	ASSERT_TRUE(path_word_looks_like_path(".env"));
	ASSERT_TRUE(path_word_looks_like_path("~"));
	ASSERT_TRUE(path_word_looks_like_path("~/x"));
	ASSERT_FALSE(path_word_looks_like_path("hello"));
	ASSERT_FALSE(path_word_looks_like_path(""));
	ASSERT_FALSE(path_word_looks_like_path("-f"));
	ASSERT_FALSE(path_word_looks_like_path("--file=/x"));
}

TEST(cleanup_tree)
{
	/* last: remove the temporary tree (at exit it would go anyway, also
	 * when an earlier test failed) */
	setup_tree();
	test_tmpdir_remove();
	ASSERT_TRUE(access(T, F_OK) < 0);
}

TAP_MAIN(resolve_lexical_and_symlinks, inside_project_allowed, outside_refused_with_fix,
	 fix_never_reaches_what_is_refused_on_purpose, grants, devices_and_streams,
	 git_dir_blocked, agent_config_read_only, credentials_and_own_state,
	 unresolvable_and_bad_arguments, environment_protections, project_too_wide,
	 looks_like_path, cleanup_tree)
