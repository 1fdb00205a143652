import Foundation
public import SDUILayout

// The faces read from font files (`fontFamily`) in rendered pages: each embedded whole under a family name of its
// own, and drawn with the features the engine measured with (kerning, ligatures and contextual alternates on).

extension PageStyle {
    /// The faces read from font files the text of `layouts` is set in, each once, in the order first used.
    public static func loadedFaces(for layouts: [LayoutResult]) -> [FontFace] {
        var seen = Set<ObjectIdentifier>()
        var faces: [FontFace] = []
        for layout in layouts {
            for node in layout.nodes {
                guard let face = node.text?.face, seen.insert(ObjectIdentifier(face)).inserted else { continue }
                faces.append(face)
            }
        }
        return faces
    }

    /// The family a page draws a loaded face with: `SDUI ` and the face's PostScript name (its family and style
    /// when it has none), so that the browser takes exactly this face — no other copy of the family, no font
    /// matching among the family's faces — with no synthesised bold or italic.
    public static func cssFamily(of face: FontFace) -> String {
        let name = face.postScriptName.isEmpty ? face.family + " " + face.styleName : face.postScriptName
        // A CSS string: quotes and backslashes (and anything that is not printable ASCII) left out.
        return "SDUI " + String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }))
    }

    /// The `@font-face` rule of a loaded face: the face's own weight and style, the whole file as a base64 `data:`
    /// URL (a collection's face as a file of its own, `FontFace.fileData`).
    static func fontFaceRule(_ face: FontFace) -> String {
        let isOpenType = face.hasPostScriptOutlines
        return "@font-face{font-family:\"" + cssFamily(of: face) + "\";font-style:" + (face.isItalic ? "italic" : "normal")
            + ";font-weight:" + String(face.weight) + ";font-display:block;src:url(data:font/" + (isOpenType ? "otf" : "ttf")
            + ";base64," + Data(face.fileData).base64EncodedString() + ") format(\"" + (isOpenType ? "opentype" : "truetype") + "\")}\n"
    }

    /// The `@font-face` rules of `faces` (none for `.omitted`), the faces with the same CSS family once.
    public static func fontFaceRules(_ faces: [FontFace], fonts: FontEmbedding) -> String {
        guard fonts == .embedded else { return "" }
        var written = Set<String>()
        return faces.filter { written.insert(cssFamily(of: $0)).inserted }.map(fontFaceRule).joined()
    }

    /// What the font gate waits for, for each loaded face (`document.fonts.load` descriptors).
    static func fontGateDescriptors(_ faces: [FontFace]) -> [String] {
        faces.map { "'" + ($0.isItalic ? "italic " : "") + String($0.weight) + " 16px \"" + cssFamily(of: $0) + "\"'" }
    }

    /// The inline CSS of a text set in a loaded face: the face first (the built-in families after it, for characters
    /// it lacks, as the engine measures them), at the face's own weight and style, with the features on that the
    /// engine shapes with — HarfBuzz's defaults, which Chromium applies (docs/text.md).
    static func loadedFaceStyle(_ face: FontFace) -> String {
        "font-family:\"" + cssFamily(of: face) + "\"," + fontFamily + ";font-weight:" + String(face.weight)
            + ";font-style:" + (face.isItalic ? "italic" : "normal") + ";" + shapedFeatures
    }

    /// Kerning, standard and contextual ligatures and contextual alternates on, as every face is measured (the
    /// browser's defaults, stated so that no inherited style can switch them off).
    static let shapedFeatures = "font-kerning:normal;font-variant-ligatures:normal;font-feature-settings:normal"
}
