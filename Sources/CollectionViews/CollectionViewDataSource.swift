import FetchedResults

/// What a ``CollectionView`` asks its data source (`UICollectionViewDataSource` / `UITableViewDataSource`).
///
/// ```swift
/// final class Numbers: CollectionViewDataSource {
///     func numberOfSections(in view: CollectionView) -> Int { 1 }
///     func collectionView(_ view: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
///     func collectionView(_ view: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionReusableView? {
///         let cell = try view.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
///         cell["text"] = .integer(Int64(indexPath.item))
///         return cell
///     }
/// }
/// ```
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections (`numberOfSections(in:)`); a negative count is an error of the view.
    func numberOfSections(in collectionView: CollectionView) throws -> Int
    /// The number of items of a section (`collectionView(_:numberOfItemsInSection:)`); a negative count is
    /// an error of the view.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) throws -> Int
    /// A prepared cell, dequeued from the view (`collectionView(_:cellForItemAt:)`); nil is an error.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> CollectionReusableView?
    /// The kinds of supplementary views each section shows, in order (the layout's question).
    func supplementaryElementKinds(in collectionView: CollectionView) throws -> [String]
    /// A prepared supplementary view (`collectionView(_:viewForSupplementaryElementOfKind:at:)`).
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) throws -> CollectionReusableView?
}

extension CollectionViewDataSource {
    /// Default: no supplementary views.
    public func supplementaryElementKinds(in collectionView: CollectionView) -> [String] { [] }
    /// Default: none.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) throws -> CollectionReusableView? { nil }
}
