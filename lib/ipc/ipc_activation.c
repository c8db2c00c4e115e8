/* SPDX-License-Identifier: MIT */
/*
 * The listening socket a service manager hands over: systemd's
 * LISTEN_FDS/LISTEN_PID protocol (also what the front end uses when it
 * starts a service itself), or launchd's named socket on macOS.
 */
#include <string.h>
#include <sys/socket.h>

#include "ipc.h"

#ifdef __APPLE__
#include <launch.h>

int
ipc_listen_fd(void)
{
	int *fds = NULL;
	size_t n = 0;
	/* The plists in launchd/ name the socket "Listener". */
	int r = launch_activate_socket("Listener", &fds, &n);
	if (r == ESRCH || r == ENOENT)
		return -EBADF; /* not started by launchd */
	if (r != 0)
		return -r;
	if (n != 1) {
		for (size_t i = 0; i < n; i++)
			(void)close(fds[i]);
		free(fds);
		return n == 0 ? -EBADF : -E2BIG;
	}
	int fd = fds[0];
	free(fds);
	return fd;
}

#else
#include <systemd/sd-daemon.h>

int
ipc_listen_fd(void)
{
	/* unset_environment: our children must not think the fds are theirs. */
	int n = sd_listen_fds(1);
	if (n < 0)
		return n;
	if (n == 0)
		return -EBADF;
	if (n > 1)
		return -E2BIG; /* one service, one socket: refuse to guess */
	int fd = SD_LISTEN_FDS_START;
	/* It must be a listening unix stream socket: nng's ipc:// is nothing else. */
	int r = sd_is_socket_unix(fd, SOCK_STREAM, 1, NULL, 0);
	if (r < 0)
		return r;
	if (r == 0)
		return -ENOTSOCK;
	return fd;
}
#endif
