/// A parameter of a declared method whose value is not a ``LuaValueConvertible`` (a table, a function, a
/// bridged object), or may be absent: its name and annotation type, and the check its argument passes before
/// the method's body runs (see ``LuaMethodDeclaration/checked(_:_:_:returns:_:)``).
///
/// ```swift
/// .checked("addStore", "Adds a store.", [.table("options", "StoreOptions", optional: true)]) { coordinator, state in
///     …  // argument 2 is a table, nil or absent here
/// }
/// ```
public struct LuaCheckedParameter {
    /// The parameter as the annotations show it.
    public let declaration: LuaParameterDeclaration
    /// The text in parentheses of the `bad argument` error when the argument at the index is refused, nil
    /// when it is accepted.
    let check: (LuaState, Int32) -> String?

    /// A parameter with its own check.
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - type: Its annotation type.
    ///   - check: The message (`table expected, got number`) for a refused argument, nil for an accepted one.
    public init(_ name: String, _ type: String, check: @escaping (LuaState, Int32) -> String?) {
        self.declaration = LuaParameterDeclaration(name, type)
        self.check = check
    }

    /// Whether the value at `index` is nil or absent.
    static func isAbsent(_ state: LuaState, _ index: Int32) -> Bool {
        let type = state.type(at: index)
        return type == .nil || type == .none
    }

    /// An argument of one Lua type (`luaL_checktype`'s `table expected, got number`); with `optional`, nil or
    /// no value too (the annotation then ends in `?`).
    public static func luaType(_ name: String, _ luaType: LuaType, _ type: String, optional: Bool = false) -> Self {
        Self(name, optional ? type + "?" : type) { state, index in
            if state.type(at: index) == luaType || (optional && isAbsent(state, index)) { return nil }
            return "\(luaType.name) expected, got \(state.typeName(at: index))"
        }
    }

    /// A table argument; `type` is what the annotations call it (`StoreOptions`, `table<string, any>`).
    public static func table(_ name: String, _ type: String = "table", optional: Bool = false) -> Self {
        luaType(name, .table, type, optional: optional)
    }

    /// A function argument; `type` is what the annotations call it (`fun(context: Context)`).
    public static func function(_ name: String, _ type: String = "function", optional: Bool = false) -> Self {
        luaType(name, .function, type, optional: optional)
    }

    /// A bridged object whose Swift object is a `T` (`luaL_checkudata`'s `Store expected, got string`);
    /// `className` is its Lua class name.
    public static func object<T: AnyObject>(_ name: String, _ className: String, as _: T.Type,
                                            optional: Bool = false) -> Self {
        Self(name, optional ? className + "?" : className) { state, index in
            if state.object(at: index, as: T.self) != nil || (optional && isAbsent(state, index)) { return nil }
            return "\(className) expected, got \(state.typeName(at: index))"
        }
    }

    /// A convertible value, checked as a typed `method` checks it;
    /// `type` replaces its annotation type when given.
    public static func value<V: LuaValueConvertible>(_ name: String, _: V.Type, type: String? = nil) -> Self {
        Self(name, type ?? V.luaAnnotationType) { state, index in
            V(lua: state, at: index) == nil ? V.argumentMessage(state, at: index) : nil
        }
    }
}

extension LuaMethodDeclaration {
    /// A method whose arguments are checked by `parameters` (argument 2 by the first, and so on) before
    /// `body` runs; the body then reads them (from stack index 2) and pushes its results itself, returning
    /// their count. `returns` is the annotation type of the result.
    public static func checked(_ name: String, _ doc: String, _ parameters: [LuaCheckedParameter],
                               returns: String? = nil, _ body: @escaping (Object, LuaState) throws -> Int32) -> Self {
        .custom(name, doc, parameters: parameters.map(\.declaration), returns: returns) { object, state in
            for (offset, parameter) in parameters.enumerated() {
                let index = Int32(offset + 2)
                if let message = parameter.check(state, index) { throw LuaArgumentError(argument: index, message: message) }
            }
            return try body(object, state)
        }
    }
}
