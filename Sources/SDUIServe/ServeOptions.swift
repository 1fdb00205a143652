public import SDUIEnvironment
public import SDUISchema
public import SDUILayout

/// What `sdui serve` serves and how: the payload file or folder, the windows, the initial choices, the address.
public struct LiveServerOptions: Sendable {
    /// A payload file, or a folder of them (every `.json` below it, hidden ones aside).
    public var path: String
    /// The windows every page can show, in order (the preview's default matrix unless `--devices` names others).
    public var windows: [WindowEnvironment]
    /// The Dynamic Type size pages open with.
    public var contentSize: ContentSizeCategory = .large
    /// Whether pages open in dark mode.
    public var isDark = false
    /// Every panel's layout direction.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// State variables every page starts in, over the payload's initial state (`--state FILE`); each must be a
    /// variable of the payload, of its type, or the page shows a problem naming it.
    public var initialState: JSONValue?
    /// The address to bind (127.0.0.1 unless told otherwise) and the port (0: the system chooses).
    public var host = "127.0.0.1"
    public var port: UInt16 = 0
    /// Seconds between looks at the served files.
    public var pollInterval = 0.1
    /// The lint of the visible configurations (`sdui lint`'s, restricted to them); nil: no lint panel.
    public var lint: ServeLint?
    /// The fonts the panels measure text in (`--font`, `--font-dir`: the payload's `fontFamily` faces); the page
    /// embeds every one of them.
    public var fonts = FontCollection()
    /// Worker threads answering requests and page messages.
    public var workers = 4
    /// Open connections at most (pages hold one each, besides their requests).
    public var maxConnections = 128

    /// Options for `path` shown on `windows`.
    public init(path: String, windows: [WindowEnvironment]) { self.path = path; self.windows = windows }
}

/// A lint finding as a page lists it (what `sdui lint` prints for one line).
public struct ServeLintFinding: Hashable, Sendable {
    public var severity: String
    public var code: String
    /// The nodes it is at (`buy-p1 … buy-p500 (500 nodes)`).
    public var nodes: String
    /// Their JSON Pointer (a pattern with `*` for repeated siblings).
    public var pointer: String
    public var message: String
    /// Where it happens (`on every iPhone at AX3 and larger`).
    public var places: String

    public init(severity: String, code: String, nodes: String, pointer: String, message: String, places: String) {
        self.severity = severity; self.code = code; self.nodes = nodes; self.pointer = pointer; self.message = message; self.places = places
    }
}

/// Lints a screen over windows at a content size in a layout direction.
public typealias ServeLint = @Sendable (_ screen: Screen, _ windows: [WindowEnvironment], _ contentSize: ContentSizeCategory,
                                        _ direction: LayoutDirection) -> [ServeLintFinding]

/// A window a page can show, with the id pages name it by (`iphone-se-3:landscape:split-1/3`).
struct ServeWindow: Sendable {
    let id: String
    let environment: WindowEnvironment

    init(_ environment: WindowEnvironment) {
        self.environment = environment
        id = environment.device.slug + ":" + environment.orientation.rawValue + ":" + environment.mode.description
    }
}

/// Why the server cannot start.
public struct LiveServerError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
