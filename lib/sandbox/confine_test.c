/* SPDX-License-Identifier: MIT */
/*
 * What the helper enforces per Landlock ABI, and that it refuses, with a
 * reason, to run where the kernel lacks what the policy needs. (The real
 * kernel's enforcement is the escape tests' business.)
 */
#include <string.h>

#include "sandbox-internal.h"
#include "tap.h"

#define REFER (1ULL << 13)
#define TRUNCATE (1ULL << 14)
#define IOCTL_DEV (1ULL << 15)
#define WRITE_FILE (1ULL << 1)

static const struct sandbox_confine scoped = { .scope_signals = true,
					       .scope_abstract_unix = true,
					       .landlock_required = true };
static const struct sandbox_confine plain = { .landlock_required = true };
static const struct sandbox_confine optional = { .landlock_required = false };

TEST(no_landlock_refuses_with_reason)
{
	uint64_t h = 0, s = 0;
	struct sandbox_error err = { { 0 } };
	ASSERT_ERRNO(sandbox_landlock_plan(-ENOSYS, &scoped, &h, &s, &err), -EOPNOTSUPP);
	ASSERT_TRUE(strstr(err.message, "lacks Landlock") != NULL);
	memset(&err, 0, sizeof(err));
	ASSERT_ERRNO(sandbox_landlock_plan(-EOPNOTSUPP, &plain, &h, &s, &err), -EOPNOTSUPP);
	ASSERT_TRUE(strstr(err.message, "disabled") != NULL);
	/* only a policy that asks for nothing runs without it */
	ASSERT_EQ(sandbox_landlock_plan(-ENOSYS, &optional, &h, &s, &err), 1);
}

TEST(scopes_need_abi_6)
{
	uint64_t h = 0, s = 0;
	struct sandbox_error err = { { 0 } };
	for (int abi = 1; abi < 6; abi++)
		ASSERT_ERRNO(sandbox_landlock_plan(abi, &scoped, &h, &s, &err), -EOPNOTSUPP);
	ASSERT_TRUE(strstr(err.message, "ABI 6") != NULL);
	ASSERT_TRUE(strstr(err.message, "has ABI 5") != NULL);
	ASSERT_OK(sandbox_landlock_plan(6, &scoped, &h, &s, &err));
	ASSERT_EQ(s, 3); /* abstract unix sockets and signals */
	ASSERT_OK(sandbox_landlock_plan(7, &scoped, &h, &s, &err));
	ASSERT_EQ(s, 3);
}

TEST(rights_per_abi)
{
	uint64_t h = 0, s = 0;
	ASSERT_OK(sandbox_landlock_plan(1, &plain, &h, &s, NULL));
	ASSERT_TRUE(h & WRITE_FILE);
	ASSERT_FALSE(h & (REFER | TRUNCATE | IOCTL_DEV));
	ASSERT_EQ(s, 0);
	ASSERT_OK(sandbox_landlock_plan(2, &plain, &h, &s, NULL));
	ASSERT_TRUE(h & REFER);
	ASSERT_FALSE(h & (TRUNCATE | IOCTL_DEV));
	ASSERT_OK(sandbox_landlock_plan(3, &plain, &h, &s, NULL));
	ASSERT_TRUE(h & TRUNCATE);
	ASSERT_FALSE(h & IOCTL_DEV);
	ASSERT_OK(sandbox_landlock_plan(5, &plain, &h, &s, NULL));
	ASSERT_TRUE(h & IOCTL_DEV);
	ASSERT_OK(sandbox_landlock_plan(7, &plain, &h, &s, NULL));
	ASSERT_EQ(h, (1ULL << 16) - 1);
}

TEST(running_kernel_has_what_the_policy_needs)
{
	int abi = sandbox_landlock_abi();
	if (abi < 6) {
		printf("# note: this kernel has Landlock ABI %d; the sandbox refuses to run here\n",
		       abi);
		return;
	}
	uint64_t h, s;
	ASSERT_OK(sandbox_landlock_plan(abi, &scoped, &h, &s, NULL));
}

TAP_MAIN(no_landlock_refuses_with_reason, scopes_need_abi_6, rights_per_abi,
	 running_kernel_has_what_the_policy_needs)
