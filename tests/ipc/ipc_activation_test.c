/* SPDX-License-Identifier: MIT */
/*
 * The ipc layer against real processes: the test service bound on its own,
 * started by systemd-socket-activate, started by a manager that keeps its
 * socket across instances (what systemd does), and started by the client
 * helper itself. Paths of the helpers come from the environment
 * (IPC_TEST_SERVICE, IPC_TEST_CLIENT; meson sets them).
 */
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <nng/nng.h>
#include <nng/protocol/reqrep0/req.h>

#include "ipc.h"
#include "clock.h"
#include "tap.h"
#include "tmpdir.h"

extern char **environ;

#define SOCKET_ACTIVATE "/usr/bin/systemd-socket-activate"

static const char *
service_path(void)
{
	const char *p = getenv("IPC_TEST_SERVICE");
	return p ? p : "./ipc_test_service";
}



/* A fresh 0700 runtime directory; the caller frees the string. The
 * directory itself goes at the next test's call or at exit, also when the
 * test fails before its test_tmpdir_remove(). */
static char *
make_dir(void)
{
	return strdup(test_tmpdir_fresh("ipc-act"));
}

/* Wait for pid to exit within ms; its exit status, or -ETIMEDOUT (then killed). */
static int
wait_exit(pid_t pid, unsigned ms)
{
	uint64_t end = now_ms() + ms;
	for (;;) {
		int st = 0;
		pid_t w = waitpid(pid, &st, WNOHANG);
		if (w == pid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		if (w < 0)
			return -errno;
		if (now_ms() > end) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
			return -ETIMEDOUT;
		}
		sleep_ms(10);
	}
}

/*
 * Children still running when the test program ends (a failed assertion
 * leaves its test early) are killed, so that none keeps the TAP pipe open.
 */
static pid_t children[64];
static size_t n_children;

static void
kill_children(void)
{
	for (size_t i = 0; i < n_children; i++)
		if (waitpid(children[i], NULL, WNOHANG) == 0)
			kill(children[i], SIGKILL);
}

static void
track(pid_t pid)
{
	if (n_children == 0)
		atexit(kill_children);
	if (pid > 0 && n_children < ARRAY_SIZE(children))
		children[n_children++] = pid;
}

/*
 * Whether a listening socket is bound at path, from /proc/net/unix (a test
 * connection would itself trigger an activation). __SO_ACCEPTCON (0x10000)
 * in the flags column marks a listening socket; a file at the path alone
 * does not, since bind() comes before listen().
 */
static bool
listening(const char *path)
{
	FILE *f = fopen("/proc/net/unix", "re");
	if (!f)
		return false;
	char line[512];
	bool found = false;
	size_t n = strlen(path);
	while (!found && fgets(line, sizeof(line), f)) {
		size_t len = strcspn(line, "\n");
		line[len] = '\0';
		unsigned long flags = 0;
		if (len < n || strcmp(line + len - n, path) != 0 || line[len - n - 1] != ' ')
			continue;
		if (sscanf(line, "%*s %*s %*s %lx", &flags) == 1 && (flags & 0x10000))
			found = true;
	}
	fclose(f);
	return found;
}

static bool
wait_listening(const char *path, unsigned ms)
{
	uint64_t end = now_ms() + ms;
	while (!listening(path)) {
		if (now_ms() > end)
			return false;
		sleep_ms(5);
	}
	return true;
}

static pid_t
spawn(const char *const *argv, const char *const *envp, int listen_fd)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	if (listen_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, listen_fd, 3);
	pid_t pid = -1;
	int e = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv,
			    envp ? (char *const *)envp : environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e)
		return -e;
	track(pid);
	return pid;
}

/* Register a session through the client helper; the service's pid, or <0. */
struct reg_result {
	int r;
	long pid;
	uint64_t uid;
	bool spawned;
};

static struct reg_result
register_once(const char *dir, char *const *spawn_argv, unsigned timeout_ms)
{
	struct reg_result res = { .r = 0 };
	struct ipc_client_options o = {
		.service = "svc",
		.runtime_dir = dir,
		.timeout_ms = timeout_ms,
		.spawn_argv = spawn_argv,
	};
	struct ipc_client *c = NULL;
	res.r = ipc_client_new(&o, &c);
	if (res.r < 0) {
		printf("# connecting failed: %s\n", strerror(-res.r));
		return res;
	}
	res.spawned = ipc_client_spawned(c);
	struct arena *a = arena_new(1 << 20);
	LiteSandbox__SessionRegister reg = LITE_SANDBOX__SESSION_REGISTER__INIT;
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CLI;
	reg.cwd = (char *)"/srv/project";
	reg.pid = (uint32_t)getpid();
	ipc_envelope env, *rep = NULL;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	env.session_register = &reg;
	res.r = ipc_client_call(c, &env, a, &rep, NULL);
	if (res.r < 0)
		printf("# call failed: %s\n", strerror(-res.r));
	if (res.r >= 0) {
		if (rep->body_case != LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY)
			res.r = -EPROTO;
		else if (strcmp(rep->session_register_reply->project_dir, "/srv/project") != 0)
			res.r = -EPROTO;
		else {
			res.pid = strtol(rep->session_register_reply->session_id + 4, NULL, 10);
			res.uid = rep->session_register_reply->policy_generation;
		}
	}
	arena_free(a);
	ipc_client_free(c);
	return res;
}

/* ---- raw frames against a running service ------------------------------ */

struct raw {
	nng_socket s;
};

static int
raw_open(struct raw *r, const char *path)
{
	char url[256];
	snprintf(url, sizeof(url), "ipc://%s", path);
	int e = nng_req0_open(&r->s);
	if (e)
		return ipc_error_from_nng(e);
	nng_socket_set_ms(r->s, NNG_OPT_RECVTIMEO, 5000);
	nng_socket_set_ms(r->s, NNG_OPT_SENDTIMEO, 5000);
	return ipc_error_from_nng(nng_dial(r->s, url, NULL, 0));
}

/* Send bytes, decode the reply: its Error errno (>0), 0 for a non-error, <0 failure. */
static int
raw_call(struct raw *r, const void *data, size_t len, struct arena *a,
	 ipc_envelope **ret)
{
	int e = nng_send(r->s, (void *)data, len, 0);
	if (e)
		return ipc_error_from_nng(e);
	nng_msg *m = NULL;
	e = nng_recvmsg(r->s, &m, 0);
	if (e)
		return ipc_error_from_nng(e);
	ipc_envelope *env = NULL;
	int rr = ipc_unpack(nng_msg_body(m), nng_msg_len(m), 0, a, &env, NULL);
	nng_msg_free(m);
	if (rr < 0)
		return rr;
	*ret = env;
	return env->body_case == LITE_SANDBOX__ENVELOPE__BODY_ERROR ? env->error->errno_value : 0;
}

static int
raw_envelope(struct raw *r, ipc_envelope *env, struct arena *a, ipc_envelope **ret)
{
	_cleanup_free_ uint8_t *data = NULL;
	size_t len = 0;
	int e = ipc_pack(env, 0, &data, &len);
	if (e < 0)
		return e;
	return raw_call(r, data, len, a, ret);
}

static pid_t
start_bound_service(const char *dir, const char *idle)
{
	const char *argv[] = { service_path(), "--runtime-dir", dir, "--idle-ms", idle, NULL };
	return spawn(argv, NULL, -1);
}

TEST(refusals_keep_serving)
{
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	pid_t pid = start_bound_service(dir, "1500");
	ASSERT_TRUE(pid > 0);
	ASSERT_TRUE(wait_listening(path, 3000));

	struct raw raw;
	ASSERT_OK(raw_open(&raw, path));
	_cleanup_arena_ struct arena *a = arena_new(1 << 22);
	ipc_envelope *rep = NULL;

	/* A good exec first. */
	LiteSandbox__ExecRequest ex = LITE_SANDBOX__EXEC_REQUEST__INIT;
	ex.session_id = (char *)"s";
	ex.command = (char *)"echo hi";
	ex.cwd = (char *)"/";
	ex.timeout_ms = 100;
	ipc_envelope env;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	env.exec = &ex;
	ASSERT_EQ(raw_envelope(&raw, &env, a, &rep), 0);
	ASSERT_EQ(rep->exec_reply->stdout_data.len, 7);

	/* Malformed frame. */
	static const uint8_t garbage[] = { 0xff, 0xff, 0xff, 0x01 };
	ASSERT_EQ(raw_call(&raw, garbage, sizeof(garbage), a, &rep), EBADMSG);
	/* Oversized: one byte over the limit, refused before decoding. */
	_cleanup_free_ uint8_t *big = calloc(1, IPC_MSG_MAX + 1);
	ASSERT_NOT_NULL(big);
	ASSERT_EQ(raw_call(&raw, big, IPC_MSG_MAX + 1, a, &rep), EMSGSIZE);
	/* Wrong version. */
	_cleanup_free_ uint8_t *data = NULL;
	size_t len = 0;
	ASSERT_OK(ipc_pack(&env, 0, &data, &len));
	data[1] = 0x07;
	ASSERT_EQ(raw_call(&raw, data, len, a, &rep), EPROTONOSUPPORT);
	/* Missing required fields (exec with a session id only). */
	static const uint8_t missing[] = { 0x08, 0x01, 0x32, 0x03, 0x0a, 0x01, 'a' };
	ASSERT_EQ(raw_call(&raw, missing, sizeof(missing), a, &rep), EBADMSG);
	/* Invalid UTF-8. */
	ex.cwd = (char *)"/tmp/\xff";
	ASSERT_EQ(raw_envelope(&raw, &env, a, &rep), EBADMSG);
	ASSERT_STREQ(rep->error->message, "path is not UTF-8");
	ex.cwd = (char *)"/";
	/* A reply sent as a request: not in the table. */
	LiteSandbox__ConfigReply cr = LITE_SANDBOX__CONFIG_REPLY__INIT;
	cr.output = (char *)"x";
	ipc_envelope bogus;
	ipc_envelope_init(&bogus);
	bogus.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY;
	bogus.config_reply = &cr;
	ASSERT_EQ(raw_envelope(&raw, &bogus, a, &rep), EOPNOTSUPP);
	/* The handler's refusal, with its message. */
	ex.command = (char *)"fail";
	ASSERT_EQ(raw_envelope(&raw, &env, a, &rep), EACCES);
	ASSERT_STREQ(rep->error->message, "failing on purpose");
	/* An invalid reply is never sent: the peer gets EPROTO instead. */
	ex.command = (char *)"badreply";
	ASSERT_EQ(raw_envelope(&raw, &env, a, &rep), EPROTO);

	/* And the service still serves. */
	ex.command = (char *)"still here";
	ASSERT_EQ(raw_envelope(&raw, &env, a, &rep), 0);
	ASSERT_EQ(rep->exec_reply->stdout_data.len, 10);
	nng_close(raw.s);

	/* Idle: it exits on its own, cleanly, and removes its socket. */
	ASSERT_EQ(wait_exit(pid, 5000), 0);
	struct stat st;
	ASSERT_TRUE(stat(path, &st) < 0);
	test_tmpdir_remove();
}

TEST(client_round_trips)
{
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	/* Nothing there, and no spawning asked: the error says so. */
	struct reg_result res = register_once(dir, NULL, 1000);
	/* nng 1.5 reports a missing path as ECONNREFUSED. */
	ASSERT_TRUE(res.r == -ENOENT || res.r == -ECONNREFUSED);
	pid_t pid = start_bound_service(dir, "1000");
	ASSERT_TRUE(pid > 0);
	ASSERT_TRUE(wait_listening(path, 3000));
	res = register_once(dir, NULL, 3000);
	ASSERT_OK(res.r);
	ASSERT_EQ(res.pid, pid);
	ASSERT_EQ(res.uid, geteuid()); /* from the socket */
	ASSERT_FALSE(res.spawned);

	/* check: allow, and deny with a finding. */
	struct ipc_client_options o = { .service = "svc", .runtime_dir = dir, .timeout_ms = 3000 };
	struct ipc_client *c = NULL;
	ASSERT_OK(ipc_client_new(&o, &c));
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	LiteSandbox__CheckRequest chk = LITE_SANDBOX__CHECK_REQUEST__INIT;
	chk.cwd = (char *)"/";
	chk.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
	chk.command = (char *)"please deny me";
	chk.has_origin = true;
	chk.origin = LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK;
	ipc_envelope env, *rep = NULL;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
	env.check = &chk;
	ASSERT_OK(ipc_client_call(c, &env, a, &rep, NULL));
	ASSERT_EQ(rep->body_case, LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY);
	ASSERT_EQ(rep->check_reply->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	ASSERT_EQ(rep->check_reply->n_findings, 1);
	ASSERT_STREQ(rep->check_reply->findings[0]->rule, "test.deny");
	chk.command = (char *)"ls";
	ASSERT_OK(ipc_client_call(c, &env, a, &rep, NULL));
	ASSERT_EQ(rep->check_reply->verdict, LITE_SANDBOX__VERDICT__VERDICT_ALLOW);
	/* config */
	char *words[] = { (char *)"show" };
	LiteSandbox__ConfigRequest cf = LITE_SANDBOX__CONFIG_REQUEST__INIT;
	cf.argv = words;
	cf.n_argv = 1;
	cf.cwd = (char *)"/";
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG;
	env.config = &cf;
	ASSERT_OK(ipc_client_call(c, &env, a, &rep, NULL));
	ASSERT_STREQ(rep->config_reply->output, "ok\n");
	/* A request the client itself would send invalid never leaves. */
	cf.n_argv = 0;
	ASSERT_OK(ipc_client_call(c, &env, a, &rep, NULL));
	ASSERT_EQ(rep->body_case, LITE_SANDBOX__ENVELOPE__BODY_ERROR);
	ASSERT_EQ(rep->error->errno_value, EBADMSG);
	ipc_client_free(c);
	ASSERT_EQ(wait_exit(pid, 5000), 0);
	test_tmpdir_remove();
}

/* A foreign uid is refused, even with the file system left open to it. */
TEST(foreign_uid_refused)
{
	if (geteuid() != 0) {
		printf("# SKIP foreign_uid_refused: needs root to run a client as another uid\n");
		return;
	}
	const char *client = getenv("IPC_TEST_CLIENT");
	ASSERT_NOT_NULL(client);
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	pid_t pid = start_bound_service(dir, "2000");
	ASSERT_TRUE(pid > 0);
	ASSERT_TRUE(wait_listening(path, 3000));
	/* A misconfiguration the uid check must survive. */
	ASSERT_OK(chmod(dir, 0711));
	ASSERT_OK(chmod(path, 0666));

	int p[2];
	ASSERT_OK(pipe2(p, O_CLOEXEC));
	pid_t child = fork();
	ASSERT_TRUE(child >= 0);
	if (child == 0) {
		/* Only async-signal-safe calls before exec: nng is not fork safe. */
		static const gid_t none[1] = { 65534 };
		if (dup2(p[1], 1) < 0 || setgroups(1, none) < 0 ||
		    setresgid(65534, 65534, 65534) < 0 ||
		    setresuid(65534, 65534, 65534) < 0)
			_exit(120);
		char *const argv[] = { (char *)client, dir, (char *)"svc", NULL };
		execve(client, argv, environ);
		_exit(121);
	}
	close(p[1]);
	char out[512] = { 0 };
	ssize_t k = 0, n;
	while ((n = read(p[0], out + k, sizeof(out) - 1 - (size_t)k)) > 0)
		k += n;
	close(p[0]);
	ASSERT_EQ(wait_exit(child, 10000), 0);
	printf("# foreign client said: %s", out);
	ASSERT_TRUE(strncmp(out, "error 1 ", 8) == 0); /* EPERM */

	/* The owner is still served. */
	struct reg_result res = register_once(dir, NULL, 3000);
	ASSERT_OK(res.r);
	ASSERT_EQ(res.pid, pid);
	ASSERT_EQ(wait_exit(pid, 6000), 0);
	test_tmpdir_remove();
}

/* systemd-socket-activate -l PATH service: served, idle exit; three times. */
TEST(systemd_socket_activate_three_times)
{
	if (access(SOCKET_ACTIVATE, X_OK) < 0) {
		printf("# SKIP %s missing (package systemd)\n", SOCKET_ACTIVATE);
		return;
	}
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	long last = 0;
	for (int i = 0; i < 3; i++) {
		/* The path is the manager's: it stays after the service exits. */
		(void)unlink(path);
		const char *argv[] = { SOCKET_ACTIVATE, "-E", "LSAN_OPTIONS", "-l", path, service_path(),
				       "--idle-ms", "300", NULL };
		pid_t pid = spawn(argv, NULL, -1);
		ASSERT_TRUE(pid > 0);
		ASSERT_TRUE(wait_listening(path, 3000));
		struct reg_result res = register_once(dir, NULL, 5000);
		ASSERT_OK(res.r);
		/* systemd-socket-activate execs the service in place. */
		ASSERT_EQ(res.pid, pid);
		ASSERT_TRUE(res.pid != last);
		last = res.pid;
		ASSERT_EQ(wait_exit(pid, 5000), 0);
		/* The adapter left the manager's path alone. */
		struct stat st;
		ASSERT_OK(stat(path, &st));
	}
	test_tmpdir_remove();
}

struct racer {
	const char *dir;
	char *const *spawn_argv;
	struct reg_result res;
};

static void *
race(void *p)
{
	struct racer *r = p;
	r->res = register_once(r->dir, r->spawn_argv, 8000);
	return NULL;
}

/* 8 clients connect while the service is still starting: all are served. */
TEST(systemd_socket_activate_concurrent_startup)
{
	if (access(SOCKET_ACTIVATE, X_OK) < 0) {
		printf("# SKIP %s missing (package systemd)\n", SOCKET_ACTIVATE);
		return;
	}
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	const char *argv[] = { SOCKET_ACTIVATE, "-E", "LSAN_OPTIONS", "-l", path, service_path(),
			       "--idle-ms", "500", NULL };
	pid_t pid = spawn(argv, NULL, -1);
	ASSERT_TRUE(pid > 0);
	ASSERT_TRUE(wait_listening(path, 3000));
	struct racer r[8];
	pthread_t t[8];
	for (int i = 0; i < 8; i++) {
		r[i] = (struct racer){ .dir = dir };
		ASSERT_EQ(pthread_create(&t[i], NULL, race, &r[i]), 0);
	}
	for (int i = 0; i < 8; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 8; i++) {
		ASSERT_OK(r[i].res.r);
		ASSERT_EQ(r[i].res.pid, pid);
	}
	ASSERT_EQ(wait_exit(pid, 5000), 0);
	test_tmpdir_remove();
}

/*
 * What systemd itself does: the manager keeps the listening socket, starts
 * an instance when a connection waits, and goes back to watching the socket
 * when the instance exits. The socket must survive each instance (no
 * shutdown, no unlink by nng), and each first connection must be served.
 */
static void *
race_one(void *p)
{
	return race(p);
}

TEST(manager_socket_survives_instances)
{
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	strcpy(un.sun_path, path);
	_cleanup_close_ int lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ASSERT_TRUE(lfd >= 0);
	ASSERT_OK(bind(lfd, (struct sockaddr *)&un, sizeof(un)));
	ASSERT_OK(listen(lfd, 64));
	long last = 0;
	for (int i = 0; i < 3; i++) {
		struct racer r = { .dir = dir };
		pthread_t t;
		ASSERT_EQ(pthread_create(&t, NULL, race_one, &r), 0);
		/* Start the instance when a connection waits, as systemd does. */
		struct pollfd pfd = { .fd = lfd, .events = POLLIN };
		ASSERT_EQ(poll(&pfd, 1, 5000), 1);
		const char *argv[] = {
			"/bin/sh", "-c", "LISTEN_PID=$$; export LISTEN_PID; exec \"$@\"",
			"sh", service_path(), "--idle-ms", "300", NULL,
		};
		const char *envp[] = { "LISTEN_FDS=1", NULL };
		pid_t pid = spawn(argv, envp, lfd);
		ASSERT_TRUE(pid > 0);
		pthread_join(t, NULL);
		ASSERT_OK(r.res.r);
		ASSERT_EQ(r.res.pid, pid);
		ASSERT_TRUE(pid != last);
		last = pid;
		ASSERT_EQ(wait_exit(pid, 5000), 0);
		/* The manager's socket still listens and its path is still there. */
		_cleanup_close_ int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		ASSERT_OK(connect(probe, (struct sockaddr *)&un, sizeof(un)));
		close(probe);
		probe = -EBADF;
		/* Drain the probe's connection, so it does not start the next one. */
		_cleanup_close_ int drained = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
		ASSERT_TRUE(drained >= 0);
	}
	test_tmpdir_remove();
}

/* The client starts the service itself when nothing listens. */
TEST(self_spawn)
{
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	char *const argv[] = { (char *)service_path(), (char *)"--idle-ms", (char *)"300", NULL };
	long last = 0;
	for (int i = 0; i < 3; i++) {
		struct reg_result res = register_once(dir, argv, 5000);
		ASSERT_OK(res.r);
		ASSERT_TRUE(res.spawned);
		ASSERT_TRUE(res.pid > 0 && res.pid != last);
		last = res.pid;
		/* Idle exit; it is our child (posix_spawn'd through /bin/sh exec). */
		ASSERT_EQ(wait_exit((pid_t)res.pid, 5000), 0);
	}
	/* 8 clients at once find nothing: one instance serves them all. */
	struct racer r[8];
	pthread_t t[8];
	for (int i = 0; i < 8; i++) {
		r[i] = (struct racer){ .dir = dir, .spawn_argv = argv };
		ASSERT_EQ(pthread_create(&t[i], NULL, race, &r[i]), 0);
	}
	int spawned = 0;
	for (int i = 0; i < 8; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 8; i++) {
		ASSERT_OK(r[i].res.r);
		ASSERT_EQ(r[i].res.pid, r[0].res.pid);
		spawned += r[i].res.spawned;
	}
	ASSERT_EQ(spawned, 1);
	ASSERT_EQ(wait_exit((pid_t)r[0].res.pid, 5000), 0);
	test_tmpdir_remove();
}

/* A second instance bound by hand refuses to start; a dead one's socket is replaced. */
TEST(bound_instance_guard)
{
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	pid_t a = start_bound_service(dir, "800");
	ASSERT_TRUE(a > 0);
	ASSERT_TRUE(wait_listening(path, 3000));
	pid_t b = start_bound_service(dir, "800");
	ASSERT_TRUE(b > 0);
	ASSERT_EQ(wait_exit(b, 3000), 1); /* "listen: Address already in use" */
	/* b's probe of the live socket is a hang-up mid-handshake: a tick for the watchdog. */
	sleep_ms(250);
	struct reg_result res = register_once(dir, NULL, 3000);
	ASSERT_OK(res.r);
	ASSERT_EQ(res.pid, a);
	ASSERT_EQ(wait_exit(a, 5000), 0);
	/* A socket file nobody listens on. */
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	strcpy(un.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ASSERT_TRUE(fd >= 0);
	ASSERT_OK(bind(fd, (struct sockaddr *)&un, sizeof(un)));
	close(fd);
	pid_t c = start_bound_service(dir, "800");
	ASSERT_TRUE(c > 0);
	ASSERT_TRUE(wait_listening(path, 3000));
	res = register_once(dir, NULL, 3000);
	ASSERT_OK(res.r);
	ASSERT_EQ(res.pid, c);
	ASSERT_EQ(wait_exit(c, 5000), 0);
	test_tmpdir_remove();
}

/* Connect and hang up without the SP handshake (nng 1.5.2 bug #1518). */
static void
hang_up(const char *path)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	strcpy(un.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		(void)connect(fd, (struct sockaddr *)&un, sizeof(un));
		close(fd);
	}
}

/*
 * A peer that connects and hangs up mid-handshake wedged nng 1.5.2's
 * listener when the server used nng; the clients after it must be served.
 * Bound and activated, a few rounds each.
 */
TEST(handshake_abort_does_not_stall)
{
	for (int mode = 0; mode < 2; mode++) {
		_cleanup_free_ char *dir = make_dir();
		ASSERT_NOT_NULL(dir);
		_cleanup_free_ char *path = NULL;
		ASSERT_OK(ipc_socket_path(dir, "svc", &path));
		pid_t pid;
		if (mode == 0) {
			pid = start_bound_service(dir, "2000");
		} else {
			if (access(SOCKET_ACTIVATE, X_OK) < 0)
				continue;
			const char *argv[] = { SOCKET_ACTIVATE, "-E", "LSAN_OPTIONS", "-l", path, service_path(),
					       "--idle-ms", "2000", NULL };
			pid = spawn(argv, NULL, -1);
		}
		ASSERT_TRUE(pid > 0);
		ASSERT_TRUE(wait_listening(path, 3000));
		for (int round = 0; round < 3; round++) {
			hang_up(path);
			sleep_ms(250); /* past a watchdog tick */
			struct reg_result res = register_once(dir, NULL, 3000);
			ASSERT_OK(res.r);
			ASSERT_EQ(res.pid, pid);
		}
		ASSERT_EQ(wait_exit(pid, 8000), 0);
		test_tmpdir_remove();
	}
}

/* An Exec of the test service (its command is what it does, see there). */
static int
raw_exec(struct raw *r, const char *cmd, bool wait, struct arena *a, ipc_envelope **ret)
{
	LiteSandbox__ExecRequest m = LITE_SANDBOX__EXEC_REQUEST__INIT;
	m.session_id = (char *)"s";
	m.command = (char *)cmd;
	m.cwd = (char *)"/";
	m.timeout_ms = 60000;
	ipc_envelope env;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	env.exec = &m;
	if (wait)
		return raw_envelope(r, &env, a, ret);
	_cleanup_free_ uint8_t *data = NULL;
	size_t len = 0;
	int e = ipc_pack(&env, 0, &data, &len);
	return e < 0 ? e : ipc_error_from_nng(nng_send(r->s, data, len, 0));
}

static bool
wait_file(const char *path, unsigned ms)
{
	uint64_t end = now_ms() + ms;
	while (access(path, F_OK) < 0) {
		if (now_ms() > end)
			return false;
		sleep_ms(10);
	}
	return true;
}

/*
 * Requests in flight at once: a quick one is answered while a slow one of
 * another client runs (by order: the slow reply is not there yet). A call
 * whose client drops its connection is cancelled (its handler sees
 * ipc_call_cancel_fd readable); the process of the client lives on.
 */
TEST(concurrent_and_cancelled)
{
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL, *mark = NULL, *started = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	ASSERT_TRUE(asprintf(&mark, "%s/cancelled", dir) > 0);
	ASSERT_TRUE(asprintf(&started, "%s/cancelled.started", dir) > 0);
	const char *argv[] = { service_path(), "--runtime-dir", dir, "--idle-ms", "1500",
			       "--concurrent", "4", NULL };
	pid_t pid = spawn(argv, NULL, -1);
	ASSERT_TRUE(pid > 0);
	ASSERT_TRUE(wait_listening(path, 3000));
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	ipc_envelope *rep = NULL;

	struct raw slow, quick;
	ASSERT_OK(raw_open(&slow, path));
	ASSERT_OK(raw_open(&quick, path));
	ASSERT_OK(raw_exec(&slow, "sleep:3000", false, a, NULL));
	sleep_ms(100); /* let it reach its handler */
	ASSERT_EQ(raw_exec(&quick, "quick", true, a, &rep), 0);
	ASSERT_EQ(rep->body_case, LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY);
	nng_msg *m = NULL;
	/* the slow one has not answered yet: served side by side */
	ASSERT_EQ(nng_recvmsg(slow.s, &m, NNG_FLAG_NONBLOCK), NNG_EAGAIN);
	ASSERT_EQ(nng_recvmsg(slow.s, &m, 0), 0);
	nng_msg_free(m);
	nng_close(quick.s);
	nng_close(slow.s);

	struct raw gone;
	ASSERT_OK(raw_open(&gone, path));
	char cmd[4200];
	snprintf(cmd, sizeof(cmd), "cancelfile:%s", mark);
	ASSERT_OK(raw_exec(&gone, cmd, false, a, NULL));
	ASSERT_TRUE(wait_file(started, 5000));
	ASSERT_TRUE(access(mark, F_OK) < 0); /* not before the hang-up */
	nng_close(gone.s); /* the connection goes, this process stays */
	ASSERT_TRUE(wait_file(mark, 5000));
	unlink(mark);
	unlink(started);
	ASSERT_EQ(wait_exit(pid, 8000), 0);
	test_tmpdir_remove();
}

/*
 * Phases per connection (--phases): config is refused until a register on
 * the same connection permitted it; register is accepted once per
 * connection; another connection starts from the beginning.
 */
TEST(phases_per_connection)
{
	_cleanup_free_ char *dir = make_dir();
	ASSERT_NOT_NULL(dir);
	_cleanup_free_ char *path = NULL;
	ASSERT_OK(ipc_socket_path(dir, "svc", &path));
	const char *argv[] = { service_path(), "--runtime-dir", dir, "--idle-ms", "1000",
			       "--concurrent", "2", "--phases", NULL };
	pid_t pid = spawn(argv, NULL, -1);
	ASSERT_TRUE(pid > 0);
	ASSERT_TRUE(wait_listening(path, 3000));
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	ipc_envelope *rep = NULL;

	char *words[] = { (char *)"show" };
	LiteSandbox__ConfigRequest cf = LITE_SANDBOX__CONFIG_REQUEST__INIT;
	cf.argv = words;
	cf.n_argv = 1;
	cf.cwd = (char *)"/";
	ipc_envelope cfg;
	ipc_envelope_init(&cfg);
	cfg.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG;
	cfg.config = &cf;
	LiteSandbox__SessionRegister sr = LITE_SANDBOX__SESSION_REGISTER__INIT;
	sr.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CLI;
	sr.cwd = (char *)"/srv/project";
	sr.pid = (uint32_t)getpid();
	ipc_envelope reg;
	ipc_envelope_init(&reg);
	reg.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	reg.session_register = &sr;

	struct raw c1, c2;
	ASSERT_OK(raw_open(&c1, path));
	ASSERT_EQ(raw_envelope(&c1, &cfg, a, &rep), EPERM);
	ASSERT_EQ(raw_envelope(&c1, &reg, a, &rep), 0);
	ASSERT_EQ(raw_envelope(&c1, &cfg, a, &rep), 0);
	ASSERT_STREQ(rep->config_reply->output, "ok\n");
	ASSERT_EQ(raw_envelope(&c1, &reg, a, &rep), EALREADY);
	ASSERT_EQ(raw_envelope(&c1, &cfg, a, &rep), 0); /* the permit stays */
	ASSERT_OK(raw_open(&c2, path));
	ASSERT_EQ(raw_envelope(&c2, &cfg, a, &rep), EPERM);
	ASSERT_EQ(raw_envelope(&c2, &reg, a, &rep), 0);
	/* a type not in the table */
	LiteSandbox__CheckRequest ck = LITE_SANDBOX__CHECK_REQUEST__INIT;
	ck.cwd = (char *)"/";
	ck.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
	ck.command = (char *)"ls";
	ck.has_origin = true;
	ck.origin = LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK;
	ipc_envelope chk;
	ipc_envelope_init(&chk);
	chk.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
	chk.check = &ck;
	ASSERT_EQ(raw_envelope(&c2, &chk, a, &rep), EOPNOTSUPP);
	nng_close(c1.s);
	nng_close(c2.s);
	ASSERT_EQ(wait_exit(pid, 8000), 0);
	test_tmpdir_remove();
}

TAP_MAIN(concurrent_and_cancelled, phases_per_connection,
	 handshake_abort_does_not_stall, bound_instance_guard, refusals_keep_serving, client_round_trips, foreign_uid_refused,
	 systemd_socket_activate_three_times,
	 systemd_socket_activate_concurrent_startup,
	 manager_socket_survives_instances, self_spawn)
