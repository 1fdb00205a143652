#!/usr/bin/env python3
"""Check an SDUIKit page (from `sdui preview` or `sdui render --format html`) in headless Chromium.

What it measures, for every pre-rendered variant of the page (each Dynamic Type size):

* boxes    every `[data-node-id]` element's getBoundingClientRect() minus its panel's rect, against the
           engine's frame in its `data-frame` attribute (window points = CSS px);
* fit      every text line (`.sdui-line`), measured with a Range, lies inside its node's box;
* CLS      the page's Cumulative Layout Shift (Layout Instability API, `layout-shift` entries, buffered)
           while every image answers late: the page is served from 127.0.0.1 by a server that holds every
           image response until --image-delay seconds after the page was requested (URLs containing "fail", "broken", "missing" or "404"
           answer 404 after the delay: the failure phase). Image `src` URLs are pointed at that server.
           The same is measured on a deliberately naive page (images in normal flow with no reserved box)
           built from the same images and texts: it must be > 0, or the measurement proves nothing;
* bidi     every line with `data-bidi` (the engine's Bidirectional Algorithm runs, in visual order): Chromium must
           draw the runs in that order, left to right, each next to the one before it (within 1 px); and the
           panels laid out right to left (`data-layout-direction`) must be `direction: rtl` in the browser;
* text     (--text-fidelity) each line's width as Chromium draws it against the engine's `data-lw`, and
           whether Chromium would break the text at the same places: each line alone must stay one line in
           a box of the node's `data-wrap` width, and the line plus the next word must not fit.

Usage:
    python3 Scripts/browser/check_page.py PAGE.html [--json REPORT.json] [--text-fidelity]
        [--image-delay 2.0] [--chromium /usr/bin/chromium] [--chromedriver /usr/bin/chromedriver]

Exit status: 0 when boxes are within --tolerance, no text overflows, the page's CLS is 0, the naive page's
CLS is > 0 (and with --require-text-fidelity, the text targets hold); 1 when a check fails; 2 when the
browser or selenium is missing (the message says what to install).
"""

import argparse
import html
import json
import os
import re
import shutil
import statistics
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MISSING_TOOLS = 2
FAIL_MARKERS = ("fail", "broken", "missing", "404")


def png(width, height, rgb):
    """A solid-colour PNG (the images the server hands out)."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Server:
    """Serves the pages and the late images on 127.0.0.1 (an ephemeral port)."""

    def __init__(self, pages, delay):
        self.pages = pages  # path -> bytes
        self.delay = delay
        self.requests = 0
        self.page_time = 0.0
        # Set when the page reports its first contentful paint (`PAINT_BEACON`): late images are held until then
        # as well as until the deadline, so "images arrive after the first paint" holds however slowly a loaded
        # machine paints (a deadline alone failed when the first paint took longer than the delay).
        self.painted = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = urllib.parse.urlsplit(self.path)
                if path.path.startswith("/img/"):
                    server.requests += 1
                    query = urllib.parse.parse_qs(path.query)
                    # Every image answers no earlier than `delay` seconds after its page was requested
                    # (a deadline, not a per-request sleep: Chromium opens at most 6 connections per host).
                    if server.delay > 0:
                        server.painted.wait(timeout=30)
                    time.sleep(max(0.0, server.page_time + server.delay - time.time()))
                    original = query.get("u", [""])[0].lower()
                    if any(marker in original for marker in FAIL_MARKERS):
                        self.send_response(404)
                        self.send_header("Cache-Control", "no-store")
                        self.end_headers()
                        return
                    n = sum(original.encode()) % 6
                    colors = [(255, 149, 0), (52, 199, 89), (0, 122, 255), (175, 82, 222), (255, 45, 85), (90, 200, 250)]
                    body = png(64, 48, colors[n])
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Cache-Control", "no-store")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if path.path == "/painted":
                    server.painted.set()
                    self.send_response(204)
                    self.end_headers()
                    return
                body = server.pages.get(path.path)
                if body is not None:
                    server.page_time = time.time()
                    server.painted.clear()
                if body is None:
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Cache-Control", "no-store")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        # The paint beacon on a port of its own: Chromium keeps at most 6 connections per host and port, and the
        # held image requests occupy all of them on `port`.
        self.beacon = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.beacon.daemon_threads = True
        self.beacon_port = self.beacon.server_address[1]
        threading.Thread(target=self.beacon.serve_forever, daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self):
        for httpd in (self.httpd, self.beacon):
            httpd.shutdown()
            httpd.server_close()


IMG_SRC = re.compile(r'(<img\b[^>]*?\bsrc=")([^"]*)(")')

# Tells the server when the page has painted (see `Server.painted`); added to the served copies only.
PAINT_BEACON = ("<script>new PerformanceObserver(l => { if (l.getEntries().some(e => e.name === 'first-contentful-paint'))"
                " fetch('http://127.0.0.1:PORT/painted', {mode: 'no-cors'}); }).observe({type: 'paint', buffered: true});</script>")


def with_paint_beacon(page, beacon_port):
    """`page` with `PAINT_BEACON` (to `beacon_port`) as the first element of its head (or at its start)."""
    beacon = PAINT_BEACON.replace("PORT", str(beacon_port))
    m = re.search(r"<head[^>]*>", page, re.I)
    return page[:m.end()] + beacon + page[m.end():] if m else beacon + page


def route_images(page, port):
    """Points every http(s) image at the delaying server (data: URLs load at once and are left alone)."""
    count = 0

    def repl(m):
        nonlocal count
        original = html.unescape(m.group(2))
        if not original.lower().startswith(("http://", "https://")):
            return m.group(0)
        count += 1
        routed = f"http://127.0.0.1:{port}/img/{count}?u=" + urllib.parse.quote(original, safe="")
        return m.group(1) + html.escape(routed, quote=True) + m.group(3)

    return IMG_SRC.sub(repl, page), count


def naive_page(page, port):
    """The control: the same images and texts in normal flow, images with no reserved box."""
    sources = [html.unescape(s) for s in re.findall(r'<img\b[^>]*?\bsrc="([^"]*)"', page)]
    texts = [html.unescape(t) for t in re.findall(r'<div class="sdui-line"[^>]*>([^<]*)</div>', page)]
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>naive</title>",
             "<style>body{margin:0;font:17px sans-serif}.col{width:375px}img{display:block;width:100%}</style>",
             "</head><body><div class='col'>"]
    for i, src in enumerate(sources[:12]):
        routed = f"http://127.0.0.1:{port}/img/naive{i}?u=" + urllib.parse.quote(f"naive-{i}", safe="")
        parts.append(f"<img src='{html.escape(routed, quote=True)}' alt=''>")
        parts.append("<p>" + html.escape(texts[i] if i < len(texts) else "caption") + "</p>")
    if not sources:  # still a meaningful control: one late image above a paragraph
        parts.append(f"<img src='http://127.0.0.1:{port}/img/naive0?u=naive-0' alt=''><p>caption</p>")
    parts.append("</div></body></html>")
    return "".join(parts)


def make_driver(args, width, height):
    try:
        from selenium import webdriver
    except ImportError:
        print("check_page: selenium is not installed: pip install selenium==4.50.0", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    chromium = args.chromium or shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = args.chromedriver or shutil.which("chromedriver")
    if not chromium or not os.path.exists(chromium):
        print("check_page: chromium not found: apt-get install -y chromium chromium-driver", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    if not driver_path or not os.path.exists(driver_path):
        print("check_page: chromedriver not found: apt-get install -y chromium-driver", file=sys.stderr)
        sys.exit(MISSING_TOOLS)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--force-device-scale-factor=1", "--font-render-hinting=none", "--disable-extensions",
                 "--no-first-run", f"--window-size={width},{height}"]:
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    return driver


WAIT_FOR_IMAGES = """
const done = arguments[arguments.length - 1];
const start = performance.now();
(function poll() {
  const imgs = Array.from(document.images);
  const settled = imgs.every(i => i.complete);
  if (settled && document.readyState === 'complete') {
    document.fonts.ready.then(() => setTimeout(() => done({
      images: imgs.length,
      loaded: imgs.filter(i => i.naturalWidth > 0).length,
      failed: imgs.filter(i => i.complete && i.naturalWidth === 0).length,
      waited: performance.now() - start
    }), 700));
  } else if (performance.now() - start > 30000) {
    done({timeout: true, images: imgs.length});
  } else { setTimeout(poll, 50); }
})();
"""

READ_CLS = """
const done = arguments[arguments.length - 1];
let total = 0; const shifts = [];
const po = new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    if (!e.hadRecentInput) { total += e.value; }
    shifts.push({value: e.value, time: e.startTime,
      sources: (e.sources || []).map(s => s.node && s.node.getAttribute ? (s.node.getAttribute('data-node-id') || s.node.tagName) : '?')});
  }
});
po.observe({type: 'layout-shift', buffered: true});
const paint = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint');
const images = performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img');
setTimeout(() => { po.disconnect(); done({cls: total, shifts: shifts,
  firstContentfulPaint: paint ? paint.startTime : null,
  firstImageResponse: images.length ? Math.min(...images.map(e => e.responseEnd)) : null,
  supported: PerformanceObserver.supportedEntryTypes.includes('layout-shift')}); }, 300);
"""

MEASURE = """
const tol = arguments[0];
const out = {nodes: 0, maxError: 0, worst: [], lines: 0, overflow: [], overflowCount: 0, panels: 0,
             controlLines: 0, linesUnderControls: 0, underControls: [],
             rtlPanels: 0, rtlPanelsStyled: 0, bidiLines: 0, bidiMisordered: 0, bidiExamples: []};
for (const panel of document.querySelectorAll('.sdui-panel')) {
  const p = panel.getBoundingClientRect();
  if (p.width === 0 && p.height === 0) continue;  // a hidden variant or filtered entry
  out.panels++;
  if (panel.dataset.layoutDirection === 'rightToLeft') {
    out.rtlPanels++;
    if (getComputedStyle(panel).direction === 'rtl') out.rtlPanelsStyled++;
  }
  for (const line of panel.querySelectorAll('.sdui-line[data-bidi]')) {
    const text = line.firstChild;
    if (!text) continue;
    out.bidiLines++;
    const runs = line.dataset.bidi.split(',').map(r => r.split('-').map(Number));
    const rects = runs.map(([s, e]) => { const r = document.createRange(); r.setStart(text, s); r.setEnd(text, e);
                                         return r.getBoundingClientRect(); });
    let ok = true;
    for (let i = 1; i < rects.length; i++) {
      // Visual order, left to right: each run starts where the one before it ends.
      if (Math.abs(rects[i].left - rects[i - 1].right) > 1 || rects[i].left < rects[i - 1].left) ok = false;
    }
    if (!ok) {
      out.bidiMisordered++;
      if (out.bidiExamples.length < 10)
        out.bidiExamples.push({text: line.textContent, runs: line.dataset.bidi,
                               lefts: rects.map(r => [Math.round(r.left - p.left), Math.round(r.right - p.left)])});
    }
  }
  const label = panel.dataset.device + ':' + panel.dataset.orientation + ':' + panel.dataset.mode;
  for (const el of panel.querySelectorAll('[data-node-id]')) {
    const r = el.getBoundingClientRect();
    const f = el.dataset.frame.split(',').map(Number);
    const got = [r.left - p.left, r.top - p.top, r.width, r.height];
    const err = Math.max(...got.map((v, i) => Math.abs(v - f[i])));
    out.nodes++;
    if (err > out.maxError) out.maxError = err;
    if (err > tol && out.worst.length < 20) out.worst.push({panel: label, id: el.dataset.nodeId, frame: f, got: got});
  }
  for (const line of panel.querySelectorAll('.sdui-line')) {
    const node = line.closest('[data-node-id]');
    const box = node.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(line);
    const t = range.getBoundingClientRect();
    out.lines++;
    if (line.textContent.length === 0) continue;
    const wrap = Number(node.dataset.wrap);
    // Horizontally the drawn text (its Range) must stay inside the node; vertically the line box must.
    // (A Range is as tall as the font's ascent + descent, 1.21 em for Inter, which is taller than Apple's
    // leading at large sizes: glyph boxes of adjacent lines overlap by design, as in UIKit.)
    const l = line.getBoundingClientRect();
    const over = Math.max(t.width - wrap, box.left - t.left, t.right - box.right, box.top - l.top, l.bottom - box.bottom);
    if (over > tol) out.overflowCount++;
    if (over > tol && out.overflow.length < 50)
      out.overflow.push({panel: label, id: node.dataset.nodeId, text: line.textContent, width: t.width, wrap: wrap, over: over});
    // An input's label never runs under its control (a switch, a stepper, a menu's chevron: the controls that
    // take part of the row; a text field's border covers the whole node and holds its text by design).
    const controls = Array.from(node.children).filter(c => c.classList.contains('sdui-control'))
      .map(c => c.getBoundingClientRect()).filter(c => c.width < box.width - 0.5);
    if (controls.length === 0) continue;
    out.controlLines++;
    for (const c of controls) {
      const x = Math.min(t.right, c.right) - Math.max(t.left, c.left);
      const y = Math.min(l.bottom, c.bottom) - Math.max(l.top, c.top);
      if (x > tol && y > tol) {
        out.linesUnderControls++;
        if (out.underControls.length < 20)
          out.underControls.push({panel: label, id: node.dataset.nodeId, text: line.textContent, overlap: x});
      }
    }
  }
}
return out;
"""

TEXT_FIDELITY = r"""
// Chromium's width of a string in the node's font, drawn without wrapping (an inline span in a
// white-space: pre probe, measured with a Range).
const probe = document.createElement('div');
probe.className = 'sdui-text';
probe.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden;white-space:pre;';
const span = document.createElement('span');
probe.appendChild(span);
document.body.appendChild(probe);
const width = (text) => { span.textContent = text; const r = document.createRange(); r.selectNodeContents(span);
  return r.getBoundingClientRect().width; };
const EPS = 0.05;  // Chromium rounds a run's width to its layout unit (1/64 px); allow three
const rows = []; const breaks = []; let minNextSlack = null; let maxLineSlack = null;
const seen = new Set();
for (const node of document.querySelectorAll('.sdui-text[data-node-id]')) {
  const panel = node.closest('.sdui-panel');
  if (!panel || panel.getBoundingClientRect().width === 0) continue;
  const cs = getComputedStyle(node);
  const lines = Array.from(node.querySelectorAll('.sdui-line'));
  const key = [cs.fontFamily, cs.fontStyle, cs.fontSize, cs.fontWeight, node.dataset.wrap,
               lines.map(l => l.textContent).join('\n')].join('|');
  if (seen.has(key)) continue;  // the same text in the same font and width: measured once
  seen.add(key);
  // The node's font as it draws it: a face read from a font file has its own family, style and features.
  probe.style.fontFamily = cs.fontFamily; probe.style.fontStyle = cs.fontStyle;
  probe.style.fontSize = cs.fontSize; probe.style.fontWeight = cs.fontWeight;
  probe.style.fontKerning = cs.fontKerning; probe.style.fontVariantLigatures = cs.fontVariantLigatures;
  probe.style.fontFeatureSettings = cs.fontFeatureSettings;
  const wrap = Number(node.dataset.wrap);
  const source = node.dataset.text || '';
  let searchFrom = 0;
  lines.forEach((line, i) => {
    const text = line.textContent;
    const w = width(text);
    rows.push({id: node.dataset.nodeId, text: text, engine: Number(line.dataset.lw), chromium: w,
               size: parseFloat(cs.fontSize), weight: cs.fontWeight, family: cs.fontFamily.split(',')[0]});
    // The line fits the width the engine broke it in (the node's content width, at most the engine's
    // available width)...
    const oneLine = w <= wrap + EPS;
    maxLineSlack = maxLineSlack === null ? w - wrap : Math.max(maxLineSlack, w - wrap);
    // ...and, where the engine broke at a space (found in the payload's text), the line plus the next
    // word does not fit it. A truncated last line ends with an ellipsis and is not in the source.
    let nextDoesNotFit = null, next = null;
    const at = source.indexOf(text, searchFrom);
    if (at >= 0) searchFrom = at + text.length;
    if (i < lines.length - 1 && at >= 0 && /\s/.test(source.charAt(at + text.length))) {
      const nextLine = lines[i + 1].textContent;
      const firstWord = nextLine.split(/\s+/)[0] || '';
      const complete = source.startsWith(firstWord, at + text.length + 1) && !firstWord.endsWith('\u2026');
      if (firstWord && complete) {
        next = firstWord;
        const extended = width(text + ' ' + firstWord);
        nextDoesNotFit = extended > wrap;
        minNextSlack = minNextSlack === null ? extended - wrap : Math.min(minNextSlack, extended - wrap);
      }
    }
    if (!oneLine || nextDoesNotFit === false)
      breaks.push({id: node.dataset.nodeId, line: text, next: next, wrap: wrap, oneLine: oneLine,
                   nextDoesNotFit: nextDoesNotFit, width: w});
  });
}
probe.remove();
return {rows: rows, breaks: breaks, maxLineSlack: maxLineSlack, minNextSlack: minNextSlack};
"""


def measure_variants(driver, tol):
    """Runs MEASURE for each Dynamic Type variant (switching with the page's own control when present)."""
    sizes = driver.execute_script(
        "return Array.from(document.querySelectorAll('.pv-variant')).map(v => v.dataset.contentSize);")
    results = []
    if not sizes:
        results.append(("page", driver.execute_script(MEASURE, tol)))
        return results, sizes
    for size in sizes:
        driver.execute_script(
            "const s = document.getElementById('pv-size'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('change'));", size)
        results.append((size, driver.execute_script(MEASURE, tol)))
    driver.execute_script(
        "const s = document.getElementById('pv-size'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        sizes[0])
    return results, sizes


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    k = (len(values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def text_fidelity(driver):
    sizes = driver.execute_script(
        "return Array.from(document.querySelectorAll('.pv-variant')).map(v => v.dataset.contentSize);") or [None]
    rows, breaks = [], []
    slack = {"line": float("-inf"), "next": float("inf")}
    for size in sizes:
        if size:
            driver.execute_script(
                "const s = document.getElementById('pv-size'); s.value = arguments[0];"
                "s.dispatchEvent(new Event('change'));", size)
        r = driver.execute_script(TEXT_FIDELITY)
        rows += r["rows"]
        breaks += r["breaks"]
        if r["maxLineSlack"] is not None:
            slack["line"] = max(slack["line"], r["maxLineSlack"])
        if r["minNextSlack"] is not None:
            slack["next"] = min(slack["next"], r["minNextSlack"])
    errors = []
    for row in rows:
        if row["engine"] > 0:
            row["relative"] = abs(row["chromium"] - row["engine"]) / row["engine"]
            row["absolute"] = row["chromium"] - row["engine"]
            errors.append(row["relative"])
    worst = sorted((r for r in rows if "relative" in r), key=lambda r: -r["relative"])[:10]
    return {
        "lines": len(errors),
        "max": max(errors) if errors else 0.0,
        "p50": percentile(errors, 0.5),
        "p95": percentile(errors, 0.95),
        "over2percent": sum(1 for e in errors if e > 0.02),
        "maxAbsolutePx": max((abs(r["absolute"]) for r in rows if "absolute" in r), default=0.0),
        "differentBreaks": len(breaks),
        # Largest (Chromium line width - wrap width): <= 0.05 px (three layout units) means every line fits.
        "maxLineOverWrapPx": slack["line"] if slack["line"] != float("-inf") else None,
        # Smallest (Chromium width of line + next word - wrap width): > 0 means no next word fits.
        "minNextWordOverWrapPx": slack["next"] if slack["next"] != float("inf") else None,
        "breakExamples": breaks[:10],
        "worst": worst,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page")
    parser.add_argument("--json", help="write the report here")
    parser.add_argument("--image-delay", type=float, default=2.0)
    parser.add_argument("--tolerance", type=float, default=0.5)
    parser.add_argument("--text-fidelity", action="store_true", help="measure line widths and breaks")
    parser.add_argument("--require-text-fidelity", action="store_true",
                        help="fail unless every line is within 2 %% and no line breaks differently")
    parser.add_argument("--skip-naive", action="store_true")
    parser.add_argument("--chromium")
    parser.add_argument("--chromedriver")
    args = parser.parse_args()

    try:
        page = open(args.page, encoding="utf-8").read()
    except OSError as e:
        print(f"check_page: {args.page}: {e.strerror}", file=sys.stderr)
        return MISSING_TOOLS
    started = time.time()
    server = Server({}, args.image_delay)
    routed, image_count = route_images(page, server.port)
    server.pages["/page.html"] = with_paint_beacon(routed, server.beacon_port).encode()
    server.pages["/naive.html"] = with_paint_beacon(naive_page(routed, server.port), server.beacon_port).encode()
    report = {"page": args.page, "images": image_count, "imageDelay": args.image_delay, "phases": {}}
    clock = [time.time()]

    def phase(name):
        now = time.time()
        report["phases"][name] = round(now - clock[0], 2)
        clock[0] = now
    driver = make_driver(args, 1600, 1000)
    phase("start")
    try:
        # 1. Size the window to the whole page, so every shift anywhere on it is inside the viewport
        #    (the Layout Instability API only counts visible shifts). Images answer at once here.
        server.delay, delay = 0.0, server.delay
        driver.get(server.url("/page.html") + "?sizing")
        server.delay = delay
        width, height = driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.scrollHeight];")
        width, height = min(max(width, 800), 8000), min(max(height, 600), 16000)
        driver.set_window_size(width + 20, height + 200)
        inner = driver.execute_script("return [innerWidth, innerHeight];")
        report["viewport"] = inner
        report["pageSize"] = [width, height]
        phase("sizing")

        # 2. The real load: every image late. Layout shifts are buffered from navigation start.
        driver.get("about:blank")
        driver.get(server.url("/page.html"))
        report["imageWait"] = driver.execute_async_script(WAIT_FOR_IMAGES)
        cls = driver.execute_async_script(READ_CLS)
        report["cls"] = cls["cls"]
        report["shifts"] = cls["shifts"][:20]
        report["layoutShiftSupported"] = cls["supported"]
        report["firstContentfulPaint"] = cls["firstContentfulPaint"]
        report["firstImageResponse"] = cls["firstImageResponse"]
        phase("load")

        # 3. Boxes and text fit, every variant.
        variants, sizes = measure_variants(driver, args.tolerance)
        report["variants"] = [{"contentSize": s, **m} for s, m in variants]
        report["panels"] = sum(m["panels"] for _, m in variants)
        report["nodes"] = sum(m["nodes"] for _, m in variants)
        report["maxBoxError"] = max((m["maxError"] for _, m in variants), default=0.0)
        report["overflowingLines"] = sum(m["overflowCount"] for _, m in variants)
        report["lines"] = sum(m["lines"] for _, m in variants)
        report["controlLines"] = sum(m["controlLines"] for _, m in variants)
        report["linesUnderControls"] = sum(m["linesUnderControls"] for _, m in variants)
        report["underControls"] = [u for _, m in variants for u in m["underControls"]][:20]
        report["rtlPanels"] = sum(m["rtlPanels"] for _, m in variants)
        report["rtlPanelsStyled"] = sum(m["rtlPanelsStyled"] for _, m in variants)
        report["bidiLines"] = sum(m["bidiLines"] for _, m in variants)
        report["bidiMisordered"] = sum(m["bidiMisordered"] for _, m in variants)
        report["bidiExamples"] = [e for _, m in variants for e in m["bidiExamples"]][:10]
        phase("measure")

        # 4. Text fidelity.
        if args.text_fidelity or args.require_text_fidelity:
            report["text"] = text_fidelity(driver)
            phase("text")

        # 5. The control: the naive page must shift.
        if not args.skip_naive:
            driver.set_window_size(1000, 1200)
            driver.get("about:blank")
            driver.get(server.url("/naive.html"))
            driver.execute_async_script(WAIT_FOR_IMAGES)
            report["naiveCLS"] = driver.execute_async_script(READ_CLS)["cls"]
            phase("naive")
    finally:
        driver.quit()
        server.close()
    report["seconds"] = round(time.time() - started, 1)

    failures = []
    if not report.get("layoutShiftSupported"):
        failures.append("this Chromium does not support the layout-shift entry type")
    if report["images"] and (report["firstImageResponse"] is None or report["firstContentfulPaint"] is None
                             or report["firstImageResponse"] <= report["firstContentfulPaint"]):
        failures.append("images did not arrive after the first paint: the CLS check did not test late images")
    if report["imageWait"].get("timeout"):
        failures.append("images did not finish loading within 30 s")
    if report["panels"] == 0:
        failures.append("no visible .sdui-panel on the page")
    if report["maxBoxError"] > args.tolerance:
        failures.append(f"a box is {report['maxBoxError']:.3f} px off its engine frame (tolerance {args.tolerance})")
    if report["overflowingLines"]:
        failures.append(f"{report['overflowingLines']} text line(s) overflow their box")
    if report["linesUnderControls"]:
        failures.append(f"{report['linesUnderControls']} label line(s) run under their control: {report['underControls'][:3]}")
    if report["rtlPanelsStyled"] != report["rtlPanels"]:
        failures.append(f"{report['rtlPanels'] - report['rtlPanelsStyled']} right-to-left panel(s) are not direction: rtl")
    if report["bidiMisordered"]:
        failures.append(f"{report['bidiMisordered']} line(s) draw their bidirectional runs in another order than the engine's")
    if report["cls"] != 0:
        failures.append(f"CLS is {report['cls']} while images load, expected 0")
    if not args.skip_naive and not report.get("naiveCLS", 0) > 0:
        failures.append("the naive control page measured CLS 0: the measurement cannot fail, so it proves nothing")
    if args.require_text_fidelity and "text" in report:
        t = report["text"]
        if t["over2percent"]:
            failures.append(f"{t['over2percent']} line(s) differ from the engine's width by more than 2 %")
        if t["differentBreaks"]:
            failures.append(f"{t['differentBreaks']} line(s) would break differently in Chromium")
    report["failures"] = failures

    print_report(report)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 1 if failures else 0


def print_report(r):
    print(f"page {r['page']}: {r['panels']} panels, {r['nodes']} nodes, {r['lines']} text lines, "
          f"{r['images']} images (each answered after {r['imageDelay']} s); {r['seconds']} s {r['phases']}")
    print(f"  boxes: max |rect - engine frame| = {r['maxBoxError']:.4f} px")
    print(f"  text fit: {r['overflowingLines']} overflowing line(s)")
    print(f"  right to left: {r['rtlPanels']} panel(s) ({r['rtlPanelsStyled']} direction: rtl); {r['bidiLines']} line(s) "
          f"with bidirectional runs, {r['bidiMisordered']} drawn in another order")
    for b in r.get("bidiExamples", [])[:5]:
        print(f"    bidi order differs: '{b['text']}' runs {b['runs']}: Chromium {b['lefts']}")
    wait = r["imageWait"]
    print(f"  images: {wait.get('loaded', 0)} loaded, {wait.get('failed', 0)} failed, settled after "
          f"{wait.get('waited', 0) / 1000:.1f} s")
    fcp, first = r.get("firstContentfulPaint"), r.get("firstImageResponse")
    if fcp is not None and first is not None:
        print(f"  first contentful paint at {fcp:.0f} ms, first image response at {first:.0f} ms")
    print(f"  CLS while images load: {r['cls']}" + (f"   (naive control page: {r['naiveCLS']:.4f})" if "naiveCLS" in r else ""))
    for v in r["variants"]:
        for w in v["worst"][:5]:
            print(f"    box off: {v['contentSize']} {w['panel']} {w['id']}: engine {w['frame']} chromium {w['got']}")
        for o in v["overflow"][:5]:
            print(f"    overflow: {v['contentSize']} {o['panel']} {o['id']}: '{o['text']}' {o['width']:.2f} px in {o['wrap']} px")
    for s in r["shifts"][:5]:
        print(f"    shift {s['value']:.5f} at {s['time']:.0f} ms: {s['sources']}")
    if "text" in r:
        t = r["text"]
        print(f"  text widths over {t['lines']} distinct lines: max {t['max'] * 100:.3f} %, p50 {t['p50'] * 100:.3f} %, "
              f"p95 {t['p95'] * 100:.3f} %, {t['over2percent']} over 2 %, max |Δ| {t['maxAbsolutePx']:.3f} px")
        print(f"  line breaks that differ in Chromium: {t['differentBreaks']} (largest line - wrap width: "
              f"{t['maxLineOverWrapPx']} px; smallest line + next word - wrap width: {t['minNextWordOverWrapPx']} px)")
        for b in t["breakExamples"][:5]:
            print(f"    {b['id']}: '{b['line']}' + '{b['next']}' in {b['wrap']} px: one line {b['oneLine']}, "
                  f"next word does not fit {b['nextDoesNotFit']}")
        for w in t["worst"][:5]:
            print(f"    widest error {w['relative'] * 100:.3f} %: '{w['text']}' {w['size']} px/{w['weight']}: "
                  f"engine {w['engine']:.3f} chromium {w['chromium']:.3f}")
    for f in r["failures"]:
        print(f"FAIL: {f}")
    if not r["failures"]:
        print("OK")


if __name__ == "__main__":
    sys.exit(main())
