import Testing
@testable import ObjectGraph

/// `obtainPermanentIDs(for:)` in Swift: the context's lists and registry after it, and a coordinator
/// without stores.
@Suite struct ObtainPermanentIDsTests {
    @Test("permanent IDs before the save: registered under the same ID, still inserted, kept by the save")
    func obtainsAndKeeps() throws {
        StoreIdentity.current = StoreIdentity.Sequence()   // the store's UUID is the first deterministic one
        defer { StoreIdentity.current = nil }
        let context = try makeContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let bob = try context.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        try context.obtainPermanentIDs(for: [bob, bob])
        #expect(!bob.objectID.isTemporaryID)
        #expect(ann.objectID.isTemporaryID)
        #expect(bob.objectID.uriRepresentation == "x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p2")
        #expect(context.registeredObject(for: bob.objectID) === bob)
        #expect(context.insertedObjects.map(\.displayName) == ["Customer#1", "Customer#2"])
        try context.save()
        #expect(bob.objectID.uriRepresentation == "x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p2")
        #expect(ann.objectID.uriRepresentation == "x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1")
    }

    @Test("a coordinator without stores fails with 134020 and the ID stays temporary")
    func noStore() throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try makeModel())
        let context = ManagedObjectContext(coordinator: coordinator)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        do {
            try context.obtainPermanentIDs(for: [ann])
            Issue.record("expected an error")
        } catch let error as ObjectGraphError {
            #expect(error.code == 134020)
            #expect(error.message == "This NSPersistentStoreCoordinator has no persistent stores. It cannot obtain permanent IDs.")
        }
        #expect(ann.objectID.isTemporaryID)
    }
}
