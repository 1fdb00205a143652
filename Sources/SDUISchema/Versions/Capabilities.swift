/// What this build reads, each name with the format version it appeared in: what an app tells its server so the
/// server can tailor payloads to it, and what `sdui capabilities` prints.
///
/// Made from the decoder's own tables (the types, each type's keys, the modifier chain's elements, the actions, the
/// expression functions, the keys of every value object) and `FormatHistory`'s versions, so it lists exactly what
/// the decoder reads; `CapabilitiesTests` holds it equal to the JSON Schema too.
public struct Capabilities: Hashable, Sendable {
    /// A name, the version it appeared in, and the keys it takes (each with its own version).
    public struct Entry: Hashable, Sendable {
        /// The name as a payload writes it.
        public var name: String
        /// The first format version that reads it.
        public var since: FormatVersion
        /// A type's keys, an action's, a chain element's object form's, a value object's; empty otherwise.
        public var keys: [Entry]
        /// An expression function's call (`formatCurrency(number, code[, digits])`); nil otherwise.
        public var signature: String?

        public init(name: String, since: FormatVersion, keys: [Entry] = [], signature: String? = nil) {
            self.name = name; self.since = since; self.keys = keys; self.signature = signature
        }
    }

    /// The version of the vocabulary read (`FormatVersion.current`).
    public var formatVersion: FormatVersion
    /// The `schemaVersion`s read.
    public var schemaVersions: [Int]
    /// The keys of the screen object.
    public var screenKeys: [Entry]
    /// The built-in node types, each with every key a node of it takes (its own, then those of every node, then
    /// `children` for a container).
    public var types: [Entry]
    /// The keys every node takes, a custom type's too.
    public var nodeKeys: [Entry]
    /// The `modifiers` chain's elements, each with the keys of its object form.
    public var modifiers: [Entry]
    /// The action types, each with its keys besides `type`.
    public var actions: [Entry]
    /// The functions expressions may call.
    public var functions: [Entry]
    /// The input controls, each with the key that binds it two-way to a state variable.
    public var inputs: [Entry]
    /// The value objects that are not nodes (`frame`, `padding`, `accessibility`, `forEach`, …), with their keys.
    public var objects: [Entry]
    /// The forms a value may take beyond a plain one: `binding`, `forEach`, `gridItems`.
    public var forms: [Entry]
    /// The versions up to `formatVersion`, with what each added.
    public var versions: [FormatRelease]

    /// What this build reads.
    public static let current = Capabilities()

    /// This build's capabilities, from the decoder's tables. A name without a version in `FormatHistory` (a
    /// registration forgotten: a test fails on it) is given the current version.
    private init() {
        let current = FormatVersion.current
        func since(_ feature: FormatFeature) -> FormatVersion { FormatHistory.since(feature) ?? current }
        formatVersion = current
        schemaVersions = Screen.supportedVersions
        screenKeys = DecodingContext.screenKeys.map { Entry(name: $0, since: since(.screenKey($0))) }
        types = ComponentType.builtIn.map { type in
            Entry(name: type.rawValue, since: since(.type(type.rawValue)),
                  keys: DecodingContext.knownKeys(for: type).map { Entry(name: $0, since: FormatHistory.since(key: $0, on: type) ?? current) })
        }
        nodeKeys = DecodingContext.commonKeys.map { Entry(name: $0, since: since(.nodeKey($0))) }
        modifiers = Modifier.knownNames.map { name in
            Entry(name: name, since: since(.modifier(name)),
                  keys: (DecodingContext.modifierObjectKeys[name] ?? []).map { Entry(name: $0, since: since(.modifierKey(modifier: name, key: $0))) })
        }
        actions = Action.builtInTypes.map { name in
            Entry(name: name, since: since(.action(name)),
                  keys: (DecodingContext.actionKeys[name] ?? []).map { Entry(name: $0, since: since(.actionKey(action: name, key: $0))) })
        }
        functions = ExpressionFunction.allCases.map { Entry(name: $0.name, since: since(.function($0.name)), signature: $0.signature) }
        inputs = ComponentType.builtIn.compactMap { type in
            guard let (key, _) = DecodingContext.twoWayKey(of: type) else { return nil }
            return Entry(name: type.rawValue, since: since(.type(type.rawValue)), keys: [Entry(name: key, since: since(.type(type.rawValue)))])
        }
        objects = DecodingContext.objectKeys.keys.sorted().map { name in
            let keys = DecodingContext.objectKeys[name] ?? []
            let entries = keys.map { Entry(name: $0, since: since(.objectKey(object: name, key: $0))) }
            return Entry(name: name, since: entries.map(\.since).min() ?? current, keys: entries)
        }
        forms = ["binding", "forEach", "gridItems"].map { Entry(name: $0, since: since(.form($0))) }
        versions = FormatHistory.releases.filter { $0.version <= current }
    }

    public static func == (lhs: Capabilities, rhs: Capabilities) -> Bool {
        lhs.formatVersion == rhs.formatVersion && lhs.schemaVersions == rhs.schemaVersions && lhs.screenKeys == rhs.screenKeys
            && lhs.types == rhs.types && lhs.nodeKeys == rhs.nodeKeys && lhs.modifiers == rhs.modifiers && lhs.actions == rhs.actions
            && lhs.functions == rhs.functions && lhs.inputs == rhs.inputs && lhs.objects == rhs.objects && lhs.forms == rhs.forms
            && lhs.versions.map(\.version) == rhs.versions.map(\.version)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(formatVersion); hasher.combine(types); hasher.combine(nodeKeys); hasher.combine(modifiers); hasher.combine(actions)
    }
}
