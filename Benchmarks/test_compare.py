"""Tests of the benchmark scripts' checking logic, with fakes of the Swift side.

Run: python3 -m pytest Benchmarks/test_compare.py   (or python3 -m unittest
discover -s Benchmarks -p 'test_*.py'). The fakes are built from the closed-form
frames, so they prove that compare.py passes equal layouts and rejects a
1-pt difference, without needing `sdui bench` or `sdui layout` to exist.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cards_scene import (CARD_COUNT, NODE_COUNT, PARTS, RELAYOUT_WIDTH,  # noqa: E402
                         SDUI_NODE_COUNT, WIDTH, WINDOW_HEIGHT, card_id, expected_frames)

PEER_ENGINES = ("yoga", "taffy", "cassowary-per-card", "cassowary-one-system")
TYPES = {"image": "image", "title": "color", "subtitle": "color", "row": "hstack",
         "price": "color", "spacer": "spacer", "button": "color"}


def fake_layout(perturb: str | None = None, relative: bool = False) -> dict:
    """`sdui layout --format json` output built from the closed form: scroll,
    grid, then each card and its subtree in document order, window coordinates."""
    frames = expected_frames(WIDTH)
    nodes = [{"id": "scroll", "type": "scroll", "parent": -1,
              "frame": {"x": 0, "y": 0, "width": WIDTH, "height": WINDOW_HEIGHT}}]

    def add(node_id: str, kind: str, parent: int) -> int:
        x, y, w, h = frames[node_id]
        if relative and parent >= 0:
            x -= absolute[parent][0]
            y -= absolute[parent][1]
        nodes.append({"id": node_id, "type": kind, "parent": parent,
                      "frame": {"x": x, "y": y, "width": w, "height": h}})
        absolute.append(frames[node_id])
        return len(nodes) - 1

    absolute = [(0.0, 0.0, WIDTH, WINDOW_HEIGHT)]
    grid = add("grid", "grid", 0)
    for i in range(CARD_COUNT):
        card = add(card_id(i), "vstack", grid)
        row = None
        for part in PARTS:
            parent = row if part in ("price", "spacer", "button") else card
            index = add(card_id(i, part), TYPES[part], parent)
            if part == "row":
                row = index
    if perturb:
        for n in nodes:
            if n["id"] == perturb:
                n["frame"]["x"] += 1.0
    return {"screen": "cards-100", "environment": {"width": WIDTH, "height": WINDOW_HEIGHT},
            "nodes": nodes, "diagnostics": []}


def fake_bench(engine: str, nodes: int, fresh: float, relayout: float,
               first_layout: float | None = None) -> list[dict]:
    rows = [{"name": "cards-100-fresh", "engine": engine, "nodes": nodes,
             "medianMicroseconds": fresh, "p90Microseconds": fresh * 1.2, "runs": 200},
            {"name": "cards-100-relayout", "engine": engine, "nodes": nodes,
             "medianMicroseconds": relayout, "p90Microseconds": relayout * 1.2, "runs": 200}]
    if first_layout is not None:
        rows.append({"name": "cards-100-first-layout", "engine": engine, "nodes": nodes,
                     "medianMicroseconds": first_layout, "p90Microseconds": first_layout * 1.2, "runs": 200})
    return rows


def fake_peers() -> dict:
    frames = {k: list(v) for k, v in expected_frames(WIDTH).items()}
    benchmarks = []
    for n, e in enumerate(PEER_ENGINES):
        benchmarks += fake_bench(e, NODE_COUNT, 1000.0 * (n + 1), 500.0 * (n + 1))
    native = {"nodes": NODE_COUNT,
              "fresh": {"medianMicroseconds": 800.0, "p90Microseconds": 900.0, "runs": 200},
              "relayout": {"medianMicroseconds": 400.0, "p90Microseconds": 450.0, "runs": 200}}
    return {"benchmarks": benchmarks, "environment": {"python": "CPython 3", "cpu": "fake", "nproc": 2},
            "overhead": {"yoga": {"emptyLayoutCallMicroseconds": 0.3, "getterCallMicroseconds": 0.1,
                                  "nativeEngine": native}},
            "frames": {e: frames for e in PEER_ENGINES}}


class CompareScript(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = Path(tempfile.mkdtemp())
        self.sdui_json = self.write("sdui-bench.json", {"benchmarks": fake_bench("sdui", SDUI_NODE_COUNT, 100.0, 50.0, 400.0)})
        self.peers_json = self.write("peers.json", fake_peers())

    def write(self, name: str, doc: dict) -> Path:
        path = self.tmp / name
        path.write_text(json.dumps(doc))
        return path

    def compare(self, layout: dict, *extra: str, peers: Path | None = None) -> subprocess.CompletedProcess:
        layout_path = self.write("layout.json", layout)
        cmd = [sys.executable, str(HERE / "compare.py"), "--no-build", "--out", str(self.tmp / "out"),
               "--sdui-json", str(self.sdui_json), "--sdui-layout", str(layout_path), *extra]
        if peers is not None:
            cmd += ["--peers-json", str(peers)]
        return subprocess.run(cmd, capture_output=True, text=True)

    def test_equal_frames_pass_and_write_the_table(self) -> None:
        proc = self.compare(fake_layout(), peers=self.peers_json)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        md = (self.tmp / "out" / "results.md").read_text()
        self.assertIn("| cards-100-fresh | sdui | 100 | 120 | 200 | 1× (baseline) |", md)
        self.assertIn("| cards-100-fresh | yoga | 1,000 | 1,200 | 200 | 10.0× |", md)
        self.assertIn("| cards-100-relayout | taffy | 1,000 | 1,200 | 200 | 20.0× |", md)
        self.assertIn("| cards-100-fresh | yoga-native | 800 | 900 | 200 | 8.00× |", md)
        # The first layout is compared with the peers' fresh timings.
        self.assertIn("| cards-100-first-layout | sdui | 400 | 480 | 200 | 1× (baseline) |", md)
        self.assertIn("| cards-100-first-layout | yoga | 1,000 | 1,200 | 200 | 2.50× |", md)
        self.assertIn("SDUIKit's 801 shared ids", md)
        results = json.loads((self.tmp / "out" / "results.json").read_text())
        ratios = {(r["name"], r["engine"]): r["ratio"] for r in results["benchmarks"]}
        self.assertAlmostEqual(ratios[("cards-100-relayout", "cassowary-one-system")], 40.0)
        self.assertEqual(results["frameCheck"]["idsCompared"], 801)

    def test_a_one_point_difference_fails(self) -> None:
        proc = self.compare(fake_layout(perturb="card-37-button"), peers=self.peers_json)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("card-37-button", proc.stderr)
        self.assertIn("DISAGREE", proc.stderr)
        self.assertFalse((self.tmp / "out" / "results.md").exists())

    def test_parent_relative_frames_fail_with_a_hint(self) -> None:
        proc = self.compare(fake_layout(relative=True), peers=self.peers_json)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("relative to their parent", proc.stderr)

    def test_missing_card_ids_fail(self) -> None:
        layout = fake_layout()
        layout["nodes"] = [n for n in layout["nodes"] if n["id"] != "card-5-title"]
        proc = self.compare(layout, peers=self.peers_json)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("card-5-title", proc.stderr)

    def test_a_missing_sdui_binary_fails_clearly(self) -> None:
        empty = self.tmp / "package"
        empty.mkdir()
        proc = subprocess.run([sys.executable, str(HERE / "compare.py"), "--no-build",
                               "--package-path", str(empty), "--peers-json", str(self.peers_json)],
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("does not exist", proc.stderr)

    def test_sdui_bench_output_of_the_wrong_shape_fails(self) -> None:
        self.sdui_json = self.write("sdui-bench.json", {"benchmarks": fake_bench("sdui", SDUI_NODE_COUNT, 1, 1)[:1]})
        proc = self.compare(fake_layout(), peers=self.peers_json)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("cards-100-relayout", proc.stderr)

    def test_an_sdui_bench_of_another_screen_fails(self) -> None:
        self.sdui_json = self.write("sdui-bench.json", {"benchmarks": fake_bench("sdui", 851, 100.0, 50.0, 400.0)})
        proc = self.compare(fake_layout(), peers=self.peers_json)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("851-node tree", proc.stderr)

    def test_a_slower_sdui_is_reported_as_slower(self) -> None:
        self.sdui_json = self.write("sdui-bench.json", {"benchmarks": fake_bench("sdui", SDUI_NODE_COUNT, 4000.0, 50.0, 4000.0)})
        proc = self.compare(fake_layout(), peers=self.peers_json)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("| cards-100-fresh | yoga | 1,000 | 1,200 | 200 | 0.25× (SDUIKit slower) |", proc.stdout)

    @unittest.skipUnless(all(importlib.util.find_spec(m) for m in ("pyyoga", "stretchable", "kiwisolver")),
                         "peer engines not installed")
    def test_the_real_peers_agree_with_the_fake_sdui_layout(self) -> None:
        proc = self.compare(fake_layout(), "--engines", "yoga,taffy,cassowary-per-card", "--runs", "5")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("| cards-100-relayout | cassowary-per-card |", proc.stdout)


class Scene(unittest.TestCase):
    def test_the_closed_form_matches_the_brief(self) -> None:
        f = expected_frames(WIDTH)
        self.assertEqual(f["card-0"], (16.0, 16.0, 165.5, 8 + 149.5 * 9 / 16 + 112))
        self.assertEqual(f["card-1"][0], 16 + 165.5 + 12)
        self.assertEqual(f["card-0-button"][0], 24 + 149.5 - 44)
        self.assertEqual(f["card-0-price"][1] - f["card-0-row"][1], 12)
        self.assertEqual(f["card-2"][1], 16 + f["card-0"][3] + 12)
        self.assertEqual(expected_frames(RELAYOUT_WIDTH)["card-0"][2], (414 - 44) / 2)
        self.assertEqual(len(f), 1 + CARD_COUNT * 8)

    def test_the_payload_is_up_to_date(self) -> None:
        proc = subprocess.run([sys.executable, str(HERE / "make_cards_payload.py"), "--check"],
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)

    def test_the_payload_has_every_card_id_once(self) -> None:
        doc = json.loads((HERE / "cards-100.json").read_text())
        ids = []

        def walk(n: dict) -> None:
            ids.append(n["id"])
            for c in n.get("children", []):
                walk(c)

        walk(doc["root"])
        self.assertEqual(len(ids), SDUI_NODE_COUNT)
        self.assertEqual(len(set(ids)), len(ids))
        self.assertTrue(set(expected_frames(WIDTH)) <= set(ids))


class PeersCheck(unittest.TestCase):
    @unittest.skipUnless(importlib.util.find_spec("kiwisolver"), "kiwisolver not installed")
    def test_peers_exit_non_zero_when_an_engine_disagrees(self) -> None:
        code = ("import sys; sys.path.insert(0, %r); import peers, peer_engines\n"
                "orig = peer_engines.CassowaryPerCard.frames\n"
                "def bad(self):\n"
                "    f = orig(self); x, y, w, h = f['card-3-title']; f['card-3-title'] = (x, y + 1, w, h); return f\n"
                "peer_engines.CassowaryPerCard.frames = bad\n"
                "sys.exit(peers.main(['--check-only', '--engines', 'cassowary-per-card']))\n" % str(HERE))
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("card-3-title", proc.stderr)


if __name__ == "__main__":
    unittest.main()
