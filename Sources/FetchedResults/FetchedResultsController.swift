import ObjectGraph

/// A fetched-results controller (`NSFetchedResultsController`): the results of a fetch request, split into
/// sections and kept up to date as the context changes, with delegate callbacks for each change batch.
///
/// ```swift
/// var request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "name")])
/// let controller = try FetchedResultsController(fetchRequest: request, managedObjectContext: context,
///                                               sectionNameKeyPath: "initial", cacheName: nil)
/// controller.delegate = table
/// try controller.performFetch()
/// controller.sections?[0].numberOfObjects
/// try controller.object(at: IndexPath(section: 0, item: 0))
/// ```
///
/// Changes are processed when the context posts its objects-did-change notification, and only while a
/// delegate is set (Core Data's "memory-only tracking"). Each batch costs O(k log N) for k changed
/// objects among N results: the results live in an ``OrderStatisticTree`` keyed by (sort keys, object
/// number), so an object's row is its rank. See `docs/fetched-results.md` for the reporting rules.
///
/// ## Topics
/// - Fetching: ``performFetch()``, ``fetchedObjects``, ``sections``
/// - Index paths: ``object(at:)``, ``indexPath(forObject:)``, ``sectionIndexTitles``,
///   ``section(forSectionIndexTitle:at:)``
/// - Tracking: ``delegate``, ``tracksRelationshipKeyPaths``, ``checksInvariants``
public final class FetchedResultsController {
    /// The context whose objects are fetched and tracked.
    public let managedObjectContext: ManagedObjectContext
    /// The fetch request. Changing it has no effect until ``performFetch()``; a controller with a
    /// ``cacheName`` then fails with Core Data's fatal error unless the cache was deleted.
    @exclusivity(unchecked) public var fetchRequest: FetchRequest
    /// The key path whose value names each object's section (nil: one section).
    public let sectionNameKeyPath: String?
    /// The name under which section information is cached (nil: no cache).
    public let cacheName: String?
    /// A name for traces (default: the entity name).
    @exclusivity(unchecked) public var name: String
    /// Re-evaluate objects whose relationship key paths (in the predicate, sort descriptors or section key
    /// path) reach a changed object. Off by default, as in Core Data.
    @exclusivity(unchecked) public var tracksRelationshipKeyPaths = false
    /// After every batch, check the controller against a fresh fetch and the reported changes against the
    /// two snapshots; a violation is thrown as `.invariantViolation`. Costs O(N log N) per batch.
    @exclusivity(unchecked) public var checksInvariants = false
    /// Invariant mode: the objects the context announced (inserted, updated, refreshed) since the last
    /// fetch — with the results, all a controller can know of; store rows never announced are not expected.
    @exclusivity(unchecked) var announcedObjects = Set<ObjectIdentifier>()
    /// The iOS release whose quirks the controller reproduces (``PlatformProfile/ios9``: an update of an
    /// object that did not move is followed by a move to the same index path).
    @exclusivity(unchecked) public var platform = PlatformSettings()
    /// The number of change batches processed since the controller was created.
    @exclusivity(unchecked) public internal(set) var changeBatchCount = 0

    /// The delegate, held weakly. Setting it enables change tracking; the callbacks it implements are
    /// read once, here.
    public weak var delegate: FetchedResultsControllerDelegate? {
        didSet { callbacks = delegate?.implementedCallbacks ?? [] }
    }

    @exclusivity(unchecked) var callbacks: FetchedResultsDelegateCallbacks = []
    @exclusivity(unchecked) var tree: OrderStatisticTree<EntryOrder>?
    @exclusivity(unchecked) var entries: [ObjectIdentifier: ResultEntry] = [:]
    @exclusivity(unchecked) var sectionList: [SectionRecord] = []
    @exclusivity(unchecked) var sectionsByName: [String: SectionRecord] = [:]
    /// The request as it was at the last successful `performFetch()`.
    var activeRequest: FetchRequest {
        didSet { keySlots = nil; watchedSlotsCache = nil; fetchedEntityCache = nil }
    }
    /// Whether batches of updates only may take the update paths (`applyUpdateOnlyBatch(_:)`); the tests
    /// turn it off to compare them with the general path.
    @exclusivity(unchecked) var usesUpdatePaths = true
    /// The number of batches the update paths processed (for the tests).
    @exclusivity(unchecked) var updatePathBatchCount = 0
    /// Whether the active request fetches the entity asked last (see `fetchesEntity(_:)`).
    @exclusivity(unchecked) var fetchedEntityCache: (entity: ObjectIdentifier, fetches: Bool)?
    /// The attributes the controller sorts, sections and filters on for the entity last asked, or nil
    /// inside when it cannot tell (see `watchedSlots(for:)`).
    @exclusivity(unchecked) var watchedSlotsCache: (entity: ObjectIdentifier, slots: WatchedSlots?)?
    /// Set while a save's changes are processed: every update is evaluated in full.
    @exclusivity(unchecked) var evaluatesUpdatesInFull = false
    /// The storage slots of the sort keys and the section key (nil for a key path with several keys or an
    /// operator) for the entity last read, so that reading an object's keys needs no key lookup.
    @exclusivity(unchecked) var keySlots: (entity: ObjectIdentifier, slots: [PropertySlot?])?
    /// The integer section key read last and its name: objects come in section order at a fetch, so most
    /// objects' section names are the previous object's, not printed again.
    @exclusivity(unchecked) var lastIntegerSection: (key: Int64, name: String)?
    /// Changes went by while nothing was tracking them: the next tracked batch re-fetches and diffs.
    @exclusivity(unchecked) var isStale = false
    /// The context was reset: empty results until the next `performFetch()`.
    @exclusivity(unchecked) var isInvalidated = false
    @exclusivity(unchecked) var token: ObservationToken?
    @exclusivity(unchecked) var cachedObjects: [ManagedObject]?
    @exclusivity(unchecked) var cachedLayout: Layout?

    /// Creates a controller (`init(fetchRequest:managedObjectContext:sectionNameKeyPath:cacheName:)`).
    /// - Throws: `.invalidFetchRequest` when the request has no sort descriptors.
    public init(fetchRequest: FetchRequest, managedObjectContext: ManagedObjectContext,
                sectionNameKeyPath: String? = nil, cacheName: String? = nil) throws {
        guard !fetchRequest.sortDescriptors.isEmpty else { throw FetchedResultsError.missingSortDescriptors }
        guard fetchRequest.resultType == .managedObjectResultType else {
            throw FetchedResultsError(.invalidFetchRequest,
                "NSFetchedResultsController requires a fetch request whose resultType is managedObjectResultType, got \(fetchRequest.resultType.rawValue)")
        }
        // GROUP BY, HAVING and DISTINCT need dictionary results, which a controller does not take.
        if fetchRequest.havingPredicate != nil && fetchRequest.propertiesToGroupBy == nil {
            throw FetchedResultsError(.invalidFetchRequest, "Invalid fetch request: HAVING with no GROUP BY")
        }
        if fetchRequest.propertiesToGroupBy != nil {
            throw FetchedResultsError(.invalidFetchRequest, "Invalid fetch request: GROUP BY requires NSDictionaryResultType")
        }
        if fetchRequest.returnsDistinctResults {
            throw FetchedResultsError(.invalidFetchRequest,
                "returnsDistinctResults is only used with NSDictionaryResultType (Core Data ignores it with managedObjectResultType)")
        }
        self.fetchRequest = fetchRequest
        self.activeRequest = fetchRequest
        self.managedObjectContext = managedObjectContext
        self.sectionNameKeyPath = sectionNameKeyPath
        self.cacheName = cacheName
        self.name = fetchRequest.entityName
    }

    deinit { token?.cancel() }

    /// Deletes a section cache (`deleteCache(withName:)`); nil deletes every cache.
    public static func deleteCache(withName name: String?) {
        SectionInfoCache.deleteCache(withName: name)
    }

    // MARK: - Fetching

    /// Fetches the results (`performFetch()`) and starts observing the context. With a snapshot delegate,
    /// delivers the initial snapshot.
    /// - Throws: `.invalidFetchRequest`, `.cacheMismatch`, `.sectionOrder` (134060), `.objectGraph` for
    ///   predicate or key errors; on error the results are cleared (``fetchedObjects`` is nil).
    public func performFetch() throws {
        guard !fetchRequest.sortDescriptors.isEmpty else { throw FetchedResultsError.missingSortDescriptors }
        let coordinator = managedObjectContext.persistentStoreCoordinator
        if let cacheName {
            try SectionInfoCache.check(name: cacheName, coordinator: coordinator, configuration: configuration)
        }
        do {
            try fetchAll(fetchRequest)
        } catch {
            clear()
            throw error
        }
        announcedObjects = []
        if token == nil { token = managedObjectContext.addObserver(self) }
        if let cacheName {
            SectionInfoCache.store(name: cacheName, coordinator: coordinator, configuration: configuration,
                                   sections: sectionList.map { ($0.name, $0.count) })
        }
        if callbacks.contains(.snapshot), let delegate {
            do { try delegate.controller(self, didChangeContentWith: snapshot()) } catch {
                throw FetchedResultsError.delegateFailure(selector: "controller:didChangeContentWithSnapshot:",
                                                          reason: FetchedResultsController.reason(of: error),
                                                          underlying: error)
            }
        }
    }

    /// The configuration a cache is valid for.
    var configuration: String {
        "\(fetchRequest.entityName)|\(fetchRequest.predicate?.predicateFormat ?? "")|"
            + fetchRequest.sortDescriptors.map(\.description).joined(separator: ",") + "|\(sectionNameKeyPath ?? "")"
    }

    /// Fetches every matching object (offset and limit are applied as a window) and rebuilds the index.
    func fetchAll(_ request: FetchRequest) throws {
        var unlimited = request
        unlimited.fetchLimit = 0
        unlimited.fetchOffset = 0
        let objects: [ManagedObject]
        do { objects = try managedObjectContext.fetch(unlimited) } catch { throw FetchedResultsController.wrap(error) }
        activeRequest = request
        var fresh: [ResultEntry] = []
        fresh.reserveCapacity(objects.count)
        for object in objects {
            let (keys, section) = try readKeys(object)
            fresh.append(ResultEntry(object: object, keys: keys, sectionName: section))
        }
        try FetchedResultsController.checkSectionOrder(fresh.map(\.sectionName))
        install(sortedEntries: fresh)
        isStale = false
        isInvalidated = false
    }

    /// Replaces the index with entries already in order.
    func install(sortedEntries fresh: [ResultEntry]) {
        tree = OrderStatisticTree(sorted: fresh.lazy.map(EntryRef.init), order: EntryOrder(activeRequest.sortDescriptors))
        entries.removeAll(keepingCapacity: true)
        entries.reserveCapacity(fresh.count)
        for entry in fresh { entries[ObjectIdentifier(entry.object)] = entry }
        sectionList = []
        sectionsByName = [:]
        for entry in fresh {
            if let last = sectionList.last, last.name == entry.sectionName {
                last.count += 1
            } else {
                let record = SectionRecord(name: entry.sectionName, count: 1)
                sectionList.append(record)
                sectionsByName[record.name] = record
            }
        }
        invalidateCaches()
    }

    /// Forgets the results (a failed fetch).
    func clear() {
        tree = nil
        entries = [:]
        sectionList = []
        sectionsByName = [:]
        invalidateCaches()
    }

    func invalidateCaches() {
        cachedObjects = nil
        cachedLayout = nil
    }

    /// Fails with 134060 at the first object whose section name was already closed.
    static func checkSectionOrder(_ names: [String]) throws {
        var closed = Set<String>()
        var current: String?
        for (i, name) in names.enumerated() where name != current {
            if closed.contains(name) { throw FetchedResultsError.outOfOrderSection(index: i, name: name) }
            if let current { closed.insert(current) }
            current = name
        }
    }

    // MARK: - Reading the results

    /// The fetched objects in order, after offset and limit; nil before ``performFetch()`` (or after a
    /// failed one); empty after the context was reset, until the next ``performFetch()``.
    public var fetchedObjects: [ManagedObject]? {
        guard let tree else { return nil }
        if isInvalidated { return [] }
        if let cachedObjects { return cachedObjects }
        let objects = tree.elements(in: visibleRange).map(\.object)
        cachedObjects = objects
        return objects
    }

    /// The sections; nil before ``performFetch()``. Without a section key path there is always one
    /// section (named `""`), even when empty; with one and no objects there are none. Empty after a reset.
    public var sections: [FetchedResultsSectionInfo]? {
        guard tree != nil, let objects = fetchedObjects else { return nil }
        if isInvalidated { return [] }
        let layout = currentLayout()
        return layout.names.indices.map { i in
            FetchedResultsSectionInfo(name: layout.names[i],
                                      objects: Array(objects[layout.starts[i]..<layout.starts[i] + layout.counts[i]]))
        }
    }

    /// The object at an index path (`object(at:)`).
    /// - Throws: `.invalidOperation` with Core Data's `no section at index` / `no object at index` wording.
    public func object(at indexPath: IndexPath) throws -> ManagedObject {
        guard let tree, !isInvalidated else {
            throw FetchedResultsError(.invalidOperation, "no section at index \(indexPath.section)")
        }
        let layout = currentLayout()
        guard indexPath.section >= 0 && indexPath.section < layout.names.count else {
            throw FetchedResultsError(.invalidOperation, "no section at index \(indexPath.section)")
        }
        guard indexPath.item >= 0 && indexPath.item < layout.counts[indexPath.section] else {
            throw FetchedResultsError(.invalidOperation,
                "no object at index \(indexPath.item) in section at index \(indexPath.section)")
        }
        return tree[visibleRange.lowerBound + layout.starts[indexPath.section] + indexPath.item].object
    }

    /// The index path of an object, or nil when it is not in the results (`indexPath(forObject:)`).
    public func indexPath(forObject object: ManagedObject) -> IndexPath? {
        guard let tree, !isInvalidated, let entry = entries[ObjectIdentifier(object)],
              let rank = tree.rank(of: EntryRef(entry)), visibleRange.contains(rank) else { return nil }
        return currentLayout().indexPath(forVisibleRank: rank - visibleRange.lowerBound)
    }

    /// The index titles of the sections, duplicates collapsed, in section order (`sectionIndexTitles`):
    /// each section's ``FetchedResultsSectionInfo/indexTitle``, or what the delegate's
    /// `controller(_:sectionIndexTitleForSectionName:)` answers when it implements it.
    /// - Throws: what the delegate throws.
    public var sectionIndexTitles: [String] {
        get throws { try indexTitlesOfSections().compactMap { $0 }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } } }
    }

    /// The index title of every section, in section order (the delegate's when it gives them).
    func indexTitlesOfSections() throws -> [String?] {
        let sections = self.sections ?? []
        guard callbacks.contains(.sectionIndexTitle), let delegate else { return sections.map(\.indexTitle) }
        return try sections.map { try delegate.controller(self, sectionIndexTitleForSectionName: $0.name) }
    }

    /// The section for an index title (`section(forSectionIndexTitle:at:)`): the first section whose
    /// index title is `title`.
    /// - Throws: `.invalidOperation` (`Index title at 3 is not equal to 'C'`) when the title is not at
    ///   `sectionIndex` of ``sectionIndexTitles``.
    public func section(forSectionIndexTitle title: String, at sectionIndex: Int) throws -> Int {
        let titles = try sectionIndexTitles
        guard sectionIndex >= 0, sectionIndex < titles.count, titles[sectionIndex] == title,
              let index = try indexTitlesOfSections().firstIndex(where: { $0 == title }) else {
            throw FetchedResultsError(.invalidOperation, "Index title at \(sectionIndex) is not equal to '\(title)'")
        }
        return index
    }

    /// The current content as a snapshot of section names and object IDs.
    public func snapshot() -> FetchedResultsSnapshot {
        let sections = self.sections ?? []
        return FetchedResultsSnapshot(sectionIdentifiers: sections.map(\.name),
                                      sectionItems: sections.map { $0.objects.map(\.objectID) })
    }

    // MARK: - Helpers

    /// The ranks of the full ordering that are visible after offset and limit.
    var visibleRange: Range<Int> {
        let total = tree?.count ?? 0
        let start = min(activeRequest.fetchOffset, total)
        let end = activeRequest.fetchLimit > 0 ? start + min(total - start, activeRequest.fetchLimit) : total
        return start..<end
    }

    /// Whether offset or limit apply (the visible results are a window of the full ordering).
    var isWindowed: Bool { activeRequest.fetchLimit > 0 || activeRequest.fetchOffset > 0 }

    /// The visible sections.
    func currentLayout() -> Layout {
        if let cachedLayout { return cachedLayout }
        var layout = Layout()
        if sectionNameKeyPath == nil {
            layout.append(name: "", count: visibleRange.count)
        } else if !isWindowed {
            layout.names.reserveCapacity(sectionList.count)
            layout.starts.reserveCapacity(sectionList.count)
            layout.counts.reserveCapacity(sectionList.count)
            for record in sectionList { layout.append(name: record.name, count: record.count) }
        } else if let tree {
            for entry in tree.elements(in: visibleRange) {
                if layout.names.last == entry.sectionName { layout.counts[layout.counts.count - 1] += 1 } else {
                    layout.append(name: entry.sectionName, count: 1)
                }
            }
        }
        cachedLayout = layout
        return layout
    }

    /// The entry order from key `start` on, on the boxed values (read in place, without copying the arrays).
    static func compareBoxed(_ a: ResultEntry, _ b: ResultEntry, from start: Int,
                             _ comparators: [SortDescriptor.Comparator], _ ascending: [Bool], _ plain: [Bool]) -> Bool {
        a.keys.withUnsafeBufferPointer { x in
            b.keys.withUnsafeBufferPointer { y in
                for i in start..<comparators.count {
                    // Two integers (the usual section key), two strings under `compare:` and two doubles
                    // that are neither NaN nor both zero compare inline, exactly as compareValues
                    // compares them (UTF-8 byte order is Unicode scalar order; CFNumberCompare's
                    // special cases are NaN and the sign of zero).
                    switch x[i] {
                    case .integer(let p):
                        if case .integer(let q) = y[i] {
                            if p != q { return (p < q) == ascending[i] }
                            continue
                        }
                    case .string(let p) where plain[i]:
                        if case .string(let q) = y[i] {
                            let r = SortDescriptor.compareUTF8Bytes(p, q)
                            if r != 0 { return (r < 0) == ascending[i] }
                            continue
                        }
                    case .double(let p) where !p.isNaN:
                        if case .double(let q) = y[i], !q.isNaN, p != 0 || q != 0 {
                            if p != q { return (p < q) == ascending[i] }
                            continue
                        }
                    default:
                        break
                    }
                    let r = SortDescriptor.compareValues(x[i], y[i], comparator: comparators[i])
                    if r != .orderedSame { return (r == .orderedAscending) == ascending[i] }
                }
                return a.number < b.number
            }
        }
    }

    /// The sort-key values and section name of an object.
    func readKeys(_ object: ManagedObject) throws -> ([Value], String) {
        do {
            // A plain key reads its slot (`value(for:)` takes `value(forKey:)`'s checks when the object is a
            // fault, invalid or confined); an unknown key or a key path goes through `value(forKeyPath:)`.
            let descriptors = activeRequest.sortDescriptors
            let slots = slotsOfKeys(for: object.entity)
            var keys: [Value] = []
            keys.reserveCapacity(descriptors.count)
            for (i, descriptor) in descriptors.enumerated() {
                keys.append(try slots[i].map { try object.value(for: $0) } ?? object.value(forKeyPath: descriptor.key))
            }
            guard let sectionNameKeyPath else { return (keys, "") }
            let section = try slots[descriptors.count].map { try object.value(for: $0) }
                ?? object.value(forKeyPath: sectionNameKeyPath)
            guard case .integer(let n) = section else { return (keys, FetchedResultsController.sectionName(section)) }
            if let last = lastIntegerSection, last.key == n { return (keys, last.name) }
            let name = FetchedResultsController.sectionName(section)
            lastIntegerSection = (n, name)
            return (keys, name)
        } catch {
            throw FetchedResultsController.wrap(error)
        }
    }

    /// The slots of the sort keys, then of the section key (nil: read by key path), for an entity.
    func slotsOfKeys(for entity: EntityDescription) -> [PropertySlot?] {
        if let keySlots, keySlots.entity == ObjectIdentifier(entity) { return keySlots.slots }
        func slot(_ key: String) -> PropertySlot? {
            key.utf8.contains(UInt8(ascii: ".")) || key.hasPrefix("@") ? nil : entity.slots[key]
        }
        let slots = activeRequest.sortDescriptors.map { slot($0.key) } + [sectionNameKeyPath.flatMap(slot)]
        keySlots = (ObjectIdentifier(entity), slots)
        return slots
    }

    /// The section name for a key value: strings as they are, nil as `""`, numbers as Cocoa prints them.
    static func sectionName(_ value: Value) -> String {
        switch value {
        case .null: return ""
        case .string(let s): return s
        case .bool(let b): return b ? "1" : "0"
        case .integer(let i): return String(i)
        case .double(let d), .date(let d): return Value.format(d)
        case .object(let o): return o.displayName
        default: return value.description
        }
    }

    static func wrap(_ error: any Error) -> any Error {
        if error is FetchedResultsError { return error }
        if let e = error as? ObjectGraphError { return FetchedResultsError(.objectGraph, e.message, underlying: e) }
        return error
    }

    /// The reason Core Data would print for an error thrown by a delegate.
    static func reason(of error: any Error) -> String {
        if let e = error as? FetchedResultsError { return e.message }
        return String(describing: error)
    }
}

/// A section of the full ordering: name and object count.
final class SectionRecord {
    let name: String
    @exclusivity(unchecked) var count: Int
    init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// The visible sections: names, first visible rank and count of each.
struct Layout: Equatable {
    var names: [String] = []
    var starts: [Int] = []
    var counts: [Int] = []

    mutating func append(name: String, count: Int) {
        starts.append((starts.last ?? 0) + (counts.last ?? 0))
        names.append(name)
        counts.append(count)
    }

    /// The index path of a visible rank.
    func indexPath(forVisibleRank rank: Int) -> IndexPath {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= rank { lo = mid } else { hi = mid - 1 }
        }
        // Skip empty sections that start at the same rank (only the no-key-path section can be empty).
        return IndexPath(section: lo, item: rank - starts[lo])
    }
}
