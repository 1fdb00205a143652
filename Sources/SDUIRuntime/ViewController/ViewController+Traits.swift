public import SDUIEnvironment

/// A registration made by `registerForTraitChanges(_:handler:)` (UIKit's `UITraitChangeRegistration`).
@MainActor
public final class TraitChangeRegistration {
    /// The traits observed.
    public let traits: Set<Trait>
    let handler: (ViewController, TraitCollection) -> Void
    init(traits: Set<Trait>, handler: @escaping (ViewController, TraitCollection) -> Void) {
        self.traits = traits; self.handler = handler
    }
}

/// Objects that can observe trait changes (UIKit's `UITraitChangeObservable`).
@MainActor
public protocol TraitChangeObservable: AnyObject {}

extension ViewController: TraitChangeObservable {}

extension TraitChangeObservable where Self: ViewController {
    /// Calls `handler` with the controller and its previous traits whenever one of `traits` changes
    /// (after the `traitsDidChange` event, before layout).
    /// https://developer.apple.com/documentation/uikit/uitraitchangeobservable-67e94/registerfortraitchanges(_:handler:)
    @discardableResult
    public func registerForTraitChanges(_ traits: [Trait], handler: @escaping @MainActor (Self, TraitCollection) -> Void) -> TraitChangeRegistration {
        let registration = TraitChangeRegistration(traits: Set(traits)) { controller, previous in
            guard let typed = controller as? Self else { return }
            handler(typed, previous)
        }
        traitRegistrations.append(registration)
        return registration
    }

    /// Stops calling a registration's handler.
    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        traitRegistrations.removeAll { $0 === registration }
    }
}

// Trait propagation: window scene → window → root view → subviews through the superview chain; a
// controller's traits are its view's. Only controllers whose views are in the window, and that are
// properly contained, are told; the others catch up before their next viewIsAppearing.
// https://developer.apple.com/documentation/uikit/uitraitcollection
extension ViewController {
    /// Delivers `traitsDidChange` (and the registered handlers, and the container's reaction) when
    /// the traits differ from those last delivered. The first traits a controller sees are not a change.
    func deliverTraitChangeIfNeeded() {
        guard isViewInWindow else { return }
        let now = traitCollection
        guard let previous = lastDeliveredTraits else { lastDeliveredTraits = now; return }
        guard previous != now else { return }
        lastDeliveredTraits = now
        let changed = now.changedTraits(from: previous)
        var event = makeEvent(.traitsDidChange)
        event.changedTraits = changed
        record(event)
        let changedSet = Set(changed.compactMap(Trait.init(rawValue:)))
        for registration in traitRegistrations where !registration.traits.isDisjoint(with: changedSet) {
            registration.handler(self, previous)
        }
        traitsDidChangeInternally(from: previous)
    }

    /// Delivers trait changes to this controller, then to its contained children, top-down.
    func propagateTraitChanges() {
        guard receivesCallbacks, isViewInWindow else { return }
        deliverTraitChangeIfNeeded()
        for child in containedVisibleChildren where child.receivesCallbacks {
            child.propagateTraitChanges()
        }
    }
}
