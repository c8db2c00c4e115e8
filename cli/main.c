/* SPDX-License-Identifier: MIT */
#include "cli.h"

#include <stdarg.h>
#include <string.h>

#include "base.h"
#include "build_config.h"

static const struct cli_command commands[] = {
	{ "parse", "parse a command line and print its syntax tree",
	  cmd_parse_usage, cmd_parse },
	{ "hook", "answer an agent's PreToolUse hook (Claude Code, Codex)",
	  cmd_hook_usage, cmd_hook },
	{ "config", "read or change the policy file (mode, paths, commands)",
	  cmd_config_usage, cmd_config },
	{ "check", "check a command line against the policy (runs nothing)",
	  cmd_check_usage, cmd_check },
	{ "exec", "check a command line and run it in the checking interpreter",
	  cmd_exec_usage, cmd_exec },
	{ "sandbox-check", "can the OS sandbox (bubblewrap, Landlock, seccomp) run here?",
	  cmd_sandbox_check_usage, cmd_sandbox_check },
	{ "serve-mcp", "serve the MCP bash tool on stdio for an agent session",
	  cmd_serve_mcp_usage, cmd_serve_mcp },
};

static void
main_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox [--help] [--version] COMMAND [ARGS...]\n"
		"\n"
		"lite-sandbox parses an AI agent's shell command exactly as bash\n"
		"would, checks it against your policy and runs it confined.\n"
		"\n"
		"Commands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(out, "  %-14s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "  %-14s %s\n", "help", "show the help of a command");
	fprintf(out,
		"\n"
		"Run 'lite-sandbox help COMMAND' for a command's options.\n"
		"Documentation: docs/ in the source tree.\n");
}

static const struct cli_command *
find_command(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		main_usage(stderr);
		return EXIT_USAGE;
	}
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
		main_usage(stdout);
		return 0;
	}
	if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
		printf("lite-sandbox %s\n", LITE_SANDBOX_VERSION);
		return 0;
	}
	if (strcmp(name, "help") == 0) {
		if (argc < 3) {
			main_usage(stdout);
			return 0;
		}
		const struct cli_command *c = find_command(argv[2]);
		if (!c)
			return cli_usage_error(NULL, "unknown command '%s'", argv[2]);
		c->usage(stdout);
		return 0;
	}
	const struct cli_command *c = find_command(name);
	if (!c)
		return cli_usage_error(NULL, "unknown command '%s'", name);
	if (cli_wants_help(argc - 1, argv + 1)) {
		c->usage(stdout);
		return 0;
	}
	return c->run(argc - 1, argv + 1);
}
