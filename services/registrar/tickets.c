/* SPDX-License-Identifier: MIT */
/* Approval tickets: see registrar.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>

#include "registrar.h"

#define KEY_LEN 32

struct tickets {
	int dir_fd;     /* <cache>/tickets */
	unsigned char key[KEY_LEN];
};

/* mkdir -m 0700 that accepts an existing directory of ours without access for others. */
static int
private_dir(int at, const char *name)
{
	if (mkdirat(at, name, 0700) < 0 && errno != EEXIST)
		return -errno;
	struct stat st;
	if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (st.st_uid != geteuid() || (st.st_mode & 077))
		return -EPERM; /* someone else could plant or read tickets */
	return 0;
}

static int
read_or_make_key(int dir_fd, unsigned char key[KEY_LEN])
{
	_cleanup_close_ int fd = openat(dir_fd, "ticket.key", O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 && errno == ENOENT) {
		unsigned char k[KEY_LEN];
		if (getrandom(k, sizeof(k), 0) != (ssize_t)sizeof(k))
			return -EIO;
		char tmp[64];
		snprintf(tmp, sizeof(tmp), "ticket.key.%ld", (long)getpid());
		_cleanup_close_ int w = openat(dir_fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
		if (w < 0)
			return -errno;
		if (write(w, k, sizeof(k)) != (ssize_t)sizeof(k) || fsync(w) < 0) {
			(void)unlinkat(dir_fd, tmp, 0);
			return -EIO;
		}
		/* link, not rename: of two instances making a key at once, one wins
		 * and both read the winner's */
		int lr = linkat(dir_fd, tmp, dir_fd, "ticket.key", 0);
		int le = errno;
		(void)unlinkat(dir_fd, tmp, 0);
		if (lr < 0 && le != EEXIST)
			return -le;
		OPENSSL_cleanse(k, sizeof(k));
		fd = openat(dir_fd, "ticket.key", O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	}
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 077))
		return -EPERM;
	if (st.st_size != KEY_LEN)
		return -EBADMSG;
	if (read(fd, key, KEY_LEN) != KEY_LEN)
		return -EIO;
	return 0;
}

int
tickets_open(const char *dir, struct tickets **ret)
{
	_cleanup_free_ char *def = NULL;
	int r;

	if (!dir) {
		const char *x = getenv("XDG_CACHE_HOME");
		const char *home = getenv("HOME");
		if (x && x[0] == '/')
			r = asprintf(&def, "%s/lite-sandbox", x);
		else if (home && home[0] == '/')
			r = asprintf(&def, "%s/.cache/lite-sandbox", home);
		else
			return -ENOENT;
		if (r < 0)
			return -ENOMEM;
		/* ~/.cache itself may be missing on a fresh account */
		_cleanup_free_ char *parent = strdup(def);
		if (!parent)
			return -ENOMEM;
		*strrchr(parent, '/') = '\0';
		if (mkdir(parent, 0700) < 0 && errno != EEXIST)
			return -errno;
		dir = def;
	}
	r = private_dir(AT_FDCWD, dir);
	if (r < 0)
		return r;
	_cleanup_close_ int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
	if (dfd < 0)
		return -errno;
	r = private_dir(dfd, "tickets");
	if (r < 0)
		return r;
	struct tickets *t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->dir_fd = -1;
	r = read_or_make_key(dfd, t->key);
	if (r < 0) {
		free(t);
		return r;
	}
	t->dir_fd = openat(dfd, "tickets", O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
	if (t->dir_fd < 0) {
		r = -errno;
		tickets_free(t);
		return r;
	}
	*ret = t;
	return 0;
}

struct tickets *
tickets_free(struct tickets *t)
{
	if (!t)
		return NULL;
	if (t->dir_fd >= 0)
		close(t->dir_fd);
	OPENSSL_cleanse(t->key, sizeof(t->key));
	free(t);
	return NULL;
}

int
tickets_id(const struct tickets *t, enum ticket_kind k, uid_t uid, const char *scope,
	   const char *subject, size_t subject_len, char *ret)
{
	if (!scope || !subject || subject_len > TICKET_SUBJECT_MAX)
		return -EINVAL;
	/* Fields length-prefixed, so that no two requests share an encoding. */
	uint64_t head[4] = { (uint64_t)k, (uint64_t)uid, strlen(scope), subject_len };
	unsigned char mac[EVP_MAX_MD_SIZE];
	unsigned maclen = 0;
	size_t sl = strlen(scope), n = sizeof(head) + sl + subject_len;
	unsigned char *msg = malloc(n);
	if (!msg)
		return -ENOMEM;
	memcpy(msg, head, sizeof(head));
	memcpy(msg + sizeof(head), scope, sl);
	memcpy(msg + sizeof(head) + sl, subject, subject_len);
	bool ok = HMAC(EVP_sha256(), t->key, KEY_LEN, msg, n, mac, &maclen) != NULL;
	free(msg);
	if (!ok || maclen != 32)
		return -EIO;
	for (unsigned i = 0; i < 32; i++)
		sprintf(ret + 2 * i, "%02x", mac[i]);
	return 0;
}

int
tickets_record(struct tickets *t, enum ticket_kind k, uid_t uid, const char *scope,
	       const char *subject, size_t subject_len, char *ret)
{
	char id[TICKET_ID_LEN + 1], tmp[TICKET_ID_LEN + 32], line[64];
	int r = tickets_id(t, k, uid, scope, subject, subject_len, id);
	if (r < 0)
		return r;
	snprintf(tmp, sizeof(tmp), ".%s.%ld", id, (long)getpid());
	int fd = openat(t->dir_fd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return -errno;
	int n = snprintf(line, sizeof(line), "%lld\n", (long long)time(NULL));
	if (write(fd, line, (size_t)n) != n) {
		close(fd);
		(void)unlinkat(t->dir_fd, tmp, 0);
		return -EIO;
	}
	close(fd);
	if (renameat(t->dir_fd, tmp, t->dir_fd, id) < 0) {
		r = -errno;
		(void)unlinkat(t->dir_fd, tmp, 0);
		return r;
	}
	if (ret)
		memcpy(ret, id, sizeof(id));
	return 0;
}

int
tickets_take(struct tickets *t, enum ticket_kind k, uid_t uid, const char *scope,
	     const char *subject, size_t subject_len, const char *id)
{
	char want[TICKET_ID_LEN + 1], buf[64] = "";
	int r = tickets_id(t, k, uid, scope, subject, subject_len, want);
	if (r < 0)
		return r;
	if (id && (strlen(id) != TICKET_ID_LEN || CRYPTO_memcmp(id, want, TICKET_ID_LEN) != 0))
		return -EINVAL;
	int fd = openat(t->dir_fd, want, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return errno == ENOENT ? -ENOENT : -errno;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	/* The unlink is the use: of two takers, one succeeds. */
	if (unlinkat(t->dir_fd, want, 0) < 0)
		return errno == ENOENT ? -ENOENT : -errno;
	if (n <= 0)
		return -ESTALE;
	buf[n] = '\0';
	char *end;
	long long when = strtoll(buf, &end, 10);
	long long now = (long long)time(NULL);
	if (end == buf || when > now + 5 || now - when > TICKET_TTL_SEC)
		return -ESTALE;
	return 0;
}
