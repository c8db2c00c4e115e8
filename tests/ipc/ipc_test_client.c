/* SPDX-License-Identifier: MIT */
/*
 * ipc_test_client RUNTIME_DIR SERVICE: register a session and print one
 * line: "ok SESSION_ID UID", "error ERRNO MESSAGE" (an Error reply), or
 * "fail -ERRNO" (no reply). Used by the tests as another uid.
 */
#include <stdio.h>
#include <string.h>

#include "ipc.h"

int
main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	struct ipc_client_options o = {
		.service = argv[2],
		.runtime_dir = argv[1],
		.timeout_ms = 3000,
	};
	struct ipc_client *c = NULL;
	int r = ipc_client_new(&o, &c);
	if (r < 0) {
		printf("fail %d\n", r);
		return 0;
	}
	struct arena *a = arena_new(1 << 20);
	LiteSandbox__SessionRegister reg = LITE_SANDBOX__SESSION_REGISTER__INIT;
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CLI;
	reg.cwd = (char *)"/";
	reg.pid = (uint32_t)getpid();
	ipc_envelope env, *rep = NULL;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	env.session_register = &reg;
	r = ipc_client_call(c, &env, a, &rep, NULL);
	if (r < 0)
		printf("fail %d\n", r);
	else if (rep->body_case == LITE_SANDBOX__ENVELOPE__BODY_ERROR)
		printf("error %d %s\n", rep->error->errno_value, rep->error->message);
	else
		printf("ok %s %llu\n", rep->session_register_reply->session_id,
		       (unsigned long long)rep->session_register_reply->policy_generation);
	arena_free(a);
	ipc_client_free(c);
	return 0;
}
