import Testing
@testable import ObjectGraph

@Suite struct DerivedPropertyTests {
    @Test("seed 002: the invoice total follows every step, one notification per change of value")
    func invoice() throws {
        let item = EntityDescription(name: "InvoiceItem", attributes: [
            AttributeDescription(name: "itemPrice", type: .double, defaultValue: .double(0)),
            AttributeDescription(name: "quantity", type: .integer, defaultValue: .integer(0)),
        ], relationships: [
            RelationshipDescription(name: "invoice", destination: "Invoice", inverse: "items"),
        ], derivedProperties: [
            DerivedPropertyDescription(name: "total", dependsOn: ["itemPrice", "quantity"]) { i in
                .double((try i.value(forKey: "itemPrice").numericValue ?? 0)
                        * Double(Int(try i.value(forKey: "quantity").numericValue ?? 0)))
            },
        ])
        let invoice = EntityDescription(name: "Invoice", relationships: [
            RelationshipDescription(name: "items", destination: "InvoiceItem", inverse: "invoice", isToMany: true),
        ], derivedProperties: [DerivedPropertyDescription(name: "totalSum", expression: "items.@sum.total")])
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(entities: [item, invoice]))
        coordinator.addPersistentStore(PersistentStore())
        let context = ManagedObjectContext(coordinator: coordinator)
        let recorder = ChangeRecorder()
        let item1 = try context.insertObject(entityName: "InvoiceItem")
        let item2 = try context.insertObject(entityName: "InvoiceItem")
        try recorder.observe(item1, "total")
        #expect(item1.v("total") == .double(0))
        try item1.setValue(.double(10.99), forKey: "itemPrice")
        try item1.setValue(.integer(5), forKey: "quantity")
        #expect(item1.v("total") == .double(54.95))
        try item1.setValue(.integer(9), forKey: "quantity")
        #expect(item1.v("total") == .double(98.91))
        try item1.setValue(.double(5), forKey: "itemPrice")
        #expect(item1.v("total") == .double(45))
        try item2.setValue(.double(99), forKey: "itemPrice")
        try item2.setValue(.integer(6), forKey: "quantity")
        #expect(item2.v("total") == .double(594))
        let inv = try context.insertObject(entityName: "Invoice")
        try recorder.observe(inv, "totalSum")
        #expect(inv.v("totalSum") == .integer(0))
        try inv.setValue(.collection([.object(item1), .object(item2)]), forKey: "items")   // addItems:
        #expect(inv.v("totalSum") == .double(639))
        try item1.setValue(.double(8.78), forKey: "itemPrice")
        #expect(item1.v("total") == .double(79.02))
        #expect(inv.v("totalSum") == .double(673.02))
        try inv.removeObject(item2, fromRelationship: "items")
        #expect(inv.v("totalSum") == .double(79.02))
        try item2.setValue(.integer(7), forKey: "quantity")      // no longer touches the invoice
        #expect(inv.v("totalSum") == .double(79.02))
        #expect(recorder.lines == [
            "InvoiceItem#1.total: 0.0 -> 54.95",
            "InvoiceItem#1.total: 54.95 -> 98.91",
            "InvoiceItem#1.total: 98.91 -> 45.0",
            "Invoice#1.totalSum: 0 -> 639.0",
            "InvoiceItem#1.total: 45.0 -> 79.02",
            "Invoice#1.totalSum: 639.0 -> 673.02",
            "Invoice#1.totalSum: 673.02 -> 79.02",
        ])
        // insert + 5 setValues on item1 (the first leaves total at 0 but is still an input change).
        #expect(item1.derivedRecomputationCount(forKey: "total") == 6)
        // insert, set items, item1 total change, remove item2.
        #expect(inv.derivedRecomputationCount(forKey: "totalSum") == 4)
    }

    @Test("an attribute change recomputes once, eagerly")
    func attribute() throws {
        let context = try makeDerivedContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("ann")])
        #expect(ann.v("upperName") == .string("ANN"))
        #expect(ann.v("initial") == .string("a"))
        try ann.setValue(.string("bob"), forKey: "name")
        #expect(ann.v("upperName") == .string("BOB"))
        #expect(ann.derivedRecomputationCount(forKey: "upperName") == 2)
        #expect(ann.derivedRecomputationCount(forKey: "orderCount") == 1)
    }

    @Test("to-one reassigned, attribute of the to-one target, members added, removed, replaced, changed")
    func relationships() throws {
        let context = try makeDerivedContext()
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let bob = try context.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        let o1 = try context.insertObject(entityName: "Order", values: ["total": .double(10), "customer": .object(ann)])
        let o2 = try context.insertObject(entityName: "Order", values: ["total": .double(30)])
        #expect(o1.v("customerName") == .string("Ann"))
        #expect(ann.v("orderCount") == .integer(1))
        #expect(o1.v("share") == .double(1))
        try ann.addObject(o2, toRelationship: "orders")
        #expect(ann.v("orderTotal") == .double(40))
        #expect(o1.v("share") == .double(0.25))
        #expect(o2.v("customerName") == .string("Ann"))
        try ann.setValue(.string("Anna"), forKey: "name")
        #expect(o1.v("customerName") == .string("Anna"))
        try o2.setValue(.object(bob), forKey: "customer")
        #expect(ann.v("orderCount") == .integer(1))
        #expect(bob.v("orderCount") == .integer(1))
        #expect(o2.v("customerName") == .string("Bob"))
        #expect(o2.v("share") == .double(1))
        try o1.setValue(.double(20), forKey: "total")
        #expect(ann.v("orderTotal") == .double(20))
        try bob.setValue(.collection([.object(o1)]), forKey: "orders")      // replace
        #expect(ann.v("orderCount") == .integer(0))
        #expect(ann.v("orderTotal") == .integer(0))
        #expect(bob.v("orderTotal") == .double(20))
        #expect(o2.v("customerName") == .null)
        #expect(o2.v("share") == .null)
        try bob.removeObject(o1, fromRelationship: "orders")
        #expect(bob.v("orderCount") == .integer(0))
        #expect(o1.v("customerName") == .null)
    }

    @Test("two hops through to-many relationships")
    func twoHops() throws {
        let context = try makeDerivedContext()
        let north = try context.insertObject(entityName: "Region", values: ["name": .string("North")])
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann"), "region": .object(north)])
        let o1 = try context.insertObject(entityName: "Order", values: ["total": .double(5), "customer": .object(ann)])
        #expect(north.v("revenue") == .double(5))
        try o1.setValue(.double(7), forKey: "total")
        #expect(north.v("revenue") == .double(7))
        let bob = try context.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        try context.insertObject(entityName: "Order", values: ["total": .double(1), "customer": .object(bob)])
        try north.addObject(bob, toRelationship: "customers")
        #expect(north.v("revenue") == .double(8))
        try ann.setValue(.null, forKey: "region")
        #expect(north.v("revenue") == .double(1))
        #expect(o1.v("regionName") == .null)
        try ann.setValue(.object(north), forKey: "region")
        #expect(o1.v("regionName") == .string("north"))
        try north.setValue(.string("Nord"), forKey: "name")
        #expect(o1.v("regionName") == .string("nord"))
    }

    @Test("a deleted member leaves the derived value when the deletion is processed (nullify and cascade)")
    func deletion() throws {
        for rule in [DeleteRule.nullify, .cascade] {
            let context = try makeDerivedContext(orderRule: rule)
            let observer = RecordingObserver()
            let token = context.addObserver(observer)
            let north = try context.insertObject(entityName: "Region", values: ["name": .string("N")])
            let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann"), "region": .object(north)])
            let o1 = try context.insertObject(entityName: "Order", values: ["total": .double(10), "customer": .object(ann)])
            try context.insertObject(entityName: "Order", values: ["total": .double(5), "customer": .object(ann)])
            try context.save()
            observer.lines = []
            try context.delete(o1)
            #expect(ann.v("orderCount") == .integer(2))      // until processed, as in Core Data
            try context.processPendingChanges()
            #expect(ann.v("orderCount") == .integer(1))
            #expect(ann.v("orderTotal") == .double(5))
            #expect(north.v("revenue") == .double(5))
            #expect(observer.lines == ["didChange updated=Customer#1(orderCount,orderTotal,orders),Order#2(share),Region#1(revenue) deleted=Order#1"])
            if rule == .cascade {
                try context.delete(ann)
                try context.processPendingChanges()
                #expect(north.v("revenue") == .integer(0))
            }
            token.cancel()
        }
    }

    @Test("rollback restores derived values and reports them; reset and another context compute them from the store")
    func rollbackResetAndOtherContext() throws {
        let context = try makeDerivedContext()
        let observer = RecordingObserver()
        let token = context.addObserver(observer)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try context.insertObject(entityName: "Order", values: ["total": .double(10), "customer": .object(ann)])
        try context.save()
        try context.insertObject(entityName: "Order", values: ["total": .double(5), "customer": .object(ann)])
        try ann.setValue(.string("Zed"), forKey: "name")
        try context.processPendingChanges()
        #expect(ann.v("orderTotal") == .double(15))
        observer.lines = []
        try context.rollback()
        #expect(ann.v("orderTotal") == .double(10))
        #expect(ann.v("orderCount") == .integer(1))
        #expect(ann.v("upperName") == .string("ANN"))
        #expect(observer.lines == ["didChange updated=Customer#1(initial,name,orderCount,orderTotal,orders,upperName),Order#1(customerName,share) deleted=Order#2"])
        try context.reset()
        let fetched = try context.fetch(FetchRequest(entityName: "Customer"))
        #expect(fetched[0].v("orderTotal") == .double(10))
        #expect(fetched[0].v("upperName") == .string("ANN"))
        let other = ManagedObjectContext(coordinator: context.persistentStoreCoordinator, name: "other")
        let orders = try other.fetch(FetchRequest(entityName: "Order"))
        #expect(orders[0].v("customerName") == .string("Ann"))
        #expect(orders[0].v("share") == .double(1))
        token.cancel()
    }

    @Test("derived values are not saved, not in changedValues, and an unchanged value marks nothing")
    func notPersistent() throws {
        let context = try makeDerivedContext()
        let observer = RecordingObserver()
        let token = context.addObserver(observer)
        let ann = try context.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let o1 = try context.insertObject(entityName: "Order", values: ["total": .double(10), "customer": .object(ann)])
        try context.save()
        #expect(context.persistentStoreCoordinator.defaultStore!.row(for: ann.objectID)!.attributes == [.string("Ann")])
        observer.lines = []
        try o1.setValue(.double(10), forKey: "total")          // same value: only the order is touched
        try context.processPendingChanges()
        #expect(observer.lines == ["didChange updated=Order#1(total)"])
        try o1.setValue(.double(12), forKey: "total")
        #expect(ann.changedValues().isEmpty)
        #expect(!ann.isUpdated)
        try context.processPendingChanges()
        #expect(observer.lines.last == "didChange updated=Customer#1(orderTotal),Order#1(total)")
        #expect(throws: ObjectGraphError.self) { try ann.setValue(.integer(3), forKey: "orderCount") }
        token.cancel()
    }

    @Test("derived keys in predicates and sort descriptors")
    func fetching() throws {
        let context = try makeDerivedContext()
        for (name, totals) in [("Ann", [1.0, 2.0]), ("Bob", [9.0]), ("Cy", [])] {
            let c = try context.insertObject(entityName: "Customer", values: ["name": .string(name)])
            for t in totals { try context.insertObject(entityName: "Order", values: ["total": .double(t), "customer": .object(c)]) }
        }
        var request = FetchRequest(entityName: "Customer")
        request.sortDescriptors = [SortDescriptor(key: "orderTotal", ascending: false)]
        #expect(try context.fetch(request).map { $0.v("name") } == [.string("Bob"), .string("Ann"), .string("Cy")])
        request.predicate = try Predicate(format: "orderCount >= 1")
        #expect(try context.fetch(request).count == 2)
    }
}
