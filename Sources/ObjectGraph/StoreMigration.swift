#if canImport(Glibc)
import Glibc
#endif
import CSQLite

/// A lightweight migration of a SQLite store file, atomic: the migrated store is written to a new file
/// next to the old one (`<path>-migration`), made durable, and renamed over the old file in one step. A
/// failure — or the process killed — at any point before the rename leaves the old file byte for byte as
/// it was; after it, the file is the complete new store. The old file is locked for writing meanwhile.
///
/// Kept: every object's number (`Z_PK`), row version (`Z_OPT`), the numbering (`Z_MAX`), the store UUID
/// and the metadata keys an app added. New: the tables of the destination model and its version hashes.
enum StoreMigration {
    /// Finds the model the file was written with, infers the mapping and migrates the file to `model`.
    /// - Throws: 134130 when no source model opens the file (with `incompatibility`'s text), 134140 when
    ///   the mapping cannot be inferred, 134110 when a migrated object fails validation; the file unchanged.
    static func migrate(path: String, to model: ManagedObjectModel, options: StoreMigrationOptions,
                        busyTimeout: Int32, incompatibility: ObjectGraphError) throws {
        guard let (source, file) = try findSource(path: path, destination: model, options: options, busyTimeout: busyTimeout) else {
            throw ObjectGraphError(.store, code: 134130,
                "Error Domain=NSCocoaErrorDomain Code=134130 \"Persistent store migration failed, missing source managed object model.\" UserInfo={reason=Can't find model for source store: none of the \(options.sourceModels.count) known model(s) opens it; with the current model: \(incompatibility.message)}")
        }
        defer { file.close() }
        guard options.infersMappingModelAutomatically else {
            throw MappingModel.missingMapping("inferring the mapping model is off (inferMappingModelAutomatically = false) and Ripple reads no mapping model files")
        }
        let mapping = try MappingModel.inferred(source: source, destination: model)
        // The old file stays locked for writing until the new one replaced it.
        do {
            try file.execute("BEGIN IMMEDIATE")
        } catch let failure as SQLiteStoreFile.SQLiteFailure {
            throw SQLiteStoreFile.cocoaError(failure, path: path, waited: busyTimeout, action: "migrating the store")
        }
        defer { try? file.execute("ROLLBACK") }
        let sourceRows = try file.loadRows()
        let rows = try migratedRows(sourceRows, source: source, destination: model, mapping: mapping)
        var maxima: [(String, Int)] = []
        for m in mapping.entityMappings {
            if let s = m.sourceEntityName, let d = m.destinationEntityName, let max = file.maxima[s] { maxima.append((d, max)) }
        }
        let temporary = path + "-migration"
        unlink(temporary)
        unlink(temporary + "-journal")
        var named: Set<String> = []
        do {
            named = try write(rows, maxima: maxima, to: temporary, storePath: path, model: model, uuid: file.storeUUID,
                              metadata: file.metadata, busyTimeout: busyTimeout)
            crashPoint("before-rename")
            guard rename(temporary, path) == 0 else {
                throw ObjectGraphError(.store, code: 134110,
                    "Error Domain=NSCocoaErrorDomain Code=134110 \"An error occurred during persistent store migration.\" UserInfo={reason=Can't replace the store with the migrated copy: \(String(cString: strerror(errno)))}")
            }
        } catch {
            unlink(temporary)
            unlink(temporary + "-journal")
            throw error
        }
        syncDirectory(of: path)
        // The old file's external data files that the new one does not name.
        SQLiteStoreFile.pruneExternalData(in: file.externalDataDirectory, keeping: named)
    }

    /// The first known model that opens the file: one whose version hashes the file carries, else one
    /// whose tables the file has. Returns the model and the file opened with it.
    private static func findSource(path: String, destination: ManagedObjectModel, options: StoreMigrationOptions,
                                   busyTimeout: Int32) throws -> (ManagedObjectModel, SQLiteStoreFile)? {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(destination)]
        var candidates: [ManagedObjectModel] = []
        for m in options.sourceModels where seen.insert(ObjectIdentifier(m)).inserted { candidates.append(m) }
        var hashes: [String: PropertyListValue] = [:]
        if let probe = try? SQLiteStoreFile.readMetadataOnly(path: path),
           case .dictionary(let h)? = probe["NSStoreModelVersionHashes"] {
            hashes = h
        }
        let ordered = candidates.filter { ModelVersionHash.model($0, matches: hashes) }
            + candidates.filter { !ModelVersionHash.model($0, matches: hashes) }
        for candidate in ordered {
            if let file = try? SQLiteStoreFile(path: path, model: candidate, busyTimeout: busyTimeout) {
                return (candidate, file)
            }
        }
        return nil
    }

    /// The destination's rows: each migrated object keeps its number; new attributes start at their
    /// default value; a new inverse of a migrated relationship is filled from it.
    /// - Throws: 134110 when a required attribute or to-one of a migrated object has no value.
    static func migratedRows(_ sourceRows: [String: RowTable], source: ManagedObjectModel, destination: ManagedObjectModel,
                             mapping: MappingModel) throws -> [String: [Int: StoreRow]] {
        var entityFor: [String: String] = [:]
        for m in mapping.entityMappings {
            if let s = m.sourceEntityName, let d = m.destinationEntityName { entityFor[s] = d }
        }
        func migrate(_ id: ManagedObjectID) -> ManagedObjectID? {
            entityFor[id.entityName].map { ManagedObjectID(entityName: $0, number: id.number, isTemporaryID: false) }
        }
        var result: [String: [Int: StoreRow]] = [:]
        // Which destination relationships came from the source (the others start empty).
        var mapped: [String: [Bool]] = [:]
        for d in destination.entities {
            guard let m = mapping.mapping(destination: d.name), let sName = m.sourceEntityName,
                  let s = source.entity(named: sName) else { continue }
            var table: [Int: StoreRow] = [:]
            let attributeSources: [Int?] = d.attributes.map { a in
                m.attributeMappings.first { $0.name == a.name }?.sourceName.flatMap { n in s.attributes.firstIndex { $0.name == n } }
            }
            let relationshipSources: [Int?] = d.relationships.map { r in
                m.relationshipMappings.first { $0.name == r.name }?.sourceName.flatMap { n in s.relationships.firstIndex { $0.name == n } }
            }
            mapped[d.name] = relationshipSources.map { $0 != nil }
            for n in sourceRows[sName]?.numbers ?? [] {
                let old = sourceRows[sName]![n]!
                var row = StoreRow(attributes: [], toOne: [], toMany: [], version: old.version)
                for (i, a) in d.attributes.enumerated() {
                    if a.isTransient { row.attributes.append(.null); continue }
                    var value = attributeSources[i].map { old.attributes[$0] } ?? (a.defaultValue ?? .null)
                    if value.isNull, let fallback = a.defaultValue, attributeSources[i] != nil, !a.isOptional { value = fallback }
                    if value.isNull && !a.isOptional {
                        throw validationFailure(entity: d.name, property: a.name, kind: "attribute")
                    }
                    row.attributes.append(value)
                }
                for (i, r) in d.relationships.enumerated() {
                    var members: [ManagedObjectID] = []
                    if let j = relationshipSources[i] {
                        let sr = s.relationships[j]
                        members = (sr.isToMany ? old.toMany[j] : (old.toOne[j].map { [$0] } ?? [])).compactMap(migrate)
                    }
                    if r.isToMany {
                        row.toOne.append(nil)
                        row.toMany.append(members)
                    } else {
                        row.toOne.append(members.first)
                        row.toMany.append([])
                    }
                }
                table[n] = row
            }
            result[d.name] = table
        }
        // A new inverse of a migrated relationship gets the pairs the relationship has.
        for d in destination.entities {
            for (i, r) in d.relationships.enumerated() where mapped[d.name]?[i] == true {
                guard let j = d.inverseIndexes[i] else { continue }
                let target = d.destinations[i]
                guard mapped[target.name]?[j] == false else { continue }
                for (n, row) in result[d.name] ?? [:] {
                    let me = ManagedObjectID(entityName: d.name, number: n, isTemporaryID: false)
                    let members = r.isToMany ? row.toMany[i] : (row.toOne[i].map { [$0] } ?? [])
                    for member in members {
                        guard var other = result[member.entityName]?[member.number] else { continue }
                        let inverseIndex = member.entityName == target.name ? j
                            : destination.entity(named: member.entityName)?.relationships.firstIndex { $0.name == target.relationships[j].name } ?? j
                        if target.relationships[j].isToMany {
                            if !other.toMany[inverseIndex].contains(me) { other.toMany[inverseIndex].append(me) }
                        } else {
                            other.toOne[inverseIndex] = me
                        }
                        result[member.entityName]![member.number] = other
                    }
                }
            }
        }
        // Required to-ones must have a destination after the migration.
        for d in destination.entities {
            for (i, r) in d.relationships.enumerated() where !r.isToMany && !r.isOptional {
                if (result[d.name] ?? [:]).values.contains(where: { $0.toOne[i] == nil }) {
                    throw validationFailure(entity: d.name, property: r.name, kind: "relationship")
                }
            }
        }
        return result
    }

    /// 134110 (`NSMigrationError`) for a required property left without a value, in Core Data's words.
    static func validationFailure(entity: String, property: String, kind: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 134110,
            "Error Domain=NSCocoaErrorDomain Code=134110 \"An error occurred during persistent store migration.\" UserInfo={entity=\(entity), \(kind)=\(property), reason=Validation error missing attribute values on mandatory destination \(kind)}")
    }

    /// Writes the migrated store to `path` (a new file) in one transaction and makes it durable.
    /// Returns the external data files the new file names.
    private static func write(_ rows: [String: [Int: StoreRow]], maxima: [(String, Int)], to path: String, storePath: String,
                              model: ManagedObjectModel, uuid: String, metadata: [String: PropertyListValue],
                              busyTimeout: Int32) throws -> Set<String> {
        let file = try SQLiteStoreFile(path: path, model: model, busyTimeout: busyTimeout)
        defer { file.close() }
        file.externalDataStorePath = storePath
        var kept = file.metadata
        let structural: Set<String> = ["NSStoreType", "NSStoreUUID", "NSStoreModelVersionHashes", "NSStoreModelVersionHashesVersion",
                                       "NSStoreModelVersionIdentifiers", "NSStoreModelVersionHashesDigest", "NSStoreModelVersionChecksumKey",
                                       "NSPersistenceFrameworkVersion", "_NSAutoVacuumLevel", "_RippleStoreFormat"]
        for (key, value) in metadata where !structural.contains(key) { kept[key] = value }
        try file.transaction {
            var writes: [(ManagedObjectID, StoreRow)] = []
            for entity in model.entities {
                for (n, row) in (rows[entity.name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    writes.append((ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: false), row))
                }
            }
            try file.write(writes: writes, deletes: [])
            try file.raiseMaxima(maxima.compactMap { name, max in model.entity(named: name).map { ($0, max) } })
            let stmt = try file.prepare("UPDATE Z_METADATA SET Z_UUID = ? WHERE Z_VERSION = 1")
            defer { sqlite3_finalize(stmt) }
            file.bindText(stmt, 1, uuid)
            try file.step(stmt, sql: "UPDATE Z_METADATA")
            file.storeUUID = uuid
            try file.writeMetadata(kept)
            crashPoint("mid-transaction")
        }
        return try file.namedExternalFiles()
    }

    /// Flushes the directory entry of a renamed file.
    private static func syncDirectory(of path: String) {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    /// Crash testing: a process whose `RIPPLE_MIGRATION_CRASH_POINT` names this point kills itself with
    /// SIGKILL there (`mid-transaction`: the new file's transaction is open; `before-rename`: the new file
    /// is complete and the old one not yet replaced).
    private static func crashPoint(_ name: String) {
        if let value = getenv("RIPPLE_MIGRATION_CRASH_POINT"), String(cString: value) == name { raise(SIGKILL) }
    }
}
