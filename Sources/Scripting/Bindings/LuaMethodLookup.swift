import LuaBridge

/// How a Lua delegate or data source is called: a plain table of functions gets its functions called as
/// `f(view, …)`; a method an object inherits (through a metatable's `__index`, as a class instance does) or
/// any method of a userdata object (a view controller) is called as `object:f(view, …)`.
enum LuaMethodLookup {
    /// Pushes the function `name` of the value at `index` (read raw first, then with `__index` under
    /// `lua_pcall`) and, when it is to be called as a method, the receiver after it.
    /// - Returns: nil (nothing pushed) when there is no such function; otherwise the number of values pushed
    ///   (1: the function; 2: the function and the receiver).
    /// - Throws: a value that is neither nil nor callable under `name` is the error
    ///   `name of <owner> is a number, not a function` (Lua's own error would have no position); a
    ///   callable table (`__call`) is called like a function.
    static func push(_ name: String, of index: Int32, in state: LuaState, owner: @autoclosure () -> String = "the delegate") throws(LuaError) -> Int32? {
        let index = state.absoluteIndex(index)
        if state.type(at: index) == .table {
            if state.rawGet(tableAt: index, key: name) == .function { return 1 }
            if state.type(at: -1) != .nil {
                do { try state.checkCallable(at: -1, "\(name) of \(owner())") } catch { state.pop(); throw error }
                return 1
            }
            state.pop()
        }
        return try pushInherited(name, of: index, in: state, owner: owner())
    }

    /// ``push(_:of:in:owner:)`` with the name's Lua string kept in the registry (`key`): a plain table's
    /// own function is read without hashing the name's text again, for callbacks made on every change.
    static func push(_ name: String, key: LuaRef, of index: Int32, in state: LuaState,
                     owner: @autoclosure () -> String = "the delegate") throws(LuaError) -> Int32? {
        let index = state.absoluteIndex(index)
        if state.type(at: index) == .table {
            if state.rawGet(tableAt: index, key: key) == .function { return 1 }
            if state.type(at: -1) != .nil {
                do { try state.checkCallable(at: -1, "\(name) of \(owner())") } catch { state.pop(); throw error }
                return 1
            }
            state.pop()
        }
        return try pushInherited(name, of: index, in: state, owner: owner())
    }

    /// The function `name` read with `__index` (under `lua_pcall`), and its receiver.
    private static func pushInherited(_ name: String, of index: Int32, in state: LuaState,
                                      owner: @autoclosure () -> String) throws(LuaError) -> Int32? {
        let type = try state.getField(tableAt: index, key: name)
        guard type == .function else {
            if type == .nil { state.pop(); return nil }
            do { try state.checkCallable(at: -1, "\(name) of \(owner())") } catch { state.pop(); throw error }
            state.pushValue(at: index)
            return 2
        }
        state.pushValue(at: index)
        return 2
    }
}
