@testable import FetchedResults
import ObjectGraph

/// Customer (name, initial [transient], age, active) ⟷ Order model.
func makeContext() throws -> ManagedObjectContext {
    let customer = EntityDescription(name: "Customer", attributes: [
        AttributeDescription(name: "name", type: .string),
        AttributeDescription(name: "initial", type: .string, isOptional: true, isTransient: true),
        AttributeDescription(name: "age", type: .integer, isOptional: true),
        AttributeDescription(name: "active", type: .boolean, isOptional: true),
    ], relationships: [
        RelationshipDescription(name: "orders", destination: "Order", inverse: "customer", isToMany: true),
    ])
    let order = EntityDescription(name: "Order", attributes: [
        AttributeDescription(name: "total", type: .double, defaultValue: .double(0)),
    ], relationships: [
        RelationshipDescription(name: "customer", destination: "Customer", inverse: "orders"),
    ])
    let coordinator = PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(entities: [customer, order]))
    coordinator.addPersistentStore(PersistentStore())
    return ManagedObjectContext(coordinator: coordinator, name: "viewContext")
}

@discardableResult
func insert(_ context: ManagedObjectContext, _ name: String, age: Int64 = 30, active: Bool = true) throws -> ManagedObject {
    try context.insertObject(entityName: "Customer", values: [
        ("name", .string(name)), ("initial", .string(String(name.prefix(1)))), ("age", .integer(age)),
        ("active", .bool(active)),
    ])
}

func set(_ o: ManagedObject, _ key: String, _ value: Value) throws {
    try o.setValue(value, forKey: key)
    if key == "name", case .string(let s) = value { try o.setValue(.string(String(s.prefix(1))), forKey: "initial") }
}

/// Records every callback as one line.
final class Recorder: FetchedResultsControllerDelegate {
    var lines: [String] = []
    var callbacks: FetchedResultsDelegateCallbacks = .classic
    var implementedCallbacks: FetchedResultsDelegateCallbacks { callbacks }
    var failOn: String?

    func controllerWillChangeContent(_ controller: FetchedResultsController) throws { lines.append("will") }
    func controller(_ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) throws {
        lines.append("section \(type.rawValue) \(sectionInfo.name) \(sectionIndex)")
    }
    func controller(_ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) throws {
        let line = FetchedResultsObjectChange(object: object, indexPath: indexPath, type: type, newIndexPath: newIndexPath).description
        lines.append(line)
        if let failOn, line.contains(failOn) { throw FetchedResultsError(.invalidOperation, "boom") }
    }
    func controllerDidChangeContent(_ controller: FetchedResultsController) throws { lines.append("did") }
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: FetchedResultsSnapshot) throws {
        lines.append("snapshot \(snapshot) reload \(snapshot.reloadedItemIdentifiers.map(\.displayName))")
    }
    func controller(_ controller: FetchedResultsController,
                    didChangeContentWith difference: CollectionDifference<ManagedObjectID>) throws {
        for change in difference {
            switch change {
            case .remove(let offset, let id, let other): lines.append("remove \(offset) \(id.displayName)\(other.map { " ->\($0)" } ?? "")")
            case .insert(let offset, let id, let other): lines.append("insert \(offset) \(id.displayName)\(other.map { " <-\($0)" } ?? "")")
            }
        }
    }

    func take() -> [String] { defer { lines = [] }; return lines }
}

func makeController(_ context: ManagedObjectContext, predicate: String? = nil, sort: [SortDescriptor] = [SortDescriptor(key: "name")],
                    section: String? = nil, limit: Int = 0, offset: Int = 0, cacheName: String? = nil,
                    delegate: Recorder) throws -> FetchedResultsController {
    var request = FetchRequest(entityName: "Customer", sortDescriptors: sort, fetchLimit: limit, fetchOffset: offset)
    if let predicate { request.predicate = try Predicate(format: predicate) }
    let c = try FetchedResultsController(fetchRequest: request, managedObjectContext: context,
                                         sectionNameKeyPath: section, cacheName: cacheName)
    c.checksInvariants = true
    c.delegate = delegate
    try c.performFetch()
    return c
}

func names(_ c: FetchedResultsController) -> [String] {
    (c.fetchedObjects ?? []).map { o in
        if case .string(let s) = (try? o.value(forKey: "name")) ?? .null { return s }
        return "?"
    }
}
