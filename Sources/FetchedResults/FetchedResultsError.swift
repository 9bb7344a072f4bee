import ObjectGraph

/// The one error type of the FetchedResults library; messages are in Core Data's words.
///
/// ```swift
/// do { try controller.performFetch() }
/// catch let error as FetchedResultsError where error.code == 134060 { … }
/// ```
///
/// The `description` format is documented (the message) but not stable: do not parse it.
public struct FetchedResultsError: Error, CustomStringConvertible {
    /// What went wrong, in broad terms.
    public enum Kind: String, Sendable {
        /// The fetch request cannot drive a controller (no sort descriptors) (`NSInvalidArgumentException`).
        case invalidFetchRequest
        /// Objects are not sorted by section name (`NSCocoaErrorDomain` 134060).
        case sectionOrder
        /// The request of a cached controller was mutated (`NSInternalInconsistencyException`).
        case cacheMismatch
        /// The controller was used in a state that does not allow it (e.g. an index path out of range).
        case invalidOperation
        /// A delegate callback failed; Core Data would have logged it and carried on.
        case delegate
        /// Invariant mode found the controller inconsistent after a change batch.
        case invariantViolation
        /// An error of the object graph (predicate evaluation, unknown key) while fetching or updating.
        case objectGraph
    }

    /// The broad kind of error.
    public var kind: Kind
    /// The Cocoa error code (134060), or 0 when Core Data raises an exception instead.
    public var code: Int
    /// The message, in Core Data's words.
    public var message: String
    /// The error that caused this one (a delegate's error, an object-graph error), unchanged.
    public var underlying: (any Error)?

    /// Creates an error.
    public init(_ kind: Kind, code: Int = 0, _ message: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// The message.
    public var description: String { message }

    /// `An instance of NSFetchedResultsController requires a fetch request with sort descriptors`.
    static let missingSortDescriptors = FetchedResultsError(.invalidFetchRequest,
        "An instance of NSFetchedResultsController requires a fetch request with sort descriptors")

    /// Core Data's fatal error for a mutated request of a cached controller.
    static let cacheMismatch = FetchedResultsError(.cacheMismatch,
        "CoreData: FATAL ERROR: The persistent cache of section information does not match the current configuration.  You have illegally mutated the NSFetchedResultsController's fetch request, its predicate, or its sort descriptor without either disabling caching or using +deleteCacheWithName:")

    /// Error 134060 for the object at `index` with section name `name`.
    static func outOfOrderSection(index: Int, name: String) -> FetchedResultsError {
        FetchedResultsError(.sectionOrder, code: 134060,
            "The fetched object at index \(index) has an out of order section name '\(name)'. Objects must be sorted by section name")
    }

    /// The line Core Data logs when a delegate raises during `selector`. A reason of several lines (an
    /// invalid batch update with the lines of its operations) has its first line in the log line and the
    /// others after it.
    static func delegateFailure(selector: String, reason: String, underlying: any Error) -> FetchedResultsError {
        let lines = reason.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let rest = lines.count > 1 ? "\n" + lines[1] : ""
        return FetchedResultsError(.delegate,
            "CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -\(selector).  \(lines.first ?? "") with userInfo (null)" + rest,
            underlying: underlying)
    }
}
