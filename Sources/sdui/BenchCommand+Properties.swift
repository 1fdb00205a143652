import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUIFixtures

extension BenchCommand {
    /// `cards-100-state-change-color`, `-visible` and `-size`: a bound property other than a text changes (see the help).
    static func propertyChangeBenchmarks(runs: Int, in environment: WindowEnvironment, selected: (String) -> Bool, general: Double?,
                                         into results: inout [Measurement]) throws(CLIError) {
        let cases: [(name: String, variable: String, values: [StateValue], paintOnly: Bool)] = [
            ("cards-100-state-change-color", "accent42", [.string("#CC3366"), .string("#3366CC")], true),
            ("cards-100-state-change-visible", "show42", [.bool(false), .bool(true)], false),
            ("cards-100-state-change-size", "size42", [.int(28), .int(20)], false),
        ]
        guard cases.contains(where: { selected($0.name) }) else { return }
        guard let base = BenchmarkFixtures.cardsWithBadges(count: 100, boundProperties: true) else {
            throw CLIError(message: "sdui bench: the cards-100-state payload with bound properties does not decode", exitCode: ExitCode.software)
        }
        let traits = environment.traitCollection()
        for change in cases where selected(change.name) {
            let states = alternatingStates(of: base, setting: change.variable, to: change.values)
            var updater = StateUpdater(screen: base)
            let engine = LayoutEngine()
            _ = engine.layout(base, in: environment, traits: traits)
            let builds = engine.buildCount
            var tookPropertyPath = true
            // Alternating across the warm-up and the timed runs (which both count from 0): every call is a change.
            var next = 0
            var measurement = time(change.name, runs) { _ in
                let state = states[next % 2]
                next += 1
                guard let update = updater.update(to: state, changedNames: [change.variable]) else { return 0 }
                if update.propertyChanges.isEmpty || (update.textChanges == nil) == change.paintOnly { tookPropertyPath = false }
                return engine.layout(applying: update, in: environment, traits: traits).nodeCount
            }
            // Both keep the engine's tree: a change of size or visibility builds its node again in place.
            guard tookPropertyPath, engine.buildCount == builds else {
                throw CLIError(message: "sdui bench: \(change.name) did not take the property path", exitCode: ExitCode.software)
            }
            if let general { measurement.extra.append(("speedup", general / max(measurement.median, 1e-9))) }
            results.append(measurement)
        }
    }
}
