import ObjectGraph

#if canImport(Glibc)
import Glibc
#endif

/// T6: saving 100k inserted objects into a SQLite store, against the sqlite3 command-line tool inserting
/// the same rows (same table, same columns) in one transaction, in the same run.
///
/// The Ripple figure times `save()` of a context holding 100k inserted `Item`s (label, n, score): change
/// processing, validation, building the rows and the one-transaction write. The reference times
/// `sqlite3 FILE < items.sql`, where items.sql is `BEGIN; INSERT … ×100k; COMMIT;` (process start and SQL
/// parsing included, which favours neither side much at this size). Both start from an empty store file
/// with the schema in place; median of 3 repetitions each.
enum StoreBenchmarks {
    static let count = 100_000

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

    /// Runs T6 and prints its line.
    static func run() throws {
        let model = try model()
        let base = "/tmp/ripple-bench-t6-\(getpid())"
        let sqlPath = base + ".sql"
        // The reference's input: the same rows, as SQL, in one transaction.
        var sql = "BEGIN;\n"
        sql.reserveCapacity(count * 48)
        for i in 1...count { sql += "INSERT INTO ZITEM (Z_PK, ZLABEL, ZN, ZSCORE) VALUES (\(i), '\(label(i))', \(i), \(score(i)));\n" }
        sql += "COMMIT;\n"
        let handle = fopen(sqlPath, "w")!
        fputs(sql, handle)
        fclose(handle)

        var insertTimes: [Double] = []
        let ripple = try Measure.median(repetitions: 3) {
            let path = base + "-ripple.sqlite"
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
            insertTimes.append(Double(Measure.now() - start))
            // The timed part is measured by the caller around the whole body; subtract inserts below.
            try context.save()
        }
        insertTimes.sort()
        let saveOnly = ripple - insertTimes[insertTimes.count / 2]

        let cli = try Measure.median(repetitions: 3) {
            let path = base + "-cli.sqlite"
            remove(path)
            // The same schema as Ripple's store (created, not timed: see below).
            _ = try PersistentStore(sqlitePath: path, model: model)
            let start = Measure.now()
            let status = system("sqlite3 '\(path)' < '\(sqlPath)'")
            if status != 0 { throw ObjectGraphError(.store, "sqlite3 exited with status \(status)") }
            _ = start
        }
        // The schema creation above is inside the timed body; time it alone and take it out.
        let schemaOnly = try Measure.median(repetitions: 3) {
            let path = base + "-schema.sqlite"
            remove(path)
            _ = try PersistentStore(sqlitePath: path, model: model)
        }
        let cliInsert = cli - schemaOnly
        // Check the reference really wrote every row.
        let check = try PersistentStore(sqlitePath: base + "-cli.sqlite", model: model)
        guard check.count(entityName: "Item") == count else {
            throw ObjectGraphError(.store, "sqlite3 wrote \(check.count(entityName: "Item")) rows, not \(count)")
        }
        let ms = { (ns: Double) in Measure.format(ns / 1e6) + " ms" }
        Measure.report(Measure.Row(
            id: "T6", what: "save 100k inserts to SQLite / sqlite3 CLI, 1 txn", ratio: saveOnly / cliInsert,
            goal: 3, stretch: 1.5, lowerIsBetter: true,
            detail: "save \(ms(saveOnly)) vs sqlite3 \(ms(cliInsert)); inserting the objects \(ms(insertTimes[insertTimes.count / 2]))"))
        for suffix in ["-ripple.sqlite", "-cli.sqlite", "-schema.sqlite"] { remove(base + suffix) }
        unlink(sqlPath)
    }
}
