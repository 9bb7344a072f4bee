internal import CLua

/// The type of a Lua value, as returned by `lua_type`.
///
/// ```swift
/// state.push(1.5)
/// state.type(at: -1) == .number   // true
/// ```
public enum LuaType: Int32, Sendable, CaseIterable {
    /// A non-valid (but acceptable) stack index: Lua's "no value".
    case none = -1
    /// `nil`.
    case `nil` = 0
    /// `true` or `false`.
    case boolean = 1
    /// A light userdata (a raw C pointer).
    case lightUserdata = 2
    /// An integer or a float.
    case number = 3
    /// A string.
    case string = 4
    /// A table.
    case table = 5
    /// A Lua or C function.
    case function = 6
    /// A full userdata.
    case userdata = 7
    /// A coroutine.
    case thread = 8

    /// The name Lua uses for this type (`lua_typename`): `"nil"`, `"number"`, …, and `"no value"` for ``none``.
    public var name: String {
        switch self {
        case .none: return "no value"
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .lightUserdata, .userdata: return "userdata"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .thread: return "thread"
        }
    }

    /// Converts a `lua_type` result.
    init(code: Int32) {
        self = LuaType(rawValue: code) ?? .none
    }
}
