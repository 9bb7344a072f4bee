import ObjectGraph

/// The content of a controller as section names and object IDs (`NSDiffableDataSourceSnapshot<String,
/// NSManagedObjectID>`), with the objects to reload (iOS 15+ behaviour: updated and moved objects).
///
/// ```swift
/// snapshot.sectionIdentifiers            // ["A", "B"]
/// snapshot.itemIdentifiers(inSection: "A")
/// ```
public struct FetchedResultsSnapshot: Equatable, CustomStringConvertible {
    /// Section names, in order.
    public var sectionIdentifiers: [String]
    /// Object IDs of each section, parallel to ``sectionIdentifiers``.
    public var sectionItems: [[ManagedObjectID]]
    /// Objects updated or moved by the batch, in delivery order (empty after `performFetch()`).
    public var reloadedItemIdentifiers: [ManagedObjectID]

    /// Creates a snapshot.
    public init(sectionIdentifiers: [String], sectionItems: [[ManagedObjectID]],
                reloadedItemIdentifiers: [ManagedObjectID] = []) {
        self.sectionIdentifiers = sectionIdentifiers
        self.sectionItems = sectionItems
        self.reloadedItemIdentifiers = reloadedItemIdentifiers
    }

    /// Every object ID, in order.
    public var itemIdentifiers: [ManagedObjectID] { sectionItems.flatMap { $0 } }

    /// The number of items.
    public var numberOfItems: Int { sectionItems.reduce(0) { $0 + $1.count } }

    /// The IDs of one section (empty for an unknown name).
    public func itemIdentifiers(inSection name: String) -> [ManagedObjectID] {
        guard let i = sectionIdentifiers.firstIndex(of: name) else { return [] }
        return sectionItems[i]
    }

    /// `A: Customer#1, Customer#2; B: Customer#3` (an unnamed section prints as `""`).
    public var description: String {
        zip(sectionIdentifiers, sectionItems).map { name, items in
            (name.isEmpty ? "\"\"" : name) + ": " + items.map(\.displayName).joined(separator: ", ")
        }.joined(separator: "; ")
    }
}
