/// One saved record of a persistent store: attribute values and relationship targets by object ID.
public struct StoreRow {
    /// Persistent attribute values, indexed like the entity's attributes (transient ones are `.null`).
    public var attributes: [Value]
    /// To-one destinations, indexed like the entity's relationships (nil for to-many slots).
    public var toOne: [ManagedObjectID?]
    /// To-many members, indexed like the entity's relationships (empty for to-one slots).
    public var toMany: [[ManagedObjectID]]
    /// The row's version (Core Data's `Z_OPT`): 1 when first saved, one more at every save that writes it.
    /// A context remembers the version it loaded; a save that finds another version is a merge conflict.
    public var version: Int = 1

    /// The version a save gives a row at `version` (`Z_OPT` + 1).
    /// - Throws: 134060 when the version is already the largest integer.
    static func nextVersion(after version: Int, of id: ManagedObjectID) throws -> Int {
        let (next, overflow) = version.addingReportingOverflow(1)
        if overflow { throw SQLiteStoreFile.exhaustedError("the next version (Z_OPT) of \(id.displayName)") }
        return next
    }
}

/// The kind of a persistent store (`NSInMemoryStoreType`, `NSSQLiteStoreType`).
public enum PersistentStoreType: String, Sendable {
    /// Rows live in memory and vanish with the process.
    case inMemory
    /// Rows live in a SQLite file.
    case sqlite
}

/// A persistent store (`NSPersistentStore`): the saved rows of every entity.
///
/// Rows are kept in memory, keyed by object number; fetching candidates returns them in object order.
/// A SQLite store also keeps them in its file: opening loads every row, and each save is written as one
/// transaction before the rows in memory change, so a failed save leaves both unchanged.
///
/// ```swift
/// let store = try PersistentStore(sqlitePath: "/tmp/app.sqlite", model: model)
/// coordinator.addPersistentStore(store)
/// ```
public final class PersistentStore {
    /// The store type.
    public let type: PersistentStoreType
    /// An identifier for messages (`"memory"` or the file path).
    public let identifier: String
    /// The file path of a SQLite store (`url`); nil for an in-memory store.
    public var url: String? { type == .sqlite ? identifier : nil }
    /// The persistent history, when tracking is on (`NSPersistentHistoryTrackingKey`).
    var history: PersistentHistory?
    /// Whether the store records persistent history. Set it before the first save.
    public var persistentHistoryTracking: Bool {
        get { history != nil }
        set { history = newValue ? (history ?? PersistentHistory()) : nil }
    }
    /// The coordinator the store was added to, while it is added.
    weak var coordinator: PersistentStoreCoordinator?
    /// Whether the coordinator posts ``PersistentStoreRemoteChange`` for every transaction committed to this
    /// store or its file (`NSPersistentStoreRemoteChangeNotificationPostOptionKey`).
    public var remoteChangeNotificationPost = false {
        didSet { if remoteChangeNotificationPost { RemoteChangeCenter.register(self) } }
    }
    /// Rows by entity name, then object number.
    var rows: [String: RowTable] = [:]
    /// The file of a SQLite store (nil once the store was removed, or for in-memory stores).
    private var file: SQLiteStoreFile?
    /// The open file, for saves.
    var openFile: SQLiteStoreFile? { file }

    /// Creates an empty in-memory store.
    public init(type: PersistentStoreType = .inMemory, identifier: String = "memory") {
        self.type = type
        self.identifier = identifier
        memoryUUID = StoreIdentity.newStoreUUID()
        storeTag = StoreIdentity.tag(for: memoryUUID)
    }

    /// Opens a SQLite store file, creating it with the model's schema when it does not exist, and loads
    /// what was last saved in it.
    /// `busyTimeout` is how long (ms) a save or the opening waits for another connection's lock
    /// (`sqlite3_busy_timeout`) before failing with 134090.
    /// - Throws: ``ObjectGraphError`` of kind `.store`: 259 when the file is not a store or is corrupt,
    ///   134100 when it was created with an incompatible model, 513 when the location is read-only. An
    ///   existing file is never modified by a failed open.
    ///   With `migration` (``StoreMigrationOptions``), a file of another model version is migrated instead
    ///   of refused: 134130 when no known model opens it, 134140 when the mapping cannot be inferred,
    ///   134110 when a migrated object fails validation — the file unchanged (see ``StoreMigration``).
    public init(sqlitePath path: String, model: ManagedObjectModel, busyTimeout: Int = 5000,
                migration: StoreMigrationOptions? = nil) throws {
        type = .sqlite
        identifier = path
        let timeout = Int32(clamping: max(0, busyTimeout))
        let file: SQLiteStoreFile
        do {
            file = try SQLiteStoreFile(path: path, model: model, busyTimeout: timeout)
        } catch let incompatible as ObjectGraphError where incompatible.code == 134100 && migration?.migratesAutomatically == true {
            try StoreMigration.migrate(path: path, to: model, options: migration!, busyTimeout: timeout, incompatibility: incompatible)
            file = try SQLiteStoreFile(path: path, model: model, busyTimeout: timeout)
        }
        rows = try file.loadRows()
        self.file = file
        storeTag = StoreIdentity.tag(for: file.storeUUID)
    }

    /// The metadata of an in-memory store.
    private lazy var memoryMetadata: [String: PropertyListValue] = [
        "NSStoreType": .string("InMemory"), "NSStoreUUID": .string(memoryUUID),
    ]
    /// The UUID of an in-memory store, drawn when it is created (``StoreIdentity/newStoreUUID()``).
    private var memoryUUID = ""
    /// The ``StoreIdentity`` tag of ``storeUUID``, carried by the IDs of the store's objects.
    public private(set) var storeTag: UInt32 = 0

    /// The store's UUID (`NSStoreUUID`): a SQLite store's `Z_METADATA.Z_UUID`, an in-memory store's own.
    /// It is the host part of its objects' URIs.
    public var storeUUID: String { file?.storeUUID ?? memoryUUID }

    /// The store's metadata (`metadataForPersistentStore:`): for a SQLite store the dictionary kept in its
    /// file's `Z_METADATA` (`NSStoreType`, `NSStoreUUID`, `NSStoreModelVersionHashes`, …) as last read or
    /// written; for an in-memory store its type and UUID.
    public var metadata: [String: PropertyListValue] { file?.metadata ?? memoryMetadata }

    /// Replaces the store's metadata (`setMetadata(_:for:)`); a SQLite store writes it to its file at once,
    /// in a transaction of its own. `NSStoreType` and `NSStoreUUID` are the store's own and stay.
    /// - Throws: `.store` 134010 when `values` gives either of them another value; a SQLite failure as
    ///   its Cocoa error (the file unchanged).
    public func setMetadata(_ values: [String: PropertyListValue]) throws {
        let current = metadata
        for key in ["NSStoreType", "NSStoreUUID"] where values[key] != nil && values[key] != current[key] {
            throw ObjectGraphError(.store, code: 134010,
                "Error Domain=NSCocoaErrorDomain Code=134010 \"The store's \(key) cannot be changed (it is \(current[key]?.description ?? "nil")).\"")
        }
        var merged = values
        merged["NSStoreType"] = current["NSStoreType"]
        merged["NSStoreUUID"] = current["NSStoreUUID"]
        if let file {
            // Ripple's own keys (format, history) are kept: they describe the file, not the app.
            for (key, value) in current where key.hasPrefix("_Ripple") && merged[key] == nil { merged[key] = value }
            try file.transaction { try file.writeMetadata(merged) }
        } else {
            memoryMetadata = merged
        }
    }

    /// The row of an object, if saved.
    public func row(for id: ManagedObjectID) -> StoreRow? { rows[id.entityName]?[id.number] }

    /// The IDs of every saved object of an entity, in object order.
    public func objectIDs(entityName: String) -> [ManagedObjectID] {
        guard let table = rows[entityName] else { return [] }
        return table.numbers.map { ManagedObjectID(entityName: entityName, number: $0, isTemporaryID: false, storeTag: storeTag) }
    }

    /// The number of saved objects of an entity.
    public func count(entityName: String) -> Int { rows[entityName]?.count ?? 0 }

    /// The largest saved object number of an entity (0 when there is none); for a SQLite store at least
    /// the entity's `Z_MAX` when the file was opened (numbers of deleted rows are not given again).
    public func largestNumber(entityName: String) -> Int {
        let saved = rows[entityName]?.largestNumber ?? 0
        guard let file else { return saved }
        return max(saved, file.maxima[entityName] ?? 0)
    }

    /// Applies a save: rows to write (inserted or updated) and IDs to delete. A SQLite store writes them
    /// in one transaction first; when that fails nothing changes.
    public func apply(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) throws {
        try save { _ in (writes, deletes) }
    }

    /// Closes the file of a SQLite store (after it was removed from its coordinator).
    func close() {
        file?.close()
        file = nil
    }
}
