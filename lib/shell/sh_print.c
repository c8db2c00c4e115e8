/* SPDX-License-Identifier: MIT */
/*
 * The printer: a tree back to bash source, in one canonical layout (one line
 * per list item separated by a newline in the source, `; ` otherwise). The
 * output parses back to the same tree. Quoting is reproduced part by part;
 * here-document bodies follow the next newline the printer emits, as bash
 * reads them.
 */
#include <stdio.h>
#include <string.h>

#include "sh_internal.h"

struct pr {
	struct buf *out;
	const struct sh_redir **hd; /* pending here-documents (malloc) */
	bool redirs_first; /* the next simple command prints them first */
	size_t n_hd, cap_hd;
	int err;
};

enum wctx {
	W_NORMAL,
	W_DQ,      /* inside "..." */
	W_HEREDOC, /* an unquoted here-document body */
};

static void print_node(struct pr *pr, const struct sh_node *n);
static void print_word_ctx(struct pr *pr, const struct sh_word *w, enum wctx ctx);

static void
put(struct pr *pr, const char *s, size_t n)
{
	if (pr->err >= 0) {
		int r = buf_append(pr->out, s, n);
		if (r < 0)
			pr->err = r;
	}
}

static void
puts_(struct pr *pr, const char *s)
{
	put(pr, s, strlen(s));
}

static void
putc_(struct pr *pr, char c)
{
	put(pr, &c, 1);
}

int
sh_print_ansi_c(const char *s, size_t n, struct buf *out)
{
	int r = 0;
	for (size_t i = 0; i < n && r >= 0; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\\')
			r = buf_puts(out, "\\\\");
		else if (c == '\'')
			r = buf_puts(out, "\\'");
		else if (c == '\n')
			r = buf_puts(out, "\\n");
		else if (c == '\t')
			r = buf_puts(out, "\\t");
		else if (c >= 0x20 && c < 0x7f)
			r = buf_putc(out, (char)c);
		else
			r = buf_printf(out, "\\x%02x", c);
	}
	return r;
}

static void
flush_heredocs(struct pr *pr)
{
	for (size_t i = 0; i < pr->n_hd; i++) {
		const struct sh_redir *rd = pr->hd[i];
		const struct sh_word *b = rd->body;
		if (b) {
			size_t before = pr->out->len;
			if (rd->quoted_delim) {
				for (size_t k = 0; k < b->n_parts; k++)
					put(pr, b->parts[k].text, b->parts[k].text_len);
			} else {
				print_word_ctx(pr, b, W_HEREDOC);
			}
			if (pr->err >= 0 && pr->out->len > before &&
			    pr->out->data[pr->out->len - 1] != '\n')
				putc_(pr, '\n');
		}
		puts_(pr, rd->delim ? rd->delim : "");
		putc_(pr, '\n');
	}
	pr->n_hd = 0;
}

static void
newline(struct pr *pr)
{
	putc_(pr, '\n');
	flush_heredocs(pr);
}

/* ---- words ------------------------------------------------------------- */

static void
print_param(struct pr *pr, const struct sh_param *pm, enum wctx ctx)
{
	(void)ctx;
	if (!pm->braced) {
		putc_(pr, '$');
		puts_(pr, pm->name);
		return;
	}
	puts_(pr, "${");
	if (pm->op == SH_PARAM_LENGTH)
		putc_(pr, '#');
	if (pm->indirect || pm->op == SH_PARAM_PREFIX_NAMES || pm->op == SH_PARAM_KEYS)
		putc_(pr, '!');
	puts_(pr, pm->name);
	if (pm->index) {
		putc_(pr, '[');
		print_word_ctx(pr, pm->index, W_NORMAL);
		putc_(pr, ']');
	}
	const char *op = NULL;
	switch (pm->op) {
	case SH_PARAM_PLAIN:
	case SH_PARAM_LENGTH:
	case SH_PARAM_KEYS:
		break;
	case SH_PARAM_PREFIX_NAMES:
		putc_(pr, pm->at ? '@' : '*');
		break;
	case SH_PARAM_DEFAULT: op = "-"; break;
	case SH_PARAM_ASSIGN: op = "="; break;
	case SH_PARAM_ERROR: op = "?"; break;
	case SH_PARAM_ALTERNATE: op = "+"; break;
	case SH_PARAM_TRIM_PREFIX: op = pm->longest ? "##" : "#"; break;
	case SH_PARAM_TRIM_SUFFIX: op = pm->longest ? "%%" : "%"; break;
	case SH_PARAM_UPPER: op = pm->longest ? "^^" : "^"; break;
	case SH_PARAM_LOWER: op = pm->longest ? ",," : ","; break;
	case SH_PARAM_REPLACE:
		op = pm->anchor == SH_REPLACE_ALL ? "//" :
		     pm->anchor == SH_REPLACE_PREFIX ? "/#" :
		     pm->anchor == SH_REPLACE_SUFFIX ? "/%" : "/";
		break;
	case SH_PARAM_SUBSTRING:
		putc_(pr, ':');
		if (pm->arg)
			print_word_ctx(pr, pm->arg, W_NORMAL);
		if (pm->arg2) {
			putc_(pr, ':');
			print_word_ctx(pr, pm->arg2, W_NORMAL);
		}
		break;
	case SH_PARAM_TRANSFORM:
		putc_(pr, '@');
		putc_(pr, pm->transform);
		break;
	case SH_PARAM_OP_MAX:
	default:
		pr->err = -EINVAL;
		break;
	}
	if (op) {
		if (pm->colon)
			putc_(pr, ':');
		puts_(pr, op);
		if (pm->arg)
			print_word_ctx(pr, pm->arg, W_NORMAL);
		if (pm->op == SH_PARAM_REPLACE && pm->arg2) {
			putc_(pr, '/');
			print_word_ctx(pr, pm->arg2, W_NORMAL);
		}
	}
	putc_(pr, '}');
}

/* Print a nested program (for $(...), `...`, <(...)), with its own
 * here-documents emitted before the closing delimiter. */
static void
print_sub(struct pr *pr, const struct sh_node *body, struct buf *tmp)
{
	struct buf *oout = pr->out;
	const struct sh_redir **ohd = pr->hd;
	size_t on = pr->n_hd, oc = pr->cap_hd;
	pr->out = tmp;
	pr->hd = NULL;
	pr->n_hd = pr->cap_hd = 0;
	if (body)
		print_node(pr, body);
	if (pr->n_hd)
		newline(pr);
	free(pr->hd);
	pr->out = oout;
	pr->hd = ohd;
	pr->n_hd = on;
	pr->cap_hd = oc;
}

static void
print_part(struct pr *pr, const struct sh_part *pt, enum wctx ctx)
{
	switch (pt->kind) {
	case SH_PART_LIT:
		put(pr, pt->text, pt->text_len);
		break;
	case SH_PART_ESCAPED:
		for (size_t i = 0; i < pt->text_len; i++) {
			putc_(pr, '\\');
			putc_(pr, pt->text[i]);
		}
		break;
	case SH_PART_SQUOTE:
		putc_(pr, '\'');
		put(pr, pt->text, pt->text_len);
		putc_(pr, '\'');
		break;
	case SH_PART_DQUOTE:
	case SH_PART_LOCALE:
		puts_(pr, pt->kind == SH_PART_LOCALE ? "$\"" : "\"");
		for (size_t i = 0; i < pt->n_parts; i++)
			print_part(pr, &pt->parts[i], W_DQ);
		putc_(pr, '"');
		break;
	case SH_PART_ANSI_C:
		puts_(pr, "$'");
		if (pr->err >= 0 && (pr->err = sh_print_ansi_c(pt->text, pt->text_len, pr->out)) > 0)
			pr->err = 0;
		putc_(pr, '\'');
		break;
	case SH_PART_PARAM:
		print_param(pr, pt->param, ctx);
		break;
	case SH_PART_CMDSUB:
	case SH_PART_PROCSUB: {
		struct buf tmp = BUF_INIT(pr->out->max);
		print_sub(pr, pt->body, &tmp);
		const char *s = tmp.data ? tmp.data : "";
		if (pt->kind == SH_PART_CMDSUB && pt->backquote) {
			putc_(pr, '`');
			for (size_t i = 0; i < tmp.len; i++) {
				if (s[i] == '\\' || s[i] == '`')
					putc_(pr, '\\');
				putc_(pr, s[i]);
			}
			putc_(pr, '`');
		} else {
			if (pt->kind == SH_PART_CMDSUB)
				puts_(pr, "$(");
			else
				putc_(pr, pt->procsub_dir), putc_(pr, '(');
			if (tmp.len && s[0] == '(')
				putc_(pr, ' ');
			put(pr, s, tmp.len);
			putc_(pr, ')');
		}
		buf_done(&tmp);
		break;
	}
	case SH_PART_ARITH:
		puts_(pr, pt->arith_bracket ? "$[" : "$((");
		if (pt->expr)
			print_word_ctx(pr, pt->expr, W_NORMAL);
		puts_(pr, pt->arith_bracket ? "]" : "))");
		break;
	case SH_PART_TILDE:
		putc_(pr, '~');
		put(pr, pt->text, pt->text_len);
		break;
	case SH_PART_BRACE: {
		const struct sh_brace *br = pt->brace;
		putc_(pr, '{');
		if (br->is_sequence) {
			puts_(pr, br->seq_start);
			puts_(pr, "..");
			puts_(pr, br->seq_end);
			if (br->seq_step) {
				puts_(pr, "..");
				puts_(pr, br->seq_step);
			}
		} else {
			for (size_t i = 0; i < br->n_items; i++) {
				if (i)
					putc_(pr, ',');
				print_word_ctx(pr, br->items[i], W_NORMAL);
			}
		}
		putc_(pr, '}');
		break;
	}
	case SH_PART_EXTGLOB:
		put(pr, pt->text, pt->text_len);
		putc_(pr, '(');
		for (size_t i = 0; i < pt->n_alts; i++) {
			if (i)
				putc_(pr, '|');
			print_word_ctx(pr, pt->alts[i], W_NORMAL);
		}
		putc_(pr, ')');
		break;
	case SH_PART_KIND_MAX:
	default:
		pr->err = -EINVAL;
		break;
	}
}

static void print_assign(struct pr *pr, const struct sh_assign *as);

static void
print_word_ctx(struct pr *pr, const struct sh_word *w, enum wctx ctx)
{
	if (w->assign) {
		print_assign(pr, w->assign);
		return;
	}
	for (size_t i = 0; i < w->n_parts; i++)
		print_part(pr, &w->parts[i], ctx);
}

/* ---- commands ----------------------------------------------------------- */

static void
print_assign(struct pr *pr, const struct sh_assign *as)
{
	puts_(pr, as->name);
	if (as->index) {
		putc_(pr, '[');
		print_word_ctx(pr, as->index, W_NORMAL);
		putc_(pr, ']');
	}
	puts_(pr, as->append ? "+=" : "=");
	if (!as->is_array) {
		if (as->value)
			print_word_ctx(pr, as->value, W_NORMAL);
		return;
	}
	putc_(pr, '(');
	for (size_t i = 0; i < as->n_elems; i++) {
		const struct sh_array_elem *e = &as->elems[i];
		if (i)
			putc_(pr, ' ');
		if (e->key) {
			putc_(pr, '[');
			print_word_ctx(pr, e->key, W_NORMAL);
			puts_(pr, e->append ? "]+=" : "]=");
		}
		if (e->value)
			print_word_ctx(pr, e->value, W_NORMAL);
	}
	putc_(pr, ')');
}

static void
print_redirs(struct pr *pr, const struct sh_redir *rd)
{
	static const char *const ops[] = {
		[SH_REDIR_IN] = "<", [SH_REDIR_OUT] = ">", [SH_REDIR_APPEND] = ">>",
		[SH_REDIR_CLOBBER] = ">|", [SH_REDIR_RDWR] = "<>",
		[SH_REDIR_OUT_ERR] = "&>", [SH_REDIR_APPEND_ERR] = "&>>",
		[SH_REDIR_DUP_IN] = "<&", [SH_REDIR_DUP_OUT] = ">&",
		[SH_REDIR_HEREDOC] = "<<", [SH_REDIR_HEREDOC_TAB] = "<<-",
		[SH_REDIR_HERESTRING] = "<<<",
	};
	for (; rd; rd = rd->next) {
		putc_(pr, ' ');
		if (rd->fd_var) {
			putc_(pr, '{');
			puts_(pr, rd->fd_var);
			putc_(pr, '}');
		} else if (rd->fd >= 0) {
			char nb[16];
			snprintf(nb, sizeof(nb), "%d", rd->fd);
			puts_(pr, nb);
		}
		if ((unsigned)rd->op >= ARRAY_SIZE(ops)) {
			pr->err = -EINVAL;
			return;
		}
		puts_(pr, ops[rd->op]);
		if (rd->target) {
			/* keep "> (" "< <(" apart from operators */
			const struct sh_word *t = rd->target;
			size_t at = pr->out->len;
			print_word_ctx(pr, t, W_NORMAL);
			/* keep "<< -x" from reading as "<<-" and "> >(x)" as ">>" */
			if (pr->err >= 0 && pr->out->len > at &&
			    ((t->n_parts && t->parts[0].kind == SH_PART_PROCSUB) ||
			     (rd->op == SH_REDIR_HEREDOC && pr->out->data[at] == '-'))) {
				putc_(pr, ' ');
				if (pr->err >= 0) {
					memmove(pr->out->data + at + 1, pr->out->data + at,
						pr->out->len - at - 1);
					pr->out->data[at] = ' ';
				}
			}
		}
		if (rd->op == SH_REDIR_HEREDOC || rd->op == SH_REDIR_HEREDOC_TAB) {
			const struct sh_redir **nh = pr->hd;
			if (pr->n_hd == pr->cap_hd) {
				size_t nc = pr->cap_hd ? pr->cap_hd * 2 : 4;
				nh = realloc(pr->hd, nc * sizeof(*nh));
				if (!nh) {
					pr->err = -ENOMEM;
					return;
				}
				pr->hd = nh;
				pr->cap_hd = nc;
			}
			pr->hd[pr->n_hd++] = rd;
		}
	}
}

static bool
is_reserved(const struct sh_word *w)
{
	static const char *const words[] = {
		"!", "{", "}", "[[", "]]", "case", "coproc", "do", "done", "elif",
		"else", "esac", "fi", "for", "function", "if", "in", "select",
		"then", "time", "until", "while",
	};
	if (w->assign || w->n_parts != 1 || w->parts[0].kind != SH_PART_LIT)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strcmp(w->parts[0].text, words[i]) == 0)
			return true;
	return false;
}

/*
 * Would the first word of a timed pipeline read back as an option of
 * `time`? The parser takes `-p` right after `time` as the flag and skips a
 * `--` after `time [-p]`, so such a word must be printed after a `--`.
 */
static bool
time_needs_dashdash(const struct sh_node *n)
{
	if (n->u.pipeline.n_cmds == 0)
		return false;
	const struct sh_node *c = n->u.pipeline.cmds[0];
	if (c->kind != SH_NODE_SIMPLE || c->u.simple.assigns || c->u.simple.n_words == 0)
		return false;
	const struct sh_word *w = c->u.simple.words[0];
	if (w->assign || w->n_parts != 1 || w->parts[0].kind != SH_PART_LIT)
		return false;
	const char *t = w->parts[0].text;
	return strcmp(t, "--") == 0 || (!n->u.pipeline.time_posix && strcmp(t, "-p") == 0);
}

static bool
ends_amp(const struct sh_node *n)
{
	return n && n->kind == SH_NODE_LIST &&
	       n->u.list.seps[n->u.list.n_items - 1] == SH_SEP_AMP;
}

/* a list in a compound command, followed by what separates it from the
 * next reserved word */
static void
print_body(struct pr *pr, const struct sh_node *n)
{
	print_node(pr, n);
	puts_(pr, ends_amp(n) ? " " : "; ");
}

static void
print_cond(struct pr *pr, const struct sh_cond *c)
{
	switch (c->kind) {
	case SH_COND_AND:
	case SH_COND_OR:
		print_cond(pr, c->left);
		puts_(pr, c->kind == SH_COND_AND ? " && " : " || ");
		print_cond(pr, c->right);
		break;
	case SH_COND_NOT:
		puts_(pr, "! ");
		print_cond(pr, c->left);
		break;
	case SH_COND_GROUP:
		puts_(pr, "( ");
		print_cond(pr, c->left);
		puts_(pr, " )");
		break;
	case SH_COND_UNARY:
		puts_(pr, c->op);
		putc_(pr, ' ');
		print_word_ctx(pr, c->a, W_NORMAL);
		break;
	case SH_COND_BINARY:
		print_word_ctx(pr, c->a, W_NORMAL);
		putc_(pr, ' ');
		puts_(pr, c->op);
		putc_(pr, ' ');
		print_word_ctx(pr, c->b, W_NORMAL);
		break;
	case SH_COND_WORD:
		print_word_ctx(pr, c->a, W_NORMAL);
		break;
	case SH_COND_KIND_MAX:
	default:
		pr->err = -EINVAL;
		break;
	}
}

static void
print_for_words(struct pr *pr, const struct sh_node *n)
{
	puts_(pr, n->u.for_.var);
	if (n->u.for_.has_in) {
		puts_(pr, " in");
		for (size_t i = 0; i < n->u.for_.n_words; i++) {
			putc_(pr, ' ');
			print_word_ctx(pr, n->u.for_.words[i], W_NORMAL);
		}
	}
	puts_(pr, "; do ");
	print_body(pr, n->u.for_.body);
	puts_(pr, "done");
}

static void
print_node(struct pr *pr, const struct sh_node *n)
{
	if (pr->err < 0 || !n)
		return;
	switch (n->kind) {
	case SH_NODE_SIMPLE: {
		bool rf = pr->redirs_first;
		pr->redirs_first = false;
		bool sp = false;
		if (!n->u.simple.assigns && n->u.simple.n_words && n->redirs &&
		    (is_reserved(n->u.simple.words[0]) || rf)) {
			/* ">f if x" runs a command named "if": keep the
			 * redirections first so that it does not read as
			 * the reserved word */
			size_t before = pr->out->len;
			print_redirs(pr, n->redirs);
			if (pr->err >= 0 && pr->out->len > before) {
				memmove(pr->out->data + before, pr->out->data + before + 1,
					pr->out->len - before - 1);
				buf_truncate(pr->out, pr->out->len - 1);
			}
			for (size_t i = 0; i < n->u.simple.n_words; i++) {
				putc_(pr, ' ');
				print_word_ctx(pr, n->u.simple.words[i], W_NORMAL);
			}
			return;
		}
		for (const struct sh_assign *as = n->u.simple.assigns; as; as = as->next) {
			if (sp)
				putc_(pr, ' ');
			print_assign(pr, as);
			sp = true;
		}
		for (size_t i = 0; i < n->u.simple.n_words; i++) {
			if (sp)
				putc_(pr, ' ');
			print_word_ctx(pr, n->u.simple.words[i], W_NORMAL);
			sp = true;
		}
		if (!sp && n->redirs) {
			/* print_redirs starts with a blank; drop it */
			size_t before = pr->out->len;
			print_redirs(pr, n->redirs);
			if (pr->err >= 0 && pr->out->len > before) {
				memmove(pr->out->data + before, pr->out->data + before + 1,
					pr->out->len - before - 1);
				buf_truncate(pr->out, pr->out->len - 1);
			}
			return;
		}
		break;
	}
	case SH_NODE_PIPELINE: {
		/*
		 * `! time` and `time !` read as the same node, but one whose
		 * command is itself a timed pipeline came from `! time time x`:
		 * written `time ! time x` it would read back as time over a
		 * negated timed pipeline. Such a node prints `!` first.
		 */
		const struct sh_node *c0 = n->u.pipeline.n_cmds ? n->u.pipeline.cmds[0] : NULL;
		bool neg_first = n->u.pipeline.negated && n->u.pipeline.timed && c0 &&
				 c0->kind == SH_NODE_PIPELINE && c0->u.pipeline.timed &&
				 !c0->u.pipeline.negated;
		if (neg_first)
			puts_(pr, "! ");
		if (n->u.pipeline.timed) {
			puts_(pr, n->u.pipeline.time_posix ? "time -p " : "time ");
			/* right before the command: -p or -- there would be time's */
			if ((!n->u.pipeline.negated || neg_first) && time_needs_dashdash(n))
				puts_(pr, "-- ");
		}
		if (n->u.pipeline.negated && !neg_first)
			puts_(pr, "! ");
		if (n->u.pipeline.n_cmds == 0 && pr->out->len &&
		    pr->out->data[pr->out->len - 1] == ' ')
			buf_truncate(pr->out, pr->out->len - 1);
		for (size_t i = 0; i < n->u.pipeline.n_cmds; i++) {
			if (i)
				puts_(pr, n->u.pipeline.pipe_stderr[i - 1] ? " |& " : " | ");
			print_node(pr, n->u.pipeline.cmds[i]);
		}
		break;
	}
	case SH_NODE_AND:
	case SH_NODE_OR:
		print_node(pr, n->u.binary.left);
		puts_(pr, n->kind == SH_NODE_AND ? " && " : " || ");
		print_node(pr, n->u.binary.right);
		break;
	case SH_NODE_LIST:
		for (size_t i = 0; i < n->u.list.n_items; i++) {
			print_node(pr, n->u.list.items[i]);
			bool last = i + 1 == n->u.list.n_items;
			switch (n->u.list.seps[i]) {
			case SH_SEP_AMP:
				puts_(pr, last ? " &" : " & ");
				break;
			case SH_SEP_NEWLINE:
				if (!last)
					newline(pr);
				break;
			case SH_SEP_SEMI:
			default:
				if (!last)
					puts_(pr, "; ");
				break;
			}
		}
		break;
	case SH_NODE_SUBSHELL:
		puts_(pr, "( ");
		print_node(pr, n->u.group.body);
		puts_(pr, " )");
		break;
	case SH_NODE_GROUP:
		puts_(pr, "{ ");
		print_body(pr, n->u.group.body);
		putc_(pr, '}');
		break;
	case SH_NODE_IF:
		puts_(pr, n->u.if_.is_elif ? "elif " : "if ");
		print_body(pr, n->u.if_.cond);
		puts_(pr, "then ");
		print_body(pr, n->u.if_.then_body);
		if (n->u.if_.else_body && n->u.if_.else_body->kind == SH_NODE_IF &&
		    n->u.if_.else_body->u.if_.is_elif) {
			print_node(pr, n->u.if_.else_body);
			break; /* the elif printed "fi" */
		}
		if (n->u.if_.else_body) {
			puts_(pr, "else ");
			print_body(pr, n->u.if_.else_body);
		}
		puts_(pr, "fi");
		break;
	case SH_NODE_WHILE:
	case SH_NODE_UNTIL:
		puts_(pr, n->kind == SH_NODE_WHILE ? "while " : "until ");
		print_body(pr, n->u.loop.cond);
		puts_(pr, "do ");
		print_body(pr, n->u.loop.body);
		puts_(pr, "done");
		break;
	case SH_NODE_FOR:
		puts_(pr, "for ");
		print_for_words(pr, n);
		break;
	case SH_NODE_SELECT:
		puts_(pr, "select ");
		print_for_words(pr, n);
		break;
	case SH_NODE_ARITH_FOR:
		puts_(pr, "for ((");
		if (n->u.arith_for.init)
			print_word_ctx(pr, n->u.arith_for.init, W_NORMAL);
		puts_(pr, ";");
		if (n->u.arith_for.test)
			print_word_ctx(pr, n->u.arith_for.test, W_NORMAL);
		puts_(pr, ";");
		if (n->u.arith_for.step)
			print_word_ctx(pr, n->u.arith_for.step, W_NORMAL);
		puts_(pr, ")); do ");
		print_body(pr, n->u.arith_for.body);
		puts_(pr, "done");
		break;
	case SH_NODE_CASE:
		puts_(pr, "case ");
		print_word_ctx(pr, n->u.case_.subject, W_NORMAL);
		puts_(pr, " in");
		for (size_t i = 0; i < n->u.case_.n_items; i++) {
			const struct sh_case_item *it = &n->u.case_.items[i];
			puts_(pr, " (");
			for (size_t k = 0; k < it->n_patterns; k++) {
				if (k)
					puts_(pr, " | ");
				print_word_ctx(pr, it->patterns[k], W_NORMAL);
			}
			puts_(pr, ") ");
			if (it->body) {
				print_node(pr, it->body);
				putc_(pr, ' ');
			}
			puts_(pr, it->term == SH_CASE_FALL ? ";&" :
				  it->term == SH_CASE_CONTINUE ? ";;&" : ";;");
		}
		puts_(pr, " esac");
		break;
	case SH_NODE_FUNCTION:
		if (n->u.function.keyword) {
			/* the () keeps a subshell body from reading as one; a
			 * name ending in '$' needs a blank before it, or "$("
			 * would start a command substitution */
			const char *name = n->u.function.name;
			size_t len = strlen(name);
			puts_(pr, "function ");
			puts_(pr, name);
			puts_(pr, len && name[len - 1] == '$' ? " () " : "() ");
		} else {
			puts_(pr, n->u.function.name);
			puts_(pr, "() ");
		}
		print_node(pr, n->u.function.body);
		break;
	case SH_NODE_COND:
		puts_(pr, "[[ ");
		print_cond(pr, n->u.cond.expr);
		puts_(pr, " ]]");
		break;
	case SH_NODE_ARITH:
		puts_(pr, "((");
		if (n->u.arith.expr)
			print_word_ctx(pr, n->u.arith.expr, W_NORMAL);
		puts_(pr, "))");
		break;
	case SH_NODE_COPROC:
		puts_(pr, "coproc ");
		if (n->u.coproc.name) {
			puts_(pr, n->u.coproc.name);
			putc_(pr, ' ');
		}
		/* "coproc <f a }" must not print as "coproc a } <f", where
		 * "a" would read as the coproc's name */
		pr->redirs_first = !n->u.coproc.name && n->u.coproc.body &&
				   n->u.coproc.body->kind == SH_NODE_SIMPLE;
		print_node(pr, n->u.coproc.body);
		pr->redirs_first = false;
		break;
	case SH_NODE_KIND_MAX:
	default:
		pr->err = -EINVAL;
		return;
	}
	print_redirs(pr, n->redirs);
}

int
sh_print(const struct sh_node *tree, struct buf *out)
{
	struct pr pr = { .out = out, .err = 0 };
	print_node(&pr, tree);
	if (pr.n_hd)
		newline(&pr);
	free(pr.hd);
	return pr.err < 0 ? pr.err : 0;
}

/* An unquoted here-document body as sh_print prints it (sh_internal.h). */
int
sh_print_heredoc_body(const struct sh_word *w, struct buf *out)
{
	struct pr pr = { .out = out, .err = 0 };
	print_word_ctx(&pr, w, W_HEREDOC);
	free(pr.hd);
	return pr.err < 0 ? pr.err : 0;
}

int
sh_print_word(const struct sh_word *w, struct buf *out)
{
	struct pr pr = { .out = out, .err = 0 };
	print_word_ctx(&pr, w, W_NORMAL);
	free(pr.hd);
	return pr.err < 0 ? pr.err : 0;
}
