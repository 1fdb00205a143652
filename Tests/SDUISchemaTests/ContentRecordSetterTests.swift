import SDUIEnvironment
@testable import SDUISchema
import Testing

/// The content record in a node's property box (`NodeContentRecord`) is kept up to date by every setter: after any
/// property is set through the model's public setter, the box's record equals one made afresh from the box's
/// properties (`PropertyBox.make(_:)`), and the node it was copied from keeps its own (copy-on-write).
@Suite struct ContentRecordSetterTests {
    /// Nodes with content of every kind, decoded (so their boxes were written by the decoder).
    static func bases() throws -> [ComponentNode] {
        let json = #"""
        {"schemaVersion": 1, "id": "bases", "root": {"type": "vstack", "children": [
          {"type": "image", "url": "https://example.com/a.jpg", "alt": "A", "placeholder": "skeleton", "aspectRatio": 1.5,
           "flipsForRightToLeftLayoutDirection": true, "background": "#112233", "cornerRadius": 6},
          {"type": "text", "text": "Hello", "color": "#FF0000", "strikethrough": true, "frame": {"width": 40, "alignment": "leading"},
           "accessibility": {"label": "Greeting"}},
          {"type": "button", "title": "Buy", "buttonStyle": "bordered", "action": {"type": "open", "url": "https://example.com"},
           "modifiers": [{"opacity": 0.5}, {"border": {"color": "#000000", "width": 2}}]},
          {"type": "label", "title": "Map", "systemImage": {"compact": "map", "regular": "map.fill"}, "color": {"regular": "#00FF00"}}]}}
        """#
        let screen = try #require(PayloadDecoder().decode(Array(json.utf8)).screen)
        return screen.root.children + [ComponentNode(type: .spacer)]
    }

    /// The content record made afresh from `node`'s properties (the general path), read while its box is alive.
    static func fresh(_ node: ComponentNode) -> NodeContentRecord {
        let box = PropertyBox.make(node.box.properties)
        return withExtendedLifetime(box) { box.content.pointee }
    }

    /// A node decoded with `json`'s properties (to take values such as actions and chains from).
    static func donor(_ json: String) throws -> ComponentNode {
        let payload = #"{"schemaVersion": 1, "id": "d", "root": "# + json + "}"
        return try #require(PayloadDecoder().decode(Array(payload.utf8)).screen).root
    }

    /// One setter per catalog key (every key the encoder writes), setting a value that differs from the bases'.
    static func setters() throws -> [String: (inout ComponentNode) -> Void] {
        let button = try donor(#"{"type": "button", "title": "T", "action": {"type": "open", "url": "https://example.org"},"#
                               + #""accessibility": {"hint": {"compact": "short", "regular": "long"}, "traits": ["header"]},"#
                               + ##""modifiers": [{"hidden": true}, {"background": {"color": {"compact": "#010203"}}}, {"shadow": {"radius": 3}}],"##
                               + #""onAppear": {"type": "open", "url": "https://example.net"}, "lint": {"disable": [{"code": "text-truncated", "reason": "r"}]}}"#)
        let header = ComponentNode(type: .text)
        let red = Color(light: .init(red: 255, green: 0, blue: 0))
        let blue = Color(light: .init(red: 0, green: 0, blue: 255))
        let input = InputProperties(target: "name", label: .sizeClass(compact: "N", regular: "Name"), placeholder: "p",
                                    keyboard: .emailAddress, isSecure: true, submitAction: button.modifiers.action, range: 0...5,
                                    step: 1, options: [PickerOption(value: .string("a"), label: "A")], pickerStyle: .segmented)
        let setInput: (inout ComponentNode) -> Void = { $0.input = input }
        var s: [String: (inout ComponentNode) -> Void] = [
            "spacing": { $0.spacing = 3 }, "alignment": { $0.alignment = .fixed(.trailing) }, "columns": { $0.columns = 3 },
            "rows": { $0.gridItems = .fixed([GridItem(.flexible())]) }, "minColumnWidth": { $0.minColumnWidth = 20 },
            "rowSpacing": { $0.rowSpacing = 2 }, "columnSpacing": { $0.columnSpacing = 2 },
            "axis": { $0.axis = .sizeClass(compact: .horizontal, regular: .vertical) }, "axes": { $0.axes = [.horizontal] },
            "pinnedViews": { $0.pinnedViews = [.sectionHeaders] }, "header": { $0.header = header }, "footer": { $0.footer = header },
            "text": { $0.text = "Changed" }, "style": { $0.style = .fixed(.title) }, "weight": { $0.weight = .fixed(.bold) },
            "lineLimit": { $0.lineLimit = 2 }, "color": { $0.color = .fixed(blue) }, "url": { $0.url = .sizeClass(compact: "s", regular: "l") },
            "placeholder": { $0.placeholder = .fixed(.none) }, "alt": { $0.alt = "Changed" },
            "flipsForRightToLeftLayoutDirection": { $0.flipsForRightToLeftLayoutDirection = false },
            "title": { $0.title = .sizeClass(compact: "B", regular: "Buy") }, "buttonStyle": { $0.buttonStyle = .fixed(.plain) },
            "minLength": { $0.minLength = 4 }, "systemName": { $0.systemName = "star" }, "systemImage": { $0.systemImage = "star.fill" },
            "lineSpacing": { $0.lineSpacing = 2 }, "strikethrough": { $0.strikethrough = false }, "underline": { $0.underline = .sizeClass(compact: true, regular: false) },
            "monospacedDigit": { $0.monospacedDigit = true }, "truncationMode": { $0.truncationMode = .fixed(.head) },
            "minimumScaleFactor": { $0.minimumScaleFactor = 0.5 }, "multilineTextAlignment": { $0.alignment = .fixed(.center) },
            "fontFamily": { $0.fontFamily = "Inter" }, "fontSize": { $0.fontSize = 20 }, "italic": { $0.italic = true },
            "onAppear": { $0.onAppear = button.onAppear }, "onDisappear": { $0.onDisappear = button.onAppear },
            "minimumVersion": { $0.minimumVersion = FormatVersion(1, 0) }, "fallback": { $0.fallback = header },
            "padding": { $0.modifiers.padding = Padding(4) }, "frame": { $0.modifiers.frame = Frame(width: 10, alignment: .fixed(.bottom)) },
            "aspectRatio": { $0.modifiers.aspectRatio = 2 }, "contentMode": { $0.modifiers.contentMode = .fixed(.fit) },
            "background": { $0.modifiers.background = .sizeClass(compact: red, regular: blue) }, "cornerRadius": { $0.modifiers.cornerRadius = 9 },
            "visible": { $0.modifiers.visible = false }, "layoutPriority": { $0.modifiers.layoutPriority = 1 },
            "action": { $0.modifiers.action = button.modifiers.action }, "lint": { $0.modifiers.lint = button.modifiers.lint },
            "accessibility": { $0.modifiers.accessibility = button.modifiers.accessibility },
            "modifiers": { $0.modifiers.chain = button.modifiers.chain },
        ]
        for key in ["keyboard", "label", "options", "range", "secure", "step", "submitAction", "isOn", "selection", "value"] { s[key] = setInput }
        // Not catalog keys, but setters of content: a custom type's properties, a template item.
        s["extra"] = { $0.extra = ["k": .string("v")] }
        s["templateItem"] = { $0.templateItem = TemplateItem(key: .string("k"), item: .number(1)) }
        s["templateItem removed"] = { $0.templateItem = TemplateItem(key: .string("k"), item: .number(1)); $0.templateItem = nil }
        return s
    }

    @Test func `every catalog key has a setter here`() throws {
        let keys = Set(NodeProperty.allTypeProperties.map(\.key) + NodeProperty.modifiers.map(\.key))
        let missing = keys.subtracting(try Self.setters().keys)
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test func `every setter keeps the content record equal to one made from the properties`() throws {
        var changed = 0
        for (key, set) in try Self.setters().sorted(by: { $0.key < $1.key }) {
            for (b, base) in try Self.bases().enumerated() {
                #expect(base.content == Self.fresh(base), "base \(b)")
                var node = base
                set(&node)
                let fresh = Self.fresh(node)
                #expect(node.content == fresh, "\(key) on base \(b)")
                // Copy-on-write: the node copied from keeps its record.
                #expect(base.content == Self.fresh(base), "\(key): base \(b) changed")
                if node.content != base.content { changed += 1 }
            }
        }
        // The setters change what the records hold (the check above is not comparing unchanged records only).
        #expect(changed > 60)
    }

    @Test func `a bound text keeps the size-class variants' text`() throws {
        for base in try Self.bases() {
            var node = base
            node.setBoundText("Bound", isTitle: node.type == .button || node.type == .label)
            #expect(node.content == Self.fresh(node))
        }
    }

    @Test func `the content record is where the box reads it`() {
        #expect(MemoryLayout<NodeRecords>.offset(of: \NodeRecords.content) == PropertyBox.contentOffset)
        #expect(MemoryLayout<NodeRecords>.offset(of: \NodeRecords.geometry) == 0)
        #expect(MemoryLayout<NodeContentVariants.Variant>.offset(of: \NodeContentVariants.Variant.record) == 0)
    }
}
