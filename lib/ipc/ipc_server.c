/* SPDX-License-Identifier: MIT */
/*
 * The service side: nng's req/rep wire protocol (SP over a unix stream
 * socket, as nng's ipc:// transport speaks it) served by our own accept
 * loop, without nng. Each request is checked in this order before a handler
 * sees it: the peer's uid (SO_PEERCRED, at accept), the frame size, the
 * decode (into a per-request arena), the version and the message's
 * validator, the dispatch table with its flags (phase, session). Anything
 * that fails is answered with an Error and the service goes on: a malformed
 * peer must not be able to stop the service for the others.
 *
 * Why not nng's rep socket (which served until 2026-12): every connection
 * and every request went through about ten thread hand-offs inside nng
 * (poll thread, task threads, our context thread; perf sched timehist), a
 * fresh connection + handshake + one register cost ~164 us against ~41 us
 * on an open one, and every front-end command opens two. Here a connection
 * has one thread that does the handshake, reads a request, runs the
 * handler inline and writes the reply: no hand-off but the accepted
 * connection's, to an idle thread. The
 * wire stays nng's, so nng's req client (ipc_client.c) and the front ends'
 * own (services_client.c) both talk to it.
 *
 * Wire (nng's ipc transport and req0/rep0):
 *  - on connect each side sends 00 'S' 'P' 00 <proto hi> <proto lo> 00 00;
 *    we are rep0 (0x0031) and take only a req0 peer (0x0030);
 *  - a message is 1 byte type (1), an 8-byte big-endian length, the
 *    payload; a request's payload starts with its backtrace, 4-byte
 *    big-endian words of which the last (the request id) has the high bit
 *    set; the reply echoes the backtrace, then the body.
 *
 * Concurrency: each connection is served by one thread from start to end
 * (IPC_CONNS_MAX connections; beyond, a new one is closed at once); the
 * threads are kept for the next connection (struct pool_thread).
 * max_concurrent handlers run at once (a request waits for a slot once it
 * is read); requests of one connection are served in order. With serialize, session hooks and handlers run one at a time
 * under one lock, for services whose state has no locks of its own. The
 * thread that called ipc_server_run accepts, keeps the idle clock, and
 * watches the connections whose handler asked for a cancel fd.
 *
 * Cancellation follows the connection: the handler runs on the
 * connection's thread, so ipc_server_run's thread watches (EPOLLRDHUP, not
 * EPOLLIN: a pipelined request is no hang-up) the sockets of the calls that
 * asked for ipc_call_cancel_fd, and signals the call's eventfd when the
 * peer hangs up. An epoll set, so that a call joins and leaves the watch
 * without waking that thread (epoll_ctl acts on a wait in progress).
 */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>

#ifndef __APPLE__
#include <systemd/sd-daemon.h>
#endif

#include "ipc.h"

#define IPC_CONNS_MAX 256
#define IPC_TICK_MS 100
#define IPC_SEND_TIMEOUT_MS 5000
/* The peer's handshake, and the rest of a frame once its first byte came. */
#define IPC_RECV_TIMEOUT_MS 5000
/* nng's default for req/rep (NNG_OPT_MAXTTL): hops in a backtrace. */
#define SP_HOPS_MAX 8
#define SP_PROTO_REQ 0x0030
#define SP_PROTO_REP 0x0031
#define SP_MSG 1
#define RBUF_SIZE 16384
#define NO_DEADLINE UINT64_MAX

#ifndef POLLRDHUP
#define POLLRDHUP 0 /* POLLHUP still says it */
#endif

struct conn;

/*
 * The call in flight on a connection (at most one: requests of a
 * connection are served in order) and how it learns of its client's loss.
 * efd, cancelled and watch_id are under the server's watch_lock.
 */
struct ipc_inflight {
	struct ipc_server *server;
	struct conn *conn;
	int efd;          /* eventfd, made on demand; -1 until asked for */
	bool cancelled;
	uint64_t watch_id; /* in the server's epoll set under this id; 0: not */
};

struct conn {
	struct ipc_server *s;
	struct conn *next;         /* in s->conns */
	struct conn *next_queued;  /* in s->queue, until a thread takes it */
	int fd;
	uid_t uid;
	pid_t pid;
	bool cred_ok;              /* SO_PEERCRED answered */
	struct ipc_phase phase;    /* IPC_ONCE, IPC_PERMIT; its own thread only */
	struct ipc_inflight call;
	size_t rpos, rlen;         /* received, not yet consumed: rbuf[rpos..rlen) */
	uint8_t rbuf[RBUF_SIZE];
};

/*
 * A serving thread. Threads are kept until ipc_server_run returns, not
 * ended with their connection: a handler may start a process that dies
 * with the thread that started it (PR_SET_PDEATHSIG follows the thread:
 * the executor's sandbox worker and bubblewrap's --die-with-parent), and
 * taking an idle thread is cheaper than creating one.
 */
struct pool_thread {
	struct pool_thread *next;
	pthread_t th;
};

struct ipc_server {
	char *path;
	bool activated;
	bool owns_path;            /* we bound it: we remove it at exit */
	int listen_fd;
	int epfd;                  /* the listener (id 0) and the watched calls */
	size_t max_msg;
	size_t arena_limit;
	bool any_uid;
	uid_t uid;
	unsigned idle_ms;          /* 0: never idle */
	unsigned max_concurrent;
	bool serialize;

	/* lock: the table, the stats, the slots, the idle clock, the connections */
	pthread_mutex_t lock;
	pthread_cond_t slot_free;
	const struct ipc_dispatch *table;
	size_t n_table;
	void *userdata;
	ipc_session_fn session_fn;
	struct ipc_server_stats stats;
	unsigned busy;             /* requests between read and reply sent */
	uint64_t last_ms;          /* last activity */
	int fatal;                 /* first error of a connection thread */
	struct conn *conns;        /* live */
	unsigned n_conns;
	struct conn *queue, **queue_tail; /* accepted, waiting for a thread */
	pthread_cond_t work;       /* queue or stopping */
	unsigned idle_threads;     /* waiting on work */
	bool stopping;
	struct pool_thread *threads;

	pthread_mutex_t handler_lock; /* serialize */

	pthread_mutex_t watch_lock;
	struct ipc_inflight *watch[IPC_CONNS_MAX];
	size_t n_watch;
	uint64_t watch_seq;        /* ids of watched calls, never reused */
};

static uint64_t
monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void
notify(const char *state)
{
#ifndef __APPLE__
	(void)sd_notify(0, state);
#else
	(void)state;
#endif
}

/* Where an inherited socket is bound: its path, or an error (abstract, unnamed). */
static int
socket_bound_path(int fd, char **ret)
{
	struct sockaddr_un un;
	socklen_t len = sizeof(un);
	memset(&un, 0, sizeof(un));
	if (getsockname(fd, (struct sockaddr *)&un, &len) < 0)
		return -errno;
	if (un.sun_family != AF_UNIX)
		return -EAFNOSUPPORT;
	if (len <= offsetof(struct sockaddr_un, sun_path) || un.sun_path[0] != '/')
		return -EAFNOSUPPORT; /* abstract or unnamed: clients find it by path */
	size_t n = strnlen(un.sun_path, len - offsetof(struct sockaddr_un, sun_path));
	char *s = strndup(un.sun_path, n);
	if (!s)
		return -ENOMEM;
	*ret = s;
	return 0;
}

/*
 * A listening socket at path. A socket file already there is replaced only
 * when nothing answers on it (a dead instance's); a live one is
 * -EADDRINUSE.
 */
static int
bind_own_socket(const char *path)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	size_t n = strlen(path);
	if (n >= sizeof(un.sun_path))
		return -ENAMETOOLONG;
	memcpy(un.sun_path, path, n + 1);
	_cleanup_close_ int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&un, sizeof(un)) < 0) {
		if (errno != EADDRINUSE)
			return -errno;
		_cleanup_close_ int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (probe < 0)
			return -errno;
		if (connect(probe, (struct sockaddr *)&un, sizeof(un)) == 0)
			return -EADDRINUSE;
		if (errno != ECONNREFUSED)
			return -errno;
		if (unlink(path) < 0 && errno != ENOENT)
			return -errno;
		if (bind(fd, (struct sockaddr *)&un, sizeof(un)) < 0)
			return -errno;
	}
	if (listen(fd, SOMAXCONN) < 0)
		return -errno;
	return TAKE_FD(fd);
}

int
ipc_server_new(const struct ipc_server_options *o, struct ipc_server **ret)
{
	if (!o || !o->service || !ret)
		return -EINVAL;
	struct ipc_server *s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	pthread_mutex_init(&s->lock, NULL);
	pthread_mutex_init(&s->handler_lock, NULL);
	pthread_mutex_init(&s->watch_lock, NULL);
	pthread_cond_init(&s->slot_free, NULL);
	pthread_cond_init(&s->work, NULL);
	s->queue_tail = &s->queue;
	s->max_concurrent = o->max_concurrent ? o->max_concurrent : 1;
	if (s->max_concurrent > IPC_CONCURRENT_MAX)
		s->max_concurrent = IPC_CONCURRENT_MAX;
	s->serialize = o->serialize;
	s->listen_fd = -EBADF;
	s->max_msg = o->max_msg ? o->max_msg : IPC_MSG_MAX;
	s->arena_limit = o->arena_limit ? o->arena_limit : 4 * s->max_msg;
	s->any_uid = o->any_uid;
	s->uid = geteuid();
	s->idle_ms = o->idle_timeout_ms;
	s->epfd = epoll_create1(EPOLL_CLOEXEC);
	int r;
	if (s->epfd < 0) {
		r = -errno;
		goto fail;
	}

	r = ipc_listen_fd();
	if (r >= 0) {
		/* The manager's socket (launchd's too): accepted on as it is. */
		s->listen_fd = r;
		s->activated = true;
		r = socket_bound_path(s->listen_fd, &s->path);
		if (r < 0)
			goto fail;
	} else if (r == -EBADF) {
		char *dir = NULL;
		r = ipc_runtime_dir(o->runtime_dir, &dir);
		if (r >= 0)
			r = ipc_runtime_dir_prepare(dir);
		if (r >= 0)
			r = ipc_socket_path(dir, o->service, &s->path);
		free(dir);
		if (r < 0)
			goto fail;
		r = bind_own_socket(s->path);
		if (r < 0)
			goto fail;
		s->listen_fd = r;
		s->owns_path = true;
	} else {
		goto fail;
	}
	/*
	 * Non-blocking accept: another instance sharing the manager's socket
	 * may take the connection poll() announced, and a blocking accept
	 * would then stop the idle clock. (nng set the same flag on it.)
	 */
	int fl = fcntl(s->listen_fd, F_GETFL);
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 0 };
	if (fl < 0 || fcntl(s->listen_fd, F_SETFL, fl | O_NONBLOCK) < 0 ||
	    epoll_ctl(s->epfd, EPOLL_CTL_ADD, s->listen_fd, &ev) < 0) {
		r = -errno;
		goto fail;
	}
	notify("READY=1");
	*ret = s;
	return 0;
fail:
	ipc_server_free(s);
	return r;
}

struct ipc_server *
ipc_server_free(struct ipc_server *s)
{
	if (!s)
		return NULL;
	if (s->listen_fd >= 0)
		notify("STOPPING=1");
	/* Only a path we bound: the manager's stays for the next instance. */
	if (s->owns_path && s->path)
		(void)unlink(s->path);
	if (s->listen_fd >= 0)
		close(s->listen_fd);
	if (s->epfd >= 0)
		close(s->epfd);
	pthread_mutex_destroy(&s->lock);
	pthread_mutex_destroy(&s->handler_lock);
	pthread_mutex_destroy(&s->watch_lock);
	pthread_cond_destroy(&s->slot_free);
	pthread_cond_destroy(&s->work);
	free(s->path);
	free(s);
	return NULL;
}

void
ipc_server_set_dispatch(struct ipc_server *s, const struct ipc_dispatch *table,
			size_t n, void *userdata)
{
	pthread_mutex_lock(&s->lock);
	s->table = table;
	s->n_table = n;
	s->userdata = userdata;
	pthread_mutex_unlock(&s->lock);
}

void
ipc_server_set_session(struct ipc_server *s, ipc_session_fn fn)
{
	pthread_mutex_lock(&s->lock);
	s->session_fn = fn;
	pthread_mutex_unlock(&s->lock);
}

bool
ipc_server_activated(const struct ipc_server *s)
{
	return s->activated;
}

const char *
ipc_server_path(const struct ipc_server *s)
{
	return s->path;
}

void
ipc_server_get_stats(const struct ipc_server *s, struct ipc_server_stats *ret)
{
	struct ipc_server *m = (struct ipc_server *)s; /* the lock, not the state */
	pthread_mutex_lock(&m->lock);
	*ret = s->stats;
	pthread_mutex_unlock(&m->lock);
}

static void
count(struct ipc_server *s, uint64_t *counter)
{
	pthread_mutex_lock(&s->lock);
	(*counter)++;
	pthread_mutex_unlock(&s->lock);
}

/* ---- calls in flight ------------------------------------------------------ */

/* Whether the peer of fd hung up (or the socket failed). */
static bool
peer_gone(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLRDHUP };
	return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL));
}

/* watch_lock held */
static void
inflight_signal(struct ipc_inflight *f)
{
	f->cancelled = true;
	if (f->efd >= 0) {
		uint64_t one = 1;
		(void)!write(f->efd, &one, sizeof(one));
	}
}

/* watch_lock held */
static void
watch_drop(struct ipc_server *s, struct ipc_inflight *f)
{
	(void)epoll_ctl(s->epfd, EPOLL_CTL_DEL, f->conn->fd, NULL);
	for (size_t i = 0; i < s->n_watch; i++)
		if (s->watch[i] == f) {
			s->watch[i] = s->watch[--s->n_watch];
			break;
		}
	f->watch_id = 0;
}

int
ipc_call_cancel_fd(struct ipc_call *call)
{
	struct ipc_inflight *f = call ? call->inflight : NULL;
	if (!f)
		return -EBADF;
	struct ipc_server *s = f->server;
	int r = 0;
	pthread_mutex_lock(&s->watch_lock);
	if (f->efd < 0) {
		f->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		if (f->efd < 0) {
			r = -errno;
		} else if (f->cancelled || peer_gone(f->conn->fd)) {
			inflight_signal(f); /* it left before we asked */
		} else if (s->n_watch < IPC_CONNS_MAX) {
			struct epoll_event ev = { .events = EPOLLRDHUP, .data.u64 = ++s->watch_seq };
			if (epoll_ctl(s->epfd, EPOLL_CTL_ADD, f->conn->fd, &ev) == 0) {
				s->watch[s->n_watch++] = f;
				f->watch_id = ev.data.u64;
			}
		}
	}
	if (r >= 0)
		r = f->efd;
	pthread_mutex_unlock(&s->watch_lock);
	return r;
}

bool
ipc_call_cancelled(const struct ipc_call *call)
{
	struct ipc_inflight *f = call ? call->inflight : NULL;
	if (!f)
		return false;
	pthread_mutex_lock(&f->server->watch_lock);
	if (!f->cancelled && peer_gone(f->conn->fd))
		inflight_signal(f);
	bool c = f->cancelled;
	pthread_mutex_unlock(&f->server->watch_lock);
	return c;
}

int
ipc_call_permit(struct ipc_call *call, ipc_body type)
{
	struct ipc_inflight *f = call ? call->inflight : NULL;
	if (!f)
		return -EBADF;
	/* the phase is the connection thread's own, and so is this call */
	ipc_phase_permit(&f->conn->phase, type);
	return 0;
}

/* ---- one request ---------------------------------------------------------- */

/*
 * Decode, admit and run one request (body of len bytes) from c, building
 * the reply into reply (already initialised). Returns 0, or a negative
 * errno with *why, which the caller turns into an Error.
 */
static int
answer(struct conn *c, const uint8_t *body, size_t len, struct arena *a,
       ipc_envelope *reply, const char **why)
{
	struct ipc_server *s = c->s;
	ipc_envelope *req = NULL;
	int r = ipc_unpack(body, len, s->max_msg, a, &req, why);
	if (r < 0)
		return r;

	pthread_mutex_lock(&s->lock);
	const struct ipc_dispatch *table = s->table;
	size_t n_table = s->n_table;
	void *userdata = s->userdata;
	ipc_session_fn session_fn = s->session_fn;
	pthread_mutex_unlock(&s->lock);

	const struct ipc_dispatch *d = NULL;
	r = ipc_dispatch_admit(table, n_table, &c->phase, req, &d, why);
	if (r < 0)
		return r;

	struct ipc_inflight *f = &c->call;
	pthread_mutex_lock(&s->watch_lock);
	*f = (struct ipc_inflight){ .server = s, .conn = c, .efd = -1 };
	pthread_mutex_unlock(&s->watch_lock);
	struct ipc_call call = {
		.peer_uid = c->uid,
		.peer_pid = c->pid,
		.request = req,
		.reply = reply,
		.arena = a,
		.inflight = f,
	};
	if (s->serialize)
		pthread_mutex_lock(&s->handler_lock);
	r = ipc_dispatch_session(d, &call, session_fn, userdata, why);
	if (r >= 0) {
		r = d->handler(&call, userdata);
		if (r < 0)
			*why = call.error_message;
	}
	if (s->serialize)
		pthread_mutex_unlock(&s->handler_lock);
	pthread_mutex_lock(&s->watch_lock);
	if (f->watch_id)
		watch_drop(s, f);
	if (f->efd >= 0)
		close(f->efd);
	f->efd = -1;
	pthread_mutex_unlock(&s->watch_lock);
	if (r < 0)
		return r;
	/* Never send what the peer would refuse. */
	const char *bad = NULL;
	if (ipc_validate_envelope(reply, &bad) < 0) {
		*why = "the service built an invalid reply";
		return -EPROTO;
	}
	return 0;
}

/* ---- the connection's bytes ---------------------------------------------- */

/* Wait for fd to be ready for events until deadline: 0, -ETIMEDOUT, -errno. */
static int
wait_fd(int fd, short events, uint64_t deadline)
{
	for (;;) {
		int timeout = -1;
		if (deadline != NO_DEADLINE) {
			uint64_t now = monotonic_ms();
			if (now >= deadline)
				return -ETIMEDOUT;
			timeout = deadline - now > 1000000 ? 1000000 : (int)(deadline - now);
		}
		struct pollfd p = { .fd = fd, .events = events };
		int n = poll(&p, 1, timeout);
		if (n > 0)
			return 0; /* ready, or an error the next call reports */
		if (n < 0 && errno != EINTR)
			return -errno;
	}
}

/* Receive what is there, up to n bytes: > 0, -ECONNRESET at EOF, -errno. */
static int
recv_some(int fd, void *p, size_t n, uint64_t deadline)
{
	for (;;) {
		/* No deadline: block in recv itself, one call per wake-up. */
		ssize_t k = recv(fd, p, n, deadline == NO_DEADLINE ? 0 : MSG_DONTWAIT);
		if (k > 0)
			return (int)k;
		if (k == 0)
			return -ECONNRESET;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return -errno;
		int r = wait_fd(fd, POLLIN, deadline);
		if (r < 0)
			return r;
	}
}

/* Read n bytes into p (NULL: discard them). 0 or a negative errno. */
static int
conn_read(struct conn *c, void *p, size_t n, uint64_t deadline)
{
	uint8_t *d = p;
	while (n > 0) {
		if (c->rpos < c->rlen) {
			size_t k = c->rlen - c->rpos;
			if (k > n)
				k = n;
			if (d) {
				memcpy(d, c->rbuf + c->rpos, k);
				d += k;
			}
			c->rpos += k;
			n -= k;
			continue;
		}
		int k;
		if (d && n >= RBUF_SIZE) {
			/* a large body: straight into place */
			if ((k = recv_some(c->fd, d, n > INT32_MAX ? INT32_MAX : n, deadline)) < 0)
				return k;
			d += k;
			n -= (size_t)k;
			continue;
		}
		if ((k = recv_some(c->fd, c->rbuf, RBUF_SIZE, deadline)) < 0)
			return k;
		c->rpos = 0;
		c->rlen = (size_t)k;
	}
	return 0;
}

/* Send every byte of iov[0..n) before deadline (MSG_NOSIGNAL: no SIGPIPE). */
static int
send_all(int fd, struct iovec *iov, int n, uint64_t deadline)
{
	while (n > 0) {
		struct msghdr m = { .msg_iov = iov, .msg_iovlen = (size_t)n };
		ssize_t k = sendmsg(fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			if (errno != EAGAIN && errno != EWOULDBLOCK)
				return -errno;
			int r = wait_fd(fd, POLLOUT, deadline);
			if (r < 0)
				return r;
			continue;
		}
		size_t left = (size_t)k;
		while (n > 0 && left >= iov->iov_len) {
			left -= iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (uint8_t *)iov->iov_base + left;
			iov->iov_len -= left;
		}
	}
	return 0;
}

static uint64_t
get_be64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void
put_be64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* Wait for a free slot (max_concurrent) and count the request busy. */
static void
slot_take(struct ipc_server *s)
{
	pthread_mutex_lock(&s->lock);
	while (s->busy >= s->max_concurrent)
		pthread_cond_wait(&s->slot_free, &s->lock);
	s->busy++;
	s->last_ms = monotonic_ms();
	pthread_mutex_unlock(&s->lock);
}

static void
slot_give(struct ipc_server *s)
{
	pthread_mutex_lock(&s->lock);
	s->busy--;
	s->last_ms = monotonic_ms();
	pthread_cond_signal(&s->slot_free);
	pthread_mutex_unlock(&s->lock);
}

/*
 * Serve one request whose backtrace (bt, btl bytes) is read and whose body
 * (len bytes) follows: read or skip it, answer, reply. 1: go on with the
 * connection, 0: close it, < 0: stop the service (out of memory).
 */
static int
serve_request(struct conn *c, const uint8_t *bt, size_t btl, uint64_t len, uint64_t deadline)
{
	struct ipc_server *s = c->s;
	const char *why = NULL;
	int r = 0;
	_cleanup_free_ uint8_t *body = NULL;
	/*
	 * A foreign peer's or an oversized body is skipped, never held: the
	 * memory a peer can make us hold is max_msg per connection.
	 */
	if (!c->cred_ok || (!s->any_uid && c->uid != s->uid)) {
		why = c->cred_ok ? "peer uid is not the service's user"
				 : "peer credentials unavailable";
		count(s, &s->stats.foreign);
		r = -EPERM;
	} else if (len > s->max_msg) {
		why = "frame larger than the limit";
		r = -EMSGSIZE;
	} else if (!(body = malloc(len ? len : 1))) {
		return -ENOMEM;
	}
	int k = conn_read(c, body, len, deadline);
	if (k < 0)
		return 0;

	_cleanup_arena_ struct arena *a = arena_new(s->arena_limit);
	if (!a)
		return -ENOMEM;
	ipc_envelope reply;
	ipc_envelope_init(&reply);
	slot_take(s);
	if (r >= 0)
		r = answer(c, body, len, a, &reply, &why);
	if (r < 0)
		count(s, &s->stats.refused);

	_cleanup_free_ uint8_t *data = NULL;
	size_t dlen = 0;
	if (r >= 0) {
		r = ipc_pack(&reply, s->max_msg, &data, &dlen);
		if (r < 0) {
			why = "reply larger than the limit";
			count(s, &s->stats.refused);
		}
	}
	if (r < 0) {
		ipc_envelope_init(&reply);
		if (ipc_envelope_set_error(&reply, a, r, why) < 0 ||
		    ipc_pack(&reply, 0, &data, &dlen) < 0) {
			slot_give(s);
			return -ENOMEM;
		}
	}
	uint8_t head[9];
	head[0] = SP_MSG;
	put_be64(head + 1, (uint64_t)btl + dlen);
	struct iovec iov[3] = {
		{ head, sizeof(head) }, { (void *)bt, btl }, { data, dlen },
	};
	r = send_all(c->fd, iov, 3, monotonic_ms() + IPC_SEND_TIMEOUT_MS);
	if (r >= 0)
		count(s, &s->stats.served);
	slot_give(s);
	/* A peer that does not take its reply: its loss, not ours. */
	return r >= 0 ? 1 : 0;
}

/*
 * Read the next message and serve it. 1: go on, 0: close the connection
 * (the peer left, broke the protocol, or stalled mid-frame), < 0: fatal.
 */
static int
serve_frame(struct conn *c)
{
	struct ipc_server *s = c->s;
	uint8_t head[9];
	/* Between requests a connection may stay quiet as long as it likes. */
	if (conn_read(c, head, 1, NO_DEADLINE) < 0)
		return 0;
	uint64_t deadline = monotonic_ms() + IPC_RECV_TIMEOUT_MS;
	if (conn_read(c, head + 1, sizeof(head) - 1, deadline) < 0)
		return 0;
	if (head[0] != SP_MSG)
		return 0; /* as nng: a peer speaking garbage is dropped */
	uint64_t len = get_be64(head + 1);
	/*
	 * Refused before a byte of it is read. Up to twice the limit the
	 * body is skipped and answered -EMSGSIZE, so that a frame just over
	 * reaches an Error the peer understands; beyond, the connection goes.
	 */
	if (len > 2 * (uint64_t)s->max_msg + 4 * SP_HOPS_MAX)
		return 0;
	uint8_t bt[4 * SP_HOPS_MAX];
	size_t btl = 0;
	for (;;) {
		if (len - btl < 4)
			return 0; /* no request id: garbage */
		if (btl == sizeof(bt)) {
			/* too many hops: dropped unanswered, as nng's rep0 does */
			return conn_read(c, NULL, len - btl, deadline) < 0 ? 0 : 1;
		}
		if (conn_read(c, bt + btl, 4, deadline) < 0)
			return 0;
		btl += 4;
		if (bt[btl - 4] & 0x80)
			break;
	}
	return serve_request(c, bt, btl, len - btl, deadline);
}

/* The connection's life: handshake, then requests in order. */
static int
conn_serve(struct conn *c)
{
	static const uint8_t hello[8] = { 0, 'S', 'P', 0, SP_PROTO_REP >> 8, SP_PROTO_REP & 0xff, 0, 0 };
	uint64_t deadline = monotonic_ms() + IPC_RECV_TIMEOUT_MS;
	struct iovec iov = { (void *)hello, sizeof(hello) };
	if (send_all(c->fd, &iov, 1, deadline) < 0)
		return 0;
	uint8_t peer[8];
	if (conn_read(c, peer, sizeof(peer), deadline) < 0)
		return 0;
	if (peer[0] != 0 || peer[1] != 'S' || peer[2] != 'P' || peer[3] != 0 ||
	    peer[6] != 0 || peer[7] != 0 ||
	    ((unsigned)peer[4] << 8 | peer[5]) != SP_PROTO_REQ)
		return 0; /* not SP, or not a req peer */
	int r;
	while ((r = serve_frame(c)) > 0)
		;
	return r;
}

/* The end of a connection: the peer sees it now, and it leaves the set. */
static void
conn_end(struct conn *c, int r)
{
	struct ipc_server *s = c->s;
	(void)shutdown(c->fd, SHUT_RDWR);
	pthread_mutex_lock(&s->lock);
	if (r < 0 && !s->fatal)
		s->fatal = r;
	for (struct conn **pp = &s->conns; *pp; pp = &(*pp)->next)
		if (*pp == c) {
			*pp = c->next;
			break;
		}
	s->n_conns--;
	s->last_ms = monotonic_ms();
	pthread_mutex_unlock(&s->lock);
	close(c->fd);
	free(c);
}

/* A serving thread: connections from the queue, one after the other. */
static void *
pool_thread(void *arg)
{
	struct ipc_server *s = arg;
	pthread_mutex_lock(&s->lock);
	for (;;) {
		while (!s->queue && !s->stopping) {
			s->idle_threads++;
			pthread_cond_wait(&s->work, &s->lock);
			s->idle_threads--;
		}
		struct conn *c = s->queue;
		if (!c)
			break; /* stopping */
		s->queue = c->next_queued;
		if (!s->queue)
			s->queue_tail = &s->queue;
		pthread_mutex_unlock(&s->lock);
		conn_end(c, conn_serve(c));
		pthread_mutex_lock(&s->lock);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

/* ---- accepting, watching, idling ------------------------------------------ */

static void
peer_credentials(struct conn *c)
{
#ifdef SO_PEERCRED
	struct ucred uc;
	socklen_t len = sizeof(uc);
	if (getsockopt(c->fd, SOL_SOCKET, SO_PEERCRED, &uc, &len) == 0 && len == sizeof(uc)) {
		c->uid = uc.uid;
		c->pid = uc.pid;
		c->cred_ok = true;
	}
#else
	gid_t gid;
	if (getpeereid(c->fd, &c->uid, &gid) == 0)
		c->cred_ok = true;
#ifdef LOCAL_PEERPID
	socklen_t len = sizeof(c->pid);
	(void)getsockopt(c->fd, SOL_LOCAL, LOCAL_PEERPID, &c->pid, &len);
#endif
#ifdef SO_NOSIGPIPE
	int one = 1;
	(void)setsockopt(c->fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
#endif
}

/* Accept one connection and start its thread. 0, or a negative errno that stops run(). */
static int
accept_one(struct ipc_server *s)
{
#ifdef __APPLE__
	int fd = accept(s->listen_fd, NULL, NULL);
	if (fd >= 0)
		(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
#else
	int fd = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);
#endif
	if (fd < 0) {
		switch (errno) {
		case EAGAIN:
#if EWOULDBLOCK != EAGAIN
		case EWOULDBLOCK:
#endif
		case EINTR:
		case ECONNABORTED:
		case EPROTO:
			return 0;
		case EMFILE:
		case ENFILE:
		case ENOBUFS:
		case ENOMEM: {
			/* out of fds for now: the client waits in the backlog */
			struct timespec ts = { 0, 20 * 1000000L };
			nanosleep(&ts, NULL);
			return 0;
		}
		default:
			return -errno;
		}
	}
	pthread_mutex_lock(&s->lock);
	bool full = s->n_conns >= IPC_CONNS_MAX;
	pthread_mutex_unlock(&s->lock);
	struct conn *c = full ? NULL : malloc(sizeof(*c));
	if (!c) {
		close(fd); /* refused: the client sees the connection reset */
		return 0;
	}
	memset(c, 0, offsetof(struct conn, rbuf));
	c->s = s;
	c->fd = fd;
	c->call.efd = -1;
	peer_credentials(c);
	pthread_mutex_lock(&s->lock);
	bool spawn = s->idle_threads == 0 || s->queue;
	struct pool_thread *t = NULL;
	if (spawn && (t = calloc(1, sizeof(*t))) &&
	    pthread_create(&t->th, NULL, pool_thread, s) == 0) {
		t->next = s->threads;
		s->threads = t;
	} else if (spawn) {
		free(t);
		if (!s->threads) {
			/* no thread to serve it: refused */
			pthread_mutex_unlock(&s->lock);
			close(fd);
			free(c);
			return 0;
		}
	}
	c->next = s->conns;
	s->conns = c;
	s->n_conns++;
	*s->queue_tail = c;
	s->queue_tail = &c->next_queued;
	s->last_ms = monotonic_ms();
	pthread_cond_signal(&s->work);
	pthread_mutex_unlock(&s->lock);
	return 0;
}

/* The end of run(): every connection ended, every thread joined. */
static void
stop_threads(struct ipc_server *s)
{
	pthread_mutex_lock(&s->lock);
	s->stopping = true;
	for (struct conn *c = s->conns; c; c = c->next)
		(void)shutdown(c->fd, SHUT_RDWR); /* ends each at its next read */
	pthread_cond_broadcast(&s->work);
	struct pool_thread *t = s->threads;
	s->threads = NULL;
	pthread_mutex_unlock(&s->lock);
	while (t) {
		struct pool_thread *next = t->next;
		pthread_join(t->th, NULL);
		free(t);
		t = next;
	}
	/* queued and never taken (a thread could not be made) */
	pthread_mutex_lock(&s->lock);
	while (s->queue) {
		struct conn *c = s->queue;
		s->queue = c->next_queued;
		pthread_mutex_unlock(&s->lock);
		conn_end(c, 0);
		pthread_mutex_lock(&s->lock);
	}
	s->queue_tail = &s->queue;
	s->stopping = false;
	pthread_mutex_unlock(&s->lock);
}

int
ipc_server_run(struct ipc_server *s)
{
	pthread_mutex_lock(&s->lock);
	s->last_ms = monotonic_ms();
	s->fatal = 0;
	pthread_mutex_unlock(&s->lock);
	struct epoll_event evs[16];
	int r = 0;
	for (;;) {
		int n = epoll_wait(s->epfd, evs, (int)ARRAY_SIZE(evs), IPC_TICK_MS);
		if (n < 0 && errno != EINTR) {
			r = -errno;
			break;
		}
		bool incoming = false;
		for (int i = 0; i < n; i++) {
			if (evs[i].data.u64 == 0) {
				if (evs[i].events & (EPOLLERR | EPOLLHUP)) {
					r = -EBADF; /* the listener broke */
					break;
				}
				incoming = true;
				continue;
			}
			/*
			 * A watched peer hung up: cancel its call, if it is
			 * still watched (its handler may have ended meanwhile;
			 * ids are never reused).
			 */
			pthread_mutex_lock(&s->watch_lock);
			for (size_t j = 0; j < s->n_watch; j++)
				if (s->watch[j]->watch_id == evs[i].data.u64) {
					struct ipc_inflight *f = s->watch[j];
					inflight_signal(f);
					watch_drop(s, f);
					break;
				}
			pthread_mutex_unlock(&s->watch_lock);
		}
		if (r < 0)
			break;
		if (incoming && (r = accept_one(s)) < 0)
			break;

		/*
		 * Idle: nothing in flight, no connection, and nothing waiting in
		 * the backlog: when the front end started us, we hold the only
		 * copy of the listening socket, and what waits in it is reset
		 * when we exit.
		 */
		pthread_mutex_lock(&s->lock);
		r = s->fatal;
		bool idle = s->idle_ms && !s->busy && s->n_conns == 0 &&
			    monotonic_ms() - s->last_ms >= s->idle_ms;
		pthread_mutex_unlock(&s->lock);
		if (r < 0)
			break;
		if (idle) {
			struct pollfd l = { .fd = s->listen_fd, .events = POLLIN };
			if (poll(&l, 1, 0) == 0)
				break; /* exit: the manager restarts us on demand */
		}
	}
	stop_threads(s);
	return r;
}
