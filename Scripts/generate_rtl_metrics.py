#!/usr/bin/env python3
"""Generate SDUIKit's Hebrew and Arabic text metrics, the renderer's web fonts for them and the test fixture.

Reads Noto Sans Hebrew and Noto Sans Arabic (Regular and Bold, the weights Debian's `fonts-noto-core`
installs) and writes:

  Sources/SDUIRender/Resources/fonts/NotoSansHebrew-NNN.woff2   the fonts subset to their scripts' blocks,
  Sources/SDUIRender/Resources/fonts/NotoSansArabic-NNN.woff2   with only the OpenType features the measurer
                                                               models (below)
  Sources/SDUIRender/Resources/fonts/OFL-Noto.txt               their licence (SIL OFL 1.1)
  Sources/SDUILayout/Text/NotoMetrics.swift                     advances in font units: Hebrew per code point;
                                                               Arabic per code point and joining form
                                                               (isolated, initial, medial, final), its joining
                                                               type, and the lam-alef ligatures
  Tests/SDUILayoutTests/Fixtures/rtl-text-reference.json        widths HarfBuzz shapes from the subset fonts
                                                               (and, with --chromium, the widths Chromium lays
                                                               out), for the tests

Usage (from the repository root):

  apt-get install -y fonts-noto-core unicode-data
  pip install fonttools brotli uharfbuzz
  python3 Scripts/generate_rtl_metrics.py [--font-dir /usr/share/fonts/truetype/noto] [--chromium]

What the measurer models, and so what the subset fonts keep. An advance is what HarfBuzz (Chromium's shaper)
gives with kerning, ligatures and contextual alternates off (the renderer's CSS). Hebrew: the glyph's advance
(points and accents are zero-width marks). Arabic: each letter takes the form its neighbours call for (UAX #9's
sibling, the joining algorithm of the Unicode core spec §9.2, with the joining types of ArabicShaping.txt) —
`isol`, `init`, `medi`, `fina`, single substitutions read from the font by shaping the letter alone and between
ZWJs — and a lam followed by an alef becomes one lam-alef glyph (the `rlig` ligatures). The subset keeps `ccmp`
(mark compositions, zero-width), the four form features, `rlig` reduced to the two-letter lam-alef ligatures,
`isol`'s context rule (it picks glyphs of equal advance), `mark` and `mkmk` (positioning only). Dropped: `kern`
(off in the CSS anyway), `dlig`, `aalt`, `locl` (Urdu digit shapes) and the font's other required ligatures —
Allah (which needs a shadda over the second lam), lam + alef maksura, lam + hah + alef maksura, lam + alef
maksura + meem — so that every width is the sum of forms and lam-alefs: the words are drawn with their letters
joined instead. The script checks the model against HarfBuzz on every form, every lam-alef pair and thousands
of random strings, and stops if one width differs.
"""

import argparse
import base64
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unicodedata

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT_OUT = os.path.join(ROOT, "Sources/SDUILayout/Text/NotoMetrics.swift")
FONT_OUT_DIR = os.path.join(ROOT, "Sources/SDUIRender/Resources/fonts")
FIXTURE_OUT = os.path.join(ROOT, "Tests/SDUILayoutTests/Fixtures/rtl-text-reference.json")
DEBIAN_COPYRIGHT = "/usr/share/doc/fonts-noto-core/copyright"
ARABIC_SHAPING = "/usr/share/unicode/ArabicShaping.txt"

WEIGHTS = {400: "Regular", 700: "Bold"}
ZWJ, ZWNJ = 0x200D, 0x200C
SCRIPTS = {
    # family → (file stem, code point ranges kept in the subset)
    "hebrew": ("NotoSansHebrew", [(0x0590, 0x05FF), (0xFB1D, 0xFB4F), (ZWNJ, ZWJ)]),
    "arabic": ("NotoSansArabic", [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (ZWNJ, ZWJ)]),
}
KEPT_FEATURES = ["ccmp", "isol", "init", "medi", "fina", "rlig", "mark", "mkmk"]
# The renderer's CSS switches these off (font-variant-ligatures: none, font-feature-settings, font-kerning).
HB_FEATURES = {"kern": False, "liga": False, "calt": False, "clig": False, "dlig": False}
# Joining types, as stored: U non-joining, R right-joining (joins the previous letter only), D dual-joining,
# L left-joining, C join-causing (tatweel, ZWJ), T transparent (marks).
JOINING = {"U": 0, "R": 1, "D": 2, "L": 3, "C": 4, "T": 5}
FORMS = ["isol", "init", "medi", "fina"]

HEBREW_STRINGS = ["שלום עולם", "חנות", "הוסף לעגלה", "מבצע השבוע", "נעלי ריצה", "בְּרֵאשִׁית", "ש״ח", "תל־אביב"]
ARABIC_STRINGS = ["مرحبا بالعالم", "متجر", "أضف إلى السلة", "لا", "السلام عليكم", "عروض الأسبوع", "الله",
                  "مَرْحَبًا", "لأن لإن لآن", "كتاب ـ قلم", "١٢٣٤٥٦٧٨٩٠", "ـبـ", "ه\u200Cا", "لـا", "لآ",
                  "ل\u0627\u0653", "لَا"]


def joining_types():
    table = {}
    for line in open(ARABIC_SHAPING, encoding="utf-8"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        cp, _, kind, _ = [p.strip() for p in line.split(";")]
        table[int(cp, 16)] = kind
    return table


def joining_type(types, cp):
    if cp in types:
        return types[cp]
    return "T" if unicodedata.category(chr(cp)) in ("Mn", "Me", "Cf") else "U"


def prune_rlig(font):
    """Keeps only the two-letter lam-alef ligatures of `rlig` (see the module docstring)."""
    gsub = font["GSUB"].table
    cmap = font.getBestCmap()
    fina = {}
    for record in gsub.FeatureList.FeatureRecord:
        if record.FeatureTag == "fina":
            for index in record.Feature.LookupListIndex:
                for table in gsub.LookupList.Lookup[index].SubTable:
                    fina.update(getattr(table, "mapping", {}))
    alefs = {0x0622, 0x0623, 0x0625, 0x0627, 0x0671, 0x0672, 0x0673}
    alef_glyphs = {fina.get(cmap[cp]) for cp in alefs if cp in cmap} | {
        cmap[cp] for cp in (0xFE82, 0xFE84, 0xFE88, 0xFE8E, 0xFB51) if cp in cmap}
    alef_glyphs.discard(None)
    kept = 0
    for record in gsub.FeatureList.FeatureRecord:
        if record.FeatureTag != "rlig":
            continue
        indices = []
        for index in record.Feature.LookupListIndex:
            lookup = gsub.LookupList.Lookup[index]
            keep_lookup = False
            for table in lookup.SubTable:
                if lookup.LookupType != 4:
                    continue
                for first in list(table.ligatures):
                    ligatures = [lig for lig in table.ligatures[first]
                                 if len(lig.Component) == 1 and lig.Component[0] in alef_glyphs]
                    if ligatures:
                        table.ligatures[first] = ligatures
                        kept += len(ligatures)
                        keep_lookup = True
                    else:
                        del table.ligatures[first]
            if keep_lookup:
                indices.append(index)
        record.Feature.LookupListIndex = indices
        record.Feature.LookupCount = len(indices)
    return kept


def make_subset(path, ranges, weight, script):
    font = TTFont(path, recalcTimestamp=False)
    kept = prune_rlig(font) if script == "arabic" else 0
    cmap = font.getBestCmap()
    unicodes = sorted(cp for cp in cmap if any(a <= cp <= b for a, b in ranges))
    options = subset.Options()
    options.layout_features = KEPT_FEATURES
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    return font, unicodes, kept


class Shaper:
    """HarfBuzz over one subset font (as the renderer's CSS sets it: kerning, ligatures, contextual alternates off)."""

    def __init__(self, font):
        import uharfbuzz as hb
        self.hb = hb
        data = io.BytesIO()
        font.flavor = None
        font.save(data)
        self.font = hb.Font(hb.Face(hb.Blob(data.getvalue())))
        self.upem = font["head"].unitsPerEm

    def width(self, text):
        buf = self.hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        self.hb.shape(self.font, buf, HB_FEATURES)
        return sum(p.x_advance for p in buf.glyph_positions)


def arabic_table(shaper, unicodes, types):
    """code point → (joining type, [isol, init, medi, fina] advances), and the lam-alef ligatures."""
    z = chr(ZWJ)
    table = {}
    for cp in unicodes:
        kind = joining_type(types, cp)
        c = chr(cp)
        if kind == "T" or cp in (ZWJ, ZWNJ):
            table[cp] = (kind, [0, 0, 0, 0])
            continue
        table[cp] = (kind, [shaper.width(c), shaper.width(c + z), shaper.width(z + c + z), shaper.width(z + c)])
    ligatures = {}
    lams = [cp for cp in unicodes if joining_type(types, cp) == "D"]
    alefs = [cp for cp in unicodes if joining_type(types, cp) == "R"]
    for lam in lams:
        for alef in alefs:
            pair = chr(lam) + chr(alef)
            init = shaper.width(pair)
            medi = shaper.width(z + pair)
            separate_init = table[lam][1][1] + table[alef][1][3]
            separate_medi = table[lam][1][2] + table[alef][1][3]
            if init != separate_init or medi != separate_medi:
                ligatures[(lam, alef)] = (init, medi)
    return table, ligatures


def compositions(table):
    """(base, mark) → precomposed, for the canonical compositions whose three characters the face has: HarfBuzz
    draws such a pair as the precomposed letter (alef + madda above → alef with madda, U+0622)."""
    pairs = {}
    for cp in table:
        d = unicodedata.decomposition(chr(cp))
        if not d or d.startswith("<"):
            continue
        parts = [int(x, 16) for x in d.split()]
        if len(parts) == 2 and all(p in table for p in parts) \
                and unicodedata.normalize("NFC", chr(parts[0]) + chr(parts[1])) == chr(cp):
            pairs[(parts[0], parts[1])] = cp
    return pairs


def composed(pairs, text):
    """`text` with each base + following mark that the face has precomposed replaced by it."""
    out = []
    for c in text:
        if out and (ord(out[-1]), ord(c)) in pairs:
            out[-1] = chr(pairs[(ord(out[-1]), ord(c))])
        else:
            out.append(c)
    return "".join(out)


def predict_arabic(table, ligatures, text, pairs=None):
    """The measurer's model: compositions, forms by the joining algorithm, lam-alef ligatures, marks zero-width."""
    if pairs:
        text = composed(pairs, text)
    cps = [ord(c) for c in text]
    kinds = [table[cp][0] if cp in table else ("T" if unicodedata.category(chr(cp)) in ("Mn", "Me", "Cf") and cp not in (ZWJ, ZWNJ) else "C" if cp == ZWJ else "U") for cp in cps]
    forms = []
    for i, kind in enumerate(kinds):
        if kind == "T":
            forms.append(None)
            continue
        prev = next((kinds[j] for j in range(i - 1, -1, -1) if kinds[j] != "T"), "U")
        nxt = next((kinds[j] for j in range(i + 1, len(kinds)) if kinds[j] != "T"), "U")
        joins_prev = kind in ("R", "D", "C") and prev in ("D", "L", "C")
        joins_next = kind in ("L", "D", "C") and nxt in ("R", "D", "C")
        forms.append(2 if joins_prev and joins_next else 3 if joins_prev else 1 if joins_next else 0)
    total = 0
    skip = set()
    for i, cp in enumerate(cps):
        if i in skip or forms[i] is None or cp not in table:
            continue
        width = table[cp][1][forms[i]]
        if forms[i] in (1, 2):
            j = next((j for j in range(i + 1, len(cps)) if kinds[j] != "T"), None)
            if j is not None and (cp, cps[j]) in ligatures:
                width = ligatures[(cp, cps[j])][0 if forms[i] == 1 else 1]
                skip.add(j)
        total += width
    return total


def check_arabic(shaper, table, ligatures, types, pairs, seed=1):
    rng = random.Random(seed)
    letters = [cp for cp, (k, _) in table.items() if k in ("D", "R", "U", "L", "C") and cp not in (ZWJ, ZWNJ)]
    common = [cp for cp in letters if 0x0620 <= cp <= 0x064A or cp in (0x0640, 0x0671, 0x067E, 0x0686, 0x06A9, 0x06AF, 0x06CC)]
    marks = [cp for cp, (k, _) in table.items() if k == "T"]
    mismatches = []
    samples = [chr(l) + chr(a) for l, a in ligatures] + ["\u0640" + chr(l) + chr(a) for l, a in ligatures]
    samples += [chr(l) + chr(m) + chr(a) for (l, a) in list(ligatures)[:20] for m in marks[:10]]
    for _ in range(6000):
        n = rng.randint(1, 9)
        text = ""
        for _ in range(n):
            r = rng.random()
            pool = common if r < 0.75 else letters
            text += chr(rng.choice(pool))
            if rng.random() < 0.15 and marks:
                text += chr(rng.choice(marks))
            if rng.random() < 0.03:
                text += chr(rng.choice([ZWJ, ZWNJ]))
        samples.append(text)
    samples += ARABIC_STRINGS
    for text in samples:
        if any(ord(c) not in table and unicodedata.category(c) not in ("Mn",) and ord(c) not in (ZWJ, ZWNJ, 0x20) for c in text):
            continue
        words = text.split(" ")
        predicted = sum(predict_arabic(table, ligatures, w, pairs) for w in words)
        shaped = sum(shaper.width(w) for w in words)
        if predicted != shaped:
            mismatches.append((text, predicted, shaped))
    return mismatches, len(samples)


def hebrew_before_marks(shaper, table):
    """Presentation forms HarfBuzz decomposes when a mark follows them (to order the marks; they are composition
    exclusions, so they stay decomposed): code point → its advance then, where that differs (yod with hiriq …)."""
    out = {}
    for cp in table:
        d = unicodedata.decomposition(chr(cp))
        if d and not d.startswith("<"):
            width = shaper.width(chr(cp) + "\u05B0") - table[0x05B0]
            if width != table[cp]:
                out[cp] = width
    return out


def predict_hebrew(table, before_marks, text):
    total = 0
    for i, c in enumerate(text):
        cp = ord(c)
        followed = i + 1 < len(text) and unicodedata.category(text[i + 1]) == "Mn"
        total += before_marks[cp] if followed and cp in before_marks else table[cp]
    return total


def check_hebrew(shaper, table, before_marks, seed=2):
    """Random Hebrew strings (letters, points, punctuation) against the model."""
    rng = random.Random(seed)
    cps = sorted(table)
    letters = [cp for cp in cps if unicodedata.category(chr(cp)).startswith("L") or unicodedata.category(chr(cp)) == "Po"]
    marks = [cp for cp in cps if unicodedata.category(chr(cp)) == "Mn"]
    mismatches, count = [], 0
    for _ in range(3000):
        text = ""
        for _ in range(rng.randint(1, 10)):
            text += chr(rng.choice(letters))
            while rng.random() < 0.3:
                text += chr(rng.choice(marks))
        count += 1
        if predict_hebrew(table, before_marks, text) != shaper.width(text):
            mismatches.append((text, predict_hebrew(table, before_marks, text), shaper.width(text)))
    return mismatches, count


def hebrew_table(shaper, unicodes):
    table = {}
    base = shaper.width("\u05D0")
    for cp in unicodes:
        c = chr(cp)
        if unicodedata.category(c) in ("Mn", "Me"):
            table[cp] = shaper.width("\u05D0" + c) - base
        elif cp in (ZWJ, ZWNJ):
            table[cp] = 0
        else:
            table[cp] = shaper.width(c)
    return table


def swift_array(values, per_line, indent, fmt=str):
    return "\n".join(indent + ", ".join(fmt(v) for v in values[i:i + per_line]) + ","
                     for i in range(0, len(values), per_line))


def write_swift(hebrew, before, arabic, ligatures, pairs, upem, versions):
    weights = sorted(hebrew)
    heb_cps = sorted(hebrew[weights[0]])
    ar_cps = sorted(arabic[weights[0]])
    lig_keys = sorted(ligatures[weights[0]])
    for w in weights:
        assert sorted(hebrew[w]) == heb_cps and sorted(arabic[w]) == ar_cps and sorted(ligatures[w]) == lig_keys
    out = [
        "// GENERATED FILE — do not edit by hand.",
        "// Regenerate from the repository root:",
        "//   apt-get install -y fonts-noto-core unicode-data && pip install fonttools brotli uharfbuzz",
        "//   python3 Scripts/generate_rtl_metrics.py",
        f"// Source: {versions['hebrew']}, {versions['arabic']} (Debian fonts-noto-core), shaped with HarfBuzz from",
        "// the subset web fonts in Sources/SDUIRender/Resources/fonts (SIL Open Font License 1.1, OFL-Noto.txt there).",
        "",
        "/// Advances of Noto Sans Hebrew and Noto Sans Arabic, in font units, for the weights the renderer embeds:",
        "/// what HarfBuzz gives each character (and each Arabic joining form) with kerning off.",
        "enum NotoMetrics {",
        "    /// Font units per em (both fonts).",
        f"    static let unitsPerEm: Double = {upem}",
        "    /// CSS weights with a face, ascending; the per-weight tables follow this order.",
        f"    static let weights: [Int] = [{', '.join(map(str, weights))}]",
        "",
        f"    /// The {len(heb_cps)} code points of the Hebrew face, ascending (binary-searched).",
        "    static let hebrewCodepoints: [UInt32] = [",
        swift_array(heb_cps, 12, "        ", lambda cp: f"0x{cp:04X}"),
        "    ]",
        "    /// Per weight, advances parallel to `hebrewCodepoints` (marks 0).",
        "    static let hebrewAdvances: [[UInt16]] = [",
    ]
    for w in weights:
        out += [f"        // {w}", "        [", swift_array([hebrew[w][cp] for cp in heb_cps], 20, "            "), "        ],"]
    out += [
        "    ]",
        "",
        "    /// Presentation forms HarfBuzz decomposes before a mark (they are composition exclusions), whose advance",
        "    /// then is another: code point, then per weight its advance before a mark.",
        f"    static let hebrewBeforeMark: [(UInt32, [UInt16])] = [",
    ] + [f"        (0x{cp:04X}, [{', '.join(str(before[w][cp]) for w in weights)}])," for cp in sorted(before[weights[0]])] + [
        "    ]",
        "",
        f"    /// The {len(ar_cps)} code points of the Arabic face, ascending (binary-searched).",
        "    static let arabicCodepoints: [UInt32] = [",
        swift_array(ar_cps, 12, "        ", lambda cp: f"0x{cp:04X}"),
        "    ]",
        "    /// Joining type of each of `arabicCodepoints` (ArabicShaping.txt): 0 U non-joining, 1 R right-joining,",
        "    /// 2 D dual-joining, 3 L left-joining, 4 C join-causing, 5 T transparent.",
        "    static let arabicJoiningTypes: [UInt8] = [",
        swift_array([JOINING[arabic[weights[0]][cp][0]] for cp in ar_cps], 40, "        "),
        "    ]",
        "    /// Per weight, four advances per code point of `arabicCodepoints`: isolated, initial, medial, final.",
        "    static let arabicAdvances: [[UInt16]] = [",
    ]
    for w in weights:
        values = [a for cp in ar_cps for a in arabic[w][cp][1]]
        out += [f"        // {w}", "        [", swift_array(values, 20, "            "), "        ],"]
    out += [
        "    ]",
        "",
        f"    /// The {len(lig_keys)} lam-alef ligatures, `lam << 32 | alef`, ascending.",
        "    static let lamAlefKeys: [UInt64] = [",
        swift_array([(l << 32) | a for l, a in lig_keys], 6, "        ", lambda k: f"0x{k:X}"),
        "    ]",
        "    /// Per weight, two advances per ligature: after a non-joining letter (the lam initial), after a joining one",
        "    /// (the lam medial).",
        "    static let lamAlefAdvances: [[UInt16]] = [",
    ]
    for w in weights:
        values = [a for k in lig_keys for a in ligatures[w][k]]
        out += [f"        // {w}", "        [", swift_array(values, 20, "            "), "        ],"]
    keys = sorted(pairs[weights[0]])
    assert all(sorted(pairs[w]) == keys for w in weights)
    out += [
        "    ]",
        "",
        f"    /// The {len(keys)} canonical compositions (base, mark) → precomposed letter of the Arabic face, keyed by",
        "    /// `base << 32 | mark`, ascending: HarfBuzz draws such a pair as the precomposed letter.",
        "    static let arabicCompositionKeys: [UInt64] = [",
        swift_array([(b << 32) | m for b, m in keys], 6, "        ", lambda k: f"0x{k:X}"),
        "    ]",
        "    /// The precomposed letters, parallel to `arabicCompositionKeys`.",
        "    static let arabicComposedCodepoints: [UInt32] = [",
        swift_array([pairs[weights[0]][k] for k in keys], 12, "        ", lambda cp: f"0x{cp:04X}"),
        "    ]",
    ]
    out += ["}", ""]
    with open(SWIFT_OUT, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out))


def write_licence(versions, copyright_line):
    text = open(DEBIAN_COPYRIGHT, encoding="utf-8").read().splitlines()
    # The stanza with the licence text: "License: OFL-1.1" followed by indented lines.
    start = next(i for i, l in enumerate(text) if l.strip() == "License: OFL-1.1"
                 and i + 1 < len(text) and text[i + 1].startswith(" "))
    body = []
    for line in text[start + 1:]:
        if line and not line.startswith(" "):
            break
        t = line[1:] if line.startswith(" ") else line
        body.append("" if t == "." else t)
    header = [
        copyright_line,
        "",
        f"{versions['hebrew']}; {versions['arabic']}.",
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
        "This license is copied below, and is also available with a FAQ at: https://openfontlicense.org",
        "",
        "(The NotoSans*-NNN.woff2 files beside this file are subsets of the Noto fonts, made by",
        "Scripts/generate_rtl_metrics.py from Debian's fonts-noto-core package.)",
        "",
        "-----------------------------------------------------------",
        "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007",
        "-----------------------------------------------------------",
        "",
    ]
    with open(os.path.join(FONT_OUT_DIR, "OFL-Noto.txt"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(header + body).rstrip() + "\n")


def chromium_widths(rows):
    """Each row laid out in headless Chromium with the renderer's CSS and the subset fonts; widths in CSS px."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        sys.exit("--chromium needs Debian's chromium package")
    faces = []
    for family, (stem, _) in SCRIPTS.items():
        for w in WEIGHTS:
            data = base64.b64encode(open(os.path.join(FONT_OUT_DIR, f"{stem}-{w}.woff2"), "rb").read()).decode()
            name = "SDUI Noto Sans Hebrew" if family == "hebrew" else "SDUI Noto Sans Arabic"
            faces.append(f'@font-face {{ font-family: "{name}"; font-weight: {w}; src: url(data:font/woff2;base64,{data}); }}')
    for w in (400, 500, 600, 700):
        data = base64.b64encode(open(os.path.join(FONT_OUT_DIR, f"Inter-{w}.woff2"), "rb").read()).decode()
        faces.append(f'@font-face {{ font-family: "SDUI Inter"; font-weight: {w}; src: url(data:font/woff2;base64,{data}); }}')
    spans = "\n".join(f'<span class="t" dir="rtl" style="font-weight:{w};font-size:{s}px">{t}</span><br>' for t, w, s in rows)
    page = f"""<!doctype html><html><head><meta charset="utf-8"><style>
{chr(10).join(faces)}
.t {{ font-family: "SDUI Inter", "SDUI Noto Sans Hebrew", "SDUI Noto Sans Arabic", sans-serif; font-kerning: none;
  font-variant-ligatures: none; font-feature-settings: "kern" 0, "liga" 0, "calt" 0; font-synthesis: none;
  text-rendering: geometricPrecision; white-space: pre; }}
</style></head><body>{spans}<script>
document.fonts.ready.then(() => {{ document.body.setAttribute('data-widths',
  JSON.stringify([...document.querySelectorAll('.t')].map(e => e.getBoundingClientRect().width))); }});
</script></body></html>"""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "w.html")
        open(path, "w", encoding="utf-8").write(page)
        dom = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                              "--dump-dom", "file://" + path], capture_output=True, text=True, timeout=120).stdout
    marker = 'data-widths="'
    start = dom.index(marker) + len(marker)
    widths = json.loads(dom[start:dom.index('"', start)].replace("&quot;", '"'))
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    return widths, version


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--font-dir", default="/usr/share/fonts/truetype/noto")
    parser.add_argument("--chromium", action="store_true", help="also record Chromium's widths")
    args = parser.parse_args()
    try:
        import uharfbuzz  # noqa: F401
    except ImportError:
        sys.exit("uharfbuzz is needed (the advances are HarfBuzz's): pip install uharfbuzz")
    types = joining_types()
    tables = {"hebrew": {}, "arabic": {}}
    ligatures, pairs, before, shapers, versions, upem = {}, {}, {}, {}, {}, None
    os.makedirs(FONT_OUT_DIR, exist_ok=True)
    for script, (stem, ranges) in SCRIPTS.items():
        for weight, style in WEIGHTS.items():
            path = os.path.join(args.font_dir, f"{stem}-{style}.ttf")
            if not os.path.exists(path):
                sys.exit(f"missing {path}: apt-get install -y fonts-noto-core (or pass --font-dir)")
            font, unicodes, kept = make_subset(path, ranges, weight, script)
            versions[script] = font["name"].getDebugName(1) + " " + font["name"].getDebugName(5).split(";")[0]
            copyright_line = font["name"].getDebugName(0)
            upem = upem or font["head"].unitsPerEm
            assert font["head"].unitsPerEm == upem
            out = os.path.join(FONT_OUT_DIR, f"{stem}-{weight}.woff2")
            font.flavor = "woff2"
            font.save(out)
            print(f"wrote {os.path.relpath(out, ROOT)} ({os.path.getsize(out)} bytes, {len(unicodes)} code points"
                  + (f", {kept} lam-alef ligatures kept" if script == "arabic" else "") + ")")
            shaper = Shaper(TTFont(out))
            shapers[(script, weight)] = shaper
            if script == "hebrew":
                tables["hebrew"][weight] = hebrew_table(shaper, unicodes)
                before[weight] = hebrew_before_marks(shaper, tables["hebrew"][weight])
                mismatches, count = check_hebrew(shaper, tables["hebrew"][weight], before[weight])
                if mismatches:
                    sys.exit(f"weight {weight}: Hebrew widths differ from HarfBuzz for {len(mismatches)} of {count} strings:"
                             f" {mismatches[:8]}")
                print(f"HarfBuzz agrees with the Hebrew advances ({weight}) on {count} strings")
            else:
                table, ligs = arabic_table(shaper, unicodes, types)
                tables["arabic"][weight] = table
                ligatures[weight] = ligs
                pairs[weight] = compositions(table)
                mismatches, count = check_arabic(shaper, table, ligs, types, pairs[weight])
                if mismatches:
                    sys.exit(f"weight {weight}: the Arabic model differs from HarfBuzz for {len(mismatches)} of {count}"
                             f" strings: {mismatches[:8]}")
                print(f"HarfBuzz agrees with the Arabic model ({weight}) on {count} strings, {len(ligs)} lam-alef pairs")
    write_swift(tables["hebrew"], before, tables["arabic"], ligatures, pairs, upem, versions)
    print(f"wrote {os.path.relpath(SWIFT_OUT, ROOT)}")
    write_licence(versions, copyright_line)

    cases = []
    for weight in WEIGHTS:
        for text in HEBREW_STRINGS + ARABIC_STRINGS:
            script = "hebrew" if any(0x0590 <= ord(c) <= 0x05FF for c in text) else "arabic"
            words = text.split(" ")
            units = sum(shapers[(script, weight)].width(w) for w in words)
            cases.append({"text": text, "weight": weight, "script": script, "harfbuzzUnits": units,
                          "spaces": len(words) - 1})
    previous = json.load(open(FIXTURE_OUT, encoding="utf-8")) if os.path.exists(FIXTURE_OUT) else {}
    chromium = previous.get("chromium")
    if args.chromium:
        rows = [(c["text"], c["weight"], 17.0) for c in cases] + [
            ("מבצע 50% הנחה על Nike Air", 400, 17.0), ("السعر: 129 $ فقط", 400, 17.0),
            ("שלום (world) עולם", 600, 15.0), ("مرحبا، كيف حالك؟", 500, 20.0)]
        widths, browser = chromium_widths(rows)
        chromium = {"browser": browser,
                    "note": "Widths Chromium lays out (getBoundingClientRect, CSS px = pt) with the renderer's CSS, dir=rtl.",
                    "rows": [{"text": t, "weight": w, "size": s, "width": round(x, 4)} for (t, w, s), x in zip(rows, widths)]}
    fixture = {
        "generatedBy": "Scripts/generate_rtl_metrics.py",
        "fonts": versions,
        "unitsPerEm": upem,
        "note": "harfbuzzUnits: HarfBuzz's width of the text (each space-separated word shaped alone with its face;"
                " kern, liga, calt off) in font units, without the spaces; the spaces are Inter's (the renderer draws"
                " them with Inter, its first font).",
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
