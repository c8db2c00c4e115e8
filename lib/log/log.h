/* SPDX-License-Identifier: MIT */
/*
 * log: structured records for the audit trail. Planned API (services issue):
 * a record is a set of LITE_SANDBOX_* fields sent to journald with
 * sd_journal_send, or printed as one line of key=value pairs on stderr where
 * journald is absent. Library code never logs above debug; the services log
 * once, where they decide.
 */
#ifndef LITE_SANDBOX_LOG_H
#define LITE_SANDBOX_LOG_H

struct log_field {
	const char *name;  /* without the LITE_SANDBOX_ prefix: "DECISION" */
	const char *value; /* secrets already masked by the caller */
};

int log_audit(const char *message, const struct log_field *fields, unsigned n);

#endif
