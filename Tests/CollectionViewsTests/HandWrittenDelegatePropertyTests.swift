import CollectionViews
import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

/// A table view controller written as apps write it: it owns a fetched-results controller, is its delegate
/// (`beginUpdates` … `endUpdates`) and is its table view's data source. `mistake` selects one of the classic
/// bugs; `.none` is the documented correct pattern.
final class ContactsTableController: CollectionViewDataSource, FetchedResultsControllerDelegate {
    enum Mistake: CaseIterable {
        case none
        /// Reloads updated rows at `newIndexPath` instead of `indexPath`.
        case reloadAtNewIndexPath
        /// Ignores `didChangeSection`.
        case forgetsSections
        /// Counts rows from an array refreshed after `endUpdates`.
        case staleRowCount
    }

    let mistake: Mistake
    let tableView = TableView()
    let controller: FetchedResultsController
    var rowCounts: [Int] = []
    /// The operations of the current change, as the correct delegate would issue them (for the test).
    var correctReloads: Set<IndexPath> = []
    var buggyReloads: Set<IndexPath> = []
    var sectionChanges = 0
    var countChanges = 0

    init(context: ManagedObjectContext, mistake: Mistake) throws {
        self.mistake = mistake
        controller = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Person", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "name")]),
            managedObjectContext: context, sectionNameKeyPath: "group", cacheName: nil)
        tableView.register(className: "Cell", forCellWithReuseIdentifier: "Cell")
        controller.delegate = self
        try controller.performFetch()
        tableView.dataSource = self
        refreshCounts()
        try tableView.reloadData()
    }

    func refreshCounts() { rowCounts = (controller.sections ?? []).map(\.numberOfObjects) }

    // Data source.
    func numberOfSections(in collectionView: CollectionView) -> Int {
        mistake == .staleRowCount ? rowCounts.count : controller.sections?.count ?? 0
    }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        mistake == .staleRowCount ? rowCounts[section] : controller.sections![section].numberOfObjects
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionReusableView? {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        cell["text"] = try controller.object(at: indexPath).value(forKey: "name")
        return cell
    }

    // Delegate.
    func controllerWillChangeContent(_ controller: FetchedResultsController) throws {
        correctReloads = []; buggyReloads = []; sectionChanges = 0; countChanges = 0
        try tableView.beginUpdates()
    }
    func controller(_ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) throws {
        sectionChanges += 1
        if mistake == .forgetsSections { return }
        if type == .insert { try tableView.insertSections([sectionIndex]) } else { try tableView.deleteSections([sectionIndex]) }
    }
    func controller(_ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) throws {
        switch type {
        case .insert:
            countChanges += 1
            try tableView.insertRows(at: [newIndexPath!])
        case .delete:
            countChanges += 1
            try tableView.deleteRows(at: [indexPath!])
        case .move:
            countChanges += 1
            try tableView.deleteRows(at: [indexPath!])
            try tableView.insertRows(at: [newIndexPath!])
        case .update:
            correctReloads.insert(indexPath!)
            buggyReloads.insert(newIndexPath ?? indexPath!)
            try tableView.reloadRows(at: [mistake == .reloadAtNewIndexPath ? newIndexPath ?? indexPath! : indexPath!])
        }
    }
    func controllerDidChangeContent(_ controller: FetchedResultsController) throws {
        try tableView.endUpdates()
        refreshCounts()
    }

    /// Whether this change is one the mistake gets wrong.
    var exposesMistake: Bool {
        switch mistake {
        case .none: return false
        case .reloadAtNewIndexPath: return correctReloads != buggyReloads
        case .forgetsSections: return sectionChanges > 0
        case .staleRowCount: return countChanges > 0
        }
    }
}

@Suite struct HandWrittenDelegatePropertyTests {
    func shown(_ view: CollectionView) throws -> [[String]] {
        try view.snapshot().map { section in section.cells.map { $0["text"].stringValue ?? "?" } }
    }

    func expected(_ context: ManagedObjectContext) throws -> [[String]] {
        try FetchedDataSourcePropertyTests().expected(context, limit: 0)
    }

    /// Random saves of inserts, deletes, renames and group changes.
    func randomSave(_ context: ManagedObjectContext, _ random: inout SplitMix64, _ counter: inout Int) throws {
        let people = try context.fetch(FetchRequest(entityName: "Person", sortDescriptors: [SortDescriptor(key: "name")]))
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            counter += 1
            let name = String(UnicodeScalar(UInt8(65 + Int.random(in: 0..<26, using: &random)))) + String(counter)
            let action = Int.random(in: 0..<4, using: &random)
            if action == 0 || people.isEmpty {
                _ = try context.insertObject(entityName: "Person", values: [
                    ("name", .string(name)), ("group", .integer(Int64.random(in: 0..<4, using: &random))),
                ])
                continue
            }
            let person = people[Int.random(in: 0..<people.count, using: &random)]
            if person.isDeleted { continue }
            switch action {
            case 1: try context.delete(person)
            case 2: try person.setValue(.integer(Int64.random(in: 0..<4, using: &random)), forKey: "group")
            default: try person.setValue(.string(name), forKey: "name")
            }
        }
    }

    @Test("the documented delegate never fails validation and always equals a fresh fetch", arguments: [11, 12, 13, 14])
    func correctDelegate(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let context = try makePeopleContext()
        let screen = try ContactsTableController(context: context, mistake: .none)
        var counter = 0
        for step in 0..<80 {
            try randomSave(context, &random, &counter)
            try context.save()
            #expect(try shown(screen.tableView) == expected(context), "seed \(seed) step \(step)")
        }
        #expect(screen.tableView.batchUpdateCount > 40)
    }

    @Test("a broken delegate fails on the first save that exposes its mistake",
          arguments: [ContactsTableController.Mistake.reloadAtNewIndexPath, .forgetsSections, .staleRowCount])
    func brokenDelegate(mistake: ContactsTableController.Mistake) throws {
        for seed in [21, 22, 23] as [UInt64] {
            var random = SplitMix64(seed: seed)
            let context = try makePeopleContext()
            let screen = try ContactsTableController(context: context, mistake: mistake)
            var counter = 0
            var failedAt: Int?
            for step in 0..<80 {
                try randomSave(context, &random, &counter)
                let before = try shown(screen.tableView)
                var threw = false
                do { try context.save() } catch { threw = true }
                let consistent = try !threw && shown(screen.tableView) == expected(context)
                if screen.exposesMistake {
                    #expect(!consistent, "\(mistake) seed \(seed) step \(step): exposed but passed")
                    if threw { #expect(try shown(screen.tableView) == before, "the table keeps what it showed") }
                    failedAt = step
                    break
                }
                #expect(consistent, "\(mistake) seed \(seed) step \(step): failed before being exposed")
            }
            #expect(failedAt != nil, "\(mistake) seed \(seed): never exposed")
        }
    }
}
