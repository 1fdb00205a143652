/// The range of every number a payload may carry: values outside it are a decoding error (with the value's
/// JSON Pointer), and the layout engine clamps values outside it that were built in code (the model and DSL
/// accept any `Double`) and reports a `value-out-of-range` diagnostic.
///
/// The bounds are far beyond any real screen (the largest iPad window is 1 376 pt wide) and small enough that
/// no sum the layout engine forms from them can overflow a `Double`: 200 000 nodes × 100 000 pt is 2·10¹⁰.
/// Arithmetic that can still grow past them (aspect ratios nested inside each other multiply) is clamped by
/// the engine at `LayoutLimits`.
public enum ValueLimits {
    /// The largest length in points, for padding, frame values, spacing, `minLength`, `minColumnWidth` and
    /// `cornerRadius`: 100 000 pt. (`maxWidth`/`maxHeight` also take `"infinity"`.)
    public static let maxLength: Double = 100_000
    /// Aspect ratios (width ÷ height): 1:1000 … 1000:1.
    public static let aspectRatio: ClosedRange<Double> = 0.001...1000
    /// `layoutPriority`: −1 000 000 … 1 000 000 (SwiftUI's priorities are small numbers; UIKit's
    /// required priority is 1 000).
    public static let layoutPriority: ClosedRange<Double> = -1_000_000...1_000_000
    /// A stepper's range and step: ±10¹⁵ (every whole number in it is exact in a `Double`).
    public static let stepperValue: ClosedRange<Double> = -1e15...1e15
    /// Grid columns: 1 … 64.
    public static let columns: ClosedRange<Int> = 1...64
    /// `lineLimit`: 1 … 10 000 lines.
    public static let lineLimit: ClosedRange<Int> = 1...10_000
    /// `fontSize`: 1 … 1 000 pt at the default Dynamic Type size (the largest accessibility size scales it about
    /// 3.1 times).
    public static let fontSize: ClosedRange<Double> = 1...1000

    /// A length clamped into −`maxLength` … `maxLength` (NaN and, with `allowingInfinity`, +∞ kept).
    @inlinable
    public static func clampLength(_ value: Double, allowingInfinity: Bool = false) -> Double {
        if value.isNaN || (allowingInfinity && value == .infinity) { return value }
        return Swift.min(Swift.max(value, -maxLength), maxLength)
    }

    /// `value` clamped into `range` (NaN kept).
    @inlinable
    public static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        value.isNaN ? value : Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
    }
}
