/* SPDX-License-Identifier: MIT */
/*
 * serve-mcp: text helpers without process or I/O dependencies (the fuzz
 * target links this file alone).
 */
#include "mcp.h"

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
