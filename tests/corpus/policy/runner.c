/* SPDX-License-Identifier: MIT */
/*
 * The policy corpus: every line of the *.tsv files given as arguments is one
 * case and one TAP result.
 *
 *   COMMAND <TAB> VERDICT[:RULE] <TAB> CONTEXT
 *
 * VERDICT is allow, deny or ask; with :RULE the report must also hold an
 * enforced finding with that rule id. CONTEXT is space-separated:
 * mode=open|denylist|allowlist (default allowlist), cwd=DIR (relative to the
 * project, default .), config=NAME (one of the fixture configs below),
 * audit. In COMMAND, @ROOT@ is the fixture's root directory and ~ is the
 * fixture's home. Lines starting with # and empty lines are skipped.
 *
 * The fixture is built in a fresh temporary directory: a project with files,
 * a .git, agent configuration, a symlink pointing out, and a fake home with
 * credentials.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "policy.h"
#include "tmpdir.h"

static char root[TEST_TMPDIR_MAX], proj[TEST_TMPDIR_MAX + 16], home[TEST_TMPDIR_MAX + 16];

static void
put(const char *rel, const char *content)
{
	char p[PATH_MAX];
	snprintf(p, sizeof(p), "%s/%s", root, rel);
	FILE *f = fopen(p, "we");
	if (f) {
		fputs(content, f);
		fclose(f);
	}
}

static void
mk(const char *rel)
{
	char p[PATH_MAX];
	snprintf(p, sizeof(p), "%s/%s", root, rel);
	mkdir(p, 0755);
}

static void
ln(const char *target, const char *rel)
{
	char p[PATH_MAX];
	snprintf(p, sizeof(p), "%s/%s", root, rel);
	if (symlink(target, p) < 0)
		perror(p);
}

static int
fixture(void)
{
	/* removed at exit, however the run ends */
	snprintf(root, sizeof(root), "%s", test_tmpdir_fresh("policy-corpus"));
	snprintf(proj, sizeof(proj), "%s/proj", root);
	snprintf(home, sizeof(home), "%s/home", root);
	static const char *const dirs[] = {
		"proj", "proj/.git", "proj/.git/refs", "proj/.claude", "proj/.claude/worktrees",
		"proj/.claude/worktrees/w1", "proj/.codex", "proj/src", "proj/docs",
		"proj/scripts", "proj/sub", "proj/sub/dir", "proj/build", "home", "home/.ssh",
		"home/.aws", "home/other", "home/.config", "home/.config/lite-sandbox",
		"shared", "shared-w", "elsewhere",
	};
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		mk(dirs[i]);
	put("proj/.git/HEAD", "ref: refs/heads/main\n");
	put("proj/.git/config", "[core]\n");
	put("proj/.claude/settings.json", "{}\n");
	put("proj/.mcp.json", "{}\n");
	put("proj/opencode.json", "{}\n");
	put("proj/README.md", "hello\n");
	put("proj/CLAUDE.md", "notes\n");
	put("proj/src/main.c", "int main(void) { return 0; }\n");
	put("proj/src/util.c", "int util;\n");
	put("proj/docs/a.txt", "a\n");
	put("proj/scripts/build.sh", "#!/bin/sh\necho build\n");
	put("proj/.env", "X=1\n");
	put("proj/scripts/evil.sh", "#!/bin/sh\ncurl -s http://x | head\n");
	put("proj/scripts/writes.sh", "cd .claude\ntouch settings.local.json\n");
	put("proj/scripts/nested.sh", ". scripts/evil.sh\n");
	put("proj/scripts/bad-syntax.sh", "if then fi\n");
	put("proj/scripts/loop.sh", "source scripts/loop.sh\n");
	put("proj/scripts/reads-home.sh", "cat ~/.ssh/id_rsa\n");
	put("home/.ssh/id_rsa", "key\n");
	put("home/.ssh/known_hosts", "host\n");
	put("home/.aws/config", "[default]\n");
	put("home/.bashrc", "# rc\n");
	put("home/other/x.py", "print(1)\n");
	put("home/.config/lite-sandbox/config.yaml", "mode: allowlist\n");
	put("shared/data.txt", "data\n");
	put("elsewhere/host.sh", "#!/bin/sh\n");
	ln("/etc", "proj/out");
	char t[PATH_MAX];
	snprintf(t, sizeof(t), "%s/home", root);
	ln(t, "proj/homelink");
	ln("src/main.c", "proj/inside-link");
	return 0;
}

/* ---- fixture configs -------------------------------------------------------- */

struct cfgbuf {
	struct config cfg;
	struct config_command cmds[8];
	struct config_path paths[4];
	char *args[8][4];
	char pathstr[4][PATH_MAX];
};

static void
add_cmd(struct cfgbuf *b, const char *name, const char *arg, bool allow, bool ask)
{
	size_t i = b->cfg.n_commands++;
	b->cmds[i].name = (char *)name;
	if (arg) {
		b->args[i][0] = (char *)arg;
		b->cmds[i].args = b->args[i];
		b->cmds[i].n_args = 1;
	}
	b->cmds[i].allow = allow;
	b->cmds[i].ask = ask;
	b->cfg.commands = b->cmds;
}

static void
add_path(struct cfgbuf *b, const char *rel, bool write)
{
	size_t i = b->cfg.n_paths++;
	snprintf(b->pathstr[i], PATH_MAX, "%s/%s", root, rel);
	b->paths[i].path = b->pathstr[i];
	b->paths[i].write = write;
	b->cfg.paths = b->paths;
}

static int
make_config(const char *name, struct cfgbuf *b)
{
	memset(b, 0, sizeof(*b));
	b->cfg.mode = POLICY_MODE_ALLOWLIST;
	b->cfg.git.local_read = b->cfg.git.local_write = b->cfg.git.remote_read = true;
	if (!name || strcmp(name, "default") == 0)
		return 0;
	if (strcmp(name, "allow-make") == 0)
		add_cmd(b, "make", NULL, true, false);
	else if (strcmp(name, "allow-npm-test") == 0)
		add_cmd(b, "npm", "test", true, false);
	else if (strcmp(name, "deny-git-push") == 0)
		add_cmd(b, "git", "push", false, false);
	else if (strcmp(name, "deny-rm") == 0)
		add_cmd(b, "rm", NULL, false, false);
	else if (strcmp(name, "ask-npm") == 0)
		add_cmd(b, "npm", NULL, true, true);
	else if (strcmp(name, "allow-python") == 0)
		add_cmd(b, "python3", NULL, true, false);
	else if (strcmp(name, "allow-runners") == 0) {
		/* commands whose validators find the commands they run or
		 * their paths, allowed: their own rules lifted */
		add_cmd(b, "find", NULL, true, false);
		add_cmd(b, "tar", NULL, true, false);
		add_cmd(b, "scp", NULL, true, false);
		add_cmd(b, "rsync", NULL, true, false);
		add_cmd(b, "rg", NULL, true, false);
		add_cmd(b, "sshpass", NULL, true, false);
		add_cmd(b, "time", NULL, true, false);
	} else if (strcmp(name, "allow-script") == 0)
		add_cmd(b, "./scripts/build.sh", NULL, true, false);
	else if (strcmp(name, "grants") == 0) {
		add_path(b, "shared", false);
		add_path(b, "shared-w", true);
	} else if (strcmp(name, "ssh-hosts") == 0) {
		static char *hosts[] = { "build.example.com", "bastion" };
		static struct config_ssh_host sh[2];
		static char *extra[] = { "make", "uptime-report" };
		sh[0] = (struct config_ssh_host){ .host = hosts[0], .commands = extra,
						  .n_commands = 2 };
		sh[1] = (struct config_ssh_host){ .host = hosts[1], .write = true };
		b->cfg.ssh_hosts = sh;
		b->cfg.n_ssh_hosts = 2;
	} else if (strcmp(name, "git-remote-write") == 0)
		b->cfg.git.remote_write = true;
	else if (strcmp(name, "no-git-write") == 0)
		b->cfg.git.local_write = false;
	else
		return -1;
	return 0;
}

/* ---- one case ---------------------------------------------------------------------- */

static char *
substitute(const char *cmd)
{
	size_t n = strlen(cmd), rl = strlen(root);
	char *out = malloc(n * (rl + 1) + 1);
	if (!out)
		return NULL;
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		if (strncmp(cmd + i, "@ROOT@", 6) == 0) {
			memcpy(out + o, root, rl);
			o += rl;
			i += 6;
		} else {
			out[o++] = cmd[i++];
		}
	}
	out[o] = '\0';
	return out;
}

static int
run_case(const char *cmd, const char *want, const char *context, char *diag,
	 size_t diag_size)
{
	char ctxbuf[512];
	snprintf(ctxbuf, sizeof(ctxbuf), "%s", context ? context : "");
	const char *mode = "allowlist", *cwd = ".", *cfgname = "default";
	bool audit = false;
	char *save = NULL;
	for (char *tok = strtok_r(ctxbuf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (strncmp(tok, "mode=", 5) == 0)
			mode = tok + 5;
		else if (strncmp(tok, "cwd=", 4) == 0)
			cwd = tok + 4;
		else if (strncmp(tok, "config=", 7) == 0)
			cfgname = tok + 7;
		else if (strcmp(tok, "audit") == 0)
			audit = true;
		else {
			snprintf(diag, diag_size, "bad context token '%s'", tok);
			return -1;
		}
	}
	struct cfgbuf b;
	if (make_config(cfgname, &b) < 0) {
		snprintf(diag, diag_size, "unknown config '%s'", cfgname);
		return -1;
	}
	enum policy_mode m;
	if (policy_mode_from_name(mode, &m) < 0) {
		snprintf(diag, diag_size, "unknown mode '%s'", mode);
		return -1;
	}
	b.cfg.mode = m;
	b.cfg.audit = audit;

	char cwdpath[PATH_MAX];
	snprintf(cwdpath, sizeof(cwdpath), "%s/%s", proj, cwd);
	struct policy_context ctx = { .cwd = cwdpath, .project_dir = proj, .home = home };
	struct policy *p = NULL;
	struct policy_report *r = NULL;
	int rc = -1;
	char *src = substitute(cmd);
	if (!src || policy_new(&b.cfg, &ctx, &p) < 0 || policy_report_new(&r) < 0) {
		snprintf(diag, diag_size, "set-up failed");
		goto out;
	}
	if (policy_check_source(p, src, strlen(src), r) < 0) {
		snprintf(diag, diag_size, "check failed");
		goto out;
	}

	char wantv[64];
	snprintf(wantv, sizeof(wantv), "%s", want);
	char *rule = strchr(wantv, ':');
	if (rule)
		*rule++ = '\0';
	const char *got = policy_verdict_name(r->verdict);
	bool ok = strcmp(got, wantv) == 0;
	bool rule_found = !rule;
	size_t o = 0;
	o += (size_t)snprintf(diag + o, diag_size - o, "got %s", got);
	for (size_t i = 0; i < r->n_findings && o < diag_size; i++) {
		const struct policy_finding *f = &r->findings[i];
		if (rule && f->enforced && strcmp(f->rule, rule) == 0)
			rule_found = true;
		o += (size_t)snprintf(diag + o, diag_size - o, "\n#   %s%s: %s%s%s",
				      f->enforced ? "" : "(audit) ", f->rule, f->message,
				      f->fix ? " | fix: " : "", f->fix ? f->fix : "");
	}
	if (ok && !rule_found && o < diag_size)
		snprintf(diag + o, diag_size - o, "\n#   (no enforced finding %s)", rule);
	rc = ok && rule_found ? 1 : 0;
out:
	free(src);
	policy_report_free(r);
	policy_free(p);
	return rc;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE.tsv...\n", argv[0]);
		return 2;
	}
	/* The path boundary resolves /dev/stdin through this process's own fd
	 * 0; under a test harness that is often /dev/null, which is always
	 * allowed. Give the cases a pipe, as the server's stdin would be. */
	int pfd[2];
	if (pipe(pfd) == 0) {
		dup2(pfd[0], STDIN_FILENO);
		close(pfd[0]);
	}
	if (fixture() < 0) {
		perror("fixture");
		return 2;
	}
	/* Two passes: count, then run, so that the plan comes first. */
	size_t total = 0;
	for (int pass = 0; pass < 2; pass++) {
		size_t n = 0, failed = 0;
		if (pass == 1)
			printf("1..%zu\n", total);
		for (int fi = 1; fi < argc; fi++) {
			FILE *f = fopen(argv[fi], "re");
			if (!f) {
				perror(argv[fi]);
				return 2;
			}
			char *line = NULL;
			size_t cap = 0;
			ssize_t len;
			unsigned lineno = 0;
			const char *base = strrchr(argv[fi], '/');
			base = base ? base + 1 : argv[fi];
			while ((len = getline(&line, &cap, f)) >= 0) {
				lineno++;
				while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
					line[--len] = '\0';
				if (len == 0 || line[0] == '#')
					continue;
				n++;
				if (pass == 0)
					continue;
				char *t1 = strchr(line, '\t');
				char *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
				char diag[8192] = "";
				int ok;
				if (!t1) {
					snprintf(diag, sizeof(diag), "malformed line");
					ok = 0;
				} else {
					*t1 = '\0';
					if (t2)
						*t2 = '\0';
					ok = run_case(line, t1 + 1, t2 ? t2 + 1 : "", diag, sizeof(diag));
				}
				printf("%s %zu - %s:%u %s\n", ok == 1 ? "ok" : "not ok", n, base,
				       lineno, line);
				if (ok != 1) {
					printf("# want %s: %s\n", t1 ? t1 + 1 : "?", diag);
					failed++;
				}
			}
			free(line);
			fclose(f);
		}
		total = n;
		if (pass == 1) {
			fflush(stdout);
			return failed ? 1 : 0;
		}
	}
	return 0;
}
