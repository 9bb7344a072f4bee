@testable import FetchedResults
import ObjectGraph
import SeededRandom
import Testing

/// The controller's tree (``EntryOrder`` inlined, elements ``EntryRef`` with their keys inline and the
/// entry borrowed) against the general tree of the same entries (a closure order on strong `ResultEntry`
/// references, the construction before session 5): the same ranks for every insertion, removal and
/// lookup, and the same order, on random keys that exercise the inline and the boxed comparisons.
@Suite struct EntryTreeTests {
    static let keyValues: [Value] = [
        .integer(1), .integer(2), .double(0.5), .double(-0.0), .double(0.0), .double(.nan), .null,
        .string("a"), .string("b"), .string("0123456789abcdef"), .string("0123456789abcdefX"),
        .string("0123456789abcdefY"), .string("é"),
    ]

    @Test("the inlined entry tree and the closure tree agree", arguments: [2, 3])
    func entryTreeMatchesClosureTree(keyCount: Int) throws {
        let context = try makeContext()
        let descriptors = [SortDescriptor(key: "name"), SortDescriptor(key: "age", ascending: false),
                           SortDescriptor(key: "active")].prefix(keyCount)
        let controller = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Customer", sortDescriptors: Array(descriptors)),
            managedObjectContext: context)
        let closure = controller.makeOrder()
        let fast = OrderStatisticTree(order: EntryOrder(Array(descriptors)))
        let general = OrderStatisticTree(areInIncreasingOrder: closure)
        var rng = SplitMix64(seed: 13)
        var live: [ResultEntry] = []        // owns the entries the fast tree borrows
        for step in 0..<3000 {
            if live.isEmpty || rng.next() % 3 != 0 {
                let object = try insert(context, "o\(step)")
                let keys = (0..<keyCount).map { _ in Self.keyValues[Int(rng.next() % UInt64(Self.keyValues.count))] }
                let entry = ResultEntry(object: object, keys: keys, sectionName: "")
                live.append(entry)
                #expect(fast.insert(EntryRef(entry)) == general.insert(entry))
            } else if rng.next() % 2 == 0 {
                // A move: out by rank, new keys on the same entry, back in (as the controller does).
                let entry = live[Int(rng.next() % UInt64(live.count))]
                let rank = general.rank(of: entry)
                #expect(rank != nil)
                #expect(fast.rank(of: EntryRef(entry)) == rank)
                #expect(fast.remove(atRank: rank!).entry === general.remove(atRank: rank!))
                entry.keys = (0..<keyCount).map { _ in Self.keyValues[Int(rng.next() % UInt64(Self.keyValues.count))] }
                #expect(fast.insert(EntryRef(entry)) == general.insert(entry))
            } else {
                let i = Int(rng.next() % UInt64(live.count))
                let entry = live.remove(at: i)
                #expect(fast.remove(EntryRef(entry)) == general.remove(entry))
            }
            if step % 500 == 0 {
                #expect(fast.allElements.map { ObjectIdentifier($0.entry) } == general.allElements.map(ObjectIdentifier.init))
            }
        }
        #expect(fast.count == general.count)
        #expect(fast.allElements.map { ObjectIdentifier($0.entry) } == general.allElements.map(ObjectIdentifier.init))
        withExtendedLifetime(live) {}
    }

    @Test("an element is 48 bytes; a leaf of the controller's tree holds 64 of them")
    func elementLayout() {
        #expect(MemoryLayout<EntryRef>.stride == 48)
        #expect(OrderStatisticTree<EntryOrder>.leafCapacity == 64)
        #expect(OrderStatisticTree<ClosureTreeOrder<Int>>.leafCapacity == 128)
    }

    @Test("a moved object keeps its entry; the controller's tree holds exactly its entries")
    func movedEntryIsReused() throws {
        let context = try makeContext()
        let objects = try (0..<300).map { try insert(context, "n\(1000 + $0)", age: Int64($0 % 5)) }
        try context.processPendingChanges()
        let controller = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "age"),
                                                                                  SortDescriptor(key: "name")]),
            managedObjectContext: context, sectionNameKeyPath: "age")
        let recorder = Recorder()
        controller.delegate = recorder
        try controller.performFetch()
        let before = objects.map { controller.entries[ObjectIdentifier($0)]! }
        for (i, o) in objects.enumerated() where i % 7 == 0 {
            try set(o, "name", .string("m\(300 - i)"))
            if i % 21 == 0 { try set(o, "age", .integer(Int64((i + 2) % 5))) }
        }
        try context.processPendingChanges()
        for (o, entry) in zip(objects, before) { #expect(controller.entries[ObjectIdentifier(o)] === entry) }
        let inTree = controller.tree!.allElements.map { ObjectIdentifier($0.entry) }
        #expect(Set(inTree) == Set(controller.entries.values.map(ObjectIdentifier.init)))
        #expect(inTree.count == controller.entries.count)
        let fresh = try context.fetch(FetchRequest(entityName: "Customer", sortDescriptors: [
            SortDescriptor(key: "age"), SortDescriptor(key: "name")]))
        #expect(controller.fetchedObjects!.map(ObjectIdentifier.init) == fresh.map(ObjectIdentifier.init))
    }
}
