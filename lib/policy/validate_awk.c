/* SPDX-License-Identifier: MIT */
/*
 * awk: the program is read for what runs a command or opens a file.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- awk ------------------------------------------------------------------------------------------ */

/*
 * A reading of an awk program that is just deep enough to find what runs a
 * command or opens a file: tokens (strings, regular expressions, names,
 * operators), parentheses, and where a print or printf statement starts and
 * ends. Inside a print at its own parenthesis level, '>' and '>>' redirect
 * its output (elsewhere they compare); the file must be a string literal in
 * the write set. getline < "file" reads a literal file in the read set. Any
 * pipe ('|', '|&'), system() and a file named by an expression are refused.
 */
enum awk_tok { AT_END, AT_STR, AT_RE, AT_NAME, AT_NUM, AT_OP, AT_NL };

struct awk_lex {
	const char *p;
	enum awk_tok prev; /* the last significant token */
	char prev_op[3];
};

struct awk_file {
	const char *path;
	bool write;
};

/* Whether a '/' here starts a regular expression (not a division). */
static bool
awk_re_allowed(const struct awk_lex *lx)
{
	if (lx->prev == AT_NAME || lx->prev == AT_NUM || lx->prev == AT_STR || lx->prev == AT_RE)
		return false;
	if (lx->prev == AT_OP && (streq(lx->prev_op, ")") || streq(lx->prev_op, "]") ||
				  streq(lx->prev_op, "$") || streq(lx->prev_op, "++") ||
				  streq(lx->prev_op, "--")))
		return false;
	return true;
}

/* The next token; its text in *ret (strings without quotes, escapes kept). */
static enum awk_tok
awk_next(struct walk *w, struct awk_lex *lx, const char **ret, size_t *ret_len, bool *bad)
{
	const char *p = lx->p;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		if (*p == '\\' && p[1] == '\n') {
			p += 2;
			continue;
		}
		if (*p == '#') {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		break;
	}
	*ret = p;
	*ret_len = 0;
	enum awk_tok t;
	if (!*p) {
		t = AT_END;
	} else if (*p == '\n') {
		p++;
		t = AT_NL;
	} else if (*p == '"') {
		const char *b = ++p;
		while (*p && *p != '"') {
			if (*p == '\\' && p[1])
				p++;
			p++;
		}
		if (!*p)
			*bad = true;
		*ret = b;
		*ret_len = (size_t)(p - b);
		if (*p)
			p++;
		t = AT_STR;
	} else if (*p == '/' && awk_re_allowed(lx)) {
		p++;
		bool cls = false;
		while (*p && (*p != '/' || cls) && *p != '\n') {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '[')
				cls = true;
			else if (*p == ']')
				cls = false;
			p++;
		}
		if (*p != '/')
			*bad = true;
		else
			p++;
		t = AT_RE;
	} else if (isalpha((unsigned char)*p) || *p == '_') {
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		*ret_len = (size_t)(p - *ret);
		t = AT_NAME;
	} else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
		while (isalnum((unsigned char)*p) || *p == '.')
			p++;
		t = AT_NUM;
	} else {
		static const char *const two[] = { ">>", ">=", "||", "|&", "&&", "<=", "!=", "==",
						   "++", "--", "+=", "-=", "*=", "/=", "%=", "^=",
						   "**" };
		size_t n = 1;
		for (size_t i = 0; i < ARRAY_SIZE(two); i++)
			if (p[0] == two[i][0] && p[1] == two[i][1])
				n = 2;
		*ret_len = n;
		p += n;
		t = AT_OP;
	}
	(void)w;
	lx->p = p;
	if (t != AT_NL) {
		lx->prev = t;
		if (t == AT_OP) {
			memcpy(lx->prev_op, *ret, *ret_len);
			lx->prev_op[*ret_len] = '\0';
		}
	}
	return t;
}

static bool
tok_is(enum awk_tok t, const char *s, size_t n, enum awk_tok want, const char *text)
{
	return t == want && n == strlen(text) && strncmp(s, text, n) == 0;
}

/* Why the program may not run, or NULL; the files it names are checked. */
static const char *
awk_program_problem(struct walk *w, const char *prog, int *ret_err)
{
	struct awk_lex lx = { .p = prog, .prev = AT_NL };
	int depth = 0, print_depth = -1;
	bool bad = false, after_comma = false;
	const char *s;
	size_t n;
	*ret_err = 0;
	for (unsigned guard = 0; guard < 1000000; guard++) {
		enum awk_tok t = awk_next(w, &lx, &s, &n, &bad);
		if (bad)
			return "the program cannot be read (an unterminated string or regular expression)";
		if (t == AT_END)
			return NULL;
		if (t == AT_NL) {
			if (!after_comma)
				print_depth = -1;
			continue;
		}
		after_comma = tok_is(t, s, n, AT_OP, ",") || tok_is(t, s, n, AT_OP, "{") ||
			      tok_is(t, s, n, AT_OP, "&&") || tok_is(t, s, n, AT_OP, "||");
		if (t == AT_NAME) {
			if (tok_is(t, s, n, AT_NAME, "system"))
				return "system() runs a shell command";
			if (tok_is(t, s, n, AT_NAME, "print") || tok_is(t, s, n, AT_NAME, "printf"))
				print_depth = depth;
			if (tok_is(t, s, n, AT_NAME, "getline")) {
				/* getline [var] [< file] */
				struct awk_lex save = lx;
				enum awk_tok u = awk_next(w, &lx, &s, &n, &bad);
				if (u == AT_NAME || tok_is(u, s, n, AT_OP, "$")) {
					if (u == AT_OP)
						(void)awk_next(w, &lx, &s, &n, &bad);
					save = lx;
					u = awk_next(w, &lx, &s, &n, &bad);
				}
				if (tok_is(u, s, n, AT_OP, "<")) {
					u = awk_next(w, &lx, &s, &n, &bad);
					if (u != AT_STR)
						return "getline < reads a file named by an expression, which "
						       "the checks cannot see";
					char *path = arena_strndup(w->a, s, n);
					if (!path) {
						*ret_err = -ENOMEM;
						return NULL;
					}
					int r = check_path_str(w, "awk", path, ROLE_READ, PATH_CHECK_IN_PROCESS);
					if (r < 0) {
						*ret_err = r;
						return NULL;
					}
				} else {
					lx = save;
				}
			}
			continue;
		}
		if (t != AT_OP)
			continue;
		if (tok_is(t, s, n, AT_OP, "@"))
			return "@include and @load read code the checks do not see";
		if (tok_is(t, s, n, AT_OP, "|") || tok_is(t, s, n, AT_OP, "|&"))
			return "a pipe runs a shell command";
		if (tok_is(t, s, n, AT_OP, "(") || tok_is(t, s, n, AT_OP, "[")) {
			depth++;
		} else if (tok_is(t, s, n, AT_OP, ")") || tok_is(t, s, n, AT_OP, "]")) {
			depth--;
		} else if (tok_is(t, s, n, AT_OP, ";") || tok_is(t, s, n, AT_OP, "{") ||
			   tok_is(t, s, n, AT_OP, "}")) {
			print_depth = -1;
		} else if ((tok_is(t, s, n, AT_OP, ">") || tok_is(t, s, n, AT_OP, ">>")) &&
			   print_depth >= 0 && depth == print_depth) {
			enum awk_tok u = awk_next(w, &lx, &s, &n, &bad);
			if (u != AT_STR)
				return "print > writes a file named by an expression, which the "
				       "checks cannot see";
			char *path = arena_strndup(w->a, s, n);
			if (!path) {
				*ret_err = -ENOMEM;
				return NULL;
			}
			/* the file name ends the statement; anything after it
			 * would be joined to the name ("out" $3) */
			struct awk_lex peek = lx;
			const char *ps;
			size_t pn;
			enum awk_tok v = awk_next(w, &peek, &ps, &pn, &bad);
			if (!(v == AT_END || v == AT_NL || tok_is(v, ps, pn, AT_OP, ";") ||
			      tok_is(v, ps, pn, AT_OP, "}")))
				return "print > writes a file named by an expression, which the "
				       "checks cannot see";
			int r = strcmp(path, "/dev/stdout") == 0 || strcmp(path, "/dev/stderr") == 0
					? 0
					: check_path_str(w, "awk", path, ROLE_WRITE, PATH_CHECK_IN_PROCESS);
			if (r < 0) {
				*ret_err = r;
				return NULL;
			}
			print_depth = -1;
		}
	}
	return "the program is too long to check";
}

int
validate_awk(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	char **argv = arena_alloc(w->a, (cl->argc + 1) * sizeof(char *));
	if (!argv)
		return -ENOMEM;
	for (size_t i = 0; i < cl->argc; i++)
		argv[i] = (char *)cl->args[i].opt;
	struct opt_event *ev = NULL;
	int n = opt_parse(cl->spec->decl, OPT_ORDER_REQUIRE, (int)cl->argc, argv, &ev);
	if (n < 0)
		return n;
	int r = 0;
	bool have_prog = false;
	size_t first = 0;
	for (int k = 0; k < n && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		if (e->kind == OPT_EV_OPTION && (e->id == 'f' || e->id == 'E' || e->id == 'i' ||
						 e->id == 'l'))
			r = report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
				       "%s: a program read from a file is not checked", cl->name);
		else if (e->kind == OPT_EV_OPTION && e->id == 'e') {
			have_prog = true;
			int err = 0;
			const char *why = e->value ? awk_program_problem(w, e->value, &err) : NULL;
			if (err < 0) {
				r = err;
				break;
			}
			if (why)
				r = report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
					       "%s: %s", cl->name, why);
		} else if (e->kind == OPT_EV_OPERAND && !first)
			first = (size_t)e->argi;
	}
	free(ev);
	if (r < 0)
		return r;
	if (!have_prog && first) {
		const struct parg *prog = &cl->args[first];
		if (!prog->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
					  "%s: the program is only known at runtime", cl->name);
		int err = 0;
		const char *why = awk_program_problem(w, prog->s, &err);
		if (err < 0)
			return err;
		if (why)
			return report_add(w, POLICY_LAYER_ARGS, "args.awk-program", NULL, false,
					  "%s: %s", cl->name, why);
	}
	/* var=value operands are assignments, not files */
	for (size_t i = 1; i < cl->argc; i++)
		if (cl->args[i].s && roles[i] != ROLE_NONE) {
			const char *eq = strchr(cl->args[i].s, '=');
			if (eq && eq != cl->args[i].s && !strchr(cl->args[i].s, '/'))
				roles[i] = ROLE_NONE;
		}
	return 0;
}

