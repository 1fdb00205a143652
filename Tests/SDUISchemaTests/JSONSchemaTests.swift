import Foundation
import Testing
import SDUIEnvironment
@testable import SDUISchema
import SDUIAuthoring

// MARK: Running the third-party validator

/// The outcome of `Scripts/validate_with_jsonschema.py`.
struct ValidatorRun {
    var status: Int32
    var output: String
    var errorOutput: String

    /// The problem lines printed for `file`.
    func lines(for file: URL) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(file.path + ": ") }
    }
}

/// Writes the schema to a fresh temporary directory and returns its URL.
func writeSchema() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("payload.schema.json")
    try Data(PayloadJSONSchema.text(pretty: true).utf8).write(to: url)
    return url
}

/// Writes `payloads` next to `schema`, one file each, and returns their URLs in order.
func writePayloads(_ payloads: [(name: String, json: String)], near schema: URL) throws -> [URL] {
    try payloads.map { payload in
        let url = schema.deletingLastPathComponent().appendingPathComponent(payload.name + ".json")
        try Data(payload.json.utf8).write(to: url)
        return url
    }
}

/// Runs the validator script with `python3` on `files`. Records a test failure (never a skip) when
/// python3 or the `jsonschema` package is missing, or the run fails for another reason than invalid files.
func runValidator(schema: URL, files: [URL], sourceLocation: SourceLocation = #_sourceLocation) throws -> ValidatorRun? {
    let script = packageRoot.appendingPathComponent("Scripts/validate_with_jsonschema.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, schema.path] + files.map(\.path)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do {
        try process.run()
    } catch {
        Issue.record("cannot start /usr/bin/env python3 (\(error)); the JSON Schema tests need Python 3 with `jsonschema` (python3 -m pip install jsonschema==4.26.0)", sourceLocation: sourceLocation)
        return nil
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let run = ValidatorRun(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                           errorOutput: String(decoding: errData, as: UTF8.self))
    switch run.status {
    case 0, 1:
        return run
    case 127:
        Issue.record("python3 is not installed: the JSON Schema must be checked by Python's `jsonschema` (install python3, then python3 -m pip install jsonschema==4.26.0). \(run.errorOutput)", sourceLocation: sourceLocation)
    case 3:
        Issue.record("the Python package `jsonschema` is missing: python3 -m pip install jsonschema==4.26.0 (or run Scripts/test, which installs it). \(run.errorOutput)", sourceLocation: sourceLocation)
    default:
        Issue.record("the validator failed with exit \(run.status): \(run.errorOutput)", sourceLocation: sourceLocation)
    }
    return nil
}

// MARK: Acceptance and rejection by a third-party validator

@Test func `a third-party validator accepts the schema, every example and every DSL screen`() throws {
    let schema = try writeSchema()
    let fixtures = try writePayloads(DSLFixtures.all.map { ($0.name, $0.screen.jsonValue.serialized(pretty: true)) }, near: schema)
    let examples = try exampleFiles()
    #expect(examples.count >= 3)
    guard let run = try runValidator(schema: schema, files: examples + fixtures) else { return }
    #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
    #expect(run.errorOutput.contains("\(examples.count + fixtures.count) of \(examples.count + fixtures.count) file(s) valid"))
}

/// Payloads the schema must reject, each with the JSON Pointer the validator must name.
let invalidPayloads: [(name: String, json: String, pointer: String)] = {
    func screen(_ root: String) -> String { #"{"schemaVersion": 1, "id": "bad", "root": \#(root)}"# }
    return [
        ("aspect-ratio-zero", screen(#"{"type": "image", "url": "u", "aspectRatio": 0}"#), "/root/aspectRatio"),
        ("aspect-ratio-negative", screen(#"{"type": "image", "url": "u", "aspectRatio": -1.5}"#), "/root/aspectRatio"),
        ("aspect-ratio-responsive-zero", screen(#"{"type": "image", "aspectRatio": {"compact": 1, "regular": 0}}"#), "/root/aspectRatio/regular"),
        ("columns-zero", screen(#"{"type": "grid", "columns": 0}"#), "/root/columns"),
        ("columns-string", screen(#"{"type": "grid", "columns": "2"}"#), "/root/columns"),
        ("columns-fraction", screen(#"{"type": "grid", "columns": 2.5}"#), "/root/columns"),
        ("columns-too-many", screen(#"{"type": "grid", "columns": 65}"#), "/root/columns"),
        ("children-not-array", screen(#"{"type": "vstack", "children": {"type": "text", "text": "a"}}"#), "/root/children"),
        ("children-on-leaf", screen(#"{"type": "text", "text": "a", "children": []}"#), "/root"),
        ("missing-root", #"{"schemaVersion": 1, "id": "bad"}"#, "/"),
        ("missing-schema-version", #"{"id": "bad", "root": {"type": "divider"}}"#, "/"),
        ("schema-version-2", #"{"schemaVersion": 2, "root": {"type": "divider"}}"#, "/schemaVersion"),
        ("text-not-string", screen(#"{"type": "text", "text": 5}"#), "/root/text"),
        ("spacing-string", screen(#"{"type": "vstack", "spacing": "wide"}"#), "/root/spacing"),
        ("visible-string", screen(#"{"type": "color", "visible": "yes"}"#), "/root/visible"),
        ("style-unknown", screen(#"{"type": "text", "text": "a", "style": "huge"}"#), "/root/style"),
        ("text-missing", screen(#"{"type": "text", "style": "body"}"#), "/root"),
        ("type-not-string", screen(#"{"type": 5}"#), "/root/type"),
        ("unknown-property", screen(#"{"type": "text", "text": "a", "colour": "red"}"#), "/root"),
        ("unknown-frame-property", screen(#"{"type": "color", "frame": {"depth": 3}}"#), "/root/frame"),
        ("bad-hex-color", screen(##"{"type": "color", "background": "#12345"}"##), "/root/background"),
        ("bad-color-name", screen(#"{"type": "text", "text": "a", "color": "blurple"}"#), "/root/color"),
        ("bad-dark-color", screen(##"{"type": "color", "color": {"light": "#fff", "dark": "night"}}"##), "/root/color/dark"),
        ("vstack-vertical-alignment", screen(#"{"type": "vstack", "alignment": "top"}"#), "/root/alignment"),
        ("size-class-map-unknown-key", screen(#"{"type": "spacer", "minLength": {"compact": 1, "large": 2}}"#), "/root/minLength"),
        ("width-infinity", screen(#"{"type": "color", "frame": {"width": "infinity"}}"#), "/root/frame/width"),
        ("negative-padding", screen(#"{"type": "color", "padding": {"top": -4}}"#), "/root/padding/top"),
        ("action-missing-screen", screen(#"{"type": "color", "action": {"type": "navigate"}}"#), "/root/action"),
        ("empty-id", screen(#"{"type": "divider", "id": ""}"#), "/root/id"),
        ("deep-line-limit", screen(#"{"type": "scroll", "children": [{"type": "vstack", "children": [{"type": "divider"}, {"type": "text", "text": "a", "lineLimit": 0}]}]}"#), "/root/children/0/children/1/lineLimit"),
        ("bad-node-inside-custom", screen(#"{"type": "carousel", "children": [{"type": "image", "aspectRatio": -1}]}"#), "/root/children/0/aspectRatio"),
        ("unknown-top-level-key", #"{"schemaVersion": 1, "root": {"type": "divider"}, "theme": "dark"}"#, "/"),
        ("state-not-object", #"{"schemaVersion": 1, "state": [1], "root": {"type": "divider"}}"#, "/state"),
        ("state-bad-name", #"{"schemaVersion": 1, "state": {"1st": 0}, "root": {"type": "divider"}}"#, "/state"),
        ("binding-not-a-binding", screen(#"{"type": "grid", "columns": "@count"}"#), "/root/columns"),
        ("toggle-without-is-on", screen(#"{"type": "toggle", "label": "x"}"#), "/root"),
        ("toggle-is-on-not-bound", screen(#"{"type": "toggle", "isOn": "agreed"}"#), "/root/isOn"),
        ("for-each-without-template", screen(#"{"type": "vstack", "children": [{"type": "forEach", "items": "@{x}"}]}"#), "/root/children/0"),
        ("for-each-root", screen(#"{"type": "forEach", "items": [1], "template": {"type": "divider"}}"#), "/root"),
        ("set-without-value", screen(#"{"type": "color", "action": {"type": "set", "name": "count"}}"#), "/root/action"),
        ("picker-no-options", screen(#"{"type": "picker", "selection": "@{size}", "options": []}"#), "/root/options"),
        ("stepper-range-three", screen(#"{"type": "stepper", "value": "@{n}", "range": [0, 1, 2]}"#), "/root/range"),
        ("keyboard-unknown", screen(#"{"type": "textField", "text": "@{email}", "keyboard": "emoji"}"#), "/root/keyboard"),
        ("modifiers-not-array", screen(#"{"type": "color", "modifiers": {"padding": 8}}"#), "/root/modifiers"),
        ("modifier-two-keys", screen(#"{"type": "color", "modifiers": [{"padding": 8, "opacity": 1}]}"#), "/root/modifiers/0"),
        ("modifier-unknown", screen(#"{"type": "color", "modifiers": [{"blur": 3}]}"#), "/root/modifiers/0"),
        ("modifier-opacity-above-one", screen(#"{"type": "color", "modifiers": [{"opacity": 2}]}"#), "/root/modifiers/0/opacity"),
        ("modifier-shadow-without-radius", screen(#"{"type": "color", "modifiers": [{"shadow": {"x": 1}}]}"#), "/root/modifiers/0/shadow"),
        ("modifier-overlay-bad-content", screen(#"{"type": "color", "modifiers": [{"overlay": {"content": {"type": "text"}}}]}"#), "/root/modifiers/0/overlay/content"),
        ("grid-items-empty", screen(#"{"type": "grid", "columns": []}"#), "/root/columns"),
        ("grid-item-two-sizes", screen(#"{"type": "grid", "columns": [{"fixed": 10, "flexible": {}}]}"#), "/root/columns/0"),
        ("accessibility-unknown-trait", screen(#"{"type": "text", "text": "a", "accessibility": {"traits": ["heading"]}}"#), "/root/accessibility/traits/0"),
        ("accessibility-unknown-key", screen(#"{"type": "text", "text": "a", "accessibility": {"name": "x"}}"#), "/root/accessibility"),
        ("accessibility-children-unknown", screen(#"{"type": "vstack", "accessibility": {"children": "merge"}}"#), "/root/accessibility/children"),
        ("grid-item-adaptive-without-minimum", screen(#"{"type": "grid", "columns": [{"adaptive": {}}]}"#), "/root/columns/0/adaptive"),
    ]
}()

@Test func `a third-party validator rejects each invalid payload at the right JSON Pointer`() throws {
    let schema = try writeSchema()
    let files = try writePayloads(invalidPayloads.map { ($0.name, $0.json) }, near: schema)
    guard let run = try runValidator(schema: schema, files: files) else { return }
    #expect(run.status == 1)
    for (file, payload) in zip(files, invalidPayloads) {
        let lines = run.lines(for: file)
        #expect(!lines.isEmpty, "\(payload.name) was accepted by the schema")
        #expect(lines.first?.hasPrefix("\(file.path): \(payload.pointer): ") == true, "\(payload.name): \(lines)")
    }
}

@Test func `the strict decoder also rejects every payload the schema rejects`() {
    for payload in invalidPayloads {
        let result = PayloadDecoder(options: .init(strict: true)).decode(Array(payload.json.utf8))
        #expect(result.screen == nil, "\(payload.name) decodes in strict mode")
    }
}

@Test func `the schema accepts unknown node types and actions, which the decoder keeps with a warning`() throws {
    let json = #"{"schemaVersion": 1, "root": {"type": "carousel", "interval": 3, "padding": 8, "action": {"type": "share", "text": "hi"}, "children": [{"type": "text", "text": "a"}]}}"#
    let decoded = PayloadDecoder().decode(Array(json.utf8))
    #expect(decoded.screen != nil)
    #expect(Set(decoded.warnings.map(\.code)) == [.unknownType, .unknownAction])
    let schema = try writeSchema()
    let files = try writePayloads([("custom-type", json)], near: schema)
    guard let run = try runValidator(schema: schema, files: files) else { return }
    #expect(run.status == 0, "\(run.output)")
}

// MARK: The schema's own shape

@Test func `the schema is draft 2020-12 with an id, a title and a description`() {
    let schema = PayloadJSONSchema.jsonValue
    #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
    #expect(schema["$id"] == .string(PayloadJSONSchema.id))
    #expect(schema["title"] != nil && schema["description"] != nil)
    #expect(schema["required"] == ["schemaVersion", "root"])
    #expect(PayloadJSONSchema.text(pretty: false) == schema.serialized())
}

@Test func `every property in the schema has a description`() {
    var undocumented: [String] = []
    func visit(_ value: JSONValue, _ pointer: String) {
        switch value {
        case .object(let pairs):
            for (key, item) in pairs where key != "if" {
                let p = JSONPointer.appending(pointer, key)
                if key == "properties", case .object(let properties) = item {
                    for (name, property) in properties where property != .bool(true) && property["description"] == nil {
                        undocumented.append(JSONPointer.appending(p, name))
                    }
                }
                visit(item, p)
            }
        case .array(let items):
            for (i, item) in items.enumerated() { visit(item, JSONPointer.appending(pointer, i)) }
        default:
            break
        }
    }
    visit(PayloadJSONSchema.jsonValue, "")
    #expect(undocumented.isEmpty, "\(undocumented)")
}

@Test func `enumerations in the schema come from the model's CaseIterable types`() throws {
    let defs = try #require(PayloadJSONSchema.jsonValue["$defs"])
    func values(_ name: String) -> [String] {
        guard case .array(let items)? = defs[name]?["enum"] else { return [] }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }
    #expect(values("textStyle") == TextStyle.allCases.map(\.rawValue))
    #expect(values("fontWeight") == FontWeight.allCases.map(\.rawValue))
    #expect(values("alignment") == Alignment.allCases.map(\.rawValue))
    #expect(values("horizontalAlignment") == Alignment.horizontal.map(\.rawValue))
    #expect(values("verticalAlignment") == Alignment.vertical.map(\.rawValue))
    #expect(values("axis") == Axis.allCases.map(\.rawValue))
    #expect(values("contentMode") == ContentMode.allCases.map(\.rawValue))
    #expect(values("imagePlaceholder") == ImagePlaceholder.allCases.map(\.rawValue))
    #expect(values("buttonStyle") == ButtonStyle.allCases.map(\.rawValue))
    #expect(defs["colorString"]?["anyOf"].map { $0.serialized() }?.contains("secondaryBackground") == true)
}

@Test(arguments: ComponentType.builtIn)
func `each built-in type in the schema has exactly the keys the decoder accepts`(type: ComponentType) throws {
    let definition = try #require(PayloadJSONSchema.jsonValue["$defs"]?[type.rawValue + "Node"])
    guard case .object(let properties)? = definition["properties"] else { Issue.record("no properties"); return }
    let schemaKeys = Set(properties.map(\.key))
    let decoderKeys = Set(DecodingContext.knownKeys(for: type) + ["type"])
    #expect(schemaKeys == decoderKeys)
    #expect(definition["additionalProperties"] == .bool(false))
}
