/* SPDX-License-Identifier: MIT */
/*
 * Credential scrubbing of the environment a sandboxed command inherits.
 *
 * A variable is a credential by its name alone (values are the redactor's
 * business): the name is split into words at every character that is not a
 * letter or digit, compared without case, and it counts when
 *   - a word is TOKEN, SECRET, PASSWORD, CREDENTIALS or PAT;
 *   - two consecutive words are API KEY, ACCESS KEY or PRIVATE KEY;
 *   - the name ends in "_KEY" (a last word KEY after an underscore);
 *   - it is SSHPASS or CLAUDE_CODE_MESSAGING_SOCKET.
 * Words are whole words: TOKENIZERS_PARALLELISM and PATH are kept.
 *
 * A command-scoped worker (gh with its own grant) keeps the user's
 * credentials (GH_TOKEN) and loses only the agents' own: credential-like
 * names under an agent's prefix (ANTHROPIC_, CLAUDE_, OPENAI_, ...).
 */
#include <string.h>
#include <strings.h>

#include "sandbox.h"

#define ENV_NAME_MAX 256 /* longer names are judged on their first 256 bytes */

static bool
word_is(const char *w, size_t n, const char *lit)
{
	return strlen(lit) == n && strncasecmp(w, lit, n) == 0;
}

static bool
is_word_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool
sandbox_env_is_credential(const char *name)
{
	size_t len = strcspn(name, "=");
	if (len == 0)
		return false;
	if (len > ENV_NAME_MAX)
		len = ENV_NAME_MAX;

	if (word_is(name, len, "SSHPASS") || word_is(name, len, "CLAUDE_CODE_MESSAGING_SOCKET"))
		return true;
	/* Trailing _KEY: the name ends in "_KEY" exactly (case-insensitive). */
	if (len > 4 && strncasecmp(name + len - 4, "_KEY", 4) == 0)
		return true;

	const char *prev = NULL;
	size_t prev_n = 0;
	size_t i = 0;
	while (i < len) {
		while (i < len && !is_word_char(name[i]))
			i++;
		size_t start = i;
		while (i < len && is_word_char(name[i]))
			i++;
		size_t n = i - start;
		if (n == 0)
			break;
		const char *w = name + start;
		if (word_is(w, n, "TOKEN") || word_is(w, n, "SECRET") ||
		    word_is(w, n, "PASSWORD") || word_is(w, n, "CREDENTIALS") ||
		    word_is(w, n, "PAT"))
			return true;
		if (prev && word_is(w, n, "KEY") &&
		    (word_is(prev, prev_n, "API") || word_is(prev, prev_n, "ACCESS") ||
		     word_is(prev, prev_n, "PRIVATE")))
			return true;
		prev = w;
		prev_n = n;
	}
	return false;
}

/* Prefixes of the variables the agents themselves run on. */
static const char *const agent_prefixes[] = {
	"ANTHROPIC_", "CLAUDE_", "OPENAI_", "CODEX_", "OPENCODE_", "CRUSH_", "GROK_", "XAI_",
	"GEMINI_", "PI_",
};

bool
sandbox_env_is_agent_credential(const char *name)
{
	if (!sandbox_env_is_credential(name))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(agent_prefixes); i++)
		if (strncasecmp(name, agent_prefixes[i], strlen(agent_prefixes[i])) == 0)
			return true;
	return false;
}

static bool
name_in(const char *entry, char *const *names, size_t n)
{
	size_t len = strcspn(entry, "=");
	for (size_t i = 0; i < n; i++)
		if (names[i] && strlen(names[i]) == len && strncmp(entry, names[i], len) == 0)
			return true;
	return false;
}

int
sandbox_env_scrub(char *const *environ_, char *const *passthrough, size_t n_passthrough,
		  struct sandbox_strv *ret_kept, struct sandbox_strv *ret_dropped)
{
	return sandbox_env_scrub_ex(environ_, passthrough, n_passthrough, false, ret_kept,
				    ret_dropped);
}

int
sandbox_env_scrub_ex(char *const *environ_, char *const *passthrough, size_t n_passthrough,
		     bool agents_only, struct sandbox_strv *ret_kept,
		     struct sandbox_strv *ret_dropped)
{
	size_t n = 0;
	if (!environ_)
		return 0;
	for (char *const *e = environ_; *e; e++) {
		const char *eq = strchr(*e, '=');
		if (!eq || eq == *e)
			continue; /* not NAME=VALUE: nothing a program could use */
		bool drop = agents_only ? sandbox_env_is_agent_credential(*e)
					: sandbox_env_is_credential(*e);
		if (drop && !name_in(*e, passthrough, n_passthrough)) {
			if (ret_dropped) {
				char name[ENV_NAME_MAX + 1];
				size_t len = (size_t)(eq - *e);
				if (len > ENV_NAME_MAX)
					len = ENV_NAME_MAX;
				memcpy(name, *e, len);
				name[len] = '\0';
				int r = sandbox_strv_add(ret_dropped, name);
				if (r < 0 && r != -E2BIG)
					return r;
			}
			continue;
		}
		if (++n > SANDBOX_MAX_ENV)
			return -E2BIG;
		/* Not deduplicated through strv_add: an environment may hold
		 * the same entry twice and the program sees what it sees. */
		char **v = realloc(ret_kept->v, (ret_kept->n + 2) * sizeof(char *));
		if (!v)
			return -ENOMEM;
		ret_kept->v = v;
		v[ret_kept->n] = strdup(*e);
		if (!v[ret_kept->n])
			return -ENOMEM;
		v[++ret_kept->n] = NULL;
	}
	return 0;
}
