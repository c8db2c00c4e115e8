/* SPDX-License-Identifier: MIT */
/*
 * lite-sandbox check: say whether a command line would run under the policy
 * of a directory, and why not. Nothing is run.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "config.h"
#include "policy.h"

void
cmd_check_usage(FILE *out)
{
	fprintf(out,
		"Usage: lite-sandbox check [--dir DIR] [--mode MODE] [--config FILE] [--audit]\n"
		"                          [--json] -- 'COMMAND'\n"
		"       lite-sandbox check [OPTIONS] -    (read the command from stdin)\n"
		"\n"
		"Check COMMAND against the policy, as the sandbox would before running it,\n"
		"and print the verdict with every finding and the config change that would\n"
		"lift it. Nothing is run.\n"
		"\n"
		"Options:\n"
		"  --dir DIR      check as if run from DIR (default: the current directory);\n"
		"                 its project's config override applies\n"
		"  --mode MODE    open, denylist or allowlist instead of the config's mode\n"
		"  --config FILE  use FILE as the config instead of the user's config\n"
		"                 file (its overrides apply as the user's would)\n"
		"  --audit        also list the findings the mode does not enforce\n"
		"  --json         print one JSON object: {\"verdict\", \"findings\": [...]}\n"
		"  -h, --help     show this help\n"
		"\n"
		"Exit status: 0 the command would run; 1 it would not (refused, asks the\n"
		"user first, or cannot be parsed); 2 usage or config error.\n");
}

static json_t *
report_json(const struct policy_report *rep)
{
	json_t *o = json_object(), *arr = json_array();
	if (!o || !arr) {
		json_decref(o);
		json_decref(arr);
		return NULL;
	}
	json_object_set_new(o, "verdict", json_string(policy_verdict_name(rep->verdict)));
	for (size_t i = 0; i < rep->n_findings; i++) {
		const struct policy_finding *f = &rep->findings[i];
		json_t *modes = json_array();
		for (int m = 0; m < POLICY_MODE_MAX; m++)
			if (f->modes & (1u << m))
				json_array_append_new(modes,
						      json_string(policy_mode_id((enum policy_mode)m)));
		json_array_append_new(arr,
			json_pack("{s:s, s:s, s:s, s:o, s:o, s:b}",
				  "layer", policy_layer_id(f->layer), "rule", f->rule,
				  "message", f->message,
				  "fix", f->fix ? json_string(f->fix) : json_null(),
				  "modes", modes, "enforced", f->enforced));
	}
	json_object_set_new(o, "findings", arr);
	return o;
}

static void
report_text(const struct policy_report *rep, enum policy_mode mode)
{
	switch (rep->verdict) {
	case POLICY_ALLOW:
		printf("allow: the command would run (%s mode)\n", policy_mode_id(mode));
		break;
	case POLICY_ASK:
		printf("ask: the command runs once the user approves it (%s mode)\n",
		       policy_mode_id(mode));
		break;
	case POLICY_DENY:
	case POLICY_VERDICT_MAX:
	default:
		printf("deny: the command would be refused (%s mode)\n", policy_mode_id(mode));
		break;
	}
	for (size_t i = 0; i < rep->n_findings; i++) {
		const struct policy_finding *f = &rep->findings[i];
		printf("  %s [%s, %s]: %s\n", f->enforced ? (f->ask ? "ask" : "refused") : "audit",
		       policy_layer_name(f->layer), f->rule, f->message);
		if (f->fix)
			printf("    fix: %s\n", f->fix);
		else if (f->enforced && !f->ask)
			printf("    fix: none (refused on purpose)\n");
	}
}

int
cmd_check(int argc, char **argv)
{
	enum { OPT_DIR = 256, OPT_MODE, OPT_CONFIG, OPT_JSON, OPT_AUDIT };
	static const struct option longopts[] = {
		{ "dir", required_argument, NULL, OPT_DIR },
		{ "mode", required_argument, NULL, OPT_MODE },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "audit", no_argument, NULL, OPT_AUDIT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *mode_name = NULL, *config_file = NULL;
	bool json = false, audit = false;
	int c, r;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_DIR:
			dir = optarg;
			break;
		case OPT_MODE:
			mode_name = optarg;
			break;
		case OPT_CONFIG:
			config_file = optarg;
			break;
		case OPT_JSON:
			json = true;
			break;
		case OPT_AUDIT:
			audit = true;
			break;
		case 'h':
			cmd_check_usage(stdout);
			return 0;
		default:
			return cli_usage_error("check", "unknown option or missing value in '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return cli_usage_error("check", "expected exactly one COMMAND (or - for stdin)");

	enum policy_mode mode_override = POLICY_MODE_MAX;
	if (mode_name) {
		r = policy_mode_from_name(mode_name, &mode_override);
		if (r < 0)
			return cli_usage_error("check", "unknown mode '%s' (open, denylist, allowlist)",
					       mode_name);
	}

	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd))) {
		fprintf(stderr, "lite-sandbox check: cannot read the current directory: %s\n",
			strerror(errno));
		return EXIT_USAGE;
	}
	char dirbuf[PATH_MAX];
	if (dir) {
		if (!realpath(dir, dirbuf)) {
			fprintf(stderr, "lite-sandbox check: --dir %s: %s\n", dir, strerror(errno));
			return EXIT_USAGE;
		}
		dir = dirbuf;
	} else {
		dir = cwd;
	}
	/* home as the hook and the registrar read it ($HOME, else the password
	 * database); without one the policy refuses (paths.project-too-wide) */
	_cleanup_free_ char *home = NULL;
	(void)config_home(&home);

	struct config *cfg = NULL;
	r = cli_load_config("check", config_file, dir, &cfg);
	if (r != 0)
		return r;
	if (mode_override != POLICY_MODE_MAX)
		cfg->mode = mode_override;
	if (audit)
		cfg->audit = true;

	_cleanup_free_ char *project = NULL;
	if (config_boundary_dir(dir, home, &project, NULL) < 0)
		project = NULL;

	/* lite-sandbox's own state where XDG puts it, the config file, this
	 * binary and the PATH directories ahead of it, as every front end. */
	_cleanup_free_ char *cfgpath = NULL;
	if (config_file)
		cfgpath = realpath(config_file, NULL);
	else
		(void)config_default_path(&cfgpath);
	char self[PATH_MAX];
	ssize_t sn = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[sn > 0 ? sn : 0] = '\0';
	struct path_boundary_env penv = {
		.xdg_config_home = getenv("XDG_CONFIG_HOME"),
		.xdg_cache_home = getenv("XDG_CACHE_HOME"),
		.config_file = cfgpath,
		.self_exe = sn > 0 ? self : NULL,
		.path = getenv("PATH"),
		.runtime_dir = getenv("XDG_RUNTIME_DIR"),
	};
	extern char **environ;
	struct policy_context ctx = { .cwd = dir, .project_dir = project, .home = home,
				      .envp = environ, .path_env = &penv };
	struct policy *pol = NULL;
	r = policy_new(cfg, &ctx, &pol);
	enum policy_mode mode = cfg->mode;
	config_free(cfg);
	if (r < 0) {
		fprintf(stderr, "lite-sandbox check: building the policy: %s\n", strerror(-r));
		return EXIT_USAGE;
	}

	_cleanup_buf_ struct buf input = BUF_INIT(SH_MAX_INPUT);
	const char *arg = argv[optind];
	if (strcmp(arg, "-") == 0) {
		r = buf_read_fd(&input, STDIN_FILENO);
		if (r < 0 && r != -EFBIG) {
			fprintf(stderr, "lite-sandbox check: reading stdin: %s\n", strerror(-r));
			policy_free(pol);
			return EXIT_USAGE;
		}
	} else {
		r = buf_puts(&input, arg);
	}

	struct policy_report *rep = NULL;
	if (policy_report_new(&rep) < 0) {
		policy_free(pol);
		return EXIT_USAGE;
	}
	if (r == -EFBIG || r == -EMSGSIZE)
		r = policy_check_source(pol, "", 0, rep) < 0 ? -ENOMEM : -E2BIG;
	else
		r = policy_check_source(pol, input.data ? input.data : "", input.len, rep);
	int rc;
	if (r == -E2BIG) {
		fprintf(stderr, "lite-sandbox check: the command is larger than %u bytes\n",
			SH_MAX_INPUT);
		rc = 1;
	} else if (r < 0) {
		fprintf(stderr, "lite-sandbox check: %s\n", strerror(-r));
		rc = EXIT_USAGE;
	} else {
		if (json) {
			json_t *j = report_json(rep);
			if (!j || json_dumpf(j, stdout, JSON_COMPACT | JSON_ENSURE_ASCII) < 0) {
				fprintf(stderr, "lite-sandbox check: out of memory\n");
				json_decref(j);
				policy_report_free(rep);
				policy_free(pol);
				return EXIT_USAGE;
			}
			json_decref(j);
			putchar('\n');
		} else {
			report_text(rep, mode);
		}
		rc = rep->verdict == POLICY_ALLOW ? 0 : 1;
	}
	policy_report_free(rep);
	policy_free(pol);
	return rc;
}
