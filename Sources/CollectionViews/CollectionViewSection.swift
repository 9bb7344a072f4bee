/// One section as a ``CollectionView`` shows it: its cells and its supplementary views.
///
/// ```swift
/// let first = try collectionView.snapshot()[0]
/// first.cells[0]["text"]               // .string("Ann")
/// first.supplementaryView(ofKind: "header")?["title"]
/// ```
public struct CollectionViewSection: CustomStringConvertible {
    /// The cells, in item order.
    public var cells: [CollectionReusableView]
    /// The supplementary views, one per kind, in the order the data source lists the kinds.
    public var supplementaryViews: [(kind: String, view: CollectionReusableView)]

    /// Creates a section.
    public init(cells: [CollectionReusableView], supplementaryViews: [(kind: String, view: CollectionReusableView)] = []) {
        self.cells = cells
        self.supplementaryViews = supplementaryViews
    }

    /// The supplementary view of a kind, if the section has one.
    public func supplementaryView(ofKind kind: String) -> CollectionReusableView? {
        supplementaryViews.first { $0.kind == kind }?.view
    }

    /// `header {title = A} | {text = Ann}, {text = Bea}`.
    public var description: String {
        let views = supplementaryViews.map { "\($0.kind) \($0.view)" }
        return (views.isEmpty ? "" : views.joined(separator: " ") + " | ") + cells.map(\.description).joined(separator: ", ")
    }
}
