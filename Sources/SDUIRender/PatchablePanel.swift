public import SDUIEnvironment
public import SDUIDisplay

/// The HTML of one panel that a live page brings up to date item by item (`sdui serve`) rather than writing it
/// again: the same markup as `HTMLRenderer`'s panel, with each element keyed by its view key so that the
/// reconciler's operations (`ViewOperation`: insert, move, update, remove) can be applied to the page's elements.
///
/// - Every node element carries `data-k`, its `ViewKey` (`PatchablePanel.key(_:)`), unique in a panel.
/// - `elements(of:at:)` gives an item's element alone — its own drawing (lines, image, control, accessibility text)
///   without its children, closed — to insert, or to replace an element's attributes and own content with while its
///   child elements stay (and with them scroll positions and focus).
/// - A scroll view's backgrounds, drawn just before it (a scroll view clips), carry `data-deco-of` with its key.
/// - ARIA ids follow identities, so inserting an item renames no other; `ariaOwns(items:order:)` is the panel's
///   reading order to set after a change that reorders it.
/// - No element has an inline event handler: a page with a Content-Security-Policy that forbids inline script
///   marks loaded and failed images itself.
public struct PatchablePanel: Sendable {
    /// The window the items were laid out in.
    public let environment: WindowEnvironment
    /// The traits they were laid out with.
    public let traits: TraitCollection
    /// The screen's id and the panel's accessible name (its title).
    public let screenID: String
    public let title: String
    private let renderer: HTMLRenderer

    /// A panel of a screen laid out in `environment` with `traits`.
    public init(environment: WindowEnvironment, traits: TraitCollection, screenID: String, title: String,
                isScrollingEnabled: Bool = true) {
        self.environment = environment; self.traits = traits; self.screenID = screenID; self.title = title
        var options = HTMLRenderer.Options(fonts: .omitted, isScrollingEnabled: isScrollingEnabled)
        options.isPatchable = true
        renderer = HTMLRenderer(options: options)
    }

    /// The view key an item's element carries in `data-k`: `ViewKey(item).description` (`#buy-p1:button`).
    public static func key(_ item: DisplayItem) -> String { ViewKey(item).description }

    /// The whole panel of `items` (a display list's, parents before children), `order`: the accessibility elements
    /// in reading order (`DisplayListUpdater.accessibilityOrder`).
    public func html(items: [DisplayItem], order: [NodeIndex]) -> String {
        var out = ""
        renderer.writePanel(items, environment: environment, traits: traits, screenID: screenID, title: title,
                            accessibility: markup(items: items, order: order), to: &out)
        return out
    }

    /// The elements of the items at `indices`, each without its children and closed; a scroll view's backgrounds
    /// before it.
    /// - Complexity: each element's markup (nothing is done for the other items).
    public func elements(of items: [DisplayItem], at indices: [Int]) -> [String] {
        let markup = markup(items: items, order: [])
        return indices.map { index in
            guard items.indices.contains(index) else { return "" }
            let item = items[index]
            let parentFrame = item.parent.flatMap { items.indices.contains($0.int) ? items[$0.int].frame : nil } ?? Rect.zero
            var out = ""
            renderer.writeElement(for: item, parentFrame: parentFrame, layoutDirection: traits.layoutDirection,
                                  accessibility: markup, to: &out)
            return out + "</div>"
        }
    }

    /// The panel's `aria-owns`: the accessibility elements' ids in reading order.
    public func ariaOwns(items: [DisplayItem], order: [NodeIndex]) -> String {
        let markup = markup(items: items, order: order)
        return order.map { markup.id($0) }.joined(separator: " ")
    }

    private func markup(items: [DisplayItem], order: [NodeIndex]) -> AccessibilityMarkup {
        AccessibilityMarkup(order: order, environment: environment, traits: traits, screenID: screenID,
                            identityKey: { index in
                                items.indices.contains(index.int) ? AccessibilityMarkup.identityKey(of: items[index.int]) : String(index.rawValue)
                            })
    }
}
