/* SPDX-License-Identifier: MIT */
/*
 * The long-lived worker: one sandbox that runs many commands.
 *
 * Wire format over a SOCK_SEQPACKET socketpair (one request, one answer per
 * message, so no framing of our own):
 *   request: struct wreq, then cwd NUL argv[0] NUL ... argv[argc-1] NUL,
 *            with three fds (stdin, stdout, stderr) as SCM_RIGHTS;
 *   ready:   struct wrep with magic WMAGIC_READY, sent once by the worker
 *            when it is confined and serving;
 *   answer:  struct wrep;
 *   channel: struct wreq with magic WMAGIC_CHAN, no payload, one fd: one
 *            end of a new socketpair, served alongside the others;
 *   script:  struct wreq with magic WMAGIC_SCRIPT, then cwd NUL source NUL
 *            flags NUL (argc 2; flags in decimal, SANDBOX_SCRIPT_*), with
 *            three fds: a command line the worker runs with
 *            the loader's interpreter (struct sandbox_worker_ops) in a
 *            forked child, answered like a request;
 *   policy:  struct wreq with magic WMAGIC_POLICY, then argc NUL-terminated
 *            words, with zero or one fd (a file to read): what the loader
 *            needs to run scripts. Only on the control channel, only once,
 *            sent by the client right after the ready message.
 * The worker checks every field (sizes, NULs, fd count) and drops the
 * connection on anything malformed: the client is the server, but the
 * worker is the side that is confined and must not trust its peer's
 * framing either.
 */
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>

#include "sandbox-internal.h"

#define WMAGIC_REQ 0x4c535271u /* "LSRq" */
#define WMAGIC_REP 0x4c535270u
#define WMAGIC_CHAN 0x4c534368u /* "LSCh": open a channel (one fd) */
#define WMAGIC_READY 0x4c535259u /* "LSRY": the worker is confined and serving */
#define WMAGIC_SCRIPT 0x4c535363u /* "LSSc": run a command line in-process */
#define WMAGIC_POLICY 0x4c53506fu /* "LSPo": what the loader needs */
#define WPOLICY_WORDS 64
#define WCHAN_MAX 64 /* concurrent channels per worker */
#define WREQ_MAX (256 * 1024) /* argv + cwd bytes */
#define WARGC_MAX 32768
#define WCLIENT_GRACE_MS 5000 /* client waits this long past the timeout */
#define WSTART_TIMEOUT_MS 30000 /* for bwrap to set the sandbox up */
#define WSPARE_DELAY_MS 5 /* a command running this long gets a spare forked */
#define WSTATUS_FD 255 /* the interpreter's status socket in a child (bash keeps its script there) */

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

/*
 * One event loop serves every channel: an idle channel is polled for its
 * next request, a busy one for its command's exit (pidfd), its deadline and
 * its client hanging up. So a command that never ends, or whose output
 * nobody reads, holds up only its own channel.
 */
struct wchan {
	int sock;
	pid_t pid;       /* running command, 0 when idle */
	int pidfd;
	long long deadline; /* 0: none */
	bool timed_out;
	bool cancelled;  /* the client hung up: close once the group is gone */
	/*
	 * The child's status socket (script requests): the interpreter sends
	 * its exit status there once its output is flushed, just before it
	 * exits, and the answer goes out then; its exit is reaped after,
	 * off the command's time. -1: none (programs), or already read.
	 */
	int stfd;
	bool replied;    /* answered from stfd; the exit is still to reap */
};

/*
 * A child forked ahead of the next script request: the fork (about 0.1 ms
 * here) and the first touch of the memory a run uses happen while nothing
 * waits, and a request only pays for handing its line and stdio over.
 */
struct wspare {
	pid_t pid;     /* 0: none */
	int pidfd;
	int sock;      /* the worker's end of the spare's socketpair */
	unsigned gen;  /* wstate.gen when it was forked */
};

/* The worker's own state beside its channels. */
struct wstate {
	const struct sandbox_worker_ops *ops; /* NULL: scripts are refused */
	bool have_policy;  /* a policy message came (loaded or not) */
	bool loaded;       /* ... and the loader accepted it */
	char why[512];     /* why scripts are refused */
	char *payload;     /* the request buffer (WREQ_MAX + 1) */
	/* bumped whenever prepare builds something: a spare forked before
	 * lacks it, and a fresh fork serves the request instead */
	unsigned gen;
	char last_cwd[PATH_MAX]; /* the spare's warm-up runs there */
	struct wspare spare;
};

static size_t take_fds(struct msghdr *msg, int *fds, size_t max);

#define RECV_FDS_MAX 4 /* one more than any request has: a surplus is malformed */

/*
 * Receive one request into *h and payload (WREQ_MAX bytes), its
 * descriptors into fds (the rest -1). The kind
 * (sandbox_worker_check_request; 0: malformed or truncated) in *ret_kind.
 * Returns the bytes received: 0 at the end, -errno (-EAGAIN with
 * MSG_DONTWAIT and nothing there); fds are taken only when positive.
 */
static ssize_t
recv_request(int sock, struct wreq *h, char *payload, int flags, int fds[RECV_FDS_MAX],
	     size_t *ret_nfds, int *ret_kind)
{
	struct iovec iov[2] = { { h, sizeof(*h) }, { payload, WREQ_MAX } };
	union {
		char buf[CMSG_SPACE(RECV_FDS_MAX * sizeof(int))];
		struct cmsghdr align;
	} cm;
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2, .msg_control = cm.buf,
			      .msg_controllen = sizeof(cm.buf) };
	ssize_t n;
	do
		n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC | flags);
	while (n < 0 && errno == EINTR);
	for (size_t i = 0; i < RECV_FDS_MAX; i++)
		fds[i] = -1;
	*ret_nfds = 0;
	*ret_kind = 0;
	if (n <= 0)
		return n < 0 ? -errno : 0;
	*ret_nfds = take_fds(&msg, fds, RECV_FDS_MAX);
	if (!(msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)))
		*ret_kind = sandbox_worker_check_request(h, payload, (size_t)n, *ret_nfds);
	return n;
}

#define SEND_FDS_MAX 3
/*
 * One message of iov with n_fds descriptors (0 to SEND_FDS_MAX) as
 * SCM_RIGHTS, retried on EINTR. The bytes sent, or -errno.
 */
static ssize_t
send_with_fds(int sock, struct iovec *iov, size_t n_iov, const int *fds, size_t n_fds, int flags)
{
	union {
		char buf[CMSG_SPACE(SEND_FDS_MAX * sizeof(int))];
		struct cmsghdr align;
	} cm;
	memset(&cm, 0, sizeof(cm));
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = n_iov };
	if (n_fds > SEND_FDS_MAX)
		return -EINVAL;
	if (n_fds) {
		msg.msg_control = cm.buf;
		msg.msg_controllen = CMSG_SPACE(n_fds * sizeof(int));
		struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(n_fds * sizeof(int));
		memcpy(CMSG_DATA(c), fds, n_fds * sizeof(int));
	}
	ssize_t n;
	do
		n = sendmsg(sock, &msg, flags | MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n;
}

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

/*
 * In the child of a script request: the interpreter runs here, in this
 * process, confined as the worker is; what it starts are its children.
 */
static _Noreturn void
run_script_child(const struct wstate *ws, const char *cwd, const char *src, unsigned flags,
		 int status_fd)
{
	if (!ws->ops || !ws->ops->run) {
		dprintf(2, "lite-sandbox: refused: this worker cannot run command lines "
			"(it was started without an interpreter)\n");
		_exit(126);
	}
	if (!ws->loaded) {
		dprintf(2, "lite-sandbox: refused: the sandbox worker has no policy: %s\n", ws->why);
		_exit(126);
	}
	int st = ws->ops->run(ws->ops->ctx, cwd, src, strlen(src), flags);
	fflush(NULL);
	int32_t code = st & 0xff;
	if (status_fd >= 0)
		(void)send(status_fd, &code, sizeof(code), MSG_NOSIGNAL);
	_exit(code);
}

/*
 * In a child: the request's stdio, nothing else of the worker's but the
 * status socket *keep (when >= 0), its directory. Returns only on success.
 *
 * The status socket moves to WSTATUS_FD, the same number in every child,
 * close-on-exec, above the interpreter's own fds: a line that redirects onto
 * it (exec 255>file) replaces it, and then the status goes nowhere (send()
 * on a file fails) and the exit answers instead; *keep is -1 when there is
 * none.
 */
static void
child_enter(const int fds[3], const char *cwd, int *keep)
{
	if (*keep >= 0 && *keep < 3 && (*keep = fcntl(*keep, F_DUPFD_CLOEXEC, 3)) < 0)
		_exit(126);
	for (int i = 0; i < 3; i++)
		if (dup2(fds[i], i) < 0)
			_exit(126);
	if (*keep >= 0 && *keep != WSTATUS_FD)
		*keep = dup3(*keep, WSTATUS_FD, O_CLOEXEC) < 0 ? -1 : WSTATUS_FD;
	if (*keep >= 0) {
		syscall(SYS_close_range, 3U, (unsigned)WSTATUS_FD - 1, 0);
		syscall(SYS_close_range, (unsigned)WSTATUS_FD + 1, ~0U, 0);
	} else {
		syscall(SYS_close_range, 3U, ~0U, 0);
	}
	if (cwd[0] && chdir(cwd) < 0) {
		dprintf(2, "lite-sandbox: cannot enter %s: %s\n", cwd, strerror(errno));
		_exit(126);
	}
	signal(SIGPIPE, SIG_DFL);
}

/*
 * The spare child: warm up, then wait for one script request from the
 * worker, in the format of the channels' (the directory already resolved),
 * and run it as a freshly forked child would.
 */
static _Noreturn void
spare_main(const struct wstate *ws, int sock)
{
	if (sock < 3) {
		/* below stdio's fds, the dup2s below would take it */
		int moved = fcntl(sock, F_DUPFD_CLOEXEC, 3);
		if (moved < 0)
			_exit(126);
		sock = moved;
	}
	/* none of the worker's fds but this one: a copy of a channel's
	 * socket here would keep it open after the worker closed it */
	if (sock > 3)
		syscall(SYS_close_range, 3U, (unsigned)sock - 1, 0);
	syscall(SYS_close_range, (unsigned)sock + 1, ~0U, 0);

	/* An empty line in the last directory touches (copies on write) the
	 * pages a run touches. Its output, if any, goes nowhere. */
	int nul = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (nul >= 0 && ws->last_cwd[0]) {
		int io[3] = { nul, nul, nul };
		for (int i = 0; i < 3; i++)
			if (dup2(io[i], i) < 0)
				_exit(126);
		(void)ws->ops->run(ws->ops->ctx, ws->last_cwd, "", 0, 0);
		fflush(NULL);
	}
	if (nul >= 0)
		close(nul);

	struct wreq h;
	int fds[RECV_FDS_MAX], kind;
	size_t nfds;
	if (recv_request(sock, &h, ws->payload, 0, fds, &nfds, &kind) <= 0)
		_exit(0); /* the worker dropped this spare */
	if (kind != WORKER_REQ_SCRIPT)
		_exit(126);
	ws->payload[h.len] = '\0';
	const char *cwd = ws->payload;
	const char *src = cwd + strlen(cwd) + 1;
	const char *flags = src + strlen(src) + 1;
	child_enter(fds, cwd, &sock);
	run_script_child(ws, cwd, src, (unsigned)strtoul(flags, NULL, 10), sock);
}

/* Kill and reap the spare (stale, or its socket failed). */
static void
spare_drop(struct wstate *ws)
{
	if (!ws->spare.pid)
		return;
	kill(ws->spare.pid, SIGKILL);
	while (waitpid(ws->spare.pid, NULL, 0) < 0 && errno == EINTR)
		;
	close(ws->spare.pidfd);
	close(ws->spare.sock);
	ws->spare = (struct wspare){ .pid = 0, .pidfd = -1, .sock = -1 };
}

/* Fork a spare when there is none and scripts can run. Best effort: a
 * request without a spare forks, as it always could. */
static void
spare_fork(struct wstate *ws)
{
	if (ws->spare.pid || !ws->loaded || !ws->ops || !ws->ops->run)
		return;
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return;
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		close(sv[0]);
		spare_main(ws, sv[1]);
	}
	close(sv[1]);
	if (pid < 0) {
		close(sv[0]);
		return;
	}
	setpgid(pid, pid);
	int pidfd = pidfd_open_(pid);
	if (pidfd < 0) {
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		close(sv[0]);
		return;
	}
	ws->spare = (struct wspare){ .pid = pid, .pidfd = pidfd, .sock = sv[0], .gen = ws->gen };
}

/*
 * Hand a script request to the spare: the resolved directory, then the
 * request's line and flags as they came, and its stdio. 0 when the spare
 * took it (it is the command's process now), else a negative errno.
 */
static int
spare_take(struct wstate *ws, const struct wreq *h, const char *payload, const char *cwd,
	   const int fds[3])
{
	size_t old_cwd = strlen(payload) + 1, new_cwd = strlen(cwd) + 1;
	size_t rest = h->len - old_cwd;
	if (new_cwd + rest > WREQ_MAX)
		return -E2BIG;
	struct wreq h2 = *h;
	h2.len = (uint32_t)(new_cwd + rest);
	struct iovec iov[3] = { { &h2, sizeof(h2) }, { (void *)cwd, new_cwd },
				{ (void *)(payload + old_cwd), rest } };
	ssize_t n = send_with_fds(ws->spare.sock, iov, 3, fds, 3, MSG_DONTWAIT);
	if (n < 0)
		return (int)n;
	return (size_t)n == sizeof(h2) + h2.len ? 0 : -EIO;
}

static int
start_command(struct wchan *c, struct wstate *ws, const struct wreq *h, char *payload,
	      const int fds[3])
{
	bool script = h->magic == WMAGIC_SCRIPT;
	char **argv = calloc(h->argc + 1, sizeof(char *));
	if (!argv)
		return -ENOMEM;
	char *cwd = payload;
	char *s = payload + strlen(payload) + 1;
	for (uint32_t i = 0; i < h->argc; i++) {
		argv[i] = s;
		s += strlen(s) + 1;
	}
	/* The interpreter's policy is keyed by the resolved directory; find
	 * (or build) it here, so that the child of every later request in
	 * this directory finds it ready. A directory that does not resolve
	 * is the child's to report. */
	char real[PATH_MAX];
	if (script && cwd[0] && realpath(cwd, real)) {
		cwd = real;
		if (ws->loaded && ws->ops->prepare && ws->ops->prepare(ws->ops->ctx, cwd) > 0)
			ws->gen++;
		if (ws->loaded)
			snprintf(ws->last_cwd, sizeof(ws->last_cwd), "%s", cwd);
	}
	if (script && ws->spare.pid) {
		/* a spare forked before prepare built this directory's policy
		 * would build it again in the command's time: fork afresh */
		if (ws->spare.gen == ws->gen && cwd == real &&
		    spare_take(ws, h, payload, cwd, fds) == 0) {
			free(argv);
			c->pid = ws->spare.pid;
			c->pidfd = ws->spare.pidfd;
			c->stfd = ws->spare.sock; /* its status comes back there */
			c->replied = false;
			ws->spare = (struct wspare){ .pid = 0, .pidfd = -1, .sock = -1 };
			c->deadline = h->timeout_ms ? now_ms() + h->timeout_ms : 0;
			c->timed_out = false;
			c->cancelled = false;
			return 0;
		}
		spare_drop(ws);
	}

	/* the interpreter's status socket (a child without one is answered
	 * when it exits) */
	int sv[2] = { -1, -1 };
	if (script && socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		sv[0] = sv[1] = -1;
	/* this process is single-threaded: the child either execs at once
	 * or runs the interpreter (no locks held anywhere) and exits */
	pid_t pid = fork();
	if (pid < 0) {
		int r = -errno;
		free(argv);
		if (sv[0] >= 0) {
			close(sv[0]);
			close(sv[1]);
		}
		return r;
	}
	if (pid == 0) {
		setpgid(0, 0);
		int keep = sv[1];
		child_enter(fds, cwd, &keep);
		if (script)
			run_script_child(ws, cwd, argv[0], (unsigned)strtoul(argv[1], NULL, 10), keep);
		execvp(argv[0], argv);
		int e = errno;
		dprintf(2, "lite-sandbox: %s: %s\n", argv[0], strerror(e));
		_exit(e == ENOENT ? 127 : 126);
	}
	free(argv);
	if (sv[1] >= 0)
		close(sv[1]);
	c->stfd = sv[0];
	c->replied = false;
	setpgid(pid, pid); /* also here, so the group exists before any kill */
	c->pidfd = pidfd_open_(pid);
	if (c->pidfd < 0) {
		/* without a pidfd we cannot wait for it among the others: fail
		 * closed rather than block every channel */
		int r = -errno;
		if (c->stfd >= 0)
			close(c->stfd);
		c->stfd = -1;
		kill(-pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return r;
	}
	c->pid = pid;
	c->deadline = h->timeout_ms ? now_ms() + h->timeout_ms : 0;
	c->timed_out = false;
	c->cancelled = false;
	return 0;
}

int
sandbox_worker_check_request(const void *hdr, const char *payload, size_t n, size_t nfds)
{
	struct wreq h;
	if (n < sizeof(h))
		return 0;
	memcpy(&h, hdr, sizeof(h));
	if (h.magic == WMAGIC_CHAN)
		return n == sizeof(h) && nfds == 1 ? WORKER_REQ_CHANNEL : 0;
	bool script = h.magic == WMAGIC_SCRIPT, policy = h.magic == WMAGIC_POLICY;
	if ((h.magic != WMAGIC_REQ && !script && !policy) || h.len != n - sizeof(h) ||
	    h.len == 0 || h.len > WREQ_MAX || h.argc < 1 || h.argc > WARGC_MAX)
		return 0;
	if (policy ? nfds > 1 || h.argc > WPOLICY_WORDS || h.timeout_ms != 0
		   : nfds != 3 || (script && h.argc != 2))
		return 0;
	/* exactly argc + 1 NUL-terminated strings (cwd, argv), argv[0] not
	 * empty; the count bounds every later strlen to the payload */
	uint32_t nul = 0;
	for (uint32_t i = 0; i < h.len; i++)
		nul += payload[i] == '\0';
	if (policy)
		return nul == h.argc && payload[h.len - 1] == '\0' ? WORKER_REQ_POLICY : 0;
	if (nul != h.argc + 1 || payload[h.len - 1] != '\0')
		return 0;
	if (script) {
		/* the directory is absolute (the interpreter's policy is
		 * built for it); an empty line is a valid one; the flags are
		 * 1-10 digits naming only known flags */
		if (payload[0] != '/')
			return 0;
		const char *src = payload + strlen(payload) + 1;
		const char *flags = src + strlen(src) + 1;
		size_t fl = strlen(flags);
		if (fl < 1 || fl > 10 || strspn(flags, "0123456789") != fl ||
		    (strtoull(flags, NULL, 10) & ~(unsigned long long)SANDBOX_SCRIPT_FLAGS))
			return 0;
		return WORKER_REQ_SCRIPT;
	}
	return payload[strlen(payload) + 1] != '\0' ? WORKER_REQ_COMMAND : 0;
}

/* Collect fds from SCM_RIGHTS: at most max kept, the rest closed. */
static size_t
take_fds(struct msghdr *msg, int *fds, size_t max)
{
	size_t n = 0;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < k; i++) {
			int fd;
			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
			if (n < max)
				fds[n++] = fd;
			else
				close(fd);
		}
	}
	return n;
}

static void
close_fds(int *fds, size_t n)
{
	for (size_t i = 0; i < n; i++)
		close(fds[i]);
}

/* A policy message: hand the words and the file to the loader, once. */
static void
load_policy(struct wstate *ws, const char *payload, uint32_t n, int fd)
{
	ws->have_policy = true;
	if (!ws->ops || !ws->ops->load) {
		snprintf(ws->why, sizeof(ws->why), "this worker has no interpreter to load it into");
		return;
	}
	const char *words[WPOLICY_WORDS + 1];
	const char *s = payload;
	for (uint32_t i = 0; i < n; i++) {
		words[i] = s;
		s += strlen(s) + 1;
	}
	words[n] = NULL;
	ws->why[0] = '\0';
	int r = ws->ops->load(ws->ops->ctx, words, n, fd, ws->why, sizeof(ws->why));
	if (r < 0 && !ws->why[0])
		snprintf(ws->why, sizeof(ws->why), "loading it failed: %s", strerror(-r));
	ws->loaded = r >= 0;
}

/*
 * Read one request from an idle channel. Returns 1 to keep the channel, 0
 * to close it (end of file or a malformed request), and adds a channel to
 * *chans on a channel request.
 */
static int
serve_request(struct wchan *c, struct wstate *ws, char *payload, struct wchan *chans,
	      size_t *n_chans)
{
	struct wreq h;
	int fds[RECV_FDS_MAX], kind;
	size_t nfds;
	ssize_t n = recv_request(c->sock, &h, payload, MSG_DONTWAIT, fds, &nfds, &kind);
	if (n == -EAGAIN)
		return 1;
	if (n <= 0)
		return 0;
	if (kind == WORKER_REQ_CHANNEL) {
		if (*n_chans < WCHAN_MAX)
			chans[(*n_chans)++] = (struct wchan){ .sock = fds[0], .pidfd = -1, .stfd = -1 };
		else
			close(fds[0]); /* one too many: that channel sees its end */
		return 1;
	}
	if (kind == WORKER_REQ_POLICY) {
		/* the control channel's, once: anything else is malformed */
		int ok = c == &chans[0] && !ws->have_policy;
		if (ok)
			load_policy(ws, payload, h.argc, nfds ? fds[0] : -1);
		close_fds(fds, nfds);
		return ok;
	}
	if (kind != WORKER_REQ_COMMAND && kind != WORKER_REQ_SCRIPT) {
		close_fds(fds, nfds);
		return 0; /* malformed: end this channel */
	}
	payload[h.len] = '\0';
	int r = start_command(c, ws, &h, payload, fds);
	close_fds(fds, 3);
	if (r < 0) {
		struct wrep rep = { .magic = WMAGIC_REP, .error = r };
		return send(c->sock, &rep, sizeof(rep), MSG_NOSIGNAL) == sizeof(rep);
	}
	return 1;
}

/*
 * The interpreter of busy channel c sent its exit status: answer now, and
 * reap its exit later. Not when the command timed out or its client left
 * (the exit answers, or nobody). End of file (it exited without saying, or
 * exec'd a program): its exit answers.
 */
static void
early_status(struct wchan *c)
{
	int32_t code;
	ssize_t n = recv(c->stfd, &code, sizeof(code), MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n == (ssize_t)sizeof(code) && !c->timed_out && !c->cancelled) {
		/* a wait status of a normal exit with that code */
		struct wrep rep = { .magic = WMAGIC_REP, .status = (code & 0xff) << 8 };
		(void)send(c->sock, &rep, sizeof(rep), MSG_NOSIGNAL);
		c->replied = true;
	}
	close(c->stfd);
	c->stfd = -1;
}

/* The command of busy channel c has exited (or must be reaped now). */
static int
finish_command(struct wchan *c)
{
	int status = 0;
	while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
		;
	close(c->pidfd);
	c->pidfd = -1;
	c->pid = 0;
	if (c->stfd >= 0)
		close(c->stfd);
	c->stfd = -1;
	bool replied = c->replied;
	c->replied = false;
	if (c->cancelled)
		return 0;
	if (replied)
		return 1;
	struct wrep rep = { .magic = WMAGIC_REP, .status = status, .timed_out = c->timed_out };
	return send(c->sock, &rep, sizeof(rep), MSG_NOSIGNAL) == sizeof(rep);
}

int
sandbox_worker_serve(int sock)
{
	return sandbox_worker_serve_ops(sock, NULL);
}

int
sandbox_worker_serve_ops(int sock, const struct sandbox_worker_ops *ops)
{
	struct wstate ws = { .ops = ops, .spare = { .pid = 0, .pidfd = -1, .sock = -1 } };
	snprintf(ws.why, sizeof(ws.why), "none was sent to it");
	char *payload = malloc(WREQ_MAX + 1);
	ws.payload = payload;
	struct wchan *chans = calloc(WCHAN_MAX, sizeof(*chans));
	struct pollfd *pfds = calloc(3 * WCHAN_MAX, sizeof(*pfds));
	if (!payload || !chans || !pfds) {
		free(payload);
		free(chans);
		free(pfds);
		return -ENOMEM;
	}
	signal(SIGPIPE, SIG_IGN);
	struct wrep ready = { .magic = WMAGIC_READY };
	if (send(sock, &ready, sizeof(ready), MSG_NOSIGNAL) != sizeof(ready)) {
		free(payload);
		free(chans);
		free(pfds);
		return -errno;
	}
	size_t n_chans = 1;
	chans[0] = (struct wchan){ .sock = sock, .pidfd = -1, .stfd = -1 };

	/* Channel 0 is the control channel: when it closes, the server is
	 * done with this worker and everything still running is killed. */
	while (n_chans > 0 && chans[0].sock >= 0) {
		long long now = now_ms();
		int wait_ms = -1;
		size_t np = 0;
		bool busy = false;
		for (size_t i = 0; i < n_chans; i++) {
			struct wchan *c = &chans[i];
			if (!c->pid) {
				pfds[np++] = (struct pollfd){ .fd = c->sock, .events = POLLIN };
				continue;
			}
			busy = true;
			pfds[np++] = (struct pollfd){ .fd = c->cancelled ? -1 : c->sock,
						      .events = POLLRDHUP };
			pfds[np++] = (struct pollfd){ .fd = c->pidfd, .events = POLLIN };
			pfds[np++] = (struct pollfd){ .fd = c->replied ? -1 : c->stfd,
						      .events = POLLIN };
			if (c->deadline && !c->timed_out) {
				long long left = c->deadline - now;
				int ms = left > 0 ? (int)(left > 1000000 ? 1000000 : left) : 0;
				if (wait_ms < 0 || ms < wait_ms)
					wait_ms = ms;
			}
		}
		/* The spare is forked while idle, before waiting. Not while a
		 * command runs: that would delay noticing a quick command's
		 * end; one that runs on gets its spare after a short wait. */
		bool want_spare = !ws.spare.pid && ws.loaded;
		if (want_spare && !busy) {
			spare_fork(&ws);
			want_spare = false;
		}
		if (want_spare && (wait_ms < 0 || wait_ms > WSPARE_DELAY_MS))
			wait_ms = WSPARE_DELAY_MS;
		int k = poll(pfds, (nfds_t)np, wait_ms);
		if (k < 0 && errno != EINTR)
			break;
		if (want_spare && k == 0)
			spare_fork(&ws);
		now = now_ms();
		size_t pi = 0, n_before = n_chans;
		for (size_t i = 0; i < n_before; i++) {
			struct wchan *c = &chans[i];
			bool keep = true;
			if (!c->pid) {
				short ev = pfds[pi++].revents;
				if (k > 0 && ev)
					keep = serve_request(c, &ws, payload, chans, &n_chans) == 1;
			} else {
				short ev_sock = pfds[pi++].revents;
				short ev_pid = pfds[pi++].revents;
				short ev_st = pfds[pi++].revents;
				if (!c->cancelled && (ev_sock & (POLLHUP | POLLRDHUP | POLLERR))) {
					/* the client is gone: cancel, unless it was
					 * answered and only the exit is left (what the
					 * line left running in the background lives on,
					 * as it does after an exit reaped first) */
					if (!c->replied)
						kill(-c->pid, SIGKILL);
					c->cancelled = true;
				}
				if (c->deadline && !c->timed_out && !c->replied && now >= c->deadline) {
					kill(-c->pid, SIGKILL);
					c->timed_out = true;
				}
				if (ev_st && c->stfd >= 0 && !c->replied)
					early_status(c);
				if (ev_pid & POLLIN) {
					bool cancelled = c->cancelled;
					keep = finish_command(c) == 1 && !cancelled;
				}
			}
			if (!keep) {
				if (c->pid) {
					kill(-c->pid, SIGKILL);
					while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
						;
					close(c->pidfd);
					c->pid = 0;
					if (c->stfd >= 0)
						close(c->stfd);
					c->stfd = -1;
				}
				close(c->sock);
				c->sock = -1;
			}
		}
		/* drop closed channels (channel 0 keeps its slot) */
		size_t w = 1;
		for (size_t i = 1; i < n_chans; i++)
			if (chans[i].sock >= 0)
				chans[w++] = chans[i];
		n_chans = chans[0].sock >= 0 ? w : 0;
	}
	for (size_t i = 0; i < WCHAN_MAX; i++)
		if (chans[i].pid > 0)
			kill(-chans[i].pid, SIGKILL);
	spare_drop(&ws);
	free(payload);
	free(chans);
	free(pfds);
	return 0;
}

/* ---- client side (the executor) --------------------------------------- */

struct sandbox_worker {
	const struct sandbox_policy *policy; /* borrowed: outlives the worker;
					      * NULL: the helper unconfined */
	struct sandbox_launch launch;
	bool has_setup;
	struct sandbox_strv setup_words;     /* the policy message, resent */
	char *setup_file;                    /* at every (re)start */
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

/*
 * The policy message: the words, and the file opened here (so that the
 * worker reads it even where the file is hidden inside the sandbox, as the
 * config in a hidden home is). A missing file goes as no fd; the loader
 * decides what that means.
 */
static int
send_policy(struct sandbox_worker *w, struct sandbox_error *reterr)
{
	struct buf payload = BUF_INIT(WREQ_MAX);
	int r = 0;
	for (size_t i = 0; r >= 0 && i < w->setup_words.n; i++)
		r = buf_append(&payload, w->setup_words.v[i], strlen(w->setup_words.v[i]) + 1);
	if (r < 0) {
		buf_done(&payload);
		sandbox_error_set(reterr, "the worker's policy words are too long");
		return r;
	}
	_cleanup_close_ int fd = -EBADF;
	if (w->setup_file) {
		fd = open(w->setup_file, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
		if (fd < 0 && errno != ENOENT) {
			r = -errno;
			buf_done(&payload);
			sandbox_error_set(reterr, "cannot open %s for the worker: %s", w->setup_file,
					  strerror(-r));
			return r;
		}
	}
	struct wreq h = { .magic = WMAGIC_POLICY, .argc = (uint32_t)w->setup_words.n,
			  .len = (uint32_t)payload.len };
	struct iovec iov[2] = { { &h, sizeof(h) }, { payload.data, payload.len } };
	ssize_t n = send_with_fds(w->sock, iov, 2, &fd, fd >= 0 ? 1 : 0, 0);
	r = n < 0 ? (int)n : 0;
	buf_done(&payload);
	if (r < 0)
		sandbox_error_set(reterr, "the sandbox worker is gone: %s", strerror(-r));
	return r;
}

static int
worker_spawn(struct sandbox_worker *w, struct sandbox_error *reterr)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	/* The worker's own stdout never carries anything: keep it off the
	 * server's (an MCP server speaks on its stdout). */
	struct sandbox_launch l = w->launch;
	_cleanup_close_ int devnull = -EBADF;
	if (l.fd_out < 0) {
		devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
		l.fd_out = devnull;
	}
	int r = w->policy ? sandbox_spawn_internal(w->policy, &l, NULL, sv[1], -1, &w->pid, reterr)
			  : sandbox_spawn_unconfined_worker(&l, sv[1], &w->pid, reterr);
	close(sv[1]);
	if (r < 0) {
		close(sv[0]);
		return r;
	}
	/* The helper says it is ready once it is confined, so that a sandbox
	 * that cannot be built fails here and not as the first command. */
	struct wrep ready = { 0 };
	struct pollfd pfd = { .fd = sv[0], .events = POLLIN };
	int k;
	do
		k = poll(&pfd, 1, WSTART_TIMEOUT_MS);
	while (k < 0 && errno == EINTR);
	ssize_t n = k > 0 ? recv(sv[0], &ready, sizeof(ready), 0) : -1;
	if (n != (ssize_t)sizeof(ready) || ready.magic != WMAGIC_READY) {
		close(sv[0]);
		kill(w->pid, SIGKILL);
		while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
			;
		w->pid = 0;
		sandbox_error_set(reterr, "the worker's sandbox could not be set up (bubblewrap "
			"or lite-sandbox-init refused; the reason went to the worker's stderr)");
		return -EPROTO;
	}
	w->sock = sv[0];
	if (w->has_setup) {
		r = send_policy(w, reterr);
		if (r < 0) {
			worker_stop(w);
			return r;
		}
	}
	w->generation++;
	return 0;
}

static void
worker_done(struct sandbox_worker *w)
{
	sandbox_strv_done(&w->setup_words);
	free(w->setup_file);
	free(w);
}

int
sandbox_worker_start_ex(const struct sandbox_policy *p, const struct sandbox_launch *l,
			const struct sandbox_worker_setup *setup, struct sandbox_worker **ret,
			struct sandbox_error *reterr)
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
	int r = 0;
	if (setup) {
		w->has_setup = true;
		for (char *const *s = setup->words; r >= 0 && s && *s; s++)
			r = strv_push(&w->setup_words, *s, WPOLICY_WORDS);
		if (r >= 0 && setup->file && !(w->setup_file = strdup(setup->file)))
			r = -ENOMEM;
		if (r >= 0 && w->setup_words.n == 0)
			r = -EINVAL;
		if (r < 0)
			sandbox_error_set(reterr, "the worker's policy words are not usable: %s",
					  strerror(-r));
	}
	if (r >= 0)
		r = worker_spawn(w, reterr);
	if (r < 0) {
		worker_done(w);
		return r;
	}
	*ret = w;
	return 0;
}

int
sandbox_worker_start(const struct sandbox_policy *p, const struct sandbox_launch *l,
		     struct sandbox_worker **ret, struct sandbox_error *reterr)
{
	return sandbox_worker_start_ex(p, l, NULL, ret, reterr);
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

/* Send one request on sock and wait for its answer. -EPIPE/-ECONNRESET
 * when the peer is gone before the request left, -ECHILD after;
 * -ECANCELED when cancel_fd (>= 0) became readable first (the caller then
 * closes sock: the worker kills the command's group when its channel's
 * client hangs up). */
static int
conn_run(int sock, int cancel_fd, uint32_t magic, const char *cwd, char *const *argv, int fd_in,
	 int fd_out, int fd_err, unsigned timeout_ms, int *ret_status, bool *ret_timed_out,
	 struct sandbox_error *reterr)
{
	const char *what = magic == WMAGIC_SCRIPT ? "the command line" : argv[0];
	struct buf payload = BUF_INIT(WREQ_MAX);
	uint32_t argc = 0;
	int r = buf_append(&payload, cwd ? cwd : "", strlen(cwd ? cwd : "") + 1);
	for (; r >= 0 && argv[argc]; argc++)
		r = argc >= WARGC_MAX ? -E2BIG
				      : buf_append(&payload, argv[argc], strlen(argv[argc]) + 1);
	if (r < 0) {
		buf_done(&payload);
		sandbox_error_set(reterr, "the command line is too long for the worker");
		return r == -EMSGSIZE ? -E2BIG : r;
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
	struct wreq h = { .magic = magic, .timeout_ms = timeout_ms, .argc = argc,
			  .len = (uint32_t)payload.len };
	struct iovec iov[2] = { { &h, sizeof(h) }, { payload.data, payload.len } };
	ssize_t n = send_with_fds(sock, iov, 2, fds, 3, 0);
	buf_done(&payload);
	if (n < 0) {
		r = (int)n;
		sandbox_error_set(reterr, "the sandbox worker is gone: %s", strerror(-r));
		return r == -EPIPE || r == -ECONNRESET || r == -ENOTCONN ? -EPIPE : r;
	}

	/* The worker enforces the timeout; we wait a grace period more and
	 * then treat it as hung. */
	int wait_ms = timeout_ms ? (int)(timeout_ms + WCLIENT_GRACE_MS) : -1;
	struct wrep rep;
	for (;;) {
		struct pollfd p[2] = { { .fd = sock, .events = POLLIN },
				       { .fd = cancel_fd, .events = POLLIN } };
		int k = poll(p, cancel_fd >= 0 ? 2 : 1, wait_ms);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			sandbox_error_set(reterr, "the sandbox worker did not answer in time");
			return -ETIMEDOUT;
		}
		if (cancel_fd >= 0 && (p[1].revents & POLLIN) && !(p[0].revents & POLLIN)) {
			sandbox_error_set(reterr, "cancelled");
			return -ECANCELED;
		}
		n = recv(sock, &rep, sizeof(rep), 0);
		if (n < 0 && errno == EINTR)
			continue;
		break;
	}
	if (n != (ssize_t)sizeof(rep) || rep.magic != WMAGIC_REP) {
		sandbox_error_set(reterr, "the sandbox worker died while running %s", what);
		return -ECHILD;
	}
	if (rep.error < 0) {
		sandbox_error_set(reterr, "the sandbox worker could not start %s: %s", what,
				  strerror(-rep.error));
		return rep.error;
	}
	*ret_status = rep.status;
	if (ret_timed_out)
		*ret_timed_out = rep.timed_out != 0;
	return 0;
}

static int
worker_run(struct sandbox_worker *w, uint32_t magic, const char *cwd, char *const *argv,
	   int fd_in, int fd_out, int fd_err, unsigned timeout_ms, int *ret_status,
	   bool *ret_timed_out, struct sandbox_error *reterr)
{
	if (!worker_alive(w)) {
		worker_stop(w);
		int r = worker_spawn(w, reterr);
		if (r < 0)
			return r;
	}
	int r = conn_run(w->sock, -1, magic, cwd, argv, fd_in, fd_out, fd_err, timeout_ms,
			 ret_status, ret_timed_out, reterr);
	if (r == -EPIPE || r == -ECHILD || r == -ETIMEDOUT) {
		worker_stop(w); /* the next command starts a fresh one */
		if (r == -EPIPE)
			r = -ECHILD;
	}
	return r;
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
	return worker_run(w, WMAGIC_REQ, cwd, argv, fd_in, fd_out, fd_err, timeout_ms, ret_status,
			  ret_timed_out, reterr);
}

int
sandbox_worker_run_script(struct sandbox_worker *w, const char *cwd, const char *src,
			  unsigned flags, int fd_in, int fd_out, int fd_err, unsigned timeout_ms,
			  int *ret_status, bool *ret_timed_out, struct sandbox_error *reterr)
{
	char fl[16];
	snprintf(fl, sizeof(fl), "%u", flags & SANDBOX_SCRIPT_FLAGS);
	char *words[] = { (char *)(src ? src : ""), fl, NULL };
	return worker_run(w, WMAGIC_SCRIPT, cwd, words, fd_in, fd_out, fd_err, timeout_ms,
			  ret_status, ret_timed_out, reterr);
}

struct sandbox_channel {
	int sock;
	unsigned generation; /* of the worker it was opened on */
	int cancel_fd;       /* not ours; -1: none */
};

int
sandbox_worker_open_channel(struct sandbox_worker *w, struct sandbox_channel **ret,
			    struct sandbox_error *reterr)
{
	if (!worker_alive(w)) {
		worker_stop(w);
		int r = worker_spawn(w, reterr);
		if (r < 0)
			return r;
	}
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	struct wreq h = { .magic = WMAGIC_CHAN };
	struct iovec iov = { &h, sizeof(h) };
	ssize_t n = send_with_fds(w->sock, &iov, 1, &sv[1], 1, 0);
	close(sv[1]);
	if (n < 0) {
		close(sv[0]);
		worker_stop(w);
		sandbox_error_set(reterr, "the sandbox worker is gone: %s", strerror((int)-n));
		return -ECHILD;
	}
	struct sandbox_channel *ch = malloc(sizeof(*ch));
	if (!ch) {
		close(sv[0]);
		return -ENOMEM;
	}
	ch->sock = sv[0];
	ch->generation = w->generation;
	ch->cancel_fd = -1;
	*ret = ch;
	return 0;
}

static int
channel_run(struct sandbox_channel *ch, uint32_t magic, const char *cwd, char *const *argv,
	    int fd_in, int fd_out, int fd_err, unsigned timeout_ms, int *ret_status,
	    bool *ret_timed_out, struct sandbox_error *reterr)
{
	if (ch->sock < 0) {
		sandbox_error_set(reterr, "this channel's worker is gone; open a new channel");
		return -ECHILD;
	}
	int r = conn_run(ch->sock, ch->cancel_fd, magic, cwd, argv, fd_in, fd_out, fd_err,
			 timeout_ms, ret_status, ret_timed_out, reterr);
	/* cancelled: closing the channel is what tells the worker to kill the
	 * command's group (it sees its client hang up) */
	if (r == -EPIPE || r == -ECHILD || r == -ETIMEDOUT || r == -ECANCELED) {
		close(ch->sock);
		ch->sock = -1;
		if (r == -EPIPE) {
			sandbox_error_set(reterr, "this channel's worker is gone; open a new channel");
			r = -ECHILD;
		}
	}
	return r;
}

int
sandbox_channel_run(struct sandbox_channel *ch, const char *cwd, char *const *argv, int fd_in,
		    int fd_out, int fd_err, unsigned timeout_ms, int *ret_status,
		    bool *ret_timed_out, struct sandbox_error *reterr)
{
	if (!argv || !argv[0]) {
		sandbox_error_set(reterr, "no command to run");
		return -EINVAL;
	}
	return channel_run(ch, WMAGIC_REQ, cwd, argv, fd_in, fd_out, fd_err, timeout_ms, ret_status,
			   ret_timed_out, reterr);
}

int
sandbox_channel_run_script(struct sandbox_channel *ch, const char *cwd, const char *src,
			   unsigned flags, int fd_in, int fd_out, int fd_err, unsigned timeout_ms,
			   int *ret_status, bool *ret_timed_out, struct sandbox_error *reterr)
{
	char fl[16];
	snprintf(fl, sizeof(fl), "%u", flags & SANDBOX_SCRIPT_FLAGS);
	char *words[] = { (char *)(src ? src : ""), fl, NULL };
	return channel_run(ch, WMAGIC_SCRIPT, cwd, words, fd_in, fd_out, fd_err, timeout_ms,
			   ret_status, ret_timed_out, reterr);
}

/* executor (H2): cancellation that follows the client's connection. */
void
sandbox_channel_set_cancel_fd(struct sandbox_channel *ch, int fd)
{
	ch->cancel_fd = fd;
}

struct sandbox_channel *
sandbox_channel_free(struct sandbox_channel *ch)
{
	if (!ch)
		return NULL;
	if (ch->sock >= 0)
		close(ch->sock);
	free(ch);
	return NULL;
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
	worker_done(w);
	return NULL;
}
