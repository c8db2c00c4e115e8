/* SPDX-License-Identifier: MIT */
/*
 * ssh, sshpass, scp and rsync: only to the config's ssh hosts, with the
 * options that run programs or redirect the connection refused and the
 * remote command checked as a read-only script.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

/* ---- ssh (a first version; the full rules are their own piece of work) ---------------------- */

static bool
ssh_host_listed(const struct policy *p, const char *dest)
{
	/* [user@]host, ssh://[user@]host[:port] */
	const char *h = dest;
	if (strncmp(h, "ssh://", 6) == 0)
		h += 6;
	const char *at = strrchr(h, '@');
	if (at)
		h = at + 1;
	size_t len = strlen(h);
	if (dest != h && strncmp(dest, "ssh://", 6) == 0) {
		const char *colon = strchr(h, ':');
		if (colon)
			len = (size_t)(colon - h);
	}
	for (size_t i = 0; i < p->n_ssh_hosts; i++)
		if (strlen(p->ssh_hosts[i]) == len && strncmp(p->ssh_hosts[i], h, len) == 0)
			return true;
	return false;
}

int
validate_ssh(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	if (w->p->n_ssh_hosts == 0)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "%s: the config's ssh section lists no hosts, so %s is not allowed",
				  n, n);
	if (!streq(n, "ssh"))
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-unsupported", NULL, false,
				  "%s is not supported yet; ssh to a listed host is", n);

	char **argv = arena_alloc(w->a, (cl->argc + 1) * sizeof(char *));
	if (!argv)
		return -ENOMEM;
	for (size_t i = 0; i < cl->argc; i++)
		argv[i] = (char *)cl->args[i].opt;
	struct opt_event *ev = NULL;
	int cnt = opt_parse(cl->spec->decl, OPT_ORDER_REQUIRE, (int)cl->argc, argv, &ev);
	if (cnt < 0)
		return cnt;
	int r = 0;
	bool has_n = false;
	size_t dest = 0;
	for (int k = 0; k < cnt && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		if (e->kind == OPT_EV_OPERAND) {
			if (!dest)
				dest = (size_t)e->argi;
			continue;
		}
		if (e->kind != OPT_EV_OPTION)
			continue;
		switch (e->id) {
		case 'n':
			has_n = true;
			break;
		case 'i':
		case 'E':
			if (e->value && e->value_argi != e->argi)
				roles[e->value_argi] = e->id == 'E' ? ROLE_WRITE : ROLE_READ;
			else if (e->value)
				r = check_path_str(w, n, e->value, e->id == 'E' ? ROLE_WRITE : ROLE_READ, 0);
			break;
		case 'J': {
			/* every jump host, as typed, must be listed */
			const char *v = e->value ? e->value : "";
			char *copy = arena_strdup(w->a, v), *save = NULL;
			if (!copy) {
				r = -ENOMEM;
				break;
			}
			for (char *t = strtok_r(copy, ",", &save); t && r >= 0; t = strtok_r(NULL, ",", &save))
				if (!ssh_host_listed(w->p, t))
					r = report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
						       "ssh: the jump host '%s' is not listed in the config's "
						       "ssh section", t);
			break;
		}
		case 'W': case 'w': case 'g': case 'A': case 'X': case 'Y': case 'F': case 'I':
		case 'M': case 'S': case 'O': case 'L': case 'R': case 'D': case 't': case 's':
		case 'o':
			r = report_add(w, POLICY_LAYER_ARGS, "args.ssh-option", NULL, false,
				       "ssh -%c is not allowed (forwarding, connection sharing, "
				       "config files and -o options are not supported yet)", e->id);
			break;
		default:
			break;
		}
	}
	free(ev);
	if (r < 0)
		return r;
	if (!dest)
		return 0; /* ssh prints its usage */
	const struct parg *d = &cl->args[dest];
	if (!d->s)
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "ssh: the destination '%s' is only known at runtime", d->src);
	if (!ssh_host_listed(w->p, d->s))
		return report_add(w, POLICY_LAYER_ARGS, "args.ssh-host", NULL, false,
				  "ssh: '%s' is not listed in the config's ssh section", d->s);
	if (dest + 1 >= cl->argc) {
		if (!has_n)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-login", NULL, false,
					  "ssh %s with no command starts a login shell reading its "
					  "input; give the command (or -n)", d->s);
		return 0;
	}
	/* The remote command is a shell command line: written out, and checked
	 * as one. */
	size_t len = 0;
	for (size_t i = dest + 1; i < cl->argc; i++) {
		if (!cl->args[i].s)
			return report_add(w, POLICY_LAYER_ARGS, "args.ssh-dynamic", NULL, false,
					  "ssh: the remote command must be written out ('%s' is only "
					  "known at runtime)", cl->args[i].src);
		len += strlen(cl->args[i].s) + 1;
	}
	char *src = arena_alloc(w->a, len + 1);
	if (!src)
		return -ENOMEM;
	size_t o = 0;
	for (size_t i = dest + 1; i < cl->argc; i++) {
		size_t l = strlen(cl->args[i].s);
		memcpy(src + o, cl->args[i].s, l);
		o += l;
		src[o++] = ' ';
	}
	src[o] = '\0';
	struct cwdset saved = w->cwd;
	size_t nf = w->n_funcs;
	w->depth++;
	r = walk_script(w, src, o, "ssh remote command");
	w->depth--;
	w->cwd = saved;
	w->n_funcs = nf;
	return r;
}

