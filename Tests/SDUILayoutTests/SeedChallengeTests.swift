import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing

/// The seed's challenge: the same storefront payload gives 2 columns on iPhone SE, 4 on iPad Pro 13",
/// and 1 in an iPad Pro 11" one-third Split View — with no layout error.
@Suite struct SeedChallengeTests {
    static func storefront() throws -> Screen {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/storefront.json").standardized
        let data = try #require(FileManager.default.contents(atPath: url.path))
        return try Screen(jsonData: data)
    }

    /// Distinct x positions of the product grid's cards.
    static func columns(_ environment: WindowEnvironment) throws -> (Int, LayoutResult) {
        let result = LayoutEngine().layout(try storefront(), in: environment, traits: environment.traitCollection())
        let grid = try #require(result.nodes.firstIndex { $0.type == .grid })
        let xs = Set(result.nodes.filter { $0.parent == grid && !$0.isHidden }.map { ($0.frame.x * 100).rounded() })
        return (xs.count, result)
    }

    /// Diagnostics that mean the layout itself failed (the seed's "constraint conflict"): overflow, frame
    /// conflicts, columns below their minimum. (The example's bordered buttons are 36 pt tall and rightly
    /// reported as small tap targets; that is a content finding, not a layout error.)
    static func layoutErrors(_ result: LayoutResult) -> [String] {
        result.diagnostics.filter { ["content-overflow", "frame-conflict", "grid-columns-below-minimum"].contains($0.code) }
            .map { "\($0.code) \($0.path): \($0.message)" }
    }

    @Test func `iPhone SE portrait gets two columns`() throws {
        let (columns, result) = try Self.columns(device("iphone-se-3"))
        #expect(columns == 2)
        #expect(Self.layoutErrors(result).isEmpty, "\(Self.layoutErrors(result))")
    }

    @Test(arguments: [InterfaceOrientation.portrait, .landscape])
    func `iPad Pro 13-inch gets four columns`(_ orientation: InterfaceOrientation) throws {
        let (columns, result) = try Self.columns(device("ipad-pro-13-m4", orientation))
        #expect(columns == 4)
        #expect(Self.layoutErrors(result).isEmpty, "\(Self.layoutErrors(result))")
    }

    @Test func `iPad Pro 11-inch one-third split gets one column`() throws {
        let environment = device("ipad-pro-11-m4", .portrait, .splitView(.oneThird))
        #expect(environment.size.width == 320)
        let (columns, result) = try Self.columns(environment)
        #expect(columns == 1)
        #expect(Self.layoutErrors(result).isEmpty, "\(Self.layoutErrors(result))")
    }
}
