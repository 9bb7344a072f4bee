/// The objects of a batch insert request in one flat list (what a scripting bridge builds while it walks
/// its objects once): each distinct key once, then every object's fields as (key number, value) pairs,
/// object after object. The same request as ``BatchRequest/Action/insert(objects:)`` with
/// ``dictionaries``, without a dictionary or a key string per object.
///
/// Booleans, integers, floats and strings are kept packed (16 bytes a field; a string of up to 8 bytes in
/// its field, a longer one's bytes in one shared buffer), so a reader adds them without making a ``Value``
/// or a Swift string, and the insertion makes each value once, straight into its row. Any other value is
/// kept as it is.
public struct BatchInsertObjects {
    /// One field of one object.
    public struct Field {
        /// The value given (declared first: with the key after it a field takes 24 bytes, not 32).
        public var value: Value
        /// The index of the field's key in ``BatchInsertObjects/keys``.
        public var key: Int32

        /// Creates a field.
        public init(key: Int32, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// A field as it is stored (16 bytes).
    @usableFromInline struct PackedField {
        /// The integer, the float's bits, the boolean (0, 1), the bytes of a string of at most 8 bytes, the
        /// offset of a longer string's bytes in `bytes`, or the index of another value in `values`.
        @usableFromInline var payload: UInt64
        /// The key number.
        @usableFromInline var key: Int32
        /// The byte count of a string.
        @usableFromInline var length: UInt16
        /// What `payload` is.
        @usableFromInline var kind: Kind

        @usableFromInline @inline(__always) init(payload: UInt64, key: Int32, length: UInt16 = 0, kind: Kind) {
            self.payload = payload
            self.key = key
            self.length = length
            self.kind = kind
        }
    }

    /// What a packed field holds.
    @usableFromInline enum Kind: UInt8 {
        case boolean, integer, double, shortString, string, value
    }

    /// The keys, by number, each once: those the list was made knowing (which no object need use), then
    /// those added.
    public private(set) var keys: [String] = []
    @usableFromInline var packed: [PackedField] = []
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var values: [Value] = []
    @usableFromInline var storedEnds: [Int] = []

    /// Creates an empty list that knows `keys` (numbered in order; a key need not be used), with room for
    /// `count` objects.
    public init(keys: [String] = [], reservingCapacity count: Int = 0) {
        self.keys = keys
        storedEnds.reserveCapacity(count)
    }

    /// The number of objects.
    public var count: Int { storedEnds.count }

    /// Where each object's fields end (object `i`'s fields are `ends[i - 1] ..< ends[i]`).
    public var ends: [Int] { storedEnds }

    /// The fields of object `i`.
    public func fields(ofObjectAt i: Int) -> [Field] {
        ((i == 0 ? 0 : storedEnds[i - 1])..<storedEnds[i]).map { Field(key: packed[$0].key, value: value(ofField: $0)) }
    }

    /// Adds a key (each key once) and returns its number.
    public mutating func append(key: String) -> Int32 {
        keys.append(key)
        return Int32(keys.count - 1)
    }

    /// Adds a field to the object being built.
    public mutating func append(_ field: Field) { append(key: field.key, value: field.value) }

    /// Adds a field to the object being built.
    public mutating func append(key: Int32, value: Value) {
        switch value {
        case .bool(let b): append(key: key, boolean: b)
        case .integer(let i): append(key: key, integer: i)
        case .double(let d): append(key: key, double: d)
        default:
            values.append(value)
            packed.append(PackedField(payload: UInt64(values.count - 1), key: key, kind: .value))
        }
    }

    /// Adds a boolean field to the object being built.
    @inlinable public mutating func append(key: Int32, boolean: Bool) {
        packed.append(PackedField(payload: boolean ? 1 : 0, key: key, kind: .boolean))
    }

    /// Adds an integer field to the object being built.
    @inlinable public mutating func append(key: Int32, integer: Int64) {
        packed.append(PackedField(payload: UInt64(bitPattern: integer), key: key, kind: .integer))
    }

    /// Adds a float field to the object being built.
    @inlinable public mutating func append(key: Int32, double: Double) {
        packed.append(PackedField(payload: double.bitPattern, key: key, kind: .double))
    }

    /// Adds a string field, given as its bytes, to the object being built: its value is a string when the
    /// bytes are UTF-8 and binary data (the same bytes) otherwise, never a repaired string.
    @inlinable public mutating func append(key: Int32, string: UnsafeBufferPointer<UInt8>) {
        let length = string.count
        if length <= 8 {
            var payload: UInt64 = 0
            if length > 0 { withUnsafeMutableBytes(of: &payload) { $0.copyMemory(from: UnsafeRawBufferPointer(string)) } }
            packed.append(PackedField(payload: payload, key: key, length: UInt16(length), kind: .shortString))
        } else if length <= Int(UInt16.max) {
            let offset = bytes.count
            bytes.append(contentsOf: string)
            packed.append(PackedField(payload: UInt64(offset), key: key, length: UInt16(length), kind: .string))
        } else {
            append(key: key, value: Self.value(ofBytes: string))
        }
    }

    /// Makes room for `count` more objects like the ones added so far (as many fields and string bytes).
    public mutating func reserve(_ count: Int) {
        guard !storedEnds.isEmpty, count > 0 else { return }
        packed.reserveCapacity(packed.count + count * packed.count / storedEnds.count)
        bytes.reserveCapacity(bytes.count + count * bytes.count / storedEnds.count)
    }

    /// Ends the object being built.
    @inlinable public mutating func endObject() { storedEnds.append(packed.count) }

    /// The value of field `k` (of all objects' fields).
    public func value(ofField k: Int) -> Value {
        let field = packed[k]
        switch field.kind {
        case .boolean: return .bool(field.payload != 0)
        case .integer: return .integer(Int64(bitPattern: field.payload))
        case .double: return .double(Double(bitPattern: field.payload))
        case .value: return values[Int(field.payload)]
        case .shortString, .string:
            return bytes.withUnsafeBufferPointer { buffer in
                if let s = Self.string(field, in: buffer) { return .string(s) }
                return .data(Self.bytes(field, in: buffer))
            }
        }
    }

    /// A string's bytes as a value: `.string` when they are UTF-8, `.data` (the same bytes) otherwise.
    @usableFromInline static func value(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Value {
        if let s = String(validating: bytes, as: UTF8.self) { return .string(s) }
        return .data(Array(bytes))
    }

    /// The string of a `.shortString` or `.string` field, or nil when its bytes are not UTF-8.
    @inline(__always)
    static func string(_ field: PackedField, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let length = Int(field.length)
        if field.kind == .shortString {
            var payload = field.payload
            return withUnsafeBytes(of: &payload) { String(validating: $0.prefix(length), as: UTF8.self) }
        }
        let offset = Int(field.payload)
        return String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
    }

    /// The bytes of a `.shortString` or `.string` field.
    static func bytes(_ field: PackedField, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let length = Int(field.length)
        if field.kind == .shortString {
            var payload = field.payload
            return withUnsafeBytes(of: &payload) { Array($0.prefix(length)) }
        }
        let offset = Int(field.payload)
        return Array(bytes[offset..<(offset + length)])
    }

    /// Every object as a dictionary (the general form of the request).
    public var dictionaries: [[String: Value]] {
        (0..<count).map { i in
            var values: [String: Value] = [:]
            for field in fields(ofObjectAt: i) { values[keys[Int(field.key)]] = field.value }
            return values
        }
    }
}
