import Testing
@testable import FetchedResults
import ObjectGraph
import SeededRandom

/// Random undo groupings of random changes: undoing every group brings the context back to the exact
/// state before them — values, relationships, registered objects and a fetched-results controller's
/// contents — and redoing every group brings the changed state back.
@Suite struct UndoGroupingPropertyTests {
    /// Everything an undo must restore, as text: each live object's values and relationships, and the
    /// controller's fetched objects in order.
    private func state(_ context: ManagedObjectContext, _ controller: FetchedResultsController) throws -> [String] {
        var lines: [String] = []
        for object in context.registeredObjects where !object.isDeleted {
            var parts = [object.displayName]
            if object.entity.name == "Customer" {
                parts.append("name=\(try object.value(forKey: "name"))")
                parts.append("age=\(try object.value(forKey: "age"))")
                if case .collection(let orders) = try object.value(forKey: "orders") {
                    parts.append("orders=" + orders.compactMap(\.objectValue).map(\.displayName).sorted().joined(separator: ","))
                }
            } else {
                parts.append("total=\(try object.value(forKey: "total"))")
                parts.append("customer=\((try object.value(forKey: "customer")).objectValue?.displayName ?? "nil")")
            }
            lines.append(parts.joined(separator: " "))
        }
        lines.append("frc=" + (controller.fetchedObjects ?? []).map(\.displayName).joined(separator: ","))
        return lines
    }

    /// One random change: insert, edit an attribute, move an order to another customer, or delete.
    private func randomChange(_ context: ManagedObjectContext, _ random: inout SplitMix64, _ names: inout Int) throws {
        let live = context.registeredObjects.filter { !$0.isDeleted }
        let customers = live.filter { $0.entity.name == "Customer" }
        let orders = live.filter { $0.entity.name == "Order" }
        switch random.next() % 6 {
        case 0:
            names += 1
            _ = try insert(context, "C\(names)", age: Int64(random.next() % 90))
        case 1 where !customers.isEmpty:
            let customer = customers[Int(random.next() % UInt64(customers.count))]
            try set(customer, "age", .integer(Int64(random.next() % 90)))
        case 2 where !customers.isEmpty:
            let order = try context.insertObject(entityName: "Order", values: [("total", .double(Double(random.next() % 100)))])
            try order.setValue(.object(customers[Int(random.next() % UInt64(customers.count))]), forKey: "customer")
        case 3 where !orders.isEmpty && !customers.isEmpty:
            let order = orders[Int(random.next() % UInt64(orders.count))]
            try order.setValue(.object(customers[Int(random.next() % UInt64(customers.count))]), forKey: "customer")
        case 4 where !live.isEmpty:
            try context.delete(live[Int(random.next() % UInt64(live.count))])
        default:
            if let customer = customers.first { try set(customer, "name", .string("N\(random.next() % 1000)")) }
        }
    }

    @Test("random groupings of random changes undo to the exact earlier state and redo to the later one",
          arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func undoRestoresState(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let context = try makeContext()
        let undo = UndoManager()
        context.undoManager = undo
        var names = 0
        for _ in 0..<4 { try randomChange(context, &random, &names) }
        try context.save()
        undo.removeAllActions()
        let request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "age"), SortDescriptor(key: "name")])
        let controller = try FetchedResultsController(fetchRequest: request, managedObjectContext: context)
        controller.checksInvariants = true
        try controller.performFetch()
        undo.groupsByEvent = random.next() % 2 == 0
        let before = try state(context, controller)
        var topLevelGroups = 0
        for _ in 0..<(2 + Int(random.next() % 4)) {
            // An explicit group (with a nested one sometimes) of a few events, or one event on its own.
            let explicit = !undo.groupsByEvent || random.next() % 2 == 0
            if explicit { try undo.beginUndoGrouping() }
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let nested = explicit && random.next() % 3 == 0
                if nested { try undo.beginUndoGrouping() }
                for _ in 0..<(1 + Int(random.next() % 3)) { try randomChange(context, &random, &names) }
                try context.processPendingChanges()
                if nested { try undo.endUndoGrouping() }
                if !explicit { topLevelGroups += 1 }   // one group per processing under groupsByEvent
            }
            if explicit { try undo.endUndoGrouping() }
            #expect(undo.groupingLevel == 0)
            if explicit { topLevelGroups += 1 }
        }
        let after = try state(context, controller)
        var undone = 0
        while undo.canUndo {
            try undo.undo()
            undone += 1
        }
        #expect(undone >= 1 && undone <= topLevelGroups)
        #expect(try state(context, controller) == before, "seed \(seed)")
        while undo.canRedo { try undo.redo() }
        #expect(try state(context, controller) == after, "seed \(seed)")
    }
}
