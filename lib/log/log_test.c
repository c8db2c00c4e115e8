/* SPDX-License-Identifier: MIT */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base.h"
#include "log.h"
#include "tap.h"

/* Run log_audit_fd into a pipe and return what it wrote (static buffer). */
static const char *
capture(int *ret_r, const char *msg, const struct log_field *f, unsigned n)
{
	static char out[8192];
	int p[2];
	if (pipe2(p, O_CLOEXEC) < 0)
		return NULL;
	*ret_r = log_audit_fd(p[1], msg, f, n);
	close(p[1]);
	ssize_t k = read(p[0], out, sizeof(out) - 1);
	close(p[0]);
	out[k > 0 ? k : 0] = '\0';
	/* Strip the pid, which differs per run. */
	char *colon = strstr(out, "]: ");
	if (colon && strncmp(out, "lite-sandbox[", 13) == 0)
		memmove(out + 12, colon + 1, strlen(colon + 1) + 1);
	return out;
}

TEST(stderr_line_plain)
{
	struct log_field f[] = {
		{ "DECISION", "deny" },
		{ "RULE", "denylist.self-protection" },
	};
	int r = -1;
	const char *s = capture(&r, "refused", f, 2);
	ASSERT_OK(r);
	ASSERT_STREQ(s, "lite-sandbox: MESSAGE=refused LITE_SANDBOX_DECISION=deny "
			"LITE_SANDBOX_RULE=denylist.self-protection\n");
}

TEST(stderr_line_quoted_one_line)
{
	struct log_field f[] = {
		{ "CMD", "rm -rf \"$HOME\"\nrm x\\y" },
		{ "EMPTY", "" },
		{ "CTRL", "a\x1b[31mb=c" },
	};
	int r = -1;
	const char *s = capture(&r, "two words", f, 3);
	ASSERT_OK(r);
	ASSERT_STREQ(s, "lite-sandbox: MESSAGE=\"two words\" "
			"LITE_SANDBOX_CMD=\"rm -rf \\\"$HOME\\\"\\nrm x\\\\y\" "
			"LITE_SANDBOX_EMPTY=\"\" "
			"LITE_SANDBOX_CTRL=\"a\\x1b[31mb=c\"\n");
	/* Exactly one newline: the terminator. */
	ASSERT_EQ(strchr(s, '\n'), s + strlen(s) - 1);
}

TEST(bad_fields_refused)
{
	struct log_field lower[] = { { "decision", "x" } };
	struct log_field prefix_ok[] = { { "A_1", "x" } };
	struct log_field dash[] = { { "A-B", "x" } };
	struct log_field empty[] = { { "", "x" } };
	struct log_field nullv[] = { { "A", NULL } };
	int r = 0;
	capture(&r, "m", lower, 1);
	ASSERT_ERRNO(r, -EINVAL);
	capture(&r, "m", dash, 1);
	ASSERT_ERRNO(r, -EINVAL);
	capture(&r, "m", empty, 1);
	ASSERT_ERRNO(r, -EINVAL);
	capture(&r, "m", nullv, 1);
	ASSERT_ERRNO(r, -EINVAL);
	capture(&r, NULL, prefix_ok, 1);
	ASSERT_ERRNO(r, -EINVAL);
	capture(&r, "m", prefix_ok, 1);
	ASSERT_OK(r);
	char longname[LOG_NAME_MAX + 2];
	memset(longname, 'A', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	struct log_field toolong[] = { { longname, "x" } };
	capture(&r, "m", toolong, 1);
	ASSERT_ERRNO(r, -EINVAL);
	struct log_field many[LOG_FIELDS_MAX + 1];
	for (size_t i = 0; i < ARRAY_SIZE(many); i++)
		many[i] = (struct log_field){ "X", "y" };
	capture(&r, "m", many, LOG_FIELDS_MAX + 1);
	ASSERT_ERRNO(r, -EINVAL);
	ASSERT_ERRNO(log_audit("m", many, LOG_FIELDS_MAX + 1), -EINVAL);
}

/* Without journald, log_audit writes the stderr line to fd 2. */
TEST(no_journald_goes_to_stderr)
{
	if (log_journald_present()) {
		printf("# SKIP journald runs here; covered by tests/ipc/journald_test.sh\n");
		return;
	}
	int p[2];
	ASSERT_OK(pipe2(p, O_CLOEXEC));
	int saved = dup(2);
	ASSERT_TRUE(saved >= 0);
	ASSERT_OK(dup2(p[1], 2));
	struct log_field f[] = { { "DECISION", "allow" } };
	int r = log_audit("ok", f, 1);
	dup2(saved, 2);
	close(saved);
	close(p[1]);
	char out[512];
	ssize_t k = read(p[0], out, sizeof(out) - 1);
	close(p[0]);
	ASSERT_OK(r);
	ASSERT_TRUE(k > 0);
	out[k] = '\0';
	ASSERT_TRUE(strncmp(out, "lite-sandbox[", 13) == 0);
	ASSERT_NOT_NULL(strstr(out, "]: MESSAGE=ok LITE_SANDBOX_DECISION=allow\n"));
}

TAP_MAIN(stderr_line_plain, stderr_line_quoted_one_line, bad_fields_refused,
	 no_journald_goes_to_stderr)
