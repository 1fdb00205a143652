import Foundation
import SDUISchema
@testable import SDUIFuzzing
import Testing

/// The `state` target does what it says: its steps change the state (items edited, values of every type, taps) and
/// its checks fail on a layout that is not the fresh one.
@MainActor
@Suite struct StateTargetTests {
    static func seed(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: FuzzReplayTests.repository.appendingPathComponent("Fuzz/Seeds/state/\(name).json")))
    }

    @Test func `over variations of a seed, most steps change the state and every kind of step is taken`() throws {
        let seed = try Self.seed("shop-grid")
        var steps = 0, changes = 0
        var labels: [String] = []
        // The same screen with a different trailing space: another hash, so other windows, steps and values.
        for extra in 0..<12 {
            let trace = StateTarget.trace(seed + [UInt8](repeating: 0x20, count: extra))
            #expect(trace.failures.isEmpty, "\(extra): \(trace.failures.joined(separator: "\n"))")
            steps += trace.steps.count
            changes += trace.stateChanges
            labels += trace.steps
        }
        #expect(steps == 12 * StateTarget.steps)
        #expect(changes * 2 > steps, "\(changes) of \(steps) steps changed the state")
        #expect(labels.contains { $0.hasPrefix("set items to") })
        #expect(labels.contains { $0.hasPrefix("tap ") })
    }

    @Test func `a layout of another payload fails the check`() throws {
        let bytes = try Self.seed("counter")
        let trace = StateTarget.trace(bytes)
        #expect(trace.failures.isEmpty, "\(trace.failures)")
        // The same screen with one text changed: the fresh layout is not the controller's.
        let other = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Count: @{count}", with: "Count: @{count} and more words")
        #expect(StateTarget.mismatches(bytes, against: Array(other.utf8)) > 0)
    }

    @Test func `the value of another type is of another type`() {
        let values: [StateValue] = [.string("a"), .int(1), .number(0.5), .bool(true), .null, .array([.int(1)]),
                                    .object(StateObject(keys: ["a"], values: [.string("b")]))]
        for value in values { #expect(StateTarget.otherType(than: value).type != value.type, "\(value)") }
    }
}
