/* SPDX-License-Identifier: MIT */
/*
 * A small service for the ipc tests: the real registrar and executor are
 * built elsewhere, and these tests are about the transport, the activation
 * and the refusals, not about what a service does.
 *
 *   ipc_test_service [--idle-ms N] [--runtime-dir DIR] [--service NAME]
 *                    [--concurrent N] [--phases]
 *
 * session_register answers session_id "pid-<its pid>" (so that a test can
 * tell instances apart) and policy_generation = the peer's uid as the
 * socket reported it. check denies commands containing "deny". exec echoes
 * the command on stdout, except: "sleep:N" sleeps N ms first, "badreply"
 * builds a reply that fails validation, "fail" returns -EACCES,
 * "cancelfile:PATH" creates PATH.started, waits up to 10 s for the call's
 * cancellation (ipc_call_cancel_fd) and creates PATH when it comes.
 *
 * --concurrent N serves N requests at once; --phases installs a table where
 * session_register is IPC_ONCE and permits config (IPC_PERMIT) on its
 * connection.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ipc.h"
#include "echo_reply.h"

static int
on_register(struct ipc_call *call, void *userdata)
{
	LiteSandbox__SessionRegisterReply *r = arena_alloc(call->arena, sizeof(*r));
	if (!r)
		return -ENOMEM;
	lite_sandbox__session_register_reply__init(r);
	r->session_id = arena_printf(call->arena, "pid-%ld", (long)getpid());
	r->project_dir = arena_strdup(call->arena, call->request->session_register->cwd);
	if (!r->session_id || !r->project_dir)
		return -ENOMEM;
	r->policy_generation = call->peer_uid;
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY;
	call->reply->session_register_reply = r;
	return 0;
}

/* --phases: registering permits config requests on this connection */
static int
on_register_permit(struct ipc_call *call, void *userdata)
{
	int r = on_register(call, userdata);
	if (r >= 0)
		r = ipc_call_permit(call, LITE_SANDBOX__ENVELOPE__BODY_CONFIG);
	return r;
}

static int
touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int
on_check(struct ipc_call *call, void *userdata)
{
	const LiteSandbox__CheckRequest *q = call->request->check;
	LiteSandbox__CheckReply *r = arena_alloc(call->arena, sizeof(*r));
	if (!r)
		return -ENOMEM;
	lite_sandbox__check_reply__init(r);
	r->verdict = LITE_SANDBOX__VERDICT__VERDICT_ALLOW;
	if (q->subject_case == LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND &&
	    strstr(q->command, "deny")) {
		LiteSandbox__Finding *f = arena_alloc(call->arena, sizeof(*f));
		LiteSandbox__Finding **fs = arena_alloc(call->arena, sizeof(*fs));
		if (!f || !fs)
			return -ENOMEM;
		lite_sandbox__finding__init(f);
		f->layer = LITE_SANDBOX__LAYER__LAYER_DENYLIST;
		f->rule = (char *)"test.deny";
		f->message = (char *)"the word deny is denied";
		f->modes = 7;
		f->enforced = 1;
		fs[0] = f;
		r->findings = fs;
		r->n_findings = 1;
		r->verdict = LITE_SANDBOX__VERDICT__VERDICT_DENY;
	}
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY;
	call->reply->check_reply = r;
	return 0;
}

static int
on_exec(struct ipc_call *call, void *userdata)
{
	const char *cmd = call->request->exec->command;
	if (strcmp(cmd, "fail") == 0) {
		call->error_message = "failing on purpose";
		return -EACCES;
	}
	if (strncmp(cmd, "cancelfile:", 11) == 0) {
		char started[4200];
		snprintf(started, sizeof(started), "%s.started", cmd + 11);
		int fd = ipc_call_cancel_fd(call);
		if (fd < 0 || touch(started) < 0)
			return -EIO;
		struct pollfd p = { .fd = fd, .events = POLLIN };
		if (poll(&p, 1, 10000) == 1 && ipc_call_cancelled(call))
			(void)touch(cmd + 11);
		call->error_message = "cancelled";
		return -ECANCELED;
	}
	if (strncmp(cmd, "sleep:", 6) == 0) {
		long ms = strtol(cmd + 6, NULL, 10);
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
		nanosleep(&ts, NULL);
	}
	LiteSandbox__ExecReply *r = echo_exec_reply(call, cmd);
	if (!r)
		return -ENOMEM;
	if (strcmp(cmd, "badreply") == 0)
		r->exit_status = 999; /* out of range: the layer must not send it */
	return 0;
}

static int
on_config(struct ipc_call *call, void *userdata)
{
	LiteSandbox__ConfigReply *r = arena_alloc(call->arena, sizeof(*r));
	if (!r)
		return -ENOMEM;
	lite_sandbox__config_reply__init(r);
	r->output = (char *)"ok\n";
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY;
	call->reply->config_reply = r;
	return 0;
}

static const struct ipc_dispatch table[] = {
	{ LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER, 0, on_register },
	{ LITE_SANDBOX__ENVELOPE__BODY_CHECK, 0, on_check },
	{ LITE_SANDBOX__ENVELOPE__BODY_EXEC, 0, on_exec },
	{ LITE_SANDBOX__ENVELOPE__BODY_CONFIG, 0, on_config },
};

static const struct ipc_dispatch phased[] = {
	{ LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER, IPC_ONCE, on_register_permit },
	{ LITE_SANDBOX__ENVELOPE__BODY_EXEC, 0, on_exec },
	{ LITE_SANDBOX__ENVELOPE__BODY_CONFIG, IPC_PERMIT, on_config },
};

int
main(int argc, char **argv)
{
	struct ipc_server_options o = {
		.service = "svc",
		.idle_timeout_ms = 1000,
	};
	bool phases = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--idle-ms") == 0 && i + 1 < argc)
			o.idle_timeout_ms = (unsigned)strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--runtime-dir") == 0 && i + 1 < argc)
			o.runtime_dir = argv[++i];
		else if (strcmp(argv[i], "--service") == 0 && i + 1 < argc)
			o.service = argv[++i];
		else if (strcmp(argv[i], "--concurrent") == 0 && i + 1 < argc)
			o.max_concurrent = (unsigned)strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--phases") == 0)
			phases = true;
		else {
			fprintf(stderr, "ipc_test_service: unknown argument %s\n", argv[i]);
			return 2;
		}
	}
	struct ipc_server *s = NULL;
	int r = ipc_server_new(&o, &s);
	if (r < 0) {
		fprintf(stderr, "ipc_test_service: listen: %s\n", strerror(-r));
		return 1;
	}
	if (phases)
		ipc_server_set_dispatch(s, phased, ARRAY_SIZE(phased), NULL);
	else
		ipc_server_set_dispatch(s, table, ARRAY_SIZE(table), NULL);
	r = ipc_server_run(s);
	struct ipc_server_stats st;
	ipc_server_get_stats(s, &st);
	fprintf(stderr, "ipc_test_service[%ld]: %s served=%llu refused=%llu foreign=%llu restarts=%llu\n",
		(long)getpid(), ipc_server_activated(s) ? "activated" : "bound",
		(unsigned long long)st.served, (unsigned long long)st.refused,
		(unsigned long long)st.foreign, (unsigned long long)st.listener_restarts);
	ipc_server_free(s);
	if (r < 0) {
		fprintf(stderr, "ipc_test_service: %s\n", strerror(-r));
		return 1;
	}
	return 0;
}
