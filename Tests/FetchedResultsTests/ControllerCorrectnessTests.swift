@testable import FetchedResults
import ObjectGraph
import Testing

/// The controller cases a random API fuzzer found (issue 15): each as a deterministic test with the exact
/// callbacks.
@Suite struct ControllerCorrectnessTests {
    @Test("an unsaved object a controller fetched, then deleted before processing, is announced and removed")
    func fetchedThenDeletedUnsaved() throws {
        let context = try makeContext()
        try insert(context, "Ann")
        try context.save()
        let bob = try insert(context, "Bob")
        let r = Recorder()
        let c = try makeController(context, delegate: r)
        #expect(names(c) == ["Ann", "Bob"])
        try context.delete(bob)
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#2 delete [0, 1]", "did"])
        #expect(names(c) == ["Ann"])
        #expect(bob.managedObjectContext == nil)
        #expect(context.insertedObjects.isEmpty && context.deletedObjects.isEmpty)
    }

    @Test("an unsaved object nobody fetched, inserted and deleted in one event, is never announced")
    func transientUnseen() throws {
        let context = try makeContext()
        try insert(context, "Ann")
        try context.save()
        let r = Recorder()
        let c = try makeController(context, delegate: r)
        let bob = try insert(context, "Bob")
        try context.delete(bob)
        try context.processPendingChanges()
        #expect(r.take() == [])
        #expect(names(c) == ["Ann"])
    }

    @Test("several automatic merges in one tick: each posts its objectsDidChange, no false invariant violation")
    func severalMergesInOneTick() throws {
        let container = PersistentContainer(model: try RandomScriptPropertyTests.makeModel())
        let view = container.viewContext
        view.automaticallyMergesChangesFromParent = true
        let bg = container.newBackgroundContext()
        final class Counter: ContextObserver {
            var inserted: [[String]] = []
            func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws {
                inserted.append(note.inserted.map(\.displayName))
            }
        }
        let counter = Counter()
        let token = view.addObserver(counter)
        var request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "name")])
        request.predicate = try Predicate(format: "TRUEPREDICATE")
        let c = try FetchedResultsController(fetchRequest: request, managedObjectContext: view, sectionNameKeyPath: nil,
                                             cacheName: nil)
        c.checksInvariants = true
        let r = Recorder()
        c.delegate = r
        try c.performFetch()
        for name in ["Ann", "Bob", "Cy"] {
            bg.perform {
                _ = try bg.insertObject(entityName: "Customer", values: [("name", .string(name))])
                try bg.save()
            }
        }
        try ContextEventLoop.endEvent([view, bg])
        #expect(counter.inserted == [["Customer#1"], ["Customer#2"], ["Customer#3"]])
        #expect((c.fetchedObjects ?? []).map(\.displayName) == ["Customer#1", "Customer#2", "Customer#3"])
        #expect(r.take() == ["will", "Customer#1 insert -> [0, 0]", "did", "will", "Customer#2 insert -> [0, 1]", "did",
                             "will", "Customer#3 insert -> [0, 2]", "did"])
        withExtendedLifetime(token) {}
    }

    @Test("NaN in a sort key: ordered as CFNumberCompare orders it, and the controller stays consistent")
    func nanSortKey() throws {
        #expect(SortDescriptor.compareNumbers(.nan, .nan) == .orderedSame)
        #expect(SortDescriptor.compareNumbers(.nan, -1) == .orderedDescending)
        #expect(SortDescriptor.compareNumbers(.nan, 0) == .orderedAscending)
        #expect(SortDescriptor.compareNumbers(-0.0, .nan) == .orderedAscending)
        #expect(SortDescriptor.compareNumbers(-0.0, 0.0) == .orderedAscending)
        #expect(SortDescriptor.compareNumbers(1, .infinity) == .orderedAscending)
        let container = PersistentContainer(model: try RandomScriptPropertyTests.makeModel())
        let view = container.viewContext
        var objects: [ManagedObject] = []
        for (i, score) in [1.0, .nan, -1.0, .nan, 0.0].enumerated() {
            objects.append(try view.insertObject(entityName: "Customer",
                                                 values: [("name", .string("n\(i)")), ("score", .double(score))]))
        }
        try view.save()
        let c = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "score")]),
            managedObjectContext: view, sectionNameKeyPath: nil, cacheName: nil)
        c.checksInvariants = true
        let r = Recorder()
        c.delegate = r
        try c.performFetch()
        #expect((c.fetchedObjects ?? []).map(\.displayName) == ["Customer#3", "Customer#2", "Customer#4", "Customer#5", "Customer#1"])
        try objects[0].setValue(.double(.nan), forKey: "score")
        try objects[2].setValue(.double(.nan), forKey: "score")
        try view.processPendingChanges()
        #expect((c.fetchedObjects ?? []).map(\.displayName) == ["Customer#1", "Customer#2", "Customer#3", "Customer#4", "Customer#5"])
        #expect(r.take() == ["will", "Customer#1 move [0, 4] -> [0, 0]", "Customer#3 move [0, 0] -> [0, 2]", "did"])
    }

    @Test("a batch that fails on a predicate limit is caught up by the next one")
    func failedBatchIsCaughtUp() throws {
        let context = try makeContext()
        try insert(context, "aab")
        try insert(context, "ab")
        try context.save()
        let r = Recorder()
        let c = try makeController(context, predicate: "name MATCHES '(a+)+b'", delegate: r)
        #expect(names(c) == ["aab", "ab"])
        let bad = try insert(context, String(repeating: "a", count: 28))
        #expect(throws: (any Error).self) { try context.processPendingChanges() }
        #expect(r.take() == [])
        #expect(names(c) == ["aab", "ab"])
        try set(bad, "name", .string("aaab"))
        try insert(context, "b")
        try context.processPendingChanges()
        #expect(names(c) == ["aaab", "aab", "ab"])
        #expect(r.take() == ["will", "Customer#3 insert -> [0, 0]", "did"])
    }
}
