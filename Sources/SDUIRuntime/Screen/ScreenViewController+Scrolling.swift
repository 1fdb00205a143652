import SDUIEnvironment
import SDUIDisplay
import SDUILayout
import SDUISchema

// Scrolling the root scroll view, and the lazy items' onAppear / onDisappear: `LazyItemTracker` (SDUIDisplay, shared
// with the UIKit host) says which items are visible and runs their actions; the controller gives it its screen,
// layout and display list, and carries the actions out.

extension ScreenViewController {
    /// The root scroll view's content offset (`UIScrollView.contentOffset.y`), 0 at the top; kept within the
    /// content (0…content height − visible height) as a scroll view without bounce keeps it.
    public var scrollOffset: Double { lazyItems.offset }

    /// The ids of the lazy items in the visible area, in document order (those whose `onAppear` ran last).
    public var visibleLazyItems: [String] { lazyItems.visible }

    /// Scrolls the root scroll view to `offset` (clamped to the content; the root must be a vertical `scroll`):
    /// the lazy items that enter the visible area run their `onAppear`, those that leave it their `onDisappear`
    /// (leaving first, each in document order). Layout does not change: frames stay in content coordinates at
    /// offset 0, as `sdui layout` prints them.
    /// - Throws: `RuntimeError.invalidValue` when the root is not a vertical scroll (as the last layout found it; the
    ///   screen must have been laid out) or `offset` is not finite.
    public func scroll(to offset: Double) throws(RuntimeError) {
        guard offset.isFinite else { throw RuntimeError(.invalidValue, "'\(screen.id)': a scroll offset must be a finite number") }
        guard let layout = layoutResult else {
            throw RuntimeError(.invalidValue, "'\(screen.id)': the screen has not been laid out yet: there is nothing to scroll")
        }
        guard layout.rootScrollsVertically else {
            let root = layout.content(at: 0).map { " is a \($0.type.rawValue)," } ?? ""
            throw RuntimeError(.invalidValue, "'\(screen.id)': its root\(root) not a vertical scroll: there is nothing to scroll")
        }
        lazyItems.scroll(to: offset)
        updateLazyItemVisibility()
    }

    /// Finds the visible lazy items for the current layout and offset and runs the actions of those that entered
    /// or left the visible area (nothing while the screen has not appeared); an action's error is an `action`
    /// diagnostic.
    func updateLazyItemVisibility() {
        lazyItems.update(current: { [unowned self] in
            layoutResult.map { LazyItemTracker.Snapshot(layout: $0, items: views.items) }
        }, perform: { [unowned self] action, locals, context in
            do throws(RuntimeError) { try perform(action, locals: locals) } catch {
                report(.action, "\(context): \(error.message)")
            }
        }, report: { [unowned self] message in report(.action, message) })
    }
}
