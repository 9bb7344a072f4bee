import CRippleBench
import ObjectGraph

#if canImport(Glibc)
import Glibc
#endif

/// T6: saving 100k inserted objects into a SQLite store, against hand-written C inserting the same rows
/// through one prepared statement in one transaction, in the same run.
///
/// The Ripple figure times `save()` of a context holding 100k inserted `Item`s (label, n, score): change
/// processing, validation, building the rows and the one-transaction write. The reference
/// (`ripplebench_sqlite_insert`, CRippleBench) opens the same kind of store file, runs `BEGIN IMMEDIATE`,
/// binds and steps one prepared `INSERT OR REPLACE` per row (the statement Ripple's store uses), commits
/// and closes. Both start from an empty store file with the schema in place; the two run alternately,
/// and the ratio is the median of the per-repetition ratios.
enum StoreBenchmarks {
    static let count = 100_000
    static let repetitions = 5

    static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [EntityDescription(name: "Item", attributes: [
            AttributeDescription(name: "label", type: .string),
            AttributeDescription(name: "n", type: .integer),
            AttributeDescription(name: "score", type: .double),
        ])])
    }

    static func label(_ i: Int) -> String { "item \(i)" }
    static func score(_ i: Int) -> Double { Double(i) * 0.5 }

    static func remove(_ path: String) {
        unlink(path)
        unlink(path + "-journal")
    }

    /// One Ripple save: returns (insert time, save time) in ns.
    static func rippleSave(model: ManagedObjectModel, path: String) throws -> (insert: Double, save: Double) {
        remove(path)
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        coordinator.addPersistentStore(try PersistentStore(sqlitePath: path, model: model))
        let context = ManagedObjectContext(coordinator: coordinator, name: "bench")
        let start = Measure.now()
        for i in 1...count {
            try context.insertObject(entityName: "Item", values: [
                ("label", .string(label(i))), ("n", .integer(Int64(i))), ("score", .double(score(i))),
            ])
        }
        let inserted = Measure.now()
        try context.save()
        let saved = Measure.now()
        return (Double(inserted - start), Double(saved - inserted))
    }

    /// One run of the C reference on a fresh store file (schema created first, not timed).
    static func cInsert(model: ManagedObjectModel, path: String) throws -> Double {
        remove(path)
        _ = try PersistentStore(sqlitePath: path, model: model)
        let start = Measure.now()
        let status = ripplebench_sqlite_insert(path, Int32(count))
        let time = Double(Measure.now() - start)
        if status != 0 { throw ObjectGraphError(.store, "C reference failed with SQLite status \(status)") }
        return time
    }

    /// Runs T6 and prints its line.
    static func run() throws {
        let model = try model()
        let base = "/tmp/ripple-bench-t6-\(getpid())"
        var inserts: [Double] = [], saves: [Double] = [], references: [Double] = [], ratios: [Double] = []
        for _ in 0..<repetitions {
            let r = try rippleSave(model: model, path: base + "-ripple.sqlite")
            let c = try cInsert(model: model, path: base + "-c.sqlite")
            inserts.append(r.insert)
            saves.append(r.save)
            references.append(c)
            ratios.append(r.save / c)
        }
        // Both files hold every row.
        for suffix in ["-ripple.sqlite", "-c.sqlite"] {
            let check = try PersistentStore(sqlitePath: base + suffix, model: model)
            guard check.count(entityName: "Item") == count else {
                throw ObjectGraphError(.store, "\(suffix) holds \(check.count(entityName: "Item")) rows, not \(count)")
            }
        }
        let median = LuaBenchmarks.median
        let ms = { (ns: Double) in Measure.format(ns / 1e6) + " ms" }
        Measure.report(Measure.Row(
            id: "T6", what: "save 100k inserts to SQLite / C prepared stmt, 1 txn", ratio: median(ratios),
            goal: 2, stretch: 1.5, lowerIsBetter: true,
            detail: "save \(ms(median(saves))) vs C \(ms(median(references))); inserting the objects \(ms(median(inserts))) (not in the ratio); median of \(repetitions)"))
        for suffix in ["-ripple.sqlite", "-c.sqlite"] { remove(base + suffix) }
    }
}
