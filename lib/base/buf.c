/* SPDX-License-Identifier: MIT */
#include "base.h"

#include <stdio.h>
#include <string.h>

int
buf_reserve(struct buf *b, size_t extra)
{
	if (extra > b->max || b->len > b->max - extra)
		return -EMSGSIZE;
	size_t need = b->len + extra + 1; /* room for the terminator */
	if (need <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	char *p = realloc(b->data, cap);
	if (!p)
		return -ENOMEM;
	b->data = p;
	b->cap = cap;
	return 0;
}

int
buf_append(struct buf *b, const void *p, size_t n)
{
	int r = buf_reserve(b, n);
	if (r < 0)
		return r;
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
buf_puts(struct buf *b, const char *s)
{
	return buf_append(b, s, strlen(s));
}

int
buf_putc(struct buf *b, char c)
{
	return buf_append(b, &c, 1);
}

int
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return -EINVAL;
	int r = buf_reserve(b, (size_t)n);
	if (r < 0)
		return r;
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = buf_vprintf(b, fmt, ap);
	va_end(ap);
	return r;
}

void
buf_truncate(struct buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->data[len] = '\0';
	}
}

void
buf_done(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

char *
buf_steal(struct buf *b)
{
	/* An empty buffer has no storage yet: reserve allocates the terminator. */
	if (buf_reserve(b, 0) < 0)
		return NULL;
	b->data[b->len] = '\0';
	char *p = b->data;
	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

int
buf_read_fd(struct buf *b, int fd)
{
	for (;;) {
		if (b->len == b->max) {
			/* Full: only success if the stream ends right here. */
			char probe;
			ssize_t n = read(fd, &probe, 1);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				return -errno;
			return n == 0 ? 0 : -EFBIG;
		}
		size_t chunk = b->max - b->len < 65536 ? b->max - b->len : 65536;
		int r = buf_reserve(b, chunk);
		if (r < 0)
			return r;
		ssize_t n = read(fd, b->data + b->len, chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return 0;
		b->len += (size_t)n;
		b->data[b->len] = '\0';
	}
}
