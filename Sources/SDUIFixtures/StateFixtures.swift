public import SDUISchema

extension BenchmarkFixtures {
    /// `cards-N-state`: the cards of `cards(count:)` with a badge in each card's row — a caption text
    /// `"@{badgeI}"` bound to its own state variable `badgeI` (0 initially) — decoded from its payload, so the
    /// bindings are compiled. Changing one variable changes one card's badge: what `cards-100-state-change` times.
    /// nil when the payload does not decode.
    ///
    /// `boundProperties`: each card's button colour is also bound (`"@{accentI}"`, a string) and its subtitle's
    /// visibility (`"@{showI}"`, a bool) — what `cards-100-state-change-color` and `-visible` change.
    public static func cardsWithBadges(count: Int, boundProperties: Bool = false) -> Screen? {
        let n = max(0, count)
        func color(_ id: String, width: Double?, height: Double, fill: String = "#3366CC", visible: String? = nil,
                   boundHeight: String? = nil) -> JSONValue {
            var pairs: [(key: String, value: JSONValue)] = [("type", "color"), ("id", .string(id)), ("color", .string(fill))]
            var frame: [(key: String, value: JSONValue)] = [("height", boundHeight.map { .string($0) } ?? .number(height))]
            if let width { frame.insert(("width", .number(width)), at: 0) }
            pairs.append(("frame", .object(frame)))
            if let visible { pairs.append(("visible", .string(visible))) }
            return .object(pairs)
        }
        let cards: [JSONValue] = (0..<n).map { i in
            let prefix = "card-\(i)"
            return [
                "type": "vstack", "id": .string(prefix), "alignment": "leading", "spacing": 8, "padding": 8, "children": [
                    ["type": "image", "id": .string(prefix + "-image"), "url": .string("https://example.com/\(i).jpg"), "aspectRatio": 1.7778],
                    color(prefix + "-title", width: nil, height: 20, boundHeight: boundProperties ? "@{size\(i)}" : nil),
                    color(prefix + "-subtitle", width: nil, height: 16, visible: boundProperties ? "@{show\(i)}" : nil),
                    ["type": "hstack", "id": .string(prefix + "-row"), "spacing": 8, "children": [
                        color(prefix + "-price", width: 40, height: 20),
                        ["type": "spacer", "id": .string(prefix + "-spacer")],
                        ["type": "text", "id": .string(prefix + "-badge"), "text": .string("@{badge\(i)}"), "style": "caption"],
                        color(prefix + "-button", width: 32, height: 32, fill: boundProperties ? "@{accent\(i)}" : "#3366CC"),
                    ]],
                ],
            ]
        }
        var variables: [(key: String, value: JSONValue)] = (0..<n).map { (key: "badge\($0)", value: .number(0)) }
        if boundProperties {
            for i in 0..<n {
                variables += [(key: "accent\(i)", value: "#3366CC"), (key: "show\(i)", value: true), (key: "size\(i)", value: 20)]
            }
        }
        let payload: JSONValue = [
            "schemaVersion": 1, "id": .string("cards-\(n)-state"),
            "state": .object(variables),
            "root": ["type": "scroll", "id": "scroll", "children": [
                ["type": "grid", "id": "grid", "columns": 2, "spacing": 12, "padding": 16, "children": .array(cards)],
            ]],
        ]
        return PayloadDecoder().decode(Array(payload.serialized().utf8)).screen
    }
}
