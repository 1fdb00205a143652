import Foundation
import SDUIEnvironment
import SDUIRuntime
import SDUISchema
import SDUILayout

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
            .value("--state", "FILE", "a JSON object of state variables the screen in FILE starts with (over its initial\nstate)"),
        ] + FontOptions.options + [
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
                                 else the stack's top, else the detail): state actions (set, toggle, append,
                                 remove, sequence, if, request) change the screen's state; navigate pushes (from a
                                 split's primary column: shows the detail), present presents, dismiss dismisses;
                                 screens are found by id among FILE, --detail and the steps' files
          type:NODE-ID=TEXT      replace the text of a textField (its state variable becomes TEXT)
          toggle:NODE-ID         flip a toggle
          scroll:NODE-ID=Y       scroll the screen's root scroll (NODE-ID) to content offset Y (clamped to its
                                 content): lazy grid items entering the visible area run onAppear, those leaving
                                 onDisappear
          set:NAME=JSON          set the visible screen's state variable NAME to the JSON value (of its type)
          respond:ok[:FILE]      answer the oldest pending request with status 200 and FILE's JSON as its body
                                 (none: null); its onSuccess runs with `response` in scope
          respond:fail[:STATUS]  answer it with a failure: STATUS (400…599), or none for no response (status 0,
                                 as without a network); its onFailure runs
          Commas inside [], {} or "…" do not separate steps (set:tags=["a","b"]); in a typed text \\, is a comma
          and \\" a quote.

        JSON: {"events": [{"step": N, "object": "scene" | "window" | "navigation" | "split" | SCREEN-ID, "event": NAME,
               "size": {"width","height"}, "horizontalSizeClass", "verticalSizeClass", …}]} — step 0 is the launch;
               a controller's size and size classes are as it sees them at that moment ("unspecified" while its
               view is not in a window); a screen id used twice is suffixed "#2", "#3"….
               NAME: willConnect, sceneWillEnterForeground, sceneDidBecomeActive, sceneWillResignActive,
               sceneDidEnterBackground, sceneDidDisconnect, loadView, viewDidLoad, viewWillAppear, viewIsAppearing,
               viewDidAppear, viewWillDisappear, viewDidDisappear, viewWillTransition, viewWillLayoutSubviews,
               viewDidLayoutSubviews, willMoveToParent, didMoveToParent, traitsDidChange, deinit, diagnostic,
               stateDidChange ("changes": {NAME: VALUE}), requestDidStart / requestDidFinish ("request": "METHOD URL",
               "status").
               "state": the final state of the visible screen (the one tap steps act on; {} without state),
               "layout": its final layout, as `sdui layout --format json` prints it (null if it was never laid out),
               "pendingRequests": ["METHOD URL", …] not answered.

        EXIT: 0 simulated; 1 a step the screen cannot take (dismiss with nothing presented, pop at the root, a mode
              the device does not offer, a node that is not there or not that kind of input, a state variable the
              screen does not have or a value not of its type — array elements included —, respond with no pending
              request…), naming the step, nothing written; 64 usage only (an unknown option or step, a step
              written wrongly); 65 a payload, state, response or font file that does not decode or fit; 66 a missing file;
              73 cannot write.
        """,
        output: .data("json"),
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
        case type(nodeID: String, text: String)
        case toggle(nodeID: String)
        case scroll(nodeID: String, offset: Double)
        case set(name: String, value: JSONValue)
        case respondOK(path: String?)
        case respondFail(status: Int)
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
            let screen = try StateOptions.screen(path, args)
            let detail: Screen?
            if let detailPath = args["--detail"] {
                do throws(CLIError) { detail = try loadScreen(detailPath) } catch {
                    throw CLIError(message: "--detail: \(error.message)", exitCode: error.exitCode)
                }
            } else {
                detail = nil
            }
            var screens: [String: Screen] = [:]
            var bodies: [String: JSONValue] = [:]
            for (index, step) in steps.enumerated() {
                switch step {
                case .present(_, let file), .push(let file):
                    if screens[file] == nil { screens[file] = try loadStepScreen(file, index: index + 1, text: stepTexts[index]) }
                case .respondOK(let file?):
                    if bodies[file] == nil {
                        do throws(CLIError) { bodies[file] = try StateOptions.loadJSON(file, what: "response") } catch {
                            throw CLIError(message: "step \(index + 1) \"\(stepTexts[index])\": \(error.message)", exitCode: error.exitCode)
                        }
                    }
                default: break
                }
            }
            let fonts = try FontOptions.fonts(args)
            let simulation = try Simulation(screen: screen, detail: detail, environment: environment, traits: traits,
                                            knownScreens: [screen] + (detail.map { [$0] } ?? []) + stepTexts.indices.compactMap { index in
                                                switch steps[index] {
                                                case .present(_, let file), .push(let file): return screens[file]
                                                default: return nil
                                                }
                                            }, fonts: fonts)
            for (index, step) in steps.enumerated() {
                do throws(Simulation.Failure) {
                    try simulation.apply(step, index: index + 1, screens: screens, bodies: bodies)
                } catch {
                    // A well-formed step the screen cannot take: not a usage error (the command line was right).
                    throw CLIError(message: "step \(index + 1) \"\(stepTexts[index])\": \(error.message)", exitCode: ExitCode.problemsFound)
                }
            }
            let output = format == "json"
                ? JSONValue.object([("events", .array(simulation.records.map(json)))] + finalJSON(simulation)).serialized(pretty: true)
                : text(simulation, path: path, stepTexts: stepTexts)
            try writeOutput(output, to: args["--output"])
            return ExitCode.ok
    }

    // MARK: Parsing

    static func splitSteps(_ list: String?) throws(CLIError) -> [String] {
        guard let list else { return [] }
        // Commas split steps except inside brackets, braces or a double-quoted string (a JSON value), or after a
        // backslash (`\,` is a literal comma, `\"` a quote that starts no string, in a typed text).
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in list {
            if escaped {
                // Inside a string the escape is JSON's, kept as written; outside, `\,` `\"` `\\` are the character.
                if inString || !(character == "," || character == "\"" || character == "\\") { current.append("\\") }
                current.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true; continue
            case "\"": inString.toggle()
            case "[", "{": if !inString { depth += 1 }
            case "]", "}": if !inString { depth = max(0, depth - 1) }
            case "," where depth == 0 && !inString:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if escaped { current.append("\\") }
        parts.append(current)
        parts = parts.map { $0.trimmingCharacters(in: .whitespaces) }
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
        /// The argument after `name:` (colons included).
        var argument: String { String(text.dropFirst(name.count + 1)) }
        /// `KEY=VALUE` after `name:`, split at the first `=` (KEY not empty), or nil.
        var assignment: (key: String, value: String)? {
            let rest = argument
            guard parts.count >= 2, let equals = rest.firstIndex(of: "="), equals != rest.startIndex else { return nil }
            return (String(rest[..<equals]), String(rest[rest.index(after: equals)...]))
        }
        /// The node id after `name:`.
        func nodeID() throws(CLIError) -> String {
            let id = argument
            guard parts.count >= 2, !id.isEmpty else { throw fail("expected \(name):NODE-ID") }
            return id
        }
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
            guard parts.count >= 2, !argument.isEmpty else { throw fail("expected resize:MODE (full, split-1/3, split-1/2, split-2/3, slide-over, or WxH)") }
            if let mode = WindowMode(parsing: String(argument)) { return .resize(mode) }
            if let size = try? EnvironmentOptions.windowSize(String(argument)) { return .resize(.window(size)) }
            throw fail("unknown mode \"\(argument)\" (expected full, split-1/3, split-1/2, split-2/3, slide-over, or WxH)")
        case "tap":
            return .tap(nodeID: try nodeID())
        case "type":
            guard let (id, typed) = assignment else { throw fail("expected type:NODE-ID=TEXT") }
            return .type(nodeID: id, text: typed)
        case "toggle":
            return .toggle(nodeID: try nodeID())
        case "scroll":
            guard let (id, number) = assignment, let offset = Double(number), offset.isFinite else {
                throw fail("expected scroll:NODE-ID=Y with Y the content offset in points (scroll:feed=1200)")
            }
            return .scroll(nodeID: id, offset: offset)
        case "set":
            guard let (variable, json) = assignment else {
                throw fail("expected set:NAME=JSON (set:count=3, set:name=\"Ada\")")
            }
            switch JSONValue.parse(Array(json.utf8), maxDepth: 64) {
            case .success(let value): return .set(name: variable, value: value)
            case .failure(let error):
                throw fail("the value \(json.isEmpty ? "(empty)" : json) is not JSON: \(error.message) (a string is written in double quotes: set:name=\"Ada\")")
            }
        case "respond":
            guard parts.count >= 2 else { throw fail("expected respond:ok[:FILE] or respond:fail[:STATUS]") }
            switch parts[1].lowercased() {
            case "ok":
                if parts.count == 3 {
                    guard !parts[2].isEmpty else { throw fail("expected respond:ok:FILE (a JSON file)") }
                    return .respondOK(path: parts[2])
                }
                return .respondOK(path: nil)
            case "fail":
                guard parts.count == 3 else { return .respondFail(status: 0) }
                guard let status = Int(parts[2]), (400...599).contains(status) else {
                    throw fail("expected respond:fail:STATUS with STATUS 400…599 (or respond:fail for no response)")
                }
                return .respondFail(status: status)
            default:
                throw fail("expected respond:ok[:FILE] or respond:fail[:STATUS], not \"\(parts[1])\"")
            }
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
            throw fail("unknown step (expected rotate, resize:MODE, present:STYLE:FILE, dismiss, push:FILE, pop, background, foreground, disconnect, content-size:SIZE, dark, light, tap:NODE-ID, type:NODE-ID=TEXT, toggle:NODE-ID, scroll:NODE-ID=Y, set:NAME=JSON, respond:ok[:FILE], respond:fail[:STATUS])")
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

    /// The final `state`, `layout` and `pendingRequests` of the visible screen.
    @MainActor
    static func finalJSON(_ simulation: Simulation) -> [(key: String, value: JSONValue)] {
        guard let screen = simulation.visibleScreens.first else {
            return [("state", .object([])), ("layout", .null), ("pendingRequests", .array([]))]
        }
        let layout = screen.layoutResult.map { LayoutCommand.json($0, screen: screen.screen) } ?? .null
        return [("state", screen.state.jsonValue), ("layout", layout),
                ("pendingRequests", .array(screen.pendingRequests.map { .string("\($0.method.rawValue) \($0.url)") }))]
    }

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
        if let screen = simulation.visibleScreens.first, !screen.state.isEmpty {
            lines.append("")
            lines.append("state of \(screen.name): \(screen.state.jsonValue.serialized())")
            if !screen.pendingRequests.isEmpty {
                lines.append("pending: " + screen.pendingRequests.map { "\($0.method.rawValue) \($0.url)" }.joined(separator: ", "))
            }
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
         knownScreens: [Screen], fonts: FontCollection = FontCollection()) throws(CLIError) {
        initialEnvironment = environment
        usedNames[screen.id] = 1
        let router = Router(provider: InMemoryScreenProvider(knownScreens), fonts: fonts)
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
                                   userInterfaceStyle: traits.userInterfaceStyle, layoutDirection: traits.layoutDirection)
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

    func apply(_ step: SimulateCommand.Step, index: Int, screens: [String: Screen], bodies: [String: JSONValue]) throws(Failure) {
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
            let screen = try visibleScreen(having: id)
            do { try screen.performAction(ofNodeWithID: id) } catch { throw Failure(message: error.message) }
        case .type(let id, let text):
            let screen = try visibleScreen(having: id)
            guard let layout = screen.layoutResult, let index = layout.index(ofNodeWithID: id), layout.nodes[index].type == .textField else {
                throw Failure(message: "'\(id)' on '\(screen.screen.id)' is not a textField (type:NODE-ID=TEXT types into a text field)")
            }
            do { try screen.setInput(ofNodeWithID: id, to: .string(text)) } catch { throw Failure(message: error.message) }
        case .toggle(let id):
            let screen = try visibleScreen(having: id)
            do { try screen.toggleInput(ofNodeWithID: id) } catch { throw Failure(message: error.message) }
        case .scroll(let id, let offset):
            let screen = try visibleScreen(having: id)
            // The root as the screen's layout names it: its payload id, or "root" without one.
            let root = screen.layoutResult.flatMap { $0.nodeCount > 0 ? $0.content(at: 0) : nil }
            guard let root, (root.id ?? "root") == id else {
                let what = root.map { $0.type == .scroll ? ", '\($0.id ?? "root")'" : "; its root is a \($0.type.rawValue)" } ?? ""
                throw Failure(message: "'\(id)' is not the root scroll of '\(screen.screen.id)' (scroll:NODE-ID=Y scrolls a screen's root scroll view\(what))")
            }
            do { try screen.scroll(to: offset) } catch { throw Failure(message: error.message) }
        case .set(let name, let value):
            guard let screen = visibleScreens.first else { throw Failure(message: "no screen is visible") }
            do { try screen.setState(name, to: StateValue(value)) } catch { throw Failure(message: error.message) }
        case .respondOK(let path):
            let (screen, request) = try pendingRequest()
            let body = path.flatMap { bodies[$0] }.map(StateValue.init) ?? .null
            do { try screen.respond(to: request, with: RequestResponse(status: 200, body: body)) } catch { throw Failure(message: error.message) }
        case .respondFail(let status):
            let (screen, request) = try pendingRequest()
            let error = status == 0 ? "no response: the request failed" : "HTTP \(status)"
            do { try screen.respond(to: request, with: RequestResponse(status: status, error: error)) } catch { throw Failure(message: error.message) }
        }
    }

    /// The visible screen controllers: the topmost presented one, else the stack's top and the detail.
    var visibleScreens: [ScreenViewController] {
        let candidates: [ViewController?] = topPresented.map { [$0] }
            ?? [navigation?.topViewController, (root as? SplitViewController)?.secondary]
        return candidates.compactMap { $0 as? ScreenViewController }.filter { $0.isViewInWindow }
    }

    /// The visible screen with a node `id` (else the first visible one, which then reports the missing node).
    private func visibleScreen(having id: String) throws(Failure) -> ScreenViewController {
        let screens = visibleScreens
        guard let screen = screens.first(where: { $0.hasNode(id: id) }) ?? screens.first else {
            throw Failure(message: "no screen is visible")
        }
        return screen
    }

    /// The oldest request a visible screen is waiting for.
    private func pendingRequest() throws(Failure) -> (ScreenViewController, PendingRequest) {
        for screen in visibleScreens {
            if let request = screen.pendingRequests.first { return (screen, request) }
        }
        throw Failure(message: "no request is pending (a request action runs when its node is tapped or its screen appears)")
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

