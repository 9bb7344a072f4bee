import CollectionViews
import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

/// Person (name, group: integer) in an in-memory store.
func makePeopleContext() throws -> ManagedObjectContext {
    let person = EntityDescription(name: "Person", attributes: [
        AttributeDescription(name: "name", type: .string),
        AttributeDescription(name: "group", type: .integer),
    ])
    let coordinator = PersistentStoreCoordinator(managedObjectModel: try ManagedObjectModel(entities: [person]))
    coordinator.addPersistentStore(PersistentStore())
    return ManagedObjectContext(coordinator: coordinator, name: "viewContext")
}

@Suite struct FetchedDataSourcePropertyTests {
    /// What a fresh fetch says the view should show: per section, the names in order.
    func expected(_ context: ManagedObjectContext, limit: Int) throws -> [[String]] {
        var request = FetchRequest(entityName: "Person",
                                   sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "name")])
        request.fetchLimit = limit
        var sections: [[String]] = []
        var lastGroup: Int64?
        for person in try context.fetch(request) {
            guard case .integer(let group) = try person.value(forKey: "group"),
                  case .string(let name) = try person.value(forKey: "name") else { continue }
            if group != lastGroup { sections.append([]); lastGroup = group }
            sections[sections.count - 1].append(name)
        }
        return sections
    }

    func shown(_ view: CollectionView) throws -> [[String]] {
        try view.snapshot().map { section in section.cells.map { $0["text"].stringValue ?? "?" } }
    }

    @Test("random saves: every batch validates and the view equals a fresh fetch", arguments: [1, 2, 3, 4, 5, 6])
    func randomSaves(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let context = try makePeopleContext()
        let limit = seed.isMultiple(of: 3) ? 12 : 0
        let view = CollectionView()
        var lines: [String] = []
        view.onEvent = { lines.append($0.description) }
        let source = FetchedCollectionViewDataSource(collectionView: view, managedObjectContext: context)
        source.checksInvariants = true
        source.register(className: "Cell") { cell, path, source in
            let person = source.item(at: path) as! ManagedObject
            cell["text"] = try person.value(forKey: "name")
        }
        var request = FetchRequest(entityName: "Person",
                                   sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "name")])
        request.fetchLimit = limit
        try source.reload(with: request, sectionBehavior: .attribute("group"))
        var counter = 0
        func newName() -> String {
            counter += 1
            return String(UnicodeScalar(UInt8(65 + Int.random(in: 0..<26, using: &random))))
                + String(counter)
        }
        for _ in 0..<60 {
            let people = try context.fetch(FetchRequest(entityName: "Person", sortDescriptors: [SortDescriptor(key: "name")]))
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let action = Int.random(in: 0..<4, using: &random)
                if action == 0 || people.isEmpty {
                    _ = try context.insertObject(entityName: "Person", values: [
                        ("name", .string(newName())), ("group", .integer(Int64.random(in: 0..<5, using: &random))),
                    ])
                } else {
                    let person = people[Int.random(in: 0..<people.count, using: &random)]
                    if person.isDeleted { continue }
                    switch action {
                    case 1: try context.delete(person)
                    case 2: try person.setValue(.integer(Int64.random(in: 0..<5, using: &random)), forKey: "group")
                    default: try person.setValue(.string(newName()), forKey: "name")
                    }
                }
            }
            try context.save()
            #expect(try shown(view) == expected(context, limit: limit), "seed \(seed)")
        }
        #expect(!lines.contains { $0.contains("failed") })
        #expect(view.batchUpdateCount > 0)
    }
}
