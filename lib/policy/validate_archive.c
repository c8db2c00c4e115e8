/* SPDX-License-Identifier: MIT */
/*
 * Archivers: tar, zip, unzip, gzip, bzip2, xz.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "validate.h"
