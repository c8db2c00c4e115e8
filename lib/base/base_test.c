/* SPDX-License-Identifier: MIT */
#include "base.h"
#include "tap.h"

#include <fcntl.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

TEST(arena_alloc_is_zeroed_and_aligned)
{
	_cleanup_arena_ struct arena *a = arena_new(0);
	ASSERT_NOT_NULL(a);
	for (int i = 1; i < 100; i++) {
		unsigned char *p = arena_alloc(a, (size_t)i * 7);
		ASSERT_NOT_NULL(p);
		ASSERT_EQ((uintptr_t)p % 16, 0);
		for (int j = 0; j < i * 7; j++)
			ASSERT_EQ(p[j], 0);
		memset(p, 0xff, (size_t)i * 7);
	}
}

/* Memory a reset gives back is handed out again: arena_alloc must clear it,
 * arena_alloc_uninit need not, and both count against the limit. */
TEST(arena_reused_memory_is_zeroed_by_alloc_only)
{
	_cleanup_arena_ struct arena *a = arena_new(8192);
	ASSERT_NOT_NULL(a);
	struct arena_mark m = arena_mark(a);
	unsigned char *u = arena_alloc_uninit(a, 4000);
	ASSERT_NOT_NULL(u);
	ASSERT_EQ((uintptr_t)u % 16, 0);
	memset(u, 0xab, 4000);
	ASSERT_NULL(arena_alloc_uninit(a, 8192 - 4000 + 1));
	arena_reset(a, m);
	unsigned char *z = arena_alloc(a, 4000);
	ASSERT_NOT_NULL(z);
	for (int j = 0; j < 4000; j++)
		ASSERT_EQ(z[j], 0);
	arena_reset(a, m);
	memset(arena_alloc_uninit(a, 16), 0xcd, 16);
	arena_reset(a, m);
	char *s = arena_strndup(a, "abcdef", 3);
	ASSERT_STREQ(s, "abc");
}

TEST(arena_limit_refuses_growth)
{
	_cleanup_arena_ struct arena *a = arena_new(1024);
	ASSERT_NOT_NULL(arena_alloc(a, 1000));
	ASSERT_NULL(arena_alloc(a, 100));
	ASSERT_NOT_NULL(arena_alloc(a, 16));
	/* sizes that wrap when rounded up to 16: refused before the inline
	 * way (arena_alloc_uninit_inline) rounds them */
	ASSERT_NULL(arena_alloc_uninit(a, SIZE_MAX));
	ASSERT_NULL(arena_alloc_uninit(a, SIZE_MAX - 14));
}

TEST(arena_mark_reset_reuses_memory)
{
	_cleanup_arena_ struct arena *a = arena_new(0);
	arena_alloc(a, 10);
	struct arena_mark m = arena_mark(a);
	size_t before = arena_used(a);
	for (int i = 0; i < 100; i++)
		ASSERT_NOT_NULL(arena_alloc(a, 4096)); /* spans many blocks */
	arena_reset(a, m);
	ASSERT_EQ(arena_used(a), before);
	char *s = arena_printf(a, "%s-%d", "x", 42);
	ASSERT_STREQ(s, "x-42");
}

TEST(arena_reset_reuses_blocks_within_limit)
{
	/* Blocks given back by a reset serve the next allocations, and the
	 * limit still counts what is handed out, not what is cached. */
	_cleanup_arena_ struct arena *a = arena_new(3u << 20);
	struct arena_mark m = arena_mark(a);
	for (int round = 0; round < 5; round++) {
		for (int i = 0; i < 40; i++)
			ASSERT_NOT_NULL(arena_alloc(a, 64u * 1024u));
		ASSERT_NULL(arena_alloc(a, 2u << 20)); /* over the limit */
		arena_reset(a, m);
		ASSERT_EQ(arena_used(a), 0);
	}
	unsigned char *big = arena_alloc(a, 2u << 20); /* a huge-page block */
	ASSERT_NOT_NULL(big);
	ASSERT_EQ(big[(2u << 20) - 1], 0);
}

/* p..p+size lies in the arena's own allocation (its inline block), which
 * is 16 KiB: not merely next to it, where malloc may have put a block. */
static bool
in_inline_block(const struct arena *a, const void *p, size_t size)
{
	uintptr_t base = (uintptr_t)a, end = (uintptr_t)p + size;
	if ((uintptr_t)p <= base || end > base + 16384)
		return false;
#ifdef __GLIBC__
	if (end > base + malloc_usable_size((void *)a))
		return false;
#endif
	return true;
}

/* The first block shares the arena's allocation: a fresh arena takes what a
 * one-line parse asks for (its copy and a 4 KiB chunk, then an 8 KiB
 * chunk) without a second malloc. */
TEST(arena_first_block_is_inline)
{
	_cleanup_arena_ struct arena *a = arena_new(0);
	ASSERT_NOT_NULL(a);
	size_t sizes[] = { 100 + 4096, 8192 };
	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		unsigned char *p = arena_alloc(a, sizes[i]);
		ASSERT_NOT_NULL(p);
		ASSERT_TRUE(in_inline_block(a, p, sizes[i]));
		ASSERT_EQ((uintptr_t)p % 16, 0);
		memset(p, 0xee, sizes[i]);
	}
	/* freed with nothing allocated, and with only the inline block used */
	arena_free(arena_new(0));
}

/* Marks in the inline block and in malloc'd blocks above it: a reset keeps
 * the inline block and rewinds it, gives the newer blocks back as spares
 * and hands the same memory out again. */
TEST(arena_reset_across_inline_and_malloced_blocks)
{
	_cleanup_arena_ struct arena *a = arena_new(0);
	ASSERT_NOT_NULL(a);
	struct arena_mark m0 = arena_mark(a);
	unsigned char *p1 = arena_alloc(a, 100);          /* inline */
	struct arena_mark m1 = arena_mark(a);
	unsigned char *p2 = arena_alloc(a, 200);          /* inline */
	unsigned char *p3 = arena_alloc(a, 20000);        /* a 32 KiB block */
	unsigned char *p4 = arena_alloc(a, 16);           /* the same block */
	ASSERT_TRUE(p1 && p2 && p3 && p4);
	ASSERT_TRUE(in_inline_block(a, p1, 100));
	ASSERT_TRUE(in_inline_block(a, p2, 200));
	ASSERT_FALSE(in_inline_block(a, p3, 20000));
	ASSERT_EQ((uintptr_t)p4, (uintptr_t)p3 + 20000);
	memset(p1, 1, 100);
	memset(p2, 2, 200);
	memset(p3, 3, 20000);
	memset(p4, 4, 16);
	ASSERT_EQ(arena_used(a), 112 + 208 + 20000 + 16);
	struct arena_mark m2 = arena_mark(a);            /* in the 32 KiB block */
	unsigned char *p5 = arena_alloc(a, 65536);        /* a 64 KiB block */
	ASSERT_NOT_NULL(p5);
	memset(p5, 5, 65536);

	arena_reset(a, m2);
	ASSERT_EQ(arena_used(a), 112 + 208 + 20000 + 16);
	unsigned char *q = arena_alloc(a, 16);
	ASSERT_EQ((uintptr_t)q, (uintptr_t)p4 + 16);
	ASSERT_EQ(p4[0], 4); /* below the mark: kept */

	arena_reset(a, m1);
	ASSERT_EQ(arena_used(a), 112);
	ASSERT_EQ(p1[99], 1);
	ASSERT_EQ((uintptr_t)arena_alloc(a, 200), (uintptr_t)p2);
	ASSERT_EQ(p2[0], 0);
	unsigned char *q3 = arena_alloc(a, 20000);        /* the spare block */
	ASSERT_EQ((uintptr_t)q3, (uintptr_t)p3);
	ASSERT_EQ(q3[19999], 0);
	ASSERT_EQ((uintptr_t)arena_alloc(a, 65536), (uintptr_t)p5);

	arena_reset(a, m0);
	ASSERT_EQ(arena_used(a), 0);
	ASSERT_EQ((uintptr_t)arena_alloc(a, 100), (uintptr_t)p1);
	ASSERT_EQ(p1[0], 0);
	/* freed (by the cleanup) with the inline block, a malloc'd block in
	 * use above it and spare blocks */
	ASSERT_NOT_NULL(arena_alloc(a, 20000));
}

/* The limit counts what is handed out, from the inline block and from
 * malloc'd ones alike, and not the inline block's size. */
TEST(arena_limit_counts_inline_and_malloced)
{
	_cleanup_arena_ struct arena *a = arena_new(20000);
	ASSERT_NOT_NULL(arena_alloc(a, 1000));            /* inline */
	struct arena_mark m = arena_mark(a);
	ASSERT_NOT_NULL(arena_alloc(a, 10000));           /* malloc'd */
	ASSERT_EQ(arena_used(a), 1008 + 10000);
	ASSERT_NULL(arena_alloc(a, 20000 - 11008 + 1));
	ASSERT_NOT_NULL(arena_alloc(a, 20000 - 11008));
	ASSERT_EQ(arena_used(a), 20000);
	ASSERT_NULL(arena_alloc(a, 1));
	arena_reset(a, m);
	ASSERT_EQ(arena_used(a), 1008);
	ASSERT_NOT_NULL(arena_alloc(a, 10000));

	/* a limit below the inline block's size: the block has room, the
	 * limit refuses */
	_cleanup_arena_ struct arena *small = arena_new(512);
	ASSERT_NOT_NULL(arena_alloc(small, 512));
	ASSERT_NULL(arena_alloc(small, 1));

	/* a first allocation larger than the inline block gets a block of
	 * its own, and the inline block still serves what comes after */
	_cleanup_arena_ struct arena *big = arena_new(0);
	struct arena_mark m0 = arena_mark(big);
	ASSERT_NOT_NULL(arena_alloc(big, 1u << 20));
	ASSERT_EQ(arena_used(big), 1u << 20);
	arena_reset(big, m0);
	unsigned char *p = arena_alloc(big, 64);
	ASSERT_TRUE(in_inline_block(big, p, 64));
}

TEST(buf_refuses_past_max)
{
	_cleanup_buf_ struct buf b = BUF_INIT(8);
	ASSERT_OK(buf_puts(&b, "1234"));
	ASSERT_ERRNO(buf_puts(&b, "56789"), -EMSGSIZE);
	ASSERT_STREQ(b.data, "1234"); /* unchanged by the refused append */
	ASSERT_OK(buf_printf(&b, "%d", 5678));
	ASSERT_EQ(b.len, 8);
	ASSERT_ERRNO(buf_putc(&b, 'x'), -EMSGSIZE);
}

TEST(buf_steal_empty_gives_empty_string)
{
	struct buf b = BUF_INIT(8);
	char *s = buf_steal(&b);
	ASSERT_STREQ(s, "");
	free(s);
	ASSERT_NULL(b.data);
}

TEST(buf_read_fd_enforces_max)
{
	int fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	ASSERT_TRUE(fd >= 0);
	_cleanup_buf_ struct buf b = BUF_INIT(100000);
	ASSERT_ERRNO(buf_read_fd(&b, fd), -EFBIG);
	ASSERT_EQ(b.len, 100000);
	close(fd);

	int p[2];
	ASSERT_OK(pipe(p));
	ASSERT_EQ(write(p[1], "hello", 5), 5);
	close(p[1]);
	_cleanup_buf_ struct buf c = BUF_INIT(5);
	ASSERT_OK(buf_read_fd(&c, p[0]));
	ASSERT_STREQ(c.data, "hello");
	close(p[0]);
}

TAP_MAIN(arena_alloc_is_zeroed_and_aligned, arena_reused_memory_is_zeroed_by_alloc_only,
	 arena_limit_refuses_growth,
	 arena_mark_reset_reuses_memory, arena_reset_reuses_blocks_within_limit,
	 arena_first_block_is_inline, arena_reset_across_inline_and_malloced_blocks,
	 arena_limit_counts_inline_and_malloced,
	 buf_refuses_past_max,
	 buf_steal_empty_gives_empty_string, buf_read_fd_enforces_max)
