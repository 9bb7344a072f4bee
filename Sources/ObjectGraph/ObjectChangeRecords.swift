/// The change records of a notification: for each object it reports as updated (or refreshed), a
/// ``PropertyChanges``, in the order the objects were added (the notification's object order). A few
/// objects are found by a scan; a larger set keeps an index by object identity.
public struct ObjectChangeRecords {
    /// The objects, in the order they were added.
    public private(set) var objects: [ManagedObject] = []
    /// The record of each object, parallel to ``objects``.
    public private(set) var records: [PropertyChanges] = []
    /// Positions by object, kept once there are more than `scanLimit` objects.
    private var positions: [ObjectIdentifier: Int] = [:]
    private static var scanLimit: Int { 16 }

    /// No records.
    public init() {}

    /// The records of `objects`, parallel to it (each object once). The array is kept as given, so a
    /// notification's list of updated objects and its records share one buffer.
    init(objects: [ManagedObject], records: [PropertyChanges]) {
        precondition(objects.count == records.count, "ObjectChangeRecords: one record per object")
        self.objects = objects
        self.records = records
        if objects.count > Self.scanLimit { reindex() }
    }

    /// The number of objects with a record.
    public var count: Int { objects.count }
    /// True when no object has a record.
    public var isEmpty: Bool { objects.isEmpty }

    /// The position of an object's record, or nil.
    public func index(of object: ManagedObject) -> Int? {
        if objects.count <= Self.scanLimit {
            for i in objects.indices where objects[i] === object { return i }
            return nil
        }
        return positions[ObjectIdentifier(object)]
    }

    /// An object's record; setting nil removes it, setting one adds or replaces it.
    public subscript(object: ManagedObject) -> PropertyChanges? {
        get { index(of: object).map { records[$0] } }
        set {
            if let i = index(of: object) {
                if let newValue {
                    records[i] = newValue
                } else {
                    objects.remove(at: i)
                    records.remove(at: i)
                    reindex()
                }
            } else if let newValue {
                append(object, newValue)
            }
        }
    }

    /// Adds the record of an object that has none yet.
    public mutating func append(_ object: ManagedObject, _ record: PropertyChanges) {
        objects.append(object)
        records.append(record)
        if objects.count > Self.scanLimit {
            if positions.isEmpty { reindex() } else { positions[ObjectIdentifier(object)] = objects.count - 1 }
        }
    }

    /// Reserves room for `n` records.
    mutating func reserveCapacity(_ n: Int) {
        objects.reserveCapacity(n)
        records.reserveCapacity(n)
    }

    /// Modifies an object's record in place, adding an empty one first when it has none.
    mutating func update(_ object: ManagedObject, _ body: (inout PropertyChanges) -> Void) {
        if let i = index(of: object) {
            body(&records[i])
        } else {
            var record = PropertyChanges()
            body(&record)
            append(object, record)
        }
    }

    private mutating func reindex() {
        positions = [:]
        guard objects.count > Self.scanLimit else { return }
        positions.reserveCapacity(objects.count)
        for (i, o) in objects.enumerated() { positions[ObjectIdentifier(o)] = i }
    }

    /// The changed keys of every object, sorted (the dictionary view).
    func keyDictionary() -> [ManagedObject: [String]] {
        var result = Dictionary<ManagedObject, [String]>(minimumCapacity: objects.count)
        for (i, o) in objects.enumerated() { result[o] = records[i].keys(in: o.entity) }
        return result
    }

    /// The old values of every object (the dictionary view).
    func oldValueDictionary() -> [ManagedObject: [String: Value]] {
        var result = Dictionary<ManagedObject, [String: Value]>(minimumCapacity: objects.count)
        for (i, o) in objects.enumerated() { result[o] = records[i].oldValueDictionary(in: o.entity) }
        return result
    }
}
