import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// Pushes a property list value: strings, numbers and booleans as themselves, data as a byte string,
    /// dates as seconds since 2001 (as property lists keep them), arrays as sequences, dictionaries as tables.
    static func push(propertyList value: PropertyListValue, _ state: LuaState) {
        switch value {
        case .string(let s): state.push(s)
        case .integer(let i): state.push(i)
        case .real(let d), .date(let d): state.push(d)
        case .bool(let b): state.push(b)
        case .data(let bytes): state.push(bytes: bytes)
        case .array(let items):
            state.newTable(arrayCount: Int32(clamping: items.count), recordCount: 0)
            for (i, item) in items.enumerated() {
                push(propertyList: item, state)
                state.rawSet(tableAt: -2, index: i + 1)
            }
        case .dictionary(let d):
            state.newTable(arrayCount: 0, recordCount: Int32(clamping: d.count))
            for key in d.keys.sorted() {
                state.push(key)
                push(propertyList: d[key]!, state)
                state.rawSet(tableAt: -3)
            }
        }
    }

    /// The property list value of the Lua value at `index`: strings (data when not UTF-8, or when `like`, the
    /// value it replaces, is data), integers, numbers, booleans; a table is an array when it is a non-empty
    /// sequence, else a dictionary with string keys.
    /// - Throws: naming the key of a value no property list can hold, or a table nested deeper than 32.
    static func propertyList(_ state: LuaState, at index: Int32, like: PropertyListValue?, key: String, depth: Int) throws -> PropertyListValue {
        let index = state.absoluteIndex(index)
        switch state.type(at: index) {
        case .string:
            let bytes = state.toBytes(at: index) ?? []
            if case .data? = like { return .data(bytes) }
            if let text = String(validating: bytes, as: UTF8.self) { return .string(text) }
            return .data(bytes)
        case .number:
            if state.isInteger(at: index), let i = state.toInteger(at: index) { return .integer(i) }
            return .real(state.toNumber(at: index) ?? 0)
        case .boolean:
            return .bool(state.toBoolean(at: index))
        case .table:
            guard depth < 32 else { throw ScriptingError("setMetadata: \(key) is nested deeper than 32 tables") }
            let count = state.rawLength(at: index)
            var pairs: [(String, PropertyListValue)] = []
            var items: [PropertyListValue] = []
            var isArray = count > 0
            try state.forEachPair(inTableAt: index) { k, v in
                if state.type(at: k) == .string, let name = state.toString(at: k) {
                    isArray = false
                    var previous: PropertyListValue?
                    if case .dictionary(let d)? = like { previous = d[name] }
                    pairs.append((name, try propertyList(state, at: v, like: previous, key: key + "." + name, depth: depth + 1)))
                } else if state.type(at: k) == .number, state.isInteger(at: k), let i = state.toInteger(at: k), i >= 1, i <= Int64(count) {
                    var previous: PropertyListValue?
                    if case .array(let a)? = like, Int(i) <= a.count { previous = a[Int(i) - 1] }
                    items.append(try propertyList(state, at: v, like: previous, key: key + "[\(i)]", depth: depth + 1))
                } else {
                    throw ScriptingError("setMetadata: \(key) has a key of type \(state.typeName(at: k)); property list dictionaries have string keys")
                }
            }
            if isArray && items.count == count { return .array(items) }
            if !items.isEmpty { throw ScriptingError("setMetadata: \(key) mixes array items and string keys") }
            var d: [String: PropertyListValue] = [:]
            for (k, v) in pairs { d[k] = v }
            return .dictionary(d)
        default:
            throw ScriptingError("setMetadata: \(key) is a \(state.typeName(at: index)); property lists hold strings, numbers, booleans and tables")
        }
    }

    /// The class of persistent stores: `type` (`"InMemory"` or `"SQLite"`, Core Data's store type
    /// names), `url` (the file path, nil in memory), `identifier`.
    static func makeStore(_ engine: ScriptEngine) -> LuaClass {
        storeDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "PersistentStore", writing: writing) }
    }

    /// A coordinator's stores (`NSPersistentStore`).
    static let storeDeclaration = LuaClassDeclaration<PersistentStore>(
        "PersistentStore", "A persistent store (`NSPersistentStore`).",
        properties: [
            .custom("type", type: #""InMemory"|"SQLite""#, "Core Data's store type name.", get: { store, state in
                state.push(store.type == .sqlite ? "SQLite" : "InMemory")
            }),
            .property("url", "The SQLite file path, nil in memory.", get: { $0.url }),
            .property("identifier", "The store's unique identifier (in its metadata).", get: { $0.identifier }),
        ],
        describe: { "PersistentStore(\($0.type == .sqlite ? "SQLite" : "InMemory") \($0.identifier))" })
}
