/* SPDX-License-Identifier: MIT */
/*
 * Private to lib/shell: the parser state shared by the lexer (sh_lex.c) and
 * the grammar (sh_parse.c). Nothing here is visible outside the module.
 */
#ifndef LITE_SANDBOX_SH_INTERNAL_H
#define LITE_SANDBOX_SH_INTERNAL_H

#include "shell.h"

enum sh_tok_kind {
	T_EOF,
	T_NEWLINE,
	T_WORD,   /* also an array assignment word (tok.assign set) */
	T_IONUM,  /* 2> : the digits before a redirection operator */
	T_FDVAR,  /* {var}> */
	T_OP,
};

enum sh_op {
	/* (the operators that end a simple command, ')' among them, before
	 * OP_LPAREN: parse_simple_body's one test after the arguments) */
	OP_SEMI, OP_DSEMI, OP_SEMIAND, OP_DSEMIAND, OP_AMP, OP_AND_IF, OP_PIPE,
	OP_OR_IF, OP_PIPEAMP, OP_RPAREN, OP_LPAREN,
	/* redirections, in the order of enum sh_redir_op where they map */
	OP_LESS, OP_GREAT, OP_DGREAT, OP_CLOBBER, OP_LESSGREAT, OP_ANDGREAT,
	OP_ANDDGREAT, OP_LESSAND, OP_GREATAND, OP_DLESS, OP_DLESSDASH, OP_TLESS,
};

/* Reserved words, recognized once when a token is lexed (see sh_tok.rw),
 * so that the grammar's many "is it `then'?" questions are one compare. */
enum sh_rw {
	RW_NONE, RW_BANG, RW_LBRACE, RW_RBRACE, RW_DLBRACK, RW_DRBRACK, RW_IN,
	RW_IF, RW_THEN, RW_ELSE, RW_ELIF, RW_FI, RW_DO, RW_DONE, RW_CASE,
	RW_ESAC, RW_FOR, RW_SELECT, RW_WHILE, RW_UNTIL, RW_TIME, RW_FUNCTION,
	RW_COPROC,
};

struct sh_tok {
	enum sh_tok_kind kind;
	enum sh_op op;
	size_t start, end;     /* source range (offsets into p->src) */
	/* T_WORD, T_FDVAR: the word as written (T_IONUM, and a T_WORD of a
	 * plain reserved word (rw set by lex_plain_word): NULL, built only
	 * when asked for, by the grammar's tok_word, as most are only a
	 * redirection's fd or a reserved word; read it through tok_word) */
	struct sh_word *word;
	int ionum;             /* T_IONUM */
	const char *fdvar;     /* T_FDVAR */
	struct sh_assign *assign; /* NAME=( ... ) lexed as one token */
	bool cmdpos;           /* lexed in a position where assignments count */
	bool cmdpos_sensitive; /* lexing would differ with the other cmdpos */
	/* T_WORD without assign whose word is a single unquoted literal
	 * spelling a reserved word: which one (RW_NONE otherwise) */
	unsigned char rw;
	/* a plain word that cannot be an assignment (it has no '='): set by
	 * the lexer's plain-word path, so the grammar need not look */
	bool not_assign;
	/* read where bash would have taken a newline (after a command, an
	 * operator, a reserved word...): set by the grammar. bash sees a
	 * newline before the end of every input; at an end where a newline
	 * is no good its error is about the newline (`echo (', `a >'). */
	bool nl_ok;
};

/* (sh_parse sets each member, but for the few read only once set, which
 * it says: a new one needs its initial value there) */
struct sh_parser {
	struct arena *a;
	/* The parser's own bump allocator (sh_alloc): chunks taken from the
	 * arena, zeroed by it, handed out inline. A tree is dozens of small
	 * objects per line, and a call into the arena for each one cost more
	 * than lexing the bytes. */
	char *bump, *bump_end;
	size_t bump_chunk; /* size of the next chunk */
	struct sh_error *err;
	/* the source being lexed: the input itself, or a decoded copy
	 * (backquote bodies, <<- bodies) while `fixed` is set */
	const char *src;
	size_t end;
	/* offsets of line starts in input, then a sentinel UINT32_MAX at
	 * lines[n_lines] (so that sh_pos_at's fast path needs no bound check) */
	uint32_t *lines;
	size_t n_lines;
	/* the length of the line sh_pos_at last found an offset on (to the
	 * sentinel for the last line; its index and start below) */
	size_t line_len;
	size_t fuel; /* bytes we may re-scan after backtracking */
	/* scratch for literal runs (sh_lex.c): starts in sh_parse's frame and
	 * moves to parser memory only if a word outgrows it, so that a word
	 * with an escape in it costs no malloc and free per parse */
	char *lit;
	size_t lit_cap;
	/* From here to have_tok: the members sh_parse clears, side by
	 * side, so that the compiler clears them with a few wide stores
	 * rather than one store each. */
	size_t pos;
	/* the line sh_pos_at last found an offset on, as the line index
	 * (from 0) and where it starts: the lexer's line, mostly */
	size_t last_line, line_start;
	size_t lit_len;
	/* here-documents whose bodies start after the next newline */
	struct sh_redir **hd;
	size_t n_hd, cap_hd;
	/* the last brace scan that found no '}' (see lex_brace) */
	const char *brace_fail_src;
	/* the text bash's brace expansion skips as one ${...} (see lex_dollar) */
	const char *brace_skip_src;
	unsigned depth;
	unsigned in_sub;      /* inside $( ), `...` or <( ) */
	unsigned in_dparen;   /* inside a (( read as nested subshells */
	unsigned in_hd_body;  /* lexing an unquoted here-document body */
	bool fixed;
	bool cmdpos_sens;     /* the word being lexed depends on cmdpos */
	bool time_quirk;      /* a $( ) that starts with `time` (see parse) */
	/* whether tok is a token in hand, and for which peeks: bit
	 * 1 << cmdpos set when a peek at that cmdpos may take it (see
	 * tok_in_hand), 0 when none is in hand. (One test per peek: the
	 * grammar peeks a dozen times or more per command.) SH_TOK_FAILED:
	 * sh_lex_name lexed the token and failed, its error in tok.ionum,
	 * which the next peek (of either cmdpos: neither bit) returns. */
	unsigned char have_tok;
	/* (the end of the members sh_parse clears) */
	bool extglob; /* opts->extglob, or on inside [[ ]] */
	/* n_lines == 1 and not fixed: a position is its offset on line 1
	 * (sh_pos_at's first look, one test rather than two: every node,
	 * word and part asks; set with fixed) */
	bool offset_pos;
	/* src holds no backslash-newline, so sh_skip_lc has nothing to skip
	 * (set where src is set: most inputs have none, and the lexer asks
	 * before nearly every character) */
	bool no_lc;
	struct sh_pos fixed_pos;
	size_t brace_fail_end, brace_fail_from, brace_fail_to;
	size_t brace_skip_end, brace_skip_from, brace_skip_to;
	struct sh_tok tok;
};

/* allocation (sh_parse.c): 8-aligned, lives as long as p->a */
void *sh_alloc_slow(struct sh_parser *p, size_t size);
/* sh_alloc_raw for a size that is a multiple of 8, not 0 and far from
 * overflowing, as the plain words' one allocation knows its size is:
 * without the rounding and the overflow check. */
static inline void *
sh_alloc_rounded(struct sh_parser *p, size_t size)
{
	if (__builtin_expect((size_t)(p->bump_end - p->bump) >= size, 1)) {
		void *r = p->bump;
		/* (never NULL here: a parser with no chunk has both NULL, no
		 * room; said, so that the callers' NULL checks go with it) */
		if (!r)
			__builtin_unreachable();
		p->bump += size;
		return r;
	}
	return sh_alloc_slow(p, size);
}
/* Not zeroed. */
static inline void *
sh_alloc_raw(struct sh_parser *p, size_t size)
{
	if (size == 0)
		size = 1; /* a distinct, valid pointer, as arena_alloc gives */
	size_t rounded = (size + 7) & ~(size_t)7;
	if (__builtin_expect(rounded < size, 0))
		return sh_alloc_slow(p, size);
	return sh_alloc_rounded(p, rounded);
}
/* Zeroed (inline, so that the clearing of a fixed-size object is a few
 * stores rather than a call). */
static inline void *
sh_alloc(struct sh_parser *p, size_t size)
{
	void *r = sh_alloc_raw(p, size);
	if (r)
		__builtin_memset(r, 0, size);
	return r;
}
/* Copy n bytes: most texts the parser copies are a few bytes long, for
 * which two overlapping fixed-size moves cost less than a call to memcpy
 * (neither reads or writes outside [s, s + n) and [d, d + n)). */
static inline void
sh_copy(char *d, const char *s, size_t n)
{
	if (n >= 8 && n <= 16) {
		uint64_t a, b;
		__builtin_memcpy(&a, s, 8);
		__builtin_memcpy(&b, s + n - 8, 8);
		__builtin_memcpy(d, &a, 8);
		__builtin_memcpy(d + n - 8, &b, 8);
	} else if (n >= 4 && n < 8) {
		uint32_t a, b;
		__builtin_memcpy(&a, s, 4);
		__builtin_memcpy(&b, s + n - 4, 4);
		__builtin_memcpy(d, &a, 4);
		__builtin_memcpy(d + n - 4, &b, 4);
	} else if (n >= 2 && n < 4) {
		uint16_t a, b;
		__builtin_memcpy(&a, s, 2);
		__builtin_memcpy(&b, s + n - 2, 2);
		__builtin_memcpy(d, &a, 2);
		__builtin_memcpy(d + n - 2, &b, 2);
	} else if (n == 1) {
		d[0] = s[0];
	} else if (n) {
		__builtin_memcpy(d, s, n);
	}
}
/* Copy a vector of n bytes, a multiple of 8 and not 0, or 16 at least
 * (pointers, mostly; long texts: copy_src_text):
 * 16 bytes at a time, the last 16 overlapping those before, rather than
 * the call to memcpy that sh_copy makes past 16 (a command's words, a
 * pipeline's commands: often 3 to 8). */
static inline void
sh_copy_vec8(void *d, const void *s, size_t n)
{
	char *dc = d;
	const char *sc = s;
	if (n < 16) {
		uint64_t a;
		__builtin_memcpy(&a, sc, 8);
		__builtin_memcpy(dc, &a, 8);
		return;
	}
	for (size_t i = 0; i + 16 < n; i += 16)
		__builtin_memcpy(dc + i, sc + i, 16);
	__builtin_memcpy(dc + n - 16, sc + n - 16, 16);
}
/*
 * Every buffer the lexer reads as p->src (the input's copy, a backquoted
 * body, a here-document body) has SH_SRC_PAD bytes after its last byte
 * that may be read (their values are anything): lit_word copies a short
 * word's text with one 16-byte move, without the branches on its length
 * that sh_copy takes, which a CPU mispredicts word after word.
 */
#define SH_SRC_PAD 16u
/* Copy n <= SH_SRC_PAD bytes: reads s[0..16) and writes d[0..16), by one
 * vector move (GNU C vectors: SSE2 on x86-64), which takes no general
 * register from the plain-word paths around it. */
static inline void
sh_copy_short(char *d, const char *s)
{
	typedef unsigned char sh_bytes16 __attribute__((vector_size(16)));
	sh_bytes16 v;
	__builtin_memcpy(&v, s, 16);
	__builtin_memcpy(d, &v, 16);
}
/* n bytes of parser memory to hold a source of n - 1 bytes and its NUL
 * (see SH_SRC_PAD), NULL on overflow */
static inline char *
sh_alloc_src(struct sh_parser *p, size_t n)
{
	return n + SH_SRC_PAD > n ? sh_alloc_raw(p, n + SH_SRC_PAD) : NULL;
}
static inline char *
sh_strndup(struct sh_parser *p, const char *s, size_t n)
{
	char *d = n + 1 > n ? sh_alloc_raw(p, n + 1) : NULL;
	if (!d)
		return NULL;
	sh_copy(d, s, n);
	d[n] = '\0';
	return d;
}
static inline char *
sh_strdup(struct sh_parser *p, const char *s)
{
	return sh_strndup(p, s, __builtin_strlen(s));
}

/* positions and errors (sh_parse.c) */
struct sh_pos sh_pos_at_slow(struct sh_parser *p, size_t off);
/* The position of byte off of a one-line input (p->offset_pos): its column
 * is its offset (a one-line input's line 1 runs to the end: lines[1] is
 * the sentinel). */
static inline struct sh_pos
sh_pos_one_line(size_t off)
{
	return (struct sh_pos){ .line = 1, .col = (uint32_t)off + 1, .offset = (uint32_t)off };
}
/* The position of byte off of the input. Inline because every node, word
 * and part asks: almost always on the line the last lookup found. Always
 * inline: where gcc left it out of line (about 20 callers of the
 * profile-guided build), it built the struct on the stack with 4-byte
 * stores and returned it with an 8-byte load of them, which the CPU
 * cannot forward from the stores; that stall held 89% of the out-of-line
 * copy's samples under `perf record` (2% of a pass over the benchmark's
 * command lines). */
static inline __attribute__((always_inline)) struct sh_pos
sh_pos_at(struct sh_parser *p, size_t off)
{
	if (__builtin_expect(p->offset_pos, 1))
		return sh_pos_one_line(off);
	size_t d = off - p->line_start; /* (huge when off is before it) */
	if (__builtin_expect(d < p->line_len && !p->fixed, 1))
		return (struct sh_pos){ .line = (uint32_t)p->last_line + 1,
					.col = (uint32_t)d + 1,
					.offset = (uint32_t)off };
	return sh_pos_at_slow(p, off);
}
/* The lexer has read a newline token, which ends the line before off:
 * the positions asked next are mostly on the line at off, where
 * sh_pos_at's first look goes now (not on a lookup of its own). */
static inline void
sh_pos_newline(struct sh_parser *p, size_t off)
{
	size_t l = p->last_line + 1;
	if (p->lines[l] == off && !p->fixed) {
		p->last_line = l;
		p->line_start = off;
		p->line_len = p->lines[l + 1] - off;
	}
}
int sh_fail(struct sh_parser *p, enum sh_error_kind kind, size_t off,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int sh_enter_fail(struct sh_parser *p, size_t off);
/* One level deeper (a command, a word part that nests): fails past
 * SH_MAX_DEPTH. Inline, as every command and most parts ask. */
static inline int
sh_enter(struct sh_parser *p, size_t off)
{
	if (__builtin_expect(++p->depth > SH_MAX_DEPTH, 0))
		return sh_enter_fail(p, off);
	return 0;
}
static inline void
sh_leave(struct sh_parser *p)
{
	if (p->depth)
		p->depth--;
}
int sh_charge(struct sh_parser *p, size_t off, size_t bytes);
/* p->have_tok after a lexing of the token at command position that
 * failed in sh_lex_name (see have_tok) */
#define SH_TOK_FAILED 4
/* p->have_tok for the token t just lexed into p->tok: a word that lexes
 * differently at the other cmdpos (cmdpos_sensitive) serves peeks at its
 * own only, every other token both */
static inline unsigned char
tok_in_hand(const struct sh_tok *t)
{
	return t->cmdpos_sensitive && t->kind == T_WORD ? (unsigned char)(1u << t->cmdpos) : 3;
}
/* *t = the end-of-input token at pos that sh_lex_token(p, false) makes,
 * (struct sh_tok){ .kind = T_EOF, .start = pos, .end = pos }, by 16-byte
 * stores: that initializer became a rep stos where the token is on
 * sh_parse's stack (its first command is parsed there), which costs more
 * than the stores. (T_EOF is 0, and every other member 0 or false.) */
static inline __attribute__((always_inline)) void
tok_eof(struct sh_tok *t, size_t pos)
{
	typedef unsigned char bytes16 __attribute__((vector_size(16)));
	const bytes16 zero = { 0 };
	_Static_assert(T_EOF == 0 && sizeof(*t) % 16 == 0, "a cleared token is T_EOF");
	char *z = (char *)t;
	for (size_t i = 0; i < sizeof(*t); i += 16)
		__builtin_memcpy(z + i, &zero, 16);
	t->start = pos;
	t->end = pos;
}

int sh_parse_program_until(struct sh_parser *p, int closer,
			   struct sh_node **ret);

/* lexer (sh_lex.c) */
int sh_lex_token(struct sh_parser *p, bool cmdpos, struct sh_tok *ret);
/* sh_lex_token at a p->pos before the end with no blank there (where
 * sh_arg_begin stopped after a command's arguments: an operator, mostly),
 * without its look for blanks and the end */
int sh_lex_token_here(struct sh_parser *p, bool cmdpos, struct sh_tok *ret);
/* A command's name that is a plain word, lexed for sh_parse's one-line
 * program without its token in hand; NULL when it is something else (a
 * reserved word's token in hand then, or nothing lexed) */
struct sh_word *sh_lex_name(struct sh_parser *p);
/* sh_lex_name where p->fixed is set (its positions p->fixed_pos) */
struct sh_word *sh_lex_name_fixed(struct sh_parser *p);
int sh_lex_regex_word(struct sh_parser *p, struct sh_word **ret);
/* Is w a unary operator of [[ ]] (-f, -n, ...)? */
static inline bool
sh_cond_unary(const struct sh_word *w)
{
	/* (a table rather than a strchr call per operand) */
	static const bool ops[256] = {
		['a'] = true, ['b'] = true, ['c'] = true, ['d'] = true, ['e'] = true,
		['f'] = true, ['g'] = true, ['h'] = true, ['k'] = true, ['n'] = true,
		['o'] = true, ['p'] = true, ['r'] = true, ['s'] = true, ['t'] = true,
		['u'] = true, ['v'] = true, ['w'] = true, ['x'] = true, ['z'] = true,
		['G'] = true, ['L'] = true, ['N'] = true, ['O'] = true, ['S'] = true,
		['R'] = true,
	};
	if (!w || w->n_parts != 1 || w->parts[0].kind != SH_PART_LIT)
		return false;
	const char *s = w->parts[0].text;
	return s[0] == '-' && s[1] && !s[2] && ops[(unsigned char)s[1]];
}

/*
 * The expression of a [[ ]] (p->pos after the [[, no token in hand) when
 * it is one primary of the common shapes, W, -X W or W OP W, then ]] and
 * a byte that ends it as a word, in a one-line source with no
 * continuation line: the tree the grammar's cond_or builds of it, with
 * p->pos after the ]], as the grammar leaves it, without the tokens,
 * peeks and levels: 1; 0 for anything else (p->pos, the fuel and the
 * literal buffer as they were: the grammar's way); < 0 on error.
 */
int sh_lex_cond(struct sh_parser *p, struct sh_cond **ret);
/* the metacharacters that end a plain word (sh_lex.c) */
extern const bool sh_ends_plain_word[256];
/* The reserved words as little-endian packings of their bytes, and their
 * lengths (none for RW_NONE, which no length matches): reserved_word_plain
 * and sh_lex_rw compare 8 bytes of the source with them. */
#define K1(a) ((uint64_t)(unsigned char)(a))
#define K2(a, b) (K1(a) | K1(b) << 8)
#define K4(a, b, c, d) (K2(a, b) | K2(c, d) << 16)
#define K8(a, b, c, d, e, f, g, h) (K4(a, b, c, d) | K4(e, f, g, h) << 32)
static const uint64_t rw_key[] = {
	[RW_BANG] = K1('!'), [RW_LBRACE] = K1('{'), [RW_RBRACE] = K1('}'),
	[RW_DLBRACK] = K2('[', '['), [RW_DRBRACK] = K2(']', ']'),
	[RW_IN] = K2('i', 'n'), [RW_IF] = K2('i', 'f'),
	[RW_THEN] = K4('t', 'h', 'e', 'n'), [RW_ELSE] = K4('e', 'l', 's', 'e'),
	[RW_ELIF] = K4('e', 'l', 'i', 'f'), [RW_FI] = K2('f', 'i'),
	[RW_DO] = K2('d', 'o'), [RW_DONE] = K4('d', 'o', 'n', 'e'),
	[RW_CASE] = K4('c', 'a', 's', 'e'), [RW_ESAC] = K4('e', 's', 'a', 'c'),
	[RW_FOR] = K2('f', 'o') | K1('r') << 16,
	[RW_SELECT] = K4('s', 'e', 'l', 'e') | K2('c', 't') << 32,
	[RW_WHILE] = K4('w', 'h', 'i', 'l') | K1('e') << 32,
	[RW_UNTIL] = K4('u', 'n', 't', 'i') | K1('l') << 32,
	[RW_TIME] = K4('t', 'i', 'm', 'e'),
	[RW_FUNCTION] = K8('f', 'u', 'n', 'c', 't', 'i', 'o', 'n'),
	[RW_COPROC] = K4('c', 'o', 'p', 'r') | K2('o', 'c') << 32,
};
#undef K8
#undef K4
#undef K2
#undef K1
static const unsigned char rw_len[] = {
	[RW_NONE] = 0xff, [RW_BANG] = 1, [RW_LBRACE] = 1, [RW_RBRACE] = 1,
	[RW_DLBRACK] = 2, [RW_DRBRACK] = 2, [RW_IN] = 2, [RW_IF] = 2,
	[RW_THEN] = 4, [RW_ELSE] = 4, [RW_ELIF] = 4, [RW_FI] = 2, [RW_DO] = 2,
	[RW_DONE] = 4, [RW_CASE] = 4, [RW_ESAC] = 4, [RW_FOR] = 3,
	[RW_SELECT] = 6, [RW_WHILE] = 5, [RW_UNTIL] = 5, [RW_TIME] = 4,
	[RW_FUNCTION] = 8, [RW_COPROC] = 6,
};

/* The 8 bytes at text as a packing of rw_key's (text is in a source:
 * SH_SRC_PAD bytes after its end may be read) */
static inline uint64_t
rw_bytes(const char *text)
{
	uint64_t v;
	__builtin_memcpy(&v, text, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* Where the blanks (spaces and tabs) from i end: i itself when there are
 * none, p->end at the latest. (No continuation line is skipped: callers
 * that may meet one ask p->no_lc, or skip_to_token's loop does.) */
static inline __attribute__((always_inline)) size_t
sh_blanks_end(const struct sh_parser *p, size_t i)
{
	while (i < p->end && (p->src[i] == ' ' || p->src[i] == '\t'))
		i++;
	return i;
}

/*
 * With no token in hand: when the next token is the plain reserved word rw
 * (no FUNCTION), lex it as sh_lex_token would, into p->tok (in hand), and
 * say so; else nothing is lexed. The grammar asks this where one word is
 * the likely next (`done` after `a;`): a compare with a constant (always
 * inlined, rw is one) instead of the word lexer's scan and reserved-word
 * lookup. After blanks, rw's bytes and the end of a plain word (a
 * character of sh_ends_plain_word, or the end): lex_word_token's plain
 * scan stops there too (no byte of a reserved word stops it, and every
 * byte of sh_ends_plain_word does), finds neither '~' nor '=', and
 * reserved_word_plain says rw: the token made here is the one it makes,
 * member for member. (sh_rw_end: that compare, where rw ends, 0 when it
 * is not there.)
 */
static inline __attribute__((always_inline)) size_t
sh_rw_end(const struct sh_parser *p, enum sh_rw rw)
{
	size_t i = sh_blanks_end(p, p->pos);
	size_t n = rw_len[rw];
	if (p->end - i < n)
		return 0;
	/* (i < p->end: the 8 bytes at i may be read, see rw_bytes) */
	uint64_t mask = ((uint64_t)1 << (8 * n)) - 1; /* (n < 8: no FUNCTION) */
	size_t e = i + n;
	if ((rw_bytes(p->src + i) & mask) != rw_key[rw] ||
	    (e < p->end && !sh_ends_plain_word[(unsigned char)p->src[e]]))
		return 0;
	return e;
}
static inline __attribute__((always_inline)) bool
sh_lex_rw(struct sh_parser *p, bool cmdpos, enum sh_rw rw)
{
	size_t e = sh_rw_end(p, rw);
	if (!e)
		return false;
	p->tok = (struct sh_tok){ .kind = T_WORD, .start = e - rw_len[rw],
				  .end = e, .cmdpos = cmdpos,
				  .rw = (unsigned char)rw, .not_assign = true };
	p->have_tok = 3; /* (tok_in_hand: no cmdpos_sensitive word) */
	p->cmdpos_sens = false;
	p->pos = e;
	return true;
}
/* sh_lex_rw's reserved word rw, with no token in hand, read and consumed
 * at once where the grammar takes it and nothing else (the in of case,
 * an esac after ;;): p->pos after it, no token in hand, as sh_lex_rw,
 * the peek and consume leave them; false, nothing done, when it is not
 * there. (The token's stores and the peek's questions saved.) */
static inline __attribute__((always_inline)) bool
sh_skip_rw(struct sh_parser *p, enum sh_rw rw)
{
	size_t e = sh_rw_end(p, rw);
	if (!e)
		return false;
	p->cmdpos_sens = false;
	p->pos = e;
	return true;
}
/* With no token in hand, the word at i (where the blanks before it end,
 * in a source with no continuation line) when it is a plain name (for
 * NAME): 1 with its text in *ret (the text of the word of sh_lex_token's
 * token there: all the tree keeps of it), p->pos after it; 0 when it is
 * anything else, nothing lexed; < 0 on error. */
int sh_lex_name_word(struct sh_parser *p, size_t i, const char **ret);
/*
 * With no token in hand, in a source with no continuation line, a case
 * item whose first pattern, at s (after the blanks that follow p->pos; a
 * byte that sh_arg_start says starts a word), is a plain word followed at
 * once by its ')' (start), the most common shape) or by a '|' (a|b)): 1
 * (')') or 2 ('|') with the word (sh_lex_token's token's, at command
 * position or not) in *ret and p->pos after the ')' or '|'; 0 when it is
 * anything else, nothing lexed; < 0 on error. (The grammar's way, a token
 * for the word and another for the ')', costs about twice as much.)
 */
int sh_lex_case_pattern(struct sh_parser *p, size_t s, struct sh_word **ret);
/*
 * With no token in hand, the word at i that starts with a quote, a '$' or
 * a backslash (no continuation line there) as sh_lex_args lexes it, which
 * is the word of sh_lex_token's token there, not at command position: 1
 * with it in *ret, p->pos after it; 0 when it is left in p->tok, in hand
 * (as lex_arg_token leaves it); < 0 on error. (For case patterns and
 * subjects: the argument loop's builders take such words at about half
 * the token's cost.)
 */
int sh_lex_arg_word(struct sh_parser *p, size_t i, struct sh_word **ret);

int sh_lex_arith_cmd(struct sh_parser *p, size_t start, bool for_header,
		     struct sh_word **ret, struct sh_word **ret2,
		     struct sh_word **ret3, bool *ret_ok);
int sh_read_heredocs(struct sh_parser *p);
/* Skip line continuations (backslash-newline) at i. Inline: the lexer
 * asks before nearly every character. */
static inline size_t
sh_skip_lc(const struct sh_parser *p, size_t i)
{
	if (__builtin_expect(p->no_lc, 1))
		return i;
	while (__builtin_expect(i + 1 < p->end && p->src[i] == '\\' &&
				p->src[i + 1] == '\n', 0))
		i += 2;
	return i;
}
/* The byte at i, or -1 at the end. */
static inline int
sh_ch(const struct sh_parser *p, size_t i)
{
	return i < p->end ? (unsigned char)p->src[i] : -1;
}
/* Most operators, read without read_op's dispatch, in a source with no
 * continuation line: one byte that no byte going on with it follows
 * (`a | b`, `a; b`, `>file`), && and || (which no third byte makes
 * longer) and the >& of 2>&1. True with the token in t and p->pos after
 * it; false, nothing done, for the others. c: the byte at i, an
 * operator's first byte (tok_special's 2) unless any, where it may be
 * any byte (parse_simple_body's, after a command's arguments, which
 * reads the operator there without sh_lex_token_here's call). */
static inline __attribute__((always_inline)) bool
sh_lex_op_short(struct sh_parser *p, bool cmdpos, struct sh_tok *t, size_t i,
		int c, bool any)
{
	/* 1 + the operator each operator byte is alone, 0 for the other
	 * bytes */
	static const unsigned char op_one[256] = {
		[';'] = 1 + OP_SEMI, ['&'] = 1 + OP_AMP, ['|'] = 1 + OP_PIPE,
		['('] = 1 + OP_LPAREN, [')'] = 1 + OP_RPAREN,
		['<'] = 1 + OP_LESS, ['>'] = 1 + OP_GREAT,
	};
	/* the bytes that may make an operator longer (;; ;& && &> || |&
	 * << <& <> >> >| >&) or it a process substitution's start (<( >() */
	static const bool op_goes_on[256] = {
		[';'] = true, ['&'] = true, ['|'] = true, ['<'] = true,
		['>'] = true, ['('] = true,
	};
	int d = sh_ch(p, i + 1);
	size_t n = 2;
	enum sh_op op;
	if (d < 0 || !op_goes_on[d]) {
		if (any && !op_one[c])
			return false;
		op = (enum sh_op)(op_one[c] - 1);
		n = 1;
	} else if (d == c && c == '&') {
		op = OP_AND_IF;
	} else if (d == c && c == '|') {
		op = OP_OR_IF;
	} else if (c == '>' && d == '&') {
		op = OP_GREATAND;
	} else {
		return false;
	}
	*t = (struct sh_tok){ .kind = T_OP, .op = op, .start = i, .end = i + n,
			      .cmdpos = cmdpos };
	p->pos = i + n;
	return true;
}
extern const unsigned char sh_arg_start[256];
/* name characters (sh_lex.c): 1 a name's first character, 2 the others */
extern const unsigned char sh_name_class[256];
size_t sh_arg_begin_lc(struct sh_parser *p, size_t i);
int sh_lex_arg_at(struct sh_parser *p, size_t i, struct sh_word **ret);
/* The plain words src[at[j], at[j + 1]) (j even, below n) of a one-line
 * source (offset positions), each the one LIT part sh_lex_args makes of
 * such a word, into v, in order: 0, or < 0 when out of memory. */
int sh_lex_plain_words(struct sh_parser *p, const uint32_t *at, size_t n,
		       struct sh_word **v);
/*
 * The next word where an argument may follow (no token in hand): 1 with
 * a plain word (see lex_plain_word) in *ret, lexed without a token; 0 when
 * the next token is left to the caller's peek, either lexed into p->tok
 * already (a word that is not plain) or not yet (anything else); < 0 on
 * error. The grammar asks this for a redirection's target, and
 * sh_lex_args the same for every word after a command's name, where
 * neither the reserved words nor the command position matter. Most of
 * them are plain, and for those the token (cleared, filled and then read
 * back by two levels of calls) cost more than the word. Inline up to the
 * first character, as the last argument is followed by something else.
 * (sh_arg_begin: where that word starts, p->pos moved past the blanks
 * before it; SIZE_MAX when what follows is no such argument.)
 */
static inline size_t sh_arg_begin_blanks(struct sh_parser *p, size_t i);
static inline size_t
sh_arg_begin(struct sh_parser *p)
{
	size_t i = p->pos;
	/* (most words follow one blank: that case without the loop) */
	if (i + 1 < p->end && p->src[i] == ' ' && !sh_arg_start[(unsigned char)p->src[i + 1]]) {
		p->pos = i + 1;
		return i + 1;
	}
	return sh_arg_begin_blanks(p, i);
}
/* sh_arg_begin from i (p->pos), where one blank before a word is not
 * (for a caller that asked that already) */
static inline size_t
sh_arg_begin_blanks(struct sh_parser *p, size_t i)
{
	unsigned char k = 1;
	while (i < p->end && (k = sh_arg_start[(unsigned char)p->src[i]]) == 2)
		i++;
	p->pos = i; /* (the blanks sh_lex_token would skip) */
	if (i >= p->end)
		return SIZE_MAX;
	if (k) {
		/* a backslash: a continuation line, in a source that has
		 * any, is a blank here as it is to sh_lex_token; else the
		 * start of a word */
		if (k == 3)
			return __builtin_expect(!p->no_lc, 0) && i + 1 < p->end &&
			       p->src[i + 1] == '\n' ? sh_arg_begin_lc(p, i) : i;
		/* digits are a word too (sleep 1, head -n 5 is "5"), unless
		 * a '<' or '>' follows them: a redirection's fd (2>log), or
		 * a continuation line, which the token's way looks past */
		if (k == 1)
			return SIZE_MAX;
		size_t e = i + 1;
		while (e < p->end && p->src[e] >= '0' && p->src[e] <= '9')
			e++;
		if (e < p->end && (p->src[e] == '<' || p->src[e] == '>' ||
				   (!p->no_lc && p->src[e] == '\\')))
			return SIZE_MAX;
	}
	return i;
}
static inline int
sh_lex_arg(struct sh_parser *p, struct sh_word **ret)
{
	size_t i = sh_arg_begin(p);
	return i == SIZE_MAX ? 0 : sh_lex_arg_at(p, i, ret);
}
/* A command's (or a for loop's) words as they are lexed: the vector v of
 * n words with room for cap (sh_vec_room's), passed to sh_lex_args and its
 * loops as one pointer, not three (their entries and exits read and wrote
 * each through its own) */
struct sh_words {
	struct sh_word **v;
	size_t n, cap;
};
/*
 * The words from i (where sh_arg_begin found one), as long as words come:
 * appended to av (grown as sh_vec_room does), as sh_lex_arg and then
 * the grammar's peek would take them one after the other. Returns 0 with
 * p->pos at what follows, the next token not yet lexed, or lexed into
 * p->tok when it is a NAME=(...) word; < 0 on error. A command's
 * arguments and a for loop's words are mostly plain words; one call for
 * all of them, rather than a call and a peek each, saves the calls and
 * the re-reads of the parser's state after every stored word.
 */
int sh_lex_args(struct sh_parser *p, size_t i, struct sh_words *av);
/* sh_lex_args for the words that follow, if a word follows (the call
 * only then: most commands end without one more) */
static inline int
sh_lex_args_next(struct sh_parser *p, struct sh_words *av)
{
	size_t i = sh_arg_begin(p);
	return i == SIZE_MAX ? 0 : sh_lex_args(p, i, av);
}
/*
 * The redirection operator at i when it is one of the usual ones, read
 * from its bytes: > >> >| >& < <& <> or <<<, in a source with no
 * continuation line (i < p->end). What sh_lex_token lexes there (after
 * a one-digit IONUM or alone) and parse_redir takes: its op, with
 * *ret_end after it. -1 for the others: a here-document, a process
 * substitution, &>, and the digits of a longer fd (which read_op and
 * parse_redir's map take).
 */
static inline __attribute__((always_inline)) int
sh_redir_op_at(const struct sh_parser *p, size_t i, size_t *ret_end)
{
	int c = sh_ch(p, i);
	int d = sh_ch(p, i + 1);
	enum sh_redir_op op;
	size_t n = 2; /* the operator's length */
	if (c == '>') {
		if (d == '>')
			op = SH_REDIR_APPEND;
		else if (d == '&')
			op = SH_REDIR_DUP_OUT;
		else if (d == '|')
			op = SH_REDIR_CLOBBER;
		else if (d == '(')
			return -1; /* >( a process substitution */
		else
			op = SH_REDIR_OUT, n = 1;
	} else if (c == '<') {
		if (d == '&')
			op = SH_REDIR_DUP_IN;
		else if (d == '>')
			op = SH_REDIR_RDWR;
		else if (d == '<' && sh_ch(p, i + 2) == '<')
			op = SH_REDIR_HERESTRING, n = 3;
		else if (d == '<' || d == '(')
			return -1; /* << <<- and <( */
		else
			op = SH_REDIR_IN, n = 1;
	} else {
		/* (the digits of a longer fd) */
		return -1;
	}
	*ret_end = i + n;
	return (int)op;
}
/*
 * The usual target of <& or >& at i (after the blanks that follow the
 * operator, in a source with no continuation line), a file descriptor
 * number (2>&1): where its digits end when they end where a plain word
 * ends (a blank, newline, | & ; or ')'; not before < or >, where they
 * lex as a number), else 0. The lexer would build this same word, after
 * a detour through its redirection-number path.
 */
static inline __attribute__((always_inline)) size_t
sh_dup_fd_end(const struct sh_parser *p, size_t i)
{
	if (sh_ch(p, i) < '0' || sh_ch(p, i) > '9')
		return 0;
	size_t k = i + 1;
	while (k < p->end && p->src[k] >= '0' && p->src[k] <= '9')
		k++;
	int e = sh_ch(p, k);
	return e < 0 || e == ' ' || e == '\t' || e == '\n' || e == '|' ||
	       e == '&' || e == ';' || e == ')' ? k : 0;
}
/*
 * The redirection at p->pos (no token in hand, a source with no
 * continuation line) when it starts with one of sh_redir_op_at's
 * operators or a digit and one of them (> f, 2>/dev/null, 2>&1 after a
 * command's arguments), read from its bytes (see parse_redir_bytes),
 * with its operator, fd and position in *ret: 1 with its target too,
 * when that is a short plain word of a one-line source (> out.txt, as
 * sh_lex_arg lexes it) or the fd number of <& or >& (sh_dup_fd_end),
 * p->pos after it; 2 with the target not read, p->pos after the
 * operator, for parse_redir_bytes to finish; 0, nothing done, for the
 * other redirections (the token's way); < 0 on error. (In the lexer, for
 * the plain word's builder: the grammar's call of sh_lex_arg_at cost a
 * second call and frame.)
 */
int sh_lex_redir(struct sh_parser *p, struct sh_redir **ret);
/* Is w the single unquoted literal s? (inline: the grammar asks this of
 * every token, for every reserved word) */
static inline bool
sh_word_is_lit(const struct sh_word *w, const char *s)
{
	size_t n = __builtin_strlen(s);
	return w && w->n_parts == 1 && w->parts[0].kind == SH_PART_LIT &&
	       w->parts[0].text_len == n && w->parts[0].text[0] == s[0] &&
	       __builtin_memcmp(w->parts[0].text, s, n) == 0;
}
bool sh_valid_name(const char *s, size_t n);
/* a word of one LIT part, text s[0..n) of p->src (whose padding its copy
 * may read, SH_SRC_PAD), at source offset off: s is p->src + off */
struct sh_word *sh_lit_word(struct sh_parser *p, const char *s, size_t n,
			    size_t off);
int sh_word_assign_tilde(struct sh_parser *p, struct sh_word *w, size_t from);
int sh_word_flatten_braces(struct sh_parser *p, struct sh_word *w);
int sh_split_subscript(struct sh_parser *p, const struct sh_word *w, size_t o0,
		       struct sh_word **ret_key, struct sh_word **ret_val,
		       bool *ret_append);
void *sh_grow(struct sh_parser *p, void *v, size_t *cap, size_t n, size_t elem);
/*
 * Vectors that start in the caller's storage (an array on its stack) and
 * move to the parser's memory only when they outgrow it: a list, pipeline or
 * command has one or a few items, and a vector grown in the arena from
 * empty costs allocations that an arena can never give back.
 * sh_vec_room: room for item n (moves v when n == *cap); sh_vec_done: v as
 * parser memory of exactly n items (NULL when n is 0).
 */
void *sh_vec_more(struct sh_parser *p, void *v, size_t *cap, size_t elem);
static inline void *
sh_vec_room(struct sh_parser *p, void *v, size_t *cap, size_t n, size_t elem)
{
	return __builtin_expect(n < *cap, 1) ? v : sh_vec_more(p, v, cap, elem);
}
static inline void *
sh_vec_done(struct sh_parser *p, void *v, const void *inl, size_t n, size_t elem)
{
	if (!n)
		return NULL;
	if (v != inl)
		return v;
	/* (n is at most the stack array's few items here, a vector that
	 * outgrew it having moved: the bound, always true, tells the
	 * compiler the size is neither 0 nor wrapped, which folds
	 * sh_alloc_raw's checks of those) */
	void *d = n <= SH_MAX_INPUT ? sh_alloc_raw(p, n * elem) : NULL;
	/* (most vectors of pointers or enums are 1 to 16 bytes, which
	 * sh_copy moves without a call; a bool vector's storage on the
	 * stack may be smaller than sh_copy's 8-byte moves) */
	if (d && elem == 8)
		sh_copy_vec8(d, v, n * elem);
	else if (d && elem == 4)
		sh_copy(d, v, n * elem);
	else if (d)
		__builtin_memcpy(d, v, n * elem);
	return d;
}

/* printing helpers (sh_print.c) */
int sh_print_ansi_c(const char *s, size_t n, struct buf *out);
int sh_print_heredoc_body(const struct sh_word *w, struct buf *out);

#endif
