import CRippleBench
import LuaBridge
import ObjectGraph
import Scripting
#if canImport(Glibc)
import Glibc
#endif

/// T4: `ripple run EMPTY.lua` against `lua5.4 -e ''`, each spawned in turn (posix_spawn + waitpid).
enum StartUpBench {
    /// Runs of each command (after warm-up).
    static let runs = 201
    /// Warm-up runs of each command.
    static let warmUp = 15

    /// Measures every `ripple*` executable found next to this benchmark (`ripple`, and `ripple-static` /
    /// `ripple-dynamic` when present) against `lua5.4`.
    static func run() {
        let paths: [String] = ["/usr/bin/lua5.4", "/usr/local/bin/lua5.4"]
        guard let lua = paths.first(where: { (path: String) in access(path, X_OK) == 0 }) else {
            print("T4    (skipped: lua5.4 not found)")
            return
        }
        let directory = executableDirectory()
        let script = "/tmp/ripple-bench-empty-\(getpid()).lua"
        if let file = fopen(script, "w") { fclose(file) }
        defer { unlink(script) }
        let candidates = ["ripple", "ripple-static", "ripple-dynamic"].map { directory + "/" + $0 }
            .filter { (path: String) in access(path, X_OK) == 0 }
        guard !candidates.isEmpty else {
            print("T4    (skipped: no ripple executable next to ripple-bench; build it with swift build -c release)")
            return
        }
        var commands = [[lua, "-e", ""]]
        commands += candidates.map { [$0, "run", script] }
        for _ in 0..<warmUp { for command in commands { _ = spawn(command) } }
        var samples = Array(repeating: [Double](), count: commands.count)
        for _ in 0..<runs {
            for (k, command) in commands.enumerated() { samples[k].append(spawn(command)) }
        }
        let medians = samples.map(LuaBenchmarks.median)
        for k in 1..<commands.count {
            let name = String(commands[k][0].split(separator: "/").last ?? "")
            Measure.report(.init(id: "T4", what: "start-up: \(name) run empty.lua / lua5.4 -e ''",
                ratio: medians[k] / medians[0], goal: 2.0, stretch: 1.5, lowerIsBetter: true,
                detail: "\(Measure.format(medians[k] / 1e6)) ms vs \(Measure.format(medians[0] / 1e6)) ms (median of \(runs), alternating)"))
        }
    }

    /// The directory holding this executable.
    static func executableDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return "." }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }

    /// Spawns `command` with stdout and stderr on /dev/null and waits; returns the wall time in ns.
    static func spawn(_ command: [String]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = Measure.now()
        guard posix_spawn(&pid, command[0], &actions, nil, &argv, environ) == 0 else { return .infinity }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return Double(Measure.now() - start)
    }
}

/// T5s (T5a as first measured: objects inserted from Swift, heap bytes after
/// processing, one N; the honest T5a is in ``BulkBenchmarks``): heap bytes per managed object with 5
/// scalar attributes against the same record as a Lua table; T5b: extra Lua bytes per object once it is
/// materialised in Lua.
enum MemoryBench {
    /// Objects and tables created (below a dictionary growth threshold: 180k < 0.75 × 2^18).
    static let count = 180_000

    /// Runs T5a and T5b.
    static func run() throws {
        let swiftBytes = try swiftBytesPerObject()
        let luaBytes = try luaBytesPerTable()
        Measure.report(.init(id: "T5s", what: "heap B per object inserted from Swift / Lua table", ratio: swiftBytes.processed / luaBytes,
            goal: 0.5, stretch: 0.35, lowerIsBetter: true,
            detail: "\(Int(swiftBytes.processed.rounded())) B (inserted, processPendingChanges) vs \(Int(luaBytes.rounded())) B; after save(): \(Int(swiftBytes.saved.rounded())) B incl. store rows"))
        let extra = try luaBytesPerMaterialisedObject()
        Measure.report(.init(id: "T5b", what: "extra Lua bytes per materialised object / 48 B", ratio: extra / 48,
            goal: 1, stretch: 1, lowerIsBetter: true,
            detail: "\(Int(extra.rounded())) B: userdata 40 B + identity-cache entry \(Int((extra - 40).rounded())) B"))
    }

    /// The heap bytes per inserted object, after processPendingChanges and after save.
    static func swiftBytesPerObject() throws -> (processed: Double, saved: Double) {
        let entity = EntityDescription(name: "Item", attributes: [
            AttributeDescription(name: "id", type: .integer),
            AttributeDescription(name: "name", type: .string),
            AttributeDescription(name: "score", type: .double),
            AttributeDescription(name: "age", type: .integer),
            AttributeDescription(name: "flag", type: .boolean),
        ])
        let container = PersistentContainer(model: try ManagedObjectModel(entities: [entity]))
        let context = container.viewContext
        _ = try context.insertObject(entityName: "Item", values: [
            ("id", .integer(0)), ("name", .string("x")), ("score", .double(0.5)), ("age", .integer(0)), ("flag", .bool(true)),
        ])
        try context.save()
        let before = ripplebench_heapinuse()
        for i in 1...count {
            _ = try context.insertObject(entityName: "Item", values: [
                ("id", .integer(Int64(i))), ("name", .string("x")), ("score", .double(Double(i) + 0.5)),
                ("age", .integer(Int64(i % 90))), ("flag", .bool(i % 2 == 0)),
            ])
        }
        try context.processPendingChanges()
        let processed = Double(Int(ripplebench_heapinuse()) - Int(before)) / Double(count)
        try context.save()
        let saved = Double(Int(ripplebench_heapinuse()) - Int(before)) / Double(count)
        return (processed, saved)
    }

    /// Lua-accounted bytes per `{id=…, name=…, score=…, age=…, flag=…}` (the holding array is pre-sized).
    static func luaBytesPerTable() throws -> Double {
        let state = try LuaState()
        try state.load("""
            local n = \(count)
            BENCH_ARR = {}
            for i = 1, n do BENCH_ARR[i] = true end
            collectgarbage('collect'); collectgarbage('collect')
            local before = collectgarbage('count')
            for i = 1, n do
              BENCH_ARR[i] = { id = i, name = "x", score = i + 0.5, age = i % 90, flag = i % 2 == 0 }
            end
            collectgarbage('collect'); collectgarbage('collect')
            return (collectgarbage('count') - before) * 1024 / n
            """, chunkName: "=lua-tables")
        try state.pcall(arguments: 0, results: 1)
        defer { state.pop() }
        return state.toNumber(at: -1) ?? .nan
    }

    /// Lua-accounted bytes added per object when objects inserted by Lua are kept by Lua.
    static func luaBytesPerMaterialisedObject() throws -> Double {
        let engine = try ScriptEngine()
        try engine.run("""
            local model = ripple.model { Item = { id = "integer", name = "string", score = "double",
                                                  age = "integer", flag = "boolean" } }
            BENCH_CTX = ripple.container(model).viewContext
            BENCH_CTX:insert("Item", { id = 0, name = "x", score = 0.5, age = 0, flag = true })
            """, chunkName: "=t5b-setup")
        try engine.state.load("""
            local n, ctx = \(count), BENCH_CTX
            BENCH_OBJS = {}
            for i = 1, n do BENCH_OBJS[i] = true end
            local values = { id = 1, name = "x", score = 1.5, age = 1, flag = true }
            collectgarbage('collect'); collectgarbage('collect')
            local before = collectgarbage('count')
            for i = 1, n do BENCH_OBJS[i] = ctx:insert("Item", values) end
            collectgarbage('collect'); collectgarbage('collect')
            return (collectgarbage('count') - before) * 1024 / n
            """, chunkName: "=t5b")
        try engine.state.pcall(arguments: 0, results: 1)
        defer { engine.state.pop() }
        return engine.state.toNumber(at: -1) ?? .nan
    }
}
