/* SPDX-License-Identifier: MIT */
/*
 * The long-lived worker: one sandbox that runs many commands.
 *
 * Wire format over a SOCK_SEQPACKET socketpair (one request, one answer per
 * message, so no framing of our own):
 *   request: struct wreq, then cwd NUL argv[0] NUL ... argv[argc-1] NUL,
 *            with three fds (stdin, stdout, stderr) as SCM_RIGHTS;
 *   answer:  struct wrep.
 * The worker checks every field (sizes, NULs, fd count) and drops the
 * connection on anything malformed: the client is the server, but the
 * worker is the side that is confined and must not trust its peer's
 * framing either.
 */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>

#include "sandbox-internal.h"

#define WMAGIC_REQ 0x4c535271u /* "LSRq" */
#define WMAGIC_REP 0x4c535270u
#define WREQ_MAX (256 * 1024) /* argv + cwd bytes */
#define WARGC_MAX 32768
#define WCLIENT_GRACE_MS 5000 /* client waits this long past the timeout */

struct wreq {
	uint32_t magic;
	uint32_t timeout_ms; /* 0: none */
	uint32_t argc;
	uint32_t len;
};

struct wrep {
	uint32_t magic;
	int32_t status;    /* wait status */
	uint32_t timed_out;
	int32_t error;     /* -errno when the command could not start */
};

/* ---- worker side (inside the sandbox) --------------------------------- */

static int
pidfd_open_(pid_t pid)
{
	return (int)syscall(SYS_pidfd_open, pid, 0);
}

static long long
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int
run_one(int sock, const struct wreq *h, char *payload, const int fds[3], struct wrep *rep)
{
	char **argv = calloc(h->argc + 1, sizeof(char *));
	if (!argv)
		return -ENOMEM;
	char *cwd = payload;
	char *s = payload + strlen(payload) + 1;
	for (uint32_t i = 0; i < h->argc; i++) {
		argv[i] = s;
		s += strlen(s) + 1;
	}

	pid_t pid = fork(); /* this process is single-threaded and execs at once */
	if (pid < 0) {
		int r = -errno;
		free(argv);
		return r;
	}
	if (pid == 0) {
		setpgid(0, 0);
		for (int i = 0; i < 3; i++)
			if (dup2(fds[i], i) < 0)
				_exit(126);
		syscall(SYS_close_range, 3U, ~0U, 0);
		if (cwd[0] && chdir(cwd) < 0) {
			dprintf(2, "lite-sandbox: cannot enter %s: %s\n", cwd, strerror(errno));
			_exit(126);
		}
		signal(SIGPIPE, SIG_DFL);
		execvp(argv[0], argv);
		int e = errno;
		dprintf(2, "lite-sandbox: %s: %s\n", argv[0], strerror(e));
		_exit(e == ENOENT ? 127 : 126);
	}
	free(argv);
	setpgid(pid, pid); /* also here, so the group exists before any kill */

	int pfd = pidfd_open_(pid);
	long long deadline = h->timeout_ms ? now_ms() + h->timeout_ms : 0;
	bool killed = false;
	for (;;) {
		int wait_ms = -1;
		if (deadline) {
			long long left = deadline - now_ms();
			wait_ms = left > 0 ? (int)(left > 1000000 ? 1000000 : left) : 0;
		}
		struct pollfd p[2] = { { .fd = pfd, .events = POLLIN },
				       { .fd = sock, .events = POLLRDHUP } };
		int k = pfd >= 0 ? poll(p, 2, wait_ms) : 0;
		if (k < 0 && errno == EINTR)
			continue;
		if (pfd >= 0 && k > 0 && (p[0].revents & POLLIN))
			break;
		if (k > 0 && (p[1].revents & (POLLHUP | POLLRDHUP | POLLERR))) {
			/* the client is gone: cancel */
			kill(-pid, SIGKILL);
			break;
		}
		if (pfd < 0 || (deadline && now_ms() >= deadline)) {
			if (pfd < 0 && !deadline)
				break; /* no pidfd: plain wait below */
			kill(-pid, SIGKILL);
			killed = true;
			break;
		}
	}
	if (pfd >= 0)
		close(pfd);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	rep->status = status;
	rep->timed_out = killed;
	return 0;
}

int
sandbox_worker_serve(int sock)
{
	char *payload = malloc(WREQ_MAX + 1);
	if (!payload)
		return -ENOMEM;
	signal(SIGPIPE, SIG_IGN);
	for (;;) {
		struct wreq h;
		struct iovec iov[2] = { { &h, sizeof(h) }, { payload, WREQ_MAX } };
		union {
			char buf[CMSG_SPACE(3 * sizeof(int))];
			struct cmsghdr align;
		} cm;
		struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2, .msg_control = cm.buf,
				      .msg_controllen = sizeof(cm.buf) };
		ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break; /* closed: the server is done with us */
		int fds[3] = { -1, -1, -1 };
		size_t nfds = 0;
		for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
			if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
				continue;
			size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			int tmp[8];
			memcpy(tmp, CMSG_DATA(c), (k > 8 ? 8 : k) * sizeof(int));
			for (size_t i = 0; i < k && i < 8; i++) {
				if (nfds < 3)
					fds[nfds++] = tmp[i];
				else
					close(tmp[i]);
			}
		}
		bool ok = (size_t)n >= sizeof(h) && !(msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) &&
			  h.magic == WMAGIC_REQ && h.len == (size_t)n - sizeof(h) && h.len > 0 &&
			  h.argc >= 1 && h.argc <= WARGC_MAX && nfds == 3;
		if (ok) {
			/* exactly argc + 1 NUL-terminated strings */
			uint32_t nul = 0;
			for (uint32_t i = 0; i < h.len; i++)
				nul += payload[i] == '\0';
			ok = nul == h.argc + 1 && payload[h.len - 1] == '\0' &&
			     payload[strlen(payload) + 1] != '\0';
		}
		if (!ok) {
			for (size_t i = 0; i < nfds; i++)
				close(fds[i]);
			break; /* malformed: end the session */
		}
		payload[h.len] = '\0';
		struct wrep rep = { .magic = WMAGIC_REP };
		int r = run_one(sock, &h, payload, fds, &rep);
		for (int i = 0; i < 3; i++)
			close(fds[i]);
		if (r < 0)
			rep.error = r;
		if (send(sock, &rep, sizeof(rep), MSG_NOSIGNAL) < 0)
			break;
	}
	free(payload);
	return 0;
}

/* ---- client side (the executor) --------------------------------------- */

struct sandbox_worker {
	const struct sandbox_policy *policy; /* borrowed: outlives the worker */
	struct sandbox_launch launch;
	int sock;
	pid_t pid; /* bwrap */
	unsigned generation;
};

static void
worker_stop(struct sandbox_worker *w)
{
	if (w->sock >= 0) {
		close(w->sock);
		w->sock = -1;
	}
	if (w->pid > 0) {
		kill(w->pid, SIGKILL);
		while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
			;
		w->pid = 0;
	}
}

static int
worker_spawn(struct sandbox_worker *w, struct sandbox_error *reterr)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	int r = sandbox_spawn_internal(w->policy, &w->launch, NULL, sv[1], &w->pid, reterr);
	close(sv[1]);
	if (r < 0) {
		close(sv[0]);
		return r;
	}
	w->sock = sv[0];
	w->generation++;
	return 0;
}

int
sandbox_worker_start(const struct sandbox_policy *p, const struct sandbox_launch *l,
		     struct sandbox_worker **ret, struct sandbox_error *reterr)
{
	struct sandbox_worker *w = calloc(1, sizeof(*w));
	if (!w)
		return -ENOMEM;
	w->policy = p;
	if (l)
		w->launch = *l;
	else
		w->launch = (struct sandbox_launch){ .fd_in = -1, .fd_out = -1, .fd_err = 2 };
	w->sock = -1;
	int r = worker_spawn(w, reterr);
	if (r < 0) {
		free(w);
		return r;
	}
	*ret = w;
	return 0;
}

static bool
worker_alive(struct sandbox_worker *w)
{
	if (w->pid <= 0 || w->sock < 0)
		return false;
	int status;
	pid_t k = waitpid(w->pid, &status, WNOHANG);
	if (k == w->pid) {
		w->pid = 0;
		return false;
	}
	struct pollfd p = { .fd = w->sock, .events = POLLRDHUP };
	if (poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLRDHUP | POLLERR)))
		return false;
	return true;
}

int
sandbox_worker_run(struct sandbox_worker *w, const char *cwd, char *const *argv, int fd_in,
		   int fd_out, int fd_err, unsigned timeout_ms, int *ret_status,
		   bool *ret_timed_out, struct sandbox_error *reterr)
{
	if (!argv || !argv[0]) {
		sandbox_error_set(reterr, "no command to run");
		return -EINVAL;
	}
	struct buf payload = BUF_INIT(WREQ_MAX);
	uint32_t argc = 0;
	int r = buf_append(&payload, cwd ? cwd : "", strlen(cwd ? cwd : "") + 1);
	for (; r >= 0 && argv[argc]; argc++)
		r = argc >= WARGC_MAX ? -E2BIG : buf_append(&payload, argv[argc], strlen(argv[argc]) + 1);
	if (r < 0) {
		buf_done(&payload);
		sandbox_error_set(reterr, "the command line is too long for the worker");
		return r == -EMSGSIZE ? -E2BIG : r;
	}

	if (!worker_alive(w)) {
		worker_stop(w);
		r = worker_spawn(w, reterr);
		if (r < 0) {
			buf_done(&payload);
			return r;
		}
	}

	_cleanup_close_ int devnull = -EBADF;
	if (fd_in < 0) {
		devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
		if (devnull < 0) {
			buf_done(&payload);
			return -errno;
		}
		fd_in = devnull;
	}
	int fds[3] = { fd_in, fd_out < 0 ? 1 : fd_out, fd_err < 0 ? 2 : fd_err };
	struct wreq h = { .magic = WMAGIC_REQ, .timeout_ms = timeout_ms, .argc = argc,
			  .len = (uint32_t)payload.len };
	struct iovec iov[2] = { { &h, sizeof(h) }, { payload.data, payload.len } };
	union {
		char buf[CMSG_SPACE(sizeof(fds))];
		struct cmsghdr align;
	} cm;
	memset(&cm, 0, sizeof(cm));
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2, .msg_control = cm.buf,
			      .msg_controllen = sizeof(cm.buf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(c), fds, sizeof(fds));

	ssize_t n;
	do
		n = sendmsg(w->sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	buf_done(&payload);
	if (n < 0) {
		r = -errno;
		worker_stop(w);
		sandbox_error_set(reterr, "the sandbox worker is gone: %s", strerror(-r));
		return -ECHILD;
	}

	/* The worker enforces the timeout; we wait a grace period more and
	 * then treat it as hung. */
	int wait_ms = timeout_ms ? (int)(timeout_ms + WCLIENT_GRACE_MS) : -1;
	struct wrep rep;
	for (;;) {
		struct pollfd p = { .fd = w->sock, .events = POLLIN };
		int k = poll(&p, 1, wait_ms);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			worker_stop(w);
			sandbox_error_set(reterr, "the sandbox worker did not answer in time");
			return -ETIMEDOUT;
		}
		n = recv(w->sock, &rep, sizeof(rep), 0);
		if (n < 0 && errno == EINTR)
			continue;
		break;
	}
	if (n != (ssize_t)sizeof(rep) || rep.magic != WMAGIC_REP) {
		worker_stop(w);
		sandbox_error_set(reterr, "the sandbox worker died while running %s", argv[0]);
		return -ECHILD;
	}
	if (rep.error < 0) {
		sandbox_error_set(reterr, "the sandbox worker could not start %s: %s", argv[0],
				  strerror(-rep.error));
		return rep.error;
	}
	*ret_status = rep.status;
	if (ret_timed_out)
		*ret_timed_out = rep.timed_out != 0;
	return 0;
}

unsigned
sandbox_worker_generation(const struct sandbox_worker *w)
{
	return w->generation;
}

pid_t
sandbox_worker_pid(const struct sandbox_worker *w)
{
	return w->pid;
}

struct sandbox_worker *
sandbox_worker_free(struct sandbox_worker *w)
{
	if (!w)
		return NULL;
	worker_stop(w);
	free(w);
	return NULL;
}
