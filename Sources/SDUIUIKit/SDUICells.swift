#if canImport(UIKit)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIView.swift).
import UIKit
import SDUISchema
import SDUIDisplay

/// A self-sizing collection view cell showing one SDUI section: an `SDUIView` that fits its content, pinned to the
/// content view's edges. In a compositional layout with an estimated height (`.estimated(…)`), the cell is as tall as
/// its section at the cell's width: `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`
/// asks the section (`SDUIView`), and when a state, trait or content change alters the section's height the cell calls
/// `invalidateIntrinsicContentSize()`, which resizes it (`UICollectionView.selfSizingInvalidation`, iOS 16).
@MainActor
open class SDUICollectionViewCell: UICollectionViewCell {
    /// The section's view (nil until `configure`).
    public private(set) var sduiView: SDUIView?

    /// Shows `session`'s payload (keep sessions in your data source so a section keeps its state when its cell is
    /// reused), routing its navigation and custom actions to `router`.
    public func configure(session: ScreenSession, router: (any ActionRouting)?) {
        if sduiView == nil {
            sduiView = SDUIView.pinned(in: contentView) { [weak self] in self?.invalidateIntrinsicContentSize() }
        }
        sduiView?.show(session, router: router)
    }

    /// Shows `screen` in its initial state.
    public func configure(screen: Screen, router: (any ActionRouting)?) {
        configure(session: ScreenSession(screen: screen), router: router)
    }


    /// The section's size at the target width (the height it needs), for self-sizing.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                               verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        guard let sduiView else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        }
        return sduiView.cellSize(fitting: targetSize, horizontal: horizontal, vertical: vertical)
    }
}

/// A self-sizing table view cell showing one SDUI section (`UITableView.automaticDimension` rows): as
/// `SDUICollectionViewCell`, in a table.
@MainActor
open class SDUITableViewCell: UITableViewCell {
    /// The section's view (nil until `configure`).
    public private(set) var sduiView: SDUIView?

    /// Shows `session`'s payload, routing its navigation and custom actions to `router`.
    public func configure(session: ScreenSession, router: (any ActionRouting)?) {
        if sduiView == nil {
            sduiView = SDUIView.pinned(in: contentView) { [weak self] in self?.invalidateIntrinsicContentSize() }
        }
        sduiView?.show(session, router: router)
    }

    /// Shows `screen` in its initial state.
    public func configure(screen: Screen, router: (any ActionRouting)?) {
        configure(session: ScreenSession(screen: screen), router: router)
    }


    /// The section's size at the table's width (the row height it needs), for self-sizing.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                               verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        guard let sduiView else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        }
        return sduiView.cellSize(fitting: targetSize, horizontal: horizontal, vertical: vertical)
    }
}
extension SDUIView {
    /// A view that fits its content, pinned to `contentView`'s edges (a cell's), calling `sizeDidChange` when the size
    /// it fits its content in changes.
    static func pinned(in contentView: UIView, sizeDidChange: @escaping @MainActor () -> Void) -> SDUIView {
        let view = SDUIView(screen: Screen(id: "empty", root: ComponentNode(type: .vstack)), sizing: .fitsContent)
        view.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            view.topAnchor.constraint(equalTo: contentView.topAnchor),
            view.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        ])
        view.contentSizeDidChange = { _ in sizeDidChange() }
        return view
    }

    /// Shows `session` (unless it is the one shown, in the same state: a cell configured again), with `router`.
    func show(_ session: ScreenSession, router: (any ActionRouting)?) {
        self.router = router
        if storedSession.screen != session.screen || storedSession.state != session.state { self.session = session }
    }

    /// A self-sizing cell's size: the cell's width when it is required, the section's height at it.
    func cellSize(fitting targetSize: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        let size = systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        return CGSize(width: horizontal == .required ? targetSize.width : size.width, height: size.height)
    }
}
#endif
