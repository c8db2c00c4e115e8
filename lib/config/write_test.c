/* SPDX-License-Identifier: MIT */
/* Edits, YAML output, round trips and the atomic save. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "base.h"
#include "config.h"
#include "tap.h"
#include "tmpdir.h"

static const char *tmpdir;
static char cfgpath[512];

static void
setup(void)
{
	tmpdir = test_tmpdir_fresh("cfgwrite");
	snprintf(cfgpath, sizeof(cfgpath), "%s/sub/dir/config.yaml", tmpdir);
	setenv("HOME", "/home/tester", 1);
}

static char *
slurp(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct buf b = BUF_INIT(1 << 24);
	if (buf_read_fd(&b, fd) < 0) {
		close(fd);
		buf_done(&b);
		return NULL;
	}
	close(fd);
	if (!b.data)
		buf_puts(&b, "");
	return buf_steal(&b);
}

static void
spit(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		abort();
	close(fd);
}

static size_t
count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	size_t n = 0;
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

/* Two configs hold the same settings (order included). */
static bool
same_config(const struct config *a, const struct config *b)
{
	char *ya = NULL, *yb = NULL;
	if (config_to_yaml(a, &ya) < 0 || config_to_yaml(b, &yb) < 0)
		return false;
	bool same = strcmp(ya, yb) == 0;
	if (!same)
		printf("# --- a:\n%s# --- b:\n%s", ya, yb);
	free(ya);
	free(yb);
	return same;
}

static const char full_yaml[] =
	"mode: denylist\n"
	"audit: true\n"
	"os_sandbox: true\n"
	"os_sandbox_hide_home: false\n"
	"os_sandbox_env_passthrough: [GITHUB_TOKEN]\n"
	"paths:\n"
	"  - {path: '/srv/with space', write: true}\n"
	"  - {path: /opt/true, internal: true, commands: [gh, 'null']}\n"
	"  - {path: \"/h/caf\\u00e9\"}\n"
	"commands:\n"
	"  - {name: make, allow: true}\n"
	"  - {name: go, args: [test, './...', '-run', 'yes'], allow: true, no_sandbox: true}\n"
	"  - {name: npm, args: [publish], allow: false}\n"
	"  - {name: ./scripts/deploy.sh, ask: true}\n"
	"git: {local_write: false, remote_write: true, allow_worktree_parent: true}\n"
	"ssh:\n"
	"  hosts:\n"
	"    - {host: build1, write: true}\n"
	"    - {host: web.example.com, commands: [journalctl]}\n"
	"network: {mode: none, allow: ['*.example.com', '1.5']}\n"
	"profiles: [go, 'on']\n"
	"overrides:\n"
	"  /work/p:\n"
	"    mode: open\n"
	"    commands:\n"
	"      - {name: cargo, allow: true}\n"
	"  /work/q:\n"
	"    git: {remote_read: false}\n";

TEST(round_trip_effective)
{
	setup();
	char path[600];
	snprintf(path, sizeof(path), "%s/a.yaml", tmpdir);
	spit(path, full_yaml);
	struct config *c = NULL, *c2 = NULL;
	struct config_error e;
	ASSERT_OK(config_load_file(path, &c, &e));
	char *text = NULL;
	ASSERT_OK(config_to_yaml(c, &text));
	/* Words that YAML could read as booleans, nulls or numbers stay strings. */
	ASSERT_TRUE(strstr(text, "\"null\"") != NULL);
	ASSERT_TRUE(strstr(text, "\"on\"") != NULL);
	ASSERT_TRUE(strstr(text, "\"1.5\"") != NULL);
	ASSERT_TRUE(strstr(text, "café") != NULL);
	snprintf(path, sizeof(path), "%s/b.yaml", tmpdir);
	spit(path, text);
	free(text);
	int r = config_load_file(path, &c2, &e);
	if (r < 0)
		TAP_FAIL_("%s:%u:%u: %s", e.file, e.line, e.col, e.message);
	ASSERT_TRUE(same_config(c, c2));
	ASSERT_EQ(c2->n_commands, 4);
	ASSERT_EQ(c2->commands[1].n_args, 4);
	ASSERT_STREQ(c2->commands[1].args[3], "yes");
	ASSERT_STREQ(c2->paths[0].path, "/srv/with space");
	config_free(c);
	config_free(c2);
}

TEST(round_trip_document)
{
	setup();
	char path[600];
	snprintf(path, sizeof(path), "%s/a.yaml", tmpdir);
	spit(path, full_yaml);
	struct config_doc *d = NULL, *d2 = NULL;
	struct config_error e;
	ASSERT_OK(config_doc_load(path, &d, &e));
	char *text = NULL;
	ASSERT_OK(config_doc_to_yaml(d, &text));
	/* Only what the file set is written: no defaults spelled out. */
	ASSERT_NULL(strstr(text, "local_read"));
	ASSERT_TRUE(strstr(text, "overrides:") != NULL);
	snprintf(path, sizeof(path), "%s/b.yaml", tmpdir);
	spit(path, text);
	ASSERT_OK(config_doc_load(path, &d2, &e));
	char *text2 = NULL;
	ASSERT_OK(config_doc_to_yaml(d2, &text2));
	ASSERT_STREQ(text, text2);
	const char *dirs[] = { NULL, "/work/p", "/work/q", "/work/q/deeper" };
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		struct config *a = NULL, *b = NULL;
		ASSERT_OK(config_doc_effective(d, dirs[i], &a));
		ASSERT_OK(config_doc_effective(d2, dirs[i], &b));
		ASSERT_TRUE(same_config(a, b));
		config_free(a);
		config_free(b);
	}
	free(text);
	free(text2);
	config_doc_free(d);
	config_doc_free(d2);
}

TEST(edit_save_load)
{
	setup();
	struct config_doc *d = NULL;
	struct config_error e;
	/* Missing file, missing directories: an empty document that saves. */
	ASSERT_OK(config_doc_load(cfgpath, &d, &e));
	ASSERT_FALSE(config_doc_exists(d));
	ASSERT_OK(config_doc_set_mode(d, NULL, POLICY_MODE_DENYLIST));
	char *cmds[] = { "gh" };
	struct config_path p = { .path = "/home/tester/.config/gh", .internal = true,
				 .commands = cmds, .n_commands = 1 };
	ASSERT_OK(config_doc_put_path(d, NULL, &p));
	char *args[] = { "run", "test" };
	struct config_command c = { .name = "npm", .args = args, .n_args = 2, .allow = true };
	ASSERT_OK(config_doc_put_command(d, "/work/p", &c));
	struct config_command deny = { .name = "curl", .allow = false };
	ASSERT_OK(config_doc_put_command(d, "/work/p", &deny));
	ASSERT_OK(config_doc_set_mode(d, "/work/p", POLICY_MODE_OPEN));
	ASSERT_OK(config_doc_save(d, &e));
	ASSERT_TRUE(config_doc_exists(d));
	config_doc_free(d);

	struct stat st;
	ASSERT_OK(stat(cfgpath, &st));
	ASSERT_EQ(st.st_mode & 0777, 0600); /* a new file */

	ASSERT_OK(config_doc_load(cfgpath, &d, &e));
	const struct config *base = config_doc_layer(d, NULL);
	ASSERT_EQ(base->mode, POLICY_MODE_DENYLIST);
	ASSERT_EQ(base->n_paths, 1);
	ASSERT_TRUE(base->paths[0].internal);
	ASSERT_STREQ(base->paths[0].commands[0], "gh");
	const struct config *ov = config_doc_layer(d, "/work/p");
	ASSERT_NOT_NULL(ov);
	ASSERT_EQ(ov->mode, POLICY_MODE_OPEN);
	ASSERT_EQ(ov->n_commands, 2);
	ASSERT_NULL(config_doc_layer(d, "/work"));

	/* Same key replaces; removal; -ENOENT when nothing matches. */
	c.no_sandbox = true;
	ASSERT_OK(config_doc_put_command(d, "/work/p", &c));
	ASSERT_EQ(config_doc_layer(d, "/work/p")->n_commands, 2);
	ASSERT_TRUE(config_doc_layer(d, "/work/p")->commands[0].no_sandbox);
	ASSERT_ERRNO(config_doc_remove_command(d, "/work/p", "npm", NULL, 0) > 0 ? 0 : -1, 0);
	ASSERT_EQ(config_doc_layer(d, "/work/p")->n_commands, 1);
	ASSERT_ERRNO(config_doc_remove_command(d, "/work/p", "npm", NULL, 0), -ENOENT);
	ASSERT_ERRNO(config_doc_remove_command(d, "/nowhere", "curl", NULL, 0), -ENOENT);
	ASSERT_ERRNO(config_doc_remove_path(d, NULL, "/nope"), -ENOENT);
	ASSERT_OK(config_doc_remove_path(d, NULL, "/home/tester/.config/gh"));
	ASSERT_EQ(config_doc_layer(d, NULL)->n_paths, 0);

	/* Invalid edits are refused before they reach the document. */
	struct config_path rel = { .path = "relative" };
	ASSERT_ERRNO(config_doc_put_path(d, NULL, &rel), -EINVAL);
	struct config_path untidy = { .path = "/a//b/" };
	ASSERT_ERRNO(config_doc_put_path(d, NULL, &untidy), -EINVAL);
	struct config_command bad = { .name = "rm\n-rf", .allow = true };
	ASSERT_ERRNO(config_doc_put_command(d, NULL, &bad), -EINVAL);
	struct config_command bad2 = { .name = "x", .allow = false, .no_sandbox = true };
	ASSERT_ERRNO(config_doc_put_command(d, NULL, &bad2), -EINVAL);
	ASSERT_ERRNO(config_doc_set_mode(d, NULL, POLICY_MODE_MAX), -EINVAL);

	/* Removing an override's last entry drops the override from the file
	 * only when nothing else is set in it. */
	ASSERT_OK(config_doc_save(d, &e));
	config_doc_free(d);
	char *text = slurp(cfgpath);
	ASSERT_NOT_NULL(text);
	ASSERT_TRUE(strstr(text, "/work/p") != NULL); /* mode: open keeps it */
	ASSERT_NULL(strstr(text, "npm"));
	free(text);
}

TEST(save_keeps_mode_and_symlink)
{
	setup();
	char real[600], link[600];
	snprintf(real, sizeof(real), "%s/real.yaml", tmpdir);
	snprintf(link, sizeof(link), "%s/link.yaml", tmpdir);
	spit(real, "mode: open # a comment\n");
	ASSERT_OK(chmod(real, 0640));
	ASSERT_OK(symlink(real, link));
	struct config_doc *d = NULL;
	struct config_error e;
	ASSERT_OK(config_doc_load(link, &d, &e));
	ASSERT_OK(config_doc_set_mode(d, NULL, POLICY_MODE_DENYLIST));
	ASSERT_OK(config_doc_save(d, &e));
	config_doc_free(d);
	struct stat st;
	ASSERT_OK(lstat(link, &st));
	ASSERT_TRUE(S_ISLNK(st.st_mode)); /* still a link */
	ASSERT_OK(stat(real, &st));
	ASSERT_EQ(st.st_mode & 07777, 0640);
	char *text = slurp(real);
	ASSERT_NOT_NULL(text);
	ASSERT_TRUE(strstr(text, "mode: denylist") != NULL);
	ASSERT_NULL(strstr(text, "comment")); /* documented: comments are not kept */
	free(text);
	ASSERT_EQ(count_entries(tmpdir), 2); /* no temporary left behind */
}

TEST(failed_save_leaves_old_file)
{
	setup();
	char path[600];
	snprintf(path, sizeof(path), "%s/c.yaml", tmpdir);
	spit(path, full_yaml);
	char *before = slurp(path);
	ASSERT_NOT_NULL(before);

	/* In a child: a file-size limit smaller than the new file makes the
	 * write fail half way (EFBIG), as a full disk would. */
	pid_t pid = fork();
	ASSERT_TRUE(pid >= 0);
	if (pid == 0) {
		signal(SIGXFSZ, SIG_IGN);
		struct rlimit rl = { 64, 64 };
		struct config_doc *d = NULL;
		struct config_error e;
		if (config_doc_load(path, &d, &e) < 0)
			_exit(10);
		if (config_doc_set_mode(d, NULL, POLICY_MODE_OPEN) < 0)
			_exit(11);
		if (setrlimit(RLIMIT_FSIZE, &rl) < 0)
			_exit(12);
		int r = config_doc_save(d, &e);
		if (r != -EFBIG)
			_exit(13);
		if (!strstr(e.message, "cannot write") || strcmp(e.file, path) != 0)
			_exit(14);
		_exit(0);
	}
	int st = 0;
	ASSERT_EQ(waitpid(pid, &st, 0), pid);
	ASSERT_TRUE(WIFEXITED(st));
	ASSERT_EQ(WEXITSTATUS(st), 0);
	char *after = slurp(path);
	ASSERT_NOT_NULL(after);
	ASSERT_STREQ(after, before);
	ASSERT_EQ(count_entries(tmpdir), 1); /* the temporary file was removed */
	free(before);
	free(after);

	/* A destination that is not a regular file is refused, nothing written. */
	char dirpath[600];
	snprintf(dirpath, sizeof(dirpath), "%s/adir", tmpdir);
	ASSERT_OK(mkdir(dirpath, 0755));
	struct config_doc *d = NULL;
	struct config_error e;
	ASSERT_TRUE(config_doc_load(dirpath, &d, &e) < 0);
}

TEST(new_override_does_not_inherit)
{
	setup();
	char path[600];
	snprintf(path, sizeof(path), "%s/o.yaml", tmpdir);
	spit(path, "overrides:\n  /work:\n    mode: open\n    commands: [{name: make, allow: true}]\n");
	struct config_doc *d = NULL;
	struct config_error e;
	ASSERT_OK(config_doc_load(path, &d, &e));
	struct config *c = NULL;
	ASSERT_OK(config_doc_effective(d, "/work/child", &c));
	ASSERT_EQ(c->mode, POLICY_MODE_OPEN); /* inherited from /work */
	config_free(c);
	/* A request scoped to /work/child creates its own override over the base. */
	struct config_command cm = { .name = "cargo", .allow = true };
	ASSERT_OK(config_doc_put_command(d, "/work/child", &cm));
	ASSERT_OK(config_doc_effective(d, "/work/child", &c));
	ASSERT_EQ(c->mode, POLICY_MODE_ALLOWLIST);
	ASSERT_EQ(c->n_commands, 1);
	ASSERT_STREQ(c->commands[0].name, "cargo");
	ASSERT_STREQ(c->override_dir, "/work/child");
	config_free(c);
	config_doc_free(d);
}

TAP_MAIN(round_trip_effective, round_trip_document, edit_save_load, save_keeps_mode_and_symlink,
	 failed_save_leaves_old_file, new_override_does_not_inherit)
