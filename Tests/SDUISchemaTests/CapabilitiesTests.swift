import Foundation
import Testing
@testable import SDUISchema
import SDUIAuthoring

/// `Capabilities` against the decoder's tables (every name it reads has a version in `FormatHistory`, and nothing
/// else does) and against the JSON Schema (the same types, keys, modifiers, actions and objects).
@Suite struct CapabilitiesTests {
    static let capabilities = Capabilities.current
    static let schema = PayloadJSONSchema.jsonValue

    // MARK: The decoder's tables

    @Test func `every name the decoder reads has the version it appeared in`() {
        var missing: [String] = []
        func need(_ feature: FormatFeature) { if FormatHistory.since(feature) == nil { missing.append(feature.description) } }
        DecodingContext.screenKeys.forEach { need(.screenKey($0)) }
        for type in ComponentType.builtIn {
            need(.type(type.rawValue))
            for key in DecodingContext.keys(for: type) { need(.typeKey(type: type.rawValue, key: key)) }
            for key in DecodingContext.knownKeys(for: type) where FormatHistory.since(key: key, on: type) == nil {
                missing.append("key \(type.rawValue).\(key)")
            }
        }
        DecodingContext.commonKeys.forEach { need(.nodeKey($0)) }
        for name in Modifier.knownNames {
            need(.modifier(name))
            for key in DecodingContext.modifierObjectKeys[name] ?? [] { need(.modifierKey(modifier: name, key: key)) }
        }
        for name in Action.builtInTypes {
            need(.action(name))
            for key in DecodingContext.actionKeys[name] ?? [] { need(.actionKey(action: name, key: key)) }
        }
        ExpressionFunction.allCases.forEach { need(.function($0.name)) }
        for (object, keys) in DecodingContext.objectKeys { keys.forEach { need(.objectKey(object: object, key: $0)) } }
        ["binding", "forEach", "gridItems"].forEach { need(.form($0)) }
        #expect(missing.isEmpty, "register these in FormatHistory.releases with the version that adds them: \(missing)")
    }

    @Test func `the history registers nothing the decoder does not read`() {
        var stale: [String] = []
        for release in FormatHistory.releases {
            for feature in release.additions {
                let known: Bool
                switch feature {
                case .screenKey(let key): known = DecodingContext.screenKeys.contains(key)
                case .type(let name): known = ComponentType.builtIn.map(\.rawValue).contains(name)
                case .nodeKey(let key): known = DecodingContext.commonKeys.contains(key)
                case .typeKey(let type, let key): known = DecodingContext.keys(for: ComponentType(rawValue: type)).contains(key)
                case .modifier(let name): known = Modifier.knownNames.contains(name)
                case .modifierKey(let name, let key): known = DecodingContext.modifierObjectKeys[name]?.contains(key) == true
                case .action(let name): known = Action.builtInTypes.contains(name)
                case .actionKey(let name, let key): known = DecodingContext.actionKeys[name]?.contains(key) == true
                case .function(let name): known = ExpressionFunction(name: name) != nil
                case .objectKey(let object, let key): known = DecodingContext.objectKeys[object]?.contains(key) == true
                case .form(let name): known = ["binding", "forEach", "gridItems"].contains(name)
                }
                if !known { stale.append("\(release.version): \(feature)") }
            }
        }
        #expect(stale.isEmpty, "\(stale)")
    }

    @Test func `versions increase one minor at a time and the last is the current one`() {
        let versions = FormatHistory.releases.map(\.version)
        #expect(versions.first == FormatVersion(1, 0))
        for (a, b) in zip(versions, versions.dropFirst()) { #expect(b == FormatVersion(a.major, a.minor + 1), "\(a) → \(b)") }
        #expect(versions.last == FormatVersion.current)
        #expect(Self.capabilities.formatVersion == FormatVersion.current)
        // Each feature is added once.
        let all = FormatHistory.releases.flatMap(\.additions)
        #expect(Set(all).count == all.count)
    }

    @Test func `capabilities list the decoder's tables in their order`() {
        let c = Self.capabilities
        #expect(c.types.map(\.name) == ComponentType.builtIn.map(\.rawValue))
        for (entry, type) in zip(c.types, ComponentType.builtIn) {
            #expect(entry.keys.map(\.name) == DecodingContext.knownKeys(for: type))
            // A key is never older than its type.
            #expect(entry.keys.allSatisfy { $0.since >= entry.since }, "\(entry.name)")
        }
        #expect(c.nodeKeys.map(\.name) == DecodingContext.commonKeys)
        #expect(c.modifiers.map(\.name) == Modifier.knownNames)
        #expect(c.actions.map(\.name) == Action.builtInTypes)
        #expect(c.functions.map(\.name) == ExpressionFunction.allCases.map(\.name))
        #expect(c.screenKeys.map(\.name) == DecodingContext.screenKeys)
        #expect(c.inputs.map(\.name) == ["toggle", "textField", "stepper", "picker"])
        #expect(c.inputs.map { $0.keys.map(\.name) } == [["isOn"], ["text"], ["value"], ["selection"]])
    }

    @Test func `a few versions from the history`() {
        func type(_ name: String) -> Capabilities.Entry? { Self.capabilities.types.first { $0.name == name } }
        #expect(type("vstack")?.since == FormatVersion(1, 0))
        #expect(type("section")?.since == FormatVersion(1, 6))
        #expect(type("text")?.keys.first { $0.name == "lineSpacing" }?.since == FormatVersion(1, 6))
        #expect(type("text")?.keys.first { $0.name == "accessibility" }?.since == FormatVersion(1, 5))
        #expect(type("section")?.keys.first { $0.name == "padding" }?.since == FormatVersion(1, 6), "a 1.0 key on a 1.6 type is 1.6")
        #expect(type("vstack")?.keys.first { $0.name == "fallback" }?.since == FormatVersion(1, 7))
        #expect(Self.capabilities.modifiers.first { $0.name == "shadow" }?.since == FormatVersion(1, 2))
        #expect(Self.capabilities.actions.first { $0.name == "request" }?.since == FormatVersion(1, 4))
        #expect(Self.capabilities.functions.first { $0.name == "formatCurrency" }?.signature == "formatCurrency(number, code[, digits])")
    }

    @Test func `restricted to a version, capabilities list only what that version reads`() {
        let old = Self.capabilities.restricted(to: FormatVersion(1, 3))
        #expect(old.formatVersion == FormatVersion(1, 3))
        #expect(!old.types.contains { $0.name == "section" || $0.name == "toggle" })
        #expect(old.types.first { $0.name == "image" }?.keys.contains { $0.name == "flipsForRightToLeftLayoutDirection" } == true)
        #expect(old.types.first { $0.name == "text" }?.keys.contains { $0.name == "lineSpacing" || $0.name == "accessibility" } == false)
        #expect(old.functions.isEmpty && old.actions.map(\.name) == ["navigate", "open", "present", "dismiss"])
        #expect(old.versions.map(\.version.description) == ["1.0", "1.1", "1.2", "1.3"])
        #expect(Self.capabilities.restricted(to: FormatVersion.current) == Self.capabilities)
    }

    @Test func `the JSON lists every entry with its version`() throws {
        let json = Self.capabilities.jsonValue
        #expect(json["formatVersion"] == .string(FormatVersion.current.description))
        #expect(json["schemaVersions"] == [1])
        guard case .array(let types)? = json["types"] else { Issue.record("no types"); return }
        #expect(types.count == ComponentType.builtIn.count)
        var sinceCount = 0
        func visit(_ value: JSONValue) {
            switch value {
            case .object(let pairs):
                for (key, item) in pairs {
                    if key == "since" {
                        sinceCount += 1
                        if case .string(let s) = item { #expect(FormatVersion(s) != nil, "\(s)") } else { Issue.record("since \(item)") }
                    }
                    visit(item)
                }
            case .array(let items): items.forEach(visit)
            default: break
            }
        }
        visit(json)
        #expect(sinceCount > 400)
        // Text, for people, names every type.
        for type in ComponentType.builtIn { #expect(Self.capabilities.text.contains("  \(type.rawValue) ")) }
    }

    // MARK: The JSON Schema

    /// The names of every `properties` object in `value`, not following `$ref`s.
    static func propertyNames(in value: JSONValue) -> Set<String> {
        var names: Set<String> = []
        func visit(_ value: JSONValue) {
            switch value {
            case .object(let pairs):
                for (key, item) in pairs {
                    if key == "properties", case .object(let properties) = item { names.formUnion(properties.map(\.key)) }
                    visit(item)
                }
            case .array(let items): items.forEach(visit)
            default: break
            }
        }
        visit(value)
        return names
    }

    static func definition(_ name: String) -> JSONValue? { schema["$defs"]?[name] }

    @Test func `the schema's node types and their keys are the capabilities'`() throws {
        guard case .object(let defs)? = Self.schema["$defs"] else { Issue.record("no $defs"); return }
        let schemaTypes = Set(defs.map(\.key).filter { $0.hasSuffix("Node") && $0 != "customNode" }.map { String($0.dropLast(4)) })
        #expect(schemaTypes == Set(Self.capabilities.types.map(\.name)))
        for entry in Self.capabilities.types {
            guard case .object(let properties)? = Self.definition(entry.name + "Node")?["properties"] else { Issue.record("\(entry.name)"); continue }
            #expect(Set(properties.map(\.key)).subtracting(["type"]) == Set(entry.keys.map(\.name)), "\(entry.name)")
        }
        guard case .object(let custom)? = Self.definition("customNode")?["properties"] else { Issue.record("customNode"); return }
        #expect(Set(custom.map(\.key)).subtracting(["type"]) == Set(Self.capabilities.nodeKeys.map(\.name)))
        guard case .object(let screen)? = Self.schema["properties"] else { Issue.record("properties"); return }
        #expect(Set(screen.map(\.key)) == Set(Self.capabilities.screenKeys.map(\.name)))
    }

    @Test func `the schema's modifiers and actions are the capabilities', with their keys`() throws {
        guard case .object(let modifiers)? = Self.definition("modifier")?["properties"] else { Issue.record("modifier"); return }
        #expect(modifiers.map(\.key) == Self.capabilities.modifiers.map(\.name))
        for (name, schema) in modifiers {
            let entry = Self.capabilities.modifiers.first { $0.name == name }
            #expect(Self.propertyNames(in: schema) == Set(entry?.keys.map(\.name) ?? []), "\(name)")
        }
        guard case .array(let branches)? = Self.definition("action")?["allOf"] else { Issue.record("action"); return }
        var actions: [String: Set<String>] = [:]
        for branch in branches {
            guard case .string(let type)? = branch["if"]?["properties"]?["type"]?["const"],
                  case .object(let properties)? = branch["then"]?["properties"] else { continue }
            actions[type] = Set(properties.map(\.key)).subtracting(["type"])
        }
        #expect(Set(actions.keys) == Set(Self.capabilities.actions.map(\.name)))
        for entry in Self.capabilities.actions { #expect(actions[entry.name] == Set(entry.keys.map(\.name)), "\(entry.name)") }
    }

    @Test func `the schema's value objects are the capabilities'`() {
        func keys(_ objects: String...) -> Set<String> {
            Set(objects.flatMap { name in Self.capabilities.objects.first { $0.name == name }?.keys.map(\.name) ?? [] })
        }
        let pairs: [(definition: String, objects: Set<String>)] = [
            ("frame", keys("frame")), ("padding", keys("padding")), ("color", keys("color")), ("responsiveLength", keys("sizeClass")),
            ("lint", keys("lint", "lintSuppression")), ("gridItems", keys("gridItem", "gridItemBounds")),
            ("accessibility", keys("accessibility")), ("forEach", keys("forEach").union(["type"])), ("pickerOptions", keys("pickerOption")),
        ]
        for (definition, expected) in pairs {
            #expect(Self.propertyNames(in: Self.definition(definition) ?? .null) == expected, "\(definition)")
        }
        #expect(Self.capabilities.objects.count == pairs.count + 2, "every object of the capabilities is checked here")
    }

    @Test func `every name the schema knows has a version in the capabilities`() {
        var listed: Set<String> = []
        func add(_ entries: [Capabilities.Entry]) { for e in entries { listed.insert(e.name); add(e.keys) } }
        let c = Self.capabilities
        for list in [c.screenKeys, c.types, c.nodeKeys, c.modifiers, c.actions, c.objects] { add(list) }
        let unlisted = Self.propertyNames(in: Self.schema).subtracting(listed).subtracting(["type"])
        #expect(unlisted.isEmpty, "\(unlisted.sorted())")
    }

    // MARK: Versions

    @Test func `format versions parse as MAJOR.MINOR and compare by number`() {
        #expect(FormatVersion("1.7") == FormatVersion(1, 7))
        #expect(FormatVersion("1.10")! > FormatVersion("1.9")!)
        #expect(FormatVersion("2.0")! > FormatVersion("1.99")!)
        for bad in ["", "1", "1.", ".1", "1.7.0", "v1.7", " 1.7", "1.7 ", "-1.0", "1.x", "12345.0", "1,7", "１.７"] {
            #expect(FormatVersion(bad) == nil, "\(bad)")
        }
        #expect(FormatVersion(1, 7).description == "1.7")
    }

    @Test func `docs/schema.md lists every version with its date`() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        for release in FormatHistory.releases {
            #expect(text.contains("| \(release.version) | \(release.date) |"), "docs/schema.md has no changelog row for \(release.version)")
        }
    }
}
