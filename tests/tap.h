/* SPDX-License-Identifier: MIT */
/*
 * A tiny TAP producer for unit tests, registered in meson with
 * `protocol: 'tap'`. Each TEST() is one TAP result line; the first failing
 * assertion in a test ends that test (not the program), prints where and why
 * as a TAP diagnostic, and marks it "not ok".
 *
 *     TEST(arena_grows) { ... ASSERT_EQ(x, 3); ... }
 *     TAP_MAIN(arena_grows, other_test)
 */
#ifndef LITE_SANDBOX_TAP_H
#define LITE_SANDBOX_TAP_H

#include <inttypes.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

struct tap_state {
	jmp_buf fail;
	int failed;
};

typedef void (*tap_test_fn)(struct tap_state *tap_);

#define TEST(name) static void name(struct tap_state *tap_ __attribute__((unused)))

#define TAP_FAIL_(...)                                                         \
	do {                                                                   \
		printf("# %s:%d: ", __FILE__, __LINE__);                       \
		printf(__VA_ARGS__);                                           \
		printf("\n");                                                  \
		longjmp(tap_->fail, 1);                                        \
	} while (0)

#define ASSERT_TRUE(e)                                                         \
	do {                                                                   \
		if (!(e))                                                      \
			TAP_FAIL_("assertion failed: %s", #e);                 \
	} while (0)
#define ASSERT_FALSE(e) ASSERT_TRUE(!(e))

#define ASSERT_EQ(a, b)                                                        \
	do {                                                                   \
		intmax_t a_ = (intmax_t)(a), b_ = (intmax_t)(b);               \
		if (a_ != b_)                                                  \
			TAP_FAIL_("%s == %s: %jd != %jd", #a, #b, a_, b_);     \
	} while (0)
#define ASSERT_OK(e)                                                           \
	do {                                                                   \
		intmax_t r_ = (intmax_t)(e);                                   \
		if (r_ < 0)                                                    \
			TAP_FAIL_("%s failed: %jd (%s)", #e, r_,               \
				  strerror((int)-r_));                         \
	} while (0)
#define ASSERT_ERRNO(e, want) ASSERT_EQ((e), (want))
#define ASSERT_STREQ(a, b)                                                     \
	do {                                                                   \
		const char *a_ = (a), *b_ = (b);                               \
		if (!a_ || !b_ || strcmp(a_, b_) != 0)                         \
			TAP_FAIL_("%s == %s: \"%s\" != \"%s\"", #a, #b,        \
				  a_ ? a_ : "(null)", b_ ? b_ : "(null)");     \
	} while (0)
#define ASSERT_NOT_NULL(e) ASSERT_TRUE((e) != NULL)
#define ASSERT_NULL(e) ASSERT_TRUE((e) == NULL)

static inline int
tap_run_(const char *const *names, const tap_test_fn *fns, size_t n)
{
	volatile int failures = 0; /* survives the longjmp */
	printf("1..%zu\n", n);
	for (size_t i = 0; i < n; i++) {
		static struct tap_state st; /* static: not clobbered by longjmp */
		st.failed = 0;
		if (setjmp(st.fail) == 0)
			fns[i](&st);
		else
			st.failed = 1;
		printf("%s %zu - %s\n", st.failed ? "not ok" : "ok", i + 1,
		       names[i]);
		fflush(stdout);
		failures += st.failed;
	}
	return failures ? 1 : 0;
}

#define TAP_STR_(x) #x
#define TAP_MAIN(...)                                                          \
	int main(void)                                                         \
	{                                                                      \
		static const tap_test_fn fns[] = { __VA_ARGS__ };              \
		static const char names_all[] = TAP_STR_((__VA_ARGS__));       \
		static const char *names[ARRAY_SIZE(fns)];                     \
		static char copy[sizeof(names_all)];                           \
		memcpy(copy, names_all + 1, sizeof(names_all) - 1);            \
		char *save = NULL, *tok = strtok_r(copy, ", )", &save);         \
		for (size_t i = 0; i < ARRAY_SIZE(fns) && tok; i++) {          \
			names[i] = tok;                                        \
			tok = strtok_r(NULL, ", )", &save);                    \
		}                                                              \
		return tap_run_(names, fns, ARRAY_SIZE(fns));                  \
	}

#endif
