import FetchedResults

/// One event a collection or table view reports to its listener (``CollectionView/onEvent``): what
/// happened, with the index paths and names it involves, as they were at the time. Its text
/// (``description``, `[cv] selectItem [0, 1]`) is the trace line; a listener that keeps the event writes
/// it only when it is read.
public struct CollectionViewEvent: CustomStringConvertible, Sendable {
    /// How a batch update ended.
    public enum BatchOutcome: Sendable {
        /// Validated and applied.
        case applied
        /// Refused (the message is UIKit's); the view keeps what it showed.
        case failed(String)
        /// Not validated: the view had not loaded its data (`view` is the view's word: `collection view`,
        /// `table view`); it loads it now.
        case unloaded(view: String)
        /// Dropped: a `reloadData` inside the batch.
        case dropped
        /// Not validated because the counts were sampled (a release before iOS 16.4): the message, then
        /// `reloadData`.
        case notValidated(String)
    }

    /// A section of an applied snapshot as the line writes it.
    public struct SnapshotSection: Sendable {
        /// The section's identifier.
        public var name: String
        /// The identifier as the line writes it (`""` for an unnamed section of a fetched snapshot).
        public var written: String
        /// The items as written: identifiers, or object names (`Item#1`).
        public var items: [String]

        /// Creates a section written as `written` (default: its name).
        public init(name: String, written: String? = nil, items: [String]) {
            self.name = name
            self.written = written ?? name
            self.items = items
        }

        /// `A: Item#1, Item#2`.
        public var description: String { written + ": " + items.joined(separator: ", ") }
    }

    /// What happened.
    public enum Kind: Sendable {
        /// `reloadData`.
        case reloadData
        /// `reloadData` after a batch that failed validation.
        case reloadDataAfterFailedBatch
        /// A pending `reloadData` done at the view's first use.
        case reloadDataIfNeeded
        /// An item selected.
        case select(IndexPath)
        /// An item deselected.
        case deselect(IndexPath)
        /// Scrolled to an item.
        case scrollTo(IndexPath)
        /// Editing mode entered or left.
        case setEditing(Bool)
        /// Items reconfigured, sorted.
        case reconfigure([IndexPath])
        /// A batch update: its operations as written (``BatchUpdate/traceDescription(itemWord:)``), the
        /// index paths they name in that order, and how it ended.
        case batch(operations: String, indexPaths: [IndexPath], outcome: BatchOutcome)
        /// A diffable data source's `apply`: the snapshot's sections; `itemsAreObjects` when the items are
        /// object names (a fetched results controller's snapshot).
        case apply(sections: [SnapshotSection], itemsAreObjects: Bool, animatingDifferences: Bool)
    }

    /// The view's name (`cv`, `tv`, or the one a script gave it).
    public var view: String
    /// `Item` or `Row`, as the view's words have it.
    public var itemWord: String
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(view: String, itemWord: String, kind: Kind) {
        self.view = view
        self.itemWord = itemWord
        self.kind = kind
    }

    /// The event's name: the first word after the view's name (`selectItem`, `performBatchUpdates`,
    /// `reconfigureItems:`).
    public var name: String {
        switch kind {
        case .reloadData, .reloadDataAfterFailedBatch: return "reloadData"
        case .reloadDataIfNeeded: return "reloadDataIfNeeded"
        case .select: return "select" + itemWord
        case .deselect: return "deselect" + itemWord
        case .scrollTo: return "scrollTo" + itemWord
        case .setEditing: return "setEditing"
        case .reconfigure: return "reconfigure" + itemWord + "s:"
        case .batch: return "performBatchUpdates"
        case .apply: return "apply"
        }
    }

    /// Every index path the event names, in the order of its text.
    public var indexPaths: [IndexPath] {
        switch kind {
        case .select(let p), .deselect(let p), .scrollTo(let p): return [p]
        case .reconfigure(let paths): return paths
        case .batch(_, let paths, _): return paths
        case .reloadData, .reloadDataAfterFailedBatch, .reloadDataIfNeeded, .setEditing, .apply: return []
        }
    }

    /// The trace line: `[cv] selectItem [0, 1]`.
    public var description: String {
        let head = "[" + view + "] " + name
        switch kind {
        case .reloadData, .reloadDataIfNeeded:
            return head
        case .reloadDataAfterFailedBatch:
            return head + " (after the failed batch)"
        case .select(let p), .deselect(let p), .scrollTo(let p):
            return head + " " + p.description
        case .setEditing(let editing):
            return head + (editing ? " true" : " false")
        case .reconfigure(let paths):
            return head + " " + paths.map(\.description).joined(separator: ", ")
        case .batch(let operations, _, let outcome):
            let text = head + " " + operations
            switch outcome {
            case .applied: return text
            case .failed(let message): return text + " failed: " + message
            case .unloaded(let view): return text + " (not validated: the " + view + " had not loaded its data; it loads it now)"
            case .dropped: return text + " (dropped: reloadData)"
            case .notValidated(let message):
                return text + " (not validated: " + message + "; UIKit before iOS 16.4 falls back to reloadData)"
            }
        case .apply(let sections, _, let animatingDifferences):
            let text = sections.map(\.description).joined(separator: "; ")
            return head + " " + (text.isEmpty ? "(empty)" : text) + (animatingDifferences ? "" : " (animatingDifferences: false)")
        }
    }
}
