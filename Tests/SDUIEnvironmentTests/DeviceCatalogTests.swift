import Foundation
import Testing
@testable import SDUIEnvironment

/// The reference facts, read independently of the generated Swift tables.
private struct ReferenceDevice: Decodable {
    struct Insets: Decodable { var top, left, bottom, right: Double }
    struct Classes: Decodable { var h, v: String }
    var name: String
    var idiom: String
    var portraitWidth, portraitHeight, scale: Double
    var safeAreaPortrait, safeAreaLandscape: Insets
    var sizeClassPortrait, sizeClassLandscape: Classes
}

private func referenceURL(_ file: String) -> URL {
    // The repository's own copy (Reference/README.md): Tests/SDUIEnvironmentTests/<this file> → the package root.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/\(file)")
}

private let reference: [ReferenceDevice] = {
    guard let data = try? Data(contentsOf: referenceURL("devices.json")) else { return [] }
    return (try? JSONDecoder().decode([ReferenceDevice].self, from: data)) ?? []
}()

@Test func `the catalog holds every reference device with its exact facts`() throws {
    try #require(reference.count >= 29, "Reference/devices.json must be readable")
    #expect(DeviceCatalog.all.count == reference.count)
    for r in reference {
        let d = try #require(DeviceCatalog.device(named: r.name), "missing \(r.name)")
        #expect(d.idiom.rawValue == r.idiom)
        #expect(d.portraitSize == Size(width: r.portraitWidth, height: r.portraitHeight))
        #expect(d.scale == r.scale)
        #expect(d.safeAreaPortrait == EdgeInsets(top: r.safeAreaPortrait.top, leading: r.safeAreaPortrait.left, bottom: r.safeAreaPortrait.bottom, trailing: r.safeAreaPortrait.right))
        #expect(d.safeAreaLandscape == EdgeInsets(top: r.safeAreaLandscape.top, leading: r.safeAreaLandscape.left, bottom: r.safeAreaLandscape.bottom, trailing: r.safeAreaLandscape.right))
        #expect(d.portraitSizeClasses.horizontal.rawValue == r.sizeClassPortrait.h)
        #expect(d.portraitSizeClasses.vertical.rawValue == r.sizeClassPortrait.v)
        #expect(d.landscapeSizeClasses.horizontal.rawValue == r.sizeClassLandscape.h)
        #expect(d.landscapeSizeClasses.vertical.rawValue == r.sizeClassLandscape.v)
    }
}

@Test(arguments: [
    ("iphone-se-3", "iPhone SE (3rd generation)"), ("iPhone SE (3rd generation)", "iPhone SE (3rd generation)"),
    ("IPAD PRO 13-INCH (M4)", "iPad Pro 13-inch (M4)"), ("ipad-pro-13-m4", "iPad Pro 13-inch (M4)"),
    ("ipad-pro-11-m4", "iPad Pro 11-inch (M4)"), ("iphone-16-pro-max", "iPhone 16 Pro Max"), ("iphone-air", "iPhone Air"),
    ("ipad-mini-7", "iPad mini (A17 Pro, 7th generation)"), ("ipad-pro-12-9-6", "iPad Pro 12.9-inch (6th generation)"),
])
func `devices are addressable by name or slug`(query: String, expected: String) {
    #expect(DeviceCatalog.device(named: query)?.name == expected)
}

@Test func `slugs are unique and unknown names give nil with suggestions`() {
    #expect(Set(DeviceCatalog.all.map(\.slug)).count == DeviceCatalog.all.count)
    #expect(DeviceCatalog.device(named: "iphone-99") == nil)
    #expect(DeviceCatalog.suggestions(for: "iphone-se").contains("iphone-se-3"))
}

@Test func `phones are regular width only in landscape on Plus, Max and Air phones`() throws {
    for d in DeviceCatalog.all where d.idiom == .phone {
        let w = try WindowEnvironment(WindowConfiguration(device: d, orientation: .landscape))
        let isLarge = d.name.contains("Plus") || d.name.contains("Max") || d.name.contains("Air")
        #expect(w.horizontalSizeClass == (isLarge ? .regular : .compact), "\(d.name)")
        #expect(w.verticalSizeClass == .compact, "\(d.name)")
        let p = try WindowEnvironment(WindowConfiguration(device: d, orientation: .portrait))
        #expect(p.horizontalSizeClass == .compact && p.verticalSizeClass == .regular, "\(d.name)")
    }
}

@Test func `phones offer no Split View`() {
    let se = DeviceCatalog.device(named: "iphone-se-3")!
    #expect(throws: WindowConfigurationError.self) {
        try WindowEnvironment(WindowConfiguration(device: se, orientation: .portrait, mode: .splitView(.oneThird)))
    }
    #expect(se.availableModes(.landscape) == [.fullScreen])
}

@Test func `iPads offer no half split in portrait`() {
    for d in DeviceCatalog.all where d.idiom == .pad {
        #expect(!d.availableModes(.portrait).contains(.splitView(.half)), "\(d.name)")
        #expect(d.availableModes(.landscape).contains(.splitView(.half)), "\(d.name)")
    }
}

@Test func `iPad windows follow the documented width thresholds`() throws {
    for env in WindowEnvironment.allFixed() where env.device.idiom == .pad {
        #expect(env.verticalSizeClass == .regular)
        if env.size.width >= 678 { #expect(env.horizontalSizeClass == .regular, "\(env.device.name) \(env.mode)") }
        if env.size.width <= 639 { #expect(env.horizontalSizeClass == .compact, "\(env.device.name) \(env.mode)") }
    }
}

@Test func `split pane sizes come from the multitasking reference`() throws {
    let pro11 = DeviceCatalog.device(named: "ipad-pro-11-m4")!
    let third = try WindowEnvironment(WindowConfiguration(device: pro11, orientation: .portrait, mode: .splitView(.oneThird)))
    #expect(third.size == Size(width: 320, height: 1210))
    #expect(third.horizontalSizeClass == .compact)
    #expect(third.provenance == .derived)
    let pro129 = DeviceCatalog.device(named: "ipad-pro-12-9-6")!
    let half = try WindowEnvironment(WindowConfiguration(device: pro129, orientation: .landscape, mode: .splitView(.half)))
    #expect(half.size.width == 678 && half.horizontalSizeClass == .regular && half.provenance == .measured)
    let twoThirds = try WindowEnvironment(WindowConfiguration(device: pro129, orientation: .portrait, mode: .splitView(.twoThirds)))
    #expect(twoThirds.size.width == 639 && twoThirds.horizontalSizeClass == .compact)
}

@Test func `the undocumented 640 to 677 band is configurable`() throws {
    let pro13 = DeviceCatalog.device(named: "ipad-pro-13-m4")!
    let config = WindowConfiguration(device: pro13, orientation: .portrait, mode: .splitView(.twoThirds))
    #expect(try WindowEnvironment(config).size.width == 647)
    #expect(try WindowEnvironment(config).horizontalSizeClass == .compact)
    #expect(try WindowEnvironment(config, policy: SizeClassPolicy(undocumentedBand: .regular)).horizontalSizeClass == .regular)
    let window = WindowConfiguration(device: pro13, mode: .window(Size(width: 660, height: 800)))
    #expect(try WindowEnvironment(window, policy: SizeClassPolicy(undocumentedBand: .regular)).horizontalSizeClass == .regular)
}

@Test(arguments: [(320.0, UserInterfaceSizeClass.compact), (639, .compact), (678, .regular), (1200, .regular)])
func `free-form iPad windows have no safe area and classes by width`(width: Double, expected: UserInterfaceSizeClass) throws {
    let pad = DeviceCatalog.device(named: "ipad-air-13")!
    let env = try WindowEnvironment(WindowConfiguration(device: pad, mode: .window(Size(width: width, height: 700))))
    #expect(env.safeAreaInsets == .zero)
    #expect(env.horizontalSizeClass == expected)
    #expect(env.verticalSizeClass == .regular)
}

@Test func `bad free-form sizes are refused`() {
    let pad = DeviceCatalog.device(named: "ipad-air-13")!
    for size in [Size(width: 0, height: 10), Size(width: .nan, height: 10), Size(width: .infinity, height: 10), Size(width: -5, height: 10)] {
        #expect(throws: WindowConfigurationError.self) { try WindowEnvironment(WindowConfiguration(device: pad, mode: .window(size))) }
    }
}

@Test func `landscape swaps the screen size and uses landscape insets`() throws {
    let d = DeviceCatalog.device(named: "iphone-16-pro")!
    let env = try WindowEnvironment(WindowConfiguration(device: d, orientation: .landscape))
    #expect(env.size == Size(width: 874, height: 402))
    #expect(env.safeAreaInsets == EdgeInsets(top: 0, leading: 62, bottom: 21, trailing: 62))
    #expect(env.safeAreaRect == Rect(x: 62, y: 0, width: 750, height: 381))
}

@Test func `every fixed configuration is reachable`() {
    let all = WindowEnvironment.allFixed()
    // 20 phones × 2 orientations + 9 iPads × (portrait: full, ⅓, ⅔, slide over; landscape: full, ⅓, ½, ⅔, slide over)
    #expect(all.count == 20 * 2 + 9 * 9)
}
