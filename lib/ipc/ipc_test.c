/* SPDX-License-Identifier: MIT */
/* Unit tests of lib/ipc without sockets: errors, UTF-8, framing, validators. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <nng/nng.h>

#include "ipc.h"
#include "tap.h"
#include "tmpdir.h"

TEST(error_mapping)
{
	ASSERT_EQ(ipc_error_from_nng(0), 0);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_ECONNREFUSED), -ECONNREFUSED);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_ENOENT), -ENOENT);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_ETIMEDOUT), -ETIMEDOUT);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_EMSGSIZE), -EMSGSIZE);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_ENOTSUP), -EOPNOTSUPP);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_ECLOSED), -EBADF);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_ESYSERR | EACCES), -EACCES);
	ASSERT_ERRNO(ipc_error_from_nng(NNG_ETRANERR | 5), -EPROTO);
	ASSERT_ERRNO(ipc_error_from_nng(77777), -EIO);
	/* Every mapped code is an error, never success. */
	for (int e = 1; e <= 40; e++)
		ASSERT_TRUE(ipc_error_from_nng(e) < 0);
}

TEST(utf8)
{
	static const struct {
		const char *s;
		bool ok;
	} cases[] = {
		{ "plain ascii", true },
		{ "caf\xc3\xa9", true },
		{ "\xe2\x82\xac", true },             /* U+20AC */
		{ "\xf0\x9f\x98\x80", true },         /* U+1F600 */
		{ "\xf4\x8f\xbf\xbf", true },         /* U+10FFFF */
		{ "\xc0\x80", false },                /* overlong NUL */
		{ "\xe0\x80\xaf", false },            /* overlong '/' */
		{ "\xed\xa0\x80", false },            /* surrogate */
		{ "\xf4\x90\x80\x80", false },        /* > U+10FFFF */
		{ "\xe2\x82", false },                /* truncated */
		{ "\x80", false },                    /* lone continuation */
		{ "a\xff", false },
		{ "\xc3\x28", false },                /* bad continuation */
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		if (ipc_utf8_valid(cases[i].s, strlen(cases[i].s)) != cases[i].ok)
			TAP_FAIL_("case %zu: expected %d", i, cases[i].ok);
}

/* Pack env, unpack into a fresh arena; returns the unpack result. */
static int
roundtrip(ipc_envelope *env, struct arena *a, ipc_envelope **ret,
	  const char **why)
{
	_cleanup_free_ uint8_t *data = NULL;
	size_t len = 0;
	int r = ipc_pack(env, 0, &data, &len);
	if (r < 0)
		return r;
	return ipc_unpack(data, len, 0, a, ret, why);
}

TEST(roundtrip_requests)
{
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	ipc_envelope env, *out = NULL;
	const char *why = NULL;

	LiteSandbox__SessionRegister reg = LITE_SANDBOX__SESSION_REGISTER__INIT;
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CLAUDE_CODE;
	reg.cwd = (char *)"/home/u/proj";
	reg.pid = 4242;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	env.session_register = &reg;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->version, IPC_VERSION);
	ASSERT_EQ(out->body_case, LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER);
	ASSERT_EQ(out->session_register->agent, LITE_SANDBOX__AGENT_KIND__AGENT_CLAUDE_CODE);
	ASSERT_STREQ(out->session_register->cwd, "/home/u/proj");
	ASSERT_EQ(out->session_register->pid, 4242);
	ASSERT_NULL(out->session_register->agent_session);

	LiteSandbox__CheckRequest chk = LITE_SANDBOX__CHECK_REQUEST__INIT;
	chk.cwd = (char *)"/w";
	chk.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
	chk.command = (char *)"git status && rm -rf \xc3\xa9";
	chk.session_id = (char *)"s-1";
	chk.has_origin = true;
	chk.origin = LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
	env.check = &chk;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_STREQ(out->check->command, chk.command);
	ASSERT_STREQ(out->check->session_id, "s-1");

	LiteSandbox__FileToolRequest ft = LITE_SANDBOX__FILE_TOOL_REQUEST__INIT;
	ft.tool = (char *)"Write";
	ft.path = (char *)"notes.txt";
	ft.access = LITE_SANDBOX__FILE_ACCESS__FILE_ACCESS_WRITE;
	chk.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_FILE;
	chk.file = &ft;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->check->subject_case, LITE_SANDBOX__CHECK_REQUEST__SUBJECT_FILE);
	ASSERT_STREQ(out->check->file->path, "notes.txt");

	LiteSandbox__ExecRequest ex = LITE_SANDBOX__EXEC_REQUEST__INIT;
	ex.session_id = (char *)"abc";
	ex.command = (char *)"echo hi";
	ex.cwd = (char *)"/tmp";
	ex.timeout_ms = 1000;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	env.exec = &ex;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->exec->timeout_ms, 1000);

	char *words[] = { (char *)"allow", (char *)"git" };
	LiteSandbox__ConfigRequest cf = LITE_SANDBOX__CONFIG_REQUEST__INIT;
	cf.argv = words;
	cf.n_argv = 2;
	cf.cwd = (char *)"/";
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG;
	env.config = &cf;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->config->n_argv, 2);
	ASSERT_STREQ(out->config->argv[1], "git");
}

TEST(roundtrip_replies)
{
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	ipc_envelope env, *out = NULL;
	const char *why = NULL;

	LiteSandbox__Finding f = LITE_SANDBOX__FINDING__INIT;
	f.layer = LITE_SANDBOX__LAYER__LAYER_DENYLIST;
	f.rule = (char *)"denylist.self-protection";
	f.message = (char *)"refused";
	f.fix = (char *)"lite-sandbox config allow x";
	f.modes = 6;
	f.enforced = 1;
	LiteSandbox__Finding *fs[] = { &f };
	LiteSandbox__CheckReply cr = LITE_SANDBOX__CHECK_REPLY__INIT;
	cr.verdict = LITE_SANDBOX__VERDICT__VERDICT_ASK;
	cr.ticket_id = (char *)"t0k3n";
	cr.findings = fs;
	cr.n_findings = 1;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY;
	env.check_reply = &cr;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->check_reply->n_findings, 1);
	ASSERT_STREQ(out->check_reply->findings[0]->fix, f.fix);
	ASSERT_EQ(out->check_reply->findings[0]->modes, 6);

	LiteSandbox__ExecReply er = LITE_SANDBOX__EXEC_REPLY__INIT;
	er.verdict = LITE_SANDBOX__VERDICT__VERDICT_ALLOW;
	static const uint8_t bin[] = { 0xff, 0x00, 0xfe };
	er.stdout_data.data = (uint8_t *)bin;
	er.stdout_data.len = sizeof(bin);
	er.exit_status = 130;
	er.stderr_truncated = 1;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC_REPLY;
	env.exec_reply = &er;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->exec_reply->stdout_data.len, 3);
	ASSERT_EQ(memcmp(out->exec_reply->stdout_data.data, bin, 3), 0);
	ASSERT_EQ(out->exec_reply->exit_status, 130);
	ASSERT_TRUE(out->exec_reply->stderr_truncated);

	LiteSandbox__SessionRegisterReply sr = LITE_SANDBOX__SESSION_REGISTER_REPLY__INIT;
	sr.session_id = (char *)"S_1";
	sr.project_dir = (char *)"/p";
	sr.policy_generation = 9;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY;
	env.session_register_reply = &sr;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->session_register_reply->policy_generation, 9);

	LiteSandbox__ConfigReply cfr = LITE_SANDBOX__CONFIG_REPLY__INIT;
	cfr.output = (char *)"";
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY;
	env.config_reply = &cfr;
	ASSERT_OK(roundtrip(&env, a, &out, &why));

	ipc_envelope_init(&env);
	ASSERT_OK(ipc_envelope_set_error(&env, a, -EPERM, "no \xff way"));
	ASSERT_OK(roundtrip(&env, a, &out, &why));
	ASSERT_EQ(out->error->errno_value, EPERM);
	ASSERT_STREQ(out->error->message, "no ? way");
}

TEST(refused_frames)
{
	_cleanup_arena_ struct arena *a = arena_new(1 << 20);
	ipc_envelope *out = NULL;
	const char *why = NULL;

	static const uint8_t garbage[] = { 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01 };
	ASSERT_ERRNO(ipc_unpack(garbage, sizeof(garbage), 0, a, &out, &why), -EBADMSG);
	ASSERT_NOT_NULL(why);
	/* Truncated length-delimited field. */
	static const uint8_t trunc[] = { 0x08, 0x01, 0x32, 0x7f, 0x0a };
	ASSERT_ERRNO(ipc_unpack(trunc, sizeof(trunc), 0, a, &out, &why), -EBADMSG);
	/* exec with only a session id: required command/cwd/timeout missing. */
	static const uint8_t missing[] = { 0x08, 0x01, 0x32, 0x03, 0x0a, 0x01, 'a' };
	ASSERT_ERRNO(ipc_unpack(missing, sizeof(missing), 0, a, &out, &why), -EBADMSG);
	/* No version at all. */
	ASSERT_ERRNO(ipc_unpack(missing + 2, sizeof(missing) - 2, 0, a, &out, &why), -EBADMSG);
	/* A version and no body. */
	ASSERT_ERRNO(ipc_unpack(missing, 2, 0, a, &out, &why), -EBADMSG);
	/* Empty frame: no version. */
	ASSERT_ERRNO(ipc_unpack("", 0, 0, a, &out, &why), -EBADMSG);

	/* A good exec request, then variations of it. */
	LiteSandbox__ExecRequest ex = LITE_SANDBOX__EXEC_REQUEST__INIT;
	ex.session_id = (char *)"abc";
	ex.command = (char *)"true";
	ex.cwd = (char *)"/tmp";
	ex.timeout_ms = 10;
	ipc_envelope env;
	ipc_envelope_init(&env);
	env.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	env.exec = &ex;
	_cleanup_free_ uint8_t *data = NULL;
	size_t len = 0;
	ASSERT_OK(ipc_pack(&env, 0, &data, &len));
	ASSERT_OK(ipc_unpack(data, len, 0, a, &out, &why));
	/* Size limit before decoding. */
	ASSERT_ERRNO(ipc_unpack(data, len, len - 1, a, &out, &why), -EMSGSIZE);
	ASSERT_ERRNO(ipc_pack(&env, len - 1, &(uint8_t *){ NULL }, &(size_t){ 0 }), -EMSGSIZE);
	/* Wrong version: the first field is the version (0x08 0x01). */
	ASSERT_EQ(data[0], 0x08);
	ASSERT_EQ(data[1], 0x01);
	data[1] = 0x02;
	ASSERT_ERRNO(ipc_unpack(data, len, 0, a, &out, &why), -EPROTONOSUPPORT);
	data[1] = 0x01;
	/* An unknown field appended (field 14, varint). */
	_cleanup_free_ uint8_t *more = malloc(len + 2);
	memcpy(more, data, len);
	more[len] = 0x70;
	more[len + 1] = 0x01;
	ASSERT_ERRNO(ipc_unpack(more, len + 2, 0, a, &out, &why), -EBADMSG);
	/* An arena too small for the request. */
	_cleanup_arena_ struct arena *tiny = arena_new(16);
	ASSERT_TRUE(ipc_unpack(data, len, 0, tiny, &out, &why) < 0);

	/* Invalid UTF-8: protobuf-c takes it, the validator does not. */
	ex.command = (char *)"echo \xc3";
	ASSERT_ERRNO(roundtrip(&env, a, &out, &why), -EBADMSG);
	ASSERT_STREQ(why, "exec: command is not UTF-8");
	ex.command = (char *)"true";
	ex.cwd = (char *)"relative";
	ASSERT_ERRNO(roundtrip(&env, a, &out, &why), -EBADMSG);
	ex.cwd = (char *)"/tmp";
	ex.timeout_ms = 0;
	ASSERT_ERRNO(roundtrip(&env, a, &out, &why), -EBADMSG);
	ex.timeout_ms = 86400001;
	ASSERT_ERRNO(roundtrip(&env, a, &out, &why), -EBADMSG);
	ex.timeout_ms = 10;
	ex.session_id = (char *)"a/b";
	ASSERT_ERRNO(roundtrip(&env, a, &out, &why), -EBADMSG);
	ex.session_id = (char *)"abc";
	ex.ticket_id = (char *)"";
	ASSERT_ERRNO(roundtrip(&env, a, &out, &why), -EBADMSG);
	ex.ticket_id = NULL;
	ASSERT_OK(roundtrip(&env, a, &out, &why));
}

TEST(validators)
{
	const char *why = NULL;
	LiteSandbox__SessionRegister reg = LITE_SANDBOX__SESSION_REGISTER__INIT;
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CODEX;
	reg.cwd = (char *)"/x";
	reg.pid = 1;
	ASSERT_OK(ipc_validate_session_register(&reg, &why));
	reg.agent = (LiteSandbox__AgentKind)99;
	ASSERT_ERRNO(ipc_validate_session_register(&reg, &why), -EBADMSG);
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_UNSPECIFIED;
	ASSERT_ERRNO(ipc_validate_session_register(&reg, &why), -EBADMSG);
	reg.agent = LITE_SANDBOX__AGENT_KIND__AGENT_CODEX;
	reg.pid = 0;
	ASSERT_ERRNO(ipc_validate_session_register(&reg, &why), -EBADMSG);
	reg.pid = 1;
	reg.cwd = NULL;
	ASSERT_ERRNO(ipc_validate_session_register(&reg, &why), -EBADMSG);

	/* Verdict and ticket go together. */
	LiteSandbox__CheckReply cr = LITE_SANDBOX__CHECK_REPLY__INIT;
	cr.verdict = LITE_SANDBOX__VERDICT__VERDICT_ASK;
	ASSERT_ERRNO(ipc_validate_check_reply(&cr, &why), -EBADMSG);
	cr.ticket_id = (char *)"t";
	ASSERT_OK(ipc_validate_check_reply(&cr, &why));
	cr.verdict = LITE_SANDBOX__VERDICT__VERDICT_DENY;
	ASSERT_ERRNO(ipc_validate_check_reply(&cr, &why), -EBADMSG);
	cr.ticket_id = NULL;
	ASSERT_OK(ipc_validate_check_reply(&cr, &why));
	cr.verdict = LITE_SANDBOX__VERDICT__VERDICT_UNSPECIFIED;
	ASSERT_ERRNO(ipc_validate_check_reply(&cr, &why), -EBADMSG);
	/* prompts approved only with an allow */
	cr.has_prompts_approved = true;
	cr.prompts_approved = true;
	cr.verdict = LITE_SANDBOX__VERDICT__VERDICT_DENY;
	ASSERT_ERRNO(ipc_validate_check_reply(&cr, &why), -EBADMSG);
	cr.verdict = LITE_SANDBOX__VERDICT__VERDICT_ALLOW;
	ASSERT_OK(ipc_validate_check_reply(&cr, &why));
	cr.has_prompts_approved = false;
	cr.prompts_approved = false;

	/* A check must say what to check. */
	LiteSandbox__CheckRequest chk = LITE_SANDBOX__CHECK_REQUEST__INIT;
	chk.cwd = (char *)"/";
	ASSERT_ERRNO(ipc_validate_check(&chk, &why), -EBADMSG);
	/* and who asks: the hook (an ask records a ticket) or the executor
	 * (an ask takes one); never left to a guess */
	chk.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
	chk.command = (char *)"make";
	ASSERT_ERRNO(ipc_validate_check(&chk, &why), -EBADMSG);
	chk.has_origin = true;
	chk.origin = LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_UNSPECIFIED;
	ASSERT_ERRNO(ipc_validate_check(&chk, &why), -EBADMSG);
	chk.origin = LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR;
	ASSERT_OK(ipc_validate_check(&chk, &why));
	chk.ticket_id = (char *)"t1";
	ASSERT_OK(ipc_validate_check(&chk, &why));
	chk.origin = LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK;
	ASSERT_ERRNO(ipc_validate_check(&chk, &why), -EBADMSG); /* the hook has no ticket */
	chk.ticket_id = NULL;
	ASSERT_OK(ipc_validate_check(&chk, &why));
	chk.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT__NOT_SET;
	chk.command = NULL;

	LiteSandbox__Finding f = LITE_SANDBOX__FINDING__INIT;
	f.layer = LITE_SANDBOX__LAYER__LAYER_PATH;
	f.rule = (char *)"path.outside";
	f.message = (char *)"m";
	ASSERT_OK(ipc_validate_finding(&f, &why));
	f.modes = 8;
	ASSERT_ERRNO(ipc_validate_finding(&f, &why), -EBADMSG);
	f.modes = 0;
	f.layer = LITE_SANDBOX__LAYER__LAYER_UNSPECIFIED;
	ASSERT_ERRNO(ipc_validate_finding(&f, &why), -EBADMSG);

	LiteSandbox__ConfigRequest cf = LITE_SANDBOX__CONFIG_REQUEST__INIT;
	cf.cwd = (char *)"/";
	ASSERT_ERRNO(ipc_validate_config(&cf, &why), -EBADMSG); /* no words */

	LiteSandbox__Error e = LITE_SANDBOX__ERROR__INIT;
	e.message = (char *)"x";
	ASSERT_ERRNO(ipc_validate_error(&e, &why), -EBADMSG); /* errno 0 */
	e.errno_value = EPERM;
	ASSERT_OK(ipc_validate_error(&e, &why));

	/* Strings longer than the limit. */
	_cleanup_free_ char *huge = malloc(IPC_STRING_MAX + 2);
	memset(huge, 'a', IPC_STRING_MAX + 1);
	huge[IPC_STRING_MAX + 1] = '\0';
	e.message = huge;
	ASSERT_ERRNO(ipc_validate_error(&e, &why), -EBADMSG);
	huge[IPC_STRING_MAX] = '\0';
	ASSERT_OK(ipc_validate_error(&e, &why));
}

TEST(paths)
{
	_cleanup_free_ char *p = NULL;
	ASSERT_OK(ipc_socket_path("/run/user/1/lite-sandbox", "registrar", &p));
	ASSERT_STREQ(p, "/run/user/1/lite-sandbox/registrar.sock");
	char *q = NULL;
	ASSERT_ERRNO(ipc_socket_path("/x", "../evil", &q), -EINVAL);
	ASSERT_ERRNO(ipc_socket_path("/x", "", &q), -EINVAL);
	char longdir[120];
	memset(longdir, 'd', sizeof(longdir) - 1);
	longdir[0] = '/';
	longdir[sizeof(longdir) - 1] = '\0';
	ASSERT_ERRNO(ipc_socket_path(longdir, "registrar", &q), -ENAMETOOLONG);
	ASSERT_ERRNO(ipc_runtime_dir("relative", &q), -EINVAL);

	const char *tmpl = test_tmpdir_fresh("ipc-test");
	_cleanup_free_ char *sub = NULL;
	ASSERT_TRUE(asprintf(&sub, "%s/rt", tmpl) > 0);
	ASSERT_OK(ipc_runtime_dir_prepare(sub));
	ASSERT_OK(ipc_runtime_dir_prepare(sub)); /* again: it exists */
	ASSERT_OK(chmod(sub, 0755));
	ASSERT_ERRNO(ipc_runtime_dir_prepare(sub), -EPERM); /* others can look in */
	ASSERT_OK(rmdir(sub));
	ASSERT_OK(symlink("/tmp", sub));
	ASSERT_TRUE(ipc_runtime_dir_prepare(sub) < 0); /* a symlink is not ours */
	ASSERT_OK(unlink(sub));
	ASSERT_OK(rmdir(tmpl));
}

/* ---- dispatch tables with flags (STYLE.md rule 15) ------------------------ */

static int
h_ok(struct ipc_call *call, void *userdata)
{
	(void)call;
	(*(int *)userdata)++;
	return 0;
}

/* A session hook that knows one session, "s1", of uid 1000. */
static int
fake_session(struct ipc_call *call, const char *id, void *userdata)
{
	static int the_session = 7;
	(*(int *)userdata)++;
	if (strcmp(id, "s1") != 0 || call->peer_uid != 1000)
		return -ENOENT;
	call->session = &the_session;
	return 0;
}

TEST(dispatch_flags)
{
	static const struct ipc_dispatch table[] = {
		{ LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER, IPC_ONCE, h_ok },
		{ LITE_SANDBOX__ENVELOPE__BODY_CHECK, IPC_SESSION, h_ok },
		{ LITE_SANDBOX__ENVELOPE__BODY_EXEC, IPC_REQUIRES_SESSION, h_ok },
		{ LITE_SANDBOX__ENVELOPE__BODY_CONFIG, IPC_PERMIT, h_ok },
	};
	LiteSandbox__SessionRegister sr = LITE_SANDBOX__SESSION_REGISTER__INIT;
	LiteSandbox__CheckRequest ck = LITE_SANDBOX__CHECK_REQUEST__INIT;
	LiteSandbox__ExecRequest ex = LITE_SANDBOX__EXEC_REQUEST__INIT;
	LiteSandbox__ConfigRequest cf = LITE_SANDBOX__CONFIG_REQUEST__INIT;
	LiteSandbox__Error er = LITE_SANDBOX__ERROR__INIT;
	ipc_envelope reg, chk, exe, cfg, err;
	ipc_envelope_init(&reg);
	reg.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	reg.session_register = &sr;
	ipc_envelope_init(&chk);
	chk.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
	chk.check = &ck;
	ipc_envelope_init(&exe);
	exe.body_case = LITE_SANDBOX__ENVELOPE__BODY_EXEC;
	exe.exec = &ex;
	ipc_envelope_init(&cfg);
	cfg.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG;
	cfg.config = &cf;
	ipc_envelope_init(&err);
	err.body_case = LITE_SANDBOX__ENVELOPE__BODY_ERROR;
	err.error = &er;

	struct ipc_phase ph = { 0 }, other = { 0 };
	const struct ipc_dispatch *d = NULL;
	const char *why = NULL;
	size_t n = ARRAY_SIZE(table);

	/* unknown type: refused */
	ASSERT_ERRNO(ipc_dispatch_admit(table, n, &ph, &err, &d, &why), -EOPNOTSUPP);
	ASSERT_ERRNO(ipc_dispatch_admit(NULL, 0, &ph, &reg, &d, &why), -EOPNOTSUPP);

	/* ONCE: the first register passes, a second on the same connection
	 * does not, one on another connection does */
	ASSERT_OK(ipc_dispatch_admit(table, n, &ph, &reg, &d, &why));
	ASSERT_TRUE(d == &table[0]);
	ASSERT_ERRNO(ipc_dispatch_admit(table, n, &ph, &reg, &d, &why), -EALREADY);
	ASSERT_OK(ipc_dispatch_admit(table, n, &other, &reg, &d, &why));
	/* a type without ONCE passes any number of times */
	ASSERT_OK(ipc_dispatch_admit(table, n, &ph, &chk, &d, &why));
	ASSERT_OK(ipc_dispatch_admit(table, n, &ph, &chk, &d, &why));

	/* PERMIT: refused until a handler permitted it on this connection */
	ASSERT_ERRNO(ipc_dispatch_admit(table, n, &ph, &cfg, &d, &why), -EPERM);
	ipc_phase_permit(&ph, LITE_SANDBOX__ENVELOPE__BODY_CONFIG);
	ASSERT_OK(ipc_dispatch_admit(table, n, &ph, &cfg, &d, &why));
	ASSERT_ERRNO(ipc_dispatch_admit(table, n, &other, &cfg, &d, &why), -EPERM);

	/* REQUIRES_SESSION: no session id is refused at admission */
	ASSERT_ERRNO(ipc_dispatch_admit(table, n, &ph, &exe, &d, &why), -ENOENT);
	ex.session_id = (char *)"s1";
	ASSERT_OK(ipc_dispatch_admit(table, n, &ph, &exe, &d, &why));

	/* the session hook: a known session passes and is handed on, an
	 * unknown one or another uid's is refused before any handler */
	int hooks = 0;
	struct ipc_call call = { .peer_uid = 1000, .request = &exe };
	ASSERT_OK(ipc_dispatch_session(&table[2], &call, fake_session, &hooks, &why));
	ASSERT_NOT_NULL(call.session);
	ASSERT_EQ(*(int *)call.session, 7);
	call.peer_uid = 1001;
	ASSERT_ERRNO(ipc_dispatch_session(&table[2], &call, fake_session, &hooks, &why), -ENOENT);
	ASSERT_NULL(call.session);
	ASSERT_TRUE(strstr(why, "no such session") != NULL);
	call.peer_uid = 1000;
	ex.session_id = (char *)"s2";
	ASSERT_ERRNO(ipc_dispatch_session(&table[2], &call, fake_session, &hooks, &why), -ENOENT);
	/* no hook installed: fail closed */
	ex.session_id = (char *)"s1";
	ASSERT_ERRNO(ipc_dispatch_session(&table[2], &call, NULL, NULL, &why), -ENOENT);
	ASSERT_EQ(hooks, 3);

	/* SESSION (optional): no id passes without the hook, an id is checked */
	call.request = &chk;
	ASSERT_OK(ipc_dispatch_session(&table[1], &call, fake_session, &hooks, &why));
	ASSERT_NULL(call.session);
	ASSERT_EQ(hooks, 3);
	ck.session_id = (char *)"nope";
	ASSERT_ERRNO(ipc_dispatch_session(&table[1], &call, fake_session, &hooks, &why), -ENOENT);
	ck.session_id = (char *)"s1";
	ASSERT_OK(ipc_dispatch_session(&table[1], &call, fake_session, &hooks, &why));
	/* an entry without session flags never runs the hook */
	call.request = &reg;
	ASSERT_OK(ipc_dispatch_session(&table[0], &call, fake_session, &hooks, &why));
	ASSERT_EQ(hooks, 5);

	/* which requests carry a session id */
	ASSERT_STREQ(ipc_request_session_id(&exe), "s1");
	ASSERT_NULL(ipc_request_session_id(&reg));
	ASSERT_NULL(ipc_request_session_id(&cfg));
	cf.session_id = (char *)"c";
	ASSERT_STREQ(ipc_request_session_id(&cfg), "c");
}

TAP_MAIN(error_mapping, utf8, roundtrip_requests, roundtrip_replies,
	 refused_frames, validators, paths, dispatch_flags)
