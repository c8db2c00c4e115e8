/* SPDX-License-Identifier: MIT */
/*
 * Monotonic milliseconds and a plain sleep, for tests that wait on
 * something or bound how long it took.
 */
#ifndef LITE_SANDBOX_TEST_CLOCK_H
#define LITE_SANDBOX_TEST_CLOCK_H

#include <errno.h>
#include <stdint.h>
#include <time.h>

static inline uint64_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static inline void
sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

#endif
