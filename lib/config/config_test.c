/* SPDX-License-Identifier: MIT */
/* Loading: every key, the defaults, every error class with its position, overrides. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base.h"
#include "config.h"
#include "tap.h"
#include "tmpdir.h"

static const char *tmpdir;
static char cfgpath[512];

static void
setup(void)
{
	tmpdir = test_tmpdir_fresh("cfgtest");
	snprintf(cfgpath, sizeof(cfgpath), "%s/config.yaml", tmpdir);
	setenv("HOME", "/home/tester", 1);
}

static void
put(const char *text, size_t len)
{
	int fd = open(cfgpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, text, len) != (ssize_t)len)
		abort();
	close(fd);
}

/* Load text; on failure fill err and return r. */
static int
load(const char *text, struct config **ret, struct config_error *err)
{
	setup();
	put(text, strlen(text));
	return config_load_file(cfgpath, ret, err);
}

/* Expect a refusal at line:col whose message contains want. */
#define EXPECT_ERR(text, wline, wcol, want)                                        \
	do {                                                                       \
		struct config *c_ = NULL;                                          \
		struct config_error e_;                                            \
		int r_ = load(text, &c_, &e_);                                     \
		if (r_ >= 0)                                                       \
			config_free(c_);                                           \
		ASSERT_TRUE(r_ < 0);                                               \
		ASSERT_STREQ(e_.file, cfgpath);                                    \
		if (!strstr(e_.message, want))                                     \
			TAP_FAIL_("message '%s' lacks '%s'", e_.message, want);    \
		ASSERT_EQ(e_.line, wline);                                         \
		ASSERT_EQ(e_.col, wcol);                                           \
	} while (0)

TEST(defaults_and_missing_file)
{
	struct config *c = NULL;
	struct config_error e;
	setup();
	ASSERT_OK(config_load_file(cfgpath, &c, &e)); /* no file there */
	ASSERT_EQ(c->mode, POLICY_MODE_ALLOWLIST);
	ASSERT_FALSE(c->audit);
	ASSERT_FALSE(c->os_sandbox);
	ASSERT_TRUE(c->os_sandbox_hide_home);
	ASSERT_TRUE(c->git.local_read);
	ASSERT_TRUE(c->git.local_write);
	ASSERT_TRUE(c->git.remote_read);
	ASSERT_FALSE(c->git.remote_write);
	ASSERT_FALSE(c->git.allow_worktree_parent);
	ASSERT_EQ(c->network.mode, CONFIG_NET_OPEN);
	ASSERT_EQ(c->n_paths, 0);
	ASSERT_EQ(c->n_commands, 0);
	ASSERT_NULL(c->source_path);
	config_free(c);

	struct config *d = NULL;
	ASSERT_OK(config_new_default(&d));
	ASSERT_EQ(d->mode, POLICY_MODE_ALLOWLIST);
	config_free(d);

	/* An empty file and a lone document marker are the defaults too. */
	ASSERT_OK(load("", &c, &e));
	ASSERT_EQ(c->mode, POLICY_MODE_ALLOWLIST);
	ASSERT_STREQ(c->source_path, cfgpath);
	config_free(c);
	ASSERT_OK(load("---\n# nothing\n", &c, &e));
	ASSERT_EQ(c->mode, POLICY_MODE_ALLOWLIST);
	config_free(c);
}

static const char full_yaml[] =
	"mode: denylist\n"
	"audit: true\n"
	"os_sandbox: true\n"
	"os_sandbox_hide_home: false\n"
	"os_sandbox_env_passthrough: [GITHUB_TOKEN, NPM_TOKEN]\n"
	"paths:\n"
	"  - path: ~/src/shared\n"
	"    write: true\n"
	"  - path: /opt/data/./x/\n"
	"  - path: ~/.config/gh\n"
	"    internal: true\n"
	"    commands: [gh]\n"
	"commands:\n"
	"  - name: make\n"
	"    allow: true\n"
	"  - name: go\n"
	"    args: [test, ./...]\n"
	"    allow: true\n"
	"    no_sandbox: true\n"
	"  - name: npm\n"
	"    args: [publish]\n"
	"    allow: false\n"
	"  - name: ./scripts/deploy.sh\n"
	"    ask: true\n"
	"git:\n"
	"  local_read: true\n"
	"  local_write: false\n"
	"  remote_read: false\n"
	"  remote_write: true\n"
	"  allow_worktree_parent: true\n"
	"ssh:\n"
	"  hosts:\n"
	"    - host: build1\n"
	"      write: true\n"
	"    - host: web.example.com\n"
	"      commands: [journalctl, systemctl]\n"
	"network:\n"
	"  mode: proxy\n"
	"  allow: [github.com, '*.npmjs.org']\n"
	"profiles: [go, uv]\n";

TEST(every_key)
{
	struct config *c = NULL;
	struct config_error e;
	int r = load(full_yaml, &c, &e);
	if (r < 0)
		TAP_FAIL_("%s:%u:%u: %s", e.file, e.line, e.col, e.message);
	ASSERT_EQ(c->mode, POLICY_MODE_DENYLIST);
	ASSERT_TRUE(c->audit);
	ASSERT_TRUE(c->os_sandbox);
	ASSERT_FALSE(c->os_sandbox_hide_home);
	ASSERT_EQ(c->n_env_passthrough, 2);
	ASSERT_STREQ(c->env_passthrough[1], "NPM_TOKEN");
	ASSERT_EQ(c->n_paths, 3);
	ASSERT_STREQ(c->paths[0].path, "/home/tester/src/shared");
	ASSERT_TRUE(c->paths[0].write);
	ASSERT_FALSE(c->paths[0].internal);
	ASSERT_STREQ(c->paths[1].path, "/opt/data/x");
	ASSERT_FALSE(c->paths[1].write);
	ASSERT_STREQ(c->paths[2].path, "/home/tester/.config/gh");
	ASSERT_TRUE(c->paths[2].internal);
	ASSERT_EQ(c->paths[2].n_commands, 1);
	ASSERT_STREQ(c->paths[2].commands[0], "gh");
	ASSERT_EQ(c->n_commands, 4);
	ASSERT_STREQ(c->commands[0].name, "make");
	ASSERT_TRUE(c->commands[0].allow);
	ASSERT_EQ(c->commands[0].n_args, 0);
	ASSERT_STREQ(c->commands[1].name, "go");
	ASSERT_EQ(c->commands[1].n_args, 2);
	ASSERT_STREQ(c->commands[1].args[1], "./...");
	ASSERT_TRUE(c->commands[1].no_sandbox);
	ASSERT_FALSE(c->commands[2].allow);
	ASSERT_TRUE(c->commands[3].ask);
	ASSERT_TRUE(c->commands[3].allow);
	ASSERT_TRUE(c->git.local_read);
	ASSERT_FALSE(c->git.local_write);
	ASSERT_FALSE(c->git.remote_read);
	ASSERT_TRUE(c->git.remote_write);
	ASSERT_TRUE(c->git.allow_worktree_parent);
	ASSERT_EQ(c->n_ssh_hosts, 2);
	ASSERT_STREQ(c->ssh_hosts[0].host, "build1");
	ASSERT_TRUE(c->ssh_hosts[0].write);
	ASSERT_FALSE(c->ssh_hosts[1].write);
	ASSERT_EQ(c->ssh_hosts[1].n_commands, 2);
	ASSERT_EQ(c->network.mode, CONFIG_NET_PROXY);
	ASSERT_EQ(c->network.n_allow, 2);
	ASSERT_STREQ(c->network.allow[1], "*.npmjs.org");
	ASSERT_EQ(c->n_profiles, 2);
	ASSERT_STREQ(c->profiles[0], "go");
	ASSERT_NULL(c->override_dir);
	config_free(c);
}

TEST(mode_names)
{
	enum policy_mode m;
	ASSERT_OK(policy_mode_from_name("open", &m));
	ASSERT_EQ(m, POLICY_MODE_OPEN);
	ASSERT_ERRNO(policy_mode_from_name("Open", &m), -EINVAL);
	ASSERT_STREQ(policy_mode_name(POLICY_MODE_DENYLIST), "denylist");
	ASSERT_NULL(policy_mode_name(POLICY_MODE_MAX));
}

TEST(error_unknown_key)
{
	EXPECT_ERR("mode: open\nmodes: open\n", 2, 1, "unknown key 'modes'");
	EXPECT_ERR("paths:\n  - path: /x\n    writable: true\n", 3, 5, "unknown key 'writable'");
	EXPECT_ERR("git:\n  push: true\n", 2, 3, "unknown key 'push'");
	EXPECT_ERR("overrides:\n  /p:\n    overrides: {}\n", 3, 5, "unknown key 'overrides'");
}

TEST(error_wrong_type)
{
	EXPECT_ERR("audit: yes\n", 1, 8, "expected true or false");
	EXPECT_ERR("audit: \"true\"\n", 1, 8, "expected true or false");
	EXPECT_ERR("paths: /tmp\n", 1, 8, "expected a list");
	EXPECT_ERR("paths:\n  - /tmp\n", 2, 5, "expected a mapping");
	EXPECT_ERR("git: true\n", 1, 6, "expected a mapping");
	EXPECT_ERR("commands:\n  - name: [a]\n    allow: true\n", 2, 11, "expected a string");
	EXPECT_ERR("profiles: [go, ~]\n", 1, 16, "expected a string");
	EXPECT_ERR("- a\n- b\n", 1, 1, "must be a mapping");
}

TEST(error_duplicate_key)
{
	EXPECT_ERR("mode: open\naudit: true\nmode: allowlist\n", 3, 1,
		   "duplicate key 'mode' (first at line 1)");
	EXPECT_ERR("paths:\n  - path: /a\n    path: /b\n", 3, 5, "duplicate key 'path'");
	EXPECT_ERR("paths:\n  - path: /a\n  - path: /a/\n", 3, 5, "duplicate entry");
	EXPECT_ERR("commands:\n  - {name: make, allow: true}\n  - {name: make, allow: false}\n",
		   3, 5, "duplicate entry");
	EXPECT_ERR("profiles: [go, go]\n", 1, 16, "listed twice");
	EXPECT_ERR("overrides:\n  /a: {mode: open}\n  /a/: {mode: open}\n", 3, 3, "appears twice");
}

TEST(error_bad_enum)
{
	EXPECT_ERR("mode: strict\n", 1, 7, "not one of open, denylist, allowlist");
	EXPECT_ERR("network:\n  mode: vpn\n", 2, 9, "not one of open, none, proxy");
}

TEST(error_path_not_absolute)
{
	EXPECT_ERR("paths:\n  - path: src/lib\n", 2, 11, "not an absolute path");
	EXPECT_ERR("paths:\n  - path: ~bob/x\n", 2, 11, "not an absolute path");
	EXPECT_ERR("paths:\n  - path: /a/../etc\n", 2, 11, "not an absolute path");
	EXPECT_ERR("overrides:\n  relative/dir: {mode: open}\n", 2, 3, "not an absolute path");
	EXPECT_ERR("paths:\n  - write: true\n", 2, 5, "'path' is required");
}

TEST(error_anchor_alias_tag)
{
	EXPECT_ERR("paths: &p\n  - path: /a\ncommands: *p\n", 1, 8, "anchors");
	EXPECT_ERR("git:\n  local_read: true\nx: *y\n", 3, 4, "aliases");
	EXPECT_ERR("mode: !!str open\n", 1, 7, "tags");
	EXPECT_ERR("mode: open\n---\nmode: open\n", 2, 1, "more than one YAML document");
	EXPECT_ERR("%YAML 1.1\n---\nmode: open\n", 1, 1, "directives");
}

TEST(error_utf8_and_controls)
{
	static const char bad[] = "mode: open\npaths:\n  - path: /x\xff\n";
	struct config *c = NULL;
	struct config_error e;
	setup();
	put(bad, sizeof(bad) - 1);
	ASSERT_TRUE(config_load_file(cfgpath, &c, &e) < 0);
	ASSERT_STREQ(e.file, cfgpath);
	ASSERT_EQ(e.line, 3);
	ASSERT_EQ(e.col, 13);
	ASSERT_TRUE(strstr(e.message, "UTF-8") != NULL);
	/* Overlong encoding of '/' */
	static const char overlong[] = "mode: \xc0\xaf\n";
	put(overlong, sizeof(overlong) - 1);
	ASSERT_TRUE(config_load_file(cfgpath, &c, &e) < 0);
	ASSERT_EQ(e.line, 1);
	ASSERT_EQ(e.col, 7);
	/* Escapes that produce control or invisible characters. */
	EXPECT_ERR("commands:\n  - name: \"ma\\x1bke\"\n    allow: true\n", 2, 11, "control character");
	EXPECT_ERR("profiles: [\"go\\u202e\"]\n", 1, 12, "bidi");
	EXPECT_ERR("profiles: [\"a\\0b\"]\n", 1, 12, "control character");
}

TEST(error_yaml_syntax)
{
	struct config *c = NULL;
	struct config_error e;
	ASSERT_TRUE(load("mode: [open\n", &c, &e) < 0);
	ASSERT_STREQ(e.file, cfgpath);
	ASSERT_TRUE(e.line >= 1);
	ASSERT_TRUE(e.col >= 1);
	ASSERT_TRUE(load("a: b: c\n", &c, &e) < 0);
	ASSERT_EQ(e.line, 1);
}

TEST(error_commands_semantics)
{
	EXPECT_ERR("commands:\n  - name: make\n", 2, 5, "say allow: true or allow: false");
	EXPECT_ERR("commands:\n  - {name: make, allow: false, no_sandbox: true}\n", 2, 5,
		   "cannot be combined");
	EXPECT_ERR("commands:\n  - {name: go test, allow: true}\n", 2, 12, "holds a space");
	EXPECT_ERR("os_sandbox_env_passthrough: [A-B]\n", 1, 30, "environment variable name");
}

TEST(limits)
{
	/* Nesting deeper than the limit. */
	struct buf b = BUF_INIT(1 << 20);
	ASSERT_OK(buf_puts(&b, "profiles: "));
	for (int i = 0; i < 40; i++)
		ASSERT_OK(buf_puts(&b, "["));
	for (int i = 0; i < 40; i++)
		ASSERT_OK(buf_puts(&b, "]"));
	ASSERT_OK(buf_puts(&b, "\n"));
	struct config *c = NULL;
	struct config_error e;
	ASSERT_TRUE(load(b.data, &c, &e) < 0);
	ASSERT_TRUE(strstr(e.message, "nested too deeply") != NULL);
	buf_done(&b);

	/* A list at the limit loads; one more entry is refused. */
	for (unsigned extra = 0; extra < 2; extra++) {
		struct buf l = BUF_INIT(1 << 20);
		ASSERT_OK(buf_puts(&l, "profiles:\n"));
		for (unsigned i = 0; i < CONFIG_MAX_LIST + extra; i++)
			ASSERT_OK(buf_printf(&l, "  - p%u\n", i));
		int rl = load(l.data, &c, &e);
		buf_done(&l);
		if (extra == 0) {
			ASSERT_OK(rl);
			ASSERT_EQ(c->n_profiles, CONFIG_MAX_LIST);
			config_free(c);
		} else {
			ASSERT_TRUE(rl < 0);
			ASSERT_TRUE(strstr(e.message, "more than 4096 entries") != NULL);
			ASSERT_EQ(e.line, 2);
		}
	}

	/* A file over the size limit. */
	setup();
	size_t n = CONFIG_MAX_FILE_SIZE + 10;
	char *big = malloc(n);
	ASSERT_NOT_NULL(big);
	memset(big, '#', n);
	put(big, n);
	free(big);
	int r = config_load_file(cfgpath, &c, &e);
	ASSERT_ERRNO(r, -EFBIG);
	ASSERT_STREQ(e.file, cfgpath);
	ASSERT_TRUE(strstr(e.message, "larger than") != NULL);

	/* Not a regular file. */
	ASSERT_TRUE(config_load_file(tmpdir, &c, &e) < 0);
	ASSERT_TRUE(strstr(e.message, "regular file") != NULL);
}

TEST(overrides_merge)
{
	static const char text[] =
		"mode: allowlist\n"
		"audit: true\n"
		"paths:\n"
		"  - {path: /data, write: false}\n"
		"  - {path: /cache, write: true}\n"
		"commands:\n"
		"  - {name: make, allow: true}\n"
		"profiles: [go]\n"
		"git: {remote_write: false, local_write: true}\n"
		"overrides:\n"
		"  /work/proj:\n"
		"    mode: denylist\n"
		"    paths:\n"
		"      - {path: /data, write: true}\n"
		"      - {path: /extra}\n"
		"    commands:\n"
		"      - {name: make, allow: false}\n"
		"      - {name: cargo, allow: true}\n"
		"    profiles: [go, rust]\n"
		"    git: {remote_write: true}\n"
		"  /work/proj/sub:\n"
		"    audit: false\n"
		"  /work:\n"
		"    os_sandbox: true\n";
	struct config *c = NULL;
	struct config_error e;
	setup();
	put(text, sizeof(text) - 1);
	struct config_doc *d = NULL;
	int r = config_doc_load(cfgpath, &d, &e);
	if (r < 0)
		TAP_FAIL_("%s:%u:%u: %s", e.file, e.line, e.col, e.message);
	ASSERT_EQ(config_doc_n_overrides(d), 3);

	/* The nearest override wins alone: /work's does not add to /work/proj's. */
	ASSERT_STREQ(config_doc_override_for(d, "/work/proj"), "/work/proj");
	ASSERT_STREQ(config_doc_override_for(d, "/work/proj/src"), "/work/proj");
	ASSERT_STREQ(config_doc_override_for(d, "/work/proj/sub/x"), "/work/proj/sub");
	ASSERT_STREQ(config_doc_override_for(d, "/work/projX"), "/work");
	ASSERT_NULL(config_doc_override_for(d, "/elsewhere"));

	ASSERT_OK(config_doc_effective(d, "/work/proj/src", &c));
	ASSERT_STREQ(c->override_dir, "/work/proj");
	ASSERT_EQ(c->mode, POLICY_MODE_DENYLIST);   /* replaced */
	ASSERT_TRUE(c->audit);                       /* kept from the base */
	ASSERT_FALSE(c->os_sandbox);                 /* /work's override does not apply */
	ASSERT_EQ(c->n_paths, 3);
	ASSERT_STREQ(c->paths[0].path, "/data");
	ASSERT_TRUE(c->paths[0].write);              /* same path: replaced */
	ASSERT_STREQ(c->paths[2].path, "/extra");    /* appended */
	ASSERT_EQ(c->n_commands, 2);
	ASSERT_FALSE(c->commands[0].allow);          /* same name+args: replaced */
	ASSERT_STREQ(c->commands[1].name, "cargo");
	ASSERT_EQ(c->n_profiles, 2);                 /* union */
	ASSERT_TRUE(c->git.remote_write);
	ASSERT_TRUE(c->git.local_write);
	config_free(c);

	ASSERT_OK(config_doc_effective(d, "/work/proj/sub", &c));
	ASSERT_FALSE(c->audit);
	ASSERT_EQ(c->mode, POLICY_MODE_ALLOWLIST);   /* not stacked on /work/proj */
	ASSERT_EQ(c->n_commands, 1);
	config_free(c);

	ASSERT_OK(config_doc_effective(d, NULL, &c));
	ASSERT_NULL(c->override_dir);
	ASSERT_EQ(c->mode, POLICY_MODE_ALLOWLIST);
	config_free(c);
	config_doc_free(d);

	/* config_load_for_dir: a plain directory is its own project. */
	char proj[600];
	snprintf(proj, sizeof(proj), "%s/p", tmpdir);
	ASSERT_OK(mkdir(proj, 0755));
	char text2[2048];
	snprintf(text2, sizeof(text2), "overrides:\n  %s:\n    mode: open\n", proj);
	put(text2, strlen(text2));
	ASSERT_OK(config_load_for_dir(cfgpath, proj, &c, &e));
	ASSERT_EQ(c->mode, POLICY_MODE_OPEN);
	ASSERT_STREQ(c->override_dir, proj);
	config_free(c);
	ASSERT_OK(config_load_for_dir(cfgpath, tmpdir, &c, &e));
	ASSERT_EQ(c->mode, POLICY_MODE_ALLOWLIST);
	config_free(c);
}

TEST(file_permissions_and_stamp)
{
	struct config *c = NULL;
	struct config_error e;
	setup();
	put("mode: open\n", 11);
	ASSERT_OK(chmod(cfgpath, 0666));
	ASSERT_ERRNO(config_load_file(cfgpath, &c, &e), -EPERM);
	ASSERT_TRUE(strstr(e.message, "writable by every user") != NULL);
	ASSERT_OK(chmod(cfgpath, 0664));
	ASSERT_OK(config_load_file(cfgpath, &c, &e));
	config_free(c);
	/* Another owner: only root can set one up (unprivileged runs skip it). */
	if (geteuid() == 0) {
		ASSERT_OK(chown(cfgpath, 4242, 4242));
		ASSERT_ERRNO(config_load_file(cfgpath, &c, &e), -EPERM);
		ASSERT_TRUE(strstr(e.message, "owned by another user") != NULL);
		ASSERT_OK(chown(cfgpath, 0, 0));
	}

	/* Stamps: a missing file, then a replacement by rename, differ. */
	struct config_stamp s0, s1, s2, s3;
	char other[600];
	snprintf(other, sizeof(other), "%s/none.yaml", tmpdir);
	ASSERT_OK(config_file_stamp(other, &s0));
	ASSERT_FALSE(s0.exists);
	ASSERT_OK(config_file_stamp(cfgpath, &s1));
	ASSERT_TRUE(s1.exists);
	ASSERT_OK(config_file_stamp(cfgpath, &s2));
	ASSERT_TRUE(config_stamp_equal(&s1, &s2));
	ASSERT_FALSE(config_stamp_equal(&s0, &s1));
	snprintf(other, sizeof(other), "%s/new.yaml", tmpdir);
	int fd = open(other, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	ASSERT_TRUE(fd >= 0);
	ASSERT_EQ(write(fd, "mode: open\n", 11), 11); /* same size, same content */
	close(fd);
	ASSERT_OK(rename(other, cfgpath));
	ASSERT_OK(config_file_stamp(cfgpath, &s3));
	ASSERT_FALSE(config_stamp_equal(&s1, &s3));
}

TEST(default_path)
{
	char *p = NULL;
	setenv("LITE_SANDBOX_CONFIG", "/etc/x.yaml", 1);
	ASSERT_OK(config_default_path(&p));
	ASSERT_STREQ(p, "/etc/x.yaml");
	free(p);
	unsetenv("LITE_SANDBOX_CONFIG");
	setenv("XDG_CONFIG_HOME", "/xdg", 1);
	ASSERT_OK(config_default_path(&p));
	ASSERT_STREQ(p, "/xdg/lite-sandbox/config.yaml");
	free(p);
	setenv("XDG_CONFIG_HOME", "relative", 1); /* ignored, per the XDG spec */
	setenv("HOME", "/home/u", 1);
	ASSERT_OK(config_default_path(&p));
	ASSERT_STREQ(p, "/home/u/.config/lite-sandbox/config.yaml");
	free(p);
	unsetenv("XDG_CONFIG_HOME");
	ASSERT_OK(config_default_path(&p));
	ASSERT_STREQ(p, "/home/u/.config/lite-sandbox/config.yaml");
	free(p);
}

TEST(path_normalize)
{
	char *p = NULL;
	ASSERT_OK(config_path_normalize("~", "/home/u", NULL, &p));
	ASSERT_STREQ(p, "/home/u");
	free(p);
	ASSERT_OK(config_path_normalize("~/a//b/./c/", "/home/u", NULL, &p));
	ASSERT_STREQ(p, "/home/u/a/b/c");
	free(p);
	ASSERT_OK(config_path_normalize("rel/x", NULL, "/base", &p));
	ASSERT_STREQ(p, "/base/rel/x");
	free(p);
	ASSERT_OK(config_path_normalize("///", NULL, NULL, &p));
	ASSERT_STREQ(p, "/");
	free(p);
	ASSERT_ERRNO(config_path_normalize("rel", NULL, NULL, &p), -EINVAL);
	ASSERT_ERRNO(config_path_normalize("/a/../b", NULL, NULL, &p), -EINVAL);
	ASSERT_ERRNO(config_path_normalize("~x", "/h", NULL, &p), -EINVAL);
	ASSERT_ERRNO(config_path_normalize("~/x", NULL, NULL, &p), -EINVAL);
	ASSERT_ERRNO(config_path_normalize("", NULL, NULL, &p), -EINVAL);
}

TEST(string_problems)
{
	ASSERT_NULL(config_string_problem("héllo/wörld", strlen("héllo/wörld")));
	ASSERT_NOT_NULL(config_string_problem("a\nb", 3));
	ASSERT_NOT_NULL(config_string_problem("a\x7f", 2));
	ASSERT_NOT_NULL(config_string_problem("a\xc2\x85", 3));          /* NEL */
	ASSERT_NOT_NULL(config_string_problem("a\xe2\x80\xa8", 4));      /* U+2028 */
	ASSERT_NOT_NULL(config_string_problem("a\xe2\x80\x8b", 4));      /* ZWSP */
	ASSERT_NOT_NULL(config_string_problem("a\xe2\x81\xa6", 4));      /* LRI */
	ASSERT_NOT_NULL(config_string_problem("\xed\xa0\x80", 3));       /* surrogate */
	ASSERT_NOT_NULL(config_string_problem("\xf4\x90\x80\x80", 4));   /* > U+10FFFF */
}

TAP_MAIN(defaults_and_missing_file, every_key, mode_names, error_unknown_key, error_wrong_type,
	 error_duplicate_key, error_bad_enum, error_path_not_absolute, error_anchor_alias_tag,
	 error_utf8_and_controls, error_yaml_syntax, error_commands_semantics, limits,
	 overrides_merge, file_permissions_and_stamp, default_path, path_normalize, string_problems)
