import Testing
@testable import ObjectGraph

#if os(Linux)
/// glibc's `malloc_usable_size` (malloc.h is not part of the Glibc module).
@_silgen_name("malloc_usable_size") private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int
#endif

/// The per-object memory issue 13 (T5a) counts: the size of an object and of its ID, and the registry
/// that replaced the ID-keyed dictionary (dense slots by number, an overflow dictionary past them).
@Suite struct ObjectLayoutTests {
    func itemModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(name: "Item", attributes: [
                AttributeDescription(name: "id", type: .integer),
                AttributeDescription(name: "name", type: .string),
            ]),
            EntityDescription(name: "Other", attributes: [AttributeDescription(name: "id", type: .integer)]),
        ])
    }

    @Test("an object of an entity without relationships fits a 128-byte malloc chunk")
    func sizes() throws {
        #expect(MemoryLayout<ObjectState>.size <= 40)
        let context = ManagedObjectContext(coordinator: PersistentStoreCoordinator(managedObjectModel: try itemModel()))
        // glibc may hand out a slightly larger free chunk (a remainder too small to split stays with it), so
        // one object's usable size depends on the heap's history: the smallest of 16 is the instance's chunk.
        let objects = try (1...16).map { n in
            try context.insertObject(entityName: "Item", values: [("id", .integer(n)), ("name", .string("x"))])
        }
        #if os(Linux)
        let usable = objects.map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }.min() ?? 0
        #expect(usable <= 120, "ManagedObject instance: \(usable) usable bytes")
        #else
        _ = objects
        #endif
    }

    @Test("an object's ID is built from its entity, number and flag, and follows the save")
    func objectID() throws {
        let context = ManagedObjectContext(coordinator: PersistentStoreCoordinator(managedObjectModel: try itemModel()))
        let object = try context.insertObject(entityName: "Item", values: [("id", .integer(1)), ("name", .string("x"))])
        #expect(object.objectID == ManagedObjectID(entityName: "Item", number: 1, isTemporaryID: true))
        #expect(object.objectID.isTemporaryID)
        object.objectID.isTemporaryID = false
        #expect(!object.objectID.isTemporaryID)
        object.objectID = ManagedObjectID(entityName: "Item", number: Int.max, isTemporaryID: false)
        #expect(object.objectID.number == Int.max)
        #expect(object.objectID.uriRepresentation == "x-coredata://(no store)/Item/p\(Int.max)")   // a coordinator without stores
    }

    @Test("the registry finds objects in its dense range and past it, and the dense range grows over the overflow")
    func registry() throws {
        let model = try itemModel()
        let item = model.entity(named: "Item")!
        var registry = ObjectRegistry(model: model)
        func object(_ n: Int) -> ManagedObject {
            ManagedObject(entity: item, objectID: ManagedObjectID(entityName: "Item", number: n, isTemporaryID: false), context: nil)
        }
        let far = object(1_000)
        registry.register(far)                                // past the dense range: overflow
        let first = (1...40).map(object)
        for o in first { registry.register(o) }               // dense, growing over 1,000 eventually
        #expect(registry[far.objectID] === far)
        #expect(registry[first[39].objectID] === first[39])
        let more = (41...1_200).map(object).filter { $0.objectID.number != 1_000 }
        for o in more { registry.register(o) }
        #expect(registry[far.objectID] === far)               // still found (overflow) after the range covered it
        #expect(registry.values.count == 1_200)
        let replacement = object(1_000)
        registry.register(replacement)                        // now in the dense slot; the overflow entry goes
        #expect(registry[far.objectID] === replacement)
        #expect(registry.values.count == 1_200)
        registry[replacement.objectID] = nil
        #expect(registry[far.objectID] == nil)
        #expect(registry.values.count == 1_199)
        #expect(registry[ManagedObjectID(entityName: "Other", number: 5, isTemporaryID: false)] == nil)
        #expect(registry[ManagedObjectID(entityName: "Unknown", number: 5, isTemporaryID: false)] == nil)
        #expect(registry[ManagedObjectID(entityName: "Item", number: 0, isTemporaryID: false)] == nil)
        registry.removeAll()
        #expect(registry.values.isEmpty)
    }
}
