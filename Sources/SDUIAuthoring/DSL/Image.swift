public import SDUISchema

/// An image loaded from a URL into a box reserved before it loads (the seed's `SDUIDynamicImage`):
/// writes an `image` node. Give it an `aspectRatio` so its box never depends on the image.
public struct Image: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// An image from `url`, described by `alt` for VoiceOver and previews.
    public init(url: String, alt: String? = nil) {
        self.init(url: .fixed(url), alt: alt.map { .fixed($0) })
    }

    /// An image whose URL or description may differ per size class.
    public init(url: Responsive<String>, alt: Responsive<String>? = nil) {
        node = ComponentNode(type: .image)
        node.url = url
        node.alt = alt
    }

    /// What fills the box while the image loads (default `.skeleton`; `.none` for nothing).
    public func placeholder(_ placeholder: Responsive<ImagePlaceholder>) -> Image {
        with { $0.placeholder = placeholder }
    }

    /// Whether the image is drawn mirrored in a right-to-left layout (SwiftUI's
    /// `flipsForRightToLeftLayoutDirection(_:)`; default false: photos keep their orientation).
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool = true) -> Image {
        with { $0.flipsForRightToLeftLayoutDirection = .fixed(enabled) }
    }

    /// The text alternative for VoiceOver and previews (the payload's `alt`).
    public func accessibilityLabel(_ label: String) -> Image {
        with { $0.alt = .fixed(label) }
    }
}
