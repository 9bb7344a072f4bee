import Testing
@testable import ObjectGraph

/// Batch requests change the store only; remote merges make them visible.
@Suite struct BatchRequestTests {
    final class Counter: ContextObserver {
        var notes = 0
        var deleted: [String] = []
        func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws {
            notes += 1
            deleted += note.deleted.map(\.displayName)
        }
    }

    @Test("a batch delete (with cascade) tells no context; the remote merge announces exactly the deletions")
    func batchDelete() throws {
        let container = PersistentContainer(model: try makeModel(orderRule: .cascade))
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let order = try view.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        _ = try view.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        try view.save()
        let counter = Counter()
        let token = view.addObserver(counter)
        defer { token.cancel() }
        let request = BatchRequest(entityName: "Customer", predicate: try Predicate(format: "name == 'Ann'"),
                                   action: .delete, resultType: .objectIDs)
        let result = try view.execute(request)
        guard case .objectIDs(let ids) = result else { Issue.record("IDs expected"); return }
        #expect(ids.map(\.displayName) == ["Customer#1", "Order#1"])
        try view.processPendingChanges()
        #expect(counter.notes == 0)
        #expect(view.persistentStoreCoordinator.row(for: order.objectID) == nil)
        try ManagedObjectContext.mergeChanges(
            fromRemoteContextSave: SavedObjectIDs(remoteChangesNamed: "batch", inserted: [], updated: [], deleted: ids),
            into: [view])
        #expect(counter.deleted == ["Customer#1", "Order#1"])
        #expect(try view.count(for: FetchRequest(entityName: "Customer")) == 1)
    }

    @Test("batch update and insert: values checked first, versions bumped, numbering continues")
    func batchUpdateAndInsert() throws {
        let view = try makeContext()
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        #expect(throws: ObjectGraphError.self) {
            try view.execute(BatchRequest(entityName: "Customer", action: .update(propertiesToUpdate: ["age": .string("x")])))
        }
        let updated = try view.execute(BatchRequest(entityName: "Customer", action: .update(propertiesToUpdate: ["age": .integer(3)]),
                                                    resultType: .count))
        #expect(updated == .count(1))
        #expect(view.persistentStoreCoordinator.row(for: ann.objectID)?.version == 2)
        #expect(try ann.value(forKey: "age") == .null)      // stale until merged
        let inserted = try view.execute(BatchRequest(entityName: "Customer",
            action: .insert(objects: [["name": .string("Cy")]]), resultType: .objectIDs))
        #expect(inserted == .objectIDs([ManagedObjectID(entityName: "Customer", number: 2, isTemporaryID: false)]))
        #expect(try view.insertObject(entityName: "Customer", values: ["name": .string("Di")]).objectID.number == 3)
    }
}
