import Foundation
import SDUIEnvironment
import SDUIFixtures
import SDUILayout
import SDUISchema
import Testing

/// Embedded layouts (`LayoutEngine.layout(_:proposal:in:traits:)`): what `sdui layout --proposal`, the UIKit host's
/// `SDUIView` and the SwiftUI host's `SDUIView` size a payload to. The published cases are fixtures
/// (`Fixtures/published-*proposal*.json`, docs/swiftui-reference-layouts.md); these check the entry point's own rules.
@Suite struct ProposalLayoutTests {
    static let card = """
    {"schemaVersion": 1, "id": "card", "root": {"type": "vstack", "id": "card", "alignment": "leading", "spacing": 8,
     "padding": 12, "background": "#F2F2F7", "children": [
      {"type": "image", "id": "photo", "url": "https://example.com/a.jpg", "aspectRatio": 1.5},
      {"type": "text", "id": "title", "text": "A handmade ceramic mug with a long name that wraps", "style": "headline"},
      {"type": "hstack", "id": "row", "children": [
        {"type": "text", "id": "price", "text": "$29", "style": "subheadline"}, {"type": "spacer"},
        {"type": "button", "id": "buy", "title": "Buy", "frame": {"minWidth": 44, "minHeight": 44},
         "action": {"type": "navigate", "screen": "mug"}}]}]}}
    """

    static func decode(_ text: String) throws -> Screen {
        let decoded = PayloadDecoder().decode(Data(text.utf8))
        return try #require(decoded.screen, "\(decoded.errors)")
    }

    static func frames(_ result: LayoutResult) -> [Rect] { (0..<result.nodeCount).map(result.frame(at:)) }

    @Test func `the root is at the origin and the window is its size, with no safe area`() throws {
        let screen = try Self.decode(Self.card)
        let device = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!))
        let result = LayoutEngine().layout(screen, proposal: ProposedViewSize(width: 320, height: nil), in: device,
                                           traits: device.traitCollection())
        let root = result.frame(at: 0)
        #expect(root.x == 0 && root.y == 0 && root.width == 320)
        #expect(result.environment.size == root.size)
        #expect(result.environment.safeAreaInsets == .zero)
        #expect(result.environment.mode == .window(root.size))
        #expect(result.environment.horizontalSizeClass == device.horizontalSizeClass)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test(arguments: [ProposedViewSize(width: 320, height: nil), ProposedViewSize(width: 200, height: nil),
                      ProposedViewSize(width: 1024, height: nil)])
    func `proposing the size a width-only proposal answered gives the same frames`(_ proposal: ProposedViewSize) throws {
        // An Auto Layout host asks for the height at its width, then lays out at that width and height: the frames must
        // not move. (Not so at nil × nil, in SwiftUI either: a spacer answers its minimum at an unspecified width and
        // expands at an exact one.)
        let screen = try Self.decode(Self.card)
        let environment = window(390, 844)
        let first = LayoutEngine().layout(screen, proposal: proposal, in: environment, traits: environment.traitCollection())
        let size = first.environment.size
        let again = LayoutEngine().layout(screen, proposal: ProposedViewSize(size), in: environment, traits: environment.traitCollection())
        #expect(zip(Self.frames(again), Self.frames(first)).allSatisfy { near($0, $1, 1e-9) }, "\(proposal)")
        #expect(near(Rect(origin: .zero, size: again.environment.size), Rect(origin: .zero, size: size), 1e-9))
    }

    @Test func `an exact proposal lays out like a window of that size, moved to the origin`() throws {
        // A free-form window with no safe area proposes its size to the root and centres it; an embedded layout at
        // the same proposal places the root at the origin. Everything else is the same, shifted by the centring.
        for screen in [try Self.decode(Self.card), BenchmarkFixtures.cards(count: 6)] {
            for size in [Size(width: 320, height: 700), Size(width: 375, height: 420), Size(width: 768, height: 1024)] {
                let environment = window(size.width, size.height)
                let traits = environment.traitCollection()
                let windowed = LayoutEngine().layout(screen, in: environment, traits: traits)
                let embedded = LayoutEngine().layout(screen, proposal: ProposedViewSize(size), in: environment, traits: traits)
                let shift = windowed.frame(at: 0).origin
                #expect(embedded.nodeCount == windowed.nodeCount)
                for (a, b) in zip(Self.frames(embedded), Self.frames(windowed)) {
                    #expect(near(a, Rect(x: b.x - shift.x, y: b.y - shift.y, width: b.width, height: b.height), 1e-9),
                            "\(screen.id) at \(size): \(a) vs \(b)")
                }
            }
        }
    }

    @Test func `right to left mirrors inside the root, which stays at the origin`() throws {
        let screen = try Self.decode(Self.card)
        let environment = window(390, 844)
        let proposal = ProposedViewSize(width: 320, height: nil)
        let ltr = LayoutEngine().layout(screen, proposal: proposal, in: environment, traits: environment.traitCollection())
        let rtl = LayoutEngine().layout(screen, proposal: proposal, in: environment,
                                        traits: environment.traitCollection(layoutDirection: .rightToLeft))
        #expect(rtl.frame(at: 0) == ltr.frame(at: 0))
        for (a, b) in zip(Self.frames(rtl), Self.frames(ltr)) {
            #expect(near(a, Rect(x: 320 - b.x - b.width, y: b.y, width: b.width, height: b.height), 1e-9))
        }
    }

    @Test func `sides that are negative, not finite or huge are taken as checked, never trapping`() throws {
        let screen = try Self.decode(Self.card)
        let environment = window(390, 844)
        let traits = environment.traitCollection()
        let cases: [(ProposedViewSize, ProposedViewSize)] = [
            (ProposedViewSize(width: -5, height: nil), ProposedViewSize(width: 0, height: nil)),
            (ProposedViewSize(width: .nan, height: .infinity), .unspecified),
            (ProposedViewSize(width: 1e12, height: -.infinity), ProposedViewSize(width: 100_000, height: nil)),
        ]
        for (given, checked) in cases {
            #expect(given.checked == checked)
            let a = LayoutEngine().layout(screen, proposal: given, in: environment, traits: traits)
            let b = LayoutEngine().layout(screen, proposal: checked, in: environment, traits: traits)
            #expect(Self.frames(a) == Self.frames(b), "\(given)")
            #expect(Self.frames(a).allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.width.isFinite && $0.height.isFinite })
        }
    }

    @Test func `a root larger than a specified side is a content-overflow warning`() throws {
        let screen = try Self.decode("""
        {"schemaVersion": 1, "id": "wide", "root": {"type": "color", "id": "c", "color": "red", "frame": {"width": 400, "height": 50}}}
        """)
        let environment = window(390, 844)
        let result = LayoutEngine().layout(screen, proposal: ProposedViewSize(width: 320, height: nil), in: environment,
                                           traits: environment.traitCollection())
        #expect(result.frame(at: 0) == Rect(x: 0, y: 0, width: 400, height: 50))
        #expect(result.diagnostics.map(\.code) == ["content-overflow"])
        #expect(result.diagnostics.first?.severity == .warning)
        let ideal = LayoutEngine().layout(screen, proposal: .unspecified, in: environment, traits: environment.traitCollection())
        #expect(ideal.diagnostics.isEmpty)
    }

    @Test func `a state change at a proposal equals a fresh layout of the new state at that proposal`() throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 8))
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(390, 844)
        let traits = environment.traitCollection()
        let proposal = ProposedViewSize(width: 375, height: nil)
        _ = engine.layout(screen, proposal: proposal, in: environment, traits: traits)
        var state = screen.state
        for (name, value) in [("badge3", 12), ("badge3", 1_000_000), ("badge0", 7), ("badge3", 0)] {
            state.set(name, to: .int(value))
            let made = updater.update(to: state, changedNames: [name])
            let update = try #require(made)
            let result = engine.layout(applying: update, proposal: proposal, in: environment, traits: traits)
            let fresh = LayoutEngine().layout(update.screen, proposal: proposal, in: environment, traits: traits)
            RememberedLayoutTests.expectSame(result, fresh, "\(name) = \(value)")
            #expect(result.environment == fresh.environment, "\(name) = \(value)")
        }
        #expect(engine.incrementalLayoutCount > 0, "the change took the incremental path")
    }
}
