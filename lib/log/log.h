/* SPDX-License-Identifier: MIT */
/*
 * log: structured records for the audit trail.
 *
 * A record is a message plus LITE_SANDBOX_* fields. Where journald runs
 * (its socket /run/systemd/journal/socket exists) the record goes there with
 * SYSLOG_IDENTIFIER=lite-sandbox, so `journalctl -t lite-sandbox` shows it
 * and `journalctl -o json` shows the fields. Elsewhere it is one line on
 * stderr: `lite-sandbox[PID]: MESSAGE="..." LITE_SANDBOX_NAME=value ...`,
 * values quoted and escaped so that a record is always exactly one line.
 *
 * Library code never logs above debug; the services log once, where they
 * decide. Secrets are masked by the caller before they reach a field.
 */
#ifndef LITE_SANDBOX_LOG_H
#define LITE_SANDBOX_LOG_H

#include <stdbool.h>

struct log_field {
	const char *name;  /* without the LITE_SANDBOX_ prefix: "DECISION" */
	const char *value; /* secrets already masked by the caller */
};

/* At most this many fields per record; names are [A-Z0-9_], <= 50 bytes. */
#define LOG_FIELDS_MAX 64
#define LOG_NAME_MAX 50
/* Longer values are cut (journald and the stderr line alike). */
#define LOG_VALUE_MAX (64u << 10)

/*
 * Send one record. Returns 0, -EINVAL (a NULL message, a bad field name, too
 * many fields), or a negative errno from journald or write(2). sd_journal's
 * own return value is not evidence that journald got anything (it returns 0
 * with no journald at all), hence the socket check.
 */
int log_audit(const char *message, const struct log_field *fields, unsigned n);

/* The stderr form, written to fd in one write(2). */
int log_audit_fd(int fd, const char *message, const struct log_field *fields,
		 unsigned n);

/* Whether journald's socket exists (what log_audit decides on). */
bool log_journald_present(void);

#endif
