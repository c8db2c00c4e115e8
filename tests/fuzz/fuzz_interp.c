/* SPDX-License-Identifier: MIT */
/*
 * The interpreter's pure parts: arithmetic evaluation and pattern matching
 * (nothing here runs a command). First byte: 0-127 arithmetic on the rest,
 * else pattern matching with the rest split at the first NUL into pattern
 * and subject, and the low bits as PM_* flags.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 4096)
		return 0;
	static struct interp *it;
	if (!it) {
		struct interp_options o = { 0 };
		if (interp_new(&o, &it) < 0)
			abort();
		/* the diagnostics of bad expressions are not interesting here */
		it->quiet = true;
	}
	char *buf = malloc(size);
	if (!buf)
		return 0;
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	struct arena_mark m = arena_mark(it->tmp);
	if (data[0] < 128) {
		int64_t v;
		(void)arith_eval(it, buf, &v);
	} else {
		size_t pl = strlen(buf);
		const char *subj = pl + 1 < size - 1 ? buf + pl + 1 : "";
		size_t sl = pl + 1 < size - 1 ? size - 2 - pl : 0;
		(void)pat_match(buf, subj, strnlen(subj, sl), data[0] & 7);
		(void)pat_has_glob(buf, true);
	}
	arena_reset(it->tmp, m);
	free(buf);
	return 0;
}
