#if canImport(UIKit)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIView.swift).
import UIKit
import SDUIEnvironment
import SDUISchema
import SDUIDisplay
import SDUILayout

/// The reconciler's operations on UIKit views: one view per item, nested like the node tree.
@MainActor
struct UIKitViewHost: ViewTreeHost {
    unowned let hostView: SDUIView

    func makeView(for item: DisplayItem) -> UIView {
        switch hostView.registry.factories.resolve(item) {
        case .registered(let view):
            view.accessibilityIdentifier = item.accessibility.identifier
            return view
        case .builtIn, .placeholder:
            let view = SDUINodeView(host: hostView)
            view.apply(item)
            return view
        }
    }

    func place(_ view: UIView, in parent: UIView?, after sibling: UIView?) {
        let container = (parent as? SDUINodeView)?.childContainer ?? parent ?? hostView
        var index = 0
        if let sibling, let position = container.subviews.firstIndex(of: sibling) { index = position + 1 }
        if view.superview === container, let current = container.subviews.firstIndex(of: view), current < index { index -= 1 }
        container.insertSubview(view, at: index)
    }

    func setGeometry(_ view: UIView, frame: Rect, item: DisplayItem) {
        view.frame = CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        (view as? SDUINodeView)?.applyGeometry(item)
    }

    func update(_ view: UIView, with item: DisplayItem) { (view as? SDUINodeView)?.apply(item) }

    func remove(_ view: UIView) { view.removeFromSuperview() }
}

/// One node drawn in UIKit: fill, corners and opacity on the view, the modifier chain's boxes as layers
/// (`applyDecorations`); text as a `UILabel` per engine line (attributed, in the face the engine measured, with its
/// strikethrough or underline); an image as a `UIImageView` over a skeleton shimmer layer that the picture replaces
/// without moving anything; an SF Symbol as a tinted `UIImageView`; a button with `UIButton.Configuration`.
@MainActor
final class SDUINodeView: UIView {
    /// The view that hosts the payload (inputs and taps report to it).
    private(set) weak var host: SDUIView?
    private(set) var item: DisplayItem?
    private var lineLabels: [UILabel] = []
    private(set) var imageView: UIImageView?
    /// The chain's background, overlay and border boxes (`applyDecorations`).
    var decorationLayers: [CALayer] = []
    /// The SF Symbol of an `image` with `systemName` or a `label` (`applySymbol`).
    var symbolView: UIImageView?
    private var shimmer: CAGradientLayer?
    private var button: UIButton?
    /// The UIKit control of an input node (`SDUINodeView+Controls.swift`).
    var controlView: UIView?
    /// The scroll view a `scroll` node's children live in (`setScrollContent`).
    private(set) var scrollView: UIScrollView?
    /// Where the views of this node's children go: its scroll view, or itself.
    var childContainer: UIView { scrollView ?? self }
    /// A picker's options, in the order its segments or menu list them.
    var pickerOptions: [PickerOption] = []
    private var imageState = ImageLoadingState<UIImage>()

    init(host: SDUIView) {
        self.host = host
        super.init(frame: .zero)
        // Layers hold `CGColor`s, resolved when drawn: draw them again when the appearance changes (light/dark,
        // increased contrast). Labels and image tints hold dynamic `UIColor`s and follow by themselves. The host
        // view's own registration lays the payload out again; the display list's items do not change (a payload
        // colour names both appearances), so no content update would reach this view.
        if #available(iOS 17.0, tvOS 17.0, *) {
            registerForTraitChanges([UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self]) {
                (view: SDUINodeView, _: UITraitCollection) in view.appearanceDidChange()
            }
        }
    }

    /// Before iOS 17 (no trait registration), the trait change callback: the same, for the same traits.
    @available(iOS, deprecated: 17.0, message: "iOS 17 and later register for trait changes in init")
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if #available(iOS 17.0, tvOS 17.0, *) { return }
        if previousTraitCollection?.userInterfaceStyle != traitCollection.userInterfaceStyle
            || previousTraitCollection?.accessibilityContrast != traitCollection.accessibilityContrast {
            appearanceDidChange()
        }
    }

    /// Draws the layer colours again for the current appearance (see `init`).
    private func appearanceDidChange() {
        if let item { applyDecorations(item) }
        shimmer?.colors = Self.shimmerColors(for: traitCollection)
    }

    /// The skeleton shimmer's gradient, resolved for `traits`.
    static func shimmerColors(for traits: UITraitCollection) -> [CGColor] {
        [UIColor.systemGray5, UIColor.systemGray6, UIColor.systemGray5].map { $0.resolvedColor(with: traits).cgColor }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Draws `item`'s content (a reconciler insert or content update).
    func apply(_ item: DisplayItem) {
        self.item = item
        isHidden = item.isHidden
        accessibilityIdentifier = item.accessibility.identifier
        accessibilityLabel = item.accessibility.label
        accessibilityHint = item.accessibility.hint
        accessibilityValue = item.accessibility.value
        isAccessibilityElement = item.accessibility.isElement
        accessibilityTraits = item.accessibility.isElement ? UIAccessibilityTraits(item.accessibility.traits) : []
        accessibilityElementsHidden = item.accessibility.isHidden
        let a = item.appearance
        backgroundColor = item.frameFill.map(Self.color)
        layer.cornerRadius = CGFloat(a.cornerRadius)
        clipsToBounds = a.clipsContent
        alpha = CGFloat(a.opacity)
        layer.borderWidth = 0
        layer.shadowOpacity = 0
        if item.type == .button { applyButton(item) }
        if item.type == .scroll, scrollView == nil {
            let scroll = UIScrollView(frame: bounds)
            // The engine's frames already keep content out of the safe area.
            scroll.contentInsetAdjustmentBehavior = .never
            addSubview(scroll)
            scrollView = scroll
        }
        if let request = item.image { applyImage(request) }
        applySymbol(item)
        applyGeometry(item)
    }

    /// Gives the scroll view its content: `extent`, the children's frames in this node's coordinates
    /// (`ScrollContent.extents(of:)`); content at negative x or y (a right-to-left horizontal scroll) is reached
    /// through the leading inset, so the scroll starts where the engine laid it out.
    func setScrollContent(_ extent: Rect) {
        guard let scrollView else { return }
        scrollView.contentInset = UIEdgeInsets(top: max(0, -extent.minY), left: max(0, -extent.minX), bottom: 0, right: 0)
        scrollView.contentSize = CGSize(width: max(bounds.width, extent.maxX), height: max(bounds.height, extent.maxY))
    }


    /// Takes `item`'s geometry with the content already drawn, and places the text lines where the engine broke them
    /// (a reconciler frame update).
    func applyGeometry(_ item: DisplayItem) {
        if var current = self.item, current.text != nil, let text = item.text {
            current.text?.lines = text.lines
            current.text?.isTruncated = text.isTruncated
            current.text?.wrapWidth = text.wrapWidth
            current.contentBox = item.contentBox
            current.frame = item.frame
            self.item = current
        }
        if var current = self.item {
            // A relayout moves the chain's boxes and the symbol (content equality ignores them).
            current.appearance = item.appearance
            current.symbol = item.symbol
            current.frame = item.frame
            self.item = current
        }
        applyDecorations(item)
        if let symbol = item.symbol, let symbolView {
            symbolView.frame = CGRect(x: symbol.box.x, y: symbol.box.y, width: symbol.box.width, height: symbol.box.height)
        }
        placeControl()
        scrollView?.frame = bounds
        // A text field and a segmented control draw their own text.
        guard let drawn = self.item, let text = drawn.text, drawn.type != .button, drawn.type != .textField,
              drawn.control?.drawsOwnText != true else {
            for label in lineLabels { label.removeFromSuperview() }
            lineLabels = []
            if let imageView, let drawn = self.item {
                imageView.frame = bounds.inset(by: Self.insets(drawn.contentInsets))
                shimmer?.frame = imageView.frame
            }
            button?.frame = bounds
            return
        }
        while lineLabels.count < text.lines.count {
            let label = UILabel()
            label.numberOfLines = 1
            addSubview(label)
            lineLabels.append(label)
        }
        while lineLabels.count > text.lines.count { lineLabels.removeLast().removeFromSuperview() }
        let attributes = Self.lineAttributes(text, color: Self.color(drawn.appearance.foreground ?? Color.system["primary"]!))
        for (label, line) in zip(lineLabels, text.lines) {
            label.attributedText = NSAttributedString(string: line.text, attributes: attributes)
            label.frame = CGRect(x: line.left, y: line.top, width: line.width + 1, height: text.face.lineHeight)
        }
    }

    private func applyButton(_ item: DisplayItem) {
        let button = self.button ?? {
            let b = UIButton(configuration: .plain())
            b.addAction(UIAction { [weak self] _ in self?.tapped() }, for: .touchUpInside)
            addSubview(b)
            self.button = b
            return b
        }()
        var configuration: UIButton.Configuration
        switch item.appearance.buttonStyle {
        case .borderedProminent: configuration = .filled()
        case .bordered: configuration = .tinted()
        case .automatic, .plain, .borderless: configuration = .plain()
        }
        if let face = item.text?.face, let title = item.text?.sourceText {
            var attributed = AttributedString(title)
            attributed.font = Self.font(face)
            configuration.attributedTitle = attributed
        }
        configuration.baseForegroundColor = item.appearance.foreground.map(Self.color)
        configuration.background.backgroundColor = .clear  // the fill is this view's, at the engine's frame
        button.configuration = configuration
        button.frame = bounds
    }

    private func tapped() {
        guard let item else { return }
        host?.performAction(ofItemAt: item.index)
    }

    /// A tap on a node with an action that is not a button (a tappable card): the touches its children's views do not
    /// handle come up the responder chain to it; the innermost such node takes the tap. A scroll that pans cancels the
    /// touches instead (no tap).
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let item, item.action != nil, item.type != .button, let touch = touches.first,
              bounds.contains(touch.location(in: self)) else {
            super.touchesEnded(touches, with: event)
            return
        }
        tapped()
    }

    /// VoiceOver's double tap on a node with an action.
    override func accessibilityActivate() -> Bool {
        guard let item, item.action != nil else { return super.accessibilityActivate() }
        tapped()
        return true
    }

    private func applyImage(_ request: ImageRequest) {
        let imageView = self.imageView ?? {
            let v = UIImageView()
            v.clipsToBounds = true
            addSubview(v)
            self.imageView = v
            return v
        }()
        imageView.contentMode = request.contentMode == .fit ? .scaleAspectFit : .scaleAspectFill
        imageView.transform = request.isFlipped ? CGAffineTransform(scaleX: -1, y: 1) : .identity
        let cached = request.loadableURL.flatMap { host?.images.cache.image(for: $0) }
        switch imageState.show(request, cached: cached) {
        case .none: break
        case .fetch(let url):
            host?.images.load(url) { [weak self] image in
                guard let self, self.imageState.complete(url: url, image: image) else { return }
                self.showImagePhase(request)
            }
        }
        showImagePhase(request)
    }

    /// Empty: the skeleton shimmer; success: the picture (same frame); failure: the placeholder symbol.
    private func showImagePhase(_ request: ImageRequest) {
        guard let imageView else { return }
        switch imageState.phase {
        case .empty:
            imageView.image = nil
            if request.placeholder == .skeleton && shimmer == nil {
                let gradient = CAGradientLayer()
                gradient.colors = Self.shimmerColors(for: traitCollection)
                gradient.startPoint = CGPoint(x: 0, y: 0.5)
                gradient.endPoint = CGPoint(x: 1, y: 0.5)
                gradient.frame = imageView.frame
                let animation = CABasicAnimation(keyPath: "locations")
                animation.fromValue = [-1.0, -0.5, 0.0]
                animation.toValue = [1.0, 1.5, 2.0]
                animation.duration = 1.2
                animation.repeatCount = .infinity
                gradient.add(animation, forKey: "shimmer")
                layer.insertSublayer(gradient, below: imageView.layer)
                shimmer = gradient
            }
        case .success(let image):
            shimmer?.removeFromSuperlayer()
            shimmer = nil
            imageView.image = image
        case .failure:
            shimmer?.removeFromSuperlayer()
            shimmer = nil
            imageView.contentMode = .center
            imageView.image = UIImage(systemName: "photo")
            imageView.tintColor = .systemGray
        }
    }

    static func color(_ color: Color) -> UIColor {
        UIColor { traits in
            let c = color.resolved(dark: traits.userInterfaceStyle == .dark)
            return UIColor(red: CGFloat(c.red) / 255, green: CGFloat(c.green) / 255, blue: CGFloat(c.blue) / 255,
                           alpha: CGFloat(c.alpha) / 255)
        }
    }

    /// Inter at the face's size and the weight CSS font matching picks (the bundled face the engine measured,
    /// registered by `FontRegistration`); the system font only if registration failed, which the host view reports
    /// (`fontProblems`).
    static func font(_ face: DisplayTextFace) -> UIFont {
        let weight: UIFont.Weight = face.weight >= 700 ? .bold : face.weight >= 600 ? .semibold : face.weight >= 500 ? .medium : .regular
        let name = BundledFonts.postScriptName(weight: face.weight) ?? "Inter-Regular"
        return UIFont(name: name, size: CGFloat(face.size)) ?? UIFont.systemFont(ofSize: CGFloat(face.size), weight: weight)
    }

    static func insets(_ e: EdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: CGFloat(e.top), left: CGFloat(e.leading), bottom: CGFloat(e.bottom), right: CGFloat(e.trailing))
    }
}
#endif
