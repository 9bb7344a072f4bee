import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// Pushes a value: strings, numbers, booleans as themselves; dates as numbers; binary data as
    /// strings; UUIDs as their text; decimals as numbers when exact, else as their text; objects as their
    /// userdata; collections as arrays.
    ///
    /// Collections come from ``value(at:)``, so they are at most ``maximumValueDepth`` deep; each level asks
    /// for stack room first (the trampoline guarantees enough for that depth, see CLuaShim).
    func push(_ value: Value) {
        switch value {
        case .null: state.pushNil()
        case .bool(let b): state.push(b)
        case .integer(let i): state.push(i)
        case .double(let d): state.push(d)
        case .string(let s): state.push(s)
        case .date(let d): state.push(d)
        case .data(let bytes): state.push(bytes: bytes)
        case .uuid(let u): state.push(u.description)
        case .decimal(let d):
            // A decimal is a Lua number when that number is the decimal exactly (an integer when whole, or
            // a float whose shortest text is the decimal's), and its decimal text otherwise.
            if let i = d.exactInteger { state.push(i) } else if let x = d.exactDouble { state.push(x) } else { state.push(d.description) }
        case .boxed(let box):
            if let box = box as? LuaBoxedValue { state.push(box.ref) } else { state.pushNil() }
        case .object(let o): push(o)
        case .collection(let items):
            state.newTable(arrayCount: Int32(clamping: items.count), recordCount: 0)
            // The table took the slot reserved for this value; its items need two more.
            guard state.checkStack(2) else { return }  // unreachable within the documented depth
            for (i, item) in items.enumerated() {
                push(item)
                state.rawSet(tableAt: -2, index: i + 1)
            }
        }
    }

    /// Pushes a managed object as its userdata (the same userdata every time).
    func push(_ object: ManagedObject) {
        state.push(object: object, class: entityClass(for: object.entity))
    }

    /// Pushes an array of objects as a Lua sequence.
    func push(_ objects: [ManagedObject]) {
        state.newTable(arrayCount: Int32(objects.count), recordCount: 0)
        for (i, o) in objects.enumerated() {
            push(o)
            state.rawSet(tableAt: -2, index: i + 1)
        }
    }

    /// Pushes an array of strings as a Lua sequence.
    func push(strings: [String]) {
        state.newTable(arrayCount: Int32(strings.count), recordCount: 0)
        for (i, s) in strings.enumerated() {
            state.push(s)
            state.rawSet(tableAt: -2, index: i + 1)
        }
    }

    /// How deeply tables may nest in a value converted by ``value(at:)`` (a flat array is depth 1).
    static let maximumValueDepth = 32

    /// The value at a stack index: nil, booleans, integers, floats, strings, managed objects, and
    /// sequences (for to-many relationships, predicate arguments, cell values). A Lua string whose bytes
    /// are not valid UTF-8 is `.data` with those exact bytes (never a repaired string).
    ///
    /// This is the one conversion of Lua values to ``Value``: every binding that turns a Lua value into a
    /// Swift value goes through it. It never raises and never overflows: nested tables are limited to
    /// ``maximumValueDepth`` levels, stack room is checked before every push, and a table that contains
    /// itself is refused.
    /// - Throws: a message naming the Lua type when it cannot be a property value, the depth limit, or the
    ///   cycle.
    func value(at index: Int32) throws -> Value {
        var visiting: Set<UnsafeRawPointer> = []
        return try value(at: state.absoluteIndex(index), depth: 0, visiting: &visiting)
    }

    private func value(at index: Int32, depth: Int, visiting: inout Set<UnsafeRawPointer>) throws -> Value {
        switch state.type(at: index) {
        case .none, .nil: return .null
        case .boolean: return .bool(state.toBoolean(at: index))
        case .number:
            if state.isInteger(at: index), let i = state.toInteger(at: index) { return .integer(i) }
            return .double(state.toNumber(at: index) ?? 0)
        case .string:
            // A Lua string is text when its bytes are UTF-8, and binary data (its exact bytes) otherwise.
            if let s = state.toValidUTF8String(at: index) { return .string(s) }
            return .data(state.toBytes(at: index) ?? [])
        case .userdata:
            if let o = state.object(at: index, as: ManagedObject.self) { return .object(o) }
            if let set = state.object(at: index, as: RelationshipSet.self) {
                return .collection(try set.members().map { .object($0) })
            }
            if state.isFinalizedObject(at: index) { throw ScriptingError("attempt to use a finalized object") }
            throw ScriptingError("a \(state.typeName(at: index)) cannot be stored in a managed object")
        case .table:
            guard depth < Self.maximumValueDepth else {
                throw ScriptingError("a table nested more than \(Self.maximumValueDepth) levels deep cannot be converted to a value")
            }
            guard let identity = state.identity(at: index), visiting.insert(identity).inserted else {
                throw ScriptingError("a table that contains itself cannot be converted to a value")
            }
            defer { visiting.remove(identity) }
            let count = state.rawLength(at: index)
            var items: [Value] = []
            items.reserveCapacity(min(count, 1 << 16))
            guard state.checkStack(2) else { throw ScriptingError("stack overflow converting a table") }
            for i in 0..<count {
                state.rawGet(tableAt: index, index: i + 1)
                defer { state.pop() }
                items.append(try value(at: state.top, depth: depth + 1, visiting: &visiting))
            }
            return .collection(items)
        default:
            throw ScriptingError("a \(state.typeName(at: index)) cannot be stored in a managed object")
        }
    }
}

/// The one error type of the Scripting library: a binding's complaint, shown to Lua as
/// `file:line: message`, or a runner's (a missing scenario path).
public struct ScriptingError: Error, CustomStringConvertible {
    /// The message.
    public let description: String
    /// Creates an error with a message.
    public init(_ message: String) { description = message }
}
