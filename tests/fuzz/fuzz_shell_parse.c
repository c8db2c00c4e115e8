/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the shell parser: whatever parses must print, and
 * the print must parse back to the same tree (JSON without positions).
 * Failures other than the parser's documented ones abort.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(bool ok, const char *what, const struct buf *printed)
{
	if (ok)
		return;
	fprintf(stderr, "fuzz_shell_parse: %s\nprinted: %s\n", what,
		printed && printed->data ? printed->data : "");
	abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 64 * 1024)
		return 0;
	/* the first byte picks the options, the rest is the program */
	struct sh_parse_options opts = { .extglob = size > 0 && (data[0] & 1) };
	const char *src = size ? (const char *)data + 1 : "";
	size_t len = size ? size - 1 : 0;

	struct arena *a = arena_new(256u * 1024u * 1024u);
	check(a != NULL, "arena_new", NULL);
	struct sh_node *tree = NULL;
	struct sh_error err;
	int r = sh_parse(a, src, len, &opts, &tree, &err);
	if (r < 0) {
		check(r == -EINVAL || r == -ELOOP || r == -ENOMEM || r == -E2BIG,
		      "unexpected error code", NULL);
		check(err.kind != SH_ERR_NONE && err.line >= 1 && err.message[0],
		      "error without kind, position or message", NULL);
		arena_free(a);
		return 0;
	}
	struct buf out = BUF_INIT(64u * 1024u * 1024u);
	r = sh_print(tree, &out);
	check(r == 0, "sh_print failed", &out);

	struct sh_node *again = NULL;
	struct sh_error err2;
	r = sh_parse(a, out.data ? out.data : "", out.len, &opts, &again, &err2);
	if (r < 0)
		fprintf(stderr, "reparse: %u:%u: %s\n", err2.line, err2.col, err2.message);
	check(r == 0, "the printed program does not parse", &out);

	json_t *j1 = sh_to_json(tree, false), *j2 = sh_to_json(again, false);
	check(j1 && j2, "sh_to_json failed", &out);
	if (!json_equal(j1, j2)) {
		char *s1 = json_dumps(j1, JSON_SORT_KEYS), *s2 = json_dumps(j2, JSON_SORT_KEYS);
		fprintf(stderr, "tree:    %s\nreparse: %s\n", s1, s2);
		free(s1);
		free(s2);
		check(false, "re-printed tree differs", &out);
	}
	json_t *jp = sh_to_json(tree, true);
	check(jp != NULL, "sh_to_json with positions failed", &out);
	json_decref(jp);
	json_decref(j1);
	json_decref(j2);
	buf_done(&out);
	arena_free(a);
	return 0;
}
