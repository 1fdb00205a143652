import Foundation
import Testing
@testable import SDUISchema

/// A state like a shop's: numbers, strings, a bool, an array of objects, a nested object, an untyped variable.
let shopState = ScreenState([
    ("count", .int(3)),
    ("price", .number(19.99)),
    ("email", .string("ada@example.com")),
    ("agreed", .bool(false)),
    ("products", StateValue(try! JSONValue.parse(#"[{"id": "p1", "title": "Trail Runner 3", "price": 129}, {"id": "p2", "title": "Rain Shell", "price": 89.5}]"#))),
    ("user", StateValue(try! JSONValue.parse(#"{"name": "Ada", "address": {"city": "London"}}"#))),
    ("selected", .null),
    ("tags", .array([])),
])

/// The value of `template` in `state` (compiled, then run).
func value(_ template: String, _ state: ScreenState = shopState, locals: [(String, StateValue)] = []) throws -> StateValue {
    var scope = ExpressionScope(schema: state.schema)
    for (name, value) in locals { scope = scope.adding(name, value.type) }
    let binding = try StateBinding(compiling: template, in: scope)
    return try binding.evaluate(in: state, locals: locals.map(\.1))
}

/// The problem `template` has (when compiled, or else when run).
func problem(_ template: String, _ state: ScreenState = shopState, limits: ExpressionLimits = ExpressionLimits()) -> ExpressionDiagnostic? {
    do {
        let binding = try StateBinding(compiling: template, in: ExpressionScope(schema: state.schema), limits: limits)
        _ = try binding.evaluate(in: state, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The problem found when `template` is compiled (nil when it compiles).
func compileProblem(_ template: String, _ state: ScreenState = shopState) -> ExpressionDiagnostic? {
    do {
        _ = try StateBinding(compiling: template, in: ExpressionScope(schema: state.schema))
        return nil
    } catch {
        return error
    }
}

extension JSONValue {
    static func parse(_ text: String) throws -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: 64, maxStringBytes: 1 << 20)
        do { return try parser.parseDocument() } catch { throw PayloadError(issues: [PayloadIssue(.error, error.code, error.pointer, error.message)]) }
    }
}

// MARK: Values

@Test func `an exact binding keeps the expression's type`() throws {
    #expect(try value("@{count}") == .int(3))
    #expect(try value("@{count > 0}") == .bool(true))
    #expect(try value("@{agreed}") == .bool(false))
    #expect(try value("@{products[0].price}") == .int(129))
    #expect(try value("@{products[1].title}") == .string("Rain Shell"))
    #expect(try value("@{user.address.city}") == .string("London"))
    #expect(try value("@{user['name']}") == .string("Ada"))
    #expect(try value("@{[1, 2, 3]}") == .array([.int(1), .int(2), .int(3)]))
    #expect(try value("@{null}") == .null)
}

@Test func `text around expressions interpolates to a string`() throws {
    #expect(try value("@{count} in cart") == .string("3 in cart"))
    #expect(try value("Hi @{user.name}, @{count} items at @{price}") == .string("Hi Ada, 3 items at 19.99"))
    #expect(try value("@{selected}|@{agreed}") == .string("|false"))
    #expect(try value("no bindings here") == .string("no bindings here"))
    #expect(try value("mail @@{literal} @{count}") == .string("mail @{literal} 3"))
}

@Test func `arithmetic keeps whole numbers exact and promotes to fractions`() throws {
    #expect(try value("@{count + 1}") == .int(4))
    #expect(try value("@{count * price}") == .number(59.97))
    #expect(try value("@{7 / 2}") == .number(3.5))
    #expect(try value("@{6 / 3}") == .int(2))
    #expect(try value("@{7 % 3}") == .int(1))
    #expect(try value("@{-7 % 3}") == .int(-1))
    #expect(try value("@{7.5 % 2}") == .number(1.5))
    #expect(try value("@{1 + 2 * 3 - 4}") == .int(3))
    #expect(try value("@{(1 + 2) * 3}") == .int(9))
    #expect(try value("@{-count}") == .int(-3))
    #expect(try value("@{9223372036854775807 + 1}") == .number(9223372036854775808))
}

@Test func `comparisons logic and conditionals follow precedence and short-circuit`() throws {
    #expect(try value("@{count >= 3 && !agreed}") == .bool(true))
    #expect(try value("@{count > 5 || email == 'ada@example.com'}") == .bool(true))
    #expect(try value("@{count > 5 ? 'many' : count > 1 ? 'some' : 'one'}") == .string("some"))
    #expect(try value("@{1 == 1.0}") == .bool(true))
    #expect(try value("@{'apple' < 'banana'}") == .bool(true))
    #expect(try value("@{selected == null}") == .bool(true))
    // The right operand is not run when the left decides: no index error.
    #expect(try value("@{len(tags) > 0 && tags[0] == 'x'}") == .bool(false))
    #expect(try value("@{len(tags) == 0 || tags[0] == 'x'}") == .bool(true))
    #expect(try value("@{count > 0 ? products[0].title : tags[5]}") == .string("Trail Runner 3"))
}

@Test func `strings join with plus`() throws {
    #expect(try value("@{'Total: ' + count}") == .string("Total: 3"))
    #expect(try value("@{user.name + ' ' + user.address.city}") == .string("Ada London"))
}

@Test func `the library computes lengths extremes rounding case and membership`() throws {
    #expect(try value("@{len(products)}") == .int(2))
    #expect(try value("@{len('héllo')}") == .int(5))
    #expect(try value("@{len(user)}") == .int(2))
    #expect(try value("@{min(3, 1.5, 2)}") == .number(1.5))
    #expect(try value("@{max(count, 10)}") == .int(10))
    #expect(try value("@{max([4, 9, 2])}") == .int(9))
    #expect(try value("@{round(2.5)}") == .int(3))
    #expect(try value("@{round(-2.5)}") == .int(-3))
    #expect(try value("@{round(1.005, 2)}") == .number(1.01))
    #expect(try value("@{round(1234, -2)}") == .int(1200))
    #expect(try value("@{round(1250.0, -2)}") == .int(1300))
    #expect(try value("@{uppercase('straße')}") == .string("STRASSE"))
    #expect(try value("@{lowercase(user.name)}") == .string("ada"))
    #expect(try value("@{contains(email, '@')}") == .bool(true))
    #expect(try value("@{contains([1, 2], 2.0)}") == .bool(true))
    #expect(try value("@{contains(tags, 'x')}") == .bool(false))
}

@Test func `numbers format the same in every locale`() throws {
    #expect(try value("@{formatNumber(1234567.891)}") == .string("1,234,567.891"))
    #expect(try value("@{formatNumber(1234.5678)}") == .string("1,234.568"))
    #expect(try value("@{formatNumber(2.50)}") == .string("2.5"))
    #expect(try value("@{formatNumber(1000)}") == .string("1,000"))
    #expect(try value("@{formatNumber(2.5, 2)}") == .string("2.50"))
    #expect(try value("@{formatNumber(-0.0004, 2)}") == .string("0.00"))
    #expect(try value("@{formatNumber(-1234.5, 0)}") == .string("-1,235"))
    #expect(try value("@{formatNumber(0.000001)}") == .string("0"))
    #expect(try value("@{formatNumber(1e21)}") == .string("1,000,000,000,000,000,000,000"))
    #expect(try value("@{formatCurrency(1234.5, 'USD')}") == .string("$1,234.50"))
    #expect(try value("@{formatCurrency(-3, 'EUR')}") == .string("-€3.00"))
    #expect(try value("@{formatCurrency(1234.5, 'JPY')}") == .string("¥1,235"))
    #expect(try value("@{formatCurrency(12, 'CHF')}") == .string("CHF\u{00A0}12.00"))
    #expect(try value("@{formatCurrency(products[0].price * count, \"USD\")}") == .string("$387.00"))
    #expect(try value("@{formatCurrency(9.999, 'USD', 0)}") == .string("$10"))
}

@Test func `template locals are read from their own slots`() throws {
    let item = StateValue(try JSONValue.parse(#"{"id": "p9", "title": "Socks"}"#))
    #expect(try value("card-@{item.id}", locals: [("item", item), ("index", .int(4))]) == .string("card-p9"))
    #expect(try value("@{index + 1}. @{item.title}", locals: [("item", item), ("index", .int(4))]) == .string("5. Socks"))
    // A local hides a state variable of the same name.
    #expect(try value("@{count}", locals: [("count", .string("local"))]) == .string("local"))
}

@Test func `a binding records the state variables it reads`() throws {
    let scope = ExpressionScope(schema: shopState.schema)
    let binding = try StateBinding(compiling: "@{count > 0 ? formatCurrency(price * count, 'USD') : email}", in: scope)
    #expect(binding.readSlots.map { shopState.schema.names[$0] } == ["count", "price", "email"])
    #expect(!binding.readsLocals)
    #expect(binding.resultType == .string)
    #expect(try StateBinding(compiling: "@{3 + 4}", in: scope).readSlots.isEmpty)
}

// MARK: Static checks

@Test func `static type errors name the column`() {
    let cases: [(String, ExpressionDiagnostic.Code, Int)] = [
        ("@{cout + 1}", .unknownName, 3),
        ("@{count * 'a'}", .typeMismatch, 9),
        ("@{!count}", .typeMismatch, 3),
        ("@{agreed + 1}", .typeMismatch, 10),
        ("@{products.title}", .typeMismatch, 12),
        ("@{products[0].prise}", .unknownMember, 15),
        ("@{user['zip']}", .unknownMember, 7),
        ("@{email == 3}", .typeMismatch, 9),
        ("@{count ? 1 : 2}", .typeMismatch, 9),
        ("@{count > 0 ? 'a' : 1}", .typeMismatch, 13),
        ("@{email[0]}", .typeMismatch, 8),
        ("@{len(count)}", .typeMismatch, 3),
        ("@{len()}", .wrongArguments, 3),
        ("@{round(1, 2, 3)}", .wrongArguments, 3),
        ("@{sqrt(4)}", .unknownFunction, 3),
        ("@{formatCurrency(1, 'dollars')}", .invalidArgument, 3),
        ("@{formatNumber(1, 40)}", .invalidArgument, 3),
        ("@{item.id}", .unknownName, 3),
        ("@{len}", .unknownName, 3),
        ("total: @{count +}", .syntax, 17),
        ("@{count", .syntax, 1),
        ("@{}", .syntax, 1),
        ("@{count = 1}", .syntax, 9),
        ("@{'open}", .syntax, 3),
        ("@{count & 1}", .syntax, 9),
        ("@{1abc}", .syntax, 4),
        ("@{{'a': 1}}", .syntax, 3),
        ("@{(count}", .syntax, 9),
        ("@{'a\\q'}", .syntax, 5),
    ]
    for (template, code, column) in cases {
        let found = compileProblem(template)
        #expect(found?.code == code, "\(template): \(found.map(String.init(describing:)) ?? "no problem")")
        #expect(found?.column == column, "\(template): \(found.map(String.init(describing:)) ?? "no problem")")
    }
}

@Test func `unknown names list what the scope has`() {
    let found = compileProblem("@{cout}")
    #expect(found?.message.contains("count, price, email") == true, "\(String(describing: found))")
    let outside = compileProblem("@{item.title}")
    #expect(outside?.message.contains("only inside a forEach template") == true)
    let noState = compileProblem("@{count}", ScreenState())
    #expect(noState?.message.contains("declares no \"state\"") == true)
}

@Test func `columns count characters not bytes`() {
    // "héllo " is 6 characters and 7 bytes: cout starts at column 9.
    #expect(compileProblem("héllo @{cout}")?.column == 9)
}

// MARK: Runtime checks

@Test func `runtime problems are diagnostics with a column`() {
    let cases: [(String, ExpressionDiagnostic.Code, Int)] = [
        ("@{count / 0}", .divisionByZero, 9),
        ("@{count % (count - 3)}", .divisionByZero, 9),
        ("@{products[5].title}", .indexOutOfRange, 11),
        ("@{products[-1]}", .indexOutOfRange, 11),
        ("@{products[0.5]}", .indexOutOfRange, 11),
        ("@{tags[0]}", .indexOutOfRange, 7),
        ("@{selected.name}", .typeMismatch, 12),
        ("@{selected + 1}", .typeMismatch, 12),
        ("@{min(tags)}", .invalidArgument, 3),
        ("@{1e308 * 10}", .notFinite, 9),
        ("@{round(price, selected)}", .invalidArgument, 3),
    ]
    for (template, code, column) in cases {
        let found = problem(template)
        #expect(compileProblem(template) == nil, "\(template) should compile")
        #expect(found?.code == code, "\(template): \(found.map(String.init(describing:)) ?? "no problem")")
        #expect(found?.column == column, "\(template): \(found.map(String.init(describing:)) ?? "no problem")")
    }
}

// MARK: Limits

@Test func `hostile expressions are refused quickly and without deep recursion`() throws {
    let deep = "@{" + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + "}"
    #expect(problem(deep)?.code == .limitExceeded)
    let deepUnary = "@{" + String(repeating: "!", count: 100_000) + "true}"
    #expect(problem(deepUnary) == nil || problem(deepUnary)?.code == .limitExceeded)
    let megabyte = "@{" + String(repeating: "1 + ", count: 262_144) + "1}"
    let found = problem(megabyte)
    #expect(found?.code == .limitExceeded)
    #expect(found?.message.contains("4096") == true)
    let longChain = "@{" + (0..<900).map { _ in "1" }.joined(separator: "+") + "}"
    #expect(try value(longChain) == .int(900))
    let manyInterpolations = String(repeating: "@{1}", count: 65)
    #expect(problem(manyInterpolations)?.code == .limitExceeded)
    let deepConditional = "@{" + String(repeating: "true ? ", count: 40) + "1" + String(repeating: " : 0", count: 40) + "}"
    #expect(problem(deepConditional)?.code == .limitExceeded)
}

@Test func `evaluation steps and string sizes are bounded`() {
    var limits = ExpressionLimits()
    limits.maxSteps = 50
    let big = ScreenState([("items", .array((0..<1_000).map { .int($0) }))])
    #expect(problem("@{contains(items, -1)}", big, limits: limits)?.code == .limitExceeded)
    limits = ExpressionLimits()
    limits.maxStringBytes = 16
    #expect(problem("@{'0123456789' + '0123456789'}", shopState, limits: limits)?.code == .limitExceeded)
}

// MARK: State

@Test func `state variables keep the type of their initial value`() {
    var state = shopState
    #expect(state.set("count", to: .int(4)) == nil)
    #expect(state.set("count", to: .number(4.5)) == nil)
    #expect(state.set("count", to: .string("4"))?.code == .typeMismatch)
    #expect(state.set("selected", to: .string("anything")) == nil)
    #expect(state.set("missing", to: .int(1))?.code == .unknownName)
    #expect(state["count"] == .number(4.5))
}
