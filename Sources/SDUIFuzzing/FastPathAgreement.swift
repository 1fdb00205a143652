import SDUISchema

/// The fast path against the general path on one input: the property `FastPathDifferentialTests` and the
/// `decode` fuzz target check. The fast path either bails (nil) or returns exactly the general path's screen,
/// and then the general path found no issue at all.
package enum FastPathAgreement {
    /// What differs between the fast path's result for `bytes` and the general path's; nil when they agree (or
    /// the fast path bailed).
    package static func problem(_ bytes: [UInt8], options: PayloadDecoder.Options = .init()) -> String? {
        let decoder = PayloadDecoder(options: options)
        guard let fast = bytes.withUnsafeBufferPointer({ decoder.decodeFast($0) }) else { return nil }
        let general = decoder.decodeGeneral(bytes)
        guard let screen = general.screen else {
            return "the fast path decodes what the general path rejects: \(general.errors.first?.description ?? "")"
        }
        if !general.issues.isEmpty { return "the fast path hides an issue: \(general.issues[0])" }
        if fast != screen { return "the screens differ" }
        // Equal screens can still differ in what equality does not see: the bytes of strings (compared by
        // canonical equivalence) and the derived records.
        if fast.jsonData(pretty: false) != screen.jsonData(pretty: false) { return "the screens encode differently" }
        if let node = firstDifferentGeometry(fast.root, screen.root) { return "geometry records differ at \(node)" }
        if let node = firstDifferentContent(fast.root, screen.root) { return "content records differ at \(node)" }
        return nil
    }

    /// Whether the fast path decodes `bytes` (agreeing or not).
    package static func handles(_ bytes: [UInt8], options: PayloadDecoder.Options = .init()) -> Bool {
        let decoder = PayloadDecoder(options: options)
        return bytes.withUnsafeBufferPointer { decoder.decodeFast($0) } != nil
    }

    /// The id (or type) of the first node whose geometry records differ, comparing every field.
    package static func firstDifferentGeometry(_ a: ComponentNode, _ b: ComponentNode) -> String? {
        if String(reflecting: a.geometry) != String(reflecting: b.geometry) { return a.id ?? a.type.rawValue }
        guard a.children.count == b.children.count else { return a.id ?? a.type.rawValue }
        for (x, y) in zip(a.children, b.children) {
            if let d = firstDifferentGeometry(x, y) { return d }
        }
        return nil
    }

    /// The id (or type) of the first node whose content records differ (every field, extras and variants by value).
    package static func firstDifferentContent(_ a: ComponentNode, _ b: ComponentNode) -> String? {
        if a.content != b.content { return a.id ?? a.type.rawValue }
        guard a.children.count == b.children.count else { return a.id ?? a.type.rawValue }
        for (x, y) in zip(a.children, b.children) {
            if let d = firstDifferentContent(x, y) { return d }
        }
        return nil
    }
}
