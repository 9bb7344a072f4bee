import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// The managed-object class as the annotations, `:help` and the completeness checks see it (its closures
    /// are never run). Each entity's class is made from ``managedObjectDeclaration(_:)`` with the entity's
    /// attributes and relationships as model slots (``ScriptEngine/entityClass(for:)``).
    static let managedObjectDeclarationForAnnotations = managedObjectDeclaration(ScriptEngineReference())

    /// The relationship-set class as the annotations see it (its closures are never run).
    static let relationshipSetDeclarationForAnnotations = relationshipSetDeclaration(ScriptEngineReference())

    /// The declarations of the objects' classes, in the order the annotations list them.
    package static let objectDeclarations: [any LuaClassDescribing] = [
        managedObjectDeclarationForAnnotations, relationshipSetDeclarationForAnnotations,
    ]

    /// The names of the members every managed object has besides its entity's properties (its declared
    /// properties and methods): a `model:class` method or computed property may not take one.
    static let managedObjectMemberNames: Set<String> = Set(
        managedObjectDeclarationForAnnotations.properties.map(\.name) + managedObjectDeclarationForAnnotations.methods.map(\.name))

    /// The names of the declared properties of managed objects, for the API surface.
    package static var managedObjectPropertyNames: [String] { managedObjectDeclarationForAnnotations.properties.map(\.name) }

    /// `NSManagedObject`'s members every object has, whatever its entity: state flags, identity, context,
    /// changed and committed values, ordered to-many proxies. The entity's attributes and relationships are
    /// the model slots of each entity's class, before these.
    static func managedObjectDeclaration(_ owner: ScriptEngineReference) -> LuaClassDeclaration<ManagedObject> {
        LuaClassDeclaration<ManagedObject>(
            "ManagedObject",
            """
            A managed object. Its entity's attributes and relationships are read and written by key; declare
            `---@class Customer : ManagedObject` with `---@field name string` in your scripts for completion on them.
            """,
            properties: [
                .property("isInserted", "", get: { $0.isInserted }),
                .property("isUpdated", "", get: { $0.isUpdated }),
                .property("isDeleted", "", get: { $0.isDeleted }),
                .property("hasChanges", "", get: { $0.hasChanges }),
                .property("isFault", "Whether its values are not loaded yet.", get: { $0.isFault }),
                .custom("objectID", type: "ManagedObjectID",
                        "Temporary (`x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001`) until saved, then permanent (`x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1`).",
                        get: { object, _ in try owner.get().push(objectID: object) }),
                .property("entityName", "", get: { $0.entity.name }),
                .custom("managedObjectContext", type: "ManagedObjectContext?", "", get: { object, state in
                    if let context = object.managedObjectContext {
                        state.push(object: context, class: try owner.get().classes.context)
                    } else {
                        state.pushNil()
                    }
                }),
                .property("hasPersistentChangedValues",
                          "Whether a persistent attribute or relationship differs from its last saved value.",
                          get: { $0.hasPersistentChangedValues }),
            ],
            methods: [
                .custom("changedValues", "Persistent keys that differ from the last save, with their current values.",
                        returns: "table<string, any>") { object, _ in
                    try owner.get().pushDictionary(object.changedValues())
                    return 1
                },
                .custom("changedValuesForCurrentEvent",
                        "Persistent keys changed since the last `objectsDidChange`, with their values before this event.",
                        returns: "table<string, any>") { object, _ in
                    try owner.get().pushDictionary(object.changedValuesForCurrentEvent())
                    return 1
                },
                .checked("committedValues", "The last saved values of `keys` (all keys when nil).",
                         [.table("keys", "string[]", optional: true)], returns: "table<string, any>") { object, state in
                    let engine = try owner.get()
                    let keys = state.type(at: 2) == .table ? try engine.strings(inArrayAt: 2) : nil
                    engine.pushDictionary(try object.committedValues(forKeys: keys))
                    return 1
                },
                .method("recomputationCount", "How many times the derived property `key` was recomputed.", "key") {
                    (object: ManagedObject, key: String) -> Int in object.derivedRecomputationCount(forKey: key)
                },
                .checked("mutableOrderedSetValueForKey",
                         """
                         The ordered to-many relationship `key` as a live set taking `NSMutableOrderedSet`'s operations
                         (`mutableOrderedSetValue(forKey:)`).
                         """,
                         [.value("key", String.self)], returns: "RelationshipSet") { object, state in
                    let key = try state.string(2)
                    guard case .relationship(let i)? = object.entity.slots[key], object.entity.relationships[i].isToMany,
                          object.entity.relationships[i].isOrdered else {
                        if object.entity.slots[key] == nil {
                            throw ScriptingError("[<\(object.entity.name) \(object.displayName)> valueForUndefinedKey:]: the entity \(object.entity.name) is not key value coding-compliant for the key \"\(key)\".")
                        }
                        throw ScriptingError("mutableOrderedSetValueForKey: '\(key)' of \(object.entity.name) is not an ordered to-many relationship (declare it with ordered = true)")
                    }
                    _ = try object.value(forKey: key)      // access check
                    state.push(object: RelationshipSet(object: object, key: key), class: try owner.get().classes.relationshipSet)
                    return 1
                },
            ],
            describe: { $0.displayName })
    }
}
