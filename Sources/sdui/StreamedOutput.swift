import Foundation

/// A command's output written as it is produced — to a file (created or truncated) or to standard output — in
/// 256 KiB chunks, so a large page or image never has to exist as one string (`render`, `preview`).
///
/// The bytes are those `writeOutput(_:to:)` would write for the same text: a file gets them exactly, standard
/// output gets a final newline when the text does not end with one.
struct StreamedOutput: TextOutputStream {
    private let handle: FileHandle
    private let path: String?
    private var buffer: [UInt8] = []
    private var lastByte: UInt8?
    private var failure: String?
    /// Bytes of text written so far (standard output's added newline not counted).
    private(set) var byteCount = 0
    private static let chunk = 1 << 18

    /// Opens `path` for writing (nil: standard output).
    /// - Throws: exit 73 when the file cannot be created.
    init(path: String?) throws(CLIError) {
        self.path = path
        guard let path else {
            handle = FileHandle.standardOutput
            return
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError(message: "\(path): cannot write: it is a directory", exitCode: ExitCode.cantCreate)
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CLIError(message: "\(path): cannot write: the file cannot be created (no such folder, or permission denied)",
                           exitCode: ExitCode.cantCreate)
        }
        self.handle = handle
        buffer.reserveCapacity(Self.chunk)
    }

    mutating func write(_ string: String) {
        byteCount += string.utf8.count
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.chunk { flush() }
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        lastByte = buffer.last
        if failure == nil {
            do { try handle.write(contentsOf: buffer) } catch { failure = error.localizedDescription }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered (and standard output's final newline) and closes a file.
    /// - Throws: exit 73 when a write failed (a full disk…).
    mutating func finish() throws(CLIError) {
        flush()
        if path == nil, lastByte != UInt8(ascii: "\n") {
            buffer.append(UInt8(ascii: "\n"))
            flush()
        }
        if path != nil { try? handle.close() }
        if let failure {
            throw CLIError(message: "\(path ?? "standard output"): cannot write: \(failure)", exitCode: ExitCode.cantCreate)
        }
    }
}
