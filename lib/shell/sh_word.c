/* SPDX-License-Identifier: MIT */
/*
 * Names of the tree's enums (for JSON and messages) and the static value of
 * a word that needs no expansion.
 */
#include <string.h>

#include "sh_internal.h"

const char *
sh_node_kind_name(enum sh_node_kind k)
{
	static const char *const names[] = {
		[SH_NODE_SIMPLE] = "simple", [SH_NODE_PIPELINE] = "pipeline",
		[SH_NODE_AND] = "and", [SH_NODE_OR] = "or", [SH_NODE_LIST] = "list",
		[SH_NODE_SUBSHELL] = "subshell", [SH_NODE_GROUP] = "group",
		[SH_NODE_IF] = "if", [SH_NODE_WHILE] = "while",
		[SH_NODE_UNTIL] = "until", [SH_NODE_FOR] = "for",
		[SH_NODE_ARITH_FOR] = "arith_for", [SH_NODE_SELECT] = "select",
		[SH_NODE_CASE] = "case", [SH_NODE_FUNCTION] = "function",
		[SH_NODE_COND] = "cond", [SH_NODE_ARITH] = "arith",
		[SH_NODE_COPROC] = "coproc",
	};
	return (unsigned)k < ARRAY_SIZE(names) ? names[k] : "?";
}

const char *
sh_part_kind_name(enum sh_part_kind k)
{
	static const char *const names[] = {
		[SH_PART_LIT] = "lit", [SH_PART_ESCAPED] = "escaped",
		[SH_PART_SQUOTE] = "squote", [SH_PART_DQUOTE] = "dquote",
		[SH_PART_ANSI_C] = "ansi_c", [SH_PART_LOCALE] = "locale",
		[SH_PART_PARAM] = "param", [SH_PART_CMDSUB] = "cmdsub",
		[SH_PART_ARITH] = "arith", [SH_PART_PROCSUB] = "procsub",
		[SH_PART_TILDE] = "tilde", [SH_PART_BRACE] = "brace",
		[SH_PART_EXTGLOB] = "extglob",
	};
	return (unsigned)k < ARRAY_SIZE(names) ? names[k] : "?";
}

const char *
sh_redir_op_name(enum sh_redir_op op)
{
	static const char *const names[] = {
		[SH_REDIR_IN] = "<", [SH_REDIR_OUT] = ">", [SH_REDIR_APPEND] = ">>",
		[SH_REDIR_CLOBBER] = ">|", [SH_REDIR_RDWR] = "<>",
		[SH_REDIR_OUT_ERR] = "&>", [SH_REDIR_APPEND_ERR] = "&>>",
		[SH_REDIR_DUP_IN] = "<&", [SH_REDIR_DUP_OUT] = ">&",
		[SH_REDIR_HEREDOC] = "<<", [SH_REDIR_HEREDOC_TAB] = "<<-",
		[SH_REDIR_HERESTRING] = "<<<",
	};
	return (unsigned)op < ARRAY_SIZE(names) ? names[op] : "?";
}

static bool
has_glob(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == '*' || s[i] == '?' || s[i] == '[')
			return true;
	return false;
}

/* Append the static text of parts to b; false when a part needs expansion. */
static bool
static_parts(const struct sh_part *parts, size_t n, bool quoted, struct buf *b,
	     int *err)
{
	for (size_t i = 0; i < n; i++) {
		const struct sh_part *pt = &parts[i];
		int r = 0;
		switch (pt->kind) {
		case SH_PART_LIT:
			if (!quoted && has_glob(pt->text, pt->text_len))
				return false;
			r = buf_append(b, pt->text, pt->text_len);
			break;
		case SH_PART_ESCAPED:
		case SH_PART_SQUOTE:
			r = buf_append(b, pt->text, pt->text_len);
			break;
		case SH_PART_ANSI_C:
			/* bash stops a string at a NUL byte */
			r = buf_append(b, pt->text, strnlen(pt->text, pt->text_len));
			break;
		case SH_PART_DQUOTE:
			if (quoted)
				return false;
			if (!static_parts(pt->parts, pt->n_parts, true, b, err))
				return false;
			break;
		case SH_PART_LOCALE: /* translation may change the text */
		case SH_PART_PARAM:
		case SH_PART_CMDSUB:
		case SH_PART_ARITH:
		case SH_PART_PROCSUB:
		case SH_PART_TILDE:
		case SH_PART_BRACE:
		case SH_PART_EXTGLOB:
		case SH_PART_KIND_MAX:
		default:
			return false;
		}
		if (r < 0) {
			*err = r;
			return false;
		}
	}
	return true;
}

const char *
sh_word_static_value(struct arena *a, const struct sh_word *w, bool *ret_static)
{
	struct buf b = BUF_INIT(SH_MAX_INPUT);
	int err = 0;
	*ret_static = false;
	if (!w || w->assign)
		return NULL;
	if (!static_parts(w->parts, w->n_parts, false, &b, &err)) {
		buf_done(&b);
		return NULL;
	}
	char *v = arena_strndup(a, b.data ? b.data : "", b.len);
	buf_done(&b);
	if (v)
		*ret_static = true;
	return v;
}
