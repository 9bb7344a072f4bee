// The only place that builds contexts and objects, and delivers change notifications, for these tests.
// Contexts are real; objects are made directly (with numbers chosen by each test) and notifications are
// built by hand and handed to the context's registered observers, so each rule can be tested alone.

@testable import ObjectGraph
@testable import ViewControllers

/// A main-queue context over an empty model (objects are made directly with `makeObject`).
func makeContext(concurrencyType: ConcurrencyType = .mainQueue) -> ManagedObjectContext {
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
    for observer in note.context.liveObservers {
        try observer.contextObjectsDidChange(note)
    }
}

/// How many live observers watch a context.
func observerCount(_ context: ManagedObjectContext) -> Int {
    context.liveObservers.count
}
