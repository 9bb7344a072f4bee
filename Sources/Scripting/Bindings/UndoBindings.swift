import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// Registers `ripple.undoManager()`.
    func installUndo(into module: Int32) {
        state.register(in: state.absoluteIndex(module), name: "undoManager") { [unowned self] state in
            state.push(object: UndoManager(), class: self.classes.undoManager)
            return 1
        }
    }
}

extension BridgeClasses {
    /// The class of undo managers, declared once: its class, argument checks, annotations and `:help` all
    /// come from ``undoManagerDeclaration``.
    static func makeUndoManager(_ engine: ScriptEngine) -> LuaClass {
        undoManagerDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "UndoManager", writing: writing) }
    }

    /// `ripple.undoManager()`'s objects.
    static let undoManagerDeclaration = LuaClassDeclaration<UndoManager>(
        "UndoManager",
        """
        An undo manager (`UndoManager`) made by `ripple.undoManager()`: a context with one records a group each
        time it processes its own changes (once per event for the view context).
        """,
        properties: [
            .property("canUndo", "Whether there is a group to undo.", get: { $0.canUndo }),
            .property("canRedo", "Whether there is a group to redo.", get: { $0.canRedo }),
            .property("undoActionName", "The name of the group `undo()` would undo (`\"\"` when unnamed).", get: { $0.undoActionName }),
            .property("redoActionName", "The name of the group `redo()` would redo.", get: { $0.redoActionName }),
            .property("groupsByEvent", "Always true: a group per run-loop event.", get: { $0.groupsByEvent }),
            .property("isUndoRegistrationEnabled", "False between `disableUndoRegistration` and `enableUndoRegistration`.",
                      get: { $0.isUndoRegistrationEnabled }),
        ],
        methods: [
            .method("undo", """
                Undoes the last group: the context processes its pending changes first, then the inverse is applied
                and announced; an error when there is nothing to undo.
                """) { try $0.undo() },
            .method("redo", "Redoes the last undone group; an error when there is nothing to redo.") { try $0.redo() },
            .method("setActionName", "Names the group being made (the current event's changes, or the last group when there are none).",
                    "name") { (manager: UndoManager, name: String) in manager.setActionName(name) },
            .method("removeAllActions", "Forgets every group.") { $0.removeAllActions() },
            .method("disableUndoRegistration", "Stops recording changes; calls nest.") { $0.disableUndoRegistration() },
            .method("enableUndoRegistration", "Resumes recording; an error when registration is not disabled.") {
                try $0.enableUndoRegistration()
            },
        ],
        describe: { "UndoManager(canUndo: \($0.canUndo), canRedo: \($0.canRedo))" })

    /// `ctx:undo()` and `ctx:redo()` (nothing happens without an undo manager, as in Core Data).
    static func contextUndoMethods(_ engine: ScriptEngine) -> [String: LuaState.Body] {
        func context(_ state: LuaState) throws -> ManagedObjectContext {
            guard let c = state.object(at: 1, as: ManagedObjectContext.self) else {
                throw LuaArgumentError(argument: 1, message: "ManagedObjectContext expected, got \(state.typeName(at: 1))")
            }
            return c
        }
        return [
            "undo": { state in try context(state).undo(); return 0 },
            "redo": { state in try context(state).redo(); return 0 },
        ]
    }
}
