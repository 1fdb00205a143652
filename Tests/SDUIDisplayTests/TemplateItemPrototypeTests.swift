import Testing
import SDUIFixtures
import SDUIEnvironment
@testable import SDUISchema

/// A template's item made from the definition the decoder checked once (`PayloadDecoder.instantiatedTemplateItem`:
/// bound keys and ids resolved for the item) is the node the decoder makes from the item's payload — on the shop
/// screen's card, and on definitions with bound sizes, paddings, modifiers, decoration views, a section's header and
/// footer, index reads, accessibility and values a property refuses.
@Suite struct TemplateItemPrototypeTests {
    static let decorated = #"""
    {"schemaVersion": 1, "id": "proto", "state": {"tint": "#0000FF", "big": true, "items": [
       {"id": "a", "n": 1, "t": "New", "c": "#FF0000", "u": "x"}, {"id": "b", "n": 2.5, "t": "", "c": "#00FF00", "u": "y"},
       {"id": "c", "n": 0, "t": "Hot", "c": "blue", "u": "z@@{w}"}, {"id": "d", "n": -3, "t": "x", "c": "not a colour", "u": ""},
       {"id": "e", "n": "seven", "t": 7, "c": "#123456", "u": "q"}]},
     "root": {"type": "vstack", "children": [{"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
       {"type": "vstack", "id": "card-@{item.id}", "spacing": "@{item.n}", "padding": {"horizontal": "@{item.n * 2}"}, "children": [
         {"type": "image", "id": "img-@{item.id}", "url": "https://img.example/@{item.u}.jpg", "aspectRatio": 1.5,
          "modifiers": [{"overlay": {"alignment": "topTrailing", "content": {"type": "button", "id": "badge-@{item.id}", "title": "@{item.t}",
                           "action": {"type": "set", "name": "tint", "value": "@{item.c}"}}}},
                        {"background": {"content": {"type": "color", "color": "@{item.c}"}}}]},
         {"type": "text", "text": "#@{index}: @{item.t}", "style": "headline", "lineLimit": 2, "color": "@{tint}",
          "modifiers": [{"padding": 4}, {"cornerRadius": 2}]},
         {"type": "color", "color": "@{item.c}", "frame": {"width": 24, "height": "@{item.n * 10}"}, "visible": "@{big}"},
         {"type": "text", "text": "@{item.n}", "accessibility": {"label": "Price @{item.n}"}},
         {"type": "section", "id": "sec-@{index}", "header": {"type": "text", "id": "h-@{item.id}", "text": "@{item.t}"},
          "footer": {"type": "text", "text": "@{index} of @{len(items)}"}, "children": [{"type": "spacer"}]}]}}]}}
    """#

    /// Each template item of `screen` (every node with a `templateItem`) against the item made from its template's
    /// definition; returns how many were made from it.
    static func compare(_ screen: Screen) -> Int {
        var made = 0
        func visit(_ node: ComponentNode, depth: Int) {
            for template in node.templates {
                for k in template.range {
                    let item = node.children[k]
                    guard let local = item.templateItem, let index = node.templateItemIndex(ofChild: k) else {
                        Issue.record("item \(k) has no templateItem"); continue
                    }
                    var compiled: [String: StateBinding] = [:]
                    var plan: TemplateItemPlan?
                    let instantiated = PayloadDecoder().instantiatedTemplateItem(of: template.forEach, element: local.item, index: index,
                                                                                  key: local.key, in: screen.state, depth: depth + 1,
                                                                                  plan: &plan, compiled: &compiled)
                    var again: [String: StateBinding] = [:]
                    let decoded = PayloadDecoder().resolvedTemplateItem(template.forEach.template.payloadJSON(inTemplate: true), of: template.forEach,
                                                                        element: local.item, index: index, key: local.key,
                                                                        in: screen.state, depth: depth + 1, compiled: &again)
                    guard let instantiated else { continue }
                    made += 1
                    #expect(instantiated == item, "item \(k): \(IncrementalPropertyTests.difference(instantiated, item))")
                    #expect(instantiated == decoded, "item \(k): made from the definition and decoded from its payload differ")
                    #expect(Self.records(of: instantiated) == Self.records(of: item), "item \(k): geometry records")
                }
            }
            node.forEachView { _, view in visit(view, depth: depth + 1) }
        }
        visit(screen.root, depth: 0)
        return made
    }

    /// The geometry records of a subtree's nodes, in `forEachView` order (derived: not part of a node's equality).
    static func records(of node: ComponentNode) -> [GeometryProperties] {
        var records = [node.geometry]
        node.forEachView { _, view in records += Self.records(of: view) }
        return records
    }

    @Test func `the shop screen's cards made from the definition equal the decoded ones`() throws {
        let screen = try #require(BenchmarkFixtures.shop(count: 12))
        #expect(Self.compare(screen) == 12)
    }

    @Test func `items with bound sizes, modifiers, decoration views and sections equal the decoded ones`() throws {
        let decoding = PayloadDecoder().decode(Array(Self.decorated.utf8))
        let screen = try #require(decoding.screen, "\(decoding.issues)")
        // Items a, b and c resolve without a problem ("c"'s colour is a name); d and e report theirs (a colour, a
        // number that is text), so they are decoded from the payload, which reports them where they are.
        #expect(Self.compare(screen) == 3)
    }

    @Test func `an image's bound url is the decoded one, or left to the decoder`() throws {
        // An exact binding and an interpolation, on a string, a number, a bool, an escaped-looking string, an empty one;
        // an object or an array is no text: the decoder reports it, so the item is decoded from its payload.
        let payload = #"""
        {"schemaVersion": 1, "id": "urls", "state": {"items": [{"id": "a", "u": "https://a.example/1.png"}, {"id": "b", "u": 7},
           {"id": "c", "u": true}, {"id": "d", "u": "z@@{w}"}, {"id": "e", "u": ""}, {"id": "f", "u": {"x": 1}}, {"id": "g", "u": [1]}]},
         "root": {"type": "vstack", "children": [
           {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template": {"type": "image", "id": "i-@{item.id}", "url": "@{item.u}"}},
           {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template": {"type": "image", "url": "https://img.example/@{item.u}.jpg",
            "aspectRatio": 1.5, "modifiers": [{"overlay": {"content": {"type": "text", "text": "@{item.id}"}}}]}}]}}
        """#
        let decoding = PayloadDecoder().decode(Array(payload.utf8))
        let screen = try #require(decoding.screen, "\(decoding.issues)")
        // The exact binding: a to e (f's and g's values are no text). The interpolation: all seven (it is text).
        #expect(Self.compare(screen) == 12)
    }

    @Test func `definitions it cannot take are left to the decoder`() throws {
        // An input, a nested template, a bound modifier (alone, and beside a decoration view): nil, never a different node.
        let payload = #"""
        {"schemaVersion": 1, "id": "refused", "state": {"on": false, "items": [{"id": "a", "rows": [1, 2]}, {"id": "b", "rows": []}]},
         "root": {"type": "vstack", "children": [
           {"type": "forEach", "items": "@{items}", "template": {"type": "toggle", "id": "t-@{item.id}", "isOn": "@{on}", "label": "@{item.id}"}},
           {"type": "forEach", "items": "@{items}", "template": {"type": "vstack", "children": [
             {"type": "forEach", "items": "@{item.rows}", "template": {"type": "text", "text": "@{item}"}}]}},
           {"type": "forEach", "items": "@{items}", "template": {"type": "text", "text": "y", "modifiers": [{"opacity": "@{len(item.rows) / 2}"}]}},
           {"type": "forEach", "items": "@{items}", "template": {"type": "text", "text": "x", "modifiers": [{"opacity": "@{len(item.rows) / 2}"},
             {"overlay": {"content": {"type": "text", "id": "o-@{item.id}", "text": "@{item.id}"}}}]}}]}}
        """#
        let decoding = PayloadDecoder().decode(Array(payload.utf8))
        let screen = try #require(decoding.screen, "\(decoding.issues)")
        #expect(Self.compare(screen) == 0)
    }
}

/// `ItemKeyTable` claims identities as a `Dictionary` of `StateValue` does — an old item's position, a new identity,
/// a repeated one — whether its own table takes the identities (ints and ASCII strings) or a dictionary does (a
/// number that is not an int, a string that is not ASCII, equal to an ASCII one by canonical equivalence).
@Suite struct ItemKeyTableTests {
    /// The claims as the template path made them with a dictionary.
    static func reference(old: [StateValue], new: [StateValue]) -> [Int?] {
        var positions: [StateValue: Int] = [:]
        for (k, key) in old.enumerated() { positions[key] = k }
        var claims: [Int?] = []
        for key in new {
            if let position = positions[key] {
                if position == -2 { claims.append(nil); break }
                positions[key] = -2
                claims.append(position)
            } else {
                positions[key] = -2
                claims.append(ItemKeyTable.new)
            }
        }
        return claims
    }

    @Test func `claims agree with a dictionary's on random identities`() {
        var random = SplitMix(seed: 2712)
        let pools: [[StateValue]] = [
            (0..<40).map { .int($0) },
            (0..<40).map { .string("p\($0)") },
            (0..<20).map { .int($0) } + (0..<20).map { .string("\($0)") },
            [.string("K"), .string("\u{212A}"), .string("caf\u{E9}"), .string("cafe\u{301}"), .string("x"), .int(1), .number(1), .number(1.5)],
            [.string(""), .int(0), .null, .bool(true), .array([.int(1)]), .string("a"), .string("b")],
        ]
        for round in 0..<400 {
            let pool = pools[round % pools.count]
            let old = (0..<random.next(30)).map { _ in pool[random.next(pool.count)] }
            var new = (0..<random.next(30)).map { _ in pool[random.next(pool.count)] }
            if round % 3 == 0 { new = Array(Set(new)) }
            var table = ItemKeyTable(old: old, new: new)
            var claims: [Int?] = []
            for key in new {
                let claim = table.claim(key)
                claims.append(claim)
                if claim == nil { break }
            }
            #expect(claims == Self.reference(old: old, new: new), "round \(round): \(old) → \(new)")
        }
    }

    @Test func `claims found in order agree with the table's on distinct old identities`() {
        var random = SplitMix(seed: 2728)
        let pools: [[StateValue]] = [
            (0..<60).map { .int($0) },
            (0..<60).map { .string("p\($0)") },
            (0..<20).map { .int($0) } + (0..<20).map { .string("\($0)") } + [.number(1), .number(2.5)],
            [.string("K"), .string("\u{212A}"), .string("caf\u{E9}"), .string("cafe\u{301}"), .string("x"), .int(1), .number(1), .number(1.5)],
            [.string(""), .int(0), .null, .bool(true), .array([.int(1)]), .string("a"), .string("b")],
        ]
        var decided = 0
        for round in 0..<600 {
            let pool = pools[round % pools.count]
            // Distinct old identities (as `==` has them: the first of equal ones kept).
            var old: [StateValue] = []
            let count = random.next(pool.count + 1)
            for key in pool.shuffled(using: &random) where old.count < count && !old.contains(key) { old.append(key) }
            var new = old
            let others = pool.filter { !old.contains($0) }
            switch round % 6 {
            case 0: if !others.isEmpty { new.insert(others[random.next(others.count)], at: random.next(new.count + 1)) }
            case 1: if !new.isEmpty { new.remove(at: random.next(new.count)) }
            case 2: if new.count > 1 { new.swapAt(random.next(new.count), random.next(new.count)) }
            case 3: if !new.isEmpty { new.insert(new[random.next(new.count)], at: random.next(new.count + 1)) }
            case 4: new = (0..<random.next(12)).map { _ in pool[random.next(pool.count)] }
            default:
                for _ in 0..<random.next(4) {
                    if !new.isEmpty && random.next(2) == 0 { new.remove(at: random.next(new.count)) }
                    if !others.isEmpty { new.insert(others[random.next(others.count)], at: random.next(new.count + 1)) }
                }
            }
            let reference = Self.reference(old: old, new: new)
            let expected: ItemKeyTable.InOrderClaims = reference.contains(nil) ? .repeats : .claims(reference.map { $0! })
            var table = ItemKeyTable(old: old, new: new)
            let all = table.claimAll(new)
            #expect(all.map(ItemKeyTable.InOrderClaims.claims) ?? .repeats == expected, "round \(round): claimAll")
            let inOrder = ItemKeyTable.claimsInOrder(old: old, new: new)
            if inOrder != .undecided {
                decided += 1
                #expect(inOrder == expected, "round \(round): \(old) → \(new)")
            }
            // One item inserted, removed or two swapped: found in order.
            if round % 6 < 3 { #expect(inOrder != .undecided, "round \(round): undecided") }
        }
        #expect(decided > 400)
        // Beyond the searches it may make: left to the table.
        let old: [StateValue] = (0..<20).map { .int($0) }
        #expect(ItemKeyTable.claimsInOrder(old: old, new: old.reversed(), maxSearches: 3) == .undecided)
        #expect(ItemKeyTable.claimsInOrder(old: old, new: old.reversed()) == .undecided)
        #expect(ItemKeyTable.claimsInOrder(old: old, new: old) == .claims(Array(0..<20)))
    }
}
