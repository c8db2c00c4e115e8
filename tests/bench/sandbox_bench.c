/* SPDX-License-Identifier: MIT */
/*
 * Cold start of a sandboxed `true` against `bash -c true` and a bare
 * `bwrap --unshare-all ... true`, measured in one run and printed as
 * ratios (absolute times depend on the machine; ratios much less). Also
 * the cost of one command in an already running worker: a program (argv
 * request), and a command line run by the worker's own interpreter (script
 * request, a fork of the worker), confined and unconfined.
 *
 *   sandbox_bench [ITERATIONS]     (default 40)
 *   sandbox_bench --cold-once      one cold sandboxed `true`: prints its
 *                                  milliseconds (for worker_bench.py, which
 *                                  interleaves it with its own rows)
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "config.h"
#include "sandbox.h"

extern char **environ;

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(double), cmp);
	return v[n / 2];
}

static int
spawn_wait(char *const *argv)
{
	pid_t pid;
	if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0)
		return -1;
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 40;
	if (n < 3 || n > 10000)
		n = 40;
	char cwd[4096];
	if (!getcwd(cwd, sizeof(cwd)))
		return 1;
	const char *home = getenv("HOME");
	struct config c;
	memset(&c, 0, sizeof(c));
	c.mode = POLICY_MODE_ALLOWLIST;
	c.os_sandbox = true;
	c.os_sandbox_hide_home = true;
	struct sandbox_context ctx = { .cwd = cwd, .home = home ? home : "/root",
				       .path = getenv("PATH"), .environ = environ,
				       .helper = sandbox_default_helper() };
	struct sandbox_policy *p = NULL;
	struct sandbox_error err = { { 0 } };
	if (sandbox_policy_build(&c, &ctx, &p, &err) < 0) {
		fprintf(stderr, "policy: %s\n", err.message);
		return 1;
	}
	if (argc == 2 && strcmp(argv[1], "--cold-once") == 0) {
		/* the sandbox a per-command design would start for each
		 * command: bubblewrap with this policy's mounts, the helper's
		 * Landlock and seccomp, then the program */
		char *one[] = { "true", NULL };
		struct sandbox_launch lo = { .fd_in = -1, .fd_out = -1, .fd_err = 2 };
		int st;
		double t0 = now();
		if (sandbox_run(p, &lo, one, &st, &err) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
			fprintf(stderr, "sandboxed true failed: %s\n", err.message);
			return 1;
		}
		printf("%.4f\n", now() - t0);
		sandbox_policy_free(p);
		return 0;
	}
	double *t_sb = calloc((size_t)n, sizeof(double)), *t_bash = calloc((size_t)n, sizeof(double));
	double *t_bwrap = calloc((size_t)n, sizeof(double)), *t_worker = calloc((size_t)n, sizeof(double));
	double *t_script = calloc((size_t)n, sizeof(double)), *t_plain = calloc((size_t)n, sizeof(double));
	char *bash[] = { "bash", "-c", "true", NULL };
	char *bwrap[] = { "bwrap", "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/",
			  "--dev", "/dev", "--proc", "/proc", "true", NULL };
	char *tru[] = { "true", NULL };
	struct sandbox_launch l = { .fd_in = -1, .fd_out = -1, .fd_err = 2 };
	struct sandbox_worker *w = NULL;
	if (sandbox_worker_start(p, &l, &w, &err) < 0) {
		fprintf(stderr, "worker: %s\n", err.message);
		return 1;
	}
	/* workers with an interpreter: an empty config (the defaults), as a
	 * descriptor, as the executor passes it */
	char cfgpath[4200];
	snprintf(cfgpath, sizeof(cfgpath), "%s/.sandbox-bench-config.yaml", cwd);
	FILE *cf = fopen(cfgpath, "w");
	if (!cf)
		return 1;
	fputs("mode: allowlist\n", cf);
	fclose(cf);
	char *words[] = { cfgpath, cwd, (char *)(home ? home : "/root"), (char *)"", NULL };
	struct sandbox_worker_setup setup = { .words = words, .file = cfgpath };
	struct sandbox_worker *ws = NULL, *wp = NULL;
	if (sandbox_worker_start_ex(p, &l, &setup, &ws, &err) < 0 ||
	    sandbox_worker_start_ex(NULL, &l, &setup, &wp, &err) < 0) {
		fprintf(stderr, "worker: %s\n", err.message);
		return 1;
	}
	unlink(cfgpath); /* read at the start; a restart would find defaults */
	/* interleaved, so that drift in machine load hits all alike */
	for (int i = 0; i < n; i++) {
		double t0 = now();
		int st;
		if (sandbox_run(p, &l, tru, &st, &err) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
			fprintf(stderr, "sandboxed true failed: %s\n", err.message);
			return 1;
		}
		double t1 = now();
		if (spawn_wait(bash) != 0)
			return 1;
		double t2 = now();
		if (spawn_wait(bwrap) != 0)
			return 1;
		double t3 = now();
		if (sandbox_worker_run(w, cwd, tru, -1, -1, 2, 5000, &st, NULL, &err) < 0)
			return 1;
		double t4 = now();
		if (sandbox_worker_run_script(ws, cwd, "true", 0, -1, -1, 2, 5000, &st, NULL, &err) < 0 ||
		    !WIFEXITED(st) || WEXITSTATUS(st))
			return 1;
		double t5 = now();
		if (sandbox_worker_run_script(wp, cwd, "true", 0, -1, -1, 2, 5000, &st, NULL, &err) < 0 ||
		    !WIFEXITED(st) || WEXITSTATUS(st))
			return 1;
		double t6 = now();
		t_script[i] = t5 - t4;
		t_plain[i] = t6 - t5;
		t_sb[i] = t1 - t0;
		t_bash[i] = t2 - t1;
		t_bwrap[i] = t3 - t2;
		t_worker[i] = t4 - t3;
	}
	double sb = median(t_sb, n), ba = median(t_bash, n), bw = median(t_bwrap, n),
	       wk = median(t_worker, n), sc = median(t_script, n), pl = median(t_plain, n);
	printf("cold start, median of %d runs (ms):\n", n);
	printf("  bash -c true                   %8.2f   1.00x\n", ba);
	printf("  bwrap --unshare-all ... true   %8.2f  %5.2fx bash\n", bw, bw / ba);
	printf("  lite-sandbox sandboxed true    %8.2f  %5.2fx bash  %5.2fx bwrap\n", sb, sb / ba,
	       sb / bw);
	printf("  true in a running worker       %8.2f  %5.2fx bash  %5.2fx bwrap\n", wk, wk / ba,
	       wk / bw);
	printf("  line `true`, worker's interp   %8.2f  %5.2fx bash  %5.2fx bwrap\n", sc, sc / ba,
	       sc / bw);
	printf("  the same, unconfined worker    %8.2f  %5.2fx bash  %5.2fx bwrap\n", pl, pl / ba,
	       pl / bw);
	sandbox_worker_free(ws);
	sandbox_worker_free(wp);
	free(t_script);
	free(t_plain);
	sandbox_worker_free(w);
	sandbox_policy_free(p);
	free(t_sb);
	free(t_bash);
	free(t_bwrap);
	free(t_worker);
	return 0;
}
