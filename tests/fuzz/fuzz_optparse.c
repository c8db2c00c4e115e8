/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: opt_parse against the real glibc getopt_long /
 * getopt_long_only, on declarations and command lines built from the input
 * (the comparison is optparse_diff.c's). Any disagreement aborts after
 * printing both readings.
 *
 * Input, split at '\n':
 *   line 0: a flags byte (ordering % 3, bit 2 long_only, bit 3 no long
 *           table, bit 4 POSIXLY_CORRECT for REQUIRE, bit 5 opterr = 0),
 *           then the short optstring;
 *   line 1: the long options, separated by ' ': each is an argument kind
 *           byte (% 3), an id byte (a letter or digit is itself, anything
 *           else 256 + the byte), then the name;
 *   lines 2..: the words argv[1..] (at most MAX_ARGC - 1, each cut to
 *           WORD_MAX - 1 bytes).
 * A declaration opt_parse refuses (-EINVAL) is skipped: glibc has no such
 * notion, and the policy's own declarations are checked by its tests.
 */
#define OPTPARSE_DIFF_NO_MAIN
#include "../../lib/policy/optparse_diff.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The next '\n'-terminated field of [*p, end), copied into out (cut to
 * cap - 1 bytes). Returns false at the end of the input. */
static bool
field(const uint8_t **p, const uint8_t *end, char *out, size_t cap)
{
	const uint8_t *nl;
	size_t n;

	if (*p >= end)
		return false;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	if (!nl)
		nl = end;
	n = (size_t)(nl - *p);
	if (n > cap - 1)
		n = cap - 1;
	memcpy(out, *p, n);
	out[n] = '\0';
	*p = nl < end ? nl + 1 : end;
	return true;
}

static void
parse_longs(struct gcase *c, char *line)
{
	char *save = NULL;

	for (char *tok = strtok_r(line, " ", &save); tok && c->n_longs < MAX_LONGS;
	     tok = strtok_r(NULL, " ", &save)) {
		struct opt_long *l = &c->longs[c->n_longs];
		unsigned char idb;

		if (strlen(tok) < 3)
			continue;
		l->arg = (enum opt_arg)((unsigned char)tok[0] % 3);
		idb = (unsigned char)tok[1];
		l->id = isalnum(idb) ? idb : 256 + idb;
		snprintf(c->names[c->n_longs], WORD_MAX, "%s", tok + 2);
		l->name = c->names[c->n_longs];
		c->n_longs++;
	}
	c->longs[c->n_longs] = (struct opt_long){ 0 };
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	static struct gcase c;
	static struct gtrace t;
	const uint8_t *p = data, *end = data + size;
	char line[256];
	struct opt_decl decl;
	struct opt_event *ev = NULL;
	const char *why;
	unsigned flags;
	int n;

	if (!ready) {
		unsetenv("POSIXLY_CORRECT");
		errmem = fmemopen(errbuf, sizeof(errbuf), "w");
		if (!errmem)
			abort();
		ready = true;
	}
	if (size > 4096)
		return 0;

	memset(&c, 0, sizeof(c));
	if (!field(&p, end, line, sizeof(line)) || !line[0])
		return 0;
	flags = (unsigned char)line[0];
	c.order = (enum opt_order)(flags % 3);
	c.long_only = flags & 4;
	c.longs_null = flags & 8;
	c.posixly_correct = flags & 16;
	c.silent = flags & 32;
	snprintf(c.shorts, sizeof(c.shorts), "%s", line + 1);
	if (field(&p, end, line, sizeof(line)) && !c.longs_null)
		parse_longs(&c, line);
	else
		c.longs[0] = (struct opt_long){ 0 };

	snprintf(c.words[0], WORD_MAX, "prog");
	c.argc = 1;
	while (c.argc < MAX_ARGC && field(&p, end, c.words[c.argc], WORD_MAX))
		c.argc++;
	for (int i = 0; i < c.argc; i++)
		c.argv[i] = c.words[i];
	c.argv[c.argc] = NULL;

	decl = (struct opt_decl){
		.shorts = c.shorts,
		.longs = c.longs_null ? NULL : c.longs,
		.long_only = c.long_only,
	};
	n = opt_parse(&decl, c.order, c.argc, c.argv, &ev);
	if (n == -EINVAL) {
		free(ev);
		return 0;
	}
	run_glibc(&c, &t);
	why = compare(&c, &t, ev, n);
	if (why) {
		printf("# %s\n", why);
		print_case(0, 0, &c, &t, ev, n);
		fflush(stdout);
		abort();
	}
	free(ev);
	return 0;
}
