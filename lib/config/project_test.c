#include "tap.h"
#include "config.h"
#include "base.h"
TEST(dummy) { ASSERT_TRUE(1); }
TAP_MAIN(dummy)
