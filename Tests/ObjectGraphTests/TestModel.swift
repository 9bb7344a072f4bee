@testable import ObjectGraph

/// Customer ⟷ Order model used by the context tests.
func makeModel(orderRule: DeleteRule = .cascade) throws -> ManagedObjectModel {
    let customer = EntityDescription(name: "Customer", attributes: [
        AttributeDescription(name: "name", type: .string, maxLength: 10),
        AttributeDescription(name: "age", type: .integer, isOptional: true, minValue: 0, maxValue: 150),
        AttributeDescription(name: "note", type: .string, isOptional: true, isTransient: true),
    ], relationships: [
        RelationshipDescription(name: "orders", destination: "Order", inverse: "customer", isToMany: true,
                                deleteRule: orderRule),
    ])
    let order = EntityDescription(name: "Order", attributes: [
        AttributeDescription(name: "total", type: .double, defaultValue: .double(0), minValue: 0),
    ], relationships: [
        RelationshipDescription(name: "customer", destination: "Customer", inverse: "orders"),
    ])
    return try ManagedObjectModel(entities: [customer, order])
}

func makeContext(orderRule: DeleteRule = .cascade) throws -> ManagedObjectContext {
    let coordinator = PersistentStoreCoordinator(managedObjectModel: try makeModel(orderRule: orderRule))
    coordinator.addPersistentStore(PersistentStore())
    return ManagedObjectContext(coordinator: coordinator, name: "viewContext")
}

/// Records every notification as one line.
final class RecordingObserver: ContextObserver {
    var lines: [String] = []
    var refreshed: [String] = []
    var invalidated: [String] = []
    var failWith: Error?

    func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws {
        var parts: [String] = []
        if !note.inserted.isEmpty { parts.append("inserted=" + note.inserted.map(\.displayName).joined(separator: ",")) }
        if !note.updated.isEmpty {
            parts.append("updated=" + note.updated.map { "\($0.displayName)(\(note.changedKeys[$0]!.joined(separator: ",")))" }
                .joined(separator: ","))
        }
        if !note.deleted.isEmpty { parts.append("deleted=" + note.deleted.map(\.displayName).joined(separator: ",")) }
        if note.invalidatedAll { parts.append("invalidatedAll") }
        refreshed += note.refreshed.map { "\($0.displayName)(\(note.changedKeys[$0]!.joined(separator: ",")))" }
        invalidated += note.invalidated.map(\.displayName)
        if !parts.isEmpty { lines.append("didChange " + parts.joined(separator: " ")) }
        if let failWith { throw failWith }
    }

    func contextWillSave(_ context: ManagedObjectContext) throws { lines.append("willSave") }

    func contextDidSave(_ note: ContextDidSaveNotification) throws {
        lines.append("didSave inserted=\(note.inserted.count) updated=\(note.updated.count) deleted=\(note.deleted.count)")
    }
}
