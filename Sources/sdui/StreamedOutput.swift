import Foundation

/// A command's output written as it is produced — to a file (created or truncated) or to standard output — in
/// 256 KiB chunks, so a large page or image never has to exist as one string (`render`, `preview`).
///
/// The bytes and the messages are those of `writeOutput(_:to:)` for the same text: a final newline when the text
/// does not end with one; exit 73 with a plain reason ("is a directory", "no such directory", "no space left on
/// device") when the file cannot be written.
struct StreamedOutput: TextOutputStream {
    private let fd: Int32
    private let path: String?
    private var buffer: [UInt8] = []
    private var lastByte: UInt8?
    private var failure: Int32?
    /// Bytes of text written so far (the added final newline not counted).
    private(set) var byteCount = 0
    private static let chunk = 1 << 18

    /// Opens `path` for writing (nil or `-`: standard output).
    /// - Throws: exit 73 when the file cannot be created.
    init(path: String?) throws(CLIError) {
        buffer.reserveCapacity(Self.chunk)
        guard let path, path != "-" else {
            self.path = nil
            fd = 1
            return
        }
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError(message: "\(path): cannot write: is a directory (give a file name)", exitCode: ExitCode.cantCreate)
        }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            let code = errno
            let parent = (path as NSString).deletingLastPathComponent
            let reason = code == ENOENT ? "no such directory \"\(parent.isEmpty ? "." : parent)\"" : systemReason(code)
            throw CLIError(message: "\(path): cannot write: \(reason)", exitCode: ExitCode.cantCreate)
        }
    }

    mutating func write(_ string: String) {
        byteCount += string.utf8.count
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.chunk { flush() }
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        lastByte = buffer.last
        if failure == nil { failure = writeAll(fd, buffer) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and the final newline, and closes a file.
    /// - Throws: exit 73 when a write failed (a full disk, a closed pipe).
    mutating func finish() throws(CLIError) {
        flush()
        if lastByte != UInt8(ascii: "\n") {
            buffer.append(UInt8(ascii: "\n"))
            flush()
        }
        if path != nil { close(fd) }
        if let failure {
            throw CLIError(message: "\(path ?? "standard output"): cannot write: \(systemReason(failure))", exitCode: ExitCode.cantCreate)
        }
    }
}
