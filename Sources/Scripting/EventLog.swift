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

    /// `Customer#1, Customer#2`: written into one string (a bulk insert names 10⁵–10⁶ objects; no string
    /// per object).
    private static func names(_ objects: [ManagedObject]) -> String {
        var text = ""
        text.reserveCapacity(objects.count * 12)
        for (i, object) in objects.enumerated() {
            if i > 0 { text += ", " }
            text += object.objectID.entityName
            text += "#"
            text += String(object.objectID.number)
        }
        return text
    }
}
