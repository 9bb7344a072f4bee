import FetchedResults

/// What a ``CollectionView`` tells its delegate by itself (`UITableViewDelegate` /
/// `UICollectionViewDelegate`): the cells it starts and stops displaying as its content and its visible
/// window change. The delegate methods a person's gestures call (selection, editing, moving) are called
/// by whoever simulates the gesture, not by the view.
///
/// ```swift
/// final class Logger: CollectionViewDelegate {
///     var wantsDisplayCallbacks: Bool { true }
///     func collectionView(_ view: CollectionView, willDisplay cell: CollectionReusableView, forItemAt indexPath: IndexPath) throws {
///         print("will display", indexPath)
///     }
/// }
/// ```
public protocol CollectionViewDelegate: AnyObject {
    /// Whether the delegate implements either display method (the view only tracks what it displays
    /// when it does, so a view without such a delegate costs nothing more).
    var wantsDisplayCallbacks: Bool { get }
    /// A cell is about to be displayed at an index path (`willDisplayCell:forRowAtIndexPath:`).
    func collectionView(_ view: CollectionView, willDisplay cell: CollectionReusableView, forItemAt indexPath: IndexPath) throws
    /// A cell stopped being displayed; the index path is the one it had (`didEndDisplayingCell:…`).
    func collectionView(_ view: CollectionView, didEndDisplaying cell: CollectionReusableView, forItemAt indexPath: IndexPath) throws
}

extension CollectionViewDelegate {
    /// Default: no display callbacks.
    public var wantsDisplayCallbacks: Bool { false }
    /// Default: nothing.
    public func collectionView(_ view: CollectionView, willDisplay cell: CollectionReusableView, forItemAt indexPath: IndexPath) throws {}
    /// Default: nothing.
    public func collectionView(_ view: CollectionView, didEndDisplaying cell: CollectionReusableView, forItemAt indexPath: IndexPath) throws {}
}

/// A prefetching data source (`UITableViewDataSourcePrefetching` / `UICollectionViewDataSourcePrefetching`):
/// told, as the view scrolls, which items are about to come into view and which are no longer needed.
///
/// ```swift
/// final class Images: CollectionViewDataSourcePrefetching {
///     func collectionView(_ view: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) throws { … }
/// }
/// ```
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// Items that will soon be visible (`prefetchRowsAtIndexPaths`), in index-path order.
    func collectionView(_ view: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) throws
    /// Items prefetched earlier that are no longer about to be visible (`cancelPrefetchingForRowsAtIndexPaths`).
    func collectionView(_ view: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) throws
}

extension CollectionViewDataSourcePrefetching {
    /// Default: nothing.
    public func collectionView(_ view: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) throws {}
}
