/* SPDX-License-Identifier: MIT */
/* cmd_config_parse(): the parser the hook and server share with the command. */
#include <string.h>

#include "base.h"
#include "cli.h"
#include "cmd_config.h"
#include "tap.h"

static int
parse(struct config_request *r, char *why, ...)
{
	char *argv[64];
	int argc = 0;
	va_list ap;
	va_start(ap, why);
	argv[argc++] = "config";
	for (char *a; (a = va_arg(ap, char *));)
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	return cmd_config_parse(argc, argv, r, why, 256);
}

TEST(reads_and_writes)
{
	struct config_request r;
	char why[256];
	static const char *const reads[][3] = {
		{ "path", NULL, NULL }, { "show", NULL, NULL }, { "mode", "show", NULL },
		{ "paths", "list", NULL }, { "commands", "list", NULL },
	};
	for (size_t i = 0; i < ARRAY_SIZE(reads); i++) {
		ASSERT_OK(parse(&r, why, reads[i][0], reads[i][1], NULL));
		ASSERT_FALSE(r.writes);
		ASSERT_FALSE(r.help);
	}
	ASSERT_OK(parse(&r, why, "mode", "set", "open", NULL));
	ASSERT_TRUE(r.writes);
	ASSERT_STREQ(r.group, "mode");
	ASSERT_STREQ(r.verb, "set");
	ASSERT_EQ(r.n_pos, 1);
	ASSERT_STREQ(r.pos[0], "open");
	ASSERT_OK(parse(&r, why, "git", "allow", "remote_write", NULL));
	ASSERT_TRUE(r.writes);
	ASSERT_STREQ(r.group, "git");
	ASSERT_STREQ(r.pos[0], "remote_write");
	ASSERT_ERRNO(parse(&r, why, "git", "allow", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "git", "allow", "a", "b", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "git", "show", NULL), -EINVAL);
	/* --help makes any request a read, whatever else it says. */
	ASSERT_OK(parse(&r, why, "mode", "set", "open", "--help", NULL));
	ASSERT_TRUE(r.help);
	ASSERT_FALSE(r.writes);
	/* ...but not after "--", where it is an operand. */
	ASSERT_OK(parse(&r, why, "commands", "allow", "x", "--", "--help", NULL));
	ASSERT_FALSE(r.help);
	ASSERT_TRUE(r.writes);
	ASSERT_EQ(r.n_pos, 2);
	ASSERT_STREQ(r.pos[1], "--help");
}

TEST(scope_spellings)
{
	struct config_request r;
	char why[256];
	/* Options anywhere before "--", "=" or separate values. */
	ASSERT_OK(parse(&r, why, "--global", "mode", "set", "open", NULL));
	ASSERT_TRUE(r.global);
	ASSERT_OK(parse(&r, why, "mode", "set", "--dir=/x", "open", NULL));
	ASSERT_STREQ(r.dir, "/x");
	ASSERT_STREQ(r.pos[0], "open");
	ASSERT_OK(parse(&r, why, "--config", "/c.yaml", "paths", "allow", "/p", "--write",
			"--commands=gh,git", "--internal", NULL));
	ASSERT_STREQ(r.config, "/c.yaml");
	ASSERT_TRUE(r.write);
	ASSERT_TRUE(r.internal);
	ASSERT_STREQ(r.commands, "gh,git");
	/* A value-taking option swallows the next word, even "--". */
	ASSERT_OK(parse(&r, why, "mode", "show", "--dir", "--", NULL));
	ASSERT_STREQ(r.dir, "--");
	/* Spellings that are refused, not guessed. */
	ASSERT_ERRNO(parse(&r, why, "mode", "set", "open", "--global=1", NULL), -EINVAL);
	ASSERT_TRUE(strstr(why, "unknown option") != NULL);
	ASSERT_ERRNO(parse(&r, why, "mode", "set", "open", "--glob", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "mode", "set", "open", "--dir", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "mode", "show", "--dir", "/a", "--global", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "path", "--global", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "mode", "set", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "mode", "set", "a", "b", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "commands", "deny", "x", "--no-sandbox", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "edit", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "mode", "show", "--dir", "/a", "--dir=/b", NULL), -EINVAL);
	ASSERT_TRUE(strstr(why, "given twice") != NULL);
	ASSERT_ERRNO(parse(&r, why, NULL), -EINVAL);
}

TEST(fake_prompt_characters)
{
	struct config_request r;
	char why[256];
	ASSERT_ERRNO(parse(&r, why, "commands", "allow", "make\nrm", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "commands", "allow", "make\xe2\x80\xa8", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "paths", "allow", "/a\xe2\x80\x8b", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "mode", "show", "--dir", "/x\x1b[2J", NULL), -EINVAL);
	ASSERT_ERRNO(parse(&r, why, "paths", "allow", "", NULL), -EINVAL);
	ASSERT_OK(parse(&r, why, "paths", "allow", "/caf\xc3\xa9", NULL));
}

/* What no approval lifts: --config in any request but help, --dir in a
 * change; a read with --dir, and help, stay free. */
TEST(refusals)
{
	struct config_request r;
	char why[256];
	ASSERT_OK(parse(&r, why, "mode", "set", "open", "--dir", "/x", NULL));
	ASSERT_TRUE(config_request_refusal(&r) != NULL);
	ASSERT_TRUE(strstr(config_request_refusal(&r), "--dir") != NULL);
	ASSERT_OK(parse(&r, why, "--config", "/c.yaml", "paths", "allow", "/p", NULL));
	ASSERT_TRUE(strstr(config_request_refusal(&r), "--config") != NULL);
	ASSERT_OK(parse(&r, why, "mode", "show", "--dir", "/x", NULL));
	ASSERT_TRUE(config_request_refusal(&r) == NULL);
	ASSERT_OK(parse(&r, why, "--config", "/c.yaml", "show", NULL));
	ASSERT_TRUE(strstr(config_request_refusal(&r), "--config") != NULL);
	ASSERT_OK(parse(&r, why, "--config", "/c.yaml", "show", "--help", NULL));
	ASSERT_TRUE(config_request_refusal(&r) == NULL);
	ASSERT_OK(parse(&r, why, "mode", "set", "open", "--dir", "/x", "--help", NULL));
	ASSERT_TRUE(config_request_refusal(&r) == NULL);
	ASSERT_OK(parse(&r, why, "--global", "mode", "set", "open", NULL));
	ASSERT_TRUE(config_request_refusal(&r) == NULL);
}

TAP_MAIN(reads_and_writes, scope_spellings, fake_prompt_characters, refusals)
