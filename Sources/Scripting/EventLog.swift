import ObjectGraph

/// The event trace: every notification as one deterministic line, objects named `Entity#n`.
///
/// Lines look like:
/// ```
/// [viewContext] objectsDidChange inserted: Customer#1; updated: Customer#2 {name, since}; deleted: Order#3
/// [viewContext] willSave
/// [viewContext] didSave inserted: Customer#1; updated: Customer#2 {name}
/// ```
public final class EventLog {
    /// Every line recorded so far.
    public private(set) var lines: [String] = []
    /// Called with each line as it is recorded (`ripple run --trace` prints them).
    public var onLine: ((String) -> Void)?

    /// Creates an empty log.
    public init() {}

    /// Records a line.
    public func record(_ line: String) {
        lines.append(line)
        onLine?(line)
    }

    /// Forgets the recorded lines.
    public func clear() { lines.removeAll() }

    /// The line for an objects-did-change notification.
    static func describe(_ note: ObjectsDidChangeNotification) -> String {
        var parts: [String] = []
        if !note.inserted.isEmpty { parts.append("inserted: " + names(note.inserted)) }
        if !note.updated.isEmpty { parts.append("updated: " + withKeys(note.updated, note.changedKeys)) }
        if !note.deleted.isEmpty { parts.append("deleted: " + names(note.deleted)) }
        if !note.refreshed.isEmpty { parts.append("refreshed: " + withKeys(note.refreshed, note.changedKeys)) }
        if !note.invalidated.isEmpty { parts.append("invalidated: " + names(note.invalidated)) }
        if note.invalidatedAll { parts.append("invalidatedAll") }
        return "[\(note.context.name)] objectsDidChange " + parts.joined(separator: "; ")
    }

    /// The line for a did-save notification.
    static func describe(_ note: ContextDidSaveNotification) -> String {
        var parts: [String] = []
        if !note.inserted.isEmpty { parts.append("inserted: " + names(note.inserted)) }
        if !note.updated.isEmpty { parts.append("updated: " + withKeys(note.updated, note.changedKeys)) }
        if !note.deleted.isEmpty { parts.append("deleted: " + names(note.deleted)) }
        return "[\(note.context.name)] didSave" + (parts.isEmpty ? "" : " " + parts.joined(separator: "; "))
    }

    /// `Customer#2 {name, since}, Order#1 {total}`.
    private static func withKeys(_ objects: [ManagedObject], _ keys: [ManagedObject: [String]]) -> String {
        objects.map { $0.displayName + " {" + (keys[$0] ?? []).joined(separator: ", ") + "}" }.joined(separator: ", ")
    }

    /// `Customer#1, Customer#2`: the bytes of the whole list written into the string's own storage (sized
    /// once from an upper bound), the entity name's bytes taken once per run of objects of one entity (a
    /// bulk insert names 10⁵–10⁶ objects: no string, no array append and no ID copy per object).
    private static func names(_ objects: [ManagedObject]) -> String {
        guard !objects.isEmpty else { return "" }
        // Upper bound: the longest entity name, "#", a sign, 20 digits and ", " per object.
        var longest = 0
        var entity: EntityDescription?
        for object in objects where object.entity !== entity {
            entity = object.entity
            longest = max(longest, object.objectID.entityName.utf8.count)
        }
        let capacity = objects.count * (longest + 24)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var at = 0
            var entity: EntityDescription?
            var name: [UInt8] = []
            for (i, object) in objects.enumerated() {
                if i > 0 {
                    buffer[at] = 44  // ","
                    buffer[at + 1] = 32  // " "
                    at += 2
                }
                if object.entity !== entity {
                    entity = object.entity
                    name = Array(object.objectID.entityName.utf8)
                }
                for byte in name {
                    buffer[at] = byte
                    at += 1
                }
                buffer[at] = 35  // "#"
                at += 1
                let number = object.objectID.number
                if number < 0 {
                    buffer[at] = 45  // "-"
                    at += 1
                }
                var n = number.magnitude
                var count = 0
                repeat {
                    count += 1
                    n /= 10
                } while n > 0
                n = number.magnitude
                var end = at + count
                at = end
                repeat {
                    end -= 1
                    buffer[end] = UInt8(48 + n % 10)
                    n /= 10
                } while n > 0
            }
            return at
        }
    }
}
