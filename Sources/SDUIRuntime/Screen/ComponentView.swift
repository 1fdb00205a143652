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
    public var item: DisplayItem? { itemFrame == nil ? nil : held }
    /// The item the view draws once it has one (`itemFrame` set), a placeholder before: held without an optional, so
    /// a frame update writes its fields in place. (Unchecked for exclusivity: only this class's own methods write it,
    /// none while another access to it is open.)
    @exclusivity(unchecked) private var held: DisplayItem
    /// How many times the view's content was set after it was made (reconciler content updates).
    public private(set) var contentUpdateCount = 0

    /// Creates a view for a node of `type` with the payload id `id`.
    public init(type: ComponentType, id: String?, isPlaceholder: Bool = false) {
        componentType = type
        self.isPlaceholder = isPlaceholder
        held = Self.placeholder
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
        held = item
        itemFrame = item.frame
        accessibilityIdentifier = item.accessibility.identifier ?? accessibilityIdentifier ?? item.id
    }

    /// Takes `item`'s geometry (its text lines) with the content the view already draws (a reconciler frame update).
    open func setGeometry(of item: DisplayItem) {
        // Written field by field into the item the view holds (never a copy of it).
        guard itemFrame != nil else { held = item; itemFrame = item.frame; return }
        itemFrame = item.frame
        Self.takeGeometry(of: item, into: &held)
    }

    /// `setGeometry(of:)` with the item read through its address (the reconciler's list is not copied from): a view of
    /// this class writes the fields it takes into the item it holds; a subclass gets the item through its
    /// `setGeometry(of:)`.
    final func setGeometry(ofItemAt item: UnsafePointer<DisplayItem>) {
        guard type(of: self) == ComponentView.self else { setGeometry(of: item.pointee); return }
        guard itemFrame != nil else { held = item.pointee; itemFrame = item.pointee.frame; return }
        itemFrame = item.pointee.frame
        Self.takeGeometry(ofItemAt: item, into: &held)
    }

    /// What `held` is before the view's first item (one item shared by every view: a copy of it only retains).
    private static let placeholder = DisplayItem(placeholderOf: .vstack)

    /// `takeGeometry(of:into:)` reading `item` through its address, field by field: the item is not copied, only the
    /// fields written are (passed by value to a function that writes elsewhere, an item is copied whole first).
    static func takeGeometry(ofItemAt item: UnsafePointer<DisplayItem>, into held: inout DisplayItem) {
        held.frame = item.pointee.frame
        held.contentBox = item.pointee.contentBox
        held.contentInsets = item.pointee.contentInsets
        held.appearance = item.pointee.appearance
        held.symbol = item.pointee.symbol
        if item.pointee.text == nil {
            held.text = nil
        } else if held.text == nil {
            held.text = item.pointee.text
        } else {
            held.text!.lines = item.pointee.text!.lines
            held.text!.isTruncated = item.pointee.text!.isTruncated
            held.text!.wrapWidth = item.pointee.text!.wrapWidth
        }
    }

    /// Writes `item`'s geometry into `held`, field by field.
    static func takeGeometry(of item: DisplayItem, into held: inout DisplayItem) {
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
        assert(itemFrame != nil && held.hasSameLines(as: item.pointee), "moveOrigin: more than the origin changed")
        itemFrame = item.pointee.frame
        held.frame = item.pointee.frame
        held.contentBox = item.pointee.contentBox
    }

    /// The frame (window points) of the item the view draws (`item?.frame`), nil until it has one. (Unchecked for
    /// exclusivity, as `held`.)
    @exclusivity(unchecked) final private(set) var itemFrame: Rect?

    /// The text lines as the engine broke them (text nodes and button titles).
    public var textLines: [String] { itemFrame == nil ? [] : held.text?.lines.map(\.text) ?? [] }
    /// What a tap does.
    public var action: Action? { itemFrame == nil ? nil : held.action }
}
