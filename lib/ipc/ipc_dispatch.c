/* SPDX-License-Identifier: MIT */
/*
 * Dispatch tables with flags (STYLE.md rule 15): which entry serves a
 * request on a connection in a given phase. Pure functions, so that the
 * rules are tested without a socket (ipc_test.c); ipc_server.c keeps one
 * phase per connection and calls these for every request.
 */
#include <string.h>

#include "ipc.h"

/* One bit per body type; the types are the envelope's field numbers. */
static uint64_t
type_bit(ipc_body type)
{
	unsigned t = (unsigned)type;
	return t < 64 ? (uint64_t)1 << t : 0;
}

const char *
ipc_request_session_id(const ipc_envelope *req)
{
	switch (req->body_case) {
	case LITE_SANDBOX__ENVELOPE__BODY_CHECK:
		return req->check ? req->check->session_id : NULL;
	case LITE_SANDBOX__ENVELOPE__BODY_EXEC:
		return req->exec ? req->exec->session_id : NULL;
	case LITE_SANDBOX__ENVELOPE__BODY_CONFIG:
		return req->config ? req->config->session_id : NULL;
	default:
		return NULL;
	}
}

int
ipc_dispatch_admit(const struct ipc_dispatch *table, size_t n, struct ipc_phase *ph,
		   const ipc_envelope *req, const struct ipc_dispatch **ret, const char **ret_why)
{
	const struct ipc_dispatch *d = NULL;
	for (size_t i = 0; table && i < n; i++)
		if (table[i].type == req->body_case && table[i].handler) {
			d = &table[i];
			break;
		}
	if (!d) {
		*ret_why = "request type not accepted here";
		return -EOPNOTSUPP;
	}
	uint64_t bit = type_bit(d->type);
	/* a type without a bit cannot be tracked: such an entry fails closed */
	if ((d->flags & (IPC_ONCE | IPC_PERMIT)) && !bit) {
		*ret_why = "request type cannot be tracked per connection";
		return -EOPNOTSUPP;
	}
	if ((d->flags & IPC_PERMIT) && !(ph->permitted & bit)) {
		*ret_why = "request not permitted on this connection yet";
		return -EPERM;
	}
	if ((d->flags & IPC_ONCE) && (ph->used & bit)) {
		*ret_why = "request accepted once per connection";
		return -EALREADY;
	}
	if ((d->flags & IPC_REQUIRES_SESSION) && !ipc_request_session_id(req)) {
		*ret_why = "this request needs a session (register first)";
		return -ENOENT;
	}
	ph->used |= bit;
	*ret = d;
	return 0;
}

int
ipc_dispatch_session(const struct ipc_dispatch *d, struct ipc_call *call, ipc_session_fn fn,
		     void *userdata, const char **ret_why)
{
	call->session = NULL;
	if (!(d->flags & (IPC_SESSION | IPC_REQUIRES_SESSION)))
		return 0;
	const char *id = ipc_request_session_id(call->request);
	if (!id) {
		if (d->flags & IPC_REQUIRES_SESSION) {
			*ret_why = "this request needs a session (register first)";
			return -ENOENT;
		}
		return 0;
	}
	if (!fn) {
		*ret_why = "no such session (the service keeps none)";
		return -ENOENT;
	}
	call->error_message = NULL;
	int r = fn(call, id, userdata);
	if (r >= 0)
		return 0;
	call->session = NULL;
	*ret_why = call->error_message ? call->error_message
		 : r == -ENOENT ? "no such session (register again)" : "the session was refused";
	return r;
}

void
ipc_phase_permit(struct ipc_phase *ph, ipc_body type)
{
	ph->permitted |= type_bit(type);
}
