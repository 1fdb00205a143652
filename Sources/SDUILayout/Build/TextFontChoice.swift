import SDUIEnvironment
import SDUISchema

/// What a text-bearing node's `fontFamily`, `fontSize` and `italic` ask for, with the face the build picked for
/// them from the engine's fonts.
///
/// - The face: CSS Fonts 4 matching in the family (`FontCollection.face(family:weight:isItalic:)`), at the node's
///   `weight` or regular — a named family is SwiftUI's `Font.custom`, whose weight is the face's unless
///   `fontWeight(_:)` says otherwise (the text style's own weight, a headline's semibold, is not applied). A family
///   the engine was not given measures in the built-in face at that weight (`font-not-found`, unless the family is
///   a built-in one: Inter, Noto Sans Hebrew, Noto Sans Arabic — then the built-in face is the face asked for).
/// - The size: `fontSize` at Large, scaled at other Dynamic Type sizes by the ratio of the text style's sizes
///   (`UIFontMetrics(forTextStyle:).scaledValue(for:)` follows a curve of its own that Apple does not publish:
///   docs/text.md, "Faces read from font files").
/// - The line height: the face's (CoreText's ascent + descent + leading at the size); for the built-in face at a
///   size of the payload's, the style's line height scaled with the size.
struct TextFontChoice {
    /// The face picked (nil: the built-in face).
    var face: FontFace?
    /// The payload names a family (found or not).
    var namesFamily = false
    /// `fontSize`: points at Large (NaN: the style's size).
    var size = Double.nan
    /// `italic`.
    var isItalic = false

    /// No font keys: the text style's font.
    static let none = TextFontChoice()

    /// Whether the text style alone sets the font (no family, size or italic).
    var isDefault: Bool { !namesFamily && size.isNaN && !isItalic }

    /// Size, line height (without `lineSpacing`) and CSS weight for `style`, whose Dynamic Type metrics at the
    /// layout's size are `metrics`; `fixedWeight` is the payload's `weight`.
    func resolve(style: TextStyle, metrics: TextStyleMetrics, fixedWeight: FontWeight?) -> (size: Double, lineHeight: Double, weight: Int) {
        var fontSize = metrics.size, lineHeight = metrics.lineHeight
        if !size.isNaN {
            let large = DynamicTypeTable.metrics(style, .large).size
            fontSize = large > 0 ? size * metrics.size / large : size
            lineHeight = metrics.size > 0 ? metrics.lineHeight * fontSize / metrics.size : lineHeight
        }
        if let face { lineHeight = face.lineHeight(size: fontSize) }
        let weight = fixedWeight ?? (namesFamily ? .regular : metrics.weight)
        return (fontSize, lineHeight, weight.cssWeight)
    }
}

extension TreeBuilder {
    /// The font choice of a text-bearing node whose geometry record is `g` (`.none` without font keys), for the text
    /// run about to be appended to `tree`; a family `fonts` does not have is noted for `font-not-found`
    /// (`reportFontMisses`).
    @inline(__always)
    func fontChoice(_ g: UnsafePointer<GeometryProperties>, fixedWeight: FontWeight?, into tree: inout LayoutTree) -> TextFontChoice {
        let family = g.pointee.fontFamily
        if family == nil && g.pointee.fontSize.isNaN && !g.pointee.isItalic { return .none }
        return makeFontChoice(family: family, size: g.pointee.fontSize, isItalic: g.pointee.isItalic, fixedWeight: fixedWeight,
                              into: &tree)
    }

    @inline(never)
    private func makeFontChoice(family: String?, size: Double, isItalic: Bool, fixedWeight: FontWeight?,
                                into tree: inout LayoutTree) -> TextFontChoice {
        var choice = TextFontChoice(face: nil, namesFamily: family != nil, size: size, isItalic: isItalic)
        guard let family else { return choice }
        tree.usesFontFamilies = true
        let weight = (fixedWeight ?? .regular).cssWeight
        if let memo = tree.fontMatches.first(where: { $0.weight == weight && $0.isItalic == isItalic && $0.family == family }) {
            choice.face = memo.face
        } else {
            choice.face = fonts.face(family: family, weight: weight, isItalic: isItalic)
            // (Bounded: a payload of many families matches the rest each time.)
            if tree.fontMatches.count < 16 { tree.fontMatches.append((family, weight, isItalic, choice.face)) }
        }
        if let face = choice.face {
            if face.weight != weight || face.isItalic != isItalic || face.isVariable {
                tree.fontSubstitutions.append((text: Int32(tree.texts.count), face: face, weight: weight, isItalic: isItalic))
            }
        } else if !BundledFonts.hasFamily(family) {
            tree.fontMisses.append((text: Int32(tree.texts.count), family: family))
        }
        return choice
    }

    /// Turns the text runs whose family the fonts lack into `font-not-found` warnings, each with its node's JSON
    /// Pointer (`…/fontFamily`), once the nodes they belong to are in the tree.
    ///
    /// Also reports, as `font-face-substituted` (info), the runs measured in a face of another weight or style than
    /// they ask for (the family has no such face: CSS font matching took the nearest, and nothing is synthesised), and
    /// those set in a variable font, which is measured and drawn at its default instance.
    func reportFontMisses(_ tree: inout LayoutTree) {
        guard !tree.fontMisses.isEmpty || !tree.fontSubstitutions.isEmpty else { return }
        let misses = tree.fontMisses, substitutions = tree.fontSubstitutions
        tree.fontMisses.removeAll()
        tree.fontSubstitutions.removeAll()
        var nodeOfText: [Int32: Int32] = [:]
        for i in 0..<tree.nodes.count where tree.nodes[i].textIndex >= 0 { nodeOfText[tree.nodes[i].textIndex] = Int32(i) }
        for s in substitutions {
            guard let node = nodeOfText[s.text], !tree.nodes[Int(node)].isHidden else { continue }
            let name = tree.diagnosticName(node)
            let asked = "weight \(s.weight)\(s.isItalic ? " italic" : "")"
            let got = "\(s.face.family) \(s.face.styleName) (weight \(s.face.weight)\(s.face.isItalic ? ", italic" : ""))"
            let message = s.face.isVariable && s.face.weight == s.weight && s.face.isItalic == s.isItalic
                ? "\(got) is a variable font: measured and drawn at its default instance (named instances are not read)"
                : "\(asked) asked; drawn in \(got), the nearest face the fonts have (no bold or italic is synthesised)"
                    + (s.face.isVariable ? "; a variable font, at its default instance" : "")
            tree.report(LayoutDiagnostic(severity: .info, code: "font-face-substituted", path: name.id,
                                         pointer: name.pointer + "/fontFamily", message: message),
                        about: node, pointerSuffix: "/fontFamily", reportedLast: true)
        }
        let known = fonts.families
        for miss in misses {
            guard let node = nodeOfText[miss.text], !tree.nodes[Int(node)].isHidden else { continue }
            let name = tree.diagnosticName(node)
            let hint = Spelling.closest(to: miss.family, among: known + BundledFonts.families).map { " (did you mean \"\($0)\"?)" } ?? ""
            let given = known.isEmpty ? "no font files were given (sdui --font FILE, --font-dir DIR; LayoutEngine(fonts:))"
                : "the fonts given have " + known.map { "\"\($0)\"" }.joined(separator: ", ")
            tree.report(LayoutDiagnostic(
                severity: .warning, code: "font-not-found", path: name.id, pointer: name.pointer + "/fontFamily",
                message: "font family \"\(miss.family)\" not found\(hint); measured and drawn in the built-in face; \(given)"),
                        about: node, pointerSuffix: "/fontFamily", reportedLast: true)
        }
    }
}
