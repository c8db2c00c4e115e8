/* SPDX-License-Identifier: MIT */
/*
 * The argument parser of `lite-sandbox config`, shared with the callers that
 * must decide about a config request before it runs (the hook's approval
 * prompt, the server's ticket check). They parse the request with this
 * function, the one the command itself runs, rather than scanning its words,
 * so that what they show and check is what the command will do however its
 * options are spelled.
 */
#ifndef LITE_SANDBOX_CMD_CONFIG_H
#define LITE_SANDBOX_CMD_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#define CONFIG_REQUEST_MAX_ARGS 256

struct config_request {
	const char *group;      /* "path", "show", "mode", "paths", "commands" */
	const char *verb;       /* "set", "allow", ...; NULL for path and show */
	bool help;              /* -h/--help anywhere before "--": only prints usage */
	bool writes;            /* changes the file (false for help and the reads) */
	const char *config;     /* --config FILE, or NULL */
	const char *dir;        /* --dir D as given, or NULL */
	bool global;            /* --global */
	bool write, internal;   /* paths allow --write / --internal */
	const char *commands;   /* paths allow --commands a,b (as given), or NULL */
	bool no_sandbox;        /* commands allow|ask --no-sandbox */
	bool force;             /* os-sandbox enable --force: skip the check */
	const char *pos[CONFIG_REQUEST_MAX_ARGS + 1]; /* operands after the verb */
	int n_pos;
	int sub_;               /* enum config_sub */
};

/* Which subcommand a request is (config_request.sub_). */
enum config_sub {
	CONFIG_SUB_PATH,
	CONFIG_SUB_SHOW,
	CONFIG_SUB_MODE_SHOW,
	CONFIG_SUB_MODE_SET,
	CONFIG_SUB_PATHS_LIST,
	CONFIG_SUB_PATHS_ALLOW,
	CONFIG_SUB_PATHS_REMOVE,
	CONFIG_SUB_COMMANDS_LIST,
	CONFIG_SUB_COMMANDS_ALLOW,
	CONFIG_SUB_COMMANDS_DENY,
	CONFIG_SUB_COMMANDS_ASK,
	CONFIG_SUB_COMMANDS_REMOVE,
	CONFIG_SUB_OS_CHECK,
	CONFIG_SUB_OS_SHOW,
	CONFIG_SUB_OS_PROFILE,
	CONFIG_SUB_OS_ENABLE,
	CONFIG_SUB_GIT_ALLOW,
	CONFIG_SUB_GIT_DENY,
};

/*
 * Parse argv as `lite-sandbox config` does (argv[0] is "config"). Returns 0,
 * or -EINVAL for a usage error with the reason in why. Pointers in ret point
 * into argv. Words with control, separator, zero-width or bidi characters
 * are usage errors.
 */
int cmd_config_parse(int argc, char **argv, struct config_request *ret, char *why,
		     size_t why_len);

/*
 * Why a parsed request is refused whatever the user would answer, or NULL:
 * one that names --config, a read included (the config the sandbox enforces
 * is the one to read or change, and the command would quote any other file
 * in its errors), or a change that names --dir (a request changes this
 * project's settings or, with --global, the base config). Help is never
 * refused. The registrar and the hook deciding
 * alone refuse with these words, so the answer does not depend on which
 * of them decides.
 */
const char *config_request_refusal(const struct config_request *req);

#endif
