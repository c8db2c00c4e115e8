#!/bin/bash
# Runs sdk.test.mjs (node's test runner, TAP) against the lite-sandbox binary
# given as $1, after installing the MCP TypeScript SDK from package-lock.json
# into tests/mcp/node_modules. The test exists to exercise the real client,
# so a missing node/npm or a failed install is a failure, never a skip.
set -u
bin=$(realpath -- "${1:?usage: run_sdk_test.sh LITE_SANDBOX_BINARY}") || exit 1
here=$(cd "$(dirname "$0")" && pwd)

fail() {
	echo "TAP version 13"
	echo "1..1"
	echo "not ok 1 - MCP SDK test could not run: $*"
	exit 1
}

command -v node >/dev/null || fail "node is not installed (apt-get install nodejs; setup.sh lists it)"
command -v npm >/dev/null || fail "npm is not installed (apt-get install npm; setup.sh lists it)"
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 18 ] || fail "node $major is too old: the SDK and node --test need node 18 or later"

# npm ci gives exactly the locked versions; skip it when they are already there.
if ! (cd "$here" && node -e '
	const lock = require("./package-lock.json").packages["node_modules/@modelcontextprotocol/sdk"].version;
	const have = require("./node_modules/@modelcontextprotocol/sdk/package.json").version;
	process.exit(lock === have ? 0 : 1)' 2>/dev/null); then
	log=$(cd "$here" && npm ci --no-audit --no-fund 2>&1) ||
		fail "npm ci failed (is the npm registry reachable?): $(echo "$log" | tail -5 | tr '\n' ' ')"
fi

cd "$here" && LITE_SANDBOX=$bin exec node --test --test-reporter=tap sdk.test.mjs
