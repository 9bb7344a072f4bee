import CollectionViews
import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

@Suite struct DiffableDataSourceTests {
    func makeSource() -> (CollectionView, DiffableDataSource, [String]) {
        let view = CollectionView()
        view.register(className: "Cell", forCellWithReuseIdentifier: "Cell")
        let source = DiffableDataSource(collectionView: view) { view, indexPath, item in
            let cell = try view.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
            cell["text"] = .string(item.description)
            return cell
        }
        return (view, source, [])
    }

    func shown(_ view: CollectionView) throws -> [[String]] {
        try view.snapshot().map { $0.cells.map { $0["text"].stringValue ?? "?" } }
    }

    /// A random snapshot over sections s0…s5 and items 0…29, each used at most once.
    func randomSnapshot(_ random: inout SplitMix64) throws -> DiffableDataSourceSnapshot {
        var snapshot = DiffableDataSourceSnapshot()
        let sections = (0..<6).map { DiffableIdentifier.string("s\($0)") }.shuffled(using: &random)
            .prefix(Int.random(in: 0...5, using: &random))
        try snapshot.appendSections(Array(sections))
        guard !sections.isEmpty else { return snapshot }
        for item in (0..<30).shuffled(using: &random).prefix(Int.random(in: 0...20, using: &random)) {
            try snapshot.appendItems([.integer(Int64(item))], toSection: sections.randomElement(using: &random)!)
        }
        return snapshot
    }

    @Test("random applies: every computed batch passes UIKit's validation and the view equals the snapshot",
          arguments: [1, 2, 3, 4, 5])
    func randomApplies(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (view, source, _) = makeSource()
        var lines: [String] = []
        view.onEvent = { lines.append($0.description) }
        for step in 0..<150 {
            var snapshot = try randomSnapshot(&random)
            let items = snapshot.itemIdentifiers
            if !items.isEmpty && Bool.random(using: &random) {
                try snapshot.reloadItems([items.randomElement(using: &random)!])
            }
            try source.apply(snapshot, animatingDifferences: true)
            let want = snapshot.sectionItems.map { $0.map(\.description) }
            #expect(try shown(view) == want, "seed \(seed) step \(step)")
        }
        #expect(!lines.contains { $0.contains("failed") })
        #expect(view.batchUpdateCount > 100)
    }

    @Test("an item the snapshot already has is moved, with UIKit's warning by its parts: the identifier it quotes")
    func existingItemWarning() throws {
        var snapshot = DiffableDataSourceSnapshot()
        try snapshot.appendSections(["a", "b"])
        try snapshot.appendItems([1, 2], toSection: "a")
        let warnings = try snapshot.appendItems([3, 1], toSection: "b")
        #expect(warnings == [DiffableSnapshotWarning(.existingItemIdentifier, identifier: 1)])
        #expect(warnings.first?.description == "[UIDiffableDataSource] Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Item identifier that already exists: 1")
        #expect(try snapshot.itemIdentifiers(inSection: "a") == [2] && snapshot.itemIdentifiers(inSection: "b") == [3, 1])
        #expect(try snapshot.insertItems(["x"], relativeTo: 2, after: true).isEmpty)
        #expect(try snapshot.insertItems(["x"], relativeTo: 3, after: false).map(\.identifier) == ["x"])
        #expect(try snapshot.itemIdentifiers(inSection: "b") == ["x", 3, 1])
    }

    @Test("a failing cell provider leaves the data source and the view as they were")
    func failingProvider() throws {
        let view = CollectionView()
        view.register(className: "Cell", forCellWithReuseIdentifier: "Cell")
        struct Boom: Error {}
        let source = DiffableDataSource(collectionView: view) { view, indexPath, item in
            if item == "bad" { throw Boom() }
            let cell = try view.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
            cell["text"] = .string(item.description)
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot()
        try snapshot.appendSections(["main"])
        try snapshot.appendItems(["a", "b"])
        try source.apply(snapshot)
        var next = source.snapshot()
        try next.appendItems(["bad"])
        #expect(throws: Boom.self) { try source.apply(next) }
        #expect(source.snapshot() == snapshot)
        #expect(try shown(view) == [["a", "b"]])
    }
}

@Suite struct CellReuseTests {
    @Test("cells leaving the window go to the pool and come back through prepareForReuse")
    func window() throws {
        let view = TableView()
        var prepared: [String] = []
        view.register(className: "Cell", forCellWithReuseIdentifier: "Cell") { cell in
            prepared.append(cell["text"].stringValue ?? "?")
        }
        final class Rows: CollectionViewDataSource {
            func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionReusableView? {
                let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
                cell["text"] = .string("row \(indexPath.item)")
                return cell
            }
        }
        view.dataSource = Rows()
        try view.setVisibleItemCount(4)
        try view.reloadData()
        #expect(try view.indexPathsForVisibleItems().map(\.item) == [0, 1, 2, 3])
        try view.scrollToItem(at: IndexPath(section: 0, item: 2))
        #expect(try view.indexPathsForVisibleItems().map(\.item) == [2, 3, 4, 5])
        #expect(prepared == ["row 1", "row 0"])
        #expect(try view.cellForItem(at: IndexPath(section: 0, item: 4))?.reuseCount == 1)
        #expect(view.numberOfReusableCells(withReuseIdentifier: "Cell") == 0)
        #expect(throws: CollectionViewsError.self) { try view.setVisibleItemCount(-1) }
    }

    @Test("the aggregate message lists the data source's counts and the updates")
    func aggregateMessage() {
        let batch = BatchUpdate()
        batch.deleteItems(at: [IndexPath(section: 0, item: 27384)])
        batch.insertItems(at: [IndexPath(section: 0, item: 27384)])
        #expect(BatchUpdateValidator.aggregateMessage(batch, before: [27386], after: [27385]) == "Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [27386] } Data source after updates = { 1 section with item counts: [27385] } Updates = [ Delete item (0 - 27384), Insert item (0 - 27384) ]")
    }

    @Test("the table-view aggregate message, as in a captured log")
    func tableAggregateMessage() {
        let batch = BatchUpdate()
        batch.deleteItems(at: [IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 1)])
        #expect(BatchUpdateValidator.aggregateMessage(batch, before: [3], after: [0], wording: .tableView) == "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [3] } Data source after updates = { 1 section with row counts: [0] } Updates = [ Delete row (0 - 1), Delete row (0 - 0) ]")
    }
}
