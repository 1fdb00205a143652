import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a server may serve: one payload file, or the `.json` files inside one folder.
///
/// A page's path is checked twice: its segments are names (`RequestPath` refuses `..`, `.`, encoded slashes and
/// control characters in every spelling), and the file they name, with every symbolic link resolved (`realpath`),
/// must be a regular `.json` file inside the folder — a link that leads outside is as absent as a missing file.
struct PayloadSite: Sendable {
    /// The folder's real path, or the file's.
    let root: String
    /// Whether `root` is a folder.
    let isFolder: Bool

    /// The site of `path`.
    /// - Throws: `LiveServerError` when the path is neither a readable folder nor a regular file.
    init(path: String) throws(LiveServerError) {
        guard let real = Self.realPath(path) else {
            throw LiveServerError("\(path): cannot serve: \(String(cString: strerror(errno)).lowercased())")
        }
        switch Self.kind(real) {
        case .folder: isFolder = true
        case .file: isFolder = false
        case .other: throw LiveServerError("\(path): cannot serve: not a regular file or a folder")
        }
        root = real
    }

    /// The page name of the single file (its file name); in a folder, pages are named by their path in it.
    var fileName: String { (root as NSString).lastPathComponent }

    /// The real path of the payload a page names (`segments` of `RequestPath`), or nil when it is not one this site
    /// serves.
    func payload(at segments: [String]) -> String? {
        guard isFolder else { return segments.isEmpty || segments == [fileName] ? root : nil }
        guard !segments.isEmpty, segments.count <= 32 else { return nil }
        let candidate = root + "/" + segments.joined(separator: "/")
        guard let real = Self.realPath(candidate), real.hasPrefix(root + "/"), real.lowercased().hasSuffix(".json"),
              Self.kind(real) == .file else { return nil }
        return real
    }

    /// The page name (`sub/cart.json`) of a payload this site serves.
    func pageName(of realPath: String) -> String {
        isFolder ? String(realPath.dropFirst(root.count + 1)) : fileName
    }

    /// The payloads of a folder, by page name, sorted; hidden files and folders left out, at most `limit`.
    func listing(limit: Int = 2000) -> [String] {
        guard isFolder else { return [fileName] }
        var names: [String] = []
        var folders = [(path: root, depth: 0)]
        while let (folder, depth) = folders.popLast(), names.count < limit {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let path = folder + "/" + entry
                guard let real = Self.realPath(path), real.hasPrefix(root + "/") else { continue }
                switch Self.kind(real) {
                case .folder: if depth < 8 && real == path { folders.append((path, depth + 1)) }
                case .file: if entry.lowercased().hasSuffix(".json") { names.append(String(path.dropFirst(root.count + 1))) }
                case .other: break
                }
            }
        }
        return names.sorted().prefix(limit).map { $0 }
    }

    enum Kind { case file, folder, other }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// `realpath(3)`: the absolute path with every link and `.`/`..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// What identifies a file's contents without reading it: device, inode, size and modification time (an editor that
/// saves by renaming a new file over the old changes the inode; one that writes in place, the time and size).
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    /// The stamp of `path` now, or nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec); nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int(info.st_mtim.tv_sec); nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }
}
