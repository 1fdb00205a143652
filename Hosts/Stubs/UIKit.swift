// A stub of the UIKit declarations SDUIKit's UIKit host uses, written from Apple's documentation
// (developer.apple.com/documentation/uikit, iOS 17/18), for one purpose: type-checking Sources/SDUIUIKit on a machine
// without Apple's SDK (Hosts/check). Signatures only; nothing here runs. Reachable only by that check: no target of
// Package.swift includes this folder. QuartzCore and CoreGraphics types UIKit re-exports are declared here too (the
// CG geometry types come from Foundation on Linux).
@_exported import Foundation

// MARK: CoreGraphics / QuartzCore (re-exported by UIKit)

public final class CGColor: @unchecked Sendable {}

public struct CGAffineTransform: Equatable, Sendable {
    public init(scaleX sx: CGFloat, y sy: CGFloat) {}
    public static let identity = CGAffineTransform(scaleX: 1, y: 1)
}

open class CALayer: @unchecked Sendable {
    public init() {}
    open var frame: CGRect = .zero
    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var shadowColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    open var backgroundColor: CGColor?
    open var shadowPath: CGPath?
    open var mask: CALayer?
    open var zPosition: CGFloat = 0
    open func addSublayer(_ layer: CALayer) {}
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {}
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {}
    open func removeFromSuperlayer() {}
    open func add(_ anim: CAAnimation, forKey key: String?) {}
}

public final class CGPath: @unchecked Sendable {}

open class CAShapeLayer: CALayer, @unchecked Sendable {
    open var path: CGPath?
}

public final class UIBezierPath: @unchecked Sendable {
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {}
    public init(ovalIn rect: CGRect) {}
    public var cgPath: CGPath { CGPath() }
}

open class CAGradientLayer: CALayer, @unchecked Sendable {
    open var colors: [Any]?
    open var startPoint: CGPoint = .zero
    open var endPoint: CGPoint = .zero
}

open class CAAnimation: @unchecked Sendable {
    public init() {}
    open var duration: CFTimeInterval = 0
    open var repeatCount: Float = 0
}

open class CABasicAnimation: CAAnimation, @unchecked Sendable {
    public convenience init(keyPath path: String?) { self.init() }
    open var fromValue: Any?
    open var toValue: Any?
}

public typealias CFTimeInterval = Double

// MARK: Traits

public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision }
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight, rightToLeft }

public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
}

public final class UITraitCollection: @unchecked Sendable {
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    public var horizontalSizeClass: UIUserInterfaceSizeClass { .compact }
    public var verticalSizeClass: UIUserInterfaceSizeClass { .regular }
    public var userInterfaceStyle: UIUserInterfaceStyle { .light }
    public var layoutDirection: UITraitEnvironmentLayoutDirection { .leftToRight }
    public var preferredContentSizeCategory: UIContentSizeCategory { .large }
    public var displayScale: CGFloat { 3 }
}

/// `UITraitDefinition` (iOS 17): a trait `registerForTraitChanges(_:handler:)` can observe.
public protocol UITraitDefinition {}
public typealias UITrait = any UITraitDefinition.Type
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {}
public enum UITraitUserInterfaceStyle: UITraitDefinition {}
public enum UITraitHorizontalSizeClass: UITraitDefinition {}
public enum UITraitVerticalSizeClass: UITraitDefinition {}
public enum UITraitLayoutDirection: UITraitDefinition {}
public enum UITraitAccessibilityContrast: UITraitDefinition {}

public protocol UITraitChangeRegistration: Sendable {}

@MainActor public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
}

// MARK: Responders, views, controllers

@MainActor open class UIResponder: NSObject {
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func accessibilityActivate() -> Bool { false }
}

@MainActor open class UITouch: NSObject {
    open func location(in view: UIView?) -> CGPoint { .zero }
}

@MainActor open class UIEvent: NSObject {}

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// UIKit's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect { self }
}

public final class UIColor: @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {}
    public var cgColor: CGColor { CGColor() }
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }
    public static var systemBackground: UIColor { UIColor(red: 1, green: 1, blue: 1, alpha: 1) }
    public static var systemGray: UIColor { systemBackground }
    public static var systemGray5: UIColor { systemBackground }
    public static var systemGray6: UIColor { systemBackground }
    public static var clear: UIColor { systemBackground }
}

public final class UIFont: @unchecked Sendable {
    public struct Weight: Hashable, Sendable {
        public static let regular = Weight(), medium = Weight(), semibold = Weight(), bold = Weight()
    }
    public init?(name fontName: String, size fontSize: CGFloat) {}
    public class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { UIFont(name: "", size: 0)! }
}

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
}

public struct NSUnderlineStyle: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 1)
}

extension AttributedString {
    /// UIKit's attribute scope (`AttributeScopes.UIKitAttributes.FontAttribute`).
    public var font: UIFont? { get { nil } set {} }
}

extension NSString {
    /// UIKit's `size(withAttributes:)` (NSString UIKit additions).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize { .zero }
}

public final class UIImage: @unchecked Sendable {
    public init?(data: Data) {}
    public init?(systemName name: String) {}
}

public final class UIScreen: @unchecked Sendable {
    public var bounds: CGRect { .zero }
}

@MainActor open class UIScene: UIResponder {}

@MainActor open class UIWindowScene: UIScene {
    public var screen: UIScreen { UIScreen() }
    public var windows: [UIWindow] { [] }
}

@MainActor open class UIView: UIResponder, UITraitEnvironment {
    public enum ContentMode: Int, Sendable { case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center }
    public init(frame: CGRect) { super.init() }
    public convenience override init() { self.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init() }
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var subviews: [UIView] { [] }
    open var superview: UIView? { nil }
    open var window: UIWindow? { nil }
    open var backgroundColor: UIColor?
    open var tintColor: UIColor!
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var clipsToBounds = false
    open var contentMode: ContentMode = .scaleToFill
    open var transform: CGAffineTransform = .identity
    open var layer: CALayer { CALayer() }
    open var safeAreaInsets: UIEdgeInsets { .zero }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open var accessibilityIdentifier: String?
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var isAccessibilityElement = false
    open var accessibilityElementsHidden = false
    open var accessibilityTraits: UIAccessibilityTraits = []
    open var accessibilityElements: [Any]?
    open func addSubview(_ view: UIView) {}
    open func insertSubview(_ view: UIView, at index: Int) {}
    open func removeFromSuperview() {}
    /// iOS 17's trait change registration (`UITraitChangeObservable`, as on `UIViewController`).
    @discardableResult
    public func registerForTraitChanges<T: UITraitEnvironment>(_ traits: [UITrait],
                                                                handler: @escaping (T, UITraitCollection) -> Void)
        -> any UITraitChangeRegistration { fatalError() }
}

@MainActor open class UIWindow: UIView {
    open var windowScene: UIWindowScene?
    open var rootViewController: UIViewController?
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open func makeKeyAndVisible() {}
}

/// `UIScrollViewDelegate` (an `@objc` protocol of optional methods in UIKit; the host implements one).
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
}

@MainActor open class UIScrollView: UIView {
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }
    open weak var delegate: (any UIScrollViewDelegate)?
    open var contentSize: CGSize = .zero
    open var contentOffset: CGPoint = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
}

@MainActor open class UILabel: UIView {
    open var numberOfLines = 1
    open var attributedText: NSAttributedString?
}

@MainActor open class UIImageView: UIView {
    open var image: UIImage?
}

@MainActor open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingChanged = Event(rawValue: 1 << 17)
    }
    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

@MainActor open class UIMenuElement {
    public enum State: Int, Sendable { case off, on, mixed }
}

@MainActor open class UIAction: UIMenuElement {
    public init(title: String = "", image: UIImage? = nil, state: UIMenuElement.State = .off, handler: @escaping (UIAction) -> Void) {}
}

@MainActor open class UIMenu: UIMenuElement {
    public init(title: String = "", children: [UIMenuElement] = []) {}
}

@MainActor open class UISwitch: UIControl {
    open var isOn = false
}

@MainActor open class UIStepper: UIControl {
    open var value: Double = 0
    open var minimumValue: Double = 0
    open var maximumValue: Double = 100
    open var stepValue: Double = 1
}

public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad
}

@MainActor open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    open var text: String?
    open var placeholder: String?
    open var font: UIFont?
    open var borderStyle: BorderStyle = .none
    open var keyboardType: UIKeyboardType = .default
    open var isSecureTextEntry = false
}

@MainActor open class UISegmentedControl: UIControl {
    public static let noSegment = -1
    public init(items: [Any]?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var selectedSegmentIndex = -1
    open var numberOfSegments: Int { 0 }
    open func titleForSegment(at segment: Int) -> String? { nil }
    open func removeAllSegments() {}
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {}
}

public struct UIBackgroundConfiguration: Sendable {
    public var backgroundColor: UIColor?
}

@MainActor open class UIButton: UIControl {
    /// iOS 15's button configuration.
    public struct Configuration: Sendable {
        public static func plain() -> Configuration { Configuration() }
        public static func tinted() -> Configuration { Configuration() }
        public static func filled() -> Configuration { Configuration() }
        public var attributedTitle: AttributedString?
        public var baseForegroundColor: UIColor?
        public var background = UIBackgroundConfiguration()
        public var image: UIImage?
        public var imagePlacement: NSDirectionalRectEdge = .leading
    }
    open var menu: UIMenu?
    open var showsMenuAsPrimaryAction = false
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) { self.init(frame: .zero) }
    open var configuration: UIButton.Configuration?
}

public struct NSDirectionalRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1), leading = NSDirectionalRectEdge(rawValue: 2)
    public static let bottom = NSDirectionalRectEdge(rawValue: 4), trailing = NSDirectionalRectEdge(rawValue: 8)
}

@MainActor public protocol UIViewControllerTransitionCoordinatorContext {}

@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

@MainActor open class UIViewController: UIResponder, UITraitEnvironment {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open var view: UIView!
    open var isViewLoaded: Bool { true }
    open var title: String?
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open func viewDidLoad() {}
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewDidLayoutSubviews() {}
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
    /// iOS 17's trait change registration.
    @discardableResult
    public func registerForTraitChanges<T: UITraitEnvironment>(_ traits: [UITrait],
                                                                handler: @escaping (T, UITraitCollection) -> Void)
        -> any UITraitChangeRegistration { fatalError() }
}

/// The names as in Apple's documentation; the bit values are placeholders (the hosts use only the names).
public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 28)
    public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 26)
    @available(iOS 17.0, tvOS 17.0, *)
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 53)
}
