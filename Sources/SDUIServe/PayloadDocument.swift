import Foundation
import SDUIEnvironment
import SDUISchema

/// A problem of a payload's text as a page shows it: where (JSON Pointer, line and column) and what.
struct ServeProblem: Error, Hashable, Sendable {
    var severity: String
    var code: String
    var pointer: String
    var location: SourceLocation?
    var message: String

    /// The decoder's issue, placed in `bytes`: a syntax error's own line and column, else where its pointer's value
    /// starts.
    init(_ issue: PayloadIssue, in bytes: [UInt8]) {
        severity = issue.severity.rawValue
        code = issue.code.rawValue
        pointer = issue.pointer
        message = issue.message
        location = SourceLocation.fromMessage(issue.message) ?? SourceLocation.of(pointer: issue.pointer, in: bytes)
    }

    init(severity: String = "error", code: String, pointer: String = "", location: SourceLocation? = nil, message: String) {
        self.severity = severity; self.code = code; self.pointer = pointer; self.location = location; self.message = message
    }
}

/// What a document holds at one moment.
struct DocumentSnapshot: Sendable {
    /// Counts the changes of the file's contents (1: the first read).
    var version: Int
    /// The last screen the file decoded to (nil until one did).
    var screen: Screen?
    /// The current contents' errors (empty: `screen` is the current contents').
    var problems: [ServeProblem]
    /// The current contents' warnings.
    var warnings: [ServeProblem]
}

/// Told when a document's contents change (a page showing it).
protocol DocumentSubscriber: AnyObject, Sendable {
    func documentDidChange(_ document: PayloadDocument)
}

/// A payload file being served: the last screen it decoded to, what is wrong with its current contents, and the
/// pages showing it. The watcher calls `refresh()`; pages read `snapshot` and subscribe.
final class PayloadDocument: @unchecked Sendable {  // every mutable field is guarded by `lock`
    /// The file's real path and its page name.
    let path: String
    let pageName: String
    private let lock = NSLock()
    private var current: DocumentSnapshot
    private var stamp: FileStamp?
    private var bytes: [UInt8] = []
    private var subscribers: [ObjectIdentifier: any DocumentSubscriber] = [:]
    private var lintCache: [(key: String, findings: [ServeLintFinding])] = []

    /// The largest file read (the decoder's own limit).
    static let maxBytes = 16 << 20

    init(path: String, pageName: String) {
        self.path = path
        self.pageName = pageName
        current = DocumentSnapshot(version: 0, screen: nil, problems: [], warnings: [])
        _ = refresh(force: true)
    }

    var snapshot: DocumentSnapshot { lock.lock(); defer { lock.unlock() }; return current }

    var hasSubscribers: Bool { lock.lock(); defer { lock.unlock() }; return !subscribers.isEmpty }

    func subscribe(_ subscriber: any DocumentSubscriber) {
        lock.lock(); subscribers[ObjectIdentifier(subscriber)] = subscriber; lock.unlock()
    }

    func unsubscribe(_ subscriber: any DocumentSubscriber) {
        lock.lock(); subscribers[ObjectIdentifier(subscriber)] = nil; lock.unlock()
    }

    /// Reads the file again when its stamp changed (or `force`), decodes what changed, and tells the subscribers.
    /// - Returns: whether the contents changed.
    @discardableResult
    func refresh(force: Bool = false) -> Bool {
        let newStamp = FileStamp(path: path)
        lock.lock()
        if !force && newStamp == stamp && newStamp != nil { lock.unlock(); return false }
        lock.unlock()
        let read = Self.read(path)
        lock.lock()
        stamp = newStamp
        var next = current
        switch read {
        case .success(let newBytes):
            if !force && newBytes == bytes && current.version > 0 { lock.unlock(); return false }
            bytes = newBytes
            let decoding = PayloadDecoder().decode(newBytes)
            next.problems = decoding.errors.map { ServeProblem($0, in: newBytes) }
            next.warnings = decoding.warnings.map { ServeProblem($0, in: newBytes) }
            if let screen = decoding.screen { next.screen = screen }
        case .failure(let problem):
            if current.version > 0 && current.problems == [problem] { lock.unlock(); return false }
            bytes = []
            next.problems = [problem]
            next.warnings = []
        }
        next.version += 1
        current = next
        lintCache = []
        let toTell = Array(subscribers.values)
        lock.unlock()
        for subscriber in toTell { subscriber.documentDidChange(self) }
        return true
    }

    /// The lint of the current screen for `key` (windows, size, direction), made by `make` once per contents.
    func lint(key: String, version: Int, _ make: () -> [ServeLintFinding]) -> [ServeLintFinding] {
        let fullKey = String(version) + "|" + key
        lock.lock()
        if let hit = lintCache.first(where: { $0.key == fullKey }) { lock.unlock(); return hit.findings }
        lock.unlock()
        let findings = make()
        lock.lock()
        if current.version == version {
            lintCache.append((fullKey, findings))
            if lintCache.count > 8 { lintCache.removeFirst() }
        }
        lock.unlock()
        return findings
    }

    /// The file's bytes, or the problem that stops them being read (missing, not a file, too large).
    static func read(_ path: String) -> Result<[UInt8], ServeProblem> {
        guard PayloadSite.kind(path) == .file else {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not a regular file" : "the file is not there (was it moved or deleted?)"
            return .failure(ServeProblem(code: "unreadable", message: "cannot read \((path as NSString).lastPathComponent): \(reason)"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ServeProblem(code: "unreadable", message: "cannot read \((path as NSString).lastPathComponent): permission denied"))
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? Data()
        guard data.count <= maxBytes else {
            return .failure(ServeProblem(code: "limit-exceeded", message: "the file is larger than \(maxBytes >> 20) MiB"))
        }
        return .success([UInt8](data))
    }
}

/// The documents of a site, made as pages ask for them, and the thread that watches their files.
final class DocumentStore: @unchecked Sendable {  // `documents` and `stopping` are guarded by `lock`
    let site: PayloadSite
    private let lock = NSLock()
    private var documents: [String: PayloadDocument] = [:]
    private let pollInterval: Double
    private var isStopping = false
    private let ended = DispatchSemaphore(value: 0)
    private var isWatching = false
    /// Told when the folder's listing changes (the index page).
    private var listingSubscribers: [ObjectIdentifier: @Sendable () -> Void] = [:]
    private var lastListing: [String] = []

    init(site: PayloadSite, pollInterval: Double) {
        self.site = site
        self.pollInterval = max(0.02, pollInterval)
    }

    /// The document of a payload's real path (one per file).
    func document(at path: String) -> PayloadDocument {
        lock.lock()
        if let document = documents[path] { lock.unlock(); return document }
        lock.unlock()
        let made = PayloadDocument(path: path, pageName: site.pageName(of: path))
        lock.lock()
        defer { lock.unlock() }
        if let document = documents[path] { return document }
        documents[path] = made
        return made
    }

    func subscribeToListing(_ key: ObjectIdentifier, _ changed: @escaping @Sendable () -> Void) {
        lock.lock(); listingSubscribers[key] = changed; lock.unlock()
    }

    func unsubscribeFromListing(_ key: ObjectIdentifier) {
        lock.lock(); listingSubscribers[key] = nil; lock.unlock()
    }

    /// Starts the watcher. Each document with a page open is read again as soon as its file is written whole (on
    /// Linux: inotify, `FileEvents`); besides, every `pollInterval` seconds its stamp is compared, and a stamp that
    /// changed is read once it has held still for a moment (so a save caught half-written is not shown). About once
    /// a second the folder's listing, while an index page is open.
    func startWatching() {
        lock.lock()
        guard !isWatching else { lock.unlock(); return }
        isWatching = true
        lastListing = site.isFolder ? site.listing() : []
        lock.unlock()
        let thread = Thread { [self] in watch(); ended.signal() }
        thread.name = "sdui-serve-watcher"
        thread.start()
    }

    func stop() {
        lock.lock()
        let watching = isWatching
        isStopping = true
        lock.unlock()
        if watching { ended.wait() }
    }

    private func watch() {
        let events = FileEvents()
        // A stamp that changed without an event is read once it has held still this long (without inotify, a
        // moment; with it, the event comes when the writer closes the file, so this is only for file systems that
        // send none).
        let settle = events.isImmediate ? 1.0 : max(0.05, pollInterval)
        var lastStamps: [String: FileStamp?] = [:]
        var pending: [String: (stamp: FileStamp?, since: Double)] = [:]
        var lastListingCheck = Date().timeIntervalSinceReferenceDate
        while true {
            lock.lock()
            let stopping = isStopping
            let watched = documents.values.filter { $0.hasSubscribers }
            let listeners = Array(listingSubscribers.values)
            lock.unlock()
            if stopping { return }
            events.watch(foldersOf: watched.map(\.path))
            let written = events.wait(timeout: pollInterval)
            let now = Date().timeIntervalSinceReferenceDate
            for document in watched {
                let path = document.path
                let stamp = FileStamp(path: path)
                if written.contains(path) {
                    // Written whole (closed after writing, or renamed into place): read it now.
                    lastStamps[path] = stamp
                    pending[path] = nil
                    document.refresh()
                    continue
                }
                if let last = lastStamps[path], last == stamp { pending[path] = nil; continue }
                guard let seen = pending[path], seen.stamp == stamp else {
                    pending[path] = (stamp, now)
                    continue
                }
                guard now - seen.since >= settle || lastStamps[path] == nil else { continue }
                lastStamps[path] = stamp
                pending[path] = nil
                document.refresh()
            }
            if site.isFolder && !listeners.isEmpty && now - lastListingCheck >= 1 {
                lastListingCheck = now
                let listing = site.listing()
                lock.lock()
                let changed = listing != lastListing
                lastListing = listing
                lock.unlock()
                if changed { for listener in listeners { listener() } }
            }
        }
    }
}
