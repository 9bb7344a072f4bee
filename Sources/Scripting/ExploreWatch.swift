import CollectionViews
import FetchedResults
import ObjectGraph

/// What `ripple.explore` watches while it runs a screen (docs/explore.md): the table and collection views
/// the screen made, and for each cell the object a fetched-results controller handed to the data source
/// while it configured that cell (`frc:objectAtIndexPath(indexPath)` inside `cellForRowAtIndexPath`).
///
/// ``check()`` then compares every watched view with its controller and with a fresh fetch, by those
/// objects: the sections and rows, the object of each visible cell, and no cell configured with a deleted
/// object. A view's controller is the one its data source read while answering it (`frc.sections`,
/// `frc.fetchedObjects`, `frc:objectAtIndexPath`), or the one its cells came from; a view with neither is
/// compared for deleted objects only.
final class ExploreWatch {
    /// The object a cell was configured with, and the controller that gave it.
    struct Configuration {
        let cell: CollectionReusableView
        let controller: FetchedResultsController
        let object: ManagedObject
    }

    /// The views made while watching, in creation order (held until the watch ends).
    private(set) var views: [CollectionView] = []
    /// The configuration of each cell, by the cell's identity.
    private var configurations: [ObjectIdentifier: Configuration] = [:]
    /// The last object a controller handed out during the configuration running now.
    private var noted: (controller: FetchedResultsController, object: ManagedObject)?
    /// How many configurations are running (a data source that configures another view's cell nests).
    private var depth = 0

    /// The controller each view's data source read its counts or objects from, by the view's identity.
    private var sources: [ObjectIdentifier: FetchedResultsController] = [:]
    /// The views whose data source is being asked now, innermost last.
    private var asking: [CollectionView] = []

    /// Starts following a view the screen made.
    func watch(_ view: CollectionView) { views.append(view) }

    /// A data source is answering a question of `view` (counts or a cell).
    func beginAsking(_ view: CollectionView) { asking.append(view) }
    /// It answered.
    func endAsking() { asking.removeLast() }

    /// The script read a controller's `sections`, `fetchedObjects` or an object: while a data source
    /// answers a view, that view shows that controller (even while it shows no cell).
    func noteCounted(_ controller: FetchedResultsController, slot: String) {
        guard let view = asking.last, slot == "sections" || slot == "fetchedObjects" || slot == "objectAtIndexPath" else { return }
        sources[ObjectIdentifier(view)] = controller
    }

    /// A controller handed `object` to the script (`objectAtIndexPath`).
    func note(_ controller: FetchedResultsController, _ object: ManagedObject) {
        if depth > 0 { noted = (controller, object) }
    }

    /// A data source is about to configure a cell; returns what to hand back to ``endConfiguring(_:_:)``.
    func beginConfiguring() -> (controller: FetchedResultsController, object: ManagedObject)? {
        let outer = noted
        noted = nil
        depth += 1
        return outer
    }

    /// The data source returned `cell` (nil: it failed or returned none): it now shows the last object a
    /// controller handed out meanwhile, or no known object.
    func endConfiguring(_ cell: CollectionReusableView?, _ outer: (controller: FetchedResultsController, object: ManagedObject)?) {
        depth -= 1
        if let cell {
            let key = ObjectIdentifier(cell)
            if let noted { configurations[key] = Configuration(cell: cell, controller: noted.controller, object: noted.object) }
            else { configurations[key] = nil }
        }
        noted = outer
    }

    /// The first difference between what a watched view shows and what it should show, or nil.
    func check() throws -> String? {
        for view in views {
            guard let sections = view.loadedSections else { continue }
            var controller = sources[ObjectIdentifier(view)]
            let kind = view is TableView ? "table view" : "collection view"
            let rowWord = view is TableView ? "rows" : "items"
            for (s, section) in sections.enumerated() {
                for (i, slot) in section.slots.enumerated() {
                    guard let cell = slot, let configuration = configurations[ObjectIdentifier(cell)] else { continue }
                    let object = configuration.object
                    if object.isDeleted || object.managedObjectContext == nil {
                        return "\(kind) '\(view.name)' shows a deleted object (\(object.displayName)) at [\(s), \(i)]"
                    }
                    if controller == nil { controller = configuration.controller }
                }
            }
            guard let controller else { continue }
            let fresh = try controller.managedObjectContext.fetch(controller.fetchRequest)
            let fetched = controller.fetchedObjects ?? []
            if fresh.count != fetched.count || zip(fresh, fetched).contains(where: { $0 !== $1 }) {
                return "fetched results controller '\(controller.name)' has \(Self.names(fetched)) where a fresh fetch has \(Self.names(fresh))"
            }
            let expected = controller.sections ?? []
            if sections.count != expected.count {
                return "\(kind) '\(view.name)' shows \(sections.count) sections where a fresh fetch has \(expected.count)"
            }
            for (s, section) in sections.enumerated() {
                let objects = expected[s].objects
                if section.numberOfItems != objects.count {
                    return "\(kind) '\(view.name)' shows \(section.numberOfItems) \(rowWord) in section \(s) where a fresh fetch has \(objects.count)"
                }
                for (i, slot) in section.slots.enumerated() {
                    guard let cell = slot, let configuration = configurations[ObjectIdentifier(cell)],
                          configuration.controller === controller else { continue }
                    if configuration.object !== objects[i] {
                        return "\(kind) '\(view.name)' shows \(configuration.object.displayName) at [\(s), \(i)] where a fresh fetch has \(objects[i].displayName)"
                    }
                }
            }
        }
        return nil
    }

    static func names(_ objects: [ManagedObject]) -> String {
        "[" + objects.map(\.displayName).joined(separator: ", ") + "]"
    }
}
