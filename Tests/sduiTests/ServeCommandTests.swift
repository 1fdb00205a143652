import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A running `sdui serve`: its process and the port it printed; stopped (SIGTERM) by `stop()`.
final class ServeProcess {
    let process = Process()
    let port: Int
    let stderr = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = productsDirectory.appendingPathComponent("sdui")
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = stderr
        try process.run()
        // The first line says where it listens.
        var line = Data()
        let handle = out.fileHandleForReading
        while !line.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"http://(127\.0\.0\.1|\[?[0-9a-f:.]+\]?):(\d+)/"#, options: .regularExpression),
              let port = Int(text[range].split(separator: ":").last!.dropLast()) else {
            process.terminate()
            throw SDUIError(message: "sdui serve printed \(text.debugDescription)")
        }
        self.port = port
    }

    struct SDUIError: Error { var message: String }

    /// Sends SIGTERM and waits; the exit code, or nil when it did not stop within 10 s.
    func stop() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        let end = Date().addingTimeInterval(10)
        while process.isRunning && Date() < end { usleep(20_000) }
        if process.isRunning { process.terminate(); return nil }
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}

/// One HTTP request over a fresh connection; the response's status and text.
func request(_ port: Int, _ path: String, host: String? = nil) throws -> (status: Int, text: String) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let ok = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    } == 0
    guard ok else { throw ServeProcess.SDUIError(message: "cannot connect to \(port)") }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n".utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        out += buffer[0..<n]
    }
    let text = String(decoding: out, as: UTF8.self)
    return (Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0, text)
}

@Suite(.serialized) struct ServeCommandTests {
    @Test func `serve answers its page, refuses other hosts and traversal, and stops on SIGTERM`() throws {
        let server = try ServeProcess(["Examples/order.json", "--port", "0", "--devices", "iphone-se-3,ipad-mini-7"])
        let page = try request(server.port, "/")
        #expect(page.status == 200)
        #expect(page.text.contains("data-node-id=\"add-one\""))
        #expect(page.text.contains("Content-Security-Policy: default-src 'none'; script-src 'self';"))
        #expect(try request(server.port, "/", host: "attacker.example").status == 403)
        #expect(try request(server.port, "/../../etc/passwd").status == 400)
        #expect(try request(server.port, "/%2e%2e/%2e%2e/etc/passwd").status == 400)
        #expect(try request(server.port, "/etc/passwd").status == 404)
        #expect(server.stop() == 0)
    }

    @Test func `the report can be JSON written to a file`() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-serve-\(UUID().uuidString).json")
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("sdui")
        process.arguments = ["serve", "Examples/order.json", "--port", "0", "--format", "json", "-o", report.path]
        process.currentDirectoryURL = repositoryRoot
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var json: [String: Any]?
        for _ in 0..<200 where json == nil {
            usleep(50_000)
            if let data = FileManager.default.contents(atPath: report.path), !data.isEmpty {
                json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            }
        }
        let port = try #require(json?["port"] as? Int)
        #expect(json?["url"] as? String == "http://127.0.0.1:\(port)/")
        #expect(try request(port, "/").status == 200)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func `another host is served with a warning`() throws {
        let server = try ServeProcess(["Examples/order.json", "--port", "0", "--host", "0.0.0.0"])
        #expect(try request(server.port, "/").status == 200)
        #expect(server.stop() == 0)
        let warning = String(decoding: server.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(warning.contains("warning: listening on 0.0.0.0"))
    }

    @Test func `a folder's state is refused, bad options and paths say why`() throws {
        let state = try temporaryFile(Array("{\"quantity\": 1}".utf8), name: "state.json")
        #expect(try sdui(["serve", "Examples", "--state", state]).exitCode == 64)
        #expect(try sdui(["serve", "Examples/order.json", "--port", "http"]).exitCode == 64)
        #expect(try sdui(["serve", "Examples/nothing.json"]).exitCode == 66)
        #expect(try sdui(["serve"]).exitCode == 64)
        let wrongState = try temporaryFile(Array("{\"quantty\": 2}".utf8), name: "state.json")
        let run = try sdui(["serve", "Examples/order.json", "--port", "0", "--state", wrongState])
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("/quantty") && run.stderr.contains("did you mean \"quantity\""))
    }
}
