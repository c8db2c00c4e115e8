/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the config loader (lib/config): any bytes either load
 * or are refused with a position, and whatever loads survives a round trip:
 * emitting the document and loading that text gives the same text again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config-internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct config_doc *
parse(const char *text, size_t len, int *ret)
{
	struct config_doc *d = calloc(1, sizeof(*d));
	struct config_error e;
	if (!d)
		abort();
	*ret = config_doc_parse("fuzz.yaml", text, len, "/home/fuzz", d, &e);
	if (*ret < 0 && *ret != -ENOMEM && e.message[0] == '\0')
		abort(); /* a refusal must say why */
	return d;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536)
		return 0;
	int r;
	struct config_doc *d = parse((const char *)data, size, &r);
	if (r < 0) {
		config_doc_free(d);
		return 0;
	}
	char *text = NULL, *text2 = NULL;
	if (config_doc_to_yaml(d, &text) < 0)
		abort();
	struct config_doc *d2 = parse(text, strlen(text), &r);
	if (r < 0) {
		fprintf(stderr, "re-emitted config does not load:\n%s\n", text);
		abort();
	}
	if (config_doc_to_yaml(d2, &text2) < 0 || strcmp(text, text2) != 0) {
		fprintf(stderr, "round trip differs:\n%s\n---\n%s\n", text, text2 ? text2 : "");
		abort();
	}
	/* The effective config for some directory emits and frees cleanly. */
	struct config *c = NULL;
	if (config_doc_effective(d, "/home/fuzz/p", &c) < 0)
		abort();
	char *t3 = NULL;
	if (config_to_yaml(c, &t3) < 0)
		abort();
	free(t3);
	config_free(c);
	free(text);
	free(text2);
	config_doc_free(d);
	config_doc_free(d2);
	return 0;
}
