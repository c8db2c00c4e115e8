/* SPDX-License-Identifier: MIT */
/*
 * The sandbox's input parsers: the worker's request check (bytes a peer
 * sends; the first byte picks the descriptor count), the credential-name
 * classifier, policy path cleaning, and SBPL quoting of arbitrary paths.
 */
#include <stdint.h>
#include <string.h>

#include "sandbox-internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 65536)
		return 0;
	size_t nfds = data[0] & 3;
	data++;
	size--;

	/* worker request: header and payload in separate exact-size buffers,
	 * so that any read past the payload is caught */
	if (size >= 16) {
		char *payload = malloc(size - 16 + 1);
		if (!payload)
			return 0;
		memcpy(payload, data + 16, size - 16);
		int k = sandbox_worker_check_request(data, payload, size, nfds);
		if ((k == WORKER_REQ_COMMAND || k == WORKER_REQ_SCRIPT) &&
		    (nfds != 3 || payload[size - 16 - 1] != '\0'))
			abort();
		if (k == WORKER_REQ_POLICY && (nfds > 1 || payload[size - 16 - 1] != '\0'))
			abort();
		if (k == WORKER_REQ_SCRIPT && payload[0] != '/')
			abort();
		free(payload);
	}

	char *s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	(void)sandbox_env_is_credential(s);
	char *clean = NULL;
	if (path_clean(s, &clean) == 0) {
		/* clean is absolute, has no "//", no "." or ".." component and
		 * no trailing slash, and cleaning it again changes nothing */
		char *again = NULL;
		if (clean[0] != '/' || strstr(clean, "//") || strstr(clean, "/./") ||
		    strstr(clean, "/../") || (strlen(clean) > 1 && clean[strlen(clean) - 1] == '/') ||
		    path_clean(clean, &again) != 0 || strcmp(clean, again) != 0)
			abort();
		free(again);
		struct sandbox_policy *p = NULL;
		if (sandbox_policy_new(&p) == 0) {
			(void)sandbox_strv_add(&p->mask, clean);
			struct buf b = BUF_INIT(1 << 20);
			(void)sandbox_sbpl(p, &b);
			buf_done(&b);
			sandbox_policy_free(p);
		}
		free(clean);
	}
	free(s);
	return 0;
}
