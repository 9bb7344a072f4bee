/// A property of a declared class (see ``LuaClassDeclaration``): its name, annotation type and doc line, how
/// it is read, and how it is written when it is settable.
public struct LuaPropertyDeclaration<Object: AnyObject> {
    /// The key.
    public let name: String
    /// The annotation type (`boolean`, `string?`, a class name).
    public let type: String
    /// One line: what the property is.
    public let doc: String
    /// Pushes exactly one value.
    let get: (Object, LuaState) throws -> Void
    /// Stores the value at the given index; nil for a read-only property.
    let set: ((Object, LuaState, Int32) throws -> Void)?

    /// A read-only property of a convertible type.
    public static func property<V: LuaValueConvertible>(_ name: String, _ doc: String,
                                                       get: @escaping (Object) throws -> V) -> Self {
        Self(name: name, type: V.luaAnnotationType, doc: doc, get: { object, state in try get(object).push(to: state) }, set: nil)
    }

    /// A settable property of a convertible type; a value of another type is refused with
    /// `bad value for property 'x' of Name (boolean expected, got number)`.
    public static func property<V: LuaValueConvertible>(_ name: String, _ doc: String,
                                                       get: @escaping (Object) throws -> V,
                                                       set: @escaping (Object, V) throws -> Void) -> Self {
        Self(name: name, type: V.luaAnnotationType, doc: doc,
             get: { object, state in try get(object).push(to: state) },
             set: { object, state, index in
                 guard let value = V(lua: state, at: index) else {
                     throw LuaError(.runtime, "bad value for property '\(name)' (\(V.argumentMessage(state, at: index)))")
                 }
                 try set(object, value)
             })
    }

    /// A property whose value is not a ``LuaValueConvertible`` (a bridged object, a table): it pushes and
    /// reads the Lua value itself.
    public static func custom(_ name: String, type: String, _ doc: String,
                              get: @escaping (Object, LuaState) throws -> Void,
                              set: ((Object, LuaState, Int32) throws -> Void)? = nil) -> Self {
        Self(name: name, type: type, doc: doc, get: get, set: set)
    }
}

/// A method of a declared class (see ``LuaClassDeclaration``): its name, doc line, typed parameters and result.
/// The receiver and every argument are checked before the body runs.
public struct LuaMethodDeclaration<Object: AnyObject> {
    /// The method name.
    public let name: String
    /// One line (or a few): what the method does.
    public let doc: String
    /// The parameters after the receiver.
    public let parameters: [LuaParameterDeclaration]
    /// The annotation type of the result, nil when it returns nothing.
    public let returnType: String?
    /// Runs with the checked receiver; returns the number of results pushed.
    let body: (Object, LuaState) throws -> Int32
    /// When set, runs instead of ``body`` without the receiver read as an `Object` first (see
    /// ``LuaMethodDeclaration/receiverUnread(_:_:parameters:returns:_:)``).
    var stateBody: LuaState.Body? = nil

    /// A method without arguments or result.
    public static func method(_ name: String, _ doc: String, _ body: @escaping (Object) throws -> Void) -> Self {
        Self(name: name, doc: doc, parameters: [], returnType: nil) { object, _ in try body(object); return 0 }
    }

    /// A method without arguments that returns a value.
    public static func method<R: LuaValueConvertible>(_ name: String, _ doc: String,
                                                     _ body: @escaping (Object) throws -> R) -> Self {
        Self(name: name, doc: doc, parameters: [], returnType: R.luaAnnotationType) { object, state in
            try body(object).push(to: state)
            return 1
        }
    }

    /// A method with one argument and no result.
    public static func method<A: LuaValueConvertible>(_ name: String, _ doc: String, _ a: String,
                                                     _ body: @escaping (Object, A) throws -> Void) -> Self {
        Self(name: name, doc: doc, parameters: [.init(a, A.luaAnnotationType)], returnType: nil) { object, state in
            try body(object, try luaArgument(state, 2))
            return 0
        }
    }

    /// A method with one argument that returns a value.
    public static func method<A: LuaValueConvertible, R: LuaValueConvertible>(
        _ name: String, _ doc: String, _ a: String, _ body: @escaping (Object, A) throws -> R
    ) -> Self {
        Self(name: name, doc: doc, parameters: [.init(a, A.luaAnnotationType)], returnType: R.luaAnnotationType) { object, state in
            try body(object, try luaArgument(state, 2)).push(to: state)
            return 1
        }
    }

    /// A method with two arguments and no result.
    public static func method<A: LuaValueConvertible, B: LuaValueConvertible>(
        _ name: String, _ doc: String, _ a: String, _ b: String, _ body: @escaping (Object, A, B) throws -> Void
    ) -> Self {
        Self(name: name, doc: doc, parameters: [.init(a, A.luaAnnotationType), .init(b, B.luaAnnotationType)],
             returnType: nil) { object, state in
            try body(object, try luaArgument(state, 2), try luaArgument(state, 3))
            return 0
        }
    }

    /// A method with two arguments that returns a value.
    public static func method<A: LuaValueConvertible, B: LuaValueConvertible, R: LuaValueConvertible>(
        _ name: String, _ doc: String, _ a: String, _ b: String, _ body: @escaping (Object, A, B) throws -> R
    ) -> Self {
        Self(name: name, doc: doc, parameters: [.init(a, A.luaAnnotationType), .init(b, B.luaAnnotationType)],
             returnType: R.luaAnnotationType) { object, state in
            try body(object, try luaArgument(state, 2), try luaArgument(state, 3)).push(to: state)
            return 1
        }
    }

    /// A method whose arguments or results are not ``LuaValueConvertible`` (bridged objects, tables,
    /// functions): the body reads its arguments (from stack index 2) and pushes its results itself; the
    /// declared parameters and result are what the annotations show.
    public static func custom(_ name: String, _ doc: String, parameters: [LuaParameterDeclaration] = [],
                              returns: String? = nil, _ body: @escaping (Object, LuaState) throws -> Int32) -> Self {
        Self(name: name, doc: doc, parameters: parameters, returnType: returns, body: body)
    }
}
