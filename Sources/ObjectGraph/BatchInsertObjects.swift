/// The objects of a batch insert request in one flat list (what a scripting bridge builds while it walks
/// its objects once): each distinct key once, then every object's fields as (key number, value) pairs,
/// object after object. The same request as ``BatchRequest/Action/insert(objects:)`` with
/// ``dictionaries``, without a dictionary or a key string per object.
public struct BatchInsertObjects {
    /// One field of one object.
    public struct Field {
        /// The value given (declared first: with the key after it a field takes 24 bytes, not 32).
        public var value: Value
        /// The index of the field's key in ``BatchInsertObjects/keys``.
        public var key: Int32

        /// Creates a field.
        @inlinable public init(key: Int32, value: __owned Value) {
            self.key = key
            self.value = value
        }
    }

    /// The distinct keys of all objects.
    public private(set) var keys: [String] = []
    /// The fields of every object, object after object.
    public var fields: [Field] { storedFields }
    /// Where each object's fields end in ``fields``.
    public var ends: [Int] { storedEnds }
    // Stored apart from the read-only views above so that the appends below can be inlined into a reader.
    @usableFromInline var storedFields: [Field] = []
    @usableFromInline var storedEnds: [Int] = []

    /// Creates an empty list that knows `keys` (numbered in order; a key need not be used), with room for
    /// `count` objects of `fieldsPerObject` fields.
    public init(keys: [String] = [], reservingCapacity count: Int = 0, fieldsPerObject: Int = 0) {
        self.keys = keys
        storedEnds.reserveCapacity(count)
        storedFields.reserveCapacity(count * fieldsPerObject)
    }

    /// The number of objects.
    public var count: Int { storedEnds.count }

    /// Adds a key (each key once) and returns its number.
    public mutating func append(key: String) -> Int32 {
        keys.append(key)
        return Int32(keys.count - 1)
    }

    /// Adds a field to the object being built.
    @inlinable public mutating func append(_ field: __owned Field) { storedFields.append(field) }

    /// Adds a field to the object being built.
    @inlinable public mutating func append(key: Int32, value: __owned Value) { storedFields.append(Field(key: key, value: value)) }

    /// Makes room for `count` more fields.
    public mutating func reserveFields(_ count: Int) { storedFields.reserveCapacity(storedFields.count + count) }

    /// Ends the object being built.
    @inlinable public mutating func endObject() { storedEnds.append(storedFields.count) }


    /// The fields of object `i`.
    public func fields(ofObjectAt i: Int) -> ArraySlice<Field> { fields[(i == 0 ? 0 : ends[i - 1])..<ends[i]] }

    /// Every object as a dictionary (the general form of the request).
    public var dictionaries: [[String: Value]] {
        (0..<count).map { i in
            var values: [String: Value] = [:]
            for field in fields(ofObjectAt: i) { values[keys[Int(field.key)]] = field.value }
            return values
        }
    }
}
