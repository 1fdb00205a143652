import SDUILayout
import SDUILint
import SDUISchema

/// `sdui lint --target-version 1.N`: what users of an app of format version 1.N would not see — every node type,
/// key, modifier of the chain, action and value form (a binding, a `forEach`, GridItem columns) of the payload that is
/// newer than 1.N and that no guard keeps from that app.
///
/// The payload is read as written (its JSON), with `FormatHistory`'s versions. A node is guarded for the target when
/// the target does not show it: its `minimumVersion` is newer than the target (it shows the node's fallback, or
/// nothing), or its type is newer than the target and it has a `fallback` (shown instead). Nothing inside a guarded
/// node is reported; its fallback, which the target shows, is checked in its place. A fallback alone does not guard
/// a newer key on a type the target knows: the target shows the node without the key, so that needs a
/// `minimumVersion`. The guards themselves appeared in 1.7: for an older target they do nothing, and what they guard
/// is reported as `guard-not-read` information beside the unguarded findings.
struct TargetVersionAudit {
    /// The app's format version.
    let target: FormatVersion

    /// One finding: where, how bad, what.
    struct Finding {
        var pointer: String
        var code: String
        var severity: LayoutDiagnostic.Severity
        var message: String
    }

    /// The first version that reads `fallback` and `minimumVersion` (a parameter for tests of targets that read them).
    var guardsSince = FormatHistory.since(.nodeKey("fallback")) ?? FormatVersion.current

    /// Whether the target reads `fallback` and `minimumVersion`.
    private var readsGuards: Bool { target >= guardsSince }

    /// Every finding in the payload `document`, in document order.
    func findings(_ document: JSONValue) -> [Finding] {
        var findings: [Finding] = []
        guard case .object(let pairs) = document else { return findings }
        for (key, value) in pairs {
            let pointer = JSONPointer.appending("", key)
            if let since = FormatHistory.since(.screenKey(key)), since > target {
                findings.append(newer(pointer, "the screen's \"\(key)\" (\(since))", consequence: "apps of \(target) ignore it", guardedBy: nil))
            }
            if key == "root" { visitNode(value, pointer, guardedBy: nil, into: &findings) }
        }
        return findings
    }

    /// A finding about `what` at `pointer`: newer than the target; `guardedBy` names the guard the target does not
    /// read (the finding is then information).
    private func newer(_ pointer: String, _ what: String, consequence: String, guardedBy guardName: String?) -> Finding {
        if let guardName {
            return Finding(pointer: pointer, code: "guard-not-read", severity: .info,
                           message: "\(what) is newer than the target \(target) and guarded by \(guardName), which apps before 1.7 do not read: \(consequence)")
        }
        return Finding(pointer: pointer, code: "newer-than-target", severity: .warning,
                       message: "\(what) is newer than the target \(target) and not guarded: \(consequence) (give the node a \"minimumVersion\" and a \"fallback\")")
    }

    /// Checks the node `value` at `pointer`, which the target shows; `guardedBy` is set inside a guard it does not read.
    private func visitNode(_ value: JSONValue, _ pointer: String, guardedBy: String?, into findings: inout [Finding]) {
        guard case .object(let pairs) = value, case .string(let typeName)? = value["type"] else { return }
        let type = ComponentType(rawValue: typeName)
        let typeSince = type.isBuiltIn ? FormatHistory.since(.type(typeName)) : nil
        let typeIsNewer = typeSince.map { $0 > target } ?? false
        var minimum: FormatVersion?
        if case .string(let text)? = value["minimumVersion"] { minimum = FormatVersion(text) }
        let fallback = value["fallback"]
        // Guarded: the target does not show this node (it shows its fallback, if any, which is checked instead).
        let guarded = (minimum.map { $0 > target } ?? false) || typeIsNewer && fallback != nil
        if guarded && readsGuards {
            if let fallback { visitNode(fallback, JSONPointer.appending(pointer, "fallback"), guardedBy: guardedBy, into: &findings) }
            return
        }
        let guardName = guardedBy ?? (guarded ? (minimum != nil ? "its \"minimumVersion\"" : "its \"fallback\"") : nil)
        if typeIsNewer, let typeSince {
            findings.append(newer(JSONPointer.appending(pointer, "type"), "the type \"\(typeName)\" (\(typeSince))",
                                  consequence: "apps of \(target) show an empty box", guardedBy: guardName))
            return
        }
        for (key, item) in pairs where key != "type" && key != "minimumVersion" && key != "fallback" {
            let keyPointer = JSONPointer.appending(pointer, key)
            if let since = FormatHistory.since(key: key, on: type), since > target {
                findings.append(newer(keyPointer, "\"\(key)\" (\(since)) on \(typeName)", consequence: "apps of \(target) ignore it", guardedBy: guardName))
                continue
            }
            visitValue(key, item, keyPointer, typeName: typeName, guardedBy: guardName, into: &findings)
        }
        // A custom type: the target shows its fallback unless the app draws the type.
        if !type.isBuiltIn, readsGuards, let fallback {
            visitNode(fallback, JSONPointer.appending(pointer, "fallback"), guardedBy: guardedBy, into: &findings)
        }
    }

    /// Checks the member `key` of a node: the nodes, actions, chain elements and value forms in it.
    private func visitValue(_ key: String, _ item: JSONValue, _ pointer: String, typeName: String, guardedBy: String?, into findings: inout [Finding]) {
        switch key {
        case "children":
            guard case .array(let children) = item else { return }
            for (i, child) in children.enumerated() {
                let childPointer = JSONPointer.appending(pointer, i)
                if case .string("forEach")? = child["type"] {
                    visitForEach(child, childPointer, guardedBy: guardedBy, into: &findings)
                } else {
                    visitNode(child, childPointer, guardedBy: guardedBy, into: &findings)
                }
            }
        case "header", "footer":
            visitNode(item, pointer, guardedBy: guardedBy, into: &findings)
        case "modifiers":
            guard case .array(let elements) = item else { return }
            for (i, element) in elements.enumerated() {
                guard case .object(let members) = element, let (name, value) = members.first else { continue }
                let elementPointer = JSONPointer.appending(JSONPointer.appending(pointer, i), name)
                if let since = FormatHistory.since(.modifier(name)), since > target {
                    findings.append(newer(elementPointer, "the modifier \"\(name)\" (\(since))", consequence: "apps of \(target) ignore it", guardedBy: guardedBy))
                    continue
                }
                if (name == "background" || name == "overlay"), let content = value["content"] {
                    visitNode(content, JSONPointer.appending(elementPointer, "content"), guardedBy: guardedBy, into: &findings)
                }
            }
        case "action", "onAppear", "onDisappear", "submitAction":
            visitAction(item, pointer, guardedBy: guardedBy, into: &findings)
        case "columns" where typeName == "grid":
            let isItems: Bool
            switch item {
            case .array: isItems = true
            case .object(let pairs): isItems = pairs.contains { if case .array = $0.value { return true } else { return false } }
            default: isItems = false
            }
            if isItems { checkForm("gridItems", "GridItem columns", pointer, guardedBy: guardedBy, into: &findings) }
        default:
            if Self.holdsBinding(item) { checkForm("binding", "a binding", pointer, guardedBy: guardedBy, into: &findings) }
        }
    }

    /// A `forEach` among children: the form itself, then its template as a node.
    private func visitForEach(_ value: JSONValue, _ pointer: String, guardedBy: String?, into findings: inout [Finding]) {
        if let since = FormatHistory.since(.form("forEach")), since > target {
            findings.append(newer(pointer, "a forEach (\(since))", consequence: "apps of \(target) show an empty box", guardedBy: guardedBy))
            return
        }
        if let template = value["template"] { visitNode(template, JSONPointer.appending(pointer, "template"), guardedBy: guardedBy, into: &findings) }
    }

    /// An action and the actions in it.
    private func visitAction(_ value: JSONValue, _ pointer: String, guardedBy: String?, into findings: inout [Finding]) {
        guard case .object(let pairs) = value, case .string(let type)? = value["type"] else { return }
        if let since = FormatHistory.since(.action(type)), since > target {
            findings.append(newer(JSONPointer.appending(pointer, "type"), "the action \"\(type)\" (\(since))",
                                  consequence: "apps of \(target) pass it to the host app as an unknown action", guardedBy: guardedBy))
            return
        }
        for (key, item) in pairs {
            switch key {
            case "then", "else", "onSuccess", "onFailure": visitAction(item, JSONPointer.appending(pointer, key), guardedBy: guardedBy, into: &findings)
            case "actions":
                guard case .array(let actions) = item else { continue }
                for (i, action) in actions.enumerated() {
                    visitAction(action, JSONPointer.appending(JSONPointer.appending(pointer, key), i), guardedBy: guardedBy, into: &findings)
                }
            default:
                if key != "type", Self.holdsBinding(item) { checkForm("binding", "a binding", JSONPointer.appending(pointer, key), guardedBy: guardedBy, into: &findings) }
            }
        }
    }

    private func checkForm(_ form: String, _ what: String, _ pointer: String, guardedBy: String?, into findings: inout [Finding]) {
        guard let since = FormatHistory.since(.form(form)), since > target else { return }
        findings.append(newer(pointer, "\(what) (\(since))", consequence: "apps of \(target) read it as written", guardedBy: guardedBy))
    }

    /// Whether `value` holds a string with `@{` (a binding or interpolation) anywhere.
    static func holdsBinding(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s): return s.contains("@{")
        case .array(let items): return items.contains(where: holdsBinding)
        case .object(let pairs): return pairs.contains { holdsBinding($0.value) }
        default: return false
        }
    }
}
