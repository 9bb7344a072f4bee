import Testing
@testable import ObjectGraph

/// Several contexts over one coordinator: merges, parent/child, queue confinement, store removal.
@Suite struct MergingTests {
    func makeContainer() throws -> PersistentContainer {
        PersistentContainer(model: try makeModel())
    }

    @Test("a background save merged into the view context: inserted, refreshed with keys, deleted")
    func mergeFromBackgroundSave() throws {
        let container = try makeContainer()
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let bob = try view.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        try view.save()
        let observer = RecordingObserver()
        let token = view.addObserver(observer)
        defer { token.cancel() }

        let background = container.newBackgroundContext()
        let saved: ContextDidSaveNotification = try background.performAndWait {
            let recorder = SaveRecorder()
            let t = background.addObserver(recorder)
            defer { t.cancel() }
            let all = try background.fetch(FetchRequest(entityName: "Customer",
                                                        sortDescriptors: [SortDescriptor(key: "name")]))
            try all[0].setValue(.string("Anna"), forKey: "name")
            try background.delete(all[1])
            _ = try background.insertObject(entityName: "Customer", values: ["name": .string("Cy")])
            try background.save()
            return try #require(recorder.saved)
        }
        try view.mergeChanges(fromContextDidSave: saved)
        #expect(try ann.value(forKey: "name") == .string("Anna"))
        #expect(bob.managedObjectContext == nil)
        #expect(observer.lines == ["didChange inserted=Customer#3 deleted=Customer#2"])
        #expect(observer.refreshed == ["Customer#1(name)"])
    }

    @Test("a child's save reaches the parent, and the store only when the parent saves")
    func parentAndChild() throws {
        let container = try makeContainer()
        let parent = container.viewContext
        let child = ManagedObjectContext(parent: parent)
        _ = try child.insertObject(entityName: "Customer", values: ["name": .string("Kid")])
        #expect(try parent.count(for: FetchRequest(entityName: "Customer")) == 0)
        try child.save()
        #expect(try parent.count(for: FetchRequest(entityName: "Customer")) == 1)
        #expect(parent.hasChanges)
        #expect(container.persistentStoreCoordinator.defaultStore?.count(entityName: "Customer") == 0)
        try parent.save()
        #expect(container.persistentStoreCoordinator.defaultStore?.count(entityName: "Customer") == 1)
    }

    @Test("a private-queue context refuses work outside perform, and its objects too")
    func confinement() throws {
        let container = try makeContainer()
        let background = container.newBackgroundContext()
        let error = try #require(throws: ObjectGraphError.self) {
            try background.insertObject(entityName: "Customer", values: ["name": .string("X")])
        }
        #expect(error.kind == .concurrency)
        #expect(error.message.hasPrefix("CoreData: error: illegal multithreaded access:"))
        let made = try background.performAndWait {
            try background.insertObject(entityName: "Customer", values: ["name": .string("X")])
        }
        #expect(throws: ObjectGraphError.self) { try made.value(forKey: "name") }
        #expect(background.insertedObjects.count == 1)
    }

    @Test("removing the store invalidates its objects in every context")
    func storeRemoval() throws {
        let container = try makeContainer()
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        let observer = RecordingObserver()
        let token = view.addObserver(observer)
        defer { token.cancel() }
        let store = try #require(container.persistentStoreCoordinator.defaultStore)
        try container.persistentStoreCoordinator.removePersistentStore(store)
        #expect(ann.isInvalidated)
        #expect(observer.invalidated == ["Customer#1"])
    }
}

/// Keeps the last did-save notification.
final class SaveRecorder: ContextObserver {
    var saved: ContextDidSaveNotification?
    func contextObjectsDidChange(_ notification: ObjectsDidChangeNotification) throws {}
    func contextDidSave(_ notification: ContextDidSaveNotification) throws { saved = notification }
}
