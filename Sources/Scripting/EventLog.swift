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

    /// `Customer#1, Customer#2`: the bytes of the whole list written into one buffer, the entity name's
    /// bytes taken once per run of objects of one entity (a bulk insert names 10⁵–10⁶ objects: no string
    /// and no string append per object).
    private static func names(_ objects: [ManagedObject]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(objects.count * 16)
        var entity: EntityDescription?
        var name: [UInt8] = []
        var digits = [UInt8](repeating: 0, count: 20)
        for (i, object) in objects.enumerated() {
            if i > 0 { bytes.append(44); bytes.append(32) }  // ", "
            if object.entity !== entity || object.objectID.entityName.utf8.count != name.count {
                entity = object.entity
                name = Array(object.objectID.entityName.utf8)
            }
            bytes.append(contentsOf: name)
            bytes.append(35)  // "#"
            if object.objectID.number < 0 { bytes.append(45) }  // "-"
            var n = object.objectID.number.magnitude
            var count = 0
            repeat {
                digits[count] = UInt8(48 + n % 10)
                n /= 10
                count += 1
            } while n > 0
            while count > 0 {
                count -= 1
                bytes.append(digits[count])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
