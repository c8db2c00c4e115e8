/* SPDX-License-Identifier: MIT */
/*
 * The evaluator: walks the tree with bash's semantics. Commands, pipelines,
 * lists, compound commands, functions, redirections, the call/open/exec
 * handlers and the protected-environment check.
 *
 * Processes: every pipeline stage, subshell, command or process
 * substitution and background job is a fork of the interpreter (as in bash;
 * we are single-threaded, so the child may go on interpreting). An external
 * command is a fork whose child only calls execve: everything it needs
 * (path, argv, envp, redirections, an error message) is prepared before the
 * fork. In a child that has nothing left to do after the command, the
 * command execs in place, without a second fork.
 */
#include "internal.h"

#include <fcntl.h>
#include <pwd.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static int exec_simple(struct interp *it, const struct sh_node *n);

/* ---- processes ------------------------------------------------------------ */

pid_t
it_fork(struct interp *it)
{
	pid_t pid = fork();
	if (pid < 0) {
		it_err(it, "fork: %s", strerror(errno));
		return -errno;
	}
	if (pid == 0) {
		it->in_subshell = true;
		signal_traps_reset_child(it);
		const char *sub = var_get(it, "BASH_SUBSHELL");
		char buf[24];
		snprintf(buf, sizeof(buf), "%ld", (sub ? strtol(sub, NULL, 10) : 0) + 1);
		var_set(it, "BASH_SUBSHELL", buf, false);
		/* the ERR trap is not inherited by subshells without set -E */
		if (!it->o.errtrace) {
			free(it->trap_err);
			it->trap_err = NULL;
		}
		/* the parent's jobs are not our children */
		while (it->jobs) {
			struct job *j = it->jobs;
			it->jobs = j->next;
			free(j);
		}
		it->n_procsub = 0;
	}
	return pid;
}

void
it_exit_child(struct interp *it, int status)
{
	run_exit_trap(it);
	if (it->flow == FLOW_EXIT)
		status = it->status;
	_exit(status & 0xff);
}

static int
wait_status(int ws)
{
	if (WIFEXITED(ws))
		return WEXITSTATUS(ws);
	if (WIFSIGNALED(ws))
		return 128 + WTERMSIG(ws);
	return 1;
}

int
it_wait_pid(struct interp *it, pid_t pid)
{
	int ws;
	for (;;) {
		pid_t r = waitpid(pid, &ws, 0);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return 127;
	}
	int st = wait_status(ws);
	if (it_is_refused(it))
		it_refuse(it, it->shared->msg);
	return st;
}

/* ---- status, set -e, traps ---------------------------------------------- */

static void
set_pipestatus(struct interp *it, const int *st, size_t n)
{
	struct var *v = var_declare(it, "PIPESTATUS", false);
	if (!(v->flags & V_ARRAY)) {
		free(v->val);
		v->val = NULL;
		v->flags = V_ARRAY;
	}
	var_clear_array(v);
	char buf[16];
	for (size_t i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "%d", st[i]);
		arr_set_idx(v, (int64_t)i, buf);
	}
	v->flags |= V_SET;
}

static int
exec_trap_string(struct interp *it, const char *s)
{
	if (it->in_trap)
		return 0;
	int saved = it->status;
	enum flow f = it->flow;
	unsigned fn = it->flow_n;
	it->in_trap = true;
	it->flow = FLOW_NONE;
	exec_string(it, s, strlen(s), "trap");
	it->in_trap = false;
	if (it->flow != FLOW_EXIT) {
		it->flow = f;
		it->flow_n = fn;
		it->status = saved;
	}
	return 0;
}

static const struct {
	const char *name;
	int sig;
} signals[] = {
	{ "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT }, { "KILL", SIGKILL },
	{ "USR1", SIGUSR1 }, { "USR2", SIGUSR2 }, { "PIPE", SIGPIPE }, { "ALRM", SIGALRM },
	{ "TERM", SIGTERM }, { "CHLD", SIGCHLD }, { "CONT", SIGCONT }, { "STOP", SIGSTOP },
	{ "TSTP", SIGTSTP }, { "WINCH", SIGWINCH },
};

int
sig_number(const char *s)
{
	if (s[0] >= '0' && s[0] <= '9') {
		long v = strtol(s, NULL, 10);
		return v >= 0 && v < 65 ? (int)v : -1;
	}
	if (!strncasecmp(s, "SIG", 3))
		s += 3;
	for (size_t i = 0; i < ARRAY_SIZE(signals); i++)
		if (!strcasecmp(signals[i].name, s))
			return signals[i].sig;
	return -1;
}

const char *
sig_name(int sig)
{
	for (size_t i = 0; i < ARRAY_SIZE(signals); i++)
		if (signals[i].sig == sig)
			return signals[i].name;
	return "?";
}

static int
sigfd_update(struct interp *it)
{
	if (it->sigfd < 0) {
		int fd = signalfd(-1, &it->sig_blocked, SFD_NONBLOCK | SFD_CLOEXEC);
		if (fd < 0)
			return -errno;
		int hi = it_move_fd_high(fd);
		if (hi < 0) {
			close(fd);
			return hi;
		}
		it->sigfd = hi;
		return 0;
	}
	return signalfd(it->sigfd, &it->sig_blocked, 0) < 0 ? -errno : 0;
}

/* trap ACTION SIG: "-" default, "" ignore, else run ACTION when it arrives */
int
signal_trap_set(struct interp *it, int sig, const char *action)
{
	if (sig <= 0)
		return -EINVAL;
	if (sig == SIGKILL || sig == SIGSTOP)
		return 0; /* cannot be caught; bash accepts and ignores the trap */
	if (sig < 65 && sigismember(&it->sig_ign_entry, sig))
		return 0; /* ignored on entry: bash neither traps nor resets it */
	sigset_t one;
	sigemptyset(&one);
	sigaddset(&one, sig);
	free(it->sig_trap[sig]);
	it->sig_trap[sig] = NULL;
	if (!strcmp(action, "-") || !*action) {
		signal(sig, *action ? SIG_DFL : SIG_IGN);
		if (!*action)
			it->sig_trap[sig] = xstrdup("");
		if (sigismember(&it->sig_blocked, sig)) {
			sigdelset(&it->sig_blocked, sig);
			sigprocmask(SIG_UNBLOCK, &one, NULL);
			if (it->sigfd >= 0)
				(void)sigfd_update(it);
		}
		return 0;
	}
	signal(sig, SIG_DFL);
	sigaddset(&it->sig_blocked, sig);
	sigprocmask(SIG_BLOCK, &one, NULL);
	int r = sigfd_update(it);
	if (r < 0)
		return r;
	it->sig_trap[sig] = xstrdup(action);
	return 0;
}

void
run_signal_traps(struct interp *it)
{
	struct signalfd_siginfo si;
	while (read(it->sigfd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
		int sig = (int)si.ssi_signo;
		if (sig > 0 && sig < 65 && it->sig_trap[sig] && *it->sig_trap[sig] &&
		    !it_is_refused(it)) {
			char *t = xstrdup(it->sig_trap[sig]);
			exec_trap_string(it, t);
			free(t);
		}
	}
}

/* A subshell starts with caught signals back at their defaults (ignored
 * ones stay ignored), as in bash. */
void
signal_traps_reset_child(struct interp *it)
{
	for (int sig = 1; sig < 65; sig++) {
		if (it->sig_trap[sig] && *it->sig_trap[sig]) {
			free(it->sig_trap[sig]);
			it->sig_trap[sig] = NULL;
		}
	}
	sigprocmask(SIG_UNBLOCK, &it->sig_blocked, NULL);
	sigemptyset(&it->sig_blocked);
	if (it->sigfd >= 0) {
		close(it->sigfd);
		it->sigfd = -1;
	}
}

void
run_exit_trap(struct interp *it)
{
	if (!it->trap_exit || it_is_refused(it))
		return;
	char *t = it->trap_exit;
	it->trap_exit = NULL;
	int st = it->status;
	enum flow f = it->flow;
	it->flow = FLOW_NONE;
	it->errexit_off++;
	exec_trap_string(it, t);
	it->errexit_off--;
	free(t);
	if (it->flow != FLOW_EXIT) {
		it->status = st;
		it->flow = f;
	}
}

/* After a command that set -e watches: run the ERR trap, maybe exit. */
static int
cmd_done(struct interp *it, int st)
{
	it->status = st;
	if (st != 0 && !it->errexit_off && it->flow == FLOW_NONE) {
		if (it->trap_err)
			exec_trap_string(it, it->trap_err);
		if (it->o.errexit && it->flow == FLOW_NONE) {
			it->flow = FLOW_EXIT;
			it->status = st;
		}
	}
	return st;
}

/* ---- functions ------------------------------------------------------------ */

struct func *
func_find(struct interp *it, const char *name)
{
	for (struct func *f = it->funcs; f; f = f->next)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

int
func_define(struct interp *it, const char *name, const struct sh_node *body)
{
	struct func *f = func_find(it, name);
	if (!f) {
		f = xmalloc(sizeof(*f));
		f->name = xstrdup(name);
		f->next = it->funcs;
		it->funcs = f;
	}
	f->body = body;
	it->n_func_defs++;
	return 0;
}

void
func_unset(struct interp *it, const char *name)
{
	for (struct func **pp = &it->funcs; *pp; pp = &(*pp)->next)
		if (!strcmp((*pp)->name, name)) {
			struct func *f = *pp;
			*pp = f->next;
			free(f->name);
			free(f);
			return;
		}
}

bool
stack_exhausted(struct interp *it, const char *what)
{
	char here;
	uintptr_t p = (uintptr_t)&here;
	size_t used = it->stack_base > p ? it->stack_base - p : p - it->stack_base;
	if (it->stack_base && used > it->stack_budget) {
		it_err(it, "%s: nesting too deep (out of stack)", what);
		it->flow = FLOW_EXIT;
		it->status = 1;
		return true;
	}
	return false;
}

static int
call_function(struct interp *it, struct func *f, char **argv, size_t argc)
{
	if (stack_exhausted(it, argv[0]))
		return 1;
	if (it->call_depth >= IT_MAX_CALL_DEPTH) {
		it_err(it, "%s: maximum function nesting level exceeded (%u)", argv[0],
		       IT_MAX_CALL_DEPTH);
		it->flow = FLOW_EXIT;
		it->status = 1;
		return 1;
	}
	char **old_pos = it->pos;
	size_t old_n = it->n_pos;
	char **np = xmalloc((argc) * sizeof(char *));
	for (size_t i = 1; i < argc; i++)
		np[i - 1] = xstrdup(argv[i]);
	it->pos = np;
	it->n_pos = argc - 1;
	unsigned saved_loop = it->loop_depth;
	it->loop_depth = 0;
	it->call_depth++;
	scope_push(it);
	/* FUNCNAME: this function first, then its callers */
	struct var *caller = var_lookup(it, "FUNCNAME");
	size_t nc = caller && (caller->flags & V_ARRAY) ? caller->arr.n : 0;
	char **names = arena_alloc(it->tmp, (nc + 1) * sizeof(char *));
	for (size_t i = 0; names && i < nc; i++)
		names[i] = arena_strdup(it->tmp, caller->arr.e[i].val);
	struct var *fv = var_declare(it, "FUNCNAME", true);
	fv->flags = V_ARRAY | V_SET;
	arr_set_idx(fv, 0, argv[0]);
	for (size_t i = 0; names && i < nc; i++)
		if (names[i])
			arr_set_idx(fv, (int64_t)i + 1, names[i]);
	/* nor by functions */
	char *err_trap = NULL;
	if (!it->o.errtrace) {
		err_trap = it->trap_err;
		it->trap_err = NULL;
	}
	int st = exec_node(it, f->body);
	if (!it->o.errtrace) {
		if (it->trap_err)
			free(err_trap); /* the function set a new one: it stays */
		else
			it->trap_err = err_trap;
	}
	scope_pop(it);
	it->call_depth--;
	it->loop_depth = saved_loop;
	if (it->flow == FLOW_RETURN) {
		it->flow = FLOW_NONE;
		st = it->status;
	}
	for (size_t i = 0; i < it->n_pos; i++)
		free(it->pos[i]);
	free(it->pos);
	it->pos = old_pos;
	it->n_pos = old_n;
	return st;
}

/* ---- protected environment ---------------------------------------------- */

const char *const interp_default_protected_env[] = {
	"PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "BASH_ENV", "ENV",
	"SHELLOPTS", "BASHOPTS", "PROMPT_COMMAND", "PS4", "IFS", "CDPATH",
	"GLOBIGNORE", "GIT_TEMPLATE_DIR", "GIT_EXEC_PATH", "GIT_SSH", "GIT_SSH_COMMAND",
	"GIT_EDITOR", "GIT_PAGER", "GIT_ASKPASS", "GIT_CONFIG", "GIT_CONFIG_GLOBAL",
	"GIT_CONFIG_SYSTEM", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_DIR",
	"GIT_WORK_TREE", "GIT_EXTERNAL_DIFF", "LESSOPEN", "LESSCLOSE", "LESS",
	"LESSKEY", "PAGER", "MANPAGER", "EDITOR", "VISUAL", "TAR_OPTIONS", "ZIPOPT",
	"UNZIP", "GZIP", "BZIP2", "XZ_OPT", "XZ_DEFAULTS", "ZSTD_CLEVEL", "PYTHONPATH",
	"PYTHONSTARTUP", "PYTHONHOME", "PERL5LIB", "PERL5OPT", "RUBYOPT", "RUBYLIB",
	"NODE_OPTIONS", "NODE_PATH", "SSH_ASKPASS", "SSLKEYLOGFILE", "LD_BIND_NOW",
	"GCONV_PATH", "MALLOC_CHECK_", "HOSTALIASES", "RESOLV_HOST_CONF", "LOCALDOMAIN",
	"NLSPATH", "TMPDIR", NULL,
};

static bool
is_protected(struct interp *it, const char *name, size_t nl)
{
	if (it->is_protected) {
		char buf[256];
		if (nl >= sizeof(buf))
			return false;
		memcpy(buf, name, nl);
		buf[nl] = '\0';
		return it->is_protected(buf);
	}
	for (size_t i = 0; i < it->n_prot; i++)
		if (strlen(it->prot_names[i]) == nl && !memcmp(it->prot_names[i], name, nl))
			return true;
	return false;
}

static const char *
start_value(struct interp *it, const char *name, size_t nl)
{
	for (size_t i = 0; i < it->n_start_env; i++)
		if (!strncmp(it->start_env[i], name, nl) && it->start_env[i][nl] == '=')
			return it->start_env[i] + nl + 1;
	return NULL;
}

static int
protected_refusal(const char *name, size_t nl, bool unset, char *msg, size_t msz)
{
	snprintf(msg, msz,
		 "the command would run with %.*s %s its starting value; protected "
		 "environment variables cannot be changed for the commands lite-sandbox "
		 "runs. Fix: set %.*s before starting lite-sandbox, or drop the assignment",
		 (int)nl, name, unset ? "unset, unlike" : "changed from", (int)nl, name);
	return -EPERM;
}

int
check_protected_env(struct interp *it, char *const *envp, char *msg, size_t msz)
{
	/* PATH: held whether exported or not, and never unset, since the
	 * command lookup reads it either way */
	const char *path = var_get(it, "PATH"), *path0 = start_value(it, "PATH", 4);
	if ((path == NULL) != (path0 == NULL) || (path && strcmp(path, path0) != 0))
		return protected_refusal("PATH", 4, path == NULL, msg, msz);
	/* the others: as inherited (exported ones only; unsetting is fine) */
	for (char *const *e = envp; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		if (!eq)
			continue;
		size_t nl = (size_t)(eq - *e);
		if (!is_protected(it, *e, nl))
			continue;
		const char *start = start_value(it, *e, nl);
		if (!start || strcmp(start, eq + 1) != 0)
			return protected_refusal(*e, nl, false, msg, msz);
	}
	return 0;
}

/* ---- external commands ---------------------------------------------------- */

char *
path_search(struct interp *it, const char *name)
{
	if (strchr(name, '/'))
		return arena_strdup(it->tmp, name);
	const char *path = var_get(it, "PATH");
	if (!path)
		path = "";
	const char *p = path;
	for (;;) {
		const char *e = strchr(p, ':');
		size_t dl = e ? (size_t)(e - p) : strlen(p);
		char *cand = dl ? arena_printf(it->tmp, "%.*s/%s", (int)dl, p, name)
				: arena_printf(it->tmp, "%s", name);
		if (!cand)
			return NULL;
		struct stat st;
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0)
			return cand;
		if (!e)
			break;
		p = e + 1;
	}
	return NULL;
}

/* A file without "#!" or an ELF header is run by the shell (bash reruns
 * ENOEXEC files itself); we interpret it, so its commands are checked. */
static bool
is_shell_script(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	unsigned char b[4] = { 0 };
	ssize_t n = read(fd, b, sizeof(b));
	close(fd);
	if (n >= 2 && b[0] == '#' && b[1] == '!')
		return false;
	if (n >= 4 && b[0] == 0x7f && b[1] == 'E' && b[2] == 'L' && b[3] == 'F')
		return false;
	return n >= 0;
}

static void import_env(struct interp *it, char *const *envp);

static bool
is_shell_name(const char *a)
{
	const char *b = strrchr(a, '/');
	b = b ? b + 1 : a;
	return !strcmp(b, "bash") || !strcmp(b, "sh");
}

/*
 * bash and sh run here, in a child of the interpreter, not as programs: a
 * real bash would run whatever its script says without asking the policy.
 * The child starts like a new shell: only the exported variables (with the
 * command's own assignments), no functions, default options and traps.
 */
static int
run_shell(struct interp *it, char **argv, char **envp)
{
	const char *cmd = NULL;
	bool c_mode = false, read_stdin = false;
	struct opts o = { 0 };
	size_t i = 1;
	for (; argv[i]; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--") || !strcmp(a, "-")) {
			i++;
			break;
		}
		if (!strcmp(a, "--norc") || !strcmp(a, "--noprofile") || !strcmp(a, "--noediting"))
			continue;
		if (!strncmp(a, "--", 2)) {
			it_err(it, "%s: %s: unsupported option", argv[0], a);
			return 2;
		}
		if ((a[0] != '-' && a[0] != '+') || !a[1])
			break;
		bool on = a[0] == '-';
		for (const char *p = a + 1; *p; p++) {
			switch (*p) {
			case 'c': c_mode = true; break;
			case 's': read_stdin = true; break;
			case 'e': o.errexit = on; break;
			case 'u': o.nounset = on; break;
			case 'x': o.xtrace = on; break;
			case 'f': o.noglob = on; break;
			case 'C': o.noclobber = on; break;
			case 'a': o.allexport = on; break;
			case 'v': case 'h': case 'B': case 'p': case 'l': break;
			case 'o': {
				const char *n = argv[i + 1];
				if (!n) {
					it_err(it, "%s: -o: option requires an argument", argv[0]);
					return 2;
				}
				i++;
				if (!strcmp(n, "pipefail"))
					o.pipefail = on;
				else if (!strcmp(n, "errexit"))
					o.errexit = on;
				else if (!strcmp(n, "nounset"))
					o.nounset = on;
				else if (!strcmp(n, "xtrace"))
					o.xtrace = on;
				else if (!strcmp(n, "noglob"))
					o.noglob = on;
				else {
					it_err(it, "%s: -o %s: unsupported option", argv[0], n);
					return 2;
				}
				goto next_arg;
			}
			default:
				it_err(it, "%s: -%c: unsupported option (only -c, -s, -e, -u, -x, -f, -C, -a, -o)",
				       argv[0], *p);
				return 2;
			}
		}
next_arg:;
	}
	if (c_mode) {
		if (!argv[i]) {
			it_err(it, "%s: -c: option requires an argument", argv[0]);
			return 2;
		}
		cmd = argv[i++];
	} else if (argv[i] && !read_stdin) {
		cmd = NULL; /* a script file */
	} else {
		read_stdin = true;
	}
	pid_t pid = it_fork(it);
	if (pid < 0)
		return 1;
	if (pid != 0)
		return it_wait_pid(it, pid);
	/* the child: a fresh shell, with its own $$ */
	it->shell_pid = getpid();
	vt_done(&it->vars);
	vt_init(&it->vars);
	import_env(it, envp);
	while (it->funcs) {
		struct func *f = it->funcs;
		it->funcs = f->next;
		free(f->name);
		free(f);
	}
	free(it->trap_exit);
	free(it->trap_err);
	it->trap_exit = it->trap_err = NULL;
	it->o = o;
	it->func_depth = it->loop_depth = it->call_depth = 0;
	it->errexit_off = 0;
	it->flow = FLOW_NONE;
	it->status = 0;
	it->exec_last = false;
	int st;
	if (c_mode) {
		char **args = argv + i;
		free(it->argv0);
		it->argv0 = xstrdup(args[0] ? args[0] : argv[0]);
		for (size_t k = 0; k < it->n_pos; k++)
			free(it->pos[k]);
		free(it->pos);
		size_t n = 0;
		while (args[0] && args[1 + n])
			n++;
		it->pos = xmalloc((n + 1) * sizeof(char *));
		for (size_t k = 0; k < n; k++)
			it->pos[k] = xstrdup(args[1 + k]);
		it->n_pos = n;
		st = exec_string(it, cmd, strlen(cmd), argv[0]);
	} else if (!read_stdin) {
		st = source_file(it, argv[i], argv + i + 1, 0, true);
	} else {
		struct buf b = BUF_INIT(SH_MAX_INPUT);
		int r = buf_read_fd(&b, 0);
		if (r < 0) {
			it_err(it, "%s: reading the script from stdin: %s", argv[0], strerror(-r));
			buf_done(&b);
			it_exit_child(it, 2);
		}
		st = exec_string(it, b.data ? b.data : "", b.len, argv[0]);
		buf_done(&b);
	}
	if (it->flow == FLOW_EXIT)
		st = it->status;
	it_exit_child(it, st);
}

static int
run_external(struct interp *it, char **argv, char **env_extra, size_t n_extra)
{
	char **envp = env_build(it, env_extra, n_extra);
	if (!envp)
		return 1;
	char msg[1024] = "";
	/* before the lookup, which itself reads PATH */
	if (check_protected_env(it, envp, msg, sizeof(msg)) < 0) {
		it_refuse(it, msg);
		return INTERP_STATUS_REFUSED;
	}
	if (is_shell_name(argv[0]))
		return run_shell(it, argv, envp);
	char *path = path_search(it, argv[0]);
	if (!path) {
		it_err(it, "%s: command not found", argv[0]);
		return 127;
	}
	struct stat st;
	if (stat(path, &st) < 0) {
		it_err(it, "%s: %s", argv[0], strerror(errno));
		return 127;
	}
	if (S_ISDIR(st.st_mode)) {
		it_err(it, "%s: Is a directory", argv[0]);
		return 126;
	}
	int r = 0;
	if (it->h.exec) {
		r = it->h.exec(it->h.ctx, path, argv, envp, msg, sizeof(msg));
		if (r < 0 && !msg[0])
			snprintf(msg, sizeof(msg), "%s: refused by policy", argv[0]);
	}
	if (r < 0) {
		it_refuse(it, msg);
		return INTERP_STATUS_REFUSED;
	}
	if (access(path, X_OK) == 0 && is_shell_script(path)) {
		pid_t pid = it_fork(it);
		if (pid < 0)
			return 1;
		if (pid == 0) {
			int s = source_file(it, path, argv + 1, 0, true);
			it_exit_child(it, s);
		}
		return it_wait_pid(it, pid);
	}
	/* Everything the child needs is ready; the child only execs. */
	char errmsg[512];
	int n = snprintf(errmsg, sizeof(errmsg), "lite-sandbox: line %u: %s: ", (unsigned)it->lineno,
			 argv[0]);
	if (n < 0 || (size_t)n >= sizeof(errmsg))
		n = 0;
	if (it->exec_last && !it->trap_exit) {
		sigprocmask(SIG_UNBLOCK, &it->sig_blocked, NULL);
		execve(path, argv, envp);
		int e = errno;
		it_err(it, "%s: %s", argv[0], strerror(e));
		_exit(e == ENOENT ? 127 : 126);
	}
	pid_t pid = fork();
	if (pid < 0) {
		it_err(it, "fork: %s", strerror(errno));
		return 1;
	}
	if (pid == 0) {
		/* our blocked (trapped) signals are the program's to receive */
		sigprocmask(SIG_UNBLOCK, &it->sig_blocked, NULL);
		execve(path, argv, envp);
		int e = errno;
		const char *es = e == EACCES ? "Permission denied\n"
			       : e == ENOENT ? "No such file or directory\n"
					     : "cannot execute\n";
		(void)!write(2, errmsg, (size_t)n);
		(void)!write(2, es, strlen(es));
		_exit(e == ENOENT ? 127 : 126);
	}
	return it_wait_pid(it, pid);
}

/* ---- redirections --------------------------------------------------------- */

static int
save_fd(struct redir_save *save, int fd)
{
	if (!save)
		return 0;
	for (size_t i = 0; i < save->n; i++)
		if (save->s[i].fd == fd)
			return 0;
	if (save->n + 1 > save->cap) {
		size_t nc = save->cap ? save->cap * 2 : 4;
		struct saved_fd *s = realloc(save->s, nc * sizeof(*s));
		if (!s)
			return -ENOMEM;
		save->s = s;
		save->cap = nc;
	}
	int d = fcntl(fd, F_DUPFD_CLOEXEC, IT_FD_BASE);
	if (d < 0 && errno != EBADF)
		return -errno;
	save->s[save->n++] = (struct saved_fd){ .fd = fd, .saved = d };
	return 0;
}

void
redir_restore(struct interp *it, struct redir_save *save)
{
	(void)it;
	for (size_t i = save->n; i-- > 0;) {
		struct saved_fd *s = &save->s[i];
		if (s->saved >= 0) {
			dup2(s->saved, s->fd);
			close(s->saved);
		} else {
			close(s->fd);
		}
	}
	save->n = 0;
}

/* A user-visible fd: open and not one of ours (ours are close-on-exec). */
static bool
user_fd(int fd)
{
	int fl = fcntl(fd, F_GETFD);
	return fl >= 0 && (fd <= 2 || !(fl & FD_CLOEXEC) || fd < IT_FD_BASE);
}

/* /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N: the fd they name, or -1. */
static int
stream_path(const char *p)
{
	if (!strcmp(p, "/dev/stdin"))
		return 0;
	if (!strcmp(p, "/dev/stdout"))
		return 1;
	if (!strcmp(p, "/dev/stderr"))
		return 2;
	if (!strncmp(p, "/dev/fd/", 8) && p[8] && strspn(p + 8, "0123456789") == strlen(p + 8) &&
	    strlen(p + 8) < 6)
		return atoi(p + 8);
	return -1;
}

static int
heredoc_fd(struct interp *it, const char *s, size_t n)
{
	/* Small documents go through a pipe (as in bash 5.2): filled before the
	 * command starts, so it must fit in the pipe's buffer. */
	if (n < 4096) {
		int p[2];
		if (pipe2(p, O_CLOEXEC) == 0) {
			int r = fd_write_all(p[1], s, n);
			close(p[1]);
			if (r == 0)
				return p[0];
			close(p[0]);
		}
	}
	/* Larger ones in an anonymous file: a memfd, or an unlinked temporary
	 * file where memfd_create is not available (some seccomp filters). */
	int fd = memfd_create("here-document", MFD_CLOEXEC);
	if (fd < 0) {
		const char *tmp = var_get(it, "TMPDIR");
		fd = open(tmp && *tmp ? tmp : "/tmp", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
		if (fd < 0 && tmp && *tmp)
			fd = open("/tmp", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	}
	if (fd < 0)
		return -errno;
	int r = fd_write_all(fd, s, n);
	if (r < 0 || lseek(fd, 0, SEEK_SET) < 0) {
		close(fd);
		return r < 0 ? r : -errno;
	}
	(void)it;
	return fd;
}

static int
redir_word(struct interp *it, const struct sh_word *w, char **ret)
{
	struct svec f;
	sv_init(&f, it->tmp);
	int r = expand_words(it, (struct sh_word *const *)&w, 1, &f);
	if (r < 0)
		return r;
	if (f.n != 1) {
		it_err(it, "%.*s: ambiguous redirect", (int)w->src_len, w->src ? w->src : "");
		return -EINVAL;
	}
	*ret = f.v[0];
	return 0;
}

static int
open_file(struct interp *it, const char *path, int flags)
{
	int sfd = stream_path(path);
	if (sfd >= 0) {
		if (!user_fd(sfd)) {
			it_err(it, "%s: Bad file descriptor", path);
			return -EBADF;
		}
		int d = fcntl(sfd, F_DUPFD_CLOEXEC, IT_FD_BASE);
		return d < 0 ? -errno : d;
	}
	if (!strcmp(path, "")) {
		it_err(it, ": No such file or directory");
		return -ENOENT;
	}
	if (it->h.open) {
		char msg[1024] = "";
		int r = it->h.open(it->h.ctx, path, flags, msg, sizeof(msg));
		if (r < 0) {
			if (!msg[0])
				snprintf(msg, sizeof(msg), "%s: redirection refused by policy", path);
			return it_refuse(it, msg);
		}
	}
	if (it->o.noclobber && (flags & O_TRUNC)) {
		struct stat st;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			it_err(it, "%s: cannot overwrite existing file", path);
			return -EEXIST;
		}
	}
	int fd = open(path, flags | O_CLOEXEC, 0666);
	if (fd < 0) {
		int e = errno;
		it_err(it, "%s: %s", path, strerror(e));
		return -e;
	}
	return fd;
}

static int
install_fd(struct interp *it, int newfd, int fd, struct redir_save *save)
{
	int r = save_fd(save, fd);
	if (r < 0) {
		close(newfd);
		return r;
	}
	if (newfd == fd) {
		/* already in place: keep it open across exec */
		int fl = fcntl(fd, F_GETFD);
		if (fl >= 0)
			fcntl(fd, F_SETFD, fl & ~FD_CLOEXEC);
		return 0;
	}
	if (dup2(newfd, fd) < 0) {
		r = -errno;
		close(newfd);
		it_err(it, "%d: %s", fd, strerror(-r));
		return r;
	}
	close(newfd);
	return 0;
}

int
redir_apply(struct interp *it, const struct sh_redir *r, struct redir_save *save)
{
	int rc;
	for (; r; r = r->next) {
		int fd = r->fd;
		int newfd = -1;
		char *word = NULL;
		bool both = false, close_it = false;
		switch (r->op) {
		case SH_REDIR_IN:
		case SH_REDIR_OUT:
		case SH_REDIR_APPEND:
		case SH_REDIR_CLOBBER:
		case SH_REDIR_RDWR:
		case SH_REDIR_OUT_ERR:
		case SH_REDIR_APPEND_ERR: {
			int flags;
			switch (r->op) {
			case SH_REDIR_IN: flags = O_RDONLY; break;
			case SH_REDIR_RDWR: flags = O_RDWR | O_CREAT; break;
			case SH_REDIR_APPEND:
			case SH_REDIR_APPEND_ERR: flags = O_WRONLY | O_CREAT | O_APPEND; break;
			case SH_REDIR_CLOBBER: flags = O_WRONLY | O_CREAT | O_TRUNC; break;
			default: flags = O_WRONLY | O_CREAT | O_TRUNC; break;
			}
			if (fd < 0)
				fd = (r->op == SH_REDIR_IN || r->op == SH_REDIR_RDWR) ? 0 : 1;
			both = r->op == SH_REDIR_OUT_ERR || r->op == SH_REDIR_APPEND_ERR;
			if ((rc = redir_word(it, r->target, &word)) < 0)
				return rc;
			bool clobber_ok = r->op == SH_REDIR_CLOBBER;
			bool saved_nc = it->o.noclobber;
			if (clobber_ok)
				it->o.noclobber = false;
			newfd = open_file(it, word, flags);
			it->o.noclobber = saved_nc;
			if (newfd < 0)
				return newfd;
			break;
		}
		case SH_REDIR_DUP_IN:
		case SH_REDIR_DUP_OUT: {
			if (fd < 0)
				fd = r->op == SH_REDIR_DUP_IN ? 0 : 1;
			if ((rc = redir_word(it, r->target, &word)) < 0)
				return rc;
			size_t wl = strlen(word);
			bool move = wl > 1 && word[wl - 1] == '-';
			if (!strcmp(word, "-")) {
				close_it = true;
			} else if (strspn(word, "0123456789") == wl - (move ? 1 : 0) && wl - (move ? 1 : 0) > 0) {
				int src = atoi(word);
				if (!user_fd(src)) {
					it_err(it, "%d: Bad file descriptor", src);
					return -EBADF;
				}
				if (src == fd) {
					newfd = -2; /* no-op */
				} else {
					newfd = fcntl(src, F_DUPFD_CLOEXEC, IT_FD_BASE);
					if (newfd < 0)
						return -errno;
					if (move) {
						if ((rc = save_fd(save, src)) < 0) {
							close(newfd);
							return rc;
						}
						close(src);
					}
				}
			} else if (r->op == SH_REDIR_DUP_OUT && r->fd < 0) {
				/* >&file is &>file */
				both = true;
				newfd = open_file(it, word, O_WRONLY | O_CREAT | O_TRUNC);
				if (newfd < 0)
					return newfd;
			} else {
				it_err(it, "%s: ambiguous redirect", word);
				return -EINVAL;
			}
			break;
		}
		case SH_REDIR_HEREDOC:
		case SH_REDIR_HEREDOC_TAB:
		case SH_REDIR_HERESTRING: {
			if (fd < 0)
				fd = 0;
			char *text = NULL;
			if (r->op == SH_REDIR_HERESTRING) {
				if ((rc = expand_str(it, r->target, &text)) < 0)
					return rc;
				text = arena_printf(it->tmp, "%s\n", text);
			} else if (r->quoted_delim) {
				{
					/* a quoted body is literal text in its parts */
					struct sbuf b;
					sb_init(&b, it->tmp);
					sb_add(&b, "", 0);
					for (size_t i = 0; r->body && i < r->body->n_parts; i++)
						if (r->body->parts[i].text)
							sb_adds(&b, r->body->parts[i].text);
					text = b.d;
				}
			} else {
				if (r->body && (rc = expand_heredoc(it, r->body, &text)) < 0)
					return rc;
				if (!text)
					text = "";
			}
			if (!text)
				return -ENOMEM;
			newfd = heredoc_fd(it, text, strlen(text));
			if (newfd < 0)
				return newfd;
			break;
		}
		case SH_REDIR_OP_MAX:
		default:
			it_err(it, "unsupported redirection");
			return -ENOTSUP;
		}
		if (r->fd_var) {
			/* {var}>file: a new fd >= 10 named by the variable, kept open */
			if (close_it) {
				const char *v = var_get(it, r->fd_var);
				if (v)
					close(atoi(v));
				continue;
			}
			int nfd = fcntl(newfd, F_DUPFD, IT_FD_BASE);
			close(newfd);
			if (nfd < 0)
				return -errno;
			char buf[16];
			snprintf(buf, sizeof(buf), "%d", nfd);
			if ((rc = var_set(it, r->fd_var, buf, false)) < 0)
				return rc;
			continue;
		}
		if (close_it) {
			if ((rc = save_fd(save, fd)) < 0)
				return rc;
			close(fd);
			continue;
		}
		if (newfd == -2)
			continue;
		if (both) {
			int d2 = fcntl(newfd, F_DUPFD_CLOEXEC, IT_FD_BASE);
			if (d2 < 0) {
				close(newfd);
				return -errno;
			}
			if ((rc = install_fd(it, newfd, 1, save)) < 0) {
				close(d2);
				return rc;
			}
			if ((rc = install_fd(it, d2, 2, save)) < 0)
				return rc;
			continue;
		}
		if ((rc = install_fd(it, newfd, fd, save)) < 0)
			return rc;
	}
	return 0;
}

static void
close_procsubs(struct interp *it, size_t from)
{
	for (size_t i = from; i < it->n_procsub; i++)
		close(it->procsub_fds[i]);
	it->n_procsub = from;
}

/* ---- assignments ---------------------------------------------------------- */

/* Expand every element first: a=(x "${a[@]}") reads the old array. */
int
array_expand(struct interp *it, const struct sh_assign *a, bool assoc, struct elem_val **ret,
	     size_t *ret_n)
{
	int r;
	struct elem_val *ev = NULL;
	size_t nev = 0, cap = 0;
	for (size_t i = 0; i < a->n_elems; i++) {
		const struct sh_array_elem *e = &a->elems[i];
		struct svec f;
		sv_init(&f, it->tmp);
		char *key = NULL;
		if (e->key) {
			char *val = NULL;
			if ((r = expand_str(it, e->key, &key)) < 0)
				return r;
			const struct sh_word *vw = e->value;
			if (assoc && vw && vw->n_parts && vw->parts[0].kind == SH_PART_TILDE) {
				/* bash leaves ~ alone in [k]=~ of an associative array */
				struct sh_word *cw = arena_alloc(it->tmp, sizeof(*cw));
				struct sh_part *cp = arena_alloc(it->tmp, vw->n_parts * sizeof(*cp));
				if (!cw || !cp)
					return -ENOMEM;
				*cw = *vw;
				memcpy(cp, vw->parts, vw->n_parts * sizeof(*cp));
				cp[0].kind = SH_PART_SQUOTE;
				cp[0].text = arena_printf(it->tmp, "~%s", vw->parts[0].text ? vw->parts[0].text : "");
				if (!cp[0].text)
					return -ENOMEM;
				cp[0].text_len = strlen(cp[0].text);
				cw->parts = cp;
				vw = cw;
			}
			if (vw && (r = expand_str(it, vw, &val)) < 0)
				return r;
			if ((r = sv_push(&f, val ? val : "")) < 0)
				return r;
		} else if (assoc) {
			it_err(it, "%s: %s: must use subscript when assigning associative array",
			       a->name, e->value && e->value->src ? e->value->src : "");
			continue;
		} else if (e->value && (r = expand_words(it, &e->value, 1, &f)) < 0) {
			return r;
		}
		for (size_t k = 0; k < f.n; k++) {
			if (nev + 1 > cap) {
				size_t nc = cap ? cap * 2 : 8;
				struct elem_val *n = arena_alloc(it->tmp, nc * sizeof(*n));
				if (!n)
					return -ENOMEM;
				if (nev)
					memcpy(n, ev, nev * sizeof(*n));
				ev = n;
				cap = nc;
			}
			ev[nev++] = (struct elem_val){ key, f.v[k], e->append };
		}
	}
	*ret = ev;
	*ret_n = nev;
	return 0;
}

int
array_apply(struct interp *it, const struct sh_assign *a, struct var *v,
	    const struct elem_val *ev, size_t nev)
{
	int r;
	if (!a->append || !(v->flags & (V_ARRAY | V_ASSOC))) {
		bool assoc = (v->flags & V_ASSOC) != 0;
		if (!a->append) {
			var_clear_array(v);
			free(v->val);
			v->val = NULL;
			v->flags &= ~(V_ARRAY | V_ASSOC);
		}
		if ((r = var_make_array(v, assoc)) < 0)
			return r;
	}
	v->flags |= V_SET;
	int64_t next = (v->flags & V_ASSOC) ? 0 : arr_max_idx(v) + 1;
	for (size_t i = 0; i < nev; i++) {
		const char *ks = ev[i].key;
		if (!(v->flags & V_ASSOC)) {
			int64_t idx = next;
			if (ks) {
				if (arith_eval(it, ks, &idx) < 0)
					return -EINVAL;
				if (idx < 0)
					idx += arr_max_idx(v) + 1;
			}
			ks = arena_printf(it->tmp, "%" PRId64, idx);
			next = idx + 1;
		}
		if ((r = var_set_elem(it, a->name, ks, ev[i].val, ev[i].append)) < 0)
			return r;
	}
	return 0;
}

static int
assign_array(struct interp *it, const struct sh_assign *a, struct var *v)
{
	struct elem_val *ev;
	size_t nev;
	int r = array_expand(it, a, (v->flags & V_ASSOC) != 0, &ev, &nev);
	return r < 0 ? r : array_apply(it, a, v, ev, nev);
}

/* Assign in the shell itself (assignment-only commands, special builtins). */
static int
do_assign(struct interp *it, const struct sh_assign *a, unsigned extra_flags)
{
	int r;
	if (a->is_array) {
		struct var *v = var_declare(it, a->name, false);
		if (v->flags & V_READONLY) {
			it_err(it, "%s: readonly variable", a->name);
			return -EPERM;
		}
		r = assign_array(it, a, v);
		v->flags |= extra_flags;
		return r;
	}
	char *val = NULL;
	if (a->value && (r = expand_str(it, a->value, &val)) < 0)
		return r;
	if (!val)
		val = "";
	if (a->index) {
		char *key = NULL;
		if ((r = expand_str(it, a->index, &key)) < 0)
			return r;
		return var_set_elem(it, a->name, key, val, a->append);
	}
	r = var_set(it, a->name, val, a->append);
	if (r >= 0 && extra_flags) {
		struct var *v = var_lookup(it, a->name);
		if (v)
			v->flags |= extra_flags;
	}
	return r;
}

const struct sh_assign *
decl_lookup(struct interp *it, const char *s)
{
	for (size_t i = 0; i < it->n_decl; i++)
		if (it->decl[i].s == s)
			return it->decl[i].a;
	return NULL;
}

int
assign_to(struct interp *it, const struct sh_assign *a, struct var *v)
{
	if (v->flags & V_READONLY) {
		it_err(it, "%s: readonly variable", a->name);
		return -EPERM;
	}
	if (a->is_array)
		return assign_array(it, a, v);
	char *val = NULL;
	int r;
	if (a->value && (r = expand_str(it, a->value, &val)) < 0)
		return r;
	if (!val)
		val = "";
	if (a->index) {
		char *key = NULL;
		if ((r = expand_str(it, a->index, &key)) < 0)
			return r;
		return var_set_elem(it, a->name, key, val, a->append);
	}
	return var_assign_value(it, v, val, a->append);
}

struct tmpvar {
	char *name;
	bool had;
	unsigned flags;
	char *val;
};

/* ---- simple commands ---------------------------------------------------- */

static void
xtrace(struct interp *it, char **argv, size_t argc, const struct sh_assign *as)
{
	struct sbuf b;
	sb_init(&b, it->tmp);
	const char *ps4 = var_get(it, "PS4");
	sb_adds(&b, ps4 ? ps4 : "+ ");
	bool first = true;
	for (const struct sh_assign *a = as; a; a = a->next) {
		char *v = NULL;
		if (!a->is_array && a->value)
			(void)expand_str(it, a->value, &v);
		sb_printf(&b, "%s%s=%s", first ? "" : " ", a->name, v ? v : "");
		first = false;
	}
	for (size_t i = 0; i < argc; i++) {
		const char *s = argv[i];
		bool plain = *s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%^") == strlen(s);
		sb_printf(&b, "%s%s", first ? "" : " ", plain ? s : shell_quote(it->tmp, s));
		first = false;
	}
	sb_addc(&b, '\n');
	(void)fd_write_all(2, b.d, b.n);
}

int
run_argv(struct interp *it, char **argv, size_t argc, bool use_funcs)
{
	if (use_funcs) {
		struct func *f = func_find(it, argv[0]);
		if (f)
			return call_function(it, f, argv, argc);
	}
	const struct builtin *b = builtin_find(argv[0]);
	if (b)
		return b->fn(it, (int)argc, argv);
	return run_external(it, argv, NULL, 0);
}

static int
call_check(struct interp *it, char **argv, size_t argc)
{
	if (!it->h.call)
		return 0;
	char msg[1024] = "";
	char *cdv[3];
	if (!strcmp(argv[0], "cd") && (argc == 1 || (argc == 2 && !strcmp(argv[1], "-")))) {
		/* a bare cd goes to $HOME and `cd -` to $OLDPWD: check them so */
		const char *dir = var_get(it, argc == 1 ? "HOME" : "OLDPWD");
		cdv[0] = argv[0];
		cdv[1] = (char *)(dir ? dir : "");
		cdv[2] = NULL;
		argv = cdv;
		argc = 2;
	}
	int r = it->h.call(it->h.ctx, argv, argc, msg, sizeof(msg));
	if (r < 0) {
		if (!msg[0])
			snprintf(msg, sizeof(msg), "%s: refused by policy", argv[0]);
		return it_refuse(it, msg);
	}
	return 0;
}

static int
exec_simple(struct interp *it, const struct sh_node *n)
{
	if (n->pos.line)
		it->lineno = n->pos.line;
	const struct sh_node *cmd_was = it->cur_cmd;
	struct arena_mark mark = arena_mark(it->tmp);
	size_t procsub_base = it->n_procsub;
	size_t decl_base = it->n_decl;
	bool exec_last = it->exec_last;
	it->exec_last = false;
	struct svec av;
	sv_init(&av, it->tmp);
	int st = 0, r;
	it->cmdsub_status = -1;
	r = expand_words_decl(it, n->u.simple.words, n->u.simple.n_words, &av);
	if (r < 0) {
		st = it->flow == FLOW_EXIT ? it->status : 1;
		goto out;
	}
	struct redir_save save = { 0 };
	if (av.n == 0) {
		/* assignments and redirections only */
		for (const struct sh_assign *a = n->u.simple.assigns; a; a = a->next) {
			if ((r = do_assign(it, a, 0)) < 0) {
				st = 1;
				/* an assignment error abandons the line (bash) */
				if (it->flow != FLOW_EXIT) {
					it->flow = FLOW_DISCARD;
					it->status = 1;
				}
				goto out_redirs;
			}
		}
		if (it->o.xtrace && n->u.simple.assigns)
			xtrace(it, NULL, 0, n->u.simple.assigns);
		if (n->redirs) {
			r = redir_apply(it, n->redirs, &save);
			if (r < 0) {
				st = 1;
				goto out_redirs;
			}
		}
		st = it->cmdsub_status >= 0 ? (int)it->cmdsub_status : 0;
		goto out_redirs;
	}
	char **argv = av.v;
	size_t argc = av.n;
	if (it->o.xtrace)
		xtrace(it, argv, argc, n->u.simple.assigns);
	it->cur_cmd = n; /* after the expansions, which may run commands of their own */
	const struct builtin *b = NULL;
	struct func *f = func_find(it, argv[0]);
	/*
	 * A function call runs nothing by itself: each command of its body is
	 * checked here as it runs, with the words it really gets. Checking the
	 * call as a command would refuse, in allowlist mode, every function the
	 * line defines (its name is on no whitelist), which the static check
	 * allows.
	 */
	if (!f && call_check(it, argv, argc) < 0) {
		st = INTERP_STATUS_REFUSED;
		goto out;
	}
	if (!f)
		b = builtin_find(argv[0]);

	/* redirections before the prefix assignments, as bash orders them:
	 * IFS=, read <<< $* joins $* with the old IFS */
	struct svec envx;
	sv_init(&envx, it->tmp);
	struct tmpvar *tv = NULL;
	size_t ntv = 0;
	if (n->redirs) {
		/* `exec` without a command makes its redirections permanent */
		bool permanent = b && argc == 1 && !strcmp(argv[0], "exec");
		r = redir_apply(it, n->redirs, permanent ? NULL : &save);
		if (r < 0) {
			st = it_is_refused(it) ? INTERP_STATUS_REFUSED : 1;
			goto restore_redirs;
		}
	}
	/* prefix assignments */
	if (n->u.simple.assigns) {
		if ((b && b->special)) {
			for (const struct sh_assign *a = n->u.simple.assigns; a; a = a->next)
				if ((r = do_assign(it, a, 0)) < 0) {
					st = 1;
					goto restore_redirs;
				}
		} else if (f || b) {
			size_t cnt = 0;
			for (const struct sh_assign *a = n->u.simple.assigns; a; a = a->next)
				cnt++;
			tv = arena_alloc(it->tmp, cnt * sizeof(*tv));
			if (!tv) {
				st = 1;
				goto restore_redirs;
			}
			for (const struct sh_assign *a = n->u.simple.assigns; a; a = a->next) {
				struct var *v = var_lookup(it, a->name);
				struct tmpvar *t = &tv[ntv++];
				t->name = (char *)a->name;
				t->had = v && (v->flags & V_SET) && !(v->flags & (V_ARRAY | V_ASSOC));
				t->flags = v ? v->flags : 0;
				t->val = t->had ? arena_strdup(it->tmp, v->val) : NULL;
				if ((r = do_assign(it, a, V_EXPORT)) < 0) {
					st = 1;
					goto restore_redirs;
				}
			}
		} else {
			for (const struct sh_assign *a = n->u.simple.assigns; a; a = a->next) {
				char *val = NULL;
				if (a->is_array || a->index)
					continue; /* arrays are not exported */
				if (a->value && (r = expand_str(it, a->value, &val)) < 0) {
					st = 1;
					goto restore_redirs;
				}
				if (a->append) {
					const char *old = var_get(it, a->name);
					val = arena_printf(it->tmp, "%s%s", old ? old : "", val ? val : "");
				}
				char *e = arena_printf(it->tmp, "%s=%s", a->name, val ? val : "");
				if (!e || sv_push(&envx, e) < 0) {
					st = 1;
					goto restore_redirs;
				}
			}
		}
	}
	if (f) {
		st = call_function(it, f, argv, argc);
	} else if (b) {
		st = b->fn(it, (int)argc, argv);
	} else {
		/* PATH=... cmd looks the command up in the new PATH, as bash does */
		it->exec_last = exec_last && !n->redirs;
		const char *newpath = NULL;
		for (size_t i = 0; i < envx.n; i++)
			if (!strncmp(envx.v[i], "PATH=", 5))
				newpath = envx.v[i] + 5;
		if (newpath) {
			char msg[1024];
			/* the lookup itself would use the changed PATH: refuse first */
			if (check_protected_env(it, envx.v, msg, sizeof(msg)) < 0 ||
			    strcmp(newpath, var_get(it, "PATH") ? var_get(it, "PATH") : "") != 0) {
				snprintf(msg, sizeof(msg),
					 "the command would be looked up with PATH changed from its "
					 "starting value; protected environment variables cannot be "
					 "changed for commands. Fix: drop the PATH assignment");
				it_refuse(it, msg);
				st = INTERP_STATUS_REFUSED;
				goto restore_redirs;
			}
		}
		st = run_external(it, argv, envx.v, envx.n);
		it->exec_last = false;
	}
restore_redirs:
	redir_restore(it, &save);
	free(save.s);
	save.s = NULL;
	for (size_t i = ntv; i-- > 0;) {
		struct var *v = var_declare(it, tv[i].name, false);
		if (tv[i].had) {
			free(v->val);
			v->val = xstrdup(tv[i].val);
			v->flags = tv[i].flags;
		} else {
			free(v->val);
			v->val = NULL;
			v->flags = tv[i].flags & ~V_SET;
		}
	}
	if (argc)
		var_set(it, "_", argv[argc - 1], false);
	goto out;
out_redirs:
	redir_restore(it, &save);
	free(save.s);
out:
	it->cur_cmd = cmd_was;
	it->n_decl = decl_base;
	close_procsubs(it, procsub_base);
	arena_reset(it->tmp, mark);
	if (it_is_refused(it)) {
		it->flow = FLOW_EXIT;
		it->status = INTERP_STATUS_REFUSED;
		return INTERP_STATUS_REFUSED;
	}
	set_pipestatus(it, &st, 1);
	return st;
}

/* ---- pipelines and lists ---------------------------------------------- */

static int
exec_pipeline(struct interp *it, const struct sh_node *n)
{
	size_t nc = n->u.pipeline.n_cmds;
	struct timespec t0;
	struct rusage ru0;
	if (n->u.pipeline.timed) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		getrusage(RUSAGE_CHILDREN, &ru0);
	}
	if (n->u.pipeline.negated)
		it->errexit_off++;
	int st;
	if (nc == 1) {
		st = exec_node(it, n->u.pipeline.cmds[0]);
	} else {
		pid_t *pids = xmalloc(nc * sizeof(pid_t));
		int *sts = xmalloc(nc * sizeof(int));
		int prev = -1;
		size_t started = 0;
		bool failed = false;
		/* shopt -s lastpipe: the last stage runs in this shell */
		size_t nfork = it->o.lastpipe ? nc - 1 : nc;
		for (size_t i = 0; i < nfork; i++) {
			int p[2] = { -1, -1 };
			if (i + 1 < nc && pipe2(p, O_CLOEXEC) < 0) {
				failed = true;
				break;
			}
			pid_t pid = it_fork(it);
			if (pid < 0) {
				failed = true;
				if (p[0] >= 0) {
					close(p[0]);
					close(p[1]);
				}
				break;
			}
			if (pid == 0) {
				if (prev >= 0) {
					dup2(prev, 0);
					close(prev);
				}
				if (p[1] >= 0) {
					dup2(p[1], 1);
					if (n->u.pipeline.pipe_stderr && n->u.pipeline.pipe_stderr[i])
						dup2(p[1], 2);
					close(p[1]);
					close(p[0]);
				}
				free(it->trap_exit);
				it->trap_exit = NULL;
				it->exec_last = true;
				int s = exec_node(it, n->u.pipeline.cmds[i]);
				if (it->flow == FLOW_EXIT)
					s = it->status;
				it_exit_child(it, s);
			}
			pids[started++] = pid;
			if (prev >= 0)
				close(prev);
			if (p[1] >= 0)
				close(p[1]);
			prev = p[0];
		}
		int last_st = 0;
		if (nfork < nc && !failed) {
			int saved0 = fcntl(0, F_DUPFD_CLOEXEC, IT_FD_BASE);
			if (prev >= 0)
				dup2(prev, 0);
			bool el = it->exec_last;
			it->exec_last = false;
			last_st = exec_node(it, n->u.pipeline.cmds[nc - 1]);
			it->exec_last = el;
			if (saved0 >= 0) {
				dup2(saved0, 0);
				close(saved0);
			} else {
				close(0);
			}
		}
		if (prev >= 0)
			close(prev);
		for (size_t i = 0; i < started; i++)
			sts[i] = it_wait_pid(it, pids[i]);
		if (nfork < nc && !failed)
			sts[started++] = last_st;
		st = failed ? 1 : sts[started ? started - 1 : 0];
		if (it->o.pipefail)
			for (size_t i = 0; i < started; i++)
				if (sts[i])
					st = sts[i];
		if (!it_is_refused(it))
			set_pipestatus(it, sts, started);
		free(pids);
		free(sts);
	}
	if (n->u.pipeline.negated) {
		it->errexit_off--;
		st = !st;
	}
	if (n->u.pipeline.timed) {
		struct timespec t1;
		struct rusage ru1;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		getrusage(RUSAGE_CHILDREN, &ru1);
		double real = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		double user = (double)(ru1.ru_utime.tv_sec - ru0.ru_utime.tv_sec) +
			      (double)(ru1.ru_utime.tv_usec - ru0.ru_utime.tv_usec) / 1e6;
		double sys = (double)(ru1.ru_stime.tv_sec - ru0.ru_stime.tv_sec) +
			     (double)(ru1.ru_stime.tv_usec - ru0.ru_stime.tv_usec) / 1e6;
		if (n->u.pipeline.time_posix)
			it_printf_fd(2, "real %.2f\nuser %.2f\nsys %.2f\n", real, user, sys);
		else
			it_printf_fd(2, "\nreal\t%dm%.3fs\nuser\t%dm%.3fs\nsys\t%dm%.3fs\n",
				     (int)(real / 60), real - 60 * (int)(real / 60), (int)(user / 60),
				     user - 60 * (int)(user / 60), (int)(sys / 60), sys - 60 * (int)(sys / 60));
	}
	it->status = st;
	return st;
}

static int
run_background(struct interp *it, const struct sh_node *n)
{
	pid_t pid = it_fork(it);
	if (pid < 0)
		return 1;
	if (pid == 0) {
		/* no job control: a background job reads /dev/null by default */
		int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			dup2(fd, 0);
			close(fd);
		}
		free(it->trap_exit);
		it->trap_exit = NULL;
		it->exec_last = true;
		int s = exec_node(it, n);
		if (it->flow == FLOW_EXIT)
			s = it->status;
		it_exit_child(it, s);
	}
	struct job *j = xmalloc(sizeof(*j));
	j->pid = pid;
	j->status = -1;
	j->next = it->jobs;
	it->jobs = j;
	it->last_bg = pid;
	it->status = 0;
	return 0;
}

static bool
should_stop(struct interp *it)
{
	return it->flow != FLOW_NONE || it_is_refused(it);
}

/* ---- loops -------------------------------------------------------------- */

/* After a loop body: true when the loop must stop. */
static bool
loop_flow(struct interp *it)
{
	if (it->flow == FLOW_BREAK) {
		if (--it->flow_n == 0)
			it->flow = FLOW_NONE;
		return true;
	}
	if (it->flow == FLOW_CONTINUE) {
		if (--it->flow_n == 0) {
			it->flow = FLOW_NONE;
			return false;
		}
		it->flow = FLOW_CONTINUE;
		return true;
	}
	return it->flow != FLOW_NONE;
}

static int
exec_while(struct interp *it, const struct sh_node *n, bool until)
{
	int st = 0;
	it->loop_depth++;
	for (;;) {
		it->errexit_off++;
		int c = exec_node(it, n->u.loop.cond);
		it->errexit_off--;
		if (should_stop(it)) {
			if (it->flow == FLOW_BREAK || it->flow == FLOW_CONTINUE) {
				bool stop = loop_flow(it);
				if (stop)
					break;
				continue;
			}
			break;
		}
		if (until ? c == 0 : c != 0)
			break;
		st = exec_node(it, n->u.loop.body);
		if (loop_flow(it))
			break;
	}
	it->loop_depth--;
	return st;
}

static int
exec_for(struct interp *it, const struct sh_node *n)
{
	struct arena_mark mark = arena_mark(it->tmp);
	struct svec items;
	sv_init(&items, it->tmp);
	int r;
	if (n->u.for_.has_in) {
		r = expand_words(it, n->u.for_.words, n->u.for_.n_words, &items);
		if (r < 0) {
			arena_reset(it->tmp, mark);
			return it->flow == FLOW_EXIT ? it->status : 1;
		}
	} else {
		for (size_t i = 0; i < it->n_pos; i++)
			if (sv_push(&items, it->pos[i]) < 0)
				return 1;
	}
	if (n->kind == SH_NODE_SELECT) {
		if (n->pos.line)
			it->lineno = n->pos.line; /* (the message names its line) */
		it_err(it, "select: unsupported (interactive menus are not available)");
		it->flow = FLOW_EXIT;
		it->status = 2;
		return 2;
	}
	if (!valid_name(n->u.for_.var)) {
		it_err(it, "`%s': not a valid identifier", n->u.for_.var);
		return 1;
	}
	int st = 0;
	it->loop_depth++;
	for (size_t i = 0; i < items.n; i++) {
		if (var_set(it, n->u.for_.var, items.v[i], false) < 0) {
			st = 1;
			break;
		}
		st = exec_node(it, n->u.for_.body);
		if (loop_flow(it))
			break;
	}
	it->loop_depth--;
	arena_reset(it->tmp, mark);
	return st;
}

static int
arith_word(struct interp *it, const struct sh_word *w, int64_t *v, bool empty_true)
{
	if (!w) {
		*v = empty_true ? 1 : 0;
		return 0;
	}
	char *s = NULL;
	int r = expand_str(it, w, &s);
	if (r < 0)
		return r;
	if (empty_true && !*s + strspn(s, " \t\n") == strlen(s) && !*s) {
		*v = 1;
		return 0;
	}
	return arith_eval(it, s, v);
}

static int
exec_arith_for(struct interp *it, const struct sh_node *n)
{
	int64_t v;
	struct arena_mark mark = arena_mark(it->tmp);
	if (arith_word(it, n->u.arith_for.init, &v, false) < 0)
		return it->flow == FLOW_EXIT ? it->status : 1;
	int st = 0;
	it->loop_depth++;
	for (;;) {
		arena_reset(it->tmp, mark);
		if (arith_word(it, n->u.arith_for.test, &v, true) < 0) {
			st = 1;
			break;
		}
		if (!v)
			break;
		st = exec_node(it, n->u.arith_for.body);
		if (loop_flow(it))
			break;
		if (arith_word(it, n->u.arith_for.step, &v, false) < 0) {
			st = 1;
			break;
		}
	}
	it->loop_depth--;
	arena_reset(it->tmp, mark);
	return st;
}

static int
exec_case(struct interp *it, const struct sh_node *n)
{
	struct arena_mark mark = arena_mark(it->tmp);
	char *subj = NULL;
	if (expand_str(it, n->u.case_.subject, &subj) < 0) {
		arena_reset(it->tmp, mark);
		return it->flow == FLOW_EXIT ? it->status : 1;
	}
	int fl = (it->o.extglob ? PM_EXTGLOB : 0) | (it->o.nocasematch ? PM_NOCASE : 0);
	int st = 0;
	bool fall = false;
	for (size_t i = 0; i < n->u.case_.n_items; i++) {
		const struct sh_case_item *ci = &n->u.case_.items[i];
		bool m = fall;
		for (size_t k = 0; !m && k < ci->n_patterns; k++) {
			char *pat = NULL;
			if (expand_pattern(it, ci->patterns[k], &pat) < 0) {
				arena_reset(it->tmp, mark);
				return it->flow == FLOW_EXIT ? it->status : 1;
			}
			m = pat_match(pat, subj, strlen(subj), fl);
		}
		if (!m)
			continue;
		st = ci->body ? exec_node(it, ci->body) : 0;
		if (should_stop(it))
			break;
		if (ci->term == SH_CASE_BREAK)
			break;
		fall = ci->term == SH_CASE_FALL;
	}
	arena_reset(it->tmp, mark);
	return st;
}

/* ---- [[ ]] ----------------------------------------------------------------- */

static int cond_eval(struct interp *it, const struct sh_cond *c, bool *ret);

static int
cond_eval(struct interp *it, const struct sh_cond *c, bool *ret)
{
	int r;
	bool a, b;
	char *x = NULL, *y = NULL;
	switch (c->kind) {
	case SH_COND_AND:
		if ((r = cond_eval(it, c->left, &a)) < 0)
			return r;
		if (!a) {
			*ret = false;
			return 0;
		}
		return cond_eval(it, c->right, ret);
	case SH_COND_OR:
		if ((r = cond_eval(it, c->left, &a)) < 0)
			return r;
		if (a) {
			*ret = true;
			return 0;
		}
		return cond_eval(it, c->right, ret);
	case SH_COND_NOT:
		if ((r = cond_eval(it, c->left, &a)) < 0)
			return r;
		*ret = !a;
		return 0;
	case SH_COND_GROUP:
		return cond_eval(it, c->left, ret);
	case SH_COND_WORD:
		if ((r = expand_str(it, c->a, &x)) < 0)
			return r;
		*ret = *x != '\0';
		return 0;
	case SH_COND_UNARY:
		if ((r = expand_str(it, c->a, &x)) < 0)
			return r;
		return unary_test(it, c->op, x, ret);
	case SH_COND_BINARY: {
		const char *op = c->op;
		if ((r = expand_str(it, c->a, &x)) < 0)
			return r;
		if (!strcmp(op, "==") || !strcmp(op, "=") || !strcmp(op, "!=")) {
			if ((r = expand_pattern(it, c->b, &y)) < 0)
				return r;
			int fl = PM_EXTGLOB | (it->o.nocasematch ? PM_NOCASE : 0);
			b = pat_match(y, x, strlen(x), fl);
			*ret = op[0] == '!' ? !b : b;
			return 0;
		}
		if (!strcmp(op, "=~")) {
			if ((r = expand_pattern(it, c->b, &y)) < 0)
				return r;
			int bi_regex(struct interp *, const char *, const char *, bool *);
			return bi_regex(it, x, y, ret);
		}
		if ((r = expand_str(it, c->b, &y)) < 0)
			return r;
		if (!strcmp(op, "<")) {
			*ret = strcmp(x, y) < 0;
			return 0;
		}
		if (!strcmp(op, ">")) {
			*ret = strcmp(x, y) > 0;
			return 0;
		}
		if (op[0] == '-' && (!strcmp(op, "-eq") || !strcmp(op, "-ne") || !strcmp(op, "-lt") ||
				     !strcmp(op, "-le") || !strcmp(op, "-gt") || !strcmp(op, "-ge"))) {
			int64_t p, q;
			if (arith_eval(it, x, &p) < 0 || arith_eval(it, y, &q) < 0)
				return -EINVAL;
			switch (op[1]) {
			case 'e': *ret = p == q; break;
			case 'n': *ret = p != q; break;
			case 'l': *ret = op[2] == 't' ? p < q : p <= q; break;
			default: *ret = op[2] == 't' ? p > q : p >= q; break;
			}
			return 0;
		}
		return binary_test(it, x, op, y, ret);
	}
	case SH_COND_KIND_MAX:
	default:
		break;
	}
	return -EINVAL;
}

/* ---- dispatch ------------------------------------------------------------ */

static int
exec_body_redirs(struct interp *it, const struct sh_node *n, int (*fn)(struct interp *, const struct sh_node *))
{
	if (!n->redirs)
		return fn(it, n);
	struct redir_save save = { 0 };
	struct arena_mark mark = arena_mark(it->tmp);
	size_t pbase = it->n_procsub;
	int st;
	int r = redir_apply(it, n->redirs, &save);
	arena_reset(it->tmp, mark);
	if (r < 0)
		st = it_is_refused(it) ? INTERP_STATUS_REFUSED : 1;
	else
		st = fn(it, n);
	redir_restore(it, &save);
	free(save.s);
	close_procsubs(it, pbase);
	return st;
}

static int
exec_list(struct interp *it, const struct sh_node *n)
{
	int st = it->status;
	bool top = n == it->top_list;
	for (size_t i = 0; i < n->u.list.n_items; i++) {
		const struct sh_node *c = n->u.list.items[i];
		if (top && it->flow == FLOW_DISCARD) {
			/* skip the rest of the line the error happened on */
			if (i > 0 && n->u.list.seps && n->u.list.seps[i - 1] != SH_SEP_NEWLINE)
				continue;
			it->flow = FLOW_NONE;
			it->status = st = 1;
		}
		if (n->u.list.seps && n->u.list.seps[i] == SH_SEP_AMP) {
			st = run_background(it, c);
		} else {
			/* only the very last command of a child may exec in place */
			bool el = it->exec_last;
			if (i + 1 < n->u.list.n_items)
				it->exec_last = false;
			st = exec_node(it, c);
			it->exec_last = el;
		}
		if (should_stop(it) && !(top && it->flow == FLOW_DISCARD))
			break;
	}
	return st;
}

static int
exec_inner(struct interp *it, const struct sh_node *n)
{
	int st = 0, r;
	switch (n->kind) {
	case SH_NODE_SIMPLE:
		return cmd_done(it, exec_simple(it, n));
	case SH_NODE_PIPELINE:
		st = exec_pipeline(it, n);
		if (n->u.pipeline.n_cmds > 1 || n->u.pipeline.negated)
			return n->u.pipeline.negated ? (it->status = st) : cmd_done(it, st);
		return st;
	case SH_NODE_AND:
	case SH_NODE_OR: {
		bool el = it->exec_last;
		it->exec_last = false;
		it->errexit_off++;
		st = exec_node(it, n->u.binary.left);
		it->errexit_off--;
		it->exec_last = el;
		if (should_stop(it))
			return st;
		if ((n->kind == SH_NODE_AND) == (st == 0))
			st = exec_node(it, n->u.binary.right);
		return st;
	}
	case SH_NODE_LIST:
		return exec_list(it, n);
	case SH_NODE_SUBSHELL: {
		pid_t pid = it_fork(it);
		if (pid < 0)
			return 1;
		if (pid == 0) {
			free(it->trap_exit);
			it->trap_exit = NULL;
			int s = n->u.group.body ? exec_node(it, n->u.group.body) : 0;
			if (it->flow == FLOW_EXIT)
				s = it->status;
			it_exit_child(it, s);
		}
		return cmd_done(it, it_wait_pid(it, pid));
	}
	case SH_NODE_GROUP:
		return n->u.group.body ? exec_node(it, n->u.group.body) : 0;
	case SH_NODE_IF: {
		bool el = it->exec_last;
		it->exec_last = false;
		it->errexit_off++;
		int c = exec_node(it, n->u.if_.cond);
		it->errexit_off--;
		it->exec_last = el;
		if (should_stop(it))
			return c;
		if (c == 0)
			return exec_node(it, n->u.if_.then_body);
		if (n->u.if_.else_body)
			return exec_node(it, n->u.if_.else_body);
		return 0;
	}
	case SH_NODE_WHILE:
	case SH_NODE_UNTIL:
		it->exec_last = false;
		return exec_while(it, n, n->kind == SH_NODE_UNTIL);
	case SH_NODE_FOR:
	case SH_NODE_SELECT:
		it->exec_last = false;
		return exec_for(it, n);
	case SH_NODE_ARITH_FOR:
		it->exec_last = false;
		return exec_arith_for(it, n);
	case SH_NODE_CASE:
		return exec_case(it, n);
	case SH_NODE_FUNCTION:
		func_define(it, n->u.function.name, n->u.function.body);
		it->status = 0;
		return 0;
	case SH_NODE_COND: {
		struct arena_mark mark = arena_mark(it->tmp);
		if (n->pos.line)
			it->lineno = n->pos.line;
		bool b = false;
		r = cond_eval(it, n->u.cond.expr, &b);
		arena_reset(it->tmp, mark);
		if (r < 0)
			st = it->flow == FLOW_EXIT ? it->status : 2;
		else
			st = b ? 0 : 1;
		return cmd_done(it, st);
	}
	case SH_NODE_ARITH: {
		struct arena_mark mark = arena_mark(it->tmp);
		if (n->pos.line)
			it->lineno = n->pos.line;
		char *s = NULL;
		r = expand_str(it, n->u.arith.expr, &s);
		int64_t v = 0;
		if (r >= 0)
			r = arith_eval(it, s, &v);
		arena_reset(it->tmp, mark);
		if (r < 0)
			st = it->flow == FLOW_EXIT ? it->status : 1;
		else
			st = v ? 0 : 1;
		return cmd_done(it, st);
	}
	case SH_NODE_COPROC:
		if (n->pos.line)
			it->lineno = n->pos.line;
		it_err(it, "coproc: unsupported (coprocesses are not allowed)");
		it->flow = FLOW_EXIT;
		it->status = 2;
		return 2;
	case SH_NODE_KIND_MAX:
	default:
		break;
	}
	it_err(it, "unsupported command");
	it->flow = FLOW_EXIT;
	it->status = 2;
	return 2;
}

int
exec_node(struct interp *it, const struct sh_node *n)
{
	if (!n)
		return 0;
	if (it_is_refused(it)) {
		it->flow = FLOW_EXIT;
		it->status = INTERP_STATUS_REFUSED;
		return INTERP_STATUS_REFUSED;
	}
	if (it->sigfd >= 0) {
		run_signal_traps(it);
		if (it->flow == FLOW_EXIT)
			return it->status; /* the trap ran exit */
	}
	int st;
	if (n->kind == SH_NODE_SIMPLE || n->kind == SH_NODE_FUNCTION)
		st = exec_inner(it, n); /* a simple command applies its own redirections */
	else
		st = exec_body_redirs(it, n, exec_inner);
	if (it->flow == FLOW_NONE || it->flow == FLOW_BREAK || it->flow == FLOW_CONTINUE)
		it->status = st;
	return st;
}

/* ---- strings: eval, source, traps ---------------------------------------- */

static int
keep_arena(struct interp *it, struct arena *a)
{
	if (it->n_keep + 1 > it->cap_keep) {
		size_t nc = it->cap_keep ? it->cap_keep * 2 : 4;
		struct arena **k = realloc(it->keep, nc * sizeof(*k));
		if (!k)
			return -ENOMEM;
		it->keep = k;
		it->cap_keep = nc;
	}
	it->keep[it->n_keep++] = a;
	return 0;
}

int
exec_string(struct interp *it, const char *src, size_t len, const char *what)
{
	struct arena *a = arena_new(64u * 1024u * 1024u);
	if (!a)
		return 1;
	struct sh_node *tree = NULL;
	struct sh_error err = { 0 };
	struct sh_parse_options po = { .extglob = it->o.extglob };
	int r = sh_parse(a, src, len, &po, &tree, &err);
	if (r < 0) {
		it_err(it, "%s: %s: line %u: %s", what,
		       err.kind == SH_ERR_UNSUPPORTED ? "unsupported" : "syntax error",
		       (unsigned)err.line, err.message);
		arena_free(a);
		return 2;
	}
	if (tree && it->h.tree) {
		char msg[1024] = "";
		if (it->h.tree(it->h.ctx, tree, msg, sizeof(msg)) < 0) {
			if (!msg[0])
				snprintf(msg, sizeof(msg), "%s: refused by policy", what);
			arena_free(a);
			it_refuse(it, msg);
			return INTERP_STATUS_REFUSED;
		}
	}
	if (stack_exhausted(it, what)) {
		arena_free(a);
		return 1;
	}
	if (it->call_depth >= IT_MAX_CALL_DEPTH) {
		it_err(it, "%s: maximum nesting level exceeded", what);
		arena_free(a);
		it->flow = FLOW_EXIT;
		it->status = 1;
		return 1;
	}
	it->call_depth++;
	uint32_t line = it->lineno;
	uint64_t defs = it->n_func_defs;
	const struct sh_node *top = it->top_list;
	it->top_list = tree;
	int st = tree ? exec_node(it, tree) : 0;
	it->top_list = top;
	if (it->flow == FLOW_DISCARD) {
		/* bash abandons the rest of an eval'd or sourced text only */
		it->flow = FLOW_NONE;
		it->status = st = 1;
	}
	it->call_depth--;
	it->lineno = line;
	/* function bodies point into the tree: keep it if any was defined */
	bool keep = it->n_func_defs != defs;
	/* If it cannot be recorded it is leaked, never freed under a body. */
	if (!keep)
		arena_free(a);
	else
		(void)keep_arena(it, a);
	return st;
}

int
source_file(struct interp *it, const char *path, char **args, size_t nargs, bool as_script)
{
	if (it->h.open) {
		char msg[1024] = "";
		if (it->h.open(it->h.ctx, path, O_RDONLY, msg, sizeof(msg)) < 0) {
			if (!msg[0])
				snprintf(msg, sizeof(msg), "%s: reading refused by policy", path);
			it_refuse(it, msg);
			return INTERP_STATUS_REFUSED;
		}
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		it_err(it, "%s: %s", path, strerror(errno));
		return as_script ? 127 : 1;
	}
	struct buf b = BUF_INIT(SH_MAX_INPUT);
	int r = buf_read_fd(&b, fd);
	close(fd);
	if (r < 0) {
		it_err(it, "%s: cannot read: %s", path, strerror(-r));
		buf_done(&b);
		return 1;
	}
	char **old_pos = it->pos;
	size_t old_n = it->n_pos;
	bool set_pos = as_script || nargs > 0;
	if (set_pos) {
		size_t cnt = 0;
		while (args[cnt] && (as_script || cnt < nargs))
			cnt++;
		char **np = xmalloc((cnt + 1) * sizeof(char *));
		for (size_t i = 0; i < cnt; i++)
			np[i] = xstrdup(args[i]);
		it->pos = np;
		it->n_pos = cnt;
		if (as_script)
			it->argv0 = xstrdup(path);
	}
	int st = exec_string(it, b.data ? b.data : "", b.len, path);
	buf_done(&b);
	if (it->flow == FLOW_RETURN && !as_script) {
		it->flow = FLOW_NONE;
		st = it->status;
	}
	if (set_pos && !as_script) {
		for (size_t i = 0; i < it->n_pos; i++)
			free(it->pos[i]);
		free(it->pos);
		it->pos = old_pos;
		it->n_pos = old_n;
	}
	return st;
}

/*
 * Text that bash evaluates arithmetically after expanding it, such as the
 * subscript in `unset 'a[${#a[@]}-1]'`: parsed as (( text )) and expanded
 * like the expression of an arithmetic command.
 */
int
expand_arith_text(struct interp *it, const char *text, char **ret)
{
	if (!strpbrk(text, "$`")) {
		*ret = (char *)text;
		return 0;
	}
	char *src = arena_printf(it->tmp, "((%s))", text);
	struct arena *a = arena_new(1u << 20);
	if (!src || !a) {
		arena_free(a);
		return -ENOMEM;
	}
	struct sh_node *tree = NULL;
	struct sh_error err;
	int r = sh_parse(a, src, strlen(src), NULL, &tree, &err);
	if (r < 0 || !tree || tree->kind != SH_NODE_ARITH) {
		it_err(it, "%s: bad subscript", text);
		arena_free(a);
		return -EINVAL;
	}
	r = expand_str(it, tree->u.arith.expr, ret);
	arena_free(a);
	return r;
}

/* ---- public API -------------------------------------------------------- */

/* The variables a new shell starts with: the environment, exported, and
 * the ones bash sets itself. */
static void
import_env(struct interp *it, char *const *envp)
{
	for (char *const *e = envp; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		if (!eq || !valid_name_n(*e, (size_t)(eq - *e)))
			continue;
		char *name = xstrndup(*e, (size_t)(eq - *e));
		if (strcmp(name, "IFS") != 0)
			var_set_flags(it, name, eq + 1, V_EXPORT);
		free(name);
	}
	var_set(it, "IFS", " \t\n", false);
	if (!var_get(it, "PS4"))
		var_set(it, "PS4", "+ ", false);
	char cwd[4096];
	if (getcwd(cwd, sizeof(cwd))) {
		const char *pwd = var_get(it, "PWD");
		struct stat a, b;
		if (!pwd || stat(pwd, &a) < 0 || stat(cwd, &b) < 0 || a.st_ino != b.st_ino ||
		    a.st_dev != b.st_dev)
			var_set_flags(it, "PWD", cwd, V_EXPORT);
	}
	char pp[32];
	snprintf(pp, sizeof(pp), "%d", (int)getppid());
	var_set(it, "PPID", pp, false);
	var_set(it, "BASH_VERSION", "5.2.15(1)-release", false);
	snprintf(pp, sizeof(pp), "%u", (unsigned)getuid());
	var_set_flags(it, "UID", pp, V_READONLY);
	snprintf(pp, sizeof(pp), "%u", (unsigned)geteuid());
	var_set_flags(it, "EUID", pp, V_READONLY);
	/* the rest of what bash sets for itself; scripts test some of them */
	struct utsname un;
	const char *mach = uname(&un) == 0 ? un.machine : "x86_64";
	var_set(it, "BASH", "/usr/bin/bash", false);
	var_set(it, "OSTYPE", "linux-gnu", false);
	var_set(it, "HOSTTYPE", mach, false);
	char mt[128];
	snprintf(mt, sizeof(mt), "%s-pc-linux-gnu", mach);
	var_set(it, "MACHTYPE", mt, false);
	char host[256];
	if (gethostname(host, sizeof(host)) == 0) {
		host[sizeof(host) - 1] = '\0';
		var_set(it, "HOSTNAME", host, false);
	}
	const char *bv[] = { "5", "2", "15", "1", "release", mt };
	struct var *vi = var_declare(it, "BASH_VERSINFO", false);
	vi->flags = V_ARRAY | V_SET;
	for (size_t i = 0; i < ARRAY_SIZE(bv); i++)
		arr_set_idx(vi, (int64_t)i, bv[i]);
	vi->flags |= V_READONLY;
	var_set(it, "OPTIND", "1", false);
	var_set(it, "BASH_SUBSHELL", "0", false);
	var_set(it, "OPTERR", "1", false);
	const char *lvl = var_get(it, "SHLVL");
	snprintf(pp, sizeof(pp), "%ld", (lvl ? strtol(lvl, NULL, 10) : 0) + 1);
	var_set_flags(it, "SHLVL", pp, V_EXPORT);
	if (!var_get(it, "TERM"))
		var_set(it, "TERM", "dumb", false);
	if (!var_get(it, "SHELL")) {
		char sh[4096];
		if (!it->login_shell)
			interp_login_shell(sh, sizeof(sh));
		var_set(it, "SHELL", it->login_shell ? it->login_shell : sh, false);
	}
}

void
interp_login_shell(char *buf, size_t size)
{
	struct passwd *pw = getpwuid(getuid());
	const char *sh = pw && pw->pw_shell && pw->pw_shell[0] ? pw->pw_shell : "/bin/sh";
	if (size)
		snprintf(buf, size, "%s", strlen(sh) < size ? sh : "/bin/sh");
}

int
interp_new(const struct interp_options *o, struct interp **ret)
{
	struct interp *it = calloc(1, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->tmp = arena_new(IT_TMP_ARENA_LIMIT);
	it->shared = mmap(NULL, sizeof(struct it_shared), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!it->tmp || it->shared == MAP_FAILED) {
		if (it->shared == MAP_FAILED)
			it->shared = NULL;
		interp_free(it);
		return -ENOMEM;
	}
	memset(it->shared, 0, sizeof(*it->shared));
	it->sigfd = -1;
	sigemptyset(&it->sig_blocked);
	/* the standard signals only: one query each per interpreter start */
	sigemptyset(&it->sig_ign_entry);
	for (int sig = 1; sig < 32; sig++) {
		struct sigaction sa;
		if (sig != SIGKILL && sig != SIGSTOP && sigaction(sig, NULL, &sa) == 0 &&
		    sa.sa_handler == SIG_IGN) {
			sigaddset(&it->sig_ign_entry, sig);
			it->sig_trap[sig] = xstrdup("");
		}
	}
	vt_init(&it->vars);
	it->h = o->handlers;
	it->shell_pid = getpid();
	it->argv0 = xstrdup(o->argv0 ? o->argv0 : "lite-sandbox");
	it->pos = xmalloc((o->n_args + 1) * sizeof(char *));
	for (size_t i = 0; i < o->n_args; i++)
		it->pos[i] = xstrdup(o->args[i]);
	it->n_pos = o->n_args;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	it->seconds_base = ts.tv_sec;
	it->random_state = ((uint64_t)ts.tv_nsec << 16) ^ (uint64_t)getpid() ^ 0x9E3779B97F4A7C15ull;
	it->login_shell = o->login_shell ? xstrdup(o->login_shell) : NULL;
	import_env(it, o->envp);
	/* protected variables are compared with the environment we started
	 * from, as given */
	for (char *const *e = o->envp; e && *e; e++)
		it->n_start_env++;
	it->start_env = xmalloc((it->n_start_env + 1) * sizeof(char *));
	for (size_t i = 0; i < it->n_start_env; i++)
		it->start_env[i] = xstrdup(o->envp[i]);
	it->is_protected = o->is_protected_env;
	const char *const *prot = o->protected_env ? o->protected_env : interp_default_protected_env;
	size_t np = 0;
	while (prot[np])
		np++;
	it->prot_names = xmalloc((np + 1) * sizeof(char *));
	for (size_t i = 0; i < np; i++)
		it->prot_names[it->n_prot++] = xstrdup(prot[i]);
	*ret = it;
	return 0;
}

struct interp *
interp_free(struct interp *it)
{
	if (!it)
		return NULL;
	if (it->vars.slot)
		vt_done(&it->vars);
	while (it->funcs) {
		struct func *f = it->funcs;
		it->funcs = f->next;
		free(f->name);
		free(f);
	}
	while (it->jobs) {
		struct job *j = it->jobs;
		it->jobs = j->next;
		free(j);
	}
	for (size_t i = 0; i < it->n_keep; i++)
		arena_free(it->keep[i]);
	free(it->keep);
	for (size_t i = 0; i < it->n_pos; i++)
		free(it->pos[i]);
	free(it->pos);
	free(it->login_shell);
	free(it->argv0);
	free(it->trap_exit);
	free(it->trap_err);
	/* give the process its signals back */
	for (int sig = 1; sig < 65; sig++) {
		if (it->sig_trap[sig] && !*it->sig_trap[sig] && !sigismember(&it->sig_ign_entry, sig))
			signal(sig, SIG_DFL);
		free(it->sig_trap[sig]);
	}
	sigprocmask(SIG_UNBLOCK, &it->sig_blocked, NULL);
	if (it->sigfd >= 0)
		close(it->sigfd);
	for (size_t i = 0; i < it->n_prot; i++)
		free(it->prot_names[i]);
	free(it->prot_names);
	for (size_t i = 0; i < it->n_start_env; i++)
		free(it->start_env[i]);
	free(it->start_env);
	free(it->procsub_fds);
	free(it->decl);
	free(it->getopts_state);
	arena_free(it->tmp);
	if (it->shared)
		munmap(it->shared, sizeof(*it->shared));
	free(it);
	return NULL;
}

static int
finish_run(struct interp *it, int st)
{
	if (it->flow == FLOW_EXIT || it->flow == FLOW_RETURN)
		st = it->status;
	it->flow = FLOW_NONE;
	if (it->sigfd >= 0)
		run_signal_traps(it);
	if (!it_is_refused(it))
		run_exit_trap(it);
	if (it->flow == FLOW_EXIT)
		st = it->status;
	it->flow = FLOW_NONE;
	/* reap finished background jobs */
	while (it->jobs) {
		struct job *j = it->jobs;
		it->jobs = j->next;
		waitpid(j->pid, NULL, WNOHANG);
		free(j);
	}
	if (it_is_refused(it))
		return INTERP_STATUS_REFUSED;
	return st & 0xff;
}

int
interp_run_tree(struct interp *it, const struct sh_node *tree)
{
	char here;
	if (!it->stack_base) {
		/* Recursion (functions, eval, source) may use 3/4 of the stack,
		 * at most 48 MiB, so that a runaway script ends with an error
		 * rather than a crash. */
		struct rlimit rl;
		size_t lim = 8u << 20;
		if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
			lim = rl.rlim_cur;
		if (lim > (64u << 20))
			lim = 64u << 20;
		it->stack_budget = lim / 4 * 3;
		it->stack_base = (uintptr_t)&here;
	}
	it->top_list = tree;
	int st = tree ? exec_node(it, tree) : 0;
	if (it->flow == FLOW_DISCARD) {
		it->flow = FLOW_NONE;
		it->status = st = 1;
	}
	return finish_run(it, st);
}

int
interp_run_string(struct interp *it, const char *src, size_t len)
{
	struct arena *a = arena_new(256u * 1024u * 1024u);
	if (!a)
		return -ENOMEM;
	struct sh_node *tree = NULL;
	struct sh_error err = { 0 };
	struct sh_parse_options po = { .extglob = it->o.extglob };
	int r = sh_parse(a, src, len, &po, &tree, &err);
	if (r < 0) {
		snprintf(it->err, sizeof(it->err), "%s at line %u, column %u: %s",
			 err.kind == SH_ERR_UNSUPPORTED ? "unsupported construct" : "syntax error",
			 (unsigned)err.line, (unsigned)err.col, err.message);
		arena_free(a);
		return r;
	}
	int st = interp_run_tree(it, tree);
	(void)keep_arena(it, a); /* function bodies may point into it */
	return st;
}

const struct sh_node *
interp_current_command(const struct interp *it)
{
	return it->cur_cmd;
}

bool
interp_is_procsub_path(const struct interp *it, const char *path)
{
	if (strncmp(path, "/dev/fd/", 8) != 0 || !path[8] ||
	    strspn(path + 8, "0123456789") != strlen(path + 8) || strlen(path + 8) > 5)
		return false;
	int fd = atoi(path + 8);
	for (size_t i = 0; i < it->n_procsub; i++)
		if (it->procsub_fds[i] == fd)
			return true;
	return false;
}

bool
interp_refused(const struct interp *it)
{
	return it->shared && it->shared->refused;
}

const char *
interp_refusal(const struct interp *it)
{
	return it->shared && it->shared->refused ? it->shared->msg : "";
}

const char *
interp_error(const struct interp *it)
{
	return it->err;
}
