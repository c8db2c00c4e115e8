/* SPDX-License-Identifier: MIT */
/* Unit tests: arithmetic, patterns, variables, expansions and the runtime
 * handlers (each bypass attempt must reach the call/exec/open handler). */
#include "internal.h"
#include "tap.h"
#include "tmpdir.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>

static struct interp *
new_it(void)
{
	static char *env[] = { "PATH=/usr/bin:/bin", "HOME=/tmp", NULL };
	struct interp_options o = { .envp = env, .argv0 = "test" };
	struct interp *it = NULL;
	if (interp_new(&o, &it) < 0)
		return NULL;
	return it;
}

static int64_t
ar(struct interp *it, const char *e, int *rc)
{
	int64_t v = -999;
	*rc = arith_eval(it, e, &v);
	return v;
}

TEST(arith_precedence)
{
	struct interp *it = new_it();
	int rc;
	ASSERT_EQ(ar(it, "1+2*3", &rc), 7);
	ASSERT_EQ(ar(it, "(1+2)*3", &rc), 9);
	ASSERT_EQ(ar(it, "2**3**2", &rc), 512);
	ASSERT_EQ(ar(it, "-2**2", &rc), 4);
	ASSERT_EQ(ar(it, "7/2", &rc), 3);
	ASSERT_EQ(ar(it, "-7%3", &rc), -1);
	ASSERT_EQ(ar(it, "1<<4|1", &rc), 17);
	ASSERT_EQ(ar(it, "5>3 && 2>1", &rc), 1);
	ASSERT_EQ(ar(it, "0 || 0", &rc), 0);
	ASSERT_EQ(ar(it, "1 ? 2 : 3", &rc), 2);
	ASSERT_EQ(ar(it, "0 ? 2 : 0 ? 3 : 4", &rc), 4);
	ASSERT_EQ(ar(it, "!5 + ~0", &rc), -1);
	ASSERT_EQ(ar(it, "1,2,3", &rc), 3);
	ASSERT_EQ(ar(it, "", &rc), 0);
	ASSERT_EQ(rc, 0);
	interp_free(it);
}

TEST(arith_bases_and_errors)
{
	struct interp *it = new_it();
	int rc;
	ASSERT_EQ(ar(it, "16#ff", &rc), 255);
	ASSERT_EQ(ar(it, "0x10", &rc), 16);
	ASSERT_EQ(ar(it, "010", &rc), 8);
	ASSERT_EQ(ar(it, "2#101", &rc), 5);
	ASSERT_EQ(ar(it, "64#@", &rc), 62);
	ASSERT_EQ(ar(it, "36#z", &rc), 35);
	ar(it, "1/0", &rc);
	ASSERT_EQ(rc, -EINVAL);
	ar(it, "2**-1", &rc);
	ASSERT_EQ(rc, -EINVAL);
	ar(it, "08", &rc);
	ASSERT_EQ(rc, -EINVAL);
	ar(it, "1 +", &rc);
	ASSERT_EQ(rc, -EINVAL);
	ar(it, "3=4", &rc);
	ASSERT_EQ(rc, -EINVAL);
	/* short-circuit: the division is not evaluated */
	ASSERT_EQ(ar(it, "0 && 1/0", &rc), 0);
	ASSERT_EQ(rc, 0);
	ASSERT_EQ(ar(it, "-9223372036854775807-1", &rc), INT64_MIN);
	ASSERT_EQ(ar(it, "9223372036854775807+1", &rc), INT64_MIN); /* wraps */
	interp_free(it);
}

TEST(arith_variables)
{
	struct interp *it = new_it();
	int rc;
	ASSERT_OK(var_set(it, "x", "5", false));
	ASSERT_OK(var_set(it, "y", "x*2", false));
	ASSERT_EQ(ar(it, "y+1", &rc), 11); /* recursive evaluation */
	ASSERT_EQ(ar(it, "x++", &rc), 5);
	ASSERT_STREQ(var_get(it, "x"), "6");
	ASSERT_EQ(ar(it, "++x", &rc), 7);
	ASSERT_EQ(ar(it, "x+=3", &rc), 10);
	ASSERT_EQ(ar(it, "x<<=1", &rc), 20);
	ASSERT_EQ(ar(it, "z=x--, z", &rc), 20);
	ASSERT_STREQ(var_get(it, "x"), "19");
	ASSERT_EQ(ar(it, "a[2]=7, a[2]*2", &rc), 14);
	ASSERT_EQ(ar(it, "unset_var + 1", &rc), 1);
	ASSERT_OK(var_set(it, "self", "self", false));
	ar(it, "self", &rc); /* endless recursion is cut off */
	ASSERT_EQ(rc, -EINVAL);
	interp_free(it);
}

TEST(pattern_basic)
{
	ASSERT_TRUE(pat_match("*.c", "a.c", 3, 0));
	ASSERT_FALSE(pat_match("*.c", "a.h", 3, 0));
	ASSERT_TRUE(pat_match("a?c", "abc", 3, 0));
	ASSERT_TRUE(pat_match("[a-c]x", "bx", 2, 0));
	ASSERT_FALSE(pat_match("[!a-c]x", "bx", 2, 0));
	ASSERT_TRUE(pat_match("[^a-c]x", "dx", 2, 0));
	ASSERT_TRUE(pat_match("[]]", "]", 1, 0));
	ASSERT_TRUE(pat_match("[[:digit:]]*", "9z", 2, 0));
	ASSERT_TRUE(pat_match("\\*", "*", 1, 0));
	ASSERT_FALSE(pat_match("\\*", "a", 1, 0));
	ASSERT_TRUE(pat_match("[", "[", 1, 0)); /* unclosed bracket is literal */
	ASSERT_TRUE(pat_match("ABC", "abc", 3, PM_NOCASE));
	ASSERT_TRUE(pat_match("*", "", 0, 0));
	ASSERT_TRUE(pat_match("a*b*c", "axxbyyc", 7, 0));
}

TEST(pattern_extglob)
{
	int f = PM_EXTGLOB;
	ASSERT_TRUE(pat_match("@(foo|bar)", "bar", 3, f));
	ASSERT_FALSE(pat_match("@(foo|bar)", "baz", 3, f));
	ASSERT_TRUE(pat_match("*(ab)", "ababab", 6, f));
	ASSERT_TRUE(pat_match("*(ab)", "", 0, f));
	ASSERT_FALSE(pat_match("+(ab)", "", 0, f));
	ASSERT_TRUE(pat_match("?(x)y", "y", 1, f));
	ASSERT_TRUE(pat_match("!(*.c)", "a.h", 3, f));
	ASSERT_FALSE(pat_match("!(*.c)", "a.c", 3, f));
	ASSERT_TRUE(pat_match("a+([0-9])b", "a123b", 5, f));
	/* without extglob the operators are ordinary characters */
	ASSERT_FALSE(pat_match("@(a)", "a", 1, 0));
}

TEST(variables_arrays_scopes)
{
	struct interp *it = new_it();
	ASSERT_OK(var_set_elem(it, "a", "3", "three", false));
	ASSERT_OK(var_set_elem(it, "a", "1", "one", false));
	struct var *v = var_lookup(it, "a");
	ASSERT_TRUE(v->flags & V_ARRAY);
	ASSERT_EQ(v->arr.n, 2);
	ASSERT_EQ(v->arr.e[0].idx, 1); /* kept sorted */
	ASSERT_OK(var_set_elem(it, "a", "-1", "THREE", false));
	ASSERT_STREQ(arr_get(v, NULL, 3), "THREE");
	ASSERT_OK(var_set(it, "g", "global", false));
	scope_push(it);
	struct var *l = var_declare(it, "g", true);
	ASSERT_OK(var_assign_value(it, l, "local", false));
	ASSERT_STREQ(var_get(it, "g"), "local");
	scope_pop(it);
	ASSERT_STREQ(var_get(it, "g"), "global");
	ASSERT_OK(var_set_flags(it, "r", "1", V_READONLY));
	ASSERT_ERRNO(var_set(it, "r", "2", false), -EPERM);
	struct var *iv = var_declare(it, "n", false);
	iv->flags |= V_INTEGER;
	ASSERT_OK(var_assign_value(it, iv, "2+3", false));
	ASSERT_STREQ(var_get(it, "n"), "5");
	ASSERT_OK(var_assign_value(it, iv, "1", true));
	ASSERT_STREQ(var_get(it, "n"), "6");
	interp_free(it);
}

/* Run a script with stdout captured; returns status, output in out. */
static int
run_capture(struct interp *it, const char *src, char *out, size_t outsz)
{
	fflush(stdout);
	int p[2];
	if (pipe(p) < 0)
		return -1;
	int saved = dup(1);
	dup2(p[1], 1);
	close(p[1]);
	int st = interp_run_string(it, src, strlen(src));
	dup2(saved, 1);
	close(saved);
	ssize_t n = read(p[0], out, outsz - 1);
	close(p[0]);
	out[n > 0 ? n : 0] = '\0';
	return st;
}

TEST(expansion_basics)
{
	struct interp *it = new_it();
	char out[4096];
	ASSERT_EQ(run_capture(it, "x='a  b'; printf '[%s]' $x \"$x\"", out, sizeof(out)), 0);
	ASSERT_STREQ(out, "[a][b][a  b]");
	ASSERT_EQ(run_capture(it, "set -- 1 '2 3'; printf '<%s>' \"$@\" ${#}", out, sizeof(out)), 0);
	ASSERT_STREQ(out, "<1><2 3><2>");
	ASSERT_EQ(run_capture(it, "v=hello.tar.gz; echo ${v%%.*} ${v#*.} ${v/l/L} ${v//l/L} ${#v}", out, sizeof(out)), 0);
	ASSERT_STREQ(out, "hello tar.gz heLlo.tar.gz heLLo.tar.gz 12\n");
	ASSERT_EQ(run_capture(it, "echo {a,b}{1..3..2} ${u:-def} $((2**10))", out, sizeof(out)), 0);
	ASSERT_STREQ(out, "a1 a3 b1 b3 def 1024\n");
	ASSERT_EQ(run_capture(it, "echo $(echo sub; echo x) \"$(printf 'a\\n\\n')\"", out, sizeof(out)), 0);
	ASSERT_STREQ(out, "sub x a\n");
	ASSERT_EQ(run_capture(it, "IFS=,; x='a,,b,'; for i in $x; do printf '(%s)' \"$i\"; done", out, sizeof(out)), 0);
	ASSERT_STREQ(out, "(a)()(b)");
	interp_free(it);
}

/* What the interpreter refuses to run names the line it is on, even when
 * no simple command ran before it. */
TEST(unsupported_names_its_line)
{
	struct interp *it = new_it();
	char out[4096];
	ASSERT_EQ(run_capture(it, "{\nselect x in a; do :; done\n} 2>&1", out, sizeof(out)), 2);
	ASSERT_NOT_NULL(strstr(out, "line 2: select: unsupported"));
	interp_free(it);
	it = new_it();
	ASSERT_EQ(run_capture(it, "{\n\ncoproc cat\n} 2>&1", out, sizeof(out)), 2);
	ASSERT_NOT_NULL(strstr(out, "line 3: coproc: unsupported"));
	interp_free(it);
}

/* A policy stand-in: refuses any command named "forbidden", any exec of
 * /usr/bin/id, and any open of a path containing "secret". */
struct fake_policy {
	int calls, opens, execs;
};

static int
fp_call(void *ctx, char *const *argv, size_t argc, char *msg, size_t msz)
{
	struct fake_policy *p = ctx;
	p->calls++;
	if (!strcmp(argv[0], "forbidden")) {
		snprintf(msg, msz, "forbidden is not allowed");
		return -EPERM;
	}
	return 0;
}

static int
fp_open(void *ctx, const char *path, int flags, char *msg, size_t msz)
{
	struct fake_policy *p = ctx;
	p->opens++;
	if (strstr(path, "secret")) {
		snprintf(msg, msz, "%s is outside the allowed paths", path);
		return -EPERM;
	}
	return 0;
}

static int
fp_exec(void *ctx, const char *path, char *const *argv, char *const *envp, char *msg, size_t msz)
{
	struct fake_policy *p = ctx;
	p->execs++;
	if (!strcmp(path, "/usr/bin/id")) {
		snprintf(msg, msz, "id is not allowed");
		return -EPERM;
	}
	return 0;
}

static int
run_policy(const char *src, struct fake_policy *fp, char *out, size_t outsz)
{
	char *env[] = { "PATH=/usr/bin:/bin", "HOME=/tmp", NULL };
	struct interp_options o = { .envp = env, .argv0 = "test",
				    .handlers = { .call = fp_call, .open = fp_open, .exec = fp_exec, .ctx = fp } };
	struct interp *it = NULL;
	if (interp_new(&o, &it) < 0)
		return -1;
	int st = run_capture(it, src, out, outsz);
	interp_free(it);
	return st;
}

static const char *const bypasses[] = {
	"forbidden",
	"x=forbidden; $x",
	"$(echo forbidden)",
	"`echo forbidden`",
	"eval forbidden",
	"eval 'f=forb; ${f}idden'",
	"a=(true forbidden); ${a[1]}",
	"n=x; x=forbidden; ${!n}",
	"printf -v c '%s' forbidden; $c",
	"declare d=forbidden; $d",
	"forbidden() { :; }; unset -f forbidden; forbidden",
	"echo() { forbidden; }; echo hi",
	"command forbidden",
	"builtin eval forbidden",
	"exec forbidden",
	"bash -c forbidden",
	"x=forbidden; sh -c \"$x\"",
	"echo forbidden | bash",
	"printf 'forbidden\\n' > @TMP@/lite-interp-sh.$$; bash @TMP@/lite-interp-sh.$$",
	"bash -c 'bash -c forbidden'",
	"(exec forbidden)",
	"cat > @TMP@/lite-interp-test.$$.sh <<EOF\nforbidden\nEOF\nsource @TMP@/lite-interp-test.$$.sh",
	"f() { \"$@\"; }; f forbidden",
	"true | forbidden",
	"( forbidden )",
	"{ forbidden; } 2>/dev/null",
	"if true; then forbidden; fi",
	"for c in forbidden; do $c; done",
	"cat <(forbidden)",
	"x=$(forbidden)",
	"forbidden &\nwait",
	"echo hi > secret.txt",
	"cat < /tmp/secret",
	"/usr/bin/id",
	"id",
	"p=/usr/bin/id; $p",
	"export \"PATH=/tmp:$PATH\"; ls",
	"PATH=/tmp ls",
	"for PATH in /tmp; do ls; done",
	"unset PATH; ls",
	"read -r PATH <<< /tmp; ls",
	"export LD_PRELOAD=/tmp/x.so; true; /bin/true",
	"set -a; BASH_ENV=/tmp/x; /bin/true",
};

/* src with every "@TMP@" replaced by dir; -E2BIG when it does not fit. */
static int
with_tmpdir(const char *src, const char *dir, char *buf, size_t size)
{
	size_t n = 0, dl = strlen(dir);
	while (*src) {
		const char *piece = src;
		size_t len = 1;
		if (!strncmp(src, "@TMP@", 5)) {
			piece = dir;
			len = dl;
			src += 5;
		} else {
			src++;
		}
		if (n + len >= size)
			return -E2BIG;
		memcpy(buf + n, piece, len);
		n += len;
	}
	buf[n] = '\0';
	return 0;
}

/* The two lines that write a script and then run it really write it (the
 * fake policy lets any write outside "secret" through, as a write set
 * would): into a directory of the test's own, gone at the end, not /tmp. */
TEST(runtime_bypasses_are_refused)
{
	char out[4096], src[1024];
	const char *dir = test_tmpdir_fresh("interp-test");
	for (size_t i = 0; i < ARRAY_SIZE(bypasses); i++) {
		struct fake_policy fp = { 0 };
		ASSERT_OK(with_tmpdir(bypasses[i], dir, src, sizeof(src)));
		int st = run_policy(src, &fp, out, sizeof(out));
		if (st != INTERP_STATUS_REFUSED)
			TAP_FAIL_("not refused (status %d): %s", st, src);
	}
	/* the scripts were written, so their runs were refused for what is in
	 * them, not because there was nothing to run */
	char script[TEST_TMPDIR_MAX + 64];
	snprintf(script, sizeof(script), "%s/lite-interp-sh.%ld", dir, (long)getpid());
	ASSERT_EQ(access(script, R_OK), 0);
	snprintf(script, sizeof(script), "%s/lite-interp-test.%ld.sh", dir, (long)getpid());
	ASSERT_EQ(access(script, R_OK), 0);
	test_tmpdir_remove();
	unlink("secret.txt");
}

TEST(allowed_commands_run_and_are_seen)
{
	char out[4096];
	struct fake_policy fp = { 0 };
	ASSERT_EQ(run_policy("echo a | cat; /bin/true > /dev/null; cat < /dev/null; echo b >/dev/stdout", &fp, out, sizeof(out)), 0);
	ASSERT_STREQ(out, "a\nb\n");
	/* the pipeline's stages ran in children, which counted in their own
	 * copy; here: /bin/true, cat and echo; /dev/stdout is never opened */
	ASSERT_EQ(fp.calls, 3);
	ASSERT_EQ(fp.execs, 2);
	ASSERT_EQ(fp.opens, 2);
}

/* As bash: a signal ignored when the interpreter starts stays ignored
 * (trap neither catches nor resets it) and trap -p lists it; the others
 * are trapped as usual. (bash -c under nohup prints the same.) */
TEST(signals_ignored_on_entry)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_hup, old_usr1;
	sigemptyset(&ign.sa_mask);
	ASSERT_EQ(sigaction(SIGHUP, &ign, &old_hup), 0);
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	sigemptyset(&dfl.sa_mask);
	ASSERT_EQ(sigaction(SIGUSR1, &dfl, &old_usr1), 0);
	struct interp *it = new_it();
	char out[4096];
	int st = run_capture(it, "trap -p; trap 'echo hup' HUP; trap - HUP; trap 'echo hup' HUP; "
				 "kill -HUP $$; trap 'echo usr1' USR1; kill -USR1 $$; trap -p",
			     out, sizeof(out));
	interp_free(it);
	struct sigaction now;
	sigaction(SIGHUP, NULL, &now);
	sigaction(SIGHUP, &old_hup, NULL);
	sigaction(SIGUSR1, &old_usr1, NULL);
	ASSERT_EQ(st, 0);
	ASSERT_STREQ(out, "trap -- '' SIGHUP\nusr1\ntrap -- '' SIGHUP\ntrap -- 'echo usr1' SIGUSR1\n");
	ASSERT_TRUE(now.sa_handler == SIG_IGN); /* still ignored */
}

TAP_MAIN(arith_precedence, arith_bases_and_errors, arith_variables, pattern_basic,
	 pattern_extglob, variables_arrays_scopes, expansion_basics,
	 runtime_bypasses_are_refused, allowed_commands_run_and_are_seen,
	 signals_ignored_on_entry, unsupported_names_its_line)
