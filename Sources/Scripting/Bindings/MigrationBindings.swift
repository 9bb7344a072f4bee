import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// The store options about migration (`NSMigratePersistentStoresAutomaticallyOption`,
    /// `NSInferMappingModelAutomaticallyOption`), spelled like the other options without `NS…Option`.
    static let migrationOptionKeys = ["migratePersistentStoresAutomatically", "inferMappingModelAutomatically"]

    /// `ripple.inferredMappingModel(sourceModel, destinationModel)`
    /// (`NSMappingModel.inferredMappingModel(forSourceModel:destinationModel:)`): the mapping a lightweight
    /// migration would use, as a table, or an error 134140 naming what cannot be inferred.
    func installMigration(into module: Int32) {
        state.register(in: module, name: "inferredMappingModel") { [unowned self] state in
            var models: [ManagedObjectModel] = []
            for argument in Int32(1)...2 {
                let model = try state.object(argument, as: ManagedObjectModel.self, className: "ManagedObjectModel")
                models.append(model)
            }
            self.push(mappingModel: try MappingModel.inferred(source: models[0], destination: models[1]))
            return 1
        }
    }

    /// Pushes `{ entityMappings = { { name, mappingType, sourceEntityName, destinationEntityName,
    /// attributeMappings = { { name, sourceName } … }, relationshipMappings = … } … } }`.
    func push(mappingModel: MappingModel) {
        state.newTable()
        state.newTable(arrayCount: Int32(clamping: mappingModel.entityMappings.count))
        for (i, m) in mappingModel.entityMappings.enumerated() {
            state.newTable()
            state.push(m.name); state.rawSet(tableAt: -2, key: "name")
            state.push(m.mappingType.rawValue); state.rawSet(tableAt: -2, key: "mappingType")
            if let s = m.sourceEntityName { state.push(s); state.rawSet(tableAt: -2, key: "sourceEntityName") }
            if let d = m.destinationEntityName { state.push(d); state.rawSet(tableAt: -2, key: "destinationEntityName") }
            for (key, list) in [("attributeMappings", m.attributeMappings), ("relationshipMappings", m.relationshipMappings)] {
                state.newTable(arrayCount: Int32(clamping: list.count))
                for (k, p) in list.enumerated() {
                    state.newTable()
                    state.push(p.name); state.rawSet(tableAt: -2, key: "name")
                    if let source = p.sourceName { state.push(source); state.rawSet(tableAt: -2, key: "sourceName") }
                    state.rawSet(tableAt: -2, index: k + 1)
                }
                state.rawSet(tableAt: -2, key: key)
            }
            state.rawSet(tableAt: -2, index: i + 1)
        }
        state.rawSet(tableAt: -2, key: "entityMappings")
    }

    /// Reads the migration options of a store options table; `default` is their value when absent.
    func readMigrationOptions(at index: Int32, model: ManagedObjectModel, default value: Bool) throws -> StoreMigrationOptions {
        var flags: [Bool] = []
        for key in Self.migrationOptionKeys {
            let type = state.rawGet(tableAt: index, key: key)
            defer { state.pop() }
            if type == .nil { flags.append(value); continue }
            guard type == .boolean else {
                throw ScriptingError("\(key) must be a boolean, got \(state.typeName(at: -1))")
            }
            flags.append(state.toBoolean(at: -1))
        }
        // Only a SQLite store can need a source model (looking loads every version of the bundles).
        let isSQLite = state.rawGet(tableAt: index, key: "store") == .string && state.toString(at: -1) == "sqlite"
        state.pop()
        return StoreMigrationOptions(migratesAutomatically: flags[0], infersMappingModelAutomatically: flags[1],
                                     sourceModels: flags[0] && isSQLite ? migrationSourceModels() : [])
    }

    /// The models a store may have been written with, in the order they are tried: every version of each
    /// `.xcdatamodeld` bundle the script loaded a model from (in the bundle's order), then every model the
    /// script made or loaded.
    func migrationSourceModels() -> [ManagedObjectModel] {
        var result: [ManagedObjectModel] = []
        var bundles: [String] = []
        for model in models {
            if let bundle = modelBundles[ObjectIdentifier(model)], !bundles.contains(bundle) { bundles.append(bundle) }
        }
        for bundle in bundles {
            for version in (try? XcodeModelReader.versionNames(ofBundle: bundle)) ?? [] {
                let key = bundle + "/" + version
                if bundleVersionModels[key] == nil {
                    bundleVersionModels[key] = try? XcodeModelReader.load(path: bundle, version: version).model
                }
                if let model = bundleVersionModels[key] { result.append(model) }
            }
        }
        return result + models
    }
}
