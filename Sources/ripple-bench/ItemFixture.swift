import ObjectGraph
import SeededRandom

/// The benchmarks' shared data: `n` Items (`group`: 0–99, `score`: 0–1) inserted and processed in an
/// in-memory context named "bench".
enum ItemFixture {
    static func make(n: Int, rng: inout SplitMix64) throws -> (context: ManagedObjectContext, objects: [ManagedObject]) {
        let item = EntityDescription(name: "Item", attributes: [
            AttributeDescription(name: "group", type: .integer),
            AttributeDescription(name: "score", type: .double),
        ])
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(entities: [item]))
        coordinator.addPersistentStore(PersistentStore())
        let context = ManagedObjectContext(coordinator: coordinator, name: "bench")
        var objects: [ManagedObject] = []
        objects.reserveCapacity(n)
        for _ in 0..<n {
            objects.append(try context.insertObject(entityName: "Item", values: [
                ("group", .integer(Int64(rng.next() % 100))), ("score", .double(rng.nextDouble())),
            ]))
        }
        try context.processPendingChanges()
        return (context, objects)
    }
}
