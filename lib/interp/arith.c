/* SPDX-License-Identifier: MIT */
/*
 * Arithmetic evaluation with bash's operators, precedence and integer
 * semantics (64-bit, wrapping; variables evaluated recursively as
 * expressions; constants in base#digits, 0x and leading-0 octal).
 * Signed overflow is computed in unsigned arithmetic so that it wraps as in
 * bash instead of being undefined behaviour.
 */
#include "internal.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

struct ax {
	struct interp *it;
	const char *s;   /* whole expression */
	const char *p;   /* cursor */
	unsigned depth;   /* nesting so far, this expression and its callers */
	int noeval;
	int err;
	char msg[128];
};

struct lv {
	int64_t v;
	const char *name; /* an lvalue: variable name (into the temp arena) */
	char *sub;        /* subscript text, or NULL */
};

static int64_t eval_with_depth(struct ax *parent, const char *expr, unsigned depth);
static struct lv p_comma(struct ax *a);
static struct lv p_assign(struct ax *a);

static void
fail(struct ax *a, const char *msg)
{
	if (a->err)
		return;
	a->err = -EINVAL;
	snprintf(a->msg, sizeof(a->msg), "%s", msg);
}

/* Every level of nesting (parenthesis, unary operator, right-associative
 * operator, variable) counts against one limit, so that no input can run
 * the evaluator's recursion off the stack. */
static bool
nest_in(struct ax *a)
{
	if (++a->depth > IT_MAX_ARITH_DEPTH) {
		fail(a, "expression recursion level exceeded");
		return false;
	}
	return true;
}

static void
skip_ws(struct ax *a)
{
	while (*a->p == ' ' || *a->p == '\t' || *a->p == '\n' || *a->p == '\r')
		a->p++;
}

static int64_t
wrap_add(int64_t x, int64_t y)
{
	return (int64_t)((uint64_t)x + (uint64_t)y);
}
static int64_t
wrap_sub(int64_t x, int64_t y)
{
	return (int64_t)((uint64_t)x - (uint64_t)y);
}
static int64_t
wrap_mul(int64_t x, int64_t y)
{
	return (int64_t)((uint64_t)x * (uint64_t)y);
}

static int64_t
var_value(struct ax *a, const char *name, const char *sub)
{
	struct interp *it = a->it;
	const char *val;
	if (sub) {
		struct var *v = var_lookup(it, name);
		if (!v || !(v->flags & V_SET)) {
			val = NULL;
		} else if (v->flags & V_ASSOC) {
			val = arr_get(v, sub, 0);
		} else {
			int64_t idx = eval_with_depth(a, sub, a->depth + 1);
			if (a->err)
				return 0;
			if (idx < 0 && (v->flags & V_ARRAY))
				idx += arr_max_idx(v) + 1;
			if (v->flags & V_ARRAY)
				val = arr_get(v, NULL, idx);
			else
				val = idx == 0 ? v->val : NULL;
		}
	} else {
		val = var_get(it, name);
	}
	if (!val) {
		if (it->o.nounset) {
			char m[128];
			snprintf(m, sizeof(m), "%s: unbound variable", name);
			fail(a, m);
		}
		return 0;
	}
	if (!*val)
		return 0;
	return eval_with_depth(a, val, a->depth + 1);
}

static void
assign(struct ax *a, struct lv *l, int64_t v)
{
	if (a->noeval || a->err)
		return;
	if (!l->name) {
		fail(a, "attempted assignment to non-variable");
		return;
	}
	char buf[32];
	snprintf(buf, sizeof(buf), "%" PRId64, v);
	int r;
	if (l->sub) {
		struct var *var = var_lookup(a->it, l->name);
		const char *key = l->sub;
		if (!(var && (var->flags & V_ASSOC))) {
			int64_t idx = eval_with_depth(a, l->sub, a->depth + 1);
			if (a->err)
				return;
			key = arena_printf(a->it->tmp, "%" PRId64, idx);
		}
		r = var_set_elem(a->it, l->name, key, buf, false);
	} else {
		r = var_set(a->it, l->name, buf, false);
	}
	if (r < 0 && !a->err) {
		a->err = r;
		a->msg[0] = '\0'; /* already reported */
	}
}

static int
digit_value(char c, int base)
{
	int d;
	if (c >= '0' && c <= '9')
		d = c - '0';
	else if (c >= 'a' && c <= 'z')
		d = c - 'a' + 10;
	else if (c >= 'A' && c <= 'Z')
		d = base <= 36 ? c - 'A' + 10 : c - 'A' + 36;
	else if (c == '@')
		d = 62;
	else if (c == '_')
		d = 63;
	else
		return -1;
	return d;
}

static struct lv
p_number(struct ax *a)
{
	struct lv r = { 0 };
	const char *p = a->p;
	int base = 10;
	uint64_t v = 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	} else {
		const char *q = p;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q == '#') {
			long b = strtol(p, NULL, 10);
			if (b < 2 || b > 64) {
				fail(a, "invalid arithmetic base");
				return r;
			}
			base = (int)b;
			p = q + 1;
		}
	}
	const char *start = p;
	while (isalnum((unsigned char)*p) || *p == '@' || *p == '_') {
		int d = digit_value(*p, base);
		if (d < 0 || d >= base) {
			fail(a, "value too great for base");
			return r;
		}
		v = v * (uint64_t)base + (uint64_t)d;
		p++;
	}
	if (p == start && base != 8) {
		fail(a, "invalid number");
		return r;
	}
	a->p = p;
	r.v = (int64_t)v;
	return r;
}

static struct lv
p_primary(struct ax *a)
{
	struct lv r = { 0 };
	skip_ws(a);
	if (a->err)
		return r;
	char c = *a->p;
	if (c == '(') {
		a->p++;
		r = p_comma(a);
		skip_ws(a);
		if (*a->p != ')') {
			fail(a, "missing `)'");
			return r;
		}
		a->p++;
		r.name = NULL;
		return r;
	}
	if (isdigit((unsigned char)c))
		return p_number(a);
	if (isalpha((unsigned char)c) || c == '_') {
		const char *s = a->p;
		while (isalnum((unsigned char)*a->p) || *a->p == '_')
			a->p++;
		r.name = arena_strndup(a->it->tmp, s, (size_t)(a->p - s));
		if (*a->p == '[') {
			const char *q = a->p + 1;
			int depth = 1;
			while (*q && depth) {
				if (*q == '[')
					depth++;
				else if (*q == ']')
					depth--;
				if (depth)
					q++;
			}
			if (!*q) {
				fail(a, "missing `]'");
				return r;
			}
			r.sub = arena_strndup(a->it->tmp, a->p + 1, (size_t)(q - a->p - 1));
			a->p = q + 1;
		}
		if (!a->noeval)
			r.v = var_value(a, r.name, r.sub);
		return r;
	}
	if (c == '\0')
		fail(a, "syntax error: operand expected");
	else
		fail(a, "syntax error: operand expected");
	return r;
}

static struct lv
p_postfix(struct ax *a)
{
	struct lv r = p_primary(a);
	skip_ws(a);
	if ((a->p[0] == '+' && a->p[1] == '+') || (a->p[0] == '-' && a->p[1] == '-')) {
		if (!r.name) {
			/* bash reads "1++" as a syntax error too */
			fail(a, "syntax error: operand expected");
			return r;
		}
		bool inc = a->p[0] == '+';
		a->p += 2;
		assign(a, &r, inc ? wrap_add(r.v, 1) : wrap_sub(r.v, 1));
		r.name = NULL;
	}
	return r;
}

static struct lv
p_unary(struct ax *a)
{
	skip_ws(a);
	char c = *a->p;
	if ((c == '+' || c == '-') && a->p[1] == c) {
		const char *save = a->p;
		a->p += 2;
		skip_ws(a);
		if (isalpha((unsigned char)*a->p) || *a->p == '_') {
			struct lv r = p_postfix(a);
			if (!r.name) {
				fail(a, "syntax error");
				return r;
			}
			r.v = c == '+' ? wrap_add(r.v, 1) : wrap_sub(r.v, 1);
			assign(a, &r, r.v);
			r.name = NULL;
			return r;
		}
		/* "--5" is minus minus five */
		a->p = save;
	}
	if (c == '!' || c == '~' || c == '-' || c == '+') {
		a->p++;
		struct lv z = { 0 };
		if (!nest_in(a))
			return z;
		struct lv r = p_unary(a);
		a->depth--;
		if (c == '!')
			r.v = !r.v;
		else if (c == '~')
			r.v = ~r.v;
		else if (c == '-')
			r.v = wrap_sub(0, r.v);
		r.name = NULL;
		return r;
	}
	return p_postfix(a);
}

static int64_t
ipow(struct ax *a, int64_t b, int64_t e)
{
	if (e < 0) {
		if (!a->noeval)
			fail(a, "exponent less than 0");
		return 0;
	}
	int64_t r = 1;
	while (e) {
		if (e & 1)
			r = wrap_mul(r, b);
		b = wrap_mul(b, b);
		e >>= 1;
	}
	return r;
}

static struct lv
p_pow(struct ax *a)
{
	struct lv l = p_unary(a);
	skip_ws(a);
	if (a->p[0] == '*' && a->p[1] == '*' && a->p[2] != '=') {
		a->p += 2;
		if (!nest_in(a))
			return l;
		struct lv r = p_pow(a); /* right associative */
		a->depth--;
		l.v = ipow(a, l.v, r.v);
		l.name = NULL;
	}
	return l;
}

static int64_t
divmod(struct ax *a, int64_t x, int64_t y, bool mod)
{
	if (y == 0) {
		if (!a->noeval)
			fail(a, "division by 0");
		return 0;
	}
	if (y == -1)
		return mod ? 0 : wrap_sub(0, x);
	return mod ? x % y : x / y;
}

static struct lv
p_mul(struct ax *a)
{
	struct lv l = p_pow(a);
	for (;;) {
		skip_ws(a);
		char c = *a->p;
		if ((c != '*' && c != '/' && c != '%') || a->p[1] == '=' || (c == '*' && a->p[1] == '*'))
			return l;
		a->p++;
		struct lv r = p_pow(a);
		if (c == '*')
			l.v = wrap_mul(l.v, r.v);
		else
			l.v = divmod(a, l.v, r.v, c == '%');
		l.name = NULL;
	}
}

static struct lv
p_add(struct ax *a)
{
	struct lv l = p_mul(a);
	for (;;) {
		skip_ws(a);
		char c = *a->p;
		if ((c != '+' && c != '-') || a->p[1] == '=' || a->p[1] == c)
			return l;
		a->p++;
		struct lv r = p_mul(a);
		l.v = c == '+' ? wrap_add(l.v, r.v) : wrap_sub(l.v, r.v);
		l.name = NULL;
	}
}

static struct lv
p_shift(struct ax *a)
{
	struct lv l = p_add(a);
	for (;;) {
		skip_ws(a);
		if (!((a->p[0] == '<' && a->p[1] == '<') || (a->p[0] == '>' && a->p[1] == '>')) ||
		    a->p[2] == '=')
			return l;
		bool left = a->p[0] == '<';
		a->p += 2;
		struct lv r = p_add(a);
		uint64_t sh = (uint64_t)r.v & 63;
		l.v = left ? (int64_t)((uint64_t)l.v << sh) : l.v >> sh;
		l.name = NULL;
	}
}

static struct lv
p_rel(struct ax *a)
{
	struct lv l = p_shift(a);
	for (;;) {
		skip_ws(a);
		char c = a->p[0];
		if ((c != '<' && c != '>') || a->p[1] == c)
			return l;
		bool eq = a->p[1] == '=';
		a->p += eq ? 2 : 1;
		struct lv r = p_shift(a);
		if (c == '<')
			l.v = eq ? l.v <= r.v : l.v < r.v;
		else
			l.v = eq ? l.v >= r.v : l.v > r.v;
		l.name = NULL;
	}
}

static struct lv
p_eq(struct ax *a)
{
	struct lv l = p_rel(a);
	for (;;) {
		skip_ws(a);
		if (!((a->p[0] == '=' || a->p[0] == '!') && a->p[1] == '='))
			return l;
		bool ne = a->p[0] == '!';
		a->p += 2;
		struct lv r = p_rel(a);
		l.v = ne ? l.v != r.v : l.v == r.v;
		l.name = NULL;
	}
}

static struct lv
p_band(struct ax *a)
{
	struct lv l = p_eq(a);
	for (;;) {
		skip_ws(a);
		if (a->p[0] != '&' || a->p[1] == '&' || a->p[1] == '=')
			return l;
		a->p++;
		struct lv r = p_eq(a);
		l.v &= r.v;
		l.name = NULL;
	}
}

static struct lv
p_bxor(struct ax *a)
{
	struct lv l = p_band(a);
	for (;;) {
		skip_ws(a);
		if (a->p[0] != '^' || a->p[1] == '=')
			return l;
		a->p++;
		struct lv r = p_band(a);
		l.v ^= r.v;
		l.name = NULL;
	}
}

static struct lv
p_bor(struct ax *a)
{
	struct lv l = p_bxor(a);
	for (;;) {
		skip_ws(a);
		if (a->p[0] != '|' || a->p[1] == '|' || a->p[1] == '=')
			return l;
		a->p++;
		struct lv r = p_bxor(a);
		l.v |= r.v;
		l.name = NULL;
	}
}

static struct lv
p_land(struct ax *a)
{
	struct lv l = p_bor(a);
	for (;;) {
		skip_ws(a);
		if (!(a->p[0] == '&' && a->p[1] == '&'))
			return l;
		a->p += 2;
		bool skip = !l.v;
		if (skip)
			a->noeval++;
		struct lv r = p_bor(a);
		if (skip)
			a->noeval--;
		l.v = !skip && r.v;
		l.name = NULL;
	}
}

static struct lv
p_lor(struct ax *a)
{
	struct lv l = p_land(a);
	for (;;) {
		skip_ws(a);
		if (!(a->p[0] == '|' && a->p[1] == '|'))
			return l;
		a->p += 2;
		bool skip = l.v != 0;
		if (skip)
			a->noeval++;
		struct lv r = p_land(a);
		if (skip)
			a->noeval--;
		l.v = skip || r.v;
		l.name = NULL;
	}
}

static struct lv
p_cond(struct ax *a)
{
	struct lv c = p_lor(a);
	skip_ws(a);
	if (*a->p != '?')
		return c;
	a->p++;
	if (!c.v)
		a->noeval++;
	struct lv t = p_comma(a);
	if (!c.v)
		a->noeval--;
	skip_ws(a);
	if (*a->p != ':') {
		fail(a, "`:' expected for conditional expression");
		return c;
	}
	a->p++;
	if (c.v)
		a->noeval++;
	struct lv f = { 0 };
	if (nest_in(a)) {
		f = p_cond(a);
		a->depth--;
	}
	if (c.v)
		a->noeval--;
	struct lv r = { .v = c.v ? t.v : f.v };
	return r;
}

/* NAME or NAME[sub] followed by an assignment operator: the target is not
 * evaluated for a plain '=' (x='junk'; (( x = 1 )) works in bash). */
static bool
plain_assignment_ahead(struct ax *a, struct lv *ret)
{
	const char *p = a->p;
	if (!(isalpha((unsigned char)*p) || *p == '_'))
		return false;
	const char *s = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	size_t nl = (size_t)(p - s);
	const char *sub = NULL;
	size_t subl = 0;
	if (*p == '[') {
		int depth = 1;
		const char *q = p + 1;
		while (*q && depth) {
			if (*q == '[')
				depth++;
			else if (*q == ']')
				depth--;
			if (depth)
				q++;
		}
		if (!*q)
			return false;
		sub = p + 1;
		subl = (size_t)(q - p - 1);
		p = q + 1;
	}
	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	if (p[0] != '=' || p[1] == '=')
		return false;
	ret->name = arena_strndup(a->it->tmp, s, nl);
	ret->sub = sub ? arena_strndup(a->it->tmp, sub, subl) : NULL;
	ret->v = 0;
	a->p = p + 1;
	return ret->name != NULL;
}

static struct lv
p_assign(struct ax *a)
{
	const char *save = a->p;
	skip_ws(a);
	struct lv target;
	if (plain_assignment_ahead(a, &target)) {
		if (!nest_in(a))
			return target;
		struct lv r = p_assign(a);
		a->depth--;
		assign(a, &target, r.v);
		struct lv res = { .v = r.v };
		return res;
	}
	struct lv l = p_cond(a);
	skip_ws(a);
	const char *p = a->p;
	static const char *const ops[] = { "<<=", ">>=", "*=", "/=", "%=", "+=", "-=",
					   "&=", "^=", "|=", "=" };
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		size_t n = strlen(ops[i]);
		if (strncmp(p, ops[i], n) != 0)
			continue;
		if (n == 1 && p[1] == '=')
			break; /* == */
		if (!l.name) {
			(void)save;
			fail(a, "attempted assignment to non-variable");
			return l;
		}
		a->p += n;
		if (!nest_in(a))
			return l;
		struct lv r = p_assign(a);
		a->depth--;
		int64_t v = r.v;
		switch (ops[i][0]) {
		case '<': v = (int64_t)((uint64_t)l.v << ((uint64_t)r.v & 63)); break;
		case '>': v = l.v >> ((uint64_t)r.v & 63); break;
		case '*': v = wrap_mul(l.v, r.v); break;
		case '/': v = divmod(a, l.v, r.v, false); break;
		case '%': v = divmod(a, l.v, r.v, true); break;
		case '+': v = wrap_add(l.v, r.v); break;
		case '-': v = wrap_sub(l.v, r.v); break;
		case '&': v = l.v & r.v; break;
		case '^': v = l.v ^ r.v; break;
		case '|': v = l.v | r.v; break;
		default: break;
		}
		assign(a, &l, v);
		struct lv res = { .v = v };
		return res;
	}
	return l;
}

static struct lv
p_comma(struct ax *a)
{
	struct lv z = { 0 };
	if (!nest_in(a))
		return z;
	struct lv l = p_assign(a);
	for (;;) {
		skip_ws(a);
		if (*a->p != ',')
			break;
		a->p++;
		l = p_assign(a);
		l.name = NULL;
	}
	a->depth--;
	return l;
}

static int64_t
eval_with_depth(struct ax *parent, const char *expr, unsigned depth)
{
	if (depth > IT_MAX_ARITH_DEPTH) {
		fail(parent, "expression recursion level exceeded");
		return 0;
	}
	struct ax a = { .it = parent->it, .s = expr, .p = expr, .depth = parent->depth + 1,
			.noeval = parent->noeval };
	(void)depth;
	skip_ws(&a);
	int64_t v = 0;
	if (*a.p) {
		struct lv r = p_comma(&a);
		v = r.v;
		skip_ws(&a);
		if (!a.err && *a.p)
			fail(&a, "syntax error in expression");
	}
	if (a.err) {
		parent->err = a.err;
		memcpy(parent->msg, a.msg, sizeof(a.msg));
		if (!parent->msg[0] && a.err)
			parent->msg[0] = '\0';
	}
	return v;
}

int
arith_eval(struct interp *it, const char *expr, int64_t *ret)
{
	struct ax a = { .it = it, .s = expr, .p = expr };
	skip_ws(&a);
	int64_t v = 0;
	if (*a.p) {
		struct lv r = p_comma(&a);
		v = r.v;
		skip_ws(&a);
		if (!a.err && *a.p)
			fail(&a, "syntax error in expression");
	}
	if (a.err) {
		if (a.msg[0])
			it_err(it, "%s: %s (error token is \"%s\")", expr, a.msg, a.p);
		return a.err;
	}
	*ret = v;
	return 0;
}
