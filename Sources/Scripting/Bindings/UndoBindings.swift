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
    /// The class of undo managers: `canUndo`, `canRedo`, `undoActionName`, `redoActionName`,
    /// `groupsByEvent`, `isUndoRegistrationEnabled`; `undo()`, `redo()`, `setActionName(name)`,
    /// `removeAllActions()`, `disableUndoRegistration()`, `enableUndoRegistration()`.
    static func makeUndoManager(_ engine: ScriptEngine) -> LuaClass {
        let properties = ["canUndo", "canRedo", "undoActionName", "redoActionName", "groupsByEvent", "isUndoRegistrationEnabled"]
        func manager(_ state: LuaState) throws -> UndoManager {
            guard let m = state.object(at: 1, as: UndoManager.self) else {
                throw LuaArgumentError(argument: 1, message: "UndoManager expected, got \(state.typeName(at: 1))")
            }
            return m
        }
        return LuaClass(
            name: "UndoManager",
            properties: properties,
            methods: [
                "undo": { state in try manager(state).undo(); return 0 },
                "redo": { state in try manager(state).redo(); return 0 },
                "setActionName": { state in try manager(state).setActionName(try state.string(2)); return 0 },
                "removeAllActions": { state in try manager(state).removeAllActions(); return 0 },
                "disableUndoRegistration": { state in try manager(state).disableUndoRegistration(); return 0 },
                "enableUndoRegistration": { state in try manager(state).enableUndoRegistration(); return 0 },
            ],
            getter: { target, slot, state in
                let m = target as! UndoManager
                switch slot {
                case 0: state.push(m.canUndo)
                case 1: state.push(m.canRedo)
                case 2: state.push(m.undoActionName)
                case 3: state.push(m.redoActionName)
                case 4: state.push(m.groupsByEvent)
                default: state.push(m.isUndoRegistrationEnabled)
                }
            },
            setter: { _, slot, _, _ in throw ScriptingError("\(properties[slot]) is read-only") },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "UndoManager")) },
            newIndex: { _, key, _, _ in throw ScriptingError(undefinedKeyMessage(key, of: "UndoManager", writing: true)) },
            tostring: { target in
                let m = target as! UndoManager
                return "UndoManager(canUndo: \(m.canUndo), canRedo: \(m.canRedo))"
            }
        )
    }

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
