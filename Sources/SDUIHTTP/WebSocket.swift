/// The WebSocket opening handshake (RFC 6455 §4.2): which requests ask for it and the `101` that accepts one.
public enum WebSocketHandshake {
    /// Whether `request` asks to switch to WebSocket (`Upgrade: websocket`); whether it may is `response(to:)`'s.
    public static func isUpgrade(_ request: HTTPRequest) -> Bool {
        request.headers.tokens("upgrade").contains("websocket")
    }

    /// The `101 Switching Protocols` response for a valid upgrade request.
    /// - Throws: `HTTPParseError` 400 for a request that is not a valid handshake (not a GET, not HTTP/1.1, no
    ///   `Connection: Upgrade`, a key that is not 16 bytes in base64); 426 for a version other than 13.
    public static func response(to request: HTTPRequest) throws(HTTPParseError) -> HTTPResponse {
        guard request.method == "GET", request.version == .http11 else {
            throw HTTPParseError(400, "a WebSocket handshake is an HTTP/1.1 GET")
        }
        guard request.headers.tokens("connection").contains("upgrade") else {
            throw HTTPParseError(400, "a WebSocket handshake needs Connection: Upgrade")
        }
        guard request.headers.values("sec-websocket-version").count == 1, request.headers["sec-websocket-version"] == "13" else {
            throw HTTPParseError(426, "only WebSocket version 13 is served (Sec-WebSocket-Version: 13)")
        }
        let keys = request.headers.values("sec-websocket-key")
        guard keys.count == 1, let key = keys.first, Base64.decode(key)?.count == 16 else {
            throw HTTPParseError(400, "Sec-WebSocket-Key must be 16 bytes in base64")
        }
        return HTTPResponse(status: 101, headers: ["Upgrade": "websocket", "Connection": "Upgrade",
                                                   "Sec-WebSocket-Accept": acceptValue(key: key)])
    }

    /// `Sec-WebSocket-Accept` for a key: base64(SHA-1(key + the RFC's GUID)).
    public static func acceptValue(key: String) -> String {
        Base64.encode(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
    }
}

/// A message of a WebSocket connection (RFC 6455), whole: fragments are joined before it is given out.
public enum WebSocketMessage: Hashable, Sendable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong([UInt8])
    /// The peer closes: its status code (nil: none given) and reason.
    case close(code: UInt16?, reason: String)
}

/// Why a peer's frames break the protocol: the close code to answer with (1002 protocol error, 1007 text that is
/// not UTF-8, 1009 a message over the limit) and what was wrong.
public struct WebSocketError: Error, Hashable, Sendable, CustomStringConvertible {
    public var closeCode: UInt16
    public var message: String
    public init(_ closeCode: UInt16, _ message: String) { self.closeCode = closeCode; self.message = message }
    public var description: String { "\(closeCode): \(message)" }
}

/// Reads a client's WebSocket frames (RFC 6455 §5) from a byte stream into whole messages.
///
/// Incremental like `HTTPRequestParser`; strict as a server must be: every client frame is masked, reserved bits
/// and opcodes are refused, lengths use the shortest encoding, control frames are whole and at most 125 bytes,
/// fragments continue only a fragmented message, a text message is UTF-8 and every message is at most
/// `maxMessageBytes` (checked from the frame headers, before the bytes arrive). After a failure it stays failed.
public struct WebSocketFrameDecoder: Sendable {
    /// The largest message (a text message's bytes, all its fragments together).
    public let maxMessageBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// The fragments of a message in progress: its opcode and bytes so far.
    private var fragments: (opcode: UInt8, bytes: [UInt8])?
    private var failure: WebSocketError?

    /// A decoder; messages over `maxMessageBytes` are errors (1009).
    public init(maxMessageBytes: Int = 1 << 20) { self.maxMessageBytes = maxMessageBytes }

    /// Bytes received and not yet read into a message.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Appends received bytes.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message, nil when more bytes are needed, or the failure (again on every later call).
    public mutating func next() -> Result<WebSocketMessage, WebSocketError>? {
        if let failure { return .failure(failure) }
        while true {
            let available = buffer.count - start
            guard available >= 2 else { return nil }
            let b0 = buffer[start], b1 = buffer[start + 1]
            let fin = b0 & 0x80 != 0, opcode = b0 & 0x0F
            guard b0 & 0x70 == 0 else { return fail(1002, "reserved bits set (no extension was agreed)") }
            guard b1 & 0x80 != 0 else { return fail(1002, "a client frame must be masked") }
            var length = UInt64(b1 & 0x7F)
            var headerLength = 2
            if length == 126 {
                guard available >= 4 else { return nil }
                length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
                headerLength = 4
                guard length >= 126 else { return fail(1002, "a length not in its shortest encoding") }
            } else if length == 127 {
                guard available >= 10 else { return nil }
                length = 0
                for i in 2..<10 { length = length << 8 | UInt64(buffer[start + i]) }
                headerLength = 10
                guard length >> 63 == 0 else { return fail(1002, "a 64-bit length with its top bit set") }
                guard length > 0xFFFF else { return fail(1002, "a length not in its shortest encoding") }
            }
            let isControl = opcode & 0x08 != 0
            switch opcode {
            case 0x0, 0x1, 0x2, 0x8, 0x9, 0xA: break
            default: return fail(1002, "unknown opcode \(opcode)")
            }
            if isControl {
                guard fin else { return fail(1002, "a fragmented control frame") }
                guard length <= 125 else { return fail(1002, "a control frame longer than 125 bytes") }
            } else {
                let soFar = UInt64(fragments?.bytes.count ?? 0)
                guard length <= UInt64(maxMessageBytes), soFar + length <= UInt64(maxMessageBytes) else {
                    return fail(1009, "a message longer than \(maxMessageBytes) bytes")
                }
                if opcode == 0 && fragments == nil { return fail(1002, "a continuation frame without a message to continue") }
                if opcode != 0 && fragments != nil { return fail(1002, "a new message before the fragmented one ended") }
            }
            let total = headerLength + 4 + Int(length)
            guard available >= total else { return nil }
            let maskStart = start + headerLength
            let mask = (buffer[maskStart], buffer[maskStart + 1], buffer[maskStart + 2], buffer[maskStart + 3])
            var payload = [UInt8](repeating: 0, count: Int(length))
            for i in 0..<Int(length) {
                let m: UInt8
                switch i & 3 { case 0: m = mask.0; case 1: m = mask.1; case 2: m = mask.2; default: m = mask.3 }
                payload[i] = buffer[maskStart + 4 + i] ^ m
            }
            start += total
            if start == buffer.count { buffer.removeAll(keepingCapacity: buffer.count <= 64 * 1024); start = 0 }
            else if start >= 64 * 1024 { buffer.removeFirst(start); start = 0 }

            if isControl {
                switch opcode {
                case 0x9: return .success(.ping(payload))
                case 0xA: return .success(.pong(payload))
                default: return closeMessage(payload)
                }
            }
            if opcode != 0 { fragments = (opcode, payload) } else { fragments?.bytes += payload }
            guard fin, let (messageOpcode, bytes) = fragments else { continue }
            fragments = nil
            if messageOpcode == 0x2 { return .success(.binary(bytes)) }
            guard let text = validUTF8(bytes) else { return fail(1007, "a text message that is not UTF-8") }
            return .success(.text(text))
        }
    }

    private mutating func closeMessage(_ payload: [UInt8]) -> Result<WebSocketMessage, WebSocketError> {
        if payload.isEmpty { return .success(.close(code: nil, reason: "")) }
        guard payload.count >= 2 else { return fail(1002, "a close frame with a 1-byte body") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        let valid = (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
        guard valid else { return fail(1002, "close code \(code) is not one a peer may send") }
        guard let reason = validUTF8(payload[2...]) else { return fail(1007, "a close reason that is not UTF-8") }
        return .success(.close(code: code, reason: reason))
    }

    private mutating func fail(_ code: UInt16, _ message: String) -> Result<WebSocketMessage, WebSocketError> {
        let error = WebSocketError(code, message)
        failure = error
        buffer = []
        start = 0
        return .failure(error)
    }
}

/// WebSocket frames as a server sends them: whole (FIN set), unmasked.
public enum WebSocketFrame {
    /// A text message.
    public static func text(_ text: String) -> [UInt8] { frame(opcode: 0x1, Array(text.utf8)) }
    /// A pong answering a ping's payload.
    public static func pong(_ payload: [UInt8]) -> [UInt8] { frame(opcode: 0xA, Array(payload.prefix(125))) }
    /// A close frame with a status code and a reason (cut to fit a control frame).
    public static func close(code: UInt16, reason: String = "") -> [UInt8] {
        var reasonBytes = Array(reason.utf8.prefix(123))
        while validUTF8(reasonBytes) == nil { reasonBytes.removeLast() }
        return frame(opcode: 0x8, [UInt8(code >> 8), UInt8(truncatingIfNeeded: code)] + reasonBytes)
    }

    /// One frame with FIN set; `mask`: a client's masking key (tests and the fuzz target write client frames).
    public static func frame(opcode: UInt8, _ payload: [UInt8], mask: (UInt8, UInt8, UInt8, UInt8)? = nil) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if payload.count < 126 {
            out.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out += [maskBit | 126, UInt8(payload.count >> 8), UInt8(truncatingIfNeeded: payload.count)]
        } else {
            out.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift))) }
        }
        guard let mask else { return out + payload }
        let key = [mask.0, mask.1, mask.2, mask.3]
        out += key
        for (i, b) in payload.enumerated() { out.append(b ^ key[i & 3]) }
        return out
    }
}
