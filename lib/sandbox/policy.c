/* SPDX-License-Identifier: MIT */
/*
 * The sandbox policy: plain data built from the config and the session.
 * The rules (which mode writes where, what the hidden home shows, which
 * paths are masked) are described for users in docs/sandbox.md; this file
 * is their only implementation, for both backends.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "sandbox-internal.h"

#define STRV_HARD_MAX 65536

void
sandbox_error_set(struct sandbox_error *e, const char *fmt, ...)
{
	if (!e)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof(e->message), fmt, ap);
	va_end(ap);
}

int
strv_push(struct sandbox_strv *l, const char *s, size_t max)
{
	if (l->n >= max || l->n >= STRV_HARD_MAX)
		return -E2BIG;
	char *copy = strdup(s);
	if (!copy)
		return -ENOMEM;
	char **v = realloc(l->v, (l->n + 2) * sizeof(char *));
	if (!v) {
		free(copy);
		return -ENOMEM;
	}
	l->v = v;
	v[l->n++] = copy;
	v[l->n] = NULL;
	return 0;
}

int
strv_pushf(struct sandbox_strv *l, size_t max, const char *fmt, ...)
{
	char *s = NULL;
	va_list ap;
	va_start(ap, fmt);
	int k = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (k < 0)
		return -ENOMEM;
	int r = strv_push(l, s, max);
	free(s);
	return r;
}

bool
sandbox_strv_contains(const struct sandbox_strv *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return true;
	return false;
}

int
sandbox_strv_add(struct sandbox_strv *l, const char *s)
{
	if (sandbox_strv_contains(l, s))
		return 0;
	return strv_push(l, s, SANDBOX_MAX_PATHS);
}

void
sandbox_strv_done(struct sandbox_strv *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

bool
path_under(const char *a, const char *b)
{
	size_t n = strlen(b);
	if (n == 1 && b[0] == '/')
		return a[0] == '/';
	return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '/');
}

int
path_clean(const char *in, char **ret)
{
	if (!in || in[0] != '/')
		return -EINVAL;
	size_t len = strlen(in);
	if (len >= PATH_MAX)
		return -ENAMETOOLONG;
	char *out = malloc(len + 2);
	if (!out)
		return -ENOMEM;
	size_t o = 0;
	const char *s = in;
	while (*s) {
		while (*s == '/')
			s++;
		if (!*s)
			break;
		const char *e = strchrnul(s, '/');
		size_t n = (size_t)(e - s);
		if (n == 1 && s[0] == '.') {
			s = e;
			continue;
		}
		if (n == 2 && s[0] == '.' && s[1] == '.') {
			free(out);
			return -EINVAL;
		}
		out[o++] = '/';
		memcpy(out + o, s, n);
		o += n;
		s = e;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = '\0';
	*ret = out;
	return 0;
}

int
sandbox_policy_new(struct sandbox_policy **ret)
{
	struct sandbox_policy *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->net = SANDBOX_NET_OPEN;
	p->scope_signals = true;
	p->scope_abstract_unix = true;
	p->landlock_required = true;
	*ret = p;
	return 0;
}

struct sandbox_policy *
sandbox_policy_free(struct sandbox_policy *p)
{
	if (!p)
		return NULL;
	sandbox_strv_done(&p->read);
	sandbox_strv_done(&p->write);
	sandbox_strv_done(&p->tmp);
	sandbox_strv_done(&p->ro);
	sandbox_strv_done(&p->mask);
	sandbox_strv_done(&p->mask_mkdir);
	sandbox_strv_done(&p->shown);
	sandbox_strv_done(&p->env);
	sandbox_strv_done(&p->env_dropped);
	free(p->home);
	free(p->cwd);
	free(p);
	return NULL;
}

static void
policy_freep(struct sandbox_policy **p)
{
	sandbox_policy_free(*p);
}

/* ---- building -------------------------------------------------------- */

struct builder {
	struct sandbox_policy *p;
	const struct config *c;
	const struct sandbox_context *ctx;
	struct sandbox_strv granted; /* every grant path that applies here */
	struct sandbox_strv scoped_out; /* grants scoped to other commands */
	struct sandbox_error *err;
};

static int
add_clean(struct builder *b, struct sandbox_strv *l, const char *path, const char *what)
{
	_cleanup_free_ char *clean = NULL;
	int r = path_clean(path, &clean);
	if (r < 0) {
		sandbox_error_set(b->err, "%s path '%s' is not a clean absolute path", what, path);
		return r;
	}
	r = sandbox_strv_add(l, clean);
	if (r == -E2BIG)
		sandbox_error_set(b->err, "too many %s paths (limit %d)", what, SANDBOX_MAX_PATHS);
	return r;
}

static int
home_join(struct builder *b, const char *rel, char **ret)
{
	if (asprintf(ret, "%s/%s", b->p->home, rel) < 0)
		return -ENOMEM;
	return 0;
}

static bool
under_any(const char *path, const struct sandbox_strv *l)
{
	for (size_t i = 0; i < l->n; i++)
		if (path_under(path, l->v[i]))
			return true;
	return false;
}

/*
 * Entries of l that cover path, counting, for a path in a hidden home,
 * only entries inside the home: an ancestor of $HOME (/tmp holding a test's
 * home) is bound before the home's tmpfs and does not show through it.
 */
static bool
covered_by(struct builder *b, const char *path, const struct sandbox_strv *l)
{
	struct sandbox_policy *p = b->p;
	bool in_hidden = p->hide_home && path_under(path, p->home);
	for (size_t i = 0; i < l->n; i++)
		if (path_under(path, l->v[i]) && (!in_hidden || path_under(l->v[i], p->home)))
			return true;
	return false;
}

/* Is path seen at all inside the sandbox (not hidden by the hidden home)? */
static bool
visible(struct builder *b, const char *path)
{
	struct sandbox_policy *p = b->p;
	if (!p->hide_home || !path_under(path, p->home))
		return true;
	return covered_by(b, path, &p->shown) || covered_by(b, path, &p->write) ||
	       covered_by(b, path, &p->tmp);
}

static bool
writable(struct builder *b, const char *path)
{
	return covered_by(b, path, &b->p->write) || covered_by(b, path, &b->p->tmp);
}

/*
 * Read-deny path (a credential, a deny-list entry) unless a grant names
 * exactly it or a directory it is in that is itself a masked entry's
 * subject (a grant on ~/.ssh lifts the key masks). mkdir: create the
 * directory when missing (deny-listed directories); files are never
 * created.
 */
static int
mask(struct builder *b, const char *path, const char *lifted_by, bool mkdir_missing)
{
	if (sandbox_strv_contains(&b->granted, path) ||
	    (lifted_by && sandbox_strv_contains(&b->granted, lifted_by)))
		return 0;
	if (!visible(b, path))
		return 0; /* the hidden home already hides it */
	int r = add_clean(b, &b->p->mask, path, "masked");
	if (r >= 0 && mkdir_missing)
		r = add_clean(b, &b->p->mask_mkdir, path, "masked");
	return r;
}

static int
mask_home(struct builder *b, const char *rel, bool is_dir)
{
	_cleanup_free_ char *path = NULL;
	int r = home_join(b, rel, &path);
	if (r < 0)
		return r;
	return mask(b, path, NULL, is_dir);
}

/* Write-deny path, when something would otherwise let a command write it. */
static int
deny_write(struct builder *b, const char *path)
{
	if (sandbox_strv_contains(&b->granted, path) || !writable(b, path))
		return 0;
	return add_clean(b, &b->p->ro, path, "write-denied");
}

static bool
is_public_ssh_file(const char *name)
{
	static const char *const keep[] = { "known_hosts", "known_hosts2", "config",
					    "authorized_keys", "authorized_keys2" };
	for (size_t i = 0; i < ARRAY_SIZE(keep); i++)
		if (strcmp(name, keep[i]) == 0)
			return true;
	size_t n = strlen(name);
	return n > 4 && strcmp(name + n - 4, ".pub") == 0;
}

/*
 * ~/.ssh: every file but the public ones is a key and is masked one by one;
 * the public ones are shown through the hidden home.
 */
static int
ssh_dir(struct builder *b)
{
	_cleanup_free_ char *dir = NULL;
	int r = home_join(b, ".ssh", &dir);
	if (r < 0)
		return r;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct dirent *de;
	size_t seen = 0;
	r = 0;
	while (r >= 0 && (de = readdir(d))) {
		if (de->d_name[0] == '.' &&
		    (de->d_name[1] == '\0' || (de->d_name[1] == '.' && de->d_name[2] == '\0')))
			continue;
		if (++seen > SANDBOX_MAX_PATHS) {
			sandbox_error_set(b->err, "%s holds too many files", dir);
			r = -E2BIG;
			break;
		}
		_cleanup_free_ char *path = NULL;
		if (asprintf(&path, "%s/%s", dir, de->d_name) < 0) {
			r = -ENOMEM;
			break;
		}
		if (is_public_ssh_file(de->d_name)) {
			if (b->p->hide_home)
				r = add_clean(b, &b->p->shown, path, "shown");
		} else {
			r = mask(b, path, dir, false);
		}
	}
	closedir(d);
	return r;
}

static int
grants(struct builder *b)
{
	const struct config *c = b->c;
	for (size_t i = 0; i < c->n_paths; i++) {
		const struct config_path *g = &c->paths[i];
		if (!g->path)
			continue;
		bool applies = g->n_commands == 0;
		for (size_t k = 0; k < g->n_commands && !applies; k++)
			applies = b->ctx->scope_command &&
				  strcmp(g->commands[k], b->ctx->scope_command) == 0;
		int r;
		if (!applies) {
			/* A command-scoped grant: masked from every other worker,
			 * in every mode, once what is visible is known (never
			 * created when missing: it may be a file). */
			r = add_clean(b, &b->scoped_out, g->path, "scoped grant");
			if (r < 0)
				return r;
			continue;
		}
		r = add_clean(b, &b->granted, g->path, "granted");
		if (r < 0)
			return r;
		if (g->write)
			r = add_clean(b, &b->p->write, g->path, "writable");
		else if (b->p->hide_home && path_under(g->path, b->p->home))
			r = add_clean(b, &b->p->shown, g->path, "shown");
		if (r < 0)
			return r;
	}
	return 0;
}

/*
 * PATH entries: toolchains installed under $HOME are shown through the
 * hidden home (the entry, and its parent when the entry is a bin/ directory
 * that is not ~/bin or ~/.local/bin, so that ~/.cargo/bin brings ~/.cargo);
 * entries up to and including the first one holding lite-sandbox are
 * write-denied where a writable bind would expose them.
 */
static int
path_entries(struct builder *b)
{
	const char *path = b->ctx->path;
	if (!path)
		return 0;
	const char *self_base = NULL;
	if (b->ctx->self_exe) {
		self_base = strrchr(b->ctx->self_exe, '/');
		self_base = self_base ? self_base + 1 : b->ctx->self_exe;
	}
	/* With lite-sandbox not on PATH, no entry shadows it: deny none. */
	bool before_self = false;
	for (const char *s = path; self_base && *s && !before_self;) {
		const char *e = strchrnul(s, ':');
		_cleanup_free_ char *cand = NULL;
		struct stat st;
		if (e > s && s[0] == '/' &&
		    asprintf(&cand, "%.*s/%s", (int)(e - s), s, self_base) >= 0 &&
		    stat(cand, &st) == 0 && S_ISREG(st.st_mode))
			before_self = true;
		s = *e ? e + 1 : e;
	}
	size_t count = 0;
	for (const char *s = path; *s;) {
		const char *e = strchrnul(s, ':');
		size_t n = (size_t)(e - s);
		if (++count > SANDBOX_MAX_PATHS)
			return -E2BIG;
		if (n > 0 && n < PATH_MAX && s[0] == '/') {
			char raw[PATH_MAX];
			memcpy(raw, s, n);
			raw[n] = '\0';
			_cleanup_free_ char *dir = NULL;
			if (path_clean(raw, &dir) >= 0) {
				int r = 0;
				if (b->p->hide_home && path_under(dir, b->p->home) &&
				    strcmp(dir, b->p->home) != 0) {
					r = add_clean(b, &b->p->shown, dir, "shown");
					const char *slash = strrchr(dir, '/');
					if (r >= 0 && slash && strcmp(slash, "/bin") == 0) {
						_cleanup_free_ char *parent =
							strndup(dir, (size_t)(slash - dir));
						_cleanup_free_ char *local = NULL;
						if (!parent || home_join(b, ".local", &local) < 0)
							return -ENOMEM;
						if (strcmp(parent, b->p->home) != 0 &&
						    strcmp(parent, local) != 0)
							r = add_clean(b, &b->p->shown, parent, "shown");
					}
				}
				if (r < 0)
					return r;
				if (before_self && !(b->p->cwd && path_under(dir, b->p->cwd))) {
					/* The PATH entries search reaches before
					 * lite-sandbox: a program planted there would
					 * shadow it. */
					r = deny_write(b, dir);
					if (r < 0)
						return r;
				}
				if (before_self) {
					_cleanup_free_ char *cand = NULL;
					struct stat st;
					if (asprintf(&cand, "%s/%s", dir, self_base) < 0)
						return -ENOMEM;
					if (stat(cand, &st) == 0 && S_ISREG(st.st_mode))
						before_self = false;
				}
			}
		}
		s = *e ? e + 1 : e;
	}
	return 0;
}

/* Read a small file's first line (a gitdir: or commondir file). */
static int
read_line(const char *path, char *out, size_t n)
{
	_cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -errno;
	ssize_t k = read(fd, out, n - 1);
	if (k < 0)
		return -errno;
	out[k] = '\0';
	out[strcspn(out, "\r\n")] = '\0';
	return 0;
}

/* rel taken from base (a directory), cleaned; caller frees. */
static int
resolve_from(const char *base, const char *rel, char **ret)
{
	_cleanup_free_ char *joined = NULL;
	if (rel[0] == '/')
		joined = strdup(rel);
	else if (asprintf(&joined, "%s/%s", base, rel) < 0)
		joined = NULL;
	if (!joined)
		return -ENOMEM;
	char real[PATH_MAX];
	if (!realpath(joined, real))
		return -errno;
	return path_clean(real, ret);
}

static int
deny_git_files(struct builder *b, const char *gitdir, const char *const *sub, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		_cleanup_free_ char *s = NULL;
		if (asprintf(&s, "%s/%s", gitdir, sub[i]) < 0)
			return -ENOMEM;
		if (access(s, F_OK) == 0) {
			int r = deny_write(b, s);
			if (r < 0)
				return r;
		}
	}
	return 0;
}

/*
 * The working directory's repository: host git runs its hooks and obeys
 * its config, so a command may not write them. For a linked worktree, that
 * is the main repository's (its commondir), plus the worktree's own
 * config.worktree.
 */
static int
git_dir(struct builder *b)
{
	static const char *const sub[] = { "config", "hooks", "info/attributes" };
	_cleanup_free_ char *dir = strdup(b->p->cwd);
	if (!dir)
		return -ENOMEM;
	for (;;) {
		_cleanup_free_ char *g = NULL;
		struct stat st;
		if (asprintf(&g, "%s%s.git", dir, strcmp(dir, "/") == 0 ? "" : "/") < 0)
			return -ENOMEM;
		if (lstat(g, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				return deny_git_files(b, g, sub, ARRAY_SIZE(sub));
			if (!S_ISREG(st.st_mode))
				return 0;
			/* a linked worktree: ".git" says "gitdir: X", and X's
			 * commondir names the main repository's .git */
			char line[PATH_MAX];
			_cleanup_free_ char *wt = NULL, *common_file = NULL, *common = NULL;
			if (read_line(g, line, sizeof(line)) < 0 || strncmp(line, "gitdir: ", 8) != 0 ||
			    resolve_from(dir, line + 8, &wt) < 0)
				return 0;
			static const char *const wt_sub[] = { "config.worktree" };
			int r = deny_git_files(b, wt, wt_sub, 1);
			if (r < 0)
				return r;
			if (asprintf(&common_file, "%s/commondir", wt) < 0)
				return -ENOMEM;
			if (read_line(common_file, line, sizeof(line)) < 0 ||
			    resolve_from(wt, line, &common) < 0)
				return 0;
			return deny_git_files(b, common, sub, ARRAY_SIZE(sub));
		}
		char *slash = strrchr(dir, '/');
		if (!slash || strcmp(dir, "/") == 0 || strcmp(dir, b->p->home) == 0)
			return 0;
		if (slash == dir)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
}

/* Built-in deny list of denylist mode (read-denied; directories first). */
static const char *const denylist_read_dirs[] = {
	".gnupg", ".password-store", ".local/share/keyrings", ".config/gh", ".kube",
	".azure", ".config/gcloud",
};
static const char *const denylist_read_files[] = {
	".netrc", ".docker/config.json", ".pgpass", ".my.cnf",
};
/* Write-denied where a writable bind ($HOME in denylist mode, a grant)
 * would expose them: lite-sandbox's own state, the agents' settings, the
 * shell startup files and the configs host programs obey. */
static const char *const write_denied[] = {
	".config/lite-sandbox", ".cache/lite-sandbox", "Library/Application Support/lite-sandbox",
	".claude/settings.json", ".claude/settings.local.json", ".claude.json", ".claude/hooks",
	".codex/config.toml", ".config/opencode", ".config/crush", ".pi/agent/settings.json",
	".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_logout", ".zshrc",
	".zshenv", ".zprofile", ".zlogin", ".gitconfig", ".config/git/config",
	".ssh/config", ".ssh/authorized_keys", ".ssh/authorized_keys2", ".ssh/rc",
	".docker/buildx/instances", ".docker/buildx/defaults", ".docker/buildx/current",
};
/* Container engines' sockets: a connection to one is root on the host.
 * Masked in every mode; a grant on the exact path lifts it (docker is meant
 * to go through lite-sandbox's filtering proxy instead). */
static const char *const engine_sockets[] = {
	"/run/docker.sock", "/var/run/docker.sock", "/run/podman/podman.sock",
	"/run/containerd/containerd.sock", "/run/crio/crio.sock",
};
/* Credentials masked in every mode (their parents may be shown). */
static const char *const always_masked_files[] = {
	".git-credentials", ".config/git/credentials", ".cargo/credentials.toml",
	".cargo/credentials",
};

int
sandbox_policy_build(const struct config *c, const struct sandbox_context *ctx,
		     struct sandbox_policy **ret, struct sandbox_error *reterr)
{
	_cleanup_(policy_freep) struct sandbox_policy *p = NULL;
	struct builder b = { .c = c, .ctx = ctx, .err = reterr };
	int r;

	if (!ctx->cwd || !ctx->home) {
		sandbox_error_set(reterr, "the working directory and $HOME must be known");
		return -EINVAL;
	}
	r = sandbox_policy_new(&p);
	if (r < 0)
		return r;
	b.p = p;
	if (path_clean(ctx->cwd, &p->cwd) < 0 || path_clean(ctx->home, &p->home) < 0) {
		sandbox_error_set(reterr, "the working directory '%s' and $HOME '%s' must be "
			"absolute paths without '..'", ctx->cwd, ctx->home);
		return -EINVAL;
	}
	if (strcmp(p->home, "/") == 0) {
		sandbox_error_set(reterr, "$HOME is '/': there is no home to confine");
		return -EINVAL;
	}

	bool denylike = c->mode != POLICY_MODE_ALLOWLIST;
	p->hide_home = c->os_sandbox_hide_home && !denylike;
	p->net = c->network.mode == CONFIG_NET_OPEN ? SANDBOX_NET_OPEN : SANDBOX_NET_NONE;

	r = sandbox_strv_add(&p->read, "/");
	if (r < 0)
		goto fail;

	/* Writable: the working directory (and its resolved path), the main
	 * worktree, the per-user temp dir, $HOME in denylist mode. */
	if ((r = add_clean(&b, &p->write, p->cwd, "writable")) < 0)
		goto fail;
	char real[PATH_MAX];
	if (realpath(p->cwd, real) && strcmp(real, p->cwd) != 0 &&
	    (r = add_clean(&b, &p->write, real, "writable")) < 0)
		goto fail;
	if (ctx->main_worktree && (r = add_clean(&b, &p->write, ctx->main_worktree, "writable")) < 0)
		goto fail;
	if (denylike && (r = add_clean(&b, &p->write, p->home, "writable")) < 0)
		goto fail;
	if ((r = add_clean(&b, &p->tmp, "/tmp", "temp")) < 0 ||
	    (r = add_clean(&b, &p->tmp, "/var/tmp", "temp")) < 0)
		goto fail;
	if (ctx->tmpdir && ctx->tmpdir[0] == '/') {
		_cleanup_free_ char *t = NULL;
		if (path_clean(ctx->tmpdir, &t) >= 0 && !under_any(t, &p->tmp) &&
		    strcmp(t, "/") != 0 && (r = add_clean(&b, &p->tmp, t, "temp")) < 0)
			goto fail;
	}

	if ((r = grants(&b)) < 0)
		goto fail;

	/* What the hidden home shows. */
	if (p->hide_home) {
		static const char *const shown_rel[] = { ".gitconfig", ".config/git" };
		for (size_t i = 0; i < ARRAY_SIZE(shown_rel); i++) {
			_cleanup_free_ char *s = NULL;
			if ((r = home_join(&b, shown_rel[i], &s)) < 0 ||
			    (r = add_clean(&b, &p->shown, s, "shown")) < 0)
				goto fail;
		}
		/* our own binaries, when they live in the hidden home */
		const char *own[] = { ctx->helper, ctx->self_exe };
		for (size_t i = 0; i < ARRAY_SIZE(own); i++)
			if (own[i] && own[i][0] == '/' && path_under(own[i], p->home) &&
			    (r = add_clean(&b, &p->shown, own[i], "shown")) < 0)
				goto fail;
	}
	if ((r = path_entries(&b)) < 0) {
		if (r == -E2BIG)
			sandbox_error_set(reterr, "$PATH has too many entries");
		goto fail;
	}

	/* Masks: credentials in every mode, the deny list in denylist mode,
	 * the runtime dir with the hidden home, the agents' control sockets. */
	if ((r = ssh_dir(&b)) < 0)
		goto fail;
	if (ctx->aws_imds && (r = mask_home(&b, ".aws", true)) < 0)
		goto fail;
	for (size_t i = 0; i < ARRAY_SIZE(always_masked_files); i++)
		if ((r = mask_home(&b, always_masked_files[i], false)) < 0)
			goto fail;
	if (denylike) {
		for (size_t i = 0; i < ARRAY_SIZE(denylist_read_dirs); i++)
			if ((r = mask_home(&b, denylist_read_dirs[i], true)) < 0)
				goto fail;
		for (size_t i = 0; i < ARRAY_SIZE(denylist_read_files); i++)
			if ((r = mask_home(&b, denylist_read_files[i], false)) < 0)
				goto fail;
	}
	if (c->os_sandbox_hide_home && ctx->runtime_dir && ctx->runtime_dir[0] == '/' &&
	    (r = mask(&b, ctx->runtime_dir, NULL, false)) < 0)
		goto fail;
	if ((r = mask(&b, "/tmp/cc-socks", NULL, true)) < 0)
		goto fail;
	for (size_t i = 0; i < b.scoped_out.n; i++)
		if ((r = mask(&b, b.scoped_out.v[i], NULL, false)) < 0)
			goto fail;
	for (size_t i = 0; i < ARRAY_SIZE(engine_sockets); i++)
		if ((r = mask(&b, engine_sockets[i], NULL, false)) < 0)
			goto fail;
	if (ctx->environ) {
		for (char *const *e = ctx->environ; *e; e++)
			if (strncmp(*e, "CLAUDE_CODE_MESSAGING_SOCKET=/", 30) == 0 &&
			    (r = mask(&b, *e + 29, NULL, false)) < 0)
				goto fail;
	}

	/* Write-denied, carved out of the writable binds. */
	for (size_t i = 0; i < ARRAY_SIZE(write_denied); i++) {
		_cleanup_free_ char *s = NULL;
		if ((r = home_join(&b, write_denied[i], &s)) < 0 || (r = deny_write(&b, s)) < 0)
			goto fail;
	}
	/* lite-sandbox's own state where $XDG_CONFIG_HOME, $XDG_CACHE_HOME or
	 * --config put it instead (the list above has the default places): a
	 * command that could write the config could turn enforcement off for
	 * the next one, and one that could write the cache could plant a
	 * ticket. */
	for (char *const *e = ctx->environ; e && *e; e++) {
		const char *dir = NULL;
		if (strncmp(*e, "XDG_CONFIG_HOME=/", 17) == 0 ||
		    strncmp(*e, "XDG_CACHE_HOME=/", 16) == 0)
			dir = strchr(*e, '=') + 1;
		_cleanup_free_ char *own = NULL;
		if (dir && asprintf(&own, "%s/lite-sandbox", dir) < 0) {
			r = -ENOMEM;
			goto fail;
		}
		if (own && (r = deny_write(&b, own)) < 0)
			goto fail;
	}
	if (ctx->config_file && ctx->config_file[0] == '/' &&
	    (r = deny_write(&b, ctx->config_file)) < 0)
		goto fail;
	if (ctx->self_exe && ctx->self_exe[0] == '/' && (r = deny_write(&b, ctx->self_exe)) < 0)
		goto fail;
	if (ctx->helper && ctx->helper[0] == '/' && (r = deny_write(&b, ctx->helper)) < 0)
		goto fail;
	if ((r = git_dir(&b)) < 0)
		goto fail;

	/* The environment: credentials left out unless the mode is open. */
	if (c->mode == POLICY_MODE_OPEN) {
		r = 0;
		for (char *const *e = ctx->environ; e && *e && r >= 0; e++)
			if (strchr(*e, '='))
				r = strv_push(&p->env, *e, SANDBOX_MAX_ENV);
	} else {
		/* a command-scoped worker keeps the user's credentials */
		r = sandbox_env_scrub_ex(ctx->environ, c->env_passthrough, c->n_env_passthrough,
					 ctx->scope_command != NULL, &p->env, &p->env_dropped);
	}
	if (r < 0) {
		if (r == -E2BIG)
			sandbox_error_set(reterr, "the environment has more than %d variables",
					  SANDBOX_MAX_ENV);
		goto fail;
	}

	sandbox_strv_done(&b.granted);
	sandbox_strv_done(&b.scoped_out);
	*ret = TAKE_PTR(p);
	return 0;
fail:
	sandbox_strv_done(&b.granted);
	sandbox_strv_done(&b.scoped_out);
	if (reterr && !reterr->message[0])
		sandbox_error_set(reterr, "cannot build the sandbox policy: %s", strerror(-r));
	return r;
}

/* ---- show ------------------------------------------------------------ */

static int
format_list(struct buf *out, const char *title, const struct sandbox_strv *l, bool paths)
{
	int r = buf_printf(out, "%s:%s\n", title, l->n ? "" : " (none)");
	for (size_t i = 0; r >= 0 && i < l->n; i++) {
		struct stat st;
		const char *note = "";
		if (paths && lstat(l->v[i], &st) < 0)
			note = "  (missing)";
		r = buf_printf(out, "  %s%s\n", l->v[i], note);
	}
	return r;
}

int
sandbox_policy_format(const struct sandbox_policy *p, struct buf *out)
{
	int r = buf_printf(out, "working directory: %s\n", p->cwd ? p->cwd : "(unset)");
	if (r >= 0)
		r = buf_printf(out, "home: %s (%s)\n", p->home ? p->home : "(unset)",
			       p->hide_home ? "hidden: an empty read-only tmpfs showing the "
					      "paths below" : "not hidden");
	if (r >= 0)
		r = buf_printf(out, "network: %s\n",
			       p->net == SANDBOX_NET_NONE ? "none (loopback only)" : "open");
	if (r >= 0)
		r = buf_printf(out, "landlock scopes: signals %s, abstract unix sockets %s\n",
			       p->scope_signals ? "confined" : "open",
			       p->scope_abstract_unix ? "confined" : "open");
	if (r >= 0)
		r = format_list(out, "readable", &p->read, true);
	if (r >= 0)
		r = format_list(out, "writable", &p->write, true);
	if (r >= 0)
		r = format_list(out, "temp dirs (writable)", &p->tmp, true);
	if (r >= 0 && p->hide_home)
		r = format_list(out, "shown through the hidden home (read-only)", &p->shown, true);
	if (r >= 0)
		r = format_list(out, "write-denied", &p->ro, true);
	if (r >= 0)
		r = format_list(out, "read-denied (masked; a missing file is not protected "
				"until it exists)", &p->mask, true);
	if (r >= 0)
		r = format_list(out, "environment variables left out", &p->env_dropped, false);
	return r < 0 ? r : 0;
}
