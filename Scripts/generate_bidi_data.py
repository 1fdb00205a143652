#!/usr/bin/env python3
"""Generate the Unicode Bidirectional Algorithm's character data and its conformance-test subset.

Reads the Unicode Character Database that Debian's `unicode-data` package installs (/usr/share/unicode,
Unicode 15.0) and writes:

  Sources/SDUILayout/Text/BidiData.swift                  Bidi_Class of every code point as sorted ranges
                                                          (UnicodeData.txt, with the @missing defaults of
                                                          DerivedBidiClass.txt), and the paired brackets
                                                          (BidiBrackets.txt)
  Tests/SDUILayoutTests/Fixtures/BidiCharacterTest-subset.txt
                                                          every test of BidiCharacterTest.txt before its
                                                          permutation sections, and every 40th test after
                                                          them (the file is 6.9 MB; the subset keeps each
                                                          section), with the file's own header

Usage (from the repository root):

  apt-get install -y unicode-data
  python3 Scripts/generate_bidi_data.py [--ucd /usr/share/unicode] [--stride 40]
"""

import argparse
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT_OUT = os.path.join(ROOT, "Sources/SDUILayout/Text/BidiData.swift")
TEST_OUT = os.path.join(ROOT, "Tests/SDUILayoutTests/Fixtures/BidiCharacterTest-subset.txt")

# The order of `BidiClass` in Bidi.swift (raw values).
CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
           "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]

# DerivedBidiClass.txt's @missing lines for Unicode 15.0 (unassigned code points in these blocks default to
# the block's class); everything else defaults to L, except noncharacters and default-ignorable code points,
# which default to BN.
MISSING = [
    (0x0590, 0x05FF, "R"), (0x0600, 0x07BF, "AL"), (0x07C0, 0x085F, "R"), (0x0860, 0x08FF, "AL"),
    (0x20A0, 0x20CF, "ET"), (0xFB1D, 0xFB4F, "R"), (0xFB50, 0xFDCF, "AL"), (0xFDF0, 0xFDFF, "AL"),
    (0xFE70, 0xFEFF, "AL"), (0x10800, 0x10CFF, "R"), (0x10D00, 0x10D3F, "AL"), (0x10D40, 0x10EBF, "R"),
    (0x10EC0, 0x10EFF, "AL"), (0x10F00, 0x10F2F, "R"), (0x10F30, 0x10F6F, "AL"), (0x10F70, 0x10FFF, "R"),
    (0x1E800, 0x1EC6F, "R"), (0x1EC70, 0x1ECBF, "AL"), (0x1ECC0, 0x1ECFF, "R"), (0x1ED00, 0x1ED4F, "AL"),
    (0x1ED50, 0x1EDFF, "R"), (0x1EE00, 0x1EEFF, "AL"), (0x1EF00, 0x1EFFF, "R"),
]


def parse_ranges(path, field=1):
    """Yields (first, last, value) from a UCD property file's `XXXX(..YYYY) ; value` lines."""
    for line in open(path, encoding="utf-8"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = [p.strip() for p in line.split(";")]
        span = parts[0].split("..")
        first = int(span[0], 16)
        last = int(span[-1], 16)
        yield first, last, parts[field]


def bidi_classes(ucd):
    classes = ["L"] * 0x110000
    for first, last, value in MISSING:
        for cp in range(first, last + 1):
            classes[cp] = value
    for first, last, value in parse_ranges(os.path.join(ucd, "DerivedCoreProperties.txt")):
        if value == "Default_Ignorable_Code_Point":
            for cp in range(first, last + 1):
                classes[cp] = "BN"
    for cp in range(0x110000):
        if (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF:
            classes[cp] = "BN"
    assigned = [False] * 0x110000
    pending = None
    for line in open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8"):
        fields = line.split(";")
        cp = int(fields[0], 16)
        name, bidi = fields[1], fields[4]
        if name.endswith(", First>"):
            pending = cp
            continue
        first = pending if name.endswith(", Last>") else cp
        pending = None
        for c in range(first, cp + 1):
            classes[c] = bidi
            assigned[c] = True
    return classes


def ranges_of(classes):
    starts, values = [], []
    for cp, value in enumerate(classes):
        if not values or values[-1] != value:
            starts.append(cp)
            values.append(value)
    return starts, values


def brackets(ucd):
    pairs = []
    for line in open(os.path.join(ucd, "BidiBrackets.txt"), encoding="utf-8"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        a, b, kind = [p.strip() for p in line.split(";")]
        if kind == "o":
            pairs.append((int(a, 16), int(b, 16)))
    return sorted(pairs)


def swift_array(name, type_name, values, per_line, fmt):
    out = [f"    static let {name}: [{type_name}] = ["]
    for i in range(0, len(values), per_line):
        out.append("        " + ", ".join(fmt(v) for v in values[i:i + per_line]) + ",")
    out.append("    ]")
    return out


def write_swift(ucd):
    classes = bidi_classes(ucd)
    starts, values = ranges_of(classes)
    pairs = brackets(ucd)
    version = open(os.path.join(ucd, "ReadMe.txt"), encoding="utf-8").read()
    lines = [
        "// GENERATED FILE — do not edit by hand.",
        "// Regenerate from the repository root: python3 Scripts/generate_bidi_data.py",
        "// Source: the Unicode Character Database 15.0 (Debian's unicode-data): UnicodeData.txt with the",
        "// @missing defaults of DerivedBidiClass.txt, DerivedCoreProperties.txt (default ignorables) and BidiBrackets.txt.",
        "// © Unicode, Inc.; used under the Unicode License (https://www.unicode.org/license.txt).",
        "",
        "/// Bidi_Class and Bidi_Paired_Bracket data for `BidiClass` (UAX #9).",
        "enum BidiData {",
        f"    /// The first code point of each run of code points with one Bidi_Class ({len(starts)} runs), ascending.",
    ]
    lines += swift_array("rangeStarts", "UInt32", starts, 10, lambda v: f"0x{v:X}")
    lines.append("    /// The class (`BidiClass.rawValue`) of each run in `rangeStarts`.")
    lines += swift_array("rangeClasses", "UInt8", [CLASSES.index(v) for v in values], 24, str)
    lines.append(f"    /// Opening brackets (Bidi_Paired_Bracket_Type Open), ascending ({len(pairs)}).")
    lines += swift_array("openingBrackets", "UInt32", [a for a, _ in pairs], 10, lambda v: f"0x{v:X}")
    lines.append("    /// The closing bracket paired with each of `openingBrackets`.")
    lines += swift_array("closingBrackets", "UInt32", [b for _, b in pairs], 10, lambda v: f"0x{v:X}")
    lines += ["}", ""]
    with open(SWIFT_OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(SWIFT_OUT, ROOT)} ({len(starts)} class runs, {len(pairs)} bracket pairs)")


def write_tests(ucd, stride):
    """Every test before the permutation sections, every `stride`th after them, and every comment line."""
    kept, total, tests = [], 0, 0
    in_permutations = False
    index = 0
    for line in open(os.path.join(ucd, "BidiCharacterTest.txt"), encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#") or not line.strip():
            in_permutations = in_permutations or "Permutations of sequences" in line
            kept.append(line)
            continue
        total += 1
        if not in_permutations or index % stride == 0:
            kept.append(line)
            tests += 1
        if in_permutations:
            index += 1
    intro = [
        "# A subset of BidiCharacterTest-15.0.0.txt (Unicode Character Database 15.0, Debian's unicode-data),",
        f"# made by Scripts/generate_bidi_data.py: every test before the permutation sections and every {stride}th",
        f"# test after them, {tests} of {total}. The file's own header and comments follow; the format is unchanged.",
        "# © Unicode, Inc.; used under the Unicode License (https://www.unicode.org/license.txt).",
        "#",
    ]
    with open(TEST_OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(intro + kept) + "\n")
    print(f"wrote {os.path.relpath(TEST_OUT, ROOT)} ({tests} of {total} tests)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ucd", default="/usr/share/unicode")
    parser.add_argument("--stride", type=int, default=40)
    args = parser.parse_args()
    if not os.path.exists(os.path.join(args.ucd, "UnicodeData.txt")):
        raise SystemExit(f"{args.ucd}/UnicodeData.txt not found: apt-get install -y unicode-data")
    write_swift(args.ucd)
    write_tests(args.ucd, args.stride)


if __name__ == "__main__":
    main()
