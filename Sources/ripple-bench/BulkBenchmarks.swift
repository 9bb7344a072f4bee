import CRippleBench
import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// T5a and the bulk-insert targets of issue 13: objects inserted and saved *from Lua* against the same
/// records as plain Lua tables, at several N, each in a fresh child process (so that neither side sees
/// memory the other freed).
///
/// Each child (`ripple-bench --bulk-child objects|tables N`) creates a script engine, then runs one Lua
/// chunk. `objects`: `for i = 1, N do ctx:insert("Item", {id = i, name = "x", score = i + 0.5,
/// age = i % 90, flag = i % 2 == 0}) end`, then `ctx:save()` into the in-memory store. `tables`:
/// `for i = 1, N do T[i] = {id = i, …} end` (the same constructor; `T` grows as Lua grows it). The child
/// reports the growth of its resident set (`/proc/self/statm`) after a full Lua collection, and the
/// times of the loop and of the save. `batch` / `batchIDs` (B1b, Core Data's bulk-loading route): the same
/// records built into `objects[i]` of one `ripple.batchInsertRequest` executed on the context (result type
/// `statusOnly` / `objectIDs`), timed from the first record to the end of `execute`.
enum BulkBenchmarks {
    /// The first argument that makes `ripple-bench` a bulk child.
    static let childFlag = "--bulk-child"
    /// The sizes measured.
    static let sizes = [10_000, 100_000, 1_000_000]

    /// What one child reports.
    struct Sample {
        var insertedRSS: Double = 0
        var savedRSS: Double = 0
        var insertNanoseconds: Double = 0
        var saveNanoseconds: Double = 0
    }

    /// Runs both children at every size, twice, alternating, and prints one block per size.
    static func run() throws {
        let me = StartUpBench.executableDirectory() + "/ripple-bench"
        for n in sizes {
            var objects: [Sample] = [], tables: [Sample] = [], batch: [Sample] = [], batchIDs: [Sample] = []
            for _ in 0..<2 {
                objects.append(try spawnChild(me, kind: "objects", n: n))
                tables.append(try spawnChild(me, kind: "tables", n: n))
                batch.append(try spawnChild(me, kind: "batch", n: n))
                batchIDs.append(try spawnChild(me, kind: "batchIDs", n: n))
            }
            for (run, (o, t)) in zip(objects, tables).enumerated() {
                let perObject = o.insertedRSS / Double(n), perTable = t.insertedRSS / Double(n)
                let savedPerObject = o.savedRSS / Double(n)
                Measure.report(.init(id: "T5a", what: "RSS per object inserted from Lua / Lua table, N=\(n)",
                    ratio: perObject / perTable, goal: 1.5, stretch: 1.0, lowerIsBetter: true,
                    detail: "run \(run + 1): \(Int(perObject.rounded())) B vs \(Int(perTable.rounded())) B; after save() \(Int(savedPerObject.rounded())) B (\(Measure.format(savedPerObject / perTable))×, store rows included)"))
                let usPerObject = (o.insertNanoseconds + o.saveNanoseconds) / Double(n) / 1000
                Measure.report(.init(id: "B1", what: "insert+save from Lua, µs per object, N=\(n)",
                    ratio: usPerObject, goal: 2, stretch: 1, lowerIsBetter: true,
                    detail: "run \(run + 1): insert \(ms(o.insertNanoseconds)) + save \(ms(o.saveNanoseconds)); Lua tables \(ms(t.insertNanoseconds)) (\(Measure.format((o.insertNanoseconds + o.saveNanoseconds) / t.insertNanoseconds))×)"))
                for (label, b) in [("statusOnly", batch[run]), ("objectIDs", batchIDs[run])] {
                    Measure.report(.init(id: "B1b", what: "batch insert from Lua (\(label)), µs per object, N=\(n)",
                        ratio: b.insertNanoseconds / Double(n) / 1000, goal: 2, stretch: 1, lowerIsBetter: true,
                        detail: "run \(run + 1): objects array + execute \(ms(b.insertNanoseconds)); Lua tables \(ms(t.insertNanoseconds)) (\(Measure.format(b.insertNanoseconds / t.insertNanoseconds))×); B1 \(Measure.format(usPerObject)) µs"))
                }
            }
        }
    }

    static func ms(_ ns: Double) -> String { Measure.format(ns / 1e6) + " ms" }

    /// Runs one child and parses its report line.
    static func spawnChild(_ executable: String, kind: String, n: Int) throws -> Sample {
        let out = "/tmp/ripple-bench-bulk-\(getpid()).txt"
        defer { unlink(out) }
        let status = system("'\(executable)' \(childFlag) \(kind) \(n) > '\(out)'")
        guard status == 0, let file = fopen(out, "r") else { throw BenchError("bulk child \(kind) \(n) failed (\(status))") }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, 512, file) != nil else { throw BenchError("bulk child \(kind) \(n) printed nothing") }
        let fields = String(cString: buffer).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard fields.count == 4 else { throw BenchError("bulk child \(kind) \(n): bad report") }
        return Sample(insertedRSS: fields[0], savedRSS: fields[1], insertNanoseconds: fields[2], saveNanoseconds: fields[3])
    }

    /// Resident bytes of this process.
    static func residentBytes() -> Double {
        guard let file = fopen("/proc/self/statm", "r") else { return .nan }
        defer { fclose(file) }
        var size = 0, resident = 0
        withUnsafeMutablePointer(to: &size) { s in
            withUnsafeMutablePointer(to: &resident) { r in
                _ = withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) }
            }
        }
        return Double(resident) * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The child: prints `insertedRSS savedRSS insertNs saveNs` and returns the exit status.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, let n = Int(arguments[1]), ["objects", "tables", "batch", "batchIDs", "batchGeneral"].contains(arguments[0]) else {
            fputs("usage: ripple-bench \(childFlag) objects|tables|batch|batchIDs|batchGeneral N\n", ripplebench_stderr())
            return 64
        }
        do {
            let engine = try ScriptEngine()
            // `batchGeneral` (for callgrind, not in the printed table): B1b through the general path.
            engine.batchInsertReadsRecords = arguments[0] != "batchGeneral"
            try engine.run("""
                local model = ripple.model { Item = { id = "integer", name = "string", score = "double",
                                                      age = "integer", flag = "boolean" } }
                BULK_CTX = ripple.container(model).viewContext
                BULK_T = {}
                collectgarbage('collect'); collectgarbage('collect')
                """, chunkName: "=bulk-setup")
            let before = residentBytes()
            let record = "{ id = i, name = \"x\", score = i + 0.5, age = i % 90, flag = i % 2 == 0 }"
            let body: String
            switch arguments[0] {
            case "objects": body = "local ctx = BULK_CTX for i = 1, \(n) do ctx:insert(\"Item\", \(record)) end"
            case "tables": body = "local T = BULK_T for i = 1, \(n) do T[i] = \(record) end"
            default:
                // B1b: the same records, built into the objects array of one batch insert request, executed
                // (the array is dropped after the run, so the RSS reported is the store's rows).
                body = """
                    local objects = {} for i = 1, \(n) do objects[i] = \(record) end
                    local r = BULK_CTX:execute(ripple.batchInsertRequest { entity = "Item", objects = objects,
                        resultType = "\(arguments[0] == "batch" ? "statusOnly" : "objectIDs")" })
                    assert(\(arguments[0] == "batch" ? "r.result == true" : "#r.result == \(n)"))
                    """
            }
            var start = Measure.now()
            try engine.run(body, chunkName: "=bulk")
            let insertTime = Double(Measure.now() - start)
            try engine.run("collectgarbage('collect'); collectgarbage('collect')", chunkName: "=gc")
            let inserted = residentBytes() - before
            var saveTime = 0.0
            var saved = inserted
            if arguments[0] == "objects" {
                start = Measure.now()
                try engine.run("BULK_CTX:save()", chunkName: "=bulk-save")
                saveTime = Double(Measure.now() - start)
                try engine.run("collectgarbage('collect'); collectgarbage('collect')", chunkName: "=gc")
                saved = residentBytes() - before
            }
            print("\(inserted) \(saved) \(insertTime) \(saveTime)")
            return 0
        } catch {
            fputs("bulk child: \(error)\n", ripplebench_stderr())
            return 1
        }
    }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
