import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
@testable import sdui
@testable import SDUILint

/// `sdui lint` lays out once per group of configurations whose layout inputs are equal (window size, safe area,
/// traits: the catalog's devices share windows) and places the findings on every member: exactly what laying
/// out every configuration finds.
@Suite struct LintLayoutSharingTests {
    @Test func `configurations with equal layout inputs share a layout and find what laying out each finds`() throws {
        let screen = try #require(PayloadDecoder().decode(LintCommandTests.cards(12, price: "$1,299")).screen)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            var runner = LintRunner(screen: screen, index: ScreenIndex(screen), windows: WindowEnvironment.allFixed(),
                                    sizes: LintCommand.defaultContentSizes)
            runner.layoutDirection = direction
            let groups = runner.sameLayoutGroups()
            // Every configuration in one group, in increasing order; members' inputs equal, groups' inputs differ.
            #expect(groups.flatMap { $0 }.sorted() == Array(0..<runner.configurationCount))
            #expect(groups.allSatisfy { $0 == $0.sorted() })
            func inputs(_ c: Int) -> LintRunner.LayoutInputs {
                let window = runner.windows[runner.configuration(c).window]
                return LintRunner.LayoutInputs(size: window.size, safeArea: window.safeAreaInsets, traits: runner.traits(c))
            }
            #expect(groups.allSatisfy { g in g.allSatisfy { inputs($0) == inputs(g[0]) } })
            #expect(Set(groups.map { inputs($0[0]) }).count == groups.count)
            // Not vacuous: devices share windows (of the catalog's 121 windows, 63 differ).
            #expect(groups.count < runner.configurationCount, "\(groups.count) groups")

            let shared = runner.run(jobs: 2)
            let each = runner.run(jobs: 2, groups: (0..<runner.configurationCount).map { [$0] })
            #expect(!each.isEmpty && shared.count == each.count)
            for (a, b) in zip(shared, each) {
                #expect(a.code == b.code && a.node == b.node && a.severity == b.severity, "\(a.code) at \(a.node)")
                #expect(a.message == b.message && a.firstConfiguration == b.firstConfiguration, "\(a.code) at \(a.node)")
                #expect(a.places == b.places && a.occurrences == b.occurrences, "\(a.code) at \(a.node)")
            }
        }
    }
}
