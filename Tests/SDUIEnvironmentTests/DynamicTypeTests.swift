import Foundation
import Testing
@testable import SDUIEnvironment

@Test func `the Dynamic Type table matches the reference for all 132 cells`() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/dynamic-type.json")
    let data = try Data(contentsOf: url)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let styles = try #require(json["styles"] as? [String: [String: Any]])
    var cells = 0
    for style in TextStyle.allCases {
        let entry = try #require(styles[style.rawValue])
        let sizes = try #require(entry["sizes"] as? [String: [String: Double]])
        for category in ContentSizeCategory.allCases {
            let cell = try #require(sizes[category.rawValue])
            let m = DynamicTypeTable.metrics(style, category)
            #expect(m.size == cell["size"], "\(style) \(category)")
            #expect(m.lineHeight == cell["leading"], "\(style) \(category)")
            #expect(m.weight.rawValue == entry["weight"] as? String)
            cells += 1
        }
    }
    #expect(cells == 132)
}

@Test func `body is 17 on 22 at the default size and headline is semibold`() {
    #expect(DynamicTypeTable.metrics(.body, .large) == TextStyleMetrics(size: 17, lineHeight: 22, weight: .regular, emphasizedWeight: .semibold))
    #expect(DynamicTypeTable.metrics(.headline, .large).weight == .semibold)
    #expect(DynamicTypeTable.metrics(.largeTitle, .accessibility5).size == 60)
}

@Test(arguments: [("xSmall", ContentSizeCategory.xSmall), ("Large", .large), ("large", .large), ("AX3", .accessibility3),
                  ("accessibility5", .accessibility5), ("accessibilityExtraLarge", .accessibility3), ("xxxLarge", .xxxLarge)])
func `content sizes parse from every common spelling`(text: String, expected: ContentSizeCategory) {
    #expect(ContentSizeCategory(parsing: text) == expected)
}

@Test func `content sizes are ordered and accessibility sizes are flagged`() {
    #expect(ContentSizeCategory.allCases.count == 12)
    #expect(ContentSizeCategory.xSmall < .accessibility1)
    #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    #expect(ContentSizeCategory(parsing: "huge") == nil)
}

@Test func `trait collections derive from the window and report what changed`() throws {
    let d = DeviceCatalog.device(named: "iphone-16-pro-max")!
    let portrait = try WindowEnvironment(WindowConfiguration(device: d)).traitCollection()
    let landscape = try WindowEnvironment(WindowConfiguration(device: d, orientation: .landscape)).traitCollection(contentSize: .accessibility2, style: .dark)
    #expect(portrait.displayScale == 3 && portrait.userInterfaceIdiom == .phone)
    #expect(Set(landscape.changedTraits(from: portrait)) == ["horizontalSizeClass", "verticalSizeClass", "interfaceOrientation", "userInterfaceStyle", "preferredContentSizeCategory"])
}

@Test func `content sizes, text styles and font weights number their cases in declaration order`() {
    for (i, category) in ContentSizeCategory.allCases.enumerated() { #expect(category.rawIndex == i) }
    // The table is indexed by style: each style's default-size metrics must be its own row of the reference.
    #expect(DynamicTypeTable.metrics(.largeTitle, .large).size == 34)
    #expect(DynamicTypeTable.metrics(.caption2, .large).size == 11)
    for (i, weight) in FontWeight.allCases.enumerated() { #expect(weight.cssWeight == (i + 1) * 100) }
}
