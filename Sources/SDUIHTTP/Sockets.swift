#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The platform's socket calls the server uses, each behind one function (Linux and Darwin differ in spellings).
enum Socket {
    #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let stream = SOCK_STREAM
    static let noSignal: Int32 = 0
    #endif

    /// A listening socket bound to `host`:`port` (port 0: the system chooses), non-blocking; the bound port.
    static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws(HTTPServerError) -> (fd: Int32, port: UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = stream
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = status == 0 ? "no address" : String(cString: gai_strerror(status))
            throw HTTPServerError("cannot resolve \"\(host)\": \(reason)")
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = errno; continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, posixListen(fd, backlog) == 0 else {
                lastError = errno
                close(fd)
                continue
            }
            configure(fd)
            return (fd, boundPort(fd))
        }
        throw HTTPServerError("cannot listen on \(host):\(port): \(reason(lastError))")
    }

    /// Non-blocking, closed on exec, no SIGPIPE (Darwin), no Nagle delay.
    static func configure(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// The port a socket is bound to.
    static func boundPort(_ fd: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        } == 0
        guard ok else { return 0 }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } }
        default:
            return 0
        }
    }

    /// Accepts one connection (non-blocking), or nil when none waits.
    static func accept(_ listener: Int32) -> Int32? {
        let fd = posixAccept(listener)
        guard fd >= 0 else { return nil }
        configure(fd)
        return fd
    }

    /// Reads what is available: the count, 0 at the end of the stream, nil when nothing is available now, -1 on error.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Int? {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? nil : -1 }
        return n
    }

    /// Writes what the socket takes now: the count (0: nothing now), or -1 on error.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        let n = posixSend(fd, bytes.baseAddress, bytes.count, noSignal)
        if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1 }
        return n
    }

    /// A pipe whose ends are non-blocking (the loop's wake-up).
    static func pipePair() throws(HTTPServerError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw HTTPServerError("cannot make a pipe: \(reason(errno))") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

// The system calls whose names the enum's methods shadow.
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func posixAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func posixSend(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int, _ flags: Int32) -> Int { send(fd, p, n, flags) }

/// The server could not start: what failed, with the system's reason.
public struct HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
