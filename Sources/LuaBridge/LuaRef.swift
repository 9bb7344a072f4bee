internal import CLua
internal import CLuaShim

/// A Lua value kept alive in the registry, independent of the stack.
///
/// Create one with ``LuaState/ref()`` (which pops the top value) and push it back with
/// ``LuaState/push(_:)-(LuaRef)``. The registry slot is released when the reference is deinitialised,
/// provided its state is still alive (the back-pointer is weak).
///
/// ```swift
/// state.getGlobal("print")
/// let print = state.ref()
/// state.push(print)
/// ```
public final class LuaRef {
    weak var state: LuaState?
    let reference: Int32

    /// The identity of the state that made the reference, compared by `LuaState.push(_:)` (a
    /// comparison of addresses, where reading the weak ``state`` costs a slow-path load and release).
    let stateIdentity: ObjectIdentifier

    init(state: LuaState, reference: Int32) {
        self.state = state
        self.stateIdentity = ObjectIdentifier(state)
        self.reference = reference
    }

    deinit {
        if let state {
            luaL_unref(state.L, simlua_registryindex(), reference)
        }
    }

    /// Whether the referenced value is `nil` (`luaL_ref` of a `nil` value).
    public var isNil: Bool { reference == LUA_REFNIL }
}
