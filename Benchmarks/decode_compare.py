#!/usr/bin/env python3
"""SDUIKit's payload decoder against Foundation's and Python's JSON decoders, on the same bytes, in one run.

For Benchmarks/cards-100.json and for generated feeds of text cards from 1 KB to 16 MB (every card's texts,
image and action unique, as a real feed's are), it
  1. builds the CLI (swift build -c release --product sdui; --no-build skips it),
  2. times SDUIKit (bytes -> validated Screen: PayloadDecoder, and its general path alone), Foundation's
     JSONSerialization and JSONDecoder (a Codable mirror of the node tree) with
     .build/release/sdui bench --payload FILE --json, which also reports each one's peak memory,
  3. times CPython's json.loads, orjson.loads and pysimdjson (Parser.parse: its tape, values made lazily;
     and simdjson.loads: Python objects) in this process on the same bytes,
and prints a Markdown table of medians and ratios (ratio = peer median / SDUIKit median: "3.1x" reads "SDUIKit
is 3.1 times faster"), written with the JSON to DIR/decode-results.md and .json (DIR defaults to Benchmarks/).
--rounds N alternates SDUIKit and the peers N times and reports the median of each side's per-round medians.
Peers' versions: Benchmarks/requirements.txt. Exit codes: 0 ok, 2 a step failed.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CARDS = HERE / "cards-100.json"
SIZES = [1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20]
# The decoder's input limit is 16 MiB; the largest feed stays just under it.
MAX_BYTES = (16 << 20) - 4096
SDUI_ROWS = ["decode-sdui", "decode-sdui-general-path", "decode-jsonserialization", "decode-jsondecoder"]


def card(i: int) -> dict:
    """One feed card: 8 nodes, texts and ids that differ from every other card's."""
    words = ["handmade", "ceramic", "walnut", "linen", "recycled", "waxed", "copper", "wool", "oak", "glass"]
    name = f"{words[i % 10].title()} {words[(i * 7 + 3) % 10]} mug no. {i}"
    body = (f"Item {i}: {words[(i * 3) % 10]} and {words[(i * 5 + 1) % 10]}, made in small batches; "
            f"ships in {i % 5 + 1} days.")
    return {
        "type": "vstack", "id": f"card-{i}", "spacing": 8, "alignment": "leading", "padding": 12,
        "background": "#F2F2F7", "cornerRadius": 12,
        "children": [
            {"type": "image", "id": f"card-{i}-image", "url": f"https://img.example/products/{i}.jpg",
             "alt": f"Photo of {name}", "aspectRatio": 1.5, "contentMode": "fill"},
            {"type": "text", "id": f"card-{i}-title", "text": name, "style": "headline", "lineLimit": 2},
            {"type": "text", "id": f"card-{i}-body", "text": body, "style": "subheadline", "color": "secondary"},
            {"type": "hstack", "id": f"card-{i}-row", "spacing": 8, "children": [
                {"type": "text", "id": f"card-{i}-price", "text": f"${i % 90 + 10}.{i % 100:02d}", "weight": "semibold"},
                {"type": "spacer", "id": f"card-{i}-spacer"},
                {"type": "button", "id": f"card-{i}-buy", "title": "Buy", "style": "borderedProminent",
                 "action": {"type": "navigate", "screen": f"product-{i}"}},
            ]},
        ],
    }


def feed(cards: int) -> bytes:
    screen = {"schemaVersion": 1, "id": f"feed-{cards}", "title": "Feed",
              "root": {"type": "scroll", "id": "scroll", "children": [
                  {"type": "vstack", "id": "feed", "spacing": 12, "padding": 16,
                   "children": [card(i) for i in range(cards)]}]}}
    return json.dumps(screen, ensure_ascii=False, separators=(",", ":")).encode()


def feed_of_size(target: int) -> bytes:
    """The feed whose size is closest to target from below (at least one card)."""
    per_card = (len(feed(200)) - len(feed(100))) / 100
    n = max(1, int((target - len(feed(0))) / per_card))
    data = feed(n)
    while len(data) > min(target, MAX_BYTES) and n > 1:
        n -= max(1, n // 200)
        data = feed(n)
    return data


def runs_for(size: int, base: int) -> int:
    """About the same total work per payload: many runs of small payloads, a few of the 16 MB one."""
    return max(5, min(base, int(base * 60_000 / size)))


def sdui_times(sdui: Path, path: Path, runs: int) -> dict:
    out = subprocess.run([str(sdui), "bench", "--payload", str(path), "--runs", str(runs), "--json"],
                         capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        raise SystemExit(f"sdui bench --payload {path} failed ({out.returncode}): {out.stderr}")
    doc = json.loads(out.stdout)
    rows = {b["name"]: b for b in doc["benchmarks"]}
    if set(SDUI_ROWS) - rows.keys():
        raise SystemExit(f"sdui bench --payload printed {sorted(rows)}, expected {SDUI_ROWS}")
    memory = {m["name"].removesuffix("-peak-memory"): m["peakGrowthKB"] for m in doc["memory"]}
    return {name: {"median": rows[name]["medianMicroseconds"], "p90": rows[name]["p90Microseconds"],
                   "nodes": rows[name]["nodes"], "peakKB": memory.get(name)} for name in SDUI_ROWS}


def python_peers() -> dict:
    import orjson
    import simdjson
    parser = simdjson.Parser()

    def simdjson_parse(data: bytes):
        doc = parser.parse(data)
        del doc

    return {"cpython-json": json.loads, "orjson": orjson.loads,
            "pysimdjson-parse": simdjson_parse, "pysimdjson-loads": simdjson.loads}


def time_python(fn, data: bytes, runs: int) -> dict:
    for _ in range(max(1, runs // 10)):
        fn(data)
    samples = []
    gc.disable()
    try:
        for _ in range(runs):
            start = time.perf_counter_ns()
            value = fn(data)
            samples.append((time.perf_counter_ns() - start) / 1000)
            del value
    finally:
        gc.enable()
    samples.sort()
    return {"median": samples[len(samples) // 2], "p90": samples[min(len(samples) - 1, len(samples) * 9 // 10)]}


def fmt_us(us: float) -> str:
    if us >= 10_000:
        return f"{us / 1000:,.1f} ms"
    if us >= 1000:
        return f"{us / 1000:,.2f} ms"
    return f"{us:,.1f} µs" if us < 100 else f"{us:,.0f} µs"


def fmt_size(n: int) -> str:
    return f"{n / (1 << 20):.1f} MB" if n >= 1 << 20 else f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} B"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=400, help="timed runs for the 60 KB payloads (scaled by size)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--sizes", default="all", help="'all', 'cards' (cards-100.json only) or a comma list of KB")
    ap.add_argument("--out", type=Path, default=HERE)
    args = ap.parse_args()

    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "sdui"], cwd=ROOT, check=True)
    sdui = ROOT / ".build" / "release" / "sdui"
    peers = python_peers()
    if args.sizes in ("cards", "all"):
        sizes = [] if args.sizes == "cards" else SIZES
    else:
        words = args.sizes.split(",")
        if not all(w.strip().isdigit() and 0 < int(w) <= 1 << 20 for w in words):
            ap.error(f"--sizes: expected 'all', 'cards' or a comma list of sizes in KB (1 to 1048576), got {args.sizes!r}")
        sizes = [int(w) << 10 for w in words]

    with tempfile.TemporaryDirectory() as tmp:
        payloads = [("cards-100.json", CARDS, CARDS.read_bytes())]
        for size in sizes:
            data = feed_of_size(size)
            path = Path(tmp) / f"feed-{size >> 10}k.json"
            path.write_bytes(data)
            payloads.append((f"feed {fmt_size(size)}", path, data))
        results = []
        for name, path, data in payloads:
            runs = runs_for(len(data), args.runs)
            rounds = []
            for _ in range(args.rounds):
                row = sdui_times(sdui, path, runs)
                for peer, fn in peers.items():
                    row[peer] = time_python(fn, data, runs)
                rounds.append(row)
            merged = {}
            for key in rounds[0]:
                merged[key] = dict(rounds[0][key])
                merged[key]["median"] = statistics.median(r[key]["median"] for r in rounds)
                merged[key]["p90"] = statistics.median(r[key]["p90"] for r in rounds)
            results.append({"payload": name, "bytes": len(data), "nodes": merged["decode-sdui"]["nodes"], "runs": runs,
                            "rounds": args.rounds, "times": merged})
            print(f"{name}: {len(data)} bytes, SDUIKit {merged['decode-sdui']['median']:.1f} µs, "
                  f"orjson {merged['orjson']['median']:.1f} µs", file=sys.stderr)

    peers_order = ["decode-sdui-general-path", "decode-jsonserialization", "decode-jsondecoder",
                   "cpython-json", "orjson", "pysimdjson-parse", "pysimdjson-loads"]
    titles = {"decode-sdui-general-path": "SDUIKit general path", "decode-jsonserialization": "JSONSerialization",
              "decode-jsondecoder": "JSONDecoder (Codable)", "cpython-json": "CPython json", "orjson": "orjson",
              "pysimdjson-parse": "pysimdjson parse", "pysimdjson-loads": "pysimdjson loads"}
    lines = [f"Decoding side by side, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
             f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}; "
             f"load average {os.getloadavg()[0]:.1f} at the end (a shared machine). Medians; in brackets the peer's time "
             f"÷ SDUIKit's.", "",
             "| payload | bytes | nodes | SDUIKit | MB/s | " + " | ".join(titles[p] for p in peers_order) + " |",
             "|---|---:|---:|---:|---:|" + "---:|" * len(peers_order)]
    for r in results:
        t = r["times"]
        base = t["decode-sdui"]["median"]
        cells = [f"{fmt_us(t[p]['median'])} ({t[p]['median'] / base:.2g}×)" for p in peers_order]
        lines.append(f"| {r['payload']} | {r['bytes']:,} | {r['nodes']:,} | **{fmt_us(base)}** | "
                     f"{r['bytes'] / base:,.0f} | " + " | ".join(cells) + " |")
    lines += ["", "Peak memory of one decode (growth of the process's peak RSS), and as a multiple of the input:", "",
              "| payload | bytes | SDUIKit | SDUIKit general path | JSONSerialization | JSONDecoder |", "|---|---:|---:|---:|---:|---:|"]
    for r in results:
        t = r["times"]
        cells = []
        for p in SDUI_ROWS:
            kb = t[p]["peakKB"]
            cells.append(f"{kb / 1024:,.1f} MB ({kb * 1024 / r['bytes']:.1f}×)" if kb is not None else "")
        lines.append(f"| {r['payload']} | {r['bytes']:,} | " + " | ".join(cells) + " |")
    table = "\n".join(lines)
    print(table)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "decode-results.md").write_text(table + "\n")
    (args.out / "decode-results.json").write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
