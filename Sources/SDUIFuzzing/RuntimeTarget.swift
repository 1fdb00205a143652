import SDUIEnvironment
import SDUIRuntime
import SDUISchema

/// The `runtime` target: bytes → a launch configuration and a sequence of `sdui simulate`-style steps (plus the
/// container calls behind them: tab switches, split columns, detail replacement, stack replacement, a new window
/// root), each checked
/// by `LifeCycleAudit`, with two rules of its own:
/// - going to the background and back sends no controller an appearance callback (UIKit sends none: the views
///   never leave the window);
/// - a controller that is disappeared before a step and after it (covered by a full-screen presentation, a
///   lower screen of a stack, a hidden column or tab) gets no appearance callback during it.
///
/// Input: byte 0 the device, 1 orientation and mode, 2 the root (navigation, split, tabs, a bare screen),
/// 3 Dynamic Type size and appearance; then each step is one byte (the operation) and, for some, one more (its
/// argument). Missing bytes read as 0.
@MainActor
enum RuntimeTarget {
    static let devices = ["iphone-se-3", "iphone-16", "iphone-16-pro-max", "ipad-mini-7", "ipad-pro-11-m4", "ipad-pro-13-m4"]
    static let modes: [WindowMode] = [.fullScreen, .splitView(.oneThird), .splitView(.half), .splitView(.twoThirds), .slideOver]
    static let styles: [ModalPresentationStyle] = [.automatic, .pageSheet, .formSheet, .fullScreen, .overFullScreen]
    static let roots = ["navigation", "split", "tabs", "screen"]

    /// One operation on the running app.
    enum Step: Equatable {
        case rotate, resize(WindowMode), resizeWindow(Double, Double)
        case present(ModalPresentationStyle, screen: Int), presentFromTop(ModalPresentationStyle, screen: Int)
        case dismiss, dismissFromRoot, push(screen: Int), pop, popToRoot, setStack(count: Int)
        case background, foreground, disconnect
        case contentSize(ContentSizeCategory), toggleStyle
        case tap(node: Int), selectTab(Int), showColumn(SplitViewController.Column), showDetail(screen: Int)
        case replaceRoot(screen: Int)

        var label: String {
            switch self {
            case .rotate: return "rotate"
            case .resize(let mode): return "resize:\(mode)"
            case .resizeWindow(let w, let h): return "resize:\(Int(w))x\(Int(h))"
            case .present(let style, let screen): return "present:\(style.rawValue):\(RuntimeScreens.ids[screen])"
            case .presentFromTop(let style, let screen): return "present-from-top:\(style.rawValue):\(RuntimeScreens.ids[screen])"
            case .dismiss: return "dismiss"
            case .dismissFromRoot: return "dismiss-from-root"
            case .push(let screen): return "push:\(RuntimeScreens.ids[screen])"
            case .pop: return "pop"
            case .popToRoot: return "pop-to-root"
            case .setStack(let count): return "set-stack:\(count)"
            case .background: return "background"
            case .foreground: return "foreground"
            case .disconnect: return "disconnect"
            case .contentSize(let size): return "content-size:\(size.rawValue)"
            case .toggleStyle: return "toggle-style"
            case .tap(let node): return "tap:\(RuntimeScreens.tappable[node % RuntimeScreens.tappable.count])"
            case .selectTab(let index): return "select-tab:\(index)"
            case .showColumn(let column): return "show:\(column.rawValue)"
            case .showDetail(let screen): return "show-detail:\(RuntimeScreens.ids[screen])"
            case .replaceRoot(let screen): return "replace-root:\(RuntimeScreens.ids[screen])"
            }
        }
    }

    struct Configuration {
        var device: Device
        var orientation: InterfaceOrientation
        var mode: WindowMode
        var root: String
        var contentSize: ContentSizeCategory
        var style: UserInterfaceStyle
    }

    /// The configuration and steps an input stands for.
    static func parse(_ bytes: [UInt8]) -> (Configuration, [Step]) {
        var reader = ByteReader(bytes)
        let device = DeviceCatalog.device(named: devices[Int(reader.next()) % devices.count]) ?? DeviceCatalog.all[0]
        let shape = reader.next()
        let orientation: InterfaceOrientation = shape & 1 == 0 ? .portrait : .landscape
        let mode = modes[Int(shape >> 1) % modes.count]
        let root = roots[Int(reader.next()) % roots.count]
        let look = reader.next()
        let sizes = ContentSizeCategory.allCases
        let configuration = Configuration(device: device, orientation: orientation, mode: mode, root: root,
                                          contentSize: sizes[Int(look & 0x7F) % sizes.count], style: look & 0x80 == 0 ? .light : .dark)
        var steps: [Step] = []
        while !reader.isAtEnd, steps.count < 64 {
            let op = reader.next()
            let screenCount = RuntimeScreens.ids.count
            switch op % 22 {
            case 0: steps.append(.rotate)
            case 1: steps.append(.resize(modes[Int(reader.next()) % modes.count]))
            case 2:
                let a = reader.next()
                steps.append(.resizeWindow(Double(1 + Int(a & 0x0F) * 90), Double(1 + Int(a >> 4) * 90)))
            case 3: let a = reader.next(); steps.append(.present(styles[Int(a) % styles.count], screen: Int(a >> 3) % screenCount))
            case 4: let a = reader.next(); steps.append(.presentFromTop(styles[Int(a) % styles.count], screen: Int(a >> 3) % screenCount))
            case 5: steps.append(.dismiss)
            case 6: steps.append(.dismissFromRoot)
            case 7: steps.append(.push(screen: Int(reader.next()) % screenCount))
            case 8: steps.append(.pop)
            case 9: steps.append(.popToRoot)
            case 10: steps.append(.setStack(count: 1 + Int(reader.next()) % 3))
            case 11: steps.append(.background)
            case 12: steps.append(.foreground)
            case 13: steps.append(op == 13 ? .disconnect : .background)
            case 14: steps.append(.contentSize(sizes[Int(reader.next()) % sizes.count]))
            case 15: steps.append(.toggleStyle)
            case 16, 17: steps.append(.tap(node: Int(reader.next())))
            case 18: steps.append(.selectTab(Int(reader.next()) % 3))
            case 19: steps.append(.showColumn(reader.next() & 1 == 0 ? .primary : .secondary))
            case 20: steps.append(.showDetail(screen: Int(reader.next()) % screenCount))
            default: steps.append(.replaceRoot(screen: Int(reader.next()) % screenCount))
            }
        }
        return (configuration, steps)
    }

    static func describe(_ bytes: [UInt8]) -> String {
        let (c, steps) = parse(bytes)
        return "\(c.device.slug) \(c.orientation.rawValue) \(c.mode) root=\(c.root) \(c.contentSize.rawValue) \(c.style.rawValue); "
            + (steps.isEmpty ? "no steps" : steps.map(\.label).joined(separator: ","))
    }

    static func run(_ bytes: [UInt8]) -> [String] {
        let (configuration, steps) = parse(bytes)
        let driver = RuntimeDriver(configuration)
        return driver.run(steps)
    }
}

/// The screens the runtime target navigates between: every action kind, in every screen.
@MainActor
enum RuntimeScreens {
    nonisolated static let ids = ["home", "detail", "sheet", "cover"]
    /// The node ids `tap` steps choose from (each screen has all of them).
    nonisolated static let tappable = ["go", "sheet", "cover", "over", "close", "open", "missing"]

    static let screens: [Screen] = ids.compactMap { id in
        let next = ids[(ids.firstIndex(of: id)! + 1) % ids.count]
        let json = """
        {"schemaVersion": 1, "id": "\(id)", "root": {"type": "vstack", "children": [
          {"type": "text", "id": "title", "text": "\(id)"},
          {"type": "button", "id": "go", "title": "Go", "action": {"type": "navigate", "screen": "\(next)"}},
          {"type": "button", "id": "sheet", "title": "Sheet", "action": {"type": "present", "screen": "sheet", "style": "pageSheet"}},
          {"type": "button", "id": "cover", "title": "Cover", "action": {"type": "present", "screen": "cover", "style": "fullScreen"}},
          {"type": "button", "id": "over", "title": "Over", "action": {"type": "present", "screen": "detail", "style": "overFullScreen"}},
          {"type": "button", "id": "close", "title": "Close", "action": {"type": "dismiss"}},
          {"type": "button", "id": "open", "title": "Open", "action": {"type": "open", "url": "https://example.com"}}
        ]}}
        """
        return PayloadDecoder().decode(Array(json.utf8)).screen
    }
}

/// A cursor over the input; past the end every byte reads as 0.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var isAtEnd: Bool { index >= bytes.count }
    mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }
}
