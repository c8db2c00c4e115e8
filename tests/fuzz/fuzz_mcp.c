/* SPDX-License-Identifier: MIT */
/*
 * serve-mcp's message handling: arbitrary bytes as stdin lines, after an
 * initialize in the version the first byte picks (or none). The server's
 * source is compiled in; the child processes are replaced by stubs that
 * "finish" at once with output taken from the input, so that batches,
 * replies and the UTF-8 sanitiser all run without forking.
 *
 * Checks: no crash, leak or undefined behaviour (ASan/UBSan), the
 * sanitiser's output is always valid UTF-8 (jansson accepts it as a string),
 * and a stream accounts for every byte (kept in head or tail, or counted).
 */
#include <fcntl.h>
#include <jansson.h>
#include <stdint.h>
#include <string.h>

#include "../../cli/cmd_serve_mcp.c"

static const uint8_t *fake_out;
static size_t fake_out_len;

double
mcp_now(void)
{
	return 0;
}

int
mcp_job_start(struct mcp_job *j, const struct mcp_spawn *sp, double timeout)
{
	(void)sp;
	*j = (struct mcp_job){ .pid = -1, .pidfd = -1 };
	mcp_stream_init(&j->out);
	mcp_stream_init(&j->err);
	if (fake_out_len > 2 && fake_out[0] == 'E')
		return -EAGAIN;
	/* a few rounds through the stream, so that head, ring and the
	 * bytes between them all get used */
	size_t rounds = fake_out_len ? 1 + (fake_out[fake_out_len - 1] % 5) * 1200 : 1;
	for (size_t i = 0; i < rounds; i++)
		mcp_stream_add(&j->out, (const char *)fake_out, fake_out_len);
	mcp_stream_add(&j->err, (const char *)fake_out, fake_out_len / 2);
	/* every byte is kept once or counted as left out */
	if (j->out.b.len + j->out.tail_len + j->out.dropped != rounds * fake_out_len)
		__builtin_trap();
	j->exited = true;
	j->timeout = timeout;
	j->timed_out = fake_out_len % 5 == 1;
	j->status = fake_out_len ? fake_out[0] : 0;
	return 0;
}

void
mcp_job_read(struct mcp_job *j, struct mcp_stream *s)
{
	(void)j;
	(void)s;
}

bool
mcp_job_reap(struct mcp_job *j)
{
	return j->exited;
}

void
mcp_job_kill(struct mcp_job *j)
{
	j->killed = true;
}

bool
mcp_job_done(const struct mcp_job *j, double now)
{
	(void)now;
	return j->exited;
}

void
mcp_job_release(struct mcp_job *j)
{
	mcp_stream_done(&j->out);
	mcp_stream_done(&j->err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int null_fd = -1;
	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (size < 1)
		return 0;

	/* the sanitiser alone */
	struct buf t = BUF_INIT(4 * 4096 + 16);
	if (mcp_utf8_sanitize(&t, (const char *)data, size) == 0) {
		json_t *js = json_stringn(t.data ? t.data : "", t.len);
		if (!js)
			__builtin_trap(); /* not valid UTF-8 after sanitising */
		json_decref(js);
	}
	buf_done(&t);

	struct server s = {
		.dir = "/nonexistent",
		.out_fd = null_fd,
		.sig_fd = -1,
		.agent = LITE_SANDBOX__AGENT_KIND__AGENT_OTHER,
		.in = BUF_INIT(MCP_MESSAGE_MAX + 1),
	};
	fake_out = data;
	fake_out_len = size > 64 ? 64 : size;
	unsigned pick = data[0] % (ARRAY_SIZE(protocol_versions) + 1);
	if (pick < ARRAY_SIZE(protocol_versions)) {
		char init[256];
		int n = snprintf(init, sizeof(init),
				 "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
				 "{\"protocolVersion\":\"%s\",\"capabilities\":{},"
				 "\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"0\"}}}",
				 protocol_versions[pick]);
		handle_line(&s, init, (size_t)n);
	}
	/* the rest, line by line, as read_input hands it over */
	const char *p = (const char *)data + 1, *end = (const char *)data + size;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((nl ? nl : end) - p);
		handle_line(&s, p, len);
		for (size_t i = 0; i < MCP_JOBS_MAX; i++)
			if (s.calls[i].used && mcp_job_done(&s.calls[i].job, 0))
				call_finish(&s, &s.calls[i]);
		p += len + 1;
	}
	for (size_t i = 0; i < MCP_JOBS_MAX; i++)
		if (s.calls[i].used)
			call_finish(&s, &s.calls[i]);
	buf_done(&s.in);
	return 0;
}
