/* SPDX-License-Identifier: MIT */
/*
 * Builtins, run in-process. Output goes straight to fd 1 with write(2) so it
 * interleaves with external commands exactly as bash's does. Each builtin
 * returns its exit status; errors are reported on stderr in bash's manner.
 */
#include "internal.h"

#include <ctype.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

static int
out(struct sbuf *b)
{
	if (!b->n)
		return 0;
	int r = fd_write_all(1, b->d, b->n);
	if (r < 0)
		return r;
	return 0;
}

static int
write_error(struct interp *it, const char *name, int r)
{
	it_err(it, "%s: write error: %s", name, strerror(-r));
	return 1;
}

/* Unsupported features end the run (status 2), so that a script never goes
 * on with a silent difference from bash. */
static int
unsupported(struct interp *it)
{
	it->flow = FLOW_EXIT;
	it->status = 2;
	return 2;
}

/* ---- true false : ------------------------------------------------------- */

static int
bi_true(struct interp *it, int argc, char **argv)
{
	return 0;
}

static int
bi_false(struct interp *it, int argc, char **argv)
{
	return 1;
}

/* ---- echo ---------------------------------------------------------------- */

static int
octal_or_hex(const char **pp, int base, int maxd)
{
	const char *p = *pp;
	int v = 0, n = 0;
	while (n < maxd && *p &&
	       (base == 8 ? (*p >= '0' && *p <= '7') : isxdigit((unsigned char)*p))) {
		v = v * base + (isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10);
		p++;
		n++;
	}
	*pp = p;
	return n ? v : -1;
}

static void
put_utf8(struct sbuf *b, uint32_t c)
{
	char u[4];
	if (c < 0x80) {
		sb_addc(b, (char)c);
	} else if (c < 0x800) {
		u[0] = (char)(0xC0 | (c >> 6));
		u[1] = (char)(0x80 | (c & 0x3F));
		sb_add(b, u, 2);
	} else if (c < 0x10000) {
		u[0] = (char)(0xE0 | (c >> 12));
		u[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		u[2] = (char)(0x80 | (c & 0x3F));
		sb_add(b, u, 3);
	} else {
		u[0] = (char)(0xF0 | (c >> 18));
		u[1] = (char)(0x80 | ((c >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((c >> 6) & 0x3F));
		u[3] = (char)(0x80 | (c & 0x3F));
		sb_add(b, u, 4);
	}
}

/* echo -e / printf %b escapes. *stop set at \c. */
int echo_escapes(struct sbuf *b, const char *s, bool *stop, bool utf8);
int
echo_escapes(struct sbuf *b, const char *s, bool *stop, bool utf8)
{
	for (const char *p = s; *p; p++) {
		if (*p != '\\' || !p[1]) {
			sb_addc(b, *p);
			continue;
		}
		p++;
		int v;
		switch (*p) {
		case 'a': sb_addc(b, '\a'); break;
		case 'b': sb_addc(b, '\b'); break;
		case 'c': *stop = true; return 0;
		case 'e':
		case 'E': sb_addc(b, 27); break;
		case 'f': sb_addc(b, '\f'); break;
		case 'n': sb_addc(b, '\n'); break;
		case 'r': sb_addc(b, '\r'); break;
		case 't': sb_addc(b, '\t'); break;
		case 'v': sb_addc(b, '\v'); break;
		case '\\': sb_addc(b, '\\'); break;
		case '0': {
			const char *q = p + 1;
			v = octal_or_hex(&q, 8, 3);
			sb_addc(b, (char)(v < 0 ? 0 : v));
			p = q - 1;
			break;
		}
		case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
			/* printf %b and echo -e accept \NNN too (bash) */
			const char *q = p;
			v = octal_or_hex(&q, 8, 3);
			sb_addc(b, (char)v);
			p = q - 1;
			break;
		}
		case 'x': {
			const char *q = p + 1;
			v = octal_or_hex(&q, 16, 2);
			if (v < 0) {
				sb_add(b, "\\x", 2);
			} else {
				sb_addc(b, (char)v);
				p = q - 1;
			}
			break;
		}
		case 'u':
		case 'U': {
			const char *q = p + 1;
			int maxd = *p == 'u' ? 4 : 8;
			long cv = 0;
			int nd = 0;
			while (nd < maxd && isxdigit((unsigned char)*q)) {
				cv = cv * 16 + (isdigit((unsigned char)*q) ? *q - '0' : tolower((unsigned char)*q) - 'a' + 10);
				q++;
				nd++;
			}
			if (!nd) {
				sb_addc(b, '\\');
				sb_addc(b, *p);
			} else if (cv >= 0x80 && !utf8) {
				/* bash keeps what the locale cannot encode as written */
				sb_printf(b, *p == 'u' ? "\\u%04lX" : "\\U%08lX", cv);
				p = q - 1;
			} else {
				put_utf8(b, (uint32_t)cv);
				p = q - 1;
			}
			break;
		}
		default:
			sb_addc(b, '\\');
			sb_addc(b, *p);
			break;
		}
	}
	return 0;
}

static int
bi_echo(struct interp *it, int argc, char **argv)
{
	bool nl = true, esc = false;
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] != '-' || !a[1] || strspn(a + 1, "neE") != strlen(a + 1))
			break;
		for (const char *p = a + 1; *p; p++) {
			if (*p == 'n')
				nl = false;
			else if (*p == 'e')
				esc = true;
			else
				esc = false;
		}
	}
	struct sbuf b;
	sb_init(&b, it->tmp);
	bool stop = false;
	for (int k = i; k < argc && !stop; k++) {
		if (k > i)
			sb_addc(&b, ' ');
		if (esc)
			echo_escapes(&b, argv[k], &stop, it_utf8(it));
		else
			sb_adds(&b, argv[k]);
	}
	if (nl && !stop)
		sb_addc(&b, '\n');
	int r = out(&b);
	return r < 0 ? write_error(it, "echo", r) : 0;
}

/* ---- printf ---------------------------------------------------------------- */

static int
num_arg(struct interp *it, const char *s, intmax_t *v, bool *bad)
{
	if (!s || !*s) {
		*v = 0;
		return 0;
	}
	if (s[0] == '\'' || s[0] == '"') {
		*v = (unsigned char)s[1];
		return 0;
	}
	char *end;
	errno = 0;
	const char *p = s;
	while (isspace((unsigned char)*p))
		p++;
	*v = strtoimax(p, &end, 0);
	if (*p == '-' || *p == '+' || isdigit((unsigned char)*p)) {
		if (errno == ERANGE || end == p || *end) {
			it_err(it, "printf: %s: invalid number", s);
			*bad = true;
			if (end == p)
				*v = 0;
		}
	} else {
		it_err(it, "printf: %s: invalid number", s);
		*bad = true;
		*v = 0;
	}
	return 0;
}

static char *
printf_q(struct interp *it, const char *s)
{
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	if (!*s)
		return "''";
	bool ctrl = false;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			ctrl = true;
	if (ctrl)
		return shell_quote(it->tmp, s);
	/* bash's choice: these are left alone, and # and ~ when not first */
	for (const char *p = s; *p; p++) {
		bool safe = isalnum((unsigned char)*p) || strchr("_-./:+@%=", *p) ||
			    (unsigned char)*p >= 0x80 || (p > s && (*p == '#' || *p == '~'));
		if (!safe)
			sb_addc(&b, '\\');
		sb_addc(&b, *p);
	}
	return b.d;
}

static bool
arg_ok_for_time(int ai, int nargs)
{
	return ai < nargs;
}

/* The conversion specs handed to snprintf are assembled here from a closed
 * grammar (flags, width, precision, one conversion letter checked against a
 * list, and the matching argument type), never taken from the user as is. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-y2k"
static int
do_printf(struct interp *it, struct sbuf *b, const char *fmt, char **args, int nargs)
{
	int ai = 0;
	bool bad = false;
	int guard = 0;
	do {
		bool consumed = false;
		for (const char *p = fmt; *p; p++) {
			if (*p == '\\') {
				bool stop = false;
				char tmp[8];
				size_t k = 0;
				tmp[k++] = *p++;
				if (!*p) {
					sb_addc(b, '\\');
					break;
				}
				if (*p >= '0' && *p <= '7') {
					/* printf's \NNN takes up to three octal digits */
					const char *q = p;
					int v = octal_or_hex(&q, 8, 3);
					sb_addc(b, (char)v);
					p = q - 1;
					continue;
				}
				struct sbuf t;
				sb_init(&t, it->tmp);
				const char *start = p - 1;
				if (*p == 'x' || *p == 'u' || *p == 'U') {
					size_t len = 1;
					while (len < 9 && isxdigit((unsigned char)p[len]))
						len++;
					char *seg = arena_strndup(it->tmp, start, len + 1);
					echo_escapes(&t, seg, &stop, it_utf8(it));
					sb_add(b, t.d, t.n);
					p += len - 1;
					continue;
				}
				tmp[k++] = *p;
				tmp[k] = '\0';
				if (*p == 'c')
					return bad ? 1 : 2;
				echo_escapes(&t, tmp, &stop, it_utf8(it));
				if (t.n)
					sb_add(b, t.d, t.n);
				continue;
			}
			if (*p != '%') {
				sb_addc(b, *p);
				continue;
			}
			p++;
			if (*p == '%') {
				sb_addc(b, '%');
				continue;
			}
			char spec[64];
			size_t sl = 0;
			spec[sl++] = '%';
			while (*p && strchr("-+ #0", *p) && sl < 20)
				spec[sl++] = *p++;
			char num[32];
			if (*p == '*') {
				intmax_t w = 0;
				num_arg(it, ai < nargs ? args[ai] : NULL, &w, &bad);
				if (ai < nargs)
					ai++;
				consumed = true;
				int n = snprintf(num, sizeof(num), "%d", (int)w);
				memcpy(spec + sl, num, (size_t)n);
				sl += (size_t)n;
				p++;
			} else {
				while (isdigit((unsigned char)*p) && sl < 40)
					spec[sl++] = *p++;
			}
			if (*p == '.') {
				spec[sl++] = *p++;
				if (*p == '*') {
					intmax_t w = 0;
					num_arg(it, ai < nargs ? args[ai] : NULL, &w, &bad);
					if (ai < nargs)
						ai++;
					consumed = true;
					int n = snprintf(num, sizeof(num), "%d", (int)w);
					memcpy(spec + sl, num, (size_t)n);
					sl += (size_t)n;
					p++;
				} else {
					while (isdigit((unsigned char)*p) && sl < 60)
						spec[sl++] = *p++;
				}
			}
			while (*p && strchr("hlLjzt", *p))
				p++; /* length modifiers are accepted and ignored */
			if (*p == '(') {
				/* %(strftime format)T */
				const char *close = strstr(p, ")T");
				if (!close) {
					it_err(it, "printf: `%s': missing time format end", p);
					return 1;
				}
				char *tf = arena_strndup(it->tmp, p + 1, (size_t)(close - p - 1));
				intmax_t when = -1;
				if (arg_ok_for_time(ai, nargs))
					num_arg(it, args[ai], &when, &bad);
				if (ai < nargs)
					ai++;
				consumed = true;
				time_t t = when == -1 || when == -2 ? time(NULL) : (time_t)when;
				struct tm tm;
				char tbuf[512];
				size_t tn = 0;
				if (localtime_r(&t, &tm) && *tf)
					tn = strftime(tbuf, sizeof(tbuf), tf, &tm);
				tbuf[tn] = '\0';
				spec[sl++] = 's';
				spec[sl] = '\0';
				sb_printf(b, spec, tbuf);
				p = close + 1;
				continue;
			}
			char conv = *p;
			if (!conv) {
				it_err(it, "printf: `%s': missing format character", spec);
				return 1;
			}
			const char *arg = ai < nargs ? args[ai] : NULL;
			if (strchr("diouxXcsbqeEfFgGaA", conv)) {
				if (ai < nargs)
					ai++;
				consumed = true;
			}
			switch (conv) {
			case 'd':
			case 'i': {
				intmax_t v;
				num_arg(it, arg, &v, &bad);
				spec[sl++] = 'j';
				spec[sl++] = 'd';
				spec[sl] = '\0';
				sb_printf(b, spec, v);
				break;
			}
			case 'o':
			case 'u':
			case 'x':
			case 'X': {
				intmax_t v;
				num_arg(it, arg, &v, &bad);
				spec[sl++] = 'j';
				spec[sl++] = conv;
				spec[sl] = '\0';
				sb_printf(b, spec, (uintmax_t)v);
				break;
			}
			case 'e':
			case 'E':
			case 'f':
			case 'F':
			case 'g':
			case 'G':
			case 'a':
			case 'A': {
				long double v = 0;
				if (arg && *arg) {
					if (arg[0] == '\'' || arg[0] == '"') {
						v = (unsigned char)arg[1];
					} else {
						char *end;
						v = strtold(arg, &end);
						if (end == arg || *end) {
							it_err(it, "printf: %s: invalid number", arg);
							bad = true;
						}
					}
				}
				spec[sl++] = 'L';
				spec[sl++] = conv;
				spec[sl] = '\0';
				sb_printf(b, spec, v);
				break;
			}
			case 'c':
				if (arg && *arg) {
					spec[sl++] = 'c';
					spec[sl] = '\0';
					sb_printf(b, spec, arg[0]);
				} else {
					/* bash prints the NUL of an empty argument */
					spec[sl++] = 'c';
					spec[sl] = '\0';
					size_t at = b->n;
					sb_printf(b, spec, 'X');
					for (size_t k = at; k < b->n; k++)
						if (b->d[k] == 'X')
							b->d[k] = '\0';
				}
				break;
			case 's':
			case 'b':
			case 'q': {
				const char *s = arg ? arg : "";
				if (conv == 'b') {
					struct sbuf t;
					sb_init(&t, it->tmp);
					sb_add(&t, "", 0);
					bool stop = false;
					echo_escapes(&t, s, &stop, it_utf8(it));
					s = t.d;
					if (stop) {
						spec[sl++] = 's';
						spec[sl] = '\0';
						sb_printf(b, spec, s);
						return bad ? 1 : 2;
					}
				} else if (conv == 'q') {
					s = printf_q(it, s);
				}
				spec[sl++] = 's';
				spec[sl] = '\0';
				sb_printf(b, spec, s);
				break;
			}
			default:
				it_err(it, "printf: `%c': invalid format character", conv);
				return 1;
			}
		}
		if (!consumed)
			break;
		if (++guard > 100000)
			break;
	} while (ai < nargs);
	return bad ? 1 : 0;
}
#pragma GCC diagnostic pop

static int
bi_printf(struct interp *it, int argc, char **argv)
{
	int i = 1;
	const char *var = NULL;
	if (i < argc && !strcmp(argv[i], "-v")) {
		if (i + 1 >= argc) {
			it_err(it, "printf: -v: option requires an argument");
			return 2;
		}
		var = argv[i + 1];
		i += 2;
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	if (i >= argc) {
		it_err(it, "printf: usage: printf [-v var] format [arguments]");
		return 2;
	}
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	int st = do_printf(it, &b, argv[i], argv + i + 1, argc - i - 1);
	if (st == 2)
		st = 0;
	if (var) {
		const char *br = strchr(var, '[');
		int r;
		if (br && var[strlen(var) - 1] == ']') {
			char *name = arena_strndup(it->tmp, var, (size_t)(br - var));
			char *key = arena_strndup(it->tmp, br + 1, strlen(br + 1) - 1);
			if (!valid_name(name)) {
				it_err(it, "printf: `%s': not a valid identifier", var);
				return 2;
			}
			r = var_set_elem(it, name, key, b.d, false);
		} else {
			if (!valid_name(var)) {
				it_err(it, "printf: `%s': not a valid identifier", var);
				return 2;
			}
			r = var_set(it, var, b.d, false);
		}
		return r < 0 ? 1 : st;
	}
	int r = out(&b);
	return r < 0 ? write_error(it, "printf", r) : st;
}

/* ---- cd pwd ----------------------------------------------------------------- */

/* Logical path: join and remove . and .. textually, as bash's cd -L does. */
static char *
logical_path(struct interp *it, const char *base, const char *dir)
{
	struct sbuf b;
	sb_init(&b, it->tmp);
	if (dir[0] != '/')
		sb_printf(&b, "%s/%s", base, dir);
	else
		sb_adds(&b, dir);
	char **segs = arena_alloc(it->tmp, (b.n + 1) * sizeof(char *));
	size_t ns = 0;
	char *save = NULL;
	for (char *t = strtok_r(b.d, "/", &save); t; t = strtok_r(NULL, "/", &save)) {
		if (!strcmp(t, "."))
			continue;
		if (!strcmp(t, "..")) {
			if (ns)
				ns--;
			continue;
		}
		segs[ns++] = t;
	}
	struct sbuf r;
	sb_init(&r, it->tmp);
	for (size_t i = 0; i < ns; i++)
		sb_printf(&r, "/%s", segs[i]);
	if (!ns)
		sb_addc(&r, '/');
	return r.d;
}

static int
bi_cd(struct interp *it, int argc, char **argv)
{
	int i = 1;
	bool physical = false;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (!strcmp(argv[i], "-P"))
			physical = true;
		else if (!strcmp(argv[i], "-L"))
			physical = false;
		else
			break;
	}
	const char *dir;
	bool print = false;
	if (i >= argc) {
		dir = var_get(it, "HOME");
		if (!dir) {
			it_err(it, "cd: HOME not set");
			return 1;
		}
	} else if (i + 1 < argc) {
		it_err(it, "cd: too many arguments");
		return 1;
	} else if (!strcmp(argv[i], "-")) {
		dir = var_get(it, "OLDPWD");
		if (!dir) {
			it_err(it, "cd: OLDPWD not set");
			return 1;
		}
		print = true;
	} else {
		dir = argv[i];
	}
	if (!*dir)
		return 0;
	const char *pwd = var_get(it, "PWD");
	char cwd[4096];
	if (!pwd && getcwd(cwd, sizeof(cwd)))
		pwd = cwd;
	/* CDPATH, as bash: for a relative name not starting with . or .. */
	const char *cdpath = var_get(it, "CDPATH");
	if (cdpath && *cdpath && dir[0] != '/' && strncmp(dir, "./", 2) && strncmp(dir, "../", 3) &&
	    strcmp(dir, ".") && strcmp(dir, "..")) {
		const char *p = cdpath;
		for (;;) {
			const char *e = strchr(p, ':');
			size_t dl = e ? (size_t)(e - p) : strlen(p);
			if (dl) {
				char *cand = arena_printf(it->tmp, "%.*s/%s", (int)dl, p, dir);
				struct stat st;
				if (cand && stat(cand, &st) == 0 && S_ISDIR(st.st_mode)) {
					dir = cand;
					print = true;
					break;
				}
			}
			if (!e)
				break;
			p = e + 1;
		}
	}
	char *target = physical || !pwd ? (char *)dir : logical_path(it, pwd, dir);
	if (chdir(target) < 0) {
		/* the logical path may not exist where the physical one does */
		if (target == dir || chdir(dir) < 0) {
			it_err(it, "cd: %s: %s", dir, strerror(errno));
			return 1;
		}
		target = NULL;
	}
	char *old = pwd ? arena_strdup(it->tmp, pwd) : NULL;
	if (physical || !target) {
		if (getcwd(cwd, sizeof(cwd)))
			target = arena_strdup(it->tmp, cwd);
	}
	if (old)
		var_set(it, "OLDPWD", old, false);
	if (target)
		var_set(it, "PWD", target, false);
	if (print && target)
		it_printf_fd(1, "%s\n", target);
	return 0;
}

static int
bi_pwd(struct interp *it, int argc, char **argv)
{
	bool physical = argc > 1 && !strcmp(argv[1], "-P");
	const char *pwd = var_get(it, "PWD");
	char cwd[4096];
	if (physical || !pwd) {
		if (!getcwd(cwd, sizeof(cwd))) {
			it_err(it, "pwd: %s", strerror(errno));
			return 1;
		}
		pwd = cwd;
	}
	int r = it_printf_fd(1, "%s\n", pwd);
	return r < 0 ? write_error(it, "pwd", r) : 0;
}

/* ---- test ------------------------------------------------------------------- */

static bool
is_int(const char *s, int64_t *v)
{
	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return false;
	char *end;
	errno = 0;
	long long x = strtoll(s, &end, 10);
	while (isspace((unsigned char)*end))
		end++;
	if (*end || errno)
		return false;
	*v = x;
	return true;
}

int
unary_test(struct interp *it, const char *op, const char *a, bool *ret)
{
	struct stat st;
	if (strlen(op) != 2 || op[0] != '-') {
		it_err(it, "%s: unary operator expected", op);
		return -EINVAL;
	}
	switch (op[1]) {
	case 'z': *ret = !*a; return 0;
	case 'n': *ret = *a != 0; return 0;
	case 'e':
	case 'a': *ret = stat(a, &st) == 0; return 0;
	case 'f': *ret = stat(a, &st) == 0 && S_ISREG(st.st_mode); return 0;
	case 'd': *ret = stat(a, &st) == 0 && S_ISDIR(st.st_mode); return 0;
	case 'b': *ret = stat(a, &st) == 0 && S_ISBLK(st.st_mode); return 0;
	case 'c': *ret = stat(a, &st) == 0 && S_ISCHR(st.st_mode); return 0;
	case 'p': *ret = stat(a, &st) == 0 && S_ISFIFO(st.st_mode); return 0;
	case 'S': *ret = stat(a, &st) == 0 && S_ISSOCK(st.st_mode); return 0;
	case 'h':
	case 'L': *ret = lstat(a, &st) == 0 && S_ISLNK(st.st_mode); return 0;
	case 's': *ret = stat(a, &st) == 0 && st.st_size > 0; return 0;
	case 'g': *ret = stat(a, &st) == 0 && (st.st_mode & S_ISGID); return 0;
	case 'u': *ret = stat(a, &st) == 0 && (st.st_mode & S_ISUID); return 0;
	case 'k': *ret = stat(a, &st) == 0 && (st.st_mode & S_ISVTX); return 0;
	case 'r': *ret = access(a, R_OK) == 0; return 0;
	case 'w': *ret = access(a, W_OK) == 0; return 0;
	case 'x': *ret = access(a, X_OK) == 0; return 0;
	case 'O': *ret = stat(a, &st) == 0 && st.st_uid == geteuid(); return 0;
	case 'G': *ret = stat(a, &st) == 0 && st.st_gid == getegid(); return 0;
	case 'N': *ret = stat(a, &st) == 0 && st.st_mtime >= st.st_atime; return 0;
	case 't': {
		int64_t fd;
		*ret = is_int(a, &fd) && fd >= 0 && fd < INT_MAX && isatty((int)fd);
		return 0;
	}
	case 'v': {
		const char *br = strchr(a, '[');
		if (br) {
			char *name = arena_strndup(it->tmp, a, (size_t)(br - a));
			struct var *v = var_lookup(it, name);
			char *key = arena_strndup(it->tmp, br + 1, strlen(br + 1) - 1);
			if (!v || !(v->flags & V_SET)) {
				*ret = false;
			} else if (v->flags & V_ASSOC) {
				*ret = arr_get(v, key, 0) != NULL;
			} else {
				int64_t idx;
				if (arith_eval(it, key, &idx) < 0)
					return -EINVAL;
				if (idx < 0)
					idx += arr_max_idx(v) + 1;
				*ret = (v->flags & V_ARRAY) ? arr_get(v, NULL, idx) != NULL : idx == 0;
			}
			return 0;
		}
		struct var *v = var_lookup(it, a);
		*ret = v && (v->flags & V_SET);
		if (v && (v->flags & (V_ARRAY | V_ASSOC)))
			*ret = arr_get(v, "0", 0) != NULL;
		if (!*ret && isdigit((unsigned char)a[0]))
			*ret = (size_t)atoi(a) <= it->n_pos;
		return 0;
	}
	case 'o': {
		*ret = false;
		struct { const char *n; bool v; } o[] = {
			{ "errexit", it->o.errexit }, { "nounset", it->o.nounset },
			{ "xtrace", it->o.xtrace }, { "noglob", it->o.noglob },
			{ "pipefail", it->o.pipefail }, { "noclobber", it->o.noclobber },
			{ "allexport", it->o.allexport },
		};
		for (size_t i = 0; i < ARRAY_SIZE(o); i++)
			if (!strcmp(o[i].n, a))
				*ret = o[i].v;
		return 0;
	}
	case 'R':
		*ret = false;
		return 0;
	default:
		it_err(it, "%s: unary operator expected", op);
		return -EINVAL;
	}
}

int
binary_test(struct interp *it, const char *a, const char *op, const char *b, bool *ret)
{
	if (!strcmp(op, "=") || !strcmp(op, "==")) {
		*ret = !strcmp(a, b);
		return 0;
	}
	if (!strcmp(op, "!=")) {
		*ret = strcmp(a, b) != 0;
		return 0;
	}
	if (!strcmp(op, "<")) {
		*ret = strcmp(a, b) < 0;
		return 0;
	}
	if (!strcmp(op, ">")) {
		*ret = strcmp(a, b) > 0;
		return 0;
	}
	if (!strcmp(op, "-nt") || !strcmp(op, "-ot") || !strcmp(op, "-ef")) {
		struct stat sa, sb;
		bool ha = stat(a, &sa) == 0, hb = stat(b, &sb) == 0;
		if (op[1] == 'e') {
			*ret = ha && hb && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
		} else {
			bool newer = ha && (!hb || sa.st_mtim.tv_sec > sb.st_mtim.tv_sec ||
					    (sa.st_mtim.tv_sec == sb.st_mtim.tv_sec &&
					     sa.st_mtim.tv_nsec > sb.st_mtim.tv_nsec));
			bool older = hb && (!ha || sa.st_mtim.tv_sec < sb.st_mtim.tv_sec ||
					    (sa.st_mtim.tv_sec == sb.st_mtim.tv_sec &&
					     sa.st_mtim.tv_nsec < sb.st_mtim.tv_nsec));
			*ret = op[1] == 'n' ? newer : older;
		}
		return 0;
	}
	static const char *const nops[] = { "-eq", "-ne", "-lt", "-le", "-gt", "-ge" };
	for (size_t i = 0; i < ARRAY_SIZE(nops); i++) {
		if (strcmp(op, nops[i]))
			continue;
		int64_t x, y;
		if (!is_int(a, &x)) {
			it_err(it, "%s: integer expression expected", a);
			return -EINVAL;
		}
		if (!is_int(b, &y)) {
			it_err(it, "%s: integer expression expected", b);
			return -EINVAL;
		}
		switch (i) {
		case 0: *ret = x == y; break;
		case 1: *ret = x != y; break;
		case 2: *ret = x < y; break;
		case 3: *ret = x <= y; break;
		case 4: *ret = x > y; break;
		default: *ret = x >= y; break;
		}
		return 0;
	}
	it_err(it, "%s: binary operator expected", op);
	return -EINVAL;
}

static bool
is_binop(const char *s)
{
	static const char *const ops[] = { "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le",
					   "-gt", "-ge", "-nt", "-ot", "-ef" };
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strcmp(s, ops[i]))
			return true;
	return false;
}

static bool
is_unop(const char *s)
{
	return s[0] == '-' && s[1] && !s[2] && strchr("abcdefghkLnoprsStuvwxzGNOR", s[1]);
}

/* test's recursive grammar: expr := or; or := and (-o and)*; ... */
struct tx {
	struct interp *it;
	char **a;
	int n, i;
	int err;
	unsigned depth; /* ! and ( nesting, bounded */
};

static bool t_or(struct tx *t);

static bool
t_prim(struct tx *t)
{
	if (t->i >= t->n) {
		t->err = 1;
		return false;
	}
	const char *s = t->a[t->i];
	if ((!strcmp(s, "!") || !strcmp(s, "(")) && ++t->depth > 1000) {
		it_err(t->it, "test: expression nested too deeply");
		t->err = 1;
		return false;
	}
	if (!strcmp(s, "!")) {
		t->i++;
		bool v = !t_prim(t);
		t->depth--;
		return v;
	}
	if (!strcmp(s, "(")) {
		t->i++;
		bool v = t_or(t);
		t->depth--;
		if (t->i >= t->n || strcmp(t->a[t->i], ")")) {
			it_err(t->it, "test: `)' expected");
			t->err = 1;
			return false;
		}
		t->i++;
		return v;
	}
	if (t->i + 2 < t->n && is_binop(t->a[t->i + 1])) {
		bool r = false;
		if (binary_test(t->it, s, t->a[t->i + 1], t->a[t->i + 2], &r) < 0)
			t->err = 1;
		t->i += 3;
		return r;
	}
	if (is_unop(s) && t->i + 1 < t->n) {
		bool r = false;
		if (unary_test(t->it, s, t->a[t->i + 1], &r) < 0)
			t->err = 1;
		t->i += 2;
		return r;
	}
	t->i++;
	return *s != 0;
}

static bool
t_and(struct tx *t)
{
	bool v = t_prim(t);
	while (t->i < t->n && !strcmp(t->a[t->i], "-a")) {
		t->i++;
		bool w = t_prim(t);
		v = v && w;
	}
	return v;
}

static bool
t_or(struct tx *t)
{
	bool v = t_and(t);
	while (t->i < t->n && !strcmp(t->a[t->i], "-o")) {
		t->i++;
		bool w = t_and(t);
		v = v || w;
	}
	return v;
}

static int
test_n(struct interp *it, char **a, int n)
{
	bool r = false;
	switch (n) {
	case 0:
		return 1;
	case 1:
		return a[0][0] ? 0 : 1;
	case 2:
		if (!strcmp(a[0], "!"))
			return a[1][0] ? 1 : 0;
		if (is_unop(a[0])) {
			if (unary_test(it, a[0], a[1], &r) < 0)
				return 2;
			return r ? 0 : 1;
		}
		it_err(it, "test: %s: unary operator expected", a[0]);
		return 2;
	case 3:
		if (is_binop(a[1])) {
			if (binary_test(it, a[0], a[1], a[2], &r) < 0)
				return 2;
			return r ? 0 : 1;
		}
		if (!strcmp(a[1], "-a") || !strcmp(a[1], "-o")) {
			bool x = a[0][0], y = a[2][0];
			return (a[1][1] == 'a' ? x && y : x || y) ? 0 : 1;
		}
		if (!strcmp(a[0], "!")) {
			int s = test_n(it, a + 1, 2);
			return s == 2 ? 2 : !s;
		}
		if (!strcmp(a[0], "(") && !strcmp(a[2], ")"))
			return a[1][0] ? 0 : 1;
		it_err(it, "test: %s: binary operator expected", a[1]);
		return 2;
	case 4:
		if (!strcmp(a[0], "!")) {
			int s = test_n(it, a + 1, 3);
			return s == 2 ? 2 : !s;
		}
		if (!strcmp(a[0], "(") && !strcmp(a[3], ")"))
			return test_n(it, a + 1, 2);
		break;
	default:
		break;
	}
	struct tx t = { .it = it, .a = a, .n = n };
	bool v = t_or(&t);
	if (t.err || t.i != t.n) {
		if (!t.err)
			it_err(it, "test: too many arguments");
		return 2;
	}
	return v ? 0 : 1;
}

int
cond_eval_test(struct interp *it, int argc, char **argv)
{
	return test_n(it, argv, argc);
}

static int
bi_test(struct interp *it, int argc, char **argv)
{
	if (!strcmp(argv[0], "[")) {
		if (strcmp(argv[argc - 1], "]")) {
			it_err(it, "[: missing `]'");
			return 2;
		}
		argc--;
	}
	return test_n(it, argv + 1, argc - 1);
}

int bi_regex(struct interp *it, const char *s, const char *pat, bool *ret);
int
bi_regex(struct interp *it, const char *s, const char *pat, bool *ret)
{
	/* The pattern reached us in pattern form: quoted characters are
	 * backslash-escaped, which in an ERE makes them literal too, except
	 * for escapes of ordinary characters, which we strip. */
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	for (const char *p = pat; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			if (isalnum((unsigned char)*p) || (unsigned char)*p >= 0x80 || *p == ' ' ||
			    *p == '/' || *p == '-' || *p == '_' || *p == '<' || *p == '>')
				sb_addc(&b, *p);
			else {
				sb_addc(&b, '\\');
				sb_addc(&b, *p);
			}
			continue;
		}
		sb_addc(&b, *p);
	}
	regex_t re;
	int flags = REG_EXTENDED | (it->o.nocasematch ? REG_ICASE : 0);
	if (regcomp(&re, b.d, flags) != 0) {
		it_err(it, "%s: invalid regular expression", pat);
		return -EINVAL;
	}
	regmatch_t m[32];
	int r = regexec(&re, s, ARRAY_SIZE(m), m, 0);
	struct var *v = var_declare(it, "BASH_REMATCH", false);
	var_clear_array(v);
	free(v->val);
	v->val = NULL;
	v->flags = V_ARRAY | V_SET;
	if (r == 0) {
		for (size_t i = 0; i < ARRAY_SIZE(m) && i <= re.re_nsub; i++) {
			if (m[i].rm_so < 0) {
				arr_set_idx(v, (int64_t)i, "");
				continue;
			}
			char *g = arena_strndup(it->tmp, s + m[i].rm_so, (size_t)(m[i].rm_eo - m[i].rm_so));
			arr_set_idx(v, (int64_t)i, g);
		}
	}
	regfree(&re);
	*ret = r == 0;
	return 0;
}

/* ---- variables: declare export readonly local unset ----------------------- */

static void
print_var(struct interp *it, struct sbuf *b, struct var *v)
{
	char flags[16];
	size_t k = 0;
	if (v->flags & V_ARRAY)
		flags[k++] = 'a';
	if (v->flags & V_ASSOC)
		flags[k++] = 'A';
	if (v->flags & V_INTEGER)
		flags[k++] = 'i';
	if (v->flags & V_LOWER)
		flags[k++] = 'l';
	if (v->flags & V_READONLY)
		flags[k++] = 'r';
	if (v->flags & V_UPPER)
		flags[k++] = 'u';
	if (v->flags & V_EXPORT)
		flags[k++] = 'x';
	flags[k] = '\0';
	sb_printf(b, "declare -%s %s", k ? flags : "-", v->name);
	if (!(v->flags & V_SET)) {
		sb_addc(b, '\n');
		return;
	}
	if (v->flags & (V_ARRAY | V_ASSOC)) {
		sb_adds(b, "=(");
		for (size_t i = 0; i < v->arr.n; i++) {
			if (v->flags & V_ASSOC)
				sb_printf(b, "[%s]=", v->arr.e[i].key);
			else
				sb_printf(b, "[%" PRId64 "]=", v->arr.e[i].idx);
			char *q = arena_printf(it->tmp, "\"%s\"", v->arr.e[i].val);
			sb_adds(b, q);
			sb_addc(b, ' ');
		}
		if (v->flags & V_ASSOC || 1) {
			if (v->arr.n && !(v->flags & V_ASSOC))
				b->n--, b->d[b->n] = '\0';
		}
		sb_adds(b, ")\n");
		return;
	}
	struct sbuf q;
	sb_init(&q, it->tmp);
	sb_addc(&q, '"');
	for (const char *p = v->val; *p; p++) {
		if (strchr("\"\\$`", *p))
			sb_addc(&q, '\\');
		sb_addc(&q, *p);
	}
	sb_addc(&q, '"');
	sb_printf(b, "=%s\n", q.d);
}

static int
cmp_var(const void *a, const void *b)
{
	return strcmp((*(struct var *const *)a)->name, (*(struct var *const *)b)->name);
}

static struct var **
sorted_vars(struct interp *it, size_t *n)
{
	struct var **v = arena_alloc(it->tmp, (it->vars.cap + 1) * sizeof(*v));
	size_t k = 0;
	for (size_t i = 0; i < it->vars.cap; i++)
		if (it->vars.slot[i] && (it->vars.slot[i]->flags & (V_SET | V_EXPORT | V_READONLY |
								    V_ARRAY | V_ASSOC | V_INTEGER)))
			v[k++] = it->vars.slot[i];
	qsort(v, k, sizeof(*v), cmp_var);
	*n = k;
	return v;
}

enum { DECL_DECLARE, DECL_LOCAL, DECL_EXPORT, DECL_READONLY };

static int
declare_common(struct interp *it, int argc, char **argv, int kind)
{
	unsigned set = 0, clear = 0;
	bool print = false, funcs = false, func_names = false, global = false, unexport = false;
	int i = 1;
	if (kind == DECL_EXPORT)
		set |= V_EXPORT;
	if (kind == DECL_READONLY)
		set |= V_READONLY;
	if (kind == DECL_LOCAL && it->func_depth == 0) {
		it_err(it, "local: can only be used in a function");
		return 1;
	}
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if ((a[0] != '-' && a[0] != '+') || !a[1] || decl_lookup(it, a))
			break;
		bool on = a[0] == '-';
		for (const char *p = a + 1; *p; p++) {
			unsigned f = 0;
			switch (*p) {
			case 'a': f = V_ARRAY; break;
			case 'A': f = V_ASSOC; break;
			case 'i': f = V_INTEGER; break;
			case 'l': f = V_LOWER; break;
			case 'u': f = V_UPPER; break;
			case 'x': f = V_EXPORT; break;
			case 'r': f = V_READONLY; break;
			case 'p': print = true; break;
			case 'f': funcs = true; break;
			case 'F': func_names = true; break;
			case 'g': global = true; break;
			case 'n':
				if (kind == DECL_EXPORT) {
					unexport = true;
					break;
				}
				it_err(it, "%s: -n: namerefs are unsupported", argv[0]);
				return unsupported(it);
			case 't':
				break;
			default:
				it_err(it, "%s: -%c: invalid option", argv[0], *p);
				return 2;
			}
			if (on)
				set |= f;
			else
				clear |= f;
		}
	}
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	if (funcs || func_names) {
		int st = 0;
		for (int k = i; k < argc; k++)
			if (!func_find(it, argv[k]))
				st = 1;
			else if (func_names)
				sb_printf(&b, "%s\n", argv[k]);
			else {
				struct buf pb = BUF_INIT(1u << 24);
				const struct func *f = func_find(it, argv[k]);
				sb_printf(&b, "%s () \n", f->name);
				if (sh_print(f->body, &pb) >= 0)
					sb_add(&b, pb.data, pb.len);
				buf_done(&pb);
				sb_addc(&b, '\n');
			}
		if (i == argc)
			for (struct func *f = it->funcs; f; f = f->next)
				sb_printf(&b, "declare -f %s\n", f->name);
		out(&b);
		return st;
	}
	if (print || (i == argc && !set && !clear) || (i == argc && kind != DECL_DECLARE && kind != DECL_LOCAL)) {
		int st = 0;
		if (i == argc) {
			size_t n;
			struct var **vs = sorted_vars(it, &n);
			for (size_t k = 0; k < n; k++) {
				if ((kind == DECL_EXPORT && !(vs[k]->flags & V_EXPORT)) ||
				    (kind == DECL_READONLY && !(vs[k]->flags & V_READONLY)))
					continue;
				if (set && kind == DECL_DECLARE && (vs[k]->flags & set) != set)
					continue;
				print_var(it, &b, vs[k]);
			}
		} else {
			for (int k = i; k < argc; k++) {
				struct var *v = var_lookup(it, argv[k]);
				if (!v || !(v->flags & (V_SET | V_EXPORT | V_READONLY | V_ARRAY | V_ASSOC))) {
					it_err(it, "declare: %s: not found", argv[k]);
					st = 1;
					continue;
				}
				print_var(it, &b, v);
			}
		}
		out(&b);
		return st;
	}
	int st = 0;
	bool local = kind == DECL_LOCAL || (kind == DECL_DECLARE && it->func_depth > 0 && !global);
	for (; i < argc; i++) {
		const char *a = argv[i];
		const struct sh_assign *as = decl_lookup(it, a);
		char *name;
		const char *eq = NULL;
		if (as) {
			name = (char *)as->name;
		} else {
			eq = strchr(a, '=');
			const char *end = eq ? eq : a + strlen(a);
			const char *br = memchr(a, '[', (size_t)(end - a));
			size_t nl = (size_t)((br ? br : end) - a);
			if (eq && eq > a && eq[-1] == '+' && !br)
				nl--;
			name = arena_strndup(it->tmp, a, nl);
			if (!valid_name(name)) {
				it_err(it, "%s: `%s': not a valid identifier", argv[0], a);
				st = 1;
				continue;
			}
		}
		if (kind == DECL_EXPORT && unexport) {
			struct var *v = var_lookup(it, name);
			if (v)
				v->flags &= ~V_EXPORT;
			continue;
		}
		/* local a=(x "${a[@]}") reads the variable it is about to hide */
		struct elem_val *ev = NULL;
		size_t nev = 0;
		if (as && as->is_array) {
			struct var *old = var_lookup(it, name);
			bool assoc = (set & V_ASSOC) || (old && (old->flags & V_ASSOC) &&
							  (!local || old->scope == it->func_depth));
			if (array_expand(it, as, assoc, &ev, &nev) < 0) {
				st = 1;
				continue;
			}
		}
		struct var *v = local ? var_declare(it, name, true) : var_declare(it, name, false);
		if ((v->flags & V_READONLY) && (eq || as)) {
			it_err(it, "%s: readonly variable", name);
			st = 1;
			continue;
		}
		if ((set & V_ASSOC) && (v->flags & V_ARRAY)) {
			it_err(it, "%s: %s: cannot convert indexed to associative array", argv[0], name);
			st = 1;
			continue;
		}
		if (set & V_ASSOC)
			var_make_array(v, true);
		else if (set & V_ARRAY)
			var_make_array(v, false);
		v->flags |= set & ~(V_READONLY | V_ARRAY | V_ASSOC);
		v->flags &= ~(clear & (V_EXPORT | V_INTEGER | V_LOWER | V_UPPER));
		if (set & V_LOWER)
			v->flags &= ~V_UPPER;
		if (set & V_UPPER)
			v->flags &= ~V_LOWER;
		int r = 0;
		if (as && as->is_array) {
			if (v->flags & V_READONLY) {
				it_err(it, "%s: readonly variable", name);
				r = -EPERM;
			} else {
				r = array_apply(it, as, v, ev, nev);
			}
		} else if (as) {
			r = assign_to(it, as, v);
		} else if (eq) {
			const char *br = strchr(a, '[');
			bool append = eq > a && eq[-1] == '+';
			if (br && br < eq) {
				const char *close = append ? eq - 2 : eq - 1;
				char *key = arena_strndup(it->tmp, br + 1, (size_t)(close - br - 1));
				r = var_set_elem(it, name, key, eq + 1, append);
			} else if (eq[1] == '(' && eq[strlen(eq) - 1] == ')') {
				/* declare "a=(1 2)" from an expansion: parse it as bash does */
				char *src = arena_printf(it->tmp, "%s%s=%s", name, append ? "+" : "", eq + 1);
				struct arena *pa = arena_new(1u << 20);
				struct sh_node *tree = NULL;
				struct sh_error err;
				if (pa && sh_parse(pa, src, strlen(src), NULL, &tree, &err) >= 0 && tree &&
				    tree->kind == SH_NODE_SIMPLE && tree->u.simple.assigns &&
				    !tree->u.simple.n_words)
					r = assign_to(it, tree->u.simple.assigns, v);
				else
					r = var_assign_value(it, v, eq + 1, append);
				arena_free(pa);
			} else {
				r = var_assign_value(it, v, eq + 1, append);
			}
		} else if (!(v->flags & V_SET) && kind == DECL_LOCAL) {
			/* `local x` leaves x unset but declared */
		}
		if (r < 0)
			st = 1;
		v->flags |= set & V_READONLY;
		if (it->o.allexport && eq)
			v->flags |= V_EXPORT;
	}
	return st;
}

static int
bi_declare(struct interp *it, int argc, char **argv)
{
	return declare_common(it, argc, argv, DECL_DECLARE);
}

static int
bi_local(struct interp *it, int argc, char **argv)
{
	return declare_common(it, argc, argv, DECL_LOCAL);
}

static int
bi_export(struct interp *it, int argc, char **argv)
{
	return declare_common(it, argc, argv, DECL_EXPORT);
}

static int
bi_readonly(struct interp *it, int argc, char **argv)
{
	return declare_common(it, argc, argv, DECL_READONLY);
}

static int
bi_unset(struct interp *it, int argc, char **argv)
{
	bool vars = true, fns = false;
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (!strcmp(argv[i], "-f")) {
			fns = true;
			vars = false;
		} else if (!strcmp(argv[i], "-v")) {
			vars = true;
			fns = false;
		} else if (!strcmp(argv[i], "-n")) {
			it_err(it, "unset: -n: namerefs are unsupported");
			return unsupported(it);
		} else {
			it_err(it, "unset: %s: invalid option", argv[i]);
			return 2;
		}
	}
	int st = 0;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (fns) {
			func_unset(it, a);
			continue;
		}
		const char *br = strchr(a, '[');
		if (br && a[strlen(a) - 1] == ']') {
			char *name = arena_strndup(it->tmp, a, (size_t)(br - a));
			char *key = arena_strndup(it->tmp, br + 1, strlen(br + 1) - 1);
			if (!valid_name(name)) {
				it_err(it, "unset: `%s': not a valid identifier", a);
				st = 1;
				continue;
			}
			struct var *uv = var_lookup(it, name);
			if (!(uv && (uv->flags & V_ASSOC)) && expand_arith_text(it, key, &key) < 0) {
				st = 1;
				continue;
			}
			if (!strcmp(key, "@") || !strcmp(key, "*")) {
				if (var_unset(it, name) < 0)
					st = 1;
			} else if (var_unset_elem(it, name, key) < 0) {
				st = 1;
			}
			continue;
		}
		if (!valid_name(a)) {
			it_err(it, "unset: `%s': not a valid identifier", a);
			st = 1;
			continue;
		}
		if (!strcmp(a, "PATH")) {
			it_refuse(it, "unset PATH: PATH is held to its starting value (with no PATH, "
				      "commands would be looked up in the current directory). Fix: "
				      "leave PATH set");
			return INTERP_STATUS_REFUSED;
		}
		struct var *v = var_lookup(it, a);
		if (vars && v && (v->flags & V_SET)) {
			if (var_unset(it, a) < 0)
				st = 1;
		} else if (!v || !(v->flags & V_SET)) {
			if (vars && v && (v->flags & V_READONLY)) {
				it_err(it, "unset: %s: cannot unset: readonly variable", a);
				st = 1;
			} else if (!v || !(v->flags & V_SET))
				func_unset(it, a);
		}
	}
	return st;
}

/* ---- set shopt shift ------------------------------------------------------ */

struct optname {
	const char *name;
	char letter;
	size_t off;
};

#define OPT(n, l, f) { n, l, offsetof(struct opts, f) }
static const struct optname set_opts[] = {
	OPT("errexit", 'e', errexit),   OPT("nounset", 'u', nounset),
	OPT("xtrace", 'x', xtrace),     OPT("noglob", 'f', noglob),
	OPT("pipefail", 0, pipefail),   OPT("noclobber", 'C', noclobber),
	OPT("allexport", 'a', allexport), OPT("noexec", 'n', noexec),
	OPT("errtrace", 'E', errtrace),
};
static const struct optname shopt_opts[] = {
	OPT("extglob", 0, extglob),       OPT("nullglob", 0, nullglob),
	OPT("failglob", 0, failglob),     OPT("dotglob", 0, dotglob),
	OPT("globstar", 0, globstar),     OPT("nocaseglob", 0, nocaseglob),
	OPT("nocasematch", 0, nocasematch), OPT("lastpipe", 0, lastpipe),
	OPT("expand_aliases", 0, expand_aliases), OPT("inherit_errexit", 0, inherit_errexit),
};
#undef OPT

/* Options that are accepted and have no effect in a non-interactive
 * shell, or match what we always do. */
static const char *const shopt_inert[] = {
	"checkwinsize", "histappend", "cmdhist", "progcomp", "promptvars", "sourcepath",
	"interactive_comments", "hostcomplete", "complete_fullquote", "force_fignore",
	"extquote", "checkhash", "globasciiranges", "patsub_replacement",
	NULL,
};

static bool *
opt_ptr(struct interp *it, const struct optname *o)
{
	return (bool *)((char *)&it->o + o->off);
}

static int
set_one_option(struct interp *it, const char *name, bool on)
{
	for (size_t i = 0; i < ARRAY_SIZE(set_opts); i++)
		if (!strcmp(set_opts[i].name, name)) {
			if (!strcmp(name, "noexec") && on) {
				it_err(it, "set: -o noexec: unsupported");
				return -ENOTSUP;
			}
			*opt_ptr(it, &set_opts[i]) = on;
			return 0;
		}
	/* Options with no effect in a non-interactive shell, or that match what
	 * we always do when on (braceexpand, hashall) */
	static const char *const inert[] = { "interactive-comments", "notify", "emacs", "vi",
					     "history", "ignoreeof", "privileged", "verbose",
					     "braceexpand", "hashall", NULL };
	for (size_t i = 0; inert[i]; i++)
		if (!strcmp(inert[i], name)) {
			if (!on && (!strcmp(name, "braceexpand") || !strcmp(name, "hashall")))
				break;
			return 0;
		}
	static const char *const known[] = { "braceexpand", "hashall", "posix", "monitor",
					     "keyword", "onecmd", "physical", "functrace", NULL };
	for (size_t i = 0; known[i]; i++)
		if (!strcmp(known[i], name)) {
			it_err(it, "set: %co %s: unsupported", on ? '-' : '+', name);
			return -ENOTSUP;
		}
	it_err(it, "set: %s: invalid option name", name);
	return -EINVAL;
}

static int
set_positional(struct interp *it, char **args, int n)
{
	for (size_t i = 0; i < it->n_pos; i++)
		free(it->pos[i]);
	free(it->pos);
	it->pos = xmalloc(((size_t)n + 1) * sizeof(char *));
	for (int i = 0; i < n; i++)
		it->pos[i] = xstrdup(args[i]);
	it->n_pos = (size_t)n;
	return 0;
}

static int
bi_set(struct interp *it, int argc, char **argv)
{
	if (argc == 1) {
		size_t n;
		struct var **vs = sorted_vars(it, &n);
		struct sbuf b;
		sb_init(&b, it->tmp);
		sb_add(&b, "", 0);
		for (size_t k = 0; k < n; k++) {
			struct var *v = vs[k];
			if (!(v->flags & V_SET))
				continue;
			if (v->flags & (V_ARRAY | V_ASSOC)) {
				sb_printf(&b, "%s=(", v->name);
				for (size_t i = 0; i < v->arr.n; i++) {
					if (v->flags & V_ASSOC)
						sb_printf(&b, "%s[%s]=%s", i ? " " : "", v->arr.e[i].key,
							  shell_quote(it->tmp, v->arr.e[i].val));
					else
						sb_printf(&b, "%s[%" PRId64 "]=\"%s\"", i ? " " : "",
							  v->arr.e[i].idx, v->arr.e[i].val);
				}
				sb_adds(&b, ")\n");
			} else {
				const char *val = v->val;
				bool plain = *val && strspn(val, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:,+@%=^") == strlen(val);
				sb_printf(&b, "%s=%s\n", v->name, plain ? val : shell_quote(it->tmp, val));
			}
		}
		out(&b);
		return 0;
	}
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			return set_positional(it, argv + i, argc - i);
		}
		if (!strcmp(a, "-") ) {
			it->o.xtrace = false;
			i++;
			return set_positional(it, argv + i, argc - i);
		}
		if ((a[0] != '-' && a[0] != '+') || !a[1])
			break;
		bool on = a[0] == '-';
		for (const char *p = a + 1; *p; p++) {
			if (*p == 'o') {
				if (i + 1 >= argc) {
					struct sbuf b;
					sb_init(&b, it->tmp);
					sb_add(&b, "", 0);
					for (size_t k = 0; k < ARRAY_SIZE(set_opts); k++) {
						if (on)
							sb_printf(&b, "%-15s\t%s\n", set_opts[k].name,
								  *opt_ptr(it, &set_opts[k]) ? "on" : "off");
						else
							sb_printf(&b, "set %co %s\n",
								  *opt_ptr(it, &set_opts[k]) ? '-' : '+',
								  set_opts[k].name);
					}
					out(&b);
					return 0;
				}
				int r = set_one_option(it, argv[++i], on);
				if (r == -ENOTSUP)
					return unsupported(it);
				if (r < 0)
					return 2;
				continue;
			}
			bool found = false;
			if (*p == 'n') {
				it_err(it, "set: -n: unsupported");
				return unsupported(it);
			}
			for (size_t k = 0; k < ARRAY_SIZE(set_opts); k++)
				if (set_opts[k].letter == *p) {
					*opt_ptr(it, &set_opts[k]) = on;
					found = true;
				}
			/* no effect in a non-interactive shell, or what we always do */
			if (!found && (strchr("hHbv", *p) || (on && *p == 'B')))
				found = true;
			if (!found && strchr("BmPTk", *p)) {
				it_err(it, "set: %c%c: unsupported", a[0], *p);
				return unsupported(it);
			}
			if (!found) {
				it_err(it, "set: %c%c: invalid option", a[0], *p);
				return 2;
			}
		}
	}
	if (i < argc)
		return set_positional(it, argv + i, argc - i);
	return 0;
}

static int
bi_shopt(struct interp *it, int argc, char **argv)
{
	int i = 1;
	int mode = 0; /* 's', 'u', or 0 for print */
	bool quiet = false, seto = false, print = false;
	for (; i < argc && argv[i][0] == '-'; i++) {
		for (const char *p = argv[i] + 1; *p; p++) {
			if (*p == 's' || *p == 'u')
				mode = *p;
			else if (*p == 'q')
				quiet = true;
			else if (*p == 'o')
				seto = true;
			else if (*p == 'p')
				print = true;
			else {
				it_err(it, "shopt: -%c: invalid option", *p);
				return 2;
			}
		}
	}
	int st = 0;
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	if (i == argc && !mode) {
		for (size_t k = 0; k < ARRAY_SIZE(shopt_opts); k++) {
			bool on = *opt_ptr(it, &shopt_opts[k]);
			if (print)
				sb_printf(&b, "shopt %s %s\n", on ? "-s" : "-u", shopt_opts[k].name);
			else
				sb_printf(&b, "%-15s\t%s\n", shopt_opts[k].name, on ? "on" : "off");
		}
		out(&b);
		return 0;
	}
	for (; i < argc; i++) {
		const char *n = argv[i];
		if (seto) {
			if (mode) {
				int r = set_one_option(it, n, mode == 's');
				if (r == -ENOTSUP)
					return unsupported(it);
				if (r < 0)
					st = 1;
			} else {
				bool found = false;
				for (size_t k = 0; k < ARRAY_SIZE(set_opts); k++)
					if (!strcmp(set_opts[k].name, n)) {
						found = true;
						if (!*opt_ptr(it, &set_opts[k]))
							st = 1;
					}
				if (!found)
					st = 1;
			}
			continue;
		}
		bool found = false;
		for (size_t k = 0; k < ARRAY_SIZE(shopt_opts); k++) {
			if (strcmp(shopt_opts[k].name, n))
				continue;
			found = true;
			bool *p = opt_ptr(it, &shopt_opts[k]);
			if (!strcmp(n, "expand_aliases") && mode == 's') {
				it_err(it, "shopt: expand_aliases: aliases are unsupported");
				return unsupported(it);
			}
			if (mode)
				*p = mode == 's';
			else {
				if (!quiet)
				{
					if (print)
						sb_printf(&b, "shopt %s %s\n", *p ? "-s" : "-u", n);
					else
						sb_printf(&b, "%-15s\t%s\n", n, *p ? "on" : "off");
				}
				if (!*p)
					st = 1;
			}
		}
		for (size_t k = 0; !found && shopt_inert[k]; k++)
			if (!strcmp(shopt_inert[k], n))
				found = true;
		if (!found) {
			it_err(it, "shopt: %s: invalid shell option name", n);
			st = 1;
		}
	}
	out(&b);
	return st;
}

static int
bi_shift(struct interp *it, int argc, char **argv)
{
	int64_t n = 1;
	if (argc > 1 && arith_eval(it, argv[1], &n) < 0)
		return 1;
	if (n < 0 || (size_t)n > it->n_pos) {
		if (n < 0)
			it_err(it, "shift: %s: shift count out of range", argv[1]);
		return 1;
	}
	for (size_t i = 0; i < (size_t)n; i++)
		free(it->pos[i]);
	memmove(it->pos, it->pos + n, (it->n_pos - (size_t)n) * sizeof(char *));
	it->n_pos -= (size_t)n;
	return 0;
}

/* ---- read mapfile ---------------------------------------------------------- */

/* Read one byte; 1 on success, 0 at EOF, -ETIMEDOUT, or -errno. */
static int
read_byte(int fd, char *c, int64_t deadline_ms)
{
	for (;;) {
		if (deadline_ms >= 0) {
			struct timespec ts;
			clock_gettime(CLOCK_MONOTONIC, &ts);
			int64_t now = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
			int64_t left = deadline_ms - now;
			if (left < 0)
				left = 0;
			struct pollfd p = { .fd = fd, .events = POLLIN };
			int pr = poll(&p, 1, (int)left);
			if (pr == 0)
				return -ETIMEDOUT;
			if (pr < 0 && errno != EINTR)
				return -errno;
		}
		ssize_t n = read(fd, c, 1);
		if (n == 1)
			return 1;
		if (n == 0)
			return 0;
		if (errno != EINTR)
			return -errno;
	}
}

static int
bi_read(struct interp *it, int argc, char **argv)
{
	bool raw = false;
	const char *arr = NULL, *prompt = NULL;
	char delim = '\n';
	int64_t nchars = -1;
	bool exact = false;
	int fd = 0;
	int64_t deadline = -1;
	int i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (const char *p = argv[i] + 1; *p; p++) {
			char o = *p;
			if (o == 'r') {
				raw = true;
				continue;
			}
			if (o == 's' || o == 'e')
				continue;
			if (!strchr("adnNptu", o)) {
				it_err(it, "read: -%c: invalid option", o);
				return 2;
			}
			const char *val = p[1] ? p + 1 : (i + 1 < argc ? argv[++i] : NULL);
			if (!val) {
				it_err(it, "read: -%c: option requires an argument", o);
				return 2;
			}
			switch (o) {
			case 'a': arr = val; break;
			case 'd': delim = val[0]; break;
			case 'n': nchars = strtoll(val, NULL, 10); break;
			case 'N': nchars = strtoll(val, NULL, 10); exact = true; break;
			case 'p': prompt = val; break;
			case 't': {
				double t = strtod(val, NULL);
				struct timespec ts;
				clock_gettime(CLOCK_MONOTONIC, &ts);
				deadline = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000 + (int64_t)(t * 1000);
				break;
			}
			case 'u': fd = atoi(val); break;
			default: break;
			}
			break;
		}
	}
	if (prompt && isatty(fd))
		it_printf_fd(2, "%s", prompt);
	struct sbuf line, esc;
	sb_init(&line, it->tmp);
	sb_init(&esc, it->tmp); /* per byte: 1 when backslash-escaped */
	sb_add(&line, "", 0);
	sb_add(&esc, "", 0);
	int st = 0;
	int64_t got = 0;
	for (;;) {
		if (nchars >= 0 && got >= nchars)
			break;
		char c;
		int r = read_byte(fd, &c, deadline);
		if (r == -ETIMEDOUT) {
			st = 142;
			break;
		}
		if (r <= 0) {
			st = 1;
			if (r < 0 && r != -EBADF)
				it_err(it, "read: read error: %s", strerror(-r));
			else if (r == -EBADF)
				it_err(it, "read: %d: invalid file descriptor: Bad file descriptor", fd);
			break;
		}
		if (!exact && c == delim)
			break;
		if (!raw && c == '\\') {
			r = read_byte(fd, &c, deadline);
			if (r <= 0) {
				st = 1;
				break;
			}
			if (c == '\n')
				continue; /* line continuation */
			sb_addc(&line, c);
			sb_addc(&esc, 1);
			got++;
			continue;
		}
		if (c == '\0')
			continue;
		sb_addc(&line, c);
		sb_addc(&esc, 0);
		got++;
	}
	/* split on IFS */
	const char *ifs = var_get(it, "IFS");
	if (!ifs)
		ifs = " \t\n";
	bool is_ws[256] = { 0 }, is_ifs[256] = { 0 };
	for (const char *p = ifs; *p; p++) {
		is_ifs[(unsigned char)*p] = true;
		if (*p == ' ' || *p == '\t' || *p == '\n')
			is_ws[(unsigned char)*p] = true;
	}
	char **names = argv + i;
	int nn = argc - i;
	static char *reply[] = { "REPLY", NULL };
	if (!arr && nn == 0) {
		names = reply;
		nn = 1;
		/* REPLY gets the line as read, without splitting or trimming */
		if (var_set(it, "REPLY", line.d, false) < 0)
			return 1;
		return st;
	}
	for (int k = 0; k < nn; k++)
		if (!valid_name(names[k])) {
			it_err(it, "read: `%s': not a valid identifier", names[k]);
			return 2;
		}
	const char *s = line.d, *e = esc.d;
	size_t n = line.n, pos = 0;
	struct svec fields;
	sv_init(&fields, it->tmp);
	/* skip leading IFS whitespace */
	while (pos < n && !e[pos] && is_ws[(unsigned char)s[pos]])
		pos++;
	int want = arr ? INT_MAX : nn;
	while (pos < n && (int)fields.n < want) {
		if ((int)fields.n == want - 1) {
			/* last variable: the rest, minus trailing IFS whitespace */
			size_t end = n;
			while (end > pos && !e[end - 1] && is_ws[(unsigned char)s[end - 1]])
				end--;
			/* a single trailing non-whitespace delimiter is dropped too */
			if (end > pos && !e[end - 1] && is_ifs[(unsigned char)s[end - 1]] &&
			    !is_ws[(unsigned char)s[end - 1]]) {
				size_t k = pos;
				bool other = false;
				for (; k < end - 1; k++)
					if (!e[k] && is_ifs[(unsigned char)s[k]])
						other = true;
				if (!other)
					end--;
			}
			sv_push(&fields, arena_strndup(it->tmp, s + pos, end - pos));
			pos = n;
			break;
		}
		size_t start = pos;
		while (pos < n && (e[pos] || !is_ifs[(unsigned char)s[pos]]))
			pos++;
		sv_push(&fields, arena_strndup(it->tmp, s + start, pos - start));
		/* delimiter: IFS whitespace, at most one non-whitespace IFS char, whitespace */
		while (pos < n && !e[pos] && is_ws[(unsigned char)s[pos]])
			pos++;
		if (pos < n && !e[pos] && is_ifs[(unsigned char)s[pos]] && !is_ws[(unsigned char)s[pos]]) {
			pos++;
			while (pos < n && !e[pos] && is_ws[(unsigned char)s[pos]])
				pos++;
		}
	}
	if (arr) {
		if (!valid_name(arr)) {
			it_err(it, "read: `%s': not a valid identifier", arr);
			return 2;
		}
		struct var *v = var_declare(it, arr, false);
		if (v->flags & V_READONLY) {
			it_err(it, "%s: readonly variable", arr);
			return 1;
		}
		var_clear_array(v);
		free(v->val);
		v->val = NULL;
		v->flags = (v->flags & ~(V_ASSOC)) | V_ARRAY | V_SET;
		for (size_t k = 0; k < fields.n; k++)
			arr_set_idx(v, (int64_t)k, fields.v[k]);
		return st;
	}
	for (int k = 0; k < nn; k++) {
		if (var_set(it, names[k], (size_t)k < fields.n ? fields.v[k] : "", false) < 0)
			return 1;
	}
	return st;
}

static int
bi_mapfile(struct interp *it, int argc, char **argv)
{
	bool strip = false;
	char delim = '\n';
	int64_t count = 0, origin = 0, skip = 0;
	int fd = 0;
	bool keep = false;
	int i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		char o = a[1];
		if (o == 't') {
			strip = true;
			continue;
		}
		const char *val = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
		if (!val || !strchr("dnOsuCc", o)) {
			it_err(it, "%s: %s: invalid option", argv[0], a);
			return 2;
		}
		switch (o) {
		case 'd': delim = val[0]; break;
		case 'n': count = strtoll(val, NULL, 10); break;
		case 'O': origin = strtoll(val, NULL, 10); keep = true; break;
		case 's': skip = strtoll(val, NULL, 10); break;
		case 'u': fd = atoi(val); break;
		default:
			it_err(it, "%s: -%c: unsupported", argv[0], o);
			return 2;
		}
	}
	const char *name = i < argc ? argv[i] : "MAPFILE";
	if (!valid_name(name)) {
		it_err(it, "%s: `%s': not a valid identifier", argv[0], name);
		return 2;
	}
	struct var *v = var_declare(it, name, false);
	if (v->flags & V_READONLY) {
		it_err(it, "%s: readonly variable", name);
		return 1;
	}
	if (!keep) {
		var_clear_array(v);
		free(v->val);
		v->val = NULL;
	}
	v->flags = (v->flags & ~V_ASSOC) | V_ARRAY | V_SET;
	int64_t idx = origin, nread = 0, lines = 0;
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	char buf[4096];
	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0) {
				it_err(it, "%s: %d: invalid file descriptor", argv[0], fd);
				return 1;
			}
			break;
		}
		for (ssize_t k = 0; k < n; k++) {
			if (buf[k] != delim) {
				sb_addc(&b, buf[k]);
				continue;
			}
			if (!strip)
				sb_addc(&b, buf[k]);
			if (lines++ >= skip) {
				arr_set_idx(v, idx++, b.d);
				nread++;
			}
			b.n = 0;
			b.d[0] = '\0';
			if (count && nread >= count)
				return 0;
		}
	}
	if (b.n && lines++ >= skip && !(count && nread >= count))
		arr_set_idx(v, idx++, b.d);
	return 0;
}

/* ---- let eval source ------------------------------------------------------- */

static int
bi_let(struct interp *it, int argc, char **argv)
{
	if (argc < 2) {
		it_err(it, "let: expression expected");
		return 1;
	}
	int64_t v = 0;
	for (int i = 1; i < argc; i++)
		if (arith_eval(it, argv[i], &v) < 0)
			return 1;
	return v ? 0 : 1;
}

static int
bi_eval(struct interp *it, int argc, char **argv)
{
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	for (int i = 1; i < argc; i++) {
		if (i > 1)
			sb_addc(&b, ' ');
		sb_adds(&b, argv[i]);
	}
	if (!b.n)
		return 0;
	return exec_string(it, b.d, b.n, "eval");
}

static int
bi_source(struct interp *it, int argc, char **argv)
{
	if (argc < 2) {
		it_err(it, "%s: filename argument required", argv[0]);
		return 2;
	}
	const char *path = argv[1];
	if (!strchr(path, '/')) {
		/* bash searches PATH for a sourced name, then the current dir */
		char *p = NULL;
		const char *pv = var_get(it, "PATH");
		if (pv) {
			const char *s = pv;
			for (;;) {
				const char *e = strchr(s, ':');
				size_t dl = e ? (size_t)(e - s) : strlen(s);
				char *cand = arena_printf(it->tmp, "%.*s/%s", (int)dl, s, path);
				struct stat st;
				if (dl && cand && stat(cand, &st) == 0 && S_ISREG(st.st_mode)) {
					p = cand;
					break;
				}
				if (!e)
					break;
				s = e + 1;
			}
		}
		if (p)
			path = p;
	}
	return source_file(it, path, argv + 2, (size_t)(argc - 2), false);
}

/* ---- exit return break continue ------------------------------------------- */

static int
num_or(struct interp *it, const char *name, const char *s, int64_t dflt, int64_t *ret)
{
	if (!s) {
		*ret = dflt;
		return 0;
	}
	int64_t v;
	if (!is_int(s, &v)) {
		it_err(it, "%s: %s: numeric argument required", name, s);
		return -EINVAL;
	}
	*ret = v;
	return 0;
}

static int
bi_exit(struct interp *it, int argc, char **argv)
{
	int64_t v;
	if (argc > 2) {
		it_err(it, "exit: too many arguments");
		return 1;
	}
	if (num_or(it, "exit", argc > 1 ? argv[1] : NULL, it->status, &v) < 0)
		v = 2;
	it->flow = FLOW_EXIT;
	it->status = (int)(v & 0xff);
	return it->status;
}

static int
bi_return(struct interp *it, int argc, char **argv)
{
	int64_t v;
	if (it->func_depth == 0 && it->call_depth == 0) {
		it_err(it, "return: can only `return' from a function or sourced script");
		return 1;
	}
	if (num_or(it, "return", argc > 1 ? argv[1] : NULL, it->status, &v) < 0)
		v = 2;
	it->flow = FLOW_RETURN;
	it->status = (int)(v & 0xff);
	return it->status;
}

static int
loop_ctl(struct interp *it, int argc, char **argv, enum flow f)
{
	int64_t n;
	if (num_or(it, argv[0], argc > 1 ? argv[1] : NULL, 1, &n) < 0)
		return 1;
	if (n < 1) {
		it_err(it, "%s: %s: loop count out of range", argv[0], argv[1]);
		return 1;
	}
	if (it->loop_depth == 0)
		return 0; /* bash: silently ignored outside a loop */
	if ((uint64_t)n > it->loop_depth)
		n = it->loop_depth;
	it->flow = f;
	it->flow_n = (unsigned)n;
	return 0;
}

static int
bi_break(struct interp *it, int argc, char **argv)
{
	return loop_ctl(it, argc, argv, FLOW_BREAK);
}

static int
bi_continue(struct interp *it, int argc, char **argv)
{
	return loop_ctl(it, argc, argv, FLOW_CONTINUE);
}

/* ---- trap ----------------------------------------------------------------- */

static int
bi_trap(struct interp *it, int argc, char **argv)
{
	int i = 1;
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	if (i >= argc || !strcmp(argv[i], "-p")) {
		if (it->trap_exit)
			it_printf_fd(1, "trap -- %s EXIT\n", shell_quote(it->tmp, it->trap_exit));
		if (it->trap_err)
			it_printf_fd(1, "trap -- %s ERR\n", shell_quote(it->tmp, it->trap_err));
		for (int sig = 1; sig < 65; sig++)
			if (it->sig_trap[sig])
				it_printf_fd(1, "trap -- %s SIG%s\n", shell_quote(it->tmp, it->sig_trap[sig]),
					     sig_name(sig));
		return 0;
	}
	if (!strcmp(argv[i], "-l")) {
		it_err(it, "trap: -l: unsupported");
		return 2;
	}
	const char *action = argv[i];
	int first = i + 1;
	/* `trap SIG` alone (a single signal name) resets it */
	if (argc - i == 1) {
		action = "-";
		first = i;
	}
	int st = 0;
	for (int k = first; k < argc; k++) {
		const char *s = argv[k];
		char **slot = NULL;
		if (!strcmp(s, "EXIT") || !strcmp(s, "0") || !strcmp(s, "SIGEXIT"))
			slot = &it->trap_exit;
		else if (!strcmp(s, "ERR"))
			slot = &it->trap_err;
		if (!slot) {
			int sig = sig_number(s);
			if (!strcmp(s, "DEBUG") || !strcmp(s, "RETURN")) {
				it_err(it, "trap: %s: unsupported", s);
				st = 1;
				continue;
			}
			if (sig < 0 || signal_trap_set(it, sig, action) < 0) {
				it_err(it, "trap: %s: invalid signal specification", s);
				st = 1;
			}
			continue;
		}
		free(*slot);
		*slot = !strcmp(action, "-") ? NULL : xstrdup(action);
	}
	return st;
}

/* ---- type command builtin hash ---------------------------------------------- */

static const char *const keywords[] = { "if", "then", "else", "elif", "fi", "case", "esac",
					"for", "select", "while", "until", "do", "done", "in",
					"function", "time", "{", "}", "!", "[[", "]]", "coproc", NULL };

static int
describe(struct interp *it, const char *name, char mode, bool all, bool use_funcs, struct sbuf *b)
{
	/* mode: 't' type -t, 'v' command -v, 'V' verbose, 'p' type -p, 'P' -P */
	bool found = false;
	if (mode != 'p' && mode != 'P') {
		for (size_t i = 0; keywords[i]; i++)
			if (!strcmp(keywords[i], name)) {
				found = true;
				if (mode == 't')
					sb_adds(b, "keyword\n");
				else if (mode == 'v')
					sb_printf(b, "%s\n", name);
				else
					sb_printf(b, "%s is a shell keyword\n", name);
				if (!all)
					return 0;
			}
		struct func *f = use_funcs ? func_find(it, name) : NULL;
		if (f) {
			found = true;
			if (mode == 't')
				sb_adds(b, "function\n");
			else if (mode == 'v')
				sb_printf(b, "%s\n", name);
			else {
				struct buf pb = BUF_INIT(1u << 24);
				sb_printf(b, "%s is a function\n%s () \n", name, name);
				if (sh_print(f->body, &pb) >= 0)
					sb_add(b, pb.data, pb.len);
				buf_done(&pb);
				sb_addc(b, '\n');
			}
			if (!all)
				return 0;
		}
		if (builtin_find(name)) {
			found = true;
			if (mode == 't')
				sb_adds(b, "builtin\n");
			else if (mode == 'v')
				sb_printf(b, "%s\n", name);
			else
				sb_printf(b, "%s is a shell builtin\n", name);
			if (!all)
				return 0;
		}
	}
	char *p = path_search(it, name);
	struct stat st;
	if (p && stat(p, &st) == 0) {
		found = true;
		if (mode == 't')
			sb_adds(b, "file\n");
		else if (mode == 'v' || mode == 'p' || mode == 'P')
			sb_printf(b, "%s\n", p);
		else
			sb_printf(b, "%s is %s\n", name, p);
	}
	return found ? 0 : 1;
}

static int
bi_type(struct interp *it, int argc, char **argv)
{
	char mode = 'V';
	bool all = false;
	int i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		for (const char *p = argv[i] + 1; *p; p++) {
			if (*p == 't')
				mode = 't';
			else if (*p == 'p')
				mode = 'p';
			else if (*p == 'P')
				mode = 'P';
			else if (*p == 'a')
				all = true;
			else if (*p == 'f')
				;
			else {
				it_err(it, "type: -%c: invalid option", *p);
				return 2;
			}
		}
	}
	struct sbuf b;
	sb_init(&b, it->tmp);
	sb_add(&b, "", 0);
	int st = 0;
	for (; i < argc; i++)
		if (describe(it, argv[i], mode, all, true, &b) != 0) {
			st = 1;
			if (mode == 'V')
				it_err(it, "type: %s: not found", argv[i]);
		}
	out(&b);
	return st;
}

static int
bi_command(struct interp *it, int argc, char **argv)
{
	int i = 1;
	char mode = 0;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (const char *p = argv[i] + 1; *p; p++) {
			if (*p == 'v' || *p == 'V')
				mode = *p;
			else if (*p == 'p')
				; /* default PATH: we keep PATH at its start value anyway */
			else {
				it_err(it, "command: -%c: invalid option", *p);
				return 2;
			}
		}
	}
	if (i >= argc)
		return 0;
	if (mode) {
		struct sbuf b;
		sb_init(&b, it->tmp);
		sb_add(&b, "", 0);
		int st = 0;
		for (; i < argc; i++)
			if (describe(it, argv[i], mode, false, true, &b) != 0) {
				st = 1;
				if (mode == 'V')
					it_err(it, "command: %s: not found", argv[i]);
			}
		out(&b);
		return st;
	}
	/* the command as written is checked again: `command rm` is `rm` */
	char **av = argv + i;
	size_t ac = (size_t)(argc - i);
	if (it->h.call) {
		char msg[1024] = "";
		if (it->h.call(it->h.ctx, av, ac, msg, sizeof(msg)) < 0) {
			if (!msg[0])
				snprintf(msg, sizeof(msg), "%s: refused by policy", av[0]);
			it_refuse(it, msg);
			return INTERP_STATUS_REFUSED;
		}
	}
	return run_argv(it, av, ac, false);
}

static int
bi_builtin(struct interp *it, int argc, char **argv)
{
	if (argc < 2)
		return 0;
	const struct builtin *b = builtin_find(argv[1]);
	if (!b) {
		it_err(it, "builtin: %s: not a shell builtin", argv[1]);
		return 1;
	}
	if (it->h.call) {
		char msg[1024] = "";
		if (it->h.call(it->h.ctx, argv + 1, (size_t)argc - 1, msg, sizeof(msg)) < 0) {
			if (!msg[0])
				snprintf(msg, sizeof(msg), "%s: refused by policy", argv[1]);
			it_refuse(it, msg);
			return INTERP_STATUS_REFUSED;
		}
	}
	return b->fn(it, argc - 1, argv + 1);
}

static int
bi_hash(struct interp *it, int argc, char **argv)
{
	int st = 0;
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-') {
			if (!strcmp(argv[i], "-r"))
				continue;
			it_err(it, "hash: %s: unsupported option", argv[i]);
			return 2;
		}
		if (!builtin_find(argv[i]) && !path_search(it, argv[i])) {
			it_err(it, "hash: %s: not found", argv[i]);
			st = 1;
		}
	}
	return st;
}

/* ---- getopts ---------------------------------------------------------------- */

static int
bi_getopts(struct interp *it, int argc, char **argv)
{
	if (argc < 3) {
		it_err(it, "getopts: usage: getopts optstring name [arg ...]");
		return 2;
	}
	const char *optstr = argv[1];
	const char *name = argv[2];
	char **args = argc > 3 ? argv + 3 : it->pos;
	size_t nargs = argc > 3 ? (size_t)(argc - 3) : it->n_pos;
	bool silent = optstr[0] == ':';
	if (silent)
		optstr++;
	const char *oi = var_get(it, "OPTIND");
	int64_t oind = oi ? strtoll(oi, NULL, 10) : 1;
	if (oind < 1)
		oind = 1;
	/* position inside a cluster: "<oind>:<offset>" remembered across calls */
	size_t off = 1;
	if (it->getopts_state) {
		int64_t si;
		size_t so;
		if (sscanf(it->getopts_state, "%" SCNd64 ":%zu", &si, &so) == 2 && si == oind)
			off = so;
	}
	char buf[32];
	if ((size_t)oind > nargs || args[oind - 1][0] != '-' || !args[oind - 1][1] ||
	    !strcmp(args[oind - 1], "--")) {
		if ((size_t)oind <= nargs && !strcmp(args[oind - 1], "--"))
			oind++;
		snprintf(buf, sizeof(buf), "%" PRId64, oind);
		var_set(it, "OPTIND", buf, false);
		var_set(it, name, "?", false);
		free(it->getopts_state);
		it->getopts_state = NULL;
		return 1;
	}
	const char *arg = args[oind - 1];
	char c = arg[off];
	const char *spec = c != ':' ? strchr(optstr, c) : NULL;
	off++;
	bool end_of_arg = !arg[off];
	int st = 0;
	if (!spec) {
		if (silent) {
			char o[2] = { c, 0 };
			var_set(it, "OPTARG", o, false);
		} else {
			it_err(it, "illegal option -- %c", c);
			var_unset(it, "OPTARG");
		}
		var_set(it, name, "?", false);
	} else if (spec[1] == ':') {
		if (!end_of_arg) {
			var_set(it, "OPTARG", arg + off, false);
			end_of_arg = true;
		} else if ((size_t)oind < nargs) {
			var_set(it, "OPTARG", args[oind], false);
			oind++;
		} else {
			if (silent) {
				char o[2] = { c, 0 };
				var_set(it, "OPTARG", o, false);
				var_set(it, name, ":", false);
			} else {
				it_err(it, "option requires an argument -- %c", c);
				var_unset(it, "OPTARG");
				var_set(it, name, "?", false);
			}
			oind++;
			snprintf(buf, sizeof(buf), "%" PRId64, oind);
			var_set(it, "OPTIND", buf, false);
			free(it->getopts_state);
			it->getopts_state = NULL;
			return 0;
		}
		char o[2] = { c, 0 };
		var_set(it, name, o, false);
	} else {
		char o[2] = { c, 0 };
		var_set(it, name, o, false);
		var_unset(it, "OPTARG");
	}
	if (end_of_arg) {
		oind++;
		off = 1;
	}
	snprintf(buf, sizeof(buf), "%" PRId64, oind);
	var_set(it, "OPTIND", buf, false);
	free(it->getopts_state);
	char sbuf2[64];
	snprintf(sbuf2, sizeof(sbuf2), "%" PRId64 ":%zu", oind, off);
	it->getopts_state = xstrdup(sbuf2);
	return st;
}

/* ---- wait kill umask exec -------------------------------------------------- */

static int
bi_wait(struct interp *it, int argc, char **argv)
{
	int st = 0;
	int i = 1;
	bool any = false;
	if (i < argc && !strcmp(argv[i], "-n")) {
		any = true;
		i++;
	}
	if (i < argc) {
		for (; i < argc; i++) {
			pid_t pid = (pid_t)strtol(argv[i], NULL, 10);
			struct job **jp = &it->jobs;
			bool found = false;
			for (; *jp; jp = &(*jp)->next)
				if ((*jp)->pid == pid) {
					struct job *j = *jp;
					st = j->status >= 0 ? j->status : it_wait_pid(it, pid);
					*jp = j->next;
					free(j);
					found = true;
					break;
				}
			if (!found) {
				it_err(it, "wait: pid %s is not a child of this shell", argv[i]);
				st = 127;
			}
		}
		return st;
	}
	if (any) {
		if (!it->jobs)
			return 127;
		int ws;
		pid_t p = waitpid(-1, &ws, 0);
		for (struct job **jp = &it->jobs; *jp; jp = &(*jp)->next)
			if ((*jp)->pid == p) {
				struct job *j = *jp;
				*jp = j->next;
				free(j);
				break;
			}
		return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	}
	while (it->jobs) {
		struct job *j = it->jobs;
		it->jobs = j->next;
		(void)it_wait_pid(it, j->pid);
		free(j);
	}
	return 0;
}

static int
bi_kill(struct interp *it, int argc, char **argv)
{
	int sig = SIGTERM;
	int i = 1;
	if (i < argc && !strcmp(argv[i], "-l")) {
		it_err(it, "kill: -l: unsupported");
		return 2;
	}
	if (i < argc && !strcmp(argv[i], "-s") && i + 1 < argc) {
		sig = sig_number(argv[i + 1]);
		i += 2;
	} else if (i < argc && argv[i][0] == '-' && argv[i][1] && strcmp(argv[i], "--")) {
		sig = sig_number(argv[i] + 1);
		i++;
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	if (sig < 0) {
		it_err(it, "kill: invalid signal specification");
		return 1;
	}
	int st = 0;
	for (; i < argc; i++) {
		if (argv[i][0] == '%') {
			it_err(it, "kill: %s: job specs are unsupported", argv[i]);
			st = 1;
			continue;
		}
		char *end;
		long pid = strtol(argv[i], &end, 10);
		if (*end || end == argv[i]) {
			it_err(it, "kill: %s: arguments must be process or job IDs", argv[i]);
			st = 1;
			continue;
		}
		if (kill((pid_t)pid, sig) < 0) {
			it_err(it, "kill: (%ld) - %s", pid, strerror(errno));
			st = 1;
		}
	}
	return st;
}

static int
bi_umask(struct interp *it, int argc, char **argv)
{
	int i = 1;
	bool sym = false, pform = false;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-S"))
			sym = true;
		else if (!strcmp(argv[i], "-p"))
			pform = true;
		else {
			it_err(it, "umask: %s: invalid option", argv[i]);
			return 2;
		}
	}
	if (i >= argc) {
		mode_t m = umask(0);
		umask(m);
		if (sym) {
			mode_t a = ~m & 0777;
			char s[64];
			snprintf(s, sizeof(s), "u=%s%s%s,g=%s%s%s,o=%s%s%s\n", a & 0400 ? "r" : "",
				 a & 0200 ? "w" : "", a & 0100 ? "x" : "", a & 040 ? "r" : "",
				 a & 020 ? "w" : "", a & 010 ? "x" : "", a & 04 ? "r" : "",
				 a & 02 ? "w" : "", a & 01 ? "x" : "");
			it_printf_fd(1, "%s", s);
		} else {
			it_printf_fd(1, "%s%04o\n", pform ? "umask " : "", (unsigned)m);
		}
		return 0;
	}
	char *end;
	long m = strtol(argv[i], &end, 8);
	if (*end || m < 0 || m > 0777) {
		it_err(it, "umask: %s: symbolic modes are unsupported; use octal", argv[i]);
		return 1;
	}
	umask((mode_t)m);
	return 0;
}

static int
bi_exec(struct interp *it, int argc, char **argv)
{
	if (argc < 2)
		return 0; /* redirections were applied permanently by the caller */
	if (it->h.call) {
		/* `exec cmd` runs cmd: check it as itself */
		char msg[1024] = "";
		if (it->h.call(it->h.ctx, argv + 1, (size_t)argc - 1, msg, sizeof(msg)) < 0) {
			if (!msg[0])
				snprintf(msg, sizeof(msg), "%s: refused by policy", argv[1]);
			it_refuse(it, msg);
			return INTERP_STATUS_REFUSED;
		}
	}
	it->exec_last = true;
	int st = run_argv(it, argv + 1, (size_t)argc - 1, false);
	it->flow = FLOW_EXIT;
	it->status = st;
	return st;
}

static int
bi_alias(struct interp *it, int argc, char **argv)
{
	it_err(it, "%s: aliases are unsupported (they would change how later commands "
		   "parse); write a function instead", argv[0]);
	return 1;
}

static int
bi_unsupported(struct interp *it, int argc, char **argv)
{
	it_err(it, "%s: unsupported builtin", argv[0]);
	return unsupported(it);
}

static const struct builtin builtins[] = {
	{ ".", bi_source, true },
	{ ":", bi_true, true },
	{ "[", bi_test, false },
	{ "alias", bi_alias, false },
	{ "bg", bi_unsupported, false },
	{ "bind", bi_unsupported, false },
	{ "break", bi_break, true },
	{ "builtin", bi_builtin, false },
	{ "caller", bi_unsupported, false },
	{ "cd", bi_cd, false },
	{ "command", bi_command, false },
	{ "compgen", bi_unsupported, false },
	{ "complete", bi_unsupported, false },
	{ "continue", bi_continue, true },
	{ "declare", bi_declare, false },
	{ "dirs", bi_unsupported, false },
	{ "disown", bi_unsupported, false },
	{ "echo", bi_echo, false },
	{ "enable", bi_unsupported, false },
	{ "eval", bi_eval, true },
	{ "exec", bi_exec, true },
	{ "exit", bi_exit, true },
	{ "export", bi_export, true },
	{ "false", bi_false, false },
	{ "fc", bi_unsupported, false },
	{ "fg", bi_unsupported, false },
	{ "getopts", bi_getopts, false },
	{ "hash", bi_hash, false },
	{ "history", bi_unsupported, false },
	{ "jobs", bi_unsupported, false },
	{ "kill", bi_kill, false },
	{ "let", bi_let, false },
	{ "local", bi_local, false },
	{ "logout", bi_unsupported, false },
	{ "mapfile", bi_mapfile, false },
	{ "popd", bi_unsupported, false },
	{ "printf", bi_printf, false },
	{ "pushd", bi_unsupported, false },
	{ "pwd", bi_pwd, false },
	{ "read", bi_read, false },
	{ "readarray", bi_mapfile, false },
	{ "readonly", bi_readonly, true },
	{ "return", bi_return, true },
	{ "set", bi_set, true },
	{ "shift", bi_shift, true },
	{ "shopt", bi_shopt, false },
	{ "source", bi_source, true },
	{ "suspend", bi_unsupported, false },
	{ "test", bi_test, false },
	{ "times", bi_unsupported, true },
	{ "trap", bi_trap, true },
	{ "true", bi_true, false },
	{ "type", bi_type, false },
	{ "typeset", bi_declare, false },
	{ "ulimit", bi_unsupported, false },
	{ "umask", bi_umask, false },
	{ "unalias", bi_alias, false },
	{ "unset", bi_unset, true },
	{ "wait", bi_wait, false },
};

const struct builtin *
builtin_find(const char *name)
{
	size_t lo = 0, hi = ARRAY_SIZE(builtins);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(builtins[mid].name, name);
		if (c == 0)
			return &builtins[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
