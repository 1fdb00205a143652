import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers a server's requests (called on its worker threads, several at once for different connections).
public protocol HTTPHandler: Sendable {
    /// The reply to `request` (its `Host` has been checked; a WebSocket upgrade's `Origin` and handshake too).
    func respond(to request: HTTPRequest) -> HTTPReply
}

/// What a handler answers: a response, or — to a WebSocket upgrade request — the handler of the new connection.
public enum HTTPReply: Sendable {
    case response(HTTPResponse)
    case webSocket(any WebSocketHandler)
}

/// The events of one WebSocket connection, delivered in order on worker threads (never two at once for one
/// connection): opened, each text message, closed (always last, also when the server stops).
public protocol WebSocketHandler: AnyObject, Sendable {
    func webSocketDidOpen(_ socket: WebSocket)
    func webSocket(_ socket: WebSocket, didReceive text: String)
    func webSocketDidClose(_ socket: WebSocket)
}

/// An open WebSocket connection: send text messages to it from any thread, or close it.
public final class WebSocket: Sendable, Hashable {
    /// The connection's number on its server.
    public let id: Int
    private let core: ServerCore

    init(id: Int, core: ServerCore) { self.id = id; self.core = core }

    /// Queues a text message; a peer that has not read `Configuration.maxPendingOutputBytes` of what it was sent is
    /// disconnected instead (a client that stopped reading never holds the server's memory).
    public func send(_ text: String) { core.send(WebSocketFrame.text(text), to: id) }

    /// Closes the connection normally (1000) once what was queued is written.
    public func close() { core.send(WebSocketFrame.close(code: 1000), to: id, thenClose: true) }

    public static func == (a: WebSocket, b: WebSocket) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A small, bounded HTTP/1.1 server on the platform's sockets (Foundation and Glibc/Darwin only).
///
/// One thread runs the sockets — `poll(2)` over the listening socket and every connection, all non-blocking: it
/// accepts, reads, parses (`HTTPRequestParser`, `WebSocketFrameDecoder`), writes and enforces the limits and
/// timeouts. A fixed number of worker threads run the handler; a connection's jobs run one at a time, in order.
/// Bounded everywhere: at most `maxConnections` connections (more are answered 503 and closed), requests within
/// `limits`, a whole request within `requestTimeout` (a client trickling its head is answered 408 and closed),
/// idle keep-alive connections closed after `idleTimeout`, a client that stops reading disconnected after
/// `writeTimeout` or `maxPendingOutputBytes`. Every request's `Host` (and a WebSocket upgrade's `Origin`) must
/// name this server (`HostPolicy`), else 403. `stop()` closes everything and joins every thread.
public final class HTTPServer: Sendable {
    /// How the server listens and what it allows.
    public struct Configuration: Sendable {
        /// The address or name to bind (default 127.0.0.1: this machine only).
        public var host = "127.0.0.1"
        /// The port (0: one the system chooses; `port` says which).
        public var port: UInt16 = 0
        /// Worker threads running the handler.
        public var workers = 4
        /// Open connections at most; more are answered 503 and closed.
        public var maxConnections = 128
        /// Request size limits.
        public var limits = HTTPLimits()
        /// Seconds from a request's first byte to its last (408 after).
        public var requestTimeout = 10.0
        /// Seconds a keep-alive connection may wait for its next request.
        public var idleTimeout = 30.0
        /// Seconds a connection may leave queued output unread.
        public var writeTimeout = 15.0
        /// The largest WebSocket message a client may send.
        public var maxWebSocketMessageBytes = 1 << 20
        /// Output a connection may leave unread before it is dropped.
        public var maxPendingOutputBytes = 32 << 20
        /// Fields added to every response that does not set them.
        public var standardHeaders: HTTPHeaders = ["Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
                                                   "Referrer-Policy": "no-referrer"]
        /// A configuration with the defaults.
        public init() {}
    }

    private let core: ServerCore

    /// A server that will answer with `handler` (nothing is bound until `start()`).
    public init(configuration: Configuration = Configuration(), handler: any HTTPHandler) {
        core = ServerCore(configuration: configuration, handler: handler)
    }

    /// Binds and starts the threads.
    /// - Throws: `HTTPServerError` when the address cannot be bound (in use, not this machine's).
    public func start() throws(HTTPServerError) { try core.start() }

    /// The port the server listens on (after `start()`).
    public var port: UInt16 { core.withLock { core.boundPort } }

    /// The `Host` policy in force (after `start()`: it knows the port).
    public var hostPolicy: HostPolicy { core.withLock { core.policy } }

    /// Connections open now.
    public var openConnectionCount: Int { core.withLock { core.connections.count } }

    /// Stops listening, closes every connection (WebSocket handlers get their close) and joins every thread. Not
    /// from a handler (it waits for the workers). Idempotent.
    public func stop() { core.stop() }

    /// Blocks until `stop()` has finished (from any thread).
    public func waitUntilStopped() { core.stopped.wait(); core.stopped.signal() }
}
