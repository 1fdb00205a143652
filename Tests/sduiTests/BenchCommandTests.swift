import Foundation
import Testing

/// `sdui bench`: the shape of its output and its input checks (not its times: a debug build, and timing
/// assertions belong in no test).
@Suite struct BenchCommandTests {
    @Test func `bench --json prints every cards benchmark with the documented fields`() throws {
        let run = try sdui(["bench", "--json", "--runs", "3", "--filter", "cards-100"], timeout: 300)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let benchmarks = try #require(doc["benchmarks"] as? [[String: Any]])
        let names = benchmarks.compactMap { $0["name"] as? String }
        #expect(names == ["cards-100-first-layout", "cards-100-flatten", "cards-100-decode", "cards-100-bytes-to-frames", "cards-100-fresh", "cards-100-fresh-read-nodes",
                          "cards-100-accessibility", "cards-100-fresh-new-engine", "cards-100-compute", "cards-100-relayout", "cards-100-relayout-toggle",
                          "cards-100-two-threads",
                          "cards-100-text-first-layout", "cards-100-text-first-layout-custom-font", "cards-100-text-fresh-warm-cache",
                          "cards-100-text-fresh-warm-cache-new-strings", "cards-100-text-fresh-cold-cache",
                          "cards-100-text-new-engine", "cards-100-text-relayout",
                          "cards-100-state-change", "cards-100-state-change-model", "cards-100-state-change-full",
                          "cards-100-state-change-general", "cards-100-state-change-color", "cards-100-state-change-visible",
                          "cards-100-state-change-size",
                          "cards-100-state-change-runtime"])
        // The state-change benchmarks lay out the cards with a badge each (902 nodes); the model part lays out
        // nothing, the general path runs a twentieth as often (it decodes the payload again).
        let stateChange = benchmarks.filter { ($0["name"] as? String)?.hasPrefix("cards-100-state-change") == true }
        for b in stateChange where b["name"] as? String != "cards-100-state-change-model" {
            #expect(b["nodes"] as? Int == 902, "\(b)")
        }
        let incremental = try #require(stateChange.first { $0["name"] as? String == "cards-100-state-change" })
        #expect((incremental["speedupOverFull"] as? Double).map { $0 > 0 } == true, "\(incremental)")
        for b in benchmarks where !stateChange.contains(where: { $0["name"] as? String == b["name"] as? String }) {
            #expect(b["engine"] as? String == "sdui")
            // Every cards benchmark lays out the whole 802-node screen (a viewport layout would report fewer).
            #expect(b["nodes"] as? Int == 802, "\(b)")
            #expect(b["runs"] as? Int == 3)
            let median = try #require(b["medianMicroseconds"] as? Double), p90 = try #require(b["p90Microseconds"] as? Double)
            #expect(median > 0 && p90 >= median, "\(b)")
        }
        // The two-thread benchmark reports its speedup over one thread and the machine's load.
        let threads = try #require(benchmarks.first { $0["name"] as? String == "cards-100-two-threads" })
        #expect((threads["speedup"] as? Double).map { $0 > 0 } == true, "\(threads)")
        #expect(threads["loadAverage"] is Double, "\(threads)")
    }

    @Test func `bench --filter scaling prints the nesting and children curves`() throws {
        let run = try sdui(["bench", "--json", "--runs", "3", "--filter", "scaling-nesting-siblings"], timeout: 300)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let benchmarks = try #require(doc["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.compactMap { $0["name"] as? String } == [1, 2, 4, 8, 16, 32, 60, 64, 128].map { "scaling-nesting-siblings-\($0)" })
        #expect(benchmarks.compactMap { $0["nodes"] as? Int } == [1, 2, 4, 8, 16, 32, 60, 64, 128].map { 3 * $0 + 1 })
    }

    @Test(arguments: [["--runs", "0"], ["--runs", "many"], ["--runs"], ["--frobnicate"]])
    func `bench refuses bad arguments with exit 64 and says what was expected`(arguments: [String]) throws {
        let run = try sdui(["bench"] + arguments)
        #expect(run.exitCode == 64)
        #expect(!run.stderr.isEmpty)
        #expect(run.stdout.isEmpty)
    }

    @Test func `bench --font times reading the file beside the bundled Inter; a bad file is 66 or 65`() throws {
        let lato = repositoryRoot.appendingPathComponent("Tests/SDUILayoutTests/Fixtures/fonts/Lato-Regular-subset.ttf").path
        let run = try sdui(["bench", "--json", "--runs", "20", "--filter", "font-load", "--font", lato], timeout: 120)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let benchmarks = try #require(doc["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.compactMap { $0["name"] as? String } == ["font-load-inter-regular", "font-load-Lato-Regular-subset.ttf"])
        let size = try FileManager.default.attributesOfItem(atPath: lato)[.size] as? Int
        #expect(benchmarks.last?["bytes"] as? Int == size)
        #expect(try sdui(["bench", "--filter", "font-load", "--font", "/nonexistent/Brand.ttf"]).exitCode == 66)
        let notFont = try sdui(["bench", "--filter", "font-load", "--font", repositoryRoot.appendingPathComponent("Package.swift").path])
        #expect(notFont.exitCode == 65)
        #expect(notFont.stderr.contains("Package.swift"))
    }
}
