/// A key-value observation registered on a context.
final class KeyValueObservation {
    let object: ManagedObject
    let keyPath: String
    let options: KeyValueObservingOptions
    let handler: (KeyValueChange) throws -> Void
    /// The value last told (or read at registration).
    @exclusivity(unchecked) var lastValue: Value
    /// True once the prior half of a will/did pair was sent.
    @exclusivity(unchecked) var priorSent = false
    /// True when the stored key observed (directly) was set since the last notification, even to the
    /// value it had: automatic KVO tells about every set.
    @exclusivity(unchecked) var touched = false
    /// True when the key path is a to-many relationship of the object itself (changes have a kind).
    let isToManyKey: Bool
    @exclusivity(unchecked) var isCancelled = false

    init(object: ManagedObject, keyPath: String, options: KeyValueObservingOptions, lastValue: Value,
         handler: @escaping (KeyValueChange) throws -> Void) {
        self.object = object
        self.keyPath = keyPath
        self.options = options
        self.lastValue = lastValue
        self.handler = handler
        if case .relationship(let i)? = object.entity.slots[keyPath] {
            isToManyKey = object.entity.relationships[i].isToMany
        } else {
            isToManyKey = false
        }
    }

    func change(old: Value?, new: Value?, isPrior: Bool = false, deleted: Bool = false) -> KeyValueChange {
        KeyValueChange(object: object, keyPath: keyPath, kind: "setting", indexes: nil,
                       oldValue: options.contains(.old) ? old : nil,
                       newValue: options.contains(.new) || deleted ? new : nil,
                       isPrior: isPrior, isObjectDeleted: deleted)
    }

    /// The did-change notification from `old` to `new`: for a to-many key whose members changed, an
    /// insertion, removal or replacement with the objects and their positions, as Foundation reports a
    /// mutation of a to-many relationship; otherwise a setting.
    func settledChange(old: Value, new: Value) -> KeyValueChange {
        guard isToManyKey, case .collection(let before) = old, case .collection(let after) = new else {
            return change(old: old, new: new)
        }
        let beforeObjects = before.compactMap(\.objectValue), afterObjects = after.compactMap(\.objectValue)
        let beforeSet = Set(beforeObjects.map(ObjectIdentifier.init)), afterSet = Set(afterObjects.map(ObjectIdentifier.init))
        var inserted: [Value] = [], insertedAt: [Int] = [], removed: [Value] = [], removedAt: [Int] = []
        for (i, o) in afterObjects.enumerated() where !beforeSet.contains(ObjectIdentifier(o)) {
            inserted.append(.object(o)); insertedAt.append(i)
        }
        for (i, o) in beforeObjects.enumerated() where !afterSet.contains(ObjectIdentifier(o)) {
            removed.append(.object(o)); removedAt.append(i)
        }
        let kind: String, indexes: [Int]
        switch (inserted.isEmpty, removed.isEmpty) {
        case (true, true): return change(old: old, new: new)
        case (false, true): kind = "insertion"; indexes = insertedAt
        case (true, false): kind = "removal"; indexes = removedAt
        case (false, false): kind = "replacement"; indexes = insertedAt
        }
        return KeyValueChange(object: object, keyPath: keyPath, kind: kind, indexes: indexes,
                              oldValue: options.contains(.old) && !removed.isEmpty ? .collection(removed) : nil,
                              newValue: options.contains(.new) && !inserted.isEmpty ? .collection(inserted) : nil,
                              isPrior: false, isObjectDeleted: false)
    }
}

