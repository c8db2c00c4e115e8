/* SPDX-License-Identifier: MIT */
/*
 * Escape tests: real programs (escape_helper, sh, python3, util-linux)
 * run inside the OS sandbox try what only the OS layer stops, and the
 * benign counterpart of each must still work. A fake $HOME and project live
 * in a fresh directory under $SANDBOX_TEST_ROOT (default: the current
 * directory, the build tree); a temp dir holding it is left out of the
 * test policies, since the sandbox may write temp dirs.
 *
 * A test is skipped (TAP "# SKIP") only when the kernel or the host lacks
 * the feature the test needs; the reason is printed.
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include "config.h"
#include "sandbox.h"
#include "clock.h"
#include "tap.h"

extern char **environ;

static char root[512], home[600], proj[700], outside[700];
static const char *helper_bin; /* escape_helper */
static char skip_reason[256];

#define SKIP(...)                                                              \
	do {                                                                   \
		snprintf(skip_reason, sizeof(skip_reason), __VA_ARGS__);       \
		longjmp(tap_->fail, 2);                                        \
	} while (0)

/* ---- fixture ---------------------------------------------------------- */

static void
put(const char *path, const char *content, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		perror(path);
		exit(99);
	}
	if (content && write(fd, content, strlen(content)) < 0)
		exit(99);
	close(fd);
}

static void
mkd(const char *path)
{
	if (mkdir(path, 0755) < 0 && errno != EEXIST) {
		perror(path);
		exit(99);
	}
}

static char *
P(const char *base, const char *rel)
{
	static char bufs[8][1024];
	static int k;
	char *b = bufs[k++ % 8];
	snprintf(b, sizeof(bufs[0]), "%s/%s", base, rel);
	return b;
}

static void
fixture(void)
{
	const char *base = getenv("SANDBOX_TEST_ROOT");
	char cwdbuf[400];
	if (!base)
		base = getcwd(cwdbuf, sizeof(cwdbuf));
	snprintf(root, sizeof(root), "%s/escape.XXXXXX", base);
	if (!mkdtemp(root)) {
		perror(root);
		exit(99);
	}
	chmod(root, 0755);
	snprintf(home, sizeof(home), "%s/home", root);
	snprintf(proj, sizeof(proj), "%s/proj", home);
	snprintf(outside, sizeof(outside), "%s/outside", root);
	mkd(home);
	mkd(outside);
	mkd(P(home, ".ssh"));
	put(P(home, ".ssh/id_rsa"), "SECRET-SSH-KEY\n", 0600);
	put(P(home, ".ssh/id_rsa.pub"), "ssh-rsa AAAA test\n", 0644);
	put(P(home, ".ssh/known_hosts"), "host ssh-ed25519 AAAA\n", 0644);
	mkd(P(home, ".aws"));
	put(P(home, ".aws/credentials"), "SECRET-AWS\n", 0600);
	mkd(P(home, ".claude"));
	put(P(home, ".claude/settings.json"), "{}\n", 0644);
	mkd(P(home, ".gnupg"));
	put(P(home, ".bashrc"), "# rc\n", 0644);
	mkd(proj);
	mkd(P(proj, ".git"));
	mkd(P(proj, ".git/hooks"));
	put(P(proj, ".git/config"), "[core]\n", 0644);
}

static void
rm_rf(const char *path)
{
	char *argv[] = { "rm", "-rf", (char *)path, NULL };
	pid_t pid = fork();
	if (pid == 0) {
		execvp("rm", argv);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

/* ---- running ----------------------------------------------------------- */

struct opts {
	enum policy_mode mode;
	enum config_net_mode net;
	bool aws_imds;
	char **passthrough;
	size_t n_passthrough;
	struct config_path *paths;
	size_t n_paths;
	const char *scope; /* build the worker of this command's scoped grants */
};

static struct sandbox_policy *
policy(struct opts o)
{
	struct config c;
	memset(&c, 0, sizeof(c));
	c.mode = o.mode;
	c.os_sandbox = true;
	c.os_sandbox_hide_home = true;
	c.network.mode = o.net;
	c.env_passthrough = o.passthrough;
	c.n_env_passthrough = o.n_passthrough;
	c.paths = o.paths;
	c.n_paths = o.n_paths;
	static char *env[64];
	size_t n = 0;
	static char session_sock[800];
	snprintf(session_sock, sizeof(session_sock), "CLAUDE_CODE_MESSAGING_SOCKET=%s/session.sock",
		 outside);
	env[n++] = "GITHUB_TOKEN=ghp_escape_test_value";
	env[n++] = session_sock;
	for (char **e = environ; *e && n < ARRAY_SIZE(env) - 1; e++)
		if (strncmp(*e, "PATH=", 5) == 0 || strncmp(*e, "LANG=", 5) == 0)
			env[n++] = *e;
	env[n] = NULL;
	struct sandbox_context ctx = { .cwd = proj, .home = home, .path = getenv("PATH"),
				       .helper = sandbox_default_helper(), .environ = env,
				       .uid = (unsigned)getuid(), .aws_imds = o.aws_imds,
				       .scope_command = o.scope };
	struct sandbox_policy *p = NULL;
	struct sandbox_error err = { { 0 } };
	if (sandbox_policy_build(&c, &ctx, &p, &err) < 0) {
		printf("# policy: %s\n", err.message);
		return NULL;
	}
	/* A checkout under /tmp puts the fixture in a temp dir, where the
	 * sandbox may write: leave that temp dir out of the test's policy, so
	 * that "outside" is outside. */
	size_t k = 0;
	for (size_t i = 0; i < p->tmp.n; i++) {
		size_t len = strlen(p->tmp.v[i]);
		if (strncmp(root, p->tmp.v[i], len) == 0 && root[len] == '/')
			free(p->tmp.v[i]);
		else
			p->tmp.v[k++] = p->tmp.v[i];
	}
	p->tmp.n = k;
	if (p->tmp.v)
		p->tmp.v[k] = NULL;
	return p;
}

static char last_out[4096];

/* Run argv confined; returns the exit status (128+sig when killed). */
static int
run_in(const struct sandbox_policy *p, char *const *argv)
{
	int out = memfd_create("escape-out", MFD_CLOEXEC);
	struct sandbox_launch l = { .fd_in = -1, .fd_out = out, .fd_err = out };
	int status = 0;
	struct sandbox_error err = { { 0 } };
	int r = sandbox_run(p, &l, argv, &status, &err);
	last_out[0] = '\0';
	if (out >= 0) {
		ssize_t n = pread(out, last_out, sizeof(last_out) - 1, 0);
		last_out[n > 0 ? n : 0] = '\0';
		close(out);
	}
	if (r < 0) {
		printf("# sandbox_run: %s\n", err.message);
		return -1;
	}
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (code == SANDBOX_EXIT_SETUP)
		printf("# sandbox refused to start: %s\n", last_out);
	return code;
}

#define H(...) ((char *[]){ (char *)helper_bin, __VA_ARGS__, NULL })
#define CMD(...) ((char *[]){ __VA_ARGS__, NULL })

/* Run unconfined, for the host-side counterparts. */
static int
run_host(char *const *argv)
{
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		dup2(fd, 1);
		dup2(fd, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Every denial must be the refusal, not a broken test: status 1 exactly. */
#define ASSERT_REFUSED(p, argv)                                                \
	do {                                                                   \
		int st_ = run_in((p), (argv));                                 \
		if (st_ != 1)                                                  \
			TAP_FAIL_("expected refusal (1), got %d: %s", st_,     \
				  last_out);                                   \
	} while (0)
#define ASSERT_WORKS(p, argv)                                                  \
	do {                                                                   \
		int st_ = run_in((p), (argv));                                 \
		if (st_ != 0)                                                  \
			TAP_FAIL_("expected success, got %d: %s", st_,         \
				  last_out);                                   \
	} while (0)

static bool
file_has(const char *path, const char *want)
{
	char buf[256] = "";
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return strstr(buf, want) != NULL;
}

static int
unix_listener(const char *path, bool abstract)
{
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	socklen_t len = sizeof(sa);
	if (abstract) {
		size_t n = strlen(path);
		memcpy(sa.sun_path + 1, path, n);
		len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
	} else {
		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
		unlink(path);
	}
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, len) < 0 || listen(fd, 8) < 0)
		return -1;
	return fd;
}

static pid_t
host_sleeper(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		execlp("sleep", "sleep", "60", (char *)NULL);
		_exit(127);
	}
	return pid;
}

static bool
alive(pid_t pid)
{
	return waitpid(pid, NULL, WNOHANG) == 0;
}

/* ---- tests -------------------------------------------------------------- */

TEST(write_outside_write_set)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("write", P(outside, "helper")));
	ASSERT_TRUE(access(P(outside, "helper"), F_OK) < 0);
	ASSERT_REFUSED(p, H("write", "/etc/escape-test"));
	ASSERT_WORKS(p, H("write", P(proj, "helper-ok")));
	ASSERT_TRUE(file_has(P(proj, "helper-ok"), "pwned"));
	/* through a shell */
	char script[1200];
	snprintf(script, sizeof(script), "echo x > %s", P(outside, "sh"));
	ASSERT_TRUE(run_in(p, CMD("/bin/sh", "-c", script)) != 0);
	ASSERT_TRUE(access(P(outside, "sh"), F_OK) < 0);
	snprintf(script, sizeof(script), "echo x > %s", P(proj, "sh-ok"));
	ASSERT_WORKS(p, CMD("/bin/sh", "-c", script));
	sandbox_policy_free(p);
}

TEST(python_write_outside)
{
	if (access("/usr/bin/python3", X_OK) < 0)
		SKIP("python3 is not installed");
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	char code[1200];
	snprintf(code, sizeof(code), "open('%s','w').write('x')", P(outside, "py"));
	ASSERT_TRUE(run_in(p, CMD("/usr/bin/python3", "-c", code)) != 0);
	ASSERT_TRUE(strstr(last_out, "Read-only file system") || strstr(last_out, "Permission"));
	ASSERT_TRUE(access(P(outside, "py"), F_OK) < 0);
	snprintf(code, sizeof(code), "open('%s','w').write('x')", P(proj, "py-ok"));
	ASSERT_WORKS(p, CMD("/usr/bin/python3", "-c", code));
	ASSERT_TRUE(access(P(proj, "py-ok"), F_OK) == 0);
	/* POSIX semaphores in the sandbox's own /dev/shm */
	ASSERT_WORKS(p, CMD("/usr/bin/python3", "-c",
			    "import multiprocessing as m; l = m.Lock(); l.acquire(); l.release()"));
	sandbox_policy_free(p);
}

TEST(ssh_key_masked_in_denylist_mode)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("read", P(home, ".ssh/id_rsa")));
	ASSERT_TRUE(strstr(last_out, "SECRET") == NULL);
	char script[1200];
	snprintf(script, sizeof(script), "cat '%s' | grep -q SECRET", P(home, ".ssh/id_rsa"));
	ASSERT_REFUSED(p, CMD("/bin/sh", "-c", script));
	if (access("/usr/bin/python3", X_OK) == 0) {
		char code[1200];
		snprintf(code, sizeof(code), "import sys; d = open('%s').read(); "
			 "sys.exit(0 if 'SECRET' in d else 1)", P(home, ".ssh/id_rsa"));
		ASSERT_TRUE(run_in(p, CMD("/usr/bin/python3", "-c", code)) != 0);
		snprintf(code, sizeof(code), "open('%s', 'w').write('{\"hooks\": 1}')",
			 P(home, ".claude/settings.json"));
		ASSERT_TRUE(run_in(p, CMD("/usr/bin/python3", "-c", code)) != 0);
		ASSERT_TRUE(file_has(P(home, ".claude/settings.json"), "{}"));
	}
	ASSERT_WORKS(p, H("read", P(home, ".ssh/known_hosts")));
	ASSERT_TRUE(strstr(last_out, "ssh-ed25519") != NULL);
	ASSERT_WORKS(p, H("read", P(home, ".ssh/id_rsa.pub")));
	/* a read-denied path is write-denied too: nothing planted for later */
	ASSERT_REFUSED(p, H("write", P(home, ".ssh/id_rsa")));
	ASSERT_TRUE(file_has(P(home, ".ssh/id_rsa"), "SECRET-SSH-KEY"));
	/* the mask cannot be unmounted */
	ASSERT_REFUSED(p, H("umount", P(home, ".gnupg")));
	sandbox_policy_free(p);
}

TEST(ssh_key_hidden_in_allowlist_mode)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("read", P(home, ".ssh/id_rsa")));
	ASSERT_TRUE(strstr(last_out, "No such file") != NULL); /* reads as missing */
	ASSERT_REFUSED(p, H("read", P(home, ".bashrc")));
	ASSERT_REFUSED(p, H("read", P(home, ".aws/credentials")));
	ASSERT_WORKS(p, H("read", P(home, ".ssh/known_hosts")));
	ASSERT_WORKS(p, H("read", P(home, ".ssh/id_rsa.pub")));
	sandbox_policy_free(p);
}

TEST(aws_masked_with_imds)
{
	struct sandbox_policy *p =
		policy((struct opts){ .mode = POLICY_MODE_DENYLIST, .aws_imds = true });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("read", P(home, ".aws/credentials")));
	ASSERT_TRUE(strstr(last_out, "SECRET") == NULL);
	sandbox_policy_free(p);
	p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_WORKS(p, H("read", P(home, ".aws/credentials")));
	sandbox_policy_free(p);
}

TEST(git_config_and_agent_settings_write_denied)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("write", P(proj, ".git/config")));
	ASSERT_TRUE(file_has(P(proj, ".git/config"), "[core]"));
	ASSERT_REFUSED(p, H("write", P(proj, ".git/hooks/pre-commit")));
	ASSERT_REFUSED(p, H("write", P(home, ".claude/settings.json")));
	ASSERT_TRUE(file_has(P(home, ".claude/settings.json"), "{}"));
	ASSERT_REFUSED(p, H("write", P(home, ".bashrc")));
	/* nor by moving a directory above them away and planting a new one */
	char script[2400];
	snprintf(script, sizeof(script), "mv '%s' '%s'", P(proj, ".git"), P(proj, ".git-old"));
	ASSERT_TRUE(run_in(p, CMD("/bin/sh", "-c", script)) != 0);
	ASSERT_TRUE(access(P(proj, ".git-old"), F_OK) < 0);
	snprintf(script, sizeof(script), "mv '%s' '%s'", P(home, ".claude"), P(home, ".claude-old"));
	ASSERT_TRUE(run_in(p, CMD("/bin/sh", "-c", script)) != 0);
	snprintf(script, sizeof(script), "mv '%s' '%s'", P(home, ".ssh"), P(home, ".ssh-old"));
	ASSERT_TRUE(run_in(p, CMD("/bin/sh", "-c", script)) != 0);
	ASSERT_TRUE(file_has(P(home, ".claude/settings.json"), "{}"));
	ASSERT_TRUE(access(P(home, ".ssh/id_rsa"), F_OK) == 0);
	/* benign: the rest of .git, the rest of ~/.claude, the home */
	ASSERT_WORKS(p, H("write", P(proj, ".git/FETCH_HEAD")));
	ASSERT_WORKS(p, H("write", P(home, ".claude/notes.json")));
	ASSERT_WORKS(p, H("write", P(home, "cache-file")));
	sandbox_policy_free(p);
}

TEST(keyring)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("keyctl"));
	if (run_host(H("keyctl")) != 0)
		printf("# note: the host refuses keyctl too; the in-sandbox refusal is still checked\n");
	sandbox_policy_free(p);
}

TEST(ptrace_and_memory_of_host_process)
{
	pid_t victim = host_sleeper();
	char pid_s[16];
	snprintf(pid_s, sizeof(pid_s), "%d", (int)victim);
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	int a = run_in(p, H("ptrace", pid_s));
	int b = run_in(p, H("process-vm-read", pid_s));
	int c = run_in(p, H("ptrace-child"));
	int host = run_host(H("ptrace-child"));
	kill(victim, SIGKILL);
	waitpid(victim, NULL, 0);
	sandbox_policy_free(p);
	ASSERT_EQ(a, 1);
	ASSERT_EQ(b, 1);
	ASSERT_EQ(c, 1); /* ptrace is refused outright inside */
	ASSERT_EQ(host, 0); /* and the probe does work where allowed */
}

TEST(kill_host_process)
{
	pid_t victim = host_sleeper();
	char pid_s[16];
	snprintf(pid_s, sizeof(pid_s), "%d", (int)victim);
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	int a = run_in(p, H("kill", pid_s));
	int b = run_in(p, H("kill", "-1"));
	int benign = run_in(p, H("kill-child"));
	bool still = alive(victim);
	kill(victim, SIGKILL);
	waitpid(victim, NULL, 0);
	sandbox_policy_free(p);
	ASSERT_EQ(a, 1);
	ASSERT_TRUE(b == 0 || b == 1); /* kill(-1) reaches only the sandbox */
	ASSERT_TRUE(still);
	ASSERT_EQ(benign, 0);
}

TEST(abstract_socket)
{
	char name[64];
	snprintf(name, sizeof(name), "lite-sandbox-escape-%d", (int)getpid());
	int l = unix_listener(name, true);
	ASSERT_TRUE(l >= 0);
	/* open network: the host's namespace, only Landlock's scope stops it */
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	int in = run_in(p, H("connect-abstract", name));
	int self = run_in(p, H("abstract-self"));
	int host = run_host(H("connect-abstract", name));
	close(l);
	sandbox_policy_free(p);
	ASSERT_EQ(in, 1);
	ASSERT_EQ(self, 0);
	ASSERT_EQ(host, 0);
}

TEST(masked_unix_sockets)
{
	char *gpg = P(home, ".gnupg/S.gpg-agent");
	char *session = P(outside, "session.sock"); /* CLAUDE_CODE_MESSAGING_SOCKET */
	char *ok = P(proj, "ok.sock");
	int l1 = unix_listener(gpg, false);
	int l2 = unix_listener(session, false);
	int l3 = unix_listener(ok, false);
	ASSERT_TRUE(l1 >= 0 && l2 >= 0 && l3 >= 0);
	/* the agents' socket directory, when this user may create one there */
	char cc[128];
	snprintf(cc, sizeof(cc), "/tmp/cc-socks/escape-test-%d.sock", (int)getpid());
	/* the mask is of that very path, so it cannot move to $TMPDIR; a
	 * directory made here goes again below */
	bool made_cc = mkdir("/tmp/cc-socks", 0700) == 0;
	int l4 = unix_listener(cc, false);
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	int a = run_in(p, H("connect-unix", gpg));
	int b = run_in(p, H("connect-unix", session));
	int c = run_in(p, H("connect-unix", ok));
	int d = l4 >= 0 ? run_in(p, H("connect-unix", cc)) : 1;
	if (l4 < 0)
		printf("# note: /tmp/cc-socks belongs to another user; its mask is not tried\n");
	close(l1);
	close(l2);
	close(l3);
	if (l4 >= 0) {
		close(l4);
		unlink(cc);
	}
	if (made_cc)
		(void)rmdir("/tmp/cc-socks");
	sandbox_policy_free(p);
	ASSERT_EQ(a, 1);
	ASSERT_EQ(b, 1);
	ASSERT_EQ(c, 0);
	ASSERT_EQ(d, 1);
}

TEST(terminal_injection)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_WORKS(p, H("tty-benign"));
	ASSERT_REFUSED(p, H("tiocsti"));
	ASSERT_TRUE(strstr(last_out, "TIOCSTI: Operation not permitted") != NULL);
	ASSERT_REFUSED(p, H("tiocsti-high")); /* high bits do not dodge the rule */
	ASSERT_REFUSED(p, H("dev-tty"));      /* no controlling terminal */
	sandbox_policy_free(p);
}

TEST(mount_and_user_namespaces)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("mount", proj));
	ASSERT_REFUSED(p, H("unshare-user"));
	ASSERT_REFUSED(p, H("clone-user"));
	ASSERT_TRUE(run_in(p, CMD("unshare", "-U", "true")) != 0);
	ASSERT_TRUE(run_in(p, CMD("unshare", "-Urm", "true")) != 0);
	if (run_host(H("unshare-user")) != 0)
		printf("# note: the host refuses user namespaces too\n");
	sandbox_policy_free(p);
}

TEST(other_kernel_surfaces)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST });
	ASSERT_NOT_NULL(p);
	static const char *const calls[] = { "bpf", "perf_event_open", "userfaultfd",
					     "io_uring_setup", "init_module", "kexec_load",
					     "setns", "fsopen", "open_tree" };
	for (size_t i = 0; i < ARRAY_SIZE(calls); i++) {
		int st = run_in(p, H("syscall", (char *)calls[i]));
		if (st != 1)
			TAP_FAIL_("%s: expected refusal, got %d: %s", calls[i], st, last_out);
	}
	/* a foreign syscall ABI (x32) kills the process: SIGSYS */
	ASSERT_EQ(run_in(p, H("x32")), 128 + SIGSYS);
	ASSERT_REFUSED(p, H("personality", "0x0040000")); /* ADDR_NO_RANDOMIZE */
	ASSERT_WORKS(p, H("personality", "0"));
	sandbox_policy_free(p);
}

static int
tcp_listener(unsigned *ret_port)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_in sa = { .sin_family = AF_INET };
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t len = sizeof(sa);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(fd, 8) < 0 ||
	    getsockname(fd, (struct sockaddr *)&sa, &len) < 0)
		return -1;
	*ret_port = ntohs(sa.sin_port);
	return fd;
}

TEST(network_none)
{
	unsigned port;
	int l = tcp_listener(&port);
	ASSERT_TRUE(l >= 0);
	char port_s[16];
	snprintf(port_s, sizeof(port_s), "%u", port);
	struct sandbox_policy *none =
		policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST, .net = CONFIG_NET_NONE });
	struct sandbox_policy *open_ =
		policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST, .net = CONFIG_NET_OPEN });
	ASSERT_NOT_NULL(none);
	ASSERT_NOT_NULL(open_);
	int a = run_in(none, H("tcp", port_s));
	int b = run_in(none, H("tcp-self"));
	int c = run_in(open_, H("tcp", port_s));
	close(l);
	sandbox_policy_free(none);
	sandbox_policy_free(open_);
	ASSERT_EQ(a, 1);
	ASSERT_EQ(b, 0); /* loopback of its own works */
	ASSERT_EQ(c, 0);
}

TEST(credentials_left_out_of_environment)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	ASSERT_WORKS(p, CMD("/bin/sh", "-c", "echo \"token=${GITHUB_TOKEN-unset}\""));
	ASSERT_TRUE(strstr(last_out, "token=unset") != NULL);
	sandbox_policy_free(p);
	char *pass[] = { "GITHUB_TOKEN" };
	p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST, .passthrough = pass,
				  .n_passthrough = 1 });
	ASSERT_NOT_NULL(p);
	ASSERT_WORKS(p, CMD("/bin/sh", "-c", "echo \"token=${GITHUB_TOKEN-unset}\""));
	ASSERT_TRUE(strstr(last_out, "token=ghp_escape_test_value") != NULL);
	sandbox_policy_free(p);
}


TEST(worker_runs_many_and_recovers)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	struct sandbox_worker *w = NULL;
	struct sandbox_error err = { { 0 } };
	int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	struct sandbox_launch l = { .fd_in = -1, .fd_out = devnull, .fd_err = devnull };
	ASSERT_OK(sandbox_worker_start(p, &l, &w, &err));
	int out = memfd_create("worker-out", MFD_CLOEXEC);
	int st = -1;
	bool timed_out = true;
	ASSERT_OK(sandbox_worker_run(w, proj, CMD("/bin/sh", "-c", "echo one; echo $PPID"), -1,
				     out, out, 5000, &st, &timed_out, &err));
	ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ASSERT_FALSE(timed_out);
	ASSERT_OK(sandbox_worker_run(w, proj, H("write", P(outside, "worker")), -1, out, out,
				     5000, &st, &timed_out, &err));
	ASSERT_EQ(WEXITSTATUS(st), 1); /* confined like a single launch */
	ASSERT_TRUE(access(P(outside, "worker"), F_OK) < 0);
	ASSERT_OK(sandbox_worker_run(w, proj, CMD("false"), -1, out, out, 5000, &st, NULL, &err));
	ASSERT_EQ(WEXITSTATUS(st), 1);
	ASSERT_EQ(sandbox_worker_generation(w), 1);
	/* a timeout kills the command's group, not the worker */
	uint64_t t0 = now_ms();
	ASSERT_OK(sandbox_worker_run(w, proj, CMD("/bin/sh", "-c", "sleep 30 & sleep 30"), -1,
				     out, out, 300, &st, &timed_out, &err));
	ASSERT_TRUE(timed_out);
	ASSERT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	ASSERT_TRUE(now_ms() - t0 < 3000);
	ASSERT_EQ(sandbox_worker_generation(w), 1);
	/* a dead worker is replaced on the next command */
	kill(sandbox_worker_pid(w), SIGKILL);
	usleep(100 * 1000);
	ASSERT_OK(sandbox_worker_run(w, proj, CMD("true"), -1, out, out, 5000, &st, NULL, &err));
	ASSERT_EQ(WEXITSTATUS(st), 0);
	ASSERT_EQ(sandbox_worker_generation(w), 2);
	/* a missing program is the shell's 127 */
	ASSERT_OK(sandbox_worker_run(w, proj, CMD("/nonexistent/prog"), -1, out, out, 5000, &st,
				     NULL, &err));
	ASSERT_EQ(WEXITSTATUS(st), 127);
	close(out);
	close(devnull);
	sandbox_worker_free(w);
	sandbox_policy_free(p);
}

struct slow_run {
	struct sandbox_channel *ch;
	int status;
	int r;
	long long done_ms;
};

static void *
slow_thread(void *arg)
{
	struct slow_run *s = arg;
	bool timed_out;
	s->r = sandbox_channel_run(s->ch, proj, CMD("/bin/sh", "-c", "sleep 1"), -1, -1, -1, 5000,
				   &s->status, &timed_out, NULL);
	s->done_ms = now_ms();
	return NULL;
}

TEST(worker_channels_run_side_by_side)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	struct sandbox_worker *w = NULL;
	struct sandbox_error err = { { 0 } };
	int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	struct sandbox_launch l = { .fd_in = -1, .fd_out = devnull, .fd_err = devnull };
	ASSERT_OK(sandbox_worker_start(p, &l, &w, &err));
	struct sandbox_channel *a = NULL, *b = NULL;
	ASSERT_OK(sandbox_worker_open_channel(w, &a, &err));
	ASSERT_OK(sandbox_worker_open_channel(w, &b, &err));
	struct slow_run slow = { .ch = a };
	pthread_t t;
	ASSERT_EQ(pthread_create(&t, NULL, slow_thread, &slow), 0);
	usleep(150 * 1000);
	uint64_t t0 = now_ms();
	int st = -1;
	int r1 = sandbox_channel_run(b, proj, CMD("true"), -1, devnull, devnull, 5000, &st, NULL,
				     &err);
	long long quick_done = now_ms();
	int r2 = sandbox_worker_run(w, proj, CMD("true"), -1, devnull, devnull, 5000, &st, NULL,
				    &err);
	pthread_join(t, NULL);
	ASSERT_OK(r1);
	ASSERT_OK(r2);
	ASSERT_OK(slow.r);
	ASSERT_TRUE(WIFEXITED(slow.status) && WEXITSTATUS(slow.status) == 0);
	ASSERT_TRUE(quick_done - t0 < 600);     /* not queued behind the sleep */
	ASSERT_TRUE(slow.done_ms > quick_done); /* which was still running */
	/* a restarted worker: the old channel says so */
	kill(sandbox_worker_pid(w), SIGKILL);
	usleep(100 * 1000);
	ASSERT_ERRNO(sandbox_channel_run(b, proj, CMD("true"), -1, devnull, devnull, 5000, &st,
					 NULL, &err), -ECHILD);
	sandbox_channel_free(a);
	sandbox_channel_free(b);
	ASSERT_OK(sandbox_worker_open_channel(w, &a, &err));
	ASSERT_OK(sandbox_channel_run(a, proj, CMD("true"), -1, devnull, devnull, 5000, &st, NULL,
				      &err));
	ASSERT_EQ(sandbox_worker_generation(w), 2);
	sandbox_channel_free(a);
	sandbox_worker_free(w);
	close(devnull);
	sandbox_policy_free(p);
}

/* ---- the worker's interpreter (script requests) ----------------------- */

static char script_out[8192];

/* Run src in w (or on ch); the output (stdout and stderr) in script_out. */
static int
script(struct sandbox_worker *w, struct sandbox_channel *ch, const char *src, unsigned timeout_ms,
       int *ret_status, bool *ret_timed_out, struct sandbox_error *err)
{
	int out = memfd_create("script-out", MFD_CLOEXEC);
	if (out < 0)
		return -errno;
	int r = ch ? sandbox_channel_run_script(ch, proj, src, 0, -1, out, out, timeout_ms,
						ret_status, ret_timed_out, err)
		   : sandbox_worker_run_script(w, proj, src, 0, -1, out, out, timeout_ms, ret_status,
					       ret_timed_out, err);
	ssize_t n = pread(out, script_out, sizeof(script_out) - 1, 0);
	script_out[n > 0 ? n : 0] = '\0';
	close(out);
	return r;
}

/* A config file in the hidden home (the worker gets it as a descriptor). */
static const char *
write_config(const char *text)
{
	mkd(P(home, ".config"));
	mkd(P(home, ".config/lite-sandbox"));
	const char *path = P(home, ".config/lite-sandbox/config.yaml");
	put(path, text, 0600);
	return path;
}

static int
start_script_worker(const struct sandbox_policy *p, const char *cfg, struct sandbox_worker **ret,
		    struct sandbox_error *err)
{
	static char cfgbuf[1024];
	snprintf(cfgbuf, sizeof(cfgbuf), "%s", cfg);
	char *words[] = { cfgbuf, proj, home, (char *)"", NULL };
	struct sandbox_worker_setup setup = { .words = words, .file = cfgbuf };
	static int devnull = -1;
	if (devnull < 0)
		devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	struct sandbox_launch l = { .fd_in = -1, .fd_out = devnull, .fd_err = devnull };
	return sandbox_worker_start_ex(p, &l, &setup, ret, err);
}

TEST(worker_interpreter_checks_after_expansion)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	const char *cfg = write_config("mode: allowlist\n");
	struct sandbox_worker *w = NULL;
	struct sandbox_error err = { { 0 } };
	ASSERT_OK(start_script_worker(p, cfg, &w, &err));
	int st = -1;
	bool to = true;
	char src[2048];
	/* the path appears only after expansion: the interpreter refuses */
	snprintf(src, sizeof(src), "X=%s; cat $X/.ssh/id_rsa", home);
	ASSERT_OK(script(w, NULL, src, 5000, &st, &to, &err));
	ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 126);
	ASSERT_TRUE(strstr(script_out, "refused") != NULL);
	ASSERT_TRUE(strstr(script_out, "SECRET") == NULL);
	ASSERT_FALSE(to);
	/* the benign neighbour runs, builtins and programs alike */
	ASSERT_OK(script(w, NULL, "X=.; echo hi > $X/f; cat $X/f; /bin/echo prog", 5000, &st, &to,
			 &err));
	ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ASSERT_STREQ(script_out, "hi\nprog\n");
	/* a redirect the interpreter itself makes, outside the write set */
	snprintf(src, sizeof(src), "d=%s; echo x > $d/by-interp", outside);
	ASSERT_OK(script(w, NULL, src, 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 126);
	ASSERT_TRUE(access(P(outside, "by-interp"), F_OK) < 0);
	/* a syntax error is bash's 2, an exit status passes through */
	ASSERT_OK(script(w, NULL, "echo (", 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 2);
	ASSERT_OK(script(w, NULL, "exit 7", 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 7);
	/* the same on a channel */
	struct sandbox_channel *ch = NULL;
	ASSERT_OK(sandbox_worker_open_channel(w, &ch, &err));
	ASSERT_OK(script(w, ch, "echo on-a-channel", 5000, &st, &to, &err));
	ASSERT_STREQ(script_out, "on-a-channel\n");
	sandbox_channel_free(ch);
	sandbox_worker_free(w);
	sandbox_policy_free(p);
}

TEST(worker_interpreter_confined_by_landlock)
{
	/* Test-only bypass of the policy check: the interpreter's config
	 * grants a directory the sandbox's policy does not, so only the OS
	 * layer stands between the interpreter's own redirect and the file. */
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	char text[2048];
	snprintf(text, sizeof(text), "mode: allowlist\npaths:\n  - path: %s\n    write: true\n",
		 outside);
	const char *cfg = write_config(text);
	struct sandbox_worker *w = NULL;
	struct sandbox_error err = { { 0 } };
	ASSERT_OK(start_script_worker(p, cfg, &w, &err));
	int st = -1;
	char src[2048];
	snprintf(src, sizeof(src), "echo x > %s/by-interp", outside);
	ASSERT_OK(script(w, NULL, src, 5000, &st, NULL, &err));
	ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) != 0);
	ASSERT_TRUE(strstr(script_out, "refused") == NULL); /* the policy let it through */
	ASSERT_TRUE(access(P(outside, "by-interp"), F_OK) < 0);
	/* the neighbour inside the project is written */
	ASSERT_OK(script(w, NULL, "echo x > in-project", 5000, &st, NULL, &err));
	ASSERT_EQ(WEXITSTATUS(st), 0);
	ASSERT_EQ(access(P(proj, "in-project"), F_OK), 0);
	sandbox_worker_free(w);

	/* unconfined (no OS sandbox in the config): the same line writes */
	ASSERT_OK(start_script_worker(NULL, cfg, &w, &err));
	ASSERT_OK(script(w, NULL, src, 5000, &st, NULL, &err));
	ASSERT_EQ(WEXITSTATUS(st), 0);
	ASSERT_EQ(access(P(outside, "by-interp"), F_OK), 0);
	unlink(P(outside, "by-interp"));
	sandbox_worker_free(w);
	sandbox_policy_free(p);
}

/* The parent pid and name of pid from /proc, or -1. */
static int
proc_parent(pid_t pid, char *comm, size_t size)
{
	char path[64], buf[512];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t k = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[k] = '\0';
	char *lp = strchr(buf, '('), *rp = strrchr(buf, ')');
	int ppid = -1;
	if (!lp || !rp || rp < lp || sscanf(rp + 2, "%*c %d", &ppid) != 1)
		return -1;
	*rp = '\0';
	snprintf(comm, size, "%s", lp + 1);
	return ppid;
}

/*
 * The processes of worker w that its interpreter forked: named
 * lite-sandbox-in, with a parent of that name, below w's own process (bwrap,
 * or the unconfined helper). Between commands that is the spare forked
 * ahead of the next request. Other tests' workers run at the same time.
 */
static size_t
interp_children(struct sandbox_worker *w, pid_t *out, size_t max)
{
	pid_t top = sandbox_worker_pid(w);
	size_t n = 0;
	DIR *d = opendir("/proc");
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d)) && n < max) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		pid_t pid = (pid_t)atoi(e->d_name);
		char comm[64], pcomm[64];
		int ppid = proc_parent(pid, comm, sizeof(comm));
		if (ppid <= 0 || strcmp(comm, "lite-sandbox-in") != 0 ||
		    proc_parent(ppid, pcomm, sizeof(pcomm)) < 0 || strcmp(pcomm, "lite-sandbox-in") != 0)
			continue;
		/* below w: its ancestors reach top */
		bool below = false;
		for (int up = ppid, depth = 0; up > 1 && depth < 8 && !below; depth++) {
			char c[64];
			below = up == top;
			up = proc_parent(up, c, sizeof(c));
		}
		if (below)
			out[n++] = pid;
	}
	closedir(d);
	return n;
}

/*
 * A line served by the spare child (forked ahead, warmed up with an empty
 * line) behaves as one served by a fresh fork: the same fds, only its own
 * output, its timeout, a directory whose policy is built after the spare
 * was forked, and a spare that died while it waited.
 */
static void
spare_checks(struct tap_state *tap_, const struct sandbox_policy *p, const char *cfg)
{
	struct sandbox_worker *w = NULL;
	struct sandbox_error err = { { 0 } };
	ASSERT_OK(start_script_worker(p, cfg, &w, &err));
	int st = -1;
	bool to = true;
	const char *fds_line = "echo /proc/self/fd/*";
	/* the first line builds the directory's policy: a fresh fork */
	ASSERT_OK(script(w, NULL, fds_line, 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 0);
	char fresh[sizeof(script_out)];
	snprintf(fresh, sizeof(fresh), "%s", script_out);
	ASSERT_TRUE(strstr(fresh, "/proc/self/fd/0") != NULL);
	usleep(50 * 1000); /* the idle worker forks its spare */
	pid_t spare[8];
	ASSERT_EQ(interp_children(w, spare, 8), 1);
	ASSERT_OK(script(w, NULL, fds_line, 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 0);
	ASSERT_STREQ(script_out, fresh); /* nothing of the worker's more */
	ASSERT_OK(script(w, NULL, "echo only-this", 5000, &st, &to, &err));
	ASSERT_STREQ(script_out, "only-this\n");
	ASSERT_FALSE(to);
	/* The interpreter sends its status when its output is flushed, and
	 * the answer goes out before its exit is reaped: all of the output is
	 * there, the code is the line's; a line that execs a program or is
	 * killed says nothing, and its exit answers. */
	ASSERT_OK(script(w, NULL, "i=0; while [ $i -lt 800 ]; do echo line$i; i=$((i+1)); done; "
			 "printf '%s\\n' last; exit 5", 5000, &st, &to, &err));
	ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 5);
	size_t outlen = strlen(script_out);
	ASSERT_TRUE(strncmp(script_out, "line0\nline1\n", 12) == 0);
	ASSERT_TRUE(outlen > 5 && strcmp(script_out + outlen - 5, "last\n") == 0);
	ASSERT_OK(script(w, NULL, "exec /bin/sh -c 'echo from-sh; exit 3'", 5000, &st, &to, &err));
	ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 3);
	ASSERT_STREQ(script_out, "from-sh\n");
	/* a line that redirects onto the status socket's fd replaces it: the
	 * file gets nothing of ours, and the exit answers */
	ASSERT_OK(script(w, NULL, "exec 255>on-status-fd; echo x; exit 4", 5000, &st, &to, &err));
	ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 4);
	struct stat sfd;
	ASSERT_EQ(stat(P(proj, "on-status-fd"), &sfd), 0);
	ASSERT_EQ(sfd.st_size, 0);
	unlink(P(proj, "on-status-fd"));
	ASSERT_OK(script(w, NULL, "echo before; kill -9 $$", 5000, &st, &to, &err));
	ASSERT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	ASSERT_STREQ(script_out, "before\n");
	usleep(50 * 1000);
	/* the timeout kills a line the spare runs, and what it started */
	usleep(50 * 1000);
	uint64_t t0 = now_ms();
	ASSERT_OK(script(w, NULL, "sleep 30 & sleep 30", 300, &st, &to, &err));
	ASSERT_TRUE(to);
	ASSERT_TRUE(now_ms() - t0 < 3000);
	/* a directory first seen now: its policy is built, then a fresh
	 * fork runs the line (the spare lacks the policy) */
	mkd(P(proj, "spare-sub"));
	int out = memfd_create("spare-out", MFD_CLOEXEC);
	ASSERT_TRUE(out >= 0);
	ASSERT_OK(sandbox_worker_run_script(w, P(proj, "spare-sub"), "pwd", 0, -1, out, out, 5000,
					    &st, &to, &err));
	char buf[2048];
	ssize_t n = pread(out, buf, sizeof(buf) - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	close(out);
	ASSERT_EQ(WEXITSTATUS(st), 0);
	char want[2048];
	snprintf(want, sizeof(want), "%s\n", P(proj, "spare-sub"));
	ASSERT_STREQ(buf, want);
	/* the spare killed while it waits: the next line forks afresh */
	usleep(50 * 1000);
	ASSERT_EQ(interp_children(w, spare, 8), 1);
	ASSERT_EQ(kill(spare[0], SIGKILL), 0);
	usleep(20 * 1000);
	ASSERT_OK(script(w, NULL, "echo after", 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 0);
	ASSERT_STREQ(script_out, "after\n");
	ASSERT_EQ(sandbox_worker_generation(w), 1); /* the worker itself lived on */
	sandbox_worker_free(w);
}

TEST(worker_spare_child)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	const char *cfg = write_config("mode: allowlist\n");
	spare_checks(tap_, p, cfg);    /* confined */
	spare_checks(tap_, NULL, cfg); /* the unconfined worker */
	sandbox_policy_free(p);
}

TEST(worker_interpreter_timeout_death_and_no_policy)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	const char *cfg = write_config("mode: allowlist\n");
	struct sandbox_worker *w = NULL;
	struct sandbox_error err = { { 0 } };
	ASSERT_OK(start_script_worker(p, cfg, &w, &err));
	int st = -1;
	bool to = false;
	/* timeout: the child running the interpreter and what it started */
	uint64_t t0 = now_ms();
	ASSERT_OK(script(w, NULL, "sleep 30 & sleep 30", 300, &st, &to, &err));
	ASSERT_TRUE(to);
	ASSERT_TRUE(now_ms() - t0 < 3000);
	/* the worker killed mid-command: a clear error, then a new worker */
	pid_t wp = sandbox_worker_pid(w);
	pid_t killer = fork();
	if (killer == 0) {
		usleep(300 * 1000);
		kill(wp, SIGKILL);
		_exit(0);
	}
	int r = script(w, NULL, "sleep 20", 30000, &st, &to, &err);
	waitpid(killer, NULL, 0);
	ASSERT_ERRNO(r, -ECHILD);
	ASSERT_TRUE(strstr(err.message, "died") != NULL);
	ASSERT_OK(script(w, NULL, "echo back", 5000, &st, &to, &err));
	ASSERT_STREQ(script_out, "back\n");
	ASSERT_EQ(sandbox_worker_generation(w), 2);
	sandbox_worker_free(w);

	/* a config that does not load: every line refused, saying why */
	cfg = write_config("mode: [\n");
	ASSERT_OK(start_script_worker(p, cfg, &w, &err));
	ASSERT_OK(script(w, NULL, "true", 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 126);
	ASSERT_TRUE(strstr(script_out, "config is broken") != NULL);
	sandbox_worker_free(w);
	/* a worker given no policy at all */
	struct sandbox_launch l = { .fd_in = -1, .fd_out = -1, .fd_err = -1 };
	ASSERT_OK(sandbox_worker_start(p, &l, &w, &err));
	ASSERT_OK(script(w, NULL, "true", 5000, &st, &to, &err));
	ASSERT_EQ(WEXITSTATUS(st), 126);
	ASSERT_TRUE(strstr(script_out, "no policy") != NULL);
	sandbox_worker_free(w);
	sandbox_policy_free(p);
}

static long long
mtime_ns(const char *path)
{
	struct stat st;
	if (stat(path, &st) < 0)
		return -1;
	return (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

TEST(dies_with_parent)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	char *tick = P(proj, "tick");
	char script[1200];
	snprintf(script, sizeof(script), "while :; do : > '%s'; sleep 0.05; done", tick);
	pid_t parent = fork();
	if (parent == 0) {
		pid_t pid;
		struct sandbox_launch l = { .fd_in = -1, .fd_out = -1, .fd_err = -1 };
		if (sandbox_spawn(p, &l, CMD("/bin/sh", "-c", script), &pid, NULL) < 0)
			_exit(1);
		pause();
		_exit(0);
	}
	ASSERT_TRUE(parent > 0);
	uint64_t t0 = now_ms();
	while (mtime_ns(tick) < 0 && now_ms() - t0 < 5000)
		usleep(20 * 1000);
	ASSERT_TRUE(mtime_ns(tick) >= 0); /* it ran */
	kill(parent, SIGKILL);
	waitpid(parent, NULL, 0);
	usleep(300 * 1000);
	long long m1 = mtime_ns(tick);
	usleep(400 * 1000);
	long long m2 = mtime_ns(tick);
	sandbox_policy_free(p);
	ASSERT_EQ(m1, m2); /* nothing ticks once the parent is gone */
}

TEST(ordinary_work_succeeds)
{
	/* The confinement must not get in the way of ordinary development
	 * work in the project: a repository, a compiler, archives, renames,
	 * links, fifos, sockets. */
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	char script[4096];
	snprintf(script, sizeof(script),
		 "set -e; export HOME='%s'; mkdir -p work/sub && cd work; "
		 "printf 'int main(void){return 0;}\\n' > hello.c; "
		 "git init -q . && git add hello.c && "
		 "git -c user.email=a@b -c user.name=n commit -qm first; "
		 "cc -o hello hello.c && ./hello; "
		 "tar czf t.tgz hello.c && mkdir x && tar xzf t.tgz -C x; "
		 "mv hello.c sub/moved.c && ln -s sub/moved.c link.c && ln sub/moved.c hard.c; "
		 "mkfifo fifo && rm fifo; truncate -s 0 hard.c; rm -r x; "
		 "git status --short >/dev/null; echo done",
		 home);
	int st = run_in(p, CMD("/bin/sh", "-c", script));
	if (st != 0 || !strstr(last_out, "done"))
		TAP_FAIL_("ordinary work failed (%d): %s", st, last_out);
	sandbox_policy_free(p);
}

TEST(command_scoped_grant)
{
	char *aws_cmds[] = { "aws" };
	struct config_path g = { .path = P(home, ".aws"), .internal = true, .commands = aws_cmds,
				 .n_commands = 1 };
	/* the shared worker, in both modes, cannot read it */
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_DENYLIST,
							 .paths = &g, .n_paths = 1 });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("read", P(home, ".aws/credentials")));
	sandbox_policy_free(p);
	p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST, .paths = &g, .n_paths = 1 });
	ASSERT_NOT_NULL(p);
	ASSERT_REFUSED(p, H("read", P(home, ".aws/credentials")));
	ASSERT_WORKS(p, H("read", P(home, ".ssh/known_hosts"))); /* and it starts */
	sandbox_policy_free(p);
	/* the command's own worker can */
	p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST, .paths = &g, .n_paths = 1,
				  .scope = "aws" });
	ASSERT_NOT_NULL(p);
	ASSERT_WORKS(p, H("read", P(home, ".aws/credentials")));
	sandbox_policy_free(p);
}

TEST(setup_failure_is_not_the_commands_status)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	struct sandbox_launch l = { .fd_in = -1, .fd_out = devnull, .fd_err = devnull };
	int st = 0;
	struct sandbox_error err = { { 0 } };
	/* bwrap cannot enter the working directory: nothing runs */
	free(p->cwd);
	p->cwd = strdup(P(root, "no-such-dir"));
	ASSERT_ERRNO(sandbox_run(p, &l, CMD("true"), &st, &err), -EPROTO);
	ASSERT_TRUE(strstr(err.message, "could not set up") != NULL);
	free(p->cwd);
	p->cwd = strdup(proj);
	/* a worker whose helper never becomes ready */
	struct sandbox_worker *w = NULL;
	l.helper = "/bin/false";
	memset(&err, 0, sizeof(err));
	ASSERT_ERRNO(sandbox_worker_start(p, &l, &w, &err), -EPROTO);
	ASSERT_NULL(w);
	/* a command that is killed is the command's status */
	l.helper = NULL;
	ASSERT_OK(sandbox_run(p, &l, CMD("/bin/sh", "-c", "kill -9 $$"), &st, &err));
	ASSERT_EQ(WEXITSTATUS(st), 128 + SIGKILL);
	close(devnull);
	sandbox_policy_free(p);
}

TEST(refuses_without_helper)
{
	struct sandbox_policy *p = policy((struct opts){ .mode = POLICY_MODE_ALLOWLIST });
	ASSERT_NOT_NULL(p);
	struct sandbox_launch l = { .helper = "/nonexistent/lite-sandbox-init", .fd_in = -1,
				    .fd_out = -1, .fd_err = -1 };
	int st;
	struct sandbox_error err = { { 0 } };
	ASSERT_ERRNO(sandbox_run(p, &l, CMD("true"), &st, &err), -ENOENT);
	ASSERT_TRUE(strstr(err.message, "/nonexistent/lite-sandbox-init") != NULL);
	sandbox_policy_free(p);
}

/* ---- runner (tap.h's, plus SKIP) -------------------------------------- */

#define T(name) { #name, name }
static const struct {
	const char *name;
	tap_test_fn fn;
} tests[] = {
	T(write_outside_write_set), T(python_write_outside),
	T(ssh_key_masked_in_denylist_mode), T(ssh_key_hidden_in_allowlist_mode),
	T(aws_masked_with_imds), T(git_config_and_agent_settings_write_denied), T(keyring),
	T(ptrace_and_memory_of_host_process), T(kill_host_process), T(abstract_socket),
	T(masked_unix_sockets), T(terminal_injection), T(mount_and_user_namespaces),
	T(other_kernel_surfaces), T(network_none), T(credentials_left_out_of_environment),
	T(worker_runs_many_and_recovers), T(worker_channels_run_side_by_side),
	T(worker_interpreter_checks_after_expansion), T(worker_interpreter_confined_by_landlock),
	T(worker_interpreter_timeout_death_and_no_policy), T(worker_spare_child),
	T(dies_with_parent), T(ordinary_work_succeeds), T(command_scoped_grant),
	T(setup_failure_is_not_the_commands_status), T(refuses_without_helper),
};

int
main(void)
{
	helper_bin = getenv("ESCAPE_HELPER");
	if (!helper_bin) {
		printf("Bail out! ESCAPE_HELPER is not set\n");
		return 1;
	}
	signal(SIGPIPE, SIG_IGN);
	fixture();

	struct sandbox_probe probe;
	sandbox_probe_run(NULL, &probe);
	bool usable = sandbox_probe_ok(&probe);
	struct buf why = BUF_INIT(8192);
	sandbox_probe_format(&probe, &why);

	printf("1..%zu\n", ARRAY_SIZE(tests));
	int failures = 0;
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++) {
		static struct tap_state st;
		st.failed = 0;
		skip_reason[0] = '\0';
		if (!usable) {
			printf("ok %zu - %s # SKIP the OS sandbox cannot run on this host\n", i + 1,
			       tests[i].name);
			continue;
		}
		int k = setjmp(st.fail);
		if (k == 0)
			tests[i].fn(&st);
		else if (k == 1)
			st.failed = 1;
		if (skip_reason[0])
			printf("ok %zu - %s # SKIP %s\n", i + 1, tests[i].name, skip_reason);
		else
			printf("%s %zu - %s\n", st.failed ? "not ok" : "ok", i + 1, tests[i].name);
		fflush(stdout);
		failures += st.failed;
	}
	if (!usable)
		for (char *s = why.data, *e; s && *s; s = e + 1) {
			e = strchrnul(s, '\n');
			printf("# %.*s\n", (int)(e - s), s);
			if (!*e)
				break;
		}
	buf_done(&why);
	if (!failures && !getenv("ESCAPE_KEEP"))
		rm_rf(root);
	return failures ? 1 : 0;
}
