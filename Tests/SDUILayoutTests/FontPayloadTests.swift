import Foundation
import Testing
@testable import SDUILayout
import SDUIEnvironment
import SDUISchema

/// The payload's `fontFamily`, `fontSize` and `italic` laid out by an engine given font files: the face CSS font
/// matching picks, sizes that follow Dynamic Type relative to the text style, the face's line height, an unknown
/// family warned about and measured in the built-in face.
@Suite struct FontPayloadTests {
    static let regular = try! FontReaderTests.face("Lato-Regular-subset.ttf")
    static let bold = try! FontReaderTests.face("Lato-Bold-subset.ttf")
    static let italic = try! FontReaderTests.face("Lato-Italic-subset.ttf")
    static let fonts = FontCollection(faces: [regular, bold, italic])

    static func screen(_ nodes: String, state: String = "") -> Screen {
        let stateMember = state.isEmpty ? "" : "\"state\": " + state + ", "
        let json = "{\"schemaVersion\": 1, " + stateMember
            + "\"root\": {\"type\": \"vstack\", \"alignment\": \"leading\", \"children\": [" + nodes + "]}}"
        return try! Screen(jsonData: Data(json.utf8))
    }

    static func layout(_ screen: Screen, fonts: FontCollection = fonts, contentSize: ContentSizeCategory = .large,
                       width: Double = 390) -> LayoutResult {
        let environment = window(width, 800)
        return LayoutEngine(fonts: fonts).layout(screen, in: environment, traits: environment.traitCollection(contentSize: contentSize))
    }

    @Test func `a family is measured in the face CSS matching picks`() {
        let result = Self.layout(Self.screen(#"""
            {"type": "text", "id": "plain", "text": "WAVE AWAY", "fontFamily": "Lato"},
            {"type": "text", "id": "bold", "text": "WAVE AWAY", "fontFamily": "lato", "weight": "bold"},
            {"type": "text", "id": "semibold", "text": "WAVE AWAY", "fontFamily": "Lato", "weight": "semibold"},
            {"type": "text", "id": "medium", "text": "WAVE AWAY", "fontFamily": "Lato", "weight": "medium"},
            {"type": "text", "id": "italic", "text": "WAVE AWAY", "fontFamily": "Lato", "italic": true},
            {"type": "text", "id": "headline", "text": "WAVE AWAY", "fontFamily": "Lato", "style": "headline"}
            """#))
        // The faces of another weight than asked are info findings, with the node's pointer.
        let substituted = result.diagnostics.filter { $0.code == "font-face-substituted" }
        #expect(substituted.map(\.path) == ["semibold", "medium"])
        #expect(substituted.allSatisfy { $0.severity == .info && $0.pointer.hasSuffix("/fontFamily") })
        #expect(substituted.first?.message == "weight 600 asked; drawn in Lato Bold (weight 700), the nearest face the fonts have (no bold or italic is synthesised)")
        #expect(result.diagnostics.count == 2)
        #expect(result.node("plain")?.text?.face === Self.regular)
        #expect(result.node("bold")?.text?.face === Self.bold)
        // CSS Fonts 4: 600 looks heavier first; 500 looks up to 500, then lighter.
        #expect(result.node("semibold")?.text?.face === Self.bold)
        #expect(result.node("medium")?.text?.face === Self.regular)
        #expect(result.node("italic")?.text?.face === Self.italic)
        #expect(result.node("italic")?.text?.isItalic == true)
        // SwiftUI's Font.custom: the face's weight unless fontWeight says otherwise (a headline is not made bold).
        #expect(result.node("headline")?.text?.face === Self.regular)
        #expect(result.node("headline")?.text?.fontWeight == 400)
        // Measured in the face, kerning on: the frame is the face's width.
        let width = TextMeasurer().measure("WAVE AWAY", font: FontSpec(size: 17, lineHeight: 20, face: Self.regular),
                                           maxWidth: .infinity, lineLimit: 1).size.width
        #expect(near(result.frame("plain")!.width, width, 1e-9))
        #expect(result.frame("bold")!.width > result.frame("plain")!.width)
        #expect(near(result.frame("plain")!.height, Self.regular.lineHeight(size: 17), 1e-9))
    }

    @Test(arguments: [ContentSizeCategory.xSmall, .large, .xxxLarge, .accessibility5])
    func `fontSize scales with Dynamic Type relative to the style`(contentSize: ContentSizeCategory) {
        let result = Self.layout(Self.screen(#"""
            {"type": "text", "id": "body", "text": "Hello", "fontFamily": "Lato", "fontSize": 20},
            {"type": "text", "id": "caption", "text": "Hello", "fontFamily": "Lato", "fontSize": 20, "style": "caption"},
            {"type": "text", "id": "builtIn", "text": "Hello", "fontSize": 20}
            """#), contentSize: contentSize)
        for (id, style) in [("body", TextStyle.body), ("caption", .caption)] {
            let expected = 20 * DynamicTypeTable.metrics(style, contentSize).size / DynamicTypeTable.metrics(style, .large).size
            let run = result.node(id)?.text
            #expect(near(run?.fontSize ?? 0, expected, 1e-9), "\(id) at \(contentSize)")
            #expect(near(run?.lineHeight ?? 0, Self.regular.lineHeight(size: expected), 1e-9))
        }
        // The built-in face at a payload's size: the style's line height scaled with the size.
        let body = DynamicTypeTable.metrics(.body, contentSize)
        let size = 20 * body.size / 17
        #expect(near(result.node("builtIn")?.text?.fontSize ?? 0, size, 1e-9))
        #expect(near(result.node("builtIn")?.text?.lineHeight ?? 0, body.lineHeight * size / body.size, 1e-9))
        #expect(result.node("builtIn")?.text?.face == nil)
    }

    @Test func `an unknown family warns with its pointer and uses the built-in face`() {
        let screen = Self.screen(#"""
            {"type": "text", "id": "typo", "text": "Hello there", "fontFamily": "Latto", "style": "headline"},
            {"type": "text", "id": "plain", "text": "Hello there", "weight": "regular"},
            {"type": "text", "id": "hidden", "text": "x", "fontFamily": "Nope", "visible": false}
            """#)
        let result = Self.layout(screen)
        let found = result.diagnostics.filter { $0.code == "font-not-found" }
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.pointer == "/root/children/0/fontFamily")
        #expect(found.first?.path == "typo")
        #expect(found.first?.message.contains("did you mean \"Lato\"") == true)
        #expect(result.node("typo")?.text?.face == nil)
        // The built-in face at the node's weight, regular (a named family's weight is not the style's).
        #expect(result.frame("typo")!.width == result.frame("plain")!.width)
        // Without fonts at all, the message says so.
        let bare = Self.layout(screen, fonts: FontCollection())
        #expect(bare.diagnostics.first { $0.code == "font-not-found" }?.message.contains("no font files were given") == true)
    }

    @Test func `labels, buttons and inputs take the family`() {
        let result = Self.layout(Self.screen(#"""
            {"type": "label", "id": "label", "title": "Saved", "systemImage": "star", "fontFamily": "Lato", "italic": true},
            {"type": "button", "id": "button", "title": "Buy now", "fontFamily": "Lato", "style": "borderedProminent"},
            {"type": "toggle", "id": "toggle", "label": "Wifi", "isOn": "@{on}", "fontFamily": "Lato"},
            {"type": "textField", "id": "field", "text": "@{name}", "placeholder": "Name", "fontFamily": "Lato", "fontSize": 20}
            """#, state: #"{"on": true, "name": ""}"#))
        #expect(result.diagnostics.filter { $0.code == "font-not-found" }.isEmpty)
        #expect(result.node("label")?.text?.face === Self.italic)
        // A prominent button's title is semibold: Lato's bold face.
        #expect(result.node("button")?.text?.face === Self.bold)
        #expect(result.node("toggle")?.text?.face === Self.regular)
        #expect(result.node("field")?.text?.face === Self.regular)
        #expect(result.node("field")?.text?.fontSize == 20)
    }

    @Test func `size-class maps and bindings choose the family`() {
        let screen = Self.screen(#"""
            {"type": "text", "id": "map", "text": "Hello", "fontFamily": {"compact": "Lato", "regular": "Unknown"}},
            {"type": "text", "id": "bound", "text": "Hello", "fontFamily": "@{brand}", "italic": "@{slanted}"}
            """#, state: #"{"brand": "Lato", "slanted": true}"#)
        let compact = Self.layout(screen)
        #expect(compact.node("map")?.text?.face === Self.regular)
        #expect(compact.node("bound")?.text?.face === Self.italic)
        let environment = device("ipad-pro-13-m4")
        let regular = LayoutEngine(fonts: Self.fonts).layout(screen, in: environment, traits: environment.traitCollection())
        #expect(regular.node("map")?.text?.face == nil)
        #expect(regular.diagnostics.contains { $0.code == "font-not-found" && $0.pointer == "/root/children/0/fontFamily" })
    }

    @Test func `engines with other fonts never share a screen's faces`() {
        let screen = Self.screen(#"{"type": "text", "id": "t", "text": "WAVE", "fontFamily": "Lato"}"#)
        let bare = Self.layout(screen, fonts: FontCollection())
        let withFonts = Self.layout(screen)
        let bareAgain = Self.layout(screen, fonts: FontCollection())
        #expect(bare.node("t")?.text?.face == nil && bareAgain.node("t")?.text?.face == nil)
        #expect(withFonts.node("t")?.text?.face === Self.regular)
        #expect(bare.codes() == ["font-not-found"] && withFonts.diagnostics.isEmpty)
        // An engine's fonts can change: the next layout measures in the new ones.
        let engine = LayoutEngine()
        let environment = window(390, 800)
        #expect(engine.layout(screen, in: environment, traits: environment.traitCollection()).node("t")?.text?.face == nil)
        engine.fonts = Self.fonts
        #expect(engine.layout(screen, in: environment, traits: environment.traitCollection()).node("t")?.text?.face === Self.regular)
    }

    @Test func `viewport layouts pick faces in realised rows`() {
        let items = (0..<40).map { #"{"type": "text", "id": "item\#($0)", "text": "Item \#($0)", "fontFamily": "\#($0 == 3 ? "Nope" : "Lato")"}"# }
        let json = #"{"schemaVersion": 1, "root": {"type": "scroll", "children": [{"type": "grid", "columns": 2, "children": [\#(items.joined(separator: ","))]}]}}"#
        let screen = try! Screen(jsonData: Data(json.utf8))
        let environment = window(390, 800)
        let result = LayoutEngine(fonts: Self.fonts).layout(screen, in: environment, traits: environment.traitCollection(),
                                                            viewport: ScrollViewport(offset: 0))
        #expect(result.node("item0")?.text?.face === Self.regular)
        #expect(result.diagnostics.contains { $0.code == "font-not-found" && $0.path == "item3" })
    }

    @Test func `a variable font is measured at its default instance and reported`() throws {
        let stub = try FontReaderTests.face("VariableStub.ttf")
        #expect(stub.isVariable && stub.family == "Variable Stub" && stub.weight == 400)
        let result = Self.layout(Self.screen(#"""
            {"type": "text", "id": "regular", "text": "WAVE AWAY", "fontFamily": "Variable Stub"},
            {"type": "text", "id": "bold", "text": "WAVE AWAY", "fontFamily": "Variable Stub", "weight": "bold"}
            """#), fonts: FontCollection(faces: [stub]))
        let found = result.diagnostics.filter { $0.code == "font-face-substituted" }
        #expect(found.map(\.path) == ["regular", "bold"])
        #expect(found.allSatisfy { $0.severity == .info && $0.pointer.hasSuffix("/fontFamily") })
        #expect(found.first?.message == "Variable Stub Regular (weight 400) is a variable font: measured and drawn at its default instance (named instances are not read)")
        #expect(found.last?.message.hasPrefix("weight 700 asked; drawn in Variable Stub Regular (weight 400)") == true)
        #expect(found.last?.message.hasSuffix("; a variable font, at its default instance") == true)
        // The default instance is the regular face the file holds: both measure as Lato Regular, no bold is made.
        let lato = Self.layout(Self.screen(#"{"type": "text", "id": "regular", "text": "WAVE AWAY", "fontFamily": "Lato"}"#))
        #expect(near(result.frame("regular")!.width, lato.frame("regular")!.width, 1e-9))
        #expect(near(result.frame("bold")!.width, lato.frame("regular")!.width, 1e-9))
    }
}
