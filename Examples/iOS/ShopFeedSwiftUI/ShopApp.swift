import SwiftUI
import SDUISchema
import SDUIDisplay
import SDUISwiftUI

/// The same feed in SwiftUI: native views and server-driven sections (`SDUIView`, sized to its content) in a
/// `LazyVStack`; a section's navigation pushes a whole server-driven screen (`SDUIScreenView`, which fills).
@main
struct ShopApp: App {
    var body: some Scene {
        WindowGroup {
            FeedView()
        }
    }
}

struct FeedView: View {
    @State private var path: [String] = []
    private let sections = ["product-card", "product-card"].map(Payloads.screen(named:))

    var body: some View {
        NavigationStack(path: $path) {
            ScrollView {
                LazyVStack(alignment: .leading, spacing: 16) {
                    Text("New this week").font(.title2.bold())
                    ForEach(sections.indices, id: \.self) { k in
                        SDUIView(screen: sections[k], onAction: route)
                    }
                }
                .padding(16)
            }
            .navigationTitle("Shop")
            .navigationDestination(for: String.self) { name in
                SDUIScreenView(screen: Payloads.screen(named: name), onAction: route)
                    .navigationTitle(name)
            }
        }
    }

    /// Navigation the payloads ask for.
    private func route(_ action: Action, _ item: DisplayItem) {
        switch action {
        case .navigate(let screen): path.append(screen)
        case .open(let url): if let url = URL(string: url) { UIApplication.shared.open(url) }
        default: break
        }
    }
}

/// Payloads bundled with the app (a real app fetches them: `Screen(jsonData:)` validates what the server sent).
enum Payloads {
    static func screen(named name: String) -> Screen {
        guard let url = Bundle.main.url(forResource: name, withExtension: "json"), let data = try? Data(contentsOf: url),
              let screen = try? Screen(jsonData: data) else {
            var text = ComponentNode(type: .text, id: "missing")
            text.text = .fixed("\(name) is not in the app's bundle")
            return Screen(id: "missing", root: text)
        }
        return screen
    }
}
