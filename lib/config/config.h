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
#include <stdint.h>

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

/*
 * Where the path boundary of cwd starts: config_project_dir's directory,
 * except that a linked worktree is its own root, since that is where its
 * files are (its main worktree is where its config override lives). When
 * cwd is in a linked worktree, *ret_main (if not NULL) is that worktree's
 * main worktree, for git.allow_worktree_parent; else NULL. Caller frees.
 */
int config_boundary_dir(const char *cwd, const char *home, char **ret_dir, char **ret_main);

/*
 * Hot reload: a cheap identity of the file (stat through symlinks). Our
 * writes replace the file by rename, so a change always shows as a new
 * inode; edits in place by other tools show in size, mtime or ctime. A
 * long-lived reader compares stamps before each use and reloads on a
 * difference (keeping the old config when the new file does not load is
 * the caller's choice; refusing work is the safe one).
 */
struct config_stamp {
	bool exists;
	uint64_t dev, ino;
	int64_t size, mtime_sec, mtime_nsec, ctime_sec, ctime_nsec;
};
int config_file_stamp(const char *path, struct config_stamp *ret);
bool config_stamp_equal(const struct config_stamp *a, const struct config_stamp *b);

/* ---- limits ------------------------------------------------------------- */

#define CONFIG_MAX_FILE_SIZE (1024u * 1024u) /* bytes of YAML */
#define CONFIG_MAX_DEPTH 16u                 /* nesting of YAML collections */
#define CONFIG_MAX_NODES 200000u             /* YAML nodes in one file */
#define CONFIG_MAX_LIST 4096u                /* entries in any one list */
#define CONFIG_MAX_STRING 4096u              /* bytes in any one string */

/* ---- helpers shared with the CLI ---------------------------------------- */

/*
 * Why a string may not appear in the config (control, format, bidi,
 * zero-width or line/paragraph separator characters, invalid UTF-8, too
 * long), or NULL when it is fine. Such characters could fake or hide what a
 * prompt or a listing shows.
 */
const char *config_string_problem(const char *s, size_t len);

/*
 * Make a grant or override path canonical: "~" and "~/..." expand to home,
 * a relative path is taken from base (NULL: refuse relative paths), "." and
 * empty components and trailing slashes are dropped. A ".." component is
 * refused (-EINVAL), as is a result that is not absolute. Caller frees.
 */
int config_path_normalize(const char *path, const char *home, const char *base,
			  char **ret_path);

/* The user's home: $HOME, else the password database. Caller frees. */
int config_home(char **ret_home);

/* ---- the document: the file as written, for `lite-sandbox config` -------- */

/*
 * A config file as written: the base settings plus the per-directory
 * overrides, each holding only the keys the file sets. Edits go through the
 * config_doc_* calls and reach the disk only with config_doc_save().
 *
 * Scope arguments (dir): NULL for the base settings ("--global"), else the
 * absolute, normalized directory whose override is meant.
 */
struct config_doc;

/* Load (a missing file gives an empty document that saves to that path). */
int config_doc_load(const char *path, struct config_doc **ret,
		    struct config_error *reterr);
/*
 * The same from a descriptor already open on path (read from where it is;
 * the caller keeps it), with the same checks; fd < 0 stands for a missing
 * file. For a process that cannot open the file itself (the sandbox worker,
 * whose sandbox may hide it); path names it in messages.
 */
int config_doc_load_fd(int fd, const char *path, struct config_doc **ret,
		       struct config_error *reterr);
struct config_doc *config_doc_free(struct config_doc *d); /* accepts NULL */
const char *config_doc_path(const struct config_doc *d);
bool config_doc_exists(const struct config_doc *d); /* the file was there */

/* The layer for dir as written (only its own keys), or NULL if none. */
const struct config *config_doc_layer(const struct config_doc *d, const char *dir);
size_t config_doc_n_overrides(const struct config_doc *d);
const char *config_doc_override_dir(const struct config_doc *d, size_t i);

/*
 * The override that applies to project_dir: the one for that directory or
 * its nearest ancestor; NULL if none.
 */
const char *config_doc_override_for(const struct config_doc *d, const char *project_dir);

/*
 * Defaults, then the base settings, then the override that applies to
 * project_dir (NULL: none) merged over them.
 */
int config_doc_effective(const struct config_doc *d, const char *project_dir,
			 struct config **ret);

/*
 * Edits. put_* replace an entry with the same key (path; name + args) in
 * that layer or append one; remove_* return -ENOENT when nothing matched.
 * A scope with no override of its own gets a new, empty one: it merges into
 * the base, never into an override inherited from a parent directory.
 */
int config_doc_set_mode(struct config_doc *d, const char *dir, enum policy_mode m);
int config_doc_set_os_sandbox(struct config_doc *d, const char *dir, bool on);
/* git.LEVEL (local_read, local_write, remote_read, remote_write); -EINVAL
 * for another name. */
int config_doc_set_git(struct config_doc *d, const char *dir, const char *level, bool on);
/* Whether os_sandbox was ever written, in the base or in dir's override. */
bool config_doc_os_sandbox_set(const struct config_doc *d, const char *dir);
int config_doc_put_path(struct config_doc *d, const char *dir, const struct config_path *p);
int config_doc_remove_path(struct config_doc *d, const char *dir, const char *path);
int config_doc_put_command(struct config_doc *d, const char *dir,
			   const struct config_command *c);
/* args == NULL: every entry named name; else the entry with exactly these args. */
int config_doc_remove_command(struct config_doc *d, const char *dir, const char *name,
			      char *const *args, size_t n_args);

/*
 * Write the document back atomically: a temporary file in the same
 * directory, fsync, rename over the file, fsync the directory. The file's
 * mode is kept (0600 for a new file); a symlinked config is written through
 * to its target. Comments in the old file are not kept. On failure the old
 * file is untouched and reterr says why.
 */
int config_doc_save(struct config_doc *d, struct config_error *reterr);

/* YAML text: the whole document as it would be saved / one full config. */
int config_doc_to_yaml(const struct config_doc *d, char **ret_text);
int config_to_yaml(const struct config *c, char **ret_text);

/* Deep copy. */
int config_dup(const struct config *c, struct config **ret);

/* For _cleanup_(config_freep) / _cleanup_(config_doc_freep). */
static inline void
config_freep(struct config **c)
{
	config_free(*c);
}
static inline void
config_doc_freep(struct config_doc **d)
{
	config_doc_free(*d);
}

#endif
