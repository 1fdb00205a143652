/// One problem found in a payload: where (a JSON Pointer), what, and how bad.
public struct PayloadIssue: Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Hashable, Sendable { case warning, error }

    /// A stable, machine-readable kind of problem. New codes may be added.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
        /// The input is empty.
        public static let emptyInput = Code(rawValue: "empty-input")
        /// The input is not valid UTF-8.
        public static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        /// The input is not valid JSON.
        public static let invalidJSON = Code(rawValue: "invalid-json")
        /// An object repeats a key.
        public static let duplicateKey = Code(rawValue: "duplicate-key")
        /// The input exceeds a size, depth or count limit.
        public static let limitExceeded = Code(rawValue: "limit-exceeded")
        /// `schemaVersion` names a version this build does not support.
        public static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// A required property is missing.
        public static let missingProperty = Code(rawValue: "missing-property")
        /// A property has the wrong JSON type.
        public static let wrongType = Code(rawValue: "wrong-type")
        /// A property's value is out of range or not one of the allowed values.
        public static let invalidValue = Code(rawValue: "invalid-value")
        /// Two nodes share an `id`.
        public static let duplicateID = Code(rawValue: "duplicate-id")
        /// A node's `type` is not a built-in type (a warning unless strict).
        public static let unknownType = Code(rawValue: "unknown-type")
        /// A property the type does not define (a warning unless strict).
        public static let unknownProperty = Code(rawValue: "unknown-property")
        /// `children` on a type that cannot have them.
        public static let childrenOnLeaf = Code(rawValue: "children-on-leaf")
        /// An action of a type this build does not know (a warning unless strict).
        public static let unknownAction = Code(rawValue: "unknown-action")
        /// A key (or type) this build does not know that is a small edit away from one it knows at that place
        /// (`childern`): an error where payloads are written (`PayloadDecoder.Options.isAuthoring`, strict), a
        /// warning where apps run. Its value is checked as the key it most likely means.
        public static let probableTypo = Code(rawValue: "probable-typo")
        /// A node whose `minimumVersion` is newer than this build (a warning unless strict): shown as its fallback,
        /// or not at all.
        public static let newerVersion = Code(rawValue: "newer-version")
        /// A container that has children in the payload and lays out empty because none of them is shown (each
        /// dropped, or all under a misspelt key): a warning.
        public static let emptyContainer = Code(rawValue: "empty-container")
    }

    public var severity: Severity
    public var code: Code
    /// JSON Pointer of the offending value (`""` is the whole document).
    public var pointer: String
    /// What is wrong and what was expected: `must be > 0, got -1`.
    public var message: String

    public init(_ severity: Severity, _ code: Code, _ pointer: String, _ message: String) {
        self.severity = severity; self.code = code; self.pointer = pointer; self.message = message
    }

    /// `/root/children/3/aspectRatio: must be > 0, got -1`.
    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
}

/// A payload that failed to decode: every error found (and the warnings), in document order.
public struct PayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var issues: [PayloadIssue]
    public init(issues: [PayloadIssue]) { self.issues = issues }
    public var description: String { issues.filter { $0.severity == .error }.map(\.description).joined(separator: "\n") }
}
