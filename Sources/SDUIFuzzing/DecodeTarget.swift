import SDUISchema

/// The `decode` target: any bytes through the payload decoder, default and strict.
///
/// Properties: no screen without an error and no error with a screen; every issue's pointer is a JSON Pointer
/// (empty or starting with `/`); strict decoding accepts only what lenient decoding accepts, and the same
/// screen; a decoded screen encodes to a payload that decodes to an equal screen, whose encoding is the same
/// bytes (the canonical encoding is a fixed point); the decoder's fast path bails or gives the general path's
/// screen (`FastPathAgreement`), on the input and on that canonical encoding (which the fast path mostly takes).
enum DecodeTarget {
    static func run(_ bytes: [UInt8]) -> [String] {
        var failures: [String] = []
        if let problem = FastPathAgreement.problem(bytes) { failures.append("fast path: \(problem)") }
        let lenient = PayloadDecoder().decode(bytes)
        let strict = PayloadDecoder(options: .init(strict: true)).decode(bytes)
        for (name, decoding) in [("lenient", lenient), ("strict", strict)] {
            if decoding.screen == nil, decoding.errors.isEmpty { failures.append("\(name): no screen and no error") }
            if decoding.screen != nil, !decoding.errors.isEmpty { failures.append("\(name): a screen despite \(decoding.errors.count) errors") }
            for issue in decoding.issues where !issue.pointer.isEmpty && !issue.pointer.hasPrefix("/") {
                failures.append("\(name): issue pointer \"\(issue.pointer)\" is not a JSON Pointer (\(issue.message))")
            }
        }
        if let strictScreen = strict.screen {
            if lenient.screen == nil { failures.append("strict decoding accepts what lenient decoding rejects") }
            else if lenient.screen != strictScreen { failures.append("strict and lenient decoding give different screens") }
        }
        guard let screen = lenient.screen else { return failures }
        let encoded = [UInt8](screen.jsonData(pretty: false))
        if let problem = FastPathAgreement.problem(encoded) { failures.append("fast path, canonical encoding: \(problem)") }
        let again = PayloadDecoder().decode(encoded)
        guard let decodedAgain = again.screen else {
            let first = again.errors.first.map { "\($0.pointer): \($0.message)" } ?? ""
            failures.append("the canonical encoding of a decoded screen does not decode: \(first)")
            return failures
        }
        if decodedAgain != screen { failures.append("encode → decode changes the screen") }
        if [UInt8](decodedAgain.jsonData(pretty: false)) != encoded { failures.append("the canonical encoding is not a fixed point") }
        return failures
    }
}
