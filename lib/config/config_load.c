/* SPDX-License-Identifier: MIT */
/*
 * Loading: YAML text -> a small node tree (libyaml's event parser, with
 * anchors, aliases, tags and extra documents refused) -> the config schema.
 *
 * Every refusal names the file, line and column of the node at fault. A file
 * that does not load is an error for the caller; nothing here falls back to
 * a looser config.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "config-internal.h"

int config_utf8_next(const unsigned char *s, size_t len, uint32_t *ret_cp);

enum node_kind { NODE_SCALAR, NODE_SEQ, NODE_MAP };

struct node {
	enum node_kind kind;
	unsigned line, col;
	bool plain;                 /* a plain (unquoted) scalar */
	char *str;                  /* scalar text (NUL-terminated), len below */
	size_t len;
	struct node **items;        /* seq: items; map: key, value, key, value ... */
	size_t n;
};

struct loader {
	const char *file;
	struct arena *arena;
	yaml_parser_t parser;
	size_t nodes;
	struct config_error *err;
	const char *home;
};

#define ERR_AT(ld, line, col, ...)                                             \
	config_set_error((ld)->err, -EINVAL, (ld)->file, (line), (col), __VA_ARGS__)
#define ERR_NODE(ld, nd, ...) ERR_AT(ld, (nd)->line, (nd)->col, __VA_ARGS__)

/* ---- YAML events -> nodes ---------------------------------------------- */

static int
next_event(struct loader *ld, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&ld->parser, ev)) {
		yaml_mark_t m = ld->parser.problem_mark;
		const char *what = ld->parser.problem ? ld->parser.problem : "YAML syntax error";
		if (ld->parser.context)
			return ERR_AT(ld, (unsigned)m.line + 1, (unsigned)m.column + 1,
				      "%s %s", ld->parser.context, what);
		return ERR_AT(ld, (unsigned)m.line + 1, (unsigned)m.column + 1, "%s", what);
	}
	return 0;
}

static int parse_node(struct loader *ld, yaml_event_t *ev, unsigned depth,
		      struct node **ret);

/* Collect children until the matching end event, then copy into the arena. */
static int
parse_children(struct loader *ld, struct node *nd, yaml_event_type_t end, unsigned depth)
{
	_cleanup_free_ struct node **v = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		yaml_event_t ev;
		int r = next_event(ld, &ev);
		if (r < 0)
			return r;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			break;
		}
		struct node *child = NULL;
		r = parse_node(ld, &ev, depth + 1, &child);
		yaml_event_delete(&ev);
		if (r < 0)
			return r;
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			struct node **nv = realloc(v, ncap * sizeof(*nv));
			if (!nv)
				return -ENOMEM;
			v = nv;
			cap = ncap;
		}
		v[n++] = child;
	}
	if (n) {
		nd->items = arena_alloc(ld->arena, n * sizeof(struct node *));
		if (!nd->items)
			return ERR_NODE(ld, nd, "config file too large");
		memcpy(nd->items, v, n * sizeof(struct node *));
	}
	nd->n = n;
	return 0;
}

static int
parse_node(struct loader *ld, yaml_event_t *ev, unsigned depth, struct node **ret)
{
	unsigned line = (unsigned)ev->start_mark.line + 1, col = (unsigned)ev->start_mark.column + 1;
	const yaml_char_t *anchor = NULL, *tag = NULL;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return ERR_AT(ld, line, col,
			      "YAML aliases (*name) are not allowed: write the value out");
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		tag = ev->data.scalar.tag;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
		break;
	default:
		return ERR_AT(ld, line, col, "unexpected YAML event");
	}
	if (anchor)
		return ERR_AT(ld, line, col,
			      "YAML anchors (&name) are not allowed: write the value out");
	if (tag)
		return ERR_AT(ld, line, col, "YAML tags (!tag) are not allowed");
	if (depth > CONFIG_MAX_DEPTH)
		return ERR_AT(ld, line, col, "nested too deeply (more than %u levels)",
			      CONFIG_MAX_DEPTH);
	if (++ld->nodes > CONFIG_MAX_NODES)
		return ERR_AT(ld, line, col, "too many YAML nodes (more than %u)",
			      CONFIG_MAX_NODES);

	struct node *nd = arena_alloc(ld->arena, sizeof(*nd));
	if (!nd)
		return ERR_AT(ld, line, col, "config file too large");
	nd->line = line;
	nd->col = col;
	int r = 0;
	switch (ev->type) {
	case YAML_SCALAR_EVENT: {
		nd->kind = NODE_SCALAR;
		nd->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		nd->len = ev->data.scalar.length;
		nd->str = arena_strndup(ld->arena, (const char *)ev->data.scalar.value, nd->len);
		if (!nd->str)
			return ERR_AT(ld, line, col, "config file too large");
		break;
	}
	case YAML_SEQUENCE_START_EVENT:
		nd->kind = NODE_SEQ;
		r = parse_children(ld, nd, YAML_SEQUENCE_END_EVENT, depth);
		break;
	case YAML_MAPPING_START_EVENT:
		nd->kind = NODE_MAP;
		r = parse_children(ld, nd, YAML_MAPPING_END_EVENT, depth);
		break;
	default:
		return -EINVAL; /* excluded above */
	}
	if (r < 0)
		return r;
	*ret = nd;
	return 0;
}

/* The whole stream: one document at most; its root, or NULL when empty. */
static int
parse_stream(struct loader *ld, struct node **ret_root)
{
	yaml_event_t ev;
	int r;
	struct node *root = NULL;
	bool seen_doc = false;

	*ret_root = NULL;
	for (;;) {
		r = next_event(ld, &ev);
		if (r < 0)
			return r;
		unsigned line = (unsigned)ev.start_mark.line + 1,
			 col = (unsigned)ev.start_mark.column + 1;
		switch (ev.type) {
		case YAML_STREAM_START_EVENT:
		case YAML_DOCUMENT_END_EVENT:
			break;
		case YAML_STREAM_END_EVENT:
			yaml_event_delete(&ev);
			*ret_root = root;
			return 0;
		case YAML_DOCUMENT_START_EVENT:
			if (ev.data.document_start.version_directive ||
			    ev.data.document_start.tag_directives.start !=
				    ev.data.document_start.tag_directives.end) {
				yaml_event_delete(&ev);
				return ERR_AT(ld, line, col, "YAML directives are not allowed");
			}
			if (seen_doc) {
				yaml_event_delete(&ev);
				return ERR_AT(ld, line, col,
					      "more than one YAML document in the file");
			}
			seen_doc = true;
			break;
		case YAML_ALIAS_EVENT:
		case YAML_SCALAR_EVENT:
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			r = parse_node(ld, &ev, 1, &root);
			if (r < 0) {
				yaml_event_delete(&ev);
				return r;
			}
			break;
		case YAML_NO_EVENT:
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
		default:
			yaml_event_delete(&ev);
			return ERR_AT(ld, line, col, "unexpected YAML structure");
		}
		yaml_event_delete(&ev);
	}
}

/* ---- nodes -> config ---------------------------------------------------- */

static bool
is_null(const struct node *nd)
{
	return nd->kind == NODE_SCALAR && nd->plain &&
	       (nd->len == 0 || strcmp(nd->str, "~") == 0 || strcmp(nd->str, "null") == 0 ||
		strcmp(nd->str, "Null") == 0 || strcmp(nd->str, "NULL") == 0);
}

static const char *
kind_name(const struct node *nd)
{
	if (is_null(nd))
		return "nothing (null)";
	switch (nd->kind) {
	case NODE_SCALAR:
		return "a scalar";
	case NODE_SEQ:
		return "a list";
	case NODE_MAP:
		return "a mapping";
	default:
		return "?";
	}
}

static int
get_bool(struct loader *ld, const struct node *nd, const char *key, bool *ret)
{
	/* Only plain true/false: YAML 1.1's yes/no/on/off are too easy to write
	 * by accident (a country code, a quoted "false" meant as text). */
	if (nd->kind == NODE_SCALAR && nd->plain) {
		if (strcmp(nd->str, "true") == 0) {
			*ret = true;
			return 0;
		}
		if (strcmp(nd->str, "false") == 0) {
			*ret = false;
			return 0;
		}
	}
	if (nd->kind == NODE_SCALAR)
		return ERR_NODE(ld, nd, "%s: expected true or false, got '%.64s'", key, nd->str);
	return ERR_NODE(ld, nd, "%s: expected true or false, got %s", key, kind_name(nd));
}

static int
get_string(struct loader *ld, const struct node *nd, const char *key, const char **ret)
{
	if (nd->kind != NODE_SCALAR || is_null(nd))
		return ERR_NODE(ld, nd, "%s: expected a string, got %s%s", key, kind_name(nd),
				is_null(nd) ? " (quote it if you mean the text)" : "");
	const char *why = config_string_problem(nd->str, nd->len);
	if (why)
		return ERR_NODE(ld, nd, "%s: %s", key, why);
	if (nd->len == 0)
		return ERR_NODE(ld, nd, "%s: empty string", key);
	*ret = nd->str;
	return 0;
}

static bool
has_space(const char *s)
{
	return strpbrk(s, " \t") != NULL;
}

/*
 * The first entry (in file order) equal to an earlier one, or SIZE_MAX:
 * sort indices by key, ties by position, and look at neighbours. O(n log n),
 * so a list at the length limit loads quickly.
 */
struct dup_ctx {
	const char *arr;
	size_t size;
	int (*cmp)(const void *, const void *);
};

static int
dup_cmp(const void *a, const void *b, void *data)
{
	const struct dup_ctx *x = data;
	size_t ia = *(const size_t *)a, ib = *(const size_t *)b;
	int c = x->cmp(x->arr + ia * x->size, x->arr + ib * x->size);
	if (c)
		return c;
	return ia < ib ? -1 : ia > ib;
}

static int
first_dup(const void *arr, size_t n, size_t size, int (*cmp)(const void *, const void *),
	  size_t *ret)
{
	*ret = SIZE_MAX;
	if (n < 2)
		return 0;
	size_t *idx = malloc(n * sizeof(size_t));
	if (!idx)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	struct dup_ctx x = { .arr = arr, .size = size, .cmp = cmp };
	qsort_r(idx, n, sizeof(size_t), dup_cmp, &x);
	for (size_t i = 1; i < n; i++)
		if (cmp((const char *)arr + idx[i - 1] * size, (const char *)arr + idx[i] * size) == 0 &&
		    idx[i] < *ret)
			*ret = idx[i];
	free(idx);
	return 0;
}

static int
strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
path_cmp(const void *a, const void *b)
{
	return strcmp(((const struct config_path *)a)->path, ((const struct config_path *)b)->path);
}

static int
host_cmp(const void *a, const void *b)
{
	return strcmp(((const struct config_ssh_host *)a)->host,
		      ((const struct config_ssh_host *)b)->host);
}

static int
command_cmp(const void *a, const void *b)
{
	const struct config_command *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	if (c)
		return c;
	if (x->n_args != y->n_args)
		return x->n_args < y->n_args ? -1 : 1;
	for (size_t i = 0; i < x->n_args; i++)
		if ((c = strcmp(x->args[i], y->args[i])))
			return c;
	return 0;
}

static int
get_strv(struct loader *ld, const struct node *nd, const char *key, bool (*valid)(const char *),
	 const char *valid_what, char ***ret, size_t *ret_n)
{
	*ret = NULL;
	*ret_n = 0;
	if (is_null(nd))
		return 0;
	if (nd->kind != NODE_SEQ)
		return ERR_NODE(ld, nd, "%s: expected a list, got %s", key, kind_name(nd));
	if (nd->n > CONFIG_MAX_LIST)
		return ERR_NODE(ld, nd, "%s: more than %u entries", key, CONFIG_MAX_LIST);
	if (nd->n == 0)
		return 0;
	char **v = calloc(nd->n, sizeof(char *));
	if (!v)
		return -ENOMEM;
	int r = 0;
	size_t i;
	for (i = 0; i < nd->n; i++) {
		const char *s;
		r = get_string(ld, nd->items[i], key, &s);
		if (r < 0)
			break;
		if (valid && !valid(s)) {
			r = ERR_NODE(ld, nd->items[i], "%s: '%s' is not %s", key, s, valid_what);
			break;
		}
		v[i] = strdup(s);
		if (!v[i]) {
			r = -ENOMEM;
			break;
		}
	}
	size_t dup = SIZE_MAX;
	if (r >= 0)
		r = first_dup(v, nd->n, sizeof(char *), strp_cmp, &dup);
	if (r >= 0 && dup != SIZE_MAX)
		r = ERR_NODE(ld, nd->items[dup], "%s: '%s' is listed twice", key, v[dup]);
	if (r < 0) {
		config_strv_free(v, i);
		return r;
	}
	*ret = v;
	*ret_n = nd->n;
	return 0;
}

static bool
valid_word(const char *s)
{
	return !has_space(s);
}

static bool
valid_env_name(const char *s)
{
	if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')))
		return false;
	for (s++; *s; s++)
		if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
		      (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

/* A mapping's keys: scalars, each once, each among the names allowed. */
static int
check_map(struct loader *ld, const struct node *nd, const char *what,
	  const char *const *allowed)
{
	if (nd->kind != NODE_MAP)
		return ERR_NODE(ld, nd, "%s: expected a mapping, got %s", what, kind_name(nd));
	for (size_t i = 0; i < nd->n; i += 2) {
		const struct node *k = nd->items[i];
		if (k->kind != NODE_SCALAR)
			return ERR_NODE(ld, k, "%s: keys must be plain words", what);
		for (size_t j = 0; j < i; j += 2)
			if (strcmp(nd->items[j]->str, k->str) == 0)
				return ERR_NODE(ld, k, "%s: duplicate key '%s' (first at line %u)",
						what, k->str, nd->items[j]->line);
		if (!allowed)
			continue;
		bool ok = false;
		for (const char *const *a = allowed; *a && !ok; a++)
			ok = strcmp(*a, k->str) == 0;
		if (!ok)
			return ERR_NODE(ld, k, "%s: unknown key '%.64s'", what, k->str);
	}
	return 0;
}

static int
get_path(struct loader *ld, const struct node *nd, const char *key, char **ret)
{
	const char *s;
	int r = get_string(ld, nd, key, &s);
	if (r < 0)
		return r;
	r = config_path_normalize(s, ld->home, NULL, ret);
	if (r == -ENOMEM)
		return r;
	if (r < 0)
		return ERR_NODE(ld, nd,
				"%s: '%s' is not an absolute path (after ~ expansion; no '..')",
				key, s);
	return 0;
}

static int
load_path_entry(struct loader *ld, const struct node *nd, struct config_path *p)
{
	static const char *const keys[] = { "path", "write", "internal", "commands", NULL };
	int r = check_map(ld, nd, "paths entry", keys);
	if (r < 0)
		return r;
	bool have_path = false;
	for (size_t i = 0; i < nd->n; i += 2) {
		const char *k = nd->items[i]->str;
		const struct node *v = nd->items[i + 1];
		if (strcmp(k, "path") == 0) {
			r = get_path(ld, v, "path", &p->path);
			have_path = r >= 0;
		} else if (strcmp(k, "write") == 0)
			r = get_bool(ld, v, "write", &p->write);
		else if (strcmp(k, "internal") == 0)
			r = get_bool(ld, v, "internal", &p->internal);
		else
			r = get_strv(ld, v, "commands", valid_word, "a command name",
				     &p->commands, &p->n_commands);
		if (r < 0)
			return r;
	}
	if (!have_path)
		return ERR_NODE(ld, nd, "paths entry: 'path' is required");
	return 0;
}

static int
load_command_entry(struct loader *ld, const struct node *nd, struct config_command *c)
{
	static const char *const keys[] = { "name", "args", "allow", "ask", "no_sandbox", NULL };
	int r = check_map(ld, nd, "commands entry", keys);
	if (r < 0)
		return r;
	bool have_name = false, have_allow = false;
	for (size_t i = 0; i < nd->n; i += 2) {
		const char *k = nd->items[i]->str;
		const struct node *v = nd->items[i + 1];
		if (strcmp(k, "name") == 0) {
			const char *s;
			r = get_string(ld, v, "name", &s);
			if (r >= 0 && has_space(s))
				r = ERR_NODE(ld, v, "name: '%s' holds a space; put the "
						    "subcommand words in 'args'", s);
			if (r >= 0 && !(c->name = strdup(s)))
				r = -ENOMEM;
			have_name = r >= 0;
		} else if (strcmp(k, "args") == 0) {
			/* Arguments may repeat (go test ./... -run x -run y). */
			const struct node *s = v;
			if (is_null(s))
				continue;
			if (s->kind != NODE_SEQ) {
				r = ERR_NODE(ld, s, "args: expected a list, got %s", kind_name(s));
			} else if (s->n > CONFIG_MAX_LIST) {
				r = ERR_NODE(ld, s, "args: too many entries");
			} else if (s->n) {
				c->args = calloc(s->n, sizeof(char *));
				if (!c->args)
					return -ENOMEM;
				for (size_t j = 0; j < s->n && r >= 0; j++) {
					const char *a;
					r = get_string(ld, s->items[j], "args", &a);
					if (r >= 0 && !(c->args[j] = strdup(a)))
						r = -ENOMEM;
					if (r >= 0)
						c->n_args++;
				}
			}
		} else if (strcmp(k, "allow") == 0) {
			r = get_bool(ld, v, "allow", &c->allow);
			have_allow = r >= 0;
		} else if (strcmp(k, "ask") == 0)
			r = get_bool(ld, v, "ask", &c->ask);
		else
			r = get_bool(ld, v, "no_sandbox", &c->no_sandbox);
		if (r < 0)
			return r;
	}
	if (!have_name)
		return ERR_NODE(ld, nd, "commands entry: 'name' is required");
	/* An entry without allow is a deny only when it says so: spelling out
	 * allow: false keeps a typo from flipping the meaning. */
	if (!have_allow && !c->ask)
		return ERR_NODE(ld, nd, "commands entry '%s': say allow: true or allow: false",
				c->name);
	if (!have_allow)
		c->allow = true;
	if (!c->allow && (c->ask || c->no_sandbox))
		return ERR_NODE(ld, nd, "commands entry '%s': allow: false cannot be "
					"combined with ask or no_sandbox", c->name);
	return 0;
}

static int
load_ssh_host(struct loader *ld, const struct node *nd, struct config_ssh_host *h)
{
	static const char *const keys[] = { "host", "write", "commands", NULL };
	int r = check_map(ld, nd, "ssh.hosts entry", keys);
	if (r < 0)
		return r;
	bool have_host = false;
	for (size_t i = 0; i < nd->n; i += 2) {
		const char *k = nd->items[i]->str;
		const struct node *v = nd->items[i + 1];
		if (strcmp(k, "host") == 0) {
			const char *s;
			r = get_string(ld, v, "host", &s);
			if (r >= 0 && (has_space(s) || s[0] == '-'))
				r = ERR_NODE(ld, v, "host: '%s' is not a host name", s);
			if (r >= 0 && !(h->host = strdup(s)))
				r = -ENOMEM;
			have_host = r >= 0;
		} else if (strcmp(k, "write") == 0)
			r = get_bool(ld, v, "write", &h->write);
		else
			r = get_strv(ld, v, "commands", valid_word, "a command name",
				     &h->commands, &h->n_commands);
		if (r < 0)
			return r;
	}
	if (!have_host)
		return ERR_NODE(ld, nd, "ssh.hosts entry: 'host' is required");
	return 0;
}

/* Load a list of mapping entries into a calloc'd array via fn. */
#define LOAD_ENTRIES(ld, nd, key, arr, cnt, fn, clear, same)                                 \
	__extension__({                                                                    \
		int r_ = 0;                                                                \
		if (!is_null(nd)) {                                                        \
			if ((nd)->kind != NODE_SEQ)                                        \
				r_ = ERR_NODE(ld, nd, "%s: expected a list, got %s", key,  \
					      kind_name(nd));                              \
			else if ((nd)->n > CONFIG_MAX_LIST)                                \
				r_ = ERR_NODE(ld, nd, "%s: more than %u entries", key,     \
					      CONFIG_MAX_LIST);                            \
			else if ((nd)->n) {                                                \
				(arr) = calloc((nd)->n, sizeof(*(arr)));                   \
				if (!(arr))                                                \
					r_ = -ENOMEM;                                      \
				for (size_t i_ = 0; r_ >= 0 && i_ < (nd)->n; i_++) {       \
					r_ = fn(ld, (nd)->items[i_], &(arr)[i_]);          \
					(cnt)++; /* counted even on failure: freed later */  \
				}                                                          \
				size_t d_ = SIZE_MAX;                                      \
				if (r_ >= 0)                                               \
					r_ = first_dup(arr, cnt, sizeof(*(arr)), same, &d_); \
				if (r_ >= 0 && d_ != SIZE_MAX)                             \
					r_ = ERR_NODE(ld, (nd)->items[d_],                 \
						      "%s: duplicate entry", key);         \
			}                                                                  \
		}                                                                          \
		r_;                                                                        \
	})

static const char *const git_keys[] = { "local_read", "local_write", "remote_read",
					 "remote_write", "allow_worktree_parent", NULL };

bool *
config_git_key(struct config *c, const char *name, uint32_t *ret_bit)
{
	static const uint32_t bits[] = { CFG_SET_GIT_LOCAL_READ, CFG_SET_GIT_LOCAL_WRITE,
					 CFG_SET_GIT_REMOTE_READ, CFG_SET_GIT_REMOTE_WRITE,
					 CFG_SET_GIT_WORKTREE_PARENT };
	bool *fields[] = { &c->git.local_read, &c->git.local_write, &c->git.remote_read,
			   &c->git.remote_write, &c->git.allow_worktree_parent };
	_Static_assert(ARRAY_SIZE(bits) == ARRAY_SIZE(git_keys) - 1, "one bit per git key");
	for (size_t j = 0; git_keys[j]; j++)
		if (strcmp(name, git_keys[j]) == 0) {
			*ret_bit = bits[j];
			return fields[j];
		}
	return NULL;
}

static int
load_git(struct loader *ld, const struct node *nd, struct config_layer *l)
{
	if (is_null(nd))
		return 0;
	int r = check_map(ld, nd, "git", git_keys);
	if (r < 0)
		return r;
	for (size_t i = 0; i < nd->n; i += 2) {
		const char *k = nd->items[i]->str;
		uint32_t bit = 0;
		bool *dst = config_git_key(l->c, k, &bit);
		if (!dst)
			continue; /* (check_map refused it already) */
		r = get_bool(ld, nd->items[i + 1], k, dst);
		if (r < 0)
			return r;
		l->set |= bit;
	}
	return 0;
}

static int
load_ssh(struct loader *ld, const struct node *nd, struct config_layer *l)
{
	static const char *const keys[] = { "hosts", NULL };
	if (is_null(nd))
		return 0;
	int r = check_map(ld, nd, "ssh", keys);
	if (r < 0)
		return r;
	for (size_t i = 0; i < nd->n; i += 2) {
		r = LOAD_ENTRIES(ld, nd->items[i + 1], "ssh.hosts", l->c->ssh_hosts,
				 l->c->n_ssh_hosts, load_ssh_host, x, host_cmp);
		if (r < 0)
			return r;
	}
	return 0;
}

static int
load_network(struct loader *ld, const struct node *nd, struct config_layer *l)
{
	static const char *const keys[] = { "mode", "allow", NULL };
	if (is_null(nd))
		return 0;
	int r = check_map(ld, nd, "network", keys);
	if (r < 0)
		return r;
	for (size_t i = 0; i < nd->n; i += 2) {
		const char *k = nd->items[i]->str;
		const struct node *v = nd->items[i + 1];
		if (strcmp(k, "mode") == 0) {
			const char *s;
			r = get_string(ld, v, "network.mode", &s);
			if (r < 0)
				return r;
			if (strcmp(s, "open") == 0)
				l->c->network.mode = CONFIG_NET_OPEN;
			else if (strcmp(s, "none") == 0)
				l->c->network.mode = CONFIG_NET_NONE;
			else if (strcmp(s, "proxy") == 0)
				l->c->network.mode = CONFIG_NET_PROXY;
			else
				return ERR_NODE(ld, v,
						"network.mode: '%s' is not one of open, none, proxy",
						s);
			l->set |= CFG_SET_NET_MODE;
		} else {
			r = get_strv(ld, v, "network.allow", valid_word, "a host name",
				     &l->c->network.allow, &l->c->network.n_allow);
			if (r < 0)
				return r;
		}
	}
	return 0;
}

static const char *const layer_keys[] = {
	"mode", "audit", "paths", "commands", "os_sandbox", "os_sandbox_hide_home",
	"os_sandbox_env_passthrough", "git", "ssh", "network", "profiles", NULL,
};
static const char *const root_keys[] = {
	"mode", "audit", "paths", "commands", "os_sandbox", "os_sandbox_hide_home",
	"os_sandbox_env_passthrough", "git", "ssh", "network", "profiles", "overrides", NULL,
};

static int
load_layer(struct loader *ld, const struct node *nd, bool root, struct config_layer *l)
{
	int r = check_map(ld, nd, root ? "config" : "override", root ? root_keys : layer_keys);
	if (r < 0)
		return r;
	for (size_t i = 0; i < nd->n; i += 2) {
		const char *k = nd->items[i]->str;
		const struct node *v = nd->items[i + 1];
		struct config *c = l->c;
		if (strcmp(k, "mode") == 0) {
			const char *s;
			r = get_string(ld, v, "mode", &s);
			if (r < 0)
				return r;
			if (policy_mode_from_name(s, &c->mode) < 0)
				return ERR_NODE(ld, v,
						"mode: '%s' is not one of open, denylist, allowlist",
						s);
			l->set |= CFG_SET_MODE;
		} else if (strcmp(k, "audit") == 0) {
			r = get_bool(ld, v, "audit", &c->audit);
			l->set |= CFG_SET_AUDIT;
		} else if (strcmp(k, "os_sandbox") == 0) {
			r = get_bool(ld, v, "os_sandbox", &c->os_sandbox);
			l->set |= CFG_SET_OS_SANDBOX;
		} else if (strcmp(k, "os_sandbox_hide_home") == 0) {
			r = get_bool(ld, v, "os_sandbox_hide_home", &c->os_sandbox_hide_home);
			l->set |= CFG_SET_HIDE_HOME;
		} else if (strcmp(k, "os_sandbox_env_passthrough") == 0)
			r = get_strv(ld, v, "os_sandbox_env_passthrough", valid_env_name,
				     "an environment variable name", &c->env_passthrough,
				     &c->n_env_passthrough);
		else if (strcmp(k, "profiles") == 0)
			r = get_strv(ld, v, "profiles", valid_word, "a profile name",
				     &c->profiles, &c->n_profiles);
		else if (strcmp(k, "paths") == 0)
			r = LOAD_ENTRIES(ld, v, "paths", c->paths, c->n_paths, load_path_entry,
					 x, path_cmp);
		else if (strcmp(k, "commands") == 0)
			r = LOAD_ENTRIES(ld, v, "commands", c->commands, c->n_commands,
					 load_command_entry, x, command_cmp);
		else if (strcmp(k, "git") == 0)
			r = load_git(ld, v, l);
		else if (strcmp(k, "ssh") == 0)
			r = load_ssh(ld, v, l);
		else if (strcmp(k, "network") == 0)
			r = load_network(ld, v, l);
		else if (strcmp(k, "overrides") == 0)
			continue; /* the caller's */
		else
			r = ERR_NODE(ld, nd->items[i], "unknown key '%s'", k); /* not reached */
		if (r < 0)
			return r;
	}
	return 0;
}

static void
layer_clear(struct config_layer *l)
{
	free(l->dir);
	config_free(l->c);
	*l = (struct config_layer){ 0 };
}

static int
load_overrides(struct loader *ld, const struct node *nd, struct config_doc *d)
{
	if (is_null(nd))
		return 0;
	int r = check_map(ld, nd, "overrides", NULL);
	if (r < 0)
		return r;
	if (nd->n / 2 > CONFIG_MAX_LIST)
		return ERR_NODE(ld, nd, "overrides: more than %u directories", CONFIG_MAX_LIST);
	if (nd->n == 0)
		return 0;
	d->ov = calloc(nd->n / 2, sizeof(*d->ov));
	if (!d->ov)
		return -ENOMEM;
	for (size_t i = 0; i < nd->n; i += 2) {
		struct config_layer *l = &d->ov[d->n_ov++];
		l->c = config_new_empty();
		if (!l->c)
			return -ENOMEM;
		r = get_path(ld, nd->items[i], "overrides", &l->dir);
		if (r < 0)
			return r;
		for (size_t j = 0; j + 1 < d->n_ov; j++)
			if (strcmp(d->ov[j].dir, l->dir) == 0)
				return ERR_NODE(ld, nd->items[i],
						"overrides: '%s' appears twice (first at line %u)",
						l->dir, nd->items[2 * j]->line);
		r = load_layer(ld, nd->items[i + 1], false, l);
		if (r < 0)
			return r;
	}
	return 0;
}

/* Whole-file checks before libyaml sees the text, with exact positions. */
static int
check_text(struct loader *ld, const char *text, size_t len)
{
	const unsigned char *p = (const unsigned char *)text;
	unsigned line = 1, col = 1;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		int n = config_utf8_next(p + i, len - i, &cp);
		if (n < 0)
			return ERR_AT(ld, line, col, "the file is not valid UTF-8");
		if (cp == 0)
			return ERR_AT(ld, line, col, "NUL byte in the file");
		i += (size_t)n;
		if (cp == '\n') {
			line++;
			col = 1;
		} else
			col++;
	}
	return 0;
}

int
config_doc_parse(const char *file, const char *text, size_t len, const char *home,
		 struct config_doc *d, struct config_error *reterr)
{
	_cleanup_arena_ struct arena *arena = arena_new(64u * CONFIG_MAX_FILE_SIZE);
	struct loader ld = { .file = file, .arena = arena, .err = reterr, .home = home };
	int r;

	if (!arena)
		return -ENOMEM;
	if (len > CONFIG_MAX_FILE_SIZE)
		return ERR_AT(&ld, 0, 0, "file larger than %u bytes", CONFIG_MAX_FILE_SIZE);
	r = check_text(&ld, text, len);
	if (r < 0)
		return r;
	if (!yaml_parser_initialize(&ld.parser))
		return -ENOMEM;
	yaml_parser_set_encoding(&ld.parser, YAML_UTF8_ENCODING);
	yaml_parser_set_input_string(&ld.parser, (const unsigned char *)text, len);
	struct node *root = NULL;
	r = parse_stream(&ld, &root);
	yaml_parser_delete(&ld.parser);
	if (r < 0)
		return r;

	d->base.c = config_new_empty();
	if (!d->base.c)
		return -ENOMEM;
	if (!root || is_null(root))
		return 0; /* an empty file: the defaults */
	if (root->kind != NODE_MAP)
		return ERR_NODE(&ld, root, "the config must be a mapping of keys, got %s",
				kind_name(root));
	r = load_layer(&ld, root, true, &d->base);
	if (r < 0)
		return r;
	for (size_t i = 0; i < root->n; i += 2)
		if (strcmp(root->items[i]->str, "overrides") == 0) {
			r = load_overrides(&ld, root->items[i + 1], d);
			if (r < 0)
				return r;
		}
	return 0;
}

/* ---- public loading ------------------------------------------------------ */

struct config_doc *
config_doc_free(struct config_doc *d)
{
	if (!d)
		return NULL;
	free(d->path);
	layer_clear(&d->base);
	for (size_t i = 0; i < d->n_ov; i++)
		layer_clear(&d->ov[i]);
	free(d->ov);
	free(d);
	return NULL;
}

int
config_doc_load(const char *path, struct config_doc **ret, struct config_error *reterr)
{
	_cleanup_free_ char *defpath = NULL;
	int r;

	if (reterr)
		*reterr = (struct config_error){ 0 };
	if (!path) {
		r = config_default_path(&defpath);
		if (r < 0)
			return config_set_error(reterr, r, "", 0, 0,
						"cannot tell where the config file is: %s",
						strerror(-r));
		path = defpath;
	}
	_cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0 && errno != ENOENT) {
		r = -errno;
		return config_set_error(reterr, r, path, 0, 0, "cannot open: %s", strerror(-r));
	}
	return config_doc_load_fd(fd, path, ret, reterr);
}

int
config_doc_load_fd(int fd, const char *path, struct config_doc **ret,
		   struct config_error *reterr)
{
	__attribute__((cleanup(config_doc_freep))) struct config_doc *d = NULL;
	_cleanup_free_ char *home = NULL;
	int r;

	if (reterr)
		*reterr = (struct config_error){ 0 };
	if (!path)
		return -EINVAL;
	d = calloc(1, sizeof(*d));
	if (!d || !(d->path = strdup(path)))
		return -ENOMEM;
	/* Without a home, "~" in the file is an error, not a guess. */
	(void)config_home(&home);

	if (fd < 0) {
		d->base.c = config_new_empty();
		if (!d->base.c)
			return -ENOMEM;
		*ret = TAKE_PTR(d);
		return 0;
	}
	struct stat st;
	if (fstat(fd, &st) < 0)
		return config_set_error(reterr, -errno, path, 0, 0, "cannot stat: %s", strerror(errno));
	if (!S_ISREG(st.st_mode))
		return config_set_error(reterr, -EINVAL, path, 0, 0, "not a regular file");
	/* Like ssh's StrictModes: a policy that someone else can rewrite is no
	 * policy. Refuse rather than load it. */
	if (st.st_mode & S_IWOTH)
		return config_set_error(reterr, -EPERM, path, 0, 0,
					"writable by every user (chmod o-w it)");
	if (st.st_uid != geteuid() && st.st_uid != 0)
		return config_set_error(reterr, -EPERM, path, 0, 0,
					"owned by another user (uid %u)", (unsigned)st.st_uid);
	_cleanup_buf_ struct buf text = BUF_INIT(CONFIG_MAX_FILE_SIZE);
	r = buf_read_fd(&text, fd);
	if (r == -EFBIG)
		return config_set_error(reterr, -EFBIG, path, 0, 0, "file larger than %u bytes",
					CONFIG_MAX_FILE_SIZE);
	if (r < 0)
		return config_set_error(reterr, r, path, 0, 0, "cannot read: %s", strerror(-r));
	d->exists = true;
	r = config_doc_parse(path, text.data ? text.data : "", text.len, home, d, reterr);
	if (r < 0)
		return r;
	*ret = TAKE_PTR(d);
	return 0;
}

const char *
config_doc_path(const struct config_doc *d)
{
	return d->path;
}

bool
config_doc_exists(const struct config_doc *d)
{
	return d->exists;
}

size_t
config_doc_n_overrides(const struct config_doc *d)
{
	return d->n_ov;
}

const char *
config_doc_override_dir(const struct config_doc *d, size_t i)
{
	return i < d->n_ov ? d->ov[i].dir : NULL;
}

const struct config *
config_doc_layer(const struct config_doc *d, const char *dir)
{
	if (!dir)
		return d->base.c;
	for (size_t i = 0; i < d->n_ov; i++)
		if (strcmp(d->ov[i].dir, dir) == 0)
			return d->ov[i].c;
	return NULL;
}

/* dir is below (or is) anc, both normalized absolute paths. */
static bool
path_within(const char *dir, const char *anc)
{
	if (strcmp(anc, "/") == 0)
		return dir[0] == '/';
	size_t n = strlen(anc);
	return strncmp(dir, anc, n) == 0 && (dir[n] == '\0' || dir[n] == '/');
}

const char *
config_doc_override_for(const struct config_doc *d, const char *project_dir)
{
	const char *best = NULL;
	if (!project_dir)
		return NULL;
	for (size_t i = 0; i < d->n_ov; i++)
		if (path_within(project_dir, d->ov[i].dir) &&
		    (!best || strlen(d->ov[i].dir) > strlen(best)))
			best = d->ov[i].dir;
	return best;
}

int
config_doc_effective(const struct config_doc *d, const char *project_dir, struct config **ret)
{
	struct config *c = NULL;
	int r = config_new_default(&c);
	if (r < 0)
		return r;
	r = config_merge_layer(c, &d->base);
	const char *ovdir = config_doc_override_for(d, project_dir);
	if (r >= 0 && ovdir) {
		for (size_t i = 0; i < d->n_ov; i++)
			if (d->ov[i].dir == ovdir)
				r = config_merge_layer(c, &d->ov[i]);
		if (r >= 0 && !(c->override_dir = strdup(ovdir)))
			r = -ENOMEM;
	}
	if (r >= 0 && d->exists && !(c->source_path = strdup(d->path)))
		r = -ENOMEM;
	if (r < 0) {
		config_free(c);
		return r;
	}
	*ret = c;
	return 0;
}

int
config_load_file(const char *path, struct config **ret, struct config_error *reterr)
{
	__attribute__((cleanup(config_doc_freep))) struct config_doc *d = NULL;
	int r = config_doc_load(path, &d, reterr);
	if (r < 0)
		return r;
	return config_doc_effective(d, NULL, ret);
}

int
config_load_for_dir(const char *path, const char *cwd, struct config **ret,
		    struct config_error *reterr)
{
	__attribute__((cleanup(config_doc_freep))) struct config_doc *d = NULL;
	_cleanup_free_ char *home = NULL, *project = NULL;
	int r = config_doc_load(path, &d, reterr);
	if (r < 0)
		return r;
	(void)config_home(&home);
	r = config_project_dir(cwd, home, &project);
	if (r < 0)
		return config_set_error(reterr, r, d->path, 0, 0,
					"cannot resolve the project directory of '%s': %s", cwd,
					strerror(-r));
	return config_doc_effective(d, project, ret);
}

int
config_file_stamp(const char *path, struct config_stamp *ret)
{
	struct stat st;
	*ret = (struct config_stamp){ 0 };
	if (stat(path, &st) < 0) {
		if (errno == ENOENT)
			return 0;
		return -errno;
	}
	ret->exists = true;
	ret->dev = (uint64_t)st.st_dev;
	ret->ino = (uint64_t)st.st_ino;
	ret->size = (int64_t)st.st_size;
	ret->mtime_sec = (int64_t)st.st_mtim.tv_sec;
	ret->mtime_nsec = (int64_t)st.st_mtim.tv_nsec;
	ret->ctime_sec = (int64_t)st.st_ctim.tv_sec;
	ret->ctime_nsec = (int64_t)st.st_ctim.tv_nsec;
	return 0;
}

bool
config_stamp_equal(const struct config_stamp *a, const struct config_stamp *b)
{
	return a->exists == b->exists && a->dev == b->dev && a->ino == b->ino &&
	       a->size == b->size && a->mtime_sec == b->mtime_sec &&
	       a->mtime_nsec == b->mtime_nsec && a->ctime_sec == b->ctime_sec &&
	       a->ctime_nsec == b->ctime_nsec;
}
