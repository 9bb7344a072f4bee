import Testing
@testable import ObjectGraph

/// The coordinator's stores: adding twice refused, removal invalidating everything at once.
@Suite struct CoordinatorTests {
    final class AllObserver: ContextObserver {
        var notes: [(invalidated: [String], all: Bool)] = []
        func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws {
            notes.append((note.invalidated.map(\.displayName), note.invalidatedAll))
        }
    }

    @Test("a store removal posts invalidatedAll with the invalidated objects, once per context")
    func removalIsInvalidatedAll() throws {
        let container = PersistentContainer(model: try makeModel())
        let view = container.viewContext
        _ = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        let draft = try view.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        let observer = AllObserver()
        let token = view.addObserver(observer)
        defer { token.cancel() }
        let coordinator = container.persistentStoreCoordinator
        try coordinator.removePersistentStore(try #require(coordinator.defaultStore))
        #expect(observer.notes.count == 2)
        #expect(observer.notes[0].invalidated.isEmpty && !observer.notes[0].all)   // the pending insert first
        #expect(observer.notes[1].invalidated == ["Customer#1"] && observer.notes[1].all)
        #expect(view.insertedObjects == [draft])
        #expect(coordinator.persistentStores.isEmpty)
    }

    @Test("adding a store twice fails with 134081; removing a foreign store fails; nothing changes")
    func misuse() throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try makeModel())
        let store = PersistentStore()
        try coordinator.addPersistentStore(checking: store)
        do {
            try coordinator.addPersistentStore(checking: store)
            Issue.record("expected 134081")
        } catch let error as ObjectGraphError {
            #expect(error.code == 134081)
        }
        #expect(throws: ObjectGraphError.self) { try coordinator.removePersistentStore(PersistentStore()) }
        #expect(coordinator.persistentStores.count == 1)
    }
}
