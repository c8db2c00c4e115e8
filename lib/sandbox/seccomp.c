/* SPDX-License-Identifier: MIT */
/*
 * The seccomp filter every sandboxed program runs under.
 *
 * A deny list, not an allow list: the sandbox runs arbitrary build tools,
 * compilers and interpreters, whose syscall needs no list could predict. The
 * filter refuses what reaches outside the sandbox or into the kernel's
 * attack surface without a file path Landlock could judge: keyrings,
 * ptrace and cross-process memory, BPF, perf, userfaultfd, the mount family,
 * new user namespaces, modules, kexec, terminal input injection, personality
 * changes and io_uring (whose operations bypass this filter). Refused calls
 * fail with EPERM, except io_uring and clone3 (ENOSYS), from which libc and
 * runtimes fall back to calls this filter can inspect. A foreign
 * architecture (i386 int 0x80, x32) kills the process.
 */
#include <linux/sched.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include "sandbox-internal.h"

#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif

static void
seccomp_ctx_freep(scmp_filter_ctx *ctx)
{
	if (*ctx)
		seccomp_release(*ctx);
}

/* Syscalls refused outright with EPERM. */
static const char *const denied_eperm[] = {
	"keyctl", "add_key", "request_key",
	"ptrace", "process_vm_readv", "process_vm_writev",
	"bpf", "perf_event_open", "userfaultfd",
	"mount", "umount", "umount2", "pivot_root", "chroot", "fsopen", "fsconfig",
	"fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
	"setns",
	"init_module", "finit_module", "delete_module",
	"kexec_load", "kexec_file_load",
	"open_by_handle_at", "swapon", "swapoff", "reboot", "acct", "quotactl",
	"iopl", "ioperm",
};

/* Refused with ENOSYS so that callers fall back to inspectable calls. */
static const char *const denied_enosys[] = {
	"io_uring_setup", "io_uring_enter", "io_uring_register", "clone3",
};

static int
rule(scmp_filter_ctx ctx, uint32_t action, const char *name, unsigned n,
     const struct scmp_arg_cmp *cmp, struct sandbox_error *reterr)
{
	int nr = seccomp_syscall_resolve_name(name);
	if (nr == __NR_SCMP_ERROR)
		return 0; /* this libseccomp does not know the call */
	int r = seccomp_rule_add_array(ctx, action, nr, n, cmp);
	/* -EOPNOTSUPP... not on this arch (umount on x86_64): a pseudo number
	 * libseccomp cannot place is nothing to refuse. */
	if (r < 0 && nr < 0)
		return 0;
	if (r < 0)
		sandbox_error_set(reterr, "seccomp rule for %s: %s", name, strerror(-r));
	return r;
}

int
sandbox_seccomp_load(struct sandbox_error *reterr)
{
	_cleanup_(seccomp_ctx_freep) scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx) {
		sandbox_error_set(reterr, "seccomp_init failed");
		return -ENOMEM;
	}
	int r = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	if (r < 0) {
		sandbox_error_set(reterr, "seccomp: cannot set the bad-arch action: %s",
				  strerror(-r));
		return r;
	}
	for (size_t i = 0; i < ARRAY_SIZE(denied_eperm); i++)
		if ((r = rule(ctx, SCMP_ACT_ERRNO(EPERM), denied_eperm[i], 0, NULL, reterr)) < 0)
			return r;
	for (size_t i = 0; i < ARRAY_SIZE(denied_enosys); i++)
		if ((r = rule(ctx, SCMP_ACT_ERRNO(ENOSYS), denied_enosys[i], 0, NULL, reterr)) < 0)
			return r;

	/* New user namespaces: the way back to capabilities over fresh
	 * mounts. Other namespaces need capabilities the sandbox lacks. */
	struct scmp_arg_cmp newuser = SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER);
	if ((r = rule(ctx, SCMP_ACT_ERRNO(EPERM), "unshare", 1, &newuser, reterr)) < 0 ||
	    (r = rule(ctx, SCMP_ACT_ERRNO(EPERM), "clone", 1, &newuser, reterr)) < 0)
		return r;

	/* Terminal input injection. The kernel reads the request as a 32-bit
	 * int, so compare only the low 32 bits (high bits must not dodge the
	 * rule). */
	struct scmp_arg_cmp sti = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, TIOCSTI);
	struct scmp_arg_cmp linux_ = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, TIOCLINUX);
	if ((r = rule(ctx, SCMP_ACT_ERRNO(EPERM), "ioctl", 1, &sti, reterr)) < 0 ||
	    (r = rule(ctx, SCMP_ACT_ERRNO(EPERM), "ioctl", 1, &linux_, reterr)) < 0)
		return r;

	/* personality: only PER_LINUX (0), as Flatpak does. libseccomp takes
	 * one comparison per argument and rule, so the query (0xffffffff) is
	 * refused too; programs treat that as "unknown" and go on. The whole
	 * 64-bit register is compared, so high bits cannot sneak a value
	 * past the rule the kernel would then truncate. */
	struct scmp_arg_cmp not_linux = { .arg = 0, .op = SCMP_CMP_NE, .datum_a = 0, .datum_b = 0 };
	if ((r = rule(ctx, SCMP_ACT_ERRNO(EPERM), "personality", 1, &not_linux, reterr)) < 0)
		return r;

	r = seccomp_load(ctx);
	if (r < 0)
		sandbox_error_set(reterr, "cannot load the seccomp filter: %s", strerror(-r));
	return r;
}
