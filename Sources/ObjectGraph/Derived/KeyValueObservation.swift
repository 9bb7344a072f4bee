/// A key-value observation registered on a context.
final class KeyValueObservation {
    let object: ManagedObject
    let keyPath: String
    let options: KeyValueObservingOptions
    let handler: (KeyValueChange) throws -> Void
    /// The value last told (or read at registration).
    var lastValue: Value
    /// True once the prior half of a will/did pair was sent.
    var priorSent = false
    var isCancelled = false

    init(object: ManagedObject, keyPath: String, options: KeyValueObservingOptions, lastValue: Value,
         handler: @escaping (KeyValueChange) throws -> Void) {
        self.object = object
        self.keyPath = keyPath
        self.options = options
        self.lastValue = lastValue
        self.handler = handler
    }

    func change(old: Value?, new: Value?, isPrior: Bool = false, deleted: Bool = false) -> KeyValueChange {
        KeyValueChange(object: object, keyPath: keyPath, kind: "setting",
                       oldValue: options.contains(.old) ? old : nil,
                       newValue: options.contains(.new) || deleted ? new : nil,
                       isPrior: isPrior, isObjectDeleted: deleted)
    }
}

