import FetchedResults
import ObjectGraph

/// Prepares a dequeued cell or supplementary view for an index path: `(view, indexPath, dataSource)`.
public typealias PrepareBlock = (CollectionReusableView, IndexPath, CollectionViewDataSourceBase) throws -> Void

/// Which items a cell registration applies to.
///
/// ```swift
/// let firstOfSection = ItemPredicate.predicate(try Predicate(format: "$ITEM == 0"))
/// let longNames = ItemPredicate.block { item, _ in ((item as? ManagedObject)?.name ?? "").count > 5 }
/// ```
public enum ItemPredicate {
    /// A predicate evaluated with the item as `SELF` and the substitution variables `$SECTION` and `$ITEM`
    /// (the index path). The item must be a managed object.
    case predicate(Predicate)
    /// A block over the item and its index path.
    case block((Any, IndexPath) throws -> Bool)

    /// Whether the predicate accepts the item at a path.
    /// - Throws: `.invalidArgument` when a predicate format meets an item that is not a managed object;
    ///   what the predicate or the block throws.
    public func evaluate(_ item: Any, at indexPath: IndexPath) throws -> Bool {
        switch self {
        case .block(let block):
            return try block(item, indexPath)
        case .predicate(let predicate):
            let variables: [String: Value] = ["SECTION": .integer(Int64(indexPath.section)),
                                              "ITEM": .integer(Int64(indexPath.item))]
            if let object = item as? ManagedObject {
                return try predicate.evaluate(with: object, substitutionVariables: variables)
            }
            throw CollectionViewsError(.invalidArgument, "the predicate '\(predicate.predicateFormat)' can only be evaluated with a managed object, but the item at \(indexPath) is not one (use a function)")
        }
    }
}

/// One cell registration of a data source: a class or nib under a reuse identifier, the items it is for,
/// and the block that prepares its cells.
///
/// ```swift
/// dataSource.register(className: "Cell", reuseIdentifier: "Cell", predicate: nil) { cell, path, source in
///     cell["text"] = .string("\(path)")
/// }
/// ```
public struct CellRegistration {
    /// The reuse identifier.
    public let reuseIdentifier: String
    /// The class (or nib) name.
    public let className: String
    /// Whether it was registered as a nib.
    public let isNib: Bool
    /// The items it applies to (nil: all).
    public let predicate: ItemPredicate?
    /// Prepares each cell.
    public let prepare: PrepareBlock

    /// Creates a registration.
    public init(reuseIdentifier: String, className: String, isNib: Bool = false, predicate: ItemPredicate? = nil,
                prepare: @escaping PrepareBlock) {
        self.reuseIdentifier = reuseIdentifier
        self.className = className
        self.isNib = isNib
        self.predicate = predicate
        self.prepare = prepare
    }

    /// Whether the registration applies to the item at a path.
    public func matches(_ item: Any, at indexPath: IndexPath) throws -> Bool {
        guard let predicate else { return true }
        return try predicate.evaluate(item, at: indexPath)
    }
}

/// A supplementary-view registration: the element kind (which is also the reuse identifier), the class
/// and an optional prepare block.
public struct SupplementaryViewRegistration {
    /// The element kind, also the reuse identifier.
    public let kind: String
    /// The class (or nib) name.
    public let className: String
    /// Prepares each view (nil: the view stays empty).
    public let prepare: PrepareBlock?
}
