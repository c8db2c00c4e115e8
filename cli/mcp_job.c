/* SPDX-License-Identifier: MIT */
/*
 * serve-mcp: one tool call in a child process.
 *
 * The child is a fork of the server that calls cmd_exec() (or cmd_config())
 * with the arguments the equivalent command line would have. Forking rather
 * than running in the server keeps the server's state (working directory,
 * variables, traps, file descriptors) out of the command's reach, lets a
 * timeout or a cancellation kill everything the command started (its own
 * process group), and means the tool is judged by exactly the code
 * `lite-sandbox exec` runs, not by a copy of it.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>

#include "cli.h"
#include "mcp.h"
#include "services_client.h"

double
mcp_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * A changing config request, in the child: the registrar runs it only when
 * it can take the ticket the hook recorded when the user approved this
 * exact request (services/registrar). No answer, no change.
 */
static int
config_via_registrar(const struct mcp_spawn *sp, char *const *words, size_t n)
{
	/* the services of the session's config (services_client.h) */
	if (sp->config_file && setenv("LITE_SANDBOX_CONFIG", sp->config_file, 1) < 0)
		return EXIT_USAGE;
	_cleanup_arena_ struct arena *a = arena_new(4 * IPC_MSG_MAX);
	/* The connection, by whatever type services_client.h gives it (the
	 * type is being replaced); this child exits right after the call, and
	 * the connection goes with it, so it is not closed by name here. */
	void *reg = NULL;
	const LiteSandbox__SessionRegisterReply *sr = NULL;
	const LiteSandbox__ConfigReply *cr = NULL;
	char err[512] = "";
	int r = a ? 0 : -ENOMEM;
	/* svc_open may start the registrar, which would inherit stdout and
	 * stderr, the pipes of this call, and hold them open for as long as
	 * it lives: give it /dev/null there instead. */
	int keep_out = fcntl(1, F_DUPFD_CLOEXEC, 3), keep_err = fcntl(2, F_DUPFD_CLOEXEC, 3);
	int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (keep_out < 0 || keep_err < 0 || null_fd < 0 || dup2(null_fd, 1) < 0 || dup2(null_fd, 2) < 0)
		r = -errno;
	if (r >= 0)
		r = svc_open("registrar", 30000, true, (void *)&reg);
	if (keep_out >= 0 && keep_err >= 0 && (dup2(keep_out, 1) < 0 || dup2(keep_err, 2) < 0))
		_exit(EXIT_USAGE);
	if (r >= 0)
		r = svc_register(reg, (LiteSandbox__AgentKind)sp->agent, sp->dir, NULL, a, &sr, err,
				 sizeof(err));
	if (r >= 0)
		r = svc_config(reg, sr->session_id, sp->dir, words, n, a, &cr, err, sizeof(err));
	if (r < 0) {
		fprintf(stderr, "lite-sandbox: config request refused: the registrar, which holds "
			"the approval tickets, did not answer (%s%s%s); nothing was changed\n",
			strerror(-r), err[0] ? ": " : "", err);
		return 1;
	}
	if (cr->output && *cr->output)
		fputs(cr->output, stdout);
	if (cr->error_output && *cr->error_output)
		fputs(cr->error_output, stderr);
	return cr->exit_status;
}

/* In the child: never returns. */
static _Noreturn void
child_run(const struct mcp_spawn *sp, double timeout, int out_fd, int err_fd)
{
	/* The parent ignores SIGPIPE for itself; the command gets bash's
	 * default back (ignored dispositions survive exec). */
	signal(SIGPIPE, SIG_DFL);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setpgid(0, 0);
	/* A server killed without a chance to clean up takes its commands
	 * with it (the direct child; the group is killed on every orderly
	 * path). */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
		_exit(127);
	/* Nothing of the server's (the JSON-RPC stdin, other calls' pipes and
	 * pidfds) stays open in the command: it runs in this process, not
	 * after an exec, so O_CLOEXEC alone would not close them. */
	if (close_range(3, ~0U, 0) < 0) {
		for (int fd = 3; fd < 1024; fd++)
			(void)close(fd);
	}
	int st;
	if (sp->command) {
		char *argv[12];
		char tbuf[32];
		int n = 0;
		argv[n++] = (char *)"exec";
		argv[n++] = (char *)"--dir";
		argv[n++] = (char *)sp->dir;
		if (sp->config_file) {
			argv[n++] = (char *)"--config";
			argv[n++] = (char *)sp->config_file;
		}
		if (sp->no_os_sandbox) {
			argv[n++] = (char *)"--no-os-sandbox";
		} else if (timeout > 0) {
			/* Through the executor service the command runs out of
			 * our reach (killing this child does not stop it): the
			 * executor enforces the timeout itself. In process, the
			 * server's kill of this group does. */
			snprintf(tbuf, sizeof(tbuf), "%g", timeout);
			argv[n++] = (char *)"--timeout";
			argv[n++] = tbuf;
		}
		argv[n++] = (char *)"--";
		argv[n++] = (char *)sp->command;
		argv[n] = NULL;
		st = cmd_exec(n, argv);
	} else if (sp->via_registrar) {
		size_t n = 0;
		while (sp->config_args[n])
			n++;
		st = config_via_registrar(sp, sp->config_args, n);
	} else {
		if (chdir(sp->dir) < 0) {
			fprintf(stderr, "lite-sandbox: %s: %s\n", sp->dir, strerror(errno));
			_exit(EXIT_USAGE);
		}
		size_t n = 0;
		while (sp->config_args[n])
			n++;
		/* the config command's own argv: "config" ARGS... [--config FILE] */
		char **argv = calloc(n + 4, sizeof(*argv));
		if (!argv)
			_exit(EXIT_USAGE);
		size_t k = 0;
		argv[k++] = (char *)"config";
		for (size_t i = 0; i < n; i++)
			argv[k++] = sp->config_args[i];
		argv[k] = NULL;
		st = cmd_config((int)k, argv);
	}
	fflush(NULL);
	_exit(st & 0xff);
}

int
mcp_job_start(struct mcp_job *j, const struct mcp_spawn *sp, double timeout)
{
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 };
	*j = (struct mcp_job){ .pid = -1, .pidfd = -1 };
	mcp_stream_init(&j->out);
	mcp_stream_init(&j->err);
	if (pipe2(outp, O_CLOEXEC) < 0)
		return -errno;
	if (pipe2(errp, O_CLOEXEC) < 0) {
		int r = -errno;
		close(outp[0]);
		close(outp[1]);
		return r;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		int r = -errno;
		close(outp[0]);
		close(outp[1]);
		close(errp[0]);
		close(errp[1]);
		return r;
	}
	if (pid == 0)
		child_run(sp, timeout, outp[1], errp[1]);
	/* Both sides set the group, so that a kill right after fork finds it. */
	(void)setpgid(pid, pid);
	close(outp[1]);
	close(errp[1]);
	j->pid = pid;
	j->out.fd = outp[0];
	j->err.fd = errp[0];
	j->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	j->timeout = timeout;
	j->started = mcp_now();
	j->via_services = sp->command && !sp->no_os_sandbox;
	j->deadline = timeout > 0 ? j->started + timeout + (j->via_services ? MCP_SERVICES_GRACE : 0) : 0;
	return 0;
}

void
mcp_job_read(struct mcp_job *j, struct mcp_stream *s)
{
	char chunk[65536];
	if (s->fd < 0)
		return;
	ssize_t n = read(s->fd, chunk, sizeof(chunk));
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		close(s->fd);
		s->fd = -1;
		return;
	}
	mcp_stream_add(s, chunk, (size_t)n);
}

bool
mcp_job_reap(struct mcp_job *j)
{
	if (j->exited)
		return true;
	int ws = 0;
	pid_t r = waitpid(j->pid, &ws, WNOHANG);
	if (r != j->pid)
		return false;
	j->exited = true;
	j->exited_at = mcp_now();
	j->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	/* the executor stopped it at the timeout it was given */
	if (j->via_services && j->status == 124 && j->timeout > 0 &&
	    j->exited_at - j->started >= j->timeout)
		j->timed_out = true;
	/* what it left running in its group goes with it, as in exec */
	(void)kill(-j->pid, SIGKILL);
	if (j->pidfd >= 0) {
		close(j->pidfd);
		j->pidfd = -1;
	}
	return true;
}

void
mcp_job_kill(struct mcp_job *j)
{
	if (j->pid <= 0 || j->exited)
		return;
	j->killed = true;
	(void)kill(-j->pid, SIGKILL);
	(void)kill(j->pid, SIGKILL);
}

bool
mcp_job_done(const struct mcp_job *j, double now)
{
	if (!j->exited)
		return false;
	if (j->out.fd < 0 && j->err.fd < 0)
		return true;
	return now - j->exited_at >= MCP_DRAIN_GRACE;
}

void
mcp_job_release(struct mcp_job *j)
{
	if (j->pid > 0 && !j->exited) {
		mcp_job_kill(j);
		int ws;
		(void)waitpid(j->pid, &ws, 0);
		j->exited = true;
	}
	if (j->out.fd >= 0)
		close(j->out.fd);
	if (j->err.fd >= 0)
		close(j->err.fd);
	if (j->pidfd >= 0)
		close(j->pidfd);
	j->out.fd = j->err.fd = j->pidfd = -1;
	mcp_stream_done(&j->out);
	mcp_stream_done(&j->err);
}
