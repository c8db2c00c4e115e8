/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the decoder: any bytes through ipc_unpack(). Only
 * the expected errors may come back; a frame that decodes must pack again
 * and decode again to a valid envelope (what we accept, we can send); and
 * any bytes as an Error message must come out as valid UTF-8.
 */
#include <assert.h>
#include <string.h>

#include "ipc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1 << 16)
		return 0;
	struct arena *a = arena_new(1 << 20);
	if (!a)
		return 0;
	ipc_envelope *env = NULL;
	const char *why = NULL;
	int r = ipc_unpack(data, size, 0, a, &env, &why);
	assert(r == 0 || r == -EBADMSG || r == -EPROTONOSUPPORT || r == -ENOMEM);
	if (r < 0)
		assert(why != NULL);
	if (r == 0) {
		uint8_t *out = NULL;
		size_t len = 0;
		assert(ipc_pack(env, 0, &out, &len) == 0);
		ipc_envelope *again = NULL;
		r = ipc_unpack(out, len, 0, a, &again, NULL);
		assert(r == 0 || r == -ENOMEM);
		free(out);
	}

	char *text = malloc(size + 1);
	if (text) {
		memcpy(text, data, size);
		text[size] = '\0';
		ipc_envelope e;
		ipc_envelope_init(&e);
		if (ipc_envelope_set_error(&e, a, -EINVAL, text) == 0)
			assert(ipc_validate_envelope(&e, NULL) == 0);
		free(text);
	}
	arena_free(a);
	return 0;
}
