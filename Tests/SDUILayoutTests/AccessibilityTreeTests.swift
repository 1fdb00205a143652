import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
@testable import SDUILayout
import SDUIFixtures
@testable import SDUILint

/// The accessibility pass: SwiftUI's defaults and the payload's `"accessibility"`, in VoiceOver's reading order.
///
/// Published behaviour these payloads follow (Apple's SwiftUI documentation):
/// - `AccessibilityChildBehavior.combine`: "Any child accessibility element's properties are merged into the new
///   accessibility element … merges properties from all non-hidden children"
///   (developer.apple.com/documentation/swiftui/accessibilitychildbehavior/combine);
/// - `.contain`: "all children of an accessibility container are navigated in order before navigating through the
///   next accessibility container" (…/accessibilitychildbehavior/contain);
/// - `.ignore`: "Any child accessibility elements become hidden … The new accessibility element has no initial
///   properties" (…/accessibilitychildbehavior/ignore);
/// - `accessibilitySortPriority(_:)`: "Higher numbers are sorted first. The default sort priority is zero."
///   (…/swiftui/view/accessibilitysortpriority(_:));
/// - VoiceOver's positional order: frames whose origin.y differs by less than 8 pt are one line, read leading to
///   trailing (Cash App's AccessibilitySnapshot, which reproduces VoiceOver's order, commit 86a3ca9).
@Suite struct AccessibilityTreeTests {
    func tree(_ root: String, width: Double = 393, direction: LayoutDirection = .leftToRight,
              sizeClass: UserInterfaceSizeClass? = nil) throws -> AccessibilityTree {
        let screen = try Screen(json: #"{"schemaVersion": 1, "id": "t", "root": \#(root)}"#, options: .init(strict: true))
        let environment = width >= 678 ? device("ipad-pro-13-m4") : window(width, 852)
        let traits = environment.traitCollection(contentSize: .large, layoutDirection: direction)
        let result = LayoutEngine().layout(screen, in: environment, traits: traits)
        return AccessibilityTree(layout: result)
    }

    func labels(_ t: AccessibilityTree) -> [String] { t.elements.map(\.label) }

    @Test func `a text is labelled by its string, a button by its title, an image by its alt, each with its trait`() throws {
        let t = try tree(#"{"type": "vstack", "children": [{"type": "text", "id": "t", "text": "Hello"}, {"type": "button", "id": "b", "title": "Buy"}, {"type": "image", "id": "i", "url": "u", "alt": "A shoe", "aspectRatio": 1, "frame": {"width": 40}}, {"type": "spacer"}, {"type": "divider"}, {"type": "color", "frame": {"height": 4}}]}"#)
        #expect(labels(t) == ["Hello", "Buy", "A shoe"])
        #expect(t.elements.map(\.traits) == [[.staticText], [.button], [.image]])
        #expect(t.elements.map(\.nodes) == [["t"], ["b"], ["i"]])
    }

    @Test func `a combined card reads its children's labels in reading order joined by commas, with their traits`() throws {
        let t = try tree(#"""
        {"type": "vstack", "id": "card", "alignment": "leading", "accessibility": {"children": "combine"}, "children": [
          {"type": "image", "id": "photo", "url": "u", "aspectRatio": 1.5, "accessibility": {"hidden": true}},
          {"type": "text", "id": "title", "text": "Trail Runner 3"},
          {"type": "text", "id": "price", "text": "$129"}]}
        """#)
        #expect(labels(t) == ["Trail Runner 3, $129"])
        #expect(t.elements[0].nodes == ["card", "title", "price"])
        #expect(t.elements[0].traits == [.staticText])
        #expect(t.exposure == [.element(0), .hidden, .covered, .covered])
    }

    @Test func `a combined row with a button becomes one button element; its own label replaces the merged one`() throws {
        let t = try tree(#"""
        {"type": "vstack", "children": [
          {"type": "hstack", "id": "row", "accessibility": {"children": "combine"}, "children": [{"type": "text", "text": "Wi-Fi"}, {"type": "button", "title": "On"}]},
          {"type": "hstack", "id": "named", "accessibility": {"label": "Bluetooth, off"}, "children": [{"type": "text", "text": "Bluetooth"}, {"type": "text", "text": "Off"}]}]}
        """#)
        #expect(labels(t) == ["Wi-Fi, On", "Bluetooth, off"])
        #expect(t.elements[0].traits == [.button, .staticText])
        #expect(t.elements[1].nodes.first == "named", "a container that labels itself combines")
    }

    @Test func `ignore makes one element of the node's own label; its children are not read`() throws {
        let t = try tree(#"""
        {"type": "hstack", "id": "pager", "accessibility": {"children": "ignore", "value": "Page 2 of 5", "traits": ["adjustable"]}, "children": [
          {"type": "button", "title": "Previous"}, {"type": "text", "text": "2"}, {"type": "button", "title": "Next"}]}
        """#)
        #expect(t.elements.count == 1)
        #expect(t.elements[0].label == "" && t.elements[0].value == "Page 2 of 5" && t.elements[0].traits == [.adjustable])
    }

    @Test func `a header trait is added to the text's own; hidden decorations and invisible nodes are not read`() throws {
        let t = try tree(#"""
        {"type": "vstack", "children": [
          {"type": "text", "text": "Orders", "accessibility": {"traits": ["header"]}},
          {"type": "image", "url": "u", "aspectRatio": 8, "accessibility": {"hidden": true}},
          {"type": "text", "text": "Gone", "visible": false},
          {"type": "vstack", "accessibility": {"hidden": true}, "children": [{"type": "text", "text": "Also gone"}]},
          {"type": "text", "text": "Drawn hidden", "modifiers": [{"hidden": true}]},
          {"type": "text", "text": "Shown"}]}
        """#)
        #expect(labels(t) == ["Orders", "Shown"])
        #expect(t.elements[0].traits == [.header, .staticText])
    }

    @Test func `higher sort priority is read first; a plain container passes its priority to what it holds`() throws {
        let t = try tree(#"""
        {"type": "vstack", "children": [
          {"type": "text", "text": "top"},
          {"type": "text", "text": "last", "accessibility": {"sortPriority": -1}},
          {"type": "vstack", "accessibility": {"sortPriority": 5}, "children": [{"type": "text", "text": "first a"}, {"type": "text", "text": "first b"}]},
          {"type": "text", "text": "second", "accessibility": {"sortPriority": {"compact": 1, "regular": 0}}}]}
        """#)
        #expect(labels(t) == ["first a", "first b", "second", "top", "last"])
        let regular = try tree(#"{"type": "vstack", "children": [{"type": "text", "text": "top"}, {"type": "text", "text": "second", "accessibility": {"sortPriority": {"compact": 1, "regular": 0}}}]}"#, width: 1024)
        #expect(labels(regular) == ["top", "second"], "the regular width's priority is 0")
    }

    @Test func `a row reads leading to trailing, right to left when the layout is mirrored`() throws {
        let row = #"{"type": "hstack", "alignment": "top", "children": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}, {"type": "text", "text": "three"}]}"#
        let ltr = try tree(row), rtl = try tree(row, direction: .rightToLeft)
        #expect(labels(ltr) == ["one", "two", "three"])
        #expect(labels(rtl) == ["one", "two", "three"])
        #expect(rtl.elements[0].frame.minX > rtl.elements[2].frame.minX, "mirrored: the first is rightmost")
    }

    @Test func `tops less than 8 points apart are one line; 8 points apart are two`() throws {
        func order(_ offset: Double) throws -> [String] {
            labels(try tree(#"""
            {"type": "hstack", "alignment": "top", "spacing": 40, "children": [
              {"type": "vstack", "spacing": 0, "children": [{"type": "color", "frame": {"width": 10, "height": \#(offset)}}, {"type": "text", "text": "left"}]},
              {"type": "text", "text": "right"}]}
            """#))
        }
        #expect(try order(7.5) == ["left", "right"])
        #expect(try order(8) == ["right", "left"])
    }

    @Test func `a grid of cards reads row by row unless each card is a container, then card by card`() throws {
        func grid(_ card: String) -> String {
            let cards = (1...4).map { i in
                #"{"type": "vstack", "id": "card-\#(i)", "alignment": "leading"\#(card), "children": [{"type": "text", "text": "Title \#(i)"}, {"type": "text", "text": "$\#(i)0"}]}"#
            }
            return #"{"type": "grid", "columns": 2, "children": [\#(cards.joined(separator: ","))]}"#
        }
        #expect(labels(try tree(grid(""))) == ["Title 1", "Title 2", "$10", "$20", "Title 3", "Title 4", "$30", "$40"])
        #expect(labels(try tree(grid(#", "accessibility": {"children": "contain"}"#)))
                == ["Title 1", "$10", "Title 2", "$20", "Title 3", "$30", "Title 4", "$40"])
        let rtl = try tree(grid(#", "accessibility": {"children": "contain"}"#), direction: .rightToLeft)
        #expect(labels(rtl) == ["Title 1", "$10", "Title 2", "$20", "Title 3", "$30", "Title 4", "$40"],
                "mirrored, card 1 is on the right and still read first")
    }

    @Test func `a node with an action that is an element gets the button trait`() throws {
        let t = try tree(#"{"type": "vstack", "id": "card", "accessibility": {"children": "combine"}, "action": {"type": "navigate", "screen": "p/1"}, "children": [{"type": "text", "text": "Open"}]}"#)
        #expect(t.elements.map(\.traits) == [[.button, .staticText]])
    }

    @Test func `hint, value and identifier are the element's; a combine merges its children's hints`() throws {
        let t = try tree(#"""
        {"type": "vstack", "children": [
          {"type": "button", "title": "Pay", "accessibility": {"hint": "Charges your card", "identifier": "pay-button", "value": "$12"}},
          {"type": "hstack", "accessibility": {"children": "combine"}, "children": [{"type": "text", "text": "A", "accessibility": {"hint": "first"}}, {"type": "text", "text": "B", "accessibility": {"hint": "second"}}]}]}
        """#)
        #expect(t.elements[0].hint == "Charges your card" && t.elements[0].identifier == "pay-button" && t.elements[0].value == "$12")
        #expect(t.elements[1].hint == "first, second")
    }

    @Test func `a layout nested 5 000 deep is walked without exhausting the stack`() throws {
        // Built as a LayoutResult directly: the pass's own walk is what is tested (a payload nests at most 128 deep).
        let depth = 5_000
        var node = ComponentNode(type: .text)
        node.text = "deepest"
        for level in 0..<depth {
            var parent = ComponentNode(type: .vstack, children: [node])
            if level % 3 == 0 { parent.modifiers.accessibility = AccessibilityProperties(children: .fixed(.contain)) }
            node = parent
        }
        let screen = Screen(id: "deep", root: node)
        var nodes: [LayoutNode] = []
        var path = "root"
        for level in 0...depth {
            nodes.append(LayoutNode(id: path, path: path, type: level == depth ? .text : .vstack, parent: level - 1,
                                    frame: Rect(x: 0, y: 0, width: 100, height: 20)))
            path += ".0"
        }
        let result = LayoutResult(screen: screen, environment: window(393, 852), traits: TraitCollection(), nodes: nodes, diagnostics: [])
        let tree = AccessibilityTree(layout: result)
        #expect(tree.elements.map(\.label) == ["deepest"])
    }

    @Test(arguments: [BenchmarkFixtures.cards(count: 100, textTitles: true), BenchmarkFixtures.feed(count: 200), BenchmarkFixtures.nestedStacks(depth: 40)])
    func `every element of a benchmark screen is anchored on a distinct node and the order does not change between passes`(screen: Screen) throws {
        let environment = window(393, 852)
        let result = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection(contentSize: .large))
        let first = AccessibilityTree(layout: result), second = AccessibilityTree(layout: result)
        #expect(first.elements == second.elements)
        #expect(!first.elements.isEmpty)
        var anchors = Set<Int>()
        for (k, element) in first.elements.enumerated() {
            #expect(anchors.insert(element.nodeIndices[0]).inserted)
            #expect(first.exposure[element.nodeIndices[0]] == .element(k))
        }
    }
}

/// WCAG 2.2's contrast and the lint checks built on it.
@Suite struct AccessibilityAuditTests {
    @Test func `a blank label is what Foundation's trimming of whitespaces leaves empty`() {
        // Spaces of every kind Unicode's Zs has, tabs, and near misses: new lines, zero-width and other format
        // characters, letters after spaces.
        let samples = ["", " ", "   ", "\t", " \t ", "\u{00A0}", "\u{2003}\u{3000}", "\u{202F} \u{205F}", "\u{1680}",
                       "\n", " \n", "\r", "\u{200B}", "\u{FEFF}", "\u{2028}", "\u{000B}", "a", " a ", "\u{00A0}x", "é",
                       "e\u{0301}", "🙂", " 🙂", "\t\u{0301}"]
        for text in samples {
            #expect(AccessibilityAudit.isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty,
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Every scalar of the Basic Multilingual Plane and the first supplementary one, alone and after a space.
        for value in 0..<0x2_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = " " + String(Character(scalar))
            #expect(AccessibilityAudit.isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty, "U+\(String(value, radix: 16))")
        }
    }

    func findings(_ root: String, contentSize: ContentSizeCategory = .large) throws -> [AccessibilityFinding] {
        let screen = try Screen(json: #"{"schemaVersion": 1, "id": "t", "root": \#(root)}"#, options: .init(strict: true))
        let environment = window(393, 852)
        let result = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection(contentSize: contentSize))
        return AccessibilityAudit.findings(layout: result, tree: AccessibilityTree(layout: result))
    }

    @Test func `contrast ratios are WCAG's: #999999 on white is 2.85, #767676 on white 4.54`() {
        let white = Color.RGBA(red: 255, green: 255, blue: 255)
        #expect(ContrastMath.format(ContrastMath.ratio(Color.RGBA(red: 0x99, green: 0x99, blue: 0x99), white)) == "2.85")
        #expect(ContrastMath.format(ContrastMath.ratio(Color.RGBA(red: 0x76, green: 0x76, blue: 0x76), white)) == "4.54")
        #expect(ContrastMath.format(ContrastMath.ratio(Color.RGBA(red: 0, green: 0, blue: 0), white)) == "21.00")
        #expect(ContrastMath.format(4.497, below: 4.5) == "4.49", "a failing ratio never reads as a passing 4.50")
    }

    @Test func `#999999 text on white is low contrast, #767676 passes`() throws {
        let low = try findings(##"{"type": "text", "text": "Grey", "color": "#999999"}"##)
        #expect(low.map(\.code) == ["low-contrast"])
        #expect(low.first?.message.contains("2.85:1") == true, "\(low)")
        #expect(low.first?.message.contains("light appearance") == true)
        #expect(try findings(##"{"type": "text", "text": "Grey", "color": "#767676"}"##).isEmpty)
    }

    @Test func `contrast is checked in dark appearance too`() throws {
        let dark = try findings(##"{"type": "text", "text": "Dim", "color": {"light": "#000000", "dark": "#333333"}}"##)
        #expect(dark.first?.message.contains("dark appearance") == true, "\(dark)")
    }

    @Test func `large text needs 3 to 1: 18 points regular or 14 points bold`() throws {
        // #949494 on white: 3.03 : 1.
        #expect(try findings(##"{"type": "text", "text": "Big", "style": "title2", "color": "#949494"}"##).isEmpty, "22 pt")
        #expect(try findings(##"{"type": "text", "text": "Bold", "style": "subheadline", "weight": "bold", "color": "#949494"}"##).isEmpty, "15 pt bold")
        #expect(try findings(##"{"type": "text", "text": "Small", "style": "subheadline", "color": "#949494"}"##).map(\.code) == ["low-contrast"])
    }

    @Test func `the effective background is the nearest one behind the text, through ancestors and zstack colors`() throws {
        #expect(try findings(##"{"type": "vstack", "background": "#000000", "children": [{"type": "vstack", "children": [{"type": "text", "text": "On black", "color": "white"}]}]}"##).isEmpty)
        #expect(try findings(##"{"type": "zstack", "children": [{"type": "color", "color": "#1C1C1E"}, {"type": "text", "text": "On dark", "color": "white"}]}"##).isEmpty)
        #expect(try findings(##"{"type": "vstack", "children": [{"type": "text", "text": "White on white", "color": "white"}]}"##).map(\.code) == ["low-contrast"])
        #expect(try findings(##"{"type": "zstack", "children": [{"type": "image", "url": "u", "alt": "Beach", "aspectRatio": 1}, {"type": "text", "text": "Over a photo", "color": "white"}]}"##).isEmpty,
                "text over a picture is not checked")
    }

    @Test func `an image without alt and an icon-only button miss a label; a hidden decoration and a labelled icon do not`() throws {
        let found = try findings(#"""
        {"type": "vstack", "children": [
          {"type": "image", "id": "photo", "url": "u", "aspectRatio": 1, "frame": {"width": 40}},
          {"type": "image", "id": "wave", "url": "u", "aspectRatio": 8, "accessibility": {"hidden": true}},
          {"type": "button", "id": "icon", "title": "", "frame": {"width": 44, "height": 44}},
          {"type": "button", "id": "close", "title": "", "frame": {"width": 44, "height": 44}, "accessibility": {"label": "Close"}},
          {"type": "vstack", "accessibility": {"children": "combine"}, "children": [{"type": "image", "id": "inner", "url": "u", "aspectRatio": 1, "frame": {"width": 40}}, {"type": "text", "text": "Name"}]},
          {"type": "vstack", "accessibility": {"children": "combine", "label": "Card"}, "children": [{"type": "image", "id": "covered", "url": "u", "aspectRatio": 1, "frame": {"width": 40}}]}]}
        """#)
        #expect(found.map(\.code) == ["missing-accessibility-label", "missing-accessibility-label", "missing-accessibility-label"], "\(found)")
        #expect(found.map(\.node) == [1, 3, 6], "photo, icon and the unlabelled image merged into a combine")
    }
}

/// Section headers and footers, and the views of backgrounds and overlays, are read like any other node.
@Suite struct AccessibilitySlotTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "sections", "root": {"type": "vstack", "children": [
      {"type": "section", "id": "s1",
       "header": {"type": "text", "id": "head", "text": "A very long section header that cannot fit on one line of a phone", "lineLimit": 1},
       "footer": {"type": "button", "id": "more", "title": "x"},
       "children": [{"type": "text", "id": "row", "text": "A very long section header that cannot fit on one line of a phone", "lineLimit": 1}]},
      {"type": "text", "id": "tagged", "text": "Row", "modifiers": [
        {"background": {"content": {"type": "image", "id": "back", "url": "https://img.example/b.jpg", "alt": "Stripes"}}},
        {"overlay": {"content": {"type": "button", "id": "badge", "title": "Open"}}}]}]}}
    """#

    @Test func `a header is read whole like a row, a footer button by its title, decoration views as elements`() throws {
        let screen = try Screen(json: Self.payload)
        let window = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-se-3")!, orientation: .portrait, mode: .fullScreen))
        let layout = LayoutEngine().layout(screen, in: window, traits: window.traitCollection())
        // The header is truncated on screen (one line), yet read whole.
        let header = try #require(layout.nodes.first { $0.id == "head" })
        #expect(header.text?.isTruncated == true)
        let tree = AccessibilityTree(layout: layout)
        let labels = Dictionary(uniqueKeysWithValues: tree.elements.map { ($0.nodes[0], $0) })
        #expect(labels["head"]?.label == "A very long section header that cannot fit on one line of a phone")
        #expect(labels["head"]?.label == labels["row"]?.label)
        #expect(labels["more"]?.label == "x")
        #expect(labels["more"]?.traits.contains(.button) == true)
        #expect(labels["badge"]?.label == "Open")
        #expect(labels["back"]?.label == "Stripes")
        #expect(labels["tagged"]?.label == "Row")
        #expect(Set(tree.elements.map { $0.nodes[0] }) == ["head", "row", "more", "back", "tagged", "badge"])
        #expect(tree.elements.count == 6)
    }
}
