import Testing
@testable import ObjectGraph

@Suite struct ManagedObjectContextTests {
    @Test("insert, change and delete are announced once per processPendingChanges")
    func announcesChanges() throws {
        let context = try makeContext()
        let observer = RecordingObserver()
        let token = context.addObserver(observer)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try context.processPendingChanges()
        try ann.setValue(.string("Anna"), forKey: "name")
        try ann.setValue(.integer(30), forKey: "age")
        try context.processPendingChanges()
        try context.processPendingChanges()
        try context.delete(ann)
        try context.processPendingChanges()
        #expect(observer.lines == [
            "didChange inserted=Customer#1",
            "didChange updated=Customer#1(age,name)",
            "didChange deleted=Customer#1",
        ])
        token.cancel()
    }

    @Test("inverse relationships stay in sync on both sides")
    func inverses() throws {
        let context = try makeContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let bob = try context.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        let order = try context.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        #expect(try ann.value(forKey: "orders") == .collection([.object(order)]))
        try bob.addObject(order, toRelationship: "orders")
        #expect(try ann.value(forKey: "orders") == .collection([]))
        #expect(try order.value(forKey: "customer") == .object(bob))
        try order.setValue(.null, forKey: "customer")
        #expect(try bob.value(forKey: "orders") == .collection([]))
    }

    @Test("cascade deletes destinations; nullify clears back-pointers")
    func deleteRules() throws {
        let context = try makeContext()
        let observer = RecordingObserver()
        let token = context.addObserver(observer)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        _ = try context.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        try context.save()
        try context.delete(ann)
        try context.processPendingChanges()
        #expect(observer.lines.last == "didChange deleted=Customer#1,Order#1")
        token.cancel()

        let nullifying = try makeContext(orderRule: .nullify)
        let bob = try nullifying.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        let order = try nullifying.insertObject(entityName: "Order", values: ["customer": .object(bob)])
        try nullifying.save()
        try nullifying.delete(bob)
        try nullifying.processPendingChanges()
        #expect(try order.value(forKey: "customer") == .null)
        #expect(order.isUpdated)
    }

    @Test("deny refuses the delete at save with 1600, and the context keeps its changes")
    func denyRule() throws {
        let context = try makeContext(orderRule: .deny)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        _ = try context.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        try context.save()
        try context.delete(ann)
        let error = try #require(throws: ObjectGraphError.self) { try context.save() }
        #expect(error.code == 1600)
        #expect(error.message.hasPrefix("Error Domain=NSCocoaErrorDomain Code=1600 \"orders is not valid.\" UserInfo={NSValidationErrorObject=Customer#1, NSValidationErrorKey=orders"))
        #expect(context.deletedObjects == [ann])
        try context.rollback()
        #expect(!ann.isDeleted)
        #expect(!context.hasChanges)
    }

    @Test("validation reports every error at once as 1560")
    func multipleErrors() throws {
        let context = try makeContext()
        let c = try context.insertObject(entityName: "Customer", values: ["age": .integer(200)])
        _ = c
        let error = try #require(throws: ObjectGraphError.self) { try context.save() }
        #expect(error.code == 1560)
        #expect(error.detailedErrors.map(\.code) == [1570, 1610])
        #expect(error.detailedErrors[0].message == "Error Domain=NSCocoaErrorDomain Code=1570 \"name is a required value.\" UserInfo={NSValidationErrorObject=Customer#1, NSValidationErrorKey=name, NSValidationErrorValue=nil}")
        #expect(context.insertedObjects.count == 1)
    }

    @Test("save gives permanent IDs and clears the change sets; willSave and didSave are posted")
    func saving() throws {
        let context = try makeContext()
        let observer = RecordingObserver()
        let token = context.addObserver(observer)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        #expect(ann.objectID.isTemporaryID)
        try context.save()
        #expect(!ann.objectID.isTemporaryID)
        #expect(!context.hasChanges)
        #expect(observer.lines == ["didChange inserted=Customer#1", "willSave", "didSave inserted=1 updated=0 deleted=0"])
        try context.save()
        #expect(observer.lines.count == 3)
        token.cancel()
    }

    @Test("changedValues and committedValues")
    func changedValues() throws {
        let context = try makeContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        #expect(ann.changedValues() == ["name": .string("Ann")])
        try context.save()
        #expect(ann.changedValues().isEmpty)
        try ann.setValue(.string("Anna"), forKey: "name")
        #expect(ann.changedValues() == ["name": .string("Anna")])
        #expect(try ann.committedValues(forKeys: ["name"]) == ["name": .string("Ann")])
        try ann.setValue(.string("Ann"), forKey: "name")
        #expect(ann.changedValues().isEmpty)
        #expect(ann.isUpdated)
    }

    @Test("rollback restores values, removes insertions and brings back deletions")
    func rollback() throws {
        let context = try makeContext()
        let observer = RecordingObserver()
        let token = context.addObserver(observer)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let bob = try context.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        try context.save()
        try ann.setValue(.string("Anna"), forKey: "name")
        try context.delete(bob)
        let cy = try context.insertObject(entityName: "Customer", values: ["name": .string("Cy")])
        try context.rollback()
        #expect(try ann.value(forKey: "name") == .string("Ann"))
        #expect(!bob.isDeleted)
        #expect(cy.managedObjectContext == nil)
        #expect(observer.lines.suffix(2) == [
            "didChange inserted=Customer#3 updated=Customer#1(name) deleted=Customer#2",
            "didChange inserted=Customer#2 updated=Customer#1(name) deleted=Customer#3",
        ])
        token.cancel()
    }

    @Test("reset invalidates every object; fetching again loads new instances from the store")
    func reset() throws {
        let context = try makeContext()
        let observer = RecordingObserver()
        let token = context.addObserver(observer)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try context.save()
        try context.reset()
        #expect(observer.lines.last == "didChange invalidatedAll")
        #expect(throws: ObjectGraphError.self) { try ann.value(forKey: "name") }
        let again = try context.fetch(FetchRequest(entityName: "Customer"))
        #expect(again.count == 1)
        #expect(again[0] !== ann)
        #expect(try again[0].value(forKey: "name") == .string("Ann"))
        token.cancel()
    }

    @Test("bad input: unknown entity, unknown key, wrong type, write to a deleted object")
    func badInput() throws {
        let context = try makeContext()
        #expect(throws: ObjectGraphError.self) { try context.insertObject(entityName: "Nope") }
        let e1 = try #require(throws: ObjectGraphError.self) { try context.insertObject(entityName: "Nope") }
        #expect(e1.message == "+entityForName: could not locate an entity named 'Nope' in this model.")
        let e2 = try #require(throws: ObjectGraphError.self) {
            try context.insertObject(entityName: "Customer", values: ["name": .integer(3)])
        }
        #expect(e2.message == "Unacceptable type of value for attribute: property = \"name\"; desired type = NSString; given type = __NSCFNumber; value = 3.")
        #expect(context.insertedObjects.isEmpty)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let e3 = try #require(throws: ObjectGraphError.self) { try ann.setValue(.string("x"), forKey: "nope") }
        #expect(e3.message == "[<Customer Customer#1> valueForUndefinedKey:]: the entity Customer is not key value coding-compliant for the key \"nope\".")
        try context.delete(ann)
        let e4 = try #require(throws: ObjectGraphError.self) { try ann.setValue(.string("x"), forKey: "name") }
        #expect(e4.message == "Mutating a managed object Customer#1 <x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001> after it has been deleted from its context. (Ripple: Customer#1 was deleted in viewContext; bring it back with rollback() or the undo manager before saving, or stop using it)")
    }

    @Test("an observer's error is rethrown after every observer was told")
    func observerErrors() throws {
        struct Boom: Error {}
        let context = try makeContext()
        let first = RecordingObserver()
        first.failWith = Boom()
        let second = RecordingObserver()
        let t1 = context.addObserver(first)
        let t2 = context.addObserver(second)
        _ = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        #expect(throws: Boom.self) { try context.processPendingChanges() }
        #expect(second.lines == ["didChange inserted=Customer#1"])
        #expect(!context.hasPendingChanges)
        t1.cancel(); t2.cancel()
    }

    @Test("a model with a bad inverse is refused, naming entity and key")
    func badModel() throws {
        let a = EntityDescription(name: "A", relationships: [RelationshipDescription(name: "b", destination: "B", inverse: "nope")])
        let b = EntityDescription(name: "B")
        let error = try #require(throws: ObjectGraphError.self) { try ManagedObjectModel(entities: [a, b]) }
        #expect(error.message == "relationship 'b' of entity A names an inverse 'nope' that entity B does not have")
    }
}
