/* SPDX-License-Identifier: MIT */
/* The front ends' side of the registrar and the executor: services_client.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "services_client.h"

#ifndef LITE_SANDBOX_REGISTRAR_PATH
#define LITE_SANDBOX_REGISTRAR_PATH "/usr/libexec/lite-sandbox/lite-sandbox-registrar"
#endif
#ifndef LITE_SANDBOX_EXECUTOR_PATH
#define LITE_SANDBOX_EXECUTOR_PATH "/usr/libexec/lite-sandbox/lite-sandbox-executor"
#endif

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

int
svc_open(const char *service, unsigned timeout_ms, bool spawn, struct ipc_client **ret)
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
		bin = is_exec ? LITE_SANDBOX_EXECUTOR_PATH : LITE_SANDBOX_REGISTRAR_PATH;
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

/* Send req, expect a reply with body `want`; an Error reply is its errno. */
static int
call(struct ipc_client *c, ipc_envelope *req, ipc_body want, struct arena *a,
     ipc_envelope **ret, char *err, size_t err_len)
{
	const char *why = NULL;
	ipc_envelope *rep = NULL;
	int r = ipc_client_call(c, req, a, &rep, &why);
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
svc_register(struct ipc_client *c, LiteSandbox__AgentKind agent, const char *cwd,
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
svc_check(struct ipc_client *c, const char *session_id, const char *cwd, const char *command,
	  const char *ticket_id, struct arena *a, const LiteSandbox__CheckReply **ret, char *err,
	  size_t err_len)
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
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
	env.check = &m;
	int r = call(c, &env, LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY, a, &rep, err, err_len);
	if (r >= 0)
		*ret = rep->check_reply;
	return r;
}

int
svc_exec(struct ipc_client *c, const char *session_id, const char *cwd, const char *command,
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
svc_config(struct ipc_client *c, const char *session_id, const char *cwd, char *const *argv,
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
