/* SPDX-License-Identifier: MIT */
/*
 * `check`: which of the mechanisms the Linux sandbox needs work here. Each
 * is tried, not inferred from versions or sysctls: user namespaces by the
 * helper unsharing one, bubblewrap by running `true` in the same kind of
 * sandbox the worker uses, Landlock by its ABI query, seccomp by asking the
 * kernel whether filter mode exists.
 */
#include <fcntl.h>
#include <linux/seccomp.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "sandbox-internal.h"

extern char **environ;

static int
run_quiet(char *const *argv)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int r = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (r != 0)
		return -r;
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static bool
find_on_path(const char *name, char *out, size_t n)
{
	if (strchr(name, '/')) {
		snprintf(out, n, "%s", name);
		return access(name, X_OK) == 0;
	}
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	for (const char *s = path; *s;) {
		const char *e = strchrnul(s, ':');
		if (e > s && snprintf(out, n, "%.*s/%s", (int)(e - s), s, name) < (int)n &&
		    access(out, X_OK) == 0)
			return true;
		s = *e ? e + 1 : e;
	}
	out[0] = '\0';
	return false;
}

int
sandbox_probe_run(const struct sandbox_launch *l, struct sandbox_probe *ret)
{
	memset(ret, 0, sizeof(*ret));
	const char *helper = l && l->helper ? l->helper : sandbox_default_helper();
	snprintf(ret->helper_path, sizeof(ret->helper_path), "%s", helper);
	ret->helper_found = access(helper, X_OK) == 0;
	if (ret->helper_found) {
		char *argv[] = { (char *)helper, (char *)"--probe-userns", NULL };
		ret->userns = run_quiet(argv) == 0;
	}
	ret->bwrap_found = find_on_path(l && l->bwrap ? l->bwrap : "bwrap", ret->bwrap_path,
					sizeof(ret->bwrap_path));
	if (ret->bwrap_found) {
		char *argv[] = { ret->bwrap_path, (char *)"--unshare-all", (char *)"--die-with-parent",
				 (char *)"--new-session", (char *)"--ro-bind", (char *)"/",
				 (char *)"/", (char *)"--dev", (char *)"/dev", (char *)"--proc",
				 (char *)"/proc", (char *)"true", NULL };
		ret->bwrap_works = run_quiet(argv) == 0;
	}
	ret->landlock_abi = sandbox_landlock_abi();
	unsigned action = SECCOMP_RET_ERRNO;
	ret->seccomp = syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) == 0;
	return 0;
}

bool
sandbox_probe_ok(const struct sandbox_probe *p)
{
	return p->helper_found && p->userns && p->bwrap_works && p->landlock_abi >= 6 && p->seccomp;
}

int
sandbox_probe_format(const struct sandbox_probe *p, struct buf *out)
{
	int r = 0;
#define LINE(...)                                                              \
	do {                                                                   \
		if (r >= 0)                                                    \
			r = buf_printf(out, __VA_ARGS__);                      \
	} while (0)
	LINE("helper (lite-sandbox-init): %s %s\n", p->helper_found ? "ok" : "MISSING",
	     p->helper_path);
	if (!p->helper_found)
		LINE("  reinstall lite-sandbox, or set LITE_SANDBOX_INIT to the helper's path\n");
	LINE("user namespaces: %s\n", p->userns ? "ok" : p->helper_found ? "NOT AVAILABLE" : "unknown");
	if (!p->userns && p->helper_found)
		LINE("  enable unprivileged user namespaces: sysctl -w kernel.unprivileged_userns_clone=1"
		     " (Debian/Ubuntu), user.max_user_namespaces > 0, and on Ubuntu 24.04+"
		     " kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap\n");
	LINE("bubblewrap: %s%s%s\n",
	     !p->bwrap_found ? "NOT INSTALLED" : p->bwrap_works ? "ok " : "INSTALLED BUT FAILS ",
	     p->bwrap_path, "");
	if (!p->bwrap_found)
		LINE("  install it: apt install bubblewrap (dnf install bubblewrap, pacman -S bubblewrap)\n");
	else if (!p->bwrap_works)
		LINE("  '%s --unshare-all --ro-bind / / true' failed: see user namespaces above\n",
		     p->bwrap_path);
	if (p->landlock_abi > 0)
		LINE("landlock: ABI %d%s\n", p->landlock_abi,
		     p->landlock_abi >= 6 ? " (ok: file rights and signal/abstract-socket scopes)"
					  : " (TOO OLD: scopes need ABI 6, Linux 6.12)");
	else
		LINE("landlock: NOT AVAILABLE (%s): boot Linux 6.12+ with landlock in lsm=\n",
		     strerror(-p->landlock_abi));
	LINE("seccomp filters: %s\n", p->seccomp ? "ok" : "NOT AVAILABLE (CONFIG_SECCOMP_FILTER)");
	LINE("%s\n", sandbox_probe_ok(p) ? "the OS sandbox can run here"
					 : "the OS sandbox cannot run here");
#undef LINE
	return r < 0 ? r : 0;
}
