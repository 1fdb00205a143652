import Dispatch
import Foundation
import SDUIDisplay
import SDUILayout

extension BenchCommand {
    /// The font benchmarks (see the help): reading a font file, and measuring text in a face read from one against
    /// the built-in face, measured in the same run.
    static func fontBenchmarks(runs: Int, selected: (String) -> Bool) throws(CLIError) -> [Measurement] {
        let names = ["font-load-inter-regular", "text-200-measure-built-in", "text-200-measure-loaded-face"]
        guard names.contains(where: selected) else { return [] }
        guard let face = BundledFonts.faces.first(where: { $0.postScriptName == "Inter-Regular" }),
              let url = BundledFonts.url(of: face), let bytes = try? [UInt8](Data(contentsOf: url)) else {
            throw CLIError(message: "sdui bench: the bundled Inter-Regular.otf is missing from SDUIDisplay's resources",
                           exitCode: ExitCode.software)
        }
        var results: [Measurement] = []
        if selected("font-load-inter-regular") {
            var measurement = time("font-load-inter-regular", runs / 10) { _ in
                (try? FontFile.faces(in: bytes, file: face.fileName).count) ?? 0
            }
            measurement.bytes = bytes.count
            results.append(measurement)
        }
        guard let loaded = try? FontFile.faces(in: bytes, file: face.fileName).first else { return results }
        // 200 strings as the text cards have them: 100 product titles, 100 prices.
        let words = ["Trail", "Runner", "Wireless", "Earbuds", "Pro", "Max", "Waterproof", "Jacket", "Ultralight", "Tent",
                     "Coffee", "Grinder", "Yoga", "Mat", "Travel", "Pillow", "AV", "Office", "Affluent", "Wave"]
        let strings = (0..<100).map { i in (0..<(2 + i % 3)).map { words[(i * 7 + $0 * 3) % words.count] }.joined(separator: " ") }
            + (0..<100).map { "$\($0 * 3 + 9).\($0 % 10)9" }
        for (name, font) in [("text-200-measure-built-in", FontSpec(size: 17, weight: 400, lineHeight: 22)),
                             ("text-200-measure-loaded-face", FontSpec(size: 17, weight: 400, lineHeight: 22, face: loaded))]
        where selected(name) {
            let measurer = TextMeasurer()
            results.append(time(name, runs / 4, setup: { _ in measurer.removeAllCachedLayouts() }) { _ in
                var lines = 0
                for string in strings { lines += measurer.measure(string, font: font, maxWidth: 160, lineLimit: 2).lines.count }
                return lines
            })
        }
        return results
    }
}
