#!/usr/bin/env python3
"""Writes the bundled font files: Sources/SDUILayout/Resources/Fonts (docs/text.md, "The bundled fonts").

    apt-get install -y fonts-inter fonts-noto-core && pip install fonttools brotli
    python3 Scripts/generate_bundled_fonts.py
    python3 Scripts/generate_embedded_fonts.py      # the renderer's WOFF2 copies of these files
    python3 Scripts/generate_text_reference.py --chromium   # the references the tests check the engine against

The one copy of the built-in faces: the engine measures text with them, the renderer embeds them (as WOFF2 made from
these files) and the native hosts register them with CoreText. Inter 3.019 (Debian fonts-inter, static OTF instances
400/500/600/700, every code point) and Noto Sans Hebrew / Arabic 400/700 (fonts-noto-core), subset to their scripts'
blocks (Hebrew U+0590–05FF and U+FB1D–FB4F, Arabic U+0600–06FF, U+0750–077F and U+08A0–08FF, each with ZWNJ and ZWJ;
the characters around them come from Inter, first in the renderer's font list). Every OpenType layout feature is
kept: the engine, Chromium and CoreText all shape with the fonts' default features. Written with their licences
(SIL OFL 1.1).
"""
import os
from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources/SDUILayout/Resources/Fonts")
INTER = "/usr/share/fonts/opentype/inter"
NOTO = "/usr/share/fonts/truetype/noto"
HEBREW = [(0x0590, 0x05FF), (0xFB1D, 0xFB4F), (0x200C, 0x200D)]
ARABIC = [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0x200C, 0x200D)]
FACES = [
    ("Inter-Regular.otf", os.path.join(INTER, "Inter-Regular.otf"), None),
    ("Inter-Medium.otf", os.path.join(INTER, "Inter-Medium.otf"), None),
    ("Inter-SemiBold.otf", os.path.join(INTER, "Inter-SemiBold.otf"), None),
    ("Inter-Bold.otf", os.path.join(INTER, "Inter-Bold.otf"), None),
    ("NotoSansHebrew-Regular.ttf", os.path.join(NOTO, "NotoSansHebrew-Regular.ttf"), HEBREW),
    ("NotoSansHebrew-Bold.ttf", os.path.join(NOTO, "NotoSansHebrew-Bold.ttf"), HEBREW),
    ("NotoSansArabic-Regular.ttf", os.path.join(NOTO, "NotoSansArabic-Regular.ttf"), ARABIC),
    ("NotoSansArabic-Bold.ttf", os.path.join(NOTO, "NotoSansArabic-Bold.ttf"), ARABIC),
]
NOTE = {
    "OFL-Inter.txt": ("Copyright 2016-2022 The Inter Project Authors (https://github.com/rsms/inter)",
                      "(Inter-*.otf beside this file are Inter 3.019 from Debian's fonts-inter package, re-saved by\n"
                      "Scripts/generate_bundled_fonts.py with every code point and OpenType feature kept.)"),
    "OFL-Noto.txt": ("Copyright 2015-2020 Google LLC. All Rights Reserved.\n\n"
                     "Noto Sans Hebrew Version 3.000; Noto Sans Arabic Version 2.005.",
                     "(NotoSans*.ttf beside this file are subsets of the Noto fonts to their scripts' blocks, made by\n"
                     "Scripts/generate_bundled_fonts.py from Debian's fonts-noto-core package, every OpenType feature kept.)"),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for target, source, ranges in FACES:
        cmap = TTFont(source).getBestCmap()
        unicodes = sorted(cp for cp in cmap if ranges is None or any(a <= cp <= b for a, b in ranges))
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.glyph_names = False
        options.legacy_kern = True
        options.drop_tables += ["DSIG"]
        font = subset.load_font(source, options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=unicodes)
        subsetter.subset(font)
        subset.save_font(font, os.path.join(OUT, target), options)
    for name, (header, note) in NOTE.items():
        path = os.path.join(OUT, name)
        text = open(path, encoding="utf-8").read()
        licence = text[text.index("-----------------------------------------------------------"):]
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(f"{header}\n\nThis Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
                     "This license is copied below, and is also available with a FAQ at:\nhttps://openfontlicense.org\n\n"
                     f"{note}\n\n{licence}")
    print("wrote", os.path.relpath(OUT, ROOT))


if __name__ == "__main__":
    main()
