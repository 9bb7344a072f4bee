import SeededRandom
import Testing
@testable import ObjectGraph

/// The context's `inserted` and `pendingInserted` lists (``InsertionOrderedObjects``, issue 13 point 5)
/// against the hashed sets they replaced: the same members, and the object order those sets gave through
/// `sortedInObjectOrder()`, whatever the order of insertions and removals.
@Suite struct InsertionOrderedObjectsTests {
    func twoEntityModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(name: "B", attributes: [AttributeDescription(name: "x", type: .integer)]),
            EntityDescription(name: "A", attributes: [AttributeDescription(name: "x", type: .integer)]),
        ])
    }

    @Test("random insertions, removals and emptyings: the members and their object order are the set's", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func againstSets(seed: UInt64) throws {
        let model = try twoEntityModel()
        var random = SplitMix64(seed: seed)
        // Objects of both entities with scattered numbers, in a shuffled order.
        var objects: [ManagedObject] = []
        for n in 1...300 {
            let entity = model.entities[Int(random.next() % 2)]
            objects.append(ManagedObject(entity: entity, objectID: ManagedObjectID(entityName: entity.name, number: n * 3 + Int(random.next() % 3),
                                                                                   isTemporaryID: true), context: nil))
        }
        // Two lists at once, as a context has, so that their bits in one object must not interfere.
        var lists = [InsertionOrderedObjects.inserted(), InsertionOrderedObjects.pendingInserted()]
        var sets: [Set<ManagedObject>] = [[], []]
        var ascending = 0
        for step in 0..<4_000 {
            let k = Int(random.next() % 2)
            let roll = random.next() % 100
            if roll < 50 {
                // Mostly ascending appends (a bulk insert), sometimes any object (undo, a child's save).
                let object = roll < 35 ? objects[ascending % objects.count] : objects[Int(random.next() % UInt64(objects.count))]
                ascending += 1
                lists[k].insert(object)
                sets[k].insert(object)
            } else if roll < 90 {
                let object = objects[Int(random.next() % UInt64(objects.count))]
                lists[k].remove(object)
                sets[k].remove(object)
            } else if roll < 92 {
                lists[k].removeAll()
                sets[k].removeAll()
            }
            for j in 0..<2 {
                #expect(lists[j].count == sets[j].count, "step \(step)")
                #expect(lists[j].isEmpty == sets[j].isEmpty)
                #expect(Set(lists[j]) == sets[j], "step \(step): members")
                if step % 7 == 0 {
                    #expect(lists[j].objectsInObjectOrder().map(ObjectIdentifier.init)
                            == sets[j].sortedInObjectOrder().map(ObjectIdentifier.init), "step \(step): order")
                }
            }
            let probe = objects[Int(random.next() % UInt64(objects.count))]
            #expect(lists[k].contains(probe) == sets[k].contains(probe))
        }
        for j in 0..<2 { lists[j].removeAll() }
        #expect(objects.allSatisfy { $0.state.insertionListBits == 0 }, "emptied lists leave no bit behind")
    }

    @Test("a list in insertion order hands out its storage; an out-of-order list sorts once and stays sorted")
    func sortsOnce() throws {
        let model = try twoEntityModel()
        let a = model.entity(named: "A")!, b = model.entity(named: "B")!
        func object(_ entity: EntityDescription, _ n: Int) -> ManagedObject {
            ManagedObject(entity: entity, objectID: ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: true), context: nil)
        }
        var list = InsertionOrderedObjects.inserted()
        let bulk = (1...100).map { object(a, $0) }
        for o in bulk { list.insert(o) }
        #expect(list.objectsInObjectOrder().map(ObjectIdentifier.init) == bulk.map(ObjectIdentifier.init))
        // B sorts after A (entity index), whatever the insertion order; a removed and re-added object keeps
        // one entry.
        let late = object(b, 1)
        list.insert(late)
        let early = object(a, 101)
        list.insert(early)
        list.remove(bulk[10])
        list.insert(bulk[10])
        list.insert(bulk[10])
        let expected = bulk + [early, late]
        #expect(list.count == 102)
        #expect(list.objectsInObjectOrder().map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        #expect(list.objectsInObjectOrder().map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        #expect(Array(list).count == 102)
    }

    @Test("emptying after a save: one pass when the note's list is the list's own storage, the general path otherwise, with the same result")
    func removeAllVisiting() throws {
        let model = try twoEntityModel()
        let a = model.entity(named: "A")!
        func objects(_ range: ClosedRange<Int>) -> [ManagedObject] {
            range.map { ManagedObject(entity: a, objectID: ManagedObjectID(entityName: "A", number: $0, isTemporaryID: true), context: nil) }
        }
        // (1) the shared storage (the usual save), (2) the note's list changed since (a merged insert taken
        // out), (3) the list changed since (a member removed), (4) an out-of-order list sorted for the note.
        for variant in 1...4 {
            var list = InsertionOrderedObjects.inserted()
            let all = variant == 4 ? Array(objects(1...80).reversed()) : objects(1...80)
            for o in all { list.insert(o) }
            var note = list.objectsInObjectOrder()
            if variant == 2 { note.remove(at: 5) }
            if variant == 3 { list.remove(all[7]) }
            var visited: [ObjectIdentifier] = []
            list.removeAll(visiting: note) { visited.append(ObjectIdentifier($0)) }
            #expect(visited == note.map(ObjectIdentifier.init), "variant \(variant)")
            #expect(list.isEmpty && Array(list).isEmpty)
            #expect(all.allSatisfy { $0.state.insertionListBits == 0 }, "variant \(variant)")
        }
    }

    @Test("a context's inserted objects are its registered objects inserted and not deleted, through inserts, deletes, undo, rollback, saves and a child context",
          arguments: [11, 12, 13] as [UInt64])
    func contextBookkeeping(seed: UInt64) throws {
        let view = try makeContext(orderRule: .nullify)
        view.undoManager = UndoManager()
        var random = SplitMix64(seed: seed)
        final class Notes: ContextObserver {
            var inserted: [[ManagedObject]] = []
            var saved: [[ManagedObject]] = []
            func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws { inserted.append(note.inserted) }
            func contextDidSave(_ note: ContextDidSaveNotification) throws { saved.append(note.inserted) }
        }
        let recorder = Notes()
        let recorderToken = view.addObserver(recorder)
        defer { recorderToken.cancel() }
        func check(_ step: Int) {
            let expected = view.registeredObjects.filter { $0.state.isInserted && !$0.state.isDeleted }
            #expect(view.insertedObjects.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init), "step \(step)")
            #expect(view.hasChanges == (!expected.isEmpty || !view.updatedObjects.isEmpty || !view.deletedObjects.isEmpty))
        }
        for step in 0..<300 {
            let live = view.registeredObjects.filter { !$0.state.isDeleted }
            switch random.next() % 12 {
            case 0, 1, 2:
                // Several inserts, the two entities interleaved (insertion order is not object order).
                for _ in 0..<Int(random.next() % 6) {
                    if random.next() % 2 == 0 {
                        try view.insertObject(entityName: "Order", values: [("total", .double(Double(random.next() % 50)))])
                    } else {
                        try view.insertObject(entityName: "Customer", values: [("name", .string("c\(random.next() % 100)"))])
                    }
                }
            case 3, 4:
                if !live.isEmpty { try view.delete(live[Int(random.next() % UInt64(live.count))]) }
            case 5:
                try view.processPendingChanges()
            case 6:
                try view.processPendingChanges()   // closes the event's group first, as undo() would
                if view.undoManager!.canUndo { try view.undo() }
            case 7:
                try view.processPendingChanges()
                if view.undoManager!.canRedo { try view.redo() }
            case 8:
                try view.rollback()
            case 9:
                try view.save()
            case 10:
                // A child context inserts and saves into the view context.
                let child = ManagedObjectContext(parent: view, name: "child")
                for _ in 0..<Int(random.next() % 4) {
                    try child.insertObject(entityName: "Order", values: [("total", .double(1))])
                }
                try child.save()
            default:
                let customers = live.filter { $0.entity.name == "Customer" }
                if let c = customers.first { try c.setValue(.string("r\(step % 10)"), forKey: "name") }
            }
            check(step)
        }
        for list in recorder.inserted + recorder.saved {
            #expect(list.map(ObjectIdentifier.init) == list.sortedInObjectOrder().map(ObjectIdentifier.init), "notes list objects in object order")
            #expect(Set(list).count == list.count)
        }
    }

    @Test("inserted then deleted in one event: announced by nobody, forgotten; deleted in a later event: announced as deleted")
    func transientInsertions() throws {
        let view = try makeContext()
        let observer = RecordingObserver()
        let token = view.addObserver(observer)
        defer { token.cancel() }
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let bob = try view.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        let order = try view.insertObject(entityName: "Order", values: [:])
        try view.delete(bob)
        try view.processPendingChanges()
        #expect(observer.lines == ["didChange inserted=Customer#1,Order#1"])
        #expect(bob.managedObjectContext == nil)
        #expect(view.insertedObjects.map(\.displayName) == ["Customer#1", "Order#1"])
        try view.delete(ann)
        try view.processPendingChanges()
        #expect(observer.lines.last == "didChange deleted=Customer#1")
        #expect(view.insertedObjects.map(\.displayName) == ["Order#1"])
        try view.save()
        #expect(observer.lines.last == "didSave inserted=1 updated=0 deleted=0")
        #expect(!order.objectID.isTemporaryID && view.insertedObjects.isEmpty)
    }
}
