public import SDUIEnvironment
public import SDUISchema

/// One entry of the runtime's event log: a UIKit callback delivered to an object, or a diagnostic.
///
/// Controller events carry the view's size and size classes *as the controller sees them at that
/// moment*: `size` is nil before the view is loaded, the size classes are nil ("unspecified", as in
/// UIKit) while the view is not in a window.
public struct Event: Hashable, Sendable, CustomStringConvertible {
    /// What happened. The raw value is the UIKit callback's base name (`viewIsAppearing`).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        // Scene life cycle (UISceneDelegate).
        case willConnect, sceneWillEnterForeground, sceneDidBecomeActive, sceneWillResignActive
        case sceneDidEnterBackground, sceneDidDisconnect
        // View controller life cycle.
        case loadView, viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear
        case viewWillDisappear, viewDidDisappear, viewWillTransition
        case viewWillLayoutSubviews, viewDidLayoutSubviews
        // Containment.
        case willMoveToParent, didMoveToParent
        // Traits (a window or a controller whose trait collection actually changed).
        case traitsDidChange
        /// The object was released.
        case `deinit`
        /// UIKit would log a warning (or raise) here; the runtime records it instead.
        case diagnostic
        // Interactive screens (not UIKit callbacks): a screen's state changed (`stateChanges`), it handed a
        // request to the host (`request`), or the host answered one (`request`, `status`).
        case stateDidChange, requestDidStart, requestDidFinish
    }

    /// The object's log name: `scene`, `window`, or a controller's `name` (a screen's id).
    public var object: String
    /// What happened.
    public var kind: Kind
    /// The controller's view size at that moment (nil before the view loads, and for scene events).
    public var size: Size?
    /// The horizontal size class the object sees (nil: unspecified, the view is not in a window).
    public var horizontalSizeClass: UserInterfaceSizeClass?
    /// The vertical size class the object sees (nil: unspecified).
    public var verticalSizeClass: UserInterfaceSizeClass?
    /// The `animated` argument of appearance callbacks.
    public var animated: Bool?
    /// The `to:` size of `viewWillTransition(to:with:)`.
    public var targetSize: Size?
    /// For `willMoveToParent` / `didMoveToParent`: the parent's name, nil for `toParent: nil`.
    public var parent: String?
    /// For `traitsDidChange`: the names of the traits that changed (`horizontalSizeClass`, …).
    public var changedTraits: [String]
    /// For `diagnostic`: what UIKit would have warned about.
    public var diagnostic: RuntimeDiagnostic?
    /// For `stateDidChange`: each variable that changed and its new value, in the state's order.
    public var stateChanges: [StateChange]
    /// For `requestDidStart` / `requestDidFinish`: the request's method and URL (`POST https://…`).
    public var request: String?
    /// For `requestDidFinish`: the response's HTTP status (0: no response).
    public var status: Int?

    /// One state variable's new value.
    public struct StateChange: Hashable, Sendable {
        /// The variable.
        public var name: String
        /// Its value after the change.
        public var value: JSONValue {
            get {
                switch stored {
                case .json(let value): return value
                case .state(let value): return value.jsonValue
                }
            }
            set { stored = .json(newValue) }
        }
        /// The value as it was given: a screen's change is recorded as the state's own value (its storage shared with
        /// the state), written as JSON only when read — a change of a long list is not converted on every tap.
        private var stored: Stored
        private enum Stored: Sendable {
            case json(JSONValue)
            case state(StateValue)
        }

        /// Creates a change.
        public init(name: String, value: JSONValue) { self.name = name; stored = .json(value) }

        /// A change to `value` (nil: the variable has no value, `null`).
        init(name: String, state value: StateValue?) {
            self.name = name
            stored = value.map { .state($0) } ?? .json(.null)
        }

        public static func == (a: StateChange, b: StateChange) -> Bool { a.name == b.name && a.value == b.value }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(value)
        }
    }

    /// Creates an event.
    public init(object: String, kind: Kind, size: Size? = nil,
                horizontalSizeClass: UserInterfaceSizeClass? = nil, verticalSizeClass: UserInterfaceSizeClass? = nil,
                animated: Bool? = nil, targetSize: Size? = nil, parent: String? = nil,
                changedTraits: [String] = [], diagnostic: RuntimeDiagnostic? = nil, stateChanges: [StateChange] = [],
                request: String? = nil, status: Int? = nil) {
        self.object = object; self.kind = kind; self.size = size
        self.horizontalSizeClass = horizontalSizeClass; self.verticalSizeClass = verticalSizeClass
        self.animated = animated; self.targetSize = targetSize; self.parent = parent
        self.changedTraits = changedTraits; self.diagnostic = diagnostic
        self.stateChanges = stateChanges; self.request = request; self.status = status
    }

    /// `object.kind`, the form tests compare sequences in (`home.viewIsAppearing`).
    public var name: String { "\(object).\(kind.rawValue)" }

    /// One line for people: `home viewIsAppearing 393×852 compact/regular`.
    public var description: String {
        var parts = [object, kind.rawValue]
        if let size { parts.append(size.description) }
        if size != nil || horizontalSizeClass != nil {
            parts.append("\(horizontalSizeClass?.rawValue ?? "unspecified")/\(verticalSizeClass?.rawValue ?? "unspecified")")
        }
        if let targetSize { parts.append("to \(targetSize)") }
        if kind == .willMoveToParent || kind == .didMoveToParent { parts.append("parent: \(parent ?? "nil")") }
        if !changedTraits.isEmpty { parts.append("changed: " + changedTraits.joined(separator: ", ")) }
        if let diagnostic { parts.append("[\(diagnostic.code.rawValue)] \(diagnostic.message)") }
        if !stateChanges.isEmpty { parts.append(stateChanges.map { "\($0.name) = \($0.value.serialized())" }.joined(separator: ", ")) }
        if let request { parts.append(request) }
        if let status { parts.append("status \(status)") }
        return parts.joined(separator: " ")
    }
}
