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
        case .toggle, .textField, .stepper, .picker, .custom: self = []
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
    ]

    /// The built-in types by name (a custom type bails, and so do inputs: the general path decodes their
    /// two-way bindings).
    static let types: [(name: [UInt8], type: ComponentType)] = ComponentType.builtIn.filter { !FastTypes($0).isEmpty }.map { (Array($0.rawValue.utf8), $0) }

    /// A name's bytes and the (types, slot) entries of that name.
    struct Name: Sendable {
        let bytes: [UInt8]
        var entries: [(types: FastTypes, slot: FastSlot)]
    }

    /// The table's names, and an open-addressing index of them by `hash` (0: empty, else name index + 1).
    static let table: (names: [Name], index: [UInt8]) = {
        var names: [Name] = []
        for key in node {
            let bytes = Array(key.name.utf8)
            if let i = names.firstIndex(where: { $0.bytes == bytes }) {
                names[i].entries.append((key.types, key.slot))
            } else {
                names.append(Name(bytes: bytes, entries: [(key.types, key.slot)]))
            }
        }
        var index = [UInt8](repeating: 0, count: indexSize)
        for (i, name) in names.enumerated() {
            var h = hash(count: name.bytes.count, first: name.bytes[0], last: name.bytes[name.bytes.count - 1])
            while index[h] != 0 { h = (h + 1) & (indexSize - 1) }
            index[h] = UInt8(i + 1)
        }
        return (names, index)
    }()

    static let indexSize = 128

    @inline(__always)
    static func hash(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 37 &+ Int(first) &* 5 &+ Int(last)) & (indexSize - 1)
    }

    /// The slot of the key at `slice` on a node of type `type`, or nil when the fast path does not decode it there.
    @inline(__always)
    static func slot(of slice: FastSlice, in scanner: FastScanner, type: FastTypes) -> FastSlot? {
        guard slice.count > 0 else { return nil }
        let base = scanner.base + slice.start
        let (names, index) = table
        var h = hash(count: slice.count, first: base[0], last: base[slice.count - 1])
        while true {
            let entry = Int(index[h])
            guard entry != 0 else { return nil }
            let name = names[entry - 1]
            if name.bytes.count == slice.count, name.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base, slice.count) == 0 }) {
                for e in name.entries where e.types.contains(type) { return e.slot }
                return nil
            }
            h = (h + 1) & (indexSize - 1)
        }
    }

    /// The built-in type named by the bytes at `slice`, or nil.
    @inline(__always)
    static func type(of slice: FastSlice, in scanner: FastScanner) -> ComponentType? {
        for entry in types where scanner.bytes(slice, equal: entry.name) { return entry.type }
        return nil
    }
}
