#!/usr/bin/env python3
"""Write the text-measurement references from the bundled font files: HarfBuzz's widths, and Chromium's.

The engine measures text in Sources/SDUILayout/Resources/Fonts (Inter, Noto Sans Hebrew, Noto Sans Arabic), shaped
with each face's default OpenType features — kerning, standard and contextual ligatures, Arabic joining forms — as
HarfBuzz shapes it for Chromium. This script writes

  Tests/SDUILayoutTests/Fixtures/text-reference.json      Latin, Greek, Cyrillic, accents, kerning pairs, ligature
                                                           and contextual-alternate candidates in the four Inter
                                                           weights at 11, 13, 17 and 34 pt
  Tests/SDUILayoutTests/Fixtures/rtl-text-reference.json  Hebrew and Arabic strings (and mixed lines) at 400 and 700

each with `cases`: HarfBuzz's width (uharfbuzz, default features) of the text in points — every run of characters
one face draws (the first of the renderer's font list that has them, as the browser falls back) shaped alone,
common characters staying in the run of their neighbours' script — and, with --chromium, `chromium.rows`: the width
headless Chromium lays each string out at with the renderer's CSS (kerning and ligatures on, docs/text.md) and the
renderer's embedded fonts (WOFF2 made from the same files). Chromium also gets the CJK, emoji and tab rows whose
widths are the documented fallback advances. Never edit the fixtures by hand; run

  apt-get install -y chromium fonts-noto-color-emoji fonts-noto-cjk && pip install fonttools brotli uharfbuzz
  python3 Scripts/generate_text_reference.py [--chromium]

Without --chromium the Chromium rows already in the fixtures are kept.
"""
import argparse
import base64
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata

from fontTools.ttLib import TTFont

try:
    import uharfbuzz as hb
except ImportError:
    sys.exit("uharfbuzz is needed: pip install uharfbuzz")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "Sources/SDUILayout/Resources/Fonts")
LATIN_OUT = os.path.join(ROOT, "Tests/SDUILayoutTests/Fixtures/text-reference.json")
RTL_OUT = os.path.join(ROOT, "Tests/SDUILayoutTests/Fixtures/rtl-text-reference.json")

# The renderer's font list: family → {weight: file}.
FAMILIES = [
    ("SDUI Inter", {400: "Inter-Regular.otf", 500: "Inter-Medium.otf", 600: "Inter-SemiBold.otf", 700: "Inter-Bold.otf"}),
    ("SDUI Noto Sans Hebrew", {400: "NotoSansHebrew-Regular.ttf", 700: "NotoSansHebrew-Bold.ttf"}),
    ("SDUI Noto Sans Arabic", {400: "NotoSansArabic-Regular.ttf", 700: "NotoSansArabic-Bold.ttf"}),
]
WEIGHTS = [400, 500, 600, 700]
SIZES = [11.0, 13.0, 17.0, 34.0]

LATIN_STRINGS = [
    "Hello, World!",
    "The quick brown fox jumps over the lazy dog",
    "$1,299.99",
    "Add to cart",
    "iPhone 16 Pro Max",
    "WAVE AVATAR Tokyo",
    "Wave To Yacht, T. Vogel",
    "office affluent ffi ffl",
    "Crème brûlée — 12 €",
    "Ærøskøbing Łódź Straße",
    "Ελληνικά και Кириллица",
    "x\u0308 e\u0301 n\u0303",
    "1/2 → 3/4 “quoted” ‘single’",
    "2x3 -> 4 <= 5 (AB) [CD] :)",
    "Product 42: a handmade ceramic mug with a long name",
    "…",
]
HEBREW_STRINGS = ["שלום עולם", "חנות", "הוסף לעגלה", "מבצע השבוע", "נעלי ריצה", "בְּרֵאשִׁית", "ש״ח", "תל־אביב"]
ARABIC_STRINGS = ["مرحبا بالعالم", "متجر", "أضف إلى السلة", "لا", "السلام عليكم", "عروض الأسبوع", "الله",
                  "مَرْحَبًا", "لأن لإن لآن", "كتاب ـ قلم", "١٢٣٤٥٦٧٨٩٠", "ـبـ", "ه\u200Cا", "لـا", "لآ",
                  "ل\u0627\u0653", "لَا"]
MIXED_RTL = [("מבצע 50% הנחה על Nike Air", 400, 17.0), ("السعر: 129 $ فقط", 400, 17.0),
             ("שלום (world) עולם", 600, 15.0), ("مرحبا، كيف حالك؟", 500, 20.0)]
# Chromium-only rows: fallback advances (CJK, Hangul, emoji), tabs, soft hyphens, long lines.
CHROMIUM_EXTRA = [
    (("The quick brown fox jumps over the lazy dog. " * 3).strip(), 400, 13.0),
    ("Illicit millimetre fillip 1111 iiii llll", 400, 11.0),
    ("WAVE AVATAR Tokyo LT Ty Yo", 700, 28.0),
    ("日本語のテキスト", 400, 17.0), ("한국어 텍스트", 400, 17.0), ("中文文本，标点。", 400, 17.0),
    ("ｆｕｌｌｗｉｄｔｈ！", 400, 17.0), ("😀", 400, 17.0), ("👍🏽", 400, 17.0), ("👨‍👩‍👧‍👦", 400, 17.0),
    ("🇺🇿", 400, 17.0), ("❤️", 400, 17.0), ("1️⃣", 400, 17.0), ("Sale 🔥🔥🔥 today", 600, 17.0),
    ("😀", 400, 13.0), ("😀", 400, 15.0), ("😀", 400, 22.0), ("😀", 400, 34.0), ("ｶﾀｶﾅ", 400, 17.0),
    ("「引用」、。", 400, 17.0), ("\u2b1c", 400, 17.0), ("a\tb", 400, 17.0), ("abcdefgh\tb", 400, 17.0),
    ("d\u030c i\u0308 A\u0302\u0301", 700, 17.0), ("\u219a \u2260", 400, 17.0), ("extra\u00adordinary", 400, 17.0),
]


def css_match(weight, available):
    """CSS Fonts 4 §5.2 over a family's weights (as FontCollection.matchingWeight)."""
    available = sorted(available)
    if 400 <= weight <= 500:
        order = [w for w in available if weight <= w <= 500] + sorted([w for w in available if w < weight], reverse=True) \
            + [w for w in available if w > 500]
    elif weight < 400:
        order = sorted([w for w in available if w <= weight], reverse=True) + [w for w in available if w > weight]
    else:
        order = [w for w in available if w >= weight] + sorted([w for w in available if w < weight], reverse=True)
    return order[0]


class Face:
    def __init__(self, path):
        self.path = path
        blob = hb.Blob.from_file_path(path)
        self.font = hb.Font(hb.Face(blob))
        self.upem = self.font.face.upem
        self.cmap = TTFont(path).getBestCmap()

    def draws(self, cp):
        if cp in self.cmap:
            return True
        decomposition = unicodedata.decomposition(chr(cp))
        if decomposition and not decomposition.startswith("<"):
            return all(self.draws(int(p, 16)) for p in decomposition.split())
        return False

    def width_units(self, text, before="", after=""):
        buf = hb.Buffer()
        buf.add_str(before + text + after, item_offset=len(before), item_length=len(text))
        buf.guess_segment_properties()
        hb.shape(self.font, buf)
        return sum(p.x_advance for p in buf.glyph_positions)


FACE_CACHE = {}


def chain(weight):
    faces = []
    for _, files in FAMILIES:
        name = files[css_match(weight, files.keys())]
        if name not in FACE_CACHE:
            FACE_CACHE[name] = Face(os.path.join(FONTS, name))
        faces.append(FACE_CACHE[name])
    return faces


def script_of(ch):
    cp = ord(ch)
    name = unicodedata.name(ch, "")
    if unicodedata.category(ch).startswith("M"):
        return None
    for prefix, script in (("LATIN", "latin"), ("GREEK", "greek"), ("CYRILLIC", "cyrillic"), ("HEBREW", "hebrew"),
                           ("ARABIC", "arabic")):
        if name.startswith(prefix) and unicodedata.category(ch).startswith("L"):
            return script
    if 0x0660 <= cp <= 0x0669:
        return "arabic"
    return None


def harfbuzz_width(text, weight, size):
    """Width in points: runs of one face (and one script) shaped alone, as the renderer's fallback draws them."""
    faces = chain(weight)
    clusters = []
    for ch in text:
        if clusters and unicodedata.category(ch).startswith("M"):
            clusters[-1] += ch
        else:
            clusters.append(ch)
    owners = []
    for cluster in clusters:
        index = next((i for i, f in enumerate(faces) if all(f.draws(ord(c)) for c in cluster)), None)
        if index is None:
            index = next((i for i, f in enumerate(faces) if f.draws(ord(cluster[0]))), None)
        if index is None:
            raise SystemExit(f"no bundled face draws {cluster!r} of {text!r}")
        owners.append(index)
    total, start = 0.0, 0
    while start < len(clusters):
        end, script = start + 1, script_of(clusters[start][0])
        while end < len(clusters) and owners[end] == owners[start]:
            s = script_of(clusters[end][0])
            if s and script and s != script:
                break
            script = script or s
            end += 1
        face = faces[owners[start]]
        run = "".join(clusters[start:end])
        before = "".join(clusters[:start])[-5:]
        after = "".join(clusters[end:])[:5]
        total += face.width_units(run, before, after) * size / face.upem
        start = end
    return total


def woff2_base64(name):
    font = TTFont(os.path.join(FONTS, name))
    font.flavor = "woff2"
    out = io.BytesIO()
    font.save(out)
    return base64.b64encode(out.getvalue()).decode()


def chromium_widths(rows):
    """Each row laid out in headless Chromium with the renderer's CSS and embedded fonts; widths in CSS px."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        sys.exit("--chromium needs Debian's chromium package")
    faces = []
    for family, files in FAMILIES:
        for weight, name in files.items():
            faces.append(f'@font-face {{ font-family: "{family}"; font-weight: {weight}; font-style: normal;'
                         f' src: url(data:font/woff2;base64,{woff2_base64(name)}) format("woff2"); }}')
    spans = "\n".join(
        f'<span class="t" dir="{"rtl" if any(script_of(c) in ("hebrew", "arabic") for c in t) else "ltr"}"'
        f' style="font-weight:{w};font-size:{s}px">{t.replace("&", "&amp;").replace("<", "&lt;")}</span><br>'
        for t, w, s in rows)
    page = f"""<!doctype html><html><head><meta charset="utf-8"><style>
{chr(10).join(faces)}
body {{ margin: 0; }}
.t {{ font-family: "SDUI Inter", "SDUI Noto Sans Hebrew", "SDUI Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji", sans-serif;
  font-kerning: normal; font-variant-ligatures: normal; font-feature-settings: normal;
  font-synthesis: none; text-rendering: geometricPrecision; letter-spacing: 0; word-spacing: 0;
  text-spacing-trim: space-all; text-autospace: no-autospace; white-space: pre; tab-size: 28px; }}
</style></head><body>
{spans}
<script>
document.fonts.ready.then(() => {{
  const w = [...document.querySelectorAll('.t')].map(e => e.getBoundingClientRect().width);
  document.body.setAttribute('data-widths', JSON.stringify(w));
}});
</script></body></html>"""
    with tempfile.TemporaryDirectory() as tmp:
        html = os.path.join(tmp, "widths.html")
        with open(html, "w", encoding="utf-8") as fh:
            fh.write(page)
        dom = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                              "--dump-dom", "file://" + html], capture_output=True, text=True, timeout=180).stdout
    marker = 'data-widths="'
    start = dom.index(marker) + len(marker)
    widths = json.loads(dom[start: dom.index('"', start)].replace("&quot;", '"'))
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    return widths, version


def write(path, fixture):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(fixture, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    print(f"wrote {os.path.relpath(path, ROOT)} ({len(fixture['cases'])} cases"
          + (f", {len(fixture['chromium']['rows'])} Chromium rows" if "chromium" in fixture else "") + ")")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chromium", action="store_true", help="also record Chromium's widths")
    args = parser.parse_args()
    fonts = {name: TTFont(os.path.join(FONTS, name))["name"].getDebugName(4) + " "
             + TTFont(os.path.join(FONTS, name))["name"].getDebugName(5).split(";")[0]
             for _, files in FAMILIES for name in files.values()}
    note = ("width: HarfBuzz " + hb.version_string() + " (uharfbuzz " + hb.__version__ + ", default features: kerning, ligatures, contextual"
            " alternates, Arabic forms) of the text in points — each run of one face (the first of the renderer's"
            " font list that draws it) and one script shaped alone. chromium.rows: widths headless Chromium lays out"
            " (getBoundingClientRect, CSS px = pt) with the renderer's CSS and embedded fonts.")

    latin_cases = [{"text": t, "weight": w, "size": s, "width": harfbuzz_width(t, w, s)}
                   for t in LATIN_STRINGS for w in WEIGHTS for s in SIZES]
    rtl_cases = [{"text": t, "weight": w, "size": 17.0, "width": harfbuzz_width(t, w, 17.0)}
                 for w in (400, 700) for t in HEBREW_STRINGS + ARABIC_STRINGS]
    rtl_cases += [{"text": t, "weight": w, "size": s, "width": harfbuzz_width(t, w, s)} for t, w, s in MIXED_RTL]

    previous = {path: json.load(open(path, encoding="utf-8")) if os.path.exists(path) else {}
                for path in (LATIN_OUT, RTL_OUT)}
    chromium = {path: previous[path].get("chromium") for path in previous}
    if args.chromium:
        latin_rows = [(t, w, 17.0) for t in LATIN_STRINGS for w in WEIGHTS] + CHROMIUM_EXTRA
        rtl_rows = [(c["text"], c["weight"], c["size"]) for c in rtl_cases]
        widths, browser = chromium_widths(latin_rows + rtl_rows)
        for path, rows, part in ((LATIN_OUT, latin_rows, widths[:len(latin_rows)]),
                                 (RTL_OUT, rtl_rows, widths[len(latin_rows):])):
            chromium[path] = {
                "browser": browser,
                "note": "Widths Chromium lays out (getBoundingClientRect, CSS px = pt) with the renderer's CSS"
                        " (kerning and ligatures on) and its embedded fonts; right-to-left rows with dir=rtl.",
                "rows": [{"text": t, "weight": w, "size": s, "width": round(x, 4)} for (t, w, s), x in zip(rows, part)],
            }
    for path, cases in ((LATIN_OUT, latin_cases), (RTL_OUT, rtl_cases)):
        fixture = {"generatedBy": "Scripts/generate_text_reference.py", "fonts": fonts, "note": note, "cases": cases}
        if chromium[path]:
            fixture["chromium"] = chromium[path]
        write(path, fixture)


if __name__ == "__main__":
    main()
