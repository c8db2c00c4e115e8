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
 */
#ifndef LITE_SANDBOX_SERVICES_CLIENT_H
#define LITE_SANDBOX_SERVICES_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "ipc.h"

#define SVC_NAME_MAX 64

/* "registrar" or "registrar-<16 hex>" (see above) into ret. */
int svc_instance_name(const char *service, char *ret, size_t size);

/*
 * Connect to the instance of service ("registrar", "executor") for this
 * user and config, starting it when spawn is true and nothing listens.
 * timeout_ms bounds each call (0: 30 s).
 */
int svc_open(const char *service, unsigned timeout_ms, bool spawn, struct ipc_client **ret);

int svc_register(struct ipc_client *c, LiteSandbox__AgentKind agent, const char *cwd,
		 const char *agent_session, struct arena *a,
		 const LiteSandbox__SessionRegisterReply **ret, char *err, size_t err_len);

int svc_check(struct ipc_client *c, const char *session_id, const char *cwd, const char *command,
	      const char *ticket_id, struct arena *a, const LiteSandbox__CheckReply **ret,
	      char *err, size_t err_len);

int svc_exec(struct ipc_client *c, const char *session_id, const char *cwd, const char *command,
	     unsigned timeout_ms, const char *ticket_id, struct arena *a,
	     const LiteSandbox__ExecReply **ret, char *err, size_t err_len);

int svc_config(struct ipc_client *c, const char *session_id, const char *cwd, char *const *argv,
	       size_t argc, struct arena *a, const LiteSandbox__ConfigReply **ret, char *err,
	       size_t err_len);

#endif
