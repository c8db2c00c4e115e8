/* SPDX-License-Identifier: MIT */
/*
 * interp: executes a syntax tree from lib/shell with bash semantics.
 *
 * One `struct interp` holds everything a run needs (variables, functions,
 * options, traps, jobs); there is no global state. While it runs it calls
 * four handlers so that the policy engine can re-check what static analysis
 * could not see:
 *
 *  - call: every command after expansion, before deciding whether it is a
 *    function, a builtin or an external (a bare `cd` is shown as `cd $HOME`);
 *  - open: every file a redirection opens, before it is opened (the command's
 *    own streams /dev/stdin, /dev/stdout, /dev/stderr and /dev/fd/0-2 are
 *    duplicated, never opened, and so not shown);
 *  - exec: every external command, with the path found and the exact
 *    environment it would get;
 *  - tree: every program text parsed while running (eval, source, a script
 *    run by name, bash -c, a trap), before any of it runs, so that it gets
 *    the same static checks as the command line itself (the program given
 *    to interp_run_string is not shown: the caller checks it first).
 *
 * Handlers run in whichever process runs the command: a pipeline stage or
 * a subshell is a fork, and calls its own copy of the handler and ctx.
 * Commands named bash or sh are not executed but interpreted in a child
 * (so their scripts reach the handlers too).
 *
 * Independently of the handlers the interpreter refuses an external command
 * whose inherited environment changes a protected variable (PATH always,
 * the others when exported) from the value the run started with, and refuses
 * `unset PATH`.
 *
 * A refusal (from a handler or from that check) stops the whole run: nothing
 * after it executes, in this process or in any subshell, and the run returns
 * INTERP_STATUS_REFUSED with the message in interp_refusal().
 */
#ifndef LITE_SANDBOX_INTERP_H
#define LITE_SANDBOX_INTERP_H

#include <stdbool.h>
#include <stddef.h>

#include "shell.h"

struct interp;

/* Exit status of a refused run, as the CLI reports it. */
#define INTERP_STATUS_REFUSED 126

struct interp_handlers {
	/* Each returns 0 to go on, or a negative errno to refuse; a refusal
	 * message is written into msg (at most msg_size bytes, NUL-terminated).
	 * Any handler may be NULL (allowed). argv is NULL-terminated. */
	int (*call)(void *ctx, char *const *argv, size_t argc, char *msg, size_t msg_size);
	int (*open)(void *ctx, const char *path, int flags, char *msg, size_t msg_size);
	int (*exec)(void *ctx, const char *path, char *const *argv, char *const *envp,
		    char *msg, size_t msg_size);
	int (*tree)(void *ctx, const struct sh_node *tree, char *msg, size_t msg_size);
	void *ctx;
};

struct interp_options {
	/* The starting environment (NULL-terminated "NAME=value"); NULL: empty.
	 * Its values are the reference for protected variables. */
	char *const *envp;
	/* $0 and the positional parameters ($1...). */
	const char *argv0;
	char *const *args;
	size_t n_args;
	/* Protected environment variables (NULL-terminated); NULL: the
	 * built-in list (interp_default_protected_env). PATH is always
	 * protected. */
	const char *const *protected_env;
	/* Or a predicate (the policy's policy_env_protected); it wins over the
	 * list when set. PATH is always protected. */
	bool (*is_protected_env)(const char *name);
	struct interp_handlers handlers;
	/*
	 * $SHELL when the environment has none (bash takes the user's login
	 * shell). NULL: looked up in the password database by interp_new; a
	 * caller that starts many interpreters (the sandbox worker forks one
	 * per command) looks it up once: interp_login_shell().
	 */
	const char *login_shell;
};

/* The calling user's login shell, or /bin/sh; into buf (NUL-terminated). */
void interp_login_shell(char *buf, size_t size);

/* The built-in list of protected variables (NULL-terminated). */
extern const char *const interp_default_protected_env[];

int interp_new(const struct interp_options *opts, struct interp **ret);
struct interp *interp_free(struct interp *it); /* accepts NULL */

/*
 * Parse and run src as a bash script (bash -c semantics). Returns the exit
 * status (0-255) or a negative errno when the program could not be parsed
 * (-EINVAL, details in interp_error()) or run at all. A refused run
 * returns INTERP_STATUS_REFUSED and interp_refused() is true.
 */
int interp_run_string(struct interp *it, const char *src, size_t len);

/* Run an already parsed tree (which must outlive the interp if it defines
 * functions). Same return values as interp_run_string. */
int interp_run_tree(struct interp *it, const struct sh_node *tree);

/*
 * Is path the /dev/fd/N of a process substitution of the command being run?
 * Such a word names a pipe to commands that are checked themselves, not a
 * file; a policy can let it through where it would refuse an unknown path.
 */
bool interp_is_procsub_path(const struct interp *it, const char *path);

/*
 * The simple command whose words are being run: set once its words are
 * expanded, for the call handler and every check it makes while it runs
 * (`command X`, `exec X`), and put back when it ends, so a function body, an
 * eval or a command substitution reports its own. The node belongs to the
 * tree it was parsed in: the caller's for what interp_run_tree ran, a tree
 * of the interpreter's own for program text parsed while running (eval,
 * source, bash -c, a script, a trap). A policy can so tell an invocation the
 * command line shows from one built at runtime. NULL outside any command.
 */
const struct sh_node *interp_current_command(const struct interp *it);

bool interp_refused(const struct interp *it);
/* The refusal message, or "" */
const char *interp_refusal(const struct interp *it);
/* The last parse error message, or "" */
const char *interp_error(const struct interp *it);

#endif
