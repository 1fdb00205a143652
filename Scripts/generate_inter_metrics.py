#!/usr/bin/env python3
"""Generate SDUIKit's Inter text metrics, the renderer's web fonts and the test fixture.

Reads the static Inter instances that Debian's `fonts-inter` package installs and writes:

  Sources/SDUILayout/Text/InterMetrics.swift        advance widths (font units) per weight, compositions
  Sources/SDUILayout/Text/InterMetrics+SparseAdvances.swift   the per-weight advances above U+024F
  Sources/SDUIRender/Resources/fonts/Inter-NNN.woff2 the same fonts, subset, for the HTML renderer
  Sources/SDUIRender/Resources/fonts/OFL.txt         Inter's licence (SIL OFL 1.1)
  Tests/SDUILayoutTests/Fixtures/text-reference.json reference widths computed here, from the font file

Usage (from the repository root):

  apt-get install -y fonts-inter
  pip install fonttools brotli            # uharfbuzz optional: cross-checks every advance
  python3 Scripts/generate_inter_metrics.py [--font-dir DIR] [--chromium]

`--chromium` also renders the reference strings in headless Chromium (Debian's `chromium`
and `fonts-noto-color-emoji`, plus `fonts-noto-cjk` for the CJK rows) with the CSS that
docs/text.md prescribes and records the widths it lays out, as evidence that the sums
of advances match the browser. Without it the recorded Chromium section is kept as is.

What an advance is here: the glyph's `hmtx` advance, except that combining marks
(general category Mn/Me) and default-ignorable code points (soft hyphen, ZWSP, ZWJ, BOM, ...)
are 0, which is what HarfBuzz (Chromium's shaper) gives them. With kerning, ligatures and
contextual alternates switched off, HarfBuzz's line width is then exactly the sum of these
advances; when uharfbuzz is installed the script checks that for every code point.
"""

import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT_OUT = os.path.join(ROOT, "Sources/SDUILayout/Text/InterMetrics.swift")
SWIFT_SPARSE_OUT = os.path.join(ROOT, "Sources/SDUILayout/Text/InterMetrics+SparseAdvances.swift")
FONT_OUT_DIR = os.path.join(ROOT, "Sources/SDUIRender/Resources/fonts")
FIXTURE_OUT = os.path.join(ROOT, "Tests/SDUILayoutTests/Fixtures/text-reference.json")
DEBIAN_COPYRIGHT = "/usr/share/doc/fonts-inter/copyright"

# CSS weight → static instance file stem. Other CSS weights map to the nearest of these
# by the CSS font-matching rule (TextMeasurer implements the same rule).
WEIGHTS = {400: "Regular", 500: "Medium", 600: "SemiBold", 700: "Bold"}
DENSE_END = 0x250  # dense table covers U+0000 ..< U+0250 (Basic Latin through IPA Extensions)
NO_GLYPH = 0xFFFF
ELLIPSIS = 0x2026
# Largest advance (font units, 1.6 % of an em) of one of Inter's combining marks that are
# not GDEF marks; ccmp zeroes some of them after some bases (see advances()).
MARK_TOLERANCE = 46

# OpenType features kept in the web fonts. Everything that changes advances (kern, calt,
# liga, dlig, tnum, case, ...) is dropped, so even a page that forgets the CSS draws the
# plain sum of advances. ccmp/locl/mark/mkmk only compose and place marks.
KEPT_FEATURES = ["ccmp", "locl", "mark", "mkmk"]

# Strings whose widths the tests check against the font file (size 17 = iOS body).
REFERENCE_STRINGS = [
    "Hello, World!",
    "The quick brown fox jumps over the lazy dog",
    "$1,299.99",
    "Add to cart",
    "iPhone 16 Pro Max",
    "WAVE AVATAR Tokyo",
    "Crème brûlée — 12 €",
    "Ærøskøbing Łódź Straße",
    "Ελληνικά και Кириллица",
    "x\u0308 e\u0301 n\u0303",
    "1/2 → 3/4 “quoted” ‘single’",
    "…",
]
REFERENCE_SIZES = [17.0, 13.0, 34.0]

# Rows rendered in Chromium with --chromium: (text, weight, size). CJK and emoji rows
# check the documented fallback advances; the others check the Inter sums.
CHROMIUM_ROWS = (
    [(s, w, 17.0) for s in REFERENCE_STRINGS for w in WEIGHTS]
    + [
        (("The quick brown fox jumps over the lazy dog. " * 3).strip(), 400, 13.0),
        ("Illicit millimetre fillip 1111 iiii llll", 400, 11.0),
        ("WAVE AVATAR Tokyo LT Ty Yo", 700, 28.0),
        ("日本語のテキスト", 400, 17.0),
        ("한국어 텍스트", 400, 17.0),
        ("中文文本，标点。", 400, 17.0),
        ("ｆｕｌｌｗｉｄｔｈ！", 400, 17.0),
        ("😀", 400, 17.0),
        ("👍🏽", 400, 17.0),
        ("👨‍👩‍👧‍👦", 400, 17.0),
        ("🇺🇿", 400, 17.0),
        ("❤️", 400, 17.0),
        ("1️⃣", 400, 17.0),
        ("Sale 🔥🔥🔥 today", 600, 17.0),
        ("😀", 400, 13.0),
        ("😀", 400, 15.0),
        ("😀", 400, 22.0),
        ("😀", 400, 34.0),
        ("ｶﾀｶﾅ", 400, 17.0),
        ("「引用」、。", 400, 17.0),
        ("\u2b1c", 400, 17.0),
        ("a\tb", 400, 17.0),
        ("abcdefgh\tb", 400, 17.0),
        ("d\u030c i\u0308 A\u0302\u0301", 700, 17.0),
        ("\u219a \u2260", 400, 17.0),
        ("extra\u00adordinary", 400, 17.0),
    ]
)


def is_zero_width(cp):
    """Combining marks and default-ignorables draw no advance (HarfBuzz zeroes them)."""
    ch = chr(cp)
    if unicodedata.category(ch) in ("Mn", "Me"):
        return True
    return is_default_ignorable(cp)


def is_default_ignorable(cp):
    # DerivedCoreProperties.txt Default_Ignorable_Code_Point, ranges relevant to the BMP+.
    return (
        cp == 0x00AD
        or cp == 0x034F
        or cp == 0x061C
        or 0x115F <= cp <= 0x1160
        or 0x17B4 <= cp <= 0x17B5
        or 0x180B <= cp <= 0x180F
        or 0x200B <= cp <= 0x200F
        or 0x202A <= cp <= 0x202E
        or 0x2060 <= cp <= 0x206F
        or cp == 0x3164
        or 0xFE00 <= cp <= 0xFE0F
        or cp == 0xFEFF
        or cp == 0xFFA0
        or 0xFFF0 <= cp <= 0xFFF8
        or 0x1BCA0 <= cp <= 0x1BCA3
        or 0x1D173 <= cp <= 0x1D17A
        or 0xE0000 <= cp <= 0xE0FFF
    )


def load_fonts(font_dir):
    fonts = {}
    for weight, stem in WEIGHTS.items():
        path = os.path.join(font_dir, f"Inter-{stem}.otf")
        if not os.path.exists(path):
            sys.exit(f"missing {path}: apt-get install -y fonts-inter (or pass --font-dir)")
        font = TTFont(path, recalcTimestamp=False)  # reproducible output
        if "fvar" in font:
            # A variable build: pin the weight axis to get the static instance.
            from fontTools.varLib import instancer

            font = instancer.instantiateVariableFont(font, {"wght": weight})
        fonts[weight] = (path, font)
    return fonts


def advances(font):
    """code point → advance in font units, for every code point the font maps.

    HarfBuzz zeroes the advance of glyphs that GDEF classes as marks and hides
    default-ignorables; every other glyph keeps its `hmtx` advance. 46 of Inter's combining
    marks are not GDEF marks and so keep a tiny advance in the weights above 400 (at most
    MARK_TOLERANCE units, 1.6 % of an em); after some bases Inter's ccmp swaps 6 of them for
    zero-width marks, which the table cannot know, so the HarfBuzz check allows for it.
    """
    cmap = font.getBestCmap()
    hmtx = font["hmtx"].metrics
    gdef = font["GDEF"].table.GlyphClassDef.classDefs if "GDEF" in font else {}
    table = {}
    for cp, glyph in cmap.items():
        zero = gdef.get(glyph) == 3 or is_default_ignorable(cp)
        table[cp] = 0 if zero else hmtx[glyph][0]
    return table


def full_decomposition(cp):
    decomposition = unicodedata.decomposition(chr(cp))
    if not decomposition or decomposition.startswith("<"):
        return [cp]
    return [part for p in decomposition.split() for part in full_decomposition(int(p, 16))]


def with_decomposables(table):
    """Adds code points Inter lacks whose canonical decomposition it covers (↚ = ← + U+0338).

    HarfBuzz decomposes such a character and draws the parts with Inter, so Chromium does
    not fall back to another font for it.
    """
    extra = {}
    for cp in range(0x20, 0x30000):
        if cp in table or 0xD800 <= cp <= 0xDFFF:
            continue
        parts = full_decomposition(cp)
        if len(parts) > 1 and all(p in table for p in parts):
            extra[cp] = sum(table[p] for p in parts)
    table.update(extra)
    return table


def compositions(covered):
    """(base, mark) → composed, for every canonical pair composition whose three code points Inter covers.

    HarfBuzz composes a base and a following mark into the precomposed glyph when the font
    has it, and that glyph's advance can differ from the sum of the parts (d + U+030C → ď).
    """
    pairs = {}
    for cp in covered:
        decomposition = unicodedata.decomposition(chr(cp))
        if not decomposition or decomposition.startswith("<"):
            continue
        parts = [int(x, 16) for x in decomposition.split()]
        if len(parts) != 2 or not all(p in covered for p in parts):
            continue
        if unicodedata.normalize("NFC", chr(parts[0]) + chr(parts[1])) != chr(cp):
            continue  # composition exclusion: NFC never produces it
        pairs[(parts[0], parts[1])] = cp
    return pairs


def predict_units(table, pairs, text):
    """What TextMeasurer computes for text Inter covers: compose pairs, then sum advances."""
    units = 0
    current = None
    for ch in text:
        cp = ord(ch)
        if current is not None and (current, cp) in pairs:
            current = pairs[(current, cp)]
            continue
        if current is not None:
            units += table[current]
        current = cp
    if current is not None:
        units += table[current]
    return units


def harfbuzz_check(path, table, pairs):
    """Shape every code point and composition with HarfBuzz (kern/liga/calt off) and compare; None if unavailable."""
    try:
        import uharfbuzz as hb
    except ImportError:
        return None
    face = hb.Face(hb.Blob.from_file_path(path))
    font = hb.Font(face)
    features = {"kern": False, "liga": False, "calt": False, "clig": False}

    def width(text):
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(font, buf, features)
        return sum(p.x_advance for p in buf.glyph_positions)

    base = width("x")
    mismatches = []
    for cp, adv in table.items():
        if unicodedata.category(chr(cp)) in ("Mn", "Me"):
            if abs(width("x" + chr(cp)) - base - adv) > MARK_TOLERANCE:
                mismatches.append((cp, adv, width("x" + chr(cp)) - base))
        elif width(chr(cp)) != adv:
            mismatches.append((cp, adv, width(chr(cp))))
    # Enclosing marks (Me: U+20DD, U+20DE, ...) are left out: Inter's ccmp swaps some
    # base + enclosing-circle pairs for wider glyphs (a known gap, see docs/text.md).
    marks = [cp for cp in table if unicodedata.category(chr(cp)) == "Mn"]
    sequences = ["".join(map(chr, pair)) for pair in pairs]
    sequences += [base + chr(m) for base in "aAxnOi" for m in marks]
    sequences += ["A\u0302\u0301", "e\u0323\u0302", "o\u031b\u0303", "u\u0308\u0301x\u0301"]
    for text in sequences:
        expected = predict_units(table, pairs, text)
        marks = sum(1 for ch in text if unicodedata.category(ch) == "Mn")
        if abs(width(text) - expected) > MARK_TOLERANCE * marks:
            mismatches.append((text, expected, width(text)))
    return mismatches, width


def swift_array(values, per_line, indent, fmt=str):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append(indent + ", ".join(fmt(v) for v in values[i : i + per_line]) + ",")
    return "\n".join(lines)


def write_swift(fonts, tables, pairs, version, package_version):
    weights = sorted(tables)
    units_per_em = fonts[400][1]["head"].unitsPerEm
    hhea = fonts[400][1]["hhea"]
    for w in weights:
        f = fonts[w][1]
        assert f["head"].unitsPerEm == units_per_em and f["hhea"].ascent == hhea.ascent
        assert f["hhea"].descent == hhea.descent and f["hhea"].lineGap == hhea.lineGap
    covered = sorted(set().union(*[set(t) for t in tables.values()]))
    for w in weights:
        assert set(tables[w]) == set(covered), "weights cover different code points"
    sparse = [cp for cp in covered if cp >= DENSE_END]

    out = []
    out.append("// GENERATED FILE — do not edit by hand.")
    out.append("// Regenerate from the repository root:")
    out.append("//   apt-get install -y fonts-inter && pip install fonttools brotli")
    out.append("//   python3 Scripts/generate_inter_metrics.py")
    out.append(f"// Source: Inter {version}, static instances from Debian fonts-inter {package_version}")
    out.append("// (" + ", ".join(f"Inter-{WEIGHTS[w]}.otf" for w in weights) + ").")
    out.append("// Inter is licensed under the SIL Open Font License 1.1 (Sources/SDUIRender/Resources/fonts/OFL.txt).")
    out.append("")
    out.append("/// Advance widths and vertical metrics of Inter, in font units, for the weights the renderer embeds.")
    out.append("///")
    out.append("/// An advance is what HarfBuzz (Chromium's shaper) gives the code point with kerning, ligatures and")
    out.append("/// contextual alternates off: the glyph's `hmtx` advance, 0 for GDEF marks and default-ignorables,")
    out.append("/// and for a code point Inter lacks but whose canonical decomposition it covers, the sum of the parts.")
    out.append("enum InterMetrics {")
    out.append("    /// The font version the tables were read from.")
    out.append(f'    static let fontVersion = "{version}"')
    out.append("    /// Font units per em: divide an advance by this and multiply by the point size.")
    out.append(f"    static let unitsPerEm: Double = {units_per_em}")
    out.append("    /// `hhea` ascender (above the baseline, positive), in font units.")
    out.append(f"    static let ascender: Double = {hhea.ascent}")
    out.append("    /// `hhea` descender (below the baseline, negative), in font units.")
    out.append(f"    static let descender: Double = {hhea.descent}")
    out.append("    /// `hhea` line gap, in font units.")
    out.append(f"    static let lineGap: Double = {hhea.lineGap}")
    out.append("    /// CSS weights that have a static instance, ascending; the per-weight tables follow this order.")
    out.append(f"    static let weights: [Int] = [{', '.join(str(w) for w in weights)}]")
    out.append("    /// Marks a code point of the dense range that Inter has no glyph for.")
    out.append(f"    static let noGlyph: UInt16 = 0x{NO_GLYPH:X}")
    out.append("    /// The dense range is U+0000 ..< `denseEnd`; the ASCII fast path reads its first 128 entries.")
    out.append(f"    static let denseEnd: UInt32 = 0x{DENSE_END:X}")
    out.append("    /// Advance of the ellipsis U+2026 \"…\" per weight (also in `sparseAdvances`).")
    out.append(f"    static let ellipsisAdvance: [UInt16] = [{', '.join(str(tables[w][ELLIPSIS]) for w in weights)}]")
    out.append("")
    out.append("    /// Per weight, the advance of every code point in U+0000 ..< `denseEnd`, `noGlyph` where Inter has none.")
    out.append("    static let denseAdvances: [[UInt16]] = [")
    for w in weights:
        values = [tables[w].get(cp, NO_GLYPH) for cp in range(DENSE_END)]
        out.append(f"        // {w} {WEIGHTS[w]}")
        out.append("        [")
        out.append(swift_array(values, 20, "            "))
        out.append("        ],")
    out.append("    ]")
    out.append("")
    out.append(f"    /// The {len(sparse)} code points at or above `denseEnd` that Inter covers, ascending (binary-searched).")
    out.append("    static let sparseCodepoints: [UInt32] = [")
    out.append(swift_array(sparse, 12, "        ", lambda cp: f"0x{cp:04X}"))
    out.append("    ]")
    out.append("")
    keys = sorted(pairs)
    out.append(f"    /// The {len(keys)} canonical compositions (base, mark) → precomposed that Inter covers, keyed by")
    out.append("    /// `base << 32 | mark`, ascending. HarfBuzz draws such a pair as the precomposed glyph, whose")
    out.append("    /// advance can differ from the sum of the parts (d + U+030C → ď).")
    out.append("    static let compositionKeys: [UInt64] = [")
    out.append(swift_array([(b << 32) | m for b, m in keys], 6, "        ", lambda k: f"0x{k:X}"))
    out.append("    ]")
    out.append("")
    out.append("    /// The precomposed code points, parallel to `compositionKeys`.")
    out.append("    static let composedCodepoints: [UInt32] = [")
    out.append(swift_array([pairs[k] for k in keys], 12, "        ", lambda cp: f"0x{cp:04X}"))
    out.append("    ]")
    out.append("}")
    out.append("")
    with open(SWIFT_OUT, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out))

    # The per-weight advances of the sparse code points, in a second file to keep each under 600 lines.
    out = out[:8]
    out.append("extension InterMetrics {")
    out.append("    /// Per weight (order of `weights`), the advances parallel to `sparseCodepoints`.")
    out.append("    static let sparseAdvances: [[UInt16]] = [")
    for w in weights:
        out.append(f"        // {w} {WEIGHTS[w]}")
        out.append("        [")
        out.append(swift_array([tables[w][cp] for cp in sparse], 20, "            "))
        out.append("        ],")
    out.append("    ]")
    out.append("}")
    out.append("")
    with open(SWIFT_SPARSE_OUT, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out))
    return covered


def write_fonts(fonts, covered):
    os.makedirs(FONT_OUT_DIR, exist_ok=True)
    for weight, (path, _) in fonts.items():
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = KEPT_FEATURES
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.glyph_names = False
        font = TTFont(path, recalcTimestamp=False)  # reproducible output
        if "fvar" in font:
            from fontTools.varLib import instancer

            font = instancer.instantiateVariableFont(font, {"wght": weight})
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=covered)
        subsetter.subset(font)
        font.flavor = "woff2"
        out = os.path.join(FONT_OUT_DIR, f"Inter-{weight}.woff2")
        font.save(out)
        print(f"wrote {os.path.relpath(out, ROOT)} ({os.path.getsize(out)} bytes)")


def write_licence(copyright_text):
    """OFL.txt from the Debian copyright file's OFL-1.1 stanza, with the font's copyright line."""
    lines = copyright_text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "License: OFL-1.1")
    body = []
    for line in lines[start + 1 :]:
        if line and not line.startswith(" "):
            break
        text = line[1:] if line.startswith(" ") else line
        body.append("" if text == "." else text)
    header = [
        "Copyright 2016-2022 The Inter Project Authors (https://github.com/rsms/inter)",
        "",
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
        "This license is copied below, and is also available with a FAQ at:",
        "https://openfontlicense.org",
        "",
        "(The WOFF2 files beside this file are subsets of Inter, converted by",
        "Scripts/generate_inter_metrics.py from Debian's fonts-inter package.)",
        "",
        "-----------------------------------------------------------",
        "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007",
        "-----------------------------------------------------------",
        "",
    ]
    with open(os.path.join(FONT_OUT_DIR, "OFL.txt"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(header + body).rstrip() + "\n")


UNITS_PER_EM = [0]


def chromium_widths(rows):
    """Lay out each row in headless Chromium with the prescribed CSS; returns widths in CSS px."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        sys.exit("--chromium needs Debian's chromium package")
    faces = []
    for weight in WEIGHTS:
        with open(os.path.join(FONT_OUT_DIR, f"Inter-{weight}.woff2"), "rb") as fh:
            data = base64.b64encode(fh.read()).decode()
        faces.append(
            f'@font-face {{ font-family: "SDUI Inter"; font-weight: {weight}; font-style: normal;'
            f' src: url(data:font/woff2;base64,{data}) format("woff2"); }}'
        )
    spans = "\n".join(
        f'<span class="t" style="font-weight:{w};font-size:{s}px">{html_escape(t)}</span><br>' for t, w, s in rows
    )
    page = f"""<!doctype html><html><head><meta charset="utf-8"><style>
{chr(10).join(faces)}
body {{ margin: 0; }}
.t {{ font-family: "SDUI Inter", "Noto Sans CJK JP", "Noto Color Emoji", sans-serif;
  font-kerning: none; font-variant-ligatures: none; font-feature-settings: "kern" 0, "liga" 0, "calt" 0;
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
        dom = subprocess.run(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
             "--dump-dom", "file://" + html],
            capture_output=True, text=True, timeout=120,
        ).stdout
    marker = 'data-widths="'
    start = dom.index(marker) + len(marker)
    widths = json.loads(dom[start : dom.index('"', start)].replace("&quot;", '"'))
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    return widths, version


def html_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--font-dir", default="/usr/share/fonts/opentype/inter")
    parser.add_argument("--chromium", action="store_true", help="also record Chromium's widths")
    args = parser.parse_args()

    fonts = load_fonts(args.font_dir)
    tables = {w: with_decomposables(advances(font)) for w, (_, font) in fonts.items()}
    UNITS_PER_EM[0] = fonts[400][1]["head"].unitsPerEm
    version = fonts[400][1]["name"].getDebugName(5).split(";")[0].replace("Version ", "")
    try:
        package_version = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "fonts-inter"], capture_output=True, text=True
        ).stdout.strip() or "unknown"
    except OSError:
        package_version = "unknown"

    covered = set(tables[400])
    pairs = compositions(covered)
    harfbuzz = {}
    for w, (path, _) in fonts.items():
        checked = harfbuzz_check(path, tables[w], pairs)
        if checked is None:
            print("uharfbuzz not installed: skipping the HarfBuzz cross-check")
            break
        mismatches, width = checked
        if mismatches:
            sys.exit(f"weight {w}: HarfBuzz disagrees with the table for {len(mismatches)} code points: {mismatches[:10]}")
        harfbuzz[w] = width
    if harfbuzz:
        print("HarfBuzz (kern/liga/calt off) agrees with every advance in every weight")

    covered = write_swift(fonts, tables, pairs, version, package_version)
    print(f"wrote {os.path.relpath(SWIFT_OUT, ROOT)} and {os.path.basename(SWIFT_SPARSE_OUT)}"
          f" ({len(covered)} code points x {len(tables)} weights)")
    write_fonts(fonts, covered)
    with open(DEBIAN_COPYRIGHT, encoding="utf-8") as fh:
        write_licence(fh.read())

    # Reference widths straight from the font file (and HarfBuzz, when present).
    upem = UNITS_PER_EM[0]
    cases = []
    for text in REFERENCE_STRINGS:
        for w in WEIGHTS:
            for size in REFERENCE_SIZES:
                units = predict_units(tables[w], pairs, text)
                case = {"text": text, "weight": w, "size": size, "units": units, "width": units * size / upem}
                if harfbuzz:
                    shaped = harfbuzz[w](text)
                    marks = sum(1 for ch in text if unicodedata.category(ch) == "Mn")
                    assert abs(shaped - units) <= MARK_TOLERANCE * marks, (text, w, shaped, units)
                    case["harfbuzzUnits"] = shaped
                cases.append(case)

    previous = {}
    if os.path.exists(FIXTURE_OUT):
        with open(FIXTURE_OUT, encoding="utf-8") as fh:
            previous = json.load(fh)
    chromium = previous.get("chromium")
    if args.chromium:
        widths, browser = chromium_widths(CHROMIUM_ROWS)
        chromium = {
            "browser": browser,
            "note": "Widths Chromium lays out (getBoundingClientRect, CSS px = pt) with the CSS in docs/text.md.",
            "rows": [
                {"text": t, "weight": w, "size": s, "width": round(width, 4)}
                for (t, w, s), width in zip(CHROMIUM_ROWS, widths)
            ],
        }
    fixture = {
        "generatedBy": "Scripts/generate_inter_metrics.py",
        "font": f"Inter {version} (Debian fonts-inter {package_version})",
        "unitsPerEm": upem,
        "checkedWithHarfBuzz": bool(harfbuzz),
        "note": "width = sum of advances (hmtx; GDEF marks and default-ignorables 0; base+mark pairs Inter has"
        " precomposed count as the precomposed glyph) * size / unitsPerEm. harfbuzzUnits: HarfBuzz with kern,"
        " liga and calt off (may differ by up to 46 units per combining mark, see the script).",
        "cases": cases,
    }
    if chromium:
        fixture["chromium"] = chromium
    with open(FIXTURE_OUT, "w", encoding="utf-8") as fh:
        json.dump(fixture, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    print(f"wrote {os.path.relpath(FIXTURE_OUT, ROOT)} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
