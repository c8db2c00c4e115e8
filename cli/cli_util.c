/* SPDX-License-Identifier: MIT */
/* Helpers every subcommand shares (and the tests that link one alone). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "cli.h"
#include "config.h"

int
cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "lite-sandbox%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'lite-sandbox %s%s--help'.\n", cmd ? cmd : "",
		cmd ? " " : "");
	return EXIT_USAGE;
}

int
cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			return 0;
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return 1;
	}
	return 0;
}

int
cli_load_config(const char *cmd, const char *config_file, const char *dir,
		struct config **ret)
{
	_cleanup_free_ char *path = NULL;
	struct config_error cerr = { 0 };
	int r = 0;

	if (!config_file) {
		r = config_default_path(&path);
		if (r < 0) {
			fprintf(stderr, "lite-sandbox %s: cannot tell where the config file is: "
				"%s\n", cmd, strerror(-r));
			return EXIT_USAGE;
		}
		config_file = path;
	}
	/* The same reading as the registrar's: the base file with the
	 * override of dir's project merged in, whether the file was named or
	 * found at its default place. */
	r = config_load_for_dir(config_file, dir, ret, &cerr);
	if (r < 0) {
		if (cerr.line)
			fprintf(stderr, "lite-sandbox %s: %s:%u:%u: %s\n", cmd, cerr.file,
				cerr.line, cerr.col, cerr.message);
		else if (cerr.message[0])
			fprintf(stderr, "lite-sandbox %s: %s: %s\n", cmd, config_file,
				cerr.message);
		else
			fprintf(stderr, "lite-sandbox %s: loading %s: %s\n", cmd, config_file,
				strerror(-r));
		return EXIT_USAGE;
	}
	return 0;
}
