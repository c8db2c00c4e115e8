/* SPDX-License-Identifier: MIT */
/*
 * ipc_bench RUNTIME_DIR N [fresh]: N session_register round trips through
 * ipc_client_call against a running test service (pack, send, validate on
 * both sides, reply); prints p50/p99 in microseconds. Not a test: numbers
 * for docs/services.md, to compare with nng's bare ~160 µs (PLATFORM.md).
 * With "fresh", each round trip is what a front end pays per command: a
 * new connection (services_client: connect, SP handshake), one register,
 * close. With "direct", services_client's round trips on one connection
 * (no nng on either side, as the executor calls the registrar).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ipc.h"
#include "services_client.h"

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static int
fresh(const char *dir, int n, bool keep)
{
	double *us = calloc((size_t)n, sizeof(*us));
	struct arena *a = arena_new(1 << 20);
	if (!us || !a)
		return 1;
	for (int i = 0; i < n; i++) {
		struct timespec t0, t1;
		struct arena_mark m = arena_mark(a);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		static struct svc_conn *c = NULL;
		int r = c ? 0 : svc_open_direct(dir, "svc", 5000, &c);
		const LiteSandbox__SessionRegisterReply *rep = NULL;
		char err[256];
		if (r >= 0)
			r = svc_register(c, LITE_SANDBOX__AGENT_KIND__AGENT_CLI, "/home/user/project",
					 NULL, a, &rep, err, sizeof(err));
		if (!keep || i == n - 1)
			c = svc_close(c);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		arena_reset(a, m);
		if (r < 0) {
			fprintf(stderr, "fresh call: %d\n", r);
			return 1;
		}
		us[i] = (double)(t1.tv_sec - t0.tv_sec) * 1e6 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e3;
	}
	qsort(us, (size_t)n, sizeof(*us), cmp);
	printf("%s: %d  p50: %.0f us  p99: %.0f us\n",
	       keep ? "services_client round trips" : "fresh connection + register", n, us[n / 2],
	       us[n * 99 / 100]);
	free(us);
	arena_free(a);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc != 3 && !(argc == 4 && (strcmp(argv[3], "fresh") == 0 ||
					 strcmp(argv[3], "direct") == 0)))
		return 2;
	int n = atoi(argv[2]);
	if (n <= 0 || n > 1000000)
		return 2;
	if (argc == 4)
		return fresh(argv[1], n, strcmp(argv[3], "direct") == 0);
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
