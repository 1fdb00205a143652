/// The keys a node may carry: the ones every node takes, each built-in type's own keys, and `NodeKey`, the one
/// name of each. "known: …" and "did you mean …?" messages, the typo check and the decoder's dispatch all read
/// these tables.
extension DecodingContext {
    /// Keys every node takes, in the order unknown-property messages list them (`type` and `children` apart).
    static let modifierKeys: [NodeKey] = [.id, .padding, .frame, .aspectRatio, .contentMode, .background, .cornerRadius,
                                          .visible, .layoutPriority, .action, .onAppear, .onDisappear, .accessibility, .lint, .modifiers,
                                          .minimumVersion, .fallback]

    /// The keys every node takes, a custom type's too: `id`, the modifiers, `minimumVersion`, `fallback` and `children`
    /// (containers and custom types).
    static var commonKeys: [String] { modifierKeys.map(\.rawValue) + ["children"] }

    /// Every key a node of `type` takes, in the order messages list them: its own keys, the common ones and, for
    /// a container, `children`. The one list "known: …" and "did you mean …?" are made from, so a key added to
    /// `NodeKey`, `typeKeys(for:)` or `modifierKeys` joins both.
    static func knownKeys(for type: ComponentType) -> [String] {
        (typeKeys(for: type) + modifierKeys).map(\.rawValue) + (type.isContainer ? ["children"] : [])
    }

    /// Type-specific keys of each built-in type, in the order unknown-property messages list them.
    static func keys(for type: ComponentType) -> [String] { typeKeys(for: type).map(\.rawValue) }

    /// Type-specific keys of each built-in type (constants: the decoder reads them for every node).
    static func typeKeys(for type: ComponentType) -> [NodeKey] {
        switch type {
        case .vstack, .hstack: return TypeKeys.stack
        case .zstack: return TypeKeys.zstack
        case .grid: return TypeKeys.grid
        case .scroll: return TypeKeys.scroll
        case .text: return TypeKeys.text
        case .image: return TypeKeys.image
        case .button: return TypeKeys.button
        case .spacer: return TypeKeys.spacer
        case .divider, .custom: return []
        case .color: return TypeKeys.color
        case .section: return TypeKeys.section
        case .viewThatFits: return TypeKeys.viewThatFits
        case .flow: return TypeKeys.flow
        case .hgrid: return TypeKeys.hgrid
        case .label: return TypeKeys.label
        case .toggle: return TypeKeys.toggle
        case .textField: return TypeKeys.textField
        case .stepper: return TypeKeys.stepper
        case .picker: return TypeKeys.picker
        }
    }

    private enum TypeKeys {
        static let stack: [NodeKey] = [.spacing, .alignment]
        static let zstack: [NodeKey] = [.alignment]
        static let grid: [NodeKey] = [.columns, .minColumnWidth, .spacing, .rowSpacing, .columnSpacing, .alignment]
        static let scroll: [NodeKey] = [.axis, .spacing, .pinnedViews]
        /// The font keys every text-bearing node takes (text, label, button, the inputs' label and text).
        static let font: [NodeKey] = [.fontFamily, .fontSize, .italic]
        static let text: [NodeKey] = [.text, .style, .weight, .lineLimit, .alignment, .multilineTextAlignment, .color, .lineSpacing,
                                      .strikethrough, .underline, .monospacedDigit, .truncationMode, .minimumScaleFactor] + font
        static let image: [NodeKey] = [.url, .systemName, .style, .color, .placeholder, .alt, .flipsForRightToLeftLayoutDirection]
        static let section: [NodeKey] = [.header, .footer, .spacing, .alignment]
        static let viewThatFits: [NodeKey] = [.axes]
        static let flow: [NodeKey] = [.spacing, .lineSpacing, .alignment]
        static let hgrid: [NodeKey] = [.rows, .spacing, .rowSpacing, .columnSpacing, .alignment]
        static let label: [NodeKey] = [.title, .systemImage, .style, .weight, .color] + font
        static let button: [NodeKey] = [.title, .style, .color] + font
        static let spacer: [NodeKey] = [.minLength]
        static let color: [NodeKey] = [.color]
        static let toggle: [NodeKey] = [.isOn, .label] + font
        static let textField: [NodeKey] = [.text, .placeholder, .keyboard, .secure, .submitAction] + font
        static let stepper: [NodeKey] = [.value, .range, .step, .label] + font
        static let picker: [NodeKey] = [.selection, .options, .style, .label] + font
    }

    /// A property key a node may have (common or type-specific), named once per property.
    ///
    /// A `switch` over strings compares the key with each case in turn, every failed comparison through the
    /// standard library's out-of-line string comparison; `init?(_:)` instead picks the one candidate by the key's
    /// length and first byte and compares once.
    enum NodeKey: String, CaseIterable {
        case type, id, children, padding, frame, aspectRatio, contentMode, background, cornerRadius, visible,
             layoutPriority, action, onAppear, onDisappear, accessibility, lint, modifiers
        case spacing, rowSpacing, columnSpacing, minColumnWidth, minLength, columns, lineLimit, alignment, axis,
             text, style, weight, color, url, placeholder, alt, title, flipsForRightToLeftLayoutDirection
        case header, footer, pinnedViews, axes, lineSpacing, strikethrough, underline, monospacedDigit, truncationMode,
             minimumScaleFactor, systemImage, systemName, rows, multilineTextAlignment
        case isOn, label, keyboard, secure, submitAction, value, range, step, selection, options
        case fontFamily, fontSize, italic
        case fallback, minimumVersion

        /// Whether every node takes the key (`type` apart): `id`, `children`, the modifiers, `fallback`, …
        var isCommon: Bool {
            switch self {
            case .id, .children, .padding, .frame, .aspectRatio, .contentMode, .background, .cornerRadius, .visible, .layoutPriority, .action,
                 .onAppear, .onDisappear, .accessibility, .lint, .modifiers, .minimumVersion, .fallback:
                return true
            default:
                return false
            }
        }

        /// The key named `name`, or nil when no node takes such a key.
        init?(_ name: String) {
            let utf8 = name.utf8
            guard let first = utf8.first else { return nil }
            let candidate: NodeKey
            switch (utf8.count, first) {
            case (2, UInt8(ascii: "i")): candidate = .id
            case (3, UInt8(ascii: "u")): candidate = .url
            case (3, UInt8(ascii: "a")): candidate = .alt
            case (4, UInt8(ascii: "i")): candidate = .isOn
            case (4, UInt8(ascii: "s")): candidate = .step
            case (4, UInt8(ascii: "t")):
                // The only shared length and first byte: "type" (every node) and "text".
                if name == "type" { self = .type; return }
                candidate = .text
            case (4, UInt8(ascii: "a")):
                // "axis" (scroll) and "axes" (viewThatFits).
                if name == "axes" { self = .axes; return }
                candidate = .axis
            case (4, UInt8(ascii: "r")): candidate = .rows
            case (6, UInt8(ascii: "i")): candidate = .italic
            case (8, UInt8(ascii: "f")):
                // "fontSize" (text-bearing nodes) and "fallback" (any node).
                if name == "fallback" { self = .fallback; return }
                candidate = .fontSize
            case (10, UInt8(ascii: "f")): candidate = .fontFamily
            case (6, UInt8(ascii: "h")): candidate = .header
            case (6, UInt8(ascii: "f")): candidate = .footer
            case (9, UInt8(ascii: "u")): candidate = .underline
            case (10, UInt8(ascii: "s")): candidate = .systemName
            case (11, UInt8(ascii: "l")): candidate = .lineSpacing
            case (11, UInt8(ascii: "s")): candidate = .systemImage
            case (13, UInt8(ascii: "s")): candidate = .strikethrough
            case (14, UInt8(ascii: "t")): candidate = .truncationMode
            case (15, UInt8(ascii: "m")): candidate = .monospacedDigit
            case (18, UInt8(ascii: "m")): candidate = .minimumScaleFactor
            case (22, UInt8(ascii: "m")): candidate = .multilineTextAlignment
            case (4, UInt8(ascii: "l")): candidate = .lint
            case (5, UInt8(ascii: "f")): candidate = .frame
            case (5, UInt8(ascii: "s")): candidate = .style
            case (5, UInt8(ascii: "c")): candidate = .color
            case (5, UInt8(ascii: "t")): candidate = .title
            case (5, UInt8(ascii: "l")): candidate = .label
            case (5, UInt8(ascii: "v")): candidate = .value
            case (5, UInt8(ascii: "r")): candidate = .range
            case (6, UInt8(ascii: "a")): candidate = .action
            case (6, UInt8(ascii: "w")): candidate = .weight
            case (6, UInt8(ascii: "s")): candidate = .secure
            case (7, UInt8(ascii: "p")): candidate = .padding
            case (7, UInt8(ascii: "v")): candidate = .visible
            case (7, UInt8(ascii: "s")): candidate = .spacing
            case (7, UInt8(ascii: "c")): candidate = .columns
            case (7, UInt8(ascii: "o")): candidate = .options
            case (8, UInt8(ascii: "c")): candidate = .children
            case (8, UInt8(ascii: "k")): candidate = .keyboard
            case (8, UInt8(ascii: "o")): candidate = .onAppear
            case (9, UInt8(ascii: "m")):
                // The only other shared length and first byte: "minLength" (spacers) and "modifiers" (any node).
                if name == "modifiers" { self = .modifiers; return }
                candidate = .minLength
            case (9, UInt8(ascii: "l")): candidate = .lineLimit
            case (9, UInt8(ascii: "a")): candidate = .alignment
            case (9, UInt8(ascii: "s")): candidate = .selection
            case (10, UInt8(ascii: "b")): candidate = .background
            case (10, UInt8(ascii: "r")): candidate = .rowSpacing
            case (11, UInt8(ascii: "a")): candidate = .aspectRatio
            case (11, UInt8(ascii: "c")): candidate = .contentMode
            case (11, UInt8(ascii: "p")):
                // "placeholder" (image) and "pinnedViews" (scroll).
                if name == "pinnedViews" { self = .pinnedViews; return }
                candidate = .placeholder
            case (11, UInt8(ascii: "o")): candidate = .onDisappear
            case (12, UInt8(ascii: "c")): candidate = .cornerRadius
            case (12, UInt8(ascii: "s")): candidate = .submitAction
            case (13, UInt8(ascii: "c")): candidate = .columnSpacing
            case (13, UInt8(ascii: "a")): candidate = .accessibility
            case (14, UInt8(ascii: "l")): candidate = .layoutPriority
            case (14, UInt8(ascii: "m")):
                // "minColumnWidth" (grids) and "minimumVersion" (any node).
                if name == "minimumVersion" { self = .minimumVersion; return }
                candidate = .minColumnWidth
            case (34, UInt8(ascii: "f")): candidate = .flipsForRightToLeftLayoutDirection
            default: return nil
            }
            guard name == candidate.rawValue else { return nil }
            self = candidate
        }
    }
}
