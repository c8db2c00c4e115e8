/* SPDX-License-Identifier: MIT */
/*
 * Landlock, and the order in which the helper confines itself.
 *
 * Debian 12's kernel headers know Landlock ABI 2 at most, while the kernels
 * we run on have more: every constant and the ruleset attribute are
 * defined here under our own names, and the ABI is probed at run time.
 * Unlike the kernel's sample we never run with less than the policy asks
 * for: a missing right is a refusal that names the ABI it needs.
 */
#include <fcntl.h>
#include <linux/prctl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "sandbox-internal.h"

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1

/* clang-format off */
#define LL_FS_EXECUTE      (1ULL << 0)
#define LL_FS_WRITE_FILE   (1ULL << 1)
#define LL_FS_READ_FILE    (1ULL << 2)
#define LL_FS_READ_DIR     (1ULL << 3)
#define LL_FS_REMOVE_DIR   (1ULL << 4)
#define LL_FS_REMOVE_FILE  (1ULL << 5)
#define LL_FS_MAKE_CHAR    (1ULL << 6)
#define LL_FS_MAKE_DIR     (1ULL << 7)
#define LL_FS_MAKE_REG     (1ULL << 8)
#define LL_FS_MAKE_SOCK    (1ULL << 9)
#define LL_FS_MAKE_FIFO    (1ULL << 10)
#define LL_FS_MAKE_BLOCK   (1ULL << 11)
#define LL_FS_MAKE_SYM     (1ULL << 12)
#define LL_FS_REFER        (1ULL << 13) /* ABI 2 */
#define LL_FS_TRUNCATE     (1ULL << 14) /* ABI 3 */
#define LL_FS_IOCTL_DEV    (1ULL << 15) /* ABI 5 */
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#define LL_SCOPE_SIGNAL               (1ULL << 1) /* ABI 6 */
/* clang-format on */

struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net; /* ABI 4 */
	uint64_t scoped;             /* ABI 6 */
};

struct ll_path_beneath_attr {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

int
sandbox_landlock_abi(void)
{
	long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
	if (abi < 0)
		return -errno;
	return (int)abi;
}

static int
add_path(int ruleset, const char *path, uint64_t access, uint64_t handled,
	 struct sandbox_error *reterr)
{
	int fd = open(path, O_PATH | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0; /* nothing there to grant */
		int r = -errno;
		sandbox_error_set(reterr, "cannot open %s for the Landlock rule: %s", path,
				  strerror(errno));
		return r;
	}
	struct stat st;
	if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
		/* Rights that only make sense on directories are refused by
		 * the kernel on a file rule. */
		access &= LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE |
			  LL_FS_IOCTL_DEV;
	struct ll_path_beneath_attr pb = { .allowed_access = access & handled, .parent_fd = fd };
	long k = syscall(__NR_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &pb, 0);
	int saved = errno;
	close(fd);
	if (k < 0) {
		sandbox_error_set(reterr, "Landlock refused the rule for %s: %s", path,
				  strerror(saved));
		return -saved;
	}
	return 0;
}

int
sandbox_landlock_plan(int abi, const struct sandbox_confine *c, uint64_t *ret_handled,
		      uint64_t *ret_scoped, struct sandbox_error *reterr)
{
	bool want_scopes = c->scope_signals || c->scope_abstract_unix;
	if (abi < 0) {
		if (!c->landlock_required && !want_scopes)
			return 1;
		sandbox_error_set(reterr,
			"refusing to run: the policy confines file access with Landlock, and "
			"this kernel %s (%s); boot a kernel with CONFIG_SECURITY_LANDLOCK=y "
			"and 'landlock' in the lsm= list",
			abi == -EOPNOTSUPP ? "has Landlock disabled" : "lacks Landlock",
			strerror(-abi));
		return -EOPNOTSUPP;
	}
	if (want_scopes && abi < 6) {
		sandbox_error_set(reterr,
			"refusing to run: the policy confines signals and abstract unix "
			"sockets to the sandbox with Landlock scopes, which need Landlock "
			"ABI 6 (Linux 6.12); this kernel has ABI %d", abi);
		return -EOPNOTSUPP;
	}

	uint64_t handled = LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_READ_DIR |
			   LL_FS_REMOVE_DIR | LL_FS_REMOVE_FILE | LL_FS_MAKE_CHAR |
			   LL_FS_MAKE_DIR | LL_FS_MAKE_REG | LL_FS_MAKE_SOCK | LL_FS_MAKE_FIFO |
			   LL_FS_MAKE_BLOCK | LL_FS_MAKE_SYM | LL_FS_REFER | LL_FS_TRUNCATE |
			   LL_FS_IOCTL_DEV;
	/* One case per ABI: drop what this kernel does not know. Each of these
	 * rights only narrows writes the mounts already confine, so the
	 * policy does not require them. */
	switch (abi) {
	case 0:
	case 1:
		/* REFER: without it, renames across directories are always
		 * refused inside the domain; the kernel handles that. */
		handled &= ~LL_FS_REFER;
		__attribute__((fallthrough));
	case 2:
		/* TRUNCATE: truncate() outside the write set stays possible
		 * where the file is writable; the read-only mounts refuse it. */
		handled &= ~LL_FS_TRUNCATE;
		__attribute__((fallthrough));
	case 3:
	case 4:
		/* IOCTL_DEV: device ioctls are not filtered by Landlock. */
		handled &= ~LL_FS_IOCTL_DEV;
		break;
	default:
		break;
	}
	*ret_handled = handled;
	*ret_scoped = abi >= 6 ? (c->scope_signals ? LL_SCOPE_SIGNAL : 0) |
					 (c->scope_abstract_unix ? LL_SCOPE_ABSTRACT_UNIX_SOCKET : 0)
			       : 0;
	return 0;
}

static int
landlock_apply(const struct sandbox_confine *c, struct sandbox_error *reterr)
{
	int abi = sandbox_landlock_abi();
	uint64_t handled, scoped;
	int r = sandbox_landlock_plan(abi, c, &handled, &scoped, reterr);
	if (r != 0)
		return r < 0 ? r : 0;

	struct ll_ruleset_attr attr = { .handled_access_fs = handled, .scoped = scoped };
	size_t attr_size = abi >= 6 ? sizeof(attr) : abi >= 4 ? 16 : 8;
	long ruleset = syscall(__NR_landlock_create_ruleset, &attr, attr_size, 0);
	if (ruleset < 0) {
		r = -errno;
		sandbox_error_set(reterr, "cannot create the Landlock ruleset: %s", strerror(errno));
		return r;
	}
	int fd = (int)ruleset;
	const uint64_t read_rights = LL_FS_EXECUTE | LL_FS_READ_FILE | LL_FS_READ_DIR;
	for (size_t i = 0; r >= 0 && i < c->n_read; i++)
		r = add_path(fd, c->read[i], read_rights, handled, reterr);
	for (size_t i = 0; r >= 0 && i < c->n_write; i++)
		r = add_path(fd, c->write[i], handled, handled, reterr);
	/* /dev is the sandbox's own (bwrap --dev): /dev/null, /dev/tty and the
	 * pts devices are written and ioctl'd by ordinary programs. */
	if (r >= 0)
		r = add_path(fd, "/dev", read_rights | LL_FS_WRITE_FILE | LL_FS_IOCTL_DEV |
				 LL_FS_TRUNCATE, handled, reterr);
	/* /dev/shm is the sandbox's own too (bwrap --dev makes it): POSIX
	 * semaphores and shared memory (Python's multiprocessing) live there. */
	if (r >= 0)
		r = add_path(fd, "/dev/shm", handled, handled, reterr);
	if (r >= 0 && syscall(__NR_landlock_restrict_self, fd, 0) < 0) {
		r = -errno;
		sandbox_error_set(reterr, "landlock_restrict_self failed: %s", strerror(errno));
	}
	close(fd);
	return r;
}

int
sandbox_confine_self(const struct sandbox_confine *c, struct sandbox_error *reterr)
{
	/* 1. rlimits: no core files (a crash would write the process's
	 * memory, credentials included, into the working directory). */
	struct rlimit core = { 0, 0 };
	if (setrlimit(RLIMIT_CORE, &core) < 0) {
		int r = -errno;
		sandbox_error_set(reterr, "setrlimit(RLIMIT_CORE): %s", strerror(errno));
		return r;
	}
	/* 2. no_new_privs: setuid binaries cannot undo what follows, and
	 * Landlock and seccomp require it for an unprivileged caller. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) {
		int r = -errno;
		sandbox_error_set(reterr, "prctl(PR_SET_NO_NEW_PRIVS): %s", strerror(errno));
		return r;
	}
	/* 3. Landlock: file rights and scopes. */
	int r = landlock_apply(c, reterr);
	if (r < 0)
		return r;
	/* 4. seccomp last: it refuses the calls set-up would need. */
	return sandbox_seccomp_load(reterr);
}
