/* SPDX-License-Identifier: MIT */
/* What the registrar and the executor share at start-up. */
#ifndef LITE_SANDBOX_SERVICE_COMMON_H
#define LITE_SANDBOX_SERVICE_COMMON_H

/*
 * A service started by a front end (lib/ipc's self-spawn) inherits the
 * front end's stderr: often a pipe its caller reads to the end, which would
 * then wait for the service's idle exit. When stderr is not the service
 * manager's journal stream (a socket), it is replaced by
 * <runtime dir>/<service>.log (0600, appended), so the audit lines written
 * where journald is absent are kept.
 */
void service_detach_stderr(const char *runtime_dir, const char *service);

#endif
