import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// The class of models, declared once: its metatable, argument checks, annotations and `:help` come from
    /// ``modelDeclaration(_:)``.
    static func makeModel(_ engine: ScriptEngine) -> LuaClass {
        modelDeclaration(CoreDataStackEngineReference(engine: engine)).makeClass { key, writing in
            undefinedKeyMessage(key, of: "ManagedObjectModel", writing: writing)
        }
    }

    /// `ripple.model { … }`'s and `ripple.loadModel(path)`'s models (`NSManagedObjectModel`).
    static func modelDeclaration(_ owner: CoreDataStackEngineReference) -> LuaClassDeclaration<ManagedObjectModel> {
        LuaClassDeclaration<ManagedObjectModel>(
            "ManagedObjectModel", "A data model made by `ripple.model` or read by `ripple.loadModel`.",
            properties: [
                .custom("entities", type: "string[]", "The entity names, sorted.", get: { model, _ in
                    try owner.get().push(strings: model.entities.map(\.name))
                }),
            ],
            methods: [
                .checked("class", """
                    Gives an entity the code of its `NSManagedObject` subclass (docs/classes.md): lifecycle callbacks
                    (`awakeFromInsert`, `awakeFromFetch`, `willSave`, `didSave`, `prepareForDeletion`, `willTurnIntoFault`,
                    `didTurnIntoFault`), validation (`validateForInsert`, `validateForUpdate`, `validateForDelete`,
                    `validate<Key>(self, value)` returning true, or false and a message [and a code]), methods called as
                    `obj:name(…)`, and `properties = { name = function(self) … end }` read as `obj.name`. Declaring it
                    again replaces it.
                    """,
                    [.value("entityName", String.self),
                     .table("methods", "table<string, function|table<string, fun(self: ManagedObject): any>>")]) { _, state in
                    try owner.get().defineObjectClass(state)
                    return 0
                },
                .checked("fetchRequestFromTemplate", """
                    A fetch request table (for `ctx:fetch`) made from the model's template `name`, its `$VARIABLES` bound to \
                    `variables`; a missing variable is Core Data's error.
                    """,
                    [.value("name", String.self), .table("variables", "table<string, any>", optional: true)],
                    returns: "FetchRequest") { model, state in
                    try fetchRequestFromTemplate(of: model, try owner.get(), state)
                },
            ],
            describe: { "ManagedObjectModel(" + $0.entities.map(\.name).joined(separator: ", ") + ")" })
    }
}
