import Foundation
import SDUIEnvironment
import SDUIFuzzing
import Testing

/// Every seed and every regression input of every fuzz target, replayed through the target's body: a crash the
/// fuzzer found once (`Fuzz/Regressions/TARGET/`) stays fixed, and the seeds keep their properties.
@MainActor
struct FuzzReplayTests {
    nonisolated static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One input file of one target.
    struct Input: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var path: String
        var testDescription: String { "\(target.rawValue): \(path)" }
    }

    /// The files in `Fuzz/Seeds/TARGET/` and `Fuzz/Regressions/TARGET/`, plus `Examples/*.json` for the payload
    /// targets. A directory that cannot be read makes the list fail, not shrink.
    nonisolated static func inputs() throws -> [Input] {
        var inputs: [Input] = []
        let manager = FileManager.default
        for target in FuzzTarget.allCases {
            var folders = ["Fuzz/Seeds/\(target.rawValue)", "Fuzz/Regressions/\(target.rawValue)"]
            if target != .runtime && target != .http && target != .font { folders.append("Examples") }
            for folder in folders {
                let url = repository.appendingPathComponent(folder)
                guard manager.fileExists(atPath: url.path) else { continue }
                for name in try manager.contentsOfDirectory(atPath: url.path).sorted() where !name.hasPrefix(".") && name != "README.md" {
                    if folder == "Examples", !name.hasSuffix(".json") { continue }
                    inputs.append(Input(target: target, path: folder + "/" + name))
                }
            }
        }
        return inputs
    }

    @Test func `every target has seeds`() throws {
        let inputs = try Self.inputs()
        for target in FuzzTarget.allCases {
            #expect(inputs.filter { $0.target == target && $0.path.hasPrefix("Fuzz/Seeds/") }.count >= 3, "\(target.rawValue)")
        }
    }

    @Test(arguments: try inputs())
    func `the input keeps every property of its target`(_ input: Input) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.repository.appendingPathComponent(input.path)))
        let failures = input.target.run(bytes)
        #expect(failures.isEmpty, "\(input.path) (\(input.target.describe(bytes))):\n\(failures.joined(separator: "\n"))")
    }
}

/// The runtime target's properties over seeded random step sequences (a small, deterministic fuzz run in every
/// `swift test`; libFuzzer explores far more in `Scripts/fuzz runtime`).
@MainActor
@Test(arguments: 0..<8)
func `random step sequences keep UIKit's documented order`(_ batch: Int) {
    var random = SplitMix(seed: UInt64(batch) << 40)  // streams far apart: a batch draws a few thousand values
    func next() -> UInt8 { UInt8(truncatingIfNeeded: random.next()) }
    for _ in 0..<50 {
        let bytes = (0..<(4 + Int(next()) % 60)).map { _ in next() }
        let failures = FuzzTarget.runtime.run(bytes)
        #expect(failures.isEmpty, "\(FuzzTarget.runtime.describe(bytes)) [\(bytes.map { String($0) }.joined(separator: ","))]:\n\(failures.joined(separator: "\n"))")
    }
}
