public import SDUIEnvironment
public import SDUISchema

// Shorthands so a `Responsive` parameter takes an enum case directly (`alignment: .leading`) as well as
// `.sizeClass(compact: .leading, regular: .center)`.

extension Responsive where Value == HorizontalAlignment {
    /// `.fixed(.leading)`.
    public static var leading: Self { .fixed(.leading) }
    /// `.fixed(.center)`.
    public static var center: Self { .fixed(.center) }
    /// `.fixed(.trailing)`.
    public static var trailing: Self { .fixed(.trailing) }
}

extension Responsive where Value == VerticalAlignment {
    /// `.fixed(.top)`.
    public static var top: Self { .fixed(.top) }
    /// `.fixed(.center)`.
    public static var center: Self { .fixed(.center) }
    /// `.fixed(.bottom)`.
    public static var bottom: Self { .fixed(.bottom) }
}

extension Responsive where Value == Alignment {
    /// `.fixed(.topLeading)`.
    public static var topLeading: Self { .fixed(.topLeading) }
    /// `.fixed(.top)`.
    public static var top: Self { .fixed(.top) }
    /// `.fixed(.topTrailing)`.
    public static var topTrailing: Self { .fixed(.topTrailing) }
    /// `.fixed(.leading)`.
    public static var leading: Self { .fixed(.leading) }
    /// `.fixed(.center)`.
    public static var center: Self { .fixed(.center) }
    /// `.fixed(.trailing)`.
    public static var trailing: Self { .fixed(.trailing) }
    /// `.fixed(.bottomLeading)`.
    public static var bottomLeading: Self { .fixed(.bottomLeading) }
    /// `.fixed(.bottom)`.
    public static var bottom: Self { .fixed(.bottom) }
    /// `.fixed(.bottomTrailing)`.
    public static var bottomTrailing: Self { .fixed(.bottomTrailing) }
}

extension Responsive where Value == Axis {
    /// `.fixed(.vertical)`.
    public static var vertical: Self { .fixed(.vertical) }
    /// `.fixed(.horizontal)`.
    public static var horizontal: Self { .fixed(.horizontal) }
}

extension Responsive where Value == ContentMode {
    /// `.fixed(.fit)`.
    public static var fit: Self { .fixed(.fit) }
    /// `.fixed(.fill)`.
    public static var fill: Self { .fixed(.fill) }
}

extension Responsive where Value == ImagePlaceholder {
    /// `.fixed(.skeleton)`.
    public static var skeleton: Self { .fixed(.skeleton) }
    /// `.fixed(.none)`.
    public static var `none`: Self { .fixed(.`none`) }
}

extension Responsive where Value == ButtonStyle {
    /// `.fixed(.automatic)`.
    public static var automatic: Self { .fixed(.automatic) }
    /// `.fixed(.plain)`.
    public static var plain: Self { .fixed(.plain) }
    /// `.fixed(.bordered)`.
    public static var bordered: Self { .fixed(.bordered) }
    /// `.fixed(.borderedProminent)`.
    public static var borderedProminent: Self { .fixed(.borderedProminent) }
    /// `.fixed(.borderless)`.
    public static var borderless: Self { .fixed(.borderless) }
}

extension Responsive where Value == TextStyle {
    /// `.fixed(.largeTitle)`.
    public static var largeTitle: Self { .fixed(.largeTitle) }
    /// `.fixed(.title)`.
    public static var title: Self { .fixed(.title) }
    /// `.fixed(.title2)`.
    public static var title2: Self { .fixed(.title2) }
    /// `.fixed(.title3)`.
    public static var title3: Self { .fixed(.title3) }
    /// `.fixed(.headline)`.
    public static var headline: Self { .fixed(.headline) }
    /// `.fixed(.body)`.
    public static var body: Self { .fixed(.body) }
    /// `.fixed(.callout)`.
    public static var callout: Self { .fixed(.callout) }
    /// `.fixed(.subheadline)`.
    public static var subheadline: Self { .fixed(.subheadline) }
    /// `.fixed(.footnote)`.
    public static var footnote: Self { .fixed(.footnote) }
    /// `.fixed(.caption)`.
    public static var caption: Self { .fixed(.caption) }
    /// `.fixed(.caption2)`.
    public static var caption2: Self { .fixed(.caption2) }
}

extension Responsive where Value == FontWeight {
    /// `.fixed(.ultraLight)`.
    public static var ultraLight: Self { .fixed(.ultraLight) }
    /// `.fixed(.thin)`.
    public static var thin: Self { .fixed(.thin) }
    /// `.fixed(.light)`.
    public static var light: Self { .fixed(.light) }
    /// `.fixed(.regular)`.
    public static var regular: Self { .fixed(.regular) }
    /// `.fixed(.medium)`.
    public static var medium: Self { .fixed(.medium) }
    /// `.fixed(.semibold)`.
    public static var semibold: Self { .fixed(.semibold) }
    /// `.fixed(.bold)`.
    public static var bold: Self { .fixed(.bold) }
    /// `.fixed(.heavy)`.
    public static var heavy: Self { .fixed(.heavy) }
    /// `.fixed(.black)`.
    public static var black: Self { .fixed(.black) }
}

extension Responsive where Value == Double {
    /// `.fixed(.infinity)`: as large as offered, for `frame(maxWidth:)` and `frame(maxHeight:)`.
    public static var infinity: Self { .fixed(.infinity) }
}
