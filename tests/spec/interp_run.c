/* SPDX-License-Identifier: MIT */
/*
 * interp-run SCRIPT [ARG...]: run SCRIPT in lib/interp with no policy
 * handlers (bash -c SCRIPT lite-sandbox ARG... semantics), for the
 * conformance suite, which compares it with bash.
 */
#include <stdio.h>
#include <string.h>

#include "interp.h"

extern char **environ;

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: interp-run SCRIPT [ARG...]\n");
		return 2;
	}
	struct interp_options o = {
		.envp = environ,
		.argv0 = "lite-sandbox",
		.args = argv + 2,
		.n_args = (size_t)(argc - 2),
	};
	struct interp *it = NULL;
	int r = interp_new(&o, &it);
	if (r < 0) {
		fprintf(stderr, "interp-run: %s\n", strerror(-r));
		return 2;
	}
	int st = interp_run_string(it, argv[1], strlen(argv[1]));
	if (st < 0) {
		fprintf(stderr, "interp-run: %s\n", interp_error(it));
		st = 2;
	} else if (interp_refused(it)) {
		fprintf(stderr, "interp-run: refused: %s\n", interp_refusal(it));
	}
	interp_free(it);
	return st;
}
