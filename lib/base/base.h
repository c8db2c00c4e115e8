/* SPDX-License-Identifier: MIT */
/*
 * base: the few primitives every module shares.
 *
 *  - cleanup attributes (_cleanup_free_, _cleanup_close_, TAKE_PTR, TAKE_FD),
 *    so that error paths release what they hold without goto ladders;
 *  - an arena (bump allocator with marks) that owns a parse tree or a request
 *    and dies in one call;
 *  - a checked byte buffer with a hard maximum size, for every untrusted or
 *    unbounded stream of bytes (shell input, printer output, JSON text).
 *
 * Errors are negative errno values; 0 (or a count) is success.
 */
#ifndef LITE_SANDBOX_BASE_H
#define LITE_SANDBOX_BASE_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- cleanup attributes ------------------------------------------------ */

static inline void
freep(void *p)
{
	free(*(void **)p);
}

static inline void
closep(int *fd)
{
	if (*fd >= 0) {
		int saved = errno;
		(void)close(*fd);
		errno = saved;
	}
}

#define _cleanup_(f) __attribute__((cleanup(f)))
#define _cleanup_free_ _cleanup_(freep)
#define _cleanup_close_ _cleanup_(closep)

/* Hand ownership on: returns the value and empties the variable. */
#define TAKE_PTR(p)                                                            \
	__extension__({                                                                    \
		__typeof__(p) _took = (p);                                     \
		(p) = NULL;                                                    \
		_took;                                                         \
	})
#define TAKE_FD(fd)                                                            \
	__extension__({                                                                    \
		int _took = (fd);                                              \
		(fd) = -EBADF;                                                 \
		_took;                                                         \
	})

/* Wrap a libc call that returns -1 and sets errno: gives -errno or the value. */
#define RET_NERRNO(expr)                                                       \
	__extension__({                                                                    \
		long _r = (long)(expr);                                        \
		_r < 0 ? -errno : _r;                                          \
	})

/* ---- arena ------------------------------------------------------------- */

/*
 * An arena hands out memory that lives until the arena is reset to a mark or
 * freed. Nothing allocated from it is freed on its own. Every allocation is
 * counted against a limit given at creation, so a hostile input cannot grow a
 * tree without bound: past the limit, allocation returns NULL and the caller
 * reports -ENOMEM (or -E2BIG where it knows the input was too large).
 * arena_new() takes 16 KiB at once, with room for a one-line command's tree,
 * so that an arena per command costs one malloc and one free.
 */
struct arena;

struct arena_mark {
	void *block;
	size_t used;
	size_t total;
};

struct arena *arena_new(size_t limit_bytes);
struct arena *arena_free(struct arena *a); /* accepts NULL, returns NULL */
void *arena_alloc(struct arena *a, size_t size);  /* zeroed, 16-aligned */
/* Not zeroed: for a caller that fills or clears the memory itself (the
 * shell parser sub-allocates from such chunks and clears each object). */
void *arena_alloc_uninit(struct arena *a, size_t size);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
struct arena_mark arena_mark(const struct arena *a);
void arena_reset(struct arena *a, struct arena_mark m);
size_t arena_used(const struct arena *a);

static inline void
arena_freep(struct arena **a)
{
	arena_free(*a);
}
#define _cleanup_arena_ _cleanup_(arena_freep)

/* ---- checked byte buffer ----------------------------------------------- */

/*
 * A growable byte buffer with a hard maximum. Appends past the maximum fail
 * with -EMSGSIZE and leave the buffer as it was. The contents are always
 * NUL-terminated (the terminator is not counted in len).
 */
struct buf {
	char *data;
	size_t len;
	size_t cap;
	size_t max;
};

#define BUF_INIT(maxbytes) { .data = NULL, .len = 0, .cap = 0, .max = (maxbytes) }

int buf_reserve(struct buf *b, size_t extra);
int buf_append(struct buf *b, const void *p, size_t n);
int buf_puts(struct buf *b, const char *s);
int buf_putc(struct buf *b, char c);
int buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int buf_vprintf(struct buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void buf_truncate(struct buf *b, size_t len);
void buf_done(struct buf *b); /* frees the storage; the struct can be reused */
char *buf_steal(struct buf *b);  /* caller frees; buffer left empty */

static inline void
buf_donep(struct buf *b)
{
	buf_done(b);
}
#define _cleanup_buf_ _cleanup_(buf_donep)

/* Read a whole file descriptor into b (up to b->max bytes, else -EFBIG). */
int buf_read_fd(struct buf *b, int fd);

#endif
