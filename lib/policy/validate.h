/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the per-command validators (validate_*.c).
 */
#ifndef LITE_SANDBOX_POLICY_VALIDATE_H
#define LITE_SANDBOX_POLICY_VALIDATE_H

#include <stdbool.h>
#include <string.h>

#include "policy-internal.h"

static inline bool
streq(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

static inline bool
in_list(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; s && i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return true;
	return false;
}

static inline bool
starts_with(const char *s, const char *pre)
{
	return s && strncmp(s, pre, strlen(pre)) == 0;
}

/* "lite-sandbox config commands allow NAME", in the walk's arena. */
const char *val_fix_allow(struct walk *w, const char *name);
/* Make s a live replace string (xargs -I, find -exec's {}) for what follows. */
int val_push_repl(struct walk *w, const char *s, bool find);
/* Whether s[0..len) holds one of the live replace strings. */
bool val_word_holds_repl(const struct walk *w, const char *s, size_t len);
/* The argv the option parser is shown (each word's opt), in the arena. */
char **val_argv(struct walk *w, const struct cmdline *cl);
/* Why a sed script may not run (e, r/R, w/W, s///e, s///w, unreadable), or NULL. */
const char *val_sed_script_problem(const char *script);
/* A find primary: 0 unknown, 1 takes no value, 2 takes one, 3 refused
 * (actions that write, delete or run a command). */
int val_find_primary(const char *s);

#endif
