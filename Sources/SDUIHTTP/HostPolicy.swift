/// Which `Host` (and `Origin`) values a server answers: the address it is bound to and `localhost`, on its port —
/// so a page of another site whose name was made to resolve to this machine (DNS rebinding) is refused, and a page
/// of another origin cannot open this server's WebSocket (which, unlike `fetch`, no same-origin policy guards).
///
/// Bound to a wildcard address (`0.0.0.0`, `::`), any IP-literal host is answered too: a rebinding attack needs a
/// name, and the machine's addresses are what other devices use to reach it.
public struct HostPolicy: Hashable, Sendable {
    /// Allowed host names, lowercased, IPv6 literals without brackets.
    public var names: Set<String>
    /// The port requests must name (a `Host` without one means 80).
    public var port: UInt16
    /// Whether any IP literal is allowed (a wildcard bind).
    public var allowsAnyIPLiteral: Bool

    /// The policy for a server bound to `host` (as given: a name or an address) on `port`.
    public init(boundHost host: String, port: UInt16) {
        var names: Set<String> = ["localhost"]
        let bare = Self.unbracketed(host.lowercased())
        names.insert(bare)
        if bare == "localhost" { names.insert("127.0.0.1"); names.insert("::1") }
        self.names = names
        self.port = port
        allowsAnyIPLiteral = bare == "0.0.0.0" || bare == "::" || bare.isEmpty
    }

    /// Whether an authority (`Host` value, `host[:port]`) names this server.
    public func allows(authority: String) -> Bool {
        guard let (host, port) = Self.split(authority) else { return false }
        guard port == self.port else { return false }
        if names.contains(host) { return true }
        return allowsAnyIPLiteral && Self.isIPLiteral(host)
    }

    /// Whether an `Origin` value (`http://host:port`) is this server's own pages; `null` and other schemes are not.
    public func allows(origin: String) -> Bool {
        let lowered = origin.lowercased()
        guard lowered.hasPrefix("http://") else { return false }
        let authority = String(origin.dropFirst(7))
        guard !authority.contains("/") else { return false }
        return allows(authority: authority)
    }

    /// `host[:port]` → (lowercased host without brackets, port); nil when malformed.
    static func split(_ authority: String) -> (host: String, port: UInt16)? {
        let text = authority.lowercased()
        var host = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else { return nil }
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty else { return nil }
        guard let portText else { return (host, 80) }
        guard !portText.isEmpty, portText.count <= 5, portText.utf8.allSatisfy(isDigit), let port = UInt16(portText) else { return nil }
        return (host, port)
    }

    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// A dotted IPv4 address or an IPv6 literal (hex digits, colons, dots).
    static func isIPLiteral(_ host: String) -> Bool {
        if host.contains(":") { return host.utf8.allSatisfy { isDigit($0) || $0 == 0x3A || $0 == 0x2E || (0x61...0x66).contains($0) } }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.utf8.allSatisfy(isDigit) && Int($0)! <= 255 }
    }
}
