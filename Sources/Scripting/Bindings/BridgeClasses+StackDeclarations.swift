import LuaBridge
import ObjectGraph

/// How the closures of the Core Data stack's declarations (model, container, coordinator, fetched results
/// controller) reach their engine: weakly (the engine holds the `LuaClass` made from the declaration), and
/// not at all in the declarations made for the annotations, whose closures never run.
struct CoreDataStackEngineReference {
    /// The engine, while it lives.
    weak var engine: ScriptEngine?

    /// The engine, or an error once it is gone.
    func get() throws -> ScriptEngine {
        guard let engine else { throw ScriptingError("the engine of this object is gone") }
        return engine
    }
}

extension BridgeClasses {
    /// `ManagedObjectModel`, `PersistentContainer`, `PersistentStoreCoordinator` and `FetchedResultsController`
    /// as the annotations, `:help` and the completeness checks see them (their closures are never run).
    static let stackDeclarations: [any LuaClassDescribing] = [
        modelDeclaration(CoreDataStackEngineReference()),
        containerDeclaration(CoreDataStackEngineReference()),
        coordinatorDeclaration(CoreDataStackEngineReference()),
        fetchedResultsControllerDeclaration(CoreDataStackEngineReference()),
    ]

    /// A managed object argument, refused as the other bindings refuse one (`managed object expected, got nil`).
    static func managedObjectParameter(_ name: String) -> LuaCheckedParameter {
        LuaCheckedParameter(name, "ManagedObject") { state, index in
            state.object(at: index, as: ManagedObject.self) == nil ? "managed object expected, got \(state.typeName(at: index))" : nil
        }
    }
}
