import SDUIEnvironment
import SDUISchema

/// The side of an SF Symbol's box at a text style: the style's line height (body: 22 pt at the default Dynamic
/// Type size). SF Symbols are drawn at the style's font and aligned with its text; the box of the line they
/// sit in is what a layout can reserve without the symbol's own metrics (docs/layout.md, "label").
@inline(__always)
func symbolSide(_ style: TextStyle, _ contentSize: ContentSizeCategory) -> Double {
    DynamicTypeTable.metrics(style, contentSize).lineHeight
}

/// The space between a label's symbol and its title: SwiftUI's default spacing, 8 pt.
public enum LabelMetrics {
    /// Points between the symbol and the title.
    public static let spacing = 8.0
}

/// What each kind of node sets in its flat node beyond the common fields: a container's spacing and alignment, a
/// grid's columns, a spacer's minimum, a text's or button's or label's run, a symbol's style.
extension TreeBuilder {
    /// The kind of the node at `pointer`, read without copying its type (a `.custom` type holds a string).
    @inline(__always)
    static func kind(of pointer: UnsafePointer<ComponentNode>) -> NodeKind {
        switch pointer.pointee.type {
        case .vstack: return .vstack
        case .hstack: return .hstack
        case .zstack: return .zstack
        case .grid: return .grid
        case .scroll: return .scroll
        case .text: return .text
        // (The flag read in place: `geometry` copies the whole record, retaining its strings.)
        case .image: return ComponentNode.geometry(at: pointer).pointee.hasSymbol ? .symbol : .image
        case .button: return .button
        case .spacer: return .spacer
        case .divider: return .divider
        case .color: return .color
        case .section: return .vstack
        case .viewThatFits: return .viewThatFits
        case .flow: return .flow
        case .hgrid: return .hgrid
        case .label: return .label
        case .toggle, .textField, .stepper, .picker: return .input
        case .custom: return .custom
        }
    }

    /// Stack, grid, scroll, `viewThatFits` and `flow` properties (SwiftUI defaults: spacing 8, center alignment;
    /// a `viewThatFits` fits along both axes; a flow's lines are `spacing` apart and start at the leading edge).
    @inline(__always)
    func resolveContainer(_ g: UnsafePointer<GeometryProperties>, into flat: inout FlatNode) {
        switch flat.kind {
        case .vstack, .hstack, .zstack, .scroll, .grid, .custom, .hgrid, .flow, .viewThatFits:
            let explicitSpacing = Self.finiteNonNegative(g.pointee.spacing)
            let spacing = explicitSpacing ?? 8
            flat.spacing = spacing
            flat.hasDefaultSpacing = explicitSpacing == nil
            flat.columnSpacing = spacing
            if let alignment = g.pointee.alignment {
                flat.alignX = alignment.horizontalFraction
                flat.alignY = alignment.verticalFraction
            }
            if flat.kind == .scroll { flat.isHorizontal = g.pointee.isHorizontalAxis }
            if flat.kind == .hstack { flat.isHorizontal = true }
            if flat.kind == .grid {
                flat.spacing = Self.finiteNonNegative(g.pointee.rowSpacing) ?? spacing
                flat.columnSpacing = Self.finiteNonNegative(g.pointee.columnSpacing) ?? spacing
                flat.columns = Int32(clamping: max(1, g.pointee.columns))
                flat.minColumnWidth = Self.finiteNonNegative(g.pointee.minColumnWidth) ?? 0
            }
            if flat.kind == .hgrid {
                // Along the axis it grows (columns: `spacing`), and between its GridItem rows (`columnSpacing` here,
                // the GridItems' default spacing).
                flat.spacing = Self.finiteNonNegative(g.pointee.columnSpacing) ?? spacing
                flat.columnSpacing = Self.finiteNonNegative(g.pointee.rowSpacing) ?? spacing
                flat.isHorizontal = true
            }
            if flat.kind == .viewThatFits {
                flat.columns = Int32(g.pointee.axes ?? (Axis.Set.horizontal.rawValue | Axis.Set.vertical.rawValue))
            }
            if flat.kind == .flow {
                flat.columnSpacing = Self.finiteNonNegative(g.pointee.lineSpacing) ?? spacing
                // Lines start at the leading edge unless the payload says otherwise (Apple's FlowLayout sample).
                flat.alignX = g.pointee.alignment?.horizontalFraction ?? 0
            }
        case .spacer:
            flat.minLength = Self.finiteNonNegative(g.pointee.minLength) ?? 8
        case .text:
            flat.alignX = g.pointee.alignment?.horizontalFraction ?? 0
        default:
            break
        }
    }

    /// A grid's GridItem columns (for this size class), appended to `tree.gridItems`: each item's spacing is its
    /// own or the grid's column spacing, its alignment its own or the grid's.
    func resolveGridItems(_ pointer: UnsafePointer<ComponentNode>, into flat: inout FlatNode, tree: inout LayoutTree) {
        guard let items = pointer.pointee.gridItems?.value(for: sizeClass), !items.isEmpty else { return }
        flat.firstGridItem = Int32(truncatingIfNeeded: tree.gridItems.count)
        flat.columns = Int32(truncatingIfNeeded: items.count)
        for item in items {
            let spacing = item.spacing.flatMap(Self.finiteNonNegative) ?? flat.columnSpacing
            let alignX = item.alignment?.horizontalFraction ?? flat.alignX
            let alignY = item.alignment?.verticalFraction ?? flat.alignY
            // The model's values are checked by the decoder; a hand-built one is clamped (never NaN, never negative).
            switch item.size {
            case .fixed(let width):
                let w = Self.finiteNonNegative(width) ?? 0
                tree.gridItems.append(GridItemSpec(kind: .fixed, minimum: w, maximum: w, spacing: spacing, alignX: alignX, alignY: alignY))
            case .flexible(let minimum, let maximum):
                let low = Self.finiteNonNegative(minimum) ?? GridItem.defaultFlexibleMinimum
                let high = maximum.isNaN ? .infinity : max(low, maximum)
                tree.gridItems.append(GridItemSpec(kind: .flexible, minimum: low, maximum: high, spacing: spacing, alignX: alignX, alignY: alignY))
            case .adaptive(let minimum, let maximum):
                let low = max(1e-3, Self.finiteNonNegative(minimum) ?? 1)
                let high = maximum.isNaN ? .infinity : max(low, maximum)
                tree.gridItems.append(GridItemSpec(kind: .adaptive, minimum: low, maximum: high, spacing: spacing, alignX: alignX, alignY: alignY))
            }
        }
    }

    /// SwiftUI's `Spacer` in a stack: without `layoutPriority` it is served after every sibling (SwiftUI gives
    /// spacers the lowest priority), so a flexible sibling takes the surplus and the spacer keeps its minimum.
    /// Without `minLength` its minimum is SwiftUI's default spacing (8); in a stack with explicit spacing see
    /// `StackChildren`.
    func resolveSpacer(_ g: UnsafePointer<GeometryProperties>, into flat: inout FlatNode) {
        flat.hasDefaultMinLength = g.pointee.minLength.isNaN
        if g.pointee.layoutPriority.isNaN {
            flat.layoutPriority = -.infinity
        }
    }

    /// See `FlatNode.isPlainColor`: a color without padding, aspect ratio or min/max frame (from the record: its
    /// checked frame has a bound exactly where the payload has one).
    @inline(__always)
    static func isPlainColor(_ kind: NodeKind, _ g: UnsafePointer<GeometryProperties>) -> Bool {
        kind == .color && !g.pointee.hasPadding && !isPositiveFinite(g.pointee.aspectRatio) && !g.pointee.hasFrameBounds
    }

    /// A text's run: its font from Apple's Dynamic Type table for its style at this content size.
    @inline(__always)
    func appendTextSpec(_ g: UnsafePointer<GeometryProperties>, into flat: inout FlatNode, tree: inout LayoutTree) {
        flat.textIndex = Int32(tree.texts.count)
        let choice = fontChoice(g, fixedWeight: g.pointee.fontWeight, into: &tree)
        tree.texts.append(TextSpec(
            string: g.pointee.text ?? "", style: g.pointee.textStyle ?? .body, fixedWeight: g.pointee.fontWeight,
            contentSize: contentSize, lineLimit: g.pointee.lineLimit.map { max(1, $0) },
            alignment: g.pointee.alignment ?? .leading,
            lineSpacing: g.pointee.lineSpacing.isNaN ? 0 : g.pointee.lineSpacing,
            minimumScaleFactor: g.pointee.minimumScaleFactor > 0 && g.pointee.minimumScaleFactor < 1 ? g.pointee.minimumScaleFactor : 1,
            choice: choice))
    }

    /// Text runs, button and label titles, SF Symbols and unknown types.
    @inline(__always)
    func resolveLeaf(_ node: UnsafeNode, _ g: UnsafePointer<GeometryProperties>, name: NodeName,
                     into flat: inout FlatNode, tree: inout LayoutTree) {
        switch flat.kind {
        case .text:
            appendTextSpec(g, into: &flat, tree: &tree)
        case .button:
            let style = g.pointee.buttonStyle ?? .automatic
            flat.textIndex = Int32(tree.texts.count)
            let weight: FontWeight? = style == .borderedProminent ? .semibold : nil
            tree.texts.append(TextSpec(
                string: g.pointee.title ?? "", style: .body, fixedWeight: weight,
                contentSize: contentSize, lineLimit: 1, alignment: .center, choice: fontChoice(g, fixedWeight: weight, into: &tree)))
            switch style {
            case .bordered, .borderedProminent:
                // SwiftUI's bordered capsule at the regular control size: 12 pt sides, 7 pt top and bottom.
                flat.labelPadH = 12; flat.labelPadV = 7
            case .automatic, .plain, .borderless:
                break
            }
        case .symbol:
            // The style (its index); the side is its line height at the layout's Dynamic Type size (a tree is laid
            // out at several: `LayoutTemplate.resolved`).
            flat.columns = Int32(symbolStyles.firstIndex(of: g.pointee.textStyle ?? .body) ?? 0)
        case .label:
            // 1: the title has a symbol before it (its side: the title's line height).
            flat.minLength = g.pointee.hasSymbol ? 1 : 0
            flat.textIndex = Int32(tree.texts.count)
            let choice = fontChoice(g, fixedWeight: g.pointee.fontWeight, into: &tree)
            tree.texts.append(TextSpec(string: g.pointee.title ?? "", style: g.pointee.textStyle ?? .body,
                                       fixedWeight: g.pointee.fontWeight, contentSize: contentSize, lineLimit: nil,
                                       alignment: .leading, choice: choice))
        case .custom:
            // A type the app draws itself (the decoder keeps no other: it shows a fallback, or nothing): a box for
            // the app's view, its children in a zstack. Nothing to report.
            break
        default:
            break
        }
    }
}
