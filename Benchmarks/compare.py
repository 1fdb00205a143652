#!/usr/bin/env python3
"""SDUIKit against Yoga, Taffy and Cassowary on cards-100, side by side.

In one sequence on this machine it
  1. builds the CLI:           swift build -c release --product sdui
  2. checks SDUIKit's frames:  .build/release/sdui layout Benchmarks/cards-100.json
                                   --window 375x667 --format json
     against every peer's (python3 Benchmarks/peers.py --check-only --frames),
     id by id within 0.01 pt, and stops before timing if any differ,
  3. times SDUIKit:            .build/release/sdui bench --json
  4. times the peers:          python3 Benchmarks/peers.py
and prints a Markdown table (ratio = peer median / SDUIKit median, so "12x"
reads "SDUIKit is 12 times faster"; below 1 SDUIKit is slower), written with
the JSON to DIR/results.md and DIR/results.json (DIR defaults to Benchmarks/).
It exits 1 if the frames disagree, 2 if a step fails or prints the wrong shape.

--sdui-json, --sdui-layout and --peers-json read captured output instead of
running a step (to re-render results, or to test this script without the Swift
side); --rounds N alternates SDUIKit and the peers N times and reports the
median of each side's per-round medians (and p90s), which evens out a machine
whose speed wanders.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cards_scene import (CARD_COUNT, PARTS, SDUI_NODE_COUNT, TOLERANCE,  # noqa: E402
                         WINDOW_HEIGHT, WIDTH, card_id, compare_frames)

PAYLOAD = HERE / "cards-100.json"
BENCHMARKS = ("cards-100-fresh", "cards-100-first-layout", "cards-100-relayout")
# SDUIKit benchmarks compared with a peer case of another name: the first layout
# of a screen never laid out before (SDUIKit flattens the payload, then lays it
# out) against the peers' fresh layout of a tree built just before (untimed).
PEER_CASE = {"cards-100-first-layout": "cards-100-fresh"}


class StepError(Exception):
    """A step that could not run or printed something unusable (exit 2)."""


# --------------------------------------------------------------------------
# Running the steps
# --------------------------------------------------------------------------


def run(cmd: list[str], cwd: Path, what: str, hint: str = "") -> str:
    """Runs cmd, returns its stdout; raises StepError with its stderr if it fails."""
    print(f"$ {' '.join(cmd)}", file=sys.stderr, flush=True)
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise StepError(f"{what}: {cmd[0]} not found. {hint}".rstrip())
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
        raise StepError(f"{what} failed (exit {proc.returncode}):\n{tail}\n{hint}".rstrip())
    return proc.stdout


def parse_json(text: str, what: str) -> dict:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise StepError(f"{what} did not print JSON ({error}); it began: {text[:200]!r}")
    if not isinstance(value, dict):
        raise StepError(f"{what} printed JSON that is not an object")
    return value


def read_json(path: str, what: str) -> dict:
    try:
        return parse_json(Path(path).read_text(), f"{what} ({path})")
    except OSError as error:
        raise StepError(f"cannot read {what} from {path}: {error}")


def sdui_binary(package: Path) -> Path:
    return package / ".build" / "release" / "sdui"


def build(package: Path) -> None:
    run(["swift", "build", "-c", "release", "--product", "sdui"], package,
        "swift build -c release --product sdui",
        "Is the Swift toolchain on PATH? Use --no-build to reuse an existing build.")


def sdui_bench(package: Path) -> dict:
    binary = sdui_binary(package)
    if not binary.exists():
        raise StepError(f"{binary} does not exist: build it (drop --no-build) or pass "
                        f"--sdui-json FILE with captured `sdui bench --json` output.")
    out = run([str(binary), "bench", "--json"], package, "sdui bench --json",
              "SDUIKit's side of the benchmark is the `sdui bench --json` command; if "
              "this build has no `bench` command yet, pass --sdui-json FILE instead.")
    return validate_bench(parse_json(out, "sdui bench --json"), "sdui bench --json", "sdui")


def sdui_layout(package: Path) -> dict:
    binary = sdui_binary(package)
    if not binary.exists():
        raise StepError(f"{binary} does not exist: build it or pass --sdui-layout FILE.")
    out = run([str(binary), "layout", str(PAYLOAD), "--window",
               f"{WIDTH:g}x{WINDOW_HEIGHT:g}", "--format", "json"], package,
              "sdui layout", "Or pass --sdui-layout FILE with captured output.")
    return parse_json(out, "sdui layout")


PEERS_HINT = ("peers.py exits 1 when the peer engines disagree with the closed form; "
              "for a missing engine: pip install -r Benchmarks/requirements.txt")


def peers_frames(args: argparse.Namespace) -> dict:
    """The peers' frames at 375 pt, without timing anything."""
    cmd = [sys.executable, str(HERE / "peers.py"), "--check-only", "--frames"]
    if args.engines:
        cmd += ["--engines", args.engines]
    return parse_json(run(cmd, HERE.parent, "peers.py --check-only", PEERS_HINT), "peers.py")


def peers_run(args: argparse.Namespace) -> dict:
    """The peers' timings (peers.py re-checks its own frames before timing)."""
    cmd = [sys.executable, str(HERE / "peers.py"),
           "--runs", str(args.runs), "--one-system-runs", str(args.one_system_runs)]
    if args.engines:
        cmd += ["--engines", args.engines]
    return parse_json(run(cmd, HERE.parent, "peers.py", PEERS_HINT), "peers.py")


# --------------------------------------------------------------------------
# Checking shapes and frames
# --------------------------------------------------------------------------


def validate_bench(doc: dict, what: str, engine: str | None = None) -> dict:
    """Checks the {"benchmarks": [...]} contract; returns doc."""
    entries = doc.get("benchmarks")
    if not isinstance(entries, list) or not entries:
        raise StepError(f"{what}: expected {{\"benchmarks\": [...]}} with at least one entry")
    for i, b in enumerate(entries):
        for key, kind in (("name", str), ("engine", str), ("nodes", int),
                          ("medianMicroseconds", (int, float)),
                          ("p90Microseconds", (int, float)), ("runs", int)):
            if not isinstance(b.get(key), kind):
                raise StepError(f"{what}: benchmarks[{i}].{key} is missing or not a "
                                f"{getattr(kind, '__name__', 'number')}: {b!r}")
        if engine and b["engine"] != engine:
            raise StepError(f"{what}: benchmarks[{i}].engine is {b['engine']!r}, expected {engine!r}")
    names = {b["name"] for b in entries}
    required = BENCHMARKS if engine == "sdui" else tuple(dict.fromkeys(PEER_CASE.get(n, n) for n in BENCHMARKS))
    missing = [n for n in required if n not in names]
    if missing:
        raise StepError(f"{what}: no result for {', '.join(missing)}")
    if engine == "sdui":
        # The contract gives `sdui bench` no payload argument, so make sure it
        # timed this screen: cards-100 is 802 nodes in SDUIKit's tree.
        for b in entries:
            if b["name"] in BENCHMARKS and b["nodes"] != SDUI_NODE_COUNT:
                raise StepError(f"{what}: {b['name']} timed a {b['nodes']}-node tree, but "
                                f"Benchmarks/cards-100.json has {SDUI_NODE_COUNT} nodes; "
                                f"the two sides must lay out the same screen")
    return doc


def sdui_frames(layout: dict) -> dict[str, tuple[float, float, float, float]]:
    """{id: (x, y, w, h)} from `sdui layout --format json` output."""
    nodes = layout.get("nodes")
    if not isinstance(nodes, list):
        raise StepError("sdui layout: expected {\"nodes\": [{\"id\", \"frame\": {x, y, width, "
                        "height}}, ...]}")
    frames = {}
    for i, n in enumerate(nodes):
        try:
            f = n["frame"]
            frames[n["id"]] = (float(f["x"]), float(f["y"]), float(f["width"]), float(f["height"]))
        except (KeyError, TypeError, ValueError):
            raise StepError(f"sdui layout: nodes[{i}] has no id or no frame {{x, y, width, "
                            f"height}}: {n!r}")
    return frames


def relative_hint(layout: dict, peer: dict) -> str:
    """If SDUIKit's frames would match once parents' origins are added, say so."""
    nodes = layout.get("nodes", [])
    absolute = {}
    for i, n in enumerate(nodes):
        f = n["frame"]
        p = n.get("parent", -1)
        ox, oy = (absolute[nodes[p]["id"]][:2] if isinstance(p, int) and 0 <= p < i else (0.0, 0.0))
        absolute[n["id"]] = (ox + f["x"], oy + f["y"], f["width"], f["height"])
    shared = {k: v for k, v in peer.items() if k in absolute}
    if shared and not compare_frames(absolute, shared):
        return ("  (SDUIKit's frames match if read as relative to their parent: the "
                "layout output should be in window coordinates)")
    return ""


def check_frames(layout: dict, peers_doc: dict) -> tuple[int, list[str]]:
    """Compares SDUIKit's frames with every peer's, on the ids both have.

    Every card id must be in SDUIKit's output (a layout without them cannot
    be compared). Returns the number of ids compared and the failures.
    """
    ours = sdui_frames(layout)
    peer_frames = peers_doc.get("frames")
    if not isinstance(peer_frames, dict) or not peer_frames:
        raise StepError("peers.py output has no \"frames\" (run it with --frames)")
    wanted = [card_id(i) for i in range(CARD_COUNT)]
    wanted += [card_id(i, p) for i in range(CARD_COUNT) for p in PARTS]
    missing = [k for k in wanted if k not in ours]
    failures = []
    if missing:
        failures.append(f"SDUIKit's layout has no frame for {len(missing)} of the "
                        f"{len(wanted)} card ids, e.g. {', '.join(missing[:5])}")
    compared = 0
    for engine, frames in peer_frames.items():
        shared = {k: tuple(v) for k, v in frames.items() if k in ours}
        compared = max(compared, len(shared))
        problems = compare_frames(ours, shared)
        if problems:
            failures.append(f"SDUIKit and {engine} disagree in {len(problems)} of "
                            f"{len(shared)} ids (SDUIKit first, then {engine}):\n    "
                            + "\n    ".join(problems[:8]) + relative_hint(layout, shared))
    return compared, failures


# --------------------------------------------------------------------------
# Combining rounds and rendering
# --------------------------------------------------------------------------


def combine(rounds: list[list[dict]]) -> list[dict]:
    """One entry per (name, engine): the median of the rounds' medians and of
    their p90s, runs summed. With one round this is that round unchanged."""
    grouped: dict[tuple[str, str], list[dict]] = {}
    for entries in rounds:
        for b in entries:
            grouped.setdefault((b["name"], b["engine"]), []).append(b)
    out = []
    for (name, engine), bs in grouped.items():
        out.append({"name": name, "engine": engine, "nodes": bs[0]["nodes"],
                    "medianMicroseconds": statistics.median(b["medianMicroseconds"] for b in bs),
                    "p90Microseconds": statistics.median(b["p90Microseconds"] for b in bs),
                    "runs": sum(b["runs"] for b in bs), "rounds": len(bs)})
    return out


def native_rows(peers_doc: dict) -> list[dict]:
    """Yoga timed from C++ (overhead.yoga.nativeEngine) as two more peer rows,
    so the ratio against Yoga without Python is in the table too."""
    native = (peers_doc.get("overhead") or {}).get("yoga", {}).get("nativeEngine", {})
    rows = []
    for case, name, engine in (("fresh", "cards-100-fresh", "yoga-native"),
                               ("relayout", "cards-100-relayout", "yoga-native"),
                               ("relayoutToggle", "cards-100-relayout-toggle", "yoga-native"),
                               ("buildAndLayout", "cards-100-first-layout", "yoga-native-build-and-layout")):
        if case in native:
            rows.append({"name": name, "engine": engine, "nodes": native.get("nodes", 851),
                         **native[case]})
    return rows


def with_ratios(sdui: list[dict], peers: list[dict]) -> list[dict]:
    """Rows grouped by benchmark, SDUIKit first, each peer with its ratio."""
    base = {b["name"]: b["medianMicroseconds"] for b in sdui}
    rows = []
    names = [n for n in BENCHMARKS] + sorted({b["name"] for b in sdui + peers} - set(BENCHMARKS))
    for name in names:
        for b in sdui:
            if b["name"] == name:
                rows.append({**b, "ratio": 1.0})
        for b in peers:
            # A peer row made for this benchmark (yoga-native's build-and-layout), or the peer case it is
            # compared with.
            if b["name"] == name or (b["name"] == PEER_CASE.get(name) and b["engine"] != "sdui"):
                ours = base.get(name)
                ratio = b["medianMicroseconds"] / ours if ours else None
                rows.append({**b, "name": name, "ratio": ratio})
    return rows


def fmt_us(v: float) -> str:
    if v >= 1000:
        return f"{v:,.0f}"
    if v >= 100:
        return f"{v:.0f}"
    return f"{v:.1f}" if v >= 10 else f"{v:.2f}"


def fmt_ratio(r: float | None, engine: str) -> str:
    if engine == "sdui":
        return "1× (baseline)"
    if r is None:
        return "n/a (no SDUIKit result)"
    text = f"{r:,.0f}×" if r >= 100 else f"{r:.1f}×" if r >= 10 else f"{r:.2f}×"
    return text + (" (SDUIKit slower)" if r < 1 else "")


def markdown(rows: list[dict], env: dict, checked: int, overhead: dict | None,
             variants: list[dict]) -> str:
    lines = ["# cards-100: SDUIKit vs Yoga, Taffy, Cassowary", ""]
    lines += [f"- {k}: {v}" for k, v in env.items()]
    lines += ["", f"Frames: SDUIKit's {checked} shared ids equal every peer's within "
              f"{TOLERANCE} pt at {WIDTH:g} pt.", ""]
    lines += ["| benchmark | engine | median µs | p90 µs | runs | ratio |",
              "| --- | --- | ---: | ---: | ---: | --- |"]
    for r in rows:
        lines.append(f"| {r['name']} | {r['engine']} | {fmt_us(r['medianMicroseconds'])} | "
                     f"{fmt_us(r['p90Microseconds'])} | {r['runs']} | "
                     f"{fmt_ratio(r['ratio'], r['engine'])} |")
    lines += ["", f"ratio = peer median ÷ SDUIKit median (\"SDUIKit is N× faster\"). "
              f"Nodes: SDUIKit {SDUI_NODE_COUNT} (scroll + grid + 800), peers 851 "
              "(root + 50 row containers + 800). yoga-native is Yoga's C API called from "
              "C++ (Benchmarks/yoga_native.cpp, the same libyogacore.a as pyyoga, no "
              "Python), timed interleaved with the rest. cards-100-fresh: SDUIKit's layout "
              "of a screen it flattened before (by an earlier layout, with other traits or "
              "another engine), the peers' layout of a tree built before (untimed); "
              "cards-100-first-layout: SDUIKit flattens a new screen value and lays it "
              "out, the peers' rows are their same fresh timings, and "
              "yoga-native-build-and-layout is Yoga building its tree (YGNodeNew, style "
              "setters) and laying it out. What each engine is given and what exactly "
              "is timed: docs/benchmarks.md."]
    if variants:
        lines += ["", "Not compared (peers only): relayout to a width the tree has "
                  "already been laid out at, so per-node caches can answer part of it.", "",
                  "| benchmark | engine | median µs | p90 µs | runs |",
                  "| --- | --- | ---: | ---: | ---: |"]
        for v in variants:
            lines.append(f"| {v['name']} | {v['engine']} | {fmt_us(v['medianMicroseconds'])} | "
                         f"{fmt_us(v['p90Microseconds'])} | {v['runs']} |")
    if overhead:
        lines += ["", "Python binding cost (µs per call; the Yoga and Taffy timings are "
                  "one such call each):", "",
                  "| wrapper | near-empty layout call | trivial getter | public API relayout |",
                  "| --- | ---: | ---: | ---: |"]
        for name, o in overhead.items():
            public = o.get("publicApiRelayout", {}).get("medianMicroseconds")
            lines.append(f"| {name} | {o.get('emptyLayoutCallMicroseconds')} | "
                         f"{o.get('getterCallMicroseconds')} | "
                         f"{fmt_us(public) if public is not None else '—'} |")
    return "\n".join(lines) + "\n"


def environment(package: Path, peers_env: dict, sdui_from_file: bool) -> dict:
    env = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=package,
                                capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=package, capture_output=True, text=True).stdout.strip()
        env["commit"] = (commit + (" (with uncommitted changes)" if dirty else "")) or "unknown"
    except FileNotFoundError:
        env["commit"] = "unknown"
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True)
        env["swift"] = (swift.stdout or swift.stderr).strip().splitlines()[0]
    except (FileNotFoundError, IndexError):
        env["swift"] = "not found"
    if sdui_from_file:
        env["sdui"] = "results read from --sdui-json (not measured in this run)"
    for key in ("python", "pyyoga", "yoga", "stretchable", "taffy", "kiwisolver"):
        if key in peers_env:
            env[key] = peers_env[key]
    env["machine"] = (f"{peers_env.get('cpu') or platform.processor()}, "
                      f"nproc {peers_env.get('nproc') or os.cpu_count()}, "
                      f"{peers_env.get('platform') or platform.platform()}")
    return env


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true", help="skip swift build; use the existing .build/release/sdui")
    ap.add_argument("--out", default=str(HERE), help="directory for results.md and results.json (default Benchmarks/)")
    ap.add_argument("--package-path", default=str(HERE.parent), help="the SDUIKit package (default: this repo)")
    ap.add_argument("--rounds", type=int, default=1, help="alternate SDUIKit and peers this many times (default 1)")
    ap.add_argument("--runs", type=int, default=200, help="peers.py timed runs per case (default 200)")
    ap.add_argument("--one-system-runs", type=int, default=20,
                    help="peers.py runs of the slow cassowary-one-system fresh case (default 20)")
    ap.add_argument("--engines", default="", help="peers.py --engines subset (default all)")
    ap.add_argument("--sdui-json", metavar="FILE", help="read `sdui bench --json` output from FILE instead of running it")
    ap.add_argument("--sdui-layout", metavar="FILE", help="read `sdui layout … --format json` output from FILE")
    ap.add_argument("--peers-json", metavar="FILE", help="read `peers.py --frames` output from FILE instead of running it")
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")

    package = Path(args.package_path).resolve()
    try:
        needs_binary = not (args.sdui_json and args.sdui_layout)
        if needs_binary and not args.no_build:
            build(package)

        # Frames first: a disagreement makes the timings meaningless, and
        # checking takes a second where timing takes minutes.
        layout = read_json(args.sdui_layout, "sdui layout output") if args.sdui_layout else sdui_layout(package)
        captured = read_json(args.peers_json, "peers output") if args.peers_json else None
        frames_doc = captured or peers_frames(args)
        checked, failures = check_frames(layout, frames_doc)
        if failures:
            print("compare.py: frames DISAGREE, so timings would compare different "
                  "layouts; nothing was timed:", file=sys.stderr)
            for f in failures:
                print("  " + f, file=sys.stderr)
            return 1

        sdui_rounds, peer_rounds, peer_docs = [], [], []
        for k in range(args.rounds):
            if args.rounds > 1:
                print(f"round {k + 1} of {args.rounds}", file=sys.stderr)
            sdui_doc = (validate_bench(read_json(args.sdui_json, "sdui bench output"),
                                       args.sdui_json, "sdui")
                        if args.sdui_json else sdui_bench(package))
            peers_doc = captured if captured else peers_run(args)
            validate_bench(peers_doc, "peers.py")
            sdui_rounds.append(sdui_doc["benchmarks"])
            peer_rounds.append(peers_doc["benchmarks"] + native_rows(peers_doc))
            peer_docs.append(peers_doc)
            if args.sdui_json and captured:
                break  # captured output: another round would only repeat it
    except StepError as error:
        print(f"compare.py: {error}", file=sys.stderr)
        return 2

    sdui = combine(sdui_rounds)
    peers = combine(peer_rounds)
    rows = with_ratios(sdui, peers)
    variants = combine([d.get("variants", []) for d in peer_docs])
    env = environment(package, peer_docs[0].get("environment", {}), bool(args.sdui_json))
    overhead = peer_docs[-1].get("overhead")
    md = markdown(rows, env, checked, overhead, variants)
    print(md)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.md").write_text(md)
    result = {"environment": env, "benchmarks": rows, "variants": variants,
              "overhead": overhead, "frameCheck": {"idsCompared": checked, "tolerancePoints": TOLERANCE,
                             "windowWidth": WIDTH,
                             "engines": sorted(frames_doc["frames"])}}
    (out / "results.json").write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {out / 'results.md'} and {out / 'results.json'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
