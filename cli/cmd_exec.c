/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox exec: check one command line against the policy, then run it
 * in lite-sandbox's own bash interpreter, which checks again at runtime:
 * every command after expansion, every file a redirection opens, and every
 * external command's environment.
 */
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>

#include "cli.h"
#include "config.h"
#include "runner.h"
#include "services_client.h"

extern char **environ;

/* Exit statuses, as bash reports them. */
#define EXIT_REFUSED 126
#define EXIT_TIMEOUT 124

void
cmd_exec_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox exec [--dir DIR] [--config FILE] [--timeout SECONDS]\n"
		"                         [--no-os-sandbox] -- 'COMMAND'\n"
		"\n"
		"Check COMMAND against the policy and run it with bash's semantics in\n"
		"lite-sandbox's interpreter, which checks every command again after\n"
		"expansion, every file a redirection opens and every external command's\n"
		"environment. Its stdout and stderr pass through.\n"
		"\n"
		"Options:\n"
		"  --dir DIR          run in DIR (default: the current directory); its\n"
		"                     project's config override applies\n"
		"  --config FILE      use FILE as the config instead of the user's\n"
		"  --timeout SECONDS  stop the command (and everything it started) after\n"
		"                     SECONDS; exit status 124\n"
		"  --no-os-sandbox    run here, in this process, without the OS sandbox\n"
		"                     and without the services (the policy checks only)\n"
		"  --in-process       the same as --no-os-sandbox, which it needs: the OS\n"
		"                     sandbox is the services' (kept for scripts)\n"
		"  -h, --help         show this help\n"
		"\n"
		"By default the executor service runs COMMAND (started on demand), after\n"
		"the registrar checked it against the session's policy, in the OS sandbox\n"
		"when the config enables it.\n"
		"\n"
		"Exit status: the command's own; 126 refused (the reason and the config\n"
		"change that lifts it are printed on stderr); 127 command not found;\n"
		"124 timed out; 2 a syntax error, a usage or config error, or services\n"
		"that cannot be reached (nothing was run).\n");
}

static int
run_with_timeout(struct runner *rn, const struct runner_request *q, double timeout)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "lite-sandbox exec: fork: %s\n", strerror(errno));
		return EXIT_USAGE;
	}
	if (pid == 0) {
		/* its own process group, so the timeout stops everything it starts */
		setpgid(0, 0);
		_exit(runner_run(rn, q));
	}
	setpgid(pid, pid);
	int pfd = (int)syscall(SYS_pidfd_open, pid, 0);
	struct timespec t0, now;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int ws = 0;
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		double left = timeout - ((double)(now.tv_sec - t0.tv_sec) +
					 (double)(now.tv_nsec - t0.tv_nsec) / 1e9);
		if (left <= 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &ws, 0);
			if (pfd >= 0)
				close(pfd);
			fprintf(stderr, "lite-sandbox exec: timed out after %g seconds\n", timeout);
			return EXIT_TIMEOUT;
		}
		if (pfd >= 0) {
			struct pollfd p = { .fd = pfd, .events = POLLIN };
			int ms = left > 1e6 ? 1000000000 : (int)ceil(left * 1000);
			(void)poll(&p, 1, ms);
		} else {
			struct timespec ts = { 0, 10 * 1000 * 1000 };
			nanosleep(&ts, NULL);
		}
		pid_t r = waitpid(pid, &ws, WNOHANG);
		if (r == pid)
			break;
	}
	if (pfd >= 0)
		close(pfd);
	/* whatever it left running in its group goes with it */
	kill(-pid, SIGKILL);
	if (WIFEXITED(ws))
		return WEXITSTATUS(ws);
	return 128 + WTERMSIG(ws);
}

/*
 * The usual path: the executor checks (through the registrar: the
 * session's policy, tickets, audit) and runs the command in the OS sandbox
 * the config asks for. --in-process --no-os-sandbox keeps the older path
 * (the checks in this process, no OS sandbox) for tests.
 */
static int
exec_via_services(const char *dir, const char *config_file, const char *src, double timeout)
{
	char cwd[PATH_MAX];
	if (!realpath(dir ? dir : ".", cwd)) {
		fprintf(stderr, "lite-sandbox exec: --dir %s: %s\n", dir ? dir : ".", strerror(errno));
		return EXIT_USAGE;
	}
	if (config_file) {
		/* the services of that config (services_client.h: instances) */
		_cleanup_free_ char *abs = realpath(config_file, NULL);
		if (!abs || setenv("LITE_SANDBOX_CONFIG", abs, 1) < 0) {
			fprintf(stderr, "lite-sandbox exec: --config %s: %s\n", config_file,
				strerror(errno));
			return EXIT_USAGE;
		}
	}
	unsigned tms = timeout > 0 ? (unsigned)(timeout * 1000 < 1 ? 1 : timeout * 1000)
				   : 86400000u;
	if (tms > 86400000u)
		tms = 86400000u;
	_cleanup_arena_ struct arena *a = arena_new(4 * IPC_MSG_MAX);
	struct svc_conn *reg = NULL, *ex = NULL;
	const LiteSandbox__SessionRegisterReply *sr = NULL;
	const LiteSandbox__ExecReply *er = NULL;
	char err[512] = "";
	int r = a ? 0 : -ENOMEM;
	const char *step = "starting";
	/* The registrar first, as the executor's first check would start it
	 * too: two starts of one service race for its socket. */
	if (r >= 0 && (step = "registering the session with the registrar"))
		r = svc_open_session(LITE_SANDBOX__AGENT_KIND__AGENT_CLI, cwd, NULL, 10000, a, &reg,
				     &sr, err, sizeof(err));
	/* An executor that never served the connection never read the
	 * command (-ECONNABORTED, services_client.h): send it again on a new
	 * one. Any other failure after sending is final: it may have run. */
	for (int attempt = 0; r >= 0; attempt++) {
		step = "connecting to the executor";
		r = svc_open("executor", tms > UINT_MAX - 15000 ? UINT_MAX : tms + 15000, true, &ex);
		if (r >= 0 && (step = "sending the command to the executor"))
			r = svc_exec(ex, sr->session_id, cwd, src, tms, NULL, a, &er, err, sizeof(err));
		if (r != -ECONNABORTED || attempt + 1 == SVC_UNSERVED_TRIES)
			break;
		ex = svc_close(ex);
		svc_pause_unserved(attempt);
		r = 0;
	}
	svc_close(reg);
	svc_close(ex);
	if (r == -ECHILD) {
		/* the command started, and its worker died under it: it was
		 * stopped with the worker; the next command gets a new one */
		fprintf(stderr, "lite-sandbox exec: %s%s%s\n"
			"    the command was stopped with its worker\n",
			strerror(-r), err[0] ? ": " : "", err);
		return EXIT_USAGE;
	}
	if (r < 0) {
		/* nothing ran: fail closed, and say how to get the local path */
		fprintf(stderr, "lite-sandbox exec: the lite-sandbox services did not answer (%s): "
			"%s%s%s\n"
			"    nothing was run; --no-os-sandbox runs the checks in this process "
			"instead, without the OS sandbox\n", step, strerror(-r), err[0] ? ": " : "", err);
		return r == -EPERM || r == -EACCES ? EXIT_REFUSED : EXIT_USAGE;
	}
	if (er->verdict != LITE_SANDBOX__VERDICT__VERDICT_ALLOW) {
		fprintf(stderr, "lite-sandbox exec: refused:\n");
		for (size_t i = 0; i < er->n_findings; i++) {
			const LiteSandbox__Finding *f = er->findings[i];
			if (!f->enforced)
				continue;
			fprintf(stderr, "  %s [%s]: %s\n", f->has_ask && f->ask ? "ask" : "refused",
				f->rule, f->message);
			if (f->has_ask && f->ask)
				fprintf(stderr, "    exec cannot ask for approval; run it where the user is asked\n");
			if (f->fix)
				fprintf(stderr, "    fix: %s\n", f->fix);
		}
		return EXIT_REFUSED;
	}
	fflush(stdout);
	if (er->stdout_data.len)
		(void)!write(STDOUT_FILENO, er->stdout_data.data, er->stdout_data.len);
	if (er->stderr_data.len)
		(void)!write(STDERR_FILENO, er->stderr_data.data, er->stderr_data.len);
	return er->exit_status;
}

int
cmd_exec(int argc, char **argv)
{
	enum { OPT_DIR = 256, OPT_CONFIG, OPT_TIMEOUT, OPT_NO_OS, OPT_IN_PROCESS };
	static const struct option longopts[] = {
		{ "dir", required_argument, NULL, OPT_DIR },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "no-os-sandbox", no_argument, NULL, OPT_NO_OS },
		{ "in-process", no_argument, NULL, OPT_IN_PROCESS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *config_file = NULL;
	double timeout = 0;
	bool no_os = false, in_process = false;
	int c, r;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_DIR:
			dir = optarg;
			break;
		case OPT_CONFIG:
			config_file = optarg;
			break;
		case OPT_TIMEOUT: {
			char *end;
			timeout = strtod(optarg, &end);
			if (*end || !(timeout > 0) || timeout > 1e7)
				return cli_usage_error("exec", "--timeout: '%s' is not a positive number of seconds",
						       optarg);
			break;
		}
		case OPT_NO_OS:
			no_os = true;
			break;
		case OPT_IN_PROCESS:
			in_process = true;
			break;
		case 'h':
			cmd_exec_usage(stdout);
			return 0;
		default:
			return cli_usage_error("exec", "unknown option or missing value in '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return cli_usage_error("exec", "expected exactly one COMMAND");
	const char *src = argv[optind];
	if (!no_os && !in_process)
		return exec_via_services(dir, config_file, src, timeout);
	if (!no_os) {
		fprintf(stderr,
			"lite-sandbox exec: refused: --in-process runs the command in this "
			"process, where the OS sandbox (the executor service's) cannot confine "
			"it, and exec does not run commands unconfined unless asked to.\n"
			"    fix: pass --no-os-sandbox too, to run with the policy checks only, "
			"or neither, to run through the services\n");
		return EXIT_REFUSED;
	}
	char dirbuf[PATH_MAX];
	if (!dir)
		dir = ".";
	if (!realpath(dir, dirbuf)) {
		fprintf(stderr, "lite-sandbox exec: --dir %s: %s\n", dir, strerror(errno));
		return EXIT_USAGE;
	}
	dir = dirbuf;
	if (chdir(dir) < 0) {
		fprintf(stderr, "lite-sandbox exec: --dir %s: %s\n", dir, strerror(errno));
		return EXIT_USAGE;
	}
	/* home as the hook and the registrar read it ($HOME, else the password
	 * database); without one the policy refuses (paths.project-too-wide) */
	_cleanup_free_ char *home = NULL;
	(void)config_home(&home);

	struct config *cfg = NULL;
	r = cli_load_config("exec", config_file, dir, &cfg);
	if (r != 0)
		return r;
	_cleanup_free_ char *project = NULL;
	if (config_boundary_dir(dir, home, &project, NULL) < 0)
		project = NULL;
	struct runner_options ro = { .prog = "lite-sandbox exec", .project_dir = project,
				     .home = home, .envp = environ };
	struct runner *rn = NULL;
	r = runner_new(cfg, &ro, &rn); /* takes cfg */
	if (r >= 0)
		r = runner_prepare(rn, dir);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox exec: building the policy: %s\n", strerror(-r));
		runner_free(rn);
		return EXIT_USAGE;
	}
	struct runner_request q = { .cwd = dir, .src = src, .len = strlen(src) };
	int st = timeout > 0 ? run_with_timeout(rn, &q, timeout) : runner_run(rn, &q);
	runner_free(rn);
	return st;
}
