/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox-executor: validates and runs commands (see docs/services.md).
 *
 *   lite-sandbox-executor [--service NAME] [--registrar NAME] [--config FILE]
 *                         [--runtime-dir DIR] [--idle-ms N] [--bin PATH]
 *
 * An Exec request is checked by the registrar (the session's policy, its
 * tickets, its audit), then run by `lite-sandbox exec --in-process`: the
 * interpreter, which checks every command again after expansion. With
 * os_sandbox on, that runs inside a long-lived sandbox worker (lib/sandbox),
 * one per project and policy generation, reused, restarted when it dies and
 * replaced when the config changes. Output goes to memory files read back up
 * to a cap, so a command that prints a lot never blocks on a pipe.
 *
 * The process uses nng, whose threads do not survive fork(): every child is
 * started with posix_spawn (here and in lib/sandbox).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "ipc.h"
#include "service_common.h"
#include "sandbox.h"
#include "services_client.h"

extern char **environ;


/* Each of stdout and stderr is cut here: the whole reply stays under the
 * frame limit with room for the findings. */
#define EXEC_OUTPUT_MAX ((size_t)1 << 20)
#define EXEC_WORKERS_MAX 8

struct worker_slot {
	char *key;              /* project directory + generation */
	struct sandbox_worker *w;
	uint64_t used;
};

struct executor {
	const char *bin;        /* lite-sandbox, run as `exec --in-process` */
	const char *config_path;
	char *const *registrar_argv;
	const char *registrar_service;
	const char *runtime_dir;
	struct ipc_client *registrar;
	struct worker_slot workers[EXEC_WORKERS_MAX];
	uint64_t clock;
};

/* ---- the registrar ------------------------------------------------------------- */

static int
registrar_check(struct executor *x, struct ipc_call *call, const LiteSandbox__ExecRequest *q,
		const LiteSandbox__CheckReply **ret)
{
	ipc_envelope env, *rep = NULL;
	LiteSandbox__CheckRequest m;
	const char *why = NULL;
	int r;

	/* A registrar that went away (idle exit, crash) is started again once. */
	for (int attempt = 0; attempt < 2; attempt++) {
		if (!x->registrar) {
			struct ipc_client_options o = {
				.service = x->registrar_service,
				.runtime_dir = x->runtime_dir,
				/* short: a registrar that died leaves the call
				 * waiting for this long before we start another */
				.timeout_ms = 3000,
				.spawn_argv = x->registrar_argv,
			};
			r = ipc_client_new(&o, &x->registrar);
			if (r < 0) {
				call->error_message = "the registrar cannot be reached";
				return r;
			}
		}
		ipc_envelope_init(&env);
		lite_sandbox__check_request__init(&m);
		m.session_id = q->session_id;
		m.cwd = q->cwd;
		m.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
		m.command = q->command;
		m.ticket_id = q->ticket_id;
		env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
		env.check = &m;
		r = ipc_client_call(x->registrar, &env, call->arena, &rep, &why);
		if (r >= 0)
			break;
		x->registrar = ipc_client_free(x->registrar);
	}
	if (r < 0) {
		call->error_message = "the registrar did not answer";
		return r;
	}
	if (rep->body_case == LITE_SANDBOX__ENVELOPE__BODY_ERROR) {
		call->error_message = arena_printf(call->arena, "registrar: %s", rep->error->message);
		return rep->error->errno_value > 0 ? -rep->error->errno_value : -EPROTO;
	}
	if (rep->body_case != LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY) {
		call->error_message = "the registrar answered with something else";
		return -EPROTO;
	}
	*ret = rep->check_reply;
	return 0;
}

/* ---- output -------------------------------------------------------------------- */

/*
 * The first EXEC_OUTPUT_MAX bytes of a memory file, and a notice at the end
 * when there were more. The notice is part of the stream, so that a person
 * or an agent reading only the text sees it.
 */
static int
read_capped(int fd, struct arena *a, ProtobufCBinaryData *ret, protobuf_c_boolean *ret_truncated)
{
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -errno;
	size_t total = (size_t)st.st_size, n = total > EXEC_OUTPUT_MAX ? EXEC_OUTPUT_MAX : total;
	char notice[160] = "";
	if (total > n)
		snprintf(notice, sizeof(notice),
			 "\n[lite-sandbox: output truncated: %zu of %zu bytes shown]\n", n, total);
	size_t nl = strlen(notice);
	uint8_t *d = arena_alloc(a, n + nl + 1);
	if (!d)
		return -ENOMEM;
	size_t got = 0;
	while (got < n) {
		ssize_t k = pread(fd, d + got, n - got, (off_t)got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	memcpy(d + got, notice, nl);
	ret->data = d;
	ret->len = got + nl;
	*ret_truncated = total > n;
	return 0;
}

/* ---- running ------------------------------------------------------------------- */

static long
ms_since(const struct timespec *t0)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

/*
 * Without the OS sandbox: spawn and wait, killing the group at the deadline,
 * or as soon as the client process (peer_pid, from the socket) is gone: no
 * one would read the answer, so the command is cancelled (-ECANCELED).
 */
static int
run_plain(struct executor *x, const char *cwd, char *const *argv, int out_fd, int err_fd,
	  unsigned timeout_ms, pid_t peer_pid, int *ret_status, bool *ret_killed)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, all;
	sigemptyset(&none);
	sigfillset(&all);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
	posix_spawn_file_actions_addchdir_np(&fa, cwd);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
					      POSIX_SPAWN_SETPGROUP);
	pid_t pid;
	int e = posix_spawn(&pid, x->bin, &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (e != 0)
		return -e;
	int ws = 0;
	_cleanup_close_ int pfd = (int)syscall(SYS_pidfd_open, pid, 0);
	_cleanup_close_ int peer_fd = peer_pid > 0 ? (int)syscall(SYS_pidfd_open, peer_pid, 0) : -1;
	/* a client gone before we started: nobody waits for this */
	bool cancelled = peer_pid > 0 && peer_fd < 0 && errno == ESRCH;
	if (cancelled) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
		while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
			;
	}
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	unsigned limit = timeout_ms;
	*ret_killed = false;
	while (!cancelled) {
		pid_t w = waitpid(pid, &ws, WNOHANG);
		if (w == pid)
			break;
		long left = (long)limit - ms_since(&t0);
		if (left <= 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
				;
			*ret_killed = true;
			break;
		}
		struct pollfd p[2] = { { .fd = pfd, .events = POLLIN },
				       { .fd = peer_fd, .events = POLLIN } };
		if (pfd >= 0) {
			(void)poll(p, 2, (int)(left > 100000 ? 100000 : left));
			if (peer_fd >= 0 && (p[1].revents & POLLIN)) {
				kill(-pid, SIGKILL);
				kill(pid, SIGKILL);
				while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
					;
				cancelled = true;
				break;
			}
		} else {
			struct timespec ts = { 0, 5000000 };
			nanosleep(&ts, NULL);
		}
	}
	kill(-pid, SIGKILL); /* whatever it left behind in its group */
	*ret_status = ws;
	return cancelled ? -ECANCELED : 0;
}

static struct sandbox_worker *
get_worker(struct executor *x, const struct config *cfg, const char *cwd, const char *project,
	   uint64_t generation, struct sandbox_error *err, int *ret_err)
{
	char key[PATH_MAX + 32];
	snprintf(key, sizeof(key), "%llu:%s", (unsigned long long)generation, project);
	struct worker_slot *victim = &x->workers[0];
	x->clock++;
	for (size_t i = 0; i < EXEC_WORKERS_MAX; i++) {
		struct worker_slot *s = &x->workers[i];
		if (s->key && strcmp(s->key, key) == 0) {
			s->used = x->clock;
			return s->w;
		}
		if (!s->key || s->used < victim->used)
			victim = s;
	}
	/* a worker of an older generation holds the old policy: it goes */
	for (size_t i = 0; i < EXEC_WORKERS_MAX; i++) {
		struct worker_slot *s = &x->workers[i];
		if (s->key && strtoull(s->key, NULL, 10) != generation) {
			s->w = sandbox_worker_free(s->w);
			free(s->key);
			s->key = NULL;
			victim = s;
		}
	}
	victim->w = sandbox_worker_free(victim->w);
	free(victim->key);
	victim->key = NULL;

	const char *home = getenv("HOME");
	struct sandbox_context ctx = {
		.cwd = project ? project : cwd,
		.home = home && home[0] == '/' ? home : "/",
		.tmpdir = getenv("TMPDIR"),
		.runtime_dir = getenv("XDG_RUNTIME_DIR"),
		.path = getenv("PATH"),
		.self_exe = x->bin,
		.helper = sandbox_default_helper(),
		.environ = environ,
		.uid = (unsigned)getuid(),
	};
	struct sandbox_policy *pol = NULL;
	int r = sandbox_policy_build(cfg, &ctx, &pol, err);
	if (r >= 0) {
		struct sandbox_launch l = { .fd_in = -1, .fd_out = -1, .fd_err = -1 };
		r = sandbox_worker_start(pol, &l, &victim->w, err);
	}
	sandbox_policy_free(pol);
	if (r < 0) {
		*ret_err = r;
		return NULL;
	}
	victim->key = strdup(key);
	if (!victim->key) {
		victim->w = sandbox_worker_free(victim->w);
		*ret_err = -ENOMEM;
		return NULL;
	}
	victim->used = x->clock;
	return victim->w;
}

static int
on_exec(struct ipc_call *call, void *userdata)
{
	struct executor *x = userdata;
	const LiteSandbox__ExecRequest *q = call->request->exec;
	const LiteSandbox__CheckReply *chk = NULL;
	int r = registrar_check(x, call, q, &chk);
	if (r < 0)
		return r;

	LiteSandbox__ExecReply *rep = arena_alloc(call->arena, sizeof(*rep));
	if (!rep)
		return -ENOMEM;
	lite_sandbox__exec_reply__init(rep);
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY;
	call->reply->exec_reply = rep;
	rep->verdict = chk->verdict;
	rep->findings = chk->findings;
	rep->n_findings = chk->n_findings;
	rep->ticket_id = chk->ticket_id;
	if (chk->verdict != LITE_SANDBOX__VERDICT__VERDICT_ALLOW) {
		rep->exit_status = 126; /* refused, as bash says "cannot execute" */
		return 0;
	}

	/* The config as the registrar judged it (same file, same directory). */
	struct config *cfg = NULL;
	struct config_error cerr = { .file = "" };
	r = config_load_for_dir(x->config_path, q->cwd, &cfg, &cerr);
	if (r < 0) {
		call->error_message = arena_printf(call->arena, "the config cannot be loaded: %s",
						   cerr.message[0] ? cerr.message : strerror(-r));
		return r;
	}
	_cleanup_close_ int out_fd = memfd_create("stdout", MFD_CLOEXEC);
	_cleanup_close_ int err_fd = memfd_create("stderr", MFD_CLOEXEC);
	if (out_fd < 0 || err_fd < 0) {
		config_free(cfg);
		return -errno;
	}
	/*
	 * No --timeout: the interpreter would run the command in a process
	 * group of its own, out of reach of the group we kill at the timeout
	 * or when the client goes away. We keep the timer.
	 */
	char *const argv[] = {
		(char *)x->bin, (char *)"exec", (char *)"--in-process", (char *)"--no-os-sandbox",
		(char *)"--dir", q->cwd, (char *)"--", q->command, NULL,
	};
	int ws = 0;
	bool killed = false;
	if (cfg->os_sandbox) {
		struct sandbox_error serr = { "" };
		char *proj = NULL;
		const char *home = getenv("HOME");
		r = config_project_dir(q->cwd, home && home[0] == '/' ? home : "/", &proj);
		struct sandbox_worker *w = r < 0 ? NULL :
			get_worker(x, cfg, q->cwd, proj,
				   chk->has_policy_generation ? chk->policy_generation : 0, &serr, &r);
		free(proj);
		if (w)
			r = sandbox_worker_run(w, q->cwd, argv, -1, out_fd, err_fd,
					       q->timeout_ms, &ws, &killed, &serr);
		if (r < 0) {
			config_free(cfg);
			call->error_message = arena_printf(call->arena, "the sandbox could not run the "
							   "command: %s", serr.message[0] ? serr.message
							   : strerror(-r));
			return r;
		}
	} else {
		r = run_plain(x, q->cwd, argv, out_fd, err_fd, q->timeout_ms, call->peer_pid, &ws,
			      &killed);
		if (r < 0) {
			config_free(cfg);
			call->error_message = r == -ECANCELED
				? "cancelled: the client went away" : "the command could not be started";
			return r;
		}
	}
	config_free(cfg);
	rep->exit_status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + (WIFSIGNALED(ws) ? WTERMSIG(ws) : 0);
	if (killed) {
		rep->has_timed_out = true;
		rep->timed_out = true;
		rep->exit_status = 124; /* as timeout(1) and `exec --timeout` */
		dprintf(err_fd, "lite-sandbox: timed out after %u.%03u seconds\n",
			q->timeout_ms / 1000, q->timeout_ms % 1000);
	}
	if ((r = read_capped(out_fd, call->arena, &rep->stdout_data, &rep->stdout_truncated)) < 0 ||
	    (r = read_capped(err_fd, call->arena, &rep->stderr_data, &rep->stderr_truncated)) < 0)
		return r;
	return 0;
}

static const struct ipc_dispatch dispatch[] = {
	{ LITE_SANDBOX__ENVELOPE__BODY_EXEC, on_exec },
};

int
main(int argc, char **argv)
{
	struct ipc_server_options so = { .service = "executor", .idle_timeout_ms = 60000 };
	struct executor x = { .registrar_service = "registrar" };
	const char *bin = getenv("LITE_SANDBOX_BIN");
	const char *reg_bin = getenv("LITE_SANDBOX_REGISTRAR");
	_cleanup_free_ char *cfg_default = NULL;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v) {
			fprintf(stderr, "lite-sandbox-executor: missing value for %s\n", a);
			return 2;
		}
		i++;
		if (strcmp(a, "--service") == 0)
			so.service = v;
		else if (strcmp(a, "--registrar") == 0)
			x.registrar_service = v;
		else if (strcmp(a, "--config") == 0)
			x.config_path = v;
		else if (strcmp(a, "--runtime-dir") == 0)
			so.runtime_dir = x.runtime_dir = v;
		else if (strcmp(a, "--idle-ms") == 0)
			so.idle_timeout_ms = (unsigned)strtoul(v, NULL, 10);
		else if (strcmp(a, "--bin") == 0)
			bin = v;
		else {
			fprintf(stderr, "lite-sandbox-executor: unknown argument %s\n", a);
			return 2;
		}
	}
	x.bin = bin && bin[0] == '/' ? bin
		: svc_pick_path(LITE_SANDBOX_BUILD_ROOT, LITE_SANDBOX_BIN_PATH,
				LITE_SANDBOX_BIN_INSTALLED);
	if (getenv("LISTEN_FDS"))
		service_detach_stderr(so.runtime_dir, so.service);
	if (!x.config_path) {
		if (config_default_path(&cfg_default) < 0) {
			fprintf(stderr, "lite-sandbox-executor: cannot tell where the config is\n");
			return 1;
		}
		x.config_path = cfg_default;
	}
	/*
	 * The interpreter we run finds the config through the environment,
	 * so that its per-directory override applies as it does here. Set
	 * before nng starts any thread.
	 */
	if (setenv("LITE_SANDBOX_CONFIG", x.config_path, 1) < 0)
		return 1;
	char *reg_argv[] = {
		(char *)(reg_bin && reg_bin[0] == '/' ? reg_bin
			 : svc_pick_path(LITE_SANDBOX_BUILD_ROOT, LITE_SANDBOX_REGISTRAR_PATH,
					 LITE_SANDBOX_REGISTRAR_INSTALLED)),
		(char *)"--service", (char *)x.registrar_service, (char *)"--config",
		(char *)x.config_path, NULL, NULL, NULL,
	};
	if (x.runtime_dir) {
		reg_argv[5] = (char *)"--runtime-dir";
		reg_argv[6] = (char *)x.runtime_dir;
	}
	x.registrar_argv = reg_argv;
	signal(SIGPIPE, SIG_IGN);

	struct ipc_server *s = NULL;
	int r = ipc_server_new(&so, &s);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox-executor: cannot listen: %s\n", strerror(-r));
		return 1;
	}
	ipc_server_set_dispatch(s, dispatch, ARRAY_SIZE(dispatch), &x);
	r = ipc_server_run(s);
	ipc_server_free(s);
	ipc_client_free(x.registrar);
	for (size_t i = 0; i < EXEC_WORKERS_MAX; i++) {
		sandbox_worker_free(x.workers[i].w);
		free(x.workers[i].key);
	}
	if (r < 0) {
		fprintf(stderr, "lite-sandbox-executor: %s\n", strerror(-r));
		return 1;
	}
	return 0;
}
