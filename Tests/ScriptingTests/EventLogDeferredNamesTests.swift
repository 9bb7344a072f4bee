import Testing
@testable import ObjectGraph
@testable import Scripting

/// The event log's deferred object names (``ObjectNameRuns``, issue 13 session 6): a notification's long
/// lists of names are kept as runs of consecutive numbers and written out when the trace is read or
/// printed. The text must be byte-identical to the names written at once (``EventLog/names(_:)``), for any
/// list, and the log's lines must not depend on whether someone prints each line as it comes.
@Suite struct EventLogDeferredNamesTests {
    static let model: ManagedObjectModel = {
        try! ManagedObjectModel(entities: [
            EntityDescription(name: "Item", attributes: [AttributeDescription(name: "x", type: .integer)]),
            EntityDescription(name: "AnEntityWithALongName", attributes: [AttributeDescription(name: "x", type: .integer)]),
        ])
    }()

    /// Objects of entity `e` (0 or 1) with number `n`, in the order given.
    static func objects(_ spec: [(e: Int, n: Int)]) -> [ManagedObject] {
        spec.map { e, n in
            let entity = model.entities[e]
            return ManagedObject(entity: entity, objectID: ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: true),
                                 context: nil)
        }
    }

    /// Lists of every shape: runs, entity changes, gaps, descending, negative numbers, the ends of `Int`.
    static let lists: [[(e: Int, n: Int)]] = [
        [],
        (1...7).map { (0, $0) },
        (1...8).map { (0, $0) },
        (1...1000).map { (0, $0) },
        (1...10).map { (0, $0) } + (1...10).map { (1, $0) } + (11...30).map { (0, $0) },
        (1...10).map { (0, $0) } + (11...20).map { (1, $0) },
        (-12...12).map { (0, $0) },
        (Int.max - 9...Int.max).map { (0, $0) } + (Int.min...Int.min + 9).map { (0, $0) },
        (Int.min...Int.min + 9).map { (1, $0) } + [(1, 0)],
        stride(from: 1, through: 99, by: 2).map { (0, $0) },
        (1...40).reversed().map { (0, $0) },
        (1...40).map { ($0 % 2, $0) },
        (1...40).map { (0, $0 / 2) },
        (1...12).map { (0, $0) } + [(0, 40)] + (13...24).map { (0, $0) },
    ]

    /// The lists above made into runs: at least 8 objects in at most a quarter as many runs (the
    /// others are written at once).
    static let runShaped: Set<Int> = [2, 3, 4, 5, 6, 7, 8, 13]

    @Test("runs write the same names as EventLog.names, or are not made", arguments: lists.indices)
    func runsMatchNames(index: Int) {
        let objects = Self.objects(Self.lists[index])
        let eager = EventLog.names(objects)
        #expect((ObjectNameRuns(objects) != nil) == Self.runShaped.contains(index), "list \(index)")
        if let runs = ObjectNameRuns(objects) {
            #expect(objects.count >= 8)
            #expect(runs.runs.count <= objects.count / 4)
            #expect(runs.text == eager)
        }
        var line = TraceLine("[c] objectsDidChange ")
        line.appendPart("inserted: ", names: objects)
        line.appendPart("updated: X#1 {x}")
        line.appendPart("deleted: ", names: objects)
        #expect(line.text == "[c] objectsDidChange inserted: \(eager); updated: X#1 {x}; deleted: \(eager)")
    }

    @Test("random lists of two entities: the runs' text is the eager text", arguments: [1, 2, 3, 4] as [UInt64])
    func randomLists(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        for _ in 0..<50 {
            var spec: [(e: Int, n: Int)] = []
            var n = Int(next() % 50) - 25
            for _ in 0..<Int(next() % 200) {
                let roll = next() % 100
                if roll < 80 { n += 1 } else if roll < 90 { n = Int(next() % 1000) - 500 }
                spec.append((roll < 95 ? (spec.last?.e ?? 0) : Int(next() % 2), n))
            }
            let objects = Self.objects(spec)
            if let runs = ObjectNameRuns(objects) { #expect(runs.text == EventLog.names(objects)) }
        }
    }

    /// Runs a script of bulk inserts, deletions and saves; returns the log's lines.
    static func trace(printing: Bool) throws -> [String] {
        let engine = try ScriptEngine()
        var printed: [String] = []
        if printing { engine.log.onLine = { printed.append($0) } }
        try engine.run("""
            local model = ripple.model { Item = { id = "integer" }, Tag = { name = "string?" } }
            local ctx = ripple.container(model).viewContext
            for i = 1, 30 do ctx:insert("Item", { id = i }) end
            for i = 1, 12 do ctx:insert("Tag", {}) end
            for i = 31, 40 do ctx:insert("Item", { id = i }) end
            ctx:save()
            EARLY = #ripple.events()
            local items = ctx:fetch { entity = "Item", sortDescriptors = { "id" } }
            for i = 1, 40, 3 do ctx:delete(items[i]) end
            ctx:save()
            for i = 1, 13 do items[i * 3].id = -i end
            for i = 1, 25 do ctx:insert("Tag", { name = "t" .. i }) end
            ctx:processPendingChanges()
            for i = 1, 9 do ctx:insert("Item", { id = 100 + i }) end
            ctx:save()
            """, chunkName: "=trace")
        let lines = engine.log.lines
        if printing { #expect(printed == lines) }
        return lines
    }

    @Test("the log's lines are the same whether each line is printed as it comes (written at once) or not")
    func deferredLinesAreTheEagerLines() throws {
        let deferred = try Self.trace(printing: false)
        let eager = try Self.trace(printing: true)
        #expect(deferred == eager)
        #expect(deferred.count >= 10)
        #expect(deferred.suffix(3) == [
            "[viewContext] objectsDidChange inserted: Item#41, Item#42, Item#43, Item#44, Item#45, Item#46, Item#47, Item#48, Item#49",
            "[viewContext] willSave",
            "[viewContext] didSave inserted: Item#41, Item#42, Item#43, Item#44, Item#45, Item#46, Item#47, Item#48, Item#49, "
                + (13...37).map { "Tag#\($0)" }.joined(separator: ", ") + "; updated: "
                + stride(from: 3, through: 39, by: 3).map { "Item#\($0) {id}" }.joined(separator: ", "),
        ])
    }

    @Test("lines deferred, then read, then more deferred lines and a cleared log")
    func readingWritesTheLinesOnce() throws {
        let objects = Self.objects((1...20).map { (0, $0) })
        let log = EventLog()
        var line = TraceLine("[c] objectsDidChange ")
        line.appendPart("inserted: ", names: objects)
        #expect(line.isDeferred)
        let event = TraceEvent(line: line, parts: .init(source: "c", kind: "objectsDidChange"))
        log.record(event)
        log.record(TraceNote(source: nil, kind: "plain"))
        let first = log.lines
        #expect(first == ["[c] objectsDidChange inserted: " + EventLog.names(objects), "plain"])
        log.record(event)
        #expect(log.lines == first + [first[0]])
        log.clear()
        #expect(log.lines.isEmpty)
        log.record(event)
        #expect(log.lines == [first[0]])
    }
}
