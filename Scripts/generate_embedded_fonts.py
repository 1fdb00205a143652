#!/usr/bin/env python3
"""Write Sources/SDUIRender/Generated/EmbeddedFonts.swift from the renderer's web fonts.

Inter (Inter-NNN.woff2, every page) and the Hebrew and Arabic faces (NotoSansHebrew-NNN.woff2,
NotoSansArabic-NNN.woff2: embedded only in pages whose text uses those scripts).

The HTML and SVG pages embed the fonts as base64 `data:` URLs so that a page is one self-contained file and
the `sdui` binary needs no resource bundle at run time. Run from the repository root after the fonts change:

    python3 Scripts/generate_embedded_fonts.py [--font-dir Sources/SDUIRender/Resources/fonts]

`EmbeddedFontsTests` fails when the generated file and the woff2 files disagree.
"""
import argparse
import base64
import hashlib
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources/SDUIRender/Generated/EmbeddedFonts.swift")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--font-dir", default=os.path.join(ROOT, "Sources/SDUIRender/Resources/fonts"))
    args = parser.parse_args()
    families = {"Inter": "SDUI Inter", "NotoSansHebrew": "SDUI Noto Sans Hebrew", "NotoSansArabic": "SDUI Noto Sans Arabic"}
    order = list(families)
    faces = []
    for name in os.listdir(args.font_dir):
        m = re.fullmatch(r"(Inter|NotoSansHebrew|NotoSansArabic)-(\d{3})\.woff2", name)
        if not m:
            continue
        data = open(os.path.join(args.font_dir, name), "rb").read()
        faces.append((order.index(m.group(1)), families[m.group(1)], int(m.group(2)), name,
                      hashlib.sha256(data).hexdigest(), base64.b64encode(data).decode()))
    faces.sort()
    if not any(f[1] == "SDUI Inter" for f in faces):
        raise SystemExit(f"no Inter-NNN.woff2 files in {args.font_dir}")
    lines = [
        "// GENERATED FILE — do not edit by hand.",
        "// Regenerate from the repository root: python3 Scripts/generate_embedded_fonts.py",
        "// Source: Sources/SDUIRender/Resources/fonts/*.woff2 (SIL Open Font License 1.1, see OFL.txt and OFL-Noto.txt there).",
        "",
        "/// The web fonts the renderer embeds, one per family and weight, as base64 woff2.",
        "enum EmbeddedFonts {",
        "    /// One embedded face.",
        "    struct Face: Sendable {",
        "        /// The CSS family name the pages use.",
        "        var family: String",
        "        /// CSS weight.",
        "        var weight: Int",
        "        /// File the data came from.",
        "        var fileName: String",
        "        /// SHA-256 of the woff2 bytes (hex).",
        "        var sha256: String",
        "        /// The woff2 bytes, base64.",
        "        var base64: String",
        "    }",
        "    /// The faces: Inter, then Noto Sans Hebrew, then Noto Sans Arabic, each by ascending weight.",
        "    static let faces: [Face] = [",
    ]
    for _, family, weight, name, digest, b64 in faces:
        lines.append(f'        Face(family: "{family}", weight: {weight}, fileName: "{name}", sha256: "{digest}",')
        lines.append(f'             base64: "{b64}"),')
    lines += ["    ]", "}", ""]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(OUT, ROOT)} ({len(faces)} faces)")


if __name__ == "__main__":
    main()
