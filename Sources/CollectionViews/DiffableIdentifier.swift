/// A section or item identifier of a diffable data source: a string (such as an object ID's URI or a
/// section name), an integer, a number or a boolean. Equal identifiers are the same item.
///
/// ```swift
/// let ids: [DiffableIdentifier] = ["x-coredata://…/Person/p1", 42]
/// ```
public enum DiffableIdentifier: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case double(Double)
    /// A boolean.
    case bool(Bool)

    /// Creates a string identifier.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an integer identifier.
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// The identifier as it prints in messages and traces: strings bare, numbers and booleans as Lua
    /// prints them.
    public var description: String {
        switch self {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .double(let d): return "\(d)"
        case .bool(let b): return b ? "true" : "false"
        }
    }
}
