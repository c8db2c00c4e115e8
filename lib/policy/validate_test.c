/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the validators' own tables: what the corpus cannot see
 * directly (the git subcommand table's order, the declarations kept beside
 * the validators), and a few readings checked on the events themselves.
 */
#include <stdlib.h>

#include "policy-internal.h"
#include "tap.h"

bool git_table_sorted(void);

static int
parse(const struct opt_decl *d, int argc, char **argv, struct opt_event **ev)
{
	return opt_parse(d, OPT_ORDER_PERMUTE, argc, argv, ev);
}

TEST(git_subcommand_table_is_sorted)
{
	ASSERT_TRUE(git_table_sorted());
}

TEST(declarations_beside_validators_parse)
{
	const struct opt_decl *decls[] = { &tar_decl, &scp_decl, &rsync_decl };
	for (size_t i = 0; i < ARRAY_SIZE(decls); i++) {
		char *argv[] = { (char *)"x", (char *)"-", NULL };
		struct opt_event *ev = NULL;
		int n = parse(decls[i], 2, argv, &ev);
		free(ev);
		ASSERT_TRUE(n >= 0);
	}
}

/* tar's abbreviations land on the option that runs a program. */
TEST(tar_abbreviations_reach_to_command)
{
	char *argv[] = { (char *)"tar", (char *)"--to-c=sh", (char *)"-xf", (char *)"a.tar", NULL };
	struct opt_event *ev = NULL;
	int n = parse(&tar_decl, 4, argv, &ev);
	ASSERT_TRUE(n >= 3);
	ASSERT_EQ(ev[0].kind, OPT_EV_OPTION);
	ASSERT_STREQ(ev[0].long_name, "to-command");
	ASSERT_STREQ(ev[0].value, "sh");
	ASSERT_EQ(ev[1].id, 'x');
	ASSERT_EQ(ev[2].id, 'f');
	ASSERT_STREQ(ev[2].value, "a.tar");
	free(ev);
}

/* rsync's -e takes the rest of a cluster: -avebash is -a -v -e bash. */
TEST(rsync_cluster_ends_in_rsh_value)
{
	char *argv[] = { (char *)"rsync", (char *)"-avebash", (char *)"src", (char *)"h:x", NULL };
	struct opt_event *ev = NULL;
	int n = parse(&rsync_decl, 4, argv, &ev);
	ASSERT_TRUE(n >= 3);
	ASSERT_EQ(ev[2].id, 'e');
	ASSERT_STREQ(ev[2].value, "bash");
	free(ev);
}

TAP_MAIN(git_subcommand_table_is_sorted, declarations_beside_validators_parse,
	 tar_abbreviations_reach_to_command, rsync_cluster_ends_in_rsh_value)
