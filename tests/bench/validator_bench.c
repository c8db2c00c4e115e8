/* SPDX-License-Identifier: MIT */
/*
 * What the argument validators cost on long command lines: each line below
 * has about 20 options, and is checked in-process (parse + every layer,
 * path lookups included) from a temporary project holding the files it
 * names. The goal is under 20 us per line.
 *
 *   build/lib/policy/validator_bench [ROUNDS]   (or: meson test --benchmark validators)
 *
 * Times are CPU time of this thread (CLOCK_THREAD_CPUTIME_ID), the best of
 * ROUNDS rounds of 2,000 checks each, so a loaded machine skews them less.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "policy.h"
#include "tmpdir.h"

static const char *const lines[] = {
	"git log --oneline --graph --decorate --all --no-merges --author=me "
	"--since=2024-01-01 --until=2024-12-31 --grep=fix -i --stat --format=%h "
	"--abbrev=8 --max-count=50 --skip=2 --date=short --reverse --topo-order "
	"--first-parent -- src/main.c",
	"find . -maxdepth 4 -mindepth 1 -type f -name '*.c' -newer README.md "
	"-size +1k -mtime -30 -not -path './build/*' -perm -u+r -user root -o "
	"-iname '*.h' -empty -print0",
	"tar -c -z -v -f out.tgz --exclude='*.o' --exclude=build --owner=0 --group=0 "
	"--numeric-owner --sort=name --mtime=2020-01-01 --mode=go-w -C src main.c "
	"--format=gnu --totals --no-recursion --transform=s,^,x/, README.md",
	"grep -r -n -i -w -E -H --color=never --include='*.c' --exclude-dir=build "
	"-A 2 -B 2 -m 100 --binary-files=without-match -s -e TODO -e FIXME "
	"--label=x -T src",
	"sed -n -E -s -u -z --posix --debug -e 's/a/b/g' -e '/x/d' -e '1,5p' "
	"-e 'y/abc/xyz/' -e '$=' -l 80 -e 's/[0-9]+/N/2' -e 'G' src/main.c README.md",
	"rsync -a -v -z -h -P --delete --exclude='*.o' --exclude=build --partial "
	"--timeout=30 --bwlimit=1000 --chmod=u+rw --no-motd --stats --itemize-changes "
	"-e 'ssh -p 22 -o BatchMode=yes' --human-readable src/ bastion:/srv/app/",
};

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 10;
	if (rounds < 1)
		rounds = 1;
	/* under $TMPDIR, removed at exit whichever return is taken */
	const char *root = test_tmpdir_fresh("validator-bench");
	char p[PATH_MAX];
	static const char *const dirs[] = { "src", "build" };
	static const char *const files[] = { "src/main.c", "README.md" };
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(p, sizeof(p), "%s/%s", root, dirs[i]);
		mkdir(p, 0755);
	}
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		snprintf(p, sizeof(p), "%s/%s", root, files[i]);
		FILE *f = fopen(p, "we");
		if (f)
			fclose(f);
	}

	struct config cfg = { .mode = POLICY_MODE_ALLOWLIST };
	cfg.git.local_read = cfg.git.local_write = cfg.git.remote_read = true;
	static char host[] = "bastion";
	struct config_ssh_host sh = { .host = host, .write = true };
	cfg.ssh_hosts = &sh;
	cfg.n_ssh_hosts = 1;
	struct policy_context ctx = { .cwd = root, .project_dir = root,
				      .home = "/nonexistent-home" };
	struct policy *pol = NULL;
	struct policy_report *rep = NULL;
	if (policy_new(&cfg, &ctx, &pol) < 0 || policy_report_new(&rep) < 0)
		return 1;

	int status = 0;
	double worst = 0;
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++) {
		size_t len = strlen(lines[i]);
		policy_report_reset(rep);
		if (policy_check_source(pol, lines[i], len, rep) < 0)
			return 1;
		if (rep->verdict != POLICY_ALLOW) {
			/* the figure is for lines that pass every check */
			fprintf(stderr, "not allowed: %s\n", lines[i]);
			status = 1;
		}
		double best = 1e9;
		for (int r = 0; r < rounds; r++) {
			const int n = 2000;
			double t0 = now();
			for (int k = 0; k < n; k++) {
				policy_report_reset(rep);
				if (policy_check_source(pol, lines[i], len, rep) < 0)
					return 1;
			}
			double us = (now() - t0) * 1e6 / n;
			if (us < best)
				best = us;
		}
		if (best > worst)
			worst = best;
		char name[24];
		snprintf(name, sizeof(name), "%.20s", lines[i]);
		printf("%-22s %6.2f us per check (%zu bytes)\n", name, best, len);
	}
	printf("worst: %.2f us; goal < 20 us: %s\n", worst, worst < 20 ? "met" : "NOT met");

	policy_report_free(rep);
	policy_free(pol);
	return status || worst >= 20;
}
