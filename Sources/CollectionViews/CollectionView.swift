import FetchedResults
import ObjectGraph

/// A collection view (`UICollectionView`) that asks its data source for counts, cells and supplementary
/// views, reuses its cells, and validates every batch update exactly as UIKit does.
///
/// The view shows what it last **loaded**: ``reloadData()`` (or the first question about the content) asks
/// the data source for the counts and for the cell of every visible item. ``performBatchUpdates(_:)``
/// takes the counts the view shows as the counts before, runs the block, asks for the counts after it,
/// validates with ``BatchUpdateValidator`` and applies UIKit's processing model: deleted items go, moved
/// items keep their cell, inserted and reloaded items get a cell from the data source. When the validation
/// fails the view keeps what it showed and the error carries UIKit's message. A view that never loaded its
/// data does not validate a batch (see ``performBatchUpdates(_:)``).
///
/// ```swift
/// let view = CollectionView()
/// view.register(className: "Cell", forCellWithReuseIdentifier: "Cell")
/// view.dataSource = numbers
/// try view.reloadData()
/// try view.performBatchUpdates { $0.insertItems(at: [IndexPath(section: 0, item: 3)]) }
/// ```
///
/// Cells are reused as UIKit reuses them: a cell whose item is deleted, reloaded or leaves the visible
/// window (``visibleItemCount``, ``firstVisibleItem``) goes back to the pool of its reuse identifier, and
/// ``dequeueReusableCell(withReuseIdentifier:for:)`` hands it out again after calling the registration's
/// `prepareForReuse`. The view keeps its data source strongly (UIKit's reference is weak). Each load, batch
/// and reconfiguration is reported to ``onEvent`` as one line (see `docs/table-views.md`).
///
/// ## Topics
/// - Content: ``reloadData()``, ``numberOfSections()``, ``numberOfItems(inSection:)``, ``snapshot()``,
///   ``cellForItem(at:)``, ``isLoaded``
/// - Updates: ``performBatchUpdates(_:)``, ``update(_:)``, ``reconfigureItems(at:)``
/// - Reuse: ``register(className:forCellWithReuseIdentifier:prepareForReuse:)``,
///   ``dequeueReusableCell(withReuseIdentifier:for:)``, ``visibleItemCount``, ``scrollToItem(at:)``
/// - Selection and delegates: ``delegate``, ``prefetchDataSource``, ``selectItem(at:)``,
///   ``deselectItem(at:)``, ``indexPathsForSelectedItems``, ``setEditing(_:)``, ``showUserMove(from:to:)``
public class CollectionView {
    /// Prepares a cell that is about to be reused (`prepareForReuse()`).
    public typealias PrepareForReuse = (CollectionReusableView) throws -> Void

    /// Whose words the messages use.
    public let wording: BatchUpdateValidator.Wording
    /// The name shown in the trace (`cv` by default, `tv` for a table view).
    public var name: String
    /// The data source, held strongly. Setting it makes the view forget what it loaded (UIKit reloads a
    /// view whose data source changes).
    public var dataSource: CollectionViewDataSource? {
        didSet {
            guard updateDepth == 0 else { return }
            if let displayed { enqueueAll(displayed) }
            displayed = nil
            selection = []
        }
    }
    /// Receives one event per load, batch update, reconfiguration, selection and scroll (its
    /// ``CollectionViewEvent/description`` is the trace line).
    public var onEvent: ((CollectionViewEvent) -> Void)?
    /// Called with each batch that passed validation, just before the view applies it (the view still shows
    /// what it showed before). Nil by default: `ripple run --report` sets it to mark the batch's rows.
    public var onValidatedBatch: ((CollectionView, BatchUpdate) -> Void)?
    /// The iOS release whose behaviour the view reproduces (shared with the script engine).
    public var platform = PlatformSettings()
    /// The number of batch updates applied so far.
    public internal(set) var batchUpdateCount = 0

    /// How many items (counted across sections, from ``firstVisibleItem``) have a cell; nil: all of them.
    /// Set it with ``setVisibleItemCount(_:)``. (A change marks the content as not yet filled for the window.)
    public internal(set) var visibleItemCount: Int? {
        didSet { if visibleItemCount != oldValue { displayedIsComplete = false } }
    }
    /// The first visible item, counted across sections (the scroll position); 0 by default. (A change marks
    /// the content as not yet filled for the window.)
    public internal(set) var firstVisibleItem = 0 {
        didSet { if firstVisibleItem != oldValue { displayedIsComplete = false } }
    }
    /// The delegate, held strongly (UIKit's reference is weak); the view calls its display methods.
    public var delegate: CollectionViewDelegate?
    /// The prefetching data source, held strongly; told about the items ahead of the window as the view
    /// scrolls (``scrollToItem(at:)``).
    public var prefetchDataSource: CollectionViewDataSourcePrefetching? {
        didSet { prefetched = [] }
    }
    /// Whether a person's taps add to the selection instead of replacing it (`allowsMultipleSelection`).
    public var allowsMultipleSelection = false
    /// Whether the view is in editing mode (`isEditing`, `setEditing(_:animated:)`).
    public var isEditing = false
    /// Whether the view is hidden (`isHidden`): a person cannot touch a hidden view.
    public var isHidden = false
    /// The selected items (see ``indexPathsForSelectedItems``).
    var selection: Set<IndexPath> = []
    /// How many ``notifyingDisplay(_:)`` calls are running (only the outermost one notifies).
    var displayNotificationDepth = 0
    /// The items told to the prefetching data source and neither displayed nor cancelled since.
    var prefetched: [IndexPath] = []
    /// While ``reconfigureItems(at:)`` asks for one cell: the cell shown there, which dequeuing its
    /// identifier returns without `prepareForReuse`.
    var reconfiguringCell: CollectionReusableView?
    /// The last move a person made (``showUserMove(from:to:)``) since the view's last batch or reload.
    var lastUserMove: (from: IndexPath, to: IndexPath)?

    struct CellClass {
        var className: String
        var prepareForReuse: PrepareForReuse?
    }

    var cellClasses: [String: CellClass] = [:]
    var supplementaryClasses: [String: String] = [:]
    /// Cells waiting to be reused, by reuse identifier (last in, first out).
    var reusePool: [String: [CollectionReusableView]] = [:]
    /// What the view loaded (nil: never loaded, or forgotten). Any assignment clears
    /// ``displayedIsComplete``; the code that knows better sets it again after the assignment.
    var displayed: [CollectionViewSection]? {
        didSet { displayedIsComplete = false }
    }
    /// True when the cells of ``displayed`` are exactly those of the visible items (every item without a
    /// visible window): it was last filled for the current window, so a batch can be applied in place
    /// (`applyInPlace`) without looking at every item.
    var displayedIsComplete = false
    /// Whether batches on a complete view take `applyInPlace` (tests turn it off to compare both paths).
    var allowsInPlaceUpdates = true
    /// Whether a batch that fails validation leaves the view showing its data source's content, as
    /// after `reloadData` (false: the view keeps what it showed, as UIKit's state when it raised). The
    /// Lua bindings turn it on, so that a script's later batches start from a consistent view.
    public var reloadsAfterFailedBatch = false
    var pendingBatch: BatchUpdate?
    var pendingBefore: [Int] = []
    /// True while the open batch began on a view that had not loaded its data.
    var pendingUnloaded = false
    /// True while the open batch began with the view asking its data source for the counts before.
    var pendingSampledCounts = false
    var updateDepth = 0 {
        didSet { OpenBatchUpdates.didChange(from: oldValue, to: updateDepth) }
    }
    /// While a ``transaction(_:)`` runs: each reused cell with the fields it had when it was dequeued.
    var reuseJournal: [(cell: CollectionReusableView, content: [String: Value], reuseCount: Int)]?
    /// How many operations are asking the data source for content right now (re-entrancy guard).
    var busyDepth = 0

    /// Creates an empty collection view.
    public convenience init() { self.init(wording: .collectionView, name: "cv") }

    init(wording: BatchUpdateValidator.Wording, name: String) {
        self.wording = wording
        self.name = name
    }

    deinit {
        // A view freed with its batch still open (`beginUpdates` without `endUpdates`) no longer counts.
        OpenBatchUpdates.didChange(from: updateDepth, to: 0)
    }

    /// `item` / `row` in the trace.
    var itemWord: String { wording == .tableView ? "Row" : "Item" }

    /// Tells the listener (``onEvent``) of an event, if there is one.
    func report(_ kind: CollectionViewEvent.Kind) {
        onEvent?(CollectionViewEvent(view: name, itemWord: itemWord, kind: kind))
    }

    // MARK: - Content

    /// Whether the view has loaded its data (after ``reloadData()`` or any question about its content).
    public var isLoaded: Bool { displayed != nil }

    /// What the view shows, without asking its data source anything (nil when it has not loaded): the
    /// sections with a slot per item, a cell in the slots of the visible items.
    public var loadedSections: [CollectionViewSection]? { displayed }

    /// Asks the data source for everything again (`reloadData()`). Visible cells go back to the reuse
    /// pool first, so the new cells may be the old ones. Inside a batch, the batch is dropped when it ends
    /// and the view loads afresh.
    /// - Throws: what the data source throws; the view then keeps what it showed.
    public func reloadData() throws {
        try checkNotBusy("reloadData")
        report(.reloadData)
        guard updateDepth == 0 else {
            if let displayed { enqueueAll(displayed) }
            displayed = nil
            selection = []
            return
        }
        try notifyingDisplay {
            try transaction {
                if let displayed { enqueueAll(displayed) }
                displayed = try load()
                displayedIsComplete = true
            }
            selection = []
            prefetched = []
            lastUserMove = nil
        }
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
        return sections[section].numberOfItems
    }

    /// The cell shown at an index path (`cellForItem(at:)`), or nil when there is none or it is not visible.
    public func cellForItem(at indexPath: IndexPath) throws -> CollectionReusableView? {
        let sections = try content()
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
              indexPath.item < sections[indexPath.section].numberOfItems else { return nil }
        return sections[indexPath.section].slots[indexPath.item]
    }

    /// The index paths of the visible items, in order (`indexPathsForVisibleItems`).
    public func indexPathsForVisibleItems() throws -> [IndexPath] {
        var paths: [IndexPath] = []
        for (s, section) in try content().enumerated() {
            for (i, slot) in section.slots.enumerated() where slot != nil { paths.append(IndexPath(section: s, item: i)) }
        }
        return paths
    }

    /// What the view shows: every section with its cells and supplementary views.
    public func snapshot() throws -> [CollectionViewSection] { try content() }

    func content() throws -> [CollectionViewSection] {
        if let displayed { return displayed }
        try checkNotBusy("a method that needs its content")
        report(.reloadDataIfNeeded)
        return try notifyingDisplay {
            try transaction {
                let loaded = try load()
                displayed = loaded
                displayedIsComplete = true
                return loaded
            }
        }
    }

    /// The number of sections the data source reports (one when there is no data source, as UIKit).
    func dataSourceSectionCount() throws -> Int {
        guard let dataSource else { return 1 }
        return try checkedCount(try dataSource.numberOfSections(in: self), what: "numberOfSections", section: nil)
    }

    /// The number of items the data source reports for a section (none without a data source).
    func dataSourceItemCount(_ section: Int) throws -> Int {
        guard let dataSource else { return 0 }
        return try checkedCount(try dataSource.collectionView(self, numberOfItemsInSection: section),
                                what: wording == .tableView ? "numberOfRowsInSection" : "numberOfItemsInSection",
                                section: section)
    }

    /// The counts the data source reports now, one per section.
    func dataSourceCounts() throws -> [Int] {
        try (0..<dataSourceSectionCount()).map { try dataSourceItemCount($0) }
    }

    /// The largest count a data source may return (per section, and for the number of sections): a view
    /// keeps one slot per item, so a runaway count is an error rather than an exhausted memory.
    public static let maximumCount = 10_000_000

    func checkedCount(_ count: Int, what: @autoclosure () -> String, section: Int?) throws -> Int {
        if count >= 0 && count <= Self.maximumCount { return count }
        let place = section.map { " for section \($0)" } ?? ""
        let what = what()
        guard count >= 0 else {
            throw CollectionViewsError(.invalidArgument, "the data source returned \(count) from \(what)\(place): a count cannot be negative")
        }
        guard count <= Self.maximumCount else {
            throw CollectionViewsError(.invalidArgument, "the data source returned \(count) from \(what)\(place): more than Ripple's limit of \(Self.maximumCount)")
        }
        return count
    }

    /// Asks the data source for everything (the counts, then the visible cells).
    func load() throws -> [CollectionViewSection] {
        let counts = try dataSourceCounts()
        var sections = try counts.indices.map {
            CollectionViewSection(slots: [CollectionReusableView?](repeating: nil, count: counts[$0]),
                                  supplementaryViews: try makeSupplementaryViews($0))
        }
        try fillVisibleCells(&sections)
        return sections
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
        for kind in try dataSource.supplementaryElementKinds(in: self) {
            let path = IndexPath(section: section, item: 0)
            if let view = try dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: path) {
                views.append((kind, view))
            }
        }
        return views
    }

    /// Asks the data source for the cells at these paths again, in place, without an animation
    /// (`reconfigureItems(at:)`). Paths that are not shown or not visible are ignored. Dequeuing the
    /// shown cell's reuse identifier meanwhile returns the shown cell itself, without `prepareForReuse`
    /// (UIKit's documented difference from a reload); the selection is kept.
    /// - Throws: what the data source throws; the view then keeps what it showed.
    public func reconfigureItems(at indexPaths: [IndexPath]) throws {
        guard !indexPaths.isEmpty else { return }
        try checkNotBusy("reconfigure\(itemWord)s")
        _ = try content()
        let sorted = Array(Set(indexPaths)).sorted()
        // The new cells are made while the view still shows the old ones, then put in place (each path is
        // visited once, so the cell a path gives back is always the one it showed).
        var made: [(path: IndexPath, cell: CollectionReusableView)] = []
        try transaction {
            let sections = displayed!
            for p in sorted where p.section >= 0 && p.section < sections.count && p.item >= 0
                && p.item < sections[p.section].numberOfItems {
                guard let old = sections[p.section].slots[p.item] else { continue }
                // UIKit: "Because this method reconfigures existing cells, the collection view doesn't
                // call prepareForReuse for each cell dequeued": dequeuing the shown cell's identifier
                // gives that cell back as it is.
                reconfiguringCell = old
                defer { reconfiguringCell = nil }
                let cell = try makeCell(at: p)
                if cell !== old { enqueue(old) }
                made.append((p, cell))
            }
        }
        let wasComplete = displayedIsComplete
        // Forgotten by a data source method meanwhile (see `applyInPlace`): the view loads at its next question.
        guard var sections = displayed else { return }
        displayed = nil
        for (p, cell) in made { sections[p.section].slots[p.item] = cell }
        displayed = sections
        displayedIsComplete = wasComplete
        report(.reconfigure(sorted))
    }
}

extension CollectionView {
    /// Whether the view is asking its data source for content (a data source method is running).
    public var isAskingDataSource: Bool { busyDepth > 0 }

    /// Refuses a call made from inside a data source method while the view asks for its content (UIKit:
    /// "… while it was in the process of updating its visible cells, which is not allowed").
    func checkNotBusy(_ call: String) throws {
        guard busyDepth > 0 else { return }
        throw CollectionViewsError(.invalidUpdate, "attempted to call \(call) on the \(wording.view) while it was asking its data source for its content, which is not allowed")
    }

    /// Runs `body`; when it throws, puts back what the view showed, its reuse pool, and the fields of every
    /// pooled cell that was dequeued (and possibly reconfigured) meanwhile. Only reused cells are recorded,
    /// so the cost grows with the number of cells reused, not with the number shown.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        let displayed = self.displayed, pool = reusePool, complete = displayedIsComplete
        let outermost = reuseJournal == nil
        if outermost { reuseJournal = [] }
        let start = reuseJournal!.count
        busyDepth += 1
        defer {
            busyDepth -= 1
            if outermost { reuseJournal = nil }
        }
        do {
            return try body()
        } catch {
            for entry in reuseJournal![start...].reversed() {
                entry.cell.content = entry.content
                entry.cell.reuseCount = entry.reuseCount
            }
            reuseJournal!.removeSubrange(start...)
            self.displayed = displayed
            displayedIsComplete = complete
            reusePool = pool
            throw error
        }
    }
}
