/// One modifier of a node's chain (the payload's `modifiers` array), with SwiftUI's name and meaning.
///
/// A chain is read like SwiftUI code top to bottom: each modifier wraps everything before it, so
/// `[.padding(8), .background(red)]` is `.padding(8).background(.red)` — the red covers the padding — and
/// `[.background(red), .padding(8)]` is not. `Modifiers.fullChain` is the whole chain of a node, the shorthand keys
/// (`padding`, `frame`, …) first.
public enum Modifier: Hashable, Sendable {
    /// Space around the content (SwiftUI's `padding(_:)`).
    case padding(Padding)
    /// Size constraints (SwiftUI's `frame(width:height:alignment:)`, `frame(minWidth:…)`).
    case frame(Frame)
    /// A box of a width ÷ height ratio for the content (SwiftUI's `aspectRatio(_:contentMode:)`).
    case aspectRatio(AspectRatio)
    /// A color or a view behind the content, proposed the content's size (SwiftUI's `background`).
    case background(Decoration)
    /// A color or a view in front of the content, proposed the content's size (SwiftUI's `overlay`).
    case overlay(Decoration)
    /// Moves the drawing, never the layout of anything else (SwiftUI's `offset(x:y:)`).
    case offset(Offset)
    /// Transparency of everything inside, 0…1 (SwiftUI's `opacity(_:)`).
    case opacity(Responsive<Double>)
    /// Clips everything inside to a rounded rectangle (SwiftUI's `cornerRadius(_:)`).
    case cornerRadius(Responsive<Double>)
    /// Clips everything inside to a shape (SwiftUI's `clipShape(_:)`).
    case clipShape(ClipShape)
    /// A line along the inside of the box (SwiftUI's `border(_:width:)`).
    case border(Border)
    /// A drop shadow of everything inside (SwiftUI's `shadow(color:radius:x:y:)`).
    case shadow(Shadow)
    /// The content at its ideal size on the given axes (SwiftUI's `fixedSize(horizontal:vertical:)`).
    case fixedSize(FixedSize)
    /// Priority among stack siblings (SwiftUI's `layoutPriority(_:)`); the outermost one of a node counts.
    case layoutPriority(Responsive<Double>)
    /// The box extends into the safe area on `edges` where it reaches it (SwiftUI's `ignoresSafeArea(edges:)`).
    case ignoresSafeArea(Edge.Set)
    /// Keeps the layout space but draws nothing inside (SwiftUI's `hidden()`); a size-class map may say false.
    case hidden(Responsive<Bool>)
    /// A modifier this version does not know, kept verbatim (the decoder warns; layout and drawing ignore it).
    case unknown(name: String, value: JSONValue)

    /// The payload's key for the modifier (`"padding"`, `"background"` …).
    public var name: String {
        switch self {
        case .padding: return "padding"
        case .frame: return "frame"
        case .aspectRatio: return "aspectRatio"
        case .background: return "background"
        case .overlay: return "overlay"
        case .offset: return "offset"
        case .opacity: return "opacity"
        case .cornerRadius: return "cornerRadius"
        case .clipShape: return "clipShape"
        case .border: return "border"
        case .shadow: return "shadow"
        case .fixedSize: return "fixedSize"
        case .layoutPriority: return "layoutPriority"
        case .ignoresSafeArea: return "ignoresSafeArea"
        case .hidden: return "hidden"
        case .unknown(let name, _): return name
        }
    }

    /// Every modifier name this version knows, in the order `docs/schema.md` lists them.
    public static let knownNames: [String] = [
        "padding", "frame", "aspectRatio", "background", "overlay", "offset", "opacity", "cornerRadius", "clipShape",
        "border", "shadow", "fixedSize", "layoutPriority", "ignoresSafeArea", "hidden",
    ]

    /// The view a `background` or `overlay` draws, when it is a view rather than a color.
    public var decorationContent: ComponentNode? {
        switch self {
        case .background(let d), .overlay(let d):
            if case .view(let node) = d.content { return node }
            return nil
        default: return nil
        }
    }

    /// Whether it is a background (`isOverlay` false) or an overlay whose content is a view (`decorationContent`
    /// is not nil), without copying the view.
    func drawsView(isOverlay: Bool) -> Bool {
        switch self {
        case .background(let d) where !isOverlay, .overlay(let d) where isOverlay:
            if case .view = d.content { return true }
            return false
        default: return false
        }
    }

    /// Whether any value of the modifier is a size-class map (the layout then resolves it per size class).
    var usesSizeClasses: Bool {
        func map<T>(_ value: Responsive<T>?) -> Bool {
            if case .sizeClass? = value { return true }
            return false
        }
        switch self {
        case .padding(let p): return map(p.top) || map(p.leading) || map(p.bottom) || map(p.trailing)
        case .frame(let f):
            return map(f.width) || map(f.height) || map(f.minWidth) || map(f.maxWidth) || map(f.minHeight)
                || map(f.maxHeight) || map(f.alignment)
        case .aspectRatio(let a): return map(a.ratio) || map(a.contentMode)
        case .background(let d), .overlay(let d):
            if case .color(let c) = d.content, map(c) { return true }
            return map(d.alignment) || map(d.ignoresSafeArea)
        case .offset(let o): return map(o.x) || map(o.y)
        case .opacity(let v), .cornerRadius(let v), .layoutPriority(let v): return map(v)
        case .clipShape(let shape):
            if case .roundedRectangle(let r) = shape { return map(r) }
            return false
        case .border(let b): return map(b.color) || map(b.width)
        case .shadow(let s): return map(s.color) || map(s.radius) || map(s.x) || map(s.y)
        case .fixedSize(let f): return map(f.horizontal) || map(f.vertical)
        case .hidden(let h): return map(h)
        case .ignoresSafeArea, .unknown: return false
        }
    }
}

/// SwiftUI's `aspectRatio(_:contentMode:)`: a ratio (nil: the content's own ideal ratio) and how the content
/// fills a box of that ratio.
public struct AspectRatio: Hashable, Sendable {
    /// Width ÷ height; nil takes the ratio of the content's ideal size.
    public var ratio: Responsive<Double>?
    /// `fit` (default) or `fill`.
    public var contentMode: Responsive<ContentMode>?
    public init(ratio: Responsive<Double>? = nil, contentMode: Responsive<ContentMode>? = nil) {
        self.ratio = ratio; self.contentMode = contentMode
    }
}

/// What a `background` or an `overlay` draws, and where.
public struct Decoration: Hashable, Sendable {
    /// A color, or a view laid out at the decorated box's size.
    public enum Content: Hashable, Sendable {
        /// A color filling the box (SwiftUI's `background(_ style:)` with a `Color`).
        case color(Responsive<Color>)
        /// A view proposed the box's size and placed in it by `alignment` (SwiftUI's `background(alignment:content:)`).
        case view(ComponentNode)
    }
    public var content: Content
    /// Where a view smaller or larger than the box sits in it (default center).
    public var alignment: Responsive<Alignment>?
    /// Whether the drawing extends into the safe area on the edges where the box reaches it (default false).
    /// SwiftUI's `background(Color)` does by default; a payload asks for it, so that adding a color never
    /// changes where anything is drawn.
    public var ignoresSafeArea: Responsive<Bool>?
    public init(_ content: Content, alignment: Responsive<Alignment>? = nil, ignoresSafeArea: Responsive<Bool>? = nil) {
        self.content = content; self.alignment = alignment; self.ignoresSafeArea = ignoresSafeArea
    }
}

/// SwiftUI's `offset(x:y:)` in points (default 0 each).
public struct Offset: Hashable, Sendable {
    public var x: Responsive<Double>
    public var y: Responsive<Double>
    public init(x: Responsive<Double> = 0, y: Responsive<Double> = 0) { self.x = x; self.y = y }
}

/// The shape of a `clipShape` modifier.
public enum ClipShape: Hashable, Sendable {
    /// The largest circle centred in the box (SwiftUI's `Circle`).
    case circle
    /// Corners rounded by half the shorter side (SwiftUI's `Capsule`).
    case capsule
    /// The ellipse inscribed in the box (SwiftUI's `Ellipse`).
    case ellipse
    /// The box itself (SwiftUI's `Rectangle`).
    case rectangle
    /// The box with rounded corners (SwiftUI's `RoundedRectangle(cornerRadius:)`).
    case roundedRectangle(cornerRadius: Responsive<Double>)

    /// The shape names written as a string.
    public static let simpleNames = ["circle", "capsule", "ellipse", "rectangle"]
}

/// SwiftUI's `border(_:width:)`: a line of `width` (default 1) along the inside of the box.
public struct Border: Hashable, Sendable {
    public var color: Responsive<Color>
    public var width: Responsive<Double>?
    public init(color: Responsive<Color>, width: Responsive<Double>? = nil) { self.color = color; self.width = width }
}

/// SwiftUI's `shadow(color:radius:x:y:)`: default color black at 33 % opacity, x and y 0.
public struct Shadow: Hashable, Sendable {
    public var color: Responsive<Color>?
    public var radius: Responsive<Double>
    public var x: Responsive<Double>?
    public var y: Responsive<Double>?
    public init(color: Responsive<Color>? = nil, radius: Responsive<Double>, x: Responsive<Double>? = nil, y: Responsive<Double>? = nil) {
        self.color = color; self.radius = radius; self.x = x; self.y = y
    }
}

/// SwiftUI's `fixedSize(horizontal:vertical:)`: on each axis that is true, the content is proposed nothing
/// (its ideal size) and keeps that size.
public struct FixedSize: Hashable, Sendable {
    public var horizontal: Responsive<Bool>
    public var vertical: Responsive<Bool>
    public init(horizontal: Responsive<Bool> = true, vertical: Responsive<Bool> = true) {
        self.horizontal = horizontal; self.vertical = vertical
    }
}

extension Modifiers {
    /// Every modifier of the node in the order it applies, innermost first: the shorthand keys as the modifiers they
    /// are sugar for, in their documented order — `aspectRatio` (with `contentMode`), `padding`, `frame`,
    /// `background`, `cornerRadius` — then `chain`, which wraps them.
    ///
    /// An image's `contentMode` key says how the picture fills its box, never the box (v1): its `aspectRatio`
    /// key becomes a `fit` aspect ratio here; a `contentMode` without an `aspectRatio` changes no box (v1). A shorthand `background` does not extend into the safe area. `visible`,
    /// `layoutPriority` and `action` are not wrapping modifiers and are not listed.
    /// - Complexity: O(chain length).
    public func fullChain(isImage: Bool = false) -> [Modifier] {
        var result: [Modifier] = []
        result.reserveCapacity(chain.count + 5)
        if let aspectRatio {
            result.append(.aspectRatio(AspectRatio(ratio: aspectRatio, contentMode: isImage ? .fixed(.fit) : contentMode)))
        }
        if let padding { result.append(.padding(padding)) }
        if let frame { result.append(.frame(frame)) }
        if let background { result.append(.background(Decoration(.color(background), ignoresSafeArea: .fixed(false)))) }
        if let cornerRadius { result.append(.cornerRadius(cornerRadius)) }
        result += chain
        return result
    }
}
