/* SPDX-License-Identifier: MIT */
/*
 * The static walk over a syntax tree: every simple command (wherever it sits:
 * in a pipeline, a function body, a command or process substitution, a
 * here-document, a bash -c string) goes through check_command(); every
 * redirection through the path boundary; every assignment through the
 * protected-variable rule. The walk also follows `cd` so that the words after
 * it are resolved from the directory the shell will be in.
 */
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>

#include "policy-internal.h"

/* ---- words ---------------------------------------------------------------- */

struct wstate {
	char *out;
	size_t len, cap;
	bool dynamic;   /* an expansion the static check cannot evaluate */
	bool glob;      /* unquoted glob characters */
	size_t prefix;  /* length of the static prefix; SIZE_MAX while all static */
	const char *home;
	const char *pwd; /* for ~+, when the directory is known */
};

/* ~user: the user's home from the password database, as bash does; NULL
 * when there is no such user (bash then leaves the word as written). */
static const char *
user_home(const char *user, char *buf, size_t size)
{
	struct passwd pw, *res = NULL;
	if (getpwnam_r(user, &pw, buf, size, &res) != 0 || !res || !res->pw_dir)
		return NULL;
	return res->pw_dir;
}

static void
ws_stop(struct wstate *s)
{
	if (s->prefix == SIZE_MAX)
		s->prefix = s->len;
}

static void
ws_put(struct wstate *s, const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		/* bash cannot pass a NUL in an argument: the word ends there */
		if (t[i] == '\0')
			break;
		if (s->out && s->len < s->cap)
			s->out[s->len] = t[i];
		s->len++;
	}
}

static void
ws_parts(struct wstate *s, const struct sh_part *parts, size_t n, bool in_dq,
	 bool word_start)
{
	for (size_t i = 0; i < n; i++) {
		const struct sh_part *pt = &parts[i];
		switch (pt->kind) {
		case SH_PART_LIT:
			if (!in_dq) {
				for (size_t k = 0; k < pt->text_len; k++) {
					char c = pt->text[k];
					if (c == '*' || c == '?' || c == '[') {
						if (s->prefix == SIZE_MAX)
							s->prefix = s->len + k;
						s->glob = true;
						break;
					}
				}
			}
			ws_put(s, pt->text, pt->text_len);
			break;
		case SH_PART_ESCAPED:
		case SH_PART_SQUOTE:
		case SH_PART_ANSI_C:
			ws_put(s, pt->text, pt->text_len);
			break;
		case SH_PART_DQUOTE:
		case SH_PART_LOCALE:
			ws_parts(s, pt->parts, pt->n_parts, true, false);
			break;
		case SH_PART_TILDE:
			/* The parser makes a tilde part only where bash expands
			 * one (a word's start, after = or : in an assignment-like
			 * word). */
			(void)word_start;
			if (!in_dq && pt->text && pt->text[0] == '\0' && s->home) {
				ws_put(s, s->home, strlen(s->home));
				break;
			}
			if (!in_dq && pt->text && strcmp(pt->text, "+") == 0 && s->pwd) {
				ws_put(s, s->pwd, strlen(s->pwd));
				break;
			}
			if (!in_dq && pt->text && pt->text[0] && pt->text[0] != '+' &&
			    pt->text[0] != '-') {
				char pwbuf[4096];
				const char *h = user_home(pt->text, pwbuf, sizeof(pwbuf));
				if (h) {
					ws_put(s, h, strlen(h));
				} else {
					ws_put(s, "~", 1);
					ws_put(s, pt->text, strlen(pt->text));
				}
				break;
			}
			ws_stop(s);
			s->dynamic = true;
			break;
		case SH_PART_PARAM:
		case SH_PART_CMDSUB:
		case SH_PART_ARITH:
		case SH_PART_PROCSUB:
		case SH_PART_BRACE:
		case SH_PART_EXTGLOB:
		case SH_PART_KIND_MAX:
		default:
			ws_stop(s);
			s->dynamic = true;
			break;
		}
	}
}

int
eval_word(struct walk *w, const struct sh_word *word, struct parg *ret)
{
	const char *pwd = w->cwd.n == 1 && !w->cwd.unknown ? w->cwd.dir[0] : NULL;
	struct wstate s = { .prefix = SIZE_MAX, .home = w->p->home, .pwd = pwd };
	/* First pass measures, second fills. */
	ws_parts(&s, word->parts, word->n_parts, false, true);
	size_t need = s.len;
	char *buf = arena_alloc(w->a, need + 2);
	if (!buf)
		return -ENOMEM;
	s = (struct wstate){ .prefix = SIZE_MAX, .home = w->p->home, .pwd = pwd, .out = buf,
			     .cap = need };
	ws_parts(&s, word->parts, word->n_parts, false, true);
	buf[s.len] = '\0';

	memset(ret, 0, sizeof(*ret));
	ret->src = word->src ? arena_strndup(w->a, word->src, word->src_len) : buf;
	if (!ret->src)
		return -ENOMEM;
	if (!s.dynamic && !s.glob) {
		ret->s = buf;
		ret->prefix = buf;
		ret->opt = buf;
		return 0;
	}
	ret->glob = s.glob && !s.dynamic;
	size_t pl = s.prefix == SIZE_MAX ? s.len : s.prefix;
	char *prefix = arena_strndup(w->a, buf, pl);
	/* The option parser is shown the prefix with a marker after it, so that
	 * "-$x" still reads as an option and "$x" as an operand. */
	char *opt = arena_alloc(w->a, pl + 2);
	if (!prefix || !opt)
		return -ENOMEM;
	memcpy(opt, buf, pl);
	opt[pl] = '\x01';
	opt[pl + 1] = '\0';
	ret->prefix = prefix;
	ret->opt = opt;
	return 0;
}

void
parg_from_string(struct parg *pa, const char *s)
{
	memset(pa, 0, sizeof(*pa));
	pa->s = s;
	pa->prefix = s;
	pa->src = s;
	pa->opt = s;
}

/* ---- brace expansion ---------------------------------------------------------- */

/*
 * Brace expansion happens before anything else and needs no runtime values,
 * so it is done here: `find . {-delete,}` is `find . -delete`, and
 * `rm -rf {~,.}` removes home. A word expands to at most BRACE_MAX words;
 * past that it is left whole (and checked by its static prefix).
 */
#define BRACE_MAX 256

struct wordlist {
	const struct sh_word **w;
	size_t n;
	bool overflow;
};

static int
wl_push(struct walk *w, struct wordlist *l, const struct sh_word *word)
{
	if (l->n == BRACE_MAX) {
		l->overflow = true;
		return 0;
	}
	if (!l->w) {
		l->w = arena_alloc(w->a, BRACE_MAX * sizeof(*l->w));
		if (!l->w)
			return -ENOMEM;
	}
	l->w[l->n++] = word;
	return 0;
}

/* A word made of parts a[0..na) + b[0..nb) + c[0..nc). */
static struct sh_word *
word_join(struct walk *w, const struct sh_word *proto, const struct sh_part *a, size_t na,
	  const struct sh_part *b, size_t nb, const struct sh_part *c, size_t nc)
{
	struct sh_word *nw = arena_alloc(w->a, sizeof(*nw));
	struct sh_part *parts = arena_alloc(w->a, (na + nb + nc + 1) * sizeof(*parts));
	if (!nw || !parts)
		return NULL;
	if (na)
		memcpy(parts, a, na * sizeof(*parts));
	if (nb)
		memcpy(parts + na, b, nb * sizeof(*parts));
	if (nc)
		memcpy(parts + na + nb, c, nc * sizeof(*parts));
	*nw = *proto;
	nw->parts = parts;
	nw->n_parts = na + nb + nc;
	nw->assign = NULL;
	return nw;
}

static bool
parse_int(const char *s, long *ret)
{
	char *end;
	if (!s || !*s)
		return false;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (*end || errno)
		return false;
	*ret = v;
	return true;
}

/* The words of a sequence {a..b..step}, as literal parts. */
static int
seq_items(struct walk *w, const struct sh_brace *br, struct sh_part **ret, size_t *ret_n)
{
	long a, b, step = 1;
	bool num = parse_int(br->seq_start, &a) && parse_int(br->seq_end, &b);
	if (!num) {
		if (!br->seq_start || !br->seq_end || strlen(br->seq_start) != 1 ||
		    strlen(br->seq_end) != 1)
			return -EINVAL;
		a = (unsigned char)br->seq_start[0];
		b = (unsigned char)br->seq_end[0];
	}
	if (br->seq_step && !parse_int(br->seq_step, &step))
		return -EINVAL;
	if (step < 0)
		step = -step;
	if (step == 0)
		step = 1;
	long count = (a <= b ? b - a : a - b) / step + 1;
	if (count > BRACE_MAX || count < 1)
		return -E2BIG;
	int width = 0;
	if (num) {
		const char *ends[] = { br->seq_start, br->seq_end };
		for (int k = 0; k < 2; k++) {
			const char *s = ends[k][0] == '-' ? ends[k] + 1 : ends[k];
			if (s[0] == '0' && s[1])
				width = (int)strlen(ends[k]) > width ? (int)strlen(ends[k]) : width;
		}
	}
	struct sh_part *items = arena_alloc(w->a, (size_t)count * sizeof(*items));
	if (!items)
		return -ENOMEM;
	for (long i = 0; i < count; i++) {
		long v = a <= b ? a + i * step : a - i * step;
		char *t = num ? arena_printf(w->a, "%0*ld", width, v) : arena_printf(w->a, "%c", (char)v);
		if (!t)
			return -ENOMEM;
		items[i] = (struct sh_part){ .kind = SH_PART_SQUOTE, .text = t, .text_len = strlen(t) };
	}
	*ret = items;
	*ret_n = (size_t)count;
	return 0;
}

static int
brace_expand(struct walk *w, const struct sh_word *word, struct wordlist *out, unsigned depth)
{
	size_t bi = word->n_parts;
	for (size_t i = 0; i < word->n_parts; i++)
		if (word->parts[i].kind == SH_PART_BRACE && word->parts[i].brace) {
			bi = i;
			break;
		}
	if (bi == word->n_parts) {
		/* After expansion, a word that starts with ~ or ~/ gets tilde
		 * expansion like any other. */
		const struct sh_part *p0 = word->n_parts ? &word->parts[0] : NULL;
		if (depth > 0 && p0 && p0->kind == SH_PART_LIT && p0->text_len &&
		    p0->text[0] == '~' && (p0->text_len == 1 || p0->text[1] == '/')) {
			struct sh_part t[2] = {
				{ .kind = SH_PART_TILDE, .text = "", .pos = p0->pos },
				{ .kind = SH_PART_LIT, .text = p0->text + 1, .text_len = p0->text_len - 1 },
			};
			struct sh_word *nw = word_join(w, word, t, p0->text_len > 1 ? 2 : 1, NULL, 0,
						       word->parts + 1, word->n_parts - 1);
			if (!nw)
				return -ENOMEM;
			return wl_push(w, out, nw);
		}
		return wl_push(w, out, word);
	}
	if (depth > 16) {
		out->overflow = true;
		return 0;
	}
	const struct sh_brace *br = word->parts[bi].brace;
	struct sh_part *seq = NULL;
	size_t n_seq = 0;
	size_t n_items = br->is_sequence ? 0 : br->n_items;
	if (br->is_sequence) {
		int r = seq_items(w, br, &seq, &n_seq);
		if (r == -ENOMEM)
			return r;
		if (r < 0) {
			out->overflow = true;
			return 0;
		}
		n_items = n_seq;
	}
	for (size_t k = 0; k < n_items && !out->overflow; k++) {
		const struct sh_part *ip = br->is_sequence ? &seq[k] : br->items[k]->parts;
		size_t in = br->is_sequence ? 1 : br->items[k]->n_parts;
		struct sh_word *nw = word_join(w, word, word->parts, bi, ip, in,
					       word->parts + bi + 1, word->n_parts - bi - 1);
		if (!nw)
			return -ENOMEM;
		int r = brace_expand(w, nw, out, depth + 1);
		if (r < 0)
			return r;
	}
	return 0;
}

/* ---- the working-directory set ------------------------------------------------ */

static void
cwd_union(struct cwdset *into, const struct cwdset *other)
{
	into->unknown |= other->unknown;
	for (size_t i = 0; i < other->n; i++) {
		bool have = false;
		for (size_t j = 0; j < into->n; j++)
			if (strcmp(into->dir[j], other->dir[i]) == 0)
				have = true;
		if (have)
			continue;
		if (into->n == POLICY_MAX_CWDS) {
			into->unknown = true;
			continue;
		}
		into->dir[into->n++] = other->dir[i];
	}
}

/* Join dir and rel and remove ".", ".." and repeated slashes lexically, as
 * bash's logical cd does. */
static const char *
join_lexical(struct arena *a, const char *dir, const char *rel)
{
	size_t dl = rel[0] == '/' ? 0 : strlen(dir), rl = strlen(rel);
	char *tmp = arena_alloc(a, dl + rl + 3);
	char *out = arena_alloc(a, dl + rl + 3);
	if (!tmp || !out)
		return NULL;
	if (dl)
		memcpy(tmp, dir, dl);
	tmp[dl] = '/';
	memcpy(tmp + dl + 1, rel, rl + 1);

	size_t o = 0;
	const char *p = tmp;
	while (*p) {
		while (*p == '/')
			p++;
		const char *e = strchr(p, '/');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n == 0)
			break;
		if (n == 1 && p[0] == '.') {
			/* nothing */
		} else if (n == 2 && p[0] == '.' && p[1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;
		} else {
			out[o++] = '/';
			memcpy(out + o, p, n);
			o += n;
		}
		p += n;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = '\0';
	return out;
}

/* ---- substitutions inside words --------------------------------------------------- */

static int walk_word_subs(struct walk *w, const struct sh_word *word);

static int
walk_sub_program(struct walk *w, const struct sh_node *body)
{
	if (!body)
		return 0;
	/* A substitution runs in a subshell: its cd and its functions do not
	 * leak out. */
	struct cwdset saved = w->cwd;
	size_t nf = w->n_funcs;
	const struct dirstack *ds = w->dirstack;
	size_t nds = w->n_dirstack;
	w->depth++;
	int r = walk_node(w, body);
	w->depth--;
	w->cwd = saved;
	w->n_funcs = nf;
	w->dirstack = ds;
	w->n_dirstack = nds;
	return r;
}

/* check_arith_assigns on an arithmetic word: any part but literal text is
 * an expansion that could spell HOME=... */
static int
arith_assigns(struct walk *w, const struct sh_word *expr, const char *how)
{
	if (!expr)
		return 0;
	bool dynamic = false;
	for (size_t i = 0; i < expr->n_parts; i++)
		dynamic |= expr->parts[i].kind != SH_PART_LIT;
	return check_arith_assigns(w, expr->src, expr->src_len, dynamic, how);
}

static int
walk_parts_subs(struct walk *w, const struct sh_part *parts, size_t n)
{
	int r;
	for (size_t i = 0; i < n; i++) {
		const struct sh_part *pt = &parts[i];
		switch (pt->kind) {
		case SH_PART_DQUOTE:
		case SH_PART_LOCALE:
			if ((r = walk_parts_subs(w, pt->parts, pt->n_parts)) < 0)
				return r;
			break;
		case SH_PART_CMDSUB:
		case SH_PART_PROCSUB:
			if ((r = walk_sub_program(w, pt->body)) < 0)
				return r;
			break;
		case SH_PART_PARAM:
			if (!pt->param)
				break;
			if (pt->param->index && (r = walk_word_subs(w, pt->param->index)) < 0)
				return r;
			if (pt->param->arg && (r = walk_word_subs(w, pt->param->arg)) < 0)
				return r;
			if (pt->param->arg2 && (r = walk_word_subs(w, pt->param->arg2)) < 0)
				return r;
			/* an indexed array's subscript and ${x:off:len} are arithmetic */
			if ((r = arith_assigns(w, pt->param->index, "a subscript")) < 0)
				return r;
			if (pt->param->op == SH_PARAM_SUBSTRING &&
			    ((r = arith_assigns(w, pt->param->arg, "${x:off:len}")) < 0 ||
			     (r = arith_assigns(w, pt->param->arg2, "${x:off:len}")) < 0))
				return r;
			/* ${PATH:=x} and ${PATH=x} assign */
			if (pt->param->op == SH_PARAM_ASSIGN && pt->param->name &&
			    (r = check_assignment_name(w, pt->param->name,
						       "assigning (${VAR:=...})")) < 0)
				return r;
			break;
		case SH_PART_ARITH:
			if (pt->expr && ((r = walk_word_subs(w, pt->expr)) < 0 ||
					 (r = arith_assigns(w, pt->expr, "assigning in $((...))")) < 0))
				return r;
			break;
		case SH_PART_BRACE:
			if (pt->brace)
				for (size_t k = 0; k < pt->brace->n_items; k++)
					if ((r = walk_word_subs(w, pt->brace->items[k])) < 0)
						return r;
			break;
		case SH_PART_EXTGLOB:
			for (size_t k = 0; k < pt->n_alts; k++)
				if ((r = walk_word_subs(w, pt->alts[k])) < 0)
					return r;
			break;
		case SH_PART_LIT:
		case SH_PART_ESCAPED:
		case SH_PART_SQUOTE:
		case SH_PART_ANSI_C:
		case SH_PART_TILDE:
		case SH_PART_KIND_MAX:
		default:
			break;
		}
	}
	return 0;
}

static int
walk_word_subs(struct walk *w, const struct sh_word *word)
{
	if (!word)
		return 0;
	return walk_parts_subs(w, word->parts, word->n_parts);
}

/* ---- redirections -------------------------------------------------------------------- */

static bool
is_fd_word(const char *s)
{
	if (!s || !*s)
		return false;
	if (strcmp(s, "-") == 0)
		return true;
	size_t n = strlen(s);
	if (s[n - 1] == '-')
		n--; /* 3>&1- moves the descriptor */
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return n > 0;
}

static int
walk_redirs(struct walk *w, const struct sh_redir *rd)
{
	int r;
	for (; rd; rd = rd->next) {
		if (rd->target && (r = walk_word_subs(w, rd->target)) < 0)
			return r;
		if ((rd->op == SH_REDIR_HEREDOC || rd->op == SH_REDIR_HEREDOC_TAB) &&
		    rd->body && !rd->quoted_delim &&
		    (r = walk_word_subs(w, rd->body)) < 0)
			return r;
		if (rd->fd_var && (r = check_assignment_name(w, rd->fd_var,
							     "assigning ({VAR}>)")) < 0)
			return r;

		enum arg_role role = ROLE_NONE;
		switch (rd->op) {
		case SH_REDIR_IN:
			role = ROLE_READ;
			break;
		case SH_REDIR_OUT:
		case SH_REDIR_APPEND:
		case SH_REDIR_CLOBBER:
		case SH_REDIR_OUT_ERR:
		case SH_REDIR_APPEND_ERR:
			role = ROLE_WRITE;
			break;
		case SH_REDIR_RDWR:
			if ((r = report_add(w, POLICY_LAYER_STRUCTURE,
					    "structure.read-write-redirect", NULL, false,
					    "read-write redirections (<>) are not allowed")) < 0)
				return r;
			role = ROLE_WRITE;
			break;
		case SH_REDIR_DUP_OUT:
		case SH_REDIR_DUP_IN: {
			/* >&word with a word that is not a descriptor is bash's
			 * &>word: a file opened for writing. */
			struct parg pa;
			if (!rd->target)
				break;
			if ((r = eval_word(w, rd->target, &pa)) < 0)
				return r;
			if (pa.s && is_fd_word(pa.s))
				break;
			if (rd->op == SH_REDIR_DUP_OUT) {
				if ((r = check_path(w, NULL, &pa, ROLE_WRITE, 0)) < 0)
					return r;
			}
			continue;
		}
		case SH_REDIR_HEREDOC:
		case SH_REDIR_HEREDOC_TAB:
		case SH_REDIR_HERESTRING:
		case SH_REDIR_OP_MAX:
		default:
			break;
		}
		if (role != ROLE_NONE && rd->target) {
			struct parg pa;
			if ((r = eval_word(w, rd->target, &pa)) < 0)
				return r;
			if ((r = check_path(w, NULL, &pa, role, 0)) < 0)
				return r;
		}
	}
	return 0;
}

/* ---- assignments ----------------------------------------------------------------------- */

static int
walk_assigns(struct walk *w, const struct sh_assign *as, const char *how)
{
	int r;
	for (; as; as = as->next) {
		if ((r = check_assignment_name(w, as->name, how)) < 0)
			return r;
		if (as->index && ((r = walk_word_subs(w, as->index)) < 0 ||
				  (r = arith_assigns(w, as->index, "a subscript")) < 0))
			return r;
		if (as->value && (r = walk_word_subs(w, as->value)) < 0)
			return r;
		for (size_t i = 0; i < as->n_elems; i++) {
			if ((r = walk_word_subs(w, as->elems[i].key)) < 0)
				return r;
			if ((r = walk_word_subs(w, as->elems[i].value)) < 0)
				return r;
		}
	}
	return 0;
}

/* ---- commands ------------------------------------------------------------------------------ */

/* The directories `cd ARGS` (args[0] is "cd") would change to; false when
 * the target cannot be known statically. */
static bool
cd_targets(struct walk *w, const struct parg *args, size_t argc, struct cwdset *ret)
{
	size_t i = 1;
	for (; i < argc; i++) {
		const char *s = args[i].s;
		if (!s)
			return false;
		if (strcmp(s, "--") == 0) {
			i++;
			break;
		}
		if (s[0] != '-' || s[1] == '\0')
			break;
	}
	const char *target;
	if (i >= argc) {
		if (!w->p->home)
			return false;
		target = w->p->home;
	} else {
		target = args[i].s;
		if (!target || strcmp(target, "-") == 0 || target[0] == '\0')
			return false;
	}
	memset(ret, 0, sizeof(*ret));
	if (target[0] != '/' && w->cwd.unknown)
		return false;
	for (size_t k = 0; k < w->cwd.n; k++) {
		const char *d = join_lexical(w->a, w->cwd.dir[k], target);
		if (!d)
			return false;
		struct cwdset one = { .dir = { d }, .n = 1 };
		cwd_union(ret, &one);
		if (target[0] == '/')
			break;
	}
	return true;
}

static int
walk_simple(struct walk *w, const struct sh_node *n, bool *ret_cd,
	    struct cwdset *ret_cd_set)
{
	int r;
	size_t nw = n->u.simple.n_words;
	*ret_cd = false;

	if ((r = walk_assigns(w, n->u.simple.assigns,
			      nw ? "assigning it for a command" : "assigning")) < 0)
		return r;
	if (!nw)
		for (const struct sh_assign *as = n->u.simple.assigns; as; as = as->next)
			if (strcmp(as->name, "HOME") == 0)
				w->home_changed = true; /* for the rest of the line */
	if (nw > POLICY_MAX_ARGS)
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.too-many-words",
				  NULL, false, "the command has too many words to check");

	struct parg *args = NULL;
	size_t cap = nw, na = 0;
	if (nw) {
		args = arena_alloc(w->a, cap * sizeof(*args));
		if (!args)
			return -ENOMEM;
	}
	for (size_t i = 0; i < nw; i++) {
		const struct sh_word *word = n->u.simple.words[i];
		/* declare -a NAME=(...): an array assignment in a word */
		if (word->assign && (r = walk_assigns(w, word->assign, "declaring")) < 0)
			return r;
		if ((r = walk_word_subs(w, word)) < 0)
			return r;
		struct wordlist wl = { 0 };
		if ((r = brace_expand(w, word, &wl, 0)) < 0)
			return r;
		if (wl.overflow || wl.n == 0) {
			wl.n = 1;
			wl.w = (const struct sh_word **)&n->u.simple.words[i];
		}
		if (na + wl.n > cap) {
			size_t ncap = (na + wl.n) * 2;
			if (ncap > POLICY_MAX_ARGS)
				return report_add(w, POLICY_LAYER_STRUCTURE,
						  "structure.too-many-words", NULL, false,
						  "the command has too many words to check");
			struct parg *nargs = arena_alloc(w->a, ncap * sizeof(*nargs));
			if (!nargs)
				return -ENOMEM;
			memcpy(nargs, args, na * sizeof(*nargs));
			args = nargs;
			cap = ncap;
		}
		for (size_t k = 0; k < wl.n; k++)
			if ((r = eval_word(w, wl.w[k], &args[na++])) < 0)
				return r;
	}
	nw = na;
	if ((r = walk_redirs(w, n->redirs)) < 0)
		return r;
	if (nw == 0)
		return 0;
	if (!args[0].s) {
		/* A dynamic command name ($CMD, $(...)) can only be known once
		 * expanded: the runtime layer checks it then. */
		return 0;
	}
	struct cmdline cl = { .name = args[0].s, .argc = nw, .args = args };
	/* HOME=x cmd: what reads $HOME (rsync's ~/.popt) is told so */
	bool home_was = w->home_set;
	for (const struct sh_assign *as = n->u.simple.assigns; as; as = as->next)
		if (strcmp(as->name, "HOME") == 0)
			w->home_set = true;
	const struct sh_node *node_was = w->node;
	w->node = n;
	r = check_command(w, &cl);
	w->node = node_was;
	w->home_set = home_was;
	if (r < 0)
		return r;

	bool pushd = strcmp(args[0].s, "pushd") == 0;
	if (strcmp(args[0].s, "cd") == 0 || pushd) {
		struct cwdset t;
		if (pushd) {
			/* the stack keeps where pushd left from */
			struct dirstack *e = arena_alloc(w->a, sizeof(*e));
			if (!e)
				return -ENOMEM;
			e->cwd = w->cwd;
			e->next = w->dirstack;
			w->dirstack = e;
			w->n_dirstack++;
		}
		if (cd_targets(w, args, nw, &t)) {
			*ret_cd = true;
			*ret_cd_set = t;
		} else {
			w->cwd.unknown = true;
		}
	} else if (strcmp(args[0].s, "popd") == 0) {
		/* plain popd returns to where the last pushd left from; with
		 * options or operands (+N, -n) or an entry we cannot trust,
		 * the directory is only known at runtime */
		bool plain = nw == 1 || (nw == 2 && args[1].s && strcmp(args[1].s, "--") == 0);
		if (plain && w->dirstack) {
			*ret_cd = true;
			*ret_cd_set = w->dirstack->cwd;
			w->dirstack = w->dirstack->next;
			w->n_dirstack--;
		} else if (!plain) {
			w->cwd.unknown = true;
			w->dirstack = NULL;
			w->n_dirstack = 0;
		}
	}
	return 0;
}

static int walk_node_cd(struct walk *w, const struct sh_node *n, bool *ret_cd,
			struct cwdset *ret_cd_set);

int
walk_node(struct walk *w, const struct sh_node *n)
{
	bool cd;
	struct cwdset t;
	int r = walk_node_cd(w, n, &cd, &t);
	if (r < 0)
		return r;
	/* A cd that fails leaves the shell where it was, but what follows
	 * is checked from where the cd meant to go: a path that escapes from
	 * the deeper directory escapes further from the shallower one, and
	 * `cd X || ...` is handled by the OR. */
	if (cd)
		w->cwd = t;
	return 0;
}

/* Walk n; when n is a cd that can be followed, ret_cd is set and ret_cd_set
 * holds where it goes (the caller decides whether failure is possible). */
static int
walk_node_cd(struct walk *w, const struct sh_node *n, bool *ret_cd,
	     struct cwdset *ret_cd_set)
{
	int r = 0;
	*ret_cd = false;
	if (!n)
		return 0;
	if (w->depth > POLICY_MAX_DEPTH)
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.too-deep", NULL,
				  false, "the command nests too deeply to be checked");
	w->depth++;
	struct cwdset pre = w->cwd;
	const struct dirstack *pre_ds = w->dirstack;
	size_t pre_nds = w->n_dirstack;

	switch (n->kind) {
	case SH_NODE_SIMPLE:
		r = walk_simple(w, n, ret_cd, ret_cd_set);
		break;
	case SH_NODE_PIPELINE:
		/* Every part of a pipeline runs in a subshell. */
		for (size_t i = 0; i < n->u.pipeline.n_cmds && r >= 0; i++) {
			size_t nf = w->n_funcs;
			r = walk_node(w, n->u.pipeline.cmds[i]);
			w->cwd = pre;
			w->dirstack = pre_ds;
			w->n_dirstack = pre_nds;
			if (n->u.pipeline.n_cmds > 1)
				w->n_funcs = nf;
		}
		break;
	case SH_NODE_AND: {
		bool lcd;
		struct cwdset lt;
		r = walk_node_cd(w, n->u.binary.left, &lcd, &lt);
		if (r < 0)
			break;
		/* `cd DIR && cmd`: cmd only runs once the cd succeeded. */
		if (lcd)
			w->cwd = lt;
		r = walk_node(w, n->u.binary.right);
		break;
	}
	case SH_NODE_OR: {
		/* The right side runs when the left failed: after a failed cd,
		 * from where the shell was. */
		bool lcd;
		struct cwdset lt;
		if ((r = walk_node_cd(w, n->u.binary.left, &lcd, &lt)) < 0)
			break;
		struct cwdset after_left = lcd ? lt : w->cwd;
		if (lcd)
			w->cwd = pre;
		r = walk_node(w, n->u.binary.right);
		cwd_union(&w->cwd, &after_left);
		break;
	}
	case SH_NODE_LIST:
		for (size_t i = 0; i < n->u.list.n_items && r >= 0; i++) {
			if (n->u.list.seps && n->u.list.seps[i] == SH_SEP_AMP) {
				struct cwdset saved = w->cwd;
				size_t nf = w->n_funcs;
				const struct dirstack *ds = w->dirstack;
				size_t nds = w->n_dirstack;
				r = walk_node(w, n->u.list.items[i]);
				w->cwd = saved;
				w->n_funcs = nf;
				w->dirstack = ds;
				w->n_dirstack = nds;
			} else {
				r = walk_node(w, n->u.list.items[i]);
			}
		}
		break;
	case SH_NODE_SUBSHELL: {
		size_t nf = w->n_funcs;
		r = walk_node(w, n->u.group.body);
		w->cwd = pre;
		w->n_funcs = nf;
		w->dirstack = pre_ds;
		w->n_dirstack = pre_nds;
		break;
	}
	case SH_NODE_GROUP:
		r = walk_node(w, n->u.group.body);
		break;
	case SH_NODE_IF: {
		if ((r = walk_node(w, n->u.if_.cond)) < 0)
			break;
		struct cwdset mid = w->cwd;
		if ((r = walk_node(w, n->u.if_.then_body)) < 0)
			break;
		struct cwdset after_then = w->cwd;
		w->cwd = mid;
		if ((r = walk_node(w, n->u.if_.else_body)) < 0)
			break;
		cwd_union(&w->cwd, &after_then);
		break;
	}
	case SH_NODE_WHILE:
	case SH_NODE_UNTIL:
		if ((r = walk_node(w, n->u.loop.cond)) < 0)
			break;
		if ((r = walk_node(w, n->u.loop.body)) < 0)
			break;
		/* A second round sees the first round's cd. */
		if ((r = walk_node(w, n->u.loop.cond)) < 0)
			break;
		r = walk_node(w, n->u.loop.body);
		cwd_union(&w->cwd, &pre);
		break;
	case SH_NODE_FOR:
	case SH_NODE_SELECT:
		for (size_t i = 0; i < n->u.for_.n_words && r >= 0; i++)
			r = walk_word_subs(w, n->u.for_.words[i]);
		if (r >= 0 && n->u.for_.var)
			r = check_assignment_name(w, n->u.for_.var, "looping over");
		if (r >= 0)
			r = walk_node(w, n->u.for_.body);
		if (r >= 0)
			r = walk_node(w, n->u.for_.body);
		cwd_union(&w->cwd, &pre);
		break;
	case SH_NODE_ARITH_FOR:
		if ((r = walk_word_subs(w, n->u.arith_for.init)) >= 0 &&
		    (r = walk_word_subs(w, n->u.arith_for.test)) >= 0 &&
		    (r = walk_word_subs(w, n->u.arith_for.step)) >= 0 &&
		    (r = arith_assigns(w, n->u.arith_for.init, "for ((...))")) >= 0 &&
		    (r = arith_assigns(w, n->u.arith_for.test, "for ((...))")) >= 0 &&
		    (r = arith_assigns(w, n->u.arith_for.step, "for ((...))")) >= 0)
			r = walk_node(w, n->u.arith_for.body);
		if (r >= 0)
			r = walk_node(w, n->u.arith_for.body);
		cwd_union(&w->cwd, &pre);
		break;
	case SH_NODE_CASE: {
		if ((r = walk_word_subs(w, n->u.case_.subject)) < 0)
			break;
		struct cwdset start = w->cwd, all = w->cwd;
		for (size_t i = 0; i < n->u.case_.n_items && r >= 0; i++) {
			const struct sh_case_item *it = &n->u.case_.items[i];
			for (size_t k = 0; k < it->n_patterns && r >= 0; k++)
				r = walk_word_subs(w, it->patterns[k]);
			if (r < 0)
				break;
			/* ;& and ;;& carry on into the next item: start from here */
			if (i == 0 || n->u.case_.items[i - 1].term == SH_CASE_BREAK)
				w->cwd = start;
			r = walk_node(w, it->body);
			cwd_union(&all, &w->cwd);
		}
		w->cwd = all;
		break;
	}
	case SH_NODE_FUNCTION:
		/* The body runs when the function is called, from wherever the
		 * shell is then: check it now, from here. Calls to it are then
		 * allowed by name. */
		if (n->u.function.name) {
			if (w->n_funcs == w->cap_funcs) {
				size_t ncap = w->cap_funcs ? w->cap_funcs * 2 : 8;
				const char **nf = arena_alloc(w->a, ncap * sizeof(*nf));
				if (!nf) {
					r = -ENOMEM;
					break;
				}
				if (w->n_funcs)
					memcpy(nf, w->funcs, w->n_funcs * sizeof(*nf));
				w->funcs = nf;
				w->cap_funcs = ncap;
			}
			w->funcs[w->n_funcs++] = n->u.function.name;
		}
		r = walk_sub_program(w, n->u.function.body);
		break;
	case SH_NODE_COND: {
		/* [[ ]] only tests; its words may hold substitutions. */
		const struct sh_cond *stack[64];
		size_t sp = 0;
		if (n->u.cond.expr)
			stack[sp++] = n->u.cond.expr;
		while (sp > 0 && r >= 0) {
			const struct sh_cond *c = stack[--sp];
			if (c->a)
				r = walk_word_subs(w, c->a);
			if (r >= 0 && c->b)
				r = walk_word_subs(w, c->b);
			/* -eq, -lt, ... evaluate both sides as arithmetic */
			if (r >= 0 && c->kind == SH_COND_BINARY && c->op && strlen(c->op) == 3 &&
			    strstr("-eq -ne -lt -le -gt -ge", c->op) &&
			    (r = arith_assigns(w, c->a, "[[ ... ]]")) >= 0)
				r = arith_assigns(w, c->b, "[[ ... ]]");
			if (c->left && sp < ARRAY_SIZE(stack))
				stack[sp++] = c->left;
			if (c->right && sp < ARRAY_SIZE(stack))
				stack[sp++] = c->right;
			if (sp == ARRAY_SIZE(stack))
				r = report_add(w, POLICY_LAYER_STRUCTURE, "structure.too-deep",
					       NULL, false,
					       "the [[ ]] expression nests too deeply to be checked");
		}
		break;
	}
	case SH_NODE_ARITH:
		r = walk_word_subs(w, n->u.arith.expr);
		if (r >= 0)
			r = arith_assigns(w, n->u.arith.expr, "assigning in ((...))");
		break;
	case SH_NODE_COPROC:
		r = report_add(w, POLICY_LAYER_STRUCTURE, "structure.coproc", NULL, false,
			       "coprocesses (coproc) are not allowed");
		if (r >= 0)
			r = walk_sub_program(w, n->u.coproc.body);
		break;
	case SH_NODE_KIND_MAX:
	default:
		r = report_add(w, POLICY_LAYER_STRUCTURE, "structure.unknown-node", NULL,
			       false, "a construct the policy does not know");
		break;
	}
	if (r >= 0 && n->kind != SH_NODE_SIMPLE)
		r = walk_redirs(w, n->redirs);
	w->depth--;
	return r;
}

/* Largest script file read for a static check. */
#define SCRIPT_FILE_MAX (1u << 20)

/*
 * `bash FILE`, `sh FILE`, `source FILE`: when FILE is literal, inside the
 * read set and a regular file, its commands are checked here as well (the
 * runtime layer checks them again as they run). A file that is missing or
 * unreadable is left to the shell, which fails on it; one the path boundary
 * refuses has its finding from the caller already. A script that cannot be
 * parsed is refused like any command line.
 */
int
walk_script_file(struct walk *w, const char *cmd, const struct parg *file)
{
	if (!file->s || !file->s[0] || (file->s[0] != '/' && w->cwd.unknown))
		return 0;
	for (size_t i = 0; i < w->cwd.n; i++) {
		struct path_verdict v;
		int r = path_boundary_check_cmd(w->p->pb, w->cwd.dir[i], file->s, PATH_ACCESS_READ,
						cmd, PATH_CHECK_IN_PROCESS, &v);
		if (r < 0 || !v.ok || !v.resolved[0])
			continue;
		_cleanup_close_ int fd = open(v.resolved, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
		if (fd < 0)
			continue;
		struct stat st;
		if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (st.st_size > (off_t)SCRIPT_FILE_MAX)
			return report_add(w, POLICY_LAYER_STRUCTURE, "structure.script-too-large",
					  NULL, false, "%s %s: the script is too large to check",
					  cmd, file->src);
		_cleanup_buf_ struct buf b = BUF_INIT(SCRIPT_FILE_MAX);
		if (buf_read_fd(&b, fd) < 0)
			continue;
		char what[300];
		snprintf(what, sizeof(what), "%s %s", cmd, file->src);
		/* bash FILE runs in a child shell; source in this one, whose
		 * functions it may define (its cd is not followed: the file
		 * may be read from several candidate directories). */
		bool child = strcmp(cmd, "source") != 0 && strcmp(cmd, ".") != 0;
		struct cwdset saved = w->cwd;
		size_t nf = w->n_funcs;
		w->depth++;
		r = walk_script(w, b.data ? b.data : "", b.len, what);
		w->depth--;
		w->cwd = saved;
		if (child)
			w->n_funcs = nf;
		if (r < 0)
			return r;
		if (file->s[0] == '/')
			break;
	}
	return 0;
}

int
walk_script(struct walk *w, const char *src, size_t len, const char *what)
{
	struct sh_node *tree = NULL;
	struct sh_error err = { 0 };
	int r = sh_parse(w->a, src, len, NULL, &tree, &err);
	if (r == -ENOMEM)
		return r;
	if (r < 0) {
		char msg[512];
		snprintf(msg, sizeof(msg), "%s%s%u:%u: %s%s",
			 what ? what : "", what ? ": " : "", err.line, err.col,
			 err.message[0] ? err.message : "cannot parse the command",
			 err.kind == SH_ERR_UNSUPPORTED ? " (not supported)" : "");
		return report_add_modes(w->r, w->p, POLICY_LAYER_STRUCTURE,
					(1u << POLICY_MODE_OPEN) | (1u << POLICY_MODE_DENYLIST) |
						(1u << POLICY_MODE_ALLOWLIST),
					"structure.syntax-error", msg, NULL, false);
	}
	if (!tree)
		return 0;
	/* what is NULL only for the command line itself (policy_check_source) */
	const char *unseen_was = w->unseen;
	if (what && !w->unseen)
		w->unseen = what;
	w->depth++;
	r = walk_node(w, tree);
	w->depth--;
	w->unseen = unseen_was;
	return r;
}
