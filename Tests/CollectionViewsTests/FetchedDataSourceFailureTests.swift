import CollectionViews
import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

/// A prepare block's own error.
private struct PrepareFailed: Error, CustomStringConvertible {
    var description: String { "prepare failed" }
}

/// The fetched data source when its view cannot apply a batch (issue 15): it stays in step with its
/// controller, and the view shows the controller's content again as soon as it can (docs/reliability.md).
@Suite struct FetchedDataSourceFailureTests {
    let property = FetchedDataSourcePropertyTests()

    @Test("random saves with a prepare block that fails one time in three: no trap, then the view equals a fresh fetch",
          arguments: [11, 12, 13, 14])
    func failingPrepare(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let context = try makePeopleContext()
        let view = CollectionView()
        let source = FetchedCollectionViewDataSource(collectionView: view, managedObjectContext: context)
        source.checksInvariants = true
        var failing = false
        source.register(className: "Cell") { cell, path, source in
            if failing { throw PrepareFailed() }
            let person = source.item(at: path) as! ManagedObject
            cell["text"] = try person.value(forKey: "name")
        }
        let request = FetchRequest(entityName: "Person",
                                   sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "name")])
        try source.reload(with: request, sectionBehavior: .attribute("group"))
        var failures = 0
        for step in 0..<60 {
            failing = Int.random(in: 0..<3, using: &random) == 0
            let people = try context.fetch(FetchRequest(entityName: "Person", sortDescriptors: [SortDescriptor(key: "name")]))
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                if people.isEmpty || Int.random(in: 0..<3, using: &random) == 0 {
                    _ = try context.insertObject(entityName: "Person", values: [
                        ("name", .string("P\(step)-\(Int.random(in: 0..<100, using: &random))")),
                        ("group", .integer(Int64.random(in: 0..<4, using: &random))),
                    ])
                } else {
                    let person = people[Int.random(in: 0..<people.count, using: &random)]
                    if person.isDeleted { continue }
                    if Int.random(in: 0..<2, using: &random) == 0 {
                        try context.delete(person)
                    } else {
                        try person.setValue(.integer(Int64.random(in: 0..<4, using: &random)), forKey: "group")
                    }
                }
            }
            do {
                try context.save()
            } catch {
                #expect(failing, "seed \(seed) step \(step): \(error)")
                #expect(String(describing: error).contains("prepare failed"))
                failures += 1
            }
            // The data source follows its controller whatever the view could do.
            #expect(source.numberOfSections() == (try property.expected(context, limit: 0)).count, "seed \(seed) step \(step)")
            if !failing {
                #expect(try property.shown(view) == property.expected(context, limit: 0), "seed \(seed) step \(step)")
            }
        }
        #expect(failures > 0)
    }
}
