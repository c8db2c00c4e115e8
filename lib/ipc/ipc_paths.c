/* SPDX-License-Identifier: MIT */
/*
 * Where the sockets live. The directory is the trust boundary on the file
 * system side (mode 0700, ours), the peer uid check the one on the socket
 * side; either alone would do, both together survive a mistake in one.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include "ipc.h"

int
ipc_runtime_dir(const char *dir, char **ret)
{
	char *s;
	if (dir) {
		if (dir[0] != '/')
			return -EINVAL;
		s = strdup(dir);
	} else {
		const char *x = secure_getenv("XDG_RUNTIME_DIR");
		if (x && x[0] == '/') {
			if (asprintf(&s, "%s/lite-sandbox", x) < 0)
				s = NULL;
		} else if (geteuid() == 0) {
			s = strdup("/run/lite-sandbox");
#ifdef __APPLE__
		} else {
			/*
			 * No XDG_RUNTIME_DIR on macOS: the per-user private
			 * temporary directory, which the LaunchAgents' socket
			 * paths are filled in with at install time.
			 */
			char tmp[1024];
			size_t n = confstr(_CS_DARWIN_USER_TEMP_DIR, tmp, sizeof(tmp));
			if (n < 2 || n > sizeof(tmp) || tmp[0] != '/')
				return -ENOENT;
			if (asprintf(&s, "%s%slite-sandbox", tmp,
				     tmp[n - 2] == '/' ? "" : "/") < 0)
				s = NULL;
		}
#else
		} else {
			return -ENOENT;
		}
#endif
	}
	if (!s)
		return -ENOMEM;
	*ret = s;
	return 0;
}

int
ipc_runtime_dir_prepare(const char *dir)
{
	if (!dir || dir[0] != '/')
		return -EINVAL;
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return -errno;
	/* fd first, then check what we opened: not what a path resolves to later. */
	_cleanup_close_ int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (st.st_uid != geteuid() || (st.st_mode & 0077))
		return -EPERM;
	return 0;
}

int
ipc_socket_path(const char *dir, const char *service, char **ret)
{
	if (!dir || !service || !service[0])
		return -EINVAL;
	for (const char *p = service; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      *p == '-' || *p == '_'))
			return -EINVAL;
	char *s;
	if (asprintf(&s, "%s/%s.sock", dir, service) < 0)
		return -ENOMEM;
	if (strlen(s) >= sizeof(((struct sockaddr_un *)NULL)->sun_path)) {
		free(s);
		return -ENAMETOOLONG;
	}
	*ret = s;
	return 0;
}
