/* SPDX-License-Identifier: MIT */
/* The registrar without a socket: tickets, masking, and its handlers. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "registrar.h"
#include "tap.h"
#include "tmpdir.h"

/* Each test's directory (its ticket key, a secret, included) is removed by
 * the next test's call, and the last at exit. */
static const char *
tmpdir(void)
{
	return test_tmpdir_fresh("registrar-test");
}

static void
write_file(const char *path, const char *text)
{
	char tmp[4200];
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	fputs(text, f);
	fclose(f);
	rename(tmp, path);
}

/* ---- tickets ------------------------------------------------------------------- */

TEST(ticket_single_use)
{
	const char *d = tmpdir();
	struct tickets *t = NULL;
	char id[TICKET_ID_LEN + 1], id2[TICKET_ID_LEN + 1];
	ASSERT_OK(tickets_open(d, &t));
	ASSERT_OK(tickets_record(t, TICKET_COMMAND, 1000, "/p", "make all", 8, id));
	ASSERT_EQ(strlen(id), (size_t)TICKET_ID_LEN);
	ASSERT_OK(tickets_id(t, TICKET_COMMAND, 1000, "/p", "make all", 8, id2));
	ASSERT_STREQ(id, id2);
	/* bound to every part of the request */
	ASSERT_EQ(tickets_take(t, TICKET_COMMAND, 1001, "/p", "make all", 8, NULL), -ENOENT);
	ASSERT_EQ(tickets_take(t, TICKET_COMMAND, 1000, "/q", "make all", 8, NULL), -ENOENT);
	ASSERT_EQ(tickets_take(t, TICKET_COMMAND, 1000, "/p", "make al", 7, NULL), -ENOENT);
	ASSERT_EQ(tickets_take(t, TICKET_CONFIG, 1000, "/p", "make all", 8, NULL), -ENOENT);
	/* an id that is not the request's */
	id2[0] = id2[0] == 'a' ? 'b' : 'a';
	ASSERT_EQ(tickets_take(t, TICKET_COMMAND, 1000, "/p", "make all", 8, id2), -EINVAL);
	ASSERT_EQ(tickets_take(t, TICKET_COMMAND, 1000, "/p", "make all", 8, "short"), -EINVAL);
	/* the right one, once */
	ASSERT_OK(tickets_take(t, TICKET_COMMAND, 1000, "/p", "make all", 8, id));
	ASSERT_EQ(tickets_take(t, TICKET_COMMAND, 1000, "/p", "make all", 8, id), -ENOENT);
	tickets_free(t);
}

TEST(ticket_fields_do_not_run_together)
{
	const char *d = tmpdir();
	struct tickets *t = NULL;
	char a[TICKET_ID_LEN + 1], b[TICKET_ID_LEN + 1];
	ASSERT_OK(tickets_open(d, &t));
	/* scope "/p" + subject "x" vs scope "/px" + subject "": length-prefixed */
	ASSERT_OK(tickets_id(t, TICKET_CONFIG, 0, "/p", "x", 1, a));
	ASSERT_OK(tickets_id(t, TICKET_CONFIG, 0, "/px", "", 0, b));
	ASSERT_TRUE(strcmp(a, b) != 0);
	tickets_free(t);
}

TEST(ticket_expires)
{
	const char *d = tmpdir();
	struct tickets *t = NULL;
	char id[TICKET_ID_LEN + 1], path[512];
	ASSERT_OK(tickets_open(d, &t));
	ASSERT_OK(tickets_record(t, TICKET_CONFIG, 0, "global", "mode\0set\0open", 14, id));
	snprintf(path, sizeof(path), "%s/tickets/%s", d, id);
	write_file(path, "1000\n"); /* recorded in 1970 */
	ASSERT_EQ(tickets_take(t, TICKET_CONFIG, 0, "global", "mode\0set\0open", 14, NULL), -ESTALE);
	/* and it is gone */
	ASSERT_EQ(tickets_take(t, TICKET_CONFIG, 0, "global", "mode\0set\0open", 14, NULL), -ENOENT);
	tickets_free(t);
}

TEST(ticket_key_shared_and_guarded)
{
	const char *d = tmpdir();
	struct tickets *t = NULL, *u = NULL;
	char a[TICKET_ID_LEN + 1], b[TICKET_ID_LEN + 1], key[512];
	ASSERT_OK(tickets_open(d, &t));
	ASSERT_OK(tickets_open(d, &u));
	ASSERT_OK(tickets_record(t, TICKET_COMMAND, 5, "/p", "make", 4, a));
	/* a second instance (a restarted registrar) finds the same ticket */
	ASSERT_OK(tickets_id(u, TICKET_COMMAND, 5, "/p", "make", 4, b));
	ASSERT_STREQ(a, b);
	ASSERT_OK(tickets_take(u, TICKET_COMMAND, 5, "/p", "make", 4, a));
	tickets_free(t);
	tickets_free(u);

	snprintf(key, sizeof(key), "%s/ticket.key", d);
	struct stat st;
	ASSERT_OK(stat(key, &st));
	ASSERT_EQ(st.st_mode & 0777, 0600u);
	ASSERT_EQ(st.st_size, 32);
	chmod(key, 0644);
	ASSERT_EQ(tickets_open(d, &t), -EPERM);
	chmod(key, 0600);
	ASSERT_OK(truncate(key, 16));
	ASSERT_EQ(tickets_open(d, &t), -EBADMSG);
	/* a directory others can enter is refused */
	char d2[TEST_TMPDIR_MAX + 8];
	snprintf(d2, sizeof(d2), "%s/open", d);
	ASSERT_OK(mkdir(d2, 0700));
	chmod(d2, 0755);
	ASSERT_EQ(tickets_open(d2, &t), -EPERM);
}

TEST(ticket_planted_file_does_not_match)
{
	const char *d = tmpdir();
	struct tickets *t = NULL;
	char path[512];
	ASSERT_OK(tickets_open(d, &t));
	/* a file without the key's name for the request is never found */
	snprintf(path, sizeof(path), "%s/tickets/%064d", d, 0);
	write_file(path, "99999999999\n");
	ASSERT_EQ(tickets_take(t, TICKET_COMMAND, 0, "/p", "make", 4, NULL), -ENOENT);
	tickets_free(t);
}

/* ---- masking ---------------------------------------------------------------------- */

static void
masked(struct tap_state *tap_, const char *in, const char *want)
{
	char *m = mask_secrets(in, strlen(in));
	ASSERT_STREQ(m, want);
	free(m);
}

TEST(mask)
{
	masked(tap_, "ls -la", "ls -la");
	masked(tap_, "GITHUB_TOKEN=ghp_abcdefghijklmnop git push", "GITHUB_TOKEN=*** git push");
	masked(tap_, "export API_KEY=hunter2; run", "export API_KEY=***; run");
	masked(tap_, "curl -H 'Authorization: Bearer abc.def' x", "curl -H 'Authorization: Bearer ***' x");
	masked(tap_, "mysql --password secret db", "mysql --password *** db");
	masked(tap_, "echo sk-abcdefghijklmnopqrst", "echo ***");
	masked(tap_, "aws AKIAABCDEFGHIJKLMNOP", "aws ***");
	masked(tap_, "x=\"xoxb-1234567890-abc\"", "x=\"***\"");
	masked(tap_, "git commit --author me -m x", "git commit --author me -m x");
}

/* ---- handlers ------------------------------------------------------------------------ */

struct fixture {
	char dir[TEST_TMPDIR_MAX], cfg[TEST_TMPDIR_MAX + 16], cwd[TEST_TMPDIR_MAX + 16];
	struct registrar *r;
	struct arena *a;
};

static void
fixture_init(struct tap_state *tap_, struct fixture *f, bool inotify)
{
	strcpy(f->dir, tmpdir());
	snprintf(f->cfg, sizeof(f->cfg), "%s/config.yaml", f->dir);
	snprintf(f->cwd, sizeof(f->cwd), "%s/proj", f->dir);
	mkdir(f->cwd, 0700);
	write_file(f->cfg, "mode: allowlist\n");
	char cache[TEST_TMPDIR_MAX + 16];
	snprintf(cache, sizeof(cache), "%s/cache", f->dir);
	struct registrar_options o = { .config_path = f->cfg, .cache_dir = cache,
				       .no_inotify = !inotify };
	setenv("HOME", f->dir, 1);
	f->r = NULL;
	ASSERT_OK(registrar_new(&o, &f->r));
	f->a = arena_new(1u << 24);
}

static void
fixture_done(struct fixture *f)
{
	registrar_free(f->r);
	arena_free(f->a);
}

static int
call(struct fixture *f, uid_t uid, ipc_envelope *req, ipc_envelope **ret, const char **ret_msg)
{
	ipc_envelope *rep = arena_alloc(f->a, sizeof(*rep));
	ipc_envelope_init(rep);
	struct ipc_call c = { .peer_uid = uid, .peer_pid = 1, .request = req, .reply = rep,
			      .arena = f->a };
	for (size_t i = 0; i < registrar_dispatch_len; i++)
		if (registrar_dispatch[i].type == req->body_case) {
			int r = registrar_dispatch[i].handler(&c, f->r);
			*ret = rep;
			if (ret_msg)
				*ret_msg = c.error_message;
			/* what the server would send must pass the peer's validator */
			if (r >= 0 && ipc_validate_envelope(rep, NULL) < 0)
				return -EPROTO;
			return r;
		}
	return -EOPNOTSUPP;
}

static const char *
do_register_as(struct fixture *f, uid_t uid, LiteSandbox__AgentKind agent)
{
	ipc_envelope req, *rep = NULL;
	LiteSandbox__SessionRegister m;
	ipc_envelope_init(&req);
	lite_sandbox__session_register__init(&m);
	m.agent = agent;
	m.cwd = f->cwd;
	m.pid = 42;
	req.body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER;
	req.session_register = &m;
	if (call(f, uid, &req, &rep, NULL) < 0)
		return NULL;
	return rep->session_register_reply->session_id;
}

/* The hook registers Claude Code's sessions so (the agent that can ask). */
static const char *
do_register(struct fixture *f, uid_t uid)
{
	return do_register_as(f, uid, LITE_SANDBOX__AGENT_KIND__AGENT_CLAUDE_CODE);
}

/* origin 0: none (the validator's and the handler's refusal) */
static int
do_check_as(struct fixture *f, uid_t uid, int origin, const char *cwd, const char *sid,
	    const char *cmd, const char *ticket, const LiteSandbox__CheckReply **ret)
{
	ipc_envelope req, *rep = NULL;
	LiteSandbox__CheckRequest m;
	ipc_envelope_init(&req);
	lite_sandbox__check_request__init(&m);
	m.session_id = (char *)sid;
	m.cwd = (char *)cwd;
	m.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
	m.command = (char *)cmd;
	m.ticket_id = (char *)ticket;
	m.has_origin = origin != 0;
	m.origin = (LiteSandbox__CheckOrigin)origin;
	req.body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK;
	req.check = &m;
	int r = call(f, uid, &req, &rep, NULL);
	if (r >= 0)
		*ret = rep->check_reply;
	return r;
}

/* The hook's check, or with a ticket the executor's (as svc_check sends them). */
static int
do_check(struct fixture *f, uid_t uid, const char *sid, const char *cmd, const char *ticket,
	 const LiteSandbox__CheckReply **ret)
{
	return do_check_as(f, uid, ticket ? LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR
					  : LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK,
			   f->cwd, sid, cmd, ticket, ret);
}

TEST(register_and_check)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	fixture_init(tap_, &f, false);
	const char *sid = do_register(&f, 1000);
	ASSERT_TRUE(sid != NULL);
	ASSERT_EQ(registrar_n_sessions(f.r), (size_t)1);
	ASSERT_OK(do_check(&f, 1000, sid, "ls", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_ALLOW);
	ASSERT_OK(do_check(&f, 1000, sid, "cat /etc/shadow", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	ASSERT_TRUE(c->n_findings > 0);
	/* one-off checks need no session */
	ASSERT_OK(do_check(&f, 1000, NULL, "ls", NULL, &c));
	/* another uid cannot use the session */
	ASSERT_EQ(do_check(&f, 1001, sid, "ls", NULL, &c), -ENOENT);
	/* a syntax error is a refusal, not an error */
	ASSERT_OK(do_check(&f, 1000, sid, "echo (", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	fixture_done(&f);
}

TEST(broken_config_refuses)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	fixture_init(tap_, &f, false);
	write_file(f.cfg, "mode: [unclosed\n");
	ASSERT_OK(do_check(&f, 1000, NULL, "ls", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	ASSERT_STREQ(c->findings[0]->rule, "config.unusable");
	fixture_done(&f);
}

static void
reload_case(struct tap_state *tap_, bool inotify)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	fixture_init(tap_, &f, inotify);
	ASSERT_OK(do_check(&f, 1000, NULL, "ls", NULL, &c));
	uint64_t g = c->policy_generation;
	ASSERT_OK(do_check(&f, 1000, NULL, "ls", NULL, &c));
	ASSERT_EQ(c->policy_generation, g); /* nothing changed */
	write_file(f.cfg, "mode: open\n");
	ASSERT_OK(do_check(&f, 1000, NULL, "ls", NULL, &c));
	ASSERT_TRUE(c->policy_generation > g);
	fixture_done(&f);
}

TEST(reload_by_inotify)
{
	reload_case(tap_, true);
}

TEST(reload_by_stamp)
{
	reload_case(tap_, false);
}

TEST(config_request_check)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	fixture_init(tap_, &f, false);
	const char *sid = do_register(&f, 1000);
	ASSERT_OK(do_check(&f, 1000, sid, "lite-sandbox config mode set open", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_ASK);
	ASSERT_TRUE(c->ticket_id && strlen(c->ticket_id) == TICKET_ID_LEN);
	ASSERT_OK(do_check(&f, 1000, NULL, "lite-sandbox config show", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_ALLOW);
	ASSERT_OK(do_check(&f, 1000, NULL, "lite-sandbox config show --dir /tmp", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_ALLOW);
	ASSERT_OK(do_check(&f, 1000, NULL, "lite-sandbox config mode set open --dir /tmp", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	ASSERT_STREQ(c->findings[0]->rule, "config-request.refused");
	ASSERT_OK(do_check(&f, 1000, NULL, "lite-sandbox config mode set open --config /x", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	/* not a literal single invocation: the deny list's business */
	ASSERT_OK(do_check(&f, 1000, NULL, "lite-sandbox config mode set open; ls", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	ASSERT_TRUE(c->ticket_id == NULL);
	ASSERT_OK(do_check(&f, 1000, NULL, "./lite-sandbox config mode set open", NULL, &c));
	ASSERT_EQ(c->verdict, LITE_SANDBOX__VERDICT__VERDICT_DENY);
	fixture_done(&f);
}

TEST(config_request_without_binary_fails_closed)
{
	struct fixture f;
	ipc_envelope req, *rep = NULL;
	LiteSandbox__ConfigRequest m;
	char *words[] = { (char *)"mode", (char *)"set", (char *)"open" };
	const char *msg = NULL;
	fixture_init(tap_, &f, false);
	ipc_envelope_init(&req);
	lite_sandbox__config_request__init(&m);
	m.argv = words;
	m.n_argv = 3;
	m.cwd = f.cwd;
	req.body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG;
	req.config = &m;
	/* no ticket: refused with exit 1 */
	ASSERT_OK(call(&f, 1000, &req, &rep, &msg));
	ASSERT_EQ(rep->config_reply->exit_status, 1);
	ASSERT_TRUE(strstr(rep->config_reply->error_output, "no approval") != NULL);
	fixture_done(&f);
}

/* ---- ask entries through the executor ------------------------------------------------ */

#define HOOK LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK
#define RUN LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR
#define V_ALLOW LITE_SANDBOX__VERDICT__VERDICT_ALLOW
#define V_ASK LITE_SANDBOX__VERDICT__VERDICT_ASK
#define V_DENY LITE_SANDBOX__VERDICT__VERDICT_DENY

static size_t
n_tickets(const struct fixture *f)
{
	char path[TEST_TMPDIR_MAX + 96];
	snprintf(path, sizeof(path), "%s/cache/tickets", f->dir);
	DIR *d = opendir(path);
	size_t n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static bool
has_rule(const LiteSandbox__CheckReply *c, const char *rule)
{
	for (size_t i = 0; i < c->n_findings; i++)
		if (strcmp(c->findings[i]->rule, rule) == 0)
			return true;
	return false;
}

static bool
approved(const LiteSandbox__CheckReply *c)
{
	return c->has_prompts_approved && c->prompts_approved;
}

static void
ask_fixture(struct tap_state *tap_, struct fixture *f)
{
	fixture_init(tap_, f, false);
	write_file(f->cfg, "mode: allowlist\ncommands:\n  - name: make\n    ask: true\n");
}

TEST(ask_executor_takes_the_hooks_ticket_once)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	ask_fixture(tap_, &f);
	const char *sid = do_register(&f, 1000);
	ASSERT_TRUE(sid != NULL);
	/* the hook asks: a ticket, and no approval yet */
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_ASK);
	ASSERT_TRUE(c->ticket_id != NULL);
	ASSERT_FALSE(approved(c));
	ASSERT_EQ(n_tickets(&f), (size_t)1);
	/* the run of that exact line, without an id (as MCP sends it): once */
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, sid, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_ALLOW);
	ASSERT_TRUE(approved(c));
	ASSERT_TRUE(c->ticket_id == NULL);
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, sid, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_FALSE(approved(c));
	ASSERT_TRUE(has_rule(c, "ticket.none"));
	/* the finding names the way to get an approval */
	bool names_fix = false;
	for (size_t i = 0; i < c->n_findings; i++)
		if (strcmp(c->findings[i]->rule, "ticket.none") == 0)
			names_fix = strstr(c->findings[i]->message, "PreToolUse hook") &&
				    strstr(c->findings[i]->message, "approve");
	ASSERT_TRUE(names_fix);
	/* the executor's path never records a ticket */
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	fixture_done(&f);
}

TEST(ask_executor_matches_command_dir_uid_and_id)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	char other[TEST_TMPDIR_MAX + 16], id[TICKET_ID_LEN + 1];
	ask_fixture(tap_, &f);
	const char *sid = do_register(&f, 1000);
	ASSERT_NOT_NULL(sid);
	snprintf(other, sizeof(other), "%s/other", f.dir);
	mkdir(other, 0700);
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_ASK);
	snprintf(id, sizeof(id), "%s", c->ticket_id);
	/* other words, another directory, another uid, a wrong id: refused,
	 * and the ticket is still there for the run the user approved */
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "make clean", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_TRUE(has_rule(c, "ticket.none"));
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "make  all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_OK(do_check_as(&f, 1000, RUN, other, NULL, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_TRUE(has_rule(c, "ticket.none"));
	ASSERT_OK(do_check_as(&f, 1001, RUN, f.cwd, NULL, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	char wrong[TICKET_ID_LEN + 1];
	memcpy(wrong, id, sizeof(wrong));
	wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "make all", wrong, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_TRUE(has_rule(c, "ticket.none"));
	ASSERT_EQ(n_tickets(&f), (size_t)1);
	/* the benign neighbour: the same line, directory and uid, with its id */
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "make all", id, &c));
	ASSERT_EQ(c->verdict, V_ALLOW);
	ASSERT_TRUE(approved(c));
	fixture_done(&f);
}

TEST(ask_executor_without_hook_or_after_expiry)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	char path[TEST_TMPDIR_MAX + 96];
	ask_fixture(tap_, &f);
	const char *sid = do_register(&f, 1000);
	ASSERT_NOT_NULL(sid);
	/* no hook ever asked */
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_TRUE(has_rule(c, "ticket.none"));
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	/* an approval older than the ticket's life: "ask again" */
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "make all", NULL, &c));
	snprintf(path, sizeof(path), "%s/cache/tickets/%s", f.dir, c->ticket_id);
	char old[32];
	snprintf(old, sizeof(old), "%lld\n", (long long)time(NULL) - TICKET_TTL_SEC - 60);
	write_file(path, old);
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_TRUE(has_rule(c, "ticket.expired"));
	bool again = false;
	for (size_t i = 0; i < c->n_findings; i++)
		if (strcmp(c->findings[i]->rule, "ticket.expired") == 0)
			again = strstr(c->findings[i]->message, "ask again") != NULL;
	ASSERT_TRUE(again);
	/* a line with no ask entry runs without any ticket, and without approval */
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "ls", NULL, &c));
	ASSERT_EQ(c->verdict, V_ALLOW);
	ASSERT_FALSE(approved(c));
	fixture_done(&f);
}

TEST(ask_wrapped_or_unseen_never_gets_a_ticket)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	ask_fixture(tap_, &f);
	const char *sid = do_register(&f, 1000);
	ASSERT_NOT_NULL(sid);
	static const char *const refused[] = {
		"timeout 5 make all", "env make all", "xargs make < /dev/null",
		"nice make all", "find . -exec make {} ;", "bash -c 'make all'",
		"eval make all", "trap 'make all' EXIT", "source /dev/null; f() { bash -c make; }",
	};
	for (size_t i = 0; i < ARRAY_SIZE(refused); i++) {
		ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, refused[i], NULL, &c));
		if (c->verdict != V_DENY)
			TAP_FAIL_("not refused: %s", refused[i]);
		ASSERT_TRUE(c->ticket_id == NULL);
	}
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "bash -c 'make all'", NULL, &c));
	ASSERT_TRUE(has_rule(c, "denylist.ask-unseen"));
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "timeout 5 make all", NULL, &c));
	ASSERT_TRUE(has_rule(c, "denylist.ask-wrapped"));
	/* the benign neighbours: the prompted command in sight is asked for */
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "make all && echo done", NULL, &c));
	ASSERT_EQ(c->verdict, V_ASK);
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "command make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_ASK);
	fixture_done(&f);
}

TEST(ask_only_for_an_agent_that_can_ask)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	ask_fixture(tap_, &f);
	const char *codex = do_register_as(&f, 1000, LITE_SANDBOX__AGENT_KIND__AGENT_CODEX);
	ASSERT_NOT_NULL(codex);
	/* the hook denies for Codex: no ticket may stand for an approval */
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, codex, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_TRUE(has_rule(c, "ticket.cannot-ask"));
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, codex, "lite-sandbox config mode set open",
			      NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_STREQ(c->findings[0]->rule, "ticket.cannot-ask");
	/* nor a check with no session to tell */
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, NULL, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	/* so the run that follows finds nothing to take */
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, codex, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_TRUE(has_rule(c, "ticket.none"));
	/* the benign neighbour: Claude Code's session is asked */
	const char *claude = do_register(&f, 1000);
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, claude, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_ASK);
	ASSERT_EQ(n_tickets(&f), (size_t)1);
	fixture_done(&f);
}

TEST(ask_for_the_agents_own_shell_records_nothing)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	ask_fixture(tap_, &f);
	const char *sid = do_register(&f, 1000);
	/* Claude Code's Bash tool: the user is asked, and the agent's shell
	 * runs it; no server takes a ticket, so none is left behind */
	ASSERT_OK(do_check_as(&f, 1000, LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_AGENT_SHELL,
			      f.cwd, sid, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_ASK);
	ASSERT_TRUE(c->ticket_id != NULL);
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, sid, "make all", NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	/* the benign neighbour: the same call to the sandbox's MCP tool */
	ASSERT_OK(do_check_as(&f, 1000, HOOK, f.cwd, sid, "make all", NULL, &c));
	ASSERT_EQ(n_tickets(&f), (size_t)1);
	fixture_done(&f);
}

TEST(check_origin_is_required)
{
	struct fixture f;
	const LiteSandbox__CheckReply *c = NULL;
	ask_fixture(tap_, &f);
	ASSERT_EQ(do_check_as(&f, 1000, 0, f.cwd, NULL, "make all", NULL, &c), -EINVAL);
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	/* and on the wire, by the validator */
	LiteSandbox__CheckRequest m;
	lite_sandbox__check_request__init(&m);
	m.cwd = f.cwd;
	m.subject_case = LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND;
	m.command = (char *)"make all";
	ASSERT_ERRNO(ipc_validate_check(&m, NULL), -EBADMSG);
	m.has_origin = true;
	m.origin = (LiteSandbox__CheckOrigin)4;
	ASSERT_ERRNO(ipc_validate_check(&m, NULL), -EBADMSG);
	m.origin = HOOK;
	ASSERT_OK(ipc_validate_check(&m, NULL));
	/* a ticket id only with the executor's check */
	m.ticket_id = (char *)"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
	ASSERT_ERRNO(ipc_validate_check(&m, NULL), -EBADMSG);
	m.origin = RUN;
	ASSERT_OK(ipc_validate_check(&m, NULL));
	/* a config request from the executor is not one: no config ticket */
	ASSERT_OK(do_check_as(&f, 1000, RUN, f.cwd, NULL, "lite-sandbox config mode set open",
			      NULL, &c));
	ASSERT_EQ(c->verdict, V_DENY);
	ASSERT_EQ(n_tickets(&f), (size_t)0);
	fixture_done(&f);
}

TAP_MAIN(ticket_single_use, ticket_fields_do_not_run_together, ticket_expires,
	 ticket_key_shared_and_guarded, ticket_planted_file_does_not_match, mask,
	 register_and_check, broken_config_refuses, reload_by_inotify, reload_by_stamp,
	 config_request_check, config_request_without_binary_fails_closed,
	 ask_executor_takes_the_hooks_ticket_once, ask_executor_matches_command_dir_uid_and_id,
	 ask_executor_without_hook_or_after_expiry, ask_wrapped_or_unseen_never_gets_a_ticket,
	 ask_only_for_an_agent_that_can_ask, ask_for_the_agents_own_shell_records_nothing,
	 check_origin_is_required)
