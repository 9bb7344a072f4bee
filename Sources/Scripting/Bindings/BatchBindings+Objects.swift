import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// The `objects` list of `ripple.batchInsertRequest` (at `index`) read in one walk: C reads runs of
    /// objects as records and matches their keys against the keys met so far (`RecordList.c`), so no Swift
    /// call is made per object and no Swift string or dictionary per key. An object C cannot read as a
    /// plain record of known keys is read by the general path (``dictionary(at:)``, which words every
    /// error) and teaches its keys.
    ///
    /// The keys met stay known from request to request (their strings are anchored for the engine's life,
    /// see `LuaState.internedKey`), so a request of the same keys as an earlier one is read by C from its
    /// first object; the list starts again once it holds more than 256 keys (each request's insertion
    /// looks every known key up once).
    func readBatchObjects(at index: Int32) throws -> BatchInsertObjects {
        let list = state.absoluteIndex(index)
        let count = state.rawLength(at: list)
        guard batchInsertReadsRecords else { return try readBatchObjectsInGeneral(list, count: count) }
        // The shared reader's key numbers must not change under this request's objects: a request made while
        // this one reads (from a `__gc` finalizer) reads with a reader of its own.
        let shared = !batchRecordReaderInUse
        let reader = shared ? batchRecordReader : LuaRecordListReader()
        if shared { batchRecordReaderInUse = true }
        defer { if shared { batchRecordReaderInUse = false } }
        if reader.keyNames.count > 256 { reader.removeAllKeys() }
        var objects = BatchInsertObjects(keys: reader.keyNames, reservingCapacity: count)
        var reserved = false
        var i = 0
        while i < count {
            let read = state.readRecords(ofListAt: list, from: i + 1, to: count, using: reader,
                                         field: { key, value in
                                             switch value {
                                             case .boolean(let b): objects.append(key: key, boolean: b)
                                             case .integer(let n): objects.append(key: key, integer: n)
                                             case .number(let d): objects.append(key: key, double: d)
                                             case .string(let bytes): objects.append(key: key, string: bytes)
                                             }
                                         },
                                         endRecord: { objects.endObject() })
            if read == 0 {
                try readBatchObject(list, at: i, into: &objects, learning: reader)
                assert(reader.keyNames.count == objects.keys.count, "the reader's keys and the objects' keys are numbered alike")
                i += 1
                continue
            }
            i += read
            if !reserved {
                reserved = true
                objects.reserve(count - i)
            }
        }
        return objects
    }

    /// Reads object `i` (0-based) of the list at `list` by the general path and adds it to `objects`, keys
    /// in order; a key not met before is numbered and taught to `reader`.
    private func readBatchObject(_ list: Int32, at i: Int, into objects: inout BatchInsertObjects,
                                 learning reader: LuaRecordListReader?) throws {
        state.rawGet(tableAt: list, index: i + 1)
        defer { state.pop() }
        guard state.type(at: -1) == .table else {
            throw ScriptingError("objects[\(i + 1)] must be a table of values, got \(state.typeName(at: -1))")
        }
        let values = try dictionary(at: -1)
        for key in values.keys.sorted() {
            var k = objects.keys.firstIndex(of: key).map(Int32.init)
            if k == nil {
                k = objects.append(key: key)
                reader?.appendKey(key, identity: state.internedKey(key))
            }
            objects.append(key: k!, value: values[key]!)
        }
        objects.endObject()
    }

    /// Every object read by the general path (the path kept to compare with).
    private func readBatchObjectsInGeneral(_ list: Int32, count: Int) throws -> BatchInsertObjects {
        var objects = BatchInsertObjects(reservingCapacity: count)
        for i in 0..<count { try readBatchObject(list, at: i, into: &objects, learning: nil) }
        return objects
    }
}
