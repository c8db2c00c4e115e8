/* SPDX-License-Identifier: MIT */
/*
 * sandbox: the OS layer under the AST checks.
 *
 * Three pieces, kept apart so that each can be tested on its own:
 *
 *  1. a policy (struct sandbox_policy): plain data saying what a confined
 *     program may read, write and reach, built from the user's config and the
 *     session's context (sandbox_policy_build) or by hand (tests);
 *  2. the Linux mechanism: bubblewrap builds the namespaces and the mount
 *     tree (sandbox_bwrap_argv, sandbox_spawn), and the small exec'd helper
 *     `lite-sandbox-init` applies, inside, rlimits, no_new_privs, Landlock and
 *     seccomp (sandbox_confine_self) before it execs the target or serves as
 *     a long-lived worker (sandbox_worker_*);
 *  3. the macOS mechanism: the same policy written as an SBPL profile for
 *     sandbox-exec (sandbox_sbpl).
 *
 * Library code never prints: functions return 0 or a negative errno, and the
 * ones whose failure needs explaining fill a struct sandbox_error.
 * docs/sandbox.md describes the behaviour for users.
 */
#ifndef LITE_SANDBOX_SANDBOX_H
#define LITE_SANDBOX_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "base.h"

struct config;

/* Limits on what a policy may hold: every list comes from user input. */
#define SANDBOX_MAX_PATHS 1024   /* entries per list */
#define SANDBOX_MAX_ENV 4096     /* environment variables kept */
#define SANDBOX_MAX_FILE_MASKS 256 /* each costs bwrap one pipe fd */

/* Exit status of lite-sandbox-init when it refuses to run the target. */
#define SANDBOX_EXIT_SETUP 125

struct sandbox_error {
	char message[512];
};

/* ---- policy ---------------------------------------------------------- */

enum sandbox_net {
	SANDBOX_NET_OPEN, /* the host's network namespace */
	SANDBOX_NET_NONE, /* a namespace of its own with only loopback */
};

struct sandbox_strv {
	char **v;
	size_t n;
};

/*
 * All paths are absolute and name the same file inside and outside the
 * sandbox (binds are always PATH onto PATH).
 */
struct sandbox_policy {
	struct sandbox_strv read;   /* Landlock read+execute roots (normally "/") */
	struct sandbox_strv write;  /* bound writable; Landlock write rights */
	struct sandbox_strv tmp;    /* temp dirs: writable like write, listed apart */
	struct sandbox_strv ro;     /* write-denied: bound read-only over themselves
				     * after every writable bind */
	struct sandbox_strv mask;   /* read-denied: a mode-000 empty tmpfs over a
				     * directory, an empty mode-000 file over a
				     * file; applied after every bind */
	struct sandbox_strv mask_mkdir; /* masked directories to create (0700)
				     * when missing, so that there is a
				     * mount point (a subset of mask) */
	bool hide_home;             /* $HOME an empty read-only tmpfs ... */
	char *home;
	struct sandbox_strv shown;  /* ... showing these read-only */
	char *cwd;                  /* where the target starts */
	enum sandbox_net net;
	struct sandbox_strv env;    /* NAME=VALUE, credentials left out */
	struct sandbox_strv env_dropped; /* names left out, for `show` */
	bool scope_signals;         /* Landlock: no signals out of the sandbox */
	bool scope_abstract_unix;   /* Landlock: no abstract sockets outside */
	bool landlock_required;     /* refuse to run without Landlock */
};

/*
 * The session around a policy. Strings are borrowed. cwd and home are
 * required; the rest may be NULL/0.
 */
struct sandbox_context {
	const char *cwd;              /* working directory (absolute) */
	const char *home;             /* $HOME */
	const char *tmpdir;           /* $TMPDIR */
	const char *runtime_dir;      /* $XDG_RUNTIME_DIR */
	const char *path;             /* the server's $PATH */
	const char *self_exe;         /* the lite-sandbox binary: write-denied */
	const char *helper;           /* lite-sandbox-init: must stay visible */
	const char *main_worktree;    /* cwd is a linked worktree of it and
				       * git.allow_worktree_parent is on */
	const char *scope_command;    /* build the worker of this command's
				       * command-scoped grants (NULL: shared) */
	const char *config_file;      /* the config in force (absolute; NULL:
				       * none): write-denied wherever it is */
	char *const *environ;         /* the server's environment */
	unsigned uid;
	bool aws_imds;                /* aws.force_profile: mask ~/.aws */
};

int sandbox_policy_new(struct sandbox_policy **ret); /* empty, defaults set */
struct sandbox_policy *sandbox_policy_free(struct sandbox_policy *p);

/*
 * Build the policy for a config and a context (see docs/sandbox.md for the
 * rules). Reads the file system (which keys exist in ~/.ssh, which PATH
 * entries hold lite-sandbox) but changes nothing.
 */
int sandbox_policy_build(const struct config *c, const struct sandbox_context *ctx,
			 struct sandbox_policy **ret, struct sandbox_error *reterr);

/* Append a copy of s unless present. -E2BIG past SANDBOX_MAX_PATHS. */
int sandbox_strv_add(struct sandbox_strv *l, const char *s);
bool sandbox_strv_contains(const struct sandbox_strv *l, const char *s);
void sandbox_strv_done(struct sandbox_strv *l);

/* Print the policy as text (for `config os-sandbox show`). */
int sandbox_policy_format(const struct sandbox_policy *p, struct buf *out);

/* ---- credentials in the environment ---------------------------------- */

/* True when NAME (of NAME=VALUE, or a bare name) looks like a credential. */
bool sandbox_env_is_credential(const char *name);

/*
 * Copy environ into ret_kept, leaving out credential-like variables unless
 * passthrough names them (exact names). The names left out go to
 * ret_dropped (may be NULL).
 */
int sandbox_env_scrub(char *const *environ, char *const *passthrough, size_t n_passthrough,
		      struct sandbox_strv *ret_kept, struct sandbox_strv *ret_dropped);

/* A credential of the agents themselves (ANTHROPIC_AUTH_TOKEN, ...). */
bool sandbox_env_is_agent_credential(const char *name);

/* As sandbox_env_scrub; agents_only: leave out only the agents' own
 * credentials (the environment of a command-scoped worker). */
int sandbox_env_scrub_ex(char *const *environ, char *const *passthrough, size_t n_passthrough,
			 bool agents_only, struct sandbox_strv *ret_kept,
			 struct sandbox_strv *ret_dropped);

/* ---- Linux: launching ------------------------------------------------- */

struct sandbox_launch {
	const char *bwrap;    /* default: "bwrap" found on PATH */
	const char *helper;   /* lite-sandbox-init; default LITE_SANDBOX_INIT env,
			       * else the build's path */
	int fd_in, fd_out, fd_err; /* -1: /dev/null for in, inherit for out/err */
};

/*
 * The argv that runs `helper ARGS -- target...` under bwrap for policy p.
 * File masks need one empty pipe each: their read ends are returned in
 * ret_fds (the caller keeps them open across the spawn and then closes
 * them). Missing deny-listed directories are created (0700) first.
 */
int sandbox_bwrap_argv(const struct sandbox_policy *p, const struct sandbox_launch *l,
		       char *const *target, struct sandbox_strv *ret_argv, int **ret_fds,
		       size_t *ret_n_fds, struct sandbox_error *reterr);

/* The helper's own arguments (after "lite-sandbox-init"), before "--". */
int sandbox_init_args(const struct sandbox_policy *p, struct sandbox_strv *out);

/*
 * Spawn target confined by p (posix_spawn of bwrap; no fork-only in the
 * caller's process). The child is in a session of its own. Returns the pid.
 */
int sandbox_spawn(const struct sandbox_policy *p, const struct sandbox_launch *l,
		  char *const *target, pid_t *ret_pid, struct sandbox_error *reterr);

/*
 * Spawn and wait; ret_status is a wait(2) status. -EPROTO when bubblewrap
 * could not set the sandbox up (nothing ran; bwrap's own message went to
 * fd_err), so that a failed set-up never reads as the command's status.
 */
int sandbox_run(const struct sandbox_policy *p, const struct sandbox_launch *l,
		char *const *target, int *ret_status, struct sandbox_error *reterr);

/* ---- Linux: inside (used by lite-sandbox-init) ------------------------ */

struct sandbox_confine {
	const char *const *read;   /* Landlock read+execute */
	size_t n_read;
	const char *const *write;  /* Landlock all file rights */
	size_t n_write;
	bool scope_signals, scope_abstract_unix;
	bool landlock_required;
};

/*
 * In order: rlimits, PR_SET_NO_NEW_PRIVS, Landlock (ruleset and scopes),
 * seccomp. Fails closed: when the kernel lacks a right the policy needs,
 * nothing is executed and reterr says what is missing.
 */
int sandbox_confine_self(const struct sandbox_confine *c, struct sandbox_error *reterr);

/* Landlock ABI of the running kernel: > 0, or -ENOSYS/-EOPNOTSUPP. */
int sandbox_landlock_abi(void);

/* Load the seccomp filter into the calling thread (after no_new_privs). */
int sandbox_seccomp_load(struct sandbox_error *reterr);

/* ---- long-lived worker ------------------------------------------------ */

/*
 * A worker is one sandbox (one bwrap, one helper) that runs many commands:
 * the helper confines itself once, then receives requests (cwd, argv,
 * timeout, three fds) over a SOCK_SEQPACKET socketpair, runs each command in
 * a process group of its own, kills the group at the timeout, and answers
 * with the wait status. More channels (sandbox_worker_open_channel) run
 * commands side by side; see docs/sandbox.md for what is not done yet.
 */
struct sandbox_worker;

int sandbox_worker_start(const struct sandbox_policy *p, const struct sandbox_launch *l,
			 struct sandbox_worker **ret, struct sandbox_error *reterr);

/*
 * What a worker needs to run command lines itself (script requests): words
 * for its loader (at most 64) and a file opened on this side and passed as
 * a descriptor at every (re)start, so that the worker reads it even where
 * the sandbox hides it (NULL, or missing: no descriptor). The executor sends
 * the config file and the session (sandbox_init.c says which words).
 */
struct sandbox_worker_setup {
	char *const *words; /* NULL-terminated, at least one */
	const char *file;
};

/*
 * As sandbox_worker_start, with a setup (may be NULL). p NULL starts the
 * helper without bubblewrap and without confining itself: the config said
 * no OS sandbox, and the worker is only the way commands are run (one
 * mechanism for both).
 */
int sandbox_worker_start_ex(const struct sandbox_policy *p, const struct sandbox_launch *l,
			    const struct sandbox_worker_setup *setup, struct sandbox_worker **ret,
			    struct sandbox_error *reterr);

/*
 * Run argv in the worker. A worker found dead is restarted (once) before
 * the request is sent; a worker that dies while running it gives -ECHILD.
 * ret_status is a wait(2) status; a timeout kills the command's process
 * group and sets *ret_timed_out.
 */
int sandbox_worker_run(struct sandbox_worker *w, const char *cwd, char *const *argv,
		       int fd_in, int fd_out, int fd_err, unsigned timeout_ms,
		       int *ret_status, bool *ret_timed_out, struct sandbox_error *reterr);

/*
 * Run the command line src with the worker's interpreter (lite-sandbox-init
 * links lib/runner): in a child of the worker, forked per request, in cwd,
 * under the policy the setup loaded; what it starts are its own children in
 * the same confinement. The status is the runner's (126 refused, with the
 * reason on fd_err). A worker whose policy did not load refuses every line
 * with 126 and says why.
 */
#define SANDBOX_SCRIPT_PROMPTS_APPROVED 1u /* runner_request.prompts_approved */
#define SANDBOX_SCRIPT_FLAGS 1u            /* every flag known */
int sandbox_worker_run_script(struct sandbox_worker *w, const char *cwd, const char *src,
			      unsigned flags, int fd_in, int fd_out, int fd_err,
			      unsigned timeout_ms, int *ret_status, bool *ret_timed_out,
			      struct sandbox_error *reterr);

/*
 * Channels run commands concurrently in one worker: each channel runs one
 * command at a time, and a command that never ends holds up only its own
 * channel. Open channels from the thread that owns the worker; use each
 * channel from one thread at a time. A channel does not survive a restart
 * of its worker: its runs then fail with -ECHILD, and a new one is opened.
 */
struct sandbox_channel;

int sandbox_worker_open_channel(struct sandbox_worker *w, struct sandbox_channel **ret,
				struct sandbox_error *reterr);
int sandbox_channel_run(struct sandbox_channel *ch, const char *cwd, char *const *argv,
			int fd_in, int fd_out, int fd_err, unsigned timeout_ms, int *ret_status,
			bool *ret_timed_out, struct sandbox_error *reterr);
int sandbox_channel_run_script(struct sandbox_channel *ch, const char *cwd, const char *src,
			       unsigned flags, int fd_in, int fd_out, int fd_err,
			       unsigned timeout_ms, int *ret_status, bool *ret_timed_out,
			       struct sandbox_error *reterr);
struct sandbox_channel *sandbox_channel_free(struct sandbox_channel *ch); /* accepts NULL */
/*
 * A run on ch returns -ECANCELED as soon as fd (not owned; -1: none) is
 * readable, and closes the channel, so that the worker kills the command's
 * process group. The executor passes ipc_call_cancel_fd().
 */
void sandbox_channel_set_cancel_fd(struct sandbox_channel *ch, int fd);

/* Number of times the worker was (re)started; for tests and the audit. */
unsigned sandbox_worker_generation(const struct sandbox_worker *w);
pid_t sandbox_worker_pid(const struct sandbox_worker *w);

/* Stops the worker (SIGKILL to bwrap, reaped). Accepts NULL, returns NULL. */
struct sandbox_worker *sandbox_worker_free(struct sandbox_worker *w);

/* The helper side: serve requests on fd until it is closed. Returns 0. */
int sandbox_worker_serve(int fd);

/*
 * The helper's interpreter, for script requests. load is called once, in the
 * worker, with the setup's words and the file's descriptor (-1: none; the
 * worker closes it afterwards); it returns 0, or a negative errno with the
 * reason in why, and then every script is refused with that reason.
 * prepare (may be NULL) runs in the worker before each request, with the
 * resolved directory, to build what the children would otherwise each
 * build; it returns 1 when it built something now (a child forked earlier
 * lacks it), 0 when it was built already, or a negative errno (the child
 * then tries again and reports). run is called in the forked child (its own
 * process group, stdio and cwd set) with the request's SANDBOX_SCRIPT_*
 * flags, and returns the exit status. The worker keeps one child forked
 * ahead ("spare"), which calls run once with an empty line (stdio on
 * /dev/null) to touch the memory a run touches before it waits for its
 * request: run must have no lasting effect on the process for that line.
 */
struct sandbox_worker_ops {
	int (*load)(void *ctx, const char *const *words, size_t n, int fd, char *why,
		    size_t why_size);
	int (*prepare)(void *ctx, const char *cwd);
	int (*run)(void *ctx, const char *cwd, const char *src, size_t len, unsigned flags);
	void *ctx;
};
int sandbox_worker_serve_ops(int fd, const struct sandbox_worker_ops *ops);

/* ---- check ------------------------------------------------------------ */

struct sandbox_probe {
	bool userns;          /* unprivileged user namespaces work */
	bool bwrap_found;
	bool bwrap_works;     /* bwrap --unshare-all ... true ran */
	char bwrap_path[256];
	int landlock_abi;     /* > 0, else -errno */
	bool seccomp;         /* seccomp filter mode available */
	bool helper_found;
	char helper_path[256];
};

int sandbox_probe_run(const struct sandbox_launch *l, struct sandbox_probe *ret);

/* Human-readable report with what to install; returns 0 when usable. */
int sandbox_probe_format(const struct sandbox_probe *p, struct buf *out);
bool sandbox_probe_ok(const struct sandbox_probe *p);

/* Default helper path: $LITE_SANDBOX_INIT, else the build/install path. */
const char *sandbox_default_helper(void);

/* ---- macOS ------------------------------------------------------------ */

/*
 * The SBPL profile for sandbox-exec that enforces p as far as Seatbelt can.
 * Paths are quoted with SBPL string escapes; a path holding a byte SBPL
 * cannot carry (NUL, control characters) fails with -EINVAL.
 */
int sandbox_sbpl(const struct sandbox_policy *p, struct buf *out);

#endif
