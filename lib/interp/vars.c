/* SPDX-License-Identifier: MIT */
/*
 * Variable storage: scalars, sparse indexed arrays (sorted by index) and
 * associative arrays (kept in insertion order), with attributes and the
 * dynamic scoping of `local` (a local hides the visible variable until the
 * function that declared it returns).
 */
#include "internal.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static uint64_t
hash_name(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

void
vt_init(struct vartab *t)
{
	t->cap = 256;
	t->n = 0;
	t->slot = calloc(t->cap, sizeof(*t->slot));
	if (!t->slot)
		abort();
}

void
var_clear_array(struct var *v)
{
	for (size_t i = 0; i < v->arr.n; i++) {
		free(v->arr.e[i].key);
		free(v->arr.e[i].val);
	}
	free(v->arr.e);
	v->arr.e = NULL;
	v->arr.n = v->arr.cap = 0;
}

void
var_free(struct var *v)
{
	while (v) {
		struct var *s = v->shadow;
		free(v->name);
		free(v->val);
		var_clear_array(v);
		free(v);
		v = s;
	}
}

void
vt_done(struct vartab *t)
{
	for (size_t i = 0; i < t->cap; i++)
		var_free(t->slot[i]);
	free(t->slot);
	t->slot = NULL;
}

static size_t
vt_find_slot(const struct vartab *t, const char *name)
{
	size_t i = hash_name(name) & (t->cap - 1);
	while (t->slot[i] && strcmp(t->slot[i]->name, name) != 0)
		i = (i + 1) & (t->cap - 1);
	return i;
}

static void
vt_grow(struct vartab *t)
{
	struct vartab n = { .cap = t->cap * 2 };
	n.slot = calloc(n.cap, sizeof(*n.slot));
	if (!n.slot)
		abort();
	for (size_t i = 0; i < t->cap; i++)
		if (t->slot[i])
			n.slot[vt_find_slot(&n, t->slot[i]->name)] = t->slot[i];
	n.n = t->n;
	free(t->slot);
	*t = n;
}

/* Table entries are never deleted (an unset variable stays as an empty
 * placeholder without V_SET) so that open addressing needs no tombstones. */
struct var *
var_lookup(struct interp *it, const char *name)
{
	struct var *v = it->vars.slot[vt_find_slot(&it->vars, name)];
	return v;
}

static struct var *
var_new(const char *name, unsigned scope)
{
	struct var *v = xmalloc(sizeof(*v));
	memset(v, 0, sizeof(*v));
	v->name = xstrdup(name);
	v->scope = scope;
	return v;
}

struct var *
var_declare(struct interp *it, const char *name, bool local)
{
	struct vartab *t = &it->vars;
	size_t i = vt_find_slot(t, name);
	struct var *v = t->slot[i];
	unsigned scope = local ? it->func_depth : 0;
	if (v && (!local || v->scope == scope))
		return v;
	if (!v && (t->n + 1) * 2 > t->cap) {
		vt_grow(t);
		i = vt_find_slot(t, name);
	}
	struct var *n = var_new(name, scope);
	if (v) {
		/* A local inherits nothing but the export attribute's absence;
		 * bash starts it unset. */
		n->shadow = v;
	} else {
		t->n++;
	}
	t->slot[i] = n;
	return n;
}

void
scope_push(struct interp *it)
{
	it->func_depth++;
}

void
scope_pop(struct interp *it)
{
	unsigned d = it->func_depth;
	for (size_t i = 0; i < it->vars.cap; i++) {
		struct var *v = it->vars.slot[i];
		while (v && v->scope >= d && v->scope > 0 && v->shadow) {
			struct var *s = v->shadow;
			v->shadow = NULL;
			var_free(v);
			v = s;
		}
		if (v && v->scope >= d && v->scope > 0) {
			/* no shadowed variable: becomes an unset global placeholder */
			free(v->val);
			v->val = NULL;
			var_clear_array(v);
			v->flags = 0;
			v->scope = 0;
		}
		it->vars.slot[i] = v;
	}
	it->func_depth--;
}

static int
arr_find_idx(const struct var *v, int64_t idx, bool *found)
{
	size_t lo = 0, hi = v->arr.n;
	if (hi && v->arr.e[hi - 1].idx < idx) {
		*found = false;
		return (int)hi;
	}
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (v->arr.e[mid].idx < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < v->arr.n && v->arr.e[lo].idx == idx;
	return (int)lo;
}

static void
arr_reserve(struct var *v)
{
	if (v->arr.n + 1 > v->arr.cap) {
		size_t nc = v->arr.cap ? v->arr.cap * 2 : 8;
		struct arr_ent *e = realloc(v->arr.e, nc * sizeof(*e));
		if (!e)
			abort();
		v->arr.e = e;
		v->arr.cap = nc;
	}
}

const char *
arr_get(const struct var *v, const char *key, int64_t idx)
{
	if (v->flags & V_ASSOC) {
		for (size_t i = 0; i < v->arr.n; i++)
			if (strcmp(v->arr.e[i].key, key) == 0)
				return v->arr.e[i].val;
		return NULL;
	}
	bool found;
	int i = arr_find_idx(v, idx, &found);
	return found ? v->arr.e[i].val : NULL;
}

int
arr_set_idx(struct var *v, int64_t idx, const char *val)
{
	bool found;
	size_t i = (size_t)arr_find_idx(v, idx, &found);
	if (found) {
		char *n = xstrdup(val);
		free(v->arr.e[i].val);
		v->arr.e[i].val = n;
		return 0;
	}
	arr_reserve(v);
	memmove(&v->arr.e[i + 1], &v->arr.e[i], (v->arr.n - i) * sizeof(v->arr.e[0]));
	v->arr.e[i] = (struct arr_ent){ .idx = idx, .val = xstrdup(val) };
	v->arr.n++;
	return 0;
}

int
arr_set_key(struct var *v, const char *key, const char *val)
{
	for (size_t i = 0; i < v->arr.n; i++)
		if (strcmp(v->arr.e[i].key, key) == 0) {
			char *n = xstrdup(val);
			free(v->arr.e[i].val);
			v->arr.e[i].val = n;
			return 0;
		}
	arr_reserve(v);
	v->arr.e[v->arr.n++] = (struct arr_ent){ .key = xstrdup(key), .val = xstrdup(val) };
	return 0;
}

int64_t
arr_max_idx(const struct var *v)
{
	return v->arr.n ? v->arr.e[v->arr.n - 1].idx : -1;
}

int
var_make_array(struct var *v, bool assoc)
{
	if (assoc) {
		if (v->flags & V_ARRAY)
			return -EINVAL;
		if (!(v->flags & V_ASSOC)) {
			var_clear_array(v);
			free(v->val);
			v->val = NULL;
			v->flags = (v->flags & ~V_SET) | V_ASSOC;
		}
		return 0;
	}
	if (v->flags & V_ASSOC)
		return -EINVAL;
	if (!(v->flags & V_ARRAY)) {
		v->flags |= V_ARRAY;
		if (v->val && (v->flags & V_SET)) {
			arr_set_idx(v, 0, v->val);
		}
		free(v->val);
		v->val = NULL;
	}
	return 0;
}

static char *
transform_value(struct interp *it, struct var *v, const char *val, int *err)
{
	*err = 0;
	if (v->flags & V_INTEGER) {
		int64_t n;
		int r = arith_eval(it, val, &n);
		if (r < 0) {
			*err = r;
			return NULL;
		}
		char buf[32];
		snprintf(buf, sizeof(buf), "%" PRId64, n);
		return xstrdup(buf);
	}
	char *s = xstrdup(val);
	if (v->flags & V_LOWER)
		for (char *p = s; *p; p++)
			*p = (char)tolower((unsigned char)*p);
	if (v->flags & V_UPPER)
		for (char *p = s; *p; p++)
			*p = (char)toupper((unsigned char)*p);
	return s;
}

static int
check_readonly(struct interp *it, struct var *v)
{
	if (v->flags & V_READONLY) {
		it_err(it, "%s: readonly variable", v->name);
		return -EPERM;
	}
	return 0;
}

/* Combine old and new for +=: integers add, strings append. */
static char *
append_value(struct interp *it, struct var *v, const char *old, const char *val)
{
	if (v->flags & V_INTEGER) {
		struct sbuf b;
		sb_init(&b, it->tmp);
		if (sb_printf(&b, "(%s)+(%s)", old && *old ? old : "0", val) < 0)
			return NULL;
		return b.d;
	}
	size_t lo = old ? strlen(old) : 0, ln = strlen(val);
	char *s = arena_alloc(it->tmp, lo + ln + 1);
	if (!s)
		return NULL;
	if (lo)
		memcpy(s, old, lo);
	memcpy(s + lo, val, ln + 1);
	return s;
}

int
var_assign_value(struct interp *it, struct var *v, const char *val, bool append)
{
	int r = check_readonly(it, v);
	if (r < 0)
		return r;
	if (v->flags & (V_ARRAY | V_ASSOC)) {
		const char *old = arr_get(v, "0", 0);
		if (append) {
			val = append_value(it, v, old, val);
			if (!val)
				return -ENOMEM;
		}
		char *s = transform_value(it, v, val, &r);
		if (!s)
			return r;
		if (v->flags & V_ASSOC)
			arr_set_key(v, "0", s);
		else
			arr_set_idx(v, 0, s);
		free(s);
		v->flags |= V_SET;
		return 0;
	}
	if (append && (v->flags & V_SET) && v->val &&
	    !(v->flags & (V_INTEGER | V_LOWER | V_UPPER))) {
		/* s+=x in a loop: grow in place rather than copy twice */
		size_t lo = strlen(v->val), ln = strlen(val);
		if (lo + ln > IT_MAX_VALUE)
			return -E2BIG;
		char *n = realloc(v->val, lo + ln + 1);
		if (!n)
			return -ENOMEM;
		memcpy(n + lo, val, ln + 1);
		v->val = n;
		if (it->o.allexport)
			v->flags |= V_EXPORT;
		return 0;
	}
	if (append && (v->flags & V_SET)) {
		val = append_value(it, v, v->val, val);
		if (!val)
			return -ENOMEM;
	}
	char *s = transform_value(it, v, val, &r);
	if (!s)
		return r;
	free(v->val);
	v->val = s;
	v->flags |= V_SET;
	if (it->o.allexport)
		v->flags |= V_EXPORT;
	return 0;
}

int
var_set(struct interp *it, const char *name, const char *val, bool append)
{
	struct var *v = var_declare(it, name, false);
	return var_assign_value(it, v, val, append);
}

int
var_set_flags(struct interp *it, const char *name, const char *val, unsigned flags)
{
	struct var *v = var_declare(it, name, false);
	int r = var_assign_value(it, v, val, false);
	if (r < 0)
		return r;
	v->flags |= flags;
	return 0;
}

int
var_unset(struct interp *it, const char *name)
{
	size_t slot = vt_find_slot(&it->vars, name);
	struct var *v = it->vars.slot[slot];
	if (!v)
		return 0;
	int r = check_readonly(it, v);
	if (r < 0)
		return r;
	if (v->scope > 0 && v->scope != it->func_depth && v->shadow) {
		/* unsetting a caller's local uncovers the variable it hid */
		it->vars.slot[slot] = v->shadow;
		v->shadow = NULL;
		var_free(v);
		return 0;
	}
	free(v->val);
	v->val = NULL;
	var_clear_array(v);
	/* A local stays local (and unset) until its function returns. */
	v->flags = 0;
	return 0;
}

int
var_set_elem(struct interp *it, const char *name, const char *key, const char *val, bool append)
{
	struct var *v = var_declare(it, name, false);
	int r = check_readonly(it, v);
	if (r < 0)
		return r;
	if (!(v->flags & V_ASSOC)) {
		r = var_make_array(v, false);
		if (r < 0)
			return r;
	}
	if (v->flags & V_ASSOC) {
		const char *old = arr_get(v, key, 0);
		if (append) {
			val = append_value(it, v, old, val);
			if (!val)
				return -ENOMEM;
		}
		char *s = transform_value(it, v, val, &r);
		if (!s)
			return r;
		arr_set_key(v, key, s);
		free(s);
		v->flags |= V_SET;
		return 0;
	}
	int64_t idx;
	r = arith_eval(it, key, &idx);
	if (r < 0)
		return r;
	if (idx < 0) {
		idx += arr_max_idx(v) + 1;
		if (idx < 0) {
			it_err(it, "%s[%s]: bad array subscript", name, key);
			return -EINVAL;
		}
	}
	const char *old = arr_get(v, NULL, idx);
	if (append) {
		val = append_value(it, v, old, val);
		if (!val)
			return -ENOMEM;
	}
	char *s = transform_value(it, v, val, &r);
	if (!s)
		return r;
	arr_set_idx(v, idx, s);
	free(s);
	v->flags |= V_SET;
	return 0;
}

int
var_unset_elem(struct interp *it, const char *name, const char *key)
{
	struct var *v = var_lookup(it, name);
	if (!v || !(v->flags & V_SET))
		return 0;
	int r = check_readonly(it, v);
	if (r < 0)
		return r;
	if (!(v->flags & (V_ARRAY | V_ASSOC))) {
		int64_t idx;
		r = arith_eval(it, key, &idx);
		if (r < 0)
			return r;
		if (idx == 0 || idx == -1)
			return var_unset(it, name);
		return 0;
	}
	size_t i;
	if (v->flags & V_ASSOC) {
		for (i = 0; i < v->arr.n; i++)
			if (strcmp(v->arr.e[i].key, key) == 0)
				break;
	} else {
		int64_t idx;
		r = arith_eval(it, key, &idx);
		if (r < 0)
			return r;
		if (idx < 0)
			idx += arr_max_idx(v) + 1;
		bool found;
		i = (size_t)arr_find_idx(v, idx, &found);
		if (!found)
			return 0;
	}
	if (i >= v->arr.n)
		return 0;
	free(v->arr.e[i].key);
	free(v->arr.e[i].val);
	memmove(&v->arr.e[i], &v->arr.e[i + 1], (v->arr.n - i - 1) * sizeof(v->arr.e[0]));
	v->arr.n--;
	return 0;
}

const char *
var_get(struct interp *it, const char *name)
{
	switch (name[0]) {
	case 'R':
		if (strcmp(name, "RANDOM") == 0) {
			/* xorshift; bash's sequence is not reproduced */
			uint64_t x = it->random_state;
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			it->random_state = x;
			return arena_printf(it->tmp, "%u", (unsigned)(x % 32768));
		}
		break;
	case 'S':
		if (strcmp(name, "SRANDOM") == 0) {
			uint32_t v = 0;
			if (getentropy(&v, sizeof(v)) < 0)
				v = (uint32_t)(it->random_state >> 17);
			return arena_printf(it->tmp, "%u", v);
		}
		if (strcmp(name, "SECONDS") == 0) {
			struct timespec ts;
			clock_gettime(CLOCK_MONOTONIC, &ts);
			return arena_printf(it->tmp, "%" PRId64, (int64_t)ts.tv_sec - it->seconds_base);
		}
		break;
	case 'B':
		if (strcmp(name, "BASHPID") == 0)
			return arena_printf(it->tmp, "%d", (int)getpid());
		break;
	case 'E':
		if (strcmp(name, "EPOCHSECONDS") == 0 || strcmp(name, "EPOCHREALTIME") == 0) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			if (name[5] == 'S')
				return arena_printf(it->tmp, "%" PRId64, (int64_t)ts.tv_sec);
			return arena_printf(it->tmp, "%" PRId64 ".%06ld", (int64_t)ts.tv_sec,
					    ts.tv_nsec / 1000);
		}
		break;
	case 'L':
		if (strcmp(name, "LINENO") == 0)
			return arena_printf(it->tmp, "%u", (unsigned)it->lineno);
		break;
	default:
		break;
	}
	struct var *v = var_lookup(it, name);
	if (!v || !(v->flags & V_SET))
		return NULL;
	if (v->flags & V_ASSOC)
		return arr_get(v, "0", 0);
	if (v->flags & V_ARRAY)
		return arr_get(v, NULL, 0);
	return v->val;
}

char **
env_build(struct interp *it, char **extra, size_t n_extra)
{
	struct svec e;
	sv_init(&e, it->tmp);
	for (size_t i = 0; i < n_extra; i++)
		if (sv_push(&e, extra[i]) < 0)
			return NULL;
	for (size_t i = 0; i < it->vars.cap; i++) {
		struct var *v = it->vars.slot[i];
		if (!v || !(v->flags & V_EXPORT) || !(v->flags & V_SET) ||
		    (v->flags & (V_ARRAY | V_ASSOC)))
			continue;
		size_t nl = strlen(v->name);
		bool overridden = false;
		for (size_t j = 0; j < n_extra; j++)
			if (strncmp(extra[j], v->name, nl) == 0 && extra[j][nl] == '=')
				overridden = true;
		if (overridden)
			continue;
		char *s = arena_printf(it->tmp, "%s=%s", v->name, v->val);
		if (!s || sv_push(&e, s) < 0)
			return NULL;
	}
	if (!e.v && sv_push(&e, NULL) < 0)
		return NULL;
	if (e.n == 1 && e.v[0] == NULL)
		e.n = 0;
	return e.v;
}
