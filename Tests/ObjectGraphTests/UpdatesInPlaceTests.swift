import Foundation
import Testing
@testable import ObjectGraph

/// A save of edits into one in-memory store writes its rows in place (`writeUpdatesInPlace(to:)`): the same
/// scripts run on two containers, one of them with the in-place path turned off, must give identical
/// notifications (of the saving context and of a context that merges its saves), store rows, row versions
/// and object state; and the saves the in-place path must not take (inserts, deletions, uniqueness
/// constraints, conflicts, other stores, SQLite, history, transformables) take the general path.
@Suite struct UpdatesInPlaceTests {
    /// Customer (a transient attribute, a to-many relationship) ⟷ Order (a to-one), as `makeModel()`.
    final class World {
        let container: PersistentContainer
        let view: ManagedObjectContext
        let other: ManagedObjectContext
        let transcript = Transcript()
        var customers: [ManagedObject] = []
        var orders: [ManagedObject] = []
        var tokens: [ObservationToken] = []

        init(inPlace: Bool, customers c: Int = 4, orders o: Int = 6) throws {
            container = PersistentContainer(model: try makeModel())
            view = container.viewContext
            view.writesUpdatesInPlace = inPlace
            for i in 0..<c {
                customers.append(try view.insertObject(entityName: "Customer",
                                                       values: ["name": .string("c\(i)"), "age": .integer(Int64(20 + i))]))
            }
            for i in 0..<o {
                let order = try view.insertObject(entityName: "Order", values: ["total": .double(Double(i))])
                try order.setValue(.object(customers[i % c]), forKey: "customer")
                orders.append(order)
            }
            try view.save()
            // A second root context that has every object and merges each save automatically.
            other = container.newBackgroundContext()
            other.automaticallyMergesChangesFromParent = true
            try other.performAndWait {
                _ = try other.fetch(FetchRequest(entityName: "Customer"))
                _ = try other.fetch(FetchRequest(entityName: "Order"))
            }
            tokens.append(view.addObserver(Recorder(label: "view", transcript: transcript)))
            tokens.append(other.addObserver(Recorder(label: "other", transcript: transcript)))
        }

        /// Saves, lets the other context merge, and records both contexts and the store.
        func save() throws {
            do { try view.save() } catch { transcript.lines.append("save failed: \(error)") }
            try other.runQueuedBlocks()
            try other.performAndWait { try other.processPendingChanges() }
            transcript.lines.append(contentsOf: storeLines())
            for object in customers + orders {
                transcript.lines.append("\(object.displayName) v\(object.state.snapshotVersion) changes=\(object.hasChanges) "
                    + describe(object.changedValues()))
            }
            try other.performAndWait {
                for object in other.registeredObjects {
                    transcript.lines.append("other \(object.displayName) v\(object.state.snapshotVersion) "
                        + describe(try values(of: object)))
                }
            }
        }

        func storeLines() -> [String] {
            let store = container.persistentStoreCoordinator.persistentStores[0]
            var lines: [String] = []
            for entity in ["Customer", "Order"] {
                for id in store.objectIDs(entityName: entity) {
                    guard let row = store.row(for: id) else { continue }
                    lines.append("row \(id.displayName) v\(row.version) \(row.attributes) "
                        + "\(row.toOne.map { $0?.displayName ?? "-" }) \(row.toMany.map { $0.map(\.displayName) })")
                }
            }
            return lines
        }

        func values(of object: ManagedObject) throws -> [String: Value] {
            var result: [String: Value] = [:]
            for attribute in object.entity.attributes { result[attribute.name] = try object.value(forKey: attribute.name) }
            return result
        }
    }

    final class Transcript { var lines: [String] = [] }

    /// Writes every notification with its lists, per-object records and dictionary views.
    final class Recorder: ContextObserver {
        let label: String
        let transcript: Transcript
        init(label: String, transcript: Transcript) {
            self.label = label
            self.transcript = transcript
        }

        func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws {
            var line = "\(label) didChange"
            for (name, list) in [("inserted", note.inserted), ("updated", note.updated), ("deleted", note.deleted),
                                 ("refreshed", note.refreshed)] where !list.isEmpty {
                line += " \(name)=" + list.map { o in
                    "\(o.displayName)\(note.changedKeys(of: o) ?? [])\(describe(note.oldValues(of: o) ?? [:]))"
                }.joined(separator: ",")
            }
            line += " keys=\(note.changedKeys.count) olds=\(note.oldValues.count)"
            transcript.lines.append(line)
        }

        func contextDidSave(_ note: ContextDidSaveNotification) throws {
            var line = "\(label) didSave"
            for (name, list) in [("inserted", note.inserted), ("updated", note.updated), ("deleted", note.deleted)] {
                line += " \(name)=" + list.map { o in
                    "\(o.displayName)\(note.changedKeys(of: o) ?? [])\(describe(note.oldValues(of: o) ?? [:]))"
                        + "\(note.propertyChanges(of: o)?.slots ?? [])"
                }.joined(separator: ",")
            }
            let keys = note.changedKeys.map { "\($0.key.displayName)\($0.value)" }.sorted()
            let olds = note.oldValues.map { "\($0.key.displayName)\(describe($0.value))" }.sorted()
            line += " keys=\(keys) olds=\(olds)"
            let ids = SavedObjectIDs(note)
            line += " ids=\(ids.updated.map(\.displayName)) \(ids.changedKeys.map { "\($0.key.displayName)\($0.value)" }.sorted())"
            transcript.lines.append(line)
        }
    }

    /// A seeded script of edits (attributes, a transient one, relationships, values set back to what was
    /// saved), with now and then an insert or a deletion (which both worlds save on the general path).
    static func run(seed: UInt64, inPlace: Bool) throws -> (lines: [String], inPlaceSaves: Int) {
        let world = try World(inPlace: inPlace)
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for step in 0..<30 {
            let live = world.customers.filter { $0.managedObjectContext != nil }
            let liveOrders = world.orders.filter { $0.managedObjectContext != nil }
            for _ in 0..<(1 + next(3)) {
                switch next(7) {
                case 0, 1: try live[next(live.count)].setValue(.string("n\(next(5))"), forKey: "name")
                case 2: try live[next(live.count)].setValue(next(4) == 0 ? .null : .integer(Int64(next(3))), forKey: "age")
                case 3: try live[next(live.count)].setValue(.string("t\(next(3))"), forKey: "note")  // transient
                case 4: try liveOrders[next(liveOrders.count)].setValue(.double(Double(next(4))), forKey: "total")
                case 5: try liveOrders[next(liveOrders.count)].setValue(.object(live[next(live.count)]), forKey: "customer")
                default:
                    // Back to the saved value: an update whose saved record is empty.
                    let object = live[next(live.count)]
                    if let saved = try object.committedValues(forKeys: ["name"])["name"] { try object.setValue(saved, forKey: "name") }
                }
            }
            if step % 9 == 4 {
                world.orders.append(try world.view.insertObject(entityName: "Order", values: ["total": .double(1)]))
            } else if step % 11 == 6, liveOrders.count > 3 {
                try world.view.delete(liveOrders[next(liveOrders.count)])
            }
            try world.view.processPendingChanges()
            try world.save()
        }
        return (world.transcript.lines, world.view.savesWrittenInPlace)
    }

    @Test("in place and general: identical notifications, merges, rows, versions and state", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func sameResults(seed: UInt64) throws {
        let fast = try Self.run(seed: seed, inPlace: true)
        let general = try Self.run(seed: seed, inPlace: false)
        #expect(fast.inPlaceSaves > 20)   // most of the 30 saves are edits only
        #expect(general.inPlaceSaves == 0)
        #expect(fast.lines.count == general.lines.count)
        for (a, b) in zip(fast.lines, general.lines) where a != b {
            Issue.record("in place: \(a)\ngeneral:  \(b)")
            break
        }
    }

    @Test("the version of each row goes up by one per save that writes it, as on the general path")
    func versions() throws {
        let world = try World(inPlace: true)
        let ann = world.customers[0]
        let store = world.container.persistentStoreCoordinator.persistentStores[0]
        #expect(store.row(for: ann.objectID)?.version == 1)
        for i in 1...3 {
            try ann.setValue(.string("ann\(i)"), forKey: "name")
            try world.view.save()
            #expect(store.row(for: ann.objectID)?.version == 1 + i)
            #expect(ann.state.snapshotVersion == 1 + i)
            #expect(store.row(for: ann.objectID)?.attributes[0] == .string("ann\(i)"))
        }
        // A transient attribute is not saved: the row keeps null for it.
        try ann.setValue(.string("scratch"), forKey: "note")
        try world.view.save()
        #expect(store.row(for: ann.objectID)?.attributes[2] == .null)
        #expect(world.view.savesWrittenInPlace == 4)
    }

    /// Changes an object in `view` and saves; returns the saves written in place.
    private func saveOne(_ view: ManagedObjectContext, _ object: ManagedObject, name: String) throws -> Int {
        let before = view.savesWrittenInPlace
        try object.setValue(.string(name), forKey: "name")
        try view.save()
        return view.savesWrittenInPlace - before
    }

    @Test("not taken: a save with an inserted or a deleted object")
    func notWithInsertsOrDeletes() throws {
        let world = try World(inPlace: true)
        let view = world.view
        try world.customers[0].setValue(.string("x"), forKey: "name")
        let new = try view.insertObject(entityName: "Customer", values: ["name": .string("new")])
        try view.save()
        #expect(view.savesWrittenInPlace == 0)
        #expect(!new.objectID.isTemporaryID && new.state.snapshotVersion == 1)
        try world.customers[1].setValue(.string("y"), forKey: "name")
        try view.delete(world.orders[0])
        try view.save()
        #expect(view.savesWrittenInPlace == 0)
        #expect(view.persistentStoreCoordinator.row(for: world.orders[0].objectID) == nil)
        #expect(try saveOne(view, world.customers[2], name: "z") == 1)
    }

    @Test("not taken with uniqueness constraints: renaming onto a taken name still fails with 133021")
    func notWithConstraints() throws {
        let tag = EntityDescription(name: "Tag", attributes: [AttributeDescription(name: "name", type: .string)],
                                    uniquenessConstraints: [["name"]])
        let container = PersistentContainer(model: try ManagedObjectModel(entities: [tag]))
        let view = container.viewContext
        _ = try view.insertObject(entityName: "Tag", values: ["name": .string("swift")])
        let lua = try view.insertObject(entityName: "Tag", values: ["name": .string("lua")])
        try view.save()
        try lua.setValue(.string("swift"), forKey: "name")
        // Written in place, the rename would be accepted and the store would hold two "swift" rows.
        let error = try #require(throws: ObjectGraphError.self) { try view.save() }
        #expect(error.code == 133021)
        #expect(view.savesWrittenInPlace == 0)
        #expect(view.persistentStoreCoordinator.row(for: lua.objectID)?.attributes[0] == .string("lua"))
        #expect(view.persistentStoreCoordinator.row(for: lua.objectID)?.version == 1)
        #expect(view.hasChanges)
    }

    @Test("not taken when the row changed since it was loaded: the merge policy decides", arguments: [
        MergePolicy.error, .mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump, .overwrite, .rollback,
    ])
    func notOnConflict(_ policy: MergePolicy) throws {
        func conflict(inPlace: Bool) throws -> [String] {
            let world = try World(inPlace: inPlace)
            let ann = world.customers[0]
            try world.other.performAndWait {
                let mine = try world.other.existingObject(with: ann.objectID)
                try mine.setValue(.integer(99), forKey: "age")
                try world.other.save()
            }
            world.view.mergePolicy = policy
            try ann.setValue(.string("anna"), forKey: "name")
            var lines: [String] = []
            do { try world.view.save() } catch { lines.append("error \((error as? ObjectGraphError)?.code ?? 0)") }
            #expect(world.view.savesWrittenInPlace == 0)
            lines += world.storeLines()
            lines.append("\(try ann.value(forKey: "name")) \(try ann.value(forKey: "age")) v\(ann.state.snapshotVersion)")
            return lines + world.transcript.lines
        }
        let a = try conflict(inPlace: true)
        let b = try conflict(inPlace: false)
        #expect(a == b)
        if policy == .error { #expect(a.first == "error 133020") }
    }

    @Test("several edits, the last row changed elsewhere: nothing is written in place, the error policy refuses all")
    func notWhenOneOfSeveralConflicts() throws {
        let world = try World(inPlace: true)
        let (first, last) = (world.customers[0], world.customers[3])
        try world.other.performAndWait {
            try world.other.existingObject(with: last.objectID).setValue(.integer(99), forKey: "age")
            try world.other.save()
        }
        try first.setValue(.string("first"), forKey: "name")
        try last.setValue(.string("last"), forKey: "name")
        let error = try #require(throws: ObjectGraphError.self) { try world.view.save() }
        #expect(error.code == 133020)
        #expect(world.view.savesWrittenInPlace == 0)
        let coordinator = world.container.persistentStoreCoordinator
        #expect(coordinator.row(for: first.objectID)?.version == 1)
        #expect(coordinator.row(for: first.objectID)?.attributes[0] == .string("c0"))
        #expect(coordinator.row(for: last.objectID)?.version == 2)
        #expect(first.state.snapshotVersion == 1 && world.view.hasChanges)
    }

    @Test("not taken when the row was deleted since it was loaded")
    func notWhenRowDeleted() throws {
        let world = try World(inPlace: true)
        let order = world.orders[0]
        try world.other.performAndWait {
            try world.other.delete(try world.other.existingObject(with: order.objectID))
            try world.other.save()
        }
        world.view.mergePolicy = .overwrite
        try order.setValue(.double(7), forKey: "total")
        try world.view.save()
        #expect(world.view.savesWrittenInPlace == 0)
        // Overwrite writes the row again, as a new version 1.
        #expect(world.view.persistentStoreCoordinator.row(for: order.objectID)?.version == 1)
    }

    @Test("not taken with two stores")
    func notWithTwoStores() throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try makeModel())
        let first = PersistentStore(), second = PersistentStore(identifier: "second")
        coordinator.addPersistentStore(first)
        coordinator.addPersistentStore(second)
        let view = ManagedObjectContext(coordinator: coordinator, name: "viewContext")
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("ann")])
        try view.save()
        #expect(try saveOne(view, ann, name: "anna") == 0)
        #expect(first.row(for: ann.objectID)?.version == 2)
        #expect(second.row(for: ann.objectID) == nil)
    }

    @Test("not taken with persistent history: the update is recorded")
    func notWithHistory() throws {
        let container = PersistentContainer(model: try makeModel())
        let store = container.persistentStoreCoordinator.persistentStores[0]
        store.persistentHistoryTracking = true
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("ann")])
        try view.save()
        let before = store.history?.transactions.count ?? 0
        #expect(try saveOne(view, ann, name: "anna") == 0)
        #expect(store.history?.transactions.count == before + 1)
    }

    @Test("not taken for a SQLite store: the file's Z_OPT goes up by one")
    func notForSQLite() throws {
        let path = NSTemporaryDirectory() + "updates-in-place-\(UInt64.random(in: 0...UInt64.max)).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let model = try makeModel()
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        coordinator.addPersistentStore(try PersistentStore(sqlitePath: path, model: model))
        let view = ManagedObjectContext(coordinator: coordinator, name: "viewContext")
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("ann")])
        try view.save()
        #expect(try saveOne(view, ann, name: "anna") == 0)
        let reopened = try PersistentStore(sqlitePath: path, model: model)
        #expect(reopened.row(for: ann.objectID)?.version == 2)
        #expect(reopened.row(for: ann.objectID)?.attributes[0] == .string("anna"))
    }

    @Test("not taken with a transformable attribute in the model")
    func notWithTransformables() throws {
        let entity = EntityDescription(name: "Doc", attributes: [
            AttributeDescription(name: "title", type: .string),
            AttributeDescription(name: "blob", type: .transformable, isOptional: true),
        ])
        let container = PersistentContainer(model: try ManagedObjectModel(entities: [entity]))
        let view = container.viewContext
        let doc = try view.insertObject(entityName: "Doc", values: ["title": .string("a")])
        try view.save()
        try doc.setValue(.string("b"), forKey: "title")
        try view.save()
        #expect(view.savesWrittenInPlace == 0)
        #expect(view.persistentStoreCoordinator.row(for: doc.objectID)?.version == 2)
    }

    @Test("a child's save reaches the parent as before; the parent's save of the edit is written in place")
    func childThenParent() throws {
        let container = PersistentContainer(model: try makeModel())
        let view = container.viewContext
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("ann")])
        try view.save()
        let child = ManagedObjectContext(parent: view, concurrencyType: .mainQueue, name: "child")
        let mine = try child.existingObject(with: ann.objectID)
        try mine.setValue(.string("anna"), forKey: "name")
        try child.save()
        #expect(child.savesWrittenInPlace == 0)
        #expect(try ann.value(forKey: "name") == .string("anna"))
        try view.save()
        #expect(view.savesWrittenInPlace == 1)
        #expect(container.persistentStoreCoordinator.row(for: ann.objectID)?.version == 2)
    }
}

private func describe(_ values: [String: Value]) -> String {
    values.isEmpty ? "" : "{" + values.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",") + "}"
}
