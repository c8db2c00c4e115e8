/* SPDX-License-Identifier: MIT */
/*
 * The OS sandbox from the command line:
 *
 *   lite-sandbox config os-sandbox check     can the sandbox run here?
 *   lite-sandbox config os-sandbox show      the policy for this directory
 *   lite-sandbox config os-sandbox profile   the macOS SBPL profile text
 *   lite-sandbox sandbox-check               the same as `... check`
 *
 * The `config` dispatcher (cmd_config.c) hands "os-sandbox ..." to
 * cmd_config_os_sandbox(); `enable` stays with it, and can call
 * cmd_config_os_sandbox_check_ok() first.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"
#include "sandbox.h"

extern char **environ;

void
cmd_sandbox_check_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox sandbox-check\n"
		"\n"
		"Report whether the OS sandbox can run on this host: user namespaces,\n"
		"bubblewrap, the Landlock ABI (6 or later is needed), seccomp filters and\n"
		"the lite-sandbox-init helper, with what to install for anything missing.\n"
		"Exit status 0 when it can run, 1 when it cannot.\n"
		"Same as 'lite-sandbox config os-sandbox check'.\n");
}

static void
os_sandbox_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox config os-sandbox check|show|profile\n"
		"\n"
		"  check     can the OS sandbox run here? (exit 1 and what to install if not)\n"
		"  show      the sandbox policy for the current directory: what is writable,\n"
		"            shown through the hidden home, write-denied and masked, and the\n"
		"            environment variables left out\n"
		"  profile   the macOS sandbox-exec (SBPL) profile for that policy\n");
}

/* Runs the check; fills report (may be NULL); true when the sandbox works. */
bool
cmd_config_os_sandbox_check_ok(struct buf *report)
{
	struct sandbox_probe probe;
	sandbox_probe_run(NULL, &probe);
	if (report)
		(void)sandbox_probe_format(&probe, report);
	return sandbox_probe_ok(&probe);
}

static int
do_check(void)
{
	struct buf out = BUF_INIT(1 << 16);
	bool ok = cmd_config_os_sandbox_check_ok(&out);
	fputs(out.data ? out.data : "", stdout);
	buf_done(&out);
	return ok ? 0 : 1;
}

static int
build_policy(const char *config_path, struct sandbox_policy **ret)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd))) {
		fprintf(stderr, "lite-sandbox config os-sandbox: cannot read the working directory\n");
		return EXIT_USAGE;
	}
	_cleanup_free_ char *path = NULL;
	int r = config_path ? ((path = strdup(config_path)) ? 0 : -ENOMEM) :
			      config_default_path(&path);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox config os-sandbox: no config path: %s\n", strerror(-r));
		return EXIT_USAGE;
	}
	struct config *c = NULL;
	struct config_error cerr = { .file = "", .line = 0 };
	r = config_load_for_dir(path, cwd, &c, &cerr);
	if (r < 0) {
		if (cerr.line)
			fprintf(stderr, "%s:%u:%u: %s\n", cerr.file, cerr.line, cerr.col, cerr.message);
		else
			fprintf(stderr, "lite-sandbox config os-sandbox: %s: %s\n", path,
				cerr.message[0] ? cerr.message : strerror(-r));
		return EXIT_USAGE;
	}
	_cleanup_free_ char *home = NULL;
	if (config_home(&home) < 0) {
		config_free(c);
		fprintf(stderr, "lite-sandbox config os-sandbox: $HOME is not known\n");
		return EXIT_USAGE;
	}
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	_cleanup_free_ char *real_config = realpath(path, NULL);
	/* the directory the executor builds its worker's policy for (the
	 * project's root, a linked worktree's own), not the working
	 * directory, so that show prints what commands get */
	_cleanup_free_ char *root = NULL, *main_wt = NULL;
	if (config_boundary_dir(cwd, home, &root, &main_wt) < 0)
		root = NULL;
	struct sandbox_context ctx = {
		.cwd = root ? root : cwd,
		.home = home,
		.config_file = real_config,
		.main_worktree = c->git.allow_worktree_parent ? main_wt : NULL,
		.tmpdir = getenv("TMPDIR"),
		.runtime_dir = getenv("XDG_RUNTIME_DIR"),
		.path = getenv("PATH"),
		.self_exe = n > 0 ? self : NULL,
		.helper = sandbox_default_helper(),
		.environ = environ,
		.uid = (unsigned)getuid(),
	};
	struct sandbox_error err = { { 0 } };
	r = sandbox_policy_build(c, &ctx, ret, &err);
	config_free(c);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox config os-sandbox: %s\n", err.message);
		return EXIT_USAGE;
	}
	return 0;
}

int
cmd_config_os_sandbox(int argc, char **argv, const char *config_path)
{
	if (argc < 2 || cli_wants_help(argc, argv)) {
		os_sandbox_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : 0;
	}
	const char *what = argv[1];
	if (argc > 2)
		return cli_usage_error("config os-sandbox", "unexpected argument '%s'", argv[2]);
	if (strcmp(what, "check") == 0)
		return do_check();
	if (strcmp(what, "show") != 0 && strcmp(what, "profile") != 0)
		return cli_usage_error("config os-sandbox", "unknown action '%s'", what);

	struct sandbox_policy *p = NULL;
	int r = build_policy(config_path, &p);
	if (r != 0)
		return r;
	struct buf out = BUF_INIT(4 << 20);
	r = strcmp(what, "show") == 0 ? sandbox_policy_format(p, &out) : sandbox_sbpl(p, &out);
	sandbox_policy_free(p);
	if (r < 0) {
		buf_done(&out);
		fprintf(stderr, "lite-sandbox config os-sandbox %s: %s\n", what, strerror(-r));
		return 1;
	}
	fputs(out.data ? out.data : "", stdout);
	buf_done(&out);
	return 0;
}

int
cmd_sandbox_check(int argc, char **argv)
{
	if (argc > 1)
		return cli_usage_error("sandbox-check", "unexpected argument '%s'", argv[1]);
	return do_check();
}
