/* SPDX-License-Identifier: MIT */
/*
 * serve-mcp internals shared by cmd_serve_mcp.c (the JSON-RPC side) and
 * mcp_job.c (running a tool call in a child process and collecting its
 * output). Not an interface for other front ends.
 */
#ifndef LITE_SANDBOX_MCP_H
#define LITE_SANDBOX_MCP_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "base.h"

/* Largest JSON-RPC message (one line) the server reads. */
#define MCP_MESSAGE_MAX ((size_t)4 << 20)
/* Commands running at once; a call past this is answered with an error. */
#define MCP_JOBS_MAX 16
/* Bytes kept of each of a command's stdout and stderr: the first
 * MCP_STREAM_HEAD and the last MCP_STREAM_TAIL (an error is usually at the
 * end of a long build log, the command's context at its start). */
#define MCP_STREAM_HEAD ((size_t)50 << 10)
#define MCP_STREAM_TAIL ((size_t)50 << 10)
#define MCP_STREAM_MAX (MCP_STREAM_HEAD + MCP_STREAM_TAIL)
/* Default and largest bash tool timeout, seconds. */
#define MCP_TIMEOUT_DEFAULT 120.0
#define MCP_TIMEOUT_MAX 600.0
/* On the services path the executor enforces a call's timeout; the server
 * waits this much longer, so that the executor's answer (with what the
 * command wrote before it was stopped) arrives first. */
#define MCP_SERVICES_GRACE 3.0
/* How long the server keeps reading a finished command's pipes that a
 * process outside its process group still holds open. */
#define MCP_DRAIN_GRACE 1.0

/* What the child process runs. */
struct mcp_spawn {
	const char *dir;         /* working directory (absolute) */
	const char *config_file; /* --config, or NULL */
	bool no_os_sandbox;
	/* Either a command line for `lite-sandbox exec` ... */
	const char *command;
	/* ... or the words after `lite-sandbox config` (NULL-terminated). */
	char *const *config_args;
	/* A config request that changes the config: sent to the registrar,
	 * which runs it only when it takes the user's approval ticket. */
	bool via_registrar;
	int agent;               /* LiteSandbox__AgentKind, for the session */
};

struct mcp_stream {
	int fd;          /* read end, -1 once closed */
	struct buf b;    /* the first MCP_STREAM_HEAD bytes */
	char *tail;      /* ring of the last MCP_STREAM_TAIL bytes after those */
	size_t tail_len, tail_pos;
	size_t dropped;  /* bytes between head and tail, read and discarded */
};

struct mcp_job {
	pid_t pid;          /* also the process group */
	int pidfd;          /* -1: poll by WNOHANG */
	struct mcp_stream out, err;
	double deadline;    /* monotonic seconds; 0: none */
	double timeout;     /* as asked, for the message */
	double started;     /* monotonic seconds */
	bool via_services;  /* the executor runs it and enforces the timeout */
	double exited_at;
	bool exited, timed_out, killed;
	int status;         /* exit status, 128+signal when killed by one */
};

/* Monotonic clock, seconds. */
double mcp_now(void);

/*
 * Start sp in a child process of its own process group with stdin on
 * /dev/null and stdout/stderr on pipes. The child runs the same code as
 * `lite-sandbox exec` (or `lite-sandbox config`), so a tool call is judged
 * and run exactly as that command would be.
 */
int mcp_job_start(struct mcp_job *j, const struct mcp_spawn *sp, double timeout);

/* Read what is available on one stream; closes it at end of file. */
void mcp_job_read(struct mcp_job *j, struct mcp_stream *s);

/* Reap the child if it has exited (non-blocking); true when it has. */
bool mcp_job_reap(struct mcp_job *j);

/* Kill the job's whole process group (timeout, cancellation, shutdown). */
void mcp_job_kill(struct mcp_job *j);

/* True when nothing more is to be read or waited for. */
bool mcp_job_done(const struct mcp_job *j, double now);

/* Close what is left and free the buffers. */
void mcp_job_release(struct mcp_job *j);

/* Append s[0..n) to b with invalid UTF-8 replaced by U+FFFD, so that any
 * output can go into a JSON string. */
int mcp_utf8_sanitize(struct buf *b, const char *s, size_t n);

/* Streams (mcp_text.c): init, take bytes read, free. */
void mcp_stream_init(struct mcp_stream *s);
void mcp_stream_add(struct mcp_stream *s, const char *p, size_t n);
void mcp_stream_done(struct mcp_stream *s);
/* Whether what was kept contains needle (head or tail). */
bool mcp_stream_contains(const struct mcp_stream *s, const char *needle);
/* Append the kept text to t, sanitised, ending in a newline, with a notice
 * where bytes were left out; under a "NAME:" line when header is true.
 * Nothing for an empty stream. */
int mcp_stream_render(struct buf *t, const char *name, const struct mcp_stream *s, bool header);

#endif
