/* SPDX-License-Identifier: MIT */
/*
 * escape_helper OP [ARGS]: tries one thing a confined program should or
 * should not be able to do. Exit 0: it worked; 1: it was refused (the
 * reason on stderr); 2: the test itself is broken (bad arguments, a set-up
 * step that failed before the operation under test).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/keyctl.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <netinet/in.h>
#include <arpa/inet.h>

static int
refused(const char *what)
{
	fprintf(stderr, "escape_helper: %s: %s\n", what, strerror(errno));
	return 1;
}

static int
broken(const char *what)
{
	fprintf(stderr, "escape_helper: set-up failed: %s: %s\n", what, strerror(errno));
	return 2;
}

static socklen_t
abstract_addr(struct sockaddr_un *sa, const char *name)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	size_t n = strlen(name);
	if (n > sizeof(sa->sun_path) - 2)
		n = sizeof(sa->sun_path) - 2;
	memcpy(sa->sun_path + 1, name, n);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
}

static int
op_write(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return refused(path);
	if (write(fd, "pwned\n", 6) != 6) {
		close(fd);
		return refused("write");
	}
	close(fd);
	return 0;
}

static int
op_read(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return refused(path);
	char buf[256];
	ssize_t n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n < 0)
		return refused("read");
	if (n == 0) {
		errno = ENODATA;
		return refused("empty (masked) file");
	}
	fwrite(buf, 1, (size_t)n, stdout);
	return 0;
}

static int
op_connect_unix(const char *path, bool abstract)
{
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return broken("socket");
	struct sockaddr_un sa;
	socklen_t len;
	if (abstract) {
		len = abstract_addr(&sa, path);
	} else {
		memset(&sa, 0, sizeof(sa));
		sa.sun_family = AF_UNIX;
		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
		len = sizeof(sa);
	}
	if (connect(fd, (struct sockaddr *)&sa, len) < 0)
		return refused("connect");
	close(fd);
	return 0;
}

/* Listen on an abstract name and connect to it from this same sandbox. */
static int
op_abstract_self(void)
{
	char name[64];
	snprintf(name, sizeof(name), "escape-self-%d", (int)getpid());
	int l = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_un sa;
	socklen_t len = abstract_addr(&sa, name);
	if (l < 0 || bind(l, (struct sockaddr *)&sa, len) < 0 || listen(l, 1) < 0)
		return broken("abstract listen");
	pid_t pid = fork();
	if (pid == 0)
		_exit(op_connect_unix(name, true));
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

static int
op_tcp(const char *port_s)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return broken("socket");
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port_s)) };
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return refused("tcp connect");
	close(fd);
	return 0;
}

/* Loopback inside the sandbox's own network namespace. */
static int
op_tcp_self(void)
{
	int l = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_in sa = { .sin_family = AF_INET };
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t len = sizeof(sa);
	if (l < 0 || bind(l, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(l, 1) < 0 ||
	    getsockname(l, (struct sockaddr *)&sa, &len) < 0)
		return refused("loopback listen");
	char port[16];
	snprintf(port, sizeof(port), "%u", ntohs(sa.sin_port));
	return op_tcp(port);
}

static int
op_ptrace(pid_t pid)
{
	if (ptrace(PTRACE_ATTACH, pid, 0, 0) < 0)
		return refused("ptrace attach");
	waitpid(pid, NULL, 0);
	ptrace(PTRACE_DETACH, pid, 0, 0);
	return 0;
}

/* ptrace a child of our own: what a debugger would do. */
static int
op_ptrace_child(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	int r = op_ptrace(pid);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	return r;
}

static int
op_kill_child(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	if (kill(pid, SIGTERM) < 0)
		return refused("kill child");
	waitpid(pid, NULL, 0);
	return 0;
}

static int
op_process_vm_read(pid_t pid)
{
	char buf[8];
	struct iovec local = { buf, sizeof(buf) };
	struct iovec remote = { (void *)0x400000, sizeof(buf) };
	if (syscall(SYS_process_vm_readv, pid, &local, 1, &remote, 1, 0) < 0 && errno != EFAULT)
		return refused("process_vm_readv");
	return 0;
}

static int
op_keyctl(void)
{
	long k = syscall(SYS_add_key, "user", "escape-test", "secret", 6,
			 KEY_SPEC_PROCESS_KEYRING);
	if (k < 0)
		return refused("add_key");
	if (syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 0) < 0)
		return refused("keyctl");
	return 0;
}

/* A pty of our own as controlling terminal, then inject input into it. */
static int
op_tty(bool inject, bool high_bits)
{
	int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0)
		return broken("posix_openpt");
	const char *name = ptsname(m);
	if (!name)
		return broken("ptsname");
	if (setsid() < 0 && errno != EPERM)
		return broken("setsid");
	int s = open(name, O_RDWR | O_CLOEXEC);
	if (s < 0)
		return broken(name);
	(void)ioctl(s, TIOCSCTTY, 0);
	if (!inject) {
		struct winsize ws;
		if (ioctl(s, TIOCGWINSZ, &ws) < 0)
			return refused("TIOCGWINSZ");
		return 0;
	}
	char c = 'x';
	unsigned long req = TIOCSTI;
	if (high_bits)
		req |= 1UL << 32;
	if (syscall(SYS_ioctl, s, req, &c) < 0)
		return refused("TIOCSTI");
	return 0;
}

static int
op_mount(const char *target)
{
	if (mount("none", target, "tmpfs", 0, NULL) < 0)
		return refused("mount");
	return 0;
}

static int
op_umount(const char *target)
{
	if (umount2(target, MNT_DETACH) < 0)
		return refused("umount2");
	return 0;
}

static int
op_unshare_user(void)
{
	if (unshare(CLONE_NEWUSER) < 0)
		return refused("unshare(CLONE_NEWUSER)");
	return 0;
}

static int
op_clone_user(void)
{
	pid_t pid = (pid_t)syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
	if (pid < 0)
		return refused("clone(CLONE_NEWUSER)");
	if (pid == 0)
		_exit(0);
	waitpid(pid, NULL, 0);
	return 0;
}

static int
op_personality(unsigned long p)
{
	if (personality(p) < 0)
		return refused("personality");
	return 0;
}

static int
op_syscall(const char *name)
{
	long r;
	if (strcmp(name, "bpf") == 0)
		r = syscall(SYS_bpf, 0 /* BPF_MAP_CREATE */, NULL, 0);
	else if (strcmp(name, "perf_event_open") == 0)
		r = syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0);
	else if (strcmp(name, "userfaultfd") == 0)
		r = syscall(SYS_userfaultfd, O_CLOEXEC);
	else if (strcmp(name, "io_uring_setup") == 0)
		r = syscall(SYS_io_uring_setup, 1, NULL);
	else if (strcmp(name, "init_module") == 0)
		r = syscall(SYS_init_module, NULL, 0, "");
	else if (strcmp(name, "kexec_load") == 0)
		r = syscall(SYS_kexec_load, 0, 0, NULL, 0);
	else if (strcmp(name, "setns") == 0)
		r = syscall(SYS_setns, 0, 0);
	else if (strcmp(name, "fsopen") == 0)
		r = syscall(SYS_fsopen, "tmpfs", 0);
	else if (strcmp(name, "open_tree") == 0)
		r = syscall(SYS_open_tree, AT_FDCWD, "/", 1 /* OPEN_TREE_CLONE */);
	else
		return 2;
	/* EFAULT/EINVAL/EBADF: the call reached the kernel's argument checks,
	 * which is what the filter must prevent. */
	if (r < 0 && (errno == EPERM || errno == ENOSYS))
		return refused(name);
	fprintf(stderr, "escape_helper: %s reached the kernel (%s)\n", name,
		r < 0 ? strerror(errno) : "ok");
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	const char *op = argv[1];
	const char *a = argc > 2 ? argv[2] : "";
	if (strcmp(op, "write") == 0)
		return op_write(a);
	if (strcmp(op, "read") == 0)
		return op_read(a);
	if (strcmp(op, "connect-unix") == 0)
		return op_connect_unix(a, false);
	if (strcmp(op, "connect-abstract") == 0)
		return op_connect_unix(a, true);
	if (strcmp(op, "abstract-self") == 0)
		return op_abstract_self();
	if (strcmp(op, "tcp") == 0)
		return op_tcp(a);
	if (strcmp(op, "tcp-self") == 0)
		return op_tcp_self();
	if (strcmp(op, "ptrace") == 0)
		return op_ptrace((pid_t)atoi(a));
	if (strcmp(op, "ptrace-child") == 0)
		return op_ptrace_child();
	if (strcmp(op, "kill") == 0)
		return kill((pid_t)atoi(a), SIGTERM) < 0 ? refused("kill") : 0;
	if (strcmp(op, "kill-child") == 0)
		return op_kill_child();
	if (strcmp(op, "process-vm-read") == 0)
		return op_process_vm_read((pid_t)atoi(a));
	if (strcmp(op, "keyctl") == 0)
		return op_keyctl();
	if (strcmp(op, "tiocsti") == 0)
		return op_tty(true, false);
	if (strcmp(op, "tiocsti-high") == 0)
		return op_tty(true, true);
	if (strcmp(op, "tty-benign") == 0)
		return op_tty(false, false);
	if (strcmp(op, "dev-tty") == 0)
		return open("/dev/tty", O_RDWR | O_CLOEXEC) < 0 ? refused("/dev/tty") : 0;
	if (strcmp(op, "mount") == 0)
		return op_mount(a);
	if (strcmp(op, "umount") == 0)
		return op_umount(a);
	if (strcmp(op, "unshare-user") == 0)
		return op_unshare_user();
	if (strcmp(op, "clone-user") == 0)
		return op_clone_user();
	if (strcmp(op, "personality") == 0)
		return op_personality(strtoul(a, NULL, 0));
	if (strcmp(op, "syscall") == 0)
		return op_syscall(a);
	if (strcmp(op, "x32") == 0) {
		/* getpid through the x32 ABI: the filter only knows x86-64 */
		if (syscall(0x40000000L | SYS_getpid) < 0)
			return refused("x32 getpid");
		return 0;
	}
	if (strcmp(op, "sleep") == 0) {
		sleep((unsigned)atoi(a));
		return 0;
	}
	return 2;
}
