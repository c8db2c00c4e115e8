/* SPDX-License-Identifier: MIT */
/*
 * The service side: one rep socket, max_concurrent requests in flight, each
 * one checked in this order before a handler sees it: the peer's uid (from
 * the socket), the frame size, the decode (into a per-request arena), the
 * version and the message's validator, the dispatch table with its flags
 * (phase, session). Anything that fails is answered with an Error and the
 * service goes on: a malformed peer must not be able to stop the service
 * for the others.
 *
 * Concurrency: one thread per request in flight, each with its own nng
 * context (nng_ctx) and a blocking receive and send on it (an aio waited
 * for). Not aio callbacks: handlers block for as long as a command runs
 * (the executor) or a subprocess answers (the registrar's config requests),
 * and a callback runs on nng's small task pool, which a blocked handler
 * would take away from nng itself. A thread per context keeps handlers
 * plain blocking code; the main thread keeps the idle clock and the
 * listener watchdog. With serialize, session hooks and handlers run one at
 * a time under one lock, for services whose state has no locks of its own.
 *
 * Cancellation follows the connection: nng reports a pipe's removal
 * (NNG_PIPE_EV_REM_POST) and every call still in flight on that pipe is
 * cancelled (ipc_call_cancel_fd).
 */
#include <fcntl.h>
#include <poll.h>
#include <time.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <nng/nng.h>
#include <nng/protocol/reqrep0/rep.h>
#include <nng/transport/ipc/ipc.h>

#ifndef __APPLE__
#include <systemd/sd-daemon.h>
#endif

#include "ipc.h"

#define IPC_PIPES_TRACKED 256
#define IPC_REMOVED_RING 256
#define IPC_TICK_MS 100
#define IPC_SEND_TIMEOUT_MS 5000

/* A connection nng holds, with its phase (IPC_ONCE, IPC_PERMIT). */
struct pipe_rec {
	uint32_t id;
	struct ipc_phase phase;
};

/* A call in flight: the pipe it came on and how it learns of its loss. */
struct ipc_inflight {
	struct ipc_inflight *next;
	struct ipc_server *server;
	uint32_t pipe;
	int efd;          /* eventfd, made on demand; -1 until asked for */
	bool cancelled;
};

struct serve_thread {
	struct ipc_server *s;
	pthread_t th;
	nng_ctx ctx;
	nng_aio *aio;
	bool started;
};

struct ipc_server {
	nng_socket sock;
	bool sock_open;
	char *path;
	bool activated;
	int listen_fd;
	size_t max_msg;
	size_t arena_limit;
	bool any_uid;
	uid_t uid;
	char *url;
	bool owns_path;            /* we bound it: we remove it at exit */
	nng_listener listener;
	unsigned idle_ms;          /* 0: never idle */
	uint64_t listener_errors;  /* failed handshakes seen so far */
	unsigned n_threads;
	bool serialize;

	/* lock: the table, the stats, the idle clock, stopping */
	pthread_mutex_t lock;
	pthread_cond_t wake;       /* a serving thread failed: run() returns */
	const struct ipc_dispatch *table;
	size_t n_table;
	void *userdata;
	ipc_session_fn session_fn;
	struct ipc_server_stats stats;
	unsigned busy;             /* requests between receive and send */
	uint64_t last_ms;          /* last activity */
	int fatal;                 /* first transport error of a thread */

	pthread_mutex_t handler_lock; /* serialize */

	/*
	 * Connections nng holds, by pipe id; updated from nng's threads. A
	 * set, not a counter: nng 1.5 reports the removal of pipes whose
	 * addition it never reported (a peer that hangs up during the
	 * handshake), and a counter then drifts below the truth, so that
	 * the service exited idle under a connected client (seen in tests).
	 * The ring of removed ids catches the other order: a removal seen
	 * before the addition, or before a request of that pipe is
	 * registered in flight (then it starts cancelled).
	 */
	pthread_mutex_t pipes_lock;
	struct pipe_rec pipes[IPC_PIPES_TRACKED];
	size_t n_pipes;
	bool pipes_overflow; /* more than tracked: count as busy until all go */
	uint32_t removed[IPC_REMOVED_RING];
	size_t removed_next;
	struct ipc_inflight *inflight;

	struct serve_thread threads[IPC_CONCURRENT_MAX];
};

static uint64_t
monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* pipes_lock held */
static bool
pipe_removed(const struct ipc_server *s, uint32_t id)
{
	for (size_t i = 0; i < IPC_REMOVED_RING; i++)
		if (s->removed[i] == id)
			return true;
	return false;
}

/* pipes_lock held */
static struct pipe_rec *
pipe_find(struct ipc_server *s, uint32_t id)
{
	for (size_t i = 0; i < s->n_pipes; i++)
		if (s->pipes[i].id == id)
			return &s->pipes[i];
	return NULL;
}

/* pipes_lock held: the record of a live pipe, added when missing */
static struct pipe_rec *
pipe_get(struct ipc_server *s, uint32_t id)
{
	struct pipe_rec *p = pipe_find(s, id);
	if (p || id == 0 || pipe_removed(s, id))
		return p;
	if (s->n_pipes >= IPC_PIPES_TRACKED) {
		s->pipes_overflow = true;
		return NULL;
	}
	s->pipes[s->n_pipes] = (struct pipe_rec){ .id = id };
	return &s->pipes[s->n_pipes++];
}

/* pipes_lock held */
static void
pipe_drop(struct ipc_server *s, uint32_t id)
{
	for (size_t i = 0; i < s->n_pipes; i++)
		if (s->pipes[i].id == id) {
			s->pipes[i] = s->pipes[--s->n_pipes];
			break;
		}
	if (s->n_pipes == 0)
		s->pipes_overflow = false;
}

/* pipes_lock held */
static void
inflight_signal(struct ipc_inflight *f)
{
	f->cancelled = true;
	if (f->efd >= 0) {
		uint64_t one = 1;
		(void)!write(f->efd, &one, sizeof(one));
	}
}

static void
pipe_event(nng_pipe p, nng_pipe_ev ev, void *arg)
{
	struct ipc_server *s = arg;
	uint32_t id = (uint32_t)nng_pipe_id(p);
	pthread_mutex_lock(&s->pipes_lock);
	if (ev == NNG_PIPE_EV_ADD_POST) {
		(void)pipe_get(s, id);
	} else if (ev == NNG_PIPE_EV_REM_POST) {
		pipe_drop(s, id);
		s->removed[s->removed_next++ % IPC_REMOVED_RING] = id;
		/* the client is gone: nobody reads these answers */
		for (struct ipc_inflight *f = s->inflight; f; f = f->next)
			if (f->pipe == id && !f->cancelled)
				inflight_signal(f);
	}
	pthread_mutex_unlock(&s->pipes_lock);
}

/*
 * Whether a client is connected. nng may run a short-lived pipe's removal
 * callback before its addition callback (they come from different
 * threads), which would leave a dead id in the set for good and keep the
 * service from ever going idle; so ids nng no longer knows are dropped
 * here. nng is asked without our lock held: its callbacks take our lock
 * while nng may hold its own.
 */
static bool
clients_connected(struct ipc_server *s)
{
	uint32_t ids[IPC_PIPES_TRACKED];
	pthread_mutex_lock(&s->pipes_lock);
	size_t n = s->n_pipes;
	bool overflow = s->pipes_overflow;
	for (size_t i = 0; i < n; i++)
		ids[i] = s->pipes[i].id;
	pthread_mutex_unlock(&s->pipes_lock);
	if (overflow)
		return true;
	size_t live = 0;
	for (size_t i = 0; i < n; i++) {
		nng_pipe p = NNG_PIPE_INITIALIZER;
		uint64_t uid;
		p.id = ids[i];
		if (nng_pipe_get_uint64(p, NNG_OPT_IPC_PEER_UID, &uid) == 0) {
			live++;
			continue;
		}
		pthread_mutex_lock(&s->pipes_lock);
		pipe_drop(s, ids[i]);
		pthread_mutex_unlock(&s->pipes_lock);
	}
	return live > 0;
}

/*
 * Whether exiting now would drop a client: one connected (it may be about
 * to send), or one waiting in the inherited socket's backlog. The second
 * matters when the front end started us: then we hold the only copy of the
 * listening socket, and what waits in it is reset when we exit.
 */
static bool
clients_waiting(struct ipc_server *s)
{
	if (clients_connected(s))
		return true;
	if (s->listen_fd >= 0) {
		struct pollfd pfd = { .fd = s->listen_fd, .events = POLLIN };
		if (poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN))
			return true;
	}
	return false;
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
		return -EAFNOSUPPORT; /* abstract or unnamed: nng cannot name it */
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
	pthread_mutex_init(&s->pipes_lock, NULL);
	pthread_mutex_init(&s->lock, NULL);
	pthread_mutex_init(&s->handler_lock, NULL);
	pthread_cond_init(&s->wake, NULL);
	s->n_threads = o->max_concurrent ? o->max_concurrent : 1;
	if (s->n_threads > IPC_CONCURRENT_MAX)
		s->n_threads = IPC_CONCURRENT_MAX;
	s->serialize = o->serialize;
	s->listen_fd = -EBADF;
	s->max_msg = o->max_msg ? o->max_msg : IPC_MSG_MAX;
	s->arena_limit = o->arena_limit ? o->arena_limit : 4 * s->max_msg;
	s->any_uid = o->any_uid;
	s->uid = geteuid();

	int r = ipc_listen_fd();
	if (r >= 0) {
		s->listen_fd = r;
		s->activated = true;
		r = socket_bound_path(s->listen_fd, &s->path);
		if (r < 0)
			goto fail;
		r = ipc_activation_adopt(s->listen_fd, s->path);
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
		/*
		 * Bind the socket ourselves and hand it to nng like an
		 * inherited one: one path for both cases, and the listener
		 * watchdog can replace nng's listener without the path
		 * vanishing for a moment.
		 */
		r = bind_own_socket(s->path);
		if (r < 0)
			goto fail;
		s->listen_fd = r;
		s->owns_path = true;
		r = ipc_activation_adopt(s->listen_fd, s->path);
		if (r < 0)
			goto fail;
	} else {
		goto fail;
	}

	r = ipc_error_from_nng(nng_rep0_open(&s->sock));
	if (r < 0)
		goto fail;
	s->sock_open = true;
	if ((r = ipc_error_from_nng(nng_pipe_notify(s->sock, NNG_PIPE_EV_ADD_POST, pipe_event, s))) < 0 ||
	    (r = ipc_error_from_nng(nng_pipe_notify(s->sock, NNG_PIPE_EV_REM_POST, pipe_event, s))) < 0)
		goto fail;
	/*
	 * nng closes the connection on a frame over its limit, and the peer
	 * then waits for its timeout. Give nng twice our limit so that a
	 * frame just over ours reaches the check below and gets an Error;
	 * beyond that, memory stays bounded and the connection is dropped.
	 */
	r = ipc_error_from_nng(nng_socket_set_size(s->sock, NNG_OPT_RECVMAXSZ,
						   2 * s->max_msg));
	if (r < 0)
		goto fail;
	s->idle_ms = o->idle_timeout_ms;

	if (asprintf(&s->url, "ipc://%s", s->path) < 0) {
		s->url = NULL;
		r = -ENOMEM;
		goto fail;
	}
	r = ipc_error_from_nng(nng_listen(s->sock, s->url, &s->listener, 0));
	if (r < 0)
		goto fail;
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
	if (s->sock_open) {
		notify("STOPPING=1");
		(void)nng_close(s->sock);
	}
	pthread_mutex_destroy(&s->pipes_lock);
	pthread_mutex_destroy(&s->lock);
	pthread_mutex_destroy(&s->handler_lock);
	pthread_cond_destroy(&s->wake);
	/*
	 * The adapter kept nng from removing the path (it removes only what
	 * it bound itself); ours to remove now, with unlinkat() because the
	 * adapter swallows unlink() of this path. The inherited socket's fd
	 * stays open until exit: the adapter's state names it.
	 */
	if (s->owns_path && s->path)
		(void)unlinkat(AT_FDCWD, s->path, 0);
	free(s->url);
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

static void
inflight_add(struct ipc_server *s, struct ipc_inflight *f)
{
	/* pipes_lock held by the caller */
	f->server = s;
	f->efd = -1;
	f->cancelled = pipe_removed(s, f->pipe);
	f->next = s->inflight;
	s->inflight = f;
}

static void
inflight_remove(struct ipc_server *s, struct ipc_inflight *f)
{
	pthread_mutex_lock(&s->pipes_lock);
	for (struct ipc_inflight **pp = &s->inflight; *pp; pp = &(*pp)->next)
		if (*pp == f) {
			*pp = f->next;
			break;
		}
	pthread_mutex_unlock(&s->pipes_lock);
	if (f->efd >= 0)
		close(f->efd);
	f->efd = -1;
}

int
ipc_call_cancel_fd(struct ipc_call *call)
{
	struct ipc_inflight *f = call ? call->inflight : NULL;
	if (!f)
		return -EBADF;
	struct ipc_server *s = f->server;
	int r;
	pthread_mutex_lock(&s->pipes_lock);
	if (f->efd < 0) {
		f->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		if (f->efd >= 0 && f->cancelled) {
			uint64_t one = 1;
			(void)!write(f->efd, &one, sizeof(one));
		}
	}
	r = f->efd >= 0 ? f->efd : -errno;
	pthread_mutex_unlock(&s->pipes_lock);
	return r;
}

bool
ipc_call_cancelled(const struct ipc_call *call)
{
	struct ipc_inflight *f = call ? call->inflight : NULL;
	if (!f)
		return false;
	pthread_mutex_lock(&f->server->pipes_lock);
	bool c = f->cancelled;
	pthread_mutex_unlock(&f->server->pipes_lock);
	return c;
}

int
ipc_call_permit(struct ipc_call *call, ipc_body type)
{
	struct ipc_inflight *f = call ? call->inflight : NULL;
	if (!f)
		return -EBADF;
	struct ipc_server *s = f->server;
	pthread_mutex_lock(&s->pipes_lock);
	struct pipe_rec *p = pipe_find(s, f->pipe);
	if (p)
		ipc_phase_permit(&p->phase, type);
	pthread_mutex_unlock(&s->pipes_lock);
	return p ? 0 : -ENOTCONN;
}

/*
 * Build the reply for one request into reply (already initialised). Returns
 * 0, or a negative errno with *why, which the caller turns into an Error.
 */
static int
answer(struct ipc_server *s, nng_msg *msg, struct arena *a, ipc_envelope *reply,
       const char **why)
{
	nng_pipe p = nng_msg_get_pipe(msg);
	uint64_t uid = UINT64_MAX, pid = 0;
	if (nng_pipe_get_uint64(p, NNG_OPT_IPC_PEER_UID, &uid) != 0) {
		*why = "peer credentials unavailable";
		count(s, &s->stats.foreign);
		return -EPERM;
	}
	(void)nng_pipe_get_uint64(p, NNG_OPT_IPC_PEER_PID, &pid);
	if (!s->any_uid && uid != (uint64_t)s->uid) {
		*why = "peer uid is not the service's user";
		count(s, &s->stats.foreign);
		return -EPERM;
	}

	ipc_envelope *req = NULL;
	int r = ipc_unpack(nng_msg_body(msg), nng_msg_len(msg), s->max_msg, a,
			   &req, why);
	if (r < 0)
		return r;

	pthread_mutex_lock(&s->lock);
	const struct ipc_dispatch *table = s->table;
	size_t n_table = s->n_table;
	void *userdata = s->userdata;
	ipc_session_fn session_fn = s->session_fn;
	pthread_mutex_unlock(&s->lock);

	/* The table and the connection's phase, then the call goes in flight. */
	struct ipc_inflight f = { .pipe = (uint32_t)nng_pipe_id(p) };
	const struct ipc_dispatch *d = NULL;
	pthread_mutex_lock(&s->pipes_lock);
	struct pipe_rec *pr = pipe_get(s, f.pipe);
	struct ipc_phase none = { 0 };
	r = ipc_dispatch_admit(table, n_table, pr ? &pr->phase : &none, req, &d, why);
	if (r >= 0 && !pr && (d->flags & (IPC_ONCE | IPC_PERMIT))) {
		/* no record (gone, or too many connections): fail closed */
		*why = "connection state unavailable";
		r = -ENOTCONN;
	}
	if (r >= 0)
		inflight_add(s, &f);
	pthread_mutex_unlock(&s->pipes_lock);
	if (r < 0)
		return r;

	struct ipc_call call = {
		.peer_uid = (uid_t)uid,
		.peer_pid = (pid_t)pid,
		.request = req,
		.reply = reply,
		.arena = a,
		.inflight = &f,
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
	inflight_remove(s, &f);
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

/*
 * nng 1.5.2 bug (upstream #1518, fixed in 1.6): after a peer hangs up
 * during the SP handshake, the ipc listener may stop handing new
 * connections to the socket: they are accepted and never served, so any
 * process that can connect could stall the service. The failed handshake
 * shows in the listener's error counters; when they move, the listener is
 * replaced. With an inherited socket the replacement adopts the same
 * socket again (the adapter keeps the manager's socket open and listening,
 * so nothing waiting in its backlog is lost); with a socket we bound
 * ourselves, the path is briefly absent. A connection that arrived in the
 * wedged state is dropped with the old listener: its client sees a reset
 * (ipc_client_call retries idempotent requests once).
 */
static uint64_t
listener_error_count(nng_listener l)
{
	static const char *const names[] = {
		"disconnect", "canceled", "other", "timeout", "proto", "auth",
		"oom", "reject", "rcv_max",
	};
	nng_stat *all = NULL;
	if (nng_stats_get(&all) != 0 || !all)
		return 0;
	uint64_t sum = 0;
	nng_stat *ls = nng_stat_find_listener(all, l);
	for (size_t i = 0; ls && i < ARRAY_SIZE(names); i++) {
		nng_stat *c = nng_stat_find(ls, names[i]);
		if (c)
			sum += nng_stat_value(c);
	}
	nng_stats_free(all);
	return sum;
}

static int
listener_watchdog(struct ipc_server *s)
{
	uint64_t errors = listener_error_count(s->listener);
	if (errors == s->listener_errors)
		return 0;
	/*
	 * nng counts a client's ordinary hang-up in the same counters, and
	 * closing a listener closes its pipes: replace it only when no client
	 * is connected, so that no established connection is dropped.
	 */
	if (clients_connected(s))
		return 0;
	(void)nng_listener_close(s->listener);
	int r = ipc_error_from_nng(nng_listen(s->sock, s->url, &s->listener, 0));
	if (r < 0)
		return r;
	s->listener_errors = listener_error_count(s->listener);
	count(s, &s->stats.listener_restarts);
	return 0;
}

/*
 * Serve one received request on t's context: answer, pack (an Error when
 * anything failed), send. Returns 0, or a negative errno only for what
 * stops the service (out of memory).
 */
static int
serve_one(struct ipc_server *s, struct serve_thread *t, nng_msg *msg)
{
	_cleanup_arena_ struct arena *a = arena_new(s->arena_limit);
	if (!a) {
		nng_msg_free(msg);
		return -ENOMEM;
	}
	ipc_envelope reply;
	ipc_envelope_init(&reply);
	const char *why = NULL;
	int r = answer(s, msg, a, &reply, &why);
	if (r < 0)
		count(s, &s->stats.refused);

	uint8_t *data = NULL;
	size_t len = 0;
	if (r >= 0) {
		r = ipc_pack(&reply, s->max_msg, &data, &len);
		if (r < 0) {
			why = "reply larger than the limit";
			count(s, &s->stats.refused);
		}
	}
	if (r < 0) {
		ipc_envelope_init(&reply);
		if (ipc_envelope_set_error(&reply, a, r, why) < 0 ||
		    ipc_pack(&reply, 0, &data, &len) < 0) {
			nng_msg_free(msg);
			return -ENOMEM;
		}
	}
	/* Reuse the request's message: same pipe, body replaced. */
	nng_msg_clear(msg);
	int rv = nng_msg_append(msg, data, len);
	free(data);
	if (rv != 0) {
		nng_msg_free(msg);
		return ipc_error_from_nng(rv);
	}
	nng_aio_set_msg(t->aio, msg);
	nng_aio_set_timeout(t->aio, IPC_SEND_TIMEOUT_MS);
	nng_ctx_send(t->ctx, t->aio);
	nng_aio_wait(t->aio);
	if (nng_aio_result(t->aio) != 0) {
		/* The peer went away: its loss, not ours. */
		nng_msg_free(nng_aio_get_msg(t->aio));
		return 0;
	}
	count(s, &s->stats.served);
	return 0;
}

static void
activity(struct ipc_server *s, int delta)
{
	pthread_mutex_lock(&s->lock);
	s->busy = (unsigned)((int)s->busy + delta);
	s->last_ms = monotonic_ms();
	pthread_mutex_unlock(&s->lock);
}

static void *
serve_thread(void *arg)
{
	struct serve_thread *t = arg;
	struct ipc_server *s = t->s;
	for (;;) {
		nng_aio_set_timeout(t->aio, NNG_DURATION_INFINITE);
		nng_ctx_recv(t->ctx, t->aio);
		nng_aio_wait(t->aio);
		int rv = nng_aio_result(t->aio);
		if (rv == NNG_ECLOSED || rv == NNG_ECANCELED)
			break; /* run() is stopping */
		int r = 0;
		if (rv != 0) {
			r = ipc_error_from_nng(rv);
		} else {
			activity(s, +1);
			r = serve_one(s, t, nng_aio_get_msg(t->aio));
			activity(s, -1);
		}
		if (r < 0) {
			pthread_mutex_lock(&s->lock);
			if (!s->fatal)
				s->fatal = r;
			pthread_cond_signal(&s->wake);
			pthread_mutex_unlock(&s->lock);
			break;
		}
	}
	return NULL;
}

static void
stop_threads(struct ipc_server *s)
{
	/* closing a context aborts its pending receive (NNG_ECLOSED) */
	for (unsigned i = 0; i < s->n_threads; i++)
		if (s->threads[i].started)
			(void)nng_ctx_close(s->threads[i].ctx);
	for (unsigned i = 0; i < s->n_threads; i++) {
		struct serve_thread *t = &s->threads[i];
		if (t->started)
			pthread_join(t->th, NULL);
		if (t->aio)
			nng_aio_free(t->aio);
		*t = (struct serve_thread){ 0 };
	}
}

static int
start_threads(struct ipc_server *s)
{
	for (unsigned i = 0; i < s->n_threads; i++) {
		struct serve_thread *t = &s->threads[i];
		t->s = s;
		int r = ipc_error_from_nng(nng_aio_alloc(&t->aio, NULL, NULL));
		if (r >= 0)
			r = ipc_error_from_nng(nng_ctx_open(&t->ctx, s->sock));
		if (r < 0)
			return r;
		r = -pthread_create(&t->th, NULL, serve_thread, t);
		if (r < 0) {
			(void)nng_ctx_close(t->ctx);
			return r;
		}
		t->started = true;
	}
	return 0;
}

int
ipc_server_run(struct ipc_server *s)
{
	pthread_mutex_lock(&s->lock);
	s->last_ms = monotonic_ms();
	s->fatal = 0;
	pthread_mutex_unlock(&s->lock);
	int r = start_threads(s);
	if (r < 0) {
		stop_threads(s);
		return r;
	}
	for (;;) {
		/*
		 * Wake up every tick (idle accounting, the listener watchdog),
		 * and as soon as a tick has passed since the last request: the
		 * watchdog then runs as promptly as when a receive timed out
		 * after a tick, not up to a tick later.
		 */
		pthread_mutex_lock(&s->lock);
		uint64_t now_ms = monotonic_ms(), wait_ms = IPC_TICK_MS;
		if (!s->busy && s->last_ms + IPC_TICK_MS > now_ms &&
		    s->last_ms + IPC_TICK_MS - now_ms < wait_ms)
			wait_ms = s->last_ms + IPC_TICK_MS - now_ms + 1;
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += (long)wait_ms * 1000000L;
		while (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		if (!s->fatal)
			(void)pthread_cond_timedwait(&s->wake, &s->lock, &until);
		r = s->fatal;
		pthread_mutex_unlock(&s->lock);
		if (r < 0)
			break;
		/*
		 * The watchdog only in a quiet moment (nothing in flight, no
		 * request for a tick), as when one thread served: replacing
		 * the listener drops a connection still in its handshake,
		 * which a busy stream of short clients would otherwise hit
		 * (seen under ASan as resets at connect).
		 */
		pthread_mutex_lock(&s->lock);
		bool quiet = !s->busy && monotonic_ms() - s->last_ms >= IPC_TICK_MS;
		pthread_mutex_unlock(&s->lock);
		if (quiet && (r = listener_watchdog(s)) < 0)
			break;
		/* asked outside our lock: it takes nng's */
		bool waiting = clients_waiting(s);
		pthread_mutex_lock(&s->lock);
		uint64_t now = monotonic_ms();
		bool idle = false;
		if (s->busy || waiting)
			s->last_ms = now;
		else if (s->idle_ms && now - s->last_ms >= s->idle_ms)
			idle = true; /* exit, the manager restarts us on demand */
		pthread_mutex_unlock(&s->lock);
		if (idle)
			break;
	}
	stop_threads(s);
	return r;
}
