#!/usr/bin/env python3
"""Malformed input to `lite-sandbox serve-mcp`, as raw bytes on its stdin.

Every case checks the error reply (or that none is sent, for notifications),
that the server still answers a ping afterwards, that everything it wrote
on stdout is one JSON-RPC message per line, and at the end that it exits
cleanly when stdin closes. Prints TAP. Usage: malformed_test.py BINARY
"""
import json
import os
import select
import subprocess
import sys
import tempfile
import time

BIN = sys.argv[1]
results = []


def ok(cond, name, detail=""):
    results.append((bool(cond), name, detail))


class Server:
    def __init__(self, version="2025-06-18", initialize=True):
        self.tmp = tempfile.TemporaryDirectory()
        cfg = os.path.join(self.tmp.name, "config.yaml")
        with open(cfg, "w") as f:
            f.write("mode: allowlist\n")
        self.p = subprocess.Popen(
            [BIN, "serve-mcp", "--no-os-sandbox", "--config", cfg, "--dir", self.tmp.name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buf = b""
        self.next_id = 1000
        if initialize:
            r = self.request("initialize", {"protocolVersion": version, "capabilities": {},
                                            "clientInfo": {"name": "t", "version": "0"}})
            assert r["result"]["protocolVersion"] == version, r
            self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send_raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, obj):
        self.send_raw(json.dumps(obj).encode() + b"\n")

    def line(self, timeout=10.0):
        """The next line on stdout, parsed; None on timeout or EOF."""
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.p.stdout], [], [], timeout)
            if not r:
                return None
            chunk = os.read(self.p.stdout.fileno(), 1 << 20)
            if not chunk:
                return None
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        return json.loads(raw)  # not JSON would be a failure of the test

    def request(self, method, params=None):
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return self.line()

    def alive(self):
        r = self.request("ping")
        return r == {"jsonrpc": "2.0", "id": self.next_id, "result": {}}

    def close(self):
        self.p.stdin.close()
        try:
            rc = self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = "hung"
        rest = self.p.stdout.read()
        self.tmp.cleanup()
        return rc, self.buf + rest


def error_case(name, data, code, id_=None, version="2025-06-18", initialize=True):
    s = Server(version, initialize)
    s.send_raw(data)
    r = s.line()
    good = (r is not None and r.get("jsonrpc") == "2.0" and "error" in r
            and r["error"].get("code") == code and r.get("id") == id_
            and isinstance(r["error"].get("message"), str))
    ok(good, f"{name}: error {code}", f"got {r!r}"[:300])
    ok(s.alive(), f"{name}: still serving")
    rc, rest = s.close()
    ok(rc == 0 and rest == b"", f"{name}: clean exit", f"rc={rc} rest={rest[:200]!r}")


def req(method, params=None, id_=1):
    m = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        m["params"] = params
    return json.dumps(m).encode() + b"\n"


error_case("garbage line", b"this is not json\n", -32700)
error_case("truncated JSON", b'{"jsonrpc":"2.0","id":1,"method":"ping"\n', -32700)
error_case("duplicate keys", b'{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}\n', -32700)
error_case("invalid UTF-8", b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":'
           b'{"name":"bash","arguments":{"command":"echo \xff\xfe"}}}\n', -32700)
error_case("overlong UTF-8", b'{"jsonrpc":"2.0","id":1,"method":"p\xc0\xafing"}\n', -32700)
error_case("NUL byte in a line", b'{"jsonrpc":"2.0",\x00"id":1,"method":"ping"}\n', -32700)
error_case("deep nesting", b"[" * 100000 + b"\n", -32700)
error_case("oversized message", b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"'
           + b"a" * (5 << 20) + b'"}}\n', -32600)
error_case("top-level number", b"42\n", -32600)
error_case("top-level string", b'"ping"\n', -32600)
error_case("no jsonrpc member", b'{"id":1,"method":"ping"}\n', -32600, 1)
error_case("wrong jsonrpc version", b'{"jsonrpc":"1.0","id":1,"method":"ping"}\n', -32600, 1)
error_case("object id", b'{"jsonrpc":"2.0","id":{},"method":"ping"}\n', -32600)
error_case("fractional id", b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}\n', -32600)
error_case("null id", b'{"jsonrpc":"2.0","id":null,"method":"ping"}\n', -32600)
error_case("method not a string", b'{"jsonrpc":"2.0","id":1,"method":7}\n', -32600, 1)
error_case("no method", b'{"jsonrpc":"2.0","id":1}\n', -32600, 1)
error_case("params a string", b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"}\n', -32602, 1)
error_case("unknown method", req("resources/list"), -32601, 1)
error_case("request before initialize", req("tools/list"), -32600, 1, initialize=False)
error_case("tools/call before initialize",
           req("tools/call", {"name": "bash", "arguments": {"command": "true"}}), -32600, 1,
           initialize=False)
error_case("initialize twice", req("initialize", {"protocolVersion": "2025-06-18"}), -32600, 1)
error_case("initialize without a version", req("initialize", {}), -32602, 1, initialize=False)
error_case("tools/call without a name", req("tools/call", {"arguments": {}}), -32602, 1)
error_case("tools/call: arguments not an object",
           req("tools/call", {"name": "bash", "arguments": [1]}), -32602, 1)
error_case("bash: command not a string",
           req("tools/call", {"name": "bash", "arguments": {"command": ["ls"]}}), -32602, 1)
error_case("bash: timeout too large",
           req("tools/call", {"name": "bash", "arguments": {"command": "true", "timeout": 1e9}}), -32602, 1)
error_case("config tool: args not strings",
           req("tools/call", {"name": "lite_sandbox_config", "arguments": {"args": [1]}}), -32602, 1)
error_case("batch under 2025-06-18", b"[" + req("ping").strip() + b"]\n", -32600)
error_case("batch under 2024-11-05", b"[" + req("ping").strip() + b"]\n", -32600, version="2024-11-05")
error_case("empty batch under 2025-03-26", b"[]\n", -32600, version="2025-03-26")

# Before initialize, ping is allowed (the spec lets either side ping anytime).
s = Server(initialize=False)
ok(s.alive(), "ping before initialize is answered")
ok(s.close()[0] == 0, "ping before initialize: clean exit")

# Notifications get no reply, whatever they are.
s = Server()
s.send_raw(b'{"jsonrpc":"2.0","method":"notifications/unknown"}\n'
           b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":999}}\n'
           b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":"bad"}\n'
           b'{"jsonrpc":"2.0","method":"tools/list","params":7}\n'
           b'{"jsonrpc":"2.0","id":5,"result":{}}\n'
           b"\n   \n\r\n")
ok(s.alive(), "notifications, stray responses and blank lines get no reply")
rc, rest = s.close()
ok(rc == 0 and rest == b"", "notifications: clean exit", f"rc={rc} rest={rest[:200]!r}")

# A batch under 2025-03-26: one array reply, notifications left out, errors in place.
s = Server("2025-03-26")
s.send_raw(b'[{"jsonrpc":"2.0","id":1,"method":"ping"},'
           b'{"jsonrpc":"2.0","method":"notifications/initialized"},'
           b'{"jsonrpc":"2.0","id":2,"method":"nope"},'
           b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"bash","arguments":{"command":"echo b"}}},'
           b'7]\n')
r = s.line()
ok(isinstance(r, list) and len(r) == 4, "batch: one array with four replies", repr(r)[:300])
if isinstance(r, list) and len(r) == 4:
    by_id = {m.get("id"): m for m in r}
    ok(by_id[1].get("result") == {}, "batch: ping answered")
    ok(by_id[2]["error"]["code"] == -32601, "batch: unknown method in place")
    ok(by_id[3]["result"]["content"][0]["text"] == "b\nexit status: 0", "batch: tool call answered")
    ok(by_id[None]["error"]["code"] == -32600, "batch: a non-object member is an invalid request")
ok(s.alive(), "batch: still serving")
ok(s.close()[0] == 0, "batch: clean exit")

# A batch of notifications only: no reply at all.
s = Server("2025-03-26")
s.send_raw(b'[{"jsonrpc":"2.0","method":"notifications/initialized"}]\n')
ok(s.alive(), "batch of notifications: no reply")
s.close()

# Many bad lines in one write, then a good one: one reply each, in order.
s = Server()
s.send_raw(b"x\n" * 50 + req("ping", id_=77))
codes = [s.line() for _ in range(51)]
ok(all(c is not None and c.get("error", {}).get("code") == -32700 for c in codes[:50])
   and codes[50] == {"jsonrpc": "2.0", "id": 77, "result": {}}, "50 bad lines then a ping")
s.close()

# A last message without its newline is still read at end of input.
s = Server()
s.send_raw(req("ping", id_=88).strip())
s.p.stdin.close()
r = s.line()
ok(r == {"jsonrpc": "2.0", "id": 88, "result": {}}, "message without a final newline", repr(r))
ok(s.p.wait(timeout=10) == 0, "exit after the last message")
s.tmp.cleanup()

# The same id twice while the first still runs.
s = Server()
s.send_raw(req("tools/call", {"name": "bash", "arguments": {"command": "sleep 0.5"}}, id_=9)
           + req("tools/call", {"name": "bash", "arguments": {"command": "true"}}, id_=9))
first = s.line()
second = s.line()
ok(first and first.get("error", {}).get("code") == -32600 and second and "result" in second,
   "a duplicate id of a running request is refused", f"{first!r} {second!r}"[:300])
s.close()

# Output that is not UTF-8 comes back as valid JSON text with U+FFFD.
s = Server()
r = s.request("tools/call", {"name": "bash", "arguments": {"command": "printf 'a\\377b\\n'"}})
ok(r and r["result"]["content"][0]["text"] == "a\ufffdb\nexit status: 0", "binary output is sanitised",
   repr(r)[:300])
s.close()

# A command's writes to its own stdout/stderr (by name or descriptor) and
# to descriptors it did not get stay out of the JSON-RPC stream.
s = Server()
r = s.request("tools/call", {"name": "bash", "arguments": {
    "command": "echo a >/dev/stdout; echo b >/dev/stderr; echo c >&2; echo d >&3; echo e >&0; echo f"}})
t = r and r["result"]["content"][0]["text"]
ok(t and t.startswith("a\nf\n") and "b\nc\n" in t, "a command's output stays inside its result", repr(t)[:300])
ok(s.alive(), "output by descriptor: still serving, nothing else on stdout")
rc, rest = s.close()
ok(rc == 0 and rest == b"", "output by descriptor: clean exit", f"rc={rc} rest={rest[:200]!r}")

# More calls at once than the server runs: the one past the limit is an
# error result at once, the others finish.
s = Server()
s.send_raw(b"".join(req("tools/call", {"name": "bash", "arguments": {"command": "sleep 0.3; echo done"}},
                        id_=100 + i) for i in range(17)))
replies = [s.line() for _ in range(17)]
ids = [r and r.get("id") for r in replies]
over = [r for r in replies if r and r["result"]["isError"]]
ok(len(over) == 1 and "already running" in over[0]["result"]["content"][0]["text"] and over[0]["id"] == 116
   and sorted(ids) == list(range(100, 117)), "the 17th concurrent call is refused, the 16 others answered",
   repr(over)[:300])
ok(s.alive(), "after the limit: still serving")
s.close()

# stdout closed by the client while a command runs: the command is killed
# and the server leaves (no one to answer).
s = Server()
s.send_raw(req("tools/call", {"name": "bash", "arguments": {"command": "sleep 42.5; echo x"}}, id_=4))
for _ in range(100):
    if subprocess.run(["pgrep", "-f", "sleep 42.5"], capture_output=True).returncode == 0:
        break
    time.sleep(0.02)
s.p.stdout.close()
s.send_raw(req("ping", id_=5))
try:
    rc = s.p.wait(timeout=10)
except subprocess.TimeoutExpired:
    s.p.kill()
    rc = "hung"
time.sleep(0.1)
left = subprocess.run(["pgrep", "-f", "sleep 42.5"], capture_output=True).returncode == 0
ok(rc != "hung" and not left, "stdout closed: the command is killed and the server exits", f"rc={rc} left={left}")
s.tmp.cleanup()

# SIGTERM while a command runs: the command's group is killed, the server exits.
s = Server()
s.send_raw(req("tools/call", {"name": "bash", "arguments": {"command": "sleep 41.75"}}, id_=3))
for _ in range(100):
    if subprocess.run(["pgrep", "-f", "sleep 41.75"], capture_output=True).returncode == 0:
        break
    time.sleep(0.02)
s.p.terminate()
rc = s.p.wait(timeout=10)
time.sleep(0.1)
left = subprocess.run(["pgrep", "-f", "sleep 41.75"], capture_output=True).returncode == 0
ok(rc == 128 + 15 and not left, "SIGTERM kills the running command and ends the server", f"rc={rc} left={left}")
s.tmp.cleanup()

print("TAP version 13")
print(f"1..{len(results)}")
for i, (good, name, detail) in enumerate(results, 1):
    print(f"{'ok' if good else 'not ok'} {i} - {name}")
    if not good and detail:
        print(f"  # {detail}")
sys.exit(0 if all(g for g, _, _ in results) else 1)
