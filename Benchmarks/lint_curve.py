#!/usr/bin/env python3
"""How `sdui lint` grows with nodes × configurations: times a release `sdui lint` on storefront-style payloads
of 100 … 5 000 cards (make_lint_payload.py) over a few device sets, and prints a table of medians with the time
per node × configuration, plus the 4 058-card (35 007 nodes) and 5 000-card payloads with --jobs 1 (serial)
against all cores, and whether their reports are identical.

Usage: swift build -c release --product sdui && python3 Benchmarks/lint_curve.py [--runs 3] [--sdui PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_lint_payload import cards_payload  # noqa: E402

DEVICE_SETS = [
    ("1 phone", "iphone-16"),
    ("4 devices", "iphone-se-3,iphone-16,ipad-mini-7,ipad-pro-13-m4"),
    ("all 29 devices", "all"),
]
CARDS = [100, 500, 1000, 2000, 4058, 5000]
# 4 058 cards are 35 007 nodes: the size issue 15's lint target names (≤ 3 s on all devices, output as the serial run's).
TARGET_CARDS = 4058


def node_count(sdui: str, path: str) -> int:
    """The payload's node count as `sdui validate` reports it ("FILE: valid (N nodes)")."""
    done = subprocess.run([sdui, "validate", path], capture_output=True, text=True)
    match = re.search(r"valid \((\d+) nodes\)", done.stdout + done.stderr)
    if done.returncode != 0 or not match:
        raise SystemExit(f"{path} is not a valid payload: {done.stdout}{done.stderr}")
    return int(match.group(1))


def lint(sdui: str, path: str, devices: str, jobs: int | None) -> tuple[float, dict]:
    command = [sdui, "lint", path, "--devices", devices, "--format", "json"]
    if jobs:
        command += ["--jobs", str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr}")
    return elapsed, json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sdui", default=os.path.join(HERE, "..", ".build", "release", "sdui"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print("| cards | nodes | devices | layouts | median s | µs per node × layout |")
        print("|---:|---:|---|---:|---:|---:|")
        for cards in CARDS:
            path = os.path.join(folder, f"cards-{cards}.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(cards_payload(cards), f, separators=(",", ":"))
            nodes = node_count(args.sdui, path)
            for label, devices in DEVICE_SETS:
                times = []
                layouts = 0
                for _ in range(args.runs):
                    elapsed, report = lint(args.sdui, path, devices, None)
                    times.append(elapsed)
                    layouts = int(report["layouts"])
                median = statistics.median(times)
                print(f"| {cards} | {nodes} | {label} | {layouts} | {median:.3f} | {median / (nodes * layouts) * 1e6:.3f} |")
        for cards in (TARGET_CARDS, 5000):
            path = os.path.join(folder, f"cards-{cards}.json")
            serial_runs = [lint(args.sdui, path, "all", 1) for _ in range(args.runs)]
            parallel_runs = [lint(args.sdui, path, "all", None) for _ in range(args.runs)]
            same = all(r[1] == serial_runs[0][1] for r in serial_runs + parallel_runs)
            serial = statistics.median(r[0] for r in serial_runs)
            parallel = statistics.median(r[0] for r in parallel_runs)
            print(f"\n{cards} cards ({node_count(args.sdui, path)} nodes), all devices: serial (--jobs 1) {serial:.3f} s, "
                  f"all cores ({os.cpu_count()}) {parallel:.3f} s, speed-up {serial / parallel:.2f}x, "
                  f"reports {'identical' if same else 'DIFFERENT'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
