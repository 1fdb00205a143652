#!/usr/bin/env python3
"""Writes Benchmarks/cards-100.json: the cards-100 screen as an SDUIKit
payload (schema v1), the same screen peers.py builds in Yoga, Taffy and
Cassowary.

SDUIKit's tree has 802 nodes: scroll + grid + 100 cards x 8 (card, image,
title, subtitle, row, price, spacer, button). The peers' tree has 851: they
need a root plus 50 row containers where SDUIKit's grid places cells itself.

Usage: python3 Benchmarks/make_cards_payload.py [--out PATH] [--check]
  --check  exit 1 if PATH differs from what would be written (for CI).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from cards_scene import (BUTTON_SIZE, CARD_COUNT, CARD_PADDING, CARD_SPACING, COLUMNS,
                         GRID_SPACING, IMAGE_ASPECT, PRICE_SIZE, ROOT_PADDING,
                         ROW_SPACING, SDUI_NODE_COUNT, SUBTITLE_HEIGHT, TITLE_HEIGHT,
                         card_id)

DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cards-100.json")


def _number(value: float) -> float | int:
    """16.0 -> 16, so the payload reads like hand-written JSON."""
    return int(value) if float(value).is_integer() else value


def make_card(i: int) -> dict:
    """One card: a leading VStack of image, title, subtitle and a price row."""
    return {
        "type": "vstack", "id": card_id(i), "spacing": _number(CARD_SPACING),
        "padding": _number(CARD_PADDING), "alignment": "leading",
        "children": [
            {"type": "image", "id": card_id(i, "image"), "aspectRatio": IMAGE_ASPECT},
            {"type": "color", "id": card_id(i, "title"),
             "frame": {"height": _number(TITLE_HEIGHT)}},
            {"type": "color", "id": card_id(i, "subtitle"),
             "frame": {"height": _number(SUBTITLE_HEIGHT)}},
            {"type": "hstack", "id": card_id(i, "row"), "spacing": _number(ROW_SPACING),
             "children": [
                 {"type": "color", "id": card_id(i, "price"),
                  "frame": {"width": _number(PRICE_SIZE[0]), "height": _number(PRICE_SIZE[1])}},
                 {"type": "spacer", "id": card_id(i, "spacer")},
                 {"type": "color", "id": card_id(i, "button"),
                  "frame": {"width": _number(BUTTON_SIZE[0]), "height": _number(BUTTON_SIZE[1])}},
             ]},
        ],
    }


def make_payload() -> dict:
    """The whole screen: a scroll view holding the padded 2-column grid."""
    return {
        "schemaVersion": 1,
        "id": "cards-100",
        "root": {"type": "scroll", "id": "scroll", "children": [
            {"type": "grid", "id": "grid", "columns": COLUMNS,
             "spacing": _number(GRID_SPACING), "padding": _number(ROOT_PADDING),
             "children": [make_card(i) for i in range(CARD_COUNT)]},
        ]},
    }


def count_nodes(node: dict) -> int:
    return 1 + sum(count_nodes(c) for c in node.get("children", []))


def render(payload: dict) -> str:
    """One card per line keeps the file diffable and greppable."""
    grid = payload["root"]["children"][0]
    cards = ",\n".join("      " + json.dumps(c, separators=(", ", ": ")) for c in grid["children"])
    grid_head = {k: v for k, v in grid.items() if k != "children"}
    head = json.dumps(grid_head, separators=(", ", ": "))[:-1]
    return (
        "{\n"
        f'  "schemaVersion": {payload["schemaVersion"]},\n'
        f'  "id": {json.dumps(payload["id"])},\n'
        '  "root": {"type": "scroll", "id": "scroll", "children": [\n'
        f'    {head}, "children": [\n'
        f"{cards}\n"
        "    ]}\n"
        "  ]}\n"
        "}\n"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write the cards-100 SDUIKit payload.")
    ap.add_argument("--out", default=DEFAULT_OUT, help=f"output path (default {DEFAULT_OUT})")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the file at --out differs from the generated payload")
    args = ap.parse_args(argv)

    payload = make_payload()
    text = render(payload)
    assert json.loads(text) == payload, "render() must round-trip"
    nodes = count_nodes(payload["root"])
    assert nodes == SDUI_NODE_COUNT, f"{nodes} nodes, expected {SDUI_NODE_COUNT}"
    if args.check:
        try:
            with open(args.out) as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != text:
            print(f"{args.out} is out of date: run python3 Benchmarks/make_cards_payload.py",
                  file=sys.stderr)
            return 1
        return 0
    with open(args.out, "w") as f:
        f.write(text)
    print(f"wrote {args.out} ({nodes} nodes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
