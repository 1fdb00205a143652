#if canImport(UIKit)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIView.swift).
import UIKit
import SDUIEnvironment
import SDUISchema
import SDUIDisplay

/// The modifier chain's drawing in UIKit, from the display list's `DisplayDecorations` (the boxes the engine laid each
/// modifier out in, relative to the node's frame — what HTML and SVG draw): a sublayer per background box under the
/// content, a sublayer per overlay box or border over it (above the children's views), the chain's clip on the
/// view, the clipped frame's shadow on the view's layer.
///
/// UIKit cannot both clip a layer's sublayers and draw its shadow outside them: a node with a clip and a frame shadow
/// (a rounded card with a shadow) rounds its own fill, borders and picture and keeps the shadow, and its children's
/// views are not clipped (docs/hosts.md). Colours are resolved for the view's current appearance when drawn.
extension SDUINodeView {
    /// Replaces the decoration layers with `item`'s (a content update, or a relayout that moved the boxes).
    func applyDecorations(_ item: DisplayItem) {
        for sublayer in decorationLayers { sublayer.removeFromSuperlayer() }
        decorationLayers = []
        let decorations = item.appearance.decorations
        let whole = Rect(x: 0, y: 0, width: item.frame.width, height: item.frame.height)
        // The box `frameFill` already drew as the view's background colour.
        let fillIndex = item.appearance.fill == nil
            ? decorations.under.lastIndex { $0.fill != nil && $0.shadow == nil && $0.rect == whole } : nil
        for (k, box) in decorations.under.enumerated() where k != fillIndex || box.stroke != nil {
            let sublayer = boxLayer(box, fill: k != fillIndex)
            // Under every subview's layer (content and children, zPosition 0) wherever UIKit inserts them.
            sublayer.zPosition = -1
            layer.addSublayer(sublayer)
            decorationLayers.append(sublayer)
        }
        for box in decorations.over {
            let sublayer = boxLayer(box, fill: true)
            sublayer.zPosition = 1  // over the children's views, which are sublayers too
            layer.addSublayer(sublayer)
            decorationLayers.append(sublayer)
        }
        let bounds = CGRect(x: 0, y: 0, width: item.frame.width, height: item.frame.height)
        layer.mask = nil
        if let clip = decorations.clip {
            let radius = CGFloat(clip.cornerRadius(in: whole))
            layer.cornerRadius = radius
            if decorations.frameShadow == nil {
                clipsToBounds = true
                if case .ellipse = clip, item.frame.width != item.frame.height {
                    let mask = CAShapeLayer()
                    mask.path = UIBezierPath(ovalIn: bounds).cgPath
                    layer.mask = mask
                }
            }
        }
        if let shadow = decorations.frameShadow {
            layer.shadowColor = resolved(shadow.color).cgColor
            layer.shadowOpacity = 1
            layer.shadowRadius = CGFloat(shadow.radius)
            layer.shadowOffset = CGSize(width: shadow.x, height: shadow.y)
            layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius).cgPath
        }
        if let clip = decorations.contentClip, let imageView {
            imageView.layer.cornerRadius = CGFloat(clip.cornerRadius(in: item.contentBox))
            imageView.clipsToBounds = true
        }
    }

    /// One decoration box as a layer: its fill (unless `fill` is false), its border along the inside, or its shadow
    /// (a box shadow is the box's shape, not filled).
    private func boxLayer(_ box: DisplayBox, fill: Bool) -> CALayer {
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: box.rect.x, y: box.rect.y, width: box.rect.width, height: box.rect.height)
        sublayer.cornerRadius = CGFloat(box.cornerRadius)
        if let shadow = box.shadow {
            sublayer.shadowColor = resolved(shadow.color).cgColor
            sublayer.shadowOpacity = 1
            sublayer.shadowRadius = CGFloat(shadow.radius)
            sublayer.shadowOffset = CGSize(width: shadow.x, height: shadow.y)
            sublayer.shadowPath = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: box.rect.width, height: box.rect.height),
                                               cornerRadius: CGFloat(box.cornerRadius)).cgPath
        } else if fill, let color = box.fill {
            sublayer.backgroundColor = resolved(color).cgColor
        }
        if let stroke = box.stroke {
            sublayer.borderColor = resolved(stroke).cgColor
            sublayer.borderWidth = CGFloat(box.strokeWidth)
        }
        return sublayer
    }

    /// A payload colour for the view's current appearance (a layer's `CGColor` does not follow trait changes).
    private func resolved(_ color: Color) -> UIColor {
        Self.color(color).resolvedColor(with: traitCollection)
    }

    /// An SF Symbol (`image` with `systemName`, a `label`'s icon) in its box, tinted with the node's foreground.
    func applySymbol(_ item: DisplayItem) {
        guard let symbol = item.symbol else {
            symbolView?.removeFromSuperview()
            symbolView = nil
            return
        }
        let view = symbolView ?? {
            let v = UIImageView()
            v.contentMode = .scaleAspectFit
            addSubview(v)
            symbolView = v
            return v
        }()
        view.image = UIImage(systemName: symbol.name)
        view.tintColor = Self.color(item.appearance.foreground ?? Color.system["primary"]!)
        view.frame = CGRect(x: symbol.box.x, y: symbol.box.y, width: symbol.box.width, height: symbol.box.height)
    }

    /// The attributes of a text's lines: its face, colour and decorations (`strikethrough`, `underline`).
    static func lineAttributes(_ text: DisplayText, color: UIColor) -> [NSAttributedString.Key: Any] {
        var attributes: [NSAttributedString.Key: Any] = [.font: font(text.face), .foregroundColor: color]
        if text.decorations.contains(.strikethrough) { attributes[.strikethroughStyle] = NSUnderlineStyle.single.rawValue }
        if text.decorations.contains(.underline) { attributes[.underlineStyle] = NSUnderlineStyle.single.rawValue }
        return attributes
    }
}
#endif
