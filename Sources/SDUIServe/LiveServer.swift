import SDUIEnvironment
import SDUISchema
import SDUIHTTP

/// `sdui serve`: a payload (or a folder of them) as live pages — the device matrix laid out by the engine, updated
/// within a moment of every save without reloading, interactive through the same `ScreenSession` the native hosts
/// run (one state per open page, shared by its panels; only what changed is sent and redrawn), with the state as
/// editable JSON, the payload's previews, lint for the windows shown, and the problems of a save that does not
/// decode over the last good render (docs/serve.md).
///
/// Safe by default: bound to 127.0.0.1, answering only requests for that address or `localhost` (`HostPolicy`),
/// serving nothing outside the file or folder (`PayloadSite`), every payload string escaped, and pages under a
/// Content-Security-Policy that runs no script but the server's own.
public final class LiveServer: Sendable {
    private let server: HTTPServer
    private let store: DocumentStore

    /// A server for `options` (nothing is bound until `start()`).
    /// - Throws: `LiveServerError` when the path is not a readable file or folder.
    public init(options: LiveServerOptions) throws(LiveServerError) {
        let site = try PayloadSite(path: options.path)
        store = DocumentStore(site: site, pollInterval: options.pollInterval)
        let context = ServeContext(windows: options.windows.map(ServeWindow.init), layoutDirection: options.layoutDirection,
                                   initialState: options.initialState, lint: options.lint,
                                   defaultChoices: PageChoices(contentSize: options.contentSize, isDark: options.isDark),
                                   fonts: options.fonts)
        var configuration = HTTPServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.workers = max(1, options.workers)
        configuration.maxConnections = max(1, options.maxConnections)
        server = HTTPServer(configuration: configuration, handler: ServeRoutes(app: ServeApp(site: site, store: store, context: context)))
    }

    /// Binds the address and starts answering; the file (or folder) is watched from the first page on.
    /// - Throws: `LiveServerError` naming the address when it cannot be bound.
    public func start() throws(LiveServerError) {
        do throws(HTTPServerError) { try server.start() } catch { throw LiveServerError(error.message) }
    }

    /// The port the server listens on.
    public var port: UInt16 { server.port }

    /// Connections open now.
    public var openConnectionCount: Int { server.openConnectionCount }

    /// Stops: every page's connection closes, the watcher ends, every thread is joined. Idempotent.
    public func stop() {
        server.stop()
        store.stop()
    }

    /// Blocks until `stop()` has finished.
    public func waitUntilStopped() { server.waitUntilStopped() }
}
