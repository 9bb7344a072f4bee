import Testing
@testable import ObjectGraph

/// The did-save note's changed keys and old values: the one-pass form for an entity without relationships
/// (`savedChanges(of:)`) must give exactly what the general path gives (`changedValues` keys, sorted, and
/// `committedValues(forKeys:)`), for every mix of changed, reverted, null, NaN and transient attributes.
@Suite struct SaveChangesTests {
    static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(name: "Item", attributes: [
                AttributeDescription(name: "zeta", type: .string, isOptional: true),
                AttributeDescription(name: "alpha", type: .integer, isOptional: true),
                AttributeDescription(name: "mid", type: .double, isOptional: true),
                AttributeDescription(name: "scratch", type: .string, isOptional: true, isTransient: true),
                AttributeDescription(name: "Beta", type: .boolean, isOptional: true),
            ]),
        ])
    }

    @Test("one-pass saved changes equal the general path", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func onePassMatchesGeneral(seed: UInt64) throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try Self.model())
        coordinator.addPersistentStore(PersistentStore())
        let context = ManagedObjectContext(coordinator: coordinator)
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ n: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 33) % n
        }
        let values: [String: [Value]] = [
            "zeta": [.null, .string("a"), .string("b")],
            "alpha": [.null, .integer(1), .integer(2)],
            "mid": [.null, .double(0), .double(-0.0), .double(.nan), .double(1.5)],
            "scratch": [.null, .string("x"), .string("y")],
            "Beta": [.null, .bool(true), .bool(false)],
        ]
        let keys = values.keys.sorted()
        var objects: [ManagedObject] = []
        for _ in 0..<6 { objects.append(try context.insertObject(entityName: "Item")) }
        // An inserted object (general path in both).
        for object in objects {
            #expect(same(ManagedObjectContext.savedChanges(of: object), ManagedObjectContext.generalSavedChanges(of: object)))
        }
        try context.save()
        for _ in 0..<40 {
            for _ in 0..<Int(next(6)) {
                let object = objects[Int(next(UInt64(objects.count)))]
                let key = keys[Int(next(UInt64(keys.count)))]
                let choices = values[key]!
                try object.setValue(choices[Int(next(UInt64(choices.count)))], forKey: key)
            }
            try context.processPendingChanges()
            for object in objects {
                let fast = ManagedObjectContext.savedChanges(of: object)
                let general = ManagedObjectContext.generalSavedChanges(of: object)
                #expect(same(fast, general), "\(object.displayName): \(fast) vs \(general)")
            }
            if next(3) == 0 { try context.save() }
        }
    }
}

private func same(_ a: (keys: [String], old: [String: Value]), _ b: (keys: [String], old: [String: Value])) -> Bool {
    a.keys == b.keys && a.old.count == b.old.count && a.old.allSatisfy { b.old[$0.key]?.isIdentical(to: $0.value) == true }
}

extension Value {
    /// The same value, bit for bit for doubles (NaN included).
    fileprivate func isIdentical(to other: Value) -> Bool {
        if case .double(let x) = self, case .double(let y) = other { return x.bitPattern == y.bitPattern }
        return self == other
    }
}
