"""The peer engines of the cards-100 benchmark: one class per engine.

Each builds the 851-node cards-100 tree (see cards_scene.py) in its engine,
lays it out at a window width, and reads back absolute frames. peers.py times
them; what exactly each timed method covers is said in its docstring and in
docs/benchmarks.md.

Tree engines (YogaPeer, TaffyPeer) have `prepare_fresh()` (untimed: build a
new, never laid out tree) and `layout(width)` (the one engine call that is
timed). Solver engines (Cassowary*) have `solve_fresh(width)` (timed: build
the solver from prebuilt constraints and solve) and `layout(width)` (timed:
re-solve the live solver(s) at a new width).
"""

from __future__ import annotations

import math

from cards_scene import (BUTTON_SIZE, CARD_COUNT, CARD_PADDING, CARD_SPACING, COLUMNS,
                         GRID_SPACING, IMAGE_ASPECT, PARTS, PRICE_SIZE,
                         RELAYOUT_WIDTH, ROOT_PADDING, ROW_SPACING, ROWS, TOGGLE_WIDTH,
                         SPACER_MIN_LENGTH, SUBTITLE_HEIGHT, TITLE_HEIGHT, WIDTH,
                         Frame, card_id)

# --------------------------------------------------------------------------
# Yoga (pyyoga)
# --------------------------------------------------------------------------

class YogaPeer:
    """Flexbox: root column (padding 16, row gap 12) of 50 row containers
    (flex-direction row, column gap 12), each with 2 cards (flex 1 1 0, column,
    padding 8, gap 8, align-items stretch). The image has only Yoga's own
    aspectRatio (16/9) and takes its width from stretch; the card's row is a
    row (gap 8, align-items center) of price, spacer (flex-grow 1,
    min-width 8) and button."""

    engine = "yoga"

    def __init__(self) -> None:
        import pyyoga

        self.y = pyyoga
        self.config = pyyoga.Config()
        # 0 switches off Yoga's pixel-grid rounding pass (default 1 = whole
        # points), which would otherwise round 84.09375 and 165.5.
        self.config.point_scale_factor = 0.0
        self.root = None
        self.ids: list[tuple[object, str]] = []

    def _node(self):
        return self.y.Node(self.config)

    def build(self) -> None:
        y = self.y
        E, G, FD, A = y.Edge, y.Gutter, y.FlexDirection, y.Align
        root = self._node()
        root.flex_direction = FD.Column
        root.set_padding(E.All, ROOT_PADDING)
        root.set_gap(G.Row, GRID_SPACING)
        ids: list[tuple[object, str]] = [(root, "grid")]
        for r in range(ROWS):
            row = self._node()
            row.flex_direction = FD.Row
            row.set_gap(G.Column, GRID_SPACING)
            row.align_items = A.Center  # a SwiftUI Grid centres cells in a row
            root.add_child(row)
            for c in range(COLUMNS):
                i = r * COLUMNS + c
                card = self._node()
                card.flex_grow = 1.0
                card.flex_shrink = 1.0
                card.flex_basis = 0.0
                card.flex_direction = FD.Column
                card.set_padding(E.All, CARD_PADDING)
                card.set_gap(G.Row, CARD_SPACING)
                card.align_items = A.Stretch
                row.add_child(card)
                ids.append((card, card_id(i)))

                image = self._node()
                image.aspect_ratio = IMAGE_ASPECT
                title = self._node()
                title.height = TITLE_HEIGHT
                subtitle = self._node()
                subtitle.height = SUBTITLE_HEIGHT
                hrow = self._node()
                hrow.flex_direction = FD.Row
                hrow.set_gap(G.Column, ROW_SPACING)
                hrow.align_items = A.Center
                for child in (image, title, subtitle, hrow):
                    card.add_child(child)

                price = self._node()
                price.width, price.height = PRICE_SIZE
                spacer = self._node()
                spacer.flex_grow = 1.0
                spacer.min_width = SPACER_MIN_LENGTH
                button = self._node()
                button.width, button.height = BUTTON_SIZE
                for child in (price, spacer, button):
                    hrow.add_child(child)
                ids += [(image, card_id(i, "image")), (title, card_id(i, "title")),
                        (subtitle, card_id(i, "subtitle")), (hrow, card_id(i, "row")),
                        (price, card_id(i, "price")), (spacer, card_id(i, "spacer")),
                        (button, card_id(i, "button"))]
        self.root, self.ids = root, ids
        # The raw pybind11 call: the Python wrapper's calculate_layout only adds
        # argument conversion (measured separately in `overhead`).
        self._calc = root._node.calculate_layout
        self._ltr = y.Direction.LTR

    def count_nodes(self) -> int:
        def walk(n) -> int:
            return 1 + sum(walk(c) for c in n.children)
        return walk(self.root)

    def layout(self, width: float) -> None:
        self._calc(width, math.nan, self._ltr)

    def prepare_fresh(self) -> None:
        if self.root is not None:
            self.root.free_recursive()
        self.build()

    def frames(self) -> dict[str, Frame]:
        out: dict[str, Frame] = {}

        def walk(n, ox: float, oy: float) -> None:
            x, y = ox + n.layout_left, oy + n.layout_top
            frame_of[id(n)] = (x, y, n.layout_width, n.layout_height)
            for c in n.children:
                walk(c, x, y)

        frame_of: dict[int, Frame] = {}
        walk(self.root, 0.0, 0.0)
        for node, name in self.ids:
            out[name] = frame_of[id(node)]
        return out


# --------------------------------------------------------------------------
# Taffy (stretchable)
# --------------------------------------------------------------------------

class TaffyPeer:
    """The same flexbox tree as Yoga, in Taffy through stretchable. Taffy's
    own `aspect_ratio` style on the image (plus width 100%, see below); `gap`
    for spacing; the root is width 100% of the available space. The tree is
    built with stretchable's public Node/Style API; the timed call is the
    Rust binding underneath `Node.compute_layout`."""

    engine = "taffy"

    def __init__(self) -> None:
        import stretchable
        from stretchable import taffylib
        from stretchable.context import taffy
        from stretchable.style import AlignItems, FlexDirection
        from stretchable.style.geometry.length import PCT
        from stretchable.style.geometry.size import SizeAvailableSpace

        self.s = stretchable
        self.lib = taffylib
        self.taffy = taffy
        taffylib.disable_rounding(taffy._ptr)  # SDUIKit does not round either
        taffy._use_rounding = False
        self.AlignItems, self.FlexDirection, self.PCT = AlignItems, FlexDirection, PCT
        self.space = {w: SizeAvailableSpace(w, None).to_dict()
                      for w in (WIDTH, RELAYOUT_WIDTH, TOGGLE_WIDTH)}
        self.root = None
        self.ids: list[tuple[object, str]] = []
        self._styles = self._make_styles()

    def _make_styles(self) -> dict[str, object]:
        S = self.s.Style
        FD, AI = self.FlexDirection, self.AlignItems
        return {
            # A Taffy root with an auto width shrinks to fit its content even
            # under a definite available width; 100% resolves against the
            # available width, so relayout stays a single compute call.
            "root": S(flex_direction=FD.COLUMN, padding=ROOT_PADDING,
                      size=(100 * self.PCT, None),
                      gap=GRID_SPACING, flex_shrink=0.0),
            "gridrow": S(flex_direction=FD.ROW, gap=GRID_SPACING,
                         align_items=AI.CENTER, flex_shrink=0.0),
            "card": S(flex_direction=FD.COLUMN, flex_grow=1.0, flex_shrink=1.0,
                      flex_basis=0.0, padding=CARD_PADDING, gap=CARD_SPACING,
                      align_items=AI.STRETCH),
            # Taffy 0.7.7 does not carry a stretched cross size through
            # aspect_ratio (the image comes out 0 pt tall, where CSS 9.8 and
            # Yoga give width / ratio), so the image also gets width 100%.
            "image": S(aspect_ratio=IMAGE_ASPECT, size=(100 * self.PCT, None),
                       flex_shrink=0.0),
            "title": S(size=(None, TITLE_HEIGHT), flex_shrink=0.0),
            "subtitle": S(size=(None, SUBTITLE_HEIGHT), flex_shrink=0.0),
            "row": S(flex_direction=FD.ROW, gap=ROW_SPACING, align_items=AI.CENTER,
                     flex_shrink=0.0),
            "price": S(size=PRICE_SIZE, flex_shrink=0.0),
            "spacer": S(flex_grow=1.0, min_size=(SPACER_MIN_LENGTH, None)),
            "button": S(size=BUTTON_SIZE, flex_shrink=0.0),
        }

    def build(self) -> None:
        N, st = self.s.Node, self._styles
        root = N(style=st["root"])
        ids: list[tuple[object, str]] = [(root, "grid")]
        for r in range(ROWS):
            row = N(style=st["gridrow"])
            root.add(row)
            for c in range(COLUMNS):
                i = r * COLUMNS + c
                parts = {p: N(style=st[p]) for p in PARTS}
                parts["row"].add(parts["price"], parts["spacer"], parts["button"])
                card = N(parts["image"], parts["title"], parts["subtitle"], parts["row"],
                         style=st["card"])
                row.add(card)
                ids.append((card, card_id(i)))
                ids += [(parts[p], card_id(i, p)) for p in PARTS]
        self.root, self.ids = root, ids
        self._compute = self.lib.node_compute_layout
        self._ptr = self.taffy._ptr
        self._root_id = root._node_id

    def count_nodes(self) -> int:
        def walk(n) -> int:
            return 1 + sum(walk(c) for c in n)
        return walk(self.root)

    def layout(self, width: float) -> None:
        self._compute(self._ptr, self._root_id, self.space[width])

    def prepare_fresh(self) -> None:
        if self.root is not None:
            # stretchable never drops nodes; free the old tree's slots so the
            # Taffy slot map does not grow run after run.
            for node, _ in self.ids:
                self.lib.node_drop(self._ptr, node._node_id)
            for row in self.root:
                self.lib.node_drop(self._ptr, row._node_id)
        self.build()

    def frames(self) -> dict[str, Frame]:
        layout = self.lib.PyLayout()
        frame_of: dict[int, Frame] = {}

        def walk(n, ox: float, oy: float) -> None:
            self.lib.node_get_layout(self._ptr, n._node_id, layout)
            x, y = ox + layout.x, oy + layout.y
            frame_of[id(n)] = (x, y, layout.width, layout.height)
            for c in n:
                walk(c, x, y)

        walk(self.root, 0.0, 0.0)
        return {name: frame_of[id(node)] for node, name in self.ids}


# --------------------------------------------------------------------------
# Cassowary (kiwisolver)
# --------------------------------------------------------------------------

class _Box:
    __slots__ = ("x", "y", "w", "h")

    def __init__(self, kiwi) -> None:
        V = kiwi.Variable
        self.x, self.y, self.w, self.h = V(), V(), V(), V()

    def value(self) -> Frame:
        return (self.x.value(), self.y.value(), self.w.value(), self.h.value())


def _card_constraints(kiwi, card: _Box, boxes: dict[str, _Box]) -> list:
    """Constraints of one card's subtree given the card box (its width and
    origin are decided by the caller). Cassowary has no "max": the row hugs
    its tallest child with required `h >= child.h` plus a weak `h == 0`."""
    weak = kiwi.strength.weak
    img, title, sub, row = boxes["image"], boxes["title"], boxes["subtitle"], boxes["row"]
    price, spacer, button = boxes["price"], boxes["spacer"], boxes["button"]
    inner = card.w - 2 * CARD_PADDING
    ix = card.x + CARD_PADDING
    cs = [
        img.x == ix, img.y == card.y + CARD_PADDING, img.w == inner,
        img.h * IMAGE_ASPECT == img.w,
        title.x == ix, title.y == img.y + img.h + CARD_SPACING, title.w == inner,
        title.h == TITLE_HEIGHT,
        sub.x == ix, sub.y == title.y + title.h + CARD_SPACING, sub.w == inner,
        sub.h == SUBTITLE_HEIGHT,
        row.x == ix, row.y == sub.y + sub.h + CARD_SPACING, row.w == inner,
        row.h >= price.h, row.h >= button.h, (row.h == 0) | weak,
        price.x == row.x, price.w == PRICE_SIZE[0], price.h == PRICE_SIZE[1],
        price.y * 2 == row.y * 2 + row.h - price.h,
        spacer.x == price.x + price.w + ROW_SPACING, spacer.w >= SPACER_MIN_LENGTH,
        spacer.h == 0, spacer.y * 2 == row.y * 2 + row.h - spacer.h,
        button.x == spacer.x + spacer.w + ROW_SPACING,
        button.x + button.w == row.x + row.w,
        button.w == BUTTON_SIZE[0], button.h == BUTTON_SIZE[1],
        button.y * 2 == row.y * 2 + row.h - button.h,
        card.h == row.y + row.h + CARD_PADDING - card.y,
    ]
    return cs


class CassowaryPerCard:
    """One small kiwi Solver per card (card-local coordinates, the card width
    an edit variable), plus plain arithmetic for the grid: column width, card
    origins, each row as tall as its tallest card."""

    engine = "cassowary-per-card"

    def __init__(self) -> None:
        import kiwisolver

        self.k = kiwisolver
        self.cards: list[tuple[_Box, dict[str, _Box], list]] = []
        self.solvers: list = []
        self.origins: list[tuple[float, float]] = []
        self.grid_height = 0.0
        for _ in range(CARD_COUNT):
            card = _Box(kiwisolver)
            boxes = {p: _Box(kiwisolver) for p in PARTS}
            cs = [card.x == 0, card.y == 0] + _card_constraints(kiwisolver, card, boxes)
            self.cards.append((card, boxes, cs))

    def _column(self, width: float) -> float:
        return (width - 2 * ROOT_PADDING - (COLUMNS - 1) * GRID_SPACING) / COLUMNS

    def _grid(self, width: float, column: float) -> None:
        origins = []
        y = ROOT_PADDING
        cards = self.cards
        for r in range(ROWS):
            base = r * COLUMNS
            row_h = max(cards[base + c][0].h.value() for c in range(COLUMNS))
            for c in range(COLUMNS):
                # Cells are centred vertically in their row, like a SwiftUI Grid.
                h = cards[base + c][0].h.value()
                origins.append((ROOT_PADDING + c * (column + GRID_SPACING),
                                y + (row_h - h) / 2))
            y += row_h + GRID_SPACING
        self.origins = origins
        self.grid_height = y - GRID_SPACING + ROOT_PADDING

    def solve_fresh(self, width: float) -> None:
        """Timed: new solvers, constraints added, variables updated, grid."""
        Solver, strong = self.k.Solver, self.k.strength.strong
        column = self._column(width)
        solvers = []
        for card, _, cs in self.cards:
            s = Solver()
            s.addEditVariable(card.w, strong)
            s.suggestValue(card.w, column)
            for c in cs:
                s.addConstraint(c)
            s.updateVariables()
            solvers.append(s)
        self.solvers = solvers
        self._grid(width, column)

    def layout(self, width: float) -> None:
        """Timed (relayout): suggest the new card width to each live solver."""
        column = self._column(width)
        for (card, _, _), s in zip(self.cards, self.solvers):
            s.suggestValue(card.w, column)
            s.updateVariables()
        self._grid(width, column)

    def frames(self) -> dict[str, Frame]:
        out: dict[str, Frame] = {}
        for i, ((card, boxes, _), (ox, oy)) in enumerate(zip(self.cards, self.origins)):
            x, y, w, h = card.value()
            out[card_id(i)] = (ox + x, oy + y, w, h)
            for p in PARTS:
                x, y, w, h = boxes[p].value()
                out[card_id(i, p)] = (ox + x, oy + y, w, h)
        width = 2 * ROOT_PADDING + COLUMNS * self.cards[0][0].w.value() + (COLUMNS - 1) * GRID_SPACING
        out["grid"] = (0.0, 0.0, width, self.grid_height)
        return out

    def constraint_count(self) -> int:
        return sum(len(cs) for _, _, cs in self.cards)


class CassowaryOneSystem:
    """Every node of the 851-node screen as 4 kiwi variables in absolute
    coordinates, all constraints in one Solver, the window width an edit
    variable. Grid rows hug their tallest card (required >= plus weak == 0);
    cards share a row's width equally and are centred in it vertically."""

    engine = "cassowary-one-system"

    def __init__(self) -> None:
        import kiwisolver as k

        self.k = k
        weak = k.strength.weak
        self.window = k.Variable("window")
        root = _Box(k)
        self.root = root
        cs = [root.x == 0, root.y == 0, root.w == self.window]
        self.named: list[tuple[_Box, str]] = [(root, "grid")]
        prev = None
        for r in range(ROWS):
            row = _Box(k)
            cs += [row.x == root.x + ROOT_PADDING,
                   row.w == root.w - 2 * ROOT_PADDING,
                   row.y == (root.y + ROOT_PADDING if prev is None
                             else prev.y + prev.h + GRID_SPACING),
                   (row.h == 0) | weak]
            for c in range(COLUMNS):
                i = r * COLUMNS + c
                card = _Box(k)
                boxes = {p: _Box(k) for p in PARTS}
                cs += [card.w * COLUMNS == row.w - (COLUMNS - 1) * GRID_SPACING,
                       card.x == row.x + c * GRID_SPACING + card.w * c,
                       card.y * 2 == row.y * 2 + row.h - card.h,
                       row.h >= card.h]
                cs += _card_constraints(k, card, boxes)
                self.named.append((card, card_id(i)))
                self.named += [(boxes[p], card_id(i, p)) for p in PARTS]
            prev = row
        cs.append(root.h == prev.y + prev.h + ROOT_PADDING)
        self.constraints = cs
        self.solver = None

    def solve_fresh(self, width: float) -> None:
        """Timed: a new solver, the edit variable, every constraint, update."""
        s = self.k.Solver()
        s.addEditVariable(self.window, self.k.strength.strong)
        s.suggestValue(self.window, width)
        for c in self.constraints:
            s.addConstraint(c)
        s.updateVariables()
        self.solver = s

    def layout(self, width: float) -> None:
        """Timed (relayout): suggest the new window width, update."""
        self.solver.suggestValue(self.window, width)
        self.solver.updateVariables()

    def frames(self) -> dict[str, Frame]:
        return {name: box.value() for box, name in self.named}

    def constraint_count(self) -> int:
        return len(self.constraints)
