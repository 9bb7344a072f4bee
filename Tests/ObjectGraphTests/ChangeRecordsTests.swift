import Testing
@testable import ObjectGraph

/// Notifications carry slot records (`changes`); their `changedKeys` / `oldValues` views and the
/// one-object accessors give what the dictionaries gave, for a few objects (found by a scan) and for many
/// (found through the index), for updates, saves, merges of refreshed keys and dictionaries set by hand.
@Suite struct ChangeRecordsTests {
    final class Keeper: ContextObserver {
        var notes: [ObjectsDidChangeNotification] = []
        var saves: [ContextDidSaveNotification] = []
        func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws { notes.append(note) }
        func contextDidSave(_ note: ContextDidSaveNotification) throws { saves.append(note) }
    }

    @Test(arguments: [3, 40])
    func updatesAndSavesCarryRecords(count: Int) throws {
        let context = try makeContext()
        var customers: [ManagedObject] = []
        for i in 0..<count {
            customers.append(try context.insertObject(entityName: "Customer",
                                                      values: ["name": .string("c\(i)"), "age": .integer(Int64(i))]))
        }
        try context.save()
        let keeper = Keeper()
        let token = context.addObserver(keeper)
        defer { token.cancel() }
        for (i, c) in customers.enumerated() {
            try c.setValue(.string("n\(i)"), forKey: "name")
            if i % 2 == 0 { try c.setValue(.integer(99), forKey: "age") }
            try c.setValue(.string("m\(i)"), forKey: "name")   // the first old value stays
        }
        try context.processPendingChanges()
        let note = try #require(keeper.notes.last)
        #expect(note.changes.count == count)
        let keys = note.changedKeys
        let olds = note.oldValues
        for (i, c) in customers.enumerated() {
            let expected = i % 2 == 0 ? ["age", "name"] : ["name"]
            #expect(keys[c] == expected)
            #expect(note.changedKeys(of: c) == expected)
            var old: [String: Value] = ["name": .string("c\(i)")]
            if i % 2 == 0 { old["age"] = .integer(Int64(i)) }
            #expect(olds[c] == old)
            #expect(note.oldValues(of: c) == old)
            let record = try #require(note.propertyChanges(of: c))
            #expect(record.containsKey("name", in: c.entity))
            #expect(record.containsKey("age", in: c.entity) == (i % 2 == 0))
        }
        try context.save()
        let save = try #require(keeper.saves.last)
        #expect(save.changes.count == count)
        for (i, c) in customers.enumerated() {
            #expect(save.changedKeys(of: c) == (i % 2 == 0 ? ["age", "name"] : ["name"]))
            #expect(save.oldValues[c]?["name"] == .string("c\(i)"))
        }
    }

    @Test func dictionariesSetByHandReplaceTheRecords() throws {
        let context = try makeContext()
        let a = try context.insertObject(entityName: "Customer", values: ["name": .string("a")])
        try context.save()
        var note = ObjectsDidChangeNotification(context: context)
        note.updated = [a]
        note.changedKeys = [a: ["zeta", "name"]]
        #expect(note.changedKeys(of: a) == ["zeta", "name"])
        #expect(note.oldValues(of: a) == nil)
        #expect(note.propertyChanges(of: a)?.namedKeys == ["zeta", "name"])
        note.oldValues = [a: ["name": .string("x")]]
        #expect(note.oldValues[a] == ["name": .string("x")])
    }

    @Test func recordsMergeFirstOldValueAndNamedKeys() throws {
        let context = try makeContext()
        let entity = try #require(context.model.entity(named: "Customer"))
        let name = try #require(entity.slotNumber(named: "name"))
        let age = try #require(entity.slotNumber(named: "age"))
        var record = PropertyChanges()
        record.add(slot: name, old: .string("first"))
        record.add(slot: name, old: .string("second"))
        var other = PropertyChanges()
        other.add(slot: age, old: .integer(2))
        record.merge(other, entity: entity)
        record.add(key: "age", old: .integer(1), entity: entity)          // already by slot: ignored
        record.add(key: "name", old: .string("named"), entity: entity)    // already by slot: ignored
        record.add(key: "extra", old: .integer(5), entity: entity)        // no slot: by name
        #expect(record.keys(in: entity) == ["age", "extra", "name"])
        #expect(record.oldValueDictionary(in: entity)
                == ["name": .string("first"), "age": .integer(2), "extra": .integer(5)])
        #expect(record.contains(slot: age) && !record.hasHighSlots)
        #expect(record.oldValue(forKey: "name", in: entity) == .string("first"))
    }
}
