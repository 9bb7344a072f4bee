/// A warning UIKit's diffable data source writes to the console, by its parts: what it is about and the item
/// identifier it quotes. Its text (``description``) is UIKit's line; a listener that keeps the warning writes
/// it only when it is read.
///
/// ```swift
/// let warnings = try snapshot.appendItems(["a"])   // "a" was already there: it is moved
/// warnings.first?.identifier                        // "a"
/// ```
public struct DiffableSnapshotWarning: CustomStringConvertible, Sendable, Equatable {
    /// What UIKit warns about.
    public enum Kind: Sendable, Equatable {
        /// An inserted or appended item identifier the snapshot already has (iOS 15+ moves it).
        case existingItemIdentifier
    }

    /// The source UIKit writes between brackets before the warning: `UIDiffableDataSource`.
    public static let source = "UIDiffableDataSource"

    /// What UIKit warns about.
    public var kind: Kind
    /// The item identifier the warning quotes.
    public var identifier: DiffableIdentifier

    /// Creates a warning.
    public init(_ kind: Kind, identifier: DiffableIdentifier) {
        self.kind = kind
        self.identifier = identifier
    }

    /// The warning's text after its source, in UIKit's words.
    public var message: String {
        switch kind {
        case .existingItemIdentifier:
            return "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Item identifier that already exists: " + identifier.description
        }
    }

    /// The whole line as UIKit prints it: `[UIDiffableDataSource] Diffable data source detected …`.
    public var description: String { "[" + Self.source + "] " + message }
}
