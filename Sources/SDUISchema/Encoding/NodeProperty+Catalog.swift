import SDUIEnvironment

extension NodeProperty {
    // MARK: Shared property constructors

    static func spacing(_ description: String) -> NodeProperty {
        NodeProperty("spacing", "responsiveLength", description) { $0.spacing?.jsonValue }
    }
    static func alignment(_ definition: String, _ description: String) -> NodeProperty {
        NodeProperty("alignment", definition, description) { $0.alignment?.jsonValue }
    }
    static func color(_ description: String) -> NodeProperty {
        NodeProperty("color", "responsiveColor", description) { $0.color?.jsonValue }
    }

    /// The type-specific keys of a built-in type, in canonical order (empty for custom types).
    package static func typeProperties(of type: ComponentType) -> [NodeProperty] {
        switch type {
        case .vstack:
            return [spacing("Space between adjacent children in points (≥ 0). Default: 8, SwiftUI's standard spacing."),
                    alignment("responsiveHorizontalAlignment", "Horizontal alignment of children narrower than the stack. Default: center.")]
        case .hstack:
            return [spacing("Space between adjacent children in points (≥ 0). Default: 8, SwiftUI's standard spacing."),
                    alignment("responsiveVerticalAlignment", "Vertical alignment of children shorter than the stack. Default: center.")]
        case .zstack:
            return [alignment("responsiveAlignment", "Where children smaller than the stack sit. Default: center.")]
        case .grid:
            return [
                NodeProperty("columns", "gridColumns", "The columns: a number of equal flexible columns, 1…64 (default 2; lowered, never below 1, when columns would be narrower than minColumnWidth), or an array of 1…64 GridItems (SwiftUI's LazyVGrid columns: fixed, flexible, adaptive), or a size-class map of either.") { $0.type == .hgrid ? nil : $0.gridItems?.jsonValue ?? $0.columns?.jsonValue },
                NodeProperty("minColumnWidth", "responsiveLength", "With a column count: never make a column narrower than this many points; use fewer columns instead (what turns an iPad ⅓ Split View into one column). GridItem columns ignore it (an adaptive GridItem says the same).") { $0.minColumnWidth?.jsonValue },
                spacing("Space between rows and between columns in points (≥ 0), unless rowSpacing or columnSpacing say otherwise. Default: 8."),
                NodeProperty("rowSpacing", "responsiveLength", "Space between rows in points (≥ 0); overrides spacing.") { $0.rowSpacing?.jsonValue },
                NodeProperty("columnSpacing", "responsiveLength", "Space between columns in points (≥ 0); overrides spacing.") { $0.columnSpacing?.jsonValue },
                alignment("responsiveHorizontalAlignment", "Horizontal alignment of an item narrower than its cell. Default: center."),
            ]
        case .scroll:
            return [
                NodeProperty("axis", "responsiveAxis", "Scroll direction; children are stacked along it. Default: vertical.") { $0.axis?.jsonValue },
                spacing("Space between adjacent children in points (≥ 0). Default: 8."),
                NodeProperty("pinnedViews", "pinnedViews", "Section views kept in the viewport while their section passes under them (SwiftUI's LazyVStack(pinnedViews:)): sectionHeaders, sectionFooters.") { node in
                    node.pinnedViews.map { p in .array(PinnedScrollableViews.names.filter { p.contains($0.1) }.map { .string($0.0) }) }
                },
            ]
        case .text:
            return [
                NodeProperty("text", "responsiveString", required: true, "The string to show.") { $0.text?.jsonValue },
                NodeProperty("style", "responsiveTextStyle", "Dynamic Type text style; sets size, line height and weight for the user's text size. Default: body.") { $0.style?.jsonValue },
                NodeProperty("weight", "responsiveFontWeight", "Font weight overriding the style's. Default: the style's weight.") { $0.weight?.jsonValue },
                NodeProperty("lineLimit", "responsiveLineLimit", "Maximum number of lines (≥ 1); longer text is truncated with an ellipsis. Default: unlimited.") { $0.lineLimit?.jsonValue },
                alignment("responsiveHorizontalAlignment", "Alignment of the lines of multi-line text (SwiftUI's multilineTextAlignment; the key multilineTextAlignment is the same property). Default: leading."),
                color("Text color. Default: primary."),
            ] + textStyling + fontKeys
        case .image:
            return [
                NodeProperty("url", "responsiveString", "Where to load the image from. Its box never depends on the loaded image: give the node an aspectRatio.") { $0.url?.jsonValue },
                NodeProperty("systemName", "responsiveSymbolName", "An SF Symbol instead of a URL (SwiftUI's Image(systemName:)): sized as the symbol at the text style `style`, no aspectRatio needed.") { $0.systemName?.jsonValue },
                NodeProperty("style", "responsiveTextStyle", "The text style an SF Symbol (systemName) is sized at. Default: body.") { $0.style?.jsonValue },
                color("The tint of an SF Symbol (systemName). Default: primary."),
                NodeProperty("placeholder", "responsiveImagePlaceholder", "What fills the reserved box while the image loads. Default: skeleton.") { $0.placeholder?.jsonValue },
                NodeProperty("alt", "responsiveString", "Text alternative for VoiceOver and previews (accessibilityLabel).") { $0.alt?.jsonValue },
                NodeProperty("flipsForRightToLeftLayoutDirection", "responsiveBool", "Draw the image mirrored in a right-to-left layout (SwiftUI's flipsForRightToLeftLayoutDirection: arrows, directional glyphs). Its box mirrors with the layout either way. Default: false.") { $0.flipsForRightToLeftLayoutDirection?.jsonValue },
            ]
        case .button:
            return [
                NodeProperty("title", "responsiveString", required: true, "The button's label.") { $0.title?.jsonValue },
                NodeProperty("style", "responsiveButtonStyle", "SwiftUI button style. Default: automatic. (Model field: buttonStyle.)") { $0.buttonStyle?.jsonValue },
                color("Tint: the title color, or the fill of a borderedProminent button. Default: accent."),
            ] + fontKeys
        case .spacer:
            return [NodeProperty("minLength", "responsiveLength", "Minimum length along the enclosing stack's axis in points (≥ 0). Default: 8.") { $0.minLength?.jsonValue }]
        case .divider:
            return []
        case .color:
            return [color("The fill; the node takes all the space it is offered, like SwiftUI's Color. Default: primary.")]
        case .section:
            return [
                NodeProperty("header", "node", "A view before the children (pinned by a scroll's pinnedViews).") { $0.header?.jsonValue },
                NodeProperty("footer", "node", "A view after the children.") { $0.footer?.jsonValue },
                spacing("Space between the header, the children and the footer in points (≥ 0). Default: 8, SwiftUI's standard spacing."),
                alignment("responsiveHorizontalAlignment", "Horizontal alignment of views narrower than the section (vertical sections). Default: center."),
            ]
        case .viewThatFits:
            return [NodeProperty("axes", "axes", "The axes on which a child must fit its proposal: horizontal, vertical, or both (an array). Default: both.") { node in
                node.axes.map { a in
                    a == [.horizontal, .vertical] ? .array([.string("horizontal"), .string("vertical")]) : .string(a.contains(.horizontal) ? "horizontal" : "vertical")
                }
            }]
        case .flow:
            return [
                spacing("Space between adjacent children on a line in points (≥ 0). Default: 8."),
                NodeProperty("lineSpacing", "responsiveLength", "Space between lines in points (≥ 0). Default: the spacing.") { $0.lineSpacing?.jsonValue },
                alignment("responsiveHorizontalAlignment", "Where each line sits across the flow's width. Default: leading."),
            ]
        case .hgrid:
            return [
                NodeProperty("rows", "gridRows", required: true, "The rows: a number of equal flexible rows (1…64) or an array of 1…64 GridItems (SwiftUI's LazyHGrid rows), or a size-class map of arrays.") { $0.type == .hgrid ? $0.gridItems?.jsonValue : nil },
                spacing("Space between rows and between columns in points (≥ 0), unless rowSpacing or columnSpacing say otherwise. Default: 8."),
                NodeProperty("rowSpacing", "responsiveLength", "Space between rows in points (≥ 0); overrides spacing.") { $0.rowSpacing?.jsonValue },
                NodeProperty("columnSpacing", "responsiveLength", "Space between columns in points (≥ 0); overrides spacing.") { $0.columnSpacing?.jsonValue },
                alignment("responsiveVerticalAlignment", "Vertical alignment of an item shorter than its cell. Default: center."),
            ]
        case .label:
            return [
                NodeProperty("title", "responsiveString", required: true, "The label's text.") { $0.title?.jsonValue },
                NodeProperty("systemImage", "responsiveSymbolName", "The SF Symbol before the title (sized as the symbol at the style).") { $0.systemImage?.jsonValue },
                NodeProperty("style", "responsiveTextStyle", "Dynamic Type text style of the title and the symbol. Default: body.") { $0.style?.jsonValue },
                NodeProperty("weight", "responsiveFontWeight", "Font weight overriding the style's.") { $0.weight?.jsonValue },
                color("Color of the title and the symbol. Default: primary."),
            ] + fontKeys
        case .toggle:
            return [twoWay("isOn", "The bool state variable the switch shows and flips, as \"@{agreed}\" (SwiftUI's Toggle(isOn: $agreed))."),
                    label("The text beside the switch.")] + fontKeys
        case .textField:
            return [
                twoWay("text", "The string state variable the field shows and edits, as \"@{email}\" (SwiftUI's TextField(text: $email))."),
                NodeProperty("placeholder", "responsiveString", "The text shown while the field is empty (SwiftUI's TextField prompt).") { $0.input?.placeholder?.jsonValue },
                NodeProperty("keyboard", "keyboardType", "The keyboard (UIKit's UIKeyboardType). Default: default.") { $0.input?.keyboard.map { .string($0.rawValue) } },
                NodeProperty("secure", "responsiveBool", "Hides the text as it is typed (SwiftUI's SecureField). Default: false.") { $0.input?.isSecure?.jsonValue },
                NodeProperty("submitAction", "action", "What the return key runs (SwiftUI's onSubmit).") { $0.input?.submitAction?.jsonValue },
            ] + fontKeys
        case .stepper:
            return [
                twoWay("value", "The number state variable the stepper shows and changes, as \"@{quantity}\" (SwiftUI's Stepper(value: $quantity))."),
                NodeProperty("range", "stepperRange", "[minimum, maximum]: the values the stepper may take. Default: [0, 100].") { node in
                    node.input?.range.map { .array([.number($0.lowerBound), .number($0.upperBound)]) }
                },
                NodeProperty("step", "positiveNumber", "The increment (> 0). Default: 1.") { node in node.input?.step.map { .number($0) } },
                label("The text beside the stepper."),
            ] + fontKeys
        case .picker:
            return [
                twoWay("selection", "The state variable the picker shows and sets to the chosen option's value, as \"@{size}\" (SwiftUI's Picker(selection: $size))."),
                NodeProperty("options", "pickerOptions", required: true, "The choices, in order: strings, or {\"value\": …, \"label\": \"…\"}.") { node in
                    guard node.type == .picker || node.input?.options.isEmpty == false else { return nil }
                    return node.input.map { input in .array(input.options.map { option in
                        if case .string(let s) = option.value, s == option.label { return .string(s) }
                        return .object([("value", option.value.jsonValue), ("label", .string(option.label))])
                    }) }
                },
                NodeProperty("style", "pickerStyle", "segmented (all choices in a row, UISegmentedControl) or menu (the choice, opening a menu). Default: menu.") { $0.input?.pickerStyle.map { .string($0.rawValue) } },
                label("The picker's label."),
            ] + fontKeys
        case .custom:
            return []
        }
    }

    /// The text keys of SwiftUI's text modifiers (after a text's own keys).
    static let textStyling: [NodeProperty] = [
        // Decoded into `alignment` (one property, two names): never written.
        NodeProperty("multilineTextAlignment", "responsiveHorizontalAlignment", "SwiftUI's name of a text's alignment: the same property as alignment (give one).") { _ in nil },
        NodeProperty("lineSpacing", "responsiveLength", "Extra space between lines in points (≥ 0; SwiftUI's lineSpacing). Default: 0.") { $0.lineSpacing?.jsonValue },
        NodeProperty("strikethrough", "responsiveBool", "A line through the text (SwiftUI's strikethrough()). Default: false.") { $0.strikethrough?.jsonValue },
        NodeProperty("underline", "responsiveBool", "A line under the text (SwiftUI's underline()). Default: false.") { $0.underline?.jsonValue },
        NodeProperty("monospacedDigit", "responsiveBool", "Every digit as wide as the widest (SwiftUI's monospacedDigit()), so changing numbers do not move. Default: false.") { $0.monospacedDigit?.jsonValue },
        NodeProperty("truncationMode", "responsiveTruncationMode", "Where a line that does not fit is cut: head, middle or tail (SwiftUI's truncationMode). Default: tail.") { $0.truncationMode?.jsonValue },
        NodeProperty("minimumScaleFactor", "responsiveScaleFactor", "How far the font may shrink (0 < f ≤ 1) before the text is truncated (SwiftUI's minimumScaleFactor). Default: 1.") { $0.minimumScaleFactor?.jsonValue },
    ]
    /// The font keys of every text-bearing node (text, label, button, the inputs' label and text), after its own keys.
    static let fontKeys: [NodeProperty] = [
        NodeProperty("fontFamily", "responsiveFontFamily", "The font family (the family name in the font file's name table, compared case-insensitively), from the font files the layout engine is given (sdui --font, --font-dir). A family it was not given is a font-not-found warning and the built-in face is used. Default: the built-in face (Inter).") { $0.fontFamily?.jsonValue },
        NodeProperty("fontSize", "responsiveFontSize", "The font size in points at the default Dynamic Type size (Large), scaled at other sizes relative to the text style as SwiftUI's Font.custom(_:size:relativeTo:) scales it (1…1000). Default: the style's size.") { $0.fontSize?.jsonValue },
        NodeProperty("italic", "responsiveBool", "Italic (SwiftUI's italic()): the family's italic face, chosen by CSS font matching. Default: false.") { $0.italic?.jsonValue },
    ]
    /// An input's two-way binding to a state variable, written `"@{name}"`.
    static func twoWay(_ key: String, _ description: String) -> NodeProperty {
        NodeProperty(key, "stateVariableBinding", required: true, description) { node in
            // Only the node type's own two-way key (a toggle's isOn, not a stepper's value).
            guard DecodingContext.twoWayKey(of: node.type)?.key == key else { return nil }
            return node.input.map { .string("@{" + $0.target + "}") }
        }
    }
    static func label(_ description: String) -> NodeProperty {
        NodeProperty("label", "responsiveString", description) { $0.input?.label?.jsonValue }
    }

    /// Every type-specific key of any built-in type, first occurrence of each key in built-in type order.
    ///
    /// The encoder writes a key set on a node of a type it does not belong to after the type's own keys,
    /// in this order, so encoding never drops data (the decoder then reports the key).
    static let allTypeProperties: [NodeProperty] = {
        var seen: Set<String> = []
        var result: [NodeProperty] = []
        for type in ComponentType.builtIn {
            for property in typeProperties(of: type) where seen.insert(property.key).inserted {
                result.append(property)
            }
        }
        return result
    }()

    /// The modifiers every node accepts, in canonical order.
    package static let modifiers: [NodeProperty] = [
        NodeProperty("padding", "padding", "Space around the content, inside frame and background: a length for every edge, or per edge (top, leading, bottom, trailing, horizontal, vertical; a specific edge overrides horizontal/vertical).") { $0.modifiers.padding?.jsonValue },
        NodeProperty("frame", "frame", "Size constraints, as SwiftUI's frame(width:height:alignment:) and frame(minWidth:maxWidth:minHeight:maxHeight:alignment:).") { $0.modifiers.frame?.jsonValue },
        NodeProperty("aspectRatio", "responsiveAspectRatio", "Width ÷ height of the content's box (> 0, finite), as SwiftUI's aspectRatio(_:contentMode:). Reserves an image's box before it loads.") { $0.modifiers.aspectRatio?.jsonValue },
        NodeProperty("contentMode", "responsiveContentMode", "How the content fills its aspect-ratio box: fit or fill. Default: fill for images, fit otherwise.") { $0.modifiers.contentMode?.jsonValue },
        NodeProperty("background", "responsiveColor", "A color behind the node's padded, framed box.") { $0.modifiers.background?.jsonValue },
        NodeProperty("cornerRadius", "responsiveLength", "Corner radius in points (≥ 0) of the background; also clips the content.") { $0.modifiers.cornerRadius?.jsonValue },
        NodeProperty("visible", "responsiveBool", "false removes the node from layout and drawing (like an if in SwiftUI). Default: true.") { $0.modifiers.visible?.jsonValue },
        NodeProperty("layoutPriority", "responsiveFiniteNumber", "Priority when siblings in a stack compete for space (SwiftUI's layoutPriority; any finite number). Default: 0.") { $0.modifiers.layoutPriority?.jsonValue },
        NodeProperty("action", "action", "What a tap does (data only; the runtime carries it out).") { $0.modifiers.action?.jsonValue },
        NodeProperty("onAppear", "action", "What runs when the screen appears (viewDidAppear), or a lazy item enters the viewport.") { $0.onAppear?.jsonValue },
        NodeProperty("onDisappear", "action", "What runs when the screen disappears (viewDidDisappear), or a lazy item leaves the viewport.") { $0.onDisappear?.jsonValue },
        NodeProperty("accessibility", "accessibility", "What VoiceOver reads for the node: {\"label\", \"hint\", \"value\", \"identifier\", \"traits\": [UIAccessibilityTraits names], \"hidden\", \"sortPriority\", \"children\": \"combine\"|\"contain\"|\"ignore\"}. Absent keys keep SwiftUI's defaults (a text is labelled by its string, a button by its title, an image by alt). Layout ignores it.") { $0.modifiers.accessibility?.jsonValue },
        NodeProperty("lint", "lint", "Lint findings silenced on this node and its subtree, each with a reason: {\"disable\": [{\"code\": \"text-truncated\", \"reason\": \"…\"}]}. Layout ignores it.") { $0.modifiers.lint?.jsonValue },
        NodeProperty("modifiers", "modifiers", "SwiftUI's modifier chain, read top to bottom: each element wraps everything before it, outside the keys above (padding, frame, background … apply first, in their fixed order). [{\"padding\": 8}, {\"background\": \"#F00\"}] is .padding(8).background(.red).") { node in
            node.modifiers.chain.isEmpty ? nil : .array(node.modifiers.chain.map(\.jsonValue))
        },
        NodeProperty("minimumVersion", "formatVersion", "The payload format version a renderer needs to show this node, \"MAJOR.MINOR\" (sdui capabilities lists what each version reads). An older renderer shows the fallback in its place, or nothing.") { $0.minimumVersion.map { .string($0.description) } },
        NodeProperty("fallback", "node", "What a renderer that cannot show this node (it does not know its type, or is older than its minimumVersion) lays out, draws and reads in its place; it may have a fallback of its own. Ids are unique across a node and its fallbacks. Without one, such a renderer does not show the node.") { $0.fallback?.jsonValue },
    ]
}
