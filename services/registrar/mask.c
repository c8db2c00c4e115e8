/* SPDX-License-Identifier: MIT */
/*
 * Secrets out of the audit record. The journal is readable by the user and
 * often shipped elsewhere; a token typed on a command line must not land in
 * it. This is a best-effort filter on the text (the redactor service masks
 * output with the session's real credential values); it errs towards masking.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "registrar.h"

static bool
is_sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\'' || c == '"' ||
	       c == ';' || c == '|' || c == '&' || c == '(' || c == ')' || c == '<' ||
	       c == '>' || c == '`' || c == ',';
}

/* A variable or option name that holds a secret. */
static bool
secret_name(const char *s, size_t n)
{
	static const char *const parts[] = {
		"token", "secret", "passw", "passwd", "api_key", "apikey", "api-key",
		"private_key", "credential", "authorization", "session_key", "access_key",
	};
	char low[128];
	if (n >= sizeof(low))
		n = sizeof(low) - 1;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[n] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(parts); i++)
		if (strstr(low, parts[i]))
			return true;
	return false;
}

/* A token in a well-known secret format. */
static bool
secret_token(const char *s, size_t n)
{
	static const char *const prefixes[] = {
		"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "sk-",
		"xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "AIza", "npm_", "pypi-",
	};
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++) {
		size_t pl = strlen(prefixes[i]);
		if (n >= pl + 8 && strncmp(s, prefixes[i], pl) == 0)
			return true;
	}
	if (n == 20 && (strncmp(s, "AKIA", 4) == 0 || strncmp(s, "ASIA", 4) == 0)) {
		for (size_t i = 4; i < n; i++)
			if (!isupper((unsigned char)s[i]) && !isdigit((unsigned char)s[i]))
				return false;
		return true;
	}
	return false;
}

char *
mask_secrets(const char *s, size_t len)
{
	/* the result is never longer than 3 + the input per token */
	char *out = malloc(len * 2 + 4);
	if (!out)
		return NULL;
	size_t o = 0, i = 0;
	bool mask_next = false; /* after "Bearer" / "token" / -p style options */
	while (i < len) {
		if (is_sep(s[i])) {
			out[o++] = s[i++];
			continue;
		}
		size_t start = i;
		while (i < len && !is_sep(s[i]))
			i++;
		const char *t = s + start;
		size_t n = i - start;
		const char *eq = memchr(t, '=', n);
		if (mask_next) {
			memcpy(out + o, "***", 3);
			o += 3;
			mask_next = false;
		} else if (secret_token(t, n) || (eq && secret_token(eq + 1, n - (size_t)(eq + 1 - t)))) {
			if (eq && !secret_token(t, n)) {
				memcpy(out + o, t, (size_t)(eq + 1 - t));
				o += (size_t)(eq + 1 - t);
			}
			memcpy(out + o, "***", 3);
			o += 3;
		} else if (eq && eq > t && secret_name(t, (size_t)(eq - t))) {
			memcpy(out + o, t, (size_t)(eq + 1 - t));
			o += (size_t)(eq + 1 - t);
			memcpy(out + o, "***", 3);
			o += 3;
		} else {
			memcpy(out + o, t, n);
			o += n;
			/* "Bearer X", "--password X", "--token X" */
			if ((n == 6 && strncasecmp(t, "bearer", 6) == 0) ||
			    (n > 2 && t[0] == '-' && !eq && secret_name(t, n)))
				mask_next = true;
		}
	}
	out[o] = '\0';
	return out;
}
