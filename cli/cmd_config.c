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
		"                                with ARGS, if given); --no-sandbox runs it\n"
		"                                on the host, outside the OS sandbox\n"
		"  commands deny NAME [ARGS...] [SCOPE]\n"
		"                                add NAME to the deny list\n"
		"  commands ask NAME [ARGS...] [SCOPE] [--no-sandbox]\n"
		"                                allow NAME after the user approves each run\n"
		"  commands remove NAME [ARGS...] [SCOPE]\n"
		"                                remove NAME's entries (only the one with\n"
		"                                exactly ARGS, if given)\n"
		"\n"
		"SCOPE (for changes and reads alike):\n"
		"  (none)       the override of the working directory's project: its git\n"
		"               root (a linked worktree's main worktree), else the\n"
		"               directory itself; never $HOME or /\n"
		"  --dir D      as if run from directory D\n"
		"  --global     the base settings, which every directory starts from\n"
		"\n"
		"Options:\n"
		"  --config FILE  use FILE instead of $LITE_SANDBOX_CONFIG or the default\n"
		"                 location (~/.config/lite-sandbox/config.yaml)\n"
		"  -h, --help     show this help\n"
		"Put '--' before ARGS that start with '-'.\n"
		"\n"
		"Exit status: 0 done, 1 refused or failed (nothing matched, the file could\n"
		"not be written, a scope other than the approved one), 2 usage error or a\n"
		"config file that does not load (reported as FILE:LINE:COL: message).\n");
}

enum sub {
	SUB_PATH,
	SUB_SHOW,
	SUB_MODE_SHOW,
	SUB_MODE_SET,
	SUB_PATHS_LIST,
	SUB_PATHS_ALLOW,
	SUB_PATHS_REMOVE,
	SUB_COMMANDS_LIST,
	SUB_COMMANDS_ALLOW,
	SUB_COMMANDS_DENY,
	SUB_COMMANDS_ASK,
	SUB_COMMANDS_REMOVE,
};

/* Which options a subcommand takes. */
enum {
	OPT_SCOPE = 1 << 0,
	OPT_PATH_FLAGS = 1 << 1,
	OPT_NO_SANDBOX = 1 << 2,
};

static const struct subcommand {
	const char *group, *verb;
	enum sub sub;
	unsigned opts;
	int min_pos, max_pos; /* positional operands after the verb */
	bool writes;
} subcommands[] = {
	{ "path", NULL, SUB_PATH, 0, 0, 0, false },
	{ "show", NULL, SUB_SHOW, OPT_SCOPE, 0, 0, false },
	{ "mode", "show", SUB_MODE_SHOW, OPT_SCOPE, 0, 0, false },
	{ "mode", "set", SUB_MODE_SET, OPT_SCOPE, 1, 1, true },
	{ "paths", "list", SUB_PATHS_LIST, OPT_SCOPE, 0, 0, false },
	{ "paths", "allow", SUB_PATHS_ALLOW, OPT_SCOPE | OPT_PATH_FLAGS, 1, 1, true },
	{ "paths", "remove", SUB_PATHS_REMOVE, OPT_SCOPE, 1, 1, true },
	{ "commands", "list", SUB_COMMANDS_LIST, OPT_SCOPE, 0, 0, false },
	{ "commands", "allow", SUB_COMMANDS_ALLOW, OPT_SCOPE | OPT_NO_SANDBOX, 1, ARGS_MAX, true },
	{ "commands", "deny", SUB_COMMANDS_DENY, OPT_SCOPE, 1, ARGS_MAX, true },
	{ "commands", "ask", SUB_COMMANDS_ASK, OPT_SCOPE | OPT_NO_SANDBOX, 1, ARGS_MAX, true },
	{ "commands", "remove", SUB_COMMANDS_REMOVE, OPT_SCOPE, 1, ARGS_MAX, true },
};


/* A usage error: the reason into why, -EINVAL. */
static int fail(char *why, size_t why_len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int
fail(char *why, size_t why_len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (why && why_len)
		vsnprintf(why, why_len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Take an option's value: "--opt=value" or the next word. */
static int
opt_value(int argc, char **argv, int *i, const char *name, const char **ret, char *why,
	  size_t why_len)
{
	size_t n = strlen(name);
	if (argv[*i][n] == '=') {
		*ret = argv[*i] + n + 1;
		return 0;
	}
	if (*i + 1 >= argc)
		return fail(why, why_len, "%s needs a value", name);
	*ret = argv[++*i];
	return 0;
}

static bool
is_opt(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/*
 * Options may come anywhere before "--" (git-style), so that
 * `config --global mode set open` and `config mode set open --global` mean
 * the same; words after "--" are operands whatever they look like.
 */
static int
parse_args(int argc, char **argv, struct config_request *req, char *why, size_t why_len)
{
	const char *words[ARGS_MAX + 3];
	int n_words = 0, r;
	bool dashdash = false;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!dashdash && strcmp(a, "--") == 0) {
			dashdash = true;
			continue;
		}
		if (dashdash || a[0] != '-' || strcmp(a, "-") == 0) {
			if (n_words >= (int)ARRAY_SIZE(words))
				return fail(why, why_len, "too many arguments");
			words[n_words++] = a;
			continue;
		}
		const char **val = is_opt(a, "--config")   ? &req->config :
				   is_opt(a, "--dir")      ? &req->dir :
				   is_opt(a, "--commands") ? &req->commands :
							     NULL;
		if (val) {
			/* Given twice is refused: a reader of the request must not
			 * have to guess which one counts. */
			const char *name = val == &req->config ? "--config" :
					   val == &req->dir    ? "--dir" :
								 "--commands";
			if (*val)
				return fail(why, why_len, "%s given twice", name);
			if ((r = opt_value(argc, argv, &i, name, val, why, why_len)) != 0)
				return r;
		} else if (strcmp(a, "--global") == 0)
			req->global = true;
		else if (strcmp(a, "--write") == 0)
			req->write = true;
		else if (strcmp(a, "--internal") == 0)
			req->internal = true;
		else if (strcmp(a, "--no-sandbox") == 0)
			req->no_sandbox = true;
		else
			return fail(why, why_len, "unknown option '%s'", a);
	}

	if (n_words == 0)
		return fail(why, why_len,
			    "expected a command (path, show, mode, paths, commands)");
	const struct subcommand *sc = NULL;
	int used = 0;
	for (size_t k = 0; k < ARRAY_SIZE(subcommands) && !sc; k++) {
		const struct subcommand *s = &subcommands[k];
		if (strcmp(s->group, words[0]) != 0)
			continue;
		if (!s->verb) {
			sc = s;
			used = 1;
		} else if (n_words >= 2 && strcmp(s->verb, words[1]) == 0) {
			sc = s;
			used = 2;
		}
	}
	if (!sc) {
		bool group = false;
		for (size_t k = 0; k < ARRAY_SIZE(subcommands); k++)
			group |= strcmp(subcommands[k].group, words[0]) == 0;
		if (group)
			return fail(why, why_len, "'%s' needs one of its verbs%s%s%s", words[0],
				    n_words >= 2 ? " (not '" : "", n_words >= 2 ? words[1] : "",
				    n_words >= 2 ? "')" : "");
		return fail(why, why_len, "unknown command '%s'", words[0]);
	}
	req->sub_ = (int)sc->sub;
	req->group = sc->group;
	req->verb = sc->verb;
	req->writes = sc->writes;
	req->n_pos = n_words - used;
	if (req->n_pos < sc->min_pos || req->n_pos > sc->max_pos)
		return fail(why, why_len, "%s%s%s: wrong number of arguments", sc->group,
			    sc->verb ? " " : "", sc->verb ? sc->verb : "");
	for (int k = 0; k < req->n_pos; k++)
		req->pos[k] = words[used + k];

	if ((req->dir || req->global) && !(sc->opts & OPT_SCOPE))
		return fail(why, why_len, "%s takes no --dir or --global", sc->group);
	if (req->dir && req->global)
		return fail(why, why_len, "--dir and --global exclude each other");
	if ((req->write || req->internal || req->commands) && !(sc->opts & OPT_PATH_FLAGS))
		return fail(why, why_len,
			    "--write, --internal and --commands belong to 'paths allow'");
	if (req->no_sandbox && !(sc->opts & OPT_NO_SANDBOX))
		return fail(why, why_len,
			    "--no-sandbox belongs to 'commands allow' and 'commands ask'");
	return 0;
}

/* Refuse words that could fake or hide what a prompt or listing shows. */
static int
check_words(const struct config_request *req, char *why, size_t why_len)
{
	const char *vals[ARGS_MAX + 4];
	int n = 0;
	for (int k = 0; k < req->n_pos; k++)
		vals[n++] = req->pos[k];
	if (req->dir)
		vals[n++] = req->dir;
	if (req->commands)
		vals[n++] = req->commands;
	if (req->config)
		vals[n++] = req->config;
	for (int k = 0; k < n; k++) {
		const char *problem = config_string_problem(vals[k], strlen(vals[k]));
		if (problem)
			return fail(why, why_len, "argument %d: %s", k + 1, problem);
		if (!*vals[k])
			return fail(why, why_len, "empty argument");
	}
	return 0;
}

int
cmd_config_parse(int argc, char **argv, struct config_request *ret, char *why, size_t why_len)
{
	*ret = (struct config_request){ 0 };
	if (why && why_len)
		why[0] = '\0';
	if (cli_wants_help(argc, argv)) {
		ret->help = true;
		return 0;
	}
	int r = parse_args(argc, argv, ret, why, why_len);
	if (r < 0)
		return r;
	return check_words(ret, why, why_len);
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
	switch ((enum sub)req->sub_) {
	case SUB_SHOW: {
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
	case SUB_MODE_SHOW:
		printf("%s\n", policy_mode_name(c->mode));
		return 0;
	case SUB_PATHS_LIST:
		for (size_t i = 0; i < c->n_paths; i++)
			print_path(&c->paths[i]);
		return 0;
	case SUB_COMMANDS_LIST:
		for (size_t i = 0; i < c->n_commands; i++)
			print_command(&c->commands[i]);
		return 0;
	case SUB_PATH:
	case SUB_MODE_SET:
	case SUB_PATHS_ALLOW:
	case SUB_PATHS_REMOVE:
	case SUB_COMMANDS_ALLOW:
	case SUB_COMMANDS_DENY:
	case SUB_COMMANDS_ASK:
	case SUB_COMMANDS_REMOVE:
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
	const char *what = NULL;
	_cleanup_free_ char *norm = NULL;

	switch ((enum sub)req->sub_) {
	case SUB_MODE_SET: {
		enum policy_mode m;
		if (policy_mode_from_name(req->pos[0], &m) < 0)
			return cli_usage_error("config", "mode '%s' is not one of open, denylist, "
							 "allowlist", req->pos[0]);
		r = config_doc_set_mode(doc, scope, m);
		what = "set mode";
		break;
	}
	case SUB_PATHS_ALLOW:
	case SUB_PATHS_REMOVE: {
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
		if ((enum sub)req->sub_ == SUB_PATHS_REMOVE) {
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
	case SUB_COMMANDS_ALLOW:
	case SUB_COMMANDS_DENY:
	case SUB_COMMANDS_ASK:
	case SUB_COMMANDS_REMOVE: {
		const char *name = req->pos[0];
		char *args[ARGS_MAX];
		size_t n_args = 0;
		for (int k = 1; k < req->n_pos; k++)
			args[n_args++] = (char *)req->pos[k];
		if (strpbrk(name, " \t"))
			return cli_usage_error("config", "'%s': give the command name alone, its "
							 "arguments as separate words", name);
		if ((enum sub)req->sub_ == SUB_COMMANDS_REMOVE) {
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
			.allow = (enum sub)req->sub_ != SUB_COMMANDS_DENY,
			.ask = (enum sub)req->sub_ == SUB_COMMANDS_ASK,
			.no_sandbox = req->no_sandbox,
		};
		r = config_doc_put_command(doc, scope, &c);
		what = (enum sub)req->sub_ == SUB_COMMANDS_DENY ? "denied" :
		       (enum sub)req->sub_ == SUB_COMMANDS_ASK ? "ask first for" : "allowed";
		break;
	}
	case SUB_PATH:
	case SUB_SHOW:
	case SUB_MODE_SHOW:
	case SUB_PATHS_LIST:
	case SUB_COMMANDS_LIST:
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
	if ((enum sub)req->sub_ == SUB_PATHS_ALLOW)
		printf(" (%s%s%s%s)", req->write ? "read-write" : "read-only",
		       req->internal ? ", internal" : "", req->commands ? ", for " : "",
		       req->commands ? req->commands : "");
	if (req->no_sandbox)
		printf(" (no sandbox)");
	printf(" in %s (%s)\n", scope ? scope : "the base settings", config_doc_path(doc));
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
	if ((enum sub)req.sub_ == SUB_PATH) {
		printf("%s\n", path);
		return 0;
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
