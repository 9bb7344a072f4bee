/// A Swift value that crosses to and from Lua as one Lua value, the way a column value crosses to and from a
/// database in GRDB's `DatabaseValueConvertible`.
///
/// Class declarations (``LuaClassDeclaration``) use the conformance to read method arguments and property
/// values (a value of another type is refused with Lua's own wording, `string expected, got number`), to push
/// results, and to name the type in the generated annotations.
///
/// ```swift
/// extension Weekday: LuaValueConvertible {
///     static var luaTypeName: String { "string" }
///     init?(lua state: LuaState, at index: Int32) { self.init(rawValue: state.toString(at: index) ?? "") }
///     func push(to state: LuaState) { state.push(rawValue) }
/// }
/// ```
public protocol LuaValueConvertible {
    /// The type as Lua's messages and the LuaLS annotations name it: `string`, `integer`, `number`, `boolean`.
    static var luaTypeName: String { get }
    /// The type as an annotation writes it; `string?` for an optional string.
    static var luaAnnotationType: String { get }
    /// Reads the value at `index` without raising; nil when it is of another type.
    init?(lua state: LuaState, at index: Int32)
    /// Pushes exactly one value.
    func push(to state: LuaState)
    /// The text in parentheses of the `bad argument` error when the value at `index` cannot be read.
    static func argumentMessage(_ state: LuaState, at index: Int32) -> String
}

extension LuaValueConvertible {
    /// The annotation type is the type name unless the conformance says otherwise.
    public static var luaAnnotationType: String { luaTypeName }
    /// `luaL_typeerror`'s wording: `string expected, got number`.
    public static func argumentMessage(_ state: LuaState, at index: Int32) -> String {
        "\(luaTypeName) expected, got \(state.typeName(at: index))"
    }
}

extension String: LuaValueConvertible {
    /// `string`.
    public static var luaTypeName: String { "string" }
    /// Strings, and numbers converted as Lua converts them (`luaL_checkstring`).
    public init?(lua state: LuaState, at index: Int32) {
        let type = state.type(at: index)
        guard type == .string || type == .number, let text = state.toString(at: index) else { return nil }
        self = text
    }
    /// Pushes the string.
    public func push(to state: LuaState) { state.push(self) }
}

extension Int: LuaValueConvertible {
    /// `integer`.
    public static var luaTypeName: String { "integer" }
    /// Integers and floats with an exact integer value (`luaL_checkinteger`, without string coercion).
    public init?(lua state: LuaState, at index: Int32) {
        guard state.type(at: index) == .number, let value = state.toInteger(at: index) else { return nil }
        self = Int(value)
    }
    /// Pushes the integer.
    public func push(to state: LuaState) { state.push(self) }
    /// `luaL_checkinteger`'s wording: `number has no integer representation` for `1.5`, else `number expected, got …`.
    public static func argumentMessage(_ state: LuaState, at index: Int32) -> String {
        state.type(at: index) == .number ? "number has no integer representation"
            : "number expected, got \(state.typeName(at: index))"
    }
}

extension Double: LuaValueConvertible {
    /// `number`.
    public static var luaTypeName: String { "number" }
    /// Any number.
    public init?(lua state: LuaState, at index: Int32) {
        guard state.type(at: index) == .number, let value = state.toNumber(at: index) else { return nil }
        self = value
    }
    /// Pushes the number (a float).
    public func push(to state: LuaState) { state.push(self) }
}

extension Bool: LuaValueConvertible {
    /// `boolean`.
    public static var luaTypeName: String { "boolean" }
    /// `true` and `false` only (truthiness is not a boolean argument).
    public init?(lua state: LuaState, at index: Int32) {
        guard state.type(at: index) == .boolean else { return nil }
        self = state.toBoolean(at: index)
    }
    /// Pushes the boolean.
    public func push(to state: LuaState) { state.push(self) }
}

extension Optional: LuaValueConvertible where Wrapped: LuaValueConvertible {
    /// The wrapped type's name: messages say `string expected`, not `string? expected`.
    public static var luaTypeName: String { Wrapped.luaTypeName }
    /// `string?`.
    public static var luaAnnotationType: String { Wrapped.luaAnnotationType + "?" }
    /// `nil` (or an absent argument) is `.none`; anything else must be a `Wrapped`.
    public init?(lua state: LuaState, at index: Int32) {
        if state.type(at: index) == .nil || state.type(at: index) == .none {
            self = .none
            return
        }
        guard let value = Wrapped(lua: state, at: index) else { return nil }
        self = .some(value)
    }
    /// The wrapped type's message.
    public static func argumentMessage(_ state: LuaState, at index: Int32) -> String {
        Wrapped.argumentMessage(state, at: index)
    }
    /// Pushes the value, or `nil`.
    public func push(to state: LuaState) {
        if let value = self { value.push(to: state) } else { state.pushNil() }
    }
}
