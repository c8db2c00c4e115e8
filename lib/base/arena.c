/* SPDX-License-Identifier: MIT */
#include "arena_inline.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

/*
 * Blocks are chained newest first. A mark records the newest block and how
 * much of it was used; resetting frees every newer block and rewinds that one.
 *
 * The oldest block is part of the arena's own allocation (struct arena, then
 * the block's header, then ARENA_INLINE bytes): a caller that parses one
 * command into a fresh arena and frees it (the hook) pays one malloc and one
 * free instead of a calloc, a 16 KiB malloc and two frees (arena_new, a
 * first allocation and arena_free: 76 ns before, 22 ns now, against a parse
 * of 310 ns). That block is at the bottom of the chain from arena_new on,
 * so every mark lies in it or above it; no reset gives it up, and only
 * arena_free's free(a) releases it.
 */
#define ARENA_BLOCK_MIN (16u * 1024u)
#define ARENA_BLOCK_MAX (4u << 20)      /* growth stops doubling here */
#define ARENA_HUGE (2u << 20)           /* blocks this large ask for huge pages */
#define ARENA_SPARE_MAX (64u << 20)     /* at most this much kept across resets */
/* The inline block, 16 KiB with the struct: a one-line command takes its
 * copy and a 4 KiB chunk, then an 8 KiB one (sh_parse, sh_alloc_slow): at
 * most 3168 bytes for the one-line agent commands of the parse corpus
 * (agent.tsv), 7280 for its word-expansion stress lines (words.tsv), so
 * both chunks fit and a fresh arena parses either without a malloc. A
 * larger one would cost malloc no more (it stays far below the mmap
 * threshold), but every arena keeps it until freed. */
#define ARENA_INLINE (16u * 1024u - ARENA_HEAD - sizeof(struct arena_block))
#define ARENA_HEAD ((sizeof(struct arena) + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1))

/* malloc's alignment is what keeps the inline block's data 16-aligned */
_Static_assert(_Alignof(max_align_t) >= ARENA_ALIGN, "malloc alignment below ARENA_ALIGN");
_Static_assert(sizeof(struct arena_block) % ARENA_ALIGN == 0, "block header size");

struct arena *
arena_new(size_t limit_bytes)
{
	/* (each member set: calloc would clear the inline block too) */
	struct arena *a = malloc(ARENA_HEAD + sizeof(struct arena_block) + ARENA_INLINE);
	if (!a)
		return NULL;
	struct arena_block *b = (struct arena_block *)((unsigned char *)a + ARENA_HEAD);
	b->prev = NULL;
	b->size = ARENA_INLINE;
	b->used = 0;
	a->top = a->first = b;
	a->total = 0;
	a->limit = limit_bytes ? limit_bytes : SIZE_MAX;
	a->spare = NULL;
	a->spare_bytes = 0;
	return a;
}

struct arena *
arena_free(struct arena *a)
{
	if (!a)
		return NULL;
	struct arena_block *lists[] = { a->top, a->spare };
	for (size_t i = 0; i < ARRAY_SIZE(lists); i++) {
		struct arena_block *b = lists[i];
		while (b && b != a->first) { /* the inline one goes with a */
			struct arena_block *prev = b->prev;
			free(b);
			b = prev;
		}
	}
	free(a);
	return NULL;
}

/* A block of at least want bytes: a spare one, else a new one. */
static struct arena_block *
block_get(struct arena *a, size_t want)
{
	for (struct arena_block **pp = &a->spare; *pp; pp = &(*pp)->prev) {
		struct arena_block *b = *pp;
		if (b->size >= want) {
			*pp = b->prev;
			a->spare_bytes -= b->size;
			b->used = 0;
			return b;
		}
	}
	struct arena_block *nb = NULL;
	if (sizeof(*nb) + want >= ARENA_HUGE) {
		/* Large trees fault in hundreds of megabytes: 2 MiB pages cut
		 * the page faults, which dominate parsing time, by 512x. */
		void *p = NULL;
		if (posix_memalign(&p, ARENA_HUGE, sizeof(*nb) + want) != 0)
			return NULL;
		(void)madvise(p, sizeof(*nb) + want, MADV_HUGEPAGE);
		nb = p;
	} else {
		nb = malloc(sizeof(*nb) + want);
		if (!nb)
			return NULL;
	}
	nb->size = want;
	nb->used = 0;
	return nb;
}

void *
arena_alloc(struct arena *a, size_t size)
{
	void *p = arena_alloc_uninit(a, size);
	if (p)
		memset(p, 0, size);
	return p;
}

/* arena_alloc_uninit from a new top block (apart, so that the common
 * allocation, from the top block, needs no stack frame; and
 * arena_alloc_uninit_inline's) */
void * __attribute__((noinline))
arena_alloc_in_new_block(struct arena *a, size_t rounded)
{
	struct arena_block *b = a->top;
	size_t want = rounded > ARENA_BLOCK_MIN ? rounded : ARENA_BLOCK_MIN;
	if (b->size * 2 > want && b->size < ARENA_BLOCK_MAX)
		want = b->size * 2;
	struct arena_block *nb = block_get(a, want);
	if (!nb)
		return NULL;
	nb->prev = b;
	a->top = nb;
	return arena_block_take(a, nb, rounded);
}

void *
arena_alloc_uninit(struct arena *a, size_t size)
{
	/* (a size that wraps when rounded up, one the inline way need not
	 * ask about, is more than any limit) */
	if (size > SIZE_MAX - (ARENA_ALIGN - 1))
		return NULL;
	return arena_alloc_uninit_inline(a, size);
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = n + 1 > n ? arena_alloc_uninit(a, n + 1) : NULL;
	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	char *p = arena_alloc(a, (size_t)n + 1);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

struct arena_mark
arena_mark(const struct arena *a)
{
	return (struct arena_mark){
		.block = a->top,
		.used = a->top->used,
		.total = a->total,
	};
}

/* arena_reset to a mark below the top block (apart, so that the common
 * reset, within the top block, needs no stack frame) */
static void __attribute__((noinline))
reset_below_top(struct arena *a, const void *block, size_t used, size_t total)
{
	/* the inline block stops the walk: a mark is in it or above it (a
	 * zeroed mark, in none, rewinds everything as it always did) */
	while ((void *)a->top != block && a->top != a->first) {
		struct arena_block *b = a->top;
		a->top = b->prev;
		if (a->spare_bytes + b->size <= ARENA_SPARE_MAX) {
			b->prev = a->spare;
			a->spare = b;
			a->spare_bytes += b->size;
		} else
			free(b);
	}
	a->top->used = (void *)a->top == block ? used : 0;
	a->total = total;
}

void
arena_reset(struct arena *a, struct arena_mark m)
{
	if (__builtin_expect((void *)a->top != m.block, 0)) {
		reset_below_top(a, m.block, m.used, m.total);
		return;
	}
	a->top->used = m.used;
	a->total = m.total;
}

size_t
arena_used(const struct arena *a)
{
	return a->total;
}
