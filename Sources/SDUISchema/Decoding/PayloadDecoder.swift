import Foundation

/// Decodes and validates payload JSON into a `Screen`, collecting every problem with its JSON Pointer.
///
/// The decoder never traps on input: wrong types, out-of-range values, invalid UTF-8, truncated JSON,
/// hostile nesting and oversized input all become `PayloadIssue`s.
public struct PayloadDecoder: Sendable {
    /// Limits and strictness.
    public struct Options: Hashable, Sendable {
        /// Unknown types, properties and actions are errors instead of warnings.
        public var strict: Bool
        /// Largest accepted input, in bytes (16 MiB).
        public var maxBytes: Int
        /// Deepest accepted node nesting (128).
        public var maxNodeDepth: Int
        /// Most nodes in one screen (200 000).
        public var maxNodes: Int
        /// Longest accepted string, in bytes (1 MiB).
        public var maxStringBytes: Int
        /// Bounds on each binding's expression (length, nesting, steps).
        public var expressionLimits: ExpressionLimits
        /// Most nodes `forEach` templates may make in one screen (50 000): the bound on nested templates over
        /// large arrays.
        public var maxTemplateNodes: Int
        /// Decoding where people write payloads (`sdui validate`, `sdui lint`) rather than in an app: probable typos —
        /// keys and types a small edit away from one this build knows at that place (`childern`, `spacng`,
        /// `"type": "vstak"`) — are errors, and so are the problems in what this build does not show (the value under
        /// a misspelt key, a node it cannot show, the fallback of a node it shows). An app (the default) reports
        /// those as warnings, so the screen still shows; a duplicate id is an error either way.
        public var isAuthoring: Bool
        /// Component types the host app draws itself (registered with its component factories): a node of such a
        /// type is kept, with its own keys, for the app's view. A node of any other type this build does not know
        /// is shown as its `fallback`, or not at all.
        public var customTypes: Set<String>

        public init(strict: Bool = false, maxBytes: Int = 16 << 20, maxNodeDepth: Int = 128, maxNodes: Int = 200_000, maxStringBytes: Int = 1 << 20,
                    expressionLimits: ExpressionLimits = ExpressionLimits(), maxTemplateNodes: Int = 50_000,
                    isAuthoring: Bool = false, customTypes: Set<String> = []) {
            self.strict = strict; self.maxBytes = maxBytes; self.maxNodeDepth = maxNodeDepth
            self.maxNodes = maxNodes; self.maxStringBytes = maxStringBytes; self.expressionLimits = expressionLimits
            self.maxTemplateNodes = maxTemplateNodes; self.isAuthoring = isAuthoring; self.customTypes = customTypes
        }
        /// JSON nesting allowed: two levels per node (object + children array) plus room for properties.
        var maxJSONDepth: Int { maxNodeDepth * 2 + 8 }
    }

    public var options: Options
    public init(options: Options = Options()) { self.options = options }

    /// Decodes `bytes`.
    ///
    /// A well-formed payload of the forms `decodeFast` reads is decoded in one pass from bytes to nodes; anything
    /// else (any problem, and forms it does not read) by the general path, which reports every issue.
    /// - Complexity: O(n) in the input size.
    public func decode(_ bytes: [UInt8]) -> PayloadDecoding {
        if let screen = bytes.withUnsafeBufferPointer({ decodeFast($0) }) { return PayloadDecoding(screen: screen, issues: []) }
        return decodeGeneral(bytes)
    }

    /// Decodes `data`.
    public func decode(_ data: Data) -> PayloadDecoding {
        let fast = data.withUnsafeBytes { raw in decodeFast(raw.assumingMemoryBound(to: UInt8.self)) }
        if let screen = fast { return PayloadDecoding(screen: screen, issues: []) }
        return decodeGeneral([UInt8](data))
    }

    /// The fast path: the screen of a payload that has no problem at all, when it uses only the forms the fast
    /// path reads (`FastDecoder`) and no binding; nil otherwise — then `decodeGeneral` decodes it (and says what is wrong).
    ///
    /// Whenever it returns a screen, it is the one `decodeGeneral` returns for the same bytes, with no issues
    /// (checked by `FastPathDifferentialTests` and the `decode` fuzz target). A UTF-8 byte order mark is
    /// skipped as the general path skips it; the input-size limit applies.
    /// - Complexity: O(n) in the input size, one pass.
    package func decodeFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Screen? {
        var bytes = bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(rebasing: bytes[3...])
        }
        // A binding anywhere (`@{`, also escaped as `@@{`): the general path resolves bindings and templates.
        guard bytes.count <= options.maxBytes, !Self.mayHoldBinding(bytes), var decoder = FastDecoder(bytes, options: options) else { return nil }
        defer { decoder.release() }
        return try? decoder.screen()
    }

    /// The general path: parses `bytes` into a `JSONValue` document and decodes that, reporting every problem
    /// with its JSON Pointer (and, for JSON errors, line and column).
    /// - Complexity: O(n) in the input size.
    package func decodeGeneral(_ bytes: [UInt8]) -> PayloadDecoding {
        // A UTF-8 byte order mark is ignored (RFC 8259 §8.1 lets a parser do so; editors on Windows write one).
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            return decodeGeneral(Array(bytes[3...]))
        }
        if bytes.isEmpty {
            return PayloadDecoding(screen: nil, issues: [PayloadIssue(.error, .emptyInput, "", "the input is empty, expected a JSON object")])
        }
        if bytes.count > options.maxBytes {
            return PayloadDecoding(screen: nil, issues: [PayloadIssue(.error, .limitExceeded, "", "the input is \(bytes.count) bytes, more than the limit of \(options.maxBytes)")])
        }
        if let bad = firstInvalidUTF8Offset(bytes) {
            return PayloadDecoding(screen: nil, issues: [PayloadIssue(.error, .invalidUTF8, "", "invalid UTF-8 at byte offset \(bad)")])
        }
        var parser = JSONParser(bytes: bytes, maxDepth: options.maxJSONDepth, maxStringBytes: options.maxStringBytes)
        let document: JSONValue
        do {
            document = try parser.parseDocument()
        } catch {
            return PayloadDecoding(screen: nil, issues: [PayloadIssue(.error, error.code, error.pointer, error.message)])
        }
        let outOfRange = parser.outOfRange.map { PayloadIssue(.error, $0.code, $0.pointer, $0.message) }
        return decode(document, objectCount: parser.objectCount, mayHaveBindings: Self.mayHoldBinding(bytes),
                      mayHaveMinimumVersion: Self.mayHoldMinimumVersion(bytes), reported: outOfRange)
    }

    /// Whether `bytes` hold `minimumVersion` anywhere (else no node needs a newer version, and the decoder looks for
    /// none).
    /// - Complexity: O(n), a `memchr` scan for its `V`.
    static func mayHoldMinimumVersion(_ bytes: [UInt8]) -> Bool {
        let key = Array("minimumVersion".utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count >= key.count else { return false }
            // "V" is rare in payloads (keys are camelCase, words lowercase): look for it, then at the word around it.
            let v = 7
            var offset = v
            while offset < buffer.count {
                guard let found = memchr(base + offset, Int32(UInt8(ascii: "V")), buffer.count - offset) else { return false }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + key.count - v <= buffer.count && (0..<key.count).allSatisfy({ base[at - v + $0] == key[$0] }) { return true }
                offset = at + 1
            }
            return false
        }
    }

    /// Whether `bytes` hold `@{` anywhere (else no string in them is a binding, and the decoder looks at none).
    /// - Complexity: O(n), a `memchr` scan.
    static func mayHoldBinding(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { mayHoldBinding($0) }
    }

    /// Whether `buffer` holds `@{` anywhere.
    /// - Complexity: O(n), a `memchr` scan.
    static func mayHoldBinding(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress, buffer.count > 1 else { return false }
        var offset = 0
        while offset < buffer.count - 1 {
            guard let found = memchr(base + offset, 0x40, buffer.count - 1 - offset) else { return false }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if base[at + 1] == 0x7B { return true }
            offset = at + 1
        }
        return false
    }

    /// Decodes an already-parsed JSON document.
    ///
    /// A document made in code may hold numbers that JSON text cannot (NaN, ±infinity): each is an error at its
    /// JSON Pointer, wherever it stands (also in properties the decoder would keep as they are, such as a custom
    /// type's), as the parser refuses a number beyond a `Double`'s range in bytes.
    public func decode(_ document: JSONValue) -> PayloadDecoding { decode(document, objectCount: 0, mayHaveBindings: true, checkNumbers: true) }

    /// Decodes `document` with its bindings resolved against `state` (the payload's `state` with the values of
    /// `state`'s variables of the same name and type over it) instead of the payload's initial values: what the
    /// screen looks like in that state. A variable of `state` the payload does not declare, or of another type, is
    /// a warning.
    /// - Complexity: O(n) in the size of the document, templates expanded.
    public func decode(_ document: JSONValue, state: ScreenState) -> PayloadDecoding {
        decode(document, objectCount: 0, mayHaveBindings: true, checkNumbers: true, overriding: state)
    }

    /// Decodes `document`, which has `objectCount` objects (0: not known); no string is a binding when
    /// `mayHaveBindings` is false (the bytes hold no `@{`), no node needs a newer version when `mayHaveMinimumVersion`
    /// is false (the bytes hold no `minimumVersion`); `checkNumbers`: look for numbers that are not finite
    /// first (the parser reports those in its bytes as `reported`). A value reported so stays in the document and
    /// the rest of it is decoded as usual — every other problem is found in the same run — but nothing more is said
    /// about that value.
    func decode(_ document: JSONValue, objectCount: Int, mayHaveBindings: Bool, mayHaveMinimumVersion: Bool = true, checkNumbers: Bool = false,
                overriding state: ScreenState? = nil, declaredTypes: StateSchema? = nil, reported: [PayloadIssue] = []) -> PayloadDecoding {
        var context = DecodingContext(options: options, expectedNodes: objectCount)
        context.issues = reported
        if checkNumbers {
            context.reportNonFiniteNumbers(in: document)
            // A document nested deeper than the parser allows is not walked further.
            if context.issues.contains(where: { $0.code == .limitExceeded }) { return PayloadDecoding(screen: nil, issues: context.issues) }
        }
        context.reportedPointers = Set(context.issues.map(\.pointer))
        context.bindings.mayHaveBindings = mayHaveBindings
        context.mayHaveMinimumVersion = mayHaveMinimumVersion
        context.bindings.stateOverride = state
        context.bindings.declaredTypes = declaredTypes
        let screen = context.decodeScreen(document)
        let failed = context.issues.contains { $0.severity == .error }
        return PayloadDecoding(screen: failed ? nil : screen, issues: context.issues)
    }
}

/// The outcome of decoding: the screen when there were no errors, and every issue found.
public struct PayloadDecoding: Sendable {
    /// The decoded screen; nil when any error was found.
    public var screen: Screen?
    /// Errors and warnings, in document order.
    public var issues: [PayloadIssue]
    /// The errors only.
    public var errors: [PayloadIssue] { issues.filter { $0.severity == .error } }
    /// The warnings only.
    public var warnings: [PayloadIssue] { issues.filter { $0.severity == .warning } }
}

extension Screen {
    /// Decodes a payload.
    /// - Throws: `PayloadError` with every issue when the payload has an error.
    public init(jsonData data: Data, options: PayloadDecoder.Options = .init()) throws(PayloadError) {
        let result = PayloadDecoder(options: options).decode(data)
        guard let screen = result.screen else { throw PayloadError(issues: result.issues) }
        self = screen
    }

    /// Decodes a payload from JSON text.
    /// - Throws: `PayloadError` with every issue when the payload has an error.
    public init(json: String, options: PayloadDecoder.Options = .init()) throws(PayloadError) {
        try self.init(jsonData: Data(json.utf8), options: options)
    }
}
