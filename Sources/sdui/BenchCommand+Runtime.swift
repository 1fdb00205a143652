import SDUIEnvironment
import SDUILayout
import SDUIRuntime
import SDUISchema
import SDUIFixtures

extension BenchCommand {
    /// `cards-100-state-change-runtime`: the same badge change as `cards-100-state-change`, through the headless
    /// runtime — `ScreenViewController.setState` on a launched scene: the state updated, the screen laid out again
    /// incrementally, the display list brought along (the changed items and accessibility elements made again), the
    /// reconciler bringing the views to it, the event logged. What a tap costs the app on this screen, beside the engine's part.
    @MainActor
    static func runtimeStateChangeBenchmark(runs: Int, in environment: WindowEnvironment,
                                            selected: (String) -> Bool) throws(CLIError) -> [Measurement] {
        guard selected("cards-100-state-change-runtime") else { return [] }
        guard let base = BenchmarkFixtures.cardsWithBadges(count: 100) else {
            throw CLIError(message: "sdui bench: the cards-100-state payload does not decode", exitCode: ExitCode.software)
        }
        let (app, controller) = try launchedController(of: base, in: environment)
        defer { withExtendedLifetime(app) {} }
        var next = 1  // the first call sets 2 (the payload's badges start at 0)
        let layoutsBefore = controller.layoutCount
        let viewsBefore = controller.viewsMade
        let inPlaceBefore = controller.displayListUpdatesInPlace
        var failure: String?
        let measurement = time("cards-100-state-change-runtime", runs) { _ in
            // 1 ↔ 2 as in cards-100-state-change, every call a change (the warm-up and the timed calls in turn).
            next = 3 - next
            do throws(RuntimeError) { try controller.setState("badge42", to: .int(next)) } catch {
                failure = error.message
            }
            return controller.layoutResult?.nodeCount ?? 0
        }
        if let failure { throw CLIError(message: "sdui bench: cards-100-state-change-runtime: \(failure)", exitCode: ExitCode.software) }
        // Every change laid the screen out again and recreated no view (identities are kept).
        guard controller.layoutCount - layoutsBefore == runs + max(1, runs / 10), controller.viewsMade == viewsBefore else {
            throw CLIError(message: "sdui bench: cards-100-state-change-runtime did not update the views in place (layouts \(controller.layoutCount - layoutsBefore), views made \(controller.viewsMade - viewsBefore))", exitCode: ExitCode.software)
        }
        // And brought the display list along in place (the items of the badge's row only, not all 902).
        guard controller.displayListUpdatesInPlace - inPlaceBefore == runs + max(1, runs / 10) else {
            throw CLIError(message: "sdui bench: cards-100-state-change-runtime made the whole display list again (\(controller.displayListUpdatesInPlace - inPlaceBefore) of \(runs + max(1, runs / 10)) changes in place)", exitCode: ExitCode.software)
        }
        return [measurement]
    }
}

extension BenchCommand {
    /// `screen`'s controller launched as the root of a headless scene, as `sdui simulate` launches it, with the
    /// application that hosts it (keep it alive while the controller is used).
    @MainActor
    static func launchedController(of screen: Screen, in environment: WindowEnvironment) throws(CLIError)
        -> (Application, ScreenViewController) {
        let controller = ScreenViewController(screen: screen, router: nil)
        let app = Application(sceneConfiguration: .hosting { controller })
        do {
            _ = try app.launch(in: environment.configuration)
        } catch {
            throw CLIError(message: "sdui bench: the runtime did not launch: \(error.message)", exitCode: ExitCode.software)
        }
        return (app, controller)
    }

    /// The states a state-change benchmark goes back and forth between: `screen`'s state with `variable` set to
    /// each of `values`.
    static func alternatingStates(of screen: Screen, setting variable: String, to values: [StateValue]) -> [ScreenState] {
        values.map { value in
            var state = screen.state
            state.set(variable, to: value)
            return state
        }
    }
}
