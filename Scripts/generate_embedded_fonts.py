#!/usr/bin/env python3
"""Write Sources/SDUIRender/Generated/EmbeddedFonts.swift: the bundled font files, as the renderer embeds them.

The engine measures text in the font files of Sources/SDUILayout/Resources/Fonts (Inter 400/500/600/700, Noto Sans
Hebrew and Noto Sans Arabic 400/700), and the hosts register those very files. The HTML and SVG pages embed the same
files, compressed to WOFF2 (fontTools; every table kept, so the browser draws exactly those tables), as base64
`data:` URLs: a page is one self-contained file and the `sdui` binary needs no resource bundle at run time. Each
face records the SHA-256 of the file it was made from; `EmbeddedFontsTests` fails when a file no longer matches.
Run from the repository root after the fonts change:

    pip install fonttools brotli
    python3 Scripts/generate_embedded_fonts.py
"""
import base64
import hashlib
import io
import os

from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "Sources/SDUILayout/Resources/Fonts")
OUT = os.path.join(ROOT, "Sources/SDUIRender/Generated/EmbeddedFonts.swift")
# (CSS family, weight, file), in the order the pages list them.
FACES = [
    ("SDUI Inter", 400, "Inter-Regular.otf"), ("SDUI Inter", 500, "Inter-Medium.otf"),
    ("SDUI Inter", 600, "Inter-SemiBold.otf"), ("SDUI Inter", 700, "Inter-Bold.otf"),
    ("SDUI Noto Sans Hebrew", 400, "NotoSansHebrew-Regular.ttf"), ("SDUI Noto Sans Hebrew", 700, "NotoSansHebrew-Bold.ttf"),
    ("SDUI Noto Sans Arabic", 400, "NotoSansArabic-Regular.ttf"), ("SDUI Noto Sans Arabic", 700, "NotoSansArabic-Bold.ttf"),
]


def woff2(path):
    """The WOFF2 encoding of a font file (every table kept)."""
    font = TTFont(path)
    font.flavor = "woff2"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def main():
    lines = [
        "// GENERATED FILE — do not edit by hand.",
        "// Regenerate from the repository root: python3 Scripts/generate_embedded_fonts.py",
        "// Source: Sources/SDUILayout/Resources/Fonts (SIL Open Font License 1.1, see OFL-Inter.txt and OFL-Noto.txt there).",
        "",
        "/// The bundled font files (`BundledFonts`), as the renderer embeds them: each compressed to WOFF2, base64.",
        "enum EmbeddedFonts {",
        "    /// One embedded face.",
        "    struct Face: Sendable {",
        "        /// The CSS family name the pages use.",
        "        var family: String",
        "        /// CSS weight.",
        "        var weight: Int",
        "        /// The bundled file (SDUILayout's Resources/Fonts) the WOFF2 was made from.",
        "        var sourceFile: String",
        "        /// SHA-256 of that file (hex).",
        "        var sourceSHA256: String",
        "        /// The WOFF2 bytes, base64.",
        "        var base64: String",
        "    }",
        "    /// The faces: Inter, then Noto Sans Hebrew, then Noto Sans Arabic, each by ascending weight.",
        "    static let faces: [Face] = [",
    ]
    total = 0
    for family, weight, name in FACES:
        path = os.path.join(FONTS, name)
        digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
        data = woff2(path)
        total += len(data)
        lines.append(f'        Face(family: "{family}", weight: {weight}, sourceFile: "{name}", sourceSHA256: "{digest}",')
        lines.append(f'             base64: "{base64.b64encode(data).decode()}"),')
    lines += ["    ]", "}", ""]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(OUT, ROOT)} ({len(FACES)} faces, {total} bytes of WOFF2)")


if __name__ == "__main__":
    main()
