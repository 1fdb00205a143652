import UIKit
import SDUISchema
import SDUIDisplay
import SDUIUIKit

/// A native screen with a server-driven section under Auto Layout: a `UIStackView` in a `UIScrollView` holding a
/// native title and an `SDUIView`, whose intrinsic content size is the section's height at the stack's width
/// (it invalidates it itself when its width, state, traits or payload change).
final class ProductViewController: UIViewController, ActionRouting {
    private let section: SDUIView
    private let store: PayloadStore

    init(screen: Screen, store: PayloadStore) {
        self.store = store
        section = SDUIView(screen: screen)
        super.init(nibName: nil, bundle: nil)
        title = screen.title
        section.router = self
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scroll)
        let title = UILabel()
        title.font = .preferredFont(forTextStyle: .largeTitle)
        title.adjustsFontForContentSizeCategory = true
        title.text = self.title
        let stack = UIStackView(arrangedSubviews: [title, section])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(stack)
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: view.topAnchor),
            scroll.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 16),
            stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor, constant: -16),
            stack.leadingAnchor.constraint(equalTo: scroll.frameLayoutGuide.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: scroll.frameLayoutGuide.trailingAnchor, constant: -16),
        ])
    }

    func perform(_ action: Action, from item: DisplayItem) {
        if case .navigate(let screen) = action {
            navigationController?.pushViewController(SDUIScreenViewController(screen: store.screen(named: screen), router: self), animated: true)
        }
    }
}
