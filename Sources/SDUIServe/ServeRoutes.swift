import Foundation
import SDUIEnvironment
import SDUISchema
import SDUIHTTP

/// What every request of a server shares: the site, its documents, the page context and the assets.
final class ServeApp: Sendable {
    let site: PayloadSite
    let store: DocumentStore
    let context: ServeContext
    let assets: ServeAssets

    init(site: PayloadSite, store: DocumentStore, context: ServeContext) {
        self.site = site; self.store = store; self.context = context
        assets = ServeAssets(fonts: context.fonts.faces)
    }

    /// The document of a page name a browser sent (`sub/cart.json`), or nil when it names nothing this site serves.
    func document(named name: String) -> PayloadDocument? {
        let segments = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard name.utf8.count <= 4096, Self.areNames(segments), let path = site.payload(at: site.isFolder ? segments : [name]) else { return nil }
        return store.document(at: path)
    }

    /// Whether every segment is a plain name (no `.`, `..`, empty, slash, backslash or control character).
    static func areNames(_ segments: [String]) -> Bool {
        segments.allSatisfy { s in
            !s.isEmpty && s != "." && s != ".." && !s.unicodeScalars.contains { $0.value < 0x20 || $0 == "\\" || $0 == "/" || $0.value == 0x7F }
        }
    }
}

/// The server's routes:
///
/// | path | answer |
/// |---|---|
/// | `/` | the file's page, or the folder's index |
/// | `/p/NAME` | a folder's payload's page (`NAME` its path in the folder) |
/// | `/_sdui/app.js`, `/_sdui/serve.css`, `/_sdui/fonts.css` | the page's script and styles (cached: versioned URLs) |
/// | `/_sdui/live` | a page's WebSocket |
///
/// Only GET and HEAD (405 otherwise). Pages carry a Content-Security-Policy that allows only the server's own
/// script (no inline script, so nothing in a payload can run) and images from the web.
struct ServeRoutes: HTTPHandler {
    let app: ServeApp

    func respond(to request: HTTPRequest) -> HTTPReply {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.error(405, "only GET and HEAD are served")
            response.headers.add("Allow", "GET, HEAD")
            return .response(response)
        }
        let path: RequestPath
        do throws(HTTPParseError) { path = try RequestPath(request.path) } catch {
            return .response(.error(error.status, "\(error.message): this server serves only \(app.site.isFolder ? "the payloads in its folder" : "its payload")"))
        }
        let segments = path.segments
        switch segments.first {
        case nil:
            return .response(app.site.isFolder ? index(request) : page(request, document: app.store.document(at: app.site.root)))
        case "p" where app.site.isFolder:
            guard let document = app.document(named: segments.dropFirst().joined(separator: "/")) else { return notFound(request) }
            return .response(page(request, document: document))
        case "_sdui":
            return asset(request, Array(segments.dropFirst()))
        case "favicon.ico":
            return .response(HTTPResponse(status: 204))
        default:
            if !app.site.isFolder && segments == [app.site.fileName] {
                return .response(page(request, document: app.store.document(at: app.site.root)))
            }
            return notFound(request)
        }
    }

    private func notFound(_ request: HTTPRequest) -> HTTPReply {
        .response(.error(404, "no page at \(request.path.prefix(200)): this server serves only " + (app.site.isFolder
            ? "the .json payloads in its folder (\(app.site.root)), at /p/NAME" : "\(app.site.fileName), at /")))
    }

    private func asset(_ request: HTTPRequest, _ name: [String]) -> HTTPReply {
        switch name {
        case ["live"]: return .webSocket(LiveConnection(app: app))
        case ["app.js"]: return .response(app.assets.response(app.assets.script, type: "text/javascript; charset=utf-8"))
        case ["serve.css"]: return .response(app.assets.response(app.assets.styles, type: "text/css; charset=utf-8"))
        case ["fonts.css"]: return .response(app.assets.response(app.assets.fonts, type: "text/css; charset=utf-8"))
        default: return notFound(request)
        }
    }

    private func page(_ request: HTTPRequest, document: PayloadDocument) -> HTTPResponse {
        app.store.startWatching()
        let page = LivePage(document: document, context: app.context, choices: app.context.defaultChoices) { _ in }
        let html = ServePage.html(page, isFolder: app.site.isFolder, assets: app.assets)
        return Self.withPolicy(HTTPResponse(contentType: "text/html; charset=utf-8", text: html), request: request)
    }

    private func index(_ request: HTTPRequest) -> HTTPResponse {
        app.store.startWatching()
        let names = app.site.listing()
        let entries = names.map { name -> (String, DocumentSnapshot?) in
            (name, app.site.payload(at: name.split(separator: "/").map(String.init)).map { app.store.document(at: $0).snapshot })
        }
        let html = ServePage.index(entries, root: app.site.root, assets: app.assets)
        return Self.withPolicy(HTTPResponse(contentType: "text/html; charset=utf-8", text: html), request: request)
    }

    /// A page's security headers: the server's own script and styles only (the style attributes of panels aside),
    /// images from the web, its own WebSocket; no framing, no forms, no base URL.
    static func withPolicy(_ response: HTTPResponse, request: HTTPRequest) -> HTTPResponse {
        var response = response
        let host = request.authority ?? "127.0.0.1"
        response.headers.add("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src http: https: data:; font-src 'self' data:; connect-src 'self' ws://\(host); base-uri 'none'; "
            + "form-action 'none'; frame-ancestors 'none'")
        response.headers.add("X-Frame-Options", "DENY")
        return response
    }
}

/// One page's WebSocket: the first message (`hello`) says which page and in which state it is; then the page's
/// messages go to its `LivePage`, and the page's changes come back as batches (a JSON array of messages).
final class LiveConnection: WebSocketHandler, @unchecked Sendable {  // `page` and `listening` are guarded by `lock`
    let app: ServeApp
    private let lock = NSLock()
    private var page: LivePage?
    private var listening = false

    init(app: ServeApp) { self.app = app }

    func webSocketDidOpen(_ socket: WebSocket) {}

    func webSocket(_ socket: WebSocket, didReceive text: String) {
        guard case .success(let message) = JSONValue.parse(Array(text.utf8), maxDepth: 64) else { return }
        lock.lock()
        let current = page
        lock.unlock()
        if let current { current.handle(message); return }
        guard case .string("hello")? = message["t"] else { return }
        if case .bool(true)? = message["index"] {
            lock.lock(); listening = true; lock.unlock()
            app.store.subscribeToListing(ObjectIdentifier(self)) { socket.send("[{\"t\":\"index\"}]") }
            return
        }
        guard case .string(let name)? = message["page"], let document = app.document(named: name) else {
            socket.send(JSONValue.array([.object([("t", .string("notice")), ("text", .string("this page is not served any more: reload"))])]).serialized())
            return
        }
        app.store.startWatching()
        let choices = PageChoices(message["choices"], over: app.context.defaultChoices)
        let made = LivePage(document: document, context: app.context, choices: choices, clientState: message["state"]) { messages in
            socket.send(JSONValue.array(messages).serialized())
        }
        lock.lock(); page = made; lock.unlock()
        document.subscribe(made)
        made.lock.lock()
        var out = made.chromeMessages()
        let render = LivePage.renderHash(made.unlockedPanelsHTML())
        if case .string(render)? = message["render"] {} else { out.append(made.panelsMessage()) }
        out.append(.object([("t", .string("ready")), ("choices", made.choices.json)]))
        made.send(out)
        made.lock.unlock()
        // A save between the page's request and this message is shown now.
        made.documentDidChange(document)
        made.sendLint()
    }

    func webSocketDidClose(_ socket: WebSocket) {
        lock.lock()
        let closed = page
        page = nil
        let wasListening = listening
        lock.unlock()
        if let closed { closed.document.unsubscribe(closed) }
        if wasListening { app.store.unsubscribeFromListing(ObjectIdentifier(self)) }
    }
}
