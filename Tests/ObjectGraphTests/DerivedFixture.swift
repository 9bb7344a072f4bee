@testable import ObjectGraph

/// Region ⟷ Customer ⟷ Order with derived properties through every kind of key path.
func makeDerivedModel(orderRule: DeleteRule = .nullify) throws -> ManagedObjectModel {
    let region = EntityDescription(name: "Region", attributes: [
        AttributeDescription(name: "name", type: .string),
    ], relationships: [
        RelationshipDescription(name: "customers", destination: "Customer", inverse: "region", isToMany: true),
    ], derivedProperties: [
        DerivedPropertyDescription(name: "revenue", expression: "customers.@sum.orderTotal"),
    ])
    let customer = EntityDescription(name: "Customer", attributes: [
        AttributeDescription(name: "name", type: .string),
    ], relationships: [
        RelationshipDescription(name: "orders", destination: "Order", inverse: "customer", isToMany: true,
                                deleteRule: orderRule),
        RelationshipDescription(name: "region", destination: "Region", inverse: "customers"),
    ], derivedProperties: [
        DerivedPropertyDescription(name: "orderCount", expression: "orders.@count"),
        DerivedPropertyDescription(name: "orderTotal", expression: "orders.@sum.total"),
        DerivedPropertyDescription(name: "upperName", expression: "uppercase:(name)"),
        DerivedPropertyDescription(name: "initial", dependsOn: ["name"]) { c in
            .string(String((try c.value(forKey: "name").stringValue ?? "").prefix(1)))
        },
    ])
    let order = EntityDescription(name: "Order", attributes: [
        AttributeDescription(name: "total", type: .double, defaultValue: .double(0)),
    ], relationships: [
        RelationshipDescription(name: "customer", destination: "Customer", inverse: "orders"),
    ], derivedProperties: [
        DerivedPropertyDescription(name: "customerName", expression: "customer.name"),
        DerivedPropertyDescription(name: "regionName", expression: "lowercase:(customer.region.name)"),
        DerivedPropertyDescription(name: "share", dependsOn: ["total", "customer.orderTotal"]) { o in
            guard let all = try o.value(forKeyPath: "customer.orderTotal").numericValue, all != 0 else { return .null }
            return .double((try o.value(forKey: "total").numericValue ?? 0) / all)
        },
    ])
    return try ManagedObjectModel(entities: [region, customer, order])
}

func makeDerivedContext(orderRule: DeleteRule = .nullify) throws -> ManagedObjectContext {
    let coordinator = PersistentStoreCoordinator(managedObjectModel: try makeDerivedModel(orderRule: orderRule))
    coordinator.addPersistentStore(PersistentStore())
    return ManagedObjectContext(coordinator: coordinator, name: "viewContext")
}

/// Records key-value changes as `key: old -> new` lines.
final class ChangeRecorder {
    var lines: [String] = []
    var tokens: [ObservationToken] = []

    func observe(_ object: ManagedObject, _ keyPath: String, _ options: KeyValueObservingOptions = [.old, .new]) throws {
        let token = try object.addKeyValueObserver(forKeyPath: keyPath, options: options) { [unowned self] change in
            var line = "\(change.object.displayName).\(change.keyPath): "
            if change.isPrior { line += "prior " }
            if change.isObjectDeleted { line += "deleted " }
            line += "\(change.oldValue.map(\.description) ?? "-") -> \(change.newValue.map(\.description) ?? "-")"
            self.lines.append(line)
        }
        tokens.append(token)
    }
}

extension ManagedObject {
    /// `value(forKey:)` that cannot fail in a test.
    func v(_ key: String) -> Value { (try? value(forKeyPath: key)) ?? .string("<error>") }
}
