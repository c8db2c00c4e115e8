// serve-mcp driven by the real MCP TypeScript SDK client (Client +
// StdioClientTransport), the way an agent starts it. Run by run_sdk_test.sh,
// which installs the SDK; LITE_SANDBOX names the binary under test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, readdirSync, readFileSync, rmSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

const BIN = process.env.LITE_SANDBOX;
if (!BIN) throw new Error('LITE_SANDBOX must name the lite-sandbox binary');

// The session: a fresh project directory and a config of our own, so the
// user's config plays no part.
// The registrar a config change goes to (started on demand) keeps its
// socket and tickets under directories of the test's own.
const top = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-sdk-')));
const dir = join(top, 'project');
const config = join(top, 'config.yaml');
for (const d of ['project', 'home', 'run', 'cache']) mkdirSync(join(top, d), { mode: 0o700 });
writeFileSync(config, 'mode: allowlist\n');
// The ask-entry test's own config (and so its own services).
const askConfig = join(top, 'ask.yaml');
writeFileSync(askConfig, 'mode: allowlist\ncommands:\n  - name: make\n    ask: true\n');
const serverArgs = ['serve-mcp', '--no-os-sandbox', '--config', config, '--dir', dir];
const env = {
  HOME: join(top, 'home'),
  XDG_RUNTIME_DIR: join(top, 'run'),
  XDG_CACHE_HOME: join(top, 'cache'),
  XDG_CONFIG_HOME: join(top, 'home'),
  PATH: process.env.PATH,
};

// Records what crosses the transport, to check what the SDK hides.
class Recording {
  constructor(inner) {
    this.inner = inner;
    this.received = [];
  }
  async start() {
    this.inner.onmessage = (m) => { this.received.push(m); this.onmessage?.(m); };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (e) => this.onerror?.(e);
    return this.inner.start();
  }
  send(m, o) { return this.inner.send(m, o); }
  close() { return this.inner.close(); }
}

let client, rec, transport;
const clientErrors = [];

before(async () => {
  transport = new StdioClientTransport({ command: BIN, args: serverArgs, cwd: dir, env, stderr: 'pipe' });
  transport.stderr?.on('data', (d) => process.stderr.write(`# server stderr: ${d}`));
  rec = new Recording(transport);
  client = new Client({ name: 'lite-sandbox-test', version: '1.0.0' });
  client.onerror = (e) => clientErrors.push(e);
  await client.connect(rec);
});

after(async () => {
  await client?.close();
  // the services this test started (they would leave on their own when idle)
  for (const pid of [...processesWith(`--config ${config}`), ...processesWith(`--config ${askConfig}`)]) {
    try {
      if (/lite-sandbox-(registrar|executor)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')))
        process.kill(Number(pid));
    } catch { /* gone */ }
  }
  rmSync(top, { recursive: true, force: true });
});

function text(result) {
  assert.ok(Array.isArray(result.content), 'content is an array');
  assert.equal(result.content.length, 1);
  assert.equal(result.content[0].type, 'text');
  return result.content[0].text;
}

test('initialize: the SDK connects and gets its own (latest) version back', () => {
  const init = rec.received.find((m) => m.id !== undefined && m.result?.protocolVersion);
  assert.ok(init, 'an initialize reply');
  assert.equal(init.result.protocolVersion, LATEST_PROTOCOL_VERSION);
  assert.equal(client.getServerVersion().name, 'lite-sandbox');
  assert.deepEqual(client.getServerCapabilities().tools, { listChanged: false });
});

// Raw JSON-RPC for the versions the SDK does not send itself.
async function rawInitialize(version) {
  const p = spawn(BIN, serverArgs, { cwd: dir, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: p.stdout });
  const first = new Promise((resolve) => lines.once('line', resolve));
  p.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '0' } } }) + '\n');
  const reply = JSON.parse(await first);
  p.stdin.end();
  await new Promise((resolve) => p.once('exit', resolve));
  return reply.result.protocolVersion;
}

test('initialize: version negotiation', async () => {
  for (const v of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'])
    assert.equal(await rawInitialize(v), v, `${v} is answered with itself`);
  assert.equal(await rawInitialize('1999-01-01'), '2025-11-25', 'an unknown version gets our latest');
});

test('tools/list: bash and lite_sandbox_config with their schemas', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['bash', 'lite_sandbox_config']);
  const bash = tools.find((t) => t.name === 'bash');
  assert.equal(bash.inputSchema.type, 'object');
  assert.deepEqual(bash.inputSchema.required, ['command']);
  assert.equal(bash.inputSchema.properties.command.type, 'string');
  assert.equal(bash.inputSchema.properties.timeout.type, 'number');
  assert.equal(bash.inputSchema.properties.description.type, 'string');
  assert.ok(bash.description.length > 20);
  const cfg = tools.find((t) => t.name === 'lite_sandbox_config');
  assert.deepEqual(cfg.inputSchema.required, ['args']);
  assert.equal(cfg.inputSchema.properties.args.type, 'array');
});

test('bash: echo hi round trip', async () => {
  const r = await client.callTool({ name: 'bash', arguments: { command: 'echo hi', description: 'say hi' } });
  assert.equal(r.isError, false);
  assert.equal(text(r), 'hi\nexit status: 0');
});

test('bash: stderr and a non-zero exit status', async () => {
  const r = await client.callTool({ name: 'bash', arguments: { command: 'echo out; echo oops >&2; exit 3' } });
  assert.equal(r.isError, false, 'a failing command is a result, not a tool error');
  assert.equal(text(r), 'out\nstderr:\noops\nexit status: 3');
});

test('bash: a line that does not parse is an error with bash\'s status 2', async () => {
  const r = await client.callTool({ name: 'bash', arguments: { command: 'if true; then' } });
  assert.equal(r.isError, true);
  assert.match(text(r), /syntax error/);
  assert.match(text(r), /exit status: 2$/);
});

test('bash: runs in the session directory', async () => {
  const r = await client.callTool({ name: 'bash', arguments: { command: 'pwd' } });
  assert.equal(text(r), `${dir}\nexit status: 0`);
});

test('bash: a refused command is an error that names the finding and the fix', async () => {
  const r = await client.callTool({ name: 'bash', arguments: { command: 'curl http://example.com/' } });
  assert.equal(r.isError, true);
  const t = text(r);
  assert.match(t, /refused/);
  assert.match(t, /curl is a network tool/);
  assert.match(t, /fix: lite-sandbox config commands allow curl/);
  assert.match(t, /exit status: 126/);
});

test('bash: a timeout kills the command', async () => {
  const t0 = Date.now();
  const r = await client.callTool({ name: 'bash', arguments: { command: 'echo started; sleep 20; echo never', timeout: 0.5 } });
  assert.ok(Date.now() - t0 < 5000, 'answered soon after the timeout');
  assert.equal(r.isError, true);
  const t = text(r);
  assert.match(t, /^started\n/);
  assert.match(t, /timed out after 0\.5 seconds/);
  assert.doesNotMatch(t, /never/);
  assert.match(t, /exit status: 124$/);
});

test('bash: invalid arguments are invalid params', async () => {
  await assert.rejects(client.callTool({ name: 'bash', arguments: {} }), (e) => e.code === -32602);
  await assert.rejects(client.callTool({ name: 'bash', arguments: { command: 'true', timeout: -1 } }),
    (e) => e.code === -32602);
  await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (e) => e.code === -32602);
});

function processesWith(marker) {
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmdline.includes(marker)) found.push(pid);
    } catch { /* gone */ }
  }
  return found;
}

test('cancellation: notifications/cancelled kills the command and gets no reply', async () => {
  const marker = '37.25';
  const ac = new AbortController();
  const call = client.callTool({ name: 'bash', arguments: { command: `sleep ${marker}` } }, undefined,
    { signal: ac.signal });
  // wait until the command runs
  for (let i = 0; i < 100 && processesWith(`sleep ${marker}`).length === 0; i++)
    await new Promise((r) => setTimeout(r, 20));
  assert.notEqual(processesWith(`sleep ${marker}`).length, 0, 'the command started');
  const before = rec.received.length;
  ac.abort('test cancels');
  await assert.rejects(call);
  for (let i = 0; i < 100 && processesWith(`sleep ${marker}`).length > 0; i++)
    await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(processesWith(`sleep ${marker}`), [], 'the command was killed');
  // still serving, and nothing was sent for the cancelled request
  await client.ping();
  const after = rec.received.slice(before);
  assert.equal(after.filter((m) => m.result?.content).length, 0, 'no tool result after the cancellation');
  assert.deepEqual(clientErrors, []);
});

test('ping', async () => {
  assert.deepEqual(await client.ping(), {});
});

test('config requests: read-only ones run, a change without the user\'s approval does not', async () => {
  const show = await client.callTool({ name: 'lite_sandbox_config', arguments: { args: ['mode', 'show'] } });
  assert.equal(show.isError, false);
  assert.match(text(show), /allowlist/);
  const set = await client.callTool({ name: 'lite_sandbox_config', arguments: { args: ['mode', 'set', 'open'] } });
  assert.equal(set.isError, true);
  assert.match(text(set), /no approval matches this exact request/);
  // the same request through the bash tool, as the hook sees it
  const viaBash = await client.callTool({ name: 'bash', arguments: { command: 'lite-sandbox config mode set open' } });
  assert.equal(viaBash.isError, true);
  assert.match(text(viaBash), /no approval matches this exact request/);
  assert.equal(readFileSync(config, 'utf8'), 'mode: allowlist\n', 'the config is unchanged');
  const readViaBash = await client.callTool({ name: 'bash', arguments: { command: 'lite-sandbox config mode show' } });
  assert.equal(readViaBash.isError, false);
  assert.match(text(readViaBash), /allowlist/);
  const other = join(top, 'other.yaml');
  writeFileSync(other, 'secret_key: hunter2\n');
  for (const args of [['show', '--config', other], ['--config', other, 'show'], [`--config=${other}`, 'show']]) {
    const r = await client.callTool({ name: 'lite_sandbox_config', arguments: { args } });
    assert.equal(r.isError, true, JSON.stringify(args));
    assert.match(text(r), /--config is not accepted/);
    assert.doesNotMatch(text(r), /secret_key|hunter2/);
  }
  const viaBashOther = await client.callTool({ name: 'bash', arguments: { command: `lite-sandbox config show --config ${other}` } });
  assert.equal(viaBashOther.isError, true);
  assert.doesNotMatch(text(viaBashOther), /secret_key|hunter2/);
  const bad = await client.callTool({ name: 'lite_sandbox_config', arguments: { args: ['mode', 'set', 'op\u202en'] } });
  assert.equal(bad.isError, true);
  assert.match(text(bad), /refused/);
});

test('config requests: the ticket the hook records when it asks lets the change run once', async () => {
  const request = 'lite-sandbox config commands allow curl';
  const event = { session_id: 'sdk-test', transcript_path: join(top, 't.jsonl'), cwd: dir,
    hook_event_name: 'PreToolUse', tool_name: 'mcp__lite-sandbox__bash', tool_input: { command: request } };
  const hook = spawnSync(BIN, ['hook', '--agent', 'claude', '--config', config],
    { input: JSON.stringify(event), env, cwd: dir, encoding: 'utf8' });
  assert.equal(hook.status, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).hookSpecificOutput.permissionDecision, 'ask');
  let tickets = [];
  try { tickets = readdirSync(join(top, 'cache', 'lite-sandbox', 'tickets')); } catch { /* none */ }
  // The hook goes through the registrar, which records the ticket when it asks.
  assert.equal(tickets.length, 1, 'the hook\'s ask recorded one ticket');
  // (the user approves the prompt; Claude Code then makes the call)
  const before = await client.callTool({ name: 'bash', arguments: { command: 'curl --version' } });
  assert.equal(before.isError, true, 'curl is refused before the change');
  const r = await client.callTool({ name: 'bash', arguments: { command: request } });
  assert.equal(r.isError, false, text(r));
  assert.match(readFileSync(config, 'utf8'), /curl/);
  const again = await client.callTool({ name: 'bash', arguments: { command: request } });
  assert.equal(again.isError, true, 'a ticket is used once');
  assert.match(text(again), /no approval matches/);
});

test('ask entries: the hook\'s ticket lets the MCP bash tool run that exact command once', async () => {
  // Through the services (no --no-os-sandbox): the executor's check takes the
  // ticket the PreToolUse hook recorded when it put the call to the user.
  const t3 = new StdioClientTransport({ command: BIN, args: ['serve-mcp', '--config', askConfig, '--dir', dir],
    cwd: dir, env, stderr: 'pipe' });
  const c3 = new Client({ name: 'lite-sandbox-test-ask', version: '1.0.0' });
  await c3.connect(t3);
  const hook = (command, cwd = dir) => {
    const event = { session_id: 'sdk-ask', transcript_path: join(top, 't.jsonl'), cwd,
      hook_event_name: 'PreToolUse', tool_name: 'mcp__lite-sandbox__bash', tool_input: { command } };
    const h = spawnSync(BIN, ['hook', '--agent', 'claude', '--config', askConfig],
      { input: JSON.stringify(event), env, cwd, encoding: 'utf8' });
    assert.equal(h.status, 0, h.stderr);
    return JSON.parse(h.stdout).hookSpecificOutput.permissionDecision;
  };
  const bash = (command) => c3.callTool({ name: 'bash', arguments: { command } });
  try {
    // no hook ever asked: refused, saying how to get an approval
    let r = await bash('make --version');
    assert.equal(r.isError, true);
    assert.match(text(r), /ticket\.none/);
    assert.match(text(r), /PreToolUse hook/);
    assert.doesNotMatch(text(r), /GNU Make/);
    // the hook asks for the call (and records its ticket)
    assert.equal(hook('make --version'), 'ask');
    // other words, or an approval given for another directory: refused
    r = await bash('make -v');
    assert.equal(r.isError, true, text(r));
    assert.match(text(r), /ticket\.none/);
    const sub = join(dir, 'sub');
    mkdirSync(sub, { recursive: true });
    assert.equal(hook('make -v', sub), 'ask');
    r = await bash('make -v');
    assert.equal(r.isError, true, 'a ticket for another directory does not serve this one');
    // the approved call runs once
    r = await bash('make --version');
    assert.equal(r.isError, false, text(r));
    assert.match(text(r), /GNU Make[^]*exit status: 0$/);
    r = await bash('make --version');
    assert.equal(r.isError, true, 'a ticket is used once');
    assert.match(text(r), /ticket\.none/);
    // under a wrapper: refused by the hook and by the server
    assert.equal(hook('timeout 5 make --version'), 'deny');
    r = await bash('timeout 5 make --version');
    assert.equal(r.isError, true);
    assert.match(text(r), /ask-wrapped/);
    // a name built at runtime is not what the user approved, even with a ticket
    const line = 'make --version >/dev/null && echo literal-ran; X=make; $X --version';
    assert.equal(hook(line), 'ask');
    r = await bash(line);
    assert.equal(r.isError, true);
    assert.match(text(r), /(^|\n)literal-ran\n/);
    assert.match(text(r), /not one the approved command line shows/);
    assert.doesNotMatch(text(r), /GNU Make/);
    // the benign neighbour
    r = await bash('echo benign');
    assert.equal(r.isError, false, text(r));
    assert.equal(text(r), 'benign\nexit status: 0');
  } finally {
    await c3.close();
  }
});

test('bash: output past the cap keeps its start and its end, with a notice between', async () => {
  const r = await client.callTool({ name: 'bash', arguments: { command: 'yes 0123456789 | head -c 300000; echo; echo last line' } });
  const t = text(r);
  assert.match(t, /^0123456789\n0123456789\n/);
  assert.match(t, /\n\[stdout: 197611 bytes not shown here; each stream keeps its first 51200 and last 51200 bytes\]\n/);
  assert.match(t, /01234567\nlast line\nexit status: 0$/);
  assert.ok(t.length < 110000);
});

test('services path: without --no-os-sandbox the executor service runs the commands', async () => {
  const t2 = new StdioClientTransport({ command: BIN, args: ['serve-mcp', '--config', config, '--dir', dir],
    cwd: dir, env, stderr: 'pipe' });
  const c2 = new Client({ name: 'lite-sandbox-test-services', version: '1.0.0' });
  await c2.connect(t2);
  try {
    const rs = await Promise.all([
      c2.callTool({ name: 'bash', arguments: { command: 'echo hi; pwd; echo e >&2; exit 5' } }),
      c2.callTool({ name: 'bash', arguments: { command: 'wget http://example.com/' } }),
    ]);
    assert.equal(rs[0].isError, false, text(rs[0]));
    assert.equal(text(rs[0]), `hi\n${dir}\nstderr:\ne\nexit status: 5`);
    assert.equal(rs[1].isError, true);
    assert.match(text(rs[1]), /fix: lite-sandbox config commands allow wget/);
    const t0 = Date.now();
    const slow = await c2.callTool({ name: 'bash', arguments: { command: 'echo started; sleep 20; echo never', timeout: 0.5 } });
    assert.ok(Date.now() - t0 < 5000, 'answered soon after the timeout');
    assert.equal(slow.isError, true);
    assert.match(text(slow), /^started\n/, 'what it wrote before the timeout is kept');
    assert.match(text(slow), /timed out after 0\.5 seconds/);
    assert.doesNotMatch(text(slow), /never/);
    assert.match(text(slow), /exit status: 124$/);
  } finally {
    await c2.close();
  }
});

test('concurrent calls each get their own answer', async () => {
  const rs = await Promise.all([1, 2, 3, 4].map((i) =>
    client.callTool({ name: 'bash', arguments: { command: `sleep 0.${i}; echo ${i}` } })));
  rs.forEach((r, i) => assert.equal(text(r), `${i + 1}\nexit status: 0`));
});
