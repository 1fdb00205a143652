import UIKit
import SDUISchema
import SDUIDisplay
import SDUIUIKit

/// Server-driven rows in a table: `SDUITableViewCell`s in `UITableView.automaticDimension` rows, each as tall as its
/// payload at the table's width.
final class SettingsViewController: UITableViewController {
    private let rows: [ScreenSession]

    init(rows: [Screen]) {
        self.rows = rows.map { ScreenSession(screen: $0) }
        super.init(style: .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(SDUITableViewCell.self, forCellReuseIdentifier: "sdui")
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 88
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "sdui", for: indexPath)
        (cell as? SDUITableViewCell)?.configure(session: rows[indexPath.row], router: nil)
        return cell
    }
}
