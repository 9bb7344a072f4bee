import ObjectGraph

/// A cell or supplementary view (`UICollectionReusableView`): a reuse identifier and the content its
/// prepare block set, as named fields.
///
/// A view keeps its content when it goes back to its view's reuse pool: a dequeued cell that was used
/// before shows what its previous configuration left, unless the registration's `prepareForReuse` resets it
/// (UIKit's stale-cell bug is reproducible). The data sources of NXCollectionViewDataSource register a
/// `prepareForReuse` that clears every field, so their cells show exactly what the prepare block set.
///
/// ```swift
/// cell["text"] = .string("Ann")
/// cell.content        // ["text": "Ann"]
/// ```
public final class CollectionReusableView: CustomStringConvertible {
    /// The identifier the view was dequeued with (the element kind for a supplementary view).
    public let reuseIdentifier: String
    /// The class (or nib) name it was registered with.
    public let className: String
    /// The element kind for a supplementary view; nil for a cell.
    public let elementKind: String?
    /// The fields set by the prepare block.
    public internal(set) var content: [String: Value] = [:]
    /// How many times the view was dequeued from its reuse pool (0: a new view).
    public internal(set) var reuseCount = 0

    /// Creates an empty view.
    public init(reuseIdentifier: String, className: String, elementKind: String? = nil) {
        self.reuseIdentifier = reuseIdentifier
        self.className = className
        self.elementKind = elementKind
    }

    /// A field of the content; setting `.null` removes it.
    public subscript(field: String) -> Value {
        get { content[field] ?? .null }
        set {
            if newValue.isNull { content[field] = nil } else { content[field] = newValue }
        }
    }

    /// Removes every field (a `prepareForReuse` that resets the whole cell).
    public func removeAllContent() { content = [:] }

    /// The field names, sorted.
    public var fieldNames: [String] { content.keys.sorted() }

    /// `{text = Ann}`: the fields in name order.
    public var description: String {
        "{" + fieldNames.map { "\($0) = \(content[$0]!)" }.joined(separator: ", ") + "}"
    }

    /// Whether two views show the same content (objects compared by identity).
    public func hasSameContent(as other: CollectionReusableView) -> Bool {
        content.count == other.content.count && content.allSatisfy { key, value in other.content[key].map { $0 == value } ?? false }
    }
}
