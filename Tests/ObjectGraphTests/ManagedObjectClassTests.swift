import Testing
@testable import ObjectGraph

/// A managed-object class written in Swift that records every call, optionally changing or failing.
final class RecordingClass: ManagedObjectClass {
    var calls: [String] = []
    var implemented: Set<ManagedObjectCallback> = Set(ManagedObjectCallback.allCases)
    var failing: ManagedObjectCallback?
    var onWillSave: ((ManagedObject) throws -> Void)?
    var nameRule: ((Value) -> ValidationFailure?)?
    var updateRule: ((ManagedObject) -> ValidationFailure?)?

    struct Failure: Error, Equatable { let callback: String }

    func implements(_ callback: ManagedObjectCallback) -> Bool { implemented.contains(callback) }

    func run(_ callback: ManagedObjectCallback, on object: ManagedObject) throws {
        calls.append("\(callback.rawValue) \(object.displayName)")
        if callback == failing { throw Failure(callback: callback.rawValue) }
        if callback == .willSave { try onWillSave?(object) }
    }

    func validatesValue(forKey key: String) -> Bool { key == "name" && nameRule != nil }

    func validateValue(_ value: Value, forKey key: String, of object: ManagedObject) throws -> ValidationFailure? {
        nameRule?(value)
    }

    func validate(_ object: ManagedObject, for operation: ValidationOperation) throws -> ValidationFailure? {
        operation == .update ? updateRule?(object) : nil
    }

    func take() -> [String] {
        defer { calls = [] }
        return calls
    }
}

/// The context calls an entity's ``ManagedObjectClass`` at Core Data's moments.
@Suite struct ManagedObjectClassTests {
    func setUp() throws -> (ManagedObjectContext, RecordingClass) {
        let context = try makeContext()
        let cls = RecordingClass()
        context.model.entity(named: "Customer")!.managedObjectClass = cls
        return (context, cls)
    }

    @Test func insertSaveChangeDeleteSave() throws {
        let (context, cls) = try setUp()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        _ = try context.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        #expect(cls.take() == ["awakeFromInsert Customer#1"])
        try context.save()
        #expect(cls.take() == ["willSave Customer#1", "didSave Customer#1"])
        try ann.setValue(.string("Anna"), forKey: "name")
        try context.save()
        #expect(cls.take() == ["willSave Customer#1", "didSave Customer#1"])
        try context.delete(ann)
        try context.processPendingChanges()
        #expect(cls.take() == ["prepareForDeletion Customer#1"])
        try context.save()
        #expect(cls.take() == ["willSave Customer#1", "didSave Customer#1", "willTurnIntoFault Customer#1",
                               "didTurnIntoFault Customer#1"])
    }

    @Test func awakeFromInsertSeesDefaultsBeforeTheGivenValues() throws {
        let (context, cls) = try setUp()
        var seen: Value?
        cls.implemented = [.awakeFromInsert]
        final class Peek: ManagedObjectClass {
            let body: (ManagedObject) throws -> Void
            init(_ body: @escaping (ManagedObject) throws -> Void) { self.body = body }
            func implements(_ callback: ManagedObjectCallback) -> Bool { callback == .awakeFromInsert }
            func run(_ callback: ManagedObjectCallback, on object: ManagedObject) throws { try body(object) }
        }
        context.model.entity(named: "Customer")!.managedObjectClass = Peek { object in
            seen = try object.value(forKey: "name")
            try object.setValue(.integer(7), forKey: "age")
        }
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann"), "age": .integer(3)])
        #expect(seen == .null)
        #expect(try ann.value(forKey: "age") == .integer(3))
        let bob = try context.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        #expect(try bob.value(forKey: "age") == .integer(7))
    }

    @Test func faultsRefreshAndReset() throws {
        let (context, cls) = try setUp()
        _ = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try context.save()
        cls.calls = []
        let other = ManagedObjectContext(coordinator: context.persistentStoreCoordinator, name: "other")
        let mine = try other.fetch(FetchRequest(entityName: "Customer"))[0]
        #expect(cls.take() == [])
        #expect(try mine.value(forKey: "name") == .string("Ann"))
        #expect(cls.take() == ["awakeFromFetch Customer#1"])
        try other.refresh(mine, mergeChanges: false)
        #expect(cls.take() == ["willTurnIntoFault Customer#1", "didTurnIntoFault Customer#1"])
        #expect(mine.isFault)
        try other.refresh(mine, mergeChanges: false)   // already a fault
        #expect(cls.take() == [])
        _ = try mine.value(forKey: "name")
        try other.reset()
        #expect(cls.take() == ["awakeFromFetch Customer#1", "willTurnIntoFault Customer#1", "didTurnIntoFault Customer#1"])
    }

    @Test func willSaveChangesAreSavedAndRepeatedUntilQuiet() throws {
        let (context, cls) = try setUp()
        cls.implemented = [.willSave]
        cls.onWillSave = { object in
            if try object.value(forKey: "age") == .null { try object.setValue(.integer(1), forKey: "age") }
        }
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try context.save()
        #expect(cls.take() == ["willSave Customer#1", "willSave Customer#1"])
        #expect(!context.hasChanges)
        #expect(try ann.committedValues(forKeys: ["age"]) == ["age": .integer(1)])
    }

    @Test func aWillSaveThatNeverSettlesIsStopped() throws {
        let (context, cls) = try setUp()
        cls.implemented = [.willSave]
        cls.onWillSave = { object in try object.setValue(.integer(1), forKey: "age") }
        _ = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        #expect(throws: ObjectGraphError.self) { try context.save() }
        #expect(cls.calls.count == ManagedObjectContext.dirtyAttemptLimit)
        #expect(context.hasChanges)
        #expect(context.persistentStoreCoordinator.objectIDs(entityName: "Customer").isEmpty)
    }

    @Test func callbackFailuresLeaveTheContextConsistent() throws {
        let (context, cls) = try setUp()
        cls.failing = .awakeFromInsert
        #expect(throws: RecordingClass.Failure(callback: "awakeFromInsert")) {
            try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        }
        #expect(context.insertedObjects.count == 1)
        cls.failing = .willSave
        #expect(throws: RecordingClass.Failure(callback: "willSave")) { try context.save() }
        #expect(context.hasChanges)
        cls.failing = .didSave
        #expect(throws: RecordingClass.Failure(callback: "didSave")) { try context.save() }
        #expect(!context.hasChanges)
        cls.failing = .prepareForDeletion
        try context.delete(context.registeredObjects[0])
        #expect(throws: RecordingClass.Failure(callback: "prepareForDeletion")) { try context.processPendingChanges() }
        #expect(context.deletedObjects.count == 1)
        #expect(!context.hasPendingChanges)
    }

    @Test func classValidationJoinsTheModelsErrors() throws {
        let (context, cls) = try setUp()
        cls.implemented = []
        cls.nameRule = { value in value == .string("x") ? ValidationFailure("name must not be x") : nil }
        cls.updateRule = { _ in ValidationFailure("no updates", code: 2000) }
        _ = try context.insertObject(entityName: "Customer", values: ["name": .string("x"), "age": .integer(-1)])
        do {
            try context.save()
            Issue.record("the save should fail")
        } catch let error as ObjectGraphError {
            #expect(error.code == 1560)
            #expect(error.detailedErrors.map(\.code) == [1620, 1550])
            #expect(error.detailedErrors[1].message
                == #"Error Domain=NSCocoaErrorDomain Code=1550 "name must not be x" UserInfo={NSValidationErrorObject=Customer#1, NSValidationErrorKey=name, NSValidationErrorValue="x"}"#)
        }
        let ann = context.insertedObjects[0]
        try ann.setValue(.string("Ann"), forKey: "name")
        try ann.setValue(.integer(1), forKey: "age")
        try context.save()
        try ann.setValue(.integer(2), forKey: "age")
        #expect(throws: ObjectGraphError.self) { try context.save() }
        do { try context.save() } catch let error as ObjectGraphError {
            #expect(error.message == #"Error Domain=NSCocoaErrorDomain Code=2000 "no updates" UserInfo={NSValidationErrorObject=Customer#1}"#)
        }
    }
}
