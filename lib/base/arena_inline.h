/* SPDX-License-Identifier: MIT */
/*
 * The arena's members and its allocation written out inline, for the one
 * caller whose every instruction counts: sh_parse()'s single allocation per
 * parse (the call, its overflow test and the size kept across it were 12 of
 * the 361 instructions of parsing `ls`). Everyone else includes base.h,
 * where struct arena stays opaque; only lib/base/arena.c writes these
 * members.
 */
#ifndef LITE_SANDBOX_ARENA_INLINE_H
#define LITE_SANDBOX_ARENA_INLINE_H

#include "base.h"

#include <stddef.h>

struct arena_block {
	struct arena_block *prev;
	size_t size;
	size_t used;
	_Alignas(16) unsigned char data[];
};

struct arena {
	struct arena_block *top;
	struct arena_block *first; /* the inline block, never freed on its own */
	size_t total; /* bytes handed out, counted against limit */
	size_t limit;
	/* Blocks given back by arena_reset, kept for the next allocations: a
	 * parser that resets its arena per command or per request would
	 * otherwise return memory to the kernel and fault it in again, which
	 * costs more than the parsing itself on large inputs. */
	struct arena_block *spare;
	size_t spare_bytes;
};

#define ARENA_ALIGN 16u

void *arena_alloc_in_new_block(struct arena *a, size_t rounded);
/* rounded bytes from block b, the top one, which has room for them */
static inline void *
arena_block_take(struct arena *a, struct arena_block *b, size_t rounded)
{
	void *p = b->data + b->used;
	b->used += rounded;
	a->total += rounded;
	return p;
}
/* arena_alloc_uninit for a size that cannot wrap when rounded up (less
 * than SIZE_MAX - 15): the caller knows its size is small */
static inline __attribute__((always_inline)) void *
arena_alloc_uninit_inline(struct arena *a, size_t size)
{
	size_t rounded = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (rounded > a->limit - a->total)
		return NULL;
	struct arena_block *b = a->top;
	if (__builtin_expect(b->size - b->used < rounded, 0))
		return arena_alloc_in_new_block(a, rounded);
	return arena_block_take(a, b, rounded);
}

#endif
