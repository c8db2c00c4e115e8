/* SPDX-License-Identifier: MIT */
/*
 * A client of the registrar and the executor for the end-to-end tests and
 * the benchmark. The services are found as a front end finds them
 * (services_client.h); SVC_NO_SPAWN=1 turns the self-spawn off.
 *
 *   svc_tool register CWD                       -> session id (SVC_AGENT=claude:
 *                                                  as Claude Code's hook registers)
 *   svc_tool check SESSION|- CWD COMMAND [TICKET] -> "VERDICT [TICKET] RULE..."
 *   svc_tool exec SESSION CWD COMMAND TIMEOUT_MS -> "status=N timed_out=B
 *                                                   out=LEN err=LEN trunc=B/B", the
 *                                                   output on stdout/stderr with -v
 *   svc_tool config SESSION|- CWD WORD...        -> exit status, output
 *   svc_tool path SERVICE                       -> "INSTANCE SOCKET-PATH"
 *   svc_tool raw SERVICE garbage|oversize|empty  -> what the service answered
 *   svc_tool exec-drop SESSION CWD COMMAND HOLD_MS -> sends an Exec, drops the
 *                                                   connection after HOLD_MS (0:
 *                                                   prints "sent", waits for a
 *                                                   line on stdin) and lives on
 *                                                   (prints "dropped", then
 *                                                   sleeps until killed)
 *   svc_tool load NSESSIONS NCOMMANDS COMMAND    -> "failures=N" (a thread per session)
 *   svc_tool bench-check N CWD COMMAND           -> microseconds per round trip
 *   svc_tool bench-exec N CWD COMMAND            -> microseconds per round trip
 *   svc_tool bench-ask N CWD COMMAND             -> microseconds per pair of checks, the
 *                                                  hook's then the executor's (an
 *                                                  ask entry: ticket recorded, taken)
 *
 * Exit status: 0 done, 1 the call failed (the message on stderr), 2 usage.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <nng/nng.h>
#include <nng/protocol/reqrep0/req.h>

#include "ipc.h"
#include "services_client.h"

static bool
spawn_ok(void)
{
	const char *v = getenv("SVC_NO_SPAWN");
	return !(v && strcmp(v, "1") == 0);
}

static const char *
verdict_name(LiteSandbox__Verdict v)
{
	switch (v) {
	case LITE_SANDBOX__VERDICT__VERDICT_ALLOW:
		return "allow";
	case LITE_SANDBOX__VERDICT__VERDICT_DENY:
		return "deny";
	case LITE_SANDBOX__VERDICT__VERDICT_ASK:
		return "ask";
	case LITE_SANDBOX__VERDICT__VERDICT_UNSPECIFIED:
	case _LITE_SANDBOX__VERDICT_IS_INT_SIZE:
	default:
		return "unspecified";
	}
}

static int
fail(int r, const char *what, const char *err)
{
	fprintf(stderr, "svc_tool: %s: %s%s%s\n", what, strerror(-r), err && *err ? ": " : "",
		err ? err : "");
	return 1;
}

static int
do_register(struct svc_conn *c, const char *cwd, struct arena *a, const char **ret)
{
	const LiteSandbox__SessionRegisterReply *sr = NULL;
	char err[512] = "";
	/* SVC_AGENT=claude: a session as the hook registers Claude Code's, the
	 * agent whose asks record tickets */
	const char *ag = getenv("SVC_AGENT");
	LiteSandbox__AgentKind kind = ag && strcmp(ag, "claude") == 0
		? LITE_SANDBOX__AGENT_KIND__AGENT_CLAUDE_CODE : LITE_SANDBOX__AGENT_KIND__AGENT_CLI;
	int r = svc_register(c, kind, cwd, NULL, a, &sr, err, sizeof(err));
	if (r < 0)
		return fail(r, "register", err);
	*ret = sr->session_id;
	return 0;
}

static double
now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* ---- raw frames ------------------------------------------------------------ */

static int
raw(const char *service, const char *what)
{
	char name[SVC_NAME_MAX];
	_cleanup_free_ char *dir = NULL, *path = NULL;
	if (svc_instance_name(service, name, sizeof(name)) < 0 || ipc_runtime_dir(NULL, &dir) < 0 ||
	    ipc_socket_path(dir, name, &path) < 0)
		return 2;
	char url[4200];
	snprintf(url, sizeof(url), "ipc://%s", path);
	nng_socket s;
	if (nng_req0_open(&s) != 0)
		return 1;
	nng_socket_set_ms(s, NNG_OPT_RECVTIMEO, 3000);
	nng_socket_set_ms(s, NNG_OPT_SENDTIMEO, 3000);
	nng_socket_set_size(s, NNG_OPT_RECVMAXSZ, 16u << 20);
	int e = nng_dial(s, url, NULL, 0);
	if (e != 0) {
		printf("dial: %s\n", nng_strerror(e));
		nng_close(s);
		return 1;
	}
	size_t n = strcmp(what, "oversize") == 0 ? IPC_MSG_MAX + 4096
		   : strcmp(what, "empty") == 0 ? 0 : 64;
	unsigned char *d = calloc(1, n + 1);
	if (!d)
		return 1;
	for (size_t i = 0; i < n; i++)
		d[i] = (unsigned char)(0xff - (i * 7));
	e = nng_send(s, d, n, 0);
	free(d);
	if (e != 0) {
		printf("send: %s\n", nng_strerror(e));
		nng_close(s);
		return 1;
	}
	void *buf = NULL;
	size_t len = 0;
	e = nng_recv(s, &buf, &len, NNG_FLAG_ALLOC);
	if (e != 0) {
		/* the service dropped the frame without an answer */
		printf("no reply: %s\n", nng_strerror(e));
		nng_close(s);
		return 0;
	}
	_cleanup_arena_ struct arena *a = arena_new(IPC_MSG_MAX * 4);
	ipc_envelope *env = NULL;
	const char *why = NULL;
	int r = ipc_unpack(buf, len, 0, a, &env, &why);
	nng_free(buf, len);
	nng_close(s);
	if (r < 0) {
		printf("undecodable reply: %s\n", why ? why : strerror(-r));
		return 1;
	}
	if (env->body_case == LITE_SANDBOX__ENVELOPE__BODY_ERROR)
		printf("error %d: %s\n", env->error->errno_value, env->error->message);
	else
		printf("reply %s\n", ipc_body_name(env->body_case));
	return 0;
}

/*
 * A client that drops its connection and lives on: the executor must
 * notice the connection, not the process (its pid stays alive).
 */
static int
exec_drop(const char *sid, const char *cwd, const char *cmd, unsigned hold_ms)
{
	char name[SVC_NAME_MAX];
	_cleanup_free_ char *dir = NULL, *path = NULL;
	if (svc_instance_name("executor", name, sizeof(name)) < 0 ||
	    ipc_runtime_dir(NULL, &dir) < 0 || ipc_socket_path(dir, name, &path) < 0)
		return 2;
	char url[4200];
	snprintf(url, sizeof(url), "ipc://%s", path);
	nng_socket s;
	if (nng_req0_open(&s) != 0)
		return 1;
	nng_socket_set_ms(s, NNG_OPT_SENDTIMEO, 3000);
	if (nng_dial(s, url, NULL, 0) != 0) {
		nng_close(s);
		return 1;
	}
	LiteSandbox__ExecRequest m = LITE_SANDBOX__EXEC_REQUEST__INIT;
	m.session_id = (char *)sid;
	m.cwd = (char *)cwd;
	m.command = (char *)cmd;
	m.timeout_ms = 120000;
	ipc_envelope env;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	env.exec = &m;
	uint8_t *data = NULL;
	size_t len = 0;
	if (ipc_pack(&env, 0, &data, &len) < 0 || nng_send(s, data, len, 0) != 0) {
		free(data);
		nng_close(s);
		return 1;
	}
	free(data);
	if (hold_ms) {
		struct timespec ts = { hold_ms / 1000, (long)(hold_ms % 1000) * 1000000L };
		nanosleep(&ts, NULL);
	} else {
		char line[16];
		printf("sent\n");
		fflush(stdout);
		if (!fgets(line, sizeof(line), stdin)) /* the test says when */
			line[0] = '\0';
	}
	nng_close(s); /* the connection goes; this process stays */
	printf("dropped\n");
	fflush(stdout);
	for (;;)
		pause();
}

/* ---- load -------------------------------------------------------------------- */

struct load_arg {
	int n;
	const char *cmd;
	int failures;
	char cwd[4096];
};

static void *
load_thread(void *p)
{
	struct load_arg *la = p;
	struct svc_conn *reg = NULL, *ex = NULL;
	_cleanup_arena_ struct arena *a = arena_new(IPC_MSG_MAX * 4);
	const char *sid = NULL;
	char err[512];
	if (!a || svc_open("registrar", 30000, spawn_ok(), &reg) < 0 ||
	    do_register(reg, la->cwd, a, &sid) != 0 ||
	    svc_open("executor", 60000, spawn_ok(), &ex) < 0) {
		la->failures = la->n;
		goto out;
	}
	sid = strdup(sid);
	for (int i = 0; i < la->n; i++) {
		struct arena_mark m = arena_mark(a);
		const LiteSandbox__ExecReply *er = NULL;
		int r = svc_exec(ex, sid, la->cwd, la->cmd, 30000, NULL, a, &er, err, sizeof(err));
		if (r < 0 || er->verdict != LITE_SANDBOX__VERDICT__VERDICT_ALLOW || er->exit_status != 0) {
			if (la->failures++ < 3)
				fprintf(stderr, "svc_tool: load: %s\n", r < 0 ? err : "not allowed or failed");
		}
		arena_reset(a, m);
	}
	free((char *)sid);
out:
	svc_close(reg);
	svc_close(ex);
	return NULL;
}

static int
load(int nsess, int ncmds, const char *cmd)
{
	pthread_t th[64];
	struct load_arg args[64];
	if (nsess < 1 || nsess > 64)
		return 2;
	int failures = 0;
	for (int i = 0; i < nsess; i++) {
		args[i] = (struct load_arg){ .n = ncmds, .cmd = cmd };
		if (!getcwd(args[i].cwd, sizeof(args[i].cwd)))
			return 1;
		pthread_create(&th[i], NULL, load_thread, &args[i]);
	}
	for (int i = 0; i < nsess; i++) {
		pthread_join(th[i], NULL);
		failures += args[i].failures;
	}
	printf("failures=%d\n", failures);
	return failures ? 1 : 0;
}

int
main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	const char *op = argv[1];
	_cleanup_arena_ struct arena *a = arena_new(IPC_MSG_MAX * 4);
	struct svc_conn *c = NULL;
	char err[512] = "";
	int r;
	if (!a)
		return 1;
	if (strcmp(op, "path") == 0 && argc == 3) {
		/* the socket a front end would use for this service */
		char name[SVC_NAME_MAX];
		_cleanup_free_ char *dir = NULL, *path = NULL;
		if (svc_instance_name(argv[2], name, sizeof(name)) < 0 ||
		    ipc_runtime_dir(NULL, &dir) < 0 || ipc_socket_path(dir, name, &path) < 0)
			return 1;
		printf("%s %s\n", name, path);
		return 0;
	}
	if (strcmp(op, "raw") == 0 && argc == 4)
		return raw(argv[2], argv[3]);
	if (strcmp(op, "load") == 0 && argc == 5)
		return load(atoi(argv[2]), atoi(argv[3]), argv[4]);
	if (strcmp(op, "exec-drop") == 0 && argc == 6)
		return exec_drop(argv[2], argv[3], argv[4], (unsigned)atoi(argv[5]));

	bool exec_side = strcmp(op, "exec") == 0 || strcmp(op, "bench-exec") == 0;
	const char *tm = getenv("SVC_TIMEOUT_MS");
	r = svc_open(exec_side ? "executor" : "registrar", tm ? (unsigned)atoi(tm) : 10000,
		     spawn_ok(), &c);
	if (r < 0)
		return fail(r, "connect", NULL);

	int st = 2;
	if (strcmp(op, "register") == 0 && argc == 3) {
		const char *sid = NULL;
		st = do_register(c, argv[2], a, &sid);
		if (st == 0)
			printf("%s\n", sid);
	} else if (strcmp(op, "check") == 0 && (argc == 5 || argc == 6)) {
		const LiteSandbox__CheckReply *cr = NULL;
		r = svc_check(c, strcmp(argv[2], "-") ? argv[2] : NULL, argv[3], argv[4],
			      argc == 6 ? argv[5] : NULL, a, &cr, err, sizeof(err));
		if (r < 0) {
			st = fail(r, "check", err);
		} else {
			printf("%s %s", verdict_name(cr->verdict), cr->ticket_id ? cr->ticket_id : "-");
			for (size_t i = 0; i < cr->n_findings; i++)
				if (cr->findings[i]->enforced)
					printf(" %s", cr->findings[i]->rule);
			printf(" gen=%llu\n", (unsigned long long)cr->policy_generation);
			st = 0;
		}
	} else if (strcmp(op, "exec") == 0 && argc == 6) {
		const LiteSandbox__ExecReply *er = NULL;
		r = svc_exec(c, argv[2], argv[3], argv[4], (unsigned)atoi(argv[5]), NULL, a, &er,
			     err, sizeof(err));
		if (r < 0) {
			st = fail(r, "exec", err);
		} else {
			printf("verdict=%s status=%d timed_out=%d out=%zu err=%zu trunc=%d/%d\n",
			       verdict_name(er->verdict), er->exit_status, (int)er->timed_out,
			       er->stdout_data.len, er->stderr_data.len, (int)er->stdout_truncated,
			       (int)er->stderr_truncated);
			if (getenv("SVC_SHOW")) {
				fwrite(er->stdout_data.data, 1, er->stdout_data.len, stdout);
				fwrite(er->stderr_data.data, 1, er->stderr_data.len, stderr);
			}
			st = 0;
		}
	} else if (strcmp(op, "config") == 0 && argc >= 5) {
		const LiteSandbox__ConfigReply *cr = NULL;
		r = svc_config(c, strcmp(argv[2], "-") ? argv[2] : NULL, argv[3], argv + 4,
			       (size_t)argc - 4, a, &cr, err, sizeof(err));
		if (r < 0) {
			st = fail(r, "config", err);
		} else {
			printf("status=%d\n%s", cr->exit_status, cr->output);
			if (cr->error_output)
				fprintf(stderr, "%s", cr->error_output);
			st = 0;
		}
	} else if ((strcmp(op, "bench-check") == 0 || strcmp(op, "bench-exec") == 0) && argc == 5) {
		int n = atoi(argv[2]);
		struct svc_conn *reg = c;
		const char *sid = NULL;
		if (exec_side && (r = svc_open("registrar", 10000, spawn_ok(), &reg)) < 0)
			return fail(r, "connect", NULL);
		if (do_register(reg, argv[3], a, &sid) != 0)
			return 1;
		sid = arena_strdup(a, sid);
		double t0 = now_us();
		for (int i = 0; i < n; i++) {
			struct arena_mark m = arena_mark(a);
			const LiteSandbox__CheckReply *cr = NULL;
			const LiteSandbox__ExecReply *er = NULL;
			r = exec_side ? svc_exec(c, sid, argv[3], argv[4], 10000, NULL, a, &er, err,
						 sizeof(err))
				      : svc_check(reg, sid, argv[3], argv[4], NULL, a, &cr, err,
						  sizeof(err));
			if (r < 0)
				return fail(r, op, err);
			arena_reset(a, m);
		}
		printf("%.1f\n", (now_us() - t0) / n);
		if (reg != c)
			svc_close(reg);
		st = 0;
	} else if (strcmp(op, "bench-ask") == 0 && argc == 5) {
		/* the registrar's share of an approved ask: the hook's check (for
		 * an ask entry it records the ticket) and the executor's (it takes
		 * it), in a session as Claude Code's hook registers it */
		int n = atoi(argv[2]);
		const char *sid = NULL;
		setenv("SVC_AGENT", "claude", 1);
		if (do_register(c, argv[3], a, &sid) != 0)
			return 1;
		sid = arena_strdup(a, sid);
		double t0 = now_us();
		for (int i = 0; i < n; i++) {
			struct arena_mark m = arena_mark(a);
			const LiteSandbox__CheckReply *cr = NULL;
			r = svc_check_as(c, LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK, sid, argv[3],
					 argv[4], NULL, a, &cr, err, sizeof(err));
			if (r >= 0)
				r = svc_check_as(c, LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR, sid,
						 argv[3], argv[4], NULL, a, &cr, err, sizeof(err));
			if (r >= 0 && cr->verdict != LITE_SANDBOX__VERDICT__VERDICT_ALLOW)
				r = -EPERM; /* the pair must end in a run */
			if (r < 0)
				return fail(r, op, err);
			arena_reset(a, m);
		}
		printf("%.1f\n", (now_us() - t0) / n);
		st = 0;
	}
	svc_close(c);
	return st;
}
