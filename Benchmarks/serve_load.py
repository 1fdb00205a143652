#!/usr/bin/env python3
"""Load check of `sdui serve`: 20 open pages, 200 saves in a row.

Starts `sdui serve PAYLOAD --port 0` (a copy of the payload in a temporary folder), opens 20 pages (WebSocket
clients speaking the page's protocol, as the browser's script does), then saves the payload 200 times in a row, each
save changing the heading, and waits after each until all 20 pages got the patch. Measured in the same run:

* save → every page patched: from the write to the last page's patch (the watcher's inotify wake-up, decoding,
  20 pages × their panels laid out again and patched, 20 WebSocket writes);
* answers: a page's tap → its patch (interaction), and `GET /` → the whole page (HTML of every panel), sampled
  all through the saves by a second connection; beside them, the same page's static HTML (`sdui preview`) served by
  Python's `http.server`, the peer;
* the server's open file descriptors and resident memory (`/proc/PID`), before the saves and after every 50.

Prints medians, p95 and maxima; no assertion (timings depend on the machine: see docs/benchmarks.md).

Usage:
    swift build -c release --product sdui
    python3 Benchmarks/serve_load.py [--sdui .build/release/sdui] [--payload Examples/order.json] [--pages 20] [--saves 200]
"""

import argparse
import base64
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request


class Page:
    """One open page: a WebSocket client that says hello and records every message with its arrival time."""

    def __init__(self, port, name):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /_sdui/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(4096)
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise RuntimeError("no WebSocket: " + head[:80].decode())
        self.messages = []  # (time, message)
        self.lock = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()
        self.send({"t": "hello", "page": name, "render": ""})

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def read(self):
        try:
            while True:
                while len(self.buffer) < 2:
                    self.buffer += self.sock.recv(65536)
                n = self.buffer[1] & 0x7F
                offset = 2
                if n == 126:
                    while len(self.buffer) < 4:
                        self.buffer += self.sock.recv(65536)
                    n, offset = int.from_bytes(self.buffer[2:4], "big"), 4
                elif n == 127:
                    while len(self.buffer) < 10:
                        self.buffer += self.sock.recv(65536)
                    n, offset = int.from_bytes(self.buffer[2:10], "big"), 10
                while len(self.buffer) < offset + n:
                    self.buffer += self.sock.recv(1 << 20)
                payload, self.buffer = self.buffer[offset:offset + n], self.buffer[offset + n:]
                now = time.perf_counter()
                if self.buffer is not None and payload:
                    for message in json.loads(payload.decode()):
                        with self.lock:
                            self.messages.append((now, message))
                            self.lock.notify_all()
        except (OSError, ValueError):
            return

    def wait_for(self, predicate, since, timeout=10):
        """The arrival time of the first message after `since` that `predicate` accepts, or None."""
        end = time.time() + timeout
        with self.lock:
            while True:
                for at, message in self.messages:
                    if at >= since and predicate(message):
                        return at
                left = end - time.time()
                if left <= 0:
                    return None
                self.lock.wait(left)


def mentions(message, text):
    """Whether a message holds `text` not followed by another digit (`#1` is not in `#12`)."""
    return re.search(re.escape(text) + r"(?!\d)", json.dumps(message)) is not None


def fds_and_rss(pid):
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    with open(f"/proc/{pid}/status") as f:
        rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
    return fds, rss / 1024


def get(url):
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as r:
        r.read()
    return time.perf_counter() - start


def summary(name, seconds):
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        return f"{name}: no samples"
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"{name}: median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms ({len(ms)} samples)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sdui", default=".build/release/sdui")
    parser.add_argument("--payload", default="Examples/order.json")
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--saves", type=int, default=200)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="sdui-serve-load-")
    name = os.path.basename(args.payload)
    path = os.path.join(folder, name)
    with open(args.payload) as f:
        payload = json.load(f)
    heading = payload["root"]["children"][0]["children"][0] if payload["root"].get("type") == "scroll" else None

    def save(i):
        if heading is not None:
            heading["text"] = f"Your order #{i}"
        with open(path, "w") as f:
            json.dump(payload, f, indent=2)

    save(0)
    server = subprocess.Popen([args.sdui, "serve", path, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
    # The peer: the same payload's static preview page, served by Python's http.server.
    static = os.path.join(folder, "static")
    os.makedirs(static)
    subprocess.run([args.sdui, "preview", path, "-o", os.path.join(static, "index.html"), "--content-sizes", "Large"], check=True,
                   stdout=subprocess.DEVNULL)
    peer = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", static],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    peer_port = int(re.search(r"port (\d+)", peer.stdout.readline()).group(1))
    try:
        pages = [Page(port, name) for _ in range(args.pages)]
        for page in pages:
            if page.wait_for(lambda m: m.get("t") == "ready", 0) is None:
                raise RuntimeError("a page did not get ready")
        print(f"sdui serve on port {port}, {args.pages} pages open; peer http.server on {peer_port}")
        for i in range(1, 11):  # warm-up
            since = time.perf_counter()
            save(-i)
            for page in pages:
                page.wait_for(lambda m, i=i: m.get("t") == "patch" and mentions(m, f"#-{i}"), since)
        samples = [(0, *fds_and_rss(server.pid))]

        stop = threading.Event()
        gets, peer_gets = [], []

        failed = []

        def sample_gets():
            while not stop.is_set():
                for samples, url in ((gets, f"http://127.0.0.1:{port}/"), (peer_gets, f"http://127.0.0.1:{peer_port}/index.html")):
                    try:
                        samples.append(get(url))
                    except OSError as e:
                        failed.append(f"{url}: {e}")
                time.sleep(0.05)
        sampler = threading.Thread(target=sample_gets, daemon=True)
        sampler.start()

        saves, taps, missed = [], [], 0
        window = "iphone-se-3:portrait:full"
        for i in range(1, args.saves + 1):
            since = time.perf_counter()
            save(i)
            arrivals = [page.wait_for(lambda m, i=i: m.get("t") == "patch" and mentions(m, f"#{i}"), since) for page in pages]
            if None in arrivals:
                missed += 1
            else:
                saves.append(max(arrivals) - since)
            if i % 10 == 0:
                since = time.perf_counter()
                pages[0].send({"t": "tap", "w": window, "k": "#add-one:button", "x": 5, "y": 5})
                at = pages[0].wait_for(lambda m: m.get("t") == "patch", since)
                if at:
                    taps.append(at - since)
            if i % 50 == 0:
                samples.append((i, *fds_and_rss(server.pid)))
        stop.set()
        sampler.join()

        print(summary(f"save → all {args.pages} pages patched", saves) + (f"; {missed} saves missed" if missed else ""))
        print(summary("tap → its patch (answer)", taps))
        for failure in failed:
            print("request failed: " + failure)
        print(summary("GET / the live page (answer)", gets))
        print(summary("GET the static preview from http.server (peer)", peer_gets))
        if gets and peer_gets:
            print(f"live page / static page, medians: {statistics.median(gets) / statistics.median(peer_gets):.2f}×")
        print("after saves: open descriptors, resident MB")
        for i, fds, rss in samples:
            print(f"  {i:4d}: {fds:4d} fds, {rss:7.1f} MB")
    finally:
        server.terminate()
        peer.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
