import Foundation
import SDUISchema

/// Where the app gets its payloads: the server in a real app; here, JSON files bundled with the app (copy
/// `Examples/sections/*.json` and `Examples/*.json` into the app target's resources).
struct PayloadStore {
    /// The feed's sections, in order: each a payload laid out at the feed's width (`SDUICollectionViewCell`).
    let sectionNames = ["product-card", "product-card"]

    /// The payload `name`, decoded and validated; a payload that does not decode is shown as an error section.
    func screen(named name: String) -> Screen {
        do {
            guard let url = Bundle.main.url(forResource: name, withExtension: "json") else { throw StoreError.missing(name) }
            return try Screen(jsonData: try Data(contentsOf: url))
        } catch {
            return Self.problem("\(name): \(error)")
        }
    }

    /// Fetches a payload from the server (what a real app does), validated before anything is shown.
    func fetch(_ url: URL) async throws -> Screen {
        let (data, _) = try await URLSession.shared.data(from: url)
        return try Screen(jsonData: data)
    }

    enum StoreError: Error { case missing(String) }

    /// A section that says what went wrong, built in code (no payload to trust).
    static func problem(_ message: String) -> Screen {
        var text = ComponentNode(type: .text, id: "problem")
        text.text = .fixed(message)
        return Screen(id: "problem", root: text)
    }
}
