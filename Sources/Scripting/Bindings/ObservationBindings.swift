import LuaBridge
import ObjectGraph

/// A Lua function observing one notification of a context.
final class LuaContextObserver: LuaObserver, ContextObserver {
    enum Kind: String, CaseIterable { case objectsDidChange, willSave, didSave }

    let kind: Kind

    init(engine: ScriptEngine, kind: Kind, function: LuaRef) {
        self.kind = kind
        super.init(engine: engine, function: function)
    }

    override var observedDescription: String { kind.rawValue }

    func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws {
        guard kind == .objectsDidChange else { return }
        try call { engine.pushNotification(note) }
    }

    func contextWillSave(_ context: ManagedObjectContext) throws {
        guard kind == .willSave else { return }
        try call { engine.state.push(object: context, class: engine.classes.context) }
    }

    func contextDidSave(_ note: ContextDidSaveNotification) throws {
        guard kind == .didSave else { return }
        try call { engine.pushDidSave(note) }
    }

    private func call(_ pushArgument: () -> Void) throws {
        let state = engine.state
        state.push(function)
        pushArgument()
        try state.pcall(arguments: 1, results: 0)
    }

}

extension ScriptEngine {
    /// `ripple.observe(context, "objectsDidChange" | "willSave" | "didSave", fn)` → token with `:cancel()`.
    func observe(_ state: LuaState) throws -> Int32 {
        if state.object(at: 1, as: ManagedObject.self) != nil { return try observeObject(state) }
        if let coordinator = state.object(at: 1, as: PersistentStoreCoordinator.self) { return try observeCoordinator(state, coordinator) }
        guard let context = state.object(at: 1, as: ManagedObjectContext.self) else {
            throw state.typeError(1, expected: "ManagedObjectContext, managed object or PersistentStoreCoordinator")
        }
        let name = try state.string(2)
        guard let kind = LuaContextObserver.Kind(rawValue: name) else {
            throw LuaArgumentError(argument: 2, message: "unknown notification '\(name)' (expected objectsDidChange, willSave or didSave)")
        }
        let function = try state.function(3)
        let observer = LuaContextObserver(engine: self, kind: kind, function: function)
        observer.token = context.addObserver(observer)
        luaObservers[ObjectIdentifier(observer)] = observer
        state.push(object: observer, class: classes.token)
        return 1
    }

    /// Pushes an objects-did-change notification as a table.
    func pushNotification(_ note: ObjectsDidChangeNotification) {
        state.newTable()
        let table = state.absoluteIndex(-1)
        push(note.inserted); state.rawSet(tableAt: table, key: "inserted")
        push(note.updated); state.rawSet(tableAt: table, key: "updated")
        push(note.deleted); state.rawSet(tableAt: table, key: "deleted")
        push(note.refreshed); state.rawSet(tableAt: table, key: "refreshed")
        push(note.invalidated); state.rawSet(tableAt: table, key: "invalidated")
        state.push(note.invalidatedAll); state.rawSet(tableAt: table, key: "invalidatedAll")
        state.push(object: note.context, class: classes.context); state.rawSet(tableAt: table, key: "context")
        state.newTable()
        state.newTable()
        let keysTable = state.absoluteIndex(-2)
        let oldTable = state.absoluteIndex(-1)
        for object in note.updated + note.refreshed {
            push(object)
            push(strings: note.changedKeys(of: object) ?? [])
            state.rawSet(tableAt: keysTable)
            push(object)
            pushDictionary(note.oldValues(of: object) ?? [:])
            state.rawSet(tableAt: oldTable)
        }
        state.rawSet(tableAt: table, key: "oldValues")
        state.rawSet(tableAt: table, key: "changedKeys")
    }
}

extension BridgeClasses {
    static func makeToken(_ engine: ScriptEngine) -> LuaClass {
        tokenDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "ObservationToken", writing: writing) }
    }

    /// What `ripple.observe` returns.
    static let tokenDeclaration = LuaClassDeclaration<LuaObserver>(
        "ObservationToken", "The token `ripple.observe` returns.",
        methods: [.method("cancel", "Stops the observation.") { $0.cancel() }],
        describe: { "ObservationToken(\($0.observedDescription))" })
}
