#!/usr/bin/env python3
"""Writes the font reader's test fixtures: small subsets of OFL fonts, and HarfBuzz's shaping of a corpus in them.

    apt-get install -y fonts-lato fonts-inter fonts-dejavu-core && pip install fonttools uharfbuzz
    python3 Scripts/generate_font_fixtures.py

Outputs, in Tests/SDUILayoutTests/Fixtures/fonts/:
  - Lato-Regular-subset.ttf, Lato-Bold-subset.ttf, Lato-Italic-subset.ttf (TrueType, GPOS class kerning, liga),
    Inter-Regular-subset.otf (OpenType/CFF, GPOS kerning, calt contexts), DejaVuSans-subset.ttf (legacy `kern` table
    only: GPOS dropped), Subsets.ttc (a collection of the Lato Regular and Bold subsets), VariableStub.ttf (the
    Lato Regular subset renamed "Variable Stub" (Lato's Reserved Font Name is not used) with an `fvar` table: a `wght` axis 100–900 and named instances,
    no variation data — a variable font as the reader sees it; `variable_stub()` writes it alone);
  - shaping-reference.json: for every font and string, HarfBuzz's glyphs (id, cluster, x advance) with its default
    features, which the Swift shaper must reproduce exactly;
  - LICENSES.txt: the fonts' licences (SIL OFL 1.1; DejaVu's Bitstream Vera licence).
Fonts used only to check generality (Open Sans, Roboto, Noto Serif) are deliberately not in the fixtures.
"""
import json, os, sys
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.ttCollection import TTCollection
import uharfbuzz as hb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests/SDUILayoutTests/Fixtures/fonts")

SOURCES = {
    "Lato-Regular-subset.ttf": "/usr/share/fonts/truetype/lato/Lato-Regular.ttf",
    "Lato-Bold-subset.ttf": "/usr/share/fonts/truetype/lato/Lato-Bold.ttf",
    "Lato-Italic-subset.ttf": "/usr/share/fonts/truetype/lato/Lato-Italic.ttf",
    "Inter-Regular-subset.otf": "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
    "DejaVuSans-subset.ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
}
# ASCII, Latin-1, Latin Extended-A, general punctuation, arrows: enough for kerning pairs, accents and ligatures.
UNICODES = list(range(0x20, 0x7F)) + list(range(0xA0, 0x180)) + list(range(0x2010, 0x2030)) + [0x2192, 0x2190, 0x20AC, 0x2122, 0xFB01, 0xFB02]

CORPUS = [
    "AVATAR", "Wave", "To", "Ty", "Yo", "LT", "P.", "F,", "\"A\"", "V.A.T.", "office", "affluent", "efficient ffl", "fi fl ff ffi",
    "Typography kerning: AV AW Ta Te To Tr Tu Tw Ty Va Ve Vo Wa We Wo Ya Ye Yo", "Hello, World!",
    "Café crème brûlée à la carte", "Ålesund Øresund Łódź Šiška Žemaitija", "naïve façade — “quoted” ‘text’ …",
    "1,234.56 € 99% (approx.)", "->  <-  =>  --  :)", "12:30 10x20 A-B", "The quick brown fox jumps over the lazy dog.",
    "WAVE AWAY. Yacht, Pyramid, Tokyo.", "ﬁ ﬂ", "Add to cart", "Wireless Earbuds Pro Max", "$129.00",
]


SEEDS = os.path.join(ROOT, "Fuzz/Seeds/font")
SEED_TEXT = "AVTWYaefiloty.,:-> ĀéĹ“”→"


def subset_font(source, target, unicodes=None, folder=OUT):
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = False
    options.drop_tables += ["DSIG"]
    options.legacy_kern = True
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes or UNICODES)
    subsetter.subset(font)
    if target.startswith("DejaVu") and "GPOS" in font:
        del font["GPOS"]  # keep its legacy `kern` table as the only kerning
    subset.save_font(font, os.path.join(folder, target), options)


def shape(path, text, index=0):
    blob = hb.Blob.from_file_path(path)
    face = hb.Face(blob, index)
    font = hb.Font(face)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {})
    # Cluster indices in HarfBuzz's add_str are UTF-32 code point indices.
    return [[info.codepoint, info.cluster, pos.x_advance] for info, pos in zip(buf.glyph_infos, buf.glyph_positions)]


def variable_stub():
    """The Lato Regular subset as a variable font's file: renamed, with an `fvar` (wght 100–900, default 400; named
    Regular and Bold instances) and no variation data, so it is measured as the regular face it is."""
    from fontTools.ttLib.tables._f_v_a_r import Axis, NamedInstance, table__f_v_a_r
    font = TTFont(os.path.join(OUT, "Lato-Regular-subset.ttf"))
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 16):
            record.string = "Variable Stub" + (" Regular" if record.nameID == 4 else "")
        elif record.nameID == 6:
            record.string = "VariableStub-Regular"
    fvar = table__f_v_a_r()
    axis = Axis()
    axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue = "wght", 100.0, 400.0, 900.0
    axis.axisNameID = names.addMultilingualName({"en": "Weight"}, font)
    fvar.axes = [axis]
    fvar.instances = []
    for style, weight in (("Regular", 400.0), ("Bold", 700.0)):
        instance = NamedInstance()
        instance.subfamilyNameID = names.addMultilingualName({"en": style}, font)
        instance.coordinates = {"wght": weight}
        fvar.instances.append(instance)
    font["fvar"] = fvar
    font.save(os.path.join(OUT, "VariableStub.ttf"))


def main():
    os.makedirs(OUT, exist_ok=True)
    for target, source in SOURCES.items():
        if not os.path.exists(source):
            sys.exit(f"missing {source}: apt-get install -y fonts-lato fonts-inter fonts-dejavu-core")
        subset_font(source, target)
    # The font fuzz target's seeds: the same fonts cut down to a few letters (small inputs fuzz faster).
    os.makedirs(SEEDS, exist_ok=True)
    for target, source in SOURCES.items():
        subset_font(source, target.replace("-subset", "-seed"), [ord(c) for c in SEED_TEXT], SEEDS)
    seeds = TTCollection()
    seeds.fonts = [TTFont(os.path.join(SEEDS, "Lato-Regular-seed.ttf")), TTFont(os.path.join(SEEDS, "Lato-Bold-seed.ttf"))]
    seeds.save(os.path.join(SEEDS, "Lato-seed.ttc"))
    collection = TTCollection()
    collection.fonts = [TTFont(os.path.join(OUT, "Lato-Regular-subset.ttf")), TTFont(os.path.join(OUT, "Lato-Bold-subset.ttf"))]
    collection.save(os.path.join(OUT, "Subsets.ttc"))
    variable_stub()
    reference = {"harfbuzz": hb.__version__, "fonts": {}}
    for target in SOURCES:
        path = os.path.join(OUT, target)
        reference["fonts"][target] = {text: shape(path, text) for text in CORPUS}
    reference["fonts"]["Subsets.ttc#1"] = {text: shape(os.path.join(OUT, "Subsets.ttc"), text, 1) for text in CORPUS}
    reference["corpus"] = CORPUS
    with open(os.path.join(OUT, "shaping-reference.json"), "w", encoding="utf-8") as f:
        json.dump(reference, f, ensure_ascii=False, indent=0, sort_keys=True)
        f.write("\n")
    with open(os.path.join(OUT, "LICENSES.txt"), "w", encoding="utf-8") as f:
        f.write("Lato (Łukasz Dziedzic) and Inter (Rasmus Andersson): SIL Open Font License 1.1, https://openfontlicense.org\n")
        f.write("DejaVu Sans: Bitstream Vera Fonts licence with DejaVu changes in the public domain (fonts-dejavu-core copyright).\n")
        f.write("These are subsets (fontTools) for tests; the OFL permits modified versions under the same licence.\n")
        f.write("VariableStub.ttf is the Lato Regular subset renamed \"Variable Stub\" (Lato's Reserved Font Name is not used) with an fvar table: OFL 1.1.\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
