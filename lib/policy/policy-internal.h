/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by the policy engine's files: the policy object, the walk
 * state, the argument view a check works on, and the command table.
 */
#ifndef LITE_SANDBOX_POLICY_INTERNAL_H
#define LITE_SANDBOX_POLICY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"
#include "optparse.h"
#include "pathcheck.h"
#include "policy.h"

/* How deep bash -c, wrappers and substitutions may nest before we refuse. */
#define POLICY_MAX_DEPTH 100
/* Most words in one command we look at (longer lines are refused). */
#define POLICY_MAX_ARGS 4096
/* Possible working directories tracked through cd (past this: unknown). */
#define POLICY_MAX_CWDS 8

struct policy_entry {
	char *name;
	char **args;
	size_t n_args;
	bool allow, ask, no_sandbox;
};

struct policy {
	enum policy_mode mode;
	bool audit;
	char *cwd, *project_dir, *home;
	/* The project is home, holds it, or is / (or home is unknown): every
	 * check reports this refusal (rule "paths.project-too-wide"). NULL: no. */
	char *too_wide;
	struct policy_entry *entries;
	size_t n_entries;
	struct path_boundary *pb;
	char **ssh_hosts;     /* the config's ssh section, as typed */
	bool *ssh_write;
	char ***ssh_cmds;     /* per host: the extra commands its entry lists */
	size_t *n_ssh_cmds;
	size_t n_ssh_hosts;
	char **start_env;     /* the protected variables of the starting environment */
	size_t n_start_env;
	struct {
		bool local_read, local_write, remote_read, remote_write;
	} git;
};

struct policy_report_priv {
	struct arena *arena;
	struct arena_mark base; /* reset to here: keeps the first block */
	struct policy_finding *arr;
	size_t cap;
	/* policy_report_prompts(): the nodes that run an ask entry in sight */
	const struct sh_node **prompts;
	size_t n_prompts, cap_prompts;
};

/* One word of a command, as the check sees it. */
struct parg {
	const char *s;      /* the value after quote removal; NULL unless static */
	const char *prefix; /* the static text before the first expansion or glob */
	const char *src;    /* as written, for messages */
	bool glob;          /* only unquoted glob characters keep it from being static */
	const char *opt;    /* what the option parser is shown (s, or prefix + marker) */
};

/* The set of directories the shell may be in at this point. */
struct cwdset {
	const char *dir[POLICY_MAX_CWDS];
	size_t n;
	bool unknown; /* a cd we cannot follow: relative paths are left to runtime */
};

/* Context flags for a command check. */
enum {
	CK_WRAPPED = 1u << 0,       /* run by a wrapper (env, xargs, find -exec, ...) */
	CK_REPLACE = 1u << 1,       /* under xargs -I / find -exec: replace string live */
	CK_XARGS_NOREPL = 1u << 2,  /* directly under xargs without a replace string */
	/* admitted by an allow entry: the validator runs only for a command
	 * marked CMDF_TRUSTED_SCAN, and then only to find the commands it runs
	 * and the paths it reads or writes, refusing nothing else of its own */
	CK_TRUSTED = 1u << 3,
};

struct dirstack {
	struct cwdset cwd;
	const struct dirstack *next;
};

struct walk {
	const struct policy *p;
	struct policy_report *r;
	struct arena *a;    /* scratch for this check */
	unsigned depth;
	struct cwdset cwd;
	/* under xargs -I / find -exec: the live replace strings */
	unsigned under_xargs; /* how many xargs the command runs under */
	bool home_set;        /* HOME is assigned for the command (HOME=x cmd, env HOME=x) */
	bool home_changed;    /* HOME was (or may have been) assigned earlier in the line, in
			       * any form: HOME=x; export, read, for, printf -v, mapfile,
			       * arithmetic, a name known only at run time (check_assignment_name) */
	const char *repl[4];
	bool repl_find[4]; /* find's {} rather than an xargs replace string */
	size_t n_repl;
	/* under find -exec: find's start paths, which {} names (or paths
	 * under them) */
	const char **find_starts;
	size_t n_find_starts;
	/* pushd's directory stack: where each pushd left from. A list in the
	 * arena, never changed in place, so that a subshell's pushd and popd
	 * are undone by putting the pointer back. */
	const struct dirstack *dirstack;
	size_t n_dirstack;
	/* functions defined so far (their bodies are checked where defined) */
	const char **funcs;
	size_t n_funcs, cap_funcs;
	/* The simple command being checked (NULL at runtime): an ask entry it
	 * runs in sight is one the approval covers (policy_report_prompts). */
	const struct sh_node *node;
	/* Inside program text the line carries as a word or a file (bash -c,
	 * eval, trap, alias, a script run or sourced): what, for messages, or
	 * NULL in the line itself. An ask entry there is refused, since the
	 * approval prompt shows it only as text. */
	const char *unseen;
};

/* A command line under check. */
struct cmdline {
	const char *name;       /* argv[0] value (static) */
	size_t argc;
	struct parg *args;      /* args[0] is the name */
	unsigned ck;            /* CK_* */
	const struct cmd_spec *spec;
};

enum arg_role {
	ROLE_NONE,   /* not a path (a pattern, a number, ...) */
	ROLE_READ,
	ROLE_WRITE,
	ROLE_LOOSE,  /* unknown: checked for reading when it looks like a path */
};

enum cmd_kind {
	CMD_ALLOWED,
	CMD_BUILTIN,
	CMD_TOOLCHAIN,
	CMD_NETWORK,
	CMD_PKG,
	CMD_ESCAPE,
	CMD_DESTRUCTIVE,
};

enum operand_layout {
	OPS_NONE,        /* operands are not paths */
	OPS_READ,        /* every operand is read */
	OPS_WRITE,       /* every operand is written */
	OPS_LOOSE,       /* unknown: path-like operands are read */
	OPS_PATTERN,     /* first operand is a pattern/script unless a pattern
			  * option was given; the rest are read */
	OPS_SKIP1_WRITE, /* first operand is not a path (mode, owner); rest written */
	OPS_LAST_WRITE,  /* sources read, the last operand written (cp, ln) */
	OPS_IN_OUT,      /* [input [output]]: uniq, xxd */
	OPS_SKIP1_READ,  /* first operand not a path, the rest read (jq) */
};

struct opt_role {
	int id;
	enum arg_role role;
};

enum {
	CMDF_STRICT = 1u << 0,       /* the declaration is complete: unknown options refused */
	CMDF_NOT_WRAPPABLE = 1u << 1,/* refused in wrapped position (shells, awk, time, python) */
	CMDF_VALIDATOR_ANY = 1u << 2,/* has a validator (xargs -I rules) */
	CMDF_NO_PERMUTE = 1u << 3,   /* stops at the first operand */
	CMDF_IN_PROCESS = 1u << 4,   /* the interpreter runs it in process */
	CMDF_FIND_LIKE = 1u << 5,    /* parses its own expression (find) */
	CMDF_WRITE_IN_READ_SET = 1u << 6, /* its written paths are held to the read set (mktemp) */
	/* its validator finds the commands it runs (find -exec, rg --pre,
	 * sshpass, time) or its paths' roles (tar, scp, rsync): an allow entry
	 * lifts the validator's own refusals, not the check of those commands
	 * (the deny list applies inside them), the refusal of programs it
	 * cannot look inside, nor the boundary on those paths */
	CMDF_TRUSTED_SCAN = 1u << 7,
};

struct cmd_spec;
typedef int (*cmd_validator)(struct walk *w, struct cmdline *cl,
			     enum arg_role *roles);

struct cmd_spec {
	const char *name;
	enum cmd_kind kind;
	const struct opt_decl *decl;       /* NULL: no option knowledge */
	const struct opt_role *opt_roles;  /* ends with id 0 */
	enum operand_layout ops;
	const int *pattern_ids;            /* OPS_PATTERN: options that supply the pattern; ends with 0 */
	unsigned flags;
	cmd_validator validate;
};

const struct cmd_spec *cmd_lookup(const char *name);

/* findings */
int report_add(struct walk *w, enum policy_layer layer, const char *rule,
	       const char *fix, bool ask, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
int report_add_modes(struct policy_report *r, const struct policy *p,
		     enum policy_layer layer, policy_modes modes, const char *rule,
		     const char *message, const char *fix, bool ask);
int report_add_prompt(struct policy_report *r, const struct sh_node *n);

/* the walk */
int walk_node(struct walk *w, const struct sh_node *n);
int walk_script(struct walk *w, const char *src, size_t len, const char *what);
int walk_script_file(struct walk *w, const char *cmd, const struct parg *file);
int eval_word(struct walk *w, const struct sh_word *word, struct parg *ret);
void parg_from_string(struct parg *pa, const char *s);

/* the command check (argv level), shared by the static and runtime paths */
int check_command(struct walk *w, struct cmdline *cl);
int check_path(struct walk *w, const char *cmd, const struct parg *pa,
	       enum arg_role role, unsigned pflags);
int check_path_str(struct walk *w, const char *cmd, const char *path,
		   enum arg_role role, unsigned pflags);
/*
 * A variable the line assigns (named, or NULL when the name is only known at
 * run time): a protected one is refused; HOME, or a name that may be HOME,
 * marks home_changed for the rest of the line.
 */
int check_assignment_name(struct walk *w, const char *name, const char *how);
/* An arithmetic expression (text as written; dynamic: it holds expansions)
 * that may assign HOME: it names any variable (whose value is evaluated as
 * an expression in turn), or an expansion could spell one. */
int check_arith_assigns(struct walk *w, const char *text, size_t len, bool dynamic,
			const char *how);

/* validators and wrappers */
int validate_find(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_shell(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_wrapper(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_sed(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_awk(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_git(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_builtin(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_dd(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_misc(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_ssh(struct walk *w, struct cmdline *cl, enum arg_role *roles);
int validate_archive(struct walk *w, struct cmdline *cl, enum arg_role *roles);

/* declarations kept beside their validators */
extern const struct opt_decl tar_decl;
extern const struct opt_decl scp_decl;
extern const struct opt_decl rsync_decl;

/* Run a wrapped command (argv slice) through every check, as a child of a wrapper. */
int check_wrapped(struct walk *w, struct parg *args, size_t argc, unsigned ck,
		  const char *wrapper);

#endif
