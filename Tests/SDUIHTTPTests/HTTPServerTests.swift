import Foundation
import Testing
@testable import SDUIHTTP

/// Answers `/hello` and `/echo?x` with text, `/ws` with an echoing WebSocket, anything else 404.
struct TestHandler: HTTPHandler {
    let sockets = SocketLog()
    func respond(to request: HTTPRequest) -> HTTPReply {
        switch request.path {
        case "/hello": return .response(HTTPResponse(contentType: "text/plain", text: "hello"))
        case "/echo": return .response(HTTPResponse(contentType: "text/plain", text: request.query ?? ""))
        case "/slow": usleep(300_000); return .response(HTTPResponse(contentType: "text/plain", text: "slow"))
        case "/ws": return .webSocket(sockets)
        default: return .response(.error(404, "no \(request.path)"))
        }
    }
}

/// Echoes text messages (`big:N` sends N bytes back) and records every event in order.
final class SocketLog: WebSocketHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var _events: [String] = []
    var events: [String] { lock.lock(); defer { lock.unlock() }; return _events }
    private func log(_ e: String) { lock.lock(); _events.append(e); lock.unlock() }
    func webSocketDidOpen(_ socket: WebSocket) { log("open") }
    func webSocket(_ socket: WebSocket, didReceive text: String) {
        log("text:" + text)
        if text.hasPrefix("big:"), let n = Int(text.dropFirst(4)) {
            for _ in 0..<n { socket.send(String(repeating: "x", count: 60_000)) }
        } else {
            socket.send("echo:" + text)
        }
    }
    func webSocketDidClose(_ socket: WebSocket) { log("close") }
}

/// A server on a port of the system's choosing, stopped when `body` ends (also when it throws).
func withServer(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }, handler: TestHandler = TestHandler(),
                _ body: (HTTPServer, UInt16) throws -> Void) throws {
    var configuration = HTTPServer.Configuration()
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: handler)
    try server.start()
    defer { server.stop() }
    try body(server, server.port)
}

func get(_ path: String, port: UInt16, host: String? = nil) -> String {
    "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n"
}

func waitUntil(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end { if condition() { return true }; usleep(10_000) }
    return condition()
}

@Suite struct HTTPServerTests {
    @Test func `requests are answered on a kept-alive connection, HEAD without a body`() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            client.send(get("/hello", port: port))
            let first = try #require(client.readResponse())
            #expect(first.status == 200 && first.body == "hello")
            #expect(first.headers["x-content-type-options"] == "nosniff")
            client.send(get("/echo?abc", port: port) + get("/nothing", port: port))
            #expect(client.readResponse()?.body == "abc", "pipelined requests are answered in order")
            #expect(client.readResponse()?.status == 404)
            client.send("HEAD /hello HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            let head = try #require(client.readResponse(head: true))
            #expect(head.status == 200 && head.headers["content-length"] == "5" && head.body.isEmpty)
        }
    }

    @Test func `a Host that is not this server is refused`() throws {
        try withServer { _, port in
            for host in ["attacker.example", "attacker.example:\(port)", "127.0.0.1:\(port &+ 1)", "127.0.0.1"] {
                let client = try RawClient(port: port)
                client.send(get("/hello", port: port, host: host))
                let response = try #require(client.readResponse())
                #expect(response.status == 403, "Host: \(host)")
                #expect(response.body.contains("DNS rebinding"))
            }
            let absolute = try RawClient(port: port)
            absolute.send("GET http://attacker.example:\(port)/hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(absolute.readResponse()?.status == 403, "an absolute-form target names the host too")
        }
    }

    @Test func `oversized requests are refused and the connection closed`() throws {
        try withServer({ $0.limits = HTTPLimits(maxTargetBytes: 1024, maxHeadBytes: 4096, maxHeaderCount: 20, maxBodyBytes: 1000) }) { _, port in
            let cases: [(String, Int)] = [
                ("GET /" + String(repeating: "a", count: 5000) + " HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", 414),
                ("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX: " + String(repeating: "a", count: 8000) + "\r\n\r\n", 431),
                ("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + String(repeating: "A: b\r\n", count: 30) + "\r\n", 431),
                ("POST /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 5000000000\r\n\r\n", 413),
            ]
            for (text, expected) in cases {
                let client = try RawClient(port: port)
                client.send(text)
                let (bytes, closed) = client.readUntilClosed()
                let statusLine = String(decoding: bytes.prefix(40), as: UTF8.self)
                #expect(statusLine.hasPrefix("HTTP/1.1 \(expected) "), "\(statusLine)")
                #expect(closed, "the connection ends after the refusal")
            }
        }
    }

    @Test func `a client that sends its request too slowly is answered 408 and disconnected`() throws {
        try withServer({ $0.requestTimeout = 0.5 }) { _, port in
            // Half a head, then nothing.
            let stalled = try RawClient(port: port)
            stalled.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
            let start = Date()
            let (bytes, closed) = stalled.readUntilClosed(timeout: 5)
            #expect(closed)
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
            #expect(Date().timeIntervalSince(start) < 3)
            // A byte every 100 ms keeps no connection open past the deadline (slowloris).
            let trickle = try RawClient(port: port)
            let begin = Date()
            var closedEarly = false
            for byte in Array("GET /hello HTTP/1.1\r\nHost: x\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8) {
                trickle.send([byte])
                usleep(100_000)
                if Date().timeIntervalSince(begin) > 2.5 { break }
                if trickle.readUntilClosed(timeout: 0.01).closed { closedEarly = true; break }
            }
            #expect(closedEarly, "the trickling client was cut off")
            #expect(Date().timeIntervalSince(begin) < 2.5)
        }
    }

    @Test func `an idle kept-alive connection is closed`() throws {
        try withServer({ $0.idleTimeout = 0.4 }) { server, port in
            let client = try RawClient(port: port)
            client.send(get("/hello", port: port))
            #expect(client.readResponse()?.status == 200)
            #expect(client.readUntilClosed(timeout: 3).closed)
            #expect(waitUntil { server.openConnectionCount == 0 })
        }
    }

    @Test func `connections beyond the limit are answered 503`() throws {
        try withServer({ $0.maxConnections = 2 }) { server, port in
            let a = try RawClient(port: port), b = try RawClient(port: port)
            #expect(waitUntil { server.openConnectionCount == 2 })
            let c = try RawClient(port: port)
            let (bytes, closed) = c.readUntilClosed()
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 503 "))
            #expect(closed)
            a.send(get("/hello", port: port))
            #expect(a.readResponse()?.status == 200, "the connections within the limit are served")
            _ = b
        }
    }

    @Test func `a WebSocket echoes in order, refuses other origins and reports its close`() throws {
        let handler = TestHandler()
        try withServer(handler: handler) { server, port in
            let key = "dGhlIHNhbXBsZSBub25jZQ=="
            func upgrade(origin: String?) -> String {
                "GET /ws HTTP/1.1\r\nHost: localhost:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: \(key)\r\n" + (origin.map { "Origin: \($0)\r\n" } ?? "") + "\r\n"
            }
            let foreign = try RawClient(port: port)
            foreign.send(upgrade(origin: "http://attacker.example"))
            #expect(foreign.readResponse()?.status == 403)

            let client = try RawClient(port: port)
            let m: (UInt8, UInt8, UInt8, UInt8) = (5, 6, 7, 8)
            // The first message comes with the handshake, in the same packet.
            client.send(Array(upgrade(origin: "http://localhost:\(port)").utf8) + WebSocketFrame.frame(opcode: 1, Array("one".utf8), mask: m))
            let accepted = try #require(client.readResponse())
            #expect(accepted.status == 101)
            #expect(accepted.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
            for text in ["two", "three"] { client.send(WebSocketFrame.frame(opcode: 1, Array(text.utf8), mask: m)) }
            var received: [UInt8] = []
            #expect(waitUntil {
                received += client.readUntilClosed(timeout: 0.05).bytes
                return received.count >= 3 * 2 + "echo:oneecho:twoecho:three".count
            })
            let expected = WebSocketFrame.text("echo:one") + WebSocketFrame.text("echo:two") + WebSocketFrame.text("echo:three")
            #expect(received == expected)
            client.send(WebSocketFrame.frame(opcode: 8, [0x03, 0xE8], mask: m))
            let (closing, closed) = client.readUntilClosed()
            #expect(closing == WebSocketFrame.close(code: 1000) && closed)
            #expect(waitUntil { handler.sockets.events == ["open", "text:one", "text:two", "text:three", "close"] }, "\(handler.sockets.events)")
            #expect(waitUntil { server.openConnectionCount == 0 })
        }
    }

    @Test func `a WebSocket client that stops reading is dropped`() throws {
        let handler = TestHandler()
        try withServer({ $0.maxPendingOutputBytes = 1 << 20; $0.writeTimeout = 1 }, handler: handler) { server, port in
            let client = try RawClient(port: port)
            client.send("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
            #expect(client.readResponse()?.status == 101)
            // 200 × 60 kB asked for, never read: the server stops at its output bound (or write timeout).
            client.send(WebSocketFrame.frame(opcode: 1, Array("big:200".utf8), mask: (1, 2, 3, 4)))
            #expect(waitUntil(10) { handler.sockets.events.last == "close" }, "\(handler.sockets.events)")
            #expect(waitUntil { server.openConnectionCount == 0 })
        }
    }

    @Test func `stop closes every connection, ends the WebSocket handlers and returns`() throws {
        let handler = TestHandler()
        var configuration = HTTPServer.Configuration()
        configuration.workers = 2
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        let port = server.port
        let idle = try RawClient(port: port)
        let busy = try RawClient(port: port)
        busy.send(get("/slow", port: port))
        let socket = try RawClient(port: port)
        socket.send("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
        #expect(socket.readResponse()?.status == 101)
        #expect(waitUntil { server.openConnectionCount == 3 })
        server.stop()
        server.waitUntilStopped()
        #expect(server.openConnectionCount == 0)
        #expect(idle.readUntilClosed(timeout: 2).closed)
        #expect(socket.readUntilClosed(timeout: 2).closed)
        #expect(handler.sockets.events == ["open", "close"])
        #expect(throws: RawClient.ClientError.self) { try RawClient(port: port) }
        server.stop()  // again: nothing happens
    }

    @Test func `a port in use is an error naming the address`() throws {
        try withServer { _, port in
            var configuration = HTTPServer.Configuration()
            configuration.port = port
            let second = HTTPServer(configuration: configuration, handler: TestHandler())
            #expect(throws: HTTPServerError.self) { try second.start() }
            second.stop()
        }
    }
}
