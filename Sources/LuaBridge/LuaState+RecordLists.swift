internal import CLua
internal import CLuaShim

extension LuaState {
    /// Reads the tables `first`, `first + 1`, … `last` (1-based) of the list at `index` as records whose keys
    /// the reader knows, as `Record.c` reads the record argument of a function, matching each key in C: calls
    /// `field` with each field's key number and value (a string's bytes are valid only during the call)
    /// and `endRecord` after each table. Stops before the first table that is not a plain record of known
    /// keys (or is not a table), and after a run of tables; returns how many it read (0: table `first`
    /// is not one — read it another way). Runs no metamethod and raises nothing.
    /// - Parameters:
    ///   - index: The stack index of the list.
    ///   - first: The first position to read.
    ///   - last: The last position to read (at most).
    ///   - reader: The known keys and the buffer.
    ///   - field: Called with the key number and the value of each field, in table order.
    ///   - endRecord: Called after the fields of each table.
    public func readRecords(ofListAt index: Int32, from first: Int, to last: Int, using reader: LuaRecordListReader,
                            field: (Int32, LuaRecordValue) throws -> Void, endRecord: () throws -> Void) rethrows -> Int {
        let list = reader.list
        let count = Int(simlua_readrecordlist(L, index, lua_Integer(first), lua_Integer(last), list))
        if count == 0 { return 0 }
        let base = UnsafeRawPointer(list)
        let fields = (base + MemoryLayout<simlua_RecordList>.offset(of: \.fields)!).assumingMemoryBound(to: simlua_ListField.self)
        let ends = (base + MemoryLayout<simlua_RecordList>.offset(of: \.ends)!).assumingMemoryBound(to: Int32.self)
        var k = 0
        for j in 0..<count {
            let end = Int(ends[j])
            while k < end {
                let f = fields + k
                try field(f.pointee.key, LuaRecordValue(f.pointee.v))
                k += 1
            }
            try endRecord()
        }
        return count
    }
}
