extension DecodingContext {
    /// The key that binds each input type to its state variable, and the variable's type.
    static func twoWayKey(of type: ComponentType) -> (key: String, type: StateType)? {
        switch type {
        case .toggle: return ("isOn", .bool)
        case .textField: return ("text", .string)
        case .stepper: return ("value", .number)
        case .picker: return ("selection", .any)
        default: return nil
        }
    }

    /// Most options a picker takes.
    package static let maxPickerOptions = 1_000

    /// Decodes one property of a `toggle`, `textField`, `stepper` or `picker` into `properties.input`.
    mutating func decodeInputProperty(_ key: NodeKey, _ item: JSONValue, type: ComponentType, into properties: inout NodeProperties) {
        var input = properties.input ?? InputProperties(target: "")
        defer { properties.input = input }
        switch key {
        case .isOn, .text, .value, .selection:
            if let (_, expected) = Self.twoWayKey(of: type), let name = twoWayTarget(item, expecting: expected) { input.target = name }
        case .label: input.label = responsive(item) { $0.string($1) }
        case .placeholder: input.placeholder = responsive(item) { $0.string($1) }
        case .keyboard: input.keyboard = enumeration(item, KeyboardType.self)
        case .secure: input.isSecure = responsive(item) { $0.bool($1) }
        case .submitAction: input.submitAction = action(item)
        case .range:
            guard case .array(let bounds) = item, bounds.count == 2 else {
                error(.wrongType, "must be [minimum, maximum], two numbers, got \(item.brief)")
                return
            }
            guard let low = at("0", { $0.number(bounds[0], .stepperValue) }), let high = at("1", { $0.number(bounds[1], .stepperValue) }) else { return }
            guard low <= high else {
                error(.invalidValue, "the minimum \(JSONValue.format(low)) is above the maximum \(JSONValue.format(high))")
                return
            }
            input.range = low...high
        case .step:
            input.step = number(item, .stepperStep)
        case .style:
            input.pickerStyle = enumeration(item, PickerStyle.self)
        case .options:
            input.options = pickerOptions(item)
        default:
            break
        }
    }

    /// The state variable a two-way property names, written `"@{name}"` (SwiftUI's `$name`).
    private mutating func twoWayTarget(_ item: JSONValue, expecting expected: StateType) -> String? {
        guard case .string(let s) = item else {
            error(.wrongType, "must bind a state variable, such as \"@{email}\" (the control shows and changes it), got \(item.brief)")
            return nil
        }
        let name = s.hasPrefix("@{") && s.hasSuffix("}") && s.utf8.count > 3
            ? String(s.dropFirst(2).dropLast()).trimmingSpaces : ""
        guard ExpressionLexer.isName(name) else {
            error(.invalidValue, "must bind a state variable by name, such as \"@{email}\": the control changes it, so it cannot be an expression or a literal; got \(item.brief)")
            return nil
        }
        guard let slot = bindings.state.schema.slot(of: name) else {
            error(.unknownName, "unknown state variable \"\(name)\"\(ScreenState.knownNames(bindings.state.schema))")
            return nil
        }
        let declared = bindings.state.schema.types[slot]
        guard declared.mayBe(expected) else {
            error(.typeMismatch, "this control changes \(expected.withArticle); \(name) holds \(declared.withArticle)")
            return nil
        }
        return name
    }

    /// A picker's options: strings (each its own value and label) or `{"value": …, "label": "…"}` objects.
    private mutating func pickerOptions(_ item: JSONValue) -> [PickerOption] {
        guard case .array(let items) = item else {
            error(.wrongType, "must be an array of options: strings, or {\"value\": …, \"label\": \"…\"}; got \(item.brief)")
            return []
        }
        guard !items.isEmpty else {
            error(.invalidValue, "a picker needs at least one option")
            return []
        }
        guard items.count <= Self.maxPickerOptions else {
            error(.limitExceeded, "more than \(Self.maxPickerOptions) options")
            return []
        }
        var options: [PickerOption] = []
        for (i, option) in items.enumerated() {
            path.append(.index(i))
            defer { path.removeLast() }
            switch option {
            case .string(let s):
                options.append(PickerOption(value: .string(s), label: s))
            case .object(let pairs):
                for (key, _) in pairs where key != "value" && key != "label" {
                    lenient(.unknownProperty, at: key, "an option takes only \"value\" and \"label\"")
                }
                guard let value = option["value"] else { error(.missingProperty, at: "value", "required: the value the option stores"); continue }
                guard let labelValue = option["label"] else { error(.missingProperty, at: "label", "required: the text the option shows"); continue }
                guard let label = at("label", { $0.string(labelValue) }) else { continue }
                options.append(PickerOption(value: StateValue(value), label: label))
            default:
                error(.wrongType, "must be a string or {\"value\": …, \"label\": \"…\"}, got \(option.brief)")
            }
        }
        if options.count > 1 {
            for i in 1..<options.count where options[..<i].contains(where: { $0.value == options[i].value }) {
                at(String(i)) { $0.error(.invalidValue, "two options store \(options[i].value.brief): each option needs its own value") }
            }
        }
        return options
    }

    /// The checks of an input node once its members are decoded: its variable is bound; a picker has options
    /// whose values its variable can hold.
    mutating func checkInput(_ type: ComponentType, _ value: JSONValue, _ properties: inout NodeProperties) {
        guard let (key, _) = Self.twoWayKey(of: type) else { return }
        if value[key] == nil {
            error(.missingProperty, at: key, "required: the state variable the \(type) shows and changes, such as \"@{\(type == .toggle ? "agreed" : type == .textField ? "email" : type == .stepper ? "quantity" : "size")}\"")
            return
        }
        guard let input = properties.input, !input.target.isEmpty else { return }
        if type == .picker {
            if value["options"] == nil {
                error(.missingProperty, at: "options", "required: the choices the picker offers")
                return
            }
            guard let slot = bindings.state.schema.slot(of: input.target) else { return }
            let declared = bindings.state.schema.types[slot]
            for (i, option) in input.options.enumerated() where !option.value.fits(declared) {
                path.append(.key("options"))
                path.append(.index(i))
                error(.typeMismatch, "\(input.target) holds \(declared.withArticle); this option stores \(option.value.type.withArticle)")
                path.removeLast(2)
            }
        }
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
