/* SPDX-License-Identifier: MIT */
/*
 * Internal to lib/config: the layered document and the helpers its files
 * share. Not for other modules.
 */
#ifndef LITE_SANDBOX_CONFIG_INTERNAL_H
#define LITE_SANDBOX_CONFIG_INTERNAL_H

#include <stdint.h>

#include "base.h"
#include "config.h"

/* Scalar keys a layer sets explicitly (lists need no mark: empty = unset). */
enum {
	CFG_SET_MODE = 1u << 0,
	CFG_SET_AUDIT = 1u << 1,
	CFG_SET_OS_SANDBOX = 1u << 2,
	CFG_SET_HIDE_HOME = 1u << 3,
	CFG_SET_GIT_LOCAL_READ = 1u << 4,
	CFG_SET_GIT_LOCAL_WRITE = 1u << 5,
	CFG_SET_GIT_REMOTE_READ = 1u << 6,
	CFG_SET_GIT_REMOTE_WRITE = 1u << 7,
	CFG_SET_GIT_WORKTREE_PARENT = 1u << 8,
	CFG_SET_NET_MODE = 1u << 9,
};

/*
 * The git section's key name in c: its field, and its CFG_SET_ bit in
 * *ret_bit; NULL for a name the section does not have. The loader and
 * `config git allow|deny` both find a key here.
 */
bool *config_git_key(struct config *c, const char *name, uint32_t *ret_bit);

/* One layer: the base settings (dir == NULL) or one directory's override. */
struct config_layer {
	char *dir;
	struct config *c; /* only what the file sets; scalars valid per `set` */
	uint32_t set;
};

struct config_doc {
	char *path;
	bool exists;
	struct config_layer base;
	struct config_layer *ov;
	size_t n_ov;
};

/* An empty config (all zero, no defaults applied). */
struct config *config_new_empty(void);

/* Merge layer l over c in place (scalars per l->set, lists append/replace). */
int config_merge_layer(struct config *c, const struct config_layer *l);

/* Parse YAML text into a document. */
int config_doc_parse(const char *file, const char *text, size_t len, const char *home,
		     struct config_doc *d, struct config_error *reterr);

/* Entry helpers (deep copies into malloc'd storage). */
int config_strv_dup(char *const *v, size_t n, char ***ret);
void config_strv_free(char **v, size_t n);
int config_path_copy(struct config_path *dst, const struct config_path *src);
void config_path_clear(struct config_path *p);
int config_command_copy(struct config_command *dst, const struct config_command *src);
void config_command_clear(struct config_command *c);
int config_ssh_host_copy(struct config_ssh_host *dst, const struct config_ssh_host *src);
void config_ssh_host_clear(struct config_ssh_host *h);
bool config_command_same(const struct config_command *a, const struct config_command *b);

/* Fill reterr (which may be NULL). Returns r. */
int config_set_error(struct config_error *reterr, int r, const char *file, unsigned line,
		     unsigned col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

#endif
