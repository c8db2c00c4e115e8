/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox-registrar: sessions, policy, tickets, config requests, audit.
 *
 *   lite-sandbox-registrar [--config FILE] [--service NAME] [--runtime-dir DIR]
 *                          [--cache-dir DIR] [--idle-ms N] [--config-bin PATH]
 *
 * Started by systemd (socket activation), launchd, or a front end that found
 * nothing listening (lib/ipc's self-spawn); exits after --idle-ms without a
 * request (default 60 s; 0: never).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc.h"
#include "service_common.h"
#include "registrar.h"
#include "services_client.h"

int
main(int argc, char **argv)
{
	/*
	 * The registrar's state (sessions, policy cache, tickets) has no
	 * locks: its handlers run one at a time (serialize). A few requests
	 * in flight still let one client's slow send or receive overlap
	 * another's handler.
	 */
	struct ipc_server_options so = { .service = "registrar", .idle_timeout_ms = 60000,
					 .max_concurrent = 4, .serialize = true };
	struct registrar_options ro = { .instance = NULL };
	const char *bin = getenv("LITE_SANDBOX_BIN");

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--no-inotify") == 0) {
			ro.no_inotify = true;
			continue;
		}
		if (!v) {
			fprintf(stderr, "lite-sandbox-registrar: unknown argument or missing value: %s\n", a);
			return 2;
		}
		i++;
		if (strcmp(a, "--config") == 0)
			ro.config_path = v;
		else if (strcmp(a, "--service") == 0)
			so.service = v;
		else if (strcmp(a, "--runtime-dir") == 0)
			so.runtime_dir = v;
		else if (strcmp(a, "--cache-dir") == 0)
			ro.cache_dir = v;
		else if (strcmp(a, "--config-bin") == 0)
			bin = v;
		else if (strcmp(a, "--idle-ms") == 0)
			so.idle_timeout_ms = (unsigned)strtoul(v, NULL, 10);
		else {
			fprintf(stderr, "lite-sandbox-registrar: unknown argument %s\n", a);
			return 2;
		}
	}
	ro.instance = so.service;
	if (getenv("LISTEN_FDS"))
		service_detach_stderr(so.runtime_dir, so.service);
	ro.config_bin = bin && bin[0] == '/' ? bin
		: svc_pick_path(LITE_SANDBOX_BUILD_ROOT, LITE_SANDBOX_BIN_PATH,
				LITE_SANDBOX_BIN_INSTALLED);
	/* a front end that exits mid-call must not take us with it */
	signal(SIGPIPE, SIG_IGN);

	struct registrar *reg = NULL;
	int r = registrar_new(&ro, &reg);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox-registrar: cannot start: %s\n", strerror(-r));
		return 1;
	}
	struct ipc_server *s = NULL;
	r = ipc_server_new(&so, &s);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox-registrar: cannot listen: %s\n", strerror(-r));
		registrar_free(reg);
		return 1;
	}
	ipc_server_set_dispatch(s, registrar_dispatch, registrar_dispatch_len, reg);
	ipc_server_set_session(s, registrar_session);
	r = ipc_server_run(s);
	ipc_server_free(s);
	registrar_free(reg);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox-registrar: %s\n", strerror(-r));
		return 1;
	}
	return 0;
}
