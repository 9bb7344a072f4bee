import FetchedResults

/// A diffable data source (`UICollectionViewDiffableDataSource` / `UITableViewDiffableDataSource`): the
/// view's content is a ``DiffableDataSourceSnapshot``; ``apply(_:animatingDifferences:)`` computes the
/// batch update from the current snapshot to the new one and performs it on the view, which validates it
/// like any other batch.
///
/// ```swift
/// let source = DiffableDataSource(collectionView: view) { view, indexPath, item in
///     let cell = try view.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
///     cell["text"] = .string(item.description)
///     return cell
/// }
/// var snapshot = DiffableDataSourceSnapshot()
/// try snapshot.appendSections(["main"])
/// try snapshot.appendItems(["a", "b"])
/// try source.apply(snapshot)
/// ```
///
/// The update: sections and items that left are deleted (old indexes), new ones inserted (new indexes);
/// among the sections (and the items of a section) present in both, the fewest moves that restore the new
/// order (the ones outside a longest increasing subsequence); an item that changed section is moved, unless
/// its old section is deleted (then it is inserted) or its new section is inserted (then it is deleted).
/// Marked items are reloaded at their old paths (reconfigured after the batch when they also moved), marked
/// sections reloaded; reconfigured items are reconfigured after the batch. The first apply to a view that
/// never loaded its data just loads it.
public final class DiffableDataSource: CollectionViewDataSource {
    /// Makes the cell of an item: `(view, indexPath, itemIdentifier)`.
    public typealias CellProvider = (CollectionView, IndexPath, DiffableIdentifier) throws -> CollectionReusableView?
    /// Makes a supplementary view: `(view, kind, indexPath)`.
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) throws -> CollectionReusableView?

    /// The view (weak: the view holds its data source).
    public private(set) weak var collectionView: CollectionView?
    let cellProvider: CellProvider
    /// Makes supplementary views for ``supplementaryElementKinds``.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// The kinds of supplementary views each section shows (the layout's question).
    public var supplementaryElementKinds: [String] = []
    /// The snapshot the view shows.
    public private(set) var current = DiffableDataSourceSnapshot()

    /// Creates a data source and makes it the view's data source.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot (`snapshot()`).
    public func snapshot() -> DiffableDataSourceSnapshot { current.withoutMarks }

    /// The item at an index path, or nil.
    public func itemIdentifier(for indexPath: IndexPath) -> DiffableIdentifier? {
        guard indexPath.section >= 0, indexPath.section < current.sectionItems.count, indexPath.item >= 0,
              indexPath.item < current.sectionItems[indexPath.section].count else { return nil }
        return current.sectionItems[indexPath.section][indexPath.item]
    }

    /// The index path of an item, or nil.
    public func indexPath(for identifier: DiffableIdentifier) -> IndexPath? {
        current.indexPath(ofItem: identifier).map { IndexPath(section: $0.section, item: $0.item) }
    }

    /// Replaces the content without a batch (`applySnapshotUsingReloadData(_:)`).
    /// - Throws: what the view's reload throws; the data source then keeps its previous snapshot.
    public func applySnapshotUsingReloadData(_ snapshot: DiffableDataSourceSnapshot) throws {
        let old = current
        current = snapshot.withoutMarks
        do { try collectionView?.reloadData() } catch {
            current = old
            throw error
        }
    }

    /// Applies a snapshot: computes the batch update and performs it (`apply(_:animatingDifferences:)`).
    /// Since iOS 15 an apply without animation also diffs; `animatingDifferences` is only traced.
    /// - Throws: the view's validation error (UIKit's message) or what the cell provider throws; the data
    ///   source and the view then keep what they had.
    /// - Parameter objectNames: The snapshot's sections with the names of the objects its items stand for,
    ///   as the trace shows them (a fetched results controller's snapshot); default: the identifiers.
    public func apply(_ snapshot: DiffableDataSourceSnapshot, animatingDifferences: Bool = true,
                      objectNames: [CollectionViewEvent.SnapshotSection]? = nil) throws {
        guard let view = collectionView else { current = snapshot.withoutMarks; return }
        if view.onEvent != nil {
            let sections = objectNames ?? zip(snapshot.sectionIdentifiers, snapshot.sectionItems).map {
                CollectionViewEvent.SnapshotSection(name: $0.description, items: $1.map(\.description))
            }
            view.report(.apply(sections: sections, itemsAreObjects: objectNames != nil,
                               animatingDifferences: animatingDifferences))
        }
        guard view.isLoaded else {
            try applySnapshotUsingReloadData(snapshot)
            return
        }
        let old = current
        let plan = DiffableDifference(from: old, to: snapshot)
        do {
            try view.performBatchUpdates { batch in
                plan.record(in: batch)
                current = snapshot.withoutMarks
            }
        } catch {
            current = old
            throw error
        }
        let reconfigure = plan.reconfiguredPaths
        if !reconfigure.isEmpty { try view.reconfigureItems(at: reconfigure) }
    }

    // MARK: - CollectionViewDataSource

    /// The number of sections of the current snapshot.
    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    /// The number of items of a section of the current snapshot.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section >= 0 && section < current.sectionItems.count ? current.sectionItems[section].count : 0
    }

    /// The cell provider's cell for the item at the path.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> CollectionReusableView? {
        guard let item = itemIdentifier(for: indexPath) else { return nil }
        return try cellProvider(collectionView, indexPath, item)
    }

    /// The kinds the layout asks for.
    public func supplementaryElementKinds(in collectionView: CollectionView) -> [String] { supplementaryElementKinds }

    /// The supplementary view provider's view.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) throws -> CollectionReusableView? {
        try supplementaryViewProvider?(collectionView, kind, indexPath)
    }
}
