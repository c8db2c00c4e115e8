/* SPDX-License-Identifier: MIT */
/*
 * The grammar: a recursive-descent parser over the tokens of sh_lex.c,
 * following bash 5.2's grammar (parse.y). All state is in struct sh_parser;
 * errors travel back as return values with the position and message kept in
 * the caller's struct sh_error.
 *
 * Reserved words are recognized only where bash recognizes them: in command
 * position, and `in`, `do`, `then`... where the grammar expects them. A
 * token is a reserved word only when it is a single unquoted literal.
 */
#include <stdio.h>
#include <string.h>

#include "arena_inline.h" /* sh_parse's one allocation per parse */
#include "sh_internal.h"

/* ---- positions, errors, limits ----------------------------------------- */

/* Chunks start small and double up to a size where the arena's own
 * overhead no longer shows. The first holds the tree of nearly every
 * one-line command (4 KiB: at 2 KiB, the if/elif lines and many of the
 * word-stress lines took a second chunk, sh_alloc_slow and a call into the
 * arena each parse; 6 KiB saved little more and would leave a fresh
 * arena's inline block, which it shares with the copy, nearly full). */
#define SH_CHUNK_MIN 4096u
#define SH_CHUNK_MAX (64u * 1024u)

void *
sh_alloc_slow(struct sh_parser *p, size_t size)
{
	/* large objects go to the arena directly: a chunk for them would
	 * throw away the rest of the current one */
	if (size > SH_CHUNK_MAX / 4)
		return arena_alloc_uninit(p->a, size);
	size_t chunk = p->bump_chunk < SH_CHUNK_MIN ? SH_CHUNK_MIN : p->bump_chunk;
	while (chunk < 4 * size)
		chunk *= 2;
	char *c = arena_alloc_uninit(p->a, chunk);
	if (!c) /* near the arena's limit: the object alone may still fit */
		return arena_alloc_uninit(p->a, size);
	p->bump_chunk = chunk < SH_CHUNK_MAX ? chunk * 2 : SH_CHUNK_MAX;
	p->bump = c;
	p->bump_end = c + chunk;
	return sh_alloc_raw(p, size);
}

/* sh_pos_at_slow's search of the line table (apart: see there) */
static struct sh_pos __attribute__((noinline))
pos_in_lines(struct sh_parser *p, size_t off)
{
	size_t lo = 0, hi = p->n_lines;
	size_t l = p->last_line;
	bool ahead = p->lines[l] <= off;
	if (ahead) {
		/* lookups mostly move forward a little from the last one:
		 * step a few lines on before falling back to a binary search */
		for (size_t k = 0; k < 8 && l < p->n_lines; k++, l++)
			if (off < p->lines[l + 1]) {
				lo = l, hi = l + 1;
				break;
			}
		if (hi - lo > 1)
			lo = l < p->n_lines ? l : p->n_lines - 1;
	} else {
		/* a node's start asked after its contents were lexed */
		hi = l;
	}
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (p->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	struct sh_pos pos = { .line = (uint32_t)lo + 1,
			      .col = (uint32_t)(off - p->lines[lo]) + 1,
			      .offset = (uint32_t)off };
	/* the line sh_pos_at looks at first follows the lexer, which a
	 * look back does not move */
	if (ahead) {
		p->last_line = lo;
		p->line_start = p->lines[lo];
		p->line_len = p->lines[lo + 1] - p->lines[lo];
	}
	return pos;
}

/* (The position of every word and part inside a backquoted body, the
 * fixed one, answered before any of the search's register saves: its
 * frame was pushed for that answer too.) */
struct sh_pos
sh_pos_at_slow(struct sh_parser *p, size_t off)
{
	if (p->fixed)
		return p->fixed_pos;
	return pos_in_lines(p, off);
}

int
sh_fail(struct sh_parser *p, enum sh_error_kind kind, size_t off,
	const char *fmt, ...)
{
	if (p->err->kind == SH_ERR_NONE) {
		struct sh_pos pos = sh_pos_at(p, off);
		va_list ap;
		p->err->kind = kind;
		p->err->line = pos.line;
		p->err->col = pos.col;
		/* a message with no conversion (most): the text vsnprintf
		 * would write, truncated as it truncates, without its
		 * parse of the format (about 300 instructions a message:
		 * a rejected line of the benchmark's pays it) */
		const char *pc = strchrnul(fmt, '%');
		if (!*pc) {
			size_t n = (size_t)(pc - fmt);
			if (n >= sizeof(p->err->message))
				n = sizeof(p->err->message) - 1;
			memcpy(p->err->message, fmt, n);
			p->err->message[n] = '\0';
		} else {
			va_start(ap, fmt);
			vsnprintf(p->err->message, sizeof(p->err->message), fmt, ap);
			va_end(ap);
		}
	}
	if (kind == SH_ERR_LIMIT)
		return strncmp(p->err->message, "nesting", 7) == 0 ? -ELOOP :
		       strncmp(p->err->message, "input", 5) == 0 ? -E2BIG : -ENOMEM;
	return -EINVAL;
}

int
sh_enter_fail(struct sh_parser *p, size_t off)
{
	return sh_fail(p, SH_ERR_LIMIT, off, "nesting deeper than %u levels", SH_MAX_DEPTH);
}

int
sh_charge(struct sh_parser *p, size_t off, size_t bytes)
{
	if (bytes > p->fuel)
		return sh_fail(p, SH_ERR_LIMIT, off,
			       "input too complex: too much backtracking");
	p->fuel -= bytes;
	return 0;
}

static int
oom(struct sh_parser *p)
{
	return sh_fail(p, SH_ERR_LIMIT, p->pos, "out of memory");
}

/* ---- tokens ------------------------------------------------------------ */

/* The token at p->pos, lexed now unless the one in hand will do. (Always
 * inline: gcc left it out of line, and a call of it, for the token after
 * a compound command's words or reserved words, cost more than its few
 * tests in each caller.) */
static inline __attribute__((always_inline)) int
peek_tok_slow(struct sh_parser *p, bool cmdpos, struct sh_tok **ret)
{
	int r;
	if (p->have_tok && !(p->have_tok & (1u << cmdpos))) {
		/* (sh_lex_name's token that failed: its error, as this
		 * peek's lexing of it would have returned it) */
		if (__builtin_expect(p->have_tok == SH_TOK_FAILED, 0)) {
			*ret = &p->tok; /* (unread: set for gcc's sake) */
			return p->tok.ionum;
		}
		/* the word lexes differently here: read it again */
		if ((r = sh_charge(p, p->tok.start, p->tok.end - p->tok.start)) < 0)
			return r;
		p->pos = p->tok.start;
		p->have_tok = 0;
	}
	if (!p->have_tok) {
		if ((r = sh_lex_token(p, cmdpos, &p->tok)) < 0)
			return r;
		p->have_tok = tok_in_hand(&p->tok);
	}
	*ret = &p->tok;
	return 0;
}

/* Inline: every level of the grammar peeks at the token its caller has
 * already lexed, and that check is all most of the calls need. (Always:
 * gcc left a copy out of line in sh_parse, called for the token after
 * every | and &&.) */
static inline __attribute__((always_inline)) int
peek_tok(struct sh_parser *p, bool cmdpos, struct sh_tok **ret)
{
	if (__builtin_expect(p->have_tok & (1u << cmdpos), 1)) {
		*ret = &p->tok;
		return 0;
	}
	return peek_tok_slow(p, cmdpos, ret);
}

static void
consume(struct sh_parser *p)
{
	p->have_tok = 0;
}

/* Always inlined so that strlen(kw) folds to a constant: the grammar asks
 * this of nearly every token, for every reserved word. */
static inline __attribute__((always_inline)) bool
is_word(const struct sh_tok *t, const char *kw)
{
	/* (kw is no reserved word, whose word may be left unbuilt) */
	return t->kind == T_WORD && !t->assign && sh_word_is_lit(t->word, kw);
}

static inline bool
is_rw(const struct sh_tok *t, enum sh_rw rw)
{
	return t->rw == rw;
}

struct kw {
	const char *s;
	size_t n;
};
#define KW(s) { s, sizeof(s) - 1 }

/* Is w the single unquoted literal of one of the n words kws? */
static bool
word_is_any(const struct sh_word *w, const struct kw *kws, size_t n)
{
	if (!w || w->n_parts != 1 || w->parts[0].kind != SH_PART_LIT)
		return false;
	const struct sh_part *pt = &w->parts[0];
	for (size_t i = 0; i < n; i++)
		if (pt->text_len == kws[i].n && pt->text[0] == kws[i].s[0] &&
		    memcmp(pt->text, kws[i].s, kws[i].n) == 0)
			return true;
	return false;
}


static bool
is_op(const struct sh_tok *t, enum sh_op op)
{
	return t->kind == T_OP && t->op == op;
}

/* Is t one of the operators of mask (1u << op each)? (One test for a
 * token that is no operator, the end of the input mostly, where two
 * is_op took two.) */
static inline bool
is_op_of(const struct sh_tok *t, unsigned mask)
{
	return t->kind == T_OP && ((1u << t->op) & mask);
}

static const char *
op_text(enum sh_op op)
{
	static const char *const names[] = {
		[OP_SEMI] = ";", [OP_DSEMI] = ";;", [OP_SEMIAND] = ";&",
		[OP_DSEMIAND] = ";;&", [OP_AMP] = "&", [OP_AND_IF] = "&&",
		[OP_PIPE] = "|", [OP_OR_IF] = "||", [OP_PIPEAMP] = "|&",
		[OP_LPAREN] = "(", [OP_RPAREN] = ")", [OP_LESS] = "<",
		[OP_GREAT] = ">", [OP_DGREAT] = ">>", [OP_CLOBBER] = ">|",
		[OP_LESSGREAT] = "<>", [OP_ANDGREAT] = "&>", [OP_ANDDGREAT] = "&>>",
		[OP_LESSAND] = "<&", [OP_GREATAND] = ">&", [OP_DLESS] = "<<",
		[OP_DLESSDASH] = "<<-", [OP_TLESS] = "<<<",
	};
	return names[op];
}

/* tok_word's word that the lexer left: the token's text as one literal */
static struct sh_word * __attribute__((noinline))
tok_word_make(struct sh_parser *p, struct sh_tok *t)
{
	t->word = sh_lit_word(p, p->src + t->start, t->end - t->start, t->start);
	return t->word;
}

/* A word token's (T_WORD, T_IONUM, T_FDVAR) word. An fd number's (the 2
 * of 2>&1) and a plain reserved word's (then, done, }) are built here,
 * when first asked for: the lexer leaves them, as most are only the fd of
 * a redirection or a reserved word the grammar takes as such. NULL when
 * out of memory. */
static inline struct sh_word *
tok_word(struct sh_parser *p, struct sh_tok *t)
{
	if (__builtin_expect(t->word != NULL, 1))
		return t->word;
	return tok_word_make(p, t);
}

static int
unexpected(struct sh_parser *p, const struct sh_tok *t)
{
	/* bash's words for an end of the input: a newline comes first
	 * (see nl_ok), and the end of a $( ) or <( ) is the matching ')'
	 * it looks for (not the end of a `...`'s body, read apart) */
	if (t->kind == T_EOF && !t->nl_ok)
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "syntax error near unexpected token `newline'");
	if (t->kind == T_EOF && (p->in_dparen || (p->in_sub && !p->fixed)))
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "unexpected end of file while looking for matching `)'");
	if (t->kind == T_EOF)
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "syntax error: unexpected end of file");
	if (t->kind == T_NEWLINE)
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "syntax error near unexpected token `newline'");
	if (t->kind == T_OP)
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "syntax error near unexpected token `%s'",
			       op_text(t->op));
	/* (a word tok_word has not built is its source text) */
	const char *s = t->word ? t->word->src : p->src + t->start;
	size_t len = t->word ? t->word->src_len : t->end - t->start;
	int n = len < 60 ? (int)len : 60;
	return sh_fail(p, SH_ERR_SYNTAX, t->start,
		       "syntax error near unexpected token `%.*s'", n, s);
}

static inline int
skip_newlines(struct sh_parser *p)
{
	struct sh_tok *t;
	int r;
	for (;;) {
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		if (t->kind != T_NEWLINE) {
			t->nl_ok = true;
			return 0;
		}
		consume(p);
	}
}

/* Before a peek at command position (skip_newlines, expect_kw) where the
 * reserved word rw is the likely token: lexed by sh_lex_rw's compare when
 * it is there and no token is in hand; else left to the peek, which lexes
 * the token the general way. Either way the peek gets the same token. */
static inline void
likely_rw(struct sh_parser *p, enum sh_rw rw)
{
	if (!p->have_tok)
		(void)sh_lex_rw(p, true, rw);
}

/* A then-body's closers other than fi: else or elif, lexed by
 * sh_lex_rw's compare when one is there (see likely_rw) */
static inline __attribute__((always_inline)) void
likely_else(struct sh_parser *p)
{
	if (!sh_lex_rw(p, true, RW_ELSE))
		(void)sh_lex_rw(p, true, RW_ELIF);
}

/* likely_rw for the closer of a list, where a then-body's (RW_FI) may be
 * else or elif as well */
static inline __attribute__((always_inline)) void
likely_closer(struct sh_parser *p, enum sh_rw closer)
{
	if (p->have_tok || sh_lex_rw(p, true, closer) || closer != RW_FI)
		return;
	likely_else(p);
}

/*
 * After the separator sep (consumed) of an item of a list that closer
 * (not RW_NONE) most likely ends: true when closer is there, after
 * blanks, read and consumed (p->pos after it, no token in hand, as
 * likely_closer's token, the list's look at it and the caller's
 * expect_kw leave it: sh_skip_rw): the list ends there, and its caller takes that
 * for the expect_kw (parse_list's 1). The token and the questions of
 * each level about it are saved: every body of a compound command ends
 * so, mostly. Else false, with likely_closer's token, if any (after a &
 * its closer, as the list after & asks itself whether it ends).
 */
static inline __attribute__((always_inline)) bool
closer_read(struct sh_parser *p, enum sh_rw closer, int sep)
{
	if (sep == SH_SEP_AMP) {
		likely_closer(p, closer);
		return false;
	}
	if (sh_skip_rw(p, closer))
		return true;
	if (closer == RW_FI)
		likely_else(p);
	return false;
}

/* Expect reserved word kw at command position. (Always inline: every
 * compound command ends with one, and the word is almost always in hand.) */
static inline __attribute__((always_inline)) int
expect_kw(struct sh_parser *p, enum sh_rw kw)
{
	struct sh_tok *t;
	int r = peek_tok(p, true, &t);
	if (r < 0)
		return r;
	if (!is_rw(t, kw))
		return unexpected(p, t);
	consume(p);
	return 0;
}

/* off SIZE_MAX: the caller sets the position (inline: a few stores, and
 * every command asks for one or more) */
static inline struct sh_node *
new_node(struct sh_parser *p, enum sh_node_kind k, size_t off)
{
	struct sh_node *n = sh_alloc(p, sizeof(*n));
	if (!n)
		return NULL;
	n->kind = k;
	if (off != SIZE_MAX)
		n->pos = sh_pos_at(p, off);
	return n;
}

/* A node of kind k at start with room bytes after it, a multiple of 8, in
 * the same allocation: for the vectors of a command's words, a pipeline's
 * commands or a list's items, which are stored there as they come rather
 * than collected on the stack and copied into the tree at the end (that
 * copy, a bound check and an allocation, cost about 20 instructions a
 * node). NULL when out of memory. */
static inline __attribute__((always_inline)) struct sh_node *
node_with_room_at(struct sh_parser *p, enum sh_node_kind k, struct sh_pos pos,
		  size_t room)
{
	struct sh_node *n = sh_alloc_rounded(p, sizeof(*n) + room);
	if (!n)
		return NULL;
	*n = (struct sh_node){ .kind = k, .pos = pos };
	return n;
}

static inline struct sh_node *
node_with_room(struct sh_parser *p, enum sh_node_kind k, size_t start, size_t room)
{
	return node_with_room_at(p, k, sh_pos_at(p, start), room);
}

/* The position of off where prog may say what sh_pos_at would find:
 * prog, sh_parse's own program of a one-line input (its list, and-or
 * lists and the commands parsed in its frame), where the positions are
 * offsets (offset_pos, which only a backquoted body's lexing clears, and
 * puts back) and the nesting depth is 0 before each command (each one
 * that is parsed gives back what it charged). A constant in each copy:
 * the test of offset_pos, and the load and test of the depth (see
 * parse_named_command_inline), are off the way of its commands. */
static inline __attribute__((always_inline)) struct sh_pos
prog_pos(struct sh_parser *p, size_t off, bool prog)
{
	return prog ? sh_pos_one_line(off) : sh_pos_at(p, off);
}

/* A command's name at command position, from sh_lex_name (or, in a
 * backquoted body, where every position is the backquote's,
 * sh_lex_name_fixed): NULL where it is no plain word, which
 * skip_newlines and the token's way then take, or where positions are
 * line lookups (an input of more than one line) or a token is in hand
 * (which prog, where neither is, need not ask) */
static inline __attribute__((always_inline)) struct sh_word *
cmd_name(struct sh_parser *p, bool prog)
{
	if (prog)
		return sh_lex_name(p);
	if (p->have_tok)
		return NULL;
	if (p->offset_pos)
		return sh_lex_name(p);
	return p->fixed ? sh_lex_name_fixed(p) : NULL;
}

/* ---- lists ------------------------------------------------------------- */

static inline int parse_and_or(struct sh_parser *p, struct sh_node **ret,
			       struct sh_tok **next, int top, bool prog,
			       struct sh_word *name);
static int parse_pipeline_from(struct sh_parser *p, size_t start, struct sh_node *first,
			       struct sh_node **ret);
static int parse_command(struct sh_parser *p, struct sh_node **ret);
static int parse_simple(struct sh_parser *p, struct sh_tok *first_word,
			struct sh_node **ret);
static inline int parse_simple_body(struct sh_parser *p, struct sh_tok *first_word,
				    bool in_hand, bool prog,
				    struct sh_word *name, struct sh_node **ret);

static bool
ends_list(const struct sh_tok *t)
{
	if (t->kind == T_EOF)
		return true;
	if (t->kind == T_OP)
		return t->op == OP_RPAREN || t->op == OP_DSEMI ||
		       t->op == OP_SEMIAND || t->op == OP_DSEMIAND;
	return (1u << t->rw) & (1u << RW_THEN | 1u << RW_ELSE | 1u << RW_ELIF |
				1u << RW_FI | 1u << RW_DO | 1u << RW_DONE |
				1u << RW_ESAC | 1u << RW_RBRACE);
}

/* The separator t after an item of a list: SH_SEP_* or -1, none. (The
 * end of the input first: most lists, and most inputs, end there.) */
static inline int
list_sep(const struct sh_tok *t)
{
	if (t->kind == T_EOF)
		return -1;
	if (t->kind == T_OP && t->op == OP_SEMI)
		return SH_SEP_SEMI;
	if (t->kind == T_OP && t->op == OP_AMP)
		return SH_SEP_AMP;
	if (t->kind == T_NEWLINE)
		return SH_SEP_NEWLINE;
	return -1;
}

/*
 * parse_list after its first item, which starts at start and was followed
 * by the separator sep0 (consumed, and the newlines after it): the token
 * in hand is the one after them, which the caller has found to end the
 * list only after a & (a list of that one item, run in the background).
 * (Always inline, in each of parse_list_inline's three copies: sh_parse's
 * program, a list in about one line of two, parse_list's bodies and
 * sh_parse_program_until's; its call and frame cost more than the code
 * it adds to theirs, about 4 KB each.) prog: see prog_pos (sh_parse's
 * copy).
 */
static inline __attribute__((always_inline)) int
parse_list_more(struct sh_parser *p, size_t start, struct sh_node *item,
		enum sh_list_sep sep0, enum sh_rw closer, bool prog,
		struct sh_word *name, struct sh_node **ret)
{
	/* room for the items of most lists and their separators after the
	 * node (they grow together, moving to sh_vec_more's vectors past
	 * that) */
	enum { ITEMS_INL = 8 };
	struct sh_node *l = node_with_room_at(
		p, SH_NODE_LIST, prog_pos(p, start, prog),
		ITEMS_INL * (sizeof(struct sh_node *) + sizeof(enum sh_list_sep)));
	if (!l)
		return oom(p);
	struct sh_node **items = (struct sh_node **)(l + 1);
	enum sh_list_sep *seps = (enum sh_list_sep *)(items + ITEMS_INL);
	size_t n = 1, cap = ITEMS_INL;
	struct sh_tok *t = &p->tok;
	int r;
	bool closed = false;

	items[0] = item;
	seps[0] = sep0;
	/* (the first look at the token in hand is the caller's) */
	if (sep0 != SH_SEP_AMP || !ends_list(t)) {
		for (;;) {
			item = NULL;
			/* (and the separator after it, looked at once) */
			if ((r = parse_and_or(p, &item, &t, 1, prog, name)) < 0)
				return r;
			int sep = list_sep(t);
			if (__builtin_expect(n == cap, 0)) {
				size_t scap = cap;
				items = sh_vec_more(p, items, &cap, sizeof(*items));
				seps = sh_vec_more(p, seps, &scap, sizeof(*seps));
				if (!items || !seps)
					return oom(p);
			}
			items[n] = item;
			/* (the last item, with none: SH_SEP_SEMI) */
			seps[n] = sep < 0 ? SH_SEP_SEMI : (enum sh_list_sep)sep;
			n++;
			if (sep < 0) {
				t->nl_ok = true; /* (a newline may end a list) */
				break;
			}
			consume(p);
			if (closer != RW_NONE && closer_read(p, closer, sep)) {
				closed = true;
				break;
			}
			if ((name = cmd_name(p, prog)))
				continue;
			/* (skip_newlines leaves the token at command position
			 * in hand) */
			if ((r = skip_newlines(p)) < 0)
				return r;
			t = &p->tok;
			/* (see parse_list_inline) */
			if (!(t->kind == T_WORD && t->rw == RW_NONE) && ends_list(t))
				break;
		}
	}
	/* the separator after the last item only matters when it is &
	 * (n is 1 here only after one: a list node of that item, run in
	 * the background) */
	if (seps[n - 1] != SH_SEP_AMP)
		seps[n - 1] = SH_SEP_SEMI;
	l->u.list.items = items;
	l->u.list.seps = seps;
	l->u.list.n_items = n;
	*ret = l;
	return closed;
}

/*
 * A list of and-or lists separated by ; & or newlines, up to a token that
 * ends it (see ends_list). NULL when empty and allow_empty. Most lists are
 * one and-or list with no separator after it, or (the bodies of compound
 * commands: `a; }`, `a; then`, `a; done`) with a ; or newline and then
 * the token that ends the list: that item is the list, without
 * parse_list_more's vectors (and their stack frame). closer: the reserved
 * word that most likely ends the list (`done` after `do`), RW_NONE for
 * none, tried first after each separator (see likely_rw). (Always inlined
 * in parse_program, whose caller has a frame already: the program of
 * every parse is a list; parse_list for the others.) top: see
 * parse_and_or (2: sh_parse's program; 1: parse_list's).
 */
static inline __attribute__((always_inline)) int
parse_list_inline(struct sh_parser *p, bool allow_empty, enum sh_rw closer,
		  struct sh_node **ret, bool *ret_in_hand, int top)
{
	struct sh_tok *t = &p->tok;
	int r;
	bool prog = top == 2;
	struct sh_word *name = cmd_name(p, prog);
	if (!name) {
		/* (skip_newlines leaves the token at command position in
		 * hand) */
		if ((r = skip_newlines(p)) < 0)
			return r;
		/* (a word that is no reserved word, most items' first
		 * token, ends no list: asked first, as parse_pipeline_fast
		 * asks it next) */
		if (!(t->kind == T_WORD && t->rw == RW_NONE) && ends_list(t)) {
			if (allow_empty) {
				*ret = NULL;
				return 0;
			}
			return unexpected(p, t);
		}
	}
	/* (the name's token too: see sh_lex_name) */
	size_t start = t->start;
	struct sh_node *item = NULL;
	if ((r = parse_and_or(p, &item, &t, top, prog, name)) < 0)
		return r;
	int sep = list_sep(t);
	if (sep < 0) {
		t->nl_ok = true; /* (a newline may end a list) */
		*ret = item;
		*ret_in_hand = true;
		return 0;
	}
	consume(p);
	if (closer != RW_NONE && closer_read(p, closer, sep)) {
		*ret = item;
		return 1;
	}
	if (!(name = cmd_name(p, prog))) {
		/* (skip_newlines leaves the token at command position in
		 * hand) */
		if ((r = skip_newlines(p)) < 0)
			return r;
		/* (the separator after the last item only matters when it
		 * is &) */
		if (sep != SH_SEP_AMP &&
		    !(p->tok.kind == T_WORD && p->tok.rw == RW_NONE) &&
		    ends_list(&p->tok)) {
			*ret = item;
			return 0;
		}
	}
	return parse_list_more(p, start, item, (enum sh_list_sep)sep, closer,
			       prog, name, ret);
}

/* (its first command parsed in its own frame, as sh_parse's is, top:
 * most bodies of compound commands are one command, and for those the
 * call of parse_named_command cost more than the larger frame) */
static int
parse_list(struct sh_parser *p, bool allow_empty, enum sh_rw closer, struct sh_node **ret)
{
	bool in_hand;
	return parse_list_inline(p, allow_empty, closer, ret, &in_hand, 1);
}

static int parse_pipeline(struct sh_parser *p, struct sh_node **ret);

/* parse_pipeline for a pipeline that starts with ! or time (out of line:
 * its frame is larger than a compound command's way through needs) */
static int __attribute__((noinline))
parse_pipeline_prefixed(struct sh_parser *p, struct sh_node **ret)
{
	struct sh_tok *t;
	int r;
	if ((r = peek_tok(p, true, &t)) < 0)
		return r;
	size_t start = t->start;
	bool neg = false, timed = false, posix = false;
	if (is_rw(t, RW_BANG)) {
		neg = true;
		consume(p);
	} else if (is_rw(t, RW_TIME)) {
		timed = true;
		consume(p);
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		if (is_word(t, "-p")) {
			posix = true;
			consume(p);
			if ((r = peek_tok(p, true, &t)) < 0)
				return r;
		}
		/* bash skips a "--" after time [-p] */
		if (is_word(t, "--"))
			consume(p);
		if (p->time_quirk) {
			/* bash 5.2 does not recognize reserved words right
			 * after a `time` that opens a $( ): `$(time { a; })`
			 * is its syntax error, `$(time [[ a ]])` a command */
			p->time_quirk = false;
			if ((r = peek_tok(p, true, &t)) < 0)
				return r;
			struct sh_node *inner = NULL;
			if (!(t->kind == T_NEWLINE || t->kind == T_EOF || is_op(t, OP_SEMI) ||
			      is_op(t, OP_RPAREN))) {
				if ((r = parse_simple(p, NULL, &inner)) < 0)
					return r;
			}
			struct sh_node *pl = new_node(p, SH_NODE_PIPELINE, start);
			if (!pl)
				return oom(p);
			struct sh_node **cmds = NULL;
			bool *pe = NULL;
			size_t n = 0, cap = 0, pcap = 0;
			while (inner) {
				cmds = sh_grow(p, cmds, &cap, n, sizeof(*cmds));
				pe = sh_grow(p, pe, &pcap, n, sizeof(*pe));
				if (!cmds || !pe)
					return oom(p);
				cmds[n] = inner;
				pe[n] = false;
				n++;
				inner = NULL;
				if ((r = peek_tok(p, false, &t)) < 0)
					return r;
				if (!is_op(t, OP_PIPE) && !is_op(t, OP_PIPEAMP))
					break;
				pe[n - 1] = is_op(t, OP_PIPEAMP);
				consume(p);
				if ((r = skip_newlines(p)) < 0)
					return r;
				if ((r = parse_command(p, &inner)) < 0)
					return r;
			}
			pl->u.pipeline.cmds = cmds;
			pl->u.pipeline.pipe_stderr = pe;
			pl->u.pipeline.n_cmds = n;
			pl->u.pipeline.timed = true;
			pl->u.pipeline.time_posix = posix;
			*ret = pl;
			return 0;
		}
	}
	if (neg || timed) {
		if ((r = sh_enter(p, start)) < 0)
			return r;
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		struct sh_node *inner = NULL;
		if (!(t->kind == T_NEWLINE || t->kind == T_EOF || is_op(t, OP_SEMI))) {
			if ((r = parse_pipeline(p, &inner)) < 0)
				return r;
		}
		sh_leave(p);
		struct sh_node *pl;
		if (inner && inner->kind == SH_NODE_PIPELINE &&
		    !(neg && inner->u.pipeline.negated) &&
		    !(timed && inner->u.pipeline.timed)) {
			pl = inner;
			pl->pos = sh_pos_at(p, start);
		} else {
			pl = new_node(p, SH_NODE_PIPELINE, start);
			if (!pl)
				return oom(p);
			if (inner) {
				pl->u.pipeline.cmds = sh_alloc(p, sizeof(struct sh_node *));
				pl->u.pipeline.pipe_stderr = sh_alloc(p, sizeof(bool));
				if (!pl->u.pipeline.cmds || !pl->u.pipeline.pipe_stderr)
					return oom(p);
				pl->u.pipeline.cmds[0] = inner;
				pl->u.pipeline.n_cmds = 1;
			}
		}
		if (neg)
			pl->u.pipeline.negated = true;
		if (timed) {
			pl->u.pipeline.timed = true;
			pl->u.pipeline.time_posix = posix;
		}
		*ret = pl;
		return 0;
	}

	return parse_pipeline_from(p, start, NULL, ret);
}

/* A command that a word that is no reserved word names: simple (most
 * commands are). parse_command's way to parse_simple, without its
 * questions, and with parse_simple's body in it: one call and one frame
 * per command instead of two (parse_simple itself is for the rarer ways
 * to a simple command: a redirection first, a coproc, a
 * `time` with nothing after it). It leaves the token after the command
 * in hand, as peek_tok(p, false) would give it: a simple command ends at
 * a token that is no word, and a function definition after peeking so
 * at what follows its body (parse_trailing_redirs). */
static inline __attribute__((always_inline)) int
parse_named_command_inline(struct sh_parser *p, size_t start, bool prog,
			   struct sh_word *name, struct sh_node **ret)
{
	int r;
	/* (prog: at depth 0, see prog_pos, where sh_enter's 1 passes) */
	if (prog)
		p->depth = 1;
	else if ((r = sh_enter(p, start)) < 0)
		return r;
	/* (every caller has peeked at the name at command position and
	 * found a word, T_WORD, or has it from sh_lex_name: name) */
	if ((r = parse_simple_body(p, NULL, true, prog, name, ret)) < 0)
		return r;
	p->depth--; /* (sh_leave, but for its check: sh_enter counted 1) */
	return 0;
}

/* (parse_named_command_inline out of line: every command but the first
 * of an input, see parse_pipeline_fast's top) */
static int __attribute__((noinline))
parse_named_command(struct sh_parser *p, size_t start, struct sh_node **ret)
{
	return parse_named_command_inline(p, start, false, NULL, ret);
}

/* A pipeline, with ! or time before it or not (the way of pipelines whose
 * first token is no plain word: compound commands, mostly). Its first
 * command is parsed here, and parse_pipeline_from called only when a pipe
 * follows it (most compound commands are a pipeline of one). */
static int
parse_pipeline(struct sh_parser *p, struct sh_node **ret)
{
	struct sh_tok *t;
	int r;
	if ((r = peek_tok(p, true, &t)) < 0)
		return r;
	size_t start = t->start;
	struct sh_node *c = NULL;
	if (t->kind == T_WORD && t->rw == RW_NONE)
		r = parse_named_command(p, start, &c);
	else if (is_rw(t, RW_BANG) || is_rw(t, RW_TIME))
		return parse_pipeline_prefixed(p, ret);
	else
		r = parse_command(p, &c);
	if (r < 0)
		return r;
	if ((r = peek_tok(p, false, &t)) < 0)
		return r;
	if (is_op(t, OP_PIPE) || is_op(t, OP_PIPEAMP))
		return parse_pipeline_from(p, start, c, ret);
	*ret = c;
	return 0;
}

/* The commands of a pipeline (with no ! or time) that starts at start,
 * the first of them already parsed when first is set (and the token
 * after it in hand, as peek_tok(p, false) gives it). prog: see prog_pos
 * (parse_pipeline_prog's copy, for a pipeline of sh_parse's program: its
 * commands after a | parsed as prog's, the way of its first). */
static inline __attribute__((always_inline)) int
pipeline_from_inline(struct sh_parser *p, size_t start, struct sh_node *first,
		     struct sh_node **ret, bool prog)
{
	struct sh_tok *t;
	int r;
	/* room for the commands of most pipelines and their pipe_stderr
	 * flags after the node (they grow together, moving to
	 * sh_vec_more's vectors past that) */
	enum { CMDS_INL = 8 };
	struct sh_node *pl = node_with_room_at(
		p, SH_NODE_PIPELINE, prog_pos(p, start, prog),
		CMDS_INL * (sizeof(struct sh_node *) + sizeof(bool)));
	if (!pl)
		return oom(p);
	struct sh_node **cmds = (struct sh_node **)(pl + 1);
	bool *pe = (bool *)(cmds + CMDS_INL);
	size_t n = 0, cap = CMDS_INL;
	struct sh_node *c = first;
	struct sh_word *name = NULL;
	for (;;) {
		/* (the token after the command: in hand after the first,
		 * which the callers have peeked after, and after a command
		 * parse_named_command parses) */
		if (!c) {
			/* (the token at command position is in hand: the
			 * skip_newlines after the last pipe, or for a first
			 * command to parse, parse_pipeline_prefixed's peek) */
			t = &p->tok;
			if (name || (t->kind == T_WORD && t->rw == RW_NONE)) {
				/* (name: the one after a pipe, see cmd_name,
				 * its token too) */
				r = parse_named_command_inline(p, t->start, prog,
							       name, &c);
			} else if ((r = parse_command(p, &c)) >= 0) {
				struct sh_tok *after;
				r = peek_tok(p, false, &after);
			}
			if (r < 0)
				return r;
		}
		if (__builtin_expect(n == cap, 0)) {
			/* (both at twice the room: pe's from a copy of cap) */
			size_t pcap = cap;
			if (!(pe = sh_vec_more(p, pe, &pcap, sizeof(*pe))) ||
			    !(cmds = sh_vec_more(p, cmds, &cap, sizeof(*cmds))))
				return oom(p);
		}
		cmds[n] = c;
		c = NULL;
		t = &p->tok;
		bool pipe = is_op(t, OP_PIPE), amp = is_op(t, OP_PIPEAMP);
		pe[n++] = amp;
		if (!pipe && !amp)
			break;
		consume(p);
		if (!(name = cmd_name(p, prog)) && (r = skip_newlines(p)) < 0)
			return r;
	}
	if (n == 1) {
		/* (a first command to parse, with no pipe after it: the
		 * node goes unused) */
		*ret = cmds[0];
		return 0;
	}
	pl->u.pipeline.cmds = cmds;
	pl->u.pipeline.pipe_stderr = pe;
	pl->u.pipeline.n_cmds = n;
	*ret = pl;
	return 0;
}

static int
parse_pipeline_from(struct sh_parser *p, size_t start, struct sh_node *first,
		    struct sh_node **ret)
{
	return pipeline_from_inline(p, start, first, ret, false);
}

/* (apart from parse_pipeline_from, whose commands are parsed as
 * elsewhere: out of line, as it is) */
static int __attribute__((noinline))
parse_pipeline_prog(struct sh_parser *p, size_t start, struct sh_node *first,
		    struct sh_node **ret)
{
	return pipeline_from_inline(p, start, first, ret, true);
}

/* parse_pipeline, for the common pipeline of one simple command named by
 * a plain word, without a call of parse_pipeline nor its vectors. *next:
 * the token after the pipeline, as peek_tok(p, false) gives it (the
 * callers look at it next: one peek for all of them). (Always inlined, as
 * parse_and_or is.) Every caller has just skipped newlines, which leaves
 * the token at command position in hand: no peek here. top: the first
 * pipeline of sh_parse's program, whose command is parsed in sh_parse's
 * own frame (parse_named_command_inline): every input has one, and there
 * the call, the frame and reaching the parser through a pointer rather
 * than sh_parse's stack cost about 20 to 30 instructions. name: the
 * command's name from sh_lex_name (prog, top), its token not in hand. */
static inline __attribute__((always_inline)) int
parse_pipeline_fast(struct sh_parser *p, struct sh_node **ret, struct sh_tok **next,
		    bool top, bool prog, struct sh_word *name)
{
	struct sh_tok *t = &p->tok;
	int r;
	size_t start = t->start;
	/* (no initializer, nor for parse_and_or's left and right: every way
	 * that returns 0 sets the node, and the store of a NULL never read
	 * was on the way of every command) */
	struct sh_node *c;
	if (name) {
		/* (prog's name, parsed here: top) */
		r = parse_named_command_inline(p, start, prog, name, &c);
		if (r < 0)
			return r;
		t = &p->tok;
	} else if (t->kind != T_WORD || t->rw != RW_NONE) {
		if (is_rw(t, RW_BANG) || is_rw(t, RW_TIME)) {
			if ((r = parse_pipeline_prefixed(p, ret)) < 0)
				return r;
			return peek_tok(p, false, next);
		}
		/* a compound command, mostly: parse_pipeline's way, without
		 * its call */
		if ((r = parse_command(p, &c)) < 0 || (r = peek_tok(p, false, &t)) < 0)
			return r;
	} else {
		if (top)
			r = parse_named_command_inline(p, start, prog, NULL,
						       &c);
		else
			r = parse_named_command(p, start, &c);
		if (r < 0)
			return r;
		t = &p->tok; /* (in hand: see parse_named_command) */
	}
	if (is_op_of(t, 1u << OP_PIPE | 1u << OP_PIPEAMP)) {
		if ((r = (prog ? parse_pipeline_prog : parse_pipeline_from)(
			     p, start, c, ret)) < 0)
			return r;
		return peek_tok(p, false, next);
	}
	*ret = c;
	*next = t;
	return 0;
}

/* *next: the token after the and-or list, as peek_tok(p, false) gives it.
 * (Always inlined: in parse_list, the path of a one-item list, and in
 * parse_list_more.) top: 1, its first pipeline's first command parsed in
 * the caller's frame (see parse_pipeline_fast); 2, those after && and ||
 * too (sh_parse's: `cd d && make` is a common input; elsewhere the code
 * would grow more than it saves); 0, neither. prog: see prog_pos (the
 * commands parsed in the caller's frame). */
static inline __attribute__((always_inline)) int
parse_and_or(struct sh_parser *p, struct sh_node **ret, struct sh_tok **next,
	     int top, bool prog, struct sh_word *name)
{
	struct sh_node *left;
	struct sh_tok *t;
	int r;
	if ((r = parse_pipeline_fast(p, &left, &t, top > 0, prog, name)) < 0)
		return r;
	while (is_op_of(t, 1u << OP_AND_IF | 1u << OP_OR_IF)) {
		enum sh_node_kind k = is_op(t, OP_AND_IF) ? SH_NODE_AND : SH_NODE_OR;
		consume(p);
		/* (prog's name only where parse_pipeline_fast parses it,
		 * top) */
		name = prog && top > 1 ? sh_lex_name(p) : NULL;
		if (!name && (r = skip_newlines(p)) < 0)
			return r;
		struct sh_node *right;
		r = parse_pipeline_fast(p, &right, &t, top > 1, prog, name);
		if (r < 0)
			return r;
		struct sh_node *n = new_node(p, k, SIZE_MAX);
		if (!n)
			return oom(p);
		n->pos = left->pos;
		n->u.binary.left = left;
		n->u.binary.right = right;
		left = n;
	}
	*ret = left;
	*next = t;
	return 0;
}

/* ---- redirections ------------------------------------------------------ */

static bool
is_redir_op(const struct sh_tok *t)
{
	return t->kind == T_OP && t->op >= OP_LESS;
}

/* Quote removal on a here-document delimiter, from its parts. */
static int
delim_parts(struct buf *b, const struct sh_part *parts, size_t n, bool *quoted)
{
	for (size_t i = 0; i < n; i++) {
		const struct sh_part *pt = &parts[i];
		int r;
		switch (pt->kind) {
		case SH_PART_LIT:
			r = buf_append(b, pt->text, pt->text_len);
			break;
		case SH_PART_ESCAPED:
		case SH_PART_SQUOTE:
			*quoted = true;
			r = buf_append(b, pt->text, pt->text_len);
			break;
		case SH_PART_DQUOTE:
			*quoted = true;
			r = delim_parts(b, pt->parts, pt->n_parts, quoted);
			if (r > 0)
				return r;
			break;
		case SH_PART_ANSI_C:
		case SH_PART_LOCALE:
		case SH_PART_PARAM:
		case SH_PART_CMDSUB:
		case SH_PART_ARITH:
		case SH_PART_PROCSUB:
		case SH_PART_TILDE:
		case SH_PART_BRACE:
		case SH_PART_EXTGLOB:
		case SH_PART_KIND_MAX:
		default:
			return 1;
		}
		if (r < 0)
			return r;
	}
	return 0;
}

static int
heredoc_delim(struct sh_parser *p, const struct sh_word *w, const char **ret,
	      bool *ret_quoted)
{
	/* Most delimiters are one part, EOF 'EOF' or "EOF": their text is the
	 * delimiter, with no buffer (a malloc and free) to assemble it in.
	 * (Short ones only: the limit on a long one is the buffer's.) */
	const struct sh_part *pt = w->n_parts == 1 ? &w->parts[0] : NULL;
	bool q = false;
	if (pt && pt->kind == SH_PART_DQUOTE) {
		q = true;
		pt = pt->n_parts == 1 ? &pt->parts[0] : NULL;
	}
	if (pt && (pt->kind == SH_PART_LIT || pt->kind == SH_PART_SQUOTE) &&
	    pt->text_len < 1024) {
		if (pt->text_len && memchr(pt->text, '\n', pt->text_len))
			return sh_fail(p, SH_ERR_UNSUPPORTED, w->pos.offset,
				       "unsupported construct: newline in a here-document delimiter");
		*ret = sh_strndup(p, pt->text, pt->text_len);
		*ret_quoted = q || pt->kind == SH_PART_SQUOTE;
		return *ret ? 0 : oom(p);
	}
	struct buf b = BUF_INIT(4096);
	q = false;
	int r = delim_parts(&b, w->parts, w->n_parts, &q);
	if (r > 0) {
		/* bash takes such a delimiter as the text it was written as */
		buf_done(&b);
		return sh_fail(p, SH_ERR_UNSUPPORTED, w->pos.offset,
			       "unsupported construct: here-document delimiter with "
			       "an expansion or $'...' in it");
	}
	if (r < 0) {
		buf_done(&b);
		return sh_fail(p, SH_ERR_LIMIT, w->pos.offset, "here-document delimiter too long");
	}
	if (b.len && memchr(b.data, '\n', b.len)) {
		buf_done(&b);
		return sh_fail(p, SH_ERR_UNSUPPORTED, w->pos.offset,
			       "unsupported construct: newline in a here-document delimiter");
	}
	*ret = sh_strndup(p, b.data ? b.data : "", b.len);
	buf_done(&b);
	*ret_quoted = q;
	return *ret ? 0 : oom(p);
}

static inline __attribute__((always_inline)) int
parse_redir_target(struct sh_parser *p, struct sh_redir *rd, struct sh_redir **ret);
static inline __attribute__((always_inline)) int
parse_redir_target_tok(struct sh_parser *p, struct sh_redir *rd,
		       struct sh_redir **ret);

static int
parse_redir(struct sh_parser *p, struct sh_redir **ret)
{
	struct sh_tok *t;
	int r;
	if ((r = peek_tok(p, false, &t)) < 0)
		return r;
	struct sh_redir *rd = sh_alloc(p, sizeof(*rd));
	if (!rd)
		return oom(p);
	rd->fd = -1;
	rd->pos = sh_pos_at(p, t->start);
	if (t->kind == T_IONUM || t->kind == T_FDVAR) {
		if (t->kind == T_IONUM) {
			rd->fd = t->ionum;
			/* the operator after it read from its bytes, not
			 * lexed as a token */
			int op;
			size_t e;
			if (p->no_lc && (op = sh_redir_op_at(p, t->start + 1, &e)) >= 0) {
				rd->op = (enum sh_redir_op)op;
				p->pos = e;
				consume(p);
				return parse_redir_target(p, rd, ret);
			}
		} else {
			rd->fd_var = t->fdvar;
		}
		/* the operator, where the lexer found it right after the
		 * number or {var} (p->pos: past any continuation line) */
		if ((r = sh_lex_token_here(p, false, &p->tok)) < 0)
			return r;
	}
	if (!is_redir_op(t))
		return unexpected(p, t);
	static const enum sh_redir_op map[] = {
		[OP_LESS] = SH_REDIR_IN, [OP_GREAT] = SH_REDIR_OUT,
		[OP_DGREAT] = SH_REDIR_APPEND, [OP_CLOBBER] = SH_REDIR_CLOBBER,
		[OP_LESSGREAT] = SH_REDIR_RDWR, [OP_ANDGREAT] = SH_REDIR_OUT_ERR,
		[OP_ANDDGREAT] = SH_REDIR_APPEND_ERR, [OP_LESSAND] = SH_REDIR_DUP_IN,
		[OP_GREATAND] = SH_REDIR_DUP_OUT, [OP_DLESS] = SH_REDIR_HEREDOC,
		[OP_DLESSDASH] = SH_REDIR_HEREDOC_TAB, [OP_TLESS] = SH_REDIR_HERESTRING,
	};
	rd->op = map[t->op];
	if ((rd->op == SH_REDIR_OUT_ERR || rd->op == SH_REDIR_APPEND_ERR) &&
	    (rd->fd >= 0 || rd->fd_var))
		return unexpected(p, t);
	consume(p);
	return parse_redir_target(p, rd, ret);
}

/*
 * The redirection at p->pos, with no token in hand, in a source with no
 * continuation line, when it starts with one of sh_redir_op_at's
 * operators or a digit and one of them (> f, 2>/dev/null, 2>&1, <<< $x
 * after a command's arguments): read from its bytes, as parse_redir reads
 * the IONUM's operator, without the token of the operator or of the digit
 * (at p->pos a token starts, so the digit is a whole IONUM's, as
 * lex_special_fast finds it). sh_lex_redir reads the operator, and the
 * target of most; the rest here. 1 with *ret the redirection; 0, nothing
 * done, for the others (>( a word, &>, {fd}>, a here-document, 10>),
 * which the token's way takes; < 0 on error.
 */
static const bool redir_start[256] = {
	['<'] = true, ['>'] = true, ['0'] = true, ['1'] = true, ['2'] = true,
	['3'] = true, ['4'] = true, ['5'] = true, ['6'] = true, ['7'] = true,
	['8'] = true, ['9'] = true,
};

/* Does a redirection that parse_redir_bytes may read start at i (a token
 * starts there)? Not <( or >(: a process substitution, an argument. */
static inline __attribute__((always_inline)) bool
redir_bytes_at(const struct sh_parser *p, size_t i)
{
	return redir_start[(unsigned char)p->src[i]] && p->src[i + 1] != '(';
}

/* (sh_lex_redir's 2 and 3, the target of rd, out of line: rarer) */
static int __attribute__((noinline))
parse_redir_bytes_target(struct sh_parser *p, struct sh_redir *rd, int how,
			 struct sh_redir **ret)
{
	int r = how == 2 ? parse_redir_target(p, rd, ret)
			 : parse_redir_target_tok(p, rd, ret);
	return r < 0 ? r : 1;
}

static inline __attribute__((always_inline)) int
parse_redir_bytes(struct sh_parser *p, struct sh_redir **ret)
{
	struct sh_redir *rd;
	int r = sh_lex_redir(p, &rd);
	if (r == 1)
		*ret = rd;
	else if (r > 1)
		r = parse_redir_bytes_target(p, rd, r, ret);
	return r;
}

/*
 * The redirection rd (its op, fd and position set) on from its operator
 * (p->pos after it, no token in hand): its target, and a here-document's
 * delimiter. *ret = rd.
 */
static inline __attribute__((always_inline)) int
parse_redir_target(struct sh_parser *p, struct sh_redir *rd, struct sh_redir **ret)
{
	int r;
	if (rd->op == SH_REDIR_DUP_IN || rd->op == SH_REDIR_DUP_OUT) {
		/* bash reads a '-' right after <& or >& (blanks allowed) as a
		 * token of its own: "2>&-rf" closes fd 2 and passes "rf" */
		size_t i = p->pos;
		for (;;) {
			i = sh_skip_lc(p, i);
			if (sh_ch(p, i) != ' ' && sh_ch(p, i) != '\t')
				break;
			i++;
		}
		if (sh_ch(p, i) == '-') {
			rd->target = sh_lit_word(p, p->src + i, 1, i); /* the "-" */
			if (!rd->target)
				return oom(p);
			p->pos = i + 1;
			*ret = rd;
			return 0;
		}
		/* the usual target, a file descriptor number (2>&1) */
		size_t k;
		if (p->no_lc && (k = sh_dup_fd_end(p, i))) {
			rd->target = sh_lit_word(p, p->src + i, k - i, i);
			if (!rd->target)
				return oom(p);
			p->pos = k;
			*ret = rd;
			return 0;
		}
	}
	/* The target, most often a plain word (> out, < in, 2> log): lexed
	 * as an argument is (sh_lex_arg), without a token. A here-document's
	 * delimiter takes the token's way (its checks name the token). */
	if (rd->op != SH_REDIR_HEREDOC && rd->op != SH_REDIR_HEREDOC_TAB) {
		struct sh_word *w;
		if ((r = sh_lex_arg(p, &w)) < 0)
			return r;
		if (r) {
			rd->target = w;
			*ret = rd;
			return 0;
		}
	}
	return parse_redir_target_tok(p, rd, ret);
}

/* parse_redir_target's way for the target that is not lexed without a
 * token (sh_lex_arg's 0: its token, if lexed, in hand) and for a
 * here-document's delimiter */
static inline __attribute__((always_inline)) int
parse_redir_target_tok(struct sh_parser *p, struct sh_redir *rd,
		       struct sh_redir **ret)
{
	struct sh_tok *t;
	int r;
	if ((r = peek_tok(p, false, &t)) < 0)
		return r;
	/* digits before < or > lex as a number, which only >& and <& take */
	if (!(t->kind == T_WORD || (t->kind == T_IONUM && (rd->op == SH_REDIR_DUP_IN ||
							   rd->op == SH_REDIR_DUP_OUT))) ||
	    t->assign)
		return unexpected(p, t);
	rd->target = tok_word(p, t);
	if (!rd->target)
		return oom(p);
	consume(p);
	if (rd->op == SH_REDIR_HEREDOC || rd->op == SH_REDIR_HEREDOC_TAB) {
		if ((r = heredoc_delim(p, rd->target, &rd->delim, &rd->quoted_delim)) < 0)
			return r;
		if (rd->op == SH_REDIR_HEREDOC_TAB && rd->delim[0] == '\t')
			return sh_fail(p, SH_ERR_UNSUPPORTED, t->start,
				       "unsupported construct: <<- delimiter starting "
				       "with a tab (it can never match)");
		struct sh_redir **nh = sh_grow(p, p->hd, &p->cap_hd, p->n_hd, sizeof(*nh));
		if (!nh)
			return oom(p);
		p->hd = nh;
		p->hd[p->n_hd++] = rd;
	}
	*ret = rd;
	return 0;
}

static bool
starts_redir(const struct sh_tok *t)
{
	return is_redir_op(t) || t->kind == T_IONUM || t->kind == T_FDVAR;
}

/* The redirections after a compound command, the first at p->pos (no
 * token in hand, in a source with no continuation line: read from its
 * bytes when parse_redir_bytes takes it, as parse_simple_body reads a
 * command's) or in hand (the token's way), and the token after them in
 * hand */
static int __attribute__((noinline))
parse_trailing_redirs_slow(struct sh_parser *p, struct sh_node *n)
{
	struct sh_redir **tail = &n->redirs;
	struct sh_tok *t;
	int r;
	while (*tail)
		tail = &(*tail)->next;
	for (;;) {
		if (!p->have_tok && p->no_lc) {
			size_t i = sh_blanks_end(p, p->pos);
			if (i < p->end && redir_bytes_at(p, i)) {
				p->pos = i;
				if ((r = parse_redir_bytes(p, tail)) < 0)
					return r;
				if (r) {
					tail = &(*tail)->next;
					continue;
				}
			}
		}
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (!starts_redir(t))
			return 0;
		if ((r = parse_redir(p, tail)) < 0)
			return r;
		tail = &(*tail)->next;
	}
}

/* Redirections after a compound command. Inline, and only the look at the
 * next token here: most compound commands have none, and the token is
 * the one the caller's list reads next anyway. */
static inline int
parse_trailing_redirs(struct sh_parser *p, struct sh_node *n)
{
	struct sh_tok *t;
	int r;
	if (!p->have_tok) {
		/* (the token after it read where its blanks end, as
		 * parse_simple_body reads the one after a command's
		 * arguments: most compound commands end the input, or a
		 * ; && || | after them (sh_lex_op_short's) ends their list
		 * item; a redirection, from its bytes, out of line; the
		 * others the peek's) */
		size_t i = p->no_lc ? sh_blanks_end(p, p->pos) : p->pos;
		if (i >= p->end) {
			if (!p->n_hd) {
				/* (at the end, as sh_lex_token cuts a
				 * position past it) */
				tok_eof(&p->tok, p->end);
				p->pos = p->end;
				p->have_tok = 3; /* (see tok_in_hand) */
				return 0;
			}
		} else if (p->no_lc) {
			int c = (unsigned char)p->src[i];
			p->pos = i;
			if (redir_bytes_at(p, i))
				return parse_trailing_redirs_slow(p, n);
			if (sh_lex_op_short(p, false, &p->tok, i, c, true)) {
				p->have_tok = 3; /* (see tok_in_hand) */
				return 0;
			}
		}
	}
	if ((r = peek_tok(p, false, &t)) < 0)
		return r;
	return starts_redir(t) ? parse_trailing_redirs_slow(p, n) : 0;
}

/* ---- simple commands ---------------------------------------------------- */

static bool
is_decl_builtin(const struct sh_word *w)
{
	static const struct kw names[] = { KW("declare"), KW("typeset"),
		KW("local"), KW("export"), KW("readonly") };
	/* (most command names are none of these lengths, 5 to 8) */
	if (!w || w->n_parts != 1 || w->parts[0].text_len - 5 > 3)
		return false;
	return word_is_any(w, names, ARRAY_SIZE(names));
}

/*
 * word_assignment of NAME=value or NAME+=value, the name s[0..i) of the
 * word w's first part (a LIT): the assignment and its name in one
 * allocation, each member set (nothing cleared first). The value is w
 * itself, its first part cut after the '=' (dropped when nothing follows
 * it) and its braces flattened, rather than a copy of w and its parts: the
 * token is consumed after it and nothing else reads the word. When
 * keep_word (the token is read again) the value is made of a copy of w.
 */
static int
scalar_assignment(struct sh_parser *p, struct sh_word *w, size_t i, bool keep_word,
		  struct sh_assign **ret)
{
	_Static_assert(sizeof(struct sh_assign) % 8 == 0 && sizeof(struct sh_word) % 8 == 0,
		       "an assignment and its name share one allocation, a word "
		       "and its parts too");
	size_t n = w->n_parts;
	if (__builtin_expect(keep_word, 0)) {
		struct sh_word *c = sh_alloc_raw(p, sizeof(*c) + n * sizeof(*c->parts));
		if (!c)
			return oom(p);
		*c = *w;
		c->parts = (struct sh_part *)(c + 1);
		for (size_t k = 0; k < n; k++)
			c->parts[k] = w->parts[k];
		w = c;
	}
	struct sh_part *first = &w->parts[0];
	bool append = first->text[i] == '+';
	size_t vo = i + (append ? 2 : 1);
	size_t keep = first->text_len > vo; /* the first part has value text */
	char *mem = sh_alloc_raw(p, sizeof(struct sh_assign) + i + 1);
	if (!mem)
		return oom(p);
	struct sh_assign *as = (struct sh_assign *)mem;
	char *name = (char *)(as + 1);
	sh_copy(name, first->text, i);
	name[i] = '\0';
	bool braces = false;
	for (size_t k = 1; k < n; k++)
		braces |= w->parts[k].kind == SH_PART_BRACE;
	if (keep) {
		first->text += vo;
		first->text_len -= vo;
		first->pos.col += (uint32_t)vo;
		first->pos.offset += (uint32_t)vo;
	}
	w->parts += 1 - keep;
	w->n_parts = n - 1 + keep;
	*as = (struct sh_assign){ .pos = w->pos, .name = name, .append = append,
				  .value = w };
	int r;
	if (braces && (r = sh_word_flatten_braces(p, w)) < 0)
		return r;
	*ret = as;
	return 0;
}

/* Is this word an assignment? Fills *ret when it is, made of the token's
 * word unless keep_word (see scalar_assignment). */
static int
word_assignment(struct sh_parser *p, const struct sh_tok *t, bool keep_word,
		struct sh_assign **ret)
{
	*ret = NULL;
	if (t->assign) {
		*ret = t->assign;
		return 0;
	}
	/* (a reserved word's token, whose word tok_word builds, is
	 * not_assign) */
	if (t->not_assign)
		return 0;
	struct sh_word *w = t->word;
	if (!w->n_parts || w->parts[0].kind != SH_PART_LIT)
		return 0;
	/* (the name a byte at a time by table, rather than three ranges and
	 * an underscore compared) */
	const char *s = w->parts[0].text;
	size_t n = w->parts[0].text_len, i = 1;
	if (!n || !(sh_name_class[(unsigned char)s[0]] & 1))
		return 0;
	while (i < n && (sh_name_class[(unsigned char)s[i]] & 2))
		i++;
	if (i < n && (s[i] == '=' || (s[i] == '+' && i + 1 < n && s[i + 1] == '=')))
		return scalar_assignment(p, w, i, keep_word, ret);
	if (!(i < n && s[i] == '['))
		return 0; /* the common case: a plain word, nothing allocated */
	struct sh_assign *as = sh_alloc(p, sizeof(*as));
	if (!as)
		return oom(p);
	as->pos = w->pos;
	struct sh_word *key = NULL, *val = NULL;
	bool app = false;
	int r = sh_split_subscript(p, w, i + 1, &key, &val, &app);
	if (r <= 0)
		return r;
	as->index = key;
	as->value = val;
	as->append = app;
	as->name = sh_strndup(p, s, i);
	if (!as->name)
		return oom(p);
	if ((r = sh_word_flatten_braces(p, as->value)) < 0 ||
	    (r = sh_word_assign_tilde(p, as->value, 0)) < 0)
		return r;
	*ret = as;
	return 0;
}

static int parse_compound(struct sh_parser *p, struct sh_node **ret, bool *ret_found);

static int
parse_funcdef_body(struct sh_parser *p, size_t start, struct sh_node **ret)
{
	int r;
	bool found = false;
	/* most bodies are a group: its '{' made by sh_lex_rw's compare, not
	 * the word lexer, and its byte charged as that lexer charges a lone
	 * '{' (see lone_brace_end) */
	if (!p->have_tok && sh_lex_rw(p, true, RW_LBRACE) &&
	    (r = sh_charge(p, p->tok.start, 1)) < 0)
		return r;
	if ((r = skip_newlines(p)) < 0)
		return r;
	if ((r = parse_compound(p, ret, &found)) < 0)
		return r;
	if (!found) {
		struct sh_tok *t;
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		return unexpected(p, t);
	}
	(void)start;
	return parse_trailing_redirs(p, *ret);
}

static bool
plain_name_word(const struct sh_word *w)
{
	return w->n_parts == 1 && w->parts[0].kind == SH_PART_LIT;
}

/* name () compound-command, the name (at start) parsed as the only word
 * of a simple command, the '(' in hand */
static int __attribute__((noinline))
parse_funcdef(struct sh_parser *p, size_t start, const struct sh_word *name,
	      struct sh_node **ret)
{
	struct sh_tok *t;
	int r;
	consume(p);
	/* (a ')' right after the '(', f(), read without its token: a ')'
	 * is that operator wherever it is) */
	if (!p->have_tok && p->pos < p->end && p->src[p->pos] == ')') {
		p->pos++;
	} else {
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (!is_op(t, OP_RPAREN))
			return unexpected(p, t);
		consume(p);
	}
	if (!plain_name_word(name))
		return sh_fail(p, SH_ERR_UNSUPPORTED, start,
			       "unsupported construct: function name "
			       "that is not a plain word");
	struct sh_node *f = new_node(p, SH_NODE_FUNCTION, start);
	if (!f)
		return oom(p);
	f->u.function.name = name->parts[0].text;
	if ((r = parse_funcdef_body(p, start, &f->u.function.body)) < 0)
		return r;
	*ret = f;
	return 0;
}

/* sh_lex_token_here(p, false, &p->tok) after a command's arguments, at
 * p->pos < p->end: the ; | && || that end most commands but a line's
 * last read here, as it reads them, without its call (whose questions
 * repeat these); the other tokens by it. prog: see prog_pos (one line,
 * with no continuation line). */
static inline __attribute__((always_inline)) int
tok_after_args(struct sh_parser *p, bool prog)
{
	size_t i = p->pos;
	int c = (unsigned char)p->src[i];
	struct sh_tok *t = &p->tok;
	if (!((prog || p->no_lc) && sh_lex_op_short(p, false, t, i, c, true)))
		return sh_lex_token_here(p, false, t);
	return 0;
}

/* Room for the words of most simple commands after their node (a longer
 * command's move to sh_vec_more's vectors as they grow): parse_simple_body's
 * and sub_simple_body's nodes alike */
enum { SIMPLE_WORDS_INL = 12 };

static inline __attribute__((always_inline)) int
parse_simple_body(struct sh_parser *p, struct sh_tok *first_word, bool in_hand,
		  bool prog, struct sh_word *name, struct sh_node **ret)
{
	/* in_hand: the token at command position is in hand (the caller has
	 * peeked at it), and needs no peek here: a word (T_WORD). prog: see
	 * prog_pos. */
	struct sh_tok *t = &p->tok;
	int r;
	if (!in_hand && (r = peek_tok(p, true, &t)) < 0)
		return r;
	size_t start = first_word ? first_word->start : t->start;
	struct sh_node *n = node_with_room_at(p, SH_NODE_SIMPLE,
					      prog_pos(p, start, prog),
					      SIMPLE_WORDS_INL * sizeof(struct sh_word *));
	if (!n)
		return oom(p);
	struct sh_assign **atail = &n->u.simple.assigns;
	struct sh_redir **rtail = &n->redirs;
	struct sh_words av = { (struct sh_word **)(n + 1), 0, SIMPLE_WORDS_INL };
	/* (whether the name is a declaration builtin, whose arguments may be
	 * NAME=( ... ), is asked only of such an argument: nodecl is set by
	 * a redirection after the name, after which bash takes none) */
	bool any = false, nodecl = false;

	if (name) {
		/* (its token, not in hand, as consumed: see sh_lex_name) */
		av.v[av.n++] = name;
		any = true;
	} else if (first_word) {
		if (!(av.v[av.n++] = tok_word(p, first_word)))
			return oom(p);
		any = true;
	} else if ((in_hand || t->kind == T_WORD) && t->not_assign) {
		/* the name, most often a plain word that is no assignment:
		 * the loop's questions for a word at nw 0 all answer no
		 * (not_assign is only set, by plain_word_tok, on a token with
		 * no assign) */
		if (!(av.v[av.n++] = tok_word(p, t)))
			return oom(p);
		consume(p);
		any = true;
	}
	for (;;) {
		if (av.n && !p->have_tok) {
			/* the arguments: most are plain words, which come
			 * without a token (see sh_lex_args). (sh_lex_args_next
			 * written out: with no argument, sh_arg_begin's
			 * SIZE_MAX, gcc goes on to the tests below without
			 * the return value's, which takes a few instructions
			 * off most commands after the first of a line) */
			size_t i = sh_arg_begin(p);
			if (i != SIZE_MAX && (r = sh_lex_args(p, i, &av)) < 0)
				return r;
			/* the end of the input right after them (most one-line
			 * commands end so): its token, as sh_lex_token makes
			 * it, without the call */
			if (!p->have_tok && p->pos >= p->end && !p->n_hd) {
				tok_eof(&p->tok, p->pos);
				p->have_tok = 3; /* (see tok_in_hand) */
				/* (the loop's questions about it all answer
				 * no: the command ends here) */
				break;
			} else if (!p->have_tok && p->pos < p->end) {
				/* a redirection after them (2>/dev/null, > f,
				 * 2>&1) read from its bytes, without the
				 * tokens of its operator and fd (not tried
				 * for <( and >(, process substitutions,
				 * arguments: the call cost them more than
				 * its questions) */
				/* (prog: one line, with no continuation
				 * line to look past) */
				if (redir_bytes_at(p, p->pos) && (prog || p->no_lc)) {
					if ((r = parse_redir_bytes(p, rtail)) < 0)
						return r;
					if (r) {
						rtail = &(*rtail)->next;
						nodecl = true;
						continue;
					}
				}
				/* else an operator, mostly, where the blanks
				 * after them end (as peek_tok lexes it) */
				if ((r = tok_after_args(p, prog)) < 0)
					return r;
				/* (an operator of a list or a pipeline, ; &&
				 * | and the like, or the ')' that closes a
				 * $( ) body or a subshell, the ops before
				 * OP_LPAREN, ends the command, as the loop's
				 * questions would find; an operator's token
				 * serves either cmdpos, as tok_in_hand says of
				 * it) */
				if (p->tok.kind == T_OP) {
					p->have_tok = 3;
					if (p->tok.op < OP_LPAREN)
						break;
				} else {
					p->have_tok = tok_in_hand(&p->tok);
				}
			}
		}
		if ((r = peek_tok(p, av.n == 0, &t)) < 0)
			return r;
		if (t->kind == T_WORD) {
			/* (a plain word without '=' is no assignment: the
			 * lexer knows, and most command names are such) */
			if (av.n == 0 && !t->not_assign) {
				struct sh_assign *as = NULL;
				if ((r = word_assignment(p, t, false, &as)) < 0)
					return r;
				if (as) {
					*atail = as;
					atail = &as->next;
					consume(p);
					any = true;
					continue;
				}
			}
			if (t->assign && (nodecl || !is_decl_builtin(av.v[0]))) {
				/* NAME=(...) as an argument: bash's error (a
				 * NAME=(...) token at nw 0 is an assignment) */
				size_t k = t->start;
				while (k < t->end && p->src[k] != '(')
					k++;
				return sh_fail(p, SH_ERR_SYNTAX, k,
					       "syntax error near unexpected token `('");
			}
			struct sh_word *w = tok_word(p, t);
			if (!w)
				return oom(p);
			if (t->assign) {
				w->assign = t->assign;
				w->parts = NULL;
				w->n_parts = 0;
			}
			consume(p);
			av.v = sh_vec_room(p, av.v, &av.cap, av.n, sizeof(*av.v));
			if (!av.v)
				return oom(p);
			av.v[av.n++] = w;
			any = true;
			continue;
		}
		if (t->kind == T_IONUM || t->kind == T_FDVAR || is_redir_op(t)) {
			if ((r = parse_redir(p, rtail)) < 0)
				return r;
			rtail = &(*rtail)->next;
			any = true;
			/* bash takes array arguments of declare only until
			 * the first redirection after it */
			if (av.n)
				nodecl = true;
			continue;
		}
		/* name () compound-command: a '(' right after the command's
		 * name, the first thing in it (asked here, at the token after
		 * the command, rather than after every command's name) */
		if (__builtin_expect(is_op(t, OP_LPAREN), 0) && av.n == 1 && !first_word &&
		    !n->u.simple.assigns && !n->redirs)
			return parse_funcdef(p, start, av.v[0], ret);
		break;
	}
	if (!any)
		return unexpected(p, t);
	n->u.simple.words = av.n ? av.v : NULL;
	n->u.simple.n_words = av.n;
	*ret = n;
	return 0;
}

/* (parse_simple_body out of line: see parse_named_command) */
static int __attribute__((noinline))
parse_simple(struct sh_parser *p, struct sh_tok *first_word, struct sh_node **ret)
{
	return parse_simple_body(p, first_word, false, false, NULL, ret);
}

/* ---- compound commands --------------------------------------------------- */

/* do list done (read_do: its do read already, parse_list's 1) */
static inline __attribute__((always_inline)) int
parse_body_do(struct sh_parser *p, struct sh_node **ret, bool read_do)
{
	struct sh_tok *t;
	int r;
	if (!read_do) {
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		if (!is_rw(t, RW_DO))
			return unexpected(p, t);
		consume(p);
	}
	/* (parse_list's 1: its done read) */
	if ((r = parse_list(p, false, RW_DONE, ret)) != 0)
		return r < 0 ? r : 0;
	return expect_kw(p, RW_DONE);
}

static inline __attribute__((always_inline)) int
parse_for_body(struct sh_parser *p, struct sh_node **ret, bool read_do)
{
	struct sh_tok *t;
	int r;
	if (read_do)
		return parse_body_do(p, ret, true);
	if ((r = peek_tok(p, true, &t)) < 0)
		return r;
	/* do list done, or (bash) { list } for for/select (parse_list's
	 * 1: its closer read) */
	if (is_rw(t, RW_LBRACE)) {
		consume(p);
		if ((r = parse_list(p, false, RW_RBRACE, ret)) != 0)
			return r < 0 ? r : 0;
		return expect_kw(p, RW_RBRACE);
	}
	return parse_body_do(p, ret, false);
}

static int
parse_if(struct sh_parser *p, size_t start, bool elif, struct sh_node **ret)
{
	struct sh_node *n = new_node(p, SH_NODE_IF, start);
	struct sh_tok *t;
	int r;
	if (!n)
		return oom(p);
	n->u.if_.is_elif = elif;
	/* (parse_list's 1: its closer read, then or fi) */
	if ((r = parse_list(p, false, RW_THEN, &n->u.if_.cond)) < 0)
		return r;
	if (!r && (r = expect_kw(p, RW_THEN)) < 0)
		return r;
	if ((r = parse_list(p, false, RW_FI, &n->u.if_.then_body)) != 0) {
		if (r < 0)
			return r;
		*ret = n;
		return 0;
	}
	if ((r = peek_tok(p, true, &t)) < 0)
		return r;
	if (is_rw(t, RW_ELIF)) {
		size_t s = t->start;
		consume(p);
		if ((r = sh_enter(p, s)) < 0)
			return r;
		if ((r = parse_if(p, s, true, &n->u.if_.else_body)) < 0)
			return r;
		sh_leave(p);
		*ret = n;
		return 0; /* the innermost elif consumed "fi" */
	}
	if (is_rw(t, RW_ELSE)) {
		consume(p);
		if ((r = parse_list(p, false, RW_FI, &n->u.if_.else_body)) < 0)
			return r;
	}
	if (!r && (r = expect_kw(p, RW_FI)) < 0)
		return r;
	*ret = n;
	return 0;
}

static int
parse_for(struct sh_parser *p, size_t start, bool select, struct sh_node **ret)
{
	struct sh_tok *t;
	int r;
	size_t i = sh_skip_lc(p, p->pos);
	size_t k = i;
	while (k < p->end && (p->src[k] == ' ' || p->src[k] == '\t'))
		k = sh_skip_lc(p, k + 1);
	/* for (( ... )) */
	if (!select && sh_ch(p, k) == '(' && sh_ch(p, sh_skip_lc(p, k + 1)) == '(') {
		struct sh_node *n = new_node(p, SH_NODE_ARITH_FOR, start);
		if (!n)
			return oom(p);
		p->pos = sh_skip_lc(p, k + 1) + 1;
		bool ok = false;
		if ((r = sh_lex_arith_cmd(p, k, true, &n->u.arith_for.init,
					  &n->u.arith_for.test,
					  &n->u.arith_for.step, &ok)) < 0)
			return r;
		if (n->u.arith_for.init && n->u.arith_for.init->n_parts == 0)
			n->u.arith_for.init = NULL;
		if (n->u.arith_for.test && n->u.arith_for.test->n_parts == 0)
			n->u.arith_for.test = NULL;
		if (n->u.arith_for.step && n->u.arith_for.step->n_parts == 0)
			n->u.arith_for.step = NULL;
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (is_op(t, OP_SEMI) || t->kind == T_NEWLINE)
			consume(p);
		if ((r = skip_newlines(p)) < 0)
			return r;
		if ((r = parse_for_body(p, &n->u.arith_for.body, false)) < 0)
			return r;
		*ret = n;
		return 0;
	}
	/* the name: most are a plain name, whose text (all the tree keeps
	 * of its word) is copied without a token or a word (k is where
	 * sh_lex_token's would start, with no continuation lines) */
	const char *name = NULL;
	if (p->no_lc && (r = sh_lex_name_word(p, k, &name)) < 0)
		return r;
	if (!name) {
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (t->kind != T_WORD || t->assign)
			return unexpected(p, t);
		const struct sh_word *var = tok_word(p, t);
		if (!var)
			return oom(p);
		if (!plain_name_word(var) ||
		    !sh_valid_name(var->parts[0].text, var->parts[0].text_len))
			return sh_fail(p, SH_ERR_UNSUPPORTED, t->start,
				       "unsupported construct: `%.*s' is not a valid "
				       "identifier (bash fails it at run time)",
				       (int)(var->src_len < 60 ? var->src_len : 60), var->src);
		name = var->parts[0].text;
		consume(p);
	}
	/* (the words are stored after the node as they come, room for most
	 * loops' words, moving to sh_vec_more's vectors past that: see
	 * node_with_room) */
	enum { WORDS_INL = 4 };
	struct sh_node *n = node_with_room(p, select ? SH_NODE_SELECT : SH_NODE_FOR, start,
					   WORDS_INL * sizeof(struct sh_word *));
	if (!n)
		return oom(p);
	n->u.for_.var = name;
	/* (in, mostly right after the name, and do after the words' ;, by
	 * their bytes: sh_skip_rw, as parse_case's in) */
	bool in = !p->have_tok && sh_skip_rw(p, RW_IN), read_do = false;
	t = &p->tok;
	if (!in) {
		likely_rw(p, RW_IN);
		if ((r = skip_newlines(p)) < 0)
			return r;
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		if ((in = is_rw(t, RW_IN)))
			consume(p);
	}
	if (in) {
		n->u.for_.has_in = true;
		struct sh_words av = { (struct sh_word **)(n + 1), 0, WORDS_INL };
		bool semi = false;
		for (;;) {
			/* most are plain words, lexed as arguments are (no
			 * reserved words here: `for x in do done` is two words) */
			if (!p->have_tok) {
				if ((r = sh_lex_args_next(p, &av)) < 0)
					return r;
				/* (the ; after them, mostly, read without its
				 * token: no ;; ;& or ;;& there) */
				size_t e = p->pos;
				if (!p->have_tok && e + 1 < p->end && p->src[e] == ';' &&
				    p->src[e + 1] != ';' && p->src[e + 1] != '&') {
					p->pos = e + 1;
					semi = true;
					break;
				}
				/* (any other token after them, mostly the
				 * newline, lexed where the blanks after them
				 * end, as in parse_simple_body) */
				if (!p->have_tok && p->pos < p->end) {
					if ((r = sh_lex_token_here(p, false, &p->tok)) < 0)
						return r;
					p->have_tok = tok_in_hand(&p->tok);
				}
			}
			if ((r = peek_tok(p, false, &t)) < 0)
				return r;
			if (t->kind != T_WORD || t->assign)
				break;
			av.v = sh_vec_room(p, av.v, &av.cap, av.n, sizeof(*av.v));
			if (!av.v || !(av.v[av.n++] = tok_word(p, t)))
				return oom(p);
			consume(p);
		}
		if (!semi) {
			if (!is_op(t, OP_SEMI) && t->kind != T_NEWLINE) {
				t->nl_ok = true; /* (a newline would do here) */
				return unexpected(p, t);
			}
			consume(p);
		}
		if (av.n) {
			n->u.for_.words = av.v;
			n->u.for_.n_words = av.n;
		}
		if (!p->have_tok && sh_skip_rw(p, RW_DO)) {
			read_do = true;
		} else {
			likely_rw(p, RW_DO);
			if ((r = skip_newlines(p)) < 0)
				return r;
		}
	} else if (is_op(t, OP_SEMI)) {
		consume(p);
		if ((r = skip_newlines(p)) < 0)
			return r;
	}
	if ((r = parse_for_body(p, &n->u.for_.body, read_do)) < 0)
		return r;
	*ret = n;
	return 0;
}

/* Does a word that starts with c go to sh_lex_arg_word (see there)? */
static inline bool
case_word_start(char c)
{
	return c == '\'' || c == '"' || c == '$' || c == '\\';
}

/*
 * With no token in hand, in a source with no continuation line, a case
 * pattern at p->pos (after one blank at most) that is a plain word
 * (sh_lex_case_pattern) or a word that starts with a quote, a '$' or a
 * backslash (sh_lex_arg_word: the argument loop's builders, where the
 * token's way costs twice as much; none of these is esac), lexed without
 * its token, *ret_s where it starts: 1 with a ')' after it, 2 with a '|'
 * (no || or |&), both read, 3 with anything else (the token's way reads
 * it); 0 when nothing was lexed, 4 when a token was left in hand and no
 * word; < 0 on error. The word is sh_lex_token's there, not at command
 * position, which the grammar's way takes for a pattern.
 */
static inline __attribute__((always_inline)) int
case_pattern(struct sh_parser *p, size_t *ret_s, struct sh_word **ret)
{
	size_t ps = p->pos;
	int r;
	if (p->have_tok || !p->no_lc ||
	    (ps += ps < p->end && p->src[ps] == ' ') >= p->end)
		return 0;
	*ret_s = ps;
	char c = p->src[ps];
	if (!sh_arg_start[(unsigned char)c] && (r = sh_lex_case_pattern(p, ps, ret)) != 0)
		return r;
	if (!case_word_start(c))
		return 0;
	if ((r = sh_lex_arg_word(p, ps, ret)) <= 0)
		return r < 0 ? r : 4;
	size_t e = p->pos;
	if (e < p->end && p->src[e] == ')') {
		p->pos = e + 1;
		return 1;
	}
	if (e + 1 < p->end && p->src[e] == '|' && p->src[e + 1] != '|' &&
	    p->src[e + 1] != '&') {
		p->pos = e + 1;
		return 2;
	}
	return 3;
}

/* (not inlined into parse_compound: its vectors would make the frame of
 * every compound command's parse, at every level of nesting, larger) */
static int __attribute__((noinline))
parse_case(struct sh_parser *p, size_t start, struct sh_node **ret)
{
	/* (the token in hand is always p->tok: set, for gcc's
	 * -Wmaybe-uninitialized, which cannot tell that the pattern loop
	 * reads t only after a peek) */
	struct sh_tok *t = &p->tok;
	int r;
	/* the items are stored after the node as they come (room for most
	 * cases' items, moving to sh_vec_more's vectors past that), not on
	 * the stack and copied at the end (see node_with_room) */
	enum { ITEMS_INL = 4 };
	_Static_assert(sizeof(struct sh_case_item) % 8 == 0, "node_with_room's room");
	struct sh_node *n = node_with_room(p, SH_NODE_CASE, start,
					   ITEMS_INL * sizeof(struct sh_case_item));
	if (!n)
		return oom(p);
	/* the subject: lexed as an argument is, without a token when it is
	 * plain or starts with a quote, a '$' or a backslash (most do:
	 * "$1"); any other word is in p->tok after it, as sh_lex_token
	 * lexes it there */
	struct sh_word *sw;
	size_t si = sh_arg_begin(p);
	if (si == SIZE_MAX)
		r = 0;
	else if (case_word_start(p->src[si]))
		r = sh_lex_arg_word(p, si, &sw);
	else
		r = sh_lex_arg_at(p, si, &sw);
	if (r < 0)
		return r;
	if (r) {
		n->u.case_.subject = sw;
	} else {
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (t->kind != T_WORD || t->assign)
			return unexpected(p, t);
		if (!(n->u.case_.subject = tok_word(p, t)))
			return oom(p);
		consume(p);
	}
	/* (in, mostly right after the subject, by its bytes) */
	if (p->have_tok || !sh_skip_rw(p, RW_IN)) {
		likely_rw(p, RW_IN);
		if ((r = skip_newlines(p)) < 0)
			return r;
		if ((r = expect_kw(p, RW_IN)) < 0)
			return r;
	}
	/* (each item's patterns are collected on the stack and copied once,
	 * at their final size: see sh_vec_room) */
	struct sh_case_item *items = (struct sh_case_item *)(n + 1);
	struct sh_word *pats_inl[8], **pats;
	size_t ni = 0, cap = ITEMS_INL;
	for (;;) {
		size_t np = 0, pcap = ARRAY_SIZE(pats_inl);
		pats = pats_inl;
		struct sh_case_item *it;
		/* most items are one pattern and its ')': those without the
		 * tokens (see case_pattern) */
		struct sh_word *pw;
		size_t ps;
		if ((r = case_pattern(p, &ps, &pw)) < 0)
			return r;
		if (r && r != 4) {
			items = sh_vec_room(p, items, &cap, ni, sizeof(*items));
			if (!items)
				return oom(p);
			it = &items[ni++];
			it->pos = sh_pos_at(p, ps);
			it->term = SH_CASE_BREAK;
			if (r == 1) {
				/* (its one pattern: the vector made at once) */
				struct sh_word **pv = sh_alloc_rounded(p, sizeof(*pv));
				if (!pv)
					return oom(p);
				pv[0] = pw;
				it->patterns = pv;
				it->n_patterns = 1;
				goto list;
			}
		} else {
			if ((r = skip_newlines(p)) < 0)
				return r;
			if ((r = peek_tok(p, false, &t)) < 0)
				return r;
			if (is_rw(t, RW_ESAC)) {
				consume(p);
				break;
			}
			items = sh_vec_room(p, items, &cap, ni, sizeof(*items));
			if (!items)
				return oom(p);
			it = &items[ni++];
			it->pos = sh_pos_at(p, t->start);
			it->term = SH_CASE_BREAK;
			r = 0;
			if (is_op(t, OP_LPAREN)) {
				consume(p);
				if ((r = case_pattern(p, &ps, &pw)) < 0)
					return r;
				if ((!r || r == 4) && (r = peek_tok(p, false, &t)) < 0)
					return r;
			}
		}
		/* the patterns: pw, lexed, and after it its ')' (r 1) or a
		 * '|' (2), read, or what the token's way reads (3); or the
		 * token t (r 0, or 4: case_pattern's token in hand) */
		for (;;) {
			if (!r || r == 4) {
				if (t->kind != T_WORD || t->assign)
					return unexpected(p, t);
				if (!(pw = tok_word(p, t)))
					return oom(p);
				consume(p);
				r = 3;
			}
			pats = sh_vec_room(p, pats, &pcap, np, sizeof(*pats));
			if (!pats)
				return oom(p);
			pats[np++] = pw;
			if (r == 3) {
				if ((r = peek_tok(p, false, &t)) < 0)
					return r;
				if (!is_op(t, OP_RPAREN) && !is_op(t, OP_PIPE))
					return unexpected(p, t);
				r = is_op(t, OP_RPAREN) ? 1 : 2;
				consume(p);
			}
			if (r == 1)
				break;
			if ((r = case_pattern(p, &ps, &pw)) < 0)
				return r;
			if ((!r || r == 4) && (r = peek_tok(p, false, &t)) < 0)
				return r;
		}
		it->patterns = sh_vec_done(p, pats, pats_inl, np, sizeof(*pats));
		it->n_patterns = np;
		if (!it->patterns)
			return oom(p);
	list:
		if ((r = parse_list(p, true, RW_NONE, &it->body)) < 0)
			return r;
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		if (is_op(t, OP_DSEMI) || is_op(t, OP_SEMIAND) || is_op(t, OP_DSEMIAND)) {
			it->term = is_op(t, OP_DSEMI) ? SH_CASE_BREAK :
				   is_op(t, OP_SEMIAND) ? SH_CASE_FALL : SH_CASE_CONTINUE;
			consume(p);
			/* (the esac right after it, by its bytes; or the
			 * next item's pattern, after a compare that fails at
			 * its first bytes) */
			if (sh_skip_rw(p, RW_ESAC))
				break;
			continue;
		}
		if (is_rw(t, RW_ESAC)) {
			consume(p);
			break;
		}
		return unexpected(p, t);
	}
	if (ni) {
		n->u.case_.items = items;
		n->u.case_.n_items = ni;
	}
	*ret = n;
	return 0;
}

/* ---- [[ ]] --------------------------------------------------------------- */

enum cond_rhs {
	COND_RHS_WORD,    /* a word, as the lexer reads it */
	COND_RHS_PATTERN, /* == = !=: a pattern, read with extglob on */
	COND_RHS_REGEX,   /* =~: a regular expression (sh_lex_regex_word) */
};

/* The binary operator that t spells, or NULL; *ret_rhs: how its right
 * operand is read. (By length and bytes rather than a compare with each
 * of the operators: every operand but a unary operator's asks.) */
static const char *
cond_binary(const struct sh_tok *t, enum cond_rhs *ret_rhs)
{
	static const char *const ops3[] = { "-eq", "-ne", "-lt", "-le", "-gt",
		"-ge", "-nt", "-ot", "-ef" };
	*ret_rhs = COND_RHS_WORD;
	if (t->kind == T_OP)
		return t->op == OP_LESS ? "<" : t->op == OP_GREAT ? ">" : NULL;
	if (t->kind != T_WORD || t->assign)
		return NULL;
	/* (no operator is a reserved word, whose word may be left unbuilt:
	 * see tok_word) */
	const struct sh_word *w = t->word;
	if (!w || w->n_parts != 1 || w->parts[0].kind != SH_PART_LIT)
		return NULL;
	const char *s = w->parts[0].text;
	switch (w->parts[0].text_len) {
	case 1:
		if (s[0] != '=')
			return NULL;
		*ret_rhs = COND_RHS_PATTERN;
		return "=";
	case 2:
		if (s[0] == '=' && s[1] == '~') {
			*ret_rhs = COND_RHS_REGEX;
			return "=~";
		}
		if (s[1] != '=' || (s[0] != '=' && s[0] != '!'))
			return NULL;
		*ret_rhs = COND_RHS_PATTERN;
		return s[0] == '=' ? "==" : "!=";
	case 3:
		if (s[0] != '-')
			return NULL;
		for (size_t i = 0; i < ARRAY_SIZE(ops3); i++)
			if (s[1] == ops3[i][1] && s[2] == ops3[i][2])
				return ops3[i];
		return NULL;
	default:
		return NULL;
	}
}

static int cond_or(struct sh_parser *p, struct sh_cond **ret);

/* (inline: a [[ ]] makes one per operand and operator) */
static inline __attribute__((always_inline)) struct sh_cond *
new_cond(struct sh_parser *p, enum sh_cond_kind k, size_t off)
{
	struct sh_cond *c = sh_alloc(p, sizeof(*c));
	if (!c)
		return NULL;
	c->kind = k;
	if (off != SIZE_MAX)
		c->pos = sh_pos_at(p, off);
	return c;
}

/* What [[ ]] looked for where it found a token it cannot take */
enum cond_expect {
	CE_OPERAND,    /* a word, ! or ( */
	CE_RPAREN,     /* the ) of a ( group */
	CE_UNARY_ARG,  /* the word after -f */
	CE_BINARY_ARG, /* the word after == */
	CE_BINARY_OP,  /* an operator after a word (or ]] && || )) */
	CE_END,        /* the ]] */
};

/* bash's message for the token t found where [[ ]] looked for what
 * (parse.y's cond_term and the reading of a [[ ]] command): the token
 * named as bash names it (an operator, `]]', `newline'), or not at all
 * for a word. bash skips newlines before an operand and before a
 * group's ), so the end of the input is `EOF' there, and `newline'
 * elsewhere (bash sees a newline before the end of every input). */
static int
cond_fail(struct sh_parser *p, const struct sh_tok *t, enum cond_expect what)
{
	const char *x = NULL;
	if (t->kind == T_OP)
		x = op_text(t->op);
	else if (t->kind == T_NEWLINE)
		x = "newline";
	else if (t->kind == T_EOF)
		x = what == CE_OPERAND || what == CE_RPAREN ? "EOF" : "newline";
	else if (is_rw(t, RW_DRBRACK))
		x = "]]";
	switch (what) {
	case CE_OPERAND:
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "unexpected token `%s' in conditional command", x ? x : "]]");
	case CE_RPAREN:
		if (!x)
			return sh_fail(p, SH_ERR_SYNTAX, t->start, "expected `)'");
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "unexpected token `%s', expected `)'", x);
	case CE_UNARY_ARG:
	case CE_BINARY_ARG:
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "unexpected argument `%s' to conditional %s operator",
			       x ? x : "]]", what == CE_UNARY_ARG ? "unary" : "binary");
	case CE_BINARY_OP:
		if (!x)
			return sh_fail(p, SH_ERR_SYNTAX, t->start,
				       "conditional binary operator expected");
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "unexpected token `%s', conditional binary operator expected", x);
	case CE_END:
	default:
		break;
	}
	if (t->kind == T_EOF)
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "unexpected end of file while looking for `]]'");
	if (!x || t->kind != T_OP)
		return sh_fail(p, SH_ERR_SYNTAX, t->start,
			       "syntax error in conditional expression");
	return sh_fail(p, SH_ERR_SYNTAX, t->start,
		       "syntax error in conditional expression: unexpected token `%s'", x);
}

static bool
cond_word_tok(const struct sh_tok *t)
{
	return (t->kind == T_WORD && !t->assign) || t->kind == T_IONUM ||
	       t->kind == T_FDVAR;
}

static int
cond_primary(struct sh_parser *p, struct sh_cond **ret)
{
	struct sh_tok *t;
	int r;
	if ((r = skip_newlines(p)) < 0)
		return r;
	if ((r = peek_tok(p, false, &t)) < 0)
		return r;
	size_t s = t->start;
	if ((r = sh_enter(p, s)) < 0)
		return r;
	if (is_rw(t, RW_BANG)) {
		consume(p);
		struct sh_cond *c = new_cond(p, SH_COND_NOT, s);
		if (!c)
			return oom(p);
		if ((r = cond_primary(p, &c->left)) < 0)
			return r;
		sh_leave(p);
		*ret = c;
		return 0;
	}
	if (is_op(t, OP_LPAREN)) {
		consume(p);
		struct sh_cond *c = new_cond(p, SH_COND_GROUP, s);
		if (!c)
			return oom(p);
		if ((r = cond_or(p, &c->left)) < 0)
			return r;
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (!is_op(t, OP_RPAREN))
			return cond_fail(p, t, CE_RPAREN);
		consume(p);
		sh_leave(p);
		*ret = c;
		return 0;
	}
	if (!cond_word_tok(t) || is_rw(t, RW_DRBRACK))
		return cond_fail(p, t, CE_OPERAND);
	struct sh_word *a = tok_word(p, t);
	if (!a)
		return oom(p);
	consume(p);
	if (sh_cond_unary(a)) {
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (cond_word_tok(t) && !is_rw(t, RW_DRBRACK)) {
			struct sh_cond *c = new_cond(p, SH_COND_UNARY, s);
			if (!c)
				return oom(p);
			c->op = a->parts[0].text;
			c->a = tok_word(p, t);
			if (!c->a)
				return oom(p);
			consume(p);
			sh_leave(p);
			*ret = c;
			return 0;
		}
		return cond_fail(p, t, CE_UNARY_ARG);
	}
	if ((r = peek_tok(p, false, &t)) < 0)
		return r;
	enum cond_rhs rhs;
	const char *op = cond_binary(t, &rhs);
	if (op) {
		struct sh_cond *c = new_cond(p, SH_COND_BINARY, s);
		if (!c)
			return oom(p);
		c->op = op;
		c->a = a;
		consume(p);
		if (rhs == COND_RHS_REGEX) {
			if ((r = sh_lex_regex_word(p, &c->b)) < 0)
				return r;
		} else {
			/* bash reads the pattern of == and != with extglob
			 * on, whatever the option */
			bool oext = p->extglob;
			if (rhs == COND_RHS_PATTERN)
				p->extglob = true;
			r = peek_tok(p, false, &t);
			p->extglob = oext;
			if (r < 0)
				return r;
			if (!cond_word_tok(t) || is_rw(t, RW_DRBRACK))
				return cond_fail(p, t, CE_BINARY_ARG);
			c->b = tok_word(p, t);
			if (!c->b)
				return oom(p);
			consume(p);
		}
		sh_leave(p);
		*ret = c;
		return 0;
	}
	if (is_rw(t, RW_DRBRACK) || is_op(t, OP_AND_IF) || is_op(t, OP_OR_IF) ||
	    is_op(t, OP_RPAREN)) {
		struct sh_cond *c = new_cond(p, SH_COND_WORD, s);
		if (!c)
			return oom(p);
		c->a = a;
		sh_leave(p);
		*ret = c;
		return 0;
	}
	return cond_fail(p, t, CE_BINARY_OP);
}

/* (Always inlined in cond_or, its only caller: most [[ ]] are one
 * primary, which went through both frames) */
static inline __attribute__((always_inline)) int
cond_and(struct sh_parser *p, struct sh_cond **ret)
{
	struct sh_cond *l = NULL;
	struct sh_tok *t;
	int r;
	if ((r = cond_primary(p, &l)) < 0)
		return r;
	for (;;) {
		/* (most [[ ]] end after their first primary: its ]] by
		 * sh_lex_rw, the token the peek would lex) */
		if (!p->have_tok)
			(void)sh_lex_rw(p, false, RW_DRBRACK);
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (!is_op(t, OP_AND_IF))
			break;
		consume(p);
		struct sh_cond *c = new_cond(p, SH_COND_AND, SIZE_MAX);
		if (!c)
			return oom(p);
		c->pos = l->pos;
		c->left = l;
		if ((r = cond_primary(p, &c->right)) < 0)
			return r;
		l = c;
	}
	*ret = l;
	return 0;
}

static int
cond_or(struct sh_parser *p, struct sh_cond **ret)
{
	struct sh_cond *l = NULL;
	struct sh_tok *t;
	int r;
	if ((r = cond_and(p, &l)) < 0)
		return r;
	for (;;) {
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (!is_op(t, OP_OR_IF))
			break;
		consume(p);
		struct sh_cond *c = new_cond(p, SH_COND_OR, SIZE_MAX);
		if (!c)
			return oom(p);
		c->pos = l->pos;
		c->left = l;
		if ((r = cond_and(p, &c->right)) < 0)
			return r;
		l = c;
	}
	*ret = l;
	return 0;
}

/* ---- commands ------------------------------------------------------------ */
/* A [[ ]] command from its expression on (p->pos after the [[, consumed)
 * to its ]]: *ret, at s. (Out of line: the code of the two ways, inlined
 * in parse_compound_inline, cost every command a few instructions in
 * sh_parse, where it is inlined too.) */
static int __attribute__((noinline))
parse_cond(struct sh_parser *p, size_t s, struct sh_node **ret)
{
	struct sh_tok *t;
	int r;
	struct sh_node *n = new_node(p, SH_NODE_COND, s);
	if (!n)
		return oom(p);
	if ((r = sh_lex_cond(p, &n->u.cond.expr)) == 0) {
		if ((r = cond_or(p, &n->u.cond.expr)) < 0)
			return r;
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (!is_rw(t, RW_DRBRACK))
			return cond_fail(p, t, CE_END);
		consume(p);
	} else if (r < 0) {
		return r;
	}
	*ret = n;
	return 0;
}


static bool
starts_compound(const struct sh_tok *t)
{
	if (is_op(t, OP_LPAREN))
		return true;
	return (1u << t->rw) & (1u << RW_LBRACE | 1u << RW_IF | 1u << RW_WHILE |
				1u << RW_UNTIL | 1u << RW_FOR | 1u << RW_SELECT |
				1u << RW_CASE | 1u << RW_DLBRACK |
				1u << RW_FUNCTION | 1u << RW_COPROC);
}

/*
 * A compound command at command position, without its trailing
 * redirections. *ret_found is false when the next token starts none.
 */
static inline __attribute__((always_inline)) int
parse_compound_inline(struct sh_parser *p, struct sh_node **ret, bool *ret_found)
{
	struct sh_tok *t;
	int r;
	*ret_found = false;
	if ((r = peek_tok(p, true, &t)) < 0)
		return r;
	size_t s = t->start;
	struct sh_node *n = NULL;

	if (is_op(t, OP_LPAREN)) {
		bool dparen = false;
		*ret_found = true;
		consume(p);
		size_t i = sh_skip_lc(p, p->pos);
		if (sh_ch(p, i) == '(') {
			/* (( expr )), or nested subshells when it does not
			 * close as arithmetic */
			n = new_node(p, SH_NODE_ARITH, s);
			if (!n)
				return oom(p);
			unsigned d0 = p->depth, dp0 = p->in_dparen;
			p->pos = i + 1;
			bool ok = false;
			if ((r = sh_lex_arith_cmd(p, s, false, &n->u.arith.expr, NULL, NULL,
						  &ok)) < 0)
				return r;
			p->depth = d0;
			p->in_dparen = dp0; /* (after a fallback inside it) */
			if (ok) {
				*ret = n;
				return 0;
			}
			p->pos = i;
			/* (( that does not close as arithmetic: nested
			 * subshells, in which bash, which read on for the
			 * )) first, has no end of input to meet */
			p->in_dparen++;
			dparen = true;
		}
		n = new_node(p, SH_NODE_SUBSHELL, s);
		if (!n)
			return oom(p);
		if ((r = parse_list(p, false, RW_NONE, &n->u.group.body)) < 0)
			return r;
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (!is_op(t, OP_RPAREN))
			return unexpected(p, t);
		consume(p);
		if (dparen)
			p->in_dparen--;
		*ret = n;
		return 0;
	}
	/* (tok.rw is set only on a word that is no assignment: one switch
	 * instead of a test per reserved word) */
	enum sh_rw rw = t->rw;
	switch (rw) {
	case RW_LBRACE:
		*ret_found = true;
		consume(p);
		n = new_node(p, SH_NODE_GROUP, s);
		if (!n)
			return oom(p);
		/* (parse_list's 1: its } read) */
		if ((r = parse_list(p, false, RW_RBRACE, &n->u.group.body)) < 0)
			return r;
		if (!r && (r = expect_kw(p, RW_RBRACE)) < 0)
			return r;
		break;
	case RW_IF:
		*ret_found = true;
		consume(p);
		if ((r = parse_if(p, s, false, &n)) < 0)
			return r;
		break;
	case RW_WHILE:
	case RW_UNTIL:
		*ret_found = true;
		n = new_node(p, rw == RW_WHILE ? SH_NODE_WHILE : SH_NODE_UNTIL, s);
		if (!n)
			return oom(p);
		consume(p);
		/* (parse_list's 1: its do read) */
		if ((r = parse_list(p, false, RW_DO, &n->u.loop.cond)) < 0)
			return r;
		if ((r = parse_body_do(p, &n->u.loop.body, r)) < 0)
			return r;
		break;
	case RW_FOR:
	case RW_SELECT:
		*ret_found = true;
		consume(p);
		if ((r = parse_for(p, s, rw == RW_SELECT, &n)) < 0)
			return r;
		break;
	case RW_CASE:
		*ret_found = true;
		consume(p);
		if ((r = parse_case(p, s, &n)) < 0)
			return r;
		break;
	case RW_DLBRACK:
		*ret_found = true;
		consume(p);
		if ((r = parse_cond(p, s, &n)) < 0)
			return r;
		break;
	case RW_NONE:
	case RW_BANG:
	case RW_RBRACE:
	case RW_DRBRACK:
	case RW_IN:
	case RW_THEN:
	case RW_ELSE:
	case RW_ELIF:
	case RW_FI:
	case RW_DO:
	case RW_DONE:
	case RW_ESAC:
	case RW_TIME:
	case RW_FUNCTION:
	case RW_COPROC:
	default:
		return 0;
	}
	*ret = n;
	return 0;
}

static int
parse_compound(struct sh_parser *p, struct sh_node **ret, bool *ret_found)
{
	return parse_compound_inline(p, ret, ret_found);
}

/* parse_command for the commands that parse_compound does not parse:
 * function and coproc, simple commands (out of line: the frame of these
 * paths is larger than a compound command's way through needs) */
static int __attribute__((noinline))
parse_command_other(struct sh_parser *p, struct sh_node **ret)
{
	struct sh_tok *t;
	int r;
	if ((r = peek_tok(p, true, &t)) < 0)
		return r;
	size_t s = t->start;
	if ((r = sh_enter(p, s)) < 0)
		return r;

	if (is_rw(t, RW_FUNCTION)) {
		consume(p);
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		if (t->kind != T_WORD || t->assign)
			return unexpected(p, t);
		const struct sh_word *name = tok_word(p, t);
		if (!name)
			return oom(p);
		if (!plain_name_word(name))
			return sh_fail(p, SH_ERR_UNSUPPORTED, t->start,
				       "unsupported construct: function name that is "
				       "not a plain word");
		struct sh_node *f = new_node(p, SH_NODE_FUNCTION, s);
		if (!f)
			return oom(p);
		f->u.function.name = name->parts[0].text;
		f->u.function.keyword = true;
		consume(p);
		if ((r = peek_tok(p, false, &t)) < 0)
			return r;
		bool done = false;
		if (is_op(t, OP_LPAREN)) {
			/* function f ( list ): a subshell body, as bash reads it
			 * when no ')' follows */
			size_t ls = t->start;
			size_t save = p->pos;
			struct sh_tok lp = *t;
			consume(p);
			if ((r = peek_tok(p, false, &t)) < 0)
				return r;
			if (is_op(t, OP_RPAREN)) {
				consume(p);
			} else {
				(void)save;
				(void)lp;
				struct sh_node *b = new_node(p, SH_NODE_SUBSHELL, ls);
				if (!b)
					return oom(p);
				if ((r = parse_list(p, false, RW_NONE, &b->u.group.body)) < 0)
					return r;
				if ((r = peek_tok(p, false, &t)) < 0)
					return r;
				if (!is_op(t, OP_RPAREN))
					return unexpected(p, t);
				consume(p);
				if ((r = parse_trailing_redirs(p, b)) < 0)
					return r;
				f->u.function.body = b;
				done = true;
			}
		}
		if (!done && (r = parse_funcdef_body(p, s, &f->u.function.body)) < 0)
			return r;
		sh_leave(p);
		*ret = f;
		return 0;
	}
	if (is_rw(t, RW_COPROC)) {
		consume(p);
		struct sh_node *c = new_node(p, SH_NODE_COPROC, s);
		if (!c)
			return oom(p);
		if ((r = peek_tok(p, true, &t)) < 0)
			return r;
		/* (bash reads `function` and `coproc` here as reserved words that
		 * its grammar has no place for: a syntax error at them) */
		if (t->kind == T_WORD && !t->assign &&
		    (ends_list(t) || is_rw(t, RW_IN) || is_rw(t, RW_DRBRACK) ||
		     is_rw(t, RW_BANG) || is_rw(t, RW_FUNCTION) || is_rw(t, RW_COPROC)))
			return unexpected(p, t);
		struct sh_assign *as0 = NULL;
		if (t->kind == T_WORD && !t->assign &&
		    (r = word_assignment(p, t, true, &as0)) < 0)
			return r;
		if (t->kind == T_WORD && !t->assign && !as0 && !starts_compound(t)) {
			/* coproc NAME compound, or coproc simple-command; the
			 * word after NAME is in command position for bash */
			struct sh_tok first = *t;
			consume(p);
			if ((r = peek_tok(p, true, &t)) < 0)
				return r;
			if (t->kind == T_WORD && !t->assign &&
			    (ends_list(t) || is_rw(t, RW_IN) || is_rw(t, RW_DRBRACK) ||
			     is_rw(t, RW_BANG) || is_rw(t, RW_FUNCTION) || is_rw(t, RW_COPROC)))
				return unexpected(p, t);
			if (starts_compound(t)) {
				const struct sh_word *name = tok_word(p, &first);
				if (!name)
					return oom(p);
				if (!plain_name_word(name))
					return sh_fail(p, SH_ERR_UNSUPPORTED, first.start,
						       "unsupported construct: coproc name that "
						       "is not a plain word");
				c->u.coproc.name = name->parts[0].text;
				bool found = false;
				if ((r = parse_compound(p, &c->u.coproc.body, &found)) < 0)
					return r;
				if ((r = parse_trailing_redirs(p, c->u.coproc.body)) < 0)
					return r;
			} else {
				if ((r = parse_simple(p, &first, &c->u.coproc.body)) < 0)
					return r;
			}
		} else {
			if ((r = parse_command(p, &c->u.coproc.body)) < 0)
				return r;
			if (c->u.coproc.body->kind == SH_NODE_COPROC ||
			    c->u.coproc.body->kind == SH_NODE_FUNCTION)
				return sh_fail(p, SH_ERR_UNSUPPORTED, s,
					       "unsupported construct: coproc of a "
					       "function definition or coproc");
		}
		sh_leave(p);
		*ret = c;
		return 0;
	}

	struct sh_node *n = NULL;
	/* reserved words that cannot start a command here (`!` only starts a
	 * pipeline, not a command after `|` or coproc) */
	if (t->kind == T_WORD && !t->assign &&
	    (ends_list(t) || is_rw(t, RW_IN) || is_rw(t, RW_DRBRACK) || is_rw(t, RW_BANG)))
		return unexpected(p, t);
	if ((r = parse_simple(p, NULL, &n)) < 0)
		return r;
	sh_leave(p);
	*ret = n;
	return 0;
}

static int
parse_command(struct sh_parser *p, struct sh_node **ret)
{
	struct sh_tok *t;
	int r;
	if ((r = peek_tok(p, true, &t)) < 0)
		return r;
	if (!starts_compound(t) || is_rw(t, RW_FUNCTION) || is_rw(t, RW_COPROC))
		return parse_command_other(p, ret);
	/* a compound command that parse_compound parses (it finds one) */
	if ((r = sh_enter(p, t->start)) < 0)
		return r;
	bool found = false;
	struct sh_node *n = NULL;
	if ((r = parse_compound_inline(p, &n, &found)) < 0)
		return r;
	if ((r = parse_trailing_redirs(p, n)) < 0)
		return r;
	sh_leave(p);
	*ret = n;
	return 0;
}

/* ---- entry points ---------------------------------------------------------- */

/* The bytes sub_simple_body takes in a $( ) body: 1 the blanks between
 * its words, 2 the bytes of its plain words (no quote, '$', '(', brace,
 * subscript, '~', '=', '#' or escape among them; a glob is text), 4
 * those that may start its first word: a letter (a `time` there is a
 * reserved word's token that sh_lex_name leaves in hand, for the peek
 * that asks about it: see parse_program) */
static const unsigned char sub_plain[256] = {
	[' '] = 1, ['\t'] = 1, ['0'] = 2, ['1'] = 2, ['2'] = 2, ['3'] = 2,
	['4'] = 2, ['5'] = 2, ['6'] = 2, ['7'] = 2, ['8'] = 2, ['9'] = 2,
	['_'] = 2, ['-'] = 2, ['.'] = 2, ['/'] = 2, [','] = 2, [':'] = 2,
	['+'] = 2, ['%'] = 2, ['@'] = 2, ['*'] = 2, ['?'] = 2, ['a'] = 6, ['b'] = 6, ['c'] = 6,
	['d'] = 6, ['e'] = 6, ['f'] = 6, ['g'] = 6, ['h'] = 6, ['i'] = 6,
	['j'] = 6, ['k'] = 6, ['l'] = 6, ['m'] = 6, ['n'] = 6, ['o'] = 6,
	['p'] = 6, ['q'] = 6, ['r'] = 6, ['s'] = 6, ['t'] = 6, ['u'] = 6,
	['v'] = 6, ['w'] = 6, ['x'] = 6, ['y'] = 6, ['z'] = 6, ['A'] = 6,
	['B'] = 6, ['C'] = 6, ['D'] = 6, ['E'] = 6, ['F'] = 6, ['G'] = 6,
	['H'] = 6, ['I'] = 6, ['J'] = 6, ['K'] = 6, ['L'] = 6, ['M'] = 6,
	['N'] = 6, ['O'] = 6, ['P'] = 6, ['Q'] = 6, ['R'] = 6, ['S'] = 6,
	['T'] = 6, ['U'] = 6, ['V'] = 6, ['W'] = 6, ['X'] = 6, ['Y'] = 6,
	['Z'] = 6,
};

/*
 * A $( ) body (p->pos after the "$(", no token in hand) that is one
 * simple command of plain words up to its ')' ($(nproc), $(echo a b),
 * $(date +%s)), in a one-line source with no continuation line, well
 * within the nesting limit: the SIMPLE node parse_program makes of it,
 * its name by sh_lex_name, its arguments each the one LIT part
 * sh_lex_args makes of such a word (sh_lex_plain_words), without the
 * list, the pipeline and the token of the ')' (consumed), and the
 * arguments' scan the one that found the body's shape: 1 when built
 * (*ret), 0 for any other body (nothing done, or what sh_lex_name leaves
 * for the grammar, as it leaves it there: a reserved word's token, a
 * name of 16 bytes or more), < 0 when out of memory.
 */
static inline __attribute__((always_inline)) int
sub_simple_body(struct sh_parser *p, struct sh_node **ret)
{
	const char *src = p->src, *q = src + p->pos;
	/* where each argument starts and ends (in the node's room, which
	 * has room for SIMPLE_WORDS_INL words: no more than 5 here) */
	uint32_t at[2 * 5];
	_Static_assert(SIMPLE_WORDS_INL >= 1 + 5, "the name and 5 arguments fit");
	size_t na = 0;
	if (!(sub_plain[(unsigned char)*q] & 4))
		return 0;
	while (sub_plain[(unsigned char)*++q] & 2)
		;
	for (;;) {
		while (sub_plain[(unsigned char)*q] & 1)
			q++;
		if (!(sub_plain[(unsigned char)*q] & 2))
			break;
		if (na == ARRAY_SIZE(at))
			return 0;
		at[na++] = (uint32_t)(q - src);
		while (sub_plain[(unsigned char)*++q] & 2)
			;
		at[na++] = (uint32_t)(q - src);
	}
	size_t k = (size_t)(q - src);
	/* (the charges of the general way, a few levels, far from the
	 * limit: the same none) */
	if (*q != ')' || k >= p->end || !p->offset_pos || !p->no_lc ||
	    p->depth >= SH_MAX_DEPTH - 8)
		return 0;
	struct sh_word *name = sh_lex_name(p);
	if (!name)
		return 0;
	struct sh_node *n = node_with_room_at(p, SH_NODE_SIMPLE, name->pos,
					      SIMPLE_WORDS_INL * sizeof(struct sh_word *));
	if (!n)
		return oom(p);
	struct sh_word **v = (struct sh_word **)(n + 1);
	v[0] = name;
	int r;
	if (na && (r = sh_lex_plain_words(p, at, na, v + 1)) < 0)
		return r;
	n->u.simple.words = v;
	n->u.simple.n_words = na / 2 + 1;
	p->pos = k + 1;
	*ret = n;
	return 1;
}

/* (Always inlined: sh_parse's copy, for the whole input, is most of the
 * calls and needs no questions about the closer.) top: sh_parse's (see
 * parse_pipeline_fast). */
static inline __attribute__((always_inline)) int
parse_program(struct sh_parser *p, int closer, struct sh_node **ret, bool top)
{
	struct sh_tok *t;
	int r;
	if (closer == ')') {
		if (!p->have_tok && (r = sub_simple_body(p, ret)) != 0) {
			p->time_quirk = false;
			return r < 0 ? r : 0;
		}
		/* (a body whose first token can be no `time`, by its first
		 * byte after the blanks, neither a 't' nor a '\\' that may
		 * start a continuation line, is not peeked at: its first
		 * command's name is then taken without its token, see
		 * cmd_name) */
		const char *s = p->src + p->pos;
		while (*s == ' ' || *s == '\t')
			s++;
		if (p->have_tok || *s == 't' || *s == '\\') {
			if ((r = peek_tok(p, true, &t)) < 0)
				return r;
			p->time_quirk = is_rw(t, RW_TIME);
		} else {
			p->time_quirk = false;
		}
	}
	/* (in_hand: the list ended at a token that is no separator, which
	 * is in hand as peek_tok(p, false) gives it: most programs) */
	bool in_hand = false;
	/* (a $( ) body's first command in sh_parse_program_until's frame
	 * too, top 1: most bodies are one simple command) */
	r = parse_list_inline(p, true, RW_NONE, ret, &in_hand, top ? 2 : 1);
	p->time_quirk = false;
	if (r < 0)
		return r;
	if (in_hand)
		t = &p->tok;
	else if ((r = peek_tok(p, false, &t)) < 0)
		return r;
	if (closer == ')' ? !is_op(t, OP_RPAREN) : t->kind != T_EOF)
		return unexpected(p, t);
	consume(p);
	p->pos = t->end;
	return 0;
}

int
sh_parse_program_until(struct sh_parser *p, int closer, struct sh_node **ret)
{
	return parse_program(p, closer, ret, false);
}

/* sh_parse's parse of an input of more than one line, or with a NUL
 * byte: the line starts, for positions, in one pass (on the stack up to
 * 15 lines, else in a malloc'd array), then the program, unless a NUL
 * byte is in it. 1 when the array could not be had (sh_parse's -ENOMEM
 * with the error left as it is). (Apart, so that a one-line input, most
 * of them, neither sets up the table nor asks about freeing it.) */
static int __attribute__((noinline))
parse_lines(struct sh_parser *p, struct sh_node **ret)
{
	const char *src = p->src;
	size_t len = p->end;
	uint32_t lines_inl[16];
	size_t cap = ARRAY_SIZE(lines_inl);
	p->lines = lines_inl;
	p->lines[0] = 0;
	p->n_lines = 1;
	for (const char *q = src; (q = memchr(q, '\n', (size_t)(src + len - q))); q++) {
		if (p->n_lines + 1 >= cap) { /* room for this one and the sentinel */
			size_t nc = cap < len / 32 ? len / 32 : cap * 2;
			uint32_t *nv = p->lines == lines_inl
					       ? malloc(nc * sizeof(*nv))
					       : realloc(p->lines, nc * sizeof(*nv));
			if (!nv) {
				if (p->lines != lines_inl)
					free(p->lines);
				return 1;
			}
			if (p->lines == lines_inl)
				memcpy(nv, lines_inl, sizeof(lines_inl));
			p->lines = nv;
			cap = nc;
		}
		p->lines[p->n_lines++] = (uint32_t)(q - src + 1);
		if (q > src && q[-1] == '\\')
			p->no_lc = false;
	}
	p->lines[p->n_lines] = UINT32_MAX;
	p->offset_pos = p->n_lines == 1;
	p->line_len = p->lines[1];

	int r;
	const char *nul = memchr(src, '\0', len);
	if (nul)
		r = sh_fail(p, SH_ERR_SYNTAX, (size_t)(nul - src), "NUL byte in input");
	else
		r = sh_parse_program_until(p, -1, ret);
	if (p->lines != lines_inl)
		free(p->lines);
	return r;
}

/* Copy s[0..n) to d and say whether it holds a newline or a NUL byte, in
 * one pass (a memcpy, then a scan, read it twice): 16 bytes at a time (GNU
 * C vectors: SSE2 on x86-64), the last block overlapping the one before,
 * so that no byte outside s is read. A shorter s goes into 16 bytes of d
 * (which has room for them) filled with blanks first; of 8 bytes or more,
 * its two 8-byte halves are scanned, of fewer those 16 bytes of d. */
static bool
copy_has_newline_or_nul(char *d, const char *s, size_t n)
{
	typedef unsigned char bytes16 __attribute__((vector_size(16)));
	const bytes16 nl = { '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n',
			     '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n' };
	const bytes16 blank = { ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
				' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ' };
	const bytes16 zero = { 0 };
	bytes16 found = { 0 };
	bytes16 v;
	if (__builtin_expect(n < 16, 0)) {
		memcpy(d, &blank, 16);
		if (n >= 8) {
			/* (sh_copy's two 8-byte moves, the vector made of
			 * them in registers: a 16-byte load of d just after
			 * its 8-byte stores cannot be forwarded from them, a
			 * stall that held 2.3% of sh_parse's samples under
			 * `perf record`; the halves overlap, which only
			 * tests some bytes twice) */
			typedef uint64_t u64x2 __attribute__((vector_size(16)));
			uint64_t a, b;
			memcpy(&a, s, 8);
			memcpy(&b, s + n - 8, 8);
			memcpy(d, &a, 8);
			memcpy(d + n - 8, &b, 8);
			v = (bytes16)(u64x2){ a, b };
		} else {
			sh_copy(d, s, n);
			memcpy(&v, d, 16);
		}
		found = (bytes16)((v == nl) | (v == zero));
	} else {
		/* (the whole blocks, then the last one where it ends: one
		 * branch per block, the loop's, rather than a second one
		 * choosing where a block starts, which the CPU mispredicted
		 * at the end of most lines) */
		for (size_t i = 0; i + 16 < n; i += 16) {
			memcpy(&v, s + i, 16);
			memcpy(d + i, &v, 16);
			found |= (bytes16)((v == nl) | (v == zero));
		}
		memcpy(&v, s + n - 16, 16);
		memcpy(d + n - 16, &v, 16);
		found |= (bytes16)((v == nl) | (v == zero));
	}
	uint64_t lo, hi;
	memcpy(&lo, &found, 8);
	memcpy(&hi, (const char *)&found + 8, 8);
	return (lo | hi) != 0;
}

int
sh_parse(struct arena *a, const char *src, size_t len,
	 const struct sh_parse_options *opts, struct sh_node **ret_tree,
	 struct sh_error *reterr)
{
	static const struct sh_parse_options defaults = { .extglob = false };
	struct sh_error dummy;
	if (!reterr)
		reterr = &dummy;
	/* (not a memset of the whole message: a rep stos per parse) */
	reterr->kind = SH_ERR_NONE;
	reterr->line = reterr->col = 0;
	reterr->message[0] = '\0';
	*ret_tree = NULL;
	/* (a short input, nearly every one, asked once: the test below
	 * that takes the first chunk with the copy is the same) */
	_Static_assert(SH_CHUNK_MAX <= SH_MAX_INPUT, "a short input is no long one");
	if (__builtin_expect(len >= SH_CHUNK_MAX, 0) && len > SH_MAX_INPUT) {
		reterr->kind = SH_ERR_LIMIT;
		reterr->line = reterr->col = 1;
		snprintf(reterr->message, sizeof(reterr->message),
			 "input larger than %u bytes", SH_MAX_INPUT);
		return -E2BIG;
	}
	/* the tree points into a copy of the input (word src), which lives in
	 * the arena like the rest of the tree */
	/* with the parser's first chunk after it, for a short input: one
	 * call into the arena instead of two */
	/* (the chunk after a short copy is its SH_SRC_PAD; a long one gets
	 * its own, and 16 bytes at least: copy_has_newline_or_nul's) */
	_Static_assert(SH_CHUNK_MIN >= SH_SRC_PAD, "the first chunk pads the copy");
	size_t copy_size = (len + 1 + 7) & ~(size_t)7;
	char *copy = NULL, *chunk = NULL, *chunk_end = NULL;
	size_t next_chunk = 0;
	if (len < SH_CHUNK_MAX &&
	    (copy = arena_alloc_uninit_inline(a, copy_size + SH_CHUNK_MIN)) != NULL) {
		/* the first chunk, as sh_alloc_slow would have taken it (set
		 * here, not asked again: the way of nearly every parse) */
		chunk = copy + copy_size;
		chunk_end = chunk + SH_CHUNK_MIN;
		next_chunk = 2 * SH_CHUNK_MIN;
	} else {
		copy = arena_alloc_uninit(a, len + 1 + SH_SRC_PAD);
	}
	if (!copy) {
		reterr->kind = SH_ERR_LIMIT;
		reterr->line = reterr->col = 1;
		snprintf(reterr->message, sizeof(reterr->message), "out of memory");
		return -ENOMEM;
	}
	/* (most inputs are one line with no NUL: the copy says so, and the
	 * two scans below look only when it finds something) */
	bool one_line = !copy_has_newline_or_nul(copy, src, len);
	copy[len] = '\0';
	src = copy;
	/* Every member set one by one (a new member needs its value here),
	 * but for those read only once set (fixed_pos, the brace ranges,
	 * tok): an initializer clears the whole struct, which gcc does with
	 * a rep stos that costs more than the parse of a short command. */
	struct sh_parser p;
	char lit_inl[256];
	/* pos to have_tok, side by side: cleared 16 bytes at a time, the
	 * last 16 overlapping those before (a memset of them is a rep stos,
	 * which costs more than the stores one by one) */
	{
		typedef unsigned char bytes16 __attribute__((vector_size(16)));
		const bytes16 zero = { 0 };
		const size_t from = offsetof(struct sh_parser, pos);
		const size_t n = offsetof(struct sh_parser, extglob) - from;
		_Static_assert(offsetof(struct sh_parser, extglob) -
			       offsetof(struct sh_parser, pos) >= 16, "16 bytes at least");
		char *z = (char *)&p + from;
		for (size_t i = 0; i + 16 < n; i += 16)
			memcpy(z + i, &zero, 16);
		memcpy(z + n - 16, &zero, 16);
	}
	p.a = a;
	p.bump = chunk;
	p.bump_end = chunk_end;
	p.bump_chunk = next_chunk;
	p.extglob = opts ? opts->extglob : defaults.extglob;
	p.err = reterr;
	p.src = src;
	p.end = len;
	/* (fixed_pos is read only while fixed is set; the brace ranges only
	 * once their source is set; tok only once lexed) */
	p.no_lc = true; /* until the newline scan below finds a "\\\n" */
	p.fuel = 16 * len + 65536;
	p.lit = lit_inl;
	p.lit_cap = sizeof(lit_inl);
	/* (a one-line input, the common case, needs no line table: its
	 * positions are offsets, see offset_pos, and no lookup reads the
	 * table while offset_pos or fixed is set) */
	/* (the tree goes to *ret_tree directly, which holds NULL until a
	 * list is parsed: put back on an error after that) */
	int r;
	if (one_line) {
		p.offset_pos = true;
		/* (read, with line_start, while a backquoted body sets fixed:
		 * a line that holds every offset, as the table would say) */
		p.line_len = UINT32_MAX;
		r = parse_program(&p, -1, ret_tree, true);
	} else {
		r = parse_lines(&p, ret_tree);
		if (r > 0)
			return -ENOMEM;
	}
	if (__builtin_expect(r < 0, 0)) {
		*ret_tree = NULL;
		if (reterr->kind == SH_ERR_NONE) {
			reterr->kind = SH_ERR_LIMIT;
			snprintf(reterr->message, sizeof(reterr->message), "%s",
				 strerror(-r));
		}
		return r;
	}
	return 0;
}
