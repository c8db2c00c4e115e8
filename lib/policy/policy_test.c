/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the policy engine on a real fixture: a project directory
 * (with .git, .claude, a symlink that points out) and a fake home.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "policy.h"
#include "tap.h"
#include "tmpdir.h"

size_t cmd_table_size(void);
const char *cmd_table_name(size_t i);
int cmd_table_check_decls(void);

static char root[TEST_TMPDIR_MAX], proj[TEST_TMPDIR_MAX + 16], home[TEST_TMPDIR_MAX + 16];

static void
put(const char *dir, const char *rel, const char *content)
{
	char p[PATH_MAX * 2];
	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	FILE *f = fopen(p, "we");
	if (f) {
		fputs(content, f);
		fclose(f);
	}
}

static void
mk(const char *dir, const char *rel)
{
	char p[PATH_MAX * 2];
	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	mkdir(p, 0755);
}

static void
fixture(void)
{
	if (root[0])
		return;
	/* made once, removed at exit */
	snprintf(root, sizeof(root), "%s", test_tmpdir_fresh("policy-test"));
	snprintf(proj, sizeof(proj), "%s/proj", root);
	snprintf(home, sizeof(home), "%s/home", root);
	mkdir(proj, 0755);
	mkdir(home, 0755);
	mk(proj, ".git");
	put(proj, ".git/HEAD", "ref: refs/heads/main\n");
	mk(proj, ".claude");
	put(proj, ".claude/settings.json", "{}\n");
	mk(proj, "src");
	put(proj, "src/main.c", "int main(void){return 0;}\n");
	put(proj, "README.md", "hello\n");
	mk(home, ".ssh");
	put(home, ".ssh/id_rsa", "secret\n");
	char link[PATH_MAX * 2];
	snprintf(link, sizeof(link), "%s/out", proj);
	symlink("/etc", link);
}

struct t {
	struct config cfg;
	struct config_command cmds[4];
	char *args[4][4];
	struct policy *p;
	struct policy_report *r;
};

static void
t_init(struct t *t, enum policy_mode mode, bool audit)
{
	fixture();
	memset(t, 0, sizeof(*t));
	t->cfg.mode = mode;
	t->cfg.audit = audit;
	t->cfg.git.local_read = t->cfg.git.local_write = t->cfg.git.remote_read = true;
}

static void
t_cmd(struct t *t, const char *name, const char *arg, bool allow, bool ask)
{
	size_t i = t->cfg.n_commands++;
	t->cmds[i].name = (char *)name;
	if (arg) {
		t->args[i][0] = (char *)arg;
		t->cmds[i].args = t->args[i];
		t->cmds[i].n_args = 1;
	}
	t->cmds[i].allow = allow;
	t->cmds[i].ask = ask;
	t->cfg.commands = t->cmds;
}

static int
t_build(struct t *t)
{
	struct policy_context ctx = { .cwd = proj, .project_dir = proj, .home = home };
	int r = policy_new(&t->cfg, &ctx, &t->p);
	if (r < 0)
		return r;
	return policy_report_new(&t->r);
}

static void
t_done(struct t *t)
{
	t->p = policy_free(t->p);
	t->r = policy_report_free(t->r);
}

/* Check src; return the verdict. */
static enum policy_verdict
check(struct t *t, const char *src)
{
	policy_report_reset(t->r);
	if (policy_check_source(t->p, src, strlen(src), t->r) < 0)
		return POLICY_VERDICT_MAX;
	return t->r->verdict;
}

static const struct policy_finding *
find_rule(struct t *t, const char *rule)
{
	for (size_t i = 0; i < t->r->n_findings; i++)
		if (strcmp(t->r->findings[i].rule, rule) == 0)
			return &t->r->findings[i];
	return NULL;
}

#define M(m) (1u << (m))

TEST(table_is_sorted)
{
	size_t n = cmd_table_size();
	ASSERT_TRUE(n > 100);
	for (size_t i = 1; i < n; i++)
		ASSERT_TRUE(strcmp(cmd_table_name(i - 1), cmd_table_name(i)) < 0);
	ASSERT_EQ(cmd_table_check_decls(), -1);
}

TEST(layer_modes_follow_the_table)
{
	ASSERT_EQ(policy_layer_modes(POLICY_LAYER_WHITELIST), M(POLICY_MODE_ALLOWLIST));
	ASSERT_EQ(policy_layer_modes(POLICY_LAYER_DENYLIST),
		  M(POLICY_MODE_ALLOWLIST) | M(POLICY_MODE_DENYLIST));
	ASSERT_EQ(policy_layer_modes(POLICY_LAYER_PATH),
		  M(POLICY_MODE_ALLOWLIST) | M(POLICY_MODE_DENYLIST));
	ASSERT_EQ(policy_layer_modes(POLICY_LAYER_STRUCTURE),
		  M(POLICY_MODE_ALLOWLIST) | M(POLICY_MODE_DENYLIST));
}

TEST(whitelist_refuses_toolchains_with_a_fix)
{
	struct t t;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "ls -la src"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "make test"), POLICY_DENY);
	const struct policy_finding *f = find_rule(&t, "whitelist.toolchain");
	ASSERT_NOT_NULL(f);
	ASSERT_EQ(f->layer, POLICY_LAYER_WHITELIST);
	ASSERT_STREQ(f->fix, "lite-sandbox config commands allow make");
	ASSERT_TRUE(f->enforced);
	ASSERT_EQ(f->modes, M(POLICY_MODE_ALLOWLIST));
	ASSERT_EQ(check(&t, "frobnicate"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "whitelist.unknown-command"));
	t_done(&t);
}

TEST(denylist_mode_drops_the_whitelist_and_audit_keeps_it)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "make test"), POLICY_ALLOW);
	ASSERT_EQ(t.r->n_findings, 0);
	t_done(&t);

	t_init(&t, POLICY_MODE_DENYLIST, true);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "make test"), POLICY_ALLOW);
	const struct policy_finding *f = find_rule(&t, "whitelist.toolchain");
	ASSERT_NOT_NULL(f);
	ASSERT_FALSE(f->enforced);
	/* the path boundary still holds in denylist mode */
	ASSERT_EQ(check(&t, "python3 ~/.ssh/id_rsa"), POLICY_DENY);
	t_done(&t);
}

TEST(self_protection_is_refused_without_a_fix)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	t_cmd(&t, "lite-sandbox", NULL, true, false); /* an allow does not lift it */
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "lite-sandbox config mode set open"), POLICY_DENY);
	const struct policy_finding *f = find_rule(&t, "denylist.self-protection");
	ASSERT_NOT_NULL(f);
	ASSERT_NULL(f->fix);
	ASSERT_EQ(check(&t, "timeout 5 /usr/local/bin/lite-sandbox --dir . install"),
		  POLICY_DENY);
	ASSERT_EQ(check(&t, "lite-sandbox check -- ls"), POLICY_ALLOW);
	t_done(&t);

	t_init(&t, POLICY_MODE_OPEN, true);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "lite-sandbox config mode set open"), POLICY_ALLOW);
	f = find_rule(&t, "denylist.self-protection");
	ASSERT_NOT_NULL(f);
	ASSERT_FALSE(f->enforced);
	t_done(&t);
}

TEST(config_entries_deny_ask_and_allow)
{
	struct t t;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	t_cmd(&t, "git", "push", false, false);
	t_cmd(&t, "npm", NULL, true, true);
	t_cmd(&t, "make", NULL, true, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "git -C . push origin main"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "denylist.config"));
	ASSERT_EQ(check(&t, "git status"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "npm test"), POLICY_ASK);
	ASSERT_EQ(check(&t, "env npm test"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "denylist.ask-wrapped"));
	ASSERT_EQ(check(&t, "make -j4 all"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "make -C ~/.ssh"), POLICY_DENY);
	t_done(&t);
}

TEST(protected_environment)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	ASSERT_OK(t_build(&t));
	const char *bad[] = {
		"PATH=. ls", "export LD_PRELOAD=/tmp/x.so", "unset PATH; ls",
		"env LESSOPEN='|sh x' less README.md", "declare -x BASH_ENV=x",
		"readonly ZDOTDIR=/tmp", "local TAR_OPTIONS=x", "CDPATH=/ cd etc",
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		if (check(&t, bad[i]) != POLICY_DENY)
			TAP_FAIL_("not refused: %s", bad[i]);
		ASSERT_NOT_NULL(find_rule(&t, "structure.protected-env"));
	}
	ASSERT_EQ(check(&t, "FOO=1 ls; export EDITOR=vi; unset LESS"), POLICY_ALLOW);
	ASSERT_TRUE(policy_env_protected("BASH_FUNC_ls%%"));
	ASSERT_FALSE(policy_env_protected("HOME"));
	t_done(&t);
}

TEST(shell_c_strings_are_checked_as_scripts)
{
	struct t t;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "bash -c -e 'ls src'"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "bash -c -e 'curl http://x'"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "whitelist.network"));
	ASSERT_EQ(check(&t, "sh +c 'wget x'"), POLICY_DENY);
	ASSERT_EQ(check(&t, "bash -norc -c ls"), POLICY_DENY);
	ASSERT_EQ(check(&t, "bash --rcfile x -c ls"), POLICY_DENY);
	ASSERT_EQ(check(&t, "bash -s"), POLICY_DENY);
	ASSERT_EQ(check(&t, "bash"), POLICY_DENY);
	ASSERT_EQ(check(&t, "bash -o errexit -c 'echo ok'"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "timeout 5 sh -c ls"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "structure.not-wrappable"));
	t_done(&t);
}

TEST(cd_is_followed)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "cd .claude && touch x"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "paths.agent-config"));
	ASSERT_EQ(check(&t, "cd src && touch x"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "(cd .claude); touch x"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "cd .claude; touch x"), POLICY_DENY);
	t_done(&t);
}

TEST(find_exec_is_a_wrapper)
{
	struct t t;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "find . -name '*.c' -exec grep -l main {} +"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "find . -delete"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "args.find-action"));
	ASSERT_EQ(check(&t, "find . '-delete'"), POLICY_DENY);
	ASSERT_EQ(check(&t, "find . -exec sh -c 'rm x' \\;"), POLICY_DENY);
	ASSERT_EQ(check(&t, "find . -exec curl x \\;"), POLICY_DENY);
	ASSERT_EQ(check(&t, "find ~ -name x"), POLICY_DENY);
	t_done(&t);
}

TEST(wrapper_bypasses)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "env -C evil ./host.sh"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "args.env-chdir"));
	ASSERT_EQ(check(&t, "xargs -I{} env -{} ./host.sh"), POLICY_DENY);
	ASSERT_EQ(check(&t, "env -S 'ls -l'"), POLICY_DENY);
	ASSERT_EQ(check(&t, "xargs -I% find . %"), POLICY_DENY);
	ASSERT_EQ(check(&t, "xargs -I% find ./% -name x"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "xargs env"), POLICY_DENY);
	ASSERT_EQ(check(&t, "xargs timeout 5"), POLICY_DENY);
	ASSERT_EQ(check(&t, "xargs -0n 1 ls"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "env $CMD"), POLICY_DENY);
	ASSERT_EQ(check(&t, "$CMD push"), POLICY_ALLOW);
	t_done(&t);
}

TEST(grep_abbreviation_does_not_hide_a_path)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "grep --reg=root ~/.ssh/id_rsa"), POLICY_DENY);
	ASSERT_EQ(check(&t, "grep -e root -- ~/.ssh/id_rsa"), POLICY_DENY);
	/* read stopping at the first operand, the -e value is a file */
	ASSERT_EQ(check(&t, "grep README.md -e ~/.ssh/id_rsa"), POLICY_DENY);
	ASSERT_EQ(check(&t, "grep -e ~/.ssh/id_rsa README.md"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "grep -r TODO src"), POLICY_ALLOW);
	t_done(&t);
}

TEST(runtime_entry_points)
{
	struct t t;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	ASSERT_OK(t_build(&t));
	char *argv1[] = { "cat", "/etc/shadow", NULL };
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_argv(t.p, NULL, argv1, 2, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_DENY);
	char *argv2[] = { "cat", "README.md", NULL };
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_argv(t.p, proj, argv2, 2, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_ALLOW);
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_open(t.p, NULL, "README.md", O_RDWR, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_DENY);
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_open(t.p, NULL, "out.txt", O_WRONLY | O_CREAT, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_ALLOW);
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_open(t.p, NULL, ".claude/x", O_WRONLY | O_CREAT, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_DENY);
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_assignment(t.p, "PATH", false, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_DENY);
	t_done(&t);
}

TEST(exec_holds_protected_environment)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	char *start[] = { "PATH=/usr/bin:/bin", "LESS=-R", "HOME=/h", NULL };
	struct policy_context ctx = { .cwd = proj, .project_dir = proj, .home = home,
				      .envp = start };
	ASSERT_OK(policy_new(&t.cfg, &ctx, &t.p));
	ASSERT_OK(policy_report_new(&t.r));
	char *argv[] = { "ls", NULL };
	char *same[] = { "HOME=/elsewhere", "PATH=/usr/bin:/bin", "LESS=-R", "FOO=1", NULL };
	char *unset_less[] = { "PATH=/usr/bin:/bin", NULL };
	char *new_path[] = { "PATH=.:/usr/bin:/bin", NULL };
	char *no_path[] = { "LESS=-R", NULL };
	char *preload[] = { "PATH=/usr/bin:/bin", "LD_PRELOAD=/tmp/x.so", NULL };
	char *less_changed[] = { "PATH=/usr/bin:/bin", "LESS=+!id", NULL };
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_exec(t.p, NULL, argv, 1, same, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_ALLOW);
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_exec(t.p, NULL, argv, 1, unset_less, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_ALLOW);
	char **bad[] = { new_path, no_path, preload, less_changed };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		policy_report_reset(t.r);
		ASSERT_OK(policy_check_exec(t.p, NULL, argv, 1, bad[i], t.r));
		ASSERT_EQ(t.r->verdict, POLICY_DENY);
		ASSERT_NOT_NULL(find_rule(&t, "structure.protected-env"));
	}
	t_done(&t);
}

/* A policy for a session in cwd whose project is project_dir, home h. */
static int
t_build_at(struct t *t, const char *cwd, const char *project_dir, const char *h)
{
	struct policy_context ctx = { .cwd = cwd, .project_dir = project_dir, .home = h };
	int r = policy_new(&t->cfg, &ctx, &t->p);
	return r < 0 ? r : policy_report_new(&t->r);
}

TEST(project_too_wide_refuses_every_check)
{
	fixture();
	char sub[PATH_MAX];
	snprintf(sub, sizeof(sub), "%s/work", home);
	mkdir(sub, 0755);
	/* home, a directory holding it, /, and no home at all */
	const char *wide[][2] = { { home, home }, { root, home }, { "/", home }, { proj, NULL } };
	for (size_t i = 0; i < ARRAY_SIZE(wide); i++) {
		for (int m = 0; m < POLICY_MODE_MAX; m++) {
			struct t t;
			t_init(&t, (enum policy_mode)m, false);
			ASSERT_OK(t_build_at(&t, wide[i][0], wide[i][0], wide[i][1]));
			ASSERT_EQ(check(&t, "ls"), POLICY_DENY);
			const struct policy_finding *f = find_rule(&t, "paths.project-too-wide");
			ASSERT_NOT_NULL(f);
			ASSERT_TRUE(f->enforced);
			ASSERT_NULL(f->fix);
			ASSERT_NOT_NULL(strstr(f->message, wide[i][1] ? "Start the agent in a project"
							   : "home directory is not known"));
			/* the runtime entry points too */
			char *argv[] = { "ls", NULL };
			policy_report_reset(t.r);
			ASSERT_OK(policy_check_argv(t.p, NULL, argv, 1, t.r));
			ASSERT_NOT_NULL(find_rule(&t, "paths.project-too-wide"));
			policy_report_reset(t.r);
			ASSERT_OK(policy_check_open(t.p, NULL, "/dev/null", O_RDONLY, t.r));
			ASSERT_EQ(t.r->verdict, POLICY_DENY);
			policy_report_reset(t.r);
			ASSERT_OK(policy_check_tree(t.p, NULL, t.r));
			ASSERT_EQ(t.r->verdict, POLICY_DENY);
			t_done(&t);
		}
	}
	/* the neighbours: a project beside home, and one inside it */
	const char *fine[] = { proj, sub };
	for (size_t i = 0; i < ARRAY_SIZE(fine); i++) {
		struct t t;
		t_init(&t, POLICY_MODE_OPEN, false);
		ASSERT_OK(t_build_at(&t, fine[i], fine[i], home));
		ASSERT_EQ(check(&t, "ls"), POLICY_ALLOW);
		t_done(&t);
	}
}

/* policy_check_exec of a NULL-terminated argv; the verdict (MAX: an error). */
static enum policy_verdict
exec_verdict(struct t *t, char **argv, char **envp)
{
	size_t argc = 0;
	while (argv[argc])
		argc++;
	policy_report_reset(t->r);
	if (policy_check_exec(t->p, NULL, argv, argc, envp, t->r) < 0)
		return POLICY_VERDICT_MAX;
	return t->r->verdict;
}

TEST(exec_tells_rsync_a_moved_home)
{
	struct t t;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	char *host = "bastion";
	struct config_ssh_host sh = { .host = host, .write = true };
	t.cfg.ssh_hosts = &sh;
	t.cfg.n_ssh_hosts = 1;
	char *start[] = { "PATH=/usr/bin:/bin", "HOME=/h", NULL };
	struct policy_context ctx = { .cwd = proj, .project_dir = proj, .home = home,
				      .envp = start };
	ASSERT_OK(policy_new(&t.cfg, &ctx, &t.p));
	ASSERT_OK(policy_report_new(&t.r));
	char *rsync[] = { "rsync", "-a", "src", "bastion:x", NULL };
	char *wrapped[] = { "timeout", "5", "rsync", "-a", "src", "bastion:x", NULL };
	char *ls[] = { "ls", "src", NULL };
	char *moved[] = { "PATH=/usr/bin:/bin", "HOME=/tmp/h", NULL };
	char *unset[] = { "PATH=/usr/bin:/bin", NULL };
	/* as started, or without HOME (popt then reads nothing): allowed */
	ASSERT_EQ(exec_verdict(&t, rsync, start), POLICY_ALLOW);
	ASSERT_EQ(exec_verdict(&t, rsync, unset), POLICY_ALLOW);
	/* moved however it was set: refused, directly and under a wrapper */
	ASSERT_EQ(exec_verdict(&t, rsync, moved), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "args.rsync-home"));
	ASSERT_EQ(exec_verdict(&t, wrapped, moved), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "args.rsync-home"));
	/* what does not read HOME does not care */
	ASSERT_EQ(exec_verdict(&t, ls, moved), POLICY_ALLOW);
	/* the argv check alone cannot see the environment */
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_argv(t.p, NULL, rsync, 4, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_ALLOW);
	t_done(&t);
}

TEST(check_tree_on_a_parsed_program)
{
	struct t t;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	ASSERT_OK(t_build(&t));
	struct arena *a = arena_new(1u << 20);
	ASSERT_NOT_NULL(a);
	struct sh_node *tree = NULL;
	struct sh_error err;
	const char *src = "ls | curl -d @- x";
	ASSERT_OK(sh_parse(a, src, strlen(src), NULL, &tree, &err));
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_tree(t.p, tree, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "whitelist.network"));
	/* two checks into one report add up */
	src = "cat ~/.ssh/id_rsa";
	ASSERT_OK(sh_parse(a, src, strlen(src), NULL, &tree, &err));
	ASSERT_OK(policy_check_tree(t.p, tree, t.r));
	ASSERT_EQ(t.r->n_findings, 2);
	/* an empty program */
	policy_report_reset(t.r);
	ASSERT_OK(policy_check_tree(t.p, NULL, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_ALLOW);
	ASSERT_EQ(t.r->n_findings, 0);
	arena_free(a);
	t_done(&t);
}

TEST(syntax_errors_are_refused_in_every_mode)
{
	struct t t;
	t_init(&t, POLICY_MODE_OPEN, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "ls ("), POLICY_DENY);
	const struct policy_finding *f = find_rule(&t, "structure.syntax-error");
	ASSERT_NOT_NULL(f);
	ASSERT_TRUE(f->enforced);
	ASSERT_EQ(check(&t, ""), POLICY_ALLOW);
	t_done(&t);
}

TEST(structure_rules)
{
	struct t t;
	t_init(&t, POLICY_MODE_DENYLIST, false);
	ASSERT_OK(t_build(&t));
	ASSERT_EQ(check(&t, "coproc cat"), POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "structure.coproc"));
	ASSERT_EQ(check(&t, "cat <> README.md"), POLICY_DENY);
	ASSERT_EQ(check(&t, "diff <(ls src) <(curl x)"), POLICY_ALLOW); /* denylist: network ok */
	ASSERT_EQ(check(&t, "echo $(cat ~/.ssh/id_rsa)"), POLICY_DENY);
	ASSERT_EQ(check(&t, "f() { cat ~/.ssh/id_rsa; }"), POLICY_DENY);
	ASSERT_EQ(check(&t, "echo hi > ~/.bashrc"), POLICY_DENY);
	ASSERT_EQ(check(&t, "echo hi > out.txt 2>/dev/null"), POLICY_ALLOW);
	ASSERT_EQ(check(&t, "cat out/passwd"), POLICY_DENY);
	t_done(&t);
}

/* The ask-entry nodes of src in sight (policy_report_prompts); the verdict in *v. */
static size_t
prompts_of(struct t *t, struct arena *a, const char *src, enum policy_verdict *v,
	   const char *const **ret_first)
{
	struct sh_node *tree = NULL;
	struct sh_error err;
	policy_report_reset(t->r);
	if (sh_parse(a, src, strlen(src), NULL, &tree, &err) < 0 ||
	    policy_check_tree(t->p, tree, t->r) < 0)
		return (size_t)-1;
	*v = t->r->verdict;
	const struct sh_node *const *n = NULL;
	size_t k = policy_report_prompts(t->r, &n);
	/* the first word of each node, to say which commands they are */
	static const char *words[8];
	for (size_t i = 0; i < k && i < 8; i++) {
		bool st = false;
		words[i] = n[i]->kind == SH_NODE_SIMPLE && n[i]->u.simple.n_words
			? sh_word_static_value(a, n[i]->u.simple.words[0], &st) : "?";
	}
	*ret_first = words;
	return k;
}

TEST(prompts_are_the_ask_invocations_in_sight)
{
	struct t t;
	enum policy_verdict v;
	const char *const *first = NULL;
	t_init(&t, POLICY_MODE_ALLOWLIST, false);
	t_cmd(&t, "make", NULL, false, true);
	ASSERT_OK(t_build(&t));
	struct arena *a = arena_new(1u << 20);
	ASSERT_NOT_NULL(a);
	/* in the line, in a function it defines, behind `command`, in $(...) */
	ASSERT_EQ(prompts_of(&t, a, "make all && echo ok | cat; f() { make lib; }; "
			     "command make z; echo $(make -s v)", &v, &first), 4);
	ASSERT_EQ(v, POLICY_ASK);
	ASSERT_STREQ(first[0], "make");
	ASSERT_STREQ(first[1], "make");
	ASSERT_STREQ(first[2], "command");
	ASSERT_STREQ(first[3], "make");
	/* in a string or file the line carries: refused, nothing to approve */
	static const char *const unseen[] = {
		"bash -c 'make all'", "sh -c \"make all\"", "eval make all", "trap 'make' EXIT",
		"alias m='make all'",
	};
	for (size_t i = 0; i < ARRAY_SIZE(unseen); i++) {
		ASSERT_EQ(prompts_of(&t, a, unseen[i], &v, &first), 0);
		if (v != POLICY_DENY || !find_rule(&t, "denylist.ask-unseen"))
			TAP_FAIL_("not refused as unseen: %s", unseen[i]);
	}
	put(proj, "build.sh", "make all\n");
	ASSERT_EQ(prompts_of(&t, a, "bash build.sh", &v, &first), 0);
	ASSERT_EQ(v, POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "denylist.ask-unseen"));
	ASSERT_EQ(prompts_of(&t, a, "source build.sh", &v, &first), 0);
	ASSERT_NOT_NULL(find_rule(&t, "denylist.ask-unseen"));
	/* under a wrapper: refused as before, not a prompt */
	ASSERT_EQ(prompts_of(&t, a, "timeout 5 make all", &v, &first), 0);
	ASSERT_EQ(v, POLICY_DENY);
	ASSERT_NOT_NULL(find_rule(&t, "denylist.ask-wrapped"));
	/* a name known only at runtime: nothing statically (the runtime gate's) */
	ASSERT_EQ(prompts_of(&t, a, "X=make; $X all", &v, &first), 0);
	ASSERT_EQ(v, POLICY_ALLOW);
	/* the benign neighbours: no ask entry runs */
	ASSERT_EQ(prompts_of(&t, a, "echo make; bash -c 'echo make'", &v, &first), 0);
	ASSERT_EQ(v, POLICY_ALLOW);
	/* a reset empties the list */
	ASSERT_EQ(prompts_of(&t, a, "make", &v, &first), 1);
	policy_report_reset(t.r);
	const struct sh_node *const *n = NULL;
	ASSERT_EQ(policy_report_prompts(t.r, &n), 0);
	/* the runtime check of an argv records none (it has no node) */
	char *argv[] = { (char *)"make", NULL };
	ASSERT_OK(policy_check_argv(t.p, proj, argv, 1, t.r));
	ASSERT_EQ(t.r->verdict, POLICY_ASK);
	ASSERT_EQ(policy_report_prompts(t.r, &n), 0);
	arena_free(a);
	t_done(&t);
}

TAP_MAIN(table_is_sorted, layer_modes_follow_the_table,
	 whitelist_refuses_toolchains_with_a_fix,
	 denylist_mode_drops_the_whitelist_and_audit_keeps_it,
	 self_protection_is_refused_without_a_fix, config_entries_deny_ask_and_allow,
	 protected_environment, shell_c_strings_are_checked_as_scripts, cd_is_followed,
	 find_exec_is_a_wrapper, wrapper_bypasses, grep_abbreviation_does_not_hide_a_path,
	 runtime_entry_points, exec_holds_protected_environment,
	 project_too_wide_refuses_every_check, exec_tells_rsync_a_moved_home,
	 check_tree_on_a_parsed_program,
	 syntax_errors_are_refused_in_every_mode, structure_rules,
	 prompts_are_the_ask_invocations_in_sight)
