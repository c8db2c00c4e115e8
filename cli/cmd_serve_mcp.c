/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox serve-mcp: an MCP server on stdio for one agent session.
 *
 * Transport: JSON-RPC 2.0, one message per line on stdin and stdout. stdout
 * carries nothing but JSON-RPC (the commands' output goes through pipes into
 * the tool results); diagnostics go to stderr.
 *
 * The server is a single poll() loop over stdin and the running calls, so
 * that a ping or a cancellation is answered while commands run, and several
 * calls may run at once. Each tool call runs in a forked child (mcp_job.c)
 * through the code of `lite-sandbox exec` or `lite-sandbox config`.
 *
 * Tools:
 *  - bash: a command line, checked by the policy and run in the checking
 *    interpreter. A single literal `lite-sandbox config ...` invocation is a
 *    config request instead, as in the hook.
 *  - lite_sandbox_config: a config request given as its words.
 * A config request that only reads runs directly; one that changes the
 * config goes to the registrar, which runs it only when it takes the
 * single-use ticket the hook recorded when the user approved that exact
 * request: a request nobody approved never runs.
 */
#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/signalfd.h>
#include <sys/wait.h>

#include "base.h"
#include "build_config.h"
#include "cli.h"
#include "cmd_config.h"
#include "config.h"
#include "mcp.h"
#include "services_client.h"
#include "shell.h"

/* JSON-RPC error codes. */
#define RPC_PARSE_ERROR -32700
#define RPC_INVALID_REQUEST -32600
#define RPC_METHOD_NOT_FOUND -32601
#define RPC_INVALID_PARAMS -32602
#define RPC_INTERNAL_ERROR -32603

/* Protocol versions we speak, oldest first; the last is our latest. */
static const char *const protocol_versions[] = {
	"2024-11-05",
	"2025-03-26",
	"2025-06-18",
	"2025-11-25",
};

struct batch {
	json_t *replies;  /* array */
	int pending;      /* members still running, +1 while being read */
};

struct call {
	bool used;
	json_t *id;          /* the request's id */
	struct batch *batch; /* NULL: reply on its own */
	bool cancelled;
	bool config;         /* a config request (the exit status is the verdict) */
	struct mcp_job job;
};

struct server {
	const char *dir;
	const char *config_file;
	bool no_os_sandbox;
	int out_fd;
	bool initialized;   /* initialize answered */
	bool ready;         /* notifications/initialized received */
	const char *version;
	int agent;          /* LiteSandbox__AgentKind, from clientInfo.name */
	struct call calls[MCP_JOBS_MAX];
	/* reading stdin */
	struct buf in;
	bool discarding;    /* inside an oversized line */
	bool eof;
	bool out_broken;    /* stdout is gone: nobody to answer */
	int sig_fd;         /* SIGTERM, SIGINT, SIGHUP */
	bool stopping;      /* one of them arrived */
};

void
cmd_serve_mcp_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox serve-mcp [--dir DIR] [--config FILE] [--no-os-sandbox]\n"
		"\n"
		"Serve the Model Context Protocol on stdin/stdout for one agent session.\n"
		"Tools: 'bash' runs a command line the way 'lite-sandbox exec' does\n"
		"(checked by the policy, then run in the checking interpreter), and\n"
		"'lite_sandbox_config' answers a config request. A request that only reads\n"
		"runs at once; one that changes the config goes to the registrar, which\n"
		"runs it only with the ticket the hook recorded when the user approved it.\n"
		"\n"
		"Options:\n"
		"  --dir DIR          the session's working directory (default: the current\n"
		"                     directory)\n"
		"  --config FILE      use FILE as the config instead of the user's\n"
		"  --no-os-sandbox    run commands as 'lite-sandbox exec --no-os-sandbox' does\n"
		"                     (the policy checks, no OS sandbox); without it they go\n"
		"                     the way 'lite-sandbox exec' goes without the option\n"
		"  -h, --help         show this help\n"
		"\n"
		"stdout carries only JSON-RPC messages; diagnostics go to stderr. See\n"
		"docs/mcp.md.\n");
}

static void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void
diag(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("lite-sandbox serve-mcp: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* ---- writing --------------------------------------------------------- */

static void
send_json(struct server *s, json_t *msg)
{
	if (s->out_broken)
		return;
	char *text = json_dumps(msg, JSON_COMPACT);
	if (!text) {
		diag("cannot encode a reply");
		return;
	}
	/* one message, one line: the newline goes with it in one write */
	size_t len = strlen(text);
	char *line = realloc(text, len + 2);
	if (!line) {
		free(text);
		diag("cannot encode a reply");
		return;
	}
	text = line;
	text[len++] = '\n';
	text[len] = '\0';
	const char *p = text;
	while (len > 0) {
		ssize_t w = write(s->out_fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			diag("writing to stdout: %s", strerror(errno));
			s->out_broken = true;
			break;
		}
		p += w;
		len -= (size_t)w;
	}
	free(text);
}

/* Takes the reference to result. */
static json_t *
make_result(json_t *id, json_t *result)
{
	return json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(),
			 "result", result);
}

static json_t *
make_error(json_t *id, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static json_t *
make_error(json_t *id, int code, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return json_pack("{s:s, s:O, s:{s:i, s:s}}", "jsonrpc", "2.0", "id",
			 id ? id : json_null(), "error", "code", code, "message", msg);
}

/* Send a reply, or keep it for its batch. Takes the reference. */
static void
reply(struct server *s, struct batch *b, json_t *msg)
{
	if (!msg) {
		diag("out of memory building a reply");
		return;
	}
	if (b)
		json_array_append_new(b->replies, msg);
	else {
		send_json(s, msg);
		json_decref(msg);
	}
}

static void
batch_release(struct server *s, struct batch *b)
{
	if (--b->pending > 0)
		return;
	/* A batch of notifications alone gets no reply at all. */
	if (json_array_size(b->replies) > 0)
		send_json(s, b->replies);
	json_decref(b->replies);
	free(b);
}

/* ---- tool results ------------------------------------------------------ */

static json_t *
tool_result_text(const char *text, size_t len, bool is_error)
{
	return json_pack("{s:[{s:s, s:s%}], s:b}", "content", "type", "text", "text", text, len,
			 "isError", is_error);
}

static json_t *
tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static json_t *
tool_error(const char *fmt, ...)
{
	_cleanup_buf_ struct buf b = BUF_INIT(64 << 10);
	va_list ap;
	va_start(ap, fmt);
	int r = buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (r < 0)
		return NULL;
	return tool_result_text(b.data, b.len, true);
}

/* exec's messages that mean "not run": refused by the policy, or by the
 * interpreter at runtime (its message is the last thing on stderr). */
static bool
was_refused(const struct mcp_job *j)
{
	return j->status == 126 && mcp_stream_contains(&j->err, "lite-sandbox exec: refused");
}

/* exec's own errors (a syntax error, a config error, services that did not
 * answer): status 2 with its message; the line did not run, or not all. */
static bool
was_not_run(const struct mcp_job *j)
{
	return j->status == 2 && mcp_stream_contains(&j->err, "lite-sandbox exec: ");
}

static json_t *
job_result(const struct call *c)
{
	const struct mcp_job *j = &c->job;
	/* each stream may triple when sanitised, plus the notices */
	_cleanup_buf_ struct buf t = BUF_INIT(7 * MCP_STREAM_MAX + 4096);
	bool refused = !c->config && !j->timed_out && was_refused(j);
	bool is_error = refused || j->timed_out || (c->config ? j->status != 0 : was_not_run(j));
	int r = 0;
	if (refused)
		r = buf_puts(&t, "lite-sandbox refused this command (nothing after the refusal ran). "
			     "The reason and the config change that would allow it:\n");
	if (r >= 0)
		r = mcp_stream_render(&t, "stdout", &j->out, false);
	if (r >= 0)
		r = mcp_stream_render(&t, "stderr", &j->err, !refused);
	if (r >= 0 && (j->out.fd >= 0 || j->err.fd >= 0))
		r = buf_printf(&t, "[stopped reading the output %g s after the command ended: a process it "
			       "started outside its process group still holds it open]\n", MCP_DRAIN_GRACE);
	if (r >= 0 && j->timed_out)
		r = buf_printf(&t, "timed out after %g seconds; the command and everything it started were killed\n",
			       j->timeout);
	if (r >= 0)
		r = buf_printf(&t, "exit status: %d", j->timed_out ? 124 : j->status);
	if (r < 0)
		return tool_error("the output could not be collected: %s", strerror(-r));
	return tool_result_text(t.data, t.len, is_error);
}

/* ---- calls ------------------------------------------------------------- */

static struct call *
call_slot(struct server *s)
{
	for (size_t i = 0; i < MCP_JOBS_MAX; i++)
		if (!s->calls[i].used)
			return &s->calls[i];
	return NULL;
}

static bool
call_running(const struct server *s, const json_t *id)
{
	for (size_t i = 0; i < MCP_JOBS_MAX; i++)
		if (s->calls[i].used && json_equal(s->calls[i].id, (json_t *)id))
			return true;
	return false;
}

static void
call_finish(struct server *s, struct call *c)
{
	if (!c->cancelled) {
		json_t *res = job_result(c);
		/* make_result takes res */
		reply(s, c->batch, res ? make_result(c->id, res) : make_error(c->id, RPC_INTERNAL_ERROR, "out of memory"));
	}
	struct batch *b = c->batch;
	mcp_job_release(&c->job);
	json_decref(c->id);
	*c = (struct call){ 0 };
	if (b)
		batch_release(s, b);
}

/* Start a call; on success the reply comes when it finishes. Returns NULL
 * when started, or a tool result to answer at once. */
static json_t *
start_call(struct server *s, json_t *id, struct batch *b, const struct mcp_spawn *sp,
	   double timeout, bool config)
{
	struct call *c = call_slot(s);
	if (!c)
		return tool_error("lite-sandbox: %d commands are already running in this session; "
				  "wait for one to finish", MCP_JOBS_MAX);
	int r = mcp_job_start(&c->job, sp, timeout);
	if (r < 0)
		return tool_error("lite-sandbox: cannot start the command: %s", strerror(-r));
	c->used = true;
	c->id = json_incref(id);
	c->batch = b;
	c->config = config;
	if (b)
		b->pending++;
	return NULL;
}

/* ---- config requests ----------------------------------------------------- */

/* The words after `lite-sandbox config` when cmd is one literal config
 * invocation (the rule the hook applies, see cmd_hook.c), else NULL. The
 * words live in a. */
static char **
config_request_words(struct arena *a, const char *cmd, size_t len)
{
	struct sh_node *tree = NULL;
	struct sh_error err;
	if (sh_parse(a, cmd, len, NULL, &tree, &err) < 0 || !tree)
		return NULL;
	if (tree->kind != SH_NODE_SIMPLE || tree->redirs || tree->u.simple.assigns ||
	    tree->u.simple.n_words < 2)
		return NULL;
	size_t n = tree->u.simple.n_words;
	if (n > CONFIG_REQUEST_MAX_ARGS + 8)
		return NULL;
	char **w = arena_alloc(a, (n + 1) * sizeof(*w));
	if (!w)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		bool is_static = false;
		const char *v = sh_word_static_value(a, tree->u.simple.words[i], &is_static);
		if (!v || !is_static)
			return NULL;
		w[i] = (char *)v;
	}
	/* by name only, as the hook: a path could be a script the agent wrote */
	if (strcmp(w[0], "lite-sandbox") != 0 || strcmp(w[1], "config") != 0)
		return NULL;
	return w + 2;
}

/* Answer a config request given as its words (NULL-terminated, after
 * "config"). NULL when started. */
static json_t *
config_request(struct server *s, json_t *id, struct batch *b, char **words, size_t n)
{
	_cleanup_buf_ struct buf shown = BUF_INIT(16 << 10);
	(void)buf_puts(&shown, "lite-sandbox config");
	for (size_t i = 0; i < n; i++) {
		const char *problem = config_string_problem(words[i], strlen(words[i]));
		if (problem)
			return tool_error("lite-sandbox: config request refused: argument %zu %s; "
					  "arguments with control, format or separator characters could "
					  "hide what the approval prompt shows", i + 1, problem);
		(void)buf_printf(&shown, " %s", words[i]);
	}
	/* argv as the config command sees it: "config" WORDS... */
	_cleanup_free_ char **argv = calloc(n + 2, sizeof(*argv));
	if (!argv)
		return tool_error("lite-sandbox: out of memory");
	argv[0] = (char *)"config";
	for (size_t i = 0; i < n; i++)
		argv[i + 1] = words[i];
	struct config_request req;
	char why[512] = "";
	int r = cmd_config_parse((int)n + 1, argv, &req, why, sizeof(why));
	if (r < 0)
		return tool_error("lite-sandbox: config request refused: %s\nUsage: lite-sandbox config --help",
				  why[0] ? why : strerror(-r));
	/* The session's config is the one to read or change: a request that
	 * names another file could have the config command read any file
	 * and quote it in its parse errors. */
	if (req.config)
		return tool_error("lite-sandbox: config request refused: --config is not accepted "
				  "here; requests work on the session's config%s%s",
				  s->config_file ? " " : "", s->config_file ? s->config_file : "");
	if (!req.help && req.writes) {
		/* The registrar runs it only with the ticket the hook recorded
		 * when the user approved this exact request; without one (or
		 * without an answer) nothing changes. */
		struct mcp_spawn sp = {
			.dir = s->dir,
			.config_file = s->config_file,
			.config_args = argv + 1,
			.via_registrar = true,
			.agent = s->agent,
		};
		return start_call(s, id, b, &sp, MCP_TIMEOUT_DEFAULT, true);
	}
	struct mcp_spawn sp = {
		.dir = s->dir,
		.config_args = argv + 1,
	};
	/* The session's --config, as a root option before the subcommand
	 * (after the operands a "--" could turn it into operands). */
	_cleanup_free_ char **with_cfg = NULL;
	if (s->config_file) {
		with_cfg = calloc(n + 3, sizeof(*with_cfg));
		if (!with_cfg)
			return tool_error("lite-sandbox: out of memory");
		with_cfg[0] = (char *)"--config";
		with_cfg[1] = (char *)s->config_file;
		for (size_t i = 0; i < n; i++)
			with_cfg[i + 2] = words[i];
		sp.config_args = with_cfg;
	}
	return start_call(s, id, b, &sp, MCP_TIMEOUT_DEFAULT, true);
}

/* ---- tools ------------------------------------------------------------- */

static bool
version_at_least(const struct server *s, const char *v)
{
	return s->version && strcmp(s->version, v) >= 0;
}

static json_t *
tools_list(const struct server *s)
{
	json_t *bash = json_pack(
		"{s:s, s:s, s:{s:s, s:{s:{s:s, s:s}, s:{s:s, s:i, s:s}, s:{s:s, s:s}}, s:[s]}}",
		"name", "bash",
		"description",
		"Run a bash command line in lite-sandbox. It is parsed as bash would, checked "
		"against the user's policy, and run with bash's semantics in an interpreter that "
		"checks every command again after expansion. The result has the command's "
		"stdout, its stderr and its exit status. A refused command does not run; the "
		"result is an error that names the rule and the config change that would allow "
		"it. A command line that is exactly 'lite-sandbox config ...' is a config request "
		"(see the lite_sandbox_config tool).",
		"inputSchema", "type", "object", "properties",
		"command", "type", "string", "description", "The command line, as you would type it in bash.",
		"timeout", "type", "number", "maximum", (int)MCP_TIMEOUT_MAX, "description",
		"Seconds after which the command and everything it started are killed (default 120, at most 600).",
		"description", "type", "string", "description",
		"A short description of what the command does (not used to judge it).",
		"required", "command");
	json_t *cfg = json_pack(
		"{s:s, s:s, s:{s:s, s:{s:{s:s, s:{s:s}, s:s}}, s:[s]}}",
		"name", "lite_sandbox_config",
		"description",
		"Read or change lite-sandbox's policy, as 'lite-sandbox config ARGS...' would. "
		"Requests that only read (path, show, mode show, paths list, commands list, "
		"os-sandbox check|show|profile, --help) run directly. A request that changes the "
		"config needs the user's approval and is refused when it has none.",
		"inputSchema", "type", "object", "properties",
		"args", "type", "array", "items", "type", "string", "description",
		"The words after 'lite-sandbox config', e.g. [\"paths\", \"list\"].",
		"required", "args");
	if (!bash || !cfg) {
		json_decref(bash);
		json_decref(cfg);
		return NULL;
	}
	json_t *to = json_object_get(json_object_get(json_object_get(bash, "inputSchema"),
						     "properties"), "timeout");
	json_object_set_new(to, "exclusiveMinimum", json_integer(0));
	if (version_at_least(s, "2025-06-18")) {
		json_object_set_new(bash, "title", json_string("Run a command in lite-sandbox"));
		json_object_set_new(cfg, "title", json_string("lite-sandbox config request"));
	}
	if (version_at_least(s, "2025-03-26")) {
		json_object_set_new(bash, "annotations",
				    json_pack("{s:b, s:b, s:b}", "readOnlyHint", 0,
					      "destructiveHint", 1, "openWorldHint", 1));
		json_object_set_new(cfg, "annotations",
				    json_pack("{s:b, s:b, s:b}", "readOnlyHint", 0,
					      "destructiveHint", 0, "openWorldHint", 0));
	}
	return json_pack("{s:[o, o]}", "tools", bash, cfg);
}

/* tools/call. Returns a JSON-RPC reply, or NULL when the call was started
 * (or on a reply already queued). */
static json_t *
tools_call(struct server *s, json_t *id, json_t *params, struct batch *b)
{
	if (!json_is_object(params))
		return make_error(id, RPC_INVALID_PARAMS, "tools/call needs params {name, arguments}");
	json_t *name = json_object_get(params, "name");
	json_t *args = json_object_get(params, "arguments");
	if (!json_is_string(name))
		return make_error(id, RPC_INVALID_PARAMS, "tools/call: 'name' must be a string");
	if (args && !json_is_object(args) && !json_is_null(args))
		return make_error(id, RPC_INVALID_PARAMS, "tools/call: 'arguments' must be an object");
	const char *tool = json_string_value(name);
	json_t *res = NULL;
	if (strcmp(tool, "bash") == 0) {
		json_t *cmd = json_object_get(args, "command");
		json_t *to = json_object_get(args, "timeout");
		json_t *desc = json_object_get(args, "description");
		if (!json_is_string(cmd))
			return make_error(id, RPC_INVALID_PARAMS, "bash: 'command' (a string) is required");
		if (desc && !json_is_string(desc) && !json_is_null(desc))
			return make_error(id, RPC_INVALID_PARAMS, "bash: 'description' must be a string");
		double timeout = MCP_TIMEOUT_DEFAULT;
		if (to && !json_is_null(to)) {
			if (!json_is_number(to))
				return make_error(id, RPC_INVALID_PARAMS, "bash: 'timeout' must be a number of seconds");
			timeout = json_number_value(to);
			if (!(timeout > 0) || timeout > MCP_TIMEOUT_MAX)
				return make_error(id, RPC_INVALID_PARAMS,
						  "bash: 'timeout' must be more than 0 and at most %g seconds",
						  MCP_TIMEOUT_MAX);
		}
		const char *src = json_string_value(cmd);
		size_t len = json_string_length(cmd);
		if (memchr(src, '\0', len))
			return make_error(id, RPC_INVALID_PARAMS, "bash: 'command' contains a NUL character");
		if (len > SH_MAX_INPUT)
			res = tool_error("lite-sandbox: refused: the command line is %zu bytes, more than "
					 "the %u the parser accepts", len, SH_MAX_INPUT);
		if (!res) {
			_cleanup_arena_ struct arena *a = arena_new(SH_MAX_INPUT * 4u);
			if (!a)
				return make_error(id, RPC_INTERNAL_ERROR, "out of memory");
			char **words = config_request_words(a, src, len);
			if (words) {
				size_t n = 0;
				while (words[n])
					n++;
				res = config_request(s, id, b, words, n);
			} else {
				struct mcp_spawn sp = {
					.dir = s->dir,
					.config_file = s->config_file,
					.no_os_sandbox = s->no_os_sandbox,
					.command = src,
				};
				res = start_call(s, id, b, &sp, timeout, false);
			}
		}
	} else if (strcmp(tool, "lite_sandbox_config") == 0) {
		json_t *words = json_object_get(args, "args");
		if (!json_is_array(words))
			return make_error(id, RPC_INVALID_PARAMS, "lite_sandbox_config: 'args' (an array of strings) is required");
		size_t n = json_array_size(words);
		if (n > CONFIG_REQUEST_MAX_ARGS)
			return make_error(id, RPC_INVALID_PARAMS, "lite_sandbox_config: more than %d arguments",
					  CONFIG_REQUEST_MAX_ARGS);
		_cleanup_free_ char **w = calloc(n + 1, sizeof(*w));
		if (!w)
			return make_error(id, RPC_INTERNAL_ERROR, "out of memory");
		for (size_t i = 0; i < n; i++) {
			json_t *v = json_array_get(words, i);
			if (!json_is_string(v) || memchr(json_string_value(v), '\0', json_string_length(v)))
				return make_error(id, RPC_INVALID_PARAMS,
						  "lite_sandbox_config: argument %zu is not a string", i + 1);
			w[i] = (char *)json_string_value(v);
		}
		res = config_request(s, id, b, w, n);
	} else {
		return make_error(id, RPC_INVALID_PARAMS, "unknown tool '%.100s'", tool);
	}
	if (!res)
		return NULL; /* started */
	return make_result(id, res);
}

/* ---- the protocol ------------------------------------------------------ */

/* The agent, for the registrar's session and audit; by the name its MCP
 * client gives (claude-code, codex-mcp-client, opencode, ...). */
static int
agent_kind(const char *name)
{
	static const struct {
		const char *part;
		LiteSandbox__AgentKind kind;
	} names[] = {
		{ "claude", LITE_SANDBOX__AGENT_KIND__AGENT_CLAUDE_CODE },
		{ "codex", LITE_SANDBOX__AGENT_KIND__AGENT_CODEX },
		{ "opencode", LITE_SANDBOX__AGENT_KIND__AGENT_OPENCODE },
		{ "crush", LITE_SANDBOX__AGENT_KIND__AGENT_CRUSH },
		{ "grok", LITE_SANDBOX__AGENT_KIND__AGENT_GROK },
	};
	for (size_t i = 0; name && i < ARRAY_SIZE(names); i++)
		if (strcasestr(name, names[i].part))
			return names[i].kind;
	if (name && strcasecmp(name, "pi") == 0)
		return LITE_SANDBOX__AGENT_KIND__AGENT_PI;
	return LITE_SANDBOX__AGENT_KIND__AGENT_OTHER;
}

static json_t *
initialize(struct server *s, json_t *id, json_t *params)
{
	if (s->initialized)
		return make_error(id, RPC_INVALID_REQUEST, "the session is already initialized");
	json_t *pv = json_object_get(params, "protocolVersion");
	if (!json_is_object(params) || !json_is_string(pv))
		return make_error(id, RPC_INVALID_PARAMS, "initialize needs params.protocolVersion (a string)");
	/* The client's version when we speak it, else our latest: the client
	 * decides whether it can go on with that. */
	const char *v = protocol_versions[ARRAY_SIZE(protocol_versions) - 1];
	for (size_t i = 0; i < ARRAY_SIZE(protocol_versions); i++)
		if (strcmp(json_string_value(pv), protocol_versions[i]) == 0)
			v = protocol_versions[i];
	s->version = v;
	s->initialized = true;
	s->agent = agent_kind(json_string_value(json_object_get(json_object_get(params, "clientInfo"),
								 "name")));
	return make_result(id, json_pack(
		"{s:s, s:{s:{s:b}}, s:{s:s, s:s}, s:s}",
		"protocolVersion", v,
		"capabilities", "tools", "listChanged", 0,
		"serverInfo", "name", "lite-sandbox", "version", LITE_SANDBOX_VERSION,
		"instructions",
		"Run shell commands with the 'bash' tool. Each command is checked against the "
		"user's policy before and while it runs; a refused command returns an error "
		"naming the rule and the config change that would allow it. Ask the user before "
		"requesting a config change."));
}

static void
cancel(struct server *s, json_t *params)
{
	json_t *rid = json_object_get(params, "requestId");
	if (!json_is_string(rid) && !json_is_integer(rid))
		return;
	for (size_t i = 0; i < MCP_JOBS_MAX; i++) {
		struct call *c = &s->calls[i];
		if (c->used && !c->cancelled && json_equal(c->id, rid)) {
			/* No reply for a cancelled request; it finishes (and is
			 * reaped) through the loop like any other. */
			c->cancelled = true;
			mcp_job_kill(&c->job);
		}
	}
}

/* One request or notification (a batch member or a message on its own). */
static void
handle_one(struct server *s, json_t *m, struct batch *b)
{
	if (!json_is_object(m)) {
		reply(s, b, make_error(NULL, RPC_INVALID_REQUEST, "a message must be a JSON object"));
		return;
	}
	json_t *id = json_object_get(m, "id");
	json_t *method = json_object_get(m, "method");
	json_t *params = json_object_get(m, "params");
	json_t *jv = json_object_get(m, "jsonrpc");
	/* MCP ids are strings or integers (never null); anything else cannot
	 * be echoed back reliably. */
	if (id && !json_is_string(id) && !json_is_integer(id)) {
		reply(s, b, make_error(NULL, RPC_INVALID_REQUEST, "'id' must be a string or an integer"));
		return;
	}
	if (!json_is_string(jv) || strcmp(json_string_value(jv), "2.0") != 0) {
		reply(s, b, make_error(id, RPC_INVALID_REQUEST, "'jsonrpc' must be \"2.0\""));
		return;
	}
	if (!method) {
		/* A response to a request of ours: we send none, so ignore it. */
		if (id && (json_object_get(m, "result") || json_object_get(m, "error")))
			return;
		reply(s, b, make_error(id, RPC_INVALID_REQUEST, "a request needs 'method'"));
		return;
	}
	if (!json_is_string(method)) {
		reply(s, b, make_error(id, RPC_INVALID_REQUEST, "'method' must be a string"));
		return;
	}
	const char *name = json_string_value(method);
	if (params && !json_is_object(params) && !json_is_array(params)) {
		if (id)
			reply(s, b, make_error(id, RPC_INVALID_PARAMS, "'params' must be an object or an array"));
		return;
	}
	if (!id) {
		/* Notifications are never answered, not even with an error. */
		if (strcmp(name, "notifications/initialized") == 0)
			s->ready = s->initialized;
		else if (strcmp(name, "notifications/cancelled") == 0)
			cancel(s, params);
		return;
	}
	if (strcmp(name, "initialize") == 0) {
		if (b)
			reply(s, b, make_error(id, RPC_INVALID_REQUEST, "initialize cannot be part of a batch"));
		else
			reply(s, b, initialize(s, id, params));
		return;
	}
	if (strcmp(name, "ping") == 0) {
		reply(s, b, make_result(id, json_object()));
		return;
	}
	if (!s->initialized) {
		reply(s, b, make_error(id, RPC_INVALID_REQUEST,
				       "the session is not initialized: the first request must be initialize"));
		return;
	}
	if (call_running(s, id)) {
		reply(s, b, make_error(id, RPC_INVALID_REQUEST, "a request with this id is still running"));
		return;
	}
	if (strcmp(name, "tools/list") == 0) {
		json_t *tools = tools_list(s);
		reply(s, b, tools ? make_result(id, tools) : make_error(id, RPC_INTERNAL_ERROR, "out of memory"));
	} else if (strcmp(name, "tools/call") == 0) {
		json_t *r = tools_call(s, id, params, b);
		if (r)
			reply(s, b, r);
	} else {
		reply(s, b, make_error(id, RPC_METHOD_NOT_FOUND, "method '%.100s' not found", name));
	}
}

static void
handle_line(struct server *s, const char *line, size_t len)
{
	/* blank lines between messages are harmless */
	size_t k = 0;
	while (k < len && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r'))
		k++;
	if (k == len)
		return;
	json_error_t jerr;
	json_t *m = json_loadb(line, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
	if (!m) {
		reply(s, NULL, make_error(NULL, RPC_PARSE_ERROR, "parse error at byte %d: %s",
					  jerr.position, jerr.text));
		return;
	}
	if (json_is_array(m)) {
		/* Batches exist only in 2025-03-26: 2024-11-05 does not define
		 * them and 2025-06-18 removed them. */
		if (!s->version || strcmp(s->version, "2025-03-26") != 0)
			reply(s, NULL, make_error(NULL, RPC_INVALID_REQUEST,
						  "JSON-RPC batches are not supported in protocol version %s",
						  s->version ? s->version : "(not initialized)"));
		else if (json_array_size(m) == 0)
			reply(s, NULL, make_error(NULL, RPC_INVALID_REQUEST, "an empty batch"));
		else {
			struct batch *b = calloc(1, sizeof(*b));
			if (!b || !(b->replies = json_array())) {
				free(b);
				diag("out of memory for a batch");
			} else {
				b->pending = 1; /* until every member is read */
				size_t i;
				json_t *e;
				json_array_foreach(m, i, e)
					handle_one(s, e, b);
				batch_release(s, b);
			}
		}
	} else {
		handle_one(s, m, NULL);
	}
	json_decref(m);
}

/* Read what stdin has and handle every complete line. */
static void
read_input(struct server *s)
{
	char chunk[65536];
	ssize_t n = read(0, chunk, sizeof(chunk));
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		if (n < 0)
			diag("reading stdin: %s", strerror(errno));
		s->eof = true;
		/* a last message without its newline still counts */
		if (!s->discarding && s->in.len)
			handle_line(s, s->in.data, s->in.len);
		buf_truncate(&s->in, 0);
		return;
	}
	const char *p = chunk, *end = chunk + n;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t seg = (size_t)((nl ? nl : end) - p);
		if (!s->discarding) {
			if (s->in.len + seg > MCP_MESSAGE_MAX) {
				/* Answer once, then skip to the end of the line. */
				s->discarding = true;
				buf_truncate(&s->in, 0);
				reply(s, NULL, make_error(NULL, RPC_INVALID_REQUEST,
							  "message larger than %zu bytes", MCP_MESSAGE_MAX));
			} else if (buf_append(&s->in, p, seg) < 0) {
				s->discarding = true;
				buf_truncate(&s->in, 0);
				reply(s, NULL, make_error(NULL, RPC_INTERNAL_ERROR, "out of memory"));
			}
		}
		if (!nl)
			break;
		if (!s->discarding)
			handle_line(s, s->in.data ? s->in.data : "", s->in.len);
		s->discarding = false;
		buf_truncate(&s->in, 0);
		p = nl + 1;
	}
}

/* ---- the loop ---------------------------------------------------------- */

static int
serve(struct server *s)
{
	for (;;) {
		struct pollfd pfd[2 + 3 * MCP_JOBS_MAX];
		struct {
			struct call *c;
			int what; /* 0 out, 1 err, 2 pidfd */
		} map[2 + 3 * MCP_JOBS_MAX];
		size_t n = 0;
		bool any = false;
		if (!s->eof) {
			pfd[n] = (struct pollfd){ .fd = 0, .events = POLLIN };
			map[n].c = NULL;
			n++;
		}
		if (s->sig_fd >= 0 && !s->stopping) {
			pfd[n] = (struct pollfd){ .fd = s->sig_fd, .events = POLLIN };
			map[n].c = NULL;
			n++;
		}
		double now = mcp_now(), wake = -1;
		bool need_tick = false;
		for (size_t i = 0; i < MCP_JOBS_MAX; i++) {
			struct call *c = &s->calls[i];
			if (!c->used)
				continue;
			any = true;
			struct mcp_job *j = &c->job;
			if (j->out.fd >= 0) {
				pfd[n] = (struct pollfd){ .fd = j->out.fd, .events = POLLIN };
				map[n].c = c;
				map[n++].what = 0;
			}
			if (j->err.fd >= 0) {
				pfd[n] = (struct pollfd){ .fd = j->err.fd, .events = POLLIN };
				map[n].c = c;
				map[n++].what = 1;
			}
			if (!j->exited) {
				if (j->pidfd >= 0) {
					pfd[n] = (struct pollfd){ .fd = j->pidfd, .events = POLLIN };
					map[n].c = c;
					map[n++].what = 2;
				} else {
					need_tick = true;
				}
				if (j->deadline > 0 && !j->killed)
					wake = wake < 0 || j->deadline < wake ? j->deadline : wake;
			} else {
				double t = j->exited_at + MCP_DRAIN_GRACE;
				wake = wake < 0 || t < wake ? t : wake;
			}
		}
		if (s->eof && !any)
			return 0;
		int ms = -1;
		if (wake >= 0)
			ms = wake <= now ? 0 : (int)ceil((wake - now) * 1000);
		if (need_tick && (ms < 0 || ms > 10))
			ms = 10;
		int r = poll(pfd, n, ms);
		if (r < 0 && errno != EINTR) {
			diag("poll: %s", strerror(errno));
			return 1;
		}
		for (size_t i = 0; r > 0 && i < n; i++) {
			if (!pfd[i].revents)
				continue;
			struct call *c = map[i].c;
			if (!c)
				continue; /* stdin and signals: after the jobs, see below */
			if (map[i].what == 0)
				mcp_job_read(&c->job, &c->job.out);
			else if (map[i].what == 1)
				mcp_job_read(&c->job, &c->job.err);
			else
				(void)mcp_job_reap(&c->job);
		}
		now = mcp_now();
		for (size_t i = 0; i < MCP_JOBS_MAX; i++) {
			struct call *c = &s->calls[i];
			if (!c->used)
				continue;
			struct mcp_job *j = &c->job;
			if (!j->exited && j->pidfd < 0)
				(void)mcp_job_reap(j);
			if (!j->exited && j->deadline > 0 && now >= j->deadline && !j->killed) {
				j->timed_out = true;
				mcp_job_kill(j);
			}
			if (mcp_job_done(j, now))
				call_finish(s, c);
		}
		/* Input last, so that a call's reply is not overtaken by a
		 * message that arrived after it finished. */
		if (r > 0 && !s->eof && pfd[0].fd == 0 && pfd[0].revents)
			read_input(s);
		if (r > 0 && s->sig_fd >= 0) {
			struct signalfd_siginfo si;
			for (size_t i = 0; i < n; i++)
				if (pfd[i].fd == s->sig_fd && pfd[i].revents &&
				    read(s->sig_fd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
					diag("signal %u: stopping the running commands", si.ssi_signo);
					s->stopping = true;
				}
		}
		/* With stdin closed the client is shutting down: the calls that
		 * run finish (their timeouts still apply) and are answered if
		 * stdout is still there. A signal or a closed stdout stops them. */
		if (s->out_broken)
			s->stopping = true;
		if (s->stopping) {
			s->eof = true;
			for (size_t i = 0; i < MCP_JOBS_MAX; i++)
				if (s->calls[i].used) {
					s->calls[i].cancelled = true;
					mcp_job_kill(&s->calls[i].job);
				}
		}
	}
}

int
cmd_serve_mcp(int argc, char **argv)
{
	enum { OPT_DIR = 256, OPT_CONFIG, OPT_NO_OS };
	static const struct option longopts[] = {
		{ "dir", required_argument, NULL, OPT_DIR },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "no-os-sandbox", no_argument, NULL, OPT_NO_OS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = ".", *config_file = NULL;
	bool no_os = false;
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_DIR:
			dir = optarg;
			break;
		case OPT_CONFIG:
			config_file = optarg;
			break;
		case OPT_NO_OS:
			no_os = true;
			break;
		case 'h':
			cmd_serve_mcp_usage(stdout);
			return 0;
		default:
			return cli_usage_error("serve-mcp", "unknown option or missing value in '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind != argc)
		return cli_usage_error("serve-mcp", "unexpected argument '%s'", argv[optind]);
	char dirbuf[PATH_MAX], cfgbuf[PATH_MAX];
	if (!realpath(dir, dirbuf)) {
		fprintf(stderr, "lite-sandbox serve-mcp: --dir %s: %s\n", dir, strerror(errno));
		return EXIT_USAGE;
	}
	/* the children run from the session directory; a relative --config
	 * means the server's */
	if (config_file && !realpath(config_file, cfgbuf)) {
		fprintf(stderr, "lite-sandbox serve-mcp: --config %s: %s\n", config_file, strerror(errno));
		return EXIT_USAGE;
	}
	/* A client that goes away while we write must not kill the server
	 * before it has stopped the commands. */
	signal(SIGPIPE, SIG_IGN);
	/* Termination signals arrive through the loop, which kills every
	 * running command's process group before the server exits (the
	 * children unblock them again). */
	sigset_t term;
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGINT);
	sigaddset(&term, SIGHUP);
	int sig_fd = -1;
	if (sigprocmask(SIG_BLOCK, &term, NULL) == 0)
		sig_fd = signalfd(-1, &term, SFD_CLOEXEC);
	if (sig_fd < 0)
		diag("signalfd: %s; a signal will leave running commands behind", strerror(errno));
	struct server s = {
		.sig_fd = sig_fd,
		.dir = dirbuf,
		.config_file = config_file ? cfgbuf : NULL,
		.no_os_sandbox = no_os,
		.out_fd = 1,
		.agent = LITE_SANDBOX__AGENT_KIND__AGENT_OTHER,
		.in = BUF_INIT(MCP_MESSAGE_MAX + 1),
	};
	int r = serve(&s);
	for (size_t i = 0; i < MCP_JOBS_MAX; i++)
		if (s.calls[i].used) {
			mcp_job_release(&s.calls[i].job);
			json_decref(s.calls[i].id);
			if (s.calls[i].batch && --s.calls[i].batch->pending == 0) {
				json_decref(s.calls[i].batch->replies);
				free(s.calls[i].batch);
			}
		}
	buf_done(&s.in);
	if (sig_fd >= 0)
		close(sig_fd);
	return s.stopping && !s.out_broken ? 128 + SIGTERM : r;
}
