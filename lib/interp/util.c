/* SPDX-License-Identifier: MIT */
/* Small helpers: allocation, fd writes, string builders in the temp arena. */
#include "internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>

void *
xmalloc(size_t n)
{
	/* Variable storage is small and long-lived; running out of memory here
	 * leaves no sane way on for a shell, so end the run (fail closed). */
	void *p = malloc(n ? n : 1);
	if (!p)
		abort();
	return p;
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

int
fd_write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	while (n > 0) {
		ssize_t w = write(fd, c, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

int
it_printf_fd(int fd, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return -EINVAL;
	if ((size_t)n < sizeof(small))
		return fd_write_all(fd, small, (size_t)n);
	char *big = malloc((size_t)n + 1);
	if (!big)
		return -ENOMEM;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	int r = fd_write_all(fd, big, (size_t)n);
	free(big);
	return r;
}

void
it_err(struct interp *it, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	if (it->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	(void)it_printf_fd(2, "lite-sandbox: line %u: %s\n", (unsigned)it->lineno, msg);
}

int
it_refuse(struct interp *it, const char *msg)
{
	if (!it->shared->refused) {
		snprintf(it->shared->msg, sizeof(it->shared->msg), "%s", msg);
		it->shared->refused = 1;
	}
	it->flow = FLOW_EXIT;
	it->status = INTERP_STATUS_REFUSED;
	return -EPERM;
}

bool
it_is_refused(const struct interp *it)
{
	return it->shared->refused != 0;
}

int
it_move_fd_high(int fd)
{
	int n = fcntl(fd, F_DUPFD_CLOEXEC, IT_FD_BASE);
	if (n < 0)
		return -errno;
	close(fd);
	return n;
}

bool
valid_name_n(const char *s, size_t n)
{
	if (n == 0 || !(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9')))
			return false;
	return true;
}

bool
valid_name(const char *s)
{
	return valid_name_n(s, strlen(s));
}

void
sb_init(struct sbuf *b, struct arena *a)
{
	b->a = a;
	b->d = NULL;
	b->n = b->cap = 0;
}

int
sb_add(struct sbuf *b, const char *p, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t nc = b->cap ? b->cap * 2 : 32;
		while (nc < b->n + n + 1)
			nc *= 2;
		if (nc > IT_MAX_VALUE)
			return -E2BIG;
		char *d = arena_alloc(b->a, nc);
		if (!d)
			return -ENOMEM;
		if (b->n)
			memcpy(d, b->d, b->n);
		b->d = d;
		b->cap = nc;
	}
	if (n)
		memcpy(b->d + b->n, p, n);
	b->n += n;
	b->d[b->n] = '\0';
	return 0;
}

int
sb_addc(struct sbuf *b, char c)
{
	if (b->n + 2 <= b->cap) {
		b->d[b->n++] = c;
		b->d[b->n] = '\0';
		return 0;
	}
	return sb_add(b, &c, 1);
}

int
sb_adds(struct sbuf *b, const char *s)
{
	return sb_add(b, s, strlen(s));
}

int
sb_printf(struct sbuf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return -EINVAL;
	if ((size_t)n < sizeof(tmp))
		return sb_add(b, tmp, (size_t)n);
	char *big = arena_alloc(b->a, (size_t)n + 1);
	if (!big)
		return -ENOMEM;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return sb_add(b, big, (size_t)n);
}

void
sv_init(struct svec *v, struct arena *a)
{
	v->a = a;
	v->v = NULL;
	v->n = v->cap = 0;
}

int
sv_push(struct svec *v, char *s)
{
	if (v->n + 2 > v->cap) {
		size_t nc = v->cap ? v->cap * 2 : 8;
		if (nc > IT_MAX_FIELDS)
			return -E2BIG;
		char **d = arena_alloc(v->a, nc * sizeof(char *));
		if (!d)
			return -ENOMEM;
		if (v->n)
			memcpy(d, v->v, v->n * sizeof(char *));
		v->v = d;
		v->cap = nc;
	}
	v->v[v->n++] = s;
	v->v[v->n] = NULL;
	return 0;
}

bool
it_utf8(struct interp *it)
{
	static const char *const names[] = { "LC_ALL", "LC_CTYPE", "LANG" };
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		const char *v = var_get(it, names[i]);
		if (v && *v)
			return strcasestr(v, "utf-8") || strcasestr(v, "utf8");
	}
	return false;
}
