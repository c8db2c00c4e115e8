/* SPDX-License-Identifier: MIT */
/*
 * serve-mcp: text helpers without process or I/O dependencies (the fuzz
 * target links this file alone).
 */
#include <stdio.h>
#include <string.h>

#include "mcp.h"

void
mcp_stream_init(struct mcp_stream *s)
{
	*s = (struct mcp_stream){ .fd = -1, .b = BUF_INIT(MCP_STREAM_HEAD) };
}

void
mcp_stream_done(struct mcp_stream *s)
{
	buf_done(&s->b);
	free(s->tail);
	s->tail = NULL;
	s->tail_len = s->tail_pos = 0;
}

void
mcp_stream_add(struct mcp_stream *s, const char *p, size_t n)
{
	size_t room = s->b.max - s->b.len;
	size_t take = n < room ? n : room;
	if (take && buf_append(&s->b, p, take) < 0) {
		s->dropped += n;
		return;
	}
	p += take;
	n -= take;
	if (n == 0)
		return;
	if (!s->tail && !(s->tail = malloc(MCP_STREAM_TAIL))) {
		s->dropped += n;
		return;
	}
	if (n >= MCP_STREAM_TAIL) {
		/* everything in the ring, and the front of this chunk, goes */
		s->dropped += s->tail_len + (n - MCP_STREAM_TAIL);
		memcpy(s->tail, p + (n - MCP_STREAM_TAIL), MCP_STREAM_TAIL);
		s->tail_len = MCP_STREAM_TAIL;
		s->tail_pos = 0;
		return;
	}
	if (s->tail_len + n > MCP_STREAM_TAIL)
		s->dropped += s->tail_len + n - MCP_STREAM_TAIL;
	size_t first = MCP_STREAM_TAIL - s->tail_pos;
	if (first > n)
		first = n;
	memcpy(s->tail + s->tail_pos, p, first);
	memcpy(s->tail, p + first, n - first);
	s->tail_pos = (s->tail_pos + n) % MCP_STREAM_TAIL;
	s->tail_len = s->tail_len + n > MCP_STREAM_TAIL ? MCP_STREAM_TAIL : s->tail_len + n;
}

/* The tail in order, appended to b. */
static int
tail_linear(const struct mcp_stream *s, struct buf *b)
{
	if (!s->tail_len)
		return 0;
	size_t start = (s->tail_pos + MCP_STREAM_TAIL - s->tail_len) % MCP_STREAM_TAIL;
	size_t first = MCP_STREAM_TAIL - start;
	if (first > s->tail_len)
		first = s->tail_len;
	int r = buf_append(b, s->tail + start, first);
	if (r >= 0)
		r = buf_append(b, s->tail, s->tail_len - first);
	return r;
}

bool
mcp_stream_contains(const struct mcp_stream *s, const char *needle)
{
	if (s->b.data && memmem(s->b.data, s->b.len, needle, strlen(needle)))
		return true;
	struct buf t = BUF_INIT(MCP_STREAM_TAIL + 1);
	bool found = tail_linear(s, &t) >= 0 && t.data &&
		     memmem(t.data, t.len, needle, strlen(needle)) != NULL;
	buf_done(&t);
	return found;
}

int
mcp_stream_render(struct buf *t, const char *name, const struct mcp_stream *s, bool header)
{
	if (s->b.len == 0 && s->tail_len == 0 && s->dropped == 0)
		return 0;
	struct buf all = BUF_INIT(MCP_STREAM_MAX + 1);
	int r = 0;
	if (header)
		r = buf_printf(t, "%s:\n", name);
	/* head and tail side by side when nothing is missing between them,
	 * so that a character split across the two stays whole */
	if (r >= 0)
		r = buf_append(&all, s->b.data ? s->b.data : "", s->b.len);
	if (r >= 0 && s->dropped == 0)
		r = tail_linear(s, &all);
	if (r >= 0)
		r = mcp_utf8_sanitize(t, all.data ? all.data : "", all.len);
	if (r >= 0 && s->dropped) {
		if (t->len && t->data[t->len - 1] != '\n')
			r = buf_putc(t, '\n');
		if (r >= 0)
			r = buf_printf(t, "[%s: %zu bytes not shown here; each stream keeps its first %zu "
				       "and last %zu bytes]\n", name, s->dropped, MCP_STREAM_HEAD,
				       MCP_STREAM_TAIL);
		buf_truncate(&all, 0);
		if (r >= 0)
			r = tail_linear(s, &all);
		if (r >= 0)
			r = mcp_utf8_sanitize(t, all.data ? all.data : "", all.len);
	}
	if (r >= 0 && t->len && t->data[t->len - 1] != '\n')
		r = buf_putc(t, '\n');
	buf_done(&all);
	return r;
}

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t
utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	unsigned cp = c & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

int
mcp_utf8_sanitize(struct buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		size_t start = i;
		size_t k;
		while (i < n && (k = utf8_seq(p + i, n - i)) > 0)
			i += k;
		if (i > start) {
			int r = buf_append(b, s + start, i - start);
			if (r < 0)
				return r;
		}
		if (i < n) {
			int r = buf_append(b, "\xef\xbf\xbd", 3);
			if (r < 0)
				return r;
			i++;
		}
	}
	return 0;
}
