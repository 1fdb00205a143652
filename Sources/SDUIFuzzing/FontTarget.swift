import SDUILayout

/// The `font` target: any bytes read as a font file, and every face that loads shaped.
///
/// Properties: reading ends in faces or in a `FontFileError` naming the file (never a trap or a hang); a face has
/// a family, a positive unitsPerEm and glyph count; its character map gives glyphs below its glyph count; shaping a
/// fixed text (kerning pairs, ligature candidates, accents, arrows, CJK and emoji it lacks) gives glyphs below the
/// glyph count whose clusters point at the text's characters, in order.
enum FontTarget {
    static let text = "AVATAR Wave To office ffi ﬁ Café crème Łódź → “quoted” 12:30 -> 日本 🙂 \u{301}x"

    static func run(_ bytes: [UInt8]) -> [String] {
        var failures: [String] = []
        let faces: [FontFace]
        do {
            faces = try FontFile.faces(in: bytes, file: "input.ttf")
        } catch {
            if error.file != "input.ttf" || !error.description.hasPrefix("input.ttf: ") {
                failures.append("an error that does not name the file: \(error)")
            }
            return failures
        }
        let scalars = Array(text.unicodeScalars)
        for face in faces {
            if face.family.isEmpty { failures.append("a face without a family") }
            if face.unitsPerEm <= 0 || face.glyphCount <= 0 { failures.append("unitsPerEm \(face.unitsPerEm), \(face.glyphCount) glyphs") }
            for scalar in scalars where face.glyph(for: scalar.value) >= face.glyphCount {
                failures.append("U+\(String(scalar.value, radix: 16)) maps to a glyph past the glyph count")
            }
            var last: Int32 = 0
            for glyph in face.shape(text) {
                if glyph.cluster < last || Int(glyph.cluster) >= scalars.count {
                    failures.append("cluster \(glyph.cluster) after \(last) (of \(scalars.count) characters)")
                    break
                }
                last = glyph.cluster
                if glyph.glyph < 0 || Int(glyph.glyph) > 0xFFFF { failures.append("glyph \(glyph.glyph)") }
            }
        }
        return failures
    }
}
