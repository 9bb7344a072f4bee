import FetchedResults
import ObjectGraph

/// A data source over a fetch request (`NXFetchedCollectionViewDataSource`), built on a
/// ``FetchedResultsController`` and kept up to date as the context changes.
///
/// Each batch of the controller's changes becomes one batch update that UIKit's validation accepts
/// (docs/decisions.md, decision 4): section deletes and item deletes and move sources use the old indexes, section
/// inserts and item inserts and move destinations the new ones, never mixed; a move out of a deleted
/// section becomes an insert, a move into an inserted section a delete; updated objects are reloaded at
/// their old paths; moved objects are not reloaded but reconfigured at their new paths after the batch;
/// fetch limit and offset hold, as the controller keeps them. The counts the view sees switch inside the
/// update block.
///
/// ```swift
/// let source = FetchedCollectionViewDataSource(collectionView: view, managedObjectContext: context)
/// source.register(className: "Cell") { cell, path, source in
///     cell["text"] = (source.item(at: path) as? ManagedObject)?.value(forKey: "name") ?? .null
/// }
/// try source.reload(with: FetchRequest(entityName: "Person", sortDescriptors: [SortDescriptor(key: "name")]),
///                   sectionBehavior: .keyPath("initial"))
/// ```
///
/// ## Topics
/// - Loading: ``reload(with:sectionBehavior:)``, ``reload()``, ``reset()``
/// - Content: ``object(at:)``, ``indexPaths(of:)``, ``itemForSection(_:)``, ``fetchedItems``
public final class FetchedCollectionViewDataSource: CollectionViewDataSourceBase, FetchedResultsControllerDelegate {
    /// The context whose objects are shown.
    public let managedObjectContext: ManagedObjectContext
    /// The request of the last reload (nil: none, or reset).
    public private(set) var fetchRequest: FetchRequest?
    /// The section behaviour of the last reload (nil: one section).
    public private(set) var sectionBehavior: FetchedSectionBehavior?
    /// The controller behind the content (a new one on every reload).
    public private(set) var fetchedResultsController: FetchedResultsController?
    /// Whether controllers made by the data source check their invariants after every batch.
    public var checksInvariants = false

    /// What the view has been told: one record per section (nil: no content).
    var shown: [SectionRecord]?
    /// Watches the context for a reset, after which the data source fetches again.
    private var resetObserver: ResetObserver?
    var pending = PendingChanges()

    struct SectionRecord {
        var name: String
        var count: Int
        var item: Value
    }

    struct PendingChanges {
        var deletedSections: [Int] = []
        var insertedSections: [(index: Int, info: FetchedResultsSectionInfo)] = []
        var deletes: [IndexPath] = []
        var inserts: [IndexPath] = []
        var moves: [(from: IndexPath, to: IndexPath)] = []
        var updates: [IndexPath] = []
    }

    /// Creates a data source for a view and a context; it becomes the view's data source.
    public init(collectionView: CollectionView, managedObjectContext: ManagedObjectContext) {
        self.managedObjectContext = managedObjectContext
        super.init(collectionView: collectionView)
        let observer = ResetObserver(dataSource: self)
        observer.token = managedObjectContext.addObserver(observer)
        resetObserver = observer
    }

    /// A context reset (`invalidatedAll`) leaves a fetched-results controller with nothing and tells its
    /// delegate nothing; Core Data's advice is to fetch again and reload the view, which the data source
    /// does itself, so its view never shows objects that no longer exist.
    final class ResetObserver: ContextObserver {
        weak var dataSource: FetchedCollectionViewDataSource?
        var token: ObservationToken?

        init(dataSource: FetchedCollectionViewDataSource) { self.dataSource = dataSource }

        func contextObjectsDidChange(_ notification: ObjectsDidChangeNotification) throws {
            guard notification.invalidatedAll, let dataSource, dataSource.fetchRequest != nil else { return }
            try dataSource.reload()
        }

        deinit { token?.cancel() }
    }

    // MARK: - Loading

    /// Fetches with a new controller and reloads the view, then runs the post-update block
    /// (`reloadWithFetchRequest:sectionKeyPath:` and its attribute and relationship variants). A nil request
    /// empties the data source.
    /// - Throws: `.invalidArgument` for an unknown or unsupported section attribute or relationship; the
    ///   controller's errors (no sort descriptors, out-of-order sections) as `.underlying`.
    public func reload(with request: FetchRequest?, sectionBehavior: FetchedSectionBehavior?) throws {
        if let request, let sectionBehavior { try Self.check(sectionBehavior, for: request, in: managedObjectContext) }
        fetchedResultsController?.delegate = nil
        fetchedResultsController = nil
        shown = nil
        fetchRequest = request
        self.sectionBehavior = sectionBehavior
        if let request {
            let controller: FetchedResultsController
            do {
                controller = try FetchedResultsController(fetchRequest: request, managedObjectContext: managedObjectContext,
                                                          sectionNameKeyPath: sectionBehavior?.keyPath, cacheName: nil)
                controller.checksInvariants = checksInvariants
                if let platform = collectionView?.platform { controller.platform = platform }
                controller.delegate = self
                try controller.performFetch()
            } catch {
                throw CollectionViewsError(.underlying, String(describing: error), underlying: error)
            }
            fetchedResultsController = controller
            shown = try (controller.sections ?? []).map { section in
                SectionRecord(name: section.name, count: section.numberOfObjects, item: try sectionItem(for: section))
            }
        }
        try super.reload()
    }

    /// Fetches again with the stored request and behaviour (a fresh fetch, no diff).
    public override func reload() throws {
        try reload(with: fetchRequest, sectionBehavior: sectionBehavior)
    }

    /// Empties the data source (`reloadWithFetchRequest:nil`): 0 sections; the view reloads.
    public override func reset() throws {
        try reload(with: nil, sectionBehavior: nil)
    }

    static func check(_ behavior: FetchedSectionBehavior, for request: FetchRequest,
                      in context: ManagedObjectContext) throws {
        guard let entity = context.model.entity(named: request.entityName) else {
            throw CollectionViewsError(.invalidArgument, "no entity named '\(request.entityName)' in the model")
        }
        switch behavior {
        case .keyPath:
            return
        case .attribute(let name):
            guard let attribute = entity.attribute(named: name) else {
                throw CollectionViewsError(.invalidArgument, "\(entity.name) has no attribute '\(name)' to section by")
            }
            switch attribute.type {
            case .integer, .double, .boolean, .string, .date: return
            default:
                throw CollectionViewsError(.invalidArgument, "cannot section by the \(attribute.type.rawValue) attribute '\(name)' of \(entity.name): only numeric, boolean, string and date attributes are supported")
            }
        case .relationship(let name):
            guard let relationship = entity.relationship(named: name) else {
                throw CollectionViewsError(.invalidArgument, "\(entity.name) has no relationship '\(name)' to section by")
            }
            if relationship.isToMany {
                throw CollectionViewsError(.invalidArgument, "cannot section by the to-many relationship '\(name)' of \(entity.name): only to-one relationships are supported")
            }
        }
    }

    /// The section item of a section, from its name or its first object.
    func sectionItem(for section: FetchedResultsSectionInfo) throws -> Value {
        guard let sectionBehavior else { return .string(section.name) }
        switch sectionBehavior {
        case .keyPath: return .string(section.name)
        case .attribute(let key), .relationship(let key):
            guard let first = section.objects.first else { return .null }
            return try first.value(forKey: key)
        }
    }

    // MARK: - Content

    /// The number of sections the view has been told about.
    public override func numberOfSections() -> Int { shown?.count ?? 0 }

    /// The number of items of a section the view has been told about.
    public override func numberOfItems(inSection section: Int) -> Int {
        guard let shown, section >= 0, section < shown.count else { return 0 }
        return shown[section].count
    }

    /// The object at a path, or nil out of range (`itemAtIndexPath:`).
    public func object(at indexPath: IndexPath) -> ManagedObject? {
        guard let shown, let controller = fetchedResultsController, indexPath.section >= 0,
              indexPath.section < shown.count, indexPath.item >= 0,
              indexPath.item < shown[indexPath.section].count else { return nil }
        return try? controller.object(at: indexPath)
    }

    /// The object at a path, or nil.
    public override func item(at indexPath: IndexPath) -> Any? { object(at: indexPath) }

    /// The path of an object, as a one-element array, or empty (`indexPathsOfItem:`).
    public func indexPaths(of object: ManagedObject) -> [IndexPath] {
        fetchedResultsController?.indexPath(forObject: object).map { [$0] } ?? []
    }

    /// The fetched objects (`fetchedItems`); nil before the first reload and after a reset.
    public var fetchedItems: [ManagedObject]? { fetchedResultsController?.fetchedObjects }

    /// The item of a section (`itemForSection:`): the name for a key path; the typed value (or nil) for an
    /// attribute; the related object (or nil) for a relationship. Nil when there is no content.
    /// - Throws: `.outOfRange` with NSArray's message for a section that does not exist.
    public func itemForSection(_ section: Int) throws -> Value? {
        guard let shown else { return nil }
        guard section >= 0 && section < shown.count else { throw Self.rangeError(section, count: shown.count) }
        let item = shown[section].item
        return item.isNull ? nil : item
    }
}
