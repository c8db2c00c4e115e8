/* SPDX-License-Identifier: MIT */
/*
 * pathcheck: the static path boundary. Given a path word (already unquoted
 * and expanded by the caller), the directory it is resolved from and whether
 * it is read or written, decide whether the agent may touch it, and if not,
 * say why and name the config change that would lift the refusal, unless the
 * refusal is on purpose (then the fix is empty).
 *
 * The boundary is built once from the config: the read set and the write set
 * are the project directory plus the `paths` grants (read-only grants add to
 * the read set, `write: true` ones to both; `internal: true` grants count
 * for the OS sandbox only and are ignored here; grants with `commands` count
 * only for those commands). On top of the sets:
 *
 *   - /dev/null is always allowed; /dev/std{in,out,err} and /dev/fd/{0,1,2}
 *     too, except for commands the interpreter runs in its own process
 *     (PATH_CHECK_IN_PROCESS), where they would name the server's streams;
 *   - any path through a .git component is refused, read or write;
 *   - the agents' configuration (.claude, .codex, .agents, .opencode, .crush,
 *     .grok, .pi directories at any depth, minus .claude/worktrees and
 *     .codex/worktrees; .mcp.json, opencode.json(c), tui.json(c), crushrc,
 *     .crushrc, crush.json, .crush.json in any directory) is read-only;
 *   - lite-sandbox's own state (its config and cache directories, plus what
 *     the caller adds with path_boundary_add_protected) is never reachable,
 *     whatever the grants say;
 *   - ssh private keys under ~/.ssh stay refused under a grant that merely
 *     overlaps them (a grant on ~/.ssh itself, or inside it, lifts that).
 *
 * Names are matched case-insensitively (ASCII), both as written and after
 * following symlinks, so neither `.Claude/settings.json` nor a symlink to a
 * protected file gets through.
 *
 * Resolution follows the kernel: components are walked one at a time from
 * the (resolved) directory, symlinks are followed wherever they sit (the last
 * component included, as open(2) would, at most 40 of them), and `..` after a
 * symlink goes to the parent of the link's target. A path that does not exist
 * yet resolves through its longest existing ancestor with the rest appended.
 *
 * Pure library: no printing, no global state, no environment reads. A
 * boundary is immutable once built (the add/set calls belong to set-up) and
 * may be shared by threads for checks.
 */
#ifndef LITE_SANDBOX_PATHCHECK_H
#define LITE_SANDBOX_PATHCHECK_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct config;

enum path_access {
	PATH_ACCESS_READ,
	PATH_ACCESS_WRITE,
};

/* Flags for path_boundary_check_cmd(). */
enum {
	/* The command runs inside the interpreter's process (awk, bash/sh,
	 * python): /dev/stdin, /dev/stdout, /dev/stderr and /dev/fd/0-2 would
	 * open the server's own streams, so they get no exemption. */
	PATH_CHECK_IN_PROCESS = 1u << 0,
	/* Accept /dev/zero, /dev/urandom and /dev/random for reads (dd if=,
	 * sort --random-source). */
	PATH_CHECK_RANDOM_SOURCES = 1u << 1,
	/* A write held to the read set rather than the write set (mktemp's
	 * template, which the spec exempts from the write-set hold); .git,
	 * lite-sandbox's own state and agent configuration still refuse it
	 * as a write. */
	PATH_CHECK_WRITE_IN_READ_SET = 1u << 2,
};

struct path_boundary;

/*
 * Build the boundary. cfg may be NULL (no grants). project_dir and home must
 * be absolute. The lite-sandbox config and cache directories under home
 * (~/.config/lite-sandbox, ~/.cache/lite-sandbox) are protected from the
 * start; add XDG locations that differ with path_boundary_add_protected().
 * -EINVAL for relative or missing directories, -ENAMETOOLONG, -ENOMEM.
 */
int path_boundary_new(const struct config *cfg, const char *project_dir,
		      const char *home, struct path_boundary **ret);
struct path_boundary *path_boundary_free(struct path_boundary *pb); /* NULL ok */

static inline void
path_boundary_freep(struct path_boundary **pb)
{
	path_boundary_free(*pb);
}
#define _cleanup_path_boundary_ __attribute__((cleanup(path_boundary_freep)))

/* Never reachable, read or write, whatever the grants; never named in a fix,
 * nor any directory holding it or path under it. For the config file's and
 * the cache's directories, the lite-sandbox binary, ... */
int path_boundary_add_protected(struct path_boundary *pb, const char *path);

/* Never named in a fix (nor a directory holding it or a path under it), but
 * otherwise left to the sets: what only the OS sandbox guards, such as the
 * PATH directories up to the one holding lite-sandbox, where a writable
 * grant would let a planted program shadow the binary the agents start. */
int path_boundary_add_no_fix(struct path_boundary *pb, const char *path);

/* The user's runtime directory ($XDG_RUNTIME_DIR), which a fix never names.
 * (Everything under /run is refused on purpose anyway.) */
int path_boundary_set_runtime_dir(struct path_boundary *pb, const char *dir);

/*
 * What every front end protects the same way, from values the caller reads
 * from its environment (any may be NULL or relative, then ignored):
 *  - $XDG_CONFIG_HOME/lite-sandbox and $XDG_CACHE_HOME/lite-sandbox, and the
 *    config file wherever it is: protected;
 *  - the lite-sandbox binary (self_exe): protected;
 *  - the directories of path ($PATH) up to and including the first that
 *    holds an executable lite-sandbox: no fix (none when none holds one);
 *  - runtime_dir ($XDG_RUNTIME_DIR): never a fix.
 */
struct path_boundary_env {
	const char *xdg_config_home;
	const char *xdg_cache_home;
	const char *config_file;
	const char *self_exe;
	const char *path;
	const char *runtime_dir;
};
int path_boundary_apply_env(struct path_boundary *pb, const struct path_boundary_env *env);

/* The resolved project directory. */
const char *path_boundary_project_dir(const struct path_boundary *pb);

/*
 * The project is home, a directory holding it, or /: an agent started in ~
 * would make all of it the boundary, which no fix would ever offer. Front
 * ends refuse to work then.
 */
bool path_boundary_project_too_wide(const struct path_boundary *pb);

/*
 * The refusal every front end gives for such a session, in one wording:
 * 0 when the project is a boundary the sandbox takes, -EPERM when it is too
 * wide (pb NULL included), with why naming the session's directory (cwd,
 * may be NULL) and the project. The policy turns it into a finding on every
 * check (rule "paths.project-too-wide"); the hook refuses with it before
 * looking at the tool call.
 */
int path_boundary_project_refusal(const struct path_boundary *pb, const char *cwd,
				  char *why, size_t why_len);

struct path_verdict {
	bool ok;
	/* Stable id of the rule that decided, for audit and tests:
	 *   allowed: "paths.inside", "paths.dev-null", "paths.std-stream",
	 *            "paths.random-source";
	 *   refused: "paths.outside-read-set", "paths.outside-write-set",
	 *            "paths.git-dir", "paths.agent-config",
	 *            "paths.protected" (lite-sandbox state, added paths),
	 *            "paths.credential" (ssh keys under an overlapping grant),
	 *            "paths.std-stream-in-process", "paths.unresolvable". */
	const char *rule;
	/* The resolved path is inside the set for this access. For
	 * "paths.agent-config" this tells an in-project write (the hook may ask)
	 * from one outside (refused either way). */
	bool in_boundary;
	char resolved[PATH_MAX];  /* symlinks followed ("" if unresolvable) */
	char message[512];        /* one line, for the agent; "" when ok */
	char fix[512];            /* "lite-sandbox config paths allow DIR [--write]",
				   * or "" when the refusal is on purpose (the message
				   * then says so) or nothing would lift it */
};

/*
 * Check one path. cwd must be absolute; path is absolute or relative to cwd
 * and taken literally (no tilde or variable expansion: that is the caller's,
 * who knows the quoting). Returns 0 with *ret filled whatever the decision.
 * On a bad argument returns a negative errno, and *ret (when not NULL) still
 * says "refused", so a caller that ignores the return value fails closed.
 * A path that cannot be resolved (a symlink loop, a name too long) is a
 * refusal ("paths.unresolvable"), not an error.
 */
int path_boundary_check(const struct path_boundary *pb, const char *cwd,
			const char *path, enum path_access access,
			struct path_verdict *ret);

/* The same, for a named command (grants scoped with `commands:` then count;
 * NULL for none) and PATH_CHECK_* flags. */
int path_boundary_check_cmd(const struct path_boundary *pb, const char *cwd,
			    const char *path, enum path_access access,
			    const char *command, unsigned flags,
			    struct path_verdict *ret);

/*
 * The fix that would let `access` reach `dir` (an absolute, resolved
 * directory): writes "lite-sandbox config paths allow DIR[ --write]" to buf,
 * or "" when granting it would reach what is refused on purpose (home or an
 * ancestor of it, /, system directories, /run, the runtime directory, .git,
 * agent configuration, credential masks, internal grants, protected paths:
 * as the path, a directory holding it or a path under it). Returns 1 when a
 * fix was written, 0 when refused on purpose, negative errno on error.
 */
int path_boundary_fix_for(const struct path_boundary *pb, const char *dir,
			  enum path_access access, char *buf, size_t size);

/*
 * Resolve path from cwd as the kernel would (see above). ret_written gets
 * the absolute path with only `.`, `..` and repeated slashes removed
 * lexically (may be NULL); ret_resolved the one with symlinks followed.
 * -ELOOP, -ENAMETOOLONG, -EINVAL (relative cwd, empty path).
 */
int path_resolve(const char *cwd, const char *path, char ret_written[PATH_MAX],
		 char ret_resolved[PATH_MAX]);

/* An absolute path lies in agent configuration (a config directory at any
 * depth, worktree exceptions applied, or a config file name). */
bool path_is_agent_config(const char *abs);

/* An absolute path has a .git component. */
bool path_has_git_component(const char *abs);

/*
 * Whether a command-line word should be checked as a path: it contains a
 * '/', or starts with '.' or '~' (., .., ./x, .env, ~/x, ~user/x). Option
 * words ("-x", "--x=...") are not; the caller splits attached values first.
 */
bool path_word_looks_like_path(const char *word);

#endif
