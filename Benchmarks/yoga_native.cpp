// Yoga without Python: the cards-100 tree built with Yoga's C API and timed
// with the same protocol as peers.py, to show how much of the pyyoga timing is
// the engine itself. Linked against the libyogacore.a that the pyyoga wheel
// ships (so it is the same Yoga build that peers.py measures, not another one).
//
// Build (peers.py does this itself, see native_yoga() there):
//   g++ -O2 -std=c++20 -I$SITE/include yoga_native.cpp $SITE/lib64/libyogacore.a
// Run:   yoga_native RUNS WARMUP
// Prints {"nodes", "fresh": [µs, ...], "relayout": [µs, ...], "build-and-layout": [...],
// "relayout-toggle": [...], "card-0": [x, y,
// w, h], "card-99-button": [...]}: every sample, so peers.py can pool the
// samples of several runs of this program interleaved with its own cases.
//
// Timed: exactly one YGNodeCalculateLayout call per sample, except build-and-layout.
//   fresh:    on a tree built just before (untimed), never laid out.
//   relayout: at 414 pt on a tree built just before and laid out at 375 pt.
//   build-and-layout: the tree built (YGNodeNew, style setters, insertions) and
//             laid out at 375 pt — Yoga's side of SDUIKit's cards-100-first-layout
//             (which flattens a new screen and lays it out); freed untimed.
//   relayout-toggle: one tree kept for the whole program, laid out at 375 and
//             376 pt in turn (every call timed, after the warm-up): each width
//             was laid out two calls before, so Yoga's caches are warm — its side
//             of SDUIKit's cards-100-relayout-toggle.

#include <yoga/Yoga.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kCards = 100;
constexpr int kColumns = 2;
constexpr float kAspect = 16.0f / 9.0f;

YGNodeRef node(YGConfigRef config) { return YGNodeNewWithConfig(config); }

// Returns the root; `card0` and `button99` receive two nodes to check.
YGNodeRef build(YGConfigRef config, YGNodeRef* card0, YGNodeRef* button99) {
  YGNodeRef root = node(config);
  YGNodeStyleSetFlexDirection(root, YGFlexDirectionColumn);
  YGNodeStyleSetPadding(root, YGEdgeAll, 16);
  YGNodeStyleSetGap(root, YGGutterRow, 12);
  for (int r = 0; r < kCards / kColumns; ++r) {
    YGNodeRef row = node(config);
    YGNodeStyleSetFlexDirection(row, YGFlexDirectionRow);
    YGNodeStyleSetGap(row, YGGutterColumn, 12);
    YGNodeStyleSetAlignItems(row, YGAlignCenter);
    YGNodeInsertChild(root, row, YGNodeGetChildCount(root));
    for (int c = 0; c < kColumns; ++c) {
      YGNodeRef card = node(config);
      YGNodeStyleSetFlexGrow(card, 1);
      YGNodeStyleSetFlexShrink(card, 1);
      YGNodeStyleSetFlexBasis(card, 0);
      YGNodeStyleSetFlexDirection(card, YGFlexDirectionColumn);
      YGNodeStyleSetPadding(card, YGEdgeAll, 8);
      YGNodeStyleSetGap(card, YGGutterRow, 8);
      YGNodeStyleSetAlignItems(card, YGAlignStretch);
      YGNodeInsertChild(row, card, c);

      YGNodeRef image = node(config);
      YGNodeStyleSetAspectRatio(image, kAspect);
      YGNodeRef title = node(config);
      YGNodeStyleSetHeight(title, 20);
      YGNodeRef subtitle = node(config);
      YGNodeStyleSetHeight(subtitle, 16);
      YGNodeRef hrow = node(config);
      YGNodeStyleSetFlexDirection(hrow, YGFlexDirectionRow);
      YGNodeStyleSetGap(hrow, YGGutterColumn, 8);
      YGNodeStyleSetAlignItems(hrow, YGAlignCenter);
      YGNodeInsertChild(card, image, 0);
      YGNodeInsertChild(card, title, 1);
      YGNodeInsertChild(card, subtitle, 2);
      YGNodeInsertChild(card, hrow, 3);

      YGNodeRef price = node(config);
      YGNodeStyleSetWidth(price, 60);
      YGNodeStyleSetHeight(price, 20);
      YGNodeRef spacer = node(config);
      YGNodeStyleSetFlexGrow(spacer, 1);
      YGNodeStyleSetMinWidth(spacer, 8);
      YGNodeRef button = node(config);
      YGNodeStyleSetWidth(button, 44);
      YGNodeStyleSetHeight(button, 44);
      YGNodeInsertChild(hrow, price, 0);
      YGNodeInsertChild(hrow, spacer, 1);
      YGNodeInsertChild(hrow, button, 2);
      if (r == 0 && c == 0) *card0 = card;
      if (r * kColumns + c == kCards - 1) *button99 = button;
    }
  }
  return root;
}

int countNodes(YGNodeRef n) {
  int total = 1;
  for (size_t i = 0; i < YGNodeGetChildCount(n); ++i) total += countNodes(YGNodeGetChild(n, i));
  return total;
}

// Absolute frame: walk up through the owners adding their offsets.
void absoluteFrame(YGNodeRef n, double out[4]) {
  out[0] = out[1] = 0;
  out[2] = YGNodeLayoutGetWidth(n);
  out[3] = YGNodeLayoutGetHeight(n);
  for (YGNodeRef p = n; p != nullptr; p = YGNodeGetParent(p)) {
    out[0] += YGNodeLayoutGetLeft(p);
    out[1] += YGNodeLayoutGetTop(p);
  }
}

double microsecondsOf(YGNodeRef root, float width) {
  auto t0 = std::chrono::steady_clock::now();
  YGNodeCalculateLayout(root, width, YGUndefined, YGDirectionLTR);
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(t1 - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  int runs = argc > 1 ? std::atoi(argv[1]) : 200;
  int warmup = argc > 2 ? std::atoi(argv[2]) : 20;
  if (runs < 1 || warmup < 0) {
    std::fprintf(stderr, "usage: yoga_native RUNS WARMUP\n");
    return 64;
  }
  YGConfigRef config = YGConfigNew();
  YGConfigSetPointScaleFactor(config, 0);  // no pixel-grid rounding, as in peers.py

  std::vector<double> fresh, relayout, buildAndLayout, relayoutToggle;
  YGNodeRef toggleCard0 = nullptr, toggleButton99 = nullptr;
  YGNodeRef toggleRoot = build(config, &toggleCard0, &toggleButton99);
  YGNodeRef card0 = nullptr, button99 = nullptr;
  int nodes = 0;
  double card0Frame[4] = {}, button99Frame[4] = {};
  for (int i = 0; i < warmup + runs; ++i) {
    YGNodeRef root = build(config, &card0, &button99);
    double us = microsecondsOf(root, 375);
    if (i >= warmup) fresh.push_back(us);
    if (i == 0) {
      nodes = countNodes(root);
      absoluteFrame(card0, card0Frame);
      absoluteFrame(button99, button99Frame);
    }
    YGNodeFreeRecursive(root);

    root = build(config, &card0, &button99);
    YGNodeCalculateLayout(root, 375, YGUndefined, YGDirectionLTR);
    us = microsecondsOf(root, 414);
    if (i >= warmup) relayout.push_back(us);
    YGNodeFreeRecursive(root);

    auto t0 = std::chrono::steady_clock::now();
    root = build(config, &card0, &button99);
    YGNodeCalculateLayout(root, 375, YGUndefined, YGDirectionLTR);
    auto t1 = std::chrono::steady_clock::now();
    if (i >= warmup) buildAndLayout.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    YGNodeFreeRecursive(root);

    for (int k = 0; k < 2; ++k) {
      us = microsecondsOf(toggleRoot, k == 0 ? 375 : 376);
      if (i >= warmup) relayoutToggle.push_back(us);
    }
  }
  YGNodeFreeRecursive(toggleRoot);
  YGConfigFree(config);

  auto printSamples = [](const char* name, const std::vector<double>& v) {
    std::printf(" \"%s\": [", name);
    for (size_t i = 0; i < v.size(); ++i) std::printf(i ? ", %.3f" : "%.3f", v[i]);
    std::printf("],\n");
  };
  std::printf("{\"nodes\": %d,\n", nodes);
  printSamples("fresh", fresh);
  printSamples("relayout", relayout);
  printSamples("build-and-layout", buildAndLayout);
  printSamples("relayout-toggle", relayoutToggle);
  std::printf(" \"card-0\": [%.6f, %.6f, %.6f, %.6f],\n", card0Frame[0], card0Frame[1], card0Frame[2],
              card0Frame[3]);
  std::printf(" \"card-99-button\": [%.6f, %.6f, %.6f, %.6f]}\n", button99Frame[0], button99Frame[1],
              button99Frame[2], button99Frame[3]);
  return 0;
}
