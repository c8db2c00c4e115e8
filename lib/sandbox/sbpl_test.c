/* SPDX-License-Identifier: MIT */
/*
 * The macOS profile cannot run here: its text is compared with golden files
 * (lib/sandbox/testdata/, one .sb file each), reviewed by hand when they change. Set
 * SBPL_UPDATE=1 to rewrite them.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "sandbox.h"
#include "tap.h"

static void
add(struct sandbox_strv *l, const char *s)
{
	if (sandbox_strv_add(l, s) < 0)
		abort();
}

static int
golden(const char *name, const struct buf *got)
{
	char path[256];
	snprintf(path, sizeof(path), "testdata/%s", name);
	if (getenv("SBPL_UPDATE")) {
		FILE *f = fopen(path, "we");
		if (!f)
			return -errno;
		fwrite(got->data, 1, got->len, f);
		fclose(f);
		return 0;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	struct buf want = BUF_INIT(1 << 20);
	int r = buf_read_fd(&want, fd);
	close(fd);
	if (r >= 0 && (want.len != got->len || memcmp(want.data, got->data, got->len) != 0)) {
		printf("# %s differs; got:\n", path);
		for (char *s = got->data, *e; *s; s = e + 1) {
			e = strchrnul(s, '\n');
			printf("#   %.*s\n", (int)(e - s), s);
			if (!*e)
				break;
		}
		r = -EBADMSG;
	}
	buf_done(&want);
	return r;
}

TEST(allowlist_hidden_home_no_network)
{
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_new(&p));
	p->home = strdup("/Users/ada");
	p->hide_home = true;
	p->net = SANDBOX_NET_NONE;
	add(&p->read, "/");
	add(&p->write, "/Users/ada/src/proj");
	add(&p->tmp, "/private/tmp");
	add(&p->tmp, "/private/var/folders/xy/abc/T");
	add(&p->shown, "/Users/ada/.gitconfig");
	add(&p->shown, "/Users/ada/.ssh/known_hosts");
	add(&p->shown, "/Users/ada/.cargo");
	add(&p->ro, "/Users/ada/src/proj/.git/config");
	add(&p->ro, "/Users/ada/src/proj/.git/hooks");
	add(&p->mask, "/Users/ada/.cargo/credentials.toml");
	add(&p->mask, "/private/tmp/cc-socks");
	struct buf b = BUF_INIT(1 << 20);
	ASSERT_OK(sandbox_sbpl(p, &b));
	ASSERT_OK(golden("allowlist.sb", &b));
	buf_done(&b);
	sandbox_policy_free(p);
}

TEST(denylist_open_network_prefs_writable)
{
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_new(&p));
	p->home = strdup("/Users/ada");
	add(&p->read, "/");
	add(&p->write, "/Users/ada/src/proj");
	add(&p->write, "/Users/ada");
	add(&p->tmp, "/private/tmp");
	add(&p->ro, "/Users/ada/.bashrc");
	add(&p->ro, "/Users/ada/Library/Application Support/lite-sandbox");
	add(&p->mask, "/Users/ada/.ssh/id_ed25519");
	add(&p->mask, "/Users/ada/.gnupg");
	add(&p->mask, "/Users/ada/Library/Keychains");
	struct buf b = BUF_INIT(1 << 20);
	ASSERT_OK(sandbox_sbpl(p, &b));
	ASSERT_OK(golden("denylist.sb", &b));
	/* preferences are writable here: cfprefsd may be reached */
	ASSERT_NULL(strstr(b.data, "cfprefsd"));
	ASSERT_NOT_NULL(strstr(b.data, "com.apple.securityd.xpc"));
	buf_done(&b);
	sandbox_policy_free(p);
}

TEST(quoting)
{
	struct sandbox_policy *p = NULL;
	ASSERT_OK(sandbox_policy_new(&p));
	add(&p->write, "/w/a \"q\" \\b");
	struct buf b = BUF_INIT(1 << 20);
	ASSERT_OK(sandbox_sbpl(p, &b));
	ASSERT_NOT_NULL(strstr(b.data, "(subpath \"/w/a \\\"q\\\" \\\\b\")"));
	buf_done(&b);
	add(&p->mask, "/w/new\nline");
	b = (struct buf)BUF_INIT(1 << 20);
	ASSERT_ERRNO(sandbox_sbpl(p, &b), -EINVAL);
	buf_done(&b);
	sandbox_policy_free(p);
}

TAP_MAIN(allowlist_hidden_home_no_network, denylist_open_network_prefs_writable, quoting)
