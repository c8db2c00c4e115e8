/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox parse: show how lite-sandbox reads a command line. The tree it
 * prints is the one every policy check walks, so this is the first thing to
 * look at when a verdict surprises you.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "shell.h"

void
cmd_parse_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox parse [--json | --print] [--extglob] [--no-pos] -- 'COMMAND'\n"
		"       lite-sandbox parse [--json | --print] -    (read the script from stdin)\n"
		"\n"
		"Parse COMMAND as bash would and print its syntax tree. Nothing is run.\n"
		"\n"
		"Options:\n"
		"  --json      print the tree as JSON (the default)\n"
		"  --print     print the command re-printed from the tree, in canonical form\n"
		"  --extglob   parse extended globs @(..) *(..) +(..) ?(..) !(..) in words,\n"
		"              as bash does after 'shopt -s extglob'\n"
		"  --no-pos    leave source positions out of the JSON\n"
		"  -h, --help  show this help\n"
		"\n"
		"Exit status: 0 parsed, 1 syntax error or unsupported construct\n"
		"(reported as 'LINE:COL: message' on stderr), 2 usage error.\n");
}

int
cmd_parse(int argc, char **argv)
{
	enum { OPT_JSON = 256, OPT_PRINT, OPT_EXTGLOB, OPT_NOPOS };
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "print", no_argument, NULL, OPT_PRINT },
		{ "extglob", no_argument, NULL, OPT_EXTGLOB },
		{ "no-pos", no_argument, NULL, OPT_NOPOS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool print = false, positions = true;
	struct sh_parse_options popts = { .extglob = false };
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_JSON:
			print = false;
			break;
		case OPT_PRINT:
			print = true;
			break;
		case OPT_EXTGLOB:
			popts.extglob = true;
			break;
		case OPT_NOPOS:
			positions = false;
			break;
		case 'h':
			cmd_parse_usage(stdout);
			return 0;
		default:
			return cli_usage_error("parse", "unknown option '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return cli_usage_error("parse",
				       "expected exactly one COMMAND (or - for stdin)");

	_cleanup_buf_ struct buf input = BUF_INIT(SH_MAX_INPUT);
	const char *arg = argv[optind];
	int r;
	if (strcmp(arg, "-") == 0) {
		r = buf_read_fd(&input, STDIN_FILENO);
		if (r == -EFBIG) {
			fprintf(stderr, "lite-sandbox parse: input larger than %u bytes\n",
				SH_MAX_INPUT);
			return 1;
		}
		if (r < 0) {
			fprintf(stderr, "lite-sandbox parse: reading stdin: %s\n",
				strerror(-r));
			return EXIT_USAGE;
		}
	} else if ((r = buf_puts(&input, arg)) < 0) {
		fprintf(stderr, "lite-sandbox parse: %s\n", strerror(-r));
		return 1;
	}

	_cleanup_arena_ struct arena *arena = arena_new(64u * SH_MAX_INPUT);
	if (!arena)
		return EXIT_FAILURE;
	struct sh_node *tree = NULL;
	struct sh_error err = { 0 };
	r = sh_parse(arena, input.data ? input.data : "", input.len, &popts,
		     &tree, &err);
	if (r < 0) {
		fprintf(stderr, "%u:%u: %s\n", err.line, err.col, err.message);
		return 1;
	}

	if (print) {
		_cleanup_buf_ struct buf out = BUF_INIT(64u * SH_MAX_INPUT);
		r = sh_print(tree, &out);
		if (r < 0) {
			fprintf(stderr, "lite-sandbox parse: printing: %s\n",
				strerror(-r));
			return 1;
		}
		fwrite(out.data ? out.data : "", 1, out.len, stdout);
		if (out.len == 0 || out.data[out.len - 1] != '\n')
			putchar('\n');
		return 0;
	}

	json_t *j = sh_to_json(tree, positions);
	if (!j) {
		fprintf(stderr, "lite-sandbox parse: out of memory\n");
		return 1;
	}
	r = json_dumpf(j, stdout, JSON_INDENT(2) | JSON_ENSURE_ASCII);
	json_decref(j);
	putchar('\n');
	return r == 0 ? 0 : 1;
}
