/* SPDX-License-Identifier: MIT */
/*
 * Launching a program confined: bubblewrap builds the namespaces and the
 * mount tree, then execs lite-sandbox-init, which applies rlimits,
 * no_new_privs, Landlock and seccomp to itself and execs the target.
 *
 * Why bubblewrap rather than our own namespace code: it is packaged, small,
 * audited, already gets the subtle parts right (mount propagation, the
 * order of pivot_root and umount of the old root, /proc and /dev set-up,
 * die-with-parent, the reaper as pid 1), and works both setuid and with
 * unprivileged user namespaces. What bwrap does not do (Landlock, our
 * seccomp policy, scrubbing) happens in our helper, so the policy stays
 * ours. docs/sandbox.md has the longer argument.
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "sandbox-internal.h"

extern char **environ;

#define ARGV_MAX 65536

const char *
sandbox_default_helper(void)
{
	static char found[PATH_MAX]; /* a cache of a constant answer */
	const char *env = getenv("LITE_SANDBOX_INIT");
	if (env && env[0] == '/')
		return env;
	if (found[0])
		return found;
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		char *slash = strrchr(self, '/');
		if (slash) {
			*slash = '\0';
			/* installed side by side (the services, in libexec), or
			 * beside bin/, or the build tree: cli/ and lib/sandbox/
			 * are siblings, services/executor/ is one level deeper */
			static const char *const rel[] = { "lite-sandbox-init",
							   "../lib/sandbox/lite-sandbox-init",
							   "../../lib/sandbox/lite-sandbox-init",
							   "../libexec/lite-sandbox-init" };
			for (size_t i = 0; i < ARRAY_SIZE(rel); i++) {
				char cand[PATH_MAX];
				char real[PATH_MAX];
				if (snprintf(cand, sizeof(cand), "%s/%s", self, rel[i]) <
					    (int)sizeof(cand) &&
				    realpath(cand, real) && access(real, X_OK) == 0) {
					snprintf(found, sizeof(found), "%s", real);
					return found;
				}
			}
		}
	}
#ifdef LITE_SANDBOX_INIT_PATH
	return LITE_SANDBOX_INIT_PATH;
#else
	return "/usr/libexec/lite-sandbox-init";
#endif
}

int
sandbox_init_args(const struct sandbox_policy *p, struct sandbox_strv *out)
{
	int r = 0;
	for (size_t i = 0; r >= 0 && i < p->read.n; i++)
		if ((r = strv_push(out, "--read", ARGV_MAX)) >= 0)
			r = strv_push(out, p->read.v[i], ARGV_MAX);
	for (size_t i = 0; r >= 0 && i < p->write.n; i++)
		if ((r = strv_push(out, "--write", ARGV_MAX)) >= 0)
			r = strv_push(out, p->write.v[i], ARGV_MAX);
	for (size_t i = 0; r >= 0 && i < p->tmp.n; i++)
		if ((r = strv_push(out, "--write", ARGV_MAX)) >= 0)
			r = strv_push(out, p->tmp.v[i], ARGV_MAX);
	if (r >= 0 && p->scope_signals)
		r = strv_push(out, "--scope-signals", ARGV_MAX);
	if (r >= 0 && p->scope_abstract_unix)
		r = strv_push(out, "--scope-abstract-unix", ARGV_MAX);
	if (r >= 0 && !p->landlock_required)
		r = strv_push(out, "--landlock-optional", ARGV_MAX);
	return r;
}

enum bind_kind { BIND_RO, BIND_RW, BIND_HOME_TMPFS };

struct bind {
	const char *path;
	enum bind_kind kind;
	unsigned depth;
};

static unsigned
depth_of(const char *p)
{
	unsigned d = 0;
	for (; *p; p++)
		d += *p == '/';
	return d;
}

static int
bind_cmp(const void *a, const void *b)
{
	const struct bind *x = a, *y = b;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	/* the same path: the home's tmpfs first, so a bind of $HOME itself
	 * (a grant) is not hidden by it */
	if (x->kind != y->kind && (x->kind == BIND_HOME_TMPFS || y->kind == BIND_HOME_TMPFS))
		return x->kind == BIND_HOME_TMPFS ? -1 : 1;
	return strcmp(x->path, y->path);
}

static int
mkdir_p(const char *path, mode_t mode)
{
	char buf[PATH_MAX];
	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
		return -ENAMETOOLONG;
	for (char *s = buf + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(buf, mode) < 0 && errno != EEXIST)
			return -errno;
		*s = '/';
	}
	if (mkdir(buf, mode) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

/* The deepest writable root (write or temp entry) strictly above path. */
static const char *
writable_root(const struct sandbox_policy *p, const char *path)
{
	const char *best = NULL;
	/* Inside the hidden home only roots inside it count: an ancestor of
	 * $HOME is bound before the home's tmpfs, which hides it, and a pin
	 * there would re-expose the real home. */
	bool in_hidden = p->hide_home && p->home && path_under(path, p->home);
	const struct sandbox_strv *lists[] = { &p->write, &p->tmp };
	for (size_t k = 0; k < ARRAY_SIZE(lists); k++)
		for (size_t i = 0; i < lists[k]->n; i++) {
			const char *w = lists[k]->v[i];
			if (in_hidden && !path_under(w, p->home))
				continue;
			if (strcmp(w, path) != 0 && path_under(path, w) &&
			    (!best || strlen(w) > strlen(best)))
				best = w;
		}
	return best;
}

static int
pin_ancestors(const struct sandbox_policy *p, struct sandbox_strv *pins)
{
	const struct sandbox_strv *lists[] = { &p->ro, &p->mask };
	for (size_t k = 0; k < ARRAY_SIZE(lists); k++)
		for (size_t i = 0; i < lists[k]->n; i++) {
			const char *path = lists[k]->v[i];
			const char *root = writable_root(p, path);
			if (!root)
				continue;
			size_t rlen = strcmp(root, "/") == 0 ? 0 : strlen(root);
			char buf[PATH_MAX];
			if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
				return -ENAMETOOLONG;
			/* every directory strictly between root and path */
			for (char *slash = strrchr(buf, '/'); slash && (size_t)(slash - buf) > rlen;
			     slash = strrchr(buf, '/')) {
				*slash = '\0';
				int r = sandbox_strv_add(pins, buf);
				if (r < 0)
					return r;
			}
		}
	return 0;
}

#define PUSH(s)                                                                \
	do {                                                                   \
		if ((r = strv_push(av, (s), ARGV_MAX)) < 0)                    \
			goto out;                                              \
	} while (0)
#define PUSH2(a, b)                                                            \
	do {                                                                   \
		PUSH(a);                                                       \
		PUSH(b);                                                       \
	} while (0)

/*
 * The fds the child gets are the mask pipes (ret_fds) at 3.., then, when
 * worker, the worker socket, then, when status, bwrap's JSON status pipe.
 */
static int
build_argv(const struct sandbox_policy *p, const struct sandbox_launch *l,
	   char *const *target, bool worker, bool status, struct sandbox_strv *av,
	   int **ret_fds, size_t *ret_n_fds, struct sandbox_error *reterr)
{
	int r = 0;
	int *fds = NULL;
	size_t n_fds = 0;
	struct bind *binds = NULL;
	struct sandbox_strv pins = { 0 };
	char num[32];

	const char *helper = l && l->helper ? l->helper : sandbox_default_helper();
	if (access(helper, X_OK) < 0) {
		r = -errno;
		sandbox_error_set(reterr, "the sandbox helper %s cannot be run: %s", helper,
				  strerror(errno));
		goto out_nolabel;
	}

	PUSH(l && l->bwrap ? l->bwrap : "bwrap");
	PUSH("--die-with-parent");
	PUSH("--new-session");
	PUSH("--unshare-user");
	PUSH("--unshare-pid");
	PUSH("--unshare-ipc");
	PUSH("--unshare-uts");
	PUSH("--unshare-cgroup-try");
	if (p->net == SANDBOX_NET_NONE)
		PUSH("--unshare-net");
	/* Run as root on the host, bwrap keeps every capability inside; a
	 * capability would let the sandbox unmount a mask. */
	PUSH2("--cap-drop", "ALL");
	PUSH("--ro-bind");
	PUSH2("/", "/");
	PUSH2("--dev", "/dev");
	PUSH2("--proc", "/proc");
	/* Binds and the hidden home's tmpfs, parents before children so that
	 * none hides another. */
	/* Pins: a write-denied or masked path is a mount point, which cannot be
	 * renamed or removed; but a directory above it, inside a writable
	 * bind, could be renamed away (the mount moving with it) and a fresh
	 * one with planted files put in its place. So every such directory
	 * is bound onto itself too, which makes it a mount point as well. */
	if ((r = pin_ancestors(p, &pins)) < 0)
		goto out;
	size_t n_binds = p->shown.n + p->write.n + p->tmp.n + pins.n + 1;
	binds = calloc(n_binds ? n_binds : 1, sizeof(*binds));
	if (!binds) {
		r = -ENOMEM;
		goto out;
	}
	size_t k = 0;
	for (size_t i = 0; i < p->write.n; i++)
		binds[k++] = (struct bind){ p->write.v[i], BIND_RW, depth_of(p->write.v[i]) };
	for (size_t i = 0; i < p->tmp.n; i++)
		binds[k++] = (struct bind){ p->tmp.v[i], BIND_RW, depth_of(p->tmp.v[i]) };
	if (p->hide_home)
		binds[k++] = (struct bind){ p->home, BIND_HOME_TMPFS, depth_of(p->home) };
	for (size_t i = 0; i < pins.n; i++)
		binds[k++] = (struct bind){ pins.v[i], BIND_RW, depth_of(pins.v[i]) };
	for (size_t i = 0; i < p->shown.n; i++) {
		if (sandbox_strv_contains(&p->write, p->shown.v[i]) ||
		    sandbox_strv_contains(&p->tmp, p->shown.v[i]))
			continue;
		binds[k++] = (struct bind){ p->shown.v[i], BIND_RO, depth_of(p->shown.v[i]) };
	}
	qsort(binds, k, sizeof(*binds), bind_cmp);
	for (size_t i = 0; i < k; i++) {
		if (binds[i].kind == BIND_HOME_TMPFS) {
			PUSH2("--perms", "0755");
			PUSH2("--tmpfs", binds[i].path);
			continue;
		}
		PUSH(binds[i].kind == BIND_RW ? "--bind-try" : "--ro-bind-try");
		PUSH2(binds[i].path, binds[i].path);
	}
	if (p->hide_home)
		PUSH2("--remount-ro", p->home);

	/* Write-denied, over the writable binds. */
	for (size_t i = 0; i < p->ro.n; i++) {
		PUSH("--ro-bind-try");
		PUSH2(p->ro.v[i], p->ro.v[i]);
	}

	/* Masks, after every bind. */
	for (size_t i = 0; i < p->mask.n; i++) {
		const char *m = p->mask.v[i];
		struct stat st;
		if (stat(m, &st) < 0) {
			if (errno != ENOENT || !sandbox_strv_contains(&p->mask_mkdir, m))
				continue; /* a missing file stays unprotected (see docs) */
			r = mkdir_p(m, 0700);
			if (r < 0) {
				sandbox_error_set(reterr, "cannot create the masked directory %s: %s",
						  m, strerror(-r));
				goto out;
			}
			if (stat(m, &st) < 0)
				continue;
		}
		if (S_ISDIR(st.st_mode)) {
			PUSH2("--perms", "0000");
			PUSH2("--tmpfs", m);
			PUSH2("--remount-ro", m);
			continue;
		}
		if (n_fds >= SANDBOX_MAX_FILE_MASKS) {
			sandbox_error_set(reterr, "more than %d masked files",
					  SANDBOX_MAX_FILE_MASKS);
			r = -E2BIG;
			goto out;
		}
		int pfd[2];
		if (pipe2(pfd, O_CLOEXEC) < 0) {
			r = -errno;
			goto out;
		}
		close(pfd[1]); /* empty: bwrap reads EOF at once */
		int *nf = realloc(fds, (n_fds + 1) * sizeof(int));
		if (!nf) {
			close(pfd[0]);
			r = -ENOMEM;
			goto out;
		}
		fds = nf;
		fds[n_fds] = pfd[0];
		snprintf(num, sizeof(num), "%zu", 3 + n_fds);
		n_fds++;
		PUSH2("--perms", "0000");
		PUSH2("--ro-bind-data", num);
		PUSH(m);
	}

	if (status) {
		/* bwrap reports {"exit-code": N} only for a command it set up
		 * and ran: without it, the failure is the sandbox's */
		snprintf(num, sizeof(num), "%zu", 3 + n_fds + (worker ? 1 : 0));
		PUSH2("--json-status-fd", num);
	}
	if (p->cwd)
		PUSH2("--chdir", p->cwd);
	PUSH("--");
	PUSH(helper);
	if ((r = sandbox_init_args(p, av)) < 0)
		goto out;
	if (worker) {
		snprintf(num, sizeof(num), "%zu", 3 + n_fds);
		PUSH2("--worker", num);
	}
	PUSH("--");
	for (char *const *t = target; t && *t; t++)
		PUSH(*t);

out:
	if (r == -E2BIG && reterr && !reterr->message[0])
		sandbox_error_set(reterr, "the sandbox command line is too long");
out_nolabel:
	free(binds);
	sandbox_strv_done(&pins);
	if (r < 0) {
		for (size_t i = 0; i < n_fds; i++)
			close(fds[i]);
		free(fds);
		return r;
	}
	*ret_fds = fds;
	*ret_n_fds = n_fds;
	return 0;
}

int
sandbox_bwrap_argv(const struct sandbox_policy *p, const struct sandbox_launch *l,
		   char *const *target, struct sandbox_strv *ret_argv, int **ret_fds,
		   size_t *ret_n_fds, struct sandbox_error *reterr)
{
	return build_argv(p, l, target, false, false, ret_argv, ret_fds, ret_n_fds, reterr);
}

/*
 * posix_spawn bwrap with fds[i] at 3+i in the child. Sources are first
 * moved above the target range so that no dup2 overwrites a later source.
 */
static int
spawn_with_fds(char *const *argv, char *const *envp, int fd_in, int fd_out, int fd_err,
	       const int *fds, size_t n_fds, pid_t *ret_pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	int *high = calloc(n_fds ? n_fds : 1, sizeof(int));
	if (!high)
		return -ENOMEM;
	int r = 0;
	for (size_t i = 0; i < n_fds; i++) {
		high[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, (int)(3 + n_fds));
		if (high[i] < 0) {
			r = -errno;
			for (size_t j = 0; j < i; j++)
				close(high[j]);
			free(high);
			return r;
		}
	}
	_cleanup_close_ int devnull = -EBADF;
	if (fd_in < 0) {
		devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
		if (devnull < 0) {
			r = -errno;
			goto done_fds;
		}
		fd_in = devnull;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&attr);
	/* Default signal handling in bwrap whatever the caller ignores. */
	sigset_t all;
	sigfillset(&all);
	posix_spawnattr_setsigdefault(&attr, &all);
	sigset_t none;
	sigemptyset(&none);
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

	/* stdio: dup2 onto 0..2; a source that is itself 0..2 is first copied
	 * above the range by F_DUPFD_CLOEXEC to avoid clobbering. */
	int src[3] = { fd_in, fd_out, fd_err };
	int tmp[3] = { -1, -1, -1 };
	for (int i = 0; i < 3; i++) {
		if (src[i] < 0)
			continue;
		tmp[i] = fcntl(src[i], F_DUPFD_CLOEXEC, (int)(3 + n_fds));
		if (tmp[i] < 0) {
			r = -errno;
			goto done;
		}
		posix_spawn_file_actions_adddup2(&fa, tmp[i], i);
	}
	for (size_t i = 0; i < n_fds; i++)
		posix_spawn_file_actions_adddup2(&fa, high[i], (int)(3 + i));

	r = -posix_spawnp(ret_pid, argv[0], &fa, &attr, argv, envp);
done:
	for (int i = 0; i < 3; i++)
		if (tmp[i] >= 0)
			close(tmp[i]);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
done_fds:
	for (size_t i = 0; i < n_fds; i++)
		close(high[i]);
	free(high);
	return r;
}

int
sandbox_spawn_internal(const struct sandbox_policy *p, const struct sandbox_launch *l,
		       char *const *target, int worker_fd, int status_fd, pid_t *ret_pid,
		       struct sandbox_error *reterr)
{
	struct sandbox_strv av = { 0 };
	int *fds = NULL;
	size_t n_fds = 0, n_ours;
	int r = build_argv(p, l, target, worker_fd >= 0, status_fd >= 0, &av, &fds, &n_fds,
			   reterr);
	if (r < 0)
		return r;
	n_ours = n_fds;
	int *nf = realloc(fds, (n_fds + 2) * sizeof(int));
	if (!nf) {
		r = -ENOMEM;
		goto out;
	}
	fds = nf;
	/* not ours to close */
	if (worker_fd >= 0)
		fds[n_fds++] = worker_fd;
	if (status_fd >= 0)
		fds[n_fds++] = status_fd;
	static char *const empty_env[] = { NULL };
	r = spawn_with_fds(av.v, p->env.v ? p->env.v : empty_env, l ? l->fd_in : -1,
			   l ? l->fd_out : 1, l ? l->fd_err : 2, fds, n_fds, ret_pid);
	if (r < 0)
		sandbox_error_set(reterr, "cannot start %s: %s", av.v[0], strerror(-r));
out:
	for (size_t i = 0; i < n_ours; i++)
		close(fds[i]);
	free(fds);
	sandbox_strv_done(&av);
	return r;
}

int
sandbox_spawn_unconfined_worker(const struct sandbox_launch *l, int worker_fd, pid_t *ret_pid,
				struct sandbox_error *reterr)
{
	const char *helper = l && l->helper ? l->helper : sandbox_default_helper();
	char *const argv[] = { (char *)helper, (char *)"--unconfined", (char *)"--worker",
			       (char *)"3", NULL };
	if (access(helper, X_OK) < 0) {
		int r = -errno;
		sandbox_error_set(reterr, "the sandbox helper %s cannot be run: %s", helper,
				  strerror(-r));
		return r;
	}
	int r = spawn_with_fds(argv, environ, l ? l->fd_in : -1, l ? l->fd_out : 1,
			       l ? l->fd_err : 2, &worker_fd, 1, ret_pid);
	if (r < 0)
		sandbox_error_set(reterr, "cannot start %s: %s", helper, strerror(-r));
	return r;
}

int
sandbox_spawn(const struct sandbox_policy *p, const struct sandbox_launch *l,
	      char *const *target, pid_t *ret_pid, struct sandbox_error *reterr)
{
	if (!target || !target[0]) {
		sandbox_error_set(reterr, "no command to run");
		return -EINVAL;
	}
	return sandbox_spawn_internal(p, l, target, -1, -1, ret_pid, reterr);
}

int
sandbox_run(const struct sandbox_policy *p, const struct sandbox_launch *l,
	    char *const *target, int *ret_status, struct sandbox_error *reterr)
{
	if (!target || !target[0]) {
		sandbox_error_set(reterr, "no command to run");
		return -EINVAL;
	}
	int st[2];
	if (pipe2(st, O_CLOEXEC) < 0)
		return -errno;
	pid_t pid;
	int r = sandbox_spawn_internal(p, l, target, -1, st[1], &pid, reterr);
	close(st[1]);
	if (r < 0) {
		close(st[0]);
		return r;
	}
	/* bwrap writes {"child-pid": ...} early and {"exit-code": N} only
	 * when the command it set up has run; read to the end (a few hundred
	 * bytes; nothing else holds the pipe: the helper closes it). */
	struct buf js = BUF_INIT(64 * 1024);
	r = buf_read_fd(&js, st[0]);
	close(st[0]);
	bool ran = r >= 0 && js.data && strstr(js.data, "\"exit-code\"");
	buf_done(&js);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!ran) {
		sandbox_error_set(reterr, "bubblewrap could not set up the sandbox (exit status %d); "
			"its message went to the command's stderr",
			WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		return -EPROTO;
	}
	*ret_status = status;
	return 0;
}
