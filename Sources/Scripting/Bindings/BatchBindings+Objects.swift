import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// The `objects` list of `ripple.batchInsertRequest` (at `index`) read in one walk: C reads each object
    /// as a record (as `ctx:insert` reads its values, `Record.c`), whose keys are matched by the identity of
    /// their string against the keys met so far, so no Swift string and no dictionary is made per object.
    /// An object C cannot read as a plain record, or with a key not met before, is read by the general path
    /// (``dictionary(at:)``, which words every error) and teaches its keys.
    func readBatchObjects(at index: Int32) throws -> BatchInsertObjects {
        let list = state.absoluteIndex(index)
        let count = state.rawLength(at: list)
        var objects = BatchInsertObjects(reservingCapacity: count)
        // The identity of each key of `objects.keys` (its string is alive in the list while it is read, and
        // no Lua code runs meanwhile); nil for a key Lua does not intern.
        var identities: [UnsafeRawPointer?] = []
        for i in 0..<count {
            state.rawGet(tableAt: list, index: i + 1)
            defer { state.pop() }
            guard state.type(at: -1) == .table else {
                throw ScriptingError("objects[\(i + 1)] must be a table of values, got \(state.typeName(at: -1))")
            }
            var complete = true
            let read = batchRecordReader.map { reader in
                state.readRecord(ofTableAt: -1, using: reader) { identity, field in
                    guard complete, let k = identities.firstIndex(where: { $0 == identity }) else {
                        complete = false
                        return
                    }
                    let value = Value(recordValue: field)
                    objects.append(.init(key: Int32(k), value: value))
                }
            } ?? false
            if !(read && complete) {
                objects.discardObject()
                let values = try dictionary(at: -1)
                for key in values.keys.sorted() {
                    var k = objects.keys.firstIndex(of: key).map(Int32.init)
                    if k == nil {
                        k = objects.append(key: key)
                        identities.append(state.internedKey(key))
                    }
                    objects.append(.init(key: k!, value: values[key]!))
                }
            }
            objects.endObject()
        }
        return objects
    }
}

extension ScriptEngine {
    /// Whether `ripple.batchInsertRequest` reads its objects as C records into flat fields and inserts them in
    /// one pass (true, the default), or reads each into a dictionary for the general insertion (the path
    /// kept to compare with, in tests and in `ripple-bench`'s bulk group).
    public var batchInsertReadsRecords: Bool {
        get { batchRecordReader != nil }
        set { batchRecordReader = newValue ? (batchRecordReader ?? LuaRecordReader()) : nil }
    }
}
