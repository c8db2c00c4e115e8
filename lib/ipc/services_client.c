/* SPDX-License-Identifier: MIT */
/* The front ends' side of the registrar and the executor: services_client.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "services_client.h"

#include <limits.h>

const char *
svc_pick_path(const char *build_root, const char *build_path, const char *installed_path)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	size_t rl = strlen(build_root);
	if (n <= 0)
		return installed_path;
	self[n] = '\0';
	return strncmp(self, build_root, rl) == 0 && self[rl] == '/' ? build_path : installed_path;
}

/* How long a service we started waits for its next request before exiting. */
#define SPAWNED_IDLE_MS "30000"

static uint64_t
fnv1a(uint64_t h, const char *s)
{
	for (; s && *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	return h * 1099511628211ull; /* the terminator counts too */
}

int
svc_instance_name(const char *service, char *ret, size_t size)
{
	const char *cfg = getenv("LITE_SANDBOX_CONFIG");
	int n;
	if (!cfg || !*cfg) {
		n = snprintf(ret, size, "%s", service);
	} else {
		uint64_t h = fnv1a(fnv1a(14695981039346656037ull, cfg), getenv("HOME"));
		n = snprintf(ret, size, "%s-%016llx", service, (unsigned long long)h);
	}
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* nng's SP protocol numbers (req0 = 3 << 4, rep0 = its peer). */
#define SP_PROTO_REQ 0x30
#define SP_PROTO_REP 0x31

struct svc_conn {
	int fd;                  /* the direct connection, or -1 */
	struct ipc_client *ipc;  /* else lib/ipc's client */
	unsigned timeout_ms;
	uint32_t next_id;
	bool hello_pending;      /* the service's handshake header is still to be read */
	bool spawned;
};

static uint64_t
mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Move all n bytes (send or receive) before the deadline. */
static int
xfer(int fd, void *p, size_t n, bool out, uint64_t deadline)
{
	unsigned char *b = p;
	while (n > 0) {
		ssize_t k = out ? send(fd, b, n, MSG_NOSIGNAL | MSG_DONTWAIT)
				: recv(fd, b, n, MSG_DONTWAIT);
		if (k > 0) {
			b += k;
			n -= (size_t)k;
			continue;
		}
		if (k == 0)
			return -ECONNRESET; /* the service closed the connection */
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return -errno;
		uint64_t now = mono_ms();
		if (now >= deadline)
			return -ETIMEDOUT;
		struct pollfd pf = { .fd = fd, .events = out ? POLLOUT : POLLIN };
		uint64_t left = deadline - now;
		if (poll(&pf, 1, left > 1000000 ? 1000000 : (int)left) < 0 && errno != EINTR)
			return -errno;
	}
	return 0;
}

/*
 * connect(2) and our half of the SP handshake; -ECONNREFUSED/-ENOENT when
 * nothing listens. The service's half is read with the first reply
 * (check_hello): nng reads exactly the 8 bytes of a header before the
 * first message, so the request may follow ours at once, and the round
 * trip of waiting for the peer's header is saved on every connection.
 */
static int
direct_open(const char *runtime_dir, const char *name, unsigned timeout_ms, int *ret_fd)
{
	_cleanup_free_ char *dir = NULL, *path = NULL;
	int r = ipc_runtime_dir(runtime_dir, &dir);
	if (r < 0)
		return r;
	if ((r = ipc_socket_path(dir, name, &path)) < 0)
		return r;
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof(un.sun_path))
		return -ENAMETOOLONG;
	strcpy(un.sun_path, path);
	_cleanup_close_ int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&un, sizeof(un)) < 0)
		return -errno;
	uint64_t deadline = mono_ms() + timeout_ms;
	unsigned char hello[8] = { 0, 'S', 'P', 0, 0, SP_PROTO_REQ, 0, 0 };
	if ((r = xfer(fd, hello, sizeof(hello), true, deadline)) < 0)
		return r;
	*ret_fd = TAKE_FD(fd);
	return 0;
}

/* The service's half of the handshake, before its first reply. */
static int
check_hello(int fd, uint64_t deadline)
{
	unsigned char peer[8];
	int r = xfer(fd, peer, sizeof(peer), false, deadline);
	if (r < 0)
		return r;
	if (peer[0] != 0 || peer[1] != 'S' || peer[2] != 'P' || peer[3] != 0 || peer[4] != 0 ||
	    peer[5] != SP_PROTO_REP || peer[6] != 0 || peer[7] != 0)
		return -EPROTO;
	return 0;
}

/* One request and its reply on the direct connection. */
static int
direct_call(struct svc_conn *c, ipc_envelope *req, struct arena *a, ipc_envelope **ret,
	    const char **ret_why)
{
	uint8_t *data = NULL;
	size_t len = 0;
	int r = ipc_pack(req, 0, &data, &len);
	if (r < 0)
		return r;
	uint64_t deadline = mono_ms() + c->timeout_ms;
	uint32_t id = (c->next_id++ & 0x7fffffffu) | 0x80000000u;
	unsigned char head[13];
	uint64_t n = (uint64_t)len + 4;
	head[0] = 1; /* a message */
	for (int i = 0; i < 8; i++)
		head[1 + i] = (unsigned char)(n >> (56 - 8 * i));
	for (int i = 0; i < 4; i++)
		head[9 + i] = (unsigned char)(id >> (24 - 8 * i));
	r = xfer(c->fd, head, sizeof(head), true, deadline);
	if (r >= 0)
		r = xfer(c->fd, data, len, true, deadline);
	free(data);
	/* A service sends its handshake header as soon as it accepts, before
	 * it reads a request: closed before the header, the connection was
	 * never served and the request never read (-ECONNABORTED). */
	if (r < 0)
		return c->hello_pending && (r == -ECONNRESET || r == -EPIPE) ? -ECONNABORTED : r;
	if (c->hello_pending) {
		if ((r = check_hello(c->fd, deadline)) < 0)
			/* the connection is unusable after this */
			return r == -ECONNRESET || r == -EPIPE ? -ECONNABORTED : r;
		c->hello_pending = false;
	}
	for (;;) {
		unsigned char rh[13];
		if ((r = xfer(c->fd, rh, sizeof(rh), false, deadline)) < 0)
			return r;
		uint64_t rl = 0;
		for (int i = 0; i < 8; i++)
			rl = rl << 8 | rh[1 + i];
		uint32_t rid = (uint32_t)rh[9] << 24 | (uint32_t)rh[10] << 16 |
			       (uint32_t)rh[11] << 8 | rh[12];
		if (rh[0] != 1 || rl < 4 || rl - 4 > IPC_MSG_MAX)
			return -EPROTO; /* the connection is unusable after this */
		size_t bl = (size_t)(rl - 4);
		uint8_t *body = malloc(bl ? bl : 1);
		if (!body)
			return -ENOMEM;
		if ((r = xfer(c->fd, body, bl, false, deadline)) < 0) {
			free(body);
			return r;
		}
		if (rid != id) {
			free(body); /* a late reply to an earlier request */
			continue;
		}
		r = ipc_unpack(body, bl, 0, a, ret, ret_why);
		free(body);
		return r;
	}
}

static struct svc_conn *
conn_new(unsigned timeout_ms)
{
	struct svc_conn *c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->fd = -1;
	c->timeout_ms = timeout_ms ? timeout_ms : 30000;
	uint32_t seed = 0;
	(void)getrandom(&seed, sizeof(seed), GRND_NONBLOCK);
	c->next_id = seed;
	return c;
}

struct svc_conn *
svc_close(struct svc_conn *c)
{
	if (!c)
		return NULL;
	if (c->fd >= 0)
		close(c->fd);
	ipc_client_free(c->ipc);
	free(c);
	return NULL;
}

bool
svc_spawned(const struct svc_conn *c)
{
	return c->spawned;
}

static int
open_ipc(const char *service, unsigned timeout_ms, bool spawn, struct ipc_client **ret)
{
	char name[SVC_NAME_MAX], reg[SVC_NAME_MAX];
	bool is_exec = strcmp(service, "executor") == 0;
	int r = svc_instance_name(service, name, sizeof(name));
	if (r < 0)
		return r;
	if ((r = svc_instance_name("registrar", reg, sizeof(reg))) < 0)
		return r;
	const char *bin = getenv(is_exec ? "LITE_SANDBOX_EXECUTOR" : "LITE_SANDBOX_REGISTRAR");
	if (!bin || bin[0] != '/')
		bin = is_exec ? svc_pick_path(LITE_SANDBOX_BUILD_ROOT, LITE_SANDBOX_EXECUTOR_PATH,
					      LITE_SANDBOX_EXECUTOR_INSTALLED)
			      : svc_pick_path(LITE_SANDBOX_BUILD_ROOT, LITE_SANDBOX_REGISTRAR_PATH,
					      LITE_SANDBOX_REGISTRAR_INSTALLED);
	const char *cfg = getenv("LITE_SANDBOX_CONFIG");

	char *argv[12];
	size_t n = 0;
	argv[n++] = (char *)bin;
	argv[n++] = (char *)"--service";
	argv[n++] = name;
	argv[n++] = (char *)"--idle-ms";
	argv[n++] = (char *)SPAWNED_IDLE_MS;
	if (cfg && *cfg) {
		argv[n++] = (char *)"--config";
		argv[n++] = (char *)cfg;
	}
	if (is_exec) {
		argv[n++] = (char *)"--registrar";
		argv[n++] = reg;
	}
	argv[n] = NULL;
	/* what the services need to find the binaries the front end would */
	static const char *const pass[] = { "LITE_SANDBOX_BIN", "LITE_SANDBOX_INIT",
					    "LITE_SANDBOX_REGISTRAR", "LITE_SANDBOX_EXECUTOR" };
	char *envp[ARRAY_SIZE(pass) + 1];
	char *envbuf[ARRAY_SIZE(pass)] = { NULL };
	size_t ne = 0;
	for (size_t i = 0; i < ARRAY_SIZE(pass); i++) {
		const char *v = getenv(pass[i]);
		if (v && asprintf(&envbuf[ne], "%s=%s", pass[i], v) >= 0) {
			envp[ne] = envbuf[ne];
			ne++;
		}
	}
	envp[ne] = NULL;
	struct ipc_client_options o = {
		.service = name,
		.timeout_ms = timeout_ms,
		.spawn_argv = spawn ? argv : NULL,
		.spawn_envp = envp,
	};
	r = ipc_client_new(&o, ret);
	for (size_t i = 0; i < ne; i++)
		free(envbuf[i]);
	return r;
}

int
svc_open(const char *service, unsigned timeout_ms, bool spawn, struct svc_conn **ret)
{
	char name[SVC_NAME_MAX];
	int r = svc_instance_name(service, name, sizeof(name));
	if (r < 0)
		return r;
	struct svc_conn *c = conn_new(timeout_ms);
	if (!c)
		return -ENOMEM;
	r = direct_open(NULL, name, c->timeout_ms, &c->fd);
	c->hello_pending = r >= 0;
	if (r == -ECONNREFUSED || r == -ENOENT) {
		/* nothing listens: lib/ipc starts the service (when allowed) */
		r = open_ipc(service, timeout_ms, spawn, &c->ipc);
		if (r >= 0)
			c->spawned = ipc_client_spawned(c->ipc);
	}
	if (r < 0) {
		svc_close(c);
		return r;
	}
	*ret = c;
	return 0;
}

int
svc_open_direct(const char *runtime_dir, const char *name, unsigned timeout_ms,
		struct svc_conn **ret)
{
	struct svc_conn *c = conn_new(timeout_ms);
	if (!c)
		return -ENOMEM;
	int r = direct_open(runtime_dir, name, c->timeout_ms, &c->fd);
	if (r < 0) {
		svc_close(c);
		return r;
	}
	c->hello_pending = true;
	*ret = c;
	return 0;
}

int
svc_open_ipc(struct ipc_client *ipc, struct svc_conn **ret)
{
	struct svc_conn *c = conn_new(0);
	if (!c) {
		ipc_client_free(ipc);
		return -ENOMEM;
	}
	c->ipc = ipc;
	c->spawned = ipc_client_spawned(ipc);
	*ret = c;
	return 0;
}

int
svc_call(struct svc_conn *c, ipc_envelope *req, struct arena *a, ipc_envelope **ret,
	 const char **ret_why)
{
	return c->ipc ? ipc_client_call(c->ipc, req, a, ret, ret_why)
		      : direct_call(c, req, a, ret, ret_why);
}

/* Send req, expect a reply with body `want`; an Error reply is its errno. */
static int
call(struct svc_conn *c, ipc_envelope *req, ipc_body want, struct arena *a,
     ipc_envelope **ret, char *err, size_t err_len)
{
	const char *why = NULL;
	ipc_envelope *rep = NULL;
	int r = svc_call(c, req, a, &rep, &why);
	if (r < 0) {
		snprintf(err, err_len, "%s%s%s", strerror(-r), why ? ": " : "", why ? why : "");
		return r;
	}
	if (rep->body_case == LITE_SANDBOX__ENVELOPE__BODY_ERROR) {
		snprintf(err, err_len, "%s", rep->error->message);
		return rep->error->errno_value > 0 ? -rep->error->errno_value : -EPROTO;
	}
	if (rep->body_case != want) {
		snprintf(err, err_len, "the service answered with %s", ipc_body_name(rep->body_case));
		return -EPROTO;
	}
	*ret = rep;
	return 0;
}

int
svc_register(struct svc_conn *c, LiteSandbox__AgentKind agent, const char *cwd,
	     const char *agent_session, struct arena *a,
	     const LiteSandbox__SessionRegisterReply **ret, char *err, size_t err_len)
{
	ipc_envelope env, *rep = NULL;
	LiteSandbox__SessionRegister m;
	ipc_envelope_init(&env);
	lite_sandbox__session_register__init(&m);
	m.agent = agent;
	m.cwd = (char *)cwd;
	m.pid = (uint32_t)getppid();
	m.agent_session = (char *)agent_session;
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	env.session_register = &m;
	int r = call(c, &env, LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY, a, &rep, err,
		     err_len);
	if (r >= 0)
		*ret = rep->session_register_reply;
	return r;
}

int
svc_check(struct svc_conn *c, const char *session_id, const char *cwd, const char *command,
	  const char *ticket_id, struct arena *a, const LiteSandbox__CheckReply **ret, char *err,
	  size_t err_len)
{
	return svc_check_as(c, ticket_id ? LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR
					 : LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK,
			    session_id, cwd, command, ticket_id, a, ret, err, err_len);
}

int
svc_check_as(struct svc_conn *c, LiteSandbox__CheckOrigin origin, const char *session_id,
	     const char *cwd, const char *command, const char *ticket_id, struct arena *a,
	     const LiteSandbox__CheckReply **ret, char *err, size_t err_len)
{
	ipc_envelope env, *rep = NULL;
	LiteSandbox__CheckRequest m;
	ipc_envelope_init(&env);
	lite_sandbox__check_request__init(&m);
	m.session_id = (char *)session_id;
	m.cwd = (char *)cwd;
	m.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
	m.command = (char *)command;
	m.ticket_id = (char *)ticket_id;
	m.has_origin = true;
	m.origin = origin;
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
	env.check = &m;
	int r = call(c, &env, LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY, a, &rep, err, err_len);
	if (r >= 0)
		*ret = rep->check_reply;
	return r;
}

int
svc_exec(struct svc_conn *c, const char *session_id, const char *cwd, const char *command,
	 unsigned timeout_ms, const char *ticket_id, struct arena *a,
	 const LiteSandbox__ExecReply **ret, char *err, size_t err_len)
{
	ipc_envelope env, *rep = NULL;
	LiteSandbox__ExecRequest m;
	ipc_envelope_init(&env);
	lite_sandbox__exec_request__init(&m);
	m.session_id = (char *)session_id;
	m.cwd = (char *)cwd;
	m.command = (char *)command;
	m.timeout_ms = timeout_ms;
	m.ticket_id = (char *)ticket_id;
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	env.exec = &m;
	int r = call(c, &env, LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY, a, &rep, err, err_len);
	if (r >= 0)
		*ret = rep->exec_reply;
	return r;
}

int
svc_config(struct svc_conn *c, const char *session_id, const char *cwd, char *const *argv,
	   size_t argc, struct arena *a, const LiteSandbox__ConfigReply **ret, char *err,
	   size_t err_len)
{
	ipc_envelope env, *rep = NULL;
	LiteSandbox__ConfigRequest m;
	ipc_envelope_init(&env);
	lite_sandbox__config_request__init(&m);
	m.session_id = (char *)session_id;
	m.cwd = (char *)cwd;
	m.argv = (char **)argv;
	m.n_argv = argc;
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG;
	env.config = &m;
	int r = call(c, &env, LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY, a, &rep, err, err_len);
	if (r >= 0)
		*ret = rep->config_reply;
	return r;
}

void
svc_pause_unserved(int attempt)
{
	unsigned ms = 10u * (unsigned)(attempt + 1);
	struct timespec ts = { 0, (long)ms * 1000000L };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

int
svc_open_session(LiteSandbox__AgentKind agent, const char *cwd, const char *agent_session,
		 unsigned timeout_ms, struct arena *a, struct svc_conn **ret_conn,
		 const LiteSandbox__SessionRegisterReply **ret, char *err, size_t err_len)
{
	int r = -EINVAL;
	bool reset_retried = false;
	*ret_conn = NULL;
	for (int attempt = 0; attempt < SVC_UNSERVED_TRIES; attempt++) {
		struct svc_conn *c = NULL;
		if (err_len)
			err[0] = '\0';
		r = svc_open("registrar", timeout_ms, true, &c);
		if (r >= 0)
			r = svc_register(c, agent, cwd, agent_session, a, ret, err, err_len);
		if (r >= 0) {
			*ret_conn = c;
			return r;
		}
		svc_close(c);
		if (r == -ECONNABORTED) {
			svc_pause_unserved(attempt);
			continue;
		}
		if ((r != -ECONNRESET && r != -EPIPE) || reset_retried)
			break;
		reset_retried = true;
	}
	return r;
}
