/// What a notification reports about one object: the properties that changed and the value each had
/// before, kept by slot number (`EntityDescription.slotNumber(_:)`: attributes, then relationships, then
/// derived properties) as the context recorded them, so that posting a notification hashes no key and
/// builds no dictionary. Keys known only by name (a merge's refreshed keys, a dictionary set through
/// ``ObjectsDidChangeNotification/changedKeys``) are kept next to the slots.
///
/// The names, sorted, and the dictionary of old values are made when read: ``keys(in:)``,
/// ``oldValueDictionary(in:)``.
public struct PropertyChanges {
    /// Slot numbers of the changed properties, in order of first change, each once.
    public private(set) var slots: [Int] = []
    /// The value each property of ``slots`` had before the change (parallel to ``slots``).
    public private(set) var oldSlotValues: [Value] = []
    /// The slot numbers below 64 in ``slots``, as bits.
    public private(set) var mask: UInt64 = 0
    /// Whether ``slots`` holds a slot number of 64 or more (``mask`` does not show it).
    public private(set) var hasHighSlots = false
    /// Changed keys known by name only, in the order given (each once, none naming a slot of ``slots``).
    public var namedKeys: [String] { named?.keys ?? [] }
    /// Old values of keys known by name (for some of ``namedKeys``, or for keys not changed at all when
    /// they were given that way).
    public var namedOldValues: [String: Value] { named?.oldValues ?? [:] }
    /// The two above, boxed: nil for a record kept by slot only (nearly all of them), so that a copy of a
    /// record retains its two slot arrays and nothing else.
    private var named: NamedChanges?

    /// An empty record.
    public init() {}

    /// A record of slots and their old values (parallel arrays, each slot once), as an object's change box
    /// holds them; `mask` is the bits of the slots below 64.
    init(slots: [Int], old: [Value], mask: UInt64) {
        self.slots = slots
        self.oldSlotValues = old
        self.mask = mask
        hasHighSlots = slots.contains { $0 >= 64 }
    }

    /// True when nothing is recorded.
    public var isEmpty: Bool { slots.isEmpty && (named?.keys.isEmpty ?? true) }

    /// The box of named changes, made (or made this record's own) before it changes.
    private mutating func namedForWriting() -> NamedChanges {
        guard let box = named else {
            let box = NamedChanges()
            named = box
            return box
        }
        if isKnownUniquelyReferenced(&named) { return box }
        let copy = NamedChanges()
        copy.keys = box.keys
        copy.oldValues = box.oldValues
        named = copy
        return copy
    }

    /// Whether a slot is recorded.
    public func contains(slot n: Int) -> Bool {
        if n < 64 { return mask & (1 << UInt64(n)) != 0 }
        return hasHighSlots && slots.contains(n)
    }

    /// Records a slot's change with its old value; a slot already recorded keeps its first old value.
    mutating func add(slot n: Int, old: Value) {
        if contains(slot: n) { return }
        slots.append(n)
        oldSlotValues.append(old)
        if n < 64 { mask |= 1 << UInt64(n) } else { hasHighSlots = true }
    }

    /// Records a key by name (once), with its old value when known and none is recorded for it yet.
    mutating func add(key: String, old: Value?, entity: EntityDescription) {
        if let n = entity.slotNumber(named: key) {
            if contains(slot: n) { return }
        }
        let box = namedForWriting()
        if !box.keys.contains(key) { box.keys.append(key) }
        if let old, box.oldValues[key] == nil { box.oldValues[key] = old }
    }

    /// Records an old value by name without marking its key as changed (when it has none yet).
    mutating func add(oldValue: Value, forKey key: String) {
        if named?.oldValues[key] != nil { return }
        namedForWriting().oldValues[key] = oldValue
    }

    /// Whether a key is among the changed ones (`entity` is the object's entity).
    public func containsKey(_ key: String, in entity: EntityDescription) -> Bool {
        if !slots.isEmpty, let n = entity.slotNumber(named: key), contains(slot: n) { return true }
        return namedKeys.contains(key)
    }

    /// Whether any of the keys is among the changed ones.
    public func containsAnyKey(of keys: Set<String>, in entity: EntityDescription) -> Bool {
        for n in slots where keys.contains(entity.propertyName(slotNumber: n)) { return true }
        return namedKeys.contains { keys.contains($0) }
    }

    /// The changed keys, sorted, each once (`entity` is the object's entity).
    public func keys(in entity: EntityDescription) -> [String] {
        if namedKeys.isEmpty && slots.count == 1 { return [entity.propertyName(slotNumber: slots[0])] }
        var names = slots.map { entity.propertyName(slotNumber: $0) }
        for key in namedKeys where !names.contains(key) { names.append(key) }
        names.sort()
        return names
    }

    /// The old values by key: each slot's, then those given by name for keys without one.
    public func oldValueDictionary(in entity: EntityDescription) -> [String: Value] {
        if namedOldValues.isEmpty && slots.count == 1 {
            return [entity.propertyName(slotNumber: slots[0]): oldSlotValues[0]]
        }
        var result = Dictionary<String, Value>(minimumCapacity: slots.count + namedOldValues.count)
        for (k, n) in slots.enumerated() { result[entity.propertyName(slotNumber: n)] = oldSlotValues[k] }
        for (key, value) in namedOldValues where result[key] == nil { result[key] = value }
        return result
    }

    /// The old value of a key, or nil.
    public func oldValue(forKey key: String, in entity: EntityDescription) -> Value? {
        if let n = entity.slotNumber(named: key), let k = slots.firstIndex(of: n) { return oldSlotValues[k] }
        return namedOldValues[key]
    }

    /// Adds another record's changes to this one (the first old value of each key is kept).
    public mutating func merge(_ other: PropertyChanges, entity: EntityDescription) {
        for (k, n) in other.slots.enumerated() { add(slot: n, old: other.oldSlotValues[k]) }
        for key in other.namedKeys { add(key: key, old: other.namedOldValues[key], entity: entity) }
        for (key, value) in other.namedOldValues where !other.namedKeys.contains(key) { add(oldValue: value, forKey: key) }
    }

    /// A record of keys and old values given as a list and a dictionary (names only).
    init(keys: [String]?, old: [String: Value]?) {
        guard keys?.isEmpty == false || old?.isEmpty == false else { return }
        let box = NamedChanges()
        box.keys = keys ?? []
        box.oldValues = old ?? [:]
        named = box
    }
}

/// The changes of a ``PropertyChanges`` known by name (see `PropertyChanges.named`); shared by the
/// record's copies until one of them changes.
final class NamedChanges {
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var oldValues: [String: Value] = [:]
}
