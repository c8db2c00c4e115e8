/* SPDX-License-Identifier: MIT */
/*
 * interp: executes a syntax tree from lib/shell with bash semantics, calling
 * three policy handlers: on every command after expansion (call), before
 * every redirection opens a file (open), and before every external exec
 * (exec). Planned API; implemented by the interpreter issue.
 */
#ifndef LITE_SANDBOX_INTERP_H
#define LITE_SANDBOX_INTERP_H

#include "shell.h"

struct interp;

struct interp_handlers {
	/* Each returns 0 to go on, or a negative errno to refuse; a refusal
	 * message is written into msg (at most msg_size bytes). */
	int (*call)(void *ctx, char *const *argv, size_t argc, char *msg, size_t msg_size);
	int (*open)(void *ctx, const char *path, int flags, char *msg, size_t msg_size);
	int (*exec)(void *ctx, const char *path, char *const *argv, char *const *envp,
		    char *msg, size_t msg_size);
	void *ctx;
};

#endif
