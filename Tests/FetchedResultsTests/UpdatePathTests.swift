@testable import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

/// The update paths (`applyUpdateOnlyBatch`: one updated object, or a few, each keeping its section and
/// its place in or out of the results) against the general path (`applyIncrementally`): the same callbacks,
/// results, sections and errors; and each case the update paths must leave to the general path.
@Suite struct UpdatePathTests {
    /// A controller configuration for the seeded comparison.
    struct Config: CustomStringConvertible {
        var sort: [SortDescriptor]
        var section: String?
        var predicate: String?
        var description: String { "sort \(sort) section \(section ?? "-") predicate \(predicate ?? "-")" }
    }

    static let configs: [Config] = [
        // Renames move objects inside their sections; a new initial changes the section.
        Config(sort: [SortDescriptor(key: "initial"), SortDescriptor(key: "name")], section: "initial"),
        // An integer section key, a descending second key; renames move inside a section, ages change it.
        Config(sort: [SortDescriptor(key: "age"), SortDescriptor(key: "name", ascending: false)], section: "age"),
        // No sections, a predicate: `active` takes objects in and out.
        Config(sort: [SortDescriptor(key: "name"), SortDescriptor(key: "age")], predicate: "active == YES"),
        // Sections that a rename can break (the section key is not the first sort key): section-order errors.
        Config(sort: [SortDescriptor(key: "name")], section: "age"),
        // One sort key with ties (broken by object number), sections by initial.
        Config(sort: [SortDescriptor(key: "age")], section: nil),
    ]

    /// Runs a seeded sequence of batches under one configuration and returns what can be observed after
    /// each batch: callbacks, results, sections, errors.
    static func run(seed: UInt64, config: Config, usesUpdatePaths: Bool) throws -> (log: [String], updatePathBatches: Int) {
        var rng = SplitMix64(seed: seed)
        let names = ["Ann", "Abe", "Bob", "Bea", "Cy", "Cal", "Dee"]
        let context = try makeContext()
        var objects: [ManagedObject] = []
        for _ in 0..<Int.random(in: 4..<14, using: &rng) {
            let name = names.randomElement(using: &rng)!
            objects.append(try insert(context, name, age: Int64.random(in: 0..<3, using: &rng), active: Bool.random(using: &rng)))
        }
        try context.save()
        var request = FetchRequest(entityName: "Customer", sortDescriptors: config.sort)
        if let predicate = config.predicate { request.predicate = try Predicate(format: predicate) }
        let controller = try FetchedResultsController(fetchRequest: request, managedObjectContext: context,
                                                      sectionNameKeyPath: config.section, cacheName: nil)
        controller.checksInvariants = true
        controller.usesUpdatePaths = usesUpdatePaths
        let recorder = Recorder()
        controller.delegate = recorder
        var log: [String] = []
        func observe(_ label: String) {
            log.append(label)
            log += recorder.take()
            log.append("objects " + (controller.fetchedObjects ?? []).map(\.displayName).joined(separator: " "))
            log.append("sections " + (controller.sections ?? []).map { "\($0.name)=\($0.numberOfObjects)" }.joined(separator: " "))
        }
        func attempt(_ label: String, _ body: () throws -> Void) {
            do { try body() } catch { log.append("\(label) error: \(error)") }
        }
        attempt("fetch") { try controller.performFetch() }
        observe("fetched")
        for batch in 0..<40 {
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                // Mostly updates (one or several objects: the update paths), sometimes anything else.
                let op = Int.random(in: 0..<20, using: &rng)
                guard let o = objects.filter({ !$0.isDeleted && $0.managedObjectContext != nil })
                    .randomElement(using: &rng) else { break }
                attempt("op") {
                    switch op {
                    case 0..<6: try o.setValue(.string(names.randomElement(using: &rng)!), forKey: "name")
                    case 6..<9: try o.setValue(.integer(Int64.random(in: 0..<3, using: &rng)), forKey: "age")
                    case 9, 10: try o.setValue(.bool(Bool.random(using: &rng)), forKey: "active")
                    case 11, 12: try o.setValue(try o.value(forKey: "name"), forKey: "name")   // the same value
                    case 13: try o.setValue(.string(String(names.randomElement(using: &rng)!.prefix(1))), forKey: "initial")
                    case 14: objects.append(try insert(context, names.randomElement(using: &rng)!,
                                                       age: Int64.random(in: 0..<3, using: &rng)))
                    case 15: try context.delete(o)
                    case 16: try context.refresh(o, mergeChanges: true)
                    case 17: try context.save()
                    default: try o.setValue(.integer(Int64.random(in: 0..<3, using: &rng)), forKey: "age")
                    }
                }
            }
            attempt("process") { try context.processPendingChanges() }
            observe("batch \(batch) (\(controller.changeBatchCount))")
            if controller.fetchedObjects == nil {
                // A section-order error dropped the results: fetch again, as a script would.
                attempt("refetch") { try controller.performFetch() }
                observe("refetched")
            }
        }
        return (log, controller.updatePathBatchCount)
    }

    @Test("seeded random batches: the update paths report what the general path reports", arguments: 0..<5)
    func updatePathsMatchGeneralPath(configIndex: Int) throws {
        let config = Self.configs[configIndex]
        var taken = 0
        for seed in 0..<40 as Range<UInt64> {
            let s = 0xBA7C4 &+ seed &* 7919 &+ UInt64(configIndex)
            let fast = try Self.run(seed: s, config: config, usesUpdatePaths: true)
            let general = try Self.run(seed: s, config: config, usesUpdatePaths: false)
            #expect(general.updatePathBatches == 0)
            taken += fast.updatePathBatches
            if fast.log != general.log {
                let i = fast.log.indices.first { $0 >= general.log.count || fast.log[$0] != general.log[$0] } ?? fast.log.count
                Issue.record("seed \(s), \(config): first difference at line \(i): update paths \(fast.log.dropFirst(i).prefix(6)) vs general \(general.log.dropFirst(i).prefix(6))")
                return
            }
        }
        // The comparison means something only if the update paths were taken, one object and several.
        #expect(taken > 100, "update paths taken \(taken) times")
    }

    /// A context with Ann (age 1), Bob (2), Cy (3), Dee (3), a controller sorted by name, sectioned by `age`
    /// (contiguous with these names), recording its callbacks.
    static func fixture(section: String? = "age", predicate: String? = nil, limit: Int = 0)
        throws -> (ManagedObjectContext, FetchedResultsController, Recorder, [ManagedObject]) {
        let context = try makeContext()
        let objects = [try insert(context, "Ann", age: 1), try insert(context, "Bob", age: 2),
                       try insert(context, "Cy", age: 3), try insert(context, "Dee", age: 3)]
        try context.save()
        let r = Recorder()
        let c = try makeController(context, predicate: predicate, section: section, limit: limit, delegate: r)
        return (context, c, r, objects)
    }

    @Test("one rename inside its section: the single-update path, a move or an update at the same path")
    func renameTakesSingleUpdatePath() throws {
        let (context, c, r, o) = try Self.fixture()
        try o[3].setValue(.string("Ca"), forKey: "name")     // Dee → Ca: before Cy in section 3
        try context.processPendingChanges()
        #expect(c.updatePathBatchCount == 1)
        #expect(r.take() == ["will", "Customer#4 move [2, 1] -> [2, 0]", "did"])
        try o[3].setValue(.string("Cb"), forKey: "name")     // still before Cy: an update in place
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#4 update [2, 0] -> [2, 0]", "did"])
        try o[0].setValue(.bool(true), forKey: "active")     // no watched key: an update, no key read
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#1 update [0, 0] -> [0, 0]", "did"])
        #expect(c.updatePathBatchCount == 3)
        #expect(names(c) == ["Ann", "Bob", "Cb", "Cy"])
    }

    @Test("several renames in one batch: the several-updates path, moves chosen as the general path chooses them")
    func severalRenames() throws {
        let (context, c, r, o) = try Self.fixture(section: nil)
        try o[0].setValue(.string("Eve"), forKey: "name")
        try o[3].setValue(.string("Al"), forKey: "name")
        try o[1].setValue(.string("Bob"), forKey: "name")     // the same value: a key change that moves nothing
        try context.processPendingChanges()
        #expect(c.updatePathBatchCount == 1)
        #expect(r.take() == ["will", "Customer#4 move [0, 3] -> [0, 0]", "Customer#1 move [0, 0] -> [0, 3]",
                             "Customer#2 update [0, 1] -> [0, 1]", "did"])
        #expect(names(c) == ["Al", "Bob", "Cy", "Eve"])
    }

    @Test("a section change, a predicate change, an insert or delete with an update, a refresh, a window: the general path")
    func casesLeftToTheGeneralPath() throws {
        do {   // the section key changes: Bob moves from section 2 to section 3 (section 2 goes)
            let (context, c, r, o) = try Self.fixture()
            try o[1].setValue(.integer(3), forKey: "age")
            try context.processPendingChanges()
            #expect(c.updatePathBatchCount == 0)
            #expect(r.take() == ["will", "section delete 2 1", "Customer#2 move [1, 0] -> [1, 0]", "did"])
        }
        do {   // a predicate key changes: Bob leaves the results
            let (context, c, r, o) = try Self.fixture(section: nil, predicate: "active == YES")
            try o[1].setValue(.bool(false), forKey: "active")
            try context.processPendingChanges()
            #expect(c.updatePathBatchCount == 0)
            #expect(r.take() == ["will", "Customer#2 delete [0, 1]", "did"])
        }
        do {   // an insert and an update in one batch
            let (context, c, r, o) = try Self.fixture(section: nil)
            try o[0].setValue(.string("Zed"), forKey: "name")
            try insert(context, "Al", age: 1)
            try context.processPendingChanges()
            #expect(c.updatePathBatchCount == 0)
            #expect(r.take() == ["will", "Customer#5 insert -> [0, 0]", "Customer#1 move [0, 0] -> [0, 4]", "did"])
        }
        do {   // a delete and an update in one batch
            let (context, c, r, o) = try Self.fixture(section: nil)
            try o[0].setValue(.string("Zed"), forKey: "name")
            try context.delete(o[2])
            try context.processPendingChanges()
            #expect(c.updatePathBatchCount == 0)
            #expect(r.take() == ["will", "Customer#3 delete [0, 2]", "Customer#1 move [0, 0] -> [0, 2]", "did"])
        }
        do {   // a refreshed object is evaluated in full
            let (context, c, r, o) = try Self.fixture(section: nil)
            try o[0].setValue(.string("Zed"), forKey: "name")
            try context.refresh(o[0], mergeChanges: true)
            try context.processPendingChanges()
            #expect(c.updatePathBatchCount == 0)
            #expect(r.take() == ["will", "Customer#1 move [0, 0] -> [0, 3]", "did"])
        }
        do {   // a window (fetch limit): the window's records
            let (context, c, r, o) = try Self.fixture(section: nil, limit: 2)
            try o[0].setValue(.string("Zed"), forKey: "name")
            try context.processPendingChanges()
            #expect(c.updatePathBatchCount == 0)
            #expect(r.take() == ["will", "Customer#1 delete [0, 0]", "Customer#3 insert -> [0, 1]", "did"])
        }
    }

    @Test("a rename that sorts an object out of its section fails as the general path fails, on both update paths")
    func sectionOrderErrorMatches() throws {
        for several in [false, true] {
            var messages: [String] = []
            for usesUpdatePaths in [true, false] {
                let (context, c, r, o) = try Self.fixture()
                c.usesUpdatePaths = usesUpdatePaths
                try o[0].setValue(.string("Zed"), forKey: "name")   // Ann (age 1) would sort after Dee (age 3)
                if several { try o[2].setValue(.string("Cz"), forKey: "name") }
                do {
                    try context.processPendingChanges()
                    Issue.record("no section-order error")
                } catch {
                    messages.append("\(error)")
                }
                #expect(c.fetchedObjects == nil)
                #expect(r.take() == [])
                #expect(c.updatePathBatchCount == (usesUpdatePaths ? 1 : 0))
            }
            #expect(messages[0] == messages[1])
        }
    }
}
