/* SPDX-License-Identifier: MIT */
/*
 * ipc_bench RUNTIME_DIR N: N session_register round trips through
 * ipc_client_call against a running test service (pack, send, validate on
 * both sides, reply); prints p50/p99 in microseconds. Not a test: numbers
 * for docs/services.md, to compare with nng's bare ~160 µs (PLATFORM.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ipc.h"

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	int n = atoi(argv[2]);
	if (n <= 0 || n > 1000000)
		return 2;
	struct ipc_client_options o = { .service = "svc", .runtime_dir = argv[1], .timeout_ms = 5000 };
	struct ipc_client *c = NULL;
	int r = ipc_client_new(&o, &c);
	if (r < 0) {
		fprintf(stderr, "connect: %d\n", r);
		return 1;
	}
	double *us = calloc((size_t)n, sizeof(*us));
	struct arena *a = arena_new(1 << 20);
	LiteSandbox__SessionRegister reg = LITE_SANDBOX__SESSION_REGISTER__INIT;
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CLI;
	reg.cwd = (char *)"/home/user/project";
	reg.pid = 1;
	for (int i = 0; i < n; i++) {
		ipc_envelope env, *rep = NULL;
		ipc_envelope_init(&env);
		env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
		env.session_register = &reg;
		struct arena_mark m = arena_mark(a);
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		r = ipc_client_call(c, &env, a, &rep, NULL);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		arena_reset(a, m);
		if (r < 0) {
			fprintf(stderr, "call: %d\n", r);
			return 1;
		}
		us[i] = (double)(t1.tv_sec - t0.tv_sec) * 1e6 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e3;
	}
	qsort(us, (size_t)n, sizeof(*us), cmp);
	printf("round trips: %d  p50: %.0f us  p99: %.0f us\n", n, us[n / 2], us[n * 99 / 100]);
	free(us);
	arena_free(a);
	ipc_client_free(c);
	return 0;
}
