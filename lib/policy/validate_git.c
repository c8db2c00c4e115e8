/* SPDX-License-Identifier: MIT */
/*
 * git: every subcommand is classified under one of the config's git levels
 * (local_read, local_write, remote_read, remote_write) by what the
 * invocation does; the subcommands and options that run a program named on
 * the command line, start something outside the repository or handle
 * credentials are refused whatever the levels. git writes .git past the path
 * checks' .git block, and the git the user runs later reads it, so the
 * config keys that name a program, --template and a work tree or -C inside
 * .git are refused too. The paths git's writing subcommands are pointed at
 * are written.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

enum git_level { GL_NONE, GL_LOCAL_READ, GL_LOCAL_WRITE, GL_REMOTE_READ, GL_REMOTE_WRITE };

struct git_sub {
	const char *name;
	enum git_level level;
};

/* In byte order (binary search). GL_NONE: refused outright. */
static const struct git_sub git_subs[] = {
	{ "add", GL_LOCAL_WRITE }, { "am", GL_LOCAL_WRITE }, { "annotate", GL_LOCAL_READ },
	{ "apply", GL_LOCAL_WRITE }, { "archimport", GL_NONE }, { "archive", GL_LOCAL_READ },
	{ "bisect", GL_LOCAL_WRITE }, { "blame", GL_LOCAL_READ }, { "branch", GL_LOCAL_READ },
	{ "bugreport", GL_LOCAL_READ }, { "bundle", GL_LOCAL_READ },
	{ "cat-file", GL_LOCAL_READ }, { "check-attr", GL_LOCAL_READ },
	{ "check-ignore", GL_LOCAL_READ }, { "check-mailmap", GL_LOCAL_READ },
	{ "check-ref-format", GL_LOCAL_READ }, { "checkout", GL_LOCAL_WRITE },
	{ "checkout-index", GL_LOCAL_WRITE }, { "cherry", GL_LOCAL_READ },
	{ "cherry-pick", GL_LOCAL_WRITE }, { "citool", GL_NONE }, { "clean", GL_LOCAL_WRITE },
	{ "clone", GL_REMOTE_READ }, { "column", GL_LOCAL_READ }, { "commit", GL_LOCAL_WRITE },
	{ "commit-graph", GL_LOCAL_WRITE }, { "commit-tree", GL_LOCAL_WRITE },
	{ "config", GL_LOCAL_READ }, { "count-objects", GL_LOCAL_READ },
	{ "credential", GL_NONE }, { "credential-cache", GL_NONE },
	{ "credential-cache--daemon", GL_NONE }, { "credential-store", GL_NONE },
	{ "cvsexportcommit", GL_NONE }, { "cvsimport", GL_NONE }, { "cvsserver", GL_NONE },
	{ "daemon", GL_NONE }, { "describe", GL_LOCAL_READ }, { "diagnose", GL_LOCAL_READ },
	{ "diff", GL_LOCAL_READ }, { "diff-files", GL_LOCAL_READ },
	{ "diff-index", GL_LOCAL_READ }, { "diff-tree", GL_LOCAL_READ },
	{ "difftool", GL_LOCAL_READ }, { "fast-export", GL_LOCAL_READ },
	{ "fast-import", GL_LOCAL_WRITE }, { "fetch", GL_REMOTE_READ },
	{ "fetch-pack", GL_REMOTE_READ }, { "filter-branch", GL_NONE },
	{ "fmt-merge-msg", GL_LOCAL_READ }, { "for-each-ref", GL_LOCAL_READ },
	{ "for-each-repo", GL_NONE }, { "format-patch", GL_LOCAL_READ },
	{ "fsck", GL_LOCAL_READ }, { "fsmonitor--daemon", GL_NONE }, { "gc", GL_LOCAL_WRITE },
	{ "get-tar-commit-id", GL_LOCAL_READ }, { "gitk", GL_NONE }, { "grep", GL_LOCAL_READ },
	{ "gui", GL_NONE }, { "hash-object", GL_LOCAL_READ }, { "help", GL_LOCAL_READ },
	{ "http-backend", GL_NONE }, { "http-fetch", GL_NONE }, { "http-push", GL_NONE },
	{ "imap-send", GL_REMOTE_WRITE }, { "index-pack", GL_LOCAL_WRITE },
	{ "init", GL_LOCAL_WRITE }, { "init-db", GL_LOCAL_WRITE }, { "instaweb", GL_NONE },
	{ "interpret-trailers", GL_LOCAL_READ }, { "log", GL_LOCAL_READ },
	{ "ls-files", GL_LOCAL_READ }, { "ls-remote", GL_REMOTE_READ },
	{ "ls-tree", GL_LOCAL_READ }, { "mailinfo", GL_LOCAL_READ },
	{ "mailsplit", GL_LOCAL_READ }, { "maintenance", GL_LOCAL_WRITE },
	{ "merge", GL_LOCAL_WRITE }, { "merge-base", GL_LOCAL_READ },
	{ "merge-file", GL_LOCAL_WRITE }, { "merge-index", GL_NONE },
	{ "merge-one-file", GL_NONE }, { "merge-tree", GL_LOCAL_READ },
	{ "mergetool", GL_LOCAL_WRITE }, { "mktag", GL_LOCAL_WRITE }, { "mktree", GL_LOCAL_WRITE },
	{ "multi-pack-index", GL_LOCAL_WRITE }, { "mv", GL_LOCAL_WRITE },
	{ "name-rev", GL_LOCAL_READ }, { "notes", GL_LOCAL_READ },
	{ "p4", GL_NONE }, { "pack-objects", GL_LOCAL_WRITE }, { "pack-redundant", GL_LOCAL_READ },
	{ "pack-refs", GL_LOCAL_WRITE }, { "patch-id", GL_LOCAL_READ },
	{ "prune", GL_LOCAL_WRITE }, { "prune-packed", GL_LOCAL_WRITE },
	{ "pull", GL_REMOTE_READ }, { "push", GL_REMOTE_WRITE },
	{ "quiltimport", GL_LOCAL_WRITE }, { "range-diff", GL_LOCAL_READ },
	{ "read-tree", GL_LOCAL_WRITE }, { "rebase", GL_LOCAL_WRITE },
	{ "receive-pack", GL_NONE }, { "reflog", GL_LOCAL_READ }, { "remote", GL_LOCAL_READ },
	{ "remote-ext", GL_NONE }, { "remote-fd", GL_NONE }, { "repack", GL_LOCAL_WRITE },
	{ "replace", GL_LOCAL_WRITE }, { "request-pull", GL_REMOTE_WRITE },
	{ "rerere", GL_LOCAL_WRITE }, { "reset", GL_LOCAL_WRITE }, { "restore", GL_LOCAL_WRITE },
	{ "rev-list", GL_LOCAL_READ }, { "rev-parse", GL_LOCAL_READ }, { "revert", GL_LOCAL_WRITE },
	{ "rm", GL_LOCAL_WRITE }, { "send-email", GL_REMOTE_WRITE }, { "send-pack", GL_REMOTE_WRITE },
	{ "sh-i18n--envsubst", GL_NONE }, { "shell", GL_NONE }, { "shortlog", GL_LOCAL_READ },
	{ "show", GL_LOCAL_READ }, { "show-branch", GL_LOCAL_READ }, { "show-index", GL_LOCAL_READ },
	{ "show-ref", GL_LOCAL_READ }, { "sparse-checkout", GL_LOCAL_WRITE },
	{ "stage", GL_LOCAL_WRITE }, { "stash", GL_LOCAL_WRITE }, { "status", GL_LOCAL_READ },
	{ "stripspace", GL_LOCAL_READ }, { "submodule", GL_LOCAL_READ }, { "svn", GL_NONE },
	{ "switch", GL_LOCAL_WRITE }, { "symbolic-ref", GL_LOCAL_READ }, { "tag", GL_LOCAL_READ },
	{ "unpack-file", GL_LOCAL_WRITE }, { "unpack-objects", GL_LOCAL_WRITE },
	{ "update-index", GL_LOCAL_WRITE }, { "update-ref", GL_LOCAL_WRITE },
	{ "update-server-info", GL_LOCAL_WRITE }, { "upload-archive", GL_NONE },
	{ "upload-pack", GL_NONE }, { "var", GL_LOCAL_READ }, { "verify-commit", GL_LOCAL_READ },
	{ "verify-pack", GL_LOCAL_READ }, { "verify-tag", GL_LOCAL_READ },
	{ "version", GL_LOCAL_READ }, { "whatchanged", GL_LOCAL_READ },
	{ "worktree", GL_LOCAL_READ }, { "write-tree", GL_LOCAL_WRITE },
};

static const struct git_sub *
git_sub_lookup(const char *name)
{
	size_t lo = 0, hi = ARRAY_SIZE(git_subs);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(name, git_subs[mid].name);
		if (c == 0)
			return &git_subs[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* For policy_test: the table is sorted. */
bool git_table_sorted(void);
bool
git_table_sorted(void)
{
	for (size_t i = 1; i < ARRAY_SIZE(git_subs); i++)
		if (strcmp(git_subs[i - 1].name, git_subs[i].name) >= 0)
			return false;
	return true;
}

static const char *
level_name(enum git_level l)
{
	switch (l) {
	case GL_LOCAL_READ:
		return "local_read";
	case GL_LOCAL_WRITE:
		return "local_write";
	case GL_REMOTE_READ:
		return "remote_read";
	case GL_REMOTE_WRITE:
		return "remote_write";
	case GL_NONE:
	default:
		return "none";
	}
}

/*
 * Config keys that name a program git runs, a file it loads config or hooks
 * from, or where it connects, matched case-insensitively; '*' is one
 * subsection (which may hold dots).
 */
static const char *const git_bad_keys[] = {
	"alias.*", "browser.*.cmd", "browser.*.path", "core.alternaterefscommand",
	"core.askpass", "core.editor", "core.fsmonitor", "core.gitproxy", "core.hookspath",
	"core.pager", "core.sshcommand", "core.worktree", "credential.*", "credential.helper",
	"diff.*.command", "diff.*.textconv", "diff.external", "difftool.*.cmd",
	"difftool.*.path", "filter.*", "gc.*.hook", "gpg.*.program", "gpg.program",
	"gpg.ssh.defaultkeycommand", "gpg.ssh.allowedsignersfile", "guitool.*.cmd",
	"http.*.proxy", "http.proxy", "include.*", "includeif.*", "instaweb.*",
	"interactive.difffilter", "man.*.cmd", "man.*.path", "merge.*.driver",
	"mergetool.*.cmd", "mergetool.*.path", "pager.*", "protocol.*", "receive.*",
	"remote.*", "safe.directory", "sendemail.*", "sequence.editor", "ssh.variant",
	"submodule.*", "tar.*.command", "trace2.*", "uploadarchive.*", "uploadpack.*",
	"url.*", "web.browser",
};

/* Whether key (lowercased) matches pattern; "x.*" matches every key under x. */
static bool
key_matches(const char *key, const char *pat)
{
	const char *star = strchr(pat, '*');
	if (!star)
		return strcmp(key, pat) == 0;
	size_t pre = (size_t)(star - pat);
	if (strncmp(key, pat, pre) != 0)
		return false;
	const char *tail = star + 1; /* "" or ".name" */
	const char *rest = key + pre;
	if (!*tail)
		return *rest != '\0';
	/* the subsection may hold dots: the tail matches the key's end */
	size_t tl = strlen(tail), rl = strlen(rest);
	return rl > tl && strcmp(rest + rl - tl, tail) == 0;
}

static int
git_config_key_check(struct walk *w, const char *kv)
{
	char key[256];
	size_t n = 0;
	for (; kv[n] && kv[n] != '=' && n + 1 < sizeof(key); n++)
		key[n] = (char)tolower((unsigned char)kv[n]);
	key[n] = '\0';
	if (kv[n] && kv[n] != '=')
		return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
				  "git: the config key '%.40s...' is too long to check", kv);
	for (size_t i = 0; i < ARRAY_SIZE(git_bad_keys); i++)
		if (key_matches(key, git_bad_keys[i]))
			return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
					  "git: the config key '%s' names a program, a file git "
					  "loads or where it connects, and git later runs on the host",
					  key);
	/* any driver, textconv or command a key defines */
	if (strstr(key, ".textconv") || strstr(key, ".driver") || strstr(key, "command") ||
	    strstr(key, ".cmd") || strstr(key, "program") || strstr(key, "hook"))
		return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
				  "git: the config key '%s' names a program", key);
	return 0;
}

/* Whether a path names .git or something inside it, as written. */
static bool
path_in_dotgit(const char *p)
{
	const char *c = p;
	while (*c) {
		while (*c == '/')
			c++;
		const char *e = strchrnul(c, '/');
		if ((size_t)(e - c) == 4 && strncasecmp(c, ".git", 4) == 0)
			return true;
		c = e;
	}
	return false;
}

/* Whether the long option word (--name or --name=value) abbreviates one of
 * the names (git's parse-options takes any unique prefix). */
static bool
long_abbrev(const char *s, const char *const *names, size_t n)
{
	if (!s || s[0] != '-' || s[1] != '-' || !s[2])
		return false;
	const char *ln = s + 2;
	size_t l = strcspn(ln, "=");
	for (size_t i = 0; i < n; i++)
		if (l <= strlen(names[i]) && strncmp(ln, names[i], l) == 0)
			return true;
	return false;
}

/* Whether a short-option cluster (-abc) holds c. */
static bool
short_has(const char *s, char c)
{
	return s && s[0] == '-' && s[1] && s[1] != '-' && strchr(s + 1, c);
}

/* The options, per subcommand, that run a program named on the command line
 * (long names; a short letter when it has one). */
struct git_runs {
	const char *sub;
	const char *longs[4];
	char shorts[4];
};
static const struct git_runs git_runs[] = {
	{ "archive", { "exec", "remote" }, "" },
	{ "clone", { "upload-pack", "template", "config" }, "uc" },
	{ "difftool", { "extcmd" }, "x" },
	{ "fetch", { "upload-pack" }, "" },
	{ "fetch-pack", { "upload-pack", "exec" }, "" },
	{ "grep", { "open-files-in-pager" }, "O" },
	{ "init", { "template", "separate-git-dir" }, "" },
	{ "init-db", { "template", "separate-git-dir" }, "" },
	{ "ls-remote", { "upload-pack" }, "u" },
	{ "pull", { "upload-pack" }, "" },
	{ "push", { "receive-pack", "exec" }, "" },
	{ "rebase", { "exec" }, "x" },
	{ "send-email", { "to-cmd", "cc-cmd", "sendmail-cmd", "smtp-server" }, "" },
	{ "send-pack", { "receive-pack", "exec" }, "" },
};

static int
git_refuse(struct walk *w, const char *rule, const char *sub, const char *word, const char *why)
{
	return report_add(w, POLICY_LAYER_ARGS, rule, NULL, false, "git %s%s%s %s", sub,
			  word ? " " : "", word ? word : "", why);
}

/* A subcommand's first operand (its verb: stash push, worktree add, ...). */
static const char *
git_verb(const struct cmdline *cl, size_t i, size_t *ret_at)
{
	for (size_t k = i + 1; k < cl->argc; k++) {
		const char *s = cl->args[k].s;
		if (!s)
			return NULL;
		if (s[0] != '-') {
			*ret_at = k;
			return s;
		}
	}
	*ret_at = 0;
	return NULL;
}

/*
 * git config: reading is local_read; writing is local_write, with the key
 * checked; --edit, and writing the global or system file, are refused.
 * Returns 1 to go on to the level check, 0 or negative when done.
 */
static int
git_config_args(struct walk *w, struct cmdline *cl, size_t i, enum arg_role *roles,
		enum git_level *ret_level)
{
	bool reading = false, outside = false, rename = false;
	size_t file_at = 0;
	const char *file_eq = NULL;
	static const char *const read_opts[] = {
		"--get", "--get-all", "--get-regexp", "--get-urlmatch", "-l", "--list",
		"--get-color", "--get-colorbool", "--show-origin", "--show-scope", "--name-only",
	};
	static const char *const read_verbs[] = { "get", "list" };
	for (size_t k = i + 1; k < cl->argc; k++) {
		const char *s = cl->args[k].s;
		if (!s)
			continue;
		if (in_list(s, read_opts, ARRAY_SIZE(read_opts)) && !streq(s, "--show-origin") &&
		    !streq(s, "--show-scope") && !streq(s, "--name-only"))
			reading = true;
		if (s[0] != '-' && in_list(s, read_verbs, ARRAY_SIZE(read_verbs)) && k == i + 1)
			reading = true;
		if ((s[0] != '-' && streq(s, "edit") && k == i + 1) || streq(s, "-e") ||
		    streq(s, "--edit"))
			return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
					  "git config --edit runs an editor");
		if (streq(s, "--global") || streq(s, "--system"))
			outside = true;
		if (streq(s, "--rename-section") || (streq(s, "rename-section") && k == i + 1))
			rename = true;
		if ((streq(s, "-f") || streq(s, "--file")) && k + 1 < cl->argc)
			file_at = ++k;
		else if (starts_with(s, "--file="))
			file_eq = s + 7;
		else if (streq(s, "--blob") || streq(s, "--type") || streq(s, "--default") ||
			 streq(s, "--comment"))
			k++;
	}
	enum arg_role fro = reading ? ROLE_READ : ROLE_WRITE;
	if (file_at)
		roles[file_at] = fro;
	int r;
	if (file_eq && (r = check_path_str(w, "git", file_eq, fro, 0)) < 0)
		return r;
	if (reading) {
		*ret_level = GL_LOCAL_READ;
		return 1;
	}
	if (outside)
		return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
				  "git config --global/--system writes a config file outside "
				  "the project that every later git reads");
	/* the key: the first operand after the verb */
	bool any = false;
	for (size_t k = i + 1; k < cl->argc; k++) {
		const char *s = cl->args[k].s;
		if (k == file_at)
			continue;
		if (!s)
			return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
					  "git config: a key only known at runtime");
		if (s[0] == '-') {
			if (streq(s, "--blob") || streq(s, "--type") || streq(s, "--default") ||
			    streq(s, "--comment"))
				k++;
			continue;
		}
		if (k == i + 1 && (streq(s, "set") || streq(s, "unset") ||
				   streq(s, "rename-section") || streq(s, "remove-section")))
			continue;
		if (rename && !any) {
			any = true; /* the old name */
			continue;
		}
		char *probe = rename ? arena_printf(w->a, "%s.x", s) : (char *)s;
		if (!probe)
			return -ENOMEM;
		if ((r = git_config_key_check(w, probe)) < 0)
			return r;
		break;
	}
	*ret_level = GL_LOCAL_WRITE;
	return 1;
}

static int validate_git_inner(struct walk *w, struct cmdline *cl, enum arg_role *roles,
			      const char **ret_cdir);

/*
 * git -C DIR runs as if started in DIR: the paths after it are resolved from
 * there. They are checked here, from DIR, instead of by the caller.
 */
int
validate_git(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *cdir = NULL;
	int r = validate_git_inner(w, cl, roles, &cdir);
	if (r < 0 || !cdir)
		return r;
	struct cwdset saved = w->cwd, moved = { 0 };
	if (cdir[0] == '/') {
		moved.dir[moved.n++] = cdir;
	} else if (w->cwd.unknown) {
		moved.unknown = true;
	} else {
		for (size_t k = 0; k < w->cwd.n; k++) {
			const char *d = arena_printf(w->a, "%s/%s", w->cwd.dir[k], cdir);
			if (!d)
				return -ENOMEM;
			moved.dir[moved.n++] = d;
		}
	}
	w->cwd = moved;
	/* Everything after the first -C's value is relative to the -C
	 * directories (the first value itself was resolved from the shell's
	 * directory; later -C values are checked from the final one, which
	 * only errs toward refusing). */
	size_t start = 1;
	for (; start + 1 < cl->argc; start++)
		if (streq(cl->args[start].s, "-C"))
			break;
	start += 2;
	for (size_t k = start; k < cl->argc && r >= 0; k++) {
		if (roles[k] == ROLE_NONE)
			continue;
		r = check_path(w, "git", &cl->args[k], roles[k], 0);
		roles[k] = ROLE_NONE;
	}
	w->cwd = saved;
	return r;
}

static int
validate_git_inner(struct walk *w, struct cmdline *cl, enum arg_role *roles,
		   const char **ret_cdir)
{
	size_t i = 1, argc = cl->argc;
	int r;
	const char *work_tree = NULL;
	size_t work_tree_argi = 0;

	/* git's own options, before the subcommand */
	for (; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		if (!a->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL, false,
					  "git: the option '%s' is only known at runtime", a->src);
		const char *s = a->s;
		if (s[0] != '-')
			break;
		const char *val = NULL;
		size_t val_argi = 0;
		bool sep = streq(s, "-C") || streq(s, "--git-dir") || streq(s, "--work-tree") ||
			   streq(s, "-c") || streq(s, "--namespace") || streq(s, "--super-prefix") ||
			   streq(s, "--config-env") || streq(s, "--list-cmds");
		if (sep) {
			if (i + 1 >= argc)
				return 0; /* git prints its usage */
			if (!cl->args[i + 1].s)
				return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL,
						  false, "git %s: the value is only known at runtime", s);
			val = cl->args[i + 1].s;
			val_argi = i + 1;
			i++;
		} else if (strchr(s, '=')) {
			val = strchr(s, '=') + 1;
		}
		if (starts_with(s, "--exec-path") || starts_with(s, "--config-env") ||
		    starts_with(s, "--template"))
			return report_add(w, POLICY_LAYER_ARGS, "args.git-option", NULL, false,
					  "git %s chooses programs or files git runs", s);
		if (streq(s, "-c")) {
			if ((r = git_config_key_check(w, val)) < 0)
				return r;
			continue;
		}
		bool is_c = streq(s, "-C");
		bool is_wt = streq(s, "--work-tree") || starts_with(s, "--work-tree=");
		bool is_gd = streq(s, "--git-dir") || starts_with(s, "--git-dir=");
		if ((is_c || is_wt) && path_in_dotgit(val))
			return report_add(w, POLICY_LAYER_ARGS, "args.git-dir", NULL, false,
					  "git %s %s: a work tree or directory inside .git lets "
					  "git write there past the .git block", s, val);
		/* an attached value is checked here: relative to the -C
		 * directories given so far, as git resolves it */
		if ((is_gd || is_wt) && !val_argi && *ret_cdir && val[0] != '/') {
			val = arena_printf(w->a, "%s/%s", *ret_cdir, val);
			if (!val)
				return -ENOMEM;
		}
		if (is_gd) {
			if (val_argi)
				roles[val_argi] = ROLE_READ;
			else if ((r = check_path_str(w, "git", val, ROLE_READ, 0)) < 0)
				return r;
		}
		if (is_wt) {
			work_tree = val;
			work_tree_argi = val_argi;
		}
		if (is_c) {
			roles[val_argi] = ROLE_READ;
			*ret_cdir = *ret_cdir && val[0] != '/'
					    ? arena_printf(w->a, "%s/%s", *ret_cdir, val)
					    : val;
			if (!*ret_cdir)
				return -ENOMEM;
		}
	}
	if (i >= argc)
		return 0;
	const char *sub = cl->args[i].s;
	if (!sub)
		return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL, false,
				  "git: the subcommand is only known at runtime");
	const struct git_sub *gs = git_sub_lookup(sub);
	if (!gs || gs->level == GL_NONE)
		return report_add(w, POLICY_LAYER_ARGS, "args.git-subcommand", NULL, false,
				  "git %s is not allowed: it runs programs, starts servers or "
				  "GUIs, handles credentials, or is not a subcommand the "
				  "policy knows", sub);
	enum git_level level = gs->level;

	/* Options that run a program named on the command line. */
	for (size_t k = 0; k < ARRAY_SIZE(git_runs); k++) {
		const struct git_runs *gr = &git_runs[k];
		if (!streq(gr->sub, sub))
			continue;
		size_t nl = 0;
		while (nl < ARRAY_SIZE(gr->longs) && gr->longs[nl])
			nl++;
		for (size_t j = i + 1; j < argc; j++) {
			const char *s = cl->args[j].s;
			if (!s) {
				if (cl->args[j].prefix[0] == '-')
					return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL,
							  false, "git %s: the option '%s' is only "
							  "known at runtime", sub, cl->args[j].src);
				continue;
			}
			if (streq(s, "--"))
				break;
			bool bad = long_abbrev(s, gr->longs, nl);
			for (const char *c = gr->shorts; *c && !bad; c++)
				bad = short_has(s, *c);
			if (bad && streq(sub, "clone") && (short_has(s, 'c') || long_abbrev(s, (const char *const[]){ "config" }, 1))) {
				/* clone -c KEY=VALUE: checked as git -c is */
				const char *kv = NULL;
				if (strchr(s, '='))
					kv = strchr(s, '=') + 1;
				else if (s[1] != '-' && strchr(s, 'c')[1])
					kv = strchr(s, 'c') + 1;
				else if (j + 1 < argc)
					kv = cl->args[++j].s;
				if (!kv)
					return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic",
							  NULL, false, "git clone -c: the value is only "
							  "known at runtime");
				if ((r = git_config_key_check(w, kv)) < 0)
					return r;
				bad = short_has(s, 'u') || long_abbrev(s, gr->longs, 2);
				if (!bad)
					continue;
			}
			if (bad)
				return git_refuse(w, "args.git-option", sub, s,
						  "runs a program named on the command line or uses "
						  "files that plant code in .git");
		}
	}

	/* Verbs that change the level or are refused. */
	size_t verb_at = 0;
	const char *verb = git_verb(cl, i, &verb_at);
	if (streq(sub, "submodule") && streq(verb, "foreach"))
		return git_refuse(w, "args.git-subcommand", sub, verb, "runs a command in every submodule");
	if (streq(sub, "bisect") && streq(verb, "run"))
		return git_refuse(w, "args.git-subcommand", sub, verb, "runs a command named on the command line");
	if (streq(sub, "maintenance") && (streq(verb, "start") || streq(verb, "register") ||
					  streq(verb, "unregister") || streq(verb, "stop")))
		return git_refuse(w, "args.git-subcommand", sub, verb,
				  "schedules jobs outside the repository (cron, systemd, launchd)");
	if (streq(sub, "submodule") && verb && !streq(verb, "status") && !streq(verb, "summary"))
		level = streq(verb, "update") || streq(verb, "add") ? GL_REMOTE_READ : GL_LOCAL_WRITE;
	if (streq(sub, "remote") && verb && !streq(verb, "show") && !streq(verb, "get-url") &&
	    !streq(verb, "-v"))
		level = streq(verb, "update") || streq(verb, "prune") ? GL_REMOTE_READ : GL_LOCAL_WRITE;
	if (streq(sub, "remote") && streq(verb, "show"))
		level = GL_REMOTE_READ;
	if (streq(sub, "worktree") && verb && !streq(verb, "list"))
		level = GL_LOCAL_WRITE;
	if (streq(sub, "notes") && verb && !streq(verb, "list") && !streq(verb, "show") &&
	    !streq(verb, "get-ref"))
		level = GL_LOCAL_WRITE;
	if (streq(sub, "reflog") && (streq(verb, "expire") || streq(verb, "delete")))
		level = GL_LOCAL_WRITE;
	if (streq(sub, "stash") && (streq(verb, "list") || streq(verb, "show")))
		level = GL_LOCAL_READ;
	if (streq(sub, "bundle") && (streq(verb, "create") || streq(verb, "unbundle")))
		level = GL_LOCAL_WRITE;
	if ((streq(sub, "branch") || streq(sub, "tag")) && verb_at)
		level = GL_LOCAL_WRITE; /* creating, or listing with a pattern: both allowed at local_write */
	if (streq(sub, "symbolic-ref") && verb_at && verb_at + 1 < argc)
		level = GL_LOCAL_WRITE;
	if (streq(sub, "hash-object") || streq(sub, "merge-tree")) {
		for (size_t k = i + 1; k < argc; k++)
			if (streq(cl->args[k].s, "-w") || streq(cl->args[k].s, "--write-tree"))
				level = GL_LOCAL_WRITE;
	}
	if (streq(sub, "branch") || streq(sub, "tag")) {
		for (size_t k = i + 1; k < argc; k++) {
			const char *s = cl->args[k].s;
			if (s && s[0] == '-' && s[1] != '-' && strpbrk(s + 1, "dDmMcC"))
				level = GL_LOCAL_WRITE;
			if (s && (starts_with(s, "--del") || starts_with(s, "--mov") ||
				  starts_with(s, "--cop") || starts_with(s, "--set-up") ||
				  starts_with(s, "--unset-up") || starts_with(s, "--edit-desc")))
				level = GL_LOCAL_WRITE;
			if (s && (streq(s, "-l") || streq(s, "--list")))
				level = GL_LOCAL_READ;
		}
	}

	/* Operands that look like paths are read, unless a rule below says
	 * they are written; option values that are files. */
	bool has_output = false, to_stdout = false;
	for (size_t k = i + 1; k < argc; k++) {
		const char *s = cl->args[k].s;
		if (!s)
			continue;
		if (s[0] != '-') {
			roles[k] = ROLE_LOOSE;
			continue;
		}
		if (streq(s, "--stdout") || streq(s, "-p") || streq(s, "--print"))
			to_stdout = true;
		/* FILE written: --output=F (diff, log, ...), --index-output,
		 * --export-marks; -o/--output DIR of archive, format-patch,
		 * bugreport, diagnose, mailsplit */
		static const char *const wr_eq[] = { "--output=", "--output-directory=",
						      "--index-output=", "--export-marks=",
						      "--incremental-marks-file=" };
		for (size_t q = 0; q < ARRAY_SIZE(wr_eq); q++)
			if (starts_with(s, wr_eq[q])) {
				has_output = true;
				if ((r = check_path_str(w, "git", strchr(s, '=') + 1, ROLE_WRITE, 0)) < 0)
					return r;
			}
		if (starts_with(s, "--import-marks=") &&
		    (r = check_path_str(w, "git", strchr(s, '=') + 1, ROLE_READ, 0)) < 0)
			return r;
		bool o_writes = streq(sub, "archive") || streq(sub, "format-patch") ||
				streq(sub, "bugreport") || streq(sub, "diagnose");
		if ((streq(s, "--output") || streq(s, "--output-directory") ||
		     streq(s, "--index-output") || streq(s, "--export-marks") ||
		     (o_writes && streq(s, "-o"))) && k + 1 < argc) {
			has_output = true;
			roles[++k] = ROLE_WRITE;
			continue;
		}
		if (o_writes && s[1] == 'o' && s[2]) {
			has_output = true;
			if ((r = check_path_str(w, "git", s + 2, ROLE_WRITE, 0)) < 0)
				return r;
		}
		if (streq(sub, "mailsplit") && s[1] == 'o' && s[2]) {
			has_output = true;
			if ((r = check_path_str(w, "git", s + 2, ROLE_WRITE, 0)) < 0)
				return r;
		}
		/* option values given as the next word: not operands */
		static const char *const val_opts[] = {
			"-m", "-b", "-B", "-L", "-j", "--message", "--author", "--format",
			"--depth", "--branch", "--origin", "--shallow-since", "--shallow-exclude",
			"--jobs", "--filter", "--server-option", "--bundle-uri", "--date",
			"--since", "--until", "--grep", "--pretty", "--abbrev", "--max-count",
			"--skip", "--committer", "--reason", "--strategy", "--strategy-option",
			"--onto", "--signoff-by", "--trailer", "--prefix",
		};
		static const char *const file_opts[] = {
			"-F", "--file", "--reference", "--reference-if-able", "--pathspec-from-file",
		};
		if (k + 1 < argc && in_list(s, file_opts, ARRAY_SIZE(file_opts))) {
			roles[++k] = ROLE_READ;
			continue;
		}
		/* clone's own value-taking short options (-c KEY=VALUE,
		 * -o NAME, -u PROG), so that the URL and directory are counted
		 * right */
		static const char *const clone_vals[] = {
			"-c", "-o", "-u", "--config", "--upload-pack", "--object-format",
			"--separate-git-dir", "--ref-format",
		};
		bool cloneish = streq(sub, "clone") || streq(sub, "init") || streq(sub, "init-db") ||
				streq(sub, "submodule");
		if (k + 1 < argc && (in_list(s, val_opts, ARRAY_SIZE(val_opts)) ||
				     (cloneish && in_list(s, clone_vals, ARRAY_SIZE(clone_vals)))))
			k++;
	}

	/* The files git's writing subcommands are pointed at are written:
	 * git rm .claude/settings.json, git checkout -- .mcp.json. */
	if (streq(sub, "mv") || streq(sub, "rm") || streq(sub, "checkout") ||
	    streq(sub, "restore") || streq(sub, "checkout-index") || streq(sub, "mailinfo") ||
	    (streq(sub, "interpret-trailers") && !to_stdout)) {
		bool in_place = !streq(sub, "interpret-trailers");
		for (size_t k = i + 1; k < argc && !in_place; k++)
			if (cl->args[k].s && starts_with(cl->args[k].s, "--in-place"))
				in_place = true;
		for (size_t k = i + 1; k < argc && in_place; k++)
			if (roles[k] == ROLE_LOOSE)
				roles[k] = ROLE_WRITE;
	} else if (streq(sub, "merge-file") && !to_stdout) {
		/* the result replaces the first file */
		for (size_t k = i + 1; k < argc; k++)
			if (roles[k] == ROLE_LOOSE) {
				roles[k] = ROLE_WRITE;
				break;
			}
	} else if (streq(sub, "init") || streq(sub, "init-db") || streq(sub, "clone") ||
		   (streq(sub, "worktree") && streq(verb, "add")) ||
		   (streq(sub, "submodule") && streq(verb, "add"))) {
		/* the directory it creates: init DIR, clone URL DIR, worktree add
		 * DIR, submodule add URL DIR (the verb is an operand too) */
		size_t nth = 0, want = streq(sub, "clone") || streq(sub, "worktree") ? 2
				       : streq(sub, "submodule")                     ? 3
										     : 1;
		for (size_t k = i + 1; k < argc; k++) {
			if (roles[k] != ROLE_LOOSE)
				continue;
			if (++nth == want) {
				roles[k] = ROLE_WRITE;
				break;
			}
		}
		if (nth < want && !streq(sub, "worktree") && !streq(sub, "submodule")) {
			/* without a directory: here */
			if ((r = check_path_str(w, "git", ".", ROLE_WRITE, 0)) < 0)
				return r;
		}
		if (streq(sub, "clone")) {
			for (size_t k = i + 1; k < argc; k++)
				if (cl->args[k].s && starts_with(cl->args[k].s, "ext::"))
					return git_refuse(w, "args.git-option", sub, cl->args[k].s,
							  "uses the ext:: transport, which runs a command");
		}
	} else if (streq(sub, "bundle") && streq(verb, "create") && verb_at + 1 < argc) {
		roles[verb_at + 1] = ROLE_WRITE;
	} else if ((streq(sub, "format-patch") && !has_output && !to_stdout) ||
		   streq(sub, "unpack-file")) {
		/* the patches (or the blob's temporary file) land here */
		if ((r = check_path_str(w, "git", ".", ROLE_WRITE, 0)) < 0)
			return r;
	}
	if (streq(sub, "fetch") || streq(sub, "pull") || streq(sub, "ls-remote") ||
	    streq(sub, "push") || streq(sub, "fetch-pack") || streq(sub, "send-pack")) {
		for (size_t k = i + 1; k < argc; k++)
			if (cl->args[k].s && starts_with(cl->args[k].s, "ext::"))
				return git_refuse(w, "args.git-option", sub, cl->args[k].s,
						  "uses the ext:: transport, which runs a command");
	}
	/* The work tree is written by what writes the work tree. */
	if (work_tree) {
		enum arg_role ro = level == GL_LOCAL_READ ? ROLE_READ : ROLE_WRITE;
		if (work_tree_argi)
			roles[work_tree_argi] = ro;
		else if ((r = check_path_str(w, "git", work_tree, ro, 0)) < 0)
			return r;
	}

	if (streq(sub, "config") && (r = git_config_args(w, cl, i, roles, &level)) <= 0)
		return r;

	bool ok_level = level == GL_LOCAL_READ    ? w->p->git.local_read
			: level == GL_LOCAL_WRITE  ? w->p->git.local_write
			: level == GL_REMOTE_READ  ? w->p->git.remote_read
			: level == GL_REMOTE_WRITE ? w->p->git.remote_write
						   : false;
	if (!ok_level) {
		char fix[128];
		snprintf(fix, sizeof(fix), "lite-sandbox config git allow %s", level_name(level));
		return report_add(w, POLICY_LAYER_ARGS, "args.git-level", fix, false,
				  "git %s is a %s operation, which the config does not allow",
				  sub, level_name(level));
	}
	return 0;
}
