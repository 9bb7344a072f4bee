import LuaBridge
import ObjectGraph

/// A Lua function observing a key path of one managed object (`ripple.observe(object, keyPath, fn, options)`).
final class LuaKeyValueObserver: LuaObserver {
    let keyPath: String

    init(engine: ScriptEngine, keyPath: String, function: LuaRef) {
        self.keyPath = keyPath
        super.init(engine: engine, function: function)
    }

    override var observedDescription: String { keyPath }

    /// Calls the function with the change as a table: `old`, `new`, `kind`, `indexes` (to-many
    /// insertions, removals and replacements), `isPrior`, `isDeleted`, `object`, `keyPath`.
    func tell(_ change: KeyValueChange) throws {
        let state = engine.state
        state.push(function)
        state.newTable()
        let table = state.absoluteIndex(-1)
        if let old = change.oldValue { engine.push(old); state.rawSet(tableAt: table, key: "old") }
        if let new = change.newValue { engine.push(new); state.rawSet(tableAt: table, key: "new") }
        state.push(change.kind); state.rawSet(tableAt: table, key: "kind")
        if let indexes = change.indexes {
            state.newTable()
            let list = state.absoluteIndex(-1)
            for (n, index) in indexes.enumerated() { state.push(index); state.rawSet(tableAt: list, index: n + 1) }
            state.rawSet(tableAt: table, key: "indexes")
        }
        state.push(change.isPrior); state.rawSet(tableAt: table, key: "isPrior")
        state.push(change.isObjectDeleted); state.rawSet(tableAt: table, key: "isDeleted")
        engine.push(change.object); state.rawSet(tableAt: table, key: "object")
        state.push(change.keyPath); state.rawSet(tableAt: table, key: "keyPath")
        try state.pcall(arguments: 1, results: 0)
    }
}

extension ScriptEngine {
    /// `ripple.observe(object, keyPath, fn [, options])` → token with `:cancel()`. Options: a table
    /// `{ initial = true, prior = true, old = false, new = false }`, or strings (`"initial"`, `"prior"`,
    /// `"old"`, `"new"`) as further arguments or as an array. `old` and `new` are on unless a table turns
    /// them off.
    func observeObject(_ state: LuaState) throws -> Int32 {
        let object = try checkObject(state, 1, "observe")
        let keyPath = try state.string(2)
        let function = try state.function(3)
        let options = try keyValueOptions(state, from: 4)
        guard let context = object.managedObjectContext else {
            throw ScriptingError("cannot observe \(object.displayName): it does not belong to a context any more")
        }
        let observer = LuaKeyValueObserver(engine: self, keyPath: keyPath, function: function)
        observer.token = try context.addKeyValueObserver(object: object, keyPath: keyPath, options: options) {
            [unowned observer] change in try observer.tell(change)
        }
        luaObservers[ObjectIdentifier(observer)] = observer
        state.push(object: observer, class: classes.token)
        return 1
    }

    private func keyValueOptions(_ state: LuaState, from first: Int32) throws -> KeyValueObservingOptions {
        var options: KeyValueObservingOptions = [.old, .new]
        func named(_ name: String, argument: Int32) throws -> KeyValueObservingOptions {
            switch name {
            case "initial": return .initial
            case "prior": return .prior
            case "old": return .old
            case "new": return .new
            default:
                throw LuaArgumentError(argument: argument, message: "unknown observing option '\(name)' (expected initial, prior, old or new)")
            }
        }
        var index = first
        while state.type(at: index) != .none {
            switch state.type(at: index) {
            case .nil: break
            case .string:
                options.insert(try named(state.toString(at: index) ?? "", argument: index))
            case .table:
                for name in try strings(inArrayAt: index) { options.insert(try named(name, argument: index)) }
                for name in ["initial", "prior", "old", "new"] {
                    let type = state.rawGet(tableAt: index, key: name)
                    defer { state.pop() }
                    guard type != .nil else { continue }
                    let option = try named(name, argument: index)
                    if state.toBoolean(at: -1) { options.insert(option) } else { options.remove(option) }
                }
            default:
                throw state.typeError(index, expected: "table or string")
            }
            index += 1
        }
        return options
    }

    /// Calls a Lua derived function under `pcall` with a traceback; its error is re-raised unchanged
    /// (message and traceback) in the Lua code whose mutation caused the recomputation; an error object that
    /// is not a string (a table) is re-raised as it is.
    func callDerivedFunction(_ function: LuaRef, on object: ManagedObject) throws -> Value {
        state.push(function)
        push(object)
        do {
            try state.pcallWithStringTraceback(arguments: 1, results: 1)
        } catch {
            if error.value != nil { throw error }
            state.push(error.description)
            throw LuaError(.runtime, error.message, traceback: error.traceback, value: state.ref())
        }
        defer { state.pop() }
        return try value(at: -1)
    }
}
