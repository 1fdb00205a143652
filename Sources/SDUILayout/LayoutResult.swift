public import SDUIEnvironment
public import SDUISchema

/// The output of a layout pass: a frame for every node, in window coordinates, plus diagnostics.
///
/// `nodes` are in document (pre-)order of the screen's tree. For a windowed (virtualised) layout of a
/// long scroll, only the realised nodes appear; `LayoutNode.pointer` always names the source node.
public struct LayoutResult: Sendable {
    /// The screen's id.
    public var screenID: String
    /// The window the screen was laid out in.
    public var environment: WindowEnvironment
    /// The traits used to resolve size-class values, Dynamic Type and appearance.
    public var traits: TraitCollection
    /// Every laid-out node, parents before children, siblings in document order.
    ///
    /// A result from `LayoutEngine` keeps frames in a compact array and names each node from the payload when
    /// `nodes` is first read (the `LayoutNode` values, with their id and path strings, are made then, once per
    /// result, and kept); `nodeCount` and `frame(at:)` read the frames without making them.
    public var nodes: [LayoutNode] {
        get { storage.nodes }
        set { storage = LayoutNodeStorage(newValue) }
    }
    /// Problems found while laying out, each naming its node.
    ///
    /// Like `nodes`, a result from `LayoutEngine` names them (id, JSON Pointer, message) when first read.
    public var diagnostics: [LayoutDiagnostic] {
        get {
            switch diagnosticStorage {
            case .made(let diagnostics): return diagnostics
            case .pending(let pending): return pending.diagnostics
            }
        }
        set { diagnosticStorage = .made(newValue) }
    }
    /// The nodes, or what they are made from.
    var storage: LayoutNodeStorage {
        _read { yield shared.storage }
        set { shared = SharedParts(storage: newValue, diagnostics: shared.diagnostics, changeRecord: shared.changeRecord) }
    }
    /// The diagnostics, or what they are made from.
    var diagnosticStorage: DiagnosticStorage {
        _read { yield shared.diagnostics }
        set { shared = SharedParts(storage: shared.storage, diagnostics: newValue, changeRecord: shared.changeRecord) }
    }
    /// What changed since the layout this one was made from, when it is a state change laid out by the same engine
    /// (`LayoutEngine.layout(applying:in:traits:)`): the state update's change set, the frames the output step
    /// wrote and the pass it is relative to (`changes(since:)` fills in `frames`). nil: anything may have changed
    /// (a fresh layout of another tree, the general path).
    var changeRecord: ChangeRecord? {
        _read { yield shared.changeRecord }
        set { shared = SharedParts(storage: shared.storage, diagnostics: shared.diagnostics, changeRecord: newValue) }
    }
    /// The nodes, the diagnostics and the change record, in one object that every copy of the result shares: a host
    /// keeps a result in several places (its controller, its display list's updater, what it reads a tap's node
    /// from), and a copy then retains one reference instead of each of their arrays. Never changed: a setter above
    /// makes a new one (results are changed only as they are made).
    private var shared: SharedParts

    /// `LayoutResult.shared`.
    private final class SharedParts: Sendable {
        let storage: LayoutNodeStorage
        let diagnostics: DiagnosticStorage
        let changeRecord: ChangeRecord?

        init(storage: LayoutNodeStorage, diagnostics: DiagnosticStorage, changeRecord: ChangeRecord?) {
            self.storage = storage; self.diagnostics = diagnostics; self.changeRecord = changeRecord
        }
    }

    public init(screenID: String, environment: WindowEnvironment, traits: TraitCollection,
                nodes: [LayoutNode], diagnostics: [LayoutDiagnostic]) {
        self.init(screenID: screenID, environment: environment, traits: traits, storage: LayoutNodeStorage(nodes),
                  diagnostics: .made(diagnostics))
    }

    init(screenID: String, environment: WindowEnvironment, traits: TraitCollection, storage: LayoutNodeStorage,
         diagnostics: DiagnosticStorage) {
        self.screenID = screenID; self.environment = environment; self.traits = traits
        shared = SharedParts(storage: storage, diagnostics: diagnostics, changeRecord: nil)
    }

    /// The number of nodes (`nodes.count`, without making the `LayoutNode` values).
    public var nodeCount: Int { storage.count }

    /// The frame of `nodes[index]` (without making the `LayoutNode` values). `index` must be in `0..<nodeCount`.
    public func frame(at index: Int) -> Rect { storage.frame(at: index) }
}

/// One node's place on screen.
public struct LayoutNode: Hashable, Sendable {
    /// The payload's `id`, or the node's path id (`root.0.3`) when it has none.
    public var id: String
    /// The path id (`root`, `root.0`, `root.0.3`), always present.
    public var path: String
    /// JSON Pointer of the node in the payload (`/root/children/0/children/3`; a background's or overlay's view:
    /// `/root/modifiers/1/overlay/content`).
    ///
    /// Derived from `path` on demand (so a layout pass builds no pointer strings); setting it stores the value.
    public var pointer: String {
        get { pointerOverride ?? SDUILayout.pointer(forPath: path) }
        set { pointerOverride = newValue == SDUILayout.pointer(forPath: path) ? nil : newValue }
    }
    /// A pointer that is not the one `path` implies (set explicitly); nil almost always.
    private var pointerOverride: String?
    public var type: ComponentType
    /// Index of the parent in `LayoutResult.nodes`; -1 for the root.
    public var parent: Int
    /// Frame in window points (scroll content at offset 0).
    public var frame: Rect
    /// True for `visible: false` nodes: zero size, not drawn.
    public var isHidden: Bool
    /// For `text` nodes and button titles: the lines as the engine broke and truncated them.
    public var text: TextRun?
    /// For nodes with a `modifiers` chain: the box of the content and of every modifier (`NodeLayers`).
    public var layers: NodeLayers?

    /// A node whose pointer is the one its path implies (`root.0.3` → `/root/children/0/children/3`).
    public init(id: String, path: String, type: ComponentType, parent: Int, frame: Rect, isHidden: Bool = false,
                text: TextRun? = nil, layers: NodeLayers? = nil) {
        self.id = id; self.path = path; self.type = type; self.parent = parent
        self.frame = frame; self.isHidden = isHidden; self.text = text; self.layers = layers
    }

    public init(id: String, path: String, pointer: String, type: ComponentType, parent: Int, frame: Rect,
                isHidden: Bool = false, text: TextRun? = nil, layers: NodeLayers? = nil) {
        self.id = id; self.path = path; self.type = type; self.parent = parent
        self.pointerOverride = pointer == SDUILayout.pointer(forPath: path) ? nil : pointer
        self.frame = frame; self.isHidden = isHidden; self.text = text; self.layers = layers
    }
}

/// Text as the engine laid it out: what a renderer must draw to match the measured frame.
public struct TextRun: Hashable, Sendable {
    /// The lines, in order, as drawn (a truncated last line ends with "…").
    public var lines: [String]
    /// Width of each line in points.
    public var lineWidths: [Double]
    /// Font size in points.
    public var fontSize: Double
    /// CSS font weight (100…900).
    public var fontWeight: Int
    /// Line height (Apple's leading) in points.
    public var lineHeight: Double
    /// Alignment of lines inside the node's frame (`leading` is the right edge in a right-to-left layout).
    public var alignment: Alignment
    public var isTruncated: Bool
    /// SwiftUI's `lineSpacing`, included in `lineHeight` (the distance between baselines); the frame holds the
    /// lines less one spacing (none after the last line), so a renderer starts the first line `lineSpacing / 2`
    /// above the text block.
    public var lineSpacing: Double
    /// Each line's paragraph direction, `.leftToRight` or `.rightToLeft` (`TextLine.writingDirection`, with
    /// a paragraph without strong characters taking the layout direction): the base direction the renderer
    /// draws the line in, so its bidirectional runs are ordered as the engine's Bidirectional Algorithm orders
    /// them. Empty means every line is left to right.
    public var writingDirections: [WritingDirection]
    /// The face read from a font file the lines were measured in (the payload's `fontFamily`, matched in the engine's
    /// fonts), which a renderer must draw them in; nil: the built-in face (Inter).
    public var face: FontFace?
    /// The payload's `italic` (measured in `face`, which is italic when the family has an italic face).
    public var isItalic: Bool

    public init(lines: [String], lineWidths: [Double], fontSize: Double, fontWeight: Int, lineHeight: Double,
                alignment: Alignment = .leading, isTruncated: Bool = false, lineSpacing: Double = 0,
                writingDirections: [WritingDirection] = [], face: FontFace? = nil, isItalic: Bool = false) {
        self.lines = lines; self.lineWidths = lineWidths; self.fontSize = fontSize; self.fontWeight = fontWeight
        self.lineHeight = lineHeight; self.alignment = alignment; self.isTruncated = isTruncated
        self.lineSpacing = lineSpacing
        self.writingDirections = writingDirections
        self.face = face
        self.isItalic = isItalic
    }

    /// The direction line `index` is drawn in (left to right when not given).
    public func writingDirection(ofLine index: Int) -> WritingDirection {
        index >= 0 && index < writingDirections.count && writingDirections[index] == .rightToLeft ? .rightToLeft : .leftToRight
    }
}

/// A problem the engine found, with the node's path.
public struct LayoutDiagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        case info, warning, error
        public static func < (a: Self, b: Self) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }
    public var severity: Severity
    /// Stable machine-readable code: `text-truncated`, `content-overflow`, `tap-target-too-small`,
    /// `image-without-aspect-ratio`, `frame-conflict`, `grid-columns-below-minimum`, `node-dropped`.
    public var code: String
    /// The node's id (payload id or path id).
    public var path: String
    /// JSON Pointer of the node in the payload.
    public var pointer: String
    public var message: String

    public init(severity: Severity, code: String, path: String, pointer: String, message: String) {
        self.severity = severity; self.code = code; self.path = path; self.pointer = pointer; self.message = message
    }
}
