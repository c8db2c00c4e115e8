/* SPDX-License-Identifier: MIT */
/*
 * Framing: one Envelope per nng message, packed with protobuf-c. The size
 * limit is checked before protobuf-c sees a byte, everything decoded comes
 * from the caller's arena (so a request and all its strings die in one
 * call, and the arena's own limit bounds what a hostile frame can make us
 * allocate), and the result is validated before anyone reads it.
 */
#include <string.h>

#include "ipc.h"

static void *
arena_pb_alloc(void *data, size_t size)
{
	/* protobuf-c may ask for 0 bytes; NULL would read as out of memory. */
	return arena_alloc(data, size ? size : 1);
}

static void
arena_pb_free(void *data, void *p)
{
	/* Arena memory is released with the arena. */
	(void)data;
	(void)p;
}

void
ipc_envelope_init(ipc_envelope *env)
{
	lite_sandbox__envelope__init(env);
	env->version = IPC_VERSION;
}

int
ipc_pack(ipc_envelope *env, size_t max, uint8_t **ret_data, size_t *ret_len)
{
	if (!env || !ret_data || !ret_len)
		return -EINVAL;
	if (max == 0)
		max = IPC_MSG_MAX;
	env->version = IPC_VERSION;
	size_t n = lite_sandbox__envelope__get_packed_size(env);
	if (n > max)
		return -EMSGSIZE;
	uint8_t *data = malloc(n ? n : 1);
	if (!data)
		return -ENOMEM;
	size_t w = lite_sandbox__envelope__pack(env, data);
	if (w != n) {
		free(data);
		return -EIO; /* protobuf-c disagrees with itself: never send it */
	}
	*ret_data = data;
	*ret_len = n;
	return 0;
}

int
ipc_unpack(const void *data, size_t len, size_t max, struct arena *a,
	   ipc_envelope **ret, const char **ret_why)
{
	if (!a || !ret || (!data && len))
		return -EINVAL;
	if (max == 0)
		max = IPC_MSG_MAX;
	if (len > max) {
		if (ret_why)
			*ret_why = "message larger than the limit";
		return -EMSGSIZE;
	}
	struct arena_mark m = arena_mark(a);
	ProtobufCAllocator alloc = {
		.alloc = arena_pb_alloc,
		.free = arena_pb_free,
		.allocator_data = a,
	};
	ipc_envelope *env = lite_sandbox__envelope__unpack(&alloc, len, data);
	if (!env) {
		/*
		 * protobuf-c does not say why. A malformed frame and an
		 * exhausted arena both land here; the arena's fill level tells
		 * them apart well enough for a message.
		 */
		arena_reset(a, m);
		if (ret_why)
			*ret_why = "malformed message (not a valid Envelope, or a required field missing)";
		return -EBADMSG;
	}
	const char *why = NULL;
	int r = ipc_validate_envelope(env, &why);
	if (r < 0) {
		arena_reset(a, m);
		if (ret_why)
			*ret_why = why;
		return r;
	}
	*ret = env;
	return 0;
}

/* Copy s into a, at most IPC_STRING_MAX bytes, invalid UTF-8 bytes as '?'. */
static char *
sanitized_copy(struct arena *a, const char *s)
{
	size_t n = strnlen(s, IPC_STRING_MAX);
	char *out = arena_strndup(a, s, n);
	if (!out)
		return NULL;
	size_t i = 0;
	while (i < n) {
		/* Find the longest valid prefix one code point at a time. */
		size_t len = 1;
		unsigned char c = (unsigned char)out[i];
		if (c >= 0xf0)
			len = 4;
		else if (c >= 0xe0)
			len = 3;
		else if (c >= 0xc0)
			len = 2;
		if (len > n - i || !ipc_utf8_valid(out + i, len)) {
			out[i++] = '?';
			continue;
		}
		i += len;
	}
	return out;
}

int
ipc_envelope_set_error(ipc_envelope *env, struct arena *a, int err,
		       const char *message)
{
	LiteSandbox__Error *e = arena_alloc(a, sizeof(*e));
	if (!e)
		return -ENOMEM;
	lite_sandbox__error__init(e);
	int pos = err < 0 ? -err : err;
	if (pos <= 0 || pos > 4095)
		pos = EIO;
	e->errno_value = pos;
	e->message = sanitized_copy(a, message ? message : strerror(pos));
	if (!e->message)
		return -ENOMEM;
	env->version = IPC_VERSION;
	env->body_case = LITE_SANDBOX__ENVELOPE__BODY_ERROR;
	env->error = e;
	return 0;
}
