/* SPDX-License-Identifier: MIT */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ipc.h"
#include "service_common.h"

void
service_detach_stderr(const char *runtime_dir, const char *service)
{
	struct stat st;
	if (fstat(STDERR_FILENO, &st) == 0 && S_ISSOCK(st.st_mode))
		return; /* systemd's journal stream */
	_cleanup_free_ char *dir = NULL;
	char path[4200];
	int fd = -1;
	if (ipc_runtime_dir(runtime_dir, &dir) >= 0 &&
	    snprintf(path, sizeof(path), "%s/%s.log", dir, service) < (int)sizeof(path))
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)dup2(fd, STDERR_FILENO);
		close(fd);
	}
}
