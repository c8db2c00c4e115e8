/* SPDX-License-Identifier: MIT */
/*
 * Strict decode, the second half: protobuf-c has checked the wire format and
 * the presence of required fields; here each message is checked for what
 * protobuf-c does not know or does not check: enum values out of range
 * (protobuf-c keeps any number), string lengths, UTF-8 (protobuf-c accepts
 * any bytes in a string), paths that must be absolute, ids with a fixed
 * alphabet, and unknown fields (a peer that speaks another catalogue under
 * the same version number is refused, as imsg's m_end() refuses trailing
 * bytes).
 *
 * Strings: protobuf-c NUL-terminates what it decodes, so a string with an
 * embedded NUL reaches us cut at the NUL. Both sides then see the same
 * C string (the cut one), which is what gets checked and what runs; front
 * ends pack from C strings and cannot send one.
 */
#include <string.h>

#include "ipc.h"

#define FAIL(why)                                                              \
	do {                                                                   \
		if (ret_why)                                                   \
			*ret_why = (why);                                      \
		return -EBADMSG;                                               \
	} while (0)

#define CHECK(expr)                                                            \
	do {                                                                   \
		int r_ = (expr);                                               \
		if (r_ < 0)                                                    \
			return r_;                                             \
	} while (0)

#define ID_MAX 64
#define TOOL_MAX 64
#define ARGV_MAX 64
#define ERRNO_MAX 4095

bool
ipc_utf8_valid(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		size_t len;
		unsigned cp, min;
		if ((c & 0xe0) == 0xc0) {
			len = 2, cp = c & 0x1f, min = 0x80;
		} else if ((c & 0xf0) == 0xe0) {
			len = 3, cp = c & 0x0f, min = 0x800;
		} else if ((c & 0xf8) == 0xf0) {
			len = 4, cp = c & 0x07, min = 0x10000;
		} else {
			return false; /* continuation byte or 0xf8..0xff lead */
		}
		if (n - i < len)
			return false;
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if (cp < min)                      /* overlong */
			return false;
		if (cp > 0x10ffff)
			return false;
		if (cp >= 0xd800 && cp <= 0xdfff)  /* surrogate */
			return false;
		i += len;
	}
	return true;
}

static int
check_unknown(const ProtobufCMessage *m, const char **ret_why)
{
	if (m->n_unknown_fields != 0)
		FAIL("unknown field (another catalogue under the same version)");
	return 0;
}

/* A text field: present when required, at most max bytes, UTF-8. */
static int
check_string(const char *s, bool required, size_t max, const char *why_missing,
	     const char *why_long, const char *why_utf8, const char **ret_why)
{
	if (!s) {
		if (required)
			FAIL(why_missing);
		return 0;
	}
	size_t n = strnlen(s, max + 1);
	if (n > max)
		FAIL(why_long);
	if (!ipc_utf8_valid(s, n))
		FAIL(why_utf8);
	return 0;
}

static int
check_abs_path(const char *s, const char *what_missing, const char **ret_why)
{
	CHECK(check_string(s, true, IPC_PATH_MAX, what_missing,
			   "path longer than PATH_MAX", "path is not UTF-8",
			   ret_why));
	if (s[0] != '/')
		FAIL("path is not absolute");
	return 0;
}

/* Session and ticket ids: 1..64 of [A-Za-z0-9_-]. */
static int
check_id(const char *s, bool required, const char **ret_why)
{
	if (!s) {
		if (required)
			FAIL("id missing");
		return 0;
	}
	size_t n = strnlen(s, ID_MAX + 1);
	if (n == 0 || n > ID_MAX)
		FAIL("id empty or longer than 64 bytes");
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_' || c == '-'))
			FAIL("id has a character outside [A-Za-z0-9_-]");
	}
	return 0;
}

static int
check_verdict(LiteSandbox__Verdict v, const char *ticket, const char **ret_why)
{
	switch (v) {
	case LITE_SANDBOX__VERDICT__VERDICT_ALLOW:
	case LITE_SANDBOX__VERDICT__VERDICT_DENY:
		if (ticket)
			FAIL("ticket id without an ask verdict");
		return 0;
	case LITE_SANDBOX__VERDICT__VERDICT_ASK:
		return check_id(ticket, true, ret_why);
	case LITE_SANDBOX__VERDICT__VERDICT_UNSPECIFIED:
	case _LITE_SANDBOX__VERDICT_IS_INT_SIZE:
	default:
		FAIL("verdict out of range");
	}
}

static int
check_findings(size_t n, LiteSandbox__Finding *const *f, const char **ret_why)
{
	if (n > IPC_REPEATED_MAX)
		FAIL("too many findings");
	for (size_t i = 0; i < n; i++) {
		if (!f[i])
			FAIL("finding missing");
		CHECK(ipc_validate_finding(f[i], ret_why));
	}
	return 0;
}

int
ipc_validate_error(const LiteSandbox__Error *m, const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	if (m->errno_value <= 0 || m->errno_value > ERRNO_MAX)
		FAIL("error: errno out of range");
	return check_string(m->message, true, IPC_STRING_MAX,
			    "error: message missing", "error: message too long",
			    "error: message is not UTF-8", ret_why);
}

int
ipc_validate_finding(const LiteSandbox__Finding *m, const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	if (m->layer < LITE_SANDBOX__LAYER__LAYER_DENYLIST ||
	    m->layer > LITE_SANDBOX__LAYER__LAYER_RUNTIME)
		FAIL("finding: layer out of range");
	CHECK(check_string(m->rule, true, 256, "finding: rule missing",
			   "finding: rule too long", "finding: rule is not UTF-8",
			   ret_why));
	if (!m->rule[0])
		FAIL("finding: rule empty");
	CHECK(check_string(m->message, true, IPC_STRING_MAX,
			   "finding: message missing", "finding: message too long",
			   "finding: message is not UTF-8", ret_why));
	CHECK(check_string(m->fix, false, IPC_STRING_MAX, NULL,
			   "finding: fix too long", "finding: fix is not UTF-8",
			   ret_why));
	if (m->modes & ~UINT32_C(7))
		FAIL("finding: modes has bits beyond the three modes");
	return 0;
}

int
ipc_validate_session_register(const LiteSandbox__SessionRegister *m,
			      const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	if (m->agent < LITE_SANDBOX__AGENT_KIND__AGENT_CLI ||
	    m->agent > LITE_SANDBOX__AGENT_KIND__AGENT_OTHER)
		FAIL("session_register: agent out of range");
	CHECK(check_abs_path(m->cwd, "session_register: cwd missing", ret_why));
	if (m->pid == 0 || m->pid > INT32_MAX)
		FAIL("session_register: pid out of range");
	return check_string(m->agent_session, false, 256, NULL,
			    "session_register: agent session too long",
			    "session_register: agent session is not UTF-8",
			    ret_why);
}

int
ipc_validate_session_register_reply(const LiteSandbox__SessionRegisterReply *m,
				    const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	CHECK(check_id(m->session_id, true, ret_why));
	CHECK(check_abs_path(m->project_dir,
			     "session_register_reply: project dir missing",
			     ret_why));
	if (m->has_mode && (m->mode < LITE_SANDBOX__MODE__MODE_OPEN ||
			    m->mode > LITE_SANDBOX__MODE__MODE_ALLOWLIST))
		FAIL("session_register_reply: mode out of range");
	return 0;
}

int
ipc_validate_check(const LiteSandbox__CheckRequest *m, const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	CHECK(check_id(m->session_id, false, ret_why));
	CHECK(check_abs_path(m->cwd, "check: cwd missing", ret_why));
	CHECK(check_id(m->ticket_id, false, ret_why));
	/* What an ask does (record a ticket or take one) depends on who asks:
	 * a request that does not say is refused rather than guessed, so that
	 * no sender records a ticket, or spends one, by leaving it out. */
	if (!m->has_origin)
		FAIL("check: origin missing (hook or executor)");
	if (m->origin != LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK &&
	    m->origin != LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR &&
	    m->origin != LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_AGENT_SHELL)
		FAIL("check: origin out of range");
	if (m->ticket_id && m->origin != LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR)
		FAIL("check: a ticket id comes only with the executor's check");
	switch (m->subject_case) {
	case LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND:
		return check_string(m->command, true, IPC_STRING_MAX,
				    "check: command missing",
				    "check: command too long",
				    "check: command is not UTF-8", ret_why);
	case LITE_SANDBOX__CHECK_REQUEST__SUBJECT_FILE: {
		const LiteSandbox__FileToolRequest *f = m->file;
		if (!f)
			FAIL("check: file request missing");
		CHECK(check_unknown(&f->base, ret_why));
		CHECK(check_string(f->tool, true, TOOL_MAX, "check: tool missing",
				   "check: tool name too long",
				   "check: tool name is not UTF-8", ret_why));
		if (!f->tool[0])
			FAIL("check: tool name empty");
		CHECK(check_string(f->path, true, IPC_PATH_MAX,
				   "check: path missing", "check: path too long",
				   "check: path is not UTF-8", ret_why));
		if (!f->path[0])
			FAIL("check: path empty");
		if (f->access != LITE_SANDBOX__FILE_ACCESS__FILE_ACCESS_READ &&
		    f->access != LITE_SANDBOX__FILE_ACCESS__FILE_ACCESS_WRITE)
			FAIL("check: file access out of range");
		return 0;
	}
	case LITE_SANDBOX__CHECK_REQUEST__SUBJECT__NOT_SET:
	case _LITE_SANDBOX__CHECK_REQUEST__SUBJECT__CASE_IS_INT_SIZE:
	default:
		FAIL("check: neither a command nor a file request");
	}
}

int
ipc_validate_check_reply(const LiteSandbox__CheckReply *m, const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	CHECK(check_verdict(m->verdict, m->ticket_id, ret_why));
	if (m->has_prompts_approved && m->prompts_approved &&
	    m->verdict != LITE_SANDBOX__VERDICT__VERDICT_ALLOW)
		FAIL("check_reply: prompts approved without an allow verdict");
	return check_findings(m->n_findings, m->findings, ret_why);
}

int
ipc_validate_exec(const LiteSandbox__ExecRequest *m, const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	CHECK(check_id(m->session_id, true, ret_why));
	CHECK(check_string(m->command, true, IPC_STRING_MAX,
			   "exec: command missing", "exec: command too long",
			   "exec: command is not UTF-8", ret_why));
	CHECK(check_abs_path(m->cwd, "exec: cwd missing", ret_why));
	if (m->timeout_ms == 0 || m->timeout_ms > 86400000u)
		FAIL("exec: timeout out of range (1 ms .. 1 day)");
	return check_id(m->ticket_id, false, ret_why);
}

int
ipc_validate_exec_reply(const LiteSandbox__ExecReply *m, const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	CHECK(check_verdict(m->verdict, m->ticket_id, ret_why));
	CHECK(check_findings(m->n_findings, m->findings, ret_why));
	if (m->has_prompts_approved && m->prompts_approved &&
	    m->verdict != LITE_SANDBOX__VERDICT__VERDICT_ALLOW)
		FAIL("exec_reply: prompts approved without an allow verdict");
	if (m->exit_status < 0 || m->exit_status > 255)
		FAIL("exec_reply: exit status out of range");
	/* Output is bytes: its size is bounded by the frame limit. */
	if ((m->stdout_data.len && !m->stdout_data.data) ||
	    (m->stderr_data.len && !m->stderr_data.data))
		FAIL("exec_reply: output missing");
	return 0;
}

int
ipc_validate_config(const LiteSandbox__ConfigRequest *m, const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	if (m->n_argv == 0 || m->n_argv > ARGV_MAX)
		FAIL("config: 1 to 64 words");
	for (size_t i = 0; i < m->n_argv; i++)
		CHECK(check_string(m->argv[i], true, IPC_STRING_MAX,
				   "config: word missing", "config: word too long",
				   "config: word is not UTF-8", ret_why));
	CHECK(check_abs_path(m->cwd, "config: cwd missing", ret_why));
	return check_id(m->session_id, false, ret_why);
}

int
ipc_validate_config_reply(const LiteSandbox__ConfigReply *m,
			  const char **ret_why)
{
	CHECK(check_unknown(&m->base, ret_why));
	if (m->exit_status < 0 || m->exit_status > 255)
		FAIL("config_reply: exit status out of range");
	CHECK(check_string(m->output, true, IPC_STRING_MAX,
			   "config_reply: output missing",
			   "config_reply: output too long",
			   "config_reply: output is not UTF-8", ret_why));
	return check_string(m->error_output, false, IPC_STRING_MAX, NULL,
			    "config_reply: error output too long",
			    "config_reply: error output is not UTF-8", ret_why);
}

int
ipc_validate_envelope(const ipc_envelope *e, const char **ret_why)
{
	if (!e)
		FAIL("no envelope");
	if (e->version != IPC_VERSION) {
		if (ret_why)
			*ret_why = "protocol version not supported";
		return -EPROTONOSUPPORT;
	}
	CHECK(check_unknown(&e->base, ret_why));
	switch (e->body_case) {
	case LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER:
		return ipc_validate_session_register(e->session_register, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY:
		return ipc_validate_session_register_reply(
			e->session_register_reply, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_CHECK:
		return ipc_validate_check(e->check, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY:
		return ipc_validate_check_reply(e->check_reply, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_EXEC:
		return ipc_validate_exec(e->exec, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY:
		return ipc_validate_exec_reply(e->exec_reply, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_CONFIG:
		return ipc_validate_config(e->config, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY:
		return ipc_validate_config_reply(e->config_reply, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY_ERROR:
		return ipc_validate_error(e->error, ret_why);
	case LITE_SANDBOX__ENVELOPE__BODY__NOT_SET:
	case _LITE_SANDBOX__ENVELOPE__BODY__CASE_IS_INT_SIZE:
	default:
		FAIL("envelope without a known body");
	}
}

const char *
ipc_body_name(ipc_body b)
{
	switch (b) {
	case LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER: return "session_register";
	case LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY: return "session_register_reply";
	case LITE_SANDBOX__ENVELOPE__BODY_CHECK: return "check";
	case LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY: return "check_reply";
	case LITE_SANDBOX__ENVELOPE__BODY_EXEC: return "exec";
	case LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY: return "exec_reply";
	case LITE_SANDBOX__ENVELOPE__BODY_CONFIG: return "config";
	case LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY: return "config_reply";
	case LITE_SANDBOX__ENVELOPE__BODY_ERROR: return "error";
	case LITE_SANDBOX__ENVELOPE__BODY__NOT_SET: return "none";
	case _LITE_SANDBOX__ENVELOPE__BODY__CASE_IS_INT_SIZE:
	default: return "unknown";
	}
}
