import ObjectGraph

/// Which delegate methods a delegate implements (Core Data asks `respondsToSelector:` once, when the
/// delegate is set).
public struct FetchedResultsDelegateCallbacks: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `controllerWillChangeContent(_:)`.
    public static let willChangeContent = FetchedResultsDelegateCallbacks(rawValue: 1)
    /// `controller(_:didChange:atSectionIndex:for:)`.
    public static let didChangeSection = FetchedResultsDelegateCallbacks(rawValue: 2)
    /// `controller(_:didChange:at:for:newIndexPath:)`.
    public static let didChangeObject = FetchedResultsDelegateCallbacks(rawValue: 4)
    /// `controllerDidChangeContent(_:)`.
    public static let didChangeContent = FetchedResultsDelegateCallbacks(rawValue: 8)
    /// `controller(_:didChangeContentWith:)` with a snapshot: replaces every other method.
    public static let snapshot = FetchedResultsDelegateCallbacks(rawValue: 16)
    /// `controller(_:didChangeContentWith:)` with a difference: replaces the classic methods, only without
    /// a section key path.
    public static let difference = FetchedResultsDelegateCallbacks(rawValue: 32)
    /// `controller(_:sectionIndexTitleForSectionName:)`: the delegate gives the sections' index titles.
    public static let sectionIndexTitle = FetchedResultsDelegateCallbacks(rawValue: 64)
    /// The four classic methods.
    public static let classic: FetchedResultsDelegateCallbacks = [.willChangeContent, .didChangeSection,
                                                                  .didChangeObject, .didChangeContent]
}

/// The delegate of a ``FetchedResultsController`` (`NSFetchedResultsControllerDelegate`).
///
/// Every method is optional: each has an empty default. ``implementedCallbacks`` says which ones the
/// delegate implements (default: the four classic ones); a delegate that wants the snapshot or the
/// difference variant says so there. A callback may throw: the controller finishes updating its own
/// state, skips the remaining callbacks of the batch and rethrows (Core Data would log and carry on).
///
/// ```swift
/// final class Table: FetchedResultsControllerDelegate {
///     func controller(_ c: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
///                     for type: FetchedResultsChangeType, newIndexPath: IndexPath?) throws { … }
/// }
/// ```
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// The methods the delegate implements; the controller reads it when the delegate is set.
    var implementedCallbacks: FetchedResultsDelegateCallbacks { get }
    /// Before the first change of a batch.
    func controllerWillChangeContent(_ controller: FetchedResultsController) throws
    /// A section was inserted or deleted.
    func controller(_ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) throws
    /// An object was inserted, deleted, moved or updated.
    func controller(_ controller: FetchedResultsController, didChange object: ManagedObject,
                    at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) throws
    /// After the last change of a batch.
    func controllerDidChangeContent(_ controller: FetchedResultsController) throws
    /// The whole content after a batch (and after `performFetch()`), as a snapshot.
    func controller(_ controller: FetchedResultsController,
                    didChangeContentWith snapshot: FetchedResultsSnapshot) throws
    /// The change of a batch as a difference of object IDs (only without sections).
    func controller(_ controller: FetchedResultsController,
                    didChangeContentWith difference: CollectionDifference<ManagedObjectID>) throws
    /// The index title of a section (`controller(_:sectionIndexTitleForSectionName:)`), asked by
    /// ``FetchedResultsController/sectionIndexTitles`` when ``implementedCallbacks`` contains
    /// ``FetchedResultsDelegateCallbacks/sectionIndexTitle``; nil: the section has no index title.
    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String) throws -> String?
}

extension FetchedResultsControllerDelegate {
    /// Default: the four classic methods.
    public var implementedCallbacks: FetchedResultsDelegateCallbacks { .classic }
    /// Default: the name's first letter, upper-cased (Core Data's `sectionIndexTitleForSectionName:`).
    public func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String) throws -> String? {
        FetchedResultsSectionInfo.indexTitle(forSectionName: sectionName)
    }
    /// Default: nothing.
    public func controllerWillChangeContent(_ controller: FetchedResultsController) throws {}
    /// Default: nothing.
    public func controller(_ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
                           atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) throws {}
    /// Default: nothing.
    public func controller(_ controller: FetchedResultsController, didChange object: ManagedObject,
                           at indexPath: IndexPath?, for type: FetchedResultsChangeType,
                           newIndexPath: IndexPath?) throws {}
    /// Default: nothing.
    public func controllerDidChangeContent(_ controller: FetchedResultsController) throws {}
    /// Default: nothing.
    public func controller(_ controller: FetchedResultsController,
                           didChangeContentWith snapshot: FetchedResultsSnapshot) throws {}
    /// Default: nothing.
    public func controller(_ controller: FetchedResultsController,
                           didChangeContentWith difference: CollectionDifference<ManagedObjectID>) throws {}
}
