/* SPDX-License-Identifier: MIT */
/*
 * registrar: sessions, policy snapshots with a generation, hot reload,
 * approval tickets, config requests and the audit record of every decision.
 *
 * The pieces are split so that the unit tests can drive them without a
 * socket: tickets (tickets.c), secret masking for the audit (mask.c), and
 * the state with its request handlers (registrar.c), which main.c hands to
 * lib/ipc's server.
 */
#ifndef LITE_SANDBOX_REGISTRAR_H
#define LITE_SANDBOX_REGISTRAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base.h"
#include "ipc.h"

/* ---- tickets --------------------------------------------------------------- */

/*
 * A ticket is an approval the user gave to one exact request: a config
 * request (its words and the scope the prompt showed) or a command line
 * that runs an `ask` entry (its text and directory). Its id is
 * HMAC-SHA256(key, kind, uid, scope, subject) in hex, so that it can be found
 * again from the request alone (a config request carries no id), and a
 * ticket file planted or edited without the key never matches. A ticket is a
 * file named by its id in <cache>/tickets/; taking it is unlink(2), which
 * succeeds once: single use even across registrar instances.
 */
#define TICKET_ID_LEN 64            /* hex characters */
#define TICKET_TTL_SEC (15 * 60)    /* an approval older than this is stale */
#define TICKET_SUBJECT_MAX (256u << 10)

enum ticket_kind {
	TICKET_CONFIG,  /* a config request */
	TICKET_COMMAND, /* a command line with an ask entry */
};

struct tickets;

/*
 * Open the store in dir (NULL: $XDG_CACHE_HOME/lite-sandbox, else
 * ~/.cache/lite-sandbox). Creates dir, dir/tickets (0700) and the key
 * dir/ticket.key (0600, 32 random bytes) when missing; a key file that is
 * not ours, not 0600 or not 32 bytes is refused (-EPERM / -EBADMSG).
 */
int tickets_open(const char *dir, struct tickets **ret);
struct tickets *tickets_free(struct tickets *t);

/* The id of a request; ret holds TICKET_ID_LEN + 1 bytes. */
int tickets_id(const struct tickets *t, enum ticket_kind k, uid_t uid, const char *scope,
	       const char *subject, size_t subject_len, char *ret);

/* Record (or renew) the ticket for a request; its id into ret (may be NULL). */
int tickets_record(struct tickets *t, enum ticket_kind k, uid_t uid, const char *scope,
		   const char *subject, size_t subject_len, char *ret);

/*
 * Take the ticket for a request: 0 when an unused, fresh ticket existed (it
 * is gone now), -ENOENT when none did, -ESTALE when it had expired (also
 * removed), -EINVAL when id is given and is not the request's id.
 */
int tickets_take(struct tickets *t, enum ticket_kind k, uid_t uid, const char *scope,
		 const char *subject, size_t subject_len, const char *id);

/* ---- masking ---------------------------------------------------------------- */

/*
 * A copy of a command line for the audit with secrets replaced by "***":
 * values of credential-like variables (NAME=..., --password=..., -p...) and
 * well-known token formats (ghp_, github_pat_, sk-, xox?-, AKIA..., Bearer).
 * Malloc'd; NULL on allocation failure.
 */
char *mask_secrets(const char *s, size_t len);

/* ---- the service ------------------------------------------------------------ */

struct registrar;

struct registrar_options {
	const char *config_path;  /* NULL: config_default_path() */
	const char *cache_dir;    /* NULL: tickets_open(NULL) */
	const char *config_bin;   /* the lite-sandbox binary run for config requests */
	const char *instance;     /* the service name, for the audit */
	bool no_inotify;          /* tests: rely on the stamp check only */
};

#define REGISTRAR_MAX_SESSIONS 4096u
#define REGISTRAR_POLICY_CACHE 64u
#define REGISTRAR_CONFIG_OUTPUT_MAX (256u << 10)
#define REGISTRAR_CONFIG_TIMEOUT_MS 10000u

int registrar_new(const struct registrar_options *o, struct registrar **ret);
struct registrar *registrar_free(struct registrar *r);

/* The dispatch table main.c installs (userdata: the struct registrar). */
extern const struct ipc_dispatch registrar_dispatch[];
extern const size_t registrar_dispatch_len;
/* Its session hook (ipc_server_set_session; userdata: the struct registrar). */
int registrar_session(struct ipc_call *call, const char *id, void *userdata);

/* For the tests. */
uint64_t registrar_generation(const struct registrar *r);
size_t registrar_n_sessions(const struct registrar *r);

#endif
