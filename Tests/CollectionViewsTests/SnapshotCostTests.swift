import Testing
@testable import CollectionViews

/// A diffable snapshot's lookup work grows linearly with its items (it grew quadratically: every appended
/// identifier was searched for in every section), counted in lookup steps
/// (``DiffableDataSourceSnapshot/workCounter``: identifiers looked up and items scanned), not in time.
@Suite struct SnapshotCostTests {
    /// The steps `body` takes.
    func steps(_ body: () throws -> Void) rethrows -> Int {
        let counter = DiffableDataSourceSnapshot.WorkCounter()
        try DiffableDataSourceSnapshot.$workCounter.withValue(counter) { try body() }
        return counter.steps
    }

    /// A snapshot of `n` items in 100 sections, built as the fetched-results snapshot delegate builds one:
    /// the sections, then each section's items in one call.
    func sectioned(_ n: Int) throws -> DiffableDataSourceSnapshot {
        var snapshot = DiffableDataSourceSnapshot()
        let sections = (0..<100).map { DiffableIdentifier.integer(Int64($0)) }
        try snapshot.appendSections(sections)
        for s in 0..<100 {
            try snapshot.appendItems(stride(from: s, to: n, by: 100).map { .string("item \($0)") }, toSection: sections[s])
        }
        return snapshot
    }

    /// Checks that four times the items cost at most 4.5 times the steps.
    func expectLinear(_ what: String, _ small: Int, _ large: Int) {
        #expect(small > 0, "\(what): no steps counted")
        #expect(Double(large) / Double(max(small, 1)) <= 4.5, "\(what): \(small) steps for 2,000 items, \(large) for 8,000")
    }

    @Test("building a sectioned snapshot (the fetched-results snapshot delegate's path) is linear")
    func sectionedBuild() throws {
        let small = try steps { _ = try sectioned(2_000) }
        let large = try steps { _ = try sectioned(8_000) }
        expectLinear("sectioned build", small, large)
        #expect(small <= 2 * 2_000)
    }

    @Test("appending one item at a time to one section is linear")
    func oneByOne() throws {
        func build(_ n: Int) throws -> Int {
            try steps {
                var snapshot = DiffableDataSourceSnapshot()
                try snapshot.appendSections(["main"])
                for i in 0..<n { try snapshot.appendItems([.integer(Int64(i))]) }
            }
        }
        expectLinear("append one by one", try build(2_000), try build(8_000))
    }

    @Test("reloading, reconfiguring, deleting and moving many items is linear, and finds the right items")
    func marksAndDeletes() throws {
        func run(_ n: Int) throws -> (Int, DiffableDataSourceSnapshot) {
            var snapshot = try sectioned(n)
            let some = stride(from: 0, to: n, by: 2).map { DiffableIdentifier.string("item \($0)") }
            let count = try steps {
                try snapshot.reloadItems(some)
                try snapshot.reconfigureItems(some)
                snapshot.deleteItems(stride(from: 1, to: n, by: 4).map { .string("item \($0)") })
                // Appending existing items moves them (UIKit's warning for each).
                let moved = stride(from: 0, to: n, by: 8).map { DiffableIdentifier.string("item \($0)") }
                let warnings = try snapshot.appendItems(moved, toSection: .integer(0))
                #expect(warnings.count == moved.count)
            }
            return (count, snapshot)
        }
        let (small, s) = try run(2_000)
        let (large, _) = try run(8_000)
        expectLinear("marks, deletes and moves", small, large)
        // The result is the one of the list operations.
        #expect(s.numberOfItems == 2_000 - 500)
        #expect(s.indexPath(ofItem: "item 1") == nil)
        #expect(s.sectionIdentifier(containingItem: "item 8") == .integer(0))
        #expect(try s.itemIdentifiers(inSection: .integer(0)).suffix(2) == ["item 1984", "item 1992"])
        #expect(s.reloadedItemIdentifiers.count == 1_000)
    }

    @Test("the index follows section inserts, moves and deletes")
    func sectionOperations() throws {
        var snapshot = DiffableDataSourceSnapshot()
        try snapshot.appendSections(["a", "c"])
        try snapshot.appendItems(["1", "2"], toSection: "a")
        try snapshot.appendItems(["3"], toSection: "c")
        try snapshot.insertSections(["b"], relativeTo: "c", after: false)
        try snapshot.appendItems(["4"], toSection: "b")
        #expect(snapshot.indexPath(ofItem: "3")! == (2, 0))
        try snapshot.moveSection("a", relativeTo: "c", after: true)
        #expect(snapshot.sectionIdentifiers == ["b", "c", "a"])
        #expect(snapshot.indexPath(ofItem: "2")! == (2, 1))
        #expect(snapshot.indexOfItem("2") == 3)
        snapshot.deleteSections(["b"])
        #expect(snapshot.indexPath(ofItem: "4") == nil)
        #expect(snapshot.indexPath(ofItem: "1")! == (1, 0))
        try snapshot.moveItem("1", relativeTo: "3", after: false)
        #expect(snapshot.description == "c: 1, 3; a: 2")
        #expect(snapshot.sectionIdentifier(containingItem: "1") == "c")
        // Equality is by content: the same content built another way is equal.
        var other = DiffableDataSourceSnapshot()
        try other.appendSections(["c", "a"])
        try other.appendItems(["1", "3"], toSection: "c")
        try other.appendItems(["2"], toSection: "a")
        #expect(other == snapshot)
        // A deleted item can come back.
        try snapshot.appendItems(["4"])
        #expect(snapshot.indexPath(ofItem: "4")! == (1, 1))
    }
}
