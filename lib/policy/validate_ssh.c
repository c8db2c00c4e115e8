/* SPDX-License-Identifier: MIT */
/*
 * ssh, sshpass, scp and rsync: only to the hosts the config's ssh section
 * lists (scp and rsync, and forwarding and connection sharing, only to
 * write: true hosts), with the options that run a program here or redirect
 * the connection refused. The command ssh runs on a host that is not
 * write: true is parsed and held to a read-only whitelist: readers, and a few
 * tools (journalctl, systemctl, git, docker, sed, find, sort) with their
 * writing verbs and options refused; no variables, substitutions or loops,
 * output only to /dev/null. A host entry's own command list widens it.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "validate.h"

#define NA OPT_ARG_NONE
#define RQ OPT_ARG_REQUIRED

/* ---- hosts ------------------------------------------------------------------------ */

/* The host of [user@]host, [user@]host:path (colon), ssh://[user@]host[:port][/...],
 * scp://..., as a span of dest. */
static void
host_span(const char *dest, bool colon_path, const char **ret_h, size_t *ret_len)
{
	const char *h = dest;
	bool url = false;
	if (strncmp(h, "ssh://", 6) == 0 || strncmp(h, "scp://", 6) == 0) {
		h += 6;
		url = true;
	}
	const char *end = h + strlen(h);
	if (url || colon_path) {
		const char *slash = url ? strchr(h, '/') : NULL;
		if (slash)
			end = slash;
	}
	const char *at = NULL;
	for (const char *c = h; c < end; c++)
		if (*c == '@')
			at = c;
	if (at)
		h = at + 1;
	if (*h == '[') {
		/* [v6]:port */
		const char *rb = strchr(h, ']');
		if (rb && rb < end) {
			*ret_h = h + 1;
			*ret_len = (size_t)(rb - h - 1);
			return;
		}
	}
	if (url || colon_path) {
		const char *colon = memchr(h, ':', (size_t)(end - h));
		if (colon)
			end = colon;
	}
	*ret_h = h;
	*ret_len = (size_t)(end - h);
}

/* The index of the listed host, or -1. */
static int
host_find(const struct policy *p, const char *dest, bool colon_path)
{
	const char *h;
	size_t len;
	host_span(dest, colon_path, &h, &len);
	if (!len)
		return -1;
	for (size_t i = 0; i < p->n_ssh_hosts; i++)
		if (strlen(p->ssh_hosts[i]) == len && strncasecmp(p->ssh_hosts[i], h, len) == 0)
			return (int)i;
	return -1;
}

static int
refuse(struct walk *w, const char *rule, const char *cmd, const char *fmt_word,
       const char *why)
{
	return report_add(w, POLICY_LAYER_ARGS, rule, NULL, false, "%s: '%s' %s", cmd,
			  fmt_word, why);
}

/* ---- ssh -o keys ------------------------------------------------------------------- */

/* Keys that neither run a program nor redirect the connection. */
static const char *const ssh_o_safe[] = {
	"addkeystoagent", "addressfamily", "batchmode", "bindaddress", "bindinterface",
	"canonicaldomains", "casignaturealgorithms", "checkhostip", "ciphers",
	"clearallforwardings", "compression", "connectionattempts", "connecttimeout",
	"escapechar", "exitonforwardfailure", "fingerprinthash", "forwardagent",
	"forwardx11", "forwardx11trusted", "hashknownhosts", "hostbasedauthentication",
	"hostbasedacceptedalgorithms", "hostkeyalgorithms", "identitiesonly",
	"ipqos", "kbdinteractiveauthentication", "kexalgorithms", "loglevel", "logverbose",
	"macs", "nohostauthenticationforlocalhost", "numberofpasswordprompts",
	"passwordauthentication", "port", "preferredauthentications",
	"pubkeyacceptedalgorithms", "pubkeyauthentication", "rekeylimit",
	"requiredrsasize", "serveraliveinterval", "serveralivecountmax",
	"stricthostkeychecking", "tcpkeepalive", "updatehostkeys", "user",
	"verifyhostkeydns", "visualhostkey", "obscurekeystroketiming",
	"gssapiauthentication", "gssapidelegatecredentials",
};
/* Keys only write: true hosts may use (checked like their options). */
static const char *const ssh_o_write[] = {
	"controlmaster", "controlpath", "controlpersist", "dynamicforward",
	"localforward", "remoteforward",
};

struct ssh_state {
	int host;           /* index of the destination's entry, -1 before it */
	bool write_needed;  /* forwarding or sharing asked for */
	const char *write_why;
	bool has_n, has_N, tty, subsystem;
	const char *fwd[16]; /* forwards and control paths, checked once the host is known */
	char fwd_kind[16];
	size_t n_fwd;
};

static bool
is_loopback(const char *s, size_t n)
{
	static const char *const lo[] = { "localhost", "127.0.0.1", "::1", "[::1]", "" };
	for (size_t i = 0; i < ARRAY_SIZE(lo); i++)
		if (strlen(lo[i]) == n && strncasecmp(lo[i], s, n) == 0)
			return true;
	return false;
}

/*
 * A forward: -L/-R [bind:]port:host:hostport, with Unix sockets written as
 * paths; -D [bind:]port. The local listener must bind loopback, and no
 * forward may listen on or connect to a local Unix socket.
 */
static const char *
forward_problem(char kind, const char *spec)
{
	if (strchr(spec, '/'))
		return "names a Unix socket";
	/* split on ':' outside [..] */
	const char *parts[5];
	size_t lens[5], n = 0;
	const char *c = spec, *start = spec;
	int br = 0;
	for (;; c++) {
		if (*c == '[')
			br++;
		else if (*c == ']')
			br--;
		if ((*c == ':' && br == 0) || !*c) {
			if (n == ARRAY_SIZE(parts))
				return "is not a forward the policy can read";
			parts[n] = start;
			lens[n++] = (size_t)(c - start);
			start = c + 1;
			if (!*c)
				break;
		}
	}
	size_t want = kind == 'D' ? 1 : 3;
	if (n == want + 1) {
		/* a bind address: loopback only for the local listener */
		if ((kind == 'L' || kind == 'D') && !is_loopback(parts[0], lens[0]))
			return "binds a local listener to an address other than loopback";
	} else if (n != want) {
		return "is not a forward the policy can read";
	}
	return NULL;
}

static const char *
control_path_problem(const char *path)
{
	if (strcasecmp(path, "none") == 0)
		return NULL;
	if (!strstr(path, "%C"))
		return "must contain %C, so a client only finds a master to the host it names";
	for (const char *c = path; *c; c++)
		if (*c == '%' && !(c[1] == 'C'))
			return "may hold no token but %C";
	if (strchr(path, '~') || strchr(path, '$'))
		return "may not use ~ or variables";
	return NULL;
}

static int
ssh_option(struct walk *w, struct ssh_state *st, const char *cmd, int id, const char *v,
	   const struct parg *va, enum arg_role *roles, int value_argi, int argi);

/* -o KEY=VALUE, KEY VALUE, KEY = VALUE */
static int
ssh_o(struct walk *w, struct ssh_state *st, const char *cmd, const char *kv,
      enum arg_role *roles)
{
	char key[64];
	size_t n = 0;
	while (kv[n] && kv[n] != '=' && !isspace((unsigned char)kv[n]) && n + 1 < sizeof(key)) {
		key[n] = (char)tolower((unsigned char)kv[n]);
		n++;
	}
	key[n] = '\0';
	const char *v = kv + n;
	while (*v == ' ' || *v == '\t')
		v++;
	if (*v == '=')
		v++;
	while (*v == ' ' || *v == '\t')
		v++;
	if (streq(key, "forwardagent") || streq(key, "forwardx11") ||
	    streq(key, "forwardx11trusted")) {
		if (strcasecmp(v, "no") != 0)
			return refuse(w, "args.ssh-option", cmd, kv,
				      "forwards the agent or X11 to the remote host");
		return 0;
	}
	if (streq(key, "identityfile") || streq(key, "certificatefile"))
		return check_path_str(w, cmd, v, ROLE_READ, 0);
	if (streq(key, "userknownhostsfile") && strcasecmp(v, "/dev/null") == 0)
		return 0;
	if (streq(key, "proxyjump")) {
		char *copy = arena_strdup(w->a, v), *save = NULL;
		if (!copy)
			return -ENOMEM;
		if (strcasecmp(v, "none") == 0)
			return 0;
		for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
			if (host_find(w->p, t, false) < 0)
				return refuse(w, "args.ssh-host", cmd, t,
					      "is a jump host the config's ssh section does not list");
		return 0;
	}
	if (in_list(key, ssh_o_safe, ARRAY_SIZE(ssh_o_safe)))
		return 0;
	if (in_list(key, ssh_o_write, ARRAY_SIZE(ssh_o_write))) {
		int id = streq(key, "localforward")     ? 'L'
			 : streq(key, "remoteforward")  ? 'R'
			 : streq(key, "dynamicforward") ? 'D'
			 : streq(key, "controlpath")    ? 'S'
							: 'M';
		/* LocalForward takes "port host:hostport" */
		char *vv = arena_strdup(w->a, v);
		if (!vv)
			return -ENOMEM;
		if (id == 'L' || id == 'R')
			for (char *c = vv; *c; c++)
				if (*c == ' ' || *c == '\t')
					*c = ':';
		return ssh_option(w, st, cmd, id, vv, NULL, roles, -1, -1);
	}
	return refuse(w, "args.ssh-option", cmd, kv,
		      "is an ssh option that runs a program, redirects the connection or "
		      "is not one the policy knows (ProxyCommand, LocalCommand, Hostname, "
		      "IdentityAgent, SendEnv, ... are refused)");
}

static int
ssh_option(struct walk *w, struct ssh_state *st, const char *cmd, int id, const char *v,
	   const struct parg *va, enum arg_role *roles, int value_argi, int argi)
{
	char word[3] = { '-', (char)id, '\0' };
	switch (id) {
	case 'n':
		st->has_n = true;
		return 0;
	case 'N':
		st->has_N = true;
		return 0;
	case 't':
		st->tty = true;
		return 0;
	case 's':
		st->subsystem = true;
		return 0;
	case 'i':
	case 'E':
		if (!v)
			return 0;
		if (value_argi >= 0 && value_argi != argi) {
			roles[value_argi] = id == 'E' ? ROLE_WRITE : ROLE_READ;
			return 0;
		}
		return check_path_str(w, cmd, v, id == 'E' ? ROLE_WRITE : ROLE_READ, 0);
	case 'J': {
		if (!v)
			return refuse(w, "args.ssh-host", cmd, "-J",
				      "names jump hosts only known at runtime");
		char *copy = arena_strdup(w->a, v), *save = NULL;
		if (!copy)
			return -ENOMEM;
		for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
			if (host_find(w->p, t, false) < 0)
				return refuse(w, "args.ssh-host", cmd, t,
					      "is a jump host the config's ssh section does not list");
		return 0;
	}
	case 'o':
		if (!v)
			return refuse(w, "args.ssh-option", cmd, va ? va->src : "-o",
				      "is an option only known at runtime");
		return ssh_o(w, st, cmd, v, roles);
	case 'W':
		return refuse(w, "args.ssh-option", cmd, word,
			      "forwards standard input and output to another host");
	case 'w':
		return refuse(w, "args.ssh-option", cmd, word, "opens a tunnel device");
	case 'g':
		return refuse(w, "args.ssh-option", cmd, word,
			      "lets other hosts connect to local forwarded ports");
	case 'A':
	case 'X':
	case 'Y':
		return refuse(w, "args.ssh-option", cmd, word,
			      "forwards the agent or X11 to the remote host");
	case 'F':
		return refuse(w, "args.ssh-option", cmd, word,
			      "reads another config file, which can run programs");
	case 'I':
		return refuse(w, "args.ssh-option", cmd, word, "loads a PKCS#11 library");
	case 'L':
	case 'R':
	case 'D': {
		if (!v)
			return refuse(w, "args.ssh-option", cmd, word,
				      "is a forward only known at runtime");
		const char *why = forward_problem((char)id, v);
		if (why)
			return refuse(w, "args.ssh-forward", cmd, v, why);
		st->write_needed = true;
		st->write_why = "port forwarding";
		return 0;
	}
	case 'M':
		st->write_needed = true;
		st->write_why = "connection sharing";
		return 0;
	case 'O':
		st->write_needed = true;
		st->write_why = "connection sharing";
		return 0;
	case 'S': {
		if (!v)
			return refuse(w, "args.ssh-option", cmd, word,
				      "is a control path only known at runtime");
		const char *why = control_path_problem(v);
		if (why)
			return refuse(w, "args.ssh-control-path", cmd, v, why);
		if (strcasecmp(v, "none") != 0) {
			char *p = arena_strdup(w->a, v);
			if (!p)
				return -ENOMEM;
			for (char *c = strstr(p, "%C"); c; c = strstr(c, "%C"))
				c[0] = 'C', c[1] = 'C';
			int r = check_path_str(w, cmd, p, ROLE_WRITE, 0);
			if (r < 0)
				return r;
		}
		st->write_needed = true;
		st->write_why = "connection sharing";
		return 0;
	}
	default:
		return 0;
	}
}

/* ---- the remote command ---------------------------------------------------------------- */

static const char *const remote_readers[] = {
	"[", "basename", "cat", "cksum", "column", "comm", "cut", "date", "df", "diff",
	"dirname", "du", "echo", "egrep", "expr", "false", "fgrep", "file", "findmnt",
	"free", "getent", "grep", "head", "hexdump", "hostname", "hostnamectl", "id",
	"last", "ls", "lsblk", "lscpu", "lsof", "md5sum", "nl", "nproc", "od", "printf",
	"ps", "pwd", "readlink", "realpath", "rev", "sha1sum", "sha256sum", "sha512sum",
	"sleep", "ss", "stat", "strings", "tac", "tail", "test", "timedatectl", "tr",
	"tree", "true", "uname", "uptime", "w", "wc", "which", "who", "whoami", "zcat",
	"zgrep",
};

/* Whether a long option word is a prefix of (an abbreviation for) one of names. */
static bool
abbrev_of(const char *s, const char *const *names, size_t n)
{
	if (s[0] != '-' || s[1] != '-' || !s[2])
		return false;
	size_t l = strcspn(s + 2, "=");
	for (size_t i = 0; i < n; i++)
		if (l <= strlen(names[i]) && strncmp(s + 2, names[i], l) == 0)
			return true;
	return false;
}

/* Why the remote command (argv, static words) may not run, or NULL. */
static const char *
remote_command_problem(struct walk *w, const char *const *av, size_t ac)
{
	const char *n = av[0];
	/* readers that also set something */
	if (streq(n, "date")) {
		static const char *const set[] = { "set" };
		for (size_t i = 1; i < ac; i++)
			if (abbrev_of(av[i], set, 1) ||
			    (av[i][0] == '-' && av[i][1] != '-' && strchr(av[i], 's')))
				return "date -s sets the clock";
		return NULL;
	}
	if (streq(n, "hostname")) {
		for (size_t i = 1; i < ac; i++)
			if (av[i][0] != '-' || (av[i][1] != '-' && strpbrk(av[i] + 1, "bF")) ||
			    starts_with(av[i], "--file") || starts_with(av[i], "--boot"))
				return "hostname with a name or a file sets the host name";
		return NULL;
	}
	if (streq(n, "timedatectl") || streq(n, "hostnamectl")) {
		for (size_t i = 1; i < ac; i++)
			if (av[i][0] != '-')
				return streq(av[i], "status") || streq(av[i], "show") ||
						       streq(av[i], "list-timezones")
					       ? NULL
					       : "only status, show and list-timezones read";
		return NULL;
	}
	if (in_list(n, remote_readers, ARRAY_SIZE(remote_readers)))
		return NULL;
	if (streq(n, "sort")) {
		static const char *const bad[] = { "output", "temporary-directory",
						   "compress-program" };
		for (size_t i = 1; i < ac; i++) {
			const char *s = av[i];
			if (streq(s, "--"))
				break;
			if (abbrev_of(s, bad, ARRAY_SIZE(bad)) ||
			    (s[0] == '-' && s[1] != '-' && strpbrk(s + 1, "oT")))
				return "sort -o, -T and --compress-program write files or run a program";
		}
		return NULL;
	}
	if (streq(n, "uniq")) {
		size_t ops = 0;
		for (size_t i = 1; i < ac; i++)
			if (av[i][0] != '-' || !av[i][1])
				ops++;
		return ops > 1 ? "uniq's second operand is a file it writes" : NULL;
	}
	if (streq(n, "journalctl")) {
		static const char *const bad[] = {
			"vacuum-size", "vacuum-time", "vacuum-files", "rotate", "flush", "sync",
			"relinquish-var", "smart-relinquish-var", "setup-keys", "update-catalog",
			"cursor-file",
		};
		for (size_t i = 1; i < ac; i++)
			if (abbrev_of(av[i], bad, ARRAY_SIZE(bad)))
				return "journalctl's maintenance options (--vacuum-*, --rotate, "
				       "--flush, --setup-keys, ...) change the journal";
		return NULL;
	}
	if (streq(n, "systemctl")) {
		static const char *const ok[] = {
			"status", "show", "cat", "list-units", "list-unit-files", "list-sockets",
			"list-timers", "list-jobs", "list-dependencies", "list-machines",
			"is-active", "is-enabled", "is-failed", "is-system-running", "get-default",
			"show-environment", "help",
		};
		static const char *const val[] = { "-t", "-p", "-n", "-o", "-M", "--type",
						   "--property", "--lines", "--output",
						   "--state", "--machine" };
		static const char *const host[] = { "host" };
		for (size_t i = 1; i < ac; i++) {
			const char *s = av[i];
			if (streq(s, "-H") || abbrev_of(s, host, 1) ||
			    (s[0] == '-' && s[1] != '-' && strchr(s, 'H')))
				return "systemctl -H runs on another host";
			if (in_list(s, val, ARRAY_SIZE(val))) {
				i++;
				continue;
			}
			if (s[0] == '-')
				continue;
			return in_list(s, ok, ARRAY_SIZE(ok))
				       ? NULL
				       : "systemctl: only the verbs that read (status, show, "
					 "list-*, is-*, cat) are allowed";
		}
		return NULL;
	}
	if (streq(n, "git")) {
		static const char *const ok[] = {
			"status", "log", "diff", "show", "blame", "ls-files", "ls-tree", "rev-parse",
			"describe", "shortlog", "cat-file", "grep", "rev-list", "show-ref",
			"for-each-ref", "branch", "tag", "remote", "stash", "reflog", "version",
			"config",
		};
		size_t i = 1;
		for (; i < ac && av[i][0] == '-'; i++) {
			if (streq(av[i], "-C")) {
				i++;
				continue;
			}
			if (streq(av[i], "--no-pager") || streq(av[i], "-P") ||
			    streq(av[i], "--bare"))
				continue;
			return "git: only -C and --no-pager are allowed before the subcommand";
		}
		if (i >= ac)
			return NULL;
		const char *sub = av[i];
		if (!in_list(sub, ok, ARRAY_SIZE(ok)))
			return "git: only subcommands that read are allowed";
		for (size_t k = i + 1; k < ac; k++) {
			const char *s = av[k];
			if (streq(s, "--"))
				break;
			if (starts_with(s, "--output") || starts_with(s, "--ext-diff") ||
			    starts_with(s, "--open-files") || streq(s, "-O"))
				return "git: an option that writes a file or runs a program";
			if ((streq(sub, "branch") || streq(sub, "tag") || streq(sub, "remote") ||
			     streq(sub, "stash") || streq(sub, "reflog")) &&
			    !(s[0] == '-' && strpbrk(s, "avlr") && !strpbrk(s + 1, "dDmMcCfe")) &&
			    !streq(s, "list") && !streq(s, "show") && !streq(s, "--list") &&
			    !streq(s, "--all") && !streq(s, "--verbose"))
				return "git: branch, tag, remote, stash and reflog may only list";
			if (streq(sub, "config") && !streq(s, "--get") && !streq(s, "--get-all") &&
			    !streq(s, "-l") && !streq(s, "--list") && !streq(s, "get") &&
			    !streq(s, "list") && s[0] == '-' && !starts_with(s, "--show"))
				return "git config may only read";
		}
		if (streq(sub, "config")) {
			bool rd = false;
			for (size_t k = i + 1; k < ac; k++)
				if (streq(av[k], "--get") || streq(av[k], "--get-all") ||
				    streq(av[k], "-l") || streq(av[k], "--list") ||
				    (k == i + 1 && (streq(av[k], "get") || streq(av[k], "list"))))
					rd = true;
			if (!rd)
				return "git config may only read";
		}
		return NULL;
	}
	if (streq(n, "docker")) {
		static const char *const ok[] = { "ps", "images", "logs", "inspect", "version",
						  "info", "stats", "top", "port", "diff", "history" };
		static const char *const grp[] = { "container", "image", "network", "volume",
						   "system", "compose" };
		static const char *const grp_ok[] = { "ls", "ps", "inspect", "logs", "top", "port",
						      "diff", "history", "stats", "df", "info",
						      "images", "config", "version" };
		size_t i = 1;
		for (; i < ac && av[i][0] == '-'; i++) {
			if (streq(av[i], "--log-level") || streq(av[i], "-l"))
				i++;
			else if (!streq(av[i], "--debug") && !streq(av[i], "-D"))
				return "docker: only --debug and --log-level are allowed before "
				       "the command (-H, --context and --config redirect it)";
		}
		if (i >= ac)
			return NULL;
		if (in_list(av[i], ok, ARRAY_SIZE(ok)))
			return NULL;
		if (in_list(av[i], grp, ARRAY_SIZE(grp))) {
			size_t k = i + 1;
			while (k < ac && av[k][0] == '-')
				k++;
			if (k >= ac || in_list(av[k], grp_ok, ARRAY_SIZE(grp_ok)))
				return NULL;
		}
		return "docker: only commands that read (ps, logs, inspect, images, ...) are allowed";
	}
	if (streq(n, "sed")) {
		bool have_e = false;
		size_t first = 0;
		for (size_t i = 1; i < ac; i++) {
			const char *s = av[i];
			if (streq(s, "--")) {
				if (!first && i + 1 < ac)
					first = i + 1;
				break;
			}
			static const char *const inpl[] = { "in-place", "file" };
			if (abbrev_of(s, inpl, 2))
				return "sed -i writes files and -f reads a script the check does not see";
			if (starts_with(s, "--expression")) {
				const char *v = strchr(s, '=') ? strchr(s, '=') + 1
							       : (i + 1 < ac ? av[++i] : "");
				have_e = true;
				const char *why = val_sed_script_problem(v);
				if (why)
					return why;
				continue;
			}
			if (s[0] == '-' && s[1] && s[1] != '-') {
				for (const char *c = s + 1; *c; c++) {
					if (*c == 'i' || *c == 'f')
						return "sed -i writes files and -f reads a script the "
						       "check does not see";
					if (*c == 'e' || *c == 'l') {
						const char *v = c[1] ? c + 1 : (i + 1 < ac ? av[++i] : "");
						if (*c == 'e') {
							have_e = true;
							const char *why = val_sed_script_problem(v);
							if (why)
								return why;
						}
						break;
					}
				}
				continue;
			}
			if (s[0] != '-' && !first)
				first = i;
		}
		if (!have_e && first)
			return val_sed_script_problem(av[first]);
		return NULL;
	}
	if (streq(n, "find")) {
		for (size_t i = 1; i < ac; i++) {
			const char *s = av[i];
			if (s[0] != '-' || !s[1])
				continue;
			if (streq(s, "-H") || streq(s, "-L") || streq(s, "-P"))
				continue;
			int k = val_find_primary(s);
			if (k == 3)
				return "find: actions that delete, write or run commands are refused";
			if (k == 0)
				return "find: a primary the policy does not know";
			if (k == 2)
				i++;
		}
		return NULL;
	}
	(void)w;
	return "is not a command the read-only check allows on a remote host (list it in "
	       "the host's commands, or set write: true)";
}

static int remote_node(struct walk *w, const struct sh_node *n, int host, const char *dest);

static int
remote_refuse(struct walk *w, const char *dest, const char *what, const char *why)
{
	return report_add(w, POLICY_LAYER_ARGS, "args.ssh-remote-command", NULL, false,
			  "ssh %s: '%s' %s", dest, what, why);
}

static bool
host_lists(const struct policy *p, int host, const char *name)
{
	for (size_t i = 0; host >= 0 && i < p->n_ssh_cmds[host]; i++)
		if (strcmp(p->ssh_cmds[host][i], name) == 0)
			return true;
	return false;
}

static int
remote_simple(struct walk *w, const struct sh_node *n, int host, const char *dest)
{
	int r;
	if (n->u.simple.assigns)
		return remote_refuse(w, dest, n->u.simple.assigns->name,
				     "is an assignment; the remote command may not set variables");
	for (const struct sh_redir *rd = n->redirs; rd; rd = rd->next) {
		struct parg t = { 0 };
		if (rd->target && (r = eval_word(w, rd->target, &t)) < 0)
			return r;
		switch (rd->op) {
		case SH_REDIR_OUT:
		case SH_REDIR_APPEND:
		case SH_REDIR_CLOBBER:
		case SH_REDIR_OUT_ERR:
		case SH_REDIR_APPEND_ERR:
			if (!streq(t.s, "/dev/null"))
				return remote_refuse(w, dest, t.src ? t.src : ">",
						     "is a redirection to a file: output may only "
						     "go to /dev/null");
			break;
		case SH_REDIR_DUP_OUT:
		case SH_REDIR_DUP_IN:
			if (!t.s || !(streq(t.s, "1") || streq(t.s, "2") || streq(t.s, "0") ||
				      streq(t.s, "-") || streq(t.s, "/dev/null")))
				return remote_refuse(w, dest, t.src ? t.src : ">&",
						     "is a redirection to a file: output may only "
						     "go to /dev/null");
			break;
		case SH_REDIR_IN:
			if (!t.s)
				return remote_refuse(w, dest, t.src ? t.src : "<",
						     "holds a variable or substitution");
			break;
		case SH_REDIR_HEREDOC:
		case SH_REDIR_HEREDOC_TAB:
		case SH_REDIR_HERESTRING:
		case SH_REDIR_RDWR:
		case SH_REDIR_OP_MAX:
		default:
			return remote_refuse(w, dest, "<<",
					     "here-documents, here-strings and <> are not allowed "
					     "in a remote command");
		}
	}
	size_t ac = n->u.simple.n_words;
	if (!ac)
		return 0;
	const char **av = arena_alloc(w->a, (ac + 1) * sizeof(char *));
	if (!av)
		return -ENOMEM;
	for (size_t i = 0; i < ac; i++) {
		struct parg a = { 0 };
		if ((r = eval_word(w, n->u.simple.words[i], &a)) < 0)
			return r;
		if (!a.s && !a.glob)
			return remote_refuse(w, dest, a.src,
					     "holds a variable or substitution, which the remote "
					     "shell would expand unseen");
		av[i] = a.s ? a.s : a.src;
	}
	av[ac] = NULL;
	if (host_lists(w->p, host, av[0]))
		return 0;
	const char *why = remote_command_problem(w, av, ac);
	if (why)
		return remote_refuse(w, dest, av[0], why);
	return 0;
}

static int
remote_node(struct walk *w, const struct sh_node *n, int host, const char *dest)
{
	int r = 0;
	if (!n)
		return 0;
	if (w->depth > POLICY_MAX_DEPTH)
		return remote_refuse(w, dest, "...", "nests too deeply to be checked");
	switch (n->kind) {
	case SH_NODE_SIMPLE:
		return remote_simple(w, n, host, dest);
	case SH_NODE_PIPELINE:
		for (size_t i = 0; i < n->u.pipeline.n_cmds && r >= 0; i++)
			r = remote_node(w, n->u.pipeline.cmds[i], host, dest);
		return r;
	case SH_NODE_AND:
	case SH_NODE_OR:
		if ((r = remote_node(w, n->u.binary.left, host, dest)) < 0)
			return r;
		return remote_node(w, n->u.binary.right, host, dest);
	case SH_NODE_LIST:
		for (size_t i = 0; i < n->u.list.n_items && r >= 0; i++)
			r = remote_node(w, n->u.list.items[i], host, dest);
		return r;
	case SH_NODE_SUBSHELL:
	case SH_NODE_GROUP:
		if (n->redirs)
			return remote_refuse(w, dest, "( )", "redirections of a group are not allowed");
		w->depth++;
		r = remote_node(w, n->u.group.body, host, dest);
		w->depth--;
		return r;
	case SH_NODE_IF:
	case SH_NODE_WHILE:
	case SH_NODE_UNTIL:
	case SH_NODE_FOR:
	case SH_NODE_ARITH_FOR:
	case SH_NODE_SELECT:
	case SH_NODE_CASE:
	case SH_NODE_FUNCTION:
	case SH_NODE_COND:
	case SH_NODE_ARITH:
	case SH_NODE_COPROC:
	case SH_NODE_KIND_MAX:
	default:
		return remote_refuse(w, dest, "...",
				     "uses a loop, a condition, a function or arithmetic, which "
				     "the read-only check does not allow");
	}
}

/* Join the remote words (static, no unquoted glob) and check them. */
static int
remote_command(struct walk *w, struct cmdline *cl, size_t from, int host, const char *dest,
	       bool check)
{
	size_t len = 0;
	for (size_t i = from; i < cl->argc; i++) {
		const struct parg *a = &cl->args[i];
		if (!a->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-dynamic", NULL, false,
					  "ssh: the remote command must be written out ('%s' %s)",
					  a->src, a->glob ? "is an unquoted glob" : "is only known at runtime");
		len += strlen(a->s) + 1;
	}
	if (!check)
		return 0;
	char *src = arena_alloc(w->a, len + 1);
	if (!src)
		return -ENOMEM;
	size_t o = 0;
	for (size_t i = from; i < cl->argc; i++) {
		size_t l = strlen(cl->args[i].s);
		memcpy(src + o, cl->args[i].s, l);
		o += l;
		src[o++] = ' ';
	}
	src[o] = '\0';
	struct sh_node *tree = NULL;
	struct sh_error err = { 0 };
	int r = sh_parse(w->a, src, o, NULL, &tree, &err);
	if (r == -ENOMEM)
		return r;
	if (r < 0)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-remote-command", NULL, false,
				  "ssh %s: the remote command cannot be parsed: %s", dest,
				  err.message[0] ? err.message : "syntax error");
	w->depth++;
	r = remote_node(w, tree, host, dest);
	w->depth--;
	return r;
}

/* ---- ssh ------------------------------------------------------------------------------ */

static int
no_hosts(struct walk *w, const char *n)
{
	return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
			  "%s: the config's ssh section lists no hosts, so %s is not allowed", n, n);
}

static int
validate_ssh_cmd(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = "ssh";
	if (w->p->n_ssh_hosts == 0)
		return no_hosts(w, n);
	char **argv = val_argv(w, cl);
	if (!argv)
		return -ENOMEM;
	struct ssh_state st = { .host = -1 };
	size_t dest = 0, cmd_from = 0;
	int r = 0;
	/* OpenSSH reads options, the destination, then options again up to
	 * the first word of the command. */
	size_t base = 0;
	for (int round = 0; round < 2 && r >= 0; round++) {
		size_t sub_argc = cl->argc - base;
		struct opt_event *ev = NULL;
		int cnt = opt_parse(cl->spec->decl, OPT_ORDER_REQUIRE, (int)sub_argc, argv + base, &ev);
		if (cnt < 0)
			return cnt;
		size_t first_op = 0;
		for (int k = 0; k < cnt && r >= 0; k++) {
			const struct opt_event *e = &ev[k];
			if (e->kind == OPT_EV_OPERAND) {
				if (!first_op)
					first_op = base + (size_t)e->argi;
				continue;
			}
			if (e->kind == OPT_EV_ERROR) {
				if (e->error == OPT_ERR_UNKNOWN)
					r = refuse(w, "args.ssh-option", n, cl->args[base + (size_t)e->argi].src,
						   "holds an option ssh does not have");
				continue;
			}
			if (e->kind != OPT_EV_OPTION)
				continue;
			int vai = e->value_argi >= 0 ? (int)base + e->value_argi : -1;
			const struct parg *va = vai >= 0 ? &cl->args[vai] : NULL;
			const char *v = e->value;
			if (va && !va->s)
				v = NULL;
			r = ssh_option(w, &st, n, e->id, v, va, roles, vai, (int)base + e->argi);
		}
		free(ev);
		if (round == 0) {
			if (!first_op)
				break;
			dest = first_op;
			base = dest; /* argv[base] stands in for argv[0] */
		} else {
			cmd_from = first_op;
		}
	}
	if (r < 0)
		return r;
	if (!dest)
		return 0; /* ssh prints its usage */
	const struct parg *d = &cl->args[dest];
	if (!d->s)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "ssh: the destination '%s' is only known at runtime", d->src);
	int host = host_find(w->p, d->s, false);
	if (host < 0)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "ssh: '%s' is not listed in the config's ssh section", d->s);
	bool write = w->p->ssh_write[host];
	if (st.write_needed && !write)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-write-host", NULL, false,
				  "ssh %s: %s is only allowed to hosts whose entry sets write: true",
				  d->s, st.write_why);
	if (!write && (st.tty || st.subsystem))
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-option", NULL, false,
				  "ssh %s: -t and -s are refused under the read-only check of the "
				  "remote command", d->s);
	if (!cmd_from) {
		if (!st.has_n && !st.has_N)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-login", NULL, false,
					  "ssh %s with no command starts a login shell reading its "
					  "input; give the command (or -n)", d->s);
		return 0;
	}
	return remote_command(w, cl, cmd_from, host, d->s, !write);
}

/* ---- sshpass ----------------------------------------------------------------------------- */

static int
validate_sshpass(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	/* Under an allow entry (CK_TRUSTED) its own rules are lifted, but the
	 * command it runs is still found and checked: one it hides behind an
	 * option we do not know is refused, not guessed. */
	bool trusted = cl->ck & CK_TRUSTED;
	if (w->p->n_ssh_hosts == 0 && !trusted)
		return no_hosts(w, "sshpass");
	size_t i = 1;
	bool env = false;
	for (; i < cl->argc; i++) {
		const char *s = cl->args[i].s;
		if (!s)
			return report_add(w, POLICY_LAYER_ARGS, "args.sshpass", NULL, false,
					  "sshpass: '%s' is only known at runtime", cl->args[i].src);
		if (s[0] != '-')
			break;
		if (streq(s, "--")) {
			i++;
			break;
		}
		if (streq(s, "-e") || starts_with(s, "-e") /* -eVAR (newer sshpass) */) {
			env = true;
			continue;
		}
		if (streq(s, "-v"))
			continue;
		if (streq(s, "-P")) {
			i++;
			continue;
		}
		if (trusted && (s[1] == 'f' || s[1] == 'd' || s[1] == 'p')) {
			/* -f FILE, -d FD, -p PASSWORD, or the value attached */
			int r;
			if (s[2] && s[1] == 'f' &&
			    (r = check_path_str(w, "sshpass", s + 2, ROLE_READ, 0)) < 0)
				return r;
			if (!s[2]) {
				if (s[1] == 'f' && i + 1 < cl->argc)
					roles[i + 1] = ROLE_READ;
				i++;
			}
			continue;
		}
		if (trusted && (streq(s, "-h") || streq(s, "-V")))
			return 0; /* prints and exits */
		if (trusted)
			return report_add(w, POLICY_LAYER_ARGS, "args.sshpass", NULL, false,
					  "sshpass %s: an option the policy does not know, so the "
					  "command sshpass runs cannot be found", s);
		return report_add(w, POLICY_LAYER_ARGS, "args.sshpass", NULL, false,
				  "sshpass %s: only -e (the password from SSHPASS) is allowed; a "
				  "password on the command line or in a file is refused", s);
	}
	if (!env && !trusted)
		return report_add(w, POLICY_LAYER_ARGS, "args.sshpass", NULL, false,
				  "sshpass must take the password from SSHPASS (-e)");
	if (i >= cl->argc)
		return 0;
	const char *prog = cl->args[i].s;
	if (!trusted && !streq(prog, "ssh") && !streq(prog, "scp") && !streq(prog, "rsync"))
		return report_add(w, POLICY_LAYER_ARGS, "args.sshpass", NULL, false,
				  "sshpass may only run ssh, scp or rsync, not '%s'",
				  cl->args[i].src);
	return check_wrapped(w, cl->args + i, cl->argc - i, cl->ck & CK_REPLACE, "sshpass");
}

/* ---- scp ----------------------------------------------------------------------------- */

const struct opt_decl scp_decl = {
	.shorts = "12346ABCDOpqRrsTtvdf3F:J:P:S:X:c:i:l:o:D:",
};

/* A remote operand: a colon before any slash ([user@]host:path), or scp:// */
static bool
scp_remote(const char *s)
{
	if (strncmp(s, "scp://", 6) == 0)
		return true;
	const char *colon = strchr(s, ':'), *slash = strchr(s, '/');
	if (s[0] == '[') {
		const char *rb = strchr(s, ']');
		return rb && rb[1] == ':';
	}
	return colon && colon != s && (!slash || colon < slash);
}

static int
copy_host(struct walk *w, const char *cmd, const char *operand)
{
	int h = host_find(w->p, operand, true);
	if (h < 0)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "%s: the host in '%s' is not listed in the config's ssh section",
				  cmd, operand);
	if (!w->p->ssh_write[h])
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-write-host", NULL, false,
				  "%s: '%s' names a host whose entry does not set write: true",
				  cmd, operand);
	return 0;
}

static int
validate_scp(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = "scp";
	/* Under an allow entry (CK_TRUSTED) scp's own rules are lifted (hosts,
	 * -r, -A, local copies), but its local operands keep their roles, and
	 * what runs a program (-S, -D, -F, ssh's -o keys) or cannot be read
	 * (an unknown option, a dynamic operand) stays refused. */
	bool trusted = cl->ck & CK_TRUSTED;
	if (w->p->n_ssh_hosts == 0 && !trusted)
		return no_hosts(w, n);
	if (w->n_repl || w->under_xargs || (cl->ck & CK_XARGS_NOREPL))
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.copy-wrapped", NULL, false,
				  "scp may not run under xargs or find -exec: its operands "
				  "would come from the input");
	char **argv = val_argv(w, cl);
	if (!argv)
		return -ENOMEM;
	struct opt_event *ev = NULL;
	int cnt = opt_parse(&scp_decl, OPT_ORDER_PERMUTE, (int)cl->argc, argv, &ev);
	if (cnt < 0)
		return cnt;
	struct ssh_state st = { .host = -1 };
	size_t *ops = arena_alloc(w->a, cl->argc * sizeof(size_t));
	size_t n_ops = 0;
	int r = ops ? 0 : -ENOMEM;
	for (int k = 0; k < cnt && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		if (e->kind == OPT_EV_OPERAND) {
			ops[n_ops++] = (size_t)e->argi;
			continue;
		}
		if (e->kind == OPT_EV_ERROR) {
			r = refuse(w, "args.scp-option", n, cl->args[e->argi].src,
				   "holds an option scp does not have");
			continue;
		}
		if (e->kind != OPT_EV_OPTION)
			continue;
		char word[3] = { '-', (char)e->id, '\0' };
		switch (e->id) {
		case 'S':
		case 'D':
			r = refuse(w, "args.scp-option", n, word,
				   "runs a program named on the command line");
			break;
		case 'A':
			if (!trusted)
				r = refuse(w, "args.scp-option", n, word, "forwards the agent");
			break;
		case 'r':
			if (!trusted)
				r = refuse(w, "args.scp-option", n, word,
					   "follows symlinks out of a local source");
			break;
		case 'F':
			r = refuse(w, "args.scp-option", n, word,
				   "reads another ssh config file, which can run programs");
			break;
		case 't':
		case 'f':
		case 'd':
			if (!trusted)
				r = refuse(w, "args.scp-option", n, word,
					   "is scp's internal server mode");
			break;
		case 'o':
		case 'i':
		case 'J': {
			int vai = e->value_argi;
			const char *v = vai >= 0 && cl->args[vai].s ? e->value : NULL;
			r = ssh_option(w, &st, n, e->id, v, vai >= 0 ? &cl->args[vai] : NULL, roles,
				       vai, e->argi);
			break;
		}
		default:
			break;
		}
	}
	free(ev);
	if (r < 0)
		return r;
	if (st.write_needed && !trusted)
		return report_add(w, POLICY_LAYER_ARGS, "args.scp-option", NULL, false,
				  "scp: forwarding and connection sharing options are not allowed");
	bool any_remote = false;
	for (size_t k = 0; k < n_ops; k++) {
		const struct parg *a = &cl->args[ops[k]];
		if (!a->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-dynamic", NULL, false,
					  "scp: the operand '%s' is only known at runtime", a->src);
		bool last = k + 1 == n_ops;
		if (scp_remote(a->s)) {
			any_remote = true;
			if (!trusted && (r = copy_host(w, n, a->s)) < 0)
				return r;
			continue;
		}
		roles[ops[k]] = last && n_ops > 1 ? ROLE_WRITE : ROLE_READ;
	}
	if (!any_remote && n_ops && !trusted)
		return report_add(w, POLICY_LAYER_ARGS, "args.scp-local", NULL, false,
				  "scp without a remote operand copies locally: use cp");
	return 0;
}

/* ---- rsync ----------------------------------------------------------------------------- */

enum {
	R_OTHER = 300, R_PATH_READ, R_PATH_WRITE, R_FILES_FROM, R_BATCH, R_DAEMON, R_FILTER,
	R_RSH, R_COPY_LINKS, R_PORT, R_REMOVE_SOURCE,
};

static const struct opt_long rsync_longs[] = {
	{ "verbose", NA, 'v' }, { "info", RQ, R_OTHER }, { "debug", RQ, R_OTHER },
	{ "stderr", RQ, R_OTHER }, { "quiet", NA, 'q' }, { "no-motd", NA, R_OTHER },
	{ "checksum", NA, 'c' }, { "archive", NA, 'a' }, { "recursive", NA, 'r' },
	{ "relative", NA, 'R' }, { "no-implied-dirs", NA, R_OTHER }, { "backup", NA, 'b' },
	{ "backup-dir", RQ, R_PATH_WRITE }, { "suffix", RQ, R_OTHER }, { "update", NA, 'u' },
	{ "inplace", NA, R_OTHER }, { "append", NA, R_OTHER }, { "append-verify", NA, R_OTHER },
	{ "dirs", NA, 'd' }, { "old-dirs", NA, R_OTHER }, { "mkpath", NA, R_OTHER },
	{ "links", NA, 'l' }, { "copy-links", NA, 'L' }, { "copy-unsafe-links", NA, R_COPY_LINKS },
	{ "safe-links", NA, R_OTHER }, { "munge-links", NA, R_OTHER },
	{ "copy-dirlinks", NA, 'k' }, { "keep-dirlinks", NA, 'K' }, { "hard-links", NA, 'H' },
	{ "perms", NA, 'p' }, { "executability", NA, 'E' }, { "chmod", RQ, R_OTHER },
	{ "acls", NA, 'A' }, { "xattrs", NA, 'X' }, { "owner", NA, 'o' }, { "group", NA, 'g' },
	{ "devices", NA, R_OTHER }, { "copy-devices", NA, R_OTHER }, { "write-devices", NA, R_OTHER },
	{ "specials", NA, R_OTHER }, { "times", NA, 't' }, { "atimes", NA, 'U' },
	{ "open-noatime", NA, R_OTHER }, { "crtimes", NA, 'N' }, { "omit-dir-times", NA, 'O' },
	{ "omit-link-times", NA, 'J' }, { "super", NA, R_OTHER }, { "fake-super", NA, R_OTHER },
	{ "sparse", NA, 'S' }, { "preallocate", NA, R_OTHER }, { "dry-run", NA, 'n' },
	{ "whole-file", NA, 'W' }, { "checksum-choice", RQ, R_OTHER }, { "cc", RQ, R_OTHER },
	{ "one-file-system", NA, 'x' }, { "block-size", RQ, 'B' }, { "rsh", RQ, 'e' },
	{ "rsync-path", RQ, R_OTHER }, { "existing", NA, R_OTHER },
	{ "ignore-non-existing", NA, R_OTHER }, { "ignore-existing", NA, R_OTHER },
	{ "remove-source-files", NA, R_REMOVE_SOURCE }, { "del", NA, R_OTHER },
	{ "delete", NA, R_OTHER }, { "delete-before", NA, R_OTHER },
	{ "delete-during", NA, R_OTHER }, { "delete-delay", NA, R_OTHER },
	{ "delete-after", NA, R_OTHER }, { "delete-excluded", NA, R_OTHER },
	{ "ignore-missing-args", NA, R_OTHER }, { "delete-missing-args", NA, R_OTHER },
	{ "ignore-errors", NA, R_OTHER }, { "force", NA, R_OTHER }, { "max-delete", RQ, R_OTHER },
	{ "max-size", RQ, R_OTHER }, { "min-size", RQ, R_OTHER }, { "max-alloc", RQ, R_OTHER },
	{ "partial", NA, R_OTHER }, { "partial-dir", RQ, R_PATH_WRITE },
	{ "delay-updates", NA, R_OTHER }, { "prune-empty-dirs", NA, 'm' },
	{ "numeric-ids", NA, R_OTHER }, { "usermap", RQ, R_OTHER }, { "groupmap", RQ, R_OTHER },
	{ "chown", RQ, R_OTHER }, { "timeout", RQ, R_OTHER }, { "contimeout", RQ, R_OTHER },
	{ "ignore-times", NA, 'I' }, { "size-only", NA, R_OTHER }, { "modify-window", RQ, '@' },
	{ "temp-dir", RQ, 'T' }, { "fuzzy", NA, 'y' }, { "compare-dest", RQ, R_PATH_READ },
	{ "copy-dest", RQ, R_PATH_READ }, { "link-dest", RQ, R_PATH_READ },
	{ "compress", NA, 'z' }, { "compress-choice", RQ, R_OTHER }, { "zc", RQ, R_OTHER },
	{ "compress-level", RQ, R_OTHER }, { "zl", RQ, R_OTHER }, { "skip-compress", RQ, R_OTHER },
	{ "cvs-exclude", NA, 'C' }, { "filter", RQ, 'f' }, { "exclude", RQ, R_OTHER },
	{ "exclude-from", RQ, R_PATH_READ }, { "include", RQ, R_OTHER },
	{ "include-from", RQ, R_PATH_READ }, { "files-from", RQ, R_FILES_FROM },
	{ "from0", NA, '0' }, { "old-args", NA, R_OTHER }, { "secluded-args", NA, 's' },
	{ "protect-args", NA, 's' }, { "trust-sender", NA, R_OTHER },
	{ "copy-as", RQ, R_OTHER }, { "address", RQ, R_OTHER }, { "port", RQ, R_PORT },
	{ "sockopts", RQ, R_OTHER }, { "blocking-io", NA, R_OTHER }, { "outbuf", RQ, R_OTHER },
	{ "stats", NA, R_OTHER }, { "8-bit-output", NA, '8' }, { "human-readable", NA, 'h' },
	{ "progress", NA, R_OTHER }, { "itemize-changes", NA, 'i' },
	{ "remote-option", RQ, 'M' }, { "out-format", RQ, R_OTHER }, { "log-file", RQ, R_PATH_WRITE },
	{ "log-file-format", RQ, R_OTHER }, { "password-file", RQ, R_PATH_READ },
	{ "early-input", RQ, R_PATH_READ }, { "list-only", NA, R_OTHER }, { "bwlimit", RQ, R_OTHER },
	{ "stop-after", RQ, R_OTHER }, { "stop-at", RQ, R_OTHER }, { "fsync", NA, R_OTHER },
	{ "write-batch", RQ, R_BATCH }, { "only-write-batch", RQ, R_BATCH },
	{ "read-batch", RQ, R_BATCH }, { "protocol", RQ, R_OTHER }, { "iconv", RQ, R_OTHER },
	{ "checksum-seed", RQ, R_OTHER }, { "ipv4", NA, '4' }, { "ipv6", NA, '6' },
	{ "version", NA, 'V' }, { "help", NA, R_OTHER }, { "daemon", NA, R_DAEMON },
	{ "config", RQ, R_DAEMON }, { "dparam", RQ, R_DAEMON }, { "no-detach", NA, R_DAEMON },
	{ NULL, NA, 0 },
};
const struct opt_decl rsync_decl = {
	.shorts = "0123456789@:4689ABCDEFHIJKLM:NOPRST:UVWXabcde:f:ghiklmnopqrstuvxyz",
	.longs = rsync_longs,
};

static int
rsync_rsh(struct walk *w, const char *v)
{
	/* "ssh" or "ssh OPTIONS" with options ssh allows */
	if (!v)
		return report_add(w, POLICY_LAYER_ARGS, "args.rsync-rsh", NULL, false,
				  "rsync -e: the remote shell is only known at runtime");
	if (strpbrk(v, "'\"\\$`;|&<>(){}*?[]~"))
		return report_add(w, POLICY_LAYER_ARGS, "args.rsync-rsh", NULL, false,
				  "rsync -e '%s': only ssh with plain options is allowed", v);
	char *copy = arena_strdup(w->a, v), *save = NULL;
	if (!copy)
		return -ENOMEM;
	char *first = strtok_r(copy, " \t", &save);
	if (!streq(first, "ssh") && !streq(first, "/usr/bin/ssh"))
		return report_add(w, POLICY_LAYER_ARGS, "args.rsync-rsh", NULL, false,
				  "rsync -e '%s' runs another program than ssh", v);
	/* ssh's options, with values; no destination or command */
	struct ssh_state st = { .host = -1 };
	for (char *t = strtok_r(NULL, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (t[0] != '-' || !t[1])
			return report_add(w, POLICY_LAYER_ARGS, "args.rsync-rsh", NULL, false,
					  "rsync -e '%s': '%s' is not an ssh option", v, t);
		for (const char *c = t + 1; *c; c++) {
			const char *d = strchr("B:b:c:D:E:e:F:I:i:J:L:l:m:O:o:P:p:Q:R:S:W:w:", *c);
			bool takes = d && d[1] == ':';
			const char *val = NULL;
			if (takes) {
				val = c[1] ? c + 1 : strtok_r(NULL, " \t", &save);
				if (!val)
					return report_add(w, POLICY_LAYER_ARGS, "args.rsync-rsh", NULL,
							  false, "rsync -e '%s': -%c lacks its value", v, *c);
			} else if (!strchr("46AaCfGgKkMNnqsTtVvXxYy", *c)) {
				return report_add(w, POLICY_LAYER_ARGS, "args.rsync-rsh", NULL, false,
						  "rsync -e '%s': '-%c' is not an ssh option", v, *c);
			}
			int r = ssh_option(w, &st, "rsync -e", *c, val, NULL, NULL, -1, -1);
			if (r < 0)
				return r;
			if (takes)
				break;
		}
	}
	if (st.write_needed || st.tty || st.subsystem)
		return report_add(w, POLICY_LAYER_ARGS, "args.rsync-rsh", NULL, false,
				  "rsync -e '%s': forwarding, sharing, -t and -s are not allowed", v);
	return 0;
}

static int
validate_rsync(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = "rsync";
	/* Under an allow entry (CK_TRUSTED) rsync's own rules are lifted
	 * (hosts, symlink options, filters, daemons, batch files, local
	 * copies), but its local paths keep their roles, and what runs a
	 * program (-e, $HOME/.popt aliases) or cannot be read (an unknown
	 * option, a dynamic operand) stays refused. */
	bool trusted = cl->ck & CK_TRUSTED;
	if (w->p->n_ssh_hosts == 0 && !trusted)
		return no_hosts(w, n);
	if (w->n_repl || w->under_xargs || (cl->ck & CK_XARGS_NOREPL))
		return report_add(w, POLICY_LAYER_STRUCTURE, "structure.copy-wrapped", NULL, false,
				  "rsync may not run under xargs or find -exec: its operands "
				  "would come from the input");
	/* rsync reads option aliases from $HOME/.popt: a HOME of the agent's
	 * choosing would give it options the checks never saw. */
	if (w->home_set || w->home_changed)
		return report_add(w, POLICY_LAYER_ARGS, "args.rsync-home", NULL, false,
				  "rsync %s reads option aliases from $HOME/.popt, which the "
				  "checks do not see; run it in a line that leaves HOME alone",
				  w->home_set ? "with HOME set for it"
					      : "after HOME may have been set earlier in the line (an "
						"assignment in any form, or arithmetic reading a "
						"variable, whose value can assign it)");
	char **argv = val_argv(w, cl);
	if (!argv)
		return -ENOMEM;
	struct opt_event *ev = NULL;
	int cnt = opt_parse(&rsync_decl, OPT_ORDER_PERMUTE, (int)cl->argc, argv, &ev);
	if (cnt < 0)
		return cnt;
	size_t *ops = arena_alloc(w->a, cl->argc * sizeof(size_t));
	size_t n_ops = 0;
	bool remove_source = false, list_only = false;
	int r = ops ? 0 : -ENOMEM;
	for (int k = 0; k < cnt && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		const char *word = cl->args[e->argi].src;
		if (e->kind == OPT_EV_OPERAND) {
			ops[n_ops++] = (size_t)e->argi;
			continue;
		}
		if (e->kind == OPT_EV_ERROR) {
			r = refuse(w, "args.rsync-option", n, word,
				   "holds an option the policy does not know");
			continue;
		}
		if (e->kind != OPT_EV_OPTION)
			continue;
		int vai = e->value_argi;
		const char *v = vai >= 0 && cl->args[vai].s ? e->value : NULL;
		if (vai >= 0 && !cl->args[vai].s && e->id != R_OTHER)
			v = NULL;
		/* under an allow entry, rsync's own rules on these are lifted; a
		 * batch file is still held to the write set (written or read) */
		if (trusted && (e->id == 'L' || e->id == 'k' || e->id == R_COPY_LINKS ||
				e->id == 'K' || e->id == 'F' || e->id == 'f' || e->id == R_PORT ||
				e->id == R_DAEMON || e->id == R_BATCH)) {
			if (e->id == R_BATCH && v)
				r = check_path_str(w, n, v, ROLE_WRITE, 0);
			continue;
		}
		switch (e->id) {
		case 'e':
			r = rsync_rsh(w, vai >= 0 && cl->args[vai].s ? e->value : NULL);
			break;
		case 'L':
		case 'k':
		case R_COPY_LINKS:
			r = refuse(w, "args.rsync-option", n, word,
				   "follows symlinks out of a local source");
			break;
		case 'K':
			r = refuse(w, "args.rsync-option", n, word,
				   "writes through symlinks in a local destination");
			break;
		case 'F':
			r = refuse(w, "args.rsync-option", n, word, "merges filter rules from files");
			break;
		case 'f': {
			if (!v) {
				r = refuse(w, "args.rsync-option", n, word, "is a filter only known at runtime");
				break;
			}
			const char *f = v;
			while (*f == ' ')
				f++;
			if (*f == '.' || *f == ':' || starts_with(f, "merge") ||
			    starts_with(f, "dir-merge"))
				r = refuse(w, "args.rsync-option", n, v, "merges filter rules from a file");
			break;
		}
		case R_PORT:
		case R_DAEMON:
			r = refuse(w, "args.rsync-daemon", n, word,
				   "reaches or runs an rsync daemon");
			break;
		case R_BATCH:
			r = refuse(w, "args.rsync-option", n, word, "uses a batch file");
			break;
		case R_FILES_FROM:
			if (trusted) {
				/* the list's names stay unseen; the list is read */
				if (v && !scp_remote(v))
					r = check_path_str(w, n, v, ROLE_READ, 0);
				break;
			}
			if (!v)
				r = refuse(w, "args.rsync-option", n, word,
					   "names a list only known at runtime");
			else if (scp_remote(v))
				r = copy_host(w, n, v);
			else
				r = refuse(w, "args.rsync-files-from", n, v,
					   "is a local list of files whose names the path checks "
					   "do not see");
			break;
		case R_REMOVE_SOURCE:
			remove_source = true;
			break;
		case 'T':
		case R_PATH_WRITE:
		case R_PATH_READ: {
			enum arg_role ro = e->id == R_PATH_READ ? ROLE_READ : ROLE_WRITE;
			if (vai >= 0 && vai != e->argi)
				roles[vai] = ro;
			else if (v)
				r = check_path_str(w, n, v, ro, 0);
			break;
		}
		default:
			if (e->long_name && streq(e->long_name, "list-only"))
				list_only = true;
			break;
		}
	}
	free(ev);
	if (r < 0)
		return r;
	bool any_remote = false;
	for (size_t k = 0; k < n_ops; k++) {
		const struct parg *a = &cl->args[ops[k]];
		if (!a->s)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-dynamic", NULL, false,
					  "rsync: the operand '%s' is only known at runtime", a->src);
		const char *s = a->s;
		bool daemon = starts_with(s, "rsync://") || (scp_remote(s) && strstr(s, "::"));
		if (daemon && !trusted)
			return refuse(w, "args.rsync-daemon", n, s, "reaches an rsync daemon");
		bool last = k + 1 == n_ops;
		if (daemon || scp_remote(s)) {
			any_remote = true;
			if (!trusted && (r = copy_host(w, n, s)) < 0)
				return r;
			continue;
		}
		roles[ops[k]] = last && n_ops > 1 && !list_only
					? ROLE_WRITE
					: remove_source ? ROLE_WRITE : ROLE_READ;
	}
	if (!any_remote && n_ops && !trusted)
		return report_add(w, POLICY_LAYER_ARGS, "args.rsync-local", NULL, false,
				  "rsync without a remote operand copies locally: use cp");
	return 0;
}

int
validate_ssh(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	if (streq(n, "ssh"))
		return validate_ssh_cmd(w, cl, roles);
	if (streq(n, "sshpass"))
		return validate_sshpass(w, cl, roles);
	if (streq(n, "scp"))
		return validate_scp(w, cl, roles);
	return validate_rsync(w, cl, roles);
}
