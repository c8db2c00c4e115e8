/* SPDX-License-Identifier: MIT */
/*
 * Word expansion in bash's order: brace expansion; then, left to right,
 * tilde, parameter, arithmetic, command and process substitution; then word
 * splitting on IFS of what unquoted expansions produced; then pathname
 * expansion; quote removal falls out of keeping quoted and unquoted text
 * apart: every character carries a flag saying where it came from.
 *
 *   L  unquoted literal text: not split, may be a glob operator
 *   Q  quoted text: never split, never a glob operator
 *   S  the result of an unquoted expansion: split on IFS, may glob
 */
#include "internal.h"

#include <ctype.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

enum { FL_L = 0, FL_Q = 1, FL_S = 2 };

struct rawf {
	char *s, *f;
	size_t n;
	bool quoted;
};

struct xc {
	struct interp *it;
	bool split;
	bool ifs_ws[256], ifs_any[256];
	char ifs0;   /* first char of IFS, for "$*" */
	bool ifs_empty;
	struct sbuf cs, cf;
	bool cur_quoted;
	bool pending_ws;
	struct rawf *fields;
	size_t nf, capf;
	bool at_empty; /* the last "$@" produced no words */
	bool lit_split; /* unquoted literal text is split too (${x:-a b}) */
};

/* One brace-expanded alternative: a list of parts. */
struct plist {
	const struct sh_part **p;
	size_t n;
};

static int expand_parts(struct xc *x, const struct sh_part *const *parts, size_t n, bool quoted);
static int expand_part(struct xc *x, const struct sh_part *p, bool quoted);
static int expand_parts_of(struct xc *x, const struct sh_word *w, bool quoted);

/* Expansion errors, as bash handles them in a non-interactive shell: an
 * unbound variable or ${x?} ends the shell (127 from the top level, 1 from a
 * subshell); the others (arithmetic, substrings, bad substitutions, failglob)
 * abandon the rest of the line with status 1. */
static int
fatal(struct interp *it, int status)
{
	if (status == 127) {
		it->flow = FLOW_EXIT;
		it->status = it->in_subshell ? 1 : 127;
	} else {
		it->flow = FLOW_DISCARD;
		it->status = 1;
	}
	return -EINVAL;
}

static void
xc_init(struct xc *x, struct interp *it, bool split)
{
	memset(x, 0, sizeof(*x));
	x->it = it;
	x->split = split;
	sb_init(&x->cs, it->tmp);
	sb_init(&x->cf, it->tmp);
	const char *ifs = var_get(it, "IFS");
	if (!ifs) {
		ifs = " \t\n";
		x->ifs0 = ' ';
	} else {
		x->ifs0 = ifs[0];
		x->ifs_empty = !ifs[0];
	}
	for (const char *p = ifs; *p; p++) {
		unsigned char c = (unsigned char)*p;
		x->ifs_any[c] = true;
		if (c == ' ' || c == '\t' || c == '\n')
			x->ifs_ws[c] = true;
	}
}

static int
push_field(struct xc *x)
{
	if (x->nf + 1 > x->capf) {
		size_t nc = x->capf ? x->capf * 2 : 8;
		if (nc > IT_MAX_FIELDS)
			return -E2BIG;
		struct rawf *f = arena_alloc(x->it->tmp, nc * sizeof(*f));
		if (!f)
			return -ENOMEM;
		if (x->nf)
			memcpy(f, x->fields, x->nf * sizeof(*f));
		x->fields = f;
		x->capf = nc;
	}
	if (sb_add(&x->cs, "", 0) < 0 || sb_add(&x->cf, "", 0) < 0)
		return -ENOMEM;
	x->fields[x->nf++] = (struct rawf){ .s = x->cs.d, .f = x->cf.d, .n = x->cs.n,
					    .quoted = x->cur_quoted };
	sb_init(&x->cs, x->it->tmp);
	sb_init(&x->cf, x->it->tmp);
	x->cur_quoted = false;
	return 0;
}

static bool
has_content(const struct xc *x)
{
	return x->cs.n > 0 || x->cur_quoted;
}

static int
emit(struct xc *x, const char *s, size_t n, int flag)
{
	int r;
	if (flag != FL_S || !x->split) {
		if (n)
			x->pending_ws = false;
		r = sb_add(&x->cs, s, n);
		if (r < 0)
			return r;
		for (size_t i = 0; i < n; i++)
			if ((r = sb_addc(&x->cf, (char)flag)) < 0)
				return r;
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!x->ifs_any[c]) {
			x->pending_ws = false;
			if ((r = sb_addc(&x->cs, (char)c)) < 0 || (r = sb_addc(&x->cf, FL_S)) < 0)
				return r;
			continue;
		}
		if (x->ifs_ws[c]) {
			if (has_content(x)) {
				if ((r = push_field(x)) < 0)
					return r;
				x->pending_ws = true;
			}
			continue;
		}
		if (x->pending_ws && !has_content(x)) {
			x->pending_ws = false;
			continue;
		}
		if ((r = push_field(x)) < 0)
			return r;
		x->pending_ws = false;
	}
	return 0;
}

static int
emit_s(struct xc *x, const char *s, bool quoted)
{
	return emit(x, s, strlen(s), quoted ? FL_Q : FL_S);
}

/* ---- brace expansion --------------------------------------------------- */

struct plvec {
	struct plist *v;
	size_t n, cap;
};

static int
plv_push(struct interp *it, struct plvec *v, struct plist l)
{
	if (v->n + 1 > v->cap) {
		size_t nc = v->cap ? v->cap * 2 : 4;
		if (nc > IT_MAX_BRACE)
			return -E2BIG;
		struct plist *d = arena_alloc(it->tmp, nc * sizeof(*d));
		if (!d)
			return -ENOMEM;
		if (v->n)
			memcpy(d, v->v, v->n * sizeof(*d));
		v->v = d;
		v->cap = nc;
	}
	v->v[v->n++] = l;
	return 0;
}

static int brace_word(struct interp *it, const struct sh_part *parts, size_t n, struct plvec *out);

static struct sh_part *
lit_part(struct interp *it, const char *s)
{
	struct sh_part *p = arena_alloc(it->tmp, sizeof(*p));
	if (!p)
		return NULL;
	p->kind = SH_PART_LIT;
	p->text = s;
	p->text_len = strlen(s);
	return p;
}

static int
brace_seq(struct interp *it, const struct sh_brace *b, struct plvec *alts)
{
	const char *s = b->seq_start, *e = b->seq_end;
	int64_t step = b->seq_step ? strtoll(b->seq_step, NULL, 10) : 0;
	bool chars = !(isdigit((unsigned char)s[0]) || ((s[0] == '-' || s[0] == '+') && s[1]));
	int64_t a, z;
	int width = 0;
	if (chars) {
		a = (unsigned char)s[0];
		z = (unsigned char)e[0];
	} else {
		a = strtoll(s, NULL, 10);
		z = strtoll(e, NULL, 10);
		const char *ds = s[0] == '-' ? s + 1 : s, *de = e[0] == '-' ? e + 1 : e;
		if ((ds[0] == '0' && ds[1]) || (de[0] == '0' && de[1]))
			width = (int)(strlen(s) > strlen(e) ? strlen(s) : strlen(e));
	}
	if (step == 0)
		step = 1;
	if (step < 0)
		step = -step;
	if (a > z)
		step = -step;
	for (int64_t i = a, k = 0; step > 0 ? i <= z : i >= z; i += step, k++) {
		if (k > (int64_t)IT_MAX_BRACE)
			return -E2BIG;
		char *t = chars ? arena_printf(it->tmp, "%c", (char)i)
				: arena_printf(it->tmp, "%0*" PRId64, width, i);
		struct sh_part *p = t ? lit_part(it, t) : NULL;
		if (!p)
			return -ENOMEM;
		const struct sh_part **arr = arena_alloc(it->tmp, sizeof(*arr));
		if (!arr)
			return -ENOMEM;
		arr[0] = p;
		int r = plv_push(it, alts, (struct plist){ arr, 1 });
		if (r < 0)
			return r;
	}
	return 0;
}

static int
brace_word(struct interp *it, const struct sh_part *parts, size_t n, struct plvec *out)
{
	struct plvec cur = { 0 };
	int r = plv_push(it, &cur, (struct plist){ NULL, 0 });
	if (r < 0)
		return r;
	for (size_t i = 0; i < n; i++) {
		const struct sh_part *p = &parts[i];
		struct plvec alts = { 0 };
		if (p->kind == SH_PART_BRACE) {
			if (p->brace->is_sequence) {
				r = brace_seq(it, p->brace, &alts);
			} else {
				for (size_t k = 0; k < p->brace->n_items && r >= 0; k++)
					r = brace_word(it, p->brace->items[k]->parts,
						       p->brace->items[k]->n_parts, &alts);
			}
			if (r < 0)
				return r;
		} else {
			const struct sh_part **arr = arena_alloc(it->tmp, sizeof(*arr));
			if (!arr)
				return -ENOMEM;
			arr[0] = p;
			if ((r = plv_push(it, &alts, (struct plist){ arr, 1 })) < 0)
				return r;
		}
		struct plvec next = { 0 };
		if ((uint64_t)cur.n * alts.n > IT_MAX_BRACE)
			return -E2BIG;
		for (size_t c = 0; c < cur.n; c++)
			for (size_t k = 0; k < alts.n; k++) {
				size_t nn = cur.v[c].n + alts.v[k].n;
				const struct sh_part **arr = arena_alloc(it->tmp, (nn + 1) * sizeof(*arr));
				if (!arr)
					return -ENOMEM;
				if (cur.v[c].n)
					memcpy(arr, cur.v[c].p, cur.v[c].n * sizeof(*arr));
				if (alts.v[k].n)
					memcpy(arr + cur.v[c].n, alts.v[k].p, alts.v[k].n * sizeof(*arr));
				if ((r = plv_push(it, &next, (struct plist){ arr, nn })) < 0)
					return r;
			}
		cur = next;
	}
	for (size_t c = 0; c < cur.n; c++)
		if ((r = plv_push(it, out, cur.v[c])) < 0)
			return r;
	return 0;
}

static bool
word_has_brace(const struct sh_word *w)
{
	for (size_t i = 0; i < w->n_parts; i++)
		if (w->parts[i].kind == SH_PART_BRACE)
			return true;
	return false;
}

/* ---- parameters ---------------------------------------------------------- */

struct pval {
	char **v;
	size_t n;
	bool list;  /* $@ $* ${a[@]} ${a[*]} ... */
	bool at;    /* the @ form */
	bool set;
};

static char *
itoa_tmp(struct interp *it, int64_t v)
{
	return arena_printf(it->tmp, "%" PRId64, v);
}

static int
pval_one(struct interp *it, struct pval *pv, const char *s)
{
	pv->v = arena_alloc(it->tmp, 2 * sizeof(char *));
	if (!pv->v)
		return -ENOMEM;
	pv->v[0] = (char *)s;
	pv->n = s ? 1 : 0;
	pv->set = s != NULL;
	return 0;
}

static int
array_values(struct interp *it, struct var *v, struct pval *pv, bool keys)
{
	pv->list = true;
	if (!v || !(v->flags & V_SET)) {
		pv->n = 0;
		pv->v = arena_alloc(it->tmp, sizeof(char *));
		return pv->v ? 0 : -ENOMEM;
	}
	pv->set = true;
	if (!(v->flags & (V_ARRAY | V_ASSOC))) {
		return pval_one(it, pv, keys ? "0" : arena_strdup(it->tmp, v->val));
	}
	pv->v = arena_alloc(it->tmp, (v->arr.n + 1) * sizeof(char *));
	if (!pv->v)
		return -ENOMEM;
	for (size_t i = 0; i < v->arr.n; i++) {
		if (keys)
			pv->v[i] = (v->flags & V_ASSOC) ? arena_strdup(it->tmp, v->arr.e[i].key)
						       : itoa_tmp(it, v->arr.e[i].idx);
		else
			pv->v[i] = arena_strdup(it->tmp, v->arr.e[i].val);
		if (!pv->v[i])
			return -ENOMEM;
	}
	pv->n = v->arr.n;
	pv->list = true;
	return 0;
}

static char *
opt_flags(struct interp *it)
{
	struct sbuf b;
	sb_init(&b, it->tmp);
	if (it->o.errexit)
		sb_addc(&b, 'e');
	if (it->o.noglob)
		sb_addc(&b, 'f');
	sb_addc(&b, 'h');
	if (it->o.nounset)
		sb_addc(&b, 'u');
	if (it->o.xtrace)
		sb_addc(&b, 'x');
	sb_addc(&b, 'B');
	if (it->o.noclobber)
		sb_addc(&b, 'C');
	if (it->o.allexport)
		sb_addc(&b, 'a');
	sb_addc(&b, 'c');
	return b.d;
}

/*
 * The value(s) of parameter `name` with optional subscript: idx_word (from
 * the tree) or idx_text (from ${!ref} indirection).
 */
static int
get_param(struct interp *it, const char *name, const struct sh_word *idx_word,
	  const char *idx_text, bool keys, struct pval *pv)
{
	memset(pv, 0, sizeof(*pv));
	int r;
	if (!strcmp(name, "@") || !strcmp(name, "*")) {
		pv->list = true;
		pv->at = name[0] == '@';
		pv->v = arena_alloc(it->tmp, (it->n_pos + 1) * sizeof(char *));
		if (!pv->v)
			return -ENOMEM;
		for (size_t i = 0; i < it->n_pos; i++)
			pv->v[i] = it->pos[i];
		pv->n = it->n_pos;
		pv->set = true;
		return 0;
	}
	if (isdigit((unsigned char)name[0])) {
		long k = strtol(name, NULL, 10);
		if (k == 0)
			return pval_one(it, pv, it->argv0);
		return pval_one(it, pv, (size_t)k <= it->n_pos ? it->pos[k - 1] : NULL);
	}
	if (!name[1]) {
		switch (name[0]) {
		case '#': return pval_one(it, pv, itoa_tmp(it, (int64_t)it->n_pos));
		case '?': return pval_one(it, pv, itoa_tmp(it, it->status));
		case '$': return pval_one(it, pv, itoa_tmp(it, it->shell_pid));
		case '!': return pval_one(it, pv, it->last_bg ? itoa_tmp(it, it->last_bg) : NULL);
		case '-': return pval_one(it, pv, opt_flags(it));
		default: break;
		}
	}
	if (!valid_name(name)) {
		it_err(it, "%s: bad substitution", name);
		return -EINVAL;
	}
	struct var *v = var_lookup(it, name);
	const char *sub = idx_text;
	char *subx = NULL;
	if (idx_word) {
		if (idx_word->n_parts == 1 && idx_word->parts[0].kind == SH_PART_LIT &&
		    (!strcmp(idx_word->parts[0].text, "@") || !strcmp(idx_word->parts[0].text, "*")))
			sub = idx_word->parts[0].text;
		else {
			r = expand_str(it, idx_word, &subx);
			if (r < 0)
				return r;
			sub = subx;
		}
	}
	if (sub && (!strcmp(sub, "@") || !strcmp(sub, "*"))) {
		r = array_values(it, v, pv, keys);
		pv->at = sub[0] == '@';
		return r;
	}
	if (keys) {
		/* ${!a} with a subscript that is not @ or *: not a key list */
		it_err(it, "%s: bad substitution", name);
		return -EINVAL;
	}
	if (!sub) {
		return pval_one(it, pv, var_get(it, name) ? arena_strdup(it->tmp, var_get(it, name)) : NULL);
	}
	if (!v || !(v->flags & V_SET))
		return pval_one(it, pv, NULL);
	if (v->flags & V_ASSOC)
		return pval_one(it, pv, arr_get(v, sub, 0) ? arena_strdup(it->tmp, arr_get(v, sub, 0)) : NULL);
	int64_t idx;
	r = arith_eval(it, sub, &idx);
	if (r < 0)
		return fatal(it, 1);
	if (!(v->flags & V_ARRAY))
		return pval_one(it, pv, idx == 0 || idx == -1 ? arena_strdup(it->tmp, v->val) : NULL);
	if (idx < 0) {
		idx += arr_max_idx(v) + 1;
		if (idx < 0) {
			it_err(it, "%s: bad array subscript", name);
			return pval_one(it, pv, NULL);
		}
	}
	const char *s = arr_get(v, NULL, idx);
	return pval_one(it, pv, s ? arena_strdup(it->tmp, s) : NULL);
}

/* The joined value of a list for "$*"-like contexts. */
static char *
join_vals(struct xc *x, const struct pval *pv, bool star)
{
	struct sbuf b;
	sb_init(&b, x->it->tmp);
	sb_add(&b, "", 0);
	for (size_t i = 0; i < pv->n; i++) {
		if (i) {
			if (star) {
				if (!x->ifs_empty)
					sb_addc(&b, x->ifs0);
			} else {
				sb_addc(&b, ' ');
			}
		}
		sb_adds(&b, pv->v[i]);
	}
	return b.d;
}

static size_t
u8len(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}

static char *
trim(struct interp *it, const char *s, const char *pat, bool suffix, bool longest, int fl)
{
	size_t n = strlen(s);
	if (!suffix) {
		if (longest) {
			for (size_t k = n + 1; k-- > 0;)
				if (pat_match(pat, s, k, fl))
					return arena_strdup(it->tmp, s + k);
		} else {
			for (size_t k = 0; k <= n; k++)
				if (pat_match(pat, s, k, fl))
					return arena_strdup(it->tmp, s + k);
		}
	} else {
		if (longest) {
			for (size_t k = 0; k <= n; k++)
				if (pat_match(pat, s + k, n - k, fl))
					return arena_strndup(it->tmp, s, k);
		} else {
			for (size_t k = n + 1; k-- > 0;)
				if (pat_match(pat, s + k, n - k, fl))
					return arena_strndup(it->tmp, s, k);
		}
	}
	return arena_strdup(it->tmp, s);
}

/* Replacement text: unquoted & stands for the match (patsub_replacement). */
static int
add_repl(struct sbuf *b, const char *repl, const char *m, size_t mn)
{
	int r = 0;
	for (const char *p = repl; *p && r >= 0; p++) {
		if (*p == '\\' && p[1]) {
			r = sb_addc(b, *++p);
		} else if (*p == '&') {
			r = sb_add(b, m, mn);
		} else {
			r = sb_addc(b, *p);
		}
	}
	return r;
}

static char *
replace(struct interp *it, const char *s, const char *pat, const char *repl,
	enum sh_replace_anchor anchor, int fl)
{
	size_t n = strlen(s);
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	if (!*pat) {
		if (anchor == SH_REPLACE_PREFIX || anchor == SH_REPLACE_SUFFIX) {
			if (anchor == SH_REPLACE_SUFFIX)
				sb_adds(&b, s);
			add_repl(&b, repl ? repl : "", "", 0);
			if (anchor == SH_REPLACE_PREFIX)
				sb_adds(&b, s);
			return b.d;
		}
		return arena_strdup(it->tmp, s);
	}
	size_t i = 0;
	bool done = false;
	while (i <= n) {
		if (done || (anchor == SH_REPLACE_PREFIX && i > 0)) {
			sb_add(&b, s + i, n - i);
			break;
		}
		size_t matched = (size_t)-1;
		if (anchor == SH_REPLACE_SUFFIX) {
			if (pat_match(pat, s + i, n - i, fl))
				matched = n;
		} else {
			for (size_t k = n + 1; k-- > i;)
				if (pat_match(pat, s + i, k - i, fl)) {
					matched = k;
					break;
				}
		}
		if (matched != (size_t)-1) {
			add_repl(&b, repl ? repl : "", s + i, matched - i);
			if (anchor != SH_REPLACE_ALL)
				done = true;
			if (matched == i) {
				if (i < n)
					sb_addc(&b, s[i]);
				i++;
			} else {
				i = matched;
			}
			if (i > n)
				break;
			continue;
		}
		if (i < n)
			sb_addc(&b, s[i]);
		i++;
	}
	return b.d;
}

static char *
case_conv(struct interp *it, const char *s, const char *pat, bool upper, bool all, int fl)
{
	char *r = arena_strdup(it->tmp, s);
	if (!r)
		return NULL;
	for (char *p = r; *p; p++) {
		if (!pat || pat_match(pat, p, 1, fl))
			*p = (char)(upper ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
		if (!all)
			break;
	}
	return r;
}

char *
shell_quote(struct arena *a, const char *s)
{
	struct sbuf b;
	sb_init(&b, a);
	bool ctrl = false;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			ctrl = true;
	if (ctrl) {
		sb_add(&b, "$'", 2);
		for (const char *p = s; *p; p++) {
			unsigned char c = (unsigned char)*p;
			switch (c) {
			case '\n': sb_adds(&b, "\\n"); break;
			case '\t': sb_adds(&b, "\\t"); break;
			case '\r': sb_adds(&b, "\\r"); break;
			case 27: sb_adds(&b, "\\E"); break;
			case '\'': sb_adds(&b, "\\'"); break;
			case '\\': sb_adds(&b, "\\\\"); break;
			default:
				if (c < 0x20 || c == 0x7f)
					sb_printf(&b, "\\%03o", c);
				else
					sb_addc(&b, (char)c);
			}
		}
		sb_addc(&b, '\'');
		return b.d;
	}
	sb_addc(&b, '\'');
	for (const char *p = s; *p; p++) {
		if (*p == '\'')
			sb_adds(&b, "'\\''");
		else
			sb_addc(&b, *p);
	}
	sb_addc(&b, '\'');
	return b.d;
}

static char *
attr_letters(struct interp *it, const char *name)
{
	struct var *v = var_lookup(it, name);
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	if (!v)
		return b.d;
	if (v->flags & V_ARRAY)
		sb_addc(&b, 'a');
	if (v->flags & V_ASSOC)
		sb_addc(&b, 'A');
	if (v->flags & V_INTEGER)
		sb_addc(&b, 'i');
	if (v->flags & V_LOWER)
		sb_addc(&b, 'l');
	if (v->flags & V_READONLY)
		sb_addc(&b, 'r');
	if (v->flags & V_UPPER)
		sb_addc(&b, 'u');
	if (v->flags & V_EXPORT)
		sb_addc(&b, 'x');
	return b.d;
}

int echo_escapes(struct sbuf *b, const char *s, bool *stop, bool utf8); /* builtins.c */

static int
transform(struct interp *it, const struct sh_param *pp, const char *name, char **vals, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *s = vals[i];
		char *r = NULL;
		switch (pp->transform) {
		case 'Q': r = shell_quote(it->tmp, s); break;
		case 'E': {
			struct sbuf b;
			sb_init(&b, it->tmp);
			sb_add(&b, "", 0);
			bool stop = false;
			echo_escapes(&b, s, &stop, it_utf8(it));
			r = b.d;
			break;
		}
		case 'U': r = case_conv(it, s, NULL, true, true, 0); break;
		case 'L': r = case_conv(it, s, NULL, false, true, 0); break;
		case 'u': r = case_conv(it, s, NULL, true, false, 0); break;
		case 'a': r = attr_letters(it, name); break;
		case 'A': {
			char *q = shell_quote(it->tmp, s);
			char *at = attr_letters(it, name);
			r = *at ? arena_printf(it->tmp, "declare -%s %s=%s", at, name, q)
				: arena_printf(it->tmp, "%s=%s", name, q);
			break;
		}
		case 'K':
		case 'k': r = shell_quote(it->tmp, s); break;
		default:
			it_err(it, "${%s@%c}: unsupported transformation", name, pp->transform);
			return -ENOTSUP;
		}
		if (!r)
			return -ENOMEM;
		vals[i] = r;
	}
	return 0;
}

static int
substring(struct xc *x, const struct sh_param *pp, struct pval *pv, const char *name)
{
	struct interp *it = x->it;
	char *offs = NULL, *lens = NULL;
	int64_t off = 0, len = 0;
	int r;
	if (pp->arg) {
		if ((r = expand_str(it, pp->arg, &offs)) < 0)
			return r;
		if (arith_eval(it, offs, &off) < 0)
			return fatal(it, 1);
	}
	bool has_len = pp->arg2 != NULL;
	if (has_len) {
		if ((r = expand_str(it, pp->arg2, &lens)) < 0)
			return r;
		if (arith_eval(it, lens, &len) < 0)
			return fatal(it, 1);
	}
	if (pv->list) {
		/* slice of elements; for $@ index 0 is $0 */
		char **v = pv->v;
		size_t n = pv->n;
		bool pos = !strcmp(name, "@") || !strcmp(name, "*");
		if (pos) {
			char **nv = arena_alloc(it->tmp, (n + 2) * sizeof(char *));
			if (!nv)
				return -ENOMEM;
			nv[0] = it->argv0;
			memcpy(nv + 1, v, n * sizeof(char *));
			v = nv;
			n++;
		}
		int64_t start = off < 0 ? (int64_t)n + off : off;
		if (start < 0 || start > (int64_t)n) {
			pv->n = 0;
			return 0;
		}
		int64_t cnt = has_len ? len : (int64_t)n - start;
		if (cnt < 0) {
			it_err(it, "%s: substring expression < 0", lens ? lens : "");
			return fatal(it, 1);
		}
		if (start + cnt > (int64_t)n)
			cnt = (int64_t)n - start;
		pv->v = v + start;
		pv->n = (size_t)cnt;
		return 0;
	}
	for (size_t i = 0; i < pv->n; i++) {
		const char *s = pv->v[i];
		int64_t n = (int64_t)strlen(s);
		int64_t start = off < 0 ? n + off : off;
		if (start < 0 || start > n) {
			pv->v[i] = "";
			continue;
		}
		int64_t end = has_len ? (len < 0 ? n + len : start + len) : n;
		if (end > n)
			end = n;
		if (end < start) {
			if (has_len && len < 0) {
				it_err(it, "%s: substring expression < 0", lens);
				return fatal(it, 1);
			}
			end = start;
		}
		pv->v[i] = arena_strndup(it->tmp, s + start, (size_t)(end - start));
	}
	return 0;
}

static int
cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The word of ${x:-word} and friends: bash expands a leading ~ there. */
static int
expand_operand(struct xc *x, const struct sh_word *w, bool quoted)
{
	bool was = x->lit_split;
	int r;
	if (quoted || !w->n_parts || w->parts[0].kind != SH_PART_LIT || w->parts[0].text[0] != '~' ||
	    (w->parts[0].text[1] && w->parts[0].text[1] != '/')) {
		x->lit_split = !quoted;
		r = expand_parts_of(x, w, quoted);
		x->lit_split = was;
		return r;
	}
	const char *home = var_get(x->it, "HOME");
	if (home && (r = emit(x, home, strlen(home), FL_Q)) < 0)
		return r;
	if (!home && (r = emit(x, "~", 1, FL_Q)) < 0)
		return r;
	const char *rest = w->parts[0].text + 1;
	if ((r = emit(x, rest, strlen(rest), FL_S)) < 0)
		return r;
	x->lit_split = true;
	for (size_t i = 1; i < w->n_parts && r >= 0; i++)
		r = expand_part(x, &w->parts[i], quoted);
	x->lit_split = was;
	return r;
}

static int
expand_param(struct xc *x, const struct sh_param *pp, bool quoted)
{
	struct interp *it = x->it;
	const char *name = pp->name;
	struct pval pv;
	int r;
	int fl = (it->o.extglob ? PM_EXTGLOB : 0);

	if (pp->op == SH_PARAM_PREFIX_NAMES) {
		memset(&pv, 0, sizeof(pv));
		struct svec names;
		sv_init(&names, it->tmp);
		size_t pl = strlen(name);
		for (size_t i = 0; i < it->vars.cap; i++) {
			struct var *v = it->vars.slot[i];
			if (v && (v->flags & V_SET) && !strncmp(v->name, name, pl))
				if ((r = sv_push(&names, v->name)) < 0)
					return r;
		}
		if (names.n)
			qsort(names.v, names.n, sizeof(char *), cmp_strp);
		pv.v = names.v;
		pv.n = names.n;
		pv.list = true;
		pv.at = pp->at;
		pv.set = true;
		goto emit_it;
	}

	const char *idx_text = NULL;
	if (pp->indirect && pp->op != SH_PARAM_KEYS) {
		struct pval ref;
		if ((r = get_param(it, name, pp->index, NULL, false, &ref)) < 0)
			return r;
		if (ref.list) {
			it_err(it, "%s: bad substitution", name);
			return fatal(it, 1);
		}
		if (!ref.n) {
			if (it->o.nounset) {
				it_err(it, "%s: unbound variable", name);
				return fatal(it, 127);
			}
			it_err(it, "%s: invalid indirect expansion", name);
			return fatal(it, 1);
		}
		const char *target = ref.v[0];
		const char *br = strchr(target, '[');
		if (br && target[strlen(target) - 1] == ']') {
			name = arena_strndup(it->tmp, target, (size_t)(br - target));
			idx_text = arena_strndup(it->tmp, br + 1, strlen(br + 1) - 1);
		} else {
			name = target;
		}
		if (!valid_name(name) && !(isdigit((unsigned char)name[0]) && strspn(name, "0123456789") == strlen(name)) &&
		    !(strlen(name) == 1 && strchr("@*#?$!-", name[0]))) {
			it_err(it, "%s: invalid variable name", target);
			return fatal(it, 1);
		}
		r = get_param(it, name, NULL, idx_text, false, &pv);
	} else {
		r = get_param(it, name, pp->indirect ? NULL : pp->index, NULL, pp->op == SH_PARAM_KEYS && pp->indirect, &pv);
		if (pp->op == SH_PARAM_KEYS) {
			/* ${!a[@]} */
			if (pp->index && !pp->indirect)
				r = get_param(it, name, pp->index, NULL, true, &pv);
		}
	}
	if (r < 0)
		return it->flow == FLOW_EXIT || it->flow == FLOW_DISCARD ? r : fatal(it, 1);

	bool is_null = !pv.set || pv.n == 0 || (!pv.list && !pv.v[0][0]) ||
		       (pv.list && pv.n == 1 && !pv.v[0][0]);
	bool unset = !pv.set || (pv.list && pv.n == 0 && !pv.at && strcmp(name, "*") != 0);
	if (pv.list && pv.n == 0)
		unset = true;
	bool trig = pp->colon ? is_null : unset;

	switch (pp->op) {
	case SH_PARAM_DEFAULT:
		if (trig)
			return pp->arg ? expand_operand(x, pp->arg, quoted) : 0;
		break;
	case SH_PARAM_ALTERNATE:
		if (!trig)
			return pp->arg ? expand_operand(x, pp->arg, quoted) : 0;
		return 0;
	case SH_PARAM_ASSIGN:
		if (trig) {
			char *val = NULL;
			if (pp->arg && (r = expand_str(it, pp->arg, &val)) < 0)
				return r;
			if (!val)
				val = "";
			if (!valid_name(name)) {
				it_err(it, "$%s: cannot assign in this way", name);
				return fatal(it, 1);
			}
			if (pp->index && !idx_text) {
				char *key = NULL;
				if ((r = expand_str(it, pp->index, &key)) < 0)
					return r;
				r = var_set_elem(it, name, key, val, false);
			} else {
				r = var_set(it, name, val, false);
			}
			if (r < 0)
				return fatal(it, 1);
			return emit_s(x, val, quoted);
		}
		break;
	case SH_PARAM_ERROR:
		if (trig) {
			char *msg = NULL;
			if (pp->arg && (r = expand_str(it, pp->arg, &msg)) < 0)
				return r;
			it_err(it, "%s: %s", name, msg && *msg ? msg : "parameter null or not set");
			return fatal(it, 127);
		}
		break;
	default:
		if (!pv.set && it->o.nounset && strcmp(name, "@") && strcmp(name, "*") &&
		    pp->op != SH_PARAM_KEYS) {
			it_err(it, "%s: unbound variable", name);
			return fatal(it, 127);
		}
		break;
	}

	/* operate on each value */
	switch (pp->op) {
	case SH_PARAM_LENGTH: {
		int64_t len;
		if (pv.list)
			len = (int64_t)pv.n;
		else
			len = pv.n ? (int64_t)u8len(pv.v[0]) : 0;
		return emit_s(x, itoa_tmp(it, len), quoted);
	}
	case SH_PARAM_TRIM_PREFIX:
	case SH_PARAM_TRIM_SUFFIX: {
		char *pat = NULL;
		if (pp->arg && (r = expand_pattern(it, pp->arg, &pat)) < 0)
			return r;
		for (size_t i = 0; i < pv.n; i++) {
			pv.v[i] = trim(it, pv.v[i], pat ? pat : "", pp->op == SH_PARAM_TRIM_SUFFIX,
				       pp->longest, fl);
			if (!pv.v[i])
				return -ENOMEM;
		}
		break;
	}
	case SH_PARAM_REPLACE: {
		char *pat = NULL, *rep = NULL;
		if (pp->arg && (r = expand_pattern(it, pp->arg, &pat)) < 0)
			return r;
		if (pp->arg2 && (r = expand_pattern(it, pp->arg2, &rep)) < 0)
			return r;
		for (size_t i = 0; i < pv.n; i++) {
			pv.v[i] = replace(it, pv.v[i], pat ? pat : "", rep, pp->anchor, fl);
			if (!pv.v[i])
				return -ENOMEM;
		}
		break;
	}
	case SH_PARAM_UPPER:
	case SH_PARAM_LOWER: {
		char *pat = NULL;
		if (pp->arg && (r = expand_pattern(it, pp->arg, &pat)) < 0)
			return r;
		for (size_t i = 0; i < pv.n; i++) {
			pv.v[i] = case_conv(it, pv.v[i], pat, pp->op == SH_PARAM_UPPER, pp->longest, fl);
			if (!pv.v[i])
				return -ENOMEM;
		}
		break;
	}
	case SH_PARAM_SUBSTRING:
		if ((r = substring(x, pp, &pv, name)) < 0)
			return r;
		break;
	case SH_PARAM_TRANSFORM:
		if ((r = transform(it, pp, name, pv.v, pv.n)) < 0)
			return fatal(it, 1);
		break;
	default:
		break;
	}

emit_it:
	if (!pv.list) {
		if (!pv.n)
			return 0;
		return emit_s(x, pv.v[0], quoted);
	}
	if (quoted) {
		if (!pv.at)
			return emit(x, join_vals(x, &pv, true), strlen(join_vals(x, &pv, true)), FL_Q);
		if (!x->split) {
			char *j = join_vals(x, &pv, false);
			return emit(x, j, strlen(j), FL_Q);
		}
		if (pv.n == 0) {
			x->at_empty = true;
			return 0;
		}
		for (size_t i = 0; i < pv.n; i++) {
			if (i) {
				x->cur_quoted = true;
				if ((r = push_field(x)) < 0)
					return r;
			}
			x->cur_quoted = true;
			if ((r = emit(x, pv.v[i], strlen(pv.v[i]), FL_Q)) < 0)
				return r;
		}
		return 0;
	}
	if (!x->split) {
		char *j = join_vals(x, &pv, !pv.at);
		return emit(x, j, strlen(j), FL_S);
	}
	for (size_t i = 0; i < pv.n; i++) {
		if (i && has_content(x) && (!x->ifs_empty || true)) {
			if ((r = push_field(x)) < 0)
				return r;
		}
		if ((r = emit(x, pv.v[i], strlen(pv.v[i]), FL_S)) < 0)
			return r;
	}
	return 0;
}

/* ---- substitutions ------------------------------------------------------- */

static int
read_all_fd(struct interp *it, int fd, struct sbuf *b)
{
	char tmp[8192];
	for (;;) {
		ssize_t n = read(fd, tmp, sizeof(tmp));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return 0;
		if (b->n + (size_t)n > IT_MAX_CAPTURE)
			return -E2BIG;
		/* bash drops NUL bytes from command substitution output */
		for (ssize_t i = 0; i < n; i++)
			if (tmp[i] && sb_addc(b, tmp[i]) < 0)
				return -ENOMEM;
	}
}

int
capture_output(struct interp *it, const struct sh_node *body, char **ret)
{
	struct sbuf b;
	sb_init(&b, it->tmp);
	int r = sb_add(&b, "", 0);
	if (r < 0)
		return r;
	if (!body) {
		*ret = b.d;
		it->cmdsub_status = 0;
		return 0;
	}
	/* $(< file): read the file without running anything */
	if (body->kind == SH_NODE_SIMPLE && body->u.simple.n_words == 0 && !body->u.simple.assigns &&
	    body->redirs && !body->redirs->next && body->redirs->op == SH_REDIR_IN &&
	    body->redirs->fd <= 0) {
		struct redir_save save = { 0 };
		int saved_in = fcntl(0, F_DUPFD_CLOEXEC, IT_FD_BASE);
		r = redir_apply(it, body->redirs, &save);
		if (r >= 0)
			r = read_all_fd(it, 0, &b);
		redir_restore(it, &save);
		free(save.s);
		if (saved_in >= 0) {
			dup2(saved_in, 0);
			close(saved_in);
		}
		it->cmdsub_status = r < 0 ? 1 : 0;
		if (it_is_refused(it))
			return -EPERM;
		goto strip;
	}
	int p[2];
	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	pid_t pid = it_fork(it);
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return (int)pid;
	}
	if (pid == 0) {
		close(p[0]);
		if (p[1] != 1) {
			dup2(p[1], 1);
			close(p[1]);
		}
		free(it->trap_exit);
		it->trap_exit = NULL;
		/* bash: set -e does not reach into $(...) without inherit_errexit */
		if (!it->o.inherit_errexit)
			it->o.errexit = false;
		int st = exec_node(it, body);
		if (it->flow == FLOW_EXIT)
			st = it->status;
		it_exit_child(it, st);
	}
	close(p[1]);
	r = read_all_fd(it, p[0], &b);
	close(p[0]);
	int st = it_wait_pid(it, pid);
	it->cmdsub_status = st;
	it->status = st; /* $? right away: echo $(exit 1) $? */
	if (it_is_refused(it))
		return it_refuse(it, it->shared->msg);
	if (r < 0)
		return r;
strip:
	while (b.n && b.d[b.n - 1] == '\n')
		b.d[--b.n] = '\0';
	*ret = b.d;
	return 0;
}

static int
procsub(struct xc *x, const struct sh_part *p, bool quoted)
{
	struct interp *it = x->it;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0)
		return -errno;
	bool in = p->procsub_dir == '<';
	pid_t pid = it_fork(it);
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return (int)pid;
	}
	if (pid == 0) {
		int mine = in ? fds[1] : fds[0];
		close(in ? fds[0] : fds[1]);
		dup2(mine, in ? 1 : 0);
		close(mine);
		free(it->trap_exit);
		it->trap_exit = NULL;
		int st = p->body ? exec_node(it, p->body) : 0;
		if (it->flow == FLOW_EXIT)
			st = it->status;
		it_exit_child(it, st);
	}
	int keep = in ? fds[0] : fds[1];
	close(in ? fds[1] : fds[0]);
	/* bash hands out /dev/fd/63 and down (then anything free). The command
	 * must inherit it, so no close-on-exec. */
	int fd = -1;
	for (int cand = 63; cand >= IT_FD_BASE && fd < 0; cand--)
		if (fcntl(cand, F_GETFD) < 0 && errno == EBADF)
			fd = dup2(keep, cand);
	if (fd < 0)
		fd = fcntl(keep, F_DUPFD, IT_FD_BASE);
	close(keep);
	if (fd < 0)
		return -errno;
	if (it->n_procsub + 1 > it->cap_procsub) {
		size_t nc = it->cap_procsub ? it->cap_procsub * 2 : 4;
		int *n = realloc(it->procsub_fds, nc * sizeof(int));
		if (!n) {
			close(fd);
			return -ENOMEM;
		}
		it->procsub_fds = n;
		it->cap_procsub = nc;
	}
	it->procsub_fds[it->n_procsub++] = fd;
	struct job *j = xmalloc(sizeof(*j));
	j->pid = pid;
	j->status = -1;
	j->next = it->jobs;
	it->jobs = j;
	char path[32];
	snprintf(path, sizeof(path), "/dev/fd/%d", fd);
	return emit_s(x, path, quoted);
}

static int
tilde(struct xc *x, const struct sh_part *p, bool quoted)
{
	struct interp *it = x->it;
	const char *user = p->text ? p->text : "";
	const char *home = NULL;
	if (!*user) {
		home = var_get(it, "HOME");
		if (!home) {
			struct passwd *pw = getpwuid(getuid());
			home = pw ? pw->pw_dir : "";
		}
	} else if (!strcmp(user, "+")) {
		home = var_get(it, "PWD");
	} else if (!strcmp(user, "-")) {
		home = var_get(it, "OLDPWD");
	} else {
		struct passwd *pw = getpwnam(user);
		if (pw)
			home = pw->pw_dir;
	}
	if (!home) {
		/* unknown user: the word stays as written */
		char *s = arena_printf(it->tmp, "~%s", user);
		return s ? emit(x, s, strlen(s), FL_Q) : -ENOMEM;
	}
	(void)quoted;
	return emit(x, home, strlen(home), FL_Q);
}

static int
expand_part(struct xc *x, const struct sh_part *p, bool quoted)
{
	struct interp *it = x->it;
	int r;
	if (it_is_refused(it))
		return -EPERM;
	switch (p->kind) {
	case SH_PART_LIT:
		return emit(x, p->text, p->text_len ? p->text_len : strlen(p->text),
			    quoted ? FL_Q : x->lit_split ? FL_S : FL_L);
	case SH_PART_ESCAPED:
	case SH_PART_SQUOTE:
	case SH_PART_ANSI_C: {
		x->cur_quoted = true;
		size_t n = p->kind == SH_PART_ANSI_C ? p->text_len : strlen(p->text);
		/* a NUL in $'..' ends the word's text, as in bash */
		size_t k = strnlen(p->text, n);
		return emit(x, p->text, k, FL_Q);
	}
	case SH_PART_DQUOTE:
	case SH_PART_LOCALE: {
		bool was = x->at_empty;
		x->at_empty = false;
		for (size_t i = 0; i < p->n_parts; i++)
			if ((r = expand_part(x, &p->parts[i], true)) < 0)
				return r;
		/* "$@" with no parameters is no word at all, not an empty one */
		if (!(p->n_parts == 1 && x->at_empty))
			x->cur_quoted = true;
		x->at_empty = was;
		return 0;
	}
	case SH_PART_PARAM:
		return expand_param(x, p->param, quoted);
	case SH_PART_CMDSUB: {
		char *out = NULL;
		if ((r = capture_output(it, p->body, &out)) < 0)
			return r;
		return emit_s(x, out, quoted);
	}
	case SH_PART_ARITH: {
		char *e = NULL;
		if ((r = expand_str(it, p->expr, &e)) < 0)
			return r;
		int64_t v;
		if (arith_eval(it, e, &v) < 0)
			return fatal(it, 1);
		return emit_s(x, itoa_tmp(it, v), quoted);
	}
	case SH_PART_PROCSUB:
		return procsub(x, p, quoted);
	case SH_PART_TILDE:
		return tilde(x, p, quoted);
	case SH_PART_BRACE: {
		/* only reached where brace expansion does not apply: as written */
		const struct sh_brace *b = p->brace;
		if ((r = emit(x, "{", 1, FL_L)) < 0)
			return r;
		if (b->is_sequence) {
			char *s = arena_printf(it->tmp, "%s..%s%s%s", b->seq_start, b->seq_end,
					       b->seq_step ? ".." : "", b->seq_step ? b->seq_step : "");
			if (!s || (r = emit(x, s, strlen(s), FL_L)) < 0)
				return s ? r : -ENOMEM;
		} else {
			for (size_t i = 0; i < b->n_items; i++) {
				if (i && (r = emit(x, ",", 1, FL_L)) < 0)
					return r;
				if ((r = expand_parts_of(x, b->items[i], quoted)) < 0)
					return r;
			}
		}
		return emit(x, "}", 1, FL_L);
	}
	case SH_PART_EXTGLOB: {
		if ((r = emit(x, p->text, 1, FL_L)) < 0 || (r = emit(x, "(", 1, FL_L)) < 0)
			return r;
		for (size_t i = 0; i < p->n_alts; i++) {
			if (i && (r = emit(x, "|", 1, FL_L)) < 0)
				return r;
			if ((r = expand_parts_of(x, p->alts[i], quoted)) < 0)
				return r;
		}
		return emit(x, ")", 1, FL_L);
	}
	case SH_PART_KIND_MAX:
	default:
		break;
	}
	it_err(it, "unsupported word part");
	return -ENOTSUP;
}

static int
expand_parts(struct xc *x, const struct sh_part *const *parts, size_t n, bool quoted)
{
	for (size_t i = 0; i < n; i++) {
		int r = expand_part(x, parts[i], quoted);
		if (r < 0)
			return r;
	}
	return 0;
}

static int
expand_parts_of(struct xc *x, const struct sh_word *w, bool quoted)
{
	for (size_t i = 0; i < w->n_parts; i++) {
		int r = expand_part(x, &w->parts[i], quoted);
		if (r < 0)
			return r;
	}
	return 0;
}

/* A field as a pattern: quoted characters escaped. */
static char *
field_pattern(struct interp *it, const char *s, const char *f, size_t n)
{
	struct sbuf b;
	sb_init(&b, it->tmp);
	if (sb_add(&b, "", 0) < 0)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (f[i] == FL_Q && !isalnum((unsigned char)s[i]) && s[i] != '/')
			sb_addc(&b, '\\');
		else if (f[i] != FL_Q && s[i] == '\\')
			sb_addc(&b, '\\'); /* a backslash from an expansion is literal here */
		sb_addc(&b, s[i]);
	}
	return b.d;
}

static bool
field_globs(const struct rawf *rf, bool extglob)
{
	for (size_t i = 0; i < rf->n; i++) {
		if (rf->f[i] == FL_Q)
			continue;
		char c = rf->s[i];
		if (c == '*' || c == '?' || c == '[')
			return true;
		if (extglob && i + 1 < rf->n && rf->s[i + 1] == '(' &&
		    (c == '@' || c == '+' || c == '!'))
			return true;
	}
	return false;
}

static int
finish_fields(struct xc *x, struct svec *out)
{
	struct interp *it = x->it;
	int r;
	if (has_content(x) && (r = push_field(x)) < 0)
		return r;
	for (size_t i = 0; i < x->nf; i++) {
		struct rawf *rf = &x->fields[i];
		if (!it->o.noglob && field_globs(rf, it->o.extglob)) {
			char *pat = field_pattern(it, rf->s, rf->f, rf->n);
			if (!pat)
				return -ENOMEM;
			size_t before = out->n;
			if ((r = glob_expand(it, pat, out)) < 0)
				return r;
			if (out->n > before)
				continue;
			if (it->o.failglob) {
				it_err(it, "no match: %s", rf->s);
				return fatal(it, 1);
			}
			if (it->o.nullglob)
				continue;
		}
		if ((r = sv_push(out, rf->s)) < 0)
			return r;
	}
	return 0;
}

int
expand_words(struct interp *it, struct sh_word *const *words, size_t n, struct svec *out)
{
	int r;
	for (size_t i = 0; i < n; i++) {
		const struct sh_word *w = words[i];
		struct xc x;
		if (w->assign) {
			/* declare x=(...): handed to the builtin by pointer identity */
			char *s = arena_strndup(it->tmp, w->src ? w->src : w->assign->name,
						w->src ? w->src_len : strlen(w->assign->name));
			if (!s || (r = sv_push(out, s)) < 0)
				return s ? r : -ENOMEM;
			if (it->n_decl + 1 > it->cap_decl) {
				size_t nc = it->cap_decl ? it->cap_decl * 2 : 4;
				struct decl_ref *d = realloc(it->decl, nc * sizeof(*d));
				if (!d)
					return -ENOMEM;
				it->decl = d;
				it->cap_decl = nc;
			}
			it->decl[it->n_decl++] = (struct decl_ref){ s, w->assign };
			continue;
		}
		xc_init(&x, it, true);
		if (word_has_brace(w)) {
			struct plvec alts = { 0 };
			if ((r = brace_word(it, w->parts, w->n_parts, &alts)) < 0)
				return r;
			for (size_t k = 0; k < alts.n; k++) {
				xc_init(&x, it, true);
				if ((r = expand_parts(&x, alts.v[k].p, alts.v[k].n, false)) < 0)
					return r;
				if ((r = finish_fields(&x, out)) < 0)
					return r;
			}
			continue;
		}
		if ((r = expand_parts_of(&x, w, false)) < 0)
			return r;
		if ((r = finish_fields(&x, out)) < 0)
			return r;
	}
	if (!out->v && (r = sv_push(out, NULL)) < 0)
		return r;
	if (out->n == 1 && !out->v[0])
		out->n = 0;
	return 0;
}

static bool
looks_like_assignment(const struct sh_word *w)
{
	if (!w->n_parts || w->parts[0].kind != SH_PART_LIT)
		return false;
	const char *t = w->parts[0].text;
	if (!(isalpha((unsigned char)*t) || *t == '_'))
		return false;
	while (isalnum((unsigned char)*t) || *t == '_')
		t++;
	if (*t == '=' || (t[0] == '+' && t[1] == '='))
		return true;
	return *t == '[' && (strstr(t, "]=") || strstr(t, "]+="));
}

/*
 * The words of a declaration builtin (declare, typeset, local, export,
 * readonly): an argument written as an assignment is expanded as one, without
 * splitting or globbing, so `local out=$(cmd)` keeps its spaces as in bash.
 */
int
expand_words_decl(struct interp *it, struct sh_word *const *words, size_t n, struct svec *out)
{
	int r;
	bool decl = false;
	if (n > 0) {
		bool is_static = false;
		const char *w0 = sh_word_static_value(it->tmp, words[0], &is_static);
		decl = w0 && (!strcmp(w0, "declare") || !strcmp(w0, "typeset") ||
			       !strcmp(w0, "local") || !strcmp(w0, "export") ||
			       !strcmp(w0, "readonly"));
	}
	if (!decl)
		return expand_words(it, words, n, out);
	for (size_t i = 0; i < n; i++) {
		/* with a brace expansion it is an ordinary word again (bash) */
		if (i > 0 && !words[i]->assign && looks_like_assignment(words[i]) &&
		    !word_has_brace(words[i])) {
			char *v = NULL;
			if ((r = expand_str(it, words[i], &v)) < 0)
				return r;
			if ((r = sv_push(out, v)) < 0)
				return r;
			continue;
		}
		if ((r = expand_words(it, &words[i], 1, out)) < 0)
			return r;
	}
	if (!out->v && (r = sv_push(out, NULL)) < 0)
		return r;
	if (out->n == 1 && !out->v[0])
		out->n = 0;
	return 0;
}

/* One string, no splitting or globbing; heredoc: a here-document body. */
static int
expand_to_string(struct interp *it, const struct sh_word *w, bool heredoc, char **ret)
{
	struct xc x;
	xc_init(&x, it, false);
	int r = w ? expand_parts_of(&x, w, heredoc) : 0;
	if (r < 0)
		return r;
	if ((r = sb_add(&x.cs, "", 0)) < 0)
		return r;
	*ret = x.cs.d;
	return 0;
}

int
expand_str(struct interp *it, const struct sh_word *w, char **ret)
{
	return expand_to_string(it, w, false, ret);
}

int
expand_heredoc(struct interp *it, const struct sh_word *w, char **ret)
{
	return expand_to_string(it, w, true, ret);
}

int
expand_pattern(struct interp *it, const struct sh_word *w, char **ret)
{
	struct xc x;
	xc_init(&x, it, false);
	int r = w ? expand_parts_of(&x, w, false) : 0;
	if (r < 0)
		return r;
	if ((r = sb_add(&x.cs, "", 0)) < 0 || (r = sb_add(&x.cf, "", 0)) < 0)
		return r;
	*ret = field_pattern(it, x.cs.d, x.cf.d, x.cs.n);
	return *ret ? 0 : -ENOMEM;
}
