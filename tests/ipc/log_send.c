/* SPDX-License-Identifier: MIT */
/* log_send MESSAGE [NAME=VALUE...]: one log_audit() record (for the tests). */
#include <stdio.h>
#include <string.h>

#include "log.h"

int
main(int argc, char **argv)
{
	if (argc < 2 || argc - 2 > LOG_FIELDS_MAX)
		return 2;
	struct log_field f[LOG_FIELDS_MAX];
	unsigned n = 0;
	for (int i = 2; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		if (!eq)
			return 2;
		*eq = '\0';
		f[n++] = (struct log_field){ argv[i], eq + 1 };
	}
	int r = log_audit(argv[1], f, n);
	if (r < 0) {
		fprintf(stderr, "log_send: %s\n", strerror(-r));
		return 1;
	}
	printf("%s\n", log_journald_present() ? "journald" : "stderr");
	return 0;
}
