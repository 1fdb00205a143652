/// "Did you mean …?": the closest known name to a misspelt one, for messages about unknown types, properties,
/// values and options. Data-driven: callers pass the names allowed at that place.
public enum Spelling {
    /// The closest of `candidates` to `word` by edit distance (insertions, deletions, substitutions and swaps of
    /// neighbours), if it is close enough to be a likely typo: at most 1 edit for words up to 4 characters, 2 up
    /// to 8, 3 beyond. Case is ignored; ties go to the earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let a = Array(word.lowercased().unicodeScalars)
        let limit = a.count <= 4 ? 1 : a.count <= 8 ? 2 : 3
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let b = Array(candidate.lowercased().unicodeScalars)
            if abs(a.count - b.count) > limit { continue }
            let d = editDistance(a, b)
            if d <= limit && d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Optimal-string-alignment distance between `a` and `b`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
