/* SPDX-License-Identifier: MIT */
/*
 * ipc: how the front ends and the services talk.
 *
 * Transport: nng's req/rep wire protocol (SP, as nng's ipc:// transport
 * speaks it) over a unix socket in the runtime directory
 * ($XDG_RUNTIME_DIR/lite-sandbox/<service>.sock, or /run/lite-sandbox/ for
 * services run as root). Every message is one
 * lite_sandbox.Envelope (proto/lite_sandbox.proto) packed with protobuf-c.
 *
 * Decoding is strict: the frame size is checked before unpacking, the
 * envelope is unpacked into an arena (the decoded request dies with it), and
 * every message is validated (version, required fields, enum ranges, string
 * lengths, UTF-8) before a handler sees it. A request that fails any of this
 * is answered with an Error envelope, and the server goes on serving.
 *
 * Activation: a service takes its listening socket from the service manager
 * (sd_listen_fds: systemd, or the same LISTEN_FDS/LISTEN_PID protocol when the
 * front end started it), from launchd on macOS, or binds the path itself,
 * and accepts on it directly: the server (ipc_server.c, dependency
 * ipc_server_dep) speaks nng's SP wire protocol itself, without nng; nng's
 * req client (ipc_client.c) and the front ends' own client
 * (services_client.c) both talk to it.
 *
 * Errors are negative errno values. nng and protobuf-c errors are mapped by
 * ipc_error_from_nng(); a decode failure is -EBADMSG, an oversized frame
 * -EMSGSIZE, a wrong version -EPROTONOSUPPORT, a refused peer -EPERM.
 */
#ifndef LITE_SANDBOX_IPC_H
#define LITE_SANDBOX_IPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base.h"
#include "lite_sandbox.pb-c.h"

typedef LiteSandbox__Envelope ipc_envelope;
typedef LiteSandbox__Envelope__BodyCase ipc_body;

#define IPC_VERSION ((uint32_t)LITE_SANDBOX__PROTOCOL_VERSION__PROTOCOL_VERSION_CURRENT)

/* Largest frame either side accepts by default (4 MiB). */
#define IPC_MSG_MAX ((size_t)4 << 20)
/* Largest single string field (paths, command lines, messages): 256 KiB. */
#define IPC_STRING_MAX ((size_t)256 << 10)
/* Largest path field (PATH_MAX). */
#define IPC_PATH_MAX ((size_t)4096)
/* Largest repeated field (findings, argv words). */
#define IPC_REPEATED_MAX ((size_t)1024)

/* ---- errors ------------------------------------------------------------ */

/* Map an nng error code (positive, 0 = ok) to 0 or a negative errno. */
int ipc_error_from_nng(int nng_err);

/* ---- validation -------------------------------------------------------- */

/*
 * Each returns 0 or -EBADMSG (a required field missing, an enum out of
 * range, a string too long or not UTF-8, a body that does not fit the
 * message); ipc_validate_envelope() returns -EPROTONOSUPPORT for another
 * version and checks the body with the function of its type. When
 * ret_why is not NULL it is set to a static string that says what failed.
 */
int ipc_validate_envelope(const ipc_envelope *e, const char **ret_why);
int ipc_validate_error(const LiteSandbox__Error *m, const char **ret_why);
int ipc_validate_finding(const LiteSandbox__Finding *m, const char **ret_why);
int ipc_validate_session_register(const LiteSandbox__SessionRegister *m,
				  const char **ret_why);
int ipc_validate_session_register_reply(
	const LiteSandbox__SessionRegisterReply *m, const char **ret_why);
int ipc_validate_check(const LiteSandbox__CheckRequest *m,
		       const char **ret_why);
int ipc_validate_check_reply(const LiteSandbox__CheckReply *m,
			     const char **ret_why);
int ipc_validate_exec(const LiteSandbox__ExecRequest *m, const char **ret_why);
int ipc_validate_exec_reply(const LiteSandbox__ExecReply *m,
			    const char **ret_why);
int ipc_validate_config(const LiteSandbox__ConfigRequest *m,
			const char **ret_why);
int ipc_validate_config_reply(const LiteSandbox__ConfigReply *m,
			      const char **ret_why);

/* Whether s[0..n) is valid UTF-8 (no overlongs, no surrogates, <= U+10FFFF). */
bool ipc_utf8_valid(const char *s, size_t n);

/* Name of a body type for messages and logs: "exec", "check_reply", ... */
const char *ipc_body_name(ipc_body b);

/* ---- framing ----------------------------------------------------------- */

/*
 * Pack env into a new buffer the caller frees (the envelope's version is
 * set to IPC_VERSION first). -EMSGSIZE when the packed size exceeds max
 * (0: IPC_MSG_MAX); the sender checks its own size too, so that an
 * oversized reply becomes an Error rather than a frame the peer drops.
 */
int ipc_pack(ipc_envelope *env, size_t max, uint8_t **ret_data,
	     size_t *ret_len);

/*
 * Unpack and validate one frame. Everything decoded is allocated from a and
 * lives until a is freed or reset. len > max (0: IPC_MSG_MAX) is -EMSGSIZE
 * before any decoding; malformed data or a failed validation -EBADMSG,
 * another version -EPROTONOSUPPORT, the arena's limit -ENOMEM. ret_why as
 * for the validators.
 */
int ipc_unpack(const void *data, size_t len, size_t max, struct arena *a,
	       ipc_envelope **ret, const char **ret_why);

/* Initialise env as an empty envelope of the current version. */
void ipc_envelope_init(ipc_envelope *env);

/*
 * Make env an Error reply (errno_value = -err, the message copied into a).
 * Returns 0 or -ENOMEM.
 */
int ipc_envelope_set_error(ipc_envelope *env, struct arena *a, int err,
			   const char *message);

/* ---- paths --------------------------------------------------------------- */

/*
 * The runtime directory: dir when not NULL, else
 * $XDG_RUNTIME_DIR/lite-sandbox, else /run/lite-sandbox for root. -ENOENT
 * when none applies. The result is malloc'd.
 */
int ipc_runtime_dir(const char *dir, char **ret);

/*
 * Create the runtime directory (one level, mode 0700) if it is missing and
 * check that it is a directory owned by us with no access for others
 * (-EPERM otherwise: someone else could plant a socket there).
 */
int ipc_runtime_dir_prepare(const char *dir);

/* "<dir>/<service>.sock"; -ENAMETOOLONG past sun_path's size. malloc'd. */
int ipc_socket_path(const char *dir, const char *service, char **ret);

/* ---- server ------------------------------------------------------------ */

struct ipc_server;

struct ipc_inflight; /* the server's record of a call (cancellation, phase) */

/* One request, as a handler sees it. */
struct ipc_call {
	uid_t peer_uid;            /* from the socket, never from the message */
	pid_t peer_pid;            /* from the socket; 0 when unknown */
	const ipc_envelope *request; /* validated */
	ipc_envelope *reply;       /* initialised; the handler sets a body */
	struct arena *arena;       /* for the reply; freed after it is sent */
	const char *error_message; /* set with a negative return; copied */
	/*
	 * What the service's session hook (ipc_server_set_session) resolved
	 * the request's session id to, for entries flagged IPC_SESSION or
	 * IPC_REQUIRES_SESSION; NULL otherwise.
	 */
	void *session;
	struct ipc_inflight *inflight; /* NULL outside a server (unit tests) */
};

/*
 * A handler validates what the validator cannot know (session exists, ...),
 * acts, and sets call->reply's body. Returning a negative errno sends an
 * Error with that errno and call->error_message (or strerror) instead. A
 * reply that fails its own validation is replaced by an Error (-EPROTO): a
 * service never sends what a peer would refuse.
 */
typedef int (*ipc_handler)(struct ipc_call *call, void *userdata);

/*
 * Flags of a dispatch entry (STYLE.md rule 15). The layer applies them
 * before the handler runs, so a handler never sees a request its phase
 * does not allow:
 * - IPC_ONCE: accepted once per connection; a second one is refused
 *   (-EALREADY).
 * - IPC_PERMIT: refused (-EPERM) until a handler on the same connection
 *   permitted this type (ipc_call_permit): the next legal request.
 * - IPC_SESSION: a session id in the request (CheckRequest, ExecRequest,
 *   ConfigRequest) must be accepted by the service's session hook, else
 *   -ENOENT ("no such session"); a request without one passes.
 * - IPC_REQUIRES_SESSION: as IPC_SESSION, and a request without a session
 *   id is refused (-ENOENT) too.
 * A type not in the table is refused (-EOPNOTSUPP).
 */
enum {
	IPC_ONCE = 1u << 0,
	IPC_PERMIT = 1u << 1,
	IPC_SESSION = 1u << 2,
	IPC_REQUIRES_SESSION = 1u << 3,
};

struct ipc_dispatch {
	ipc_body type;        /* the request body this entry accepts */
	unsigned flags;       /* IPC_ONCE | IPC_PERMIT | IPC_SESSION ... */
	ipc_handler handler;
};

/*
 * The session hook: resolve id for call (the caller's own session: the
 * hook compares call->peer_uid) and set call->session, or return a
 * negative errno (the layer answers -ENOENT "no such session" for
 * -ENOENT, the hook's errno and call->error_message otherwise). It runs
 * under the handler lock when the server serialises handlers.
 */
typedef int (*ipc_session_fn)(struct ipc_call *call, const char *id, void *userdata);

/*
 * A connection's phase: the types it used (for IPC_ONCE) and the types a
 * handler permitted (for IPC_PERMIT). The server keeps one per connection;
 * exposed for the unit tests of the table logic below.
 */
struct ipc_phase {
	uint64_t used;
	uint64_t permitted;
};

/* The session id a request carries, or NULL (none, or a type without one). */
const char *ipc_request_session_id(const ipc_envelope *req);

/*
 * The entry of table that serves req on a connection in phase ph: its
 * type, ONCE and PERMIT, and whether a session id is required (the hook
 * runs after, through ipc_dispatch_session). On success the phase records
 * the use (so a concurrent second ONCE request is refused). -EOPNOTSUPP,
 * -EALREADY, -EPERM or -ENOENT with *ret_why otherwise.
 */
int ipc_dispatch_admit(const struct ipc_dispatch *table, size_t n, struct ipc_phase *ph,
		       const ipc_envelope *req, const struct ipc_dispatch **ret,
		       const char **ret_why);

/*
 * Run the session hook for entry d when its flags ask for it (sets
 * call->session). No hook while a flag asks for one fails closed
 * (-ENOENT).
 */
int ipc_dispatch_session(const struct ipc_dispatch *d, struct ipc_call *call,
			 ipc_session_fn fn, void *userdata, const char **ret_why);

/* Let the next request of type on this call's connection pass IPC_PERMIT. */
void ipc_phase_permit(struct ipc_phase *ph, ipc_body type);
int ipc_call_permit(struct ipc_call *call, ipc_body type);

/*
 * Cancellation follows the connection: when the client's connection goes
 * away (the peer hangs up), the call still in flight on it is
 * cancelled. ipc_call_cancel_fd() returns an fd (owned by the server, valid
 * until the handler returns) that becomes readable then, already readable
 * when the client left before the handler started; -EBADF outside a
 * server. ipc_call_cancelled() says whether it happened.
 */
int ipc_call_cancel_fd(struct ipc_call *call);
bool ipc_call_cancelled(const struct ipc_call *call);

struct ipc_server_options {
	const char *service;      /* "registrar": socket <dir>/<service>.sock */
	const char *runtime_dir;  /* NULL: ipc_runtime_dir(NULL) */
	unsigned idle_timeout_ms; /* exit after this long with no request; 0: never */
	size_t max_msg;           /* 0: IPC_MSG_MAX */
	size_t arena_limit;       /* per request; 0: 4 * max_msg */
	/*
	 * Peers allowed: by default only the server's own effective uid. A
	 * system-mode service sets any_uid and decides per uid itself.
	 */
	bool any_uid;
	/*
	 * Requests served at once (from different connections: a connection's
	 * requests are served in order, on its own thread); 0: 1. Capped at
	 * IPC_CONCURRENT_MAX.
	 */
	unsigned max_concurrent;
	/*
	 * Run the session hooks and handlers one at a time, under one lock,
	 * for a service whose state is not thread-safe. Receiving, the
	 * checks, decoding and sending still run side by side.
	 */
	bool serialize;
};

#define IPC_CONCURRENT_MAX 64u

/*
 * Open the listener: the inherited socket when the service manager passed
 * one (LISTEN_FDS, launchd), else a socket bound at the path. Notifies the
 * manager (READY=1) once listening. -EADDRINUSE when another instance
 * answers at the path.
 */
int ipc_server_new(const struct ipc_server_options *o,
		   struct ipc_server **ret);
struct ipc_server *ipc_server_free(struct ipc_server *s); /* NULL ok */

/*
 * Set the dispatch table (the phase). Requests of a type not in the table
 * are answered with an Error (-EOPNOTSUPP) and otherwise ignored. table
 * must outlive its use; a handler may switch tables for the next request.
 */
void ipc_server_set_dispatch(struct ipc_server *s,
			     const struct ipc_dispatch *table, size_t n,
			     void *userdata);

/* The session hook for IPC_SESSION / IPC_REQUIRES_SESSION entries. */
void ipc_server_set_session(struct ipc_server *s, ipc_session_fn fn);

/* Whether the listener came from a service manager. */
bool ipc_server_activated(const struct ipc_server *s);
const char *ipc_server_path(const struct ipc_server *s);

/*
 * Serve requests, max_concurrent at once, until idle (returns 0): no
 * request in flight or received for the idle timeout and no client
 * connected or waiting in the inherited socket's backlog, so that exiting
 * drops nobody; or until a transport error (negative errno). Malformed
 * requests and foreign peers are answered with Errors and counted, never
 * fatal.
 */
int ipc_server_run(struct ipc_server *s);

struct ipc_server_stats {
	uint64_t served;    /* replies sent (Errors included) */
	uint64_t refused;   /* requests answered with an Error by the layer */
	uint64_t foreign;   /* requests from a peer uid not allowed */
	uint64_t listener_restarts; /* always 0 since the server left nng (its 1.5.2 watchdog) */
};
void ipc_server_get_stats(const struct ipc_server *s,
			  struct ipc_server_stats *ret);

/* ---- activation (services) ------------------------------------------- */

/*
 * The listening socket passed by a service manager, or -EBADF when none
 * (LISTEN_PID not ours, LISTEN_FDS unset). More than one fd is -E2BIG:
 * every service listens on exactly one socket. On macOS, launchd's socket
 * named "Listener" (launch_activate_socket). The fd is unset from the
 * environment's LISTEN_* variables so that children do not see them.
 */
int ipc_listen_fd(void);

/* ---- client ------------------------------------------------------------ */

struct ipc_client;

struct ipc_client_options {
	const char *service;      /* as for the server */
	const char *runtime_dir;  /* NULL: ipc_runtime_dir(NULL) */
	unsigned timeout_ms;      /* send and receive; 0: 30 s */
	size_t max_msg;           /* 0: IPC_MSG_MAX */
	/*
	 * When nothing listens at the path (ECONNREFUSED, ENOENT), start the
	 * service: bind the socket, spawn spawn_argv[0] (an absolute path)
	 * with the socket as fd 3, LISTEN_FDS=1 and LISTEN_PID=its pid, then
	 * connect. NULL: do not start anything (-ECONNREFUSED / -ENOENT).
	 */
	char *const *spawn_argv;
	char *const *spawn_envp;  /* extra environment for the service; may be NULL */
};

int ipc_client_new(const struct ipc_client_options *o,
		   struct ipc_client **ret);
struct ipc_client *ipc_client_free(struct ipc_client *c); /* NULL ok */

/*
 * Send req (its version set here), wait for the reply and decode it into a
 * (see ipc_unpack). An Error reply is returned as a reply, not as a
 * failure: the caller looks at ret->body_case. -ETIMEDOUT when the service
 * does not answer in time, -ECONNRESET when it dropped the connection
 * (requests other than exec are sent a second time first).
 */
int ipc_client_call(struct ipc_client *c, ipc_envelope *req, struct arena *a,
		    ipc_envelope **ret, const char **ret_why);

/* Whether the last ipc_client_new started the service itself. */
bool ipc_client_spawned(const struct ipc_client *c);

#endif
