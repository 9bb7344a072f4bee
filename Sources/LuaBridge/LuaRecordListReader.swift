internal import CLuaShim

/// A reader of many records of known keys (``LuaState/readRecords(ofListAt:from:to:using:field:endRecord:)``):
/// the known keys' identities and C's buffer, made once and reused.
public final class LuaRecordListReader {
    let list: UnsafeMutablePointer<simlua_RecordList>
    private var keys: UnsafeMutablePointer<UnsafeRawPointer?>
    private var capacity = 16

    /// Creates a reader that knows no key.
    public init() {
        list = .allocate(capacity: 1)
        keys = .allocate(capacity: capacity)
        list.pointee.count = 0
        list.pointee.nfields = 0
        list.pointee.nkeys = 0
        withUnsafeMutableBytes(of: &list.pointee.hints) { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        list.pointee.keys = UnsafePointer(OpaquePointer(keys))
    }

    deinit {
        keys.deallocate()
        list.deallocate()
    }

    /// The known keys, by number.
    public private(set) var keyNames: [String] = []

    /// Forgets every known key.
    public func removeAllKeys() {
        list.pointee.nkeys = 0
        keyNames.removeAll()
    }

    /// Adds a known key (numbered as `keyNames.count` was before the call) with the identity of its
    /// interned string (``LuaState/internedKey(_:)``), which must stay alive while the reader knows it, or
    /// nil for a key no record can match (one too long for Lua to intern).
    public func appendKey(_ name: String, identity: UnsafeRawPointer?) {
        keyNames.append(name)
        let n = Int(list.pointee.nkeys)
        if n == capacity {
            let grown = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 2 * capacity)
            grown.update(from: keys, count: n)
            keys.deallocate()
            keys = grown
            capacity *= 2
            list.pointee.keys = UnsafePointer(OpaquePointer(keys))
        }
        keys[n] = identity
        list.pointee.nkeys = Int32(n + 1)
    }
}
