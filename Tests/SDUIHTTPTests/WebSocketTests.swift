import Testing
@testable import SDUIHTTP

struct WebSocketTests {
    @Test func `SHA-1 and base64 give the published values`() {
        #expect(SHA1.digest(Array("abc".utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Base64.encode(SHA1.digest([])) == "2jmj7l5rSw0yVb/vlWAYkK/YBwk=")
        #expect(Base64.encode(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw==")
        #expect(Base64.decode("YW55IGNhcm5hbCBwbGVhcw==") == Array("any carnal pleas".utf8))
        #expect(Base64.decode("YW55=IGN") == nil)
        #expect(Base64.decode("abc") == nil)
    }

    @Test func `the accept value is RFC 6455's example`() {
        #expect(WebSocketHandshake.acceptValue(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func `a handshake is checked`() throws {
        var headers: HTTPHeaders = ["Host": "h", "Upgrade": "websocket", "Connection": "keep-alive, Upgrade",
                                    "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="]
        let ok = try WebSocketHandshake.response(to: HTTPRequest(method: "GET", target: "/ws", headers: headers))
        #expect(ok.status == 101 && ok.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        headers.set("Sec-WebSocket-Version", "8")
        #expect(throws: HTTPParseError(426, "only WebSocket version 13 is served (Sec-WebSocket-Version: 13)")) {
            try WebSocketHandshake.response(to: HTTPRequest(method: "GET", target: "/ws", headers: headers))
        }
        headers.set("Sec-WebSocket-Version", "13")
        headers.set("Sec-WebSocket-Key", "c2hvcnQ=")
        #expect(throws: HTTPParseError.self) { try WebSocketHandshake.response(to: HTTPRequest(method: "GET", target: "/ws", headers: headers)) }
    }

    func decode(_ bytes: [UInt8], max: Int = 1 << 20) -> [Result<WebSocketMessage, WebSocketError>] {
        var decoder = WebSocketFrameDecoder(maxMessageBytes: max)
        decoder.append(bytes)
        var out: [Result<WebSocketMessage, WebSocketError>] = []
        while let next = decoder.next() {
            out.append(next)
            if case .failure = next { break }
        }
        return out
    }

    @Test func `a masked text frame is RFC 6455's Hello`() {
        #expect(decode([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]) == [.success(.text("Hello"))])
    }

    @Test func `fragments are joined, with control frames between them`() {
        let m: (UInt8, UInt8, UInt8, UInt8) = (1, 2, 3, 4)
        var bytes = WebSocketFrame.frame(opcode: 0x1, Array("Hel".utf8), mask: m)
        bytes[0] &= 0x7F  // not the last fragment
        bytes += WebSocketFrame.frame(opcode: 0x9, [7], mask: m)
        bytes += WebSocketFrame.frame(opcode: 0x0, Array("lo".utf8), mask: m)
        #expect(decode(bytes) == [.success(.ping([7])), .success(.text("Hello"))])
        // Every split gives the same.
        for split in 1..<bytes.count {
            var decoder = WebSocketFrameDecoder()
            var got: [Result<WebSocketMessage, WebSocketError>] = []
            for part in [Array(bytes[..<split]), Array(bytes[split...])] {
                decoder.append(part)
                while let next = decoder.next() { got.append(next) }
            }
            #expect(got == [.success(.ping([7])), .success(.text("Hello"))], "split at \(split)")
        }
    }

    @Test func `frames that break the protocol are refused with their close code`() {
        let m: (UInt8, UInt8, UInt8, UInt8) = (9, 8, 7, 6)
        func code(_ bytes: [UInt8], max: Int = 1 << 20) -> UInt16? {
            guard case .failure(let e)? = decode(bytes, max: max).last else { return nil }
            return e.closeCode
        }
        #expect(code(WebSocketFrame.frame(opcode: 0x1, Array("x".utf8))) == 1002, "unmasked")
        #expect(code(WebSocketFrame.frame(opcode: 0x3, [], mask: m)) == 1002, "unknown opcode")
        #expect(code(WebSocketFrame.frame(opcode: 0x0, [1], mask: m)) == 1002, "continuation of nothing")
        #expect(code(WebSocketFrame.frame(opcode: 0x1, [0xC3, 0x28], mask: m)) == 1007, "not UTF-8")
        #expect(code(WebSocketFrame.frame(opcode: 0x9, [UInt8](repeating: 0, count: 126), mask: m)) == 1002, "a long control frame")
        #expect(code([0x81, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0]) == 1009, "a 4 GiB message is refused from its header")
        #expect(code([0x81, 0xFE, 0x00, 0x05, 1, 2, 3, 4, 0, 0, 0, 0, 0]) == 1002, "a 16-bit length under 126")
        #expect(code([0xC1, 0x80, 1, 2, 3, 4]) == 1002, "a reserved bit")
        #expect(code(WebSocketFrame.frame(opcode: 0x1, [UInt8](repeating: 0x61, count: 100), mask: m), max: 50) == 1009)
        #expect(code(WebSocketFrame.frame(opcode: 0x8, [0x03, 0xED], mask: m)) == 1002, "close code 1005 may not be sent")
    }

    @Test func `a close frame gives its code and reason`() {
        let m: (UInt8, UInt8, UInt8, UInt8) = (1, 1, 1, 1)
        #expect(decode(WebSocketFrame.frame(opcode: 0x8, [0x03, 0xE8] + Array("bye".utf8), mask: m)) == [.success(.close(code: 1000, reason: "bye"))])
        #expect(WebSocketFrame.close(code: 1000, reason: String(repeating: "é", count: 100)).count <= 127)
    }
}
