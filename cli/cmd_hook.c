/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox hook: the PreToolUse (and PermissionRequest) hook of Claude
 * Code and Codex. The agent writes one event as JSON on stdin; we answer
 * allow, ask or deny on stdout and exit 0.
 *
 * This is a security boundary that reads untrusted input, so it fails
 * closed: anything we cannot read, or do not know, is answered "deny" with a
 * reason, as valid JSON, never with a crash or a silent allow. (An agent
 * treats a hook that crashes or prints garbage as "no opinion" and runs the
 * tool.)
 *
 *  - Bash (both agents), and the sandbox's own MCP bash tool: the command
 *    line goes through the policy engine, the same checks the MCP tool
 *    applies before running anything. For the agent's own shell, which runs
 *    the line with no check after expansion, what only that check could
 *    see is refused as well (see "What the static check cannot see").
 *  - Claude Code's file tools (Read, Write, Edit, MultiEdit, NotebookEdit,
 *    Grep, Glob, LS) and Codex's apply_patch: the path boundary, read for the
 *    readers, write for the others. A write to agent configuration inside the
 *    boundary is put to the user ("ask") by agents that can ask, and refused
 *    by the others.
 */
#include <getopt.h>
#include <glob.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"
#include "cli.h"
#include "cmd_config.h"
#include "config.h"
#include "pathcheck.h"
#include "policy.h"
#include "services_client.h"
#include "shell.h"

extern char **environ;

/* An event is small, but Write carries the whole file it writes. */
#define HOOK_MAX_INPUT (16u * 1024u * 1024u)
/* What we say back: enough for several findings, bounded all the same. */
#define HOOK_MAX_REASON (8u * 1024u)
/* apply_patch: at most this many file operations in one patch. */
#define HOOK_MAX_PATCH_FILES 1024u

enum hook_agent {
	AGENT_UNKNOWN, /* not named: told from the event */
	AGENT_CLAUDE,
	AGENT_CODEX,
	AGENT_GROK,
	AGENT_PI,
};

enum hook_event {
	EVENT_PRE_TOOL_USE,
	EVENT_PERMISSION_REQUEST,
};

enum hook_decision {
	DECISION_ALLOW,
	DECISION_ASK,
	DECISION_DENY,
};

struct hook {
	enum hook_agent agent;
	enum hook_event event;
	const char *config_path; /* --config, or NULL for the usual lookup */
	bool in_process;         /* --in-process: no registrar */
	const char *agent_session; /* the event's session_id */
	const char *cwd;         /* from the event */
	char *home;
	char *project_dir;
	struct config *cfg;
	struct path_boundary *pb;
	enum hook_decision decision;
	struct buf reason;
};

void
cmd_hook_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox hook [--agent claude|codex|grok|pi] [--config FILE]\n"
		"                         [--in-process] < EVENT.json\n"
		"\n"
		"Answer an agent's PreToolUse hook (Claude Code and Codex; Grok Build and\n"
		"pi are known names, but only the tools below are): read the event JSON\n"
		"on stdin, decide, and print the decision as JSON on stdout.\n"
		"\n"
		"  Bash           the command line is checked by the policy, as the MCP\n"
		"                 bash tool would check it before running it; since the\n"
		"                 agent's shell then runs it unchecked, what only a check\n"
		"                 after expansion could see ($CMD, cat $f, xargs) is refused\n"
		"  Read Grep Glob LS                        held to the read set\n"
		"  Write Edit MultiEdit NotebookEdit apply_patch   held to the write set\n"
		"\n"
		"A write to agent configuration (.claude, .codex, .mcp.json, ...) inside the\n"
		"project is put to the user (\"ask\") by Claude Code and refused for agents\n"
		"that cannot ask. Claude Code's PermissionRequest event is answered too:\n"
		"allow or deny, or no decision where the user must answer.\n"
		"\n"
		"Anything that cannot be read or is not known (malformed JSON, a missing or\n"
		"mistyped field, an unknown event or tool, a broken config) is denied with\n"
		"a reason. The exit status is 0 whenever a decision was printed.\n"
		"\n"
		"Options:\n"
		"  --agent NAME   the agent that runs the hook (default: told from the\n"
		"                 event; Codex events carry a turn_id)\n"
		"  --in-process   decide in this process alone, without the registrar\n"
		"                 service (its tickets and audit; for tests)\n"
		"  --config FILE  the config file (default: $LITE_SANDBOX_CONFIG, else\n"
		"                 $XDG_CONFIG_HOME/lite-sandbox/config.yaml, else\n"
		"                 ~/.config/lite-sandbox/config.yaml); a missing default\n"
		"                 file means the built-in defaults, a broken one denies\n"
		"  -h, --help     show this help\n");
}

static bool
agent_can_ask(enum hook_agent a)
{
	/* Codex reads "ask" as an invalid answer and runs the tool. */
	return a == AGENT_CLAUDE;
}

static const char *
agent_name(enum hook_agent a)
{
	switch (a) {
	case AGENT_CLAUDE:
		return "Claude Code";
	case AGENT_CODEX:
		return "Codex";
	case AGENT_GROK:
		return "Grok Build";
	case AGENT_PI:
		return "pi";
	case AGENT_UNKNOWN:
	default:
		return "the agent";
	}
}

/* Set the decision, replacing the reason. */
static void
decide(struct hook *h, enum hook_decision d, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
decide(struct hook *h, enum hook_decision d, const char *fmt, ...)
{
	va_list ap;
	h->decision = d;
	buf_truncate(&h->reason, 0);
	va_start(ap, fmt);
	/* a reason cut at the limit is still a reason */
	(void)buf_vprintf(&h->reason, fmt, ap);
	va_end(ap);
}

/* ---- the answer ----------------------------------------------------------- */

static int
print_answer(const struct hook *h)
{
	const char *reason = h->reason.data ? h->reason.data : "";
	json_t *out = NULL;

	if (h->event == EVENT_PERMISSION_REQUEST) {
		/* No decision leaves the prompt to the user. */
		if (h->decision == DECISION_ASK)
			out = json_object();
		else if (h->decision == DECISION_ALLOW)
			out = json_pack("{s:{s:s, s:{s:s}}}", "hookSpecificOutput",
					"hookEventName", "PermissionRequest", "decision",
					"behavior", "allow");
		else
			out = json_pack("{s:{s:s, s:{s:s, s:s}}}", "hookSpecificOutput",
					"hookEventName", "PermissionRequest", "decision",
					"behavior", "deny", "message", reason);
	} else if (h->decision == DECISION_ALLOW && h->agent == AGENT_CODEX) {
		/* Codex takes an explicit allow as a malformed answer (it only
		 * accepts allow with a rewritten input); no decision lets the
		 * tool run. */
		out = json_object();
	} else {
		const char *d = h->decision == DECISION_ALLOW ? "allow"
				: h->decision == DECISION_ASK ? "ask" : "deny";
		out = json_pack("{s:{s:s, s:s, s:s}}", "hookSpecificOutput", "hookEventName",
				"PreToolUse", "permissionDecision", d,
				"permissionDecisionReason", reason);
	}
	if (!out)
		return -ENOMEM;
	char *s = json_dumps(out, JSON_COMPACT | JSON_ENSURE_ASCII);
	json_decref(out);
	if (!s)
		return -ENOMEM;
	int r = printf("%s\n", s) < 0 || fflush(stdout) != 0 ? -EIO : 0;
	free(s);
	return r;
}

/* When even building the answer failed: a fixed deny, written raw. */
static void
print_fallback_deny(void)
{
	fputs("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
	      "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":"
	      "\"lite-sandbox hook: internal error; refusing\"}}\n", stdout);
	fflush(stdout);
}

/* ---- reading the event ---------------------------------------------------- */

/* A required string member; NULL (and a deny) when missing or not a string. */
static const char *
get_string(struct hook *h, json_t *obj, const char *where, const char *key, bool required)
{
	json_t *v = json_object_get(obj, key);
	if (!v) {
		if (required)
			decide(h, DECISION_DENY, "lite-sandbox hook: the event has no %s%s; refusing",
			       where, key);
		return NULL;
	}
	if (!json_is_string(v)) {
		decide(h, DECISION_DENY, "lite-sandbox hook: %s%s is not a string; refusing",
		       where, key);
		return NULL;
	}
	const char *s = json_string_value(v);
	if (required && s[0] == '\0') {
		decide(h, DECISION_DENY, "lite-sandbox hook: %s%s is empty; refusing", where, key);
		return NULL;
	}
	return s;
}

/* An optional member that, when present, must have one of the JSON types
 * given (a bitmask of 1 << json_type). */
static bool
check_type(struct hook *h, json_t *obj, const char *key, unsigned types)
{
	json_t *v = json_object_get(obj, key);
	if (!v || (types & (1u << json_typeof(v))))
		return true;
	decide(h, DECISION_DENY, "lite-sandbox hook: the event's %s has the wrong type; refusing",
	       key);
	return false;
}

/* ---- the path boundary for the file tools ------------------------------- */

static int
setup_boundary(struct hook *h)
{
	int r = path_boundary_new(h->cfg, h->project_dir, h->home, &h->pb);
	if (r < 0)
		return r;
	/* lite-sandbox's own state where XDG puts it, the config file wherever
	 * it is, this binary, and the PATH directories ahead of it */
	_cleanup_free_ char *cfgpath = NULL;
	if (h->config_path)
		cfgpath = strdup(h->config_path);
	else
		(void)config_default_path(&cfgpath);
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	struct path_boundary_env env = {
		.xdg_config_home = getenv("XDG_CONFIG_HOME"),
		.xdg_cache_home = getenv("XDG_CACHE_HOME"),
		.config_file = cfgpath,
		.self_exe = n > 0 ? self : NULL,
		.path = getenv("PATH"),
		.runtime_dir = getenv("XDG_RUNTIME_DIR"),
	};
	return path_boundary_apply_env(h->pb, &env);
}

static bool check_one_path(struct hook *h, const char *tool, const char *path,
			   enum path_access access);

/*
 * A tool may expand a leading "~" itself, where the kernel would take it as
 * a directory named "~": check the path both ways, and refuse "~user",
 * whose directory we would have to guess.
 */
static bool
check_path(struct hook *h, const char *tool, const char *path, enum path_access access)
{
	if (path[0] != '~')
		return check_one_path(h, tool, path, access);
	if (path[1] != '\0' && path[1] != '/') {
		decide(h, DECISION_DENY, "lite-sandbox: %s refused: '%.200s' names another user's "
		       "home directory.", tool, path);
		return false;
	}
	char expanded[PATH_MAX];
	if ((size_t)snprintf(expanded, sizeof(expanded), "%s%s", h->home, path + 1) >=
	    sizeof(expanded)) {
		decide(h, DECISION_DENY, "lite-sandbox: %s refused: the path is too long.", tool);
		return false;
	}
	return check_one_path(h, tool, path, access) &&
	       check_one_path(h, tool, expanded, access);
}

/*
 * Check one path of a file tool. Returns true when it may go ahead; else the
 * decision is set (deny, or ask for agent configuration inside the boundary
 * when the agent can ask and the tool is a write).
 */
static bool
check_one_path(struct hook *h, const char *tool, const char *path, enum path_access access)
{
	struct path_verdict v;
	int r = path_boundary_check(h->pb, h->cwd, path, access, &v);
	if (r >= 0 && v.ok)
		return true;
	if (r >= 0 && strcmp(v.rule, "paths.agent-config") == 0 && v.in_boundary &&
	    agent_can_ask(h->agent)) {
		decide(h, DECISION_ASK,
		       "lite-sandbox: %s writes agent configuration (%s), which holds settings, "
		       "hooks and MCP servers the agents obey outside the sandbox. Approve only if "
		       "you asked for this change.", tool, v.resolved[0] ? v.resolved : path);
		return false;
	}
	if (v.fix[0])
		decide(h, DECISION_DENY, "lite-sandbox: %s refused: %s. To allow it, ask the user "
		       "to run: %s", tool, v.message, v.fix);
	else
		decide(h, DECISION_DENY, "lite-sandbox: %s refused: %s.", tool, v.message);
	return false;
}

/* Glob's pattern may climb out of its directory or start from /: check the
 * directory its literal leading components name. */
static bool
check_glob_pattern(struct hook *h, const char *tool, const char *base, const char *pattern)
{
	char dir[PATH_MAX];
	size_t len = 0;
	const char *s = pattern;
	bool wild = false;

	if (strlen(pattern) >= PATH_MAX) {
		decide(h, DECISION_DENY, "lite-sandbox: %s refused: the pattern is too long.", tool);
		return false;
	}
	if (pattern[0] == '~') {
		decide(h, DECISION_DENY, "lite-sandbox: %s refused: give the pattern's directory "
		       "as an absolute path rather than with '~'.", tool);
		return false;
	}
	if (pattern[0] == '/')
		dir[len++] = '/';
	dir[len] = '\0';
	while (*s) {
		while (*s == '/')
			s++;
		if (!*s)
			break;
		const char *e = strchrnul(s, '/');
		size_t n = (size_t)(e - s);
		bool meta = memchr(s, '*', n) || memchr(s, '?', n) || memchr(s, '[', n) ||
			    memchr(s, '{', n) || memchr(s, '\\', n);
		bool dotdot = n == 2 && s[0] == '.' && s[1] == '.';
		if (meta)
			wild = true;
		else if (dotdot && wild) {
			/* "*\/.." climbs by an amount only the file tree knows */
			decide(h, DECISION_DENY, "lite-sandbox: %s refused: the pattern '%s' climbs "
			       "with '..' after a wildcard, which cannot be bounded.", tool, pattern);
			return false;
		} else if (!wild && *e == '/') {
			/* a literal directory component: part of the base */
			if (len > 0 && dir[len - 1] != '/')
				dir[len++] = '/';
			memcpy(dir + len, s, n);
			len += n;
			dir[len] = '\0';
		}
		if (!wild && !meta && (n == 4 && strncasecmp(s, ".git", 4) == 0)) {
			decide(h, DECISION_DENY, "lite-sandbox: %s refused: the pattern '%s' reaches "
			       "into a .git directory (refused on purpose).", tool, pattern);
			return false;
		}
		s = e;
	}
	if (len == 0)
		return true; /* the pattern stays under base, checked by the caller */
	char full[2 * PATH_MAX];
	if (dir[0] == '/')
		snprintf(full, sizeof(full), "%s", dir);
	else
		snprintf(full, sizeof(full), "%s/%s", base, dir);
	if (strlen(full) >= PATH_MAX) {
		decide(h, DECISION_DENY, "lite-sandbox: %s refused: the pattern is too long.", tool);
		return false;
	}
	return check_path(h, tool, full, PATH_ACCESS_READ);
}

/* ---- Codex's apply_patch --------------------------------------------------- */

static void
trim(const char **s, size_t *n)
{
	while (*n > 0 && (**s == ' ' || **s == '\t')) {
		(*s)++;
		(*n)--;
	}
	while (*n > 0 && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t' || (*s)[*n - 1] == '\r'))
		(*n)--;
}

static bool
starts(const char *s, size_t n, const char *prefix, const char **rest, size_t *rest_n)
{
	size_t pl = strlen(prefix);
	if (n < pl || strncmp(s, prefix, pl) != 0)
		return false;
	*rest = s + pl;
	*rest_n = n - pl;
	trim(rest, rest_n);
	return true;
}

/*
 * Every file a patch adds, updates, deletes or moves to is a write. The
 * headers are read the way Codex's parser reads them (markers matched on the
 * trimmed line); a line that looks like a header we do not know, or a patch
 * with no envelope or no file, is refused rather than guessed at.
 */
static void
check_apply_patch(struct hook *h, const char *patch)
{
	static const char *const file_markers[] = {
		"*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:",
	};
	const char *s = patch;
	bool begun = false, ended = false;
	size_t files = 0;

	while (*s) {
		const char *e = strchrnul(s, '\n');
		const char *line = s, *rest;
		size_t n = (size_t)(e - s), rn;
		s = *e ? e + 1 : e;
		trim(&line, &n);
		if (n == 0)
			continue;
		if (!begun) {
			if (n == 15 && strncmp(line, "*** Begin Patch", 15) == 0) {
				begun = true;
				continue;
			}
			decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: the patch does "
			       "not start with '*** Begin Patch'.");
			return;
		}
		if (ended) {
			decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: text after "
			       "'*** End Patch'.");
			return;
		}
		if (n == 13 && strncmp(line, "*** End Patch", 13) == 0) {
			ended = true;
			continue;
		}
		if (n == 15 && strncmp(line, "*** End of File", 15) == 0)
			continue;
		if (n < 3 || strncmp(line, "***", 3) != 0)
			continue; /* hunk lines: @@, +, -, context */
		bool known = false;
		for (size_t i = 0; i < ARRAY_SIZE(file_markers); i++) {
			if (!starts(line, n, file_markers[i], &rest, &rn))
				continue;
			known = true;
			if (rn == 0 || rn >= PATH_MAX) {
				decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: a '%s' "
				       "header without a usable path.", file_markers[i]);
				return;
			}
			if (++files > HOOK_MAX_PATCH_FILES) {
				decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: more than "
				       "%u files in one patch.", HOOK_MAX_PATCH_FILES);
				return;
			}
			char path[PATH_MAX];
			memcpy(path, rest, rn);
			path[rn] = '\0';
			if (memchr(rest, '\0', rn)) {
				decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: NUL in a path.");
				return;
			}
			if (!check_path(h, "apply_patch", path, PATH_ACCESS_WRITE))
				return;
			break;
		}
		if (!known) {
			decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: unknown patch "
			       "header '%.80s'.", line);
			return;
		}
	}
	if (!begun || files == 0) {
		decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: no file operation in "
		       "the patch.");
		return;
	}
	if (!ended) {
		decide(h, DECISION_DENY, "lite-sandbox: apply_patch refused: the patch does not end "
		       "with '*** End Patch'.");
		return;
	}
	decide(h, DECISION_ALLOW, "lite-sandbox: every file the patch touches is inside the "
	       "write set.");
}

/* ---- Bash ------------------------------------------------------------------ */

/*
 * A single literal `lite-sandbox config ...` invocation: a config request,
 * which the user approves rather than the policy (its deny list refuses
 * every other way to run it). *ret_refused: why no answer of the user's
 * could let it run (config_request_refusal), else NULL.
 */
static bool
is_config_request(const char *cmd, size_t len, bool *ret_read_only, const char **ret_refused)
{
	*ret_read_only = false;
	*ret_refused = NULL;
	_cleanup_arena_ struct arena *a = arena_new(SH_MAX_INPUT * 4u);
	struct sh_node *tree = NULL;
	struct sh_error err;
	if (!a || sh_parse(a, cmd, len, NULL, &tree, &err) < 0 || !tree)
		return false;
	if (tree->kind != SH_NODE_SIMPLE || tree->redirs || tree->u.simple.assigns ||
	    tree->u.simple.n_words < 2)
		return false;
	size_t n = tree->u.simple.n_words;
	if (n > CONFIG_REQUEST_MAX_ARGS + 8)
		return false;
	char **w = arena_alloc(a, (n + 1) * sizeof(*w));
	if (!w)
		return false;
	for (size_t i = 0; i < n; i++) {
		bool is_static = false;
		const char *v = sh_word_static_value(a, tree->u.simple.words[i], &is_static);
		if (!v || !is_static)
			return false;
		if (config_string_problem(v, strlen(v)))
			return false; /* a word that could fake the prompt */
		w[i] = (char *)v;
	}
	/* By name only: "./lite-sandbox" or "bin/lite-sandbox" could be a
	 * script the agent wrote, which the user would approve unawares. */
	if (strcmp(w[0], "lite-sandbox") != 0 || strcmp(w[1], "config") != 0)
		return false;
	/* Judged by the command's own parser, not by scanning words: a
	 * request that only reads (help, path, show, list, ...) needs no
	 * approval; one we cannot parse is treated as a change. */
	struct config_request req;
	char why[256];
	if (cmd_config_parse((int)n - 1, w + 1, &req, why, sizeof(why)) == 0) {
		/* (a static string: it outlives the arena; it refuses --config
		 * FILE, which would have the command read any file and quote
		 * it in its errors, so no read with it is free) */
		*ret_refused = config_request_refusal(&req);
		*ret_read_only = req.help || !req.writes;
	}
	return true;
}

/*
 * What the static check cannot see. The policy checks a command line before
 * it runs and, on the MCP path, again after each word expands; the agent's
 * own shell has no second check, so whatever the static check leaves to that
 * layer has to be refused here instead:
 *
 *  - a command name, a cd/pushd target or a redirection target only known
 *    when the line runs ($CMD, $(...), "$dir", popd, cd -);
 *  - an unquoted expansion (its value is split into words and globbed, so
 *    even the number of arguments is unknown), a brace expansion, an
 *    extended glob, ~user;
 *  - a quoted expansion ("$f", "$(cat list)") that the command uses as a
 *    path. Which words a command uses as paths is the policy's knowledge, so
 *    the command is checked once more with each such word replaced by a probe
 *    path outside every boundary: a finding that names the probe means the
 *    word is a path. (A quoted value that is only data, a commit message
 *    from a here-document, is fine.)
 *  - a glob: expanded here, from the event's directory, and every match held
 *    to the read set and kept out of .git and agent configuration (a glob
 *    after a cd is refused: we do not follow the directory).
 *
 * Known limit, documented in docs/hook.md: a symlink the same line creates
 * (ln -s ~ h && cat h/x) is not there when the check runs. The sandbox's own
 * bash tool checks each command as it runs.
 */

#define PROBE_MARK "lite-sandbox-probe"
/* At most this many paths a glob may match before we give up on it. */
#define HOOK_MAX_GLOB_MATCHES 10000u

enum word_class {
	WORD_STATIC,  /* known now */
	WORD_GLOB,    /* known but for unquoted glob characters */
	WORD_QUOTED,  /* holds expansions, but only inside double quotes */
	WORD_DYNAMIC, /* unquoted expansions, braces, extglob, ~user */
	WORD_PROCSUB, /* exactly one <(...) or >(...): a /dev/fd path */
};

struct unseen {
	struct hook *h;
	const struct policy *p;
	struct arena *a;
	bool has_cd;
	bool refused;
	bool evaluated; /* the last word classified held a here-document's text */
	bool overflow;  /* the last word classified did not fit the buffer */
};

/* Append to a word's value, noting when it does not fit. */
static void
put(struct unseen *u, struct buf *b, const char *p, size_t n)
{
	if (buf_append(b, p, n) < 0)
		u->overflow = true;
}

static void unseen_node(struct unseen *u, const struct sh_node *n);

static void
unseen_refuse(struct unseen *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
unseen_refuse(struct unseen *u, const char *fmt, ...)
{
	va_list ap;
	if (u->refused)
		return;
	u->refused = true;
	u->h->decision = DECISION_DENY;
	buf_truncate(&u->h->reason, 0);
	(void)buf_puts(&u->h->reason, "lite-sandbox: refused: ");
	va_start(ap, fmt);
	(void)buf_vprintf(&u->h->reason, fmt, ap);
	va_end(ap);
	(void)buf_puts(&u->h->reason, " The agent's own shell runs the line as written, with no "
		       "check after expansion: write the value out, or run the command through "
		       "the sandbox's bash tool, which checks each command as it runs.");
}

static void unseen_parts_subs(struct unseen *u, const struct sh_part *parts, size_t n);

static void
unseen_word_subs(struct unseen *u, const struct sh_word *w)
{
	if (w)
		unseen_parts_subs(u, w->parts, w->n_parts);
}

/* The commands inside a word's substitutions are commands like any other. */
static void
unseen_parts_subs(struct unseen *u, const struct sh_part *parts, size_t n)
{
	for (size_t i = 0; i < n && !u->refused; i++) {
		const struct sh_part *pt = &parts[i];
		switch (pt->kind) {
		case SH_PART_DQUOTE:
		case SH_PART_LOCALE:
			unseen_parts_subs(u, pt->parts, pt->n_parts);
			break;
		case SH_PART_CMDSUB:
		case SH_PART_PROCSUB:
			if (pt->body)
				unseen_node(u, pt->body);
			break;
		case SH_PART_PARAM:
			if (pt->param) {
				unseen_word_subs(u, pt->param->index);
				unseen_word_subs(u, pt->param->arg);
				unseen_word_subs(u, pt->param->arg2);
			}
			break;
		case SH_PART_ARITH:
			unseen_word_subs(u, pt->expr);
			break;
		case SH_PART_BRACE:
			for (size_t k = 0; pt->brace && k < pt->brace->n_items; k++)
				unseen_word_subs(u, pt->brace->items[k]);
			break;
		case SH_PART_EXTGLOB:
			for (size_t k = 0; k < pt->n_alts; k++)
				unseen_word_subs(u, pt->alts[k]);
			break;
		case SH_PART_LIT:
		case SH_PART_ESCAPED:
		case SH_PART_SQUOTE:
		case SH_PART_ANSI_C:
		case SH_PART_TILDE:
		case SH_PART_KIND_MAX:
		default:
			break;
		}
	}
}

/* As bash reads a pattern: '*', '?', or a '[' closed by a later ']' (a lone
 * '[', the test command, is plain text). */
static bool
has_glob_chars(const char *s)
{
	const char *open = strchr(s, '[');
	return strpbrk(s, "*?") || (open && strchr(open + 1, ']'));
}

/*
 * "$(cat <<'EOF' ... EOF)", the way agents pass a multi-line message: the
 * value is the here-document's text less its trailing newlines, known now
 * when the body holds no expansion. Appends it and returns true then.
 */
static bool
append_cat_heredoc(struct unseen *u, const struct sh_node *body, struct buf *b)
{
	if (!body || body->kind != SH_NODE_SIMPLE || body->u.simple.assigns ||
	    body->u.simple.n_words != 1 || !body->redirs || body->redirs->next)
		return false;
	const struct sh_redir *rd = body->redirs;
	if ((rd->op != SH_REDIR_HEREDOC && rd->op != SH_REDIR_HEREDOC_TAB) || !rd->body ||
	    (rd->fd != -1 && rd->fd != 0))
		return false;
	bool st = false;
	const char *name = sh_word_static_value(u->a, body->u.simple.words[0], &st);
	if (!name || !st || strcmp(name, "cat") != 0)
		return false;
	const char *text = sh_word_static_value(u->a, rd->body, &st);
	if (!text || !st)
		return false;
	size_t n = strlen(text);
	while (n > 0 && text[n - 1] == '\n')
		n--;
	put(u, b, text, n);
	return true;
}

/*
 * Classify a word and build what it will be (quote removal, ~ expanded; the
 * glob characters of a WORD_GLOB kept as written) into b.
 */
static enum word_class
classify_parts(struct unseen *u, const struct sh_part *parts, size_t n, bool quoted,
	       struct buf *b)
{
	enum word_class c = WORD_STATIC;
	for (size_t i = 0; i < n; i++) {
		const struct sh_part *pt = &parts[i];
		switch (pt->kind) {
		case SH_PART_LIT:
			if (!pt->text)
				break;
			if (!quoted && has_glob_chars(pt->text))
				c = c == WORD_STATIC ? WORD_GLOB : c;
			put(u, b, pt->text, pt->text_len ? pt->text_len : strlen(pt->text));
			break;
		case SH_PART_ESCAPED:
		case SH_PART_SQUOTE:
			if (pt->text)
				put(u, b, pt->text, pt->text_len ? pt->text_len : strlen(pt->text));
			break;
		case SH_PART_ANSI_C:
			if (!pt->text || pt->text_len == 0)
				break;
			if (memchr(pt->text, '\0', pt->text_len))
				return WORD_DYNAMIC; /* a NUL ends the argument there */
			put(u, b, pt->text, pt->text_len);
			break;
		case SH_PART_TILDE:
			if (pt->text && pt->text[0])
				return WORD_DYNAMIC; /* ~user */
			put(u, b, u->h->home, strlen(u->h->home));
			break;
		case SH_PART_DQUOTE:
		case SH_PART_LOCALE: {
			enum word_class in = classify_parts(u, pt->parts, pt->n_parts, true, b);
			if (in == WORD_DYNAMIC)
				return WORD_DYNAMIC;
			if (in == WORD_QUOTED)
				c = WORD_QUOTED;
			break;
		}
		case SH_PART_CMDSUB:
			if (quoted && append_cat_heredoc(u, pt->body, b)) {
				u->evaluated = true; /* known now, but not to the policy */
				break;
			}
			if (!quoted)
				return WORD_DYNAMIC;
			c = WORD_QUOTED;
			break;
		case SH_PART_PARAM:
		case SH_PART_ARITH:
			if (!quoted)
				return WORD_DYNAMIC;
			c = WORD_QUOTED;
			break;
		case SH_PART_PROCSUB:
			if (n == 1 && !quoted)
				return WORD_PROCSUB;
			return WORD_DYNAMIC;
		case SH_PART_BRACE:
		case SH_PART_EXTGLOB:
		case SH_PART_KIND_MAX:
		default:
			return WORD_DYNAMIC;
		}
	}
	return c;
}

static enum word_class
classify(struct unseen *u, const struct sh_word *w, struct buf *b)
{
	buf_truncate(b, 0);
	u->evaluated = false;
	u->overflow = false;
	if (w->assign)
		return WORD_STATIC; /* declare -a x=(...): an assignment, walked for subs */
	enum word_class c = classify_parts(u, w->parts, w->n_parts, false, b);
	/* A value that did not fit is not the value: refuse it. */
	if (u->overflow)
		return WORD_DYNAMIC;
	if (c == WORD_GLOB && b->len > 0 && b->data[0] == '~')
		return WORD_DYNAMIC;
	return c;
}

static void
unseen_src(const struct sh_word *w, char *out, size_t size)
{
	size_t n = w->src ? w->src_len : 0;
	if (n > size - 1)
		n = size - 1;
	for (size_t i = 0; i < n; i++)
		out[i] = (unsigned char)w->src[i] < 0x20 ? '?' : w->src[i];
	out[n] = '\0';
}

/* Escape the glob characters of a directory we put in front of a pattern. */
static int
glob_escape(struct buf *b, const char *s)
{
	int r = 0;
	for (; *s && r >= 0; s++) {
		if (strchr("*?[]\\", *s))
			r = buf_putc(b, '\\');
		if (r >= 0)
			r = buf_putc(b, *s);
	}
	return r;
}

static void
unseen_glob(struct unseen *u, const struct sh_word *w, const char *pattern)
{
	char src[128];
	unseen_src(w, src, sizeof(src));
	if (pattern[0] != '/' && u->has_cd) {
		unseen_refuse(u, "the glob '%s' is matched in a directory an earlier cd changed "
			      "to, which the check does not follow.", src);
		return;
	}
	_cleanup_buf_ struct buf abs = BUF_INIT(2 * PATH_MAX);
	int r = 0;
	if (pattern[0] != '/') {
		r = glob_escape(&abs, u->h->cwd);
		if (r >= 0)
			r = buf_putc(&abs, '/');
	}
	if (r >= 0)
		r = buf_puts(&abs, pattern);
	if (r < 0) {
		unseen_refuse(u, "the glob '%s' is too long to check.", src);
		return;
	}
	glob_t g;
	memset(&g, 0, sizeof(g));
	r = glob(abs.data, GLOB_NOSORT, NULL, &g);
	if (r == GLOB_NOMATCH) {
		globfree(&g);
		return; /* bash leaves it as written, which the policy checked */
	}
	if (r != 0 || g.gl_pathc > HOOK_MAX_GLOB_MATCHES) {
		globfree(&g);
		unseen_refuse(u, "the glob '%s' could not be expanded for the check.", src);
		return;
	}
	for (size_t i = 0; i < g.gl_pathc && !u->refused; i++) {
		struct path_verdict v;
		const char *m = g.gl_pathv[i];
		int k = path_boundary_check(u->h->pb, u->h->cwd, m, PATH_ACCESS_READ, &v);
		if (k < 0 || !v.ok)
			unseen_refuse(u, "the glob '%s' matches %.300s: %s.", src, m,
				      k < 0 ? "cannot be checked" : v.message);
		else if (path_is_agent_config(m) || path_is_agent_config(v.resolved))
			unseen_refuse(u, "the glob '%s' matches agent configuration (%.300s), which "
				      "a command may read but not write, and the check cannot tell "
				      "which this is.", src, m);
	}
	globfree(&g);
}

/*
 * Re-check the command with its quoted expansions replaced by probes: once
 * by a path outside every boundary (a finding naming it: the word is used as
 * a path), once by an option no command has (a finding naming it: the word
 * can become an option of a command whose options are checked; for the
 * others any option is accepted anyway).
 */
static void unseen_probe_pass(struct unseen *u, const struct sh_node *n, char **argv,
			      const bool *probed);

static void
unseen_probe(struct unseen *u, const struct sh_node *n, char **argv, const bool *probed)
{
	size_t argc = n->u.simple.n_words;
	for (int pass = 0; pass < 2 && !u->refused; pass++) {
		for (size_t i = 0; i < argc; i++) {
			if (!probed[i])
				continue;
			argv[i] = arena_printf(u->a, pass == 0 ? "/." PROBE_MARK "-%zu"
							      : "--" PROBE_MARK "-%zu", i);
			if (!argv[i]) {
				unseen_refuse(u, "the line is too large to check.");
				return;
			}
		}
		unseen_probe_pass(u, n, argv, probed);
	}
}

static void
unseen_probe_pass(struct unseen *u, const struct sh_node *n, char **argv, const bool *probed)
{
	size_t argc = n->u.simple.n_words;
	struct policy_report *rep = NULL;
	if (policy_report_new(&rep) < 0) {
		unseen_refuse(u, "out of memory while checking expansions.");
		return;
	}
	int r = policy_check_argv(u->p, NULL, argv, argc, rep);
	if (r < 0)
		unseen_refuse(u, "the command could not be checked with its expansions (%s).",
			      strerror(-r));
	for (size_t i = 0; r >= 0 && i < rep->n_findings && !u->refused; i++) {
		const char *m = rep->findings[i].message;
		if (!m || !strstr(m, PROBE_MARK))
			continue;
		for (size_t k = 0; k < argc; k++) {
			if (!probed[k] || !strstr(m, argv[k]))
				continue;
			char src[128];
			unseen_src(n->u.simple.words[k], src, sizeof(src));
			unseen_refuse(u, "'%s' is only known when the line runs, and %s would use "
				      "it as a path or an option, which the check must see.", src,
				      argv[0]);
			break;
		}
		if (!u->refused) /* a probe we cannot place: still one */
			unseen_refuse(u, "an expansion only known when the line runs is used "
				      "where %s checks a path.", argv[0]);
	}
	policy_report_free(rep);
}

static void
unseen_cond(struct unseen *u, const struct sh_cond *c)
{
	if (!c || u->refused)
		return;
	unseen_cond(u, c->left);
	unseen_cond(u, c->right);
	unseen_word_subs(u, c->a);
	unseen_word_subs(u, c->b);
}

/*
 * A word the policy saw as an expansion but whose value we know (a
 * here-document's text): check the command with the values in, the quoted
 * expansions standing in as plain data; every finding counts.
 */
static void
unseen_values(struct unseen *u, char **argv, const bool *probed, size_t argc)
{
	char **vals = arena_alloc(u->a, (argc + 1) * sizeof(char *));
	struct policy_report *rep = NULL;
	if (!vals || policy_report_new(&rep) < 0) {
		unseen_refuse(u, "out of memory while checking expansions.");
		return;
	}
	for (size_t i = 0; i < argc; i++)
		vals[i] = probed[i] ? (char *)"x" : argv[i];
	vals[argc] = NULL;
	int r = policy_check_argv(u->p, NULL, vals, argc, rep);
	if (r < 0)
		unseen_refuse(u, "the command could not be checked with its here-document "
			      "values (%s).", strerror(-r));
	for (size_t i = 0; r >= 0 && i < rep->n_findings && !u->refused; i++)
		if (rep->findings[i].enforced)
			unseen_refuse(u, "with its here-document text in, %s.",
				      rep->findings[i].message ? rep->findings[i].message
							       : rep->findings[i].rule);
	policy_report_free(rep);
}

static void
unseen_redirs(struct unseen *u, const struct sh_redir *rd)
{
	_cleanup_buf_ struct buf b = BUF_INIT(PATH_MAX);
	for (; rd && !u->refused; rd = rd->next) {
		if (rd->op == SH_REDIR_HEREDOC || rd->op == SH_REDIR_HEREDOC_TAB) {
			if (!rd->quoted_delim)
				unseen_word_subs(u, rd->body); /* $(...) in the body runs */
			continue;
		}
		unseen_word_subs(u, rd->target);
		if (rd->op == SH_REDIR_HERESTRING || !rd->target)
			continue; /* data, not a path */
		enum word_class c = classify(u, rd->target, &b);
		if (c != WORD_STATIC) {
			char src[128];
			unseen_src(rd->target, src, sizeof(src));
			unseen_refuse(u, "the redirection target '%s' is only known when the line "
				      "runs.", src);
		}
	}
}

static bool
is_cd(const char *name)
{
	return strcmp(name, "cd") == 0 || strcmp(name, "pushd") == 0 ||
	       strcmp(name, "popd") == 0;
}

static const char *
base_name(const char *s)
{
	const char *b = strrchr(s, '/');
	return b ? b + 1 : s;
}

/* xargs, directly or under a command that runs another (env xargs ...). */
static bool
runs_xargs(char *const *argv, size_t argc)
{
	static const char *const wrappers[] = {
		"env", "timeout", "nice", "nohup", "setsid", "stdbuf", "command", "exec",
		"time", "ionice", "chrt", "taskset", "sudo", "doas", "busybox", "xcrun",
	};
	if (strcmp(base_name(argv[0]), "xargs") == 0)
		return true;
	bool wrapper = false;
	for (size_t i = 0; i < ARRAY_SIZE(wrappers); i++)
		wrapper |= strcmp(base_name(argv[0]), wrappers[i]) == 0;
	for (size_t i = 1; wrapper && i < argc; i++)
		if (strcmp(base_name(argv[i]), "xargs") == 0)
			return true;
	return false;
}

static void
unseen_simple(struct unseen *u, const struct sh_node *n)
{
	size_t nw = n->u.simple.n_words;
	for (const struct sh_assign *as = n->u.simple.assigns; as && !u->refused; as = as->next) {
		unseen_word_subs(u, as->index);
		unseen_word_subs(u, as->value);
		for (size_t k = 0; k < as->n_elems; k++) {
			unseen_word_subs(u, as->elems[k].key);
			unseen_word_subs(u, as->elems[k].value);
		}
	}
	for (size_t i = 0; i < nw && !u->refused; i++)
		unseen_word_subs(u, n->u.simple.words[i]);
	if (u->refused || nw == 0)
		return;

	char **argv = arena_alloc(u->a, (nw + 1) * sizeof(char *));
	bool *probed = arena_alloc(u->a, nw * sizeof(bool));
	enum word_class *cls = arena_alloc(u->a, nw * sizeof(*cls));
	if (!argv || !probed || !cls) {
		unseen_refuse(u, "the line is too large to check.");
		return;
	}
	_cleanup_buf_ struct buf b = BUF_INIT(64u * 1024u);
	bool any_probe = false, any_evaluated = false;
	for (size_t i = 0; i < nw; i++) {
		const struct sh_word *w = n->u.simple.words[i];
		char src[128];
		cls[i] = classify(u, w, &b);
		any_evaluated |= u->evaluated;
		unseen_src(w, src, sizeof(src));
		if (cls[i] == WORD_DYNAMIC || (i == 0 && cls[i] != WORD_STATIC)) {
			unseen_refuse(u, i == 0 ? "the command name '%s' is only known when the "
				      "line runs." : "'%s' is only known when the line runs (an "
				      "unquoted expansion is split into words and globbed, a brace "
				      "or extended glob expands, ~user names another home).", src);
			return;
		}
		if (cls[i] == WORD_QUOTED) {
			argv[i] = arena_printf(u->a, "/." PROBE_MARK "-%zu", i);
			probed[i] = any_probe = true;
		} else {
			argv[i] = arena_strndup(u->a, b.data ? b.data : "", b.len);
			probed[i] = false;
		}
		if (!argv[i]) {
			unseen_refuse(u, "the line is too large to check.");
			return;
		}
	}
	argv[nw] = NULL;
	if (is_cd(argv[0])) {
		for (size_t i = 1; i < nw; i++)
			if (cls[i] != WORD_STATIC || strcmp(argv[i], "-") == 0) {
				char src[128];
				unseen_src(n->u.simple.words[i], src, sizeof(src));
				unseen_refuse(u, "'%s %s' changes to a directory only known when "
					      "the line runs.", argv[0], src);
				return;
			}
		if (strcmp(argv[0], "popd") == 0) {
			unseen_refuse(u, "popd changes to a directory only known when the line "
				      "runs.");
			return;
		}
	}
	if (runs_xargs(argv, nw)) {
		unseen_refuse(u, "xargs builds its command's arguments from its input, which "
			      "no check made before the line runs can see.");
		return;
	}
	for (size_t i = 1; i < nw && !u->refused; i++)
		if (cls[i] == WORD_GLOB)
			unseen_glob(u, n->u.simple.words[i], argv[i]);
	if (!u->refused && any_evaluated)
		unseen_values(u, argv, probed, nw);
	if (!u->refused && any_probe)
		unseen_probe(u, n, argv, probed);
}

static void
unseen_node(struct unseen *u, const struct sh_node *n)
{
	if (!n || u->refused)
		return;
	unseen_redirs(u, n->redirs);
	switch (n->kind) {
	case SH_NODE_SIMPLE:
		unseen_simple(u, n);
		break;
	case SH_NODE_PIPELINE:
		for (size_t i = 0; i < n->u.pipeline.n_cmds; i++)
			unseen_node(u, n->u.pipeline.cmds[i]);
		break;
	case SH_NODE_AND:
	case SH_NODE_OR:
		unseen_node(u, n->u.binary.left);
		unseen_node(u, n->u.binary.right);
		break;
	case SH_NODE_LIST:
		for (size_t i = 0; i < n->u.list.n_items; i++)
			unseen_node(u, n->u.list.items[i]);
		break;
	case SH_NODE_SUBSHELL:
	case SH_NODE_GROUP:
		unseen_node(u, n->u.group.body);
		break;
	case SH_NODE_IF:
		unseen_node(u, n->u.if_.cond);
		unseen_node(u, n->u.if_.then_body);
		unseen_node(u, n->u.if_.else_body);
		break;
	case SH_NODE_WHILE:
	case SH_NODE_UNTIL:
		unseen_node(u, n->u.loop.cond);
		unseen_node(u, n->u.loop.body);
		break;
	case SH_NODE_FOR:
	case SH_NODE_SELECT:
		/* the values land in the loop variable, whose uses are checked */
		for (size_t i = 0; i < n->u.for_.n_words; i++)
			unseen_word_subs(u, n->u.for_.words[i]);
		unseen_node(u, n->u.for_.body);
		break;
	case SH_NODE_ARITH_FOR:
		unseen_word_subs(u, n->u.arith_for.init);
		unseen_word_subs(u, n->u.arith_for.test);
		unseen_word_subs(u, n->u.arith_for.step);
		unseen_node(u, n->u.arith_for.body);
		break;
	case SH_NODE_CASE:
		unseen_word_subs(u, n->u.case_.subject);
		for (size_t i = 0; i < n->u.case_.n_items; i++) {
			for (size_t k = 0; k < n->u.case_.items[i].n_patterns; k++)
				unseen_word_subs(u, n->u.case_.items[i].patterns[k]);
			unseen_node(u, n->u.case_.items[i].body);
		}
		break;
	case SH_NODE_FUNCTION:
		unseen_node(u, n->u.function.body);
		break;
	case SH_NODE_COND:
		unseen_cond(u, n->u.cond.expr);
		break;
	case SH_NODE_ARITH:
		unseen_word_subs(u, n->u.arith.expr);
		break;
	case SH_NODE_COPROC:
		unseen_node(u, n->u.coproc.body);
		break;
	case SH_NODE_KIND_MAX:
	default:
		unseen_refuse(u, "the line holds a construct the check does not know.");
		break;
	}
}

/* Does any command of the line change directory? (A first pass, so that a
 * glob before the cd is treated like one after it: loops run twice.) */
static bool tree_has_cd(const struct sh_node *n, struct arena *a);

static bool
parts_have_cd(const struct sh_part *parts, size_t n, struct arena *a)
{
	for (size_t i = 0; i < n; i++) {
		const struct sh_part *pt = &parts[i];
		if ((pt->kind == SH_PART_CMDSUB || pt->kind == SH_PART_PROCSUB) && pt->body &&
		    tree_has_cd(pt->body, a))
			return true;
		if ((pt->kind == SH_PART_DQUOTE || pt->kind == SH_PART_LOCALE) &&
		    parts_have_cd(pt->parts, pt->n_parts, a))
			return true;
	}
	return false;
}

static bool
tree_has_cd(const struct sh_node *n, struct arena *a)
{
	if (!n)
		return false;
	switch (n->kind) {
	case SH_NODE_SIMPLE:
		if (n->u.simple.n_words > 0) {
			bool st = false;
			const char *name = sh_word_static_value(a, n->u.simple.words[0], &st);
			if (!name || !st || is_cd(name))
				return true; /* a dynamic name may be cd too */
		}
		for (size_t i = 0; i < n->u.simple.n_words; i++)
			if (parts_have_cd(n->u.simple.words[i]->parts,
					  n->u.simple.words[i]->n_parts, a))
				return true;
		return false;
	case SH_NODE_PIPELINE:
		for (size_t i = 0; i < n->u.pipeline.n_cmds; i++)
			if (tree_has_cd(n->u.pipeline.cmds[i], a))
				return true;
		return false;
	case SH_NODE_AND:
	case SH_NODE_OR:
		return tree_has_cd(n->u.binary.left, a) || tree_has_cd(n->u.binary.right, a);
	case SH_NODE_LIST:
		for (size_t i = 0; i < n->u.list.n_items; i++)
			if (tree_has_cd(n->u.list.items[i], a))
				return true;
		return false;
	case SH_NODE_SUBSHELL:
	case SH_NODE_GROUP:
		return tree_has_cd(n->u.group.body, a);
	case SH_NODE_IF:
		return tree_has_cd(n->u.if_.cond, a) || tree_has_cd(n->u.if_.then_body, a) ||
		       tree_has_cd(n->u.if_.else_body, a);
	case SH_NODE_WHILE:
	case SH_NODE_UNTIL:
		return tree_has_cd(n->u.loop.cond, a) || tree_has_cd(n->u.loop.body, a);
	case SH_NODE_FOR:
	case SH_NODE_SELECT:
		return tree_has_cd(n->u.for_.body, a);
	case SH_NODE_ARITH_FOR:
		return tree_has_cd(n->u.arith_for.body, a);
	case SH_NODE_CASE:
		for (size_t i = 0; i < n->u.case_.n_items; i++)
			if (tree_has_cd(n->u.case_.items[i].body, a))
				return true;
		return false;
	case SH_NODE_FUNCTION:
		return tree_has_cd(n->u.function.body, a);
	case SH_NODE_COPROC:
		return tree_has_cd(n->u.coproc.body, a);
	case SH_NODE_COND:
	case SH_NODE_ARITH:
		return false;
	case SH_NODE_KIND_MAX:
	default:
		return true;
	}
}

/*
 * Apply the checks above to cmd (already allowed by the policy). Returns
 * true when it may go ahead; else the decision is a deny with the reason.
 */
static bool
check_unseen(struct hook *h, const struct policy *p, const char *cmd, size_t len)
{
	_cleanup_arena_ struct arena *a = arena_new(SH_MAX_INPUT * 4u);
	struct sh_node *tree = NULL;
	struct sh_error err;
	if (!a) {
		decide(h, DECISION_DENY, "lite-sandbox: out of memory; refusing.");
		return false;
	}
	if (sh_parse(a, cmd, len, NULL, &tree, &err) < 0) {
		decide(h, DECISION_DENY, "lite-sandbox: refused: %u:%u: %s.", err.line, err.col,
		       err.message);
		return false;
	}
	struct unseen u = { .h = h, .p = p, .a = a };
	u.has_cd = tree_has_cd(tree, a);
	unseen_node(&u, tree);
	return !u.refused;
}

/*
 * The registrar (docs/services.md) checks the line against the policy it
 * holds for the session, records the approval ticket when it asks (a config
 * request, or an ask entry in a call of the sandbox's MCP tool, whose server
 * takes it: what lets the approved run go ahead once; for the agent's own
 * shell no ticket, since nothing would take it but a second run) and
 * writes the audit record. Its deny is final. Its allow or ask goes on to the
 * checks below, which only this process makes (what the agent's own shell
 * would run unseen) and which decide how to put an ask to this agent; for the
 * sandbox's own MCP tool an allow is final too, since that tool checks again
 * as it runs. When the registrar cannot be reached the checks below decide
 * alone: they are the full check, only without ticket and audit, and a
 * request needing a ticket is then refused when it runs. The
 * PermissionRequest event records no ticket (see docs/hook.md).
 */
static bool
via_registrar(struct hook *h, const char *cmd, bool own_shell)
{
	if (h->in_process || h->event != EVENT_PRE_TOOL_USE)
		return false;
	if (h->config_path) {
		/* the services of that config (services_client.h: instances) */
		_cleanup_free_ char *abs = realpath(h->config_path, NULL);
		if (!abs || setenv("LITE_SANDBOX_CONFIG", abs, 1) < 0)
			return false;
	}
	static const LiteSandbox__AgentKind kinds[] = {
		[AGENT_UNKNOWN] = LITE_SANDBOX__AGENT_KIND__AGENT_OTHER,
		[AGENT_CLAUDE] = LITE_SANDBOX__AGENT_KIND__AGENT_CLAUDE_CODE,
		[AGENT_CODEX] = LITE_SANDBOX__AGENT_KIND__AGENT_CODEX,
		[AGENT_GROK] = LITE_SANDBOX__AGENT_KIND__AGENT_GROK,
		[AGENT_PI] = LITE_SANDBOX__AGENT_KIND__AGENT_PI,
	};
	_cleanup_arena_ struct arena *a = arena_new(4 * IPC_MSG_MAX);
	struct svc_conn *c = NULL;
	const LiteSandbox__SessionRegisterReply *sr = NULL;
	const LiteSandbox__CheckReply *cr = NULL;
	char err[256];
	/* an id the registrar would refuse is left out rather than failing */
	const char *as = h->agent_session && strlen(h->agent_session) <= 256 &&
			 ipc_utf8_valid(h->agent_session, strlen(h->agent_session))
			 ? h->agent_session : NULL;
	int r = a ? svc_open_session(kinds[h->agent], h->cwd, as, 5000, a, &c, &sr, err,
				     sizeof(err)) : -ENOMEM;
	if (r >= 0)
		/* a ticket only for a call the sandbox's server runs (it takes
		 * it); the agent's own shell consults no ticket */
		r = svc_check_as(c, own_shell ? LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_AGENT_SHELL
					      : LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK,
				 sr->session_id, h->cwd, cmd, NULL, a, &cr, err, sizeof(err));
	svc_close(c);
	if (r < 0)
		return false;
	if (cr->verdict == LITE_SANDBOX__VERDICT__VERDICT_ALLOW && !own_shell) {
		decide(h, DECISION_ALLOW, "lite-sandbox: allowed by the policy");
		return true;
	}
	if (cr->verdict != LITE_SANDBOX__VERDICT__VERDICT_DENY)
		return false;
	decide(h, DECISION_DENY, "lite-sandbox: refused:");
	for (size_t i = 0; i < cr->n_findings; i++) {
		const LiteSandbox__Finding *f = cr->findings[i];
		if (!f->enforced)
			continue;
		(void)buf_printf(&h->reason, " %s%s%s", f->message,
				 f->fix ? ". To allow it, ask the user to run: " : ".",
				 f->fix ? f->fix : "");
	}
	if (cr->n_findings == 0)
		(void)buf_puts(&h->reason, " no reason was given; refusing.");
	return true;
}

/*
 * own_shell: the agent's own shell runs the command (the Bash tool), so
 * nothing checks it after expansion; false for the sandbox's MCP tool,
 * which checks every command again as it runs.
 */
static int
check_bash(struct hook *h, const char *cmd, bool own_shell)
{
	size_t len = strlen(cmd);

	if (via_registrar(h, cmd, own_shell))
		return 0;

	bool read_only = false;
	const char *refused = NULL;
	if (is_config_request(cmd, len, &read_only, &refused)) {
		/* The registrar refuses these too: asking the user for a change
		 * that cannot run would only waste their answer. */
		if (refused)
			decide(h, DECISION_DENY, "lite-sandbox: config request refused: %s.",
			       refused);
		else if (read_only)
			decide(h, DECISION_ALLOW, "lite-sandbox: this config request only reads "
			       "the policy.");
		else if (agent_can_ask(h->agent))
			decide(h, DECISION_ASK, "lite-sandbox: this changes the sandbox's own "
			       "policy (%.200s). Approve only if you want that change.", cmd);
		else
			decide(h, DECISION_DENY, "lite-sandbox: config requests are answered only "
			       "in Claude Code, where the user can approve them; ask the user to "
			       "run '%.200s' themselves.", cmd);
		return 0;
	}

	struct policy_context ctx = {
		.cwd = h->cwd,
		.project_dir = h->project_dir,
		.home = h->home,
		.envp = environ,
	};
	struct policy *p = NULL;
	struct policy_report *rep = NULL;
	int r = policy_new(h->cfg, &ctx, &p);
	if (r >= 0)
		r = policy_report_new(&rep);
	if (r >= 0)
		r = policy_check_source(p, cmd, len, rep);
	if (r < 0) {
		decide(h, DECISION_DENY, "lite-sandbox: the command could not be checked (%s); "
		       "refusing.", strerror(-r));
		goto out;
	}

	enum hook_decision d = rep->verdict == POLICY_ALLOW ? DECISION_ALLOW
			       : rep->verdict == POLICY_ASK ? DECISION_ASK : DECISION_DENY;
	if (d != DECISION_DENY && own_shell && !check_unseen(h, p, cmd, len))
		goto out;
	if (d == DECISION_ASK && !agent_can_ask(h->agent))
		d = DECISION_DENY;
	decide(h, d, "%s", d == DECISION_ALLOW ? "lite-sandbox: allowed by the policy" :
	       d == DECISION_ASK ? "lite-sandbox: the policy asks first:" :
	       "lite-sandbox: refused:");
	for (size_t i = 0; d != DECISION_ALLOW && i < rep->n_findings; i++) {
		const struct policy_finding *f = &rep->findings[i];
		if (!f->enforced)
			continue;
		(void)buf_printf(&h->reason, " %s%s%s", f->message ? f->message : f->rule,
				 f->fix ? ". To allow it, ask the user to run: " : ".",
				 f->fix ? f->fix : "");
		if (f->ask && rep->verdict == POLICY_ASK && !agent_can_ask(h->agent))
			(void)buf_printf(&h->reason, " (%s cannot ask the user, so this is "
					 "refused)", agent_name(h->agent));
	}
	if (d != DECISION_ALLOW && rep->n_findings == 0)
		(void)buf_puts(&h->reason, " no reason was given; refusing.");
out:
	policy_report_free(rep);
	policy_free(p);
	return 0;
}

/* ---- the tools -------------------------------------------------------------- */

/*
 * The sandbox's own MCP bash tool, as the agents name MCP tools
 * (mcp__<server>__<tool>, the server registered as lite-sandbox). Its calls
 * are checked as Bash is: in Claude Code's plan mode, the PermissionRequest
 * hook is what answers their prompts.
 */
static bool
is_own_mcp_bash(const char *tool)
{
	return strcmp(tool, "mcp__lite-sandbox__bash") == 0 ||
	       strcmp(tool, "mcp__lite_sandbox__bash") == 0;
}

static void
check_tool(struct hook *h, const char *tool, json_t *input)
{
	const char *path = NULL;

	if (strcmp(tool, "Bash") == 0 || is_own_mcp_bash(tool)) {
		const char *cmd = get_string(h, input, "tool_input.", "command", true);
		if (cmd)
			(void)check_bash(h, cmd, !is_own_mcp_bash(tool));
		return;
	}
	if (strcmp(tool, "apply_patch") == 0) {
		const char *patch = get_string(h, input, "tool_input.", "command", true);
		if (patch)
			check_apply_patch(h, patch);
		return;
	}

	static const struct {
		const char *tool, *field;
		enum path_access access;
	} file_tools[] = {
		{ "Read", "file_path", PATH_ACCESS_READ },
		{ "Write", "file_path", PATH_ACCESS_WRITE },
		{ "Edit", "file_path", PATH_ACCESS_WRITE },
		{ "MultiEdit", "file_path", PATH_ACCESS_WRITE },
		{ "NotebookEdit", "notebook_path", PATH_ACCESS_WRITE },
		{ "LS", "path", PATH_ACCESS_READ },
	};
	for (size_t i = 0; i < ARRAY_SIZE(file_tools); i++) {
		if (strcmp(tool, file_tools[i].tool) != 0)
			continue;
		path = get_string(h, input, "tool_input.", file_tools[i].field, true);
		if (path && check_path(h, tool, path, file_tools[i].access))
			decide(h, DECISION_ALLOW, "lite-sandbox: %s is inside the %s set", path,
			       file_tools[i].access == PATH_ACCESS_WRITE ? "write" : "read");
		return;
	}

	if (strcmp(tool, "Grep") == 0 || strcmp(tool, "Glob") == 0) {
		/* path is optional: the session's directory by default */
		json_t *pv = json_object_get(input, "path");
		if (pv && !json_is_string(pv) && !json_is_null(pv)) {
			decide(h, DECISION_DENY, "lite-sandbox hook: tool_input.path is not a string; "
			       "refusing");
			return;
		}
		path = pv && json_is_string(pv) && json_string_value(pv)[0]
			       ? json_string_value(pv) : h->cwd;
		const char *pattern = get_string(h, input, "tool_input.", "pattern", true);
		if (!pattern)
			return;
		if (!check_type(h, input, "glob", 1u << JSON_STRING | 1u << JSON_NULL))
			return;
		if (!check_path(h, tool, path, PATH_ACCESS_READ))
			return;
		if (strcmp(tool, "Glob") == 0) {
			char base[PATH_MAX];
			if (path_resolve(h->cwd, path, base, NULL) < 0) {
				decide(h, DECISION_DENY, "lite-sandbox: %s refused: cannot resolve '%s'.",
				       tool, path);
				return;
			}
			if (!check_glob_pattern(h, tool, base, pattern))
				return;
		}
		decide(h, DECISION_ALLOW, "lite-sandbox: %s is inside the read set", path);
		return;
	}

	decide(h, DECISION_DENY, "lite-sandbox hook: the tool '%.100s' is not one the hook knows; "
	       "refusing (register the hook only for Bash and the file tools)", tool);
}

/* ---- main ------------------------------------------------------------------- */

static int
parse_agent(const char *s, enum hook_agent *ret)
{
	static const struct {
		const char *name;
		enum hook_agent a;
	} names[] = {
		{ "claude", AGENT_CLAUDE }, { "claude-code", AGENT_CLAUDE },
		{ "codex", AGENT_CODEX },   { "grok", AGENT_GROK },
		{ "pi", AGENT_PI },
	};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(s, names[i].name) == 0) {
			*ret = names[i].a;
			return 0;
		}
	return -EINVAL;
}

/* Everything after the options; fills h's decision. */
static void
run_hook(struct hook *h)
{
	_cleanup_buf_ struct buf in = BUF_INIT(HOOK_MAX_INPUT);
	json_error_t jerr;
	int r;

	decide(h, DECISION_DENY, "lite-sandbox hook: no decision was reached; refusing");
	r = buf_read_fd(&in, STDIN_FILENO);
	if (r == -EFBIG || r == -EMSGSIZE) {
		decide(h, DECISION_DENY, "lite-sandbox hook: the event is larger than %u bytes; "
		       "refusing", HOOK_MAX_INPUT);
		return;
	}
	if (r < 0) {
		decide(h, DECISION_DENY, "lite-sandbox hook: cannot read the event: %s; refusing",
		       strerror(-r));
		return;
	}
	if (in.len == 0) {
		decide(h, DECISION_DENY, "lite-sandbox hook: no event on stdin; refusing");
		return;
	}
	/* Strict: duplicate keys could make us read another value than the
	 * agent acts on; \u0000 is refused by default (no JSON_ALLOW_NUL). */
	json_t *root = json_loadb(in.data, in.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		decide(h, DECISION_DENY, "lite-sandbox hook: the event is not valid JSON (line %d, "
		       "column %d: %s); refusing", jerr.line, jerr.column, jerr.text);
		return;
	}
	if (!json_is_object(root)) {
		decide(h, DECISION_DENY, "lite-sandbox hook: the event is not a JSON object; refusing");
		json_decref(root);
		return;
	}

	const char *event = get_string(h, root, "", "hook_event_name", true);
	if (!event)
		goto out;
	if (strcmp(event, "PreToolUse") == 0)
		h->event = EVENT_PRE_TOOL_USE;
	else if (strcmp(event, "PermissionRequest") == 0)
		h->event = EVENT_PERMISSION_REQUEST;
	else {
		decide(h, DECISION_DENY, "lite-sandbox hook: the event '%.60s' is not one the hook "
		       "answers (PreToolUse, PermissionRequest); refusing", event);
		goto out;
	}
	if (h->agent == AGENT_UNKNOWN)
		h->agent = json_object_get(root, "turn_id") ? AGENT_CODEX : AGENT_CLAUDE;

	const char *tool = get_string(h, root, "", "tool_name", true);
	if (!tool)
		goto out;
	if (!(h->agent_session = get_string(h, root, "", "session_id", true)))
		goto out;
	if (!check_type(h, root, "transcript_path", 1u << JSON_STRING | 1u << JSON_NULL) ||
	    !check_type(h, root, "permission_mode", 1u << JSON_STRING) ||
	    !check_type(h, root, "tool_use_id", 1u << JSON_STRING) ||
	    !check_type(h, root, "turn_id", 1u << JSON_STRING))
		goto out;
	json_t *input = json_object_get(root, "tool_input");
	if (!input || !json_is_object(input)) {
		decide(h, DECISION_DENY, "lite-sandbox hook: tool_input is %s; refusing",
		       input ? "not an object" : "missing");
		goto out;
	}
	h->cwd = get_string(h, root, "", "cwd", true);
	if (!h->cwd)
		goto out;
	if (h->cwd[0] != '/') {
		decide(h, DECISION_DENY, "lite-sandbox hook: cwd '%.200s' is not absolute; refusing",
		       h->cwd);
		goto out;
	}

	/* The config: a broken file refuses, it never loosens to the defaults. */
	struct stat st;
	if (h->config_path && stat(h->config_path, &st) < 0) {
		decide(h, DECISION_DENY, "lite-sandbox hook: the config file %s given with --config "
		       "cannot be read (%s); refusing", h->config_path, strerror(errno));
		goto out;
	}
	struct config_error cerr = { .file = "" };
	r = config_load_for_dir(h->config_path, h->cwd, &h->cfg, &cerr);
	if (r < 0) {
		if (cerr.line > 0)
			decide(h, DECISION_DENY, "lite-sandbox: the config is broken (%s:%u:%u: %s); "
			       "refusing until it is fixed", cerr.file, cerr.line, cerr.col,
			       cerr.message);
		else
			decide(h, DECISION_DENY, "lite-sandbox: the config cannot be loaded (%s%s%s); "
			       "refusing until it is fixed", cerr.file, cerr.file[0] ? ": " : "",
			       cerr.message[0] ? cerr.message : strerror(-r));
		goto out;
	}
	r = config_home(&h->home);
	if (r < 0 || !h->home || h->home[0] != '/') {
		decide(h, DECISION_DENY, "lite-sandbox hook: cannot tell the home directory; refusing");
		goto out;
	}
	r = config_boundary_dir(h->cwd, h->home, &h->project_dir, NULL);
	if (r < 0) {
		decide(h, DECISION_DENY, "lite-sandbox hook: cannot resolve the project directory of "
		       "%.200s (%s); refusing", h->cwd, strerror(-r));
		goto out;
	}
	r = setup_boundary(h);
	if (r < 0) {
		decide(h, DECISION_DENY, "lite-sandbox hook: cannot set up the path boundary (%s); "
		       "refusing", strerror(-r));
		goto out;
	}
	/* A session started in ~ (or /) would make all of it the project. */
	char why[700];
	if (path_boundary_project_refusal(h->pb, h->cwd, why, sizeof(why)) < 0) {
		decide(h, DECISION_DENY, "lite-sandbox: refused: %s", why);
		goto out;
	}

	check_tool(h, tool, input);
out:
	json_decref(root);
}

int
cmd_hook(int argc, char **argv)
{
	enum { OPT_CONFIG = 256, OPT_AGENT, OPT_IN_PROCESS };
	static const struct option longopts[] = {
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "agent", required_argument, NULL, OPT_AGENT },
		{ "in-process", no_argument, NULL, OPT_IN_PROCESS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct hook h = {
		.agent = AGENT_UNKNOWN,
		.event = EVENT_PRE_TOOL_USE,
		.reason = BUF_INIT(HOOK_MAX_REASON),
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_CONFIG:
			h.config_path = optarg;
			break;
		case OPT_IN_PROCESS:
			h.in_process = true;
			break;
		case OPT_AGENT:
			if (parse_agent(optarg, &h.agent) < 0)
				return cli_usage_error("hook", "unknown agent '%s'", optarg);
			break;
		case 'h':
			cmd_hook_usage(stdout);
			return 0;
		default:
			return cli_usage_error("hook", "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind != argc)
		return cli_usage_error("hook", "unexpected argument '%s'", argv[optind]);

	run_hook(&h);
	if (print_answer(&h) < 0)
		print_fallback_deny();

	path_boundary_free(h.pb);
	config_free(h.cfg);
	free(h.home);
	free(h.project_dir);
	buf_done(&h.reason);
	return 0;
}
