#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the watcher at once when a file was written whole: on Linux the kernel's inotify events for the folders of
/// the watched files (`IN_CLOSE_WRITE`: a file written in place was closed; `IN_MOVED_TO`: a file was renamed over
/// one, as editors that save atomically do). Elsewhere — or if inotify cannot be had — it only waits, and the
/// watcher's stamp comparison finds the change on its next look.
///
/// Used by the watcher thread only.
final class FileEvents {
    #if canImport(Glibc)
    private let fd: Int32
    /// The watched folders by watch descriptor, and back.
    private var folders: [Int32: String] = [:]
    private var descriptors: [String: Int32] = [:]
    #endif

    init() {
        #if canImport(Glibc)
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #endif
    }

    deinit {
        #if canImport(Glibc)
        if fd >= 0 { close(fd) }
        #endif
    }

    /// Whether changes are reported as they happen (else only the watcher's periodic look finds them).
    var isImmediate: Bool {
        #if canImport(Glibc)
        return fd >= 0
        #else
        return false
        #endif
    }

    /// Watches the folders holding `paths` (each once).
    func watch(foldersOf paths: [String]) {
        #if canImport(Glibc)
        guard fd >= 0 else { return }
        for path in paths {
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            guard !folder.isEmpty, descriptors[folder] == nil else { continue }
            let wd = inotify_add_watch(fd, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO))
            guard wd >= 0 else { continue }
            folders[wd] = folder
            descriptors[folder] = wd
        }
        #endif
    }

    /// Waits up to `timeout` seconds for files to be written whole; their paths (empty after the timeout).
    func wait(timeout: Double) -> Set<String> {
        #if canImport(Glibc)
        guard fd >= 0 else { sleep(seconds: timeout); return [] }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var written = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + 16 <= n {
                // struct inotify_event { int wd; uint32 mask; uint32 cookie; uint32 len; char name[len]; }
                let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                if let folder = folders[wd], !nameBytes.isEmpty {
                    written.insert(folder + "/" + String(decoding: nameBytes, as: UTF8.self))
                }
                offset += 16 + length
            }
        }
        return written
        #else
        sleep(seconds: timeout)
        return []
        #endif
    }

    private func sleep(seconds: Double) { usleep(UInt32(max(0, seconds) * 1_000_000)) }
}
