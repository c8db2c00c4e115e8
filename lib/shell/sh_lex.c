/* SPDX-License-Identifier: MIT */
/*
 * The lexer: tokens (operators, newlines, words) and the structure inside
 * words (quotes, expansions, braces). Words are built as lists of parts with
 * no in-band markers; literal runs are gathered in a scratch buffer and copied
 * to the arena once, so lexing does no per-character allocation.
 *
 * Line continuations (backslash-newline) are removed wherever bash removes
 * them: everywhere except inside '...', $'...', comments and here-document
 * bodies with a quoted delimiter. sh_skip_lc() does it on the fly.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sh_internal.h"

enum lctx {
	LC_WORD,      /* an unquoted shell word */
	LC_DQ,        /* inside "..." */
	LC_HEREDOC,   /* an unquoted here-document body */
	LC_PARAM,     /* the operand of ${x-w}: up to } */
	LC_PARAM_PAT, /* the pattern of ${x/p/r}: up to / or } */
	LC_PARAM_OFF, /* the offset of ${x:o:l}: up to : or } */
	LC_ARITH,     /* $(( )) (( )): up to an unbalanced ) */
	LC_ARITH_BR,  /* $[ ]: up to an unbalanced ] */
	LC_ARITH_FOR, /* for (( a; b; c )): up to ; or an unbalanced ) */
	LC_SUBSCRIPT, /* a[...]: up to an unbalanced ] */
	LC_REGEX,     /* the right side of =~ */
};

/* lex_parts flags */
#define LF_IN_DQ 1u      /* inside double quotes (for ${...} operands) */
#define LF_SQ_LIT 2u     /* '...' is literal text (${x:-'a'} inside "...") */
#define LF_CMDPOS 4u     /* the word may be an assignment (a[1 + 2]=x) */

/*
 * Parts being lexed: the first few live in the vector itself (on the C
 * stack), and pvec_done() copies exactly n of them to the arena, so that a
 * word's parts cost no more than they need.
 */
#define PVEC_INLINE 4
struct pvec {
	struct sh_part *v;
	size_t n, cap;
	struct sh_part inl[PVEC_INLINE];
};

static int lex_parts_at(struct sh_parser *p, enum lctx ctx, unsigned flags,
			struct pvec *out, size_t plain_end);
static inline int
lex_parts(struct sh_parser *p, enum lctx ctx, unsigned flags, struct pvec *out)
{
	return lex_parts_at(p, ctx, flags, out, 0);
}
static inline bool word_ends_at(const struct sh_parser *p, size_t e);
static bool sub_at(const struct sh_parser *p, enum lctx ctx, size_t k);
static int lex_parts_sub(struct sh_parser *p, enum lctx ctx, unsigned flags,
			 struct pvec *out, size_t k);

/* Not `= { 0 }`: that would clear the inline parts, hundreds of bytes per
 * word, which pvec_push clears one at a time as it hands them out. */
static inline void
pvec_init(struct pvec *pv)
{
	pv->v = NULL;
	pv->n = pv->cap = 0;
}

/* The next real character at or after pos, and where it is. */
static inline __attribute__((always_inline)) int
peek(struct sh_parser *p, size_t *ret_i)
{
	size_t i = sh_skip_lc(p, p->pos);
	if (ret_i)
		*ret_i = i;
	return sh_ch(p, i);
}

/* The real character after the one at i. */
static inline __attribute__((always_inline)) int
peek_after(struct sh_parser *p, size_t i, size_t *ret_j)
{
	size_t j = sh_skip_lc(p, i + 1);
	if (ret_j)
		*ret_j = j;
	return sh_ch(p, j);
}

void *
sh_grow(struct sh_parser *p, void *v, size_t *cap, size_t n, size_t elem)
{
	if (n < *cap)
		return v;
	/* most words have one part and most lists few items: start small,
	 * as an arena cannot give back what a vector outgrows */
	size_t nc = *cap ? *cap * 2 : (elem > 64 ? 1 : 4), bytes;
	if (__builtin_mul_overflow(nc, elem, &bytes))
		return NULL;
	void *nv = sh_alloc(p, bytes);
	if (!nv)
		return NULL;
	if (n)
		memcpy(nv, v, n * elem);
	*cap = nc;
	return nv;
}

void *
sh_vec_more(struct sh_parser *p, void *v, size_t *cap, size_t elem)
{
	size_t nc, bytes;
	if (__builtin_mul_overflow(*cap, 2, &nc) ||
	    __builtin_mul_overflow(nc, elem, &bytes))
		return NULL;
	void *nv = sh_alloc_raw(p, bytes);
	if (!nv)
		return NULL;
	memcpy(nv, v, *cap * elem);
	*cap = nc;
	return nv;
}

static struct sh_part *
pvec_grow(struct sh_parser *p, struct pvec *pv)
{
	size_t nc = pv->cap * 2;
	struct sh_part *nv = sh_alloc(p, nc * sizeof(*nv));
	if (!nv)
		return NULL;
	memcpy(nv, pv->v, pv->n * sizeof(*nv));
	pv->v = nv;
	pv->cap = nc;
	return nv;
}

/* (inline: most words push one to three parts, and the growth is rare;
 * always, as the compiler would otherwise call it from some places) */
static inline __attribute__((always_inline)) struct sh_part *
pvec_push(struct sh_parser *p, struct pvec *pv, enum sh_part_kind k, size_t off)
{
	if (!pv->v) {
		pv->v = pv->inl;
		pv->cap = PVEC_INLINE;
	}
	if (__builtin_expect(pv->n == pv->cap, 0) && !pvec_grow(p, pv))
		return NULL;
	struct sh_part *part = &pv->v[pv->n++];
	memset(part, 0, sizeof(*part));
	part->kind = k;
	part->pos = sh_pos_at(p, off);
	return part;
}

/* sh_alloc_raw of a size that is not 0 and far from overflowing: a
 * word's few parts and bytes of the input (which is at most SH_MAX_INPUT
 * bytes), rounded up without sh_alloc_raw's tests of those. */
static inline void *
sh_alloc_bounded(struct sh_parser *p, size_t size)
{
	return sh_alloc_rounded(p, (size + 7) & ~(size_t)7);
}

static int
oom(struct sh_parser *p)
{
	return sh_fail(p, SH_ERR_LIMIT, p->pos, "out of memory");
}

/* The parts as an arena array of exactly pv->n (NULL when there are none:
 * callers check n first). */
static struct sh_part *
pvec_done(struct sh_parser *p, struct pvec *pv)
{
	if (!pv->n)
		return pv->v == pv->inl ? NULL : pv->v;
	if (pv->v != pv->inl)
		return pv->v;
	/* copied whole, so not cleared first; by assignment, as most words
	 * have one or two parts and a memcpy call costs more than that */
	struct sh_part *v = sh_alloc_bounded(p, pv->n * sizeof(*v));
	if (v)
		for (size_t i = 0; i < pv->n; i++)
			v[i] = pv->v[i];
	pv->v = v;
	pv->cap = pv->n;
	return v;
}

static struct sh_word *
make_word(struct sh_parser *p, struct pvec *pv, size_t start, size_t end)
{
	if (pv->n && pv->v == pv->inl) {
		/* the word and its parts (still on the stack) in one
		 * allocation: one bump instead of two */
		_Static_assert(sizeof(struct sh_word) % _Alignof(struct sh_part) == 0,
			       "parts follow the word in one allocation");
		char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) +
						pv->n * sizeof(struct sh_part));
		if (!mem)
			return NULL;
		struct sh_word *w = (struct sh_word *)mem;
		struct sh_part *parts = (struct sh_part *)(mem + sizeof(*w));
		/* (one or two parts, most words: copies of a known size, not
		 * a memcpy call that branches on it) */
		if (pv->n == 1)
			parts[0] = pv->inl[0];
		else if (pv->n == 2)
			__builtin_memcpy(parts, pv->inl, 2 * sizeof(*parts));
		else
			memcpy(parts, pv->inl, pv->n * sizeof(*parts));
		pv->v = parts;
		pv->cap = pv->n;
		/* p->src is always arena memory (see below) */
		*w = (struct sh_word){ .pos = sh_pos_at(p, start), .parts = parts,
				       .n_parts = pv->n, .src = p->src + start,
				       .src_len = end > start ? end - start : 0 };
		return w;
	}
	struct sh_word *w = sh_alloc(p, sizeof(*w));
	if (!w)
		return NULL;
	w->pos = sh_pos_at(p, start);
	w->parts = pvec_done(p, pv);
	w->n_parts = pv->n;
	if (pv->n && !w->parts)
		return NULL;
	/* p->src is always arena memory (sh_parse copies the input), so
	 * the word can point into it */
	w->src = p->src + start;
	w->src_len = end > start ? end - start : 0;
	return w;
}

/* The end of the "..." at i, part pidx of out, whose inside (in) is lexed
 * up to p->pos: its closing quote, its parts moved to the tree, and the
 * nesting charge the '"' took given back. */
static inline __attribute__((always_inline)) int
dq_close(struct sh_parser *p, size_t i, struct pvec *out, size_t pidx, struct pvec *in)
{
	size_t j;
	if (peek(p, &j) != '"')
		return sh_fail(p, SH_ERR_SYNTAX, i,
			       "unexpected end of file while looking for matching `\"'");
	p->pos = j + 1;
	struct sh_part *iv = pvec_done(p, in);
	if (in->n && !iv)
		return oom(p);
	out->v[pidx].parts = iv;
	out->v[pidx].n_parts = in->n;
	sh_leave(p);
	return 0;
}

/* ---- literal runs ------------------------------------------------------ */

struct litrun {
	size_t base;  /* where this run starts in p->lit (when !slice) */
	size_t off;   /* source offset of its first byte */
	enum sh_part_kind kind; /* LIT or ESCAPED */
	bool active;
	/* A run that is so far one piece of the source text (the common
	 * case: no escapes, no line continuations) is kept as a pointer into
	 * it and copied to the tree once, by lit_flush, instead of byte runs
	 * going through p->lit first. */
	bool slice;
	const char *sp;
	size_t sn;
};

/*
 * Copy the text src[0..n) of p->src to d and end it with a NUL: a text
 * shorter than SH_SRC_PAD with one 16-byte move, as lit_word copies, not
 * by sh_copy's branches on its length. d must have room for SH_SRC_PAD
 * bytes more than the text's (which the next text written may take).
 */
static inline __attribute__((always_inline)) void
copy_src_text(char *d, const char *src, size_t n)
{
	if (__builtin_expect(n < SH_SRC_PAD, 1))
		sh_copy_short(d, src); /* src is in p->src: see SH_SRC_PAD */
	else
		/* (16 bytes at a time: the memcpy this was became a rep
		 * movsb in the profile-guided build, microcoded, 0.1% of a
		 * pass over the benchmark's lines in lex_args_general
		 * alone under `perf record`) */
		sh_copy_vec8(d, src, n);
	d[n] = '\0';
}

/* sh_strndup of a text of p->src, by copy_src_text */
static inline char *
src_strndup(struct sh_parser *p, const char *src, size_t n)
{
	char *d = sh_alloc_bounded(p, n < SH_SRC_PAD ? SH_SRC_PAD : n + 1);
	if (d)
		copy_src_text(d, src, n);
	return d;
}

/* Append n bytes to p->lit (-E2BIG past the input size limit). */
static int
lit_append(struct sh_parser *p, const char *s, size_t n)
{
	if (n > p->lit_cap - p->lit_len) {
		if (n > SH_MAX_INPUT + 16 - p->lit_len)
			return -E2BIG;
		size_t nc = p->lit_cap * 2;
		if (nc < p->lit_len + n)
			nc = p->lit_len + n;
		char *nv = sh_alloc_raw(p, nc);
		if (!nv)
			return -ENOMEM;
		if (p->lit_len)
			memcpy(nv, p->lit, p->lit_len);
		p->lit = nv;
		p->lit_cap = nc;
	}
	memcpy(p->lit + p->lit_len, s, n);
	p->lit_len += n;
	return 0;
}

/* Turn a slice run into one gathered in p->lit, to append to it. */
static int
lit_materialize(struct sh_parser *p, struct litrun *lr)
{
	if (!lr->slice)
		return 0;
	lr->slice = false;
	lr->base = p->lit_len;
	if (lit_append(p, lr->sp, lr->sn) < 0)
		return sh_fail(p, SH_ERR_LIMIT, lr->off, "word too long");
	return 0;
}

/* The text of the active run so far. */
static const char *
lit_text(const struct sh_parser *p, const struct litrun *lr, size_t *ret_n)
{
	if (lr->slice) {
		*ret_n = lr->sn;
		return lr->sp;
	}
	*ret_n = p->lit_len - lr->base;
	return p->lit + lr->base;
}

/* Take back the last byte of the active run (it must have one). */
static void
lit_drop_last(struct sh_parser *p, struct litrun *lr)
{
	size_t n;
	if (lr->slice)
		lr->sn--;
	else
		p->lit_len--;
	(void)lit_text(p, lr, &n);
	if (n == 0)
		lr->active = false;
}

static int
lit_flush_run(struct sh_parser *p, struct pvec *out, struct litrun *lr)
{
	size_t n;
	const char *text = lit_text(p, lr, &n);
	struct sh_part *part = pvec_push(p, out, lr->kind, lr->off);
	if (!part)
		return oom(p);
	/* (a slice is source text, which copy_src_text may read past) */
	char *t = lr->slice ? src_strndup(p, text, n) : sh_strndup(p, text, n);
	if (!t)
		return oom(p);
	part->text = t;
	part->text_len = n;
	if (!lr->slice)
		p->lit_len = lr->base;
	lr->active = false;
	return 0;
}

/* End the active literal run, if any, as a part of out. (Inline: it is
 * asked before every part that is not literal text, mostly for nothing.) */
static inline int
lit_flush(struct sh_parser *p, struct pvec *out, struct litrun *lr)
{
	return lr->active ? lit_flush_run(p, out, lr) : 0;
}

static int
lit_add(struct sh_parser *p, struct pvec *out, struct litrun *lr,
	enum sh_part_kind kind, size_t off, const char *s, size_t n)
{
	int r;
	if (lr->active && lr->kind != kind && (r = lit_flush(p, out, lr)) < 0)
		return r;
	if (!lr->active) {
		lr->active = true;
		lr->slice = false;
		lr->kind = kind;
		lr->off = off;
		lr->base = p->lit_len;
	} else if ((r = lit_materialize(p, lr)) < 0)
		return r;
	if (lit_append(p, s, n) < 0)
		return sh_fail(p, SH_ERR_LIMIT, off, "word too long");
	return 0;
}

/* lit_add of text that lies in p->src (s points into it): kept as a slice
 * while the run stays contiguous. (Inline: a word's plain runs come here,
 * and starting or extending a slice is a few stores.) */
static inline int
lit_add_src(struct sh_parser *p, struct pvec *out, struct litrun *lr,
	    enum sh_part_kind kind, size_t off, const char *s, size_t n)
{
	int r;
	if (lr->active && lr->kind != kind && (r = lit_flush(p, out, lr)) < 0)
		return r;
	if (!lr->active) {
		lr->active = true;
		lr->slice = true;
		lr->kind = kind;
		lr->off = off;
		lr->sp = s;
		lr->sn = n;
		return 0;
	}
	if (lr->slice && lr->sp + lr->sn == s) {
		lr->sn += n;
		return 0;
	}
	return lit_add(p, out, lr, kind, off, s, n);
}

static int
lit_addc(struct sh_parser *p, struct pvec *out, struct litrun *lr,
	 enum sh_part_kind kind, size_t off, char c)
{
	return lit_add(p, out, lr, kind, off, &c, 1);
}

/* Does the active run end in an extglob operator char (@ * + ? !)? */
static bool
lit_last_is_extglob_op(const struct sh_parser *p, const struct litrun *lr)
{
	size_t n;
	const char *t = lit_text(p, lr, &n);
	return n > 0 && strchr("@*+?!", t[n - 1]);
}

static bool
lit_is_name(const struct sh_parser *p, const struct litrun *lr)
{
	size_t n;
	const char *t = lit_text(p, lr, &n);
	return sh_valid_name(t, n);
}

/* ---- helpers ----------------------------------------------------------- */

static bool
is_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* Character classes, as a const table so that scanning a run of plain
 * characters costs one load and test per byte. */
enum {
	CC_META = 1,    /* ends an unquoted word */
	CC_RUNSTOP = 2, /* may start something inside a word: ends a plain run */
	CC_GLOBOP = 4,  /* @ * + ? !: special only before '(' with extglob */
	/* ends lex_word_token's scan for a plain word: a class above other
	 * than GLOBOP alone (CC_WORDSTOP), and '[' (CC_LBRACKET) unless the
	 * word starts with it */
	CC_WORDSTOP = 8,
	CC_LBRACKET = 16,
	CC_DQSTOP = 32, /* special inside "...": " \\ $ ` */
	/* noted (not stopped at) by the plain-word scan: '~' (a tilde prefix
	 * in an assignment's value) and '=' (an assignment) */
	CC_TILDE = 64,
	CC_EQUALS = 128,
	/* ends a plain word (sh_ends_plain_word): read from the class of
	 * the byte the plain-word scan stopped at, which it has in hand */
	CC_ENDS = 256,
	/* the NUL after every source (see lex_word_token's scan) */
	CC_NUL = 512,
	/* starts no argument after a blank (sh_arg_start's bytes that are
	 * not 0), so that the plain-argument loop's one load of the next
	 * word's first byte answers both of its questions */
	CC_NOARG = 1024,
};
#define WS CC_WORDSTOP
#define ENDS (CC_META | WS | CC_ENDS | CC_NOARG)
#define D CC_NOARG
static const uint16_t cc_table[256] = {
	[' '] = ENDS, ['\t'] = ENDS, ['\n'] = ENDS,
	['|'] = ENDS, ['&'] = ENDS, [';'] = ENDS,
	['<'] = CC_META | WS | D, ['>'] = CC_META | WS | D,
	['('] = CC_META | CC_RUNSTOP | WS | D, [')'] = ENDS,
	['\\'] = CC_RUNSTOP | WS | CC_DQSTOP | D,
	['$'] = CC_RUNSTOP | WS | CC_DQSTOP,
	['`'] = CC_RUNSTOP | WS | CC_DQSTOP, ['"'] = CC_RUNSTOP | WS | CC_DQSTOP, ['\''] = CC_RUNSTOP | WS, ['{'] = CC_RUNSTOP | WS,
	['['] = CC_RUNSTOP | CC_LBRACKET, ['@'] = CC_RUNSTOP | CC_GLOBOP,
	['*'] = CC_RUNSTOP | CC_GLOBOP, ['+'] = CC_RUNSTOP | CC_GLOBOP,
	['?'] = CC_RUNSTOP | CC_GLOBOP, ['!'] = CC_RUNSTOP | CC_GLOBOP,
	['~'] = CC_TILDE, ['='] = CC_EQUALS, ['\0'] = CC_NUL | D, ['#'] = D,
	['0'] = D, ['1'] = D, ['2'] = D, ['3'] = D, ['4'] = D, ['5'] = D,
	['6'] = D, ['7'] = D, ['8'] = D, ['9'] = D,
};
#undef WS
#undef ENDS
#undef D

/*
 * What ends a run of plain text in lex_parts_at's other contexts (those
 * of enum lctx but a word, "..." and a here-document body): each class a
 * set of characters that one of its switches takes for something else in
 * some of those contexts, and ctx_run_stop the classes of each context.
 */
enum {
	RS_QUOTE = 1,     /* \ ' " $ ` (and NUL, which is always an error) */
	RS_BRCLOSE = 2,   /* } ends ${...} operands */
	RS_SLASH = 4,     /* / ends the pattern of ${x/p/r} */
	RS_PAREN = 8,     /* ( ) nest (offsets, arithmetic) or end (regexes) */
	RS_COLON = 16,    /* : ends the offset of ${x:o:l} */
	RS_SEMI = 32,     /* ; ends a for (( )) clause, and a regex */
	RS_BRACKET = 64,  /* [ ] nest in $[ ] and subscripts */
	RS_REGEXMETA = 128, /* | and the metacharacters a regex may end at */
};
static const unsigned char run_class[256] = {
	['\\'] = RS_QUOTE, ['\''] = RS_QUOTE, ['"'] = RS_QUOTE, ['$'] = RS_QUOTE,
	['`'] = RS_QUOTE, ['\0'] = RS_QUOTE, ['}'] = RS_BRCLOSE, ['/'] = RS_SLASH,
	['('] = RS_PAREN, [')'] = RS_PAREN, [':'] = RS_COLON, [';'] = RS_SEMI,
	['['] = RS_BRACKET, [']'] = RS_BRACKET, ['|'] = RS_REGEXMETA,
	[' '] = RS_REGEXMETA, ['\t'] = RS_REGEXMETA, ['\n'] = RS_REGEXMETA,
	['&'] = RS_REGEXMETA, ['<'] = RS_REGEXMETA, ['>'] = RS_REGEXMETA,
};
static const unsigned char ctx_run_stop[] = {
	[LC_PARAM] = RS_QUOTE | RS_BRCLOSE,
	[LC_PARAM_PAT] = RS_QUOTE | RS_BRCLOSE | RS_SLASH,
	[LC_PARAM_OFF] = RS_QUOTE | RS_BRCLOSE | RS_PAREN | RS_COLON,
	[LC_ARITH] = RS_QUOTE | RS_PAREN | RS_SEMI,
	[LC_ARITH_FOR] = RS_QUOTE | RS_PAREN | RS_SEMI,
	[LC_ARITH_BR] = RS_QUOTE | RS_BRACKET,
	[LC_SUBSCRIPT] = RS_QUOTE | RS_BRACKET,
	[LC_REGEX] = RS_QUOTE | RS_PAREN | RS_SEMI | RS_REGEXMETA,
};

/*
 * The text of '...' is scanned for its closing quote 16 bytes at a time
 * (GNU C vectors: SSE2 on x86-64), inline rather than by a memchr call
 * (most are short). The scan reads up to 15 bytes past end, which every
 * source has (SH_SRC_PAD), and answers as memchr did. So is the text of
 * a "..." word after its first byte (dq_stop_at; "$x" "${x}" stop at that
 * byte, for which a byte's look costs less).
 */
typedef unsigned char bytes16 __attribute__((vector_size(16)));

/* The index of the first byte of m that is set (each is 0 or 0xff), 16
 * when none is. */
static inline unsigned
first_set(bytes16 m)
{
	uint64_t lo, hi;
	memcpy(&lo, &m, 8);
	memcpy(&hi, (const char *)&m + 8, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (lo)
		return (unsigned)__builtin_ctzll(lo) / 8;
	return hi ? 8 + (unsigned)__builtin_ctzll(hi) / 8 : 16;
#else
	if (lo)
		return (unsigned)__builtin_clzll(lo) / 8;
	return hi ? 8 + (unsigned)__builtin_clzll(hi) / 8 : 16;
#endif
}

/* The first byte of src[i, end) that is a, b, c or d, or end: 16 bytes at
 * a time (a source has SH_SRC_PAD readable bytes after its end). Always
 * inline, its bytes constants: the scans below are each one compare per
 * distinct byte (a repeated one folds away). */
static inline __attribute__((always_inline)) size_t
first_of(const char *src, size_t i, size_t end, char a, char b, char c, char d)
{
	for (; i < end; i += 16) {
		bytes16 v;
		memcpy(&v, src + i, 16);
		unsigned k = first_set((bytes16)((v == a) | (v == b) | (v == c) | (v == d)));
		if (k < 16)
			return i + k < end ? i + k : end;
	}
	return end;
}

/* Where the '...' whose text starts at i closes: its first '\'' before
 * end, or end (none). */
static inline size_t
sq_close(const char *src, size_t i, size_t end)
{
	return first_of(src, i, end, '\'', '\'', '\'', '\'');
}

/* Where the text of a "..." from i stops: at its first " \\ $ or ` (the
 * bytes of CC_DQSTOP) before end, or at end. */
static inline size_t
dq_stop_at(const char *src, size_t i, size_t end)
{
	return first_of(src, i, end, '"', '\\', '$', '`');
}

/* The metacharacters that end a plain word: not '(' (arrays, functions,
 * extglobs), nor '<' or '>', which may start a process substitution that
 * continues the word (a<(x)). The same set as cc_table's CC_ENDS. */
const bool sh_ends_plain_word[256] = {
	[' '] = true, ['\t'] = true, ['\n'] = true, ['|'] = true, ['&'] = true,
	[';'] = true, [')'] = true,
};

/* Characters that end an unquoted word. */
static inline bool
is_meta(int c)
{
	return c < 0 || (cc_table[c & 0xff] & CC_META);
}

static bool
is_name_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool
is_name_char(int c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

static bool
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* One of the special parameters @ * # ? $ ! - (a switch: the compiler
 * makes it a bit test, where strchr was a call per '$') */
static inline bool
is_special_param(int c)
{
	switch (c) {
	case '@': case '*': case '#': case '?': case '$': case '!': case '-':
		return true;
	default:
		return false;
	}
}

bool
sh_valid_name(const char *s, size_t n)
{
	if (n == 0 || !is_name_start((unsigned char)s[0]))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!is_name_char((unsigned char)s[i]))
			return false;
	return true;
}



/* ---- $'...' ------------------------------------------------------------ */

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The decoded text of $'...' being written: never longer than the source
 * (every escape decodes to at most as many bytes as it takes, as only
 * ASCII \u and \U values are taken), so it needs no growing; the check is
 * there all the same, and fails closed. */
struct ansi_out {
	char *d;
	size_t len, cap;
};

static int
ansi_put(struct ansi_out *o, const char *t, size_t n)
{
	if (n > o->cap - o->len)
		return -E2BIG;
	memcpy(o->d + o->len, t, n);
	o->len += n;
	return 0;
}

/* Decode the body of $'...' (s[0..n)) as bash does, into o (of n bytes). */
static int
decode_ansi_c(const char *s, size_t n, struct ansi_out *o, bool *ret_unsupported)
{
	for (size_t i = 0; i < n; i++) {
		int r;
		if (s[i] != '\\' || i + 1 >= n) {
			if ((r = ansi_put(o, &s[i], 1)) < 0)
				return r;
			continue;
		}
		char c = s[++i];
		int v = -1;
		switch (c) {
		case 'a': v = 7; break;
		case 'b': v = 8; break;
		case 'e': case 'E': v = 27; break;
		case 'f': v = 12; break;
		case 'n': v = 10; break;
		case 'r': v = 13; break;
		case 't': v = 9; break;
		case 'v': v = 11; break;
		case '\\': v = '\\'; break;
		case '\'': v = '\''; break;
		case '"': v = '"'; break;
		case '?': v = '?'; break;
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7': {
			v = 0;
			size_t k = 0;
			while (k < 3 && i < n && s[i] >= '0' && s[i] <= '7') {
				v = v * 8 + (s[i] - '0');
				i++, k++;
			}
			i--;
			v &= 0xff;
			break;
		}
		case 'x': {
			size_t k = 0;
			int acc = 0;
			while (k < 2 && i + 1 < n && hexval((unsigned char)s[i + 1]) >= 0) {
				acc = acc * 16 + hexval((unsigned char)s[i + 1]);
				i++, k++;
			}
			if (k == 0) {
				/* bash keeps "\x" when no digit follows */
				if ((r = ansi_put(o, "\\x", 2)) < 0)
					return r;
				continue;
			}
			v = acc;
			break;
		}
		case 'u': case 'U': {
			size_t max = c == 'u' ? 4 : 8, k = 0;
			uint32_t acc = 0;
			while (k < max && i + 1 < n && hexval((unsigned char)s[i + 1]) >= 0) {
				acc = acc * 16 + (uint32_t)hexval((unsigned char)s[i + 1]);
				i++, k++;
			}
			if (k == 0) {
				char t[2] = { '\\', c };
				if ((r = ansi_put(o, t, 2)) < 0)
					return r;
				continue;
			}
			/* bash converts these to the locale's encoding and
			 * keeps the escape as text where it cannot: the value
			 * depends on the locale, so it is not ours to guess
			 * (ASCII is the same everywhere) */
			if (acc >= 0x80) {
				*ret_unsupported = true;
				return 0;
			}
			char ascii = (char)acc;
			if ((r = ansi_put(o, &ascii, 1)) < 0)
				return r;
			continue;
		}
		case 'c':
			if (i + 1 >= n) {
				if ((r = ansi_put(o, "\\c", 2)) < 0)
					return r;
				continue;
			}
			c = s[++i];
			if (c == '\\' && i + 1 < n && s[i + 1] == '\\')
				i++;
			v = (c >= 'a' && c <= 'z' ? c - 32 : c) & 0x1f;
			if (c == '?')
				v = 0x7f;
			break;
		default: {
			char t[2] = { '\\', c };
			if ((r = ansi_put(o, t, 2)) < 0)
				return r;
			continue;
		}
		}
		char byte = (char)v;
		if ((r = ansi_put(o, &byte, 1)) < 0)
			return r;
	}
	return 0;
}

/* ---- nested programs --------------------------------------------------- */

struct saved_state {
	unsigned char have_tok;
	struct sh_tok tok;
	struct sh_redir **hd;
	size_t n_hd, cap_hd;
};

/* (tok: whether p->tok is kept, which a nested parse overwrites; not
 * where the caller's token is dead, see lex_sub_word) */
static inline __attribute__((always_inline)) void
save_state_tok(struct sh_parser *p, struct saved_state *s, bool tok)
{
	s->have_tok = p->have_tok;
	/* (by memcpy, not an assignment: gcc split the copy in pieces,
	 * and where tok is no constant (lex_cmdsub_word, lex_backquote), it
	 * cleared them on the way that keeps no token, for the join after
	 * the nested parse) */
	if (tok)
		memcpy(&s->tok, &p->tok, sizeof(s->tok));
	s->hd = p->hd;
	s->n_hd = p->n_hd;
	s->cap_hd = p->cap_hd;
	p->have_tok = 0;
	p->hd = NULL;
	p->n_hd = p->cap_hd = 0;
}

static inline __attribute__((always_inline)) int
restore_state_tok(struct sh_parser *p, struct saved_state *s, size_t off, bool tok)
{
	bool pending = p->n_hd > 0;
	p->have_tok = s->have_tok;
	if (tok)
		memcpy(&p->tok, &s->tok, sizeof(p->tok));
	p->hd = s->hd;
	p->n_hd = s->n_hd;
	p->cap_hd = s->cap_hd;
	if (pending)
		return sh_fail(p, SH_ERR_UNSUPPORTED, off,
			       "unsupported construct: here-document not terminated "
			       "inside its command substitution");
	return 0;
}

static void
save_state(struct sh_parser *p, struct saved_state *s)
{
	save_state_tok(p, s, true);
}

static int
restore_state(struct sh_parser *p, struct saved_state *s, size_t off)
{
	return restore_state_tok(p, s, off, true);
}

/* Where the ')' closing a '(' before start is, scanning as bash's
 * parse_matched_pair does (quotes and backslashes skipped); SIZE_MAX if none. */
static size_t
matched_paren_end(const struct sh_parser *p, size_t k)
{
	unsigned depth = 0;
	while (k < p->end) {
		char c = p->src[k];
		if (c == '\\') {
			k += 2;
			continue;
		}
		if (c == '\'' || c == '"' || c == '`') {
			size_t q = k + 1;
			while (q < p->end && p->src[q] != c) {
				if (c != '\'' && p->src[q] == '\\')
					q++;
				q++;
			}
			if (q >= p->end)
				return SIZE_MAX;
			k = q + 1;
			continue;
		}
		if (c == '(')
			depth++;
		else if (c == ')') {
			if (!depth)
				return k;
			depth--;
		}
		k++;
	}
	return SIZE_MAX;
}

/* $( ... ): p->pos is after "$(" (or "<(" ">(") (Always inline: a few
 * stores around the nested parse, for the few ways to a substitution.)
 * tok_dead: p->tok is not kept (see lex_sub_word). */
static inline __attribute__((always_inline)) int
lex_cmdsub_body_tok(struct sh_parser *p, size_t off, struct sh_node **ret, bool tok_dead)
{
	struct saved_state s;
	save_state_tok(p, &s, !tok_dead);
	p->in_sub++;
	int r = sh_parse_program_until(p, ')', ret);
	p->in_sub--;
	int r2 = restore_state_tok(p, &s, off, !tok_dead);
	return r < 0 ? r : r2;
}

static inline __attribute__((always_inline)) int
lex_cmdsub_body(struct sh_parser *p, size_t off, struct sh_node **ret)
{
	return lex_cmdsub_body_tok(p, off, ret, false);
}

/* The escapes bash removes inside backquotes: a backslash before a
 * newline goes with it, one before $ ` \ (and " in "...", LF_IN_DQ)
 * goes and leaves that byte; any other stays. */
static inline __attribute__((always_inline)) bool
backquote_escape(char d, unsigned flags)
{
	return d == '$' || d == '`' || d == '\\' || (d == '"' && (flags & LF_IN_DQ));
}

/* backquote_decode's answers other than the closing backquote's index */
#define BQ_UNCLOSED SIZE_MAX
#define BQ_NO_ROOM (SIZE_MAX - 1)

/*
 * The body of the `...` from p->pos decoded into dst (room bytes), as it
 * is scanned, a run at a time (to the first '`' or '\\'), each run by
 * copy_src_text's moves: the index of the closing backquote, *blen the
 * body's length (dst[*blen] its NUL, SH_SRC_PAD bytes of room after
 * it), *esc whether a backslash with a byte after it was met;
 * BQ_UNCLOSED when there is no closing backquote, BQ_NO_ROOM when the
 * body does not fit (room is enough when it is the length of the body's
 * source plus 1 + SH_SRC_PAD: a decoded body is never longer).
 */
static inline __attribute__((always_inline)) size_t
backquote_decode(const struct sh_parser *p, unsigned flags, char *dst, size_t room,
		 size_t *blen, bool *esc)
{
	const char *src = p->src;
	size_t i = p->pos, end = p->end;
	char *d = dst;
	for (;;) {
		size_t b = first_of(src, i, end, '`', '\\', '`', '\\');
		/* (the run and its NUL and pad, or the byte an escape
		 * leaves, whose room the next run's test asks again) */
		if (room - (size_t)(d - dst) < b - i + 1 + SH_SRC_PAD)
			return BQ_NO_ROOM;
		copy_src_text(d, src + i, b - i);
		d += b - i;
		if (b >= end)
			return BQ_UNCLOSED;
		if (src[b] == '`') {
			*blen = (size_t)(d - dst);
			return b;
		}
		if (b + 1 >= end)
			return BQ_UNCLOSED;
		*esc = true;
		char c = src[b + 1];
		if (c == '\n') {
			i = b + 2;
		} else if (backquote_escape(c, flags)) {
			*d++ = c;
			i = b + 2;
		} else {
			*d++ = '\\';
			i = b + 1;
		}
	}
}

/* `...`: p->pos is after the opening backquote (tok_dead: see
 * lex_sub_word) */
static int
lex_backquote(struct sh_parser *p, unsigned flags, size_t off,
	      struct sh_node **ret, bool tok_dead)
{
	/* Undo the backslash escapes bash removes inside backquotes, then
	 * parse the result as a program of its own. The body is decoded as
	 * it is scanned, into the free room of the parser's memory, which
	 * it then takes; when it has not room enough (a long body), a first
	 * pass finds the closing backquote, and the body is decoded into an
	 * allocation of its size (it is never longer than its source). */
	size_t i, blen = 0;
	bool esc = false;
	int r;
	char *copy = p->bump;
	i = backquote_decode(p, flags, copy, (size_t)(p->bump_end - p->bump), &blen, &esc);
	if (__builtin_expect(i < BQ_NO_ROOM, 1)) {
		/* (what sh_alloc_src takes for the decoded body, no more
		 * than the source's length took before) */
		p->bump += (blen + 1 + SH_SRC_PAD + 7) & ~(size_t)7;
	} else if (i == BQ_NO_ROOM) {
		i = p->pos;
		while ((i = first_of(p->src, i, p->end, '`', '\\', '`', '\\')) < p->end &&
		       p->src[i] != '`')
			i += i + 1 < p->end && (p->src[i + 1] == '\n' ||
						backquote_escape(p->src[i + 1], flags)) ? 2 : 1;
		if (i >= p->end)
			i = BQ_UNCLOSED;
		else if (!(copy = sh_alloc_src(p, i - p->pos + 1)))
			return oom(p);
		else
			i = backquote_decode(p, flags, copy, i - p->pos + 1 + SH_SRC_PAD, &blen,
					     &esc);
	}
	if (i >= BQ_NO_ROOM)
		return sh_fail(p, SH_ERR_SYNTAX, off,
			       "unexpected end of file while looking for matching ``'");
	copy[blen] = '\0';
	{
		const char *osrc = p->src;
		size_t oend = p->end, opos = p->pos;
		/* (p->fixed_pos is not kept: it is read only while p->fixed
		 * is set, and one set before stays as it is, for the nested
		 * backquotes leave it alone) */
		bool ofixed = p->fixed, ooffset_pos = p->offset_pos;
		if (!p->fixed) {
			p->fixed_pos = sh_pos_at(p, off);
			p->fixed = true;
			p->offset_pos = false;
		}
		bool ono_lc = p->no_lc;
		p->src = copy;
		p->end = blen;
		p->pos = 0;
		/* (decoding removes backslashes only, so it makes no
		 * backslash-newline where the source had none) */
		p->no_lc = ono_lc || !esc || !memmem(copy, blen, "\\\n", 2);
		struct saved_state s;
		save_state_tok(p, &s, !tok_dead);
		p->in_sub++;
		r = sh_parse_program_until(p, -1, ret);
		p->in_sub--;
		if (r == -EINVAL && p->err->kind == SH_ERR_SYNTAX) {
			/* bash parses `...` only when it runs it */
			struct sh_error inner = *p->err;
			p->err->kind = SH_ERR_NONE;
			p->fixed = ofixed;
			p->offset_pos = ooffset_pos;
			p->src = osrc;
			p->end = oend;
			p->no_lc = ono_lc;
			r = sh_fail(p, SH_ERR_UNSUPPORTED, off,
				    "unsupported construct: `...` whose command does not "
				    "parse (bash fails it at run time): %.150s",
				    inner.message);
			p->src = copy;
		}
		int r2 = restore_state_tok(p, &s, off, !tok_dead);
		if (r >= 0)
			r = r2;
		p->src = osrc;
		p->end = oend;
		p->no_lc = ono_lc;
		p->pos = opos;
		p->fixed = ofixed;
		p->offset_pos = ooffset_pos;
		if (r < 0)
			return r;
		p->pos = i + 1;
	}
	return 0;
}

/* ---- parameter expansion ----------------------------------------------- */

/* The word, part and text of a plain word (lit_word) in one allocation:
 * the text starts 8-aligned after the word and its part. */
#define LIT_WORD_HDR (sizeof(struct sh_word) + sizeof(struct sh_part))

/* The room copy_src_text needs for a text of n bytes, rounded up to 8 */
static inline size_t
src_text_room(size_t n)
{
	return n < SH_SRC_PAD ? SH_SRC_PAD : (n + 8) & ~(size_t)7;
}

/* The size of lit_word's allocation for a text of n bytes (a multiple of
 * 8: see sh_alloc_rounded). (The text is of the source's size at most, so
 * the size cannot wrap; a short text gets SH_SRC_PAD bytes, which its copy
 * writes.) */
static inline size_t
lit_word_size(size_t n)
{
	_Static_assert(sizeof(struct sh_word) % _Alignof(struct sh_part) == 0,
		       "word, part and text share one allocation");
	_Static_assert(LIT_WORD_HDR % 8 == 0, "the text of a plain word starts 8-aligned");
	return LIT_WORD_HDR + src_text_room(n);
}

/* Copy lit_word's text s[0..n) into mem (lit_word_size(n) bytes) with its
 * NUL (s is in a source, whose padding its copy may read: SH_SRC_PAD). */
static inline __attribute__((always_inline)) void
lit_word_text(char *mem, const char *s, size_t n)
{
	copy_src_text(mem + LIT_WORD_HDR, s, n);
}

/* The word w of n_parts parts at pos, written as the source [src,
 * src + n): member by member, each written once, not the whole word
 * cleared first (every builder that makes a word directly). */
static inline __attribute__((always_inline)) void
word_init(struct sh_word *w, struct sh_pos pos, struct sh_part *parts, size_t n_parts,
	  const char *src, size_t n)
{
	w->pos = pos;
	w->parts = parts;
	w->n_parts = n_parts;
	w->src = src;
	w->src_len = n;
	w->assign = NULL;
}

/* pp made a part of kind with its text (LIT, TILDE ...) at pos: member by
 * member, each written once (the union by its widest member), as a
 * compound literal would write them after clearing the part whole: a
 * third fewer stores. */
static inline __attribute__((always_inline)) void
text_part_set(struct sh_part *pp, enum sh_part_kind kind, struct sh_pos pos,
	      const char *text, size_t n)
{
	pp->kind = kind;
	pp->pos = pos;
	/* (the three one-byte members, and the padding byte after them:
	 * one store of 4 bytes, not three) */
	_Static_assert(offsetof(struct sh_part, procsub_dir) ==
			       offsetof(struct sh_part, backquote) + 1 &&
		       offsetof(struct sh_part, arith_bracket) ==
			       offsetof(struct sh_part, backquote) + 2 &&
		       offsetof(struct sh_part, text) >= offsetof(struct sh_part, backquote) + 4,
		       "the one-byte members of a part, side by side");
	memset((char *)pp + offsetof(struct sh_part, backquote), 0, 4);
	pp->text = text;
	pp->text_len = n;
	/* (the union, parts and n_parts, by one 16-byte store of the zero
	 * that the token after the word is cleared with too) */
	memset((char *)pp + offsetof(struct sh_part, parts), 0,
	       sizeof(struct sh_part) - offsetof(struct sh_part, parts));
}

/*
 * lit_word's word and part, in mem after lit_word_text: the word of the
 * text s[0..n) (s is p->src + off) at pos. Apart from the copy and the
 * position, so that lex_word_token's fast path, which knows both the room
 * and the position, has no call to make (and lit_word asks the position
 * after the copy, not keeping it in registers across it).
 */
static inline __attribute__((always_inline)) struct sh_word *
lit_word_in(char *mem, const char *s, size_t n, struct sh_pos pos)
{
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(mem + sizeof(*w));
	/* member by member, each written once (the union by its widest
	 * member), as the compound literals this was wrote them after
	 * clearing both whole: a third fewer stores */
	text_part_set(part, SH_PART_LIT, pos, mem + LIT_WORD_HDR, n);
	word_init(w, pos, part, 1, s, n); /* (s: p->src + off, arena memory, see make_word) */
	return w;
}

/*
 * A word of one LIT part, the text s[0..n) written at source offset off
 * (s is p->src + off): the word, its part and its text in one allocation.
 * Always inline: the plain-word paths of the lexer build most words this
 * way.
 */
static inline __attribute__((always_inline)) struct sh_word *
lit_word(struct sh_parser *p, const char *s, size_t n, size_t off)
{
	char *mem = sh_alloc_rounded(p, lit_word_size(n));
	if (!mem)
		return NULL;
	lit_word_text(mem, s, n);
	return lit_word_in(mem, s, n, sh_pos_at(p, off));
}

struct sh_word *
sh_lit_word(struct sh_parser *p, const char *s, size_t n, size_t off)
{
	return lit_word(p, s, n, off);
}

/* lex a sub-word in ctx, from p->pos to the stop character (not consumed) */
static int
lex_subword(struct sh_parser *p, enum lctx ctx, unsigned flags,
	    struct sh_word **ret)
{
	size_t start = sh_skip_lc(p, p->pos);
	struct pvec pv;
	pvec_init(&pv);
	int r = lex_parts(p, ctx, flags, &pv);
	if (r < 0)
		return r;
	if (r > 0)
		return sh_fail(p, SH_ERR_SYNTAX, p->pos, "unexpected end of word");
	struct sh_word *w = make_word(p, &pv, start, p->pos);
	if (!w)
		return oom(p);
	*ret = w;
	return 0;
}

static int
expect_close_brace(struct sh_parser *p, size_t off)
{
	size_t i;
	int c = peek(p, &i);
	if (c != '}')
		return sh_fail(p, SH_ERR_SYNTAX, off,
			       "unexpected end of file while looking for matching `}'");
	p->pos = i + 1;
	return 0;
}

static int
bad_subst(struct sh_parser *p, size_t off)
{
	/* with no '}' after it at all, bash reads on for one to the end of
	 * the input and fails there, before anything could run (not so in
	 * a here-document's body or a `...`, which it reads when it runs) */
	if (!p->fixed && !p->in_hd_body && !memchr(p->src + off, '}', p->end - off))
		return sh_fail(p, SH_ERR_SYNTAX, off,
			       "unexpected end of file while looking for matching `}'");
	/* bash -n accepts these; they fail when run ("bad substitution") */
	return sh_fail(p, SH_ERR_UNSUPPORTED, off,
		       "unsupported construct: bad substitution (bash fails it "
		       "at run time)");
}

static size_t skip_quoted(const struct sh_parser *p, size_t k);

/* p->pos is after "${" */
static void note_brace_skip(struct sh_parser *p, size_t dollar);
static bool param_text_plain(const struct sh_parser *p, size_t dollar);
static bool param_ends_word(const struct sh_parser *p, size_t dollar);

static inline struct sh_word *plain_text_word(struct sh_parser *p, size_t start,
					      size_t n);

/*
 * An operand of ${...} (lex_subword in ctx, one of LC_PARAM, LC_PARAM_PAT,
 * LC_PARAM_OFF and LC_SUBSCRIPT), or the expression of $((...)) (LC_ARITH)
 * or $[...] (LC_ARITH_BR): when it is plain text up to what ends it in ctx,
 * built directly as the one LIT part (or none) lex_parts would make of it;
 * otherwise by lex_subword. Most operands are: ${f%.*}, ${x:-none},
 * ${p/old/new}, ${s:0:3}, ${a[@]}, $((i+1)).
 */
static int lex_operand_simple(struct sh_parser *p, struct sh_tok *t, size_t s,
			      enum lctx ctx);

/* Does an operand of ${...} in ctx (lex_param_operand's contexts) end at
 * e: '}', or the '/' after a pattern, or the ':' after an offset (a '('
 * nests there), or the ']' of a subscript or $[ (a '[' nests there), or
 * the ')' of an arithmetic expression (a '(' nests there)? */
static inline bool
operand_ends_at(const struct sh_parser *p, enum lctx ctx, size_t e)
{
	static const char closer[] = {
		[LC_PARAM] = '}', [LC_PARAM_PAT] = '}', [LC_PARAM_OFF] = '}',
		[LC_SUBSCRIPT] = ']', [LC_ARITH_BR] = ']', [LC_ARITH] = ')',
	};
	char c = e < p->end ? p->src[e] : '\0';
	return c == closer[ctx] || (c == '/' && ctx == LC_PARAM_PAT) ||
	       (c == ':' && ctx == LC_PARAM_OFF);
}

static int operand_cmdsub_word(struct sh_parser *p, enum lctx ctx, unsigned flags,
			       struct sh_word **ret);

static int
lex_param_operand(struct sh_parser *p, enum lctx ctx, unsigned flags,
		  struct sh_word **ret)
{
	/* the characters lex_parts_at would not take as plain text in ctx
	 * (its run scan stops at the same ones) */
	size_t start = p->pos, k = start;
	unsigned stop = ctx_run_stop[ctx];
	while (k < p->end && !(run_class[(unsigned char)p->src[k]] & stop))
		k++;
	/* plain up to where the operand ends: '}', or the '/' after a
	 * pattern, or the ':' after an offset (a '(' nests there), or the
	 * ']' of a subscript or $[ (a '[' nests there), or the ')' of an
	 * arithmetic expression (a '(' nests there) */
	if (!p->no_lc || !operand_ends_at(p, ctx, k)) {
		/* one quoted string or parameter: "y", 'a', $x, "$x" */
		char c = p->src[k];
		if (k == start && k < p->end &&
		    (c == '"' || c == '$' || (c == '\'' && !(flags & LF_SQ_LIT)))) {
			struct sh_tok t;
			t.word = NULL; /* (set when built; said for the compiler) */
			bool sens = p->cmdpos_sens; /* (the word's, which it clears) */
			int r = lex_operand_simple(p, &t, start, ctx);
			p->cmdpos_sens = sens;
			if (r < 0)
				return r;
			if (r == 1) {
				*ret = t.word;
				return 0;
			}
			/* an operand of ${...} that starts with a $( (no $((
			 * nor $(\ ): ${x:-$(cmd)} */
			if (c == '$' && k + 2 < p->end && p->src[k + 1] == '(' &&
			    p->src[k + 2] != '(' && p->src[k + 2] != '\\' &&
			    (ctx == LC_PARAM || ctx == LC_PARAM_PAT || ctx == LC_PARAM_OFF))
				return operand_cmdsub_word(p, ctx, flags, ret);
		}
		/* one escaped character: ${y#\*}, ${x/a/\/}; the one ESCAPED
		 * part lex_parts makes of it outside double quotes */
		if (k == start && c == '\\' && !(flags & LF_IN_DQ) && p->no_lc &&
		    (ctx == LC_PARAM || ctx == LC_PARAM_PAT) && k + 1 < p->end &&
		    p->src[k + 1] != '\n' && operand_ends_at(p, ctx, k + 2)) {
			struct sh_word *w = lit_word(p, p->src + k + 1, 1, k);
			if (!w)
				return oom(p);
			w->parts[0].kind = SH_PART_ESCAPED;
			w->src = p->src + k;
			w->src_len = 2;
			p->pos = k + 2;
			*ret = w;
			return 0;
		}
		return lex_subword(p, ctx, flags, ret);
	}
	struct sh_word *w = plain_text_word(p, start, k - start);
	if (!w)
		return oom(p);
	p->pos = k;
	*ret = w;
	return 0;
}

/*
 * The operator of ${name OP ...}: c its first character, d the one after
 * it. Sets pm's op, colon, longest and anchor, and returns how many of the
 * two characters it takes; 0 when c starts none of these (${x@Q} and what
 * fails). Shared by lex_param_braced and param_op_word.
 */
static inline __attribute__((always_inline)) size_t
param_op_at(struct sh_param *pm, int c, int d)
{
	size_t n = 1;
	switch (c) {
	case ':':
		if (d != '-' && d != '=' && d != '?' && d != '+') {
			pm->op = SH_PARAM_SUBSTRING;
			return 1;
		}
		pm->colon = true;
		c = d;
		n = 2;
		/* fall through */
	case '-': case '=': case '?': case '+':
		pm->op = c == '-' ? SH_PARAM_DEFAULT :
			 c == '=' ? SH_PARAM_ASSIGN :
			 c == '?' ? SH_PARAM_ERROR : SH_PARAM_ALTERNATE;
		return n;
	case '#': case '%': case '^': case ',':
		pm->op = c == '#' ? SH_PARAM_TRIM_PREFIX :
			 c == '%' ? SH_PARAM_TRIM_SUFFIX :
			 c == '^' ? SH_PARAM_UPPER : SH_PARAM_LOWER;
		pm->longest = d == c;
		return d == c ? 2 : 1;
	case '/':
		pm->op = SH_PARAM_REPLACE;
		pm->anchor = d == '/' ? SH_REPLACE_ALL : d == '#' ? SH_REPLACE_PREFIX :
			     d == '%' ? SH_REPLACE_SUFFIX : SH_REPLACE_FIRST;
		pm->longest = d == '/';
		return pm->anchor == SH_REPLACE_FIRST ? 1 : 2;
	default:
		return 0;
	}
}

/* The context of the first operand of op: the offset of ${x:o:l} and
 * the pattern of ${x/p/r} end at their ':' and '/', the others at '}'. */
static inline enum lctx
param_op_ctx(enum sh_param_op op)
{
	return op == SH_PARAM_SUBSTRING ? LC_PARAM_OFF :
	       op == SH_PARAM_REPLACE ? LC_PARAM_PAT : LC_PARAM;
}

/* An empty operand of these is none (${x^^}, ${x/}); of the others, an
 * empty word (${x:-}). */
static inline bool
param_op_drops_empty(enum sh_param_op op)
{
	return op == SH_PARAM_UPPER || op == SH_PARAM_LOWER || op == SH_PARAM_REPLACE;
}

static inline __attribute__((always_inline)) int
lex_param_operands(struct sh_parser *p, unsigned flags, size_t off, struct sh_param *pm);

static int
lex_param_braced(struct sh_parser *p, unsigned flags, size_t off,
		 struct sh_param *pm)
{
	size_t i, j;
	int c = peek(p, &i), d;
	int r;
	pm->braced = true;

	/* ${#x}: length, unless # is the parameter itself (${#}, ${#-w}...) */
	if (c == '#') {
		d = peek_after(p, i, &j);
		if (d == '}' ) {
			pm->name = "#";
			p->pos = j + 1;
			return 0;
		}
		if (is_name_start(d) || is_digit(d) ||
		    is_special_param(d)) {
			/* ${#-} ${#?} are the special parameter # with an op,
			 * but ${#-} with nothing after is the length of $- */
			size_t k;
			int e = peek_after(p, j, &k);
			if ((d == '-' || d == '?' || d == '#') && e != '}') {
				/* ${#-w} ${#?w} ${##w}: parameter # with op */
				pm->name = "#";
				p->pos = j;
				goto op;
			}
			pm->op = SH_PARAM_LENGTH;
			p->pos = j;
			c = d;
			i = j;
		} else {
			pm->name = "#";
			p->pos = j;
			goto op;
		}
	} else if (c == '!') {
		d = peek_after(p, i, &j);
		if (d == '}') {
			pm->name = "!";
			p->pos = j + 1;
			return 0;
		}
		if (is_name_start(d) || is_digit(d) ||
		    is_special_param(d)) {
			pm->indirect = true;
			p->pos = j;
			c = d;
			i = j;
		} else {
			pm->name = "!";
			p->pos = j;
			goto op;
		}
	}

	/* the name */
	if (is_name_start(c) && p->no_lc) {
		/* the name is one piece of the source (with no continuation
		 * in it): copied from there, as the loop below would */
		size_t e = i + 1;
		while (e < p->end && is_name_char((unsigned char)p->src[e]))
			e++;
		if (e - i >= 256) /* (the loop's limit: 255 bytes) */
			return sh_fail(p, SH_ERR_LIMIT, i, "name too long");
		pm->name = src_strndup(p, p->src + i, e - i);
		p->pos = e;
		i = e;
		c = sh_ch(p, e);
	} else if (is_name_start(c)) {
		size_t s = i;
		char nb[256];
		size_t nn = 0;
		while (is_name_char(c)) {
			if (nn + 1 >= sizeof(nb))
				return sh_fail(p, SH_ERR_LIMIT, s, "name too long");
			nb[nn++] = (char)c;
			p->pos = i + 1;
			c = peek(p, &i);
		}
		pm->name = sh_strndup(p, nb, nn);
	} else if (is_digit(c)) {
		char nb[32];
		size_t nn = 0;
		while (is_digit(c)) {
			if (nn + 1 >= sizeof(nb))
				return sh_fail(p, SH_ERR_LIMIT, i, "number too long");
			nb[nn++] = (char)c;
			p->pos = i + 1;
			c = peek(p, &i);
		}
		pm->name = sh_strndup(p, nb, nn);
	} else if (is_special_param(c)) {
		char nb[2] = { (char)c, 0 };
		pm->name = sh_strdup(p, nb);
		p->pos = i + 1;
		c = peek(p, &i);
	} else if (c < 0) {
		return sh_fail(p, SH_ERR_SYNTAX, off,
			       "unexpected end of file while looking for matching `}'");
	} else {
		return bad_subst(p, off);
	}
	if (!pm->name)
		return oom(p);

	/* subscript */
	if (c == '[' && is_name_start((unsigned char)pm->name[0])) {
		p->pos = i + 1;
		r = lex_param_operand(p, LC_SUBSCRIPT, 0, &pm->index);
		if (r < 0)
			return r;
		if (peek(p, &i) != ']') {
			/* bash balances ${ } by braces alone: ${a[$} parses,
			 * then fails when it runs */
			if (skip_quoted(p, off) != SIZE_MAX)
				return bad_subst(p, off);
			return sh_fail(p, SH_ERR_SYNTAX, off,
				       "unexpected end of file while looking for matching `]'");
		}
		p->pos = i + 1;
		c = peek(p, &i);
	}

	if (pm->indirect) {
		size_t nl = strlen(pm->name);
		if ((c == '*' || c == '@') && !pm->index && is_name_start((unsigned char)pm->name[0])) {
			d = peek_after(p, i, &j);
			if (d == '}') {
				pm->op = SH_PARAM_PREFIX_NAMES;
				pm->at = c == '@';
				pm->indirect = false;
				p->pos = j + 1;
				return 0;
			}
		}
		if (pm->index && c == '}' && pm->index->n_parts == 1 &&
		    pm->index->parts[0].kind == SH_PART_LIT &&
		    (strcmp(pm->index->parts[0].text, "@") == 0 ||
		     strcmp(pm->index->parts[0].text, "*") == 0)) {
			pm->op = SH_PARAM_KEYS;
			pm->at = pm->index->parts[0].text[0] == '@';
			pm->indirect = false;
			p->pos = i + 1;
			return 0;
		}
		(void)nl;
	}
	if (pm->op == SH_PARAM_LENGTH) {
		if (c != '}')
			return bad_subst(p, off);
		p->pos = i + 1;
		return 0;
	}

op:
	c = peek(p, &i);
	if (c == '}') {
		p->pos = i + 1;
		return 0;
	}
	if (c < 0)
		return sh_fail(p, SH_ERR_SYNTAX, off,
			       "unexpected end of file while looking for matching `}'");
	p->pos = i + 1;
	d = peek(p, &j);
	size_t n = param_op_at(pm, c, d);
	if (!n) {
		if (c == '@' && d > 0 && strchr("QEPAKaULuk", d)) {
			size_t k;
			if (peek_after(p, j, &k) == '}') {
				pm->op = SH_PARAM_TRANSFORM;
				pm->transform = (char)d;
				p->pos = k + 1;
				return 0;
			}
		}
		/* bash -n accepts anything balanced here; running it fails */
		return bad_subst(p, off);
	}
	if (n == 2)
		p->pos = j + 1;
	return lex_param_operands(p, flags, off, pm);
}

/* The operands of the ${name OP ...} at off whose operator pm has, from
 * p->pos (its first operand), and the closing brace: the end of
 * lex_param_braced, and all of it for a parameter param_op_word has read
 * the name and operator of. */
static inline __attribute__((always_inline)) int
lex_param_operands(struct sh_parser *p, unsigned flags, size_t off,
		   struct sh_param *pm)
{
	unsigned aflags = flags & LF_IN_DQ;
	size_t i;
	int c, r;
	if (pm->op == SH_PARAM_SUBSTRING)
		aflags = 0;
	else if (aflags && pm->op >= SH_PARAM_DEFAULT && pm->op <= SH_PARAM_ALTERNATE)
		aflags |= LF_SQ_LIT;
	enum lctx actx = param_op_ctx(pm->op);
	r = lex_param_operand(p, actx, aflags, &pm->arg);
	if (r < 0)
		return r;
	if (actx != LC_PARAM) {
		/* ${x:o:l} ${x/p/r}: the second operand */
		c = peek(p, &i);
		if (c == (actx == LC_PARAM_OFF ? ':' : '/')) {
			p->pos = i + 1;
			r = lex_param_operand(p, LC_PARAM, aflags, &pm->arg2);
			if (r < 0)
				return r;
		}
	}
	if (pm->arg->n_parts == 0 && param_op_drops_empty(pm->op))
		pm->arg = NULL;
	return expect_close_brace(p, off);
}

/* The closing quote of the $'...' whose opening quote is at q, p->end
 * when there is none (no line continuation removal inside). */
static inline size_t
ansi_c_close(const struct sh_parser *p, size_t q)
{
	size_t k = q + 1;
	while (k < p->end && p->src[k] != '\'') {
		if (p->src[k] == '\\' && k + 1 < p->end)
			k++;
		k++;
	}
	return k;
}

/* Decode the body [s, k) of the $'...' at i0 into o (of k - s bytes),
 * or fail as lex_dollar does. */
static int
ansi_c_decode(struct sh_parser *p, size_t i0, size_t s, size_t k, struct ansi_out *o)
{
	bool unsup = false;
	if (decode_ansi_c(p->src + s, k - s, o, &unsup) < 0)
		return sh_fail(p, SH_ERR_LIMIT, i0, "internal: $'...' decodes longer than it is written");
	if (unsup)
		return sh_fail(p, SH_ERR_UNSUPPORTED, i0,
			       "unsupported construct: $'\\u' escape of a non-ASCII "
			       "character (its value depends on the locale)");
	return 0;
}

/* p->pos is on '$'. Returns 1 if the '$' is literal. */
static int
lex_dollar(struct sh_parser *p, enum lctx ctx, unsigned flags,
	   struct pvec *out, struct litrun *lr)
{
	size_t i0 = sh_skip_lc(p, p->pos), i, j;
	int c = peek_after(p, i0, &i);
	int r;
	bool in_dq = ctx == LC_DQ || ctx == LC_HEREDOC || (flags & LF_IN_DQ);

	if (c == '\'' && !in_dq) {
		size_t s = i + 1, k = ansi_c_close(p, i);
		if (k >= p->end)
			return sh_fail(p, SH_ERR_SYNTAX, i0,
				       "unexpected end of file while looking for matching `''");
		/* decoded straight into the tree: the text is at most as
		 * long as the source (see struct ansi_out) */
		struct ansi_out o = { .d = sh_alloc(p, k - s + 1), .len = 0, .cap = k - s };
		if (!o.d)
			return oom(p);
		if ((r = ansi_c_decode(p, i0, s, k, &o)) < 0)
			return r;
		if ((r = lit_flush(p, out, lr)) < 0)
			return r;
		struct sh_part *part = pvec_push(p, out, SH_PART_ANSI_C, i0);
		if (!part)
			return oom(p);
		part->text = o.d;
		part->text_len = o.len;
		part->raw = sh_strndup(p, p->src + s, k - s);
		if (!part->raw)
			return oom(p);
		p->pos = k + 1;
		return 0;
	}
	if (c == '"' && !in_dq) {
		if ((r = lit_flush(p, out, lr)) < 0)
			return r;
		struct sh_part *part = pvec_push(p, out, SH_PART_LOCALE, i0);
		if (!part)
			return oom(p);
		p->pos = i + 1;
		struct pvec in;
		pvec_init(&in);
		if ((r = lex_parts(p, LC_DQ, 0, &in)) < 0)
			return r;
		if (peek(p, &j) != '"')
			return sh_fail(p, SH_ERR_SYNTAX, i0,
				       "unexpected end of file while looking for matching `\"'");
		p->pos = j + 1;
		part->parts = pvec_done(p, &in);
		if (in.n && !part->parts)
			return oom(p);
		part->n_parts = in.n;
		return 0;
	}
	if (c == '(') {
		if ((r = lit_flush(p, out, lr)) < 0)
			return r;
		if ((r = sh_enter(p, i0)) < 0)
			return r;
		int d = peek_after(p, i, &j);
		if (d == '(') {
			/* $(( )): arithmetic, unless it does not close with
			 * "))", in which case it is $( ( ... ) ... ) */
			unsigned d0 = p->depth;
			size_t lit0 = p->lit_len;
			p->pos = j + 1;
			struct sh_word *e = NULL;
			r = lex_param_operand(p, LC_ARITH, 0, &e);
			if (r == -EINVAL && p->err->kind == SH_ERR_SYNTAX)
				r = 1; /* retry as a command substitution */
			size_t k, k2;
			if (r == 0 && peek(p, &k) == ')' && peek_after(p, k, &k2) == ')') {
				struct sh_part *part = pvec_push(p, out, SH_PART_ARITH, i0);
				if (!part)
					return oom(p);
				part->expr = e;
				p->pos = k2 + 1;
				sh_leave(p);
				return 0;
			}
			if (r < 0)
				return r;
			if ((r = sh_charge(p, i0, p->pos > i0 ? p->pos - i0 : 0)) < 0)
				return r;
			p->err->kind = SH_ERR_NONE;
			p->depth = d0;
			p->lit_len = lit0;
			/* bash finds the end of such a $( by matching parens
			 * and parses what is inside only when it runs */
			size_t close = matched_paren_end(p, i + 1);
			if (close == SIZE_MAX)
				return sh_fail(p, SH_ERR_SYNTAX, i0,
					       "unexpected end of file while looking for matching `)'");
			size_t oend = p->end;
			p->end = close;
			p->pos = i + 1;
			struct sh_node *body = NULL;
			struct saved_state s;
			save_state(p, &s);
			p->in_sub++;
			r = sh_parse_program_until(p, -1, &body);
			p->in_sub--;
			int r2 = restore_state(p, &s, i0);
			p->end = oend;
			if (r == -EINVAL && p->err->kind == SH_ERR_SYNTAX) {
				p->err->kind = SH_ERR_NONE;
				return sh_fail(p, SH_ERR_UNSUPPORTED, i0,
					       "unsupported construct: $(( that is neither "
					       "arithmetic nor a valid command (bash fails it at "
					       "run time)");
			}
			if (r < 0)
				return r;
			if (r2 < 0)
				return r2;
			p->pos = close + 1;
			struct sh_part *part = pvec_push(p, out, SH_PART_CMDSUB, i0);
			if (!part)
				return oom(p);
			part->body = body;
			sh_leave(p);
			return 0;
		}
		p->pos = i + 1;
		struct sh_node *body = NULL;
		if ((r = lex_cmdsub_body(p, i0, &body)) < 0)
			return r;
		struct sh_part *part = pvec_push(p, out, SH_PART_CMDSUB, i0);
		if (!part)
			return oom(p);
		part->body = body;
		sh_leave(p);
		return 0;
	}
	if (c == '[') {
		if ((r = lit_flush(p, out, lr)) < 0)
			return r;
		if ((r = sh_enter(p, i0)) < 0)
			return r;
		p->pos = i + 1;
		struct sh_word *e = NULL;
		if ((r = lex_param_operand(p, LC_ARITH_BR, 0, &e)) < 0)
			return r;
		if (peek(p, &j) != ']')
			return sh_fail(p, SH_ERR_SYNTAX, i0,
				       "unexpected end of file while looking for matching `]'");
		p->pos = j + 1;
		struct sh_part *part = pvec_push(p, out, SH_PART_ARITH, i0);
		if (!part)
			return oom(p);
		part->expr = e;
		part->arith_bracket = true;
		sh_leave(p);
		return 0;
	}
	if (c == '{') {
		if ((r = lit_flush(p, out, lr)) < 0)
			return r;
		if ((r = sh_enter(p, i0)) < 0)
			return r;
		p->pos = i + 1;
		struct sh_param *pm = sh_alloc(p, sizeof(*pm));
		if (!pm)
			return oom(p);
		if ((r = lex_param_braced(p, in_dq ? LF_IN_DQ : 0, i0, pm)) < 0)
			return r;
		struct sh_part *part = pvec_push(p, out, SH_PART_PARAM, i0);
		if (!part)
			return oom(p);
		part->param = pm;
		sh_leave(p);
		if (!in_dq && !param_text_plain(p, i0))
			note_brace_skip(p, i0);
		return 0;
	}
	if (is_name_start(c) || is_digit(c) ||
	    is_special_param(c)) {
		if ((r = lit_flush(p, out, lr)) < 0)
			return r;
		struct sh_param *pm = sh_alloc(p, sizeof(*pm));
		if (!pm)
			return oom(p);
		size_t e = i;
		while (e < p->end && is_name_char((unsigned char)p->src[e]))
			e++;
		if (is_name_start(c) && e - i < 256 &&
		    !(e + 1 < p->end && p->src[e] == '\\' && p->src[e + 1] == '\n')) {
			/* the name is one piece of the source (the common case) */
			pm->name = src_strndup(p, p->src + i, e - i);
			p->pos = e;
		} else if (is_name_start(c)) {
			size_t s = i;
			/* a name that spans continuations: copy char by char */
			char nb[256];
			size_t nn = 0;
			e = i;
			while (is_name_char(sh_ch(p, e))) {
				if (nn + 1 >= sizeof(nb))
					return sh_fail(p, SH_ERR_LIMIT, s, "name too long");
				nb[nn++] = p->src[e];
				e = sh_skip_lc(p, e + 1);
			}
			pm->name = sh_strndup(p, nb, nn);
			p->pos = e;
		} else {
			char nb[2] = { (char)c, 0 };
			pm->name = sh_strdup(p, nb);
			p->pos = i + 1;
		}
		if (!pm->name)
			return oom(p);
		struct sh_part *part = pvec_push(p, out, SH_PART_PARAM, i0);
		if (!part)
			return oom(p);
		part->param = pm;
		return 0;
	}
	return 1;
}

/* ---- brace expansion --------------------------------------------------- */

static bool
seq_int(const char *s, size_t n)
{
	size_t i = 0;
	if (i < n && (s[i] == '-' || s[i] == '+'))
		i++;
	if (i == n || n - i > 18)
		return false;
	for (; i < n; i++)
		if (!is_digit((unsigned char)s[i]))
			return false;
	return true;
}

static bool
seq_char(const char *s, size_t n)
{
	return n == 1 && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'));
}

/* Where ".." first occurs in t[from..n), or n. */
static size_t
seq_dots(const char *t, size_t from, size_t n)
{
	for (size_t i = from; i + 1 < n; i++)
		if (t[i] == '.' && t[i + 1] == '.')
			return i;
	return n;
}

/*
 * Is t[0..n) "a..b" or "a..b..c", a sequence bash expands? Read in place
 * from the source (no copy of the text first), its bounds copied into
 * one allocation. Returns the brace, NULL when it is no sequence (or
 * memory ran out: *ret_oom).
 */
static struct sh_brace *
parse_seq(struct sh_parser *p, const char *t, size_t n, bool *ret_oom)
{
	size_t d1 = seq_dots(t, 0, n);
	if (d1 == n)
		return NULL;
	size_t b = d1 + 2, d2 = seq_dots(t, b, n);
	size_t la = d1, lb = d2 - b, c = d2 < n ? d2 + 2 : n, lc = n - c;
	if (!(seq_int(t, la) && seq_int(t + b, lb)) &&
	    !(seq_char(t, la) && seq_char(t + b, lb)))
		return NULL;
	if (d2 < n && !seq_int(t + c, lc))
		return NULL;
	/* the brace and its bounds in one allocation: the text copied
	 * whole (t is in p->src: copy_src_text's one move for a short one),
	 * the first '.' of each ".." made the NUL of the bound before it */
	_Static_assert(sizeof(struct sh_brace) % 8 == 0, "bounds follow the brace");
	struct sh_brace *br = sh_alloc_rounded(p, sizeof(*br) + src_text_room(n));
	if (!br) {
		*ret_oom = true;
		return NULL;
	}
	char *m = (char *)(br + 1);
	copy_src_text(m, t, n);
	m[d1] = '\0';
	*br = (struct sh_brace){ .is_sequence = true, .seq_start = m, .seq_end = m + b };
	if (d2 < n) {
		m[d2] = '\0';
		br->seq_step = m + c;
	}
	return br;
}

/*
 * Where a ${...} starting at k ends for bash's brace scan, which counts
 * every brace inside it, bounded by the word: the parameter itself ends at
 * its first '}' outside quotes and substitutions, and the word at the first
 * unquoted metacharacter after that; a brace-view end past the word's end
 * (or none) is the word's end. Returns that index and sets *ret_cut when
 * the word ended first.
 */
/* The '}' that ends the ${ at k as the parser reads it: the first one
 * outside quotes, substitutions and nested ${...}; SIZE_MAX when none. */
static size_t
parser_param_close(const struct sh_parser *p, size_t k, unsigned depth)
{
	size_t q = k + 2;
	if (depth > 64)
		return SIZE_MAX; /* deeper than this, the caller's scan gives up */
	while (q < p->end && p->src[q] != '}') {
		char c = p->src[q];
		if (c == '\\' || (c == '$' && q + 1 < p->end && p->src[q + 1] == '$')) {
			q += 2; /* an escape, or $$ (whose '$' starts nothing) */
			continue;
		}
		if (c == '$' && q + 1 < p->end && p->src[q + 1] == '{') {
			q = parser_param_close(p, q, depth + 1);
			if (q == SIZE_MAX)
				return q;
			q++;
			continue;
		}
		if (c == '\'' || c == '"' || c == '`' ||
		    (c == '$' && q + 1 < p->end && (p->src[q + 1] == '(' || p->src[q + 1] == '\''))) {
			q = skip_quoted(p, q);
			if (q == SIZE_MAX)
				return q;
			continue;
		}
		q++;
	}
	return q < p->end ? q : SIZE_MAX;
}

static size_t
brace_view_param_end(const struct sh_parser *p, size_t k, bool *ret_cut)
{
	size_t be = skip_quoted(p, k);
	*ret_cut = false;
	/* the parameter's own end, as the parser finds it */
	size_t q = parser_param_close(p, k, 0);
	if (q == SIZE_MAX)
		return be; /* the parser will say what is wrong */
	if (q >= p->end || (be != SIZE_MAX && be <= q + 1))
		return be;
	/* the rest of the word after the parameter */
	size_t w = q + 1;
	while (w < p->end && (be == SIZE_MAX || w < be)) {
		char c = p->src[w];
		if (c == '\\' || (c == '$' && w + 1 < p->end && p->src[w + 1] == '$')) {
			w += 2;
			continue;
		}
		if (c == '$' && w + 1 < p->end && p->src[w + 1] == '{') {
			/* another parameter in the word: the word goes on after
			 * it as the parser reads it (its first '}'), not as far as
			 * the brace scan's count of it would (past the word) */
			size_t n = parser_param_close(p, w, 0);
			if (n == SIZE_MAX)
				break;
			w = n + 1;
			continue;
		}
		if (c == '\'' || c == '"' || c == '`' ||
		    (c == '$' && w + 1 < p->end && (p->src[w + 1] == '(' || p->src[w + 1] == '\''))) {
			size_t n = skip_quoted(p, w);
			if (n == SIZE_MAX)
				break;
			w = n;
			continue;
		}
		if (is_meta((unsigned char)c))
			break;
		w++;
	}
	if (be != SIZE_MAX && be <= w)
		return be;
	*ret_cut = true;
	return w > p->end ? p->end : w;
}

/*
 * Bash expands braces on a word's text before it expands parameters, and
 * its brace scan skips ${...} by counting braces: in a${x:-{}{1..2} the
 * scan's ${ ends at the last '}', so {1..2} is not expanded there (bash
 * prints aQ{1..2}), although the parameter itself ends at the first '}'.
 * Record the part of the word after the parameter that the brace scan
 * still counts as inside it (up to the end of the word: an unquoted
 * metacharacter); lex_brace leaves a '{' there literal.
 */
static void
note_brace_skip(struct sh_parser *p, size_t dollar)
{
	/* A parameter that ends its word at p->pos, whose '}'
	 * parser_param_close finds where the parser did (at p->pos - 1):
	 * brace_view_param_end's walk after that '}' stops at once (at a
	 * metacharacter or the end), so whatever its brace count says, the
	 * view ends at p->pos or before, and nothing is noted. Asked first,
	 * without that count (skip_quoted of the whole ${...}, which matches
	 * a $( )'s parens again): ${x:-$(cmd)}, ${x:+`cmd`} ending a word. */
	if (word_ends_at(p, p->pos) && parser_param_close(p, dollar, 0) == p->pos - 1)
		return;
	bool cut = false;
	size_t to = brace_view_param_end(p, dollar, &cut);
	if (to == SIZE_MAX || to <= p->pos)
		return; /* both end at the same '}' (or the parser fails) */
	p->brace_skip_src = p->src;
	p->brace_skip_end = p->end;
	p->brace_skip_from = p->pos;
	p->brace_skip_to = to;
}

/*
 * Is the ${...} at dollar, which the parser has just read up to p->pos,
 * free of quotes, escapes, expansions and braces inside? Then bash's brace
 * scan and the parser end it at the same '}', and note_brace_skip (three
 * scans of it) has nothing to note: most parameters, ${x%.*} and the like.
 */
static bool
param_text_plain(const struct sh_parser *p, size_t dollar)
{
	static const bool special[256] = {
		['\\'] = true, ['\''] = true, ['"'] = true, ['`'] = true,
		['$'] = true, ['{'] = true, ['}'] = true,
	};
	size_t close = p->pos - 1;
	if (p->pos < dollar + 3 || p->pos > p->end || p->src[close] != '}')
		return false;
	for (size_t k = dollar + 2; k < close; k++)
		if (special[(unsigned char)p->src[k]])
			return false;
	return true;
}

/*
 * Does the ${...} at dollar, which the parser has just read up to p->pos,
 * end its word there, with nothing inside that note_brace_skip's scans
 * (parser_param_close, skip_quoted) could read otherwise than the parser:
 * no backquote, '(' or $[, and no '$' in it if it has quotes (a quote
 * within a substitution in quotes)? Then they end it at the same '}', the
 * word's end after it ends their view of it too, and note_brace_skip would
 * note nothing: ${x#\a}, ${x:-$y}, ${x:-"a b"}, ${x/\//-} ending a word.
 */
static bool
param_ends_word(const struct sh_parser *p, size_t dollar)
{
	enum { QUOTE = 1, DOLLAR = 2, NEVER = 4 };
	static const unsigned char cls[256] = {
		['\''] = QUOTE, ['"'] = QUOTE, ['$'] = DOLLAR, ['`'] = NEVER,
		['('] = NEVER,
	};
	size_t close = p->pos - 1;
	if (p->pos < dollar + 3 || p->pos > p->end || p->src[close] != '}' ||
	    !word_ends_at(p, p->pos))
		return false;
	unsigned seen = 0;
	for (size_t k = dollar + 2; k < close; k++) {
		unsigned c = cls[(unsigned char)p->src[k]];
		if (c == DOLLAR && p->src[k + 1] == '[')
			return false;
		seen |= c;
	}
	return !(seen & NEVER) && (seen & (QUOTE | DOLLAR)) != (QUOTE | DOLLAR);
}

/* Skip a quoted string or substitution that starts at k; returns the index
 * after it, or SIZE_MAX when it does not end. */
static size_t
skip_quoted(const struct sh_parser *p, size_t k)
{
	char c = p->src[k];
	if (c == '\'' || c == '"' || c == '`') {
		size_t q = k + 1;
		while (q < p->end && p->src[q] != c) {
			if (c != '\'' && p->src[q] == '\\')
				q++;
			q++;
		}
		return q < p->end ? q + 1 : SIZE_MAX;
	}
	/* $'...' $( $(( ${ <( >( */
	char d = k + 1 < p->end ? p->src[k + 1] : 0;
	if (d == '\'') {
		size_t q = k + 2;
		while (q < p->end && p->src[q] != '\'') {
			if (p->src[q] == '\\')
				q++;
			q++;
		}
		return q < p->end ? q + 1 : SIZE_MAX;
	}
	if (d == '(') {
		size_t q = matched_paren_end(p, k + 2);
		return q == SIZE_MAX ? q : q + 1;
	}
	/* ${ ... }: count braces, skipping quotes */
	unsigned depth = 0;
	size_t q = k + 2;
	while (q < p->end) {
		char e = p->src[q];
		if (e == '\\') {
			q += 2;
			continue;
		}
		if (e == '\'' || e == '"' || e == '`' ||
		    (e == '$' && q + 1 < p->end &&
		     (p->src[q + 1] == '(' || p->src[q + 1] == '{'))) {
			q = skip_quoted(p, q);
			if (q == SIZE_MAX)
				return q;
			continue;
		}
		if (e == '{')
			depth++;
		else if (e == '}') {
			if (!depth)
				return q + 1;
			depth--;
		}
		q++;
	}
	return SIZE_MAX;
}

/* The characters lex_brace's scan looks at one by one; it steps over the
 * others (plain text) without a test each. (Not 0 for each: BS_ITEM for
 * the ',' and '}' that end an item, BS_CLOSE for the '}', so that
 * brace_plain_items tells them from the others with one load.) */
enum { BS_STOP = 1, BS_ITEM = 2, BS_CLOSE = 4 };
static const unsigned char brace_scan_stop[256] = {
	['\\'] = BS_STOP, ['$'] = BS_STOP, ['\''] = BS_STOP, ['"'] = BS_STOP,
	['`'] = BS_STOP, ['{'] = BS_STOP, ['}'] = BS_ITEM | BS_CLOSE, [','] = BS_ITEM,
	['['] = BS_STOP, ['\0'] = BS_STOP, [' '] = BS_STOP, ['\t'] = BS_STOP,
	['\n'] = BS_STOP, ['|'] = BS_STOP, ['&'] = BS_STOP, [';'] = BS_STOP,
	['<'] = BS_STOP, ['>'] = BS_STOP, ['('] = BS_STOP, [')'] = BS_STOP,
};

/*
 * The word of source text start..start+n that lex_parts would make of it
 * when the text is plain in its context (a brace item with no quotes,
 * expansions, escapes, braces or '['; a whole word of plain text after a
 * literal '{', lex_brace_word; plain arithmetic, arith_plain_subword):
 * one LIT part, or none when empty, built directly.
 */
static inline __attribute__((always_inline)) struct sh_word *
plain_text_word(struct sh_parser *p, size_t start, size_t n)
{
	if (n)
		return lit_word(p, p->src + start, n, start);
	struct sh_word *w = sh_alloc_raw(p, sizeof(*w));
	if (w)
		*w = (struct sh_word){ .pos = sh_pos_at(p, start), .src = p->src + start };
	return w;
}

static bool
is_unbraced_name_param(const struct sh_part *pt)
{
	return pt->kind == SH_PART_PARAM && !pt->param->braced &&
	       is_name_start((unsigned char)pt->param->name[0]);
}

/*
 * p->pos on '{'. Bash finds the matching '}' first, counting every brace
 * in the word (quotes and substitutions skipped), then expands when there
 * is a comma at the top level or the whole is a sequence. Returns 1 when
 * this '{' is literal.
 */
static int
lex_brace(struct sh_parser *p, unsigned flags, struct pvec *out,
	  struct litrun *lr)
{
	size_t i0 = sh_skip_lc(p, p->pos);
	size_t k = i0 + 1, close = SIZE_MAX;
	size_t commas_inl[16], *commas = commas_inl, nc = 0, ccap = 16;
	unsigned depth = 0;
	bool any_close = false;
	/* no character but plain text, ',' and '}' met: the items are
	 * plain text (plain_text_word), or the whole may be a sequence */
	bool simple = true;
	/* bit q: item q is not plain text (bit 63: any item from the 63rd) */
	uint64_t odd = 0;
	bool tilde_item = false; /* a plain item starts with '~' */
	int r;

	/* a scan that met no '}' before the end of the word answers for
	 * every '{' after it in that word too */
	if (p->src == p->brace_fail_src && p->end == p->brace_fail_end &&
	    i0 > p->brace_fail_from && i0 < p->brace_fail_to)
		return 1;
	if (p->src == p->brace_skip_src && p->end == p->brace_skip_end &&
	    i0 >= p->brace_skip_from && i0 < p->brace_skip_to)
		return 1;
	while (k < p->end) {
		char c = p->src[k];
		if (!brace_scan_stop[(unsigned char)c]) {
			k++;
			continue;
		}
		/* (',' and '}' first: the stops of most braces) */
		if (c == ',') {
			if (!depth) {
				commas = sh_vec_room(p, commas, &ccap, nc, sizeof(*commas));
				if (!commas)
					return oom(p);
				commas[nc++] = k;
			}
			k++;
			continue;
		}
		if (c == '}') {
			any_close = true;
			if (!depth) {
				close = k;
				break;
			}
			depth--;
			k++;
			continue;
		}
		simple = false;
		odd |= (uint64_t)1 << (nc < 63 ? nc : 63);
		if (c == '\\' || (c == '$' && k + 1 < p->end && p->src[k + 1] == '$')) {
			k += 2; /* an escape, or $$: a '{' after it starts no ${ */
			continue;
		}
		if (c == '\'' || c == '"' || c == '`' ||
		    (c == '$' && k + 1 < p->end &&
		     (p->src[k + 1] == '(' || p->src[k + 1] == '{' || p->src[k + 1] == '\'')) ||
		    ((c == '<' || c == '>') && k + 1 < p->end && p->src[k + 1] == '(')) {
			bool cut = false;
			if (c == '<' || c == '>') {
				size_t q = matched_paren_end(p, k + 2);
				k = q == SIZE_MAX ? q : q + 1;
			} else if (c == '$' && p->src[k + 1] == '{') {
				k = brace_view_param_end(p, k, &cut);
			} else {
				k = skip_quoted(p, k);
			}
			if (k == SIZE_MAX || cut)
				break; /* the word ends inside it: no closing brace */
			continue;
		}
		if (is_meta((unsigned char)c))
			break;
		if (c == '{')
			depth++;
		k++;
	}
	if (close == SIZE_MAX) {
		size_t span = (k == SIZE_MAX ? p->end : k) - i0;
		/* A quote or substitution whose brace-view end is not in this
		 * word ran the scan past the word: the range would cover later
		 * words (a{${x:-y} b {1..2} left {1..2} literal). Cache only a
		 * scan that stopped inside the word. */
		if (!any_close && k != SIZE_MAX) {
			p->brace_fail_src = p->src;
			p->brace_fail_end = p->end;
			p->brace_fail_from = i0;
			p->brace_fail_to = i0 + span;
		}
		/* otherwise the scan is repeated for each '{': bound it */
		if ((r = sh_charge(p, i0, span)) < 0)
			return r;
		return 1;
	}
	struct sh_brace *br;
	if (nc == 0) {
		/* a sequence is plain text: {1..9} {a..z..2} */
		size_t n = close - i0 - 1;
		const char *t = p->src + i0 + 1;
		bool no_mem = false;
		/* (parse_seq takes digits, signs, letters and ".." only) */
		br = simple ? parse_seq(p, t, n, &no_mem) : NULL;
		if (no_mem)
			return oom(p);
		if (!br) {
			if ((r = sh_charge(p, i0, n)) < 0)
				return r;
			return 1;
		}
	} else {
		/* the brace and its nc + 1 items' array: one allocation */
		_Static_assert(sizeof(*br) % _Alignof(struct sh_word *) == 0,
			       "a brace's item array follows it");
		br = sh_alloc_bounded(p, sizeof(*br) + (nc + 1) * sizeof(struct sh_word *));
		if (!br)
			return oom(p);
		struct sh_word **items = (struct sh_word **)(br + 1);
		*br = (struct sh_brace){ .items = items };
		if ((r = sh_enter(p, i0)) < 0)
			return r;
		size_t oend = p->end, start = i0 + 1;
		size_t n = 0;
		for (size_t q = 0; q <= nc; q++) {
			size_t e = q < nc ? commas[q] : close;
			struct sh_word *w;
			if (!(odd >> (q < 63 ? q : 63) & 1)) {
				/* (the item is plain text whether or not the others are) */
				w = plain_text_word(p, start, e - start);
				if (!w)
					return oom(p);
				/* (an empty item's byte there is its ',' or '}') */
				tilde_item |= p->src[start] == '~';
				items[n++] = w;
				start = e + 1;
				continue;
			}
			struct pvec pv;
			pvec_init(&pv);
			p->end = e;
			p->pos = start;
			r = lex_parts(p, LC_WORD, flags & ~LF_CMDPOS, &pv);
			p->end = oend;
			if (r < 0)
				return r;
			if (p->pos != e)
				return sh_fail(p, SH_ERR_UNSUPPORTED, i0,
					       "unsupported construct: brace expansion item "
					       "that does not end where bash ends it");
			w = make_word(p, &pv, start, e);
			if (!w)
				return oom(p);
			items[n++] = w;
			start = e + 1;
		}
		sh_leave(p);
		br->n_items = n;
	}
	p->pos = close + 1;

	/*
	 * Bash expands braces on the text before parameters: in $x{1,2} or
	 * {a,$x}b the name the '$' reads is not the one the tree shows. A
	 * leading item starting with '~' is tilde-expanded afterwards. We do
	 * not model either.
	 */
	bool word_start = out->n == 0 && !lr->active;
	if ((lr->active ? false : out->n && is_unbraced_name_param(&out->v[out->n - 1])))
		return sh_fail(p, SH_ERR_UNSUPPORTED, i0,
			       "unsupported construct: brace expansion right after "
			       "$name (bash expands the braces first)");
	if (simple) {
		/* plain items: only the tilde check below can apply */
		if (word_start && tilde_item)
			return sh_fail(p, SH_ERR_UNSUPPORTED, i0,
				       "unsupported construct: tilde at the start "
				       "of a brace expansion item");
	} else if (!br->is_sequence) {
		int c = peek(p, NULL);
		for (size_t q = 0; q < br->n_items; q++) {
			const struct sh_word *w = br->items[q];
			if (w->n_parts && (is_name_char(c) || c == '{') &&
			    is_unbraced_name_param(&w->parts[w->n_parts - 1]))
				return sh_fail(p, SH_ERR_UNSUPPORTED, i0,
					       "unsupported construct: brace item ending in "
					       "$name with more of the word after it");
			if (word_start && w->n_parts && w->parts[0].kind == SH_PART_LIT &&
			    w->parts[0].text[0] == '~')
				return sh_fail(p, SH_ERR_UNSUPPORTED, i0,
					       "unsupported construct: tilde at the start "
					       "of a brace expansion item");
		}
	}
	if ((r = lit_flush(p, out, lr)) < 0)
		return r;
	struct sh_part *part = pvec_push(p, out, SH_PART_BRACE, i0);
	if (!part)
		return oom(p);
	part->brace = br;
	return 0;
}

/* ---- extglob ----------------------------------------------------------- */

/* p->pos on the operator char, followed by '(' */
static int
lex_extglob(struct sh_parser *p, unsigned flags, struct pvec *out,
	    struct litrun *lr)
{
	size_t i0 = sh_skip_lc(p, p->pos), i;
	char opc = p->src[i0];
	int r;
	peek_after(p, i0, &i);
	p->pos = i + 1;
	if ((r = lit_flush(p, out, lr)) < 0)
		return r;
	if ((r = sh_enter(p, i0)) < 0)
		return r;
	struct sh_word **alts = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		size_t s = sh_skip_lc(p, p->pos);
		struct pvec pv;
		pvec_init(&pv);
		/* an alternative: a pattern that may itself hold extglobs and
		 * blanks; reuse the regex lexer's paren balancing */
		r = lex_parts(p, LC_REGEX, (flags & ~LF_CMDPOS) | 0x100u, &pv);
		if (r < 0)
			return r;
		struct sh_word *w = make_word(p, &pv, s, p->pos);
		alts = sh_grow(p, alts, &cap, n, sizeof(*alts));
		if (!w || !alts)
			return oom(p);
		alts[n++] = w;
		int c = peek(p, &i);
		if (c == ')') {
			p->pos = i + 1;
			break;
		}
		if (c != '|')
			return sh_fail(p, SH_ERR_SYNTAX, i0,
				       "unexpected end of file while looking for matching `)'");
		p->pos = i + 1;
	}
	struct sh_part *part = pvec_push(p, out, SH_PART_EXTGLOB, i0);
	if (!part)
		return oom(p);
	char t[2] = { opc, 0 };
	part->text = sh_strdup(p, t);
	part->text_len = 1;
	part->alts = alts;
	part->n_alts = n;
	sh_leave(p);
	return part->text ? 0 : oom(p);
}

/* ---- the part lexer ---------------------------------------------------- */

/*
 * Lex parts in context ctx from p->pos until the context's stop character,
 * which is left unconsumed. Returns 0, a negative errno, or 1 when a brace
 * item runs into the end of the word (no brace expansion).
 */
/*
 * lex_parts in ctx (LC_WORD or LC_DQ) at a '$' that starts a word or the
 * inside of "...": the expansion is read as lex_parts_at's loop would read
 * it first, and the loop runs only when something follows it before the
 * end of the word or the closing quote (${x:-y}, "${a[@]}", $'...').
 * (Always inlined: ctx is a constant in both callers.)
 */
static inline __attribute__((always_inline)) int
lex_parts_dollar(struct sh_parser *p, enum lctx ctx, unsigned flags, struct pvec *out)
{
	struct litrun lr = { .active = false };
	int r = lex_dollar(p, ctx, flags, out, &lr);
	if (r == 1) /* a literal '$': nothing read */
		return lex_parts(p, ctx, flags, out);
	if (r < 0 || (ctx == LC_WORD ? word_ends_at(p, p->pos)
				     : p->pos < p->end && p->src[p->pos] == '"'))
		return r;
	return lex_parts(p, ctx, flags, out);
}

/* The "..." at i (p->pos) as a DQUOTE part of out, up to its closing
 * quote. (Always inlined: lex_parts_at's case and a word that starts with
 * one, in lex_word_rest.) */
static inline __attribute__((always_inline)) int
lex_dq_part(struct sh_parser *p, struct pvec *out, size_t i)
{
	int r;
	if ((r = sh_enter(p, i)) < 0)
		return r;
	struct sh_part *part = pvec_push(p, out, SH_PART_DQUOTE, i);
	if (!part)
		return oom(p);
	size_t pidx = out->n - 1;
	p->pos = i + 1;
	struct pvec in;
	pvec_init(&in);
	r = sub_at(p, LC_DQ, i + 1) ? lex_parts_sub(p, LC_DQ, 0, &in, i + 1)
	    : i + 1 < p->end && p->src[i + 1] == '$' ? lex_parts_dollar(p, LC_DQ, 0, &in)
						     : lex_parts(p, LC_DQ, 0, &in);
	if (r < 0)
		return r;
	return dq_close(p, i, out, pidx, &in);
}

/*
 * Lex parts in ctx from p->pos. plain_end, when past p->pos, says the text
 * up to it is already known to be one plain literal run (lex_word_token's
 * scan found it), which is taken as it is rather than scanned again.
 */
static int
lex_parts_at(struct sh_parser *p, enum lctx ctx, unsigned flags, struct pvec *out,
	     size_t plain_end)
{
	struct litrun lr = { .active = false };
	unsigned depth = 0; /* ( or [ nesting in arithmetic and subscripts */
	size_t start = sh_skip_lc(p, p->pos);
	if (plain_end > start) {
		lr.active = true;
		lr.slice = true;
		lr.kind = SH_PART_LIT;
		lr.off = start;
		lr.sp = p->src + start;
		lr.sn = plain_end - start;
		p->pos = plain_end;
	}
	bool extglob_alt = (flags & 0x100u) != 0;
	int r;

	for (;;) {
		size_t i;
		int c = peek(p, &i);

		/* where does this context stop? */
		switch (ctx) {
		case LC_WORD:
			if (c == '<' || c == '>') {
				size_t j;
				if (peek_after(p, i, &j) == '(') {
					if ((r = lit_flush(p, out, &lr)) < 0)
						return r;
					if ((r = sh_enter(p, i)) < 0)
						return r;
					p->pos = j + 1;
					struct sh_node *body = NULL;
					if ((r = lex_cmdsub_body(p, i, &body)) < 0)
						return r;
					struct sh_part *part = pvec_push(p, out, SH_PART_PROCSUB, i);
					if (!part)
						return oom(p);
					part->body = body;
					part->procsub_dir = (char)c;
					sh_leave(p);
					continue;
				}
			}
			if (c == '(' && p->extglob && lr.active &&
			    lr.kind == SH_PART_LIT && lit_last_is_extglob_op(p, &lr)) {
				/* take back the operator char and lex @(...) */
				lit_drop_last(p, &lr);
				size_t opi = i - 1;
				while (opi > 0 && p->src[opi] != '@' && p->src[opi] != '*' &&
				       p->src[opi] != '+' && p->src[opi] != '?' && p->src[opi] != '!')
					opi--;
				p->pos = opi;
				if ((r = lex_extglob(p, flags, out, &lr)) < 0)
					return r;
				continue;
			}
			if (is_meta(c))
				goto done;
			break;
		case LC_DQ:
			if (c == '"' || c < 0)
				goto done;
			break;
		case LC_HEREDOC:
			if (c < 0)
				goto done;
			break;
		case LC_PARAM:
			if (c == '}' || c < 0)
				goto done;
			break;
		case LC_PARAM_PAT:
			if (c == '}' || c == '/' || c < 0)
				goto done;
			break;
		case LC_PARAM_OFF:
			if (c == '(')
				depth++;
			else if (c == ')' && depth)
				depth--;
			else if ((c == ':' && !depth) || c == '}' || c < 0)
				goto done;
			break;
		case LC_ARITH:
		case LC_ARITH_FOR:
			if (c < 0)
				return sh_fail(p, SH_ERR_SYNTAX, start ? start - 1 : 0,
					       "unexpected end of file while looking for matching `)'");
			if (c == '(')
				depth++;
			else if (c == ')') {
				if (!depth)
					goto done;
				depth--;
			} else if (c == ';' && ctx == LC_ARITH_FOR && !depth)
				goto done;
			break;
		case LC_ARITH_BR:
		case LC_SUBSCRIPT:
			if (c < 0)
				goto done;
			if (c == '[')
				depth++;
			else if (c == ']') {
				if (!depth)
					goto done;
				depth--;
			}
			break;
		case LC_REGEX:
			if (c == '(') {
				if (extglob_alt && p->extglob && lr.active &&
				    lr.kind == SH_PART_LIT && lit_last_is_extglob_op(p, &lr)) {
					lit_drop_last(p, &lr);
					size_t opi = i - 1;
					while (opi > 0 && !strchr("@*+?!", p->src[opi]))
						opi--;
					p->pos = opi;
					if ((r = lex_extglob(p, flags, out, &lr)) < 0)
						return r;
					continue;
				}
				depth++;
				if ((r = lit_add_src(p, out, &lr, SH_PART_LIT, i, p->src + i, 1)) < 0)
					return r;
				p->pos = i + 1;
				continue;
			}
			if (c == ')') {
				if (!depth)
					goto done;
				depth--;
				if ((r = lit_add_src(p, out, &lr, SH_PART_LIT, i, p->src + i, 1)) < 0)
					return r;
				p->pos = i + 1;
				continue;
			}
			if (extglob_alt) {
				/* a pattern list runs to its ')' whatever it holds */
				if ((c == '|' && !depth) || c < 0)
					goto done;
				break;
			}
			if (c == '|')
				break;
			if (depth && c >= 0 && (is_blank(c) || c == '\n' || c == ';' ||
					      c == '&' || c == '<' || c == '>'))
				break;
			if (is_meta(c))
				goto done;
			break;
		default:
			goto done;
		}

		/* the character is part of this context */
		bool quoted_ctx = ctx == LC_DQ || ctx == LC_HEREDOC;
		switch (c) {
		case '\\': {
			size_t j = i + 1;
			int d = sh_ch(p, j);
			if (d < 0) {
				/* a trailing backslash stays */
				if ((r = lit_addc(p, out, &lr,
						  quoted_ctx ? SH_PART_LIT : SH_PART_ESCAPED,
						  i, '\\')) < 0)
					return r;
				p->pos = j;
				continue;
			}
			if (quoted_ctx) {
				if (d == '$' || d == '`' || d == '\\' ||
				    (d == '"' && ctx == LC_DQ)) {
					r = lit_add_src(p, out, &lr, SH_PART_ESCAPED, i, p->src + j, 1);
				} else {
					/* the backslash stays, as written */
					r = lit_add_src(p, out, &lr, SH_PART_LIT, i, p->src + i, 2);
				}
				if (r < 0)
					return r;
				p->pos = j + 1;
				continue;
			}
			if ((flags & LF_IN_DQ) && !(d == '$' || d == '`' || d == '\\' ||
						     d == '"' || d == '}')) {
				if ((r = lit_add_src(p, out, &lr, SH_PART_LIT, i, p->src + i, 2)) < 0)
					return r;
				p->pos = j + 1;
				continue;
			}
			if ((r = lit_add_src(p, out, &lr, SH_PART_ESCAPED, i, p->src + j, 1)) < 0)
				return r;
			p->pos = j + 1;
			continue;
		}
		case '\'':
			if (quoted_ctx)
				break;
			{
				size_t k = i + 1;
				while (k < p->end && p->src[k] != '\'')
					k++;
				if (k >= p->end)
					return sh_fail(p, SH_ERR_SYNTAX, i,
						       "unexpected end of file while looking for matching `''");
				if (flags & LF_SQ_LIT) {
					if ((r = lit_add_src(p, out, &lr, SH_PART_LIT, i,
							     p->src + i, k + 1 - i)) < 0)
						return r;
				} else {
					if ((r = lit_flush(p, out, &lr)) < 0)
						return r;
					struct sh_part *part = pvec_push(p, out, SH_PART_SQUOTE, i);
					if (!part)
						return oom(p);
					part->text = src_strndup(p, p->src + i + 1, k - i - 1);
					part->text_len = k - i - 1;
					if (!part->text)
						return oom(p);
				}
				p->pos = k + 1;
				continue;
			}
		case '"':
			if (quoted_ctx)
				break;
			if ((r = lit_flush(p, out, &lr)) < 0 || (r = lex_dq_part(p, out, i)) < 0)
				return r;
			continue;
		case '$':
			r = lex_dollar(p, ctx, flags, out, &lr);
			if (r < 0)
				return r;
			if (r == 0)
				continue;
			break;
		case '`': {
			if ((r = lit_flush(p, out, &lr)) < 0)
				return r;
			if ((r = sh_enter(p, i)) < 0)
				return r;
			p->pos = i + 1;
			struct sh_node *body = NULL;
			bool dq = quoted_ctx || (flags & LF_IN_DQ);
			if ((r = lex_backquote(p, dq ? LF_IN_DQ : 0, i, &body, false)) < 0)
				return r;
			struct sh_part *part = pvec_push(p, out, SH_PART_CMDSUB, i);
			if (!part)
				return oom(p);
			part->body = body;
			part->backquote = true;
			sh_leave(p);
			continue;
		}
		case '{':
			if (ctx == LC_WORD) {
				r = lex_brace(p, flags, out, &lr);
				if (r < 0)
					return r;
				if (r == 0)
					continue;
			}
			break;
		case '[':
			if (ctx == LC_WORD && lr.active && lr.kind == SH_PART_LIT &&
			    out->n == 0 &&
			    lit_is_name(p, &lr)) {
				/* NAME[...: where an assignment may stand, bash
				 * reads the subscript as one piece, blanks
				 * included (a[1 + 2]=x), whatever follows it */
				p->cmdpos_sens = true;
				if (!(flags & LF_CMDPOS))
					break;
				if ((r = lit_add_src(p, out, &lr, SH_PART_LIT, i, p->src + i, 1)) < 0 ||
				    (r = lit_flush(p, out, &lr)) < 0)
					return r;
				p->pos = i + 1;
				if ((r = lex_parts(p, LC_SUBSCRIPT, 0, out)) < 0)
					return r;
				size_t j;
				if (peek(p, &j) != ']')
					return sh_fail(p, SH_ERR_SYNTAX, i,
						       "unexpected end of file while looking for matching `]'");
				if ((r = lit_add_src(p, out, &lr, SH_PART_LIT, j, p->src + j, 1)) < 0)
					return r;
				p->pos = j + 1;
				continue;
			}
			break;
		default:
			break;
		}
		/* plain character: take a run of them at once (the first
		 * one may be a character that ends a run elsewhere) */
		{
			size_t k = i + 1;
			if (ctx == LC_WORD || ctx == LC_DQ || ctx == LC_HEREDOC) {
				/* inside "..." and here-document bodies only \\ $ `
				 * (and the closing ") are special: the switch above
				 * takes any other character as plain text */
				unsigned stop = ctx == LC_WORD ? CC_RUNSTOP | CC_META : CC_DQSTOP;
				for (;;) {
					while (k < p->end && !(cc_table[(unsigned char)p->src[k]] & stop))
						k++;
					/* in quotes, a backslash before a character
					 * it does not escape is text, both kept
					 * (see its case above): the run goes on */
					if (ctx == LC_WORD || k + 1 >= p->end || p->src[k] != '\\')
						break;
					char d = p->src[k + 1];
					if (d == '$' || d == '`' || d == '\\' || d == '\n' ||
					    (d == '"' && ctx == LC_DQ))
						break;
					k += 2;
				}
			} else {
				/* the operands of ${...}, arithmetic, subscripts
				 * and regexes: up to a character that either
				 * switch above takes for something else here */
				unsigned stop = ctx_run_stop[ctx];
				while (k < p->end && !(run_class[(unsigned char)p->src[k]] & stop))
					k++;
			}
			if ((r = lit_add_src(p, out, &lr, SH_PART_LIT, i, p->src + i, k - i)) < 0)
				return r;
			p->pos = k;
			if (c == '\0')
				return sh_fail(p, SH_ERR_SYNTAX, i, "NUL byte in input");
		}
	}
done:
	return lit_flush(p, out, &lr);
}

/* ---- words, assignments, tokens ---------------------------------------- */

/* Split a LIT part at index k of w into two at byte off; returns the index
 * of the second half. */
static int
split_part(struct sh_parser *p, struct sh_word *w, size_t k, size_t off,
	   enum sh_part_kind second_kind)
{
	struct sh_part *nv = sh_alloc(p, (w->n_parts + 1) * sizeof(*nv));
	if (!nv)
		return oom(p);
	memcpy(nv, w->parts, (k + 1) * sizeof(*nv));
	memcpy(nv + k + 2, w->parts + k + 1, (w->n_parts - k - 1) * sizeof(*nv));
	struct sh_part *a = &nv[k], *b = &nv[k + 1];
	*b = *a;
	b->kind = second_kind;
	b->text = a->text + off;
	b->text_len = a->text_len - off;
	b->pos.col += (uint32_t)off;
	b->pos.offset += (uint32_t)off;
	a->text = sh_strndup(p, a->text, off);
	a->text_len = off;
	if (!a->text)
		return oom(p);
	w->parts = nv;
	w->n_parts++;
	return 0;
}

/*
 * Tilde prefixes: "~user" up to the first '/' (or ':' in an assignment
 * value), all unquoted. Scans LIT parts from part index `from` at their
 * starts and, when assign is set, after each ':'.
 */
static int
tilde_scan(struct sh_parser *p, struct sh_word *w, size_t from, size_t from_off,
	   bool assign)
{
	for (size_t k = from; k < w->n_parts; k++) {
		struct sh_part *pt = &w->parts[k];
		if (pt->kind != SH_PART_LIT)
			return 0;
		size_t s = k == from ? from_off : 0;
		if (k != from && !assign)
			return 0;
		while (s < pt->text_len) {
			bool at_start = (k == from && s == from_off) ||
					(assign && s > 0 && pt->text[s - 1] == ':');
			if (at_start && pt->text[s] == '~') {
				size_t e = s + 1;
				while (e < pt->text_len && pt->text[e] != '/' &&
				       !(assign && pt->text[e] == ':'))
					e++;
				bool ends = e < pt->text_len || k + 1 == w->n_parts;
				/* a prefix that runs into a quote or expansion is
				 * not a tilde prefix; a brace after it is one bash
				 * expands first, which we do not model */
				if (!ends && k + 1 < w->n_parts &&
				    w->parts[k + 1].kind == SH_PART_BRACE)
					return sh_fail(p, SH_ERR_UNSUPPORTED,
						       w->pos.offset,
						       "unsupported construct: tilde prefix "
						       "followed by brace expansion");
				if (ends) {
					/* valid login-name characters only */
					bool ok = true;
					for (size_t q = s + 1; q < e; q++) {
						char ch = pt->text[q];
						if (strchr("*?[]", ch))
							ok = false;
					}
					if (ok) {
						int r;
						if (s > 0) {
							if ((r = split_part(p, w, k, s, SH_PART_LIT)) < 0)
								return r;
							k++;
							pt = &w->parts[k];
							e -= s;
							s = 0;
						}
						if (e < pt->text_len) {
							if ((r = split_part(p, w, k, e, SH_PART_LIT)) < 0)
								return r;
							pt = &w->parts[k];
						}
						pt->kind = SH_PART_TILDE;
						pt->text = sh_strndup(p, pt->text + 1, pt->text_len - 1);
						if (!pt->text)
							return oom(p);
						pt->text_len = strlen(pt->text);
						if (!assign)
							return 0;
						/* continue in the next part */
						break;
					}
				}
			}
			s++;
		}
	}
	return 0;
}

/* The value of an assignment (or an assignment-like argument) starts after
 * byte `from` of the first part. */
int
sh_word_assign_tilde(struct sh_parser *p, struct sh_word *w, size_t from)
{
	return tilde_scan(p, w, 0, from, true);
}

/*
 * lex_tilde_word's word with one tilde prefix, at vo: the word's start
 * (~, ~/src, ~user/x), or an assignment's value with no ':' after the
 * '~' (e=~, a=~/x, x=~user: vo after the '='; the caller checked). Its
 * parts as the loops there make them (the same parts, positions and
 * texts: the text before the prefix, a TILDE part (the user name up to
 * the first '/') and the text after it, each LIT, or the whole word one
 * LIT part when the name has a glob character, no login name), without
 * them.
 */
static inline __attribute__((always_inline)) int
tilde_word_in(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, size_t vo)
{
	const char *txt = p->src + s;
	size_t n = k - s, e = vo + 1;
	bool ok = true;
	while (e < n && txt[e] != '/') {
		char ch = txt[e++];
		if (ch == '*' || ch == '?' || ch == '[' || ch == ']')
			ok = false;
	}
	size_t np = ok ? 1 + (vo != 0) + (e < n) : 1;
	char *mem = n < SH_MAX_INPUT ?
		sh_alloc_bounded(p, sizeof(struct sh_word) +
					    (2 + (vo != 0)) * sizeof(struct sh_part) + n + 2) :
		NULL;
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *parts = (struct sh_part *)(mem + sizeof(*w));
	char *text = mem + sizeof(*w) + (2 + (vo != 0)) * sizeof(*parts);
	struct sh_pos pos = sh_pos_at(p, s);
	if (!ok) {
		sh_copy(text, txt, n);
		text[n] = '\0';
		text_part_set(parts, SH_PART_LIT, pos, text, n);
	} else {
		struct sh_part *pt = parts;
		if (vo) {
			/* (NAME=, its texts and positions split_part's) */
			sh_copy(text, txt, vo);
			text[vo] = '\0';
			text_part_set(pt++, SH_PART_LIT, pos, text, vo);
			text += vo + 1;
		}
		struct sh_pos tp = pos;
		tp.col += (uint32_t)vo;
		tp.offset += (uint32_t)vo;
		sh_copy(text, txt + vo + 1, e - vo - 1);
		text[e - vo - 1] = '\0';
		text_part_set(pt, SH_PART_TILDE, tp, text, e - vo - 1);
		if (e < n) {
			char *rest = text + e - vo;
			sh_copy(rest, txt + e, n - e);
			rest[n - e] = '\0';
			struct sh_pos pp = pos;
			pp.col += (uint32_t)e;
			pp.offset += (uint32_t)e;
			text_part_set(pt + 1, SH_PART_LIT, pp, rest, n - e);
		}
	}
	word_init(w, pos, parts, np, txt, n);
	/* (word_token_done's, which comes later) */
	p->cmdpos_sens = false;
	p->pos = k;
	t->kind = T_WORD;
	t->word = w;
	t->cmdpos_sensitive = false;
	return 0;
}

/* tilde_word_in's word that starts with its '~' (vo 0, a constant: the
 * words of lex_tilde_word and array_elem_tilde, most of them) */
static int __attribute__((noinline))
tilde_start_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k)
{
	return tilde_word_in(p, t, s, k, 0);
}

/* tilde_word_in's assignment whose value starts with the prefix (e=~) */
static int __attribute__((noinline))
tilde_assign_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, size_t vo)
{
	return tilde_word_in(p, t, s, k, vo);
}

/*
 * lex_tilde_word's assignment (or assignment-like argument) whose value,
 * at vo, has more than tilde_start_word's one prefix at its start (or one
 * elsewhere: a=x:~/y, PATH=~/bin:~/sbin): its parts, LIT and TILDE, those
 * lex_parts and tilde_scan would make, found in one pass and built in one
 * allocation (the word, its parts and their texts) instead of a LIT part
 * split one prefix at a time. Returns 1 when the word has more tilde
 * prefixes than this takes (the general path does it).
 */
static int __attribute__((noinline))
tilde_value_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, size_t vo)
{
	const char *txt = p->src + s;
	size_t n = k - s;
	/* the tilde prefixes: '~' at tb[i], the user name up to te[i] */
	size_t tb[8], te[8], nt = 0;
	for (size_t i = vo; i < n; i++) {
		if (txt[i] != '~' || (i != vo && txt[i - 1] != ':'))
			continue;
		size_t e = i + 1;
		bool ok = true;
		while (e < n && txt[e] != '/' && txt[e] != ':') {
			char ch = txt[e++];
			if (ch == '*' || ch == '?' || ch == '[' || ch == ']')
				ok = false; /* not a login name: literal */
		}
		if (!ok)
			continue;
		if (nt == sizeof(tb) / sizeof(tb[0]))
			return 1;
		tb[nt] = i;
		te[nt++] = e;
		i = e; /* (txt[e] is '/' or ':', or the end) */
	}
	/* parts: for each prefix the text before it (if any) and the prefix,
	 * then the text after the last one (if any) */
	size_t np = 0, last = 0, tlen = 0;
	for (size_t q = 0; q < nt; q++) {
		np += (tb[q] > last) + 1;
		tlen += tb[q] - last + 1 + te[q] - tb[q];
		last = te[q];
	}
	np += last < n;
	tlen += n - last + 1;
	char *mem = n < SH_MAX_INPUT ?
		sh_alloc_bounded(p, sizeof(struct sh_word) + np * sizeof(struct sh_part) + tlen) :
		NULL;
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *parts = (struct sh_part *)(mem + sizeof(*w));
	char *text = mem + sizeof(*w) + np * sizeof(*parts);
	/* positions as split_part makes them: the word's, moved by bytes */
	struct sh_pos pos = sh_pos_at(p, s);
	size_t o = 0;
	last = 0;
	/* 2 * nt + 1 pieces: text before a prefix, the prefix (its name after
	 * the '~'), ..., the text after the last; empty texts are no parts */
	for (size_t q = 0; q <= 2 * nt; q++) {
		bool tilde = q & 1;
		size_t from, to, at;
		if (tilde) {
			at = tb[q / 2];
			from = at + 1;
			to = last = te[q / 2];
		} else {
			at = from = last;
			to = q < 2 * nt ? tb[q / 2] : n;
			if (to == from)
				continue;
		}
		sh_copy(text, txt + from, to - from);
		text[to - from] = '\0';
		struct sh_pos pp = pos;
		pp.col += (uint32_t)at;
		pp.offset += (uint32_t)at;
		text_part_set(&parts[o++], tilde ? SH_PART_TILDE : SH_PART_LIT, pp, text,
			      to - from);
		text += to - from + 1;
	}
	word_init(w, pos, parts, np, txt, n);
	p->cmdpos_sens = false;
	p->pos = k;
	t->kind = T_WORD;
	t->word = w;
	t->cmdpos_sensitive = false;
	/* (no reserved word has a '~': t->rw stays RW_NONE) */
	return 0;
}

/*
 * A word of plain text s..k (as lex_word_token's scan found it: no quotes,
 * expansions, escapes or braces) that it left to the general path for a
 * '~' only: one starting the word, or one in an assignment's value. Its
 * parts are those lex_parts and tilde_scan would make, LIT and TILDE,
 * built by tilde_start_word when the word has one prefix, at its start or
 * at its value's, else by tilde_value_word (a small frame here: most
 * words are the first kind). Returns 1 when the word has more tilde
 * prefixes than these take (the general path does it).
 */
static int __attribute__((noinline))
lex_tilde_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k)
{
	const char *txt = p->src + s;
	size_t n = k - s, vo = 0;
	if (txt[0] == '~')
		return tilde_start_word(p, t, s, k);
	/* NAME= or NAME+= (lex_word_token checked it: assign_like) */
	while (is_name_char((unsigned char)txt[vo]))
		vo++;
	vo += txt[vo] == '+' ? 2 : 1;
	/* one prefix at the value's start and no ':' after it (where a
	 * prefix could start again): tilde_word_in's word */
	if (vo < n && txt[vo] == '~') {
		size_t q = vo + 1;
		while (q < n && txt[q] != ':')
			q++;
		if (q == n)
			return tilde_assign_word(p, t, s, k, vo);
	}
	return tilde_value_word(p, t, s, k, vo);
}

/* Assignment values are not brace-expanded: turn BRACE parts back into the
 * literal text and parts they were written as. */
static int
flatten_into(struct sh_parser *p, struct pvec *out, const struct sh_part *pt)
{
	struct sh_part *np;
	if (pt->kind != SH_PART_BRACE) {
		if (pt->kind == SH_PART_LIT && out->n &&
		    out->v[out->n - 1].kind == SH_PART_LIT) {
			struct sh_part *prev = &out->v[out->n - 1];
			char *t = sh_alloc(p, prev->text_len + pt->text_len + 1);
			if (!t)
				return oom(p);
			memcpy(t, prev->text, prev->text_len);
			memcpy(t + prev->text_len, pt->text, pt->text_len);
			prev->text = t;
			prev->text_len += pt->text_len;
			return 0;
		}
		np = pvec_push(p, out, pt->kind, 0);
		if (!np)
			return oom(p);
		*np = *pt;
		return 0;
	}
	const struct sh_brace *br = pt->brace;
	struct sh_part lit = { .kind = SH_PART_LIT, .pos = pt->pos };
	int r;
	lit.text = "{";
	lit.text_len = 1;
	if ((r = flatten_into(p, out, &lit)) < 0)
		return r;
	if (br->is_sequence) {
		/* "a..b}" or "a..b..c}", put together directly (a printf
		 * call cost ten times the rest of the flattening) */
		const char *step = br->seq_step;
		size_t la = strlen(br->seq_start), lb = strlen(br->seq_end);
		size_t lc = step ? strlen(step) : 0;
		char *t = sh_alloc_bounded(p, la + lb + lc + 6), *q = t;
		if (!t)
			return oom(p);
		memcpy(q, br->seq_start, la);
		q += la;
		*q++ = '.';
		*q++ = '.';
		memcpy(q, br->seq_end, lb);
		q += lb;
		if (step) {
			*q++ = '.';
			*q++ = '.';
			memcpy(q, step, lc);
			q += lc;
		}
		*q++ = '}';
		*q = '\0';
		lit.text = t;
		lit.text_len = (size_t)(q - t);
		return flatten_into(p, out, &lit);
	}
	for (size_t i = 0; i < br->n_items; i++) {
		if (i) {
			lit.text = ",";
			lit.text_len = 1;
			if ((r = flatten_into(p, out, &lit)) < 0)
				return r;
		}
		for (size_t k = 0; k < br->items[i]->n_parts; k++)
			if ((r = flatten_into(p, out, &br->items[i]->parts[k])) < 0)
				return r;
	}
	lit.text = "}";
	lit.text_len = 1;
	return flatten_into(p, out, &lit);
}

int
sh_word_flatten_braces(struct sh_parser *p, struct sh_word *w)
{
	bool any = false;
	for (size_t k = 0; k < w->n_parts; k++)
		if (w->parts[k].kind == SH_PART_BRACE)
			any = true;
	if (!any)
		return 0;
	struct pvec out;
	pvec_init(&out);
	for (size_t k = 0; k < w->n_parts; k++) {
		int r = flatten_into(p, &out, &w->parts[k]);
		if (r < 0)
			return r;
	}
	w->parts = pvec_done(p, &out);
	if (out.n && !w->parts)
		return oom(p);
	w->n_parts = out.n;
	return 0;
}

/* Does the word begin "NAME=" or "NAME+=" (or NAME[...]=)? Returns the
 * offset of the value in the first part, or 0. */
static size_t
assign_prefix(const struct sh_word *w)
{
	if (!w->n_parts || w->parts[0].kind != SH_PART_LIT)
		return 0;
	const char *t = w->parts[0].text;
	size_t n = w->parts[0].text_len, i = 0;
	if (!n || !is_name_start((unsigned char)t[0]))
		return 0;
	while (i < n && is_name_char((unsigned char)t[i]))
		i++;
	if (i < n && t[i] == '=')
		return i + 1;
	if (i + 1 < n && t[i] == '+' && t[i + 1] == '=')
		return i + 2;
	return 0;
}

/* Trim the first `drop` bytes of part 0 and drop empty LIT parts. */
static struct sh_word *
sub_word(struct sh_parser *p, const struct sh_word *w, size_t k0, size_t o0,
	 size_t k1, size_t o1)
{
	/* the parts from (k0, byte o0) up to (k1, byte o1), exclusive */
	struct sh_word *nw = sh_alloc(p, sizeof(*nw));
	size_t cnt = k1 >= w->n_parts ? w->n_parts - k0 : k1 - k0 + 1;
	struct sh_part *v = sh_alloc(p, (cnt ? cnt : 1) * sizeof(*v));
	if (!nw || !v)
		return NULL;
	*nw = *w;
	size_t o = 0;
	for (size_t k = k0; k < w->n_parts && k <= k1; k++) {
		struct sh_part pt = w->parts[k];
		if (pt.kind == SH_PART_LIT) {
			size_t s = k == k0 ? o0 : 0;
			size_t e = k == k1 ? o1 : pt.text_len;
			if (e <= s)
				continue;
			pt.text = sh_strndup(p, pt.text + s, e - s);
			if (!pt.text)
				return NULL;
			pt.text_len = e - s;
			pt.pos.col += (uint32_t)s;
			pt.pos.offset += (uint32_t)s;
		}
		v[o++] = pt;
	}
	nw->parts = v;
	nw->n_parts = o;
	return nw;
}

/*
 * w starts with "...[" (the '[' ends at byte o0 of part 0). Find the ']'
 * that closes it, followed by "=" or "+=". Returns 1 and the subscript and
 * value words when found, 0 when the word is no subscripted assignment.
 */
/* sub_word of w, a word of one LIT part, from byte a to byte b of it:
 * the word, its part (none when a == b) and its text in one allocation
 * rather than three */
static struct sh_word *
lit_sub_word(struct sh_parser *p, const struct sh_word *w, size_t a, size_t b)
{
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + sizeof(struct sh_part) +
					       b - a + 1);
	if (!mem)
		return NULL;
	struct sh_word *nw = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(mem + sizeof(*nw));
	char *text = mem + sizeof(*nw) + sizeof(*part);
	*part = w->parts[0];
	sh_copy(text, part->text + a, b - a);
	text[b - a] = '\0';
	part->text = text;
	part->text_len = b - a;
	part->pos.col += (uint32_t)a;
	part->pos.offset += (uint32_t)a;
	*nw = *w;
	nw->parts = part;
	nw->n_parts = b > a;
	return nw;
}

int
sh_split_subscript(struct sh_parser *p, const struct sh_word *w, size_t o0,
		   struct sh_word **ret_key, struct sh_word **ret_val,
		   bool *ret_append)
{
	unsigned bd = 0;
	if (w->n_parts == 1) {
		/* (the common case, a[5]=w: the loop below on its one part,
		 * the two words cut by lit_sub_word) */
		const char *txt = w->parts[0].text;
		size_t n = w->parts[0].text_len, q = o0;
		for (; q < n; q++) {
			if (txt[q] == '[')
				bd++;
			else if (txt[q] == ']' && !bd--)
				break;
		}
		if (q == n)
			return 0;
		size_t eq = q + 1 + (q + 1 < n && txt[q + 1] == '+');
		if (eq >= n || txt[eq] != '=')
			return 0;
		struct sh_word *key = lit_sub_word(p, w, o0, q);
		struct sh_word *val = lit_sub_word(p, w, eq + 1, n);
		if (!key || !val)
			return oom(p);
		*ret_key = key;
		*ret_val = val;
		*ret_append = eq > q + 1;
		return 1;
	}
	for (size_t k = 0; k < w->n_parts; k++) {
		const struct sh_part *pt = &w->parts[k];
		if (pt->kind != SH_PART_LIT)
			continue;
		for (size_t q = k == 0 ? o0 : 0; q < pt->text_len; q++) {
			if (pt->text[q] == '[') {
				bd++;
				continue;
			}
			if (pt->text[q] != ']')
				continue;
			if (bd) {
				bd--;
				continue;
			}
			size_t eq = q + 1;
			bool app = false;
			if (eq < pt->text_len && pt->text[eq] == '+') {
				app = true;
				eq++;
			}
			if (eq >= pt->text_len || pt->text[eq] != '=')
				return 0;
			struct sh_word *key = sub_word(p, w, 0, o0, k, q);
			struct sh_word *val = sub_word(p, w, k, eq + 1, SIZE_MAX, 0);
			if (!key || !val)
				return oom(p);
			*ret_key = key;
			*ret_val = val;
			*ret_append = app;
			return 1;
		}
	}
	return 0;
}

/* Join adjacent literal parts (a subscript read whole leaves some). */
static int
merge_lits_run(struct sh_parser *p, struct sh_word *w)
{
	for (size_t k = 0; k + 1 < w->n_parts;) {
		struct sh_part *a = &w->parts[k], *b = &w->parts[k + 1];
		if (a->kind != SH_PART_LIT || b->kind != SH_PART_LIT) {
			k++;
			continue;
		}
		char *jt = sh_alloc(p, a->text_len + b->text_len + 1);
		if (!jt)
			return oom(p);
		memcpy(jt, a->text, a->text_len);
		memcpy(jt + a->text_len, b->text, b->text_len);
		a->text = jt;
		a->text_len += b->text_len;
		memmove(b, b + 1, (w->n_parts - k - 2) * sizeof(*b));
		w->n_parts--;
	}
	return 0;
}

/* (inline: most words have one part, and nothing to join) */
static inline int
merge_lits(struct sh_parser *p, struct sh_word *w)
{
	return w->n_parts > 1 ? merge_lits_run(p, w) : 0;
}

/* One element of a=( ... ): bash reads a leading [...] whole, blanks
 * included ([a b]=1, and even the value "[ab ]"). */
static int
lex_array_elem(struct sh_parser *p, struct pvec *pv)
{
	size_t i, j;
	int r;
	if (peek(p, &i) == '[') {
		struct sh_part *part = pvec_push(p, pv, SH_PART_LIT, i);
		if (!part || !(part->text = sh_strndup(p, "[", 1)))
			return oom(p);
		part->text_len = 1;
		p->pos = i + 1;
		if ((r = lex_parts(p, LC_SUBSCRIPT, 0, pv)) < 0)
			return r;
		if (peek(p, &j) != ']')
			return sh_fail(p, SH_ERR_SYNTAX, i,
				       "unexpected end of file while looking for matching `]'");
		part = pvec_push(p, pv, SH_PART_LIT, j);
		if (!part || !(part->text = sh_strndup(p, "]", 1)))
			return oom(p);
		part->text_len = 1;
		p->pos = j + 1;
	}
	return lex_parts(p, LC_WORD, 0, pv);
}

static inline __attribute__((always_inline)) int
lex_plain_word(struct sh_parser *p, size_t s, struct sh_word **ret_w, size_t *ret_k);
static inline __attribute__((always_inline)) int
lex_word_simple(struct sh_parser *p, struct sh_tok *t, size_t s);

/* A word cut by sub_word from an array element's one LIT part, as
 * sh_split_subscript cuts the key and value of [key]=value: the
 * element's position and source (pos, s, n), and its part the bytes
 * [a, b) of the element, moved from its position by a bytes. */
static struct sh_word *
array_elem_cut(struct sh_parser *p, struct sh_pos pos, size_t s, size_t n, size_t a,
	       size_t b)
{
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + sizeof(struct sh_part) + b - a + 1);
	if (!mem)
		return NULL;
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(mem + sizeof(*w));
	char *text = mem + sizeof(*w) + sizeof(*part);
	sh_copy(text, p->src + s + a, b - a);
	text[b - a] = '\0';
	struct sh_pos pp = pos;
	pp.col += (uint32_t)a;
	pp.offset += (uint32_t)a;
	*part = (struct sh_part){ .kind = SH_PART_LIT, .pos = pp, .text = text,
				  .text_len = b - a };
	*w = (struct sh_word){ .pos = pos, .parts = part, .n_parts = 1, .src = p->src + s,
			       .src_len = n };
	return w;
}

/* array_elem_plain's element at i when it is plain text that starts with
 * '~' (~, ~/x): the word tilde_scan makes of lex_parts' one LIT part, as an
 * argument's (tilde_start_word's; its token its own, the cmdpos note kept
 * as array_elem_plain keeps it); 0 for another (nothing done). (Apart:
 * array_elem_plain's frame as it was.) */
static int __attribute__((noinline))
array_elem_tilde(struct sh_parser *p, size_t i, struct sh_array_elem *e)
{
	/* (where lex_plain_word's scan stops: never a plain word, for
	 * the '~') */
	size_t k = i;
	struct sh_word *w = NULL;
	int r = lex_plain_word(p, i, &w, &k);
	if (r) {
		e->value = w;
		return r;
	}
	if (!(k == p->end || sh_ends_plain_word[(unsigned char)p->src[k]]))
		return 0;
	struct sh_tok t = { 0 };
	bool cs = p->cmdpos_sens;
	r = tilde_start_word(p, &t, i, k);
	p->cmdpos_sens = cs;
	e->value = t.word;
	return r < 0 ? r : 1;
}

/*
 * The element of an array assignment at i (p->pos) when it is plain text
 * (one) or [key]=value with both plain ([a]=1, [b]+=2): built directly,
 * as lex_array_elem, make_word, merge_lits, sh_split_subscript and
 * tilde_scan would build it. 1 when built (p->pos after it), 0 for the
 * general path (nothing read), < 0 on error.
 */
static int __attribute__((noinline))
array_elem_plain(struct sh_parser *p, size_t i, struct sh_array_elem *e)
{
	const char *src = p->src;
	if (!p->no_lc)
		return 0;
	if (src[i] == '"' || src[i] == '\'' || src[i] == '$') {
		/* a quote or a '$' first: the word lex_word_simple builds
		 * ("y z", $x, "$@"), as lex_parts, make_word and merge_lits
		 * make it (no tilde prefix or assignment in such a word); the
		 * token its own, p->tok kept (a $( ) inside), the parser's
		 * cmdpos note as the general path leaves it (untouched) */
		struct sh_tok t = { 0 };
		bool cs = p->cmdpos_sens;
		p->pos = i;
		int r = lex_word_simple(p, &t, i);
		p->cmdpos_sens = cs;
		if (r < 0)
			return r;
		if (r != 1) {
			p->pos = i;
			return 0;
		}
		e->value = t.word;
		return 1;
	}
	if (src[i] != '[') {
		/* (lex_plain_word takes a '[' in a word that starts with one:
		 * not here, where it starts a key) */
		size_t k;
		struct sh_word *w = NULL;
		if (src[i] == '~')
			return array_elem_tilde(p, i, e);
		int r = lex_plain_word(p, i, &w, &k);
		if (r > 0)
			e->value = w;
		return r;
	}
	/* the key: text that lex_parts takes as plain in a subscript, up
	 * to its ']' */
	size_t ke = i + 1;
	while (ke < p->end && !(run_class[(unsigned char)src[ke]] & ctx_run_stop[LC_SUBSCRIPT]))
		ke++;
	if (ke == i + 1 || ke >= p->end || src[ke] != ']')
		return 0;
	size_t v = ke + 1;
	bool app = v < p->end && src[v] == '+';
	if (app)
		v++;
	if (v >= p->end || src[v] != '=')
		return 0;
	v++;
	/* the value: plain word text, with no '~' (tilde_scan) */
	size_t ve = v;
	while (ve < p->end &&
	       !(cc_table[(unsigned char)src[ve]] & (CC_WORDSTOP | CC_LBRACKET | CC_TILDE)))
		ve++;
	if (ve == v || !(ve == p->end || sh_ends_plain_word[(unsigned char)src[ve]]))
		return 0;
	struct sh_pos pos = sh_pos_at(p, i);
	size_t n = ve - i;
	e->key = array_elem_cut(p, pos, i, n, 1, ke - i);
	e->value = array_elem_cut(p, pos, i, n, v - i, n);
	if (!e->key || !e->value)
		return oom(p);
	e->append = app;
	p->pos = ve;
	return 1;
}

/* Lex one array element list: p->pos after '('. */
static int
lex_array(struct sh_parser *p, size_t off, struct sh_assign *as)
{
	/* the elements on the stack, then in one arena array of exactly
	 * n (sh_vec_room's and sh_vec_done's way: sh_grow's vector, grown
	 * from 4 and cleared, cost about 45 an element) */
	struct sh_array_elem inl[8], *el = inl;
	size_t n = 0, cap = 8;
	int r;
	for (;;) {
		size_t i;
		int c = peek(p, &i);
		if (is_blank(c)) {
			p->pos = i + 1;
			continue;
		}
		if (c == '\n') {
			p->pos = i + 1;
			if ((r = sh_read_heredocs(p)) < 0)
				return r;
			continue;
		}
		if (c == '#') {
			while (p->pos < p->end && p->src[p->pos] != '\n')
				p->pos++;
			continue;
		}
		if (c == ')') {
			p->pos = i + 1;
			break;
		}
		if (c < 0)
			return sh_fail(p, SH_ERR_SYNTAX, off,
				       "unexpected end of file while looking for matching `)'");
		if (is_meta(c) && !((c == '<' || c == '>') && peek_after(p, i, NULL) == '('))
			return sh_fail(p, SH_ERR_SYNTAX, i,
				       "syntax error near unexpected token `%c'", c);
		if (!(el = sh_vec_room(p, el, &cap, n, sizeof(*el))))
			return oom(p);
		struct sh_array_elem *e = &el[n];
		memset(e, 0, sizeof(*e));
		if ((r = array_elem_plain(p, i, e)) != 0) {
			if (r < 0)
				return r;
			n++;
			continue;
		}
		struct pvec pv;
		pvec_init(&pv);
		size_t s = i;
		if ((r = lex_array_elem(p, &pv)) < 0)
			return r;
		struct sh_word *w = make_word(p, &pv, s, p->pos);
		if (!w)
			return oom(p);
		if ((r = merge_lits(p, w)) < 0)
			return r;
		n++;
		e->value = w;
		/* [key]=value */
		if (w->n_parts && w->parts[0].kind == SH_PART_LIT &&
		    w->parts[0].text[0] == '[') {
			struct sh_word *key = NULL, *val = NULL;
			bool app = false;
			r = sh_split_subscript(p, w, 1, &key, &val, &app);
			if (r < 0)
				return r;
			if (r > 0) {
				if ((r = sh_word_flatten_braces(p, val)) < 0)
					return r;
				if ((r = tilde_scan(p, val, 0, 0, true)) < 0)
					return r;
				e->key = key;
				e->value = val->n_parts ? val : NULL;
				e->append = app;
				goto next;
			}
		}
	/* a plain element */
		if ((r = tilde_scan(p, w, 0, 0, false)) < 0)
			return r;
	next:;
	}
	if (!(el = sh_vec_done(p, el, inl, n, sizeof(*el))) && n)
		return oom(p);
	as->is_array = true;
	as->elems = el;
	as->n_elems = n;
	return 0;
}

/*
 * The one reserved word that the text s[0..n) (n > 0) may spell, by a
 * perfect hash of its first and last bytes (RW_NONE for most words): the
 * common answer, none, costs a table load rather than a switch.
 */
static inline unsigned
reserved_word_candidate(const char *s, size_t n)
{
	static const unsigned char slot[64] = {
		[1] = RW_LBRACE, [7] = RW_DRBRACK, [13] = RW_UNTIL, [17] = RW_ELIF,
		[18] = RW_DO, [19] = RW_BANG, [21] = RW_IF, [27] = RW_SELECT,
		[29] = RW_CASE, [30] = RW_DONE, [31] = RW_ELSE, [33] = RW_DLBRACK,
		[34] = RW_FUNCTION, [37] = RW_IN, [39] = RW_RBRACE, [40] = RW_FI,
		[42] = RW_FOR, [46] = RW_TIME, [48] = RW_THEN, [49] = RW_WHILE,
		[57] = RW_COPROC, [59] = RW_ESAC,
	};
	return slot[((unsigned char)s[0] + (unsigned char)s[n - 1] * 50u) & 63u];
}

/* Which reserved word, if any, the literal text s[0..n) (n > 0) spells. */
static inline unsigned char
reserved_word(const char *s, size_t n)
{
	static const char *const text[] = {
		[RW_NONE] = "", [RW_BANG] = "!", [RW_LBRACE] = "{", [RW_RBRACE] = "}",
		[RW_DLBRACK] = "[[", [RW_DRBRACK] = "]]", [RW_IN] = "in", [RW_IF] = "if",
		[RW_THEN] = "then", [RW_ELSE] = "else", [RW_ELIF] = "elif",
		[RW_FI] = "fi", [RW_DO] = "do", [RW_DONE] = "done", [RW_CASE] = "case",
		[RW_ESAC] = "esac", [RW_FOR] = "for", [RW_SELECT] = "select",
		[RW_WHILE] = "while", [RW_UNTIL] = "until", [RW_TIME] = "time",
		[RW_FUNCTION] = "function", [RW_COPROC] = "coproc",
	};
	unsigned rw = reserved_word_candidate(s, n);
	if (rw == RW_NONE || n > 8)
		return RW_NONE;
	const char *k = text[rw];
	for (size_t i = 0; i < n; i++)
		if (s[i] != k[i])
			return RW_NONE; /* (k's NUL stops a longer s) */
	return k[n] == '\0' ? (unsigned char)rw : RW_NONE;
}

/*
 * reserved_word for the plain word p->src[s..s+n) lexed by lex_word_token
 * (n > 0), without branches on the text (a slot of
 * reserved_word_candidate's table is hit by about a third of all words, at
 * random, and the compare loop behind it cost more in mispredictions than
 * in work): the 8 bytes at the word are read (see rw_bytes), those past
 * n masked off. Read from the source rather than the word's copy, as a
 * reserved word's token is made without a word (see lex_plain_word).
 */
static inline unsigned char
reserved_word_plain(const struct sh_parser *p, size_t s, size_t n)
{
	_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ||
		       __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__, "byte order");
	const char *text = p->src + s;
	unsigned rw = reserved_word_candidate(text, n);
	/* (most words that hit a slot have another length: no need to read
	 * them, and this branch is about as predictable as the reserved
	 * words themselves) */
	if (__builtin_expect(n != rw_len[rw], 1))
		return RW_NONE;
	uint64_t v = rw_bytes(text);
	/* (n is a reserved word's length here: 1 to 8) */
	uint64_t mask = ~(uint64_t)0 >> (64 - 8 * n);
	return (v & mask) == rw_key[rw] ? (unsigned char)rw : RW_NONE;
}

int
sh_lex_name_word(struct sh_parser *p, size_t i, const char **ret)
{
	/* (a name's bytes do not stop lex_word_token's plain scan, which
	 * stops at every byte of sh_ends_plain_word and finds no '~' or '=':
	 * the token's word, a literal, is lit_word's, reserved word or not,
	 * as tok_word builds it, its text the name's bytes) */
	/* (the name by sh_name_class, copied by one 16-byte move: it is
	 * source text, see src_strndup) */
	if (i >= p->end || !(sh_name_class[(unsigned char)p->src[i]] & 1))
		return 0;
	size_t e = i + 1;
	while (e < p->end && (sh_name_class[(unsigned char)p->src[e]] & 2))
		e++;
	if (e < p->end && !sh_ends_plain_word[(unsigned char)p->src[e]])
		return 0;
	if (!(*ret = src_strndup(p, p->src + i, e - i)))
		return oom(p);
	p->cmdpos_sens = false;
	p->pos = e;
	return 1;
}

/* Does t[0..n) start NAME= or NAME+= (an assignment, whose value lex_word_token
 * scans for tildes)? */
static inline bool
assign_like(const char *t, size_t n)
{
	if (!is_name_start((unsigned char)t[0]))
		return false;
	size_t i = 1;
	while (i < n && is_name_char((unsigned char)t[i]))
		i++;
	return i < n && (t[i] == '=' || (t[i] == '+' && i + 1 < n && t[i + 1] == '='));
}

/* Does the word end at e: the end of input, or a metacharacter that is no
 * '(' and starts no <( or >( (which continue a word)? */
static inline bool
word_ends_at(const struct sh_parser *p, size_t e)
{
	if (e >= p->end)
		return true;
	/* (CC_ENDS: the metacharacters but those three, one test) */
	return cc_table[(unsigned char)p->src[e]] & CC_ENDS;
}

/*
 * A $name or ${name} at d (the '$'), with no line continuation in it:
 * where it ends (the byte after it), or 0 when it is something else. The
 * name is src[*ret_ns .. + *ret_nn), shorter than lex_dollar's and
 * lex_param_braced's limit of 256 bytes.
 */
/* Name characters, for simple_param: 1 a name's first character, 2 the
 * others (a table: names are scanned a byte at a time). (Shared: the
 * grammar's assignment check scans names too.) */
const unsigned char sh_name_class[256] = {
	['A'] = 3, ['B'] = 3, ['C'] = 3, ['D'] = 3, ['E'] = 3, ['F'] = 3, ['G'] = 3,
	['H'] = 3, ['I'] = 3, ['J'] = 3, ['K'] = 3, ['L'] = 3, ['M'] = 3, ['N'] = 3,
	['O'] = 3, ['P'] = 3, ['Q'] = 3, ['R'] = 3, ['S'] = 3, ['T'] = 3, ['U'] = 3,
	['V'] = 3, ['W'] = 3, ['X'] = 3, ['Y'] = 3, ['Z'] = 3, ['a'] = 3, ['b'] = 3,
	['c'] = 3, ['d'] = 3, ['e'] = 3, ['f'] = 3, ['g'] = 3, ['h'] = 3, ['i'] = 3,
	['j'] = 3, ['k'] = 3, ['l'] = 3, ['m'] = 3, ['n'] = 3, ['o'] = 3, ['p'] = 3,
	['q'] = 3, ['r'] = 3, ['s'] = 3, ['t'] = 3, ['u'] = 3, ['v'] = 3, ['w'] = 3,
	['x'] = 3, ['y'] = 3, ['z'] = 3, ['_'] = 3, ['0'] = 2, ['1'] = 2, ['2'] = 2,
	['3'] = 2, ['4'] = 2, ['5'] = 2, ['6'] = 2, ['7'] = 2, ['8'] = 2, ['9'] = 2,
};
static inline __attribute__((always_inline)) size_t
simple_param(const struct sh_parser *p, size_t d, size_t *ret_ns, size_t *ret_nn,
	     bool *ret_braced)
{
	const char *src = p->src;
	bool braced = d + 1 < p->end && src[d + 1] == '{';
	size_t ns = braced ? d + 2 : d + 1, e = ns + 1;
	if (ns >= p->end || !(sh_name_class[(unsigned char)src[ns]] & 1))
		return 0;
	while (e < p->end && (sh_name_class[(unsigned char)src[e]] & 2))
		e++;
	if (e - ns >= 256)
		return 0;
	if (braced) {
		if (e >= p->end || src[e] != '}')
			return 0;
		e++;
	}
	*ret_ns = ns;
	*ret_nn = braced ? e - 1 - ns : e - ns;
	*ret_braced = braced;
	return e;
}

/* simple_param for $1 $@ $# $? ... at d (lex_dollar reads one character
 * of a digit or special parameter): where it ends, or 0. */
static inline size_t
special_param(const struct sh_parser *p, size_t d, size_t *ret_ns, size_t *ret_nn)
{
	int c = d + 1 < p->end ? (unsigned char)p->src[d + 1] : -1;
	if (!is_digit(c) && !is_special_param(c))
		return 0;
	*ret_ns = d + 1;
	*ret_nn = 1;
	return d + 2;
}

/*
 * Words that are one quoted string or one parameter, the most common words
 * after plain ones: 'text', "text" (no \ $ ` inside), "$name", "${name}",
 * $name and ${name} ("$1", $@ ... too), followed by the end of the word. (A ${name} ends
 * where bash's brace scan ends it, so it notes no brace skip.) Built directly, as lex_parts would build them
 * (the same parts, positions and nesting charge); and a word's $( ) or
 * "$( ...", by the builders lex_word_rest would send it to (the $( test
 * that runs anyway decides). Returns 1 when built, 0 when the word is none
 * of these (nothing consumed), 2 when it starts with something
 * lex_word_seq would not build either: $(( ${ with operators, $'...' ...
 * (a $'...' or $"..." is lex_word_seq's, a 0, when seq_quoted).
 * A 0 for a "..." whose text is plain up to a \ $ or ` sets
 * *ret_dq_stop there (lex_word_seq goes on from it, without a second
 * scan of that text).
 *
 * ctx is LC_WORD for a word; for an operand of ${...} (lex_param_operand's
 * contexts) the same pieces make the same word followed by what ends the
 * operand (operand_ends_at): lex_parts_at reads '...', "..." and $ alike
 * there (lex_param_operand leaves '...' that is literal text, LF_SQ_LIT,
 * to lex_subword), and lex_subword's word of one part is lex_word_rest's.
 */
static int lex_cmdsub_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool tok_dead);
static int text_dq_sub_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t q,
			    size_t k);
static int lex_dq_sub_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k,
			   bool tok_dead);
static int lex_arith_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq);

/* Is the $( at d (its '(' read) a command substitution as sub_at takes
 * it, not $(( nor $(\ ? */
static inline bool
cmdsub_after(const struct sh_parser *p, size_t d)
{
	return d + 2 >= p->end || (p->src[d + 2] != '(' && p->src[d + 2] != '\\');
}

/*
 * A $"..." at s of plain text to the word's end ($"x", $"a b", $""), as
 * lex_word_seq would build it (a LOCALE part, the text one LIT part
 * inside, no nesting charge), in one allocation without its loop: 1, or
 * 0 with nothing done for any other word (lex_word_seq's then).
 */
static int __attribute__((noinline))
lex_locale_word(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	const char *src = p->src;
	size_t close = dq_stop_at(src, s + 2, p->end), n = close - s - 2;
	if (close >= p->end || src[close] != '"' || !word_ends_at(p, close + 1) ||
	    !p->no_lc)
		return 0;
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + 2 * sizeof(struct sh_part) +
					n + 1 + SH_SRC_PAD);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(w + 1), *in = part + 1;
	char *text = (char *)(in + 1);
	*part = (struct sh_part){ .kind = SH_PART_LOCALE, .pos = sh_pos_at(p, s),
				  .parts = n ? in : NULL, .n_parts = n != 0 };
	if (n) {
		copy_src_text(text, src + s + 2, n);
		*in = (struct sh_part){ .kind = SH_PART_LIT, .pos = sh_pos_at(p, s + 2),
					.text = text, .text_len = n };
	}
	word_init(w, part->pos, part, 1, src + s, close + 1 - s);
	p->cmdpos_sens = false;
	p->pos = close + 1;
	t->kind = T_WORD;
	t->word = w;
	t->cmdpos_sensitive = false;
	return 1;
}

static inline __attribute__((always_inline)) int
word_simple_in(struct sh_parser *p, struct sh_tok *t, size_t s, enum lctx ctx, char q,
	       size_t *ret_dq_stop, bool tok_dead, bool seq_quoted)
{
	const char *src = p->src;
	size_t close, n, extra, ns = 0;
	bool dq_param = false, braced = false;
	if (q == '\'') {
		close = sq_close(src, s + 1, p->end);
		if (close == p->end)
			return 0;
		n = close - s - 1;
		extra = n + 1;
	} else if (q == '"') {
		close = s + 1;
		/* A word's text 16 bytes at a time, after a look at its first
		 * byte ("$x" "${x}" stop there; src[close] is padding at the
		 * end, and dq_stop_at then answers the end). An operand's
		 * (short, mostly: ${x:-"y"}) byte by byte, as that measured
		 * better. */
		if (ctx == LC_WORD) {
			if (!(cc_table[(unsigned char)src[close]] & CC_DQSTOP))
				close = dq_stop_at(src, close + 1, p->end);
		} else {
			while (close < p->end && !(cc_table[(unsigned char)src[close]] & CC_DQSTOP))
				close++;
		}
		if (close == s + 1 && src[close] == '$') {
			/* "$name" "${name}" */
			size_t e = simple_param(p, close, &ns, &n, &braced);
			if (!e && close + 1 < p->end &&
			    (src[close + 1] == '{' || src[close + 1] == '(')) {
				/* "$( ...": lex_word_rest's way for it, taken
				 * here */
				if (ctx == LC_WORD && src[close + 1] == '(' && cmdsub_after(p, close)) {
					int r = lex_dq_sub_word(p, t, s, close, tok_dead);
					return r < 0 ? r : 1;
				}
				/* "$((": cmdsub_after said no, so close + 2
				 * is in the source */
				if (ctx == LC_WORD && src[close + 1] == '(' && src[close + 2] == '(')
					return lex_arith_word(p, t, s, true);
				return 2;
			}
			if (!e)
				e = special_param(p, close, &ns, &n);
			if (!e || e >= p->end || src[e] != '"') {
				*ret_dq_stop = close;
				return 0;
			}
			dq_param = true;
			close = e;
			extra = sizeof(struct sh_part) + sizeof(struct sh_param) + n + 1;
		} else {
			if (close >= p->end || src[close] != '"') {
				/* "text$( ..." and "`...", "text`...":
				 * lex_dq_sub_word's too */
				if (__builtin_expect(ctx == LC_WORD && close + 1 < p->end &&
						     ((src[close] == '$' && src[close + 1] == '(' &&
						       cmdsub_after(p, close)) ||
						      src[close] == '`'), 0)) {
					int r = lex_dq_sub_word(p, t, s, close, tok_dead);
					return r < 0 ? r : 1;
				}
				*ret_dq_stop = close;
				return 0;
			}
			n = close - s - 1;
			extra = n ? sizeof(struct sh_part) + n + 1 : 0;
		}
	} else {
		/* q == '$' ($( first: it is the most common of the others; a
		 * word's $( ) substitution, not $(( nor $(\, is built here, as
		 * lex_word_rest would build it, rather than answered 2 and
		 * looked at again on the way there) */
		if (s + 1 < p->end && src[s + 1] == '(') {
			if (ctx == LC_WORD && cmdsub_after(p, s))
				return lex_cmdsub_word(p, t, s, tok_dead);
			/* ($(( here: cmdsub_after said no, so s + 2 is in
			 * the source) */
			if (ctx == LC_WORD && src[s + 2] == '(')
				return lex_arith_word(p, t, s, false);
			return 2;
		}
		size_t e = simple_param(p, s, &ns, &n, &braced);
		if (!e) {
			/* (a '{' is no special parameter: ${ with an operator) */
			bool more = s + 1 < p->end;
			char d = more ? src[s + 1] : '\0';
			if (d == '{')
				return 2;
			e = special_param(p, s, &ns, &n);
			if (!e && seq_quoted && d == '"')
				return lex_locale_word(p, t, s);
			if (!e)
				return more && (d == '(' || d == '\0' ||
						(!seq_quoted && (d == '\'' || d == '"')))
					       ? 2
					       : 0;
		}
		close = e - 1; /* the last byte of the word */
		extra = sizeof(struct sh_param) + n + 1;
	}
	if (!(ctx == LC_WORD ? word_ends_at(p, close + 1) : operand_ends_at(p, ctx, close + 1))) {
		/* "text"more ("dir"/x.h, "a"*): lex_word_seq goes on from
		 * the closing quote, its text scanned */
		if (q == '"' && !dq_param)
			*ret_dq_stop = close;
		return 0;
	}
	if (extra > SH_MAX_INPUT)
		return 0;
	_Static_assert(sizeof(struct sh_word) % 8 == 0 && sizeof(struct sh_part) % 8 == 0 &&
		       sizeof(struct sh_param) % 8 == 0,
		       "word, parts, parameter and text share one allocation");
	/* the nesting charges of "..." (at the quote) and ${ (at the '$'),
	 * each left again before anything else nests: only their limit is
	 * asked, and charged only where one of them fails (for its error) */
	int r;
	if (__builtin_expect(p->depth + (q == '"') + braced > SH_MAX_DEPTH, 0)) {
		if (q == '"' && (r = sh_enter(p, s)) < 0)
			return r;
		if (braced && (r = sh_enter(p, q == '"' ? s + 1 : s)) < 0)
			return r;
	}
	/* (SH_SRC_PAD: the room copy_src_text's move may write) */
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + sizeof(struct sh_part) + extra +
					SH_SRC_PAD);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(mem + sizeof(*w));
	char *rest = mem + sizeof(*w) + sizeof(*part);
	struct sh_pos pos = sh_pos_at(p, s);
	*part = (struct sh_part){ .pos = pos };
	if (q == '\'') {
		copy_src_text(rest, src + s + 1, n);
		part->kind = SH_PART_SQUOTE;
		part->text = rest;
		part->text_len = n;
	} else if (q == '"') {
		part->kind = SH_PART_DQUOTE;
		if (dq_param) {
			struct sh_part *in = (struct sh_part *)rest;
			struct sh_param *pm = (struct sh_param *)(rest + sizeof(*in));
			char *name = rest + sizeof(*in) + sizeof(*pm);
			copy_src_text(name, src + ns, n);
			*pm = (struct sh_param){ .name = name, .op = SH_PARAM_PLAIN,
						 .braced = braced };
			*in = (struct sh_part){ .kind = SH_PART_PARAM, .pos = sh_pos_at(p, s + 1),
						.param = pm };
			part->parts = in;
			part->n_parts = 1;
		} else if (n) {
			struct sh_part *in = (struct sh_part *)rest;
			char *text = rest + sizeof(*in);
			copy_src_text(text, src + s + 1, n);
			*in = (struct sh_part){ .kind = SH_PART_LIT, .pos = sh_pos_at(p, s + 1),
						.text = text, .text_len = n };
			part->parts = in;
			part->n_parts = 1;
		}
	} else {
		struct sh_param *pm = (struct sh_param *)rest;
		char *name = rest + sizeof(*pm);
		copy_src_text(name, src + ns, n);
		*pm = (struct sh_param){ .name = name, .op = SH_PARAM_PLAIN,
					 .braced = braced };
		part->kind = SH_PART_PARAM;
		part->param = pm;
	}
	word_init(w, pos, part, 1, src + s, close + 1 - s);
	p->cmdpos_sens = false;
	p->pos = close + 1;
	t->word = w;
	/* (the argument loop, tok_dead's caller, reads the word alone) */
	if (!tok_dead) {
		t->kind = T_WORD;
		t->cmdpos_sensitive = false;
	}
	return 1;
}

/* Makes t the word token of w, and hands it the parser's note that the
 * word depends on standing where a command name could (cmdpos_sens). */
static inline __attribute__((always_inline)) void
word_token_set(struct sh_parser *p, struct sh_tok *t, struct sh_word *w)
{
	t->kind = T_WORD;
	t->word = w;
	t->cmdpos_sensitive = p->cmdpos_sens;
	p->cmdpos_sens = false;
}

/* Makes t the word token of w, a word no command position changes (its
 * builders' words: a command name's text is none of theirs), which ends
 * at end, where the lexer goes on. */
static inline __attribute__((always_inline)) void
word_token_done(struct sh_parser *p, struct sh_tok *t, struct sh_word *w, size_t end)
{
	t->word = w;
	p->cmdpos_sens = false;
	p->pos = end;
	t->kind = T_WORD;
	t->cmdpos_sensitive = false;
}

static int lex_word_seq_loop(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k,
			     size_t dq_stop);
static int lex_param_text_word(struct sh_parser *p, struct sh_tok *t, size_t s);

/* (Two functions, a word's and an operand's, so that the word's end test
 * is the one it needs, without a test of ctx.) A word that is none of
 * word_simple_in's goes on to lex_word_seq here, where lex_word_rest would
 * send it (nothing plain before it, no $( at its start), rather than
 * through lex_word_rest's dispatch: 0 then means that neither built it. */
/* The word at s that starts with q: word_simple_in's, else (for a $,
 * lex_param_text_word's first) lex_word_seq's from where it left it.
 * Inlined in each function below, so that each has only its own case's
 * code and registers. */
static inline __attribute__((always_inline)) int
lex_word_from(struct sh_parser *p, struct sh_tok *t, size_t s, char q,
	      bool tok_dead)
{
	size_t dq_stop = 0;
	/* (seq_quoted for the argument loop's $ words, lex_word_dollar's:
	 * asked in lex_word_rest's lex_word_simple too, it measured worse
	 * for the command words that take that way) */
	int r = word_simple_in(p, t, s, LC_WORD, q, &dq_stop, tok_dead, q == '$' && tok_dead);
	return r ? r
		 : q == '$' ? lex_param_text_word(p, t, s)
		 : lex_word_seq_loop(p, t, s, s, dq_stop);
}

/* lex_word_simple for a word that starts with a '\'' (the most common of
 * them in commands): word_simple_in told so, which leaves its '...' case
 * alone (the argument loop has it inline: that measured best). For the
 * argument loop alone, where t is p->tok, which is not in hand and only
 * written (tok_dead: its word alone is written) */
static inline __attribute__((always_inline)) int
lex_word_squote(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	return lex_word_from(p, t, s, '\'', true);
}

/* (the same for a '"' and for a '$', where a $( ) in the word need not
 * keep p->tok either, see lex_sub_word) */
static inline __attribute__((always_inline)) int
lex_word_dquote(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	return lex_word_from(p, t, s, '"', true);
}

static inline __attribute__((always_inline)) int
lex_word_dollar(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	return lex_word_from(p, t, s, '$', true);
}

/* (always inline: lex_word_rest's, the [[ ]] operands' and the command
 * words' way, pays no call; array_elem_plain, its second caller, has its
 * own copy) */
static inline __attribute__((always_inline)) int
lex_word_simple(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	return lex_word_from(p, t, s, p->src[s], false);
}


static int
lex_operand_simple(struct sh_parser *p, struct sh_tok *t, size_t s, enum lctx ctx)
{
	size_t dq_stop;
	return word_simple_in(p, t, s, ctx, p->src[s], &dq_stop, false, false);
}

/*
 * lex_word_seq's classes of the bytes of an unquoted word (WQ_U) and of
 * the inside of "..." (WQ_D): 0 plain text there. NUL is never plain (the
 * general path reports it in some places): such words take that path.
 */
enum { WQ_U = 1, WQ_D = 2, WQ_END = 4 /* a metacharacter that ends the word */ };
/* Where lex_word_token's plain scan stopped, what lex_word_seq takes for
 * the general path at once: braces, '(' and process substitutions,
 * backquotes ($( is looked at apart). */
static const bool wseq_skip[256] = {
	['{'] = true, ['('] = true, ['<'] = true, ['>'] = true, ['`'] = true,
};
static const unsigned char wseq_class[256] = {
	[' '] = WQ_U | WQ_END, ['\t'] = WQ_U | WQ_END, ['\n'] = WQ_U | WQ_END,
	['|'] = WQ_U | WQ_END, ['&'] = WQ_U | WQ_END, [';'] = WQ_U | WQ_END,
	['<'] = WQ_U, ['>'] = WQ_U, ['('] = WQ_U, [')'] = WQ_U | WQ_END,
	['{'] = WQ_U, ['['] = WQ_U, ['\''] = WQ_U, ['\0'] = WQ_U | WQ_D,
	['\\'] = WQ_U | WQ_D, ['$'] = WQ_U | WQ_D, ['`'] = WQ_U | WQ_D,
	['"'] = WQ_U | WQ_D,
};

/* A part lex_word_seq has found: its kind, where it starts and the source
 * of its text (LIT, SQUOTE: the text; ESCAPED: the \x pairs; PARAM: the
 * name), or for a DQUOTE how many of the pieces after it are inside. */
struct wpiece {
	unsigned char kind;
	bool braced;
	unsigned short nin;
	uint32_t off, s, n;
};
#define WSEQ_MAX 16

/* Add the LIT text [a, b) or the escape pair at a (b == a + 2) to the
 * current run of pc (*run: its index, or -1), as lit_add_src would: a run
 * of one kind goes on, another kind starts a new part. False when there
 * are too many parts. */
static inline bool
wseq_run(struct wpiece *pc, size_t *np, long *run, unsigned char kind, size_t a, size_t b)
{
	if (*run >= 0 && pc[*run].kind == kind) {
		pc[*run].n += (uint32_t)(b - a);
		return true;
	}
	if (*np == WSEQ_MAX)
		return false;
	*run = (long)*np;
	pc[(*np)++] = (struct wpiece){ .kind = kind, .off = (uint32_t)a, .s = (uint32_t)a,
				       .n = (uint32_t)(b - a) };
	return true;
}

/*
 * A $ at d (inside "..." when dq): 1 with a parameter piece for $name,
 * $1, $@ ... or ${name} (*ret_e after it), 2 when the '$' is literal text
 * there (lex_dollar's answer 1), 0 for anything else (the general path).
 */
static inline int
wseq_dollar(const struct sh_parser *p, size_t d, bool dq, struct wpiece *pc, size_t *ret_e)
{
	const char *src = p->src;
	int c = d + 1 < p->end ? (unsigned char)src[d + 1] : -1;
	size_t e = d + 2;
	if (is_name_start(c)) {
		while (e < p->end && (sh_name_class[(unsigned char)src[e]] & 2))
			e++;
		if (e - d - 1 >= 256)
			return 0;
	} else if (c == '{') {
		size_t ns, nn;
		bool braced;
		if (!(e = simple_param(p, d, &ns, &nn, &braced)))
			return 0;
		*pc = (struct wpiece){ .kind = SH_PART_PARAM, .braced = true,
				       .off = (uint32_t)d, .s = (uint32_t)ns, .n = (uint32_t)nn };
		*ret_e = e;
		return 1;
	} else if (!is_digit(c) && !is_special_param(c)) {
		if (c == '(' || c == '[' || (!dq && (c == '\'' || c == '"')))
			return 0;
		return 2;
	}
	*pc = (struct wpiece){ .kind = SH_PART_PARAM, .off = (uint32_t)d, .s = (uint32_t)d + 1,
			       .n = (uint32_t)(e - d - 1) };
	*ret_e = e;
	return 1;
}

/* Where a run of plain text from i ends: at the first character of class
 * `special` (WQ_U unquoted, WQ_D inside "..."), or at end. */
static inline size_t
wseq_text_end(const char *src, size_t i, size_t end, unsigned char special)
{
	/* (no test of the end at each byte: NUL is of both classes, and the
	 * NUL after the source stops the scan at the latest; cut back to
	 * the end when it went past it: a brace item's, see
	 * arg_brace_nested) */
	while (!(wseq_class[(unsigned char)src[i]] & special))
		i++;
	return i < end ? i : end;
}

/* A '$' at d as lex_word_seq takes it (inside "..." when dq): a parameter
 * piece (counted in *npm), or literal text added to the current run; *ret_next
 * is where the scan goes on. False for the general path. */
static inline bool
wseq_take_dollar(const struct sh_parser *p, size_t d, bool dq, struct wpiece *pc,
		 size_t *np, size_t *npm, long *run, size_t *ret_next)
{
	size_t e;
	int r = *np < WSEQ_MAX ? wseq_dollar(p, d, dq, &pc[*np], &e) : 0;
	if (r == 0)
		return false;
	if (r == 2) {
		*ret_next = d + 1;
		return wseq_run(pc, np, run, SH_PART_LIT, d, d + 1);
	}
	(*np)++;
	(*npm)++;
	*run = -1;
	*ret_next = e;
	return true;
}

/*
 * The inside of a "..." for lex_word_seq from j on (after its quote, or
 * after plain text in the current run): its pieces added to pc. Returns
 * where its closing quote is, or 0 for the general path.
 */
static inline __attribute__((always_inline)) size_t
wseq_dq(const struct sh_parser *p, size_t j, struct wpiece *pc, size_t *np, size_t *npm,
	long *run)
{
	const char *src = p->src;
	size_t end = p->end;
	for (;;) {
		if (j >= end)
			return 0;
		unsigned char d = (unsigned char)src[j];
		if (!(wseq_class[d] & WQ_D)) {
			size_t e = wseq_text_end(src, j + 1, end, WQ_D);
			if (!wseq_run(pc, np, run, SH_PART_LIT, j, e))
				return 0;
			j = e;
			continue;
		}
		if (d == '"')
			return j;
		if (d == '\\') {
			if (j + 1 >= end)
				return 0;
			char x = src[j + 1];
			bool esc = x == '$' || x == '`' || x == '\\' || x == '"';
			if (!wseq_run(pc, np, run, esc ? SH_PART_ESCAPED : SH_PART_LIT, j, j + 2))
				return 0;
			j += 2;
		} else if (d == '$') {
			if (!wseq_take_dollar(p, j, true, pc, np, npm, run, &j))
				return 0;
		} else {
			return 0; /* ` and NUL */
		}
	}
}

/*
 * A '$' at d, outside "...", that wseq_take_dollar did not take: a $'...'
 * (an ANSI_C piece, *nraw counting the room its raw text takes besides
 * the decoded one) or a $"..." (a LOCALE piece and the pieces inside it,
 * read as those of a "..."), as lex_dollar reads them. Returns where the
 * scan goes on, or 0 for the general path (anything else, no closing
 * quote, too many pieces).
 */
static size_t __attribute__((noinline))
wseq_quoted_dollar(const struct sh_parser *p, size_t d, struct wpiece *pc, size_t cnt[4])
{
	/* cnt: the loop's np, npm, nin and nraw */
	char q = d + 1 < p->end ? p->src[d + 1] : '\0';
	size_t e, at = cnt[0];
	long run = -1;
	if ((q != '\'' && q != '"') || at == WSEQ_MAX)
		return 0;
	if (q == '\'') {
		if ((e = ansi_c_close(p, d + 1)) >= p->end)
			return 0;
		pc[cnt[0]++] = (struct wpiece){ .kind = SH_PART_ANSI_C, .off = (uint32_t)d,
						.s = (uint32_t)d + 2,
						.n = (uint32_t)(e - d - 2) };
		cnt[3] += e - d - 1;
		return e + 1;
	}
	/* (a byte of room more: nraw tells the loop of a rare piece) */
	cnt[3]++;
	pc[cnt[0]++] = (struct wpiece){ .kind = SH_PART_LOCALE, .off = (uint32_t)d };
	if (!(e = wseq_dq(p, d + 2, pc, &cnt[0], &cnt[1], &run)))
		return 0;
	pc[at].nin = (unsigned short)(cnt[0] - at - 1);
	cnt[2] += cnt[0] - at - 1;
	return e + 1;
}

/* The ANSI_C part of a piece of wseq_quoted_dollar's, as lex_dollar
 * makes it: the text decoded, then the raw one (room for both: see
 * lex_word_seq_loop). < 0 for an escape lex_dollar refuses, reported as
 * it does. */
static int __attribute__((noinline))
wseq_ansi_c_part(struct sh_parser *p, const struct wpiece *pc, struct sh_part *part,
		 char **txt)
{
	char *t = *txt, *raw;
	struct ansi_out o = { .d = t, .len = 0, .cap = pc->n };
	int r = ansi_c_decode(p, pc->off, pc->s, pc->s + pc->n, &o);
	if (r < 0)
		return r;
	t[o.len] = '\0';
	raw = t + o.len + 1;
	copy_src_text(raw, p->src + pc->s, pc->n);
	*txt = raw + pc->n + 1;
	*part = (struct sh_part){ .kind = SH_PART_ANSI_C, .pos = sh_pos_at(p, pc->off),
				  .text = t, .text_len = o.len, .raw = raw };
	return 0;
}

/*
 * The pieces pc of a lex_word_seq word that starts with a '~', its first
 * one plain text: that LIT part as tilde_scan splits it in the general
 * path's word, a TILDE piece (the user name) and the text from the '/'
 * on, when the name ends at a '/' in it and holds no glob character; as
 * it is otherwise (a prefix that runs into a quote or an expansion is
 * none). The pieces' count, 0 for the general path (a word of one piece,
 * no room for one more).
 */
static size_t __attribute__((noinline))
wseq_tilde(const struct sh_parser *p, size_t s, struct wpiece *pc, size_t np)
{
	const char *src = p->src;
	size_t e = s + 1, end = s + pc[0].n;
	if (np < 2)
		return 0;
	while (e < end && src[e] != '/')
		e++;
	if (e == end)
		return np;
	for (size_t q = s + 1; q < e; q++)
		if (src[q] == '*' || src[q] == '?' || src[q] == '[' || src[q] == ']')
			return np;
	if (np == WSEQ_MAX)
		return 0;
	memmove(pc + 2, pc + 1, (np - 1) * sizeof(*pc));
	pc[0] = (struct wpiece){ .kind = SH_PART_TILDE, .off = (uint32_t)s,
				 .s = (uint32_t)s + 1, .n = (uint32_t)(e - s - 1) };
	pc[1] = (struct wpiece){ .kind = SH_PART_LIT, .off = (uint32_t)e, .s = (uint32_t)e,
				 .n = (uint32_t)(end - e) };
	return np + 1;
}

/* Build a LIT, ESCAPED, SQUOTE or PARAM part of lex_word_seq's. */
static inline void
wseq_part(struct sh_parser *p, const struct wpiece *pc, struct sh_part *part, char **txt,
	  struct sh_param **pm)
{
	const char *src = p->src + pc->s;
	char *t = *txt;
	size_t n = pc->n;
	if (pc->kind == SH_PART_ESCAPED) {
		n /= 2;
		for (size_t q = 0; q < n; q++)
			t[q] = src[2 * q + 1];
		t[n] = '\0';
	} else {
		/* (the texts' room has SH_SRC_PAD bytes more: see lex_word_seq) */
		copy_src_text(t, src, n);
	}
	*txt = t + n + 1;
	/* member by member, each written once (as lit_word_in does), not
	 * the whole part cleared first */
	part->kind = pc->kind;
	part->pos = sh_pos_at(p, pc->off);
	part->backquote = false;
	part->procsub_dir = 0;
	part->arith_bracket = false;
	part->n_parts = 0;
	if (pc->kind == SH_PART_PARAM) {
		**pm = (struct sh_param){ .name = t, .op = SH_PARAM_PLAIN, .braced = pc->braced };
		part->text = NULL;
		part->text_len = 0;
		part->param = (*pm)++;
	} else {
		part->text = t;
		part->text_len = n;
		part->parts = NULL;
	}
}

/*
 * The word [s, j) of the two pieces pc[0] and pc[1], a PARAM and a LIT in
 * either order ($HOME/bin, v=$x), as lex_word_seq builds it: its room (a
 * NUL per text, SH_SRC_PAD for the copy), the nesting charge of ${ (at
 * the '$'), the parts and the token's members. 1 when built.
 */
static inline __attribute__((always_inline)) int
wseq_pair_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t j,
	       const struct wpiece *pc)
{
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + 2 * sizeof(struct sh_part) +
					sizeof(struct sh_param) + j - s + 2 + SH_SRC_PAD);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(w + 1);
	struct sh_param *pm = (struct sh_param *)(top + 2);
	char *txt = (char *)(pm + 1);
	const struct wpiece *pp = &pc[pc[0].kind != SH_PART_PARAM];
	int r;
	if (pp->braced) {
		if ((r = sh_enter(p, pp->off)) < 0)
			return r;
		sh_leave(p);
	}
	wseq_part(p, &pc[0], &top[0], &txt, &pm);
	wseq_part(p, &pc[1], &top[1], &txt, &pm);
	word_init(w, sh_pos_at(p, s), top, 2, p->src + s, j - s);
	word_token_done(p, t, w, j);
	return 1;
}

/*
 * wseq_text_param_word's word when a quote at k has no '$' after it: the
 * plain text [s, k) and, ending the word, a '...' or a "..." of plain text
 * (--include='*.rs', --since="2 weeks ago", v=''): the pieces lex_word_seq's
 * loop would find, built without it, as it builds them (the nesting charge
 * at the '"'). 0, nothing done, for its loop: any other word, and text with
 * a '~'.
 */
static int __attribute__((noinline))
wseq_text_quote_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k)
{
	const char *src = p->src;
	struct wpiece pc[2];
	char q = src[k];
	bool dq = q == '"';
	size_t e, j, nin = 0; /* (the piece inside the "...", if any) */
	if (!p->no_lc)
		return 0;
	if (q == '\'') {
		e = sq_close(src, k + 1, p->end);
		if (e == p->end)
			return 0;
		pc[1] = (struct wpiece){ .kind = SH_PART_SQUOTE, .off = (uint32_t)k,
					 .s = (uint32_t)k + 1, .n = (uint32_t)(e - k - 1) };
	} else {
		e = dq_stop_at(src, k + 1, p->end);
		if (e == p->end || src[e] != '"') {
			/* text"$(cmd)", text"`cmd`": text_dq_sub_word's */
			if (e + 1 < p->end &&
			    ((src[e] == '$' && src[e + 1] == '(' && cmdsub_after(p, e)) ||
			     src[e] == '`') &&
			    first_of(src, s, k, '~', '[', '{', '~') == k)
				return text_dq_sub_word(p, t, s, k, e);
			return 0;
		}
		nin = e > k + 1;
		pc[1] = (struct wpiece){ .kind = SH_PART_LIT, .off = (uint32_t)k + 1,
					 .s = (uint32_t)k + 1, .n = (uint32_t)(e - k - 1) };
	}
	j = e + 1;
	if ((j < p->end && !(wseq_class[(unsigned char)src[j]] & WQ_END)) ||
	    first_of(src, s, k, '~', '~', '~', '~') < k)
		return 0;
	pc[0] = (struct wpiece){ .kind = SH_PART_LIT, .off = (uint32_t)s, .s = (uint32_t)s,
				 .n = (uint32_t)(k - s) };
	/* the text, then the SQUOTE, or the DQUOTE and its LIT: lex_word_seq's
	 * room (a NUL per text and per part, SH_SRC_PAD for the copy) */
	size_t np = 2 + nin;
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + np * sizeof(struct sh_part) +
					j - s + np + SH_SRC_PAD);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(w + 1), *in = top + 2;
	/* (none of these pieces is a parameter, but the profile-guided gcc
	 * cannot rule out wseq_part's PARAM branch, and with a NULL here
	 * -Wnull-dereference fails the build) */
	struct sh_param no_param, *pm = &no_param;
	char *txt = (char *)(in + nin);
	int r;
	wseq_part(p, &pc[0], &top[0], &txt, &pm);
	if (!dq) {
		wseq_part(p, &pc[1], &top[1], &txt, &pm);
	} else {
		if ((r = sh_enter(p, k)) < 0)
			return r;
		top[1] = (struct sh_part){ .kind = SH_PART_DQUOTE, .pos = sh_pos_at(p, k),
					   .parts = nin ? in : NULL, .n_parts = nin };
		if (nin)
			wseq_part(p, &pc[1], in, &txt, &pm);
		sh_leave(p);
	}
	word_init(w, sh_pos_at(p, s), top, 2, src + s, j - s);
	word_token_done(p, t, w, j);
	return 1;
}

static int text_param_op_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k,
			      bool dq);

/*
 * lex_word_seq's word of plain text [s, k) and a parameter at k that ends
 * it, bare or alone inside "..." (v=$x, -j$n, --file=${f}, v="$x",
 * --dir="${d}"): the pieces its loop would find, built without it, as it
 * builds them (the nesting charges at the quote and at a ${ included). 0,
 * nothing done, for its loop: any other word, and text with a '~' (which
 * its end looks at: tilde prefixes). (A quote and no '$' after it:
 * wseq_text_quote_word's.)
 */
static int __attribute__((noinline))
wseq_text_param_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k)
{
	const char *src = p->src;
	struct wpiece pc[2];
	bool dq = src[k] == '"';
	size_t e, j;
	if (src[k + dq] != '$')
		return wseq_text_quote_word(p, t, s, k);
	if (!p->no_lc)
		return 0;
	if (wseq_dollar(p, k + dq, dq, &pc[1], &e) != 1) {
		/* text"$(cmd)...": text_dq_sub_word's */
		if (dq && k + 2 < p->end && src[k + 2] == '(' && cmdsub_after(p, k + 1) &&
		    first_of(src, s, k, '~', '[', '{', '~') == k)
			return text_dq_sub_word(p, t, s, k, k + 1);
		/* text${x OP y}, text"${x OP y}": text_param_op_word's */
		if (k + dq + 1 < p->end && src[k + dq + 1] == '{' &&
		    first_of(src, s, k, '~', '[', '{', '~') == k)
			return text_param_op_word(p, t, s, k, dq);
		return 0;
	}
	if ((dq && (e >= p->end || src[e] != '"')) ||
	    ((j = e + dq) < p->end && !(wseq_class[(unsigned char)src[j]] & WQ_END)) ||
	    first_of(src, s, k, '~', '~', '~', '~') < k)
		return 0;
	pc[0] = (struct wpiece){ .kind = SH_PART_LIT, .off = (uint32_t)s, .s = (uint32_t)s,
				 .n = (uint32_t)(k - s) };
	if (!dq)
		return wseq_pair_word(p, t, s, j, pc);
	/* the text, then a DQUOTE part with the PARAM inside: lex_word_seq's
	 * room (a NUL per text and per part, SH_SRC_PAD for the copy) */
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + 3 * sizeof(struct sh_part) +
					sizeof(struct sh_param) + j - s + 3 + SH_SRC_PAD);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(w + 1), *in = top + 2;
	struct sh_param *pm = (struct sh_param *)(in + 1);
	char *txt = (char *)(pm + 1);
	int r;
	wseq_part(p, &pc[0], &top[0], &txt, &pm);
	if ((r = sh_enter(p, k)) < 0)
		return r;
	if (pc[1].braced) {
		if ((r = sh_enter(p, k + 1)) < 0)
			return r;
		sh_leave(p);
	}
	top[1] = (struct sh_part){ .kind = SH_PART_DQUOTE, .pos = sh_pos_at(p, k), .parts = in,
				   .n_parts = 1 };
	wseq_part(p, &pc[1], in, &txt, &pm);
	sh_leave(p);
	word_init(w, sh_pos_at(p, s), top, 2, src + s, j - s);
	word_token_done(p, t, w, j);
	return 1;
}

/*
 * lex_word_seq's word [s, i) of the np pieces pc (nin of them inside
 * quotes, npm parameters), built in one allocation, as lex_parts_at,
 * make_word and merge_lits would build it: the parts, texts, positions
 * and nesting charges. rare: with the pieces of wseq_quoted_dollar
 * (nraw, the room their raw texts take), which the common words' code
 * need not ask about. 1 when built, < 0 on error.
 */
static inline __attribute__((always_inline)) int
wseq_build(struct sh_parser *p, struct sh_tok *t, size_t s, size_t i,
	   const struct wpiece *pc, size_t np, size_t nin, size_t npm, size_t nraw, bool rare)
{
	/* the texts are bytes of the word's source, each with a NUL: at most
	 * its length and a byte per part (not counted exactly: that would
	 * cost another pass over the parts), and the SH_SRC_PAD bytes that
	 * wseq_part's copy of a short text may write past the last one */
	size_t ntop = np - nin, ntext = i - s + np + nraw + SH_SRC_PAD;
	_Static_assert(sizeof(struct sh_word) % 8 == 0 && sizeof(struct sh_part) % 8 == 0 &&
		       sizeof(struct sh_param) % 8 == 0,
		       "word, parts, parameters and texts share one allocation");
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + np * sizeof(struct sh_part) +
					npm * sizeof(struct sh_param) + ntext);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(mem + sizeof(*w)), *in = top + ntop;
	struct sh_param *pm = (struct sh_param *)(in + nin);
	char *txt = (char *)(pm + npm);
	int r;
	for (size_t q = 0, o = 0; q < np; q++, o++) {
		/* the nesting charges of "..." (at the quote) and ${ (at the
		 * '$'), in lex_parts_at's order */
		if ((pc[q].kind == SH_PART_DQUOTE || pc[q].braced) &&
		    (r = sh_enter(p, pc[q].off)) < 0)
			return r;
		if (pc[q].kind != SH_PART_DQUOTE && (!rare || pc[q].kind != SH_PART_LOCALE)) {
			if (pc[q].braced)
				sh_leave(p);
			if (!rare || pc[q].kind != SH_PART_ANSI_C)
				wseq_part(p, &pc[q], &top[o], &txt, &pm);
			else if ((r = wseq_ansi_c_part(p, &pc[q], &top[o], &txt)) < 0)
				return r;
			continue;
		}
		size_t n = pc[q].nin;
		/* (a DQUOTE, or in a rare word a LOCALE: no charge) */
		top[o] = (struct sh_part){ .kind = pc[q].kind, .pos = sh_pos_at(p, pc[q].off),
					   .parts = n ? in : NULL, .n_parts = n };
		for (size_t m = 0; m < n; m++) {
			const struct wpiece *ip = &pc[++q];
			if (ip->braced) {
				if ((r = sh_enter(p, ip->off)) < 0)
					return r;
				sh_leave(p);
			}
			wseq_part(p, ip, in++, &txt, &pm);
		}
		if (!rare || pc[q - n].kind == SH_PART_DQUOTE)
			sh_leave(p);
	}
	word_init(w, sh_pos_at(p, s), top, ntop, p->src + s, i - s);
	word_token_done(p, t, w, i);
	return 1;
}

/* (wseq_build with the rare pieces, out of the common words' way) */
static int __attribute__((noinline))
wseq_build_rare(struct sh_parser *p, struct sh_tok *t, size_t s, size_t i,
		const struct wpiece *pc, size_t np, size_t nin, size_t npm, size_t nraw)
{
	return wseq_build(p, t, s, i, pc, np, nin, npm, nraw, true);
}

/*
 * Words made of a few common pieces, built directly, as lex_parts_at,
 * make_word and merge_lits would build them (the same parts, texts,
 * positions and nesting charges): unquoted text, backslash escapes,
 * '...', "..." with text, escapes and simple parameters inside, and
 * simple parameters ($name, $1, $@ ..., ${name}): "$f", "a: $x", 'a'"b",
 * $HOME/bin, "$PWD":/src; and $'...' and $"..." (with what "..." may
 * hold inside), built by wseq_build_rare. Anything else (substitutions,
 * ${ with operators, braces, '(' and process substitutions, a '[' that
 * may start a subscript, tilde prefixes, line continuations) returns 0
 * before anything is built or charged, for the general path. The plain
 * text [s, k) has been scanned by lex_plain_word; or, when dq_stop is not
 * 0, the word starts with a "..." whose text [s + 1, dq_stop) has been
 * scanned by word_simple_in (k is s). Returns 1 when built.
 */
static int __attribute__((noinline))
lex_word_seq_loop(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, size_t dq_stop)
{
	const char *src = p->src;
	size_t end = p->end, np = 0, i = k, nin = 0, npm = 0, nraw = 0;
	long run = -1;
	struct wpiece pc[WSEQ_MAX];
	if (!p->no_lc)
		return 0;
	if (k > s) {
		pc[np++] = (struct wpiece){ .kind = SH_PART_LIT, .off = (uint32_t)s,
					    .s = (uint32_t)s, .n = (uint32_t)(k - s) };
		run = 0;
	} else if (dq_stop) {
		/* (the '"' case of the loop below, from dq_stop) */
		pc[np++] = (struct wpiece){ .kind = SH_PART_DQUOTE, .off = (uint32_t)s };
		if (dq_stop > s + 1) {
			pc[np++] = (struct wpiece){ .kind = SH_PART_LIT, .off = (uint32_t)s + 1,
						    .s = (uint32_t)s + 1,
						    .n = (uint32_t)(dq_stop - s - 1) };
			run = 1;
		}
		if (!(i = wseq_dq(p, dq_stop, pc, &np, &npm, &run)))
			return 0;
		pc[0].nin = (unsigned short)(np - 1);
		nin = np - 1;
		run = -1;
		i++;
	}
	while (i < end) {
		unsigned char c = (unsigned char)src[i];
		unsigned char cl = wseq_class[c];
		if (!(cl & WQ_U)) {
			size_t j = wseq_text_end(src, i + 1, end, WQ_U);
			if (!wseq_run(pc, &np, &run, SH_PART_LIT, i, j))
				return 0;
			i = j;
			continue;
		}
		if (cl & WQ_END)
			break; /* (the end of most words: asked first) */
		if (c == '\\') {
			if (i + 1 >= end || !wseq_run(pc, &np, &run, SH_PART_ESCAPED, i, i + 2))
				return 0;
			i += 2;
		} else if (c == '\'') {
			size_t j = sq_close(src, i + 1, end);
			if (j == end || np == WSEQ_MAX)
				return 0;
			pc[np++] = (struct wpiece){ .kind = SH_PART_SQUOTE, .off = (uint32_t)i,
						    .s = (uint32_t)i + 1, .n = (uint32_t)(j - i - 1) };
			run = -1;
			i = j + 1;
		} else if (c == '"') {
			if (np == WSEQ_MAX)
				return 0;
			size_t dq = np++;
			pc[dq] = (struct wpiece){ .kind = SH_PART_DQUOTE, .off = (uint32_t)i };
			run = -1;
			if (!(i = wseq_dq(p, i + 1, pc, &np, &npm, &run)))
				return 0;
			pc[dq].nin = (unsigned short)(np - dq - 1);
			nin += np - dq - 1;
			run = -1;
			i++;
		} else if (c == '$') {
			if (wseq_take_dollar(p, i, false, pc, &np, &npm, &run, &i))
				continue;
			/* (counts in a copy: their addresses taken would keep
			 * them out of registers in the whole loop) */
			size_t cnt[4] = { np, npm, nin, nraw };
			if (!(i = wseq_quoted_dollar(p, i, pc, cnt)))
				return 0;
			np = cnt[0];
			nraw = cnt[3];
			npm = cnt[1];
			nin = cnt[2];
			run = -1;
		} else if (c == '[') {
			/* NAME[ as the whole word so far: maybe a subscript */
			if ((np == 0 || (np == 1 && run == 0 && pc[0].kind == SH_PART_LIT)) &&
			    sh_valid_name(src + s, i - s))
				return 0;
			if (!wseq_run(pc, &np, &run, SH_PART_LIT, i, i + 1))
				return 0;
			i++;
		} else if (c == '<' || c == '>') {
			if (i + 1 < end && src[i + 1] == '(')
				return 0;
			break;
		} else if (c == '(' || c == '{' || c == '`' || c == '\0') {
			return 0;
		} else {
			break; /* a metacharacter */
		}
	}
	/* an assignment whose value may hold a tilde prefix is left to the
	 * general path (tilde_scan); the '~' asked first (rare: then no
	 * assign_like), 16 bytes at a time (--pretty=format:"x": a loop
	 * would read the text a byte at a time; memchr's call costs more) */
	if (np == 0)
		return 0;
	if (pc[0].kind == SH_PART_LIT &&
	    first_of(src, s, s + pc[0].n, '~', '~', '~', '~') < s + pc[0].n) {
		/* (a word that starts with one: its tilde prefix, as
		 * tilde_scan finds it) */
		if (src[s] == '~' ? !(np = wseq_tilde(p, s, pc, np)) : assign_like(src + s, pc[0].n))
			return 0;
	}
	if (np == 1 && pc[0].kind == SH_PART_LIT) {
		/* text alone: a glob with a bracket (*.[ch]), a '$' before
		 * no name; lex_word_rest would look for a reserved word */
		struct sh_word *w = lit_word(p, src + s, i - s, s);
		if (!w)
			return oom(p);
		t->rw = reserved_word(w->parts[0].text, i - s);
		t->word = w;
		goto done;
	}

	if (__builtin_expect(nraw != 0, 0))
		return wseq_build_rare(p, t, s, i, pc, np, nin, npm, nraw);
	return wseq_build(p, t, s, i, pc, np, nin, npm, 0, false);
done:
	p->cmdpos_sens = false;
	p->pos = i;
	t->kind = T_WORD;
	t->cmdpos_sensitive = false;
	return 1;
}

/* lex_word_seq: text and a parameter that ends the word first (see
 * wseq_text_param_word), asked here, in its callers, so that the loop's
 * own code stays as it was; most callers' k is s, and the question folds
 * away there. */
static inline __attribute__((always_inline)) int
lex_word_seq(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, size_t dq_stop)
{
	const char *src = p->src;
	int r;
	if (k > s && (src[k] == '$' || src[k] == '"' || src[k] == '\'') &&
	    (r = wseq_text_param_word(p, t, s, k)) != 0)
		return r;
	return lex_word_seq_loop(p, t, s, k, dq_stop);
}

/*
 * A word at s that starts with a '$' and that word_simple_in did not
 * build: when it is a parameter followed by plain text up to its end
 * ($x-y ${x}y $1x $HOME/bin $x[1]), lex_word_seq's word of the two pieces
 * it would find, built here without its loop (nothing to check after it:
 * no text first, and a '[' after a parameter is text there); otherwise
 * lex_word_seq's (its loop reads the parameter again: $x$x, $x'a').
 */
static int __attribute__((noinline))
lex_param_text_word(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	const char *src = p->src;
	struct wpiece pc[2];
	size_t e, j;
	if (!p->no_lc || wseq_dollar(p, s, false, &pc[0], &e) != 1)
		return lex_word_seq(p, t, s, s, 0);
	for (j = e; j < p->end && (!(wseq_class[(unsigned char)src[j]] & WQ_U) || src[j] == '[');)
		j++;
	/* (a '{' there: lex_word_seq's loop would stop at it and answer 0,
	 * $x{1,2} $x-{a,b}) */
	if (j == e || (j < p->end && !(wseq_class[(unsigned char)src[j]] & WQ_END)))
		return src[j] == '{' ? 0 : lex_word_seq(p, t, s, s, 0);
	pc[1] = (struct wpiece){ .kind = SH_PART_LIT, .off = (uint32_t)e, .s = (uint32_t)e,
				 .n = (uint32_t)(j - e) };
	return wseq_pair_word(p, t, s, j, pc);
}

/* The {var} of a {var}> redirection at i (the '{'), a T_FDVAR token:
 * 1 when it is one, 0 when not (nothing consumed). (Out of line: its
 * name buffer would enlarge lex_word_rest's frame.) */
static int __attribute__((noinline))
lex_fdvar(struct sh_parser *p, struct sh_tok *t, size_t i)
{
	size_t k = sh_skip_lc(p, i + 1);
	char nb[256];
	size_t nn = 0;
	while (is_name_char(sh_ch(p, k)) && nn + 1 < sizeof(nb)) {
		nb[nn++] = p->src[k];
		k = sh_skip_lc(p, k + 1);
	}
	if (!nn || !is_name_start((unsigned char)nb[0]) || sh_ch(p, k) != '}')
		return 0;
	size_t k2 = sh_skip_lc(p, k + 1);
	int e = sh_ch(p, k2);
	if (e != '<' && e != '>')
		return 0;
	t->kind = T_FDVAR;
	t->fdvar = sh_strndup(p, nb, nn);
	t->word = sh_lit_word(p, p->src + i, k + 1 - i, i);
	if (!t->fdvar || !t->word)
		return oom(p);
	p->pos = k2;
	return 1;
}

static bool sub_at(const struct sh_parser *p, enum lctx ctx, size_t k);

/*
 * lex_brace_word's word of source [s, e), p->pos moved to e: the parts in
 * pv (lex_brace's pushes, each after the text before it if any), and the
 * plain text [b, e) after them, if any, as the LIT part lex_parts_at's run
 * makes of it (no LIT next to another to merge; no tilde or assignment,
 * see lex_brace_word). NULL when out of memory.
 */
static inline __attribute__((always_inline)) struct sh_word *
brace_word_make(struct sh_parser *p, size_t s, const struct pvec *pv, size_t b, size_t e)
{
	size_t n = e - b, nb = pv->n, np = nb + (n ? 1 : 0);
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + np * sizeof(struct sh_part) +
					(n ? n + SH_SRC_PAD : 0)); /* (see copy_src_text) */
	if (!mem)
		return NULL;
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(mem + sizeof(*w));
	part[0] = pv->v[0];
	if (nb > 1)
		part[1] = pv->v[1];
	for (size_t q = 2; q < nb; q++) /* (lex_brace_more's) */
		part[q] = pv->v[q];
	if (n) {
		char *text = (char *)(part + np);
		copy_src_text(text, p->src + b, n);
		part[nb] = (struct sh_part){ .kind = SH_PART_LIT, .pos = sh_pos_at(p, b),
					     .text = text, .text_len = n };
	}
	word_init(w, sh_pos_at(p, s), part, np, p->src + s, e - s);
	p->pos = e;
	return w;
}

/* Where the plain run from b ends: the general loop's next stop in a
 * word (lex_brace_word's). */
static inline __attribute__((always_inline)) size_t
plain_run_end(const struct sh_parser *p, size_t k, unsigned stop);

/* (plain_run_end's scan, without a test of the end at each byte) */
static inline size_t
brace_run_end(const struct sh_parser *p, size_t b)
{
	return plain_run_end(p, b, CC_RUNSTOP | CC_META);
}

/*
 * lex_brace_word after its first brace part, when the plain run [b, e)
 * after it stops at a '{' ({a,b}{1,2}, a{b,c}d{e,f}g): that brace and each
 * next one so met by lex_brace, as the general loop would call it there,
 * the run its lr; then the word built, or 1 for the general loop to go on,
 * as lex_brace_word answers. A literal '{' hands the loop its run with the
 * '{' in it, which lex_word_rest would take for a substitution's start if
 * one followed: before such a '{' the loop goes on from the brace before.
 */
static int __attribute__((noinline))
lex_brace_more(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t s,
	       struct pvec *pv, size_t *ret_plain_end, size_t b, size_t e)
{
	size_t run, bs;
	int r;
	do {
		if (sub_at(p, LC_WORD, e + 1))
			return 1;
		struct litrun lr = { .active = false };
		if (e > b)
			lr = (struct litrun){ .off = b, .kind = SH_PART_LIT, .active = true,
					      .slice = true, .sp = p->src + b, .sn = e - b };
		run = b;
		bs = e;
		p->pos = bs;
		if ((r = lex_brace(p, cmdpos ? LF_CMDPOS : 0, pv, &lr)) < 0)
			return r;
		b = r == 1 ? bs + 1 : p->pos;
		e = brace_run_end(p, b);
	} while (r == 0 && e < p->end && p->src[e] == '{');
	if (e < p->end && !sh_ends_plain_word[(unsigned char)p->src[e]]) {
		if (r == 1) {
			/* the run before the literal '{', the '{' in it */
			*ret_plain_end = bs + 1;
			p->pos = run;
		}
		return 1;
	}
	struct sh_word *w = brace_word_make(p, s, pv, r == 1 ? run : b, e);
	if (!w)
		return oom(p);
	word_token_set(p, t, w);
	return 0;
}

/*
 * lex_word_rest for a word whose '{' at bs (not a lone one; given in
 * *ret_plain_end: a seventh argument would be passed on the stack) starts it
 * (bs == s) or ends the plain text [s, bs) it starts with, a text with no
 * '~', '=' or '[' (no tilde prefix, assignment or subscript for
 * lex_word_rest's end to look at: x{a,b}y, *.{c,h}, dir/{a,b}): the brace
 * by lex_brace, as lex_parts_at would take it after that text. When the
 * brace ends the word, or only plain text follows it or the literal
 * '{' ({}, {a}, {1..a}, x{a,b}y), the word is built here, the same word
 * and token lex_word_rest would build, without the general part loop
 * around it. Otherwise returns 1 for lex_parts_at to go on: after the
 * brace part (in pv, with the text before it, p->pos after it), or after
 * a literal '{' (*ret_plain_end, p->pos at s). A {var}> redirection's
 * {var} is made its T_FDVAR token here (the tokens that start with '{'
 * come here; the arguments that do come as tokens, see sh_arg_start).
 */
static int __attribute__((noinline))
lex_brace_word(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t s,
	       struct pvec *pv, size_t *ret_plain_end)
{
	struct litrun lr = { .active = false };
	size_t bs = *ret_plain_end;
	struct sh_word *w;
	int r = 0;
	if (bs > s) {
		/* (lex_parts_at's run of the plain text it is given) */
		lr = (struct litrun){ .off = s, .kind = SH_PART_LIT, .active = true,
				      .slice = true, .sp = p->src + s, .sn = bs - s };
	} else {
		/* a {var}> needs a '}' (or a line continuation) right after
		 * the name chars: most braces ({a,b}, {1..3}) fail that at a
		 * glance */
		size_t k = s + 1;
		while (k < p->end && is_name_char((unsigned char)p->src[k]))
			k++;
		if (k < p->end && (p->src[k] == '}' || p->src[k] == '\\'))
			r = lex_fdvar(p, t, s);
		if (r)
			return r < 0 ? r : 0;
	}
	p->pos = bs;
	r = lex_brace(p, cmdpos ? LF_CMDPOS : 0, pv, &lr);
	if (r < 0)
		return r;
	/* where the general loop's next stop would be: after the plain run
	 * that follows the brace ({a,b}.c) or that a literal '{' starts */
	size_t b = r == 1 ? bs + 1 : p->pos, e = b;
	while (e < p->end && !(cc_table[(unsigned char)p->src[e]] & (CC_RUNSTOP | CC_META)))
		e++;
	if (e < p->end && !sh_ends_plain_word[(unsigned char)p->src[e]]) {
		if (r == 0 && p->src[e] == '{')
			return lex_brace_more(p, cmdpos, t, s, pv, ret_plain_end, b, e);
		if (r == 1) {
			*ret_plain_end = bs + 1;
			p->pos = s;
		}
		return 1;
	}
	if (r == 1) {
		/* one LIT part (no '~' or NAME= at its start: no tilde) */
		if (!(w = plain_text_word(p, s, e - s)))
			return oom(p);
		t->rw = reserved_word(p->src + s, e - s);
		p->pos = e;
	} else if (!(w = brace_word_make(p, s, pv, b, e))) {
		return oom(p);
	}
	word_token_set(p, t, w);
	return 0;
}

static int lex_word_rest(struct sh_parser *p, bool cmdpos, struct sh_tok *t,
			 size_t s, size_t k, int simple) __attribute__((noinline));

/* Can lex_brace_word take the plain text [s, k) before a '{' (none of
 * '~', '=', '[' in it)? (Their classes, the only bytes of them: one test
 * a byte, not three.) */
static inline bool
brace_prefix_ok(const char *src, size_t s, size_t k)
{
	while (s < k && !(cc_table[(unsigned char)src[s]] & (CC_TILDE | CC_EQUALS | CC_LBRACKET)))
		s++;
	return s == k;
}

/* Where a word that starts with a plain-word stop at s ends when it is
 * a plain word: a lone '{' (a group's) is plain text too, as lex_brace
 * would scan one byte, find the word's end, charge that byte and call it
 * literal; SIZE_MAX for any other. */
static inline __attribute__((always_inline)) size_t
lone_brace_end(const struct sh_parser *p, size_t s)
{
	size_t e = s + 1;
	return p->src[s] == '{' && (e == p->end || sh_ends_plain_word[(unsigned char)p->src[e]])
		       ? e
		       : SIZE_MAX;
}

/*
 * Plain words: plain_scan reads the plain characters from s (where it
 * stopped in *ret_k, their classes in *ret_seen) and returns where the
 * plain word there ends: *ret_k, or one past a lone '{'; SIZE_MAX when
 * the word there is not plain. lex_plain_word and lex_word_token build it.
 * (One function, so that what the scan found, the first character's class
 * and which way the loop ended, is not asked again.)
 *
 * Most words are plain text ending at a blank or an operator: no quotes,
 * expansions, escapes or braces, not an assignment (NAME=, NAME+=) with a
 * '~' in it (tilde_scan would find tilde prefixes in its value) and not
 * starting with '~' (a tilde prefix; '=' and '~' elsewhere are plain text,
 * as lex_parts reads them too), and not followed by '(' (arrays,
 * functions, extglobs) or by '<' or '>' (which may start a process
 * substitution inside it). Such a word lexes to one LIT part; build it
 * directly, as the general path would, without its machinery. The glob
 * characters @ * + ? ! only matter before '(', which ends this scan; '['
 * only after a name (a[i]=v), so it is taken in a word that starts with it
 * ("[", "[[", "[x]"), where what precedes it is never a name.
 * (Always inlined: the hot paths of the lexer ask.)
 */
static inline __attribute__((always_inline)) size_t
plain_scan(const struct sh_parser *p, size_t s, size_t *ret_k, unsigned *ret_seen)
{
	*ret_k = s;
	*ret_seen = 0;
	if (s >= p->end)
		return SIZE_MAX;
	/* the first character apart: it says whether '[' stops the scan
	 * (CC_LBRACKET is no stop for it), read once */
	unsigned cc = cc_table[(unsigned char)p->src[s]];
	if (cc & CC_WORDSTOP)
		return lone_brace_end(p, s);
	unsigned stop = CC_WORDSTOP | (~cc & CC_LBRACKET);
	unsigned seen = cc; /* the classes of the plain characters scanned */
	unsigned end = CC_ENDS; /* the class of the byte after: the end ends */
	size_t k = s + 1;
	while (k < p->end) {
		cc = cc_table[(unsigned char)p->src[k]];
		if (cc & stop) {
			end = cc;
			break;
		}
		seen |= cc;
		k++;
	}
	*ret_k = k;
	*ret_seen = seen;
	if (!((end & CC_ENDS) &&
	      /* (a '~' is rare: its two cases are looked at only then) */
	      (!(seen & CC_TILDE) ||
	       (p->src[s] != '~' && !assign_like(p->src + s, k - s)))))
		return SIZE_MAX;
	return k;
}

/* What plain_scan answers: where the plain word ends (SIZE_MAX: no plain
 * word) and where its scan stopped (returned in registers, not through
 * memory). */
struct plain_end {
	size_t e, k;
};

/*
 * The first byte from k (at most p->end) whose class has a bit of stop (no
 * CC_NUL), or p->end when none before it has: scanned with no test of
 * p->end per byte, to the NUL after every source at the latest (see
 * lex_word_token's scan), and cut back to p->end when it went past it (a
 * $( ) body's end, say). A NUL before p->end, which no source has (sh_parse
 * refuses an input with one), is scanned past as the test would.
 */
static inline __attribute__((always_inline)) size_t
plain_run_end(const struct sh_parser *p, size_t k, unsigned stop)
{
	const char *src = p->src;
	for (;;) {
		unsigned cc;
		while (!((cc = cc_table[(unsigned char)src[k]]) & (stop | CC_NUL)))
			k++;
		if (k >= p->end)
			return p->end;
		if (cc & stop)
			return k;
		k++;
	}
}

/* plain_scan_lean's word with a '~' at k (k >= s): plain_scan's answer,
 * from its loop's way on from k (out of line: rare) */
static struct plain_end __attribute__((noinline))
plain_scan_tilde(const struct sh_parser *p, size_t s, size_t k, unsigned stop)
{
	unsigned end = CC_ENDS;
	for (; k < p->end; k++) {
		unsigned cc = cc_table[(unsigned char)p->src[k]];
		if (cc & stop) {
			end = cc;
			break;
		}
	}
	bool plain = (end & CC_ENDS) && p->src[s] != '~' && !assign_like(p->src + s, k - s);
	return (struct plain_end){ .e = plain ? k : SIZE_MAX, .k = k };
}

/*
 * plain_scan without *ret_seen, for the words that need not know it (the
 * arguments): a '~' stops its loop too, so that the loop neither adds up
 * the classes nor looks at them but for its stops (plain_scan_tilde takes
 * the word on from a '~', as plain_scan would). The same answer.
 */
static inline __attribute__((always_inline)) struct plain_end
plain_scan_lean(const struct sh_parser *p, size_t s)
{
	if (s >= p->end)
		return (struct plain_end){ .e = SIZE_MAX, .k = s };
	unsigned cc = cc_table[(unsigned char)p->src[s]];
	if (cc & CC_WORDSTOP) {
		/* (most such words start with a quote or a '$': said, as
		 * it lays the way to lex_word_simple out better) */
		size_t e = SIZE_MAX;
		if (__builtin_expect(p->src[s] == '{', 0)) {
			/* {} (find's and xargs's): lex_brace's literal too,
			 * whose scan of no byte is charged nothing (.k its
			 * end: lex_plain_word charges a lone '{' only) */
			e = s + 2;
			if (e <= p->end && p->src[s + 1] == '}' &&
			    (e == p->end || sh_ends_plain_word[(unsigned char)p->src[e]]))
				return (struct plain_end){ .e = e, .k = e };
			e = lone_brace_end(p, s);
		}
		return (struct plain_end){ .e = e, .k = s };
	}
	unsigned stop = CC_WORDSTOP | (~cc & CC_LBRACKET);
	if (cc & CC_TILDE)
		return plain_scan_tilde(p, s, s + 1, stop);
	size_t k = plain_run_end(p, s + 1, stop | CC_TILDE);
	if (k < p->end) {
		cc = cc_table[(unsigned char)p->src[k]];
		if (!(cc & CC_ENDS))
			return cc & CC_TILDE ? plain_scan_tilde(p, s, k, stop)
					     : (struct plain_end){ .e = SIZE_MAX, .k = k };
	}
	return (struct plain_end){ .e = k, .k = k };
}

/* The plain word at s (an argument), if the word there is one, built: 1
 * with the word in *ret_w; 0 when the word is not plain (*ret_k: where
 * the plain scan stopped); < 0 on error. */
static inline __attribute__((always_inline)) int
lex_plain_word(struct sh_parser *p, size_t s, struct sh_word **ret_w, size_t *ret_k)
{
	int r;
	struct plain_end pe = plain_scan_lean(p, s);
	size_t e = pe.e, k = pe.k;
	if (e == SIZE_MAX) {
		*ret_k = k;
		return 0;
	}
	if (e != k && (r = sh_charge(p, s, 1)) < 0)
		return r;
	k = e;
	size_t n = k - s;
	p->cmdpos_sens = false;
	p->pos = k;
	struct sh_word *w = lit_word(p, p->src + s, n, s);
	if (!w)
		return oom(p);
	*ret_w = w;
	return 1;
}

int
sh_lex_case_pattern(struct sh_parser *p, size_t s, struct sh_word **ret)
{
	/* plain_scan_lean's scan (plain_run_end), which a '=' or a '~'
	 * stops too: such words go the general way (a NAME=value is an
	 * assignment token at command position, a '~' may be expanded), as
	 * do a lone brace and a word that starts with a '~' */
	const char *src = p->src;
	unsigned cc = cc_table[(unsigned char)src[s]];
	if (cc & (CC_WORDSTOP | CC_TILDE | CC_EQUALS))
		return 0;
	unsigned stop = CC_WORDSTOP | CC_TILDE | CC_EQUALS |
			(~cc & CC_LBRACKET);
	size_t e = plain_run_end(p, s + 1, stop);
	/* (')', or a '|' that is no || or |&; esac ends the case there) */
	if (e + 1 >= p->end)
		return 0;
	int r = src[e] == ')' ? 1 : src[e] != '|' ? 0 :
		src[e + 1] != '|' && src[e + 1] != '&' ? 2 : 0;
	size_t n = e - s;
	if (!r || (n == 4 && memcmp(src + s, "esac", 4) == 0))
		return 0;
	p->cmdpos_sens = false;
	struct sh_word *w = lit_word(p, src + s, n, s);
	if (!w)
		return oom(p);
	p->pos = e + 1;
	*ret = w;
	return r;
}

/*
 * Does a substitution that lex_parts_sub takes start at k: a `...`, $( (not
 * $(( ), or in a word <( or >(, its two bytes with no line continuation?
 */
static bool
sub_at(const struct sh_parser *p, enum lctx ctx, size_t k)
{
	if (k + 1 >= p->end || p->src[k + 1] != '(')
		return k < p->end && p->src[k] == '`';
	char c = p->src[k];
	if (c == '$')
		return k + 2 >= p->end || (p->src[k + 2] != '(' && p->src[k + 2] != '\\');
	return ctx == LC_WORD && (c == '<' || c == '>');
}

/* The body of the substitution at k (sub_at), parsed with the nesting
 * charge lex_dollar and lex_parts_at give it; p->pos ends after its ')'
 * or closing backquote. dq: inside "...", where a `...` also removes the
 * backslash of a \". */
static inline __attribute__((always_inline)) int
lex_sub_body_tok(struct sh_parser *p, size_t k, bool dq, struct sh_node **ret, bool tok_dead)
{
	int r = sh_enter(p, k);
	if (r < 0)
		return r;
	if (__builtin_expect(p->src[k] == '`', 0)) {
		p->pos = k + 1;
		r = lex_backquote(p, dq ? LF_IN_DQ : 0, k, ret, tok_dead);
	} else {
		p->pos = k + 2;
		r = lex_cmdsub_body_tok(p, k, ret, tok_dead);
	}
	if (r < 0)
		return r;
	sh_leave(p);
	return 0;
}

static int
lex_sub_body(struct sh_parser *p, size_t k, bool dq, struct sh_node **ret)
{
	return lex_sub_body_tok(p, k, dq, ret, false);
}

/* The part kind of the substitution that starts with c (sub_at). */
static inline enum sh_part_kind
sub_kind(char c)
{
	return c == '<' || c == '>' ? SH_PART_PROCSUB : SH_PART_CMDSUB;
}

/* pvec_push of the substitution at k, whose body is parsed. (Always
 * inline, as pvec_push is.) */
static inline __attribute__((always_inline)) int
push_sub(struct sh_parser *p, struct pvec *out, size_t k, struct sh_node *body)
{
	char c = p->src[k];
	struct sh_part *part = pvec_push(p, out, sub_kind(c), k);
	if (!part)
		return oom(p);
	part->body = body;
	part->backquote = c == '`';
	if (part->kind == SH_PART_PROCSUB)
		part->procsub_dir = c;
	return 0;
}

/*
 * lex_parts_at(p, ctx, flags, out, k) for a word (LC_WORD) or the inside
 * of "..." (LC_DQ) whose plain text up to k is followed by a substitution
 * (sub_at): the text and the substitution are taken as lex_parts_at and
 * lex_dollar would take them, the same parts, charges and errors, without
 * their loop and dispatch; and when the word or the "..." ends right after
 * the ')', as most do ("$(pwd)", "v: $(x)"), that is all. (Words whose text
 * has no '~' go to lex_sub_word, which builds the common ones whole.)
 */
static int __attribute__((noinline))
lex_parts_sub(struct sh_parser *p, enum lctx ctx, unsigned flags, struct pvec *out,
	      size_t k)
{
	size_t start = sh_skip_lc(p, p->pos);
	int r;
	if (k > start) {
		struct litrun lr = { .active = true, .slice = true, .kind = SH_PART_LIT,
				     .off = start, .sp = p->src + start, .sn = k - start };
		if ((r = lit_flush_run(p, out, &lr)) < 0)
			return r;
	}
	struct sh_node *body = NULL;
	if ((r = lex_sub_body(p, k, ctx == LC_DQ || (flags & LF_IN_DQ), &body)) < 0 ||
	    (r = push_sub(p, out, k, body)) < 0)
		return r;
	/* where lex_parts_at's loop would stop next (a '(' '<' '>' after
	 * the word goes there to find out) */
	if (ctx == LC_WORD ? word_ends_at(p, p->pos)
			   : p->pos < p->end && p->src[p->pos] == '"')
		return 0;
	return lex_parts_at(p, ctx, flags, out, 0);
}

/* The token of the word lex_dq_sub_word built, as lex_word_rest ends a
 * word whose first part is no literal. */
static inline __attribute__((always_inline)) int
sub_word_end(struct sh_parser *p, struct sh_tok *t, struct sh_word *w)
{
	word_token_set(p, t, w);
	return merge_lits(p, w);
}

/*
 * lex_word_rest for a word whose plain text [s, k), if any, has no '~' and
 * is followed by a substitution (sub_at): `$(nproc)`, <(sort a),
 * -j$(nproc), tmp=$(mktemp). When the substitution ends the word, as most
 * do, the word, its parts (the text as a LIT, then the substitution) and
 * the text are built here in one allocation, without a part vector; the
 * word lex_word_rest would build, and a token it would leave so: a LIT +
 * substitution pair has nothing to merge, a '~' would be a tilde prefix
 * only in that text, and it is neither a reserved word nor an array
 * assignment (no '(' ends a word). Otherwise the parts so far are pushed
 * to pv, as lex_parts_sub pushes them, and 1 returned for lex_word_rest's
 * general path to go on after them.
 *
 * tok_dead: the nested parse need not keep p->tok (which it overwrites),
 * for the argument loop's direct builders (lex_word_dollar and
 * lex_word_dquote): there p->tok is not in hand, t is p->tok and only
 * word_token_set's members are read after (its word); the grammar lexes
 * a whole token after the loop; no lexer reads p->tok; and the two
 * places that go on after a nested parse's error (lex_dollar's $(( and
 * sh_lex_arith_cmd) do so around a lex_cmdsub_body of their own, which
 * keeps it. Everywhere else (a token's word, t->start set) it is kept.
 *
 * cmdsub: the caller knows the substitution is a $( or a backquote, no
 * <( or >( (a constant where inlined: no question of its byte for the
 * part's kind and procsub_dir).
 */
static inline __attribute__((always_inline)) int
sub_word_build(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k,
	       struct sh_node *body, bool cmdsub)
{
	size_t n = k - s; /* (the text before the substitution) */
	size_t np = n ? 2 : 1;
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + np * sizeof(struct sh_part) +
					(n ? n + SH_SRC_PAD : 0)); /* (see copy_src_text) */
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *parts = (struct sh_part *)(mem + sizeof(*w)), *part = parts + np - 1;
	struct sh_pos pos = sh_pos_at(p, s);
	if (n) {
		char *text = (char *)(parts + 2);
		copy_src_text(text, p->src + s, n);
		parts[0] = (struct sh_part){ .kind = SH_PART_LIT, .pos = pos, .text = text,
					     .text_len = n };
	}
	char c = p->src[k];
	enum sh_part_kind kind = cmdsub ? SH_PART_CMDSUB : sub_kind(c);
	/* member by member, each written once (the union by its halves), as
	 * lit_word_in writes its part, rather than a compound literal that
	 * clears it all and writes again */
	part->kind = kind;
	part->pos = n ? sh_pos_at(p, k) : pos;
	part->backquote = c == '`';
	part->procsub_dir = kind == SH_PART_PROCSUB ? c : 0;
	part->arith_bracket = false;
	part->text = NULL;
	part->text_len = 0;
	part->body = body;
	part->n_parts = 0;
	word_init(w, pos, parts, np, p->src + s, p->pos - s);
	word_token_set(p, t, w);
	return 0;
}

static int __attribute__((noinline))
lex_sub_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, struct pvec *pv,
	     bool tok_dead)
{
	struct sh_node *body = NULL;
	int r = lex_sub_body_tok(p, k, false, &body, tok_dead);
	if (r < 0)
		return r;
	size_t n = k - s; /* (the text before the substitution) */
	if (!word_ends_at(p, p->pos)) {
		if (n) {
			struct litrun lr = { .active = true, .slice = true,
					     .kind = SH_PART_LIT, .off = s,
					     .sp = p->src + s, .sn = n };
			if ((r = lit_flush_run(p, pv, &lr)) < 0)
				return r;
		}
		return (r = push_sub(p, pv, k, body)) < 0 ? r : 1;
	}
	return sub_word_build(p, t, s, k, body, false);
}

/* lex_cmdsub_word's word when more follows the substitution at s, whose
 * body is parsed: lex_sub_word's part pushed, then lex_parts_at and
 * make_word, as lex_word_rest goes on. */
static int __attribute__((noinline))
cmdsub_word_more(struct sh_parser *p, struct sh_tok *t, size_t s, struct sh_node *body)
{
	struct pvec pv;
	pvec_init(&pv);
	int r;
	if ((r = push_sub(p, &pv, s, body)) < 0 ||
	    (r = lex_parts_at(p, LC_WORD, 0, &pv, 0)) < 0)
		return r;
	struct sh_word *w = make_word(p, &pv, s, p->pos);
	if (!w)
		return oom(p);
	word_token_set(p, t, w);
	return (r = merge_lits(p, w)) < 0 ? r : 1;
}

/*
 * A word that starts with $( (sub_at's, not $(( ), lex_word_simple's:
 * lex_word_rest's way for it (lex_sub_word's, with no text before the
 * substitution, and when the word goes on, lex_parts_at after its part
 * and make_word: cmdsub_word_more), with the flags of a word that is no
 * command name: LF_CMDPOS matters to no word whose first part is no text
 * (lex_parts_at's '[' case), nor does anything lex_word_rest does after
 * make_word. 1 when built (in t), < 0 on error. (lex_sub_word's steps
 * here, not a call: one frame around the nested parse.)
 */
static inline __attribute__((always_inline)) int
sub_word_at(struct sh_parser *p, struct sh_tok *t, size_t s, bool tok_dead, bool cmdsub)
{
	p->cmdpos_sens = false;
	struct sh_node *body = NULL;
	int r = lex_sub_body_tok(p, s, false, &body, tok_dead);
	if (r < 0)
		return r;
	if (!word_ends_at(p, p->pos))
		return cmdsub_word_more(p, t, s, body);
	return (r = sub_word_build(p, t, s, s, body, cmdsub)) < 0 ? r : 1;
}

static int __attribute__((noinline))
lex_cmdsub_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool tok_dead)
{
	return sub_word_at(p, t, s, tok_dead, true);
}

/* lex_word_rest's word for the <( or >( at s (lex_special_fast's: in
 * a source with no continuation line), p->tok kept (see lex_sub_word):
 * a word of one PROCSUB part when the substitution ends it, else
 * cmdsub_word_more's (its first part no LIT: word_rest_end's questions
 * after make_word all answer no), as lex_cmdsub_word builds a $( )
 * word, without lex_word_rest's questions on the way. */
static int __attribute__((noinline))
lex_procsub_word(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	return sub_word_at(p, t, s, false, false);
}

/*
 * lex_param_operand's operand in ctx (a ${...} operand's: LC_PARAM,
 * LC_PARAM_PAT or LC_PARAM_OFF) that starts with a $( at p->pos (not $((
 * nor $(\ ), as lex_subword takes it: the substitution parsed as
 * lex_dollar parses it (the same charge, p->tok kept), and when the
 * operand ends after it (${x:-$(cmd)}, most), its word of one CMDSUB part
 * built as lex_cmdsub_word builds a word's, the word make_word makes of
 * that part; else the part pushed and lex_parts goes on from there, as
 * lex_parts_at's loop would after lex_dollar (in these contexts its
 * state there is that of a fresh call: no literal run, no paren depth,
 * no error that reads where the operand started), then lex_subword's
 * end. p->cmdpos_sens is left as the nested parse leaves it, as
 * lex_subword leaves it. (Out of line: rare.)
 */
static int __attribute__((noinline))
operand_cmdsub_word(struct sh_parser *p, enum lctx ctx, unsigned flags, struct sh_word **ret)
{
	size_t s = p->pos;
	struct sh_node *body = NULL;
	int r = lex_sub_body_tok(p, s, false, &body, false);
	if (r < 0)
		return r;
	bool sens = p->cmdpos_sens;
	if (operand_ends_at(p, ctx, p->pos)) {
		struct sh_tok t;
		t.word = NULL; /* (set when built; said for the compiler) */
		if ((r = sub_word_build(p, &t, s, s, body, true)) < 0)
			return r;
		p->cmdpos_sens = sens;
		*ret = t.word;
		return 0;
	}
	struct pvec pv;
	pvec_init(&pv);
	if ((r = push_sub(p, &pv, s, body)) < 0 || (r = lex_parts(p, ctx, flags, &pv)) < 0)
		return r;
	if (r > 0)
		return sh_fail(p, SH_ERR_SYNTAX, p->pos, "unexpected end of word");
	struct sh_word *w = make_word(p, &pv, s, p->pos);
	if (!w)
		return oom(p);
	*ret = w;
	return 0;
}

/*
 * A word that is one $((...)), or one "$((...))" (dq, a at the quote),
 * after the plain text [s, a) if any (i=$((i+1)), its text one LIT), whose
 * expression is plain text, none of LC_ARITH's run stops (quotes, '$',
 * '`', parens, ';'): $((i+1)), "$(( x * 2 ))", $((a[0]+1)). Built as
 * lex_word_rest builds it: lex_dollar's ARITH part, charged at its '$'
 * and left again, whose expr is lex_param_operand's plain_text_word (in
 * dq, inside lex_dq_part's DQUOTE part, charged at the quote), after the
 * LIT part of lex_parts_at's run, in make_word's word, the token's word set
 * as lex_word_rest sets it (nothing to merge). 1 when built (in t); 2,
 * nothing done, for any other $(( (the general path then): one that goes
 * on after its "))" (or its '"'), or is no arithmetic, a continuation
 * line, or charges over the nesting limit, whose error is the general
 * path's.
 */
static inline __attribute__((always_inline)) int
arith_word_make(struct sh_parser *p, struct sh_tok *t, size_t s, size_t a, bool dq,
		size_t k)
{
	const char *src = p->src;
	size_t d = a + dq, b = d + 3, e = k + 2 + dq, n = a - s, lit = n != 0;
	struct sh_word *x = plain_text_word(p, b, k - b);
	/* (the text's room: see copy_src_text) */
	char *mem = sh_alloc_raw(p, sizeof(struct sh_word) +
				    (lit + 1 + dq) * sizeof(struct sh_part) +
				    (n ? n + SH_SRC_PAD : 0));
	if (!x || !mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *parts = (struct sh_part *)(mem + sizeof(*w));
	struct sh_part *part = parts + lit, *ar = part + dq;
	struct sh_pos pos = sh_pos_at(p, s), apos = n ? sh_pos_at(p, a) : pos;
	if (n) {
		char *text = (char *)(ar + 1);
		copy_src_text(text, src + s, n);
		parts[0] = (struct sh_part){ .kind = SH_PART_LIT, .pos = pos, .text = text,
					     .text_len = n };
	}
	*ar = (struct sh_part){ .kind = SH_PART_ARITH, .pos = dq ? sh_pos_at(p, d) : apos,
				.expr = x };
	if (dq)
		*part = (struct sh_part){ .kind = SH_PART_DQUOTE, .pos = apos, .parts = ar,
					  .n_parts = 1 };
	word_init(w, pos, parts, lit + 1, src + s, e - s);
	p->pos = e;
	p->cmdpos_sens = false;
	word_token_set(p, t, w);
	return 1;
}

/* arith_word_make's two words apart, the $(( alone (the most, an
 * argument's) as it was built before the text's case came: each its own
 * code, with no question of text in the first */
static int __attribute__((noinline))
arith_word_build(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq, size_t k)
{
	return arith_word_make(p, t, s, s, dq, k);
}

static int __attribute__((noinline))
arith_word_build_text(struct sh_parser *p, struct sh_tok *t, size_t s, size_t a, size_t k)
{
	return arith_word_make(p, t, s, a, false, k);
}

/* Is a $(('s plain expression (dq: inside "...") followed at k by the
 * "))" (and '"') that end the word, in a source without continuation
 * lines, within the nesting limit? (lex_arith_word's questions before
 * arith_word_build; where the $(( starts is none of them.) */
static inline __attribute__((always_inline)) bool
arith_word_closes(const struct sh_parser *p, bool dq, size_t k)
{
	const char *src = p->src;
	size_t e = k + 2 + dq; /* (where the word ends) */
	return !(e > p->end || src[k] != ')' || src[k + 1] != ')' || (dq && src[k + 2] != '"') ||
		 !word_ends_at(p, e) || !p->no_lc || p->depth + dq >= SH_MAX_DEPTH);
}

/*
 * lex_arith_word's word whose expression's first run stopped at a '(' at
 * k: $(( (1+2) * 3 )), $(( -(-1) )). Parentheses that pair up are plain
 * text there too: lex_parts_at's LC_ARITH loop counts them and takes each,
 * with the text around it, into the same literal run, the one LIT part
 * plain_text_word makes of the whole expression. The runs are taken on
 * past each paren up to the ')' that pairs with none, where the word is
 * built as lex_arith_word builds it, or handed back (2) as it hands back
 * (a quote or '$' inside, a ')' that ends no "))"...). (Apart, so that the
 * scan of a plain expression, most of them, stays as it was.)
 */
static int __attribute__((noinline))
arith_paren_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq, size_t k)
{
	const char *src = p->src;
	unsigned stop = ctx_run_stop[LC_ARITH], depth = 0;
	do {
		depth += src[k] == '(' ? 1 : -1u;
		k++;
		while (k < p->end && !(run_class[(unsigned char)src[k]] & stop))
			k++;
	} while (k < p->end && (src[k] == '(' || (src[k] == ')' && depth)));
	return arith_word_closes(p, dq, k) ? arith_word_build(p, t, s, dq, k) : 2;
}

/* (The scan and its questions apart from the building, which needs a
 * frame: a word handed back, $(( $x )) or $((a)b), costs no more than
 * them.) */
static inline __attribute__((always_inline)) int
arith_word_scan(struct sh_parser *p, struct sh_tok *t, size_t s, size_t a, bool dq)
{
	const char *src = p->src;
	size_t k = a + dq + 3;
	unsigned stop = ctx_run_stop[LC_ARITH];
	while (k < p->end && !(run_class[(unsigned char)src[k]] & stop))
		k++;
	if (arith_word_closes(p, dq, k))
		/* (text first only before an unquoted $((: see
		 * equals_arith_token) */
		return a == s ? arith_word_build(p, t, s, dq, k)
			      : arith_word_build_text(p, t, s, a, k);
	/* (a '(' first among the run's stops: arith_paren_word's, for a
	 * $(( with no text first) */
	return a == s && k < p->end && src[k] == '(' ? arith_paren_word(p, t, s, dq, k) : 2;
}

/* arith_word_scan's word with no text first (an argument's, a command's) */
static int __attribute__((noinline))
lex_arith_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq)
{
	return arith_word_scan(p, t, s, s, dq);
}

/* lex_dq_sub_word's word when more follows the $( ) at k in its "..." at
 * s or after it: the general path after the substitution, as lex_parts_at's
 * '"' case and loop would go on (the text before it, if any, one LIT part,
 * as lex_parts_at's run makes it). The word starts at ws: plain text
 * [ws, s) before the quote (text_dq_sub_word's) is its first LIT part, as
 * lex_parts_at's run flushed at the '"' makes it. */
static int __attribute__((noinline))
dq_sub_word_more(struct sh_parser *p, size_t ws, size_t s, size_t k, struct sh_node *body,
		 struct sh_word **ret)
{
	struct pvec pv, in;
	pvec_init(&pv);
	pvec_init(&in);
	int r;
	if (s > ws) {
		struct litrun lr = { .active = true, .slice = true, .kind = SH_PART_LIT,
				     .off = ws, .sp = p->src + ws, .sn = s - ws };
		if ((r = lit_flush_run(p, &pv, &lr)) < 0)
			return r;
	}
	size_t dq = pv.n;
	if (!pvec_push(p, &pv, SH_PART_DQUOTE, s))
		return oom(p);
	if (k > s + 1) {
		struct litrun lr = { .active = true, .slice = true, .kind = SH_PART_LIT,
				     .off = s + 1, .sp = p->src + s + 1, .sn = k - s - 1 };
		if ((r = lit_flush_run(p, &in, &lr)) < 0)
			return r;
	}
	if ((r = push_sub(p, &in, k, body)) < 0 ||
	    (!(p->pos < p->end && p->src[p->pos] == '"') &&
	     (r = lex_parts_at(p, LC_DQ, 0, &in, 0)) < 0) ||
	    (r = dq_close(p, s, &pv, dq, &in)) < 0 ||
	    (!word_ends_at(p, p->pos) && (r = lex_parts_at(p, LC_WORD, 0, &pv, 0)) < 0))
		return r;
	if (!(*ret = make_word(p, &pv, ws, p->pos)))
		return oom(p);
	return 0;
}

/* pp made the PARAM part of pm at pos: member by member, each written
 * once (the union by its widest member), rather than by a compound
 * literal that is built apart and copied (its word: word_init). */
static inline __attribute__((always_inline)) void
param_part_set(struct sh_part *pp, struct sh_pos pos, struct sh_param *pm)
{
	pp->kind = SH_PART_PARAM;
	pp->pos = pos;
	pp->backquote = false;
	pp->procsub_dir = 0;
	pp->arith_bracket = false;
	pp->text = NULL;
	pp->text_len = 0;
	pp->parts = NULL;
	pp->n_parts = 0;
	pp->param = pm;
}

/* pp made the DQUOTE part of the n parts in at pos, as param_part_set
 * makes a PARAM part: a compound literal here became a rep stos of the
 * whole part in the profile-guided build where its training never went
 * ("${a[@]}" in param_sub_word: 11-14% of its samples under `perf
 * record`). */
static inline __attribute__((always_inline)) void
dq_part_set(struct sh_part *pp, struct sh_pos pos, struct sh_part *in, size_t n)
{
	pp->kind = SH_PART_DQUOTE;
	pp->pos = pos;
	pp->backquote = false;
	pp->procsub_dir = 0;
	pp->arith_bracket = false;
	pp->text = NULL;
	pp->text_len = 0;
	pp->parts = in;
	pp->n_parts = n;
}

/*
 * The word of a "..." at q that holds a $( (not $(( nor $(\ ) or a
 * backquote at k after the plain text [q + 1, k) (dq_stop_at's), with
 * plain text [s, q) before the quote when text is set (then s < q; else
 * s == q). When the '"' after the substitution ends the word
 * (cd "$(git rev-parse --show-toplevel)", echo "Done: $(date)",
 * w="$(cmd)", --author="$(git config user.email)"), it is built here,
 * in one allocation: the word, the text's LIT part, the DQUOTE part, the
 * LIT inside it and the CMDSUB, and the two texts. Otherwise
 * dq_sub_word_more goes on. Either way the word lex_word_rest would
 * build, with the charges and errors of lex_parts_at's '"' case and
 * lex_dollar (or its '`' case: lex_sub_body decodes a backquoted body as
 * inside "..."). 1 when built, < 0 on error. (Inline in its two callers,
 * each with a constant text, so that each keeps only its own layout.)
 */
static inline __attribute__((always_inline)) int
dq_sub_word_in(struct sh_parser *p, struct sh_tok *t, size_t s, size_t q, size_t k,
	       bool tok_dead, bool text)
{
	struct sh_node *body = NULL;
	int r;
	p->cmdpos_sens = false; /* as lex_word_rest clears it for lex_parts_at */
	if ((r = sh_enter(p, q)) < 0 || (r = lex_sub_body_tok(p, k, true, &body, tok_dead)) < 0)
		return r;
	size_t e = p->pos; /* after the ')' */
	struct sh_word *w;
	if (e < p->end && p->src[e] == '"' && word_ends_at(p, e + 1)) {
		size_t m = text ? q - s : 0, n = k - q - 1, np = n ? 2 : 1, nt = text ? 2 : 1;
		char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) +
						(nt + np) * sizeof(struct sh_part) +
						(text ? m + SH_SRC_PAD : 0) +
						(n ? n + SH_SRC_PAD : 0)); /* (see copy_src_text) */
		if (!mem)
			return oom(p);
		w = (struct sh_word *)mem;
		struct sh_part *top = (struct sh_part *)(mem + sizeof(*w)), *in = top + nt;
		struct sh_part *sub = in + np - 1;
		char *txt = (char *)(in + np);
		struct sh_pos pos = sh_pos_at(p, s);
		if (text) {
			copy_src_text(txt, p->src + s, m);
			top[0] = (struct sh_part){ .kind = SH_PART_LIT, .pos = pos, .text = txt,
						   .text_len = m };
			txt += m + SH_SRC_PAD;
		}
		if (n) {
			copy_src_text(txt, p->src + q + 1, n);
			in[0] = (struct sh_part){ .kind = SH_PART_LIT, .pos = sh_pos_at(p, q + 1),
						  .text = txt, .text_len = n };
		}
		*sub = (struct sh_part){ .kind = SH_PART_CMDSUB, .pos = sh_pos_at(p, k),
					 .backquote = p->src[k] == '`', .body = body };
		dq_part_set(in - 1, text ? sh_pos_at(p, q) : pos, in, np);
		word_init(w, pos, top, nt, p->src + s, e + 1 - s);
		p->pos = e + 1;
		sh_leave(p);
	} else if ((r = dq_sub_word_more(p, s, q, k, body, &w)) < 0) {
		return r;
	}
	return (r = sub_word_end(p, t, w)) < 0 ? r : 1;
}

/* dq_sub_word_in's word that starts with "$( or "text$(, or with "` or
 * "text` (no text before the quote): word_simple_in's. (No flags, at a
 * command name either: see lex_cmdsub_word.) */
static int __attribute__((noinline))
lex_dq_sub_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, bool tok_dead)
{
	return dq_sub_word_in(p, t, s, s, k, tok_dead, false);
}

/*
 * dq_sub_word_in's word at s of plain text [s, q) and a "..." at q whose
 * plain text [q + 1, k) stops at a $( (cmdsub_after's) or a backquote at
 * k (w="$(cmd)", --author="$(git config user.email)", v="x `cmd`"):
 * wseq_text_quote_word's. The text has no '~', '[' or '{' (no tilde
 * prefix, subscript or brace for lex_word_rest to look at), so nothing of
 * lex_word_rest's end applies: its first LIT has no '~' and the DQUOTE
 * stops tilde_scan, and a word of two parts or more whose last is no LIT
 * is no array, reserved word or a[1]=(x).
 */
static int __attribute__((noinline))
text_dq_sub_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t q, size_t k)
{
	return dq_sub_word_in(p, t, s, q, k, false, true);
}

/*
 * lex_word_rest for a word that starts with ${ or "${ (dq), a parameter
 * lex_word_simple does not build (an operator, a subscript, ${#x} ...):
 * ${x%.*}, "${x:-y}", "${a[@]}". The parameter is read by lex_param_braced
 * (or, when pre has its name and operator, which param_op_word read, its
 * operands from p->pos by lex_param_operands) with the charges and brace note of lex_parts_at's '"' case and
 * lex_dollar, and when it (with its closing quote) is all of the word, the
 * word, its one or two parts and the sh_param are built here in one
 * allocation: the word lex_word_rest would build (one part, no literal
 * first: nothing to merge, no assignment, tilde or reserved word).
 * Otherwise its parts so far are pushed to pv, as lex_parts_dollar and
 * lex_dq_part push them, the general path goes on after them, and 1 is
 * returned for lex_word_rest to make the word.
 */
static int __attribute__((noinline))
lex_param_word(struct sh_parser *p, unsigned flags, struct sh_tok *t, size_t s,
	       struct pvec *pv, const struct sh_param *pre)
{
	bool dq = p->src[s] == '"';
	size_t d = dq ? s + 1 : s, a = p->pos; /* the '$'; pre's operand */
	int r;
	p->cmdpos_sens = false; /* as lex_word_rest clears it for lex_parts_at */
	if ((dq && (r = sh_enter(p, s)) < 0) || (r = sh_enter(p, d)) < 0)
		return r;
	_Static_assert(sizeof(struct sh_word) % 8 == 0 && sizeof(struct sh_part) % 8 == 0,
		       "word, parts and parameter share one allocation");
	char *mem = sh_alloc_raw(p, sizeof(struct sh_word) + 2 * sizeof(struct sh_part) +
				 sizeof(struct sh_param));
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(mem + sizeof(*w)), *in = top + 1;
	struct sh_param *pm = (struct sh_param *)(in + 1);
	if (pre) {
		/* name and operator read by param_op_word: its operands from a */
		*pm = *pre;
		p->pos = a;
		r = lex_param_operands(p, dq ? LF_IN_DQ : 0, d, pm);
	} else {
		*pm = (struct sh_param){ 0 };
		p->pos = d + 2;
		r = lex_param_braced(p, dq ? LF_IN_DQ : 0, d, pm);
	}
	if (r < 0)
		return r;
	sh_leave(p);
	size_t e = p->pos;
	if (!dq && !param_text_plain(p, d) && !param_ends_word(p, d))
		note_brace_skip(p, d);
	if (!dq && word_ends_at(p, e)) {
		param_part_set(top, sh_pos_at(p, d), pm);
	} else if (dq && e < p->end && p->src[e] == '"' && word_ends_at(p, e + 1)) {
		p->pos = ++e;
		sh_leave(p);
		param_part_set(in, sh_pos_at(p, d), pm);
		*top = (struct sh_part){ .kind = SH_PART_DQUOTE, .pos = sh_pos_at(p, s),
					 .parts = in, .n_parts = 1 };
	} else if (!dq) {
		struct sh_part *part = pvec_push(p, pv, SH_PART_PARAM, d);
		if (!part)
			return oom(p);
		part->param = pm;
		return (r = lex_parts(p, LC_WORD, flags, pv)) < 0 ? r : 1;
	} else {
		struct pvec inv;
		pvec_init(&inv);
		struct sh_part *part;
		if (!pvec_push(p, pv, SH_PART_DQUOTE, s) ||
		    !(part = pvec_push(p, &inv, SH_PART_PARAM, d)))
			return oom(p);
		part->param = pm;
		if ((!(e < p->end && p->src[e] == '"') &&
		     (r = lex_parts(p, LC_DQ, 0, &inv)) < 0) ||
		    (r = dq_close(p, s, pv, 0, &inv)) < 0 ||
		    (!word_ends_at(p, p->pos) && (r = lex_parts(p, LC_WORD, flags, pv)) < 0))
			return r;
		return 1;
	}
	word_init(w, sh_pos_at(p, s), top, 1, p->src + s, e - s);
	word_token_set(p, t, w);
	return 0;
}

/* Does the word at s, one lex_word_simple answered 2 for, start with ${
 * or "${ (lex_word_simple read these bytes: they are in the source)? */
static inline bool
param_word_at(const struct sh_parser *p, size_t s)
{
	bool dq = p->src[s] == '"';
	return p->src[s + dq] == '$' && p->src[s + dq + 1] == '{';
}

/*
 * lex_word_rest's NAME=( ... ) (NAME+=( ... )): the word w at s, its one
 * LIT part NAME= (vo bytes), the '(' at i: the array's assignment in
 * t->assign, the word's source taken to the ')'. (Apart, as
 * equals_array_token comes here too.)
 */
static int __attribute__((noinline))
array_assign_word(struct sh_parser *p, struct sh_tok *t, struct sh_word *w, size_t s,
		  size_t vo, size_t i)
{
	int r;
	struct sh_assign *as = sh_alloc(p, sizeof(*as));
	if (!as)
		return oom(p);
	const char *txt = w->parts[0].text;
	as->pos = w->pos;
	as->append = txt[vo - 2] == '+';
	as->name = sh_strndup(p, txt, vo - (as->append ? 2 : 1));
	if (!as->name)
		return oom(p);
	if ((r = sh_enter(p, i)) < 0)
		return r;
	p->pos = i + 1;
	if ((r = lex_array(p, i, as)) < 0)
		return r;
	sh_leave(p);
	/* a=(x)b is one word to bash, a scalar assignment of "(x)b" */
	int c = peek(p, &i);
	if (!is_meta(c))
		return sh_fail(p, SH_ERR_UNSUPPORTED, s,
			       "unsupported construct: text right after the ')' "
			       "of an array assignment");
	t->assign = as;
	w->src = p->src + s;
	w->src_len = p->pos - s;
	return 0;
}

/*
 * lex_word_rest's NAME[KEY]=VALUE (or +=) at s, the '[' at k, with a key
 * of name characters only and a plain value (no '~', '[', quote or
 * expansion) that ends the word, not at a '(' (a[1]=(x), an error): the
 * word of one LIT part that lex_parts_at and merge_lits make of it, in
 * or out of command position alike (no blank in the key), noted
 * cmdpos_sensitive as lex_parts_at's '[' case notes it. 1 when built
 * (p->pos after it), 0 for the general path (nothing read).
 */
static int __attribute__((noinline))
subscript_assign_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k)
{
	const char *src = p->src;
	if (!p->no_lc || !sh_valid_name(src + s, k - s))
		return 0;
	size_t q = k + 1;
	while (q < p->end && is_name_char((unsigned char)src[q]))
		q++;
	if (q == k + 1 || q + 1 >= p->end || src[q] != ']')
		return 0;
	q += 1 + (src[q + 1] == '+');
	if (q >= p->end || src[q] != '=')
		return 0;
	size_t e = q + 1;
	while (e < p->end &&
	       !(cc_table[(unsigned char)src[e]] & (CC_WORDSTOP | CC_LBRACKET | CC_TILDE)))
		e++;
	if (e < p->end && (!sh_ends_plain_word[(unsigned char)src[e]] || src[e] == '('))
		return 0;
	struct sh_word *w = lit_word(p, src + s, e - s, s);
	if (!w)
		return oom(p);
	p->pos = e;
	p->cmdpos_sens = true;
	word_token_set(p, t, w);
	return 1;
}

/*
 * lex_word_rest's word at s whose plain text stops at a '(' at k right
 * after NAME= or NAME+= (declare -A m=([a]=1), an argument; at command
 * position equals_array_token's): its word of that text and its array,
 * as the general path makes them (lex_parts_at's one LIT part, then
 * array_assign_word). 1 when built, 0 for the general path (nothing
 * read), < 0 on error.
 */
static int __attribute__((noinline))
array_text_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k)
{
	const char *src = p->src;
	size_t i = s;
	if (!p->no_lc || !is_name_start((unsigned char)src[s]))
		return 0;
	while (is_name_char((unsigned char)src[i]))
		i++;
	i += src[i] == '+';
	if (src[i] != '=' || i + 1 != k)
		return 0;
	struct sh_word *w = lit_word(p, src + s, k - s, s);
	if (!w)
		return oom(p);
	p->cmdpos_sens = false;
	word_token_set(p, t, w);
	p->pos = k;
	int r = array_assign_word(p, t, w, s, k - s, k);
	return r < 0 ? r : 1;
}

/* lex_word_rest's end, after the parts of the word at s are in pv (p->pos
 * after them): the word and its token, then what words that start with
 * literal text may be (assignments, arrays, tilde prefixes, reserved
 * words). (Always inline: lex_word_rest's own code, and sub_word_rest's.) */
static inline __attribute__((always_inline)) int
word_rest_end(struct sh_parser *p, struct sh_tok *t, size_t s, struct pvec *pv)
{
	size_t i;
	int r;
	struct sh_word *w = make_word(p, pv, s, p->pos);
	if (!w)
		return oom(p);
	word_token_set(p, t, w);
	if ((r = merge_lits(p, w)) < 0)
		return r;
	/* what follows is about words that start with literal text
	 * (assignments, arrays, tilde prefixes, reserved words) */
	if (!w->n_parts || w->parts[0].kind != SH_PART_LIT)
		return 0;

	size_t vo = assign_prefix(w);
	int c = peek(p, &i);
	if (!vo && c == '(' && w->n_parts && w->parts[w->n_parts - 1].kind == SH_PART_LIT &&
	    w->parts[0].kind == SH_PART_LIT && is_name_start((unsigned char)w->parts[0].text[0])) {
		/* a[1]=(x): bash parses it and fails when it runs */
		const struct sh_part *last = &w->parts[w->n_parts - 1];
		const char *eq = memchr(w->parts[0].text, '[', w->parts[0].text_len);
		if (eq && last->text_len >= 2 && last->text[last->text_len - 1] == '=' &&
		    (last->text[last->text_len - 2] == ']' ||
		     (last->text_len >= 3 && last->text[last->text_len - 2] == '+' &&
		      last->text[last->text_len - 3] == ']')))
			return sh_fail(p, SH_ERR_UNSUPPORTED, s,
				       "unsupported construct: list assigned to an array "
				       "element (bash fails it at run time)");
	}
	if (vo && c == '(' && w->n_parts == 1 && w->parts[0].text_len == vo)
		return array_assign_word(p, t, w, s, vo, i); /* NAME=( ... ) */
	if (w->n_parts && w->parts[0].kind == SH_PART_LIT) {
		if (w->parts[0].text[0] == '~')
			r = tilde_scan(p, w, 0, 0, false);
		else if (vo)
			r = tilde_scan(p, w, 0, vo, true);
		else
			r = 0;
		if (r < 0)
			return r;
		if (w->n_parts == 1 && w->parts[0].kind == SH_PART_LIT &&
		    w->parts[0].text_len)
			t->rw = reserved_word(w->parts[0].text, w->parts[0].text_len);
	}
	return 0;
}

/* lex_word_rest's way on after lex_sub_word's 1 (more follows the
 * substitution: x=$(a)b): lex_parts_at from there, then lex_word_rest's
 * end. (Apart: rare; equals_rest_token's.) */
static int __attribute__((noinline))
sub_word_rest(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t s, struct pvec *pv)
{
	int r = lex_parts_at(p, LC_WORD, cmdpos ? LF_CMDPOS : 0, pv, 0);
	return r < 0 ? r : word_rest_end(p, t, s, pv);
}

/* lex_word_token for the words that are not plain: s is where the word
 * starts, k where the scan for a plain word stopped; simple is what
 * lex_word_simple answered for the word when the caller asked it (0 or
 * 2: lex_word_seq is not to be tried), -1 when not asked. */
static int
lex_word_rest(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t s, size_t k,
	      int simple)
{
	int r;
	/* (lex_word_simple's 0 and 2: lex_word_seq was tried, or would not
	 * build the word) */
	bool seq = simple < 0;
	if (simple < 0 && k == s && s < p->end &&
	    (p->src[s] == '\'' || p->src[s] == '"' || p->src[s] == '$')) {
		seq = false;
		if ((simple = lex_word_simple(p, t, s)) != 0 && simple != 2)
			return simple < 0 ? simple : 0;
	}
	struct pvec pv;
	pvec_init(&pv);
	if (simple == 2) {
		/* (a "$( ... word is lex_word_simple's, which answers no 2
		 * for it) */
		if (param_word_at(p, s)) {
			if ((r = lex_param_word(p, cmdpos ? LF_CMDPOS : 0, t, s, &pv,
						NULL)) <= 0)
				return r;
			goto made;
		}
	}

	/* a plain word that lex_word_token's scan ran to its end: it came here
	 * for a tilde prefix */
	if (k > s && (k == p->end || sh_ends_plain_word[(unsigned char)p->src[k]]) &&
	    (r = lex_tilde_word(p, t, s, k)) <= 0)
		return r;

	if (k > s && k < p->end && (p->src[k] == '[' || p->src[k] == '(') &&
	    (r = p->src[k] == '[' ? subscript_assign_word(p, t, s, k)
				  : array_text_word(p, t, s, k)) != 0)
		return r < 0 ? r : 0;

	if (seq && k < p->end && !wseq_skip[(unsigned char)p->src[k]] &&
	    !(p->src[k] == '$' && k + 1 < p->end && p->src[k + 1] == '(') &&
	    (r = lex_word_seq(p, t, s, k, 0)) != 0)
		return r < 0 ? r : 0;

	p->cmdpos_sens = false;
	if (k < p->end && p->src[k] == '{' && (k == s || brace_prefix_ok(p->src, s, k)) &&
	    (r = lex_brace_word(p, cmdpos, t, s, &pv, &k)) <= 0)
		return r;
	unsigned flags = cmdpos ? LF_CMDPOS : 0;
	if (sub_at(p, LC_WORD, k)) {
		size_t q = s;
		while (q < k && p->src[q] != '~')
			q++;
		if (q < k)
			r = lex_parts_sub(p, LC_WORD, flags, &pv, k);
		else if ((r = lex_sub_word(p, t, s, k, &pv, false)) > 0)
			r = lex_parts_at(p, LC_WORD, flags, &pv, 0);
		else
			return r;
	} else if (k == s && p->src[s] == '$') {
		r = lex_parts_dollar(p, LC_WORD, flags, &pv);
	} else if (k == s && p->src[s] == '"') {
		/* "a $b c", "${x:-y}": the quotes first, as lex_parts_at's
		 * loop would read them, and the loop only if the word goes
		 * on after them */
		r = lex_dq_part(p, &pv, s);
		if (r == 0 && !word_ends_at(p, p->pos))
			r = lex_parts(p, LC_WORD, flags, &pv);
	} else {
		r = lex_parts_at(p, LC_WORD, flags, &pv, k);
	}
	if (r < 0)
		return r;
made:
	return word_rest_end(p, t, s, &pv);
}

/* The real character after the one at i, and where it is: peek_after,
 * which lc false (no continuation line where it reads) folds to the next
 * byte. */
static inline __attribute__((always_inline)) int
op_next(struct sh_parser *p, size_t i, bool lc, size_t *ret_j)
{
	if (!lc) {
		*ret_j = i + 1;
		return sh_ch(p, i + 1);
	}
	return peek_after(p, i, ret_j);
}

/* The operator that starts with c at i into t (kind, op; p->pos after
 * it). Always inlined: lex_special_fast reads the operators that no
 * continuation line can be inside (lc false) with the peeks folded to
 * plain byte reads, lex_special_tok the others. */
static inline __attribute__((always_inline)) int
read_op(struct sh_parser *p, size_t i, int c, struct sh_tok *t, bool lc)
{
	size_t j, k;
	int d = op_next(p, i, lc, &j), e;
	t->kind = T_OP;
	p->pos = i + 1;
	switch (c) {
	case ';':
		if (d == ';') {
			e = op_next(p, j, lc, &k);
			if (e == '&') {
				t->op = OP_DSEMIAND;
				p->pos = k + 1;
			} else {
				t->op = OP_DSEMI;
				p->pos = j + 1;
			}
		} else if (d == '&') {
			t->op = OP_SEMIAND;
			p->pos = j + 1;
		} else
			t->op = OP_SEMI;
		return 0;
	case '&':
		if (d == '&') {
			t->op = OP_AND_IF;
			p->pos = j + 1;
		} else if (d == '>') {
			e = op_next(p, j, lc, &k);
			if (e == '>') {
				t->op = OP_ANDDGREAT;
				p->pos = k + 1;
			} else {
				t->op = OP_ANDGREAT;
				p->pos = j + 1;
			}
		} else
			t->op = OP_AMP;
		return 0;
	case '|':
		if (d == '|') {
			t->op = OP_OR_IF;
			p->pos = j + 1;
		} else if (d == '&') {
			t->op = OP_PIPEAMP;
			p->pos = j + 1;
		} else
			t->op = OP_PIPE;
		return 0;
	case '(':
		t->op = OP_LPAREN;
		return 0;
	case ')':
		t->op = OP_RPAREN;
		return 0;
	case '<':
		if (d == '<') {
			e = op_next(p, j, lc, &k);
			if (e == '<') {
				t->op = OP_TLESS;
				p->pos = k + 1;
			} else if (e == '-') {
				t->op = OP_DLESSDASH;
				p->pos = k + 1;
			} else {
				t->op = OP_DLESS;
				p->pos = j + 1;
			}
		} else if (d == '&') {
			t->op = OP_LESSAND;
			p->pos = j + 1;
		} else if (d == '>') {
			t->op = OP_LESSGREAT;
			p->pos = j + 1;
		} else
			t->op = OP_LESS;
		return 0;
	case '>':
		if (d == '>') {
			t->op = OP_DGREAT;
			p->pos = j + 1;
		} else if (d == '|') {
			t->op = OP_CLOBBER;
			p->pos = j + 1;
		} else if (d == '&') {
			t->op = OP_GREATAND;
			p->pos = j + 1;
		} else
			t->op = OP_GREAT;
		return 0;
	default:
		/* (lex_special_fast asks for one of the characters above
		 * only: no call there, which would cost it a frame) */
		if (!lc)
			__builtin_unreachable();
		return sh_fail(p, SH_ERR_SYNTAX, i, "internal: not an operator");
	}
}

static int lex_special_tok(struct sh_parser *p, bool cmdpos, struct sh_tok *t,
			   size_t i, int c);

/* Characters a token can start with that are no word's start, or may
 * not be (a comment's '#' and a backslash among them): sh_lex_token looks
 * closer at these only. It reads itself, when it can, 2: the operators
 * (; & | ( ) < >), 3: digits (an fd before < or >); 4: the blanks before
 * a token, which it skips (so that one look at a byte's class both skips
 * a blank and sends a word on; no token starts with one, so the other
 * readers of this table never see a 4). (A '{' starts a word:
 * a group's '{' is a plain one, and a {var}> redirection is found by
 * lex_word_rest. A backslash may start a continuation line, which
 * lex_token_rest skips before a word.) */
static const unsigned char tok_special[256] = {
	['\0'] = 1, ['\n'] = 1, ['#'] = 1, ['\\'] = 1, [';'] = 2, ['&'] = 2, ['|'] = 2,
	['('] = 2, [')'] = 2, ['<'] = 2, ['>'] = 2,
	['0'] = 3, ['1'] = 3, ['2'] = 3, ['3'] = 3, ['4'] = 3,
	['5'] = 3, ['6'] = 3, ['7'] = 3, ['8'] = 3, ['9'] = 3,
	[' '] = 4, ['\t'] = 4,
};

static int lex_word_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i);

static int lex_token_rest(struct sh_parser *p, bool cmdpos, struct sh_tok *t);

/* sh_lex_token's token at i, which starts with c (>= 0), a character of
 * tok_special: an operator, a one-digit fd and a newline are read here,
 * the rest left to lex_token_rest.
 * (Apart from sh_lex_token, which then has registers enough for the
 * blanks and the words without a frame.) */
/* lex_special_fast's token at i, a digit that no '<' or '>' follows, in a
 * source with no continuation line: digits that none follows either (the
 * 2 and 10 of [[ 2 -lt 10 ]]) are a word, which lex_special_tok would find
 * after its scan for a longer fd and hand to lex_word_token; the rest (a
 * longer fd, 10>) go its way. (Apart, so that lex_special_fast's
 * operators keep their registers.) */
static int __attribute__((noinline))
lex_digit_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i)
{
	size_t k = i + 1;
	while (k < p->end && p->src[k] >= '0' && p->src[k] <= '9')
		k++;
	if (k == p->end || (p->src[k] != '<' && p->src[k] != '>'))
		return lex_word_token(p, cmdpos, t, i);
	p->pos = i;
	return lex_token_rest(p, cmdpos, t);
}

/* A word or operator token begun at i: cleared, as every lexer of a
 * token starts it (the members its lexer does not set stay zero), its
 * start and p->pos at i. */
static inline __attribute__((always_inline)) void
tok_begin(struct sh_parser *p, struct sh_tok *t, bool cmdpos, size_t i)
{
	memset(t, 0, sizeof(*t));
	t->cmdpos = cmdpos;
	p->pos = i;
	t->start = i;
}

/* (its callers, sh_lex_token_here and lex_special_tok_at, have tried
 * sh_lex_op_short) */
static int __attribute__((noinline))
lex_special_fast(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, int c)
{
	if (tok_special[c] == 2) {
		/* an operator (<( and >( start a process substitution, a
		 * word: with no continuation line, lex_word_token_general's
		 * token of it, taken here rather than after lex_token_rest,
		 * lex_special_tok and lex_word_token, which would find the
		 * same word at i, whose plain scan stops at once) */
		if ((c == '<' || c == '>') && i + 1 < p->end && p->src[i + 1] == '(' &&
		    p->no_lc) {
			tok_begin(p, t, cmdpos, i);
			int r = lex_procsub_word(p, t, i);
			if (r < 0)
				return r;
			t->end = p->pos;
			return 0;
		}
		if (!((c == '<' || c == '>') && sh_ch(p, i + 1) == '(') &&
		    /* (in a source with continuation lines, none inside
		     * it: an operator is 3 bytes at most) */
		    (p->no_lc || (sh_ch(p, i + 1) != '\\' && sh_ch(p, i + 2) != '\\'))) {
			*t = (struct sh_tok){ .kind = T_OP, .start = i, .cmdpos = cmdpos };
			(void)read_op(p, i, c, t, false);
			t->end = p->pos;
			return 0;
		}
	} else if (tok_special[c] == 3) {
		if (sh_ch(p, i + 1) == '<' || sh_ch(p, i + 1) == '>') {
			/* one digit before < or >: an fd (2>&1; the token's
			 * word is the grammar's, see tok_word) */
			*t = (struct sh_tok){ .kind = T_IONUM, .ionum = c - '0', .start = i,
					      .end = i + 1, .cmdpos = cmdpos };
			p->pos = i + 1;
			return 0;
		}
		if (p->no_lc)
			return lex_digit_token(p, cmdpos, t, i);
	} else if (c == '\n' && !p->n_hd) {
		/* (a newline, with no here-document body after it) */
		*t = (struct sh_tok){ .kind = T_NEWLINE, .start = i, .end = i + 1,
				      .cmdpos = cmdpos };
		p->pos = i + 1;
		sh_pos_newline(p, i + 1);
		return 0;
	}
	p->pos = i; /* (the blanks skipped) */
	return lex_token_rest(p, cmdpos, t);
}

/* sh_lex_token's token at i, which starts with c, a character of
 * tok_special: the operators of sh_lex_op_short read at once, as
 * sh_lex_token_here reads them (without lex_special_fast's frame: the
 * ; | && || after a command, mostly), the others by lex_special_fast.
 * (Apart, so that sh_lex_token keeps no frame of its own.) */
static int __attribute__((noinline))
lex_special_tok_at(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, int c)
{
	if (tok_special[c] == 2 && p->no_lc &&
	    sh_lex_op_short(p, cmdpos, t, i, c, false))
		return 0;
	return lex_special_fast(p, cmdpos, t, i, c);
}

/*
 * The token at p->pos. A word or the end are dispatched or read here,
 * in a function with no frame of its own, and the other tokens by
 * lex_special_fast (a continuation line, which starts with a backslash,
 * by lex_token_rest, as is a word that starts with one): most tokens the
 * grammar asks for after the arguments are operators, fds and the end
 * (the ; | && after a command, the 2> < of its redirections), and a
 * word's token costs more than they do.
 */
int
sh_lex_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t)
{
	size_t i = p->pos;
	unsigned k;
	/* (the blanks with no test of the end per byte: the NUL after
	 * every source stops the loop, see lex_word_token's scan; past the
	 * end, i is cut back to it below) */
	while ((k = tok_special[(unsigned char)p->src[i]]) == 4)
		i++;
	if (__builtin_expect(i < p->end, 1)) {
		if (__builtin_expect(!k, 1))
			/* most tokens: a word that starts with no digit */
			return lex_word_token(p, cmdpos, t, i);
		return lex_special_tok_at(p, cmdpos, t, i, (unsigned char)p->src[i]);
	}
	if (i > p->end)
		i = p->end;
	if (p->n_hd) {
		p->pos = i;
		return lex_token_rest(p, cmdpos, t);
	}
	/* the end, with no here-document waiting */
	*t = (struct sh_tok){ .kind = T_EOF, .start = i, .end = i, .cmdpos = cmdpos };
	p->pos = i;
	return 0;
}

int
sh_lex_token_here(struct sh_parser *p, bool cmdpos, struct sh_tok *t)
{
	size_t i = p->pos;
	int c = (unsigned char)p->src[i];
	if (__builtin_expect(!tok_special[c], 0))
		return lex_word_token(p, cmdpos, t, i);
	/* (the operator after a command's arguments, ; | && ||, mostly:
	 * read here, without lex_special_fast's call and frame; and first
	 * the ;; after a case item's, with no & after it, which makes it
	 * ;;&, whose questions cost the others less than sh_lex_op_short's
	 * that fail for it: asked here, not in sh_lex_op_short, whose code
	 * in the grammar's copies grew more than this saves) */
	if (tok_special[c] == 2 && p->no_lc) {
		if (c == ';' && p->src[i + 1] == ';' && sh_ch(p, i + 2) != '&') {
			/* (tok_eof's stores: the initializer was a rep
			 * stos here) */
			tok_eof(t, i);
			t->kind = T_OP;
			t->op = OP_DSEMI;
			t->end = i + 2;
			t->cmdpos = cmdpos;
			p->pos = i + 2;
			return 0;
		}
		if (sh_lex_op_short(p, cmdpos, t, i, c, false))
			return 0;
	}
	return lex_special_fast(p, cmdpos, t, i, c);
}

/* The token of the plain word i..e: w its word (NULL for a reserved word
 * rw, see lex_word_token), not_assign when it has no '='. */
static inline __attribute__((always_inline)) void
plain_word_tok(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t e,
	       struct sh_word *w, unsigned char rw, bool not_assign)
{
	*t = (struct sh_tok){ .kind = T_WORD, .start = i, .end = e, .word = w,
			      .cmdpos = cmdpos, .rw = rw, .not_assign = not_assign };
	p->cmdpos_sens = false;
	p->pos = e;
}

/* May the plain word text[0..n) (n of 1 to 15) be a reserved word, by
 * its first and last bytes and its length? Most words start with a byte
 * no reserved word of their length starts with: a load and a test, not
 * reserved_word_plain's hash; most of the others, echo and test, end
 * with a byte none of their length ends with: a second load and test. */
static inline __attribute__((always_inline)) bool
rw_maybe(const char *text, size_t n)
{
	/* bit n of rw_first[c]: a reserved word of n bytes starts with c */
	static const uint16_t rw_first[256] = {
		['!'] = 1 << 1, ['{'] = 1 << 1, ['}'] = 1 << 1, ['['] = 1 << 2,
		[']'] = 1 << 2, ['i'] = 1 << 2, ['f'] = 1 << 2 | 1 << 3 | 1 << 8,
		['d'] = 1 << 2 | 1 << 4, ['t'] = 1 << 4, ['e'] = 1 << 4,
		['c'] = 1 << 4 | 1 << 6, ['s'] = 1 << 6, ['w'] = 1 << 5, ['u'] = 1 << 5,
	};
	/* bit n of rw_last[c]: a reserved word of n bytes ends with c */
	static const uint16_t rw_last[256] = {
		['!'] = 1 << 1, ['{'] = 1 << 1, ['}'] = 1 << 1, ['['] = 1 << 2,
		[']'] = 1 << 2, ['f'] = 1 << 2 | 1 << 4, ['i'] = 1 << 2,
		['n'] = 1 << 2 | 1 << 4 | 1 << 8, ['o'] = 1 << 2, ['r'] = 1 << 3,
		['e'] = 1 << 4 | 1 << 5, ['c'] = 1 << 4 | 1 << 6, ['l'] = 1 << 5,
		['t'] = 1 << 6,
	};
	return (rw_first[(unsigned char)text[0]] >> n & 1) &&
	       (rw_last[(unsigned char)text[n - 1]] >> n & 1);
}

/* The token of the word at i that is not plain, its plain scan stopped
 * at k: lex_word_rest's from there. */
static inline __attribute__((always_inline)) int
word_token_rest(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t k)
{
	int r;
	tok_begin(p, t, cmdpos, i);
	if ((r = lex_word_rest(p, cmdpos, t, i, k, -1)) < 0)
		return r;
	t->end = p->pos;
	return 0;
}

/*
 * lex_word_token for every word its fast path leaves (the same token).
 * The plain words (see lex_plain_word) are made here: a reserved word's
 * token without its word, as the grammar takes most reserved words as
 * such and never asks for it (tok_word builds it when it does). A word
 * that is not plain goes on to lex_word_rest from where the plain scan
 * stopped.
 */
static int __attribute__((noinline))
lex_word_token_general(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i)
{
	int r;
	unsigned seen;
	size_t k;
	size_t e = plain_scan(p, i, &k, &seen);
	/* plain text up to a '(' (a function's name: f() { ...; }) is a word
	 * of its own too, as lex_word_rest would find: lex_parts_at ends the
	 * word at that '(', as no extglob operator (no GLOBOP) precedes it;
	 * nothing in it makes an assignment (no '='), a subscript (no '['),
	 * a tilde prefix (no '~') or an array (a[1]=(x)) */
	if (e == SIZE_MAX && k > i && k < p->end && p->src[k] == '(' &&
	    !(seen & (CC_EQUALS | CC_TILDE | CC_LBRACKET | CC_GLOBOP)))
		e = k;
	if (e == SIZE_MAX)
		return word_token_rest(p, cmdpos, t, i, k);
	if (e != k && (r = sh_charge(p, i, 1)) < 0)
		return r;
	size_t n = e - i;
	/* (rw_maybe's tables have room for 15 bytes: no reserved word is
	 * longer than 8) */
	unsigned char rw = RW_NONE;
	if (n < SH_SRC_PAD && rw_maybe(p->src + i, n))
		rw = reserved_word_plain(p, i, n);
	struct sh_word *w = NULL;
	if (rw == RW_NONE && !(w = lit_word(p, p->src + i, n, i)))
		return oom(p);
	/* no '=' (and no '[' but a first one): no assignment */
	plain_word_tok(p, cmdpos, t, i, e, w, rw, !(seen & CC_EQUALS));
	return 0;
}

/* lex_word_token's plain word [i, e) of 1 to 15 bytes, with room for
 * it, at the offset's position or (fixed) at p->fixed_pos: the token
 * lex_word_token_general makes of it, and its word (NULL for a reserved
 * word). name: sh_lex_name's, whose word that is no reserved word leaves
 * its token consumed, never read before the next lexing writes it all:
 * of that token only the start is written, which the grammar reads (the
 * command's start), not its other members (about ten stores a command
 * name). (Always inline: lex_word_token's, lex_word_token_fixed's and
 * sh_lex_name's own.) */
static inline __attribute__((always_inline)) struct sh_word *
plain_token_build(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t e,
		  bool fixed, bool name)
{
	size_t n = e - i;
	const char *text = p->src + i;
	unsigned char rw = RW_NONE;
	if (rw_maybe(text, n))
		rw = reserved_word_plain(p, i, n);
	struct sh_word *w = NULL;
	if (rw == RW_NONE) {
		char *mem = p->bump;
		p->bump += lit_word_size(0);
		lit_word_text(mem, text, n);
		w = lit_word_in(mem, text, n, fixed ? p->fixed_pos : sh_pos_one_line(i));
		if (name) {
			t->start = i;
			p->cmdpos_sens = false;
			p->pos = e;
			return w;
		}
	}
	plain_word_tok(p, cmdpos, t, i, e, w, rw, true);
	return w;
}

/* Does the plain text [i, e) that lex_word_token scanned end a plain
 * word it makes, with room for that word? */
static inline bool
plain_token_ends(const struct sh_parser *p, size_t e)
{
	return (e == p->end || (cc_table[(unsigned char)p->src[e]] & CC_ENDS)) &&
	       (size_t)(p->bump_end - p->bump) >= lit_word_size(0);
}

/* lex_word_token's word [i, e) of 1 to 15 bytes inside a backquoted body
 * (p->fixed), where every position is the backquote's: the plain word
 * lex_word_token makes, at that position, when it is one; else
 * lex_word_token_general's. (Apart, so that lex_word_token's own code
 * stays as it was.) */
static int __attribute__((noinline))
lex_word_token_fixed(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t e)
{
	if (!plain_token_ends(p, e))
		return lex_word_token_general(p, cmdpos, t, i);
	plain_token_build(p, cmdpos, t, i, e, true, false);
	return 0;
}

/*
 * lex_word_token's word at i whose first byte stops its scan (a quote, a
 * '$', a '{', a '[' or a '='). `{ ` and `[[ `, the reserved words that
 * open a group and a conditional, are the tokens (with no word) that
 * lex_word_token_general's plain scan makes of them, without it (a lone
 * '{' is charged its byte there, see lone_brace_end), and = == =~ [ the
 * plain words it makes of them; any other word is left to it.
 */
static int __attribute__((noinline))
lex_word_token_open(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i)
{
	const char *s = p->src + i;
	if (s[0] == '{' && i + 1 < p->end && (s[1] == ' ' || s[1] == '\t')) {
		/* (sh_charge's byte, taken here: its call only to fail) */
		if (__builtin_expect(!p->fuel, 0))
			return sh_charge(p, i, 1);
		p->fuel--;
		plain_word_tok(p, cmdpos, t, i, i + 1, NULL, RW_LBRACE, true);
		return 0;
	}
	if (s[0] == '[' && s[1] == '[' && i + 2 < p->end && (s[2] == ' ' || s[2] == '\t')) {
		plain_word_tok(p, cmdpos, t, i, i + 2, NULL, RW_DLBRACK, true);
		return 0;
	}
	/* = == =~ and a blank, the operators of [[ ]]: plain words with a
	 * '=' (a '~' after no name is plain text, see assign_like); [ and a
	 * blank, the test command, one with none */
	bool eq = s[0] == '=';
	size_t n = 1 + (eq && (s[1] == '=' || s[1] == '~'));
	if ((eq || s[0] == '[') && i + n < p->end && (s[n] == ' ' || s[n] == '\t') &&
	    p->offset_pos && (size_t)(p->bump_end - p->bump) >= lit_word_size(0)) {
		char *mem = p->bump;
		p->bump += lit_word_size(0);
		lit_word_text(mem, s, n);
		struct sh_word *w = lit_word_in(mem, s, n, sh_pos_one_line(i));
		plain_word_tok(p, cmdpos, t, i, i + n, w, RW_NONE, !eq);
		return 0;
	}
	/* a quote, a '$' or a backslash first: no plain word, which
	 * lex_word_token_general's plain scan would find at once (the
	 * scan stopped at i), handing the word to lex_word_rest */
	if ((cc_table[(unsigned char)s[0]] & CC_WORDSTOP) && s[0] != '{')
		return word_token_rest(p, cmdpos, t, i, i);
	return lex_word_token_general(p, cmdpos, t, i);
}

/*
 * lex_word_token's word at i whose scan stopped at e, 16 bytes or more
 * from i (./scripts/build.sh), at a byte of class c: in a one-line input,
 * plain text that ends a plain word there (no '~', '=' or '[' in it) is
 * the plain word lex_word_token_general makes of it (none of that length
 * is a reserved word), without its second scan; any other word (a scan
 * that ran past the source's end too) is left to it.
 */
static int __attribute__((noinline))
lex_word_token_long(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t e,
		    unsigned c)
{
	if (e > p->end || !p->offset_pos || (!(c & CC_ENDS) && e != p->end))
		return lex_word_token_general(p, cmdpos, t, i);
	struct sh_word *w = lit_word(p, p->src + i, e - i, i);
	if (!w)
		return oom(p);
	plain_word_tok(p, cmdpos, t, i, e, w, RW_NONE, true);
	return 0;
}

/*
 * lex_word_token_equals's word at i whose scan stopped at a '~' at k after
 * its '=' (x=~/a, PATH=~/bin:$PATH): the scan taken on as
 * lex_word_token_general's plain scan takes it. Plain text that ends the
 * word there, in an assignment (assign_like), is lex_tilde_word's, where
 * lex_word_rest would send it at once (its tilde prefixes), without that
 * second scan and lex_word_rest's way; text that goes on (a quote, an
 * expansion) goes on to lex_word_rest from there, as that scan would find;
 * any other word (no assignment: a plain word; an end the scan runs past;
 * more prefixes than lex_tilde_word takes) is left to the general path.
 */
static int __attribute__((noinline))
equals_tilde_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t k)
{
	const unsigned stop = CC_WORDSTOP | CC_LBRACKET | CC_NUL;
	unsigned c;
	while (!((c = cc_table[(unsigned char)p->src[++k]]) & stop))
		;
	if (k > p->end || (k < p->end && (c & CC_NUL)))
		return lex_word_token_general(p, cmdpos, t, i);
	if (k < p->end && !(c & CC_ENDS))
		return word_token_rest(p, cmdpos, t, i, k);
	if (!assign_like(p->src + i, k - i))
		return lex_word_token_general(p, cmdpos, t, i);
	/* (word_token_rest's token, lex_word_rest's first step) */
	tok_begin(p, t, cmdpos, i);
	int r = lex_tilde_word(p, t, i, k);
	if (r)
		return r < 0 ? r : word_token_rest(p, cmdpos, t, i, k);
	t->end = p->pos;
	return 0;
}

/*
 * lex_word_token_equals's word at i whose scan stopped at a substitution
 * at k after its '=' (sub_at's: tmp=$(mktemp), v=`cmd`): lex_word_rest's
 * way for it (lex_sub_word, then, when more follows, sub_word_rest),
 * without its questions before it: the text [i, k) has no '~'
 * (lex_word_token_equals's scan stops at one), so lex_sub_word's it is.
 * (Apart from equals_rest_token, whose other words need no part vector
 * in their frame.)
 */
static int __attribute__((noinline))
equals_sub_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t k)
{
	/* (word_token_rest's token, lex_word_rest's first steps) */
	tok_begin(p, t, cmdpos, i);
	p->cmdpos_sens = false;
	struct pvec pv;
	pvec_init(&pv);
	int r = lex_sub_word(p, t, i, k, &pv, false);
	if (r > 0)
		r = sub_word_rest(p, cmdpos, t, i, &pv);
	if (r < 0)
		return r;
	t->end = p->pos;
	return 0;
}

/*
 * lex_word_token_equals's other words at i whose scan stopped at k, after
 * the '=' (v=$x, v="$x", v='a b'): word_token_rest's token.
 * Where lex_word_rest would try lex_word_seq first (no brace, '(',
 * process substitution, backquote or $( at k), it is tried here, without
 * lex_word_rest's way there, and lex_word_rest told so when it does not
 * build the word.
 */
static int __attribute__((noinline))
equals_rest_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t k)
{
	const char *src = p->src;
	if (wseq_skip[(unsigned char)src[k]] || (src[k] == '$' && src[k + 1] == '('))
		return sub_at(p, LC_WORD, k) ? equals_sub_token(p, cmdpos, t, i, k)
					     : word_token_rest(p, cmdpos, t, i, k);
	tok_begin(p, t, cmdpos, i);
	int r = lex_word_seq(p, t, i, k, 0);
	if (r == 0)
		r = lex_word_rest(p, cmdpos, t, i, k, 0);
	if (r < 0)
		return r;
	t->end = p->pos;
	return 0;
}

/*
 * lex_word_token_equals's word at i that is text up to its '=' and a '('
 * right after it (a=(x y), a+=(z)): when the text is NAME= or NAME+=, the
 * word of that text, lit_word's (make_word's of lex_parts_at's one LIT
 * part), and its array, array_assign_word's, as lex_word_rest would make
 * them, without its way there; any other word is left to that way.
 */
static int __attribute__((noinline))
equals_array_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t k)
{
	if (!p->no_lc || !assign_like(p->src + i, k - i))
		return word_token_rest(p, cmdpos, t, i, k);
	/* (word_token_rest's token) */
	memset(t, 0, sizeof(*t));
	t->cmdpos = cmdpos;
	t->start = i;
	struct sh_word *w = lit_word(p, p->src + i, k - i, i);
	if (!w)
		return oom(p);
	p->cmdpos_sens = false;
	word_token_set(p, t, w);
	p->pos = k;
	int r = array_assign_word(p, t, w, i, k - i, k);
	if (r < 0)
		return r;
	t->end = p->pos;
	return 0;
}

/*
 * lex_word_token_equals's word at i whose scan stopped at a $(( at k
 * after its '=' (i=$((i+1))): lex_arith_word's, after the text, when it
 * builds it, where lex_word_rest's general path would build the same; the
 * others (its 2) are left to that path, from k.
 */
static int __attribute__((noinline))
equals_arith_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, size_t k)
{
	/* (word_token_rest's token) */
	tok_begin(p, t, cmdpos, i);
	int r = arith_word_scan(p, t, i, k, false);
	if (r != 1)
		return r < 0 ? r : word_token_rest(p, cmdpos, t, i, k);
	t->end = p->pos;
	return 0;
}

/*
 * lex_word_token's word at i whose scan stopped at an '=' at e (an
 * assignment, mostly: x=1, IFS=:, v=$x), in a one-line input, the scan
 * taken on past it as lex_word_token_general's plain scan would take it:
 * the text after the '=' plain too (no '~', '[', quote or expansion) up to
 * a byte that ends the word, and all of it under 16 bytes, is the token of
 * a plain word with a '=' in it (not_assign false: the grammar asks
 * whether it is an assignment; no reserved word has a '='); a quote, an
 * expansion or another byte that ends no word there is where the word
 * goes on to lex_word_rest, as that scan would find; any other word (a
 * '~' in it, a longer one, an end the scan runs past) is left to
 * lex_word_token_general.
 */
static int __attribute__((noinline))
lex_word_token_equals(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i,
		      size_t e)
{
	const unsigned stop = CC_WORDSTOP | CC_TILDE | CC_LBRACKET | CC_NUL;
	if (e >= p->end)
		return lex_word_token_general(p, cmdpos, t, i);
	size_t k = e + 1;
	unsigned c;
	while (!((c = cc_table[(unsigned char)p->src[k]]) & stop))
		k++;
	if (k > p->end)
		return lex_word_token_general(p, cmdpos, t, i);
	if (k < p->end && !(c & CC_ENDS)) {
		/* (a NUL, an error there) */
		if (c & CC_NUL)
			return lex_word_token_general(p, cmdpos, t, i);
		if (c & CC_TILDE)
			return equals_tilde_token(p, cmdpos, t, i, k);
		/* (a $(( in one load, rw_bytes's: a source has SH_SRC_PAD
		 * readable bytes after its end; three compares cost the
		 * other assignments more) */
		if ((rw_bytes(p->src + k) & 0xffffff) == ('$' | '(' << 8 | '(' << 16))
			return equals_arith_token(p, cmdpos, t, i, k);
		if (k == e + 1 && p->src[k] == '(')
			return equals_array_token(p, cmdpos, t, i, k);
		return equals_rest_token(p, cmdpos, t, i, k);
	}
	size_t n = k - i;
	if (n >= SH_SRC_PAD || (size_t)(p->bump_end - p->bump) < lit_word_size(0))
		return lex_word_token_general(p, cmdpos, t, i);
	char *mem = p->bump;
	p->bump += lit_word_size(0);
	lit_word_text(mem, p->src + i, n);
	struct sh_word *w = lit_word_in(mem, p->src + i, n, sh_pos_one_line(i));
	plain_word_tok(p, cmdpos, t, i, k, w, RW_NONE, false);
	return 0;
}

/*
 * The token of a word at i, which starts with no character of tok_special
 * (but for a digit or a backslash, which lex_token_rest sends here).
 * Most are short plain words on a one-line input, a command's name
 * (ls, git, cd): those are made here, with few registers and no call
 * (a few pushes, not lex_word_token_general's frame), the rest by a
 * tail call to lex_word_token_general. (Apart from sh_lex_token, whose
 * fast path has no frame.)
 */
static int __attribute__((noinline))
lex_word_token(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i)
{
	/* Plain text that ends a plain word (at a byte of CC_ENDS or the
	 * end) with none of '~' '=' '[' in it (a tilde prefix, an
	 * assignment, a subscript: plain_scan's cases apart) is the plain
	 * word lex_word_token_general makes, with no '=' in it. Short, so
	 * its text is one copy (sh_copy_short) and its word and text fit in
	 * lit_word_size(0) bytes; on a one-line input, whose positions are
	 * offsets (sh_pos_at's first case), or in a backquoted body.
	 * Scanned with no test of p->end: every source (the input's copy, a
	 * backquoted body's, a here-document body) has a NUL after its last
	 * byte, which stops the scan (CC_NUL), and a scan past a source's
	 * end before that (a $( )'s close) is the general path's (rare). (A
	 * NUL before the end, which sh_parse refuses anyway, is no CC_ENDS:
	 * the general path's too.) The class of the byte it stopped at is in
	 * hand: not read again. */
	const unsigned stop = CC_WORDSTOP | CC_TILDE | CC_EQUALS | CC_LBRACKET | CC_NUL;
	size_t e = i;
	unsigned c;
	while (!((c = cc_table[(unsigned char)p->src[e]]) & stop))
		e++;
	size_t n = e - i;
	if (n - 1 >= SH_SRC_PAD - 1 || e > p->end)
		return n ? lex_word_token_long(p, cmdpos, t, i, e, c)
			 : lex_word_token_open(p, cmdpos, t, i);
	if (!p->offset_pos)
		return p->fixed ? lex_word_token_fixed(p, cmdpos, t, i, e)
				: lex_word_token_general(p, cmdpos, t, i);
	if ((!(c & CC_ENDS) && e != p->end) ||
	    (size_t)(p->bump_end - p->bump) < lit_word_size(0))
		return c & CC_EQUALS ? lex_word_token_equals(p, cmdpos, t, i, e)
				     : lex_word_token_general(p, cmdpos, t, i);
	plain_token_build(p, cmdpos, t, i, e, false, false);
	return 0;
}

/* The token that sh_lex_name's hand-backs lexed (r: how that went) left
 * in hand, or its error kept for the peek to return (SH_TOK_FAILED):
 * NULL, no name */
static inline struct sh_word *
name_token_kept(struct sh_parser *p, int r)
{
	if (r < 0) {
		p->tok.ionum = r;
		p->have_tok = SH_TOK_FAILED;
		return NULL;
	}
	p->have_tok = tok_in_hand(&p->tok);
	return NULL;
}

/*
 * sh_lex_name's word at i whose scan stopped at an '=' at e (x=1,
 * tmp=$(mktemp), FOO=bar make), short and before the end: the token that
 * sh_lex_token at command position makes of it (lex_word_token sends such
 * a word to lex_word_token_equals), made here and left in hand as the
 * peek's lexing leaves it, or its error left for that peek to return
 * (SH_TOK_FAILED), not scanned again from i on the peek's way; NULL
 * either way. (The others, handed back untouched, are the peek's.)
 */
static struct sh_word * __attribute__((noinline))
name_equals(struct sh_parser *p, size_t i, size_t e)
{
	if (e - i - 1 >= SH_SRC_PAD - 1 || e >= p->end)
		return NULL;
	return name_token_kept(p, lex_word_token_equals(p, true, &p->tok, i, e));
}

/*
 * sh_lex_name's word at i (before the end) whose first byte stopped its
 * scan ([[ and { before a blank, [, a quote, a '$', a backslash, a '~',
 * a '='): the token sh_lex_token at command position makes of it
 * (lex_word_token sends such a word to lex_word_token_open at once), made
 * here and left in hand as name_equals leaves its own (a failure kept
 * for the peek to return), without sh_lex_token's call and scan; NULL.
 * (Most are the [[ or { of a compound command.)
 */
static struct sh_word * __attribute__((noinline))
name_open(struct sh_parser *p, size_t i)
{
	return name_token_kept(p, lex_word_token_open(p, true, &p->tok, i));
}

/*
 * sh_lex_name's word at i, whose scan stopped at e, when it is the plain
 * text of a function's name that a '(' ends (f() { ...; }), short, with
 * room, and no extglob operator (@ * + ? !) in it: the word (or reserved
 * word's token) that plain_token_build makes, as lex_word_token_general
 * makes it (its plain word ended at that '(', which lex_word_rest would
 * find: nothing in it stopped the scan, no '=', '~' or '['); NULL,
 * nothing done, for the others.
 */
static struct sh_word * __attribute__((noinline))
name_paren(struct sh_parser *p, size_t i, size_t e)
{
	if (e - i - 1 >= SH_SRC_PAD - 1 || e >= p->end || p->src[e] != '(' ||
	    (size_t)(p->bump_end - p->bump) < lit_word_size(0))
		return NULL;
	for (size_t k = i; k < e; k++)
		if (cc_table[(unsigned char)p->src[k]] & CC_GLOBOP)
			return NULL;
	struct sh_tok *t = &p->tok;
	struct sh_word *w = plain_token_build(p, true, t, i, e, false, true);
	if (!w) {
		/* (a reserved word: see lex_name) */
		t->nl_ok = true;
		p->have_tok = tok_in_hand(t);
	}
	return w;
}

/*
 * The name of a command at p->pos, no token in hand, in sh_parse's own
 * program of a one-line input (offset positions): when sh_lex_token at
 * command position would make a plain word that is no reserved word, on
 * lex_word_token's fast path, its word, the token not in hand, as the
 * grammar's consume of it leaves it (of p->tok only the start written:
 * see plain_token_build); else NULL: nothing done, or a reserved word's
 * token made and in hand, nl_ok set as skip_newlines sets it (as
 * sh_lex_token and the peek would leave it). The grammar takes the name
 * without the peek and the questions about the token (a word, no
 * reserved word, no assignment) that each level asks of it on the way
 * to the command's words.
 */
static inline __attribute__((always_inline)) struct sh_word *
lex_name(struct sh_parser *p, bool fixed)
{
	const unsigned stop = CC_WORDSTOP | CC_TILDE | CC_EQUALS | CC_LBRACKET |
			      CC_NUL;
	size_t i = p->pos;
	unsigned k, c;
	/* (sh_lex_token's blanks, and its word that starts with no digit) */
	while ((k = tok_special[(unsigned char)p->src[i]]) == 4)
		i++;
	if (k || i >= p->end)
		return NULL;
	size_t e = i;
	while (!((c = cc_table[(unsigned char)p->src[e]]) & stop))
		e++;
	/* (lex_word_token's tests for plain_token_build) */
	if (e - i - 1 >= SH_SRC_PAD - 1 || e > p->end ||
	    (!(c & CC_ENDS) && e != p->end) ||
	    (size_t)(p->bump_end - p->bump) < lit_word_size(0))
		return fixed ? NULL : e == i ? name_open(p, i)
		       : c & CC_EQUALS ? name_equals(p, i, e) : name_paren(p, i, e);
	struct sh_tok *t = &p->tok;
	struct sh_word *w = plain_token_build(p, true, t, i, e, fixed, true);
	if (__builtin_expect(!w, 0)) {
		/* (a reserved word) */
		t->nl_ok = true;
		p->have_tok = tok_in_hand(t);
	}
	return w;
}

struct sh_word *
sh_lex_name(struct sh_parser *p)
{
	return lex_name(p, false);
}

/* sh_lex_name in a backquoted body or a here-document's (p->fixed, every
 * position p->fixed_pos): the token lex_word_token_fixed makes of a plain
 * name; NULL, nothing done, for a word with a '=' or one that starts with
 * a quote, '$', '{' and the like (name_equals and name_open build at
 * offsets: the peek's general way), as for the others. */
struct sh_word *
sh_lex_name_fixed(struct sh_parser *p)
{
	return lex_name(p, true);
}

/* Where the next token starts from i: past the blanks, continuation
 * lines and a comment, a run at a time (a script's indentation is many
 * blanks, and most of its sources have a continuation line somewhere). */
static inline size_t
skip_to_token(const struct sh_parser *p, size_t i)
{
	for (;;) {
		i = sh_blanks_end(p, i);
		if (!(i + 1 < p->end && p->src[i] == '\\' && p->src[i + 1] == '\n' &&
		      !p->no_lc))
			break;
		i += 2;
	}
	if (i < p->end && p->src[i] == '#') {
		/* comments run to the newline, continuations included (no
		 * NUL byte to stop at: sh_parse refuses an input that has
		 * one, and the decoded sources lexed while p->fixed is set
		 * come from such an input) */
		const char *nl = memchr(p->src + i, '\n', p->end - i);
		i = nl ? (size_t)(nl - p->src) : p->end;
	}
	return i;
}

/* sh_lex_token for the rest, from p->pos: the tokens its fast path
 * leaves (continuation lines, comments, words that start with a digit or
 * a backslash, process substitutions, an operator a continuation line
 * may be inside, the end or a newline before a here-document's body). */
static int __attribute__((noinline))
lex_token_rest(struct sh_parser *p, bool cmdpos, struct sh_tok *t)
{
	size_t i = skip_to_token(p, p->pos);
	int c = sh_ch(p, i);
	/* (a backslash here starts a word) */
	if (c >= 0 && (!tok_special[c] || c == '\\'))
		return lex_word_token(p, cmdpos, t, i);
	tok_begin(p, t, cmdpos, i);
	return lex_special_tok(p, cmdpos, t, i, c);
}

/* How sh_lex_arg takes the first character of the next token: 2 a
 * blank (skipped), 1 one that sh_lex_token does not hand straight to the
 * word lexer (an operator, a newline, a comment, the NUL it reports), 4
 * a digit (a word, or an fd number: see sh_arg_begin_blanks), 3 a
 * backslash (a word, or a continuation line to skip), 0 the start of a
 * word (a '{' too: sh_lex_args leaves the {fd} of a redirection it finds
 * there as the token it is). cc_table's CC_NOARG marks the bytes that are
 * not 0 here: change both. */
const unsigned char sh_arg_start[256] = {
	[' '] = 2, ['\t'] = 2, ['\\'] = 3,
	['\0'] = 1, ['\n'] = 1, [';'] = 1, ['&'] = 1, ['|'] = 1, ['('] = 1,
	[')'] = 1, ['<'] = 1, ['>'] = 1, ['#'] = 1,
	['0'] = 4, ['1'] = 4, ['2'] = 4, ['3'] = 4, ['4'] = 4, ['5'] = 4,
	['6'] = 4, ['7'] = 4, ['8'] = 4, ['9'] = 4,
};

/* sh_arg_begin past the continuation line at i (out of line: rare) */
size_t
sh_arg_begin_lc(struct sh_parser *p, size_t i)
{
	p->pos = i + 2;
	return sh_arg_begin(p);
}

/*
 * The plain operand of ${...} in ctx that starts at k, as
 * lex_param_operand takes it: the end of its text, or 0 when it is not
 * plain or holds a '(' (with which note_brace_skip could have something to
 * note).
 */
static inline __attribute__((always_inline)) size_t
param_plain_operand(const struct sh_parser *p, enum lctx ctx, size_t k)
{
	unsigned stop = ctx_run_stop[ctx] | RS_PAREN;
	while (k < p->end && !(run_class[(unsigned char)p->src[k]] & stop))
		k++;
	return k < p->end && p->src[k] != '(' && operand_ends_at(p, ctx, k) ? k : 0;
}

/* The word of an operand src[a, a + n) in mem, as plain_text_word makes
 * it: one LIT part, or none when empty. */
static inline __attribute__((always_inline)) struct sh_word *
param_op_operand(struct sh_parser *p, char *mem, size_t a, size_t n)
{
	if (!n) {
		struct sh_word *w = (struct sh_word *)mem;
		*w = (struct sh_word){ .pos = sh_pos_at(p, a), .src = p->src + a };
		return w;
	}
	lit_word_text(mem, p->src + a, n);
	return lit_word_in(mem, p->src + a, n, sh_pos_at(p, a));
}

/* Is c one of the transforms of ${name@c} (lex_param_braced's list)? */
static inline bool
param_transform_at(char c)
{
	switch (c) {
	case 'Q': case 'E': case 'P': case 'A': case 'K': case 'a': case 'U':
	case 'L': case 'u': case 'k':
		return true;
	default:
		return false;
	}
}

/* The bytes that can follow the name in ${name OP ...} or ${#name}, and
 * the '[' of a subscript ('*' of ${!x*} too: param_op_at has no '*', so
 * any other word with one there is still nobody's) */
static const bool param_op_first[256] = {
	[':'] = true, ['-'] = true, ['='] = true, ['?'] = true, ['+'] = true,
	['#'] = true, ['%'] = true, ['^'] = true, [','] = true, ['/'] = true,
	['}'] = true, ['['] = true, ['@'] = true, ['*'] = true,
};

/* param_op_name_end for a positional or special parameter at ns, with
 * no '#' or '!' before it: ${1:-x} ${@:2} ${10%.c} ${*:1}. Its name is
 * what lex_param_braced reads (digits, up to 30 here: the general path
 * reports longer ones; or one of @ * ? $ -), and an operator or '}'
 * must follow it (no subscript): param_op_word builds ${1} "${@}" too,
 * which lex_word_simple does not. */
static size_t __attribute__((noinline))
param_op_special_end(const struct sh_parser *p, size_t ns)
{
	const char *src = p->src;
	size_t i = ns + 1;
	if (is_digit(src[ns])) {
		while (i < p->end && i - ns < 30 && is_digit(src[i]))
			i++;
	} else if (!is_special_param(src[ns])) {
		return 0;
	}
	if (i >= p->end || src[i] == '[' || !param_op_first[(unsigned char)src[i]])
		return 0;
	return i;
}

/* Where the name of the ${name OP ...}, ${#name} or ${!name...} whose
 * name (or '#' or '!') starts at ns ends, when an operator, '}' or '['
 * follows it; 0 otherwise (${x@Q} ...): inline, the test that sends most
 * other ${...} words to the general path at once. */
static inline __attribute__((always_inline)) size_t
param_op_name_end(const struct sh_parser *p, size_t ns)
{
	const char *src = p->src;
	size_t n0 = ns;
	ns += (src[ns] == '#') | (src[ns] == '!');
	size_t i = ns + 1;
	if (!(sh_name_class[(unsigned char)src[ns]] & 1))
		return ns == n0 ? param_op_special_end(p, ns) : 0;
	while (i < p->end && (sh_name_class[(unsigned char)src[i]] & 2))
		i++;
	if (i >= p->end || !param_op_first[(unsigned char)src[i]])
		return 0;
	return i;
}

/*
 * The word at s of param_op_word's unquoted ${...} at d, which ends at e
 * and has the parameter pm, and of what goes on after it: as lex_param_word
 * goes on (its PARAM part, then lex_parts, make_word and merge_lits); or,
 * when plain text follows it up to the end of the word (${f%.c}.o,
 * ${a[1]}x), the one LIT part lex_parts makes of it, both parts built
 * here. 1, or < 0 on error. (Out of line: rarer than a parameter alone.)
 */
static int __attribute__((noinline))
param_op_word_more(struct sh_parser *p, struct sh_tok *t, size_t s, size_t d, size_t e,
		   struct sh_param *pm)
{
	const char *src = p->src;
	size_t j = e;
	while (j < p->end && !(wseq_class[(unsigned char)src[j]] & WQ_U))
		j++;
	if (j > e && (j >= p->end || (wseq_class[(unsigned char)src[j]] & WQ_END))) {
		char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + 2 * sizeof(struct sh_part) +
						src_text_room(j - e));
		if (!mem)
			return oom(p);
		struct sh_word *w = (struct sh_word *)mem;
		struct sh_part *top = (struct sh_part *)(w + 1);
		char *text = (char *)(top + 2);
		copy_src_text(text, src + e, j - e);
		param_part_set(top, sh_pos_at(p, d), pm);
		top[1] = (struct sh_part){ .kind = SH_PART_LIT, .pos = sh_pos_at(p, e),
					   .text = text, .text_len = j - e };
		word_init(w, sh_pos_at(p, s), top, 2, src + s, j - s);
		p->pos = j;
		word_token_set(p, t, w);
		return 1;
	}
	struct pvec pv;
	pvec_init(&pv);
	struct sh_part *part = pvec_push(p, &pv, SH_PART_PARAM, d);
	if (!part)
		return oom(p);
	part->param = pm;
	p->pos = e;
	int r = lex_parts(p, LC_WORD, 0, &pv);
	if (r < 0)
		return r;
	struct sh_word *w = make_word(p, &pv, s, p->pos);
	if (!w)
		return oom(p);
	word_token_set(p, t, w);
	return (r = merge_lits(p, w)) < 0 ? r : 1;
}

/*
 * Where the plain text inside "..." that starts at e, after the '}' of a
 * "${...}", ends at the closing quote that ends its word: that quote
 * (past e: some text), or 0 for any other (a '$', backquote, backslash
 * or newline in it, the word going on after the quote, no quote; a
 * one-line input, p->offset_pos, has no newline to look for).
 */
static inline __attribute__((always_inline)) size_t
param_dq_text_end(const struct sh_parser *p, size_t e)
{
	size_t k = dq_stop_at(p->src, e, p->end);
	return k > e && k < p->end && p->src[k] == '"' &&
		       word_ends_at(p, k + 1) &&
		       (p->offset_pos || !memchr(p->src + e, '\n', k - e))
		       ? k
		       : 0;
}

/*
 * The word at s of param_op_word_in's "${...}" (its '$' at s + 1, its
 * parameter pm) that the plain text from e follows up to the closing
 * quote at k (param_dq_text_end's, asked again here rather than kept
 * live through the builder), which ends the word: the DQUOTE part
 * of the PARAM part and the one LIT part of the text, as lex_param_word
 * goes on (lex_parts in LC_DQ makes one of the text, dq_close the quote,
 * make_word the word; merge_lits finds nothing to merge), in one
 * allocation. 1, or < 0 on error. (Out of line: rare.)
 */
static int __attribute__((noinline))
param_dq_text_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t e,
		   struct sh_param *pm)
{
	const char *src = p->src;
	size_t k = param_dq_text_end(p, e), n = k - e;
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) +
					3 * sizeof(struct sh_part) +
					src_text_room(n));
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(w + 1), *in = top + 1;
	char *text = (char *)(in + 2);
	copy_src_text(text, src + e, n);
	param_part_set(in, sh_pos_at(p, s + 1), pm);
	text_part_set(in + 1, SH_PART_LIT, sh_pos_at(p, e), text, n);
	struct sh_pos pos = sh_pos_at(p, s);
	dq_part_set(top, pos, in, 2);
	word_init(w, pos, top, 1, src + s, k + 1 - s);
	p->pos = k + 1;
	word_token_set(p, t, w);
	return 1;
}

/*
 * The argument at s that starts with ${ or "${: lex_param_word's (pre as
 * it takes it), as lex_word_rest takes it there, and the word of the
 * parts it leaves made as lex_word_rest makes it (a parameter or a "..."
 * first, not literal text: nothing more to do for an argument), without
 * lex_word_rest's dispatch. 0 or < 0 on error.
 */
static inline __attribute__((always_inline)) int
param_word_general(struct sh_parser *p, struct sh_tok *t, size_t s,
		   const struct sh_param *pre)
{
	struct pvec pv;
	pvec_init(&pv);
	int r = lex_param_word(p, 0, t, s, &pv, pre);
	if (r <= 0)
		return r;
	struct sh_word *w = make_word(p, &pv, s, p->pos);
	if (!w)
		return oom(p);
	word_token_set(p, t, w);
	return merge_lits(p, w);
}

/*
 * The end of a word that is one ${...} (param_op_word_in's and
 * param_quoted_word's): w laid out as those two allocate it, a top part
 * and, for "${...}", the parameter's part inside it, then pm; the word
 * from s to e (after its '}', or after the closing '"' with dq) set in t
 * as the argument loop reads it, p->pos at e. 1.
 */
static inline __attribute__((always_inline)) int
param_word_done(struct sh_parser *p, struct sh_tok *t, struct sh_word *w,
		struct sh_param *pm, const char *src, size_t s, bool dq,
		size_t e)
{
	struct sh_part *top = (struct sh_part *)(w + 1), *in = top + 1;
	param_part_set(dq ? in : top, sh_pos_at(p, s + dq), pm);
	if (dq)
		dq_part_set(top, sh_pos_at(p, s), in, 1);
	word_init(w, sh_pos_at(p, s), top, 1, src + s, e - s);
	p->pos = e;
	word_token_set(p, t, w);
	return 1;
}

/*
 * lex_param_word's word for a ${name OP operand} or ${#name} (or "${...}")
 * that is all of its word, its operands plain text, in a source with no
 * continuation line: ${x#a}, ${f%.*}, ${x:-none}, "${p//a/b}", ${s:0:3},
 * ${#x}; or that an unquoted word goes on after (${f%.*}.txt). ne is where param_op_name_end found the name's end. The shape is
 * checked first (nothing done when its name or operator is another: 0;
 * with another operand or end, param_word_general's word from the
 * operand on: 1); then the word, its
 * parts, sh_param and operand words are built as lex_param_word,
 * lex_param_braced and lex_param_operand build them, written member by
 * member in one allocation, and made t's word (1). < 0 on error.
 * sub: the name may have a '!' before it (${!x}, ${!a[@]}) or a subscript
 * after it (${a[@]}, ${#a[@]}, ${a[0]:-x}); without, none of their tests
 * is compiled in (param_op_word, the operators' path, as before them).
 */
static int param_escaped_operand(struct sh_parser *p, size_t a, bool pat, bool dq,
				 struct sh_word **ret);

static inline __attribute__((always_inline)) int
param_op_word_in(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq,
		 size_t ne, bool sub)
{
	const char *src = p->src;
	size_t d = s + dq, ns = d + 2;
	bool length = src[ns] == '#', bang = sub && src[ns] == '!';
	ns += length | bang;
	if (ne - ns >= 256 || !p->no_lc || p->depth + 1 + dq > SH_MAX_DEPTH)
		return 0;
	struct sh_param op = {
		.braced = true, .indirect = bang,
		.op = length ? SH_PARAM_LENGTH : SH_PARAM_PLAIN,
	};
	/* a subscript [ne + 1, x) of plain text (lex_param_operand's one LIT
	 * part; no '(' or '}', with which note_brace_skip could note
	 * something): ${a[@]}, ${#a[@]}, "${!a[@]}", ${a[0]:-x}; q the
	 * operator or '}' after it (or after the name) */
	size_t x = ne, q = ne;
	if (sub && src[ne] == '[') {
		x = ne + 1;
		unsigned stop = ctx_run_stop[LC_SUBSCRIPT] | RS_PAREN | RS_BRCLOSE;
		while (x < p->end && !(run_class[(unsigned char)src[x]] & stop))
			x++;
		if (x >= p->end || src[x] != ']')
			return 0;
		q = x + 1;
	}
	/* a: the operand, 0 with no operator; c: the '}' */
	size_t a = 0, b = 0, a2 = 0, b2 = 0, c = q;
	if (q < p->end && src[q] == '}') {
		if (bang && q - ne == 3 &&
		    (src[ne + 1] == '@' || src[ne + 1] == '*')) {
			/* ${!a[@]} ${!a[*]}: the keys, not indirect */
			op.op = SH_PARAM_KEYS;
			op.at = src[ne + 1] == '@';
			op.indirect = false;
		} else if (q == ne && !length && !bang &&
			   (sh_name_class[(unsigned char)src[ns]] & 1)) {
			return 0; /* ${x}: lex_word_simple's, or the general's */
		}
	} else if (length) {
		return 0; /* ${#a[0]%x}: the general path fails it */
	} else if (bang && q == ne && (src[q] == '@' || src[q] == '*') &&
		   q + 1 < p->end && src[q + 1] == '}') {
		/* ${!x@} ${!x*}: the names that start with x, not indirect
		 * (a name after a '!' starts with a letter or '_':
		 * param_op_name_end) */
		op.op = SH_PARAM_PREFIX_NAMES;
		op.at = src[q] == '@';
		op.indirect = false;
		c = q + 1;
	} else if (src[q] == '@') {
		/* ${x@Q} ${a[@]@Q}: a transform, no operand */
		if (q + 2 >= p->end || src[q + 2] != '}' || !param_transform_at(src[q + 1]))
			return 0;
		op.op = SH_PARAM_TRANSFORM;
		op.transform = src[q + 1];
		c = q + 2;
	} else {
		if (q + 1 >= p->end ||
		    !(a = q + param_op_at(&op, src[q], src[q + 1])) || a == q)
			return 0;
		enum lctx ctx = param_op_ctx(op.op);
		if (!(b = param_plain_operand(p, ctx, a))) {
			/* another operand (${x:-"a b"}, ${x%\ b}, ${x/\//-}):
			 * param_op_word asks param_quoted_word, which goes
			 * this way for any it does not build */
			if (!sub)
				return 3;
			goto general;
		}
		if (ctx != LC_PARAM && src[b] != '}') {
			/* ${x:o:l} ${x/p/r}: the second operand (another
			 * replacement, ${x/a/\/}: param_quoted_word's too) */
			a2 = b + 1;
			if (!(b2 = param_plain_operand(p, LC_PARAM, a2))) {
				if (!sub && ctx == LC_PARAM_PAT)
					return 3;
				goto general;
			}
		}
		c = b2 ? b2 : b;
	}
	size_t e = c + 1;
	if (src[c] != '}')
		return 0;
	bool ends = dq ? e < p->end && src[e] == '"' && word_ends_at(p, e + 1)
		       : word_ends_at(p, e);
	/* a word that goes on after it (${f%.*}.txt) has its parameter built
	 * here and the rest read by lex_parts, as lex_param_word goes on: with
	 * no brace inside (param_text_plain), nothing for note_brace_skip;
	 * a "${...}" that plain text follows to the quote that ends the word
	 * ("${#a[@]} files") is built whole here too */
	if (!ends && (dq || memchr(src + ns, '{', c - ns)) &&
	    !(dq && param_dq_text_end(p, e))) {
		/* (${#name}, ${a[@]} have no operand to go on from: read
		 * again) */
		if (!a)
			return 0;
		goto general;
	}
	e += dq;

	size_t nn = ne - ns, n1 = b - a, n2 = b2 - a2, nx = x - ne - (x > ne);
	bool arg = a && (n1 || !param_op_drops_empty(op.op));
	/* the word, its two parts, the parameter, the name's text, and the
	 * subscript's and each operand's word, part and text (an empty one:
	 * its word alone) */
	size_t hdr = sizeof(struct sh_word) + 2 * sizeof(struct sh_part) + sizeof(struct sh_param);
	size_t name_sz = src_text_room(nn);
	size_t szx = x == ne ? 0 : nx ? lit_word_size(nx)
				    : sizeof(struct sh_word);
	size_t sz1 = !arg ? 0 : n1 ? lit_word_size(n1) : sizeof(struct sh_word);
	size_t sz2 = !b2 ? 0 : n2 ? lit_word_size(n2) : sizeof(struct sh_word);
	char *mem = sh_alloc_bounded(p, hdr + name_sz + szx + sz1 + sz2);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(w + 1), *in = top + 1;
	struct sh_param *pm = (struct sh_param *)(in + 1);
	char *name = (char *)(pm + 1), *ox = name + name_sz, *o1 = ox + szx;
	copy_src_text(name, src + ns, nn);
	*pm = op;
	pm->name = name;
	pm->index = x == ne ? NULL : param_op_operand(p, ox, ne + 1, nx);
	pm->arg = arg ? param_op_operand(p, o1, a, n1) : NULL;
	pm->arg2 = b2 ? param_op_operand(p, o1 + sz1, a2, n2) : NULL;
	p->cmdpos_sens = false; /* as lex_param_word clears it */
	if (!ends)
		return dq ? param_dq_text_word(p, t, s, e - 1, pm)
			  : param_op_word_more(p, t, s, d, e, pm);
	return param_word_done(p, t, w, pm, src, s, dq, e);
general:
	/* another shape (an operand that is not plain: ${x:-$y}, ${x#"a"},
	 * ${x/a/\/}), its name and operator read: lex_param_word goes on
	 * from its operand, rather than reading the parameter again */
	if (!(op.name = src_strndup(p, src + ns, ne - ns)) ||
	    (x > ne && !(op.index = plain_text_word(p, ne + 1, x - ne - 1))))
		return oom(p);
	p->pos = a;
	int r = param_word_general(p, t, s, &op);
	return r < 0 ? r : 1;
}

/* Whether a backslash before x escapes it: anywhere but in "${...}"
 * (dq), where only before $ \ and } (lex_parts_at's LF_IN_DQ rule; its
 * quotes and backquote are no part of escaped_text_word's text) */
static inline bool
escapes_in(bool dq, char x)
{
	return !dq || x == '$' || x == '\\' || x == '}';
}

/*
 * The word of the text [a, e), runs of text and of escapes (\x pairs)
 * that a scan has counted (np runs, room at least the bytes of their
 * texts by src_text_room): a LIT part for each run of text and an ESCAPED
 * part of the characters of each run of escapes, as lex_parts makes them
 * where a backslash escapes any byte; with dq (LF_IN_DQ, in "${...}"), a
 * backslash escapes only $ \ and }, and before any other byte both bytes
 * are text of the LIT run around them. In *ret, p->pos at e: 1, < 0 on
 * error. (Always inline: the tail of each builder that scans so; dq is a
 * constant there.)
 */
static inline __attribute__((always_inline)) int
escaped_text_word(struct sh_parser *p, size_t a, size_t e, size_t np, size_t room,
		  bool dq, struct sh_word **ret)
{
	const char *src = p->src;
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + np * sizeof(struct sh_part) + room);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *parts = (struct sh_part *)(w + 1), *pt = parts;
	char *text = (char *)(parts + np);
	for (size_t k = a; k < e; pt++) {
		size_t r0 = k, n = 0;
		enum sh_part_kind kind = SH_PART_ESCAPED;
		if (src[k] == '\\' && escapes_in(dq, src[k + 1])) {
			do {
				text[n++] = src[k + 1];
				k += 2;
			} while (k < e && src[k] == '\\' && escapes_in(dq, src[k + 1]));
			text[n] = '\0';
		} else {
			while (k < e) {
				if (src[k] != '\\')
					k++;
				else if (escapes_in(dq, src[k + 1]))
					break;
				else
					k += 2; /* (\x in "${...}": text) */
			}
			n = k - r0;
			copy_src_text(text, src + r0, n);
			kind = SH_PART_LIT;
		}
		*pt = (struct sh_part){ .kind = kind, .pos = sh_pos_at(p, r0), .text = text,
					.text_len = n };
		text += src_text_room(n);
	}
	word_init(w, sh_pos_at(p, a), parts, np, src + a, e - a);
	p->pos = e;
	*ret = w;
	return 1;
}

/*
 * The word of the operand at a of a ${name OP operand} when it is plain
 * text and escaped characters up to what ends it (its '}', or the '/'
 * after a pattern with pat): ${x%\ b}, ${x:+\$x}, ${x/a/\/},
 * ${f//[.\/]/-}, "${x/a/\\}" (param_op_word_in builds those of text
 * alone). The parts lex_parts_at makes of it: a LIT part for each run of
 * text, an ESCAPED part of the characters of each run of escapes; with
 * dq (LF_IN_DQ: in "${...}"), a backslash before any character but $ \ }
 * is text, both bytes kept in the LIT run around it. The word in *ret,
 * p->pos at its end: 1. 0 for any other operand (nothing done): a quote,
 * '$', backquote, '(' or ')' unescaped, an escaped newline, quote,
 * backquote, '(' or $[ (with which lex_param_word's brace note could
 * note something). < 0 on error.
 */
static int __attribute__((noinline))
param_escaped_operand(struct sh_parser *p, size_t a, bool pat, bool dq,
		      struct sh_word **ret)
{
	const char *src = p->src;
	unsigned stop = RS_QUOTE | RS_BRCLOSE | RS_PAREN | (pat ? RS_SLASH : 0);
	/* the parts counted in one scan: a run of units of one kind (text,
	 * or a backslash and the character it escapes) */
	size_t k = a, np = 0, room = 0;
	bool last_esc = false;
	for (;;) {
		if (k >= p->end)
			return 0;
		char c = src[k];
		if (c == '}' || (pat && c == '/'))
			break;
		size_t j = k;
		bool e = false;
		if (c == '\\') {
			char x = src[k + 1];
			if (k + 1 >= p->end || x == '\n' || x == '\0' || x == '\'' ||
			    x == '"' || x == '`' || x == '(' || (x == '$' && src[k + 2] == '['))
				return 0;
			e = escapes_in(dq, x);
			j = k + 2;
		} else {
			while (j < p->end && !(run_class[(unsigned char)src[j]] & stop))
				j++;
			if (j == k)
				return 0;
		}
		if (!np || last_esc != e) {
			np++;
			last_esc = e;
		}
		/* an ESCAPED part's text is half its source */
		room += e ? 1 : j - k;
		k = j;
	}
	return escaped_text_word(p, a, k, np, room + np * SH_SRC_PAD, dq, ret);
}

/*
 * An operand at a of param_quoted_word's ${x/p/r} (in "${...}" with dq),
 * the pattern (ctx LC_PARAM_PAT) or the replacement (LC_PARAM), as
 * lex_param_operand builds it: plain text (one LIT part; an empty pattern
 * is none, an empty replacement a word of none), one quoted string or
 * parameter (word_simple_in's, with the nesting charges lex_param_word
 * has made there: ${x/"a"/"A"}, "${PWD/#$HOME/~}"), or text and escapes
 * (param_escaped_operand's: ${x/a/\/}). 1 with the word in *ret and
 * p->pos at its end ('/' or '}'), 0 for any other (nothing built), < 0 on
 * error.
 */
static int __attribute__((noinline))
param_pat_quoted(struct sh_parser *p, size_t a, enum lctx ctx, bool dq, char c,
		 struct sh_word **ret)
{
	struct sh_tok ot;
	ot.word = NULL; /* (set when built; said for the compiler) */
	size_t dq_stop;
	unsigned depth = p->depth;
	p->depth += 1 + dq;
	int r = word_simple_in(p, &ot, a, ctx, c, &dq_stop, false, false);
	p->depth = depth;
	if (r == 1)
		*ret = ot.word;
	return r == 1 || r < 0 ? r : 0;
}

/* (inline, each of its two uses; its quoted operands apart) */
static inline __attribute__((always_inline)) int
param_pat_operand(struct sh_parser *p, size_t a, enum lctx ctx, bool dq,
		  struct sh_word **ret)
{
	char c = p->src[a];
	if (c == '"' || c == '$' || c == '\'')
		return param_pat_quoted(p, a, ctx, dq, c, ret);
	size_t b = param_plain_operand(p, ctx, a);
	if (!b)
		return param_escaped_operand(p, a, ctx == LC_PARAM_PAT, dq, ret);
	*ret = NULL;
	if ((b > a || ctx == LC_PARAM) && !(*ret = plain_text_word(p, a, b - a)))
		return oom(p);
	p->pos = b;
	return 1;
}

/*
 * param_op_word's word (param_op_word_in's 3: its operand is not plain
 * text) when the one operand of its operator is one quoted string or
 * parameter and the word ends after the '}' (${x:-"a b"}, ${x#'a'},
 * ${x:+$y}, "${x:+"$y"}"), its name [s + dq + 2, ne) followed by the
 * operator (read again here, rather than kept live across a call in
 * param_op_word_in's code). The operand's word is lex_param_operand's
 * (lex_operand_simple's, word_simple_in's here, built with the nesting
 * charges lex_param_word has made there), the rest as param_op_word_in
 * builds it; so are a '...' in "${x:-...}", literal text there, and an
 * unquoted operand of text and escapes (param_escaped_operand). Any
 * other operand or word goes on as param_op_word_in's general way goes
 * on (an operand word built is left unused). With quotes, escapes or a
 * '$' inside, lex_param_word asks note_brace_skip, which notes nothing
 * here: parser_param_close ends these at the parser's '}', the word's
 * end right after it. 1, or < 0 on error.
 */
static int __attribute__((noinline))
param_quoted_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq, size_t ne)
{
	const char *src = p->src;
	size_t d = s + dq, ns = d + 2, nn = ne - ns;
	struct sh_param op = { .braced = true };
	size_t a = ne + param_op_at(&op, src[ne], src[ne + 1]);
	char c = src[a];
	int r;
	enum lctx ctx = param_op_ctx(op.op);
	struct sh_tok ot;
	ot.word = NULL; /* (set when built; said for the compiler) */
	struct sh_word *w2 = NULL;
	size_t lit = 0;
	if (ctx == LC_PARAM_OFF) {
		goto general; /* ${x:o:l}: the general way */
	} else if (ctx == LC_PARAM_PAT) {
		/* ${x/p/r}: the pattern, and the replacement after its '/' */
		if ((r = param_pat_operand(p, a, ctx, dq, &ot.word)) <= 0 ||
		    (src[p->pos] == '/' &&
		     (r = param_pat_operand(p, p->pos + 1, LC_PARAM, dq, &w2)) <= 0)) {
			if (r < 0)
				return r;
			goto general;
		}
	} else if (c == '\'' && dq && op.op >= SH_PARAM_DEFAULT && op.op <= SH_PARAM_ALTERNATE) {
		/* '...' in "${x:-...}" is literal text (LF_SQ_LIT), though
		 * a '}' inside does not end the operand: one of plain text
		 * followed by the '}' ("${x:-'a b'}") is the one LIT part
		 * lex_subword makes of it, lit bytes with its quotes */
		size_t k = a + 1;
		while (k < p->end && !(run_class[(unsigned char)src[k]] & RS_QUOTE))
			k++;
		if (k + 1 >= p->end || src[k] != '\'' || src[k + 1] != '}')
			goto general;
		lit = k + 1 - a;
		p->pos = k + 1;
	} else if (c != '"' && c != '$' && c != '\'') {
		if ((r = param_escaped_operand(p, a, false, dq, &ot.word)) <= 0) {
			if (r < 0)
				return r;
			goto general;
		}
	} else {
		unsigned depth = p->depth;
		p->depth += 1 + dq;
		size_t dq_stop;
		r = word_simple_in(p, &ot, a, LC_PARAM, c, &dq_stop, false, false);
		p->depth = depth;
		if (r < 0)
			return r;
		if (r != 1)
			goto general;
	}
	/* (the operand ends at a '}': operand_ends_at in LC_PARAM) */
	size_t e = p->pos + 1;
	if (!(dq ? e < p->end && src[e] == '"' && word_ends_at(p, e + 1) : word_ends_at(p, e)))
		goto general;
	e += dq;
	size_t name_sz = src_text_room(nn);
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + 2 * sizeof(struct sh_part) +
					sizeof(struct sh_param) + name_sz +
					(lit ? lit_word_size(lit) : 0));
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *top = (struct sh_part *)(w + 1), *in = top + 1;
	struct sh_param *pm = (struct sh_param *)(in + 1);
	char *name = (char *)(pm + 1);
	copy_src_text(name, src + ns, nn);
	*pm = op;
	pm->name = name;
	pm->arg = lit ? param_op_operand(p, name + name_sz, a, lit) : ot.word;
	pm->arg2 = w2;
	p->cmdpos_sens = false; /* as lex_param_word clears it */
	return param_word_done(p, t, w, pm, src, s, dq, e);
general:
	/* (param_op_word_in's general way) */
	if (!(op.name = src_strndup(p, src + ns, nn)))
		return oom(p);
	p->pos = a;
	r = param_word_general(p, t, s, &op);
	return r < 0 ? r : 1;
}

static int __attribute__((noinline))
param_op_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq,
	      size_t ne)
{
	int r = param_op_word_in(p, t, s, dq, ne, false);
	return r == 3 ? param_quoted_word(p, t, s, dq, ne) : r;
}

/*
 * param_op_word's answer for the ${name OP operand} at s whose name ends
 * at ne, when a quote, '$', backquote or backslash is one of the two bytes
 * after the name (arg_param_loop_word's look): straight to
 * param_quoted_word when its operand starts with one, where
 * param_op_word_in would answer 3 after its scans: its tests up to that
 * answer, the name's length, no line continuation, the nesting limit, no
 * '#' of a length, an operator and a byte after it; that first byte is
 * one that param_plain_operand stops at in every operand context, and
 * ends no operand. Else param_op_word's, 3 for its 0. (Apart, so that
 * arg_param_loop_word pays one load and a test for the other operators,
 * ${x#a}.)
 */
static int __attribute__((noinline))
param_op_quoted_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq, size_t ne)
{
	const char *src = p->src;
	size_t ns = s + dq + 2, n;
	struct sh_param op; /* (param_op_at's members, unused) */
	if (src[ns] != '#' && ne - ns < 256 && p->no_lc &&
	    p->depth + 1 + dq <= SH_MAX_DEPTH && ne + 1 < p->end &&
	    (n = param_op_at(&op, src[ne], src[ne + 1])) != 0 &&
	    (run_class[(unsigned char)src[ne + n]] & RS_QUOTE))
		return param_quoted_word(p, t, s, dq, ne);
	int r = param_op_word(p, t, s, dq, ne);
	return r ? r : 3;
}

static int __attribute__((noinline))
param_sub_word(struct sh_parser *p, struct sh_tok *t, size_t s, bool dq,
	       size_t ne)
{
	return param_op_word_in(p, t, s, dq, ne, true);
}

/*
 * wseq_text_param_word's word of plain text [s, k) (no '~', '[' or '{' in
 * it) and a ${...} at k (inside "..." when dq) that wseq_dollar does not
 * take, an operator in it (v=${x:-a}, local_var="${1:?missing argument}",
 * --jobs=${n:-4}): when the ${...} has no quote, escape, '$', backquote,
 * brace, paren or newline inside (its '}' the first, where every scan
 * ends it) and ends the word, the word is a LIT part of the text and the
 * part that the arguments' builders (arg_param_loop_word's) make of the
 * ${...} alone, as lex_word_rest makes them (lex_parts_at reads the
 * parameter as there; merge_lits and tilde_scan find nothing more: a
 * parameter follows the text, which has no '~'; nothing after it for
 * note_brace_skip). The builders' word is taken with the text's part put
 * before its own. 0, nothing done, for any other word (and one the
 * builders do not take); < 0 on error.
 */
static int __attribute__((noinline))
text_param_op_word(struct sh_parser *p, struct sh_tok *t, size_t s, size_t k, bool dq)
{
	static const bool stop[256] = {
		['\\'] = true, ['\''] = true, ['"'] = true, ['`'] = true, ['$'] = true,
		['{'] = true, ['}'] = true, ['('] = true, [')'] = true, ['\n'] = true,
		['\0'] = true,
	};
	const char *src = p->src;
	size_t n0 = k + dq + 2, c = n0;
	while (c < p->end && !stop[(unsigned char)src[c]])
		c++;
	if (c >= p->end || src[c] != '}')
		return 0;
	size_t e = c + 1;
	if (!(dq ? e < p->end && src[e] == '"' && word_ends_at(p, e + 1) : word_ends_at(p, e)))
		return 0;
	size_t ne = param_op_name_end(p, n0);
	if (!ne)
		return 0;
	bool sub = src[ne] == '[' || src[n0] == '!';
	int r = (sub ? param_sub_word : param_op_word)(p, t, k, dq, ne);
	if (r <= 0)
		return r;
	/* the text's part, then the builder's (a "..." keeps its inner part
	 * where the builder put it) */
	struct sh_word *w = t->word;
	size_t n = k - s, np = w->n_parts;
	char *mem = sh_alloc_bounded(p, (np + 1) * sizeof(struct sh_part) + n + 1);
	if (!mem)
		return oom(p);
	struct sh_part *parts = (struct sh_part *)mem;
	char *text = mem + (np + 1) * sizeof(struct sh_part);
	sh_copy(text, src + s, n);
	text[n] = '\0';
	struct sh_pos pos = sh_pos_at(p, s);
	text_part_set(parts, SH_PART_LIT, pos, text, n);
	for (size_t q = 0; q < np; q++)
		parts[q + 1] = w->parts[q];
	word_init(w, pos, parts, np + 1, src + s, p->pos - s);
	return 1;
}

/*
 * The argument at i that starts with ${ or "${, into t: param_op_word's
 * word when it reads its name and operator (param_sub_word's for a '!'
 * or a subscript): 1; 0 when neither takes it (nothing done); < 0 on
 * error.
 */
static inline __attribute__((always_inline)) int
arg_param_op_word(struct sh_parser *p, struct sh_tok *t, size_t i)
{
	bool dq = p->src[i] == '"';
	size_t ne = param_op_name_end(p, i + dq + 2);
	bool sub = p->src[ne] == '[' || p->src[i + dq + 2] == '!';
	return ne ? (sub ? param_sub_word : param_op_word)(p, t, i, dq, ne) : 0;
}

/*
 * An argument that starts with ${ or "${ and that lex_word_simple did not
 * build (its 2): arg_param_op_word's, unless tried (by
 * lex_args_general: it took nothing), param_word_general's otherwise. 0
 * or < 0 on error.
 */
static int __attribute__((noinline))
arg_param_word(struct sh_parser *p, struct sh_tok *t, size_t i, bool tried)
{
	int r;
	if (!tried && (r = arg_param_op_word(p, t, i)) != 0)
		return r < 0 ? r : 0;
	return param_word_general(p, t, i, NULL);
}

/*
 * The argument at i that starts with ${ or "${, for lex_args_general: 0
 * for a ${name} (lex_word_simple's: nothing done); else
 * arg_param_op_word's word in p->tok, which is not cleared first (the
 * loop reads no member but the word of a word built, as for
 * lex_word_simple's words): 1; 3 when it builds none (lex_arg_token's
 * way then, which clears it); < 0 on error. (The name is scanned once,
 * here: the loop's own test for a ${name} scanned it again. Always
 * inline: the loop then calls the builder itself, not through a call
 * that only scans the name, and its frame did not grow.)
 */
static inline __attribute__((always_inline)) int
arg_param_loop_word(struct sh_parser *p, size_t i)
{
	const char *src = p->src;
	bool dq = src[i] == '"';
	size_t n0 = i + dq + 2, ne = param_op_name_end(p, n0);
	if (!ne)
		return 3;
	if (src[ne] == '}' && (sh_name_class[(unsigned char)src[n0]] & 1))
		return 0;
	bool sub = src[ne] == '[' || src[n0] == '!';
	/* (an operand that param_op_word_in would answer 3 for goes to
	 * param_quoted_word without its scans first: 1 or < 0) */
	if (!sub && src[ne] != '}' && ((run_class[(unsigned char)src[ne + 1]] |
		      run_class[(unsigned char)src[ne + 2]]) & RS_QUOTE))
		return param_op_quoted_word(p, &p->tok, i, dq, ne);
	int r = (sub ? param_sub_word : param_op_word)(p, &p->tok, i, dq, ne);
	return r ? r : 3;
}

/* sh_lex_arg's word at i (p->pos). A word that is not plain is
 * lexed into p->tok from where the plain scan stopped, as sh_lex_token
 * would lex it (rather than scanned twice). */
static int __attribute__((noinline))
lex_arg_token(struct sh_parser *p, size_t i, size_t k, int simple)
{
	struct sh_tok *t = &p->tok;
	memset(t, 0, sizeof(*t));
	t->cmdpos = false;
	t->start = i;
	/* (3: lex_args_general's arg_param_loop_word took nothing) */
	int r = simple >= 2 && param_word_at(p, i) ? arg_param_word(p, t, i, simple == 3)
						  : lex_word_rest(p, false, t, i, k, simple);
	if (r < 0)
		return r;
	t->end = p->pos;
	p->have_tok = tok_in_hand(t);
	return 0;
}


/*
 * An argument at s (p->pos) that is a $'...' alone, built as lex_word_rest
 * would build it (lex_parts_dollar's one ANSI_C part, make_word's word),
 * in one allocation (the word, its part, the decoded text and the raw
 * one), not through lex_word_simple (which takes no $'), the token and
 * the part vector: 1 with the word in t->word (the token not in hand); 0,
 * as lex_word_simple's, when it has no closing quote (the general path,
 * which reports that: nothing done here); < 0 on error (an escape
 * lex_dollar refuses, reported as it does). A word that goes on after it
 * is lex_word_seq_loop's (its 1, or its 0 for the general path).
 */
static int __attribute__((noinline))
lex_ansi_c_word(struct sh_parser *p, struct sh_tok *t, size_t s)
{
	size_t b = s + 2, k = ansi_c_close(p, s + 1), n = k - b;
	if (k >= p->end)
		return 0;
	/* a word that goes on ($'a'$"b", $'\t'x): lex_word_seq's, or 0 */
	if (!word_ends_at(p, k + 1))
		return lex_word_seq_loop(p, t, s, s, 0);
	char *mem = sh_alloc_bounded(p, sizeof(struct sh_word) + sizeof(struct sh_part) +
					2 * (n + 1));
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(mem + sizeof(*w));
	char *text = (char *)(part + 1), *raw = text + n + 1;
	struct ansi_out o = { .d = text, .len = 0, .cap = n };
	int r = ansi_c_decode(p, s, b, k, &o);
	if (r < 0)
		return r;
	text[o.len] = '\0';
	sh_copy(raw, p->src + b, n);
	raw[n] = '\0';
	struct sh_pos pos = sh_pos_at(p, s);
	*part = (struct sh_part){ .kind = SH_PART_ANSI_C, .pos = pos, .text = text,
				  .text_len = o.len, .raw = raw };
	*w = (struct sh_word){ .pos = pos, .parts = part, .n_parts = 1, .src = p->src + s,
			       .src_len = k + 1 - s };
	p->cmdpos_sens = false;
	p->pos = k + 1;
	t->word = w;
	return 1;
}

/*
 * Where the plain text after an argument's last brace ends for the
 * general loop, brace_run_end having stopped at e: there, or past the
 * glob characters (* ? @ + !) with no '(' after them, which that loop
 * takes as plain text (x{a,b}*.c, {}*). (Only after the last brace:
 * lex_brace_more's runs between braces stop at them.)
 */
static inline size_t
brace_tail_end(const struct sh_parser *p, size_t e)
{
	while (e < p->end && (cc_table[(unsigned char)p->src[e]] & CC_GLOBOP) &&
	       (e + 1 == p->end || p->src[e + 1] != '('))
		e = brace_run_end(p, e + 1);
	return e;
}

/* Has lex_brace already found the '{' at j literal, or inside a brace it
 * skips (its two caches, asked as it asks them)? */
static inline __attribute__((always_inline)) bool
brace_cached_literal(const struct sh_parser *p, size_t j)
{
	return (p->src == p->brace_fail_src && p->end == p->brace_fail_end &&
		j > p->brace_fail_from && j < p->brace_fail_to) ||
	       (p->src == p->brace_skip_src && p->end == p->brace_skip_end &&
		j >= p->brace_skip_from && j < p->brace_skip_to);
}

/* The items of the brace whose '{' is at *j - 1, all plain (no byte of
 * brace_scan_stop but their ',' or '}'): each item's end added to
 * ends[*n] (its ',' or, the last, the '}'), at most 16 in all, *j past
 * the '}', *tilde set when an item starts with '~'. false for any other
 * brace (an item not plain, no '}', too many items), *j where the scan
 * stopped (on a '{': arg_brace_nested's brace, maybe). */
static inline __attribute__((always_inline)) bool
brace_plain_items(const struct sh_parser *p, size_t *j, size_t *ends,
		  size_t *n, bool *tilde)
{
	const char *src = p->src;
	size_t i = *j;
	for (;;) {
		size_t b = i;
		unsigned char c;
		/* (no test of the end at each byte: the scan stops at the NUL
		 * after the source at the latest, as plain_run_end's, and is
		 * cut back to the end when it went past it: a brace item's) */
		while (!(c = brace_scan_stop[(unsigned char)src[i]]))
			i++;
		if (i >= p->end || !(c & BS_ITEM) || *n == 16) {
			*j = i < p->end ? i : p->end;
			return false;
		}
		/* (an empty item's byte there is its ',' or '}') */
		*tilde |= src[b] == '~';
		ends[(*n)++] = i++;
		if (c & BS_CLOSE)
			break;
	}
	*j = i;
	return true;
}

/* A LIT part at *pt of the source text [b, b + n), its text copied to
 * *m (src_text_room(n) bytes, in the builder's allocation): both moved
 * past what they got. */
static inline __attribute__((always_inline)) void
brace_lit_part(struct sh_parser *p, struct sh_part **pt, char **m, size_t b,
	       size_t n)
{
	copy_src_text(*m, p->src + b, n);
	*(*pt)++ = (struct sh_part){ .kind = SH_PART_LIT, .pos = sh_pos_at(p, b),
				     .text = *m, .text_len = n };
	*m += src_text_room(n);
}

/* The brace at *m of plain items (brace_plain_items') whose '{' is at
 * open and whose items end at ends[0], ends[1] ... up to end, past its
 * '}': each item a plain_text_word, their array after the brace, *m moved
 * past it and *ret_n the number of items. NULL when out of memory. */
static inline __attribute__((always_inline)) struct sh_brace *
brace_plain_list(struct sh_parser *p, char **m, size_t open, size_t end,
		 const size_t *ends, size_t *ret_n)
{
	struct sh_brace *br = (struct sh_brace *)*m;
	struct sh_word **items = (struct sh_word **)(br + 1);
	size_t ni = 0;
	for (size_t a = open + 1; a < end; a = ends[ni++] + 1)
		if (!(items[ni] = plain_text_word(p, a, ends[ni] - a)))
			return NULL;
	*m = (char *)(items + ni);
	*br = (struct sh_brace){ .items = items, .n_items = ni };
	*ret_n = ni;
	return br;
}

struct brace_at {
	size_t open, end;
	struct sh_brace *seq;
};

/*
 * arg_brace_word's word when another brace follows its first one, after
 * plain text or not (x{a,b}{c,d}, a{b,c}d{e,f}g: lex_brace_more's words),
 * each brace of arg_brace_word's shape, at most four, none with a
 * substitution right after its '{' (which lex_brace_more leaves to the
 * general path): the word lex_brace_word and lex_brace_more build, its
 * plain texts as lit_flush makes them and the last as brace_word_make,
 * in one allocation as arg_brace_word's. The same answers. (Apart, so
 * that arg_brace_word's one brace needs no loop over braces.) The first
 * brace as arg_brace_word scanned it (its tests passed): its items' ends
 * in ends[0 .. n), which the next braces' are added to, j past its '}'.
 */
static int __attribute__((noinline))
arg_brace_chain(struct sh_parser *p, size_t s, size_t k, size_t j, size_t *ends, size_t n)
{
	const char *src = p->src;
	/* each brace's '{' and end in ends (the end of each of its items:
	 * its ',' or, the last, its '}'), and its sequence if it is one */
	struct brace_at bv[4];
	size_t nb = 0, e, lit = 0, lit_n = 0, open = k, n0 = 0;
	size_t sz = sizeof(struct sh_word) + (k > s) * sizeof(struct sh_part);
	for (;;) {
		/* the brace at open, its items' ends ends[n0 .. n), j past
		 * its '}' (the first one arg_brace_word's scan) */
		struct sh_brace *seq = NULL;
		if (n - n0 == 1) {
			bool no_mem = false;
			if (!(seq = parse_seq(p, src + open + 1, j - open - 2, &no_mem))) {
				if (no_mem)
					return oom(p);
				/* the last brace a literal '{' ({a,b}{},
				 * x{a,b}{c}.d): lex_brace_more's word, its
				 * text in the one after the brace before */
				if (!nb)
					return 0;
				size_t prev = bv[nb - 1].end;
				e = brace_tail_end(p, brace_run_end(p, j));
				if (e < p->end && !sh_ends_plain_word[(unsigned char)src[e]])
					return 0;
				if (open > prev)
					sz -= sizeof(struct sh_part) + src_text_room(open - prev);
				lit = open;
				lit_n = j - open - 2;
				j = prev;
				break;
			}
		} else {
			sz += sizeof(struct sh_brace) + (n - n0) * sizeof(struct sh_word *);
		}
		bv[nb++] = (struct brace_at){ .open = open, .end = j, .seq = seq };
		sz += sizeof(struct sh_part);
		e = brace_run_end(p, j);
		if (e == p->end || src[e] != '{') {
			e = brace_tail_end(p, e);
			if (e < p->end && !sh_ends_plain_word[(unsigned char)src[e]])
				return 0;
			break;
		}
		if (nb == 4 || sub_at(p, LC_WORD, e + 1))
			return 0;
		if (e > j)
			sz += sizeof(struct sh_part) + src_text_room(e - j);
		/* (the next brace starts after the first: no tilde of its
		 * items starts the word) */
		bool tilde = false;
		if (brace_cached_literal(p, e))
			return 0;
		open = e;
		n0 = n;
		j = e + 1;
		if (!brace_plain_items(p, &j, ends, &n, &tilde))
			return 0;
	}
	if (k > s)
		sz += src_text_room(k - s);
	if (e > j)
		sz += sizeof(struct sh_part) + src_text_room(e - j);
	_Static_assert(sizeof(struct sh_brace) % 8 == 0 && sizeof(struct sh_part) % 8 == 0,
		       "the braces, their items and the texts follow the parts");
	/* lex_brace's charge of a literal '{' (none handed back after it) */
	int r;
	if (lit && (r = sh_charge(p, lit, lit_n)) < 0)
		return r;
	char *mem = sh_alloc_rounded(p, sz);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(w + 1), *pt = part;
	size_t np = nb, b = s;
	for (size_t q = 0; q < nb; q++)
		np += bv[q].open > (q ? bv[q - 1].end : s);
	np += e > j;
	char *m = (char *)(part + np);
	for (size_t q = 0, x = 0; q < nb; q++) {
		/* the plain text before the brace, then the brace */
		if (bv[q].open > b)
			brace_lit_part(p, &pt, &m, b, bv[q].open - b);
		struct sh_brace *br = bv[q].seq;
		size_t ni = 1; /* (a sequence's one "item", its text) */
		if (!br && !(br = brace_plain_list(p, &m, bv[q].open, bv[q].end, ends + x, &ni)))
			return oom(p);
		x += ni;
		*pt++ = (struct sh_part){ .kind = SH_PART_BRACE, .pos = sh_pos_at(p, bv[q].open),
					  .brace = br };
		b = bv[q].end;
	}
	if (e > j)
		brace_lit_part(p, &pt, &m, j, e - j);
	word_init(w, sh_pos_at(p, s), part, np, src + s, e - s);
	p->cmdpos_sens = false;
	p->pos = e;
	p->tok.word = w;
	return 1;
}

/* The end of a brace builder whose word is plain text [s, e) after all
 * (the '{' literal): lit_word's word of it as the argument's, p->pos at
 * its end. 1, or < 0 when out of memory. */
static inline __attribute__((always_inline)) int
arg_brace_lit_word(struct sh_parser *p, size_t s, size_t e)
{
	struct sh_word *w = lit_word(p, p->src + s, e - s, s);
	if (!w)
		return oom(p);
	p->cmdpos_sens = false;
	p->pos = e;
	p->tok.word = w;
	return 1;
}

/*
 * arg_brace_word's '{' at k whose '}' at j - 1 closes no list and no
 * sequence ({}, {a}, -I{}: find's and xargs's {}): a literal '{', as
 * lex_brace finds it (charging the scan of its text), and the argument
 * one LIT part when the plain run after the '{' ends it, the word
 * lex_brace_word makes then (its plain_text_word). 0 otherwise, nothing
 * done (lex_brace_word then charges the scan as lex_brace does); 1 or
 * < 0 as arg_brace_word's.
 */
static int __attribute__((noinline))
arg_brace_literal(struct sh_parser *p, size_t s, size_t k, size_t j)
{
	size_t e = brace_run_end(p, k + 1);
	int r;
	if (e < p->end && !sh_ends_plain_word[(unsigned char)p->src[e]] &&
	    ((e = brace_tail_end(p, e)) < p->end &&
	     !sh_ends_plain_word[(unsigned char)p->src[e]]))
		return 0;
	if ((r = sh_charge(p, k, j - k - 2)) < 0)
		return r;
	return arg_brace_lit_word(p, s, e);
}

/*
 * arg_brace_word's '{' at k when plain text and ',' run from it to the
 * word's end at j, no '}' met ({a,b or x{a, before a blank, an operator
 * or the end): lex_brace's scan stops at the word's end, finds the '{'
 * literal, caches that answer for the '{'s it passed (none here, but a
 * later word's scan asks) and charges the scan; lex_parts then reads the
 * rest as plain text, one LIT part of the whole word (about 350 fewer
 * than that way). 1 or < 0 as arg_brace_word's.
 */
static int __attribute__((noinline))
arg_brace_unclosed(struct sh_parser *p, size_t s, size_t k, size_t j)
{
	int r;
	p->brace_fail_src = p->src;
	p->brace_fail_end = p->end;
	p->brace_fail_from = k;
	p->brace_fail_to = j;
	if ((r = sh_charge(p, k, j - k)) < 0)
		return r;
	return arg_brace_lit_word(p, s, j);
}

/* The bytes at which brace_plain_items' scan of an argument's brace
 * stops that arg_brace_nested may take on from */
static const bool arg_brace_odd[256] = {
	['{'] = true, ['\\'] = true, ['\''] = true, ['"'] = true, ['$'] = true,
};

/*
 * The word [s, e) of arg_brace_word and arg_brace_nested, in one
 * allocation: the plain text [s, k), one brace at k, the plain text
 * [j, e) (either text may be empty). brace_word_alloc takes room for its
 * parts, `extra` bytes after them (the brace and its item vector, when
 * the builder has not made the brace yet) and the two texts, and sets *m
 * to the first byte after the parts; brace_word_build writes the parts
 * and the word (an item of arg_brace_nested's: its inner brace), and
 * brace_word_finish the argument's, leaving the argument loop's state as
 * the general path leaves it after the word. (Always inline: each builder keeps its own
 * code, as before these two were shared.)
 */
static inline __attribute__((always_inline)) struct sh_word *
brace_word_alloc(struct sh_parser *p, size_t s, size_t k, size_t j, size_t e,
		 size_t extra, char **m)
{
	size_t np = 1 + (k > s) + (e > j);
	size_t sz = sizeof(struct sh_word) + np * sizeof(struct sh_part) + extra +
		    (k > s ? src_text_room(k - s) : 0) +
		    (e > j ? src_text_room(e - j) : 0);
	_Static_assert(sizeof(struct sh_brace) % 8 == 0 && sizeof(struct sh_part) % 8 == 0,
		       "the brace, its items and the texts follow the parts");
	struct sh_word *w = (struct sh_word *)sh_alloc_rounded(p, sz);
	if (w)
		*m = (char *)((struct sh_part *)(w + 1) + np);
	return w;
}

static inline __attribute__((always_inline)) void
brace_word_build(struct sh_parser *p, struct sh_word *w, char *m, size_t s,
		 size_t k, struct sh_brace *br, size_t j, size_t e)
{
	struct sh_part *part = (struct sh_part *)(w + 1), *pt = part;
	if (k > s)
		brace_lit_part(p, &pt, &m, s, k - s);
	*pt++ = (struct sh_part){ .kind = SH_PART_BRACE, .pos = sh_pos_at(p, k), .brace = br };
	if (e > j)
		brace_lit_part(p, &pt, &m, j, e - j);
	/* (the count as brace_word_alloc's, not pt - part: a division by
	 * the part's size) */
	word_init(w, sh_pos_at(p, s), part, 1 + (k > s) + (e > j), p->src + s, e - s);
}

static inline __attribute__((always_inline)) int
brace_word_finish(struct sh_parser *p, struct sh_word *w, char *m, size_t s,
		  size_t k, struct sh_brace *br, size_t j, size_t e)
{
	brace_word_build(p, w, m, s, k, br, j, e);
	p->cmdpos_sens = false;
	p->pos = e;
	p->tok.word = w;
	return 1;
}

/*
 * arg_brace_word's '{' at k right before a brace of two plain items or
 * more, then plain text to the word's end with no '}' ({{a,b}, x{{a,b}c:
 * bash's a and b after a literal '{'): lex_brace's scan from k counts the
 * inner brace and finds no '}' of its own, so the '{' is literal (no
 * cache: a '}' was met) and the scan charged; lex_brace at k + 1 builds
 * the inner brace; the texts either side as lit_flush makes them, as
 * arg_brace_word's with the '{' in the prefix (the general path's ~1,800
 * for echo {{a,b}, ~900 here). 1 or < 0 as arg_brace_word's; 0 for any
 * other shape, nothing done.
 */
static int __attribute__((noinline))
arg_brace_open_lit(struct sh_parser *p, size_t s, size_t k)
{
	size_t ends[16], n = 0, j = k + 2;
	bool tilde = false;
	/* (lex_brace's caches asked for the inner '{' as it asks them; the
	 * depth was asked for the outer one, as sh_enter asks it once) */
	if (brace_cached_literal(p, k + 1) || !brace_plain_items(p, &j, ends, &n, &tilde) ||
	    tilde || n < 2)
		return 0;
	size_t e = brace_run_end(p, j);
	if ((e < p->end && !sh_ends_plain_word[(unsigned char)p->src[e]]) ||
	    memchr(p->src + j, '}', e - j))
		return 0;
	int r;
	if ((r = sh_charge(p, k, e - k)) < 0)
		return r;
	char *m;
	struct sh_word *w = brace_word_alloc(p, s, k + 1, j, e, sizeof(struct sh_brace) +
					     n * sizeof(struct sh_word *), &m);
	struct sh_brace *br;
	if (!w || !(br = brace_plain_list(p, &m, k + 1, j, ends, &n)))
		return oom(p);
	return brace_word_finish(p, w, m, s, k + 1, br, j, e);
}

/*
 * arg_brace_word's brace at k (after the plain text [s, k)) when one of
 * its items is not plain text: it holds a brace of its own ({a,{b,c}},
 * {a,{b,c}d}, {x,y{1,2}}, x{{a,b},c}y, {a,{}}), or escapes, quotes or
 * $name ({a,"b c"}, {a,b\}}, {"$x",b}). Each item plain text; or plain
 * text around one inner brace of arg_brace_word's kind (plain items, a
 * sequence, or a literal '{' with one item, lex_brace's charge taken);
 * or, with no brace in it, a word lex_word_seq builds (which hands back
 * ${, $( and the like). At most 16 items in each brace, two at least
 * outside, none starting with '~' (lex_brace refuses some of those: the
 * general path reports them), plain text to the word's end after the
 * outer '}' (arg_brace_word's), and the nesting limit two levels away.
 * The word lex_brace_word builds: lex_brace's items, a plain one as
 * plain_text_word, the others as lex_parts and make_word make them (the
 * texts around an inner brace as lit_flush makes them, the inner brace
 * as lex_brace makes it), without the token, the part vectors and
 * lex_brace's scans (600 to 800 instructions a word fewer). 1 or < 0 as
 * arg_brace_word's; 0 for any other shape, nothing done but arena memory
 * taken.
 */
static int __attribute__((noinline))
arg_brace_nested(struct sh_parser *p, size_t s, size_t k)
{
	const char *src = p->src;
	/* (sh_enter for the outer brace and for an inner list) */
	if (p->depth + 2 > SH_MAX_DEPTH)
		return 0;
	struct sh_word *items[16];
	size_t n = 0, j = k + 1;
	bool name_last = false, lone = false;
	for (;;) {
		size_t b = j;
		if (n == 16 || src[b] == '~')
			return 0;
		/* (brace_plain_items' scan: to the NUL after the source at
		 * the latest) */
		while (!brace_scan_stop[(unsigned char)src[j]])
			j++;
		if (j >= p->end)
			return 0;
		if (src[j] == '{') {
			/* [b, open) {inner} [close, j) */
			size_t open = j, close, ends[16], ni = 0;
			bool tilde = false;
			if (brace_cached_literal(p, open))
				return 0;
			j++;
			if (!brace_plain_items(p, &j, ends, &ni, &tilde) || tilde)
				return 0;
			close = j;
			while (!brace_scan_stop[(unsigned char)src[j]])
				j++;
			if (j >= p->end || (src[j] != ',' && src[j] != '}'))
				return 0;
			struct sh_brace *br = NULL;
			if (ni == 1) {
				bool no_mem = false;
				int r;
				br = parse_seq(p, src + open + 1, close - open - 2, &no_mem);
				if (no_mem)
					return oom(p);
				if (!br) {
					/* a literal '{' ({}, {b}c): lex_brace's
					 * charge, and the item one run of text,
					 * one LIT part */
					if ((r = sh_charge(p, open, close - open - 2)) < 0)
						return r;
					if (!(items[n++] = plain_text_word(p, b, j - b)))
						return oom(p);
					goto next;
				}
			}
			char *m;
			struct sh_word *w = brace_word_alloc(p, b, open, close, j, br ? 0 :
							     sizeof(*br) + ni * sizeof(struct sh_word *),
							     &m);
			if (!w)
				return oom(p);
			if (!br && !(br = brace_plain_list(p, &m, open, close, ends, &ni)))
				return oom(p);
			brace_word_build(p, w, m, b, open, br, close, j);
			items[n++] = w;
		} else if (src[j] == ',' || src[j] == '}') {
			if (!(items[n++] = plain_text_word(p, b, j - b)))
				return oom(p);
		} else {
			/* escapes, quotes, $name: the item's end as lex_brace's
			 * scan finds it, no brace in it, then the item as
			 * lex_word_seq builds it (lex_parts_at's and make_word's
			 * word: nothing in such an item for merge_lits to join),
			 * with the item's end for the source's; an item that is
			 * one quoted string ('...', or "..." of plain text),
			 * qend its end, as word_simple_in builds it */
			size_t qend = SIZE_MAX;
			for (;;) {
				while (!brace_scan_stop[(unsigned char)src[j]])
					j++;
				if (j >= p->end)
					return 0;
				char c = src[j];
				if (c == ',' || c == '}')
					break;
				if (c == '\\') {
					/* (the scan must not start past the NUL
					 * after the source) */
					if (j + 1 >= p->end)
						return 0;
					j += 2;
				} else if (c == '\'' || c == '"') {
					bool first = j == b;
					if ((j = skip_quoted(p, j)) == SIZE_MAX)
						return 0;
					if (first)
						qend = j;
				} else if (c == '$' && j + 1 < p->end &&
					   !brace_scan_stop[(unsigned char)src[j + 1]]) {
					j++; /* ($$, ${, $(, $' and $" left to lex_brace) */
				} else {
					return 0;
				}
			}
			if (!n && src[j] == '}') {
				lone = true; /* (lex_brace's literal '{') */
				goto next;
			}
			size_t oend = p->end, dq_stop = 0;
			int r = 0;
			p->end = j;
			/* (a "..." with a $, ` or \ in it: lex_word_seq's, which
			 * hands back what word_simple_in would take on) */
			if (qend == j && (src[b] == '\'' || dq_stop_at(src, b + 1, j) == j - 1))
				r = word_simple_in(p, &p->tok, b, LC_WORD, src[b], &dq_stop,
						   true, false);
			if (!r)
				r = lex_word_seq(p, &p->tok, b, b, 0);
			p->end = oend;
			if (r <= 0)
				return r;
			struct sh_word *w = p->tok.word;
			/* (lex_brace's test of an item that ends in $name, made
			 * below when the byte after the brace is known) */
			name_last |= is_unbraced_name_param(&w->parts[w->n_parts - 1]);
			items[n++] = w;
		}
next:
		if (src[j++] == '}')
			break;
	}
	if (lone) {
		/* one item, not plain ({a\\,b}, {a..c\\}}): lex_brace finds
		 * the '{' literal and charges its scan, and lex_brace_word
		 * leaves the word to lex_word_rest with the '{' in its plain
		 * text, the word lex_word_seq builds (charged after it, so
		 * that a word it hands back is charged once) */
		int r = lex_word_seq(p, &p->tok, s, k + 1, 0);
		if (r <= 0)
			return r;
		return (r = sh_charge(p, k, j - k - 2)) < 0 ? r : 1;
	}
	if (n < 2)
		return 0; /* ({{a,b}}: no list outside, a literal '{') */
	if (name_last && j < p->end && (is_name_char((unsigned char)src[j]) || src[j] == '{'))
		return 0;
	size_t e = brace_run_end(p, j);
	if (e < p->end && !sh_ends_plain_word[(unsigned char)src[e]] &&
	    (src[e] == '{' || ((e = brace_tail_end(p, e)) < p->end &&
			       !sh_ends_plain_word[(unsigned char)src[e]])))
		return 0;
	char *m;
	struct sh_word *w = brace_word_alloc(p, s, k, j, e, sizeof(struct sh_brace) +
					     n * sizeof(struct sh_word *), &m);
	if (!w)
		return oom(p);
	struct sh_brace *br = (struct sh_brace *)m;
	struct sh_word **iv = (struct sh_word **)(br + 1);
	for (size_t q = 0; q < n; q++)
		iv[q] = items[q];
	*br = (struct sh_brace){ .items = iv, .n_items = n };
	return brace_word_finish(p, w, (char *)(iv + n), s, k, br, j, e);
}

/*
 * arg_brace_word's brace at k (its items ending at ends[0 .. n), j past
 * its '}', after the plain text [s, k)) when what follows it is not
 * plain text to the word's end ({a,b}$x, {a,b}\}, {a,b}"q"):
 * lex_brace_word hands the word on to lex_parts_at after the brace, whose
 * parts from j, when lex_word_seq builds the text from j as a word of
 * its own (it hands back what lex_parts_at would read otherwise after a
 * brace: a '[' after a name, a '~' at j, another brace), are that
 * word's; merge_lits joins none of them to the brace, and lex_word_rest's
 * tests of a word that starts with text find nothing in [s, k)
 * (brace_prefix_ok). That word, built here: the prefix as lit_flush
 * makes it, the brace as arg_brace_word, then lex_word_seq's parts. A
 * sequence that is none (a literal '{') is left to the general path. 1
 * or < 0 as arg_brace_word's, 0 with nothing done but arena memory.
 */
static int __attribute__((noinline))
arg_brace_seq_after(struct sh_parser *p, size_t s, size_t k, size_t j,
		    const size_t *ends, size_t n)
{
	const char *src = p->src;
	struct sh_brace *br = NULL;
	/* (a '~' at j starts no tilde prefix here, unlike in the word
	 * lex_word_seq would build from it: handed back) */
	if (src[j] == '~')
		return 0;
	if (n == 1) {
		bool no_mem = false;
		if (!(br = parse_seq(p, src + k + 1, j - k - 2, &no_mem)))
			return no_mem ? oom(p) : 0;
	}
	int r = lex_word_seq(p, &p->tok, j, j, 0);
	if (r <= 0)
		return r;
	const struct sh_word *sw = p->tok.word;
	size_t npre = k - s, nsw = sw->n_parts;
	size_t np = 1 + (npre != 0) + nsw;
	size_t sz = sizeof(struct sh_word) + np * sizeof(struct sh_part) +
		    (br ? 0 : sizeof(*br) + n * sizeof(struct sh_word *)) +
		    (npre ? src_text_room(npre) : 0);
	char *mem = sh_alloc_rounded(p, sz);
	if (!mem)
		return oom(p);
	struct sh_word *w = (struct sh_word *)mem;
	struct sh_part *part = (struct sh_part *)(w + 1), *pt = part;
	char *m = (char *)(part + np);
	if (!br && !(br = brace_plain_list(p, &m, k, j, ends, &n)))
		return oom(p);
	if (npre)
		brace_lit_part(p, &pt, &m, s, npre);
	*pt++ = (struct sh_part){ .kind = SH_PART_BRACE, .pos = sh_pos_at(p, k), .brace = br };
	for (size_t q = 0; q < nsw; q++)
		*pt++ = sw->parts[q];
	word_init(w, sh_pos_at(p, s), part, np, src + s, p->pos - s);
	p->tok.word = w;
	return 1;
}

/*
 * An argument at s whose plain scan stopped at the '{' at k, after plain
 * text [s, k) with none of '~' '=' '[' in it (brace_prefix_ok): when the
 * brace is a list of plain items ({a,b}: no character of brace_scan_stop
 * in it but ',' and its '}') or a sequence ({1..3}), plain text to the
 * word's end after it (x{a,b}y, src/{lib,test}, a.{c,h}; another brace
 * after it: arg_brace_chain), in a source with no continuation line, the
 * word lex_brace_word builds of it (its prefix part as lit_flush makes it,
 * the brace as lex_brace does, the suffix as brace_word_make), without the
 * token, the part vector and lex_brace's general scan: the word, its
 * parts, the brace and its item array in one allocation, each item a
 * plain_text_word. 1 with the word in p->tok (not in hand, as
 * arg_word_direct's); 0 for any other word or brace (nothing done: the
 * general path, which also reports a tilde that starts an item of a brace
 * that starts its word, and meets lex_brace's caches of a '{' known
 * literal and its nesting limit); < 0 when out of memory.
 */
static int __attribute__((noinline))
arg_brace_word(struct sh_parser *p, size_t s, size_t k)
{
	const char *src = p->src;
	/* (sh_enter's limit and lex_brace's caches, asked as it asks them) */
	if (!p->no_lc || p->depth >= SH_MAX_DEPTH || brace_cached_literal(p, k))
		return 0;
	/* where each item ends: its ',' or, the last, the '}' */
	size_t ends[16], n = 0, j = k + 1;
	bool tilde = false;
	int r;
	if (!brace_plain_items(p, &j, ends, &n, &tilde)) {
		if (j < p->end && !sh_ends_plain_word[(unsigned char)src[j]]) {
			if (j == k + 1 && src[j] == '{' && (r = arg_brace_open_lit(p, s, k)) != 0)
				return r;
			return arg_brace_odd[(unsigned char)src[j]] ? arg_brace_nested(p, s, k) : 0;
		}
		return tilde ? 0 : arg_brace_unclosed(p, s, k, j);
	}
	if (tilde && s == k)
		return 0;
	size_t e = brace_run_end(p, j);
	if (e < p->end && !sh_ends_plain_word[(unsigned char)src[e]]) {
		if (src[e] == '{')
			return arg_brace_chain(p, s, k, j, ends, n);
		if ((e = brace_tail_end(p, e)) < p->end &&
		    !sh_ends_plain_word[(unsigned char)src[e]])
			return arg_brace_seq_after(p, s, k, j, ends, n);
	}
	struct sh_brace *br = NULL;
	if (n == 1) {
		bool no_mem = false;
		if (!(br = parse_seq(p, src + k + 1, j - k - 2, &no_mem)))
			return no_mem ? oom(p) : arg_brace_literal(p, s, k, j);
	}
	char *m;
	struct sh_word *w = brace_word_alloc(p, s, k, j, e, br ? 0 : sizeof(*br) +
					     n * sizeof(struct sh_word *), &m);
	if (!w)
		return oom(p);
	if (!br && !(br = brace_plain_list(p, &m, k, j, ends, &n)))
		return oom(p);
	return brace_word_finish(p, w, m, s, k, br, j, e);
}

/*
 * lex_tilde_word or lex_word_seq for the argument at i whose plain scan
 * stopped at k, where lex_word_rest would try them (lex_word_seq: the
 * scan stopped inside the word, at no brace, '(', process substitution,
 * backquote or $( ), without the token's way there (lex_arg_token's and
 * lex_word_rest's dispatch): 1 when one built the word (in p->tok, not in
 * hand), 2 when lex_word_seq would not, 0 for lex_word_rest's whole way,
 * < 0 on error.
 */
static inline __attribute__((always_inline)) int
arg_word_direct(struct sh_parser *p, size_t i, size_t k)
{
	const char *src = p->src;
	if (k > i && (k == p->end || sh_ends_plain_word[(unsigned char)src[k]])) {
		/* plain text to the word's end, left for a '~': lex_word_rest
		 * takes it to lex_tilde_word first (its 1, more prefixes
		 * than it takes, is left to lex_word_rest from the start) */
		int r = lex_tilde_word(p, &p->tok, i, k);
		return r < 0 ? r : !r;
	}
	if (k >= p->end || sh_ends_plain_word[(unsigned char)src[k]])
		return 0;
	/* a word that starts with a backquote: lex_word_rest's way for it,
	 * which is lex_cmdsub_word's (its word, in p->tok, need not be
	 * kept around the nested parse, see lex_sub_word) */
	if (k == i && src[i] == '`')
		return lex_cmdsub_word(p, &p->tok, i, true);
	if (wseq_skip[(unsigned char)src[k]])
		return src[k] == '{' && (k == i || brace_prefix_ok(src, i, k))
			       ? arg_brace_word(p, i, k)
			       : 0;
	if (src[k] == '$' && k + 1 < p->end && src[k + 1] == '(')
		return 0;
	if (k == i && src[i] == '\\' && p->no_lc && i + 1 < p->end && word_ends_at(p, i + 2)) {
		/* one escaped character (\; \" \|): lex_word_seq's word of
		 * one ESCAPED part, in lit_word's one allocation */
		struct sh_word *w = lit_word(p, src + i + 1, 1, i);
		if (!w)
			return oom(p);
		w->parts[0].kind = SH_PART_ESCAPED;
		w->src = src + i;
		w->src_len = 2;
		p->cmdpos_sens = false;
		p->pos = i + 2;
		p->tok.word = w;
		return 1;
	}
	int r = lex_word_seq(p, &p->tok, i, k, 0);
	return r ? r : 2;
}

/* The first bytes of the arguments that are no plain word, for
 * lex_args_general: 1 a quote or a '$' (lex_word_simple's words), 2 a
 * backslash (one table load, not four compares) */
static const unsigned char arg_no_plain[256] = {
	['\''] = 1, ['"'] = 1, ['$'] = 1, ['\\'] = 2,
};

/*
 * The argument at i after the first tries of lex_args_general (simple:
 * their answer, -1 for none; k: where lex_plain_word's scan stopped):
 * arg_word_direct (lex_tilde_word or lex_word_seq, as lex_word_rest would
 * try them: built, or 2: the general path, told not to try lex_word_seq
 * again), else the token's way, lex_arg_token. 1 with the word in
 * p->tok.word, taken; 0 when p->tok is left in hand, NAME=(...) or the
 * {fd} of a redirection ({fd}>file), the caller's business; < 0 on error.
 * (The tail of lex_args_general's loop, of sh_lex_arg_word and of
 * lex_args_at.)
 */
static inline __attribute__((always_inline)) int
arg_word_take(struct sh_parser *p, size_t i, size_t k, int simple)
{
	int r;
	if (simple < 0 && (r = arg_word_direct(p, i, k)) != 0) {
		if (r < 0)
			return r;
		simple = r == 1 ? 1 : 0;
	}
	if (simple != 1) {
		if ((r = lex_arg_token(p, i, k, simple)) < 0 || p->tok.assign ||
		    p->tok.kind != T_WORD)
			return r;
		p->have_tok = 0;
	}
	return 1;
}

/* sh_lex_args for every word (and from where its quick loop stops) */
static int __attribute__((noinline))
lex_args_general(struct sh_parser *p, size_t i, struct sh_words *av)
{
	size_t n = av->n;
	int r;
	do {
		size_t k = i;
		struct sh_word *w = NULL;
		/* (a word that starts with a quote, a '$' or a backslash is
		 * no plain word: lex_plain_word's first look, not asked) */
		char c0 = p->src[i];
		unsigned first = arg_no_plain[(unsigned char)c0];
		bool quote = first & 1;
		r = first ? 0 : lex_plain_word(p, i, &w, &k);
		if (!r) {
			/* 'text', "text", "$x", $x, the most common of the
			 * other words: built by lex_word_simple, as
			 * lex_arg_token would have it build them, without the
			 * token's way there (p->tok, not in hand, is only
			 * written); the others, told its answer, that way */
			int simple = -1;
			if (quote && c0 != '\'' && param_word_at(p, i) &&
			    (simple = arg_param_loop_word(p, i)) != 0) {
				/* built (1), or lex_arg_token's (3) */
				if (simple < 0) {
					r = simple;
					break;
				}
			} else if (quote &&
			    (simple = c0 == '\''   ? lex_word_squote(p, &p->tok, i)
				      : c0 == '"'  ? lex_word_dquote(p, &p->tok, i)
				      : p->src[i + 1] == '\'' ? lex_ansi_c_word(p, &p->tok, i)
							      : lex_word_dollar(p, &p->tok, i)) < 0) {
				r = simple;
				break;
			}
			/* the others, and the words left in p->tok */
			if ((r = arg_word_take(p, i, k, simple)) <= 0)
				break;
			w = p->tok.word;
		} else if (r < 0) {
			break;
		}
		/* (sh_vec_room's way, with the NULL check on the move alone:
		 * a vector with room is never NULL) */
		if (__builtin_expect(n == av->cap, 0) &&
		    !(av->v = sh_vec_more(p, av->v, &av->cap, sizeof(*av->v)))) {
			r = oom(p);
			break;
		}
		av->v[n++] = w;
		i = sh_arg_begin(p);
	} while (i != SIZE_MAX);
	av->n = n;
	return r < 0 ? r : 0;
}

int
sh_lex_arg_word(struct sh_parser *p, size_t i, struct sh_word **ret)
{
	/* lex_args_general's way for a word that starts with a quote, a
	 * '$' or a backslash (arg_no_plain's), each step as it takes it */
	char c0 = p->src[i];
	int simple = -1, r;
	p->pos = i;
	if (c0 != '\\') {
		if (c0 != '\'' && param_word_at(p, i) &&
		    (simple = arg_param_loop_word(p, i)) != 0) {
			if (simple < 0)
				return simple;
		} else if ((simple = c0 == '\''   ? lex_word_squote(p, &p->tok, i)
				     : c0 == '"'  ? lex_word_dquote(p, &p->tok, i)
				     : p->src[i + 1] == '\'' ? lex_ansi_c_word(p, &p->tok, i)
							     : lex_word_dollar(p, &p->tok, i)) < 0) {
			return simple;
		}
	}
	if ((r = arg_word_take(p, i, i, simple)) <= 0)
		return r;
	*ret = p->tok.word;
	return 1;
}

/* Can a word that starts with a byte of class cc be one that
 * lex_args_plain stores, in p's source (fixed: lex_args_plain_fixed, in a
 * backquoted body's)? */
static inline bool
args_plain_start(const struct sh_parser *p, unsigned cc, bool fixed)
{
	return !(cc & (CC_WORDSTOP | CC_TILDE)) && p->no_lc &&
	       (fixed ? p->fixed : p->offset_pos);
}

/*
 * Where the plain word at i, whose first byte is of class cc (one that
 * args_plain_start says may start such a word), ends in src (p->src, its
 * end end: both in the caller's registers): lex_plain_word's end, or
 * SIZE_MAX when the word is not plain. plain_run_end's end (a stop at or
 * past the end is the end) without its questions for the words that end
 * at a blank or an operator (a class of CC_ENDS is one of stop's too);
 * asked of it, from where this scan stopped, for the others.
 */
static inline __attribute__((always_inline)) size_t
args_plain_end_at(const struct sh_parser *p, const char *src, size_t end, size_t i,
		  unsigned cc, size_t *ret_k)
{
	unsigned stop = CC_WORDSTOP | CC_TILDE | (~cc & CC_LBRACKET);
	size_t k = i + 1;
	unsigned kc;
	while (!((kc = cc_table[(unsigned char)src[k]]) & (stop | CC_NUL)))
		k++;
	if (k >= end)
		return end;
	if (!(kc & CC_ENDS)) {
		k = plain_run_end(p, k, stop);
		if (k < end && !(cc_table[(unsigned char)src[k]] & CC_ENDS)) {
			*ret_k = k;
			return SIZE_MAX;
		}
	}
	return k;
}

static inline __attribute__((always_inline)) size_t
args_plain_end(const struct sh_parser *p, const char *src, size_t end, size_t i,
	       unsigned cc)
{
	size_t k;
	return args_plain_end_at(p, src, end, i, cc, &k);
}

/* Whether a plain word of len bytes is short (its text one copy) and has
 * its lit_word_size(len) bytes in the bump chunk: args_plain_word's
 * condition */
static inline __attribute__((always_inline)) bool
args_plain_fits(const struct sh_parser *p, size_t len)
{
	return len < SH_SRC_PAD && (size_t)(p->bump_end - p->bump) >= lit_word_size(len);
}

/* The plain word src[i, i + len) at pos, as lex_plain_word builds it,
 * in lit_word_size(len) bytes of the bump chunk that the caller knows it
 * has (args_plain_fits) */
static inline __attribute__((always_inline)) struct sh_word *
args_plain_word(struct sh_parser *p, const char *src, size_t i, size_t len,
		struct sh_pos pos)
{
	char *mem = p->bump;
	p->bump += lit_word_size(len);
	lit_word_text(mem, src + i, len);
	p->cmdpos_sens = false;
	return lit_word_in(mem, src + i, len, pos);
}

/* sh_lex_arg_at's word at i when it is no short plain word (out of line,
 * so that the plain word's way needs no frame) */
static int __attribute__((noinline))
arg_at_general(struct sh_parser *p, size_t i, struct sh_word **ret)
{
	size_t k = i;
	int r = lex_plain_word(p, i, ret, &k);
	if (r)
		return r;
	/* a brace (o{1,2}, as a redirection's target): arg_brace_word's
	 * word, as lex_args_general has arg_word_direct take it (none: the
	 * token's way, told nothing) */
	if (k < p->end && p->src[k] == '{' && (k == i || brace_prefix_ok(p->src, i, k)) &&
	    (r = arg_brace_word(p, i, k)) != 0) {
		if (r > 0)
			*ret = p->tok.word;
		return r;
	}
	return lex_arg_token(p, i, k, -1);
}

/* sh_lex_arg_at's body (always inline: sh_lex_redir's too, for a
 * redirection's target, without the call) */
static inline __attribute__((always_inline)) int
arg_at_in(struct sh_parser *p, size_t i, struct sh_word **ret)
{
	/* a short plain word of a one-line source (most redirection
	 * targets: > out, 2>/dev/null, < in.txt), stored as lex_args_plain
	 * stores an argument, without lex_plain_word's scan and sh_alloc */
	const char *src = p->src;
	unsigned cc = cc_table[(unsigned char)src[i]];
	if (args_plain_start(p, cc, false)) {
		size_t k = args_plain_end(p, src, p->end, i, cc), len = k - i;
		if (k != SIZE_MAX && args_plain_fits(p, len)) {
			*ret = args_plain_word(p, src, i, len, sh_pos_one_line(i));
			p->pos = k;
			return 1;
		}
	}
	return arg_at_general(p, i, ret);
}

int
sh_lex_arg_at(struct sh_parser *p, size_t i, struct sh_word **ret)
{
	return arg_at_in(p, i, ret);
}

int
sh_lex_plain_words(struct sh_parser *p, const uint32_t *at, size_t n,
		   struct sh_word **v)
{
	const char *src = p->src;
	for (const uint32_t *e = at + n; at < e; at += 2) {
		size_t i = at[0], len = at[1] - i;
		/* (args_plain_word's words where it would store them: the
		 * short ones, with room in the chunk) */
		if (args_plain_fits(p, len))
			*v++ = args_plain_word(p, src, i, len, sh_pos_one_line(i));
		else if (!(*v++ = lit_word(p, src + i, len, i)))
			return oom(p);
	}
	return 0;
}

int
sh_lex_redir(struct sh_parser *p, struct sh_redir **ret)
{
	const char *src = p->src;
	size_t i = p->pos, e;
	int c = (unsigned char)src[i], fd = -1, op;
	if (c >= '0' && c <= '9') {
		fd = c - '0';
		op = sh_redir_op_at(p, i + 1, &e);
	} else {
		op = sh_redir_op_at(p, i, &e);
	}
	if (op < 0)
		return 0;
	/* (each member written once, rather than cleared and then set) */
	struct sh_redir *rd = sh_alloc_rounded(p, sizeof(*rd));
	if (!rd)
		return oom(p);
	rd->op = (enum sh_redir_op)op;
	rd->pos = sh_pos_at(p, i);
	rd->fd = fd;
	rd->fd_var = NULL;
	rd->target = NULL;
	rd->body = NULL;
	rd->delim = NULL;
	rd->quoted_delim = false;
	rd->next = NULL;
	*ret = rd;
	p->pos = e;
	if (op == SH_REDIR_DUP_IN || op == SH_REDIR_DUP_OUT) {
		/* the fd number of 2>&1, as parse_redir_target reads it (a
		 * '-' and the rest left to it) */
		size_t k = e;
		while (sh_ch(p, k) == ' ' || sh_ch(p, k) == '\t')
			k++;
		size_t fe;
		if (!p->no_lc || !(fe = sh_dup_fd_end(p, k)))
			return 2;
		if (!(rd->target = lit_word(p, src + k, fe - k, k)))
			return oom(p);
		p->pos = fe;
		return 1;
	}
	/* the target as sh_lex_arg lexes it (sh_lex_arg_at's way without
	 * its call; 3 when no word follows: the grammar's token); one that
	 * starts with a quote, a '$' or a backslash (<<< "${a[@]}", > "$f",
	 * >> ${x:-o}) as the argument loop lexes it (sh_lex_arg_word: its
	 * builders, where the token's way costs twice as much) */
	size_t k = sh_arg_begin(p);
	if (k == SIZE_MAX)
		return 3;
	int r = arg_no_plain[(unsigned char)src[k]]
			? sh_lex_arg_word(p, k, &rd->target)
			: arg_at_in(p, k, &rd->target);
	if (r)
		return r;
	/* a word that is not plain, left in p->tok: taken as the grammar
	 * takes a target's token (parse_redir_target_tok: a T_WORD that is
	 * no assignment, consumed), without its call; any other token is
	 * the grammar's (3) */
	struct sh_tok *t = &p->tok;
	if (t->kind != T_WORD || t->assign || !t->word)
		return 3;
	rd->target = t->word;
	p->have_tok = 0;
	return 1;
}

/* The end of the $name, $1 or $? at i (its '$'), 0 for any other '$' */
static inline size_t
cond_param_end(const char *src, size_t i)
{
	unsigned char c = (unsigned char)src[++i];
	if (is_digit(c) || is_special_param(c))
		return i + 1;
	if (!(sh_name_class[c] & 1))
		return 0;
	while (sh_name_class[(unsigned char)src[++i]] & 2)
		;
	return i;
}

/*
 * An operand of [[ ]] at i (its first byte) for sh_lex_cond, that a blank
 * ends: a short plain word with no '~' or '[', a '...', a $name (or $1,
 * $?) or a "..." of text and such parameters: 1 with the word that
 * sh_lex_token's token would hold (lexed so at cmdpos: the grammar lexes
 * the first operand there; a token it would lex again at no command
 * position is not taken), read with extglob on when pattern (the right
 * side of ==), p->pos after it; 0 for any other word (none of these can
 * hold a nested program, which a caller that goes back would parse
 * twice); < 0 on error.
 */
static int __attribute__((noinline))
cond_word_quoted(struct sh_parser *p, size_t i, bool cmdpos, bool pattern,
		 struct sh_word **ret)
{
	const char *src = p->src;
	char c = src[i];
	size_t k;
	if (c == '"') {
		for (k = i + 1;; k++) {
			if ((k = dq_stop_at(src, k, p->end)) >= p->end)
				return 0;
			if (src[k] == '"')
				break;
			if (src[k] != '$' || !(k = cond_param_end(src, k)))
				return 0;
			k--;
		}
		if (src[k + 1] != ' ' && src[k + 1] != '\t')
			return 0;
	} else if (c == '$' && src[i + 1] == '(') {
		return 0; /* (a $( ) or $(( )) */
	}
	/* word_simple_in's word ('...', $name, "text", "$name", the word
	 * of lex_word_simple's first step, which holds no nested program
	 * but where those above are left out: no $( ) here, nor, in a
	 * "...", anything but text and such parameters) built at once,
	 * its token's other members unwritten (tok_dead: p->tok is not in
	 * hand), without the scans that went before it for the ' and $
	 * words, which it makes itself; a blank after it */
	size_t dq_stop;
	int r = word_simple_in(p, &p->tok, i, LC_WORD, c, &dq_stop, true, false);
	if (r < 0)
		return r;
	if (r == 1) {
		if (src[p->pos] != ' ' && src[p->pos] != '\t')
			return 0;
		*ret = p->tok.word;
		return 1;
	}
	if (c != '"')
		return 0;
	/* a "..." of text and parameters: word_token_rest's token of it
	 * (p->tok is not in hand: see sh_lex_cond): lex_word_simple's,
	 * which lex_word_rest tries first, asked here (a copy of it:
	 * lex_word_rest's call and frame cost an operand about 60), and
	 * lex_word_rest told its answer when it builds none */
	struct sh_tok *t = &p->tok;
	tok_begin(p, t, cmdpos, i);
	bool oext = p->extglob;
	p->extglob |= pattern;
	r = lex_word_simple(p, t, i);
	if (r == 0 || r == 2)
		r = lex_word_rest(p, cmdpos, t, i, i, r);
	p->extglob = oext;
	if (r < 0)
		return r;
	if (t->kind != T_WORD || t->assign || t->cmdpos_sensitive)
		return 0;
	*ret = t->word;
	return 1;
}

/* (the plain word inline, in sh_lex_cond's frame: most operands are one;
 * the others out of line, cond_word_quoted) */
static inline __attribute__((always_inline)) int
cond_word(struct sh_parser *p, size_t i, bool cmdpos, bool pattern,
	  struct sh_word **ret)
{
	const char *src = p->src;
	char c = src[i];
	size_t k;
	if (c == '\'' || c == '"' || c == '$')
		return cond_word_quoted(p, i, cmdpos, pattern, ret);
	/* a plain word with no '~' or '[' (no tilde prefix, no NAME[ that
	 * the first operand's token, lexed at command position, would read
	 * otherwise) up to a blank: the plain word the token's is; not ]] */
	const unsigned stop = CC_WORDSTOP | CC_TILDE | CC_LBRACKET | CC_NUL;
	if ((cc_table[(unsigned char)c] & stop) || c == '#')
		return 0; /* (a '#' there starts a comment) */
	k = i + 1;
	while (!(cc_table[(unsigned char)src[k]] & stop))
		k++;
	if (k >= p->end || (src[k] != ' ' && src[k] != '\t') || k - i >= SH_SRC_PAD ||
	    (size_t)(p->bump_end - p->bump) < lit_word_size(k - i) ||
	    (k - i == 2 && c == ']' && src[i + 1] == ']'))
		return 0;
	*ret = args_plain_word(p, src, i, k - i, sh_pos_one_line(i));
	p->pos = k;
	return 1;
}

/* The blanks from i (sh_lex_cond's source has no continuation line) */
static inline size_t
cond_blanks(const char *src, size_t i)
{
	while (src[i] == ' ' || src[i] == '\t')
		i++;
	return i;
}

/* Is a ]] that ends its word at j (the [['s end, as the grammar reads
 * it)? */
static inline bool
cond_end_at(const struct sh_parser *p, size_t j)
{
	return p->src[j] == ']' && p->src[j + 1] == ']' &&
	       (j + 2 >= p->end || sh_ends_plain_word[(unsigned char)p->src[j + 2]]);
}

/* May the rest of the source from i hold a nested program, or a newline
 * (a `...`, a $( or the '(' of <( or >( )? */
static bool
cond_nest_after(const char *src, size_t i, size_t end)
{
	for (;; i++) {
		if ((i = first_of(src, i, end, '`', '(', '\n', '`')) >= end)
			return false;
		char b = src[i - 1];
		if (src[i] != '(' || b == '$' || b == '<' || b == '>')
			return true;
	}
}

/* cond_regex_word's classes of the bytes of a regex (0: text) */
enum { RX_OPEN = 1, RX_CLOSE, RX_BLANK, RX_DOLLAR, RX_ESC, RX_NO };
static const unsigned char rx_class[256] = {
	['('] = RX_OPEN, [')'] = RX_CLOSE, [' '] = RX_BLANK, ['\t'] = RX_BLANK,
	['$'] = RX_DOLLAR, ['\\'] = RX_ESC, ['\''] = RX_NO, ['"'] = RX_NO,
	['`'] = RX_NO, ['\0'] = RX_NO, ['\n'] = RX_NO, [';'] = RX_NO,
	['&'] = RX_NO, ['<'] = RX_NO, ['>'] = RX_NO,
};

/*
 * sh_lex_cond's =~ operand at s (after its blanks) when it is text,
 * escapes and parentheses that nest, with no blank or other metacharacter
 * inside them, up to a blank (a '$' right before it is text too:
 * ^a(b)c$): the word sh_lex_regex_word's lex_parts makes of it
 * (escaped_text_word's parts), p->pos after it: 1. 0 for any other
 * operand (nothing done: a quote, an expansion, a backquote, an escaped
 * newline, a blank or ; & < > inside parentheses, a ')' that closes
 * none, ]], the errors), < 0 on error.
 */
static int __attribute__((noinline))
cond_regex_word(struct sh_parser *p, size_t s, struct sh_word **ret)
{
	const char *src = p->src;
	size_t k = s, np = 0, room = 0;
	unsigned depth = 0;
	for (;;) {
		size_t r0 = k;
		unsigned c = rx_class[(unsigned char)src[k]];
		if (c == RX_ESC) {
			do {
				char x = src[k + 1];
				if (k + 1 >= p->end || x == '\n' || x == '\0')
					return 0;
				k += 2;
			} while (src[k] == '\\');
			room += src_text_room((k - r0) / 2);
			np++;
			continue;
		}
		if (c == RX_BLANK)
			break;
		for (;; k++) {
			c = rx_class[(unsigned char)src[k]];
			if (c == 0)
				continue;
			if (c == RX_OPEN) {
				depth++;
			} else if (c == RX_CLOSE) {
				if (!depth)
					return 0;
				depth--;
			} else if (c == RX_DOLLAR) {
				if (src[k + 1] != ' ' && src[k + 1] != '\t')
					return 0;
			} else if (c == RX_ESC || c == RX_BLANK) {
				break;
			} else {
				return 0;
			}
		}
		room += src_text_room(k - r0);
		np++;
	}
	if (depth || k >= p->end || (k - s == 2 && src[s] == ']' && src[s + 1] == ']'))
		return 0;
	return escaped_text_word(p, s, k, np, room, false, ret);
}

/* (see sh_internal.h) Each operand a word that cond_word takes, which
 * holds no nested program; =~'s, sh_lex_regex_word's, when no nested
 * program is in the rest of the source. */
int
sh_lex_cond(struct sh_parser *p, struct sh_cond **ret)
{
	if (!p->offset_pos || !p->no_lc || p->depth >= SH_MAX_DEPTH)
		return 0;
	const char *src = p->src;
	size_t i = p->pos, j;
	/* (what a word built and then left to the general way may have
	 * changed: given back) */
	size_t fuel = p->fuel, lit_len = p->lit_len;
	size_t s = cond_blanks(src, i);
	struct sh_word *a, *b = NULL;
	const char *op = NULL;
	enum sh_cond_kind kind = SH_COND_WORD;
	int r;
	if ((r = cond_word(p, s, true, false, &a)) == 0)
		goto none;
	if (r < 0)
		return r;
	if (sh_word_is_lit(a, "!"))
		goto none; /* (! e) */
	j = cond_blanks(src, p->pos);
	if (!cond_end_at(p, j)) {
		bool pattern = false;
		if (sh_cond_unary(a)) {
			kind = SH_COND_UNARY;
			op = a->parts[0].text;
		} else {
			/* cond_binary's operators, each a token that a
			 * blank ends */
			static const char *const ops3[] = {
				"-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt",
				"-ot", "-ef"
			};
			const char *o = src + j;
			size_t n = 1 + (o[1] != ' ' && o[1] != '\t');
			n += n == 2 && o[2] != ' ' && o[2] != '\t';
			if (o[n] != ' ' && o[n] != '\t')
				goto none;
			if (n == 1) {
				pattern = o[0] == '=';
				op = pattern	    ? "="
				     : o[0] == '<' ? "<"
				     : o[0] == '>' ? ">"
						   : NULL;
			} else if (n == 2 && o[1] == '=' &&
				   (o[0] == '=' || o[0] == '!')) {
				pattern = true;
				op = o[0] == '=' ? "==" : "!=";
			} else if (n == 2 && o[0] == '=' && o[1] == '~') {
				if (cond_nest_after(src, j + 2, p->end))
					goto none;
				op = "=~";
			} else if (n == 3 && o[0] == '-') {
				for (size_t k = 0; k < ARRAY_SIZE(ops3); k++)
					if (o[1] == ops3[k][1] && o[2] == ops3[k][2])
						op = ops3[k];
			}
			if (!op)
				goto none;
			kind = SH_COND_BINARY;
			j += n;
		}
		if (op && op[1] == '~') {
			/* (what cond_primary reads after the =~'s token, but
			 * for the common shapes) */
			p->pos = j;
			if ((r = cond_regex_word(p, cond_blanks(src, j), &b)) == 0)
				r = sh_lex_regex_word(p, &b);
			if (r < 0)
				return r;
		} else if ((r = cond_word(p, cond_blanks(src, j), false, pattern,
					  &b)) == 0) {
			goto none;
		} else if (r < 0) {
			return r;
		}
		if (!cond_end_at(p, j = cond_blanks(src, p->pos)))
			goto none;
	} else if (sh_cond_unary(a)) {
		goto none; /* (-f and no operand: cond_primary's error) */
	}
	struct sh_cond *c = sh_alloc(p, sizeof(*c));
	if (!c)
		return oom(p);
	c->kind = kind;
	c->pos = sh_pos_at(p, s);
	c->op = op;
	c->a = kind == SH_COND_UNARY ? b : a;
	c->b = kind == SH_COND_UNARY ? NULL : b;
	p->pos = j + 2;
	*ret = c;
	return 1;
none:
	p->pos = i;
	p->fuel = fuel;
	p->lit_len = lit_len;
	return 0;
}

/*
 * The plain word [i, e) that args_plain_loop scanned to its end and
 * found too long for its quick build (a path, a URL): lex_plain_word's
 * word, built as lex_args_general would have lex_plain_word scan and
 * build it, but without the scan again, stored (the loop had room for
 * it); then lex_args_general from the next word. (Apart: the loop's own
 * code makes no call.)
 */
static int __attribute__((noinline))
lex_args_long(struct sh_parser *p, size_t i, struct sh_words *av, size_t e)
{
	p->cmdpos_sens = false;
	p->pos = e;
	struct sh_word *w = lit_word(p, p->src + i, e - i, i);
	if (!w)
		return oom(p);
	av->v[av->n++] = w;
	i = sh_arg_begin(p);
	return i == SIZE_MAX ? 0 : lex_args_general(p, i, av);
}

/*
 * The argument at i that args_plain_loop's scan found no plain word, at
 * k (> i: its first byte is plain text; the byte at k is none of
 * CC_ENDS, nor a '~'), where lex_plain_word's scan stops too (the same
 * stops): lex_args_general's way for it from there (arg_word_direct, or
 * lex_arg_token), without the scan again, stored (the loop had room for
 * it); then lex_args_general from the next word.
 */
static int __attribute__((noinline))
lex_args_at(struct sh_parser *p, size_t i, struct sh_words *av, size_t k)
{
	if (k <= i)
		__builtin_unreachable();
	int r = arg_word_take(p, i, k, -1);
	if (r <= 0)
		return r;
	av->v[av->n++] = p->tok.word;
	i = sh_arg_begin(p);
	return i == SIZE_MAX ? 0 : lex_args_general(p, i, av);
}

/*
 * Most arguments are short plain words (-la, src, /dev/null) of a
 * one-line source: those are stored here, each as lex_plain_word builds
 * it, by a loop that asks nothing more of them and makes no call (its
 * frame is smaller than lex_args_general's, and the per-word questions of
 * that loop are not asked): a plain word that starts with none of
 * plain_scan_lean's cases (a quote, a '$', a '{', a '~'), with no '~' in
 * it, ending where a plain word ends; short (copy_src_text's one move),
 * with room for it, in a source whose positions are offsets (or, fixed,
 * a backquoted body, whose positions are all the backquote's) and that
 * has no continuation line. lex_args_general goes on from any other word
 * (a tail call). (The word at i is one args_plain_start says may be.)
 * (Always inline: lex_args_plain's and lex_args_plain_fixed's body.)
 */
static inline __attribute__((always_inline)) int
args_plain_loop(struct sh_parser *p, size_t i, struct sh_words *av, bool fixed)
{
	/* (the source and its end in registers: the words' stores could
	 * alias p's members, which the compiler would load again after each
	 * word; p->pos is written where the loop leaves) */
	const char *src = p->src;
	const size_t end = p->end;
	struct sh_word **v = av->v;
	size_t n = av->n;
	unsigned cc = cc_table[(unsigned char)src[i]];
	size_t e = 0; /* (the end of a plain word too long for the loop) */
	size_t k0 = 0; /* (where the scan of a word that is not plain stopped) */
	while (n < av->cap) {
		size_t k = args_plain_end_at(p, src, end, i, cc, &k0);
		if (k == SIZE_MAX)
			break;
		size_t len = k - i;
		if (!args_plain_fits(p, len)) {
			e = k;
			break;
		}
		v[n++] = args_plain_word(p, src, i, len,
					 fixed ? p->fixed_pos : sh_pos_one_line(i));
		/* (sh_arg_begin's first case, one blank before a byte that
		 * starts a word, with the source in hand; the others its) */
		if (k + 1 < end && src[k] == ' ' &&
		    !((cc = cc_table[(unsigned char)src[k + 1]]) & CC_NOARG)) {
			i = k + 1;
		} else {
			p->pos = k;
			if ((i = sh_arg_begin_blanks(p, k)) == SIZE_MAX) {
				av->n = n;
				return 0;
			}
			cc = cc_table[(unsigned char)src[i]];
		}
		/* (args_plain_start's questions about p, answered yes for
		 * the first word, have the same answers for the next) */
		if (cc & (CC_WORDSTOP | CC_TILDE))
			break;
	}
	p->pos = i;
	av->n = n;
	if (e)
		return lex_args_long(p, i, av, e);
	/* (a '~' there is lex_plain_word's, which looks past it) */
	if (k0 && !(cc_table[(unsigned char)src[k0]] & CC_TILDE))
		return lex_args_at(p, i, av, k0);
	return lex_args_general(p, i, av);
}

static int __attribute__((noinline))
lex_args_plain(struct sh_parser *p, size_t i, struct sh_words *av)
{
	return args_plain_loop(p, i, av, false);
}

/* (apart, so that lex_args_plain's code is as it was) */
static int __attribute__((noinline))
lex_args_plain_fixed(struct sh_parser *p, size_t i, struct sh_words *av)
{
	return args_plain_loop(p, i, av, true);
}

int
sh_lex_args(struct sh_parser *p, size_t i, struct sh_words *av)
{
	/* (apart, so that the words lex_args_plain leaves cost no frame
	 * more) */
	unsigned cc = cc_table[(unsigned char)p->src[i]];
	if (args_plain_start(p, cc, false))
		return lex_args_plain(p, i, av);
	if (args_plain_start(p, cc, true))
		return lex_args_plain_fixed(p, i, av);
	return lex_args_general(p, i, av);
}

/* sh_lex_token for a token at i that starts with c, a character of
 * tok_special or the end (apart, so that the common case, a word, runs
 * in a small stack frame). */
static int __attribute__((noinline))
lex_special_tok(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i, int c)
{
	int r;
	/* (here-documents are rare: the call only when one is waiting) */
	if (c < 0) {
		t->kind = T_EOF;
		t->end = i;
		return p->n_hd ? sh_read_heredocs(p) : 0;
	}
	if (c == '\0')
		return sh_fail(p, SH_ERR_SYNTAX, i, "NUL byte in input");
	if (c == '\n') {
		t->kind = T_NEWLINE;
		p->pos = i + 1;
		t->end = p->pos;
		return p->n_hd ? sh_read_heredocs(p) : 0;
	}
	if ((c == '<' || c == '>') && peek_after(p, i, NULL) == '(')
		goto word;
	if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')' ||
	    c == '<' || c == '>') {
		r = read_op(p, i, c, t, true);
		t->end = p->pos;
		return r;
	}
	/* n> and {var}> */
	if (is_digit(c)) {
		size_t k = i;
		int v = 0;
		bool big = false;
		int e = c;
		while (is_digit(e)) {
			if (v > 99999999)
				big = true;
			else
				v = v * 10 + (e - '0');
			k = sh_skip_lc(p, k + 1);
			e = sh_ch(p, k);
		}
		if (e == '<' || e == '>') {
			if (big)
				return sh_fail(p, SH_ERR_UNSUPPORTED, i,
					       "unsupported construct: file descriptor number out of range");
			t->kind = T_IONUM;
			t->ionum = v;
			p->pos = k;
			t->end = k;
			return 0;
		}
	}
word:
	return lex_word_token(p, cmdpos, t, i);
}

/* ---- [[ =~ ]] ------------------------------------------------------------ */

int
sh_lex_regex_word(struct sh_parser *p, struct sh_word **ret)
{
	size_t i;
	int c;
	for (;;) {
		c = peek(p, &i);
		if (!is_blank(c))
			break;
		p->pos = i + 1;
	}
	/* (bash's words for the end of the line: see cond_fail) */
	if (c < 0 || c == '\n')
		return sh_fail(p, SH_ERR_SYNTAX, i,
			       "unexpected argument `newline' to conditional binary operator");
	if (is_meta(c) && c != '(' && c != '|')
		return sh_fail(p, SH_ERR_SYNTAX, i,
			       "unexpected argument to conditional binary operator");
	struct pvec pv;
	pvec_init(&pv);
	int r = lex_parts(p, LC_REGEX, 0, &pv);
	if (r < 0)
		return r;
	struct sh_word *w = make_word(p, &pv, i, p->pos);
	if (!w)
		return oom(p);
	if (sh_word_is_lit(w, "]]"))
		return sh_fail(p, SH_ERR_SYNTAX, i,
			       "unexpected argument `]]' to conditional binary operator");
	*ret = w;
	return 0;
}

/* ---- (( )) and for (( ; ; )) ------------------------------------------- */

/*
 * lex_subword in LC_ARITH (LC_ARITH_FOR with for_header) for text that is
 * plain: no quote, backslash, $ or ` up to where that context stops, and
 * no line continuation in the source (most (( )) and for (( )) headers).
 * The same word, one literal part or none, without lex_parts' walk of
 * arithmetic text one character at a time. Returns 1 when built, 0 when
 * the text is not plain or does not stop (nothing consumed).
 */
static int
arith_plain_subword(struct sh_parser *p, bool for_header, struct sh_word **ret)
{
	if (!p->no_lc)
		return 0;
	const char *src = p->src;
	size_t s = p->pos, k = s;
	unsigned depth = 0;
	/* (a run at a time, to the next paren, quote, '$', '`', NUL or, in
	 * a for header, ';': with no test of the end per byte, for the NUL
	 * after the source stops it, and a stop past the end is the end) */
	unsigned stop = RS_QUOTE | RS_PAREN | (for_header ? RS_SEMI : 0);
	for (;; k++) {
		while (!(run_class[(unsigned char)src[k]] & stop))
			k++;
		if (k >= p->end)
			return 0; /* (lex_parts reports the missing ')') */
		char c = src[k];
		if (c == '(') {
			depth++;
		} else if (c == ')') {
			if (!depth)
				break;
			depth--;
		} else if (c != ';') {
			return 0; /* (a quote, '$', '`' or NUL) */
		} else if (!depth) {
			break; /* (the ';' that ends a for header's clause) */
		}
	}
	struct sh_word *w = plain_text_word(p, s, k - s);
	if (!w)
		return oom(p);
	p->pos = k;
	*ret = w;
	return 1;
}

/*
 * p->pos is after "((". Lex the arithmetic up to "))"; with for_header, three
 * expressions separated by ';'. *ret_ok is false (and nothing consumed) when
 * the text does not close as arithmetic, so that the caller can read it as
 * nested subshells the way bash does.
 */
int
sh_lex_arith_cmd(struct sh_parser *p, size_t start, bool for_header,
		 struct sh_word **ret, struct sh_word **ret2,
		 struct sh_word **ret3, bool *ret_ok)
{
	size_t save = p->pos, lit0 = p->lit_len, i, j;
	int r;
	*ret_ok = false;
	struct sh_word **outs[3] = { ret, ret2, ret3 };
	size_t n = for_header ? 3 : 1;
	for (size_t k = 0; k < n; k++) {
		r = arith_plain_subword(p, for_header, outs[k]);
		if (r == 0)
			r = lex_subword(p, for_header ? LC_ARITH_FOR : LC_ARITH, 0, outs[k]);
		if (r == -EINVAL && p->err->kind == SH_ERR_SYNTAX && !for_header) {
			p->err->kind = SH_ERR_NONE;
			goto fallback;
		}
		if (r < 0)
			return r;
		int c = peek(p, &i);
		if (k + 1 < n) {
			if (c != ';')
				return sh_fail(p, SH_ERR_SYNTAX, start,
					       "syntax error: arithmetic expression required");
			p->pos = i + 1;
		} else if (c != ')' || peek_after(p, i, &j) != ')') {
			/* (bash reads (( to its )) first: the end of the
			 * input is its error, not the nested subshells') */
			if (c < 0)
				return sh_fail(p, SH_ERR_SYNTAX, start,
					       "unexpected end of file while looking for "
					       "matching `)'");
			if (for_header)
				return sh_fail(p, SH_ERR_SYNTAX, start,
					       "syntax error: `((' without matching `))'");
			goto fallback;
		} else {
			p->pos = j + 1;
		}
	}
	*ret_ok = true;
	return 0;
fallback:
	p->lit_len = lit0;
	if ((r = sh_charge(p, start, p->pos > save ? p->pos - save : 0)) < 0)
		return r;
	p->pos = save;
	return 0;
}

/* ---- here-documents ---------------------------------------------------- */

/*
 * sh_print prints an unquoted body's expansions in its own layout (the
 * commands of a `...` or $( ) one per line, without their indentation). A
 * body whose print has a line that is the delimiter would end early when
 * read back (<<? then `x<newline> ?<newline>y`: the " ?" line prints as
 * "?"): bash reads such a body whole and expands it only when it runs, so
 * refuse it rather than print another program.
 */
static int
heredoc_print_check(struct sh_parser *p, const struct sh_redir *rd, size_t off)
{
	const struct sh_word *w = rd->body;
	bool any = false;
	for (size_t k = 0; k < w->n_parts; k++)
		if (w->parts[k].kind != SH_PART_LIT && w->parts[k].kind != SH_PART_ESCAPED)
			any = true;
	if (!any)
		return 0; /* literal lines print as they were read */
	struct buf b = BUF_INIT(64u * SH_MAX_INPUT);
	int r = sh_print_heredoc_body(w, &b);
	if (r < 0) {
		buf_done(&b);
		return sh_fail(p, SH_ERR_LIMIT, off, "out of memory");
	}
	size_t dl = strlen(rd->delim);
	bool bad = false;
	for (size_t i = 0; i < b.len && !bad;) {
		const char *nl = memchr(b.data + i, '\n', b.len - i);
		size_t e = nl ? (size_t)(nl - b.data) : b.len, s = i;
		if (rd->op == SH_REDIR_HEREDOC_TAB)
			while (s < e && b.data[s] == '\t')
				s++;
		bad = e - s == dl && memcmp(b.data + s, rd->delim, dl) == 0;
		i = e + 1;
	}
	buf_done(&b);
	if (bad)
		return sh_fail(p, SH_ERR_UNSUPPORTED, off,
			       "unsupported construct: here-document body whose "
			       "substitutions, printed, would end it early");
	return 0;
}

static int
read_one_heredoc(struct sh_parser *p, struct sh_redir *rd)
{
	bool strip = rd->op == SH_REDIR_HEREDOC_TAB;
	const char *delim = rd->delim;
	size_t dl = strlen(delim);
	size_t body_start = p->pos, i = p->pos;
	struct buf b = BUF_INIT(SH_MAX_INPUT);
	bool found = false;
	int r = 0;
	char *text = NULL;
	size_t tlen = 0;

	/* The common body, with no line that ends in a backslash (where an
	 * unquoted delimiter's body joins lines): its lines are compared in
	 * place and the body copied once at its size, rather than each line
	 * assembled in a buffer of its own (a malloc and free per line). */
	size_t body_end = body_start;
	bool plain = true;
	while (i < p->end) {
		const char *nl = memchr(p->src + i, '\n', p->end - i);
		size_t le = nl ? (size_t)(nl - p->src) : p->end, off = 0;
		if (!rd->quoted_delim && le > i && p->src[le - 1] == '\\') {
			plain = false;
			break;
		}
		if (strip)
			while (i + off < le && p->src[i + off] == '\t')
				off++;
		if (le - i - off == dl && memcmp(p->src + i + off, delim, dl) == 0) {
			found = true;
			break;
		}
		tlen += le - i - off + 1; /* (a last line without its newline gets one) */
		i = le < p->end ? le + 1 : le;
		body_end = i;
	}
	if (plain) {
		if (tlen > SH_MAX_INPUT)
			return sh_fail(p, SH_ERR_LIMIT, body_start, "here-document too large");
		text = sh_alloc_src(p, tlen + 1);
		if (!text)
			return oom(p);
		if (!strip) {
			/* the lines as they are, one piece of the source */
			memcpy(text, p->src + body_start, body_end - body_start);
			if (tlen > body_end - body_start)
				text[tlen - 1] = '\n';
		} else {
			char *o = text;
			for (size_t k = body_start; k < body_end;) {
				const char *nl = memchr(p->src + k, '\n', body_end - k);
				size_t le = nl ? (size_t)(nl - p->src) : body_end;
				while (k < le && p->src[k] == '\t')
					k++;
				memcpy(o, p->src + k, le - k);
				o += le - k;
				*o++ = '\n';
				k = le + 1;
			}
		}
		text[tlen] = '\0';
		if (found) {
			const char *nl = memchr(p->src + i, '\n', p->end - i);
			i = nl ? (size_t)(nl - p->src) + 1 : p->end;
		}
		goto have_text;
	}

	/* For an unquoted delimiter, a backslash-newline joins lines before
	 * the delimiter is looked for; for a quoted one it does not. */
	i = body_start;
	found = false;
	tlen = 0;
	while (i < p->end) {
		size_t ls = i, le;
		struct buf line = BUF_INIT(SH_MAX_INPUT);
		for (;;) {
			le = i;
			while (le < p->end && p->src[le] != '\n')
				le++;
			size_t seg = ls == i ? ls : i;
			if (strip && !rd->quoted_delim && seg != ls) {
				/* continuation lines are not tab-stripped by bash
				 * either: nothing to do */
			}
			if ((r = buf_append(&line, p->src + seg, le - seg)) < 0)
				break;
			if (!rd->quoted_delim && le >= p->end && le > seg &&
			    p->src[le - 1] == '\\') {
				/* the body ends the input with a backslash: bash
				 * would join it with what follows, and nothing
				 * does */
				size_t bs = 0, q = le;
				while (q > seg && p->src[q - 1] == '\\') {
					q--;
					bs++;
				}
				if (bs % 2 == 1) {
					buf_done(&line);
					buf_done(&b);
					return sh_fail(p, SH_ERR_UNSUPPORTED, rd->pos.offset,
						       "unsupported construct: here-document "
						       "ending in a backslash at the end of input");
				}
			}
			if (!rd->quoted_delim && le < p->end && le > seg) {
				/* odd run of backslashes before the newline? */
				size_t bs = 0, q = le;
				while (q > seg && p->src[q - 1] == '\\') {
					q--;
					bs++;
				}
				if (bs % 2 == 1) {
					buf_truncate(&line, line.len - 1);
					i = le + 1;
					continue;
				}
			}
			break;
		}
		if (r < 0) {
			buf_done(&line);
			break;
		}
		const char *lt = line.data ? line.data : "";
		size_t ln = line.len, off = 0;
		if (strip)
			while (off < ln && lt[off] == '\t')
				off++;
		bool is_delim = ln - off == dl && memcmp(lt + off, delim, dl) == 0;
		if (is_delim) {
			buf_done(&line);
			found = true;
			i = le < p->end ? le + 1 : le;
			break;
		}
		/* a last line without its newline gets one, as bash reads it */
		if ((r = buf_append(&b, lt + off, ln - off)) < 0 ||
		    (r = buf_putc(&b, '\n')) < 0) {
			buf_done(&line);
			break;
		}
		buf_done(&line);
		i = le < p->end ? le + 1 : le;
	}
	if (r < 0) {
		buf_done(&b);
		return sh_fail(p, SH_ERR_LIMIT, body_start, "here-document too large");
	}
	/* (a source the lexer reads: padded, see SH_SRC_PAD) */
	tlen = b.len;
	if ((text = sh_alloc_src(p, tlen + 1)) != NULL) {
		if (tlen)
			memcpy(text, b.data, tlen);
		text[tlen] = '\0';
	}
	buf_done(&b);
	if (!text)
		return oom(p);
have_text:
	/* bash only warns when the delimiter is missing at the end of the
	 * input; inside $( ) it then reads on in ways we do not model */
	if (!found && p->in_sub) {
		return sh_fail(p, SH_ERR_UNSUPPORTED, rd->pos.offset,
			       "unsupported construct: here-document without its "
			       "delimiter inside a command substitution");
	}
	/* A body's substitutions are printed in the canonical layout, which
	 * can put a line equal to the outer delimiter into the body (<<f then
	 * `<<f<newline>f` re-printed ends the outer body early): bash reads
	 * such text only when it expands the body */
	if (p->in_hd_body) {
		return sh_fail(p, SH_ERR_UNSUPPORTED, rd->pos.offset,
			       "unsupported construct: here-document inside a "
			       "substitution in a here-document body");
	}
	size_t after = i;

	struct pvec pv;
	pvec_init(&pv);
	if (rd->quoted_delim) {
		if (tlen) {
			struct sh_part *part = pvec_push(p, &pv, SH_PART_LIT, body_start);
			if (!part)
				return oom(p);
			part->text = text;
			part->text_len = tlen;
		}
	} else {
		/* lex the body text as an unquoted here-document */
		const char *osrc = p->src;
		size_t oend = p->end;
		bool ofixed = p->fixed, ooffset_pos = p->offset_pos;
		struct sh_pos ofp = p->fixed_pos;
		if (!p->fixed) {
			p->fixed_pos = sh_pos_at(p, body_start);
			p->fixed = true;
			p->offset_pos = false;
		}
		bool ono_lc = p->no_lc;
		p->src = text;
		p->end = tlen;
		p->pos = 0;
		/* (a body is source text, its leading tabs removed for
		 * <<-: no backslash-newline where the source had none) */
		p->no_lc = ono_lc || !memmem(text, tlen, "\\\n", 2);
		struct saved_state s;
		save_state(p, &s);
		p->in_hd_body++;
		r = lex_parts(p, LC_HEREDOC, 0, &pv);
		p->in_hd_body--;
		if (r == -EINVAL && p->err->kind == SH_ERR_SYNTAX) {
			/* bash expands the body only when it runs */
			p->err->kind = SH_ERR_NONE;
			r = sh_fail(p, SH_ERR_UNSUPPORTED, body_start,
				    "unsupported construct: here-document body that "
				    "bash cannot expand (it fails at run time)");
		}
		int r2 = restore_state(p, &s, body_start);
		p->src = osrc;
		p->end = oend;
		p->no_lc = ono_lc;
		p->fixed = ofixed;
		p->offset_pos = ooffset_pos;
		p->fixed_pos = ofp;
		if (r < 0)
			return r;
		if (r2 < 0)
			return r2;
	}
	struct sh_word *w = sh_alloc(p, sizeof(*w));
	if (!w)
		return oom(p);
	w->pos = sh_pos_at(p, body_start);
	w->parts = pvec_done(p, &pv);
	if (pv.n && !w->parts)
		return oom(p);
	w->n_parts = pv.n;
	w->src = text;
	w->src_len = tlen;
	rd->body = w;
	if (!rd->quoted_delim && (r = heredoc_print_check(p, rd, body_start)) < 0)
		return r;
	p->pos = after;
	return 0;
}

int
sh_read_heredocs(struct sh_parser *p)
{
	/* a body read here may itself queue more (a here-document inside a
	 * command substitution in an unquoted body is read by the nested
	 * parse); take the list as it is now */
	size_t n = p->n_hd;
	struct sh_redir **hd = p->hd;
	p->hd = NULL;
	p->n_hd = p->cap_hd = 0;
	for (size_t k = 0; k < n; k++) {
		int r = read_one_heredoc(p, hd[k]);
		if (r < 0)
			return r;
	}
	return 0;
}
