public import Foundation

/// The seed's `AsyncImage` phases for one image view: nothing yet (the placeholder or skeleton shows), the
/// picture, or the failure icon. The view's box is the same in every phase.
public enum ImagePhase<Image> {
    /// Loading (or not started): the placeholder shows.
    case empty
    /// Loaded.
    case success(Image)
    /// The URL may not be loaded, the fetch failed, or the bytes are not an image.
    case failure
}

/// What one image view shows and what it must load next — the state machine every host's image view runs.
///
/// A new request (a content update) resets the phase: a cached picture shows at once, a URL that may not be loaded
/// fails at once, any other starts a fetch. A fetch that completes for a URL the view no longer shows is ignored, so
/// a recycled view never shows the previous node's picture.
public struct ImageLoadingState<Image> {
    /// What the view must do after a change.
    public enum Step: Equatable, Sendable {
        /// Nothing to load.
        case none
        /// Fetch this URL, then call `complete(url:image:)`.
        case fetch(String)
    }
    /// The URL being shown (nil: none, or one that may not be loaded).
    public private(set) var url: String?
    /// The current phase.
    public private(set) var phase: ImagePhase<Image> = .empty

    public init() {}

    /// Shows `request` (nil: the view no longer shows an image); `cached` is the cache's picture for its URL.
    public mutating func show(_ request: ImageRequest?, cached: Image?) -> Step {
        guard let request else { url = nil; phase = .empty; return .none }
        guard let loadable = request.loadableURL else { url = nil; phase = .failure; return .none }
        if loadable == url, case .success = phase { return .none }
        url = loadable
        if let cached { phase = .success(cached); return .none }
        phase = .empty
        return .fetch(loadable)
    }

    /// A fetch of `url` finished with `image` (nil: failed). Returns whether the phase changed (false for a URL the
    /// view has moved on from).
    public mutating func complete(url completed: String, image: Image?) -> Bool {
        guard completed == url else { return false }
        phase = image.map(ImagePhase.success) ?? .failure
        return true
    }
}

/// Fetches an image's bytes (the UIKit host's is `URLSession`'s; tests pass their own).
public protocol ImageFetching: Sendable {
    /// The bytes at `url`.
    func data(for url: String) async throws -> Data
}

/// Decoded pictures by URL, least recently used first out, bounded by a total cost (bytes, by default).
@MainActor
public final class ImageCache<Image> {
    /// The most total cost kept.
    public let costLimit: Int
    private var entries: [String: (image: Image, cost: Int, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// The cost of what is kept.
    public private(set) var totalCost = 0

    /// A cache keeping at most `costLimit` in total.
    public init(costLimit: Int = 64 << 20) { self.costLimit = max(0, costLimit) }

    /// The number of pictures kept.
    public var count: Int { entries.count }

    /// The picture for `url`, marked as just used.
    public func image(for url: String) -> Image? {
        guard let entry = entries[url] else { return nil }
        clock += 1
        entries[url] = (entry.image, entry.cost, clock)
        return entry.image
    }

    /// Keeps `image` for `url` at `cost`, evicting the least recently used pictures past the limit.
    public func insert(_ image: Image, for url: String, cost: Int) {
        let cost = max(0, cost)
        guard cost <= costLimit else { return }
        if let old = entries[url] { totalCost -= old.cost }
        clock += 1
        entries[url] = (image, cost, clock)
        totalCost += cost
        while totalCost > costLimit, let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }) {
            totalCost -= oldest.value.cost
            entries[oldest.key] = nil
        }
    }

    /// Empties the cache (a memory warning).
    public func removeAll() { entries = [:]; totalCost = 0 }
}

/// Loads pictures: from the cache, else one fetch per URL however many views ask at once, decoded by the host.
@MainActor
public final class ImagePipeline<Image> {
    /// Where bytes come from.
    public let fetcher: any ImageFetching
    /// The decoded pictures.
    public let cache: ImageCache<Image>
    private let decode: @MainActor (Data) -> Image?
    private var waiting: [String: [@MainActor (Image?) -> Void]] = [:]
    /// Fetches started (a URL already cached or in flight starts none).
    public private(set) var fetchCount = 0

    /// A pipeline fetching with `fetcher` and turning bytes into pictures with `decode` (nil: not an image).
    public init(fetcher: any ImageFetching, cache: ImageCache<Image> = ImageCache(),
                decode: @escaping @MainActor (Data) -> Image?) {
        self.fetcher = fetcher; self.cache = cache; self.decode = decode
    }

    /// Calls `completion` with the picture at `url` (nil: failed): at once from the cache, else when the one fetch
    /// for the URL finishes.
    public func load(_ url: String, completion: @escaping @MainActor (Image?) -> Void) {
        if let cached = cache.image(for: url) { completion(cached); return }
        if waiting[url] != nil { waiting[url]?.append(completion); return }
        waiting[url] = [completion]
        fetchCount += 1
        let fetcher = self.fetcher
        Task { @MainActor in
            let data = try? await fetcher.data(for: url)
            let image = data.flatMap { self.decode($0) }
            if let image, let data { self.cache.insert(image, for: url, cost: data.count) }
            let completions = self.waiting.removeValue(forKey: url) ?? []
            for completion in completions { completion(image) }
        }
    }
}
