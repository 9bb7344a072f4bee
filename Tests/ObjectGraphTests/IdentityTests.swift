import Testing
@testable import ObjectGraph

/// Object IDs across contexts: object(with:), existingObject(with:), URIs, predicates, cross-context misuse.
@Suite struct IdentityTests {
    @Test("object(with:) gives a fault of this context; existingObject fails with 133000 once deleted")
    func objectWithID() throws {
        let container = PersistentContainer(model: try makeModel())
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        let id = ann.objectID
        let background = container.newBackgroundContext()
        try background.performAndWait {
            let here = try background.object(with: id)
            #expect(here !== ann)
            #expect(here.isFault)
            #expect(try here.value(forKey: "name") == .string("Ann"))
            #expect(try background.existingObject(with: id) === here)
        }
        try view.delete(ann)
        try view.save()
        #expect(throws: ObjectGraphError.self) { try view.existingObject(with: id) }
        do {
            _ = try view.existingObject(with: id)
        } catch let error as ObjectGraphError {
            #expect(error.code == 133000)
            #expect(error.message.contains("Attempt to access an object not found in store."))
        }
        let ghost = try view.object(with: id)
        #expect(throws: ObjectGraphError.self) { try ghost.value(forKey: "name") }
    }

    @Test("a child's insert pushed again into a parent that has the object updates that one instance (uniquing)")
    func childInsertPushedTwice() throws {
        // What a push that failed half-way and was saved again does (the fuzzer's seed 90054: E1#2 twice).
        let parent = try makeContext()
        let child = ManagedObjectContext(parent: parent, name: "child")
        let ann = try child.insertObject(entityName: "Customer", values: ["name": .string("Ann"), "age": .integer(30)])
        let order = try child.insertObject(entityName: "Order", values: ["total": .double(5)])
        try ann.setValue(.collection([.object(order)]), forKey: "orders")
        var note = ContextDidSaveNotification(context: child)
        note.inserted = [ann, order]
        try parent.performMutation { try parent.receive(note) }
        let first = try #require(parent.registeredObject(for: ann.objectID))
        try ann.setValue(.integer(31), forKey: "age")
        try parent.performMutation { try parent.receive(note) }
        #expect(parent.registeredObject(for: ann.objectID) === first)
        #expect(parent.insertedObjects.count == 2)
        #expect(try first.value(forKey: "age") == .integer(31))
        let orders = try first.value(forKey: "orders").collectionObjects
        #expect(orders.count == 1 && orders[0] === parent.registeredObject(for: order.objectID))
        try parent.processPendingChanges()
        let fetched = try parent.fetch(FetchRequest(entityName: "Customer"))
        #expect(fetched.count == 1 && fetched[0] === first)
    }

    @Test("URIs round-trip; foreign or malformed URIs give nil")
    func uris() throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try makeModel())
        StoreIdentity.current = StoreIdentity.Sequence()
        defer { StoreIdentity.current = nil }
        let store = coordinator.addPersistentStore(PersistentStore())
        #expect(store.storeUUID == "52495050-4C45-4000-8000-000000000001")
        let id = ManagedObjectID(entityName: "Customer", number: 12, isTemporaryID: false, storeTag: store.storeTag)
        #expect(id.uriRepresentation == "x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p12")
        #expect(coordinator.managedObjectID(forURIRepresentation: id.uriRepresentation) == id)
        #expect(coordinator.managedObjectID(forURIRepresentation: id.uriRepresentation)?.storeTag == store.storeTag)
        // A URI of another store (an unknown UUID) names nothing here, as in Core Data.
        #expect(coordinator.managedObjectID(forURIRepresentation: "x-coredata://0B1F6E3C-0000-4000-8000-000000000001/Customer/p12") == nil)
        #expect(coordinator.managedObjectID(forURIRepresentation: "x-coredata:///Customer/t1") == nil)
        let temporary = coordinator.managedObjectID(forURIRepresentation: "x-coredata:///Order/t52495050-4C45-4000-8000-0000000000003")
        #expect(temporary?.isTemporaryID == true && temporary?.number == 3)
        for bad in ["x-coredata://52495050-4C45-4000-8000-000000000001/Nope/p1", "x-coredata://52495050-4C45-4000-8000-000000000001/Customer/t1", "x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p01",
                    "x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p0", "x-coredata://52495050-4C45-4000-8000-000000000001/Customer", "Customer#1"] {
            #expect(coordinator.managedObjectID(forURIRepresentation: bad) == nil)
        }
    }

    @Test("SELF == object of another context, or an ID stand-in, matches by object ID")
    func predicatesAcrossContexts() throws {
        let container = PersistentContainer(model: try makeModel())
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        _ = try view.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        try view.save()
        let background = container.newBackgroundContext()
        try background.performAndWait {
            let byObject = try background.fetch(FetchRequest(entityName: "Customer",
                predicate: try Predicate(format: "SELF == %@", arguments: [.object(ann)])))
            #expect(byObject.map(\.displayName) == ["Customer#1"])
            #expect(byObject[0].managedObjectContext === background)
            let standIn = try #require(ManagedObject.reference(to: ann.objectID, entity: ann.entity))
            let byID = try background.fetch(FetchRequest(entityName: "Customer",
                predicate: try Predicate(format: "SELF != %@", arguments: [.object(standIn)])))
            #expect(byID.map(\.displayName) == ["Customer#2"])
        }
    }

    @Test("another context's object: delete, relationships and refresh refused; nothing changes")
    func crossContextMisuse() throws {
        let container = PersistentContainer(model: try makeModel())
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        let background = container.newBackgroundContext()
        try background.performAndWait {
            do {
                try background.delete(ann)
                Issue.record("expected an error")
            } catch let error as ObjectGraphError {
                #expect(error.message.hasPrefix("An NSManagedObjectContext cannot delete objects in other contexts."))
            }
            let order = try background.insertObject(entityName: "Order")
            do {
                try order.setValue(.object(ann), forKey: "customer")
                Issue.record("expected an error")
            } catch let error as ObjectGraphError {
                #expect(error.message.hasPrefix("Illegal attempt to establish a relationship 'customer' between objects in different contexts"))
            }
            #expect(try order.value(forKey: "customer") == .null)
            #expect(background.deletedObjects.isEmpty)
        }
        #expect(!ann.isDeleted && !view.hasChanges)
    }
}
