#!/usr/bin/env python3
"""Write Sources/SDUIRender/BuiltInExamples.swift from Examples/storefront.json.

`sdui preview` without a FILE previews the storefront example; the binary carries a copy so it works without
the source tree. Run from the repository root after the example changes:

    python3 Scripts/generate_builtin_examples.py

`BuiltInExamplesTests` fails when the copy and Examples/storefront.json differ.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources/SDUIRender/BuiltInExamples.swift")
EXAMPLES = [("storefront", "Examples/storefront.json")]


def main():
    lines = [
        "// GENERATED FILE — do not edit by hand.",
        "// Regenerate from the repository root: python3 Scripts/generate_builtin_examples.py",
        "",
        "/// Example payloads compiled into the library, so `sdui preview` works without the source tree.",
        "public enum BuiltInExamples {",
    ]
    for name, path in EXAMPLES:
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        # A raw string's delimiter needs more #s than any `"#…` in the text (hex colours are "#RRGGBB").
        hashes = "#"
        while '"' + hashes in text:
            hashes += "#"
        lines += [
            f"    /// The JSON of `{path}`, byte for byte (without its final newline).",
            f'    public static let {name}JSON = {hashes}"""',
            text.rstrip("\n"),
            '"""' + hashes,
        ]
    lines += ["}", ""]
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
