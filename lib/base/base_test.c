/* SPDX-License-Identifier: MIT */
#include "base.h"
#include "tap.h"

#include <fcntl.h>
#include <string.h>

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
	 buf_refuses_past_max,
	 buf_steal_empty_gives_empty_string, buf_read_fd_enforces_max)
