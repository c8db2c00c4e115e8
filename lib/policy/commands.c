/* SPDX-License-Identifier: MIT */
/*
 * The command table: one entry per command the policy knows, in byte order
 * of the name (looked up by binary search; policy_test checks the order).
 *
 * An entry says what kind of command it is (allowed, a builtin, or blocked as
 * a toolchain, network tool, package manager, shell escape), its options as
 * its own getopt reads them (when declared, the option parser decides which
 * words are values and which are operands), which option values and
 * operands are paths and whether they are read or written, and an optional
 * validator for what the declaration cannot say.
 *
 * A command with CMDF_STRICT has its whole option set declared, so an option
 * we do not know is refused rather than guessed at; the others are read
 * loosely: every word that looks like a path is checked for reading.
 */
#include <string.h>

#include "policy-internal.h"

#define NA OPT_ARG_NONE
#define RQ OPT_ARG_REQUIRED
#define OP OPT_ARG_OPTIONAL

/* Long-only option ids start here. */
enum {
	L_FILE = 256,
	L_EXCLUDE_FROM,
	L_COMPRESS,
	L_FILES0,
	L_RANDOM_SOURCE,
	L_TARGET,
	L_REFERENCE,
	L_IN_PLACE,
	L_OTHER,
};

/* ---- grep ---------------------------------------------------------------- */

static const struct opt_long grep_longs[] = {
	{ "after-context", RQ, 'A' }, { "before-context", RQ, 'B' },
	{ "binary-files", RQ, L_OTHER }, { "basic-regexp", NA, 'G' },
	{ "extended-regexp", NA, 'E' }, { "fixed-regexp", NA, 'F' },
	{ "fixed-strings", NA, 'F' }, { "perl-regexp", NA, 'P' },
	{ "context", RQ, 'C' }, { "color", OP, L_OTHER }, { "colour", OP, L_OTHER },
	{ "count", NA, 'c' }, { "devices", RQ, 'D' }, { "directories", RQ, 'd' },
	{ "dereference-recursive", NA, 'R' }, { "exclude", RQ, L_OTHER },
	{ "exclude-from", RQ, L_EXCLUDE_FROM }, { "exclude-dir", RQ, L_OTHER },
	{ "file", RQ, 'f' }, { "files-with-matches", NA, 'l' },
	{ "files-without-match", NA, 'L' }, { "help", NA, L_OTHER },
	{ "include", RQ, L_OTHER }, { "ignore-case", NA, 'i' },
	{ "no-ignore-case", NA, L_OTHER }, { "initial-tab", NA, 'T' },
	{ "label", RQ, L_OTHER }, { "line-buffered", NA, L_OTHER },
	{ "line-number", NA, 'n' }, { "line-regexp", NA, 'x' },
	{ "max-count", RQ, 'm' }, { "no-filename", NA, 'h' },
	{ "no-group-separator", NA, L_OTHER }, { "group-separator", RQ, L_OTHER },
	{ "no-messages", NA, 's' }, { "null", NA, 'Z' }, { "null-data", NA, 'z' },
	{ "only-matching", NA, 'o' }, { "quiet", NA, 'q' }, { "recursive", NA, 'r' },
	{ "regexp", RQ, 'e' }, { "invert-match", NA, 'v' }, { "silent", NA, 'q' },
	{ "text", NA, 'a' }, { "binary", NA, 'U' }, { "unix-byte-offsets", NA, 'u' },
	{ "version", NA, 'V' }, { "with-filename", NA, 'H' },
	{ "word-regexp", NA, 'w' }, { "byte-offset", NA, 'b' },
	{ NULL, NA, 0 },
};
static const struct opt_decl grep_decl = {
	.shorts = "0123456789A:B:C:D:EFGHIPTUVX:abcd:e:f:hiLlm:noqRrsuvwxyZz",
	.longs = grep_longs,
};
static const struct opt_role grep_roles[] = {
	{ 'f', ROLE_READ }, { L_EXCLUDE_FROM, ROLE_READ }, { 0, ROLE_NONE },
};
static const int grep_patterns[] = { 'e', 'f', 0 };

/* ---- sed ------------------------------------------------------------------ */

static const struct opt_long sed_longs[] = {
	{ "binary", NA, 'b' }, { "regexp-extended", NA, 'E' }, { "debug", NA, L_OTHER },
	{ "in-place", OP, 'i' }, { "line-length", RQ, 'l' }, { "null-data", NA, 'z' },
	{ "zero-terminated", NA, 'z' }, { "quiet", NA, 'n' }, { "posix", NA, L_OTHER },
	{ "silent", NA, 'n' }, { "sandbox", NA, L_OTHER }, { "separate", NA, 's' },
	{ "unbuffered", NA, 'u' }, { "version", NA, L_OTHER }, { "help", NA, L_OTHER },
	{ "follow-symlinks", NA, L_OTHER }, { "expression", RQ, 'e' },
	{ "file", RQ, 'f' }, { NULL, NA, 0 },
};
static const struct opt_decl sed_decl = {
	.shorts = "bsnrzuEe:f:l:i::V:",
	.longs = sed_longs,
};
static const struct opt_role sed_roles[] = { { 'f', ROLE_READ }, { 0, ROLE_NONE } };
static const int sed_patterns[] = { 'e', 'f', 0 };

/* ---- sort ----------------------------------------------------------------- */

static const struct opt_long sort_longs[] = {
	{ "ignore-leading-blanks", NA, 'b' }, { "check", OP, 'c' },
	{ "compress-program", RQ, L_COMPRESS }, { "debug", NA, L_OTHER },
	{ "dictionary-order", NA, 'd' }, { "field-separator", RQ, 't' },
	{ "files0-from", RQ, L_FILES0 }, { "general-numeric-sort", NA, 'g' },
	{ "human-numeric-sort", NA, 'h' }, { "ignore-case", NA, 'f' },
	{ "ignore-nonprinting", NA, 'i' }, { "key", RQ, 'k' }, { "merge", NA, 'm' },
	{ "month-sort", NA, 'M' }, { "numeric-sort", NA, 'n' }, { "output", RQ, 'o' },
	{ "parallel", RQ, L_OTHER }, { "random-sort", NA, 'R' },
	{ "random-source", RQ, L_RANDOM_SOURCE }, { "reverse", NA, 'r' },
	{ "sort", RQ, L_OTHER }, { "stable", NA, 's' }, { "buffer-size", RQ, 'S' },
	{ "temporary-directory", RQ, 'T' }, { "unique", NA, 'u' },
	{ "version-sort", NA, 'V' }, { "zero-terminated", NA, 'z' },
	{ "batch-size", RQ, L_OTHER }, { "help", NA, L_OTHER }, { "version", NA, L_OTHER },
	{ NULL, NA, 0 },
};
static const struct opt_decl sort_decl = {
	.shorts = "bcCdfghik:mMno:rRsS:t:T:uVy:z",
	.longs = sort_longs,
};
static const struct opt_role sort_roles[] = {
	{ 'o', ROLE_WRITE }, { 'T', ROLE_WRITE }, { L_RANDOM_SOURCE, ROLE_READ },
	{ L_FILES0, ROLE_READ }, { 0, ROLE_NONE },
};

/* ---- cp, mv, ln, install ------------------------------------------------------ */

static const struct opt_long cp_longs[] = {
	{ "archive", NA, 'a' }, { "attributes-only", NA, L_OTHER },
	{ "backup", OP, L_OTHER }, { "copy-contents", NA, L_OTHER },
	{ "debug", NA, L_OTHER }, { "dereference", NA, 'L' }, { "force", NA, 'f' },
	{ "interactive", NA, 'i' }, { "link", NA, 'l' }, { "no-clobber", NA, 'n' },
	{ "no-dereference", NA, 'P' }, { "no-preserve", RQ, L_OTHER },
	{ "no-target-directory", NA, 'T' }, { "one-file-system", NA, 'x' },
	{ "parents", NA, L_OTHER }, { "preserve", OP, L_OTHER },
	{ "recursive", NA, 'R' }, { "reflink", OP, L_OTHER },
	{ "remove-destination", NA, L_OTHER }, { "sparse", RQ, L_OTHER },
	{ "strip-trailing-slashes", NA, L_OTHER }, { "suffix", RQ, 'S' },
	{ "symbolic-link", NA, 's' }, { "target-directory", RQ, 't' },
	{ "update", OP, L_OTHER }, { "verbose", NA, 'v' }, { "context", OP, L_OTHER },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl cp_decl = {
	.shorts = "abdfHilLnprst:uvxPRS:TZ",
	.longs = cp_longs,
};
static const struct opt_role target_write_roles[] = { { 't', ROLE_WRITE }, { 0, ROLE_NONE } };

static const struct opt_long mv_longs[] = {
	{ "backup", OP, L_OTHER }, { "context", NA, 'Z' }, { "force", NA, 'f' },
	{ "interactive", NA, 'i' }, { "no-clobber", NA, 'n' }, { "no-copy", NA, L_OTHER },
	{ "no-target-directory", NA, 'T' }, { "strip-trailing-slashes", NA, L_OTHER },
	{ "suffix", RQ, 'S' }, { "target-directory", RQ, 't' }, { "update", OP, L_OTHER },
	{ "verbose", NA, 'v' }, { "exchange", NA, L_OTHER }, { "help", NA, L_OTHER },
	{ "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl mv_decl = { .shorts = "bfint:uvS:TZ", .longs = mv_longs };

static const struct opt_long ln_longs[] = {
	{ "backup", OP, L_OTHER }, { "directory", NA, 'd' }, { "force", NA, 'f' },
	{ "interactive", NA, 'i' }, { "logical", NA, 'L' }, { "no-dereference", NA, 'n' },
	{ "no-target-directory", NA, 'T' }, { "physical", NA, 'P' },
	{ "relative", NA, 'r' }, { "suffix", RQ, 'S' }, { "symbolic", NA, 's' },
	{ "target-directory", RQ, 't' }, { "verbose", NA, 'v' }, { "help", NA, L_OTHER },
	{ "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl ln_decl = { .shorts = "bdfinrst:vFLPS:T", .longs = ln_longs };

/* ---- rm, mkdir, touch, tee, rmdir --------------------------------------------- */

static const struct opt_long rm_longs[] = {
	{ "force", NA, 'f' }, { "interactive", OP, L_OTHER },
	{ "one-file-system", NA, L_OTHER }, { "no-preserve-root", NA, L_OTHER },
	{ "preserve-root", OP, L_OTHER }, { "recursive", NA, 'r' }, { "dir", NA, 'd' },
	{ "verbose", NA, 'v' }, { "help", NA, L_OTHER }, { "version", NA, L_OTHER },
	{ NULL, NA, 0 },
};
static const struct opt_decl rm_decl = { .shorts = "dfirvIR", .longs = rm_longs };

static const struct opt_long mkdir_longs[] = {
	{ "mode", RQ, 'm' }, { "parents", NA, 'p' }, { "verbose", NA, 'v' },
	{ "context", OP, L_OTHER }, { "help", NA, L_OTHER }, { "version", NA, L_OTHER },
	{ NULL, NA, 0 },
};
static const struct opt_decl mkdir_decl = { .shorts = "pm:vZ", .longs = mkdir_longs };

static const struct opt_long touch_longs[] = {
	{ "time", RQ, L_OTHER }, { "no-create", NA, 'c' }, { "date", RQ, 'd' },
	{ "reference", RQ, 'r' }, { "no-dereference", NA, 'h' },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl touch_decl = { .shorts = "acd:fhmr:t:", .longs = touch_longs };
static const struct opt_role touch_roles[] = { { 'r', ROLE_READ }, { 0, ROLE_NONE } };

static const struct opt_long tee_longs[] = {
	{ "append", NA, 'a' }, { "ignore-interrupts", NA, 'i' },
	{ "output-error", OP, L_OTHER }, { "help", NA, L_OTHER },
	{ "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl tee_decl = { .shorts = "aip", .longs = tee_longs };

/* ---- wrappers ------------------------------------------------------------------ */

static const struct opt_long xargs_longs[] = {
	{ "null", NA, '0' }, { "arg-file", RQ, 'a' }, { "delimiter", RQ, 'd' },
	{ "eof", OP, 'e' }, { "replace", OP, 'i' }, { "max-lines", OP, 'l' },
	{ "max-args", RQ, 'n' }, { "interactive", NA, 'p' }, { "max-chars", RQ, 's' },
	{ "verbose", NA, 't' }, { "show-limits", NA, L_OTHER }, { "exit", NA, 'x' },
	{ "max-procs", RQ, 'P' }, { "no-run-if-empty", NA, 'r' },
	{ "process-slot-var", RQ, L_OTHER }, { "open-tty", NA, 'o' },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
/* GNU's options plus BSD's value-taking -J (replace) and -R, -S, -L. */
static const struct opt_decl xargs_decl = {
	.shorts = "0a:E:e::i::I:J:l::L:n:oprs:tP:xd:R:S:",
	.longs = xargs_longs,
};

static const struct opt_long env_longs[] = {
	{ "ignore-environment", NA, 'i' }, { "null", NA, '0' }, { "unset", RQ, 'u' },
	{ "chdir", RQ, 'C' }, { "split-string", RQ, 'S' },
	{ "block-signal", OP, L_OTHER }, { "default-signal", OP, L_OTHER },
	{ "ignore-signal", OP, L_OTHER }, { "list-signal-handling", NA, L_OTHER },
	{ "debug", NA, 'v' }, { "help", NA, L_OTHER }, { "version", NA, L_OTHER },
	{ NULL, NA, 0 },
};
/* GNU's options plus BSD's value-taking -P (altpath) and -L (login class). */
static const struct opt_decl env_decl = { .shorts = "C:iS:u:v0P:L:", .longs = env_longs };

static const struct opt_long timeout_longs[] = {
	{ "foreground", NA, 'f' }, { "kill-after", RQ, 'k' },
	{ "preserve-status", NA, 'p' }, { "signal", RQ, 's' }, { "verbose", NA, 'v' },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl timeout_decl = { .shorts = "fk:ps:v", .longs = timeout_longs };

static const struct opt_long nice_longs[] = {
	{ "adjustment", RQ, 'n' }, { "help", NA, L_OTHER }, { "version", NA, L_OTHER },
	{ NULL, NA, 0 },
};
static const struct opt_decl nice_decl = { .shorts = "n:", .longs = nice_longs };

static const struct opt_long nohup_longs[] = {
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl nohup_decl = { .shorts = "", .longs = nohup_longs };

static const struct opt_long stdbuf_longs[] = {
	{ "input", RQ, 'i' }, { "output", RQ, 'o' }, { "error", RQ, 'e' },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl stdbuf_decl = { .shorts = "i:o:e:", .longs = stdbuf_longs };

static const struct opt_long setsid_longs[] = {
	{ "ctty", NA, 'c' }, { "fork", NA, 'f' }, { "wait", NA, 'w' },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl setsid_decl = { .shorts = "cfw", .longs = setsid_longs };

/* Apple's xcrun runs a developer tool by name. */
static const struct opt_long xcrun_longs[] = {
	{ "sdk", RQ, L_OTHER }, { "toolchain", RQ, L_OTHER }, { "find", NA, 'f' },
	{ "run", NA, 'r' }, { "log", NA, 'l' }, { "verbose", NA, 'v' },
	{ "no-cache", NA, 'n' }, { "kill-cache", NA, 'k' }, { "show-sdk-path", NA, L_OTHER },
	{ "show-sdk-version", NA, L_OTHER }, { "show-sdk-build-version", NA, L_OTHER },
	{ "show-sdk-platform-path", NA, L_OTHER }, { "show-sdk-platform-version", NA, L_OTHER },
	{ "help", NA, 'h' }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl xcrun_decl = { .shorts = "fhklnrv", .longs = xcrun_longs };

/* ---- misc ------------------------------------------------------------------------ */

static const struct opt_long uniq_longs[] = {
	{ "count", NA, 'c' }, { "repeated", NA, 'd' }, { "all-repeated", OP, 'D' },
	{ "skip-fields", RQ, 'f' }, { "group", OP, L_OTHER }, { "ignore-case", NA, 'i' },
	{ "skip-chars", RQ, 's' }, { "unique", NA, 'u' }, { "zero-terminated", NA, 'z' },
	{ "check-chars", RQ, 'w' }, { "help", NA, L_OTHER }, { "version", NA, L_OTHER },
	{ NULL, NA, 0 },
};
static const struct opt_decl uniq_decl = { .shorts = "cdDf:is:uw:z", .longs = uniq_longs };

static const struct opt_long chmod_longs[] = {
	{ "changes", NA, 'c' }, { "no-preserve-root", NA, L_OTHER },
	{ "preserve-root", NA, L_OTHER }, { "quiet", NA, 'f' }, { "silent", NA, 'f' },
	{ "reference", RQ, L_REFERENCE }, { "recursive", NA, 'R' }, { "verbose", NA, 'v' },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
/* chmod also takes modes such as -w as its first operand; those letters are
 * declared as options so that "-w" is not an unknown option. */
static const struct opt_decl chmod_decl = { .shorts = "cfvRrwxXstugoa", .longs = chmod_longs };
static const struct opt_role chmod_roles[] = { { L_REFERENCE, ROLE_READ }, { 0, ROLE_NONE } };

static const struct opt_long awk_longs[] = {
	{ "file", RQ, 'f' }, { "field-separator", RQ, 'F' }, { "assign", RQ, 'v' },
	{ "exec", RQ, 'E' }, { "include", RQ, 'i' }, { "load", RQ, 'l' },
	{ "source", RQ, 'e' }, { "sandbox", NA, 'S' }, { NULL, NA, 0 },
};
static const struct opt_decl awk_decl = {
	.shorts = "F:f:v:W:bcCd::D::e:E:ghi:l:L::nNo::Op::MPrsStVY",
	.longs = awk_longs,
};
static const int awk_patterns[] = { 'f', 'e', 'E', 0 };

/* ---- more writers ------------------------------------------------------------------ */

static const struct opt_long shuf_longs[] = {
	{ "echo", NA, 'e' }, { "input-range", RQ, 'i' }, { "head-count", RQ, 'n' },
	{ "output", RQ, 'o' }, { "random-source", RQ, L_RANDOM_SOURCE },
	{ "repeat", NA, 'r' }, { "zero-terminated", NA, 'z' }, { "help", NA, L_OTHER },
	{ "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl shuf_decl = { .shorts = "ei:n:o:rz", .longs = shuf_longs };
static const struct opt_role shuf_roles[] = {
	{ 'o', ROLE_WRITE }, { L_RANDOM_SOURCE, ROLE_READ }, { 0, ROLE_NONE },
};

static const struct opt_long iconv_longs[] = {
	{ "from-code", RQ, 'f' }, { "to-code", RQ, 't' }, { "list", NA, 'l' },
	{ "output", RQ, 'o' }, { "silent", NA, 's' }, { "verbose", NA, L_OTHER },
	{ "help", NA, L_OTHER }, { "usage", NA, L_OTHER }, { "version", NA, 'V' },
	{ NULL, NA, 0 },
};
static const struct opt_decl iconv_decl = { .shorts = "cf:t:lo:sV", .longs = iconv_longs };
static const struct opt_role o_write_roles[] = { { 'o', ROLE_WRITE }, { 0, ROLE_NONE } };

static const struct opt_long mktemp_longs[] = {
	{ "directory", NA, 'd' }, { "dry-run", NA, 'u' }, { "quiet", NA, 'q' },
	{ "suffix", RQ, L_OTHER }, { "tmpdir", OP, 'p' }, { "help", NA, L_OTHER },
	{ "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl mktemp_decl = { .shorts = "dp:qtu", .longs = mktemp_longs };
static const struct opt_role mktemp_roles[] = { { 'p', ROLE_WRITE }, { 0, ROLE_NONE } };

static const struct opt_long split_longs[] = {
	{ "suffix-length", RQ, 'a' }, { "additional-suffix", RQ, L_OTHER },
	{ "bytes", RQ, 'b' }, { "line-bytes", RQ, 'C' }, { "lines", RQ, 'l' },
	{ "number", RQ, 'n' }, { "numeric-suffixes", OP, 'd' },
	{ "hex-suffixes", OP, 'x' }, { "elide-empty-files", NA, 'e' },
	{ "filter", RQ, L_COMPRESS }, { "separator", RQ, 't' }, { "unbuffered", NA, 'u' },
	{ "verbose", NA, L_OTHER }, { "help", NA, L_OTHER }, { "version", NA, L_OTHER },
	{ NULL, NA, 0 },
};
static const struct opt_decl split_decl = { .shorts = "0123456789C:a:b:del:n:t:ux", .longs = split_longs };

static const struct opt_long csplit_longs[] = {
	{ "suffix-format", RQ, 'b' }, { "prefix", RQ, 'f' }, { "keep-files", NA, 'k' },
	{ "suppress-matched", NA, L_OTHER }, { "digits", RQ, 'n' }, { "quiet", NA, 's' },
	{ "silent", NA, 's' }, { "elide-empty-files", NA, 'z' }, { "help", NA, L_OTHER },
	{ "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl csplit_decl = { .shorts = "b:f:kn:sz", .longs = csplit_longs };
static const struct opt_role csplit_roles[] = { { 'f', ROLE_WRITE }, { 0, ROLE_NONE } };

static const struct opt_long install_longs[] = {
	{ "backup", OP, L_OTHER }, { "compare", NA, 'C' }, { "directory", NA, 'd' },
	{ "group", RQ, 'g' }, { "mode", RQ, 'm' }, { "owner", RQ, 'o' },
	{ "preserve-timestamps", NA, 'p' }, { "strip", NA, 's' },
	{ "strip-program", RQ, L_COMPRESS }, { "suffix", RQ, 'S' },
	{ "target-directory", RQ, 't' }, { "no-target-directory", NA, 'T' },
	{ "verbose", NA, 'v' }, { "preserve-context", NA, L_OTHER }, { "context", OP, 'Z' },
	{ "help", NA, L_OTHER }, { "version", NA, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl install_decl = { .shorts = "bcCsDdg:m:o:pt:TvS:Z", .longs = install_longs };

/* ---- compressors: they replace their operands ------------------------------------- */

static const struct opt_long gzip_longs[] = {
	{ "ascii", NA, 'a' }, { "stdout", NA, 'c' }, { "to-stdout", NA, 'c' },
	{ "decompress", NA, 'd' }, { "uncompress", NA, 'd' }, { "force", NA, 'f' },
	{ "help", NA, 'h' }, { "keep", NA, 'k' }, { "list", NA, 'l' },
	{ "license", NA, 'L' }, { "no-name", NA, 'n' }, { "name", NA, 'N' },
	{ "quiet", NA, 'q' }, { "silent", NA, 'q' }, { "synchronous", NA, L_OTHER },
	{ "recursive", NA, 'r' }, { "rsyncable", NA, L_OTHER }, { "suffix", RQ, 'S' },
	{ "test", NA, 't' }, { "verbose", NA, 'v' }, { "version", NA, 'V' },
	{ "fast", NA, '1' }, { "best", NA, '9' }, { NULL, NA, 0 },
};
static const struct opt_decl gzip_decl = { .shorts = "123456789acdfhklLnNqrS:tvV", .longs = gzip_longs };

static const struct opt_long bzip2_longs[] = {
	{ "stdout", NA, 'c' }, { "decompress", NA, 'd' }, { "compress", NA, 'z' },
	{ "keep", NA, 'k' }, { "force", NA, 'f' }, { "test", NA, 't' },
	{ "verbose", NA, 'v' }, { "quiet", NA, 'q' }, { "small", NA, 's' },
	{ "fast", NA, '1' }, { "best", NA, '9' }, { "help", NA, 'h' },
	{ "version", NA, 'V' }, { "license", NA, 'L' },
	{ "repetitive-fast", NA, L_OTHER }, { "repetitive-best", NA, L_OTHER },
	{ NULL, NA, 0 },
};
static const struct opt_decl bzip2_decl = { .shorts = "123456789cdfhkLqstvVz", .longs = bzip2_longs };

static const struct opt_long xz_longs[] = {
	{ "compress", NA, 'z' }, { "decompress", NA, 'd' }, { "uncompress", NA, 'd' },
	{ "test", NA, 't' }, { "list", NA, 'l' }, { "keep", NA, 'k' }, { "force", NA, 'f' },
	{ "stdout", NA, 'c' }, { "to-stdout", NA, 'c' }, { "single-stream", NA, L_OTHER },
	{ "no-sparse", NA, L_OTHER }, { "suffix", RQ, 'S' }, { "files", OP, L_FILE },
	{ "files0", OP, L_FILES0 }, { "format", RQ, 'F' }, { "check", RQ, 'C' },
	{ "ignore-check", NA, L_OTHER }, { "block-size", RQ, L_OTHER },
	{ "block-list", RQ, L_OTHER }, { "memlimit-compress", RQ, L_OTHER },
	{ "memlimit-decompress", RQ, L_OTHER }, { "memlimit-mt-decompress", RQ, L_OTHER },
	{ "memlimit", RQ, 'M' }, { "memory", RQ, 'M' }, { "no-adjust", NA, L_OTHER },
	{ "threads", RQ, 'T' }, { "extreme", NA, 'e' }, { "fast", NA, '0' },
	{ "best", NA, '9' }, { "lzma1", OP, L_OTHER }, { "lzma2", OP, L_OTHER },
	{ "x86", OP, L_OTHER }, { "arm", OP, L_OTHER }, { "arm64", OP, L_OTHER },
	{ "armthumb", OP, L_OTHER }, { "powerpc", OP, L_OTHER }, { "ia64", OP, L_OTHER },
	{ "sparc", OP, L_OTHER }, { "delta", OP, L_OTHER }, { "quiet", NA, 'q' },
	{ "verbose", NA, 'v' }, { "robot", NA, L_OTHER }, { "info-memory", NA, L_OTHER },
	{ "help", NA, 'h' }, { "long-help", NA, 'H' }, { "version", NA, 'V' },
	{ "flush-timeout", RQ, L_OTHER }, { NULL, NA, 0 },
};
static const struct opt_decl xz_decl = { .shorts = "0123456789cC:defF:hHklM:qQrS:tT:vVz", .longs = xz_longs };

#define COMPRESSOR(n, d) { n, CMD_ALLOWED, &d, NULL, OPS_WRITE, NULL, \
	CMDF_STRICT | CMDF_VALIDATOR_ANY, validate_archive }

/* OpenSSH's ssh(1), which stops at the destination. */
static const struct opt_decl ssh_decl = {
	.shorts = "46AaCfGgKkMNnqsTtVvXxYyB:b:c:D:E:e:F:I:i:J:L:l:m:O:o:P:p:Q:R:S:W:w:",
};

#define ALLOWED(n, o) { n, CMD_ALLOWED, NULL, NULL, o, NULL, 0, NULL }
#define BLOCKED(n, k) { n, k, NULL, NULL, OPS_LOOSE, NULL, 0, NULL }
#define BUILTIN(n) { n, CMD_BUILTIN, NULL, NULL, OPS_NONE, NULL, 0, validate_builtin }
#define BUILTIN_R(n) { n, CMD_BUILTIN, NULL, NULL, OPS_READ, NULL, 0, validate_builtin }
#define WRAPPER(n, d) { n, CMD_ALLOWED, &d, NULL, OPS_NONE, NULL, \
	CMDF_STRICT | CMDF_NO_PERMUTE | CMDF_VALIDATOR_ANY, validate_wrapper }
#define SHELL(n) { n, CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, \
	CMDF_NOT_WRAPPABLE | CMDF_IN_PROCESS | CMDF_VALIDATOR_ANY, validate_shell }

/* In byte order of the name. */
static const struct cmd_spec cmds[] = {
	BUILTIN_R("."),
	BUILTIN(":"),
	BUILTIN("["),
	BUILTIN("alias"),
	BLOCKED("apk", CMD_PKG),
	BLOCKED("apt", CMD_PKG),
	BLOCKED("apt-get", CMD_PKG),
	ALLOWED("arch", OPS_NONE),
	{ "awk", CMD_ALLOWED, &awk_decl, NULL, OPS_PATTERN, awk_patterns,
	  CMDF_NOT_WRAPPABLE | CMDF_IN_PROCESS | CMDF_VALIDATOR_ANY, validate_awk },
	ALLOWED("b2sum", OPS_READ),
	ALLOWED("base32", OPS_READ),
	ALLOWED("base64", OPS_READ),
	ALLOWED("basename", OPS_NONE),
	SHELL("bash"),
	BUILTIN("bg"),
	BUILTIN("bind"),
	BUILTIN("break"),
	BLOCKED("brew", CMD_PKG),
	BUILTIN("builtin"),
	BLOCKED("bun", CMD_TOOLCHAIN),
	BLOCKED("bunx", CMD_TOOLCHAIN),
	COMPRESSOR("bunzip2", bzip2_decl),
	ALLOWED("bzcat", OPS_READ),
	COMPRESSOR("bzip2", bzip2_decl),
	{ "bzless", CMD_ALLOWED, NULL, NULL, OPS_READ, NULL, CMDF_VALIDATOR_ANY, validate_misc },
	ALLOWED("cal", OPS_NONE),
	BLOCKED("cargo", CMD_TOOLCHAIN),
	ALLOWED("cat", OPS_READ),
	BLOCKED("cc", CMD_TOOLCHAIN),

	BUILTIN("cd"),
	ALLOWED("chgrp", OPS_SKIP1_WRITE),
	{ "chmod", CMD_ALLOWED, &chmod_decl, chmod_roles, OPS_SKIP1_WRITE, NULL, 0, NULL },
	ALLOWED("chown", OPS_SKIP1_WRITE),
	ALLOWED("cksum", OPS_READ),
	BLOCKED("clang", CMD_TOOLCHAIN),
	ALLOWED("clear", OPS_NONE),
	ALLOWED("cmp", OPS_READ),
	ALLOWED("column", OPS_READ),
	ALLOWED("comm", OPS_READ),
	BUILTIN("command"),
	BUILTIN("compgen"),
	BUILTIN("complete"),
	BUILTIN("continue"),
	{ "cp", CMD_ALLOWED, &cp_decl, target_write_roles, OPS_LAST_WRITE, NULL,
	  CMDF_STRICT, NULL },
	BLOCKED("csh", CMD_ESCAPE),
	{ "csplit", CMD_ALLOWED, &csplit_decl, csplit_roles, OPS_READ, NULL,
	  CMDF_STRICT | CMDF_VALIDATOR_ANY, validate_misc },
	BLOCKED("curl", CMD_NETWORK),
	ALLOWED("cut", OPS_READ),
	SHELL("dash"),
	ALLOWED("date", OPS_NONE),
	{ "dd", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, CMDF_VALIDATOR_ANY, validate_dd },
	BUILTIN("declare"),
	BLOCKED("deno", CMD_TOOLCHAIN),
	ALLOWED("df", OPS_READ),
	ALLOWED("diff", OPS_READ),
	{ "diff3", CMD_ALLOWED, NULL, NULL, OPS_READ, NULL, CMDF_VALIDATOR_ANY, validate_misc },
	ALLOWED("dirname", OPS_NONE),
	BUILTIN("dirs"),
	BUILTIN("disown"),
	BLOCKED("doas", CMD_ESCAPE),
	BLOCKED("docker", CMD_TOOLCHAIN),
	BLOCKED("dpkg", CMD_PKG),
	ALLOWED("du", OPS_READ),
	ALLOWED("echo", OPS_NONE),
	ALLOWED("egrep", OPS_PATTERN),
	BUILTIN("enable"),
	WRAPPER("env", env_decl),
	BUILTIN("eval"),
	BUILTIN("exec"),
	BUILTIN("exit"),
	ALLOWED("expand", OPS_READ),
	BUILTIN("export"),
	ALLOWED("expr", OPS_NONE),
	ALLOWED("fallocate", OPS_WRITE),
	ALLOWED("false", OPS_NONE),
	BUILTIN("fc"),
	BUILTIN("fg"),
	ALLOWED("fgrep", OPS_PATTERN),
	ALLOWED("file", OPS_READ),
	{ "find", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL,
	  CMDF_VALIDATOR_ANY | CMDF_FIND_LIKE | CMDF_TRUSTED_SCAN, validate_find },
	BLOCKED("fish", CMD_ESCAPE),
	ALLOWED("fmt", OPS_READ),
	ALLOWED("fold", OPS_READ),
	ALLOWED("free", OPS_NONE),
	BLOCKED("ftp", CMD_NETWORK),
	BLOCKED("g++", CMD_TOOLCHAIN),
	BLOCKED("gawk", CMD_ESCAPE),
	BLOCKED("gcc", CMD_TOOLCHAIN),
	BLOCKED("gem", CMD_PKG),
	ALLOWED("getconf", OPS_NONE),
	BUILTIN("getopts"),
	{ "git", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, CMDF_VALIDATOR_ANY, validate_git },
	BLOCKED("go", CMD_TOOLCHAIN),
	{ "grep", CMD_ALLOWED, &grep_decl, grep_roles, OPS_PATTERN, grep_patterns,
	  CMDF_STRICT, NULL },
	ALLOWED("groups", OPS_NONE),
	COMPRESSOR("gunzip", gzip_decl),
	COMPRESSOR("gzip", gzip_decl),
	BUILTIN("hash"),
	ALLOWED("head", OPS_READ),
	BUILTIN("help"),
	ALLOWED("hexdump", OPS_READ),
	BUILTIN("history"),
	ALLOWED("hostname", OPS_NONE),
	{ "iconv", CMD_ALLOWED, &iconv_decl, o_write_roles, OPS_READ, NULL, CMDF_STRICT, NULL },
	ALLOWED("id", OPS_NONE),
	{ "install", CMD_ALLOWED, &install_decl, target_write_roles, OPS_LAST_WRITE, NULL,
	  CMDF_STRICT | CMDF_VALIDATOR_ANY, validate_misc },
	BLOCKED("java", CMD_TOOLCHAIN),
	BLOCKED("javac", CMD_TOOLCHAIN),
	BUILTIN("jobs"),
	ALLOWED("join", OPS_READ),
	{ "jq", CMD_ALLOWED, NULL, NULL, OPS_SKIP1_READ, NULL, 0, validate_misc },
	BUILTIN("kill"),
	BLOCKED("ksh", CMD_ESCAPE),
	{ "less", CMD_ALLOWED, NULL, NULL, OPS_READ, NULL, CMDF_VALIDATOR_ANY, validate_misc },
	BUILTIN("let"),
	ALLOWED("link", OPS_LAST_WRITE),
	{ "ln", CMD_ALLOWED, &ln_decl, target_write_roles, OPS_LAST_WRITE, NULL,
	  CMDF_STRICT, validate_misc },
	BUILTIN("local"),
	ALLOWED("locale", OPS_NONE),
	ALLOWED("logname", OPS_NONE),
	BUILTIN("logout"),
	ALLOWED("ls", OPS_READ),
	BLOCKED("make", CMD_TOOLCHAIN),
	BUILTIN("mapfile"),
	BLOCKED("mawk", CMD_ESCAPE),
	ALLOWED("md5sum", OPS_READ),
	{ "mkdir", CMD_ALLOWED, &mkdir_decl, NULL, OPS_WRITE, NULL, CMDF_STRICT, NULL },
	ALLOWED("mkfifo", OPS_WRITE),
	/* the spec exempts mktemp's template from the write-set hold; agent
	 * configuration and .git still refuse it */
	{ "mktemp", CMD_ALLOWED, &mktemp_decl, mktemp_roles, OPS_WRITE, NULL,
	  CMDF_STRICT | CMDF_WRITE_IN_READ_SET, NULL },
	ALLOWED("more", OPS_READ),
	{ "mv", CMD_ALLOWED, &mv_decl, target_write_roles, OPS_WRITE, NULL,
	  CMDF_STRICT, NULL },
	BLOCKED("nawk", CMD_ESCAPE),
	BLOCKED("nc", CMD_NETWORK),
	BLOCKED("ncat", CMD_NETWORK),
	BLOCKED("netcat", CMD_NETWORK),
	{ "nice", CMD_ALLOWED, &nice_decl, NULL, OPS_NONE, NULL,
	  CMDF_NO_PERMUTE | CMDF_VALIDATOR_ANY, validate_wrapper },
	ALLOWED("nl", OPS_READ),
	BLOCKED("node", CMD_TOOLCHAIN),
	WRAPPER("nohup", nohup_decl),
	BLOCKED("npm", CMD_TOOLCHAIN),
	ALLOWED("nproc", OPS_NONE),
	BLOCKED("npx", CMD_TOOLCHAIN),
	ALLOWED("numfmt", OPS_NONE),
	ALLOWED("od", OPS_READ),
	ALLOWED("paste", OPS_READ),
	BLOCKED("perl", CMD_TOOLCHAIN),
	ALLOWED("pgrep", OPS_NONE),
	BLOCKED("php", CMD_TOOLCHAIN),
	BLOCKED("pip", CMD_PKG),
	BLOCKED("pip3", CMD_PKG),
	BLOCKED("pnpm", CMD_TOOLCHAIN),
	BUILTIN("popd"),
	ALLOWED("printenv", OPS_NONE),
	{ "printf", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, 0, validate_misc },
	ALLOWED("ps", OPS_NONE),
	BUILTIN("pushd"),
	ALLOWED("pwd", OPS_NONE),
	{ "python", CMD_TOOLCHAIN, NULL, NULL, OPS_LOOSE, NULL, CMDF_NOT_WRAPPABLE, NULL },
	{ "python3", CMD_TOOLCHAIN, NULL, NULL, OPS_LOOSE, NULL, CMDF_NOT_WRAPPABLE, NULL },
	BUILTIN("read"),
	BUILTIN("readarray"),
	ALLOWED("readlink", OPS_READ),
	BUILTIN("readonly"),
	ALLOWED("realpath", OPS_READ),
	BUILTIN("return"),
	ALLOWED("rev", OPS_READ),
	{ "rg", CMD_ALLOWED, NULL, NULL, OPS_PATTERN, NULL, CMDF_VALIDATOR_ANY | CMDF_TRUSTED_SCAN,
	  validate_misc },
	{ "rm", CMD_ALLOWED, &rm_decl, NULL, OPS_WRITE, NULL, CMDF_STRICT, NULL },
	ALLOWED("rmdir", OPS_WRITE),
	{ "rsync", CMD_ALLOWED, &rsync_decl, NULL, OPS_NONE, NULL,
	  CMDF_VALIDATOR_ANY | CMDF_NO_PERMUTE | CMDF_TRUSTED_SCAN, validate_ssh },
	BLOCKED("ruby", CMD_TOOLCHAIN),
	BLOCKED("rustc", CMD_TOOLCHAIN),
	{ "scp", CMD_ALLOWED, &scp_decl, NULL, OPS_NONE, NULL,
	  CMDF_VALIDATOR_ANY | CMDF_NO_PERMUTE | CMDF_TRUSTED_SCAN, validate_ssh },
	BLOCKED("script", CMD_ESCAPE),
	{ "sdiff", CMD_ALLOWED, NULL, NULL, OPS_READ, NULL, CMDF_VALIDATOR_ANY, validate_misc },
	{ "sed", CMD_ALLOWED, &sed_decl, sed_roles, OPS_PATTERN, sed_patterns,
	  CMDF_STRICT | CMDF_VALIDATOR_ANY, validate_sed },
	ALLOWED("seq", OPS_NONE),
	BUILTIN("set"),
	WRAPPER("setsid", setsid_decl),
	BLOCKED("sftp", CMD_NETWORK),
	SHELL("sh"),
	ALLOWED("sha1sum", OPS_READ),
	ALLOWED("sha224sum", OPS_READ),
	ALLOWED("sha256sum", OPS_READ),
	ALLOWED("sha384sum", OPS_READ),
	ALLOWED("sha512sum", OPS_READ),
	BUILTIN("shift"),
	BUILTIN("shopt"),
	ALLOWED("shred", OPS_WRITE),
	{ "shuf", CMD_ALLOWED, &shuf_decl, shuf_roles, OPS_READ, NULL, CMDF_STRICT, NULL },
	ALLOWED("sleep", OPS_NONE),
	BLOCKED("socat", CMD_NETWORK),
	{ "sort", CMD_ALLOWED, &sort_decl, sort_roles, OPS_READ, NULL,
	  CMDF_STRICT | CMDF_VALIDATOR_ANY, validate_misc },
	BUILTIN_R("source"),
	{ "split", CMD_ALLOWED, &split_decl, NULL, OPS_IN_OUT, NULL, CMDF_STRICT | CMDF_VALIDATOR_ANY,
	  validate_misc },
	{ "ssh", CMD_ALLOWED, &ssh_decl, NULL, OPS_NONE, NULL, CMDF_VALIDATOR_ANY | CMDF_NO_PERMUTE, validate_ssh },
	{ "sshpass", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, CMDF_VALIDATOR_ANY | CMDF_TRUSTED_SCAN,
	  validate_ssh },
	ALLOWED("stat", OPS_READ),
	WRAPPER("stdbuf", stdbuf_decl),
	ALLOWED("strings", OPS_READ),
	BLOCKED("su", CMD_ESCAPE),
	BLOCKED("sudo", CMD_ESCAPE),
	ALLOWED("sum", OPS_READ),
	BUILTIN("suspend"),
	ALLOWED("tac", OPS_READ),
	ALLOWED("tail", OPS_READ),
	/* tar, scp, rsync: the declaration only tells the generic reading which
	 * words are option values (no roles); the validator reads the line
	 * itself, permuted, so the generic reading needs one pass only */
	{ "tar", CMD_ALLOWED, &tar_decl, NULL, OPS_NONE, NULL,
	  CMDF_VALIDATOR_ANY | CMDF_NO_PERMUTE | CMDF_TRUSTED_SCAN, validate_archive },
	{ "tee", CMD_ALLOWED, &tee_decl, NULL, OPS_WRITE, NULL, CMDF_STRICT, NULL },
	BLOCKED("telnet", CMD_NETWORK),
	BUILTIN("test"),
	{ "time", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, CMDF_NOT_WRAPPABLE | CMDF_TRUSTED_SCAN,
	  validate_misc },
	WRAPPER("timeout", timeout_decl),
	BUILTIN("times"),
	{ "touch", CMD_ALLOWED, &touch_decl, touch_roles, OPS_WRITE, NULL, CMDF_STRICT, NULL },
	ALLOWED("tr", OPS_NONE),
	BUILTIN("trap"),
	ALLOWED("tree", OPS_READ),
	ALLOWED("true", OPS_NONE),
	ALLOWED("truncate", OPS_WRITE),
	ALLOWED("tsort", OPS_READ),
	ALLOWED("tty", OPS_NONE),
	BUILTIN("type"),
	BUILTIN("typeset"),
	BUILTIN("ulimit"),
	BUILTIN("umask"),
	BUILTIN("unalias"),
	ALLOWED("uname", OPS_NONE),
	ALLOWED("unexpand", OPS_READ),
	{ "uniq", CMD_ALLOWED, &uniq_decl, NULL, OPS_IN_OUT, NULL, CMDF_STRICT, NULL },
	ALLOWED("unlink", OPS_WRITE),
	BUILTIN("unset"),
	COMPRESSOR("unxz", xz_decl),
	{ "unzip", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, CMDF_VALIDATOR_ANY, validate_archive },
	ALLOWED("uptime", OPS_NONE),
	BLOCKED("uv", CMD_TOOLCHAIN),
	BUILTIN("wait"),
	ALLOWED("wc", OPS_READ),
	BLOCKED("wget", CMD_NETWORK),
	ALLOWED("which", OPS_NONE),
	ALLOWED("who", OPS_NONE),
	ALLOWED("whoami", OPS_NONE),
	WRAPPER("xargs", xargs_decl),
	WRAPPER("xcrun", xcrun_decl),
	ALLOWED("xxd", OPS_IN_OUT),
	COMPRESSOR("xz", xz_decl),
	ALLOWED("xzcat", OPS_READ),
	{ "xzless", CMD_ALLOWED, NULL, NULL, OPS_READ, NULL, CMDF_VALIDATOR_ANY, validate_misc },
	BLOCKED("yarn", CMD_TOOLCHAIN),
	ALLOWED("yes", OPS_NONE),
	{ "yq", CMD_ALLOWED, NULL, NULL, OPS_SKIP1_READ, NULL, CMDF_VALIDATOR_ANY, validate_misc },
	ALLOWED("zcat", OPS_READ),
	{ "zip", CMD_ALLOWED, NULL, NULL, OPS_NONE, NULL, CMDF_VALIDATOR_ANY, validate_archive },
	{ "zless", CMD_ALLOWED, NULL, NULL, OPS_READ, NULL, CMDF_VALIDATOR_ANY, validate_misc },
	BLOCKED("zsh", CMD_ESCAPE),
};

/* For policy_test: the table must stay sorted for the binary search. */
size_t cmd_table_size(void);
const char *cmd_table_name(size_t i);
int cmd_table_check_decls(void);

/* For policy_test: every declaration is one the option parser accepts
 * (a bad one would make every check of that command fail). Returns the
 * index of the first bad entry, or -1. */
int
cmd_table_check_decls(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++) {
		if (!cmds[i].decl)
			continue;
		char *argv[] = { (char *)cmds[i].name, (char *)"-", NULL };
		struct opt_event *ev = NULL;
		int n = opt_parse(cmds[i].decl, OPT_ORDER_PERMUTE, 2, argv, &ev);
		free(ev);
		if (n < 0)
			return (int)i;
	}
	return -1;
}

size_t
cmd_table_size(void)
{
	return ARRAY_SIZE(cmds);
}

const char *
cmd_table_name(size_t i)
{
	return i < ARRAY_SIZE(cmds) ? cmds[i].name : NULL;
}

const struct cmd_spec *
cmd_lookup(const char *name)
{
	size_t lo = 0, hi = ARRAY_SIZE(cmds);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(name, cmds[mid].name);
		if (c == 0)
			return &cmds[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}
