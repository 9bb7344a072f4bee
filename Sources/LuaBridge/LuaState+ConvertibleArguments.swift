extension LuaState {
    /// Reads argument `i` as an `A` (``LuaValueConvertible``), or throws the `bad argument` error in Lua's
    /// words (`bad argument #2 to 'newChildContext' (string expected, got number)`): what a declared method
    /// with a custom body uses for its typed arguments.
    /// - Parameters:
    ///   - i: The argument's stack index.
    ///   - as: The expected type; an `Optional` accepts `nil` and a missing argument.
    public func argument<A: LuaValueConvertible>(_ i: Int32, as: A.Type = A.self) throws -> A {
        try luaArgument(self, i, A.self)
    }
}
