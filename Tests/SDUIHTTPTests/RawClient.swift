import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SDUIHTTP

/// A TCP client speaking raw bytes to a test server on 127.0.0.1 (what a browser, curl or an attacker sends).
final class RawClient {
    let fd: Int32
    /// Bytes received and not yet returned (a read may bring the start of the next response).
    private var pending: [UInt8] = []

    init(port: UInt16) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { close(fd); throw ClientError(message: "connect: \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    struct ClientError: Error { var message: String }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Socket.send(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads until the server closes or `timeout` seconds pass; (bytes, whether the server closed).
    func readUntilClosed(timeout: Double = 5) -> (bytes: [UInt8], closed: Bool) {
        var out: [UInt8] = pending
        pending = []
        let end = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < end {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return (out, true) }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return (out, true)  // reset
            }
            out += buffer[0..<n]
        }
        return (out, false)
    }

    /// Reads one response (head and Content-Length body) within `timeout` seconds.
    func readResponse(timeout: Double = 5, head isHead: Bool = false) -> (status: Int, headers: [String: String], body: String)? {
        var out: [UInt8] = pending
        pending = []
        defer { pending = out }
        let end = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < end {
            if let head = out.firstRange(of: Array("\r\n\r\n".utf8)) {
                let text = String(decoding: out[..<head.lowerBound], as: UTF8.self)
                var lines = text.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = isHead ? 0 : Int(headers["content-length"] ?? "0") ?? 0
                if out.count - head.upperBound >= length, statusLine.count >= 2, let status = Int(statusLine[1]) {
                    let body = String(decoding: out[head.upperBound..<(head.upperBound + length)], as: UTF8.self)
                    out.removeFirst(head.upperBound + length)
                    return (status, headers, body)
                }
            }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return nil }
            if n < 0 { if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }; return nil }
            out += buffer[0..<n]
        }
        return nil
    }
}

/// Open file descriptors of this process (Linux), or nil where /proc is not.
func openDescriptorCount() -> Int? {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
}
