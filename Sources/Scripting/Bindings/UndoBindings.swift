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
            .property("groupsByEvent", """
                True (default): each processing of a context's changes outside an explicit group is its own group; \
                false: changes are recorded only between `beginUndoGrouping` and `endUndoGrouping`.
                """, get: { $0.groupsByEvent }, set: { $0.groupsByEvent = $1 }),
            .property("levelsOfUndo", "The most groups kept (0, the default: no limit); the oldest are dropped beyond it.",
                      get: { $0.levelsOfUndo }, set: { (manager: UndoManager, levels: Int) in
                          guard levels >= 0 else { throw ScriptingError("levelsOfUndo must be 0 or more, got \(levels)") }
                          manager.levelsOfUndo = levels
                      }),
            .property("groupingLevel", "The number of open undo groups (0 between groups).", get: { $0.groupingLevel }),
            .property("isUndoRegistrationEnabled", "False between `disableUndoRegistration` and `enableUndoRegistration`.",
                      get: { $0.isUndoRegistrationEnabled }),
        ],
        methods: [
            .method("undo", """
                Undoes the last group: the context processes its pending changes first, then the inverse is applied
                and announced; an error when there is nothing to undo.
                """) { try $0.undo() },
            .method("redo", "Redoes the last undone group; an error when there is nothing to redo.") { try $0.redo() },
            .method("undoNestedGroup", """
                Undoes the nested group closed last inside the open group (the last group when none is open), \
                without closing the open group; an error when something was recorded after it.
                """) { try $0.undoNestedGroup() },
            .method("setActionName", "Names the group being made: the outermost open group, or the changes the next processing records.",
                    "name") { (manager: UndoManager, name: String) in manager.setActionName(name) },
            .method("removeAllActions", "Forgets every group (open ones too) and re-enables registration.") { $0.removeAllActions() },
            .method("beginUndoGrouping", """
                Opens a group (nested groups fold into the outermost); the contexts process their pending changes first.
                """) { try $0.beginUndoGrouping() },
            .method("endUndoGrouping", """
                Closes the innermost group after the contexts process their pending changes; an error when none is open.
                """) { try $0.endUndoGrouping() },
            .method("disableUndoRegistration", "Stops recording changes; calls nest.") { $0.disableUndoRegistration() },
            .method("enableUndoRegistration", "Resumes recording; an error when registration is not disabled.") {
                try $0.enableUndoRegistration()
            },
        ],
        describe: { "UndoManager(canUndo: \($0.canUndo), canRedo: \($0.canRedo))" })

    /// `ctx:undo()` and `ctx:redo()` (nothing happens without an undo manager, as in Core Data).
    static var contextUndoMethods: [LuaMethodDeclaration<ManagedObjectContext>] { [
        .method("undo", "Undoes the last group of changes of the context's undo manager; nothing happens without one.") {
            try $0.undo()
        },
        .method("redo", "Redoes the last undone group; nothing happens without an undo manager.") { try $0.redo() },
    ] }
}
