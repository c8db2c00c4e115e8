/* SPDX-License-Identifier: MIT */
/*
 * Archivers: tar, zip, unzip, gzip, bzip2, xz.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"

#define NA OPT_ARG_NONE
#define RQ OPT_ARG_REQUIRED
#define OP OPT_ARG_OPTIONAL

/* Long-only option ids. */
enum {
	T_OTHER = 300,   /* harmless, no value or a value that is not a path */
	T_BLOCK_PROGRAM, /* runs a program */
	T_BLOCK_ESCAPE,  /* lets entries escape, or changes the files read */
	T_DELETE,
	T_WRITE_FILE,    /* its value is a file tar writes */
	T_READ_FILE,     /* its value is a file tar reads */
	T_TOP_LEVEL,
	T_ADD_FILE,
};

/* ---- tar ------------------------------------------------------------------------ */

/*
 * GNU tar's options (argp, which reads them as getopt_long does), so that
 * clusters, abbreviations and attached values land where tar puts them. The
 * declaration is complete for what the policy accepts: anything else
 * (bsdtar-only spellings included) is refused as unknown.
 */
static const struct opt_long tar_longs[] = {
	{ "extract", NA, 'x' }, { "get", NA, 'x' }, { "create", NA, 'c' },
	{ "list", NA, 't' }, { "diff", NA, 'd' }, { "compare", NA, 'd' },
	{ "append", NA, 'r' }, { "update", NA, 'u' }, { "catenate", NA, 'A' },
	{ "concatenate", NA, 'A' }, { "delete", NA, T_DELETE },
	{ "file", RQ, 'f' }, { "directory", RQ, 'C' },
	{ "gzip", NA, 'z' }, { "gunzip", NA, 'z' }, { "ungzip", NA, 'z' },
	{ "bzip2", NA, 'j' }, { "xz", NA, 'J' }, { "lzma", NA, T_OTHER },
	{ "lzip", NA, T_OTHER }, { "lzop", NA, T_OTHER }, { "zstd", NA, T_OTHER },
	{ "compress", NA, 'Z' }, { "uncompress", NA, 'Z' }, { "auto-compress", NA, 'a' },
	{ "no-auto-compress", NA, T_OTHER },
	{ "use-compress-program", RQ, 'I' }, { "to-command", RQ, T_BLOCK_PROGRAM },
	{ "rsh-command", RQ, T_BLOCK_PROGRAM }, { "rmt-command", RQ, T_BLOCK_PROGRAM },
	{ "info-script", RQ, 'F' }, { "new-volume-script", RQ, 'F' },
	{ "checkpoint-action", RQ, T_BLOCK_PROGRAM },
	{ "absolute-names", NA, 'P' }, { "overwrite", NA, T_BLOCK_ESCAPE },
	{ "remove-files", NA, T_BLOCK_ESCAPE }, { "atime-preserve", OP, T_BLOCK_ESCAPE },
	{ "dereference", NA, 'h' }, { "verify", NA, 'W' },
	{ "verbose", NA, 'v' }, { "keep-old-files", NA, 'k' },
	{ "keep-newer-files", NA, T_OTHER }, { "skip-old-files", NA, T_OTHER },
	{ "no-overwrite-dir", NA, T_OTHER }, { "overwrite-dir", NA, T_OTHER },
	{ "unlink-first", NA, 'U' }, { "recursive-unlink", NA, T_OTHER },
	{ "strip-components", RQ, T_OTHER }, { "strip", RQ, T_OTHER },
	{ "exclude", RQ, T_OTHER }, { "exclude-from", RQ, 'X' },
	{ "exclude-vcs", NA, T_OTHER }, { "exclude-vcs-ignores", NA, T_OTHER },
	{ "exclude-caches", NA, T_OTHER }, { "exclude-caches-all", NA, T_OTHER },
	{ "exclude-caches-under", NA, T_OTHER }, { "exclude-backups", NA, T_OTHER },
	{ "exclude-tag", RQ, T_OTHER }, { "exclude-tag-all", RQ, T_OTHER },
	{ "exclude-tag-under", RQ, T_OTHER },
	{ "wildcards", NA, T_OTHER }, { "no-wildcards", NA, T_OTHER },
	{ "wildcards-match-slash", NA, T_OTHER }, { "no-wildcards-match-slash", NA, T_OTHER },
	{ "anchored", NA, T_OTHER }, { "no-anchored", NA, T_OTHER },
	{ "ignore-case", NA, T_OTHER }, { "no-ignore-case", NA, T_OTHER },
	{ "transform", RQ, T_OTHER }, { "xform", RQ, T_OTHER },
	{ "to-stdout", NA, 'O' }, { "files-from", RQ, 'T' }, { "null", NA, T_OTHER },
	{ "no-null", NA, T_OTHER }, { "verbatim-files-from", NA, T_OTHER },
	{ "no-verbatim-files-from", NA, T_OTHER }, { "unquote", NA, T_OTHER },
	{ "no-unquote", NA, T_OTHER }, { "add-file", RQ, T_ADD_FILE },
	{ "owner", RQ, T_OTHER }, { "group", RQ, T_OTHER }, { "mode", RQ, T_OTHER },
	{ "mtime", RQ, T_OTHER }, { "clamp-mtime", NA, T_OTHER },
	{ "numeric-owner", NA, T_OTHER }, { "no-same-owner", NA, T_OTHER },
	{ "same-owner", NA, T_OTHER }, { "no-same-permissions", NA, T_OTHER },
	{ "preserve-permissions", NA, 'p' }, { "same-permissions", NA, 'p' },
	{ "preserve-order", NA, 's' }, { "same-order", NA, 's' },
	{ "sort", RQ, T_OTHER }, { "totals", OP, T_OTHER }, { "checkpoint", OP, T_OTHER },
	{ "index-file", RQ, T_WRITE_FILE }, { "label", RQ, 'V' }, { "format", RQ, 'H' },
	{ "posix", NA, T_OTHER }, { "old-archive", NA, 'o' }, { "portability", NA, 'o' },
	{ "one-file-system", NA, T_OTHER }, { "one-top-level", OP, T_TOP_LEVEL },
	{ "show-transformed-names", NA, T_OTHER }, { "show-stored-names", NA, T_OTHER },
	{ "show-defaults", NA, T_OTHER }, { "show-omitted-dirs", NA, T_OTHER },
	{ "warning", RQ, T_OTHER }, { "ignore-failed-read", NA, T_OTHER },
	{ "ignore-zeros", NA, 'i' }, { "occurrence", OP, T_OTHER }, { "touch", NA, 'm' },
	{ "blocking-factor", RQ, 'b' }, { "record-size", RQ, T_OTHER },
	{ "read-full-records", NA, 'B' }, { "force-local", NA, T_OTHER },
	{ "backup", OP, T_OTHER }, { "suffix", RQ, T_OTHER },
	{ "listed-incremental", RQ, 'g' }, { "incremental", NA, 'G' },
	{ "level", RQ, T_OTHER }, { "newer", RQ, 'N' }, { "after-date", RQ, 'N' },
	{ "newer-mtime", RQ, T_OTHER }, { "utc", NA, T_OTHER }, { "full-time", NA, T_OTHER },
	{ "xattrs", NA, T_OTHER }, { "no-xattrs", NA, T_OTHER },
	{ "xattrs-include", RQ, T_OTHER }, { "xattrs-exclude", RQ, T_OTHER },
	{ "acls", NA, T_OTHER }, { "no-acls", NA, T_OTHER }, { "selinux", NA, T_OTHER },
	{ "no-selinux", NA, T_OTHER }, { "sparse", NA, 'S' }, { "sparse-version", RQ, T_OTHER },
	{ "hole-detection", RQ, T_OTHER }, { "keep-directory-symlink", NA, T_OTHER },
	{ "starting-file", RQ, 'K' }, { "no-recursion", NA, T_OTHER },
	{ "recursion", NA, T_OTHER }, { "check-device", NA, T_OTHER },
	{ "no-check-device", NA, T_OTHER }, { "quoting-style", RQ, T_OTHER },
	{ "quote-chars", RQ, T_OTHER }, { "no-quote-chars", RQ, T_OTHER },
	{ "delay-directory-restore", NA, T_OTHER },
	{ "no-delay-directory-restore", NA, T_OTHER }, { "restrict", NA, T_OTHER },
	{ "interactive", NA, 'w' }, { "confirmation", NA, 'w' },
	{ "tape-length", RQ, 'L' }, { "multi-volume", NA, 'M' },
	{ "volno-file", RQ, T_WRITE_FILE }, { "seek", NA, 'n' }, { "no-seek", NA, T_OTHER },
	{ "pax-option", RQ, T_OTHER }, { "ignore-command-error", NA, T_OTHER },
	{ "no-ignore-command-error", NA, T_OTHER }, { "help", NA, T_OTHER },
	{ "usage", NA, T_OTHER }, { "version", NA, T_OTHER },
	{ NULL, NA, 0 },
};
const struct opt_decl tar_decl = {
	.shorts = "0123456789ABC:F:GH:I:JK:L:MN:OPRST:UV:WX:Zab:cdf:g:hijklmnoprstuvwxz",
	.longs = tar_longs,
};

struct tar_state {
	char mode;            /* 'x', 'c', 't', 'd' or 0 */
	bool to_stdout, have_file;
	const char *cdirs[64];/* -C directories, chained (NULL: only known at runtime) */
	size_t n_cdirs;
	bool cdir_dynamic;
};

/* The static value of an option event over the expanded argv: NULL when
 * only known at runtime. */
static const char *
tar_value(const struct cmdline *cl, char **tv, const int *tm, const struct opt_event *e)
{
	if (!e->value || e->value_argi < 0)
		return NULL;
	int ci = tm[e->value_argi];
	if (ci < 0)
		return e->value; /* synthesized (cannot happen for values) */
	const struct parg *a = &cl->args[ci];
	if (!a->s)
		return NULL;
	return a->s + (e->value - tv[e->value_argi]);
}

/* tar's own rules, which an allow entry lifts (validate_tar's trusted);
 * what it cannot read, and the programs it would run, stay refused */
#define tar_refuse(w, rule, ...)                                                 \
	(trusted ? 0 : report_add(w, POLICY_LAYER_ARGS, rule, val_fix_allow(w, "tar"), false, \
				  __VA_ARGS__))

/* A path relative to directory d (NULL: the working directory). */
static const char *
under(struct walk *w, const char *d, const char *path)
{
	if (!d || path[0] == '/')
		return path;
	return arena_printf(w->a, "%s/%s", d, path);
}

static int
validate_tar(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	size_t argc = cl->argc;
	int r = 0;
	(void)roles;
	/* under an allow entry: the paths are still found and checked */
	bool trusted = cl->ck & CK_TRUSTED;

	/* The old style: a first word without a dash is a cluster of letters
	 * whose values are the words after it, in order (tar xzf a.tgz). */
	char **tv = arena_alloc(w->a, (2 * argc + 64) * sizeof(char *));
	int *tm = arena_alloc(w->a, (2 * argc + 64) * sizeof(int));
	if (!tv || !tm)
		return -ENOMEM;
	size_t tc = 0, next = 1;
	tv[tc] = (char *)cl->args[0].opt;
	tm[tc++] = 0;
	if (argc > 1 && cl->args[1].opt[0] != '-') {
		if (!cl->args[1].s)
			return report_add(w, POLICY_LAYER_ARGS, "args.tar-option", NULL, false,
					  "tar: the options '%s' are only known at runtime",
					  cl->args[1].src);
		const char *s = cl->args[1].s;
		next = 2;
		if (strlen(s) > 32)
			return tar_refuse(w, "args.tar-option", "tar: the option cluster '%s' is too long",
					  s);
		for (const char *c = s; *c; c++) {
			char *opt = arena_printf(w->a, "-%c", *c);
			if (!opt)
				return -ENOMEM;
			tv[tc] = opt;
			tm[tc++] = 1;
			const char *d = strchr(tar_decl.shorts, *c);
			if (d && *c != ':' && d[1] == ':' && next < argc) {
				tv[tc] = (char *)cl->args[next].opt;
				tm[tc++] = (int)next++;
			}
		}
	}
	for (; next < argc; next++) {
		tv[tc] = (char *)cl->args[next].opt;
		tm[tc++] = (int)next;
	}
	tv[tc] = NULL;

	struct opt_event *ev = NULL;
	int n = opt_parse(&tar_decl, OPT_ORDER_PERMUTE, (int)tc, tv, &ev);
	if (n < 0)
		return n;

	struct tar_state st = { 0 };
	const char **archives = arena_alloc(w->a, (tc + 1) * sizeof(char *));
	const char **ops = arena_alloc(w->a, (tc + 1) * sizeof(char *));
	const char **reads = arena_alloc(w->a, (tc + 1) * sizeof(char *));
	const char **writes = arena_alloc(w->a, (tc + 1) * sizeof(char *));
	size_t n_arch = 0, n_ops = 0, n_reads = 0, n_writes = 0;
	bool names_from_file = false;
	if (!archives || !ops || !reads || !writes) {
		free(ev);
		return -ENOMEM;
	}
	const char *prev_c = NULL;
	for (int k = 0; k < n && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		const char *word = cl->args[tm[e->argi]].src;
		if (e->kind == OPT_EV_OPERAND) {
			int ci = tm[e->argi];
			if (ci >= 0 && cl->args[ci].s)
				ops[n_ops++] = cl->args[ci].s;
			continue;
		}
		if (e->kind == OPT_EV_ERROR) {
			if (e->error == OPT_ERR_UNKNOWN || e->error == OPT_ERR_AMBIGUOUS)
				r = tar_refuse(w, "args.unknown-option",
					       "tar: unknown or ambiguous option in '%s': only the "
					       "options the policy knows are accepted", word);
			continue;
		}
		if (e->kind != OPT_EV_OPTION)
			continue;
		const char *v = tar_value(cl, tv, tm, e);
		switch (e->id) {
		case 'x': case 'c': case 't': case 'd':
			if (st.mode && st.mode != e->id)
				r = tar_refuse(w, "args.tar-option",
					       "tar: '%s' gives a second operation mode", word);
			st.mode = (char)e->id;
			break;
		case 'r': case 'u': case 'A': case T_DELETE:
			r = tar_refuse(w, "args.tar-option",
				       "tar: '%s' modifies an existing archive in place (-r, -u, -A "
				       "and --delete are not allowed)", word);
			break;
		case 'I': case 'F': case T_BLOCK_PROGRAM:
			/* (under an allow too: the deny list could not look
			 * inside the program it runs) */
			r = report_add(w, POLICY_LAYER_ARGS, "args.tar-program",
				       trusted ? NULL : val_fix_allow(w, "tar"), false,
				       "tar: '%s' runs a program the checks do not see", word);
			break;
		case 'W':
			r = tar_refuse(w, "args.tar-option",
				       "tar: -W ('%s') is --verify to GNU tar but spells any long "
				       "option (-W name=value) to bsdtar, so it is not allowed", word);
			break;
		case 'P':
			r = tar_refuse(w, "args.tar-escape",
				       "tar: '%s' keeps absolute names and '..', so entries could "
				       "land outside the destination", word);
			break;
		case 'h':
			r = tar_refuse(w, "args.tar-escape",
				       "tar: '%s' follows symlinks out of the files read", word);
			break;
		case T_BLOCK_ESCAPE:
			r = tar_refuse(w, "args.tar-escape",
				       "tar: '%s' overwrites through existing files or changes the "
				       "files it reads (--overwrite, --remove-files and "
				       "--atime-preserve are not allowed)", word);
			break;
		case 'f':
			st.have_file = true;
			if (!v)
				break; /* the runtime check sees it */
			if (strchr(v, ':') && (!strchr(v, '/') || strchr(v, ':') < strchr(v, '/')))
				r = report_add(w, POLICY_LAYER_ARGS, "args.tar-remote",
					       trusted ? NULL : val_fix_allow(w, "tar"), false,
					       "tar: the archive '%s' names a remote host, which tar "
					       "reaches by running rsh or ssh", v);
			else
				archives[n_arch++] = v;
			break;
		case 'C': {
			if (!v) {
				st.cdir_dynamic = true;
				break;
			}
			if (st.cdir_dynamic && v[0] != '/')
				break; /* relative to a directory only known at runtime */
			st.cdir_dynamic = false;
			const char *d = under(w, prev_c, v);
			if (!d) {
				r = -ENOMEM;
				break;
			}
			if (st.n_cdirs < ARRAY_SIZE(st.cdirs))
				st.cdirs[st.n_cdirs++] = d;
			else
				r = tar_refuse(w, "args.tar-option", "tar: too many -C options ('%s')",
					       word);
			prev_c = d;
			break;
		}
		case 'O':
			st.to_stdout = true;
			break;
		case 'T':
			names_from_file = true;
			/* fall through */
		case 'X':
			if (v)
				reads[n_reads++] = v;
			break;
		case T_ADD_FILE:
			if (v)
				ops[n_ops++] = v;
			break;
		case 'g': case T_WRITE_FILE:
			if (v)
				writes[n_writes++] = v;
			break;
		case T_TOP_LEVEL:
			if (v)
				writes[n_writes++] = v;
			break;
		default:
			break;
		}
	}
	free(ev);
	if (r < 0)
		return r;

	for (size_t i = 0; i < n_reads && r >= 0; i++)
		r = check_path_str(w, "tar", reads[i], ROLE_READ, 0);
	for (size_t i = 0; i < n_writes && r >= 0; i++)
		r = check_path_str(w, "tar", writes[i], ROLE_WRITE, 0);
	if (r < 0)
		return r;

	switch (st.mode) {
	case 'c':
		if (!st.have_file)
			return tar_refuse(w, "args.tar-archive",
					  "tar -c must name its archive with -f (-f - for standard "
					  "output): the default archive differs between systems");
		if (names_from_file)
			return tar_refuse(w, "args.tar-option",
					  "tar -c -T reads the names to archive from a file the checks "
					  "do not see");
		/* The archive is opened before any -C takes effect. */
		for (size_t i = 0; i < n_arch && r >= 0; i++)
			if (!streq(archives[i], "-"))
				r = check_path_str(w, "tar", archives[i], ROLE_WRITE, 0);
		for (size_t i = 0; i < st.n_cdirs && r >= 0; i++)
			r = check_path_str(w, "tar", st.cdirs[i], ROLE_READ, 0);
		/* An operand is relative to the -C before it: check it from
		 * every directory it could be relative to. */
		for (size_t i = 0; i < n_ops && r >= 0; i++) {
			const char *op = ops[i];
			for (int at = 0; at < 2 && r >= 0; at++) {
				if (at == 1) {
					if (op[0] != '@' || !op[1])
						break;
					op++; /* bsdtar: the entries of another archive */
				}
				r = check_path_str(w, "tar", op, ROLE_READ, 0);
				for (size_t k = 0; k < st.n_cdirs && r >= 0 && op[0] != '/'; k++) {
					const char *p = under(w, st.cdirs[k], op);
					r = p ? check_path_str(w, "tar", p, ROLE_READ, 0) : -ENOMEM;
				}
			}
		}
		return r;
	case 'x':
		for (size_t i = 0; i < n_arch && r >= 0; i++)
			if (!streq(archives[i], "-"))
				r = check_path_str(w, "tar", archives[i], ROLE_READ, 0);
		if (r < 0 || st.to_stdout)
			return r;
		/* Entries land in the working directory and every -C. */
		r = check_path_str(w, "tar", ".", ROLE_WRITE, 0);
		for (size_t i = 0; i < st.n_cdirs && r >= 0; i++)
			r = check_path_str(w, "tar", st.cdirs[i], ROLE_WRITE, 0);
		return r;
	case 't':
	case 'd':
	default:
		for (size_t i = 0; i < n_arch && r >= 0; i++)
			if (!streq(archives[i], "-"))
				r = check_path_str(w, "tar", archives[i], ROLE_READ, 0);
		if (st.mode == 'd') {
			/* --diff reads the files it compares */
			for (size_t i = 0; i < st.n_cdirs && r >= 0; i++)
				r = check_path_str(w, "tar", st.cdirs[i], ROLE_READ, 0);
			for (size_t i = 0; i < n_ops && r >= 0; i++)
				r = check_path_str(w, "tar", ops[i], ROLE_READ, 0);
		}
		return r;
	}
}

/* ---- zip --------------------------------------------------------------------------- */

/*
 * Info-ZIP's zip reads its options itself, anywhere on the line: single
 * letters clustered after one dash, a few long ones after two. Only a fixed
 * set is accepted; -x and -i start a list of patterns that runs to the next
 * option.
 */
static const char zip_letters[] = "0123456789rRqvjJyuTdDXlfgFwoAkz";
static const char *const zip_longs_ok[] = {
	"recurse-paths", "recurse-patterns", "quiet", "verbose", "junk-paths", "symlinks",
	"update", "delete", "test", "no-dir-entries", "no-extra", "freshen", "grow",
	"to-crlf", "from-crlf", "latest-time", "display-bytes", "display-counts",
	"display-dots", "no-wild", "help", "version", "show-files", "fix", "fixfix",
	"adjust-sfx", "recurse", "store-only", "compression-method", "exclude", "include",
	"suffixes", "filesync", "must-match", "names-stdin-no",
};

static int
zip_refuse(struct walk *w, const char *word, const char *why)
{
	return report_add(w, POLICY_LAYER_ARGS, "args.zip-option", val_fix_allow(w, "zip"),
			  false, "zip: '%s' %s", word, why);
}

static int
validate_zip(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	size_t argc = cl->argc;
	bool patterns = false, deleting = false, dd = false;
	size_t archive = 0;
	int r;

	for (size_t i = 1; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		const char *s = a->s ? a->s : a->prefix;
		roles[i] = ROLE_NONE;
		if (!dd && s[0] == '-' && s[1]) {
			if (!a->s)
				return zip_refuse(w, a->src, "is an option only known at runtime");
			patterns = false;
			if (streq(s, "--")) {
				dd = true;
				continue;
			}
			if (s[1] == '-') {
				const char *ln = s + 2;
				const char *eq = strchr(ln, '=');
				char *nm = arena_strndup(w->a, ln, eq ? (size_t)(eq - ln) : strlen(ln));
				if (!nm)
					return -ENOMEM;
				if (!in_list(nm, zip_longs_ok, ARRAY_SIZE(zip_longs_ok)))
					return zip_refuse(w, s, "is not an option the policy accepts "
							  "(it may run a program, move or delete the "
							  "files added, or write elsewhere)");
				if (streq(nm, "exclude") || streq(nm, "include"))
					patterns = !eq;
				if (streq(nm, "delete"))
					deleting = true;
				continue;
			}
			if (streq(s, "-TT") || strncmp(s, "-TT", 3) == 0)
				return zip_refuse(w, s, "names the command that tests the archive");
			for (const char *c = s + 1; *c; c++) {
				if (*c == 'x' || *c == 'i') {
					patterns = true;
					continue;
				}
				if (*c == 'n' || *c == 't') {
					/* -n SUFFIXES, -t DATE, -tt DATE: the value is the rest
					 * of the word or the next word */
					if (*c == 't' && c[1] == 't')
						c++;
					if (!c[1])
						i++;
					break;
				}
				if (*c == 'd')
					deleting = true;
				if (!strchr(zip_letters, *c))
					return zip_refuse(w, s,
							  *c == '@' ? "reads the names to add from standard input, which the checks do not see"
							  : *c == 'm' ? "deletes the files it adds"
							  : *c == 'b' ? "puts its temporary archive in another directory"
							  : *c == 'O' ? "writes the result to another archive"
							  : *c == 'T' ? "names the command that tests the archive"
							  : "is not an option the policy accepts");
			}
			continue;
		}
		if (patterns)
			continue;
		if (!archive) {
			archive = i;
			roles[i] = ROLE_WRITE;
			/* zip adds .zip to a name without a suffix */
			if (a->s && !strchr(strrchr(a->s, '/') ? strrchr(a->s, '/') : a->s, '.') &&
			    !streq(a->s, "-")) {
				const char *z = arena_printf(w->a, "%s.zip", a->s);
				if (!z)
					return -ENOMEM;
				if ((r = check_path_str(w, "zip", z, ROLE_WRITE, 0)) < 0)
					return r;
			}
			if (a->s && streq(a->s, "-"))
				roles[i] = ROLE_NONE;
			continue;
		}
		roles[i] = deleting ? ROLE_NONE : ROLE_READ;
	}
	return 0;
}

/* ---- unzip --------------------------------------------------------------------------- */

static int
validate_unzip(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	size_t argc = cl->argc;
	bool excluding = false, extracting = true, zipinfo = false;
	size_t archive = 0;
	const struct parg *dest = NULL;
	const char *dest_s = NULL;
	bool dest_given = false;

	for (size_t i = 1; i < argc; i++) {
		const struct parg *a = &cl->args[i];
		const char *s = a->s ? a->s : a->prefix;
		roles[i] = ROLE_NONE;
		if (s[0] == '-' && s[1] && !zipinfo) {
			if (!a->s)
				return report_add(w, POLICY_LAYER_ARGS, "args.unzip-option", NULL,
						  false, "unzip: the option '%s' is only known at "
						  "runtime", a->src);
			excluding = false;
			for (const char *c = s + 1; *c; c++) {
				switch (*c) {
				case ':':
				case '^':
					return report_add(w, POLICY_LAYER_ARGS, "args.unzip-escape",
							  NULL, false,
							  "unzip -%c lets entries write outside the "
							  "destination or use control characters in "
							  "names", *c);
				case 'd':
					dest_given = true;
					if (c[1]) {
						dest_s = c + 1;
						dest = NULL;
					} else if (i + 1 < argc) {
						dest = &cl->args[++i];
						dest_s = NULL;
					}
					goto next_word;
				case 'P':
					if (!c[1])
						i++;
					goto next_word;
				case 'x':
					excluding = true;
					break;
				case 'l': case 't': case 'v': case 'z': case 'p': case 'c':
					extracting = false;
					break;
				case 'Z':
					zipinfo = true;
					extracting = false;
					break;
				case '-':
					break; /* negates the next option */
				default:
					if (!strchr("abfnoqujCKLMNsTUVWX123456789", *c))
						return report_add(w, POLICY_LAYER_ARGS,
								  "args.unzip-option",
								  val_fix_allow(w, "unzip"), false,
								  "unzip: '-%c' (in '%s') is not an option "
								  "the policy accepts", *c, s);
					break;
				}
			}
next_word:
			continue;
		}
		if (excluding)
			continue;
		if (!archive) {
			archive = i;
			roles[i] = ROLE_READ;
		}
	}
	if (!extracting)
		return 0;
	int r;
	if (dest_given) {
		if (dest_s)
			return check_path_str(w, "unzip", dest_s, ROLE_WRITE, 0);
		if (dest)
			return check_path(w, "unzip", dest, ROLE_WRITE, 0);
		return 0;
	}
	if ((r = check_path_str(w, "unzip", ".", ROLE_WRITE, 0)) < 0)
		return r;
	return 0;
}

/* ---- gzip, bzip2, xz ------------------------------------------------------------------ */

/*
 * They replace each operand with its compressed (or decompressed) file
 * beside it, so operands are written, unless the output goes to standard
 * output or the operation only reads (test, list).
 */
static int
validate_compressor(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	char **argv = val_argv(w, cl);
	if (!argv)
		return -ENOMEM;
	struct opt_event *ev = NULL;
	int cnt = opt_parse(cl->spec->decl, OPT_ORDER_PERMUTE, (int)cl->argc, argv, &ev);
	if (cnt < 0)
		return cnt;
	bool reads_only = false;
	int r = 0;
	for (int k = 0; k < cnt && r >= 0; k++) {
		const struct opt_event *e = &ev[k];
		if (e->kind != OPT_EV_OPTION)
			continue;
		if (e->id == 'c' || e->id == 't' || e->id == 'l')
			reads_only = true;
		else if (e->id == 'S' && e->value && strchr(e->value, '/'))
			r = report_add(w, POLICY_LAYER_ARGS, "args.compress-option",
				       val_fix_allow(w, n), false,
				       "%s -S '%s': a suffix with a '/' would write the output "
				       "somewhere else than beside the operand", n, e->value);
		else if (e->id == 'N' && !streq(n, "bzip2") && !streq(n, "bunzip2"))
			r = report_add(w, POLICY_LAYER_ARGS, "args.compress-option",
				       val_fix_allow(w, n), false,
				       "%s -N names the output after the name stored in the "
				       "archive, which the path checks do not see", n);
		else if (e->long_name && starts_with(e->long_name, "files"))
			r = report_add(w, POLICY_LAYER_ARGS, "args.compress-option",
				       val_fix_allow(w, n), false,
				       "%s --%s reads the names of the files to replace from a "
				       "file the checks do not see", n, e->long_name);
	}
	free(ev);
	if (r < 0)
		return r;
	if (reads_only)
		for (size_t i = 1; i < cl->argc; i++)
			if (roles[i] == ROLE_WRITE)
				roles[i] = ROLE_READ;
	return 0;
}

int
validate_archive(struct walk *w, struct cmdline *cl, enum arg_role *roles)
{
	const char *n = cl->spec->name;
	if (streq(n, "tar"))
		return validate_tar(w, cl, roles);
	if (streq(n, "zip"))
		return validate_zip(w, cl, roles);
	if (streq(n, "unzip"))
		return validate_unzip(w, cl, roles);
	return validate_compressor(w, cl, roles);
}
