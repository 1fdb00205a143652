import Foundation
import Testing

/// Runs the built `sdui` executable, as a user would.
struct SDUIRun {
    var exitCode: Int32
    var stdout: String
    var stderr: String
}

/// The directory holding the built products (`.build/debug`).
let productsDirectory: URL = {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL
}()

/// The repository's root directory.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs `sdui` with `arguments`, feeding `stdin`, with a timeout so a hang fails instead of blocking CI.
/// `directory`: the working directory (default: the repository's root).
func sdui(_ arguments: [String], stdin: Data? = nil, timeout: TimeInterval = 60, in directory: URL = repositoryRoot) throws -> SDUIRun {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("sdui")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Drain both pipes concurrently so a large output never blocks the child.
    nonisolated(unsafe) var outData = Data(), errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        Issue.record("sdui \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
    }
    process.waitUntilExit()
    return SDUIRun(exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}

/// Writes `contents` to a fresh temporary file and returns its path.
func temporaryFile(_ contents: [UInt8], name: String = "payload.json") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try Data(contents).write(to: url)
    return url.path
}
