/// One thing a payload can say, for the version it appeared in: a node type, a key, a modifier, an action, an
/// expression function, a key of a value object, or a value form.
public enum FormatFeature: Hashable, Sendable, CustomStringConvertible {
    /// A key of the screen object (`state`).
    case screenKey(String)
    /// A node type (`section`).
    case type(String)
    /// A key every node takes, custom types included (`accessibility`).
    case nodeKey(String)
    /// A key of one built-in type (`lineSpacing` on `text`).
    case typeKey(type: String, key: String)
    /// A `modifiers` chain element (`shadow`).
    case modifier(String)
    /// A key of a chain element's object form (`radius` of `shadow`).
    case modifierKey(modifier: String, key: String)
    /// An action type (`request`).
    case action(String)
    /// A key of an action besides `type` (`onSuccess` of `request`).
    case actionKey(action: String, key: String)
    /// An expression function (`formatCurrency`).
    case function(String)
    /// A key of a value object that is not a node: `frame`, `padding`, `color`, `sizeClass` (`compact`, `regular`),
    /// `lint`, `lintSuppression`, `gridItem`, `gridItemBounds`, `accessibility`, `forEach`, `pickerOption`.
    case objectKey(object: String, key: String)
    /// A form a value may take: `binding` (`"@{expr}"` in any property), `forEach` (a template among children),
    /// `gridItems` (GridItems as a grid's `columns`).
    case form(String)

    /// `type section`, `key text.lineSpacing`, `modifier shadow`, …
    public var description: String {
        switch self {
        case .screenKey(let key): return "screen key \(key)"
        case .type(let name): return "type \(name)"
        case .nodeKey(let key): return "node key \(key)"
        case .typeKey(let type, let key): return "key \(type).\(key)"
        case .modifier(let name): return "modifier \(name)"
        case .modifierKey(let modifier, let key): return "modifier key \(modifier).\(key)"
        case .action(let name): return "action \(name)"
        case .actionKey(let action, let key): return "action key \(action).\(key)"
        case .function(let name): return "function \(name)"
        case .objectKey(let object, let key): return "key \(object).\(key)"
        case .form(let name): return "form \(name)"
        }
    }
}

/// A version of the payload format and what it added.
public struct FormatRelease: Sendable {
    /// The version.
    public let version: FormatVersion
    /// The day it reached the main branch (`YYYY-MM-DD`).
    public let date: String
    /// What it added, in a sentence.
    public let summary: String
    /// Everything it added.
    public let additions: [FormatFeature]
}

/// The payload format's versions and what each added: the changelog `docs/schema.md` prints and the `since` of
/// every entry of `Capabilities`.
///
/// Versions before 1.7 were assigned afterwards, from the repository's history: one version per merge into the
/// main branch that added to what the decoder reads (docs/schema.md, "Versions"). A key, type, modifier, action or
/// function the decoder reads without an entry here fails `CapabilitiesTests`, so every addition is registered
/// with its version.
public enum FormatHistory {
    /// Every release, oldest first; the last is `FormatVersion.current`.
    public static let releases: [FormatRelease] = [
        FormatRelease(
            version: FormatVersion(1, 0), date: "2026-11-29",
            summary: "The starting contract: stacks, grids, scroll views, text, images, buttons, spacers, dividers and colors; padding, frame, aspect ratio, background, corner radius, visibility, layout priority; size-class maps; navigation actions.",
            additions: [.screenKey("schemaVersion"), .screenKey("id"), .screenKey("title"), .screenKey("root")]
                + types("vstack", "hstack", "zstack", "grid", "scroll", "text", "image", "button", "spacer", "divider", "color")
                + keys("vstack", "spacing", "alignment") + keys("hstack", "spacing", "alignment") + keys("zstack", "alignment")
                + keys("grid", "columns", "minColumnWidth", "spacing", "rowSpacing", "columnSpacing", "alignment")
                + keys("scroll", "axis", "spacing")
                + keys("text", "text", "style", "weight", "lineLimit", "alignment", "color")
                + keys("image", "url", "placeholder", "alt") + keys("button", "title", "style", "color")
                + keys("spacer", "minLength") + keys("color", "color")
                + nodeKeys("id", "children", "padding", "frame", "aspectRatio", "contentMode", "background", "cornerRadius", "visible",
                           "layoutPriority", "action")
                + action("navigate", "screen") + action("open", "url") + action("present", "screen", "style") + action("dismiss")
                + object("frame", "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment")
                + object("padding", "top", "leading", "bottom", "trailing", "horizontal", "vertical")
                + object("color", "light", "dark") + object("sizeClass", "compact", "regular")),
        FormatRelease(
            version: FormatVersion(1, 1), date: "2026-12-01",
            summary: "Lint settings on any node: findings silenced with a reason.",
            additions: nodeKeys("lint") + object("lint", "disable") + object("lintSuppression", "code", "reason")),
        FormatRelease(
            version: FormatVersion(1, 2), date: "2026-12-01",
            summary: "SwiftUI's modifier chain (`modifiers`) with backgrounds and overlays that hold views; GridItem columns.",
            additions: nodeKeys("modifiers")
                + modifier("padding") + modifier("frame") + modifier("aspectRatio", "ratio", "contentMode")
                + modifier("background", "content", "color", "alignment", "ignoresSafeArea")
                + modifier("overlay", "content", "color", "alignment", "ignoresSafeArea")
                + modifier("offset", "x", "y") + modifier("opacity") + modifier("cornerRadius") + modifier("clipShape", "roundedRectangle")
                + modifier("border", "color", "width") + modifier("shadow", "radius", "color", "x", "y")
                + modifier("fixedSize", "horizontal", "vertical") + modifier("layoutPriority") + modifier("ignoresSafeArea", "edges")
                + modifier("hidden")
                + [.form("gridItems")] + object("gridItem", "fixed", "flexible", "adaptive", "spacing", "alignment")
                + object("gridItemBounds", "minimum", "maximum")),
        FormatRelease(
            version: FormatVersion(1, 3), date: "2026-12-02",
            summary: "Right-to-left layout: images that mirror.",
            additions: keys("image", "flipsForRightToLeftLayoutDirection")),
        FormatRelease(
            version: FormatVersion(1, 4), date: "2026-12-02",
            summary: "Interactive screens: state, previews, bindings and expressions, forEach templates, inputs, appearance actions and state actions.",
            additions: [.screenKey("state"), .screenKey("previews"), .form("binding"), .form("forEach")]
                + types("toggle", "textField", "stepper", "picker")
                + keys("toggle", "isOn", "label") + keys("textField", "text", "placeholder", "keyboard", "secure", "submitAction")
                + keys("stepper", "value", "range", "step", "label") + keys("picker", "selection", "options", "style", "label")
                + nodeKeys("onAppear", "onDisappear")
                + action("set", "name", "value") + action("toggle", "name") + action("append", "name", "value")
                + action("remove", "name", "index", "value") + action("sequence", "actions") + action("if", "condition", "then", "else")
                + action("request", "url", "method", "body", "onSuccess", "onFailure")
                + ["len", "min", "max", "round", "uppercase", "lowercase", "contains", "formatNumber", "formatCurrency"].map(FormatFeature.function)
                + object("forEach", "items", "id", "as", "template") + object("pickerOption", "value", "label")),
        FormatRelease(
            version: FormatVersion(1, 5), date: "2026-12-02",
            summary: "Accessibility on any node.",
            additions: nodeKeys("accessibility")
                + object("accessibility", "label", "hint", "value", "identifier", "traits", "hidden", "sortPriority", "children")),
        FormatRelease(
            version: FormatVersion(1, 6), date: "2026-12-02",
            summary: "Sections and pinned headers, viewThatFits, flow, hgrid, label, SF Symbols, text styling.",
            additions: types("section", "viewThatFits", "flow", "hgrid", "label")
                + keys("section", "header", "footer", "spacing", "alignment") + keys("viewThatFits", "axes")
                + keys("flow", "spacing", "lineSpacing", "alignment")
                + keys("hgrid", "rows", "spacing", "rowSpacing", "columnSpacing", "alignment")
                + keys("label", "title", "systemImage", "style", "weight", "color")
                + keys("scroll", "pinnedViews")
                + keys("text", "multilineTextAlignment", "lineSpacing", "strikethrough", "underline", "monospacedDigit", "truncationMode",
                       "minimumScaleFactor")
                + keys("image", "systemName", "style", "color")),
        FormatRelease(
            version: FormatVersion(1, 7), date: "2026-12-05",
            summary: "Fallbacks: any node may say which renderers can show it (`minimumVersion`) and what the others show instead (`fallback`); fonts from font files on text-bearing nodes (`fontFamily`, `fontSize`, `italic`).",
            additions: nodeKeys("fallback", "minimumVersion")
                + ["text", "label", "button", "toggle", "textField", "stepper", "picker"].flatMap { keys($0, "fontFamily", "fontSize", "italic") }),
    ]

    /// The version `feature` appeared in, or nil when no release lists it.
    /// - Complexity: O(1).
    public static func since(_ feature: FormatFeature) -> FormatVersion? { index[feature] }

    /// The version a node of `type` takes `key` since: the key's own entry (a type key, or a key every node takes),
    /// and never before the type itself. Nil when the key is not registered for the type.
    public static func since(key: String, on type: ComponentType) -> FormatVersion? {
        let typeSince = type.isBuiltIn ? since(.type(type.rawValue)) : FormatVersion(1, 0)
        guard let typeSince else { return nil }
        guard let keySince = since(.typeKey(type: type.rawValue, key: key)) ?? since(.nodeKey(key)) else { return nil }
        return max(typeSince, keySince)
    }

    /// Every feature with its version.
    private static let index: [FormatFeature: FormatVersion] = {
        var index: [FormatFeature: FormatVersion] = [:]
        for release in releases {
            for feature in release.additions where index[feature] == nil { index[feature] = release.version }
        }
        return index
    }()

    // MARK: Table helpers

    private static func types(_ names: String...) -> [FormatFeature] { names.map(FormatFeature.type) }
    private static func keys(_ type: String, _ keys: String...) -> [FormatFeature] { keys.map { .typeKey(type: type, key: $0) } }
    private static func nodeKeys(_ keys: String...) -> [FormatFeature] { keys.map(FormatFeature.nodeKey) }
    private static func modifier(_ name: String, _ keys: String...) -> [FormatFeature] {
        [.modifier(name)] + keys.map { .modifierKey(modifier: name, key: $0) }
    }
    private static func action(_ name: String, _ keys: String...) -> [FormatFeature] {
        [.action(name)] + keys.map { .actionKey(action: name, key: $0) }
    }
    private static func object(_ name: String, _ keys: String...) -> [FormatFeature] { keys.map { .objectKey(object: name, key: $0) } }
}
