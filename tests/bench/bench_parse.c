/* SPDX-License-Identifier: MIT */
/*
 * bench_parse: how fast the shell parser is, against `bash -n` measured in
 * the same run on the same inputs (see docs/testing.md; run it through
 * tests/bench/bench_parse.sh, which gathers the inputs).
 *
 *   bench_parse --scripts LIST --commands [NAME=]FILE [--commands ...]
 *               [--cli LITE_SANDBOX] [--bash PATH] [--min-time SECONDS]
 *               [--repeat N] [--per-line N]
 *   bench_parse --passes N [--scripts LIST] [--commands [NAME=]FILE ...]
 *
 * LIST names script files, one path per line; each FILE holds one command
 * line per line. --commands may be given several times, once per command
 * set: the sets together (in the order given) are timed as one, and that
 * is what the per-command goal is judged on; with two or more sets, each
 * one named NAME is then timed on its own, for information. It prints, in
 * one run:
 *  (a) MB/s of in-process sh_parse() on the script files and on one large
 *      script made of them, against bash -n, both with bash's process start
 *      and with the start of `bash -n EMPTYFILE` (measured in the same run)
 *      subtracted;
 *  (b) the time per one-line command of in-process sh_parse(), into an arena
 *      reset to a mark between commands (a long-lived checker) and into a
 *      fresh arena per command, against bash -n of one file holding the same
 *      commands repeated N times, its start subtracted: process start is
 *      excluded on both sides; in rounds that time both sides back to back,
 *      the median of the rounds' ratios; all sets together, then each set
 *      alone;
 *  (c) for information, one process per command on both sides:
 *      `lite-sandbox parse -- CMD` against `bash -n -c CMD`;
 *  (d) with --per-line N, for information: the ratio of each command alone
 *      (ours timed on it alone, bash -n on a file of it repeated), their
 *      spread, and the N commands with the lowest ratio: where a per-command
 *      goal that is not met is lost.
 * Then the ratios and whether each goal is met. Only inputs both parsers
 * accept are timed; scripts bash accepts and we reject are listed.
 *
 * With --passes N it times nothing and runs no bash: it parses every
 * command and script it was given N times, for a run under callgrind,
 * whose instruction counts hold still on a shared machine where times
 * swing by tens of percent (bench_parse.sh's BENCH_PARSE_CALLGRIND=1
 * subtracts a run with --passes 0, the loading, and prints the counts).
 *
 * Times are CPU time (user + system) of the process that parses: ours from
 * CLOCK_PROCESS_CPUTIME_ID, bash's from wait4()'s rusage. The machines this
 * runs on are shared, and wall-clock time would count other processes'
 * load against whichever side it happened to fall on.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base.h"
#include "shell.h"

/* The goals the parser is held to (see docs/testing.md). */
#define GOAL_MB_PER_S 50.0
#define GOAL_CMD_RATIO 10.0
/* Runs of bash per figure, of which the median is taken. */
#define BASH_RUNS 5
#define BASH_START_RUNS 30
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

/* CPU time of this process (it has one thread). */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
wall(void)
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

/* Run argv with stdin/stdout/stderr on /dev/null; returns its wait status
 * and the CPU time (user + system) it used. */
static int
spawn_wait(char *const argv[], int *ret_status, double *ret_cpu)
{
	static char *const env[] = { "PATH=/usr/bin:/bin", "LC_ALL=C", NULL };
	posix_spawn_file_actions_t fa;
	struct rusage ru;
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
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return -errno;
	*ret_status = status;
	if (ret_cpu)
		*ret_cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
			   (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
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

/*
 * When to stop a timed loop of parse passes: after min_time of wall clock
 * and min_time / 4 of CPU time. The clocks are read after batches of
 * passes that double until a batch lasts about a millisecond, not after
 * every pass: reading CLOCK_PROCESS_CPUTIME_ID is a system call (about
 * 0.55 us on the reference machine, 1% of a pass over the 332 judged
 * command lines), and it would be timed as the parser's.
 */
struct pass_timer {
	double min_time, t0, w0, t;
	size_t passes, batch;
};

static void
pass_timer_start(struct pass_timer *pt, double min_time)
{
	*pt = (struct pass_timer){ .min_time = min_time, .batch = 1 };
	pt->w0 = wall();
	pt->t0 = now();
}

/* After pt->batch passes: false once enough time was spent (pt->t holds the
 * CPU time, pt->passes the passes run); true to run pt->batch more. */
static bool
pass_timer_more(struct pass_timer *pt)
{
	double t = now() - pt->t0;

	pt->passes += pt->batch;
	if (t - pt->t < 1e-3 && pt->batch < ((size_t)1 << 30))
		pt->batch *= 2;
	pt->t = t;
	return wall() - pt->w0 < pt->min_time || t < pt->min_time / 4;
}

/* Repeat parse passes over in (only the accepted[] ones) for >= min_time. */
static double
time_parse(struct arena *a, const struct inputs *in, const bool *accepted,
	   double min_time, size_t *ret_passes)
{
	struct arena_mark m = arena_mark(a);
	struct sh_parse_options opts = { .extglob = false };
	struct pass_timer pt;

	pass_timer_start(&pt, min_time);
	do {
		for (size_t b = 0; b < pt.batch; b++)
			for (size_t i = 0; i < in->n; i++) {
				if (!accepted[i])
					continue;
				struct sh_node *tree = NULL;
				/* (not cleared here: sh_parse sets what it
				 * reports, and clearing 268 bytes per command
				 * would be timed as the parser's) */
				struct sh_error err;
				(void)sh_parse(a, in->v[i].data, in->v[i].len,
					       &opts, &tree, &err);
				arena_reset(a, m);
			}
	} while (pass_timer_more(&pt));
	*ret_passes = pt.passes;
	return pt.t;
}

/* Like time_parse, but every parse gets an arena of its own, created and
 * freed around it: the cost of a one-shot caller. */
static double
time_parse_fresh(const struct inputs *in, const bool *accepted, double min_time,
		 size_t *ret_passes)
{
	struct sh_parse_options opts = { .extglob = false };
	struct pass_timer pt;

	pass_timer_start(&pt, min_time);
	do {
		for (size_t b = 0; b < pt.batch; b++)
			for (size_t i = 0; i < in->n; i++) {
				if (!accepted[i])
					continue;
				struct arena *a = arena_new(64u * SH_MAX_INPUT);
				if (!a)
					abort();
				struct sh_node *tree = NULL;
				struct sh_error err; /* (see time_parse) */
				(void)sh_parse(a, in->v[i].data, in->v[i].len,
					       &opts, &tree, &err);
				arena_free(a);
			}
	} while (pass_timer_more(&pt));
	*ret_passes = pt.passes;
	return pt.t;
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* The median of v[0..n) (sorts v). */
static double
median(double *v, size_t n)
{
	qsort(v, n, sizeof(v[0]), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Median wall time of `runs` runs of argv; *ret_ok: every run exited 0. */
static int
time_spawn(char *const argv[], int runs, double *ret_median, bool *ret_ok)
{
	double t[64];
	bool ok = true;
	int status, r;

	if (runs < 1 || runs > (int)ARRAY_SIZE(t))
		return -EINVAL;
	for (int k = 0; k < runs; k++) {
		r = spawn_wait(argv, &status, &t[k]);
		if (r < 0)
			return r;
		ok = ok && exited_zero(status);
	}
	*ret_median = median(t, (size_t)runs);
	*ret_ok = ok;
	return 0;
}

/* Write data to a new temporary file; its path goes to path (size >= 32). */
static int
write_temp(const void *data, size_t len, char *path, size_t size)
{
	snprintf(path, size, "/tmp/bench-parse-XXXXXX");
	_cleanup_close_ int fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (len && write(fd, data, len) != (ssize_t)len) {
		int r = -errno;
		(void)unlink(path);
		return r ? r : -EIO;
	}
	return 0;
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

/* A --commands set: its name (for the per-set figures) and its commands. */
#define MAX_SETS 16
struct cmd_set {
	const char *name, *file;
	struct inputs in;
};

/*
 * Rounds of (b): each round times ours (reused arena, then fresh arenas)
 * and bash -n (the file of commands, then an empty file for its start)
 * back to back, and gives one ratio per side. The machines this runs on
 * are shared, and their speed moves by up to 2x over seconds: a slow
 * phase that falls on one side of a lone pair of measurements swings the
 * ratio from 4x to 10x. Within a round both sides see the same phase,
 * and the median of the rounds' ratios holds still from run to run.
 */
#define CMD_ROUNDS 15

/* (b) for one set of commands: what was measured. */
struct cmd_result {
	size_t n_ok;		/* commands our parser accepts: the timed ones */
	double avg_bytes;	/* their mean length */
	bool bash_ok;		/* bash -n accepted the file of commands */
	/* per command, the median over the rounds */
	double us_mark, us_fresh; /* ours, arena reset to a mark / fresh */
	double us_bash, us_bash_with; /* bash -n, without / with its start */
	/* the median of the rounds' ratios, and their lowest and highest */
	double ratio_mark, ratio_mark_lo, ratio_mark_hi;
	double ratio_fresh, ratio_fresh_lo, ratio_fresh_hi;
};

/*
 * Time one set of one-line commands, process start excluded on both sides:
 * ours in-process, into an arena reset to a mark between commands and into
 * a fresh arena per command, against bash -n over one file of the commands
 * repeated `repeat` times, minus the start of bash -n of an empty file, in
 * CMD_ROUNDS paired rounds of about min_time / CMD_ROUNDS each. ok[]
 * (cmd->n entries) is set to which commands our parser accepts; only those
 * are timed.
 */
static int
time_commands(struct arena *a, const struct inputs *cmd, bool *ok, char *bash,
	      int repeat, double min_time, struct cmd_result *ret)
{
	struct cmd_result res = { .bash_ok = true };
	res.n_ok = parse_all(a, cmd, ok);
	_cleanup_buf_ struct buf cf = BUF_INIT(256u << 20);
	size_t bytes = 0;
	for (size_t i = 0; i < cmd->n; i++)
		if (ok[i])
			bytes += cmd->v[i].len;
	for (int k = 0; k < repeat; k++)
		for (size_t i = 0; i < cmd->n; i++)
			if (ok[i] && (buf_append(&cf, cmd->v[i].data, cmd->v[i].len) < 0 ||
				      buf_putc(&cf, '\n') < 0))
				return -ENOMEM;
	double n_timed = res.n_ok ? (double)res.n_ok : 1;
	double bash_cmds = n_timed * (double)repeat;
	res.avg_bytes = (double)bytes / n_timed;

	char cpath[64], epath[64];
	int r = write_temp(cf.data, cf.len, cpath, sizeof(cpath));
	if (r < 0) {
		fprintf(stderr, "bench_parse: writing %s: %s\n", cpath, strerror(-r));
		return r;
	}
	r = write_temp("", 0, epath, sizeof(epath));
	if (r < 0) {
		(void)unlink(cpath);
		fprintf(stderr, "bench_parse: temporary file: %s\n", strerror(-r));
		return r;
	}
	char *cav[] = { bash, "--norc", "--noprofile", "-n", cpath, NULL };
	char *eav[] = { bash, "--norc", "--noprofile", "-n", epath, NULL };
	double mark[CMD_ROUNDS], fresh[CMD_ROUNDS], bash_net[CMD_ROUNDS], bash_with[CMD_ROUNDS];
	double ratio_mark[CMD_ROUNDS], ratio_fresh[CMD_ROUNDS];
	double block = min_time / CMD_ROUNDS;
	for (int k = 0; k < CMD_ROUNDS && r >= 0; k++) {
		size_t passes;
		double t = time_parse(a, cmd, ok, block, &passes);
		mark[k] = 1e6 * t / (n_timed * (double)passes);
		t = time_parse_fresh(cmd, ok, block, &passes);
		fresh[k] = 1e6 * t / (n_timed * (double)passes);
		int status_file, status_empty;
		double file_cpu, empty_cpu;
		if ((r = spawn_wait(cav, &status_file, &file_cpu)) < 0 ||
		    (r = spawn_wait(eav, &status_empty, &empty_cpu)) < 0)
			break;
		res.bash_ok = res.bash_ok && exited_zero(status_file) && exited_zero(status_empty);
		bash_with[k] = 1e6 * file_cpu / bash_cmds;
		bash_net[k] = 1e6 * (file_cpu - empty_cpu) / bash_cmds;
		ratio_mark[k] = bash_net[k] / mark[k];
		ratio_fresh[k] = bash_net[k] / fresh[k];
	}
	(void)unlink(cpath);
	(void)unlink(epath);
	if (r < 0)
		return r;
	res.us_mark = median(mark, CMD_ROUNDS);
	res.us_fresh = median(fresh, CMD_ROUNDS);
	res.us_bash = median(bash_net, CMD_ROUNDS);
	res.us_bash_with = median(bash_with, CMD_ROUNDS);
	res.ratio_mark = median(ratio_mark, CMD_ROUNDS);
	res.ratio_mark_lo = ratio_mark[0];
	res.ratio_mark_hi = ratio_mark[CMD_ROUNDS - 1];
	res.ratio_fresh = median(ratio_fresh, CMD_ROUNDS);
	res.ratio_fresh_lo = ratio_fresh[0];
	res.ratio_fresh_hi = ratio_fresh[CMD_ROUNDS - 1];
	*ret = res;
	return 0;
}

static void
print_commands(const struct cmd_result *res, int repeat)
{
	printf("   %d rounds, each timing both sides back to back; medians over the rounds:\n",
	       CMD_ROUNDS);
	printf("   sh_parse, arena reset to a mark  %7.3f us/command\n", res->us_mark);
	printf("   sh_parse, fresh arena each       %7.3f us/command\n", res->us_fresh);
	if (!res->bash_ok)
		printf("   bash -n rejected the file of commands: its figure is not comparable\n");
	printf("   bash -n, %d x the commands in one file, minus the start of bash -n of an "
	       "empty file: %.3f us/command (%.3f with it)\n",
	       repeat, res->us_bash, res->us_bash_with);
	printf("   ratio bash -n / sh_parse per command (no process start on either side), "
	       "median of the rounds' ratios: %.1fx (mark; rounds %.1f-%.1f), "
	       "%.1fx (fresh arena; rounds %.1f-%.1f)\n",
	       res->ratio_mark, res->ratio_mark_lo, res->ratio_mark_hi, res->ratio_fresh,
	       res->ratio_fresh_lo, res->ratio_fresh_hi);
}

/* (d): one command's figures. */
struct line_result {
	size_t index;		/* in the commands of all sets */
	double us_ours, us_bash, ratio;
};

static int
cmp_line_ratio(const void *x, const void *y)
{
	const struct line_result *a = x, *b = y;
	return a->ratio < b->ratio ? -1 : a->ratio > b->ratio;
}

/* Lines of bash's file per command in (d): enough that bash's parsing
 * outweighs the noise of its start. */
#define LINE_REPEAT 2000
#define LINE_MIN_TIME 0.05

/*
 * (d) Each accepted command of cmd alone, against bash -n of a file of it
 * repeated LINE_REPEAT times (its start subtracted). Prints the spread of
 * the ratios and the `worst` commands with the lowest ones.
 */
static int
time_per_line(struct arena *a, const struct inputs *cmd, const bool *ok, char *bash,
	      double bash_start, size_t worst)
{
	struct line_result *res = calloc(cmd->n + 1, sizeof(*res));
	_cleanup_buf_ struct buf f = BUF_INIT(64u << 20);
	bool one_ok = true;
	size_t n = 0;
	int r = 0;
	if (!res)
		return -ENOMEM;
	for (size_t i = 0; i < cmd->n; i++) {
		if (!ok[i])
			continue;
		bool bash_ok;
		size_t passes;
		/* (a pass of one parse: time_parse reads its clocks after
		 * batches of passes, not after each) */
		struct inputs one = { .v = &cmd->v[i], .n = 1 };
		double t = time_parse(a, &one, &one_ok, LINE_MIN_TIME, &passes);
		f.len = 0;
		for (int k = 0; k < LINE_REPEAT; k++)
			if (buf_append(&f, cmd->v[i].data, cmd->v[i].len) < 0 ||
			    buf_putc(&f, '\n') < 0) {
				r = -ENOMEM;
				goto out;
			}
		char path[64];
		double bt;
		if ((r = write_temp(f.data, f.len, path, sizeof(path))) < 0)
			goto out;
		char *av[] = { bash, "--norc", "--noprofile", "-n", path, NULL };
		r = time_spawn(av, 3, &bt, &bash_ok);
		(void)unlink(path);
		if (r < 0)
			goto out;
		if (!bash_ok)
			continue; /* (not comparable: bash read it otherwise) */
		res[n].index = i;
		res[n].us_ours = 1e6 * t / (double)passes;
		res[n].us_bash = 1e6 * (bt - bash_start) / LINE_REPEAT;
		res[n].ratio = res[n].us_bash / res[n].us_ours;
		n++;
	}
	qsort(res, n, sizeof(*res), cmp_line_ratio);
	size_t at_goal = 0;
	for (size_t i = 0; i < n; i++)
		at_goal += res[i].ratio >= GOAL_CMD_RATIO;
	printf("== (d) Each command alone (%zu; bash -n of it %d times, its start subtracted; "
	       "for information)\n", n, LINE_REPEAT);
	if (n) {
		printf("   ratio bash -n / sh_parse: lowest %.1fx, quartiles %.1fx %.1fx %.1fx, "
		       "highest %.1fx; %zu of %zu at >= %.0fx\n",
		       res[0].ratio, res[n / 4].ratio, res[n / 2].ratio, res[3 * n / 4].ratio,
		       res[n - 1].ratio, at_goal, n, GOAL_CMD_RATIO);
		printf("   the %zu lowest (ratio, ours us, bash -n us, command):\n",
		       worst < n ? worst : n);
		for (size_t i = 0; i < n && i < worst; i++) {
			const struct input *in = &cmd->v[res[i].index];
			printf("   %5.1fx %7.3f %7.3f  %.*s%s\n", res[i].ratio, res[i].us_ours,
			       res[i].us_bash, in->len > 90 ? 90 : (int)in->len, in->data,
			       in->len > 90 ? "..." : "");
		}
	}
out:
	free(res);
	return r;
}

/*
 * --passes: each command of the sets and each script parsed `passes`
 * times, into an arena reset to a mark (as the timed runs parse them), and
 * nothing else; prints what it parsed.
 */
static int
parse_passes(const char *scripts, struct cmd_set *sets, size_t n_sets, int passes)
{
	struct inputs sc = { 0 };
	struct arena *a = NULL;
	int r, status = 1;
	if (scripts && (r = load_scripts(scripts, &sc)) < 0) {
		fprintf(stderr, "bench_parse: loading %s: %s\n", scripts, strerror(-r));
		goto out;
	}
	for (size_t k = 0; k < n_sets; k++)
		if ((r = load_commands(sets[k].file, &sets[k].in)) < 0) {
			fprintf(stderr, "bench_parse: loading %s: %s\n", sets[k].file,
				strerror(-r));
			goto out;
		}
	a = arena_new(64u * SH_MAX_INPUT);
	if (!a) {
		fprintf(stderr, "bench_parse: out of memory\n");
		goto out;
	}
	struct arena_mark m = arena_mark(a);
	struct sh_parse_options opts = { .extglob = false };
	size_t n_cmds = 0;
	for (int pass = 0; pass < passes; pass++) {
		for (size_t k = 0; k < n_sets; k++)
			for (size_t i = 0; i < sets[k].in.n; i++) {
				struct sh_node *tree;
				struct sh_error err;
				(void)sh_parse(a, sets[k].in.v[i].data, sets[k].in.v[i].len,
					       &opts, &tree, &err);
				arena_reset(a, m);
			}
		for (size_t i = 0; i < sc.n; i++) {
			struct sh_node *tree;
			struct sh_error err;
			(void)sh_parse(a, sc.v[i].data, sc.v[i].len, &opts, &tree, &err);
			arena_reset(a, m);
		}
	}
	for (size_t k = 0; k < n_sets; k++)
		n_cmds += sets[k].in.n;
	size_t bytes = 0;
	for (size_t i = 0; i < sc.n; i++)
		bytes += sc.v[i].len;
	printf("bench_parse: %d passes over %zu commands and %zu scripts (%zu bytes)\n",
	       passes, n_cmds, sc.n, bytes);
	status = 0;
out:
	/* freed, so that an ASan build of the benchmark reports no leak */
	arena_free(a);
	inputs_done(&sc);
	for (size_t k = 0; k < n_sets; k++)
		inputs_done(&sets[k].in);
	return status;
}

static void
usage(FILE *out)
{
	fprintf(out,
		"Usage: bench_parse --scripts LIST --commands [NAME=]FILE [--commands ...]\n"
		"                   [--cli LITE_SANDBOX] [--bash PATH] [--min-time SECONDS]\n"
		"                   [--repeat N] [--per-line N]\n"
		"       bench_parse --passes N [--scripts LIST] [--commands [NAME=]FILE ...]\n"
		"  --scripts LIST      script files to time, one path per line\n"
		"  --commands [NAME=]FILE\n"
		"                      one-line commands, one per line; repeat for several\n"
		"                      sets: the goal is judged on all sets together, and\n"
		"                      with two or more each is also timed alone, as NAME\n"
		"                      (NAME is FILE if there is no '='; the first ends it)\n"
		"  --cli LITE_SANDBOX  also time `lite-sandbox parse -- CMD` per process\n"
		"  --bash PATH         the bash to compare with (default /bin/bash)\n"
		"  --min-time SECONDS  time each in-process figure this long (default 2;\n"
		"                      a set's commands: over all the rounds together)\n"
		"  --repeat N          copies of the commands in bash's file (default 60)\n"
		"  --per-line N        also time each command alone, and list the N with\n"
		"                      the lowest ratio (takes a minute or two)\n"
		"  --passes N          time nothing: parse each command and script N times\n"
		"                      and exit (for instruction counts under callgrind)\n");
}

static const char *
verdict(bool met)
{
	return met ? "met" : "NOT MET";
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
		{ "repeat", required_argument, NULL, 'r' },
		{ "per-line", required_argument, NULL, 'p' },
		{ "passes", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *scripts = NULL, *cli = NULL;
	struct cmd_set sets[MAX_SETS];
	size_t n_sets = 0;
	char *bash = "/bin/bash";
	double min_time = 2.0;
	int repeat = 60, per_line = -1, only_passes = -1;
	int c, r, status;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 's': scripts = optarg; break;
		case 'c':
			if (n_sets == MAX_SETS) {
				fprintf(stderr, "bench_parse: at most %d --commands\n", MAX_SETS);
				return 2;
			}
			/* NAME=FILE, or FILE named by itself */
			char *eq = strchr(optarg, '=');
			sets[n_sets].name = optarg;
			sets[n_sets].file = optarg;
			if (eq) {
				*eq = '\0';
				sets[n_sets].file = eq + 1;
			}
			sets[n_sets++].in = (struct inputs){ 0 };
			break;
		case 'l': cli = optarg; break;
		case 'b': bash = optarg; break;
		case 't': min_time = atof(optarg); break;
		case 'r': repeat = atoi(optarg); break;
		case 'p': per_line = atoi(optarg); break;
		case 'n':
			only_passes = atoi(optarg);
			if (only_passes < 0) {
				usage(stderr);
				return 2;
			}
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (only_passes >= 0) {
		if (optind != argc || (!scripts && n_sets == 0)) {
			usage(stderr);
			return 2;
		}
		return parse_passes(scripts, sets, n_sets, only_passes);
	}
	if (!scripts || n_sets == 0 || optind != argc || min_time <= 0 || repeat < 1 ||
	    (per_line < 0 && per_line != -1)) {
		usage(stderr);
		return 2;
	}

	/* cmd: every set's commands, in the order the sets were given */
	struct inputs sc = { 0 }, cmd = { 0 };
	if ((r = load_scripts(scripts, &sc)) < 0) {
		fprintf(stderr, "bench_parse: loading %s: %s\n", scripts, strerror(-r));
		return 1;
	}
	for (size_t k = 0; k < n_sets; k++)
		if ((r = load_commands(sets[k].file, &cmd)) < 0 ||
		    (r = load_commands(sets[k].file, &sets[k].in)) < 0) {
			fprintf(stderr, "bench_parse: loading %s: %s\n", sets[k].file,
				strerror(-r));
			return 1;
		}
	_cleanup_arena_ struct arena *a = arena_new(64u * SH_MAX_INPUT);
	bool *bash_ok = calloc(sc.n + 1, sizeof(bool));
	bool *ours_ok = calloc(sc.n + 1, sizeof(bool));
	bool *both_ok = calloc(sc.n + 1, sizeof(bool));
	bool *cmd_ok = calloc(cmd.n + 1, sizeof(bool));
	double *bash_t = calloc(sc.n + 1, sizeof(double));
	if (!a || !bash_ok || !ours_ok || !both_ok || !cmd_ok || !bash_t) {
		fprintf(stderr, "bench_parse: out of memory\n");
		return 1;
	}

	/*
	 * bash's start: `bash -n` of an empty file, the same invocation as the
	 * timed ones with nothing to parse. Subtracted from them below.
	 */
	char empty_path[64];
	bool ok;
	double bash_start;
	if ((r = write_temp("", 0, empty_path, sizeof(empty_path))) < 0) {
		fprintf(stderr, "bench_parse: temporary file: %s\n", strerror(-r));
		return 1;
	}
	char *empty_argv[] = { bash, "--norc", "--noprofile", "-n", empty_path, NULL };
	r = time_spawn(empty_argv, BASH_START_RUNS, &bash_start, &ok);
	(void)unlink(empty_path);
	if (r < 0 || !ok) {
		fprintf(stderr, "bench_parse: cannot run %s\n", bash);
		return 1;
	}

	/* (a) scripts: bash -n once per file, timed per file. */
	size_t bash_bytes = 0, n_bash_ok = 0;
	for (size_t i = 0; i < sc.n; i++) {
		char *av[] = { bash, "--norc", "--noprofile", "-n", sc.v[i].name, NULL };
		if (spawn_wait(av, &status, &bash_t[i]) < 0)
			return 1;
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
	size_t passes;
	double ours_time = time_parse(a, &sc, both_ok, min_time, &passes);
	double mb = (double)both_bytes / 1e6;
	double scripts_mbs = mb * (double)passes / ours_time;
	double bash_mbs = mb / both_bash_time;
	double bash_parse_time = both_bash_time - bash_start * (double)n_both;
	double bash_mbs_nostart = bash_parse_time > 0 ? mb / bash_parse_time : 0;

	printf("== All times are CPU time (user + system) of the parsing process\n");
	/* (figures differ by the build: docs/testing.md, "Which build") */
	printf("== Parser build: %s, %s\n", BENCH_BUILD_TYPE,
	       BENCH_PGO ? "profile-guided (pgo)" : "not profile-guided (pgo off)");
	printf("== bash start (bash -n EMPTYFILE, median of %d): %.3f ms\n",
	       BASH_START_RUNS, 1e3 * bash_start);
	printf("== (a) Scripts: %zu files read, %zu accepted by bash -n (%.2f MB); "
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
	printf("   sh_parse in-process          %9.1f MB/s  (%zu passes in %.2fs)\n",
	       scripts_mbs, passes, ours_time);
	printf("   bash -n, one run per file    %9.1f MB/s  (%.3fs total, %.2f ms/file)\n",
	       bash_mbs, both_bash_time, 1e3 * both_bash_time / (double)(n_both ? n_both : 1));
	printf("   bash -n minus its start      %9.1f MB/s  (%.3fs of parsing)\n",
	       bash_mbs_nostart, bash_parse_time);
	printf("   ratio sh_parse / bash -n: %.1fx with bash's start, %.1fx without\n",
	       scripts_mbs / bash_mbs,
	       bash_mbs_nostart > 0 ? scripts_mbs / bash_mbs_nostart : 0);

	/*
	 * One large script: the files above concatenated (and repeated) to a
	 * few MB, so that bash's process start no longer hides its parse time.
	 */
	double blob_mbs = 0;
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
		char path[64];
		if ((r = write_temp(blob.data, blob.len, path, sizeof(path))) < 0) {
			fprintf(stderr, "bench_parse: writing %s: %s\n", path, strerror(-r));
			return 1;
		}
		char *av[] = { bash, "--norc", "--noprofile", "-n", path, NULL };
		double bt_bash;
		bool bash_blob_ok;
		r = time_spawn(av, BASH_RUNS, &bt_bash, &bash_blob_ok);
		(void)unlink(path);
		if (r < 0)
			return 1;
		bool one_ok = true;
		struct input in1 = { .data = blob.data, .len = blob.len, .name = path };
		struct inputs one = { .v = &in1, .n = 1 };
		bool ours_blob_ok = parse_all(a, &one, NULL) == 1;
		double bmb = (double)blob.len / 1e6;
		printf("== (a) One large script: %.2f MB (the files above, concatenated)\n", bmb);
		if (!bash_blob_ok || !ours_blob_ok) {
			printf("   skipped: bash -n %s it, our parser %s it\n",
			       bash_blob_ok ? "accepts" : "rejects",
			       ours_blob_ok ? "accepts" : "rejects");
		} else {
			size_t bp;
			double bt = time_parse(a, &one, &one_ok, min_time, &bp);
			double b = bmb / bt_bash, bn = bmb / (bt_bash - bash_start);
			blob_mbs = bmb * (double)bp / bt;
			printf("   sh_parse in-process          %9.1f MB/s  (%zu passes in %.2fs)\n",
			       blob_mbs, bp, bt);
			printf("   bash -n, one process         %9.1f MB/s  (median of %d: %.3fs)\n",
			       b, BASH_RUNS, bt_bash);
			printf("   bash -n minus its start      %9.1f MB/s\n", bn);
			printf("   ratio sh_parse / bash -n: %.2fx with bash's start, %.2fx without\n",
			       blob_mbs / b, blob_mbs / bn);
		}
	}

	/*
	 * (b) one-line commands, process start excluded on both sides: all
	 * sets together (the goal's figure), then each set on its own.
	 */
	struct cmd_result all;
	if (time_commands(a, &cmd, cmd_ok, bash, repeat, min_time, &all) < 0)
		return 1;
	printf("== (b) Commands: %zu one-line agent commands, %zu accepted by our parser "
	       "(%.1f bytes on average), timed: those\n",
	       cmd.n, all.n_ok, all.avg_bytes);
	print_commands(&all, repeat);
	/* the first set's figures, which the goals print too: the issue names
	 * "typical one-line agent commands" (bench_parse.sh passes agent.tsv
	 * first), while the goal is judged, the stricter way, on all sets */
	struct cmd_result first = all;
	const char *first_name = n_sets ? sets[0].name : "";
	if (n_sets > 1) {
		printf("== (b) Commands, each set on its own (for information; the goal is "
		       "judged on all of them together, above)\n");
		for (size_t k = 0; k < n_sets; k++) {
			struct cmd_result one;
			bool *set_ok = calloc(sets[k].in.n + 1, sizeof(bool));
			if (!set_ok || time_commands(a, &sets[k].in, set_ok, bash, repeat,
						     min_time, &one) < 0)
				return 1;
			free(set_ok);
			printf("-- %s: %zu commands, %zu accepted by our parser "
			       "(%.1f bytes on average), timed: those\n",
			       sets[k].name, sets[k].in.n, one.n_ok, one.avg_bytes);
			print_commands(&one, repeat);
			if (k == 0)
				first = one;
		}
	}
	double n_timed = (double)all.n_ok;
	double ratio_mark = all.ratio_mark, ratio_fresh = all.ratio_fresh;
	bool bash_cf_ok = all.bash_ok;

	/* (c) one process per command on both sides, for information. */
	double cpu, sum = 0;
	for (size_t i = 0; i < cmd.n; i++) {
		if (!cmd_ok[i])
			continue;
		char *av[] = { bash, "--norc", "--noprofile", "-n", "-c", cmd.v[i].data, NULL };
		if (spawn_wait(av, &status, &cpu) < 0)
			return 1;
		sum += cpu;
	}
	double us_bash_c = 1e6 * sum / n_timed;
	printf("== (c) One process per command (process start on both sides; for information)\n");
	printf("   bash -n -c CMD               %9.0f us/command\n", us_bash_c);
	if (cli) {
		sum = 0;
		for (size_t i = 0; i < cmd.n; i++) {
			if (!cmd_ok[i])
				continue;
			char *av[] = { (char *)cli, "parse", "--", cmd.v[i].data, NULL };
			if (spawn_wait(av, &status, &cpu) < 0) {
				fprintf(stderr, "bench_parse: cannot run %s\n", cli);
				return 1;
			}
			sum += cpu;
		}
		double us_cli = 1e6 * sum / n_timed;
		printf("   lite-sandbox parse -- CMD    %9.0f us/command\n", us_cli);
		printf("   ratio bash -n -c / lite-sandbox parse: %.2fx\n", us_bash_c / us_cli);
	}

	if (per_line >= 0 &&
	    (r = time_per_line(a, &cmd, cmd_ok, bash, bash_start, (size_t)per_line)) < 0) {
		fprintf(stderr, "bench_parse: per-line figures: %s\n", strerror(-r));
		return 1;
	}

	bool mbs_met = scripts_mbs >= GOAL_MB_PER_S && blob_mbs >= GOAL_MB_PER_S;
	printf("== Goals\n");
	printf("   >= %.0f MB/s on scripts (both measures): %s (%.1f per file, %.1f one large)\n",
	       GOAL_MB_PER_S, verdict(mbs_met), scripts_mbs, blob_mbs);
	printf("   >= %.0fx bash -n per command, no process start on either side: "
	       "%s (%.1fx with a reused arena, %.1fx with a fresh arena: %s)\n",
	       GOAL_CMD_RATIO, verdict(bash_cf_ok && ratio_mark >= GOAL_CMD_RATIO),
	       ratio_mark, ratio_fresh,
	       verdict(bash_cf_ok && ratio_fresh >= GOAL_CMD_RATIO));
	if (n_sets > 1)
		printf("   (the same for the first set alone, %s: %s, %.1fx with a reused "
		       "arena, %.1fx with a fresh one)\n", first_name,
		       verdict(first.bash_ok && first.ratio_mark >= GOAL_CMD_RATIO),
		       first.ratio_mark, first.ratio_fresh);

	free(bash_t);
	free(bash_ok);
	free(ours_ok);
	free(both_ok);
	free(cmd_ok);
	inputs_done(&sc);
	inputs_done(&cmd);
	for (size_t k = 0; k < n_sets; k++)
		inputs_done(&sets[k].in);
	return 0;
}
