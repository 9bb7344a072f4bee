import FetchedResults
import ObjectGraph
import SeededRandom

/// One save that renames one object under a sectioned fetched-results controller, N = 100k (issue 13,
/// point 4: ≤ 60k instructions).
///
/// `Item(group: integer, name: string)` with 100 groups and names `"item 0000123"`, saved to the in-memory
/// store; a tracking controller sorted by (group, name) and sectioned by group. One step renames a random
/// object (a new random name, so its row moves inside its section) and saves the context: change
/// processing, the controller's update, validation and the store write. The timed loop is
/// ``renameAndSave(_:_:)``, which callgrind can count alone:
///
/// ```sh
/// valgrind --tool=callgrind --collect-atstart=no \
///   --toggle-collect='*RenameBenchmark*renameAndSave*' .build/release/ripple-bench rename
/// ```
enum RenameBenchmark {
    static let count = 100_000
    static let steps = 200

    static func name(_ i: UInt64) -> String {
        let digits = String(i % 10_000_000)
        return "item " + String(repeating: "0", count: 7 - digits.count) + digits
    }

    /// The timed steps: `steps` renames, one save each.
    @inline(never)
    static func renameAndSave(_ context: ManagedObjectContext, _ objects: [ManagedObject], steps: Int = steps, seed: UInt64 = 7) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<steps {
            let o = objects[Int(rng.next() % UInt64(objects.count))]
            try o.setValue(.string(name(rng.next())), forKey: "name")
            try context.save()
        }
    }

    /// The controller's set-up (`performFetch()` over 100k objects), alone for callgrind:
    /// `--toggle-collect='*RenameBenchmark*setUpController*'`.
    @inline(never)
    static func setUpController(_ controller: FetchedResultsController) throws {
        try controller.performFetch()
    }

    /// Renames checked in invariant mode (not part of the measured function).
    @inline(never)
    static func checkedRenames(_ context: ManagedObjectContext, _ objects: [ManagedObject]) throws {
        try renameAndSave(context, objects, steps: 3, seed: 8)
    }

    static func run() throws {
        let item = EntityDescription(name: "Item", attributes: [
            AttributeDescription(name: "group", type: .integer),
            AttributeDescription(name: "name", type: .string),
        ])
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(entities: [item]))
        coordinator.addPersistentStore(PersistentStore())
        let context = ManagedObjectContext(coordinator: coordinator, name: "bench")
        var rng = SplitMix64(seed: 99)
        var objects: [ManagedObject] = []
        objects.reserveCapacity(count)
        for _ in 0..<count {
            objects.append(try context.insertObject(entityName: "Item", values: [
                ("group", .integer(Int64(rng.next() % 100))), ("name", .string(name(rng.next()))),
            ]))
        }
        try context.save()
        let request = FetchRequest(entityName: "Item", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "name")])
        let controller = try FetchedResultsController(fetchRequest: request, managedObjectContext: context,
                                                      sectionNameKeyPath: "group")
        let counter = FetchedResultsBenchmarks.Counter()
        controller.delegate = counter
        var start = Measure.now()
        try setUpController(controller)
        let setUp = Double(Measure.now() - start)
        start = Measure.now()
        try renameAndSave(context, objects)
        let perSave = Double(Measure.now() - start) / Double(steps)
        // Three more saves in invariant mode (results = a fresh fetch, sections, old snapshot + reported
        // changes = new snapshot); a checked save refetches all N objects, so only a few.
        controller.checksInvariants = true
        try checkedRenames(context, objects)
        controller.checksInvariants = false
        print("R1    rename + save under a sectioned FRC, N=100k: \(Measure.format(perSave / 1000)) µs per save (\(steps) saves, \(counter.moves + counter.updates) changes reported; invariants checked on 3 more); set-up \(Measure.format(setUp / 1e6)) ms; instructions: run under callgrind (see docs/performance.md)")
    }
}
