/* SPDX-License-Identifier: MIT */
/*
 * Writing: edits on a loaded document, YAML output through libyaml's
 * emitter, and the atomic replace of the file.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "config-internal.h"

/* ---- edits ----------------------------------------------------------------- */

static int
layer_for(struct config_doc *d, const char *dir, struct config_layer **ret)
{
	if (!dir) {
		*ret = &d->base;
		return 0;
	}
	if (dir[0] != '/')
		return -EINVAL;
	for (size_t i = 0; i < d->n_ov; i++)
		if (strcmp(d->ov[i].dir, dir) == 0) {
			*ret = &d->ov[i];
			return 0;
		}
	if (d->n_ov >= CONFIG_MAX_LIST)
		return -E2BIG;
	struct config_layer *nv = realloc(d->ov, (d->n_ov + 1) * sizeof(*nv));
	if (!nv)
		return -ENOMEM;
	d->ov = nv;
	struct config_layer l = { .dir = strdup(dir), .c = config_new_empty() };
	if (!l.dir || !l.c) {
		free(l.dir);
		config_free(l.c);
		return -ENOMEM;
	}
	d->ov[d->n_ov] = l;
	*ret = &d->ov[d->n_ov++];
	return 0;
}

int
config_doc_set_mode(struct config_doc *d, const char *dir, enum policy_mode m)
{
	struct config_layer *l;
	if ((unsigned)m >= POLICY_MODE_MAX)
		return -EINVAL;
	int r = layer_for(d, dir, &l);
	if (r < 0)
		return r;
	l->c->mode = m;
	l->set |= CFG_SET_MODE;
	return 0;
}

int
config_doc_set_os_sandbox(struct config_doc *d, const char *dir, bool on)
{
	struct config_layer *l;
	int r = layer_for(d, dir, &l);
	if (r < 0)
		return r;
	l->c->os_sandbox = on;
	l->set |= CFG_SET_OS_SANDBOX;
	return 0;
}

int
config_doc_set_git(struct config_doc *d, const char *dir, const char *level, bool on)
{
	/* a level (the one other git key, allow_worktree_parent, is no
	 * level: it widens the sandbox and is set in the file alone) */
	uint32_t bit = 0;
	struct config probe = { 0 };
	if (!config_git_key(&probe, level, &bit) || bit == CFG_SET_GIT_WORKTREE_PARENT)
		return -EINVAL;
	struct config_layer *l;
	int r = layer_for(d, dir, &l);
	if (r < 0)
		return r;
	*config_git_key(l->c, level, &bit) = on;
	l->set |= bit;
	return 0;
}

bool
config_doc_os_sandbox_set(const struct config_doc *d, const char *dir)
{
	/* Set in the base, or in the override the write goes to. */
	if (d->base.set & CFG_SET_OS_SANDBOX)
		return true;
	for (size_t i = 0; dir && i < d->n_ov; i++)
		if (strcmp(d->ov[i].dir, dir) == 0)
			return (d->ov[i].set & CFG_SET_OS_SANDBOX) != 0;
	return false;
}

static int
strv_ok(char *const *v, size_t n)
{
	if (n > CONFIG_MAX_LIST)
		return -E2BIG;
	for (size_t i = 0; i < n; i++)
		if (!v[i] || !*v[i] || config_string_problem(v[i], strlen(v[i])))
			return -EINVAL;
	return 0;
}

int
config_doc_put_path(struct config_doc *d, const char *dir, const struct config_path *p)
{
	struct config_layer *l;
	_cleanup_free_ char *norm = NULL;
	int r;

	if (!p->path || config_string_problem(p->path, strlen(p->path)))
		return -EINVAL;
	r = config_path_normalize(p->path, NULL, NULL, &norm);
	if (r < 0)
		return r;
	if (strcmp(norm, p->path) != 0)
		return -EINVAL; /* callers normalize; storing it otherwise would not round-trip */
	r = strv_ok(p->commands, p->n_commands);
	if (r < 0)
		return r;
	r = layer_for(d, dir, &l);
	if (r < 0)
		return r;
	struct config_path copy;
	r = config_path_copy(&copy, p);
	if (r < 0)
		return r;
	for (size_t i = 0; i < l->c->n_paths; i++)
		if (strcmp(l->c->paths[i].path, p->path) == 0) {
			config_path_clear(&l->c->paths[i]);
			l->c->paths[i] = copy;
			return 0;
		}
	if (l->c->n_paths >= CONFIG_MAX_LIST) {
		config_path_clear(&copy);
		return -E2BIG;
	}
	struct config_path *np = realloc(l->c->paths, (l->c->n_paths + 1) * sizeof(*np));
	if (!np) {
		config_path_clear(&copy);
		return -ENOMEM;
	}
	l->c->paths = np;
	l->c->paths[l->c->n_paths++] = copy;
	return 0;
}

int
config_doc_remove_path(struct config_doc *d, const char *dir, const char *path)
{
	struct config_layer *l = NULL;
	if (dir) {
		for (size_t i = 0; i < d->n_ov; i++)
			if (strcmp(d->ov[i].dir, dir) == 0)
				l = &d->ov[i];
	} else
		l = &d->base;
	if (!l)
		return -ENOENT;
	for (size_t i = 0; i < l->c->n_paths; i++)
		if (strcmp(l->c->paths[i].path, path) == 0) {
			config_path_clear(&l->c->paths[i]);
			memmove(&l->c->paths[i], &l->c->paths[i + 1],
				(l->c->n_paths - i - 1) * sizeof(*l->c->paths));
			l->c->n_paths--;
			return 0;
		}
	return -ENOENT;
}

int
config_doc_put_command(struct config_doc *d, const char *dir, const struct config_command *c)
{
	struct config_layer *l;
	int r;

	if (!c->name || !*c->name || config_string_problem(c->name, strlen(c->name)) ||
	    strpbrk(c->name, " \t"))
		return -EINVAL;
	if (!c->allow && (c->ask || c->no_sandbox))
		return -EINVAL;
	r = strv_ok(c->args, c->n_args);
	if (r < 0)
		return r;
	r = layer_for(d, dir, &l);
	if (r < 0)
		return r;
	struct config_command copy;
	r = config_command_copy(&copy, c);
	if (r < 0)
		return r;
	for (size_t i = 0; i < l->c->n_commands; i++)
		if (config_command_same(&l->c->commands[i], c)) {
			config_command_clear(&l->c->commands[i]);
			l->c->commands[i] = copy;
			return 0;
		}
	if (l->c->n_commands >= CONFIG_MAX_LIST) {
		config_command_clear(&copy);
		return -E2BIG;
	}
	struct config_command *nc =
		realloc(l->c->commands, (l->c->n_commands + 1) * sizeof(*nc));
	if (!nc) {
		config_command_clear(&copy);
		return -ENOMEM;
	}
	l->c->commands = nc;
	l->c->commands[l->c->n_commands++] = copy;
	return 0;
}

int
config_doc_remove_command(struct config_doc *d, const char *dir, const char *name,
			  char *const *args, size_t n_args)
{
	struct config_layer *l = NULL;
	if (dir) {
		for (size_t i = 0; i < d->n_ov; i++)
			if (strcmp(d->ov[i].dir, dir) == 0)
				l = &d->ov[i];
	} else
		l = &d->base;
	if (!l)
		return -ENOENT;
	struct config_command key = { .name = (char *)name, .args = (char **)args,
				      .n_args = n_args };
	size_t removed = 0;
	for (size_t i = 0; i < l->c->n_commands;) {
		struct config_command *e = &l->c->commands[i];
		bool match = args ? config_command_same(e, &key) : strcmp(e->name, name) == 0;
		if (!match) {
			i++;
			continue;
		}
		config_command_clear(e);
		memmove(e, e + 1, (l->c->n_commands - i - 1) * sizeof(*e));
		l->c->n_commands--;
		removed++;
	}
	return removed ? (int)removed : -ENOENT;
}

/* ---- YAML output ---------------------------------------------------------------- */

struct emit {
	yaml_emitter_t em;
	struct buf out;
	bool failed;
};

static int
emit_write(void *data, unsigned char *buffer, size_t size)
{
	struct emit *e = data;
	if (buf_append(&e->out, buffer, size) < 0) {
		e->failed = true;
		return 0;
	}
	return 1;
}

static int
ev(struct emit *e, yaml_event_t *event)
{
	if (!yaml_emitter_emit(&e->em, event)) {
		e->failed = true;
		return -EINVAL;
	}
	return 0;
}

/* Plain only when a YAML 1.1 or 1.2 reader cannot take it for another type. */
static bool
safe_plain(const char *s)
{
	static const char *const reserved[] = {
		"true", "false", "yes", "no", "on", "off", "y", "n", "null", "~",
	};
	if (!*s)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(reserved); i++)
		if (strcasecmp(s, reserved[i]) == 0)
			return false;
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '/' || *s == '_' ||
	      *s == '.'))
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr("/_.-+@%,=", *p)))
			return false;
	/* ".5", ".inf", ".nan" read as floats. */
	if (s[0] == '.' && (strcasecmp(s, ".inf") == 0 || strcasecmp(s, ".nan") == 0 ||
			    (s[1] >= '0' && s[1] <= '9')))
		return false;
	return true;
}

static int
scalar(struct emit *e, const char *s, bool is_string)
{
	yaml_event_t event;
	bool plain = !is_string || safe_plain(s);
	/* A string that would read as something else is quoted: plain_implicit
	 * false makes the emitter pick a quoted style. */
	if (!yaml_scalar_event_initialize(&event, NULL, NULL, (yaml_char_t *)s, (int)strlen(s),
					  plain, 1,
					  plain ? YAML_PLAIN_SCALAR_STYLE :
						  YAML_DOUBLE_QUOTED_SCALAR_STYLE))
		return -ENOMEM;
	return ev(e, &event);
}

static int
key(struct emit *e, const char *k)
{
	return scalar(e, k, false);
}

static int
map_start(struct emit *e)
{
	yaml_event_t event;
	if (!yaml_mapping_start_event_initialize(&event, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE))
		return -ENOMEM;
	return ev(e, &event);
}

static int
map_end(struct emit *e)
{
	yaml_event_t event;
	if (!yaml_mapping_end_event_initialize(&event))
		return -ENOMEM;
	return ev(e, &event);
}

static int
seq_start(struct emit *e, bool flow)
{
	yaml_event_t event;
	if (!yaml_sequence_start_event_initialize(&event, NULL, NULL, 1,
						  flow ? YAML_FLOW_SEQUENCE_STYLE :
							 YAML_BLOCK_SEQUENCE_STYLE))
		return -ENOMEM;
	return ev(e, &event);
}

static int
seq_end(struct emit *e)
{
	yaml_event_t event;
	if (!yaml_sequence_end_event_initialize(&event))
		return -ENOMEM;
	return ev(e, &event);
}

static int
kv_bool(struct emit *e, const char *k, bool v)
{
	int r = key(e, k);
	return r < 0 ? r : scalar(e, v ? "true" : "false", false);
}

static int
kv_str(struct emit *e, const char *k, const char *v)
{
	int r = key(e, k);
	return r < 0 ? r : scalar(e, v, true);
}

static int
kv_strv(struct emit *e, const char *k, char *const *v, size_t n, bool always)
{
	int r;
	if (n == 0 && !always)
		return 0;
	if ((r = key(e, k)) < 0 || (r = seq_start(e, true)) < 0)
		return r;
	for (size_t i = 0; i < n; i++)
		if ((r = scalar(e, v[i], true)) < 0)
			return r;
	return seq_end(e);
}

static const char *
net_mode_name(enum config_net_mode m)
{
	switch (m) {
	case CONFIG_NET_OPEN:
		return "open";
	case CONFIG_NET_NONE:
		return "none";
	case CONFIG_NET_PROXY:
		return "proxy";
	default:
		return "open";
	}
}

/* One layer's keys; full: every key (an effective config), else only set ones. */
static int
emit_layer_body(struct emit *e, const struct config *c, uint32_t set, bool full)
{
	int r = 0;
#define IF_SET(bit) (full || (set & (bit)))
	if (IF_SET(CFG_SET_MODE) && (r = kv_str(e, "mode", policy_mode_name(c->mode))) < 0)
		return r;
	if (IF_SET(CFG_SET_AUDIT) && (r = kv_bool(e, "audit", c->audit)) < 0)
		return r;
	if (IF_SET(CFG_SET_OS_SANDBOX) && (r = kv_bool(e, "os_sandbox", c->os_sandbox)) < 0)
		return r;
	if (IF_SET(CFG_SET_HIDE_HOME) &&
	    (r = kv_bool(e, "os_sandbox_hide_home", c->os_sandbox_hide_home)) < 0)
		return r;
	if ((r = kv_strv(e, "os_sandbox_env_passthrough", c->env_passthrough,
			 c->n_env_passthrough, full)) < 0)
		return r;
	if (c->n_paths || full) {
		if ((r = key(e, "paths")) < 0 || (r = seq_start(e, c->n_paths == 0)) < 0)
			return r;
		for (size_t i = 0; i < c->n_paths; i++) {
			const struct config_path *p = &c->paths[i];
			if ((r = map_start(e)) < 0 || (r = kv_str(e, "path", p->path)) < 0 ||
			    (r = kv_bool(e, "write", p->write)) < 0)
				return r;
			if (p->internal && (r = kv_bool(e, "internal", true)) < 0)
				return r;
			if ((r = kv_strv(e, "commands", p->commands, p->n_commands, false)) < 0 ||
			    (r = map_end(e)) < 0)
				return r;
		}
		if ((r = seq_end(e)) < 0)
			return r;
	}
	if (c->n_commands || full) {
		if ((r = key(e, "commands")) < 0 || (r = seq_start(e, c->n_commands == 0)) < 0)
			return r;
		for (size_t i = 0; i < c->n_commands; i++) {
			const struct config_command *cm = &c->commands[i];
			if ((r = map_start(e)) < 0 || (r = kv_str(e, "name", cm->name)) < 0 ||
			    (r = kv_strv(e, "args", cm->args, cm->n_args, false)) < 0 ||
			    (r = kv_bool(e, "allow", cm->allow)) < 0)
				return r;
			if (cm->ask && (r = kv_bool(e, "ask", true)) < 0)
				return r;
			if (cm->no_sandbox && (r = kv_bool(e, "no_sandbox", true)) < 0)
				return r;
			if ((r = map_end(e)) < 0)
				return r;
		}
		if ((r = seq_end(e)) < 0)
			return r;
	}
	const uint32_t git_bits = CFG_SET_GIT_LOCAL_READ | CFG_SET_GIT_LOCAL_WRITE |
				  CFG_SET_GIT_REMOTE_READ | CFG_SET_GIT_REMOTE_WRITE |
				  CFG_SET_GIT_WORKTREE_PARENT;
	if (full || (set & git_bits)) {
		if ((r = key(e, "git")) < 0 || (r = map_start(e)) < 0)
			return r;
		if (IF_SET(CFG_SET_GIT_LOCAL_READ) &&
		    (r = kv_bool(e, "local_read", c->git.local_read)) < 0)
			return r;
		if (IF_SET(CFG_SET_GIT_LOCAL_WRITE) &&
		    (r = kv_bool(e, "local_write", c->git.local_write)) < 0)
			return r;
		if (IF_SET(CFG_SET_GIT_REMOTE_READ) &&
		    (r = kv_bool(e, "remote_read", c->git.remote_read)) < 0)
			return r;
		if (IF_SET(CFG_SET_GIT_REMOTE_WRITE) &&
		    (r = kv_bool(e, "remote_write", c->git.remote_write)) < 0)
			return r;
		if (IF_SET(CFG_SET_GIT_WORKTREE_PARENT) &&
		    (r = kv_bool(e, "allow_worktree_parent", c->git.allow_worktree_parent)) < 0)
			return r;
		if ((r = map_end(e)) < 0)
			return r;
	}
	if (c->n_ssh_hosts || full) {
		if ((r = key(e, "ssh")) < 0 || (r = map_start(e)) < 0 ||
		    (r = key(e, "hosts")) < 0 || (r = seq_start(e, c->n_ssh_hosts == 0)) < 0)
			return r;
		for (size_t i = 0; i < c->n_ssh_hosts; i++) {
			const struct config_ssh_host *h = &c->ssh_hosts[i];
			if ((r = map_start(e)) < 0 || (r = kv_str(e, "host", h->host)) < 0 ||
			    (r = kv_bool(e, "write", h->write)) < 0 ||
			    (r = kv_strv(e, "commands", h->commands, h->n_commands, false)) < 0 ||
			    (r = map_end(e)) < 0)
				return r;
		}
		if ((r = seq_end(e)) < 0 || (r = map_end(e)) < 0)
			return r;
	}
	if (full || (set & CFG_SET_NET_MODE) || c->network.n_allow) {
		if ((r = key(e, "network")) < 0 || (r = map_start(e)) < 0)
			return r;
		if (IF_SET(CFG_SET_NET_MODE) &&
		    (r = kv_str(e, "mode", net_mode_name(c->network.mode))) < 0)
			return r;
		if ((r = kv_strv(e, "allow", c->network.allow, c->network.n_allow, full)) < 0 ||
		    (r = map_end(e)) < 0)
			return r;
	}
	if ((r = kv_strv(e, "profiles", c->profiles, c->n_profiles, full)) < 0)
		return r;
#undef IF_SET
	return 0;
}

static int
emit_begin(struct emit *e)
{
	yaml_event_t event;
	e->out = (struct buf)BUF_INIT(CONFIG_MAX_FILE_SIZE);
	if (!yaml_emitter_initialize(&e->em))
		return -ENOMEM;
	yaml_emitter_set_output(&e->em, emit_write, e);
	yaml_emitter_set_unicode(&e->em, 1);
	yaml_emitter_set_width(&e->em, 100);
	yaml_emitter_set_indent(&e->em, 2);
	int r;
	if (!yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING))
		return -ENOMEM;
	if ((r = ev(e, &event)) < 0)
		return r;
	if (!yaml_document_start_event_initialize(&event, NULL, NULL, NULL, 1))
		return -ENOMEM;
	return ev(e, &event);
}

static int
emit_finish(struct emit *e, char **ret)
{
	yaml_event_t event;
	int r;
	if (!yaml_document_end_event_initialize(&event, 1))
		return -ENOMEM;
	if ((r = ev(e, &event)) < 0)
		return r;
	if (!yaml_stream_end_event_initialize(&event))
		return -ENOMEM;
	if ((r = ev(e, &event)) < 0)
		return r;
	if (!yaml_emitter_flush(&e->em) || e->failed)
		return -EMSGSIZE;
	if (!e->out.data && buf_puts(&e->out, "") < 0)
		return -ENOMEM;
	*ret = buf_steal(&e->out);
	return 0;
}

static void
emit_done(struct emit *e)
{
	yaml_emitter_delete(&e->em);
	buf_done(&e->out);
}

int
config_to_yaml(const struct config *c, char **ret_text)
{
	struct emit e = { 0 };
	int r = emit_begin(&e);
	if (r >= 0)
		r = map_start(&e);
	if (r >= 0)
		r = emit_layer_body(&e, c, 0, true);
	if (r >= 0)
		r = map_end(&e);
	if (r >= 0)
		r = emit_finish(&e, ret_text);
	emit_done(&e);
	return r < 0 && e.failed ? -EMSGSIZE : r;
}

int
config_doc_to_yaml(const struct config_doc *d, char **ret_text)
{
	struct emit e = { 0 };
	int r = emit_begin(&e);
	if (r >= 0)
		r = map_start(&e);
	if (r >= 0)
		r = emit_layer_body(&e, d->base.c, d->base.set, false);
	/* Overrides left empty by removals are dropped rather than kept as {}. */
	size_t nonempty = 0;
	for (size_t i = 0; i < d->n_ov; i++) {
		const struct config *c = d->ov[i].c;
		if (d->ov[i].set || c->n_paths || c->n_commands || c->n_ssh_hosts ||
		    c->n_env_passthrough || c->n_profiles || c->network.n_allow)
			nonempty++;
	}
	if (r >= 0 && nonempty) {
		r = key(&e, "overrides");
		if (r >= 0)
			r = map_start(&e);
		for (size_t i = 0; r >= 0 && i < d->n_ov; i++) {
			const struct config *c = d->ov[i].c;
			if (!(d->ov[i].set || c->n_paths || c->n_commands || c->n_ssh_hosts ||
			      c->n_env_passthrough || c->n_profiles || c->network.n_allow))
				continue;
			r = scalar(&e, d->ov[i].dir, true);
			if (r >= 0)
				r = map_start(&e);
			if (r >= 0)
				r = emit_layer_body(&e, c, d->ov[i].set, false);
			if (r >= 0)
				r = map_end(&e);
		}
		if (r >= 0)
			r = map_end(&e);
	}
	if (r >= 0)
		r = map_end(&e);
	if (r >= 0)
		r = emit_finish(&e, ret_text);
	emit_done(&e);
	return r < 0 && e.failed ? -EMSGSIZE : r;
}

/* ---- atomic save ------------------------------------------------------------ */

static int
write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		if (w == 0)
			return -EIO;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int
mkdir_parents(const char *path)
{
	_cleanup_free_ char *p = strdup(path);
	if (!p)
		return -ENOMEM;
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0700) < 0 && errno != EEXIST)
			return -errno;
		*s = '/';
	}
	if (mkdir(p, 0700) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

int
config_doc_save(struct config_doc *d, struct config_error *reterr)
{
	_cleanup_free_ char *text = NULL, *target = NULL, *dir = NULL, *tmp = NULL;
	int r;

	if (reterr)
		*reterr = (struct config_error){ 0 };
	r = config_doc_to_yaml(d, &text);
	if (r < 0)
		return config_set_error(reterr, r, d->path, 0, 0, "cannot render the config: %s",
					strerror(-r));

	/* Check that what we write loads back the same: never save a file the
	 * loader would refuse (that would turn into "no config at all"). */
	{
		struct config_doc check = { 0 };
		struct config_error e2;
		_cleanup_free_ char *home = NULL;
		(void)config_home(&home);
		r = config_doc_parse(d->path, text, strlen(text), home, &check, &e2);
		config_free(check.base.c);
		for (size_t i = 0; i < check.n_ov; i++) {
			free(check.ov[i].dir);
			config_free(check.ov[i].c);
		}
		free(check.ov);
		if (r < 0)
			return config_set_error(reterr, r, d->path, e2.line, e2.col,
						"refusing to write a config that would not load: %s",
						e2.message);
	}

	/* Write through a symlink (a dotfiles checkout) to the file it names. */
	struct stat lst;
	if (lstat(d->path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
		target = realpath(d->path, NULL);
		if (!target)
			return config_set_error(reterr, -errno, d->path, 0, 0,
						"cannot resolve the symlink: %s", strerror(errno));
	} else if (!(target = strdup(d->path)))
		return -ENOMEM;
	dir = strdup(target);
	if (!dir)
		return -ENOMEM;
	char *slash = strrchr(dir, '/');
	if (!slash)
		return config_set_error(reterr, -EINVAL, d->path, 0, 0,
					"the config path must be absolute");
	if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	r = mkdir_parents(dir);
	if (r < 0)
		return config_set_error(reterr, r, d->path, 0, 0, "cannot create %s: %s", dir,
					strerror(-r));

	mode_t mode = 0600;
	struct stat st;
	bool had = stat(target, &st) == 0;
	if (had) {
		if (!S_ISREG(st.st_mode))
			return config_set_error(reterr, -EINVAL, d->path, 0, 0,
						"not a regular file");
		mode = st.st_mode & 07777;
	}

	if (asprintf(&tmp, "%s.tmpXXXXXX", target) < 0)
		return -ENOMEM;
	_cleanup_close_ int fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return config_set_error(reterr, -errno, d->path, 0, 0,
					"cannot create a temporary file: %s", strerror(errno));
	r = 0;
	if (fchmod(fd, mode) < 0)
		r = -errno;
	/* Keep the owner when we may (root editing a user's file); EPERM is fine. */
	if (r >= 0 && had && (st.st_uid != geteuid() || st.st_gid != getegid()))
		(void)!fchown(fd, st.st_uid, st.st_gid);
	if (r >= 0)
		r = write_all(fd, text, strlen(text));
	if (r >= 0 && fsync(fd) < 0)
		r = -errno;
	if (r >= 0 && close(TAKE_FD(fd)) < 0)
		r = -errno;
	if (r >= 0 && rename(tmp, target) < 0)
		r = -errno;
	if (r < 0) {
		int saved = r;
		(void)unlink(tmp);
		return config_set_error(reterr, saved, d->path, 0, 0, "cannot write: %s",
					strerror(-saved));
	}
	_cleanup_close_ int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 || fsync(dfd) < 0)
		return config_set_error(reterr, -errno, d->path, 0, 0,
					"written, but cannot sync the directory: %s", strerror(errno));
	d->exists = true;
	return 0;
}
