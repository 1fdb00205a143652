import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection's state; guarded by `ServerCore.lock` (its jobs' order by its `Mailbox`).
final class Connection: @unchecked Sendable {  // every access holds ServerCore.lock
    let id: Int
    let fd: Int32
    let mailbox = Mailbox()
    var parser: HTTPRequestParser
    /// Set once the connection switched to WebSocket.
    var frames: WebSocketFrameDecoder?
    var socket: WebSocket?
    var socketHandler: (any WebSocketHandler)?
    /// An HTTP request is at a worker: nothing more is read or parsed until it is answered.
    var isBusy = false
    /// Jobs queued and not run yet (WebSocket messages): reading pauses above a bound.
    var queuedJobs = 0
    var output: [UInt8] = []
    var written = 0
    var closesWhenWritten = false
    var peerClosedInput = false
    var isClosed = false
    /// When the current request's first byte came (nil: between requests).
    var requestStarted: Double?
    var lastActivity: Double
    var lastWriteProgress: Double

    init(id: Int, fd: Int32, limits: HTTPLimits, now: Double) {
        self.id = id; self.fd = fd
        parser = HTTPRequestParser(limits: limits)
        lastActivity = now; lastWriteProgress = now
    }

    var pendingOutput: Int { output.count - written }
}

/// A queue of jobs run one at a time on the workers (one per connection: its events stay in order).
final class Mailbox: @unchecked Sendable {
    /// Guarded by `ServerCore.jobs`.
    var pending: [@Sendable () -> Void] = []
    var isScheduled = false
}

/// The server's state and threads (`HTTPServer` is its public face).
final class ServerCore: @unchecked Sendable {
    let configuration: HTTPServer.Configuration
    let handler: any HTTPHandler
    /// Guards the connections and everything the socket thread shares with the workers.
    let lock = NSLock()
    var connections: [Int: Connection] = [:]
    var policy: HostPolicy
    var boundPort: UInt16 = 0
    private var nextID = 1
    private var listener: Int32 = -1
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var isStopping = false
    private var loopEnded = false
    private var isStarted = false
    /// The worker queue: mailboxes with jobs, in turn.
    let jobs = NSCondition()
    private var runnable: [Mailbox] = []
    private var workersStop = false
    /// Signalled once by `stop()` when everything has ended.
    let stopped = DispatchSemaphore(value: 0)
    private let threadsEnded = DispatchGroup()
    private var stopCalled = false

    init(configuration: HTTPServer.Configuration, handler: any HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
        policy = HostPolicy(boundHost: configuration.host, port: configuration.port)
    }

    func withLock<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }

    // MARK: Life

    func start() throws(HTTPServerError) {
        lock.lock()
        defer { lock.unlock() }
        guard !isStarted else { throw HTTPServerError("the server was started already") }
        let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port)
        do { wake = try Socket.pipePair() } catch { close(fd); throw error }
        listener = fd
        boundPort = port
        policy = HostPolicy(boundHost: configuration.host, port: port)
        isStarted = true
        threadsEnded.enter()
        let loop = Thread { [self] in runLoop(); threadsEnded.leave() }
        loop.name = "sdui-http-sockets"
        loop.start()
        for i in 0..<max(1, configuration.workers) {
            threadsEnded.enter()
            let worker = Thread { [self] in runWorker(); threadsEnded.leave() }
            worker.name = "sdui-http-worker-\(i)"
            worker.start()
        }
    }

    func stop() {
        lock.lock()
        if stopCalled || !isStarted {
            let started = isStarted
            stopCalled = true
            lock.unlock()
            if !started { stopped.signal() }
            return
        }
        stopCalled = true
        isStopping = true
        lock.unlock()
        wakeLoop()
        // The socket loop closes every connection, which queues the WebSocket handlers' closes; the workers run what
        // is queued, then end.
        while true {
            lock.lock(); let ended = loopEnded; lock.unlock()
            if ended { break }
            usleep(2_000)
        }
        jobs.lock()
        workersStop = true
        jobs.broadcast()
        jobs.unlock()
        threadsEnded.wait()
        close(wake.read); close(wake.write)
        stopped.signal()
    }

    // MARK: Workers

    /// Queues `job` on `mailbox` (run after the jobs before it, on some worker).
    func enqueue(_ mailbox: Mailbox, _ job: @escaping @Sendable () -> Void) {
        jobs.lock()
        mailbox.pending.append(job)
        if !mailbox.isScheduled {
            mailbox.isScheduled = true
            runnable.append(mailbox)
            jobs.signal()
        }
        jobs.unlock()
    }

    private func runWorker() {
        while true {
            jobs.lock()
            while runnable.isEmpty && !workersStop { jobs.wait() }
            guard !runnable.isEmpty else { jobs.unlock(); return }
            let mailbox = runnable.removeFirst()
            let job = mailbox.pending.removeFirst()
            jobs.unlock()
            job()
            jobs.lock()
            if mailbox.pending.isEmpty {
                mailbox.isScheduled = false
            } else {
                runnable.append(mailbox)
                jobs.signal()
            }
            jobs.unlock()
        }
    }

    /// Makes the socket loop look at its connections again (output queued, a job done).
    func wakeLoop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: Sending (any thread)

    func send(_ frame: [UInt8], to id: Int, thenClose: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        guard let connection = connections[id], !connection.isClosed, !connection.closesWhenWritten else { return }
        guard connection.pendingOutput + frame.count <= configuration.maxPendingOutputBytes else {
            closeConnection(connection)
            return
        }
        queue(frame, on: connection, now: Socket.now())
        if thenClose { connection.closesWhenWritten = true }
        wakeLoop()
    }

    // MARK: Socket loop

    private func runLoop() {
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            lock.lock()
            if isStopping {
                for connection in Array(connections.values) { closeConnection(connection) }
                close(listener)
                loopEnded = true
                lock.unlock()
                return
            }
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            var polled: [Connection] = []
            for connection in connections.values {
                var events: Int16 = 0
                let reads = connection.frames != nil ? connection.queuedJobs < 64 : !connection.isBusy
                if reads && !connection.closesWhenWritten && !connection.peerClosedInput { events |= Int16(POLLIN) }
                if connection.pendingOutput > 0 { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: connection.fd, events: events, revents: 0))
                polled.append(connection)
            }
            lock.unlock()

            _ = poll(&fds, nfds_t(fds.count), 200)
            let now = Socket.now()

            lock.lock()
            if fds[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while read(wake.read, &drain, drain.count) > 0 {}
            }
            if fds[1].revents & Int16(POLLIN) != 0 { acceptConnections(now: now) }
            for (i, connection) in polled.enumerated() where !connection.isClosed {
                let revents = fds[i + 2].revents
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(connection, now: now, buffer: &readBuffer) }
                if revents & Int16(POLLOUT) != 0, !connection.isClosed { flush(connection, now: now) }
            }
            for connection in Array(connections.values) where !connection.isClosed {
                advance(connection, now: now)
                if connection.pendingOutput > 0 { flush(connection, now: now) }
                enforceLimits(connection, now: now)
            }
            lock.unlock()
        }
    }

    private func acceptConnections(now: Double) {
        while let fd = Socket.accept(listener) {
            guard connections.count < configuration.maxConnections else {
                let refusal = HTTPResponse.error(503, "too many connections (at most \(configuration.maxConnections)); try again")
                    .serialized(keepAlive: false)
                refusal.withUnsafeBytes { _ = Socket.send(fd, $0) }
                close(fd)
                continue
            }
            let connection = Connection(id: nextID, fd: fd, limits: configuration.limits, now: now)
            nextID += 1
            connections[connection.id] = connection
        }
    }

    private func receive(_ connection: Connection, now: Double, buffer: inout [UInt8]) {
        var total = 0
        while total < 256 * 1024 {
            guard let n = Socket.receive(connection.fd, into: &buffer) else { return }
            if n < 0 { closeConnection(connection); return }
            if n == 0 {
                connection.peerClosedInput = true
                // Nothing more will come: a WebSocket ends; an HTTP connection ends once its answer is written.
                if connection.frames != nil || (!connection.isBusy && connection.pendingOutput == 0) { closeConnection(connection) }
                else { connection.closesWhenWritten = true }
                return
            }
            total += n
            connection.lastActivity = now
            if connection.frames != nil {
                connection.frames!.append(buffer[0..<n])
            } else {
                if connection.parser.bufferedByteCount == 0 && connection.requestStarted == nil { connection.requestStarted = now }
                connection.parser.append(buffer[0..<n])
            }
        }
    }

    private func flush(_ connection: Connection, now: Double) {
        while connection.pendingOutput > 0 {
            let n = connection.output.withUnsafeBytes { bytes in
                Socket.send(connection.fd, UnsafeRawBufferPointer(rebasing: bytes[connection.written...]))
            }
            if n < 0 { closeConnection(connection); return }
            if n == 0 { break }
            connection.written += n
            connection.lastWriteProgress = now
        }
        if connection.pendingOutput == 0 {
            connection.output.removeAll(keepingCapacity: connection.output.count <= 256 * 1024)
            connection.written = 0
            if connection.closesWhenWritten && !connection.isBusy { closeConnection(connection) }
        } else if connection.written >= 1 << 20 {
            connection.output.removeFirst(connection.written)
            connection.written = 0
        }
    }

    private func queue(_ bytes: [UInt8], on connection: Connection, now: Double) {
        if connection.pendingOutput == 0 { connection.lastWriteProgress = now }
        connection.output += bytes
    }

    private func respond(_ connection: Connection, _ response: HTTPResponse, keepAlive: Bool, includeBody: Bool = true, now: Double) {
        var response = response
        for field in configuration.standardHeaders where response.headers[field.name] == nil { response.headers.add(field.name, field.value) }
        let keeps = keepAlive && !isStopping
        queue(response.serialized(keepAlive: keeps, includeBody: includeBody), on: connection, now: now)
        if !keeps { connection.closesWhenWritten = true }
    }

    /// Parses what was received: requests go to the workers (one at a time), frames become messages.
    private func advance(_ connection: Connection, now: Double) {
        if connection.frames != nil {
            advanceWebSocket(connection, now: now)
            return
        }
        while !connection.isBusy && !connection.closesWhenWritten && !connection.isClosed {
            switch connection.parser.next() {
            case .needMore:
                if connection.parser.bufferedByteCount == 0 { connection.requestStarted = nil }
                return
            case .failure(let error):
                respond(connection, .error(error.status, error.message), keepAlive: false, now: now)
                return
            case .request(let request):
                connection.requestStarted = connection.parser.bufferedByteCount > 0 ? now : nil
                dispatch(request, on: connection, now: now)
            }
        }
    }

    /// Checks a request's `Host` (and an upgrade's `Origin` and handshake), then hands it to a worker.
    private func dispatch(_ request: HTTPRequest, on connection: Connection, now: Double) {
        guard let authority = request.authority, policy.allows(authority: authority) else {
            let named = request.authority.map { "\"\($0.prefix(100))\"" } ?? "no host"
            respond(connection, .error(403, "this server answers requests for localhost:\(boundPort) and \(configuration.host):\(boundPort), not \(named) (a protection against DNS rebinding)"),
                    keepAlive: request.keepsAlive, now: now)
            return
        }
        let isUpgrade = WebSocketHandshake.isUpgrade(request)
        if isUpgrade {
            if let origin = request.headers["origin"], !policy.allows(origin: origin) {
                respond(connection, .error(403, "a WebSocket from another origin (\(origin.prefix(100))) is refused"), keepAlive: false, now: now)
                return
            }
            do throws(HTTPParseError) { _ = try WebSocketHandshake.response(to: request) } catch {
                var response = HTTPResponse.error(error.status, error.message)
                if error.status == 426 { response.headers.add("Sec-WebSocket-Version", "13") }
                respond(connection, response, keepAlive: false, now: now)
                return
            }
        }
        connection.isBusy = true
        let handler = self.handler
        enqueue(connection.mailbox) { [self] in
            let reply = handler.respond(to: request)
            lock.lock()
            defer { lock.unlock(); wakeLoop() }
            connection.isBusy = false
            guard !connection.isClosed else { return }
            let now = Socket.now()
            switch reply {
            case .response(let response):
                respond(connection, response, keepAlive: request.keepsAlive && !isUpgrade, includeBody: request.method != "HEAD", now: now)
            case .webSocket(let socketHandler):
                guard isUpgrade, let accept = try? WebSocketHandshake.response(to: request) else {
                    respond(connection, .error(400, "this address is a WebSocket endpoint"), keepAlive: false, now: now)
                    return
                }
                queue(accept.serialized(keepAlive: true), on: connection, now: now)
                var frames = WebSocketFrameDecoder(maxMessageBytes: configuration.maxWebSocketMessageBytes)
                frames.append(connection.parser.takeBufferedBytes())
                connection.frames = frames
                connection.requestStarted = nil
                let socket = WebSocket(id: connection.id, core: self)
                connection.socket = socket
                connection.socketHandler = socketHandler
                runJob(on: connection) { socketHandler.webSocketDidOpen(socket) }
            }
        }
    }

    private func advanceWebSocket(_ connection: Connection, now: Double) {
        guard let socket = connection.socket, let socketHandler = connection.socketHandler else { return }
        while !connection.closesWhenWritten && !connection.isClosed, let result = connection.frames?.next() {
            switch result {
            case .success(.text(let text)):
                runJob(on: connection) { socketHandler.webSocket(socket, didReceive: text) }
            case .success(.binary):
                queue(WebSocketFrame.close(code: 1003, reason: "binary messages are not accepted"), on: connection, now: now)
                connection.closesWhenWritten = true
            case .success(.ping(let payload)):
                queue(WebSocketFrame.pong(payload), on: connection, now: now)
            case .success(.pong):
                break
            case .success(.close(let code, _)):
                _ = code
                queue(WebSocketFrame.close(code: 1000), on: connection, now: now)
                connection.closesWhenWritten = true
            case .failure(let error):
                queue(WebSocketFrame.close(code: error.closeCode, reason: error.message), on: connection, now: now)
                connection.closesWhenWritten = true
            }
        }
    }

    /// Queues a job of `connection`, counted while it waits (reading pauses when too many wait).
    private func runJob(on connection: Connection, _ job: @escaping @Sendable () -> Void) {
        connection.queuedJobs += 1
        enqueue(connection.mailbox) { [self] in
            withLock { connection.queuedJobs -= 1 }
            job()
        }
    }

    private func enforceLimits(_ connection: Connection, now: Double) {
        if connection.pendingOutput > 0 && now - connection.lastWriteProgress > configuration.writeTimeout {
            closeConnection(connection)  // the peer stopped reading
            return
        }
        guard connection.frames == nil, !connection.isBusy, !connection.closesWhenWritten else { return }
        if let started = connection.requestStarted, now - started > configuration.requestTimeout {
            respond(connection, .error(408, "the request did not arrive within \(Int(configuration.requestTimeout)) s"), keepAlive: false, now: now)
            flush(connection, now: now)
        } else if connection.requestStarted == nil && connection.pendingOutput == 0 && now - connection.lastActivity > configuration.idleTimeout {
            closeConnection(connection)
        }
    }

    /// Closes the socket now; a WebSocket's handler gets its close after the jobs queued before it.
    func closeConnection(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        close(connection.fd)
        connections[connection.id] = nil
        if let socket = connection.socket, let socketHandler = connection.socketHandler {
            connection.socketHandler = nil
            enqueue(connection.mailbox) { socketHandler.webSocketDidClose(socket) }
        }
    }
}
