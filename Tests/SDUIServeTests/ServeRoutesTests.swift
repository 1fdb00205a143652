import Foundation
import Testing
import SDUIEnvironment
import SDUIRender
@testable import SDUIServe

/// A server on a port of the system's choosing for `path`, stopped when `body` ends.
func withLiveServer(_ path: String, _ body: (LiveServer, UInt16) throws -> Void) throws {
    var options = LiveServerOptions(path: path, windows: [try PreviewMatrix.window(parsing: "iphone-se-3")])
    options.port = 0
    let server = try LiveServer(options: options)
    try server.start()
    defer { server.stop() }
    try body(server, server.port)
}

@Suite struct ServeRoutesTests {
    /// A folder with a payload, one in a subfolder, a secret beside the folder, and links in and out.
    func site() throws -> (folder: URL, outside: URL) {
        let base = try temporaryFolder()
        let folder = base.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try write(counterPayload, to: folder.appendingPathComponent("cart.json"))
        try write(counterPayload.replacingOccurrences(of: "\"Counter\"", with: "\"Nested <b>one</b>\""), to: folder.appendingPathComponent("sub/nested.json"))
        let outside = base.appendingPathComponent("secret.json")
        try write(counterPayload.replacingOccurrences(of: "Counter", with: "SECRET"), to: outside)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("escape.json").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("up").path, withDestinationPath: base.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alias.json").path,
                                                   withDestinationPath: folder.appendingPathComponent("cart.json").path)
        return (folder, outside)
    }

    @Test func `a folder's index lists its payloads and nothing outside it`() throws {
        let (folder, _) = try site()
        try withLiveServer(folder.path) { _, port in
            let index = try get("/", port: port)
            #expect(statusCode(index) == 200)
            #expect(index.contains("/p/cart.json") && index.contains("/p/sub/nested.json") && index.contains("/p/alias.json"))
            #expect(!index.contains("escape.json") && !index.contains("SECRET"), "a link out of the folder is not listed")
            #expect(index.contains("Nested &lt;b&gt;one&lt;/b&gt;"), "titles are escaped")
            let page = try get("/p/sub/nested.json", port: port)
            #expect(statusCode(page) == 200)
            #expect(page.contains("data-k=\"#label:text\""))
        }
    }

    @Test(arguments: ["/../../etc/passwd", "/p/../../etc/passwd", "/p/%2e%2e/%2e%2e/etc/passwd", "/p/..%2f..%2fetc%2fpasswd",
                      "/p/sub%2f..%2f..%2fsecret.json", "/p/%2E%2E/secret.json", "/p/..%5csecret.json", "/p/cart.json%00.html"])
    func `traversal in any spelling is refused`(_ path: String) throws {
        let (folder, _) = try site()
        try withLiveServer(folder.path) { _, port in
            let response = try get(path, port: port)
            #expect(statusCode(response) == 400, "\(path): \(response.prefix(200))")
            #expect(!response.contains("SECRET"))
        }
    }

    @Test func `links that lead out of the folder are not followed, links inside are`() throws {
        let (folder, _) = try site()
        try withLiveServer(folder.path) { _, port in
            for path in ["/p/escape.json", "/p/up/secret.json", "/p/secret.json", "/p/sub", "/p/sub/"] {
                let response = try get(path, port: port)
                #expect(statusCode(response) == 404, "\(path)")
                #expect(!response.contains("SECRET"))
            }
            #expect(statusCode(try get("/p/alias.json", port: port)) == 200)
            // What counts is where a path leads: through a link out and back in, it is a file of the folder.
            #expect(statusCode(try get("/p/up/site/cart.json", port: port)) == 200)
        }
    }

    @Test func `a file is served alone`() throws {
        let (folder, _) = try site()
        try withLiveServer(folder.appendingPathComponent("cart.json").path) { _, port in
            let statuses = try ["/", "/cart.json", "/sub/nested.json", "/p/cart.json", "/../secret.json"].map { statusCode(try get($0, port: port)) }
            #expect(statuses == [200, 200, 404, 404, 400])
        }
    }

    @Test func `requests for another host, other methods and bad websockets are refused`() throws {
        let (folder, _) = try site()
        try withLiveServer(folder.path) { _, port in
            #expect(statusCode(try get("/", port: port, host: "attacker.example")) == 403)
            #expect(statusCode(try get("/", port: port, host: "attacker.example:\(port)")) == 403)
            #expect(statusCode(try get("/", port: port, host: "localhost:\(port)")) == 200)
            let post = try get("/", port: port, method: "POST")
            #expect(statusCode(post) == 405 && post.contains("Allow: GET, HEAD"))
            let foreign = try rawRequest("GET /_sdui/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://attacker.example\r\n\r\n", port: port)
            #expect(statusCode(foreign) == 403)
            #expect(statusCode(try get("/_sdui/live", port: port)) == 400, "the live endpoint is a WebSocket only")
        }
    }

    @Test func `pages allow only the server's own script, and payload strings are escaped`() throws {
        let base = try temporaryFolder()
        let file = base.appendingPathComponent("x.json")
        let hostile = "<script>window.pwned=1</script><img src=x onerror=alert(1)>\\\"'"
        try write(counterPayload.replacingOccurrences(of: "Count: @{count}", with: hostile).replacingOccurrences(of: "\"Counter\"", with: "\"</title><script>x()</script>\""), to: file)
        try withLiveServer(file.path) { _, port in
            let page = try get("/", port: port)
            let csp = page.split(separator: "\r\n").first { $0.hasPrefix("Content-Security-Policy:") } ?? ""
            #expect(csp.contains("script-src 'self';"), "\(csp)")
            #expect(!csp.contains("unsafe-inline';") || !csp.contains("script-src 'self' 'unsafe-inline'"))
            #expect(csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"))
            #expect(!page.contains("<script>window.pwned"))
            #expect(!page.contains("<img src=x"))
            #expect(page.contains("&lt;script&gt;window.pwned=1&lt;/script&gt;"))
            #expect(!page.contains("</title><script>x()"))
            #expect(!page.contains(" onload=\"") && !page.contains(" onerror=\""), "no inline handlers")
            #expect(page.components(separatedBy: "<script").count == 2, "one script element: the server's own")
            let script = try get("/_sdui/app.js", port: port)
            #expect(statusCode(script) == 200 && script.contains("Content-Type: text/javascript"))
            #expect(script.contains("max-age=31536000"))
            #expect(statusCode(try get("/_sdui/fonts.css", port: port)) == 200)
            #expect(statusCode(try get("/_sdui/nothing", port: port)) == 404)
        }
    }

    @Test func `the server stops with pages open`() throws {
        let (folder, _) = try site()
        var options = LiveServerOptions(path: folder.path, windows: [try PreviewMatrix.window(parsing: "iphone-se-3")])
        options.port = 0
        let server = try LiveServer(options: options)
        try server.start()
        _ = try get("/p/cart.json", port: server.port)
        server.stop()
        server.waitUntilStopped()
        #expect(server.openConnectionCount == 0)
        #expect(throws: (any Error).self) { try get("/", port: server.port) }
    }
}

@Suite struct SourceLocationTests {
    let text = Array("{\n  \"root\": {\"children\": [\n    {\"type\": \"text\"},\n    {\"a\\\"b\": [1, {\"x\": -1}]}\n  ]}\n}".utf8)

    @Test func `a pointer's value is found where it starts`() {
        #expect(SourceLocation.of(pointer: "/root/children/1/a\"b/1/x", in: text) == SourceLocation(line: 4, column: 24))
        #expect(SourceLocation.of(pointer: "/root/children/0/type", in: text) == SourceLocation(line: 3, column: 14))
        #expect(SourceLocation.of(pointer: "", in: text) == SourceLocation(line: 1, column: 1))
        // A member that is not there: the deepest value on the way.
        #expect(SourceLocation.of(pointer: "/root/children/7", in: text) == SourceLocation(line: 2, column: 24))
        #expect(SourceLocation.of(pointer: "/root/nothing", in: text) == SourceLocation(line: 2, column: 11))
        #expect(SourceLocation.of(pointer: "/x", in: Array("".utf8)) == nil)
    }

    @Test func `a decoder message names its own place`() {
        #expect(SourceLocation.fromMessage("unexpected end of input, expected ',' or '}' at line 14, column 3") == SourceLocation(line: 14, column: 3))
        #expect(SourceLocation.fromMessage("must be > 0, got -1") == nil)
    }
}
