/* SPDX-License-Identifier: MIT */
/*
 * The project directory of a working directory, pinned three ways.
 *
 * git's own answer depends on files the sandboxed agent can write (a bare
 * repository's HEAD/objects/refs planted in a subdirectory, a .git file, a
 * worktree's commondir), so it is not asked. We walk up from cwd the way
 * git's discovery does and accept a repository only when:
 *
 *  - it is a `.git` DIRECTORY in an ancestor of cwd (the first git dir
 *    discovery meets; a bare-looking directory met first means the git dir
 *    in use is not a real worktree's, and nothing counts); or
 *  - it is a `.git` FILE of a linked worktree whose gitdir is
 *    `<main>/.git/worktrees/<name>`, and that entry's `gitdir` file names
 *    this very `.git` file: then the main worktree counts. The commondir file
 *    is never trusted to name the repository;
 *
 * and never when the root is $HOME or /. Otherwise the project is cwd.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config-internal.h"

#define GITFILE_MAX 4096u

static bool
is_dir_at(int dfd, const char *name)
{
	struct stat st;
	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

/* Roughly git's is_git_directory(): HEAD, objects/ and refs/. */
static bool
looks_like_gitdir(const char *dir)
{
	_cleanup_close_ int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return false;
	struct stat st;
	if (fstatat(dfd, "HEAD", &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
		return false;
	/* A worktree's git dir has no objects/ of its own but a commondir file. */
	if (faccessat(dfd, "commondir", F_OK, AT_SYMLINK_NOFOLLOW) == 0)
		return true;
	return is_dir_at(dfd, "objects") && is_dir_at(dfd, "refs");
}

/* Read a small file, strip one trailing newline (and CR). */
static int
read_small(const char *path, char **ret)
{
	_cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	_cleanup_buf_ struct buf b = BUF_INIT(GITFILE_MAX);
	int r = buf_read_fd(&b, fd);
	if (r < 0)
		return r;
	if (!b.data)
		return -EINVAL;
	while (b.len && (b.data[b.len - 1] == '\n' || b.data[b.len - 1] == '\r'))
		b.data[--b.len] = '\0';
	if (memchr(b.data, '\0', b.len) || strchr(b.data, '\n'))
		return -EINVAL;
	*ret = buf_steal(&b);
	return 0;
}

static char *
join(const char *dir, const char *name)
{
	char *p;
	if (name[0] == '/')
		return strdup(name);
	if (asprintf(&p, "%s%s%s", dir, strcmp(dir, "/") == 0 ? "" : "/", name) < 0)
		return NULL;
	return p;
}

/* The last component of p (normalized, absolute), and p cut before it. */
static const char *
split_last(char *p)
{
	char *s = strrchr(p, '/');
	if (!s || s == p)
		return NULL;
	*s = '\0';
	return s + 1;
}

/*
 * A .git file at dir/.git: returns 1 and the main worktree when it is a
 * linked worktree that passes the checks, 0 when it does not count.
 */
static int
worktree_main(const char *dir, char **ret_main)
{
	_cleanup_free_ char *gitfile = join(dir, ".git");
	_cleanup_free_ char *content = NULL, *gitdir_raw = NULL, *gitdir = NULL;
	_cleanup_free_ char *back = NULL, *back_path = NULL, *real_back = NULL,
			    *real_gitfile = NULL, *maindir = NULL, *real_gitdir = NULL;
	int r;

	if (!gitfile)
		return -ENOMEM;
	r = read_small(gitfile, &content);
	if (r < 0)
		return 0;
	if (strncmp(content, "gitdir: ", 8) != 0)
		return 0;
	gitdir_raw = join(dir, content + 8);
	if (!gitdir_raw)
		return -ENOMEM;
	/* Follow symlinks once, so the shape test sees the real location. */
	real_gitdir = realpath(gitdir_raw, NULL);
	if (!real_gitdir)
		return 0;
	r = config_path_normalize(real_gitdir, NULL, NULL, &gitdir);
	if (r < 0)
		return 0;

	/* Shape: <main>/.git/worktrees/<name> */
	_cleanup_free_ char *shape = strdup(gitdir);
	if (!shape)
		return -ENOMEM;
	const char *name = split_last(shape);
	const char *wt = name ? split_last(shape) : NULL;
	const char *dotgit = wt ? split_last(shape) : NULL;
	if (!dotgit || strcmp(wt, "worktrees") != 0 || strcmp(dotgit, ".git") != 0 ||
	    name[0] == '\0')
		return 0;
	maindir = strdup(shape[0] ? shape : "/");
	if (!maindir)
		return -ENOMEM;

	/* The main repository must be a real .git directory. */
	_cleanup_free_ char *main_git = join(maindir, ".git");
	if (!main_git)
		return -ENOMEM;
	struct stat st;
	if (lstat(main_git, &st) < 0 || !S_ISDIR(st.st_mode) || !looks_like_gitdir(main_git))
		return 0;
	if (!looks_like_gitdir(gitdir))
		return 0;

	/* The entry must point back at this very .git file. */
	back_path = join(gitdir, "gitdir");
	if (!back_path)
		return -ENOMEM;
	if (read_small(back_path, &back) < 0 || back[0] != '/')
		return 0;
	real_back = realpath(back, NULL);
	real_gitfile = realpath(gitfile, NULL);
	if (!real_back || !real_gitfile || strcmp(real_back, real_gitfile) != 0)
		return 0;

	*ret_main = TAKE_PTR(maindir);
	return 1;
}

static bool
same_dir(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	if (strcmp(a, b) == 0)
		return true;
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/*
 * config_project_dir, and with own_worktree config_boundary_dir: a linked
 * worktree then counts as its own root, and its main worktree goes to
 * *ret_main (NULL otherwise, and when the main worktree is $HOME or /).
 */
static int
project_dir(const char *cwd, const char *home, bool own_worktree, char **ret_dir,
	    char **ret_main)
{
	_cleanup_free_ char *start = NULL, *found = NULL, *main_wt = NULL;
	int r;

	if (!cwd || cwd[0] != '/')
		return -EINVAL;
	/* Resolved, as getcwd() and git report it, so that a project reached
	 * through a symlink finds the override written from inside it. */
	_cleanup_free_ char *real = realpath(cwd, NULL);
	if (!real)
		return -errno;
	r = config_path_normalize(real, NULL, NULL, &start);
	if (r < 0)
		return r;
	struct stat st;
	if (stat(start, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	dev_t dev = st.st_dev;

	_cleanup_free_ char *cur = strdup(start);
	if (!cur)
		return -ENOMEM;
	for (;;) {
		struct stat cst;
		if (stat(cur, &cst) < 0)
			break;
		/* git stops at a filesystem boundary unless told otherwise. */
		if (cst.st_dev != dev)
			break;
		_cleanup_free_ char *dotgit = join(cur, ".git");
		if (!dotgit)
			return -ENOMEM;
		struct stat gst;
		if (lstat(dotgit, &gst) == 0) {
			if (S_ISDIR(gst.st_mode) && looks_like_gitdir(dotgit)) {
				found = strdup(cur);
				if (!found)
					return -ENOMEM;
				break;
			}
			if (S_ISREG(gst.st_mode)) {
				char *m = NULL;
				r = worktree_main(cur, &m);
				if (r < 0)
					return r;
				/* A .git file is what git uses here; if it does not
				 * check out (a submodule, a plant), nothing counts. */
				if (own_worktree && m) {
					main_wt = m;
					found = strdup(cur);
					if (!found)
						return -ENOMEM;
				} else
					found = m;
				break;
			}
		}
		/* A directory that is itself a git dir (bare, or planted as plain
		 * files): git would use it, and nothing in it is protected. */
		if (looks_like_gitdir(cur))
			break;
		if (strcmp(cur, "/") == 0)
			break;
		char *slash = strrchr(cur, '/');
		if (slash == cur)
			slash[1] = '\0';
		else
			*slash = '\0';
	}

	if (found && (strcmp(found, "/") == 0 || same_dir(found, "/") ||
		      (home && same_dir(found, home)))) {
		free(found);
		found = NULL;
	}
	if (main_wt && (same_dir(main_wt, "/") || (home && same_dir(main_wt, home)))) {
		free(main_wt);
		main_wt = NULL;
	}
	if (ret_main)
		*ret_main = TAKE_PTR(main_wt);
	*ret_dir = found ? TAKE_PTR(found) : TAKE_PTR(start);
	return 0;
}

int
config_project_dir(const char *cwd, const char *home, char **ret_dir)
{
	return project_dir(cwd, home, false, ret_dir, NULL);
}

int
config_boundary_dir(const char *cwd, const char *home, char **ret_dir, char **ret_main)
{
	if (ret_main)
		*ret_main = NULL;
	return project_dir(cwd, home, true, ret_dir, ret_main);
}
