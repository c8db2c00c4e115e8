/* SPDX-License-Identifier: MIT */
/*
 * services_client: how a front end (hook, exec, serve-mcp) reaches the
 * registrar and the executor of its user and config, starting them when
 * nothing answers (lib/ipc's self-spawn), and the calls it makes.
 *
 * Instances: the services read one config file each. A front end that uses
 * the default config talks to "registrar" / "executor" (the names the
 * systemd units and launchd agents use); one given another config through
 * $LITE_SANDBOX_CONFIG talks to "registrar-<hash>" / "executor-<hash>",
 * hashed from that path and $HOME, so that two configs never share a
 * service that would answer with the other's policy.
 *
 * Every call returns 0 or a negative errno; an Error reply from the service
 * is its errno, with its message copied into err.
 *
 * Transport: a front end is one short process per call, and nng's start-up
 * (a pool of threads) costs it more than the call itself (about 10 ms of a
 * hook's 14 on a 2-CPU machine). So a service that already listens is
 * spoken to directly: a unix socket, the SP handshake and message framing
 * of nng's ipc transport with the req protocol's 4-byte request id, one
 * request at a time, poll(2) for the timeout. The first request follows our
 * handshake header without waiting for the service's, which is read (and
 * checked) before the first reply: one round trip less per connection. Only when nothing listens is
 * lib/ipc's client used, to start the service (self-spawn) and call it.
 */
#ifndef LITE_SANDBOX_SERVICES_CLIENT_H
#define LITE_SANDBOX_SERVICES_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "ipc.h"

#define SVC_NAME_MAX 64

/*
 * Which binary to start: build_path when this process runs from the build
 * tree under build_root (tests, benchmarks), else installed_path. Both are
 * compile-time paths (services/meson.build); the environment overrides
 * them before this is asked.
 */
const char *svc_pick_path(const char *build_root, const char *build_path,
			  const char *installed_path);

/* "registrar" or "registrar-<16 hex>" (see above) into ret. */
int svc_instance_name(const char *service, char *ret, size_t size);

struct svc_conn;

/*
 * Connect to the instance of service ("registrar", "executor") for this
 * user and config, starting it when spawn is true and nothing listens.
 * timeout_ms bounds each call (0: 30 s).
 */
int svc_open(const char *service, unsigned timeout_ms, bool spawn, struct svc_conn **ret);
struct svc_conn *svc_close(struct svc_conn *c); /* accepts NULL */

/*
 * For a service that calls another (the executor calls the registrar) and
 * keeps the connection for its next calls: svc_open_direct connects to the
 * service called name under runtime_dir (NULL: the user's) as svc_open
 * does, without starting it (-ECONNREFUSED or -ENOENT when nothing
 * listens); svc_open_ipc wraps a lib/ipc client that started it (taken,
 * also on failure). svc_call is one request and its reply, with the
 * decoder's checks (ipc_unpack) and none of the reply's meaning; after an
 * error the connection is to be closed (a late reply may follow).
 */
int svc_open_direct(const char *runtime_dir, const char *name, unsigned timeout_ms,
		    struct svc_conn **ret);
int svc_open_ipc(struct ipc_client *ipc, struct svc_conn **ret);
int svc_call(struct svc_conn *c, ipc_envelope *req, struct arena *a, ipc_envelope **ret,
	     const char **ret_why);

/* Whether svc_open started the service (for tests and the benchmark). */
bool svc_spawned(const struct svc_conn *c);

int svc_register(struct svc_conn *c, LiteSandbox__AgentKind agent, const char *cwd,
		 const char *agent_session, struct arena *a,
		 const LiteSandbox__SessionRegisterReply **ret, char *err, size_t err_len);

/*
 * A call on a connection the service closed before its handshake header
 * fails with -ECONNABORTED: the service never served the connection, so
 * the request was not read and may be sent again on a new one. It happens
 * when the connection reached a listening socket nobody accepts on any
 * more: a self-started service that was killed leaves its socket
 * connectable for 10-20 ms (the kernel closes it late), or one that
 * refuses a connection over its cap. svc_pause_unserved(attempt) waits
 * before try attempt + 2 (10 ms, 20 ms, ...); SVC_UNSERVED_TRIES bounds the
 * tries (150 ms of pauses in all).
 */
#define SVC_UNSERVED_TRIES 6
void svc_pause_unserved(int attempt);

/*
 * svc_open("registrar", ..., spawn) and svc_register, again after an
 * unserved connection (-ECONNABORTED, above; up to SVC_UNSERVED_TRIES
 * tries, starting the registrar when nothing listens any more), and once
 * more after a reset or broken connection before the reply, as
 * registering twice is harmless (an unused session). Only registration
 * (and, in `lite-sandbox exec`, an exec the executor never read) is sent
 * again: a check records tickets and an exec runs commands.
 */
int svc_open_session(LiteSandbox__AgentKind agent, const char *cwd, const char *agent_session,
		     unsigned timeout_ms, struct arena *a, struct svc_conn **ret_conn,
		     const LiteSandbox__SessionRegisterReply **ret, char *err, size_t err_len);

/*
 * A check of a command line. The hook's (no ticket_id): an ask entry is
 * answered ASK and the registrar records the approval ticket. With a
 * ticket_id it is the executor's check, which takes that ticket instead.
 * svc_check_as says the origin itself (an executor's check may leave the id
 * out: the registrar then finds the ticket by the command, directory and uid;
 * the hook's check of a call the agent's own shell runs records none).
 */
int svc_check(struct svc_conn *c, const char *session_id, const char *cwd, const char *command,
	      const char *ticket_id, struct arena *a, const LiteSandbox__CheckReply **ret,
	      char *err, size_t err_len);
int svc_check_as(struct svc_conn *c, LiteSandbox__CheckOrigin origin, const char *session_id,
		 const char *cwd, const char *command, const char *ticket_id, struct arena *a,
		 const LiteSandbox__CheckReply **ret, char *err, size_t err_len);

int svc_exec(struct svc_conn *c, const char *session_id, const char *cwd, const char *command,
	     unsigned timeout_ms, const char *ticket_id, struct arena *a,
	     const LiteSandbox__ExecReply **ret, char *err, size_t err_len);

int svc_config(struct svc_conn *c, const char *session_id, const char *cwd, char *const *argv,
	       size_t argc, struct arena *a, const LiteSandbox__ConfigReply **ret, char *err,
	       size_t err_len);

#endif
