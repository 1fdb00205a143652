import Foundation
import Testing

/// The `(object, event)` pairs of a `sdui simulate` JSON run.
private func events(_ run: SDUIRun) throws -> [[String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return try #require(object["events"] as? [[String: Any]])
}

private func names(_ events: [[String: Any]]) -> [String] {
    events.map { "\($0["object"] as? String ?? "?").\($0["event"] as? String ?? "?")" }
}

@Test func `simulate prints the launch in Apple's order with sizes as each controller sees them`() throws {
    let run = try sdui(["simulate", "Examples/storefront.json", "--device", "ipad-pro-13-m4", "--orientation", "landscape"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let list = try events(run)
    #expect(names(list).filter { !$0.hasSuffix("MoveToParent") } == [
        "scene.willConnect", "navigation.loadView", "navigation.viewDidLoad",
        "scene.sceneWillEnterForeground",
        "navigation.viewWillAppear", "storefront.loadView", "storefront.viewDidLoad", "storefront.viewWillAppear",
        "navigation.viewIsAppearing", "navigation.viewWillLayoutSubviews", "navigation.viewDidLayoutSubviews",
        "storefront.viewIsAppearing", "storefront.viewWillLayoutSubviews", "storefront.viewDidLayoutSubviews",
        "scene.sceneDidBecomeActive", "navigation.viewDidAppear", "storefront.viewDidAppear",
    ])
    let willAppear = try #require(list.first { $0["object"] as? String == "storefront" && $0["event"] as? String == "viewWillAppear" })
    #expect(willAppear["horizontalSizeClass"] as? String == "unspecified")
    let isAppearing = try #require(list.first { $0["object"] as? String == "storefront" && $0["event"] as? String == "viewIsAppearing" })
    let size = try #require(isAppearing["size"] as? [String: Double])
    #expect(size == ["width": 1376, "height": 1032])
    #expect(isAppearing["horizontalSizeClass"] as? String == "regular")
    #expect(isAppearing["verticalSizeClass"] as? String == "regular")
}

@Test func `simulate applies steps: full-screen presentation, dismissal, Split View resize`() throws {
    let run = try sdui(["simulate", "Examples/storefront.json", "--device", "ipad-pro-13-m4", "--orientation", "landscape",
                        "--steps", "present:fullScreen:Examples/news-feed.json,dismiss,resize:split-1/3"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let list = try events(run)
    let step1 = names(list.filter { $0["step"] as? Int == 1 })
    #expect(step1.filter { !$0.contains("Layout") } == [
        "news-feed.loadView", "news-feed.viewDidLoad",
        "navigation.viewWillDisappear", "storefront.viewWillDisappear", "news-feed.viewWillAppear",
        "news-feed.viewIsAppearing", "news-feed.viewDidAppear",
        "navigation.viewDidDisappear", "storefront.viewDidDisappear",
    ])
    let step2 = names(list.filter { $0["step"] as? Int == 2 })
    #expect(step2.last == "news-feed.deinit")
    let step3 = list.filter { $0["step"] as? Int == 3 }
    let transition = try #require(step3.first { $0["event"] as? String == "viewWillTransition" })
    #expect(transition["targetSize"] as? [String: Double] == ["width": 375, "height": 1032])
    let traits = try #require(step3.first { $0["object"] as? String == "storefront" && $0["event"] as? String == "traitsDidChange" })
    #expect(traits["horizontalSizeClass"] as? String == "compact")
}

@Test(arguments: [
    ("dismiss", 1, "step 1 \"dismiss\": nothing is presented"),
    ("pop", 1, "step 1 \"pop\": nothing to pop"),
    ("rotate,sideways", 64, "step 2 \"sideways\": unknown step"),
    ("resize:split-1/2", 1, "offers no Split View ½ in portrait"),
    ("present:sideways:Examples/news-feed.json", 64, "unknown presentation style"),
    ("disconnect,rotate", 1, "step 2 \"rotate\": the scene is disconnected"),
    ("background,background", 1, "step 2 \"background\""),
    ("push:Examples/missing.json", 66, "step 1 \"push:Examples/missing.json\": Examples/missing.json: cannot read: no such file or directory"),
    ("push:Package.swift", 65, "step 1 \"push:Package.swift\": Package.swift:/"),
])
func `simulate rejects steps that make no sense, naming the step`(steps: String, code: Int32, message: String) throws {
    let run = try sdui(["simulate", "Examples/storefront.json", "--device", "ipad-pro-13-m4", "--steps", steps])
    #expect(run.exitCode == code)
    #expect(run.stderr.contains(message), "got: \(run.stderr)")
    #expect(run.stdout.isEmpty)
}

@Test func `simulate text output groups events by step`() throws {
    let run = try sdui(["simulate", "Examples/storefront.json", "--format", "text", "--steps", "push:Examples/product-detail.json,pop,disconnect"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    #expect(run.stdout.contains("launch\n"))
    #expect(run.stdout.contains("step 2: pop"))
    #expect(run.stdout.contains("product-detail  deinit"))
    #expect(run.stdout.contains("storefront      viewIsAppearing          393×852 compact/regular"))
}

@Test func `simulate exits 66 for a missing file and 65 for a bad payload`() throws {
    #expect(try sdui(["simulate", "Examples/none.json"]).exitCode == 66)
    let path = try temporaryFile(Array(#"{"schemaVersion": 1}"#.utf8))
    let run = try sdui(["simulate", path])
    #expect(run.exitCode == 65)
    #expect(run.stderr.contains("/root: required"))
}

@Test func `simulate tap performs a node's action through the router`() throws {
    let run = try sdui(["simulate", "Examples/news-feed.json", "--steps", "tap:refresh,pop"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let list = try events(run)
    let step1 = names(list.filter { $0["step"] as? Int == 1 })
    #expect(step1.first == "news-feed#2.willMoveToParent")
    #expect(step1.last == "news-feed#2.didMoveToParent")
    #expect(names(list.filter { $0["step"] as? Int == 2 }).last == "news-feed#2.deinit")

    let missing = try sdui(["simulate", "Examples/news-feed.json", "--steps", "tap:story-s1"])
    #expect(missing.exitCode == 1)
    #expect(missing.stderr.contains("step 1 \"tap:story-s1\": no screen with id 'article/s1'"), "\(missing.stderr)")
    let inert = try sdui(["simulate", "Examples/news-feed.json", "--steps", "tap:masthead-title"])
    #expect(inert.exitCode == 1)
    #expect(inert.stderr.contains("has no action"))
}

@Test func `simulate --detail hosts a split that collapses and expands live, and tap shows the detail`() throws {
    let list = try temporaryFile(Array(#"""
    {"schemaVersion": 1, "id": "inbox", "root": {"type": "vstack", "children": [
      {"type": "button", "id": "row-1", "title": "First", "action": {"type": "navigate", "screen": "message"}}]}}
    """#.utf8), name: "list.json")
    let detail = try temporaryFile(Array(#"""
    {"schemaVersion": 1, "id": "message", "root": {"type": "text", "id": "body", "text": "Hello"}}
    """#.utf8), name: "message.json")
    let run = try sdui(["simulate", list, "--detail", detail, "--device", "ipad-pro-13-m4", "--orientation", "landscape",
                        "--mode", "split-2/3", "--steps", "resize:split-1/3,resize:split-2/3,tap:row-1"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let list0 = try events(run)
    let launch = list0.filter { $0["step"] as? Int == 0 }
    let inboxAppearing = try #require(launch.first { $0["object"] as? String == "inbox" && $0["event"] as? String == "viewIsAppearing" })
    #expect(inboxAppearing["size"] as? [String: Double] == ["width": 320, "height": 1032])
    #expect(inboxAppearing["horizontalSizeClass"] as? String == "compact")
    let messageAppearing = try #require(launch.first { $0["object"] as? String == "message" && $0["event"] as? String == "viewIsAppearing" })
    #expect(messageAppearing["horizontalSizeClass"] as? String == "regular")
    let collapse = names(list0.filter { $0["step"] as? Int == 1 })
    #expect(collapse.contains("message.viewWillDisappear") && collapse.last == "message.viewDidDisappear")
    let expand = names(list0.filter { $0["step"] as? Int == 2 })
    #expect(expand.contains("message.viewIsAppearing") && expand.last == "message.viewDidAppear")
    let tap = names(list0.filter { $0["step"] as? Int == 3 })
    #expect(tap.contains("message#2.viewDidAppear") && tap.last == "message.deinit")
}
