/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef __APPLE__
#include <systemd/sd-journal.h>
#endif

#include "base.h"
#include "log.h"

#define PREFIX "LITE_SANDBOX_"
#define JOURNALD_SOCKET "/run/systemd/journal/socket"

static int
check_fields(const char *message, const struct log_field *fields, unsigned n)
{
	if (!message || (n && !fields) || n > LOG_FIELDS_MAX)
		return -EINVAL;
	for (unsigned i = 0; i < n; i++) {
		const char *s = fields[i].name;
		if (!s || !s[0] || !fields[i].value)
			return -EINVAL;
		size_t len = 0;
		/* journald's rule for field names: upper case, digits, '_'. */
		for (; s[len]; len++)
			if (!((s[len] >= 'A' && s[len] <= 'Z') ||
			      (s[len] >= '0' && s[len] <= '9') || s[len] == '_'))
				return -EINVAL;
		if (len > LOG_NAME_MAX)
			return -EINVAL;
	}
	return 0;
}

bool
log_journald_present(void)
{
	struct stat st;
	return stat(JOURNALD_SOCKET, &st) == 0 && S_ISSOCK(st.st_mode);
}

/* Append value, quoted when it needs to be, as one line's worth of text. */
static int
put_value(struct buf *b, const char *v)
{
	size_t n = strnlen(v, LOG_VALUE_MAX);
	bool quote = n == 0;
	for (size_t i = 0; i < n && !quote; i++) {
		unsigned char c = (unsigned char)v[i];
		if (c <= ' ' || c == '"' || c == '\\' || c == '=' || c == 0x7f)
			quote = true;
	}
	if (!quote)
		return buf_append(b, v, n);
	int r = buf_putc(b, '"');
	for (size_t i = 0; i < n && r >= 0; i++) {
		unsigned char c = (unsigned char)v[i];
		if (c == '"' || c == '\\')
			r = buf_printf(b, "\\%c", c);
		else if (c == '\n')
			r = buf_puts(b, "\\n");
		else if (c == '\t')
			r = buf_puts(b, "\\t");
		else if (c < ' ' || c == 0x7f)
			r = buf_printf(b, "\\x%02x", c);
		else
			r = buf_putc(b, (char)c);
	}
	if (r >= 0)
		r = buf_putc(b, '"');
	return r;
}

int
log_audit_fd(int fd, const char *message, const struct log_field *fields,
	     unsigned n)
{
	int r = check_fields(message, fields, n);
	if (r < 0)
		return r;
	_cleanup_buf_ struct buf b = BUF_INIT((size_t)(LOG_FIELDS_MAX + 1) * (LOG_VALUE_MAX * 4 + 64));
	r = buf_printf(&b, "lite-sandbox[%ld]: MESSAGE=", (long)getpid());
	if (r >= 0)
		r = put_value(&b, message);
	for (unsigned i = 0; i < n && r >= 0; i++) {
		r = buf_printf(&b, " " PREFIX "%s=", fields[i].name);
		if (r >= 0)
			r = put_value(&b, fields[i].value);
	}
	if (r >= 0)
		r = buf_putc(&b, '\n');
	if (r < 0)
		return r;
	/* One write, so that records of concurrent processes do not interleave. */
	size_t off = 0;
	while (off < b.len) {
		ssize_t w = write(fd, b.data + off, b.len - off);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		off += (size_t)w;
	}
	return 0;
}

#ifndef __APPLE__
static int
journal_send(const char *message, const struct log_field *fields, unsigned n)
{
	struct iovec iov[LOG_FIELDS_MAX + 3];
	char *text[LOG_FIELDS_MAX + 1] = { 0 };
	int r = 0;
	unsigned k = 0;

	if (asprintf(&text[0], "MESSAGE=%.*s", (int)LOG_VALUE_MAX, message) < 0) {
		text[0] = NULL;
		return -ENOMEM;
	}
	iov[k].iov_base = text[0];
	iov[k++].iov_len = strlen(text[0]);
	iov[k].iov_base = (void *)"SYSLOG_IDENTIFIER=lite-sandbox";
	iov[k++].iov_len = strlen("SYSLOG_IDENTIFIER=lite-sandbox");
	iov[k].iov_base = (void *)"PRIORITY=6"; /* info: an audit record, not a fault */
	iov[k++].iov_len = strlen("PRIORITY=6");
	for (unsigned i = 0; i < n; i++) {
		if (asprintf(&text[i + 1], PREFIX "%s=%.*s", fields[i].name,
			     (int)LOG_VALUE_MAX, fields[i].value) < 0) {
			text[i + 1] = NULL;
			r = -ENOMEM;
			goto out;
		}
		iov[k].iov_base = text[i + 1];
		iov[k++].iov_len = strlen(text[i + 1]);
	}
	r = sd_journal_sendv(iov, (int)k);
out:
	for (unsigned i = 0; i <= n; i++)
		free(text[i]);
	return r;
}
#endif

int
log_audit(const char *message, const struct log_field *fields, unsigned n)
{
	int r = check_fields(message, fields, n);
	if (r < 0)
		return r;
#ifndef __APPLE__
	if (log_journald_present())
		return journal_send(message, fields, n);
#endif
	return log_audit_fd(STDERR_FILENO, message, fields, n);
}
