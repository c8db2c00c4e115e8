/* SPDX-License-Identifier: MIT */
/*
 * Differential libFuzzer target: the shell parser of this tree against the
 * parser of an earlier revision (its functions renamed old_*; see
 * parse_against.sh, which builds both). For every input, with extglob off
 * and on, both must agree on the result, the error (kind, line, column,
 * message) and, when the input parses, the whole tree with positions.
 * This is how a change meant to make the parser faster, not different, is
 * checked: any input the two read differently aborts with both readings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int old_sh_parse(struct arena *a, const char *src, size_t len,
		 const struct sh_parse_options *opts, struct sh_node **ret_tree,
		 struct sh_error *reterr);

/* Both trees are dumped by this tree's sh_to_json: parse_against.sh
 * refuses a revision whose shell.h (the tree's layout) differs. */
static char *
dump(const struct sh_node *tree)
{
	if (!tree)
		return strdup("null");
	json_t *j = sh_to_json(tree, true);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(j);
	return s;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 16 * 1024)
		return 0;
	for (int extglob = 0; extglob < 2; extglob++) {
		struct sh_parse_options opts = { .extglob = extglob };
		struct arena *a_old = arena_new(256u << 20), *a_new = arena_new(256u << 20);
		if (!a_old || !a_new)
			abort();
		struct sh_node *t_old = NULL, *t_new = NULL;
		struct sh_error e_old, e_new;
		int r_old = old_sh_parse(a_old, (const char *)data, size, &opts, &t_old, &e_old);
		int r_new = sh_parse(a_new, (const char *)data, size, &opts, &t_new, &e_new);
		if (r_old != r_new || e_old.kind != e_new.kind || e_old.line != e_new.line ||
		    e_old.col != e_new.col || strcmp(e_old.message, e_new.message) != 0) {
			fprintf(stderr,
				"parse_against: results differ (extglob %d)\n"
				"  old: %d, error %d at %u:%u: %s\n"
				"  new: %d, error %d at %u:%u: %s\n",
				extglob, r_old, e_old.kind, e_old.line, e_old.col, e_old.message,
				r_new, e_new.kind, e_new.line, e_new.col, e_new.message);
			abort();
		}
		if (r_new == 0) {
			char *s_old = dump(t_old), *s_new = dump(t_new);
			if (!s_old || !s_new)
				abort();
			if (strcmp(s_old, s_new) != 0) {
				fprintf(stderr, "parse_against: trees differ (extglob %d)\n"
					"  old: %s\n  new: %s\n", extglob, s_old, s_new);
				abort();
			}
			free(s_old);
			free(s_new);
		}
		arena_free(a_old);
		arena_free(a_new);
	}
	return 0;
}
