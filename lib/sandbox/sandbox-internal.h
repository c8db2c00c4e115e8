/* SPDX-License-Identifier: MIT */
/* Helpers shared by the sandbox module's files; not a public API. */
#ifndef LITE_SANDBOX_SANDBOX_INTERNAL_H
#define LITE_SANDBOX_SANDBOX_INTERNAL_H

#include <stdarg.h>
#include <stdint.h>

#include "sandbox.h"

/* Append a copy of s (no deduplication, limit `max` entries). */
int strv_push(struct sandbox_strv *l, const char *s, size_t max);
int strv_pushf(struct sandbox_strv *l, size_t max, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* a is b or below it (textually; both clean and absolute). */
bool path_under(const char *a, const char *b);

/*
 * Clean an absolute path textually: collapse "//", drop "." and trailing
 * "/". A ".." component is refused (-EINVAL): policy paths must say what
 * they mean. Caller frees.
 */
int path_clean(const char *in, char **ret);

void sandbox_error_set(struct sandbox_error *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Spawn under bwrap; worker_fd >= 0 is passed to the helper as --worker,
 * status_fd >= 0 (a pipe's write end) to bwrap as --json-status-fd.
 */
int sandbox_spawn_internal(const struct sandbox_policy *p, const struct sandbox_launch *l,
			   char *const *target, int worker_fd, int status_fd, pid_t *ret_pid,
			   struct sandbox_error *reterr);

/*
 * Start the helper as a worker without bubblewrap and unconfined
 * (`lite-sandbox-init --unconfined --worker 3`), in the caller's
 * environment, for a config without the OS sandbox.
 */
int sandbox_spawn_unconfined_worker(const struct sandbox_launch *l, int worker_fd,
				    pid_t *ret_pid, struct sandbox_error *reterr);

/*
 * What Landlock will enforce for c on a kernel of this ABI (negative: none):
 * 0 and the handled file rights and scopes to apply; 1 when Landlock is
 * missing and c does not require it; -EOPNOTSUPP, with the reason, when c
 * needs what the kernel lacks. Pure, for the tests.
 */
int sandbox_landlock_plan(int abi, const struct sandbox_confine *c, uint64_t *ret_handled,
			  uint64_t *ret_scoped, struct sandbox_error *reterr);

/*
 * Validate one worker request as received: hdr points at the fixed header,
 * payload at the n - header bytes after it, nfds is the number of
 * descriptors that came with it. Returns WORKER_REQ_COMMAND,
 * WORKER_REQ_CHANNEL, or 0 for anything malformed. Pure, for the fuzzer.
 */
enum { WORKER_REQ_COMMAND = 1, WORKER_REQ_CHANNEL = 2, WORKER_REQ_SCRIPT = 3,
       WORKER_REQ_POLICY = 4 };
int sandbox_worker_check_request(const void *hdr, const char *payload, size_t n, size_t nfds);

#endif
