/// `formatNumber` and `formatCurrency`: numbers as en-US text, the same on every device and in every locale.
///
/// A number is rounded in decimal, half away from zero, from its shortest decimal form (the digits JSON
/// writes): `1.005` is `1.005`, so to two digits it is `1.01`, as a reader expects, not `1.00` as rounding its
/// binary value would give. The integer part is grouped in threes with `,`; the decimal separator is `.`; a
/// negative number starts with `-` (U+002D), and a number that rounds to zero has no sign.
///
/// - `formatNumber(x)`: up to 3 fraction digits, trailing zeros dropped (`1234.5678` → `1,234.568`, `2.50` →
///   `2.5`) — Foundation's `NumberFormatter` `.decimal` style in `en_US`.
/// - `formatNumber(x, d)`: exactly `d` fraction digits, 0…15 (`formatNumber(2.5, 2)` → `2.50`).
/// - `formatCurrency(x, "USD")`: the currency's symbol, then the amount with the currency's digits (2; 0 for
///   JPY, KRW and a few others; 3 for BHD, KWD…): `$1,234.50`, `-€3.00`, `¥1,235`. Codes without an en-US
///   symbol are written before the amount with a no-break space: `CHF 12.00`. `formatCurrency(x, code, d)`
///   overrides the digits.
enum NumberFormatting {
    /// The decimal digits of a magnitude: value = 0.d₁d₂d₃… × 10^`exponent` (no leading zeros; empty for 0).
    struct Decimal {
        var digits: [UInt8]
        var exponent: Int

        /// The digits of `|value|` (a finite number).
        init(_ value: StateValue) {
            switch value {
            case .int(let i):
                self.init(magnitude: i.magnitude)
            case .number(let n):
                self.init(shortest: abs(n))
            default:
                self.init(magnitude: 0)
            }
        }

        init(magnitude: UInt) {
            var digits: [UInt8] = []
            var m = magnitude
            while m > 0 { digits.append(UInt8(truncatingIfNeeded: m % 10)); m /= 10 }
            self.digits = digits.reversed()
            exponent = self.digits.count
        }

        /// From Swift's shortest round-trip spelling (`1234.5`, `1e-05`, `1.2345e+20`).
        init(shortest n: Double) {
            var digits: [UInt8] = []
            var pointAt: Int?
            var exponentPart = 0
            var exponentSign = 1
            var inExponent = false
            for byte in n.description.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if inExponent { exponentPart = min(exponentPart * 10 + Int(byte - 48), 10_000) } else { digits.append(byte - 48) }
                case UInt8(ascii: "."): pointAt = digits.count
                case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
                case UInt8(ascii: "-"): if inExponent { exponentSign = -1 }
                default: break
                }
            }
            var exponent = (pointAt ?? digits.count) + exponentSign * exponentPart
            // Leading zeros move the point; trailing zeros add nothing.
            while let first = digits.first, first == 0 { digits.removeFirst(); exponent -= 1 }
            while let last = digits.last, last == 0 { digits.removeLast() }
            if digits.isEmpty { exponent = 0 }
            self.digits = digits
            self.exponent = exponent
        }

        /// Rounded to `fractionDigits` digits after the point, half away from zero.
        func rounded(fractionDigits: Int) -> Decimal {
            let keep = exponent + fractionDigits
            guard keep < digits.count else { return self }
            var result = self
            guard keep >= 0 else { result.digits = []; result.exponent = 0; return result }
            let roundsUp = digits[keep] >= 5
            result.digits = Array(digits[..<keep])
            if roundsUp {
                var i = result.digits.count - 1
                while i >= 0 {
                    if result.digits[i] == 9 { result.digits[i] = 0; i -= 1 } else { result.digits[i] += 1; break }
                }
                if i < 0 { result.digits.insert(1, at: 0); result.exponent += 1 }
            }
            while let last = result.digits.last, last == 0 { result.digits.removeLast() }
            if result.digits.isEmpty { result.exponent = 0 }
            return result
        }

        var isZero: Bool { digits.isEmpty }

        /// The digits before the point (at least `0`) and after it.
        func parts() -> (integer: [UInt8], fraction: [UInt8]) {
            var integer: [UInt8] = []
            var fraction: [UInt8] = []
            if exponent > 0 {
                for i in 0..<exponent { integer.append(i < digits.count ? digits[i] : 0) }
                if exponent < digits.count { fraction = Array(digits[exponent...]) }
            } else {
                fraction = [UInt8](repeating: 0, count: -exponent) + digits
            }
            if integer.isEmpty { integer = [0] }
            return (integer, fraction)
        }

        /// The value as a `Double` (for `round`).
        var doubleValue: Double {
            let (integer, fraction) = parts()
            var text = integer.map { String($0) }.joined()
            if !fraction.isEmpty { text += "." + fraction.map { String($0) }.joined() }
            return Double(text) ?? 0
        }
    }

    /// The most fraction digits `formatNumber`, `formatCurrency` and `round` take.
    static let maxFractionDigits = 15

    /// `value` with `fractionDigits` digits after the point (nil: up to 3, trailing zeros dropped), grouped.
    static func format(_ value: StateValue, fractionDigits: Int?) -> String {
        let negative = value.doubleValue.map { $0 < 0 } ?? false
        let rounded = Decimal(value).rounded(fractionDigits: fractionDigits ?? 3)
        var (integer, fraction) = rounded.parts()
        if let fractionDigits {
            if fraction.count < fractionDigits { fraction += [UInt8](repeating: 0, count: fractionDigits - fraction.count) }
        } else {
            while let last = fraction.last, last == 0 { fraction.removeLast() }
        }
        var text = negative && !rounded.isZero ? "-" : ""
        for (i, digit) in integer.enumerated() {
            if i > 0, (integer.count - i) % 3 == 0 { text += "," }
            text.unicodeScalars.append(Unicode.Scalar(48 + digit))
        }
        if !fraction.isEmpty {
            text += "."
            for digit in fraction { text.unicodeScalars.append(Unicode.Scalar(48 + digit)) }
        }
        return text
    }

    /// `value` rounded to `fractionDigits` (−15…15) in decimal, half away from zero.
    static func round(_ value: StateValue, fractionDigits: Int) -> StateValue {
        if case .int = value, fractionDigits >= 0 { return value }
        let rounded = Decimal(value).rounded(fractionDigits: fractionDigits)
        let magnitude = rounded.doubleValue
        let negative = value.doubleValue.map { $0 < 0 } ?? false
        return StateValue(negative ? -magnitude : magnitude)
    }

    /// `value` as an amount of `code` (ISO 4217: three capital letters), or nil for a malformed code.
    static func formatCurrency(_ value: StateValue, code: String, fractionDigits: Int?) -> String? {
        guard isCurrencyCode(code) else { return nil }
        let digits = fractionDigits ?? currencyDigits(code)
        let negative = value.doubleValue.map { $0 < 0 } ?? false
        let amount = format(value, fractionDigits: digits)
        let unsigned = amount.hasPrefix("-") ? String(amount.dropFirst()) : amount
        let symbol = currencySymbols[code].map { $0 } ?? code + "\u{00A0}"
        return (negative && amount.hasPrefix("-") ? "-" : "") + symbol + unsigned
    }

    /// Three ASCII capital letters.
    static func isCurrencyCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }

    /// The currency's minor-unit digits (ISO 4217).
    static func currencyDigits(_ code: String) -> Int {
        switch code {
        case "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "PYG", "XAF", "XOF", "RWF", "KMF", "GNF", "VUV", "XPF", "BIF", "DJF":
            return 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "IQD", "LYD":
            return 3
        default:
            return 2
        }
    }

    /// en-US symbols (as CLDR gives them); other codes are written as the code and a no-break space.
    static let currencySymbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "INR": "₹", "KRW": "₩", "CAD": "CA$",
        "AUD": "A$", "NZD": "NZ$", "MXN": "MX$", "BRL": "R$", "HKD": "HK$", "TWD": "NT$", "ILS": "₪", "VND": "₫",
        "PHP": "₱", "XAF": "FCFA", "XCD": "EC$", "XPF": "CFPF",
    ]
}
