import Foundation
import Testing
import SDUIEnvironment

@testable import SDUILayout

/// The fixture Scripts/generate_text_reference.py writes: HarfBuzz's widths of strings shaped from the bundled font
/// files (default features: kerning, ligatures), and the widths Chromium laid out with the renderer's CSS.
struct TextReference: Decodable, Sendable {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var text: String
        var weight: Int
        var size: Double
        var width: Double
        var testDescription: String { "\(text.debugDescription) @\(weight) \(size)pt" }
    }
    struct ChromiumRow: Decodable, Sendable, CustomTestStringConvertible {
        var text: String
        var weight: Int
        var size: Double
        var width: Double
        var testDescription: String { "\(text.prefix(30).debugDescription) @\(weight) \(size)pt" }
    }
    struct Chromium: Decodable, Sendable {
        var browser: String
        var rows: [ChromiumRow]
    }
    var cases: [Case]
    var chromium: Chromium?

    /// Loaded from the source tree (the test target declares no resources).
    static let shared: TextReference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/text-reference.json")
        do {
            return try JSONDecoder().decode(TextReference.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

private let body = FontSpec(size: 17, weight: 400, lineHeight: 22)

/// Width of text shaped alone in the bundled Inter of `weight` (the shaper, not the measurer's line breaking).
private func shapedWidth(_ text: String, weight: Int = 400, size: Double = 17) -> Double {
    BundledFonts.face(weight: weight)!.width(of: text, size: size)
}

private func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
}

// MARK: - Widths

@Test(arguments: TextReference.shared.cases)
func `width of a reference string equals HarfBuzz's shaping of the bundled font`(_ reference: TextReference.Case) {
    let measurer = TextMeasurer()
    let font = FontSpec(size: reference.size, weight: reference.weight, lineHeight: reference.size * 1.3)
    let ideal = measurer.idealWidth(reference.text, font: font)
    #expect(isClose(ideal, reference.width), "idealWidth \(ideal) vs HarfBuzz \(reference.width)")
    let layout = measurer.measure(reference.text, font: font, maxWidth: .infinity, lineLimit: nil)
    #expect(layout.lines.count == 1)
    #expect(isClose(layout.size.width, reference.width))
    #expect(layout.usesFallbackFont == false)
}

@Test(arguments: TextReference.shared.chromium?.rows ?? [])
func `predicted width is within 0.5 percent of what Chromium lays out`(_ row: TextReference.ChromiumRow) {
    let measurer = TextMeasurer()
    let font = FontSpec(size: row.size, weight: row.weight, lineHeight: row.size * 1.3)
    let predicted = measurer.idealWidth(row.text, font: font)
    // Chromium rounds widths up to 1/64 px (LayoutUnit); the goal is 2 %, the evidence is far better.
    #expect(abs(predicted - row.width) <= max(0.005 * row.width, 1.0 / 32), "predicted \(predicted), Chromium \(row.width)")
}

@Test func `the fixture has Chromium evidence`() {
    #expect((TextReference.shared.chromium?.rows.count ?? 0) >= 50)
}

@Test func `ASCII fast path and grapheme path agree to the last bit`() {
    let measurer = TextMeasurer()
    // "Price\u{A0}…" forces the grapheme path; compare its Latin part with the fast path.
    let ascii = "Hello, World! 1,299.99"
    let fast = measurer.idealWidth(ascii, font: body)
    let slow = measurer.idealWidth(ascii + "\u{200B}", font: body)  // zero-width space: non-ASCII, adds 0
    #expect(fast == slow)
    #expect(isClose(fast, shapedWidth(ascii)))
}

@Test func `an ellipsis alone is its glyph's advance`() {
    let measurer = TextMeasurer()
    for weight in [400, 500, 600, 700] {
        let font = FontSpec(size: 20, weight: weight, lineHeight: 24)
        let inter = BundledFonts.face(weight: weight)!
        let expected = Double(inter.advance(ofGlyph: inter.glyph(for: 0x2026))) * 20 / Double(inter.unitsPerEm)
        #expect(isClose(measurer.idealWidth("…", font: font), expected))
    }
}

@Test(arguments: [(100, 400), (300, 400), (400, 400), (450, 500), (500, 500), (520, 600), (550, 600), (600, 600),
                  (650, 700), (700, 700), (800, 700), (900, 700)])
func `CSS weights map to the face CSS font matching picks`(_ weight: Int, _ face: Int) {
    #expect(BundledFonts.face(weight: weight)?.weight == face)
    let measurer = TextMeasurer()
    let text = "Weight"
    #expect(
        measurer.idealWidth(text, font: FontSpec(size: 17, weight: weight, lineHeight: 22))
            == measurer.idealWidth(text, font: FontSpec(size: 17, weight: face, lineHeight: 22)))
}

// MARK: - Wrapping

@Test func `words wrap greedily at spaces and trailing spaces do not count`() {
    let measurer = TextMeasurer()
    let text = "The quick brown fox jumps over the lazy dog"
    // Room for "The quick brown fox" but not for "The quick brown fox jumps".
    let maxWidth = shapedWidth("The quick brown fox") + 1
    let layout = measurer.measure(text, font: body, maxWidth: maxWidth, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["The quick brown fox", "jumps over the lazy", "dog"])
    #expect(isClose(layout.lines[0].width, shapedWidth("The quick brown fox")))
    #expect(isClose(layout.lines[1].width, shapedWidth("jumps over the lazy")))
    #expect(layout.size.width <= maxWidth)
    #expect(isClose(layout.size.width, max(shapedWidth("The quick brown fox"), shapedWidth("jumps over the lazy"))))
    #expect(layout.size.height == 3 * 22)
    #expect(layout.isTruncated == false)
    let utf8 = Array(text.utf8)
    for line in layout.lines {
        #expect(String(decoding: utf8[line.utf8Range], as: UTF8.self) == line.text)
    }
}

@Test func `spaces at the end of a line hang and lines never start with them`() {
    let measurer = TextMeasurer()
    let layout = measurer.measure("abc      def", font: body, maxWidth: shapedWidth("abc") + 2, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["abc", "def"])
    #expect(isClose(measurer.idealWidth("abc   ", font: body), shapedWidth("abc")))
    let leading = measurer.measure("   abc", font: body, maxWidth: .infinity, lineLimit: nil)
    #expect(isClose(leading.size.width, shapedWidth("   abc")))
}

@Test func `newlines start new lines and a trailing newline adds none`() {
    let measurer = TextMeasurer()
    #expect(measurer.measure("a\nb", font: body, maxWidth: .infinity, lineLimit: nil).lines.map(\.text) == ["a", "b"])
    #expect(measurer.measure("a\n\nb", font: body, maxWidth: .infinity, lineLimit: nil).lines.map(\.text) == ["a", "", "b"])
    #expect(measurer.measure("a\r\nb", font: body, maxWidth: .infinity, lineLimit: nil).lines.map(\.text) == ["a", "b"])
    #expect(measurer.measure("abc\n", font: body, maxWidth: .infinity, lineLimit: nil).lines.map(\.text) == ["abc"])
    #expect(measurer.measure("Ünïcode\u{2028}line", font: body, maxWidth: .infinity, lineLimit: nil).lines.count == 2)
    let layout = measurer.measure("wide line\nx", font: body, maxWidth: .infinity, lineLimit: nil)
    #expect(isClose(layout.size.width, shapedWidth("wide line")))
    #expect(isClose(measurer.idealWidth("wide line\nx", font: body), shapedWidth("wide line")))
}

@Test func `lines break after hyphens but not before digits`() {
    let measurer = TextMeasurer()
    let layout = measurer.measure("state-of-the-art", font: body, maxWidth: shapedWidth("state-of-") + 0.5, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["state-of-", "the-art"])
    let negative = measurer.measure("Total -5", font: body, maxWidth: shapedWidth("Total -") + 0.5, lineLimit: nil)
    #expect(negative.lines.map(\.text) == ["Total", "-5"])
}

@Test func `a word longer than the line breaks between characters`() {
    let measurer = TextMeasurer()
    let word = "Supercalifragilisticexpialidocious"
    let maxWidth = 60.0
    let layout = measurer.measure(word, font: body, maxWidth: maxWidth, lineLimit: nil)
    #expect(layout.lines.count > 2)
    #expect(layout.lines.map(\.text).joined() == word)
    for (index, line) in layout.lines.enumerated() {
        #expect(line.width <= maxWidth)
        if index + 1 < layout.lines.count {
            // Greedy: the next character would not have fit.
            let next = layout.lines[index + 1].text.first!
            #expect(shapedWidth(line.text + String(next)) > maxWidth)
        }
    }
}

@Test func `a character wider than maxWidth still takes a line of its own`() {
    let measurer = TextMeasurer()
    let layout = measurer.measure("Wide", font: body, maxWidth: 1, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["W", "i", "d", "e"])
    #expect(isClose(layout.size.width, shapedWidth("W")))
    let zero = measurer.measure("ab", font: body, maxWidth: 0, lineLimit: nil)
    #expect(zero.lines.map(\.text) == ["a", "b"])
    let negative = measurer.measure("ab", font: body, maxWidth: -5, lineLimit: nil)
    #expect(negative == zero)
}

@Test func `soft hyphens break with a visible hyphen`() {
    let measurer = TextMeasurer()
    let text = "extra\u{AD}ordinary"
    #expect(isClose(measurer.idealWidth(text, font: body), shapedWidth("extraordinary")))
    let layout = measurer.measure(text, font: body, maxWidth: shapedWidth("ordinary") + 0.5, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["extra\u{AD}-", "ordinary"])
    #expect(isClose(layout.lines[0].width, shapedWidth("extra-")))
}

@Test func `tabs advance to the next 28 point stop`() {
    let measurer = TextMeasurer()
    // Tab stops are exact to a subunit (1/4096 font unit).
    #expect(isClose(measurer.idealWidth("a\tb", font: body), 28 + shapedWidth("b"), tolerance: 1e-7))
    #expect(isClose(measurer.idealWidth("abcdefgh\tb", font: body), 84 + shapedWidth("b"), tolerance: 1e-7))
}

@Test(arguments: ["The quick brown fox jumps over the lazy dog", "Crème brûlée, café au lait et macarons",
                  "日本語のテキストを折り返す", "Sale 🔥🔥🔥 today only — 50% off", "a\tb c\nde-f ghi"])
func `laying out again at the reported width gives the same lines`(_ text: String) {
    let measurer = TextMeasurer()
    var width = 20.0
    while width < 400 {
        let layout = measurer.measure(text, font: body, maxWidth: width, lineLimit: nil)
        for line in layout.lines where line.text.count > 1 {
            #expect(line.width <= width)
        }
        // Unless a lone character overflowed (then a wider proposal legitimately changes the lines).
        if layout.size.width <= width {
            let again = measurer.measure(text, font: body, maxWidth: layout.size.width, lineLimit: nil)
            #expect(again.lines == layout.lines, "at \(width)")
        }
        width += 7.25
    }
    let ideal = measurer.idealWidth(text, font: body)
    #expect(measurer.measure(text, font: body, maxWidth: ideal, lineLimit: nil).lines.count
        == text.split(separator: "\n").count)
}

// MARK: - Line limit

@Test func `line limit truncates the last line with an ellipsis that fits`() {
    let measurer = TextMeasurer()
    let text = "The quick brown fox jumps over the lazy dog"
    let maxWidth = shapedWidth("The quick brown fox") + 1
    let layout = measurer.measure(text, font: body, maxWidth: maxWidth, lineLimit: 2)
    #expect(layout.isTruncated)
    #expect(layout.lines.count == 2)
    #expect(layout.lines[0].text == "The quick brown fox")
    let last = layout.lines[1]
    #expect(last.text.hasSuffix("…"))
    #expect(last.width <= maxWidth)
    #expect(isClose(last.width, shapedWidth(String(last.text.dropLast())) + measurer.idealWidth("…", font: body)))
    // Cut at a character: one more character would not have fit with the ellipsis.
    let kept = String(last.text.dropLast())
    #expect(text.hasPrefix("The quick brown fox " + kept))
    let nextCharacter = text.dropFirst(("The quick brown fox " + kept).count).first!
    #expect(shapedWidth(kept + String(nextCharacter)) + measurer.idealWidth("…", font: body) > maxWidth)
    #expect(layout.size.height == 2 * 22)
}

@Test func `line limit without overflow does not truncate`() {
    let measurer = TextMeasurer()
    let layout = measurer.measure("Add to cart", font: body, maxWidth: 200, lineLimit: 1)
    #expect(layout.isTruncated == false)
    #expect(layout.lines.map(\.text) == ["Add to cart"])
    #expect(measurer.measure("abc\n", font: body, maxWidth: 200, lineLimit: 1).isTruncated == false)
}

@Test func `one line limit truncates at a newline too`() {
    let measurer = TextMeasurer()
    let layout = measurer.measure("Title\nSubtitle", font: body, maxWidth: .infinity, lineLimit: 1)
    #expect(layout.lines.map(\.text) == ["Title…"])
    #expect(layout.isTruncated)
    let single = measurer.measure("An unbreakable-ish headline that is long", font: body, maxWidth: 100, lineLimit: 1)
    #expect(single.lines.count == 1)
    #expect(single.lines[0].text.hasSuffix("…"))
    #expect(single.size.width <= 100)
    #expect(measurer.measure("abc", font: body, maxWidth: 100, lineLimit: 0).lines.count == 1)
}

@Test func `ellipsis alone when not even one character fits beside it`() {
    let measurer = TextMeasurer()
    let layout = measurer.measure("Wonderful", font: body, maxWidth: 12, lineLimit: 1)
    #expect(layout.lines.map(\.text) == ["…"])
    #expect(layout.lines[0].utf8Range == 0..<0)
    #expect(layout.isTruncated)
}

// MARK: - Grapheme clusters

@Test(arguments: ["👨‍👩‍👧‍👦", "🇺🇿", "👍🏽", "🏳️‍🌈", "❤️", "1️⃣", "🧑🏽‍💻", "😀"])
func `an emoji cluster is one unsplittable character with the emoji advance`(_ emoji: String) {
    let measurer = TextMeasurer()
    let expected = (17.0 * 2550 / 2048).rounded()  // 21: Noto Color Emoji, whole pixels (Chromium 156)
    #expect(isClose(measurer.idealWidth(emoji, font: body), expected, tolerance: 1e-4))
    let layout = measurer.measure(emoji + emoji + "x", font: body, maxWidth: 1, lineLimit: nil)
    #expect(layout.lines.map(\.text) == [emoji, emoji, "x"])
    #expect(layout.usesFallbackFont)
}

@Test func `emoji widths follow the display scale in whole device pixels`() {
    let retina = TextMeasurer(displayScale: 2)
    let font = FontSpec(size: 15, lineHeight: 20)
    #expect(isClose(retina.idealWidth("😀", font: font), 18.5, tolerance: 1e-4))  // Chromium at DSF 2
    #expect(isClose(TextMeasurer().idealWidth("😀", font: font), 19, tolerance: 1e-4))
}

@Test func `a square Inter draws itself is not an emoji`() {
    // U+2B1C has emoji presentation, but Chromium draws it with Inter, which has it.
    let measurer = TextMeasurer()
    let layout = measurer.measure("\u{2B1C}", font: body, maxWidth: .infinity, lineLimit: nil)
    #expect(layout.usesFallbackFont == false)
    #expect(isClose(layout.size.width, 23.625, tolerance: 1e-3))  // Chromium 156
}

@Test func `combining marks add no width and compose like HarfBuzz`() {
    let measurer = TextMeasurer()
    #expect(measurer.idealWidth("e\u{301}", font: body) == measurer.idealWidth("é", font: body))
    #expect(measurer.idealWidth("x\u{308}", font: body) == measurer.idealWidth("x", font: body))
    #expect(measurer.idealWidth("x\u{308}\u{301}\u{323}", font: body) == measurer.idealWidth("x", font: body))
    // d + caron composes to ď, whose advance (1906 units) is wider than d's (1748).
    #expect(isClose(measurer.idealWidth("d\u{30C}", font: body), 1906 * 17 / 2816))
    let layout = measurer.measure("e\u{301}e\u{301}", font: body, maxWidth: 1, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["e\u{301}", "e\u{301}"])
}

@Test func `CJK breaks between any two characters and keeps closing punctuation off line starts`() {
    let measurer = TextMeasurer()
    let text = "日本語。です"
    #expect(isClose(measurer.idealWidth("日本語", font: body), 3 * 17))
    let layout = measurer.measure(text, font: body, maxWidth: 3 * 17, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["日本", "語。で", "す"])
    #expect(layout.usesFallbackFont)
    // An opening bracket may start a line after a prolonged sound mark, never end one (Chromium agrees).
    let bracket = measurer.measure("東京タワー（とうきょう", font: body, maxWidth: 5 * 17 + 3, lineLimit: nil)
    #expect(bracket.lines.map(\.text) == ["東京タワー", "（とうきょ", "う"])
    let mixed = measurer.measure("Tokyo東京", font: body, maxWidth: shapedWidth("Tokyo") + 20, lineLimit: nil)
    #expect(mixed.lines.map(\.text) == ["Tokyo東", "京"])
}

@Test func `Hangul and half-width forms take Noto Sans CJK's advances`() {
    let measurer = TextMeasurer()
    #expect(isClose(measurer.idealWidth("한국어", font: body), 3 * 0.92 * 17, tolerance: 1e-4))
    #expect(isClose(measurer.idealWidth("ｶﾀｶﾅ", font: body), 4 * 0.5 * 17, tolerance: 1e-4))
    // Conjoining jamo make one syllable.
    #expect(isClose(measurer.idealWidth("\u{1100}\u{1161}\u{11A8}", font: body), 0.92 * 17, tolerance: 1e-4))
}

@Test func `Latin text uses no fallback font`() {
    let measurer = TextMeasurer()
    #expect(measurer.measure("Ærøskøbing — 12 €", font: body, maxWidth: 50, lineLimit: nil).usesFallbackFont == false)
    #expect(measurer.measure("สวัสดี", font: body, maxWidth: 500, lineLimit: nil).usesFallbackFont, "Thai: an estimate")
    #expect(!measurer.measure("مرحبا שלום", font: body, maxWidth: 500, lineLimit: nil).usesFallbackFont,
            "Arabic and Hebrew are drawn with the embedded Noto faces")
}

// MARK: - Empty text, baselines, cache

@Test func `empty text has zero size like SwiftUI`() {
    let layout = TextMeasurer().measure("", font: body, maxWidth: 100, lineLimit: nil)
    #expect(layout.size == .init(width: 0, height: 0))
    #expect(layout.lines.isEmpty)
    let spaces = TextMeasurer().measure("  ", font: body, maxWidth: 100, lineLimit: nil)
    #expect(spaces.size == .init(width: 0, height: 22))
}

@Test(arguments: [(17.0, 22.0, 17.0), (13, 18, 14), (34, 41, 33), (11, 13, 10), (15, 20, 15), (12.5, 16, 12), (40, 30, 29)])
func `baselines sit where Chromium puts them`(_ size: Double, _ lineHeight: Double, _ baseline: Double) {
    let measurer = TextMeasurer()
    let font = FontSpec(size: size, lineHeight: lineHeight)
    #expect(measurer.baselineOffset(for: font) == baseline)
    let layout = measurer.measure("A\nB", font: font, maxWidth: .infinity, lineLimit: nil)
    #expect(layout.firstBaseline == baseline)
    #expect(layout.lastBaseline == baseline + lineHeight)
}

@Test func `a repeated measurement is a cache hit with an identical result`() {
    let measurer = TextMeasurer()
    let first = measurer.measure("Crème brûlée — 12 €", font: body, maxWidth: 80, lineLimit: 2)
    #expect(measurer.cacheMisses == 1)
    let second = measurer.measure("Crème brûlée — 12 €", font: body, maxWidth: 80, lineLimit: 2)
    #expect(second == first)
    #expect(measurer.cacheHits == 1)
    _ = measurer.measure("Crème brûlée — 12 €", font: body, maxWidth: 81, lineLimit: 2)
    _ = measurer.measure("Crème brûlée — 12 €", font: body, maxWidth: 80, lineLimit: nil)
    #expect(measurer.cacheMisses == 3)
    #expect(measurer.cachedLayoutCount == 3)
    // NaN widths mean "no limit" and still hit the cache.
    _ = measurer.measure("x", font: body, maxWidth: .nan, lineLimit: nil)
    _ = measurer.measure("x", font: body, maxWidth: .infinity, lineLimit: nil)
    #expect(measurer.cacheHits == 2)
}

@Test func `a full cache empties and keeps working`() {
    let measurer = TextMeasurer(cacheCapacity: 4)
    for index in 0..<10 {
        _ = measurer.measure("item \(index)", font: body, maxWidth: 100, lineLimit: nil)
    }
    #expect(measurer.cachedLayoutCount <= 4)
    let layout = measurer.measure("item 9", font: body, maxWidth: 100, lineLimit: nil)
    #expect(layout.lines.map(\.text) == ["item 9"])
}

@Test(arguments: [
    "Crème brûlée", "e\u{301}\u{302}x", "\u{301}start", "🇺🇿🇯🇵🇺", "👨‍👩‍👧‍👦x👍🏽", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}!",
    "1️⃣#️⃣", "a\r\nb\n\rc", "\u{1100}\u{1161}\u{11A8}한\u{11A8}국", "नमस्ते दुनिया", "สวัสดีครับ", "مَرْحَبًا",
    "שָׁלוֹם", "\u{600}1 \u{6DD}a", "a\u{200D}b\u{200D}", "\u{200D}\u{301}", "\u{AD}\u{301}x", "ｶﾞｷﾞ", "が\u{3099}",
    "Oʻzbekiston o‘zbek", "Привет, мир", "ᄀᄀᄀ가", "\u{1F3FB}x", "🧑🏽‍💻🫠❤️‍🔥", "\u{FEFF}a\u{2060}\u{301}b",
])
func `clusters are exactly Swift's characters`(_ text: String) {
    let face = TextFace(font: body, displayScale: 1)
    var ends: [Int] = []
    text.utf8.withContiguousStorageIfAvailable { bytes in
        var source = ShapedClusterSource(bytes: bytes, text: text, face: face)
        var cluster = TextCluster()
        while source.next(into: &cluster) {
            ends.append(cluster.end)
        }
    }
    var expected: [Int] = []
    var offset = 0
    for character in text {
        offset += character.utf8.count
        expected.append(offset)
    }
    #expect(ends == expected)
}

// MARK: - Prepared texts (the layout engine's path)

/// Checks that a prepared text's sizes and layouts equal `LineBreaker`'s at every width and line limit given.
private func expectPreparedMatchesLineBreaker(_ measurer: TextMeasurer, _ text: String, _ font: FontSpec,
                                              widths: [Double], limits: [Int?]) {
    let handle = measurer.prepare(text, font: font)
    var placed = PlacedLayout()
    var previous: (Double, Int?, TextLayout)?
    var previousAtLimit: [Int?: (Double, Int?, TextLayout)] = [:]
    for width in widths {
        for limit in limits {
            let expected = measurer.makeLayout(text, font: font, maxWidth: TextMeasurer.normalizedWidth(width),
                                               lineLimit: limit.map { max(1, $0) } ?? Int.max)
            for _ in 0..<2 {  // measured, then kept
                let size = measurer.size(of: handle, maxWidth: width, lineLimit: limit)
                #expect(size.width == expected.size.width && size.height == expected.size.height,
                        "size of \(text.debugDescription) at \(width), limit \(String(describing: limit))")
            }
            let layout = measurer.layout(of: handle, maxWidth: width, lineLimit: limit)
            #expect(layout == expected, "layout of \(text.debugDescription) at \(width), limit \(String(describing: limit))")
            // Written in place (as the engine places it): over the layout of the previous width or limit, again
            // over itself, then alternating with the previous one (a relayout between two widths).
            let current = (width, limit, expected)
            var sequence = [current, current]
            if let previous { sequence += [previous, current, previous, current] }
            if let sameLimit = previousAtLimit[limit] { sequence += [sameLimit, current, sameLimit, current] }
            for (w, l, e) in sequence {
                measurer.layout(of: handle, maxWidth: w, lineLimit: l, into: &placed)
                #expect(placed.layout == e, "placed \(text.debugDescription) at \(w), limit \(String(describing: l))")
            }
            previous = current
            previousAtLimit[limit] = current
        }
    }
}

@Test func `prepared texts break exactly like the line breaker on random text`() {
    let pieces = ["a", "b", "W", "m", "i", "0", "7", " ", " ", " ", "  ", "-", "(", ")", ".", ",", "/", "!", "e\u{301}",
                  "é", "日", "本", "。", "「", "ー", "ぁ", "한", "😀", "👍🏽", "🇺🇿", "\u{A0}", "\u{2014}", "\u{2013}",
                  "\u{200B}", "\u{2060}", "\u{1}", "\u{3000}", "ｶ", "Ж", "λ", "\u{0627}", "word", "longerword", "$",
                  "ש", "לום", "\u{05B0}", "\u{05BE}", "\u{FB1D}", "م", "ر", "ح", "با", "لا", "\u{064E}", "\u{0653}", "ـ",
                  "\u{200C}", "\u{200D}", "١٢", "،"]
    var random = SplitMix(seed: 42)
    let measurer = TextMeasurer()
    let fonts = [FontSpec(size: 17, weight: 600, lineHeight: 22), FontSpec(size: 13, weight: 400, lineHeight: 18)]
    for round in 0..<600 {
        let length = Int.random(in: 0...24, using: &random)
        let text = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
        var widths: [Double] = [0, -3, .infinity, .nan, 1, 5, 8.5]
        for _ in 0..<10 { widths.append(Double(Int.random(in: 0...3000, using: &random)) / 10) }
        let natural = measurer.idealWidth(text, font: fonts[round % 2])
        widths += [natural, natural - 0.001, natural / 2, natural / 3]
        expectPreparedMatchesLineBreaker(measurer, text, fonts[round % 2], widths: widths, limits: [nil, 1, 2, 3])
    }
}

@Test func `prepared texts break exactly like the line breaker on the reference strings`() {
    let measurer = TextMeasurer()
    var texts = TextReference.shared.cases.map(\.text) + (TextReference.shared.chromium?.rows.map(\.text) ?? [])
    texts += ["Product 42: a handmade ceramic mug with a long name", "$52.99", "", " ", "   leading", "trailing   ",
              "a\tb", "line\nbreak", "soft\u{AD}hyphen", "Wireless Earbuds Pro Max",
              String(repeating: "long words ", count: 500), String(repeating: "é ", count: 2100)]
    let font = FontSpec(size: 17, weight: 600, lineHeight: 22)
    for text in texts {
        let natural = measurer.idealWidth(text, font: font)
        var widths: [Double] = [0, .infinity, natural, natural - 0.01]
        for step in 1...24 { widths.append(Double(step) * 17.5) }
        expectPreparedMatchesLineBreaker(measurer, text, font, widths: widths, limits: [nil, 1, 2, 4])
    }
}

@Test func `an equal string in other storage finds the entry its bytes were prepared in`() {
    var random = SplitMix(seed: 7)
    let measurer = TextMeasurer()
    let fonts = [FontSpec(size: 17, weight: 600, lineHeight: 22), FontSpec(size: 15, weight: 400, lineHeight: 20)]
    let words = ["mug", "ceramic", "a", "Product", "$12.99", "日本", "é", "with a long name", " "]
    for round in 0..<400 {
        // Heap strings (longer than 15 bytes) and small ones; each made twice, in separate storage.
        let count = Int.random(in: 1...8, using: &random)
        let pieces = (0..<count).map { _ in words.randomElement(using: &random)! }
        let first = pieces.joined(separator: " "), second = String(decoding: Array(first.utf8), as: UTF8.self)
        let font = fonts[round % 2]
        let handle = measurer.prepare(first, font: font)
        #expect(measurer.prepare(first, font: font).index == handle.index)  // by its storage
        #expect(measurer.prepare(second, font: font).index == handle.index)  // by its bytes
        #expect(measurer.prepare(second, font: font).index == handle.index)  // by its storage now
        #expect(measurer.prepare(first, font: fonts[(round + 1) % 2]).index != handle.index)  // another font
    }
}

@Test func `a prepared text survives its cache emptying as a stale handle`() {
    let measurer = TextMeasurer(cacheCapacity: 2)
    let font = FontSpec(size: 17, weight: 400, lineHeight: 22)
    let first = measurer.prepare("first text", font: font)
    #expect(first.epoch == measurer.preparedEpoch)
    #expect(measurer.prepare("first text", font: font).index == first.index)
    _ = measurer.prepare("second text", font: font)
    _ = measurer.prepare("third text", font: font)  // the cache was full: it emptied
    #expect(first.epoch != measurer.preparedEpoch)
    let again = measurer.prepare("first text", font: font)
    #expect(measurer.layout(of: again, maxWidth: 40, lineLimit: nil).lines.map(\.text) == ["first", "text"])
}

@Test func `the prepared-text cache keeps at most its capacity of entries and layouts`() {
    let measurer = TextMeasurer(cacheCapacity: 8)
    let font = FontSpec(size: 17, weight: 400, lineHeight: 22)
    for round in 0..<50 {
        var handle = measurer.prepare("text \(round % 5)", font: font)
        for width in [30.0, 40, 50, 60, 70] {
            if handle.epoch != measurer.preparedEpoch { handle = measurer.prepare("text \(round % 5)", font: font) }
            let layout = measurer.layout(of: handle, maxWidth: width, lineLimit: nil)
            #expect(layout == measurer.makeLayout("text \(round % 5)", font: font, maxWidth: width, lineLimit: Int.max))
            #expect(measurer.prepared.count <= 8 && measurer.prepared.keptLayoutCount <= 8)
        }
    }
}
