/* SPDX-License-Identifier: MIT */
/*
 * The tree as JSON (docs/parser.md describes the shape). Every object has a
 * "kind"; positions are {"line", "col"} and left out with positions=false,
 * as are the source-text members that re-printing does not keep (a word's
 * "src", an ANSI-C part's "raw").
 */
#include <string.h>

#include "sh_internal.h"

struct js {
	bool pos;
	bool oom;
};

static json_t *node_json(struct js *js, const struct sh_node *n);
static json_t *word_json(struct js *js, const struct sh_word *w);

/* set o[k] = v, stealing v; remembers OOM */
static void
set(struct js *js, json_t *o, const char *k, json_t *v)
{
	if (!o || !v) {
		json_decref(v);
		js->oom = true;
		return;
	}
	if (json_object_set_new(o, k, v) < 0)
		js->oom = true;
}

static void
set_pos(struct js *js, json_t *o, struct sh_pos p)
{
	if (!js->pos)
		return;
	set(js, o, "pos", json_pack("{s:i,s:i}", "line", (json_int_t)p.line,
				    "col", (json_int_t)p.col));
}

static json_t *bytes_json(struct js *js, const char *s, size_t n);

static json_t *
str_n(struct js *js, const char *s, size_t n)
{
	return bytes_json(js, s ? s : "", s ? n : 0);
}

static json_t *
str(struct js *js, const char *s)
{
	return str_n(js, s, s ? strlen(s) : 0);
}

static json_t *
bytes_json(struct js *js, const char *s, size_t n)
{
	/* see set_text: callers flag the fallback */
	/* JSON strings must be UTF-8: invalid input (possible in shell
	 * source) is shown with \u00XX per byte instead */
	json_t *v = json_stringn(s, n);
	if (v)
		return v;
	struct buf b = BUF_INIT(8 * n + 16);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80)
			buf_putc(&b, (char)c);
		else {
			char u[2] = { (char)(0xc0 | (c >> 6)), (char)(0x80 | (c & 0x3f)) };
			buf_append(&b, u, 2);
		}
	}
	v = json_stringn(b.data ? b.data : "", b.len);
	buf_done(&b);
	if (!v)
		js->oom = true;
	return v;
}

/* "text": the bytes; when they are not UTF-8 (or hold NUL), each byte is
 * shown as the code point of the same value and "bytes": true says so */
static void
set_text(struct js *js, json_t *o, const char *s, size_t n)
{
	json_t *v = memchr(s, 0, n) ? NULL : json_stringn(s, n);
	if (v) {
		set(js, o, "text", v);
		return;
	}
	struct buf b = BUF_INIT(2 * n + 16);
	int r = 0;
	for (size_t i = 0; i < n && r >= 0; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			r = buf_putc(&b, (char)c);
		} else {
			char u[2] = { (char)(0xc0 | (c >> 6)), (char)(0x80 | (c & 0x3f)) };
			r = buf_append(&b, u, 2);
		}
	}
	v = r < 0 ? NULL : json_stringn_nocheck(b.data ? b.data : "", b.len);
	buf_done(&b);
	set(js, o, "text", v);
	set(js, o, "bytes", json_true());
}

static const char *const param_ops[] = {
	[SH_PARAM_PLAIN] = "plain", [SH_PARAM_LENGTH] = "length",
	[SH_PARAM_DEFAULT] = "default", [SH_PARAM_ASSIGN] = "assign",
	[SH_PARAM_ERROR] = "error", [SH_PARAM_ALTERNATE] = "alternate",
	[SH_PARAM_TRIM_PREFIX] = "trim_prefix", [SH_PARAM_TRIM_SUFFIX] = "trim_suffix",
	[SH_PARAM_REPLACE] = "replace", [SH_PARAM_UPPER] = "upper",
	[SH_PARAM_LOWER] = "lower", [SH_PARAM_SUBSTRING] = "substring",
	[SH_PARAM_TRANSFORM] = "transform", [SH_PARAM_PREFIX_NAMES] = "prefix_names",
	[SH_PARAM_KEYS] = "keys",
};

static json_t *
param_json(struct js *js, const struct sh_param *pm)
{
	json_t *o = json_object();
	set(js, o, "name", str(js, pm->name));
	set(js, o, "op", str(js, (unsigned)pm->op < ARRAY_SIZE(param_ops) ?
			     param_ops[pm->op] : "?"));
	if (pm->braced)
		set(js, o, "braced", json_true());
	if (pm->indirect)
		set(js, o, "indirect", json_true());
	if (pm->colon)
		set(js, o, "colon", json_true());
	if (pm->longest)
		set(js, o, "longest", json_true());
	if (pm->at)
		set(js, o, "at", json_true());
	if (pm->op == SH_PARAM_REPLACE) {
		static const char *const an[] = { "first", "all", "prefix", "suffix" };
		set(js, o, "anchor", str(js, an[pm->anchor & 3]));
	}
	if (pm->op == SH_PARAM_TRANSFORM) {
		char t[2] = { pm->transform, 0 };
		set(js, o, "transform", str(js, t));
	}
	if (pm->index)
		set(js, o, "index", word_json(js, pm->index));
	if (pm->arg)
		set(js, o, "arg", word_json(js, pm->arg));
	if (pm->arg2)
		set(js, o, "arg2", word_json(js, pm->arg2));
	return o;
}

static json_t *
parts_json(struct js *js, const struct sh_part *parts, size_t n);

static json_t *
words_json(struct js *js, struct sh_word *const *w, size_t n)
{
	json_t *a = json_array();
	if (!a)
		js->oom = true;
	for (size_t i = 0; i < n; i++)
		if (json_array_append_new(a, word_json(js, w[i])) < 0)
			js->oom = true;
	return a;
}

static json_t *
part_json(struct js *js, const struct sh_part *pt)
{
	json_t *o = json_object();
	set(js, o, "kind", str(js, sh_part_kind_name(pt->kind)));
	set_pos(js, o, pt->pos);
	switch (pt->kind) {
	case SH_PART_LIT:
	case SH_PART_ESCAPED:
	case SH_PART_SQUOTE:
	case SH_PART_TILDE:
		set_text(js, o, pt->text, pt->text_len);
		break;
	case SH_PART_ANSI_C:
		set_text(js, o, pt->text, pt->text_len);
		if (js->pos && pt->raw)
			set(js, o, "raw", bytes_json(js, pt->raw, strlen(pt->raw)));
		break;
	case SH_PART_DQUOTE:
	case SH_PART_LOCALE:
		set(js, o, "parts", parts_json(js, pt->parts, pt->n_parts));
		break;
	case SH_PART_PARAM:
		set(js, o, "param", param_json(js, pt->param));
		break;
	case SH_PART_CMDSUB:
	case SH_PART_PROCSUB:
		set(js, o, "body", pt->body ? node_json(js, pt->body) : json_null());
		if (pt->kind == SH_PART_CMDSUB && pt->backquote)
			set(js, o, "backquote", json_true());
		if (pt->kind == SH_PART_PROCSUB) {
			char d[2] = { pt->procsub_dir, 0 };
			set(js, o, "dir", str(js, d));
		}
		break;
	case SH_PART_ARITH:
		set(js, o, "expr", pt->expr ? word_json(js, pt->expr) : json_null());
		if (pt->arith_bracket)
			set(js, o, "bracket", json_true());
		break;
	case SH_PART_BRACE: {
		const struct sh_brace *br = pt->brace;
		if (br->is_sequence) {
			set(js, o, "sequence", json_pack("{s:s,s:s}", "start", br->seq_start,
							 "end", br->seq_end));
			if (br->seq_step)
				set(js, json_object_get(o, "sequence"), "step",
				    str(js, br->seq_step));
		} else {
			set(js, o, "items", words_json(js, br->items, br->n_items));
		}
		break;
	}
	case SH_PART_EXTGLOB:
		set(js, o, "op", str_n(js, pt->text, pt->text_len));
		set(js, o, "alts", words_json(js, pt->alts, pt->n_alts));
		break;
	case SH_PART_KIND_MAX:
	default:
		break;
	}
	return o;
}

static json_t *
parts_json(struct js *js, const struct sh_part *parts, size_t n)
{
	json_t *a = json_array();
	if (!a)
		js->oom = true;
	for (size_t i = 0; i < n; i++)
		if (json_array_append_new(a, part_json(js, &parts[i])) < 0)
			js->oom = true;
	return a;
}

static json_t *assign_json(struct js *js, const struct sh_assign *as);

static json_t *
word_json(struct js *js, const struct sh_word *w)
{
	if (!w)
		return json_null();
	json_t *o = json_object();
	set_pos(js, o, w->pos);
	if (w->assign)
		set(js, o, "assign", assign_json(js, w->assign));
	else
		set(js, o, "parts", parts_json(js, w->parts, w->n_parts));
	if (js->pos && w->src && !w->assign)
		set(js, o, "src", bytes_json(js, w->src, w->src_len));
	return o;
}

static json_t *
assign_json(struct js *js, const struct sh_assign *as)
{
	json_t *o = json_object();
	set(js, o, "name", str(js, as->name));
	set_pos(js, o, as->pos);
	if (as->index)
		set(js, o, "index", word_json(js, as->index));
	if (as->append)
		set(js, o, "append", json_true());
	if (as->is_array) {
		json_t *a = json_array();
		for (size_t i = 0; i < as->n_elems; i++) {
			const struct sh_array_elem *e = &as->elems[i];
			json_t *eo = json_object();
			if (e->key)
				set(js, eo, "key", word_json(js, e->key));
			set(js, eo, "value", e->value ? word_json(js, e->value) : json_null());
			if (e->append)
				set(js, eo, "append", json_true());
			if (json_array_append_new(a, eo) < 0)
				js->oom = true;
		}
		set(js, o, "array", a);
	} else {
		set(js, o, "value", as->value ? word_json(js, as->value) : json_null());
	}
	return o;
}

static json_t *
redirs_json(struct js *js, const struct sh_redir *rd)
{
	json_t *a = json_array();
	for (; rd; rd = rd->next) {
		json_t *o = json_object();
		set(js, o, "op", str(js, sh_redir_op_name(rd->op)));
		set_pos(js, o, rd->pos);
		if (rd->fd >= 0)
			set(js, o, "fd", json_integer(rd->fd));
		if (rd->fd_var)
			set(js, o, "fd_var", str(js, rd->fd_var));
		set(js, o, "target", word_json(js, rd->target));
		if (rd->op == SH_REDIR_HEREDOC || rd->op == SH_REDIR_HEREDOC_TAB) {
			set(js, o, "delim", str(js, rd->delim));
			set(js, o, "quoted", json_boolean(rd->quoted_delim));
			set(js, o, "body", word_json(js, rd->body));
		}
		if (json_array_append_new(a, o) < 0)
			js->oom = true;
	}
	return a;
}

static json_t *
cond_json(struct js *js, const struct sh_cond *c)
{
	static const char *const names[] = {
		[SH_COND_AND] = "and", [SH_COND_OR] = "or", [SH_COND_NOT] = "not",
		[SH_COND_GROUP] = "group", [SH_COND_UNARY] = "unary",
		[SH_COND_BINARY] = "binary", [SH_COND_WORD] = "word",
	};
	if (!c)
		return json_null();
	json_t *o = json_object();
	set(js, o, "kind", str(js, (unsigned)c->kind < ARRAY_SIZE(names) ? names[c->kind] : "?"));
	set_pos(js, o, c->pos);
	if (c->op)
		set(js, o, "op", str(js, c->op));
	if (c->left)
		set(js, o, "left", cond_json(js, c->left));
	if (c->right)
		set(js, o, "right", cond_json(js, c->right));
	if (c->a)
		set(js, o, "a", word_json(js, c->a));
	if (c->b)
		set(js, o, "b", word_json(js, c->b));
	return o;
}

static json_t *
opt_node(struct js *js, const struct sh_node *n)
{
	return n ? node_json(js, n) : json_null();
}

static json_t *
node_json(struct js *js, const struct sh_node *n)
{
	json_t *o = json_object();
	set(js, o, "kind", str(js, sh_node_kind_name(n->kind)));
	set_pos(js, o, n->pos);
	switch (n->kind) {
	case SH_NODE_SIMPLE: {
		json_t *a = json_array();
		for (const struct sh_assign *as = n->u.simple.assigns; as; as = as->next)
			if (json_array_append_new(a, assign_json(js, as)) < 0)
				js->oom = true;
		set(js, o, "assigns", a);
		set(js, o, "words", words_json(js, n->u.simple.words, n->u.simple.n_words));
		break;
	}
	case SH_NODE_PIPELINE: {
		json_t *a = json_array(), *pe = json_array();
		for (size_t i = 0; i < n->u.pipeline.n_cmds; i++) {
			if (json_array_append_new(a, node_json(js, n->u.pipeline.cmds[i])) < 0)
				js->oom = true;
			if (i + 1 < n->u.pipeline.n_cmds &&
			    json_array_append_new(pe, json_boolean(n->u.pipeline.pipe_stderr[i])) < 0)
				js->oom = true;
		}
		set(js, o, "cmds", a);
		set(js, o, "pipe_stderr", pe);
		set(js, o, "negated", json_boolean(n->u.pipeline.negated));
		set(js, o, "timed", json_boolean(n->u.pipeline.timed));
		if (n->u.pipeline.time_posix)
			set(js, o, "time_posix", json_true());
		break;
	}
	case SH_NODE_AND:
	case SH_NODE_OR:
		set(js, o, "left", node_json(js, n->u.binary.left));
		set(js, o, "right", node_json(js, n->u.binary.right));
		break;
	case SH_NODE_LIST: {
		static const char *const seps[] = { ";", "&", "newline" };
		json_t *a = json_array(), *s = json_array();
		for (size_t i = 0; i < n->u.list.n_items; i++) {
			if (json_array_append_new(a, node_json(js, n->u.list.items[i])) < 0 ||
			    json_array_append_new(s, str(js, seps[n->u.list.seps[i] % 3])) < 0)
				js->oom = true;
		}
		set(js, o, "items", a);
		set(js, o, "seps", s);
		break;
	}
	case SH_NODE_SUBSHELL:
	case SH_NODE_GROUP:
		set(js, o, "body", opt_node(js, n->u.group.body));
		break;
	case SH_NODE_IF:
		set(js, o, "cond", opt_node(js, n->u.if_.cond));
		set(js, o, "then", opt_node(js, n->u.if_.then_body));
		set(js, o, "else", opt_node(js, n->u.if_.else_body));
		if (n->u.if_.is_elif)
			set(js, o, "elif", json_true());
		break;
	case SH_NODE_WHILE:
	case SH_NODE_UNTIL:
		set(js, o, "cond", opt_node(js, n->u.loop.cond));
		set(js, o, "body", opt_node(js, n->u.loop.body));
		break;
	case SH_NODE_FOR:
	case SH_NODE_SELECT:
		set(js, o, "var", str(js, n->u.for_.var));
		set(js, o, "words", n->u.for_.has_in ?
			   words_json(js, n->u.for_.words, n->u.for_.n_words) : json_null());
		set(js, o, "body", opt_node(js, n->u.for_.body));
		break;
	case SH_NODE_ARITH_FOR:
		set(js, o, "init", word_json(js, n->u.arith_for.init));
		set(js, o, "test", word_json(js, n->u.arith_for.test));
		set(js, o, "step", word_json(js, n->u.arith_for.step));
		set(js, o, "body", opt_node(js, n->u.arith_for.body));
		break;
	case SH_NODE_CASE: {
		static const char *const terms[] = { ";;", ";&", ";;&" };
		set(js, o, "subject", word_json(js, n->u.case_.subject));
		json_t *a = json_array();
		for (size_t i = 0; i < n->u.case_.n_items; i++) {
			const struct sh_case_item *it = &n->u.case_.items[i];
			json_t *io = json_object();
			set_pos(js, io, it->pos);
			set(js, io, "patterns", words_json(js, it->patterns, it->n_patterns));
			set(js, io, "body", opt_node(js, it->body));
			set(js, io, "term", str(js, terms[it->term % 3]));
			if (json_array_append_new(a, io) < 0)
				js->oom = true;
		}
		set(js, o, "items", a);
		break;
	}
	case SH_NODE_FUNCTION:
		set(js, o, "name", str(js, n->u.function.name));
		set(js, o, "body", opt_node(js, n->u.function.body));
		if (n->u.function.keyword)
			set(js, o, "keyword", json_true());
		break;
	case SH_NODE_COND:
		set(js, o, "expr", cond_json(js, n->u.cond.expr));
		break;
	case SH_NODE_ARITH:
		set(js, o, "expr", word_json(js, n->u.arith.expr));
		break;
	case SH_NODE_COPROC:
		set(js, o, "name", n->u.coproc.name ? str(js, n->u.coproc.name) : json_null());
		set(js, o, "body", opt_node(js, n->u.coproc.body));
		break;
	case SH_NODE_KIND_MAX:
	default:
		break;
	}
	if (n->redirs)
		set(js, o, "redirs", redirs_json(js, n->redirs));
	return o;
}

json_t *
sh_to_json(const struct sh_node *tree, bool positions)
{
	struct js js = { .pos = positions, .oom = false };
	/* an empty program is an empty list */
	json_t *j = tree ? node_json(&js, tree) :
		    json_pack("{s:s,s:[],s:[]}", "kind", "list", "items", "seps");
	if (js.oom) {
		json_decref(j);
		return NULL;
	}
	return j;
}
