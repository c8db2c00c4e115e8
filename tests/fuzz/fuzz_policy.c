/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the policy engine: the first byte picks the mode and
 * audit, the rest is a command line, checked from a small project (with
 * .git and .claude) beside a fake home. Asserts what callers rely on rather
 * than just "no crash":
 *
 *  - the check never fails on input (only -ENOMEM is an error);
 *  - the verdict agrees with the findings: deny iff an enforced non-ask
 *    finding, ask iff an enforced ask finding and no deny;
 *  - every finding has a rule, a message and modes; an enforced one's
 *    modes include the policy's; unenforced ones appear only with audit;
 *  - a fix, when given, is a lite-sandbox config command.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "policy.h"
#include "tmpdir.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct policy *pols[POLICY_MODE_MAX][2];
static struct policy_report *rep;

static void
must(int ok)
{
	if (!ok)
		abort();
}

static char root[TEST_TMPDIR_MAX];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* under $TMPDIR, removed when the fuzzer stops on its own */
	snprintf(root, sizeof(root), "%s", test_tmpdir_fresh("fuzz-policy"));
	char proj[TEST_TMPDIR_MAX + 16], home[TEST_TMPDIR_MAX + 16], p[TEST_TMPDIR_MAX + 64];
	snprintf(proj, sizeof(proj), "%s/proj", root);
	snprintf(home, sizeof(home), "%s/home", root);
	must(mkdir(proj, 0755) == 0 && mkdir(home, 0755) == 0);
	snprintf(p, sizeof(p), "%s/.git", proj);
	must(mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/.claude", proj);
	must(mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/src", proj);
	must(mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/out", proj);
	must(symlink("/etc", p) == 0);

	static struct config_command cmds[2];
	static char *args[] = { "push" };
	cmds[0] = (struct config_command){ .name = "git", .args = args, .n_args = 1 };
	cmds[1] = (struct config_command){ .name = "npm", .allow = true, .ask = true };
	struct policy_context ctx = { .cwd = proj, .project_dir = proj, .home = home };
	for (int m = 0; m < POLICY_MODE_MAX; m++)
		for (int a = 0; a < 2; a++) {
			struct config cfg = { .mode = (enum policy_mode)m, .audit = a,
					      .commands = cmds, .n_commands = 2 };
			cfg.git.local_read = cfg.git.local_write = true;
			must(policy_new(&cfg, &ctx, &pols[m][a]) == 0);
		}
	must(policy_report_new(&rep) == 0);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 4096)
		return 0;
	int m = data[0] % POLICY_MODE_MAX, a = (data[0] >> 4) & 1;
	policy_report_reset(rep);
	int r = policy_check_source(pols[m][a], (const char *)data + 1, size - 1, rep);
	if (r == -ENOMEM)
		return 0;
	must(r == 0);

	bool deny = false, ask = false;
	for (size_t i = 0; i < rep->n_findings; i++) {
		const struct policy_finding *f = &rep->findings[i];
		must(f->rule && f->rule[0] && f->message && f->message[0]);
		must(f->layer < POLICY_LAYER_MAX && f->modes != 0);
		must(f->enforced == ((f->modes & (1u << m)) != 0));
		must(f->enforced || a);
		must(!f->fix || strncmp(f->fix, "lite-sandbox config ", 20) == 0);
		if (f->enforced && f->ask)
			ask = true;
		else if (f->enforced)
			deny = true;
	}
	enum policy_verdict want = deny ? POLICY_DENY : ask ? POLICY_ASK : POLICY_ALLOW;
	must(rep->verdict == want);
	return 0;
}
