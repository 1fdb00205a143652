import UIKit
import SDUISchema
import SDUIDisplay
import SDUIUIKit

/// A native feed whose rows are server-driven sections: a compositional layout with estimated heights, a native
/// heading row, and `SDUICollectionViewCell`s that size themselves to their section at the feed's width. Each
/// section's state lives in `sessions`, so a section keeps its state (a toggle, a stepper) when its cell is reused.
final class FeedViewController: UIViewController, UICollectionViewDelegate, ActionRouting {
    enum Row: Hashable {
        case heading(String)
        case section(Int)
    }

    private let store: PayloadStore
    private var sessions: [Int: ScreenSession] = [:]
    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Row>!

    init(store: PayloadStore) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = "Shop"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        for (k, name) in store.sectionNames.enumerated() { sessions[k] = ScreenSession(screen: store.screen(named: name)) }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.layout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemGroupedBackground
        collectionView.delegate = self
        view.addSubview(collectionView)

        let heading = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
            var content = UIListContentConfiguration.groupedHeader()
            content.text = text
            cell.contentConfiguration = content
        }
        let section = UICollectionView.CellRegistration<SDUICollectionViewCell, Int> { [unowned self] cell, _, k in
            guard let session = sessions[k] else { return }
            cell.configure(session: session, router: self)
            cell.sduiView?.diagnosticHandler = { message in print("section \(k): \(message)") }
        }
        dataSource = UICollectionViewDiffableDataSource<Int, Row>(collectionView: collectionView) { view, indexPath, row in
            switch row {
            case .heading(let text): return view.dequeueConfiguredReusableCell(using: heading, for: indexPath, item: text)
            case .section(let k): return view.dequeueConfiguredReusableCell(using: section, for: indexPath, item: k)
            }
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Row>()
        snapshot.appendSections([0])
        snapshot.appendItems([.heading("New this week")] + store.sectionNames.indices.map { Row.section($0) })
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// A section scrolled away keeps its state for the next time its row is shown (its cell may show another).
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        guard let cell = cell as? SDUICollectionViewCell, case .section(let k) = dataSource.itemIdentifier(for: indexPath),
              let session = cell.sduiView?.session else { return }
        sessions[k] = session
    }

    /// One full-width item per row, as tall as its content: an estimated height the cells correct (self-sizing).
    static func layout() -> UICollectionViewCompositionalLayout {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(320))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 16
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 24, trailing: 16)
        return UICollectionViewCompositionalLayout(section: section)
    }

    // MARK: ActionRouting

    /// Navigation the sections ask for: another server-driven screen pushed, presented, or a URL opened.
    func perform(_ action: Action, from item: DisplayItem) {
        switch action {
        case .navigate(let screen):
            navigationController?.pushViewController(ProductViewController(screen: store.screen(named: screen), store: store), animated: true)
        case .present(let screen, _):
            let controller = SDUIScreenViewController(screen: store.screen(named: screen), router: self)
            present(UINavigationController(rootViewController: controller), animated: true)
        case .dismiss:
            presentedViewController?.dismiss(animated: true)
        case .open(let url):
            if let url = URL(string: url) { UIApplication.shared.open(url) }
        default:
            break
        }
    }
}
