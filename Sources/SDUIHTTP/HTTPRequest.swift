/// One HTTP/1.x request as `HTTPRequestParser` read it: the request line, the header fields in order and the body.
///
/// Every field has been checked at the edge: the method is a token, the target is visible ASCII, header names are
/// tokens and values hold no control characters, and the body is exactly `Content-Length` bytes.
public struct HTTPRequest: Hashable, Sendable {
    /// The method, as sent (`GET`; methods are case-sensitive).
    public var method: String
    /// The request target as sent (`/p/cart.json?x=1`), still percent-encoded. An absolute-form target
    /// (`http://host/path`) is kept as sent; `path` and `authority` read it.
    public var target: String
    /// The protocol version.
    public var version: HTTPVersion
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body (empty without `Content-Length`).
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, target: String, version: HTTPVersion = .http11, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method; self.target = target; self.version = version; self.headers = headers; self.body = body
    }

    /// The target's path (before `?`), still percent-encoded; for an absolute-form target, the path after its
    /// authority (`/` when it has none).
    public var path: String {
        var rest = Substring(target)
        if let authorityEnd = absoluteFormAuthorityEnd {
            rest = target[authorityEnd...]
            if rest.isEmpty || rest.first == "?" { return "/" }
        }
        if let q = rest.firstIndex(of: "?") { return String(rest[..<q]) }
        if let f = rest.firstIndex(of: "#") { return String(rest[..<f]) }
        return String(rest)
    }

    /// The target's query (after `?`, without a fragment), or nil.
    public var query: String? {
        guard let q = target.firstIndex(of: "?") else { return nil }
        let rest = target[target.index(after: q)...]
        return String(rest.prefix { $0 != "#" })
    }

    /// The authority the request is for: an absolute-form target's (`http://host:port/…`), else the `Host`
    /// header's value; nil when neither gives one.
    public var authority: String? {
        if let end = absoluteFormAuthorityEnd {
            let start = target.index(target.startIndex, offsetBy: "http://".count)
            return String(target[start..<end])
        }
        return headers["host"]
    }

    /// Whether the connection may carry another request after this one's response (HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`).
    public var keepsAlive: Bool {
        let tokens = headers.tokens("connection")
        if tokens.contains("close") { return false }
        return version == .http11 || tokens.contains("keep-alive")
    }

    /// The end of the authority of an absolute-form `http://` target, or nil for any other form.
    private var absoluteFormAuthorityEnd: String.Index? {
        guard target.utf8.count > 7, target.prefix(7).lowercased() == "http://" else { return nil }
        let start = target.index(target.startIndex, offsetBy: 7)
        return target[start...].firstIndex { $0 == "/" || $0 == "?" } ?? target.endIndex
    }
}

/// The HTTP versions a request may name.
public enum HTTPVersion: String, Hashable, Sendable {
    case http10 = "HTTP/1.0"
    case http11 = "HTTP/1.1"
}

/// Header fields in the order they came, looked up case-insensitively (field names are case-insensitive).
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields, names as sent.
    public private(set) var fields: [(name: String, value: String)]

    /// No fields.
    public init() { fields = [] }
    /// These fields, in order.
    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }
    public init(dictionaryLiteral elements: (String, String)...) { fields = elements.map { (name: $0.0, value: $0.1) } }

    /// Appends a field.
    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Replaces every field named `name` with one field of `value`.
    public mutating func set(_ name: String, _ value: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
        fields.append((name, value))
    }

    /// The first value of the field `name` (any case), or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.equalNames($0.name, name) }?.value
    }

    /// Every value of the field `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.equalNames($0.name, name) }.map(\.value)
    }

    /// The comma-separated tokens of every `name` field, lowercased (`Connection: keep-alive, Upgrade` →
    /// `["keep-alive", "upgrade"]`).
    public func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { String($0).trimmingOWS().lowercased() }.filter { !$0.isEmpty }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (a: HTTPHeaders, b: HTTPHeaders) -> Bool {
        a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields { hasher.combine(field.name); hasher.combine(field.value) }
    }

    /// ASCII case-insensitive comparison of two field names.
    static func equalNames(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).allSatisfy { lowerASCII($0) == lowerASCII($1) }
    }
}

@inline(__always) func lowerASCII(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

extension String {
    /// The string without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingOWS() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}

/// The text of UTF-8 `bytes`, or nil when they are not valid UTF-8 (what `String(validating:as:)` does, which
/// needs macOS 15 / iOS 18: decoding replaces an invalid sequence, so the text reads back as other bytes).
func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
}
