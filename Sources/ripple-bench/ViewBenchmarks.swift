#if canImport(Glibc)
import CRippleBench
import Glibc
#endif
import CollectionViews
import FetchedResults
import ObjectGraph
import SeededRandom

/// Issue 13 point 3: one change batch through a fetched collection-view data source and its view, against
/// result size. A context holds N `Item`s (group: 100 values, score); a `FetchedCollectionViewDataSource`
/// over them, sorted by (group, score) and sectioned by group, drives a `CollectionView` with a cell
/// registration; one batch = one object gets a new random score, then `processPendingChanges()` (the
/// controller's update, the data source's batch update and the view's validation and cell updates).
/// V1 = t(N=1M) / t(N=10k), goal ≤ 4×.
enum ViewBenchmarks {
    /// A data source, its view and the objects.
    struct Fixture {
        let context: ManagedObjectContext
        let source: FetchedCollectionViewDataSource
        let view: CollectionView
        let objects: [ManagedObject]
    }

    nonisolated(unsafe) static var rng = SplitMix64(seed: 77)  // the benchmark runs on one thread

    static func fixture(n: Int, table: Bool = false) throws -> Fixture {
        let (context, objects) = try ItemFixture.make(n: n, rng: &rng)
        let view = table ? TableView() : CollectionView()
        let source = FetchedCollectionViewDataSource(collectionView: view, managedObjectContext: context)
        source.register(className: "Cell") { cell, path, source in
            cell["score"] = try (source.item(at: path) as! ManagedObject).value(forKey: "score")
        }
        try source.reload(with: FetchRequest(entityName: "Item", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "score")]),
                          sectionBehavior: .attribute("group"))
        _ = try view.snapshot()
        return Fixture(context: context, source: source, view: view, objects: objects)
    }

    /// One batch: one random object gets a new random score.
    static func batch(_ f: Fixture) throws {
        let o = f.objects[Int(rng.next() % UInt64(f.objects.count))]
        try o.setValue(.double(rng.nextDouble()), forKey: "score")
        try f.context.processPendingChanges()
    }

    static func time(_ f: Fixture) throws -> Double {
        try batch(f)    // warm-up
        return try Measure.median(repetitions: 15) { try batch(f) }
    }

    /// `count` batches, alone for callgrind (`--toggle-collect='*ViewBenchmarks*batches*'`).
    @inline(never)
    static func batches(_ f: Fixture, count: Int) throws {
        for _ in 0..<count { try batch(f) }
    }

    /// `ripple-bench --views-at N [table|collection] [BATCHES] [WINDOW]`: one fixture of N objects (a table
    /// view with `table`), BATCHES batches (default 100) through ``batches(_:count:)``; prints the time per
    /// batch. With WINDOW, the view has a visible window of that many items (`visibleItems`), scrolled to
    /// the middle. For profiling one size under callgrind.
    static let sizeFlag = "--views-at"

    static func runOne(_ arguments: [String]) throws {
        guard let n = arguments.first.flatMap({ Int($0) }), n > 0 else {
            fputs("ripple-bench: \(sizeFlag) needs a positive object count\n", ripplebench_stderr())
            exit(64)
        }
        let kind = arguments.count > 1 ? arguments[1] : "collection"
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 100
        let window = arguments.count > 3 ? Int(arguments[3]) ?? -1 : nil
        guard kind == "table" || kind == "collection", count > 0, arguments.count <= 4, (window ?? 0) >= 0 else {
            fputs("ripple-bench: usage: \(sizeFlag) N [table|collection] [BATCHES] [WINDOW]\n", ripplebench_stderr())
            exit(64)
        }
        let f = try fixture(n: n, table: kind == "table")
        if let window {
            try f.view.setVisibleItemCount(window)
            var middle = n / 2, section = 0
            while middle >= (try f.view.numberOfItems(inSection: section)) {
                middle -= try f.view.numberOfItems(inSection: section)
                section += 1
            }
            try f.view.scrollToItem(at: IndexPath(section: section, item: middle))
        }
        try batch(f)
        let start = Measure.now()
        try batches(f, count: count)
        print("views at N=\(n) (\(kind) view\(window.map { ", window \($0)" } ?? "")): \(Measure.format(Double(Measure.now() - start) / Double(count) / 1000)) µs per batch")
    }

    static func run() throws {
        let us = { (ns: Double) in Measure.format(ns / 1000) + " µs" }
        for table in [false, true] {
            var times: [(Int, Double)] = []
            for n in [10_000, 100_000, 1_000_000] {
                let f = try fixture(n: n, table: table)
                times.append((n, try time(f)))
            }
            Measure.report(.init(id: table ? "V1t" : "V1",
                                 what: "data source + \(table ? "table" : "collection") view batch t(1M) / t(10k)",
                                 ratio: times[2].1 / times[0].1, goal: 4, stretch: 4, lowerIsBetter: true,
                                 detail: "10k \(us(times[0].1)), 100k \(us(times[1].1)), 1M \(us(times[2].1)) per one-object batch"))
        }
        try afterSave()
    }

    /// V1 after a save (issue 30), N = 100k, collection view: cold — the first batch after each save (the
    /// changed object's committed values are captured, the context's change sets start empty) — and warm,
    /// further batches without a save between them; the context is saved to the in-memory store first.
    static func afterSave() throws {
        let f = try fixture(n: 100_000)
        try f.context.save()
        var cold: [Double] = []
        for _ in 0..<15 {
            try f.context.save()
            let start = Measure.now()
            try batch(f)
            cold.append(Double(Measure.now() - start))
        }
        try batch(f)
        let warm = try Measure.median(repetitions: 15) { try batch(f) }
        let c = LuaBenchmarks.median(cold)
        print("V1s   one-object batch after a save, N=100k (collection view): cold \(Measure.format(c / 1000)) µs (first batch after each save), warm \(Measure.format(warm / 1000)) µs (medians of 15)")
    }
}
