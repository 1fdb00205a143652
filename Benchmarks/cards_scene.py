"""The "cards-100" benchmark scene: its dimensions and its closed-form frames.

Shared by peers.py (the peer engines), make_cards_payload.py (SDUIKit's
payload) and compare.py (its self-test), so the three cannot drift apart.

A 375 pt window (414 pt for relayout), root padding 16, a 2-column grid with
row and column spacing 12, 100 cards in 50 rows. Each card is a vertical stack
(padding 8, spacing 8, leading) of an image (card inner width, aspect ratio
16:9), a title (height 20), a subtitle (height 16) and a horizontal row
(spacing 8, vertically centred) of a price 60x20, a flexible spacer (min length
8) and a 44x44 button.
"""

from __future__ import annotations

import math


CARD_COUNT = 100
COLUMNS = 2
ROOT_PADDING = 16.0
GRID_SPACING = 12.0
CARD_PADDING = 8.0
CARD_SPACING = 8.0
IMAGE_ASPECT = 16.0 / 9.0
TITLE_HEIGHT = 20.0
SUBTITLE_HEIGHT = 16.0
ROW_SPACING = 8.0
PRICE_SIZE = (60.0, 20.0)
BUTTON_SIZE = (44.0, 44.0)
SPACER_MIN_LENGTH = 8.0

WIDTH = 375.0
RELAYOUT_WIDTH = 414.0
# The toggle case (cards-100-relayout-toggle): 375 ↔ 376 pt on one tree.
TOGGLE_WIDTH = 376.0
WINDOW_HEIGHT = 667.0  # proposed to nobody: the screen scrolls vertically
ROWS = CARD_COUNT // COLUMNS
NODE_COUNT = 1 + ROWS + CARD_COUNT * 8  # 851: root + row containers + cards
SDUI_NODE_COUNT = 2 + CARD_COUNT * 8     # 802: scroll + grid + cards (no rows)
TOLERANCE = 0.01

PARTS = ("image", "title", "subtitle", "row", "price", "spacer", "button")

Frame = tuple[float, float, float, float]


def card_id(i: int, part: str | None = None) -> str:
    return f"card-{i}" if part is None else f"card-{i}-{part}"


def expected_frames(width: float) -> dict[str, Frame]:
    """Closed-form frames of the scene at `width`, in window coordinates.

    "grid" is the peers' root: the whole padded grid (SDUIKit's grid node).
    The spacer is vertically centred in its 44 pt row with height 0, as a
    SwiftUI Spacer in an HStack is (it only expands along the stack's axis).
    """
    column = (width - 2 * ROOT_PADDING - (COLUMNS - 1) * GRID_SPACING) / COLUMNS
    inner = column - 2 * CARD_PADDING
    image_h = inner / IMAGE_ASPECT
    row_h = max(PRICE_SIZE[1], BUTTON_SIZE[1])
    card_h = (2 * CARD_PADDING + image_h + TITLE_HEIGHT + SUBTITLE_HEIGHT + row_h
              + 3 * CARD_SPACING)
    frames: dict[str, Frame] = {}
    for i in range(CARD_COUNT):
        r, c = divmod(i, COLUMNS)
        x = ROOT_PADDING + c * (column + GRID_SPACING)
        y = ROOT_PADDING + r * (card_h + GRID_SPACING)
        ix = x + CARD_PADDING
        frames[card_id(i)] = (x, y, column, card_h)
        cy = y + CARD_PADDING
        frames[card_id(i, "image")] = (ix, cy, inner, image_h)
        cy += image_h + CARD_SPACING
        frames[card_id(i, "title")] = (ix, cy, inner, TITLE_HEIGHT)
        cy += TITLE_HEIGHT + CARD_SPACING
        frames[card_id(i, "subtitle")] = (ix, cy, inner, SUBTITLE_HEIGHT)
        cy += SUBTITLE_HEIGHT + CARD_SPACING
        frames[card_id(i, "row")] = (ix, cy, inner, row_h)
        pw, ph = PRICE_SIZE
        bw, bh = BUTTON_SIZE
        frames[card_id(i, "price")] = (ix, cy + (row_h - ph) / 2, pw, ph)
        spacer_w = inner - pw - bw - 2 * ROW_SPACING
        frames[card_id(i, "spacer")] = (ix + pw + ROW_SPACING, cy + row_h / 2, spacer_w, 0.0)
        frames[card_id(i, "button")] = (ix + inner - bw, cy + (row_h - bh) / 2, bw, bh)
    grid_h = 2 * ROOT_PADDING + ROWS * card_h + (ROWS - 1) * GRID_SPACING
    frames["grid"] = (0.0, 0.0, width, grid_h)
    return frames




def compare_frames(actual: dict[str, Frame], expected: dict[str, Frame],
                   tolerance: float = TOLERANCE) -> list[str]:
    """Every id of `expected` must be in `actual` within `tolerance` points.

    Returns one human-readable line per disagreeing or missing id.
    """
    problems = []
    for name, want in expected.items():
        got = actual.get(name)
        if got is None:
            problems.append(f"{name}: missing")
            continue
        if len(got) != 4 or any(not math.isfinite(g) or abs(g - w) > tolerance
                                for g, w in zip(got, want)):
            problems.append(f"{name}: got {fmt(got)}, expected {fmt(want)}")
    return problems


def fmt(frame) -> str:
    return "[" + ", ".join(f"{v:.4f}" for v in frame) + "]"
