import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

/// Every example in three windows, as HTML and SVG, against reviewed references (fonts omitted: they would
/// repeat ~0.5 MB per file; `EmbeddedFontsTests` covers them). The Hebrew and Arabic examples are laid out right
/// to left (`Examples.rightToLeft`), and the storefront is also shown mirrored.
@Suite struct SnapshotTests {
    static let windows = ["iphone-se-3", "ipad-pro-13-m4", "ipad-pro-13-m4:landscape:split-1/3"]
    static let cases: [(String, String)] = Examples.names.flatMap { name in windows.map { (name, $0) } }

    static func fileName(_ example: String, _ window: String, _ ext: String) -> String {
        example + "." + window.replacingOccurrences(of: ":", with: ".").replacingOccurrences(of: "/", with: "-") + "." + ext
    }

    @Test func `the examples are present`() {
        #expect(Examples.names.contains("storefront"))
        #expect(Examples.names.count >= 3)
    }

    @Test(arguments: cases)
    func `HTML of each example matches its reviewed reference`(_ example: String, _ window: String) throws {
        let screen = try Examples.screen(example)
        let layout = Examples.layout(screen, try Examples.window(window), direction: Examples.layoutDirection(example))
        let html = HTMLRenderer(options: .init(fonts: .omitted)).document(layout)
        Snapshot.assert(html, named: Self.fileName(example, window, "html"))
    }

    @Test(arguments: cases)
    func `SVG of each example matches its reviewed reference`(_ example: String, _ window: String) throws {
        let screen = try Examples.screen(example)
        let layout = Examples.layout(screen, try Examples.window(window), direction: Examples.layoutDirection(example))
        let svg = SVGRenderer(fonts: .omitted).render(layout)
        Snapshot.assert(svg, named: Self.fileName(example, window, "svg"))
    }

    @Test(arguments: ["html", "svg"])
    func `the storefront laid out right to left matches its reviewed reference`(_ format: String) throws {
        let screen = try Examples.screen("storefront")
        let layout = Examples.layout(screen, try Examples.window("iphone-se-3"), direction: .rightToLeft)
        let output = format == "html" ? HTMLRenderer(options: .init(fonts: .omitted)).document(layout)
            : SVGRenderer(fonts: .omitted).render(layout)
        Snapshot.assert(output, named: "storefront.iphone-se-3.rtl." + format)
    }

    @Test func `dark storefront on iPhone SE matches its reviewed reference`() throws {
        let screen = try Examples.screen("storefront")
        let layout = Examples.layout(screen, try Examples.window("iphone-se-3"), style: .dark)
        Snapshot.assert(SVGRenderer(fonts: .omitted).render(layout), named: "storefront.iphone-se-3.dark.svg")
    }
}
