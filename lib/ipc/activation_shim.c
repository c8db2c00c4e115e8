/* SPDX-License-Identifier: MIT */
/*
 * The socket-activation adapter for nng 1.5, which cannot adopt a listening
 * socket it did not create (no NNG_OPT_LISTEN_FD in 1.5). Linked into the
 * services only (ipc_server_dep), never into the front end.
 *
 * The executable defines bind(), unlink() and shutdown(). Debian ships nng
 * as a shared library, whose calls to these resolve to the first definition
 * in the global scope, the executable's (ld exports them to the dynamic
 * symbol table because libnng.so references them); -Wl,--wrap would only
 * work against a static libnng. Each wrapper acts only on the inherited
 * socket registered with ipc_activation_adopt() and otherwise calls the
 * next definition (libc's) found with dlsym(RTLD_NEXT):
 *
 *  - bind() of the inherited socket's path: dup3() the inherited fd onto
 *    the socket nng just made, so that nng's listen() and accept() work on
 *    the service manager's socket, and the connection that triggered the
 *    activation (waiting in its backlog) is served;
 *  - unlink() of that path: skipped; nng removes the path on close, but the
 *    path belongs to the service manager, and the next client would find
 *    nothing to connect to;
 *  - shutdown() of that socket: skipped; nng shuts the listener down on
 *    close, which on a shared socket breaks the manager's copy too (later
 *    clients get ECONNREFUSED, and the next instance spins on a dead fd).
 *    The socket is recognised by device and inode, not by fd number, since
 *    a number is reused after close.
 *
 * The state is process-global because the calls come from inside nng,
 * which passes us nothing else; it is written once, before nng_listen, and
 * only read afterwards (from nng's threads), hence the release/acquire flag.
 */
#ifdef __linux__
#include <dlfcn.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include "ipc.h"

static struct {
	int fd;
	dev_t dev;
	ino_t ino;
	char path[sizeof(((struct sockaddr_un *)NULL)->sun_path)];
} adopted;
static atomic_bool adopted_set;

int
ipc_activation_adopt(int fd, const char *path)
{
	if (fd < 0 || !path || path[0] != '/')
		return -EINVAL;
	if (atomic_load_explicit(&adopted_set, memory_order_acquire))
		return -EBUSY; /* one listener per service */
	size_t n = strlen(path);
	if (n >= sizeof(adopted.path))
		return -ENAMETOOLONG;
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISSOCK(st.st_mode))
		return -ENOTSOCK;
	adopted.fd = fd;
	adopted.dev = st.st_dev;
	adopted.ino = st.st_ino;
	memcpy(adopted.path, path, n + 1);
	atomic_store_explicit(&adopted_set, true, memory_order_release);
	return 0;
}

static bool
is_adopted_path(const char *path)
{
	return atomic_load_explicit(&adopted_set, memory_order_acquire) &&
	       path && strcmp(path, adopted.path) == 0;
}

typedef int (*bind_fn)(int, const struct sockaddr *, socklen_t);
typedef int (*unlink_fn)(const char *);
typedef int (*shutdown_fn)(int, int);

/*
 * dlsym is thread-safe; looking up on each call keeps this free of init
 * order. The result is copied, not cast: ISO C has no object-to-function
 * pointer conversion.
 */
#define NEXT(var, name)                                                        \
	do {                                                                   \
		void *p_ = dlsym(RTLD_NEXT, name);                             \
		if (!p_) {                                                     \
			errno = ENOSYS;                                        \
			return -1;                                             \
		}                                                              \
		memcpy(&(var), &p_, sizeof(var));                              \
	} while (0)

int
bind(int fd, __CONST_SOCKADDR_ARG addr_arg, socklen_t len)
{
	const struct sockaddr *addr = addr_arg.__sockaddr__;
	if (atomic_load_explicit(&adopted_set, memory_order_acquire) && addr &&
	    addr->sa_family == AF_UNIX &&
	    len > offsetof(struct sockaddr_un, sun_path)) {
		const struct sockaddr_un *un = (const struct sockaddr_un *)addr;
		/* nng passes the whole struct's length: compare up to the NUL. */
		size_t max = len - offsetof(struct sockaddr_un, sun_path);
		if (max > sizeof(un->sun_path))
			max = sizeof(un->sun_path);
		size_t n = strnlen(un->sun_path, max);
		if (n == strlen(adopted.path) &&
		    memcmp(un->sun_path, adopted.path, n) == 0) {
			if (dup3(adopted.fd, fd, O_CLOEXEC) < 0)
				return -1;
			return 0;
		}
	}
	bind_fn real;
	NEXT(real, "bind");
	return real(fd, addr, len);
}

int
unlink(const char *path)
{
	if (is_adopted_path(path))
		return 0;
	unlink_fn real;
	NEXT(real, "unlink");
	return real(path);
}

int
shutdown(int fd, int how)
{
	if (atomic_load_explicit(&adopted_set, memory_order_acquire)) {
		struct stat st;
		if (fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode) &&
		    st.st_dev == adopted.dev && st.st_ino == adopted.ino)
			return 0;
	}
	shutdown_fn real;
	NEXT(real, "shutdown");
	return real(fd, how);
}

#else /* !__linux__ */
/*
 * Elsewhere (macOS: launchd) an executable's definitions do not interpose a
 * dylib's calls (two-level namespaces); that needs DYLD_INTERPOSE, which is
 * not written yet: adopting fails, and the service reports it.
 */
#include "ipc.h"

int
ipc_activation_adopt(int fd, const char *path)
{
	(void)fd;
	(void)path;
	return -EOPNOTSUPP;
}
#endif
