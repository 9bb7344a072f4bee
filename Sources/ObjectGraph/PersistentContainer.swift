/// A persistent container (`NSPersistentContainer`): a model, a coordinator with its store, the main
/// queue's view context, and background contexts on demand.
///
/// ```swift
/// let container = try PersistentContainer(model: model)
/// let ann = try container.viewContext.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
/// ```
public final class PersistentContainer {
    /// The model.
    public let managedObjectModel: ManagedObjectModel
    /// The coordinator shared by every context of the container.
    public let persistentStoreCoordinator: PersistentStoreCoordinator
    /// The main-queue context (`viewContext`).
    public let viewContext: ManagedObjectContext
    private var backgroundCount = 0

    /// Creates a container over a new in-memory store.
    public init(model: ManagedObjectModel, store: PersistentStore = PersistentStore()) {
        managedObjectModel = model
        persistentStoreCoordinator = PersistentStoreCoordinator(managedObjectModel: model)
        persistentStoreCoordinator.addPersistentStore(store)
        viewContext = ManagedObjectContext(coordinator: persistentStoreCoordinator, concurrencyType: .mainQueue,
                                           name: "viewContext")
    }

    /// A new private-queue context over the same coordinator (`newBackgroundContext()`), named
    /// `background#n`.
    public func newBackgroundContext() -> ManagedObjectContext {
        backgroundCount += 1
        return ManagedObjectContext(coordinator: persistentStoreCoordinator, concurrencyType: .privateQueue,
                                    name: "background#\(backgroundCount)")
    }
}
