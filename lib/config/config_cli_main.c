/* SPDX-License-Identifier: MIT */
/*
 * A stand-alone front end for cli/cmd_config.c, so that `lite-sandbox config`
 * builds and is tested (config_cli_test.sh) without the rest of the CLI,
 * whose binary needs the shell parser (helpers: cli_shim.c).
 */
#include "cli.h"

int
main(int argc, char **argv)
{
	/* argv[0] stands for "config", as main.c passes it. */
	return cmd_config(argc, argv);
}
