/* SPDX-License-Identifier: MIT */
/*
 * config: the user's policy file (YAML, libyaml), its per-directory
 * overrides, the project-directory resolution (git-root pinning), and atomic
 * writes for `lite-sandbox config ...`.
 *
 * A loaded config is plain read-only data (struct config below), owned by one
 * allocation tree freed with config_free(). A broken file is an error that
 * names the file, line and column; it never turns into a looser policy.
 *
 * (Contract written first so that lib/policy can code against it; the
 * module's owner may extend it, keeping these names.)
 */
#ifndef LITE_SANDBOX_CONFIG_H
#define LITE_SANDBOX_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

enum policy_mode {
	POLICY_MODE_OPEN,
	POLICY_MODE_DENYLIST,
	POLICY_MODE_ALLOWLIST, /* the default */
	POLICY_MODE_MAX,
};

const char *policy_mode_name(enum policy_mode m);
int policy_mode_from_name(const char *s, enum policy_mode *ret);

/* paths: entries (grants) */
struct config_path {
	char *path;        /* absolute, ~ expanded, as written otherwise */
	bool write;        /* write: true (else read-only grant) */
	bool internal;     /* internal: true (OS sandbox only, no agent-facing boundary) */
	char **commands;   /* commands: [...] scoping the grant; NULL/0 = all */
	size_t n_commands;
};

/* commands: entries */
struct config_command {
	char *name;        /* a command name (make) or a script path (./scripts/build.sh) */
	char **args;       /* subcommand restriction: the invocation must start with
			    * these words after the name (e.g. ["run", "test"]); 0 = any */
	size_t n_args;
	bool allow;        /* true: allow; false: deny (adds to the deny list) */
	bool ask;          /* ask the user first (ticket) */
	bool no_sandbox;   /* run on the host, outside the OS sandbox */
};

enum config_net_mode {
	CONFIG_NET_OPEN,
	CONFIG_NET_NONE,
	CONFIG_NET_PROXY,
};

struct config_ssh_host {
	char *host;
	bool write;        /* scp/rsync, forwarding, connection sharing */
	char **commands;   /* extra commands allowed in remote command lines */
	size_t n_commands;
};

struct config {
	enum policy_mode mode;
	bool audit;
	bool os_sandbox;
	bool os_sandbox_hide_home;           /* default true */
	char **env_passthrough;              /* os_sandbox_env_passthrough */
	size_t n_env_passthrough;
	struct config_path *paths;
	size_t n_paths;
	struct config_command *commands;
	size_t n_commands;
	struct {
		bool local_read, local_write, remote_read, remote_write;
		bool allow_worktree_parent;
	} git;                               /* defaults: all but remote_write */
	struct config_ssh_host *ssh_hosts;
	size_t n_ssh_hosts;
	struct {
		enum config_net_mode mode;
		char **allow;
		size_t n_allow;
	} network;
	char **profiles;
	size_t n_profiles;
	/* where it came from, for messages */
	char *source_path;                   /* NULL for built-in defaults */
	char *override_dir;                  /* the directory whose override applied, or NULL */
};

struct config_error {
	char file[512];
	unsigned line, col; /* 1-based; 0 when not about a position */
	char message[256];
};

/* Built-in defaults (allowlist mode, ...). */
int config_new_default(struct config **ret);
struct config *config_free(struct config *c); /* accepts NULL, returns NULL */

/*
 * The config file path: $LITE_SANDBOX_CONFIG, else the platform location
 * ($XDG_CONFIG_HOME/lite-sandbox/config.yaml, ~/.config/... when unset;
 * ~/Library/Application Support/lite-sandbox/config.yaml on macOS).
 * Caller frees.
 */
int config_default_path(char **ret_path);

/* Load one file. A missing file yields the defaults (and returns 0). */
int config_load_file(const char *path, struct config **ret, struct config_error *reterr);

/*
 * The effective config for a working directory: the base file with the one
 * override that applies to the directory's project merged over it.
 */
int config_load_for_dir(const char *path, const char *cwd, struct config **ret,
			struct config_error *reterr);

/*
 * The project directory of cwd, pinned the spec's three ways: a git root
 * counts only when it is a real repository that is an ancestor of cwd (a
 * linked worktree resolves to its main worktree), and never when it is $HOME
 * or /; otherwise cwd itself. Caller frees.
 */
int config_project_dir(const char *cwd, const char *home, char **ret_dir);

#endif
