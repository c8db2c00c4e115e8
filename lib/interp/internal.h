/* SPDX-License-Identifier: MIT */
/*
 * Internal interfaces shared by the interpreter's files. Not installed.
 */
#ifndef LITE_SANDBOX_INTERP_INTERNAL_H
#define LITE_SANDBOX_INTERP_INTERNAL_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "interp.h"

/* ---- limits -------------------------------------------------------------- */

#define IT_MAX_CALL_DEPTH 1000u     /* function/source/eval nesting */
#define IT_MAX_ARITH_DEPTH 256u     /* nesting in $(( )): parentheses, unary
				      * operators and variables holding
				      * expressions, all counted together */
#define IT_TMP_ARENA_LIMIT (512u * 1024u * 1024u)
#define IT_MAX_CAPTURE (256u * 1024u * 1024u) /* $(...) output */
#define IT_MAX_VALUE (256u * 1024u * 1024u)
#define IT_MAX_FIELDS (4u * 1024u * 1024u)
#define IT_MAX_BRACE (1024u * 1024u)
#define IT_FD_BASE 10 /* internal fds live at or above this, close-on-exec */

/* ---- variables ------------------------------------------------------------ */

enum {
	V_EXPORT = 1u << 0,
	V_READONLY = 1u << 1,
	V_INTEGER = 1u << 2,
	V_ARRAY = 1u << 3,
	V_ASSOC = 1u << 4,
	V_LOWER = 1u << 5,
	V_UPPER = 1u << 6,
	V_SET = 1u << 7, /* holds a value (declared-only variables do not) */
};

struct arr_ent {
	int64_t idx;  /* indexed arrays */
	char *key;    /* associative arrays */
	char *val;
};

struct arr {
	struct arr_ent *e;
	size_t n, cap;
};

struct var {
	char *name;
	unsigned flags;
	char *val;        /* scalar */
	struct arr arr;   /* V_ARRAY / V_ASSOC */
	unsigned scope;   /* 0 global, else function depth of `local` */
	struct var *shadow; /* the variable this local hides */
};

struct vartab {
	struct var **slot; /* open addressing on name; the visible variable */
	size_t cap, n;
};

/* ---- functions, traps, jobs ----------------------------------------------- */

struct func {
	char *name;
	const struct sh_node *body;
	struct func *next;
};

struct job {
	pid_t pid;
	int status;  /* -1 while running */
	struct job *next;
};

/* Shared with every forked child so a refusal anywhere stops the run. */
struct it_shared {
	volatile int refused;
	char msg[1024];
};

/* FLOW_DISCARD: an expansion or assignment error that in bash abandons the
 * rest of the current line of the script (or of the eval/source text) and
 * goes on with the next line, with $? = 1. */
enum flow { FLOW_NONE, FLOW_BREAK, FLOW_CONTINUE, FLOW_RETURN, FLOW_EXIT, FLOW_DISCARD };

struct opts {
	bool errexit, nounset, xtrace, noglob, pipefail, noclobber, allexport, noexec, errtrace;
	bool extglob, nullglob, failglob, dotglob, globstar, nocaseglob, nocasematch;
	bool lastpipe, expand_aliases, inherit_errexit;
};

struct decl_ref {
	const char *s;
	const struct sh_assign *a;
};

struct interp {
	struct vartab vars;
	char *login_shell;        /* $SHELL when the environment has none; NULL: look up */
	struct func *funcs;
	uint64_t n_func_defs;     /* definitions so far (to keep their trees) */
	struct arena *tmp;        /* expansion results; reset per command */
	struct arena **keep;      /* parse arenas that hold function bodies */
	size_t n_keep, cap_keep;

	char *argv0;
	char **pos;               /* positional parameters */
	size_t n_pos;

	struct opts o;
	int status;               /* $? */
	pid_t shell_pid;          /* $$ */
	pid_t last_bg;            /* $! (0: none) */
	struct job *jobs;
	uint32_t lineno;
	uint64_t random_state;
	int64_t seconds_base;     /* monotonic seconds at start */

	enum flow flow;
	const struct sh_node *top_list; /* where FLOW_DISCARD is caught */
	const struct sh_node *cur_cmd;  /* interp_current_command() */
	unsigned flow_n;          /* break/continue count */
	unsigned loop_depth;
	unsigned func_depth;
	unsigned call_depth;      /* functions + eval + source */
	unsigned errexit_off;     /* >0 while in a context where set -e is ignored */
	bool in_subshell;         /* a forked child: exit with _exit */
	bool exec_last;           /* the current simple command may exec in place */
	bool in_trap;

	char *trap_exit, *trap_err;
	/* Signal traps: the trapped signals are blocked and read from a
	 * signalfd between commands, so no handler and no global state. */
	char *sig_trap[65];       /* by signal number; "" ignores */
	int sigfd;                /* -1: none */
	sigset_t sig_blocked;     /* what we blocked (children unblock it) */
	/* ignored when the interpreter started: as in bash (POSIX), a trap
	 * neither catches nor resets them, and trap -p lists them */
	sigset_t sig_ign_entry;

	struct interp_handlers h;
	char **prot_names;        /* protected variables (with no predicate) */
	size_t n_prot;
	bool (*is_protected)(const char *name);
	char **start_env;         /* the starting environment, "NAME=value" */
	size_t n_start_env;

	struct it_shared *shared; /* mmap'd MAP_SHARED */
	char err[512];            /* last parse error */

	int *procsub_fds;         /* fds for <(...) to close after the command */
	size_t n_procsub, cap_procsub;
	pid_t *procsub_pids;
	size_t n_procsub_pids;

	struct decl_ref *decl;    /* declare x=(..) words, by pointer identity */
	size_t n_decl, cap_decl;
	int64_t cmdsub_status;    /* status of the last $(...) (-1: none) */
	char *getopts_state;      /* position inside a clustered option */
	bool quiet;               /* no diagnostics (the fuzz target) */
	uintptr_t stack_base;     /* where the run started, to bound recursion */
	size_t stack_budget;
};

/* ---- util.c --------------------------------------------------------------- */

void *xmalloc(size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
int fd_write_all(int fd, const void *p, size_t n);
int it_printf_fd(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Diagnostics of the script itself ("bash: x: unbound variable"), on stderr,
 * as the script's own output; this is not library logging. */
void it_err(struct interp *it, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int it_refuse(struct interp *it, const char *msg);
bool it_is_refused(const struct interp *it);
int it_move_fd_high(int fd); /* dup to >= IT_FD_BASE with CLOEXEC, close old */
bool valid_name(const char *s);
/* Does the locale of the script (LC_ALL, LC_CTYPE, LANG) use UTF-8? */
bool it_utf8(struct interp *it);
bool valid_name_n(const char *s, size_t n);

/* A growable string in the temp arena. */
struct sbuf {
	struct arena *a;
	char *d;
	size_t n, cap;
};
void sb_init(struct sbuf *b, struct arena *a);
int sb_add(struct sbuf *b, const char *p, size_t n);
int sb_addc(struct sbuf *b, char c);
int sb_adds(struct sbuf *b, const char *s);
int sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growable vector of strings in the temp arena (NULL-terminated). */
struct svec {
	struct arena *a;
	char **v;
	size_t n, cap;
};
void sv_init(struct svec *v, struct arena *a);
int sv_push(struct svec *v, char *s);

/* ---- vars.c --------------------------------------------------------------- */

void vt_init(struct vartab *t);
void vt_done(struct vartab *t);
struct var *var_lookup(struct interp *it, const char *name);
/* Value of a scalar or element 0; NULL when unset. Dynamic variables
 * (RANDOM, SECONDS, LINENO) are computed into the temp arena. */
const char *var_get(struct interp *it, const char *name);
/* Set a scalar (or element 0 of an array). Honours readonly, integer and
 * case attributes. -EPERM for readonly (message printed). */
int var_set(struct interp *it, const char *name, const char *val, bool append);
int var_set_flags(struct interp *it, const char *name, const char *val, unsigned flags);
int var_unset(struct interp *it, const char *name);
/* Create or find the variable, in the current function scope when local. */
struct var *var_declare(struct interp *it, const char *name, bool local);
int var_set_elem(struct interp *it, const char *name, const char *key, const char *val,
		 bool append);
int var_unset_elem(struct interp *it, const char *name, const char *key);
void var_clear_array(struct var *v);
int var_make_array(struct var *v, bool assoc);
int var_assign_value(struct interp *it, struct var *v, const char *val, bool append);
const char *arr_get(const struct var *v, const char *key, int64_t idx);
int arr_set_idx(struct var *v, int64_t idx, const char *val);
int arr_set_key(struct var *v, const char *key, const char *val);
int64_t arr_max_idx(const struct var *v);
void scope_push(struct interp *it);
void scope_pop(struct interp *it);
/* Build "NAME=value" for every exported set scalar, into the temp arena. */
char **env_build(struct interp *it, char **extra, size_t n_extra);
void var_free(struct var *v);

/* ---- arith.c -------------------------------------------------------------- */

/* Evaluate an arithmetic expression (already expanded text). */
int arith_eval(struct interp *it, const char *expr, int64_t *ret);
/* Parse an integer the way bash reads a variable's value in $(( )). */

/* ---- pattern.c ------------------------------------------------------------ */

enum {
	PM_EXTGLOB = 1,
	PM_NOCASE = 2,
	PM_PATHNAME = 4, /* '/' only matches '/'; leading '.' needs a literal '.' */
	PM_DOTGLOB = 8,
};
/* Match s[0..slen) against pattern p (NUL-terminated; backslash quotes). */
bool pat_match(const char *p, const char *s, size_t slen, int flags);
/* Does p hold an unquoted glob operator? */
bool pat_has_glob(const char *p, bool extglob);
/* Remove the backslash quoting of a pattern. */
char *pat_unescape(struct arena *a, const char *p);
/* Pathname expansion: sorted matches into out; 0 matches is not an error. */
int glob_expand(struct interp *it, const char *pat, struct svec *out);

/* ---- expand.c ------------------------------------------------------------- */

/* Full expansion of words into fields (brace, tilde, params, ..., glob). */
int expand_words(struct interp *it, struct sh_word *const *words, size_t n, struct svec *out);
/* The same, keeping the arguments of declare/local/export/readonly that are
 * written as assignments whole. */
int expand_words_decl(struct interp *it, struct sh_word *const *words, size_t n, struct svec *out);
/* One string: no splitting or globbing (assignments, here-strings, [[ ]]). */
int expand_str(struct interp *it, const struct sh_word *w, char **ret);
/* A pattern: quoted parts escaped with backslashes. */
int expand_pattern(struct interp *it, const struct sh_word *w, char **ret);
/* Here-document body: parameter, command and arithmetic expansion only. */
int expand_heredoc(struct interp *it, const struct sh_word *w, char **ret);
/* Run a program capturing its stdout (command substitution). */
int capture_output(struct interp *it, const struct sh_node *body, char **ret);
/* ${x@Q}-style quoting. */
char *shell_quote(struct arena *a, const char *s);

/* ---- exec.c --------------------------------------------------------------- */

int exec_node(struct interp *it, const struct sh_node *n);
/* Run the traps of signals that arrived (between commands). */
void run_signal_traps(struct interp *it);
int signal_trap_set(struct interp *it, int sig, const char *action);
void signal_traps_reset_child(struct interp *it);
int sig_number(const char *s);
const char *sig_name(int sig);
/* True (with a message) when nesting has used up the stack we allow. */
bool stack_exhausted(struct interp *it, const char *what);
int exec_string(struct interp *it, const char *src, size_t len, const char *what);
int run_argv(struct interp *it, char **argv, size_t argc, bool use_funcs);
pid_t it_fork(struct interp *it);
void it_exit_child(struct interp *it, int status) __attribute__((noreturn));
int it_wait_pid(struct interp *it, pid_t pid);
void run_exit_trap(struct interp *it);
struct func *func_find(struct interp *it, const char *name);
int func_define(struct interp *it, const char *name, const struct sh_node *body);
void func_unset(struct interp *it, const char *name);
char *path_search(struct interp *it, const char *name);
const struct sh_assign *decl_lookup(struct interp *it, const char *s);
/* x=(...) in two steps, for declare/local: expand (before the variable is
 * created), then assign. */
struct elem_val {
	char *key; /* NULL: the next index */
	char *val;
	bool append;
};
int array_expand(struct interp *it, const struct sh_assign *a, bool assoc, struct elem_val **ret,
		 size_t *ret_n);
int array_apply(struct interp *it, const struct sh_assign *a, struct var *v,
		const struct elem_val *ev, size_t nev);
/* Assign per the tree (x=v, x[i]=v, x=(...)) into an existing variable. */
int assign_to(struct interp *it, const struct sh_assign *a, struct var *v);
int source_file(struct interp *it, const char *path, char **args, size_t nargs, bool as_script);
int expand_arith_text(struct interp *it, const char *text, char **ret);
int check_protected_env(struct interp *it, char *const *envp, char *msg, size_t msz);

/* Redirections applied in the current process; undone by redir_restore. */
struct saved_fd {
	int fd;
	int saved; /* -1: fd was closed before */
};
struct redir_save {
	struct saved_fd *s;
	size_t n, cap;
};
int redir_apply(struct interp *it, const struct sh_redir *r, struct redir_save *save);
void redir_restore(struct interp *it, struct redir_save *save);

/* ---- builtins.c ----------------------------------------------------------- */

typedef int (*builtin_fn)(struct interp *it, int argc, char **argv);
struct builtin {
	const char *name;
	builtin_fn fn;
	bool special; /* POSIX special builtin: prefix assignments persist */
};
const struct builtin *builtin_find(const char *name);
int cond_eval_test(struct interp *it, int argc, char **argv); /* test / [ */
int unary_test(struct interp *it, const char *op, const char *arg, bool *ret);
int binary_test(struct interp *it, const char *a, const char *op, const char *b, bool *ret);

#endif
