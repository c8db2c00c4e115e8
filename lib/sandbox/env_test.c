/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "sandbox.h"
#include "tap.h"

TEST(credential_words)
{
	static const char *const yes[] = {
		"ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "GITHUB_TOKEN",
		"AWS_SECRET_ACCESS_KEY", "NPM_TOKEN", "GH_TOKEN", "TOKEN", "MY_SECRET",
		"DB_PASSWORD", "GOOGLE_APPLICATION_CREDENTIALS", "GITLAB_PAT", "PAT",
		"AZURE_PAT_VALUE", "OPENAI_API_KEY", "API_KEY_FILE", "AWS_ACCESS_KEY_ID",
		"SSH_PRIVATE_KEY_PATH", "STRIPE_KEY", "SSHPASS", "CLAUDE_CODE_MESSAGING_SOCKET",
		"github_token", "Some-Secret", "token=abc", "X.PASSWORD.Y",
	};
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++)
		if (!sandbox_env_is_credential(yes[i]))
			TAP_FAIL_("%s should be a credential", yes[i]);
}

TEST(not_credentials)
{
	static const char *const no[] = {
		"PATH", "HOME", "TOKENIZERS_PARALLELISM", "PATTERN", "SECRETARY", "PASSWORDLESS",
		"KEY", "KEYBOARD", "MONKEY", "SSH_AUTH_SOCK", "API_URL", "ACCESS_LOG",
		"KEY_PATH", "PRIVATE", "CREDENTIAL_HELPER", "XDG_RUNTIME_DIR", "", "=x",
		"SSHPASSWORDLESS", "CLAUDE_CODE_ENTRYPOINT", "LANG", "TERM",
	};
	for (size_t i = 0; i < ARRAY_SIZE(no); i++)
		if (sandbox_env_is_credential(no[i]))
			TAP_FAIL_("%s should not be a credential", no[i]);
}

TEST(scrub_keeps_order_and_passthrough)
{
	char *env[] = { "PATH=/usr/bin", "GH_TOKEN=ghp_x", "HOME=/h", "NPM_TOKEN=n",
			"OPENAI_API_KEY=k", "notanassignment", "LANG=C", NULL };
	char *pass[] = { "GH_TOKEN" };
	struct sandbox_strv kept = { 0 }, dropped = { 0 };
	ASSERT_OK(sandbox_env_scrub(env, pass, 1, &kept, &dropped));
	ASSERT_EQ(kept.n, 4);
	ASSERT_STREQ(kept.v[0], "PATH=/usr/bin");
	ASSERT_STREQ(kept.v[1], "GH_TOKEN=ghp_x");
	ASSERT_STREQ(kept.v[2], "HOME=/h");
	ASSERT_STREQ(kept.v[3], "LANG=C");
	ASSERT_NULL(kept.v[4]);
	ASSERT_EQ(dropped.n, 2);
	ASSERT_STREQ(dropped.v[0], "NPM_TOKEN");
	ASSERT_STREQ(dropped.v[1], "OPENAI_API_KEY");
	sandbox_strv_done(&kept);
	sandbox_strv_done(&dropped);
}

TEST(passthrough_is_exact)
{
	char *env[] = { "GH_TOKEN=x", "GH_TOKEN2=y", NULL };
	char *pass[] = { "GH_TOK", "GH_TOKEN2" };
	struct sandbox_strv kept = { 0 };
	ASSERT_OK(sandbox_env_scrub(env, pass, 2, &kept, NULL));
	ASSERT_EQ(kept.n, 1);
	ASSERT_STREQ(kept.v[0], "GH_TOKEN2=y"); /* TOKEN2 is no TOKEN word: kept anyway */
	sandbox_strv_done(&kept);
}

TEST(scoped_worker_keeps_user_credentials)
{
	char *env[] = { "GH_TOKEN=u", "ANTHROPIC_AUTH_TOKEN=a", "CLAUDE_CODE_OAUTH_TOKEN=c",
			"OPENAI_API_KEY=o", "CLAUDE_CODE_ENTRYPOINT=cli", "NPM_TOKEN=n", NULL };
	struct sandbox_strv kept = { 0 }, dropped = { 0 };
	ASSERT_OK(sandbox_env_scrub_ex(env, NULL, 0, true, &kept, &dropped));
	ASSERT_EQ(kept.n, 3);
	ASSERT_STREQ(kept.v[0], "GH_TOKEN=u");
	ASSERT_STREQ(kept.v[1], "CLAUDE_CODE_ENTRYPOINT=cli"); /* not a credential */
	ASSERT_STREQ(kept.v[2], "NPM_TOKEN=n");
	ASSERT_EQ(dropped.n, 3);
	ASSERT_FALSE(sandbox_env_is_agent_credential("GH_TOKEN"));
	ASSERT_TRUE(sandbox_env_is_agent_credential("anthropic_api_key"));
	sandbox_strv_done(&kept);
	sandbox_strv_done(&dropped);
}

TAP_MAIN(scoped_worker_keeps_user_credentials, credential_words, not_credentials, scrub_keeps_order_and_passthrough,
	 passthrough_is_exact)
