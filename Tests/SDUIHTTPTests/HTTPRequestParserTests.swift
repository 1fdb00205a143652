import Testing
@testable import SDUIHTTP

/// Parses `text` at once and returns every outcome until the parser needs more.
func parseAll(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits(), chunk: Int? = nil) -> [HTTPRequestParser.Outcome] {
    var parser = HTTPRequestParser(limits: limits)
    var outcomes: [HTTPRequestParser.Outcome] = []
    var offset = 0
    let size = chunk ?? max(1, bytes.count)
    repeat {
        let end = min(bytes.count, offset + size)
        parser.append(bytes[offset..<end])
        offset = end
        while true {
            let outcome = parser.next()
            if case .needMore = outcome { break }
            outcomes.append(outcome)
            if case .failure = outcome { return outcomes }
        }
    } while offset < bytes.count
    return outcomes
}

func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> Int? {
    guard case .failure(let error)? = parseAll(Array(text.utf8), limits: limits).first else { return nil }
    return error.status
}

func request(_ text: String) -> HTTPRequest? {
    guard case .request(let r)? = parseAll(Array(text.utf8)).first else { return nil }
    return r
}

struct HTTPRequestParserTests {
    @Test func `a GET is read with its target, path, query and fields`() throws {
        let r = try #require(request("GET /p/cart.json?size=AX3&dark=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  text/html \r\n\r\n"))
        #expect(r.method == "GET")
        #expect(r.target == "/p/cart.json?size=AX3&dark=1")
        #expect(r.path == "/p/cart.json")
        #expect(r.query == "size=AX3&dark=1")
        #expect(r.version == .http11)
        #expect(r.headers["HOST"] == "127.0.0.1:8080")
        #expect(r.headers["accept"] == "text/html", "optional whitespace around a value is not part of it")
        #expect(r.keepsAlive)
        #expect(r.body.isEmpty)
    }

    @Test func `every split of the bytes gives the same requests`() {
        let text = "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET /b?x HTTP/1.0\nHost: h\n\n"
        let bytes = Array(text.utf8)
        let whole = parseAll(bytes)
        #expect(whole.count == 2)
        for chunk in 1...bytes.count { #expect(parseAll(bytes, chunk: chunk) == whole, "chunks of \(chunk)") }
        guard case .request(let post) = whole[0], case .request(let get) = whole[1] else { Issue.record("\(whole)"); return }
        #expect(post.body == Array("hello".utf8))
        #expect(get.path == "/b" && get.version == .http10 && !get.keepsAlive)
    }

    @Test func `a refused request gets the same status however its bytes arrive`() {
        let limits = HTTPLimits(maxTargetBytes: 256, maxHeadBytes: 1024, maxHeaderCount: 16, maxBodyBytes: 512)
        for text in [
            "GET) /p/" + String(repeating: "F", count: 400) + " HTTP/1.1\r\nHost: h\r\n\r\n",      // a bad method on a long line
            "GET /" + String(repeating: "a", count: 319) + "\r\nHost: h\r\n\r\n",                    // the longest line, CR counted
            "GET / HTTP/1.1\r\nHost: h\r\nX: \u{0}" + String(repeating: "a", count: 1100) + "\r\n\r\n",  // a NUL in a long head
        ] {
            let bytes = Array(text.utf8)
            let whole = parseAll(bytes, limits: limits)
            for chunk in [1, 7, 64, 300] { #expect(parseAll(bytes, limits: limits, chunk: chunk) == whole, "\(text.prefix(30)) in chunks of \(chunk)") }
        }
    }

    @Test func `Content-Length items may carry optional whitespace, spaces or tabs, around each comma`() throws {
        let r = try #require(request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\t, 3 ,\t3\r\n\r\nabc"))
        #expect(r.body == Array("abc".utf8))
    }

    @Test func `a request is serialised so that it reads back the same`() throws {
        let r = try #require(request("PUT /x%20y?q=1 HTTP/1.1\r\nHost: a:1\r\nX-Thing: caf\u{E9}\r\nContent-Length: 3\r\n\r\nabc"))
        #expect(parseAll(r.serialized()) == [.request(r)])
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n", 400),                   // a CR inside a line
        ("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{0}b\r\n\r\n", 400),          // NUL
        ("GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n  folded\r\n\r\n", 400),   // obsolete folding
        ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),                        // space before the colon
        ("GET / HTTP/1.1\r\n\r\n", 400),                                     // no Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),              // two Hosts
        ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400),                       // a Host that is not host[:port]
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +3\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        ("GET / HTTP/1.1 \r\nHost: h\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET / http/1.1\r\nHost: h\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET relative HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET /caf\u{E9} HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ])
    func `a malformed or ambiguous request is refused with its status`(_ text: String, _ expected: Int) {
        #expect(status(text) == expected, "\(text.debugDescription)")
    }

    @Test func `the limits are enforced as the bytes arrive`() {
        let limits = HTTPLimits(maxTargetBytes: 100, maxHeadBytes: 1000, maxHeaderCount: 5, maxBodyBytes: 10)
        #expect(status("GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\nHost: h\r\n\r\n", limits: limits) == 414)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 2000) + "\r\n\r\n", limits: limits) == 431)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "A: b\r\n", count: 6) + "\r\n", limits: limits) == 431)
        // A body over the limit is refused from its Content-Length, before any of it arrives.
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1000000000\r\n\r\n", limits: limits) == 413)
        // A head that never ends is refused at the limit, not buffered without end.
        var parser = HTTPRequestParser(limits: limits)
        parser.append(Array(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 1200)).utf8))
        #expect(parser.next() == .failure(HTTPParseError(431, "the request head is longer than 1000 bytes")))
        var line = HTTPRequestParser(limits: limits)
        line.append(Array(("GET /" + String(repeating: "a", count: 300)).utf8))
        guard case .failure(let error) = line.next() else { Issue.record("an endless request line is refused"); return }
        #expect(error.status == 414)
    }

    @Test func `a failed parser stays failed`() {
        var parser = HTTPRequestParser()
        parser.append(Array("BAD\r\n\r\n".utf8))
        guard case .failure = parser.next() else { Issue.record("a bad request line fails"); return }
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        guard case .failure = parser.next() else { Issue.record("later bytes are not read"); return }
    }

    @Test func `empty lines before a request are skipped, a few at most`() {
        #expect(request("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")?.path == "/")
        #expect(status(String(repeating: "\r\n", count: 20) + "GET / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
    }

    @Test func `an absolute-form target names its authority`() throws {
        let r = try #require(request("GET http://127.0.0.1:9/p/x?y HTTP/1.1\r\nHost: other\r\n\r\n"))
        #expect(r.authority == "127.0.0.1:9")
        #expect(r.path == "/p/x")
        #expect(r.query == "y")
    }
}

struct RequestPathTests {
    @Test func `segments are percent-decoded`() throws {
        let path = try RequestPath("/p/a%20b/caf%C3%A9.json")
        #expect(path.segments == ["p", "a b", "café.json"])
        #expect(!path.hasTrailingSlash)
        #expect(try RequestPath("/").segments == [])
        #expect(try RequestPath("/docs/").hasTrailingSlash)
        // A double-encoded dot-dot is a name, not a step up.
        #expect(try RequestPath("/%252e%252e/x").segments == ["%2e%2e", "x"])
    }

    @Test(arguments: ["/../../etc/passwd", "/p/..", "/p/.", "/%2e%2e/etc/passwd", "/%2E%2e%2fetc", "/a%2Fb", "/a%5cb",
                      "/a/%00", "/a//b", "/a%zz", "/a%2", "/%FF", "relative", "/a/%0A"])
    func `no spelling of a step outside the folder is accepted`(_ text: String) {
        #expect(throws: HTTPParseError.self) { try RequestPath(text) }
    }

    @Test func `query items are decoded with + as a space`() {
        let items = RequestPath.queryItems("a=1&b=x+y%21&c&=z&bad=%zz")
        #expect(items.map(\.name) == ["a", "b", "c", ""])
        #expect(items.map(\.value) == ["1", "x y!", "", "z"])
    }
}

struct HostPolicyTests {
    @Test func `only the bound address and localhost on the bound port are answered`() {
        let policy = HostPolicy(boundHost: "127.0.0.1", port: 8080)
        #expect(policy.allows(authority: "127.0.0.1:8080"))
        #expect(policy.allows(authority: "localhost:8080"))
        #expect(policy.allows(authority: "LOCALHOST:8080"))
        #expect(policy.allows(authority: "localhost:08080"))   // a port is a number (RFC 3986 allows leading zeros)
        #expect(!policy.allows(authority: "attacker.example:8080"))
        #expect(!policy.allows(authority: "attacker.example"))
        #expect(!policy.allows(authority: "127.0.0.1:8081"))
        #expect(!policy.allows(authority: "127.0.0.1"), "no port means 80")
        #expect(!policy.allows(authority: "127.0.0.1:8080@attacker.example"))
        #expect(!policy.allows(authority: "10.0.0.2:8080"))
        #expect(!policy.allows(authority: ""))
        #expect(policy.allows(origin: "http://localhost:8080"))
        #expect(!policy.allows(origin: "http://attacker.example:8080"))
        #expect(!policy.allows(origin: "null"))
        #expect(!policy.allows(origin: "https://localhost:8080"))
    }

    @Test func `a wildcard bind answers IP literals but no other name`() {
        let policy = HostPolicy(boundHost: "0.0.0.0", port: 80)
        #expect(policy.allows(authority: "192.168.1.20"))
        #expect(policy.allows(authority: "[fe80::1]:80"))
        #expect(policy.allows(authority: "localhost"))
        #expect(!policy.allows(authority: "attacker.example"))
        #expect(!policy.allows(authority: "1.2.3.4.example"))
    }
}
