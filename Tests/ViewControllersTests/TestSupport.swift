// The only place that builds contexts and objects, and delivers change notifications, for these tests.
// When the real `ManagedObjectContext` lands, adapt this file: create contexts and objects through the
// context API, drop `installFakeObservation`, and make `deliver` post through `processPendingChanges()`.

@testable import ObjectGraph
@testable import ViewControllers

/// Weak registrations of context observers, standing in for `ManagedObjectContext.addObserver(_:)`.
final class FakeObserverRegistry {
    struct Entry {
        let id: Int
        let context: ObjectIdentifier
        weak var observer: ContextObserver?
    }
    nonisolated(unsafe) static let shared = FakeObserverRegistry()
    var entries: [Entry] = []
    var nextID = 0

    func add(_ context: ManagedObjectContext, _ observer: ContextObserver) -> ObservationToken {
        nextID += 1
        let id = nextID
        entries.append(Entry(id: id, context: ObjectIdentifier(context), observer: observer))
        return ObservationToken { [weak self] in self?.entries.removeAll { $0.id == id } }
    }

    /// The live observers registered for a context, in registration order.
    func observers(of context: ManagedObjectContext) -> [ContextObserver] {
        entries.filter { $0.context == ObjectIdentifier(context) }.compactMap(\.observer)
    }
}

/// Installs the fake registry once (every test that touches dependencies goes through `makeContext`).
private let fakeObservationInstalled: Void = {
    DependencyState.addObserver = { FakeObserverRegistry.shared.add($0, $1) }
}()

/// A main-queue context over an empty model (objects are made directly with `makeObject`).
func makeContext(concurrencyType: ConcurrencyType = .mainQueue) -> ManagedObjectContext {
    _ = fakeObservationInstalled
    let coordinator = PersistentStoreCoordinator(managedObjectModel: try! ManagedObjectModel(entities: []))
    coordinator.addPersistentStore(PersistentStore())
    return ManagedObjectContext(coordinator: coordinator, concurrencyType: concurrencyType, name: "viewContext")
}

/// The entities used by the tests.
let customerEntity = EntityDescription(name: "Customer")
let orderEntity = EntityDescription(name: "Order")

/// An object registered in `context`, named `Entity#number`.
func makeObject(_ entity: EntityDescription, _ number: Int, in context: ManagedObjectContext) -> ManagedObject {
    ManagedObject(entity: entity, objectID: ManagedObjectID(entityName: entity.name, number: number, isTemporaryID: false),
                  context: context)
}

/// An object that belongs to no context (deleted and saved).
func makeDetachedObject(_ entity: EntityDescription, _ number: Int) -> ManagedObject {
    ManagedObject(entity: entity, objectID: ManagedObjectID(entityName: entity.name, number: number, isTemporaryID: false),
                  context: nil)
}

/// Builds an `ObjectsDidChange` notification for `context`.
func makeNote(
    _ context: ManagedObjectContext, updated: [ManagedObject] = [], deleted: [ManagedObject] = [],
    refreshed: [ManagedObject] = [], invalidated: [ManagedObject] = [], inserted: [ManagedObject] = [],
    invalidatedAll: Bool = false, changedKeys: [ManagedObject: [String]] = [:]
) -> ObjectsDidChangeNotification {
    var note = ObjectsDidChangeNotification(context: context)
    note.updated = updated
    note.deleted = deleted
    note.refreshed = refreshed
    note.invalidated = invalidated
    note.inserted = inserted
    note.invalidatedAll = invalidatedAll
    note.changedKeys = changedKeys
    return note
}

/// Delivers a notification to every live observer of its context, as the context would.
func deliver(_ note: ObjectsDidChangeNotification) throws {
    for observer in FakeObserverRegistry.shared.observers(of: note.context) {
        try observer.contextObjectsDidChange(note)
    }
}

/// How many live observers watch a context.
func observerCount(_ context: ManagedObjectContext) -> Int {
    FakeObserverRegistry.shared.observers(of: context).count
}
