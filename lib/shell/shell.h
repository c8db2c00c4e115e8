/* SPDX-License-Identifier: MIT */
/*
 * shell: a reentrant parser for bash's grammar, producing an arena-allocated
 * syntax tree; a printer that turns a tree back into source; a JSON dump.
 *
 * The tree is plain data (the structs below) so that the policy engine and
 * the interpreter can walk it; it is read-only once built and lives exactly as
 * long as the arena it was parsed into. The parser state itself is private.
 *
 * Fidelity to bash is a security property: if we read a command line
 * differently from bash, a command can hide from the policy. So the parser
 * accepts exactly what bash accepts, and where bash accepts something we do
 * not model it refuses with SH_ERR_UNSUPPORTED rather than guess
 * (docs/parser.md lists those constructs).
 */
#ifndef LITE_SANDBOX_SHELL_H
#define LITE_SANDBOX_SHELL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include <jansson.h>

/* Where a node starts in the source: 1-based line and column, 0-based byte. */
struct sh_pos {
	uint32_t line;
	uint32_t col;
	uint32_t offset;
};

/* ---- words ------------------------------------------------------------- */

/*
 * A word is a list of parts, kept structured (no in-band marker bytes): each
 * part says what it is and whether it was quoted, so the expander and the
 * policy can tell a literal "-delete" from one produced by an expansion.
 */
enum sh_part_kind {
	SH_PART_LIT,       /* unquoted literal text (may hold glob chars) */
	SH_PART_ESCAPED,   /* backslash-escaped char(s) outside quotes: text is the char */
	SH_PART_SQUOTE,    /* '...': text is the contents */
	SH_PART_DQUOTE,    /* "...": parts inside */
	SH_PART_ANSI_C,    /* $'...': text is the decoded value, raw the source */
	SH_PART_LOCALE,    /* $"...": parts inside (translated like "..." here) */
	SH_PART_PARAM,     /* $x, ${...} */
	SH_PART_CMDSUB,    /* $(...) or `...` */
	SH_PART_ARITH,     /* $((...)) and $[...] */
	SH_PART_PROCSUB,   /* <(...) or >(...) */
	SH_PART_TILDE,     /* ~ or ~user at the start of a word or assignment value */
	SH_PART_BRACE,     /* {a,b,c} or {1..9..2}: brace expansion */
	SH_PART_EXTGLOB,   /* @(..) *(..) +(..) ?(..) !(..), when extglob is on */
	SH_PART_KIND_MAX,
};

enum sh_param_op {
	SH_PARAM_PLAIN,        /* $x ${x} */
	SH_PARAM_LENGTH,       /* ${#x} */
	SH_PARAM_DEFAULT,      /* ${x-w} ${x:-w} */
	SH_PARAM_ASSIGN,       /* ${x=w} ${x:=w} */
	SH_PARAM_ERROR,        /* ${x?w} ${x:?w} */
	SH_PARAM_ALTERNATE,    /* ${x+w} ${x:+w} */
	SH_PARAM_TRIM_PREFIX,  /* ${x#w} ${x##w} (longest) */
	SH_PARAM_TRIM_SUFFIX,  /* ${x%w} ${x%%w} (longest) */
	SH_PARAM_REPLACE,      /* ${x/p/r} ${x//p/r} ${x/#p/r} ${x/%p/r} */
	SH_PARAM_UPPER,        /* ${x^p} ${x^^p} (all) */
	SH_PARAM_LOWER,        /* ${x,p} ${x,,p} (all) */
	SH_PARAM_SUBSTRING,    /* ${x:off} ${x:off:len} */
	SH_PARAM_TRANSFORM,    /* ${x@Q} etc.: transform holds the letter */
	SH_PARAM_PREFIX_NAMES, /* ${!pre*} ${!pre@} (at: '@' form) */
	SH_PARAM_KEYS,         /* ${!a[@]} ${!a[*]} */
	SH_PARAM_OP_MAX,
};

enum sh_replace_anchor {
	SH_REPLACE_FIRST,  /* ${x/p/r} */
	SH_REPLACE_ALL,    /* ${x//p/r} */
	SH_REPLACE_PREFIX, /* ${x/#p/r} */
	SH_REPLACE_SUFFIX, /* ${x/%p/r} */
};

struct sh_word;
struct sh_node;

struct sh_param {
	/*
	 * The parameter: a name, a positional number ("1", "10"), or a special
	 * parameter ("@", "*", "#", "?", "-", "$", "!", "0", "_").
	 */
	const char *name;
	/* ${a[i]}: the subscript word (arithmetic for indexed arrays), or NULL.
	 * "@" and "*" subscripts are kept as words with a single literal part. */
	struct sh_word *index;
	enum sh_param_op op;
	bool braced;   /* ${...} rather than $x */
	bool indirect; /* ${!x...}: the value names the parameter to use */
	bool colon;    /* the ':' forms of - = ? + (test unset-or-null) */
	bool longest;  /* ## %% // ^^ ,, */
	bool at;       /* ${!pre@} rather than ${!pre*}; ${!a[@]} */
	enum sh_replace_anchor anchor; /* for SH_PARAM_REPLACE */
	char transform;                /* for SH_PARAM_TRANSFORM: Q E P A K a U u L k */
	/* DEFAULT/ASSIGN/ERROR/ALTERNATE/TRIM/UPPER/LOWER: the operand word;
	 * REPLACE: the pattern; SUBSTRING: the offset (arithmetic text).
	 * NULL when absent (${x:-}, ${x^^}). */
	struct sh_word *arg;
	/* REPLACE: the replacement (NULL when absent: ${x/p});
	 * SUBSTRING: the length (NULL when absent). */
	struct sh_word *arg2;
};

struct sh_brace {
	bool is_sequence; /* {a..b[..step]} rather than {x,y,...} */
	/* alternatives: n_items words (for a list); unused for a sequence */
	struct sh_word **items;
	size_t n_items;
	/* sequence bounds as written ("1", "10", "a", "z", "-3", "01") */
	const char *seq_start, *seq_end, *seq_step; /* seq_step may be NULL */
};

struct sh_part {
	enum sh_part_kind kind;
	struct sh_pos pos;
	/* (the one-byte members are kept together, before the pointers, and
	 * the members each kind uses alone share a union, so that a part takes
	 * 56 bytes: trees hold many of them) */
	bool backquote;    /* CMDSUB written `...` */
	char procsub_dir;  /* PROCSUB: '<' or '>' */
	bool arith_bracket; /* ARITH: $[...], the deprecated form */
	/* LIT, ESCAPED, SQUOTE, ANSI_C (decoded), TILDE (the user name, "" for ~),
	 * EXTGLOB (the operator char: @ * + ? !) */
	const char *text;
	size_t text_len; /* ANSI_C may decode to bytes including NUL */
	/*
	 * Only the members of the part's own kind may be read: they share
	 * storage (a DQUOTE's `parts` is a PARAM's `param`). Code that walks
	 * parts switches on `kind` first, as every user does.
	 */
	union {
		/* ANSI_C: the source between the quotes, undecoded */
		const char *raw;
		/* DQUOTE, LOCALE: the parts inside */
		struct {
			struct sh_part *parts;
			size_t n_parts;
		};
		/* EXTGLOB: the pattern list, one word per '|' alternative */
		struct {
			struct sh_word **alts;
			size_t n_alts;
		};
		/* PARAM */
		struct sh_param *param;
		/* CMDSUB, PROCSUB: the parsed program (NULL for an empty $( )) */
		struct sh_node *body;
		/* ARITH: the expression as a word (it may contain $x, $(..) ...) */
		struct sh_word *expr;
		/* BRACE */
		struct sh_brace *brace;
	};
};

struct sh_word {
	struct sh_pos pos;
	struct sh_part *parts;
	size_t n_parts;
	/* The source text of the word exactly as written (for messages). */
	const char *src;
	size_t src_len;
	/* An argument of a declaration builtin (declare, local, export, ...)
	 * written as an array assignment, `declare -a x=(1 2)`: the
	 * assignment, with no parts. NULL for every other word. */
	struct sh_assign *assign;
};

/* ---- redirections ------------------------------------------------------ */

enum sh_redir_op {
	SH_REDIR_IN,          /* <    */
	SH_REDIR_OUT,         /* >    */
	SH_REDIR_APPEND,      /* >>   */
	SH_REDIR_CLOBBER,     /* >|   */
	SH_REDIR_RDWR,        /* <>   */
	SH_REDIR_OUT_ERR,     /* &>   */
	SH_REDIR_APPEND_ERR,  /* &>>  */
	SH_REDIR_DUP_IN,      /* <&   (target: fd number, '-' or a word) */
	SH_REDIR_DUP_OUT,     /* >&   (also >&file, which bash reads as &>file) */
	SH_REDIR_HEREDOC,     /* <<   */
	SH_REDIR_HEREDOC_TAB, /* <<-  */
	SH_REDIR_HERESTRING,  /* <<<  */
	SH_REDIR_OP_MAX,
};

struct sh_redir {
	enum sh_redir_op op;
	struct sh_pos pos;
	int fd;               /* explicit fd (2>), or -1 for the default */
	const char *fd_var;   /* {var}>file: the variable name, else NULL */
	struct sh_word *target; /* file, fd word, here-string, or the here-doc delimiter */
	/* here-documents */
	struct sh_word *body;   /* the body: literal when quoted_delim, else expandable */
	const char *delim;      /* delimiter after quote removal */
	bool quoted_delim;      /* any quoting in the delimiter: no expansion */
	struct sh_redir *next;
};

/* ---- assignments ------------------------------------------------------- */

struct sh_array_elem {
	struct sh_word *key;   /* [k]=v: the subscript word, else NULL */
	struct sh_word *value; /* NULL for an empty [k]= */
	bool append;           /* [k]+=v */
};

struct sh_assign {
	struct sh_pos pos;
	const char *name;
	struct sh_word *index; /* a[i]=v: the subscript, else NULL */
	bool append;           /* += */
	bool is_array;         /* a=(...) */
	struct sh_word *value; /* scalar value (may be an empty word), NULL for arrays */
	struct sh_array_elem *elems;
	size_t n_elems;
	struct sh_assign *next;
};

/* ---- commands ---------------------------------------------------------- */

enum sh_node_kind {
	SH_NODE_SIMPLE,     /* assignments, words, redirections */
	SH_NODE_PIPELINE,   /* a | b |& c, optionally ! and time */
	SH_NODE_AND,        /* a && b */
	SH_NODE_OR,         /* a || b */
	SH_NODE_LIST,       /* a; b & c <newline> d */
	SH_NODE_SUBSHELL,   /* ( list ) */
	SH_NODE_GROUP,      /* { list; } */
	SH_NODE_IF,
	SH_NODE_WHILE,
	SH_NODE_UNTIL,
	SH_NODE_FOR,        /* for x [in words]; do list; done */
	SH_NODE_ARITH_FOR,  /* for ((a;b;c)); do list; done */
	SH_NODE_SELECT,
	SH_NODE_CASE,
	SH_NODE_FUNCTION,   /* name() body, function name [()] body */
	SH_NODE_COND,       /* [[ expr ]] */
	SH_NODE_ARITH,      /* (( expr )) */
	SH_NODE_COPROC,     /* coproc [NAME] command */
	SH_NODE_KIND_MAX,
};

/* [[ ]] expression tree */
enum sh_cond_kind {
	SH_COND_AND,   /* && */
	SH_COND_OR,    /* || */
	SH_COND_NOT,   /* ! e */
	SH_COND_GROUP, /* ( e ) */
	SH_COND_UNARY, /* -f word, -n word, ... (op holds "-f") */
	SH_COND_BINARY,/* a == b, a =~ re, a -nt b, a < b ... (op holds "==") */
	SH_COND_WORD,  /* a lone word: true when non-empty */
	SH_COND_KIND_MAX,
};

struct sh_cond {
	enum sh_cond_kind kind;
	struct sh_pos pos;
	const char *op;
	struct sh_cond *left, *right; /* AND/OR: both; NOT/GROUP: left */
	struct sh_word *a, *b;        /* UNARY: a; BINARY: a op b; WORD: a */
};

enum sh_case_term {
	SH_CASE_BREAK,    /* ;;  */
	SH_CASE_FALL,     /* ;&  */
	SH_CASE_CONTINUE, /* ;;& */
};

struct sh_case_item {
	struct sh_pos pos;
	struct sh_word **patterns;
	size_t n_patterns;
	struct sh_node *body; /* NULL when empty */
	enum sh_case_term term;
};

enum sh_list_sep {
	SH_SEP_SEMI,    /* ; or end of input */
	SH_SEP_AMP,     /* & (run in the background) */
	SH_SEP_NEWLINE, /* a newline */
};

struct sh_node {
	enum sh_node_kind kind;
	struct sh_pos pos;
	/* Redirections attached to this command (simple or compound). */
	struct sh_redir *redirs;

	union {
		struct {
			struct sh_assign *assigns;
			struct sh_word **words;
			size_t n_words;
		} simple;
		struct {
			struct sh_node **cmds;
			bool *pipe_stderr; /* [i]: |& between cmds[i] and cmds[i+1] */
			size_t n_cmds;
			bool negated; /* ! */
			bool timed;   /* time */
			bool time_posix; /* time -p */
		} pipeline;
		struct {
			struct sh_node *left, *right;
		} binary; /* AND, OR */
		struct {
			struct sh_node **items;
			enum sh_list_sep *seps; /* the separator after items[i] */
			size_t n_items;
		} list;
		struct {
			struct sh_node *body;
		} group; /* SUBSHELL, GROUP */
		struct {
			struct sh_node *cond, *then_body;
			struct sh_node *else_body; /* NULL, a list, or a nested IF for elif */
			bool is_elif;              /* this IF was written as elif */
		} if_;
		struct {
			struct sh_node *cond, *body;
		} loop; /* WHILE, UNTIL */
		struct {
			const char *var;
			struct sh_word **words; /* NULL with has_in false: "$@" */
			size_t n_words;
			bool has_in;
			struct sh_node *body;
		} for_; /* FOR, SELECT */
		struct {
			struct sh_word *init, *test, *step; /* may be NULL */
			struct sh_node *body;
		} arith_for;
		struct {
			struct sh_word *subject;
			struct sh_case_item *items;
			size_t n_items;
		} case_;
		struct {
			const char *name;
			struct sh_node *body; /* a compound command (with its redirs) */
			bool keyword;         /* written with `function` */
		} function;
		struct {
			struct sh_cond *expr;
		} cond;
		struct {
			struct sh_word *expr;
		} arith;
		struct {
			const char *name; /* NULL: the default COPROC */
			struct sh_node *body;
		} coproc;
	} u;
};

/* ---- parsing ------------------------------------------------------------ */

/* Largest input the parser accepts; larger inputs fail with -E2BIG. */
#define SH_MAX_INPUT (8u * 1024u * 1024u)
/* Deepest nesting of commands/words/substitutions before -ELOOP. */
#define SH_MAX_DEPTH 200u

enum sh_error_kind {
	SH_ERR_NONE,
	SH_ERR_SYNTAX,      /* bash would reject it too */
	SH_ERR_UNSUPPORTED, /* bash accepts it; we do not model it (fail closed) */
	SH_ERR_LIMIT,       /* size or nesting limit */
};

struct sh_error {
	enum sh_error_kind kind;
	uint32_t line, col; /* 1-based */
	char message[256];
};

struct sh_parse_options {
	bool extglob; /* parse @(..) and friends in words (bash: shopt -s extglob) */
};

/*
 * Parse src[0..len) as a bash program. On success returns 0 and *ret_tree (in
 * arena `a`; NULL for an empty program). On failure returns a negative errno
 * (-EINVAL syntax or unsupported, -E2BIG input too large, -ELOOP nesting too
 * deep, -ENOMEM) and fills *reterr with the position and a message a person
 * can read. NUL bytes in the input are a syntax error, as they cannot reach
 * bash through argv.
 */
int sh_parse(struct arena *a, const char *src, size_t len,
	     const struct sh_parse_options *opts, struct sh_node **ret_tree,
	     struct sh_error *reterr);

/* ---- printing ------------------------------------------------------------ */

/*
 * Print a tree back as bash source, in one canonical layout. Parsing the
 * output gives the same tree (up to positions and word src text).
 */
int sh_print(const struct sh_node *tree, struct buf *out);
int sh_print_word(const struct sh_word *w, struct buf *out);

/*
 * The tree as JSON (jansson): {"kind": "...", "pos": {...}, ...}; words as
 * {"parts": [{"kind": "lit", "text": "..."} ...]}. Returns NULL on OOM.
 * With positions=false, "pos" members are left out (for comparing trees).
 */
json_t *sh_to_json(const struct sh_node *tree, bool positions);

const char *sh_node_kind_name(enum sh_node_kind k);
const char *sh_part_kind_name(enum sh_part_kind k);
const char *sh_redir_op_name(enum sh_redir_op op);

/*
 * The word's value if it is fully static (only LIT, ESCAPED, SQUOTE, ANSI_C,
 * and DQUOTE parts that themselves hold only literals; no glob characters in
 * unquoted parts, no tilde, no brace): quote removal applied, allocated in a.
 * Returns NULL (and sets *ret_static false) when the word needs expansion.
 */
const char *sh_word_static_value(struct arena *a, const struct sh_word *w,
				 bool *ret_static);

#endif
