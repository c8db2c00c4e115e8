/* SPDX-License-Identifier: MIT */
/*
 * The registrar's state and request handlers (see registrar.h).
 *
 * lib/ipc serves one request at a time, so the state needs no locks. Work
 * that may wait (the config subprocess) is bounded by a timeout.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd_config.h"
#include "config.h"
#include "log.h"
#include "pathcheck.h"
#include "policy.h"
#include "registrar.h"
#include "shell.h"

extern char **environ;

struct session {
	char id[33];
	uid_t uid;
	pid_t pid;
	int agent;              /* LiteSandbox__AgentKind */
	char *cwd, *project_dir, *agent_session;
	uint64_t used;          /* registrar clock of the last use (LRU) */
};

/* One policy per working directory and generation. */
struct pcache {
	char *cwd;
	uint64_t generation;
	struct config *cfg;
	struct policy *pol;
	char *project_dir;
	uint64_t used;
};

struct registrar {
	char *config_path;
	char *config_bin;
	char *instance;
	char *home;
	struct tickets *tickets;
	uint64_t generation;
	uint64_t clock;
	struct config_stamp stamp;
	int inotify_fd;
	char *config_base; /* the file's name in its directory, for inotify */
	struct session *sessions;
	size_t n_sessions;
	struct pcache cache[REGISTRAR_POLICY_CACHE];
};

/* ---- reload ------------------------------------------------------------------ */

static void
cache_drop(struct pcache *c)
{
	policy_free(c->pol);
	config_free(c->cfg);
	free(c->cwd);
	free(c->project_dir);
	memset(c, 0, sizeof(*c));
}

static void
bump(struct registrar *r)
{
	r->generation++;
	for (size_t i = 0; i < REGISTRAR_POLICY_CACHE; i++)
		cache_drop(&r->cache[i]);
}

/*
 * Called before every request: a config changed since the last one gives a
 * new generation (and the executor's workers restart on their next command).
 * inotify tells us about the file's directory cheaply; the stamp comparison
 * catches what inotify cannot (the directory created after we started, a
 * symlinked file edited at its target).
 */
static void
check_reload(struct registrar *r)
{
	bool changed = false;
	if (r->inotify_fd >= 0) {
		char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
		for (;;) {
			ssize_t n = read(r->inotify_fd, buf, sizeof(buf));
			if (n <= 0)
				break;
			for (char *p = buf; p < buf + n;) {
				struct inotify_event *ev = (struct inotify_event *)p;
				if (ev->mask & IN_Q_OVERFLOW)
					changed = true;
				else if (ev->len && strcmp(ev->name, r->config_base) == 0)
					changed = true;
				p += sizeof(*ev) + ev->len;
			}
		}
	}
	struct config_stamp st;
	if (config_file_stamp(r->config_path, &st) < 0)
		memset(&st, 0, sizeof(st));
	if (!config_stamp_equal(&st, &r->stamp)) {
		r->stamp = st;
		changed = true;
	}
	if (changed)
		bump(r);
}

/* ---- construction ------------------------------------------------------------- */

int
registrar_new(const struct registrar_options *o, struct registrar **ret)
{
	struct registrar *r = calloc(1, sizeof(*r));
	int e;
	if (!r)
		return -ENOMEM;
	r->inotify_fd = -1;
	r->generation = 1;
	if (o->config_path)
		r->config_path = strdup(o->config_path);
	else if ((e = config_default_path(&r->config_path)) < 0)
		goto fail_e;
	r->config_bin = o->config_bin ? strdup(o->config_bin) : NULL;
	r->instance = strdup(o->instance ? o->instance : "registrar");
	if (!r->config_path || !r->instance || (o->config_bin && !r->config_bin)) {
		e = -ENOMEM;
		goto fail_e;
	}
	if ((e = config_home(&r->home)) < 0)
		goto fail_e;
	if ((e = tickets_open(o->cache_dir, &r->tickets)) < 0)
		goto fail_e;
	(void)config_file_stamp(r->config_path, &r->stamp);

	const char *slash = strrchr(r->config_path, '/');
	r->config_base = strdup(slash ? slash + 1 : r->config_path);
	if (!r->config_base) {
		e = -ENOMEM;
		goto fail_e;
	}
	if (!o->no_inotify && slash) {
		r->inotify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		if (r->inotify_fd >= 0) {
			_cleanup_free_ char *dir = strndup(r->config_path,
							   (size_t)(slash - r->config_path));
			/* a missing directory: the stamp check covers it */
			if (!dir || inotify_add_watch(r->inotify_fd, dir[0] ? dir : "/",
						      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM |
							      IN_CREATE | IN_DELETE | IN_ATTRIB) < 0) {
				close(r->inotify_fd);
				r->inotify_fd = -1;
			}
		}
	}
	*ret = r;
	return 0;
fail_e:
	registrar_free(r);
	return e;
}

struct registrar *
registrar_free(struct registrar *r)
{
	if (!r)
		return NULL;
	for (size_t i = 0; i < REGISTRAR_POLICY_CACHE; i++)
		cache_drop(&r->cache[i]);
	for (size_t i = 0; i < r->n_sessions; i++) {
		free(r->sessions[i].cwd);
		free(r->sessions[i].project_dir);
		free(r->sessions[i].agent_session);
	}
	free(r->sessions);
	tickets_free(r->tickets);
	if (r->inotify_fd >= 0)
		close(r->inotify_fd);
	free(r->config_path);
	free(r->config_bin);
	free(r->instance);
	free(r->config_base);
	free(r->home);
	free(r);
	return NULL;
}

uint64_t
registrar_generation(const struct registrar *r)
{
	return r->generation;
}

size_t
registrar_n_sessions(const struct registrar *r)
{
	return r->n_sessions;
}

/* ---- policies ------------------------------------------------------------------ */

/*
 * The policy for cwd at the current generation. A config that does not load
 * is an error with its reason in why: the caller refuses (a broken file
 * never becomes a looser policy).
 */
static int
get_policy(struct registrar *r, const char *cwd, struct pcache **ret, char *why, size_t why_len)
{
	struct pcache *victim = &r->cache[0];
	r->clock++;
	for (size_t i = 0; i < REGISTRAR_POLICY_CACHE; i++) {
		struct pcache *c = &r->cache[i];
		if (c->cwd && c->generation == r->generation && strcmp(c->cwd, cwd) == 0) {
			c->used = r->clock;
			*ret = c;
			return 0;
		}
		if (!c->cwd || c->used < victim->used)
			victim = c;
		if (!c->cwd)
			break;
	}
	cache_drop(victim);
	struct config_error cerr = { .file = "" };
	int e = config_load_for_dir(r->config_path, cwd, &victim->cfg, &cerr);
	if (e < 0) {
		if (cerr.line)
			snprintf(why, why_len, "the config is broken (%.200s:%u:%u: %.250s); refusing until "
				 "it is fixed", cerr.file, cerr.line, cerr.col, cerr.message);
		else
			snprintf(why, why_len, "the config cannot be loaded (%.200s%s%.250s); refusing until "
				 "it is fixed", cerr.file, cerr.file[0] ? ": " : "",
				 cerr.message[0] ? cerr.message : strerror(-e));
		cache_drop(victim);
		return e;
	}
	e = config_boundary_dir(cwd, r->home, &victim->project_dir, NULL);
	if (e < 0) {
		snprintf(why, why_len, "cannot resolve the project directory of %.200s (%s)", cwd,
			 strerror(-e));
		cache_drop(victim);
		return e;
	}
	/* lite-sandbox's own state, config, binary and the PATH ahead of it,
	 * protected as every front end protects them */
	struct path_boundary_env penv = {
		.xdg_config_home = getenv("XDG_CONFIG_HOME"),
		.xdg_cache_home = getenv("XDG_CACHE_HOME"),
		.config_file = r->config_path,
		.self_exe = r->config_bin,
		.path = getenv("PATH"),
		.runtime_dir = getenv("XDG_RUNTIME_DIR"),
	};
	struct policy_context ctx = {
		.cwd = cwd, .project_dir = victim->project_dir, .home = r->home, .envp = environ,
		.path_env = &penv,
	};
	e = policy_new(victim->cfg, &ctx, &victim->pol);
	if (e < 0) {
		snprintf(why, why_len, "cannot build the policy (%s)", strerror(-e));
		cache_drop(victim);
		return e;
	}
	victim->cwd = strdup(cwd);
	if (!victim->cwd) {
		cache_drop(victim);
		return -ENOMEM;
	}
	victim->generation = r->generation;
	victim->used = r->clock;
	*ret = victim;
	return 0;
}

/* ---- sessions ------------------------------------------------------------------ */

static struct session *
find_session(struct registrar *r, const char *id)
{
	for (size_t i = 0; i < r->n_sessions; i++)
		if (strcmp(r->sessions[i].id, id) == 0) {
			r->sessions[i].used = ++r->clock;
			return &r->sessions[i];
		}
	return NULL;
}

static const char *
agent_id(int a)
{
	static const char *const names[] = {
		"unspecified", "cli", "claude-code", "codex", "opencode", "crush", "pi", "grok", "other",
	};
	return a >= 0 && (size_t)a < ARRAY_SIZE(names) ? names[a] : "unknown";
}

/* ---- audit ---------------------------------------------------------------------- */

struct decision {
	const char *decision; /* allow, ask, deny, error, config-run */
	const char *layer, *rule, *mode;
	const char *command;  /* unmasked; masked here */
	size_t command_len;
	const char *cwd, *ticket;
	const struct session *s;
};

static void
audit(const struct registrar *r, const struct ipc_call *call, const struct decision *d)
{
	_cleanup_free_ char *masked = d->command ? mask_secrets(d->command, d->command_len) : NULL;
	char uid[24], pid[24], gen[24];
	snprintf(uid, sizeof(uid), "%u", (unsigned)call->peer_uid);
	snprintf(pid, sizeof(pid), "%ld", (long)(d->s ? d->s->pid : call->peer_pid));
	snprintf(gen, sizeof(gen), "%llu", (unsigned long long)r->generation);
	struct log_field f[16];
	unsigned n = 0;
	f[n++] = (struct log_field){ "SESSION", d->s ? d->s->id : "" };
	f[n++] = (struct log_field){ "AGENT", d->s ? agent_id(d->s->agent) : "unknown" };
	f[n++] = (struct log_field){ "DECISION", d->decision };
	f[n++] = (struct log_field){ "LAYER", d->layer ? d->layer : "" };
	f[n++] = (struct log_field){ "RULE", d->rule ? d->rule : "" };
	f[n++] = (struct log_field){ "MODE", d->mode ? d->mode : "" };
	f[n++] = (struct log_field){ "COMMAND", masked ? masked : "" };
	f[n++] = (struct log_field){ "CWD", d->cwd ? d->cwd : "" };
	f[n++] = (struct log_field){ "TICKET", d->ticket ? d->ticket : "" };
	f[n++] = (struct log_field){ "UID", uid };
	f[n++] = (struct log_field){ "PID", pid };
	f[n++] = (struct log_field){ "GENERATION", gen };
	f[n++] = (struct log_field){ "SERVICE", r->instance };
	char msg[300];
	snprintf(msg, sizeof(msg), "lite-sandbox: %s: %.200s", d->decision, masked ? masked : "");
	/* An audit record that cannot be written does not change the answer;
	 * journald (or stderr, under a service manager, the journal again) is
	 * where the trouble shows. */
	(void)log_audit(msg, f, n);
}

/* ---- replies -------------------------------------------------------------------- */

static LiteSandbox__Finding *
new_finding(struct arena *a, int layer, const char *rule, const char *message, const char *fix,
	    unsigned modes, bool enforced, bool ask)
{
	LiteSandbox__Finding *f = arena_alloc(a, sizeof(*f));
	if (!f)
		return NULL;
	lite_sandbox__finding__init(f);
	f->layer = (LiteSandbox__Layer)layer;
	f->rule = arena_strdup(a, rule);
	f->message = arena_strdup(a, message);
	f->fix = fix ? arena_strdup(a, fix) : NULL;
	f->modes = modes & 7u;
	f->enforced = enforced;
	if (ask) {
		f->has_ask = true;
		f->ask = true;
	}
	if (!f->rule || !f->message || (fix && !f->fix))
		return NULL;
	return f;
}

static LiteSandbox__CheckReply *
new_check_reply(struct ipc_call *call)
{
	LiteSandbox__CheckReply *c = arena_alloc(call->arena, sizeof(*c));
	if (!c)
		return NULL;
	lite_sandbox__check_reply__init(c);
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_CHECK_REPLY;
	call->reply->check_reply = c;
	return c;
}

static int
reply_one(struct ipc_call *call, struct registrar *r, LiteSandbox__Verdict v, int layer,
	  const char *rule, const char *message, bool ask, const char *ticket)
{
	LiteSandbox__CheckReply *c = new_check_reply(call);
	if (!c)
		return -ENOMEM;
	c->verdict = v;
	c->has_policy_generation = true;
	c->policy_generation = r->generation;
	if (ticket && !(c->ticket_id = arena_strdup(call->arena, ticket)))
		return -ENOMEM;
	if (!rule)
		return 0;
	c->findings = arena_alloc(call->arena, sizeof(*c->findings));
	if (!c->findings)
		return -ENOMEM;
	c->findings[0] = new_finding(call->arena, layer, rule, message, NULL, 7, true, ask);
	if (!c->findings[0])
		return -ENOMEM;
	c->n_findings = 1;
	return 0;
}

/*
 * Whether the hook that sent a check can put the question to the user, so
 * that a ticket recorded for it stands for an approval. Only Claude Code
 * answers the hook's "ask" with a prompt; for every other agent the hook
 * denies (Codex reads an ask as an invalid answer). A ticket recorded for a
 * call the hook then denies would let the same line run unapproved through
 * a path that skips that hook, such as an MCP call. The hook registers its
 * session, with its agent kind, before it checks.
 */
static bool
can_be_asked(const struct session *s)
{
	return s && s->agent == LITE_SANDBOX__AGENT_KIND__AGENT_CLAUDE_CODE;
}

static const char *
cannot_ask_message(struct arena *a, const struct session *s)
{
	return arena_printf(a, "%s cannot put this question to the user (only Claude Code "
			    "answers a prompt), so no approval can be given here and what asks "
			    "first is refused: ask the user to run it themselves",
			    s ? agent_id(s->agent) : "a check without a session");
}

/* ---- config requests --------------------------------------------------------------- */

/*
 * A single literal `lite-sandbox config ...` invocation, as the hook tells
 * it: its words (from "config" on) into ret_argv. Anything else (a
 * pipeline, a dynamic word, a path to the binary, a word with a control or
 * format character) is not a config request and meets the deny list.
 */
static bool
config_request_words(struct arena *a, const char *cmd, size_t len, char ***ret_argv, int *ret_argc)
{
	struct sh_node *tree = NULL;
	struct sh_error err;
	if (sh_parse(a, cmd, len, NULL, &tree, &err) < 0 || !tree)
		return false;
	if (tree->kind != SH_NODE_SIMPLE || tree->redirs || tree->u.simple.assigns ||
	    tree->u.simple.n_words < 2)
		return false;
	size_t n = tree->u.simple.n_words;
	if (n > CONFIG_REQUEST_MAX_ARGS + 8)
		return false;
	char **w = arena_alloc(a, (n + 1) * sizeof(*w));
	if (!w)
		return false;
	for (size_t i = 0; i < n; i++) {
		bool is_static = false;
		const char *v = sh_word_static_value(a, tree->u.simple.words[i], &is_static);
		if (!v || !is_static || config_string_problem(v, strlen(v)))
			return false;
		w[i] = (char *)v;
	}
	if (strcmp(w[0], "lite-sandbox") != 0 || strcmp(w[1], "config") != 0)
		return false;
	*ret_argv = w + 1;
	*ret_argc = (int)n - 1;
	return true;
}

/* The words after "config", NUL-separated: what a config ticket is bound to. */
static char *
join_words(struct arena *a, char **argv, int argc, size_t *ret_len)
{
	size_t n = 0;
	for (int i = 1; i < argc; i++)
		n += strlen(argv[i]) + 1;
	char *s = arena_alloc(a, n + 1);
	if (!s)
		return NULL;
	size_t o = 0;
	for (int i = 1; i < argc; i++) {
		size_t l = strlen(argv[i]);
		memcpy(s + o, argv[i], l + 1);
		o += l + 1;
	}
	*ret_len = n;
	return s;
}

/*
 * What a config request needs, decided with the command's own parser:
 * 0 and *ret_writes (the scope into ret_scope: "global" or the project
 * directory) or a refusal with the reason in why (-EINVAL usage,
 * -EPERM refused on purpose).
 */
static int
classify_config(struct registrar *r, struct arena *a, char **argv, int argc, const char *cwd,
		struct config_request *req, bool *ret_writes, const char **ret_scope, char *why,
		size_t why_len)
{
	if (cmd_config_parse(argc, argv, req, why, why_len) < 0)
		return -EINVAL;
	*ret_writes = req->writes && !req->help;
	const char *refused = config_request_refusal(req);
	if (refused) {
		snprintf(why, why_len, "%s", refused);
		return -EPERM;
	}
	if (!*ret_writes)
		return 0; /* reads may look at any scope: no policy there is secret */
	if (req->global) {
		*ret_scope = "global";
		return 0;
	}
	char *proj = NULL;
	int e = config_project_dir(cwd, r->home, &proj);
	if (e < 0) {
		snprintf(why, why_len, "cannot resolve the project directory of %.200s (%s)", cwd,
			 strerror(-e));
		return e;
	}
	*ret_scope = arena_strdup(a, proj);
	free(proj);
	return *ret_scope ? 0 : -ENOMEM;
}

static int
check_config_request(struct registrar *r, struct ipc_call *call, const struct session *s,
		     const char *cwd, const char *cmd, size_t len, char **argv, int argc)
{
	struct config_request req;
	char why[512] = "";
	bool writes = false;
	const char *scope = NULL;
	struct decision d = { .command = cmd, .command_len = len, .cwd = cwd, .s = s,
			      .layer = "denylist" };
	int e = classify_config(r, call->arena, argv, argc, cwd, &req, &writes, &scope, why,
				sizeof(why));
	if (e == -EINVAL) {
		/* One we cannot parse is put to the user as a change, as the hook
		 * does (its run fails on the same parse); the ticket binds it to
		 * this project. */
		char *proj = NULL;
		e = config_project_dir(cwd, r->home, &proj);
		if (e >= 0) {
			scope = arena_strdup(call->arena, proj);
			free(proj);
			e = scope ? 0 : -ENOMEM;
			writes = true;
			memset(&req, 0, sizeof(req));
		}
	}
	if (e < 0) {
		char msg[700];
		snprintf(msg, sizeof(msg), "config request refused: %s", why);
		d.decision = "deny";
		d.rule = e == -EPERM ? "config-request.refused" : "config-request.invalid";
		audit(r, call, &d);
		return reply_one(call, r, LITE_SANDBOX__VERDICT__VERDICT_DENY,
				 LITE_SANDBOX__LAYER__LAYER_DENYLIST, d.rule, msg, false, NULL);
	}
	if (!writes) {
		d.decision = "allow";
		d.rule = "config-request.read-only";
		audit(r, call, &d);
		return reply_one(call, r, LITE_SANDBOX__VERDICT__VERDICT_ALLOW, 0, NULL, NULL,
				 false, NULL);
	}
	if (!can_be_asked(s)) {
		const char *msg = cannot_ask_message(call->arena, s);
		if (!msg)
			return -ENOMEM;
		d.decision = "deny";
		d.rule = "ticket.cannot-ask";
		audit(r, call, &d);
		return reply_one(call, r, LITE_SANDBOX__VERDICT__VERDICT_DENY,
				 LITE_SANDBOX__LAYER__LAYER_DENYLIST, d.rule, msg, false, NULL);
	}
	size_t sl = 0;
	const char *subject = join_words(call->arena, argv, argc, &sl);
	char id[TICKET_ID_LEN + 1];
	if (!subject)
		return -ENOMEM;
	e = tickets_record(r->tickets, TICKET_CONFIG, call->peer_uid, scope, subject, sl, id);
	if (e < 0) {
		call->error_message = "cannot record the approval ticket";
		return e;
	}
	char msg[700];
	snprintf(msg, sizeof(msg), "this changes the sandbox's own policy (%s, scope %s). "
		 "Approve only if you want that change.",
		 req.group ? req.group : "config", scope);
	d.decision = "ask";
	d.rule = "config-request.approval";
	d.ticket = id;
	audit(r, call, &d);
	return reply_one(call, r, LITE_SANDBOX__VERDICT__VERDICT_ASK,
			 LITE_SANDBOX__LAYER__LAYER_DENYLIST, d.rule, msg, true, id);
}

/* ---- handlers ---------------------------------------------------------------------- */

static int
on_register(struct ipc_call *call, void *userdata)
{
	struct registrar *r = userdata;
	const LiteSandbox__SessionRegister *q = call->request->session_register;
	char why[600];
	check_reload(r);

	struct pcache *pc = NULL;
	int e = get_policy(r, q->cwd, &pc, why, sizeof(why));
	if (e < 0) {
		call->error_message = arena_strdup(call->arena, why);
		return e == -ENOMEM ? e : -EINVAL;
	}
	/* One session per agent session and directory: a hook runs as one
	 * process per tool call and registers each time. */
	struct session *s = NULL;
	if (q->agent_session)
		for (size_t i = 0; i < r->n_sessions; i++) {
			struct session *t = &r->sessions[i];
			if (t->uid == call->peer_uid && t->agent == (int)q->agent &&
			    t->agent_session && strcmp(t->agent_session, q->agent_session) == 0 &&
			    strcmp(t->cwd, q->cwd) == 0) {
				s = t;
				break;
			}
		}
	if (!s) {
		if (r->n_sessions == REGISTRAR_MAX_SESSIONS) {
			/* full: the least recently used session goes */
			size_t v = 0;
			for (size_t i = 1; i < r->n_sessions; i++)
				if (r->sessions[i].used < r->sessions[v].used)
					v = i;
			free(r->sessions[v].cwd);
			free(r->sessions[v].project_dir);
			free(r->sessions[v].agent_session);
			r->sessions[v] = r->sessions[--r->n_sessions];
		}
		struct session *ns = realloc(r->sessions, (r->n_sessions + 1) * sizeof(*ns));
		if (!ns)
			return -ENOMEM;
		r->sessions = ns;
		s = &ns[r->n_sessions];
		memset(s, 0, sizeof(*s));
		unsigned char rnd[16];
		if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd))
			return -EIO;
		for (unsigned i = 0; i < 16; i++)
			sprintf(s->id + 2 * i, "%02x", rnd[i]);
		s->uid = call->peer_uid;
		s->agent = (int)q->agent;
		s->cwd = strdup(q->cwd);
		s->project_dir = strdup(pc->project_dir);
		s->agent_session = q->agent_session ? strdup(q->agent_session) : NULL;
		if (!s->cwd || !s->project_dir || (q->agent_session && !s->agent_session)) {
			free(s->cwd);
			free(s->project_dir);
			free(s->agent_session);
			return -ENOMEM;
		}
		r->n_sessions++;
	}
	s->pid = (pid_t)q->pid;
	s->used = ++r->clock;

	LiteSandbox__SessionRegisterReply *rep = arena_alloc(call->arena, sizeof(*rep));
	if (!rep)
		return -ENOMEM;
	lite_sandbox__session_register_reply__init(rep);
	rep->session_id = arena_strdup(call->arena, s->id);
	rep->project_dir = arena_strdup(call->arena, s->project_dir);
	if (!rep->session_id || !rep->project_dir)
		return -ENOMEM;
	rep->policy_generation = r->generation;
	rep->has_mode = true;
	rep->mode = (LiteSandbox__Mode)(policy_get_mode(pc->pol) + 1);
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER_REPLY;
	call->reply->session_register_reply = rep;
	return 0;
}

/* The session named in a request, which must be the caller's own. */
static int
request_session(struct registrar *r, struct ipc_call *call, const char *id, struct session **ret)
{
	*ret = NULL;
	if (!id)
		return 0;
	struct session *s = find_session(r, id);
	if (!s || s->uid != call->peer_uid) {
		/* the same answer for another user's session as for none */
		call->error_message = "no such session (register again)";
		return -ENOENT;
	}
	*ret = s;
	return 0;
}

/*
 * The executor's check of a line whose verdict is ASK: take the ticket the
 * hook recorded when it put this exact line, in this directory, for this
 * uid, to the user (and, when the request names an id, with that id too).
 * Taken: ALLOW with prompts_approved, which lets the interpreter run the
 * prompted invocations the line shows. Otherwise DENY with a finding that
 * says why and what to do. id receives the ticket's id for the audit.
 */
static int
take_command_ticket(struct registrar *r, struct ipc_call *call, const LiteSandbox__CheckRequest *q,
		    const char *cmd, size_t len, LiteSandbox__CheckReply *c, struct decision *d,
		    char *id)
{
	int e = tickets_id(r->tickets, TICKET_COMMAND, call->peer_uid, q->cwd, cmd, len, id);
	if (e < 0) {
		call->error_message = "cannot compute the approval ticket";
		return e;
	}
	d->ticket = id;
	e = tickets_take(r->tickets, TICKET_COMMAND, call->peer_uid, q->cwd, cmd, len,
			 q->ticket_id);
	if (e == 0) {
		c->verdict = LITE_SANDBOX__VERDICT__VERDICT_ALLOW;
		c->has_prompts_approved = true;
		c->prompts_approved = true;
		d->decision = "allow";
		d->layer = "denylist";
		d->rule = "ticket.taken";
		return 0;
	}
	if (e != -ENOENT && e != -ESTALE && e != -EINVAL) {
		/* the store itself failed: an error, not an approval */
		call->error_message = "cannot read the approval tickets";
		return e;
	}
	c->verdict = LITE_SANDBOX__VERDICT__VERDICT_DENY;
	d->decision = "deny";
	d->layer = "denylist";
	d->rule = e == -ESTALE ? "ticket.expired" : "ticket.none";
	const char *msg =
		e == -ESTALE
			? "the user's approval of this command line has expired (tickets last "
			  "15 minutes); ask again: the PreToolUse hook puts it to the user anew"
			: "this command line runs a command that asks first, and no unused approval "
			  "matches this exact line and directory: it runs only after the user "
			  "approved it when the PreToolUse hook asked. Register `lite-sandbox hook` as "
			  "the agent's PreToolUse hook (docs/hook.md) and approve the prompt; each "
			  "approval lets the line run once";
	LiteSandbox__Finding *tf = new_finding(call->arena, LITE_SANDBOX__LAYER__LAYER_DENYLIST,
					       d->rule, msg, NULL, 7, true, false);
	if (!tf)
		return -ENOMEM;
	if (c->n_findings < IPC_REPEATED_MAX)
		c->findings[c->n_findings++] = tf;
	else
		c->findings[c->n_findings - 1] = tf; /* the reason must be in the reply */
	return 0;
}

static int
on_check(struct ipc_call *call, void *userdata)
{
	struct registrar *r = userdata;
	const LiteSandbox__CheckRequest *q = call->request->check;
	struct session *s = NULL;
	char why[600];
	check_reload(r);

	int e = request_session(r, call, q->session_id, &s);
	if (e < 0)
		return e;
	if (q->subject_case != LITE_SANDBOX__CHECK_REQUEST__SUBJECT_COMMAND) {
		/* The file tools' path boundary is answered by the hook itself. */
		call->error_message = "file tool checks are not answered by the registrar";
		return -EOPNOTSUPP;
	}
	const char *cmd = q->command;
	size_t len = strlen(cmd);
	struct decision d = { .command = cmd, .command_len = len, .cwd = q->cwd, .s = s };

	/* What an ask does (record a ticket, or take one) is never guessed:
	 * the validator refuses a check without an origin, and so do we. */
	if (!q->has_origin || (q->origin != LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_HOOK &&
			       q->origin != LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR &&
			       q->origin != LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_AGENT_SHELL)) {
		call->error_message = "check: origin missing (hook or executor)";
		return -EINVAL;
	}
	bool running = q->origin == LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_EXECUTOR;
	char **argv = NULL;
	int argc = 0;
	if (!running && config_request_words(call->arena, cmd, len, &argv, &argc))
		return check_config_request(r, call, s, q->cwd, cmd, len, argv, argc);

	struct pcache *pc = NULL;
	e = get_policy(r, q->cwd, &pc, why, sizeof(why));
	if (e == -ENOMEM)
		return e;
	if (e < 0) {
		d.decision = "deny";
		d.rule = "config.unusable";
		d.layer = "structure";
		audit(r, call, &d);
		return reply_one(call, r, LITE_SANDBOX__VERDICT__VERDICT_DENY,
				 LITE_SANDBOX__LAYER__LAYER_STRUCTURE, d.rule, why, false, NULL);
	}
	d.mode = policy_mode_id(policy_get_mode(pc->pol));

	struct policy_report *rep = NULL;
	e = policy_report_new(&rep);
	if (e >= 0)
		e = policy_check_source(pc->pol, cmd, len, rep);
	if (e < 0) {
		policy_report_free(rep);
		call->error_message = "the command could not be checked";
		return e;
	}

	LiteSandbox__CheckReply *c = new_check_reply(call);
	if (!c) {
		policy_report_free(rep);
		return -ENOMEM;
	}
	c->has_policy_generation = true;
	c->policy_generation = r->generation;
	c->findings = arena_alloc(call->arena, (rep->n_findings + 1) * sizeof(*c->findings));
	if (!c->findings) {
		policy_report_free(rep);
		return -ENOMEM;
	}
	const struct policy_finding *first = NULL;
	for (size_t i = 0; i < rep->n_findings && c->n_findings < IPC_REPEATED_MAX; i++) {
		const struct policy_finding *f = &rep->findings[i];
		if (f->enforced && !first)
			first = f;
		LiteSandbox__Finding *pf = new_finding(call->arena, (int)f->layer + 1, f->rule,
						       f->message ? f->message : f->rule, f->fix,
						       f->modes, f->enforced, f->ask);
		if (!pf) {
			policy_report_free(rep);
			return -ENOMEM;
		}
		c->findings[c->n_findings++] = pf;
	}
	if (first) {
		d.layer = policy_layer_id(first->layer);
		d.rule = first->rule;
	}

	char id[TICKET_ID_LEN + 1];
	switch (rep->verdict) {
	case POLICY_ALLOW:
		c->verdict = LITE_SANDBOX__VERDICT__VERDICT_ALLOW;
		d.decision = "allow";
		break;
	case POLICY_ASK:
		if (running) {
			/* The run after the approval. Never a new ticket here: only
			 * the hook, which puts the line to the user, records one. */
			e = take_command_ticket(r, call, q, cmd, len, c, &d, id);
			if (e < 0) {
				policy_report_free(rep);
				return e;
			}
			break;
		}
		if (!can_be_asked(s)) {
			/* the hook will deny: no ticket for a question nobody answers */
			c->verdict = LITE_SANDBOX__VERDICT__VERDICT_DENY;
			d.decision = "deny";
			d.layer = "denylist";
			d.rule = "ticket.cannot-ask";
			const char *msg = cannot_ask_message(call->arena, s);
			LiteSandbox__Finding *tf = msg ? new_finding(call->arena,
				LITE_SANDBOX__LAYER__LAYER_DENYLIST, d.rule, msg, NULL, 7, true, false) : NULL;
			if (!tf) {
				policy_report_free(rep);
				return -ENOMEM;
			}
			if (c->n_findings < IPC_REPEATED_MAX)
				c->findings[c->n_findings++] = tf;
			else
				c->findings[c->n_findings - 1] = tf;
			break;
		}
		/* The agent's own shell runs what the user approves there: no
		 * server takes a ticket for it, and a spare one would let the
		 * same line run once more through the server, unasked. The id
		 * is the one the ticket would have (for the audit). */
		e = q->origin == LITE_SANDBOX__CHECK_ORIGIN__CHECK_ORIGIN_AGENT_SHELL
			? tickets_id(r->tickets, TICKET_COMMAND, call->peer_uid, q->cwd, cmd, len, id)
			: tickets_record(r->tickets, TICKET_COMMAND, call->peer_uid, q->cwd, cmd, len,
					 id);
		if (e < 0) {
			policy_report_free(rep);
			call->error_message = "cannot record the approval ticket";
			return e;
		}
		c->verdict = LITE_SANDBOX__VERDICT__VERDICT_ASK;
		c->ticket_id = arena_strdup(call->arena, id);
		d.decision = "ask";
		d.ticket = id;
		break;
	case POLICY_DENY:
	case POLICY_VERDICT_MAX:
	default:
		c->verdict = LITE_SANDBOX__VERDICT__VERDICT_DENY;
		d.decision = "deny";
		break;
	}
	if (c->verdict == LITE_SANDBOX__VERDICT__VERDICT_ASK && !c->ticket_id) {
		policy_report_free(rep);
		return -ENOMEM;
	}
	audit(r, call, &d); /* d.rule and d.layer point into the report */
	policy_report_free(rep);
	return 0;
}

/* ---- running a config request --------------------------------------------------------- */

/* Read what the pipes give until both close, the child is gone, or the deadline. */
static int
collect(int out_fd, int err_fd, struct buf *out, struct buf *err, unsigned timeout_ms)
{
	struct timespec t0, now;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct pollfd p[2] = { { .fd = out_fd, .events = POLLIN }, { .fd = err_fd, .events = POLLIN } };
	while (p[0].fd >= 0 || p[1].fd >= 0) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		long spent = (now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000;
		if (spent >= (long)timeout_ms)
			return -ETIMEDOUT;
		if (poll(p, 2, (int)((long)timeout_ms - spent)) < 0 && errno != EINTR)
			return -errno;
		for (int i = 0; i < 2; i++) {
			if (p[i].fd < 0 || !p[i].revents)
				continue;
			char chunk[4096];
			ssize_t n = read(p[i].fd, chunk, sizeof(chunk));
			if (n <= 0) {
				p[i].fd = -1;
				continue;
			}
			/* output past the cap is dropped; the cap is far above what config prints */
			(void)buf_append(i == 0 ? out : err, chunk, (size_t)n);
		}
	}
	return 0;
}

/*
 * Run `lite-sandbox config ARGS` with the approved scope in the
 * environment (the subprocess refuses any other scope: a second check on
 * our parse) and the registrar's own config file.
 */
static int
run_config(struct registrar *r, struct arena *a, char **argv, int argc, const char *cwd,
	   const char *scope, int *ret_status, char **ret_out, char **ret_err)
{
	if (!r->config_bin)
		return -ENOEXEC;
	char **av = arena_alloc(a, ((size_t)argc + 2) * sizeof(*av));
	if (!av)
		return -ENOMEM;
	av[0] = (char *)"lite-sandbox";
	for (int i = 0; i < argc; i++)
		av[i + 1] = argv[i];
	av[argc + 1] = NULL;

	static const char *const keep[] = { "HOME=", "USER=", "LOGNAME=", "PATH=", "LANG=",
					    "LC_ALL=", "TZ=", "XDG_CONFIG_HOME=", "XDG_RUNTIME_DIR=" };
	char *env[ARRAY_SIZE(keep) + 4];
	size_t ne = 0;
	for (char **e = environ; e && *e && ne < ARRAY_SIZE(keep); e++)
		for (size_t k = 0; k < ARRAY_SIZE(keep); k++)
			if (strncmp(*e, keep[k], strlen(keep[k])) == 0) {
				env[ne++] = *e;
				break;
			}
	env[ne++] = arena_printf(a, "LITE_SANDBOX_CONFIG=%s", r->config_path);
	if (scope && strcmp(scope, "global") == 0)
		env[ne++] = (char *)"LITE_SANDBOX_CONFIG_REQUEST_GLOBAL=1";
	else if (scope)
		env[ne++] = arena_printf(a, "LITE_SANDBOX_CONFIG_REQUEST_DIR=%s", scope);
	env[ne] = NULL;
	for (size_t i = 0; i < ne; i++)
		if (!env[i])
			return -ENOMEM;

	int po[2] = { -1, -1 }, pe[2] = { -1, -1 };
	if (pipe2(po, O_CLOEXEC) < 0 || pipe2(pe, O_CLOEXEC) < 0) {
		int e = -errno;
		if (po[0] >= 0) {
			close(po[0]);
			close(po[1]);
		}
		return e;
	}
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, all;
	sigemptyset(&none);
	sigfillset(&all);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	posix_spawn_file_actions_addchdir_np(&fa, cwd);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	pid_t pid;
	int se = posix_spawn(&pid, r->config_bin, &fa, &at, av, env);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(po[1]);
	close(pe[1]);
	if (se != 0) {
		close(po[0]);
		close(pe[0]);
		return -se;
	}
	_cleanup_buf_ struct buf out = BUF_INIT(REGISTRAR_CONFIG_OUTPUT_MAX);
	_cleanup_buf_ struct buf err = BUF_INIT(REGISTRAR_CONFIG_OUTPUT_MAX);
	int e = collect(po[0], pe[0], &out, &err, REGISTRAR_CONFIG_TIMEOUT_MS);
	close(po[0]);
	close(pe[0]);
	if (e < 0)
		kill(pid, SIGKILL);
	int ws = 0;
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	if (e < 0)
		return e;
	*ret_status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	*ret_out = arena_strndup(a, out.data ? out.data : "", out.len);
	*ret_err = arena_strndup(a, err.data ? err.data : "", err.len);
	return *ret_out && *ret_err ? 0 : -ENOMEM;
}

static int
config_reply(struct ipc_call *call, struct registrar *r, int status, const char *out, const char *err)
{
	LiteSandbox__ConfigReply *c = arena_alloc(call->arena, sizeof(*c));
	if (!c)
		return -ENOMEM;
	lite_sandbox__config_reply__init(c);
	c->exit_status = status;
	/* what the subprocess printed may hold bytes that are not UTF-8:
	 * the wire carries text only */
	c->output = (char *)(ipc_utf8_valid(out, strlen(out)) ? out : "(output not UTF-8)\n");
	if (err && *err)
		c->error_output = (char *)(ipc_utf8_valid(err, strlen(err)) ? err : "(not UTF-8)\n");
	c->has_policy_generation = true;
	c->policy_generation = r->generation;
	call->reply->body_case = LITE_SANDBOX__ENVELOPE__BODY_CONFIG_REPLY;
	call->reply->config_reply = c;
	return 0;
}

static int
on_config(struct ipc_call *call, void *userdata)
{
	struct registrar *r = userdata;
	const LiteSandbox__ConfigRequest *q = call->request->config;
	struct session *s = NULL;
	check_reload(r);
	int e = request_session(r, call, q->session_id, &s);
	if (e < 0)
		return e;

	int argc = (int)q->n_argv + 1;
	char **argv = arena_alloc(call->arena, ((size_t)argc + 1) * sizeof(*argv));
	if (!argv)
		return -ENOMEM;
	argv[0] = (char *)"config";
	for (size_t i = 0; i < q->n_argv; i++)
		argv[i + 1] = q->argv[i];
	struct buf text = BUF_INIT(IPC_STRING_MAX);
	(void)buf_puts(&text, "lite-sandbox config");
	for (size_t i = 0; i < q->n_argv; i++) {
		(void)buf_putc(&text, ' ');
		(void)buf_puts(&text, q->argv[i]);
	}
	struct decision d = { .command = text.data ? text.data : "", .command_len = text.len,
			      .cwd = q->cwd, .s = s, .layer = "denylist" };

	struct config_request req;
	char why[512] = "";
	bool writes = false;
	const char *scope = NULL;
	e = classify_config(r, call->arena, argv, argc, q->cwd, &req, &writes, &scope, why,
			    sizeof(why));
	if (e < 0) {
		d.decision = "deny";
		d.rule = e == -EPERM ? "config-request.refused" : "config-request.invalid";
		audit(r, call, &d);
		buf_done(&text);
		const char *msg = arena_printf(call->arena, "lite-sandbox config: refused: %s\n", why);
		return msg ? config_reply(call, r, e == -EINVAL ? 2 : 1, "", msg) : -ENOMEM;
	}
	char id[TICKET_ID_LEN + 1] = "";
	if (writes) {
		size_t sl = 0;
		const char *subject = join_words(call->arena, argv, argc, &sl);
		if (!subject) {
			buf_done(&text);
			return -ENOMEM;
		}
		e = tickets_take(r->tickets, TICKET_CONFIG, call->peer_uid, scope, subject, sl, NULL);
		if (e < 0) {
			d.decision = "deny";
			d.rule = e == -ESTALE ? "ticket.expired" : "ticket.none";
			audit(r, call, &d);
			buf_done(&text);
			return config_reply(call, r, 1, "",
					    e == -ESTALE
						    ? "lite-sandbox config: refused: the approval of this "
						      "request has expired; ask again\n"
						    : "lite-sandbox config: refused: no approval matches this "
						      "exact request and directory; a config request runs only "
						      "after the user approved it when asked\n");
		}
		(void)tickets_id(r->tickets, TICKET_CONFIG, call->peer_uid, scope, subject, sl, id);
	}
	int status = 0;
	char *out = NULL, *err = NULL;
	e = run_config(r, call->arena, argv, argc, q->cwd, writes ? scope : NULL, &status, &out, &err);
	d.decision = e < 0 ? "error" : writes ? "config-change" : "allow";
	d.rule = writes ? "config-request.approved" : "config-request.read-only";
	d.ticket = id[0] ? id : NULL;
	audit(r, call, &d);
	buf_done(&text);
	if (e < 0) {
		call->error_message = "the config command could not run";
		return e;
	}
	if (writes)
		check_reload(r); /* the generation after the change, in the reply */
	return config_reply(call, r, status, out, err);
}

/*
 * The session hook of lib/ipc (IPC_SESSION entries): the session named in a
 * request must exist and be the caller's own, checked by the layer before
 * a handler runs. Another user's session gets the same answer as none.
 */
int
registrar_session(struct ipc_call *call, const char *id, void *userdata)
{
	struct registrar *r = userdata;
	struct session *s = find_session(r, id);
	if (!s || s->uid != call->peer_uid) {
		call->error_message = "no such session (register again)";
		return -ENOENT;
	}
	call->session = s;
	return 0;
}

/*
 * One phase: a front end registers once per connection (the hook, exec
 * and each serve-mcp job open one connection and register on it), then
 * checks and config requests name a session, which must exist and be the
 * caller's (a check without one is a one-off check, decided by its
 * directory).
 */
const struct ipc_dispatch registrar_dispatch[] = {
	{ LITE_SANDBOX__ENVELOPE__BODY_SESSION_REGISTER, IPC_ONCE, on_register },
	{ LITE_SANDBOX__ENVELOPE__BODY_CHECK, IPC_SESSION, on_check },
	{ LITE_SANDBOX__ENVELOPE__BODY_CONFIG, IPC_SESSION, on_config },
};
const size_t registrar_dispatch_len = ARRAY_SIZE(registrar_dispatch);
