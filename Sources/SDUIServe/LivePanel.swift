import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay
import SDUIRender

/// One window of a live page: its engine, its display list as the browser shows it, and the patches that bring the
/// browser's elements to the next list — the reconciler's operations (`Reconciler`), keyed by view key, the same
/// operations a native host applies to its views.
///
/// Used under its page's lock.
final class LivePanel {
    let window: ServeWindow
    private(set) var traits: TraitCollection
    private var engine: LayoutEngine
    private var updater = DisplayListUpdater(accessibility: true)
    /// The items the browser's elements show, and the layout they are of.
    private(set) var items: [DisplayItem] = []
    private(set) var layout: LayoutResult
    private var markup: PatchablePanel
    /// Item indices by view key; nil when two items share a key (then the panel is replaced whole on a change).
    private var keys: [String: Int]?
    private var owns = ""
    private var label = ""
    private var diagnostics = ""

    /// A panel of `screen` in `window` with `traits`, laid out, its text measured in `fonts`.
    init(window: ServeWindow, traits: TraitCollection, screen: Screen, fonts: FontCollection = FontCollection()) {
        self.window = window
        self.traits = traits
        engine = LayoutEngine(fonts: fonts)
        layout = engine.layout(screen, in: window.environment, traits: traits)
        markup = Self.markup(window, traits, screen)
        items = updater.update([], to: layout).applied(to: [])
        keys = Self.keyIndex(items)
        owns = markup.ariaOwns(items: items, order: updater.accessibilityOrder)
        label = LiveMarkup.windowLabel(layout)
        diagnostics = LiveMarkup.diagnostics(layout)
    }

    /// The item with view key `key`, or nil.
    func itemIndex(key: String) -> Int? { keys?[key] ?? (keys == nil ? items.firstIndex { PatchablePanel.key($0) == key } : nil) }

    /// The panel's entry as the page first shows it: label, device outline with the panel, diagnostics.
    func entryHTML() -> String {
        LiveMarkup.entry(window: window, label: label, panel: markup.html(items: items, order: updater.accessibilityOrder),
                         diagnostics: diagnostics)
    }

    /// Lays `screen` out again — after `update` when a state change made it (`update` from the screen this panel
    /// shows: laid out incrementally where the engine can, and only the items it can alter made again), after
    /// `traits` when they changed — and returns the patch that brings the browser to it, nil when nothing changed.
    ///
    /// `newPayload`: the screen is a new version of the payload — the panel's engine starts afresh, so measurements
    /// of texts the old versions had are let go (a page's memory stays flat across saves).
    func relayout(_ screen: Screen, after update: StateUpdate?, traits newTraits: TraitCollection? = nil,
                  newPayload: Bool = false) -> JSONValue? {
        if newPayload { engine = LayoutEngine(fonts: engine.fonts) }
        var update = update
        var panelFields: [(key: String, value: JSONValue)] = []
        if let newTraits, newTraits != traits {
            traits = newTraits
            update = nil
            markup = Self.markup(window, traits, screen)
            panelFields.append(("size", .string(traits.preferredContentSizeCategory.rawValue)))
        }
        if markup.title != (screen.title ?? screen.id) || markup.screenID != screen.id {
            markup = Self.markup(window, traits, screen)
            panelFields.append(("title", .string(markup.title)))
            panelFields.append(("screen", .string(markup.screenID)))
        }
        let next = update.map { engine.layout(applying: $0, in: window.environment, traits: traits) }
            ?? engine.layout(screen, in: window.environment, traits: traits)
        let change = updater.update(items, to: next)
        let old = items
        let newItems = change.applied(to: old)
        layout = next
        items = newItems

        // The panel element's own attributes: its content size, title (accessible name) and screen id.
        var fields: [(key: String, value: JSONValue)] = [("w", .string(window.id))] + panelFields
        // The same keys at the same indices: the reconciler's fast path (keys unchanged); else matched by key, when
        // keys are unique in both lists.
        var operations: [ViewOperation]?
        let wasUnique = keys != nil
        if wasUnique {
            switch change {
            case .items(let changes): operations = Reconciler.sameTreeOperations(fromUniquelyKeyed: old, replacing: changes)
            case .list(let list): operations = Reconciler.sameTreeOperations(fromUniquelyKeyed: old, to: list)
            case .spliced: operations = nil  // renumbered: the keys' indices are found again
            }
        }
        if operations == nil {
            keys = Self.keyIndex(newItems)
            if wasUnique && keys != nil { operations = Reconciler.operations(from: old, to: newItems) }
        }
        let newOwns = markup.ariaOwns(items: items, order: updater.accessibilityOrder)
        if let operations {
            let encoded = encode(operations)
            if !encoded.isEmpty { fields.append(("ops", .array(encoded))) }
            if newOwns != owns { fields.append(("owns", .string(newOwns))) }
        } else {
            // Keys repeat (a template with equal ids): the panel is sent whole.
            fields.append(("panel", .string(markup.html(items: items, order: updater.accessibilityOrder))))
        }
        owns = newOwns
        let newLabel = LiveMarkup.windowLabel(layout)
        if newLabel != label { label = newLabel; fields.append(("label", .string(label))) }
        let newDiagnostics = LiveMarkup.diagnostics(layout)
        if newDiagnostics != diagnostics { diagnostics = newDiagnostics; fields.append(("diagnostics", .string(diagnostics))) }
        return fields.count > 1 ? .object(fields) : nil
    }

    /// The operations as the page's script applies them: `["i", key, parent, after, html]` (insert),
    /// `["m", key, parent, after]` (move), `["u", key, html]` (the element's attributes and own content replaced,
    /// its children kept), `["r", key]` (remove). A view's frame and content updates are one `u`.
    private func encode(_ operations: [ViewOperation]) -> [JSONValue] {
        var markupIndices: [Int] = []
        var updated = Set<ViewKey>()
        for operation in operations {
            switch operation {
            case .insert(_, let item, _, _): markupIndices.append(item.int)
            case .updateFrame(let key, let item), .updateContent(let key, let item):
                if updated.insert(key).inserted { markupIndices.append(item.int) }
            case .move, .remove: break
            }
        }
        let html = markup.elements(of: items, at: markupIndices)
        var htmlOf: [Int: String] = [:]
        for (i, index) in markupIndices.enumerated() { htmlOf[index] = html[i] }
        func key(_ k: ViewKey?) -> JSONValue { k.map { .string($0.description) } ?? .null }
        var out: [JSONValue] = []
        var written = Set<ViewKey>()
        for operation in operations {
            switch operation {
            case .insert(let k, let item, let parent, let after):
                out.append(.array([.string("i"), key(k), key(parent), key(after), .string(htmlOf[item.int] ?? "")]))
            case .move(let k, let parent, let after):
                out.append(.array([.string("m"), key(k), key(parent), key(after)]))
            case .updateFrame(let k, let item), .updateContent(let k, let item):
                if written.insert(k).inserted { out.append(.array([.string("u"), key(k), .string(htmlOf[item.int] ?? "")])) }
            case .remove(let k):
                out.append(.array([.string("r"), key(k)]))
            }
        }
        return out
    }

    private static func markup(_ window: ServeWindow, _ traits: TraitCollection, _ screen: Screen) -> PatchablePanel {
        PatchablePanel(environment: window.environment, traits: traits, screenID: screen.id, title: screen.title ?? screen.id)
    }

    /// Item indices by view key, nil when a key repeats.
    private static func keyIndex(_ items: [DisplayItem]) -> [String: Int]? {
        var index: [String: Int] = [:]
        index.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard index.updateValue(i, forKey: PatchablePanel.key(item)) == nil else { return nil }
        }
        return index
    }
}
