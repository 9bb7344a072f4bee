/// One section as a ``CollectionView`` shows it: one slot per item (the cell, or nil when the item is
/// outside the visible window) and its supplementary views.
///
/// ```swift
/// let first = try collectionView.snapshot()[0]
/// first.cells[0]["text"]               // .string("Ann")
/// first.numberOfItems                  // 2
/// first.supplementaryView(ofKind: "header")?["title"]
/// ```
public struct CollectionViewSection: CustomStringConvertible {
    /// One entry per item: its cell when the item is visible, nil otherwise.
    public internal(set) var slots: [CollectionReusableView?]
    /// The supplementary views, one per kind, in the order the data source lists the kinds.
    public var supplementaryViews: [(kind: String, view: CollectionReusableView)]

    /// Creates a section whose items are all visible.
    public init(cells: [CollectionReusableView], supplementaryViews: [(kind: String, view: CollectionReusableView)] = []) {
        self.slots = cells
        self.supplementaryViews = supplementaryViews
    }

    /// Creates a section from its slots.
    init(slots: [CollectionReusableView?], supplementaryViews: [(kind: String, view: CollectionReusableView)]) {
        self.slots = slots
        self.supplementaryViews = supplementaryViews
    }

    /// The number of items of the section (visible or not).
    public var numberOfItems: Int { slots.count }

    /// The cells of the visible items, in item order (every item's cell when everything is visible).
    public var cells: [CollectionReusableView] { slots.compactMap { $0 } }

    /// The supplementary view of a kind, if the section has one.
    public func supplementaryView(ofKind kind: String) -> CollectionReusableView? {
        supplementaryViews.first { $0.kind == kind }?.view
    }

    /// `header {title = A} | {text = Ann}, {text = Bea}` (items outside the visible window print as `-`).
    public var description: String {
        let views = supplementaryViews.map { "\($0.kind) \($0.view)" }
        return (views.isEmpty ? "" : views.joined(separator: " ") + " | ")
            + slots.map { $0?.description ?? "-" }.joined(separator: ", ")
    }
}
