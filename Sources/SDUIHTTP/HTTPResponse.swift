/// An HTTP/1.1 response: status, header fields and body.
///
/// `serialized(…)` adds `Content-Length` (every response is framed by it) and `Connection: close` when the
/// connection ends after it; the server adds its own fields (`HTTPServer.Configuration.standardHeaders`).
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields, in order (without `Content-Length`: serialisation writes it).
    public var headers: HTTPHeaders
    /// The body.
    public var body: [UInt8]

    /// A response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// A response whose body is `text` in UTF-8, of `contentType` (charset added for text types).
    public init(status: Int = 200, contentType: String, text: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// A plain-text error page: `404 Not Found` and what was wrong.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", text: "\(status) \(reasonPhrase(status))\n\(message)\n")
    }

    /// The response on the wire: status line, fields, `Content-Length` (omitted for 1xx, 204 and 304), and
    /// `Connection: close` unless `keepAlive`; `includeBody: false` for a HEAD request (the length still the body's).
    public func serialized(keepAlive: Bool, includeBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for field in headers where !HTTPHeaders.equalNames(field.name, "content-length") && !HTTPHeaders.equalNames(field.name, "connection") {
            head += field.name + ": " + Self.safe(field.value) + "\r\n"
        }
        if let connection = headers["connection"], status == 101 {
            head += "Connection: " + Self.safe(connection) + "\r\n"
        } else if !keepAlive {
            head += "Connection: close\r\n"
        }
        let bodyless = (100..<200).contains(status) || status == 204 || status == 304
        if !bodyless { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var out = Array(head.utf8)
        if includeBody && !bodyless { out += body }
        return out
    }

    /// A field value with CR, LF and NUL removed (a value can never start another field or end the head).
    static func safe(_ value: String) -> String {
        value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" } ? String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })) : value
    }

    /// The reason phrase of a status (`Not Found`).
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 101: return "Switching Protocols"
        case 200: return "OK"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 426: return "Upgrade Required"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }
}
