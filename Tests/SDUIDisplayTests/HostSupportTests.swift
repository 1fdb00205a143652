import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIDisplay

@MainActor @Suite struct HostSupportTests {
    static let good = ImageRequest(source: "https://img.example/a.jpg", loadableURL: "https://img.example/a.jpg",
                                   contentMode: .fill, placeholder: .skeleton, isFlipped: false)

    @Test func `a scroll's content extent is its children's frames at offset 0, past the leading edge in right to left`() throws {
        let rows = (0..<40).map { #"{"type": "text", "text": "Row \#($0)"}"# }.joined(separator: ", ")
        let chips = (0..<12).map { #"{"type": "text", "text": "Chip number \#($0)"}"# }.joined(separator: ", ")
        let screen = try Screen(json: #"""
        {"schemaVersion": 1, "id": "s", "root": {"type": "scroll", "children": [{"type": "vstack", "children": [
          {"type": "scroll", "id": "chips", "axis": "horizontal", "children": [{"type": "hstack", "spacing": 8, "children": [\#(chips)]}]},
          \#(rows)]}]}}
        """#)
        let window = Fixture.window("iphone-16")
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let items = Fixture.items(screen, window, direction: direction)
            let extents = ScrollContent.extents(of: items)
            #expect(extents.map(\.index) == items.indices.filter { items[$0].type == .scroll })
            let root = try #require(extents.first { $0.index == 0 }), viewport = items[0].frame
            #expect(root.extent.maxY > viewport.height, "forty rows run past the screen")
            #expect(root.extent.minY >= 0 && root.extent.minX >= 0)
            let chips = try #require(extents.first { items[$0.index].payloadID == "chips" })
            let width = items[chips.index].frame.width
            #expect(chips.extent.width > width, "the chips run past the scroll's width")
            if direction == .leftToRight {
                #expect(chips.extent.minX == 0)
            } else {
                // Right to left: the start is at the right edge; the rest lies at negative x.
                #expect(chips.extent.minX < 0)
                #expect(abs(chips.extent.maxX - width) < 0.001)
            }
        }
    }

    @Test func `an image view goes empty, then success or failure; a stale completion is ignored`() {
        var state = ImageLoadingState<String>()
        let first = state.show(Self.good, cached: nil)
        #expect(first == .fetch("https://img.example/a.jpg"))
        guard case .empty = state.phase else { Issue.record("not empty"); return }
        var other = Self.good
        other.loadableURL = "https://img.example/b.jpg"
        let second = state.show(other, cached: nil)
        #expect(second == .fetch("https://img.example/b.jpg"))
        let stale = state.complete(url: "https://img.example/a.jpg", image: "A")
        #expect(!stale)  // the view moved on
        let done = state.complete(url: "https://img.example/b.jpg", image: "B")
        #expect(done)
        guard case .success("B") = state.phase else { Issue.record("not B"); return }
        let again = state.show(other, cached: nil)
        #expect(again == .none)  // already showing it
        let failed = state.complete(url: "https://img.example/b.jpg", image: nil)
        #expect(failed)
        guard case .failure = state.phase else { Issue.record("not failure"); return }
    }

    @Test func `a URL that may not be loaded fails at once; a cached one succeeds at once`() {
        var state = ImageLoadingState<String>()
        var bad = Self.good
        bad.loadableURL = nil
        let refused = state.show(bad, cached: nil)
        #expect(refused == .none)
        guard case .failure = state.phase else { Issue.record("not failure"); return }
        let cachedStep = state.show(Self.good, cached: "A")
        #expect(cachedStep == .none)
        guard case .success("A") = state.phase else { Issue.record("not cached"); return }
    }

    @Test func `the cache evicts the least recently used pictures past its cost`() {
        let cache = ImageCache<String>(costLimit: 10)
        cache.insert("a", for: "a", cost: 4)
        cache.insert("b", for: "b", cost: 4)
        _ = cache.image(for: "a")
        cache.insert("c", for: "c", cost: 4)
        #expect(cache.image(for: "b") == nil)
        #expect(cache.image(for: "a") == "a" && cache.image(for: "c") == "c")
        #expect(cache.totalCost == 8)
        cache.insert("huge", for: "huge", cost: 11)
        #expect(cache.image(for: "huge") == nil)
    }

    final class CountingFetcher: ImageFetching, @unchecked Sendable {
        let lock = NSLock()
        var calls = 0
        func data(for url: String) async throws -> Data {
            lock.withLock { calls += 1 }
            if url.hasSuffix("missing") { throw URLError(.fileDoesNotExist) }
            return Data(url.utf8)
        }
    }

    @Test func `the pipeline fetches each URL once for every view that asks, then serves the cache`() async {
        let fetcher = CountingFetcher()
        let pipeline = ImagePipeline<String>(fetcher: fetcher) { String(decoding: $0, as: UTF8.self) }
        var results: [String?] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            var left = 3
            for _ in 0..<3 {
                pipeline.load("https://img.example/a") { image in
                    results.append(image)
                    left -= 1
                    if left == 0 { done.resume() }
                }
            }
        }
        #expect(results == Array(repeating: "https://img.example/a", count: 3))
        #expect(pipeline.fetchCount == 1 && fetcher.calls == 1)
        var cached: String?
        pipeline.load("https://img.example/a") { cached = $0 }
        #expect(cached == "https://img.example/a" && fetcher.calls == 1)
        let failed: String? = await withCheckedContinuation { done in pipeline.load("https://img.example/missing") { done.resume(returning: $0) } }
        #expect(failed == nil)
    }

    @Test func `a tap hits the frontmost visible node with an action, not one clipped away`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "zstack", "children": [
          {"type": "color", "id": "back", "color": "red", "action": {"type": "navigate", "screen": "a"}},
          {"type": "button", "id": "front", "title": "Go", "action": {"type": "navigate", "screen": "b"}}]}}
        """)
        let items = Fixture.items(screen, Fixture.window("iphone-16"))
        let front = try #require(items.first { $0.id == "front" })
        let center = Point(x: front.frame.x + front.frame.width / 2, y: front.frame.y + front.frame.height / 2)
        #expect(ActionHitTest.item(at: center, in: items)?.id == "front")
        #expect(ActionHitTest.item(at: Point(x: 2, y: 400), in: items)?.id == "back")
        #expect(ActionHitTest.item(at: Point(x: -5, y: -5), in: items) == nil)
    }

    @Test func `registered types get the factory's product, built-ins the host's, unknown types a placeholder`() throws {
        var factories = ComponentFactories<String>()
        factories.register(type: "map") { "map:" + $0.id }
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [{"type": "map", "id": "m"}, {"type": "chart"}]}}
        """)
        let items = Fixture.items(screen, Fixture.window("iphone-16"))
        guard case .builtIn = factories.resolve(items[0]), case .registered("map:m") = factories.resolve(items[1]),
              case .placeholder = factories.resolve(items[2]) else { Issue.record("wrong resolution"); return }
        #expect(factories.registeredTypes == ["map"])
    }

    /// Every character one em wide, on one line (enough for `overflowingLines`).
    final class WideFont: TextMeasuring {
        func measure(_ text: String, font: FontSpec, maxWidth: Double, lineLimit: Int?) -> TextLayout {
            let width = Double(text.count) * font.size
            return TextLayout(size: .init(width: width, height: font.lineHeight),
                              lines: [TextLine(utf8Range: 0..<text.utf8.count, width: width, text: text)],
                              isTruncated: false, usesFallbackFont: false, firstBaseline: 0, lastBaseline: 0)
        }
    }

    @Test func `the engine's lines fit Inter exactly; a wider font is reported line by line`() throws {
        let screen = try Fixture.example("news-feed")
        let items = Fixture.items(screen, Fixture.window("iphone-se-3"))
        let inter = TextMeasurer()
        let texts = items.filter { $0.text != nil }
        #expect(!texts.isEmpty)
        #expect(texts.allSatisfy { $0.overflowingLines(measuredBy: inter).isEmpty })
        #expect(texts.contains { !$0.overflowingLines(measuredBy: WideFont()).isEmpty })
    }
}

@Suite struct HostEnvironmentTests {
    @Test func `a host view that fills a 393 × 852 phone is a phone of that screen, full screen; a smaller one a window of its size`() throws {
        let full = try #require(HostEnvironment.window(size: Size(width: 393, height: 852), safeArea: EdgeInsets(top: 59, bottom: 34),
                                                       screenSize: Size(width: 393, height: 852), idiom: .phone,
                                                       horizontalSizeClass: .compact, verticalSizeClass: .regular))
        #expect(full.device.portraitSize == Size(width: 393, height: 852) && full.device.idiom == .phone)
        #expect(full.mode == .fullScreen && full.size == Size(width: 393, height: 852))
        #expect(full.safeAreaInsets == EdgeInsets(top: 59, bottom: 34))
        let column = try #require(HostEnvironment.window(size: Size(width: 320, height: 1032), safeArea: EdgeInsets(),
                                                         screenSize: Size(width: 1376, height: 1032), idiom: .pad,
                                                         horizontalSizeClass: .compact, verticalSizeClass: .regular))
        #expect(column.device.idiom == .pad && column.orientation == .landscape)
        #expect(column.size == Size(width: 320, height: 1032) && column.horizontalSizeClass == .compact)
        #expect(HostEnvironment.window(size: Size(width: 0, height: 10), safeArea: EdgeInsets(), screenSize: Size(width: 1, height: 1),
                                       idiom: .phone, horizontalSizeClass: .compact, verticalSizeClass: .regular) == nil)
    }

    @Test func `UIKit's content size names map to the engine's Dynamic Type sizes`() {
        #expect(HostEnvironment.contentSize(uikitRawValue: "UICTContentSizeCategoryXS") == .xSmall)
        #expect(HostEnvironment.contentSize(uikitRawValue: "UICTContentSizeCategoryL") == .large)
        #expect(HostEnvironment.contentSize(uikitRawValue: "UICTContentSizeCategoryAccessibilityXXXL") == .accessibility5)
        #expect(HostEnvironment.contentSize(uikitRawValue: "UICTContentSizeCategoryUnspecified") == .large)
    }
}

@Test func `each keyboard maps to UIKit's documented UIKeyboardType raw value`() {
    let expected: [KeyboardType: Int] = [.default: 0, .url: 3, .numberPad: 4, .phonePad: 5, .emailAddress: 7, .decimalPad: 8]
    #expect(Dictionary(uniqueKeysWithValues: KeyboardType.allCases.map { ($0, $0.uikitRawValue) }) == expected)
}
