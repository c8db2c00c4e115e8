/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox-executor: validates and runs commands (see docs/services.md).
 *
 *   lite-sandbox-executor [--service NAME] [--registrar NAME] [--config FILE]
 *                         [--runtime-dir DIR] [--idle-ms N] [--bin PATH]
 *
 * An Exec request is checked by the registrar (the session's policy, its
 * tickets, its audit), then run by the interpreter (lib/runner), which
 * checks every command again after expansion, inside a long-lived worker
 * (lib/sandbox's, lite-sandbox-init): one per project and policy generation,
 * confined by the OS sandbox when the config enables it and unconfined
 * otherwise, reused, restarted when it dies and replaced when the config
 * changes. The worker forks per command and runs the interpreter in the
 * child: no process start and no config load per command. Output goes to
 * memory files read back up to a cap, so a command that prints a lot never
 * blocks on a pipe.
 *
 * The process uses nng, whose threads do not survive fork(): every child is
 * started with posix_spawn (here and in lib/sandbox).
 *
 * Requests run concurrently (lib/ipc: EXEC_CONCURRENT threads), each
 * command on its own sandbox channel or in its own process group, so a
 * long command of one session holds up no other. Shared state is guarded:
 * the worker table by x->lock (workers are refcounted, so one replaced or
 * evicted while a command of it runs is stopped when that command ends),
 * the registrar connections by a pool (one per call in flight).
 * Cancellation follows the client's connection (ipc_call_cancel_fd).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
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
/* Exec requests in flight at once (a thread each in lib/ipc). */
#define EXEC_CONCURRENT 16

/*
 * A sandbox worker and its users: the table holds one reference, each
 * command running on one of its channels another. The last reference
 * stops the worker.
 */
struct worker_slot {
	char *key;              /* project directory + generation */
	struct sandbox_worker *w;
	struct sandbox_policy *pol; /* the worker's (it borrows it for restarts);
				     * NULL: unconfined, the config has no OS sandbox */
	uint64_t used;
	unsigned refs;
};

struct executor {
	const char *bin;        /* lite-sandbox: write-denied in the sandbox and
				 * protected by the interpreter's path boundary */
	const char *config_path;
	char *const *registrar_argv;
	const char *registrar_service;
	const char *runtime_dir;
	pthread_mutex_t lock;   /* everything below */
	/* idle registrar clients; a call takes one (or makes one) and gives it back */
	struct svc_conn *registrar_pool[EXEC_CONCURRENT];
	size_t n_registrar_pool;
	struct worker_slot *workers[EXEC_WORKERS_MAX];
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
	struct svc_conn *reg = NULL;
	int r = 0;

	/* A connection of our own for this call (one request at a time on each). */
	pthread_mutex_lock(&x->lock);
	if (x->n_registrar_pool)
		reg = x->registrar_pool[--x->n_registrar_pool];
	pthread_mutex_unlock(&x->lock);

	/*
	 * A registrar that went away (idle exit, crash, a pooled connection it
	 * closed) is connected to, or started, again once. A running registrar
	 * is spoken to directly (services_client.h): nng's client costs its
	 * thread hops on every check; it is used only to start one. Three
	 * tries: a pooled connection the registrar dropped, a fresh one to a
	 * registrar exiting as we connected, then the one we start.
	 */
	for (int attempt = 0; attempt < 3; attempt++) {
		if (!reg) {
			/* short: a registrar that died leaves the call
			 * waiting for this long before we start another */
			r = svc_open_direct(x->runtime_dir, x->registrar_service, 3000, &reg);
			if (r == -ECONNREFUSED || r == -ENOENT) {
				struct ipc_client *ic = NULL;
				struct ipc_client_options o = {
					.service = x->registrar_service,
					.runtime_dir = x->runtime_dir,
					.timeout_ms = 3000,
					.spawn_argv = x->registrar_argv,
				};
				r = ipc_client_new(&o, &ic);
				if (r >= 0)
					r = svc_open_ipc(ic, &reg);
			}
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
		/* About to run: an ask entry's verdict takes the ticket the hook
		 * recorded when it put this exact line to the user (the id is
		 * optional; MCP never has one), and never records one. */
		m.has_origin = true;
		m.origin = LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR;
		m.ticket_id = q->ticket_id;
		env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
		env.check = &m;
		r = svc_call(reg, &env, call->arena, &rep, &why);
		if (r >= 0)
			break;
		reg = svc_close(reg);
	}
	if (reg) {
		pthread_mutex_lock(&x->lock);
		if (x->n_registrar_pool < EXEC_CONCURRENT)
			x->registrar_pool[x->n_registrar_pool++] = TAKE_PTR(reg);
		pthread_mutex_unlock(&x->lock);
		svc_close(reg);
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

/*
 * The session hook of lib/ipc (the Exec entry is IPC_REQUIRES_SESSION). The
 * executor keeps no sessions: the registrar holds them, and its check is
 * how we learn that the session exists and is the caller's. The check's
 * answer (the verdict for this command) is what call->session holds for
 * on_exec; a session the registrar does not know is refused by the layer.
 */
static int
exec_session(struct ipc_call *call, const char *id, void *userdata)
{
	(void)id; /* the registrar reads it from the request, as the layer did */
	const LiteSandbox__CheckReply *chk = NULL;
	int r = registrar_check(userdata, call, call->request->exec, &chk);
	if (r < 0)
		return r;
	call->session = (void *)chk;
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

/* x->lock held: drop one reference; the last one stops the worker. */
static void
slot_unref(struct worker_slot *s)
{
	if (!s || --s->refs > 0)
		return;
	sandbox_worker_free(s->w);
	sandbox_policy_free(s->pol);
	free(s->key);
	free(s);
}

/* x->lock held: take slot i out of the table (its users keep it alive). */
static void
slot_retire(struct executor *x, size_t i)
{
	slot_unref(x->workers[i]);
	x->workers[i] = NULL;
}

/*
 * x->lock held. The worker of this project and generation, with a reference
 * for the caller (slot_unref when its command is done). Workers of an older
 * generation hold the old policy: they leave the table (and stop once their
 * running commands end).
 */
static struct worker_slot *
get_worker(struct executor *x, const char *cwd, const char *project, const char *main_worktree,
	   uint64_t generation, struct sandbox_error *err, int *ret_err)
{
	char key[PATH_MAX + 32];
	snprintf(key, sizeof(key), "%llu:%s", (unsigned long long)generation, project);
	x->clock++;
	for (size_t i = 0; i < EXEC_WORKERS_MAX; i++) {
		struct worker_slot *s = x->workers[i];
		if (s && strcmp(s->key, key) == 0) {
			s->used = x->clock;
			s->refs++;
			return s;
		}
	}
	size_t victim = 0;
	for (size_t i = 0; i < EXEC_WORKERS_MAX; i++) {
		struct worker_slot *s = x->workers[i];
		if (s && strtoull(s->key, NULL, 10) != generation)
			slot_retire(x, i);
		if (!x->workers[i] || (x->workers[victim] &&
				       x->workers[i]->used < x->workers[victim]->used))
			victim = i;
	}
	if (x->workers[victim])
		slot_retire(x, victim); /* the least recently used */

	/*
	 * H1: the config as the registrar judged it (same file, same
	 * directory), loaded once per worker, i.e. per project and policy
	 * generation, not per command. The worker loads the same file itself
	 * (passed as a descriptor) for its interpreter.
	 */
	struct config *cfg = NULL;
	struct config_error cerr = { .file = "" };
	int r = config_load_for_dir(x->config_path, cwd, &cfg, &cerr);
	if (r < 0) {
		snprintf(err->message, sizeof(err->message), "the config cannot be loaded: %s",
			 cerr.message[0] ? cerr.message : strerror(-r));
		*ret_err = r;
		return NULL;
	}
	const char *home = getenv("HOME");
	if (!home || home[0] != '/')
		home = NULL;
	struct sandbox_context ctx = {
		.cwd = project ? project : cwd,
		.home = home ? home : "/",
		.tmpdir = getenv("TMPDIR"),
		.runtime_dir = getenv("XDG_RUNTIME_DIR"),
		.path = getenv("PATH"),
		.self_exe = x->bin,
		.helper = sandbox_default_helper(),
		.config_file = x->config_path,
		/* a linked worktree may write its main worktree if asked to */
		.main_worktree = cfg->git.allow_worktree_parent ? main_worktree : NULL,
		.environ = environ,
		.uid = (unsigned)getuid(),
	};
	struct worker_slot *slot = calloc(1, sizeof(*slot));
	if (!slot || !(slot->key = strdup(key))) {
		free(slot);
		config_free(cfg);
		*ret_err = -ENOMEM;
		return NULL;
	}
	/* Without the OS sandbox the same worker runs unconfined (no bwrap,
	 * no Landlock or seccomp): one mechanism for both, and no process
	 * start per command either way. */
	if (cfg->os_sandbox)
		r = sandbox_policy_build(cfg, &ctx, &slot->pol, err);
	config_free(cfg);
	if (r >= 0) {
		/* the words lite-sandbox-init's loader takes (sandbox_init.c) */
		char *words[] = { (char *)x->config_path, (char *)(project ? project : cwd),
				  (char *)(home ? home : ""), (char *)x->bin, NULL };
		struct sandbox_worker_setup setup = { .words = words, .file = x->config_path };
		struct sandbox_launch l = { .fd_in = -1, .fd_out = -1, .fd_err = -1 };
		r = sandbox_worker_start_ex(slot->pol, &l, &setup, &slot->w, err);
	}
	if (r < 0) {
		sandbox_policy_free(slot->pol);
		free(slot->key);
		free(slot);
		*ret_err = r;
		return NULL;
	}
	slot->used = x->clock;
	slot->refs = 2; /* the table's and the caller's */
	x->workers[victim] = slot;
	return slot;
}

static int
on_exec(struct ipc_call *call, void *userdata)
{
	struct executor *x = userdata;
	const LiteSandbox__ExecRequest *q = call->request->exec;
	/* the registrar's check, made by the session hook (exec_session) */
	const LiteSandbox__CheckReply *chk = call->session;
	int r;
	if (!chk)
		return -ENOENT; /* the table requires a session: never here */

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
	/* The registrar took the user's ticket for this line: the interpreter
	 * may run the prompted commands the line shows (and refuses others). */
	bool approved = chk->has_prompts_approved && chk->prompts_approved;
	if (approved) {
		rep->has_prompts_approved = true;
		rep->prompts_approved = true;
	}

	_cleanup_close_ int out_fd = memfd_create("stdout", MFD_CLOEXEC);
	_cleanup_close_ int err_fd = memfd_create("stderr", MFD_CLOEXEC);
	if (out_fd < 0 || err_fd < 0)
		return -errno;
	/*
	 * H1: the line runs in the worker of this project and generation, by
	 * the interpreter inside it (lib/runner, in a child the worker forks),
	 * confined by the OS sandbox or, when the config has none, unconfined;
	 * no process start and no config load per command. The worker keeps
	 * the timer and kills the command's group at the timeout.
	 *
	 * H2: each command on a channel of its own, so that commands of one
	 * worker run side by side; the channel is closed when the client's
	 * connection goes away, and the worker then kills the command's
	 * group. The table lock covers finding the worker and opening the
	 * channel (sandbox.h: from one thread at a time); the run itself is
	 * outside it.
	 */
	int ws = 0;
	bool killed = false;
	struct sandbox_error serr = { "" };
	char *proj = NULL, *main_wt = NULL;
	const char *home = getenv("HOME");
	r = config_boundary_dir(q->cwd, home && home[0] == '/' ? home : "/", &proj, &main_wt);
	struct worker_slot *slot = NULL;
	struct sandbox_channel *ch = NULL;
	if (r >= 0) {
		pthread_mutex_lock(&x->lock);
		slot = get_worker(x, q->cwd, proj, main_wt,
				  chk->has_policy_generation ? chk->policy_generation : 0, &serr, &r);
		if (slot && (r = sandbox_worker_open_channel(slot->w, &ch, &serr)) < 0) {
			slot_unref(slot);
			slot = NULL;
		}
		pthread_mutex_unlock(&x->lock);
	}
	free(proj);
	free(main_wt);
	if (ch) {
		int cfd = ipc_call_cancel_fd(call);
		sandbox_channel_set_cancel_fd(ch, cfd >= 0 ? cfd : -1);
		r = sandbox_channel_run_script(ch, q->cwd, q->command,
					       approved ? SANDBOX_SCRIPT_PROMPTS_APPROVED : 0, -1,
					       out_fd, err_fd, q->timeout_ms, &ws, &killed, &serr);
		sandbox_channel_free(ch);
		pthread_mutex_lock(&x->lock);
		slot_unref(slot);
		pthread_mutex_unlock(&x->lock);
	}
	if (r < 0) {
		call->error_message = r == -ECANCELED ? "cancelled: the client went away"
			: arena_printf(call->arena, "the sandbox could not run the command: %s%s",
				       serr.message[0] ? serr.message : strerror(-r),
				       r == -ECHILD ? " (the next command starts a new worker)" : "");
		return r;
	}
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

/* One phase: Exec, for a session the registrar knows (exec_session). */
static const struct ipc_dispatch dispatch[] = {
	{ LITE_SANDBOX__ENVELOPE__BODY_EXEC, IPC_REQUIRES_SESSION, on_exec },
};

int
main(int argc, char **argv)
{
	struct ipc_server_options so = { .service = "executor", .idle_timeout_ms = 60000,
					 .max_concurrent = EXEC_CONCURRENT };
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
	 * The worker gets the config file from us (a descriptor); this is for
	 * the lite-sandbox commands a command line may run (`lite-sandbox
	 * config show`), so that they read the same file. Set before nng
	 * starts any thread.
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
	pthread_mutex_init(&x.lock, NULL);
	ipc_server_set_dispatch(s, dispatch, ARRAY_SIZE(dispatch), &x);
	ipc_server_set_session(s, exec_session);
	r = ipc_server_run(s); /* its threads are joined when it returns */
	ipc_server_free(s);
	for (size_t i = 0; i < x.n_registrar_pool; i++)
		svc_close(x.registrar_pool[i]);
	for (size_t i = 0; i < EXEC_WORKERS_MAX; i++)
		slot_retire(&x, i);
	pthread_mutex_destroy(&x.lock);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox-executor: %s\n", strerror(-r));
		return 1;
	}
	return 0;
}
