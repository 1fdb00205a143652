// The faces a layout may use, and CSS font matching among them.

/// The font faces a layout can use: a value, given to the engine, safe to share across threads.
///
/// A payload names a family (`fontFamily`), a weight and whether it is italic; `face(family:weight:isItalic:)`
/// picks the face the way a browser does (CSS Fonts 4 §5.2: width nearest normal, then style, then weight), so
/// the page the renderer writes draws the face the engine measured. Faces added later come first among equals,
/// so an app's own copy of a family overrides a built-in one.
///
/// Two collections are equal when they hold the same faces (the same objects) in the same order.
public struct FontCollection: Sendable, Equatable {
    /// Every face, in the order added.
    public private(set) var faces: [FontFace]

    /// A collection of `faces`.
    public init(faces: [FontFace] = []) {
        self.faces = faces
    }

    /// Adds a face.
    public mutating func add(_ face: FontFace) {
        faces.append(face)
    }

    /// Reads a font file's bytes and adds every face in it.
    /// - Parameters:
    ///   - data: A `.ttf`, `.otf` or `.ttc` file's bytes.
    ///   - file: Its name for errors and diagnostics.
    /// - Returns: The faces added.
    /// - Throws: `FontFileError` (nothing is added then).
    @discardableResult
    public mutating func addFaces(from data: [UInt8], file: String) throws(FontFileError) -> [FontFace] {
        let read = try FontFile.faces(in: data, file: file)
        faces += read
        return read
    }

    /// The families, each once, in the order first added.
    public var families: [String] {
        var seen = Set<String>()
        return faces.compactMap { seen.insert($0.family.lowercased()).inserted ? $0.family : nil }
    }

    /// Whether a family (compared case-insensitively, as CSS does) has a face here.
    public func contains(family: String) -> Bool {
        faces.contains { Self.sameFamily($0.family, family) }
    }

    /// The face CSS font matching picks for a family, weight and style, or nil when the family has no face.
    ///
    /// CSS Fonts 4 §5.2: among the family's faces, the width class nearest normal (narrower first); then the
    /// requested style (an italic request takes an italic or oblique face, else an upright one; an upright request
    /// the reverse); then the weight — for 400…500 the weights from it up to 500, then lighter descending, then
    /// heavier ascending; below 400 lighter descending, then heavier; above 500 heavier ascending, then lighter.
    public func face(family: String, weight: Int, isItalic: Bool) -> FontFace? {
        var candidates = faces.indices.filter { Self.sameFamily(faces[$0].family, family) }
        guard !candidates.isEmpty else { return nil }
        func widthRank(_ width: Int) -> Int { width <= 5 ? 5 - width : width }  // normal, narrower, then wider
        let bestWidth = candidates.map { widthRank(faces[$0].widthClass) }.min()!
        candidates = candidates.filter { widthRank(faces[$0].widthClass) == bestWidth }
        if candidates.contains(where: { faces[$0].isItalic == isItalic }) {
            candidates = candidates.filter { faces[$0].isItalic == isItalic }
        }
        let weights = Array(Set(candidates.map { faces[$0].weight })).sorted()
        let chosen = weights[Self.weightIndex(forCSSWeight: weight, available: weights)]
        // The last added face of that weight: an app's copy overrides a built-in one.
        return candidates.last { faces[$0].weight == chosen }.map { faces[$0] }
    }

    /// The weight CSS font matching picks for `weight` among a family's `available` weights (any order; not empty).
    public static func matchingWeight(_ weight: Int, among available: [Int]) -> Int {
        let sorted = Array(Set(available)).sorted()
        return sorted[weightIndex(forCSSWeight: weight, available: sorted)]
    }

    /// Index into `available` (ascending CSS weights of one family) of the weight CSS font matching picks.
    static func weightIndex(forCSSWeight weight: Int, available: [Int]) -> Int {
        let desired = min(1000, max(1, weight))
        let up = available.filter { $0 >= desired }, down = available.filter { $0 < desired }.reversed()
        let order: [Int]
        if desired >= 400 && desired <= 500 {
            order = up.filter { $0 <= 500 } + down + up.filter { $0 > 500 }
        } else if desired < 400 {
            order = available.filter { $0 <= desired }.reversed() + available.filter { $0 > desired }
        } else {
            order = up + down
        }
        return available.firstIndex(of: order[0]) ?? 0
    }

    public static func == (a: FontCollection, b: FontCollection) -> Bool {
        a.faces.count == b.faces.count && zip(a.faces, b.faces).allSatisfy { $0 === $1 }
    }

    /// CSS compares family names case-insensitively (ASCII).
    static func sameFamily(_ a: String, _ b: String) -> Bool {
        a.count == b.count && a.lowercased() == b.lowercased()
    }
}
