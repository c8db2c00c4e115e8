/* SPDX-License-Identifier: MIT */
/*
 * Pattern matching with bash's rules: * ? [...] (with ! or ^ negation,
 * ranges and [:class:]), backslash quoting, and the extglob operators
 * @( ) ?( ) *( ) +( ) !( ). libc fnmatch is not used: its extglob and
 * bracket corner cases differ from bash's. Quoted characters reach here
 * backslash-escaped, so they always match themselves.
 *
 * Pathname expansion walks the directories itself (bash 5.2 behaviour:
 * never . or .., hidden names only with a literal leading dot or dotglob,
 * ** recursing with globstar) and sorts in byte order.
 */
#include "internal.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define PM_MAX_STEPS 2000000u
#define PM_MAX_DEPTH 2000u /* recursion (stars, groups) */

struct pm {
	int flags;
	unsigned long steps;
	unsigned depth;
};

static bool match_range(struct pm *m, const char *p, const char *pe, const char *s, const char *se);

static bool
is_extop(char c)
{
	return c == '@' || c == '*' || c == '+' || c == '?' || c == '!';
}

/* p points at '('; return the matching ')' or NULL. */
static const char *
paren_end(const char *p, const char *pe)
{
	int depth = 0;
	for (; p < pe; p++) {
		if (*p == '\\' && p + 1 < pe) {
			p++;
			continue;
		}
		if (*p == '[') {
			/* skip bracket expressions so ')' inside is literal */
			const char *q = p + 1;
			if (q < pe && (*q == '!' || *q == '^'))
				q++;
			if (q < pe && *q == ']')
				q++;
			while (q < pe && *q != ']')
				q++;
			if (q < pe)
				p = q;
			continue;
		}
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p;
	}
	return NULL;
}

static char
fold(const struct pm *m, char c)
{
	return (m->flags & PM_NOCASE) ? (char)tolower((unsigned char)c) : c;
}

static bool
class_match(const char *name, size_t n, unsigned char c)
{
#define CL(s, f) if (n == sizeof(s) - 1 && memcmp(name, s, n) == 0) return f(c) != 0
	CL("alpha", isalpha);
	CL("digit", isdigit);
	CL("alnum", isalnum);
	CL("upper", isupper);
	CL("lower", islower);
	CL("space", isspace);
	CL("blank", isblank);
	CL("punct", ispunct);
	CL("print", isprint);
	CL("graph", isgraph);
	CL("cntrl", iscntrl);
	CL("xdigit", isxdigit);
#undef CL
	if (n == 4 && memcmp(name, "word", 4) == 0)
		return isalnum(c) || c == '_';
	return false;
}

/* Bracket expression at p ('['). Returns the end (after ']') or NULL if
 * this '[' does not start a valid bracket expression (then it is literal). */
static const char *
bracket(const struct pm *m, const char *p, const char *pe, char c, bool *matched)
{
	const char *q = p + 1;
	bool neg = false, ok = false;
	if (q < pe && (*q == '!' || *q == '^')) {
		neg = true;
		q++;
	}
	bool first = true;
	char fc = fold(m, c);
	while (q < pe && (*q != ']' || first)) {
		first = false;
		if (*q == '[' && q + 1 < pe && q[1] == ':') {
			const char *e = q + 2;
			while (e + 1 < pe && !(e[0] == ':' && e[1] == ']'))
				e++;
			if (e + 1 < pe) {
				if (class_match(q + 2, (size_t)(e - q - 2), (unsigned char)c))
					ok = true;
				else if ((m->flags & PM_NOCASE) &&
					 class_match(q + 2, (size_t)(e - q - 2),
						     (unsigned char)toupper((unsigned char)c)))
					ok = true;
				q = e + 2;
				continue;
			}
		}
		char lo = *q;
		if (lo == '\\' && q + 1 < pe)
			lo = *++q;
		q++;
		char hi = lo;
		if (q + 1 < pe && *q == '-' && q[1] != ']') {
			hi = q[1];
			q += 2;
			if (hi == '\\' && q < pe)
				hi = *q++;
		}
		if ((unsigned char)fold(m, lo) <= (unsigned char)fc &&
		    (unsigned char)fc <= (unsigned char)fold(m, hi))
			ok = true;
		else if ((unsigned char)lo <= (unsigned char)c && (unsigned char)c <= (unsigned char)hi)
			ok = true;
	}
	if (q >= pe)
		return NULL;
	*matched = ok != neg;
	return q + 1;
}

/* Does s[0..se) match any '|' alternative of the group p[0..pe)? */
static bool
match_alts(struct pm *m, const char *p, const char *pe, const char *s, const char *se)
{
	const char *start = p;
	int depth = 0;
	for (const char *q = p; q <= pe; q++) {
		if (q < pe && *q == '\\') {
			q++;
			continue;
		}
		if (q < pe && *q == '(')
			depth++;
		else if (q < pe && *q == ')')
			depth--;
		if (q == pe || (*q == '|' && depth == 0)) {
			if (match_range(m, start, q, s, se))
				return true;
			start = q + 1;
		}
	}
	return false;
}

/* *(alts) / +(alts): one or more repetitions of alternatives, then the rest. */
static bool
match_star(struct pm *m, const char *ap, const char *ape, const char *rest, const char *pe,
	   const char *s, const char *se)
{
	if (match_range(m, rest, pe, s, se))
		return true;
	for (const char *k = s + 1; k <= se; k++)
		if (match_alts(m, ap, ape, s, k) && match_star(m, ap, ape, rest, pe, k, se))
			return true;
	return false;
}

static bool match_inner(struct pm *m, const char *p, const char *pe, const char *s,
			const char *se);

/* Past the step or depth limit a match fails: the limits keep a hostile
 * pattern from hanging the run or overflowing the stack. */
static bool
match_range(struct pm *m, const char *p, const char *pe, const char *s, const char *se)
{
	if (m->depth >= PM_MAX_DEPTH)
		return false;
	m->depth++;
	bool r = match_inner(m, p, pe, s, se);
	m->depth--;
	return r;
}

static bool
match_inner(struct pm *m, const char *p, const char *pe, const char *s, const char *se)
{
	while (p < pe) {
		if (++m->steps > PM_MAX_STEPS)
			return false;
		char c = *p;
		if ((m->flags & PM_EXTGLOB) && is_extop(c) && p + 1 < pe && p[1] == '(') {
			const char *close = paren_end(p + 1, pe);
			if (close) {
				const char *ap = p + 2, *ape = close, *rest = close + 1;
				switch (c) {
				case '@':
					for (const char *k = s; k <= se; k++)
						if (match_alts(m, ap, ape, s, k) &&
						    match_range(m, rest, pe, k, se))
							return true;
					return false;
				case '?':
					if (match_range(m, rest, pe, s, se))
						return true;
					for (const char *k = s; k <= se; k++)
						if (match_alts(m, ap, ape, s, k) &&
						    match_range(m, rest, pe, k, se))
							return true;
					return false;
				case '*':
					return match_star(m, ap, ape, rest, pe, s, se);
				case '+':
					for (const char *k = s + 1; k <= se; k++)
						if (match_alts(m, ap, ape, s, k) &&
						    match_star(m, ap, ape, rest, pe, k, se))
							return true;
					/* an empty alternative can match nothing */
					return match_alts(m, ap, ape, s, s) &&
					       match_range(m, rest, pe, s, se);
				case '!':
					for (const char *k = s; k <= se; k++)
						if (!match_alts(m, ap, ape, s, k) &&
						    match_range(m, rest, pe, k, se))
							return true;
					return false;
				default:
					break;
				}
			}
		}
		switch (c) {
		case '*':
			/* a run of stars is one star; stop before a *( ) group */
			while (p < pe && *p == '*' &&
			       !((m->flags & PM_EXTGLOB) && p + 1 < pe && p[1] == '(' &&
				 paren_end(p + 1, pe)))
				p++;
			if (p == pe)
				return true;
			for (const char *k = s; k <= se; k++)
				if (match_range(m, p, pe, k, se))
					return true;
			return false;
		case '?':
			if (s >= se)
				return false;
			p++;
			s++;
			continue;
		case '[': {
			if (s >= se)
				return false;
			bool ok = false;
			const char *e = bracket(m, p, pe, *s, &ok);
			if (e) {
				if (!ok)
					return false;
				p = e;
				s++;
				continue;
			}
			break; /* literal '[' */
		}
		case '\\':
			if (p + 1 < pe) {
				p++;
				c = *p;
			}
			break;
		default:
			break;
		}
		if (s >= se || fold(m, *s) != fold(m, c))
			return false;
		p++;
		s++;
	}
	return s == se;
}

bool
pat_match(const char *p, const char *s, size_t slen, int flags)
{
	struct pm m = { .flags = flags };
	return match_range(&m, p, p + strlen(p), s, s + slen);
}

bool
pat_has_glob(const char *p, bool extglob)
{
	for (; *p; p++) {
		if (*p == '\\') {
			if (p[1])
				p++;
			continue;
		}
		if (*p == '*' || *p == '?' || *p == '[')
			return true;
		if (extglob && is_extop(*p) && p[1] == '(')
			return true;
	}
	return false;
}

char *
pat_unescape(struct arena *a, const char *p)
{
	size_t n = strlen(p);
	char *r = arena_alloc(a, n + 1);
	if (!r)
		return NULL;
	char *o = r;
	for (; *p; p++) {
		if (*p == '\\' && p[1])
			p++;
		*o++ = *p;
	}
	*o = '\0';
	return r;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct gx {
	struct interp *it;
	struct svec *out;
	int flags;
	unsigned long n;
	unsigned depth; /* path segments so far: no path is longer than PATH_MAX */
};

static int glob_rec(struct gx *g, const char *prefix, const char *rest);

/* Join prefix and name with a '/' where needed. */
static char *
join(struct gx *g, const char *prefix, const char *name)
{
	if (!*prefix)
		return arena_strdup(g->it->tmp, name);
	size_t pl = strlen(prefix);
	if (prefix[pl - 1] == '/')
		return arena_printf(g->it->tmp, "%s%s", prefix, name);
	return arena_printf(g->it->tmp, "%s/%s", prefix, name);
}

static int
globstar_rec(struct gx *g, const char *prefix, const char *rest, unsigned depth)
{
	/* ** matches zero directories ... */
	int r = glob_rec(g, prefix, rest);
	if (r < 0 || depth > 64)
		return r;
	DIR *d = opendir(*prefix ? prefix : ".");
	if (!d)
		return 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' && (!(g->flags & PM_DOTGLOB) || !strcmp(de->d_name, ".") ||
					     !strcmp(de->d_name, "..")))
			continue;
		char *path = join(g, prefix, de->d_name);
		struct stat st;
		if (!path || lstat(path, &st) < 0 || !S_ISDIR(st.st_mode))
			continue;
		/* ... or any number of them */
		r = globstar_rec(g, path, rest, depth + 1);
		if (r < 0)
			break;
	}
	closedir(d);
	return r;
}

static int glob_segments(struct gx *g, const char *prefix, const char *rest);

static int
glob_rec(struct gx *g, const char *prefix, const char *rest)
{
	if (g->depth >= 2048)
		return 0;
	g->depth++;
	int r = glob_segments(g, prefix, rest);
	g->depth--;
	return r;
}

static int
glob_segments(struct gx *g, const char *prefix, const char *rest)
{
	if (++g->n > 1000000)
		return -E2BIG;
	while (*rest == '/')
		rest++;
	if (!*rest) {
		struct stat st;
		if (!*prefix || lstat(prefix, &st) < 0)
			return 0;
		char *s = arena_strdup(g->it->tmp, prefix);
		return s ? sv_push(g->out, s) : -ENOMEM;
	}
	const char *slash = strchr(rest, '/');
	size_t seglen = slash ? (size_t)(slash - rest) : strlen(rest);
	char *seg = arena_strndup(g->it->tmp, rest, seglen);
	const char *next = rest + seglen;
	if (!seg)
		return -ENOMEM;
	bool trailing_slash = slash != NULL;
	if (!pat_has_glob(seg, g->flags & PM_EXTGLOB)) {
		char *lit = pat_unescape(g->it->tmp, seg);
		char *np = join(g, prefix, lit);
		if (!np)
			return -ENOMEM;
		if (trailing_slash && !next[1] && next[0] == '/') {
			/* pattern ends in '/': keep it */
			struct stat st;
			if (lstat(np, &st) == 0 && S_ISDIR(st.st_mode)) {
				char *s = arena_printf(g->it->tmp, "%s/", np);
				return s ? sv_push(g->out, s) : -ENOMEM;
			}
			return 0;
		}
		return glob_rec(g, np, next);
	}
	if (g->it->o.globstar && strcmp(seg, "**") == 0)
		return globstar_rec(g, prefix, next, 0);
	DIR *d = opendir(*prefix ? prefix : ".");
	if (!d)
		return 0;
	bool dot_ok = seg[0] == '.' || (seg[0] == '\\' && seg[1] == '.') || (g->flags & PM_DOTGLOB);
	size_t start = g->out->n;
	int r = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (de->d_name[0] == '.' && !dot_ok)
			continue;
		if (!pat_match(seg, de->d_name, strlen(de->d_name), g->flags))
			continue;
		char *np = join(g, prefix, de->d_name);
		if (!np) {
			r = -ENOMEM;
			break;
		}
		if (!*next) {
			r = sv_push(g->out, np);
		} else if (next[0] == '/' && !next[strspn(next, "/")]) {
			struct stat st;
			if (stat(np, &st) == 0 && S_ISDIR(st.st_mode)) {
				char *s = arena_printf(g->it->tmp, "%s/", np);
				r = s ? sv_push(g->out, s) : -ENOMEM;
			}
		} else {
			struct stat st;
			if (stat(np, &st) == 0 && S_ISDIR(st.st_mode))
				r = glob_rec(g, np, next);
		}
		if (r < 0)
			break;
	}
	closedir(d);
	(void)start;
	return r;
}

int
glob_expand(struct interp *it, const char *pat, struct svec *out)
{
	struct gx g = { .it = it, .out = out };
	g.flags = (it->o.extglob ? PM_EXTGLOB : 0) | (it->o.nocaseglob ? PM_NOCASE : 0) |
		  (it->o.dotglob ? PM_DOTGLOB : 0);
	size_t start = out->n;
	int r;
	if (pat[0] == '/')
		r = glob_rec(&g, "/", pat + 1);
	else
		r = glob_rec(&g, "", pat);
	if (r < 0)
		return r;
	if (out->n - start > 1)
		qsort(out->v + start, out->n - start, sizeof(char *), cmp_str);
	return 0;
}
