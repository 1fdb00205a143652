import SDUIEnvironment
import SDUILayout
import SDUISchema

/// Reading states from files (`sdui layout --state`, `sdui preview --state`, `sdui simulate`'s `respond:ok:FILE`)
/// and the resolved texts `sdui layout` and `sdui simulate` print.
enum StateOptions {
    /// `--state FILE`, as every command that lays out a screen declares it (`sdui preview` takes it repeated).
    static let option = OptionSpec.value("--state", "FILE", "a JSON object of state variables laid out over the payload's initial state")

    /// The payload at `path` (warnings printed), in the state of `--state FILE` when given: exit 65 for a state
    /// file whose variables the screen does not have or whose values are not of their types, 66 unreadable.
    static func screen(_ path: String, _ args: Arguments) throws(CLIError) -> Screen {
        try payload(path, args, quietWarnings: false).screen
    }

    /// `screen(_:_:)`, with the payload's bytes and the decoder's issues (`quietWarnings`: not printed, the caller
    /// reports them).
    static func payload(_ path: String, _ args: Arguments, quietWarnings: Bool = true) throws(CLIError)
        -> (screen: Screen, bytes: [UInt8], issues: [PayloadIssue]) {
        let loaded = try loadPayload(path, options: DecodeOptions.decoder(args), quietWarnings: quietWarnings)
        guard let statePath = args["--state"] else { return loaded }
        let state = try state(from: statePath, over: loaded.screen)
        return (try resolve(loaded.screen, in: state, source: displayName(path)), loaded.bytes, loaded.issues)
    }

    /// JSON from `path`: exit 66 when unreadable, 65 when it is not JSON (naming line and column).
    static func loadJSON(_ path: String, what: String) throws(CLIError) -> JSONValue {
        let bytes = try readInput(path)
        switch JSONValue.parse(bytes) {
        case .success(let value): return value
        case .failure(let error):
            throw CLIError(message: "\(what) \(displayName(path)):\(error.pointer.isEmpty ? "/" : error.pointer): \(error.message)", exitCode: ExitCode.dataError)
        }
    }

    /// `screen`'s state with the variables of the JSON object in `path` over it. Each must be a variable of the
    /// screen, of its type (exit 65 naming it, with the closest name for a typo); an unreadable file exits 66.
    static func state(from path: String, over screen: Screen, what: String = "--state") throws(CLIError) -> ScreenState {
        let json = try loadJSON(path, what: what)
        return try state(from: json, over: screen, source: "\(what) \(displayName(path))")
    }

    /// `screen`'s state with the members of `json` (an object) over it; `source` names where it came from.
    static func state(from json: JSONValue, over screen: Screen, source: String) throws(CLIError) -> ScreenState {
        guard case .object(let pairs) = json else {
            throw CLIError(message: "\(source):/: must be a JSON object of state variables, got \(json.brief)", exitCode: ExitCode.dataError)
        }
        var state = screen.state
        for (name, value) in pairs {
            guard state.schema.slot(of: name) != nil else {
                let names = state.schema.names
                let hint = Spelling.closest(to: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                let known = names.isEmpty ? "the screen declares no state" : "known: " + names.joined(separator: ", ")
                throw CLIError(message: "\(source):\(JSONPointer.appending("", name)): no state variable \"\(name)\"\(hint); \(known)", exitCode: ExitCode.dataError)
            }
            if let problem = state.set(name, to: StateValue(value)) {
                throw CLIError(message: "\(source):\(JSONPointer.appending("", name)): \(problem.message)", exitCode: ExitCode.dataError)
            }
        }
        return state
    }

    /// `screen` resolved in `state` (exit 65 if it cannot be; warnings printed).
    static func resolve(_ screen: Screen, in state: ScreenState, source: String) throws(CLIError) -> Screen {
        let decoding = screen.resolved(in: state)
        for issue in decoding.issues where issue.severity == .warning {
            printError("\(source):\(issue.pointer.isEmpty ? "/" : issue.pointer): warning: \(issue.message)")
        }
        guard let resolved = decoding.screen else {
            throw CLIError(message: decoding.errors.map { "\(source):\($0.pointer): \($0.message)" }.joined(separator: "\n"), exitCode: ExitCode.dataError)
        }
        return resolved
    }

    /// The text node `index` of `result` shows, in the state it was laid out in: a text's `text`, a button's
    /// `title`, a text field's text (its state variable's value), a picker's selected option (either style); nil for
    /// other nodes. Read from the laid-out node, so the views of backgrounds and overlays and sections' headers and
    /// footers have theirs as any other node.
    static func resolvedText(at index: Int, in result: LayoutResult) -> String? {
        guard let content = result.content(at: index) else { return nil }
        switch content.type {
        case .text, .button: return content.text ?? ""
        case .picker:
            guard let input = content.input else { return nil }
            let selected = input.options.first { $0.value == input.value }?.label
            // A menu shows its first option when none is selected (as it lays out); segments then mark none.
            return selected ?? (input.pickerStyle == .segmented ? "" : input.options.first?.label ?? "")
        case .textField:
            return content.input.map { $0.value?.interpolationText ?? "" }
        default:
            return nil
        }
    }
}
