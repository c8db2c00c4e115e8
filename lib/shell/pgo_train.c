/* SPDX-License-Identifier: MIT */
/*
 * The training run of the parser's profile-guided build (meson option pgo,
 * docs/parser.md "Profile-guided build"). Linked against an instrumented
 * copy of libshell; pgo_train.py feeds it the parse corpus and keeps the
 * counts it leaves, with which the real libshell is compiled.
 *
 * Input on stdin: records of "LEN EXTGLOB\n" and LEN bytes of shell input.
 * Each input is parsed; an accepted one is also printed, its printout parsed
 * again, and turned into JSON, as `lite-sandbox parse` does, so that the
 * printer's and the JSON writer's paths are counted as well.
 *
 * Exits 0 when every record was read, 1 on malformed input or when no input
 * was accepted (a profile of error paths alone would mislead the compiler),
 * 2 on a usage error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "shell.h"

/* all of stdin, NUL-terminated; NULL on a read error or out of memory */
static char *
read_all(FILE *f, size_t *ret_len)
{
	size_t cap = 1 << 20, len = 0;
	char *data = malloc(cap);
	while (data) {
		len += fread(data + len, 1, cap - len - 1, f);
		if (ferror(f))
			break;
		if (feof(f)) {
			data[len] = '\0';
			*ret_len = len;
			return data;
		}
		char *grown = realloc(data, cap * 2);
		if (!grown)
			break;
		data = grown;
		cap *= 2;
	}
	free(data);
	return NULL;
}

/* parse, print, parse the printout, JSON: what one record exercises */
static bool
train_one(struct arena *a, struct buf *printed, const char *src, size_t len,
	  bool extglob)
{
	struct sh_parse_options opts = { .extglob = extglob };
	struct sh_node *tree = NULL;
	struct sh_error err;
	if (sh_parse(a, src, len, &opts, &tree, &err) < 0)
		return false;
	buf_truncate(printed, 0);
	if (sh_print(tree, printed) == 0) {
		struct sh_node *again = NULL;
		(void)sh_parse(a, printed->data, printed->len, &opts, &again, &err);
	}
	json_t *j = sh_to_json(tree, true);
	json_decref(j);
	return true;
}

int
main(int argc, char **argv)
{
	if (argc != 1) {
		fprintf(stderr, "usage: %s < RECORDS\n"
			"The training run of the profile-guided parser build; "
			"see lib/shell/pgo_train.py.\n", argv[0]);
		return 2;
	}
	size_t len = 0;
	char *data = read_all(stdin, &len);
	if (!data) {
		fprintf(stderr, "pgo_train: cannot read stdin: %s\n", strerror(errno));
		return 1;
	}
	_cleanup_arena_ struct arena *a = arena_new(64u * SH_MAX_INPUT);
	_cleanup_buf_ struct buf printed = BUF_INIT(4 * SH_MAX_INPUT);
	if (!a) {
		fprintf(stderr, "pgo_train: out of memory\n");
		free(data);
		return 1;
	}
	struct arena_mark m = arena_mark(a);
	size_t records = 0, accepted = 0, at = 0;
	int status = 0;
	while (at < len) {
		char *end = NULL;
		errno = 0;
		unsigned long long n = strtoull(data + at, &end, 10);
		if (errno || end == data + at || *end != ' ' ||
		    (end[1] != '0' && end[1] != '1') || end[2] != '\n' ||
		    n > len - (size_t)(end + 3 - data)) {
			fprintf(stderr, "pgo_train: malformed record %zu at byte %zu\n",
				records + 1, at);
			status = 1;
			break;
		}
		const char *src = end + 3;
		accepted += train_one(a, &printed, src, (size_t)n, end[1] == '1');
		arena_reset(a, m);
		records++;
		at = (size_t)(src + n - data);
	}
	if (status == 0 && accepted == 0) {
		fprintf(stderr, "pgo_train: none of %zu inputs was accepted\n", records);
		status = 1;
	}
	if (status == 0)
		printf("pgo_train: %zu inputs, %zu accepted\n", records, accepted);
	free(data);
	return status;
}
