#!/usr/bin/env python3
"""Generate the Unicode data the font shaper needs: canonical decompositions and joining types.

Reads the Unicode Character Database that Debian's `unicode-data` package installs (/usr/share/unicode,
Unicode 15.0, the same version as BidiData.swift) and writes

  Sources/SDUILayout/Text/Fonts/ShapingData.swift
      - every canonical decomposition (UnicodeData.txt field 5 without a <tag>; Hangul syllables are computed),
        as (composite, first, second) with second 0 for a singleton, sorted by composite;
      - the pairs that compose again (not Full_Composition_Exclusion, DerivedNormalizationProps.txt), sorted by
        (first, second) — what the shaper composes a base and a mark into when the font has the composite, as
        HarfBuzz's normaliser does;
      - Joining_Type (ArabicShaping.txt) as sorted ranges; code points not listed join as their general category
        says (Mn, Me, Cf transparent, others non-joining), which the shaper asks Swift for.

Usage (from the repository root):

  apt-get install -y unicode-data
  python3 Scripts/generate_shaping_data.py [--ucd /usr/share/unicode]
"""

import argparse
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT_OUT = os.path.join(ROOT, "Sources/SDUILayout/Text/Fonts/ShapingData.swift")

# The raw values of `JoiningType` in ArabicJoining.swift.
JOINING = {"U": 0, "R": 1, "D": 2, "L": 3, "C": 4, "T": 5}


def unicode_data(ucd):
    """Yields (code point, general category, decomposition field) from UnicodeData.txt (ranges expanded where needed)."""
    for line in open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8"):
        fields = line.rstrip("\n").split(";")
        yield int(fields[0], 16), fields[2], fields[5]


def exclusions(ucd):
    excluded = set()
    for line in open(os.path.join(ucd, "DerivedNormalizationProps.txt"), encoding="utf-8"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = [p.strip() for p in line.split(";")]
        if parts[1] != "Full_Composition_Exclusion":
            continue
        span = parts[0].split("..")
        for cp in range(int(span[0], 16), int(span[-1], 16) + 1):
            excluded.add(cp)
    return excluded


def joining_types(ucd):
    types = {}
    for line in open(os.path.join(ucd, "ArabicShaping.txt"), encoding="utf-8"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = [p.strip() for p in line.split(";")]
        types[int(parts[0], 16)] = parts[2]
    ranges = []
    for cp in sorted(types):
        t = types[cp]
        if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == t:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp, t])
    return ranges


def rows(values, per_line):
    out = []
    for i in range(0, len(values), per_line):
        out.append("        " + ", ".join(values[i:i + per_line]) + ",")
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ucd", default="/usr/share/unicode")
    args = parser.parse_args()
    excluded = exclusions(args.ucd)
    decompositions = []
    for cp, _, field in unicode_data(args.ucd):
        if not field or field.startswith("<"):
            continue
        parts = [int(p, 16) for p in field.split()]
        first, second = parts[0], parts[1] if len(parts) > 1 else 0
        decompositions.append((cp, first, second))
    decompositions.sort()
    compositions = sorted((first, second, cp) for cp, first, second in decompositions
                          if second != 0 and cp not in excluded)
    joining = joining_types(args.ucd)

    lines = [
        "// GENERATED FILE — do not edit by hand.",
        "// Regenerate from the repository root: python3 Scripts/generate_shaping_data.py",
        "// Source: the Unicode Character Database 15.0 (Debian's unicode-data): UnicodeData.txt (canonical",
        "// decompositions), DerivedNormalizationProps.txt (Full_Composition_Exclusion) and ArabicShaping.txt.",
        "// © Unicode, Inc.; used under the Unicode License (https://www.unicode.org/license.txt).",
        "",
        "/// Unicode data for `FontShaper`: canonical decompositions and compositions, and Arabic joining types.",
        "enum ShapingData {",
        f"    /// Every canonical decomposition ({len(decompositions)}) as (composite, first, second), sorted by",
        "    /// composite; second is 0 for a singleton. Hangul syllables are decomposed arithmetically.",
        "    static let decompositions: [UInt32] = [",
    ]
    lines += rows([f"0x{c:X}, 0x{a:X}, 0x{b:X}" for c, a, b in decompositions], 4)
    lines += [
        "    ]",
        "",
        f"    /// The {len(compositions)} pairs that compose (not excluded), as (first, second, composite), sorted by",
        "    /// (first, second).",
        "    static let compositions: [UInt32] = [",
    ]
    lines += rows([f"0x{a:X}, 0x{b:X}, 0x{c:X}" for a, b, c in compositions], 4)
    lines += [
        "    ]",
        "",
        f"    /// Joining_Type of the code points ArabicShaping.txt lists, as {len(joining)} ranges (first, last, `JoiningType` raw value), ascending.",
        "    static let joiningRanges: [UInt32] = [",
    ]
    lines += rows([f"0x{a:X}, 0x{b:X}, {JOINING[t]}" for a, b, t in joining], 5)
    lines += ["    ]", "}", ""]
    with open(SWIFT_OUT, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))
    print(f"wrote {SWIFT_OUT}: {len(decompositions)} decompositions, {len(compositions)} compositions, "
          f"{len(joining)} joining ranges")


if __name__ == "__main__":
    main()
