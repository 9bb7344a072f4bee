import Testing
@testable import ObjectGraph
#if canImport(Glibc)
import Glibc
#endif

/// Optimistic locking, merge policies, uniqueness constraints, and SQLite connections sharing a file.
@Suite struct ConflictTests {
    /// Ann saved; another context renames her to Anna; `view` then changes her age and saves.
    func conflictingSave(_ policy: MergePolicy) throws -> (ManagedObjectContext, ManagedObject, Error?) {
        let container = PersistentContainer(model: try makeModel())
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann"), "age": .integer(30)])
        try view.save()
        let other = container.newBackgroundContext()
        try other.performAndWait {
            let mine = try other.object(with: ann.objectID)
            try mine.setValue(.string("Anna"), forKey: "name")
            try mine.setValue(.integer(31), forKey: "age")
            try other.save()
        }
        view.mergePolicy = policy
        try ann.setValue(.integer(40), forKey: "age")
        do { try view.save() } catch { return (view, ann, error) }
        return (view, ann, nil)
    }

    @Test("error policy: 133020 with the conflict; nothing written; the context keeps its changes")
    func errorPolicy() throws {
        let (view, ann, error) = try conflictingSave(.error)
        let failure = try #require(error as? ObjectGraphError)
        #expect(failure.code == 133020)
        #expect(failure.message.contains("with oldVersion = 1 and newVersion = 2"))
        #expect(view.hasChanges)
        #expect(try ann.value(forKey: "age") == .integer(40))
        #expect(view.persistentStoreCoordinator.row(for: ann.objectID)?.attributes[1] == .integer(31))
    }

    @Test("each merge policy resolves the conflict as documented", arguments: [
        (MergePolicy.mergeByPropertyObjectTrump, "Anna", Int64(40)),
        (.mergeByPropertyStoreTrump, "Anna", 31),
        (.overwrite, "Ann", 40),
        (.rollback, "Anna", 31),
    ])
    func policies(_ policy: MergePolicy, _ name: String, _ age: Int64) throws {
        let (view, ann, error) = try conflictingSave(policy)
        #expect(error == nil)
        let row = try #require(view.persistentStoreCoordinator.row(for: ann.objectID))
        #expect(row.attributes[0] == .string(name) && row.attributes[1] == .integer(age))
        #expect(try ann.value(forKey: "name") == .string(name))
        #expect(try ann.value(forKey: "age") == .integer(age))
        #expect(!view.hasChanges)
    }

    @Test("a save without conflict bumps the row version; the next save of the same context does not conflict")
    func versions() throws {
        let view = try makeContext()
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        #expect(view.persistentStoreCoordinator.row(for: ann.objectID)?.version == 1)
        for age in 1...3 {
            try ann.setValue(.integer(Int64(age)), forKey: "age")
            try view.save()
        }
        #expect(view.persistentStoreCoordinator.row(for: ann.objectID)?.version == 4)
    }

    @Test("two connections on one file: a locked file fails after the busy timeout with 134090, unchanged")
    func busyTimeout() throws {
        let path = "/tmp/ripple-conflicts-\(getpid()).sqlite"
        unlink(path)
        defer { unlink(path) }
        let model = try makeModel()
        let holder = try PersistentStore(sqlitePath: path, model: model)
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        coordinator.addPersistentStore(try PersistentStore(sqlitePath: path, model: model, busyTimeout: 20))
        let view = ManagedObjectContext(coordinator: coordinator, name: "viewContext")
        _ = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let file = try #require(holder.openFile)
        var failure: ObjectGraphError?
        try file.transaction {
            do { try view.save() } catch let error as ObjectGraphError { failure = error }
        }
        #expect(failure?.code == 134090)
        #expect(failure?.message.contains("is locked by another connection; gave up after waiting 20 ms") == true)
        #expect(failure?.message.contains("reason=database is locked") == true)
        #expect(view.hasChanges)
        try view.save()
        #expect(try PersistentStore(sqlitePath: path, model: model).count(entityName: "Customer") == 1)
    }

    @Test("two connections insert object 1: no row is replaced; the second gets the next number")
    func primaryKeys() throws {
        let path = "/tmp/ripple-keys-\(getpid()).sqlite"
        unlink(path)
        defer { unlink(path) }
        let model = try makeModel()
        func open() throws -> ManagedObjectContext {
            let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
            coordinator.addPersistentStore(try PersistentStore(sqlitePath: path, model: model))
            return ManagedObjectContext(coordinator: coordinator, name: "viewContext")
        }
        let a = try open(), b = try open()
        let x = try a.insertObject(entityName: "Customer", values: ["name": .string("A")])
        let y = try b.insertObject(entityName: "Customer", values: ["name": .string("B")])
        try a.save()
        try b.save()
        #expect(x.objectID.number == 1 && y.objectID.number == 2 && !y.objectID.isTemporaryID)
        let store = try PersistentStore(sqlitePath: path, model: model)
        #expect(store.objectIDs(entityName: "Customer").map(\.number) == [1, 2])
        #expect(store.row(for: x.objectID)?.attributes[0] == .string("A"))
    }

    @Test("uniqueness: 133021 under the error policy; upsert keeps the existing object under object trump")
    func uniqueness() throws {
        let tag = EntityDescription(name: "Tag", attributes: [
            AttributeDescription(name: "name", type: .string),
            AttributeDescription(name: "uses", type: .integer, isOptional: true),
        ], uniquenessConstraints: [["name"]])
        let container = PersistentContainer(model: try ManagedObjectModel(entities: [tag]))
        let view = container.viewContext
        let original = try view.insertObject(entityName: "Tag", values: ["name": .string("swift"), "uses": .integer(1)])
        try view.save()
        _ = try view.insertObject(entityName: "Tag", values: ["name": .string("swift"), "uses": .integer(5)])
        #expect(throws: ObjectGraphError.self) { try view.save() }
        view.mergePolicy = .mergeByPropertyObjectTrump
        try view.save()
        #expect(try view.fetch(FetchRequest(entityName: "Tag")) == [original])
        #expect(try original.value(forKey: "uses") == .integer(5))
        #expect(throws: ObjectGraphError.self) {
            _ = try ManagedObjectModel(entities: [EntityDescription(name: "T", uniquenessConstraints: [["missing"]])])
        }
    }
}
