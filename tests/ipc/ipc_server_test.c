/* SPDX-License-Identifier: MIT */
/*
 * The server's own risks (lib/ipc/ipc_server.c speaks nng's SP wire
 * protocol itself): a server runs in a thread of this process, and raw
 * sockets, nng's req client (ipc_client.c) and the front ends' client
 * (services_client.c) talk to it.
 */
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "ipc.h"
#include "services_client.h"
#include "clock.h"
#include "echo_reply.h"
#include "tap.h"
#include "tmpdir.h"

#define MAX_MSG 4096



/* What the exec handler saw, for the test to read. */
struct seen {
	atomic_int started;      /* exec handlers entered */
	atomic_int cancelled;    /* "wait": the cancel fd became readable */
	atomic_int not_cancelled;/* "quiet": it stayed quiet */
	atomic_int early;        /* "late": readable at once when asked */
};

static int
on_register(struct ipc_call *call, void *userdata)
{
	LiteSandbox__SessionRegisterReply *r = arena_alloc(call->arena, sizeof(*r));
	if (!r)
		return -ENOMEM;
	lite_sandbox__session_register_reply__init(r);
	r->session_id = (char *)"s1";
	r->project_dir = arena_strdup(call->arena, call->request->session_register->cwd);
	if (!r->project_dir)
		return -ENOMEM;
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY;
	call->reply->session_register_reply = r;
	return 0;
}

/*
 * exec's command says what to do: "sleep:N"; "wait": wait up to 5 s for
 * the cancel fd; "quiet": the cancel fd must stay quiet for 300 ms;
 * "late": sleep 300 ms, then the cancel fd must be readable at once.
 */
static int
on_exec(struct ipc_call *call, void *userdata)
{
	struct seen *seen = userdata;
	const char *cmd = call->request->exec->command;
	atomic_fetch_add(&seen->started, 1);
	if (strncmp(cmd, "sleep:", 6) == 0)
		sleep_ms((unsigned)atoi(cmd + 6));
	if (strcmp(cmd, "late") == 0)
		sleep_ms(300);
	if (strcmp(cmd, "wait") == 0 || strcmp(cmd, "quiet") == 0 || strcmp(cmd, "late") == 0) {
		int fd = ipc_call_cancel_fd(call);
		if (fd < 0)
			return fd;
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int n = poll(&p, 1, strcmp(cmd, "wait") == 0 ? 5000 : strcmp(cmd, "late") == 0 ? 0 : 300);
		if (strcmp(cmd, "wait") == 0 && n == 1 && ipc_call_cancelled(call))
			atomic_fetch_add(&seen->cancelled, 1);
		if (strcmp(cmd, "quiet") == 0 && n == 0 && !ipc_call_cancelled(call))
			atomic_fetch_add(&seen->not_cancelled, 1);
		if (strcmp(cmd, "late") == 0 && n == 1)
			atomic_fetch_add(&seen->early, 1);
	}
	return echo_exec_reply(call, cmd) ? 0 : -ENOMEM;
}

static const struct ipc_dispatch table[] = {
	{ LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER, 0, on_register },
	{ LITE_SANDBOX__ENVELOPE__BODY_EXEC, 0, on_exec },
};

/* A server in a thread, exiting when idle for idle_ms. */
struct fixture {
	char dir[TEST_TMPDIR_MAX];
	char *path;
	struct ipc_server *s;
	pthread_t th;
	atomic_bool returned;
	int run_result;
	struct seen seen;
};

static void *
run_thread(void *p)
{
	struct fixture *f = p;
	f->run_result = ipc_server_run(f->s);
	atomic_store(&f->returned, true);
	return NULL;
}

static int
fixture_start(struct fixture *f, unsigned idle_ms, unsigned concurrent)
{
	memset(f, 0, sizeof(*f));
	/* removed by fixture_stop() when the server took its socket away, else
	 * by the next test's call or at exit */
	snprintf(f->dir, sizeof(f->dir), "%s", test_tmpdir_fresh("ipc-server-test"));
	struct ipc_server_options o = {
		.service = "t", .runtime_dir = f->dir, .idle_timeout_ms = idle_ms,
		.max_msg = MAX_MSG, .max_concurrent = concurrent,
	};
	int r = ipc_server_new(&o, &f->s);
	if (r < 0)
		return r;
	ipc_server_set_dispatch(f->s, table, ARRAY_SIZE(table), &f->seen);
	if ((r = ipc_socket_path(f->dir, "t", &f->path)) < 0)
		return r;
	return -pthread_create(&f->th, NULL, run_thread, f);
}

/* Wait for run() to return (idle exit) and clean up; its result, or -ETIMEDOUT. */
static int
fixture_stop(struct fixture *f, unsigned ms)
{
	uint64_t end = now_ms() + ms;
	while (!atomic_load(&f->returned) && now_ms() < end)
		sleep_ms(10);
	if (!atomic_load(&f->returned))
		return -ETIMEDOUT;
	pthread_join(f->th, NULL);
	f->s = ipc_server_free(f->s);
	free(f->path);
	rmdir(f->dir);
	return f->run_result;
}

static int
raw_connect(const char *path)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	snprintf(un.sun_path, sizeof(un.sun_path), "%s", path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&un, sizeof(un)) < 0) {
		int e = -errno;
		close(fd);
		return e;
	}
	struct timeval tv = { 5, 0 };
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	return fd;
}

static int
raw_send(int fd, const void *p, size_t n)
{
	return send(fd, p, n, MSG_NOSIGNAL) == (ssize_t)n ? 0 : -EIO;
}

/* Read exactly n bytes: 0, -ECONNRESET at EOF, -errno. */
static int
raw_recv(int fd, void *p, size_t n)
{
	uint8_t *b = p;
	while (n > 0) {
		ssize_t k = recv(fd, b, n, 0);
		if (k == 0)
			return -ECONNRESET;
		if (k < 0)
			return errno == EAGAIN ? -ETIMEDOUT : -errno;
		b += k;
		n -= (size_t)k;
	}
	return 0;
}

static const uint8_t req_hello[8] = { 0, 'S', 'P', 0, 0, 0x30, 0, 0 };

/* Connect and do a req peer's handshake (ours sent, the service's checked). */
static int
raw_open(const char *path)
{
	int fd = raw_connect(path);
	if (fd < 0)
		return fd;
	uint8_t h[8];
	if (raw_send(fd, req_hello, 8) < 0 || raw_recv(fd, h, 8) < 0 || h[5] != 0x31) {
		close(fd);
		return -EPROTO;
	}
	return fd;
}

/* One exec request (id) packed and framed into ret (malloc'd). */
static int
exec_frame(const char *cmd, uint32_t id, uint8_t **ret, size_t *ret_len)
{
	LiteSandbox__ExecRequest ex = LITE_SANDBOX__EXEC_REQUEST__INIT;
	ex.session_id = (char *)"s";
	ex.command = (char *)cmd;
	ex.cwd = (char *)"/";
	ex.timeout_ms = 1000;
	ipc_envelope env;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	env.exec = &ex;
	_cleanup_free_ uint8_t *data = NULL;
	size_t len = 0;
	int r = ipc_pack(&env, 0, &data, &len);
	if (r < 0)
		return r;
	uint8_t *f = malloc(13 + len);
	if (!f)
		return -ENOMEM;
	uint64_t n = len + 4;
	f[0] = 1;
	for (int i = 0; i < 8; i++)
		f[1 + i] = (uint8_t)(n >> (56 - 8 * i));
	id |= 0x80000000u;
	for (int i = 0; i < 4; i++)
		f[9 + i] = (uint8_t)(id >> (24 - 8 * i));
	memcpy(f + 13, data, len);
	*ret = f;
	*ret_len = 13 + len;
	return 0;
}

/* Read one reply: its request id and the stdout of its exec_reply (or "error N"). */
static int
raw_reply(int fd, uint32_t *ret_id, char *out, size_t out_len)
{
	uint8_t h[13];
	int r = raw_recv(fd, h, sizeof(h));
	if (r < 0)
		return r;
	uint64_t n = 0;
	for (int i = 0; i < 8; i++)
		n = n << 8 | h[1 + i];
	if (h[0] != 1 || n < 4 || n > (1 << 20))
		return -EPROTO;
	*ret_id = (uint32_t)h[9] << 24 | (uint32_t)h[10] << 16 | (uint32_t)h[11] << 8 | h[12];
	_cleanup_free_ uint8_t *body = malloc(n - 4 + 1);
	if (!body)
		return -ENOMEM;
	if ((r = raw_recv(fd, body, n - 4)) < 0)
		return r;
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	ipc_envelope *env = NULL;
	if ((r = ipc_unpack(body, n - 4, 0, a, &env, NULL)) < 0)
		return r;
	if (env->body_case == LITE_SANDBOX__ENVELOPE__BODY_ERROR)
		snprintf(out, out_len, "error %d", env->error->errno_value);
	else if (env->body_case == LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY)
		snprintf(out, out_len, "%.*s", (int)env->exec_reply->stdout_data.len,
			 (const char *)env->exec_reply->stdout_data.data);
	else
		snprintf(out, out_len, "other");
	return 0;
}

static int
raw_exec(int fd, const char *cmd, uint32_t id)
{
	_cleanup_free_ uint8_t *f = NULL;
	size_t n = 0;
	int r = exec_frame(cmd, id, &f, &n);
	return r < 0 ? r : raw_send(fd, f, n);
}

/* A register through nng's req client (ipc_client.c). */
static int
nng_register(const char *dir)
{
	struct ipc_client_options o = { .service = "t", .runtime_dir = dir, .timeout_ms = 3000 };
	struct ipc_client *c = NULL;
	int r = ipc_client_new(&o, &c);
	if (r < 0)
		return r;
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	LiteSandbox__SessionRegister reg = LITE_SANDBOX__SESSION_REGISTER__INIT;
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CLI;
	reg.cwd = (char *)"/nng";
	reg.pid = 1;
	ipc_envelope env, *rep = NULL;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	env.session_register = &reg;
	r = ipc_client_call(c, &env, a, &rep, NULL);
	if (r >= 0 && (rep->body_case != LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY ||
		       strcmp(rep->session_register_reply->project_dir, "/nng") != 0))
		r = -EPROTO;
	ipc_client_free(c);
	return r;
}

/* The same through the front ends' client (services_client.c), twice on one connection. */
static int
svc_register_twice(const char *dir)
{
	struct svc_conn *c = NULL;
	int r = svc_open_direct(dir, "t", 3000, &c);
	if (r < 0)
		return r;
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	for (int i = 0; i < 2 && r >= 0; i++) {
		const LiteSandbox__SessionRegisterReply *rep = NULL;
		char err[256] = "";
		r = svc_register(c, LITE_SANDBOX__AGENT_KIND__AGENT_CLI, "/svc", NULL, a, &rep,
				 err, sizeof(err));
		if (r >= 0 && (strcmp(rep->session_id, "s1") != 0 ||
			       strcmp(rep->project_dir, "/svc") != 0))
			r = -EPROTO;
	}
	svc_close(c);
	return r;
}

TEST(both_clients_answered)
{
	struct fixture f;
	ASSERT_OK(fixture_start(&f, 300, 4));
	ASSERT_OK(nng_register(f.dir));
	ASSERT_OK(svc_register_twice(f.dir));
	ASSERT_OK(nng_register(f.dir));
	/* counted once sent: the client may read the last reply first */
	struct ipc_server_stats st;
	uint64_t end = now_ms() + 2000;
	do {
		ipc_server_get_stats(f.s, &st);
	} while (st.served < 4 && now_ms() < end && (sleep_ms(5), true));
	ASSERT_EQ(st.served, 4);
	ASSERT_EQ(st.refused, 0);
	ASSERT_OK(fixture_stop(&f, 5000));
}

TEST(non_req_peer_refused)
{
	struct fixture f;
	ASSERT_OK(fixture_start(&f, 300, 4));
	/* A rep peer (0x31), a pair peer (0x10), and no SP at all: each is closed. */
	static const uint8_t bad[][8] = {
		{ 0, 'S', 'P', 0, 0, 0x31, 0, 0 },
		{ 0, 'S', 'P', 0, 0, 0x10, 0, 0 },
		{ 'G', 'E', 'T', ' ', '/', ' ', 'H', 'T' },
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		int fd = raw_connect(f.path);
		ASSERT_TRUE(fd >= 0);
		ASSERT_OK(raw_send(fd, bad[i], 8));
		uint8_t h[8];
		ASSERT_OK(raw_recv(fd, h, 8)); /* the service's header: sent at once */
		ASSERT_EQ(h[5], 0x31);
		/* a request anyway: never answered, the connection ends */
		(void)raw_exec(fd, "echo", 1);
		uint32_t id;
		char out[64];
		ASSERT_ERRNO(raw_reply(fd, &id, out, sizeof(out)), -ECONNRESET);
		close(fd);
	}
	ASSERT_OK(nng_register(f.dir));
	ASSERT_EQ(atomic_load(&f.seen.started), 0);
	ASSERT_OK(fixture_stop(&f, 5000));
}

TEST(oversized_frame_closes_only_that_connection)
{
	struct fixture f;
	ASSERT_OK(fixture_start(&f, 300, 4));
	int keep = raw_open(f.path);
	ASSERT_TRUE(keep >= 0);
	int big = raw_open(f.path);
	ASSERT_TRUE(big >= 0);
	/* Far over the limit: the header alone ends the connection, unread. */
	uint8_t h[13] = { 1, 0, 0, 0, 0, 0, 0x10, 0, 0, 0x80, 0, 0, 1 }; /* 1 MiB */
	ASSERT_OK(raw_send(big, h, sizeof(h)));
	uint32_t id = 0;
	char out[64];
	ASSERT_ERRNO(raw_reply(big, &id, out, sizeof(out)), -ECONNRESET);
	close(big);
	/* Just over: skipped, not read into memory, answered EMSGSIZE; the connection stays. */
	int just = raw_open(f.path);
	ASSERT_TRUE(just >= 0);
	_cleanup_free_ uint8_t *frame = calloc(1, 13 + MAX_MSG + 1);
	ASSERT_NOT_NULL(frame);
	uint64_t n = MAX_MSG + 1 + 4;
	frame[0] = 1;
	for (int i = 0; i < 8; i++)
		frame[1 + i] = (uint8_t)(n >> (56 - 8 * i));
	frame[9] = 0x80;
	frame[12] = 7;
	ASSERT_OK(raw_send(just, frame, 13 + MAX_MSG + 1));
	ASSERT_OK(raw_reply(just, &id, out, sizeof(out)));
	ASSERT_EQ(id, 0x80000007u);
	ASSERT_STREQ(out, "error 90"); /* EMSGSIZE */
	ASSERT_OK(raw_exec(just, "after", 8));
	ASSERT_OK(raw_reply(just, &id, out, sizeof(out)));
	ASSERT_STREQ(out, "after");
	close(just);
	/* The other connection never noticed. */
	ASSERT_OK(raw_exec(keep, "still", 9));
	ASSERT_OK(raw_reply(keep, &id, out, sizeof(out)));
	ASSERT_EQ(id, 0x80000009u);
	ASSERT_STREQ(out, "still");
	close(keep);
	ASSERT_OK(fixture_stop(&f, 5000));
}

TEST(silent_client_does_not_block_others)
{
	struct fixture f;
	ASSERT_OK(fixture_start(&f, 300, 1));
	/* One connects and says nothing; one sends half a frame. */
	int silent = raw_connect(f.path);
	ASSERT_TRUE(silent >= 0);
	int half = raw_open(f.path);
	ASSERT_TRUE(half >= 0);
	_cleanup_free_ uint8_t *fr = NULL;
	size_t n = 0;
	ASSERT_OK(exec_frame("never", 1, &fr, &n));
	ASSERT_OK(raw_send(half, fr, n / 2));
	uint64_t t0 = now_ms();
	ASSERT_OK(nng_register(f.dir));
	ASSERT_OK(svc_register_twice(f.dir));
	ASSERT_TRUE(now_ms() - t0 < 1500);
	/* The half frame times out (5 s) and only its connection is closed. */
	uint32_t id;
	char out[64];
	struct timeval tv = { 10, 0 };
	(void)setsockopt(half, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	ASSERT_ERRNO(raw_reply(half, &id, out, sizeof(out)), -ECONNRESET);
	ASSERT_EQ(atomic_load(&f.seen.started), 0);
	close(half);
	close(silent);
	ASSERT_OK(fixture_stop(&f, 10000));
}

TEST(requests_of_connections_run_side_by_side)
{
	struct fixture f;
	ASSERT_OK(fixture_start(&f, 300, 4));
	int a = raw_open(f.path), b = raw_open(f.path);
	ASSERT_TRUE(a >= 0 && b >= 0);
	uint64_t t0 = now_ms();
	ASSERT_OK(raw_exec(a, "sleep:400", 1));
	ASSERT_OK(raw_exec(b, "sleep:400", 2));
	/* Pipelined on a: served after its first, in order. */
	ASSERT_OK(raw_exec(a, "second", 3));
	uint32_t id;
	char out[64];
	ASSERT_OK(raw_reply(b, &id, out, sizeof(out)));
	ASSERT_EQ(id, 0x80000002u);
	ASSERT_OK(raw_reply(a, &id, out, sizeof(out)));
	ASSERT_EQ(id, 0x80000001u);
	ASSERT_OK(raw_reply(a, &id, out, sizeof(out)));
	ASSERT_EQ(id, 0x80000003u);
	ASSERT_STREQ(out, "second");
	ASSERT_TRUE(now_ms() - t0 < 750); /* not 800: side by side */
	close(a);
	close(b);
	ASSERT_OK(fixture_stop(&f, 5000));
}

TEST(hang_up_cancels_the_call)
{
	struct fixture f;
	ASSERT_OK(fixture_start(&f, 300, 4));
	/* Gone while the handler runs: its cancel fd becomes readable. */
	int fd = raw_open(f.path);
	ASSERT_TRUE(fd >= 0);
	ASSERT_OK(raw_exec(fd, "wait", 1));
	uint64_t end = now_ms() + 3000;
	while (atomic_load(&f.seen.started) < 1 && now_ms() < end)
		sleep_ms(5);
	ASSERT_EQ(atomic_load(&f.seen.started), 1);
	sleep_ms(100); /* let it ask for the fd and wait on it */
	close(fd);
	end = now_ms() + 3000;
	while (atomic_load(&f.seen.cancelled) < 1 && now_ms() < end)
		sleep_ms(5);
	ASSERT_EQ(atomic_load(&f.seen.cancelled), 1);

	/* Gone before the handler asked: readable at once. */
	fd = raw_open(f.path);
	ASSERT_TRUE(fd >= 0);
	ASSERT_OK(raw_exec(fd, "late", 2));
	sleep_ms(50);
	close(fd);
	end = now_ms() + 3000;
	while (atomic_load(&f.seen.early) < 1 && now_ms() < end)
		sleep_ms(5);
	ASSERT_EQ(atomic_load(&f.seen.early), 1);

	/* A pipelined request is no hang-up. */
	fd = raw_open(f.path);
	ASSERT_TRUE(fd >= 0);
	ASSERT_OK(raw_exec(fd, "quiet", 3));
	ASSERT_OK(raw_exec(fd, "next", 4));
	uint32_t id;
	char out[64];
	ASSERT_OK(raw_reply(fd, &id, out, sizeof(out)));
	ASSERT_STREQ(out, "quiet");
	ASSERT_OK(raw_reply(fd, &id, out, sizeof(out)));
	ASSERT_STREQ(out, "next");
	ASSERT_EQ(atomic_load(&f.seen.not_cancelled), 1);
	close(fd);
	ASSERT_OK(fixture_stop(&f, 5000));
}

TEST(no_idle_exit_with_a_connection_open)
{
	struct fixture f;
	ASSERT_OK(fixture_start(&f, 200, 4));
	int fd = raw_open(f.path);
	ASSERT_TRUE(fd >= 0);
	sleep_ms(700);
	ASSERT_FALSE(atomic_load(&f.returned));
	/* Still served after the idle time, then idle once it leaves. */
	ASSERT_OK(raw_exec(fd, "hello", 1));
	uint32_t id;
	char out[64];
	ASSERT_OK(raw_reply(fd, &id, out, sizeof(out)));
	ASSERT_STREQ(out, "hello");
	sleep_ms(400);
	ASSERT_FALSE(atomic_load(&f.returned));
	close(fd);
	ASSERT_OK(fixture_stop(&f, 3000));
	/* It removed the socket it bound. */
	struct stat st;
	ASSERT_TRUE(stat(f.dir, &st) < 0);
}

TAP_MAIN(both_clients_answered, non_req_peer_refused, oversized_frame_closes_only_that_connection,
	 silent_client_does_not_block_others, requests_of_connections_run_side_by_side,
	 hang_up_cancels_the_call, no_idle_exit_with_a_connection_open)
