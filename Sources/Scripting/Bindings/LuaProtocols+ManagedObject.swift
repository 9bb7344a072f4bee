import LuaBridge
import ObjectGraph

extension LuaProtocols {
    /// The callbacks and validation methods of a managed-object class (`model:class(entity, methods)`,
    /// ``ScriptEngine/defineObjectClass(_:)`` checks the names). Not among ``all``: a class's table is
    /// checked by its own rule (a `validate<Key>` needs the property), not as a role an object plays.
    static let managedObject = LuaProtocolDeclaration(
        "NSManagedObject",
        "The methods `model:class(entityName, methods)` calls on an entity's objects (docs/classes.md); each is optional.",
        ManagedObjectCallback.allCases.map { callback in
            .optional(callback.rawValue, managedObjectCallbackDocs[callback] ?? "", [P("self", "ManagedObject")])
        } + [ValidationOperation.insert, .update, .delete].map { operation in
            .optional(operation.methodName,
                      "Validates the object for a save that \(operation.rawValue)s it: true, or false and a message (and an error code, 1550 by default).",
                      [P("self", "ManagedObject")], returns: "boolean, string?, integer?")
        })

    /// The doc line of each callback.
    static let managedObjectCallbackDocs: [ManagedObjectCallback: String] = [
        .awakeFromInsert: "Once, when the object is inserted, after the defaults and before the given values.",
        .awakeFromFetch: "Each time its values are loaded into a context (its fault fires).",
        .willSave: "On each save of the object, before validation; again while a round of `willSave` changes something.",
        .didSave: "After a save, for each object it saved, before the `didSave` notification.",
        .prepareForDeletion: "When a deletion is processed, before the delete rules run.",
        .willTurnIntoFault: "Before a loaded object turns into a fault.",
        .didTurnIntoFault: "After it turned into a fault.",
    ]
}
