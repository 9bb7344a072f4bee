import Testing
@testable import ObjectGraph

/// A diamond: b and c derive from a, d from b and c.
private func makeDiamond(failOn: Int64? = nil) throws -> ManagedObjectContext {
    func number(_ o: ManagedObject, _ key: String) throws -> Int64 {
        if case .integer(let i) = try o.value(forKey: key) { return i }
        return 0
    }
    let node = EntityDescription(name: "Node", attributes: [
        AttributeDescription(name: "a", type: .integer, defaultValue: .integer(1)),
    ], derivedProperties: [
        DerivedPropertyDescription(name: "d", dependsOn: ["b", "c"]) { o in .integer(try number(o, "b") + number(o, "c")) },
        DerivedPropertyDescription(name: "b", dependsOn: ["a"]) { o in
            let a = try number(o, "a")
            if a == failOn { throw ObjectGraphError(.callback, "b cannot be computed for \(a)") }
            return .integer(a * 10)
        },
        DerivedPropertyDescription(name: "c", dependsOn: ["a"]) { o in .integer(try number(o, "a") * 100) },
    ])
    let coordinator = PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(entities: [node]))
    coordinator.addPersistentStore(PersistentStore())
    return ManagedObjectContext(coordinator: coordinator)
}

@Suite struct DerivedObservationTests {
    @Test("a diamond recomputes its tip once and notifies once, after every input is up to date")
    func diamond() throws {
        let context = try makeDiamond()
        let n = try context.insertObject(entityName: "Node")
        #expect(n.v("d") == .integer(110))
        var seen: [String] = []
        let token = try n.addKeyValueObserver(forKeyPath: "d") { change in
            // Never half-updated: b and c are already new when d is told.
            seen.append("\(change.oldValue!) -> \(change.newValue!) (b=\(n.v("b")), c=\(n.v("c")))")
        }
        let before = context.derivedRecomputationCount
        try n.setValue(.integer(2), forKey: "a")
        #expect(context.derivedRecomputationCount - before == 3)
        #expect(n.derivedRecomputationCount(forKey: "d") == 2)
        #expect(seen == ["110 -> 220 (b=20, c=200)"])
        token.cancel()
    }

    @Test("a cycle is refused when the model is built, naming its keys")
    func cycle() throws {
        let e = EntityDescription(name: "Customer", derivedProperties: [
            DerivedPropertyDescription(name: "a", dependsOn: ["b"]) { _ in .null },
            DerivedPropertyDescription(name: "b", dependsOn: ["a"]) { _ in .null },
        ])
        #expect {
            try ManagedObjectModel(entities: [e])
        } throws: { error in
            (error as? ObjectGraphError)?.message == "derived properties form a cycle: Customer.a -> Customer.b -> Customer.a"
        }
        let bad = EntityDescription(name: "Customer", derivedProperties: [
            DerivedPropertyDescription(name: "x", expression: "orders.@count"),
        ])
        #expect {
            try ManagedObjectModel(entities: [bad])
        } throws: { error in
            (error as? ObjectGraphError)?.message == "derived property Customer.x depends on 'orders.@count': keypath orders.@count not found in entity Customer"
        }
    }

    @Test("an error in a derived function reaches the caller; the object keeps its last good value")
    func failingFunction() throws {
        let context = try makeDiamond(failOn: 3)
        let n = try context.insertObject(entityName: "Node")
        try n.setValue(.integer(2), forKey: "a")
        #expect {
            try n.setValue(.integer(3), forKey: "a")
        } throws: { error in
            (error as? ObjectGraphError)?.message == "b cannot be computed for 3"
        }
        #expect(n.v("a") == .integer(3))
        #expect(n.v("b") == .integer(20))
        #expect(n.v("c") == .integer(300))
        #expect(n.v("d") == .integer(320))
        try n.setValue(.integer(4), forKey: "a")
        #expect(n.v("d") == .integer(440))
    }

    @Test("options initial, prior, key paths through relationships, unknown keys")
    func options() throws {
        let context = try makeDerivedContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let bob = try context.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        let order = try context.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        let recorder = ChangeRecorder()
        try recorder.observe(order, "customer.name", [.old, .new, .initial])
        try recorder.observe(ann, "name", [.old, .new, .prior])
        try recorder.observe(ann, "orderCount", [.new, .prior])
        try ann.setValue(.string("Anna"), forKey: "name")
        try order.setValue(.object(bob), forKey: "customer")
        #expect(recorder.lines == [
            "Order#1.customer.name: - -> \"Ann\"",
            "Customer#1.name: prior \"Ann\" -> -",
            "Order#1.customer.name: \"Ann\" -> \"Anna\"",
            "Customer#1.name: \"Ann\" -> \"Anna\"",
            // The derived key's prior call comes when it is marked for recomputation, before it changes.
            "Customer#1.orderCount: prior - -> -",
            "Order#1.customer.name: \"Anna\" -> \"Bob\"",
            "Customer#1.orderCount: - -> 0",
        ])
        #expect {
            try context.addKeyValueObserver(object: ann, keyPath: "orders.nope") { _ in }
        } throws: { error in
            (error as? ObjectGraphError)?.message
                == "[<Order> valueForUndefinedKey:]: the entity Order is not key value coding-compliant for the key \"nope\"."
        }
        recorder.tokens.forEach { $0.cancel() }
        try ann.setValue(.string("Ann"), forKey: "name")
        #expect(recorder.lines.count == 7)
    }

    @Test("observers of a deleted object are told once when the deletion is processed, then never")
    func deletedObject() throws {
        let context = try makeDerivedContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try context.save()
        let recorder = ChangeRecorder()
        try recorder.observe(ann, "name")
        try context.delete(ann)
        #expect(recorder.lines.isEmpty)
        try context.processPendingChanges()
        try context.save()
        try context.rollback()
        #expect(recorder.lines == ["Customer#1.name: deleted \"Ann\" -> nil"])
    }

    @Test("a handler's error reaches the caller of the mutation after the value changed")
    func handlerError() throws {
        let context = try makeDerivedContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let token = try ann.addKeyValueObserver(forKeyPath: "upperName") { _ in
            throw ObjectGraphError(.callback, "handler failed")
        }
        #expect(throws: ObjectGraphError.self) { try ann.setValue(.string("Bo"), forKey: "name") }
        #expect(ann.v("upperName") == .string("BO"))
        token.cancel()
    }
}
