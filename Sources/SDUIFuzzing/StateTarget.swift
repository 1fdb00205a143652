import SDUIDisplay
import SDUIEnvironment
import SDUILayout
import SDUIRuntime
import SDUISchema

/// The `state` target: a payload hosted in a `ScreenViewController`, then a sequence of state changes — variables set
/// to new values of their type (texts, numbers, flags, a `forEach`'s items reordered, inserted, removed, repeated or
/// emptied), now and then one of another type, and taps on its nodes — each checked against a fresh decode and
/// layout of the payload in the state the controller ended up in.
///
/// After every step:
/// - a change the controller refused (a value of another type, an unknown name) left the state as it was;
/// - the payload decodes in the controller's state, and the controller's frames and diagnostics equal a fresh
///   layout's of that decoding (so whatever path the update took — patched in place, items spliced, laid out
///   upward, or the general path — it is the one a fresh layout gives);
/// - the display items the controller's views were brought to equal a fresh display list's, and so does
///   VoiceOver's reading order.
///
/// The screen (≤ `maxNodes` nodes) comes from the input bytes; the window, Dynamic Type size, steps and values come
/// from a hash of them, so an input always reproduces.
@MainActor
enum StateTarget {
    /// Inputs whose screens have more nodes are skipped (each input must stay fast for the fuzzer).
    static let maxNodes = 1_500
    /// Steps per input.
    static let steps = 8
    static let devices = ["iphone-se-3", "iphone-16-pro-max", "ipad-pro-11-m4"]

    static func run(_ bytes: [UInt8]) -> [String] { trace(bytes).failures }

    /// What one input did: the properties it broke, each step's label, and how many steps changed the state.
    struct Trace {
        var failures: [String] = []
        var steps: [String] = []
        var stateChanges = 0
    }

    static func trace(_ bytes: [UInt8]) -> Trace {
        var trace = Trace()
        guard case .success(let document) = JSONValue.parse(bytes) else { return trace }
        let decoding = PayloadDecoder().decode(document)
        guard let screen = decoding.screen, screen.state.schema.count > 0,
              screen.root.subtreeCount <= maxNodes else { return trace }
        var random = SplitMix(seed: stableHash(bytes))
        let sizes = ContentSizeCategory.allCases
        guard let device = DeviceCatalog.device(named: devices[random.next(devices.count)]) else {
            trace.failures = ["no device"]
            return trace
        }
        let contentSize = sizes[random.next(sizes.count)]
        guard let (app, controller) = launch(screen, on: device, contentSize: contentSize) else {
            trace.failures = ["\(device.slug): the app did not launch"]
            return trace
        }

        var failures: [String] = []
        check(controller, document: document, at: "launch", into: &failures)
        let names = screen.state.schema.names
        for step in 0..<steps where failures.isEmpty {
            let label: String
            let stateBefore = controller.state
            if random.next(8) < 5 {
                let name = names[random.next(names.count)]
                let value = random.next(16) == 0 ? otherType(than: controller.state[name] ?? .null)
                                                 : changed(controller.state[name] ?? .null, &random)
                label = "set \(name) to \(brief(value))"
                let before = controller.state
                do { try controller.setState(name, to: value) } catch {
                    if controller.state != before { failures.append("step \(step) \(label): refused (\(error)) but the state changed") }
                }
            } else {
                guard let nodes = controller.layoutResult?.nodes, !nodes.isEmpty else { break }
                let id = nodes[random.next(nodes.count)].id
                label = "tap \(id)"
                // A node with no action, a control or a navigation action (no router here) is refused: that is fine.
                if (try? controller.performAction(ofNodeWithID: id)) == nil { try? controller.toggleInput(ofNodeWithID: id) }
            }
            check(controller, document: document, at: "step \(step) \(label)", into: &failures)
            trace.steps.append(label)
            if controller.state != stateBefore { trace.stateChanges += 1 }
        }
        trace.failures = failures
        withExtendedLifetime(app) {}
        return trace
    }

    /// `screen` in a `ScreenViewController`, the root of an app launched on `device` (portrait).
    static func launch(_ screen: Screen, on device: Device, contentSize: ContentSizeCategory) -> (Application, ScreenViewController)? {
        nonisolated(unsafe) var made: ScreenViewController?
        let app = Application(sceneConfiguration: .hosting {
            let controller = ScreenViewController(screen: screen)
            made = controller
            return controller
        })
        guard (try? app.launch(in: WindowConfiguration(device: device, orientation: .portrait), contentSizeCategory: contentSize)) != nil,
              let controller = made else { return nil }
        return (app, controller)
    }

    /// How many properties `check` finds broken when the screen of `bytes`, just launched, is checked against the
    /// payload `other` (a test of the check itself: a payload that lays out differently must fail it).
    static func mismatches(_ bytes: [UInt8], against other: [UInt8]) -> Int {
        guard let screen = PayloadDecoder().decode(bytes).screen, case .success(let document) = JSONValue.parse(other),
              let device = DeviceCatalog.device(named: devices[0]),
              let (app, controller) = launch(screen, on: device, contentSize: .large) else { return -1 }
        var failures: [String] = []
        check(controller, document: document, at: "launch", into: &failures)
        withExtendedLifetime(app) {}
        return failures.count
    }

    /// The controller's layout, display items and reading order against a fresh decode and layout of `document` in
    /// the controller's state.
    static func check(_ controller: ScreenViewController, document: JSONValue, at place: String, into failures: inout [String]) {
        guard let result = controller.layoutResult else { return }
        let state = controller.state
        let decoding = PayloadDecoder().decode(document, state: state)
        guard let screen = decoding.screen else {
            let errors = decoding.issues.filter { $0.severity == .error }.prefix(3).map { "\($0)" }
            failures.append("\(place): the payload does not decode in the controller's state (\(state)): \(errors.joined(separator: "; "))")
            return
        }
        let fresh = LayoutEngine().layout(screen, in: result.environment, traits: result.traits)
        if result.nodes != fresh.nodes {
            let index = zip(result.nodes, fresh.nodes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(result.nodes.count, fresh.nodes.count)
            let detail = index < min(result.nodes.count, fresh.nodes.count)
                ? "\(result.nodes[index].id) \(result.nodes[index].frame) vs \(fresh.nodes[index].id) \(fresh.nodes[index].frame)"
                : "\(result.nodes.count) nodes vs \(fresh.nodes.count)"
            failures.append("\(place): frames differ from a fresh layout's at node \(index): \(detail)")
            return
        }
        if result.diagnostics != fresh.diagnostics { failures.append("\(place): diagnostics differ from a fresh layout's") }
        let list = DisplayList(fresh)
        let items = controller.displayItems
        if items != list.items {
            let index = zip(items, list.items).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(items.count, list.items.count)
            failures.append("\(place): the views' display items differ from a fresh display list's at item \(index)")
        }
        // The reading order by the elements' ids (the views with one, as the controller gives its view only those).
        var ids: [ObjectIdentifier: String] = [:]
        for (id, view) in controller.nodeViews { ids[ObjectIdentifier(view)] = id }
        let shown = Set(ids.values)
        let order = (controller.view.accessibilityElements ?? []).map { ids[ObjectIdentifier($0)] ?? "?" }
        let freshOrder = list.accessibilityOrder.map { list.items[$0.int].id }.filter(shown.contains)
        if order != freshOrder { failures.append("\(place): VoiceOver's reading order differs from a fresh display list's") }
    }

    /// A new value of `value`'s type, chosen to reach the update's paths: edge numbers and texts, and for arrays the
    /// edits a list sees (reorder, insert, remove, an item repeated, emptied, an item's member changed).
    static func changed(_ value: StateValue, _ random: inout SplitMix, depth: Int = 0) -> StateValue {
        func pick(_ choices: [StateValue]) -> StateValue { choices[random.next(choices.count)] }
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(!flag)
        case .int(let n): return pick([.int(0), .int(1), .int(-1), .int(n &+ 1), .int(7), .int(100_000), .number(2.5), .int(-100_000)])
        case .number(let n): return pick([.number(0.5), .number(-3.25), .int(0), .number(n / 2), .number(1e9), .int(1)])
        case .string(let text):
            return pick([.string(""), .string("A"), .string(text + " and a few more words to wrap the line"),
                         .string("مرحبا بالعالم"), .string("👩‍👩‍👧‍👦 🇯🇵 e\u{301}"), .string("two\nlines"), .string("@{not a binding}"),
                         .string(String(repeating: "long ", count: 60))])
        case .object(let object):
            guard !object.values.isEmpty, depth < 4 else { return value }
            var values = object.values
            let member = random.next(values.count)
            values[member] = changed(values[member], &random, depth: depth + 1)
            return .object(StateObject(keys: object.keys, values: values))
        case .array(var items):
            switch random.next(7) {
            case 0 where items.count > 1: items.swapAt(random.next(items.count), random.next(items.count))
            case 1 where !items.isEmpty: items.remove(at: random.next(items.count))
            case 2 where !items.isEmpty && items.count < 64:  // a new item like one of the others
                let copy = changed(items[random.next(items.count)], &random, depth: depth + 1)
                items.insert(copy, at: random.next(items.count + 1))
            case 3 where !items.isEmpty && items.count < 64:  // an item repeated as it is (a repeated identity)
                items.append(items[random.next(items.count)])
            case 4: items.removeAll()
            case 5 where !items.isEmpty && depth < 4:
                let index = random.next(items.count)
                items[index] = changed(items[index], &random, depth: depth + 1)
            default: items.reverse()
            }
            return .array(items)
        }
    }

    /// A value of another type than `value`'s (the controller refuses it and keeps its state).
    static func otherType(than value: StateValue) -> StateValue {
        switch value {
        case .string: return .int(3)
        case .bool, .null: return .string("yes")
        case .int, .number: return .bool(true)
        case .array: return .object(StateObject(keys: ["a"], values: [.int(1)]))
        case .object: return .array([.int(1)])
        }
    }

    static func brief(_ value: StateValue) -> String {
        let text = value.description
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
