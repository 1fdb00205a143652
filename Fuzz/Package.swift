// swift-tools-version: 6.0
// libFuzzer executables for SDUIKit's fuzz targets (docs/fuzzing.md). Not part of the root package's build:
// `Scripts/fuzz TARGET SECONDS` builds this package with `-sanitize=fuzzer,address` and runs one target.
// The root package is a path dependency (nothing is fetched); its SDUIFuzzing library holds the targets' bodies,
// which the root test suite also replays over the seeds and every regression input.
import PackageDescription

// A path dependency's identity is its directory's name. `SDUIKit` is a symlink to `..`, so the name does not
// depend on what the clone is called (a clone named like this package would otherwise clash with it).
let harness: Target.Dependency = .product(name: "SDUIFuzzing", package: "SDUIKit")

let package = Package(
    name: "SDUIKitFuzz",
    // As the root package's (a dependent package may not target an older macOS than the products it uses).
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "SDUIKit")],
    targets: [.target(name: "FuzzDriver", dependencies: [harness], path: "Sources/FuzzDriver")]
        + ["decode", "layout", "runtime", "expression", "http", "font", "state"].map { name in
            .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzDriver"], path: "Sources/fuzz-\(name)")
        },
    swiftLanguageModes: [.v6]
)
