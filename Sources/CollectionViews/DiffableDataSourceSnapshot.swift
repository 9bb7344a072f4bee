/// The content of a diffable data source (`NSDiffableDataSourceSnapshot`): section identifiers, the item
/// identifiers of each section, and the items and sections to reload or reconfigure when it is applied.
///
/// Identifiers are unique across the snapshot. The messages are UIKit's (docs/table-views.md, diffable data sources): supplying the
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

    /// Creates an empty snapshot.
    public init() {}

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
    public func indexOfSection(_ identifier: DiffableIdentifier) -> Int? { sectionIdentifiers.firstIndex(of: identifier) }

    /// The index path of an item, or nil.
    public func indexPath(ofItem identifier: DiffableIdentifier) -> (section: Int, item: Int)? {
        for (s, items) in sectionItems.enumerated() {
            if let i = items.firstIndex(of: identifier) { return (s, i) }
        }
        return nil
    }

    /// The index of an item among all items (`indexOfItem(_:)`), or nil.
    public func indexOfItem(_ identifier: DiffableIdentifier) -> Int? {
        guard let p = indexPath(ofItem: identifier) else { return nil }
        return sectionItems[..<p.section].reduce(0) { $0 + $1.count } + p.item
    }

    /// The section that contains an item, or nil.
    public func sectionIdentifier(containingItem identifier: DiffableIdentifier) -> DiffableIdentifier? {
        indexPath(ofItem: identifier).map { sectionIdentifiers[$0.section] }
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
        let existing = identifiers.filter { sectionIdentifiers.contains($0) }
        if !existing.isEmpty {
            throw Self.error("Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(Self.list(existing))")
        }
    }

    /// Appends sections (`appendSections(_:)`).
    /// - Throws: UIKit's error for an identifier supplied twice or already in the snapshot.
    public mutating func appendSections(_ identifiers: [DiffableIdentifier]) throws {
        try checkNewSections(identifiers)
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
    }

    /// Deletes sections and their items (`deleteSections(_:)`); unknown identifiers are ignored, as UIKit does.
    public mutating func deleteSections(_ identifiers: [DiffableIdentifier]) {
        for id in identifiers {
            guard let s = indexOfSection(id) else { continue }
            sectionIdentifiers.remove(at: s)
            sectionItems.remove(at: s)
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
        let t = indexOfSection(other)! + (after ? 1 : 0)
        sectionIdentifiers.insert(identifier, at: t)
        sectionItems.insert(items, at: t)
    }

    /// Marks sections to reload (`reloadSections(_:)`).
    /// - Throws: for an unknown section.
    public mutating func reloadSections(_ identifiers: [DiffableIdentifier]) throws {
        for id in identifiers where indexOfSection(id) == nil {
            throw Self.error("Attempted to reload section identifier that does not exist in the snapshot: \(id)")
        }
        reloadedSectionIdentifiers += identifiers.filter { !reloadedSectionIdentifiers.contains($0) }
    }

    // MARK: - Items

    /// Removes identifiers the snapshot already has (UIKit iOS 15+ moves them) and returns UIKit's warning.
    mutating func takeExisting(_ identifiers: [DiffableIdentifier]) throws -> [String] {
        let dups = Self.duplicates(identifiers)
        if !dups.isEmpty {
            throw Self.error("Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(Self.list(dups))")
        }
        var warnings: [String] = []
        for id in identifiers {
            guard let p = indexPath(ofItem: id) else { continue }
            sectionItems[p.section].remove(at: p.item)
            warnings.append("[UIDiffableDataSource] Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Item identifier that already exists: \(id)")
        }
        return warnings
    }

    /// Appends items to a section, or to the last section when `section` is nil (`appendItems(_:toSection:)`).
    /// - Returns: UIKit's warnings for identifiers the snapshot already had (they are moved).
    /// - Throws: UIKit's errors: no section at all, an unknown section, an identifier supplied twice.
    @discardableResult
    public mutating func appendItems(_ identifiers: [DiffableIdentifier], toSection section: DiffableIdentifier? = nil)
        throws -> [String] {
        guard !sectionIdentifiers.isEmpty else {
            throw Self.error("There are currently no sections in the data source. Please add a section first.")
        }
        let s = try section.map { try checkedSection($0) } ?? sectionIdentifiers.count - 1
        let warnings = try takeExisting(identifiers)
        sectionItems[s] += identifiers
        return warnings
    }

    /// Inserts items before or after an existing item.
    /// - Returns: UIKit's warnings for identifiers the snapshot already had (they are moved).
    /// - Throws: for an unknown item or an identifier supplied twice.
    @discardableResult
    public mutating func insertItems(_ identifiers: [DiffableIdentifier], relativeTo other: DiffableIdentifier,
                                     after: Bool) throws -> [String] {
        _ = try checkedItem(other)
        if identifiers.contains(other) {
            throw Self.error("Invalid parameter not satisfying: the item \(other) cannot be inserted relative to itself")
        }
        let warnings = try takeExisting(identifiers)
        let p = indexPath(ofItem: other)!
        sectionItems[p.section].insert(contentsOf: identifiers, at: after ? p.item + 1 : p.item)
        return warnings
    }

    /// Deletes items (`deleteItems(_:)`); unknown identifiers are ignored, as UIKit does.
    public mutating func deleteItems(_ identifiers: [DiffableIdentifier]) {
        for id in identifiers {
            if let p = indexPath(ofItem: id) { sectionItems[p.section].remove(at: p.item) }
        }
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
    }

    /// Marks items to reload: a new cell from the cell provider (`reloadItems(_:)`).
    /// - Throws: for an item the snapshot does not have.
    public mutating func reloadItems(_ identifiers: [DiffableIdentifier]) throws {
        for id in identifiers where indexPath(ofItem: id) == nil {
            throw Self.error("Attempted to reload item identifier that does not exist in the snapshot: \(id)")
        }
        reloadedItemIdentifiers += identifiers.filter { !reloadedItemIdentifiers.contains($0) }
    }

    /// Marks items to reconfigure: the same cell, configured again (`reconfigureItems(_:)`, iOS 15).
    /// - Throws: for an item the snapshot does not have.
    public mutating func reconfigureItems(_ identifiers: [DiffableIdentifier]) throws {
        for id in identifiers where indexPath(ofItem: id) == nil {
            throw Self.error("Attempted to reconfigure item identifier that does not exist in the snapshot: \(id)")
        }
        reconfiguredItemIdentifiers += identifiers.filter { !reconfiguredItemIdentifiers.contains($0) }
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
