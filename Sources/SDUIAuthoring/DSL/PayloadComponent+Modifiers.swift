import SDUIEnvironment
public import SDUISchema

/// The modifiers every node accepts, named as in SwiftUI. Each returns a modified copy.
///
/// Every scalar parameter is a `Responsive` value: a literal (`16`, `1.5`, `true`), `.sizeClass(compact:regular:)`
/// or `.fixed(x)` for a variable. The one-value modifiers also take a plain `Double`/`Bool` variable.
extension PayloadComponent {
    /// Adds `length` points of padding on every edge (SwiftUI's `padding(_:)`; 16 when omitted).
    ///
    /// Padding adds up like nested SwiftUI paddings: `.padding(8).padding(.top, 4)` gives 12 on top.
    public func padding(_ length: Responsive<Double> = 16) -> Self {
        padding(.all, length)
    }

    /// Adds `length` points of padding on every edge, for a `Double` variable (literals and size-class maps
    /// use the `Responsive` overload).
    @_disfavoredOverload
    public func padding(_ length: Double) -> Self {
        padding(.all, .fixed(length))
    }

    /// Adds `length` points of padding on `edges` (SwiftUI's `padding(_:_:)`; 16 when omitted).
    ///
    /// Consecutive paddings add up into one (`.padding(8).padding(.top, 4)` gives 12 on top), as nested
    /// SwiftUI paddings measure.
    public func padding(_ edges: Edge.Set, _ length: Responsive<Double> = 16) -> Self {
        with { node in
            func add(_ padding: Padding?) -> Padding {
                var padding = padding ?? Padding(0)
                if edges.contains(.top) { padding.top = padding.top.adding(length) }
                if edges.contains(.leading) { padding.leading = padding.leading.adding(length) }
                if edges.contains(.bottom) { padding.bottom = padding.bottom.adding(length) }
                if edges.contains(.trailing) { padding.trailing = padding.trailing.adding(length) }
                return padding
            }
            if case .padding(let last)? = node.modifiers.chain.last {
                node.modifiers.chain[node.modifiers.chain.count - 1] = .padding(add(last))
            } else if node.modifiers.canWriteFlatKey(.padding) || node.modifiers.chain.isEmpty && node.modifiers.outermostFlatKey == .padding {
                node.modifiers.padding = add(node.modifiers.padding)
            } else {
                node.modifiers.chain.append(.padding(add(nil)))
            }
        }
    }

    /// Adds `length` points of padding on `edges`, for a `Double` variable.
    @_disfavoredOverload
    public func padding(_ edges: Edge.Set, _ length: Double) -> Self {
        padding(edges, .fixed(length))
    }

    /// Fixes the width and/or height (SwiftUI's `frame(width:height:alignment:)`).
    ///
    /// Each call is one frame around what came before, as in SwiftUI (a second call nests a second frame).
    public func frame(width: Responsive<Double>? = nil, height: Responsive<Double>? = nil,
                      alignment: Responsive<Alignment>? = nil) -> Self {
        modifier(.frame(Frame(width: width, height: height, alignment: alignment)), flatKey: .frame) { $0.frame = Frame(width: width, height: height, alignment: alignment) }
    }

    /// Bounds the width and/or height (SwiftUI's `frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`);
    /// a maximum may be `.infinity` to take all the space offered.
    public func frame(minWidth: Responsive<Double>? = nil, maxWidth: Responsive<Double>? = nil,
                      minHeight: Responsive<Double>? = nil, maxHeight: Responsive<Double>? = nil,
                      alignment: Responsive<Alignment>? = nil) -> Self {
        let frame = Frame(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment)
        return modifier(.frame(frame), flatKey: .frame) { $0.frame = frame }
    }

    /// Gives the content's box a width ÷ height `ratio` (SwiftUI's `aspectRatio(_:contentMode:)`).
    ///
    /// On an image this reserves its box before it loads (no layout shift).
    public func aspectRatio(_ ratio: Responsive<Double>, contentMode: Responsive<ContentMode>? = nil) -> Self {
        modifier(.aspectRatio(AspectRatio(ratio: ratio, contentMode: contentMode)), flatKey: .aspectRatio) { modifiers in
            modifiers.aspectRatio = ratio
            if let contentMode { modifiers.contentMode = contentMode }
        }
    }

    /// Gives the content's box a width ÷ height `ratio`, for a `Double` variable or expression (`16.0 / 9.0`).
    @_disfavoredOverload
    public func aspectRatio(_ ratio: Double, contentMode: Responsive<ContentMode>? = nil) -> Self {
        aspectRatio(.fixed(ratio), contentMode: contentMode)
    }

    /// Sets how the content fills its aspect-ratio box: on an image (or a node whose only modifier is an aspect
    /// ratio) the content mode of that ratio; otherwise SwiftUI's `aspectRatio(contentMode:)` around what came
    /// before, with the content's own ideal ratio.
    public func aspectRatio(contentMode: Responsive<ContentMode>) -> Self {
        with { node in
            if node.modifiers.chain.isEmpty, node.modifiers.outermostFlatKey == .aspectRatio || node.type == .image {
                node.modifiers.contentMode = contentMode
            } else {
                node.modifiers.chain.append(.aspectRatio(AspectRatio(contentMode: contentMode)))
            }
        }
    }

    /// Puts a color behind everything written so far (SwiftUI's `background(_:)`).
    public func background(_ color: Responsive<Color>) -> Self {
        modifier(.background(Decoration(.color(color))), flatKey: .background) { $0.background = color }
    }

    /// Puts a color behind the node: a system color name (`"secondaryBackground"`) or `#RGB`/`#RRGGBB`/`#RRGGBBAA`.
    ///
    /// A string that is neither is written as given, so decoding the payload reports it.
    public func background(_ color: String) -> Self {
        background(.fixed(.named(color)))
    }

    /// Puts a color behind the node.
    public func background(_ color: Color) -> Self {
        background(.fixed(color))
    }

    /// Clips everything written so far to a rounded rectangle (SwiftUI's `cornerRadius(_:)`).
    public func cornerRadius(_ radius: Responsive<Double>) -> Self {
        modifier(.cornerRadius(radius), flatKey: .cornerRadius) { $0.cornerRadius = radius }
    }

    /// Rounds the corners, for a `Double` variable.
    @_disfavoredOverload
    public func cornerRadius(_ radius: Double) -> Self {
        cornerRadius(.fixed(radius))
    }

    /// Keeps the layout space but draws nothing of what was written so far (SwiftUI's `hidden()`); `visible(false)`
    /// removes the node instead.
    public func hidden() -> Self {
        with { $0.modifiers.chain.append(.hidden(true)) }
    }

    /// Shows or removes the node, possibly per size class (`.visible(.sizeClass(compact: false, regular: true))`).
    public func visible(_ isVisible: Responsive<Bool>) -> Self {
        with { $0.modifiers.visible = isVisible }
    }

    /// Shows or removes the node, for a `Bool` variable.
    @_disfavoredOverload
    public func visible(_ isVisible: Bool) -> Self {
        visible(.fixed(isVisible))
    }

    /// Priority when siblings in a stack compete for space (SwiftUI's `layoutPriority(_:)`).
    public func layoutPriority(_ priority: Responsive<Double>) -> Self {
        with { $0.modifiers.layoutPriority = priority }
    }

    /// Priority when siblings in a stack compete for space, for a `Double` variable.
    @_disfavoredOverload
    public func layoutPriority(_ priority: Double) -> Self {
        layoutPriority(.fixed(priority))
    }

    /// What a tap on the node does.
    public func action(_ action: Action) -> Self {
        with { $0.modifiers.action = action }
    }

    /// Silences the lint finding `code` on this node and its subtree, saying why (`"lint": {"disable": […]}`).
    public func lintDisabled(_ code: String, reason: String) -> Self {
        with {
            var settings = $0.modifiers.lint ?? LintSettings()
            settings.disable.append(.init(code: code, reason: reason))
            $0.modifiers.lint = settings
        }
    }

    /// The node's id, unique within the screen (SwiftUI's `id(_:)`).
    public func id(_ id: String) -> Self {
        with { $0.id = id }
    }
}

extension PayloadComponent {
    /// Appends `modifier` around what was written so far: as its shorthand key when that keeps the meaning (nothing is
    /// in the chain yet and every shorthand key already set comes before `flatKey` in the shorthand order), so that payloads an
    /// older app reads keep their modifiers; otherwise to `modifiers`.
    func modifier(_ modifier: Modifier, flatKey: FlatModifierKey, writeFlat: (inout Modifiers) -> Void) -> Self {
        with { node in
            if node.modifiers.canWriteFlatKey(flatKey) { writeFlat(&node.modifiers) } else { node.modifiers.chain.append(modifier) }
        }
    }
}

/// The shorthand modifier keys in their fixed order, innermost first.
enum FlatModifierKey: Int, Comparable {
    case aspectRatio, padding, frame, background, cornerRadius
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

extension Modifiers {
    /// The outermost shorthand key set (nil: none).
    var outermostFlatKey: FlatModifierKey? {
        if cornerRadius != nil { return .cornerRadius }
        if background != nil { return .background }
        if frame != nil { return .frame }
        if padding != nil { return .padding }
        if aspectRatio != nil || contentMode != nil { return .aspectRatio }
        return nil
    }

    /// Whether `key` can be written as its shorthand key and mean "around everything so far".
    func canWriteFlatKey(_ key: FlatModifierKey) -> Bool {
        guard chain.isEmpty else { return false }
        guard let outermost = outermostFlatKey else { return true }
        return outermost < key
    }
}

extension Responsive where Value == Double {
    /// The sum per size class (fixed when both are fixed).
    func adding(_ other: Responsive<Double>) -> Responsive<Double> {
        if case .fixed(let a) = self, case .fixed(let b) = other { return .fixed(a + b) }
        return .sizeClass(compact: value(compact: true) + other.value(compact: true),
                          regular: value(compact: false) + other.value(compact: false))
    }

    /// The value for one class, falling back to the other (0 for a map with neither).
    private func value(compact: Bool) -> Double {
        switch self {
        case .fixed(let v): return v
        case .sizeClass(let c, let r): return (compact ? c ?? r : r ?? c) ?? 0
        }
    }
}
