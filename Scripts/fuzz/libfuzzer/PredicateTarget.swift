// libFuzzer target for the predicate parser and evaluator, compiled into the ObjectGraph module by
// Scripts/fuzz/libfuzzer.sh (not part of the package). Input: a format string (UTF-8, repaired).
// Every input must either parse or throw, and a parsed predicate must evaluate or throw: a crash, a
// sanitizer report or a timeout (-timeout=) is a finding.

/// One context with a Customer ⟷ Order model and a few objects, made on the first input.
private let fixture: (ManagedObjectContext, [ManagedObject]) = {
    let customer = EntityDescription(name: "Customer", attributes: [
        AttributeDescription(name: "name", type: .string),
        AttributeDescription(name: "age", type: .integer, isOptional: true),
        AttributeDescription(name: "score", type: .double, isOptional: true),
    ], relationships: [
        RelationshipDescription(name: "orders", destination: "Order", inverse: "customer", isToMany: true),
    ])
    let order = EntityDescription(name: "Order", attributes: [
        AttributeDescription(name: "total", type: .double, isOptional: true),
    ], relationships: [
        RelationshipDescription(name: "customer", destination: "Customer", inverse: "orders"),
    ])
    let model = try! ManagedObjectModel(entities: [customer, order])
    let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
    coordinator.addPersistentStore(PersistentStore())
    let context = ManagedObjectContext(coordinator: coordinator, name: "fuzz")
    var objects: [ManagedObject] = []
    for (name, age) in [("Ann", 31), ("bob", 25), (String(repeating: "a", count: 40), 0)] {
        let c = try! context.insertObject(entityName: "Customer", values: [("name", .string(name)), ("age", .integer(Int64(age)))])
        objects.append(c)
        objects.append(try! context.insertObject(entityName: "Order", values: [("total", .double(.nan)), ("customer", .object(c))]))
    }
    return (context, objects)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func predicateFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let format = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments: [Value] = [.string("Ann"), .string("name"), .integer(3), .double(.nan), .collection([.integer(1)])]
    guard let predicate = try? Predicate(format: format, arguments: arguments) else { return 0 }
    for object in fixture.1 {
        _ = try? predicate.evaluate(with: object, substitutionVariables: ["VAR": .integer(1)])
    }
    return 0
}
