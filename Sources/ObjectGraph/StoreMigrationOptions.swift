/// What opening a SQLite store written with another model version does (the options
/// `NSMigratePersistentStoresAutomaticallyOption` and `NSInferMappingModelAutomaticallyOption` of
/// `addPersistentStore`, `shouldMigrateStoreAutomatically` and `shouldInferMappingModelAutomatically` of
/// a persistent container's store description).
///
/// ```swift
/// let options = StoreMigrationOptions(sourceModels: [v1, v2])
/// let store = try PersistentStore(sqlitePath: "/tmp/app.sqlite", model: v3, migration: options)
/// ```
public struct StoreMigrationOptions: Sendable {
    /// Migrate a store of another model version when it is opened (else it fails with 134100).
    public var migratesAutomatically: Bool
    /// Infer the mapping model (else, as Ripple has no mapping model files, a migration fails with 134140).
    public var infersMappingModelAutomatically: Bool
    /// The models the store may have been written with, in the order they are tried (Core Data searches
    /// the app's bundles; Ripple searches the models a script made or loaded, and every version of the
    /// `.xcdatamodeld` bundles it loaded).
    public var sourceModels: [ManagedObjectModel]

    /// Creates options; both flags default to true, as a persistent container's store description does.
    public init(migratesAutomatically: Bool = true, infersMappingModelAutomatically: Bool = true,
                sourceModels: [ManagedObjectModel] = []) {
        self.migratesAutomatically = migratesAutomatically
        self.infersMappingModelAutomatically = infersMappingModelAutomatically
        self.sourceModels = sourceModels
    }
}
