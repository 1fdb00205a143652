import Foundation
import SDUIEnvironment
import SDUIRuntime
import SDUISchema

/// `sdui simulate FILE --steps …`: hosts a screen in the headless UIKit runtime and prints every
/// life-cycle callback in order.
enum SimulateCommand {
    static let spec = CommandSpec(
        name: "simulate",
        summary: "run a screen through UIKit's life cycle (rotate, resize, present, push…); print every callback",
        positionals: .oneFile,
        about: """
        Launches an app whose scene's window has a navigation controller (the object "navigation") with the
        screen in FILE as its root, then applies the steps in order, recording every callback the scene and the
        controllers receive, in UIKit's order (docs/runtime.md lists the orders and their Apple sources).
        With --detail, the root is a split view controller (the object "split"): the navigation controller in
        the primary column and the detail screen in the secondary — side by side in regular width, collapsed
        to the primary in compact width, switching live on rotate and resize.
        """,
        options: EnvironmentOptions.options + [
            .value("--detail", "FILE", "a master–detail root: FILE's screen in the split's secondary column"),
            .value("--steps", "STEP,...", "comma-separated steps (below); none: just the launch"),
            .value("--format", "json|text", "json (default) or text"),
            .value("--output", short: "-o", "FILE", "write to FILE instead of standard output"),
        ],
        epilogue: """
        STEPS:
          rotate                 turn the device to the other orientation (keeps the window mode)
          resize:MODE            full, split-1/3, split-1/2, split-2/3, slide-over, or WxH (a Stage Manager window)
          present:STYLE:FILE     present FILE's screen from the topmost controller; STYLE: automatic, pageSheet,
                                 formSheet, fullScreen, overFullScreen
          dismiss                dismiss the topmost presented screen
          push:FILE              push FILE's screen on the navigation stack
          pop                    pop the top screen
          background, foreground the user leaves or returns to the app
          disconnect             the system removes the scene (controllers are released: deinit)
          content-size:SIZE      change the Dynamic Type size (xSmall … xxxLarge, AX1 … AX5)
          dark, light            change the appearance
          tap:NODE-ID            perform the action of a node on a visible screen (the topmost presented one,
                                 else the stack's top, else the detail) through the router: navigate pushes
                                 (from a split's primary column: shows the detail), present presents, dismiss
                                 dismisses; screens are found by id among FILE, --detail and the steps' files

        JSON: {"events": [{"step": N, "object": "scene" | "window" | "navigation" | "split" | SCREEN-ID, "event": NAME,
               "size": {"width","height"}, "horizontalSizeClass", "verticalSizeClass", …}]} — step 0 is the launch;
               a controller's size and size classes are as it sees them at that moment ("unspecified" while its
               view is not in a window); a screen id used twice is suffixed "#2", "#3"….
               NAME: willConnect, sceneWillEnterForeground, sceneDidBecomeActive, sceneWillResignActive,
               sceneDidEnterBackground, sceneDidDisconnect, loadView, viewDidLoad, viewWillAppear, viewIsAppearing,
               viewDidAppear, viewWillDisappear, viewDidDisappear, viewWillTransition, viewWillLayoutSubviews,
               viewDidLayoutSubviews, willMoveToParent, didMoveToParent, traitsDidChange, deinit, diagnostic.

        EXIT: 0 simulated; 64 usage or a step that makes no sense (dismiss with nothing presented, pop at the root,
              a mode the device does not offer…), naming the step; 65 a payload that does not decode; 66 a missing file.
        """,
        run: run)

    /// One parsed step.
    enum Step: Equatable {
        case rotate
        case resize(WindowMode)
        case present(ModalPresentationStyle, path: String)
        case dismiss
        case push(path: String)
        case pop
        case background, foreground, disconnect
        case contentSize(ContentSizeCategory)
        case style(UserInterfaceStyle)
        case tap(nodeID: String)
    }

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let outcome: Result<Int32, CLIError> = MainActor.assumeIsolated {
            do throws(CLIError) { return .success(try runOnMain(args)) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    @MainActor
    static func runOnMain(_ args: Arguments) throws(CLIError) -> Int32 {
            let format = try args.choice("--format", ["json", "text"], default: "json")
            let path = args.positionals[0]
            let (environment, traits) = try LayoutCommand.resolveEnvironment(args)
            let stepTexts = try splitSteps(args["--steps"])
            var steps: [Step] = []
            for (index, text) in stepTexts.enumerated() { steps.append(try parseStep(text, index: index + 1)) }
            // Load every payload before running, so a bad file fails before any output.
            let screen = try loadScreen(path)
            let detail: Screen?
            if let detailPath = args["--detail"] {
                do throws(CLIError) { detail = try loadScreen(detailPath) } catch {
                    throw CLIError(message: "--detail: \(error.message)", exitCode: error.exitCode)
                }
            } else {
                detail = nil
            }
            var screens: [String: Screen] = [:]
            for (index, step) in steps.enumerated() {
                switch step {
                case .present(_, let file), .push(let file):
                    if screens[file] == nil { screens[file] = try loadStepScreen(file, index: index + 1, text: stepTexts[index]) }
                default: break
                }
            }
            let simulation = try Simulation(screen: screen, detail: detail, environment: environment, traits: traits,
                                            knownScreens: [screen] + (detail.map { [$0] } ?? []) + stepTexts.indices.compactMap { index in
                                                switch steps[index] {
                                                case .present(_, let file), .push(let file): return screens[file]
                                                default: return nil
                                                }
                                            })
            for (index, step) in steps.enumerated() {
                do throws(Simulation.Failure) {
                    try simulation.apply(step, index: index + 1, screens: screens)
                } catch {
                    throw .usage("step \(index + 1) \"\(stepTexts[index])\": \(error.message)")
                }
            }
            let output = format == "json"
                ? JSONValue.object([("events", .array(simulation.records.map(json)))]).serialized(pretty: true)
                : text(simulation, path: path, stepTexts: stepTexts)
            try writeOutput(output, to: args["--output"])
            return ExitCode.ok
    }

    // MARK: Parsing

    static func splitSteps(_ list: String?) throws(CLIError) -> [String] {
        guard let list else { return [] }
        let parts = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 1 && parts[0].isEmpty { return [] }
        if let empty = parts.firstIndex(where: \.isEmpty) {
            throw .usage("--steps: step \(empty + 1) is empty (steps are separated by single commas)")
        }
        return parts
    }

    static func parseStep(_ text: String, index: Int) throws(CLIError) -> Step {
        func fail(_ why: String) -> CLIError { .usage("--steps: step \(index) \"\(text)\": \(why)") }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].lowercased()
        func noArgument() throws(CLIError) { if parts.count > 1 { throw fail("\(name) takes no argument") } }
        switch name {
        case "rotate": try noArgument(); return .rotate
        case "dismiss": try noArgument(); return .dismiss
        case "pop": try noArgument(); return .pop
        case "background": try noArgument(); return .background
        case "foreground": try noArgument(); return .foreground
        case "disconnect": try noArgument(); return .disconnect
        case "dark": try noArgument(); return .style(.dark)
        case "light": try noArgument(); return .style(.light)
        case "resize":
            let argument = text.dropFirst("resize:".count)
            guard parts.count >= 2, !argument.isEmpty else { throw fail("expected resize:MODE (full, split-1/3, split-1/2, split-2/3, slide-over, or WxH)") }
            if let mode = WindowMode(parsing: String(argument)) { return .resize(mode) }
            if let size = try? EnvironmentOptions.windowSize(String(argument)) { return .resize(.window(size)) }
            throw fail("unknown mode \"\(argument)\" (expected full, split-1/3, split-1/2, split-2/3, slide-over, or WxH)")
        case "tap":
            let id = String(text.dropFirst("tap:".count))
            guard parts.count >= 2, !id.isEmpty else { throw fail("expected tap:NODE-ID") }
            return .tap(nodeID: id)
        case "content-size":
            guard parts.count == 2, let category = ContentSizeCategory(parsing: parts[1]) else {
                throw fail("expected content-size:SIZE with SIZE one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .contentSize(category)
        case "push":
            let file = String(text.dropFirst("push:".count))
            guard parts.count >= 2, !file.isEmpty else { throw fail("expected push:FILE") }
            return .push(path: file)
        case "present":
            let styles = ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")
            guard parts.count == 3, !parts[2].isEmpty else { throw fail("expected present:STYLE:FILE with STYLE one of \(styles)") }
            guard let style = ModalPresentationStyle.allCases.first(where: { $0.rawValue.lowercased() == parts[1].lowercased() }) else {
                throw fail("unknown presentation style \"\(parts[1])\" (expected \(styles))")
            }
            return .present(style, path: parts[2])
        default:
            throw fail("unknown step (expected rotate, resize:MODE, present:STYLE:FILE, dismiss, push:FILE, pop, background, foreground, disconnect, content-size:SIZE, dark, light, tap:NODE-ID)")
        }
    }

    /// Loads a step's payload; errors name the step (exit 65 undecodable, 66 missing).
    static func loadStepScreen(_ path: String, index: Int, text: String) throws(CLIError) -> Screen {
        do {
            return try loadScreen(path)
        } catch {
            throw CLIError(message: "step \(index) \"\(text)\": \(error.message)", exitCode: error.exitCode)
        }
    }

    // MARK: Output

    static func json(_ record: Simulation.Record) -> JSONValue {
        guard case .object(let fields) = record.event.jsonValue else { return record.event.jsonValue }
        return .object([("step", .number(Double(record.step)))] + fields)
    }

    @MainActor
    static func text(_ simulation: Simulation, path: String, stepTexts: [String]) -> String {
        let e = simulation.initialEnvironment
        var lines = ["\(displayName(path)) on \(e.device.name), \(e.orientation.rawValue), \(e.mode.label) (\(e.size))"]
        let width = max(8, simulation.records.map(\.event.object.count).max() ?? 0)
        var currentStep = -1
        for (number, record) in simulation.records.enumerated() {
            if record.step != currentStep {
                currentStep = record.step
                let title = record.step == 0 ? "launch" : "step \(record.step): \(stepTexts.indices.contains(record.step - 1) ? stepTexts[record.step - 1] : "")"
                lines.append("")
                lines.append(title)
            }
            let event = record.event
            var rest = event.description.dropFirst(event.object.count + 1 + event.kind.rawValue.count)
            if rest.hasPrefix(" ") { rest = rest.dropFirst() }
            let index = String(number + 1).leftPadded(to: 4)
            lines.append("\(index)  \(event.object.rightPadded(to: width))  \(event.kind.rawValue.rightPadded(to: 23))\(rest.isEmpty ? "" : "  " + rest)")
        }
        return lines.joined(separator: "\n")
    }
}

/// The running app of `sdui simulate`: the scene, the navigation controller and the step logic.
@MainActor
final class Simulation {
    struct Record { var step: Int; var event: Event }
    struct Failure: Error { var message: String }

    let app: Application
    let router: Router
    let initialEnvironment: WindowEnvironment
    private(set) var scene: WindowScene?
    private var usedNames: [String: Int] = [:]
    private var step = 0
    private var consumed = 0
    private(set) var records: [Record] = []

    init(screen: Screen, detail: Screen?, environment: WindowEnvironment, traits: TraitCollection,
         knownScreens: [Screen]) throws(CLIError) {
        initialEnvironment = environment
        usedNames[screen.id] = 1
        let router = Router(provider: InMemoryScreenProvider(knownScreens))
        self.router = router
        var detailName: String?
        if let detail {
            usedNames[detail.id, default: 0] += 1
            if let count = usedNames[detail.id], count > 1 { detailName = "\(detail.id)#\(count)" }
        }
        app = Application(sceneConfiguration: .hosting {
            let navigation = NavigationController(rootViewController: ScreenViewController(screen: screen, router: router))
            guard let detail else { return navigation }
            let detailController = ScreenViewController(screen: detail, router: router)
            if let detailName { detailController.name = detailName }
            return SplitViewController(primary: navigation, secondary: detailController)
        })
        router.prepareViewController = { [weak self] controller in self?.assignUniqueName(controller) }
        do {
            scene = try app.launch(in: environment.configuration, contentSizeCategory: traits.preferredContentSizeCategory,
                                   userInterfaceStyle: traits.userInterfaceStyle)
        } catch {
            throw .usage(error.message)
        }
        collect()
    }

    /// The root: a navigation controller, or a split whose primary column is one.
    var root: ViewController? { scene?.windows.first?.rootViewController }

    /// The navigation controller: the root, or the split's primary column.
    var navigation: NavigationController? {
        (root as? NavigationController) ?? ((root as? SplitViewController)?.primary as? NavigationController)
    }

    /// The topmost presented controller, if any.
    var topPresented: ViewController? {
        var top = root?.presentedViewController
        while let next = top?.presentedViewController { top = next }
        return top
    }

    func apply(_ step: SimulateCommand.Step, index: Int, screens: [String: Screen]) throws(Failure) {
        self.step = index
        defer { collect() }
        guard let scene else { throw Failure(message: "the scene is disconnected; no step can follow disconnect") }
        switch step {
        case .rotate:
            do { try scene.rotate() } catch { throw Failure(message: error.message) }
        case .resize(let mode):
            do { try scene.resize(to: mode) } catch { throw Failure(message: error.message) }
        case .contentSize(let category):
            scene.updateContentSizeCategory(category)
        case .style(let style):
            scene.updateUserInterfaceStyle(style)
        case .background:
            do { try app.moveToBackground(scene) } catch { throw Failure(message: "cannot go to the background: \(error.message)") }
        case .foreground:
            do { try app.moveToForeground(scene) } catch { throw Failure(message: "cannot come to the foreground: \(error.message)") }
        case .disconnect:
            do { try app.disconnect(scene) } catch { throw Failure(message: error.message) }
            self.scene = nil
        case .push(let path):
            guard let navigation, let screen = screens[path] else { throw Failure(message: "no navigation controller") }
            if let presented = topPresented {
                throw Failure(message: "'\(presented.name)' is presented over the navigation stack; dismiss it before pushing")
            }
            navigation.pushViewController(makeController(screen), animated: true)
        case .pop:
            guard let navigation else { throw Failure(message: "no navigation controller") }
            guard navigation.viewControllers.count > 1 else {
                throw Failure(message: "nothing to pop: '\(navigation.topViewController?.name ?? "")' is the root of the navigation stack")
            }
            navigation.popViewController(animated: true)
        case .present(let style, let path):
            guard let presenter = topPresented ?? root, let screen = screens[path] else { throw Failure(message: "no controller to present from") }
            let controller = makeController(screen)
            controller.modalPresentationStyle = style
            presenter.present(controller, animated: true)
        case .dismiss:
            guard let presented = topPresented else { throw Failure(message: "nothing is presented") }
            presented.dismiss(animated: true)
        case .tap(let id):
            let candidates: [ViewController?] = topPresented.map { [$0] }
                ?? [navigation?.topViewController, (root as? SplitViewController)?.secondary]
            let screens = candidates.compactMap { $0 as? ScreenViewController }.filter { $0.isViewInWindow }
            guard let screen = screens.first(where: { $0.hasNode(id: id) }) ?? screens.first else {
                throw Failure(message: "no screen is visible")
            }
            do { try screen.performAction(ofNodeWithID: id) } catch { throw Failure(message: error.message) }
        }
    }

    private func makeController(_ screen: Screen) -> ScreenViewController {
        let controller = ScreenViewController(screen: screen, router: router)
        assignUniqueName(controller)
        return controller
    }

    /// Names a screen's second controller `id#2`, its third `id#3`…
    private func assignUniqueName(_ controller: ScreenViewController) {
        let id = controller.screen.id
        let count = (usedNames[id] ?? 0) + 1
        usedNames[id] = count
        if count > 1 { controller.name = "\(id)#\(count)" }
    }

    /// Moves new log events into the records, tagged with the current step.
    private func collect() {
        let events = app.eventLog.events
        for event in events[consumed...] { records.append(Record(step: step, event: event)) }
        consumed = events.count
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
    func rightPadded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}

