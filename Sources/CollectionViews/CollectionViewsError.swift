import FetchedResults

/// The one error type of the CollectionViews library: UIKit's exception, in UIKit's words.
///
/// ```swift
/// do { try collectionView.performBatchUpdates { $0.insertItems(at: [IndexPath(section: 0, item: 9)]) } }
/// catch let error as CollectionViewsError { print(error.message) }
/// // attempt to insert item 9 into section 0, but there are only 3 items in section 0 after the update
/// ```
///
/// The `description` is the message; its format is documented but not stable.
public struct CollectionViewsError: Error, CustomStringConvertible {
    /// What went wrong, in broad terms.
    public enum Kind: String, Sendable {
        /// A batch update failed UIKit's validation (`NSInternalInconsistencyException`).
        case invalidUpdate
        /// A view could not be dequeued or the data source returned none.
        case invalidCell
        /// An index out of range (`NSRangeException`).
        case outOfRange
        /// An invalid argument (`NSInvalidArgumentException`), such as an unsupported section attribute.
        case invalidArgument
        /// An error thrown by a block (prepare block, predicate, post-update block) or by the fetched
        /// results controller, passed on unchanged in ``underlying``.
        case underlying
    }

    /// The broad kind of error.
    public var kind: Kind
    /// The message, in UIKit's words.
    public var message: String
    /// The error that caused this one, if any.
    public var underlying: (any Error)?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    /// The message.
    public var description: String { message }

    /// Wraps any error (a block's, the controller's) keeping its message.
    static func wrap(_ error: any Error) -> CollectionViewsError {
        if let error = error as? CollectionViewsError { return error }
        return CollectionViewsError(.underlying, String(describing: error), underlying: error)
    }

    /// How UIKit prints an index path inside a message (`%@`), without the tagged-pointer address.
    static func describe(_ indexPath: IndexPath) -> String {
        "{length = 2, path = \(indexPath.section) - \(indexPath.item)}"
    }
}
