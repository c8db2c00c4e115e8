/* SPDX-License-Identifier: MIT */
/*
 * The config data model: defaults, deep copies, merging an override over the
 * base, and the small helpers (mode names, the file's location, path
 * normalization, the string check) the loader, the writer and the CLI share.
 */
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "config-internal.h"

static const char *const mode_names[POLICY_MODE_MAX] = {
	[POLICY_MODE_OPEN] = "open",
	[POLICY_MODE_DENYLIST] = "denylist",
	[POLICY_MODE_ALLOWLIST] = "allowlist",
};

const char *
policy_mode_name(enum policy_mode m)
{
	if ((unsigned)m >= POLICY_MODE_MAX)
		return NULL;
	return mode_names[m];
}

int
policy_mode_from_name(const char *s, enum policy_mode *ret)
{
	if (!s)
		return -EINVAL;
	for (unsigned i = 0; i < POLICY_MODE_MAX; i++)
		if (strcmp(s, mode_names[i]) == 0) {
			*ret = (enum policy_mode)i;
			return 0;
		}
	return -EINVAL;
}

int
config_set_error(struct config_error *reterr, int r, const char *file, unsigned line,
		 unsigned col, const char *fmt, ...)
{
	if (!reterr)
		return r;
	snprintf(reterr->file, sizeof(reterr->file), "%s", file ? file : "");
	reterr->line = line;
	reterr->col = col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(reterr->message, sizeof(reterr->message), fmt, ap);
	va_end(ap);
	return r;
}

/* ---- construction, copies, destruction -------------------------------- */

struct config *
config_new_empty(void)
{
	return calloc(1, sizeof(struct config));
}

int
config_new_default(struct config **ret)
{
	struct config *c = config_new_empty();
	if (!c)
		return -ENOMEM;
	/* Allowlist is the mode for untrusted input; everything looser is opt-in. */
	c->mode = POLICY_MODE_ALLOWLIST;
	c->audit = false;
	c->os_sandbox = false;
	c->os_sandbox_hide_home = true;
	c->git.local_read = true;
	c->git.local_write = true;
	c->git.remote_read = true;
	c->git.remote_write = false; /* a push leaves the machine: ask for it */
	c->git.allow_worktree_parent = false;
	c->network.mode = CONFIG_NET_OPEN;
	*ret = c;
	return 0;
}

void
config_strv_free(char **v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int
config_strv_dup(char *const *v, size_t n, char ***ret)
{
	*ret = NULL;
	if (n == 0)
		return 0;
	char **out = calloc(n, sizeof(char *));
	if (!out)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		out[i] = strdup(v[i]);
		if (!out[i]) {
			config_strv_free(out, i);
			return -ENOMEM;
		}
	}
	*ret = out;
	return 0;
}

void
config_path_clear(struct config_path *p)
{
	free(p->path);
	config_strv_free(p->commands, p->n_commands);
	*p = (struct config_path){ 0 };
}

int
config_path_copy(struct config_path *dst, const struct config_path *src)
{
	struct config_path p = *src;
	p.path = strdup(src->path);
	if (!p.path)
		return -ENOMEM;
	if (config_strv_dup(src->commands, src->n_commands, &p.commands) < 0) {
		free(p.path);
		return -ENOMEM;
	}
	*dst = p;
	return 0;
}

void
config_command_clear(struct config_command *c)
{
	free(c->name);
	config_strv_free(c->args, c->n_args);
	*c = (struct config_command){ 0 };
}

int
config_command_copy(struct config_command *dst, const struct config_command *src)
{
	struct config_command c = *src;
	c.name = strdup(src->name);
	if (!c.name)
		return -ENOMEM;
	if (config_strv_dup(src->args, src->n_args, &c.args) < 0) {
		free(c.name);
		return -ENOMEM;
	}
	*dst = c;
	return 0;
}

bool
config_command_same(const struct config_command *a, const struct config_command *b)
{
	if (strcmp(a->name, b->name) != 0 || a->n_args != b->n_args)
		return false;
	for (size_t i = 0; i < a->n_args; i++)
		if (strcmp(a->args[i], b->args[i]) != 0)
			return false;
	return true;
}

void
config_ssh_host_clear(struct config_ssh_host *h)
{
	free(h->host);
	config_strv_free(h->commands, h->n_commands);
	*h = (struct config_ssh_host){ 0 };
}

int
config_ssh_host_copy(struct config_ssh_host *dst, const struct config_ssh_host *src)
{
	struct config_ssh_host h = *src;
	h.host = strdup(src->host);
	if (!h.host)
		return -ENOMEM;
	if (config_strv_dup(src->commands, src->n_commands, &h.commands) < 0) {
		free(h.host);
		return -ENOMEM;
	}
	*dst = h;
	return 0;
}

struct config *
config_free(struct config *c)
{
	if (!c)
		return NULL;
	config_strv_free(c->env_passthrough, c->n_env_passthrough);
	for (size_t i = 0; i < c->n_paths; i++)
		config_path_clear(&c->paths[i]);
	free(c->paths);
	for (size_t i = 0; i < c->n_commands; i++)
		config_command_clear(&c->commands[i]);
	free(c->commands);
	for (size_t i = 0; i < c->n_ssh_hosts; i++)
		config_ssh_host_clear(&c->ssh_hosts[i]);
	free(c->ssh_hosts);
	config_strv_free(c->network.allow, c->network.n_allow);
	config_strv_free(c->profiles, c->n_profiles);
	free(c->source_path);
	free(c->override_dir);
	free(c);
	return NULL;
}

int
config_dup(const struct config *c, struct config **ret)
{
	struct config *n = config_new_empty();
	if (!n)
		return -ENOMEM;
	/* Scalars first, then give every pointer its own copy. */
	n->mode = c->mode;
	n->audit = c->audit;
	n->os_sandbox = c->os_sandbox;
	n->os_sandbox_hide_home = c->os_sandbox_hide_home;
	n->git = c->git;
	n->network.mode = c->network.mode;
	struct config_layer l = { .c = (struct config *)c, .set = 0 };
	int r = config_merge_layer(n, &l);
	if (r >= 0 && c->source_path && !(n->source_path = strdup(c->source_path)))
		r = -ENOMEM;
	if (r >= 0 && c->override_dir && !(n->override_dir = strdup(c->override_dir)))
		r = -ENOMEM;
	if (r < 0) {
		config_free(n);
		return r;
	}
	*ret = n;
	return 0;
}

/* ---- merging ------------------------------------------------------------ */

static bool
strv_has(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return true;
	return false;
}

/* Append the strings of add that v lacks (a set union that keeps order). */
static int
strv_union(char ***v, size_t *n, char *const *add, size_t n_add)
{
	if (n_add == 0)
		return 0;
	if (*n + n_add < *n)
		return -EOVERFLOW;
	char **nv = realloc(*v, (*n + n_add) * sizeof(char *));
	if (!nv)
		return -ENOMEM;
	*v = nv;
	for (size_t i = 0; i < n_add; i++) {
		if (strv_has(*v, *n, add[i]))
			continue;
		char *s = strdup(add[i]);
		if (!s)
			return -ENOMEM;
		(*v)[(*n)++] = s;
	}
	return 0;
}

int
config_merge_layer(struct config *c, const struct config_layer *l)
{
	const struct config *o = l->c;
	int r;

	if (l->set & CFG_SET_MODE)
		c->mode = o->mode;
	if (l->set & CFG_SET_AUDIT)
		c->audit = o->audit;
	if (l->set & CFG_SET_OS_SANDBOX)
		c->os_sandbox = o->os_sandbox;
	if (l->set & CFG_SET_HIDE_HOME)
		c->os_sandbox_hide_home = o->os_sandbox_hide_home;
	if (l->set & CFG_SET_GIT_LOCAL_READ)
		c->git.local_read = o->git.local_read;
	if (l->set & CFG_SET_GIT_LOCAL_WRITE)
		c->git.local_write = o->git.local_write;
	if (l->set & CFG_SET_GIT_REMOTE_READ)
		c->git.remote_read = o->git.remote_read;
	if (l->set & CFG_SET_GIT_REMOTE_WRITE)
		c->git.remote_write = o->git.remote_write;
	if (l->set & CFG_SET_GIT_WORKTREE_PARENT)
		c->git.allow_worktree_parent = o->git.allow_worktree_parent;
	if (l->set & CFG_SET_NET_MODE)
		c->network.mode = o->network.mode;

	r = strv_union(&c->env_passthrough, &c->n_env_passthrough, o->env_passthrough,
		       o->n_env_passthrough);
	if (r < 0)
		return r;
	r = strv_union(&c->network.allow, &c->network.n_allow, o->network.allow,
		       o->network.n_allow);
	if (r < 0)
		return r;
	r = strv_union(&c->profiles, &c->n_profiles, o->profiles, o->n_profiles);
	if (r < 0)
		return r;

	/* Keyed lists: an entry with the same key replaces, others append. */
	if (o->n_paths) {
		struct config_path *np =
			realloc(c->paths, (c->n_paths + o->n_paths) * sizeof(*np));
		if (!np)
			return -ENOMEM;
		c->paths = np;
		/* A layer holds no duplicates (the loader and the edits see to
		 * that), so only the entries it started with can match. */
		size_t n0 = c->n_paths;
		for (size_t i = 0; i < o->n_paths; i++) {
			struct config_path copy;
			r = config_path_copy(&copy, &o->paths[i]);
			if (r < 0)
				return r;
			size_t j;
			for (j = 0; j < n0; j++)
				if (strcmp(c->paths[j].path, copy.path) == 0)
					break;
			if (j < n0)
				config_path_clear(&c->paths[j]);
			else
				j = c->n_paths++;
			c->paths[j] = copy;
		}
	}
	if (o->n_commands) {
		struct config_command *nc =
			realloc(c->commands, (c->n_commands + o->n_commands) * sizeof(*nc));
		if (!nc)
			return -ENOMEM;
		c->commands = nc;
		size_t n0 = c->n_commands;
		for (size_t i = 0; i < o->n_commands; i++) {
			struct config_command copy;
			r = config_command_copy(&copy, &o->commands[i]);
			if (r < 0)
				return r;
			size_t j;
			for (j = 0; j < n0; j++)
				if (config_command_same(&c->commands[j], &copy))
					break;
			if (j < n0)
				config_command_clear(&c->commands[j]);
			else
				j = c->n_commands++;
			c->commands[j] = copy;
		}
	}
	if (o->n_ssh_hosts) {
		struct config_ssh_host *nh = realloc(
			c->ssh_hosts, (c->n_ssh_hosts + o->n_ssh_hosts) * sizeof(*nh));
		if (!nh)
			return -ENOMEM;
		c->ssh_hosts = nh;
		size_t n0 = c->n_ssh_hosts;
		for (size_t i = 0; i < o->n_ssh_hosts; i++) {
			struct config_ssh_host copy;
			r = config_ssh_host_copy(&copy, &o->ssh_hosts[i]);
			if (r < 0)
				return r;
			size_t j;
			for (j = 0; j < n0; j++)
				if (strcmp(c->ssh_hosts[j].host, copy.host) == 0)
					break;
			if (j < n0)
				config_ssh_host_clear(&c->ssh_hosts[j]);
			else
				j = c->n_ssh_hosts++;
			c->ssh_hosts[j] = copy;
		}
	}
	return 0;
}

/* ---- strings and paths -------------------------------------------------- */

/* Decode one UTF-8 sequence strictly (no overlongs, surrogates, > U+10FFFF). */
static int
utf8_next(const unsigned char *s, size_t len, uint32_t *ret_cp)
{
	unsigned char c = s[0];
	uint32_t cp;
	size_t n;
	if (c < 0x80) {
		*ret_cp = c;
		return 1;
	} else if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		cp = c & 0x07;
	} else
		return -EILSEQ;
	if (len < n)
		return -EILSEQ;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -EILSEQ;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return -EILSEQ;
	*ret_cp = cp;
	return (int)n;
}

/* Exposed to the loader for its whole-file check. */
int config_utf8_next(const unsigned char *s, size_t len, uint32_t *ret_cp);
int
config_utf8_next(const unsigned char *s, size_t len, uint32_t *ret_cp)
{
	return utf8_next(s, len, ret_cp);
}

const char *
config_string_problem(const char *s, size_t len)
{
	if (len > CONFIG_MAX_STRING)
		return "string too long";
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		int n = utf8_next(p + i, len - i, &cp);
		if (n < 0)
			return "invalid UTF-8";
		i += (size_t)n;
		if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
			return "control character";
		/* Zero-width, bidi marks and overrides, separators, BOM: they can
		 * hide or reorder text a user reviews. */
		if ((cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
		    (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff || cp == 0x061c ||
		    cp == 0x00ad)
			return "invisible, separator or bidi format character";
	}
	return NULL;
}

int
config_home(char **ret_home)
{
	const char *h = secure_getenv("HOME");
	/* h may point into pwbuf: it lives as long as h is used */
	struct passwd pw, *res = NULL;
	char pwbuf[4096];
	if (!h || !*h) {
		if (getpwuid_r(getuid(), &pw, pwbuf, sizeof(pwbuf), &res) != 0 || !res ||
		    !res->pw_dir || !*res->pw_dir)
			return -ENOENT;
		h = res->pw_dir;
	}
	if (h[0] != '/')
		return -EINVAL;
	char *d = strdup(h);
	if (!d)
		return -ENOMEM;
	*ret_home = d;
	return 0;
}

int
config_path_normalize(const char *path, const char *home, const char *base, char **ret_path)
{
	_cleanup_buf_ struct buf in = BUF_INIT(CONFIG_MAX_STRING * 3);
	int r;

	if (!path || !*path)
		return -EINVAL;
	if (path[0] == '~') {
		/* Only the current user's home: ~user would need the password
		 * database and is too easy to misread. */
		if (path[1] != '\0' && path[1] != '/')
			return -EINVAL;
		if (!home || home[0] != '/')
			return -EINVAL;
		r = buf_puts(&in, home);
		if (r >= 0)
			r = buf_puts(&in, "/");
		if (r >= 0)
			r = buf_puts(&in, path + 1);
	} else if (path[0] != '/') {
		if (!base || base[0] != '/')
			return -EINVAL;
		r = buf_puts(&in, base);
		if (r >= 0)
			r = buf_puts(&in, "/");
		if (r >= 0)
			r = buf_puts(&in, path);
	} else
		r = buf_puts(&in, path);
	if (r < 0)
		return r;

	/* Component by component: drop "" and ".", refuse "..". */
	_cleanup_buf_ struct buf out = BUF_INIT(CONFIG_MAX_STRING * 3);
	const char *p = in.data;
	while (*p) {
		while (*p == '/')
			p++;
		const char *e = strchrnul(p, '/');
		size_t n = (size_t)(e - p);
		if (n == 0)
			break;
		if (n == 1 && p[0] == '.') {
			p = e;
			continue;
		}
		if (n == 2 && p[0] == '.' && p[1] == '.')
			return -EINVAL;
		r = buf_putc(&out, '/');
		if (r >= 0)
			r = buf_append(&out, p, n);
		if (r < 0)
			return r;
		p = e;
	}
	if (out.len == 0 && (r = buf_putc(&out, '/')) < 0)
		return r;
	if (out.len > CONFIG_MAX_STRING)
		return -ENAMETOOLONG;
	*ret_path = buf_steal(&out);
	return *ret_path ? 0 : -ENOMEM;
}

int
config_default_path(char **ret_path)
{
	const char *env = secure_getenv("LITE_SANDBOX_CONFIG");
	char *p = NULL;
	if (env && *env) {
		p = strdup(env);
		if (!p)
			return -ENOMEM;
		*ret_path = p;
		return 0;
	}
	_cleanup_free_ char *home = NULL;
#ifdef __APPLE__
	int r = config_home(&home);
	if (r < 0)
		return r;
	if (asprintf(&p, "%s/Library/Application Support/lite-sandbox/config.yaml", home) < 0)
		return -ENOMEM;
#else
	const char *xdg = secure_getenv("XDG_CONFIG_HOME");
	/* The XDG spec says a relative value is invalid and must be ignored. */
	if (xdg && xdg[0] == '/') {
		if (asprintf(&p, "%s/lite-sandbox/config.yaml", xdg) < 0)
			return -ENOMEM;
	} else {
		int r = config_home(&home);
		if (r < 0)
			return r;
		if (asprintf(&p, "%s/.config/lite-sandbox/config.yaml", home) < 0)
			return -ENOMEM;
	}
#endif
	*ret_path = p;
	return 0;
}
