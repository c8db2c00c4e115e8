/* SPDX-License-Identifier: MIT */
/*
 * services_client's direct connection (lib/ipc/services_client.c) against a
 * fake service in a child process: the request follows our handshake header
 * without waiting for the service's (a service that holds its header back
 * until it has the whole request still gets it and answers), the service's
 * header is checked before its reply is taken, and a service that is not
 * there is told apart (what svc_open needs to start it).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "services_client.h"
#include "tap.h"
#include "tmpdir.h"

enum peer_mode {
	PEER_HOLD_HEADER, /* our header only after the whole request */
	PEER_WRONG_PROTO, /* a pub0 header instead of rep0 */
	PEER_DROP_FIRST,  /* drop the first connection in its handshake, then register */
	PEER_DROP_ALL,    /* drop every connection in its handshake */
	PEER_RESET_AFTER, /* send our header, read the request, hang up: twice */
};

static const char *rt; /* the runtime directory, from tests/tmpdir.h: gone at exit */

static int
readn(int fd, void *p, size_t n)
{
	unsigned char *b = p;
	while (n > 0) {
		ssize_t k = read(fd, b, n);
		if (k <= 0)
			return -1;
		b += k;
		n -= (size_t)k;
	}
	return 0;
}

static int
writen(int fd, const void *p, size_t n)
{
	const unsigned char *b = p;
	while (n > 0) {
		ssize_t k = write(fd, b, n);
		if (k <= 0)
			return -1;
		b += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The fake service: one connection, one request, its reply; 0 on success. */
static int
peer(int lfd, enum peer_mode mode)
{
	int fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		return 10;
	unsigned char hello[8], head[13];
	static const unsigned char req_hello[8] = { 0, 'S', 'P', 0, 0, 0x30, 0, 0 };
	if (readn(fd, hello, sizeof(hello)) < 0 || memcmp(hello, req_hello, 8) != 0)
		return 11;
	if (readn(fd, head, sizeof(head)) < 0 || head[0] != 1)
		return 12;
	uint64_t n = 0;
	for (int i = 0; i < 8; i++)
		n = n << 8 | head[1 + i];
	if (n < 4 || n > 65536)
		return 13;
	unsigned char body[65536];
	if (readn(fd, body, (size_t)(n - 4)) < 0)
		return 14;
	/* the request arrived before we said who we are */
	unsigned char my_hello[8] = { 0, 'S', 'P', 0, 0, 0x31, 0, 0 };
	if (mode == PEER_WRONG_PROTO)
		my_hello[5] = 0x21;
	struct arena *a = arena_new(4096);
	ipc_envelope env;
	ipc_envelope_init(&env);
	uint8_t *data = NULL;
	size_t len = 0;
	if (!a || ipc_envelope_set_error(&env, a, -EILSEQ, "fake service") < 0 ||
	    ipc_pack(&env, 0, &data, &len) < 0)
		return 15;
	uint64_t rl = (uint64_t)len + 4;
	unsigned char rh[13];
	rh[0] = 1;
	for (int i = 0; i < 8; i++)
		rh[1 + i] = (unsigned char)(rl >> (56 - 8 * i));
	memcpy(rh + 9, head + 9, 4); /* the request id */
	/* a wrong header alone: the client must give up on it, not wait for
	 * a reply (it would time out instead) */
	if (writen(fd, my_hello, 8) < 0 ||
	    (mode != PEER_WRONG_PROTO &&
	     (writen(fd, rh, sizeof(rh)) < 0 || writen(fd, data, len) < 0)))
		return 16;
	free(data);
	arena_free(a);
	/* until the client hangs up */
	char c;
	while (read(fd, &c, 1) > 0)
		;
	close(fd);
	return 0;
}

/*
 * A service that never serves a connection (a socket nobody accepts on any
 * more, a connection over the cap): read the client's header, hang up
 * before sending ours. PEER_DROP_FIRST then registers the second
 * connection; PEER_DROP_ALL drops all SVC_UNSERVED_TRIES of them;
 * PEER_RESET_AFTER sends its header and reads the request before hanging
 * up (a service that died serving it), twice. Returns 0 when the
 * connections went as the mode says.
 */
static int
dropping_peer(int lfd, enum peer_mode mode)
{
	int conns = mode == PEER_DROP_ALL ? SVC_UNSERVED_TRIES : 2;
	for (int conn = 0; conn < conns; conn++) {
		/* a client that does not come back fails the test, not hangs it */
		struct pollfd pf = { .fd = lfd, .events = POLLIN };
		if (poll(&pf, 1, 5000) != 1)
			return 30 + conn;
		int fd = accept(lfd, NULL, NULL);
		if (fd < 0)
			return 20;
		unsigned char hello[8], head[13];
		if (readn(fd, hello, sizeof(hello)) < 0)
			return 21;
		if (mode == PEER_DROP_ALL || (mode == PEER_DROP_FIRST && conn == 0)) {
			close(fd);
			continue;
		}
		static const unsigned char my_hello[8] = { 0, 'S', 'P', 0, 0, 0x31, 0, 0 };
		if (mode == PEER_RESET_AFTER && writen(fd, my_hello, 8) < 0)
			return 26;
		if (readn(fd, head, sizeof(head)) < 0)
			return 22;
		uint64_t n = 0;
		for (int i = 0; i < 8; i++)
			n = n << 8 | head[1 + i];
		unsigned char body[65536];
		if (n < 4 || n > sizeof(body) || readn(fd, body, (size_t)(n - 4)) < 0)
			return 23;
		if (mode == PEER_RESET_AFTER) {
			close(fd);
			continue;
		}
		struct arena *a = arena_new(4096);
		ipc_envelope env;
		LiteSandbox__SessionRegisterReply m;
		ipc_envelope_init(&env);
		lite_sandbox__session_register_reply__init(&m);
		m.session_id = (char *)"second";
		m.project_dir = (char *)"/tmp";
		env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY;
		env.session_register_reply = &m;
		uint8_t *data = NULL;
		size_t len = 0;
		if (!a || ipc_pack(&env, 0, &data, &len) < 0)
			return 24;
		uint64_t rl = (uint64_t)len + 4;
		unsigned char rh[13];
		rh[0] = 1;
		for (int i = 0; i < 8; i++)
			rh[1 + i] = (unsigned char)(rl >> (56 - 8 * i));
		memcpy(rh + 9, head + 9, 4);
		if (writen(fd, my_hello, 8) < 0 || writen(fd, rh, sizeof(rh)) < 0 ||
		    writen(fd, data, len) < 0)
			return 25;
		free(data);
		arena_free(a);
		char c;
		while (read(fd, &c, 1) > 0)
			;
		close(fd);
	}
	return 0;
}

/* Listen as service `name` in dir and run the fake service in a child. */
static pid_t
start_peer_in(const char *dir, const char *name, enum peer_mode mode)
{
	_cleanup_free_ char *path = NULL;
	if (ipc_socket_path(dir, name, &path) < 0)
		return -1;
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	snprintf(un.sun_path, sizeof(un.sun_path), "%s", path);
	unlink(path);
	int lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (lfd < 0 || bind(lfd, (struct sockaddr *)&un, sizeof(un)) < 0 || listen(lfd, 4) < 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0)
		_exit(mode == PEER_DROP_FIRST || mode == PEER_DROP_ALL || mode == PEER_RESET_AFTER
			      ? dropping_peer(lfd, mode)
			      : peer(lfd, mode));
	close(lfd);
	return pid;
}

static pid_t
start_peer(const char *name, enum peer_mode mode)
{
	return start_peer_in(rt, name, mode);
}

static int
call_once(const char *name, struct arena *a, ipc_envelope **ret)
{
	struct svc_conn *c = NULL;
	int r = svc_open_direct(rt, name, 2000, &c);
	if (r < 0)
		return r;
	ipc_envelope env;
	LiteSandbox__SessionRegister m;
	ipc_envelope_init(&env);
	lite_sandbox__session_register__init(&m);
	m.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CLI;
	m.cwd = (char *)"/";
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	env.session_register = &m;
	const char *why = NULL;
	r = svc_call(c, &env, a, ret, &why);
	svc_close(c);
	return r;
}

static int
peer_status(pid_t pid)
{
	int ws = 0;
	if (waitpid(pid, &ws, 0) != pid || !WIFEXITED(ws))
		return -1;
	return WEXITSTATUS(ws);
}

TEST(request_does_not_wait_for_the_service_header)
{
	pid_t pid = start_peer("hold", PEER_HOLD_HEADER);
	ASSERT_TRUE(pid > 0);
	_cleanup_arena_ struct arena *a = arena_new(65536);
	ipc_envelope *rep = NULL;
	ASSERT_OK(call_once("hold", a, &rep));
	ASSERT_EQ(rep->body_case, LITE_SANDBOX__ENVELOPE__BODY_ERROR);
	ASSERT_EQ(rep->error->errno_value, EILSEQ);
	ASSERT_STREQ(rep->error->message, "fake service");
	ASSERT_EQ(peer_status(pid), 0);
}

TEST(service_header_is_checked_before_the_reply)
{
	pid_t pid = start_peer("wrong", PEER_WRONG_PROTO);
	ASSERT_TRUE(pid > 0);
	_cleanup_arena_ struct arena *a = arena_new(65536);
	ipc_envelope *rep = NULL;
	ASSERT_ERRNO(call_once("wrong", a, &rep), -EPROTO);
	ASSERT_NULL(rep);
	ASSERT_EQ(peer_status(pid), 0);
}

TEST(nothing_listening_is_told_apart)
{
	struct svc_conn *c = NULL;
	/* no socket at all */
	ASSERT_ERRNO(svc_open_direct(rt, "absent", 2000, &c), -ENOENT);
	ASSERT_NULL(c);
	/* a socket file nobody listens on (a service that died) */
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(rt, "stale", &path));
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	snprintf(un.sun_path, sizeof(un.sun_path), "%s", path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ASSERT_TRUE(fd >= 0);
	ASSERT_OK(bind(fd, (struct sockaddr *)&un, sizeof(un)));
	close(fd);
	ASSERT_ERRNO(svc_open_direct(rt, "stale", 2000, &c), -ECONNREFUSED);
	ASSERT_NULL(c);
}

/*
 * svc_open_session registers again on a new connection when the registrar
 * never served the last one (closed before its handshake header: the
 * request was not read), up to SVC_UNSERVED_TRIES tries with short pauses,
 * then says -ECONNABORTED; when the registrar hung up after reading the
 * request, once more only. The fake listens where svc_open looks for this
 * user's registrar, so svc_open connects and starts nothing.
 */
TEST(registration_is_retried_once_after_a_reset)
{
	char name[256];
	ASSERT_OK(svc_instance_name("registrar", name, sizeof(name)));
	_cleanup_free_ char *dir = NULL;
	ASSERT_OK(ipc_runtime_dir(NULL, &dir));
	ASSERT_OK(ipc_runtime_dir_prepare(dir));
	_cleanup_arena_ struct arena *a = arena_new(65536);
	char err[256];

	pid_t pid = start_peer_in(dir, name, PEER_DROP_FIRST);
	ASSERT_TRUE(pid > 0);
	struct svc_conn *c = NULL;
	const LiteSandbox__SessionRegisterReply *sr = NULL;
	ASSERT_OK(svc_open_session(LITE_SANDBOX__AGENT_KIND__AGENT_CLI, "/tmp", NULL, 2000, a, &c,
				   &sr, err, sizeof(err)));
	ASSERT_NOT_NULL(c);
	ASSERT_STREQ(sr->session_id, "second");
	svc_close(c);
	ASSERT_EQ(peer_status(pid), 0);

	pid = start_peer_in(dir, name, PEER_DROP_ALL);
	ASSERT_TRUE(pid > 0);
	c = NULL;
	int r = svc_open_session(LITE_SANDBOX__AGENT_KIND__AGENT_CLI, "/tmp", NULL, 2000, a, &c,
				 &sr, err, sizeof(err));
	ASSERT_ERRNO(r, -ECONNABORTED);
	ASSERT_NULL(c);
	/* every try dropped unserved: the peer saw exactly what it expects */
	ASSERT_EQ(peer_status(pid), 0);

	/* served and then reset (the request was read): once more, no more */
	pid = start_peer_in(dir, name, PEER_RESET_AFTER);
	ASSERT_TRUE(pid > 0);
	c = NULL;
	r = svc_open_session(LITE_SANDBOX__AGENT_KIND__AGENT_CLI, "/tmp", NULL, 2000, a, &c, &sr,
			     err, sizeof(err));
	ASSERT_TRUE(r == -ECONNRESET || r == -EPIPE);
	ASSERT_NULL(c);
	ASSERT_EQ(peer_status(pid), 0);
}

int main_tests(void);

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);
	rt = test_tmpdir_fresh("svc-client-test");
	/* svc_open looks under $XDG_RUNTIME_DIR/lite-sandbox */
	if (setenv("XDG_RUNTIME_DIR", rt, 1) < 0)
		return 1;
	return main_tests();
}

#define main main_tests
TAP_MAIN(request_does_not_wait_for_the_service_header, service_header_is_checked_before_the_reply,
	 nothing_listening_is_told_apart, registration_is_retried_once_after_a_reset)
