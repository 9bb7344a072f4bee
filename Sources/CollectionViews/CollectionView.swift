import FetchedResults

/// A collection view (`UICollectionView`) that asks its data source for counts, cells and supplementary
/// views, and validates every batch update exactly as UIKit does.
///
/// Every item is "on screen": loading (``reloadData()``, or the first question about the content) asks the
/// data source for every cell. ``performBatchUpdates(_:)`` samples the counts before the block (loading
/// first if the view never did, as UIKit does), runs the block, asks for the counts after it, validates
/// with ``BatchUpdateValidator`` and applies the update with UIKit's processing model: deleted items go,
/// moved items keep their cell, inserted and reloaded items get a new cell from the data source. When the
/// validation fails the view keeps what it showed and the error carries UIKit's message.
///
/// ```swift
/// let view = CollectionView()
/// view.register(className: "Cell", forCellWithReuseIdentifier: "Cell")
/// view.dataSource = numbers
/// try view.reloadData()
/// try view.performBatchUpdates { $0.insertItems(at: [IndexPath(section: 0, item: 3)]) }
/// ```
///
/// The view keeps its data source strongly (UIKit's reference is weak): a script may drop its own
/// reference to the data source. Each reload, batch and reconfiguration is reported to ``onEvent`` as one
/// line (see `docs/collection-views.md`).
///
/// ## Topics
/// - Content: ``reloadData()``, ``numberOfSections()``, ``numberOfItems(inSection:)``, ``snapshot()``,
///   ``cellForItem(at:)``
/// - Updates: ``performBatchUpdates(_:)``, ``reconfigureItems(at:)``
/// - Reuse: ``register(className:forCellWithReuseIdentifier:)``, ``dequeueReusableCell(withReuseIdentifier:for:)``
public class CollectionView {
    /// Whose words the messages use.
    public let wording: BatchUpdateValidator.Wording
    /// The name shown in the trace (`cv` by default, `tv` for a table view).
    public var name: String
    /// The data source, held strongly.
    public var dataSource: CollectionViewDataSource?
    /// Receives one line per reload, batch update and reconfiguration.
    public var onEvent: ((String) -> Void)?
    /// The number of batch updates applied so far.
    public private(set) var batchUpdateCount = 0

    var cellClasses: [String: String] = [:]
    var supplementaryClasses: [String: String] = [:]
    var displayed: [CollectionViewSection]?
    var pendingBatch: BatchUpdate?
    var pendingBefore: [Int] = []
    var updateDepth = 0

    /// Creates an empty collection view.
    public convenience init() { self.init(wording: .collectionView, name: "cv") }

    init(wording: BatchUpdateValidator.Wording, name: String) {
        self.wording = wording
        self.name = name
    }

    // MARK: - Reuse

    /// Registers a cell class (or nib) for a reuse identifier (`register(_:forCellWithReuseIdentifier:)`);
    /// nil unregisters it.
    public func register(className: String?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = className
    }

    /// Registers a supplementary view class for a kind and reuse identifier; nil unregisters it.
    public func register(className: String?, forSupplementaryViewOfKind kind: String,
                         withReuseIdentifier identifier: String) {
        supplementaryClasses[kind + "\u{0}" + identifier] = className
    }

    /// An empty cell for the identifier (`dequeueReusableCell(withReuseIdentifier:for:)`).
    /// - Throws: `.invalidCell` with UIKit's message when nothing is registered for the identifier.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) throws
        -> CollectionReusableView {
        guard let className = cellClasses[identifier] else {
            if wording == .tableView {
                throw CollectionViewsError(.invalidCell, "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
            }
            throw CollectionViewsError(.invalidCell, "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return CollectionReusableView(reuseIdentifier: identifier, className: className)
    }

    /// An empty supplementary view (`dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`).
    /// - Throws: `.invalidCell` with UIKit's message when nothing is registered for the kind and identifier.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) throws -> CollectionReusableView {
        guard let className = supplementaryClasses[kind + "\u{0}" + identifier] else {
            throw CollectionViewsError(.invalidCell, "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return CollectionReusableView(reuseIdentifier: identifier, className: className, elementKind: kind)
    }

    // MARK: - Content

    /// Forgets what the view shows and asks the data source for everything again (`reloadData()`).
    /// - Throws: what the data source throws; the view then shows nothing until it loads again.
    public func reloadData() throws {
        displayed = nil
        onEvent?("[\(name)] reloadData")
        if updateDepth == 0 { displayed = try load() }
    }

    /// The number of sections shown (`numberOfSections`), loading first if needed.
    public func numberOfSections() throws -> Int { try content().count }

    /// The number of items shown in a section (`numberOfItems(inSection:)`).
    /// - Throws: `.outOfRange` for a section that is not shown.
    public func numberOfItems(inSection section: Int) throws -> Int {
        let sections = try content()
        guard section >= 0 && section < sections.count else {
            throw CollectionViewsError(.outOfRange, "attempt to get the number of \(wording.items) in section \(section), but there are only \(sections.count) sections")
        }
        return sections[section].cells.count
    }

    /// The cell shown at an index path (`cellForItem(at:)`), or nil.
    public func cellForItem(at indexPath: IndexPath) throws -> CollectionReusableView? {
        let sections = try content()
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
              indexPath.item < sections[indexPath.section].cells.count else { return nil }
        return sections[indexPath.section].cells[indexPath.item]
    }

    /// What the view shows: every section with its cells and supplementary views.
    public func snapshot() throws -> [CollectionViewSection] { try content() }

    func content() throws -> [CollectionViewSection] {
        if let displayed { return displayed }
        let loaded = try load()
        displayed = loaded
        return loaded
    }

    /// Asks the data source for everything.
    func load() throws -> [CollectionViewSection] {
        guard let dataSource else { return [] }
        let count = dataSource.numberOfSections(in: self)
        return try (0..<max(count, 0)).map { try loadSection($0) }
    }

    func loadSection(_ section: Int) throws -> CollectionViewSection {
        let count = dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
        let cells = try (0..<max(count, 0)).map { try makeCell(at: IndexPath(section: section, item: $0)) }
        return CollectionViewSection(cells: cells, supplementaryViews: try makeSupplementaryViews(section))
    }

    func makeCell(at indexPath: IndexPath) throws -> CollectionReusableView {
        guard let cell = try dataSource?.collectionView(self, cellForItemAt: indexPath) else {
            if wording == .tableView {
                throw CollectionViewsError(.invalidCell, "UITableView dataSource returned a nil cell for row at index path: \(CollectionViewsError.describe(indexPath))")
            }
            throw CollectionViewsError(.invalidCell, "the collection view's data source returned nil from -collectionView:cellForItemAtIndexPath: for index path \(CollectionViewsError.describe(indexPath))")
        }
        return cell
    }

    func makeSupplementaryViews(_ section: Int) throws -> [(kind: String, view: CollectionReusableView)] {
        guard let dataSource else { return [] }
        var views: [(kind: String, view: CollectionReusableView)] = []
        for kind in dataSource.supplementaryElementKinds(in: self) {
            let path = IndexPath(section: section, item: 0)
            if let view = try dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: path) {
                views.append((kind, view))
            }
        }
        return views
    }

    // MARK: - Updates

    /// Runs `updates`, then validates and applies every operation it collected as one animated update
    /// (`performBatchUpdates(_:completion:)`). Nested calls join the outer batch.
    ///
    /// Update the data source **inside** the block: the counts before the update are sampled before it
    /// runs (the view loads first if it never did), the counts after it when it returns.
    /// - Throws: ``CollectionViewsError`` (`.invalidUpdate`) with UIKit's message, or what `updates` or the
    ///   data source throws; the view then keeps what it showed.
    public func performBatchUpdates(_ updates: (BatchUpdate) throws -> Void) throws {
        try begin()
        var failure: (any Error)?
        do { try updates(pendingBatch!) } catch { failure = error }
        try end(abandoning: failure)
    }

    /// Adds operations to the open batch, or performs them as a batch of their own when none is open
    /// (`insertItems(at:)` and the other single operations outside `performBatchUpdates`).
    /// - Throws: as ``performBatchUpdates(_:)``.
    public func update(_ operations: (BatchUpdate) throws -> Void) throws {
        if let pendingBatch { try operations(pendingBatch) } else { try performBatchUpdates(operations) }
    }

    /// Whether a batch is open (inside `performBatchUpdates` or `beginUpdates`).
    public var isUpdating: Bool { updateDepth > 0 }

    /// Opens a batch (or joins the open one).
    func begin() throws {
        if updateDepth == 0 {
            let before = try content().map(\.cells.count)
            pendingBatch = BatchUpdate()
            pendingBefore = before
        }
        updateDepth += 1
    }

    /// Closes a batch; the outermost close validates and applies it.
    func end(abandoning failure: (any Error)? = nil) throws {
        updateDepth -= 1
        guard updateDepth == 0, let batch = pendingBatch else {
            if let failure { throw failure }
            return
        }
        pendingBatch = nil
        if let failure { throw failure }
        let text = "[\(name)] performBatchUpdates " + batch.traceDescription(itemWord: wording == .tableView ? "Row" : "Item")
        guard let dataSource, let old = displayed else {
            // reloadData was called inside the block: the batch is dropped, the view loads afresh.
            onEvent?(text + " (dropped: reloadData)")
            displayed = try load()
            return
        }
        let after = (0..<max(dataSource.numberOfSections(in: self), 0)).map {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
        let plan: [BatchUpdateValidator.SectionSource]
        do {
            plan = try BatchUpdateValidator(wording: wording).validate(batch, before: pendingBefore, after: after)
        } catch {
            onEvent?(text + " failed: \(error)")
            throw error
        }
        var result: [CollectionViewSection] = []
        result.reserveCapacity(plan.count)
        for (t, source) in plan.enumerated() {
            switch source {
            case .new:
                result.append(try loadSection(t))
            case .old(let s, let items):
                var cells: [CollectionReusableView] = []
                cells.reserveCapacity(items.count)
                for (i, item) in items.enumerated() {
                    switch item {
                    case .new: cells.append(try makeCell(at: IndexPath(section: t, item: i)))
                    case .old(let p): cells.append(old[p.section].cells[p.item])
                    }
                }
                result.append(CollectionViewSection(cells: cells, supplementaryViews: old[s].supplementaryViews))
            }
        }
        displayed = result
        batchUpdateCount += 1
        onEvent?(text)
    }

    /// Asks the data source for the cells at these paths again, in place, without an animation
    /// (`reconfigureItems(at:)`). Paths that are not shown are ignored.
    public func reconfigureItems(at indexPaths: [IndexPath]) throws {
        guard !indexPaths.isEmpty else { return }
        var sections = try content()
        let sorted = Array(Set(indexPaths)).sorted()
        for p in sorted where p.section >= 0 && p.section < sections.count && p.item >= 0
            && p.item < sections[p.section].cells.count {
            sections[p.section].cells[p.item] = try makeCell(at: p)
        }
        displayed = sections
        onEvent?("[\(name)] reconfigure\(wording == .tableView ? "Rows" : "Items"): " + sorted.map(\.description).joined(separator: ", "))
    }
}
