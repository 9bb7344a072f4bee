@testable import ObjectGraph

/// A small Customer/Order model with objects made without a context, for predicate, sort and fetch tests.
///
/// Customer { name: string, age: integer, since: date, vip: boolean, orders: toMany Order }
/// Order { total: double, customer: toOne Customer }
final class FetchingFixture {
    let model: ManagedObjectModel
    let customerEntity: EntityDescription
    let orderEntity: EntityDescription
    private var customerCount = 0
    private var orderCount = 0

    init() throws {
        let customer = EntityDescription(
            name: "Customer",
            attributes: [
                .init(name: "name", type: .string, isOptional: true),
                .init(name: "age", type: .integer, isOptional: true),
                .init(name: "since", type: .date, isOptional: true),
                .init(name: "vip", type: .boolean, isOptional: true),
            ],
            relationships: [.init(name: "orders", destination: "Order", inverse: "customer", isToMany: true)])
        let order = EntityDescription(
            name: "Order",
            attributes: [.init(name: "total", type: .double, isOptional: true)],
            relationships: [.init(name: "customer", destination: "Customer", inverse: "orders")])
        model = try ManagedObjectModel(entities: [customer, order])
        customerEntity = customer
        orderEntity = order
    }

    /// A customer; unset values are nil.
    func customer(_ name: String?, age: Int64? = nil, since: Double? = nil, vip: Bool? = nil) -> ManagedObject {
        customerCount += 1
        let o = ManagedObject(entity: customerEntity,
                              objectID: ManagedObjectID(entityName: "Customer", number: customerCount, isTemporaryID: true),
                              context: nil)
        o.attributeValues[0] = name.map { .string($0) } ?? .null
        o.attributeValues[1] = age.map { .integer($0) } ?? .null
        o.attributeValues[2] = since.map { .date($0) } ?? .null
        o.attributeValues[3] = vip.map { .bool($0) } ?? .null
        return o
    }

    /// An order, linked both ways to its customer when given.
    @discardableResult
    func order(_ total: Double?, customer: ManagedObject? = nil) -> ManagedObject {
        orderCount += 1
        let o = ManagedObject(entity: orderEntity,
                              objectID: ManagedObjectID(entityName: "Order", number: orderCount, isTemporaryID: true),
                              context: nil)
        o.attributeValues[0] = total.map { .double($0) } ?? .null
        if let customer {
            o.toOneValues[0] = customer
            customer.toManyValues[0].append(o)
        }
        return o
    }
}

extension Predicate {
    /// Parses and evaluates in one step.
    static func check(_ format: String, _ arguments: [Value] = [], on object: ManagedObject,
                      variables: [String: Value] = [:]) throws -> Bool {
        try Predicate(format: format, arguments: arguments).evaluate(with: object, substitutionVariables: variables)
    }
}

/// The message of the ObjectGraphError thrown by `body`, or nil when it does not throw one.
func errorMessage(_ body: () throws -> Any) -> String? {
    do {
        _ = try body()
        return nil
    } catch let error as ObjectGraphError {
        return error.message
    } catch {
        return "unexpected \(error)"
    }
}

/// The kind of the ObjectGraphError thrown by `body`.
func errorKind(_ body: () throws -> Any) -> ObjectGraphError.Kind? {
    do {
        _ = try body()
        return nil
    } catch let error as ObjectGraphError {
        return error.kind
    } catch {
        return nil
    }
}
