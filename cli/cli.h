/* SPDX-License-Identifier: MIT */
/*
 * cli: the `lite-sandbox` front end. Each subcommand lives in its own
 * cmd_<name>.c and is listed once in the table in main.c.
 *
 * Exit codes shared by every subcommand: 0 success, 1 the answer is "no"
 * (a refusal, a syntax error), 2 usage or configuration error.
 */
#ifndef LITE_SANDBOX_CLI_H
#define LITE_SANDBOX_CLI_H

#include <stdio.h>

#define EXIT_USAGE 2

struct cli_command {
	const char *name;
	const char *summary;        /* one line for `lite-sandbox --help` */
	void (*usage)(FILE *out);   /* full help for `help NAME` and NAME --help */
	int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
};

/* The subcommands. */
void cmd_parse_usage(FILE *out);
int cmd_parse(int argc, char **argv);
void cmd_hook_usage(FILE *out);
int cmd_hook(int argc, char **argv);
void cmd_config_usage(FILE *out);
int cmd_config(int argc, char **argv);
void cmd_check_usage(FILE *out);
int cmd_check(int argc, char **argv);
void cmd_exec_usage(FILE *out);
int cmd_exec(int argc, char **argv);
void cmd_sandbox_check_usage(FILE *out);
int cmd_sandbox_check(int argc, char **argv);
void cmd_serve_mcp_usage(FILE *out);
int cmd_serve_mcp(int argc, char **argv);
/* `config os-sandbox check|show|profile` (cmd_sandbox.c); argv[0] is
 * "os-sandbox". The check alone, for `enable`: true when the sandbox runs
 * here, with the report appended to report (may be NULL). */
int cmd_config_os_sandbox(int argc, char **argv, const char *config_path /* NULL: default */);
struct buf;
_Bool cmd_config_os_sandbox_check_ok(struct buf *report);

/*
 * The effective config for a working directory: config_file (NULL: the
 * default location) with dir's project override merged in. On failure
 * prints "lite-sandbox CMD: FILE:LINE:COL: message" and returns EXIT_USAGE.
 */
struct config;
int cli_load_config(const char *cmd, const char *config_file, const char *dir,
		    struct config **ret);

/* Print "lite-sandbox NAME: message" on stderr and return EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* True when argv holds -h or --help before any "--". */
int cli_wants_help(int argc, char **argv);

#endif
