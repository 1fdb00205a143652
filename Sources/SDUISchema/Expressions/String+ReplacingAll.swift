extension String {
    /// The string with every occurrence of `target` replaced by `replacement`, left to right (Foundation's
    /// `replacingOccurrences(of:with:)` without Foundation).
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
