/* SPDX-License-Identifier: MIT */
/*
 * bench_parse: how fast the shell parser is, against `bash -n` measured in
 * the same run on the same inputs (see docs/testing.md; run it through
 * tests/bench/bench_parse.sh, which gathers the inputs).
 *
 *   bench_parse --scripts LIST --commands FILE [--cli LITE_SANDBOX]
 *               [--bash PATH] [--min-time SECONDS]
 *
 * LIST names script files, one path per line; FILE holds one command line
 * per line. It prints, for large scripts, MB/s of in-process sh_parse() vs
 * bash -n run once per file (process start included, and the cost of
 * starting bash alone, so the two can be told apart); and for one-line
 * commands, commands/s of in-process sh_parse(), of `lite-sandbox parse`
 * started once per command, and of `bash -n -c` started once per command.
 * Only files bash -n accepts are timed; files our parser rejects are counted
 * and left out of the throughput.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base.h"
#include "shell.h"

/* The goals the parser is held to (see docs/testing.md). */
#define GOAL_MB_PER_S 50.0
#define GOAL_CMD_RATIO 10.0
/* Size of the concatenated large script. */
#define BLOB_TARGET (6u * 1000u * 1000u)

struct input {
	char *data;
	size_t len;
	char *name;
};

struct inputs {
	struct input *v;
	size_t n, cap;
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
inputs_add(struct inputs *in, char *data, size_t len, const char *name)
{
	if (in->n == in->cap) {
		size_t cap = in->cap ? in->cap * 2 : 256;
		struct input *v = realloc(in->v, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		in->v = v;
		in->cap = cap;
	}
	char *nm = strdup(name);
	if (!nm)
		return -ENOMEM;
	in->v[in->n++] = (struct input){ .data = data, .len = len, .name = nm };
	return 0;
}

static void
inputs_done(struct inputs *in)
{
	for (size_t i = 0; i < in->n; i++) {
		free(in->v[i].data);
		free(in->v[i].name);
	}
	free(in->v);
	*in = (struct inputs){ 0 };
}

static int
read_file(const char *path, struct buf *out)
{
	_cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	return buf_read_fd(out, fd);
}

/* Run argv with stdin/stdout/stderr on /dev/null; returns its wait status. */
static int
spawn_wait(char *const argv[], int *ret_status)
{
	static char *const env[] = { "PATH=/usr/bin:/bin", "LC_ALL=C", NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int r, status;

	r = posix_spawn_file_actions_init(&fa);
	if (r != 0)
		return -r;
	for (int fd = 0; fd <= 2; fd++)
		posix_spawn_file_actions_addopen(&fa, fd, "/dev/null",
						 fd == 0 ? O_RDONLY : O_WRONLY, 0);
	r = posix_spawn(&pid, argv[0], &fa, NULL, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	if (r != 0)
		return -r;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	*ret_status = status;
	return 0;
}

static bool
exited_zero(int status)
{
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Parse every input once; returns how many our parser accepted. */
static size_t
parse_all(struct arena *a, const struct inputs *in, bool *accepted)
{
	struct arena_mark m = arena_mark(a);
	struct sh_parse_options opts = { .extglob = false };
	size_t n = 0;

	for (size_t i = 0; i < in->n; i++) {
		struct sh_node *tree = NULL;
		struct sh_error err = { 0 };
		int r = sh_parse(a, in->v[i].data, in->v[i].len, &opts, &tree, &err);
		arena_reset(a, m);
		if (accepted)
			accepted[i] = r >= 0;
		n += r >= 0;
	}
	return n;
}

/* Repeat parse passes over in (only the accepted[] ones) for >= min_time. */
static double
time_parse(struct arena *a, const struct inputs *in, const bool *accepted,
	   double min_time, size_t *ret_passes)
{
	struct arena_mark m = arena_mark(a);
	struct sh_parse_options opts = { .extglob = false };
	size_t passes = 0;
	double t0 = now(), t;

	do {
		for (size_t i = 0; i < in->n; i++) {
			if (!accepted[i])
				continue;
			struct sh_node *tree = NULL;
			struct sh_error err = { 0 };
			(void)sh_parse(a, in->v[i].data, in->v[i].len, &opts,
				       &tree, &err);
			arena_reset(a, m);
		}
		passes++;
		t = now() - t0;
	} while (t < min_time);
	*ret_passes = passes;
	return t;
}

static int
load_scripts(const char *list, struct inputs *in)
{
	_cleanup_buf_ struct buf l = BUF_INIT(16u << 20);
	int r = read_file(list, &l);
	if (r < 0)
		return r;
	if (buf_putc(&l, '\0') < 0)
		return -ENOMEM;
	for (char *save = NULL, *p = strtok_r(l.data, "\n", &save); p;
	     p = strtok_r(NULL, "\n", &save)) {
		struct buf f = BUF_INIT(SH_MAX_INPUT);
		if (read_file(p, &f) < 0 || f.len == 0 || memchr(f.data, '\0', f.len)) {
			buf_done(&f);
			continue; /* unreadable, too large, empty or binary */
		}
		size_t len = f.len;
		r = inputs_add(in, buf_steal(&f), len, p);
		if (r < 0)
			return r;
	}
	return 0;
}

static int
load_commands(const char *path, struct inputs *in)
{
	_cleanup_buf_ struct buf l = BUF_INIT(16u << 20);
	int r = read_file(path, &l);
	if (r < 0)
		return r;
	size_t start = 0;
	for (size_t i = 0; i <= l.len; i++) {
		if (i < l.len && l.data[i] != '\n')
			continue;
		if (i > start) {
			char *s = strndup(l.data + start, i - start);
			if (!s)
				return -ENOMEM;
			r = inputs_add(in, s, i - start, s);
			if (r < 0) {
				free(s);
				return r;
			}
		}
		start = i + 1;
	}
	return 0;
}

static void
usage(FILE *out)
{
	fprintf(out, "Usage: bench_parse --scripts LIST --commands FILE "
		     "[--cli LITE_SANDBOX] [--bash PATH] [--min-time SECONDS]\n");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "scripts", required_argument, NULL, 's' },
		{ "commands", required_argument, NULL, 'c' },
		{ "cli", required_argument, NULL, 'l' },
		{ "bash", required_argument, NULL, 'b' },
		{ "min-time", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *scripts = NULL, *commands = NULL, *cli = NULL;
	char *bash = "/bin/bash";
	double min_time = 2.0;
	int c, r, status;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 's': scripts = optarg; break;
		case 'c': commands = optarg; break;
		case 'l': cli = optarg; break;
		case 'b': bash = optarg; break;
		case 't': min_time = atof(optarg); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!scripts || !commands || optind != argc || min_time <= 0) {
		usage(stderr);
		return 2;
	}

	struct inputs sc = { 0 }, cmd = { 0 };
	if ((r = load_scripts(scripts, &sc)) < 0 || (r = load_commands(commands, &cmd)) < 0) {
		fprintf(stderr, "bench_parse: loading inputs: %s\n", strerror(-r));
		return 1;
	}
	_cleanup_arena_ struct arena *a = arena_new(64u * SH_MAX_INPUT);
	bool *bash_ok = calloc(sc.n + 1, sizeof(bool));
	bool *ours_ok = calloc(sc.n + 1, sizeof(bool));
	bool *both_ok = calloc(sc.n + 1, sizeof(bool));
	bool *cmd_ok = calloc(cmd.n + 1, sizeof(bool));
	if (!a || !bash_ok || !ours_ok || !both_ok || !cmd_ok) {
		fprintf(stderr, "bench_parse: out of memory\n");
		return 1;
	}

	/* The cost of starting bash, to read the per-file figures against. */
	char *empty_argv[] = { bash, "--norc", "--noprofile", "-n", "-c", "", NULL };
	const int n_start = 200;
	double t0 = now();
	for (int i = 0; i < n_start; i++)
		if (spawn_wait(empty_argv, &status) < 0)
			return 1;
	double bash_start = (now() - t0) / n_start;

	/* (a) scripts: bash -n once per file, timed per file. */
	double *bash_t = calloc(sc.n + 1, sizeof(double));
	if (!bash_t)
		return 1;
	size_t bash_bytes = 0, n_bash_ok = 0;
	for (size_t i = 0; i < sc.n; i++) {
		char *av[] = { bash, "--norc", "--noprofile", "-n", sc.v[i].name, NULL };
		double s = now();
		if (spawn_wait(av, &status) < 0)
			return 1;
		bash_t[i] = now() - s;
		bash_ok[i] = exited_zero(status);
		if (bash_ok[i]) {
			bash_bytes += sc.v[i].len;
			n_bash_ok++;
		}
	}
	parse_all(a, &sc, ours_ok);
	size_t n_both = 0, both_bytes = 0, n_ours_rejects = 0;
	double both_bash_time = 0;
	for (size_t i = 0; i < sc.n; i++) {
		if (bash_ok[i] && !ours_ok[i])
			n_ours_rejects++;
		/* Time both sides on exactly the same files. */
		both_ok[i] = bash_ok[i] && ours_ok[i];
		if (both_ok[i]) {
			n_both++;
			both_bytes += sc.v[i].len;
			both_bash_time += bash_t[i];
		}
	}
	free(bash_t);
	size_t passes;
	double ours_time = time_parse(a, &sc, both_ok, min_time, &passes);
	double mb = (double)both_bytes / 1e6;
	double ours_mbs = mb * (double)passes / ours_time;
	double bash_mbs = mb / both_bash_time;
	double bash_mbs_nostart = mb / (both_bash_time - bash_start * (double)n_both);

	printf("== Scripts: %zu files read, %zu accepted by bash -n (%.2f MB); "
	       "our parser rejects %zu of those\n",
	       sc.n, n_bash_ok, (double)bash_bytes / 1e6, n_ours_rejects);
	/* Scripts bash accepts and we do not: each one is a fidelity gap. */
	size_t shown = 0;
	for (size_t i = 0; i < sc.n && shown < 40; i++) {
		if (!bash_ok[i] || ours_ok[i])
			continue;
		struct sh_parse_options opts = { .extglob = false };
		struct sh_node *tree = NULL;
		struct sh_error err = { 0 };
		struct arena_mark m = arena_mark(a);
		(void)sh_parse(a, sc.v[i].data, sc.v[i].len, &opts, &tree, &err);
		arena_reset(a, m);
		printf("   rejected: %s:%u:%u: %s\n", sc.v[i].name, err.line, err.col,
		       err.message);
		shown++;
	}
	printf("   timed: %zu files, %.2f MB (accepted by both)\n", n_both, mb);
	printf("   sh_parse in-process        %9.1f MB/s  (%zu passes in %.2fs)\n",
	       ours_mbs, passes, ours_time);
	printf("   bash -n, one run per file  %9.1f MB/s  (%.3fs total, %.2f ms/file)\n",
	       bash_mbs, both_bash_time, 1e3 * both_bash_time / (double)(n_both ? n_both : 1));
	printf("   bash -n minus bash start   %9.1f MB/s  (bash start: %.2f ms)\n",
	       bash_mbs_nostart, 1e3 * bash_start);
	printf("   ratio sh_parse / bash -n: %.1fx (%.1fx without bash's start)\n",
	       ours_mbs / bash_mbs, ours_mbs / bash_mbs_nostart);

	/*
	 * One large script: the files above concatenated (and repeated) to a
	 * few MB, so that bash's process start no longer hides its parse time.
	 */
	_cleanup_buf_ struct buf blob = BUF_INIT(SH_MAX_INPUT);
	while (n_both > 0 && blob.len < BLOB_TARGET) {
		for (size_t i = 0; i < sc.n && blob.len < BLOB_TARGET; i++) {
			if (!both_ok[i])
				continue;
			if (blob.len + sc.v[i].len + 1 > SH_MAX_INPUT)
				break;
			if (buf_append(&blob, sc.v[i].data, sc.v[i].len) < 0 ||
			    buf_putc(&blob, '\n') < 0)
				return 1;
		}
	}
	if (blob.len > 0) {
		char path[] = "/tmp/bench-parse-XXXXXX";
		_cleanup_close_ int fd = mkostemp(path, O_CLOEXEC);
		if (fd < 0 || write(fd, blob.data, blob.len) != (ssize_t)blob.len) {
			fprintf(stderr, "bench_parse: writing %s: %s\n", path, strerror(errno));
			return 1;
		}
		char *av[] = { bash, "--norc", "--noprofile", "-n", path, NULL };
		double best = 1e9;
		bool bash_blob_ok = true;
		for (int k = 0; k < 3; k++) {
			double s = now();
			if (spawn_wait(av, &status) < 0)
				return 1;
			double d = now() - s;
			if (d < best)
				best = d;
			bash_blob_ok = bash_blob_ok && exited_zero(status);
		}
		(void)unlink(path);
		struct inputs one = { 0 };
		bool one_ok = true;
		struct input in1 = { .data = blob.data, .len = blob.len, .name = path };
		one.v = &in1;
		one.n = 1;
		bool ours_blob_ok = parse_all(a, &one, NULL) == 1;
		double bmb = (double)blob.len / 1e6;
		printf("== One large script: %.2f MB (the files above, concatenated)\n", bmb);
		if (!bash_blob_ok || !ours_blob_ok) {
			printf("   skipped: bash -n %s it, our parser %s it\n",
			       bash_blob_ok ? "accepts" : "rejects",
			       ours_blob_ok ? "accepts" : "rejects");
		} else {
			size_t bp;
			double bt = time_parse(a, &one, &one_ok, min_time, &bp);
			double o = bmb * (double)bp / bt, b = bmb / best;
			printf("   sh_parse in-process        %9.1f MB/s  (%zu passes in %.2fs)\n",
			       o, bp, bt);
			printf("   bash -n, one process       %9.1f MB/s  (best of 3: %.3fs)\n",
			       b, best);
			printf("   ratio sh_parse / bash -n: %.1fx\n", o / b);
			if (o < ours_mbs)
				ours_mbs = o; /* the goal holds for the worse of the two */
		}
	}

	/* (b) one-line commands. */
	size_t n_cmd_ok = parse_all(a, &cmd, cmd_ok);
	for (size_t i = 0; i < cmd.n; i++)
		cmd_ok[i] = true; /* time every command, rejected ones too */
	double cmd_time = time_parse(a, &cmd, cmd_ok, min_time, &passes);
	double ours_cps = (double)cmd.n * (double)passes / cmd_time;

	t0 = now();
	for (size_t i = 0; i < cmd.n; i++) {
		char *av[] = { bash, "--norc", "--noprofile", "-n", "-c", cmd.v[i].data, NULL };
		if (spawn_wait(av, &status) < 0)
			return 1;
	}
	double bash_cps = (double)cmd.n / (now() - t0);

	double cli_cps = 0;
	if (cli) {
		t0 = now();
		for (size_t i = 0; i < cmd.n; i++) {
			char *av[] = { (char *)cli, "parse", "--", cmd.v[i].data, NULL };
			if (spawn_wait(av, &status) < 0) {
				fprintf(stderr, "bench_parse: cannot run %s\n", cli);
				return 1;
			}
		}
		cli_cps = (double)cmd.n / (now() - t0);
	}

	printf("== Commands: %zu one-line agent commands (%zu accepted by our parser)\n",
	       cmd.n, n_cmd_ok);
	printf("   sh_parse in-process          %12.0f commands/s  (%.2f us each)\n",
	       ours_cps, 1e6 / ours_cps);
	if (cli)
		printf("   lite-sandbox parse, 1 process %11.0f commands/s  (process start included)\n",
		       cli_cps);
	printf("   bash -n -c, 1 process         %11.0f commands/s  (process start included)\n",
	       bash_cps);
	printf("   ratio in-process / bash -n -c: %.0fx\n", ours_cps / bash_cps);
	if (cli)
		printf("   ratio lite-sandbox parse / bash -n -c (both with process start): %.2fx\n",
		       cli_cps / bash_cps);

	printf("== Goals: >= %.0f MB/s on scripts: %s (%.1f); >= %.0fx bash -n per command: %s (%.0fx)\n",
	       GOAL_MB_PER_S, ours_mbs >= GOAL_MB_PER_S ? "met" : "NOT MET", ours_mbs,
	       GOAL_CMD_RATIO, ours_cps / bash_cps >= GOAL_CMD_RATIO ? "met" : "NOT MET",
	       ours_cps / bash_cps);

	free(bash_ok);
	free(ours_ok);
	free(both_ok);
	free(cmd_ok);
	inputs_done(&sc);
	inputs_done(&cmd);
	return 0;
}
