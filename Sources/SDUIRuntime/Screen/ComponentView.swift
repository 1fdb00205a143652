import SDUIEnvironment
public import SDUIDisplay
public import SDUISchema

/// The view the registry makes for a built-in node type (and the placeholder for an unknown one): headless, it
/// keeps what a drawing view would draw — the node's display item (text lines, colours, image request, action).
@MainActor
open class ComponentView: View {
    /// The node's type.
    public let componentType: ComponentType
    /// True when no component is registered for the node's type (an empty box is shown).
    public let isPlaceholder: Bool
    /// What the view draws: the node's item of the last display list applied (nil until the first).
    public private(set) var item: DisplayItem?
    /// How many times the view's content was set after it was made (reconciler content updates).
    public private(set) var contentUpdateCount = 0

    /// Creates a view for a node of `type` with the payload id `id`.
    public init(type: ComponentType, id: String?, isPlaceholder: Bool = false) {
        componentType = type
        self.isPlaceholder = isPlaceholder
        super.init()
        accessibilityIdentifier = id
    }

    /// Creates a view for `component`.
    public convenience init(component: ComponentNode, isPlaceholder: Bool = false) {
        self.init(type: component.type, id: component.id, isPlaceholder: isPlaceholder)
    }

    /// Draws `item` (the first call sets the content; later ones are content updates).
    open func apply(_ item: DisplayItem) {
        if itemFrame != nil { contentUpdateCount += 1 }
        self.item = item
        itemFrame = item.frame
        accessibilityIdentifier = item.accessibility.identifier ?? accessibilityIdentifier ?? item.id
    }

    /// Takes `item`'s geometry (its text lines) with the content the view already draws (a reconciler frame update).
    open func setGeometry(of item: DisplayItem) {
        // Written field by field into the item the view holds (never a copy of it).
        guard itemFrame != nil else { self.item = item; itemFrame = item.frame; return }
        itemFrame = item.frame
        // (One access to the held item for all the fields: each write through the property is an access of its own.)
        Self.takeGeometry(of: item, into: &self.item!)
    }

    /// Writes `item`'s geometry into `held`, field by field.
    private static func takeGeometry(of item: DisplayItem, into held: inout DisplayItem) {
        held.frame = item.frame
        held.contentBox = item.contentBox
        // Geometry of the modifier chain and the symbol: where the boxes sit (a frame update moves them; what they
        // draw is the same, or a content update follows).
        held.contentInsets = item.contentInsets
        held.appearance = item.appearance
        held.symbol = item.symbol
        if let text = item.text {
            // The lines into the text the view draws (assigned through the optional: none yet, the whole text).
            if (held.text?.lines = text.lines) == nil {
                held.text = text
            } else {
                held.text!.isTruncated = text.isTruncated
                held.text!.wrapWidth = text.wrapWidth
            }
        } else {
            held.text = nil
        }
    }

    /// Takes `item`'s frame and content box, for an item whose ancestor moved while its place in its parent, its lines,
    /// boxes and symbol stayed (`DisplayItem.hasSameLines(as:)`): the rest of its geometry is what the view holds.
    /// (Read through the item's address, and written field by field: no copy of either item.)
    final func moveOrigin(to item: UnsafePointer<DisplayItem>) {
        assert(self.item.map { $0.hasSameLines(as: item.pointee) } ?? false, "moveOrigin: more than the origin changed")
        itemFrame = item.pointee.frame
        Self.moveOrigin(of: &self.item, to: item)
    }

    /// `moveOrigin(to:)`'s writes, in one access to the held item.
    private static func moveOrigin(of held: inout DisplayItem?, to item: UnsafePointer<DisplayItem>) {
        held?.frame = item.pointee.frame
        held?.contentBox = item.pointee.contentBox
    }

    /// The frame (window points) of the item the view draws (`item?.frame`, kept beside it: reading it from the
    /// optional item copies the item).
    final private(set) var itemFrame: Rect?

    /// The text lines as the engine broke them (text nodes and button titles).
    public var textLines: [String] { item?.text?.lines.map(\.text) ?? [] }
    /// What a tap does.
    public var action: Action? { item?.action }
}
