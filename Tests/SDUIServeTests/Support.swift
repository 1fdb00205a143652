import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SDUIEnvironment
import SDUISchema
import SDUIRender
@testable import SDUIServe

/// A counter with a text field, a toggle, a stepper, a segmented picker and named previews: every kind of tap.
let counterPayload = """
{"schemaVersion": 1, "id": "counter", "title": "Counter",
 "state": {"count": 0, "name": "", "on": false, "size": 2, "flavor": "a"},
 "previews": {"ten": {"count": 10}},
 "root": {"type": "scroll", "id": "scroller", "children": [{"type": "vstack", "id": "content", "spacing": 12, "padding": 16, "children": [
   {"type": "text", "id": "label", "text": "Count: @{count}", "style": "title"},
   {"type": "button", "id": "increment", "title": "Add one", "action": {"type": "set", "name": "count", "value": "@{count + 1}"}},
   {"type": "button", "id": "go", "title": "Details", "action": {"type": "navigate", "screen": "details/@{count}"}},
   {"type": "textField", "id": "name-field", "text": "@{name}", "placeholder": "Your name"},
   {"type": "text", "id": "greeting", "text": "Hello, @{name}!"},
   {"type": "toggle", "id": "switch", "isOn": "@{on}", "label": "Switch"},
   {"type": "stepper", "id": "stepper", "value": "@{size}", "label": "Size @{size}", "range": [0, 3]},
   {"type": "picker", "id": "flavor", "selection": "@{flavor}", "style": "segmented",
    "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}
 ]}]}}
"""

/// A fresh folder for a test's files (removed by nobody: the system's temporary folder).
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-serve-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

/// Collects what a page sends.
final class Sent: @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [[JSONValue]] = []
    func add(_ messages: [JSONValue]) { lock.lock(); batches.append(messages); lock.unlock() }
    /// Every message so far, and forgets them.
    func take() -> [JSONValue] { lock.lock(); defer { batches = []; lock.unlock() }; return batches.flatMap { $0 } }
}

extension Array where Element == JSONValue {
    func ofType(_ t: String) -> [JSONValue] { filter { $0["t"] == .string(t) } }
}

/// A page of `payload` (written to a file) on two windows, with what it sends collected.
func makePage(_ payload: String = counterPayload, windows: [String] = ["iphone-se-3", "ipad-pro-13-m4:landscape:split-1/2"],
              lint: ServeLint? = nil) throws -> (page: LivePage, document: PayloadDocument, sent: Sent, file: URL) {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent("payload.json")
    try write(payload, to: file)
    let site = try PayloadSite(path: file.path)
    let document = PayloadDocument(path: site.root, pageName: site.fileName)
    let context = ServeContext(windows: try windows.map { ServeWindow(try PreviewMatrix.window(parsing: $0)) }, layoutDirection: .leftToRight,
                               initialState: nil, lint: lint, defaultChoices: PageChoices(contentSize: .large, isDark: false))
    let sent = Sent()
    let page = LivePage(document: document, context: context, choices: context.defaultChoices) { sent.add($0) }
    document.subscribe(page)
    return (page, document, sent, file)
}

/// The view key of the node with payload id `id` in the page's first panel.
func key(_ page: LivePage, _ id: String, panel: Int = 0) -> String {
    page.lock.lock(); defer { page.lock.unlock() }
    return page.panels[panel].items.first { $0.id == id }.map(PatchablePanel.key) ?? "?"
}

func windowID(_ page: LivePage, panel: Int = 0) -> String {
    page.lock.lock(); defer { page.lock.unlock() }
    return page.panels[panel].window.id
}

/// The text a node shows in panel `panel` now (its lines).
func shownText(_ page: LivePage, _ id: String, panel: Int = 0) -> String? {
    page.lock.lock(); defer { page.lock.unlock() }
    return page.panels[panel].items.first { $0.id == id }?.text?.lines.map(\.text).joined(separator: " ")
}

func tap(_ page: LivePage, _ id: String, panel: Int = 0, x: Double = 5) {
    page.handle(.object([("t", .string("tap")), ("w", .string(windowID(page, panel: panel))), ("k", .string(key(page, id, panel: panel))),
                         ("x", .number(x)), ("y", .number(5))]))
}

/// Sends a raw HTTP request to 127.0.0.1:`port`; the whole answer (the server closes it: `Connection: close`).
func rawRequest(_ text: String, port: UInt16) throws -> String {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard status == 0 else { throw CocoaError(.fileReadUnknown) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        out += buffer[0..<n]
    }
    return String(decoding: out, as: UTF8.self)
}

func get(_ path: String, port: UInt16, host: String? = nil, method: String = "GET") throws -> String {
    try rawRequest("\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n", port: port)
}

func statusCode(_ response: String) -> Int? { Int(response.split(separator: " ").dropFirst().first ?? "") }
