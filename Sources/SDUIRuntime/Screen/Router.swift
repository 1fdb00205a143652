public import SDUISchema
public import SDUILayout

/// Supplies screens by id for `navigate` and `present` actions (the host app fetches them from its server).
@MainActor
public protocol ScreenProvider: AnyObject {
    /// The screen with `id`.
    /// - Throws: any error; the router wraps it as `RuntimeError.screenNotFound`.
    func screen(id: String) throws -> Screen
}

/// A screen provider backed by a dictionary (tests, `sdui simulate`).
@MainActor
public final class InMemoryScreenProvider: ScreenProvider {
    private var screens: [String: Screen]
    /// Creates a provider holding `screens` (the last one wins for a repeated id).
    public init(_ screens: [Screen] = []) {
        self.screens = Dictionary(screens.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }
    /// Adds or replaces a screen.
    public func add(_ screen: Screen) { screens[screen.id] = screen }
    /// The known ids, sorted.
    public var ids: [String] { screens.keys.sorted() }
    /// The screen with `id`.
    /// - Throws: `RuntimeError.screenNotFound`, listing the known ids.
    public func screen(id: String) throws -> Screen {
        guard let screen = screens[id] else {
            throw RuntimeError(.screenNotFound, "no screen with id '\(id)' (known: \(ids.joined(separator: ", ")))")
        }
        return screen
    }
}

/// Carries out payload actions: `navigate` pushes (or, from a split's primary column, shows the detail),
/// `present` presents, `dismiss` dismisses, `open` hands the URL to the host. Screens are resolved by id through the `ScreenProvider`.
@MainActor
public final class Router {
    /// Where screens come from.
    public let provider: any ScreenProvider
    /// The registry new screens use.
    public let registry: ComponentRegistry
    /// The fonts new screens measure their text in (`fontFamily`).
    public let fonts: FontCollection
    /// URLs `open` actions asked the host to open, in order.
    public private(set) var openedURLs: [String] = []
    /// Called with each screen controller the router makes, before it is shown (a host can rename it,
    /// set its presentation style, add trait overrides…).
    public var prepareViewController: (@MainActor (ScreenViewController) -> Void)?

    /// Creates a router whose screens measure their text in `fonts`.
    public init(provider: any ScreenProvider, registry: ComponentRegistry = .shared, fonts: FontCollection = FontCollection()) {
        self.provider = provider; self.registry = registry; self.fonts = fonts
    }

    /// A screen controller for the screen with `id`, routed by this router.
    /// - Throws: `RuntimeError.screenNotFound`.
    public func makeScreenViewController(id: String) throws(RuntimeError) -> ScreenViewController {
        let screen: Screen
        do { screen = try provider.screen(id: id) } catch let error as RuntimeError { throw error } catch {
            throw RuntimeError(.screenNotFound, "screen '\(id)': \(error)")
        }
        let controller = ScreenViewController(screen: screen, registry: registry, router: self)
        prepareViewController?(controller)
        return controller
    }

    /// Performs `action` on behalf of `source`.
    /// - Throws: `RuntimeError` — `.screenNotFound`, `.noNavigationController` (navigate outside a
    ///   navigation controller), `.alreadyPresenting`, `.nothingToDismiss`, `.unsupportedAction`.
    public func perform(_ action: Action, from source: ViewController) throws(RuntimeError) {
        switch action {
        case .navigate(let id):
            // From a split's primary column, the destination becomes the detail (master–detail);
            // elsewhere it is pushed on the nearest navigation stack.
            if let split = source.splitViewController, source.isDescendant(of: split.primary) {
                split.showDetailViewController(try makeScreenViewController(id: id))
                return
            }
            guard let navigation = (source as? NavigationController) ?? source.navigationController else {
                throw RuntimeError(.noNavigationController, "navigate to '\(id)' from '\(source.name)', which is neither in a navigation controller nor in a split view's primary column")
            }
            navigation.pushViewController(try makeScreenViewController(id: id), animated: true)
        case .present(let id, let style):
            if let presented = source.presentationContext.presentedStorage {
                throw RuntimeError(.alreadyPresenting, "present '\(id)' from '\(source.name)', which is already presenting '\(presented.name)'")
            }
            let controller = try makeScreenViewController(id: id)
            controller.modalPresentationStyle = ModalPresentationStyle(style)
            source.present(controller, animated: true)
        case .dismiss:
            guard source.canDismiss else {
                throw RuntimeError(.nothingToDismiss, "dismiss from '\(source.name)', which neither presents nor is presented")
            }
            source.dismiss(animated: true)
        case .open(let url):
            openedURLs.append(url)
        case .set, .toggle, .append, .remove, .sequence, .if, .request:
            // State actions change a screen's state: its controller runs them (`ScreenViewController.perform`).
            throw RuntimeError(.unsupportedAction, "'\(action.typeName)' changes a screen's state: perform it through its ScreenViewController, not the router")
        case .custom(let type, _):
            throw RuntimeError(.unsupportedAction, "action type '\(type)' is not supported by this runtime")
        }
    }
}

extension ModalPresentationStyle {
    /// The runtime style for a payload's presentation style.
    public init(_ style: PresentationStyle) {
        switch style {
        case .automatic: self = .automatic
        case .pageSheet: self = .pageSheet
        case .formSheet: self = .formSheet
        case .fullScreen: self = .fullScreen
        case .overFullScreen: self = .overFullScreen
        }
    }
}
