#!/usr/bin/env python3
"""Writes a storefront-style payload of N product cards for lint benchmarks.

Each card is one of the storefront example's eight cards (Examples/storefront.json): a tappable vstack with an
image (a discount badge overlay on some), a two-line title, prices (a viewThatFits between a row and a column
where there is an old price) and a bordered "Buy" button — 6 to 13 nodes, 8.6 on average, so 4 058 cards are
35 007 nodes and 5 000 cards 43 130 (`sdui validate` prints the count). Cards repeat the example's eight
products, so lint findings repeat across siblings (buy-p1 … buy-pN), as on a real product grid.

Usage: python3 Benchmarks/make_lint_payload.py CARDS [--out PATH]   (default: standard output)
"""

from __future__ import annotations

import argparse
import json
import re
import os
import sys

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "storefront.json")


def cards_payload(count: int) -> dict:
    with open(EXAMPLE, encoding="utf-8") as f:
        screen = json.load(f)
    content = screen["root"]["children"][0]
    grid = next(c for c in content["children"] if c.get("type") == "grid")
    templates = grid["children"]
    cards = []
    for i in range(count):
        text = json.dumps(templates[i % len(templates)])
        source = f"p{i % len(templates) + 1}"
        # Every id and screen name of the template card holds its product number as a part of its own (`-p2"`,
        # `-p2-stacked"`, `/p2"`): renumber it ("p1" in "p10" is not a part: a `"`, `-` or `/` must follow).
        text = re.sub(rf"([-/]){source}(?=[\"/-])", rf"\g<1>p{i + 1}", text)
        cards.append(json.loads(text))
    grid["children"] = cards
    screen["id"] = f"storefront-{count}"
    return screen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", type=int)
    parser.add_argument("--out")
    args = parser.parse_args()
    if not 1 <= args.cards <= 28_000:
        print("CARDS must be 1…28000 (the decoder's limit is 200 000 nodes)", file=sys.stderr)
        return 64
    text = json.dumps(cards_payload(args.cards), separators=(",", ":"))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
