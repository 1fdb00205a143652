#!/usr/bin/env python3
"""Writes the font files the native hosts ship and register (docs/hosts.md, "Fonts in the app").

    apt-get install -y fonts-inter fonts-noto-core && pip install fonttools brotli
    python3 Scripts/generate_host_fonts.py

The faces the engine measures with, as TrueType/OpenType files CoreText registers: Inter 3.019 (Debian fonts-inter,
static OTF instances 400/500/600/700) and Noto Sans Hebrew / Arabic 400/700 (fonts-noto-core), each subset to the
code points of the web fonts the renderer embeds (Sources/SDUIRender/Resources/fonts/*.woff2, the engine's
coverage), keeping every OpenType layout feature (CoreText applies kerning and ligatures as it draws). Written to
Sources/SDUIDisplay/Resources/Fonts/ with their licences (SIL OFL 1.1).
"""
import os, shutil
from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources/SDUIDisplay/Resources/Fonts")
WEB = os.path.join(ROOT, "Sources/SDUIRender/Resources/fonts")
FACES = [
    ("Inter-Regular.otf", "/usr/share/fonts/opentype/inter/Inter-Regular.otf", "Inter-400.woff2"),
    ("Inter-Medium.otf", "/usr/share/fonts/opentype/inter/Inter-Medium.otf", "Inter-500.woff2"),
    ("Inter-SemiBold.otf", "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", "Inter-600.woff2"),
    ("Inter-Bold.otf", "/usr/share/fonts/opentype/inter/Inter-Bold.otf", "Inter-700.woff2"),
    ("NotoSansHebrew-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf", "NotoSansHebrew-400.woff2"),
    ("NotoSansHebrew-Bold.ttf", "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf", "NotoSansHebrew-700.woff2"),
    ("NotoSansArabic-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", "NotoSansArabic-400.woff2"),
    ("NotoSansArabic-Bold.ttf", "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf", "NotoSansArabic-700.woff2"),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    for target, source, web in FACES:
        unicodes = sorted(TTFont(os.path.join(WEB, web)).getBestCmap().keys())
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
    shutil.copy(os.path.join(WEB, "OFL.txt"), os.path.join(OUT, "OFL-Inter.txt"))
    shutil.copy(os.path.join(WEB, "OFL-Noto.txt"), os.path.join(OUT, "OFL-Noto.txt"))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
