import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

/// What `Scripts/browser/check_accessibility.py` read from Chromium's computed accessibility tree.
struct AccessibilityBrowserReport: Decodable, Sendable {
    struct Element: Decodable, Sendable, Equatable {
        var role: String
        var name: String
        /// The AX node's description (`aria-description`: the element's hint).
        var description: String?
        var disabled: Bool
        /// A switch's checked state ("true"/"false"), a spinbutton's value; nil for other roles.
        var state: String?
        /// `button "Pay" (Add a card first) disabled`, for messages.
        var debugText: String {
            "\(role) \"\(name)\"" + (description.map { " (\($0))" } ?? "") + (disabled ? " disabled" : "") + (state.map { " = \($0)" } ?? "")
        }
    }
    struct Panel: Decodable, Sendable { var name: String?; var elements: [Element] }
    struct Page: Decodable, Sendable { var page: String; var panels: [Panel]; var error: String? }
    var pages: [Page]
}

extension AccessibilityBrowserReport.Element {
    /// The element Chromium must compute for one of `sdui accessibility`'s elements. The roles are ARIA's for
    /// UIKit's traits (docs/accessibility.md), written out here rather than taken from the renderer.
    init(expecting element: AccessibilityElement) {
        let t = element.traits
        let role: String
        var state: String?
        switch element.control {
        case .toggle?: role = "switch"; state = element.value == "1" ? "true" : "false"
        case .stepper?: role = "spinbutton"; state = element.value
        case .textField?: role = "textbox"
        case .segmentedPicker?: role = "radiogroup"
        case .menuPicker?: role = "button"
        case nil: role = Self.role(t)
        }
        self.init(role: role, name: element.label, description: role == "StaticText" ? nil : element.hint,
                  disabled: role != "StaticText" && t.contains(.notEnabled), state: state)
    }

    /// The ARIA role of an element that is not an input control, from its traits.
    static func role(_ t: [AccessibilityTrait]) -> String {
        let role: String
        if t.contains(.button) || t.contains(.toggleButton) { role = "button" }
        else if t.contains(.link) { role = "link" }
        else if t.contains(.header) { role = "heading" }
        else if t.contains(.searchField) { role = "searchbox" }
        else if t.contains(.image) { role = "image" }
        else { role = "StaticText" }
        return role
    }
}

/// Runs the accessibility-tree check once for every page (one Chromium session) and keeps the report.
enum AccessibilityBrowserCheck {
    /// One page: its HTML and, per panel, the elements `AccessibilityTree` gives.
    struct Page: Sendable {
        var name: String
        var html: String
        var expected: [[AccessibilityElement]]
    }

    /// The windows every example is rendered in (one `sdui render` page each).
    static let windows = ["iphone-16", "iphone-se-3:landscape", "ipad-pro-13-m4:landscape:split-1/3", "ipad-pro-13-m4"]

    /// A held-out-style screen: a combined card, a header, a hidden decoration, sort priority, hints, a disabled
    /// button and an icon-only button with a label.
    static let heldOut = """
    {"schemaVersion": 1, "id": "held-out", "title": "Held out", "root": {"type": "vstack", "alignment": "leading", "spacing": 12, "padding": 16, "children": [
      {"type": "text", "id": "title", "text": "Orders", "style": "largeTitle", "accessibility": {"traits": ["header"]}},
      {"type": "text", "id": "late", "text": "Read second", "accessibility": {"sortPriority": -1}},
      {"type": "hstack", "id": "card", "spacing": 8, "accessibility": {"children": "combine", "hint": "Opens the order"}, "children": [
        {"type": "image", "id": "thumb", "url": "https://img.example/a.jpg", "aspectRatio": 1, "frame": {"width": 40}, "accessibility": {"hidden": true}},
        {"type": "vstack", "alignment": "leading", "children": [
          {"type": "text", "id": "name", "text": "Trail Runner 3"},
          {"type": "text", "id": "price", "text": "$129"}]}]},
      {"type": "image", "id": "divider-art", "url": "https://img.example/wave.png", "aspectRatio": 8, "accessibility": {"hidden": true}},
      {"type": "hstack", "spacing": 8, "alignment": "top", "children": [
        {"type": "button", "id": "close", "title": "", "frame": {"width": 44, "height": 44}, "accessibility": {"label": "Close"}},
        {"type": "button", "id": "pay", "title": "Pay", "frame": {"minHeight": 44}, "accessibility": {"traits": ["notEnabled"], "hint": "Add a card first"}},
        {"type": "text", "id": "help", "text": "Help", "accessibility": {"traits": ["link"]}}]},
      {"type": "text", "id": "first", "text": "Read first", "accessibility": {"sortPriority": 10}}]}}
    """

    /// A form of every input control, bound to state: a switch on and one off, a stepper, a text field with text
    /// and an empty one (read by its placeholder), a segmented and a menu picker.
    static let form = """
    {"schemaVersion": 1, "id": "form", "title": "Form",
     "state": {"wifi": true, "bluetooth": false, "count": 3, "name": "Ada", "note": "", "size": "m", "color": "blue"},
     "root": {"type": "vstack", "alignment": "leading", "spacing": 12, "padding": 16, "children": [
      {"type": "toggle", "id": "wifi", "label": "Wi-Fi", "isOn": "@{wifi}"},
      {"type": "toggle", "id": "bluetooth", "label": "Bluetooth", "isOn": "@{bluetooth}", "accessibility": {"hint": "Finds nearby devices"}},
      {"type": "stepper", "id": "count", "label": "Quantity", "value": "@{count}"},
      {"type": "textField", "id": "name", "placeholder": "Your name", "text": "@{name}", "accessibility": {"label": "Name"}},
      {"type": "textField", "id": "note", "placeholder": "Add a note", "text": "@{note}"},
      {"type": "picker", "id": "size", "label": "Size", "selection": "@{size}", "style": "segmented",
       "options": [{"value": "s", "label": "Small"}, {"value": "m", "label": "Medium"}, {"value": "l", "label": "Large"}]},
      {"type": "picker", "id": "color", "label": "Colour", "selection": "@{color}",
       "options": [{"value": "red", "label": "Red"}, {"value": "blue", "label": "Blue"}]}]}}
    """

    static func pages() throws -> [Page] {
        var pages: [Page] = []
        let renderer = HTMLRenderer(options: .init(fonts: .omitted))
        func add(_ name: String, _ screen: Screen, _ windowName: String, _ direction: LayoutDirection) throws {
            let window = try Examples.window(windowName)
            let layout = Examples.layout(screen, window, direction: direction)
            let tree = AccessibilityTree(layout: layout)
            pages.append(Page(name: "\(name) \(windowName) \(direction.rawValue)", html: renderer.document(layout),
                              expected: [tree.elements]))
        }
        for name in Examples.names {
            let screen = try Examples.screen(name)
            for window in windows { try add(name, screen, window, Examples.layoutDirection(name)) }
        }
        try add("storefront", try Examples.screen("storefront"), "iphone-16", .rightToLeft)
        let form = try Screen(json: form)
        try add("form", form, "iphone-16", .leftToRight)
        try add("form", form, "ipad-pro-13-m4", .rightToLeft)
        let heldOut = try Screen(json: heldOut)
        try add("held-out", heldOut, "iphone-16", .leftToRight)
        try add("held-out", heldOut, "iphone-16", .rightToLeft)
        // A preview page: many panels of one screen on one page (element ids must not collide).
        let screen = try Examples.screen("product-detail")
        let engine = LayoutEngine()
        var layouts: [LayoutResult] = []
        let preview = PreviewPage(screen: screen, windows: Array(PreviewMatrix.defaultWindows().prefix(3)), contentSizes: [.large]) {
            let layout = engine.layout($0, in: $1, traits: $2)
            layouts.append(layout)
            return layout
        }.html()
        pages.append(Page(name: "product-detail preview", html: preview,
                          expected: layouts.map { AccessibilityTree(layout: $0).elements }))
        return pages
    }

    static let result: Result<(pages: [Page], report: AccessibilityBrowserReport), BrowserCheckError> = {
        let pages: [Page]
        do { pages = try Self.pages() } catch { return .failure(BrowserCheckError(message: "cannot build the pages: \(error)")) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-ax-\(UUID().uuidString)")
        var paths: [String] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (k, page) in pages.enumerated() {
                let url = directory.appendingPathComponent("page-\(k).html")
                try Data(page.html.utf8).write(to: url)
                paths.append(url.path)
            }
        } catch {
            return .failure(BrowserCheckError(message: "cannot write the pages: \(error)"))
        }
        let reportURL = directory.appendingPathComponent("report.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Examples.root.appendingPathComponent("Scripts/browser/check_accessibility.py").path]
            + paths + ["--json", reportURL.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch {
            return .failure(BrowserCheckError(message: "cannot start python3 (\(error)). The check needs: "
                + "apt-get install -y python3 chromium chromium-driver && pip install selenium==4.50.0"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text)
        guard let data = FileManager.default.contents(atPath: reportURL.path) else {
            return .failure(BrowserCheckError(message: "check_accessibility.py exited \(process.terminationStatus) without a report:\n\(text)"))
        }
        do {
            return .success((pages, try JSONDecoder().decode(AccessibilityBrowserReport.self, from: data)))
        } catch {
            return .failure(BrowserCheckError(message: "unreadable report: \(error)"))
        }
    }()
}

@Suite(.serialized) struct AccessibilityBrowserTests {
    @Test func `Chromium's computed accessibility tree of every page equals sdui accessibility's elements in order`() throws {
        let (pages, report) = try AccessibilityBrowserCheck.result.get()
        #expect(report.pages.count == pages.count)
        var compared = 0
        for (page, read) in zip(pages, report.pages) {
            #expect(read.error == nil, "\(page.name): \(read.error ?? "")")
            #expect(read.panels.count == page.expected.count, "\(page.name): panels")
            for (panel, expected) in zip(read.panels, page.expected) {
                let want = expected.map(AccessibilityBrowserReport.Element.init(expecting:))
                #expect(panel.elements.count == want.count, "\(page.name): \(panel.elements.count) elements in Chromium, \(want.count) expected")
                for (k, (got, wanted)) in zip(panel.elements, want).enumerated() where got != wanted {
                    Issue.record("\(page.name): element \(k + 1): Chromium \(got.debugText), expected \(wanted.debugText)")
                    break
                }
                compared += want.count
            }
        }
        print("accessibility tree: \(compared) elements on \(pages.count) pages compared with Chromium")
        #expect(compared > 500)
    }

    @Test func `Chromium reads the form's inputs as a switch, a spinbutton, text boxes, a radio group and a button, with their states`() throws {
        let (pages, report) = try AccessibilityBrowserCheck.result.get()
        let k = try #require(pages.firstIndex { $0.name == "form iphone-16 leftToRight" })
        let elements = report.pages[k].panels.first?.elements ?? []
        #expect(elements.map(\.role) == ["switch", "switch", "spinbutton", "textbox", "textbox", "radiogroup", "button"])
        #expect(elements.map(\.name) == ["Wi-Fi", "Bluetooth", "Quantity", "Name", "Add a note", "Size", "Colour"])
        #expect(elements.prefix(3).map(\.state) == ["true", "false", "3"])
    }

    @Test func `the held-out screen reads in sort priority, then top to bottom, with the card combined and decorations hidden`() throws {
        let (pages, report) = try AccessibilityBrowserCheck.result.get()
        let k = try #require(pages.firstIndex { $0.name == "held-out iphone-16 leftToRight" })
        let names = report.pages[k].panels.first?.elements.map(\.name) ?? []
        #expect(names == ["Read first", "Orders", "Trail Runner 3, $129", "Close", "Pay", "Help", "Read second"])
        let roles = report.pages[k].panels.first?.elements.map(\.role) ?? []
        #expect(roles == ["StaticText", "heading", "StaticText", "button", "button", "link", "StaticText"])
        let rightToLeft = try #require(pages.firstIndex { $0.name == "held-out iphone-16 rightToLeft" })
        #expect(report.pages[rightToLeft].panels.first?.elements.map(\.name) == names,
                "mirrored, the row still reads leading to trailing: Close, Pay, Help")
    }
}
