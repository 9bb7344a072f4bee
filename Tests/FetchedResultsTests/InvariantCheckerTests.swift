@testable import FetchedResults
@testable import ObjectGraph
import Testing

/// Invariant mode against store changes a context has not merged (issue 15, the fuzzer's campaigns): a
/// controller keeps what a batch request or another context's save changed until the merge, as in Core
/// Data; the checker leaves exactly those objects out of its comparison, and nothing else.
@Suite struct InvariantCheckerTests {
    private func controller(_ context: ManagedObjectContext, _ recorder: Recorder) throws -> FetchedResultsController {
        let c = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "name")]),
            managedObjectContext: context)
        c.checksInvariants = true
        c.delegate = recorder
        try c.performFetch()
        return c
    }

    private func ids(_ context: ManagedObjectContext) -> [String] {
        context.unmergedStoreChanges.map(\.displayName).sorted()
    }

    @Test("unmerged batch deletes and updates: no violation, the excuse names only their objects, a merge ends it")
    func batchRequests() throws {
        let context = try makeContext()
        for name in ["Ann", "Bob", "Cy"] { try insert(context, name) }
        try context.save()
        let r = Recorder()
        let c = try controller(context, r)
        let deleted = try context.execute(BatchRequest(entityName: "Customer", predicate: try Predicate(format: "name == 'Ann'"),
                                                       action: .delete, resultType: .objectIDs))
        _ = try context.execute(BatchRequest(entityName: "Customer", predicate: try Predicate(format: "name == 'Bob'"),
                                             action: .update(propertiesToUpdate: ["age": .integer(99)])))
        #expect(ids(context) == ["Customer#1", "Customer#2"])
        try insert(context, "Dee")
        try context.processPendingChanges()                   // compared here: no violation
        #expect(r.take() == ["will", "Customer#4 insert -> [0, 3]", "did"])
        #expect(names(c) == ["Ann", "Bob", "Cy", "Dee"])
        guard case .objectIDs(let gone) = deleted else { Issue.record("no IDs"); return }
        try ManagedObjectContext.mergeChanges(
            fromRemoteContextSave: SavedObjectIDs(remoteChangesNamed: "batch", inserted: [], updated: [], deleted: gone),
            into: [context])
        #expect(ids(context) == ["Customer#2"])
        #expect(r.take() == ["will", "Customer#1 delete [0, 0]", "did"])
        #expect(names(c) == ["Bob", "Cy", "Dee"])
    }

    @Test("a store change nobody accounts for is still a violation, next to an excused batch deletion")
    func otherDifferencesStillFail() throws {
        let context = try makeContext()
        for name in ["Ann", "Bob", "Cy"] { try insert(context, name) }
        try context.save()
        let r = Recorder()
        let c = try controller(context, r)
        _ = try context.execute(BatchRequest(entityName: "Customer", predicate: try Predicate(format: "name == 'Ann'"),
                                             action: .delete))
        // A row removed behind every context's back without telling anyone (what an engine bug would do).
        let store = context.persistentStoreCoordinator.persistentStores[0]
        let cy = ManagedObjectID(entityName: "Customer", number: 3, isTemporaryID: false)
        try store.save { _ in ([], [cy]) }
        try insert(context, "Dee")
        let error = #expect(throws: FetchedResultsError.self) { try context.processPendingChanges() }
        #expect(error?.message == "invariant violated after change batch 1: the results differ from a fresh fetch: expected Customer#2, Customer#4; have Customer#2, Customer#3, Customer#4")
        withExtendedLifetime(c) {}
    }

    @Test("another root context's unmerged save: excused in the other contexts, not in the one that saved")
    func otherContextSaves() throws {
        let view = try makeContext()
        for name in ["Ann", "Bob"] { try insert(view, name) }
        try view.save()
        let bg = ManagedObjectContext(coordinator: view.persistentStoreCoordinator, name: "bg")
        let r = Recorder()
        let c = try controller(view, r)
        let ann = try bg.fetch(FetchRequest(entityName: "Customer", predicate: try Predicate(format: "name == 'Ann'")))[0]
        try bg.delete(ann)
        try bg.save()
        #expect(ids(view) == ["Customer#1"])
        #expect(ids(bg) == [])
        try insert(view, "Cy")
        try view.processPendingChanges()
        #expect(names(c) == ["Ann", "Bob", "Cy"])
        try view.mergeChanges(fromContextDidSave: SavedObjectIDs(remoteChangesNamed: "bg", inserted: [], updated: [],
                                                                 deleted: [ann.objectID]))
        #expect(ids(view) == [])
        #expect(names(c) == ["Bob", "Cy"])
        try view.reset()
        #expect(ids(view) == [])
    }
}
