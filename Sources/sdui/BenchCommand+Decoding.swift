import Foundation
import SDUISchema

#if os(Linux)
/// glibc's `malloc_trim` (declared in malloc.h, which the Glibc module does not export).
@_silgen_name("malloc_trim") private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// `sdui bench --payload FILE`: one payload's bytes through SDUIKit's decoder and Foundation's, side by side.
extension BenchCommand {
    /// Times decoding `path`'s bytes `runs` times with each decoder, and measures the peak memory of one decode
    /// each (first, in a quiet process: memory freed by one measurement is handed back before the next).
    static func decodingBenchmarks(_ path: String, runs: Int) throws(CLIError) -> ([Measurement], [MemoryMeasurement]) {
        let bytes = try readInput(path)
        let data = Data(bytes)
        let decoder = PayloadDecoder()
        let first = decoder.decode(bytes)
        guard let screen = first.screen else {
            throw CLIError(message: "\(path): not a valid payload (\(first.errors.first?.description ?? "no screen")); --payload times valid payloads", exitCode: ExitCode.dataError)
        }
        let nodes = screen.root.subtreeCount
        // Every decoder must read the payload as JSON before it is timed.
        guard (try? JSONSerialization.jsonObject(with: data)) != nil, (try? JSONDecoder().decode(CodableScreen.self, from: data)) != nil else {
            throw CLIError(message: "\(path): Foundation's decoders do not read it", exitCode: ExitCode.dataError)
        }
        let decoders: [(name: String, engine: String, run: () -> Any?)] = [
            ("decode-sdui", "sdui", { decoder.decode(bytes).screen }),
            ("decode-sdui-general-path", "sdui", { decoder.decodeGeneral(bytes).screen }),
            ("decode-jsonserialization", "foundation-jsonserialization", { try? JSONSerialization.jsonObject(with: data) }),
            ("decode-jsondecoder", "foundation-jsondecoder", { try? JSONDecoder().decode(CodableScreen.self, from: data) }),
        ]
        var memory: [MemoryMeasurement] = []
        for d in decoders {
            trimMalloc()
            let baseline = resetPeakRSS()
            let kept = d.run()
            let peak = readStatusKB("VmHWM")
            withExtendedLifetime(kept) {}
            memory.append(MemoryMeasurement(name: d.name + "-peak-memory", items: bytes.count, baselineKB: baseline, peakGrowthKB: max(0, peak - baseline)))
        }
        var results: [Measurement] = []
        for d in decoders {
            // The value decoded by a run is freed in the next run's setup, untimed.
            var kept: Any?
            var m = time(d.name, runs, setup: { _ in kept = nil }) { _ in
                kept = d.run()
                return nodes
            }
            withExtendedLifetime(kept) {}
            m.bytes = bytes.count
            m.engine = d.engine
            results.append(m)
        }
        return (results, memory)
    }

    /// Hands freed heap memory back to the system, so the next peak measured is that decode's own.
    static func trimMalloc() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

// MARK: A Codable mirror of the payload

/// The payload's node tree as `Decodable` types — what a team would write to read it with `JSONDecoder`: every
/// property typed (numbers, strings, size-class maps, frames, padding, colors, actions), no range checks.
struct CodableScreen: Decodable {
    var schemaVersion: Int
    var id: String?
    var title: String?
    var root: CodableNode
}

struct CodableNode: Decodable {
    var type: String
    var id: String?
    var children: [CodableNode]?
    var spacing, rowSpacing, columnSpacing, minColumnWidth, minLength, aspectRatio, cornerRadius, layoutPriority: CodableResponsive<Double>?
    var columns, lineLimit: CodableResponsive<Int>?
    var alignment, axis, text, style, weight, url, placeholder, alt, title, contentMode: CodableResponsive<String>?
    var color, background: CodableResponsive<CodableColor>?
    var visible: CodableResponsive<Bool>?
    var padding: CodablePadding?
    var frame: CodableFrame?
    var action: CodableAction?
}

/// A value or a `{"compact": …, "regular": …}` map.
enum CodableResponsive<Value: Decodable>: Decodable {
    case fixed(Value)
    case sizeClass(compact: Value?, regular: Value?)

    private enum Keys: String, CodingKey { case compact, regular }

    init(from decoder: any Decoder) throws {
        if let value = try? decoder.singleValueContainer().decode(Value.self) {
            self = .fixed(value)
            return
        }
        let map = try decoder.container(keyedBy: Keys.self)
        self = .sizeClass(compact: try map.decodeIfPresent(Value.self, forKey: .compact), regular: try map.decodeIfPresent(Value.self, forKey: .regular))
    }
}

/// `"#RRGGBB"`, a system name, or `{"light": …, "dark": …}`.
enum CodableColor: Decodable {
    case named(String)
    case pair(light: String, dark: String?)

    private enum Keys: String, CodingKey { case light, dark }

    init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self = .named(name)
            return
        }
        let pair = try decoder.container(keyedBy: Keys.self)
        self = .pair(light: try pair.decode(String.self, forKey: .light), dark: try pair.decodeIfPresent(String.self, forKey: .dark))
    }
}

/// A number (or map) for every edge, or `{"top": …, "leading": …, …, "horizontal": …, "vertical": …}`.
enum CodablePadding: Decodable {
    case all(CodableResponsive<Double>)
    case edges([String: CodableResponsive<Double>])

    init(from decoder: any Decoder) throws {
        if let edges = try? decoder.singleValueContainer().decode([String: CodableResponsive<Double>].self),
           !edges.keys.contains("compact"), !edges.keys.contains("regular") {
            self = .edges(edges)
            return
        }
        self = .all(try CodableResponsive<Double>(from: decoder))
    }
}

/// A number or `"infinity"`.
enum CodableDimension: Decodable {
    case points(Double)
    case infinity

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let points = try? value.decode(Double.self) { self = .points(points); return }
        guard try value.decode(String.self) == "infinity" else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "expected a number or \"infinity\"")
        }
        self = .infinity
    }
}

struct CodableFrame: Decodable {
    var width, height, minWidth, minHeight: CodableResponsive<Double>?
    var maxWidth, maxHeight: CodableResponsive<CodableDimension>?
    var alignment: CodableResponsive<String>?
}

struct CodableAction: Decodable {
    var type: String
    var screen: String?
    var url: String?
    var style: String?
}
