import SDUIHTTP

/// The `http` fuzz target: bytes from a client, read by the server's parsers (`sdui serve`'s edge).
///
/// The first byte chooses: even, the rest is read as HTTP/1.x requests (`HTTPRequestParser`, small limits so that
/// every limit is reached) and whatever follows the last complete request as WebSocket frames, as a connection that
/// switched protocols reads it; odd, the rest is read as WebSocket frames alone. Properties:
/// - the same bytes in any split (the chunk sizes come from a hash of the input) give the same requests, messages and
///   errors;
/// - a request's method is a token, its target visible ASCII, its field names tokens and values free of CR, LF and NUL,
///   its body exactly its `Content-Length`, its head within the limits, and HTTP/1.1 has exactly one `Host`;
///   serialised, it reads back as itself;
/// - an error's status is one of 400, 413, 414, 431, 501, 505;
/// - a path that `RequestPath` accepts has no empty, `.` or `..` segment and none holding `/`, `\` or a control
///   character; `HostPolicy` allows only its own names on its port;
/// - a WebSocket message is within the limit and, written again as a masked frame, reads back as itself.
enum HTTPTarget {
    static let limits = HTTPLimits(maxTargetBytes: 256, maxHeadBytes: 1024, maxHeaderCount: 16, maxBodyBytes: 512)
    static let maxMessageBytes = 256

    static func run(_ bytes: [UInt8]) -> [String] {
        guard let mode = bytes.first else { return [] }
        let input = Array(bytes.dropFirst())
        var failures: [String] = []
        let splits = chunkSizes(stableHash(bytes))
        if mode & 1 == 1 {
            let whole = frames(input, chunks: nil, failures: &failures)
            let split = frames(input, chunks: splits, failures: &failures)
            if whole != split { failures.append("frames differ between one read and split reads: \(whole) vs \(split)") }
            return failures
        }
        let (whole, rest) = requests(input, chunks: nil)
        let (split, splitRest) = requests(input, chunks: splits)
        if whole != split { failures.append("requests differ between one read and split reads") }
        if rest != splitRest { failures.append("the bytes after the last request differ between one read and split reads") }
        for outcome in whole { check(outcome, &failures) }
        if !rest.isEmpty, case .request? = whole.last {
            let messages = frames(rest, chunks: nil, failures: &failures)
            if messages != frames(rest, chunks: splits, failures: &failures) { failures.append("frames after the head differ between splits") }
        }
        return failures
    }

    /// Hands `input` to `read` at once, or in chunks of `chunks` sizes in turn, until it returns false (stop).
    static func feed(_ input: [UInt8], chunks: [Int]?, _ read: (ArraySlice<UInt8>) -> Bool) {
        var offset = 0, k = 0
        repeat {
            let size = chunks.map { $0[k % $0.count] } ?? max(1, input.count)
            k += 1
            let end = min(input.count, offset + size)
            guard read(input[offset..<end]) else { return }
            offset = end
        } while offset < input.count
    }

    /// Every outcome of reading `input` (at once, or in chunks of `chunks` sizes in turn), and the bytes left over.
    static func requests(_ input: [UInt8], chunks: [Int]?, limits: HTTPLimits = limits) -> ([HTTPRequestParser.Outcome], [UInt8]) {
        var parser = HTTPRequestParser(limits: limits)
        var outcomes: [HTTPRequestParser.Outcome] = []
        var failed = false
        feed(input, chunks: chunks) { chunk in
            parser.append(chunk)
            while outcomes.count < 64 {
                let outcome = parser.next()
                if case .needMore = outcome { break }
                outcomes.append(outcome)
                if case .failure = outcome { failed = true; return false }
            }
            return true
        }
        return (outcomes, failed ? [] : parser.takeBufferedBytes())
    }

    /// Every message of `input` read as client frames, up to the first failure.
    static func frames(_ input: [UInt8], chunks: [Int]?, failures: inout [String]) -> [Result<WebSocketMessage, WebSocketError>] {
        var decoder = WebSocketFrameDecoder(maxMessageBytes: maxMessageBytes)
        var out: [Result<WebSocketMessage, WebSocketError>] = []
        feed(input, chunks: chunks) { chunk in
            decoder.append(chunk)
            while let next = decoder.next() {
                out.append(next)
                if case .failure = next { return false }
            }
            return true
        }
        for case .success(let message) in out { checkRoundTrip(message, &failures) }
        return out
    }

    static func check(_ outcome: HTTPRequestParser.Outcome, _ failures: inout [String]) {
        switch outcome {
        case .needMore:
            break
        case .failure(let error):
            if ![400, 413, 414, 431, 501, 505].contains(error.status) { failures.append("unexpected status \(error.status): \(error.message)") }
        case .request(let request):
            if request.method.isEmpty || !request.method.utf8.allSatisfy(isToken) { failures.append("method \(request.method.debugDescription) is not a token") }
            if request.target.utf8.count > limits.maxTargetBytes || !request.target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
                failures.append("target \(request.target.debugDescription) is not visible ASCII within the limit")
            }
            if request.headers.fields.count > limits.maxHeaderCount { failures.append("more fields than the limit") }
            for field in request.headers {
                if field.name.isEmpty || !field.name.utf8.allSatisfy(isToken) { failures.append("field name \(field.name.debugDescription)") }
                if field.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) { failures.append("field value with CR, LF or NUL") }
            }
            // Optional whitespace (spaces and tabs) may surround each comma-separated Content-Length item.
            let length = request.headers["content-length"].flatMap { Int($0.split(separator: ",").first.map { String($0).filter { $0 != " " && $0 != "\t" } } ?? "") } ?? 0
            if request.body.count != length { failures.append("body of \(request.body.count) bytes for Content-Length \(length)") }
            if request.body.count > limits.maxBodyBytes { failures.append("body over the limit") }
            if request.version == .http11 && request.headers.values("host").count != 1 { failures.append("HTTP/1.1 without exactly one Host") }
            // Written out, every line ends in CR LF and every field reads `name: value`, so the head may be a few bytes
            // longer than the one read (a client may omit the space or the CR): read it back with that much more room.
            var rereadLimits = limits
            rereadLimits.maxHeadBytes += 2 * (request.headers.fields.count + 2)
            let reread = requests(request.serialized(), chunks: nil, limits: rereadLimits).0
            if reread != [.request(request)] { failures.append("a serialised request reads back as \(reread)") }
            if let path = try? RequestPath(request.path) {
                for segment in path.segments where segment.isEmpty || segment == "." || segment == ".."
                    || segment.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }) {
                    failures.append("RequestPath accepted the segment \(segment.debugDescription)")
                }
            }
            let policy = HostPolicy(boundHost: "127.0.0.1", port: 8080)
            if let authority = request.authority, policy.allows(authority: authority) {
                // A port is a number: "08080" is port 8080 (RFC 3986 allows leading zeros).
                let parts = authority.lowercased().split(separator: ":", omittingEmptySubsequences: false)
                let host = parts.first.map(String.init) ?? ""
                let port = parts.count == 2 ? Int(parts[1]) : nil
                if !["127.0.0.1", "localhost"].contains(host) || port != 8080 {
                    failures.append("HostPolicy allowed \(authority.debugDescription)")
                }
            }
        }
    }

    static func checkRoundTrip(_ message: WebSocketMessage, _ failures: inout [String]) {
        let mask: (UInt8, UInt8, UInt8, UInt8) = (0x12, 0x34, 0x56, 0x78)
        let frame: [UInt8]
        switch message {
        case .text(let text):
            if text.utf8.count > maxMessageBytes { failures.append("a message over the limit") }
            frame = WebSocketFrame.frame(opcode: 1, Array(text.utf8), mask: mask)
        case .binary(let bytes):
            if bytes.count > maxMessageBytes { failures.append("a message over the limit") }
            frame = WebSocketFrame.frame(opcode: 2, bytes, mask: mask)
        case .ping(let bytes): frame = WebSocketFrame.frame(opcode: 9, bytes, mask: mask)
        case .pong(let bytes): frame = WebSocketFrame.frame(opcode: 10, bytes, mask: mask)
        case .close: return
        }
        var decoder = WebSocketFrameDecoder(maxMessageBytes: maxMessageBytes)
        decoder.append(frame)
        if decoder.next() != .success(message) { failures.append("\(message) written as a frame does not read back as itself") }
    }

    static func isToken(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    /// Chunk sizes 1…17 drawn from the input's hash.
    static func chunkSizes(_ seed: UInt64) -> [Int] {
        var x = seed | 1
        return (0..<8).map { _ in
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            return Int(x % 17) + 1
        }
    }

    /// libFuzzer's dictionary for the target: the tokens of requests, fields and frames.
    static let dictionary = [
        "GET ", "HEAD ", "POST ", " HTTP/1.1\r\n", " HTTP/1.0\r\n", " HTTP/2.0\r\n", "\r\n", "\r\n\r\n", "\n", "\r", ": ", " ",
        "Host: 127.0.0.1:8080\r\n", "Host: localhost:8080\r\n", "Host: attacker.example\r\n", "Content-Length: ", "Content-Length: 5\r\n",
        "Transfer-Encoding: chunked\r\n", "Connection: close\r\n", "Connection: Upgrade\r\n", "Upgrade: websocket\r\n",
        "Sec-WebSocket-Version: 13\r\n", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", "Origin: http://attacker.example\r\n",
        "/", "/p/", "/..", "/%2e%2e", "%2F", "%5C", "%00", "%", "?", "#", "http://", "[::1]", ":65536", "\u{0}", "\t",
    ].map { Array($0.utf8) } + [
        // Frame heads: a masked text frame, close, ping, a fragment, a 16-bit length, a byte over 0x7F.
        [0x81, 0x85], [0x88, 0x80], [0x89, 0x80], [0x01, 0x80], [0x80, 0xFE, 0x00, 0x7E], [0xFF],
    ]
}
