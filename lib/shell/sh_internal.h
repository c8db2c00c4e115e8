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
	OP_SEMI, OP_DSEMI, OP_SEMIAND, OP_DSEMIAND, OP_AMP, OP_AND_IF, OP_PIPE,
	OP_OR_IF, OP_PIPEAMP, OP_LPAREN, OP_RPAREN,
	/* redirections, in the order of enum sh_redir_op where they map */
	OP_LESS, OP_GREAT, OP_DGREAT, OP_CLOBBER, OP_LESSGREAT, OP_ANDGREAT,
	OP_ANDDGREAT, OP_LESSAND, OP_GREATAND, OP_DLESS, OP_DLESSDASH, OP_TLESS,
};

struct sh_tok {
	enum sh_tok_kind kind;
	enum sh_op op;
	size_t start, end;     /* source range (offsets into p->src) */
	struct sh_word *word;  /* T_WORD, T_IONUM, T_FDVAR (the word as written) */
	int ionum;             /* T_IONUM */
	const char *fdvar;     /* T_FDVAR */
	struct sh_assign *assign; /* NAME=( ... ) lexed as one token */
	bool cmdpos;           /* lexed in a position where assignments count */
	bool cmdpos_sensitive; /* lexing would differ with the other cmdpos */
};

struct sh_parser {
	struct arena *a;
	const struct sh_parse_options *opts;
	bool extglob; /* opts->extglob, or on inside [[ ]] */
	struct sh_error *err;
	/* the source being lexed: the input itself, or a decoded copy
	 * (backquote bodies, <<- bodies) while `fixed` is set */
	const char *src;
	size_t end;
	size_t pos;
	const char *input;
	size_t input_len;
	uint32_t *lines; /* offsets of line starts in input */
	size_t n_lines;
	size_t last_line; /* where sh_pos_at last found an offset */
	bool fixed;
	struct sh_pos fixed_pos;
	unsigned depth;
	unsigned in_sub;      /* inside $( ), `...` or <( ) */
	bool cmdpos_sens;     /* the word being lexed depends on cmdpos */
	bool time_quirk;      /* a $( ) that starts with `time` (see parse) */
	size_t fuel; /* bytes we may re-scan after backtracking */
	/* the last brace scan that found no '}' (see lex_brace) */
	const char *brace_fail_src;
	size_t brace_fail_end, brace_fail_from, brace_fail_to;
	bool have_tok;
	struct sh_tok tok;
	/* here-documents whose bodies start after the next newline */
	struct sh_redir **hd;
	size_t n_hd, cap_hd;
	struct buf lit; /* scratch for literal runs */
};

/* positions and errors (sh_parse.c) */
struct sh_pos sh_pos_at(struct sh_parser *p, size_t off);
int sh_fail(struct sh_parser *p, enum sh_error_kind kind, size_t off,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int sh_enter(struct sh_parser *p, size_t off);
void sh_leave(struct sh_parser *p);
int sh_charge(struct sh_parser *p, size_t off, size_t bytes);
int sh_parse_program_until(struct sh_parser *p, int closer,
			   struct sh_node **ret);

/* lexer (sh_lex.c) */
int sh_lex_token(struct sh_parser *p, bool cmdpos, struct sh_tok *ret);
int sh_lex_regex_word(struct sh_parser *p, struct sh_word **ret);
int sh_lex_arith_cmd(struct sh_parser *p, size_t start, bool for_header,
		     struct sh_word **ret, struct sh_word **ret2,
		     struct sh_word **ret3, bool *ret_ok);
int sh_read_heredocs(struct sh_parser *p);
size_t sh_skip_lc(const struct sh_parser *p, size_t i);
int sh_ch(const struct sh_parser *p, size_t i);
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
struct sh_word *sh_lit_word(struct sh_parser *p, const char *s, size_t n,
			    size_t off);
int sh_word_assign_tilde(struct sh_parser *p, struct sh_word *w, size_t from);
int sh_word_flatten_braces(struct sh_parser *p, struct sh_word *w);
int sh_split_subscript(struct sh_parser *p, const struct sh_word *w, size_t o0,
		       struct sh_word **ret_key, struct sh_word **ret_val,
		       bool *ret_append);
void *sh_grow(struct sh_parser *p, void *v, size_t *cap, size_t n, size_t elem);

/* printing helpers (sh_print.c) */
int sh_print_ansi_c(const char *s, size_t n, struct buf *out);

#endif
