/* SPDX-License-Identifier: MIT */
/*
 * How many typical one-line agent commands the policy checks per second on
 * one core (parse + every layer), beside two baselines measured in the same
 * run: the parse alone, and `bash -n -c CMD` (what a checker that shells out
 * to bash for parsing alone would pay per command).
 *
 *   build/lib/policy/policy_bench [SECONDS]   (or: meson test --benchmark policy)
 *
 * Rates are per CPU second of the checking thread (CLOCK_THREAD_CPUTIME_ID),
 * so a loaded machine does not skew them; bash's is per wall second.
 *
 * The project is a temporary directory with the files the commands name, so
 * the path checks resolve real paths (lstat per component), as in use.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "policy.h"
#include "tmpdir.h"

static const char *const cmds[] = {
	"cd src && make test 2>&1 | tail -40",
	"git status --short",
	"grep -rn 'TODO' src | head -20",
	"ls -la",
	"cat README.md | wc -l",
	"find . -name '*.c' -exec grep -l main {} +",
	"sed -n '1,20p' src/main.c",
	"git diff HEAD~1 -- src/main.c",
	"rg -n foo src/ --type c",
	"echo \"$(date)\" > out.txt",
	"for f in src/*.c; do wc -l \"$f\"; done",
	"npm test -- --watch=false",
};

/* CPU time of this thread: the machine may be shared, and the goal is per
 * core. The bash baseline is wall time (its work happens in children). */
static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1.0;
	/* under $TMPDIR, removed at exit whichever return is taken */
	const char *root = test_tmpdir_fresh("policy-bench");
	char p[PATH_MAX];
	snprintf(p, sizeof(p), "%s/src", root);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/src/main.c", root);
	FILE *f = fopen(p, "we");
	if (f)
		fclose(f);
	snprintf(p, sizeof(p), "%s/README.md", root);
	f = fopen(p, "we");
	if (f)
		fclose(f);

	struct config cfg = { .mode = POLICY_MODE_ALLOWLIST };
	cfg.git.local_read = cfg.git.local_write = cfg.git.remote_read = true;
	struct policy_context ctx = { .cwd = root, .project_dir = root, .home = "/nonexistent-home" };
	struct policy *pol = NULL;
	struct policy_report *rep = NULL;
	if (policy_new(&cfg, &ctx, &pol) < 0 || policy_report_new(&rep) < 0)
		return 1;
	size_t lens[ARRAY_SIZE(cmds)];
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
		lens[i] = strlen(cmds[i]);

	/* parse + check */
	size_t n = 0, denied = 0;
	double t0 = now(), t, w0 = wall();
	do {
		for (size_t i = 0; i < ARRAY_SIZE(cmds); i++, n++) {
			policy_report_reset(rep);
			if (policy_check_source(pol, cmds[i], lens[i], rep) < 0)
				return 1;
			denied += rep->verdict != POLICY_ALLOW;
		}
		t = now() - t0;
	} while (t < secs);
	double check_rate = (double)n / t;
	double check_wall_rate = (double)n / (wall() - w0);

	/* parse alone */
	struct arena *a = arena_new(64u << 20);
	struct arena_mark m0 = arena_mark(a);
	size_t np = 0;
	t0 = now();
	do {
		for (size_t i = 0; i < ARRAY_SIZE(cmds); i++, np++) {
			struct sh_node *tree;
			struct sh_error err;
			arena_reset(a, m0);
			if (sh_parse(a, cmds[i], lens[i], NULL, &tree, &err) < 0)
				return 1;
		}
		t = now() - t0;
	} while (t < secs);
	double parse_rate = (double)np / t;
	arena_free(a);

	/* bash -n -c, one process per command */
	size_t nb = 0;
	t0 = wall();
	do {
		for (size_t i = 0; i < ARRAY_SIZE(cmds); i++, nb++) {
			pid_t pid = fork();
			if (pid == 0) {
				execlp("bash", "bash", "-n", "-c", cmds[i], (char *)NULL);
				_exit(127);
			}
			int st;
			waitpid(pid, &st, 0);
		}
		t = wall() - t0;
	} while (t < secs / 2);
	double bash_rate = (double)nb / t;

	printf("policy check (parse + all layers): %10.0f commands/s  (%.2f us each; %zu of %zu refused per round)\n",
	       check_rate, 1e6 / check_rate, denied * ARRAY_SIZE(cmds) / n, ARRAY_SIZE(cmds));
	printf("  (the same per wall second, on this machine's current load: %.0f commands/s)\n",
	       check_wall_rate);
	printf("parse alone:                       %10.0f commands/s  (%.2f us each)\n",
	       parse_rate, 1e6 / parse_rate);
	printf("bash -n -c per command:            %10.0f commands/s  (%.0f us each)\n",
	       bash_rate, 1e6 / bash_rate);
	printf("check / bash -n: %.0fx; check / parse: %.2f\n", check_rate / bash_rate,
	       check_rate / parse_rate);
	printf("goal: >= 200000 commands/s per core: %s\n",
	       check_rate >= 200000 ? "met" : "NOT met");

	policy_report_free(rep);
	policy_free(pol);
	return 0;
}
