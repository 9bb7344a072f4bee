import LuaBridge
import ObjectGraph

extension Value {
    /// The value of a record field read by C (`ctx:insert`'s record and a batch insert's objects): a
    /// boolean, an integer, a float or a string, copied out of the callback's bytes.
    /// - Parameter recordValue: The field as `LuaState.forEachRecordField`/`readRecord` hands it over.
    @inline(__always) init(recordValue: LuaRecordValue) {
        switch recordValue {
        case .boolean(let b): self = .bool(b)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .double(d)
        case .string(let bytes): self = .string(String(decoding: bytes, as: UTF8.self))
        }
    }
}
