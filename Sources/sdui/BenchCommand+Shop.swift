import SDUIEnvironment
import SDUILayout
import SDUIRuntime
import SDUISchema
import SDUIFixtures

extension BenchCommand {
    /// The products of the shop screen the `shop-…` benchmarks use.
    static let shopProducts = 50

    /// The names of the shop benchmarks, for the help and `--filter`.
    static var shopNames: [String] {
        let kinds = BenchmarkFixtures.shopChanges(count: shopProducts).map(\.kind)
        return kinds.map { "shop-state-change-" + $0 } + ["shop-state-change-general", "shop-tap", "trivial-tap"]
            + kinds.map { "shop-\($0)-runtime" }
    }

    static let shopHelp = """
          shop-state-change-KIND  the shop screen (50 product cards from a forEach over a state array, an overlay
                                     button per image, a section with a bound header and footer, a bound stepper
                                     label, a banner with a bound overlay text): one kind of change at a time —
                                     KIND text, paint, visibility, size (the banner's bound height),
                                     template-insert-remove, template-reorder, input-label, overlay-content,
                                     section-content — through StateUpdater and the
                                     kept engine (LayoutEngine.layout(applying:)); "general" is the share of changes
                                     that took the updater's general path
          shop-state-change-general  the general path on that screen: the payload resolved again in the new state
                                     (Screen.resolved(in:)) and laid out in full
          shop-tap / trivial-tap  a tap as `sdui simulate` makes it (ScreenViewController.performAction on a launched
                                     scene: action, state update, layout, display list, reconciler): an Add button on
                                     the shop screen against a two-node screen whose button counts its taps
                                     ("ratio": shop-tap ÷ trivial-tap, same run; trivial-tap runs whenever any
                                     row that needs its ratio is selected, and is listed only when selected)
          shop-KIND-runtime       each change of shop-state-change-KIND (text, paint, visibility, size,
                                     template-insert-remove, template-reorder, input-label, overlay-content,
                                     section-content) through the runtime as a tap makes it
                                     (ScreenViewController.setState: state update, layout, display list updated or
                                     spliced, reconciler, views); "ratio": ÷ trivial-tap, same run; "spliced": the
                                     share of changes whose display list was spliced
        """

    /// `shop-state-change-KIND` and `shop-state-change-general` (see the help).
    static func shopStateChangeBenchmarks(runs: Int, in environment: WindowEnvironment,
                                          selected: (String) -> Bool) throws(CLIError) -> [Measurement] {
        let changes = BenchmarkFixtures.shopChanges(count: shopProducts)
        guard changes.contains(where: { selected("shop-state-change-" + $0.kind) }) || selected("shop-state-change-general") else { return [] }
        guard let base = BenchmarkFixtures.shop(count: shopProducts) else {
            throw CLIError(message: "sdui bench: the shop payload does not decode", exitCode: ExitCode.software)
        }
        let traits = environment.traitCollection()
        var results: [Measurement] = []
        for change in changes where selected("shop-state-change-" + change.kind) {
            let states = alternatingStates(of: base, setting: change.variable, to: change.values)
            var updater = StateUpdater(screen: base)
            let engine = LayoutEngine()
            _ = engine.layout(base, in: environment, traits: traits)
            var general = 0, calls = 0, failed = false
            // Alternating across the warm-up and the timed runs: every call is a change.
            var next = 0
            var measurement = time("shop-state-change-" + change.kind, runs) { _ in
                let state = states[next % 2]
                next += 1
                calls += 1
                guard let update = updater.update(to: state, changedNames: [change.variable]) else { failed = true; return 0 }
                if update.tookGeneralPath { general += 1 }
                return engine.layout(applying: update, in: environment, traits: traits).nodeCount
            }
            if failed {
                throw CLIError(message: "sdui bench: shop-state-change-\(change.kind): the screen cannot be resolved in the new state",
                               exitCode: ExitCode.software)
            }
            measurement.extra.append(("general", Double(general) / Double(max(1, calls))))
            results.append(measurement)
        }
        if selected("shop-state-change-general") {
            let states: [ScreenState] = ["Catalog (new)", "Catalog"].map { title in
                var state = base.state
                state.set("catalogTitle", to: .string(title))
                return state
            }
            let engine = LayoutEngine()
            results.append(time("shop-state-change-general", max(1, runs / 20)) { i in
                guard let screen = base.resolved(in: states[i % 2]).screen else { return 0 }
                return engine.layout(screen, in: environment, traits: traits).nodeCount
            })
        }
        return results
    }

    /// `shop-tap` and `trivial-tap` (see the help).
    @MainActor
    static func tapBenchmarks(runs: Int, in environment: WindowEnvironment, selected: (String) -> Bool) throws(CLIError) -> [Measurement] {
        let templateChanges = BenchmarkFixtures.shopChanges(count: shopProducts).filter { selected("shop-\($0.kind)-runtime") }
        guard selected("shop-tap") || selected("trivial-tap") || !templateChanges.isEmpty else { return [] }
        let trivialPayload: JSONValue = [
            "schemaVersion": 1, "id": "trivial", "state": ["taps": 0],
            "root": ["type": "vstack", "id": "page", "children": [
                ["type": "button", "id": "add", "title": "@{taps} taps", "action": ["type": "set", "name": "taps", "value": "@{taps + 1}"]],
            ]],
        ]
        guard let shop = BenchmarkFixtures.shop(count: shopProducts),
              let trivial = PayloadDecoder().decode(Array(trivialPayload.serialized().utf8)).screen else {
            throw CLIError(message: "sdui bench: the tap benchmarks' payloads do not decode", exitCode: ExitCode.software)
        }
        func measure(_ name: String, _ screen: Screen, tapping id: String) throws(CLIError) -> Measurement {
            let (app, controller) = try launchedController(of: screen, in: environment)
            defer { withExtendedLifetime(app) {} }
            var failure: String?
            let layoutsBefore = controller.layoutCount
            let measurement = time(name, runs) { _ in
                do throws(RuntimeError) { try controller.performAction(ofNodeWithID: id) } catch { failure = error.message }
                return controller.layoutResult?.nodeCount ?? 0
            }
            if let failure { throw CLIError(message: "sdui bench: \(name): \(failure)", exitCode: ExitCode.software) }
            guard controller.layoutCount - layoutsBefore == runs + max(1, runs / 10) else {
                throw CLIError(message: "sdui bench: \(name): a tap did not lay the screen out again", exitCode: ExitCode.software)
            }
            return measurement
        }
        // The trivial tap is every ratio's denominator, so it runs whenever any row of this group does; it is listed
        // only when selected. The shop tap runs only when selected.
        let trivialTap = try measure("trivial-tap", trivial, tapping: "add")
        var results: [Measurement] = []
        if selected("shop-tap") {
            var shopTap = try measure("shop-tap", shop, tapping: "add-p3")
            shopTap.extra.append(("ratio", shopTap.median / max(trivialTap.median, 1e-9)))
            results.append(shopTap)
        }
        if selected("trivial-tap") { results.append(trivialTap) }
        for change in templateChanges {
            let name = "shop-\(change.kind)-runtime"
            let (app, controller) = try launchedController(of: shop, in: environment)
            defer { withExtendedLifetime(app) {} }
            var failure: String?
            var next = 0
            let layoutsBefore = controller.layoutCount
            var measurement = time(name, runs) { _ in
                // The two values in turn: every call a change.
                let value = change.values[next % change.values.count]
                next += 1
                do throws(RuntimeError) { try controller.setState(change.variable, to: value) } catch { failure = error.message }
                return controller.layoutResult?.nodeCount ?? 0
            }
            if let failure { throw CLIError(message: "sdui bench: \(name): \(failure)", exitCode: ExitCode.software) }
            guard controller.layoutCount - layoutsBefore == runs + max(1, runs / 10) else {
                throw CLIError(message: "sdui bench: \(name): a change did not lay the screen out again", exitCode: ExitCode.software)
            }
            measurement.extra.append(("ratio", measurement.median / max(trivialTap.median, 1e-9)))
            measurement.extra.append(("spliced", Double(controller.displayListSplices) / Double(max(1, next))))
            results.append(measurement)
        }
        return results
    }
}
