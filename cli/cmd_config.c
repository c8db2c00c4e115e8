/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox config: read and change the policy file.
 *
 * Reads (path, show, mode show, paths list, commands list) never write the
 * file. Changes load the file under a lock, edit it, check that the result
 * loads, and replace it atomically (lib/config). Scope: by default the
 * override of the working directory's project (its pinned git root), with
 * --dir D the project of D, with --global the base settings.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>

#include "base.h"
#include "cli.h"
#include "cmd_config.h"
#include "config.h"

#define ARGS_MAX CONFIG_REQUEST_MAX_ARGS

void
cmd_config_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox config [--config FILE] COMMAND [ARGS...]\n"
		"\n"
		"Read or change the lite-sandbox policy file (docs/config.md).\n"
		"\n"
		"Commands:\n"
		"  path                          print the config file's path\n"
		"  show [SCOPE]                  print the effective config as YAML\n"
		"  mode show [SCOPE]             print the mode (open, denylist, allowlist)\n"
		"  mode set MODE [SCOPE]         set the mode\n"
		"  paths list [SCOPE]            list the path grants\n"
		"  paths allow PATH [SCOPE] [--write] [--internal] [--commands a,b]\n"
		"                                grant PATH (read-only unless --write;\n"
		"                                --internal: OS sandbox only; --commands:\n"
		"                                only for these commands)\n"
		"  paths remove PATH [SCOPE]     remove the grant for PATH\n"
		"  commands list [SCOPE]         list the command entries\n"
		"  commands allow NAME [ARGS...] [SCOPE] [--no-sandbox]\n"
		"                                allow NAME (only when its arguments start\n"
		"                                with ARGS, if given); --no-sandbox records\n"
		"                                no_sandbox: true, which is not applied yet\n"
		"                                (the command still runs sandboxed)\n"
		"  commands deny NAME [ARGS...] [SCOPE]\n"
		"                                add NAME to the deny list\n"
		"  commands ask NAME [ARGS...] [SCOPE] [--no-sandbox]\n"
		"                                allow NAME after the user approves each run\n"
		"  commands remove NAME [ARGS...] [SCOPE]\n"
		"                                remove NAME's entries (only the one with\n"
		"                                exactly ARGS, if given)\n"
		"  git allow LEVEL [SCOPE]       allow the git operations of LEVEL:\n"
		"                                local_read, local_write, remote_read or\n"
		"                                remote_write (git push)\n"
		"  git deny LEVEL [SCOPE]        refuse them again\n"
		"  os-sandbox check              can the OS sandbox run here? (what to\n"
		"                                install when it cannot)\n"
		"  os-sandbox show               the OS sandbox policy for this directory\n"
		"  os-sandbox profile            the macOS sandbox-exec profile for it\n"
		"  os-sandbox enable [SCOPE] [--force]\n"
		"                                turn the OS sandbox on; refused when the\n"
		"                                check fails, unless --force\n"
		"\n"
		"'mode set denylist' also turns the OS sandbox on when os_sandbox was\n"
		"never set and the check passes.\n"
		"\n"
		"SCOPE (for changes and reads alike):\n"
		"  (none)       the override of the working directory's project: its git\n"
		"               root (a linked worktree's main worktree) unless that root\n"
		"               is $HOME or /, else the working directory itself\n"
		"  --dir D      as if run from directory D\n"
		"  --global     the base settings, which every directory starts from\n"
		"\n"
		"Options:\n"
		"  --config FILE  use FILE instead of $LITE_SANDBOX_CONFIG or the default\n"
		"                 location ($XDG_CONFIG_HOME/lite-sandbox/config.yaml, else\n"
		"                 ~/.config/lite-sandbox/config.yaml)\n"
		"  -h, --help     show this help\n"
		"Put '--' before ARGS that start with '-'.\n"
		"\n"
		"Exit status: 0 done, 1 refused or failed (nothing matched, the file could\n"
		"not be written, a scope other than the approved one), 2 usage error or a\n"
		"config file that does not load (reported as FILE:LINE:COL: message).\n");
}

static void
print_config_error(const struct config_error *e, int r)
{
	if (e->line)
		fprintf(stderr, "lite-sandbox config: %s:%u:%u: %s\n", e->file, e->line, e->col,
			e->message);
	else if (e->message[0])
		fprintf(stderr, "lite-sandbox config: %s%s%s\n", e->file, e->file[0] ? ": " : "",
			e->message);
	else
		fprintf(stderr, "lite-sandbox config: %s\n", strerror(-r));
}

static bool
env_true(const char *name)
{
	const char *v = secure_getenv(name);
	return v && (strcmp(v, "1") == 0 || strcmp(v, "true") == 0);
}

/*
 * The scope: NULL (global) or the project directory. When the server runs
 * us for an approved request, the approved scope is in the environment: it
 * is the default, and any other scope is refused (exit 1).
 */
static int
resolve_scope(const struct config_request *req, const char *home, char **ret_dir, bool *ret_global)
{
	_cleanup_free_ char *cwd = NULL, *dir = NULL, *project = NULL;
	const char *approved_dir = secure_getenv("LITE_SANDBOX_CONFIG_REQUEST_DIR");
	bool approved_set = (approved_dir && *approved_dir) ||
			    secure_getenv("LITE_SANDBOX_CONFIG_REQUEST_GLOBAL");
	bool approved_global = env_true("LITE_SANDBOX_CONFIG_REQUEST_GLOBAL");
	int r;

	*ret_dir = NULL;
	*ret_global = false;
	if (approved_set) {
		if (req->global != approved_global || req->dir) {
			fprintf(stderr, "lite-sandbox config: refused: the scope given (%s) is "
					"not the approved one (%s)\n",
				req->global ? "--global" : req->dir ? "--dir" : "this project",
				approved_global ? "--global" : "this project");
			return 1;
		}
		if (approved_global) {
			*ret_global = true;
			return 0;
		}
		if (!approved_dir || approved_dir[0] != '/') {
			fprintf(stderr, "lite-sandbox config: refused: no approved directory\n");
			return 1;
		}
		r = config_path_normalize(approved_dir, NULL, NULL, ret_dir);
		if (r < 0) {
			fprintf(stderr, "lite-sandbox config: refused: bad approved directory\n");
			return 1;
		}
		return 0;
	}
	if (req->global) {
		*ret_global = true;
		return 0;
	}
	cwd = getcwd(NULL, 0);
	if (!cwd && !req->dir) {
		fprintf(stderr, "lite-sandbox config: cannot read the working directory: %s\n",
			strerror(errno));
		return 1;
	}
	if (req->dir) {
		/* The directory must exist: the kernel resolves it (.., symlinks). */
		_cleanup_free_ char *tilde = NULL, *real = NULL;
		const char *d = req->dir;
		if (d[0] == '~') {
			if (config_path_normalize(d, home, NULL, &tilde) < 0)
				return cli_usage_error("config", "--dir '%s': cannot expand ~", d);
			d = tilde;
		}
		real = realpath(d, NULL);
		if (!real || config_path_normalize(real, NULL, NULL, &dir) < 0) {
			fprintf(stderr, "lite-sandbox config: --dir '%s': %s\n", req->dir,
				strerror(real ? EINVAL : errno));
			return EXIT_USAGE;
		}
	}
	r = config_project_dir(dir ? dir : cwd, home, &project);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox config: cannot resolve the project of %s: %s\n",
			dir ? dir : cwd, strerror(-r));
		return 1;
	}
	/* A directory name could carry what a listing or prompt must not show. */
	const char *problem = config_string_problem(project, strlen(project));
	if (problem) {
		fprintf(stderr, "lite-sandbox config: refused: the project directory's name "
				"has a %s\n", problem);
		return 1;
	}
	*ret_dir = TAKE_PTR(project);
	return 0;
}

/* Serialize writers: an exclusive lock on the config's directory. */
static int
lock_config_dir(const char *path, int *ret_fd)
{
	_cleanup_free_ char *dir = strdup(path);
	if (!dir)
		return -ENOMEM;
	char *slash = strrchr(dir, '/');
	if (!slash)
		return -EINVAL;
	if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	/* Create it as the save would, so there is something to lock. */
	for (char *s = dir + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		(void)mkdir(dir, 0700);
		*s = '/';
	}
	(void)mkdir(dir, 0700);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX) < 0) {
		int r = -errno;
		close(fd);
		return r;
	}
	*ret_fd = fd;
	return 0;
}

static void
print_path(const struct config_path *p)
{
	printf("%s\t%s", p->path, p->write ? "write" : "read");
	if (p->internal)
		printf(" internal");
	if (p->n_commands) {
		printf(" commands=");
		for (size_t i = 0; i < p->n_commands; i++)
			printf("%s%s", i ? "," : "", p->commands[i]);
	}
	printf("\n");
}

static void
print_command(const struct config_command *c)
{
	printf("%s\t%s", !c->allow ? "deny" : c->ask ? "ask" : "allow", c->name);
	for (size_t i = 0; i < c->n_args; i++)
		printf(" %s", c->args[i]);
	if (c->no_sandbox)
		printf("\tno-sandbox");
	printf("\n");
}

static const char *
scope_name(const char *dir)
{
	return dir ? dir : "global";
}

static int
do_read(const struct config_request *req, struct config_doc *doc, const char *dir, bool global)
{
	_cleanup_(config_freep) struct config *c = NULL;
	int r = config_doc_effective(doc, global ? NULL : dir, &c);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox config: %s\n", strerror(-r));
		return 1;
	}
	switch ((enum config_sub)req->sub_) {
	case CONFIG_SUB_SHOW: {
		_cleanup_free_ char *text = NULL;
		r = config_to_yaml(c, &text);
		if (r < 0) {
			fprintf(stderr, "lite-sandbox config: %s\n", strerror(-r));
			return 1;
		}
		printf("# effective config for %s\n", global ? "--global (base settings)" : dir);
		printf("# file: %s%s\n", config_doc_path(doc),
		       config_doc_exists(doc) ? "" : " (missing: built-in defaults)");
		if (!global)
			printf("# override: %s\n", c->override_dir ? c->override_dir : "none");
		fputs(text, stdout);
		return 0;
	}
	case CONFIG_SUB_MODE_SHOW:
		printf("%s\n", policy_mode_name(c->mode));
		return 0;
	case CONFIG_SUB_PATHS_LIST:
		for (size_t i = 0; i < c->n_paths; i++)
			print_path(&c->paths[i]);
		return 0;
	case CONFIG_SUB_COMMANDS_LIST:
		for (size_t i = 0; i < c->n_commands; i++)
			print_command(&c->commands[i]);
		return 0;
	case CONFIG_SUB_PATH:
	case CONFIG_SUB_MODE_SET:
	case CONFIG_SUB_PATHS_ALLOW:
	case CONFIG_SUB_PATHS_REMOVE:
	case CONFIG_SUB_COMMANDS_ALLOW:
	case CONFIG_SUB_COMMANDS_DENY:
	case CONFIG_SUB_COMMANDS_ASK:
	case CONFIG_SUB_COMMANDS_REMOVE:
	case CONFIG_SUB_OS_CHECK:
	case CONFIG_SUB_OS_SHOW:
	case CONFIG_SUB_OS_PROFILE:
	case CONFIG_SUB_OS_ENABLE:
	case CONFIG_SUB_GIT_ALLOW:
	case CONFIG_SUB_GIT_DENY:
	default:
		return 1;
	}
}

/* Split "a,b,c" into a vector; empty items are a usage error. */
static int
split_commands(const char *s, char ***ret, size_t *ret_n)
{
	size_t n = 1;
	for (const char *p = s; *p; p++)
		n += *p == ',';
	if (n > CONFIG_MAX_LIST)
		return -E2BIG;
	char **v = calloc(n, sizeof(char *));
	if (!v)
		return -ENOMEM;
	size_t k = 0;
	const char *p = s;
	for (;;) {
		const char *e = strchrnul(p, ',');
		if (e == p || !(v[k] = strndup(p, (size_t)(e - p)))) {
			for (size_t j = 0; j < k; j++)
				free(v[j]);
			free(v);
			return e == p ? -EINVAL : -ENOMEM;
		}
		if (strpbrk(v[k], " \t")) {
			for (size_t j = 0; j <= k; j++)
				free(v[j]);
			free(v);
			return -EINVAL;
		}
		k++;
		if (!*e)
			break;
		p = e + 1;
	}
	*ret = v;
	*ret_n = k;
	return 0;
}

static int
do_write(const struct config_request *req, struct config_doc *doc, const char *dir,
	 const char *home)
{
	const char *scope = dir; /* NULL: global */
	int r = 0;
	const char *what = NULL, *also = "";
	_cleanup_free_ char *norm = NULL;

	switch ((enum config_sub)req->sub_) {
	case CONFIG_SUB_MODE_SET: {
		enum policy_mode m;
		if (policy_mode_from_name(req->pos[0], &m) < 0)
			return cli_usage_error("config", "mode '%s' is not one of open, denylist, "
							 "allowlist", req->pos[0]);
		r = config_doc_set_mode(doc, scope, m);
		what = "set mode";
		/* denylist drops the whitelist, so it leans on the OS sandbox:
		 * turn it on when it works here and the user never chose. */
		if (r == 0 && m == POLICY_MODE_DENYLIST &&
		    !config_doc_os_sandbox_set(doc, scope) &&
		    cmd_config_os_sandbox_check_ok(NULL)) {
			r = config_doc_set_os_sandbox(doc, scope, true);
			also = " (and turned the OS sandbox on)";
		}
		break;
	}
	case CONFIG_SUB_GIT_ALLOW:
	case CONFIG_SUB_GIT_DENY: {
		bool on = (enum config_sub)req->sub_ == CONFIG_SUB_GIT_ALLOW;
		r = config_doc_set_git(doc, scope, req->pos[0], on);
		if (r == -EINVAL)
			return cli_usage_error("config", "git level '%s' is not one of local_read, "
							 "local_write, remote_read, remote_write",
					       req->pos[0]);
		what = on ? "allowed git" : "denied git";
		break;
	}
	case CONFIG_SUB_OS_ENABLE: {
		_cleanup_buf_ struct buf report = BUF_INIT(1 << 16);
		if (!req->force && !cmd_config_os_sandbox_check_ok(&report)) {
			fputs(report.data ? report.data : "", stderr);
			fprintf(stderr, "lite-sandbox config: the OS sandbox cannot run here, so "
					"with it on every command would fail; install what the "
					"check names, or use --force\n");
			return 1;
		}
		r = config_doc_set_os_sandbox(doc, scope, true);
		what = "turned the OS sandbox on";
		break;
	}
	case CONFIG_SUB_PATHS_ALLOW:
	case CONFIG_SUB_PATHS_REMOVE: {
		_cleanup_free_ char *cwd = getcwd(NULL, 0);
		r = config_path_normalize(req->pos[0], home, cwd, &norm);
		if (r == -EINVAL && strstr(req->pos[0], "..") && req->pos[0][0] != '~') {
			/* "../lib": only for a path that exists, resolved by the
			 * kernel (symlinks followed), never by string surgery. */
			_cleanup_free_ char *real = realpath(req->pos[0], NULL);
			if (real)
				r = config_path_normalize(real, NULL, NULL, &norm);
		}
		if (r < 0)
			return cli_usage_error("config", "'%s' is not a usable path (absolute or "
							 "relative to here, ~ for home, no '..')",
					       req->pos[0]);
		if ((enum config_sub)req->sub_ == CONFIG_SUB_PATHS_REMOVE) {
			r = config_doc_remove_path(doc, scope, norm);
			if (r == -ENOENT) {
				fprintf(stderr, "lite-sandbox config: no grant for %s in %s\n", norm,
					scope_name(scope));
				return 1;
			}
			what = "removed grant";
			break;
		}
		struct config_path p = { .path = norm, .write = req->write,
					 .internal = req->internal };
		if (req->commands) {
			r = split_commands(req->commands, &p.commands, &p.n_commands);
			if (r == -EINVAL || r == -E2BIG)
				return cli_usage_error("config", "--commands: a comma-separated "
								 "list of command names");
			if (r < 0)
				break;
		}
		r = config_doc_put_path(doc, scope, &p);
		for (size_t i = 0; i < p.n_commands; i++)
			free(p.commands[i]);
		free(p.commands);
		what = "granted";
		break;
	}
	case CONFIG_SUB_COMMANDS_ALLOW:
	case CONFIG_SUB_COMMANDS_DENY:
	case CONFIG_SUB_COMMANDS_ASK:
	case CONFIG_SUB_COMMANDS_REMOVE: {
		const char *name = req->pos[0];
		char *args[ARGS_MAX];
		size_t n_args = 0;
		for (int k = 1; k < req->n_pos; k++)
			args[n_args++] = (char *)req->pos[k];
		if (strpbrk(name, " \t"))
			return cli_usage_error("config", "'%s': give the command name alone, its "
							 "arguments as separate words", name);
		if ((enum config_sub)req->sub_ == CONFIG_SUB_COMMANDS_REMOVE) {
			r = config_doc_remove_command(doc, scope, name, n_args ? args : NULL,
						      n_args);
			if (r == -ENOENT) {
				fprintf(stderr, "lite-sandbox config: no entry for %s in %s\n", name,
					scope_name(scope));
				return 1;
			}
			what = "removed";
			break;
		}
		struct config_command c = {
			.name = (char *)name,
			.args = n_args ? args : NULL,
			.n_args = n_args,
			.allow = (enum config_sub)req->sub_ != CONFIG_SUB_COMMANDS_DENY,
			.ask = (enum config_sub)req->sub_ == CONFIG_SUB_COMMANDS_ASK,
			.no_sandbox = req->no_sandbox,
		};
		r = config_doc_put_command(doc, scope, &c);
		what = (enum config_sub)req->sub_ == CONFIG_SUB_COMMANDS_DENY ? "denied" :
		       (enum config_sub)req->sub_ == CONFIG_SUB_COMMANDS_ASK ? "ask first for" : "allowed";
		break;
	}
	case CONFIG_SUB_PATH:
	case CONFIG_SUB_SHOW:
	case CONFIG_SUB_MODE_SHOW:
	case CONFIG_SUB_PATHS_LIST:
	case CONFIG_SUB_COMMANDS_LIST:
	case CONFIG_SUB_OS_CHECK:
	case CONFIG_SUB_OS_SHOW:
	case CONFIG_SUB_OS_PROFILE:
	default:
		return 1;
	}
	if (r == -EINVAL)
		return cli_usage_error("config", "invalid value for %s %s", req->group,
				       req->verb);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox config: %s\n", strerror(-r));
		return 1;
	}
	struct config_error e;
	r = config_doc_save(doc, &e);
	if (r < 0) {
		print_config_error(&e, r);
		return 1;
	}
	printf("%s", what);
	for (int k = 0; k < req->n_pos; k++)
		printf(" %s", k == 0 && norm ? norm : req->pos[k]);
	if ((enum config_sub)req->sub_ == CONFIG_SUB_PATHS_ALLOW)
		printf(" (%s%s%s%s)", req->write ? "read-write" : "read-only",
		       req->internal ? ", internal" : "", req->commands ? ", for " : "",
		       req->commands ? req->commands : "");
	if (req->no_sandbox)
		printf(" (no sandbox)");
	printf("%s in %s (%s)\n", also, scope ? scope : "the base settings",
	       config_doc_path(doc));
	return 0;
}

int
cmd_config(int argc, char **argv)
{
	struct config_request req;
	char why[512];
	int r;

	r = cmd_config_parse(argc, argv, &req, why, sizeof(why));
	if (r < 0)
		return cli_usage_error("config", "%s", why);
	if (req.help) {
		cmd_config_usage(stdout);
		return 0;
	}

	_cleanup_free_ char *path = NULL, *home = NULL;
	if (req.config) {
		path = strdup(req.config);
		if (!path)
			return 1;
	} else {
		r = config_default_path(&path);
		if (r < 0) {
			fprintf(stderr, "lite-sandbox config: cannot tell where the config file "
					"is: %s\n", strerror(-r));
			return EXIT_USAGE;
		}
	}
	if (path[0] != '/') {
		_cleanup_free_ char *cwd = getcwd(NULL, 0);
		char *abs = NULL;
		if (!cwd || config_path_normalize(path, NULL, cwd, &abs) < 0)
			return cli_usage_error("config", "--config '%s': not a usable path", path);
		free(path);
		path = abs;
	}
	if ((enum config_sub)req.sub_ == CONFIG_SUB_PATH) {
		printf("%s\n", path);
		return 0;
	}
	if ((enum config_sub)req.sub_ == CONFIG_SUB_OS_CHECK || (enum config_sub)req.sub_ == CONFIG_SUB_OS_SHOW ||
	    (enum config_sub)req.sub_ == CONFIG_SUB_OS_PROFILE) {
		char *os_argv[] = { (char *)"os-sandbox", (char *)req.verb, NULL };
		return cmd_config_os_sandbox(2, os_argv, path);
	}
	(void)config_home(&home);

	_cleanup_free_ char *dir = NULL;
	bool global = false;
	r = resolve_scope(&req, home, &dir, &global);
	if (r != 0)
		return r;

	_cleanup_close_ int lock = -EBADF;
	if (req.writes) {
		r = lock_config_dir(path, &lock);
		if (r < 0) {
			fprintf(stderr, "lite-sandbox config: cannot lock the config directory of "
					"%s: %s\n", path, strerror(-r));
			return 1;
		}
	}
	struct config_doc *doc = NULL;
	struct config_error e;
	r = config_doc_load(path, &doc, &e);
	if (r < 0) {
		print_config_error(&e, r);
		return EXIT_USAGE;
	}
	r = req.writes ? do_write(&req, doc, global ? NULL : dir, home) :
			     do_read(&req, doc, dir, global);
	config_doc_free(doc);
	return r;
}
