#!/usr/bin/env python3
"""Times Yoga, Taffy and Cassowary on the cards-100 screen and prints JSON.

The peer side of SDUIKit's side-by-side benchmark (compare.py runs both).
Before timing anything it lays every engine out at 375 pt and at 414 pt and
checks all frames against the closed form in cards_scene.py and against each
other (0.01 pt); it exits 1 with the disagreeing ids if any differ.

Output:
    {"benchmarks": [{"name": "cards-100-fresh" | "cards-100-relayout",
                     "engine": "yoga" | "taffy" | "cassowary-per-card"
                               | "cassowary-one-system",
                     "nodes": 851, "medianMicroseconds", "p90Microseconds",
                     "runs"}, ...],
     "variants": [...],     # cards-100-relayout-seen-width (Yoga, Taffy)
     "overhead": {...},     # cost of near-empty wrapper calls, public APIs
     "environment": {...},  # Python, package and engine versions, CPU
     "frames": {engine: {"grid" | "card-<i>" | "card-<i>-<part>":
                         [x, y, width, height]}}}  # with --frames; at 375 pt,
                                                   # window coordinates

What is timed (nothing else sits between the two perf_counter_ns reads):
  yoga      fresh     one call of the pybind11 binding of YGNodeCalculateLayout
                      on a tree built just before (untimed), never laid out.
            relayout  the same call at 414 pt on a tree built just before and
                      laid out once at 375 pt (both untimed).
  taffy     fresh     one call of stretchable's Rust binding
                      taffylib.node_compute_layout (TaffyTree::compute_layout)
                      on a tree built just before (untimed), never laid out.
            relayout  the same call at 414 pt on a new tree laid out at 375.
  cassowary-per-card
            fresh     for each of the 100 cards: a new kiwi Solver, its edit
                      variable (card width) suggested, its 34 prebuilt
                      constraints added, updateVariables(); then the grid
                      arithmetic (column width, row heights = tallest card,
                      card origins).
            relayout  suggestValue(card width) + updateVariables() on each of
                      the 100 live solvers (last solved at 375), then the grid
                      arithmetic.
  cassowary-one-system
            fresh     a new Solver, the window-width edit variable suggested,
                      all 3,804 prebuilt constraints of the 851-node screen
                      added, updateVariables().
            relayout  suggestValue(window width) + updateVariables() on the
                      live solver (last solved at 375).
Trees and constraint objects are built outside the timed region; frames are
read back outside it. No engine rounds (Yoga's pixel grid and Taffy's rounding
are off) because SDUIKit reports unrounded points. The cases of all engines
are timed in interleaved chunks, so a slow spell of the machine falls on all
of them alike rather than on whichever engine ran then.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Callable

from cards_scene import (CARD_COUNT, NODE_COUNT, RELAYOUT_WIDTH, TOGGLE_WIDTH, WIDTH, Frame,
                         compare_frames, expected_frames)
from peer_engines import CassowaryOneSystem, CassowaryPerCard, TaffyPeer, YogaPeer

ENGINES = ("yoga", "taffy", "cassowary-per-card", "cassowary-one-system")
PUBLIC_API_CASE = "public-api-relayout"
MAKERS = {"yoga": YogaPeer, "taffy": TaffyPeer,
          "cassowary-per-card": CassowaryPerCard,
          "cassowary-one-system": CassowaryOneSystem}

# --------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------


def summarize(samples_ns: list[int]) -> tuple[float, float]:
    """Median and p90 (nearest rank) in microseconds."""
    ordered = sorted(samples_ns)
    p90 = ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]
    return statistics.median(ordered) / 1000.0, p90 / 1000.0


def time_runs(runs: int, warmup: int, setup: Callable[[], None],
              timed: Callable[[], None]) -> list[int]:
    """Calls setup() (untimed) then timed(), `warmup + runs` times, and
    returns the durations of the last `runs` timed() calls in nanoseconds.

    The garbage collector is off while timing (as in timeit), so a collection
    of the Python objects built in setup() never lands inside a sample.
    """
    clock = time.perf_counter_ns
    samples = []
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for n in range(warmup + runs):
            setup()
            t0 = clock()
            timed()
            t1 = clock()
            if n >= warmup:
                samples.append(t1 - t0)
    finally:
        if was_enabled:
            gc.enable()
    return samples


def _noop() -> None:
    pass


@dataclass
class Case:
    """One timed benchmark: setup (untimed) and the timed call."""

    name: str
    engine: str
    setup: Callable[[], None]
    timed: Callable[[], None]
    runs: int
    warmup: int
    chunk_warmup: int = 1
    samples: list[int] = field(default_factory=list)

    def result(self) -> dict:
        median, p90 = summarize(self.samples)
        return {"name": self.name, "engine": self.engine, "nodes": NODE_COUNT,
                "medianMicroseconds": round(median, 3),
                "p90Microseconds": round(p90, 3), "runs": len(self.samples)}


def make_cases(engine: str, runs: int, warmup: int, fresh_runs: int,
               fresh_warmup: int, with_public: bool = True) -> list[Case]:
    """The fresh and relayout cases of one engine, plus for the tree engines
    the relayout-seen-width variant and (with_public) the relayout through
    the wrapper's public API (see docs/benchmarks.md)."""
    peer = MAKERS[engine]()
    if engine.startswith("cassowary"):
        # Fresh first: relayout re-solves the solver(s) the last fresh left.
        peer.solve_fresh(WIDTH)
        slow = fresh_runs < runs
        return [
            Case("cards-100-fresh", engine, _noop, lambda: peer.solve_fresh(WIDTH),
                 fresh_runs, fresh_warmup, chunk_warmup=0 if slow else 1),
            Case("cards-100-relayout", engine, lambda: peer.layout(WIDTH),
                 lambda: peer.layout(RELAYOUT_WIDTH), runs, warmup),
        ]

    def laid_out_at_375() -> None:
        peer.prepare_fresh()
        peer.layout(WIDTH)

    # The variant keeps one tree for good, so it needs its own peer: the
    # fresh and relayout cases replace `peer`'s tree every run.
    seen = MAKERS[engine]()
    seen.prepare_fresh()
    # The toggle (375 untimed / 376 timed on one tree): SDUIKit's cards-100-relayout-toggle.
    toggle = MAKERS[engine]()
    toggle.prepare_fresh()
    # The wrapper's public layout method, timed like cards-100-relayout.
    public = MAKERS[engine]()
    if engine == "yoga":
        def public_layout(width: float) -> None:
            public.root.calculate_layout(width, None)
    else:
        def public_layout(width: float) -> None:
            public.root.compute_layout((width, None))

    def public_at_375() -> None:
        public.prepare_fresh()
        public_layout(WIDTH)

    cases = [
        Case("cards-100-fresh", engine, peer.prepare_fresh,
             lambda: peer.layout(WIDTH), fresh_runs, fresh_warmup),
        # The first time this tree sees 414: nothing cached for 414 yet.
        Case("cards-100-relayout", engine, laid_out_at_375,
             lambda: peer.layout(RELAYOUT_WIDTH), runs, warmup),
        # One tree alternating 375 (untimed) / 414 (timed): from the second
        # run on, the per-node measurement caches hold entries for both.
        Case("cards-100-relayout-seen-width", engine, lambda: seen.layout(WIDTH),
             lambda: seen.layout(RELAYOUT_WIDTH), runs, warmup),
        Case("cards-100-relayout-toggle", engine, lambda: toggle.layout(WIDTH),
             lambda: toggle.layout(TOGGLE_WIDTH), runs, warmup),
        Case(PUBLIC_API_CASE, engine, public_at_375,
             lambda: public_layout(RELAYOUT_WIDTH), min(runs, 100), min(warmup, 10)),
    ]
    return cases if with_public else cases[:-1]


def run_interleaved(cases: list[Case], chunks: int, native: "NativeYoga | None" = None) -> None:
    """Times every case in `chunks` round-robin slices: case A's first slice,
    B's first slice, …, then every case's second slice, and so on. The first
    slice of a case carries its full warm-up; later slices one warm-up run
    (none for the slow one-system fresh), so the caches another engine just
    used are refilled before sampling resumes."""
    for k in range(chunks):
        for case in cases:
            n = case.runs // chunks + (1 if k < case.runs % chunks else 0)
            if n == 0:
                continue
            warm = case.warmup if k == 0 else case.chunk_warmup
            case.samples += time_runs(n, warm, case.setup, case.timed)
        if native is not None:
            n = native.runs // chunks + (1 if k < native.runs % chunks else 0)
            if n:
                native.run_slice(n, 20 if k == 0 else 2)


# --------------------------------------------------------------------------
# Yoga without Python
# --------------------------------------------------------------------------

NATIVE_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "yoga_native.cpp")
NATIVE_BINARY = os.path.join(os.path.dirname(NATIVE_SOURCE), ".build", "yoga_native")


def build_native_yoga() -> tuple[str | None, str]:
    """Compiles yoga_native.cpp against the libyogacore.a and headers that
    the pyyoga wheel installs, so it runs the very Yoga build pyyoga uses.
    Returns (binary or None, how it was built or why it was not)."""
    import shutil
    import subprocess
    try:
        import pyyoga
    except ImportError:
        return None, "pyyoga is not installed"
    site = os.path.dirname(os.path.dirname(os.path.abspath(pyyoga.__file__)))
    include = os.path.join(site, "include")
    lib = next((os.path.join(site, d, "libyogacore.a") for d in ("lib64", "lib")
                if os.path.exists(os.path.join(site, d, "libyogacore.a"))), None)
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("clang++")
    if lib is None or not os.path.exists(os.path.join(include, "yoga", "Yoga.h")):
        return None, f"the pyyoga wheel has no libyogacore.a and yoga/Yoga.h under {site}"
    if cxx is None:
        return None, "no C++ compiler (g++ or clang++) on PATH"
    cmd = [cxx, "-O2", "-std=c++20", "-I", include, NATIVE_SOURCE, lib, "-o", NATIVE_BINARY]
    how = f"{os.path.basename(cxx)} -O2 -std=c++20, linked against the pyyoga wheel's {lib}"
    newest = max(os.path.getmtime(NATIVE_SOURCE), os.path.getmtime(lib))
    if os.path.exists(NATIVE_BINARY) and os.path.getmtime(NATIVE_BINARY) >= newest:
        return NATIVE_BINARY, how
    os.makedirs(os.path.dirname(NATIVE_BINARY), exist_ok=True)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return None, f"compiling yoga_native.cpp failed: {proc.stderr.strip()[-500:]}"
    return NATIVE_BINARY, how


class NativeYoga:
    """Runs the native Yoga benchmark in slices, interleaved with the Python
    cases, and pools its samples (see yoga_native.cpp for what it times)."""

    def __init__(self, binary: str, how: str, runs: int) -> None:
        self.binary, self.how, self.runs = binary, how, runs
        self.fresh: list[int] = []
        self.relayout: list[int] = []
        self.build_and_layout: list[int] = []
        self.relayout_toggle: list[int] = []
        self.frames: dict[str, list[float]] = {}

    def run_slice(self, runs: int, warmup: int) -> None:
        import subprocess
        out = subprocess.run([self.binary, str(runs), str(warmup)], capture_output=True,
                             text=True, check=True).stdout
        doc = json.loads(out)
        self.fresh += [round(us * 1000) for us in doc["fresh"]]
        self.relayout += [round(us * 1000) for us in doc["relayout"]]
        self.build_and_layout += [round(us * 1000) for us in doc["build-and-layout"]]
        self.relayout_toggle += [round(us * 1000) for us in doc.get("relayout-toggle", [])]
        self.frames = {k: doc[k] for k in ("card-0", "card-99-button")}
        self.nodes = doc["nodes"]

    def result(self) -> dict:
        expected = expected_frames(WIDTH)
        problems = compare_frames({k: tuple(v) for k, v in self.frames.items()},
                                  {k: expected[k] for k in self.frames})
        if problems or self.nodes != NODE_COUNT:
            return {"error": f"native Yoga's tree differs ({self.nodes} nodes; {problems})"}
        out: dict = {"build": self.how, "nodes": self.nodes}
        for name, samples in (("fresh", self.fresh), ("relayout", self.relayout),
                              ("buildAndLayout", self.build_and_layout),
                              ("relayoutToggle", self.relayout_toggle)):
            if not samples:
                continue
            median, p90 = summarize(samples)
            out[name] = {"medianMicroseconds": round(median, 3),
                         "p90Microseconds": round(p90, 3), "runs": len(samples)}
        return out


# --------------------------------------------------------------------------
# Wrapper overhead
# --------------------------------------------------------------------------


def median_call_us(fn: Callable[[], object], calls: int = 20000) -> float:
    """Median cost of one call of fn in µs, measured in batches of 100 calls."""
    clock = time.perf_counter_ns
    batches = []
    gc.disable()
    try:
        for _ in range(calls // 100):
            t0 = clock()
            for _ in range(100):
                fn()
            batches.append((clock() - t0) / 100)
    finally:
        gc.enable()
    return round(statistics.median(batches) / 1000.0, 4)


def measure_overhead(engines: list[str]) -> dict:
    """What a Python call into each wrapper costs when the engine has (almost)
    nothing to do, so readers can see how much of a peer's time is binding
    overhead rather than layout work. (The public-API relayout timings are
    interleaved with the benchmarks and added by main().)"""
    out: dict[str, dict] = {}
    if "yoga" in engines:
        import pyyoga

        cfg = pyyoga.Config()
        cfg.point_scale_factor = 0.0
        leaf = pyyoga.Node(cfg)
        leaf.width, leaf.height = 10.0, 10.0
        raw, ltr = leaf._node.calculate_layout, pyyoga.Direction.LTR
        raw(375.0, math.nan, ltr)
        out["yoga"] = {
            "emptyLayoutCallMicroseconds": median_call_us(lambda: raw(375.0, math.nan, ltr)),
            "getterCallMicroseconds": median_call_us(leaf._node.get_layout_width),
            "note": "empty = the timed binding call on a clean 1-node tree (pybind11 "
                    "call + Yoga's root cache check); getter = one pybind11 call "
                    "returning a float (get_layout_width)",
            "publicApiNote": "pyyoga's Python Node.calculate_layout (argument "
                             "conversion, then the same C++ call), timed like "
                             "cards-100-relayout",
        }
    if "taffy" in engines:
        import stretchable
        from stretchable import taffylib
        from stretchable.context import taffy

        space = {"width": {"dim": 1, "value": 375.0}, "height": {"dim": 4, "value": math.nan}}
        leaf = stretchable.Node(size=(10.0, 10.0))
        ptr, leaf_id = taffy._ptr, leaf._node_id
        taffylib.node_compute_layout(ptr, leaf_id, space)
        out["taffy"] = {
            "emptyLayoutCallMicroseconds": median_call_us(
                lambda: taffylib.node_compute_layout(ptr, leaf_id, space)),
            "getterCallMicroseconds": median_call_us(lambda: taffylib.node_dirty(ptr, leaf_id)),
            "note": "empty = the timed binding call on a clean 1-node tree (pyo3 "
                    "call, available-space dict conversion, Taffy's cache hit); "
                    "getter = one pyo3 call returning a bool (node_dirty)",
            "publicApiNote": "stretchable's Node.compute_layout, timed like "
                             "cards-100-relayout: besides the same Rust call it "
                             "builds the available-space dict and walks all 851 "
                             "nodes in Python to copy their layouts out "
                             "(Node._update_layout)",
        }
    if any(e.startswith("cassowary") for e in engines):
        import kiwisolver as k

        s, v = k.Solver(), k.Variable()
        s.addEditVariable(v, k.strength.strong)
        c = v >= 0
        s.addConstraint(c)
        per_card = CassowaryPerCard().constraint_count()
        one_system = CassowaryOneSystem().constraint_count()
        out["cassowary"] = {
            "emptyLayoutCallMicroseconds": median_call_us(
                lambda: (s.suggestValue(v, 375.0), s.updateVariables())),
            "getterCallMicroseconds": median_call_us(lambda: s.hasConstraint(c)),
            "note": "empty = suggestValue + updateVariables on a 1-variable solver; "
                    "getter = hasConstraint. The timed kiwi regions make one "
                    "Python call per constraint added or per solver re-solved; "
                    "the call counts below times the getter cost bound the "
                    "binding overhead",
            "perCardFreshCalls": per_card + 4 * CARD_COUNT,
            "perCardRelayoutCalls": 2 * CARD_COUNT,
            "oneSystemFreshCalls": one_system + 3,
            "oneSystemRelayoutCalls": 2,
            "perCardConstraints": per_card,
            "oneSystemConstraints": one_system,
        }
    return out


# --------------------------------------------------------------------------
# Checking
# --------------------------------------------------------------------------


def check(engines: list[str]) -> dict[str, dict[str, Frame]]:
    """Lays each engine out at 375 and 414 and checks it against the closed
    form and the engines against each other. Exits 1 listing every failure."""
    failures = []
    all_frames: dict[str, dict[str, Frame]] = {}
    for name in engines:
        peer = MAKERS[name]()
        if hasattr(peer, "solve_fresh"):
            peer.solve_fresh(WIDTH)
        else:
            peer.prepare_fresh()
            if peer.count_nodes() != NODE_COUNT:
                failures.append(f"{name}: tree has {peer.count_nodes()} nodes, "
                                f"expected {NODE_COUNT}")
            peer.layout(WIDTH)
        frames = peer.frames()
        all_frames[name] = frames
        for width, got in ((WIDTH, frames), (RELAYOUT_WIDTH, None)):
            if got is None:
                peer.layout(width)  # relayout must move every frame too
                got = peer.frames()
            problems = compare_frames(got, expected_frames(width))
            if problems:
                failures.append(f"{name} disagrees with the closed-form frames at "
                                f"{width:g} pt in {len(problems)} ids, first: "
                                + "; ".join(problems[:3]))
    for i, a in enumerate(engines):
        for b in engines[i + 1:]:
            problems = compare_frames(all_frames[b], all_frames[a])
            if problems:
                failures.append(f"{a} and {b} disagree in {len(problems)} ids, first: "
                                + "; ".join(problems[:3]))
    if failures:
        print("peers.py: frame check FAILED", file=sys.stderr)
        for f in failures:
            print("  " + f, file=sys.stderr)
        raise SystemExit(1)
    return all_frames


# --------------------------------------------------------------------------
# Environment
# --------------------------------------------------------------------------


def _version(dist: str) -> str:
    from importlib import metadata
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def _taffy_version() -> str:
    """The Taffy crate version compiled into stretchable's extension (its
    panic-location strings name the crate's source directory)."""
    import re
    try:
        from stretchable import taffylib
        with open(taffylib.__file__, "rb") as f:
            found = set(re.findall(rb"taffy-(\d+\.\d+\.\d+)", f.read()))
        return ", ".join(sorted(v.decode() for v in found)) or "unknown"
    except (ImportError, OSError):
        return "unknown"


def environment() -> dict:
    """Python, package and engine versions, and the machine."""
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "pyyoga": _version("pyyoga"),
        "yoga": "vendored in pyyoga (the wheel records no Yoga version; its API "
                "has Display.Contents and BoxSizing, so Yoga 3.2 or later)",
        "stretchable": _version("stretchable"),
        "taffy": _taffy_version(),
        "kiwisolver": _version("kiwisolver"),
        "platform": platform.platform(),
        "nproc": os.cpu_count(),
        "cpu": cpu,
    }


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="What exactly is timed: see the top of this file and docs/benchmarks.md.")
    ap.add_argument("--runs", type=int, default=200,
                    help="timed runs per case (default 200)")
    ap.add_argument("--warmup", type=int, default=20,
                    help="untimed warm-up runs per case (default 20)")
    ap.add_argument("--one-system-runs", type=int, default=20,
                    help="timed runs of cassowary-one-system fresh, about a second "
                         "each (default 20, at least 20)")
    ap.add_argument("--chunks", type=int, default=20,
                    help="interleave the cases in this many round-robin slices (default 20)")
    ap.add_argument("--engines", default=",".join(ENGINES),
                    help="comma-separated subset of " + ",".join(ENGINES))
    ap.add_argument("--frames", action="store_true",
                    help="include every engine's frames at 375 pt (window coordinates)")
    ap.add_argument("--check-only", action="store_true",
                    help="check the frames and exit without timing")
    ap.add_argument("--no-overhead", action="store_true",
                    help="skip the wrapper-overhead measurements")
    ap.add_argument("--no-native", action="store_true",
                    help="skip timing Yoga from C++ (yoga_native.cpp) alongside pyyoga")
    args = ap.parse_args(argv)

    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = [e for e in engines if e not in ENGINES]
    if unknown:
        ap.error(f"unknown engine(s) {unknown}; choose from {list(ENGINES)}")
    if args.one_system_runs < 20:
        ap.error("--one-system-runs must be at least 20")
    if args.runs < 1 or args.chunks < 1:
        ap.error("--runs and --chunks must be positive")
    for e in engines:
        try:
            MAKERS[e]()
        except ImportError as error:
            print(f"peers.py: cannot import the {e} binding ({error}); "
                  f"run: pip install -r Benchmarks/requirements.txt", file=sys.stderr)
            return 2

    frames = check(engines)
    out: dict = {"benchmarks": [], "variants": [], "environment": environment()}
    if not args.check_only:
        cases: list[Case] = []
        for e in engines:
            fresh_runs, fresh_warmup = args.runs, args.warmup
            if e == "cassowary-one-system":
                fresh_runs = min(args.runs, args.one_system_runs)
                fresh_warmup = min(args.warmup, 2)
            cases += make_cases(e, args.runs, args.warmup, fresh_runs, fresh_warmup,
                                with_public=not args.no_overhead)
        native = None
        if "yoga" in engines and not args.no_native:
            binary, how = build_native_yoga()
            if binary:
                native = NativeYoga(binary, how, args.runs)
            else:
                print(f"peers.py: skipping native Yoga: {how}", file=sys.stderr)
        run_interleaved(cases, min(args.chunks, args.runs), native)
        public = {}
        for case in cases:
            if case.name == PUBLIC_API_CASE:
                public[case.engine] = {k: v for k, v in case.result().items()
                                       if k in ("medianMicroseconds", "p90Microseconds", "runs")}
            else:
                key = "variants" if case.name.endswith("seen-width") else "benchmarks"
                out[key].append(case.result())
        if not args.no_overhead:
            out["overhead"] = measure_overhead(engines)
            for engine, result in public.items():
                out["overhead"][engine]["publicApiRelayout"] = result
            if native is not None:
                out["overhead"]["yoga"]["nativeEngine"] = native.result()
    if args.frames:
        out["frames"] = {name: {k: [round(v, 6) for v in f] for k, f in fr.items()}
                         for name, fr in frames.items()}
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
