/* SPDX-License-Identifier: MIT */
/*
 * The worker's request check (sandbox_worker_check_request): what a peer
 * may send, field by field. Each refusal beside the request it differs from
 * by one field, which passes.
 */
#include <stdint.h>
#include <string.h>

#include "sandbox-internal.h"
#include "tap.h"

/* struct wreq of worker.c: four uint32 */
#define MAGIC_REQ 0x4c535271u
#define MAGIC_CHAN 0x4c534368u
#define MAGIC_SCRIPT 0x4c535363u
#define MAGIC_POLICY 0x4c53506fu

static char msg[512];

/* Header plus payload (len bytes, NULs included) in msg; returns the kind. */
static int
check(uint32_t magic, uint32_t timeout, uint32_t argc, const char *payload, size_t len, size_t nfds)
{
	uint32_t h[4] = { magic, timeout, argc, (uint32_t)len };
	memcpy(msg, h, sizeof(h));
	memcpy(msg + sizeof(h), payload, len);
	return sandbox_worker_check_request(msg, msg + sizeof(h), sizeof(h) + len, nfds);
}

#define S(lit) lit, sizeof(lit) - 1 /* a literal with its embedded NULs */

TEST(command_requests)
{
	ASSERT_EQ(check(MAGIC_REQ, 0, 2, S("/p\0true\0x\0"), 3), WORKER_REQ_COMMAND);
	ASSERT_EQ(check(MAGIC_REQ, 0, 2, S("/p\0true\0x\0"), 2), 0);   /* fds */
	ASSERT_EQ(check(MAGIC_REQ, 0, 3, S("/p\0true\0x\0"), 3), 0);   /* count */
	ASSERT_EQ(check(MAGIC_REQ, 0, 1, S("/p\0\0"), 3), 0);          /* empty argv[0] */
	ASSERT_EQ(check(MAGIC_REQ, 0, 2, S("/p\0true\0x"), 3), 0);     /* unterminated */
	ASSERT_EQ(check(0x12345678u, 0, 2, S("/p\0true\0x\0"), 3), 0); /* magic */
}

TEST(script_requests)
{
	ASSERT_EQ(check(MAGIC_SCRIPT, 500, 2, S("/p\0echo hi\0" "0\0"), 3), WORKER_REQ_SCRIPT);
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("/p\0\0" "1\0"), 3), WORKER_REQ_SCRIPT); /* empty line */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("p\0echo\0" "0\0"), 3), 0);   /* relative dir */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("\0echo\0" "0\0"), 3), 0);    /* no dir */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("/p\0echo\0" "2\0"), 3), 0);  /* unknown flag */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("/p\0echo\0" "x\0"), 3), 0);  /* not digits */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("/p\0echo\0" "\0"), 3), 0);   /* no flags */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("/p\0echo\0" "00000000001\0"), 3), 0); /* 11 digits */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 1, S("/p\0echo\0"), 3), 0);        /* no flags word */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 2, S("/p\0echo\0" "0\0"), 1), 0);  /* fds */
	ASSERT_EQ(check(MAGIC_SCRIPT, 0, 3, S("/p\0a\0b\0" "0\0"), 3), 0);  /* extra word */
}

TEST(policy_and_channel_requests)
{
	ASSERT_EQ(check(MAGIC_POLICY, 0, 4, S("/c\0/p\0/h\0\0"), 1), WORKER_REQ_POLICY);
	ASSERT_EQ(check(MAGIC_POLICY, 0, 4, S("/c\0/p\0/h\0\0"), 0), WORKER_REQ_POLICY); /* no file */
	ASSERT_EQ(check(MAGIC_POLICY, 0, 4, S("/c\0/p\0/h\0\0"), 2), 0);   /* fds */
	ASSERT_EQ(check(MAGIC_POLICY, 5, 4, S("/c\0/p\0/h\0\0"), 1), 0);   /* timeout */
	ASSERT_EQ(check(MAGIC_POLICY, 0, 3, S("/c\0/p\0/h\0\0"), 1), 0);   /* count */
	char many[2 * 65];
	for (size_t i = 0; i < 65; i++)
		memcpy(many + 2 * i, "a", 2);
	ASSERT_EQ(check(MAGIC_POLICY, 0, 64, many, 2 * 64, 1), WORKER_REQ_POLICY);
	ASSERT_EQ(check(MAGIC_POLICY, 0, 65, many, 2 * 65, 1), 0); /* too many words */
	uint32_t h[4] = { MAGIC_CHAN, 0, 0, 0 };
	ASSERT_EQ(sandbox_worker_check_request(h, NULL, sizeof(h), 1), WORKER_REQ_CHANNEL);
	ASSERT_EQ(sandbox_worker_check_request(h, NULL, sizeof(h), 0), 0);
	ASSERT_EQ(sandbox_worker_check_request(h, NULL, sizeof(h) - 1, 1), 0); /* short */
}

TAP_MAIN(command_requests, script_requests, policy_and_channel_requests)
