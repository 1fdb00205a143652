import Foundation
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import Testing

/// The content table (`LayoutResult.content(at:)`) reads each payload node in place and takes the text, title,
/// button style and flags from the node's geometry record: checked here against the general path — the payload
/// model's public properties of the same node, resolved for the result's size class — on random trees, the
/// examples and both size classes, with and without size-class maps in the geometry (the record resolved for the
/// size class, or the node's own).
@Suite struct NodeContentReadTests {
    static func screens() throws -> [Screen] {
        var screens = try BuildPathTests.screens()
        // Size-class maps in the content's own properties (not geometry) and in the geometry's.
        let maps = #"""
        {"schemaVersion": 1, "id": "maps", "root": {"type": "vstack", "children": [
          {"type": "text", "id": "t", "text": {"compact": "small", "regular": "large"}, "color": {"compact": "#FF0000", "regular": "#00FF00"},
           "background": {"regular": "#0000FF"}, "cornerRadius": {"compact": 4, "regular": 8}, "strikethrough": {"regular": true}},
          {"type": "button", "id": "b", "title": {"compact": "Buy", "regular": "Buy now"}, "buttonStyle": {"compact": "bordered"},
           "action": {"type": "open", "url": "https://example.com"}, "accessibility": {"hint": "Buys it"}},
          {"type": "label", "title": "Map", "systemImage": {"compact": "map", "regular": "map.fill"}, "frame": {"width": {"compact": 40}, "alignment": "leading"}},
          {"type": "image", "url": {"compact": "https://example.com/s.jpg", "regular": "https://example.com/l.jpg"}, "aspectRatio": 1,
           "contentMode": {"regular": "fit"}, "modifiers": [{"opacity": {"compact": 0, "regular": 1}}]},
          {"type": "scroll", "axis": {"compact": "horizontal", "regular": "vertical"}, "children": [{"type": "color", "color": "#00FF00"}]}]}}
        """#
        screens.append(try #require(PayloadDecoder().decode(Array(maps.utf8)).screen))
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardized
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let screen = PayloadDecoder().decode(Array(data)).screen else { continue }
            screens.append(screen)
        }
        // Every geometry record flagged as using size-class maps: the build resolves a record per node.
        screens += screens.map { screen in
            var general = screen
            general.root = BuildPathTests.forcedGeneral(screen.root)
            general.id = screen.id + "-maps"
            return general
        }
        return screens
    }

    /// What `NodeContent` gives for `node`, from the payload model's public properties.
    static func expected(_ node: ComponentNode, _ sizeClass: UserInterfaceSizeClass) -> String {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        let text = node.type == .button || node.type == .label ? r(node.title) : r(node.text)
        let isImage = node.type == .image, isLabel = node.type == .label
        let chain = node.modifiers.chain.isEmpty ? [] : node.modifiers.fullChain(isImage: isImage).map { ChainElement($0, sizeClass: sizeClass) }
        return describe(id: node.id, type: node.type, text: text, color: r(node.color), background: r(node.modifiers.background),
                        cornerRadius: r(node.modifiers.cornerRadius), buttonStyle: r(node.buttonStyle),
                        frameAlignment: r(node.modifiers.frame?.alignment), contentMode: r(node.modifiers.contentMode),
                        axis: r(node.axis), pinnedViews: node.pinnedViews, strikethrough: r(node.strikethrough) ?? false,
                        underline: r(node.underline) ?? false, hasAction: node.modifiers.action != nil,
                        hasModifierChain: !node.modifiers.chain.isEmpty, chain: chain,
                        url: isImage || isLabel ? r(node.url) : nil, alt: isImage || isLabel ? r(node.alt) : nil,
                        systemName: isImage || isLabel ? r(node.systemName) : nil,
                        systemImage: isImage || isLabel ? r(node.systemImage) : nil,
                        action: node.modifiers.action, accessibility: node.modifiers.accessibility.map { AccessibilityContent($0, sizeClass: sizeClass) },
                        properties: node.extra, onAppear: node.onAppear, input: node.input.map { InputContent($0, sizeClass: sizeClass) },
                        templateItem: node.templateItem)
    }

    /// What `content` gives.
    static func actual(_ c: NodeContent) -> String {
        var input = c.input
        input?.value = nil
        return describe(id: c.id, type: c.type, text: c.text, color: c.color, background: c.background, cornerRadius: c.cornerRadius,
                        buttonStyle: c.buttonStyle, frameAlignment: c.frameAlignment, contentMode: c.contentMode, axis: c.axis,
                        pinnedViews: c.pinnedViews, strikethrough: c.strikethrough, underline: c.underline, hasAction: c.hasAction,
                        hasModifierChain: c.hasModifierChain, chain: c.chain.elements, url: c.url, alt: c.alt,
                        systemName: c.systemName, systemImage: c.systemImage, action: c.action, accessibility: c.accessibility,
                        properties: c.properties, onAppear: c.onAppear, input: input, templateItem: c.templateItem)
    }

    static func describe(id: String?, type: ComponentType, text: String?, color: Color?, background: Color?, cornerRadius: Double?,
                         buttonStyle: ButtonStyle?, frameAlignment: Alignment?, contentMode: ContentMode?, axis: Axis?,
                         pinnedViews: PinnedScrollableViews?, strikethrough: Bool, underline: Bool, hasAction: Bool,
                         hasModifierChain: Bool, chain: [ChainElement], url: String?, alt: String?, systemName: String?,
                         systemImage: String?, action: Action?, accessibility: AccessibilityContent?,
                         properties: [String: JSONValue], onAppear: Action?, input: InputContent?, templateItem: TemplateItem?) -> String {
        let values: [Any?] = [id, type, text, color, background, cornerRadius, buttonStyle, frameAlignment, contentMode, axis,
                              pinnedViews?.rawValue, strikethrough, underline, hasAction, hasModifierChain, chain, url, alt,
                              systemName, systemImage, action, accessibility, properties.keys.sorted(), onAppear, input, templateItem]
        return values.map { String(describing: $0) }.joined(separator: " | ")
    }

    @Test(arguments: [UserInterfaceSizeClass.compact, .regular])
    func `content read in place equals the payload model's properties`(_ sizeClass: UserInterfaceSizeClass) throws {
        let environment = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, orientation: .portrait,
                                                                    mode: .window(Size(width: 390, height: 800))))
        let traits = TraitCollection(horizontalSizeClass: sizeClass)
        var checked = 0, withAccessibility = 0, withMaps = 0
        for screen in try Self.screens() {
            let result = LayoutEngine().layout(screen, in: environment, traits: traits)
            let links = result.storage.links
            for i in 0..<result.nodeCount {
                let content = try #require(result.content(at: i))
                let node = links[i].source.pointee
                #expect(Self.actual(content) == Self.expected(node, sizeClass), "\(screen.id) node \(i)")
                checked += 1
                // Accessibility alone (no action, chain, image or label): only the record's flag asks for the extras.
                if node.modifiers.accessibility != nil && node.modifiers.action == nil && node.modifiers.chain.isEmpty
                    && node.type != .image && node.type != .label { withAccessibility += 1 }
                if node.geometry.usesSizeClasses { withMaps += 1 }
            }
        }
        // The payloads reach the cases the record's values stand for.
        #expect(checked > 1000)
        #expect(withAccessibility > 0)
        #expect(withMaps > 0)
    }
}
