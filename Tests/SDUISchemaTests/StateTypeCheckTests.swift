import Testing
import SDUIEnvironment
@testable import SDUISchema

// `ScreenState.set`'s type check skips an array's elements that the variable's current array already holds
// (`ScreenState.conforms(_:to:replacing:)`); these tests hold it to the full check, `StateValue.conforms(to:)`.

/// A random scalar, array or object, `depth` levels deep at most.
private func randomValue(_ rng: inout SplitMix, depth: Int) -> StateValue {
    switch rng.next(depth > 0 ? 7 : 5) {
    case 0: return .null
    case 1: return .bool(rng.next(2) == 0)
    case 2: return .int(rng.next(100))
    case 3: return .number(Double(rng.next(100)) + 0.5)
    case 4: return .string(["a", "b", "title", ""][rng.next(4)])
    case 5: return .array((0..<rng.next(4)).map { _ in randomValue(&rng, depth: depth - 1) })
    default: return randomObject(&rng, depth: depth - 1)
    }
}

/// An object over a few names, each member random (`depth` as `randomValue`).
private func randomObject(_ rng: inout SplitMix, depth: Int) -> StateValue {
    let names = ["id", "title", "price", "tags"].filter { _ in rng.next(4) != 0 }
    return .object(StateObject(keys: names, values: names.map { _ in randomValue(&rng, depth: depth) }))
}

/// A product like the shop's: an id, a title, a price and tags, with a random type for one member now and then.
private func randomProduct(_ rng: inout SplitMix) -> StateValue {
    var members: [(String, StateValue)] = [("id", .string("p\(rng.next(1000))")), ("title", .string("T")),
                                           ("price", .int(rng.next(500))), ("tags", .array([.string("new")]))]
    if rng.next(5) == 0 { members[rng.next(4)].1 = randomValue(&rng, depth: 2) }
    return .object(StateObject(keys: members.map(\.0), values: members.map(\.1)))
}

/// `old`'s elements edited as a state change edits a list: elements inserted (new, possibly of another type),
/// removed, moved, swapped, replaced by an edited copy (new storage) or kept.
private func edited(_ old: [StateValue], _ rng: inout SplitMix) -> [StateValue] {
    var items = old
    for _ in 0..<(1 + rng.next(3)) {
        switch rng.next(6) {
        case 0: items.insert(rng.next(2) == 0 ? randomProduct(&rng) : randomValue(&rng, depth: 2), at: rng.next(items.count + 1))
        case 1: if !items.isEmpty { items.remove(at: rng.next(items.count)) }
        case 2: if !items.isEmpty { items.insert(items.remove(at: rng.next(items.count)), at: rng.next(items.count)) }
        case 3: if items.count >= 2 { items.swapAt(rng.next(items.count), rng.next(items.count)) }
        case 4:
            // A copy in storage of its own, one member changed (possibly to another type).
            let i = rng.next(items.count)
            guard items.indices.contains(i), case .object(let object) = items[i] else { continue }
            var copy = StateObject(keys: object.keys, values: object.values)
            if let key = object.keys.first { copy[key] = rng.next(2) == 0 ? object[key] : randomValue(&rng, depth: 1) }
            items[i] = .object(copy)
        default: items.append(.null)
        }
    }
    return items
}

@Test func `the type check that skips kept elements agrees with the full check on random list edits`() {
    var rng = SplitMix(seed: 0x5747_4554)
    var refused = 0, accepted = 0
    for _ in 0..<400 {
        // An initial list typed by its values, as a screen's state is.
        let initial = (0..<rng.next(12)).map { _ in rng.next(4) == 0 ? randomValue(&rng, depth: 2) : randomProduct(&rng) }
        var state = ScreenState([(name: "products", value: .array(initial))])
        let type = state.schema.types[0]
        var current = initial
        for _ in 0..<6 {
            let next = edited(current, &rng)
            let fast = ScreenState.conforms(.array(next), to: type, replacing: .array(current))
            #expect(fast == StateValue.array(next).conforms(to: type), "\(type): \(current) → \(next)")
            // `set` takes the value exactly when the full check does, and keeps the old one otherwise.
            let diagnostic = state.set("products", to: .array(next))
            #expect((diagnostic == nil) == fast)
            if fast { current = next; accepted += 1 } else { refused += 1 }
            #expect(state["products"] == .array(current))
        }
    }
    // Both outcomes were exercised.
    #expect(refused > 50 && accepted > 50, "refused \(refused), accepted \(accepted)")
}

@Test func `a kept element is skipped only where the old array holds it, a new element of another type is refused`() {
    let product = { (id: String) in StateValue.object(StateObject(keys: ["id", "price"], values: [.string(id), .int(1)])) }
    let products = (0..<5).map { product("p\($0)") }
    var state = ScreenState([(name: "products", value: .array(products))])
    // A product with a string price, inserted in the middle: found and refused, the list kept.
    let wrong = StateValue.object(StateObject(keys: ["id", "price"], values: [.string("x"), .string("free")]))
    var inserted = products
    inserted.insert(wrong, at: 2)
    #expect(state.set("products", to: .array(inserted))?.code == .typeMismatch)
    #expect(state["products"] == .array(products))
    // Moved from the end to the front, the kept elements at other places: taken.
    var moved = products
    moved.insert(moved.removeLast(), at: 0)
    #expect(state.set("products", to: .array(moved)) == nil)
    #expect(state["products"] == .array(moved))
    // Equal values in storage of their own are checked in full, and agree.
    let copies = moved.map { value -> StateValue in
        guard case .object(let o) = value else { return value }
        return .object(StateObject(keys: o.keys, values: o.values))
    }
    #expect(ScreenState.sharesStorage(copies[0], moved[0]) == false)
    #expect(ScreenState.sharesStorage(moved[0], moved[0]))
    #expect(state.set("products", to: .array(copies)) == nil)
}
