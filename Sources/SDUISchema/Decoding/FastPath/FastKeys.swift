import Foundation

/// Built-in node types as bits, for the types a fast-path key applies to.
struct FastTypes: OptionSet, Hashable, Sendable {
    let rawValue: UInt16
    static let vstack = FastTypes(rawValue: 1 << 0)
    static let hstack = FastTypes(rawValue: 1 << 1)
    static let zstack = FastTypes(rawValue: 1 << 2)
    static let grid = FastTypes(rawValue: 1 << 3)
    static let scroll = FastTypes(rawValue: 1 << 4)
    static let text = FastTypes(rawValue: 1 << 5)
    static let image = FastTypes(rawValue: 1 << 6)
    static let button = FastTypes(rawValue: 1 << 7)
    static let spacer = FastTypes(rawValue: 1 << 8)
    static let divider = FastTypes(rawValue: 1 << 9)
    static let color = FastTypes(rawValue: 1 << 10)
    static let all: FastTypes = [.vstack, .hstack, .zstack, .grid, .scroll, .text, .image, .button, .spacer, .divider, .color]
    static let containers: FastTypes = [.vstack, .hstack, .zstack, .grid, .scroll]

    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The bit of a built-in type (none for a custom one).
    init(_ type: ComponentType) {
        switch type {
        case .vstack: self = .vstack
        case .hstack: self = .hstack
        case .zstack: self = .zstack
        case .grid: self = .grid
        case .scroll: self = .scroll
        case .text: self = .text
        case .image: self = .image
        case .button: self = .button
        case .spacer: self = .spacer
        case .divider: self = .divider
        case .color: self = .color
        // The fast path bails on these (the general path decodes them).
        case .section, .viewThatFits, .flow, .hgrid, .label, .toggle, .textField, .stepper, .picker, .custom: self = []
        }
    }
}

/// Where the fast path puts a node key's value, and so how it reads it (`FastDecoder.decodeMember`).
enum FastSlot: UInt8, CaseIterable, Sendable {
    case id, children
    // Modifiers every node takes.
    case padding, frame, aspectRatio, contentMode, background, cornerRadius, visible, layoutPriority, action, accessibility
    // Type-specific properties.
    case spacing, rowSpacing, columnSpacing, minColumnWidth, minLength, columns, lineLimit
    case horizontalAlignment, verticalAlignment, alignment, axis
    case text, textStyle, buttonStyle, weight, color, url, placeholder, alt, title, flipsForRightToLeftLayoutDirection
    // Text styling and SF Symbols.
    case lineSpacing, strikethrough, underline, monospacedDigit, truncationMode, systemName
    // Fonts.
    case fontFamily, fontSize, italic
}

/// A node key the fast path decodes: its name, the types that take it, and where its value goes.
struct FastKey: Sendable {
    let name: String
    let types: FastTypes
    let slot: FastSlot
    init(_ name: String, _ types: FastTypes, _ slot: FastSlot) { self.name = name; self.types = types; self.slot = slot }
}

/// The node keys the fast path knows, and their lookup by bytes.
///
/// A key that is not here, or is here for other types, makes the fast path bail, and the general path decodes
/// the node (with its warnings and errors): a key the general path learns is correct from the start and merely
/// slower until it is added here. Teaching the fast path a key whose value it already reads (`FastSlot`) is one
/// entry; `FastPathKeyTests` fails when an entry accepts a key on a type the general path does not give it.
enum FastKeys {
    /// Every node key the fast path decodes (`type` is read first, apart).
    static let node: [FastKey] = [
        FastKey("id", .all, .id),
        FastKey("children", .containers, .children),
        FastKey("padding", .all, .padding),
        FastKey("frame", .all, .frame),
        FastKey("aspectRatio", .all, .aspectRatio),
        FastKey("contentMode", .all, .contentMode),
        FastKey("background", .all, .background),
        FastKey("cornerRadius", .all, .cornerRadius),
        FastKey("visible", .all, .visible),
        FastKey("layoutPriority", .all, .layoutPriority),
        FastKey("action", .all, .action),
        FastKey("accessibility", .all, .accessibility),
        FastKey("spacing", [.vstack, .hstack, .grid, .scroll], .spacing),
        FastKey("rowSpacing", .grid, .rowSpacing),
        FastKey("columnSpacing", .grid, .columnSpacing),
        FastKey("minColumnWidth", .grid, .minColumnWidth),
        FastKey("columns", .grid, .columns),
        FastKey("minLength", .spacer, .minLength),
        FastKey("lineLimit", .text, .lineLimit),
        FastKey("alignment", [.vstack, .grid, .text], .horizontalAlignment),
        FastKey("alignment", .hstack, .verticalAlignment),
        FastKey("alignment", .zstack, .alignment),
        FastKey("axis", .scroll, .axis),
        FastKey("text", .text, .text),
        FastKey("style", .text, .textStyle),
        FastKey("style", .button, .buttonStyle),
        FastKey("weight", .text, .weight),
        FastKey("color", [.text, .button, .color], .color),
        FastKey("url", .image, .url),
        FastKey("placeholder", .image, .placeholder),
        FastKey("alt", .image, .alt),
        FastKey("title", .button, .title),
        FastKey("flipsForRightToLeftLayoutDirection", .image, .flipsForRightToLeftLayoutDirection),
        FastKey("lineSpacing", .text, .lineSpacing),
        FastKey("strikethrough", .text, .strikethrough),
        FastKey("underline", .text, .underline),
        FastKey("monospacedDigit", .text, .monospacedDigit),
        FastKey("truncationMode", .text, .truncationMode),
        FastKey("systemName", .image, .systemName),
        FastKey("fontFamily", [.text, .button], .fontFamily),
        FastKey("fontSize", [.text, .button], .fontSize),
        FastKey("italic", [.text, .button], .italic),
    ]

    /// The table: an open-addressing index of the names by `FastWord.hash`, and the slot of each name on each type
    /// (`slots[row × 16 + type bit index]`, nil where the name does not apply to the type). Made once and never
    /// freed, read through pointers: a lookup touches no reference count and checks no array bounds.
    struct Table: @unchecked Sendable {
        struct Entry {
            /// The name's word (`count` 0: an empty entry).
            var word: FastWord
            var row: Int
        }
        /// `indexSize` entries.
        let entries: UnsafeMutablePointer<Entry>
        let names: [[UInt8]]
        /// `names.count × 16` slots.
        let slots: UnsafeMutablePointer<FastSlot?>
    }

    static let indexSize = 128

    /// The key table, made once from `node`.
    static let table: Table = {
        var names: [[UInt8]] = []
        var slots: [FastSlot?] = []
        for key in node {
            let bytes = Array(key.name.utf8)
            var n = names.firstIndex(of: bytes) ?? -1
            if n < 0 {
                n = names.count
                names.append(bytes)
                slots += [FastSlot?](repeating: nil, count: 16)
            }
            for bit in 0..<16 where key.types.contains(FastTypes(rawValue: 1 << UInt16(bit))) {
                slots[n * 16 + bit] = key.slot
            }
        }
        let entries = UnsafeMutablePointer<Table.Entry>.allocate(capacity: indexSize)
        entries.initialize(repeating: Table.Entry(word: FastWord([]), row: 0), count: indexSize)
        for (row, name) in names.enumerated() {
            let word = FastWord(name)
            var h = word.hash & (indexSize - 1)
            while entries[h].word.count != 0 { h = (h + 1) & (indexSize - 1) }
            entries[h] = Table.Entry(word: word, row: row)
        }
        let slotPointer = UnsafeMutablePointer<FastSlot?>.allocate(capacity: slots.count)
        slotPointer.initialize(from: slots, count: slots.count)
        return Table(entries: entries, names: names, slots: slotPointer)
    }()

    /// The slot of the key at `slice` on a node of type `type`, or nil when the fast path does not decode it there.
    @inline(__always)
    static func slot(of slice: FastSlice, in scanner: FastScanner, type: FastTypes) -> FastSlot? {
        slot(of: slice, in: scanner, type: type, table: table)
    }

    /// The slot of the key at `slice` on a node of type `type` in `table` (the decoder keeps the table at hand).
    @inline(__always)
    static func slot(of slice: FastSlice, in scanner: FastScanner, type: FastTypes, table: Table) -> FastSlot? {
        guard slice.count > 0, type.rawValue != 0 else { return nil }
        let word = FastWord(slice, in: scanner)
        guard let row = row(of: word, table: table) else { return nil }
        // Words of more than 16 bytes leave out their middle: compare it.
        if word.count > 16 && !scanner.bytes(slice, equal: table.names[row]) { return nil }
        return table.slots[row &* 16 &+ type.rawValue.trailingZeroBitCount]
    }

    /// The slot of the key whose word (of at most 16 bytes: all its bytes) is `word`, on a node of type `type`.
    @inline(__always)
    static func slot(of word: FastWord, type: FastTypes, table: Table) -> FastSlot? {
        guard word.count > 0, word.count <= 16, type.rawValue != 0, let row = row(of: word, table: table) else { return nil }
        return table.slots[row &* 16 &+ type.rawValue.trailingZeroBitCount]
    }

    /// The row of the name whose word is `word` (for more than 16 bytes: whose first and last eight bytes are).
    @inline(__always)
    private static func row(of word: FastWord, table: Table) -> Int? {
        var h = word.hash & (indexSize - 1)
        while true {
            let entry = table.entries + h
            guard entry.pointee.word.count != 0 else { return nil }
            if entry.pointee.word == word { return entry.pointee.row }
            h = (h + 1) & (indexSize - 1)
        }
    }

    /// The built-in type named by the bytes at `slice`, or nil (a custom type bails, and so do inputs: the general
    /// path decodes their two-way bindings): its name's bytes (eight at most) as one integer
    /// (`FastWord.first`; names never hold a zero byte, so the padding tells lengths apart), switched on.
    /// `FastPathKeyTests` checks it finds every type the fast path decodes.
    @inline(__always)
    static func type(of slice: FastSlice, in scanner: FastScanner) -> ComponentType? {
        guard slice.count <= 8 else { return nil }
        return type(of: FastWord(slice, in: scanner))
    }

    /// The built-in type whose name's word (of at most eight bytes) is `word`, or nil.
    @inline(__always)
    static func type(of word: FastWord) -> ComponentType? {
        switch word.first {
        case 0x6B63_6174_7376: return .vstack  // "vstack"
        case 0x6B63_6174_7368: return .hstack  // "hstack"
        case 0x6B63_6174_737A: return .zstack  // "zstack"
        case 0x6469_7267: return .grid  // "grid"
        case 0x6C6C_6F72_6373: return .scroll  // "scroll"
        case 0x7478_6574: return .text  // "text"
        case 0x65_6761_6D69: return .image  // "image"
        case 0x6E6F_7474_7562: return .button  // "button"
        case 0x7265_6361_7073: return .spacer  // "spacer"
        case 0x72_6564_6976_6964: return .divider  // "divider"
        case 0x72_6F6C_6F63: return .color  // "color"
        default: return nil
        }
    }
}

/// A short byte string as integers, compared without a call: its length, its first eight bytes and its last eight
/// (overlapping the first for 9–15 bytes), zero-padded. Equal words are equal bytes for strings of up to 16 bytes;
/// for longer ones the middle bytes are left out, and the caller compares them.
struct FastWord: Equatable, Sendable {
    let count: Int
    let first: UInt64
    let last: UInt64

    @inline(__always)
    init(count: Int, first: UInt64, last: UInt64) { self.count = count; self.first = first; self.last = last }

    /// The empty word: equal to no name.
    static let none = FastWord(count: 0, first: 0, last: 0)

    init(_ bytes: [UInt8]) {
        count = bytes.count
        var f: UInt64 = 0, l: UInt64 = 0
        for (i, b) in bytes.prefix(8).enumerated() { f |= UInt64(b) << (8 * UInt64(i)) }
        if bytes.count > 8 {
            for (i, b) in bytes.suffix(8).enumerated() { l |= UInt64(b) << (8 * UInt64(i)) }
        }
        first = f; last = l
    }

    /// The word of the input's bytes at `slice` (read within the input, whatever its length).
    @inline(__always)
    init(_ slice: FastSlice, in scanner: FastScanner) { self.init(slice, base: scanner.base, end: scanner.end) }

    /// The word of the bytes at `slice` of an input of `end` bytes at `base` (read within it).
    @inline(__always)
    init(_ slice: FastSlice, base: UnsafePointer<UInt8>, end: Int) {
        count = slice.count
        let p = base + slice.start
        first = Self.load(p, min(slice.count, 8), room: end - slice.start)
        last = slice.count > 8 ? UnsafeRawPointer(p).loadUnaligned(fromByteOffset: slice.count - 8, as: UInt64.self) : 0
    }

    /// `n` ≤ 8 bytes at `p` as a little-endian integer, zero above them; `room` bytes may be read at `p`.
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>, _ n: Int, room: Int) -> UInt64 {
        if n == 0 { return 0 }
        if room >= 8 {
            let x = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            return n == 8 ? x : x & ((1 << UInt64(8 * n)) &- 1)
        }
        var x: UInt64 = 0
        for i in 0..<n { x |= UInt64(p[i]) << (8 * UInt64(i)) }
        return x
    }

    /// A hash for the key table's index.
    @inline(__always)
    var hash: Int { Int(truncatingIfNeeded: (first &* 0x9E37_79B9_7F4A_7C15 ^ last &* 0xBF58_476D_1CE4_E5B9) >> 40) &+ count }
}
