/* SPDX-License-Identifier: MIT */
/*
 * git: every subcommand classified under the config's git levels, and the
 * options, config keys and paths that would plant code in .git or run a
 * program refused.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- git (a first classification; the full validator is its own issue) ----------------------------------- */

static const char *const git_read[] = {
	"annotate", "archive", "blame", "bundle", "format-patch", "branch", "cat-file", "check-attr", "check-ignore", "cherry",
	"count-objects", "describe", "diff", "diff-files", "diff-index", "diff-tree",
	"for-each-ref", "grep", "help", "log", "ls-files", "ls-tree", "merge-base",
	"name-rev", "reflog", "remote", "rev-list", "rev-parse", "shortlog", "show",
	"show-branch", "show-ref", "stash", "status", "tag", "var", "version",
	"whatchanged", "worktree",
};
static const char *const git_local_write[] = {
	"add", "am", "apply", "checkout", "cherry-pick", "clean", "commit", "gc", "init",
	"merge", "mv", "notes", "rebase", "reset", "restore", "revert", "rm", "switch",
};
static const char *const git_remote_read[] = { "clone", "fetch", "ls-remote", "pull" };
static const char *const git_remote_write[] = { "push", "send-email", "request-pull" };
static const char *const git_bad_config[] = {
	"alias.", "core.askpass", "core.editor", "core.fsmonitor", "core.gitproxy",
	"core.hookspath", "core.pager", "core.sshcommand", "core.worktree", "credential.",
	"diff.external", "filter.", "gpg.program", "include.", "includeif.",
	"sequence.editor", "uploadpack.", "receive.", "remote.", "url.",
};

static int
git_config_key_check(struct walk *w, const char *kv)
{
	char key[128];
	size_t n = 0;
	for (; kv[n] && kv[n] != '=' && n + 1 < sizeof(key); n++)
		key[n] = (char)tolower((unsigned char)kv[n]);
	key[n] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(git_bad_config); i++) {
		size_t l = strlen(git_bad_config[i]);
		bool prefix = git_bad_config[i][l - 1] == '.';
		if (prefix ? strncmp(key, git_bad_config[i], l) == 0
			   : strcmp(key, git_bad_config[i]) == 0)
			return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
					  "git: the config key '%s' names a program or "
					  "redirects git, and git later runs on the host", key);
		if (!prefix && strncmp(key, "diff.", 5) == 0 && strstr(key, ".textconv"))
			break;
	}
	if (strstr(key, ".textconv") || strstr(key, ".driver") || strstr(key, ".command"))
		return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
				  "git: the config key '%s' names a program", key);
	return 0;
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
	size_t start = 1;
	/* the -C value itself was resolved from the shell's directory */
	for (; start < cl->argc; start++)
		if (cl->args[start].s && cl->args[start].s[0] != '-' &&
		    !(start > 1 && cl->args[start - 1].s && streq(cl->args[start - 1].s, "-C")))
			break;
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
	for (; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		if (!a->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL, false,
					  "git: the option '%s' is only known at runtime", a->src);
		const char *s = a->s;
		if (s[0] != '-')
			break;
		if (streq(s, "-C") || streq(s, "--git-dir") || streq(s, "--work-tree")) {
			if (i + 1 < argc)
				roles[i + 1] = ROLE_READ;
			if (streq(s, "-C") && i + 1 < argc) {
				const char *d = cl->args[i + 1].s;
				if (!d)
					return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL,
							  false, "git -C: the directory is only known at runtime");
				*ret_cdir = *ret_cdir && d[0] != '/'
						    ? arena_printf(w->a, "%s/%s", *ret_cdir, d)
						    : d;
				if (!*ret_cdir)
					return -ENOMEM;
			}
			i++;
		} else if (strncmp(s, "--git-dir=", 10) == 0 || strncmp(s, "--work-tree=", 12) == 0) {
			if ((r = check_path_str(w, "git", strchr(s, '=') + 1, ROLE_READ, 0)) < 0)
				return r;
		} else if (streq(s, "-c")) {
			if (i + 1 < argc && cl->args[i + 1].s &&
			    (r = git_config_key_check(w, cl->args[i + 1].s)) < 0)
				return r;
			i++;
		} else if (strncmp(s, "--exec-path", 11) == 0 || streq(s, "--config-env") ||
			   strncmp(s, "--config-env=", 13) == 0 || strncmp(s, "--template", 10) == 0) {
			return report_add(w, POLICY_LAYER_ARGS, "args.git-option", NULL, false,
					  "git %s chooses programs git runs", s);
		} else if (streq(s, "--namespace") || streq(s, "--super-prefix")) {
			i++;
		}
	}
	if (i >= argc)
		return 0;
	const char *sub = cl->args[i].s;
	if (!sub)
		return report_add(w, POLICY_LAYER_ARGS, "args.git-dynamic", NULL, false,
				  "git: the subcommand is only known at runtime");
	for (size_t k = i + 1; k < argc; k++) {
		const char *s = cl->args[k].s;
		if (s && (strncmp(s, "--template", 10) == 0 || strncmp(s, "--upload-pack", 13) == 0 ||
			  strncmp(s, "--receive-pack", 14) == 0 || streq(s, "--exec") ||
			  strncmp(s, "--exec=", 7) == 0 || streq(s, "-x") ||
			  strncmp(s, "--extcmd", 8) == 0))
			return report_add(w, POLICY_LAYER_ARGS, "args.git-option", NULL, false,
					  "git %s %s runs a program named on the command line", sub, s);
		if (s && streq(sub, "clone") && streq(s, "-c") && k + 1 < argc && cl->args[k + 1].s &&
		    (r = git_config_key_check(w, cl->args[k + 1].s)) < 0)
			return r;
		/* operands that look like paths are read */
		if (s && s[0] != '-')
			roles[k] = ROLE_LOOSE;
		if (s && (strncmp(s, "--output=", 9) == 0 ||
			  strncmp(s, "--output-directory=", 19) == 0) &&
		    (r = check_path_str(w, "git", strchr(s, '=') + 1, ROLE_WRITE, 0)) < 0)
			return r;
		/* -o FILE/DIR of archive, format-patch, bugreport, diagnose */
		if (s && (streq(s, "-o") || streq(s, "--output") ||
			  streq(s, "--output-directory")) && k + 1 < argc &&
		    (streq(sub, "archive") || streq(sub, "format-patch") ||
		     streq(sub, "bugreport") || streq(sub, "diagnose"))) {
			roles[k + 1] = ROLE_WRITE;
			k++;
		}
	}
	/* The files git's writing subcommands are pointed at are written:
	 * git rm .claude/settings.json, git checkout -- .mcp.json. */
	if (streq(sub, "mv") || streq(sub, "rm") || streq(sub, "checkout") ||
	    streq(sub, "restore") || streq(sub, "checkout-index")) {
		for (size_t k = i + 1; k < argc; k++)
			if (roles[k] == ROLE_LOOSE)
				roles[k] = ROLE_WRITE;
	} else if (streq(sub, "init") || streq(sub, "clone") || streq(sub, "worktree")) {
		/* the directory it creates: init DIR, clone URL DIR, worktree add DIR */
		size_t nth = 0, want = streq(sub, "clone") ? 2 : streq(sub, "worktree") ? 2 : 1;
		for (size_t k = i + 1; k < argc; k++) {
			if (roles[k] != ROLE_LOOSE)
				continue;
			if (++nth == want) {
				roles[k] = ROLE_WRITE;
				break;
			}
		}
		if (streq(sub, "clone") && nth < want) {
			/* clone without a directory creates one here */
			if ((r = check_path_str(w, "git", ".", ROLE_WRITE, 0)) < 0)
				return r;
		}
	} else if (streq(sub, "bundle")) {
		for (size_t k = i + 1; k + 1 < argc; k++)
			if (cl->args[k].s && streq(cl->args[k].s, "create")) {
				roles[k + 1] = ROLE_WRITE;
				break;
			}
	}
	if (streq(sub, "config")) {
		bool reading = false;
		for (size_t k = i + 1; k < argc; k++) {
			const char *s = cl->args[k].s;
			if (s && (streq(s, "--get") || streq(s, "--get-all") || streq(s, "-l") ||
				  streq(s, "--list") || streq(s, "--get-regexp") || streq(s, "get") ||
				  streq(s, "list")))
				reading = true;
			if (s && (streq(s, "edit") || streq(s, "-e") || streq(s, "--edit")))
				return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
						  "git config --edit runs an editor");
		}
		if (reading)
			return 0;
		for (size_t k = i + 1; k < argc; k++) {
			const char *s = cl->args[k].s;
			if (!s)
				return report_add(w, POLICY_LAYER_ARGS, "args.git-config", NULL, false,
						  "git config: a key only known at runtime");
			if (s[0] != '-' && !streq(s, "set"))
				return git_config_key_check(w, s);
		}
		return 0;
	}
	bool ok_level;
	const char *level;
	if (in_list(sub, git_read, ARRAY_SIZE(git_read))) {
		ok_level = w->p->git.local_read;
		level = "local_read";
	} else if (in_list(sub, git_local_write, ARRAY_SIZE(git_local_write))) {
		ok_level = w->p->git.local_write;
		level = "local_write";
	} else if (in_list(sub, git_remote_read, ARRAY_SIZE(git_remote_read))) {
		ok_level = w->p->git.remote_read;
		level = "remote_read";
	} else if (in_list(sub, git_remote_write, ARRAY_SIZE(git_remote_write))) {
		ok_level = w->p->git.remote_write;
		level = "remote_write";
	} else {
		return report_add(w, POLICY_LAYER_ARGS, "args.git-subcommand", NULL, false,
				  "git %s is not a subcommand the policy allows (it runs "
				  "programs, starts servers or handles credentials, or is not "
				  "classified yet)", sub);
	}
	if (!ok_level) {
		char fix[128];
		snprintf(fix, sizeof(fix), "lite-sandbox config git %s allow", level);
		return report_add(w, POLICY_LAYER_ARGS, "args.git-level", fix, false,
				  "git %s is a %s operation, which the config does not allow",
				  sub, level);
	}
	return 0;
}

