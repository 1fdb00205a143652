import Testing
@testable import SDUILayout

/// Reading a language system's features from a hostile GSUB stays linear: repeated feature indices and repeated
/// lookup indices are read once (a valid table never repeats them).
@Suite struct OpenTypeFeatureListTests {
    /// A GSUB with two empty lookups, one `liga` feature listing lookups 0 and 1 `repeats` times over, and a language
    /// system listing that feature `repeats` times; returns the table and the language system's offset.
    func hostileTable(repeats: Int) -> ([UInt8], Int) {
        var bytes: [UInt8] = []
        func u16(_ v: Int) { bytes += [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        u16(1); u16(0); u16(0); u16(28); u16(10)          // version 1.0, no ScriptList, FeatureList 28, LookupList 10
        u16(2); u16(6); u16(12)                             // LookupList: two lookups
        for _ in 0..<2 { u16(1); u16(0); u16(0) }           // type 1, no flags, no subtables
        u16(1); bytes += Array("liga".utf8); u16(8)         // FeatureList: one record, its table 8 bytes on
        u16(0); u16(2 * repeats)                            // the feature: no params, 2 × repeats lookup indices
        for k in 0..<(2 * repeats) { u16(k % 2) }
        let languageSystem = bytes.count
        u16(0); u16(0xFFFF); u16(repeats)                   // no required feature; feature 0, `repeats` times
        for _ in 0..<repeats { u16(0) }
        return (bytes, languageSystem)
    }

    @Test func `a feature and its lookups listed many times over are each read once`() throws {
        let (bytes, languageSystem) = hostileTable(repeats: 20_000)
        let storage = FontStorage(bytes)
        let table = FontBytes(storage: storage, start: 0, end: bytes.count, file: "hostile.ttf", table: "GSUB")
        let layout = try OpenTypeLayout(table, isPositioning: false, arena: FontArena())
        let features = layout.features(of: languageSystem)
        #expect(features.count == 1)
        #expect(features.first?.tag == FontFile.tag("liga"))
        #expect(features.first?.lookups == [0, 1])
    }
}
