import SDUIFuzzing
import Testing

@Test func `the fuzz entry point survives hostile and random inputs`() {
    var inputs: [[UInt8]] = [
        [], [0x40, 0x7B], [0xFF, 0xFE, 0x40, 0x7B, 0x7D], Array("@{".utf8) + [UInt8](repeating: 0x28, count: 50_000),
        Array("@{items[3].k / (count - 3)}".utf8), Array("@{user.tags[1] + none}".utf8), Array("@{'\u{1F600}' + @{".utf8),
        Array("@{formatCurrency(1e300 * 1e10, 'USD')}".utf8), Array("@{[[[[[[1]]]]]][0][0]}".utf8),
    ]
    // A deterministic pseudo-random mix of expression bytes.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet = Array("@{}()[]'\"\\.,:?!-+*/%<>=&| 0123456789 count price name flag none items user empty item index len min round contains formatCurrency true null".utf8)
    for _ in 0..<2_000 {
        var bytes: [UInt8] = []
        for _ in 0..<Int(seed % 40) {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(alphabet[Int(seed >> 33) % alphabet.count])
        }
        inputs.append(Array("@{".utf8) + bytes + Array("}".utf8))
    }
    for input in inputs { #expect(ExpressionFuzzing.failures(input).isEmpty, "\(String(decoding: input.prefix(80), as: UTF8.self))") }
}
