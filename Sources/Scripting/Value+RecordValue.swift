import LuaBridge
import ObjectGraph

extension Value {
    /// The value of a record field read by C (`ctx:insert`'s record and a batch insert's objects): a
    /// boolean, an integer, a float, a string or (bytes that are not UTF-8) binary data, copied out of the callback's bytes.
    /// - Parameter recordValue: The field as `LuaState.forEachRecordField`/`readRecord` hands it over.
    @inline(__always) init(recordValue: LuaRecordValue) {
        switch recordValue {
        case .boolean(let b): self = .bool(b)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .double(d)
        case .string(let bytes):
            // Text when the bytes are UTF-8; otherwise binary data, byte for byte (never repaired).
            if let s = String(validating: bytes, as: UTF8.self) { self = .string(s) } else { self = .data(Array(bytes)) }
        }
    }
}
