/* SPDX-License-Identifier: MIT */
/*
 * The service side: one rep socket, requests served one at a time, each one
 * checked in this order before a handler sees it: the peer's uid (from the
 * socket), the frame size, the decode (into a per-request arena), the
 * version and the message's validator, the dispatch table. Anything that
 * fails is answered with an Error and the loop goes on: a malformed peer
 * must not be able to stop the service for the others.
 */
#include <fcntl.h>
#include <poll.h>
#include <time.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
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
#define IPC_TICK_MS 100

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
	const struct ipc_dispatch *table;
	size_t n_table;
	void *userdata;
	struct ipc_server_stats stats;
	char *url;
	bool owns_path;            /* we bound it: we remove it at exit */
	nng_listener listener;
	unsigned idle_ms;          /* 0: never idle */
	uint64_t listener_errors;  /* failed handshakes seen so far */
	/*
	 * Connections nng holds, by pipe id; updated from nng's threads. A
	 * set, not a counter: nng 1.5 reports the removal of pipes whose
	 * addition it never reported (a peer that hangs up during the
	 * handshake), and a counter then drifts below the truth, so that
	 * the service exited idle under a connected client (seen in tests).
	 */
	pthread_mutex_t pipes_lock;
	uint32_t pipes[IPC_PIPES_TRACKED];
	size_t n_pipes;
	bool pipes_overflow; /* more than tracked: count as busy until all go */
};

static void
pipe_event(nng_pipe p, nng_pipe_ev ev, void *arg)
{
	struct ipc_server *s = arg;
	uint32_t id = (uint32_t)nng_pipe_id(p);
	pthread_mutex_lock(&s->pipes_lock);
	if (ev == NNG_PIPE_EV_ADD_POST) {
		if (s->n_pipes < IPC_PIPES_TRACKED)
			s->pipes[s->n_pipes++] = id;
		else
			s->pipes_overflow = true;
	} else if (ev == NNG_PIPE_EV_REM_POST) {
		for (size_t i = 0; i < s->n_pipes; i++)
			if (s->pipes[i] == id) {
				s->pipes[i] = s->pipes[--s->n_pipes];
				break;
			}
		if (s->n_pipes == 0)
			s->pipes_overflow = false;
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
	memcpy(ids, s->pipes, n * sizeof(ids[0]));
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
		for (size_t k = 0; k < s->n_pipes; k++)
			if (s->pipes[k] == ids[i]) {
				s->pipes[k] = s->pipes[--s->n_pipes];
				break;
			}
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
	/* Wake up every tick: idle accounting and the listener watchdog. */
	s->idle_ms = o->idle_timeout_ms;
	r = ipc_error_from_nng(nng_socket_set_ms(s->sock, NNG_OPT_RECVTIMEO, IPC_TICK_MS));
	if (r < 0)
		goto fail;
	r = ipc_error_from_nng(nng_socket_set_ms(s->sock, NNG_OPT_SENDTIMEO, 5000));
	if (r < 0)
		goto fail;

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
	s->table = table;
	s->n_table = n;
	s->userdata = userdata;
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
	*ret = s->stats;
}

static const struct ipc_dispatch *
lookup(const struct ipc_server *s, ipc_body type)
{
	for (size_t i = 0; i < s->n_table; i++)
		if (s->table[i].type == type && s->table[i].handler)
			return &s->table[i];
	return NULL;
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
		s->stats.foreign++;
		return -EPERM;
	}
	(void)nng_pipe_get_uint64(p, NNG_OPT_IPC_PEER_PID, &pid);
	if (!s->any_uid && uid != (uint64_t)s->uid) {
		*why = "peer uid is not the service's user";
		s->stats.foreign++;
		return -EPERM;
	}

	ipc_envelope *req = NULL;
	int r = ipc_unpack(nng_msg_body(msg), nng_msg_len(msg), s->max_msg, a,
			   &req, why);
	if (r < 0)
		return r;
	const struct ipc_dispatch *d = lookup(s, req->body_case);
	if (!d) {
		*why = "request type not accepted here";
		return -EOPNOTSUPP;
	}
	struct ipc_call call = {
		.peer_uid = (uid_t)uid,
		.peer_pid = (pid_t)pid,
		.request = req,
		.reply = reply,
		.arena = a,
	};
	r = d->handler(&call, s->userdata);
	if (r < 0) {
		*why = call.error_message;
		return r;
	}
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
	s->stats.listener_restarts++;
	return 0;
}

static uint64_t
monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

int
ipc_server_run(struct ipc_server *s)
{
	uint64_t last = monotonic_ms();
	for (;;) {
		nng_msg *msg = NULL;
		int rv = nng_recvmsg(s->sock, &msg, 0);
		if (rv == NNG_ETIMEDOUT) {
			int r = listener_watchdog(s);
			if (r < 0)
				return r;
			if (clients_waiting(s))
				last = monotonic_ms();
			else if (s->idle_ms && monotonic_ms() - last >= s->idle_ms)
				return 0; /* idle: exit, the manager restarts us on demand */
			continue;
		}
		if (rv != 0)
			return ipc_error_from_nng(rv);

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
			s->stats.refused++;

		uint8_t *data = NULL;
		size_t len = 0;
		if (r >= 0) {
			r = ipc_pack(&reply, s->max_msg, &data, &len);
			if (r < 0) {
				why = "reply larger than the limit";
				s->stats.refused++;
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
		rv = nng_msg_append(msg, data, len);
		free(data);
		if (rv != 0) {
			nng_msg_free(msg);
			return ipc_error_from_nng(rv);
		}
		rv = nng_sendmsg(s->sock, msg, 0);
		if (rv != 0) {
			/* The peer went away: its loss, not ours. */
			nng_msg_free(msg);
			continue;
		}
		s->stats.served++;
		last = monotonic_ms();
	}
}
