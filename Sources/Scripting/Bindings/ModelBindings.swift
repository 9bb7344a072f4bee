import LuaBridge
import ObjectGraph

/// `ripple.model { Entity = { key = spec, … }, … }`: reads a model declaration.
///
/// A property spec is a type name (`"string"`, `"integer?"` for optional), or a table:
/// `{ "date", default = 0, optional = true, min = 0, max = 10, minLength = 1, maxLength = 40,
///   pattern = "[A-Z].*", transient = true }`, `{ toOne = "Customer", inverse = "orders",
///   deleteRule = "nullify", optional = false }`, `{ toMany = "Order", inverse = "customer",
///   deleteRule = "cascade", min = 1, max = 5 }`. Entities and keys are sorted by name.
///
/// Reserved keys of an entity table (they are not property names): `uniquenessConstraints`,
/// `parentEntity = "Person"` (the parent entity, whose properties the entity inherits) and
/// `isAbstract = true` (an entity with no instances of its own) — Xcode's own names for them.
///
/// `{ fetched = "Entity", predicate = "…", sortDescriptors = …, userInfo = { … } }` declares a fetched
/// property; `{ "string", derivationExpression = "lowercase:(name)" }` a derived attribute computed when
/// the store saves (both as in Xcode models; see docs/models.md).
struct ModelReader {
    let engine: ScriptEngine
    var state: LuaState { engine.state }

    /// Reads the model table at `index`.
    func readModel(at index: Int32) throws -> ManagedObjectModel {
        let table = state.absoluteIndex(index)
        guard state.type(at: table) == .table else {
            throw LuaArgumentError(argument: 1, message: "table expected, got \(state.typeName(at: table))")
        }
        var entities: [EntityDescription] = []
        for entityName in try engine.stringKeys(ofTableAt: table, what: "entity name") {
            state.rawGet(tableAt: table, key: entityName)
            defer { state.pop() }
            guard state.type(at: -1) == .table else {
                throw ScriptingError("entity \(entityName): a table of properties expected, got \(state.typeName(at: -1))")
            }
            entities.append(try readEntity(entityName, at: state.absoluteIndex(-1)))
        }
        let model = try ManagedObjectModel(entities: entities)
        try Self.checkMemberNames(of: model)
        return model
    }

    /// Refuses a property named like a member every managed object has (`isDeleted`, `changedValues`, …):
    /// `object.isDeleted` could not read both, so one would be silently hidden. Checked for `ripple.model`
    /// and `ripple.loadModel`, in the words `model:class` uses for a name that would hide a member.
    static func checkMemberNames(of model: ManagedObjectModel) throws {
        for entity in model.entities {
            let inherited = Set(entity.superentity?.propertyNames ?? [])
                .union(entity.superentity?.fetchedProperties.map(\.name) ?? [])
            for name in entity.propertyNames + entity.fetchedProperties.map(\.name)
            where !inherited.contains(name) && BridgeClasses.managedObjectMemberNames.contains(name) {
                throw ScriptingError("entity \(entity.name): the property '\(name)' would hide the built-in member \(name) of managed objects; choose another name")
            }
        }
    }

    private func readEntity(_ name: String, at table: Int32) throws -> EntityDescription {
        var attributes: [AttributeDescription] = []
        var relationships: [RelationshipDescription] = []
        var derived: [DerivedPropertyDescription] = []
        var constraints: [[String]] = []
        var parent: String?
        var isAbstract = false
        var fetched: [EntityDetails.FetchedProperty] = []
        for key in try engine.stringKeys(ofTableAt: table, what: "property name of entity \(name)") {
            if key == "uniquenessConstraints" {
                constraints = try readConstraints(table, entity: name)
                continue
            }
            if key == "parentEntity" || key == "isAbstract" {
                let type = state.rawGet(tableAt: table, key: key)
                defer { state.pop() }
                let expected = key == "parentEntity" ? LuaType.string : LuaType.boolean
                guard type == expected else {
                    throw ScriptingError("entity \(name): \(key) is a reserved key of an entity table (\(key == "parentEntity" ? "the name of the parent entity" : "true or false")), got \(state.typeName(at: -1)); a property cannot be named \(key) in ripple.model")
                }
                if key == "parentEntity" { parent = state.toString(at: -1) } else { isAbstract = state.toBoolean(at: -1) }
                continue
            }
            state.rawGet(tableAt: table, key: key)
            defer { state.pop() }
            let spec = state.absoluteIndex(-1)
            switch state.type(at: spec) {
            case .string:
                attributes.append(try attribute(key, typeName: state.toString(at: spec) ?? "", entity: name))
            case .table:
                let hasToOne = state.rawGet(tableAt: spec, key: "toOne") != .nil
                let hasToMany = state.rawGet(tableAt: spec, key: "toMany") != .nil
                let hasFetched = state.rawGet(tableAt: spec, key: "fetched") != .nil
                state.pop(3)
                if hasToOne || hasToMany {
                    try engine.checkOptionKeys(ofTableAt: spec, known: Self.relationshipKeys, what: "the spec of \(name).\(key)",
                                               notImplemented: Self.relationshipNotImplemented)
                }
                if let target = try optionalString(spec, "toOne", entity: name, key: key) {
                    relationships.append(try relationship(key, destination: target, toMany: false, spec: spec, entity: name))
                } else if let target = try optionalString(spec, "toMany", entity: name, key: key) {
                    relationships.append(try relationship(key, destination: target, toMany: true, spec: spec, entity: name))
                } else if hasFetched {
                    fetched.append(try fetchedProperty(key, spec: spec, entity: name))
                } else if state.rawGet(tableAt: spec, key: "derived") != .nil {
                    defer { state.pop() }
                    try engine.checkOptionKeys(ofTableAt: spec, known: ["derived", "dependsOn"], what: "the spec of \(name).\(key)")
                    derived.append(try derivedProperty(key, spec: spec, entity: name))
                } else {
                    state.pop()
                    state.rawGet(tableAt: spec, index: 1)
                    defer { state.pop() }
                    guard let typeName = state.toString(at: -1), state.type(at: -1) == .string else {
                        throw ScriptingError("entity \(name), key \(key): the attribute type is missing (write { \"string\", … })")
                    }
                    attributes.append(try attribute(key, typeName: typeName, entity: name, spec: spec))
                }
            default:
                throw ScriptingError("entity \(name), key \(key): a type name or a table expected, got \(state.typeName(at: spec))")
            }
        }
        let entity = EntityDescription(name: name, attributes: attributes, relationships: relationships,
                                       derivedProperties: derived, uniquenessConstraints: constraints,
                                       superentityName: parent, isAbstract: isAbstract)
        entity.details.fetchedProperties = fetched
        return entity
    }

    /// `{ fetched = "Entity", predicate = "…", sortDescriptors = { … }, userInfo = { key = "value" } }`: a
    /// fetched property (Core Data's `NSFetchedPropertyDescription`).
    private func fetchedProperty(_ key: String, spec: Int32, entity: String) throws -> EntityDetails.FetchedProperty {
        try engine.checkOptionKeys(ofTableAt: spec, known: Self.fetchedKeys, what: "the spec of \(entity).\(key)")
        let target = try optionalString(spec, "fetched", entity: entity, key: key) ?? ""
        let predicate = try optionalString(spec, "predicate", entity: entity, key: key)
        let sorts = try FetchRequestReader(engine: engine).readSortDescriptors(spec)
        var userInfo: [String: String] = [:]
        let type = state.rawGet(tableAt: spec, key: "userInfo")
        defer { state.pop() }
        if type != .nil {
            guard type == .table else {
                throw ScriptingError("entity \(entity), key \(key): 'userInfo' must be a table of strings, got \(state.typeName(at: -1))")
            }
            try state.forEachPair(inTableAt: -1) { k, v in
                guard state.type(at: k) == .string, state.type(at: v) == .string,
                      let name = state.toString(at: k), let value = state.toString(at: v) else {
                    throw ScriptingError("entity \(entity), key \(key): 'userInfo' must map strings to strings")
                }
                userInfo[name] = value
            }
        }
        return .init(name: key, entityName: target, predicateFormat: predicate, sortDescriptors: sorts, userInfo: userInfo)
    }

    /// The keys of a fetched property spec.
    static let fetchedKeys = ["fetched", "predicate", "sortDescriptors", "userInfo"]

    /// `uniquenessConstraints = { { "name" }, { "first", "last" } }` (a reserved key of the entity table).
    private func readConstraints(_ table: Int32, entity: String) throws -> [[String]] {
        guard state.rawGet(tableAt: table, key: "uniquenessConstraints") == .table else {
            defer { state.pop() }
            throw ScriptingError("entity \(entity): uniquenessConstraints must be a table of key lists, got \(state.typeName(at: -1))")
        }
        defer { state.pop() }
        let list = state.absoluteIndex(-1)
        var result: [[String]] = []
        for i in 0..<state.rawLength(at: list) {
            state.rawGet(tableAt: list, index: i + 1)
            defer { state.pop() }
            guard state.type(at: -1) == .table else {
                throw ScriptingError("entity \(entity): each uniqueness constraint is a list of keys, got \(state.typeName(at: -1))")
            }
            result.append(try engine.strings(inArrayAt: -1))
        }
        return result
    }

    /// `{ derived = "orders.@count" }` or `{ derived = function(o) … end, dependsOn = { "name" } }`; the
    /// `derived` value is on top of the stack.
    private func derivedProperty(_ key: String, spec: Int32, entity: String) throws -> DerivedPropertyDescription {
        switch state.type(at: -1) {
        case .string:
            if state.rawGet(tableAt: spec, key: "dependsOn") != .nil {
                state.pop()
                throw ScriptingError("entity \(entity), key \(key): an expression states its own dependency; 'dependsOn' goes with a derived function")
            }
            state.pop()
            return DerivedPropertyDescription(name: key, expression: state.toString(at: -1) ?? "")
        case .function:
            state.pushValue(at: -1)
            let function = state.ref()
            guard state.rawGet(tableAt: spec, key: "dependsOn") == .table else {
                state.pop()
                throw ScriptingError("entity \(entity), key \(key): a derived function needs dependsOn = { key paths… }")
            }
            defer { state.pop() }
            let keyPaths = try engine.strings(inArrayAt: -1)
            return DerivedPropertyDescription(name: key, dependsOn: keyPaths) { [weak engine] object in
                guard let engine else { return .null }
                return try engine.callDerivedFunction(function, on: object)
            }
        default:
            throw ScriptingError("entity \(entity), key \(key): 'derived' must be a key-path string or a function, got \(state.typeName(at: -1))")
        }
    }

    private func attribute(_ key: String, typeName: String, entity: String, spec: Int32? = nil) throws -> AttributeDescription {
        var raw = typeName
        var optional = false
        if raw.hasSuffix("?") {
            optional = true
            raw.removeLast()
        }
        if raw == "integer64" { raw = "integer" }   // Integer 64's other name
        guard let type = AttributeType(rawValue: raw) else {
            throw ScriptingError("entity \(entity), key \(key): unknown attribute type '\(typeName)' (expected one of \(AttributeType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var attribute = AttributeDescription(name: key, type: type, isOptional: optional)
        guard let spec else { return attribute }
        try engine.checkOptionKeys(ofTableAt: spec, known: Self.attributeKeys, positional: 1,
                                   what: "the spec of \(entity).\(key)", notImplemented: Self.attributeNotImplemented)
        if let flag = try optionalBool(spec, "optional", entity: entity, key: key) { attribute.isOptional = flag }
        if let flag = try optionalBool(spec, "transient", entity: entity, key: key) { attribute.isTransient = flag }
        if let flag = try optionalBool(spec, "preservesValueInHistoryOnDeletion", entity: entity, key: key) {
            attribute.preservesValueInHistoryOnDeletion = flag
        }
        if let flag = try optionalBool(spec, "allowsExternalBinaryDataStorage", entity: entity, key: key) {
            guard attribute.type == .binary || !flag else {
                throw ScriptingError("entity \(entity), key \(key): only a binary attribute allows external storage")
            }
            attribute.details.allowsExternalBinaryDataStorage = flag
        }
        attribute.minValue = try optionalNumber(spec, "min", entity: entity, key: key)
        attribute.maxValue = try optionalNumber(spec, "max", entity: entity, key: key)
        attribute.minLength = try optionalCount(spec, "minLength", entity: entity, key: key)
        attribute.maxLength = try optionalCount(spec, "maxLength", entity: entity, key: key)
        attribute.regularExpression = try optionalString(spec, "pattern", entity: entity, key: key)
        if let name = try optionalString(spec, "valueTransformerName", entity: entity, key: key) {
            guard type == .transformable else {
                throw ScriptingError("entity \(entity), key \(key): 'valueTransformerName' is for transformable attributes, not \(type.rawValue)")
            }
            attribute.valueTransformerName = name
        }
        attribute.details.derivationExpression = try optionalString(spec, "derivationExpression", entity: entity, key: key)
        if state.rawGet(tableAt: spec, key: "default") != .nil {
            defer { state.pop() }
            let value = try engine.value(at: -1)
            guard let converted = ManagedObjectContext.convert(value, to: type) else {
                throw ScriptingError("entity \(entity), key \(key): the default value \(value) is not a \(type.rawValue)")
            }
            attribute.defaultValue = converted
        } else {
            state.pop()
        }
        return attribute
    }

    private func relationship(_ key: String, destination: String, toMany: Bool, spec: Int32, entity: String) throws -> RelationshipDescription {
        var relationship = RelationshipDescription(name: key, destination: destination, isToMany: toMany)
        relationship.inverseName = try optionalString(spec, "inverse", entity: entity, key: key)
        if let rule = try optionalString(spec, "deleteRule", entity: entity, key: key) {
            guard let parsed = DeleteRule(rawValue: rule) else {
                throw ScriptingError("entity \(entity), key \(key): unknown delete rule '\(rule)' (expected nullify, cascade, deny or noAction)")
            }
            relationship.deleteRule = parsed
        }
        if let flag = try optionalBool(spec, "optional", entity: entity, key: key) { relationship.isOptional = flag }
        relationship.minCount = try optionalCount(spec, "min", entity: entity, key: key)
        relationship.maxCount = try optionalCount(spec, "max", entity: entity, key: key)
        if let flag = try optionalBool(spec, "ordered", entity: entity, key: key) {
            guard toMany || !flag else {
                throw ScriptingError("entity \(entity), key \(key): only a to-many relationship can be ordered")
            }
            relationship.isOrdered = flag
        }
        return relationship
    }

    /// The keys of an attribute spec (after the type, `[1]`).
    static let attributeKeys = ["default", "optional", "min", "max", "minLength", "maxLength", "pattern", "transient",
                                "valueTransformerName", "derivationExpression", "preservesValueInHistoryOnDeletion",
                                "allowsExternalBinaryDataStorage"]
    /// The keys of a relationship spec.
    static let relationshipKeys = ["toOne", "toMany", "inverse", "deleteRule", "optional", "min", "max", "ordered"]
    /// Attribute flags Core Data has and Ripple does not, with what to do instead.
    static let attributeNotImplemented = [
        "unique": "Core Data has no per-attribute uniqueness flag; declare it on the entity: uniquenessConstraints = { { \"name\" } }",
        "indexed": "fetch indexes do not change results, and Ripple has none",
    ]
    /// Relationship flags Core Data has and Ripple does not.
    static let relationshipNotImplemented: [String: String] = [:]

    private func optionalString(_ spec: Int32, _ field: String, entity: String, key: String) throws -> String? {
        let type = state.rawGet(tableAt: spec, key: field)
        defer { state.pop() }
        if type == .nil { return nil }
        guard type == .string, let s = state.toString(at: -1) else {
            throw ScriptingError("entity \(entity), key \(key): '\(field)' must be a string, got \(state.typeName(at: -1))")
        }
        return s
    }

    private func optionalBool(_ spec: Int32, _ field: String, entity: String, key: String) throws -> Bool? {
        let type = state.rawGet(tableAt: spec, key: field)
        defer { state.pop() }
        if type == .nil { return nil }
        guard type == .boolean else {
            throw ScriptingError("entity \(entity), key \(key): '\(field)' must be a boolean, got \(state.typeName(at: -1))")
        }
        return state.toBoolean(at: -1)
    }

    private func optionalNumber(_ spec: Int32, _ field: String, entity: String, key: String) throws -> Double? {
        let type = state.rawGet(tableAt: spec, key: field)
        defer { state.pop() }
        if type == .nil { return nil }
        guard type == .number, let n = state.toNumber(at: -1) else {
            throw ScriptingError("entity \(entity), key \(key): '\(field)' must be a number, got \(state.typeName(at: -1))")
        }
        return n
    }

    /// A length or count bound: a non-negative integer (integral floats too), never converted by trapping.
    private func optionalCount(_ spec: Int32, _ field: String, entity: String, key: String) throws -> Int? {
        let type = state.rawGet(tableAt: spec, key: field)
        defer { state.pop() }
        if type == .nil { return nil }
        guard type == .number, let n = state.toInteger(at: -1), n >= 0 else {
            let shown = type == .number ? (state.toString(at: -1) ?? "?") : state.typeName(at: -1)
            throw ScriptingError("entity \(entity), key \(key): '\(field)' must be a non-negative integer, got \(shown)")
        }
        return Int(n)
    }
}
