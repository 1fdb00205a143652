/// How large a request may be. Every limit is checked as the bytes arrive, so a request over one is refused as soon
/// as it is known to be (a 1 GB `Content-Length` before any of its body, a head without end at its limit).
public struct HTTPLimits: Hashable, Sendable {
    /// The longest request target (414 URI Too Long).
    public var maxTargetBytes: Int
    /// The longest head: request line and header fields (431 Request Header Fields Too Large).
    public var maxHeadBytes: Int
    /// The most header fields (431).
    public var maxHeaderCount: Int
    /// The largest body (413 Content Too Large).
    public var maxBodyBytes: Int

    /// Limits; the defaults suit a local development server (its pages send small requests).
    public init(maxTargetBytes: Int = 8 * 1024, maxHeadBytes: Int = 32 * 1024, maxHeaderCount: Int = 100,
                maxBodyBytes: Int = 1 << 20) {
        self.maxTargetBytes = maxTargetBytes; self.maxHeadBytes = maxHeadBytes
        self.maxHeaderCount = maxHeaderCount; self.maxBodyBytes = maxBodyBytes
    }
}

/// Why bytes are not an acceptable HTTP/1.x request: the status to answer with and what was wrong.
public struct HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 400 (malformed), 413 (body too large), 414 (target too long), 431 (head too large), 501 (a transfer coding
    /// this server does not read), 505 (an HTTP version other than 1.0 and 1.1).
    public var status: Int
    /// What was wrong, for the response body and logs.
    public var message: String

    public init(_ status: Int, _ message: String) { self.status = status; self.message = message }
    public var description: String { "\(status) \(HTTPResponse.reasonPhrase(status)): \(message)" }
}

/// Reads HTTP/1.x requests (RFC 9112) from a byte stream, one after another (pipelined requests are read in order).
///
/// Incremental: bytes are appended as they arrive in any split, and `next()` gives a request as soon as its head and
/// body are complete; no byte is scanned twice while a head is incomplete. Strict where leniency lets two readers
/// disagree about a message (request smuggling): lines end with CRLF or LF, a CR anywhere else, a NUL, folded lines,
/// whitespace before a field's colon, conflicting `Content-Length`s, `Content-Length` with `Transfer-Encoding`, and a
/// missing or repeated `Host` in HTTP/1.1 are errors. Bodies are framed by `Content-Length` only: a request with a
/// `Transfer-Encoding` is answered 501 (browsers never send one).
///
/// After a failure the parser stays failed: the connection answers with the error's status and closes.
public struct HTTPRequestParser: Sendable {
    /// What `next()` found.
    public enum Outcome: Hashable, Sendable {
        /// More bytes are needed.
        case needMore
        /// A complete request (its bytes are consumed).
        case request(HTTPRequest)
        /// The bytes are not an acceptable request.
        case failure(HTTPParseError)
    }

    /// The limits every request is held to.
    public let limits: HTTPLimits
    /// Bytes received and not yet consumed start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the end of the current head goes on, and where the line being searched began.
    private var scan = 0
    private var lineStart = 0
    /// Empty lines skipped before the current request line.
    private var blankLines = 0
    /// A head that is complete, waiting for its body.
    private var awaitingBody: (request: HTTPRequest, bodyStart: Int, length: Int)?
    private var failure: HTTPParseError?

    /// A parser with nothing received.
    public init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

    /// Bytes received and not consumed by a request yet.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Appends received bytes.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
    }

    /// Takes the bytes received after the last request (a connection switching protocols reads them as the new
    /// protocol's).
    public mutating func takeBufferedBytes() -> [UInt8] {
        let rest = Array(buffer[start...])
        buffer = []; start = 0; scan = 0; lineStart = 0
        return rest
    }

    /// The next complete request, `.needMore`, or the failure (again on every later call).
    /// - Complexity: amortised O(bytes appended since the last call).
    public mutating func next() -> Outcome {
        if let failure { return .failure(failure) }
        if awaitingBody == nil {
            switch scanHead() {
            case .needMore: return .needMore
            case .failure(let error): return fail(error)
            case .request: break
            }
        }
        guard let (request, bodyStart, length) = awaitingBody else { return .needMore }
        guard buffer.count - bodyStart >= length else { return .needMore }
        var complete = request
        complete.body = Array(buffer[bodyStart..<(bodyStart + length)])
        awaitingBody = nil
        consume(upTo: bodyStart + length)
        return .request(complete)
    }

    // MARK: Head

    /// Finds the end of the head (an empty line) from where the last call stopped; on finding it, reads the head
    /// into `awaitingBody`.
    private mutating func scanHead() -> Outcome {
        while scan < buffer.count {
            let byte = buffer[scan]
            scan += 1
            guard byte == 0x0A else { continue }
            var end = scan - 1
            if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
            if end == lineStart {
                if lineStart == start {
                    // An empty line before the request line (RFC 9112 §2.2: ignored; a few at most).
                    blankLines += 1
                    if blankLines > 8 { return .failure(HTTPParseError(400, "empty lines instead of a request line")) }
                    start = scan
                    lineStart = scan
                    continue
                }
                return readHead(end: scan)
            }
            // The request line's length is checked where it ends, as it is while it has not (below): the same bytes
            // give the same answer however they arrive.
            if lineStart == start && scan - 1 - start > maxRequestLine { return .failure(Self.requestLineTooLong(maxRequestLine)) }
            lineStart = scan
        }
        // No end yet: the head so far must be within the limits.
        let received = buffer.count - start
        if lineStart == start && received > maxRequestLine { return .failure(Self.requestLineTooLong(maxRequestLine)) }
        if received > limits.maxHeadBytes {
            return .failure(HTTPParseError(431, "the request head is longer than \(limits.maxHeadBytes) bytes"))
        }
        return .needMore
    }

    /// The longest request line: the target's limit and room for a method and the version.
    private var maxRequestLine: Int { limits.maxTargetBytes + 64 }

    private static func requestLineTooLong(_ limit: Int) -> HTTPParseError {
        HTTPParseError(414, "the request line is longer than \(limit) bytes")
    }

    /// Reads the head in `buffer[start..<end]` (its last line is the empty one).
    private mutating func readHead(end: Int) -> Outcome {
        // First what a split read may have found before the end arrived (the same status for the same bytes).
        if end - start > limits.maxHeadBytes {
            return .failure(HTTPParseError(431, "the request head is longer than \(limits.maxHeadBytes) bytes"))
        }
        var lines: [Range<Int>] = []
        var lineBegin = start
        for i in start..<end where buffer[i] == 0x0A {
            var lineEnd = i
            if lineEnd > lineBegin && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            lines.append(lineBegin..<lineEnd)
            lineBegin = i + 1
        }
        lines.removeLast()  // the empty line
        for line in lines {
            for i in line {
                switch buffer[i] {
                case 0x0D: return .failure(HTTPParseError(400, "a CR that does not end a line"))
                case 0x00: return .failure(HTTPParseError(400, "a NUL byte in the head"))
                default: break
                }
            }
        }
        guard let requestLine = lines.first else { return .failure(HTTPParseError(400, "no request line")) }
        let head: (method: String, target: String, version: HTTPVersion)
        switch Self.readRequestLine(buffer[requestLine], limits: limits) {
        case .success(let value): head = value
        case .failure(let error): return .failure(error)
        }
        if lines.count - 1 > limits.maxHeaderCount {
            return .failure(HTTPParseError(431, "more than \(limits.maxHeaderCount) header fields"))
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            switch Self.readField(buffer[line]) {
            case .success(let field): headers.add(field.name, field.value)
            case .failure(let error): return .failure(error)
            }
        }
        let length: Int
        switch Self.bodyLength(headers, version: head.version, limits: limits) {
        case .success(let value): length = value
        case .failure(let error): return .failure(error)
        }
        if let problem = Self.hostProblem(headers, version: head.version) { return .failure(problem) }
        let request = HTTPRequest(method: head.method, target: head.target, version: head.version, headers: headers)
        awaitingBody = (request, end, length)
        return .request(request)
    }

    /// `METHOD SP TARGET SP HTTP/x.y`, single spaces.
    static func readRequestLine(_ line: ArraySlice<UInt8>, limits: HTTPLimits) -> Result<(method: String, target: String, version: HTTPVersion), HTTPParseError> {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(HTTPParseError(400, "the request line must be METHOD TARGET VERSION separated by single spaces"))
        }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { return .failure(HTTPParseError(400, "the method is not a token")) }
        guard target.count <= limits.maxTargetBytes else {
            return .failure(HTTPParseError(414, "the request target is longer than \(limits.maxTargetBytes) bytes"))
        }
        guard !target.isEmpty, target.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
            return .failure(HTTPParseError(400, "the request target must be visible ASCII"))
        }
        let v = Array(version)
        guard v.count == 8, v[0..<5].elementsEqual("HTTP/".utf8), isDigit(v[5]), v[6] == 0x2E, isDigit(v[7]) else {
            return .failure(HTTPParseError(400, "the version must be HTTP/1.1 or HTTP/1.0"))
        }
        guard v[5] == 0x31, v[7] == 0x31 || v[7] == 0x30 else {
            return .failure(HTTPParseError(505, "only HTTP/1.1 and HTTP/1.0 are served"))
        }
        let methodText = latin1(method), targetText = latin1(target)
        let form = targetText.first
        let isAbsolute = targetText.utf8.count > 7 && targetText.prefix(7).lowercased() == "http://"
        guard form == "/" || isAbsolute || (targetText == "*" && methodText == "OPTIONS") else {
            return .failure(HTTPParseError(400, "the request target must be a path (/…) or an http:// URL"))
        }
        return .success((methodText, targetText, v[7] == 0x31 ? .http11 : .http10))
    }

    /// `name: value` with optional whitespace around the value.
    static func readField(_ line: ArraySlice<UInt8>) -> Result<(name: String, value: String), HTTPParseError> {
        guard let first = line.first else { return .failure(HTTPParseError(400, "an empty header line")) }
        if first == 0x20 || first == 0x09 {
            return .failure(HTTPParseError(400, "a folded header line (obsolete line folding is not accepted)"))
        }
        guard let colon = line.firstIndex(of: 0x3A) else { return .failure(HTTPParseError(400, "a header line without ':'")) }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            return .failure(HTTPParseError(400, "the header name \"\(latin1(name.prefix(64)))\" is not a token (no spaces before ':')"))
        }
        var value = line[(colon + 1)...]
        while let b = value.first, b == 0x20 || b == 0x09 { value.removeFirst() }
        while let b = value.last, b == 0x20 || b == 0x09 { value.removeLast() }
        guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
            return .failure(HTTPParseError(400, "a control character in the value of \(latin1(name))"))
        }
        return .success((latin1(name), latin1(value)))
    }

    /// The body's length from `Content-Length` (0 without one).
    static func bodyLength(_ headers: HTTPHeaders, version: HTTPVersion, limits: HTTPLimits) -> Result<Int, HTTPParseError> {
        let lengths = headers.values("content-length")
        if !headers.values("transfer-encoding").isEmpty {
            if !lengths.isEmpty { return .failure(HTTPParseError(400, "both Content-Length and Transfer-Encoding")) }
            if version == .http10 { return .failure(HTTPParseError(400, "Transfer-Encoding in an HTTP/1.0 request")) }
            return .failure(HTTPParseError(501, "Transfer-Encoding is not supported: send the body with Content-Length"))
        }
        var length: Int?
        for field in lengths {
            for item in field.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = String(item).trimmingOWS()
                guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy(isDigit), let n = Int(digits) else {
                    return .failure(HTTPParseError(400, "Content-Length must be a decimal number, got \"\(String(field.prefix(40)))\""))
                }
                if let length, length != n { return .failure(HTTPParseError(400, "conflicting Content-Length values")) }
                length = n
            }
        }
        let n = length ?? 0
        if n > limits.maxBodyBytes {
            return .failure(HTTPParseError(413, "the body is \(n) bytes; at most \(limits.maxBodyBytes)"))
        }
        return .success(n)
    }

    /// An HTTP/1.1 request has exactly one `Host`; any `Host` is `host[:port]` without spaces or paths.
    static func hostProblem(_ headers: HTTPHeaders, version: HTTPVersion) -> HTTPParseError? {
        let hosts = headers.values("host")
        if hosts.count > 1 { return HTTPParseError(400, "more than one Host header") }
        guard let host = hosts.first else {
            return version == .http11 ? HTTPParseError(400, "an HTTP/1.1 request needs a Host header") : nil
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:[]%".utf8)
        guard host.utf8.allSatisfy({ allowed.contains($0) }) else {
            return HTTPParseError(400, "the Host header is not host[:port]")
        }
        return nil
    }

    // MARK: Internals

    private mutating func fail(_ error: HTTPParseError) -> Outcome {
        failure = error
        buffer = []
        start = 0
        return .failure(error)
    }

    /// Drops the consumed bytes before `offset`.
    private mutating func consume(upTo offset: Int) {
        start = offset
        blankLines = 0
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 64 * 1024)
            start = 0
        } else if start >= 16 * 1024 {
            buffer.removeFirst(start)
            start = 0
        }
        scan = start
        lineStart = start
    }
}

/// RFC 9110 `tchar`.
@inline(__always) func isTokenByte(_ b: UInt8) -> Bool {
    switch b {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: return true
    default: return false
    }
}

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

/// Bytes as ISO-8859-1 text (every byte one scalar: header values may hold bytes that are not UTF-8).
func latin1<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var text = ""
    for b in bytes { text.unicodeScalars.append(Unicode.Scalar(b)) }
    return text
}

extension HTTPRequest {
    /// The request as bytes on the wire (field values are ISO-8859-1): what a client sends; `HTTPRequestParser` reads
    /// it back as this request.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        func put(_ text: String) { for scalar in text.unicodeScalars { out.append(UInt8(truncatingIfNeeded: scalar.value)) } }
        put(method + " " + target + " " + version.rawValue + "\r\n")
        for field in headers { put(field.name + ": " + field.value + "\r\n") }
        put("\r\n")
        out += body
        return out
    }
}
