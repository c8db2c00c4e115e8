/* SPDX-License-Identifier: MIT */
/*
 * The parser of `lite-sandbox config` requests, on its own so that the
 * command, the hook and the services decide every question about a request
 * (does it only read? which scope? which grant?) with one piece of code.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "cli.h"
#include "cmd_config.h"
#include "config.h"

#define ARGS_MAX CONFIG_REQUEST_MAX_ARGS

/* Which options a subcommand takes. */
enum {
	OPT_SCOPE = 1 << 0,
	OPT_PATH_FLAGS = 1 << 1,
	OPT_NO_SANDBOX = 1 << 2,
	OPT_FORCE = 1 << 3,
};

static const struct subcommand {
	const char *group, *verb;
	enum config_sub sub;
	unsigned opts;
	int min_pos, max_pos; /* positional operands after the verb */
	bool writes;
} subcommands[] = {
	{ "path", NULL, CONFIG_SUB_PATH, 0, 0, 0, false },
	{ "show", NULL, CONFIG_SUB_SHOW, OPT_SCOPE, 0, 0, false },
	{ "mode", "show", CONFIG_SUB_MODE_SHOW, OPT_SCOPE, 0, 0, false },
	{ "mode", "set", CONFIG_SUB_MODE_SET, OPT_SCOPE, 1, 1, true },
	{ "paths", "list", CONFIG_SUB_PATHS_LIST, OPT_SCOPE, 0, 0, false },
	{ "paths", "allow", CONFIG_SUB_PATHS_ALLOW, OPT_SCOPE | OPT_PATH_FLAGS, 1, 1, true },
	{ "paths", "remove", CONFIG_SUB_PATHS_REMOVE, OPT_SCOPE, 1, 1, true },
	{ "commands", "list", CONFIG_SUB_COMMANDS_LIST, OPT_SCOPE, 0, 0, false },
	{ "commands", "allow", CONFIG_SUB_COMMANDS_ALLOW, OPT_SCOPE | OPT_NO_SANDBOX, 1, ARGS_MAX, true },
	{ "commands", "deny", CONFIG_SUB_COMMANDS_DENY, OPT_SCOPE, 1, ARGS_MAX, true },
	{ "commands", "ask", CONFIG_SUB_COMMANDS_ASK, OPT_SCOPE | OPT_NO_SANDBOX, 1, ARGS_MAX, true },
	{ "commands", "remove", CONFIG_SUB_COMMANDS_REMOVE, OPT_SCOPE, 1, ARGS_MAX, true },
	{ "os-sandbox", "check", CONFIG_SUB_OS_CHECK, 0, 0, 0, false },
	{ "os-sandbox", "show", CONFIG_SUB_OS_SHOW, 0, 0, 0, false },
	{ "os-sandbox", "profile", CONFIG_SUB_OS_PROFILE, 0, 0, 0, false },
	{ "os-sandbox", "enable", CONFIG_SUB_OS_ENABLE, OPT_SCOPE | OPT_FORCE, 0, 0, true },
	{ "git", "allow", CONFIG_SUB_GIT_ALLOW, OPT_SCOPE, 1, 1, true },
	{ "git", "deny", CONFIG_SUB_GIT_DENY, OPT_SCOPE, 1, 1, true },
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
		else if (strcmp(a, "--force") == 0)
			req->force = true;
		else
			return fail(why, why_len, "unknown option '%s'", a);
	}

	if (n_words == 0)
		return fail(why, why_len,
			    "expected a command (path, show, mode, paths, commands, "
			    "os-sandbox)");
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
	if (req->force && !(sc->opts & OPT_FORCE))
		return fail(why, why_len, "--force belongs to 'os-sandbox enable'");
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

const char *
config_request_refusal(const struct config_request *req)
{
	if (req->help)
		return NULL; /* prints the usage and nothing else */
	/* (a read too: the command would read any file and quote it in its
	 * parse errors; the server refuses it as well) */
	if (req->config)
		return "--config is refused in a config request: a request works on the "
		       "config the sandbox enforces";
	/* reads may look at any scope: no policy there is secret */
	if (req->writes && req->dir)
		return "--dir is refused in a config request: a request changes this "
		       "project's settings or, with --global, the base config";
	return NULL;
}
