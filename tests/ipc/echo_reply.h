/* SPDX-License-Identifier: MIT */
/*
 * The test services' answer to an exec request (ipc_test_service and the
 * server in ipc_server_test): allowed, with the command line echoed as its
 * output, so that a client can tell which request an answer is for.
 */
#ifndef LITE_SANDBOX_TESTS_ECHO_REPLY_H
#define LITE_SANDBOX_TESTS_ECHO_REPLY_H

#include <string.h>

#include "ipc.h"

/* Set call's reply to the echo of cmd; NULL when out of memory. The reply
 * is returned for the caller to adjust. */
static inline LiteSandbox__ExecReply *
echo_exec_reply(struct ipc_call *call, const char *cmd)
{
	LiteSandbox__ExecReply *r = arena_alloc(call->arena, sizeof(*r));
	if (!r)
		return NULL;
	lite_sandbox__exec_reply__init(r);
	r->verdict = LITE_SANDBOX__VERDICT__VERDICT_ALLOW;
	r->stdout_data.data = (uint8_t *)arena_strdup(call->arena, cmd);
	if (!r->stdout_data.data)
		return NULL;
	r->stdout_data.len = strlen(cmd);
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY;
	call->reply->exec_reply = r;
	return r;
}

#endif
