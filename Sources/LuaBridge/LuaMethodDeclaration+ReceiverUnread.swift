extension LuaMethodDeclaration {
    /// A method whose body reads its receiver itself, for a measured fast path that must not take a
    /// reference to it (a conditional cast hands back a retained reference): the body gets the Lua state
    /// only. The metatable's dispatch has already checked that argument 1 is an object of the class
    /// (`calling 'insert' on bad self (…)`), so the body may borrow it unretained.
    /// - Parameters:
    ///   - name: The method name.
    ///   - doc: What the method does.
    ///   - parameters: The parameters after the receiver, as the annotations show them.
    ///   - returns: The annotation type of the result, nil when it returns nothing.
    ///   - body: Reads the receiver (index 1) and the arguments, pushes the results, returns their number.
    public static func receiverUnread(_ name: String, _ doc: String, parameters: [LuaParameterDeclaration] = [],
                                      returns: String? = nil, _ body: @escaping LuaState.Body) -> Self {
        var method = Self(name: name, doc: doc, parameters: parameters, returnType: returns) { _, state in try body(state) }
        method.stateBody = body
        return method
    }
}
