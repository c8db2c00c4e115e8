/* SPDX-License-Identifier: MIT */
/*
 * The front end's side: a req socket with send and receive timeouts, and,
 * when no service manager runs the service, the service manager's job done
 * in place: bind the listening socket, start the service with it as fd 3
 * (LISTEN_FDS=1, LISTEN_PID=its pid: the protocol systemd uses), connect.
 * The service exits when idle; the next front end that finds nothing
 * listening starts it again.
 *
 * nng is not fork safe, so the service is started with posix_spawn, never
 * fork() alone. LISTEN_PID must hold the service's own pid, which the
 * parent cannot set before the child exists; /bin/sh does it in one line
 * and execs in place (the pid is kept), which is what
 * systemd-socket-activate does in C.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <nng/nng.h>
#include <nng/protocol/reqrep0/req.h>

#include "ipc.h"

extern char **environ;

struct ipc_client {
	nng_socket sock;
	bool sock_open;
	char *dir;
	char *path;
	size_t max_msg;
	bool spawned;
	pid_t child;
};

/* The variables a spawned service inherits from the front end. */
static const char *const kept_env[] = {
	"HOME", "USER", "LOGNAME", "PATH", "LANG", "LC_ALL", "TZ",
	"XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
	/* Only read by sanitizer builds: lets their tests configure them. */
	"ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS",
};

#define SPAWN_ARGV_MAX 64
#define SPAWN_ENV_MAX 64

static uint64_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void
sleep_ms(unsigned ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000 };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static int
fill_sockaddr(const char *path, struct sockaddr_un *un)
{
	memset(un, 0, sizeof(*un));
	un->sun_family = AF_UNIX;
	size_t n = strlen(path);
	if (n >= sizeof(un->sun_path))
		return -ENAMETOOLONG;
	memcpy(un->sun_path, path, n + 1);
	return 0;
}

/*
 * Start the service with a listening socket at c->path. Serialised by a
 * lock file, so that of several front ends finding nothing at once, one
 * starts the service and the others find it listening: under the lock each
 * dials again first (a real connection, not a probe: a probe that connects
 * and closes costs the service a connection it must accept and drop).
 * Returns 1 when that dial connected, 0 when the service was started.
 */
static int
spawn_service(struct ipc_client *c, const char *url, char *const *argv,
	      char *const *extra_env)
{
	if (!argv || !argv[0] || argv[0][0] != '/')
		return -EINVAL;
	int r = ipc_runtime_dir_prepare(c->dir);
	if (r < 0)
		return r;
	_cleanup_free_ char *lock_path = NULL;
	if (asprintf(&lock_path, "%s.lock", c->path) < 0)
		return -ENOMEM;
	_cleanup_close_ int lock = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (lock < 0)
		return -errno;
	while (flock(lock, LOCK_EX) < 0)
		if (errno != EINTR)
			return -errno;

	r = ipc_error_from_nng(nng_dial(c->sock, url, NULL, 0));
	if (r == 0)
		return 1; /* another front end started it while we waited */
	if (r != -ECONNREFUSED && r != -ENOENT)
		return r;
	/* Nothing listens: what is at the path is a dead instance's. Ours to replace. */
	if (unlink(c->path) < 0 && errno != ENOENT)
		return -errno;

	struct sockaddr_un un;
	r = fill_sockaddr(c->path, &un);
	if (r < 0)
		return r;
	_cleanup_close_ int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&un, sizeof(un)) < 0)
		return -errno;
	if (listen(fd, SOMAXCONN) < 0)
		return -errno;
	/* dup2 onto 3 clears CLOEXEC only when the numbers differ. */
	if (fd == 3) {
		int moved = fcntl(fd, F_DUPFD_CLOEXEC, 4);
		if (moved < 0)
			return -errno;
		(void)close(fd);
		fd = moved;
	}

	/* argv: /bin/sh -c 'LISTEN_PID=$$ ...; exec "$@"' name argv... */
	const char *sh_argv[SPAWN_ARGV_MAX + 5];
	size_t na = 0;
	sh_argv[na++] = "/bin/sh";
	sh_argv[na++] = "-c";
	sh_argv[na++] = "LISTEN_PID=$$; export LISTEN_PID; exec \"$@\"";
	sh_argv[na++] = "lite-sandbox-activate";
	for (size_t i = 0; argv[i]; i++) {
		if (i >= SPAWN_ARGV_MAX)
			return -E2BIG;
		sh_argv[na++] = argv[i];
	}
	sh_argv[na] = NULL;

	_cleanup_free_ char *fdnames = NULL;
	if (asprintf(&fdnames, "LISTEN_FDNAMES=%s", "listener") < 0)
		return -ENOMEM;
	const char *envp[ARRAY_SIZE(kept_env) + SPAWN_ENV_MAX + 3];
	size_t ne = 0;
	envp[ne++] = "LISTEN_FDS=1";
	envp[ne++] = fdnames;
	for (size_t i = 0; i < ARRAY_SIZE(kept_env); i++) {
		size_t kl = strlen(kept_env[i]);
		for (char **e = environ; e && *e; e++)
			if (strncmp(*e, kept_env[i], kl) == 0 && (*e)[kl] == '=') {
				envp[ne++] = *e;
				break;
			}
	}
	for (size_t i = 0; extra_env && extra_env[i]; i++) {
		if (i >= SPAWN_ENV_MAX)
			return -E2BIG;
		envp[ne++] = extra_env[i];
	}
	envp[ne] = NULL;

	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	if ((r = posix_spawn_file_actions_init(&fa)) != 0)
		return -r;
	if ((r = posix_spawnattr_init(&attr)) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return -r;
	}
	sigset_t none, all;
	sigemptyset(&none);
	sigfillset(&all);
	int e = 0;
	if (!e) e = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (!e) e = posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	if (!e) e = posix_spawn_file_actions_adddup2(&fa, fd, 3);
	if (!e) e = posix_spawnattr_setsigmask(&attr, &none);
	if (!e) e = posix_spawnattr_setsigdefault(&attr, &all);
	/* Own session: the service outlives the front end and its terminal. */
	if (!e) e = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK |
					    POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID);
	pid_t pid = 0;
	if (!e)
		e = posix_spawn(&pid, "/bin/sh", &fa, &attr, (char *const *)sh_argv,
				(char *const *)envp);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (e != 0)
		return -e;
	c->child = pid;
	c->spawned = true;
	/* Our copy of the socket closes here; the service holds its own. */
	return 0;
}

int
ipc_client_new(const struct ipc_client_options *o, struct ipc_client **ret)
{
	if (!o || !o->service || !ret)
		return -EINVAL;
	struct ipc_client *c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->max_msg = o->max_msg ? o->max_msg : IPC_MSG_MAX;
	unsigned timeout = o->timeout_ms ? o->timeout_ms : 30000;
	_cleanup_free_ char *url = NULL;

	int r = ipc_runtime_dir(o->runtime_dir, &c->dir);
	if (r < 0)
		goto fail;
	r = ipc_socket_path(c->dir, o->service, &c->path);
	if (r < 0)
		goto fail;
	if (asprintf(&url, "ipc://%s", c->path) < 0) {
		r = -ENOMEM;
		goto fail;
	}
	r = ipc_error_from_nng(nng_req0_open(&c->sock));
	if (r < 0)
		goto fail;
	c->sock_open = true;
	if ((r = ipc_error_from_nng(nng_socket_set_ms(c->sock, NNG_OPT_SENDTIMEO, (nng_duration)timeout))) < 0 ||
	    (r = ipc_error_from_nng(nng_socket_set_ms(c->sock, NNG_OPT_RECVTIMEO, (nng_duration)timeout))) < 0 ||
	    (r = ipc_error_from_nng(nng_socket_set_size(c->sock, NNG_OPT_RECVMAXSZ, c->max_msg))) < 0 ||
	    /*
	     * No timed resend: an exec must not run twice because it ran long.
	     * nng still resends when the connection drops before the reply
	     * (an instance exiting idle as we connect), which is what we want.
	     */
	    (r = ipc_error_from_nng(nng_socket_set_ms(c->sock, NNG_OPT_REQ_RESENDTIME, NNG_DURATION_INFINITE))) < 0 ||
	    (r = ipc_error_from_nng(nng_socket_set_ms(c->sock, NNG_OPT_RECONNMINT, 10))) < 0 ||
	    (r = ipc_error_from_nng(nng_socket_set_ms(c->sock, NNG_OPT_RECONNMAXT, 200))) < 0)
		goto fail;

	uint64_t deadline = now_ms() + timeout;
	bool just_started = false;
	for (;;) {
		r = ipc_error_from_nng(nng_dial(c->sock, url, NULL, 0));
		if (r == 0)
			break;
		if (r != -ECONNREFUSED && r != -ENOENT)
			goto fail;
		if (!o->spawn_argv)
			goto fail;
		if (now_ms() >= deadline) {
			r = -ETIMEDOUT;
			goto fail;
		}
		if (!just_started) {
			/* Ours, or one another front end started meanwhile. */
			r = spawn_service(c, url, o->spawn_argv, o->spawn_envp);
			if (r < 0)
				goto fail;
			if (r == 1)
				break;
			just_started = true;
			continue;
		}
		/*
		 * Refused right after a start: that instance exited (idle, or
		 * failed) before we connected. Pause and start it again; a
		 * service that cannot start ends at the deadline.
		 */
		sleep_ms(20);
		just_started = false;
	}
	*ret = c;
	return 0;
fail:
	ipc_client_free(c);
	return r;
}

struct ipc_client *
ipc_client_free(struct ipc_client *c)
{
	if (!c)
		return NULL;
	if (c->sock_open)
		(void)nng_close(c->sock);
	/* Reap the service if it already exited; otherwise init will. */
	if (c->child > 0)
		(void)waitpid(c->child, NULL, WNOHANG);
	free(c->dir);
	free(c->path);
	free(c);
	return NULL;
}

bool
ipc_client_spawned(const struct ipc_client *c)
{
	return c->spawned;
}

/* The reply body that answers a request body (an Error answers any). */
static ipc_body
reply_type(ipc_body req)
{
	switch (req) {
	case LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER:
		return LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY;
	case LITE_SANDBOX__ENVELOPE__BODY_CHECK:
		return LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY;
	case LITE_SANDBOX__ENVELOPE__BODY_EXEC:
		return LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY;
	case LITE_SANDBOX__ENVELOPE__BODY_CONFIG:
		return LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY;
	case LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY:
	case LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY:
	case LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY:
	case LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY:
	case LITE_SANDBOX__ENVELOPE__BODY_ERROR:
	case LITE_SANDBOX__ENVELOPE__BODY__NOT_SET:
	case _LITE_SANDBOX__ENVELOPE__BODY__CASE_IS_INT_SIZE:
	default:
		return LITE_SANDBOX__ENVELOPE__BODY__NOT_SET;
	}
}

int
ipc_client_call(struct ipc_client *c, ipc_envelope *req, struct arena *a,
		ipc_envelope **ret, const char **ret_why)
{
	if (!c || !req || !a || !ret)
		return -EINVAL;
	_cleanup_free_ uint8_t *data = NULL;
	size_t len = 0;
	int r = ipc_pack(req, c->max_msg, &data, &len);
	if (r < 0)
		return r;
	nng_msg *msg = NULL;
	/*
	 * A reset before the reply: the service dropped the connection (an
	 * idle exit racing our connect, or the nng 1.5.2 listener
	 * replacement, see ipc_server.c). Requests that change nothing or
	 * change it idempotently are sent once more; an exec is not, since it
	 * may have run.
	 */
	int attempts = req->body_case == LITE_SANDBOX__ENVELOPE__BODY_EXEC ? 1 : 2;
	for (int i = 0; i < attempts; i++) {
		r = ipc_error_from_nng(nng_msg_alloc(&msg, 0));
		if (r < 0)
			return r;
		r = ipc_error_from_nng(nng_msg_append(msg, data, len));
		if (r == 0)
			r = ipc_error_from_nng(nng_sendmsg(c->sock, msg, 0));
		if (r < 0) {
			nng_msg_free(msg);
			return r;
		}
		r = ipc_error_from_nng(nng_recvmsg(c->sock, &msg, 0));
		if (r != -ECONNRESET)
			break;
	}
	if (r < 0)
		return r;
	ipc_envelope *rep = NULL;
	r = ipc_unpack(nng_msg_body(msg), nng_msg_len(msg), c->max_msg, a, &rep,
		       ret_why);
	nng_msg_free(msg);
	if (r < 0)
		return r;
	if (rep->body_case != LITE_SANDBOX__ENVELOPE__BODY_ERROR &&
	    rep->body_case != reply_type(req->body_case)) {
		if (ret_why)
			*ret_why = "reply does not answer the request";
		return -EPROTO;
	}
	*ret = rep;
	return 0;
}
