/* SPDX-License-Identifier: MIT */
/*
 * The static path boundary: see pathcheck.h for the rules. The resolver walks
 * a path one component at a time with lstat/readlink, as the kernel's
 * namei does, rather than calling realpath(3): realpath fails on a path that
 * does not exist yet, and "the longest existing ancestor plus the rest" must
 * still honour a symlink met on the way and a `..` after it.
 */
#include "pathcheck.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"
#include "config.h"

/* As the kernel's MAXSYMLINKS: past this, a path is a loop for our purpose. */
#define PB_MAX_SYMLINKS 40
/* A config can list many grants, but not without bound. */
#define PB_MAX_ENTRIES 4096

/* A path kept in both forms: as written (lexically cleaned) and resolved. */
struct pb_path {
	char *written;
	char *resolved;
};

struct pb_grant {
	struct pb_path p;
	bool write;
	char **commands; /* copied from the config */
	size_t n_commands;
};

struct path_boundary {
	struct pb_path project;
	struct pb_path home;
	struct pb_grant *grants; /* non-internal grants only */
	size_t n_grants;
	struct pb_path *internal; /* internal grants: never named in a fix */
	size_t n_internal;
	struct pb_path *protected_paths; /* lite-sandbox state and added paths */
	size_t n_protected;
	struct pb_path *masks; /* credential masks under home, for the fix rule */
	size_t n_masks;
	struct pb_path *no_fix; /* guarded by the OS sandbox only: never a fix */
	size_t n_no_fix;
	struct pb_path runtime_dir; /* may be NULLs */
};

static const char *const agent_config_dirs[] = {
	".claude", ".codex", ".agents", ".opencode", ".crush", ".grok", ".pi",
};

static const char *const agent_config_files[] = {
	".mcp.json", "opencode.json", "opencode.jsonc", "tui.json",
	"tui.jsonc", "crushrc", ".crushrc", "crush.json", ".crush.json",
};

/* Directories a grant may never name, hold or sit under: the system's own
 * files and the kernel's views, less the places in them where people keep
 * their own work (system_carve_outs). */
static const char *const system_dirs[] = {
	"/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32",
	"/proc", "/run", "/sbin", "/sys", "/usr", "/var", "/snap",
	/* macOS spellings, harmless elsewhere */
	"/System", "/Library", "/private/etc", "/private/var",
};

static const char *const system_carve_outs[] = {
	"/var/tmp", "/var/www", "/var/opt", "/usr/src", "/usr/local/src",
};

/* Credential masks relative to home: a grant over any of them would expose
 * what the OS sandbox hides, so a fix never names them. */
static const char *const home_masks[] = {
	".ssh", ".aws", ".gnupg", ".git-credentials", ".netrc",
	".cargo/credentials.toml", ".cargo/credentials", ".docker/buildx",
	".config/git/credentials", ".kube",
};

/* Files in ~/.ssh that stay readable (everything else there is a key). */
static const char *const ssh_public_files[] = {
	"known_hosts", "known_hosts2", "config", "authorized_keys",
	"authorized_keys2",
};

/* ---- small path helpers ------------------------------------------------ */

/* p equals root or lies below it. Both absolute and clean. */
static bool
path_under(const char *p, const char *root)
{
	if (!p || !root)
		return false;
	size_t n = strlen(root);
	if (n == 1 && root[0] == '/')
		return p[0] == '/';
	return strncmp(p, root, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

/* Either form of a overlaps either form of b: equal, above or below. */
static bool
pb_overlaps(const char *w, const char *r, const struct pb_path *b)
{
	const char *as[2] = { w, r }, *bs[2] = { b->written, b->resolved };
	for (size_t i = 0; i < 2; i++)
		for (size_t j = 0; j < 2; j++)
			if (as[i] && bs[j] &&
			    (path_under(as[i], bs[j]) || path_under(bs[j], as[i])))
				return true;
	return false;
}

static bool
pb_under(const char *w, const char *r, const struct pb_path *b)
{
	const char *as[2] = { w, r }, *bs[2] = { b->written, b->resolved };
	for (size_t i = 0; i < 2; i++)
		for (size_t j = 0; j < 2; j++)
			if (as[i] && bs[j] && path_under(as[i], bs[j]))
				return true;
	return false;
}

/* Append "/name" (len n) to an absolute path of length *len. */
static int
push_component(char *out, size_t *len, const char *name, size_t n)
{
	bool root = *len == 1 && out[0] == '/';
	size_t need = *len + (root ? 0 : 1) + n;
	if (need >= PATH_MAX)
		return -ENAMETOOLONG;
	if (!root)
		out[(*len)++] = '/';
	memcpy(out + *len, name, n);
	*len += n;
	out[*len] = '\0';
	return 0;
}

static void
pop_component(char *out, size_t *len)
{
	if (*len <= 1)
		return; /* "/.." is "/" */
	char *slash = memrchr(out, '/', *len);
	*len = slash == out ? 1 : (size_t)(slash - out);
	out[*len] = '\0';
}

/* The lexical absolute form: cwd joined, "." and ".." and "//" removed. */
static int
clean_lexically(const char *cwd, const char *path, char out[PATH_MAX])
{
	size_t len = 1;
	out[0] = '/';
	out[1] = '\0';
	const char *parts[2] = { path[0] == '/' ? NULL : cwd, path };
	for (size_t k = 0; k < 2; k++) {
		const char *s = parts[k];
		while (s && *s) {
			while (*s == '/')
				s++;
			const char *e = strchrnul(s, '/');
			size_t n = (size_t)(e - s);
			if (n == 0)
				break;
			if (n == 1 && s[0] == '.') {
				/* nothing */
			} else if (n == 2 && s[0] == '.' && s[1] == '.') {
				pop_component(out, &len);
			} else {
				int r = push_component(out, &len, s, n);
				if (r < 0)
					return r;
			}
			s = e;
		}
	}
	return 0;
}

/*
 * The kernel's walk. `rem` holds what is still to resolve; a symlink's target
 * is put in front of the rest of it. After the first component that does not
 * exist, names are appended as they are and `..` removes them again; once it
 * is back on existing ground, lstat resumes, so `missing/../link` still
 * follows link.
 */
static int
resolve_walk(const char *cwd, const char *path, char out[PATH_MAX])
{
	/* twice PATH_MAX: a link target plus what followed it */
	char rem[2 * PATH_MAX];
	char link[PATH_MAX];
	size_t len = 1, missing = 0;
	unsigned links = 0;
	int n;

	if (path[0] == '/')
		n = snprintf(rem, sizeof(rem), "%s", path);
	else
		n = snprintf(rem, sizeof(rem), "%s/%s", cwd, path);
	if (n < 0 || (size_t)n >= sizeof(rem))
		return -ENAMETOOLONG;
	out[0] = '/';
	out[1] = '\0';

	size_t pos = 0;
	for (;;) {
		while (rem[pos] == '/')
			pos++;
		if (rem[pos] == '\0')
			break;
		const char *s = rem + pos;
		const char *e = strchrnul(s, '/');
		size_t cn = (size_t)(e - s);
		pos += cn;

		if (cn == 1 && s[0] == '.')
			continue;
		if (cn == 2 && s[0] == '.' && s[1] == '.') {
			/* out holds no symlinks while missing == 0, so its
			 * textual parent is the real one */
			pop_component(out, &len);
			if (missing > 0)
				missing--;
			continue;
		}
		size_t saved = len;
		int r = push_component(out, &len, s, cn);
		if (r < 0)
			return r;
		if (missing > 0) {
			missing++;
			continue;
		}
		struct stat st;
		if (lstat(out, &st) < 0) {
			if (errno == ENOENT || errno == ENOTDIR || errno == EACCES) {
				/* the rest does not exist (or cannot be
				 * walked, so no command can walk it either) */
				missing = 1;
				continue;
			}
			return -errno;
		}
		if (!S_ISLNK(st.st_mode))
			continue;
		if (++links > PB_MAX_SYMLINKS)
			return -ELOOP;
		ssize_t ln = readlink(out, link, sizeof(link));
		if (ln < 0)
			return -errno;
		if ((size_t)ln >= sizeof(link))
			return -ENAMETOOLONG;
		link[ln] = '\0';
		if (ln == 0)
			return -ENOENT; /* an empty target resolves nowhere */
		/* rem = link + "/" + rest of rem */
		char rest[2 * PATH_MAX];
		n = snprintf(rest, sizeof(rest), "%s/%s", link, rem + pos);
		if (n < 0 || (size_t)n >= sizeof(rest) || (size_t)n >= PATH_MAX * 2 - 1)
			return -ENAMETOOLONG;
		memcpy(rem, rest, (size_t)n + 1);
		pos = 0;
		if (link[0] == '/') {
			len = 1;
			out[1] = '\0';
		} else {
			len = saved;
			out[len] = '\0';
		}
	}
	return 0;
}

int
path_resolve(const char *cwd, const char *path, char ret_written[PATH_MAX],
	     char ret_resolved[PATH_MAX])
{
	char w[PATH_MAX], r[PATH_MAX];
	int k;

	if (!cwd || !path || cwd[0] != '/' || path[0] == '\0')
		return -EINVAL;
	if (strlen(cwd) >= PATH_MAX || strlen(path) >= PATH_MAX)
		return -ENAMETOOLONG;
	k = clean_lexically(cwd, path, w);
	if (k < 0)
		return k;
	k = resolve_walk(cwd, path, r);
	if (k < 0)
		return k;
	if (ret_written)
		memcpy(ret_written, w, strlen(w) + 1);
	if (ret_resolved)
		memcpy(ret_resolved, r, strlen(r) + 1);
	return 0;
}

/* Iterate the components of an absolute path: *s at the next one. */
static bool
next_component(const char **s, const char **ret, size_t *ret_n)
{
	const char *p = *s;
	while (*p == '/')
		p++;
	if (*p == '\0')
		return false;
	const char *e = strchrnul(p, '/');
	*ret = p;
	*ret_n = (size_t)(e - p);
	*s = e;
	return true;
}

static bool
comp_is(const char *c, size_t n, const char *name)
{
	return strlen(name) == n && strncasecmp(c, name, n) == 0;
}

bool
path_has_git_component(const char *abs)
{
	const char *s = abs, *c;
	size_t n;
	if (!abs)
		return false;
	while (next_component(&s, &c, &n))
		if (comp_is(c, n, ".git"))
			return true;
	return false;
}

bool
path_is_agent_config(const char *abs)
{
	const char *s = abs, *c, *last = NULL;
	size_t n, last_n = 0;
	bool skip_worktrees = false;

	if (!abs)
		return false;
	while (next_component(&s, &c, &n)) {
		last = c;
		last_n = n;
		if (skip_worktrees) {
			skip_worktrees = false;
			if (comp_is(c, n, "worktrees"))
				continue; /* .claude/worktrees, .codex/worktrees */
			return true;
		}
		for (size_t i = 0; i < ARRAY_SIZE(agent_config_dirs); i++) {
			if (!comp_is(c, n, agent_config_dirs[i]))
				continue;
			if (i <= 1) { /* .claude, .codex: look at the next one */
				skip_worktrees = true;
				break;
			}
			return true;
		}
	}
	if (skip_worktrees)
		return true; /* the .claude / .codex directory itself */
	for (size_t i = 0; last && i < ARRAY_SIZE(agent_config_files); i++)
		if (comp_is(last, last_n, agent_config_files[i]))
			return true;
	return false;
}

bool
path_word_looks_like_path(const char *word)
{
	if (!word || !*word)
		return false;
	if (word[0] == '-')
		return false;
	return strchr(word, '/') || word[0] == '.' || word[0] == '~';
}

/* ---- building the boundary --------------------------------------------- */

static void
pb_path_done(struct pb_path *p)
{
	free(p->written);
	free(p->resolved);
	p->written = p->resolved = NULL;
}

static int
pb_path_init(struct pb_path *p, const char *abs)
{
	char w[PATH_MAX], r[PATH_MAX];
	int k = path_resolve("/", abs, w, r);
	if (k < 0)
		return k;
	p->written = strdup(w);
	p->resolved = strdup(r);
	if (!p->written || !p->resolved) {
		pb_path_done(p);
		return -ENOMEM;
	}
	return 0;
}

/* Append to a growable array of pb_path. */
static int
pb_paths_add(struct pb_path **arr, size_t *n, const char *abs)
{
	if (*n >= PB_MAX_ENTRIES)
		return -E2BIG;
	struct pb_path *a = reallocarray(*arr, *n + 1, sizeof(**arr));
	if (!a)
		return -ENOMEM;
	*arr = a;
	a[*n] = (struct pb_path){ NULL, NULL };
	int r = pb_path_init(&a[*n], abs);
	if (r < 0)
		return r;
	(*n)++;
	return 0;
}

struct path_boundary *
path_boundary_free(struct path_boundary *pb)
{
	if (!pb)
		return NULL;
	pb_path_done(&pb->project);
	pb_path_done(&pb->home);
	pb_path_done(&pb->runtime_dir);
	for (size_t i = 0; i < pb->n_grants; i++) {
		pb_path_done(&pb->grants[i].p);
		for (size_t j = 0; j < pb->grants[i].n_commands; j++)
			free(pb->grants[i].commands[j]);
		free(pb->grants[i].commands);
	}
	free(pb->grants);
	for (size_t i = 0; i < pb->n_internal; i++)
		pb_path_done(&pb->internal[i]);
	free(pb->internal);
	for (size_t i = 0; i < pb->n_protected; i++)
		pb_path_done(&pb->protected_paths[i]);
	free(pb->protected_paths);
	for (size_t i = 0; i < pb->n_masks; i++)
		pb_path_done(&pb->masks[i]);
	free(pb->masks);
	for (size_t i = 0; i < pb->n_no_fix; i++)
		pb_path_done(&pb->no_fix[i]);
	free(pb->no_fix);
	free(pb);
	return NULL;
}

static int
add_grant(struct path_boundary *pb, const struct config_path *cp)
{
	if (pb->n_grants >= PB_MAX_ENTRIES)
		return -E2BIG;
	struct pb_grant *a = reallocarray(pb->grants, pb->n_grants + 1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	pb->grants = a;
	struct pb_grant *g = &a[pb->n_grants];
	*g = (struct pb_grant){ .write = cp->write };
	int r = pb_path_init(&g->p, cp->path);
	if (r < 0)
		return r;
	pb->n_grants++; /* owned from here on, freed with pb */
	if (cp->n_commands > 0) {
		if (cp->n_commands > PB_MAX_ENTRIES)
			return -E2BIG;
		g->commands = calloc(cp->n_commands, sizeof(char *));
		if (!g->commands)
			return -ENOMEM;
		for (size_t j = 0; j < cp->n_commands; j++) {
			if (!cp->commands[j])
				return -EINVAL;
			g->commands[j] = strdup(cp->commands[j]);
			if (!g->commands[j])
				return -ENOMEM;
			g->n_commands++;
		}
	}
	return 0;
}

int
path_boundary_new(const struct config *cfg, const char *project_dir,
		  const char *home, struct path_boundary **ret)
{
	_cleanup_path_boundary_ struct path_boundary *pb = NULL;
	char tmp[PATH_MAX];
	int r;

	if (!ret || !project_dir || !home || project_dir[0] != '/' || home[0] != '/')
		return -EINVAL;
	pb = calloc(1, sizeof(*pb));
	if (!pb)
		return -ENOMEM;
	r = pb_path_init(&pb->project, project_dir);
	if (r < 0)
		return r;
	r = pb_path_init(&pb->home, home);
	if (r < 0)
		return r;

	/* lite-sandbox's own config and cache (tickets, HMAC key), and the
	 * config directory of macOS */
	static const char *const state[] = { ".config/lite-sandbox", ".cache/lite-sandbox",
					     "Library/Application Support/lite-sandbox" };
	for (size_t i = 0; i < ARRAY_SIZE(state); i++) {
		if ((size_t)snprintf(tmp, sizeof(tmp), "%s/%s", home, state[i]) >= sizeof(tmp))
			return -ENAMETOOLONG;
		r = pb_paths_add(&pb->protected_paths, &pb->n_protected, tmp);
		if (r < 0)
			return r;
	}
	for (size_t i = 0; i < ARRAY_SIZE(home_masks); i++) {
		if ((size_t)snprintf(tmp, sizeof(tmp), "%s/%s", home, home_masks[i]) >= sizeof(tmp))
			return -ENAMETOOLONG;
		r = pb_paths_add(&pb->masks, &pb->n_masks, tmp);
		if (r < 0)
			return r;
	}
	/* Claude Code's per-session control sockets */
	r = pb_paths_add(&pb->masks, &pb->n_masks, "/tmp/cc-socks");
	if (r < 0)
		return r;

	for (size_t i = 0; cfg && i < cfg->n_paths; i++) {
		const struct config_path *cp = &cfg->paths[i];
		/* a grant that is not absolute grants nothing (fail closed) */
		if (!cp->path || cp->path[0] != '/')
			continue;
		if (cp->internal)
			r = pb_paths_add(&pb->internal, &pb->n_internal, cp->path);
		else
			r = add_grant(pb, cp);
		if (r < 0)
			return r;
	}
	/* git.allow_worktree_parent: a linked worktree may read and write its
	 * main worktree, as the OS sandbox lets it (project.c pins which
	 * main worktree counts) */
	if (cfg && cfg->git.allow_worktree_parent) {
		_cleanup_free_ char *own = NULL, *main_wt = NULL;
		r = config_boundary_dir(project_dir, home, &own, &main_wt);
		if (r == -ENOMEM)
			return r;
		if (r >= 0 && main_wt && strcmp(own, project_dir) == 0 &&
		    (r = add_grant(pb, &(const struct config_path){ .path = main_wt,
								    .write = true })) < 0)
			return r;
	}
	*ret = TAKE_PTR(pb);
	return 0;
}

int
path_boundary_add_protected(struct path_boundary *pb, const char *path)
{
	if (!pb || !path || path[0] != '/')
		return -EINVAL;
	return pb_paths_add(&pb->protected_paths, &pb->n_protected, path);
}

int
path_boundary_add_no_fix(struct path_boundary *pb, const char *path)
{
	if (!pb || !path || path[0] != '/')
		return -EINVAL;
	return pb_paths_add(&pb->no_fix, &pb->n_no_fix, path);
}

int
path_boundary_set_runtime_dir(struct path_boundary *pb, const char *dir)
{
	if (!pb || !dir || dir[0] != '/')
		return -EINVAL;
	struct pb_path p = { NULL, NULL };
	int r = pb_path_init(&p, dir);
	if (r < 0)
		return r;
	pb_path_done(&pb->runtime_dir);
	pb->runtime_dir = p;
	return 0;
}

const char *
path_boundary_project_dir(const struct path_boundary *pb)
{
	return pb ? pb->project.resolved : NULL;
}

bool
path_boundary_project_too_wide(const struct path_boundary *pb)
{
	if (!pb)
		return true;
	const char *forms[2] = { pb->project.written, pb->project.resolved };
	for (size_t i = 0; i < 2; i++)
		if (strcmp(forms[i], "/") == 0 || path_under(pb->home.written, forms[i]) ||
		    path_under(pb->home.resolved, forms[i]))
			return true;
	return false;
}

int
path_boundary_project_refusal(const struct path_boundary *pb, const char *cwd, char *why,
			      size_t why_len)
{
	if (!path_boundary_project_too_wide(pb))
		return 0;
	const char *proj = pb ? pb->project.resolved : "?";
	(void)snprintf(why, why_len, "the session's directory %.200s makes the project %.200s, "
		       "which is your home directory, holds it, or is /; the sandbox does not "
		       "take that as a boundary. Start the agent in a project directory.",
		       cwd ? cwd : proj, proj);
	return -EPERM;
}

/* The PATH directories up to and including the first holding lite-sandbox. */
static int
add_path_dirs_ahead(struct path_boundary *pb, const char *path)
{
	const char *dirs[256];
	size_t lens[256], n = 0;
	bool found = false;

	for (const char *s = path; s && *s && n < ARRAY_SIZE(dirs) && !found;) {
		const char *e = strchrnul(s, ':');
		size_t len = (size_t)(e - s);
		if (len > 0 && s[0] == '/' && len < PATH_MAX - 16) {
			char exe[PATH_MAX];
			(void)snprintf(exe, sizeof(exe), "%.*s/lite-sandbox", (int)len, s);
			dirs[n] = s;
			lens[n++] = len;
			found = access(exe, X_OK) == 0;
		}
		s = *e ? e + 1 : e;
	}
	for (size_t i = 0; found && i < n; i++) {
		char d[PATH_MAX];
		(void)snprintf(d, sizeof(d), "%.*s", (int)lens[i], dirs[i]);
		int r = path_boundary_add_no_fix(pb, d);
		if (r < 0)
			return r;
	}
	return 0;
}

int
path_boundary_apply_env(struct path_boundary *pb, const struct path_boundary_env *env)
{
	char p[PATH_MAX];
	int r;

	if (!pb || !env)
		return -EINVAL;
	const char *xdg[] = { env->xdg_config_home, env->xdg_cache_home };
	for (size_t i = 0; i < ARRAY_SIZE(xdg); i++) {
		/* relative XDG values are to be ignored, per the spec */
		if (!xdg[i] || xdg[i][0] != '/')
			continue;
		if ((size_t)snprintf(p, sizeof(p), "%s/lite-sandbox", xdg[i]) >= sizeof(p))
			return -ENAMETOOLONG;
		if ((r = path_boundary_add_protected(pb, p)) < 0)
			return r;
	}
	const char *files[] = { env->config_file, env->self_exe };
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		if (files[i] && files[i][0] == '/' &&
		    (r = path_boundary_add_protected(pb, files[i])) < 0)
			return r;
	if ((r = add_path_dirs_ahead(pb, env->path)) < 0)
		return r;
	if (env->runtime_dir && env->runtime_dir[0] == '/' &&
	    (r = path_boundary_set_runtime_dir(pb, env->runtime_dir)) < 0)
		return r;
	return 0;
}

/* ---- the fix ------------------------------------------------------------ */

/* Bytes a prompt or a terminal could be fooled by: C0 controls, DEL, and the
 * UTF-8 line/paragraph separators, zero-width and bidi controls. */
static bool
has_deceptive_chars(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	for (; *p; p++) {
		if (*p < 0x20 || *p == 0x7f)
			return true;
		if (p[0] == 0xe2 && p[1] == 0x80 &&
		    ((p[2] >= 0x8b && p[2] <= 0x8f) || (p[2] >= 0xa8 && p[2] <= 0xae)))
			return true; /* U+200B-200F, U+2028-202E */
		if (p[0] == 0xe2 && p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)
			return true; /* U+2066-2069 */
		if (p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
			return true; /* U+FEFF */
	}
	return false;
}

/*
 * Why granting dir (and its resolved form) would reach something refused on
 * purpose, or NULL when it would not.
 */
static const char *
refused_on_purpose(const struct path_boundary *pb, const char *w, const char *r)
{
	const char *forms[2] = { w, r };

	for (size_t i = 0; i < 2; i++) {
		const char *d = forms[i];
		if (strcmp(d, "/") == 0)
			return "it is the root directory";
		if (path_under(pb->home.written, d) || path_under(pb->home.resolved, d))
			return "it would reach your home directory";
		if (path_has_git_component(d))
			return "it is inside git's .git directory";
		if (path_is_agent_config(d))
			return "it is agent configuration";
		bool carved = false;
		for (size_t k = 0; k < ARRAY_SIZE(system_carve_outs); k++)
			carved |= path_under(d, system_carve_outs[k]);
		for (size_t k = 0; !carved && k < ARRAY_SIZE(system_dirs); k++)
			if (path_under(d, system_dirs[k]))
				return "it is a system directory";
	}
	if (pb->runtime_dir.written && pb_overlaps(w, r, &pb->runtime_dir))
		return "it would reach the runtime directory (session bus, agent sockets)";
	for (size_t k = 0; k < pb->n_protected; k++)
		if (pb_overlaps(w, r, &pb->protected_paths[k]))
			return "it would reach lite-sandbox's own state";
	for (size_t k = 0; k < pb->n_masks; k++)
		if (pb_overlaps(w, r, &pb->masks[k]))
			return "it would reach masked credentials or agent control sockets";
	for (size_t k = 0; k < pb->n_no_fix; k++)
		if (pb_overlaps(w, r, &pb->no_fix[k]))
			return "it would reach what only the OS sandbox guards (the lite-sandbox "
			       "binary and the PATH directories ahead of it, ...)";
	for (size_t k = 0; k < pb->n_internal; k++)
		if (pb_overlaps(w, r, &pb->internal[k]))
			return "it would reach an internal grant (OS sandbox only)";
	if (has_deceptive_chars(w) || has_deceptive_chars(r))
		return "its name holds control or invisible characters";
	return NULL;
}

/* Shell-quote s into out when it needs it. */
static int
quote_word(const char *s, char *out, size_t size)
{
	bool plain = *s != '\0';
	for (const char *p = s; *p; p++)
		if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') ||
		      ('0' <= *p && *p <= '9') || strchr("_./+,:@%=-", *p)))
			plain = false;
	struct buf b = BUF_INIT(size - 1);
	int r;
	if (plain)
		r = buf_puts(&b, s);
	else {
		r = buf_putc(&b, '\'');
		for (const char *p = s; r >= 0 && *p; p++)
			r = *p == '\'' ? buf_puts(&b, "'\\''") : buf_putc(&b, *p);
		if (r >= 0)
			r = buf_putc(&b, '\'');
	}
	if (r >= 0)
		memcpy(out, b.data, b.len + 1);
	buf_done(&b);
	return r < 0 ? -ENAMETOOLONG : 0;
}

static int
fix_for(const struct path_boundary *pb, const char *dir, enum path_access access,
	char *buf, size_t size, const char **ret_reason)
{
	char w[PATH_MAX], r[PATH_MAX], q[PATH_MAX + 64];
	int k;

	*ret_reason = NULL;
	if (size > 0)
		buf[0] = '\0';
	k = path_resolve("/", dir, w, r);
	if (k < 0)
		return k;
	*ret_reason = refused_on_purpose(pb, w, r);
	if (*ret_reason)
		return 0;
	k = quote_word(r, q, sizeof(q));
	if (k < 0)
		return k;
	k = snprintf(buf, size, "lite-sandbox config paths allow %s%s", q,
		     access == PATH_ACCESS_WRITE ? " --write" : "");
	if (k < 0 || (size_t)k >= size) {
		if (size > 0)
			buf[0] = '\0';
		return -ENAMETOOLONG;
	}
	return 1;
}

int
path_boundary_fix_for(const struct path_boundary *pb, const char *dir,
		      enum path_access access, char *buf, size_t size)
{
	const char *reason;
	if (!pb || !dir || dir[0] != '/' || !buf || size == 0)
		return -EINVAL;
	return fix_for(pb, dir, access, buf, size, &reason);
}

/* ---- the check ---------------------------------------------------------- */

static bool
grant_applies(const struct pb_grant *g, const char *command)
{
	if (g->n_commands == 0)
		return true;
	if (!command)
		return false;
	const char *base = strrchr(command, '/');
	base = base ? base + 1 : command;
	for (size_t i = 0; i < g->n_commands; i++) {
		const char *c = g->commands[i];
		if (strcmp(c, command) == 0)
			return true;
		if (!strchr(c, '/') && strcmp(c, base) == 0)
			return true;
	}
	return false;
}

static bool
in_set(const struct path_boundary *pb, const char *resolved,
       enum path_access access, const char *command)
{
	if (path_under(resolved, pb->project.resolved))
		return true;
	for (size_t i = 0; i < pb->n_grants; i++) {
		const struct pb_grant *g = &pb->grants[i];
		if (access == PATH_ACCESS_WRITE && !g->write)
			continue;
		if (!grant_applies(g, command))
			continue;
		if (path_under(resolved, g->p.resolved))
			return true;
	}
	return false;
}

/* An ssh private key (anything in ~/.ssh but the public files), unless an
 * applicable grant names ~/.ssh or something inside it. */
static bool
is_masked_key(const struct path_boundary *pb, const char *resolved,
	      enum path_access access, const char *command)
{
	char ssh[PATH_MAX];
	if ((size_t)snprintf(ssh, sizeof(ssh), "%s/.ssh", pb->home.resolved) >= sizeof(ssh))
		return true;
	if (!path_under(resolved, ssh) || strcmp(resolved, ssh) == 0)
		return false;
	const char *base = strrchr(resolved, '/') + 1;
	size_t bl = strlen(base);
	if (bl > 4 && strcmp(base + bl - 4, ".pub") == 0)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(ssh_public_files); i++)
		if (strcmp(base, ssh_public_files[i]) == 0)
			return false;
	for (size_t i = 0; i < pb->n_grants; i++) {
		const struct pb_grant *g = &pb->grants[i];
		if (access == PATH_ACCESS_WRITE && !g->write)
			continue;
		if (grant_applies(g, command) && path_under(g->p.resolved, ssh) &&
		    path_under(resolved, g->p.resolved))
			return false;
	}
	return true;
}

static void
verdict_set(struct path_verdict *v, bool ok, const char *rule)
{
	v->ok = ok;
	v->rule = rule;
	v->message[0] = '\0';
	v->fix[0] = '\0';
}

static void
verdict_msg(struct path_verdict *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
verdict_msg(struct path_verdict *v, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	(void)vsnprintf(v->message, sizeof(v->message), fmt, ap);
	va_end(ap);
}

static const char *
access_verb(enum path_access a)
{
	return a == PATH_ACCESS_WRITE ? "write" : "read";
}

int
path_boundary_check_cmd(const struct path_boundary *pb, const char *cwd,
			const char *path, enum path_access access,
			const char *command, unsigned flags,
			struct path_verdict *ret)
{
	char written[PATH_MAX];
	int r;

	if (!ret)
		return -EINVAL;
	*ret = (struct path_verdict){ .ok = false, .rule = "paths.unresolvable" };
	if (!pb || !cwd || !path || cwd[0] != '/' || path[0] == '\0' ||
	    (access != PATH_ACCESS_READ && access != PATH_ACCESS_WRITE)) {
		verdict_msg(ret, "path check called without a path or an absolute directory");
		return -EINVAL;
	}

	r = path_resolve(cwd, path, written, ret->resolved);
	if (r < 0) {
		ret->resolved[0] = '\0';
		verdict_msg(ret, "cannot resolve '%.300s': %s; refusing a path whose target is unknown",
			    path, strerror(-r));
		return 0;
	}

	/* The streams and sinks are matched as written: /dev/stdout resolves
	 * through /proc/self/fd to a terminal or pipe that says nothing. */
	if (strcmp(written, "/dev/null") == 0 || strcmp(ret->resolved, "/dev/null") == 0) {
		verdict_set(ret, true, "paths.dev-null");
		ret->in_boundary = true;
		return 0;
	}
	static const char *const streams[] = {
		"/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/fd/0", "/dev/fd/1", "/dev/fd/2",
	};
	for (size_t i = 0; i < ARRAY_SIZE(streams); i++) {
		if (strcmp(written, streams[i]) != 0)
			continue;
		if (flags & PATH_CHECK_IN_PROCESS) {
			verdict_set(ret, false, "paths.std-stream-in-process");
			verdict_msg(ret, "%s would open the sandbox server's own stream in a command "
				    "run in process; use a redirection instead (refused on purpose)",
				    streams[i]);
			return 0;
		}
		verdict_set(ret, true, "paths.std-stream");
		ret->in_boundary = true;
		return 0;
	}
	if ((flags & PATH_CHECK_RANDOM_SOURCES) && access == PATH_ACCESS_READ &&
	    (strcmp(written, "/dev/zero") == 0 || strcmp(written, "/dev/urandom") == 0 ||
	     strcmp(written, "/dev/random") == 0)) {
		verdict_set(ret, true, "paths.random-source");
		ret->in_boundary = true;
		return 0;
	}

	/* the set the path must lie in; the rules below still see the access */
	enum path_access set = (flags & PATH_CHECK_WRITE_IN_READ_SET) ? PATH_ACCESS_READ : access;
	ret->in_boundary = in_set(pb, ret->resolved, set, command);

	if (path_has_git_component(written) || path_has_git_component(ret->resolved)) {
		verdict_set(ret, false, "paths.git-dir");
		verdict_msg(ret, "'%.300s' is inside a .git directory, which commands may not %s "
			    "(refused on purpose; use git itself)", path, access_verb(access));
		return 0;
	}
	for (size_t i = 0; i < pb->n_protected; i++) {
		if (!pb_under(written, ret->resolved, &pb->protected_paths[i]))
			continue;
		verdict_set(ret, false, "paths.protected");
		ret->in_boundary = false;
		verdict_msg(ret, "'%.300s' is lite-sandbox's own state, which commands may not %s "
			    "(refused on purpose)", path, access_verb(access));
		return 0;
	}
	if (access == PATH_ACCESS_WRITE &&
	    (path_is_agent_config(written) || path_is_agent_config(ret->resolved))) {
		verdict_set(ret, false, "paths.agent-config");
		verdict_msg(ret, "'%.300s' is coding-agent configuration (settings, hooks, MCP "
			    "servers, ...), which is read-only in the sandbox (refused on purpose)",
			    path);
		return 0;
	}
	/* Only a grant can have opened a key; without one, the key is simply
	 * outside, and the fix rule below explains why nothing is offered. */
	if (ret->in_boundary && is_masked_key(pb, ret->resolved, access, command)) {
		verdict_set(ret, false, "paths.credential");
		ret->in_boundary = false;
		verdict_msg(ret, "'%.300s' is an ssh private key, masked even under a grant that "
			    "overlaps ~/.ssh (refused on purpose)", path);
		return 0;
	}
	if (ret->in_boundary) {
		verdict_set(ret, true, "paths.inside");
		return 0;
	}

	/* Outside: name the directory to grant, the target itself when it is
	 * an existing directory, else the directory that holds it. */
	verdict_set(ret, false, set == PATH_ACCESS_WRITE ? "paths.outside-write-set"
						      : "paths.outside-read-set");
	char dir[PATH_MAX];
	struct stat st;
	memcpy(dir, ret->resolved, strlen(ret->resolved) + 1);
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		size_t dl = strlen(dir);
		pop_component(dir, &dl);
	}
	/* Say where a symlink led, or the refusal of an innocent-looking name
	 * makes no sense. */
	char via[256] = "";
	if (strcmp(written, ret->resolved) != 0)
		(void)snprintf(via, sizeof(via), " (which resolves to %.200s)", ret->resolved);
	const char *reason = NULL;
	r = fix_for(pb, dir, set, ret->fix, sizeof(ret->fix), &reason);
	if (r > 0) {
		verdict_msg(ret, "'%.200s'%s is outside the directories commands may %s here "
			    "(the project %.200s and the paths grants)", path, via,
			    access_verb(set), pb->project.resolved);
		return 0;
	}
	ret->fix[0] = '\0';
	verdict_msg(ret, "'%.200s'%s is outside the directories commands may %s here, and no "
		    "paths grant is offered for %.200s: %s (refused on purpose)", path, via,
		    access_verb(set), dir, reason ? reason : "the path is too long to name");
	return 0;
}

int
path_boundary_check(const struct path_boundary *pb, const char *cwd,
		    const char *path, enum path_access access,
		    struct path_verdict *ret)
{
	return path_boundary_check_cmd(pb, cwd, path, access, NULL, 0, ret);
}
