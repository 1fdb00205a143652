// swift-tools-version: 6.0
// SDUIKit: server-driven UI payloads → exact frames on every Apple screen.
// Module order is the dependency order (see docs/architecture.md): a module imports only modules above it.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "SDUIKit",
    // The in-app modules need iOS 16 (SwiftUI's `Layout`); newer APIs are behind `if #available` with a fallback.
    // macOS for the tools (`sdui`, the libraries on a Mac); Linux needs nothing declared.
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "SDUIEnvironment", targets: ["SDUIEnvironment"]),
        .library(name: "SDUISchema", targets: ["SDUISchema"]),
        .library(name: "SDUILayout", targets: ["SDUILayout"]),
        .library(name: "SDUIDisplay", targets: ["SDUIDisplay"]),
        // Tools: payload authoring (Swift DSL, JSON Schema export) and lint, for backends and CI; apps do not link them.
        .library(name: "SDUIAuthoring", targets: ["SDUIAuthoring"]),
        .library(name: "SDUILint", targets: ["SDUILint"]),
        .library(name: "SDUIRender", targets: ["SDUIRender"]),
        .library(name: "SDUIRuntime", targets: ["SDUIRuntime"]),
        // Native hosts, Apple platforms only (empty elsewhere); nothing else depends on them (docs/hosts.md).
        .library(name: "SDUIUIKit", targets: ["SDUIUIKit"]),
        .library(name: "SDUISwiftUI", targets: ["SDUISwiftUI"]),
        .executable(name: "sdui", targets: ["sdui"]),
        // `sdui serve`'s HTTP/1.1 server and live preview; not for apps (no host product depends on them).
        .library(name: "SDUIHTTP", targets: ["SDUIHTTP"]),
        .library(name: "SDUIServe", targets: ["SDUIServe"]),
        // The fuzz targets' bodies, for the libFuzzer executables of Fuzz/ (docs/fuzzing.md); not for apps.
        .library(name: "SDUIFuzzing", targets: ["SDUIFuzzing"]),
    ],
    targets: [
        .target(name: "SDUIEnvironment", swiftSettings: strict),
        .target(name: "SDUISchema", dependencies: ["SDUIEnvironment"], swiftSettings: strict),
        // Resources/Fonts: the built-in faces (Inter, Noto Sans Hebrew/Arabic, OFL) the engine measures with, the renderer
        // embeds (as WOFF2 made from these files) and the hosts register: one copy for all of them.
        .target(name: "SDUILayout", dependencies: ["SDUIEnvironment", "SDUISchema"],
                resources: [.copy("Resources/Fonts")], swiftSettings: strict),
        // The render contract every host draws from: display list, reconciler, image loading, action routing.
        .target(name: "SDUIDisplay", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout"], swiftSettings: strict),
        // The bundled fonts are compiled in as WOFF2 (Generated/EmbeddedFonts.swift, see docs/render.md): no resource bundle at run time.
        .target(name: "SDUIRender", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout", "SDUIDisplay"], swiftSettings: strict),
        .target(name: "SDUIRuntime", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout", "SDUIDisplay"], swiftSettings: strict),
        .target(name: "SDUIUIKit", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout", "SDUIDisplay"],
                swiftSettings: strict),
        .target(name: "SDUISwiftUI", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout", "SDUIDisplay"],
                swiftSettings: strict),
        // Tooling, off the in-app path: what writes and checks payloads, and the screens benchmarks and tests lay out.
        .target(name: "SDUIAuthoring", dependencies: ["SDUIEnvironment", "SDUISchema"], swiftSettings: strict),
        .target(name: "SDUILint", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout"], swiftSettings: strict),
        .target(name: "SDUIFixtures", dependencies: ["SDUIEnvironment", "SDUISchema"], swiftSettings: strict),
        // A small HTTP/1.1 + WebSocket server on the platform's sockets (no SDUI knowledge).
        .target(name: "SDUIHTTP", swiftSettings: strict),
        // The live preview `sdui serve` runs: pages, sessions, file watching, patches.
        .target(name: "SDUIServe", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout", "SDUIDisplay", "SDUIRender", "SDUIHTTP"],
                swiftSettings: strict),
        .target(name: "SDUIFuzzing", dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout", "SDUIDisplay", "SDUIRender", "SDUIRuntime",
                                                     "SDUIAuthoring", "SDUIHTTP"],
                swiftSettings: strict),
        .executableTarget(
            name: "sdui",
            dependencies: ["SDUIEnvironment", "SDUISchema", "SDUILayout", "SDUIDisplay", "SDUIRender", "SDUIRuntime",
                           "SDUIAuthoring", "SDUILint", "SDUIFixtures", "SDUIServe"],
            swiftSettings: strict
        ),
        .testTarget(name: "SDUIEnvironmentTests", dependencies: ["SDUIEnvironment"]),
        .testTarget(name: "SDUISchemaTests", dependencies: ["SDUISchema", "SDUIAuthoring", "SDUIFuzzing"]),
        .testTarget(name: "SDUILayoutTests", dependencies: ["SDUILayout", "SDUISchema", "SDUIFixtures", "SDUILint", "SDUIAuthoring",
                                                        "SDUIFuzzing"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "SDUIDisplayTests", dependencies: ["SDUIDisplay", "SDUILayout", "SDUISchema", "SDUIFixtures"]),
        .testTarget(name: "SDUIRenderTests", dependencies: ["SDUIRender", "SDUILayout", "SDUISchema"], exclude: ["__Snapshots__"]),
        .testTarget(name: "SDUIRuntimeTests", dependencies: ["SDUIRuntime", "SDUIDisplay", "SDUILayout", "SDUISchema", "SDUIFixtures"]),
        .testTarget(name: "sduiTests", dependencies: ["sdui", "SDUILint"]),
        .testTarget(name: "SDUIFuzzingTests", dependencies: ["SDUIFuzzing"]),
        .testTarget(name: "SDUIHTTPTests", dependencies: ["SDUIHTTP"]),
        .testTarget(name: "SDUIServeTests", dependencies: ["SDUIServe", "SDUIHTTP", "SDUIRender", "SDUIDisplay", "SDUILayout", "SDUISchema", "SDUIEnvironment"]),
    ],
    swiftLanguageModes: [.v6]
)
