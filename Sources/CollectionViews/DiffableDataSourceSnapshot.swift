/// The content of a diffable data source (`NSDiffableDataSourceSnapshot`): section identifiers, the item
/// identifiers of each section, and the items and sections to reload or reconfigure when it is applied.
///
/// Identifiers are unique across the snapshot. The snapshot keeps an index (each item's section, each
/// section's position), so appending, finding and marking an identifier cost O(1) and a change that
/// moves identifiers costs O(n) in the sections it touches, never O(n) per identifier. The messages are UIKit's (docs/table-views.md, diffable data sources): supplying the
/// same identifier twice in one call is `Fatal: supplied item identifiers are not unique. Duplicate
/// identifiers: {( … )}`; appending an identifier the snapshot already has moves it, with UIKit's iOS 15
/// warning returned to the caller (the script engine writes it in the trace).
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot()
/// try snapshot.appendSections(["main"])
/// try snapshot.appendItems(["a", "b"], toSection: "main")
/// snapshot.numberOfItems          // 2
/// ```
public struct DiffableDataSourceSnapshot: Equatable, CustomStringConvertible {
    /// Counts a snapshot's lookup work (identifiers looked up and items scanned), so tests can check that
    /// it grows linearly with the items (``DiffableDataSourceSnapshot/workCounter``).
    final class WorkCounter: @unchecked Sendable {
        var steps = 0
    }

    /// The counter of the current task, when a test set one.
    @TaskLocal static var workCounter: WorkCounter?

    static func count(_ steps: Int) { if let counter = workCounter { counter.steps += steps } }

    /// The section identifiers, in order.
    public private(set) var sectionIdentifiers: [DiffableIdentifier] = []
    /// The item identifiers of each section, parallel to ``sectionIdentifiers``.
    public private(set) var sectionItems: [[DiffableIdentifier]] = []
    /// Items to reload (a new cell) when the snapshot is applied.
    public private(set) var reloadedItemIdentifiers: [DiffableIdentifier] = []
    /// Items to reconfigure (the same cell, configured again) when the snapshot is applied.
    public private(set) var reconfiguredItemIdentifiers: [DiffableIdentifier] = []
    /// Sections to reload when the snapshot is applied.
    public private(set) var reloadedSectionIdentifiers: [DiffableIdentifier] = []
    /// The section of each item.
    private var sectionOfItem: [DiffableIdentifier: DiffableIdentifier] = [:]
    /// The position of each section in ``sectionIdentifiers``.
    private var sectionPosition: [DiffableIdentifier: Int] = [:]

    /// Creates an empty snapshot.
    public init() {}

    /// Equal content: the same sections, items and marks (the index follows from them).
    public static func == (a: Self, b: Self) -> Bool {
        a.sectionIdentifiers == b.sectionIdentifiers && a.sectionItems == b.sectionItems
            && a.reloadedItemIdentifiers == b.reloadedItemIdentifiers
            && a.reconfiguredItemIdentifiers == b.reconfiguredItemIdentifiers
            && a.reloadedSectionIdentifiers == b.reloadedSectionIdentifiers
    }

    /// Recomputes the section positions (after sections were inserted, deleted or moved: O(sections)).
    private mutating func reindexSections() {
        sectionPosition.removeAll(keepingCapacity: true)
        for (s, id) in sectionIdentifiers.enumerated() { sectionPosition[id] = s }
    }

    /// The position of an item in its section's list (a scan of that section only).
    private func position(of identifier: DiffableIdentifier, inSection s: Int) -> Int {
        let items = sectionItems[s]
        let i = items.firstIndex(of: identifier)!
        Self.count(i + 1)
        return i
    }

    /// Removes items from the sections that hold them: one pass over each section concerned.
    private mutating func removeItems(_ identifiers: some Sequence<DiffableIdentifier>) {
        var bySection: [Int: Set<DiffableIdentifier>] = [:]
        for id in identifiers {
            guard let section = sectionOfItem.removeValue(forKey: id), let s = sectionPosition[section] else { continue }
            bySection[s, default: []].insert(id)
        }
        for (s, ids) in bySection {
            Self.count(sectionItems[s].count)
            if ids.count == 1, let only = ids.first {
                sectionItems[s].remove(at: sectionItems[s].firstIndex(of: only)!)
            } else {
                sectionItems[s].removeAll { ids.contains($0) }
            }
        }
    }

    /// Every item identifier, in order.
    public var itemIdentifiers: [DiffableIdentifier] { sectionItems.flatMap { $0 } }
    /// The number of items.
    public var numberOfItems: Int { sectionItems.reduce(0) { $0 + $1.count } }
    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }

    /// `main: a, b; other: c`.
    public var description: String {
        zip(sectionIdentifiers, sectionItems).map { section, items in
            "\(section): " + items.map(\.description).joined(separator: ", ")
        }.joined(separator: "; ")
    }

    static func error(_ message: String) -> CollectionViewsError { CollectionViewsError(.invalidArgument, message) }

    static func duplicates(_ ids: [DiffableIdentifier]) -> [DiffableIdentifier] {
        var seen = Set<DiffableIdentifier>(), result: [DiffableIdentifier] = []
        for id in ids where !seen.insert(id).inserted && !result.contains(id) { result.append(id) }
        return result
    }

    static func list(_ ids: [DiffableIdentifier]) -> String {
        "{(" + ids.map { "\n    \($0)" }.joined(separator: ",") + "\n)}"
    }

    // MARK: - Queries

    /// The index of a section, or nil.
    public func indexOfSection(_ identifier: DiffableIdentifier) -> Int? { sectionPosition[identifier] }

    /// Whether the snapshot has an item.
    func containsItem(_ identifier: DiffableIdentifier) -> Bool { sectionOfItem[identifier] != nil }

    /// The index path of an item, or nil.
    public func indexPath(ofItem identifier: DiffableIdentifier) -> (section: Int, item: Int)? {
        guard let section = sectionOfItem[identifier], let s = sectionPosition[section] else { return nil }
        return (s, position(of: identifier, inSection: s))
    }

    /// The index of an item among all items (`indexOfItem(_:)`), or nil.
    public func indexOfItem(_ identifier: DiffableIdentifier) -> Int? {
        guard let p = indexPath(ofItem: identifier) else { return nil }
        return sectionItems[..<p.section].reduce(0) { $0 + $1.count } + p.item
    }

    /// The section that contains an item, or nil.
    public func sectionIdentifier(containingItem identifier: DiffableIdentifier) -> DiffableIdentifier? {
        sectionOfItem[identifier]
    }

    func checkedSection(_ identifier: DiffableIdentifier) throws -> Int {
        guard let s = indexOfSection(identifier) else {
            throw Self.error("Invalid parameter not satisfying: section != NSNotFound (no section \(identifier) in the snapshot)")
        }
        return s
    }

    func checkedItem(_ identifier: DiffableIdentifier) throws -> (section: Int, item: Int) {
        guard let p = indexPath(ofItem: identifier) else {
            throw Self.error("Invalid parameter not satisfying: itemIndex != NSNotFound (no item \(identifier) in the snapshot)")
        }
        return p
    }

    /// The items of a section (`itemIdentifiers(inSection:)`).
    /// - Throws: for a section the snapshot does not have (iOS 14+).
    public func itemIdentifiers(inSection identifier: DiffableIdentifier) throws -> [DiffableIdentifier] {
        sectionItems[try checkedSection(identifier)]
    }

    /// The number of items of a section.
    /// - Throws: for a section the snapshot does not have.
    public func numberOfItems(inSection identifier: DiffableIdentifier) throws -> Int {
        sectionItems[try checkedSection(identifier)].count
    }

    // MARK: - Sections

    func checkNewSections(_ identifiers: [DiffableIdentifier]) throws {
        let dups = Self.duplicates(identifiers)
        if !dups.isEmpty {
            throw Self.error("Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(Self.list(dups))")
        }
        let existing = identifiers.filter { sectionPosition[$0] != nil }
        if !existing.isEmpty {
            throw Self.error("Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(Self.list(existing))")
        }
    }

    /// Appends sections (`appendSections(_:)`).
    /// - Throws: UIKit's error for an identifier supplied twice or already in the snapshot.
    public mutating func appendSections(_ identifiers: [DiffableIdentifier]) throws {
        try checkNewSections(identifiers)
        for (k, id) in identifiers.enumerated() { sectionPosition[id] = sectionIdentifiers.count + k }
        sectionIdentifiers += identifiers
        sectionItems += identifiers.map { _ in [] }
    }

    /// Inserts sections before or after an existing one.
    /// - Throws: for an unknown section or duplicate identifiers.
    public mutating func insertSections(_ identifiers: [DiffableIdentifier], relativeTo other: DiffableIdentifier,
                                        after: Bool) throws {
        let s = try checkedSection(other)
        try checkNewSections(identifiers)
        let at = after ? s + 1 : s
        sectionIdentifiers.insert(contentsOf: identifiers, at: at)
        sectionItems.insert(contentsOf: identifiers.map { _ in [] }, at: at)
        reindexSections()
    }

    /// Deletes sections and their items (`deleteSections(_:)`); unknown identifiers are ignored, as UIKit does.
    public mutating func deleteSections(_ identifiers: [DiffableIdentifier]) {
        for id in identifiers {
            guard let s = sectionPosition[id] else { continue }
            for item in sectionItems[s] { sectionOfItem[item] = nil }
            sectionIdentifiers.remove(at: s)
            sectionItems.remove(at: s)
            reindexSections()
        }
    }

    /// Moves a section before or after another.
    /// - Throws: for an unknown section.
    public mutating func moveSection(_ identifier: DiffableIdentifier, relativeTo other: DiffableIdentifier,
                                     after: Bool) throws {
        let s = try checkedSection(identifier)
        _ = try checkedSection(other)
        guard identifier != other else { return }
        let items = sectionItems.remove(at: s)
        sectionIdentifiers.remove(at: s)
        let t = sectionIdentifiers.firstIndex(of: other)! + (after ? 1 : 0)
        sectionIdentifiers.insert(identifier, at: t)
        sectionItems.insert(items, at: t)
        reindexSections()
    }

    /// Marks sections to reload (`reloadSections(_:)`).
    /// - Throws: for an unknown section.
    public mutating func reloadSections(_ identifiers: [DiffableIdentifier]) throws {
        for id in identifiers where indexOfSection(id) == nil {
            throw Self.error("Attempted to reload section identifier that does not exist in the snapshot: \(id)")
        }
        Self.appendMarks(identifiers, to: &reloadedSectionIdentifiers)
    }

    /// Appends marks not already there, in order (a set of the existing marks, not a scan per mark).
    static func appendMarks(_ identifiers: [DiffableIdentifier], to marks: inout [DiffableIdentifier]) {
        if marks.isEmpty && identifiers.count <= 1 { marks += identifiers; return }
        var seen = Set(marks)
        for id in identifiers where seen.insert(id).inserted { marks.append(id) }
    }

    // MARK: - Items

    /// Removes identifiers the snapshot already has (UIKit iOS 15+ moves them) and returns UIKit's warning.
    mutating func takeExisting(_ identifiers: [DiffableIdentifier]) throws -> [DiffableSnapshotWarning] {
        let dups = Self.duplicates(identifiers)
        if !dups.isEmpty {
            throw Self.error("Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(Self.list(dups))")
        }
        Self.count(identifiers.count)
        var warnings: [DiffableSnapshotWarning] = []
        var existing: [DiffableIdentifier] = []
        for id in identifiers where sectionOfItem[id] != nil {
            existing.append(id)
            warnings.append(DiffableSnapshotWarning(.existingItemIdentifier, identifier: id))
        }
        if !existing.isEmpty { removeItems(existing) }
        return warnings
    }

    /// Records the section of items just added to it.
    private mutating func index(_ identifiers: [DiffableIdentifier], inSection s: Int) {
        let section = sectionIdentifiers[s]
        for id in identifiers { sectionOfItem[id] = section }
    }

    /// Appends items to a section, or to the last section when `section` is nil (`appendItems(_:toSection:)`).
    /// - Returns: UIKit's warnings for identifiers the snapshot already had (they are moved).
    /// - Throws: UIKit's errors: no section at all, an unknown section, an identifier supplied twice.
    @discardableResult
    public mutating func appendItems(_ identifiers: [DiffableIdentifier], toSection section: DiffableIdentifier? = nil)
        throws -> [DiffableSnapshotWarning] {
        guard !sectionIdentifiers.isEmpty else {
            throw Self.error("There are currently no sections in the data source. Please add a section first.")
        }
        let s = try section.map { try checkedSection($0) } ?? sectionIdentifiers.count - 1
        let warnings = try takeExisting(identifiers)
        sectionItems[s] += identifiers
        index(identifiers, inSection: s)
        return warnings
    }

    /// Inserts items before or after an existing item.
    /// - Returns: UIKit's warnings for identifiers the snapshot already had (they are moved).
    /// - Throws: for an unknown item or an identifier supplied twice.
    @discardableResult
    public mutating func insertItems(_ identifiers: [DiffableIdentifier], relativeTo other: DiffableIdentifier,
                                     after: Bool) throws -> [DiffableSnapshotWarning] {
        _ = try checkedItem(other)
        if identifiers.contains(other) {
            throw Self.error("Invalid parameter not satisfying: the item \(other) cannot be inserted relative to itself")
        }
        let warnings = try takeExisting(identifiers)
        let p = indexPath(ofItem: other)!
        sectionItems[p.section].insert(contentsOf: identifiers, at: after ? p.item + 1 : p.item)
        index(identifiers, inSection: p.section)
        return warnings
    }

    /// Deletes items (`deleteItems(_:)`); unknown identifiers are ignored, as UIKit does.
    public mutating func deleteItems(_ identifiers: [DiffableIdentifier]) {
        Self.count(identifiers.count)
        removeItems(identifiers)
    }

    /// Deletes every item and section (`deleteAllItems()`).
    public mutating func deleteAllItems() { self = DiffableDataSourceSnapshot() }

    /// Moves an item before or after another.
    /// - Throws: for an unknown item.
    public mutating func moveItem(_ identifier: DiffableIdentifier, relativeTo other: DiffableIdentifier,
                                  after: Bool) throws {
        let p = try checkedItem(identifier)
        _ = try checkedItem(other)
        guard identifier != other else { return }
        sectionItems[p.section].remove(at: p.item)
        let q = indexPath(ofItem: other)!
        sectionItems[q.section].insert(identifier, at: after ? q.item + 1 : q.item)
        sectionOfItem[identifier] = sectionIdentifiers[q.section]
    }

    /// Marks items to reload: a new cell from the cell provider (`reloadItems(_:)`).
    /// - Throws: for an item the snapshot does not have.
    public mutating func reloadItems(_ identifiers: [DiffableIdentifier]) throws {
        Self.count(identifiers.count)
        for id in identifiers where !containsItem(id) {
            throw Self.error("Attempted to reload item identifier that does not exist in the snapshot: \(id)")
        }
        Self.appendMarks(identifiers, to: &reloadedItemIdentifiers)
    }

    /// Marks items to reconfigure: the same cell, configured again (`reconfigureItems(_:)`, iOS 15).
    /// - Throws: for an item the snapshot does not have.
    public mutating func reconfigureItems(_ identifiers: [DiffableIdentifier]) throws {
        Self.count(identifiers.count)
        for id in identifiers where !containsItem(id) {
            throw Self.error("Attempted to reconfigure item identifier that does not exist in the snapshot: \(id)")
        }
        Self.appendMarks(identifiers, to: &reconfiguredItemIdentifiers)
    }

    /// The snapshot without its reload and reconfigure marks (what a data source keeps after applying).
    public var withoutMarks: DiffableDataSourceSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        return copy
    }
}
