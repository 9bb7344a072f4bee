@testable import FetchedResults
import ObjectGraph
import Testing

@Suite struct FetchedResultsControllerTests {
    @Test("init requires sort descriptors")
    func requiresSortDescriptors() throws {
        let context = try makeContext()
        #expect(throws: FetchedResultsError.self) {
            _ = try FetchedResultsController(fetchRequest: FetchRequest(entityName: "Customer"), managedObjectContext: context)
        }
        do {
            _ = try FetchedResultsController(fetchRequest: FetchRequest(entityName: "Customer"), managedObjectContext: context)
        } catch let error as FetchedResultsError {
            #expect(error.message == "An instance of NSFetchedResultsController requires a fetch request with sort descriptors")
        }
    }

    @Test("fetchedObjects is nil before performFetch; sections follow Core Data's rules")
    func fetchBasics() throws {
        let context = try makeContext()
        var request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "name")])
        let plain = try FetchedResultsController(fetchRequest: request, managedObjectContext: context)
        #expect(plain.fetchedObjects == nil)
        try plain.performFetch()
        #expect(plain.sections?.count == 1)
        #expect(plain.sections?[0].numberOfObjects == 0)
        request.entityName = "Customer"
        let sectioned = try FetchedResultsController(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "initial")
        try sectioned.performFetch()
        #expect(sectioned.sections?.count == 0)
        for n in ["Bob", "Ann", "Bea", "Cy"] { try insert(context, n) }
        try sectioned.performFetch()
        #expect(names(sectioned) == ["Ann", "Bea", "Bob", "Cy"])
        #expect(sectioned.sections!.map(\.name) == ["A", "B", "C"])
        #expect(sectioned.sections!.map(\.numberOfObjects) == [1, 2, 1])
        #expect(try sectioned.sectionIndexTitles == ["A", "B", "C"])
        #expect(try sectioned.section(forSectionIndexTitle: "B", at: 1) == 1)
        let bob = try sectioned.object(at: IndexPath(section: 1, item: 1))
        #expect(bob.displayName == "Customer#1")
        #expect(sectioned.indexPath(forObject: bob) == IndexPath(section: 1, item: 1))
        #expect("\(IndexPath(section: 1, item: 1))" == "[1, 1]")
        #expect(throws: FetchedResultsError.self) { try sectioned.object(at: IndexPath(section: 1, item: 2)) }
    }

    @Test("update of a non-sort key is an update with old and new path")
    func updateNonSortKey() throws {
        let context = try makeContext()
        for n in ["Ann", "Bob", "Cy"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        let c = try makeController(context, delegate: r)
        let bob = try c.object(at: IndexPath(section: 0, item: 1))
        try set(bob, "age", .integer(40))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#2 update [0, 1] -> [0, 1]", "did"])
        // Same value: still an update.
        try set(bob, "age", .integer(40))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#2 update [0, 1] -> [0, 1]", "did"])
    }

    @Test("a sort-key change that moves, and one that does not (update)")
    func sortKeyChanges() throws {
        let context = try makeContext()
        for n in ["Ann", "Bob", "Cy", "Dee"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        let c = try makeController(context, delegate: r)
        let ann = try c.object(at: IndexPath(section: 0, item: 0))
        try set(ann, "name", .string("Ed"))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#1 move [0, 0] -> [0, 3]", "did"])
        #expect(names(c) == ["Bob", "Cy", "Dee", "Ed"])
        let cy = try c.object(at: IndexPath(section: 0, item: 1))
        try set(cy, "name", .string("Cz"))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#3 update [0, 1] -> [0, 1]", "did"])
    }

    @Test("an insert at the front reports one insert, no moves for shifted rows")
    func insertAtFront() throws {
        let context = try makeContext()
        for n in ["Bob", "Cy"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        let c = try makeController(context, delegate: r)
        try insert(context, "Al")
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#3 insert -> [0, 0]", "did"])
        #expect(names(c) == ["Al", "Bob", "Cy"])
    }

    @Test("an object leaving and re-entering the predicate")
    func predicateLeaveAndEnter() throws {
        let context = try makeContext()
        for n in ["Ann", "Bob", "Cy"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        let c = try makeController(context, predicate: "active == YES", delegate: r)
        let bob = try c.object(at: IndexPath(section: 0, item: 1))
        try set(bob, "active", .bool(false))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#2 delete [0, 1]", "did"])
        try set(bob, "active", .bool(true))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#2 insert -> [0, 1]", "did"])
        #expect(names(c) == ["Ann", "Bob", "Cy"])
    }

    @Test("a move into a new section and out of an emptied one in one batch")
    func sectionMove() throws {
        let context = try makeContext()
        for n in ["Ann", "Bob", "Cy"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        let c = try makeController(context, section: "initial", delegate: r)
        let bob = try c.object(at: IndexPath(section: 1, item: 0))
        try set(bob, "name", .string("Dan"))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "section delete B 1", "section insert D 2", "Customer#2 move [1, 0] -> [2, 0]", "did"])
        #expect(c.sections!.map(\.name) == ["A", "C", "D"])
    }

    @Test("fetchLimit holds after an insert: the last row leaves")
    func fetchLimit() throws {
        let context = try makeContext()
        for n in ["Bob", "Cy", "Dee"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        let c = try makeController(context, limit: 2, delegate: r)
        #expect(names(c) == ["Bob", "Cy"])
        try insert(context, "Al")
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#2 delete [0, 1]", "Customer#4 insert -> [0, 0]", "did"])
        #expect(names(c) == ["Al", "Bob"])
    }

    @Test("delete and reset")
    func deleteAndReset() throws {
        let context = try makeContext()
        for n in ["Ann", "Bob"] { try insert(context, n) }
        try context.save()
        let r = Recorder()
        let c = try makeController(context, delegate: r)
        try context.delete(try c.object(at: IndexPath(section: 0, item: 0)))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Customer#1 delete [0, 0]", "did"])
        try context.reset()
        #expect(r.take() == [])
        #expect(c.fetchedObjects?.isEmpty == true)
        #expect(c.sections?.isEmpty == true)
        try c.performFetch()
        #expect(names(c) == ["Ann", "Bob"])   // the unsaved delete was discarded by the reset
    }

    @Test("snapshot variant replaces the others and follows performFetch")
    func snapshotVariant() throws {
        let context = try makeContext()
        for n in ["Ann", "Bob"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        r.callbacks = [.snapshot, .willChangeContent, .didChangeContent]
        let c = try makeController(context, section: "initial", delegate: r)
        #expect(r.take() == ["snapshot A: Customer#1; B: Customer#2 reload []"])
        try set(try c.object(at: IndexPath(section: 0, item: 0)), "age", .integer(1))
        try context.processPendingChanges()
        #expect(r.take() == ["snapshot A: Customer#1; B: Customer#2 reload [\"Customer#1\"]"])
    }

    @Test("difference variant: offsets of object IDs, moves associated")
    func differenceVariant() throws {
        let context = try makeContext()
        for n in ["Ann", "Bob", "Cy"] { try insert(context, n) }
        try context.processPendingChanges()
        let r = Recorder()
        r.callbacks = [.difference, .didChangeContent]
        let c = try makeController(context, delegate: r)
        try set(try c.object(at: IndexPath(section: 0, item: 0)), "name", .string("Dee"))
        try insert(context, "Al")
        try context.processPendingChanges()
        #expect(r.take() == ["remove 0 Customer#1 ->3", "insert 0 Customer#4", "insert 3 Customer#1 <-0"])
    }

    @Test("mutating the request of a cached controller fails")
    func cacheMutation() throws {
        let context = try makeContext()
        try insert(context, "Ann")
        let r = Recorder()
        let c = try makeController(context, cacheName: "test-cache-mutation", delegate: r)
        c.fetchRequest.predicate = try Predicate(format: "age > 3")
        do {
            try c.performFetch()
            Issue.record("expected a cache error")
        } catch let error as FetchedResultsError {
            #expect(error.message.hasPrefix("CoreData: FATAL ERROR: The persistent cache of section information does not match the current configuration.  You have illegally mutated"))
        }
        FetchedResultsController.deleteCache(withName: "test-cache-mutation")
        try c.performFetch()
    }

    @Test("objects out of order for the section key: 134060")
    func outOfOrderSections() throws {
        let context = try makeContext()
        try insert(context, "Ann", age: 1)
        try insert(context, "Bob", age: 2)
        try insert(context, "Amy", age: 3)
        let r = Recorder()
        do {
            _ = try makeController(context, sort: [SortDescriptor(key: "age")], section: "initial", delegate: r)
            Issue.record("expected 134060")
        } catch let error as FetchedResultsError {
            #expect(error.code == 134060)
            #expect(error.message == "The fetched object at index 2 has an out of order section name 'A'. Objects must be sorted by section name")
        }
    }

    @Test("related-object changes do not re-sort unless tracked")
    func relationshipKeyPaths() throws {
        let context = try makeContext()
        let ann = try insert(context, "Ann"), bob = try insert(context, "Bob")
        let o1 = try context.insertObject(entityName: "Order", values: [("customer", .object(ann))])
        let o2 = try context.insertObject(entityName: "Order", values: [("customer", .object(bob))])
        try context.processPendingChanges()
        var request = FetchRequest(entityName: "Order", sortDescriptors: [SortDescriptor(key: "customer.name")])
        request.predicate = nil
        let r = Recorder()
        let c = try FetchedResultsController(fetchRequest: request, managedObjectContext: context)
        c.delegate = r
        try c.performFetch()
        #expect(c.fetchedObjects! == [o1, o2])
        try set(ann, "name", .string("Zed"))
        try context.processPendingChanges()
        #expect(r.take() == [])
        #expect(c.fetchedObjects! == [o1, o2])
        c.tracksRelationshipKeyPaths = true
        c.checksInvariants = true
        try set(bob, "name", .string("Abe"))
        try context.processPendingChanges()
        #expect(r.take() == ["will", "Order#2 move [0, 1] -> [0, 0]", "did"])
    }

    @Test("a failing delegate: state is updated, the error is Core Data's log line")
    func delegateFailure() throws {
        let context = try makeContext()
        try insert(context, "Ann")
        try context.processPendingChanges()
        let r = Recorder()
        r.failOn = "insert"
        let c = try makeController(context, delegate: r)
        try insert(context, "Bob")
        do {
            try context.processPendingChanges()
            Issue.record("expected an error")
        } catch let error as FetchedResultsError {
            #expect(error.message == "CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:.  boom with userInfo (null)")
        }
        #expect(names(c) == ["Ann", "Bob"])
    }
}
