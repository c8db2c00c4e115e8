/* SPDX-License-Identifier: MIT */
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "sandbox.h"
#include "tap.h"
#include "tmpdir.h"

static char root[TEST_TMPDIR_MAX];
static char home[300], cwd[300], path_env[2048];

static void
touch(const char *rel, const char *content)
{
	char p[600];
	snprintf(p, sizeof(p), "%s/%s", root, rel);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd >= 0) {
		if (content)
			(void)!write(fd, content, strlen(content));
		close(fd);
	}
}

static void
mk(const char *rel)
{
	char p[600];
	snprintf(p, sizeof(p), "%s/%s", root, rel);
	mkdir(p, 0755);
}

/* A fake home: keys and public files in ~/.ssh, a toolchain on PATH, a
 * project with a git repository. */
static void
setup(void)
{
	if (root[0])
		return;
	/* made once, removed at exit */
	snprintf(root, sizeof(root), "%s", test_tmpdir_fresh("sbpol"));
	mk("home");
	mk("home/.ssh");
	touch("home/.ssh/id_ed25519", "KEY");
	touch("home/.ssh/id_ed25519.pub", "PUB");
	touch("home/.ssh/known_hosts", "");
	touch("home/.ssh/config", "");
	touch("home/.ssh/deploy_key", "KEY");
	mk("home/.cargo");
	mk("home/.cargo/bin");
	touch("home/.cargo/bin/lite-sandbox", "");
	chmod(strcat(strcpy(path_env, root), "/home/.cargo/bin/lite-sandbox"), 0755);
	mk("home/.local");
	mk("home/.local/bin");
	mk("home/proj");
	mk("home/proj/.git");
	mk("home/proj/.git/hooks");
	touch("home/proj/.git/config", "");
	mk("home/proj/sub");
	touch("home/.bashrc", "");
	snprintf(home, sizeof(home), "%s/home", root);
	snprintf(cwd, sizeof(cwd), "%s/home/proj/sub", root);
	snprintf(path_env, sizeof(path_env), "%s/.local/bin:%s/.cargo/bin:/usr/bin:/bin", home,
		 home);
}

static bool
path_in(const char *a, const char *b)
{
	size_t n = strlen(b);
	return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '/');
}

static struct config
base_config(enum policy_mode mode)
{
	struct config c;
	memset(&c, 0, sizeof(c));
	c.mode = mode;
	c.os_sandbox = true;
	c.os_sandbox_hide_home = true;
	c.network.mode = CONFIG_NET_OPEN;
	return c;
}

static char *test_environ[] = { "PATH=/usr/bin", "GITHUB_TOKEN=ghp_1", "HOME=/h",
				"CLAUDE_CODE_MESSAGING_SOCKET=/tmp/cc-socks/123.sock", NULL };

static struct sandbox_context
ctx_for(void)
{
	static char self[600];
	snprintf(self, sizeof(self), "%s/.cargo/bin/lite-sandbox", home);
	return (struct sandbox_context){ .cwd = cwd, .home = home, .path = path_env,
					 .self_exe = self, .environ = test_environ,
					 .runtime_dir = "/run/user/1000", .uid = 1000 };
}

static bool
has(const struct sandbox_strv *l, const char *rel_home)
{
	char p[700];
	if (rel_home[0] == '\0')
		snprintf(p, sizeof(p), "%s", home);
	else if (rel_home[0] == '/')
		snprintf(p, sizeof(p), "%s", rel_home);
	else
		snprintf(p, sizeof(p), "%s/%s", home, rel_home);
	return sandbox_strv_contains(l, p);
}

TEST(allowlist_hidden_home)
{
	setup();
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	struct sandbox_context ctx = ctx_for();
	struct sandbox_policy *p = NULL;
	struct sandbox_error err = { { 0 } };
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, &err));
	ASSERT_TRUE(p->hide_home);
	ASSERT_TRUE(has(&p->read, "/"));
	ASSERT_TRUE(has(&p->write, "proj/sub"));
	ASSERT_FALSE(has(&p->write, ""));
	ASSERT_TRUE(has(&p->tmp, "/tmp"));
	/* public ssh files shown, keys not shown (hidden by the home) */
	ASSERT_TRUE(has(&p->shown, ".ssh/known_hosts"));
	ASSERT_TRUE(has(&p->shown, ".ssh/config"));
	ASSERT_TRUE(has(&p->shown, ".ssh/id_ed25519.pub"));
	ASSERT_FALSE(has(&p->shown, ".ssh/id_ed25519"));
	ASSERT_FALSE(has(&p->mask, ".ssh/id_ed25519")); /* hidden already */
	/* toolchains on PATH under $HOME, ~/.cargo through its bin/ */
	ASSERT_TRUE(has(&p->shown, ".cargo/bin"));
	ASSERT_TRUE(has(&p->shown, ".cargo"));
	ASSERT_TRUE(has(&p->shown, ".local/bin"));
	ASSERT_FALSE(has(&p->shown, ".local"));
	/* the repository's config and hooks are write-denied */
	ASSERT_TRUE(has(&p->ro, "proj/.git/config") == false); /* cwd is proj/sub: .git not writable */
	/* runtime dir and the agents' sockets are masked */
	ASSERT_TRUE(has(&p->mask, "/run/user/1000"));
	ASSERT_TRUE(has(&p->mask, "/tmp/cc-socks"));
	ASSERT_TRUE(has(&p->mask, "/tmp/cc-socks/123.sock"));
	ASSERT_TRUE(has(&p->mask, "/var/run/docker.sock"));
	ASSERT_FALSE(has(&p->mask_mkdir, "/var/run/docker.sock"));
	ASSERT_TRUE(has(&p->mask_mkdir, "/tmp/cc-socks"));
	ASSERT_FALSE(has(&p->mask_mkdir, "/run/user/1000"));
	/* credentials left out of the environment */
	ASSERT_TRUE(sandbox_strv_contains(&p->env_dropped, "GITHUB_TOKEN"));
	ASSERT_TRUE(sandbox_strv_contains(&p->env_dropped, "CLAUDE_CODE_MESSAGING_SOCKET"));
	ASSERT_TRUE(sandbox_strv_contains(&p->env, "PATH=/usr/bin"));
	ASSERT_EQ(p->net, SANDBOX_NET_OPEN);
	sandbox_policy_free(p);
}

TEST(project_root_git_write_denied)
{
	setup();
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	struct sandbox_context ctx = ctx_for();
	char proj[400];
	snprintf(proj, sizeof(proj), "%s/proj", home);
	ctx.cwd = proj;
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_TRUE(has(&p->ro, "proj/.git/config"));
	ASSERT_TRUE(has(&p->ro, "proj/.git/hooks"));
	ASSERT_FALSE(has(&p->ro, "proj/.git/info/attributes")); /* missing: nothing to bind */
	sandbox_policy_free(p);
}

TEST(denylist_masks_and_write_denied)
{
	setup();
	struct config c = base_config(POLICY_MODE_DENYLIST);
	struct sandbox_context ctx = ctx_for();
	ctx.aws_imds = true;
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_FALSE(p->hide_home);
	ASSERT_TRUE(has(&p->write, ""));
	/* every key file masked one by one, public files not */
	ASSERT_TRUE(has(&p->mask, ".ssh/id_ed25519"));
	ASSERT_TRUE(has(&p->mask, ".ssh/deploy_key"));
	ASSERT_FALSE(has(&p->mask, ".ssh/id_ed25519.pub"));
	ASSERT_FALSE(has(&p->mask, ".ssh/known_hosts"));
	/* deny-listed directories are created when missing, files are not */
	ASSERT_TRUE(has(&p->mask, ".aws"));
	ASSERT_TRUE(has(&p->mask_mkdir, ".aws"));
	ASSERT_TRUE(has(&p->mask, ".gnupg"));
	ASSERT_TRUE(has(&p->mask_mkdir, ".gnupg"));
	ASSERT_TRUE(has(&p->mask, ".netrc"));
	ASSERT_FALSE(has(&p->mask_mkdir, ".netrc"));
	/* write-denied: shell startup files, agent settings, our binary and
	 * the PATH entries up to it */
	ASSERT_TRUE(has(&p->ro, ".bashrc"));
	ASSERT_TRUE(has(&p->ro, ".claude/settings.json"));
	ASSERT_TRUE(has(&p->ro, ".docker/buildx/instances")); /* write-, not read-denied */
	ASSERT_FALSE(has(&p->mask, ".docker/buildx/instances"));
	ASSERT_TRUE(has(&p->ro, ".config/lite-sandbox"));
	ASSERT_TRUE(has(&p->ro, ".cache/lite-sandbox")); /* the tickets */
	ASSERT_TRUE(has(&p->ro, ".cargo/bin/lite-sandbox"));
	ASSERT_TRUE(has(&p->ro, ".local/bin"));
	ASSERT_TRUE(has(&p->ro, ".cargo/bin"));
	ASSERT_FALSE(has(&p->ro, "/usr/bin")); /* after lite-sandbox's entry */
	sandbox_policy_free(p);
	/* lite-sandbox not on PATH: no PATH entry is write-denied */
	ctx.self_exe = "/opt/elsewhere/lite-sandbox-dev"; /* no such name on PATH */
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_FALSE(has(&p->ro, ".local/bin"));
	ASSERT_FALSE(has(&p->ro, ".cargo/bin"));
	ASSERT_TRUE(has(&p->ro, ".bashrc"));
	sandbox_policy_free(p);
}

/* lite-sandbox's state where XDG or --config puts it is write-denied too,
 * not only at the default places */
TEST(own_state_where_xdg_puts_it)
{
	setup();
	struct config c = base_config(POLICY_MODE_DENYLIST);
	struct sandbox_context ctx = ctx_for();
	char xdg_config[600], xdg_cache[600], cfg_file[600];
	snprintf(xdg_config, sizeof(xdg_config), "XDG_CONFIG_HOME=%s/xcfg", home);
	snprintf(xdg_cache, sizeof(xdg_cache), "XDG_CACHE_HOME=%s/xcache", home);
	snprintf(cfg_file, sizeof(cfg_file), "%s/policies/agent.yaml", home);
	char *env[] = { xdg_config, xdg_cache, (char *)"XDG_DATA_HOME=/ignored", NULL };
	ctx.environ = env;
	ctx.config_file = cfg_file;
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_TRUE(has(&p->ro, "xcfg/lite-sandbox"));
	ASSERT_TRUE(has(&p->ro, "xcache/lite-sandbox"));
	ASSERT_TRUE(has(&p->ro, "policies/agent.yaml"));
	ASSERT_TRUE(has(&p->ro, ".config/lite-sandbox")); /* the defaults stay */
	ASSERT_FALSE(has(&p->ro, "/ignored/lite-sandbox"));
	sandbox_policy_free(p);
	/* a relative value is not a place we can name: nothing added */
	char *rel[] = { (char *)"XDG_CONFIG_HOME=rel", NULL };
	ctx.environ = rel;
	ctx.config_file = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_FALSE(has(&p->ro, "xcfg/lite-sandbox"));
	ASSERT_FALSE(has(&p->ro, "policies/agent.yaml"));
	sandbox_policy_free(p);
}

TEST(grants)
{
	setup();
	struct config c = base_config(POLICY_MODE_DENYLIST);
	char ssh[400], cache[400], gh[400];
	snprintf(ssh, sizeof(ssh), "%s/.ssh", home);
	snprintf(cache, sizeof(cache), "%s/.cache/tool/", home);
	snprintf(gh, sizeof(gh), "%s/.config/gh", home);
	char *gh_cmds[] = { "gh" };
	struct config_path paths[] = {
		{ .path = ssh, .internal = true },
		{ .path = cache, .write = true, .internal = true },
		{ .path = gh, .commands = gh_cmds, .n_commands = 1 },
	};
	c.paths = paths;
	c.n_paths = ARRAY_SIZE(paths);
	struct sandbox_context ctx = ctx_for();
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	/* a grant on ~/.ssh lifts the key masks */
	ASSERT_FALSE(has(&p->mask, ".ssh/id_ed25519"));
	ASSERT_TRUE(has(&p->write, ".cache/tool")); /* cleaned */
	/* a command-scoped grant is masked from the shared worker ... */
	ASSERT_TRUE(has(&p->mask, ".config/gh"));
	sandbox_policy_free(p);
	/* (in allowlist mode the hidden home hides it already: no mask, whose
	 * mount point would not exist in the home's tmpfs) */
	c.mode = POLICY_MODE_ALLOWLIST;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_FALSE(has(&p->mask, ".config/gh"));
	ASSERT_TRUE(p->hide_home);
	sandbox_policy_free(p);
	c.mode = POLICY_MODE_DENYLIST;
	/* ... and present in its command's worker */
	ctx.scope_command = "gh";
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_FALSE(has(&p->mask, ".config/gh"));
	ASSERT_TRUE(sandbox_strv_contains(&p->env, "GITHUB_TOKEN=ghp_1")); /* the user's */
	ASSERT_TRUE(sandbox_strv_contains(&p->env_dropped, "CLAUDE_CODE_MESSAGING_SOCKET"));
	sandbox_policy_free(p);
}

/* A grant that holds a mask or a write-denied path (an internal write grant
 * on all of home) re-exposes neither: only a grant on the path itself
 * lifts a mask. */
TEST(grant_over_home_keeps_masks)
{
	setup();
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	struct config_path paths[] = { { .path = home, .write = true, .internal = true } };
	c.paths = paths;
	c.n_paths = ARRAY_SIZE(paths);
	struct sandbox_context ctx = ctx_for();
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_TRUE(has(&p->write, ""));
	ASSERT_TRUE(has(&p->mask, ".ssh/id_ed25519"));
	ASSERT_TRUE(has(&p->ro, ".config/lite-sandbox"));
	ASSERT_TRUE(has(&p->ro, ".cache/lite-sandbox"));
	ASSERT_TRUE(has(&p->ro, ".bashrc"));
	sandbox_policy_free(p);
}

TEST(passthrough_and_open_mode)
{
	setup();
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	char *pass[] = { "GITHUB_TOKEN" };
	c.env_passthrough = pass;
	c.n_env_passthrough = 1;
	c.network.mode = CONFIG_NET_NONE;
	struct sandbox_context ctx = ctx_for();
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_TRUE(sandbox_strv_contains(&p->env, "GITHUB_TOKEN=ghp_1"));
	ASSERT_EQ(p->net, SANDBOX_NET_NONE);
	sandbox_policy_free(p);
	c = base_config(POLICY_MODE_OPEN);
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_TRUE(sandbox_strv_contains(&p->env, "GITHUB_TOKEN=ghp_1"));
	ASSERT_EQ(p->env_dropped.n, 0);
	sandbox_policy_free(p);
}

TEST(hide_home_off)
{
	setup();
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	c.os_sandbox_hide_home = false;
	struct sandbox_context ctx = ctx_for();
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_FALSE(p->hide_home);
	ASSERT_FALSE(has(&p->mask, "/run/user/1000"));
	ASSERT_TRUE(has(&p->mask, ".ssh/id_ed25519")); /* credential masks: every mode */
	sandbox_policy_free(p);
}

TEST(bad_input_fails_closed)
{
	setup();
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	struct sandbox_context ctx = ctx_for();
	struct sandbox_policy *p = NULL;
	struct sandbox_error err = { { 0 } };
	ctx.cwd = "relative/dir";
	ASSERT_ERRNO(sandbox_policy_build(&c, &ctx, &p, &err), -EINVAL);
	ASSERT_TRUE(strstr(err.message, "absolute") != NULL);
	ctx = ctx_for();
	char *bad_path = "/tmp/../etc";
	struct config_path g = { .path = bad_path, .write = true };
	c.paths = &g;
	c.n_paths = 1;
	memset(&err, 0, sizeof(err));
	ASSERT_ERRNO(sandbox_policy_build(&c, &ctx, &p, &err), -EINVAL);
	ASSERT_TRUE(strstr(err.message, "/tmp/../etc") != NULL);
	ASSERT_NULL(p);
}

TEST(policy_show)
{
	setup();
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	struct sandbox_context ctx = ctx_for();
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	struct buf b = BUF_INIT(1 << 20);
	ASSERT_OK(sandbox_policy_format(p, &b));
	ASSERT_TRUE(strstr(b.data, "writable:\n") != NULL);
	ASSERT_TRUE(strstr(b.data, "/run/user/1000  (missing)") != NULL);
	ASSERT_TRUE(strstr(b.data, "GITHUB_TOKEN") != NULL);
	buf_done(&b);
	sandbox_policy_free(p);
}

TEST(bwrap_argv_order_and_pins)
{
	setup();
	/* denylist: the home is writable; the directories above write-denied
	 * and masked paths are pinned, after the home and before the masks */
	struct config c = base_config(POLICY_MODE_DENYLIST);
	struct sandbox_context ctx = ctx_for();
	char proj[400];
	snprintf(proj, sizeof(proj), "%s/proj", home);
	ctx.cwd = proj;
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	struct sandbox_launch l = { .helper = "/bin/true", .fd_in = -1 };
	struct sandbox_strv av = { 0 };
	int *fds = NULL;
	size_t n_fds = 0;
	char *target[] = { "true", NULL };
	ASSERT_OK(sandbox_bwrap_argv(p, &l, target, &av, &fds, &n_fds, NULL));
	ssize_t home_bind = -1, ssh_pin = -1, git_pin = -1, key_mask = -1, git_ro = -1;
	char ssh[1024], git[1024], key[1024], gitcfg[1024];
	snprintf(ssh, sizeof(ssh), "%s/.ssh", home);
	snprintf(git, sizeof(git), "%s/.git", proj);
	snprintf(gitcfg, sizeof(gitcfg), "%s/.git/config", proj);
	snprintf(key, sizeof(key), "%s/.ssh/id_ed25519", home);
	for (size_t i = 0; i + 1 < av.n; i++) {
		if (strcmp(av.v[i], "--bind-try") == 0 && strcmp(av.v[i + 1], home) == 0)
			home_bind = (ssize_t)i;
		if (strcmp(av.v[i], "--bind-try") == 0 && strcmp(av.v[i + 1], ssh) == 0)
			ssh_pin = (ssize_t)i;
		if (strcmp(av.v[i], "--bind-try") == 0 && strcmp(av.v[i + 1], git) == 0)
			git_pin = (ssize_t)i;
		if (strcmp(av.v[i], "--ro-bind-try") == 0 && strcmp(av.v[i + 1], gitcfg) == 0)
			git_ro = (ssize_t)i;
		if (strcmp(av.v[i], "--ro-bind-data") == 0 && i + 2 < av.n &&
		    strcmp(av.v[i + 2], key) == 0)
			key_mask = (ssize_t)i;
	}
	ASSERT_TRUE(home_bind >= 0 && ssh_pin > home_bind && key_mask > ssh_pin);
	ASSERT_TRUE(git_pin >= 0 && git_ro > git_pin);
	ASSERT_TRUE(n_fds >= 2); /* one empty pipe per masked file */
	for (size_t i = 0; i < n_fds; i++)
		close(fds[i]);
	free(fds);
	sandbox_strv_done(&av);
	sandbox_policy_free(p);

	/* allowlist with a home under /tmp (a temp dir): nothing may be
	 * bound writable inside the hidden home but the working directory */
	c = base_config(POLICY_MODE_ALLOWLIST);
	ctx = ctx_for();
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_OK(sandbox_bwrap_argv(p, &l, target, &av, &fds, &n_fds, NULL));
	for (size_t i = 0; i + 1 < av.n; i++)
		if (strcmp(av.v[i], "--bind-try") == 0 && path_in(av.v[i + 1], home) &&
		    strcmp(av.v[i + 1], cwd) != 0)
			TAP_FAIL_("writable bind in the hidden home: %s", av.v[i + 1]);
	for (size_t i = 0; i < n_fds; i++)
		close(fds[i]);
	free(fds);
	sandbox_strv_done(&av);
	sandbox_policy_free(p);
}

TEST(linked_worktree_protects_the_main_repository)
{
	setup();
	/* home/proj is the main worktree; home/wt a linked one */
	char cmd[2048];
	snprintf(cmd, sizeof(cmd),
		 "cd '%s/proj' && git init -q . 2>/dev/null && git -c user.email=a@b -c user.name=n "
		 "commit -q --allow-empty -m x && git worktree add -q '%s/wt' 2>/dev/null",
		 home, home);
	if (system(cmd) != 0) {
		printf("# note: git is not available; skipped\n");
		return;
	}
	struct config c = base_config(POLICY_MODE_ALLOWLIST);
	struct sandbox_context ctx = ctx_for();
	char wt[1024], main_wt[1024];
	snprintf(wt, sizeof(wt), "%s/wt", home);
	snprintf(main_wt, sizeof(main_wt), "%s/proj", home);
	ctx.cwd = wt;
	ctx.main_worktree = main_wt; /* git.allow_worktree_parent */
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_build(&c, &ctx, &p, NULL));
	ASSERT_TRUE(has(&p->write, "proj"));
	ASSERT_TRUE(has(&p->ro, "proj/.git/config"));
	ASSERT_TRUE(has(&p->ro, "proj/.git/hooks"));
	sandbox_policy_free(p);
}

TAP_MAIN(allowlist_hidden_home, project_root_git_write_denied, denylist_masks_and_write_denied,
	 own_state_where_xdg_puts_it, grants, grant_over_home_keeps_masks,
	 passthrough_and_open_mode, hide_home_off, bad_input_fails_closed, policy_show,
	 bwrap_argv_order_and_pins, linked_worktree_protects_the_main_repository)
