import SDUIEnvironment

/// The values an enumeration takes at one place, with their names' bytes (the same lists the general path
/// checks against).
struct FastEnum<E: Sendable>: Sendable {
    let cases: [E]
    let names: [[UInt8]]
    /// The names as words (compared without a call).
    let words: [FastWord]
    /// Made once per list (`FastEnums`), so compiled once for every `E` (not specialised).
    @_semantics("optimize.sil.specialize.generic.never")
    init(_ cases: [E]) where E: RawRepresentable, E.RawValue == String {
        self.cases = cases
        names = cases.map { Array($0.rawValue.utf8) }
        words = names.map(FastWord.init)
    }

    /// The case named by the bytes at `slice`, or nil.
    @inline(__always)
    func match(_ slice: FastSlice, in scanner: FastScanner) -> E? {
        let word = FastWord(slice, in: scanner)
        for i in words.indices where words[i] == word {
            // Words of more than 16 bytes leave out their middle: compare it.
            if word.count > 16 && !scanner.bytes(slice, equal: names[i]) { return nil }
            return cases[i]
        }
        return nil
    }
}

enum FastEnums {
    static let horizontalAlignment = FastEnum(Alignment.horizontal)
    static let verticalAlignment = FastEnum(Alignment.vertical)
    static let alignment = FastEnum(Alignment.allCases)
    static let contentMode = FastEnum(ContentMode.allCases)
    static let axis = FastEnum(Axis.allCases)
    static let textStyle = FastEnum(TextStyle.allCases)
    static let buttonStyle = FastEnum(ButtonStyle.allCases)
    static let weight = FastEnum(FontWeight.allCases)
    static let placeholder = FastEnum(ImagePlaceholder.allCases)
    static let truncationMode = FastEnum(TruncationMode.allCases)
    static let presentation = FastEnum(PresentationStyle.allCases)
    static let accessibilityChildren = FastEnum(AccessibilityChildBehavior.allCases)
    static let accessibilityTrait = FastEnum(AccessibilityTrait.allCases)
}

extension FastDecoder {
    // MARK: Scalars

    /// A number that passes `constraint` (and is finite).
    @inline(__always)
    mutating func number(_ constraint: NumberConstraint) throws(FastPathBail) -> Double {
        let v = try scanner.number()
        guard v.isFinite, constraint.check(v) == nil else { throw FastPathBail() }
        return v
    }

    /// A number that is an integer in `range` (`2.0` is 2, as for the general path).
    @inline(__always)
    mutating func integer(_ range: ClosedRange<Int>) throws(FastPathBail) -> Int {
        let v = try scanner.number()
        guard v.isFinite, v == v.rounded(), let i = Int(exactly: v), range.contains(i) else { throw FastPathBail() }
        return i
    }

    /// One of `allowed`, named exactly (an escaped name bails).
    @inline(__always)
    mutating func enumeration<E>(_ allowed: FastEnum<E>) throws(FastPathBail) -> E {
        let (slice, escaped, _) = try scanner.stringSlice()
        guard !escaped, let value = allowed.match(slice, in: scanner) else { throw FastPathBail() }
        return value
    }

    // MARK: Size-class maps

    /// A scalar, or a `{"compact": …, "regular": …}` map of scalars.
    @inline(__always)
    mutating func responsive<T>(_ scalar: (inout FastDecoder) throws(FastPathBail) -> T) throws(FastPathBail) -> Responsive<T> {
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else { return .fixed(try scalar(&self)) }
        // An object that is not a map is not a scalar either (the general path reports the wrong type).
        guard try scanner.openObject() else { throw FastPathBail() }
        return try sizeClassMap(firstKey: try scanner.key(), scalar)
    }

    /// The rest of a size-class map whose first key (read) is `firstKey`: only `compact` and `regular`, once each.
    /// Compiled once for every `T` (not specialised): maps are rarer than plain values, and a copy per `T` and
    /// `scalar` was code an app carried.
    @_semantics("optimize.sil.specialize.generic.never") @inline(never)
    mutating func sizeClassMap<T>(firstKey: FastSlice, _ scalar: (inout FastDecoder) throws(FastPathBail) -> T) throws(FastPathBail) -> Responsive<T> {
        var compact: T?
        var regular: T?
        var key = firstKey
        while true {
            if scanner.bytes(key, equal: "compact") {
                guard compact == nil else { throw FastPathBail() }
                compact = try scalar(&self)
            } else if scanner.bytes(key, equal: "regular") {
                guard regular == nil else { throw FastPathBail() }
                regular = try scalar(&self)
            } else {
                throw FastPathBail()
            }
            guard try scanner.another(close: UInt8(ascii: "}")) else { break }
            key = try scanner.key()
        }
        return .sizeClass(compact: compact, regular: regular)
    }

    /// Whether `key` is `compact` or `regular` (an object starting with one is a size-class map).
    @inline(__always)
    func isSizeClass(_ key: FastSlice) -> Bool {
        scanner.bytes(key, equal: "compact") || scanner.bytes(key, equal: "regular")
    }

    // MARK: Colors

    /// A color, or a size-class map of colors.
    mutating func responsiveColor() throws(FastPathBail) -> Responsive<Color> {
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else { return .fixed(try color()) }
        guard try scanner.openObject() else { throw FastPathBail() }
        let first = try scanner.key()
        if isSizeClass(first) { return try sizeClassMap(firstKey: first) { d throws(FastPathBail) in try d.color() } }
        return .fixed(try colorPair(firstKey: first))
    }

    /// A color string (`Color(parsing:)`, as the general path parses it) or a `{"light": …, "dark": …}` pair.
    mutating func color() throws(FastPathBail) -> Color {
        scanner.skipWhitespace()
        if scanner.peek == UInt8(ascii: "{") {
            guard try scanner.openObject() else { throw FastPathBail() }
            return try colorPair(firstKey: try scanner.key())
        }
        guard let color = Color(parsing: try scanner.string()) else { throw FastPathBail() }
        return color
    }

    /// The rest of a light/dark pair whose first key (read) is `firstKey`. Its colors are strings (a pair nested
    /// in a pair bails, which keeps the fast path's objects within two levels of their node).
    private mutating func colorPair(firstKey: FastSlice) throws(FastPathBail) -> Color {
        var light: Color?
        var dark: Color?
        var key = firstKey
        while true {
            let isLight = scanner.bytes(key, equal: "light")
            guard isLight || scanner.bytes(key, equal: "dark") else { throw FastPathBail() }
            guard let color = Color(parsing: try scanner.string()), (isLight ? light : dark) == nil else { throw FastPathBail() }
            if isLight { light = color } else { dark = color }
            guard try scanner.another(close: UInt8(ascii: "}")) else { break }
            key = try scanner.key()
        }
        guard let light else { throw FastPathBail() }
        return Color(light: light.light, dark: (dark ?? light).dark)
    }

    // MARK: Padding and frame

    /// A number, a size-class map of numbers (every edge), or an object of edges.
    mutating func padding() throws(FastPathBail) -> Padding {
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else { return Padding(.fixed(try number(.length))) }
        guard try scanner.openObject() else { throw FastPathBail() }
        var key = try scanner.key()
        if isSizeClass(key) { return Padding(try sizeClassMap(firstKey: key) { d throws(FastPathBail) in try d.number(.length) }) }
        var top, leading, bottom, trailing, horizontal, vertical: Responsive<Double>?
        while true {
            @inline(__always) func set(_ edge: inout Responsive<Double>?, _ d: inout FastDecoder) throws(FastPathBail) {
                guard edge == nil else { throw FastPathBail() }
                edge = try d.responsive { d throws(FastPathBail) in try d.number(.length) }
            }
            if scanner.bytes(key, equal: "top") { try set(&top, &self) }
            else if scanner.bytes(key, equal: "leading") { try set(&leading, &self) }
            else if scanner.bytes(key, equal: "bottom") { try set(&bottom, &self) }
            else if scanner.bytes(key, equal: "trailing") { try set(&trailing, &self) }
            else if scanner.bytes(key, equal: "horizontal") { try set(&horizontal, &self) }
            else if scanner.bytes(key, equal: "vertical") { try set(&vertical, &self) }
            else { throw FastPathBail() }
            guard try scanner.another(close: UInt8(ascii: "}")) else { break }
            key = try scanner.key()
        }
        let zero = Responsive<Double>.fixed(0)
        return Padding(top: top ?? vertical ?? zero, leading: leading ?? horizontal ?? zero,
                       bottom: bottom ?? vertical ?? zero, trailing: trailing ?? horizontal ?? zero)
    }

    /// `{"width": …, "height": …, "minWidth": …, "maxWidth": …, "minHeight": …, "maxHeight": …, "alignment": …}`.
    mutating func frame() throws(FastPathBail) -> Frame {
        var frame = Frame()
        guard try scanner.openObject() else { return frame }
        var seen: UInt8 = 0
        repeat {
            let key = try scanner.key()
            let bit: UInt8
            if scanner.bytes(key, equal: "width") {
                bit = 1; frame.width = try responsive { d throws(FastPathBail) in try d.number(.length) }
            } else if scanner.bytes(key, equal: "height") {
                bit = 2; frame.height = try responsive { d throws(FastPathBail) in try d.number(.length) }
            } else if scanner.bytes(key, equal: "minWidth") {
                bit = 4; frame.minWidth = try responsive { d throws(FastPathBail) in try d.number(.length) }
            } else if scanner.bytes(key, equal: "maxWidth") {
                bit = 8; frame.maxWidth = try responsive { d throws(FastPathBail) in try d.dimension() }
            } else if scanner.bytes(key, equal: "minHeight") {
                bit = 16; frame.minHeight = try responsive { d throws(FastPathBail) in try d.number(.length) }
            } else if scanner.bytes(key, equal: "maxHeight") {
                bit = 32; frame.maxHeight = try responsive { d throws(FastPathBail) in try d.dimension() }
            } else if scanner.bytes(key, equal: "alignment") {
                bit = 64; frame.alignment = try responsive { d throws(FastPathBail) in try d.enumeration(FastEnums.alignment) }
            } else {
                throw FastPathBail()
            }
            guard seen & bit == 0 else { throw FastPathBail() }
            seen |= bit
        } while try scanner.another(close: UInt8(ascii: "}"))
        return frame
    }

    /// A number ≥ 0 or `"infinity"`.
    private mutating func dimension() throws(FastPathBail) -> Double {
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "\"") else { return try number(.length) }
        let (slice, escaped, _) = try scanner.stringSlice()
        guard !escaped, scanner.bytes(slice, equal: "infinity") else { throw FastPathBail() }
        return .infinity
    }

    // MARK: Actions

    /// `navigate`, `open`, `present` or `dismiss`, with the keys each takes (another key bails, as do other types).
    mutating func action() throws(FastPathBail) -> Action {
        guard try scanner.openObject() else { throw FastPathBail() }
        var type: FastSlice?
        var screen: String?
        var url: String?
        var style: FastSlice?
        repeat {
            let key = try scanner.key()
            if scanner.bytes(key, equal: "type") {
                guard type == nil else { throw FastPathBail() }
                let (slice, escaped, _) = try scanner.stringSlice()
                guard !escaped else { throw FastPathBail() }
                type = slice
            } else if scanner.bytes(key, equal: "screen") {
                guard screen == nil else { throw FastPathBail() }
                screen = try scanner.string()
            } else if scanner.bytes(key, equal: "url") {
                guard url == nil else { throw FastPathBail() }
                url = try scanner.string()
            } else if scanner.bytes(key, equal: "style") {
                guard style == nil else { throw FastPathBail() }
                let (slice, escaped, _) = try scanner.stringSlice()
                guard !escaped else { throw FastPathBail() }
                style = slice
            } else {
                throw FastPathBail()
            }
        } while try scanner.another(close: UInt8(ascii: "}"))
        guard let type else { throw FastPathBail() }
        // A key the type does not take bails (the general path reports it).
        if scanner.bytes(type, equal: "navigate"), let screen, url == nil, style == nil { return .navigate(screen: screen) }
        if scanner.bytes(type, equal: "open"), let url, screen == nil, style == nil { return .open(url: url) }
        if scanner.bytes(type, equal: "dismiss"), screen == nil, url == nil, style == nil { return .dismiss }
        if scanner.bytes(type, equal: "present"), let screen, url == nil {
            guard let style else { return .present(screen: screen, style: .automatic) }
            let names = FastEnums.presentation.names
            for (i, name) in names.enumerated() where scanner.bytes(style, equal: name) {
                return .present(screen: screen, style: FastEnums.presentation.cases[i])
            }
        }
        throw FastPathBail()
    }

    // MARK: Accessibility

    /// `"accessibility": {…}` with the general path's rules; a repeated or unknown key, an unknown trait or an
    /// empty identifier bails (the general path reports them).
    mutating func accessibility() throws(FastPathBail) -> AccessibilityProperties {
        var properties = AccessibilityProperties()
        guard try scanner.openObject() else { return properties }
        var seen: UInt8 = 0
        repeat {
            let key = try scanner.key()
            let bit: UInt8
            if scanner.bytes(key, equal: "label") {
                bit = 1; properties.label = try responsive { d throws(FastPathBail) in try d.scanner.string() }
            } else if scanner.bytes(key, equal: "hint") {
                bit = 2; properties.hint = try responsive { d throws(FastPathBail) in try d.scanner.string() }
            } else if scanner.bytes(key, equal: "value") {
                bit = 4; properties.value = try responsive { d throws(FastPathBail) in try d.scanner.string() }
            } else if scanner.bytes(key, equal: "identifier") {
                bit = 8
                let identifier = try scanner.string()
                guard !identifier.isEmpty else { throw FastPathBail() }
                properties.identifier = identifier
            } else if scanner.bytes(key, equal: "traits") {
                bit = 16
                if try scanner.openArray() {
                    repeat {
                        let trait = try enumeration(FastEnums.accessibilityTrait)
                        if !properties.traits.contains(trait) { properties.traits.append(trait) }
                    } while try scanner.another(close: UInt8(ascii: "]"))
                }
            } else if scanner.bytes(key, equal: "hidden") {
                bit = 32; properties.hidden = try responsive { d throws(FastPathBail) in try d.scanner.bool() }
            } else if scanner.bytes(key, equal: "sortPriority") {
                bit = 64; properties.sortPriority = try responsive { d throws(FastPathBail) in try d.number(.layoutPriority) }
            } else if scanner.bytes(key, equal: "children") {
                bit = 128; properties.children = try responsive { d throws(FastPathBail) in try d.enumeration(FastEnums.accessibilityChildren) }
            } else {
                throw FastPathBail()
            }
            guard seen & bit == 0 else { throw FastPathBail() }
            seen |= bit
        } while try scanner.another(close: UInt8(ascii: "}"))
        return properties
    }
}
