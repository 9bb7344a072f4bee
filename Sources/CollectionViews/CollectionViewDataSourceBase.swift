import FetchedResults
import ObjectGraph

/// The base of Ripple's data sources (`NXCollectionViewDataSource`): cell registrations with predicates
/// and prepare blocks, supplementary views by kind, a post-update block. Subclasses provide the content.
///
/// The data source becomes its view's data source when it is created and keeps the view weakly. Each cell
/// is dequeued with the identifier of the **first** registration, in registration order, whose predicate
/// accepts the item; registering an identifier again moves it last. An item with no matching
/// registration (or no item) gives no cell, which the view reports as UIKit does.
///
/// ```swift
/// let source = StaticCollectionViewDataSource(collectionView: view)
/// source.register(className: "Cell") { cell, path, source in cell["text"] = .string("\(path)") }
/// try source.reload(sections: [["a", "b"]], sectionItems: ["Letters"])
/// ```
///
/// ## Topics
/// - Registrations: ``register(className:isNib:reuseIdentifier:predicate:prepare:)``,
///   ``register(className:isNib:prepare:)``, ``register(className:isNib:forSupplementaryViewOfKind:prepare:)``
/// - Content: ``numberOfSections()``, ``numberOfItems(inSection:)``, ``item(at:)``, ``reload()``, ``reset()``
public class CollectionViewDataSourceBase: CollectionViewDataSource {
    /// The reuse identifier of the default registration.
    public static let defaultReuseIdentifier = "CollectionViewDataSourceCellReuseIdentifier"

    /// The managed view (weak).
    public private(set) weak var collectionView: CollectionView?
    /// The cell registrations, in priority order.
    public private(set) var registrations: [CellRegistration] = []
    /// The supplementary-view registrations, in registration order.
    public private(set) var supplementaryRegistrations: [SupplementaryViewRegistration] = []
    /// Runs after every reload and every batch of changes the data source applies to its view.
    public var postUpdateBlock: ((CollectionViewDataSourceBase) throws -> Void)?
    /// Apply changes with `reloadData()` instead of an animated batch update (default false).
    public var reloadCollectionViewAfterChanges = false

    /// Creates a data source and makes it the view's data source.
    public init(collectionView: CollectionView) {
        self.collectionView = collectionView
        collectionView.dataSource = self
    }

    // MARK: - Registrations

    /// Registers a cell class (or nib) for the items a predicate accepts
    /// (`registerClass:withReuseIdentifier:forItemsMatchingPredicate:withPrepareBlock:`). An identifier
    /// registered before is moved last. A nil class removes the registration.
    public func register(className: String?, isNib: Bool = false, reuseIdentifier: String,
                         predicate: ItemPredicate? = nil, prepare: @escaping PrepareBlock) {
        registrations.removeAll { $0.reuseIdentifier == reuseIdentifier }
        if let className {
            registrations.append(CellRegistration(reuseIdentifier: reuseIdentifier, className: className, isNib: isNib,
                                                  predicate: predicate, prepare: prepare))
        }
        collectionView?.register(className: className, forCellWithReuseIdentifier: reuseIdentifier,
                                 prepareForReuse: { $0.removeAllContent() })
    }

    /// Removes the registration of an identifier (`registerClass:nil …`).
    public func unregister(reuseIdentifier: String) {
        registrations.removeAll { $0.reuseIdentifier == reuseIdentifier }
        collectionView?.register(className: nil, forCellWithReuseIdentifier: reuseIdentifier)
    }

    /// The default registration, for every item (`registerClass:withPrepareBlock:`), under
    /// ``defaultReuseIdentifier``. Register it last.
    public func register(className: String?, isNib: Bool = false, prepare: @escaping PrepareBlock) {
        register(className: className, isNib: isNib, reuseIdentifier: Self.defaultReuseIdentifier, prepare: prepare)
    }

    /// Registers a supplementary view class for a kind; the kind is also the reuse identifier. A nil block
    /// keeps the class but prepares nothing; a nil class removes the kind.
    public func register(className: String?, isNib: Bool = false, forSupplementaryViewOfKind kind: String,
                         prepare: PrepareBlock?) {
        if let index = supplementaryRegistrations.firstIndex(where: { $0.kind == kind }) {
            if let className {
                supplementaryRegistrations[index] = SupplementaryViewRegistration(kind: kind, className: className,
                                                                                  prepare: prepare)
            } else {
                supplementaryRegistrations.remove(at: index)
            }
        } else if let className {
            supplementaryRegistrations.append(SupplementaryViewRegistration(kind: kind, className: className,
                                                                            prepare: prepare))
        }
        collectionView?.register(className: className, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
    }

    /// The reuse identifier for the item at a path: the first registration that accepts it.
    public func reuseIdentifier(forItemAt indexPath: IndexPath) throws -> String? {
        guard let item = item(at: indexPath) else { return nil }
        return try registrations.first { try $0.matches(item, at: indexPath) }?.reuseIdentifier
    }

    // MARK: - Content (overridden by subclasses)

    /// The number of sections (0 in the base class).
    public func numberOfSections() -> Int { 0 }
    /// The number of items of a section (0 in the base class).
    public func numberOfItems(inSection section: Int) -> Int { 0 }
    /// The item at a path, or nil.
    public func item(at indexPath: IndexPath) -> Any? { nil }

    /// Reloads the view (`reloadData()`) and runs the post-update block.
    public func reload() throws {
        try collectionView?.reloadData()
        try postUpdateBlock?(self)
    }

    /// Forgets the content (nothing in the base class).
    public func reset() throws {}

    // MARK: - CollectionViewDataSource

    /// The number of sections, for the managed view only.
    public func numberOfSections(in collectionView: CollectionView) -> Int {
        collectionView === self.collectionView ? numberOfSections() : 0
    }

    /// The number of items of a section, for the managed view only.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView === self.collectionView ? numberOfItems(inSection: section) : 0
    }

    /// Dequeues the cell of the first matching registration and prepares it.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> CollectionReusableView? {
        guard collectionView === self.collectionView, let item = item(at: indexPath) else { return nil }
        for registration in registrations where try registration.matches(item, at: indexPath) {
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: registration.reuseIdentifier,
                                                              for: indexPath)
            try registration.prepare(cell, indexPath, self)
            return cell
        }
        return nil
    }

    /// The registered supplementary kinds, in registration order.
    public func supplementaryElementKinds(in collectionView: CollectionView) -> [String] {
        collectionView === self.collectionView ? supplementaryRegistrations.map(\.kind) : []
    }

    /// Dequeues a supplementary view (the kind is its reuse identifier) and prepares it.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) throws -> CollectionReusableView? {
        guard collectionView === self.collectionView,
              let registration = supplementaryRegistrations.first(where: { $0.kind == kind }) else { return nil }
        let view = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind,
                                                                       for: indexPath)
        try registration.prepare?(view, indexPath, self)
        return view
    }

    /// NSArray's range exception for `index` in an array of `count` elements.
    static func rangeError(_ index: Int, count: Int) -> CollectionViewsError {
        if count == 0 {
            return CollectionViewsError(.outOfRange, "*** -[__NSArray0 objectAtIndex:]: index \(index) beyond bounds for empty NSArray")
        }
        return CollectionViewsError(.outOfRange, "*** -[__NSArrayI objectAtIndex:]: index \(index) beyond bounds [0 .. \(count - 1)]")
    }
}
